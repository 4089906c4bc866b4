//! The operator commands on a state directory no airlock process holds: they open the state
//! file themselves. (With a running `airlock serve` they go through operator.sock:
//! mcp_clients.rs.)

mod common;
#[path = "common/serve_session.rs"]
mod serve_session;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serve_session::ServeSession;

use serde_json::{Value, json};

fn airlock(state: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_airlock"));
    c.env("AIRLOCK_STATE_DIR", state).env(
        "AIRLOCK_CACHE_DIR",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
    );
    c
}

/// Blocks agent `a` through a short `airlock serve` session spoken to by hand (JSON-RPC lines).
fn block_agent(state: &Path) -> String {
    let mut command = airlock(state);
    command.arg("serve");
    let mut serve = ServeSession::start(command);
    serve.call(
        "mcp_aql_execute",
        "execute_agent",
        json!({"element_name": "a"}),
    );
    // The embedded default patterns deny forbidden operation names such as drop_database.
    let stop = serve.call(
        "mcp_aql_create",
        "record_execution_step",
        json!({"element_name": "a", "nextActionHint": "call drop_database on the production server"}),
    );
    assert_eq!(stop["data"]["stopped"], true, "{stop}");
    serve.close();
    stop["data"]["notifications"]
        .as_array()
        .and_then(|n| {
            n.iter()
                .find_map(|n| n["metadata"]["verificationId"].as_str())
        })
        .expect("verificationId")
        .to_owned()
}

#[test]
fn the_operator_commands_work_on_the_state_file_when_no_airlock_runs() {
    let state = tempfile::tempdir().expect("tempdir");
    let challenge = block_agent(state.path());

    let out = airlock(state.path())
        .args(["blocks", "--json"])
        .output()
        .expect("blocks");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let blocks: Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(blocks[0]["agent"], "a");
    assert_eq!(blocks[0]["challenge_id"], challenge.as_str());

    // A wrong code, piped on stdin: refused (exit 3), and it says why without any code.
    let mut verify = airlock(state.path())
        .args(["verify", &challenge])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("verify");
    writeln!(verify.stdin.take().expect("stdin"), "WRONG-CODE").expect("write");
    let out = verify.wait_with_output().expect("verify");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("PERMISSION_VERIFICATION_FAILED"));

    // The burned challenge is replaced; the new code, read from the file channel, verifies.
    let out = airlock(state.path())
        .args(["reissue", "a", "--json"])
        .output()
        .expect("reissue");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fresh: Value = serde_json::from_slice(&out.stdout).expect("json");
    let id = fresh["challenge_id"].as_str().expect("id");
    let notice: Value = serde_json::from_str(
        &std::fs::read_to_string(state.path().join("operator").join(format!("{id}.json")))
            .expect("notice"),
    )
    .expect("json");
    let code = notice["code"].as_str().expect("code");
    let mut verify = airlock(state.path())
        .args(["verify", id])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("verify");
    writeln!(verify.stdin.take().expect("stdin"), "{code}").expect("write");
    let out = verify.wait_with_output().expect("verify");
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stdout).contains(code));

    let out = airlock(state.path())
        .args(["blocks"])
        .output()
        .expect("blocks");
    assert!(String::from_utf8_lossy(&out.stdout).contains("no blocked agents"));

    let out = airlock(state.path())
        .args(["audit", "--json"])
        .output()
        .expect("audit");
    let audit: Value = serde_json::from_slice(&out.stdout).expect("json");
    let outcomes: Vec<&str> = audit
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["outcome"].as_str())
        .collect();
    assert!(
        outcomes.contains(&"stopped")
            && outcomes.contains(&"verification_failed")
            && outcomes.contains(&"unblocked"),
        "{outcomes:?}"
    );

    // Refusals say what is wrong and exit 3; usage errors exit 1.
    let out = airlock(state.path())
        .args(["approve", "no-such-id"])
        .output()
        .expect("approve");
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("NOT_FOUND_APPROVAL"));
    let out = airlock(state.path())
        .args(["unblock", "a"])
        .output()
        .expect("unblock");
    assert_eq!(out.status.code(), Some(3));
    let out = airlock(state.path())
        .args(["verify", id])
        .stdin(Stdio::null())
        .output()
        .expect("verify");
    assert_eq!(out.status.code(), Some(1), "no code on stdin");
}

fn json_of(out: &std::process::Output) -> Value {
    assert!(
        out.status.success(),
        "{}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn trust_changes_are_kept_with_their_history_and_gate_decisions() {
    let state = tempfile::tempdir().expect("tempdir");
    let run = |args: &[&str]| airlock(state.path()).args(args).output().expect("airlock");

    let shown = json_of(&run(&["trust", "show", "github", "--json"]));
    assert_eq!(
        (shown["source"].as_str(), shown["effective"].as_str()),
        (Some("none"), Some("untested"))
    );

    let t = json_of(&run(&[
        "trust",
        "promote",
        "github",
        "--reason",
        "schema generated",
        "--json",
    ]));
    assert_eq!(t["effective"], "generated");
    let t = json_of(&run(&[
        "trust",
        "promote",
        "github",
        "--to",
        "validated",
        "--reason",
        "47/47 tests",
        "--json",
    ]));
    assert_eq!(
        (t["effective"].as_str(), t["source"].as_str()),
        (Some("validated"), Some("store"))
    );
    // One level at a time.
    let skip = run(&["trust", "promote", "github", "--to", "certified"]);
    assert_eq!(
        skip.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&skip.stderr)
    );
    // A demotion needs a reason (clap refuses without one: exit 1).
    assert_eq!(
        run(&["trust", "demote", "github", "--to", "generated"])
            .status
            .code(),
        Some(1)
    );

    // /v1/decide and introspection use the stored trust.
    let mut http = airlock(state.path())
        .args(["http", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("http");
    let base = common::http_base(&mut http);
    // A real HTTP client (ureq), not a tool the machine may lack.
    let post = |path: &str, body: Value| -> Value {
        let text = ureq::post(format!("{base}{path}"))
            .header("content-type", "application/json")
            .send(body.to_string())
            .expect("request")
            .body_mut()
            .read_to_string()
            .expect("body");
        serde_json::from_str(&text).expect("json")
    };
    let d = post(
        "/v1/decide",
        json!({"operation": "delete_file", "adapter": "github"}),
    );
    assert_eq!(
        (d["outcome"].as_str(), d["trust"].as_str()),
        (Some("confirm"), Some("validated")),
        "{d}"
    );
    let info = post(
        "/v1/operations",
        json!({"operation": "introspect", "params": {"query": "adapter_info", "name": "github"}}),
    );
    assert_eq!(info["data"]["trust"]["level"], "validated", "{info}");
    assert_eq!(
        info["data"]["trust"]["promotion_history"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );

    // A demotion through the running server (operator.sock) takes effect at once.
    let t = json_of(&run(&[
        "trust",
        "demote",
        "github",
        "--to",
        "untested",
        "--reason",
        "leaked token",
        "--json",
    ]));
    assert_eq!(t["effective"], "untested");
    let d = post(
        "/v1/decide",
        json!({"operation": "delete_file", "adapter": "github"}),
    );
    assert_eq!(d["outcome"], "deny", "{d}");
    let _ = http.kill();
    let _ = http.wait();

    let audit = json_of(&run(&["audit", "--json"]));
    let changes = audit
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| e["operation"] == "trust_change")
        .count();
    assert_eq!(changes, 3);
}

/// A certification from a file: refused below community_reviewed and when malformed (nothing
/// changes), promotes community_reviewed to certified, gates as certified until it expires,
/// and is renewed by certifying again; a demotion without --to goes one level down.
#[test]
fn a_certification_is_recorded_from_a_file_and_counts_until_it_expires() {
    let state = tempfile::tempdir().expect("tempdir");
    let run = |args: &[&str]| airlock(state.path()).args(args).output().expect("airlock");
    let cert = |name: &str, id: &str, expires: &str| {
        let path = state.path().join(name);
        let body = json!({
            "authority": "ACME Security", "signature": "c2ln", "certificate_id": id,
            "issued_at": "2026-01-01T00:00:00Z", "expires_at": expires,
            "scope": ["all_operations"]
        });
        std::fs::write(&path, body.to_string()).expect("write");
        path.to_string_lossy().into_owned()
    };
    let current = cert("current.json", "ACME-1", "2099-01-01T00:00:00Z");
    // untested -> generated -> validated.
    for _ in 0..2 {
        run(&["trust", "promote", "crm", "--reason", "reviewed"]);
    }
    // validated: too low to certify.
    let low = run(&["trust", "certify", "crm", "--certification", &current]);
    assert_eq!(low.status.code(), Some(3), "{low:?}");
    assert!(
        String::from_utf8_lossy(&low.stderr).contains("promote it one level at a time first"),
        "{low:?}"
    );
    run(&["trust", "promote", "crm", "--reason", "community review"]);

    // A malformed file is refused before anything is sent.
    let bad = state.path().join("bad.json");
    std::fs::write(&bad, r#"{"authority": "ACME"}"#).expect("write");
    let out = run(&[
        "trust",
        "certify",
        "crm",
        "--certification",
        &bad.to_string_lossy(),
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("is not valid"),
        "{out:?}"
    );
    let t = json_of(&run(&["trust", "show", "crm", "--json"]));
    assert_eq!(t["effective"], "community_reviewed");

    let t = json_of(&run(&[
        "trust",
        "certify",
        "crm",
        "--certification",
        &current,
        "--reason",
        "SOC 2",
        "--json",
    ]));
    assert_eq!(t["effective"], "certified", "{t}");
    assert_eq!(t["block"]["certification"]["certificate_id"], "ACME-1");

    // An expired certification gates as community_reviewed, with the reason; renewing fixes it.
    let expired = cert("expired.json", "ACME-0", "2026-02-01T00:00:00Z");
    let t = json_of(&run(&[
        "trust",
        "certify",
        "crm",
        "--certification",
        &expired,
        "--json",
    ]));
    assert_eq!(t["effective"], "community_reviewed", "{t}");
    assert!(
        t["reasons"][0]
            .as_str()
            .is_some_and(|r| r.contains("expired")),
        "{t}"
    );
    let t = json_of(&run(&[
        "trust",
        "certify",
        "crm",
        "--certification",
        &current,
        "--json",
    ]));
    assert_eq!(t["effective"], "certified", "{t}");

    // Without --to, a demotion is one level down.
    let t = json_of(&run(&[
        "trust",
        "demote",
        "crm",
        "--reason",
        "certificate revoked",
        "--json",
    ]));
    assert_eq!(t["block"]["level"], "community_reviewed", "{t}");
}

#[test]
fn init_writes_a_starter_policy_that_passes_its_own_tests() {
    let dir = tempfile::tempdir().expect("tempdir");
    let policy = dir.path().join("my-policy");
    let out = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .arg("init")
        .arg(&policy)
        .output()
        .expect("init");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "policy.json",
        "default-patterns.wasm",
        "default-scorer.wasm",
        "starter.tests.json",
        "README.md",
    ] {
        assert!(policy.join(f).exists(), "{f}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(["policy", "test"])
        .arg(&policy)
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        )
        .output()
        .expect("policy test");
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // It never overwrites a policy.
    let before = std::fs::read(policy.join("policy.json")).expect("read");
    let out = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .arg("init")
        .arg(&policy)
        .output()
        .expect("init");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already has a policy.json"));
    assert_eq!(
        std::fs::read(policy.join("policy.json")).expect("read"),
        before
    );
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .expect("metadata")
        .permissions()
        .mode()
        & 0o777
}

#[cfg(unix)]
#[test]
fn the_state_the_sockets_and_the_codes_are_private() {
    let parent = tempfile::tempdir().expect("tempdir");
    let state = parent.path().join("state");
    let challenge = block_agent(&state);
    assert_eq!(mode(&state), 0o700, "state directory");
    assert_eq!(mode(&state.join("state.redb")), 0o600, "state file");
    assert_eq!(
        mode(&state.join("operator")),
        0o700,
        "file channel directory"
    );
    for ext in ["txt", "json"] {
        assert_eq!(
            mode(&state.join("operator").join(format!("{challenge}.{ext}"))),
            0o600,
            "the code's {ext} file"
        );
    }
    // The sockets of a running owner.
    let mut http = airlock(&state)
        .args(["http", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("http");
    common::http_base(&mut http);
    for socket in ["agent.sock", "operator.sock"] {
        assert_eq!(mode(&state.join(socket)), 0o600, "{socket}");
    }
    let _ = http.kill();
    let _ = http.wait();
}
