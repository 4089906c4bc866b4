//! A store that cannot write (a full disk, a failing device): decisions that need a durable
//! write fail closed with a clear reason, and nothing says allow.
//!
//! The failure is injected by a wrapper around the real redb store: a full disk cannot be made
//! portably in a test (no loop mounts in CI containers), and the engine only sees the `Store`
//! trait either way.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use airlock_store::{AuditRecord, Change, Durability, RedbStore, Store, StoreError, Table};
use serde_json::json;

use crate::common::*;

/// The real store, whose writes fail while `broken` is set.
struct FailingWrites {
    inner: RedbStore,
    broken: AtomicBool,
}

impl FailingWrites {
    fn check(&self) -> Result<(), StoreError> {
        if self.broken.load(Ordering::SeqCst) {
            return Err(StoreError::Io {
                operation: "commit".into(),
                message: "No space left on device (os error 28)".into(),
            });
        }
        Ok(())
    }
}

impl Store for FailingWrites {
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.get(table, key)
    }
    fn put(&self, table: Table, key: &str, value: &[u8], d: Durability) -> Result<(), StoreError> {
        self.check()?;
        self.inner.put(table, key, value, d)
    }
    fn remove(
        &self,
        table: Table,
        key: &str,
        d: Durability,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.check()?;
        self.inner.remove(table, key, d)
    }
    fn entries(&self, table: Table) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.inner.entries(table)
    }
    fn commit_all(&self, changes: Vec<Change>) -> Result<(), StoreError> {
        self.check()?;
        self.inner.commit_all(changes)
    }
    fn append_audit(&self, entry: &[u8], d: Durability) -> Result<u64, StoreError> {
        self.check()?;
        self.inner.append_audit(entry, d)
    }
    fn audit(&self, from: u64, limit: usize) -> Result<Vec<AuditRecord>, StoreError> {
        self.inner.audit(from, limit)
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.check()?;
        self.inner.flush()
    }
}

fn harness() -> (Harness, Arc<FailingWrites>, tempfile::TempDir) {
    let state = tempfile::tempdir().expect("tempdir");
    let store = Arc::new(FailingWrites {
        inner: RedbStore::open(&state.path().join("state.redb")).expect("store"),
        broken: AtomicBool::new(false),
    });
    let h = Harness::open_on(
        state.path(),
        policy_json(json!({}), &state.path().join("operator-inbox")),
        &[],
        None,
        store.clone(),
    );
    (h, store, state)
}

#[test]
fn with_a_failing_store_nothing_says_allow_and_blocks_still_hold() {
    let (h, store, _state) = harness();
    h.start("a");
    h.start("b");
    store.broken.store(true, Ordering::SeqCst);

    // A stop still stops, and says its block is held in memory only.
    let stop = h.step("a", DENIED);
    assert!(stop.directive.is_stopped());
    assert!(
        stop.directive
            .factors
            .iter()
            .any(|f| f.contains("could not be written")),
        "{:?}",
        stop.directive.factors
    );
    assert!(
        h.step("a", ADVISORY).directive.is_stopped(),
        "the block holds"
    );
    // ...and a new execution of the agent is refused (starting one needs a durable write
    // anyway).
    assert!(
        h.engine
            .execute_agent(airlock_engine::StartRequest {
                agent: "a".into(),
                ..Default::default()
            })
            .is_err()
    );

    // A confirm-tier action pauses, even though its approval cannot be recorded.
    let paused = h.step("b", CONFIRM);
    assert!(!paused.directive.proceed);
    assert!(
        paused
            .directive
            .factors
            .iter()
            .any(|f| f.contains("could not be recorded"))
    );

    // Starting an execution cannot be recorded: a clear error, not a silent start.
    let r = h.call("execute_agent", json!({"element_name": "c"}));
    assert_eq!(r["error"]["code"], "INTERNAL_ERROR", "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("state store"))
    );

    // A verification that cannot lift the block on disk does not lift it.
    let code = h.code_for(&verification_id(&stop));
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": verification_id(&stop), "code": code, "element_name": "a"}),
    );
    assert_eq!(r["success"], false, "{r}");
    assert!(h.step("a", ADVISORY).directive.is_stopped());

    // Harmless actions keep flowing (they need no durable write): failing closed does not mean
    // failing everything.
    assert!(h.step("b", AUTO).directive.proceed);
}
