//! airlock benchmarks: deterministic corpora, the policies the benches decide them with, and the
//! peer engines they are compared with.
//!
//! - [`corpus`]: structured operations for the native gate (`benches/gate.rs`);
//! - [`hints`]: free-text `nextActionHint`s;
//! - [`actions`]: the shared corpus of both, which `src/bin/corpus.rs` writes as JSON lines;
//! - [`verdict`]: what a verdict is across engines;
//! - [`peers`]: airlock, Rego (regorus) and Cedar loaded with the same policy
//!   (`benches/policies/`), compared by `tests/peers_agree.rs` and timed by `benches/peers.rs`.

pub mod actions;
pub mod corpus;
pub mod hints;
pub mod peers;
pub mod verdict;
