//! Runs the default guests' per-call bench loop (reuse isolation) a given number of times, for
//! profilers that count instructions (`valgrind --tool=callgrind`), which a shared, noisy machine
//! does not disturb. The per-call cost is the difference between a run of N rounds and a run of
//! 0 rounds (setup only), divided by N.
//!
//! `cargo build --profile profiling -p airlock-wasm --example stage_profile` (needs `just guests`),
//! then `valgrind --tool=callgrind target/profiling/examples/stage_profile <what> <rounds>`, where
//! `<what>` is `overhead` (the org scorer on `ls`), `scorer`, `patterns` or `pipeline` (both
//! default stages through [`PolicySet::evaluate`], as a step goes through them).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use airlock_wasm::{
    Action, Builtins, HostConfig, Limits, PatternSettings, PatternStage, PolicySet, PolicySource,
    ScorerSettings, ScorerStage, WasmHost,
};

/// The hint the `stages` bench uses.
const HINT: &str = "git push --force origin main && rm -rf ./build";

fn guest(name: &str) -> Vec<u8> {
    let dir = match std::env::var_os("AIRLOCK_GUESTS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/guests"),
    };
    std::fs::read(dir.join(format!("{name}.wasm")))
        .unwrap_or_else(|e| panic!("{}: run `just guests` ({e})", dir.display()))
}

/// Deadlines valgrind's slowdown does not reach.
fn slow_limits() -> Limits {
    Limits {
        deadline: Duration::from_secs(10),
        ..Limits::default()
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_else(|| "pipeline".to_owned());
    let rounds: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    // A small pool: valgrind cannot reserve the default pool's address space.
    let host = WasmHost::new(HostConfig {
        max_instances: 2,
        ..HostConfig::default()
    })
    .expect("host");
    let action = Action::from_hint(HINT);
    let mut sink = 0_u64;
    match what.as_str() {
        "overhead" | "scorer" => {
            let (name, action) = if what == "overhead" {
                ("org-scorer", Action::from_hint("ls"))
            } else {
                ("default-scorer", action)
            };
            let component = host.load(&guest(name), name).expect("load");
            let settings = ScorerSettings::default().with_limits(slow_limits());
            let stage = ScorerStage::new(&host, &component, settings).expect("scorer stage");
            for _ in 0..rounds {
                sink += u64::from(black_box(stage.score(black_box(&action))).value);
            }
        }
        "patterns" => {
            let component = host
                .load(&guest("default-patterns"), "default-patterns")
                .expect("load");
            let settings = PatternSettings::default().with_limits(slow_limits());
            let stage = PatternStage::new(&host, &component, settings).expect("pattern stage");
            for _ in 0..rounds {
                sink += black_box(stage.evaluate(black_box(&action))).matched.len() as u64;
            }
        }
        "pipeline" => {
            let builtins = Builtins {
                default_patterns: Some(Vec::leak(guest("default-patterns"))),
                default_scorer: Some(Vec::leak(guest("default-scorer"))),
                precompiled: &[],
            };
            // The embedded defaults, with a deadline valgrind's slowdown does not reach.
            let dir = std::env::temp_dir().join(format!("stage-profile-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("policy dir");
            std::fs::write(
                dir.join("policy.json"),
                r#"{"stages": {"limits": {"deadline_ms": 10000}}}"#,
            )
            .expect("policy.json");
            let source = PolicySource::Directory(dir.clone());
            let set = PolicySet::load(&host, &source, &builtins, 1).expect("set");
            std::fs::remove_dir_all(&dir).expect("remove the policy dir");
            for _ in 0..rounds {
                let eval = black_box(set.evaluate(black_box(&action)));
                assert!(eval.failures.is_empty(), "{:?}", eval.failures);
                sink += u64::from(eval.score.unwrap_or(0));
            }
        }
        other => panic!("unknown {other:?}: overhead, scorer, patterns or pipeline"),
    }
    println!("{what}: {rounds} rounds ({sink})");
}
