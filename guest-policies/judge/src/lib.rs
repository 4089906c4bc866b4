//! airlock's judgement of what an agent is about to do.
//!
//! Built as the shared docs' `judgement.md` says: **parse, then judge**. A text is normalized
//! ([`normalize`]), split into the actions it describes (shell commands through [`shell`], SQL
//! through [`sql`], plain language through [`prose`]), and each action goes to the recognizer of
//! its family ([`recognize`]), which says what it does, to what, and how bad that is
//! ([`finding::Finding`]). Substring matching is only ever a prefilter, never the verdict; a
//! mention of a dangerous word is not an action.
//!
//! Pure Rust with no I/O: it builds for the host (where its tests and the corpus evaluation run)
//! and for `wasm32-unknown-unknown` (inside the default scorer).

#![forbid(unsafe_code)]

pub mod finding;
pub mod normalize;
pub mod prose;
pub mod recognize;
pub mod shell;
pub mod sql;

pub use finding::{Family, Finding, Judgement, Severity};

/// Judges one text (an agent's hint, a command, a param value), with the hints the same agent
/// reported just before it (oldest first), which carry the first half of an action split over
/// steps (a download, then running it; a secret read, then sending "it").
pub fn judge(text: &str, recent: &[&str]) -> Judgement {
    let _ = (text, recent);
    Judgement::default()
}
