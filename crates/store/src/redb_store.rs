//! The store on one redb file.
//!
//! Each [`Table`] is a redb table of `&str -> &[u8]`; the audit log is a table of
//! `u64 -> &[u8]` whose next key is one past the last. A durable call is one transaction, on
//! disk when it returns; lazy calls wait in a write-behind buffer (`pending.rs`) and are
//! committed together, at the latest with the next durable call and in the same transaction.
//! The file is created with mode 0600: it holds blocks and approvals an agent must not be able
//! to edit.
//!
//! Lazy writes do not wait for the next durable call to reach the disk: a background thread
//! makes them durable within [`SYNC_EVERY`] of being made, so an idle process keeps nothing
//! only in memory for long, and a crash loses at most about that much of them.

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use redb::{Database, ReadableDatabase, ReadableTable, ReadableTableMetadata, TableDefinition};

use crate::pending::{MAX_WRITES, Pending, Seen, Write};
use crate::read_cache::ReadCache;
use crate::{AuditRecord, Durability, Store, StoreError, Table};

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
    /// The sequence number the next audit entry gets (committed or waiting).
    next_audit: u64,
    /// Whether lazy writes were made since the last durable commit (waiting in the buffer, or
    /// committed non-durably, which is not on disk either).
    unsynced: bool,
    /// What the file holds for recently read or written keys (`read_cache.rs`).
    cache: ReadCache,
}

/// The file and its writers, shared with the sync thread.
struct Inner {
    db: Database,
    writer: Mutex<Writer>,
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
            db,
            writer: Mutex::new(Writer {
                pending: Pending::default(),
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
    /// `key` as the file holds it.
    fn read(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let err = io("read");
        let txn = self.db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        let value = t.get(key).map_err(|e| err(&e))?;
        Ok(value.map(|v| v.value().to_vec()))
    }

    /// Makes the lazy writes made since the last durable commit durable, if there are any.
    ///
    /// The fsync happens outside the writer lock: a step that only buffers a lazy write or
    /// reads a key does not wait for the disk (150-300 us here, far more on a busy disk).
    /// The waiting writes are first committed non-durably under the lock, so readers find
    /// them in the file; then an empty durable commit makes that commit and every earlier
    /// non-durable one durable (redb's contract for `Durability::None`).
    fn sync(&self) -> Result<(), StoreError> {
        {
            let mut writer = self.writer();
            if !writer.unsynced {
                return Ok(());
            }
            if !writer.pending.is_empty() {
                self.commit(
                    &mut writer,
                    "sync lazy writes",
                    Durability::Lazy,
                    |_| Ok(()),
                )?;
            }
            // A lazy write made while the fsync runs sets it again, for the next round.
            writer.unsynced = false;
        }
        let err = io("sync lazy writes");
        let synced = self
            .db
            .begin_write()
            .map_err(|e| err(&e))
            .and_then(|txn| txn.commit().map_err(|e| err(&e)));
        if synced.is_err() {
            self.writer().unsynced = true;
        }
        synced
    }

    fn writer(&self) -> MutexGuard<'_, Writer> {
        // A panic while holding the lock leaves a consistent buffer: every change to it is a
        // push or a clear after a successful commit.
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// One transaction: the waiting lazy writes, then `f`'s. On success the buffer is empty.
    fn commit<T>(
        &self,
        writer: &mut Writer,
        operation: &str,
        durability: Durability,
        f: impl FnOnce(&redb::WriteTransaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let err = io(operation);
        let result = (|| {
            let mut txn = self.db.begin_write().map_err(|e| err(&e))?;
            if durability == Durability::Lazy {
                txn.set_durability(redb::Durability::None)
                    .map_err(|e| err(&e))?;
            }
            apply(&txn, &writer.pending)?;
            let value = f(&txn)?;
            txn.commit().map_err(|e| err(&e))?;
            Ok(value)
        })();
        match result {
            Ok(_) => {
                // The waiting writes are in the file now: what the cache knew of their keys is
                // old. (`f`'s own write is the caller's to record.)
                let Writer { pending, cache, .. } = &mut *writer;
                for (table, writes) in pending.writes() {
                    for key in writes.keys() {
                        cache.forget(table, key);
                    }
                }
                pending.clear();
                if durability == Durability::Durable {
                    writer.unsynced = false;
                }
            }
            Err(_) => {
                // A failed commit changes nothing in redb, but trust no cached value after one.
                writer.cache.clear();
                if writer.pending.len() > MAX_KEPT_ON_FAILURE {
                    writer.pending.clear();
                }
            }
        }
        result
    }

    /// Commits the buffer if it is due (full or old).
    fn commit_if_due(&self, writer: &mut Writer) -> Result<(), StoreError> {
        if writer.pending.is_due() {
            self.commit(writer, "commit lazy writes", Durability::Lazy, |_| Ok(()))
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
        let inner = &self.inner;
        let mut writer = inner.writer();
        inner.commit(&mut writer, "flush", Durability::Durable, |_| Ok(()))
    }

    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let mut writer = self.inner.writer();
        match writer.pending.get(table, key) {
            Seen::Value(v) => return Ok(Some(v.to_vec())),
            Seen::Removed => return Ok(None),
            Seen::Unknown => {}
        }
        if let Some(known) = writer.cache.get(table, key) {
            return Ok(known.map(<[u8]>::to_vec));
        }
        // Read under the writer lock, so no commit can change the key between the read and
        // the cache entry.
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
        let mut writer = self.inner.writer();
        match durability {
            Durability::Lazy => {
                writer
                    .pending
                    .write(Write::Put(table, key.to_owned(), value.to_vec()));
                writer.unsynced = true;
                self.inner.commit_if_due(&mut writer)
            }
            Durability::Durable => {
                self.inner.commit(&mut writer, "write", durability, |txn| {
                    let err = io("write");
                    let mut t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
                    t.insert(key, value).map_err(|e| err(&e))?;
                    Ok(())
                })?;
                writer.cache.set(table, key, Some(value));
                Ok(())
            }
        }
    }

    fn remove(
        &self,
        table: Table,
        key: &str,
        durability: Durability,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        let mut writer = self.inner.writer();
        match durability {
            Durability::Lazy => {
                let old = match writer.pending.get(table, key) {
                    Seen::Value(v) => Some(v.to_vec()),
                    Seen::Removed => None,
                    Seen::Unknown => match writer.cache.get(table, key) {
                        Some(known) => known.map(<[u8]>::to_vec),
                        None => self.inner.read(table, key)?,
                    },
                };
                writer.pending.write(Write::Remove(table, key.to_owned()));
                writer.unsynced = true;
                self.inner.commit_if_due(&mut writer)?;
                Ok(old)
            }
            // The waiting writes are applied first in the same transaction, so what this
            // removes is the value the caller last saw.
            Durability::Durable => {
                let old = self
                    .inner
                    .commit(&mut writer, "remove", durability, |txn| {
                        let err = io("remove");
                        let mut t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
                        let old = t.remove(key).map_err(|e| err(&e))?;
                        Ok(old.map(|v| v.value().to_vec()))
                    })?;
                writer.cache.set(table, key, None);
                Ok(old)
            }
        }
    }

    fn entries(&self, table: Table) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let writer = self.inner.writer();
        let err = io("scan");
        let txn = self.inner.db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        let mut out = Vec::new();
        for item in t.iter().map_err(|e| err(&e))? {
            let (k, v) = item.map_err(|e| err(&e))?;
            out.push((k.value().to_owned(), v.value().to_vec()));
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
        let mut writer = self.inner.writer();
        // The waiting writes go into the file first (a non-durable commit, as when the buffer
        // is due), so the page is read from the file alone.
        if !writer.pending.is_empty() {
            self.inner
                .commit(&mut writer, "scan", Durability::Lazy, |_| Ok(()))?;
        }
        let err = io("scan");
        let txn = self.inner.db.begin_read().map_err(|e| err(&e))?;
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
        let mut writer = self.inner.writer();
        if !writer.pending.is_empty() {
            self.inner
                .commit(&mut writer, "count", Durability::Lazy, |_| Ok(()))?;
        }
        let err = io("count");
        let txn = self.inner.db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        t.len().map_err(|e| err(&e))
    }

    fn append_audit(&self, entry: &[u8], durability: Durability) -> Result<u64, StoreError> {
        let mut writer = self.inner.writer();
        let sequence = writer.next_audit;
        match durability {
            Durability::Lazy => {
                writer.pending.append_audit(sequence, entry);
                writer.unsynced = true;
                writer.next_audit += 1;
                // The entry has its number whether or not this commit works: it is waiting.
                let _ = self.inner.commit_if_due(&mut writer);
            }
            Durability::Durable => {
                self.inner
                    .commit(&mut writer, "append audit", durability, |txn| {
                        let err = io("append audit");
                        let mut t = txn.open_table(AUDIT).map_err(|e| err(&e))?;
                        t.insert(sequence, entry).map_err(|e| err(&e))?;
                        Ok(())
                    })?;
                writer.next_audit += 1;
            }
        }
        Ok(sequence)
    }

    fn audit(&self, from: u64, limit: usize) -> Result<Vec<AuditRecord>, StoreError> {
        let writer = self.inner.writer();
        let err = io("read audit");
        let txn = self.inner.db.begin_read().map_err(|e| err(&e))?;
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
        out.extend(writer.pending.audit_from(from, room).cloned());
        Ok(out)
    }
}
