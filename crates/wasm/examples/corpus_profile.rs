//! Times the default guests over a labeled corpus (`guest-policies/eval/*.jsonl`: a `hint` and
//! optional `recent` hints per line), each action handed to the stages as `airlock policy eval`
//! hands it (agent `cli`, the recent hints), and prints the median per action.
//!
//! `cargo build --release -p airlock-wasm --example corpus_profile` (needs `just guests`), then
//! `target/release/examples/corpus_profile <what> <rounds> <corpus.jsonl>...` where `<what>` is
//! `pipeline` (both default stages through [`PolicySet::evaluate`], as a step goes through them),
//! `scorer` or `patterns` (one stage alone). The components come from `target/guests`, or from
//! `AIRLOCK_GUESTS_DIR` (so two builds of the guests can be compared in alternate runs);
//! `AIRLOCK_CACHE_DIR` (a private directory) keeps their compiled code between runs.
//!
//! Two figures: the median of every call, and the median over actions of each action's fastest
//! round. On a shared machine the second is the steadier one (a call that was preempted is not
//! the guest's cost); compare either only with runs of the same session, alternating.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use airlock_wasm::{
    Action, Builtins, HostConfig, Limits, PatternSettings, PatternStage, PolicySet, PolicySource,
    ScorerSettings, ScorerStage, WasmHost,
};

fn guest(name: &str) -> Vec<u8> {
    let dir = match std::env::var_os("AIRLOCK_GUESTS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/guests"),
    };
    std::fs::read(dir.join(format!("{name}.wasm")))
        .unwrap_or_else(|e| panic!("{}: run `just guests` ({e})", dir.display()))
}

/// The actions of the corpus files, as `airlock policy eval` decides them.
fn read_corpus(paths: &[PathBuf]) -> Vec<Action> {
    let mut actions = Vec::new();
    for path in paths {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                continue;
            }
            let v: serde_json::Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}: {e}: {line}", path.display()));
            let mut action = Action::from_hint(v["hint"].as_str().unwrap_or_default());
            action.agent = "cli".to_owned();
            if let Some(recent) = v["recent"].as_array() {
                action.recent_hints = recent
                    .iter()
                    .filter_map(|r| r.as_str().map(str::to_owned))
                    .collect();
            }
            actions.push(action);
        }
    }
    actions
}

/// Deadlines a profiler's slowdown does not reach.
fn slow_limits() -> Limits {
    Limits {
        deadline: Duration::from_secs(10),
        ..Limits::default()
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "pipeline".to_owned());
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let paths: Vec<PathBuf> = args.map(PathBuf::from).collect();
    let actions = read_corpus(&paths);
    assert!(!actions.is_empty(), "no actions: name corpus files");
    let host = WasmHost::new(HostConfig {
        max_instances: 4,
        cache_dir: std::env::var_os("AIRLOCK_CACHE_DIR").map(PathBuf::from),
        ..HostConfig::default()
    })
    .expect("host");

    let mut times: Vec<f64> = Vec::with_capacity(rounds * actions.len());
    let mut sink = 0_u64;
    let mut timed = |f: &mut dyn FnMut(&Action) -> u64| {
        for _ in 0..rounds {
            for a in &actions {
                let started = Instant::now();
                sink += f(black_box(a));
                times.push(started.elapsed().as_secs_f64() * 1e6);
            }
        }
    };
    match what.as_str() {
        "scorer" => {
            let component = host
                .load(&guest("default-scorer"), "default-scorer")
                .expect("load");
            let settings = ScorerSettings::default().with_limits(slow_limits());
            let stage = ScorerStage::new(&host, &component, settings).expect("scorer stage");
            timed(&mut |a| {
                let scored = stage.score(a);
                assert!(scored.failure.is_none(), "{:?}", scored.failure);
                u64::from(scored.value)
            });
        }
        "patterns" => {
            let component = host
                .load(&guest("default-patterns"), "default-patterns")
                .expect("load");
            let settings = PatternSettings::default().with_limits(slow_limits());
            let stage = PatternStage::new(&host, &component, settings).expect("pattern stage");
            timed(&mut |a| {
                let matched = stage.evaluate(a);
                assert!(matched.failure.is_none(), "{:?}", matched.failure);
                matched.matched.len() as u64
            });
        }
        "pipeline" => {
            let builtins = Builtins {
                default_patterns: Some(Vec::leak(guest("default-patterns"))),
                default_scorer: Some(Vec::leak(guest("default-scorer"))),
                precompiled: &[],
            };
            // The embedded defaults, with a deadline a profiler's slowdown does not reach.
            let dir = std::env::temp_dir().join(format!("corpus-profile-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("policy dir");
            std::fs::write(
                dir.join("policy.json"),
                r#"{"stages": {"limits": {"deadline_ms": 10000}}}"#,
            )
            .expect("policy.json");
            let source = PolicySource::Directory(dir.clone());
            let set = PolicySet::load(&host, &source, &builtins, 1).expect("policy set");
            std::fs::remove_dir_all(&dir).expect("remove the policy dir");
            timed(&mut |a| {
                let eval = set.evaluate(a);
                assert!(eval.failures.is_empty(), "{:?}", eval.failures);
                u64::from(eval.score.unwrap_or(0))
            });
        }
        other => panic!("unknown {other:?}: pipeline, scorer or patterns"),
    }

    // Each action's fastest round, then the median over actions.
    let n = actions.len();
    let mut fastest: Vec<f64> = (0..n)
        .map(|i| {
            times
                .iter()
                .skip(i)
                .step_by(n)
                .copied()
                .fold(f64::INFINITY, f64::min)
        })
        .collect();
    fastest.sort_by(f64::total_cmp);
    times.sort_by(f64::total_cmp);
    let median = |v: &[f64]| v.get(v.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{what}: {n} actions x {rounds} rounds: median {:.2} us; median of each action's fastest round {:.2} us ({sink})",
        median(&times),
        median(&fastest),
    );
}
