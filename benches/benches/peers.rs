//! airlock side by side with peer policy engines: the per-decision cost of each engine over
//! the same shared corpus (10,000 actions, seed 42) with the same policy (`benches/policies/`).
//!
//! - `peers_hints`: the corpus's hints through airlock's default WebAssembly pattern stage
//!   (`airlock-wasm-patterns`), airlock's full stage pipeline, pattern stage then risk scorer,
//!   both in reuse isolation (`airlock-wasm-pipeline`), regorus (`regorus`) and Cedar
//!   (`cedar`, including the preparation of the strings it cannot compute itself);
//! - `peers_operations`: the corpus's structured operations through airlock's native gate
//!   (`airlock-native-gate`), regorus and Cedar (including name canonicalization).
//!
//! One iteration decides every action of its half of the corpus, so a group's ratios come
//! from the same run; the per-decision cost is the median divided by the element count.
//! Every engine builds its own request from the corpus action inside the timed loop.
//! `tests/peers_agree.rs` checks that the engines agree on every action.
//!
//! Run with `cargo bench -p airlock-benches --bench peers` (needs `just guests`).

#![allow(missing_docs)] // criterion_group! and criterion_main! generate undocumented items.

use std::hint::black_box;
use std::time::Duration;

use airlock_benches::actions;
use airlock_benches::peers::{airlock::Airlock, cedar::Cedar, rego::Rego};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const SEED: u64 = 42;
const COUNT: usize = 10_000;

fn peers(c: &mut Criterion) {
    let airlock = Airlock::load().expect("airlock (run `just guests` first)");
    let rego = Rego::load().expect("regorus");
    let cedar = Cedar::load().expect("cedar");
    let corpus = actions::actions(SEED, COUNT);
    let hints: Vec<&str> = actions::hints_of(&corpus)
        .into_iter()
        .map(|h| h.hint.as_str())
        .collect();
    let operations = actions::operations_of(&corpus);

    let mut group = c.benchmark_group("peers_hints");
    group.sample_size(10);
    group.throughput(Throughput::Elements(hints.len() as u64));
    group.bench_function("airlock-wasm-patterns", |b| {
        b.iter(|| {
            for h in black_box(hints.as_slice()) {
                black_box(airlock.decide_hint(h).ok());
            }
        })
    });
    group.bench_function("airlock-wasm-pipeline", |b| {
        b.iter(|| {
            for h in black_box(hints.as_slice()) {
                black_box(airlock.evaluate_hint(h));
            }
        })
    });
    group.bench_function("regorus", |b| {
        b.iter(|| {
            for h in black_box(hints.as_slice()) {
                black_box(rego.decide_hint(h).ok());
            }
        })
    });
    group.bench_function("cedar", |b| {
        b.iter(|| {
            for h in black_box(hints.as_slice()) {
                black_box(cedar.decide_hint(h).ok());
            }
        })
    });
    group.finish();

    let mut group = c.benchmark_group("peers_operations");
    group.sample_size(10);
    group.throughput(Throughput::Elements(operations.len() as u64));
    group.bench_function("airlock-native-gate", |b| {
        b.iter(|| {
            for op in black_box(operations.as_slice()) {
                black_box(airlock.decide_operation(op));
            }
        })
    });
    group.bench_function("regorus", |b| {
        b.iter(|| {
            for op in black_box(operations.as_slice()) {
                black_box(rego.decide_operation(op).ok());
            }
        })
    });
    group.bench_function("cedar", |b| {
        b.iter(|| {
            for op in black_box(operations.as_slice()) {
                black_box(cedar.decide_operation(op).ok());
            }
        })
    });
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = benches;
    config = config();
    targets = peers
}
criterion_main!(benches);
