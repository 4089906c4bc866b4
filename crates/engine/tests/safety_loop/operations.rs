//! Structured operations through the native gate, with confirmation tokens minted only on a
//! person's approval and bound to the exact call.

use airlock_engine::{GateAnswer, OperationCall};
use jiff::SignedDuration;
use serde_json::{Value, json};

use crate::common::*;

fn harness() -> Harness {
    Harness::with_policy(|policy| {
        policy["adapters"] = json!({
            "files": {"trust": {"level": "validated", "validated_at": "2026-11-01T00:00:00Z"}},
            "other": {"trust": {"level": "validated", "validated_at": "2026-11-01T00:00:00Z"}}
        });
    })
}

fn gate(h: &Harness, adapter: &str, operation: &str, params: Value) -> GateAnswer {
    h.engine
        .gate_operation(OperationCall {
            agent: "a",
            adapter,
            operation,
            endpoint: None,
            params: &params,
            annotations: None,
        })
        .expect("gate")
}

fn pending_id(answer: &GateAnswer) -> String {
    match answer {
        GateAnswer::Pending { approval_id, error } => {
            assert_eq!(error["code"], "CONFIRMATION_REQUIRED", "{error}");
            approval_id.clone()
        }
        other => panic!("expected a pending approval, got {other:?}"),
    }
}

fn refused_code(answer: &GateAnswer) -> String {
    match answer {
        GateAnswer::Refused { error } => error["code"].as_str().expect("code").to_owned(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn the_gate_lets_safe_calls_through_and_refuses_what_trust_does_not_allow() {
    let h = harness();
    assert!(matches!(
        gate(&h, "files", "list_files", json!({})),
        GateAnswer::Proceed {
            confirmed: false,
            ..
        }
    ));
    assert_eq!(
        refused_code(&gate(&h, "files", "drop_database", json!({}))),
        "PERMISSION_DANGER_LEVEL_DENIED"
    );
    // An adapter the policy does not know is untested: even reads are refused.
    assert_eq!(
        refused_code(&gate(&h, "unknown", "list_files", json!({}))),
        "PERMISSION_TRUST_LEVEL_INSUFFICIENT"
    );
}

#[test]
fn a_confirmed_call_proceeds_once_and_only_with_the_same_params_and_adapter() {
    let h = harness();
    let call = json!({"path": "/srv/a.txt"});
    let id = pending_id(&gate(&h, "files", "delete_file", call.clone()));
    // Retrying does not pile up approvals, and does not get through.
    assert_eq!(
        pending_id(&gate(&h, "files", "delete_file", call.clone())),
        id
    );
    let view = h.call("confirm_operation", json!({"approval_id": id}));
    assert_eq!(view["data"]["status"], "pending");
    assert_eq!(view["data"]["what"]["operation"], "delete_file");

    let decided = h.engine.approve(&id, operator()).expect("approve");
    assert!(decided.confirmation_token.is_some());
    // Other params, another adapter: not confirmed.
    pending_id(&gate(
        &h,
        "files",
        "delete_file",
        json!({"path": "/srv/b.txt"}),
    ));
    pending_id(&gate(&h, "other", "delete_file", call.clone()));
    // The same call: once.
    assert!(matches!(
        gate(&h, "files", "delete_file", call.clone()),
        GateAnswer::Proceed {
            confirmed: true,
            ..
        }
    ));
    let again = pending_id(&gate(&h, "files", "delete_file", call));
    assert_ne!(again, id, "a new confirmation is needed");
    let audit = h.audit();
    assert!(
        audit
            .iter()
            .any(|e| e["outcome"] == "confirmed" && e["operation"] == "delete_file")
    );
}

#[test]
fn an_explicit_token_is_checked_with_the_token_errors() {
    let h = harness();
    let call = json!({"path": "/srv/a.txt"});
    let id = pending_id(&gate(&h, "files", "delete_file", call.clone()));
    let token = h
        .engine
        .approve(&id, operator())
        .expect("approve")
        .confirmation_token
        .expect("token");
    let t = token.as_str().to_owned();
    assert!(t.starts_with("conf_") && t.len() >= 5 + 22, "{t}");
    let with = |token: &str, path: &str| json!({"path": path, "_confirmation": token});

    assert_eq!(
        refused_code(&gate(
            &h,
            "files",
            "delete_file",
            with("conf_forged", "/srv/a.txt")
        )),
        "TOKEN_INVALID"
    );
    assert_eq!(
        refused_code(&gate(&h, "files", "delete_file", with(&t, "/srv/b.txt"))),
        "TOKEN_SCOPE_MISMATCH"
    );
    assert_eq!(
        refused_code(&gate(&h, "other", "delete_file", with(&t, "/srv/a.txt"))),
        "TOKEN_SCOPE_MISMATCH"
    );
    assert!(matches!(
        gate(&h, "files", "delete_file", with(&t, "/srv/a.txt")),
        GateAnswer::Proceed {
            confirmed: true,
            ..
        }
    ));
    assert_eq!(
        refused_code(&gate(&h, "files", "delete_file", with(&t, "/srv/a.txt"))),
        "TOKEN_ALREADY_USED"
    );
}

#[test]
fn a_token_expires_by_its_danger_level() {
    let h = harness();
    let call = json!({"path": "/srv/a.txt"});
    let id = pending_id(&gate(&h, "files", "delete_file", call.clone()));
    let token = h
        .engine
        .approve(&id, operator())
        .expect("approve")
        .confirmation_token
        .expect("token");
    // Destructive: 5 minutes.
    h.clock.advance(SignedDuration::from_secs(301));
    let mut params = call.clone();
    params["_confirmation"] = json!(token.as_str());
    assert_eq!(
        refused_code(&gate(&h, "files", "delete_file", params)),
        "TOKEN_EXPIRED"
    );
    // Nor does the implicit retry get through.
    pending_id(&gate(&h, "files", "delete_file", call));
}

#[test]
fn no_token_reaches_the_agent_and_a_blocked_agent_gets_nothing_through() {
    let h = harness();
    let call = json!({"path": "/srv/a.txt"});
    let first = gate(&h, "files", "delete_file", call.clone());
    let id = pending_id(&first);
    let token = h
        .engine
        .approve(&id, operator())
        .expect("approve")
        .confirmation_token
        .expect("token");
    let seen = [
        format!("{first:?}"),
        h.call("confirm_operation", json!({"approval_id": id}))
            .to_string(),
        format!("{:?}", gate(&h, "files", "delete_file", call.clone())),
    ]
    .join("\n");
    assert!(!seen.contains(token.as_str()));
    assert!(!seen.contains(&token.as_str()["conf_".len()..]));
    assert!(
        !format!("{token:?}").contains(&token.as_str()[9..]),
        "Debug shows only a prefix"
    );

    h.start("a");
    h.step("a", DENIED);
    assert_eq!(
        refused_code(&gate(&h, "files", "list_files", json!({}))),
        "PERMISSION_AGENT_BLOCKED"
    );
}
