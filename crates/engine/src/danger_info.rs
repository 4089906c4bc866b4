//! What introspection says about an operation's danger (danger-levels 7.1.5 and 3.4): the
//! gateway's tool list and the dongle's operation details carry it, so an agent (and the person
//! watching it) can tell before calling what an operation is and what it will need.
//!
//! Two parts: `danger`, a `DangerClassification` of `danger-level.schema.json` (`level`,
//! `reason`, `requires_confirmation`), and `gating`, what this deployment's gate makes of it
//! (the trust it applies, the outcome of a call without params, the lowest trust at which the
//! call proceeds and at which it runs without a person).

use airlock_core::{Decision, GateContext, GateRequest, Layer, Outcome};
use serde_json::{Value, json};

use crate::engine::Engine;
use crate::operation_gate::GateCall;

/// The `danger` and `gating` objects of a decision.
pub fn describe(decision: &Decision) -> Value {
    let reason = if decision.reasons.is_empty() {
        let factors: Vec<String> = decision
            .factors
            .iter()
            .filter(|f| f.layer == Layer::Danger)
            .map(ToString::to_string)
            .collect();
        factors.join("; ")
    } else {
        decision
            .reasons
            .iter()
            .map(|r| r.as_ref())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let mut danger = json!({
        "level": decision.danger_level.as_str(),
        "requires_confirmation": matches!(decision.outcome, Outcome::Confirm | Outcome::Verify),
    });
    if !reason.is_empty() {
        danger["reason"] = json!(reason);
    }
    json!({
        "danger": danger,
        "gating": {
            "danger_level": decision.danger_level.number(),
            "trust": decision.trust,
            "outcome": decision.outcome,
            "safety_mode": decision.safety_mode,
            "minimum_trust": decision.minimum_trust,
        },
    })
}

impl Engine {
    /// [`describe`] for a call as the gateway would make it, without its params: the adapter's
    /// trust as the operators keep it, the policy in force. Nothing is recorded.
    pub fn describe_call(&self, call: &GateCall) -> Value {
        let now = self.clock.now();
        let policy = self.policy.current();
        let trust = call
            .trust
            .unwrap_or_else(|| self.adapter_trust(&call.adapter, now).level);
        let context = GateContext {
            now: Some(now),
            ..GateContext::default()
        };
        let mut request = GateRequest::new(&call.operation, &call.params, &context);
        request.endpoint = call.endpoint;
        request.annotations = call.annotations.as_ref();
        request.trust = trust;
        request.autonomy = call.autonomy;
        request.safety_mode = call.safety_mode;
        describe(&policy.gate().decide(&request))
    }
}
