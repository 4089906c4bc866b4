//! One decision on request, explained: what `airlock check --json` prints and what
//! `POST /v1/decide` answers, from the same code.
//!
//! An operation goes through the native gate (danger level, safety mode, trust x danger,
//! autonomy x risk); a hint goes through the WebAssembly stages, judged by the safety loop's own
//! function ([`crate::pipeline::assess`]), so a hint gets here the outcome the loop would give
//! it on a fresh execution; with both, the outcome is the stricter of the two.

use airlock_core::{
    AutonomyLevel, Decision, Endpoint, GateContext, GatePolicy, GateRequest, Outcome, Risk,
    SafetyMode, SafetyTier, ToolAnnotations, TrustLevel,
};
use airlock_wasm::{Action, Evaluation, PolicySet};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::pipeline::{self, Assessment};

/// What to decide: an operation, a hint, or both.
// Also the body of `POST /v1/decide`: its OpenAPI schema is derived from this type
// (crates/http/src/openapi.rs), so these doc comments are what the API's users read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(
    json!({"operation": "delete_file", "adapter": "files", "agent": "bot",
           "params": {"path": "/srv/a"}}),
    json!({"hint": "git push --force origin main", "agent": "bot"})
))]
pub struct DecideRequest {
    /// The operation (tool) name.
    #[serde(default)]
    pub operation: Option<String>,
    /// A free-text description of the action, for the WebAssembly stages (at most 8 KiB of
    /// UTF-8).
    #[serde(default)]
    #[schema(max_length = 8192)]
    pub hint: Option<String>,
    /// Earlier hints of the same agent, oldest first (each at most 8 KiB of UTF-8).
    #[serde(default)]
    #[schema(value_type = Vec<HintText>)]
    pub recent_hints: Vec<String>,
    /// The agent.
    #[serde(default)]
    pub agent: Option<String>,
    /// The CRUDE endpoint.
    #[serde(default)]
    pub endpoint: Option<Endpoint>,
    /// The operation's params: a JSON object (anything else is refused).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub params: Option<Value>,
    /// MCP ToolAnnotations.
    #[serde(
        default,
        deserialize_with = "airlock_core::json_shape::optional_object"
    )]
    pub annotations: Option<ToolAnnotations>,
    /// The adapter, as named in `policy.json` `adapters`: its trust block (and the operators'
    /// trust changes) gives the trust level. Over HTTP an adapter the policy does not name is
    /// untested.
    #[serde(default)]
    pub adapter: Option<String>,
    /// A trust level. `airlock check` takes it instead of an adapter (not both); over HTTP it
    /// may only lower the trust the policy gives the adapter (untested without one).
    #[serde(default)]
    pub trust: Option<TrustLevel>,
    /// An autonomy level instead of the policy's (over HTTP: only a lower one).
    #[serde(default)]
    pub autonomy: Option<AutonomyLevel>,
    /// A safety mode instead of the policy's (over HTTP: only a stricter one).
    #[serde(default)]
    pub safety_mode: Option<SafetyMode>,
    /// A base risk instead of the danger level's (over HTTP: only when it raises the outcome).
    #[serde(default)]
    pub risk: Option<Risk>,
    /// What the caller knows about the moment and history (over HTTP the server's clock
    /// replaces `now`).
    #[serde(
        default,
        deserialize_with = "airlock_core::json_shape::optional_object"
    )]
    pub context: Option<GateContext>,
}

/// An earlier hint: at most 8 KiB of UTF-8.
// The schema of one item of `DecideRequest::recent_hints`, which the derive cannot bound
// directly: never built, only described.
#[derive(utoipa::ToSchema)]
#[schema(max_length = 8192)]
#[allow(dead_code)]
struct HintText(String);

/// A decision and why.
#[derive(Debug, Clone)]
pub struct Report {
    /// The gate's decision, when an operation was given.
    pub decision: Option<Decision>,
    /// The stages' evaluation, when a hint was given.
    pub stages: Option<Evaluation>,
    /// What the safety loop makes of the stages' evaluation (its verdict, reason and factors),
    /// when a hint was given.
    pub assessment: Option<Assessment>,
    /// The stricter of both.
    pub outcome: Outcome,
    /// How the trust level was found.
    pub trust_notes: Vec<String>,
}

/// Decides `request`. `set` is needed only for a hint. Errors say what is wrong with the
/// request.
pub fn decide(
    gate: &GatePolicy,
    set: Option<&PolicySet>,
    request: &DecideRequest,
    now: Timestamp,
) -> Result<Report, String> {
    if request.operation.is_none() && request.hint.is_none() {
        return Err("give an operation, a hint, or both".to_owned());
    }
    use airlock_core::limits::MAX_HINT_BYTES;
    let too_long = request
        .hint
        .iter()
        .chain(&request.recent_hints)
        .any(|h| h.len() > MAX_HINT_BYTES);
    if too_long {
        return Err(format!(
            "a hint (or one of recent_hints) is over {MAX_HINT_BYTES} bytes: describe the action \
             itself, not its output"
        ));
    }
    let params = match &request.params {
        None => json!({}),
        Some(v @ Value::Object(_)) => v.clone(),
        Some(other) => {
            return Err(format!(
                "params must be a JSON object such as {{\"id\": 1}}, not {}",
                kind(other)
            ));
        }
    };
    let mut context = request.context.clone().unwrap_or_default();
    let now = context.now.unwrap_or(now);
    context.now = Some(now);
    let (trust, trust_notes) = match (&request.adapter, request.trust) {
        (Some(_), Some(_)) => {
            return Err("give an adapter or a trust level, not both".to_owned());
        }
        (Some(name), None) => {
            let effective = gate.adapter_trust(name, now).ok_or_else(|| {
                format!("adapter '{name}' is not in the policy's 'adapters': add it, or give a trust level")
            })?;
            (effective.level, effective.reasons)
        }
        (None, Some(t)) => (t, Vec::new()),
        (None, None) => (
            TrustLevel::Untested,
            vec!["no trust level or adapter: the adapter is untested, as the specification assumes without a trust block".to_owned()],
        ),
    };
    let decision = request.operation.as_deref().map(|operation| {
        gate.decide(&GateRequest {
            operation,
            endpoint: request.endpoint,
            params: &params,
            annotations: request.annotations.as_ref(),
            trust,
            autonomy: request.autonomy,
            safety_mode: request.safety_mode,
            risk: request.risk,
            context: &context,
        })
    });
    let stages = match (set, &request.hint) {
        (Some(set), Some(hint)) => Some(set.evaluate_owned(Action {
            agent: request.agent.clone().unwrap_or_default(),
            execution_id: String::new(),
            step: 0,
            hint: hint.clone(),
            operation: request.operation.clone(),
            endpoint: request.endpoint,
            params_json: request.params.as_ref().map(|_| params.to_string()),
            annotations: request.annotations.clone(),
            danger_level: decision.as_ref().map(|d| d.danger_level),
            recent_hints: request.recent_hints.clone(),
        })),
        (None, Some(_)) => return Err("a hint needs the WebAssembly stages loaded".to_owned()),
        _ => None,
    };
    // The loop's own judgement of the stages, on a fresh execution (reported once).
    let assessment = match (set, &stages) {
        (Some(set), Some(e)) => Some(pipeline::assess(
            e,
            set.tolerance(),
            1,
            set.config().safety_loop.repetition_threshold,
        )),
        _ => None,
    };
    let outcome = decision
        .as_ref()
        .map(|d| d.outcome)
        .into_iter()
        .chain(assessment.as_ref().map(|a| a.verdict.outcome()))
        .fold(Outcome::Allow, Outcome::join);
    Ok(Report {
        decision,
        stages,
        assessment,
        outcome,
        trust_notes,
    })
}

impl Report {
    /// The JSON. With an operation alone it is the gate's decision; with a hint it carries the
    /// combined result's fields, the stages' evaluation under `stages`, and the decision (if
    /// any) under `decision`.
    pub fn to_json(&self) -> Value {
        let with_notes = |mut v: Value| {
            if !self.trust_notes.is_empty() && self.decision.is_some() {
                v["trust_notes"] = json!(self.trust_notes);
            }
            v
        };
        let Some(e) = &self.stages else {
            let d = self.decision.as_ref().map(serde_json::to_value);
            return with_notes(match d {
                Some(Ok(v)) => v,
                _ => json!({"outcome": self.outcome}),
            });
        };
        let mut factors: Vec<Value> = self
            .decision
            .as_ref()
            .map(|d| {
                d.factors
                    .iter()
                    .filter_map(|f| serde_json::to_value(f).ok())
                    .collect()
            })
            .unwrap_or_default();
        factors.extend(e.matched.iter().map(|m| {
            json!({"layer": "patterns", "stage": m.stage, "outcome": e.verdict.outcome(),
                   "code": "pattern_matched", "message": format!("matched '{}'", m.pattern)})
        }));
        factors.extend(e.factors.iter().map(|f| {
            json!({"layer": "scorer", "stage": f.stage, "code": f.code, "message": f.message, "points": f.points})
        }));
        factors.extend(e.failures.iter().map(|f| {
            json!({"layer": "stage_failure", "stage": f.stage, "code": f.failure.kind.code(), "message": f.failure.message})
        }));
        let danger_level = self
            .decision
            .as_ref()
            .map(|d| d.danger_level)
            .or(e.danger_level);
        let risk = self
            .decision
            .as_ref()
            .map(|d| d.risk)
            .or(e.tier.map(tier_risk));
        with_notes(json!({
            "outcome": self.outcome,
            "danger_level": danger_level,
            "risk": risk,
            "tier": e.tier,
            "score": e.score,
            "verdict": e.verdict,
            "reason": self.assessment.as_ref().and_then(|a| a.reason.clone()),
            "factors": factors,
            "stages": e,
            "decision": self.decision,
        }))
    }
}

/// The risk a tier stands for, for a hint without an operation.
fn tier_risk(tier: SafetyTier) -> Risk {
    match tier {
        SafetyTier::Advisory => Risk::Low,
        SafetyTier::Confirm => Risk::Medium,
        SafetyTier::Verify => Risk::High,
        SafetyTier::DangerZone => Risk::Critical,
    }
}

/// What kind of JSON value `v` is, for messages.
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
