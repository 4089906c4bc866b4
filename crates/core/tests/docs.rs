//! The documentation's examples are real: the policy in docs/policy.md parses, compiles and
//! decides as the page says.

use airlock_core::{GateContext, GateRequest, Outcome, PolicyConfig, TrustLevel};
use serde_json::json;

const POLICY_DOC: &str = include_str!("../../../docs/policy.md");

fn json_blocks(markdown: &str) -> Vec<&str> {
    markdown
        .split("```json\n")
        .skip(1)
        .filter_map(|rest| rest.split("\n```").next())
        .collect()
}

#[test]
fn the_reference_policy_compiles_and_decides_as_documented() {
    let blocks = json_blocks(POLICY_DOC);
    assert!(!blocks.is_empty(), "docs/policy.md has a json example");
    let policy = PolicyConfig::from_json(blocks[0])
        .expect("the documented policy parses")
        .compile()
        .expect("the documented policy compiles");
    let ctx = GateContext {
        now: Some("2026-11-25T12:00:00Z".parse().expect("time")),
        ..GateContext::default()
    };
    let params = json!({"count": 500});
    let mut req = GateRequest::new("delete_records", &params, &ctx);
    req.trust = policy
        .adapter_trust("github", ctx.now.expect("now"))
        .expect("github is declared")
        .level;
    assert_eq!(req.trust, TrustLevel::Validated);
    let d = policy.decide(&req);
    assert_eq!(
        d.outcome,
        Outcome::Deny,
        "dangerous at validated trust is denied"
    );
}

#[test]
fn the_documented_condition_error_is_the_real_one() {
    let err = PolicyConfig::from_json(
        r#"{"operations": {"x": {"danger": {"conditions": [{"when": "params.count >", "level": "dangerous"}]}}}}"#,
    )
    .expect_err("broken condition");
    let documented = "invalid policy at 'operations.x.danger.conditions[0].when': condition 'params.count >' at column 15: expected a value after '>'";
    assert!(POLICY_DOC.contains(documented));
    assert!(err.message.starts_with(documented), "{}", err.message);
}
