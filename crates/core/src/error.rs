//! Errors in the shape of the MCP-AQL specification: `{code, message, details}` with the
//! registry's codes (error-codes.md), so every surface can put them in an OperationResult as
//! they are.

use serde::Serialize;
use serde_json::{Value, json};

use crate::levels::{DangerLevel, TrustLevel};

/// The specification's error codes that the decision core produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ErrorCode {
    /// Access denied by a policy layer other than trust (safety mode, autonomy hard block,
    /// anti-flap, notification storm).
    #[serde(rename = "PERMISSION_DENIED")]
    PermissionDenied,
    /// The adapter's trust level is too low for the operation (error-codes 5.2).
    #[serde(rename = "PERMISSION_TRUST_LEVEL_INSUFFICIENT")]
    PermissionTrustLevelInsufficient,
    /// The operation's danger level exceeds the adapter's trust allowance (error-codes 5.3).
    #[serde(rename = "PERMISSION_DANGER_LEVEL_DENIED")]
    PermissionDangerLevelDenied,
    /// A person must confirm first (error-codes 5.4).
    #[serde(rename = "CONFIRMATION_REQUIRED")]
    ConfirmationRequired,
}

impl ErrorCode {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::PermissionDenied => "PERMISSION_DENIED",
            ErrorCode::PermissionTrustLevelInsufficient => "PERMISSION_TRUST_LEVEL_INSUFFICIENT",
            ErrorCode::PermissionDangerLevelDenied => "PERMISSION_DANGER_LEVEL_DENIED",
            ErrorCode::ConfirmationRequired => "CONFIRMATION_REQUIRED",
        }
    }
}

/// An error as the specification shapes it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SpecError {
    /// The registry code.
    pub code: ErrorCode,
    /// The message, in the registry's message format.
    pub message: String,
    /// The code's `details` object.
    pub details: Value,
}

impl SpecError {
    /// `PERMISSION_DANGER_LEVEL_DENIED` (error-codes 5.3).
    pub fn danger_level_denied(
        operation: &str,
        danger: DangerLevel,
        adapter_trust: TrustLevel,
        minimum_trust_required: Option<TrustLevel>,
        reasons: &[std::sync::Arc<str>],
    ) -> Self {
        let mut details = json!({
            "operation": operation,
            "danger_level": danger,
            "adapter_trust": adapter_trust,
            "minimum_trust_required": minimum_trust_required,
        });
        if !reasons.is_empty() {
            details["reasons"] = json!(reasons);
        }
        Self {
            code: ErrorCode::PermissionDangerLevelDenied,
            message: format!(
                "Operation '{operation}' (danger: {danger}) denied for adapter trust level '{adapter_trust}'"
            ),
            details,
        }
    }

    /// `PERMISSION_TRUST_LEVEL_INSUFFICIENT` (error-codes 5.2).
    pub fn trust_level_insufficient(
        operation: &str,
        required: TrustLevel,
        actual: TrustLevel,
        danger: DangerLevel,
    ) -> Self {
        Self {
            code: ErrorCode::PermissionTrustLevelInsufficient,
            message: format!(
                "Operation '{operation}' requires trust level '{required}', adapter has '{actual}'"
            ),
            details: json!({
                "operation": operation,
                "required_trust": required,
                "actual_trust": actual,
                "danger_level": danger.number(),
            }),
        }
    }

    /// `PERMISSION_DENIED` with a reason and structured details.
    pub fn permission_denied(message: String, details: Value) -> Self {
        Self {
            code: ErrorCode::PermissionDenied,
            message,
            details,
        }
    }

    /// `CONFIRMATION_REQUIRED` (error-codes 5.4). The token and its expiry come from the
    /// service that issues tokens; the decision core has no randomness and no clock.
    pub fn confirmation_required(
        operation: &str,
        danger: DangerLevel,
        reasons: &[std::sync::Arc<str>],
        confirmation_message: Option<&str>,
        confirmation_token: &str,
        expires_at: jiff::Timestamp,
    ) -> Self {
        let mut details = json!({
            "operation": operation,
            "danger_level": danger,
            "confirmation_token": confirmation_token,
            "expires_at": expires_at.to_string(),
        });
        if !reasons.is_empty() {
            details["reasons"] = json!(reasons);
        }
        if let Some(m) = confirmation_message {
            details["confirmation_message"] = json!(m);
        }
        Self {
            code: ErrorCode::ConfirmationRequired,
            message: "This operation requires confirmation".to_owned(),
            details,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn spec_5_3_example() {
        let e = SpecError::danger_level_denied(
            "bulk_delete",
            DangerLevel::Dangerous,
            TrustLevel::Validated,
            Some(TrustLevel::CommunityReviewed),
            &[
                Arc::from("Affects multiple resources"),
                Arc::from("Cannot be undone"),
            ],
        );
        assert_eq!(
            serde_json::to_value(&e).expect("serialize"),
            json!({
                "code": "PERMISSION_DANGER_LEVEL_DENIED",
                "message": "Operation 'bulk_delete' (danger: dangerous) denied for adapter trust level 'validated'",
                "details": {
                    "operation": "bulk_delete",
                    "danger_level": "dangerous",
                    "adapter_trust": "validated",
                    "minimum_trust_required": "community_reviewed",
                    "reasons": ["Affects multiple resources", "Cannot be undone"]
                }
            })
        );
    }

    #[test]
    fn spec_5_2_example() {
        let e = SpecError::trust_level_insufficient(
            "delete_user",
            TrustLevel::CommunityReviewed,
            TrustLevel::Validated,
            DangerLevel::Destructive,
        );
        assert_eq!(
            serde_json::to_value(&e).expect("serialize"),
            json!({
                "code": "PERMISSION_TRUST_LEVEL_INSUFFICIENT",
                "message": "Operation 'delete_user' requires trust level 'community_reviewed', adapter has 'validated'",
                "details": {
                    "operation": "delete_user",
                    "required_trust": "community_reviewed",
                    "actual_trust": "validated",
                    "danger_level": 2
                }
            })
        );
    }

    #[test]
    fn spec_5_4_example() {
        let e = SpecError::confirmation_required(
            "delete_repo",
            DangerLevel::Destructive,
            &[
                Arc::from("Permanently removes repository and all contents"),
                Arc::from("Cannot be recovered after grace period"),
            ],
            Some("Delete repository 'acme/widgets'? This cannot be undone."),
            "conf_abc123xyz",
            "2026-01-28T12:05:00Z".parse().expect("timestamp"),
        );
        assert_eq!(
            serde_json::to_value(&e).expect("serialize"),
            json!({
                "code": "CONFIRMATION_REQUIRED",
                "message": "This operation requires confirmation",
                "details": {
                    "operation": "delete_repo",
                    "danger_level": "destructive",
                    "reasons": [
                        "Permanently removes repository and all contents",
                        "Cannot be recovered after grace period"
                    ],
                    "confirmation_message": "Delete repository 'acme/widgets'? This cannot be undone.",
                    "confirmation_token": "conf_abc123xyz",
                    "expires_at": "2026-01-28T12:05:00Z"
                }
            })
        );
    }
}
