//! Counters for `/metrics`, in the Prometheus text format (written by hand: a handful of
//! counters and one histogram do not need a metrics framework).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Latency buckets, in seconds.
const BUCKETS: [f64; 10] = [
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.05, 0.25, 1.0,
];

/// What the API has done since it started.
#[derive(Debug, Default)]
pub struct Metrics {
    decisions: Mutex<BTreeMap<String, u64>>,
    operations: Mutex<BTreeMap<(String, bool), u64>>,
    rejected: AtomicU64,
    latency: Mutex<([u64; BUCKETS.len()], u64, f64)>,
}

impl Metrics {
    /// A decision with this outcome was made.
    pub fn decision(&self, outcome: &str) {
        *self
            .decisions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(outcome.to_owned())
            .or_default() += 1;
    }

    /// An operation ran.
    pub fn operation(&self, operation: &str, success: bool) {
        *self
            .operations
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry((operation.to_owned(), success))
            .or_default() += 1;
    }

    /// A request was refused before it reached the engine (bad body).
    pub fn rejected(&self) {
        self.rejected.fetch_add(1, Ordering::Relaxed);
    }

    /// A request took `seconds`.
    pub fn observe(&self, seconds: f64) {
        let mut l = self
            .latency
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for (i, b) in BUCKETS.iter().enumerate() {
            if seconds <= *b {
                l.0[i] += 1;
            }
        }
        l.1 += 1;
        l.2 += seconds;
    }

    /// The text format, with the gauges the caller adds.
    pub fn render(&self, extra: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# HELP airlock_decisions_total Decisions of /v1/decide by outcome."
        );
        let _ = writeln!(s, "# TYPE airlock_decisions_total counter");
        for (outcome, n) in self
            .decisions
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
        {
            let _ = writeln!(s, "airlock_decisions_total{{outcome=\"{outcome}\"}} {n}");
        }
        let _ = writeln!(
            s,
            "# HELP airlock_operations_total MCP-AQL operations of /v1/operations."
        );
        let _ = writeln!(s, "# TYPE airlock_operations_total counter");
        for ((op, ok), n) in self
            .operations
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
        {
            let _ = writeln!(
                s,
                "airlock_operations_total{{operation=\"{op}\",success=\"{ok}\"}} {n}"
            );
        }
        let _ = writeln!(
            s,
            "# HELP airlock_rejected_requests_total Requests refused for a bad body."
        );
        let _ = writeln!(s, "# TYPE airlock_rejected_requests_total counter");
        let _ = writeln!(
            s,
            "airlock_rejected_requests_total {}",
            self.rejected.load(Ordering::Relaxed)
        );
        let l = *self
            .latency
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = writeln!(
            s,
            "# HELP airlock_request_duration_seconds Time to answer a decide or operation request."
        );
        let _ = writeln!(s, "# TYPE airlock_request_duration_seconds histogram");
        for (i, b) in BUCKETS.iter().enumerate() {
            let _ = writeln!(
                s,
                "airlock_request_duration_seconds_bucket{{le=\"{b}\"}} {}",
                l.0[i]
            );
        }
        let _ = writeln!(
            s,
            "airlock_request_duration_seconds_bucket{{le=\"+Inf\"}} {}",
            l.1
        );
        let _ = writeln!(s, "airlock_request_duration_seconds_sum {}", l.2);
        let _ = writeln!(s, "airlock_request_duration_seconds_count {}", l.1);
        s.push_str(extra);
        s
    }
}
