//! Step budgets: the step limit (core spec 8.7.2, stage 1) counted per agent, across its
//! executions, within a window.
//!
//! Counted per execution, the limit never fired for an agent that started a new execution
//! every nine steps. It is counted here per agent identity instead: a new execution does not
//! start the count again. The count starts again when a person lets the agent go on (the step
//! limit's approval), or when `safety_loop.step_window_seconds` (default one hour) have passed
//! since the first step it counts, so a long-lived agent is not paused for steps it took
//! yesterday.
//!
//! Budgets are hot counters: written lazily with the execution's record (a crash may give an
//! agent back the last second of its count, never more), kept in the store's `step_budgets`
//! table so a restart or another airlock process taking over the state keeps them, and
//! forgotten once their window has passed (`crate::purge`).

use airlock_store::{Store, StoreError, Table};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

use crate::engine::ById;

/// One agent's count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepBudget {
    /// Steps counted against the limit since `since`.
    pub counted: u32,
    /// When the count started (its first step, or when a person let the agent go on).
    pub since: Timestamp,
}

impl StepBudget {
    fn expired(&self, now: Timestamp, window: SignedDuration) -> bool {
        self.since
            .saturating_add(window)
            .is_ok_and(|end| now >= end)
    }
}

/// Every agent's budget, by identity key.
#[derive(Debug, Default)]
pub(crate) struct StepBudgets {
    by_agent: ById<StepBudget>,
}

impl StepBudgets {
    /// The budgets in the store (unreadable records are skipped: a count is progress
    /// tracking, the blocks that matter are in their own table).
    pub(crate) fn load(store: &dyn Store) -> Result<Self, StoreError> {
        let mut budgets = Self::default();
        for (key, bytes) in store.entries(Table::StepBudgets)? {
            if let Ok(b) = serde_json::from_slice(&bytes) {
                budgets.by_agent.insert(key, b);
            }
        }
        Ok(budgets)
    }

    /// Counts one step of `key`; returns its count with this step. A count whose window has
    /// passed starts again.
    pub(crate) fn count(&mut self, key: &str, now: Timestamp, window: SignedDuration) -> u32 {
        let budget = self.by_agent.entry(key.to_owned()).or_insert(StepBudget {
            counted: 0,
            since: now,
        });
        if budget.expired(now, window) {
            *budget = StepBudget {
                counted: 0,
                since: now,
            };
        }
        budget.counted = budget.counted.saturating_add(1);
        budget.counted
    }

    /// Takes back the step just counted (a step that waits does not use up budget).
    pub(crate) fn uncount(&mut self, key: &str) {
        if let Some(b) = self.by_agent.get_mut(key) {
            b.counted = b.counted.saturating_sub(1);
        }
    }

    /// A person let the agent go on: the count starts again now.
    pub(crate) fn reset(&mut self, key: &str, now: Timestamp) {
        self.by_agent.insert(
            key.to_owned(),
            StepBudget {
                counted: 0,
                since: now,
            },
        );
    }

    /// The record to write for `key`.
    pub(crate) fn record(&self, key: &str) -> Option<(String, Vec<u8>)> {
        let b = self.by_agent.get(key)?;
        serde_json::to_vec(b)
            .ok()
            .map(|bytes| (key.to_owned(), bytes))
    }

    /// Every record, for a clean shutdown.
    pub(crate) fn records(&self) -> Vec<(String, Vec<u8>)> {
        self.by_agent
            .keys()
            .filter_map(|key| self.record(key))
            .collect()
    }

    /// Forgets one agent's budget (its record was purged).
    pub(crate) fn forget(&mut self, key: &str) {
        self.by_agent.remove(key);
    }

    /// How many agents have a budget.
    pub(crate) fn len(&self) -> usize {
        self.by_agent.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_agent_until_the_window_passes_or_a_person_resets() {
        let mut b = StepBudgets::default();
        let t0: Timestamp = "2026-11-26T09:00:00Z".parse().expect("time");
        let hour = SignedDuration::from_hours(1);
        for i in 1..=5 {
            assert_eq!(b.count("a", t0, hour), i);
        }
        assert_eq!(b.count("b", t0, hour), 1, "another agent has its own count");
        b.uncount("a");
        assert_eq!(b.count("a", t0, hour), 5);
        let later = t0 + SignedDuration::from_mins(59);
        assert_eq!(b.count("a", later, hour), 6, "within the window");
        let after = t0 + hour;
        assert_eq!(b.count("a", after, hour), 1, "the window passed");
        b.reset("a", after);
        assert_eq!(b.count("a", after, hour), 1);
        b.forget("a");
        assert_eq!(b.len(), 1);
    }
}
