//! airlock-store: airlock's durable state, behind a [`Store`] trait.
//!
//! The engine keeps what must survive a crash here: hard blocks, challenges (hashes only),
//! failed-attempt limits, approvals, confirmation tokens (by digest), executions, and the
//! append-only audit log. The trait deals in tables, string keys and opaque bytes, so the engine
//! owns its record formats and the store can be swapped (a shared database for fleets) without
//! the engine knowing; [`RedbStore`] is the implementation on one redb file.
//!
//! Durability is chosen per write: [`Durability::Durable`] returns only once the data is on
//! disk (blocks, attempt limits, approvals, audit entries of danger >= 2 are written this way
//! before an answer leaves the process); [`Durability::Lazy`] is for hot counters that may lose
//! their last moments in a crash and are made durable by the next durable write.
//!
//! **Durable writes are group-committed** ([`group_commit`]), in the store and not in the
//! engine, for every writer alike (`/v1/decide`, the safety loop, the gateway, hooks
//! forwarded to the running airlock, operator commands). A durable write costs a disk flush,
//! and one commit per write bounded `/v1/decide` at the disk's flush rate (about 2,000 flushes
//! a second here) however many requests waited. Now each durable call queues its write and
//! waits; the first caller that finds no commit in flight commits everything queued, in one
//! transaction and one flush, and wakes the others with their results. The contract of
//! [`Store`] is unchanged, so the engine needs no batching of its own and no knowledge of the
//! backend: a durable call still returns only once its write is on disk (so no answer leaves
//! before its record), an error still means nothing of it was written (a batch whose commit
//! fails fails every write in it), and a caller's writes are in the file in its order. Nothing
//! waits to fill a batch, so a write alone costs what it did. The queue, the election of the
//! committer and the wake-ups are backend-neutral ([`group_commit::GroupCommit`] over a
//! [`group_commit::Batching`] backend): a shared database for fleets (PostgreSQL) would commit
//! each batch as one transaction, one WAL flush, with the same code.
//!
//! `docs/state.md` lists the tables, their keys and values, and what is durable when.

#![deny(missing_docs)]

pub mod group_commit;
mod pending;
mod read_cache;
mod redb_store;

pub use redb_store::{RedbStore, SYNC_EVERY};

/// The tables of the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Table {
    /// Hard blocks, by agent.
    Blocks,
    /// Out-of-band challenges (salted hashes of codes), by challenge id.
    Challenges,
    /// Failed verification attempts and lockouts, by agent.
    Attempts,
    /// Approval requests and their state, by approval id.
    Approvals,
    /// Confirmation tokens, by the digest of the token.
    Tokens,
    /// Executions and their step counters, by execution id.
    Executions,
    /// Adapters' trust blocks as operators changed them, by adapter name.
    Trust,
    /// The operator credential (the passphrase's Argon2id hash, operator tokens' digests) and
    /// its failed-attempt state, by fixed keys.
    Operator,
    /// Sessions (MCP connections) that hold a hard-blocked agent, by session key.
    Sessions,
    /// Agents' step budgets (steps counted against the step limit within a window), by agent
    /// identity.
    StepBudgets,
}

impl Table {
    /// Every table.
    pub const ALL: [Table; 10] = [
        Table::Blocks,
        Table::Challenges,
        Table::Attempts,
        Table::Approvals,
        Table::Tokens,
        Table::Executions,
        Table::Trust,
        Table::Operator,
        Table::Sessions,
        Table::StepBudgets,
    ];

    /// Its position in [`Table::ALL`] (declaration order), for per-table arrays.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The table's name in the file.
    pub const fn name(self) -> &'static str {
        match self {
            Table::Blocks => "blocks",
            Table::Challenges => "challenges",
            Table::Attempts => "attempts",
            Table::Approvals => "approvals",
            Table::Tokens => "tokens",
            Table::Executions => "executions",
            Table::Trust => "trust",
            Table::Operator => "operator",
            Table::Sessions => "sessions",
            Table::StepBudgets => "step_budgets",
        }
    }
}

/// How a write reaches the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Durability {
    /// On disk before the call returns (fsync).
    Durable,
    /// In memory; on disk with the next durable write, and with [`RedbStore`] within
    /// [`SYNC_EVERY`] in any case. A crash may lose it.
    Lazy,
}

/// A store operation failed. The engine treats any of these as "cannot decide safely": a
/// decision that needs a durable write fails closed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// Another process has the file open (redb locks it): talk to that process instead.
    #[error("the state file '{path}' is in use by another airlock process")]
    InUse {
        /// The file.
        path: String,
    },
    /// The file could not be opened or created.
    #[error("cannot open the state file '{path}': {message}")]
    Open {
        /// The file.
        path: String,
        /// What went wrong.
        message: String,
    },
    /// A read or write failed.
    #[error("state store {operation} failed: {message}")]
    Io {
        /// What was being done (`read blocks`, `commit`...).
        operation: String,
        /// What went wrong.
        message: String,
    },
}

/// One change of a group applied atomically by [`Store::commit_all`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Sets the key of the table to the value.
    Put(Table, String, Vec<u8>),
    /// Removes the key of the table.
    Remove(Table, String),
}

/// One audit entry, as stored: its sequence number and the engine's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditRecord {
    /// Position in the log, from 1, without gaps.
    pub sequence: u64,
    /// The entry (JSON, written by the engine).
    pub entry: Vec<u8>,
}

/// airlock's durable state.
pub trait Store: Send + Sync {
    /// The value under `key`, if any.
    fn get(&self, table: Table, key: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// Sets `key` to `value`.
    fn put(
        &self,
        table: Table,
        key: &str,
        value: &[u8],
        durability: Durability,
    ) -> Result<(), StoreError>;

    /// Removes `key`, returning its value.
    fn remove(
        &self,
        table: Table,
        key: &str,
        durability: Durability,
    ) -> Result<Option<Vec<u8>>, StoreError>;

    /// Every key and value of a table, in key order.
    fn entries(&self, table: Table) -> Result<Vec<(String, Vec<u8>)>, StoreError>;

    /// At most `limit` entries of a table whose keys come after `after` (all keys when
    /// `None`), in key order: one page of a scan that does a bounded amount of work at a time
    /// (the purge of expired records). The default reads the whole table; a store should
    /// read only the page.
    fn page(
        &self,
        table: Table,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        Ok(self
            .entries(table)?
            .into_iter()
            .filter(|(k, _)| after.is_none_or(|a| k.as_str() > a))
            .take(limit)
            .collect())
    }

    /// How many keys a table holds.
    fn count(&self, table: Table) -> Result<u64, StoreError> {
        Ok(self.entries(table)?.len() as u64)
    }

    /// Applies `changes` in order as one durable commit: when it returns `Ok` every change is
    /// on disk; the file never holds some of them without the others (on an error none is
    /// acknowledged; a disk whose flush failed may still hold all of them). For records that only mean something
    /// together (an approval request and the confirmation token that redeems it): written one
    /// by one, a failure between them would leave half a request, and each would pay its own
    /// flush of the disk.
    fn commit_all(&self, changes: Vec<Change>) -> Result<(), StoreError>;

    /// Appends an audit entry and returns its sequence number. Entries are never changed or
    /// removed.
    fn append_audit(&self, entry: &[u8], durability: Durability) -> Result<u64, StoreError>;

    /// Audit entries from `from` (inclusive), at most `limit`, in order.
    fn audit(&self, from: u64, limit: usize) -> Result<Vec<AuditRecord>, StoreError>;

    /// Makes every lazy write so far durable (the periodic durable commit of hot counters,
    /// and the last one at shutdown).
    fn flush(&self) -> Result<(), StoreError>;
}
