//! The redb store on a real file: what is written durably is there after a reopen, and after
//! the writing process is killed with SIGKILL.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use airlock_store::{Durability, RedbStore, SYNC_EVERY, Store, Table};

#[test]
fn values_round_trip_by_table_and_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    let store = RedbStore::open(&dir.path().join("state.redb")).expect("open");
    store
        .put(Table::Blocks, "agent-1", b"blocked", Durability::Durable)
        .expect("put");
    store
        .put(Table::Attempts, "agent-1", b"3 failures", Durability::Lazy)
        .expect("put");
    assert_eq!(
        store.get(Table::Blocks, "agent-1").expect("get"),
        Some(b"blocked".to_vec())
    );
    assert_eq!(store.get(Table::Blocks, "agent-2").expect("get"), None);
    assert_eq!(
        store.get(Table::Challenges, "agent-1").expect("get"),
        None,
        "tables are separate"
    );
    assert_eq!(
        store
            .remove(Table::Blocks, "agent-1", Durability::Durable)
            .expect("remove"),
        Some(b"blocked".to_vec())
    );
    assert_eq!(store.get(Table::Blocks, "agent-1").expect("get"), None);
    store
        .put(Table::Approvals, "b", b"2", Durability::Durable)
        .expect("put");
    store
        .put(Table::Approvals, "a", b"1", Durability::Durable)
        .expect("put");
    let keys: Vec<String> = store
        .entries(Table::Approvals)
        .expect("entries")
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    assert_eq!(keys, ["a", "b"]);
}

#[test]
fn the_audit_log_is_append_only_and_numbered_without_gaps() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    {
        let store = RedbStore::open(&path).expect("open");
        for i in 0..5 {
            let seq = store
                .append_audit(format!("entry {i}").as_bytes(), Durability::Durable)
                .expect("append");
            assert_eq!(seq, i + 1);
        }
    }
    let store = RedbStore::open(&path).expect("reopen");
    assert_eq!(
        store
            .append_audit(b"after reopen", Durability::Durable)
            .expect("append"),
        6
    );
    let page = store.audit(2, 3).expect("audit");
    let seqs: Vec<u64> = page.iter().map(|r| r.sequence).collect();
    assert_eq!(seqs, [2, 3, 4]);
    assert_eq!(page[0].entry, b"entry 1");
    assert_eq!(store.audit(7, 10).expect("audit"), []);
}

#[cfg(unix)]
#[test]
fn the_state_file_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    RedbStore::open(&path).expect("open");
    let mode = std::fs::metadata(&path)
        .expect("metadata")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600);
}

#[test]
fn an_unopenable_file_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let err = RedbStore::open(&dir.path().join("missing-dir/state.redb")).expect_err("no dir");
    assert!(
        err.to_string().contains("cannot open the state file"),
        "{err}"
    );
    std::fs::write(
        dir.path().join("garbage.redb"),
        b"this is not a redb file at all",
    )
    .expect("write");
    assert!(RedbStore::open(&dir.path().join("garbage.redb")).is_err());
}

/// The child side of the SIGKILL test: writes durably, says so, then waits to be killed. Run
/// only by `durable_writes_survive_sigkill` (it is ignored in a normal run).
#[test]
#[ignore = "run by durable_writes_survive_sigkill in a child process"]
fn child_writes_then_waits_to_be_killed() {
    let path = std::env::var_os("AIRLOCK_STORE_CHILD_PATH").expect("run by the parent test");
    let store = RedbStore::open(std::path::Path::new(&path)).expect("open");
    // Lazy writes first: the durable ones below must carry them to disk, in order.
    store
        .append_audit(b"allowed step 1", Durability::Lazy)
        .expect("lazy audit");
    store
        .put(Table::Executions, "exec-7", b"step 2", Durability::Lazy)
        .expect("lazy put");
    store
        .append_audit(b"allowed step 2", Durability::Lazy)
        .expect("lazy audit");
    store
        .put(Table::Blocks, "agent-7", b"hard block", Durability::Durable)
        .expect("put");
    store
        .put(
            Table::Attempts,
            "agent-7",
            b"11 failures, locked",
            Durability::Durable,
        )
        .expect("put");
    store
        .append_audit(b"stop directive for agent-7", Durability::Durable)
        .expect("audit");
    println!("DURABLE");
    std::thread::sleep(std::time::Duration::from_secs(60));
}

/// Runs the ignored test `child` in a child process on the state file `path`, waits for it to
/// print `marker`, waits `then`, and SIGKILLs it: no destructors, no flush, no chance to tidy
/// up.
#[cfg(unix)]
fn run_child_then_kill(child: &str, path: &std::path::Path, marker: &str, then: Duration) {
    let mut process = Command::new(std::env::current_exe().expect("test binary"))
        .args([child, "--exact", "--ignored", "--nocapture"])
        .env("AIRLOCK_STORE_CHILD_PATH", path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn child");
    let stdout = process.stdout.take().expect("stdout");
    let reached = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .any(|line| line.contains(marker));
    assert!(reached, "the child printed {marker}");
    std::thread::sleep(then);
    let killed = Command::new("kill")
        .args(["-9", &process.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let status = process.wait().expect("wait");
    assert!(!status.success(), "the child was killed, not finished");
}

#[cfg(unix)]
#[test]
fn durable_writes_survive_sigkill() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    run_child_then_kill(
        "child_writes_then_waits_to_be_killed",
        &path,
        "DURABLE",
        Duration::ZERO,
    );

    let store = RedbStore::open(&path).expect("the file opens after the kill");
    assert_eq!(
        store.get(Table::Blocks, "agent-7").expect("get"),
        Some(b"hard block".to_vec())
    );
    assert_eq!(
        store.get(Table::Attempts, "agent-7").expect("get"),
        Some(b"11 failures, locked".to_vec())
    );
    assert_eq!(
        store.get(Table::Executions, "exec-7").expect("get"),
        Some(b"step 2".to_vec()),
        "a lazy write before a durable one is on disk with it"
    );
    let audit = store.audit(1, 10).expect("audit");
    let entries: Vec<(u64, &[u8])> = audit
        .iter()
        .map(|r| (r.sequence, r.entry.as_slice()))
        .collect();
    assert_eq!(
        entries,
        vec![
            (1, &b"allowed step 1"[..]),
            (2, &b"allowed step 2"[..]),
            (3, &b"stop directive for agent-7"[..]),
        ]
    );
}

/// The child side of `lazy_writes_reach_the_disk_without_a_durable_write`: only lazy writes,
/// then an idle wait to be killed.
#[test]
#[ignore = "run by lazy_writes_reach_the_disk_without_a_durable_write in a child process"]
fn child_writes_lazily_then_idles() {
    let path = std::env::var_os("AIRLOCK_STORE_CHILD_PATH").expect("run by the parent test");
    let store = RedbStore::open(std::path::Path::new(&path)).expect("open");
    // More than the buffer holds: the first ones go to the file in a non-durable commit,
    // which the sync thread's fsync must cover too.
    for i in 0..1000 {
        store
            .put(
                Table::Executions,
                &format!("bulk-{i}"),
                b"counted",
                Durability::Lazy,
            )
            .expect("lazy put");
    }
    store
        .put(Table::Executions, "exec-9", b"step 41", Durability::Lazy)
        .expect("lazy put");
    store
        .append_audit(b"allowed step 41", Durability::Lazy)
        .expect("lazy audit");
    println!("LAZY");
    std::thread::sleep(Duration::from_secs(60));
}

/// An idle process does not keep lazy writes only in memory: the sync thread makes them
/// durable within `SYNC_EVERY`, with no durable write to carry them.
#[cfg(unix)]
#[test]
fn lazy_writes_reach_the_disk_without_a_durable_write() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    run_child_then_kill(
        "child_writes_lazily_then_idles",
        &path,
        "LAZY",
        SYNC_EVERY * 3,
    );
    let store = RedbStore::open(&path).expect("the file opens after the kill");
    assert_eq!(
        store.get(Table::Executions, "exec-9").expect("get"),
        Some(b"step 41".to_vec())
    );
    for i in 0..1000 {
        assert_eq!(
            store
                .get(Table::Executions, &format!("bulk-{i}"))
                .expect("get"),
            Some(b"counted".to_vec()),
            "bulk-{i}"
        );
    }
    let audit = store.audit(1, 10).expect("audit");
    assert_eq!(audit.len(), 1, "{audit:?}");
    assert_eq!(audit[0].entry, b"allowed step 41");
}

#[test]
fn lazy_writes_are_read_back_before_they_are_committed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    let store = RedbStore::open(&path).expect("open");
    store
        .put(Table::Approvals, "a", b"committed", Durability::Durable)
        .expect("put");
    store
        .put(Table::Approvals, "b", b"committed", Durability::Durable)
        .expect("put");
    store
        .put(Table::Approvals, "a", b"lazy", Durability::Lazy)
        .expect("lazy put");
    store
        .put(Table::Approvals, "c", b"lazy", Durability::Lazy)
        .expect("lazy put");
    assert_eq!(
        store
            .remove(Table::Approvals, "b", Durability::Lazy)
            .expect("remove"),
        Some(b"committed".to_vec()),
        "a lazy remove returns the value it removes"
    );
    assert_eq!(
        store.get(Table::Approvals, "a").expect("get"),
        Some(b"lazy".to_vec())
    );
    assert_eq!(store.get(Table::Approvals, "b").expect("get"), None);
    let keys: Vec<(String, Vec<u8>)> = store.entries(Table::Approvals).expect("entries");
    assert_eq!(
        keys,
        vec![
            ("a".into(), b"lazy".to_vec()),
            ("c".into(), b"lazy".to_vec())
        ]
    );
    // Numbers continue from the committed log, waiting entries included.
    assert_eq!(
        store
            .append_audit(b"one", Durability::Durable)
            .expect("audit"),
        1
    );
    assert_eq!(
        store.append_audit(b"two", Durability::Lazy).expect("audit"),
        2
    );
    assert_eq!(
        store
            .append_audit(b"three", Durability::Lazy)
            .expect("audit"),
        3
    );
    let seqs: Vec<u64> = store
        .audit(2, 10)
        .expect("audit")
        .iter()
        .map(|r| r.sequence)
        .collect();
    assert_eq!(seqs, vec![2, 3]);
    assert_eq!(
        store.audit(1, 2).expect("audit").len(),
        2,
        "the limit counts waiting entries"
    );
    // A durable remove sees the lazy write before it.
    assert_eq!(
        store
            .remove(Table::Approvals, "c", Durability::Durable)
            .expect("remove"),
        Some(b"lazy".to_vec())
    );
    drop(store);

    // A clean shutdown committed the rest, and numbering goes on after a reopen.
    let store = RedbStore::open(&path).expect("reopen");
    assert_eq!(
        store.get(Table::Approvals, "a").expect("get"),
        Some(b"lazy".to_vec())
    );
    assert_eq!(store.get(Table::Approvals, "c").expect("get"), None);
    assert_eq!(store.audit(1, 10).expect("audit").len(), 3);
    assert_eq!(
        store
            .append_audit(b"four", Durability::Lazy)
            .expect("audit"),
        4
    );
}

/// The child side of `a_lazy_write_is_made_durable_by_the_next_durable_one`: a lazy write, a
/// durable one, then a second lazy write after it (the control), then a wait to be killed.
#[test]
#[ignore = "run by a_lazy_write_is_made_durable_by_the_next_durable_one in a child process"]
fn child_writes_lazy_durable_lazy_then_waits() {
    let path = std::env::var_os("AIRLOCK_STORE_CHILD_PATH").expect("run by the parent test");
    let store = RedbStore::open(std::path::Path::new(&path)).expect("open");
    store
        .put(Table::Executions, "exec-1", b"step 4", Durability::Lazy)
        .expect("lazy put");
    store
        .put(Table::Blocks, "agent-1", b"blocked", Durability::Durable)
        .expect("durable put");
    store
        .put(Table::Executions, "control", b"after", Durability::Lazy)
        .expect("lazy put");
    println!("WRITTEN");
    std::thread::sleep(Duration::from_secs(60));
}

/// The durable write itself carries the lazy write before it to disk: the writer is killed
/// with SIGKILL right after (no `Drop`, no flush). The lazy write made after the durable one
/// is the control: when it is on disk too, the background sync ran in between and the run
/// proves nothing, so it is repeated.
#[cfg(unix)]
#[test]
fn a_lazy_write_is_made_durable_by_the_next_durable_one() {
    for _ in 0..5 {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("state.redb");
        run_child_then_kill(
            "child_writes_lazy_durable_lazy_then_waits",
            &path,
            "WRITTEN",
            Duration::ZERO,
        );
        let store = RedbStore::open(&path).expect("the file opens after the kill");
        if store
            .get(Table::Executions, "control")
            .expect("get")
            .is_some()
        {
            continue;
        }
        assert_eq!(
            store.get(Table::Blocks, "agent-1").expect("get"),
            Some(b"blocked".to_vec())
        );
        assert_eq!(
            store.get(Table::Executions, "exec-1").expect("get"),
            Some(b"step 4".to_vec()),
            "the lazy write before the durable one is on disk with it"
        );
        return;
    }
    panic!("the background sync ran before every kill: nothing was shown");
}

/// The child side of the lock test: holds the file open until killed.
#[test]
#[ignore = "run by a_second_process_is_told_the_file_is_in_use in a child process"]
fn child_holds_the_file_open() {
    let path = std::env::var_os("AIRLOCK_STORE_CHILD_PATH").expect("run by the parent test");
    let _store = RedbStore::open(std::path::Path::new(&path)).expect("open");
    println!("OPEN");
    std::thread::sleep(std::time::Duration::from_secs(60));
}

#[cfg(unix)]
#[test]
fn a_second_process_is_told_the_file_is_in_use() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "child_holds_the_file_open",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env("AIRLOCK_STORE_CHILD_PATH", &path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn child");
    let stdout = child.stdout.take().expect("stdout");
    assert!(
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .any(|l| l.contains("OPEN"))
    );
    let err = RedbStore::open(&path).expect_err("the child holds it");
    assert!(
        matches!(err, airlock_store::StoreError::InUse { .. }),
        "{err}"
    );
    let _ = child.kill();
    let _ = child.wait();
    // Once the holder is gone, the file opens.
    RedbStore::open(&path).expect("free again");
}

/// Reads always see the last write, whatever mix of lazy and durable writes, removes, flushes
/// and cached reads came before (a seeded random sequence checked against a plain map), and
/// the file holds the same after a reopen.
#[test]
fn reads_agree_with_a_plain_map_through_any_mix_of_writes() {
    use std::collections::HashMap;

    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    let mut model: HashMap<(Table, String), Vec<u8>> = HashMap::new();
    let mut seed: u64 = 0x5eed_a1c0_c0de;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let tables = [Table::Blocks, Table::Approvals, Table::Executions];
    {
        let store = RedbStore::open(&path).expect("open");
        for i in 0..4000u64 {
            let table = tables[next(3) as usize];
            let key = format!("k{}", next(12));
            let durability = if next(4) == 0 {
                Durability::Durable
            } else {
                Durability::Lazy
            };
            match next(10) {
                0..=3 => {
                    let value = format!("v{i}").into_bytes();
                    store.put(table, &key, &value, durability).expect("put");
                    model.insert((table, key), value);
                }
                4 | 5 => {
                    let old = store.remove(table, &key, durability).expect("remove");
                    assert_eq!(
                        old,
                        model.remove(&(table, key.clone())),
                        "remove {key} at {i}"
                    );
                }
                6 => store.flush().expect("flush"),
                _ => {}
            }
            // Every key of the table, read back (cached or not).
            for k in 0..12 {
                let key = format!("k{k}");
                assert_eq!(
                    store.get(table, &key).expect("get"),
                    model.get(&(table, key.clone())).cloned(),
                    "{table:?}/{key} after op {i}"
                );
            }
        }
    }
    let store = RedbStore::open(&path).expect("reopen");
    for table in tables {
        for k in 0..12 {
            let key = format!("k{k}");
            assert_eq!(
                store.get(table, &key).expect("get"),
                model.get(&(table, key.clone())).cloned(),
                "{table:?}/{key} after reopen"
            );
        }
    }
}
