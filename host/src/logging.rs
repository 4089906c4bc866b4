//! Logs go to standard error (standard output is the MCP channel), at the level of `AIRLOCK_LOG`
//! (`error`, `warn` (default), `info`, `debug`, `trace`) for airlock's own crates. No level ever
//! logs a verification code.
//!
//! Dependencies are capped at `warn` whatever `AIRLOCK_LOG` says: the MCP SDK logs every request
//! it receives at `debug`, and a `verify_challenge` request carries the code a person typed.

use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::prelude::*;

/// airlock's own crates (log targets are module paths).
const OWN_TARGETS: [&str; 7] = [
    "airlock",
    "airlock_core",
    "airlock_wasm",
    "airlock_engine",
    "airlock_store",
    "airlock_mcp",
    "airlock_http",
];

/// Installs the subscriber once.
pub fn init() {
    let level = match std::env::var("AIRLOCK_LOG").as_deref() {
        Ok("error") => LevelFilter::ERROR,
        Ok("info") => LevelFilter::INFO,
        Ok("debug") => LevelFilter::DEBUG,
        Ok("trace") => LevelFilter::TRACE,
        _ => LevelFilter::WARN,
    };
    let mut filter = Targets::new().with_default(LevelFilter::WARN.min(level));
    for target in OWN_TARGETS {
        filter = filter.with_target(target, level);
    }
    let _ = tracing_subscriber::registry()
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(false),
        )
        .with(filter)
        .try_init();
}
