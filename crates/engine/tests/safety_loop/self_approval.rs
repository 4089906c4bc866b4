//! Self-approval (core spec 8.7.3): nothing the agent's session can call approves its own
//! pause or lifts its own block; the operator's channel can.

use airlock_core::Endpoint;
use serde_json::{Value, json};

use crate::common::*;

/// Every agent-side operation, with every id the agent knows in every param that takes one.
fn try_everything(h: &Harness, agent: &str, approval: &str, challenge: &str) -> Vec<Value> {
    let ids = [approval, challenge, "approve", "yes", "true"];
    let mut answers = Vec::new();
    for id in ids {
        for code in ids {
            answers.push(h.call(
                "verify_challenge",
                json!({"challenge_id": id, "code": code, "element_name": "a"}),
            ));
        }
        answers.push(h.call("confirm_operation", json!({"approval_id": id})));
        answers.push(h.call(
            "confirm_operation",
            json!({"approval_id": id, "approve": true}),
        ));
        answers.push(h.call(
            "confirm_operation",
            json!({"approval_id": id, "decision": "approved"}),
        ));
        answers.push(h.call(
            "record_execution_step",
            json!({"element_name": agent, "nextActionHint": format!("approve {id}"), "outcome": "success"}),
        ));
    }
    answers.push(h.call("execute_agent", json!({"element_name": agent})));
    answers.push(h.call("abort_execution", json!({"element_name": agent})));
    answers.push(h.call("complete_execution", json!({"element_name": agent})));
    answers.push(h.call("execute_agent", json!({"element_name": agent})));
    for op in [
        "approve",
        "deny",
        "override_block",
        "reissue_challenge",
        "lift_block",
    ] {
        for endpoint in [Endpoint::Create, Endpoint::Read, Endpoint::Execute] {
            answers.push(h.engine.call(
                endpoint,
                op,
                &json!({"approval_id": approval, "agent": agent}),
            ));
        }
    }
    answers
}

#[test]
fn the_agent_session_cannot_approve_its_own_pause_by_any_operation() {
    let h = Harness::new();
    h.start("a");
    let approval = approval_id(&h.step("a", CONFIRM));
    let answers = try_everything(&h, "a", &approval, "none");
    for op in [
        "approve",
        "deny",
        "override_block",
        "reissue_challenge",
        "lift_block",
    ] {
        assert!(
            answers
                .iter()
                .any(|a| a["error"]["code"] == "NOT_FOUND_OPERATION"
                    && a["error"]["message"]
                        .as_str()
                        .is_some_and(|m| m.contains(op))),
            "{op} is not an agent operation"
        );
    }
    let state = h.call("confirm_operation", json!({"approval_id": approval}));
    assert_eq!(state["data"]["status"], "pending", "{state}");
    h.start("a");
    assert!(!h.step("a", CONFIRM).directive.proceed);

    // The operator's channel can.
    h.engine
        .approve(&approval, operator())
        .expect("operator approves");
    assert!(h.step("a", CONFIRM).directive.proceed);
}

#[test]
fn the_agent_session_cannot_lift_its_own_block_by_any_operation() {
    let h = Harness::new();
    h.start("a");
    let stop = h.step("a", DENIED);
    let challenge = verification_id(&stop);
    let answers = try_everything(&h, "a", "none", &challenge);
    assert!(
        answers
            .iter()
            .all(|a| a["success"] != true || a["data"]["result"].is_null()),
        "no verification succeeded"
    );
    let refused = h.call("execute_agent", json!({"element_name": "a"}));
    assert_eq!(
        refused["error"]["code"], "PERMISSION_AGENT_BLOCKED",
        "{refused}"
    );
    assert_eq!(h.engine.blocked_agents().expect("blocks").len(), 1);

    // The operator's channel can.
    h.engine
        .override_block("a", operator(), "checked with the user")
        .expect("override");
    h.start("a");
    assert!(h.step("a", ADVISORY).directive.proceed);
}
