//! The `AutonomyDirective` (core spec 8.7.1) and the notifications it carries (8.7.3), in
//! their wire shape.

use airlock_core::SafetyTier;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// The answer to every `record_execution_step`: may the agent go on?
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AutonomyDirective {
    /// Whether the agent may take the reported action.
    #[serde(rename = "continue")]
    pub proceed: bool,
    /// Why, in words a person can read. Always present.
    pub factors: Vec<String>,
    /// Set (true) only when the agent is hard-blocked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped: Option<bool>,
    /// Why the agent was paused or stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Steps left before the step limit pauses the agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps_remaining: Option<u32>,
    /// The safety tier of the reported action, when it was evaluated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_step_risk: Option<SafetyTier>,
    /// Events since the agent's last report, each delivered once.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notifications: Vec<AgentNotification>,
}

impl AutonomyDirective {
    /// Go on.
    pub fn proceed(factors: Vec<String>) -> Self {
        Self {
            proceed: true,
            factors,
            stopped: None,
            reason: None,
            steps_remaining: None,
            next_step_risk: None,
            notifications: Vec::new(),
        }
    }

    /// Pause: the agent must not take the action until a person acts.
    pub fn pause(reason: String, factors: Vec<String>) -> Self {
        Self {
            proceed: false,
            reason: Some(reason),
            ..Self::proceed(factors)
        }
    }

    /// Hard stop: the agent is blocked until verified or overridden.
    pub fn stop(reason: String, factors: Vec<String>) -> Self {
        Self {
            stopped: Some(true),
            ..Self::pause(reason, factors)
        }
    }

    /// Whether this directive hard-stops the agent.
    pub fn is_stopped(&self) -> bool {
        self.stopped == Some(true)
    }
}

/// The kinds of notification (core spec 8.7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NotificationType {
    /// An action waits for a person's approval.
    PermissionPending,
    /// The loop paused the agent.
    AutonomyPause,
    /// An agent was hard-blocked (broadcast to every executing agent).
    DangerZone,
    /// Something worth knowing (an approval decided, a challenge expired).
    Status,
    /// Something went wrong.
    Error,
}

/// What a notification is about.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NotificationMetadata {
    /// The operation or action that set it off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<String>,
    /// The detailed reason.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The safety tier or permission level involved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The challenge id, for `verify` and `danger_zone` (never the code).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification_id: Option<String>,
    /// The approval id, for pauses a person approves (an airlock addition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval_id: Option<String>,
    /// The agent concerned, for broadcasts (an airlock addition).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<String>,
}

/// One event for an agent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgentNotification {
    /// Its kind.
    #[serde(rename = "type")]
    pub kind: NotificationType,
    /// What happened, for people.
    pub message: String,
    /// Details.
    #[serde(default, skip_serializing_if = "is_empty_metadata")]
    pub metadata: NotificationMetadata,
    /// When (ISO 8601).
    pub timestamp: Timestamp,
}

fn is_empty_metadata(m: &NotificationMetadata) -> bool {
    *m == NotificationMetadata::default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_wire_shape_is_the_spec_shape() {
        let mut d = AutonomyDirective::stop("blocked".into(), vec!["deny pattern".into()]);
        d.next_step_risk = Some(SafetyTier::DangerZone);
        d.steps_remaining = Some(3);
        d.notifications.push(AgentNotification {
            kind: NotificationType::DangerZone,
            message: "agent a was hard-blocked".into(),
            metadata: NotificationMetadata {
                verification_id: Some("c1".into()),
                ..NotificationMetadata::default()
            },
            timestamp: "2026-01-01T00:00:00Z".parse().expect("ts"),
        });
        assert_eq!(
            serde_json::to_value(&d).expect("json"),
            json!({
                "continue": false,
                "factors": ["deny pattern"],
                "stopped": true,
                "reason": "blocked",
                "stepsRemaining": 3,
                "nextStepRisk": "danger_zone",
                "notifications": [{
                    "type": "danger_zone",
                    "message": "agent a was hard-blocked",
                    "metadata": {"verificationId": "c1"},
                    "timestamp": "2026-01-01T00:00:00Z"
                }]
            })
        );
        let go = serde_json::to_value(AutonomyDirective::proceed(vec![])).expect("json");
        assert_eq!(go, json!({"continue": true, "factors": []}));
    }
}
