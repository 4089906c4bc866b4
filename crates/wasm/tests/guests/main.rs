//! Tests of airlock-wasm against real guest components (no mocks).
//!
//! The components are built by `just guests` into `<workspace>/target/guests` (or the
//! directory in `$AIRLOCK_GUESTS_DIR`); the Python scorer is built here with componentize-py.

mod cache;
mod common;
mod concurrency;
mod defaults;
mod hostile;
mod policy_dir;
mod precompiled;
mod python;
mod refusals;
