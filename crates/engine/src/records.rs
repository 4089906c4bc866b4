//! Engine records in the store: serde values written as JSON under a table and key.

use airlock_store::{Change, Durability, Store, StoreError, Table};
use serde::Serialize;

/// Writes `value` as JSON under `key`.
pub(crate) fn put_json<T: Serialize>(
    store: &dyn Store,
    table: Table,
    key: &str,
    value: &T,
    durability: Durability,
) -> Result<(), StoreError> {
    let bytes = encode(table, value)?;
    store.put(table, key, &bytes, durability)
}

/// `value` as JSON under `key`, as one change of a group committed together
/// ([`Store::commit_all`]).
pub(crate) fn json_change<T: Serialize>(
    table: Table,
    key: &str,
    value: &T,
) -> Result<Change, StoreError> {
    Ok(Change::Put(table, key.to_owned(), encode(table, value)?))
}

fn encode<T: Serialize>(table: Table, value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError::Io {
        operation: format!("encode a {} record", table.name()),
        message: e.to_string(),
    })
}
