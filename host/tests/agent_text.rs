//! Text an agent wrote (hints, findings, params) reaches the operator's terminal inert: the
//! human outputs of `airlock approvals`, `blocks`, `audit` and the file channel's `.txt` show
//! escape sequences, C1 controls, bidi overrides and newlines as visible escapes, while `--json`
//! and the `.json` file keep the exact text.

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

#[path = "common/serve_session.rs"]
mod serve_session;
use serve_session::ServeSession;

/// A hint that tries everything on the operator's terminal: erase the line, set the window
/// title, write the clipboard (OSC 52), a C1 CSI, a forged "approved" line, a bidi override.
const HOSTILE: &str = "deploy web\x1b[2K\x1b[1G\x1b]0;pwned\x07\x1b]52;c;cGF5bG9hZA==\x1b\\\u{9b}31m\
\rapproval x: approved\nairlock: all clear\u{202e}txt.exe\u{2028}";

fn airlock(state: &Path, policy: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_airlock"));
    c.env("AIRLOCK_STATE_DIR", state)
        .env("AIRLOCK_POLICY", policy)
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        );
    c
}

/// Whether `text` is safe on a terminal: no control character but the line ends we expect,
/// no C1 control, no bidi control or line separator.
fn assert_inert(what: &str, text: &str) {
    for c in text.chars() {
        let hazard = (c.is_control() && c != '\n')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}');
        assert!(!hazard, "{what}: {c:?} reached the terminal:\n{text}");
    }
    for forged in ["\napproval x: approved", "\nairlock: all clear"] {
        assert!(!text.contains(forged), "{what}: a forged line:\n{text}");
    }
}

/// Whether a string somewhere in `v` contains `text` exactly.
fn holds(v: &Value, text: &str) -> bool {
    match v {
        Value::String(s) => s.contains(text),
        Value::Array(items) => items.iter().any(|i| holds(i, text)),
        Value::Object(map) => map.values().any(|i| holds(i, text)),
        _ => false,
    }
}

#[test]
fn agent_text_is_escaped_on_every_human_output_and_exact_in_json() {
    let state = tempfile::tempdir().expect("tempdir");
    let policy = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        policy.path().join("policy.json"),
        r#"{"stages": {"pipeline": [
            {"name": "patterns", "kind": "patterns", "component": "builtin:default-patterns",
             "config": {"deny": ["drop table*"], "requiresApproval": ["deploy *"]}},
            {"name": "risk", "kind": "scorer", "component": "builtin:default-scorer"}]}}"#,
    )
    .expect("policy");

    // The agent's session: an approval request and a hard block, both carrying hostile text.
    let mut command = airlock(state.path(), policy.path());
    command.arg("serve");
    let mut serve = ServeSession::start(command);
    serve.call(
        "mcp_aql_execute",
        "execute_agent",
        json!({"element_name": "a"}),
    );
    let paused = serve.call(
        "mcp_aql_create",
        "record_execution_step",
        json!({"element_name": "a", "nextActionHint": HOSTILE}),
    );
    assert_eq!(paused["data"]["continue"], false, "{paused}");
    serve.call(
        "mcp_aql_execute",
        "execute_agent",
        json!({"element_name": "b"}),
    );
    let stop = serve.call(
        "mcp_aql_create",
        "record_execution_step",
        json!({"element_name": "b", "nextActionHint": format!("drop table users {HOSTILE}")}),
    );
    assert_eq!(stop["data"]["stopped"], true, "{stop}");
    serve.close();

    let run = |args: &[&str]| -> String {
        let out = airlock(state.path(), policy.path())
            .args(args)
            .output()
            .expect("run");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let approvals = run(&["approvals"]);
    assert!(approvals.contains("deploy web"), "{approvals}");
    assert_inert("airlock approvals", &approvals);
    let blocks = run(&["blocks"]);
    assert!(
        blocks.contains("  b  ") || blocks.starts_with("b "),
        "{blocks}"
    );
    assert_inert("airlock blocks", &blocks);
    let audit = run(&["audit"]);
    assert_inert("airlock audit", &audit);
    assert!(audit.contains("\\x1b[2K"), "visible, not dropped:\n{audit}");

    // The JSON outputs keep the agent's exact text.
    let listed: Value = serde_json::from_str(&run(&["approvals", "--json"])).expect("json");
    assert!(holds(&listed, HOSTILE), "{listed}");
    let entries: Value = serde_json::from_str(&run(&["audit", "--json"])).expect("json");
    assert!(
        holds(&entries, HOSTILE),
        "the audit JSON keeps the text: {entries}"
    );

    // The file channel: the .txt a person opens is inert, the .json is exact.
    let mut texts = 0;
    for entry in std::fs::read_dir(state.path().join("operator")).expect("operator dir") {
        let path = entry.expect("entry").path();
        let content = std::fs::read_to_string(&path).expect("read");
        match path.extension().and_then(|e| e.to_str()) {
            Some("txt") => {
                texts += 1;
                assert_inert(&path.display().to_string(), &content);
            }
            Some("json") => {
                let v: Value = serde_json::from_str(&content).expect("json");
                assert!(holds(&v, HOSTILE), "{content}");
            }
            _ => {}
        }
    }
    assert!(texts >= 2, "an approval request and a verification code");
}
