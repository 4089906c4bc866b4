//! Structured operations through the native gate, with confirmation tokens that are inert
//! until a person approves, bound to the exact call, single use.

use airlock_core::AutonomyLevel;
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

fn gate_with(
    h: &Harness,
    adapter: &str,
    operation: &str,
    params: Value,
    autonomy: Option<AutonomyLevel>,
) -> GateAnswer {
    h.engine
        .gate_operation(OperationCall {
            agent: "a",
            adapter,
            operation,
            endpoint: None,
            params: &params,
            annotations: None,
            trust: None,
            autonomy,
            safety_mode: None,
            not_offered: false,
        })
        .expect("gate")
}

fn gate(h: &Harness, adapter: &str, operation: &str, params: Value) -> GateAnswer {
    gate_with(h, adapter, operation, params, None)
}

/// The approval id and the token of a CONFIRMATION_REQUIRED answer.
fn pending(answer: &GateAnswer) -> (String, Option<String>) {
    match answer {
        GateAnswer::Pending { approval_id, error } => {
            assert_eq!(error["code"], "CONFIRMATION_REQUIRED", "{error}");
            assert_eq!(error["details"]["approval_id"], approval_id.as_str());
            (
                approval_id.clone(),
                error["details"]["confirmation_token"]
                    .as_str()
                    .map(str::to_owned),
            )
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

fn confirmed(answer: &GateAnswer) -> bool {
    matches!(
        answer,
        GateAnswer::Proceed {
            confirmed: true,
            ..
        }
    )
}

fn with_token(path: &str, token: &str) -> Value {
    json!({"path": path, "_confirmation": token})
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
fn an_operation_the_adapter_does_not_offer_is_refused_and_audited_as_denied() {
    let h = harness();
    let params = json!({"path": "/srv/db"});
    let probe = |operation: &str| {
        let call = airlock_engine::GateCall {
            agent: "a".into(),
            adapter: "files".into(),
            operation: operation.into(),
            params: params.clone(),
            not_offered: true,
            ..Default::default()
        };
        h.engine.gate_operation(call.as_call()).expect("gate")
    };
    // A read the gate would let through, and a forbidden name: neither is forwarded.
    for operation in ["read_file", "drop_database"] {
        let answer = probe(operation);
        assert_eq!(refused_code(&answer), "NOT_FOUND_OPERATION", "{answer:?}");
        let GateAnswer::Refused { error } = &answer else {
            unreachable!()
        };
        assert_eq!(error["details"]["adapter"], "files");
        assert_eq!(error["details"]["operation"], operation);
    }
    let audit = h.audit();
    // An unlabeled read is reversible (1) until labeled; drop_* is forbidden (4).
    for (operation, danger) in [("read_file", 1), ("drop_database", 4)] {
        let entry = audit
            .iter()
            .find(|e| e["operation"] == operation)
            .unwrap_or_else(|| panic!("no audit entry for {operation}: {audit:?}"));
        assert_eq!(entry["outcome"], "denied", "{entry}");
        assert_eq!(entry["danger_level"], danger, "{entry}");
        assert_eq!(entry["adapter_name"], "files", "{entry}");
        let reasons = entry["reasons"].as_array().expect("reasons");
        assert_eq!(
            reasons[0],
            format!("adapter 'files' offers no operation '{operation}'"),
            "{entry}"
        );
        // Only the classification is kept: no other layer's "allow" beside a denial.
        assert!(
            reasons[1..]
                .iter()
                .all(|r| r.as_str().is_some_and(|r| r.starts_with("[danger]"))),
            "{entry}"
        );
    }
    // The same read, offered, goes through: the refusal came from the flag alone.
    assert!(matches!(
        gate(&h, "files", "read_file", params.clone()),
        GateAnswer::Proceed { .. }
    ));
}

#[test]
fn a_token_does_nothing_until_a_person_approves_then_works_once_for_exactly_its_call() {
    let h = harness();
    let (id, token) = pending(&gate(
        &h,
        "files",
        "delete_file",
        json!({"path": "/srv/a.txt"}),
    ));
    let token = token.expect("a conf_ token in the details");
    assert!(
        token.starts_with("conf_") && token.len() >= 5 + 22,
        "{token}"
    );

    // The agent holding the token cannot confirm its own call.
    let (again, _) = pending(&gate(
        &h,
        "files",
        "delete_file",
        with_token("/srv/a.txt", &token),
    ));
    assert_eq!(again, id);
    let (again, _) = pending(&gate(
        &h,
        "files",
        "delete_file",
        json!({"path": "/srv/a.txt"}),
    ));
    assert_eq!(again, id, "retries do not pile up approvals");
    let view = h.call("confirm_operation", json!({"approval_id": id}));
    assert_eq!(view["data"]["status"], "pending");

    h.engine.approve(&id, operator()).expect("approve");
    assert_eq!(
        refused_code(&gate(
            &h,
            "files",
            "delete_file",
            with_token("/srv/b.txt", &token)
        )),
        "TOKEN_SCOPE_MISMATCH"
    );
    assert_eq!(
        refused_code(&gate(
            &h,
            "other",
            "delete_file",
            with_token("/srv/a.txt", &token)
        )),
        "TOKEN_SCOPE_MISMATCH"
    );
    assert_eq!(
        refused_code(&gate(
            &h,
            "files",
            "delete_file",
            with_token("/srv/a.txt", "conf_forged")
        )),
        "TOKEN_INVALID"
    );
    assert!(confirmed(&gate(
        &h,
        "files",
        "delete_file",
        with_token("/srv/a.txt", &token)
    )));
    assert_eq!(
        refused_code(&gate(
            &h,
            "files",
            "delete_file",
            with_token("/srv/a.txt", &token)
        )),
        "TOKEN_ALREADY_USED"
    );
    // Without the token, the same call needs a new confirmation.
    let (fresh, _) = pending(&gate(
        &h,
        "files",
        "delete_file",
        json!({"path": "/srv/a.txt"}),
    ));
    assert_ne!(fresh, id);
    let audit = h.audit();
    assert!(
        audit
            .iter()
            .any(|e| e["outcome"] == "confirmed" && e["operation"] == "delete_file")
    );
}

#[test]
fn a_client_that_retries_without_the_token_is_matched_by_its_call() {
    let h = harness();
    let call = json!({"path": "/srv/a.txt"});
    let (id, _) = pending(&gate(&h, "files", "delete_file", call.clone()));
    h.engine.approve(&id, operator()).expect("approve");
    pending(&gate(
        &h,
        "files",
        "delete_file",
        json!({"path": "/srv/other"}),
    ));
    assert!(confirmed(&gate(&h, "files", "delete_file", call.clone())));
    let (next, _) = pending(&gate(&h, "files", "delete_file", call));
    assert_ne!(next, id, "once");
}

#[test]
fn a_token_expires_by_its_danger_level_from_the_approval() {
    let h = harness();
    let (id, token) = pending(&gate(
        &h,
        "files",
        "delete_file",
        json!({"path": "/srv/a.txt"}),
    ));
    let token = token.expect("token");
    // Approval may take longer than the token's lifetime: the lifetime counts from it.
    h.clock.advance(SignedDuration::from_secs(600));
    h.engine.approve(&id, operator()).expect("approve");
    h.clock.advance(SignedDuration::from_secs(301));
    assert_eq!(
        refused_code(&gate(
            &h,
            "files",
            "delete_file",
            with_token("/srv/a.txt", &token)
        )),
        "TOKEN_EXPIRED"
    );
}

#[test]
fn a_denied_approval_makes_its_token_useless() {
    let h = harness();
    let (id, token) = pending(&gate(
        &h,
        "files",
        "delete_file",
        json!({"path": "/srv/a.txt"}),
    ));
    h.engine.deny(&id, operator()).expect("deny");
    assert_eq!(
        refused_code(&gate(
            &h,
            "files",
            "delete_file",
            with_token("/srv/a.txt", &token.expect("token"))
        )),
        "TOKEN_INVALID"
    );
}

#[test]
fn autonomy_a0_previews_instead_of_running() {
    let h = harness();
    let answer = gate_with(
        &h,
        "files",
        "delete_file",
        json!({"path": "/srv/a.txt"}),
        Some(AutonomyLevel::A0),
    );
    let GateAnswer::Preview { preview } = answer else {
        panic!("expected a preview, got {answer:?}");
    };
    assert_eq!(preview["preview"], true);
    assert_eq!(preview["operation"], "delete_file");
}

#[test]
fn a_blocked_agent_gets_nothing_through() {
    let h = harness();
    h.start("a");
    h.step("a", DENIED);
    assert_eq!(
        refused_code(&gate(&h, "files", "list_files", json!({}))),
        "PERMISSION_AGENT_BLOCKED"
    );
}
