//! Channel separation (core spec 8.8.2, 8.8.4): a full flow with logging at TRACE; every byte
//! returned to the agent's side, every log line, every error, the audit log and the state file
//! are scanned for every code issued: none is found. The codes themselves are read from the file
//! channel, and they verify. Confirmation tokens, which the agent carries, are scanned for in
//! the log, the audit log and the state file.

use std::io::Write;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use crate::common::*;

/// Collects everything the subscriber writes.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The forms a code could leak in: as displayed, without dashes, lower case.
fn forms(code: &str) -> Vec<String> {
    let bare: String = code.chars().filter(|c| *c != '-').collect();
    let mut v = vec![
        code.to_owned(),
        bare.clone(),
        code.to_lowercase(),
        bare.to_lowercase(),
    ];
    // Any 12-symbol piece is already far beyond guessing; catch partial leaks too.
    v.push(bare[..12].to_owned());
    v.push(bare[bare.len() - 12..].to_owned());
    v
}

#[test]
fn must_keep_verification_codes_out_of_every_agent_visible_channel() {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();

    let seen = std::cell::RefCell::new(Vec::<String>::new());
    // Confirmation tokens are the agent's to carry (spec: it retries with `_confirmation`), so
    // they may reach the agent's side; never a log line, the audit log or the state file.
    let tokens = std::cell::RefCell::new(Vec::<String>::new());
    let h = tracing::subscriber::with_default(subscriber, || {
        let h = Harness::with_policy(|p| {
            p["adapters"] = json!({"files": {"trust": {"level": "validated", "validated_at": "2026-11-01T00:00:00Z"}}});
        });
        let call = |op: &str, params: Value| -> Value {
            let r = h.call(op, params);
            seen.borrow_mut().push(r.to_string());
            r
        };
        call("introspect", json!({"query": "operations"}));
        call(
            "introspect",
            json!({"query": "operations", "name": "verify_challenge"}),
        );
        for agent in ["a", "b", "c"] {
            call("execute_agent", json!({"element_name": agent}));
        }
        // A verify pause, a wrong code, a reissue, the right code.
        let v = call(
            "record_execution_step",
            json!({"element_name": "a", "nextActionHint": VERIFY}),
        );
        let vid = v["data"]["notifications"][0]["metadata"]["verificationId"]
            .as_str()
            .expect("verificationId")
            .to_owned();
        call(
            "record_execution_step",
            json!({"element_name": "a", "nextActionHint": VERIFY}),
        );
        call(
            "verify_challenge",
            json!({"challenge_id": vid, "code": "AAAA-BBBB", "element_name": "a"}),
        );
        let fresh = h
            .engine
            .reissue_challenge("a", operator())
            .expect("reissue");
        seen.borrow_mut().push(format!("{fresh:?}"));
        let code = h.code_for(&fresh.challenge_id);
        let ok = call(
            "verify_challenge",
            json!({"challenge_id": fresh.challenge_id, "code": code, "element_name": "a"}),
        );
        assert_eq!(
            ok["success"], true,
            "the code from the file channel verifies: {ok}"
        );
        call(
            "record_execution_step",
            json!({"element_name": "a", "nextActionHint": VERIFY}),
        );

        // A hard block with a broadcast, a wrong code, the right one.
        let s = call(
            "record_execution_step",
            json!({"element_name": "b", "nextActionHint": DENIED}),
        );
        let sid = s["data"]["notifications"]
            .as_array()
            .and_then(|n| {
                n.iter()
                    .find_map(|n| n["metadata"]["verificationId"].as_str())
            })
            .expect("verificationId")
            .to_owned();
        call(
            "record_execution_step",
            json!({"element_name": "c", "nextActionHint": ADVISORY}),
        );
        call(
            "record_execution_step",
            json!({"element_name": "b", "nextActionHint": ADVISORY}),
        );
        call("execute_agent", json!({"element_name": "b"}));
        let wrong = h.engine.verify_challenge(&sid, "wrong").expect_err("wrong");
        seen.borrow_mut().push(format!("{wrong} {wrong:?}"));
        let fresh = h
            .engine
            .reissue_challenge("b", operator())
            .expect("reissue");
        let code = h.code_for(&fresh.challenge_id);
        let ok = call(
            "verify_challenge",
            json!({"challenge_id": fresh.challenge_id, "code": code, "element_name": "b"}),
        );
        assert_eq!(ok["success"], true, "{ok}");

        // An approval, from the agent's side and the operator's.
        let p = call(
            "record_execution_step",
            json!({"element_name": "c", "nextActionHint": CONFIRM}),
        );
        let aid = p["data"]["notifications"]
            .as_array()
            .and_then(|n| n.iter().find_map(|n| n["metadata"]["approvalId"].as_str()))
            .expect("approvalId")
            .to_owned();
        call("confirm_operation", json!({"approval_id": aid}));
        let approved = h.engine.approve(&aid, operator()).expect("approve");
        seen.borrow_mut().push(format!("{approved:?}"));
        call(
            "record_execution_step",
            json!({"element_name": "c", "nextActionHint": CONFIRM}),
        );

        // A danger_zone block lifted by a code a person gives right away.
        let d = call(
            "record_execution_step",
            json!({"element_name": "c", "nextActionHint": DANGER}),
        );
        let did = d["data"]["notifications"]
            .as_array()
            .and_then(|n| {
                n.iter()
                    .rev()
                    .find_map(|n| n["metadata"]["verificationId"].as_str())
            })
            .expect("verificationId")
            .to_owned();
        call(
            "verify_challenge",
            json!({"challenge_id": did, "code": h.code_for(&did), "element_name": "c"}),
        );
        // A tool call a person confirms (its token is the agent's to carry: inert until approved).
        let params = json!({"path": "/srv/data.db"});
        let gate = |params: &Value| {
            let answer = h
                .engine
                .gate_operation(airlock_engine::OperationCall {
                    agent: "c",
                    adapter: "files",
                    operation: "delete_file",
                    endpoint: None,
                    params,
                    annotations: None,
                    trust: None,
                    autonomy: None,
                    safety_mode: None,
                    not_offered: false,
                })
                .expect("gate");
            seen.borrow_mut().push(format!("{answer:?}"));
            answer
        };
        let airlock_engine::GateAnswer::Pending { approval_id, error } = gate(&params) else {
            panic!("a destructive call at validated trust waits for a person");
        };
        let token = error["details"]["confirmation_token"]
            .as_str()
            .expect("CONFIRMATION_REQUIRED carries a token")
            .to_owned();
        assert!(token.starts_with("conf_"), "{token}");
        tokens.borrow_mut().push(token);
        call("confirm_operation", json!({"approval_id": approval_id}));
        let approved = h.engine.approve(&approval_id, operator()).expect("approve");
        seen.borrow_mut().push(format!("{approved:?}"));
        assert!(matches!(
            gate(&params),
            airlock_engine::GateAnswer::Proceed {
                confirmed: true,
                ..
            }
        ));
        seen.borrow_mut()
            .push(format!("{:?}", h.engine.blocked_agents().expect("blocks")));
        seen.borrow_mut().push(format!(
            "{:?}",
            h.engine.pending_approvals().expect("approvals")
        ));
        seen.borrow_mut().push(format!("{:?}", h.engine));
        for agent in ["a", "b", "c"] {
            call("complete_execution", json!({"element_name": agent}));
        }
        h
    });

    // Every code that was issued, from the human channel.
    let mut codes = Vec::new();
    for entry in std::fs::read_dir(&h.operator_dir).expect("operator dir") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let v: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
            if let Some(code) = v["code"].as_str() {
                codes.push(code.to_owned());
            }
        }
    }
    assert!(codes.len() >= 5, "the flow issued codes: {}", codes.len());

    let logs = String::from_utf8(captured.0.lock().expect("lock").clone()).expect("utf8");
    assert!(
        logs.contains("agent hard-blocked"),
        "TRACE logging was on: {logs}"
    );
    let audit: String = h.audit().iter().map(Value::to_string).collect();
    let state_file = std::fs::read(h.state_dir.join("state.redb")).expect("state file");
    let state_text = String::from_utf8_lossy(&state_file);
    let agent_side = seen.borrow().join("\n");
    for code in &codes {
        for form in forms(code) {
            assert!(
                !agent_side.contains(&form),
                "a code reached the agent's side"
            );
            assert!(!logs.contains(&form), "a code reached the log");
            assert!(!audit.contains(&form), "a code reached the audit log");
            assert!(!state_text.contains(&form), "a code is stored in clear");
        }
    }
    let tokens = tokens.into_inner();
    assert!(!tokens.is_empty(), "the flow issued a confirmation token");
    for token in &tokens {
        // The secret part: everything after the prefix the audit may show (`conf_` + 4).
        let secret = &token["conf_".len() + 4..];
        assert!(secret.len() >= 32, "{token}");
        assert!(
            !logs.contains(secret),
            "a confirmation token reached the log"
        );
        assert!(
            !audit.contains(secret),
            "a confirmation token reached the audit log"
        );
        assert!(
            !state_text.contains(secret),
            "a confirmation token is stored in clear"
        );
    }
    assert!(
        audit.contains("conf_"),
        "the audit log names the token by its shown part: {audit}"
    );
}
