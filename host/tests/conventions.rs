//! The conventions operators expect of a command-line service: usage on standard error when no
//! command is given, XDG variables read as the specification says, logs filtered with
//! `tracing`'s EnvFilter syntax, written as JSON lines on request, with one line a request.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

fn airlock() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_airlock"));
    c.env(
        "AIRLOCK_CACHE_DIR",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
    )
    .env_remove("AIRLOCK_POLICY")
    .env_remove("AIRLOCK_LOG")
    .env_remove("AIRLOCK_LOG_FORMAT")
    .env_remove("AIRLOCK_STATE_DIR");
    c
}

#[test]
fn no_command_prints_the_usage_on_stderr_and_exits_2() {
    let out = airlock().output().expect("airlock");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "nothing on stdout");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Usage: airlock"), "{err}");
}

#[test]
fn an_empty_xdg_state_home_is_unset_not_the_current_directory() {
    let cwd = tempfile::tempdir().expect("tempdir");
    let home = tempfile::tempdir().expect("tempdir");
    let out = airlock()
        .args(["blocks"])
        .current_dir(cwd.path())
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", "")
        .output()
        .expect("airlock blocks");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !cwd.path().join("airlock").exists(),
        "state must not land in ./airlock"
    );
    assert!(home.path().join(".local/state/airlock/state.redb").exists());

    // A relative value is invalid per the specification, and ignored the same way.
    let out = airlock()
        .args(["blocks"])
        .current_dir(cwd.path())
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", "relative")
        .output()
        .expect("airlock blocks");
    assert!(out.status.success());
    assert!(!cwd.path().join("relative").exists());
}

/// JSON log lines of standard error; panics on a line that is not one, except the command's
/// own closing message (`airlock serve: connection closed ...`, not a log record).
fn json_lines(err: &str) -> Vec<Value> {
    err.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("airlock "))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn logs_take_an_env_filter_and_can_be_json_lines() {
    let state = tempfile::tempdir().expect("tempdir");
    let out = airlock()
        .args(["serve", "--state-dir"])
        .arg(state.path())
        .env("AIRLOCK_LOG", "airlock=debug")
        .env("AIRLOCK_LOG_FORMAT", "json")
        .stdin(Stdio::null())
        .output()
        .expect("airlock serve");
    let lines = json_lines(&String::from_utf8_lossy(&out.stderr));
    assert!(!lines.is_empty(), "airlock=debug logs the start");
    for v in &lines {
        assert!(v["level"].is_string() && v["fields"].is_object(), "{v}");
        assert!(
            v["target"]
                .as_str()
                .is_some_and(|t| t.starts_with("airlock")),
            "airlock=debug lets only airlock's targets through: {v}"
        );
    }
    assert!(
        lines
            .iter()
            .any(|v| v["fields"]["message"] == "airlock owns the state"),
        "{lines:?}"
    );

    // Level names in any case, as operators type them.
    let out = airlock()
        .args(["serve", "--state-dir"])
        .arg(state.path())
        .env("AIRLOCK_LOG", "INFO")
        .stdin(Stdio::null())
        .output()
        .expect("airlock serve");
    // (It then ends on the closed standard input, which is not what is checked.)
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(" INFO ") && err.contains("airlock owns the state"),
        "{err}"
    );

    // A filter that does not parse is an error that names the variable, not a silent default.
    for (var, value) in [
        ("AIRLOCK_LOG", "airlock=loud"),
        ("AIRLOCK_LOG_FORMAT", "yaml"),
    ] {
        let out = airlock()
            .args(["serve", "--state-dir"])
            .arg(state.path())
            .env(var, value)
            .stdin(Stdio::null())
            .output()
            .expect("airlock serve");
        assert_eq!(out.status.code(), Some(1), "{var}={value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(var), "{err}");
    }
}

/// `airlock http` logs one line a request at info: method, path, status, time; never a body.
#[test]
fn http_logs_one_line_a_request_and_never_its_body() {
    let state = tempfile::tempdir().expect("tempdir");
    let log = tempfile::NamedTempFile::new().expect("log file");
    let mut child = airlock()
        .args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
        .arg(state.path())
        .env("AIRLOCK_LOG", "info")
        .env("AIRLOCK_LOG_FORMAT", "json")
        .stdout(Stdio::piped())
        .stderr(log.reopen().expect("log"))
        .spawn()
        .expect("airlock http");
    let base = common::http_base(&mut child);
    let http: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let code = "CODE-7f3a9-NEVER-LOGGED";
    let body = serde_json::json!({"operation": "verify_challenge",
        "params": {"challenge_id": "c-1", "code": code}});
    let status = http
        .post(format!("{base}/v1/operations"))
        .header("content-type", "application/json")
        .send(body.to_string())
        .expect("verify_challenge")
        .status();
    let refused = http
        .post(format!("{base}/v1/decide?code={code}"))
        .header("content-type", "text/plain")
        .send(body.to_string())
        .expect("text/plain")
        .status();
    assert_eq!(refused, 415);
    let _ = child.kill();
    let _ = child.wait();

    let err = std::fs::read_to_string(log.path()).expect("log");
    assert!(!err.contains(code), "the code reached the log: {err}");
    let requests: Vec<Value> = json_lines(&err)
        .into_iter()
        .filter(|v| v["target"] == "airlock_http::access")
        .collect();
    let line = |path: &str| {
        requests
            .iter()
            .find(|v| v["fields"]["path"] == path)
            .unwrap_or_else(|| panic!("no request line for {path}: {err}"))
    };
    let op = line("/v1/operations");
    assert_eq!(op["level"], "INFO");
    assert_eq!(op["fields"]["method"], "POST");
    assert_eq!(op["fields"]["status"], status.as_u16());
    assert!(
        op["fields"]["ms"].is_string() || op["fields"]["ms"].is_number(),
        "{op}"
    );
    // A refused request is logged too, without its query string.
    assert_eq!(line("/v1/decide")["fields"]["status"], 415);
}
