//! The agent's side of the loop as MCP-AQL operations: `{operation, params}` in, the
//! operation-result envelope (`{success: true, data}` / `{success: false, error}`) out. This is
//! everything an agent's session can reach; operator actions are not here.
//!
//! Params are checked strictly: a missing one, a wrong type, an unknown name (a typo must not
//! be silently ignored) or an oversized value is a `VALIDATION_*` error that changes nothing.

use airlock_core::{Endpoint, RiskTolerance};
use serde_json::{Map, Value, json};

use crate::engine::Engine;
use crate::error::LoopError;
use crate::identity::{Caller, identity_key};
use crate::lifecycle::StartRequest;
use crate::step::{StepOutcome, StepReport};

/// The MCP-AQL version this surface implements.
pub const PROTOCOL_VERSION: &str = "1.0.0-draft";

pub use airlock_core::limits::{MAX_HINT_BYTES, MAX_TEXT_BYTES};

struct Param {
    name: &'static str,
    kind: &'static str,
    required: bool,
    description: &'static str,
}

struct Operation {
    name: &'static str,
    endpoint: Endpoint,
    description: &'static str,
    params: &'static [Param],
    /// The type of `data` on success, and what it is.
    returns: (&'static str, &'static str),
    /// An example request's params.
    example: &'static str,
}

const fn p(
    name: &'static str,
    kind: &'static str,
    required: bool,
    description: &'static str,
) -> Param {
    Param {
        name,
        kind,
        required,
        description,
    }
}

/// The seven operations of a safety dongle (safety loop spec 4.1), on the endpoints the spec
/// requires (core spec 8.5.4).
const OPERATIONS: &[Operation] = &[
    Operation {
        name: "execute_agent",
        endpoint: Endpoint::Execute,
        description: "Start the execution safety loop for an agent. Every action after this must be reported with record_execution_step first.",
        params: &[
            p("element_name", "string", true, "The agent's name"),
            p("goal", "string", false, "What the agent sets out to do"),
            p(
                "maxAutonomousSteps",
                "integer",
                false,
                "A lower step limit for this execution (never above the agent's)",
            ),
            p(
                "riskTolerance",
                "string",
                false,
                "A stricter risk tolerance for this execution: conservative, moderate or aggressive (never looser than the agent's)",
            ),
        ],
        returns: (
            "ExecutionStarted",
            "execution_id, element_name, execution_safety_loop, maxAutonomousSteps, riskTolerance",
        ),
        example: r#"{"element_name": "release-bot", "goal": "cut release 1.4"}"#,
    },
    Operation {
        name: "record_execution_step",
        endpoint: Endpoint::Create,
        description: "Report the next intended action and receive an AutonomyDirective. Do not act unless continue is true; stop everything when stopped is true.",
        params: &[
            p("element_name", "string", true, "The agent's name"),
            p(
                "nextActionHint",
                "string",
                true,
                "The intended next action, specific enough to judge (tool, target, purpose)",
            ),
            p(
                "stepDescription",
                "string",
                false,
                "The action just completed",
            ),
            p(
                "outcome",
                "string",
                false,
                "Result of the previous step: success, failure or skipped",
            ),
            p(
                "findings",
                "string",
                false,
                "Observations from the completed step",
            ),
            p(
                "execution_id",
                "string",
                false,
                "The execution (default: the agent's running execution)",
            ),
        ],
        returns: (
            "AutonomyDirective",
            "the directive (continue, factors, stopped?, reason?, stepsRemaining?, nextStepRisk?, notifications?) plus execution_id and step",
        ),
        example: r#"{"element_name": "release-bot", "nextActionHint": "calling write_file on CHANGELOG.md to add the 1.4 notes", "outcome": "success"}"#,
    },
    Operation {
        name: "complete_execution",
        endpoint: Endpoint::Execute,
        description: "End the execution normally.",
        params: &[
            p("element_name", "string", true, "The agent's name"),
            p(
                "execution_id",
                "string",
                false,
                "The execution (default: the agent's running execution)",
            ),
            p("summary", "string", false, "What was done"),
        ],
        returns: ("ExecutionEnded", "execution_id, element_name, state, steps"),
        example: r#"{"element_name": "release-bot", "summary": "release cut"}"#,
    },
    Operation {
        name: "abort_execution",
        endpoint: Endpoint::Execute,
        description: "End the execution abnormally (after a stop directive, or on cancellation). Does not lift a block.",
        params: &[
            p("element_name", "string", true, "The agent's name"),
            p(
                "execution_id",
                "string",
                false,
                "The execution (default: the agent's running execution)",
            ),
            p("reason", "string", false, "Why"),
        ],
        returns: ("ExecutionEnded", "execution_id, element_name, state, steps"),
        example: r#"{"element_name": "release-bot", "reason": "stopped by the safety loop"}"#,
    },
    Operation {
        name: "confirm_operation",
        endpoint: Endpoint::Execute,
        description: "Report where an approval stands (pending, approved, denied, used, expired). Only a person, through the operator channel, can approve; once approved, report the action again and it proceeds once.",
        params: &[p(
            "approval_id",
            "string",
            true,
            "The approval id from the pause notification",
        )],
        returns: (
            "ApprovalStatus",
            "approval_id, status, element_name, why, what, how_to_approve, expires_at, message",
        ),
        example: r#"{"approval_id": "7d1c6a8e-0b8f-4c39-9d4e-6f1f0a2b3c4d"}"#,
    },
    Operation {
        name: "verify_challenge",
        endpoint: Endpoint::Create,
        description: "Submit the out-of-band verification code a person received, to end a verify pause or lift a hard block. The agent never has the code; a wrong code from the agent's own MCP session burns the challenge. Only the agent the challenge was issued to may submit it: from its own MCP session, or, outside a session, naming itself with element_name (where callers cannot be told apart, a wrong code burns nothing and counts against a limit of its own); for anyone else, and for a hook session's challenge, the challenge is not found.",
        params: &[
            p(
                "challenge_id",
                "string",
                true,
                "The verificationId from the notification",
            ),
            p("code", "string", true, "The code the person received"),
            p(
                "element_name",
                "string",
                false,
                "The agent the challenge was issued to (required outside an MCP session)",
            ),
        ],
        returns: (
            "VerificationResult",
            "challenge_id, element_name, result (unblocked or resumed), message",
        ),
        example: r#"{"challenge_id": "5d8f0a34-55d5-4a53-9bd4-1f7d3c35a0f1", "code": "the code the person received", "element_name": "release-bot"}"#,
    },
    Operation {
        name: "introspect",
        endpoint: Endpoint::Read,
        description: "Discover the operations, their parameters, the safety loop's mode and defaults.",
        params: &[
            p("query", "string", true, "operations, types or adapter_info"),
            p("name", "string", false, "One operation, type or adapter"),
        ],
        returns: (
            "IntrospectionData",
            "operations (with _protocol) or one operation; types or one type",
        ),
        example: r#"{"query": "operations"}"#,
    },
];

/// The endpoint an operation is on, if the loop has it.
pub fn endpoint_of(operation: &str) -> Option<Endpoint> {
    OPERATIONS
        .iter()
        .find(|o| o.name == operation)
        .map(|o| o.endpoint)
}

/// The names of the loop's operations.
pub fn operation_names() -> impl Iterator<Item = &'static str> {
    OPERATIONS.iter().map(|o| o.name)
}

/// Operations a session holding a blocked agent may still call: reading introspection, and
/// submitting the code a person gives (how the block is lifted from the agent's side).
const OPEN_TO_HELD_SESSIONS: [&str; 2] = ["introspect", "verify_challenge"];

impl Engine {
    /// Runs one agent-side operation arriving on `endpoint` and answers with the result
    /// envelope, for a caller the surface cannot tell apart from others (no session). Never
    /// panics on any input.
    pub fn call(&self, endpoint: Endpoint, operation: &str, params: &Value) -> Value {
        self.call_as(&Caller::default(), endpoint, operation, params)
    }

    /// [`Engine::call`] for a caller in a session (the dongle passes one per MCP connection).
    /// Once an agent is stopped in the session, or the session names a blocked agent, every
    /// operation of the session but introspection and `verify_challenge` is refused with
    /// `PERMISSION_AGENT_BLOCKED`, whatever name it gives, until the block is lifted.
    pub fn call_as(
        &self,
        caller: &Caller,
        endpoint: Endpoint,
        operation: &str,
        params: &Value,
    ) -> Value {
        let result = self.call_inner(caller, endpoint, operation, params);
        self.note_blocked_name(caller, params, &result);
        match result {
            Ok(data) => json!({"success": true, "data": data}),
            Err(e) => json!({"success": false, "error": e.to_json()}),
        }
    }

    /// A session that was answered "blocked" for the agent it named holds that agent from now
    /// on: stopped in the session, or naming an agent that is blocked.
    fn note_blocked_name(
        &self,
        caller: &Caller,
        params: &Value,
        result: &Result<Value, LoopError>,
    ) {
        if caller.session_key().is_none() {
            return;
        }
        let refused = match result {
            Err(e) => e.code == "PERMISSION_AGENT_BLOCKED",
            Ok(data) => data.get("stopped") == Some(&Value::Bool(true)),
        };
        let Some(agent) = params.get("element_name").and_then(Value::as_str) else {
            return;
        };
        if !refused {
            return;
        }
        let agent = agent.trim();
        let key = identity_key(agent);
        let now = self.clock.now();
        let mut state = self.lock();
        if self.block_of(&state, &key).is_blocked() {
            self.hold_session(&mut state, caller, agent, &key, now);
        }
    }

    fn call_inner(
        &self,
        caller: &Caller,
        endpoint: Endpoint,
        operation: &str,
        params: &Value,
    ) -> Result<Value, LoopError> {
        let op = OPERATIONS
            .iter()
            .find(|o| o.name == operation)
            .ok_or_else(|| LoopError::unknown_operation(operation))?;
        if op.endpoint != endpoint {
            return Err(LoopError {
                code: "VALIDATION_WRONG_ENDPOINT",
                message: format!(
                    "Operation '{operation}' is on the {} endpoint (mcp_aql_{}), not {}",
                    endpoint_name(op.endpoint),
                    endpoint_name(op.endpoint).to_lowercase(),
                    endpoint_name(endpoint)
                ),
                details: json!({"operation": operation, "endpoint": endpoint_name(op.endpoint)}),
            });
        }
        let empty = Map::new();
        let params = match params {
            Value::Object(m) => m,
            Value::Null => &empty,
            _ => return Err(LoopError::invalid_type("params", "an object")),
        };
        for key in params.keys() {
            if !op.params.iter().any(|p| p.name == key) {
                return Err(LoopError::unknown_param(key, operation));
            }
        }
        let args = Args { op, params };
        if !OPEN_TO_HELD_SESSIONS.contains(&operation)
            && caller.session_key().is_some()
            && self.mode() == airlock_core::LoopMode::Enforcing
        {
            let named = args.text("element_name")?;
            let mut state = self.lock();
            self.refuse_held_session(&mut state, caller, operation, named.as_deref())?;
        }
        let to_value = |v: Result<Value, serde_json::Error>| {
            v.map_err(|_| LoopError::store_failed("encode the answer"))
        };
        match operation {
            "execute_agent" => {
                let steps = args.u32("maxAutonomousSteps")?;
                let tolerance = match args.text("riskTolerance")? {
                    None => None,
                    Some(t) => Some(parse_tolerance(&t)?),
                };
                let started = self.execute_agent(StartRequest {
                    agent: args.required("element_name")?,
                    goal: args.text("goal")?,
                    max_autonomous_steps: steps,
                    risk_tolerance: tolerance,
                })?;
                to_value(serde_json::to_value(started))
            }
            "record_execution_step" => {
                let outcome = match args.text("outcome")?.as_deref() {
                    None => None,
                    Some("success") => Some(StepOutcome::Success),
                    Some("failure") => Some(StepOutcome::Failure),
                    Some("skipped") => Some(StepOutcome::Skipped),
                    Some(other) => {
                        return Err(LoopError::invalid_enum(
                            "outcome",
                            other,
                            &["success", "failure", "skipped"],
                        ));
                    }
                };
                let hint = args.required("nextActionHint")?;
                if hint.len() > MAX_HINT_BYTES {
                    return Err(too_large("nextActionHint", MAX_HINT_BYTES));
                }
                let answer = self.record_execution_step(StepReport {
                    agent: args.required("element_name")?,
                    execution_id: args.text("execution_id")?,
                    hint,
                    step_description: args.text("stepDescription")?,
                    outcome,
                    findings: args.text("findings")?,
                    caller: caller.clone(),
                })?;
                to_value(serde_json::to_value(answer))
            }
            "complete_execution" => {
                let ended = self.complete_execution(
                    &args.required("element_name")?,
                    args.text("execution_id")?.as_deref(),
                    args.text("summary")?,
                )?;
                to_value(serde_json::to_value(ended))
            }
            "abort_execution" => {
                let ended = self.abort_execution(
                    &args.required("element_name")?,
                    args.text("execution_id")?.as_deref(),
                    args.text("reason")?,
                )?;
                to_value(serde_json::to_value(ended))
            }
            "confirm_operation" => {
                let view = self.confirm_operation(&args.required("approval_id")?)?;
                to_value(serde_json::to_value(view))
            }
            "verify_challenge" => {
                let verified = self.verify_challenge_as(
                    caller,
                    args.text("element_name")?.as_deref(),
                    &args.required("challenge_id")?,
                    &args.required("code")?,
                )?;
                to_value(serde_json::to_value(verified))
            }
            "introspect" => {
                let query = args.required("query")?;
                let name = args.text("name")?;
                self.introspect(&query, name.as_deref())
            }
            _ => Err(LoopError::unknown_operation(operation)),
        }
    }

    /// The introspection answer (MCP-AQL introspection; schema
    /// `introspection-response.schema.json`), with the loop's mode as the
    /// `execution_safety_loop` capability and its defaults under `_protocol.safety_loop`.
    pub fn introspect(&self, query: &str, name: Option<&str>) -> Result<Value, LoopError> {
        match (query, name) {
            ("operations", None) => Ok(json!({
                "_protocol": self.protocol(),
                "operations": OPERATIONS.iter().map(|o| json!({
                    "name": o.name,
                    "semantic_category": endpoint_name(o.endpoint),
                    "endpoint": endpoint_name(o.endpoint).to_lowercase(),
                    "description": o.description,
                })).collect::<Vec<_>>(),
            })),
            ("operations", Some(name)) => Ok(json!({
                "operation": OPERATIONS.iter().find(|o| o.name == name).map(|o| self.details(o)),
            })),
            ("types", None) => Ok(json!({"types": TYPES.iter().map(|(n, k, d, _)| json!({
                "name": n, "kind": k, "description": d,
            })).collect::<Vec<_>>()})),
            ("types", Some(name)) => Ok(json!({
                "type": TYPES.iter().find(|t| t.0 == name).map(|(n, k, d, values)| {
                    if *k == "enum" {
                        json!({"name": n, "kind": k, "description": d, "values": values})
                    } else {
                        json!({"name": n, "kind": k, "description": d, "fields": values.iter().map(|f| {
                            let mut parts = f.splitn(3, ':');
                            json!({
                                "name": parts.next().unwrap_or_default(),
                                "type": parts.next().unwrap_or("string"),
                                "required": parts.next() == Some("true"),
                            })
                        }).collect::<Vec<_>>()})
                    }
                }),
            })),
            ("adapter_info", name) => self.adapter_info(name),
            (other, _) => Err(LoopError::invalid_enum(
                "query",
                other,
                &["operations", "types", "adapter_info"],
            )),
        }
    }

    fn protocol(&self) -> Value {
        let policy = self.policy.current();
        let c = &policy.config().safety_loop;
        json!({
            "version": PROTOCOL_VERSION,
            "mode": "semantic",
            "capabilities": {
                "execution_safety_loop": self.mode_of(&policy).as_str(),
                "confirmation": true,
                "dangerous_operations": true,
                "warnings": false,
                "batch": false,
            },
            "safety_loop": {
                "maxAutonomousSteps": c.max_autonomous_steps,
                "maxAutonomousStepsCeiling": c.max_autonomous_steps_ceiling,
                "riskTolerance": policy.tolerance().as_str(),
                "riskToleranceThresholds": {"conservative": 25, "moderate": 50, "aggressive": 75},
                "safetyTiers": {"advisory": "0-30", "confirm": "31-60", "verify": "61-85", "danger_zone": "86-100"},
                "challengeTtlSeconds": c.challenge_ttl_seconds,
                "approvalTtlSeconds": c.approval_ttl_seconds,
                "repetitionThreshold": c.repetition_threshold,
                "verificationAttempts": {
                    "maxFailures": c.verification_attempts.max_failures,
                    "windowSeconds": c.verification_attempts.window_seconds,
                    "maxLockoutSeconds": c.verification_attempts.max_lockout_seconds,
                    "progressiveLockout": "doubling",
                },
                "patterns": "deny, requiresApproval and autoApprove globs in the pattern stage's config (policy.json stages)",
                "configurable": [
                    "mode", "max_autonomous_steps", "max_autonomous_steps_ceiling",
                    "challenge_ttl_seconds", "approval_ttl_seconds", "repetition_threshold",
                    "verification_attempts", "agents.<name>.max_autonomous_steps",
                    "agents.<name>.risk_tolerance", "stages.risk_tolerance", "human_channels",
                ],
            },
        })
    }

    fn details(&self, o: &Operation) -> Value {
        let policy = self.policy.current();
        let c = &policy.config().safety_loop;
        json!({
            "danger": danger_of(o.name),
            "name": o.name,
            "semantic_category": endpoint_name(o.endpoint),
            "endpoint": endpoint_name(o.endpoint).to_lowercase(),
            "mcpTool": format!("mcp_aql_{}", endpoint_name(o.endpoint).to_lowercase()),
            "description": o.description,
            "permissions": {
                "readOnly": o.endpoint == Endpoint::Read,
                "destructive": o.endpoint == Endpoint::Execute,
            },
            "returns": {"name": o.returns.0, "kind": "object", "description": o.returns.1},
            "examples": [{
                "description": format!("{} on mcp_aql_{}", o.name, endpoint_name(o.endpoint).to_lowercase()),
                "request": {
                    "operation": o.name,
                    "params": serde_json::from_str::<Value>(o.example).unwrap_or(Value::Null),
                },
            }],
            "parameters": o.params.iter().map(|p| {
                let mut v = json!({
                    "name": p.name, "type": p.kind, "required": p.required,
                    "description": p.description,
                });
                match p.name {
                    "maxAutonomousSteps" => {
                        v["default"] = json!(c.max_autonomous_steps);
                        v["minimum"] = json!(1);
                        v["maximum"] = json!(c.max_autonomous_steps_ceiling);
                    }
                    "riskTolerance" => {
                        v["default"] = json!(policy.tolerance().as_str());
                        v["enum"] = json!(["conservative", "moderate", "aggressive"]);
                    }
                    "outcome" => v["enum"] = json!(["success", "failure", "skipped"]),
                    "nextActionHint" => {
                        v["minLength"] = json!(1);
                        v["maxLength"] = json!(MAX_HINT_BYTES);
                    }
                    "code" => v["sensitive"] = json!(true),
                    "query" => v["enum"] = json!(["operations", "types", "adapter_info"]),
                    _ => {}
                }
                v
            }).collect::<Vec<_>>(),
        })
    }
}

/// The danger classification of the loop's own operations (danger-levels 7.1.5; a
/// `DangerClassification` of `danger-level.schema.json`). They act on airlock's records only,
/// never outside it, and no trust level or confirmation gates them: they are the gate. What the
/// agent reports through them is judged on its own.
fn danger_of(operation: &str) -> Value {
    let (level, reason) = match operation {
        "introspect" => (
            "safe",
            "Reads airlock's description of itself; changes nothing.",
        ),
        "confirm_operation" => (
            "safe",
            "Reports where an approval stands; only a person can decide it.",
        ),
        "record_execution_step" => (
            "reversible",
            "Records the step and answers a directive; the action it reports is judged on its \
             own and nothing outside airlock happens.",
        ),
        "verify_challenge" => (
            "reversible",
            "Lifts a pause or block with a code only a person has; wrong codes count against a \
             rate limit.",
        ),
        _ => (
            "reversible",
            "Starts or ends an execution record in airlock; nothing outside airlock happens.",
        ),
    };
    json!({"level": level, "reason": reason, "requires_confirmation": false})
}

/// Types introspection lists: (name, kind, description, values or fields).
const TYPES: &[(&str, &str, &str, &[&str])] = &[
    (
        "SafetyTier",
        "enum",
        "Risk tier of an action: 0-30 advisory, 31-60 confirm, 61-85 verify, 86-100 danger_zone",
        &["advisory", "confirm", "verify", "danger_zone"],
    ),
    (
        "NotificationType",
        "enum",
        "Kinds of AgentNotification",
        &[
            "permission_pending",
            "autonomy_pause",
            "danger_zone",
            "status",
            "error",
        ],
    ),
    (
        "AutonomyDirective",
        "object",
        "The answer to record_execution_step",
        // name:type:required
        &[
            "continue:boolean:true",
            "factors:array:true",
            "stopped:boolean:false",
            "reason:string:false",
            "stepsRemaining:integer:false",
            "nextStepRisk:SafetyTier:false",
            "notifications:array:false",
        ],
    ),
];

struct Args<'a> {
    op: &'a Operation,
    params: &'a Map<String, Value>,
}

impl Args<'_> {
    fn text(&self, name: &str) -> Result<Option<String>, LoopError> {
        // The hint has its own, smaller limit: its error must cite that one.
        let limit = if name == "nextActionHint" {
            MAX_HINT_BYTES
        } else {
            MAX_TEXT_BYTES
        };
        match self.params.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.len() > limit => Err(too_large(name, limit)),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(LoopError::invalid_type(name, "a string")),
        }
    }

    fn required(&self, name: &str) -> Result<String, LoopError> {
        match self.text(name)? {
            Some(s) if !s.trim().is_empty() => Ok(s),
            _ => Err(LoopError::missing_param(name, self.op.name)),
        }
    }

    fn u32(&self, name: &str) -> Result<Option<u32>, LoopError> {
        match self.params.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .map(Some)
                .ok_or_else(|| LoopError::invalid_type(name, "a non-negative integer")),
        }
    }
}

fn parse_tolerance(t: &str) -> Result<RiskTolerance, LoopError> {
    match t {
        "conservative" => Ok(RiskTolerance::Conservative),
        "moderate" => Ok(RiskTolerance::Moderate),
        "aggressive" => Ok(RiskTolerance::Aggressive),
        other => Err(LoopError::invalid_enum(
            "riskTolerance",
            other,
            &["conservative", "moderate", "aggressive"],
        )),
    }
}

fn too_large(name: &str, max: usize) -> LoopError {
    LoopError {
        code: "VALIDATION_PAYLOAD_TOO_LARGE",
        message: format!("Parameter '{name}' is longer than {max} bytes"),
        details: json!({"param": name, "max_bytes": max}),
    }
}

const fn endpoint_name(e: Endpoint) -> &'static str {
    match e {
        Endpoint::Create => "CREATE",
        Endpoint::Read => "READ",
        Endpoint::Update => "UPDATE",
        Endpoint::Delete => "DELETE",
        Endpoint::Execute => "EXECUTE",
    }
}
