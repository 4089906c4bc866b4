//! airlock benchmarks: deterministic corpora, the policies the benches decide them with, and the
//! peer engines they are compared with.
//!
//! - [`corpus`]: structured operations for the native gate (`benches/gate.rs`);
//! - [`hints`]: free-text `nextActionHint`s;
//! - [`actions`]: the shared corpus of both, which `src/bin/corpus.rs` writes as JSON lines;
//! - [`verdict`]: what a verdict is across engines;
//! - [`peers`]: airlock, Rego (regorus) and Cedar loaded with the same policy
//!   (`benches/policies/`), compared by `tests/peers_agree.rs` and timed by `benches/peers.rs`;
//! - [`stack`]: an engine as `airlock serve` builds one, for the in-process step benches;
//! - [`server`]: the real binary, for the end-to-end benches and tools.

pub mod actions;
pub mod corpus;
pub mod hints;
pub mod peers;
pub mod server;
pub mod stack;
pub mod verdict;

/// The seed of the corpus every bench and tool uses.
pub const SEED: u64 = 42;

/// The number of actions in the shared corpus.
pub const CORPUS_SIZE: usize = 10_000;

/// The hints of the shared corpus (about half of its 10,000 actions), as written.
pub fn hint_corpus() -> Vec<String> {
    actions::hints_of(&actions::actions(SEED, CORPUS_SIZE))
        .into_iter()
        .map(|h| h.hint.clone())
        .filter(|h| !h.trim().is_empty())
        .collect()
}

/// `/v1/decide` request bodies for the first `n` actions of the shared corpus: `{"hint"}` for a
/// hint, `{"operation", "endpoint", "params", "annotations", "trust"}` for an operation. Empty
/// hints are left out (they are a validation error, not a decision).
pub fn decide_bodies(n: usize) -> Vec<String> {
    actions::actions(SEED, n.max(1) * 2)
        .into_iter()
        .filter_map(|action| match action {
            actions::CorpusAction::Hint(h) if h.hint.trim().is_empty() => None,
            actions::CorpusAction::Hint(h) => Some(serde_json::json!({"hint": h.hint})),
            actions::CorpusAction::Operation(o) => Some(serde_json::json!({
                "operation": o.name,
                "endpoint": o.endpoint,
                "params": o.params,
                "annotations": o.annotations,
                "trust": o.trust,
            })),
        })
        .take(n)
        .map(|v| v.to_string())
        .collect()
}
