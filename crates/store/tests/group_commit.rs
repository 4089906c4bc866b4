//! Group commit on the redb store: concurrent durable writes share commits, every
//! acknowledged one is on disk when its writer is SIGKILLed mid-load, each writer's entries
//! keep their order in a log without gaps, and a failed commit fails every write of its batch.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use airlock_store::{Change, Durability, RedbStore, Store, Table};
use redb::StorageBackend;
use redb::backends::InMemoryBackend;

/// Memory that flushes like a disk: `sync_data` takes `flush` (so writers queue behind it),
/// is counted, and fails while `failing` is set.
#[derive(Debug, Clone)]
struct SlowDisk {
    memory: Arc<InMemoryBackend>,
    flush: Duration,
    syncs: Arc<AtomicUsize>,
    failing: Arc<AtomicBool>,
    /// The flush (counted from 1, as `syncs` counts them) from which every flush fails.
    fail_from: Arc<AtomicUsize>,
}

impl SlowDisk {
    fn new(flush: Duration) -> Self {
        Self {
            memory: Arc::new(InMemoryBackend::new()),
            flush,
            syncs: Arc::new(AtomicUsize::new(0)),
            failing: Arc::new(AtomicBool::new(false)),
            fail_from: Arc::new(AtomicUsize::new(usize::MAX)),
        }
    }
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
        std::thread::sleep(self.flush);
        let n = self.syncs.fetch_add(1, Ordering::SeqCst) + 1;
        if self.failing.load(Ordering::SeqCst) || n >= self.fail_from.load(Ordering::SeqCst) {
            return Err(std::io::Error::other("injected: the disk is gone"));
        }
        self.memory.sync_data()
    }
    fn write(&self, offset: u64, data: &[u8]) -> Result<(), std::io::Error> {
        self.memory.write(offset, data)
    }
}

/// Writers × entries each, durable audit entries named `w<writer> <n>`.
const WRITERS: usize = 8;
const ENTRIES: usize = 40;

#[test]
fn concurrent_durable_writes_share_commits_and_keep_each_writers_order() {
    let disk = SlowDisk::new(Duration::from_millis(2));
    let store = Arc::new(RedbStore::open_on_backend(disk.clone()).expect("open"));
    let syncs_before = disk.syncs.load(Ordering::SeqCst);
    let start = Arc::new(Barrier::new(WRITERS));
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let (store, start) = (Arc::clone(&store), Arc::clone(&start));
            std::thread::spawn(move || {
                start.wait();
                let mut numbers = Vec::new();
                for n in 0..ENTRIES {
                    // A lazy write before each durable one: it must be on disk with it.
                    store
                        .put(
                            Table::Executions,
                            &format!("w{w}"),
                            n.to_string().as_bytes(),
                            Durability::Lazy,
                        )
                        .expect("lazy put");
                    // Every third entry lazy (an allowed action below danger 2): numbered
                    // between the durable ones, in the writer's order too.
                    let durability = if n % 3 == 0 {
                        Durability::Lazy
                    } else {
                        Durability::Durable
                    };
                    numbers.push(
                        store
                            .append_audit(format!("w{w} {n}").as_bytes(), durability)
                            .expect("append"),
                    );
                }
                numbers
            })
        })
        .collect();
    let numbers: Vec<Vec<u64>> = writers
        .into_iter()
        .map(|w| w.join().expect("writer"))
        .collect();
    let syncs = disk.syncs.load(Ordering::SeqCst) - syncs_before;
    let writes = WRITERS * ENTRIES;
    store.flush().expect("flush");
    // One durable commit per durable write would be that many commits (redb flushes once
    // or twice per commit): batching must have made far fewer.
    let durable = WRITERS * (ENTRIES - ENTRIES.div_ceil(3));
    assert!(
        syncs * 2 < durable,
        "{syncs} flushes for {durable} durable writes: not batched"
    );

    let log = store.audit(1, writes + 10).expect("audit");
    let sequences: Vec<u64> = log.iter().map(|r| r.sequence).collect();
    assert_eq!(
        sequences,
        (1..=writes as u64).collect::<Vec<_>>(),
        "numbered from 1 without gaps"
    );
    for (w, mine) in numbers.iter().enumerate() {
        // Each writer got back the number its entry has, in increasing order.
        assert!(mine.windows(2).all(|p| p[0] < p[1]), "w{w}: {mine:?}");
        for (n, sequence) in mine.iter().enumerate() {
            let entry = &log[(*sequence - 1) as usize].entry;
            assert_eq!(entry, format!("w{w} {n}").as_bytes(), "entry {sequence}");
        }
    }
}

#[test]
fn a_failed_commit_fails_every_write_of_its_batch_and_keeps_none_of_them() {
    let disk = SlowDisk::new(Duration::from_millis(30));
    let store = Arc::new(RedbStore::open_on_backend(disk.clone()).expect("open"));
    store
        .put(Table::Blocks, "agent-0", b"blocked", Durability::Durable)
        .expect("a good commit first");
    // From here every flush fails (and redb refuses every commit after the first failure).
    disk.failing.store(true, Ordering::SeqCst);
    let start = Arc::new(Barrier::new(WRITERS));
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let (store, start) = (Arc::clone(&store), Arc::clone(&start));
            std::thread::spawn(move || {
                start.wait();
                // An unblock (which must not be lost if it is not on disk) and an audit entry.
                let removed = store.remove(Table::Blocks, "agent-0", Durability::Durable);
                let appended =
                    store.append_audit(format!("w{w} allowed").as_bytes(), Durability::Durable);
                (removed, appended)
            })
        })
        .collect();
    for w in writers {
        let (removed, appended) = w.join().expect("writer");
        assert!(
            removed.is_err(),
            "an unblock in a failed commit: {removed:?}"
        );
        assert!(
            appended.is_err(),
            "an audit entry in a failed commit: {appended:?}"
        );
    }
    // Nothing of the failed batches is seen: the block holds, no entry was written.
    match store.get(Table::Blocks, "agent-0") {
        Ok(value) => assert_eq!(value, Some(b"blocked".to_vec())),
        Err(e) => assert!(e.to_string().contains("state store"), "{e}"),
    }
    match store.audit(1, 100) {
        Ok(log) => assert!(log.is_empty(), "{log:?}"),
        Err(e) => assert!(e.to_string().contains("state store"), "{e}"),
    }
}

/// The child side of `acknowledged_writes_survive_sigkill_mid_load`: writers append durably
/// and print each acknowledgement, until killed.
#[test]
#[ignore = "run by acknowledged_writes_survive_sigkill_mid_load in a child process"]
fn child_writes_concurrently_until_killed() {
    let path = std::env::var_os("AIRLOCK_STORE_CHILD_PATH").expect("run by the parent test");
    let store = Arc::new(RedbStore::open(std::path::Path::new(&path)).expect("open"));
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| {
            let store = Arc::clone(&store);
            std::thread::spawn(move || {
                for n in 0.. {
                    let sequence = store
                        .append_audit(format!("w{w} {n}").as_bytes(), Durability::Durable)
                        .expect("durable append");
                    // One line per acknowledgement, written whole.
                    println!("ACK w{w} {n} {sequence}");
                }
            })
        })
        .collect();
    for w in writers {
        let _ = w.join();
    }
}

#[cfg(unix)]
#[test]
fn acknowledged_writes_survive_sigkill_mid_load() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "child_writes_concurrently_until_killed",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env("AIRLOCK_STORE_CHILD_PATH", &path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn child");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    // writer -> (entry number -> sequence), as acknowledged before the kill.
    let mut acknowledged: BTreeMap<String, BTreeMap<u64, u64>> = BTreeMap::new();
    let mut lines = stdout.lines().map_while(Result::ok);
    let mut count = 0;
    for line in lines.by_ref() {
        let Some(rest) = line.strip_prefix("ACK ") else {
            continue;
        };
        let parts: Vec<&str> = rest.split(' ').collect();
        let (writer, n, sequence) = (
            parts[0].to_owned(),
            parts[1].parse::<u64>().expect("n"),
            parts[2].parse::<u64>().expect("sequence"),
        );
        acknowledged.entry(writer).or_default().insert(n, sequence);
        count += 1;
        if count == 400 {
            break;
        }
    }
    // Mid-load: the writers are still writing.
    let killed = Command::new("kill")
        .args(["-9", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    // What was printed before the kill landed was acknowledged too.
    for line in lines {
        if let Some(rest) = line.strip_prefix("ACK ") {
            let parts: Vec<&str> = rest.split(' ').collect();
            if let [writer, n, sequence] = parts[..]
                && let (Ok(n), Ok(sequence)) = (n.parse(), sequence.parse())
            {
                acknowledged
                    .entry(writer.to_owned())
                    .or_default()
                    .insert(n, sequence);
            }
        }
    }
    let status = child.wait().expect("wait");
    assert!(!status.success(), "the child was killed, not finished");

    let store = RedbStore::open(&path).expect("the file opens after the kill");
    let log = store.audit(1, usize::MAX / 2).expect("audit");
    let sequences: Vec<u64> = log.iter().map(|r| r.sequence).collect();
    assert_eq!(
        sequences,
        (1..=log.len() as u64).collect::<Vec<_>>(),
        "numbered from 1 without gaps"
    );
    let by_sequence: BTreeMap<u64, &[u8]> = log
        .iter()
        .map(|r| (r.sequence, r.entry.as_slice()))
        .collect();
    let mut total = 0;
    for (writer, entries) in &acknowledged {
        let mut last = 0;
        for (n, sequence) in entries {
            total += 1;
            assert_eq!(
                by_sequence.get(sequence).copied(),
                Some(format!("{writer} {n}").as_bytes()),
                "the acknowledged entry {writer} {n} at {sequence}"
            );
            assert!(*sequence > last, "{writer}'s entries in order");
            last = *sequence;
        }
    }
    assert!(total >= 400, "{total} acknowledged");
    // Each writer's entries on disk are in its order, acknowledged or not.
    for w in 0..WRITERS {
        let prefix = format!("w{w} ");
        let mine: Vec<u64> = log
            .iter()
            .filter_map(|r| {
                std::str::from_utf8(&r.entry)
                    .ok()?
                    .strip_prefix(&prefix)?
                    .parse()
                    .ok()
            })
            .collect();
        assert_eq!(
            mine,
            (0..mine.len() as u64).collect::<Vec<_>>(),
            "w{w}'s entries on disk"
        );
    }
}

/// While durable commits are in flight (taking the waiting lazy writes with them), a writer
/// still reads back every lazy write it made, by key and in a scan: an acknowledged write
/// never seems to vanish until its commit lands.
#[test]
fn lazy_writes_taken_by_a_commit_in_flight_are_still_read_back() {
    let disk = SlowDisk::new(Duration::from_millis(2));
    let store = Arc::new(RedbStore::open_on_backend(disk).expect("open"));
    let stop = Arc::new(AtomicBool::new(false));
    let committed = Arc::new(AtomicUsize::new(0));
    let committers: Vec<_> = (0..4)
        .map(|w| {
            let (store, stop, committed) = (
                Arc::clone(&store),
                Arc::clone(&stop),
                Arc::clone(&committed),
            );
            std::thread::spawn(move || {
                let mut n = 0u64;
                while !stop.load(Ordering::SeqCst) {
                    store
                        .put(
                            Table::Blocks,
                            &format!("agent-{w}"),
                            n.to_string().as_bytes(),
                            Durability::Durable,
                        )
                        .expect("durable put");
                    committed.fetch_add(1, Ordering::SeqCst);
                    n += 1;
                }
            })
        })
        .collect();
    // Lazy writes and reads, for as long as a hundred durable writes take to commit.
    let mut i = 0u64;
    while committed.load(Ordering::SeqCst) < 100 {
        let value = format!("step {i}");
        store
            .put(
                Table::Executions,
                "exec-1",
                value.as_bytes(),
                Durability::Lazy,
            )
            .expect("lazy put");
        assert_eq!(
            store.get(Table::Executions, "exec-1").expect("get"),
            Some(value.clone().into_bytes()),
            "read back at {i}"
        );
        let scanned = store.entries(Table::Executions).expect("entries");
        assert_eq!(
            scanned,
            vec![("exec-1".to_owned(), value.into_bytes())],
            "scanned at {i}"
        );
        i += 1;
    }
    stop.store(true, Ordering::SeqCst);
    for c in committers {
        c.join().expect("committer");
    }
}

/// An approval request and the two records of its confirmation token, as the operation gate
/// writes them.
fn approval_group() -> Vec<Change> {
    vec![
        Change::Put(Table::Approvals, "apr-1".into(), b"pending".to_vec()),
        Change::Put(Table::Tokens, "digest-1".into(), b"inert token".to_vec()),
        Change::Put(Table::Tokens, "call-key-1".into(), b"digest-1".to_vec()),
        Change::Remove(Table::Blocks, "agent-0".into()),
    ]
}

/// What a fresh store on the same memory finds of the group: the file, not a cache.
fn group_in_file(disk: &SlowDisk) -> [bool; 4] {
    disk.failing.store(false, Ordering::SeqCst);
    disk.fail_from.store(usize::MAX, Ordering::SeqCst);
    let reopened = RedbStore::open_on_backend(disk.clone()).expect("reopen");
    let has = |t, k| reopened.get(t, k).expect("read").is_some();
    [
        has(Table::Approvals, "apr-1"),
        has(Table::Tokens, "digest-1"),
        has(Table::Tokens, "call-key-1"),
        // The removal took place when the block is gone.
        !has(Table::Blocks, "agent-0"),
    ]
}

#[test]
fn a_group_of_changes_is_one_flush_and_reaches_the_file_whole() {
    let disk = SlowDisk::new(Duration::ZERO);
    let store = RedbStore::open_on_backend(disk.clone()).expect("open");
    store
        .put(Table::Blocks, "agent-0", b"blocked", Durability::Durable)
        .expect("a block first");
    let before = disk.syncs.load(Ordering::SeqCst);
    store
        .commit_all(approval_group())
        .expect("commit the group");
    assert_eq!(
        disk.syncs.load(Ordering::SeqCst) - before,
        1,
        "four changes, one flush"
    );
    assert_eq!(
        store.get(Table::Tokens, "call-key-1").expect("read"),
        Some(b"digest-1".to_vec())
    );
    assert_eq!(store.get(Table::Blocks, "agent-0").expect("read"), None);
    drop(store);
    assert_eq!(group_in_file(&disk), [true; 4]);
}

#[test]
fn a_group_is_in_the_file_whole_or_not_at_all_whichever_flush_fails() {
    // The n-th flush from the group's start fails (n = 1: the group's own). Written one by
    // one, a failure at the second flush would leave the approval without its token.
    for n in 1..=4 {
        let disk = SlowDisk::new(Duration::ZERO);
        let store = RedbStore::open_on_backend(disk.clone()).expect("open");
        store
            .put(Table::Blocks, "agent-0", b"blocked", Durability::Durable)
            .expect("a block first");
        let from = disk.syncs.load(Ordering::SeqCst) + n;
        disk.fail_from.store(from, Ordering::SeqCst);
        let committed = store.commit_all(approval_group());
        drop(store);
        let found = group_in_file(&disk);
        // Whole or nothing in the file; and whole when acknowledged. (A refused group may still
        // be whole: a disk whose flush failed may have written it anyway.)
        assert!(
            found == [true; 4] || found == [false; 4],
            "flush {n} fails: half a group in the file: {found:?} ({committed:?})"
        );
        if committed.is_ok() {
            assert_eq!(found, [true; 4], "flush {n} fails: acknowledged, so whole");
        }
        if n == 1 {
            assert!(committed.is_err(), "the group's own flush failed");
        }
    }
}

#[test]
fn after_a_failed_flush_the_store_reopens_and_serves_again_without_losing_a_block() {
    let disk = SlowDisk::new(Duration::ZERO);
    let store = RedbStore::open_on_backend(disk.clone()).expect("open");
    store
        .put(Table::Blocks, "agent-0", b"blocked", Durability::Durable)
        .expect("a block first");
    let before = store
        .append_audit(b"before", Durability::Durable)
        .expect("audit");
    // The disk fails for a while: every durable write is refused (fail closed) ...
    disk.failing.store(true, Ordering::SeqCst);
    assert!(
        store
            .put(Table::Blocks, "agent-1", b"blocked", Durability::Durable)
            .is_err()
    );
    assert!(store.append_audit(b"lost", Durability::Durable).is_err());
    // ... and once it works again, so does the store, without a restart of the process.
    disk.failing.store(false, Ordering::SeqCst);
    store
        .put(Table::Blocks, "agent-2", b"blocked", Durability::Durable)
        .expect("a durable write after the disk came back");
    assert_eq!(
        store.get(Table::Blocks, "agent-0").expect("read"),
        Some(b"blocked".to_vec()),
        "the block made before the failure holds"
    );
    assert_eq!(
        store.get(Table::Blocks, "agent-2").expect("read"),
        Some(b"blocked".to_vec())
    );
    let after = store
        .append_audit(b"after", Durability::Durable)
        .expect("audit");
    // Numbered on from what the file holds: no gap, no number given twice.
    let log = store.audit(1, 100).expect("log");
    let numbers: Vec<u64> = log.iter().map(|r| r.sequence).collect();
    assert_eq!(numbers, (1..=after).collect::<Vec<_>>(), "{log:?}");
    assert!(after > before);
    assert_eq!(log.last().map(|r| r.entry.clone()), Some(b"after".to_vec()));
}
