//! One answer everywhere (issue #13 item 6): the loop's directive and `decide` (what `airlock
//! check --hint` and `POST /v1/decide` answer) come from the same rule, the strictest layer wins.

use airlock_core::Outcome;
use airlock_engine::decide::{DecideRequest, decide};

use crate::common::*;

fn check_outcome(h: &Harness, hint: &str) -> (Outcome, Option<String>) {
    let set = h.engine.policy().current();
    let report = decide(
        set.gate(),
        Some(&set),
        &DecideRequest {
            hint: Some(hint.to_owned()),
            agent: Some("cli".to_owned()),
            ..DecideRequest::default()
        },
        "2026-11-26T09:00:00Z".parse().expect("time"),
    )
    .expect("decide");
    let reason = report.assessment.and_then(|a| a.reason);
    (report.outcome, reason)
}

fn loop_outcome(h: &Harness, agent: &str, hint: &str) -> (Outcome, StepAnswerView) {
    h.start(agent);
    let a = h.step(agent, hint);
    let d = &a.directive;
    let outcome = if d.is_stopped() {
        Outcome::Stop
    } else if d.proceed {
        Outcome::Allow
    } else if d
        .notifications
        .iter()
        .any(|n| n.metadata.verification_id.is_some())
    {
        Outcome::Verify
    } else {
        Outcome::Confirm
    };
    (
        outcome,
        StepAnswerView {
            reason: d.reason.clone().unwrap_or_default(),
            factors: d.factors.clone(),
        },
    )
}

struct StepAnswerView {
    reason: String,
    factors: Vec<String>,
}

#[test]
fn a_requires_approval_pattern_does_not_soften_a_danger_zone_score_in_the_loop() {
    let h = Harness::new();
    // `deploy *` requires approval; `tier-danger` scores 95 (danger_zone).
    let hint = "deploy the task tier-danger alpha";
    let (in_loop, view) = loop_outcome(&h, "deployer", hint);
    let (in_check, check_reason) = check_outcome(&h, hint);
    assert_eq!(
        in_loop,
        Outcome::Stop,
        "{}: {:?}",
        view.reason,
        view.factors
    );
    assert_eq!(in_check, Outcome::Stop);
    // The strictest layer's reason first, the pattern after it; every factor kept.
    assert!(
        view.reason.starts_with("Action is in the danger_zone tier"),
        "{}",
        view.reason
    );
    assert!(
        view.reason.contains("a requiresApproval pattern"),
        "{}",
        view.reason
    );
    assert!(
        view.factors
            .iter()
            .any(|f| f.contains("requiresApproval pattern 'deploy *'")),
        "{:?}",
        view.factors
    );
    assert_eq!(
        check_reason.as_deref().map(|r| r.split(" (").next()),
        Some(view.reason.split(" (").next())
    );
}

#[test]
fn an_auto_approved_action_with_a_danger_zone_score_still_stops() {
    let h = Harness::new();
    // `read *` auto-approves; `tier-danger` scores 95 and `tier-high` 70.
    for (agent, hint, expected) in [
        ("reader-1", "read the task tier-danger alpha", Outcome::Stop),
        ("reader-2", "read the task tier-high alpha", Outcome::Verify),
        (
            "reader-3",
            "read the task tier-confirm alpha",
            Outcome::Allow,
        ),
        ("reader-4", AUTO, Outcome::Allow),
    ] {
        let (in_loop, view) = loop_outcome(&h, agent, hint);
        let (in_check, _) = check_outcome(&h, hint);
        assert_eq!(
            in_loop, expected,
            "{hint}: {} {:?}",
            view.reason, view.factors
        );
        assert_eq!(in_check, expected, "{hint}");
    }
}

#[test]
fn every_tier_and_pattern_gets_the_same_outcome_in_the_loop_and_in_check() {
    let h = Harness::new();
    let hints = [
        ADVISORY,
        EDGE,
        CONFIRM,
        VERIFY,
        DANGER,
        DENIED,
        NEEDS_APPROVAL,
        AUTO,
        "deploy the task tier-high alpha",
        "deploy the task tier-confirm alpha",
        "drop table customers, task tier-danger alpha",
    ];
    for (n, hint) in hints.iter().enumerate() {
        let (in_loop, view) = loop_outcome(&h, &format!("agent-{n}"), hint);
        let (in_check, _) = check_outcome(&h, hint);
        assert_eq!(
            in_loop, in_check,
            "{hint}: loop {} {:?}",
            view.reason, view.factors
        );
    }
}
