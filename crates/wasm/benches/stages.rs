//! What a guest stage costs: per call on a reused and on a fresh instance, compiling a
//! component, and loading one from the precompile cache. The default guests' per-call figures
//! include their own heuristics; `host-overhead-org-scorer` (the example scorer on `ls`, which
//! does next to nothing) is the host's own cost per call.
//!
//! Needs the guest components (`just guests`, or `AIRLOCK_GUESTS_DIR`). Run with
//! `cargo bench -p airlock-wasm --bench stages`; medians are in
//! `target/criterion/<group>/<bench>/new/estimates.json`.

// Benches are not documented API.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use airlock_wasm::{
    Action, Builtins, HostConfig, Isolation, PatternSettings, PatternStage, PolicySet,
    PolicySource, ScorerSettings, ScorerStage, WasmHost,
};
use criterion::{Criterion, criterion_group, criterion_main};

fn guests_dir() -> PathBuf {
    match std::env::var_os("AIRLOCK_GUESTS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/guests"),
    }
}

fn guest(name: &str) -> Vec<u8> {
    let dir = guests_dir();
    std::fs::read(dir.join(format!("{name}.wasm"))).unwrap_or_else(|e| {
        panic!(
            "guest components not found in {}: run `just guests` ({e})",
            dir.display()
        )
    })
}

fn host(cache_dir: Option<PathBuf>) -> WasmHost {
    WasmHost::new(HostConfig {
        cache_dir,
        ..HostConfig::default()
    })
    .expect("host")
}

const ISOLATIONS: [(&str, Isolation); 2] =
    [("reuse", Isolation::REUSE), ("fresh", Isolation::Fresh)];

/// One call of each default guest, in each isolation.
fn calls(c: &mut Criterion) {
    let host = host(None);
    let scorer = host
        .load(&guest("default-scorer"), "default-scorer")
        .expect("scorer");
    let patterns = host
        .load(&guest("default-patterns"), "default-patterns")
        .expect("patterns");
    let action = Action::from_hint("git push --force origin main && rm -rf ./build");

    // The example org scorer does almost nothing: its figures are the host's own cost per call.
    let reference = host
        .load(&guest("org-scorer"), "org-scorer")
        .expect("org scorer");
    let quiet = Action::from_hint("ls");

    let mut group = c.benchmark_group("call");
    for (name, isolation) in ISOLATIONS {
        let stage = ScorerStage::new(
            &host,
            &reference,
            ScorerSettings::default().with_isolation(isolation),
        )
        .expect("org scorer stage");
        assert_eq!(stage.score(&quiet).failure, None);
        group.bench_function(format!("host-overhead-org-scorer/{name}"), |b| {
            b.iter(|| stage.score(black_box(&quiet)))
        });

        let stage = ScorerStage::new(
            &host,
            &scorer,
            ScorerSettings::default().with_isolation(isolation),
        )
        .expect("scorer stage");
        assert_eq!(stage.score(&action).failure, None);
        group.bench_function(format!("default-scorer/{name}"), |b| {
            b.iter(|| stage.score(black_box(&action)))
        });

        let stage = PatternStage::new(
            &host,
            &patterns,
            PatternSettings::default().with_isolation(isolation),
        )
        .expect("pattern stage");
        assert_eq!(stage.evaluate(&action).failure, None);
        group.bench_function(format!("default-patterns/{name}"), |b| {
            b.iter(|| stage.evaluate(black_box(&action)))
        });
    }
    group.finish();
}

/// One step's WebAssembly path: both default stages (patterns, then the scorer) through
/// [`PolicySet::evaluate`], as the engine calls them, on the embedded defaults (reuse).
fn pipeline(c: &mut Criterion) {
    let host = host(None);
    let builtins = Builtins {
        default_patterns: Some(Vec::leak(guest("default-patterns"))),
        default_scorer: Some(Vec::leak(guest("default-scorer"))),
        precompiled: &[],
    };
    let set = PolicySet::load(&host, &PolicySource::Embedded, &builtins, 1).expect("policy set");
    let action = Action::from_hint("git push --force origin main && rm -rf ./build");
    let eval = set.evaluate(&action);
    assert!(eval.failures.is_empty(), "{:?}", eval.failures);
    assert!(eval.score.is_some(), "the scorer ran");

    let mut group = c.benchmark_group("pipeline");
    group.bench_function("both-defaults/reuse", |b| {
        b.iter(|| set.evaluate(black_box(&action)))
    });
    group.finish();
}

/// Compiling each default guest, and loading both from a warm precompile cache.
fn loads(c: &mut Criterion) {
    let scorer = guest("default-scorer");
    let patterns = guest("default-patterns");

    let mut group = c.benchmark_group("load");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    // A host keeps what it loaded for reloads of the same bytes: each compile gets a new host
    // (made outside the measurement), or it would measure that instead.
    for (name, bytes) in [("default-scorer", &scorer), ("default-patterns", &patterns)] {
        group.bench_function(format!("compile/{name}"), |b| {
            b.iter_batched(
                || host(None),
                |uncached| {
                    let loaded = uncached.load(black_box(bytes), name).expect("compile");
                    assert_eq!(loaded.source(), airlock_wasm::LoadSource::Compiled);
                    (loaded, uncached)
                },
                criterion::BatchSize::PerIteration,
            )
        });
    }

    let tmp = tempfile::tempdir().expect("tempdir");
    let cache_dir = tmp.path().join("cache");
    let warm = host(Some(cache_dir.clone()));
    warm.load(&scorer, "default-scorer")
        .expect("warm the cache");
    warm.load(&patterns, "default-patterns")
        .expect("warm the cache");
    group.bench_function("cache-hit/both-defaults", |b| {
        b.iter_batched(
            || host(Some(cache_dir.clone())),
            |fresh| {
                let s = fresh
                    .load(black_box(&scorer), "default-scorer")
                    .expect("hit");
                let p = fresh
                    .load(black_box(&patterns), "default-patterns")
                    .expect("hit");
                assert_eq!(s.source(), airlock_wasm::LoadSource::Cache);
                (s, p, fresh)
            },
            criterion::BatchSize::PerIteration,
        )
    });
    // A hot reload that leaves both components as they were: the host's compiled code again.
    group.bench_function("reload-same-bytes/both-defaults", |b| {
        b.iter_with_large_drop(|| {
            let s = warm
                .load(black_box(&scorer), "default-scorer")
                .expect("kept");
            let p = warm
                .load(black_box(&patterns), "default-patterns")
                .expect("kept");
            assert_eq!(s.source(), airlock_wasm::LoadSource::Memory);
            (s, p)
        })
    });
    // A restart: a new host (engine, pool, ticker) and both defaults from the cache. Hosts are
    // dropped outside the measurement, one at a time (each reserves its pool's address space).
    group.bench_function("cold-start-from-cache/both-defaults", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let started = std::time::Instant::now();
                let host = host(Some(cache_dir.clone()));
                let s = host
                    .load(black_box(&scorer), "default-scorer")
                    .expect("hit");
                let p = host
                    .load(black_box(&patterns), "default-patterns")
                    .expect("hit");
                total += started.elapsed();
                assert_eq!(p.source(), airlock_wasm::LoadSource::Cache);
                drop((s, p, host));
            }
            total
        })
    });
    group.finish();
}

criterion_group!(benches, calls, pipeline, loads);
criterion_main!(benches);
