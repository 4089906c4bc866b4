//! The engines of the peer comparison, each loaded with the same policy (the files of
//! `benches/policies/`) and answering in the same [`Verdict`](crate::verdict::Verdict)s:
//!
//! - [`rego::Rego`]: `policy.rego` on regorus, through its compiled-policy path;
//! - [`cedar::Cedar`]: `policy.cedar` on cedar-policy, with the prepared strings Cedar cannot
//!   compute itself;
//! - [`airlock::Airlock`]: `policy.json` as airlock's native gate (structured operations), its
//!   default WebAssembly pattern stage (hints), and its full stage pipeline (pattern stage and
//!   risk scorer, hints).
//!
//! Every `decide` takes a corpus action as the corpus holds it and builds the engine's own
//! request from it, so the per-decision cost a bench measures includes what a caller of that
//! engine has to do per decision (building Rego's input, Cedar's context), not only the
//! evaluation.

pub mod airlock;
pub mod cedar;
pub mod rego;

use std::path::PathBuf;

/// The directory of the peer policies (`benches/policies`).
pub fn policies_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("policies")
}

/// Reads one policy file of [`policies_dir`].
pub(crate) fn read_policy(name: &str) -> Result<String, String> {
    let path = policies_dir().join(name);
    std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}
