//! Limits an agent cannot reset by starting over (issue #14): the step limit counts per agent
//! across its executions, and approval requests are rate-limited per agent.

use airlock_engine::{GateAnswer, OperationCall};
use jiff::SignedDuration;
use serde_json::{Value, json};

use crate::common::*;

#[test]
fn a_new_execution_every_nine_steps_does_not_reset_the_step_limit() {
    let h = Harness::with_loop(json!({"max_autonomous_steps": 10}));
    let mut taken = 0;
    let paused_at = 'agent: {
        for _ in 0..5 {
            h.start("a");
            for _ in 0..9 {
                taken += 1;
                let r = h.step("a", ADVISORY);
                if !r.directive.proceed {
                    assert_eq!(r.directive.reason.as_deref(), Some("Step limit exceeded"));
                    break 'agent taken;
                }
            }
        }
        panic!("45 steps over five executions and the step limit never paused the agent");
    };
    assert_eq!(paused_at, 11, "the eleventh step of the agent pauses");
    // A new execution does not lift the pause either.
    h.start("a");
    assert!(!h.step("a", ADVISORY).directive.proceed);
}

#[test]
fn the_step_count_starts_again_when_its_window_passes() {
    let h = Harness::with_loop(json!({"max_autonomous_steps": 3, "step_window_seconds": 600}));
    h.start("a");
    for _ in 0..3 {
        assert!(h.step("a", ADVISORY).directive.proceed);
    }
    h.clock.advance(SignedDuration::from_secs(599));
    h.start("a");
    assert!(
        !h.step("a", ADVISORY).directive.proceed,
        "within the window"
    );
    h.clock.advance(SignedDuration::from_secs(1));
    // The pause waits for a person; its approval lifts when it expires, then the step is
    // counted afresh in a new window.
    h.clock.advance(SignedDuration::from_secs(900));
    let r = h.step("a", ADVISORY);
    assert!(r.directive.proceed, "{:?}", r.directive);
    assert_eq!(r.directive.steps_remaining, Some(2));
}

fn harness_with_files(limit: Value) -> Harness {
    Harness::with_policy(|policy| {
        policy["adapters"] = json!({
            "files": {"trust": {"level": "validated", "validated_at": "2026-11-01T00:00:00Z"}}
        });
        policy["safety_loop"]["approval_requests"] = limit;
    })
}

fn delete(h: &Harness, agent: &str, path: &str) -> GateAnswer {
    let params = json!({"path": path});
    h.engine
        .gate_operation(OperationCall {
            agent,
            adapter: "files",
            operation: "delete_file",
            endpoint: None,
            params: &params,
            annotations: None,
            trust: None,
            autonomy: None,
            safety_mode: None,
            not_offered: false,
        })
        .expect("gate")
}

fn operator_messages(h: &Harness) -> usize {
    std::fs::read_dir(&h.operator_dir)
        .map(|d| {
            d.filter_map(Result::ok)
                .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn approval_requests_are_rate_limited_per_agent_without_messaging_the_operator() {
    let h = harness_with_files(json!({"max_requests": 5, "window_seconds": 600}));
    for i in 0..5 {
        let answer = delete(&h, "a", &format!("/tmp/file-{i}"));
        assert!(
            matches!(answer, GateAnswer::Pending { .. }),
            "request {i}: {answer:?}"
        );
    }
    assert_eq!(operator_messages(&h), 5);
    assert_eq!(h.engine.pending_approvals().expect("list").len(), 5);
    // Varying the params past the limit: refused, nothing recorded, nobody messaged.
    for i in 5..50 {
        match delete(&h, "A", &format!("/tmp/file-{i}")) {
            GateAnswer::Refused { error } => {
                assert_eq!(error["code"], "RATE_LIMIT_EXCEEDED", "{error}");
                assert_eq!(error["details"]["limit_type"], "approval_requests");
            }
            other => panic!("request {i}: {other:?}"),
        }
    }
    assert_eq!(operator_messages(&h), 5);
    assert_eq!(h.engine.pending_approvals().expect("list").len(), 5);
    // Retrying a call that waits finds its approval; it is not a new request.
    assert!(matches!(
        delete(&h, "a", "/tmp/file-0"),
        GateAnswer::Pending { .. }
    ));
    // Another agent has its own budget; the window passing gives the agent a new one.
    assert!(matches!(
        delete(&h, "b", "/tmp/other"),
        GateAnswer::Pending { .. }
    ));
    h.clock.advance(SignedDuration::from_secs(600));
    assert!(matches!(
        delete(&h, "a", "/tmp/file-99"),
        GateAnswer::Pending { .. }
    ));
}

#[test]
fn the_default_approval_rate_limit_is_twenty_per_ten_minutes() {
    let h = harness_with_files(json!({}));
    let pending = (0..40)
        .filter(|i| {
            matches!(
                delete(&h, "a", &format!("/tmp/f{i}")),
                GateAnswer::Pending { .. }
            )
        })
        .count();
    assert_eq!(pending, 20);
    assert_eq!(operator_messages(&h), 20);
}

fn decide_delete(
    h: &Harness,
    agent: &str,
    path: &str,
) -> Result<Value, airlock_engine::DecideError> {
    h.engine
        .decide_recorded(airlock_engine::decide::DecideRequest {
            agent: Some(agent.to_owned()),
            adapter: Some("files".to_owned()),
            operation: Some("delete_file".to_owned()),
            params: Some(json!({"path": path})),
            ..Default::default()
        })
}

/// `/v1/decide` files an approval and messages the operator for each confirm-tier request: it
/// is held to the same per-agent limit as the gate and the loop, with the same refusal.
#[test]
fn decide_approval_requests_are_rate_limited_per_agent_without_messaging_the_operator() {
    let h = harness_with_files(json!({"max_requests": 5, "window_seconds": 600}));
    for i in 0..5 {
        let answer = decide_delete(&h, "a", &format!("/tmp/file-{i}")).expect("decided");
        assert!(answer["approval_id"].is_string(), "request {i}: {answer}");
    }
    assert_eq!(operator_messages(&h), 5);
    for i in 5..40 {
        match decide_delete(&h, "A", &format!("/tmp/file-{i}")) {
            Err(airlock_engine::DecideError::Refused(error)) => {
                assert_eq!(error["code"], "RATE_LIMIT_EXCEEDED", "{error}");
                assert_eq!(error["details"]["limit_type"], "approval_requests");
            }
            other => panic!("request {i}: {other:?}"),
        }
    }
    assert_eq!(operator_messages(&h), 5, "nobody messaged past the limit");
    assert_eq!(h.engine.pending_approvals().expect("list").len(), 5);
    // The refusals are audited.
    assert!(h.audit().iter().any(|e| {
        e["outcome"] == "denied"
            && e["reasons"]
                .to_string()
                .contains("safety_loop.approval_requests")
    }));
    // Retrying a request that waits finds its approval; another agent has its own budget.
    let again = decide_delete(&h, "a", "/tmp/file-0").expect("decided");
    assert!(again["approval_id"].is_string(), "{again}");
    assert!(decide_delete(&h, "b", "/tmp/other").is_ok());
    h.clock.advance(SignedDuration::from_secs(600));
    assert!(decide_delete(&h, "a", "/tmp/file-99").is_ok());
}
