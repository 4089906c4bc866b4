//! The bodies the API sends, as types: the handlers serialize these, and the OpenAPI document
//! ([`crate::openapi`]) is derived from the same types, so the two cannot drift apart.
//!
//! Two answers are built by the engine as JSON ([`DecideAnswer`], and the `data` of an
//! [`OperationResult`]): their schemas name the fields every answer has and let the others
//! through, and schemathesis checks real answers against them (scripts/schemathesis.sh).

use airlock_core::{
    DangerLevel, LoopMode, Outcome, PatternVerdict, Risk, SafetyMode, SafetyTier, TrustLevel,
};
use airlock_wasm::{ReloadStatus, StageStats, World};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// An error in the specification's shape: a registry code, a message for people, and the
/// code's details.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ApiError {
    /// The registry code (`VALIDATION_INVALID_TYPE`, `NOT_FOUND_RESOURCE`, ...).
    pub code: String,
    /// What went wrong and what to do.
    pub message: String,
    /// The code's details, when it has some.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub details: Option<Value>,
}

impl ApiError {
    /// An error without details.
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        Self {
            code: code.to_owned(),
            message: message.into(),
            details: None,
        }
    }
}

/// The answer to a request that was refused before it was decided (or that failed inside
/// airlock): `{"error": {...}}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ErrorAnswer {
    /// What went wrong.
    pub error: ApiError,
}

impl From<ApiError> for ErrorAnswer {
    fn from(error: ApiError) -> Self {
        Self { error }
    }
}

/// An MCP-AQL operation result: `{"success": true, "data": ...}` or
/// `{"success": false, "error": {...}}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OperationResult {
    /// Whether the operation succeeded.
    pub success: bool,
    /// The operation's data, on success (its shape depends on the operation: `introspect`
    /// describes each).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>, nullable = false)]
    pub data: Option<Value>,
    /// Why it failed, on failure.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub error: Option<ApiError>,
}

impl OperationResult {
    /// A failure.
    pub fn failed(error: ApiError) -> Self {
        Self {
            success: false,
            data: None,
            error: Some(error),
        }
    }
}

/// A decision, exactly as `airlock check --json` prints it (plus the approval a `confirm`
/// creates). With an operation it is the native gate's decision; with a hint, the combined
/// result, with the stages' evaluation under `stages` and the gate's decision (if any) under
/// `decision`. Fields not named here may be present.
// Schema only: the engine builds this answer as JSON (`Engine::decide_recorded`);
// schemathesis checks real answers against it.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct DecideAnswer {
    /// What happens to the action: the stricter of the gate's and the stages' outcomes.
    outcome: Outcome,
    /// The operation decided (an operation's decision).
    #[schema(nullable = false)]
    operation: Option<String>,
    /// The danger level (null for a hint the stages gave none).
    danger_level: Option<DangerLevel>,
    /// The risk (null for a hint without an operation or a tier).
    risk: Option<Risk>,
    /// The safety tier (null for a hint the stages gave none).
    tier: Option<SafetyTier>,
    /// The adapter trust level decided with (an operation's decision).
    #[schema(nullable = false)]
    trust: Option<TrustLevel>,
    /// The safety mode in force (an operation's decision).
    #[schema(nullable = false)]
    safety_mode: Option<SafetyMode>,
    /// Every layer's reasons, in order: `{layer, code, message, ...}`.
    #[schema(value_type = Option<Vec<Object>>, nullable = false)]
    factors: Option<Vec<Value>>,
    /// How the trust level was found, and which client values the policy overrode.
    #[schema(nullable = false)]
    trust_notes: Option<Vec<String>>,
    /// The specification's error for a refusal (`deny` or `stop`).
    #[schema(nullable = false)]
    error: Option<ApiError>,
    /// With a hint: the scorers' combined score (null when the policy has no scorer).
    score: Option<u32>,
    /// With a hint: the pattern stages' verdict.
    #[schema(nullable = false)]
    verdict: Option<PatternVerdict>,
    /// With a hint: why the safety loop judged it so (null when nothing matched).
    reason: Option<String>,
    /// With a hint: the stages' evaluation (matches, factors, failures by stage).
    #[schema(value_type = Option<Object>, nullable = false)]
    stages: Option<Value>,
    /// With a hint and an operation: the gate's decision (null without an operation).
    #[schema(value_type = Option<Object>)]
    decision: Option<Value>,
    /// On `confirm` or `verify`: the approval a person must give before the same request is
    /// allowed; on the allowed retry, the approval used.
    #[schema(nullable = false)]
    approval_id: Option<String>,
    /// On `confirm` or `verify`: how a person approves (`airlock approve ID`).
    #[schema(nullable = false)]
    how_to_approve: Option<String>,
    /// On `confirm` or `verify`: when the approval expires.
    #[schema(nullable = false)]
    expires_at: Option<String>,
    /// True when a person approved this request and it is allowed, once.
    #[schema(nullable = false)]
    confirmed: Option<bool>,
}

/// What `GET /v1/status` answers.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Status {
    /// The execution safety loop's mode.
    pub execution_safety_loop: LoopMode,
    /// The live policy: its generation, source, reloads and the last reload error.
    pub policy: ReloadStatus,
    /// The loaded WebAssembly stages, in pipeline order.
    pub stages: Vec<StageStatus>,
}

/// One loaded stage in [`Status`].
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StageStatus {
    /// Its name in `policy.json`.
    pub name: String,
    /// Where its component came from (`builtin:...` or a file name).
    pub component: String,
    /// The world the component implements.
    pub world: World,
    /// The sha256 of the component's bytes, lower-case hex.
    pub sha256: String,
    /// Its calls, instances and failures.
    pub stats: StageStats,
}
