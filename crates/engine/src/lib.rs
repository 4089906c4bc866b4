//! airlock-engine: the service that ties airlock-core and airlock-wasm to durable state.
//!
//! This crate is being built (issue #4). What is here is the part of out-of-band verification
//! that does not depend on storage: issuing challenges whose codes only a person sees
//! ([`challenge`]), and the rate limit on failed attempts with progressive lockout
//! ([`attempts`]). Both keep their state in plain values so the store can persist them and the
//! rules stay pure functions of state and time.

#![deny(missing_docs)]

pub mod attempts;
pub mod challenge;

pub use attempts::{AttemptLimit, AttemptState, LockedOut};
pub use challenge::{
    Challenge, ChallengeIssuer, ChallengeKind, DEFAULT_CHALLENGE_TTL, RandomSourceError,
    VerificationCode, VerifyError,
};
