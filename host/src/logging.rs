//! Logs go to standard error (standard output is the MCP channel), at the level of `AIRLOCK_LOG`
//! (`error`, `warn` (default), `info`, `debug`, `trace`). No level ever logs a verification code.

/// Installs the subscriber once.
pub fn init() {
    let level = match std::env::var("AIRLOCK_LOG").as_deref() {
        Ok("error") => tracing::Level::ERROR,
        Ok("info") => tracing::Level::INFO,
        Ok("debug") => tracing::Level::DEBUG,
        Ok("trace") => tracing::Level::TRACE,
        _ => tracing::Level::WARN,
    };
    let _ = tracing_subscriber::fmt()
        .with_max_level(level)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .try_init();
}
