//! Whole flows: broadcasts delivered once, burned codes and reissues, overrides, denials,
//! expiry of approvals, repetition, and stages that fail closed.

use airlock_core::SafetyTier;
use airlock_engine::NotificationType;
use jiff::SignedDuration;
use serde_json::json;

use crate::common::*;

fn danger_zone_count(answer: &airlock_engine::StepAnswer) -> usize {
    answer
        .directive
        .notifications
        .iter()
        .filter(|n| n.kind == NotificationType::DangerZone)
        .count()
}

#[test]
fn a_broadcast_is_delivered_once_to_each_executing_agent() {
    let h = Harness::new();
    for a in ["a", "b", "c"] {
        h.start(a);
    }
    h.step("a", DENIED);
    assert_eq!(danger_zone_count(&h.step("b", ADVISORY)), 1);
    assert_eq!(danger_zone_count(&h.step("b", ADVISORY)), 0, "once");
    assert_eq!(danger_zone_count(&h.step("c", ADVISORY)), 1);
    assert_eq!(danger_zone_count(&h.step("c", ADVISORY)), 0, "once");
    // An agent that was not executing at the time is not told afterwards.
    h.start("late");
    assert_eq!(danger_zone_count(&h.step("late", ADVISORY)), 0);
}

#[test]
fn an_undelivered_broadcast_is_withdrawn_when_the_block_is_lifted() {
    let h = Harness::new();
    h.start("a");
    h.start("b");
    let id = verification_id(&h.step("a", DENIED));
    let ok = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": h.code_for(&id), "element_name": "a"}),
    );
    assert_eq!(ok["success"], true);
    assert_eq!(danger_zone_count(&h.step("b", ADVISORY)), 0);
}

#[test]
fn a_wrong_code_burns_the_challenge_and_an_operator_can_reissue() {
    let h = Harness::new();
    h.start("a");
    let id = verification_id(&h.step("a", DENIED));
    let code = h.code_for(&id);
    // A person mistypes the code on the operator channel (`airlock verify`). (A wrong code from
    // a caller that cannot be told apart from a bystander burns nothing: blocked_identity.rs.)
    let wrong = h
        .engine
        .verify_challenge(&id, "0000-0000")
        .expect_err("a wrong code");
    assert_eq!(wrong.details["reason"], "mismatch", "{wrong:?}");
    // The right code no longer works: the challenge is burned.
    let right = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": code, "element_name": "a"}),
    );
    assert_eq!(right["error"]["details"]["reason"], "spent", "{right}");
    assert!(h.step("a", ADVISORY).directive.is_stopped());
    // The operator reissues; the new code works, the old challenge stays dead.
    let fresh = h
        .engine
        .reissue_challenge("a", operator())
        .expect("reissue");
    assert_ne!(fresh.challenge_id, id);
    assert!(fresh.problems.is_empty(), "{:?}", fresh.problems);
    let new_code = h.code_for(&fresh.challenge_id);
    assert_ne!(new_code, code);
    let ok = h.call(
        "verify_challenge",
        json!({"challenge_id": fresh.challenge_id, "code": new_code, "element_name": "a"}),
    );
    assert_eq!(ok["data"]["result"], "unblocked", "{ok}");
    assert!(h.step("a", ADVISORY).directive.proceed);
}

#[test]
fn after_a_reissue_only_the_newest_challenge_lifts_the_block() {
    let h = Harness::new();
    h.start("a");
    let old = verification_id(&h.step("a", DENIED));
    let old_code = h.code_for(&old);
    let fresh = h
        .engine
        .reissue_challenge("a", operator())
        .expect("reissue");
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": old, "code": old_code, "element_name": "a"}),
    );
    assert_eq!(r["success"], false, "{r}");
    assert!(h.step("a", ADVISORY).directive.is_stopped());
    let code = h.code_for(&fresh.challenge_id);
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": fresh.challenge_id, "code": code, "element_name": "a"}),
    );
    assert_eq!(r["success"], true, "{r}");
}

#[test]
fn a_verify_pause_can_be_reissued_too() {
    let h = Harness::new();
    h.start("a");
    let old = verification_id(&h.step("a", VERIFY));
    // Burned by a person's wrong code.
    let _ = h.engine.verify_challenge(&old, "nope");
    let r = h.step("a", VERIFY);
    assert!(
        r.directive
            .reason
            .as_deref()
            .is_some_and(|s| s.contains("burned")),
        "{:?}",
        r.directive.reason
    );
    let fresh = h
        .engine
        .reissue_challenge("a", operator())
        .expect("reissue");
    let code = h.code_for(&fresh.challenge_id);
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": fresh.challenge_id, "code": code, "element_name": "a"}),
    );
    assert_eq!(r["data"]["result"], "resumed", "{r}");
    assert!(h.step("a", VERIFY).directive.proceed);
}

#[test]
fn an_operator_override_lifts_a_block_and_is_audited_with_who() {
    let h = Harness::new();
    h.start("a");
    let id = verification_id(&h.step("a", DANGER));
    let lifted = h
        .engine
        .override_block("a", operator(), "reviewed the action, false positive")
        .expect("override");
    assert_eq!(lifted.challenge_id, id);
    assert!(h.step("a", ADVISORY).directive.proceed);
    let entry = h
        .audit()
        .into_iter()
        .find(|e| e["operation"] == "override_block")
        .expect("audited");
    assert_eq!(entry["outcome"], "unblocked");
    assert_eq!(entry["user_id"], "alice");
    // The old code is dead.
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": h.code_for(&id), "element_name": "a"}),
    );
    assert_eq!(r["success"], false);
    // Nothing to override any more.
    assert_eq!(
        h.engine
            .override_block("a", operator(), "again")
            .expect_err("clear")
            .code,
        "NOT_FOUND_BLOCK"
    );
}

#[test]
fn a_denied_approval_tells_the_agent_not_to_act_then_evaluates_afresh() {
    let h = Harness::new();
    h.start("a");
    let id = approval_id(&h.step("a", NEEDS_APPROVAL));
    h.engine.deny(&id, operator()).expect("deny");
    let r = h.step("a", NEEDS_APPROVAL);
    assert!(!r.directive.proceed);
    assert!(
        r.directive
            .reason
            .as_deref()
            .is_some_and(|s| s.contains("denied"))
    );
    // A decided approval cannot be decided again.
    assert_eq!(
        h.engine.approve(&id, operator()).expect_err("decided").code,
        "VALIDATION_APPROVAL_STATE"
    );
    // Reported again, it needs a new approval.
    let again = h.step("a", NEEDS_APPROVAL);
    assert!(!again.directive.proceed);
    assert_ne!(approval_id(&again), id);
}

#[test]
fn an_expired_approval_lifts_the_pause_and_cannot_be_approved() {
    let h = Harness::with_loop(json!({"approval_ttl_seconds": 60}));
    h.start("a");
    let id = approval_id(&h.step("a", CONFIRM));
    h.clock.advance(SignedDuration::from_secs(61));
    assert_eq!(
        h.engine.approve(&id, operator()).expect_err("expired").code,
        "VALIDATION_APPROVAL_STATE"
    );
    assert!(h.step("a", ADVISORY).directive.proceed);
    let r = h.call("confirm_operation", json!({"approval_id": id}));
    assert_eq!(r["data"]["status"], "expired");
}

#[test]
fn an_approval_is_for_exactly_the_paused_action() {
    let h = Harness::new();
    h.start("a");
    let id = approval_id(&h.step("a", CONFIRM));
    h.engine.approve(&id, operator()).expect("approve");
    // Another risky action is evaluated on its own.
    let other = h.step("a", "task tier-confirm beta");
    assert!(!other.directive.proceed);
}

#[test]
fn repeating_a_risky_action_raises_its_tier() {
    let h = Harness::with_loop(json!({"repetition_threshold": 2}));
    h.start("a");
    let first = h.step("a", CONFIRM);
    assert_eq!(first.directive.next_step_risk, Some(SafetyTier::Confirm));
    let id = approval_id(&first);
    h.engine.approve(&id, operator()).expect("approve");
    assert!(h.step("a", CONFIRM).directive.proceed, "the approved one");
    let again = h.step("a", CONFIRM);
    assert_eq!(again.directive.next_step_risk, Some(SafetyTier::Verify));
    assert!(
        again
            .directive
            .factors
            .iter()
            .any(|f| f.contains("tier raised"))
    );
}

#[test]
fn a_trapping_scorer_stops_the_agent_rather_than_letting_it_through() {
    let state = tempfile::tempdir().expect("tempdir");
    let operator_dir = state.path().join("operator-inbox");
    let policy = json!({
        "stages": {"pipeline": [
            {"name": "broken", "kind": "scorer", "component": "panic-scorer.wasm"}
        ]},
        "safety_loop": {"human_channels": [{"kind": "file", "dir": operator_dir.to_string_lossy()}]}
    });
    let h = Harness::open_with(
        state.path(),
        policy,
        &[("panic-scorer.wasm", guest("panic-scorer"))],
        None,
    );
    h.start("a");
    let r = h.step("a", ADVISORY);
    assert!(r.directive.is_stopped(), "{:?}", r.directive);
    assert!(
        r.directive
            .factors
            .iter()
            .any(|f| f.contains("failed closed")),
        "{:?}",
        r.directive.factors
    );
}

#[test]
fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let h = Harness::new();
    h.start("a");
    let cases = [
        (
            "record_execution_step",
            json!({"element_name": "a", "nextActionHint": 7}),
        ),
        (
            "record_execution_step",
            json!({"element_name": "a", "nextActionHint": "x", "nextActonHint": "typo"}),
        ),
        (
            "record_execution_step",
            json!({"element_name": "a", "nextActionHint": "x".repeat(9000)}),
        ),
        ("record_execution_step", json!(["not", "an", "object"])),
        ("execute_agent", json!({"element_name": "", "goal": "x"})),
        (
            "execute_agent",
            json!({"element_name": "b", "maxAutonomousSteps": -1}),
        ),
        (
            "execute_agent",
            json!({"element_name": "b", "riskTolerance": "yolo"}),
        ),
        (
            "verify_challenge",
            json!({"challenge_id": "nope", "code": "x", "element_name": "a"}),
        ),
        ("no_such_operation", json!({})),
        ("introspect", json!({"query": "everything"})),
    ];
    for (op, params) in cases {
        let r = h.call(op, params.clone());
        assert_eq!(r["success"], false, "{op} {params}: {r}");
        let code = r["error"]["code"].as_str().expect("code");
        assert!(
            code.starts_with("VALIDATION_") || code.starts_with("NOT_FOUND_"),
            "{op}: {code}"
        );
        assert!(!r["error"]["message"].as_str().unwrap_or("").is_empty());
    }
    // The execution is where it was: no step was counted.
    let r = h.step("a", ADVISORY);
    assert_eq!(r.step, 1);
}

#[test]
fn agents_reporting_at_once_are_each_decided_on_their_own() {
    let h = Harness::with_loop(json!({"max_autonomous_steps": 100}));
    let agents: Vec<String> = (0..6).map(|i| format!("agent-{i}")).collect();
    for a in &agents {
        h.start(a);
    }
    std::thread::scope(|s| {
        for (i, a) in agents.iter().enumerate() {
            let h = &h;
            s.spawn(move || {
                for n in 0..20 {
                    // Agent 0 is stopped on its fifth step; the others keep going.
                    let hint = if i == 0 && n == 4 { DENIED } else { ADVISORY };
                    let r = h.step(a, hint);
                    if i == 0 && n >= 4 {
                        assert!(r.directive.is_stopped(), "{a} step {n}");
                    } else {
                        assert!(r.directive.proceed, "{a} step {n}: {:?}", r.directive);
                    }
                }
            });
        }
    });
    let blocked = h.engine.blocked_agents().expect("blocks");
    assert_eq!(blocked.len(), 1);
    assert_eq!(blocked[0].agent, "agent-0");
}

#[test]
fn past_the_running_executions_limit_only_running_agents_may_start_again() {
    let h = Harness::with_loop(json!({"max_running_executions": 2}));
    h.start("a");
    h.start("b");
    let refused = h.call("execute_agent", json!({"element_name": "c"}));
    assert_eq!(refused["success"], false, "{refused}");
    assert_eq!(refused["error"]["code"], "RATE_LIMIT_EXCEEDED", "{refused}");
    assert_eq!(refused["error"]["details"]["limit_value"], 2, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("complete_execution")),
        "the message says what to do: {refused}"
    );
    // Nothing changed: c has no execution, a and b still run.
    let c_step = h.call(
        "record_execution_step",
        json!({"element_name": "c", "nextActionHint": "ls"}),
    );
    assert_eq!(c_step["error"]["code"], "NOT_FOUND_EXECUTION", "{c_step}");
    // A running agent's new execution replaces its old one: still allowed at the limit.
    let again = h.call("execute_agent", json!({"element_name": "a"}));
    assert_eq!(again["success"], true, "{again}");
    assert!(
        again["data"]["replaced_execution_id"].is_string(),
        "{again}"
    );
    // Completing one makes room.
    let done = h.call("complete_execution", json!({"element_name": "b"}));
    assert_eq!(done["success"], true, "{done}");
    h.start("c");
}
