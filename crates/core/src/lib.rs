//! airlock-core: the native decision core of airlock.
//!
//! Everything that decides deterministically lives here, as pure functions: no I/O, no clock
//! reads (time is passed in as a value), no global state. That makes the hot path a handful of
//! table lookups, and makes every decision reproducible from its inputs, which is what an audit
//! log and a fuzzer both need.
//!
//! The layers, each answering on one [`Outcome`] lattice with its reasons:
//!
//! - danger classification of an operation,
//! - trust level of the adapter x danger level (danger-levels 4.1),
//! - autonomy level x risk, with risk adjusters and hard overrides (autonomy seed),
//! - safety mode over MCP ToolAnnotations (safety-modes ADR),
//! - risk score to safety tier and risk tolerance (core spec 8.7).

#![deny(missing_docs)]

pub mod levels;
pub mod outcome;

pub use levels::{
    AutonomyLevel, DangerLevel, Endpoint, Risk, SafetyMode, SafetyTier, TrustLevel, UnknownValue,
};
pub use outcome::Outcome;
