//! What the file holds for recently read keys, so a hot read does not open a redb read
//! transaction.
//!
//! The engine reads the agent's hard block at every step (twice: before and after the
//! stages); each read was a read transaction, a table open and a B-tree lookup, over a
//! microsecond, most of them finding nothing. A [`RedbStore`](crate::RedbStore) is the only
//! writer of its file (redb locks the file to one process, and the store's writes all pass
//! through its writer lock), so it can know what the file holds without asking it: every
//! committed write updates or drops the key here, under the same lock, before the lock is
//! released. An entry is therefore never older than the file.
//!
//! Bounded: at most [`MAX_ENTRIES`] keys, each value at most [`MAX_VALUE_BYTES`] (larger ones
//! are not cached), so it holds at most about 4 MiB of values; when full, it is emptied and fills
//! again from reads. The hot reads are of keys that do not exist (an agent with no block).

use std::collections::HashMap;

use crate::Table;

/// Keys kept at most.
pub(crate) const MAX_ENTRIES: usize = 4096;

/// Values larger than this are read from the file each time.
pub(crate) const MAX_VALUE_BYTES: usize = 1024;

/// The committed value of recently read or written keys: `None` for "the file has no such
/// key".
#[derive(Debug, Default)]
pub(crate) struct ReadCache {
    /// By table ([`Table::index`]).
    tables: [HashMap<String, Option<Vec<u8>>, foldhash::fast::RandomState>; Table::ALL.len()],
    len: usize,
}

impl ReadCache {
    /// What the file holds for `key`, if known: `Some(None)` is "no such key".
    pub(crate) fn get(&self, table: Table, key: &str) -> Option<Option<&[u8]>> {
        self.tables[table.index()].get(key).map(|v| v.as_deref())
    }

    /// The file now holds `value` for `key` (`None`: the key is absent).
    pub(crate) fn set(&mut self, table: Table, key: &str, value: Option<&[u8]>) {
        if value.is_some_and(|v| v.len() > MAX_VALUE_BYTES) {
            self.forget(table, key);
            return;
        }
        if self.len >= MAX_ENTRIES {
            self.clear();
        }
        let entries = &mut self.tables[table.index()];
        let value = value.map(<[u8]>::to_vec);
        if let Some(old) = entries.get_mut(key) {
            *old = value;
        } else {
            entries.insert(key.to_owned(), value);
            self.len += 1;
        }
    }

    /// The file's value of `key` is no longer known (a commit changed it, or a commit that may
    /// have changed it failed).
    pub(crate) fn forget(&mut self, table: Table, key: &str) {
        if self.tables[table.index()].remove(key).is_some() {
            self.len -= 1;
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        for entries in &mut self.tables {
            entries.clear();
        }
        self.len = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_and_present_keys_are_told_apart() {
        let mut c = ReadCache::default();
        assert_eq!(c.get(Table::Blocks, "a"), None, "unknown");
        c.set(Table::Blocks, "a", None);
        assert_eq!(c.get(Table::Blocks, "a"), Some(None), "known absent");
        c.set(Table::Blocks, "a", Some(b"block"));
        assert_eq!(c.get(Table::Blocks, "a"), Some(Some(&b"block"[..])));
        assert_eq!(c.get(Table::Approvals, "a"), None, "other table");
        c.forget(Table::Blocks, "a");
        assert_eq!(c.get(Table::Blocks, "a"), None);
        assert_eq!(c.len, 0);
    }

    #[test]
    fn it_stays_bounded() {
        let mut c = ReadCache::default();
        for i in 0..MAX_ENTRIES * 3 {
            c.set(Table::Blocks, &i.to_string(), None);
            assert!(c.len <= MAX_ENTRIES);
        }
        let big = vec![0u8; MAX_VALUE_BYTES + 1];
        c.set(Table::Blocks, "big", Some(&big));
        assert_eq!(c.get(Table::Blocks, "big"), None, "too large to keep");
    }
}
