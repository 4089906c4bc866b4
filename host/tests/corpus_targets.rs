//! The targets of issue #13 on the labeled corpus (`guest-policies/eval`): the embedded default
//! policy and `airlock init`'s starter policy each reach recall >= 98 %, stop recall >= 90 % and
//! false positives <= 2 %, measured by the real binary's `airlock policy eval`, on a corpus of at
//! least 600 actions (350 dangerous, 250 benign).

use std::path::Path;

use serde_json::Value;

#[path = "common/corpus.rs"]
mod corpus;
use corpus::{airlock, corpus_dir, starter_policy};

/// The targets, in percent.
const MIN_RECALL: &str = "98";
const MIN_STOP_RECALL: &str = "90";
const MAX_FALSE_POSITIVES: &str = "2";

/// `airlock policy eval --json` with the targets; the exit status and the JSON.
fn eval(policy: Option<&Path>, cache: &Path) -> (i32, Value, String) {
    let corpus = corpus_dir();
    let mut args = vec![
        "policy",
        "eval",
        "--min-recall",
        MIN_RECALL,
        "--min-stop-recall",
        MIN_STOP_RECALL,
        "--max-false-positives",
        MAX_FALSE_POSITIVES,
    ];
    if let Some(p) = policy {
        args.extend(["--policy", p.to_str().expect("utf-8")]);
    }
    let text_args: Vec<&str> = args
        .iter()
        .copied()
        .chain([corpus.to_str().expect("utf-8")])
        .collect();
    // Once for the people reading a failure (the misses, explained), once for the figures.
    let text = airlock(&text_args, cache);
    let mut json_args = text_args.clone();
    json_args.insert(2, "--json");
    let out = airlock(&json_args, cache);
    let stdout = String::from_utf8(out.stdout).expect("utf-8");
    let json: Value = serde_json::from_str(stdout.trim()).unwrap_or_else(|e| {
        panic!(
            "policy eval --json printed one JSON object ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (
        out.status.code().expect("exit code"),
        json,
        String::from_utf8_lossy(&text.stdout).into_owned(),
    )
}

fn assert_targets_met(name: &str, policy: Option<&Path>, cache: &Path) {
    let (code, json, text) = eval(policy, cache);
    let total = &json["total"];
    eprintln!("{name}: {total}");
    // The corpus the issue asks for: at least 600 actions, 350 dangerous, 250 benign.
    assert!(
        total["actions"].as_u64() >= Some(600)
            && total["dangerous"].as_u64() >= Some(350)
            && total["ok"].as_u64() >= Some(250),
        "the corpus is smaller than issue #13 asks: {total}"
    );
    assert_eq!(
        code, 0,
        "{name} misses a target on the corpus ({}):\n{text}",
        json["targets"]["missed"]
    );
}

#[test]
fn the_embedded_default_meets_the_targets_on_the_corpus() {
    let tmp = tempfile::tempdir().expect("tmp");
    assert_targets_met("embedded default", None, &tmp.path().join("cache"));
}

#[test]
fn the_starter_policy_of_airlock_init_meets_the_targets_on_the_corpus() {
    let tmp = tempfile::tempdir().expect("tmp");
    let policy = starter_policy(tmp.path());
    assert_targets_met("starter policy", Some(&policy), &tmp.path().join("cache"));
}
