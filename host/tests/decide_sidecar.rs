//! `POST /v1/decide` as a gate, not just an opinion: the client's values can only make a
//! decision stricter than policy.json, a hard-blocked agent is refused, every decision is
//! audited, and confirm creates an approval a person decides, after which the same request
//! proceeds once.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

struct Server {
    child: Child,
    base: String,
    state: tempfile::TempDir,
    _policy: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn cache() -> std::path::PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache")
}

fn start(policy: Value) -> Server {
    let state = tempfile::tempdir().expect("tempdir");
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join("policy.json"), policy.to_string()).expect("policy");
    let mut child = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
        .arg(state.path())
        .arg("--policy")
        .arg(dir.path())
        .env("AIRLOCK_CACHE_DIR", cache())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let base = common::http_base(&mut child);
    Server {
        child,
        base,
        state,
        _policy: dir,
    }
}

fn post(s: &Server, path: &str, body: &Value) -> (u16, Value) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut r = agent
        .post(format!("{}{path}", s.base))
        .header("content-type", "application/json")
        .send(body.to_string())
        .expect("request");
    let status = r.status().as_u16();
    let text = r.body_mut().read_to_string().expect("body");
    (status, serde_json::from_str(&text).expect("json answer"))
}

fn operator(s: &Server, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(args)
        .arg("--state-dir")
        .arg(s.state.path())
        .arg("--json")
        .env("AIRLOCK_CACHE_DIR", cache())
        .env_remove("AIRLOCK_POLICY")
        .output()
        .expect("operator command");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn the_clients_values_can_only_make_the_decision_stricter() {
    let s = start(json!({"safety_mode": "read-only", "autonomy": {"level": "A1"}}));
    // The client claims the loosest of everything: delete_file is still refused.
    let (status, answer) = post(
        &s,
        "/v1/decide",
        &json!({"operation": "delete_file", "params": {"path": "/srv/a"},
                "safety_mode": "write-destructive", "autonomy": "A4", "trust": "certified",
                "risk": "low", "context": {"now": "2020-01-01T00:00:00Z"}}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["outcome"], "deny", "{answer}");
    assert_eq!(answer["safety_mode"], "read-only", "{answer}");
    assert_eq!(answer["autonomy"], "A1", "{answer}");
    assert_eq!(answer["trust"], "untested", "{answer}");
    let notes = answer["trust_notes"].to_string();
    assert!(notes.contains("looser than the policy"), "{notes}");
    // Stricter values are taken: A0 previews a read the policy would allow.
    let (_, answer) = post(
        &s,
        "/v1/decide",
        &json!({"operation": "get_file", "endpoint": "read", "autonomy": "A0"}),
    );
    assert_eq!(answer["autonomy"], "A0", "{answer}");
}

#[test]
fn a_blocked_agent_is_refused_and_every_decision_is_audited() {
    let s = start(json!({}));
    let op = |operation: &str, params: Value| {
        post(
            &s,
            "/v1/operations",
            &json!({"operation": operation, "params": params}),
        )
    };
    op("execute_agent", json!({"element_name": "a"}));
    let (_, stop) = op(
        "record_execution_step",
        json!({"element_name": "a", "nextActionHint": "call drop_database on production"}),
    );
    assert_eq!(stop["data"]["stopped"], true, "{stop}");
    let (status, answer) = post(
        &s,
        "/v1/decide",
        &json!({"operation": "list_files", "endpoint": "read", "agent": "a"}),
    );
    assert_eq!(status, 403, "{answer}");
    assert_eq!(
        answer["error"]["code"], "PERMISSION_AGENT_BLOCKED",
        "{answer}"
    );

    // Decisions of another agent, at danger 0 and 2, each leave an entry.
    for operation in ["list_files", "delete_file"] {
        let (status, _) = post(
            &s,
            "/v1/decide",
            &json!({"operation": operation, "agent": "b", "trust": "untested"}),
        );
        assert_eq!(status, 200);
    }
    let audit = operator(&s, &["audit"]);
    let decided: Vec<(String, String, u64)> = audit
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["agent"] == "b" || (e["agent"] == "a" && e["operation"] == "list_files"))
        .map(|e| {
            (
                e["agent"].as_str().unwrap_or("").to_owned(),
                e["operation"].as_str().unwrap_or("").to_owned(),
                e["danger_level"].as_u64().unwrap_or(99),
            )
        })
        .collect();
    assert!(
        decided.contains(&("a".into(), "list_files".into(), 0)),
        "{decided:?}"
    );
    assert!(
        decided.contains(&("b".into(), "list_files".into(), 0)),
        "{decided:?}"
    );
    assert!(
        decided.contains(&("b".into(), "delete_file".into(), 2)),
        "{decided:?}"
    );
}

#[test]
fn confirm_creates_an_approval_and_the_approved_request_proceeds_once() {
    let s = start(json!({"adapters": {"files": {"trust": {
        "level": "validated", "validated_at": "2026-01-15T12:00:00Z"}}}}));
    let request = json!({"operation": "delete_file", "adapter": "files", "agent": "c",
                         "params": {"path": "/srv/a"}});
    let (status, first) = post(&s, "/v1/decide", &request);
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["outcome"], "confirm", "{first}");
    let id = first["approval_id"]
        .as_str()
        .expect("an approval id")
        .to_owned();
    assert!(
        first["how_to_approve"]
            .as_str()
            .is_some_and(|h| h.contains(&id))
    );
    // Asked again while pending: the same approval, no new one.
    let (_, again) = post(&s, "/v1/decide", &request);
    assert_eq!(again["approval_id"], id.as_str(), "{again}");
    let pending = operator(&s, &["approvals"]);
    assert_eq!(pending.as_array().map(Vec::len), Some(1), "{pending}");

    operator(&s, &["approve", &id]);
    let (_, approved) = post(&s, "/v1/decide", &request);
    assert_eq!(approved["outcome"], "allow", "{approved}");
    assert_eq!(approved["confirmed"], true, "{approved}");
    // Once: the next time, a person is asked again.
    let (_, after) = post(&s, "/v1/decide", &request);
    assert_eq!(after["outcome"], "confirm", "{after}");
    assert_ne!(after["approval_id"], id.as_str(), "{after}");
    // Another request (other params) is not covered by the approval.
    let (_, other) = post(
        &s,
        "/v1/decide",
        &json!({"operation": "delete_file", "adapter": "files", "agent": "c",
                "params": {"path": "/srv/b"}}),
    );
    assert_eq!(other["outcome"], "confirm", "{other}");
    let audit = operator(&s, &["audit"]);
    assert!(
        audit
            .as_array()
            .expect("entries")
            .iter()
            .any(|e| e["outcome"] == "confirmed" && e["operation"] == "delete_file"),
        "{audit}"
    );
}
