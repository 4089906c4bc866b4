//! The optional export of decision spans to an OpenTelemetry collector (OTLP), for `airlock
//! serve`, `http` and `proxy`. Off unless an endpoint is configured, with the variables every
//! OpenTelemetry SDK reads, so a collector set up for other services needs nothing new:
//!
//! - `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (used as it is), else `OTEL_EXPORTER_OTLP_ENDPOINT`
//!   (`/v1/traces` appended, as the specification says);
//! - `OTEL_EXPORTER_OTLP_PROTOCOL` / `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`: only `http/protobuf`
//!   (the default) is built in; another value is an error that says so, never a silent "no
//!   export";
//! - `OTEL_SERVICE_NAME` (default `airlock`); `OTEL_EXPORTER_OTLP_HEADERS` and the timeout are
//!   read by the exporter itself.
//!
//! Why it is built so:
//! - **Only airlock's own spans at `info` are exported** (the decision, each stage's verdict),
//!   whatever `AIRLOCK_LOG` says: dependencies' spans would carry request bodies, and a
//!   `verify_challenge` request carries a code. airlock's spans carry names, levels, outcomes
//!   and durations, never a hint, a parameter value, a token or a code.
//! - **Plain HTTP only**: no TLS stack is compiled in for a feature that is off by default; a
//!   collector on the same host or network terminates TLS. An `https://` endpoint is refused
//!   with that explanation.
//! - **Batching on its own thread** (the SDK's batch processor): a decision never waits on the
//!   collector, and a collector that is down costs dropped spans, not decisions.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::{Protocol, SpanExporter, WithExportConfig};
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing::Subscriber;
use tracing_subscriber::Layer;
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::registry::LookupSpan;

/// Where and how to export, from the environment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OtlpConfig {
    /// The full URL spans are posted to.
    pub traces_endpoint: String,
    /// The `service.name` resource attribute.
    pub service_name: String,
}

/// The export the environment asks for: `Ok(None)` when none is configured, an error that says
/// what to change when the configuration cannot be honoured.
pub fn config_from(var: impl Fn(&str) -> Option<String>) -> Result<Option<OtlpConfig>, String> {
    let get = |name: &str| {
        var(name)
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let endpoint = match (
        get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"),
        get("OTEL_EXPORTER_OTLP_ENDPOINT"),
    ) {
        (Some(traces), _) => traces,
        (None, Some(base)) => format!("{}/v1/traces", base.trim_end_matches('/')),
        (None, None) => return Ok(None),
    };
    for name in [
        "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL",
        "OTEL_EXPORTER_OTLP_PROTOCOL",
    ] {
        if let Some(protocol) = get(name)
            && protocol != "http/protobuf"
        {
            return Err(format!(
                "{name}={protocol:?} is not supported: airlock exports traces over OTLP \
                 http/protobuf only (unset it, or set it to http/protobuf)"
            ));
        }
    }
    if endpoint.starts_with("https://") {
        return Err(format!(
            "OTLP endpoint {endpoint:?}: airlock exports over plain http only (no TLS stack is \
             built in); point it at a collector on this host or network, which can forward \
             over TLS"
        ));
    }
    if !endpoint.starts_with("http://") {
        return Err(format!(
            "OTLP endpoint {endpoint:?} is not an http:// URL (for example \
             http://127.0.0.1:4318)"
        ));
    }
    Ok(Some(OtlpConfig {
        traces_endpoint: endpoint,
        service_name: get("OTEL_SERVICE_NAME").unwrap_or_else(|| "airlock".to_owned()),
    }))
}

/// The running export: dropping it flushes the spans still queued and stops the exporter.
pub struct Telemetry {
    provider: SdkTracerProvider,
}

impl Drop for Telemetry {
    fn drop(&mut self) {
        if let Err(e) = self.provider.shutdown() {
            eprintln!("airlock: exporting the last traces failed: {e}");
        }
    }
}

/// The layer that exports airlock's spans, and the guard that flushes them at exit.
pub fn layer<S>(
    config: &OtlpConfig,
    own_targets: &[&str],
) -> Result<(impl Layer<S> + Send + Sync + 'static, Telemetry), String>
where
    S: Subscriber + for<'a> LookupSpan<'a> + Send + Sync,
{
    let exporter = SpanExporter::builder()
        .with_http()
        .with_protocol(Protocol::HttpBinary)
        .with_endpoint(config.traces_endpoint.clone())
        .build()
        .map_err(|e| format!("cannot set up the OTLP exporter: {e}"))?;
    let provider = SdkTracerProvider::builder()
        .with_batch_exporter(exporter)
        .with_resource(
            Resource::builder()
                .with_service_name(config.service_name.clone())
                .build(),
        )
        .build();
    let tracer = provider.tracer("airlock");
    let mut targets = Targets::new().with_default(LevelFilter::OFF);
    for target in own_targets {
        targets = targets.with_target(*target, LevelFilter::INFO);
    }
    let layer = tracing_opentelemetry::layer()
        .with_tracer(tracer)
        .with_filter(targets);
    Ok((layer, Telemetry { provider }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_owned())
        }
    }

    #[test]
    fn off_unless_an_endpoint_is_set() {
        assert_eq!(config_from(env(&[])), Ok(None));
        assert_eq!(
            config_from(env(&[("OTEL_EXPORTER_OTLP_ENDPOINT", " ")])),
            Ok(None)
        );
    }

    #[test]
    fn the_endpoints_follow_the_specification() {
        let base = config_from(env(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318/")]))
            .expect("valid")
            .expect("configured");
        assert_eq!(base.traces_endpoint, "http://c:4318/v1/traces");
        assert_eq!(base.service_name, "airlock");
        let traces = config_from(env(&[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://ignored:4318"),
            ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://c:9999/custom"),
            ("OTEL_SERVICE_NAME", "airlock-ci"),
        ]))
        .expect("valid")
        .expect("configured");
        assert_eq!(traces.traces_endpoint, "http://c:9999/custom");
        assert_eq!(traces.service_name, "airlock-ci");
    }

    #[test]
    fn what_cannot_be_honoured_is_an_error_that_says_what_to_do() {
        let grpc = config_from(env(&[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4317"),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
        ]))
        .expect_err("grpc is not built in");
        assert!(grpc.contains("http/protobuf"), "{grpc}");
        let tls = config_from(env(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "https://c:4318")]))
            .expect_err("no TLS");
        assert!(tls.contains("collector"), "{tls}");
        let bad =
            config_from(env(&[("OTEL_EXPORTER_OTLP_ENDPOINT", "c:4318")])).expect_err("not a URL");
        assert!(bad.contains("http://"), "{bad}");
        assert!(
            config_from(env(&[
                ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://c:4318"),
                ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf"),
            ]))
            .is_ok()
        );
    }
}
