//! `airlock check` as a script sees it: the real binary, its JSON, its exit statuses.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

fn airlock(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(args)
        .env_remove("AIRLOCK_SAFETY_MODE")
        .env_remove("AIRLOCK_POLICY")
        .output()
        .expect("airlock runs")
}

fn check_json(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["check", "--json", "--now", "2026-11-25T12:00:00Z"];
    all.extend_from_slice(args);
    let out = airlock(&all);
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let json: Value = serde_json::from_str(stdout.trim())
        .unwrap_or_else(|e| panic!("one JSON object on stdout ({e}): {stdout}"));
    (out.status.code().expect("exit code"), json)
}

fn write_policy(dir: &Path, json: &str) {
    std::fs::write(dir.join("policy.json"), json).expect("write policy");
}

#[test]
fn exit_status_follows_the_outcome() {
    let (code, j) = check_json(&["--operation", "get_user", "--trust", "generated"]);
    assert_eq!((code, j["outcome"].as_str()), (0, Some("allow")));

    let (code, j) = check_json(&["--operation", "delete_repo", "--trust", "validated"]);
    assert_eq!((code, j["outcome"].as_str()), (2, Some("confirm")));

    let (code, j) = check_json(&[
        "--operation",
        "create_issue",
        "--trust",
        "certified",
        "--autonomy",
        "A0",
    ]);
    assert_eq!((code, j["outcome"].as_str()), (2, Some("preview")));

    let (code, j) = check_json(&["--operation", "drop_table", "--trust", "validated"]);
    assert_eq!((code, j["outcome"].as_str()), (3, Some("deny")));
    assert_eq!(j["error"]["code"], "PERMISSION_DANGER_LEVEL_DENIED");
}

#[test]
fn json_carries_the_contracted_fields() {
    let (_, j) = check_json(&[
        "--operation",
        "force_delete_all",
        "--endpoint",
        "DELETE",
        "--trust",
        "certified",
        "--risk",
        "high",
    ]);
    assert_eq!(j["outcome"], "confirm");
    assert_eq!(j["danger_level"], "forbidden");
    // --risk overrides the base risk; without an autonomy level no adjuster runs.
    assert_eq!(j["risk"], "high");
    let factors = j["factors"].as_array().expect("factors");
    assert!(factors.iter().any(|f| f["code"] == "name_pattern"));
    assert!(factors.iter().all(|f| f["message"].is_string()));
}

#[test]
fn annotations_params_and_autonomy_flags_reach_the_gate() {
    let (code, j) = check_json(&[
        "--operation",
        "read_text_file",
        "--trust",
        "validated",
        "--safety-mode",
        "read-only",
        "--annotations",
        r#"{"readOnlyHint": true}"#,
    ]);
    assert_eq!((code, j["outcome"].as_str()), (0, Some("allow")));

    let (code, j) = check_json(&[
        "--operation",
        "write_file",
        "--trust",
        "validated",
        "--safety-mode",
        "read-only",
        "--annotations",
        r#"{"readOnlyHint": false, "destructiveHint": true}"#,
    ]);
    assert_eq!(
        (code, j["error"]["code"].as_str()),
        (3, Some("PERMISSION_DENIED"))
    );

    let (code, j) = check_json(&[
        "--operation",
        "get_api_key",
        "--trust",
        "certified",
        "--autonomy",
        "A4",
        "--context",
        r#"{"scopes": ["secrets:read"]}"#,
    ]);
    assert_eq!((code, j["outcome"].as_str()), (2, Some("confirm")));
}

#[test]
fn a_policy_directory_declares_operations_and_adapters() {
    let dir = tempfile::tempdir().expect("tempdir");
    write_policy(
        dir.path(),
        r#"{
            "autonomy": {"level": "A3"},
            "operations": {
                "delete_records": {
                    "endpoint": "delete",
                    "danger": {
                        "default_level": "reversible",
                        "conditions": [{"when": "params.count > 100", "level": "dangerous", "reason": "bulk"}],
                        "confirmation_message": "Delete {count} records?"
                    }
                }
            },
            "adapters": {"records-api": {"trust": {"level": "community_reviewed"}}}
        }"#,
    );
    let policy = dir.path().to_str().expect("path");
    let (code, j) = check_json(&[
        "--policy",
        policy,
        "--adapter",
        "records-api",
        "--operation",
        "delete_records",
        "--params",
        r#"{"count": 5}"#,
    ]);
    assert_eq!((code, j["outcome"].as_str()), (0, Some("allow")), "{j}");
    assert_eq!(j["trust"], "community_reviewed");

    let (code, j) = check_json(&[
        "--policy",
        policy,
        "--adapter",
        "records-api",
        "--operation",
        "delete_records",
        "--params",
        r#"{"count": 500}"#,
    ]);
    // dangerous x community_reviewed is confirm; risk critical at A3 is a hard block.
    assert_eq!((code, j["outcome"].as_str()), (3, Some("deny")), "{j}");
    assert_eq!(j["danger_level"], "dangerous");
}

#[test]
fn usage_and_configuration_errors_exit_1_with_a_message_that_says_what_to_do() {
    let cases: &[(&[&str], &str)] = &[
        (&["check"], "--operation"),
        (
            &["check", "--operation", "x", "--trust", "trusted"],
            "community_reviewed",
        ),
        (&["check", "--operation", "x", "--autonomy", "A9"], "A4"),
        (
            &["check", "--operation", "x", "--params", "{nope"],
            "--params is not valid JSON",
        ),
        (
            &["check", "--operation", "x", "--params", "[1]"],
            "must be a JSON object",
        ),
        (
            &[
                "check",
                "--operation",
                "x",
                "--annotations",
                r#"{"readOnlyHint": "yes"}"#,
            ],
            "ToolAnnotations",
        ),
        (
            &[
                "check",
                "--operation",
                "x",
                "--context",
                r#"{"repetition": 3}"#,
            ],
            "unknown field",
        ),
        (
            &["check", "--operation", "x", "--adapter", "nobody"],
            "not in the policy",
        ),
        (&["frobnicate"], "unrecognized subcommand"),
    ];
    for (args, expected) in cases {
        let out = airlock(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?} printed to stdout");
    }
}

#[test]
fn a_broken_policy_is_refused_with_its_path_and_nothing_is_decided() {
    let dir = tempfile::tempdir().expect("tempdir");
    write_policy(
        dir.path(),
        r#"{"operations": {"x": {"danger": {"conditions": [{"when": "params.count >", "level": "dangerous"}]}}}}"#,
    );
    let out = airlock(&[
        "check",
        "--operation",
        "x",
        "--policy",
        dir.path().to_str().expect("path"),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("operations.x.danger.conditions[0]"),
        "{stderr}"
    );
    assert!(stderr.contains("column"), "{stderr}");
    assert!(out.stdout.is_empty());

    let empty = tempfile::tempdir().expect("tempdir");
    let out = airlock(&[
        "check",
        "--operation",
        "x",
        "--policy",
        empty.path().to_str().expect("path"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no policy.json"));
}

#[test]
fn help_and_version_exit_0() {
    assert_eq!(airlock(&["--help"]).status.code(), Some(0));
    assert_eq!(airlock(&["--version"]).status.code(), Some(0));
    assert_eq!(airlock(&["check", "--help"]).status.code(), Some(0));
}

#[test]
fn the_readable_explanation_names_every_layer_and_the_verdict() {
    let out = airlock(&[
        "check",
        "--operation",
        "delete_repo",
        "--trust",
        "validated",
        "--autonomy",
        "A2",
        "--now",
        "2026-11-25T12:00:00Z",
    ]);
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(out.status.code(), Some(2));
    assert!(text.starts_with("delete_repo -> CONFIRM"), "{text}");
    for layer in ["danger", "safety_mode", "trust", "autonomy"] {
        assert!(
            text.contains(&format!("\n  {layer} ")),
            "{layer} missing:\n{text}"
        );
    }
}

/// A fresh install decides with the built-ins' precompiled native code (issue #15, item 3):
/// on x86-64 Linux nothing is compiled, so nothing is written to the empty precompile cache;
/// elsewhere the built-ins are compiled and cached. Either way the decision is the same.
#[test]
fn a_fresh_install_decides_with_the_precompiled_built_ins() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cache = tmp.path().join("cache");
    let out = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args([
            "check",
            "--json",
            "--hint",
            "call drop_database on the production server",
        ])
        .env_remove("AIRLOCK_POLICY")
        .env_remove("AIRLOCK_SAFETY_MODE")
        .env("AIRLOCK_CACHE_DIR", &cache)
        .output()
        .expect("airlock runs");
    let json: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(out.status.code(), Some(3), "{json}");
    let layers: Vec<&str> = json["factors"]
        .as_array()
        .expect("factors")
        .iter()
        .filter_map(|f| f["layer"].as_str())
        .collect();
    assert!(
        layers.contains(&"patterns") && layers.contains(&"scorer"),
        "both built-in stages judged it: {json}"
    );
    // Compiled components are cached as `<sha256>-<engine>.cwasm`; a built-in's precompiled
    // code is written once as `builtin-<sha256>.cwasm`, to be mapped rather than copied.
    let compiled: Vec<_> = std::fs::read_dir(&cache)
        .map(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                // Not the purge's stamp file (`.last-purge`).
                .filter(|name| name.ends_with(".cwasm") && !name.starts_with("builtin-"))
                .collect()
        })
        .unwrap_or_default();
    if cfg!(all(target_arch = "x86_64", target_os = "linux")) {
        assert!(
            compiled.is_empty(),
            "the built-ins came from the binary, none was compiled into the cache: {compiled:?}"
        );
    } else {
        assert_eq!(
            compiled.len(),
            2,
            "both built-ins compiled and cached: {compiled:?}"
        );
    }
}
