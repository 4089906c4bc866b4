//! airlock-engine: the service that ties airlock-core and airlock-wasm to durable state.
//!
//! This crate is being built (issue #4). What is here:
//!
//! - [`challenge`]: out-of-band challenges whose codes only a person sees;
//! - [`attempts`]: the rate limit on failed attempts, with progressive lockout;
//! - [`token`]: confirmation tokens bound to one call;
//! - [`blocks`]: hard blocks and attempt state as durable records in the store;
//! - [`audit`]: audit entries with redacted params, appended and exported as JSON lines;
//! - [`approval`]: approval records, decided only through a human channel, used once;
//! - [`channels`]: human channels (a 0600 file, an operator's program, a webhook) that carry
//!   codes and approval requests to a person and never to the agent, a log or an error.
//!
//! The rules are pure functions of plain values and the time; the store persists the values.

#![deny(missing_docs)]

pub mod approval;
pub mod attempts;
pub mod audit;
pub mod blocks;
pub mod challenge;
pub mod channels;
pub mod clock;
pub mod directive;
pub mod engine;
pub mod error;
pub mod execution;
mod inbox;
pub mod lifecycle;
pub mod operation_gate;
pub mod operator;
pub mod ops;
pub mod pipeline;
mod records;
pub mod step;
pub mod token;
pub mod verify;

pub use approval::{Approval, ApprovalError, ApprovalState, HumanChannel};
pub use attempts::{AttemptLimit, AttemptState, LockedOut};
pub use audit::{AuditEntry, AuditOutcome};
pub use blocks::{BlockState, BlockTrigger, HardBlock};
pub use challenge::{
    Challenge, ChallengeIssuer, ChallengeKind, DEFAULT_CHALLENGE_TTL, RandomSourceError,
    VerificationCode, VerifyError,
};
pub use channels::{
    ChannelError, HumanChannelSink, NoticeKind, OperatorNotice, deliver_all, notice_json,
    notice_text,
};
pub use clock::{Clock, ManualClock, SystemClock};
pub use directive::{AgentNotification, AutonomyDirective, NotificationMetadata, NotificationType};
pub use engine::{Engine, EngineError, EngineOptions};
pub use error::LoopError;
pub use execution::{Execution, ExecutionState};
pub use lifecycle::{Ended, StartRequest, Started};
pub use operation_gate::{Decided, GateAnswer, OperationCall};
pub use operator::Reissued;
pub use pipeline::{PauseKind, Verdict};
pub use step::{StepAnswer, StepOutcome, StepReport};
pub use token::{ConfirmationToken, TokenError, TokenRecord};
pub use verify::{ApprovalView, Verified};
