//! Logs go to standard error (standard output is the MCP channel).
//!
//! - `AIRLOCK_LOG` takes `tracing`'s `EnvFilter` syntax, the one Rust operators know from
//!   `RUST_LOG`: `info`, `DEBUG`, `airlock_engine=debug`, `warn,airlock_mcp=trace`. Unset or empty
//!   is `warn`. A value that does not parse is an error that stops the command, rather than a
//!   silent fall back to the default that would hide the logs someone asked for.
//! - `AIRLOCK_LOG_FORMAT` is `text` (default) or `json` (one JSON object a line, for log
//!   shippers).
//!
//! No level ever logs a verification code. Dependencies are capped at `warn` whatever
//! `AIRLOCK_LOG` says (a second, global filter): the MCP SDK logs every request it receives at
//! `debug`, and a `verify_challenge` request carries the code a person typed.

use tracing_subscriber::EnvFilter;
use tracing_subscriber::filter::{FilterExt, LevelFilter, Targets};
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

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

/// The filter `AIRLOCK_LOG` asks for.
fn filter(value: Option<&str>) -> Result<EnvFilter, String> {
    let value = value
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .unwrap_or("warn");
    // Level names in any case, as operators type them (`DEBUG`); targets keep their case.
    let directives: Vec<String> = value
        .split(',')
        .map(|d| match d.rsplit_once('=') {
            Some((target, level)) => format!("{target}={}", level.to_ascii_lowercase()),
            None if d.parse::<LevelFilter>().is_ok() => d.to_ascii_lowercase(),
            None => d.to_owned(),
        })
        .collect();
    EnvFilter::builder()
        .with_default_directive(LevelFilter::WARN.into())
        .parse(directives.join(","))
        .map_err(|e| {
            format!(
                "AIRLOCK_LOG={value:?} is not a log filter ({e}): use a level (error, warn, info, \
                 debug, trace) or directives such as 'info,airlock_engine=debug'"
            )
        })
}

fn format(value: Option<&str>) -> Result<Format, String> {
    match value.map(str::trim) {
        None | Some("" | "text") => Ok(Format::Text),
        Some("json") => Ok(Format::Json),
        Some(other) => Err(format!(
            "AIRLOCK_LOG_FORMAT={other:?} is not a log format: use 'text' (the default) or 'json'"
        )),
    }
}

/// Installs the subscriber once; an error says which variable is wrong and what it takes. With
/// an OTLP endpoint configured ([`crate::telemetry`]) airlock's spans are exported too, until
/// the returned guard is dropped (which flushes them).
pub fn init() -> Result<Option<crate::telemetry::Telemetry>, String> {
    let filter = filter(std::env::var("AIRLOCK_LOG").ok().as_deref())?;
    let format = format(std::env::var("AIRLOCK_LOG_FORMAT").ok().as_deref())?;
    let otlp = crate::telemetry::config_from(|name| std::env::var(name).ok())?;
    let mut cap = Targets::new().with_default(LevelFilter::WARN);
    for target in OWN_TARGETS {
        cap = cap.with_target(target, LevelFilter::TRACE);
    }
    let (export, telemetry) = match &otlp {
        Some(config) => {
            let (layer, guard) = crate::telemetry::layer(config, &OWN_TARGETS)?;
            (Some(layer), Some(guard))
        }
        None => (None, None),
    };
    // The cap is part of the log layer's own filter, not a global layer: a global filter that
    // enables airlock's targets at every level makes each of its spans a registry record (about
    // 300 ns, measured) even when no layer wants it; per-layer, a span nobody wants costs a few
    // nanoseconds.
    let filter = filter.and(cap);
    let registry = tracing_subscriber::registry().with(export);
    let result = match format {
        Format::Text => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .with_writer(std::io::stderr)
                    .with_ansi(false)
                    .with_filter(filter),
            )
            .try_init(),
        Format::Json => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .with_writer(std::io::stderr)
                    .with_filter(filter),
            )
            .try_init(),
    };
    // Already installed (a second init in one process) is fine.
    let _ = result;
    Ok(telemetry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_directives_parse_in_any_case() {
        for ok in [
            "info",
            "DEBUG",
            "airlock_engine=debug",
            "warn,airlock_mcp=TRACE",
            "",
            "  ",
        ] {
            assert!(filter(Some(ok)).is_ok(), "{ok:?} should parse");
        }
        assert!(filter(None).is_ok());
    }

    #[test]
    fn a_bad_filter_is_an_error_that_says_what_to_use() {
        for bad in ["airlock=loud", "[unclosed", "info,airlock_engine=veryhigh"] {
            let e = filter(Some(bad)).expect_err(bad);
            assert!(e.contains("AIRLOCK_LOG") && e.contains("info"), "{e}");
        }
    }

    #[test]
    fn formats() {
        assert_eq!(format(None), Ok(Format::Text));
        assert_eq!(format(Some("json")), Ok(Format::Json));
        let refused = format(Some("yaml")).expect_err("yaml is not a log format");
        assert!(refused.contains("json"), "{refused}");
    }
}
