//! Real MCP clients drive `airlock serve`: the Python SDK (PyPI `mcp`, installed into `.venv` by
//! scripts/setup.sh) runs a whole safety loop in the legacy handshake and in protocol 2026-07-28,
//! with the CRUDE tools and the single tool; tests/mcp/dongle_loop.py validates every result
//! against the MCP-AQL schemas.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn python() -> PathBuf {
    let venv = root().join(".venv/bin/python");
    assert!(
        venv.exists(),
        "{} is missing: run scripts/setup.sh (it installs the Python MCP client)",
        venv.display()
    );
    venv
}

/// Runs one of tests/mcp/*.py with `args` and checks that it printed OK.
///
/// airlock logs at TRACE level to the script's standard error (the client passes the server's
/// stderr through); every verification code issued in `state` is then looked for in everything
/// the script printed and every log line: none may appear. So is the secret part of every
/// confirmation token the script saw (`state/tokens-seen.txt`): the agent carries its token,
/// a log line never does.
fn run_script(script: &str, args: &[&std::ffi::OsStr]) {
    let out = Command::new(python())
        .arg(root().join("tests/mcp").join(script))
        .args(args)
        // Not from inside an `mcp/` directory: its `types` would shadow the stdlib's.
        .current_dir(std::env::temp_dir())
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        )
        .env("AIRLOCK_LOG", "trace")
        .output()
        .expect("run python");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("OK"),
        "{script} {args:?}: {}\n{stdout}\n{stderr}",
        out.status,
    );
    assert!(
        stderr.contains("DEBUG") || stderr.contains("TRACE"),
        "{script}: airlock logged at TRACE level"
    );
    let state = Path::new(args[1]);
    for code in codes_in(&state.join("operator")) {
        let bare: String = code.chars().filter(|c| *c != '-').collect();
        for form in [code.as_str(), bare.as_str()] {
            assert!(
                !stdout.contains(form),
                "{script}: a code reached the client's output"
            );
            assert!(
                !stderr.contains(form),
                "{script}: a code reached a log line"
            );
        }
    }
    let tokens = std::fs::read_to_string(state.join("tokens-seen.txt")).unwrap_or_default();
    for token in tokens.lines() {
        // What the audit may show is `conf_` and 4 characters; the rest is the secret.
        let secret = &token["conf_".len() + 4..];
        assert!(
            !stderr.contains(secret),
            "{script}: a confirmation token reached a log line"
        );
    }
    if script == "proxy_upstreams.py" {
        assert!(!tokens.is_empty(), "{script} saw a confirmation token");
    }
}

/// Every verification code the file channel in `dir` received.
fn codes_in(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .filter_map(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
        .filter_map(|v| v["code"].as_str().map(str::to_owned))
        .collect()
}

/// The test policy: deterministic deny and autoApprove patterns with the built-in guests.
fn policy_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("policy.json"),
        r#"{"stages": {"pipeline": [
            {"name": "patterns", "kind": "patterns", "component": "builtin:default-patterns",
             "config": {"deny": ["drop table*"], "autoApprove": ["read *"]}},
            {"name": "risk", "kind": "scorer", "component": "builtin:default-scorer"}]}}"#,
    )
    .expect("policy");
    dir
}

fn run_loop(mode: &str, endpoint_mode: &str) {
    let state = tempfile::tempdir().expect("tempdir");
    let policy = policy_dir();
    run_script(
        "dongle_loop.py",
        &[
            env!("CARGO_BIN_EXE_airlock").as_ref(),
            state.path().as_os_str(),
            policy.path().as_os_str(),
            mode.as_ref(),
            endpoint_mode.as_ref(),
        ],
    );
}

#[test]
fn the_python_client_runs_a_loop_in_the_legacy_handshake() {
    run_loop("legacy", "crude");
}

#[test]
fn the_python_client_runs_a_loop_in_protocol_2026_07_28() {
    run_loop("2026-07-28", "crude");
}

#[test]
fn the_single_tool_endpoint_mode_works_in_both_protocols() {
    run_loop("legacy", "single");
    run_loop("2026-07-28", "single");
}

#[test]
fn two_serve_processes_share_one_agent_state_and_the_operator_commands_reach_it() {
    let state = tempfile::tempdir().expect("tempdir");
    let policy = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        policy.path().join("policy.json"),
        r#"{"stages": {"pipeline": [
            {"name": "patterns", "kind": "patterns", "component": "builtin:default-patterns",
             "config": {"deny": ["drop table*"], "requiresApproval": ["deploy *"], "autoApprove": ["read *"]}},
            {"name": "risk", "kind": "scorer", "component": "builtin:default-scorer"}]}}"#,
    )
    .expect("policy");
    run_script(
        "shared_state.py",
        &[
            env!("CARGO_BIN_EXE_airlock").as_ref(),
            state.path().as_os_str(),
            policy.path().as_os_str(),
        ],
    );
}

#[test]
fn the_proxy_gates_real_upstream_servers() {
    let fs_server =
        root().join(".node/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
    assert!(
        fs_server.exists(),
        "{} is missing: run scripts/setup.sh (it installs the npm filesystem server)",
        fs_server.display()
    );
    let everything =
        root().join(".node/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assert!(
        everything.exists(),
        "{} is missing: run scripts/setup.sh",
        everything.display()
    );
    let state = tempfile::tempdir().expect("tempdir");
    let work = tempfile::tempdir().expect("tempdir");
    run_script(
        "proxy_upstreams.py",
        &[
            env!("CARGO_BIN_EXE_airlock").as_ref(),
            state.path().as_os_str(),
            fs_server.as_os_str(),
            work.path().as_os_str(),
            everything.as_os_str(),
        ],
    );
}

/// Runs parts of tests/mcp/proxy_holes.py: each reproduces one hole of issue #14 in the
/// gateway, with the Python client and real upstream servers.
fn run_holes(parts: &[&str]) {
    let fs_server =
        root().join(".node/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
    let everything =
        root().join(".node/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    for server in [&fs_server, &everything] {
        assert!(
            server.exists(),
            "{} is missing: run scripts/setup.sh",
            server.display()
        );
    }
    let state = tempfile::tempdir().expect("tempdir");
    let work = tempfile::tempdir().expect("tempdir");
    let mut args: Vec<&std::ffi::OsStr> = vec![
        env!("CARGO_BIN_EXE_airlock").as_ref(),
        state.path().as_os_str(),
        fs_server.as_os_str(),
        everything.as_os_str(),
        work.path().as_os_str(),
    ];
    args.extend(parts.iter().map(std::ffi::OsStr::new));
    run_script("proxy_holes.py", &args);
}

#[test]
fn an_elicited_approval_counts_only_for_the_call_and_client_it_was_asked_of() {
    run_holes(&["elicitation"]);
}

#[test]
fn mcp_aql_tools_are_judged_by_the_operation_inside_them() {
    run_holes(&["mcp_aql"]);
}

#[test]
fn repetition_anti_flap_and_notification_storm_fire_on_proxied_calls() {
    run_holes(&["history"]);
}

#[test]
fn the_gateway_tool_list_says_each_tools_danger_and_what_it_needs() {
    run_holes(&["introspection"]);
}
