//! The store on one redb file.
//!
//! Each [`Table`] is a redb table of `&str -> &[u8]`; the audit log is a table of
//! `u64 -> &[u8]` whose next key is one past the last. Durable calls are group-committed
//! (`group_commit.rs`): each waits until a redb transaction holding its write is on disk, and
//! concurrent ones share that transaction and its fsync. Lazy calls wait in a write-behind
//! buffer (`pending.rs`) and are committed together, at the latest with the next durable
//! commit and in the same transaction, before the durable writes. The file is created with
//! mode 0600: it holds blocks and approvals an agent must not be able to edit.
//!
//! A durable commit runs outside the store's lock: reads and lazy writes go on during the
//! fsync. Reads see the lazy writes of the commit in flight (they were acknowledged) but not
//! its durable writes until they are on disk, so nothing is decided on a durable write that a
//! crash or a failed commit could still take back.
//!
//! Lazy writes do not wait for the next durable call to reach the disk: a background thread
//! makes them durable within [`SYNC_EVERY`] of being made, so an idle process keeps nothing
//! only in memory for long, and a crash loses at most about that much of them.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, MutexGuard, PoisonError, RwLock, RwLockReadGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use redb::{Database, ReadableDatabase, ReadableTable, ReadableTableMetadata, TableDefinition};

use crate::group_commit::{Batching, GroupCommit, Lane};
use crate::pending::{MAX_WRITES, Pending, Seen, Write};
use crate::read_cache::ReadCache;
use crate::{AuditRecord, Change, Durability, Store, StoreError, Table};

const AUDIT: TableDefinition<u64, &[u8]> = TableDefinition::new("audit");

fn definition(table: Table) -> TableDefinition<'static, &'static str, &'static [u8]> {
    TableDefinition::new(table.name())
}

fn io(operation: &str) -> impl Fn(&dyn std::fmt::Display) -> StoreError + '_ {
    move |e| StoreError::Io {
        operation: operation.to_owned(),
        message: e.to_string(),
    }
}

/// The most memory redb may use to cache pages of the state file.
const CACHE_BYTES: usize = 8 << 20;

/// Lazy writes kept while commits fail, at most; beyond it they are dropped (a crash could
/// have lost them too) rather than growing without bound on a broken disk.
const MAX_KEPT_ON_FAILURE: usize = 16 * MAX_WRITES;

/// How often the background thread makes lazy writes durable, when there are any: the most a
/// crash can lose of them (plus the commit's own time).
pub const SYNC_EVERY: Duration = Duration::from_secs(1);

/// What the writers share: the buffer and the audit log's next sequence number.
#[derive(Debug)]
struct Writer {
    pending: Pending,
    /// The lazy writes taken by the durable commit in flight: acknowledged, so reads see them
    /// until the commit settles (then they are in the file, or back in `pending`).
    in_flight: Option<Arc<Pending>>,
    /// The sequence number the next audit entry gets (committed, waiting or in flight).
    next_audit: u64,
    /// Whether lazy writes were made since the last durable commit (waiting in the buffer, or
    /// committed non-durably, which is not on disk either).
    unsynced: bool,
    /// What the file holds for recently read or written keys (`read_cache.rs`).
    cache: ReadCache,
}

/// One durable write, queued for the next group commit.
#[derive(Debug)]
enum DurableWrite {
    Put(Table, String, Vec<u8>),
    Remove(Table, String),
    Audit(Vec<u8>),
    /// Changes that are committed together or not at all ([`Store::commit_all`]): they are
    /// one queued write, so they are in one batch, and a batch is one transaction.
    Group(Vec<Change>),
    /// Nothing of its own: the waiting lazy writes and every earlier non-durable commit
    /// become durable (`flush`, the sync thread).
    Sync,
}

/// What a durable write gets back.
#[derive(Debug)]
enum Done {
    Nothing,
    Removed(Option<Vec<u8>>),
    Appended(u64),
}

/// One group commit: the lazy writes waiting when it was taken, then the durable writes in
/// the order they were queued.
#[derive(Debug)]
struct Batch {
    lazy: Arc<Pending>,
    writes: Vec<DurableWrite>,
    /// The sequence number of the batch's first audit entry, and how many it has.
    first_audit: u64,
    audits: u64,
}

impl Batching for Writer {
    type Write = DurableWrite;
    type Done = Done;
    type Batch = Batch;

    fn take(&mut self, writes: Vec<DurableWrite>) -> Batch {
        let lazy = Arc::new(std::mem::take(&mut self.pending));
        self.in_flight = Some(Arc::clone(&lazy));
        let audits = writes
            .iter()
            .filter(|w| matches!(w, DurableWrite::Audit(_)))
            .count() as u64;
        // Numbered now, after the lazy entries taken with them and before any made during
        // the commit: the log's order is the order the writes were made in.
        let first_audit = self.next_audit;
        self.next_audit += audits;
        // Lazy writes made during the commit set it again.
        self.unsynced = false;
        Batch {
            lazy,
            writes,
            first_audit,
            audits,
        }
    }

    fn settle(&mut self, batch: Batch, committed: bool) {
        self.in_flight = None;
        let Batch {
            lazy,
            writes,
            first_audit,
            audits,
        } = batch;
        if committed {
            // The file holds the batch now: what the cache knew of its keys is old.
            for (table, keys) in lazy.writes() {
                for key in keys.keys() {
                    self.cache.forget(table, key);
                }
            }
            for write in &writes {
                match write {
                    DurableWrite::Put(table, key, value) => {
                        self.cache.set(*table, key, Some(value));
                    }
                    DurableWrite::Remove(table, key) => self.cache.set(*table, key, None),
                    DurableWrite::Group(changes) => {
                        for change in changes {
                            match change {
                                Change::Put(table, key, value) => {
                                    self.cache.set(*table, key, Some(value));
                                }
                                Change::Remove(table, key) => self.cache.set(*table, key, None),
                            }
                        }
                    }
                    DurableWrite::Audit(_) | DurableWrite::Sync => {}
                }
            }
            return;
        }
        // Nothing of the batch is in the file. Its durable writes are refused to their
        // callers; its lazy writes were acknowledged and wait again, before the ones made
        // since; the audit entries made since take the numbers the refused ones had.
        self.cache.clear();
        self.unsynced = true;
        self.pending.renumber_audit(first_audit + audits, audits);
        self.next_audit -= audits;
        let lazy = Arc::try_unwrap(lazy).unwrap_or_else(|shared| shared.as_ref().clone());
        self.pending.restore_older(lazy);
        if self.pending.len() > MAX_KEPT_ON_FAILURE {
            self.drop_pending();
        }
    }
}

impl Writer {
    /// What the waiting and in-flight lazy writes say of `key`.
    fn seen(&self, table: Table, key: &str) -> Seen<'_> {
        match self.pending.get(table, key) {
            Seen::Unknown => self
                .in_flight
                .as_ref()
                .map_or(Seen::Unknown, |p| p.get(table, key)),
            seen => seen,
        }
    }

    /// The file was opened again after an I/O error and its audit log's next number is
    /// `file_next`: the waiting audit entries are numbered on from there (a refused commit may
    /// have reached the disk after all, or non-durable commits may be gone), and nothing the
    /// cache knew of the file is trusted.
    fn reopened(&mut self, file_next: u64) {
        self.cache.clear();
        let expected = self.pending.first_audit().unwrap_or(self.next_audit);
        let shift = i128::from(file_next) - i128::from(expected);
        let moved = |n: u64| u64::try_from(i128::from(n) + shift).unwrap_or(n);
        for record in &mut self.pending.audit {
            record.sequence = moved(record.sequence);
        }
        self.next_audit = moved(self.next_audit);
        // What waits is written by the next commit, durable or not.
        self.unsynced = true;
    }

    /// Drops the waiting lazy writes (commits keep failing and they would grow without
    /// bound; a crash could have lost them too). The next audit entry takes the first
    /// dropped one's number, so the log has no gap.
    fn drop_pending(&mut self) {
        if let Some(first) = self.pending.first_audit() {
            self.next_audit = first;
        }
        self.pending.clear();
    }
}

/// Opens the file again after an I/O error.
struct Opener {
    /// Flushes the storage once, to see whether it works again: the file is closed only then,
    /// so while the disk keeps failing the open (refusing) file still answers reads.
    probe: Box<dyn Fn() -> std::io::Result<()> + Send + Sync>,
    open: Box<dyn Fn() -> Result<Database, String> + Send + Sync>,
}

/// The file and its writers, shared with the sync thread.
struct Inner {
    /// `None` only between closing the file after an I/O error and opening it again. Every
    /// transaction lives within a read guard of this lock, so the file is never closed under
    /// one (redb keeps a file open, and locked, while any transaction on it lives).
    db: RwLock<Option<Database>>,
    opener: Opener,
    /// A commit or read failed on an I/O error. redb then refuses every later transaction
    /// ("previous I/O error": it cannot know what reached the disk), so the file must be closed
    /// and opened again, which repairs it to its last good commit. Set by the failure, cleared
    /// by the reopen, which the next writer (or the sync thread within a second) does.
    needs_reopen: AtomicBool,
    lane: GroupCommit<Writer>,
}

/// The open file, for one transaction's lifetime.
struct Db<'a>(RwLockReadGuard<'a, Option<Database>>);

impl std::ops::Deref for Db<'_> {
    type Target = Database;
    fn deref(&self) -> &Database {
        // Only made when it holds the file (`Inner::db`).
        self.0.as_ref().expect("an open file")
    }
}

/// airlock's state in a redb file.
pub struct RedbStore {
    inner: Arc<Inner>,
    /// Dropping it stops the sync thread.
    stop_sync: Option<mpsc::Sender<()>>,
    sync_thread: Option<JoinHandle<()>>,
}

impl std::fmt::Debug for RedbStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedbStore").finish_non_exhaustive()
    }
}

impl RedbStore {
    /// Opens the state file, creating it (mode 0600) and its tables if needed.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        let open_error = |message: String| StoreError::Open {
            path: path.display().to_string(),
            message,
        };
        if !path.exists() {
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            // Another process may create it between the check and here; that is fine.
            if let Err(e) = options.open(path)
                && e.kind() != std::io::ErrorKind::AlreadyExists
            {
                return Err(open_error(e.to_string()));
            }
        }
        // redb's page cache defaults to 1 GiB, which a long-running sidecar fills with audit
        // pages it will never read again: bound it (reads of blocks and approvals are hot and
        // small; the audit log is append-only).
        let db = Database::builder()
            .set_cache_size(CACHE_BYTES)
            .create(path)
            .map_err(|e| match e {
                redb::DatabaseError::DatabaseAlreadyOpen => StoreError::InUse {
                    path: path.display().to_string(),
                },
                e => open_error(e.to_string()),
            })?;
        let (probed, path) = (path.to_owned(), path.to_owned());
        let opener = Opener {
            probe: Box::new(move || {
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&probed)?
                    .sync_all()
            }),
            open: Box::new(move || {
                Database::builder()
                    .set_cache_size(CACHE_BYTES)
                    .create(&path)
                    .map_err(|e| e.to_string())
            }),
        };
        Self::start(db, opener, &open_error)
    }

    /// A store on any redb storage backend instead of a file: for tests that inject disk
    /// faults (a failing or slow fsync) and for storage that is not a local file. The file's
    /// guarantees hold as far as the backend's `sync_data` keeps its promise.
    /// The backend is cloned to open it again after an I/O error: a clone must reach the same
    /// storage.
    pub fn open_on_backend(
        backend: impl redb::StorageBackend + Clone + 'static,
    ) -> Result<Self, StoreError> {
        let open_error = |message: String| StoreError::Open {
            path: "(storage backend)".to_owned(),
            message,
        };
        let db = Database::builder()
            .set_cache_size(CACHE_BYTES)
            .create_with_backend(backend.clone())
            .map_err(|e| open_error(e.to_string()))?;
        let probed = backend.clone();
        let opener = Opener {
            probe: Box::new(move || probed.sync_data()),
            open: Box::new(move || {
                Database::builder()
                    .set_cache_size(CACHE_BYTES)
                    .create_with_backend(backend.clone())
                    .map_err(|e| e.to_string())
            }),
        };
        Self::start(db, opener, &open_error)
    }

    /// Creates the tables, finds the audit log's next number and starts the sync thread.
    fn start(
        db: Database,
        opener: Opener,
        open_error: &dyn Fn(String) -> StoreError,
    ) -> Result<Self, StoreError> {
        let txn = db.begin_write().map_err(|e| open_error(e.to_string()))?;
        for table in Table::ALL {
            txn.open_table(definition(table))
                .map_err(|e| open_error(e.to_string()))?;
        }
        let next_audit = {
            let audit = txn
                .open_table(AUDIT)
                .map_err(|e| open_error(e.to_string()))?;
            let last = audit.last().map_err(|e| open_error(e.to_string()))?;
            last.map_or(1, |(k, _)| k.value() + 1)
        };
        txn.commit().map_err(|e| open_error(e.to_string()))?;
        let inner = Arc::new(Inner {
            db: RwLock::new(Some(db)),
            opener,
            needs_reopen: AtomicBool::new(false),
            lane: GroupCommit::new(Writer {
                pending: Pending::default(),
                in_flight: None,
                next_audit,
                unsynced: false,
                cache: ReadCache::default(),
            }),
        });
        let (stop_sync, stopped) = mpsc::channel::<()>();
        let syncing = Arc::clone(&inner);
        let sync_thread = std::thread::Builder::new()
            .name("airlock-store-sync".into())
            .spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(SYNC_EVERY) {
                    // A failure is the next write's to report: it commits the same writes.
                    let _ = syncing.sync();
                }
            })
            .map_err(|e| open_error(format!("cannot start the sync thread: {e}")))?;
        Ok(Self {
            inner,
            stop_sync: Some(stop_sync),
            sync_thread: Some(sync_thread),
        })
    }
}

impl Inner {
    /// The open file, or the error saying it is closed after an I/O error.
    fn db(&self, operation: &str) -> Result<Db<'_>, StoreError> {
        let guard = self.db.read().unwrap_or_else(PoisonError::into_inner);
        if guard.is_none() {
            return Err(StoreError::Io {
                operation: operation.to_owned(),
                message: "the state file was closed after an I/O error and could not be opened \
                          again yet; it is retried at the next write"
                    .to_owned(),
            });
        }
        Ok(Db(guard))
    }

    /// Notes a failed transaction: the file is opened again before the next one.
    fn failed<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        if result.is_err() {
            self.needs_reopen.store(true, Ordering::SeqCst);
        }
        result
    }

    /// After an I/O error: closes the file, opens it again (redb repairs it to its last good
    /// commit) and makes the writer's state agree with what the file holds. Only with the lane
    /// held and no durable commit in flight: every other transaction needs the lane, so none
    /// is open on the file while it is closed.
    fn reopen_if_needed(&self, lane: &mut Lane<Writer>) -> Result<(), StoreError> {
        if !self.needs_reopen.load(Ordering::SeqCst) || lane.committing() {
            return Ok(());
        }
        let reopen_error = |message: String| StoreError::Io {
            operation: "reopen the state file after an I/O error".to_owned(),
            message,
        };
        (self.opener.probe)().map_err(|e| reopen_error(format!("the disk still fails: {e}")))?;
        let mut slot = self.db.write().unwrap_or_else(PoisonError::into_inner);
        // Closed first: redb locks the file while it is open.
        *slot = None;
        let db = (self.opener.open)().map_err(reopen_error)?;
        let file_next = (|| {
            let txn = db.begin_read().map_err(|e| e.to_string())?;
            let audit = txn.open_table(AUDIT).map_err(|e| e.to_string())?;
            let last = audit.last().map_err(|e| e.to_string())?;
            Ok::<u64, String>(last.map_or(1, |(k, _)| k.value() + 1))
        })()
        .map_err(reopen_error)?;
        *slot = Some(db);
        drop(slot);
        self.needs_reopen.store(false, Ordering::SeqCst);
        lane.state.reopened(file_next);
        Ok(())
    }

    /// `key` as the file holds it.
    fn read(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let err = io("read");
        let db = self.db("read")?;
        let txn = db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        let value = t.get(key).map_err(|e| err(&e))?;
        Ok(value.map(|v| v.value().to_vec()))
    }

    /// The store's lock: the buffer, the cache and the queue of durable writes. Never held
    /// across a durable commit.
    fn lane(&self) -> MutexGuard<'_, Lane<Writer>> {
        self.lane.lock()
    }

    /// The lock once no durable commit is in flight: for what must read the file alone, or
    /// commit the buffer itself (a redb write transaction at a time).
    fn idle_lane(&self) -> MutexGuard<'_, Lane<Writer>> {
        self.lane.idle(self.lane.lock())
    }

    /// Queues a durable write and returns once a commit holding it is on disk, or with the
    /// error of the commit that failed (then nothing of it is in the file).
    fn durable(&self, write: DurableWrite) -> Result<Done, StoreError> {
        if self.needs_reopen.load(Ordering::SeqCst) {
            // Rare (after an I/O error): waits for the commit in flight, then reopens.
            let mut lane = self.idle_lane();
            self.reopen_if_needed(&mut lane)?;
        }
        self.lane.write(write, |batch| {
            let result = self.commit_batch(batch);
            self.failed(result)
        })
    }

    /// One redb transaction, `Durability::Immediate` (on disk when it returns): the lazy
    /// writes taken with the batch, then its durable writes in the order they were queued.
    fn commit_batch(&self, batch: &Batch) -> Result<Vec<Done>, StoreError> {
        let err = io("commit");
        let db = self.db("commit")?;
        let txn = db.begin_write().map_err(|e| err(&e))?;
        apply(&txn, &batch.lazy)?;
        let mut done = Vec::with_capacity(batch.writes.len());
        let mut sequence = batch.first_audit;
        for write in &batch.writes {
            done.push(match write {
                DurableWrite::Put(table, key, value) => {
                    let mut t = txn.open_table(definition(*table)).map_err(|e| err(&e))?;
                    t.insert(key.as_str(), value.as_slice())
                        .map_err(|e| err(&e))?;
                    Done::Nothing
                }
                DurableWrite::Remove(table, key) => {
                    let mut t = txn.open_table(definition(*table)).map_err(|e| err(&e))?;
                    let old = t.remove(key.as_str()).map_err(|e| err(&e))?;
                    Done::Removed(old.map(|v| v.value().to_vec()))
                }
                DurableWrite::Audit(entry) => {
                    let mut t = txn.open_table(AUDIT).map_err(|e| err(&e))?;
                    t.insert(sequence, entry.as_slice()).map_err(|e| err(&e))?;
                    sequence += 1;
                    Done::Appended(sequence - 1)
                }
                DurableWrite::Group(changes) => {
                    for change in changes {
                        match change {
                            Change::Put(table, key, value) => {
                                let mut t =
                                    txn.open_table(definition(*table)).map_err(|e| err(&e))?;
                                t.insert(key.as_str(), value.as_slice())
                                    .map_err(|e| err(&e))?;
                            }
                            Change::Remove(table, key) => {
                                let mut t =
                                    txn.open_table(definition(*table)).map_err(|e| err(&e))?;
                                t.remove(key.as_str()).map_err(|e| err(&e))?;
                            }
                        }
                    }
                    Done::Nothing
                }
                DurableWrite::Sync => Done::Nothing,
            });
        }
        txn.commit().map_err(|e| err(&e))?;
        Ok(done)
    }

    /// Makes the lazy writes made since the last durable commit durable, if there are any:
    /// a group commit of its own (with any durable writes queued beside it), outside the lock,
    /// so a step that only buffers a lazy write or reads a key does not wait for the disk.
    fn sync(&self) -> Result<(), StoreError> {
        if !self.lane().state.unsynced {
            return Ok(());
        }
        self.durable(DurableWrite::Sync).map(|_| ())
    }

    /// Commits the waiting lazy writes non-durably, under the lock (no fsync: a few
    /// microseconds). Only when no durable commit is in flight: redb runs one write
    /// transaction at a time, and this one must not wait under the lock for another's fsync.
    fn commit_lazily(&self, lane: &mut Lane<Writer>, operation: &str) -> Result<(), StoreError> {
        self.reopen_if_needed(lane)?;
        let writer = &mut lane.state;
        let err = io(operation);
        let result = (|| {
            let db = self.db(operation)?;
            let mut txn = db.begin_write().map_err(|e| err(&e))?;
            txn.set_durability(redb::Durability::None)
                .map_err(|e| err(&e))?;
            apply(&txn, &writer.pending)?;
            txn.commit().map_err(|e| err(&e))
        })();
        let result = self.failed(result);
        match result {
            Ok(()) => {
                // The waiting writes are in the file now: what the cache knew of their keys is
                // old.
                let Writer { pending, cache, .. } = writer;
                for (table, writes) in pending.writes() {
                    for key in writes.keys() {
                        cache.forget(table, key);
                    }
                }
                pending.clear();
            }
            Err(_) => {
                // A failed commit changes nothing in redb, but trust no cached value after one.
                writer.cache.clear();
                if writer.pending.len() > MAX_KEPT_ON_FAILURE {
                    writer.drop_pending();
                }
            }
        }
        result
    }

    /// Commits the buffer if it is due (full or old) and no durable commit is in flight (that
    /// one's settling leaves the buffer for the next write to find due).
    fn commit_if_due(&self, lane: &mut Lane<Writer>) -> Result<(), StoreError> {
        if !lane.committing() && lane.state.pending.is_due() {
            self.commit_lazily(lane, "commit lazy writes")
        } else {
            Ok(())
        }
    }
}

/// Writes the waiting lazy writes into `txn`, in order.
fn apply(txn: &redb::WriteTransaction, pending: &Pending) -> Result<(), StoreError> {
    if pending.is_empty() {
        return Ok(());
    }
    let err = io("commit lazy writes");
    for (table, writes) in pending.writes() {
        // Each table opened once for all its writes.
        let mut t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        for (key, value) in writes {
            match value {
                Some(value) => {
                    t.insert(key.as_str(), value.as_slice())
                        .map_err(|e| err(&e))?;
                }
                None => {
                    t.remove(key.as_str()).map_err(|e| err(&e))?;
                }
            }
        }
    }
    if !pending.audit.is_empty() {
        let mut t = txn.open_table(AUDIT).map_err(|e| err(&e))?;
        for record in &pending.audit {
            t.insert(record.sequence, record.entry.as_slice())
                .map_err(|e| err(&e))?;
        }
    }
    Ok(())
}

impl Drop for RedbStore {
    /// A clean shutdown keeps the lazy writes too (a crash may lose them; see `Durability`).
    fn drop(&mut self) {
        drop(self.stop_sync.take());
        if let Some(thread) = self.sync_thread.take() {
            let _ = thread.join();
        }
        let _ = self.flush();
    }
}

impl Store for RedbStore {
    fn flush(&self) -> Result<(), StoreError> {
        // A durable commit makes the waiting writes and the non-durable commits before it
        // durable, even when it writes nothing itself.
        self.inner.durable(DurableWrite::Sync).map(|_| ())
    }

    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let mut lane = self.inner.lane();
        // A read that memory answers needs no file; one that does fails on its own if the
        // file cannot be opened again.
        let _ = self.inner.reopen_if_needed(&mut lane);
        let writer = &mut lane.state;
        match writer.seen(table, key) {
            Seen::Value(v) => return Ok(Some(v.to_vec())),
            Seen::Removed => return Ok(None),
            Seen::Unknown => {}
        }
        if let Some(known) = writer.cache.get(table, key) {
            return Ok(known.map(<[u8]>::to_vec));
        }
        // Read under the lock, so no commit can settle between the read and the cache entry
        // (a commit in flight settles after, and then sets or drops this key itself).
        let value = self.inner.read(table, key)?;
        writer.cache.set(table, key, value.as_deref());
        Ok(value)
    }

    fn put(
        &self,
        table: Table,
        key: &str,
        value: &[u8],
        durability: Durability,
    ) -> Result<(), StoreError> {
        match durability {
            Durability::Lazy => {
                let mut lane = self.inner.lane();
                lane.state
                    .pending
                    .write(Write::Put(table, key.to_owned(), value.to_vec()));
                lane.state.unsynced = true;
                self.inner.commit_if_due(&mut lane)
            }
            Durability::Durable => self
                .inner
                .durable(DurableWrite::Put(table, key.to_owned(), value.to_vec()))
                .map(|_| ()),
        }
    }

    fn remove(
        &self,
        table: Table,
        key: &str,
        durability: Durability,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        match durability {
            Durability::Lazy => {
                let mut lane = self.inner.lane();
                let writer = &mut lane.state;
                let old = match writer.seen(table, key) {
                    Seen::Value(v) => Some(v.to_vec()),
                    Seen::Removed => None,
                    Seen::Unknown => match writer.cache.get(table, key) {
                        Some(known) => known.map(<[u8]>::to_vec),
                        None => self.inner.read(table, key)?,
                    },
                };
                writer.pending.write(Write::Remove(table, key.to_owned()));
                writer.unsynced = true;
                self.inner.commit_if_due(&mut lane)?;
                Ok(old)
            }
            // The waiting writes are applied first in the same transaction, so what this
            // removes is the value the caller last saw.
            Durability::Durable => match self
                .inner
                .durable(DurableWrite::Remove(table, key.to_owned()))?
            {
                Done::Removed(old) => Ok(old),
                Done::Nothing | Done::Appended(_) => Ok(None),
            },
        }
    }

    fn entries(&self, table: Table) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let mut lane = self.inner.lane();
        let _ = self.inner.reopen_if_needed(&mut lane);
        let err = io("scan");
        let db = self.inner.db("scan")?;
        let txn = db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        let mut out = Vec::new();
        for item in t.iter().map_err(|e| err(&e))? {
            let (k, v) = item.map_err(|e| err(&e))?;
            out.push((k.value().to_owned(), v.value().to_vec()));
        }
        let writer = &lane.state;
        if let Some(in_flight) = &writer.in_flight {
            out = in_flight.overlay(table, out);
        }
        Ok(writer.pending.overlay(table, out))
    }

    fn page(
        &self,
        table: Table,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        use std::ops::Bound;
        let mut lane = self.inner.idle_lane();
        // The waiting writes go into the file first (a non-durable commit, as when the buffer
        // is due), so the page is read from the file alone.
        if !lane.state.pending.is_empty() {
            self.inner.commit_lazily(&mut lane, "scan")?;
        }
        let err = io("scan");
        let db = self.inner.db("scan")?;
        let txn = db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        let range = match after {
            Some(a) => t.range::<&str>((Bound::Excluded(a), Bound::Unbounded)),
            None => t.range::<&str>(..),
        };
        let mut out = Vec::new();
        for item in range.map_err(|e| err(&e))?.take(limit) {
            let (k, v) = item.map_err(|e| err(&e))?;
            out.push((k.value().to_owned(), v.value().to_vec()));
        }
        Ok(out)
    }

    fn count(&self, table: Table) -> Result<u64, StoreError> {
        let mut lane = self.inner.idle_lane();
        if !lane.state.pending.is_empty() {
            self.inner.commit_lazily(&mut lane, "count")?;
        }
        let err = io("count");
        let db = self.inner.db("count")?;
        let txn = db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        t.len().map_err(|e| err(&e))
    }

    fn commit_all(&self, changes: Vec<Change>) -> Result<(), StoreError> {
        if changes.is_empty() {
            return Ok(());
        }
        self.inner.durable(DurableWrite::Group(changes)).map(|_| ())
    }

    fn append_audit(&self, entry: &[u8], durability: Durability) -> Result<u64, StoreError> {
        match durability {
            Durability::Lazy => {
                let mut lane = self.inner.lane();
                let sequence = lane.state.next_audit;
                lane.state.pending.append_audit(sequence, entry);
                lane.state.unsynced = true;
                lane.state.next_audit += 1;
                // The entry has its number whether or not this commit works: it is waiting.
                let _ = self.inner.commit_if_due(&mut lane);
                Ok(sequence)
            }
            Durability::Durable => match self.inner.durable(DurableWrite::Audit(entry.to_vec()))? {
                Done::Appended(sequence) => Ok(sequence),
                Done::Nothing | Done::Removed(_) => Err(StoreError::Io {
                    operation: "append audit".to_owned(),
                    message: "the commit gave the entry no number".to_owned(),
                }),
            },
        }
    }

    fn audit(&self, from: u64, limit: usize) -> Result<Vec<AuditRecord>, StoreError> {
        // Once no durable commit is in flight, the log is the file's entries then the waiting
        // ones, without a gap.
        let mut lane = self.inner.idle_lane();
        let _ = self.inner.reopen_if_needed(&mut lane);
        let err = io("read audit");
        let db = self.inner.db("read audit")?;
        let txn = db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(AUDIT).map_err(|e| err(&e))?;
        let mut out = Vec::new();
        for item in t.range(from..).map_err(|e| err(&e))?.take(limit) {
            let (k, v) = item.map_err(|e| err(&e))?;
            out.push(AuditRecord {
                sequence: k.value(),
                entry: v.value().to_vec(),
            });
        }
        // Waiting entries come after every committed one.
        let room = limit - out.len();
        out.extend(lane.state.pending.audit_from(from, room).cloned());
        Ok(out)
    }
}
