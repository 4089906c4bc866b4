//! Operator actions as JSON requests: what `operator.sock` serves and what the operator commands
//! run directly on the store when no airlock process owns it. Every action is a person's, through
//! the operator CLI (a human channel); nothing here is reachable through MCP.
//!
//! Actions that change anything (approve, deny, verify, unblock, reissue, trust changes, the
//! operator credential itself) are authenticated here, on the side that holds the state, so a
//! client that talks to `operator.sock` directly is held to the same rule as the CLI: once
//! `airlock operator init` has run, the request must carry the operator passphrase or an
//! operator token (`"auth": {"passphrase": ...}` / `{"token": ...}`). Reading (approvals,
//! blocks, audit, status, trust show) needs none. The OS user recorded with each action is the
//! caller's real one ([`Caller`]), never a name the request gives.

use airlock_engine::{Engine, HumanChannel, OperatorAuth, Presented};
use serde_json::{Value, json};

use crate::operator_auth::{Caller, Via};

fn text<'a>(request: &'a Value, key: &str) -> Result<&'a str, String> {
    request
        .get(key)
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
        .ok_or_else(|| format!("missing '{key}'"))
}

/// The actions that change state and so need the operator credential once it is set up.
const AUTHENTICATED: &[&str] = &[
    "approve",
    "deny",
    "verify",
    "unblock",
    "reissue",
    "trust_promote",
    "trust_demote",
    "trust_certify",
    "operator_passphrase",
    "token_create",
    "token_revoke",
];

/// The credential in a request: `"auth": {"passphrase": "..."}` or `{"token": "..."}`.
fn presented(request: &Value) -> Presented<'_> {
    let auth = request.get("auth");
    if let Some(p) = auth
        .and_then(|a| a.get("passphrase"))
        .and_then(Value::as_str)
    {
        Presented::Passphrase(p)
    } else if let Some(t) = auth.and_then(|a| a.get("token")).and_then(Value::as_str) {
        Presented::Token(t)
    } else {
        Presented::Nothing
    }
}

/// Who decides: the operator with how they were authenticated, or the user of an MCP client
/// answering an elicitation that this very process asked.
fn by(request: &Value, caller: &Caller, auth: &OperatorAuth) -> HumanChannel {
    match request.get("channel").and_then(Value::as_str) {
        // The gateway relays the answer a user gave in their MCP client's elicitation form.
        Some("elicitation") => HumanChannel::Elicitation {
            session: request
                .get("user")
                .and_then(Value::as_str)
                .unwrap_or("unknown session")
                .to_owned(),
        },
        _ => HumanChannel::OperatorCli {
            user: format!("{}, {}", caller.user, auth.describe()),
        },
    }
}

/// Runs one operator action: `{"ok": ..., "auth": {"method": ...}}` or `{"error": {code,
/// message}}`. The credential is never echoed, logged or audited.
pub fn handle(engine: &Engine, request: &Value, caller: &Caller) -> Value {
    let action = request.get("action").and_then(Value::as_str).unwrap_or("");
    let elicited_here = caller.via == Via::Gateway
        && request.get("channel").and_then(Value::as_str) == Some("elicitation");
    let auth = if AUTHENTICATED.contains(&action) && !elicited_here {
        match engine.authenticate_operator(presented(request), &caller.user) {
            Ok(auth) => auth,
            Err(e) => return json!({"error": e.to_json()}),
        }
    } else {
        // Reading, or an elicitation this process asked its own client: a person answered in
        // their MCP client, which is the gateway's human channel.
        OperatorAuth::NotInitialized
    };
    match run(engine, request, caller, &auth) {
        Ok(v) if AUTHENTICATED.contains(&action) => json!({"ok": v, "auth": auth}),
        Ok(v) => json!({"ok": v}),
        Err(e) => json!({"error": e}),
    }
}

fn run(
    engine: &Engine,
    request: &Value,
    caller: &Caller,
    auth: &OperatorAuth,
) -> Result<Value, Value> {
    let by = |request: &Value| by(request, caller, auth);
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
            // An authenticated operator verifies without the code (which the file channel
            // withholds once operator authentication is on); otherwise the code is needed.
            let v = match (text(request, "code"), auth) {
                (Ok(code), _) => engine.verify_challenge(id, code),
                (Err(_), OperatorAuth::Passphrase | OperatorAuth::Token { .. }) => {
                    engine.verify_challenge_by_operator(id, &by(request))
                }
                (Err(m), OperatorAuth::NotInitialized) => return Err(usage(m)),
            }
            .map_err(loop_error)?;
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
        "auth_status" => {
            let status = engine.operator_auth_status().map_err(loop_error)?;
            Ok(serde_json::to_value(status).unwrap_or(Value::Null))
        }
        "operator_init" => {
            let passphrase = text(request, "passphrase").map_err(usage)?;
            engine
                .init_operator_auth(passphrase, &caller.user)
                .map_err(loop_error)?;
            Ok(json!({"initialized": true}))
        }
        "operator_passphrase" => {
            let new = text(request, "new_passphrase").map_err(usage)?;
            // The current credential was checked in `handle`; this checks it once more
            // together with the change, so the two cannot be split.
            engine
                .change_operator_passphrase(presented(request), new, &caller.user)
                .map_err(loop_error)?;
            Ok(json!({"changed": true}))
        }
        "token_create" => {
            let label = request
                .get("label")
                .and_then(Value::as_str)
                .unwrap_or("operator token");
            let token = engine
                .create_operator_token(label, &caller.user)
                .map_err(loop_error)?;
            Ok(json!({"id": token.id, "token": token.token}))
        }
        "token_revoke" => {
            let id = text(request, "id").map_err(usage)?;
            engine
                .revoke_operator_token(id, &caller.user)
                .map_err(loop_error)?;
            Ok(json!({"revoked": id}))
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
