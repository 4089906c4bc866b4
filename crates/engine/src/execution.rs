//! Executions: one agent's run inside the safety loop, from `execute_agent` to
//! `complete_execution` or `abort_execution`, with its step counters.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use airlock_core::RiskTolerance;
use airlock_store::{Durability, Store, StoreError, Table};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use crate::records::put_json;

/// Where an execution stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExecutionState {
    /// Reporting steps.
    Running,
    /// Ended by `complete_execution`.
    Completed,
    /// Ended by `abort_execution`, or replaced by a new execution of the same agent.
    Aborted,
}

impl ExecutionState {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            ExecutionState::Running => "running",
            ExecutionState::Completed => "completed",
            ExecutionState::Aborted => "aborted",
        }
    }
}

/// How many recent hints an execution keeps for the stages (`recent_hints`).
pub const RECENT_HINTS: usize = airlock_core::stages::MAX_RECENT_HINTS as usize;

/// One execution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Execution {
    /// Its id (UUID v4).
    pub id: String,
    /// The agent (`element_name`), as it gave its name.
    pub agent: String,
    /// The agent's identity key ([`crate::identity::identity_key`]): what the execution is
    /// looked up by. Filled from `agent` for records written before it existed.
    #[serde(default)]
    pub agent_key: String,
    /// What the agent said it set out to do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    /// When it started.
    pub started_at: Timestamp,
    /// When it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<Timestamp>,
    /// Where it stands.
    pub state: ExecutionState,
    /// Steps reported so far.
    pub steps: u32,
    /// Steps that counted against the step limit since the start or the last time a person let
    /// the agent go on.
    pub autonomous_steps: u32,
    /// The step limit of this execution.
    pub max_autonomous_steps: u32,
    /// The risk tolerance of this execution.
    pub risk_tolerance: RiskTolerance,
    /// The last few hints, oldest first.
    #[serde(default)]
    pub recent_hints: Vec<String>,
    /// How often each action was reported (for repetition escalation), by normalized hint.
    #[serde(default)]
    pub repetitions: Repetitions,
    /// Why it ended, when it ended abnormally.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_reason: Option<String>,
    /// A hook session's approval requests in the current window (`crate::approval_rate`): kept
    /// with its record, since a hook is a fresh process per tool call. `None` elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval_window: Option<crate::approval_rate::ApprovalWindow>,
    /// When this process last wrote the record (see [`Execution::record_if_due`]); not stored.
    #[serde(skip)]
    pub saved_at: Option<Instant>,
}

/// How often a running execution's counters are written at most, while its steps are plain
/// continues. Serializing the record (with its repetition counts) at every step cost more than
/// deciding the step; a crash loses at most this much more of the counts than the store's own
/// sync interval, which only ever gives an agent back a few steps of budget.
pub const SAVE_EVERY: Duration = Duration::from_millis(200);

/// Repetition counts by normalized hint. The hints are the agent's, but the map is bounded
/// (4,096 keys at most) and the hasher is seeded per process.
pub type Repetitions = HashMap<String, u32, foldhash::fast::RandomState>;

/// The most distinct actions an execution counts for repetition; past it the oldest counts are
/// dropped, so a long execution cannot grow without bound.
const MAX_REPETITION_KEYS: usize = 4096;

impl Execution {
    /// Steps left before the step limit.
    pub fn steps_remaining(&self) -> u32 {
        self.max_autonomous_steps
            .saturating_sub(self.autonomous_steps)
    }

    /// The record to write now, if it is due: always when `now_matters` (a pause, a stop, a
    /// person's decision), else at most every [`SAVE_EVERY`]. Serialized here, under the state
    /// lock, so the execution is not cloned.
    pub fn record_if_due(&mut self, now_matters: bool) -> Option<Vec<u8>> {
        let now = Instant::now();
        let due = now_matters
            || self
                .saved_at
                .is_none_or(|t| now.duration_since(t) >= SAVE_EVERY);
        if !due {
            return None;
        }
        self.saved_at = Some(now);
        serde_json::to_vec(self).ok()
    }

    /// Records a reported hint among the recent ones (what the stages see as context).
    pub fn note_hint(&mut self, hint: &str) {
        if self.recent_hints.len() == RECENT_HINTS {
            self.recent_hints.remove(0);
        }
        self.recent_hints.push(hint.to_owned());
    }

    /// Counts an evaluation of this action; returns how many times it has now been evaluated in
    /// the execution. Reports answered without an evaluation (while paused or blocked) do not
    /// count, so an agent polling a pause does not escalate itself.
    pub fn count_evaluation(&mut self, hint: &str) -> u32 {
        thread_local! {
            // The key of a step, normalized into a buffer kept per thread: an action seen
            // before (the usual case) is counted without an allocation.
            static KEY: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
        }
        KEY.with_borrow_mut(|key| {
            normalize_into(hint, key);
            if let Some(count) = self.repetitions.get_mut(key.as_str()) {
                *count += 1;
                return *count;
            }
            if self.repetitions.len() >= MAX_REPETITION_KEYS {
                self.repetitions.clear();
            }
            self.repetitions.insert(key.clone(), 1);
            1
        })
    }
}

/// The form in which two reports count as the same action: case and runs of whitespace do not
/// matter.
pub fn normalize(hint: &str) -> String {
    let mut key = String::with_capacity(hint.len());
    normalize_into(hint, &mut key);
    key
}

/// [`normalize`] into `key` (emptied first): one pass, and no allocation once `key` is large
/// enough; it runs at every step.
fn normalize_into(hint: &str, key: &mut String) {
    key.clear();
    for word in hint.split_whitespace() {
        if !key.is_empty() {
            key.push(' ');
        }
        if word.is_ascii() {
            key.extend(word.chars().map(|c| c.to_ascii_lowercase()));
        } else {
            key.push_str(&word.to_lowercase());
        }
    }
}

/// Saves an execution. Step counters are hot: lazy, made durable by the next durable write (a
/// crash may lose the last few counts, which only ever gives back a few steps of budget; the
/// blocks and pauses that matter are durable on their own).
pub fn save(
    store: &dyn Store,
    execution: &Execution,
    durability: Durability,
) -> Result<(), StoreError> {
    put_json(
        store,
        Table::Executions,
        &execution.id,
        execution,
        durability,
    )
}

/// Every execution still running, to pick up after a restart. Unreadable records are skipped
/// (an execution is progress tracking; the blocks that matter are in their own table).
pub fn load_running(store: &dyn Store) -> Result<Vec<Execution>, StoreError> {
    Ok(store
        .entries(Table::Executions)?
        .into_iter()
        .filter_map(|(_, bytes)| serde_json::from_slice::<Execution>(&bytes).ok())
        .filter(|e| e.state == ExecutionState::Running)
        .map(|mut e| {
            if e.agent_key.is_empty() {
                e.agent_key = crate::identity::identity_key(&e.agent);
            }
            e
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetition_counts_the_same_action_whatever_its_spacing() {
        let mut e = Execution {
            id: "e".into(),
            agent: "a".into(),
            agent_key: "a".into(),
            goal: None,
            started_at: Timestamp::UNIX_EPOCH,
            ended_at: None,
            state: ExecutionState::Running,
            steps: 0,
            autonomous_steps: 0,
            max_autonomous_steps: 10,
            risk_tolerance: RiskTolerance::Moderate,
            recent_hints: vec![],
            repetitions: Repetitions::default(),
            end_reason: None,
            approval_window: None,
            saved_at: None,
        };
        assert_eq!(e.count_evaluation("rm  -rf build"), 1);
        assert_eq!(e.count_evaluation("RM -rf build"), 2);
        assert_eq!(e.count_evaluation("ls"), 1);
        assert_eq!(e.count_evaluation(" \tÉCHO   Straße\n"), 1);
        assert_eq!(e.count_evaluation("écho straße"), 2);
        assert_eq!(
            normalize("  A\u{3000}B  "),
            "a b",
            "any Unicode whitespace separates"
        );
        for i in 0..20 {
            e.note_hint(&format!("step {i}"));
        }
        assert_eq!(e.recent_hints.len(), RECENT_HINTS);
        assert_eq!(e.recent_hints.last().map(String::as_str), Some("step 19"));
    }
}
