//! Engine records in the store: serde values written as JSON under a table and key.

use airlock_store::{Durability, Store, StoreError, Table};
use serde::Serialize;

/// Writes `value` as JSON under `key`.
pub(crate) fn put_json<T: Serialize>(
    store: &dyn Store,
    table: Table,
    key: &str,
    value: &T,
    durability: Durability,
) -> Result<(), StoreError> {
    let bytes = serde_json::to_vec(value).map_err(|e| StoreError::Io {
        operation: format!("encode a {} record", table.name()),
        message: e.to_string(),
    })?;
    store.put(table, key, &bytes, durability)
}
