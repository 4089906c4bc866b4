//! Every size limit of airlock's surfaces, in one place, so the errors, the introspection
//! answer and the documentation (docs/limits in `docs/safety-loop.md`) cite the same numbers.
//!
//! Each limit is checked where the data enters, and a value over it is refused with an error
//! that names the limit (never truncated, never silently dropped).

/// The longest `nextActionHint` (and `/v1/decide` `hint`, and each of its `recent_hints`), in
/// bytes of UTF-8. Judgement reads all of it; longer texts are almost always pasted output.
pub const MAX_HINT_BYTES: usize = 8 * 1024;

/// The longest other text param of a loop operation (`stepDescription`, `findings`, `goal`,
/// names), in bytes.
pub const MAX_TEXT_BYTES: usize = 64 * 1024;

/// The largest HTTP request body `airlock http` reads, in bytes.
pub const MAX_HTTP_BODY_BYTES: usize = 256 * 1024;

/// The longest JSON-RPC message (one line) `airlock serve` and `airlock proxy` read from their
/// client over stdio, in bytes. Larger than the HTTP body: a proxied tool call may carry a
/// file's content.
pub const MAX_STDIO_MESSAGE_BYTES: usize = 4 * 1024 * 1024;

/// The longest line between two airlock processes on one state directory (a forwarded tool call
/// carries one stdio message, with room for its envelope), in bytes.
pub const MAX_IPC_LINE_BYTES: usize = 2 * MAX_STDIO_MESSAGE_BYTES;

/// How deep JSON may nest (arrays and objects) on every surface: serde_json's own recursion
/// limit, stated here so the documentation can cite it.
pub const MAX_JSON_DEPTH: usize = 128;
