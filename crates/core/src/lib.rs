//! airlock-core: the native decision core of airlock.
//!
//! Everything that decides deterministically lives here, as pure functions: no I/O, no clock
//! reads (time is passed in as a value), no global state. That makes the hot path a handful of
//! table lookups, and makes every decision reproducible from its inputs, which is what an audit
//! log and a fuzzer both need.
//!
//! The layers, each answering on one [`Outcome`] lattice with its reasons ([`Factor`]):
//!
//! - danger classification of an operation ([`classify`]),
//! - safety mode over MCP ToolAnnotations ([`safety_mode`]),
//! - trust level of the adapter x danger level ([`trust_gate`], danger-levels 4.1),
//! - autonomy level x risk, with risk adjusters and hard overrides ([`autonomy`]),
//!
//! composed by the [`GatePolicy::decide`] gate; plus the score-to-tier and risk-tolerance
//! rules the execution safety loop uses ([`SafetyTier::from_score`], [`RiskTolerance`]).

#![deny(missing_docs)]

pub mod annotations;
pub mod autonomy;
pub mod classify;
pub mod condition;
pub mod confirmation;
pub mod display;
pub mod error;
pub mod factor;
pub mod gate;
pub mod glob;
pub mod json_shape;
pub mod levels;
pub mod limits;
pub mod outcome;
pub mod policy;
pub mod safety_loop;
pub mod safety_mode;
pub mod stage_outcome;
pub mod stages;
pub mod tolerance;
pub mod trust;
pub mod trust_gate;

pub use annotations::ToolAnnotations;
pub use autonomy::{AutonomySettings, QuietHours};
pub use classify::{Classification, DangerDeclaration, DangerPatterns};
pub use condition::{Condition, ConditionError};
pub use error::{ErrorCode, SpecError};
pub use factor::{Factor, Layer, Reason};
pub use gate::{Decision, GateContext, GatePolicy, GateRequest, OperationPolicy};
pub use levels::{
    AutonomyLevel, DangerLevel, Endpoint, Risk, SafetyMode, SafetyTier, TrustLevel, UnknownValue,
};
pub use outcome::Outcome;
pub use policy::{PolicyConfig, PolicyError};
pub use safety_loop::{
    AgentLoopSettings, ApprovalRequests, HumanChannelConfig, LoopMode, SafetyLoopConfig,
    VerificationAttempts,
};
pub use stage_outcome::{StageJudgement, StageLayer, StageLayers, judge_stages};
pub use stages::{
    Isolation, LimitsConfig, PatternVerdict, ScoreCombination, StageKind, StagePlan, StagesConfig,
};
pub use tolerance::RiskTolerance;
pub use trust::{Certification, EffectiveTrust, TrustBlock, TrustError};
pub use trust_gate::TrustCell;
