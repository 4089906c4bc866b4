//! airlock-engine: the execution safety loop (core spec 8.6-8.8) over airlock-core's gate,
//! airlock-wasm's stages and airlock-store's durable state.
//!
//! - [`engine::Engine`]: the service. Agent side: [`lifecycle`] (`execute_agent`,
//!   `complete_execution`, `abort_execution`), [`step`] (`record_execution_step` through the
//!   pipeline), [`verify`] (`verify_challenge`, `confirm_operation`), [`ops`] (all of them as
//!   MCP-AQL operations with introspection), [`operation_gate`] (tool calls through the native
//!   gate, with confirmation tokens). Human side: [`operator`] (approve, deny, override,
//!   reissue), [`operator_auth`] (the operator passphrase and tokens they need once set up).
//! - [`pipeline`]: stages 3-5 and repetition escalation, a pure function.
//! - [`directive`]: the `AutonomyDirective` and notifications.
//! - [`challenge`], [`attempts`], [`token`], [`blocks`], [`approval`], [`audit`],
//!   [`execution`]: the records and their rules, pure functions of values and the time.
//! - [`channels`]: human channels (a 0600 file, an operator's program, a webhook) that carry
//!   codes and approval requests to a person and never to the agent, a log or an error.
//! - [`clock`]: where the time comes from (a manual clock in tests).
//! - [`decide`]: one decision on request (`airlock check`, `/v1/decide`); [`corpus`]: a labeled
//!   corpus of actions decided the same way, and its recall and false positives
//!   (`airlock policy eval`).

#![deny(missing_docs)]

pub mod adapters;
pub mod approval;
mod approval_rate;
pub mod attempts;
pub mod audit;
pub mod blocks;
pub mod challenge;
pub mod channels;
pub mod clock;
pub mod corpus;
pub mod danger_info;
pub mod decide;
pub mod directive;
pub mod engine;
pub mod error;
pub mod execution;
pub mod hook;
pub mod identity;
mod inbox;
pub mod lifecycle;
pub mod operation_gate;
pub mod operator;
pub mod operator_auth;
pub mod ops;
pub mod pipeline;
pub mod purge;
mod records;
mod sessions;
pub mod sidecar;
pub mod step;
pub mod step_budget;
pub mod token;
pub mod verify;

pub use adapters::{AdapterTrust, TrustChange, TrustSource};
pub use approval::{Approval, ApprovalError, ApprovalState, HumanChannel};
pub use approval_rate::ApprovalWindow;
pub use attempts::{AttemptLimit, AttemptState, LockedOut};
pub use audit::{AuditEntry, AuditOutcome};
pub use blocks::{BlockState, BlockTrigger, HardBlock};
pub use challenge::{
    Challenge, ChallengeIssuer, ChallengeKind, ChallengeSurface, DEFAULT_CHALLENGE_TTL,
    RandomSourceError, VerificationCode, VerifyError,
};
pub use channels::{
    ChannelError, HumanChannelSink, NoticeKind, OperatorNotice, deliver_all, notice_json,
    notice_text,
};
pub use clock::{Clock, ManualClock, SystemClock};
pub use directive::{AgentNotification, AutonomyDirective, NotificationMetadata, NotificationType};
pub use engine::{Engine, EngineError, EngineOptions, StateSizes};
pub use error::LoopError;
pub use execution::{Execution, ExecutionState};
pub use hook::{HookAnswer, HookCall, HookFloor, HookOutcome, HookVerdict};
pub use identity::{Caller, identity_key};
pub use lifecycle::{Ended, StartRequest, Started};
pub use operation_gate::{GateAnswer, GateCall, OperationCall};
pub use operator::Reissued;
pub use operator_auth::{NewToken, OperatorAuth, OperatorAuthStatus, Presented};
pub use pipeline::{PauseKind, Verdict};
pub use sidecar::DecideError;
pub use step::{StepAnswer, StepOutcome, StepReport};
pub use token::{ConfirmationToken, TokenError, TokenRecord};
pub use verify::{ApprovalView, Verified};
