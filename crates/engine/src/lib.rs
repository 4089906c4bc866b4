//! airlock-engine: the service that ties airlock-core and airlock-wasm to durable state.
//!
//! This crate is being built (issue #4). What is here is the part of out-of-band verification
//! that does not depend on storage: issuing challenges whose codes only a person sees
//! ([`challenge`]), the rate limit on failed attempts with progressive lockout
//! ([`attempts`]), and confirmation tokens bound to one call ([`token`]). Both keep their state in plain values so the store can persist them and the
//! rules stay pure functions of state and time.

#![deny(missing_docs)]

pub mod attempts;
pub mod challenge;
pub mod token;

pub use attempts::{AttemptLimit, AttemptState, LockedOut};
pub use challenge::{
    Challenge, ChallengeIssuer, ChallengeKind, DEFAULT_CHALLENGE_TTL, RandomSourceError,
    VerificationCode, VerifyError,
};
pub use token::{ConfirmationToken, TokenError, TokenRecord};
