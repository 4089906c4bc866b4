//! Benchmarks of the native gate: the trust x danger lookup, full decisions over a 1,000-operation
//! corpus and three single decisions, and classification alone.
//!
//! Run with `cargo bench -p airlock-benches --bench gate`. Targets: a trust x danger lookup in
//! at most 5 ns, a full native gate decision in at most 300 ns (median).

#![allow(missing_docs)] // criterion_group! and criterion_main! generate undocumented items.

use std::hint::black_box;
use std::time::Duration;

use airlock_benches::corpus::{self, CorpusOperation};
use airlock_core::classify::{OperationFacts, classify};
use airlock_core::trust_gate::trust_cell;
use airlock_core::{DangerLevel, GateContext, TrustLevel};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The corpus seed and size of the full-corpus benches.
const SEED: u64 = 42;
const CORPUS_SIZE: usize = 1_000;

fn trust_x_danger_lookup(c: &mut Criterion) {
    let mut pairs = Vec::with_capacity(25);
    for &trust in TrustLevel::ALL {
        for &danger in DangerLevel::ALL {
            pairs.push((trust, danger));
        }
    }
    let mut group = c.benchmark_group("trust_x_danger_lookup");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("all_25_cells", |b| {
        b.iter(|| {
            for &(trust, danger) in black_box(pairs.as_slice()) {
                black_box(trust_cell(black_box(trust), black_box(danger)));
            }
        });
    });
    group.finish();
}

fn native_gate(c: &mut Criterion) {
    let policy = corpus::gate_policy();
    let context = GateContext::default();
    let operations = corpus::operations(SEED, CORPUS_SIZE);
    let requests: Vec<_> = operations.iter().map(|o| o.request(&context)).collect();

    let mut group = c.benchmark_group("native_gate");
    group.throughput(Throughput::Elements(requests.len() as u64));
    group.bench_function("full_corpus", |b| {
        b.iter(|| {
            for req in black_box(requests.as_slice()) {
                black_box(policy.decide(req));
            }
        });
    });

    group.throughput(Throughput::Elements(1));
    let cases = corpus::representative();
    for (name, op) in &cases {
        let req = op.request(&context);
        group.bench_function(format!("single/{name}"), |b| {
            b.iter(|| policy.decide(black_box(&req)));
        });
    }
    group.finish();
}

fn classification_only(c: &mut Criterion) {
    let policy = corpus::gate_policy();
    let operations = corpus::operations(SEED, CORPUS_SIZE);
    // The declaration lookup is the gate's, not classification's: done here, outside the
    // timed loop, as the gate does before it classifies.
    let inputs: Vec<(&CorpusOperation, _)> = operations
        .iter()
        .map(|o| {
            let declared = policy.operation(&o.name);
            (o, declared)
        })
        .collect();

    let mut group = c.benchmark_group("classification_only");
    group.throughput(Throughput::Elements(inputs.len() as u64));
    group.bench_function("full_corpus", |b| {
        b.iter(|| {
            for &(op, declared) in black_box(inputs.as_slice()) {
                let facts = OperationFacts {
                    name: &op.name,
                    endpoint: op.endpoint.or(declared.and_then(|d| d.endpoint)),
                    params: &op.params,
                    annotations: op.annotations.as_ref(),
                    trust: op.trust,
                    repetitions: 0,
                };
                black_box(classify(
                    declared.and_then(|d| d.danger.as_ref()),
                    &policy.patterns,
                    &facts,
                ));
            }
        });
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
    targets = trust_x_danger_lookup, native_gate, classification_only
}
criterion_main!(benches);
