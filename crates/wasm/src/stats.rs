//! Per-stage counters: calls, instances created and failures by kind. Atomic, so reading them
//! never blocks a call.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::failure::FailureKind;

/// A snapshot of a stage's counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct StageStats {
    /// Evaluations requested.
    pub calls: u64,
    /// Instances created (the one made by `new`, fresh ones, replacements and recycled ones).
    pub instances: u64,
    /// Failed evaluations, by kind.
    pub failures: FailureCounts,
}

/// Failed evaluations by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct FailureCounts {
    /// Traps.
    pub trap: u64,
    /// Timeouts.
    pub timeout: u64,
    /// Memory limit hits.
    pub memory_limit: u64,
    /// Invalid results.
    pub invalid_result: u64,
    /// Instances that could not be created or configured.
    pub instantiate: u64,
}

impl FailureCounts {
    /// The count of one kind.
    pub fn get(&self, kind: FailureKind) -> u64 {
        match kind {
            FailureKind::Trap => self.trap,
            FailureKind::Timeout => self.timeout,
            FailureKind::MemoryLimit => self.memory_limit,
            FailureKind::InvalidResult => self.invalid_result,
            FailureKind::Instantiate => self.instantiate,
        }
    }

    /// All failures.
    pub fn total(&self) -> u64 {
        FailureKind::ALL.iter().map(|&k| self.get(k)).sum()
    }
}

/// The live counters.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    calls: AtomicU64,
    instances: AtomicU64,
    failures: [AtomicU64; 5],
}

fn index(kind: FailureKind) -> usize {
    match kind {
        FailureKind::Trap => 0,
        FailureKind::Timeout => 1,
        FailureKind::MemoryLimit => 2,
        FailureKind::InvalidResult => 3,
        FailureKind::Instantiate => 4,
    }
}

impl Counters {
    pub(crate) fn call(&self) {
        self.calls.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn instance(&self) {
        self.instances.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn failure(&self, kind: FailureKind) {
        self.failures[index(kind)].fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn snapshot(&self) -> StageStats {
        let get = |kind| self.failures[index(kind)].load(Ordering::Relaxed);
        StageStats {
            calls: self.calls.load(Ordering::Relaxed),
            instances: self.instances.load(Ordering::Relaxed),
            failures: FailureCounts {
                trap: get(FailureKind::Trap),
                timeout: get(FailureKind::Timeout),
                memory_limit: get(FailureKind::MemoryLimit),
                invalid_result: get(FailureKind::InvalidResult),
                instantiate: get(FailureKind::Instantiate),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up() {
        let c = Counters::default();
        c.call();
        c.call();
        c.instance();
        c.failure(FailureKind::Timeout);
        c.failure(FailureKind::MemoryLimit);
        let s = c.snapshot();
        assert_eq!(s.calls, 2);
        assert_eq!(s.instances, 1);
        assert_eq!(s.failures.timeout, 1);
        assert_eq!(s.failures.get(FailureKind::MemoryLimit), 1);
        assert_eq!(s.failures.total(), 2);
    }
}
