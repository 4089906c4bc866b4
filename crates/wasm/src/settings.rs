//! A stage's settings: its guest's config, its limits, its isolation and its fallback.

use std::time::Duration;

use crate::patterns::Verdict;

/// What one guest entry may use. Anything beyond fails closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How long one evaluation may run (epoch deadline; enforced to within one 1 ms tick).
    pub deadline: Duration,
    /// How long instantiating and configuring a new instance may run. Separate from the call
    /// deadline because some toolchains (componentize-py) need milliseconds to start.
    pub setup_deadline: Duration,
    /// The most linear memory one instance may have, all its memories together.
    pub memory_bytes: usize,
    /// The most factors (scorer) or matched patterns (pattern stage) kept from one result.
    pub max_factors: usize,
    /// The most bytes kept of each factor's code and message, or of each matched pattern.
    pub max_factor_bytes: usize,
    /// The most bytes of strings and lists the host copies out of one result, before the caps
    /// above apply (wasmtime's hostcall fuel; it also bounds each WASI call's data). A result
    /// past it is an invalid result. Without it a guest could alias one buffer from many small
    /// records and make the host copy far more than the guest's memory.
    pub max_result_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            deadline: Duration::from_millis(10),
            setup_deadline: Duration::from_secs(1),
            memory_bytes: 32 << 20,
            max_factors: 32,
            max_factor_bytes: 256,
            max_result_bytes: 1 << 20,
        }
    }
}

/// How instances are shared between calls: airlock-core's [`Isolation`], the same type the
/// policy's `isolation` is written in. `Fresh` makes a new instance (store, memory, configure)
/// for every call, so nothing a call leaves behind can reach the next one; `Reuse` keeps a pool
/// of instances, one per concurrent caller, each discarded after any failure and replaced after
/// `recycle_after` calls.
pub use airlock_core::Isolation;

/// A stage's settings. `F` is its fallback: a score for a scorer, a verdict for a pattern stage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageSettings<F> {
    /// The stage's `config` object from policy.json, as JSON text (`{}` when none).
    pub config_json: String,
    /// Per-call limits.
    pub limits: Limits,
    /// Instance sharing.
    pub isolation: Isolation,
    /// What the stage answers when its guest fails (fail closed).
    pub fallback: F,
}

/// A scorer's settings: the fallback is a score (default 100).
pub type ScorerSettings = StageSettings<u32>;

/// A pattern stage's settings: the fallback is a verdict (default `deny`).
pub type PatternSettings = StageSettings<Verdict>;

impl Default for StageSettings<u32> {
    fn default() -> Self {
        StageSettings {
            config_json: "{}".to_string(),
            limits: Limits::default(),
            isolation: Isolation::default(),
            fallback: 100,
        }
    }
}

impl Default for StageSettings<Verdict> {
    fn default() -> Self {
        StageSettings {
            config_json: "{}".to_string(),
            limits: Limits::default(),
            isolation: Isolation::default(),
            fallback: Verdict::Deny,
        }
    }
}

impl<F> StageSettings<F> {
    /// The same settings with another guest config.
    pub fn with_config(mut self, config_json: impl Into<String>) -> Self {
        self.config_json = config_json.into();
        self
    }

    /// The same settings with another isolation.
    pub fn with_isolation(mut self, isolation: Isolation) -> Self {
        self.isolation = isolation;
        self
    }

    /// The same settings with other limits.
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// What is wrong with these settings, if anything (`max_memory_bytes` is the host's cap).
    pub(crate) fn problem(&self, max_memory_bytes: usize) -> Option<String> {
        let l = &self.limits;
        if l.deadline.is_zero() || l.setup_deadline.is_zero() {
            return Some("limits.deadline and limits.setup_deadline must be above 0".into());
        }
        if l.memory_bytes == 0 || l.memory_bytes > max_memory_bytes {
            return Some(format!(
                "limits.memory_bytes is {}, it must be between 1 and the host's cap of {} (HostConfig::max_memory_bytes)",
                l.memory_bytes, max_memory_bytes
            ));
        }
        if l.max_factor_bytes < 4 {
            return Some("limits.max_factor_bytes must be at least 4 (one character)".into());
        }
        if l.max_result_bytes < 1024 {
            return Some("limits.max_result_bytes must be at least 1024".into());
        }
        if let Isolation::Reuse { recycle_after: 0 } = self.isolation {
            return Some("isolation reuse needs recycle_after of at least 1".into());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_documented_ones() {
        let s = ScorerSettings::default();
        assert_eq!(s.fallback, 100);
        assert_eq!(s.config_json, "{}");
        assert_eq!(s.limits.deadline, Duration::from_millis(10));
        assert_eq!(s.limits.memory_bytes, 32 * 1024 * 1024);
        assert_eq!(s.limits.max_factors, 32);
        assert_eq!(s.limits.max_factor_bytes, 256);
        assert_eq!(s.limits.max_result_bytes, 1024 * 1024);
        assert_eq!(
            s.isolation,
            Isolation::Reuse {
                recycle_after: 10_000
            }
        );
        assert_eq!(PatternSettings::default().fallback, Verdict::Deny);
    }

    #[test]
    fn problems_are_named() {
        let s = ScorerSettings::default();
        assert_eq!(s.problem(64 << 20), None);
        assert!(
            s.problem(16 << 20)
                .expect("too big")
                .contains("memory_bytes")
        );
        let s = ScorerSettings::default().with_isolation(Isolation::Reuse { recycle_after: 0 });
        assert!(s.problem(64 << 20).expect("zero").contains("recycle_after"));
    }
}
