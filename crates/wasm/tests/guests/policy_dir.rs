//! Policy directories: loading a whole set, test vectors, and hot reload under load.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use airlock_core::{Outcome, PatternVerdict, SafetyTier};
use airlock_wasm::{Action, Builtins, HostConfig, LivePolicy, PolicySet, PolicySource, WasmHost};

use crate::common::guest_bytes;

/// A host shared by these tests, owned by an `Arc` as a server would own it.
fn host() -> Arc<WasmHost> {
    static HOST: OnceLock<Arc<WasmHost>> = OnceLock::new();
    HOST.get_or_init(|| {
        Arc::new(
            WasmHost::new(HostConfig {
                cache_dir: Some(
                    Path::new(env!("CARGO_TARGET_TMPDIR")).join("airlock-policy-dir-cache"),
                ),
                ..HostConfig::default()
            })
            .expect("host"),
        )
    })
    .clone()
}

/// The default guests, as a binary built after `just guests` embeds them.
fn builtins() -> Builtins {
    static PATTERNS: OnceLock<Vec<u8>> = OnceLock::new();
    static SCORER: OnceLock<Vec<u8>> = OnceLock::new();
    Builtins {
        default_patterns: Some(PATTERNS.get_or_init(|| guest_bytes("default-patterns"))),
        default_scorer: Some(SCORER.get_or_init(|| guest_bytes("default-scorer"))),
        precompiled: &[],
    }
}

/// Generous deadlines: these tests are about sets and reloads, not about deadlines, and a
/// debug build on a shared machine can be preempted for longer than 10 ms.
const RELAXED: &str = r#""limits": {"deadline_ms": 2000}"#;

/// Loads the set of a policy directory, with the default guests as built-ins.
fn load_dir(dir: &Path, generation: u64) -> Result<PolicySet, airlock_wasm::PolicyLoadError> {
    PolicySet::load(
        &host(),
        &PolicySource::Directory(dir.into()),
        &builtins(),
        generation,
    )
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).expect("write");
}

fn copy_guest(dir: &Path, guest: &str, as_name: &str) {
    std::fs::write(dir.join(as_name), guest_bytes(guest)).expect("copy guest");
}

/// Replaces a file the way deployment tools do: write beside it, then rename over it.
fn replace(dir: &Path, name: &str, bytes: &[u8]) {
    let tmp = dir.join(format!(".{name}.tmp"));
    std::fs::write(&tmp, bytes).expect("write");
    std::fs::rename(&tmp, dir.join(name)).expect("rename");
}

fn scorer_policy(component: &str) -> String {
    format!(
        r#"{{"stages": {{{RELAXED}, "pipeline": [
            {{"name": "patterns", "kind": "patterns", "component": "builtin:default-patterns"}},
            {{"name": "risk", "kind": "scorer", "component": "{component}"}}
        ]}}}}"#
    )
}

#[test]
fn the_embedded_set_runs_both_default_stages() {
    let set = PolicySet::load(&host(), &PolicySource::Embedded, &builtins(), 1).expect("load");
    assert_eq!(set.stages().len(), 2);
    let calm = set.evaluate(&Action::from_hint("list the files in src"));
    assert_eq!(calm.outcome, Outcome::Allow, "{calm:?}");
    let wild = set.evaluate(&Action::from_hint("rm -rf / on production"));
    assert_eq!(wild.tier, Some(SafetyTier::DangerZone), "{wild:?}");
    assert_eq!(wild.outcome, Outcome::Stop);
    assert!(!wild.factors.is_empty());
}

#[test]
fn a_build_without_default_guests_says_how_to_get_them() {
    let err = PolicySet::load(&host(), &PolicySource::Embedded, &Builtins::default(), 1)
        .expect_err("no builtins");
    assert!(err.message.contains("just guests"), "{}", err.message);
}

#[test]
fn a_directory_set_with_its_own_scorer_and_passing_vectors() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_guest(dir.path(), "org-scorer", "acme.wasm");
    write(dir.path(), "policy.json", &scorer_policy("acme.wasm"));
    write(
        dir.path(),
        "acme.tests.json",
        r#"{"vectors": [
            {"name": "payroll is verified", "action": {"hint": "export payroll"}, "expect": {"tier": "verify", "score": {"min": 70, "max": 70}}},
            {"name": "reading is fine", "action": {"hint": "list files"}, "expect": {"outcome": "allow", "verdict": "no-match"}},
            {"name": "drop_table is denied by the default patterns", "action": {"hint": "", "operation": "drop_table"}, "expect": {"verdict": "deny", "outcome": "stop"}}
        ]}"#,
    );
    let live = LivePolicy::load(
        host(),
        PolicySource::Directory(dir.path().into()),
        builtins(),
    )
    .expect("load");
    let set = live.current();
    assert_eq!(set.vector_count(), 3);
    let results = set.run_vectors();
    assert!(results.iter().all(|r| r.passed), "{results:#?}");
    assert_eq!(live.status().generation, 1);
}

#[test]
fn a_failing_vector_keeps_a_policy_from_starting_and_says_why() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_guest(dir.path(), "org-scorer", "acme.wasm");
    write(dir.path(), "policy.json", &scorer_policy("acme.wasm"));
    write(
        dir.path(),
        "wrong.tests.json",
        r#"{"vectors": [{"name": "payroll is harmless (it is not)", "action": {"hint": "export payroll"}, "expect": {"tier": "advisory"}}]}"#,
    );
    let err = LivePolicy::load(
        host(),
        PolicySource::Directory(dir.path().into()),
        builtins(),
    )
    .expect_err("vector fails");
    assert!(
        err.message.contains("payroll is harmless"),
        "{}",
        err.message
    );
    assert!(
        err.message.contains("tier: expected advisory, got verify"),
        "{}",
        err.message
    );
}

#[test]
fn bad_directories_are_refused_with_the_file_at_fault() {
    let dir = tempfile::tempdir().expect("tempdir");
    let load = || load_dir(dir.path(), 1);
    assert!(
        load()
            .expect_err("no policy.json")
            .message
            .contains("has no readable policy.json")
    );

    write(dir.path(), "policy.json", &scorer_policy("missing.wasm"));
    assert!(
        load()
            .expect_err("missing wasm")
            .message
            .contains("cannot read component")
    );

    write(dir.path(), "policy.json", &scorer_policy("../escape.wasm"));
    assert!(
        load()
            .expect_err("escape")
            .message
            .contains("inside the policy directory")
    );

    copy_guest(dir.path(), "default-patterns", "p.wasm");
    write(dir.path(), "policy.json", &scorer_policy("p.wasm"));
    let err = load().expect_err("a pattern stage as a scorer");
    assert!(err.message.contains("stage 'risk'"), "{}", err.message);

    write(
        dir.path(),
        "policy.json",
        &scorer_policy("builtin:default-scorer"),
    );
    write(
        dir.path(),
        "x.tests.json",
        r#"{"vectors": [{"name": "n", "action": {"hint": "x"}, "expect": {}}]}"#,
    );
    assert!(
        load()
            .expect_err("empty expectation")
            .message
            .contains("expects nothing")
    );
    write(
        dir.path(),
        "x.tests.json",
        r#"{"vectors": [{"name": "n", "action": {"hnit": "x"}, "expect": {"tier": "verify"}}]}"#,
    );
    let err = load().expect_err("typo in a vector");
    assert!(
        err.message.contains("x.tests.json") && err.message.contains("hnit"),
        "{}",
        err.message
    );
}

#[test]
fn pattern_stages_combine_and_the_scorers_run_after_an_auto_approval() {
    let dir = tempfile::tempdir().expect("tempdir");
    write(
        dir.path(),
        "policy.json",
        &format!(
            r#"{{"stages": {{{RELAXED}, "pipeline": [
                {{"name": "allow-reads", "kind": "patterns", "component": "builtin:default-patterns",
                  "config": {{"autoApprove": ["read *"], "dangerPatterns": false}}}},
                {{"name": "no-prod", "kind": "patterns", "component": "builtin:default-patterns",
                  "config": {{"requiresApproval": ["*prod*"], "dangerPatterns": false}}}},
                {{"name": "risk", "kind": "scorer", "component": "builtin:default-scorer",
                  "config": {{"extraSignals": [{{"pattern": "*payroll*", "points": 90,
                    "code": "acme.payroll", "message": "payroll is the finance team's"}}]}}}}
            ]}}}}"#
        ),
    );
    let set = load_dir(dir.path(), 7).expect("load");
    let read = set.evaluate(&Action::from_hint("read the changelog"));
    assert_eq!(read.verdict, PatternVerdict::AutoApprove);
    // The scorers run after an auto-approval too: it waives the confirm tier and the
    // tolerance, never a verify or danger_zone score, so the score must be known.
    assert!(read.score.is_some(), "the scorers ran: {read:?}");
    assert_eq!(read.outcome, Outcome::Allow);
    assert_eq!(read.generation, 7);
    // Both stages match: the stricter verdict wins, and only its patterns are reported.
    let prod = set.evaluate(&Action::from_hint("read the prod database"));
    assert_eq!(prod.verdict, PatternVerdict::RequiresApproval);
    assert_eq!(prod.matched.len(), 1);
    assert_eq!(prod.matched[0].stage, "no-prod");
    assert!(prod.score.is_some());
    assert!(prod.outcome >= Outcome::Confirm);
    // An auto-approved hint the scorer puts in danger_zone is stopped.
    let payroll = set.evaluate(&Action::from_hint("read the payroll export"));
    assert_eq!(payroll.verdict, PatternVerdict::AutoApprove, "{payroll:?}");
    assert!(payroll.score.is_some_and(|s| s >= 86), "{payroll:?}");
    assert_eq!(payroll.outcome, Outcome::Stop, "{payroll:?}");
}

/// Several threads evaluate without pause while the scorer is replaced: no evaluation fails,
/// each comes wholly from one generation, and the new generation is live within a second of
/// the write. Then a broken component leaves the last good set serving, with the error kept.
#[test]
fn hot_reload_under_load() {
    let dir = tempfile::tempdir().expect("tempdir");
    copy_guest(dir.path(), "org-scorer", "risk.wasm");
    write(dir.path(), "policy.json", &scorer_policy("risk.wasm"));
    let live = LivePolicy::load(
        host(),
        PolicySource::Directory(dir.path().into()),
        builtins(),
    )
    .expect("load");
    let _watch = live.watch(airlock_wasm::DEFAULT_DEBOUNCE).expect("watch");

    // The ACME scorer says 70 with `acme.finance`; the default scorer knows nothing of payroll
    // and says 0 without that factor. A mixed result would have one without the other.
    let action = Action::from_hint("export payroll");
    let stop = Arc::new(AtomicBool::new(false));
    let evaluations = Arc::new(AtomicUsize::new(0));
    let mut workers = Vec::new();
    for _ in 0..4 {
        let (live, stop, evaluations, action) = (
            live.clone(),
            stop.clone(),
            evaluations.clone(),
            action.clone(),
        );
        workers.push(std::thread::spawn(move || {
            let mut seen = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let set = live.current();
                let e = set.evaluate(&action);
                assert!(
                    e.failures.is_empty(),
                    "a stage failed during reload: {:?}",
                    e.failures
                );
                let acme = e.factors.iter().any(|f| f.code == "acme.finance");
                match e.generation {
                    1 => assert!(acme && e.score == Some(70), "gen 1 not wholly ACME: {e:?}"),
                    _ => assert!(
                        !acme && e.score != Some(70),
                        "gen 2+ not wholly default: {e:?}"
                    ),
                }
                seen.push(e.generation);
                evaluations.fetch_add(1, Ordering::Relaxed);
            }
            seen
        }));
    }
    std::thread::sleep(Duration::from_millis(200));
    let written = Instant::now();
    replace(dir.path(), "risk.wasm", &guest_bytes("default-scorer"));
    // The new component is compiled first (the default scorer takes seconds with Cranelift,
    // more with four workers on two cores): the deadline only catches a reload that never
    // happens. How fast a reload goes live is measured by the load benchmark (`loadtest
    // --reload` in `just bench-report`), not timed here.
    let mut went_live = false;
    while written.elapsed() < Duration::from_secs(60) {
        if live.current().generation() >= 2 {
            went_live = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(went_live, "the new generation went live");

    // A broken component: the set keeps serving, the error is reported.
    let serving = live.current().generation();
    replace(dir.path(), "risk.wasm", b"\0asm not really");
    let waited = Instant::now();
    while live.status().last_error.is_none() && waited.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let status = live.status();
    assert!(
        status.last_error.is_some(),
        "the broken component was reported: {status:?}"
    );
    assert_eq!(
        live.current().generation(),
        serving,
        "the last good set keeps serving"
    );
    assert_eq!(status.generation, serving);

    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, Ordering::Relaxed);
    let mut generations = Vec::new();
    for w in workers {
        generations.extend(w.join().expect("no evaluation failed"));
    }
    assert!(generations.contains(&1) && generations.iter().any(|g| *g >= 2));
    assert!(evaluations.load(Ordering::Relaxed) > 100);
}

/// `recent_hints` gives a stage only the most recent of an execution's hints: the default
/// scorer sees a secret read earlier only while that hint is among the ones it receives.
#[test]
fn a_stage_receives_only_as_many_recent_hints_as_it_asks_for() {
    let exfiltration_seen = |recent_hints: Option<u32>, history: &[&str]| {
        let dir = tempfile::tempdir().expect("tempdir");
        let limit = recent_hints.map_or(String::new(), |n| format!(r#", "recent_hints": {n}"#));
        write(
            dir.path(),
            "policy.json",
            &format!(
                r#"{{"stages": {{{RELAXED}, "pipeline": [
                    {{"name": "patterns", "kind": "patterns", "component": "builtin:default-patterns"}},
                    {{"name": "risk", "kind": "scorer", "component": "builtin:default-scorer"{limit}}}
                ]}}}}"#
            ),
        );
        let set = load_dir(dir.path(), 1).expect("load");
        assert_eq!(
            set.stages()[0].recent_hints,
            0,
            "the built-in patterns need none"
        );
        let action = Action {
            recent_hints: history.iter().map(|h| (*h).to_owned()).collect(),
            ..Action::from_hint("upload it to pastebin.com")
        };
        // Both forms of the call agree, and the borrowed action is left as it was.
        let borrowed = set.evaluate(&action);
        assert_eq!(action.recent_hints.len(), history.len());
        let owned = set.evaluate_owned(action);
        assert_eq!(borrowed.factors, owned.factors);
        owned
            .factors
            .iter()
            // The judge names a secret sent by more than one code (secret, secret-sent).
            .any(|f| f.code.starts_with("exfiltration.secret"))
    };
    let secret_then_two = ["cat ~/.ssh/id_rsa", "ls", "pwd"];
    assert!(
        exfiltration_seen(None, &secret_then_two),
        "all 8 by default"
    );
    assert!(exfiltration_seen(Some(3), &secret_then_two));
    assert!(
        !exfiltration_seen(Some(2), &secret_then_two),
        "the oldest hint is the one left out"
    );
    assert!(!exfiltration_seen(Some(0), &secret_then_two));
    assert!(exfiltration_seen(Some(1), &["ls", "cat ~/.ssh/id_rsa"]));
}
