//! The gate end to end: the specification's own examples through every layer, and the
//! properties that make the gate safe to compose (more trust never restricts more, more danger
//! never restricts less, adjusters and overrides never lower).

use airlock_core::{
    AutonomyLevel, DangerLevel, Decision, Endpoint, ErrorCode, GateContext, GatePolicy,
    GateRequest, Outcome, PolicyConfig, Risk, SafetyMode, ToolAnnotations, TrustLevel,
};
use jiff::Timestamp;
use proptest::prelude::*;
use serde_json::{Value, json};

fn policy(json: &str) -> GatePolicy {
    PolicyConfig::from_json(json)
        .expect("policy parses")
        .compile()
        .expect("policy compiles")
}

/// The policy of the danger-levels examples: `delete_repo` (3.1), `delete_records` (9.1),
/// `force_sync` (5.3), `bulk_delete` with the reasons of 4.4.
fn spec_policy() -> GatePolicy {
    policy(
        r#"{
        "operations": {
            "delete_repo": {
                "endpoint": "delete",
                "danger": {
                    "level": "destructive",
                    "reasons": [
                        "Permanently removes repository and all contents",
                        "Cannot be recovered after grace period",
                        "Affects forks and dependent projects"
                    ],
                    "confirmation_message": "Delete repository '{owner}/{repo}'? This cannot be undone.",
                    "cooldown_seconds": 5
                }
            },
            "delete_records": {
                "endpoint": "delete",
                "danger": {
                    "default_level": "reversible",
                    "conditions": [
                        {"when": "params.count > 100", "level": "dangerous", "reason": "Bulk delete of more than 100 records"},
                        {"when": "params.permanent == true", "level": "destructive", "reason": "Permanent deletion requested"}
                    ]
                }
            },
            "force_sync": {
                "endpoint": "execute",
                "danger": {"level": "safe", "reasons": ["Force flag only bypasses cache, no data risk"]}
            },
            "bulk_delete": {
                "endpoint": "delete",
                "danger": {"level": "dangerous", "reasons": ["Affects multiple resources", "Cannot be undone"]}
            }
        }
    }"#,
    )
}

struct Ask<'a> {
    operation: &'a str,
    params: Value,
    trust: TrustLevel,
    endpoint: Option<Endpoint>,
    annotations: Option<ToolAnnotations>,
    autonomy: Option<AutonomyLevel>,
    safety_mode: Option<SafetyMode>,
    risk: Option<Risk>,
    context: GateContext,
}

impl<'a> Ask<'a> {
    fn new(operation: &'a str, trust: TrustLevel) -> Self {
        Self {
            operation,
            params: json!({}),
            trust,
            endpoint: None,
            annotations: None,
            autonomy: None,
            safety_mode: None,
            risk: None,
            context: GateContext::default(),
        }
    }

    fn decide(&self, policy: &GatePolicy) -> Decision {
        policy.decide(&GateRequest {
            operation: self.operation,
            endpoint: self.endpoint,
            params: &self.params,
            annotations: self.annotations.as_ref(),
            trust: self.trust,
            autonomy: self.autonomy,
            safety_mode: self.safety_mode,
            risk: self.risk,
            context: &self.context,
        })
    }
}

#[test]
fn spec_4_3_destructive_operation_at_validated_trust_asks_for_confirmation() {
    let mut ask = Ask::new("delete_repo", TrustLevel::Validated);
    ask.params = json!({"owner": "acme", "repo": "widgets"});
    let d = ask.decide(&spec_policy());
    assert_eq!(d.outcome, Outcome::Confirm);
    assert_eq!(d.danger_level, DangerLevel::Destructive);
    let c = d.confirmation.as_ref().expect("confirmation requirements");
    assert_eq!(
        c.message.as_deref(),
        Some("Delete repository 'acme/widgets'? This cannot be undone.")
    );
    assert_eq!(c.cooldown_seconds, Some(5));
    let expires: Timestamp = "2026-01-28T12:05:00Z".parse().expect("time");
    let err = d
        .confirmation_error("conf_abc123xyz", expires)
        .expect("confirmation error");
    assert_eq!(err.code, ErrorCode::ConfirmationRequired);
    assert_eq!(err.details["confirmation_token"], "conf_abc123xyz");
    assert_eq!(err.details["danger_level"], "destructive");
    assert_eq!(err.details["operation"], "delete_repo");
}

#[test]
fn spec_4_4_dangerous_operation_at_validated_trust_is_denied_with_the_spec_error() {
    let d = Ask::new("bulk_delete", TrustLevel::Validated).decide(&spec_policy());
    assert_eq!(d.outcome, Outcome::Deny);
    let err = d.error().expect("denial error");
    assert_eq!(
        serde_json::to_value(&err).expect("serialize"),
        json!({
            "code": "PERMISSION_DANGER_LEVEL_DENIED",
            "message": "Operation 'bulk_delete' (danger: dangerous) denied for adapter trust level 'validated'",
            "details": {
                "operation": "bulk_delete",
                "danger_level": "dangerous",
                "adapter_trust": "validated",
                "minimum_trust_required": "community_reviewed",
                "reasons": ["Affects multiple resources", "Cannot be undone"]
            }
        })
    );
    assert_eq!(
        d.minimum_trust.to_proceed,
        Some(TrustLevel::CommunityReviewed)
    );
    assert_eq!(d.minimum_trust.to_allow, Some(TrustLevel::Certified));
}

#[test]
fn an_untested_adapter_may_only_introspect() {
    let p = GatePolicy::default();
    let introspect = Ask::new("introspect", TrustLevel::Untested).decide(&p);
    assert_eq!(introspect.outcome, Outcome::Allow);
    let read = Ask::new("get_user", TrustLevel::Untested).decide(&p);
    assert_eq!(read.outcome, Outcome::Deny);
    let err = read.error().expect("error");
    assert_eq!(err.code, ErrorCode::PermissionTrustLevelInsufficient);
    assert_eq!(err.details["required_trust"], "generated");
    assert_eq!(err.details["actual_trust"], "untested");
    assert_eq!(err.details["danger_level"], 0);
}

#[test]
fn spec_5_1_force_delete_all_is_forbidden_and_only_certified_may_confirm_it() {
    let p = GatePolicy::default();
    for trust in TrustLevel::ALL {
        let d = Ask::new("force_delete_all", *trust).decide(&p);
        assert_eq!(d.danger_level, DangerLevel::Forbidden);
        let expected = if *trust == TrustLevel::Certified {
            Outcome::Confirm
        } else {
            Outcome::Deny
        };
        assert_eq!(d.outcome, expected, "at {trust}");
    }
}

#[test]
fn mixed_case_tool_names_are_gated_like_their_lower_case_spelling() {
    let p = GatePolicy::default();
    for (mixed, lower, level) in [
        ("DrOp_TaBlE", "drop_table", DangerLevel::Forbidden),
        ("dRoP_tAbLe", "drop_table", DangerLevel::Forbidden),
        ("WiPe_DaTa", "wipe_data", DangerLevel::Forbidden),
        ("fOrCe_PuSh", "force_push", DangerLevel::Dangerous),
        ("deleteAllUsers", "delete_all_users", DangerLevel::Forbidden),
        ("DropTable", "drop_table", DangerLevel::Forbidden),
    ] {
        for trust in TrustLevel::ALL {
            let want = Ask::new(lower, *trust).decide(&p);
            let got = Ask::new(mixed, *trust).decide(&p);
            assert_eq!(want.danger_level, level, "{lower}");
            assert_eq!(got.danger_level, level, "{mixed}");
            assert_eq!(got.outcome, want.outcome, "{mixed} at {trust}");
        }
    }
}

#[test]
fn spec_5_3_declared_safe_overrides_the_force_pattern() {
    let d = Ask::new("force_sync", TrustLevel::Generated).decide(&spec_policy());
    assert_eq!(
        (d.danger_level, d.outcome),
        (DangerLevel::Safe, Outcome::Allow)
    );
}

#[test]
fn spec_9_1_conditional_danger_through_the_gate() {
    let p = spec_policy();
    let mut ask = Ask::new("delete_records", TrustLevel::CommunityReviewed);
    ask.params = json!({"count": 5});
    assert_eq!(ask.decide(&p).outcome, Outcome::Allow);
    ask.params = json!({"count": 500});
    let d = ask.decide(&p);
    assert_eq!(
        (d.danger_level, d.outcome),
        (DangerLevel::Dangerous, Outcome::Confirm)
    );
    assert_eq!(
        d.reasons[0].as_ref(),
        "Bulk delete of more than 100 records"
    );
}

#[test]
fn read_only_mode_admits_reads_and_refuses_writes() {
    let p = GatePolicy::default();
    let annotated = |read_only: bool, destructive: bool| ToolAnnotations {
        read_only_hint: Some(read_only),
        destructive_hint: Some(destructive),
        ..ToolAnnotations::default()
    };
    let mut read = Ask::new("read_file", TrustLevel::Validated);
    read.annotations = Some(annotated(true, false));
    read.safety_mode = Some(SafetyMode::ReadOnly);
    assert_eq!(read.decide(&p).outcome, Outcome::Allow);

    let mut write = Ask::new("write_file", TrustLevel::Certified);
    write.annotations = Some(annotated(false, true));
    write.safety_mode = Some(SafetyMode::ReadOnly);
    let d = write.decide(&p);
    assert_eq!(d.outcome, Outcome::Deny);
    let err = d.error().expect("error");
    assert_eq!(err.code, ErrorCode::PermissionDenied);
    assert_eq!(err.details["safety_mode"], "read-only");

    // write-idempotent admits a non-destructive write, not a destructive one.
    let mut mkdir = Ask::new("create_directory", TrustLevel::Validated);
    mkdir.annotations = Some(annotated(false, false));
    mkdir.safety_mode = Some(SafetyMode::WriteIdempotent);
    assert_eq!(mkdir.decide(&p).outcome, Outcome::Allow);
    write.safety_mode = Some(SafetyMode::WriteIdempotent);
    assert_eq!(write.decide(&p).outcome, Outcome::Deny);
}

#[test]
fn read_only_mode_does_not_believe_a_read_only_hint_on_drop_table() {
    let mut ask = Ask::new("drop_table", TrustLevel::Certified);
    ask.annotations = Some(ToolAnnotations {
        read_only_hint: Some(true),
        ..ToolAnnotations::default()
    });
    ask.safety_mode = Some(SafetyMode::ReadOnly);
    let d = ask.decide(&GatePolicy::default());
    assert_eq!(d.outcome, Outcome::Deny);
    assert_eq!(d.error().expect("error").code, ErrorCode::PermissionDenied);
}

#[test]
fn autonomy_a0_previews_effectful_actions_but_runs_reads() {
    let p = GatePolicy::default();
    let mut create = Ask::new("create_issue", TrustLevel::Certified);
    create.autonomy = Some(AutonomyLevel::A0);
    assert_eq!(create.decide(&p).outcome, Outcome::Preview);
    let mut read = Ask::new("get_issue", TrustLevel::Certified);
    read.autonomy = Some(AutonomyLevel::A0);
    assert_eq!(read.decide(&p).outcome, Outcome::Allow);
}

#[test]
fn autonomy_a2_gates_by_risk_and_the_caller_may_set_the_base_risk() {
    let p = GatePolicy::default();
    let mut create = Ask::new("create_issue", TrustLevel::Certified);
    create.autonomy = Some(AutonomyLevel::A2);
    let d = create.decide(&p);
    assert_eq!((d.risk, d.outcome), (Risk::Medium, Outcome::Confirm));
    create.risk = Some(Risk::Low);
    let d = create.decide(&p);
    assert_eq!((d.risk, d.outcome), (Risk::Low, Outcome::Allow));
    // Adjusters still apply to a given risk.
    create.context.broadcast_target = true;
    assert_eq!(create.decide(&p).risk, Risk::Medium);
}

#[test]
fn autonomy_hard_block_is_a_permission_denied_with_the_rule() {
    let p = GatePolicy::default();
    let mut purge = Ask::new("purge_cache", TrustLevel::Certified);
    purge.autonomy = Some(AutonomyLevel::A3);
    let d = purge.decide(&p);
    assert_eq!((d.risk, d.outcome), (Risk::Critical, Outcome::Deny));
    let err = d.error().expect("error");
    assert_eq!(err.code, ErrorCode::PermissionDenied);
    assert_eq!(err.details["rule"], "autonomy_matrix");
}

#[test]
fn secrets_scope_needs_confirmation_even_for_a_read_at_a4() {
    let p = policy(r#"{"autonomy": {"level": "A4"}}"#);
    let mut ask = Ask::new("get_api_key", TrustLevel::Certified);
    ask.context.scopes = vec!["secrets:read".into()];
    assert_eq!(ask.decide(&p).outcome, Outcome::Confirm);
    ask.context.scopes = vec!["repo:read".into()];
    assert_eq!(ask.decide(&p).outcome, Outcome::Allow);
}

#[test]
fn the_autonomy_layer_runs_only_when_a_level_is_configured() {
    let without = GatePolicy::default();
    let with = policy(r#"{"autonomy": {"level": "A0"}}"#);
    let ask = Ask::new("create_issue", TrustLevel::Certified);
    assert_eq!(ask.decide(&without).outcome, Outcome::Allow);
    assert_eq!(ask.decide(&without).autonomy, None);
    assert_eq!(ask.decide(&with).outcome, Outcome::Preview);
}

#[test]
fn every_decision_explains_every_layer() {
    let p = policy(r#"{"autonomy": {"level": "A2"}}"#);
    let d = Ask::new("delete_repo", TrustLevel::Validated).decide(&p);
    let json = serde_json::to_value(&d).expect("serialize");
    let layers: Vec<&str> = json["factors"]
        .as_array()
        .expect("factors")
        .iter()
        .map(|f| f["layer"].as_str().expect("layer"))
        .collect();
    for layer in ["danger", "safety_mode", "trust", "autonomy"] {
        assert!(layers.contains(&layer), "{layer} missing from {layers:?}");
    }
    for f in json["factors"].as_array().expect("factors") {
        assert!(f["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert!(f["code"].as_str().is_some_and(|c| !c.is_empty()));
    }
}

// ---- properties -------------------------------------------------------------------------

const NAMES: &[&str] = &[
    "get_user",
    "list_repos",
    "introspect",
    "create_issue",
    "update_record",
    "delete_repo",
    "delete_records",
    "force_push",
    "force_sync",
    "bulk_delete",
    "purge_cache",
    "drop_table",
    "force_delete_all",
    "deploy_production",
    "send_message",
    "frobnicate",
    "DropTable",
];

fn any_of<T: Copy + std::fmt::Debug + 'static>(all: &'static [T]) -> impl Strategy<Value = T> {
    prop::sample::select(all)
}

fn any_annotations() -> impl Strategy<Value = Option<ToolAnnotations>> {
    let hint = prop::option::of(any::<bool>());
    prop::option::of(
        (hint.clone(), hint).prop_map(|(read_only_hint, destructive_hint)| ToolAnnotations {
            read_only_hint,
            destructive_hint,
            ..ToolAnnotations::default()
        }),
    )
}

fn any_context() -> impl Strategy<Value = GateContext> {
    (
        0u32..60,
        any::<bool>(),
        prop::option::of(0u32..50),
        0u32..100,
        any::<bool>(),
        prop::option::of(0i64..120),
        0i64..86_400,
    )
        .prop_map(
            |(repetitions, broadcast_target, blast_radius, notifications, secret, flap, second)| {
                let now = Timestamp::from_second(1_800_000_000 + second).expect("time");
                GateContext {
                    now: Some(now),
                    repetitions,
                    scopes: if secret {
                        vec!["secrets:read".into()]
                    } else {
                        vec![]
                    },
                    broadcast_target,
                    blast_radius,
                    notifications_last_hour: notifications,
                    last_same_action_at: flap.map(|s| now - jiff::SignedDuration::from_secs(s)),
                }
            },
        )
}

#[derive(Debug, Clone)]
struct Case {
    name: &'static str,
    endpoint: Option<Endpoint>,
    annotations: Option<ToolAnnotations>,
    autonomy: Option<AutonomyLevel>,
    mode: SafetyMode,
    risk: Option<Risk>,
    params: Value,
    context: GateContext,
}

fn any_case() -> impl Strategy<Value = Case> {
    (
        any_of(NAMES),
        prop::option::of(any_of(Endpoint::ALL)),
        any_annotations(),
        prop::option::of(any_of(AutonomyLevel::ALL)),
        any_of(SafetyMode::ALL),
        prop::option::of(any_of(Risk::ALL)),
        (0u32..300, any::<bool>()),
        any_context(),
    )
        .prop_map(
            |(name, endpoint, annotations, autonomy, mode, risk, (count, permanent), context)| {
                Case {
                    name,
                    endpoint,
                    annotations,
                    autonomy,
                    mode,
                    risk,
                    params: json!({"count": count, "permanent": permanent, "owner": "o", "repo": "r"}),
                    context,
                }
            },
        )
}

fn decide(p: &GatePolicy, c: &Case, trust: TrustLevel) -> Decision {
    decide_in(p, c, trust, &c.context)
}

fn decide_in(p: &GatePolicy, c: &Case, trust: TrustLevel, context: &GateContext) -> Decision {
    p.decide(&GateRequest {
        operation: c.name,
        endpoint: c.endpoint,
        params: &c.params,
        annotations: c.annotations.as_ref(),
        trust,
        autonomy: c.autonomy,
        safety_mode: Some(c.mode),
        risk: c.risk,
        context,
    })
}

fn quiet_policy() -> GatePolicy {
    policy(r#"{"autonomy": {"quiet_hours": {"start": "22:00", "end": "06:00"}}}"#)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn raising_trust_never_makes_an_outcome_more_restrictive(
        c in any_case(),
        a in any_of(TrustLevel::ALL),
        b in any_of(TrustLevel::ALL),
    ) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        for p in [spec_policy(), quiet_policy()] {
            let low = decide(&p, &c, lo).outcome;
            let high = decide(&p, &c, hi).outcome;
            prop_assert!(high <= low, "{:?}: {} at {} but {} at {}", c, low, lo, high, hi);
        }
    }

    #[test]
    fn raising_danger_never_makes_an_outcome_less_restrictive(
        c in any_case(),
        trust in any_of(TrustLevel::ALL),
        a in any_of(DangerLevel::ALL),
        b in any_of(DangerLevel::ALL),
    ) {
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let declared = |level: DangerLevel| {
            policy(&format!(
                r#"{{"autonomy": {{"quiet_hours": {{"start": "22:00", "end": "06:00"}}}},
                    "operations": {{"{}": {{"danger": {{"level": "{level}"}}}}}}}}"#,
                c.name
            ))
        };
        let low = decide(&declared(lo), &c, trust).outcome;
        let high = decide(&declared(hi), &c, trust).outcome;
        prop_assert!(high >= low, "{:?}: {} at {} but {} at {}", c, low, lo, high, hi);
    }

    #[test]
    fn adjusters_and_overrides_never_lower_an_outcome_or_a_risk(
        c in any_case(),
        trust in any_of(TrustLevel::ALL),
        which in 0usize..6,
    ) {
        let p = quiet_policy();
        let mut calm = c.context.clone();
        calm.broadcast_target = false;
        calm.blast_radius = None;
        calm.scopes.clear();
        calm.notifications_last_hour = 0;
        calm.last_same_action_at = None;
        calm.now = Some(Timestamp::from_second(1_800_000_000 - 1_800_000_000 % 86_400 + 12 * 3600).expect("noon"));
        let mut stirred = calm.clone();
        match which {
            0 => stirred.broadcast_target = true,
            1 => stirred.blast_radius = Some(1_000),
            2 => stirred.scopes = vec!["credentials".into()],
            3 => stirred.notifications_last_hour = 10_000,
            4 => stirred.last_same_action_at = calm.now,
            _ => stirred.now = Some(Timestamp::from_second(1_800_000_000 - 1_800_000_000 % 86_400 + 23 * 3600).expect("night")),
        }
        let before = decide_in(&p, &c, trust, &calm);
        let after = decide_in(&p, &c, trust, &stirred);
        prop_assert!(after.outcome >= before.outcome, "{:?} {}: {} -> {}", c, which, before.outcome, after.outcome);
        prop_assert!(after.risk >= before.risk);
    }

    #[test]
    fn repetition_never_lowers(c in any_case(), trust in any_of(TrustLevel::ALL), more in 0u32..100) {
        let p = policy(r#"{"operations": {"update_record": {"danger": {"level": "reversible",
            "escalation": [{"after_count": 10, "level": "destructive"}, {"after_count": 50, "level": "dangerous"}]}}}}"#);
        let mut again = c.context.clone();
        again.repetitions = c.context.repetitions + more;
        let before = decide_in(&p, &c, trust, &c.context);
        let after = decide_in(&p, &c, trust, &again);
        prop_assert!(after.danger_level >= before.danger_level);
        prop_assert!(after.outcome >= before.outcome);
    }

    #[test]
    fn a_refusal_always_carries_a_spec_error_and_nothing_else_does(
        c in any_case(),
        trust in any_of(TrustLevel::ALL),
    ) {
        let d = decide(&spec_policy(), &c, trust);
        prop_assert_eq!(d.error().is_some(), d.outcome >= Outcome::Deny);
        prop_assert_eq!(d.confirmation.is_some(), d.outcome == Outcome::Confirm);
    }
}
