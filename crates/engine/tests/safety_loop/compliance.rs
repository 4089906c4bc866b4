//! One test per MUST, SHOULD and implemented MAY of the safety loop spec, sections 9.1-9.3,
//! named after the requirement. docs/compliance.md maps each to its spec section. Three
//! requirements are proven in their own files because they need a process or a whole flow:
//! restarts (`restart.rs`), channel separation (`secrecy.rs`), self-approval
//! (`self_approval.rs`).

use airlock_core::{Endpoint, LoopMode, SafetyTier};
use airlock_engine::{NotificationType, StartRequest, StepOutcome, StepReport};
use jiff::SignedDuration;
use serde_json::{Value, json};

use crate::common::*;

fn introspect(h: &Harness) -> Value {
    let r = h.call("introspect", json!({"query": "operations"}));
    assert_eq!(r["success"], true, "{r}");
    r["data"].clone()
}

// ---- 9.1 MUST: core operations and introspection ----

#[test]
fn must_document_safety_loop_support_via_introspection() {
    let h = Harness::new();
    let data = introspect(&h);
    assert_eq!(
        data["_protocol"]["capabilities"]["execution_safety_loop"],
        "enforcing"
    );
    let names: Vec<&str> = data["operations"]
        .as_array()
        .expect("operations")
        .iter()
        .filter_map(|o| o["name"].as_str())
        .collect();
    for op in [
        "execute_agent",
        "record_execution_step",
        "complete_execution",
        "abort_execution",
        "confirm_operation",
        "verify_challenge",
        "introspect",
    ] {
        assert!(names.contains(&op), "{op} in {names:?}");
    }
}

#[test]
fn must_indicate_via_introspection_whether_enforcement_is_active_or_disabled() {
    for mode in [
        LoopMode::Enforcing,
        LoopMode::Monitoring,
        LoopMode::Logging,
        LoopMode::Disabled,
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let h = Harness::open_at(dir.path(), json!({}), Some(mode));
        assert_eq!(
            introspect(&h)["_protocol"]["capabilities"]["execution_safety_loop"],
            mode.as_str()
        );
    }
    // The policy's own setting, without an override.
    let h = Harness::with_loop(json!({"mode": "monitoring"}));
    assert_eq!(
        introspect(&h)["_protocol"]["capabilities"]["execution_safety_loop"],
        "monitoring"
    );
}

#[test]
fn must_implement_execute_record_complete_and_abort() {
    let h = Harness::new();
    let started = h.call(
        "execute_agent",
        json!({"element_name": "a", "goal": "tidy"}),
    );
    assert_eq!(started["success"], true, "{started}");
    let id = started["data"]["execution_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let step = h.call(
        "record_execution_step",
        json!({"element_name": "a", "nextActionHint": ADVISORY}),
    );
    assert_eq!(step["data"]["continue"], true, "{step}");
    assert_eq!(step["data"]["execution_id"], id.as_str());
    assert_eq!(step["data"]["step"], 1);
    let done = h.call("complete_execution", json!({"element_name": "a"}));
    assert_eq!(done["data"]["state"], "completed", "{done}");
    // A finished execution takes no more steps.
    let after = h.call(
        "record_execution_step",
        json!({"element_name": "a", "nextActionHint": ADVISORY, "execution_id": id}),
    );
    assert_eq!(
        after["error"]["code"], "VALIDATION_EXECUTION_FINISHED",
        "{after}"
    );
    let none = h.call(
        "record_execution_step",
        json!({"element_name": "a", "nextActionHint": ADVISORY}),
    );
    assert_eq!(none["error"]["code"], "NOT_FOUND_EXECUTION", "{none}");

    h.call("execute_agent", json!({"element_name": "b"}));
    let aborted = h.call(
        "abort_execution",
        json!({"element_name": "b", "reason": "user cancelled"}),
    );
    assert_eq!(aborted["data"]["state"], "aborted", "{aborted}");
    // A report without a hint is a validation error, not a directive.
    h.call("execute_agent", json!({"element_name": "c"}));
    let missing = h.call("record_execution_step", json!({"element_name": "c"}));
    assert_eq!(
        missing["error"]["code"], "VALIDATION_MISSING_PARAM",
        "{missing}"
    );
    assert_eq!(missing["error"]["details"]["param"], "nextActionHint");
}

#[test]
fn must_place_record_execution_step_on_the_create_endpoint() {
    let h = Harness::new();
    assert_eq!(
        airlock_engine::ops::endpoint_of("record_execution_step"),
        Some(Endpoint::Create)
    );
    h.start("a");
    let wrong = h.engine.call(
        Endpoint::Execute,
        "record_execution_step",
        &json!({"element_name": "a", "nextActionHint": ADVISORY}),
    );
    assert_eq!(
        wrong["error"]["code"], "VALIDATION_WRONG_ENDPOINT",
        "{wrong}"
    );
    let detail = h.call(
        "introspect",
        json!({"query": "operations", "name": "record_execution_step"}),
    );
    assert_eq!(detail["data"]["operation"]["semantic_category"], "CREATE");
    assert_eq!(detail["data"]["operation"]["mcpTool"], "mcp_aql_create");
}

#[test]
fn must_place_execute_complete_and_abort_on_the_execute_endpoint() {
    for op in ["execute_agent", "complete_execution", "abort_execution"] {
        assert_eq!(
            airlock_engine::ops::endpoint_of(op),
            Some(Endpoint::Execute),
            "{op}"
        );
    }
    let h = Harness::new();
    let wrong = h.engine.call(
        Endpoint::Create,
        "execute_agent",
        &json!({"element_name": "a"}),
    );
    assert_eq!(
        wrong["error"]["code"], "VALIDATION_WRONG_ENDPOINT",
        "{wrong}"
    );
}

// ---- 9.1 MUST: the AutonomyDirective contract ----

/// Checks `data` against the AutonomyDirective of core spec 8.7.1 (plus the `execution_id` and
/// `step` record_execution_step adds): `continue` and `factors` always, each optional field of
/// its type when present, no other field, and `reason` whenever the agent may not go on.
fn assert_is_autonomy_directive(data: &Value, context: &str) {
    let object = data
        .as_object()
        .unwrap_or_else(|| panic!("{context}: not an object: {data}"));
    for key in object.keys() {
        assert!(
            [
                "continue",
                "factors",
                "stopped",
                "reason",
                "stepsRemaining",
                "nextStepRisk",
                "notifications",
                "execution_id",
                "step",
            ]
            .contains(&key.as_str()),
            "{context}: '{key}' is not a field of the directive: {data}"
        );
    }
    let proceed = data["continue"]
        .as_bool()
        .unwrap_or_else(|| panic!("{context}: continue is a boolean: {data}"));
    let factors = data["factors"]
        .as_array()
        .unwrap_or_else(|| panic!("{context}: factors is an array: {data}"));
    assert!(
        !factors.is_empty()
            && factors
                .iter()
                .all(|f| f.as_str().is_some_and(|f| !f.is_empty())),
        "{context}: factors are readable strings: {data}"
    );
    if let Some(stopped) = data.get("stopped") {
        assert_eq!(
            stopped,
            &Value::Bool(true),
            "{context}: stopped is only ever true: {data}"
        );
        assert!(!proceed, "{context}: a stop does not continue: {data}");
    }
    if !proceed {
        assert!(
            data["reason"].as_str().is_some_and(|r| !r.is_empty()),
            "{context}: a pause or stop says why: {data}"
        );
    }
    if let Some(reason) = data.get("reason") {
        assert!(reason.is_string(), "{context}: {data}");
    }
    if let Some(n) = data.get("stepsRemaining") {
        assert!(n.is_u64(), "{context}: stepsRemaining is a count: {data}");
    }
    if let Some(tier) = data.get("nextStepRisk") {
        assert!(
            ["advisory", "confirm", "verify", "danger_zone"].contains(&tier.as_str().unwrap_or("")),
            "{context}: nextStepRisk is a SafetyTier: {data}"
        );
    }
    if let Some(notifications) = data.get("notifications") {
        for n in notifications.as_array().expect("notifications is an array") {
            assert!(
                [
                    "permission_pending",
                    "autonomy_pause",
                    "danger_zone",
                    "status",
                    "error"
                ]
                .contains(&n["type"].as_str().unwrap_or("")),
                "{context}: a notification type of 8.7.3: {n}"
            );
        }
    }
    assert!(data["execution_id"].is_string(), "{context}: {data}");
    assert!(data["step"].is_u64(), "{context}: {data}");
}

#[test]
fn must_return_an_autonomy_directive_on_every_record_execution_step() {
    let h = Harness::new();
    h.start("a");
    // What each report must answer: go on, pause for a person, or stop (and, once stopped,
    // every later report is refused too).
    for (step, (hint, proceeds, stops)) in [
        (ADVISORY, true, false),
        (AUTO, true, false),
        (CONFIRM, false, false),
        (CONFIRM, false, false),
        (DENIED, false, true),
        (ADVISORY, false, true),
    ]
    .into_iter()
    .enumerate()
    {
        let r = h.call(
            "record_execution_step",
            json!({"element_name": "a", "nextActionHint": hint}),
        );
        let context = format!("step {} ({hint})", step + 1);
        assert_eq!(r["success"], true, "{context}: {r}");
        assert_is_autonomy_directive(&r["data"], &context);
        assert_eq!(r["data"]["continue"], proceeds, "{context}: {r}");
        assert_eq!(r["data"]["stopped"] == true, stops, "{context}: {r}");
    }
}

#[test]
fn must_include_continue_and_factors_in_every_directive() {
    for mode in [
        LoopMode::Enforcing,
        LoopMode::Monitoring,
        LoopMode::Logging,
        LoopMode::Disabled,
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let h = Harness::open_at(dir.path(), json!({}), Some(mode));
        h.start("a");
        for hint in [ADVISORY, CONFIRM, VERIFY, DANGER] {
            let r = h.call(
                "record_execution_step",
                json!({"element_name": "a", "nextActionHint": hint}),
            );
            let d = &r["data"];
            assert!(d["continue"].is_boolean(), "{mode} {hint}: {r}");
            let factors = d["factors"].as_array().expect("factors");
            assert!(!factors.is_empty(), "{mode} {hint}: factors say why: {r}");
        }
    }
}

#[test]
fn must_not_allow_an_agent_to_proceed_after_a_stop_directive() {
    let h = Harness::new();
    h.start("a");
    let stop = h.step("a", DENIED);
    assert!(stop.directive.is_stopped());
    assert!(!stop.directive.proceed);
    // Harmless, auto-approved, or the same: nothing proceeds.
    for hint in [ADVISORY, AUTO, DENIED] {
        let next = h.step("a", hint);
        assert!(!next.directive.proceed, "{hint}");
        assert!(next.directive.is_stopped(), "{hint}");
    }
}

#[test]
fn must_not_set_stopped_when_in_monitoring_mode() {
    let h = Harness::with_loop(json!({"mode": "monitoring", "max_autonomous_steps": 2}));
    h.start("a");
    for hint in [DENIED, DANGER, VERIFY, CONFIRM, NEEDS_APPROVAL, DENIED] {
        let r = h.step("a", hint);
        assert!(r.directive.proceed, "{hint}: continue is always true");
        assert_eq!(r.directive.stopped, None, "{hint}");
    }
    // Nothing was blocked either: an enforcing engine on the same state sees no block.
    assert!(h.engine.blocked_agents().expect("blocks").is_empty());
}

/// `logging` and `disabled` evaluate nothing: every step continues, nothing is blocked,
/// paused or challenged, and the step limit is not applied; `logging` still records each step
/// in the audit log, `disabled` records nothing.
#[test]
fn logging_and_disabled_modes_never_pause_or_stop() {
    for mode in ["logging", "disabled"] {
        let h = Harness::with_loop(json!({"mode": mode, "max_autonomous_steps": 2}));
        h.start("a");
        let hints = [DENIED, DANGER, VERIFY, CONFIRM, NEEDS_APPROVAL, DENIED];
        for hint in hints {
            let r = h.step("a", hint);
            assert!(r.directive.proceed, "{mode} {hint}: continue");
            assert_eq!(r.directive.stopped, None, "{mode} {hint}");
            assert!(r.directive.notifications.is_empty(), "{mode} {hint}");
        }
        assert!(
            h.engine.blocked_agents().expect("blocks").is_empty(),
            "{mode}"
        );
        assert!(
            h.engine.pending_approvals().expect("approvals").is_empty(),
            "{mode}"
        );
        let recorded = h
            .audit()
            .iter()
            .filter(|e| e["agent"] == "a" && e["operation"] != "execute_agent")
            .count();
        let expected = if mode == "logging" { hints.len() } else { 0 };
        assert_eq!(recorded, expected, "{mode}: audit entries of the steps");
    }
}

#[test]
fn must_return_stopped_for_the_danger_zone_tier_and_deny_patterns() {
    let h = Harness::new();
    h.start("a");
    let r = h.step("a", DANGER);
    assert!(r.directive.is_stopped(), "danger_zone tier");
    assert_eq!(r.directive.next_step_risk, Some(SafetyTier::DangerZone));
    h.start("b");
    let r = h.step("b", DENIED);
    assert!(r.directive.is_stopped(), "deny pattern");
    assert!(
        r.directive
            .reason
            .as_deref()
            .is_some_and(|s| s.contains("drop table*")),
        "{:?}",
        r.directive.reason
    );
}

// ---- 9.1 MUST: step limit ----

#[test]
fn must_implement_the_step_limit_with_a_configurable_max_autonomous_steps() {
    let h = Harness::with_loop(json!({"max_autonomous_steps": 3}));
    h.start("a");
    let mut remaining = Vec::new();
    for _ in 0..3 {
        let r = h.step("a", ADVISORY);
        assert!(r.directive.proceed);
        remaining.push(r.directive.steps_remaining);
    }
    assert_eq!(remaining, [Some(2), Some(1), Some(0)]);
    let r = h.step("a", ADVISORY);
    assert!(!r.directive.proceed, "the 4th step pauses");
    assert_eq!(r.directive.reason.as_deref(), Some("Step limit exceeded"));
}

// ---- 9.1 MUST: notifications and self-approval ----

#[test]
fn must_broadcast_a_danger_zone_notification_to_all_executing_agents_on_stop() {
    let h = Harness::new();
    for a in ["a", "b", "c"] {
        h.start(a);
    }
    let stop = h.step("a", DENIED);
    let id = verification_id(&stop);
    let own = stop
        .directive
        .notifications
        .iter()
        .find(|n| n.kind == NotificationType::DangerZone)
        .expect("the stopped agent gets it too");
    assert_eq!(own.metadata.verification_id.as_deref(), Some(id.as_str()));
    for other in ["b", "c"] {
        let r = h.step(other, ADVISORY);
        let dz: Vec<_> = r
            .directive
            .notifications
            .iter()
            .filter(|n| n.kind == NotificationType::DangerZone)
            .collect();
        assert_eq!(dz.len(), 1, "{other}");
        assert_eq!(dz[0].metadata.verification_id.as_deref(), Some(id.as_str()));
        assert_eq!(dz[0].metadata.agent.as_deref(), Some("a"));
    }
}

#[test]
fn must_include_a_danger_zone_notification_with_verification_id_for_danger_zone_and_deny() {
    let h = Harness::new();
    for (agent, hint) in [("a", DANGER), ("b", DENIED)] {
        h.start(agent);
        let r = h.step(agent, hint);
        let n = r
            .directive
            .notifications
            .iter()
            .find(|n| n.kind == NotificationType::DangerZone)
            .expect("danger_zone notification");
        let id = n
            .metadata
            .verification_id
            .as_deref()
            .expect("verificationId");
        assert!(uuid::Uuid::parse_str(id).is_ok(), "{id}");
    }
}

#[test]
fn must_include_an_autonomy_pause_notification_with_verification_id_for_verify_tier() {
    let h = Harness::new();
    h.start("a");
    let r = h.step("a", VERIFY);
    assert!(!r.directive.proceed);
    assert_eq!(r.directive.stopped, None, "verify pauses, it does not stop");
    let n = r
        .directive
        .notifications
        .iter()
        .find(|n| n.kind == NotificationType::AutonomyPause)
        .expect("autonomy_pause");
    assert!(n.metadata.verification_id.is_some());
}

#[test]
fn must_prevent_self_approval() {
    // The full proof, every agent-side operation tried, is in self_approval.rs; here the core:
    // confirm_operation from the agent's session reports, it does not approve.
    let h = Harness::new();
    h.start("a");
    let paused = h.step("a", CONFIRM);
    let id = approval_id(&paused);
    let r = h.call("confirm_operation", json!({"approval_id": id}));
    assert_eq!(r["data"]["status"], "pending", "{r}");
    assert!(!h.step("a", CONFIRM).directive.proceed);
}

// ---- 9.1 MUST: out-of-band verification ----

#[test]
fn must_require_out_of_band_verification_for_verify_danger_zone_and_deny() {
    let h = Harness::new();
    for (agent, hint) in [("v", VERIFY), ("d", DANGER), ("x", DENIED)] {
        h.start(agent);
        let r = h.step(agent, hint);
        assert!(!r.directive.proceed, "{hint}");
        let id = verification_id(&r);
        // The person got a code through the human channel, and only it moves the agent on.
        let code = h.code_for(&id);
        assert!(
            !h.step(agent, ADVISORY).directive.proceed,
            "{hint}: still held"
        );
        let ok = h.call(
            "verify_challenge",
            json!({"challenge_id": id, "code": code, "element_name": agent}),
        );
        assert_eq!(ok["success"], true, "{hint}: {ok}");
        assert!(
            h.step(agent, ADVISORY).directive.proceed,
            "{hint}: released"
        );
    }
}

#[test]
fn must_generate_codes_with_at_least_128_bits_from_a_csprng() {
    let h = Harness::new();
    let mut codes = std::collections::HashSet::new();
    for i in 0..20 {
        let agent = format!("agent-{i}");
        h.start(&agent);
        let r = h.step(&agent, DENIED);
        let code = h.code_for(&verification_id(&r));
        let symbols: String = code.chars().filter(|c| *c != '-').collect();
        // Crockford base32: 5 bits a symbol.
        assert!(symbols.len() * 5 >= 128, "{} bits", symbols.len() * 5);
        assert!(
            symbols
                .chars()
                .all(|c| "0123456789ABCDEFGHJKMNPQRSTVWXYZ".contains(c)),
            "{code}"
        );
        assert!(codes.insert(code), "codes do not repeat");
    }
    // Not time-based: codes issued at the same instant differ (the clock stood still above).
}

#[test]
fn must_treat_an_expired_verification_challenge_as_failed() {
    let h = Harness::new();
    h.start("a");
    let r = h.step("a", DENIED);
    let id = verification_id(&r);
    let code = h.code_for(&id);
    h.clock.advance(SignedDuration::from_secs(301));
    let late = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": code, "element_name": "a"}),
    );
    assert_eq!(
        late["error"]["code"], "PERMISSION_VERIFICATION_FAILED",
        "{late}"
    );
    assert_eq!(late["error"]["details"]["reason"], "expired");
    assert!(
        h.step("a", ADVISORY).directive.is_stopped(),
        "still blocked"
    );
}

// ---- 9.1 MUST: blocking semantics ----

#[test]
fn must_reject_all_execution_operations_of_a_hard_blocked_agent() {
    let h = Harness::new();
    h.start("a");
    h.step("a", DENIED);
    assert!(h.step("a", ADVISORY).directive.is_stopped());
    let again = h.call("execute_agent", json!({"element_name": "a"}));
    assert_eq!(
        again["error"]["code"], "PERMISSION_AGENT_BLOCKED",
        "{again}"
    );
    // Other agents are not affected.
    h.start("b");
    assert!(h.step("b", ADVISORY).directive.proceed);
}

#[test]
fn must_not_allow_bypassing_a_hard_block_by_starting_a_new_execution() {
    let h = Harness::new();
    h.start("a");
    h.step("a", DANGER);
    let r = h.engine.execute_agent(StartRequest {
        agent: "a".into(),
        ..StartRequest::default()
    });
    assert_eq!(r.expect_err("refused").code, "PERMISSION_AGENT_BLOCKED");
    // Ending the execution does not help either.
    h.call("abort_execution", json!({"element_name": "a"}));
    let r = h.call("execute_agent", json!({"element_name": "a"}));
    assert_eq!(r["error"]["code"], "PERMISSION_AGENT_BLOCKED", "{r}");
}

// must_persist_hard_blocked_agent_state_across_restarts: restart.rs.
// must_keep_verification_codes_out_of_every_agent_visible_channel: secrecy.rs.

// ---- 9.2 SHOULD ----

#[test]
fn should_evaluate_actions_through_the_multi_stage_pipeline_in_order() {
    // Stage 1 before stage 2 before stage 3: with the step limit reached, a failure report and
    // a deny pattern, the step limit answers.
    let h = Harness::with_loop(json!({"max_autonomous_steps": 1}));
    h.start("a");
    assert!(h.step("a", ADVISORY).directive.proceed);
    let r = h
        .engine
        .record_execution_step(StepReport {
            agent: "a".into(),
            hint: DENIED.into(),
            outcome: Some(StepOutcome::Failure),
            ..StepReport::default()
        })
        .expect("step");
    assert_eq!(r.directive.reason.as_deref(), Some("Step limit exceeded"));
    assert!(!r.directive.is_stopped());

    // Stage 2 before stage 3: a failure report pauses before the deny pattern is looked at.
    let h = Harness::new();
    h.start("a");
    let r = h
        .engine
        .record_execution_step(StepReport {
            agent: "a".into(),
            hint: DENIED.into(),
            outcome: Some(StepOutcome::Failure),
            ..StepReport::default()
        })
        .expect("step");
    assert_eq!(r.directive.reason.as_deref(), Some("Previous step failed"));

    // Stages 3-5 are judged as one, the strictest layer winning (issue #13): a
    // requiresApproval pattern does not turn a danger_zone score into an approval; its reason
    // comes after the stricter one.
    let h = Harness::new();
    h.start("a");
    let r = h.step("a", "deploy tier-danger");
    assert!(!r.directive.proceed);
    assert!(r.directive.is_stopped());
    let reason = r.directive.reason.as_deref().unwrap_or_default();
    assert!(
        reason.starts_with("Action is in the danger_zone tier"),
        "{reason}"
    );
    assert!(reason.contains("a requiresApproval pattern"), "{reason}");
}

#[test]
fn should_return_continue_false_with_a_reason_when_the_step_limit_is_exceeded() {
    let h = Harness::with_loop(json!({"max_autonomous_steps": 2}));
    h.start("a");
    h.step("a", ADVISORY);
    h.step("a", ADVISORY);
    let r = h.step("a", ADVISORY);
    assert!(!r.directive.proceed);
    assert_eq!(r.directive.reason.as_deref(), Some("Step limit exceeded"));
    // A person lets it go on: the budget starts again.
    let id = approval_id(&r);
    h.engine.approve(&id, operator()).expect("approve");
    assert!(h.step("a", ADVISORY).directive.proceed);
    assert_eq!(h.step("a", ADVISORY).directive.steps_remaining, Some(0));
}

#[test]
fn should_document_the_default_step_limit_via_introspection() {
    let h = Harness::new();
    assert_eq!(
        introspect(&h)["_protocol"]["safety_loop"]["maxAutonomousSteps"],
        10
    );
    let detail = h.call(
        "introspect",
        json!({"query": "operations", "name": "execute_agent"}),
    );
    let params = detail["data"]["operation"]["parameters"]
        .as_array()
        .expect("params");
    let steps = params
        .iter()
        .find(|p| p["name"] == "maxAutonomousSteps")
        .expect("param");
    assert_eq!(steps["default"], 10);
}

#[test]
fn should_return_continue_false_when_the_previous_step_failed() {
    let h = Harness::new();
    h.start("a");
    let r = h.call(
        "record_execution_step",
        json!({"element_name": "a", "nextActionHint": ADVISORY, "outcome": "failure",
               "stepDescription": "ran the migration", "findings": "it failed halfway"}),
    );
    assert_eq!(r["data"]["continue"], false, "{r}");
    assert_eq!(r["data"]["reason"], "Previous step failed");
    // A bad outcome value is a validation error, not silently ignored.
    let bad = h.call(
        "record_execution_step",
        json!({"element_name": "a", "nextActionHint": ADVISORY, "outcome": "meh"}),
    );
    assert_eq!(bad["error"]["code"], "VALIDATION_INVALID_ENUM", "{bad}");
}

#[test]
fn should_support_deny_requires_approval_and_auto_approve_patterns() {
    let h = Harness::new();
    h.start("a");
    let auto = h.step("a", AUTO);
    assert!(auto.directive.proceed);
    assert!(
        auto.directive
            .factors
            .iter()
            .any(|f| f.contains("autoApprove")),
        "{:?}",
        auto.directive.factors
    );
    h.start("b");
    let approval = h.step("b", NEEDS_APPROVAL);
    assert!(!approval.directive.proceed && !approval.directive.is_stopped());
    assert!(
        approval
            .directive
            .notifications
            .iter()
            .any(|n| n.kind == NotificationType::PermissionPending)
    );
    h.start("c");
    assert!(h.step("c", DENIED).directive.is_stopped());
}

#[test]
fn should_not_allow_proceeding_after_continue_false_without_human_intervention() {
    let h = Harness::new();
    h.start("a");
    let r = h.step("a", CONFIRM);
    assert!(!r.directive.proceed);
    let id = approval_id(&r);
    // Whatever the agent reports, for as long as no person acts.
    for _ in 0..5 {
        assert!(!h.step("a", ADVISORY).directive.proceed);
        assert!(!h.step("a", CONFIRM).directive.proceed);
    }
    // A new execution does not get around it either.
    h.start("a");
    assert!(!h.step("a", ADVISORY).directive.proceed);
    h.engine.approve(&id, operator()).expect("approve");
    let go = h.step("a", CONFIRM);
    assert!(go.directive.proceed, "{:?}", go.directive);
    // Once.
    assert!(!h.step("a", CONFIRM).directive.proceed);
}

#[test]
fn should_implement_confirm_operation_for_confirm_tier_pauses() {
    let h = Harness::new();
    h.start("a");
    let id = approval_id(&h.step("a", CONFIRM));
    let pending = h.call("confirm_operation", json!({"approval_id": id}));
    assert_eq!(pending["data"]["status"], "pending", "{pending}");
    assert_eq!(pending["data"]["what"]["action"], CONFIRM);
    assert!(
        pending["data"]["how_to_approve"]
            .as_str()
            .is_some_and(|s| s.contains(&id))
    );
    h.engine.approve(&id, operator()).expect("approve");
    let approved = h.call("confirm_operation", json!({"approval_id": id}));
    assert_eq!(approved["data"]["status"], "approved");
    assert!(h.step("a", CONFIRM).directive.proceed);
    let used = h.call("confirm_operation", json!({"approval_id": id}));
    assert_eq!(used["data"]["status"], "used");
    let missing = h.call("confirm_operation", json!({"approval_id": "nope"}));
    assert_eq!(missing["error"]["code"], "NOT_FOUND_APPROVAL");
}

#[test]
fn should_implement_verify_challenge_for_verify_pauses_and_unblocking() {
    let h = Harness::new();
    h.start("a");
    let r = h.step("a", VERIFY);
    let id = verification_id(&r);
    let ok = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": h.code_for(&id).to_lowercase(), "element_name": "a"}),
    );
    assert_eq!(ok["data"]["result"], "resumed", "{ok}");
    assert!(
        h.step("a", VERIFY).directive.proceed,
        "the verified action, once"
    );

    h.start("b");
    let id = verification_id(&h.step("b", DENIED));
    let ok = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": h.code_for(&id), "element_name": "b"}),
    );
    assert_eq!(ok["data"]["result"], "unblocked", "{ok}");
    assert!(h.step("b", ADVISORY).directive.proceed);
    // A deny pattern is never passed, even after a verification.
    assert!(h.step("b", DENIED).directive.is_stopped());
}

/// The value is the mode in force, whichever set it (an override, the policy, the default).
#[test]
fn should_expose_the_execution_safety_loop_capability_value() {
    let capability =
        |h: &Harness| introspect(h)["_protocol"]["capabilities"]["execution_safety_loop"].clone();
    assert_eq!(capability(&Harness::new()), "enforcing", "the default");
    for mode in ["monitoring", "logging", "disabled"] {
        let h = Harness::with_loop(json!({"mode": mode}));
        assert_eq!(capability(&h), mode, "the policy's");
    }
    for mode in [
        LoopMode::Enforcing,
        LoopMode::Monitoring,
        LoopMode::Logging,
        LoopMode::Disabled,
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        // An override wins over the policy's own mode.
        let h = Harness::open_at(dir.path(), json!({"mode": "logging"}), Some(mode));
        assert_eq!(capability(&h), mode.as_str(), "the override");
    }
}

#[test]
fn should_make_pipeline_elements_configurable_per_agent() {
    let h = Harness::with_loop(json!({"agents": {
        "careful": {"max_autonomous_steps": 1, "risk_tolerance": "conservative"}
    }}));
    let started = h.call("execute_agent", json!({"element_name": "careful"}));
    assert_eq!(started["data"]["maxAutonomousSteps"], 1, "{started}");
    assert_eq!(started["data"]["riskTolerance"], "conservative");
    // Score 28: advisory, but above the conservative threshold of 25.
    let r = h.step("careful", EDGE);
    assert!(!r.directive.proceed, "{:?}", r.directive);
    h.start("bold");
    assert!(h.step("bold", EDGE).directive.proceed);
    // Per execution, only stricter.
    let looser = h.call(
        "execute_agent",
        json!({"element_name": "careful", "riskTolerance": "aggressive"}),
    );
    assert_eq!(
        looser["error"]["code"], "VALIDATION_OUT_OF_RANGE",
        "{looser}"
    );
    let more = h.call(
        "execute_agent",
        json!({"element_name": "bold", "maxAutonomousSteps": 11}),
    );
    assert_eq!(more["error"]["code"], "VALIDATION_OUT_OF_RANGE", "{more}");
    let fewer = h.call(
        "execute_agent",
        json!({"element_name": "bold", "maxAutonomousSteps": 2, "riskTolerance": "conservative"}),
    );
    assert_eq!(fewer["data"]["maxAutonomousSteps"], 2, "{fewer}");
}

#[test]
fn should_document_default_configuration_and_options_via_introspection() {
    let h = Harness::new();
    let s = &introspect(&h)["_protocol"]["safety_loop"];
    assert_eq!(s["riskTolerance"], "moderate");
    assert_eq!(s["challengeTtlSeconds"], 300);
    assert_eq!(s["verificationAttempts"]["maxFailures"], 10);
    assert_eq!(s["verificationAttempts"]["windowSeconds"], 60);
    assert!(s["configurable"].as_array().is_some_and(|a| !a.is_empty()));
}

#[test]
fn should_include_notifications_for_non_hard_block_events() {
    let h = Harness::new();
    h.start("a");
    let r = h.step("a", CONFIRM);
    let n = r
        .directive
        .notifications
        .iter()
        .find(|n| n.kind == NotificationType::AutonomyPause)
        .expect("autonomy_pause");
    let id = n.metadata.approval_id.clone().expect("approval id");
    h.engine.approve(&id, operator()).expect("approve");
    let next = h.step("a", CONFIRM);
    assert!(
        next.directive
            .notifications
            .iter()
            .any(|n| n.kind == NotificationType::Status
                && n.metadata.approval_id.as_deref() == Some(id.as_str())),
        "{:?}",
        next.directive.notifications
    );
}

#[test]
fn should_answer_continue_false_with_the_pending_challenge_id_while_verify_is_pending() {
    let h = Harness::new();
    h.start("a");
    let id = verification_id(&h.step("a", VERIFY));
    for hint in [ADVISORY, AUTO, VERIFY] {
        let r = h.step("a", hint);
        assert!(!r.directive.proceed, "{hint}");
        assert!(
            r.directive
                .reason
                .as_deref()
                .is_some_and(|s| s.contains(&id)),
            "{:?}",
            r.directive.reason
        );
    }
}

#[test]
fn should_reevaluate_normally_after_a_verify_challenge_expires() {
    let h = Harness::new();
    h.start("a");
    let first = verification_id(&h.step("a", VERIFY));
    h.clock.advance(SignedDuration::from_secs(301));
    // Lifted: a harmless action proceeds...
    let r = h.step("a", ADVISORY);
    assert!(r.directive.proceed, "{:?}", r.directive);
    // ...and the same action again gets a new challenge.
    let again = h.step("a", VERIFY);
    let second = verification_id(&again);
    assert_ne!(first, second);
}

#[test]
fn should_expire_verification_challenges_after_a_configurable_timeout() {
    let h = Harness::with_loop(json!({"challenge_ttl_seconds": 30}));
    h.start("a");
    let id = verification_id(&h.step("a", DENIED));
    let code = h.code_for(&id);
    h.clock.advance(SignedDuration::from_secs(31));
    let late = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": code, "element_name": "a"}),
    );
    assert_eq!(late["error"]["details"]["reason"], "expired", "{late}");
}

#[test]
fn should_rate_limit_failed_verification_attempts_to_10_per_60_seconds_per_agent() {
    let h = Harness::new();
    h.start("a");
    let id = verification_id(&h.step("a", DENIED));
    for i in 0..10 {
        let r = h.call(
            "verify_challenge",
            json!({"challenge_id": id, "code": "WRONG", "element_name": "a"}),
        );
        assert_eq!(
            r["error"]["code"], "PERMISSION_VERIFICATION_FAILED",
            "attempt {i}: {r}"
        );
    }
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": "WRONG", "element_name": "a"}),
    );
    assert_eq!(r["error"]["code"], "RATE_LIMIT_EXCEEDED", "{r}");
}

#[test]
fn should_reject_verification_attempts_after_the_rate_limit_is_exceeded() {
    let h = Harness::new();
    h.start("a");
    let id = verification_id(&h.step("a", DENIED));
    for _ in 0..11 {
        h.call(
            "verify_challenge",
            json!({"challenge_id": id, "code": "WRONG", "element_name": "a"}),
        );
    }
    // Even the right code of a fresh challenge is refused during the lockout.
    let fresh = h
        .engine
        .reissue_challenge("a", operator())
        .expect("reissue");
    let code = h.code_for(&fresh.challenge_id);
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": fresh.challenge_id, "code": code, "element_name": "a"}),
    );
    assert_eq!(r["error"]["code"], "RATE_LIMIT_EXCEEDED", "{r}");
    // After the lockout, it works.
    h.clock.advance(SignedDuration::from_secs(61));
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": fresh.challenge_id, "code": code, "element_name": "a"}),
    );
    assert_eq!(r["success"], true, "{r}");
}

// should_persist_rate_limit_state_across_restarts: restart.rs.

#[test]
fn should_trigger_security_audit_events_on_failed_verification_attempts() {
    let h = Harness::new();
    h.start("a");
    let id = verification_id(&h.step("a", DENIED));
    h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": "WRONG", "element_name": "a"}),
    );
    let failed: Vec<Value> = h
        .audit()
        .into_iter()
        .filter(|e| e["outcome"] == "verification_failed")
        .collect();
    assert_eq!(failed.len(), 1, "one audit event per failed attempt");
    assert_eq!(failed[0]["agent"], "a");
    assert!(
        failed[0]["reasons"][0]
            .as_str()
            .is_some_and(|s| s.contains(&id))
    );
}

#[test]
fn should_support_the_monitoring_partial_mode() {
    let h = Harness::with_loop(json!({"mode": "monitoring"}));
    h.start("a");
    let r = h.step("a", DENIED);
    assert!(r.directive.proceed);
    assert_eq!(r.directive.next_step_risk, Some(SafetyTier::DangerZone));
    assert!(
        r.directive
            .factors
            .iter()
            .any(|f| f.contains("monitoring: would stop")),
        "accurate factors: {:?}",
        r.directive.factors
    );
    let r = h.step("a", CONFIRM);
    assert_eq!(r.directive.next_step_risk, Some(SafetyTier::Confirm));
    // Evaluations are audited.
    assert!(h.audit().iter().any(|e| e["danger_level"] == 4));
}

// ---- 9.3 MAY (implemented) ----

#[test]
fn may_support_the_logging_partial_mode() {
    let h = Harness::with_loop(json!({"mode": "logging"}));
    h.start("a");
    let r = h.step("a", DENIED);
    assert!(r.directive.proceed);
    assert_eq!(r.directive.next_step_risk, None, "no evaluation");
    let audit = h.audit();
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0]["operation"], DENIED);
}

#[test]
fn may_implement_safety_tier_evaluation_with_risk_scorers() {
    let h = Harness::new();
    h.start("a");
    let expected = [
        (ADVISORY, SafetyTier::Advisory),
        (CONFIRM, SafetyTier::Confirm),
    ];
    for (hint, tier) in expected {
        assert_eq!(
            h.step("a", hint).directive.next_step_risk,
            Some(tier),
            "{hint}"
        );
    }
    h.start("b");
    assert_eq!(
        h.step("b", VERIFY).directive.next_step_risk,
        Some(SafetyTier::Verify)
    );
    h.start("c");
    assert_eq!(
        h.step("c", DANGER).directive.next_step_risk,
        Some(SafetyTier::DangerZone)
    );
}

#[test]
fn may_support_configurable_risk_tolerance_thresholds() {
    let h = Harness::new();
    let started = h.call(
        "execute_agent",
        json!({"element_name": "a", "riskTolerance": "conservative"}),
    );
    assert_eq!(started["data"]["riskTolerance"], "conservative");
    let r = h.step("a", EDGE);
    assert!(!r.directive.proceed);
    assert!(
        r.directive.factors.iter().any(|f| f.contains("tolerance")),
        "{:?}",
        r.directive.factors
    );
}

#[test]
fn may_apply_progressive_lockout_after_repeated_rate_limit_violations() {
    let h = Harness::new();
    h.start("a");
    let id = verification_id(&h.step("a", DENIED));
    let lock_out = |h: &Harness| {
        let mut last = Value::Null;
        for _ in 0..11 {
            last = h.call(
                "verify_challenge",
                json!({"challenge_id": id, "code": "WRONG", "element_name": "a"}),
            );
        }
        last
    };
    let first = lock_out(&h);
    assert_eq!(first["error"]["code"], "RATE_LIMIT_EXCEEDED");
    h.clock.advance(SignedDuration::from_secs(61));
    let second = lock_out(&h);
    assert_eq!(second["error"]["code"], "RATE_LIMIT_EXCEEDED");
    // The second lockout is twice as long: after 61 s it still holds.
    h.clock.advance(SignedDuration::from_secs(61));
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": "WRONG", "element_name": "a"}),
    );
    assert_eq!(r["error"]["code"], "RATE_LIMIT_EXCEEDED", "{r}");
    h.clock.advance(SignedDuration::from_secs(60));
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": "WRONG", "element_name": "a"}),
    );
    assert_eq!(r["error"]["code"], "PERMISSION_VERIFICATION_FAILED", "{r}");
}

#[test]
fn may_use_other_display_channels_for_codes() {
    // An operator's program receives the notice on stdin (here it files it away).
    let dir = tempfile::tempdir().expect("tempdir");
    let sink = dir.path().join("received.json");
    let h = Harness::with_loop(json!({"human_channels": [{
        "kind": "command", "program": "/bin/sh",
        "args": ["-c", format!("cat > '{}'", sink.display())]
    }]}));
    h.start("a");
    let id = verification_id(&h.step("a", DENIED));
    let notice: Value =
        serde_json::from_str(&std::fs::read_to_string(&sink).expect("received")).expect("json");
    assert_eq!(notice["id"], id.as_str());
    let ok = h.call(
        "verify_challenge",
        json!({"challenge_id": id, "code": notice["code"], "element_name": "a"}),
    );
    assert_eq!(ok["success"], true, "{ok}");
}

#[test]
fn introspection_describes_the_directive_type_with_its_field_types() {
    let h = Harness::new();
    let listed = h.call("introspect", json!({"query": "types"}));
    let names: Vec<&str> = listed["data"]["types"]
        .as_array()
        .expect("types")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert!(
        names.contains(&"AutonomyDirective") && names.contains(&"SafetyTier"),
        "{names:?}"
    );
    let d = h.call(
        "introspect",
        json!({"query": "types", "name": "AutonomyDirective"}),
    );
    let fields = d["data"]["type"]["fields"].as_array().expect("fields");
    let field = |n: &str| fields.iter().find(|f| f["name"] == n).cloned().expect(n);
    assert_eq!(field("continue")["type"], "boolean");
    assert_eq!(field("continue")["required"], true);
    assert_eq!(field("stopped")["required"], false);
    let tier = h.call(
        "introspect",
        json!({"query": "types", "name": "SafetyTier"}),
    );
    assert_eq!(
        tier["data"]["type"]["values"],
        json!(["advisory", "confirm", "verify", "danger_zone"])
    );
}
