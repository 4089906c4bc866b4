//! What airlock's guest policies share: text normalization ([`text`]), globs that match whole
//! texts, word-aligned parts of texts, or runs of words of operation names ([`glob`]), and the
//! MCP-AQL standard danger name patterns ([`danger`], danger-levels section 6).
//!
//! Pure Rust with no dependencies: it builds for the host (where its tests run) and for
//! `wasm32-unknown-unknown` alike.

#![forbid(unsafe_code)]

pub mod danger;
pub mod glob;
pub mod text;
