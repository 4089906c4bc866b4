//! Lazy writes waiting for their commit: the store's write-behind buffer.
//!
//! A lazy write was one redb transaction with a non-durable commit, about 8 us, and every
//! `record_execution_step` makes two (the execution's counters and the audit entry of an
//! allowed action): more than the whole decision. They are now kept here and committed
//! together, in one transaction, when the buffer is full or old, at the next durable write
//! (in the same transaction, before it, so the file never holds a later write without an earlier
//! one), at `flush` and on drop. The guarantee is the one [`Durability::Lazy`] always gave: on
//! disk with the next durable commit, and a crash may lose it.
//!
//! Reads go through the buffer first, so a caller sees its own writes whether or not they are
//! committed yet. Only the last write of a key is kept: an execution's counters rewritten at
//! every step are committed once, not once per step.
//!
//! [`Durability::Lazy`]: crate::Durability::Lazy

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use crate::{AuditRecord, Table};

/// One table's waiting writes: the last value of each key, `None` for a removal.
type TableWrites = HashMap<String, Option<Vec<u8>>, foldhash::fast::RandomState>;

/// Writes kept before they are committed, at most.
pub(crate) const MAX_WRITES: usize = 512;

/// How long a lazy write waits for company before it is committed (at the next write).
pub(crate) const MAX_AGE: Duration = Duration::from_millis(500);

/// One write to a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Write {
    /// Set the key to the value.
    Put(Table, String, Vec<u8>),
    /// Remove the key.
    Remove(Table, String),
}

/// The lazy writes not yet committed.
#[derive(Debug, Default, Clone)]
pub(crate) struct Pending {
    /// The last write of each key, by table ([`Table::index`]): its value, or `None` for a
    /// removal. Within one transaction the order of writes to different keys does not matter.
    /// Kept by table so a read looks a `&str` up without building an owned key.
    writes: [TableWrites; Table::ALL.len()],
    /// How many keys `writes` holds, in all tables.
    keys: usize,
    /// Audit entries, with the sequence numbers they were given, in order.
    pub(crate) audit: Vec<AuditRecord>,
    /// When the oldest of them was made.
    oldest: Option<Instant>,
}

/// What the buffer knows of a key.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Seen<'a> {
    /// Its last write set it to this.
    Value(&'a [u8]),
    /// Its last write removed it.
    Removed,
    /// No write of it is waiting: ask the file.
    Unknown,
}

impl Pending {
    /// Whether nothing is waiting.
    pub(crate) fn is_empty(&self) -> bool {
        self.keys == 0 && self.audit.is_empty()
    }

    /// How many writes are waiting.
    pub(crate) fn len(&self) -> usize {
        self.keys + self.audit.len()
    }

    /// The waiting table writes (the last of each key), grouped by table.
    pub(crate) fn writes(&self) -> impl Iterator<Item = (Table, &TableWrites)> {
        Table::ALL
            .into_iter()
            .zip(&self.writes)
            .filter(|(_, writes)| !writes.is_empty())
    }

    /// Whether the buffer should be committed now (it is full, or its oldest write is old).
    pub(crate) fn is_due(&self) -> bool {
        self.len() >= MAX_WRITES || self.oldest.is_some_and(|t| t.elapsed() >= MAX_AGE)
    }

    fn note_write(&mut self) {
        self.oldest.get_or_insert_with(Instant::now);
    }

    /// Keeps a table write (replacing a waiting write of the same key).
    pub(crate) fn write(&mut self, write: Write) {
        self.note_write();
        let (table, key, value) = match write {
            Write::Put(table, key, value) => (table, key, Some(value)),
            Write::Remove(table, key) => (table, key, None),
        };
        if self.writes[table.index()].insert(key, value).is_none() {
            self.keys += 1;
        }
    }

    /// Keeps an audit entry under `sequence`.
    pub(crate) fn append_audit(&mut self, sequence: u64, entry: &[u8]) {
        self.note_write();
        self.audit.push(AuditRecord {
            sequence,
            entry: entry.to_vec(),
        });
    }

    /// The last waiting write of `key` in `table`.
    pub(crate) fn get(&self, table: Table, key: &str) -> Seen<'_> {
        match self.writes[table.index()].get(key) {
            Some(Some(v)) => Seen::Value(v),
            Some(None) => Seen::Removed,
            None => Seen::Unknown,
        }
    }

    /// `committed` (a table's entries in the file, in key order) with the waiting writes of
    /// that table applied, in key order.
    pub(crate) fn overlay(
        &self,
        table: Table,
        committed: Vec<(String, Vec<u8>)>,
    ) -> Vec<(String, Vec<u8>)> {
        let writes = &self.writes[table.index()];
        if writes.is_empty() {
            return committed;
        }
        let mut map: BTreeMap<String, Vec<u8>> = committed.into_iter().collect();
        for (k, v) in writes {
            match v {
                Some(v) => map.insert(k.clone(), v.clone()),
                None => map.remove(k),
            };
        }
        map.into_iter().collect()
    }

    /// The waiting audit entries from `from`, at most `limit`.
    pub(crate) fn audit_from(&self, from: u64, limit: usize) -> impl Iterator<Item = &AuditRecord> {
        self.audit
            .iter()
            .filter(move |r| r.sequence >= from)
            .take(limit)
    }

    /// Puts back the writes of a commit that failed (`older`, taken before this buffer's
    /// writes were made): this buffer's writes win over theirs for the same key, and their
    /// audit entries come first.
    pub(crate) fn restore_older(&mut self, mut older: Pending) {
        for (table, writes) in older.writes.iter_mut().enumerate() {
            for (key, value) in std::mem::take(&mut self.writes[table]) {
                writes.insert(key, value);
            }
        }
        older.keys = older.writes.iter().map(HashMap::len).sum();
        older.audit.append(&mut self.audit);
        older.oldest = match (older.oldest, self.oldest) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        *self = older;
    }

    /// Lowers the sequence numbers of the waiting audit entries from `from` by `by`: the
    /// entries numbered before them were never written (their commit failed), and the log has
    /// no gaps.
    pub(crate) fn renumber_audit(&mut self, from: u64, by: u64) {
        for record in &mut self.audit {
            if record.sequence >= from {
                record.sequence -= by;
            }
        }
    }

    /// The sequence number of the first waiting audit entry.
    pub(crate) fn first_audit(&self) -> Option<u64> {
        self.audit.first().map(|r| r.sequence)
    }

    /// Empties the buffer (after its writes were committed).
    pub(crate) fn clear(&mut self) {
        for writes in &mut self.writes {
            writes.clear();
        }
        self.keys = 0;
        self.audit.clear();
        self.oldest = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(k: &str, v: &str) -> Write {
        Write::Put(Table::Blocks, k.into(), v.as_bytes().to_vec())
    }

    #[test]
    fn a_table_index_is_its_place_in_the_list() {
        for (i, table) in Table::ALL.into_iter().enumerate() {
            assert_eq!(table.index(), i, "{table:?}");
        }
    }

    #[test]
    fn the_last_write_of_a_key_wins() {
        let mut p = Pending::default();
        assert_eq!(p.get(Table::Blocks, "a"), Seen::Unknown);
        p.write(put("a", "1"));
        p.write(put("a", "2"));
        assert_eq!(p.get(Table::Blocks, "a"), Seen::Value(b"2"));
        assert_eq!(p.get(Table::Approvals, "a"), Seen::Unknown, "other table");
        p.write(Write::Remove(Table::Blocks, "a".into()));
        assert_eq!(p.get(Table::Blocks, "a"), Seen::Removed);
    }

    #[test]
    fn the_overlay_applies_waiting_writes_in_order_and_keeps_key_order() {
        let mut p = Pending::default();
        p.write(put("c", "3"));
        p.write(Write::Remove(Table::Blocks, "a".into()));
        p.write(put("b", "new"));
        let committed = vec![("a".into(), b"1".to_vec()), ("b".into(), b"old".to_vec())];
        let keys: Vec<(String, Vec<u8>)> = p.overlay(Table::Blocks, committed);
        assert_eq!(
            keys,
            vec![("b".into(), b"new".to_vec()), ("c".into(), b"3".to_vec())]
        );
    }

    #[test]
    fn rewriting_a_key_keeps_one_write() {
        let mut p = Pending::default();
        for i in 0..100 {
            p.write(put("execution", &i.to_string()));
        }
        assert_eq!(p.len(), 1);
        assert_eq!(p.get(Table::Blocks, "execution"), Seen::Value(b"99"));
    }

    #[test]
    fn a_full_buffer_is_due() {
        let mut p = Pending::default();
        assert!(!p.is_due() && p.is_empty());
        for i in 0..MAX_WRITES {
            assert!(!p.is_due(), "due after {i}");
            p.append_audit(i as u64 + 1, b"{}");
        }
        assert!(p.is_due());
        p.clear();
        assert!(p.is_empty() && !p.is_due());
    }

    #[test]
    fn restored_writes_are_older_than_the_waiting_ones() {
        let mut older = Pending::default();
        older.write(put("a", "old"));
        older.write(put("b", "old"));
        older.append_audit(3, b"three");
        let mut p = Pending::default();
        p.write(put("a", "new"));
        p.append_audit(6, b"six");
        p.renumber_audit(5, 2);
        p.restore_older(older);
        assert_eq!(p.get(Table::Blocks, "a"), Seen::Value(b"new"));
        assert_eq!(p.get(Table::Blocks, "b"), Seen::Value(b"old"));
        assert_eq!(p.len(), 4);
        let seqs: Vec<u64> = p.audit_from(0, 10).map(|r| r.sequence).collect();
        assert_eq!(seqs, vec![3, 4]);
    }

    #[test]
    fn waiting_audit_entries_are_read_from_a_sequence_number() {
        let mut p = Pending::default();
        for seq in 5..10 {
            p.append_audit(seq, format!("{seq}").as_bytes());
        }
        let seqs: Vec<u64> = p.audit_from(7, 2).map(|r| r.sequence).collect();
        assert_eq!(seqs, vec![7, 8]);
    }
}
