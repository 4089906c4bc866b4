//! `/metrics`, through the `prometheus-client` crate.
//!
//! The exposition format has escaping rules (a label value with a quote, a backslash or a
//! newline) and grouping rules (every sample of a family together, under one `# TYPE`) that a
//! hand-written renderer got wrong: a stage named with a quote and a newline once injected lines
//! into the page. The crate owns both; this module only says what is counted.
//!
//! Counters that requests bump live in [`Metrics`]; what other parts of airlock already count
//! (the policy's reloads, each stage's calls and failures, blocks and approvals, the process) is
//! read at scrape time into a registry built for that one scrape, so nothing is counted twice.

use std::sync::Arc;

use airlock_wasm::LivePolicy;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::{Registry, Unit};

use crate::routes::Gauges;

/// Latency buckets, in seconds.
const BUCKETS: [f64; 10] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.25, 1.0,
];

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OutcomeLabel {
    outcome: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OperationLabels {
    operation: String,
    success: bool,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StageLabel {
    stage: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct StageFailureLabels {
    stage: String,
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
}

/// The exposition formats `/metrics` speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// The Prometheus text format 0.0.4 (what `curl` and most scrapers get).
    PrometheusText,
    /// OpenMetrics 1.0 text, for a scraper that asks for it in `Accept`.
    OpenMetrics,
}

impl Format {
    /// The format an `Accept` header asks for: OpenMetrics only when named.
    pub fn from_accept(accept: Option<&str>) -> Self {
        match accept {
            Some(a) if a.contains("application/openmetrics-text") => Self::OpenMetrics,
            _ => Self::PrometheusText,
        }
    }

    /// The answer's `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            Self::PrometheusText => prometheus_client::encoding::prometheus_text::CONTENT_TYPE,
            Self::OpenMetrics => "application/openmetrics-text; version=1.0.0; charset=utf-8",
        }
    }
}

/// What the API has counted since it started.
#[derive(Debug)]
pub struct Metrics {
    decisions: Family<OutcomeLabel, Counter>,
    operations: Family<OperationLabels, Counter>,
    rejected: Counter,
    latency: Histogram,
}

impl Default for Metrics {
    fn default() -> Self {
        Self {
            decisions: Family::default(),
            operations: Family::default(),
            rejected: Counter::default(),
            latency: Histogram::new(BUCKETS),
        }
    }
}

impl Metrics {
    /// A decision with this outcome was made.
    pub fn decision(&self, outcome: &str) {
        self.decisions
            .get_or_create(&OutcomeLabel {
                outcome: outcome.to_owned(),
            })
            .inc();
    }

    /// An operation ran.
    pub fn operation(&self, operation: &str, success: bool) {
        self.operations
            .get_or_create(&OperationLabels {
                operation: operation.to_owned(),
                success,
            })
            .inc();
    }

    /// A request was refused before it reached the engine (bad body).
    pub fn rejected(&self) {
        self.rejected.inc();
    }

    /// A request took `seconds`.
    pub fn observe(&self, seconds: f64) {
        self.latency.observe(seconds);
    }

    /// The page: the request counters, then what the policy, the state and the process say now.
    pub fn render(&self, policy: &Arc<LivePolicy>, gauges: Gauges, format: Format) -> String {
        let mut registry = Registry::default();
        self.register_requests(&mut registry);
        register_policy(&mut registry, policy);
        register_state(&mut registry, gauges);
        crate::process::register(&mut registry);
        registry.register(
            "airlock_build",
            "The airlock version serving",
            Info::new(BuildLabels {
                version: env!("CARGO_PKG_VERSION"),
            }),
        );
        let mut page = String::new();
        // Writing to a String cannot fail; the encoders return fmt::Result only for other
        // writers.
        let _ = match format {
            Format::PrometheusText => {
                prometheus_client::encoding::prometheus_text::encode(&mut page, &registry)
            }
            Format::OpenMetrics => prometheus_client::encoding::text::encode(&mut page, &registry),
        };
        page
    }

    fn register_requests(&self, registry: &mut Registry) {
        registry.register(
            "airlock_decisions",
            "Decisions of /v1/decide by outcome",
            self.decisions.clone(),
        );
        registry.register(
            "airlock_operations",
            "MCP-AQL operations of /v1/operations",
            self.operations.clone(),
        );
        registry.register(
            "airlock_rejected_requests",
            "Requests refused for a bad body",
            self.rejected.clone(),
        );
        registry.register_with_unit(
            "airlock_request_duration",
            "Time to answer a decide or operation request",
            Unit::Seconds,
            self.latency.clone(),
        );
    }
}

fn register_policy(registry: &mut Registry, policy: &Arc<LivePolicy>) {
    let status = policy.status();
    registry.register(
        "airlock_policy_generation",
        "The policy generation serving",
        ConstGauge::new(i64::try_from(status.generation).unwrap_or(i64::MAX)),
    );
    registry.register(
        "airlock_policy_reloads",
        "Policy reloads that took effect",
        ConstCounter::new(status.reloads),
    );
    registry.register(
        "airlock_policy_reload_failures",
        "Reloads refused (the previous policy kept serving)",
        ConstCounter::new(status.failures),
    );
    let calls = Family::<StageLabel, Counter>::default();
    let failures = Family::<StageFailureLabels, Counter>::default();
    for stage in policy.current().stages() {
        let stats = stage.stats();
        calls
            .get_or_create(&StageLabel {
                stage: stage.name.clone(),
            })
            .inc_by(stats.calls);
        for (kind, n) in [
            ("trap", stats.failures.trap),
            ("timeout", stats.failures.timeout),
            ("memory_limit", stats.failures.memory_limit),
            ("invalid_result", stats.failures.invalid_result),
            ("instantiate", stats.failures.instantiate),
        ] {
            failures
                .get_or_create(&StageFailureLabels {
                    stage: stage.name.clone(),
                    kind,
                })
                .inc_by(n);
        }
    }
    registry.register("airlock_guest_calls", "Guest calls, by stage", calls);
    registry.register(
        "airlock_guest_failures",
        "Guest calls that failed closed, by stage and kind",
        failures,
    );
}

/// Gauges only the state's owner knows: absent, not zero, in a process that does not own it.
fn register_state(registry: &mut Registry, gauges: Gauges) {
    if let Some(n) = gauges.blocked_agents {
        registry.register(
            "airlock_blocked_agents",
            "Hard-blocked agents",
            ConstGauge::new(i64::try_from(n).unwrap_or(i64::MAX)),
        );
    }
    if let Some(n) = gauges.pending_approvals {
        registry.register(
            "airlock_pending_approvals",
            "Approvals waiting for a person",
            ConstGauge::new(i64::try_from(n).unwrap_or(i64::MAX)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openmetrics_only_when_asked_for() {
        assert_eq!(Format::from_accept(None), Format::PrometheusText);
        assert_eq!(
            Format::from_accept(Some("text/plain;version=0.0.4")),
            Format::PrometheusText
        );
        assert_eq!(
            Format::from_accept(Some(
                "application/openmetrics-text;version=1.0.0;q=0.5,text/plain;version=0.0.4;q=0.4"
            )),
            Format::OpenMetrics
        );
    }
}
