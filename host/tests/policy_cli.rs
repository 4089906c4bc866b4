//! The WebAssembly side of the CLI, as a user meets it: `check --hint`, `policy test`,
//! `policy inspect`. Needs the guests built by `just guests` (embedded at build time).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn guests_dir() -> PathBuf {
    std::env::var_os("AIRLOCK_GUESTS_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/guests"),
        PathBuf::from,
    )
}

fn guest(name: &str) -> PathBuf {
    let path = guests_dir().join(format!("{name}.wasm"));
    assert!(
        path.is_file(),
        "guest {} not found: run `just guests`",
        path.display()
    );
    path
}

fn airlock(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(args)
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        )
        .env_remove("AIRLOCK_POLICY")
        .env_remove("AIRLOCK_SAFETY_MODE")
        .output()
        .expect("airlock runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn check_hint_runs_the_embedded_default_stages() {
    let out = airlock(&["check", "--hint", "rm -rf / on production", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let j: Value = serde_json::from_str(stdout(&out).trim()).expect("json");
    assert_eq!(j["outcome"], "stop");
    assert_eq!(j["tier"], "danger_zone");
    assert_eq!(j["risk"], "critical");
    assert!(j["score"].as_u64().is_some_and(|s| s >= 86));
    assert!(j["factors"].as_array().is_some_and(|f| !f.is_empty()));

    let out = airlock(&["check", "--hint", "list the files in src"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("ALLOW"), "{}", stdout(&out));
}

#[test]
fn check_hint_and_operation_join_both_answers() {
    // The gate allows a validated adapter's unlabeled operation; the scorer sees a force push.
    let out = airlock(&[
        "check",
        "--hint",
        "git push --force origin main",
        "--operation",
        "run_shell",
        "--trust",
        "validated",
        "--json",
    ]);
    let j: Value = serde_json::from_str(stdout(&out).trim()).expect("json");
    assert_eq!(j["decision"]["outcome"], "allow");
    assert_eq!(j["stages"]["tier"], "verify");
    assert_eq!(j["outcome"], "verify");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn policy_test_prints_pass_and_fail_and_exits_accordingly() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(guest("org-scorer"), dir.path().join("acme.wasm")).expect("copy");
    std::fs::write(
        dir.path().join("policy.json"),
        r#"{"stages": {"limits": {"deadline_ms": 2000}, "pipeline": [
            {"name": "acme", "kind": "scorer", "component": "acme.wasm"}]}}"#,
    )
    .expect("policy");
    std::fs::write(
        dir.path().join("acme.tests.json"),
        r#"{"vectors": [
            {"name": "payroll is verified", "action": {"hint": "export payroll"}, "expect": {"tier": "verify"}},
            {"name": "phones need a person", "action": {"hint": "call the phone"}, "expect": {"score": {"min": 50, "max": 50}}}
        ]}"#,
    )
    .expect("vectors");
    let d = dir.path().to_str().expect("path");
    let out = airlock(&["policy", "test", d]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("PASS payroll is verified (acme.tests.json)"),
        "{text}"
    );
    assert!(text.contains("PASS: 2 passed, 0 failed"), "{text}");

    std::fs::write(
        dir.path().join("zz.tests.json"),
        r#"{"vectors": [{"name": "payroll is harmless", "action": {"hint": "payroll"}, "expect": {"tier": "advisory"}}]}"#,
    )
    .expect("vectors");
    let out = airlock(&["policy", "test", d]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("FAIL payroll is harmless (zz.tests.json)"),
        "{text}"
    );
    assert!(
        text.contains("tier: expected advisory, got verify"),
        "{text}"
    );

    std::fs::write(dir.path().join("policy.json"), "{not json").expect("policy");
    let out = airlock(&["policy", "test", d]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("policy.json"));
}

#[test]
fn policy_inspect_describes_a_component_without_running_it() {
    let scorer = guest("default-scorer");
    let out = airlock(&[
        "policy",
        "inspect",
        scorer.to_str().expect("path"),
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let j: Value = serde_json::from_str(stdout(&out).trim()).expect("json");
    assert_eq!(j["world"], "risk-scorer");
    assert_eq!(j["wit_version"], "0.1.0");
    assert_eq!(j["loadable"], true);
    assert_eq!(j["sha256"].as_str().map(str::len), Some(64));

    let wrong = guest("wrong-version");
    let out = airlock(&["policy", "inspect", wrong.to_str().expect("path")]);
    assert!(
        stdout(&out).contains("loadable      no"),
        "{}",
        stdout(&out)
    );

    let out = airlock(&["policy", "inspect", "/nonexistent.wasm"]);
    assert_eq!(out.status.code(), Some(1));
}

/// The walkthrough of docs/writing-policies.md, as written: the example policy directory with
/// the ACME scorer passes its vectors, and the page shows exactly those files.
#[test]
fn the_documented_acme_policy_passes_its_vectors() {
    let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/acme-policy");
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/writing-policies.md"),
    )
    .expect("docs");
    let dir = tempfile::tempdir().expect("tempdir");
    for file in ["policy.json", "acme.tests.json"] {
        let text = std::fs::read_to_string(example.join(file)).expect("example file");
        assert!(
            doc.contains(text.trim()),
            "docs/writing-policies.md does not show {file} as it is"
        );
        std::fs::write(dir.path().join(file), text).expect("copy");
    }
    std::fs::copy(guest("org-scorer"), dir.path().join("acme.wasm")).expect("copy");
    let out = airlock(&["policy", "test", dir.path().to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("PASS: 3 passed, 0 failed"));
}
