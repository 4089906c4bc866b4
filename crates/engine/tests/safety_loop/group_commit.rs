//! `/v1/decide` under concurrency on the real redb store: concurrent decisions' durable audit
//! entries share commits (the store's group commit), each answer waits for its own entry, and
//! when a commit fails every request of it is refused, none allowed.
//!
//! The disk is redb's in-memory backend behind a `sync_data` that takes a few milliseconds (so
//! requests queue behind a flush as they do on a real disk), is counted, and can fail.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use airlock_engine::decide::DecideRequest;
use airlock_engine::sidecar::DecideError;
use airlock_store::{RedbStore, Store};
use redb::StorageBackend;
use redb::backends::InMemoryBackend;
use serde_json::{Value, json};

use crate::common::*;

#[derive(Debug, Clone)]
struct SlowDisk {
    memory: Arc<InMemoryBackend>,
    syncs: Arc<AtomicUsize>,
    failing: Arc<AtomicBool>,
}

impl StorageBackend for SlowDisk {
    fn len(&self) -> Result<u64, std::io::Error> {
        self.memory.len()
    }
    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), std::io::Error> {
        self.memory.read(offset, out)
    }
    fn set_len(&self, len: u64) -> Result<(), std::io::Error> {
        self.memory.set_len(len)
    }
    fn sync_data(&self) -> Result<(), std::io::Error> {
        std::thread::sleep(Duration::from_millis(3));
        self.syncs.fetch_add(1, Ordering::SeqCst);
        if self.failing.load(Ordering::SeqCst) {
            return Err(std::io::Error::other("injected: the disk is gone"));
        }
        self.memory.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> Result<(), std::io::Error> {
        self.memory.write(offset, data)
    }
}

const CLIENTS: usize = 8;
const REQUESTS: usize = 25;

fn harness() -> (Arc<Harness>, SlowDisk, Arc<RedbStore>, tempfile::TempDir) {
    let state = tempfile::tempdir().expect("tempdir");
    let disk = SlowDisk {
        memory: Arc::new(InMemoryBackend::new()),
        syncs: Arc::new(AtomicUsize::new(0)),
        failing: Arc::new(AtomicBool::new(false)),
    };
    let store = Arc::new(RedbStore::open_on_backend(disk.clone()).expect("store"));
    let mut policy = policy_json(json!({}), &state.path().join("operator-inbox"));
    // delete_file through this adapter is allowed at danger 2: its entry is durable.
    policy["adapters"] = json!({"files": {"trust": {
        "level": "community_reviewed", "validated_at": "2026-01-15T12:00:00Z"}}});
    let h = Harness::open_on(state.path(), policy, &[], None, store.clone());
    (Arc::new(h), disk, store, state)
}

fn request(client: usize, n: usize) -> DecideRequest {
    serde_json::from_value(json!({
        "operation": "delete_file", "adapter": "files", "agent": format!("client-{client}"),
        "params": {"path": "/srv/a", "n": n}
    }))
    .expect("request")
}

/// Every client sends its requests one after another; all clients at once.
fn decide_concurrently(h: &Arc<Harness>) -> Vec<Vec<Result<Value, DecideError>>> {
    let start = Arc::new(Barrier::new(CLIENTS));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (h, start) = (Arc::clone(h), Arc::clone(&start));
            std::thread::spawn(move || {
                start.wait();
                (0..REQUESTS)
                    .map(|n| h.engine.decide_recorded(request(c, n)))
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    clients
        .into_iter()
        .map(|c| c.join().expect("client"))
        .collect()
}

#[test]
fn concurrent_decisions_share_durable_commits_and_keep_each_agents_order() {
    let (h, disk, store, _state) = harness();
    let before = disk.syncs.load(Ordering::SeqCst);
    let answers = decide_concurrently(&h);
    let syncs = disk.syncs.load(Ordering::SeqCst) - before;
    for (c, answers) in answers.iter().enumerate() {
        for (n, answer) in answers.iter().enumerate() {
            let answer = answer.as_ref().expect("decided");
            assert_eq!(answer["outcome"], "allow", "client-{c} {n}: {answer}");
            assert_eq!(answer["danger_level"], "destructive");
        }
    }
    let decisions = CLIENTS * REQUESTS;
    assert!(
        syncs * 2 < decisions,
        "{syncs} flushes for {decisions} durable decisions: not batched"
    );
    // Every answered decision's entry is in the log, each agent's in the order answered.
    let log = store.audit(1, 10 * decisions).expect("audit");
    for c in 0..CLIENTS {
        let agent = format!("client-{c}");
        let ns: Vec<u64> = log
            .iter()
            .filter_map(|r| serde_json::from_slice::<Value>(&r.entry).ok())
            .filter(|e| e["agent"] == agent.as_str())
            .map(|e| {
                assert_eq!(e["outcome"], "allowed", "{e}");
                assert_eq!(e["danger_level"], 2, "{e}");
                e["parameters"]["n"].as_u64().expect("n")
            })
            .collect();
        assert_eq!(ns, (0..REQUESTS as u64).collect::<Vec<_>>(), "{agent}");
    }
}

#[test]
fn when_a_commit_fails_every_request_of_it_is_refused() {
    let (h, disk, store, _state) = harness();
    assert!(
        h.engine.decide_recorded(request(99, 0)).is_ok(),
        "the disk works at first"
    );
    let entries_before = store.audit(1, 1000).expect("audit").len();
    disk.failing.store(true, Ordering::SeqCst);
    let answers = decide_concurrently(&h);
    for (c, answers) in answers.iter().enumerate() {
        for (n, answer) in answers.iter().enumerate() {
            match answer {
                Err(DecideError::Refused(error)) => {
                    assert_eq!(error["code"], "INTERNAL_ERROR", "client-{c} {n}: {error}");
                    assert!(
                        error["message"]
                            .as_str()
                            .is_some_and(|m| m.contains("state store")),
                        "{error}"
                    );
                }
                other => panic!("client-{c} {n}: answered without its record: {other:?}"),
            }
        }
    }
    if let Ok(log) = store.audit(1, 1000) {
        assert_eq!(log.len(), entries_before, "no entry of a failed commit");
    }
    // The disk works again: decisions are answered, with their records, without a restart.
    disk.failing.store(false, Ordering::SeqCst);
    let answer = h
        .engine
        .decide_recorded(request(100, 0))
        .expect("decided once the disk works again");
    assert_eq!(answer["outcome"], "allow", "{answer}");
    let log = store.audit(1, 1000).expect("audit");
    assert!(
        log.iter()
            .filter_map(|r| serde_json::from_slice::<Value>(&r.entry).ok())
            .any(|e| e["agent"] == "client-100"),
        "the decision's entry is in the log"
    );
}
