//! The loop's own failures, in the specification's error categories (`VALIDATION_*`,
//! `NOT_FOUND_*`, `PERMISSION_*`, `RATE_LIMIT_*`, `INTERNAL_ERROR`). A message says what to do
//! next and never carries a verification code.

use serde::Serialize;
use serde_json::{Value, json};

/// A failed loop operation.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[error("{code}: {message}")]
pub struct LoopError {
    /// The registry code.
    pub code: &'static str,
    /// What went wrong and what to do.
    pub message: String,
    /// Details for programs.
    #[serde(skip_serializing_if = "Value::is_null")]
    pub details: Value,
}

impl LoopError {
    fn new(code: &'static str, message: impl Into<String>, details: Value) -> Self {
        Self {
            code,
            message: message.into(),
            details,
        }
    }

    /// A required param is missing or empty.
    pub fn missing_param(param: &str, operation: &str) -> Self {
        Self::new(
            "VALIDATION_MISSING_PARAM",
            format!("Missing required parameter '{param}' for operation '{operation}'"),
            json!({"param": param, "operation": operation}),
        )
    }

    /// A param has the wrong type.
    pub fn invalid_type(param: &str, expected: &str) -> Self {
        Self::new(
            "VALIDATION_INVALID_TYPE",
            format!("Parameter '{param}' must be {expected}"),
            json!({"param": param, "expected": expected}),
        )
    }

    /// A param is not one of its allowed values.
    pub fn invalid_enum(param: &str, value: &str, allowed: &[&str]) -> Self {
        Self::new(
            "VALIDATION_INVALID_ENUM",
            format!(
                "Parameter '{param}' is '{value}'; allowed: {}",
                allowed.join(", ")
            ),
            json!({"param": param, "value": value, "allowed": allowed}),
        )
    }

    /// A param is outside what the operator allows.
    pub fn out_of_range(param: &str, message: String) -> Self {
        Self::new("VALIDATION_OUT_OF_RANGE", message, json!({"param": param}))
    }

    /// An unknown param (a typo must not be silently ignored).
    pub fn unknown_param(param: &str, operation: &str) -> Self {
        Self::new(
            "VALIDATION_UNKNOWN_PARAM",
            format!("Unknown parameter '{param}' for operation '{operation}'"),
            json!({"param": param, "operation": operation}),
        )
    }

    /// The execution is over.
    pub fn execution_finished(id: &str, state: &str) -> Self {
        Self::new(
            "VALIDATION_EXECUTION_FINISHED",
            format!("Execution '{id}' is {state}: start a new one with execute_agent"),
            json!({"execution_id": id, "state": state}),
        )
    }

    /// The execution belongs to another agent.
    pub fn execution_agent_mismatch(id: &str, agent: &str) -> Self {
        Self::new(
            "VALIDATION_AGENT_MISMATCH",
            format!("Execution '{id}' does not belong to agent '{agent}'"),
            json!({"execution_id": id, "element_name": agent}),
        )
    }

    /// No such execution.
    pub fn execution_not_found(id: Option<&str>, agent: &str) -> Self {
        match id {
            Some(id) => Self::new(
                "NOT_FOUND_EXECUTION",
                format!("Execution '{id}' not found: start one with execute_agent"),
                json!({"execution_id": id}),
            ),
            None => Self::new(
                "NOT_FOUND_EXECUTION",
                format!("Agent '{agent}' has no running execution: start one with execute_agent"),
                json!({"element_name": agent}),
            ),
        }
    }

    /// No such challenge.
    pub fn challenge_not_found(id: &str) -> Self {
        Self::new(
            "NOT_FOUND_CHALLENGE",
            format!("Challenge '{id}' not found: use the verificationId of the notification"),
            json!({"challenge_id": id}),
        )
    }

    /// No such approval.
    pub fn approval_not_found(id: &str) -> Self {
        Self::new(
            "NOT_FOUND_APPROVAL",
            format!("Approval '{id}' not found"),
            json!({"approval_id": id}),
        )
    }

    /// The agent is hard-blocked.
    pub fn agent_blocked(agent: &str, challenge_id: Option<&str>) -> Self {
        Self::new(
            "PERMISSION_AGENT_BLOCKED",
            format!(
                "Agent '{agent}' is hard-blocked: a person must give the verification code to \
                 verify_challenge, or an operator must lift the block"
            ),
            json!({"element_name": agent, "verificationId": challenge_id}),
        )
    }

    /// The caller's session holds a hard-blocked agent: a stop in a session holds for the
    /// session, whatever name it gives.
    pub fn session_blocked(agent: &str, challenge_id: Option<&str>) -> Self {
        Self::new(
            "PERMISSION_AGENT_BLOCKED",
            format!(
                "This session holds hard-blocked agent '{agent}': every operation of the session \
                 is refused, whatever name it gives, until a person gives the verification code \
                 to verify_challenge or an operator lifts the block"
            ),
            json!({"element_name": agent, "verificationId": challenge_id, "scope": "session"}),
        )
    }

    /// A verification failed (wrong code, expired, already used).
    pub fn verification_failed(
        challenge_id: &str,
        reason: &'static str,
        message: String,
        attempts_left: u32,
    ) -> Self {
        Self::new(
            "PERMISSION_VERIFICATION_FAILED",
            message,
            json!({"challenge_id": challenge_id, "reason": reason, "attempts_left_in_window": attempts_left}),
        )
    }

    /// Too many failed verifications.
    pub fn rate_limited(agent: &str, until: jiff::Timestamp) -> Self {
        Self::new(
            "RATE_LIMIT_EXCEEDED",
            format!(
                "Too many failed verification attempts for agent '{agent}': try again after {until}"
            ),
            json!({"element_name": agent, "retry_after": until.to_string()}),
        )
    }

    /// Too many approval requests from one agent in the window (confirmation-tokens spec 6.5).
    pub fn approval_requests_limited(agent: &str, limit: u32, until: jiff::Timestamp) -> Self {
        Self::new(
            "RATE_LIMIT_EXCEEDED",
            format!(
                "Agent '{agent}' asked for a person's approval {limit} times in the window, the \
                 most allowed: no approval was requested and nobody was asked. Wait for the \
                 pending ones to be decided, or try again after {until}"
            ),
            json!({
                "element_name": agent,
                "limit_type": "approval_requests",
                "limit_value": limit,
                "retry_after": until.to_string(),
            }),
        )
    }

    /// The state store failed; the engine refuses rather than guess.
    pub fn store_failed(what: &str) -> Self {
        Self::new(
            "INTERNAL_ERROR",
            format!(
                "airlock could not {what} in its state store; nothing was changed. Retry, and \
                 tell the operator if it persists"
            ),
            Value::Null,
        )
    }

    /// The operation is not one the loop has.
    pub fn unknown_operation(operation: &str) -> Self {
        Self::new(
            "NOT_FOUND_OPERATION",
            format!("Unknown operation '{operation}': call introspect for the list"),
            json!({"operation": operation}),
        )
    }

    /// Starting an execution would pass `safety_loop.max_running_executions`.
    pub fn too_many_executions(limit: u32) -> Self {
        Self::new(
            "RATE_LIMIT_EXCEEDED",
            format!(
                "{limit} executions are already running, the most airlock keeps at once: complete \
                 the executions that are done (complete_execution) and start again, or ask the \
                 operator to raise safety_loop.max_running_executions"
            ),
            json!({"limit_type": "running_executions", "limit_value": limit}),
        )
    }

    /// The adapter offers no such operation (the gateway's upstream has no such tool).
    pub fn operation_not_offered(operation: &str, adapter: &str) -> Self {
        Self::new(
            "NOT_FOUND_OPERATION",
            format!(
                "Unknown operation: '{operation}': adapter '{adapter}' has no such tool; list its \
                 tools for the ones it offers"
            ),
            json!({"operation": operation, "adapter": adapter}),
        )
    }

    /// The wire form: `{code, message, details?}`.
    pub fn to_json(&self) -> Value {
        let mut v = json!({"code": self.code, "message": self.message});
        if !self.details.is_null() {
            v["details"] = self.details.clone();
        }
        v
    }
}
