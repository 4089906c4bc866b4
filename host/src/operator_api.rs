//! Operator actions as JSON requests: what `operator.sock` serves and what the operator commands
//! run directly on the store when no airlock process owns it. Every action is a person's, through
//! the operator CLI (a human channel); nothing here is reachable through MCP.

use airlock_engine::{Engine, HumanChannel};
use serde_json::{Value, json};

fn text<'a>(request: &'a Value, key: &str) -> Result<&'a str, String> {
    request
        .get(key)
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
        .ok_or_else(|| format!("missing '{key}'"))
}

fn by(request: &Value) -> HumanChannel {
    let user = request
        .get("user")
        .and_then(Value::as_str)
        .unwrap_or("operator")
        .to_owned();
    match request.get("channel").and_then(Value::as_str) {
        // The gateway relays the answer a user gave in their MCP client's elicitation form.
        Some("elicitation") => HumanChannel::Elicitation { session: user },
        _ => HumanChannel::OperatorCli { user },
    }
}

/// Runs one operator action: `{"ok": ...}` or `{"error": {code, message}}`.
pub fn handle(engine: &Engine, request: &Value) -> Value {
    match run(engine, request) {
        Ok(v) => json!({"ok": v}),
        Err(e) => json!({"error": e}),
    }
}

fn run(engine: &Engine, request: &Value) -> Result<Value, Value> {
    let loop_error = |e: airlock_engine::LoopError| e.to_json();
    let usage = |m: String| json!({"code": "VALIDATION_MISSING_PARAM", "message": m});
    let action = text(request, "action").map_err(usage)?;
    match action {
        "approvals" => {
            let list = engine.pending_approvals().map_err(loop_error)?;
            Ok(serde_json::to_value(list).unwrap_or(Value::Null))
        }
        "approve" | "deny" => {
            let id = text(request, "id").map_err(usage)?;
            let approval = if action == "approve" {
                engine.approve(id, by(request))
            } else {
                engine.deny(id, by(request))
            }
            .map_err(loop_error)?;
            Ok(json!({"approval": approval}))
        }
        "blocks" => {
            let list = engine.blocked_agents().map_err(loop_error)?;
            Ok(serde_json::to_value(list).unwrap_or(Value::Null))
        }
        "unblock" => {
            let agent = text(request, "agent").map_err(usage)?;
            let reason = request
                .get("reason")
                .and_then(Value::as_str)
                .unwrap_or("operator override");
            let lifted = engine
                .override_block(agent, by(request), reason)
                .map_err(loop_error)?;
            Ok(serde_json::to_value(lifted).unwrap_or(Value::Null))
        }
        "reissue" => {
            let agent = text(request, "agent").map_err(usage)?;
            let r = engine
                .reissue_challenge(agent, by(request))
                .map_err(loop_error)?;
            Ok(serde_json::to_value(r).unwrap_or(Value::Null))
        }
        "verify" => {
            let id = text(request, "challenge_id").map_err(usage)?;
            let code = text(request, "code").map_err(usage)?;
            let v = engine.verify_challenge(id, code).map_err(loop_error)?;
            Ok(serde_json::to_value(v).unwrap_or(Value::Null))
        }
        "audit" => {
            let from = request.get("from").and_then(Value::as_u64).unwrap_or(1);
            let mut out = Vec::new();
            engine.export_audit(from, &mut out).map_err(loop_error)?;
            let entries: Vec<Value> = String::from_utf8_lossy(&out)
                .lines()
                .filter_map(|l| serde_json::from_str(l).ok())
                .collect();
            Ok(Value::Array(entries))
        }
        "trust_show" => {
            let adapter = text(request, "adapter").map_err(usage)?;
            let t = engine.trust_show(adapter).map_err(loop_error)?;
            Ok(serde_json::to_value(t).unwrap_or(Value::Null))
        }
        "trust_promote" | "trust_demote" => {
            let adapter = text(request, "adapter").map_err(usage)?;
            let to = match request.get("to").and_then(Value::as_str) {
                None => None,
                Some(level) => Some(level.parse::<airlock_core::TrustLevel>().map_err(
                    |e| json!({"code": "VALIDATION_INVALID_ENUM", "message": e.to_string()}),
                )?),
            };
            let change = if action == "trust_promote" {
                airlock_engine::TrustChange::Promote(to)
            } else {
                airlock_engine::TrustChange::Demote(to)
            };
            let reason = request.get("reason").and_then(Value::as_str);
            let t = engine
                .trust_change(adapter, change, by(request), reason)
                .map_err(loop_error)?;
            Ok(serde_json::to_value(t).unwrap_or(Value::Null))
        }
        "trust_certify" => {
            let adapter = text(request, "adapter").map_err(usage)?;
            let certification: airlock_core::Certification = request
                .get("certification")
                .cloned()
                .ok_or_else(|| usage("trust_certify needs a certification".to_owned()))
                .and_then(|v| {
                    serde_json::from_value(v).map_err(|e| {
                        json!({"code": "VALIDATION_INVALID_FORMAT",
                               "message": format!("the certification is not valid: {e}")})
                    })
                })?;
            let reason = request.get("reason").and_then(Value::as_str);
            let t = engine
                .trust_change(
                    adapter,
                    airlock_engine::TrustChange::Certify(Box::new(certification)),
                    by(request),
                    reason,
                )
                .map_err(loop_error)?;
            Ok(serde_json::to_value(t).unwrap_or(Value::Null))
        }
        "status" => {
            let status = engine.policy().status();
            Ok(json!({
                "execution_safety_loop": engine.mode().as_str(),
                "policy": status,
            }))
        }
        other => Err(json!({
            "code": "NOT_FOUND_OPERATION",
            "message": format!("unknown operator action '{other}'")
        })),
    }
}
