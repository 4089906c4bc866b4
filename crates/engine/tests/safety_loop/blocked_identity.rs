//! A hard block holds for the agent whatever it does next (issue #14): it cannot end its
//! execution, it cannot become someone else by spelling its name differently, a stop in an MCP
//! session holds for that session whatever name comes next, and nobody but the blocked agent's
//! own session can spend its challenge.

use airlock_engine::Caller;
use serde_json::{Value, json};

use crate::common::*;

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("(success)")
}

#[test]
fn a_blocked_agent_can_neither_complete_nor_abort_its_execution() {
    let h = Harness::new();
    h.start("a");
    assert!(h.step("a", DENIED).directive.is_stopped());
    for operation in ["complete_execution", "abort_execution"] {
        let r = h.call(operation, json!({"element_name": "a"}));
        assert_eq!(code(&r), "PERMISSION_AGENT_BLOCKED", "{operation}: {r}");
    }
    // The execution is still the agent's, still running, and still answers stop.
    assert!(h.step("a", ADVISORY).directive.is_stopped());
    // Refusals are audited.
    let refused = h
        .audit()
        .into_iter()
        .filter(|e| e["operation"] == "complete_execution" || e["operation"] == "abort_execution")
        .count();
    assert_eq!(refused, 2);
    // Once a person lifts the block, the agent may end its execution again.
    h.engine
        .override_block("a", operator(), "checked")
        .expect("override");
    let r = h.call("complete_execution", json!({"element_name": "a"}));
    assert_eq!(r["data"]["state"], "completed", "{r}");
}

/// Spellings of `agent` that a person reads as the same name.
const SAME_NAME: &[&str] = &[
    "Agent",
    "AGENT",
    "  agent\t",
    "a\u{200B}gent",                            // zero-width space
    "ag\u{200D}ent\u{FEFF}",                    // zero-width joiner, byte order mark
    "\u{0430}gent",                             // Cyrillic a
    "\u{0410}G\u{0415}NT",                      // Cyrillic A and E
    "ag\u{03B5}nt",                             // Greek epsilon
    "\u{FF41}\u{FF47}\u{FF45}\u{FF4E}\u{FF54}", // fullwidth
    "agent\u{0}",                               // NUL
    "a\u{0301}gent",                            // a combining accent
    "\u{202E}agent",                            // a bidi override
    "\u{1D41A}gent",                            // mathematical bold a
];

#[test]
fn a_blocked_agent_is_not_free_again_under_another_spelling_of_its_name() {
    let h = Harness::new();
    h.start("agent");
    assert!(h.step("agent", DENIED).directive.is_stopped());
    for name in SAME_NAME {
        let r = h.call("execute_agent", json!({"element_name": name}));
        assert_eq!(code(&r), "PERMISSION_AGENT_BLOCKED", "{name:?}: {r}");
        let r = h.call(
            "record_execution_step",
            json!({"element_name": name, "nextActionHint": ADVISORY}),
        );
        assert_eq!(r["data"]["stopped"], true, "{name:?}: {r}");
    }
    // Another name is another agent.
    h.start("agent-2");
    assert!(h.step("agent-2", ADVISORY).directive.proceed);
    // The block lists the name as the agent gave it, and an operator may name it in any
    // spelling.
    let blocks = h.engine.blocked_agents().expect("blocks");
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].agent, "agent");
    h.engine
        .override_block("AGENT", operator(), "checked")
        .expect("override by another spelling");
    assert!(h.step("Agent", ADVISORY).directive.proceed);
}

#[test]
fn a_stop_in_a_session_holds_for_that_session_whatever_name_comes_next() {
    let h = Harness::new();
    let session = Caller::session("mcp-connection-1");
    let other = Caller::session("mcp-connection-2");
    let call = |caller: &Caller, operation: &str, params: Value| {
        let endpoint = airlock_engine::ops::endpoint_of(operation).expect("operation");
        h.engine.call_as(caller, endpoint, operation, &params)
    };
    let r = call(&session, "execute_agent", json!({"element_name": "first"}));
    assert_eq!(r["success"], true, "{r}");
    let r = call(
        &session,
        "record_execution_step",
        json!({"element_name": "first", "nextActionHint": DENIED}),
    );
    assert_eq!(r["data"]["stopped"], true, "{r}");

    // A new name in the same session is refused everything.
    let r = call(&session, "execute_agent", json!({"element_name": "second"}));
    assert_eq!(code(&r), "PERMISSION_AGENT_BLOCKED", "{r}");
    let r = call(
        &session,
        "complete_execution",
        json!({"element_name": "first"}),
    );
    assert_eq!(code(&r), "PERMISSION_AGENT_BLOCKED", "{r}");
    let r = call(&session, "confirm_operation", json!({"approval_id": "x"}));
    assert_eq!(code(&r), "PERMISSION_AGENT_BLOCKED", "{r}");
    // Introspection stays readable.
    let r = call(&session, "introspect", json!({"query": "operations"}));
    assert_eq!(r["success"], true, "{r}");

    // Another session may use the name "second"; the same session started earlier under a
    // name that is now in the blocked session is stopped too.
    let r = call(&other, "execute_agent", json!({"element_name": "second"}));
    assert_eq!(r["success"], true, "{r}");

    // A session that names a blocked agent holds it from then on.
    let third = Caller::session("mcp-connection-3");
    let r = call(&third, "execute_agent", json!({"element_name": "FIRST"}));
    assert_eq!(code(&r), "PERMISSION_AGENT_BLOCKED", "{r}");
    let r = call(&third, "execute_agent", json!({"element_name": "innocent"}));
    assert_eq!(code(&r), "PERMISSION_AGENT_BLOCKED", "{r}");

    // Lifting the block frees the sessions.
    h.engine
        .override_block("first", operator(), "checked")
        .expect("override");
    let r = call(
        &session,
        "execute_agent",
        json!({"element_name": "second-try"}),
    );
    assert_eq!(r["success"], true, "{r}");
    let r = call(&third, "execute_agent", json!({"element_name": "innocent"}));
    assert_eq!(r["success"], true, "{r}");
}

#[test]
fn a_session_block_survives_a_restart() {
    let state = tempfile::tempdir().expect("tempdir");
    let session = Caller::session("mcp-connection-1");
    {
        let h = Harness::open_at(state.path(), json!({}), None);
        let e = &h.engine;
        let r = e.call_as(
            &session,
            airlock_core::Endpoint::Execute,
            "execute_agent",
            &json!({"element_name": "first"}),
        );
        assert_eq!(r["success"], true, "{r}");
        let r = e.call_as(
            &session,
            airlock_core::Endpoint::Create,
            "record_execution_step",
            &json!({"element_name": "first", "nextActionHint": DENIED}),
        );
        assert_eq!(r["data"]["stopped"], true, "{r}");
    }
    let h = Harness::open_at(state.path(), json!({}), None);
    let r = h.engine.call_as(
        &session,
        airlock_core::Endpoint::Execute,
        "execute_agent",
        &json!({"element_name": "another"}),
    );
    assert_eq!(code(&r), "PERMISSION_AGENT_BLOCKED", "{r}");
}

#[test]
fn only_the_blocked_agents_own_session_can_try_its_code() {
    let h = Harness::new();
    let victim = Caller::session("victim-connection");
    let bystander = Caller::session("bystander-connection");
    let call = |caller: &Caller, operation: &str, params: Value| {
        let endpoint = airlock_engine::ops::endpoint_of(operation).expect("operation");
        h.engine.call_as(caller, endpoint, operation, &params)
    };
    call(
        &bystander,
        "execute_agent",
        json!({"element_name": "bystander"}),
    );
    call(&victim, "execute_agent", json!({"element_name": "victim"}));
    let r = call(
        &victim,
        "record_execution_step",
        json!({"element_name": "victim", "nextActionHint": DANGER}),
    );
    assert_eq!(r["data"]["stopped"], true, "{r}");
    // The bystander hears of it, with the challenge id (core spec 8.8.1).
    let r = call(
        &bystander,
        "record_execution_step",
        json!({"element_name": "bystander", "nextActionHint": ADVISORY}),
    );
    let challenge = r["data"]["notifications"]
        .as_array()
        .and_then(|n| n.iter().find(|n| n["type"] == "danger_zone"))
        .and_then(|n| n["metadata"]["verificationId"].as_str())
        .expect("the broadcast")
        .to_owned();

    // Wrong codes from anyone but the victim's session: not found, nothing burned, nothing
    // counted. Also when naming the victim, and from no session at all.
    for (caller, params) in [
        (
            &bystander,
            json!({"challenge_id": challenge, "code": "WRONG"}),
        ),
        (
            &bystander,
            json!({"challenge_id": challenge, "code": "WRONG", "element_name": "victim"}),
        ),
        (
            &Caller::default(),
            json!({"challenge_id": challenge, "code": "WRONG", "element_name": "victim"}),
        ),
    ] {
        let r = call(caller, "verify_challenge", params);
        assert_eq!(code(&r), "NOT_FOUND_CHALLENGE", "{r}");
    }
    // Even the right code: it is not theirs to give.
    let right = h.code_for(&challenge);
    let r = call(
        &bystander,
        "verify_challenge",
        json!({"challenge_id": challenge, "code": right}),
    );
    assert_eq!(code(&r), "NOT_FOUND_CHALLENGE", "{r}");
    assert!(!r.to_string().contains(&right));

    // The person's code still works from the victim's session.
    let r = call(
        &victim,
        "verify_challenge",
        json!({"challenge_id": challenge, "code": right}),
    );
    assert_eq!(r["data"]["result"], "unblocked", "{r}");
}

#[test]
fn outside_a_session_the_agent_names_itself_to_try_its_code() {
    let h = Harness::new();
    h.start("victim");
    h.start("bystander");
    let stop = h.step("victim", DANGER);
    let challenge = verification_id(&stop);
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": challenge, "code": "WRONG", "element_name": "bystander"}),
    );
    assert_eq!(code(&r), "NOT_FOUND_CHALLENGE", "{r}");
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": challenge, "code": "WRONG"}),
    );
    assert_eq!(code(&r), "NOT_FOUND_CHALLENGE", "{r}");
    let right = h.code_for(&challenge);
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": challenge, "code": right, "element_name": "Victim"}),
    );
    assert_eq!(r["data"]["result"], "unblocked", "{r}");
}

/// `/v1/operations` cannot tell one caller from another: the agent is whoever names it. The
/// `danger_zone` broadcast publishes the agent's name and the challenge id, so a bystander
/// naming the victim used to burn its challenge with one wrong code, and the person's right
/// code then failed, through the API and through `airlock verify`. Now a wrong code from such
/// a caller burns nothing, and counts against a limit of its own, never the operator's.
#[test]
fn a_bystander_naming_the_agent_burns_nothing_where_callers_cannot_be_told_apart() {
    let h = Harness::new();
    h.start("victim");
    h.start("victim-two");
    let challenge = verification_id(&h.step("victim", DANGER));
    let wrong = json!({"challenge_id": challenge, "code": "WRONG1", "element_name": "victim"});
    // Over and over, past the agent's verification limit (10 a minute).
    for i in 0..15 {
        let r = h.call("verify_challenge", wrong.clone());
        assert_eq!(r["success"], false, "attempt {i}: {r}");
    }
    // From an MCP session, naming the victim is no claim at all: not found.
    let r = h.engine.call_as(
        &Caller::session("mcp-bystander"),
        airlock_core::Endpoint::Create,
        "verify_challenge",
        &wrong,
    );
    assert_eq!(code(&r), "NOT_FOUND_CHALLENGE", "{r}");
    // The person's right code still works, through `airlock verify` (the operator channel).
    let right = h.code_for(&challenge);
    let verified = h
        .engine
        .verify_challenge(&challenge, &right)
        .expect("the person's code after the bystander's wrong ones");
    assert_eq!(verified.result, "unblocked");
    assert!(h.step("victim", ADVISORY).directive.proceed);

    // And through the API, relayed by the agent.
    let challenge = verification_id(&h.step("victim-two", DANGER));
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": challenge, "code": "WRONG1", "element_name": "victim-two"}),
    );
    assert_eq!(r["success"], false, "{r}");
    let right = h.code_for(&challenge);
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": challenge, "code": right, "element_name": "victim-two"}),
    );
    assert_eq!(r["data"]["result"], "unblocked", "{r}");
}

/// A hook session's agent (`claude-code:s1`) never submits a code: the host has no way to.
/// Anyone naming it on `/v1/operations` or from an MCP session is someone else, so they get
/// `NOT_FOUND_CHALLENGE` and burn nothing, even with the right code; the person's
/// `airlock verify` lifts the block.
#[test]
fn a_hook_session_s_challenge_is_answered_by_a_person_only() {
    let h = Harness::new();
    let answer = h
        .engine
        .hook_decide(&airlock_engine::HookCall {
            agent: "claude-code:s1".to_owned(),
            host: "claude-code".to_owned(),
            tool: "Bash".to_owned(),
            hint: "airlock approve 7d1c6a8e".to_owned(),
            floors: vec![airlock_engine::HookFloor {
                outcome: airlock_core::Outcome::Stop,
                reason: "an agent approving itself".to_owned(),
            }],
            ..airlock_engine::HookCall::default()
        })
        .expect("hook_decide");
    let challenge = answer.challenge_id.expect("a stop has a challenge");
    let right = h.code_for(&challenge);
    for caller in [Caller::default(), Caller::session("mcp-bystander")] {
        for code_given in ["WRONG1", right.as_str()] {
            let r = h.engine.call_as(
                &caller,
                airlock_core::Endpoint::Create,
                "verify_challenge",
                &json!({"challenge_id": challenge, "code": code_given,
                        "element_name": "claude-code:s1"}),
            );
            assert_eq!(code(&r), "NOT_FOUND_CHALLENGE", "{caller:?}: {r}");
        }
    }
    let verified = h
        .engine
        .verify_challenge(&challenge, &right)
        .expect("the person's code");
    assert_eq!(verified.result, "unblocked");
}
