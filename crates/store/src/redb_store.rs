//! The store on one redb file.
//!
//! Each [`Table`] is a redb table of `&str -> &[u8]`; the audit log is a table of
//! `u64 -> &[u8]` whose next key is one past the last. Every call is one transaction, so a call
//! is all-or-nothing, and a durable call is on disk when it returns. The file is created with
//! mode 0600: it holds blocks and approvals an agent must not be able to edit.

use std::path::Path;

use redb::{Database, ReadableDatabase, ReadableTable, TableDefinition};

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

/// airlock's state in a redb file.
pub struct RedbStore {
    db: Database,
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
        txn.open_table(AUDIT)
            .map_err(|e| open_error(e.to_string()))?;
        txn.commit().map_err(|e| open_error(e.to_string()))?;
        Ok(Self { db })
    }

    fn write<T>(
        &self,
        operation: &str,
        durability: Durability,
        f: impl FnOnce(&redb::WriteTransaction) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let err = io(operation);
        let mut txn = self.db.begin_write().map_err(|e| err(&e))?;
        if durability == Durability::Lazy {
            txn.set_durability(redb::Durability::None)
                .map_err(|e| err(&e))?;
        }
        let value = f(&txn)?;
        txn.commit().map_err(|e| err(&e))?;
        Ok(value)
    }
}

impl Drop for RedbStore {
    /// A clean shutdown keeps the lazy writes too (a crash may lose them; see `Durability`).
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

impl Store for RedbStore {
    fn flush(&self) -> Result<(), StoreError> {
        // An empty durable commit makes the non-durable commits before it durable.
        self.write("flush", Durability::Durable, |_| Ok(()))
    }

    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let err = io("read");
        let txn = self.db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        let value = t.get(key).map_err(|e| err(&e))?;
        Ok(value.map(|v| v.value().to_vec()))
    }

    fn put(
        &self,
        table: Table,
        key: &str,
        value: &[u8],
        durability: Durability,
    ) -> Result<(), StoreError> {
        self.write("write", durability, |txn| {
            let err = io("write");
            let mut t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
            t.insert(key, value).map_err(|e| err(&e))?;
            Ok(())
        })
    }

    fn remove(
        &self,
        table: Table,
        key: &str,
        durability: Durability,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.write("remove", durability, |txn| {
            let err = io("remove");
            let mut t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
            let old = t.remove(key).map_err(|e| err(&e))?;
            Ok(old.map(|v| v.value().to_vec()))
        })
    }

    fn entries(&self, table: Table) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let err = io("scan");
        let txn = self.db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(definition(table)).map_err(|e| err(&e))?;
        let mut out = Vec::new();
        for item in t.iter().map_err(|e| err(&e))? {
            let (k, v) = item.map_err(|e| err(&e))?;
            out.push((k.value().to_owned(), v.value().to_vec()));
        }
        Ok(out)
    }

    fn append_audit(&self, entry: &[u8], durability: Durability) -> Result<u64, StoreError> {
        self.write("append audit", durability, |txn| {
            let err = io("append audit");
            let mut t = txn.open_table(AUDIT).map_err(|e| err(&e))?;
            let next = match t.last().map_err(|e| err(&e))? {
                Some((k, _)) => k.value() + 1,
                None => 1,
            };
            t.insert(next, entry).map_err(|e| err(&e))?;
            Ok(next)
        })
    }

    fn audit(&self, from: u64, limit: usize) -> Result<Vec<AuditRecord>, StoreError> {
        let err = io("read audit");
        let txn = self.db.begin_read().map_err(|e| err(&e))?;
        let t = txn.open_table(AUDIT).map_err(|e| err(&e))?;
        let mut out = Vec::new();
        for item in t.range(from..).map_err(|e| err(&e))?.take(limit) {
            let (k, v) = item.map_err(|e| err(&e))?;
            out.push(AuditRecord {
                sequence: k.value(),
                entry: v.value().to_vec(),
            });
        }
        Ok(out)
    }
}
