//! What a redb commit costs: durable (fsync before the call returns: blocks, challenges,
//! approvals, audit entries of stops) against lazy (in the file's memory until the next
//! durable commit: step counters, executions). Only a decision that stops or pauses an agent
//! pays for a durable commit; `benches/pipeline.rs` shows that path end to end.
//!
//! The file lives in a temporary directory on the disk `TMPDIR` points to: its fsync is what
//! this measures.
//!
//! `lookup/*` checks that purging keeps lookups fast (issue #14: "purging keeps the state
//! bounded ... lookups stay fast"): the same lookups in a store that only ever held its live
//! records, and in one that also held and purged a million expired ones, measured in the same
//! run so their ratio means something on a noisy machine.

// Benches are not documented API.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use airlock_store::{Durability, RedbStore, Store, Table};
use criterion::BenchmarkId;
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

/// Live records in both stores of `lookup/*`.
const LIVE: usize = 2_000;
/// Distinct keys looked up in turn: more than the read cache's 4,096, so the lookups reach the
/// file (a cache that answers them all would hide what the purge left behind).
const LOOKED_UP: usize = 10_000;

/// A store holding `LIVE` hard blocks, and, when `purged` is set, having held and removed a
/// million expired token records first (in rounds, as the engine's purge removes them).
fn store_with_live_records(dir: &std::path::Path, purged: usize) -> RedbStore {
    let store = RedbStore::open(&dir.join("state.redb")).expect("redb");
    const ROUND: usize = 100_000;
    let mut done = 0;
    while done < purged {
        for i in done..done + ROUND {
            let key = format!("{i:064}");
            store
                .put(Table::Tokens, &key, BLOCK, Durability::Lazy)
                .expect("put");
        }
        store.flush().expect("flush");
        for i in done..done + ROUND {
            store
                .remove(Table::Tokens, &format!("{i:064}"), Durability::Lazy)
                .expect("remove");
        }
        store.flush().expect("flush");
        done += ROUND;
    }
    for i in 0..LIVE {
        store
            .put(
                Table::Blocks,
                &format!("agent-{i}"),
                BLOCK,
                Durability::Lazy,
            )
            .expect("put");
        store
            .put(Table::Tokens, &format!("{i:064}"), BLOCK, Durability::Lazy)
            .expect("put");
    }
    store.flush().expect("flush");
    store
}

fn lookups(c: &mut Criterion) {
    let mut group = c.benchmark_group("lookup");
    // Keys of live agents and of agents with no block (the hot case), and tokens.
    let keys: Vec<(Table, String)> = (0..LOOKED_UP)
        .map(|i| {
            if i % 2 == 0 {
                (Table::Blocks, format!("agent-{}", i / 2))
            } else {
                (Table::Tokens, format!("{:064}", i / 2))
            }
        })
        .collect();
    for (name, purged) in [("fresh", 0), ("after-a-million-purged", 1_000_000)] {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = store_with_live_records(dir.path(), purged);
        assert_eq!(
            store.count(Table::Tokens).expect("count"),
            LIVE as u64,
            "only the live tokens are left"
        );
        let mut n = 0usize;
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                n = (n + 1) % keys.len();
                let (table, key) = &keys[n];
                store.get(*table, black_box(key)).expect("get")
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = commits, lookups
}
criterion_main!(benches);
