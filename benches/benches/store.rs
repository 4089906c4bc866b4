//! What a redb commit costs: durable (fsync before the call returns: blocks, challenges,
//! approvals, audit entries of stops) against lazy (in the file's memory until the next
//! durable commit: step counters, executions). Only a decision that stops or pauses an agent
//! pays for a durable commit; `benches/pipeline.rs` shows that path end to end.
//!
//! The file lives in a temporary directory on the disk `TMPDIR` points to: its fsync is what
//! this measures.

// Benches are not documented API.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use airlock_store::{Durability, RedbStore, Store, Table};
use criterion::{Criterion, criterion_group, criterion_main};

/// About the size of a hard block record.
const BLOCK: &[u8] = br#"{"agent":"bench-agent","state":"blocked","trigger":"deny_pattern","reason":"Action matches deny pattern 'drop_*'","challenge_id":"7ded6f4f-2ad7-4dfe-95c6-b5d1b6213253","since":"2026-11-26T03:25:30.742774265Z"}"#;

fn commits(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = RedbStore::open(&dir.path().join("state.redb")).expect("redb");
    let mut group = c.benchmark_group("redb");
    for (name, durability) in [("durable", Durability::Durable), ("lazy", Durability::Lazy)] {
        let mut n = 0u64;
        group.bench_function(format!("put-block/{name}"), |b| {
            b.iter(|| {
                n += 1;
                let key = format!("agent-{}", n % 1024);
                store
                    .put(Table::Blocks, black_box(&key), BLOCK, durability)
                    .expect("put")
            })
        });
        group.bench_function(format!("append-audit/{name}"), |b| {
            b.iter(|| {
                store
                    .append_audit(black_box(BLOCK), durability)
                    .expect("audit")
            })
        });
    }
    group.bench_function("get-block", |b| {
        store
            .put(Table::Blocks, "agent-1", BLOCK, Durability::Lazy)
            .expect("put");
        b.iter(|| store.get(Table::Blocks, black_box("agent-1")).expect("get"))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = commits
}
criterion_main!(benches);
