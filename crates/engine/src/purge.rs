//! The purge of expired records: what keeps the state file bounded.
//!
//! Confirmation tokens, approvals and challenges expire, executions end, sessions are freed
//! and step budgets run out, but nothing removed their records: the state file grew with
//! every request an agent ever made. A purge pass scans a bounded page of each table from where
//! the last pass stopped (at most [`PAGE`] records per table), and removes what can no longer
//! matter:
//!
//! | table | removed when |
//! | --- | --- |
//! | `tokens` | a token's `expires_at` is [`GRACE`] past (its approval's lifetime, 15 minutes at most, is inside it); a call's token pointer whose token is gone |
//! | `approvals` | its `expires_at` is [`GRACE`] past, whatever its state (a person can no longer decide it, nor can it be used) |
//! | `challenges` | its `expires_at` is [`GRACE`] past (it can only fail; a blocked agent's operator reissues one) |
//! | `executions` | it ended [`GRACE`] ago |
//! | `sessions` | the block it points at was lifted |
//! | `step_budgets` | its window has passed (the count would start again) |
//!
//! After every write that adds such a record, a page of [`PAGE_ON_WRITE`] records of that
//! table is scanned (more than the one record added, so purging keeps pace with inserting and
//! a table holds at most about `live x PAGE_ON_WRITE / (PAGE_ON_WRITE - 1)` records); on a step,
//! at most every [`EVERY`], a page of every table. Removals are lazy writes (a crash may bring back a record the purge
//! removed; the next pass removes it again). The pass runs under the engine's state lock, so it
//! never races a decision about the same record; its work is bounded by the page size.
//!
//! Hard blocks, attempt limits, trust changes and running executions are never purged: they
//! are live state. **Audit entries are never purged either**: the log is append-only, and how
//! long to keep it is the operator's decision (`airlock audit --from N` exports it as JSON
//! lines; rotate the state file to start a new log).

use airlock_store::{Durability, StoreError, Table};
use jiff::{SignedDuration, Timestamp};
use serde::Serialize;
use tracing::debug;

use crate::approval::Approval;
use crate::challenge::Challenge;
use crate::engine::{Engine, LoopState};
use crate::execution::{Execution, ExecutionState};
use crate::sessions::SessionRecord;
use crate::step_budget::StepBudget;
use crate::token::TokenRecord;

/// Records scanned per table in one scheduled pass, at most.
pub const PAGE: usize = 64;
/// Records scanned in the table a write added to, after the write.
pub const PAGE_ON_WRITE: usize = 16;
/// How long after expiring (or ending) a record is kept: longer than a confirmation token's
/// longest lifetime after its approval (15 minutes, confirmation-tokens spec 5.1) and clock
/// skew, shorter than the hour within which the spec asks expired tokens to be purged (5.5).
pub const GRACE: SignedDuration = SignedDuration::from_mins(20);
/// How often a step runs a pass when no write did.
pub const EVERY: SignedDuration = SignedDuration::from_secs(60);

/// The tables a pass goes through.
const PURGED: [Table; 6] = [
    Table::Tokens,
    Table::Approvals,
    Table::Challenges,
    Table::Executions,
    Table::Sessions,
    Table::StepBudgets,
];

/// Where the purge stands: per table, the last key scanned.
#[derive(Debug, Default)]
pub(crate) struct Purger {
    after: [Option<String>; PURGED.len()],
    last_pass: Option<Timestamp>,
}

/// What purging did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PurgeReport {
    /// Records looked at.
    pub scanned: usize,
    /// Records removed.
    pub removed: usize,
    /// Whether every table was scanned to its end in this call (a whole round).
    pub round_complete: bool,
}

impl Engine {
    /// Runs purge passes until `max_records` records were looked at or every table was
    /// scanned to its end once. For a scheduled purge, and for tests; the engine also purges on
    /// its own (after writes, and on steps at most every minute).
    pub fn purge_expired(&self, max_records: usize) -> Result<PurgeReport, StoreError> {
        let now = self.clock.now();
        let window = self.step_window();
        let mut state = self.lock();
        let mut report = PurgeReport::default();
        let mut finished = [false; PURGED.len()];
        while report.scanned < max_records && !finished.iter().all(|f| *f) {
            for (i, table) in PURGED.into_iter().enumerate() {
                if finished[i] {
                    continue;
                }
                let (scanned, removed, at_end) =
                    self.purge_page(&mut state, i, table, now, window, PAGE)?;
                report.scanned += scanned;
                report.removed += removed;
                finished[i] |= at_end;
            }
        }
        report.round_complete = finished.iter().all(|f| *f);
        state.purger.last_pass = Some(now);
        Ok(report)
    }

    /// After a write that added records to `tables`: a page of each of them. Failures are
    /// logged: a record left for the next pass is harmless.
    pub(crate) fn purge_after_write(
        &self,
        state: &mut LoopState,
        tables: &[Table],
        now: Timestamp,
    ) {
        let window = self.step_window();
        for (i, table) in PURGED.into_iter().enumerate() {
            if !tables.contains(&table) {
                continue;
            }
            if let Err(e) = self.purge_page(state, i, table, now, window, PAGE_ON_WRITE) {
                debug!(table = table.name(), error = %e, "purge pass failed");
                return;
            }
        }
    }

    /// A page of every table, if the last such pass is [`EVERY`] old.
    pub(crate) fn purge_if_due(&self, state: &mut LoopState, now: Timestamp) {
        let due = state
            .purger
            .last_pass
            .is_none_or(|t| t.saturating_add(EVERY).is_ok_and(|next| now >= next));
        if !due {
            return;
        }
        state.purger.last_pass = Some(now);
        let window = self.step_window();
        for (i, table) in PURGED.into_iter().enumerate() {
            if let Err(e) = self.purge_page(state, i, table, now, window, PAGE) {
                debug!(table = table.name(), error = %e, "purge pass failed");
                return;
            }
        }
    }

    fn step_window(&self) -> SignedDuration {
        let policy = self.policy.current();
        SignedDuration::from_secs(i64::from(policy.config().safety_loop.step_window_seconds))
    }

    /// Scans one page of `table` after where the last pass stopped; returns how many records
    /// it looked at and removed, and whether it reached the table's end (the next page starts
    /// again from the first key).
    fn purge_page(
        &self,
        state: &mut LoopState,
        index: usize,
        table: Table,
        now: Timestamp,
        window: SignedDuration,
        limit: usize,
    ) -> Result<(usize, usize, bool), StoreError> {
        let store = self.store.as_ref();
        let page = store.page(table, state.purger.after[index].as_deref(), limit)?;
        let at_end = page.len() < limit;
        state.purger.after[index] = if at_end {
            None
        } else {
            page.last().map(|(k, _)| k.clone())
        };
        let past = |t: Timestamp| t.saturating_add(GRACE).is_ok_and(|end| now >= end);
        let mut removed = 0;
        for (key, bytes) in &page {
            let expired = match table {
                Table::Tokens => match key.strip_prefix("call:") {
                    // A call's pointer to its token: gone with the token.
                    Some(_) => std::str::from_utf8(bytes).map_or(true, |digest| {
                        store.get(Table::Tokens, digest).ok() == Some(None)
                    }),
                    None => serde_json::from_slice::<TokenRecord>(bytes)
                        .is_ok_and(|t| past(t.expires_at)),
                },
                Table::Approvals => {
                    serde_json::from_slice::<Approval>(bytes).is_ok_and(|a| past(a.expires_at))
                }
                Table::Challenges => {
                    serde_json::from_slice::<Challenge>(bytes).is_ok_and(|c| past(c.expires_at))
                }
                Table::Executions => serde_json::from_slice::<Execution>(bytes).is_ok_and(|e| {
                    e.state != ExecutionState::Running && e.ended_at.is_some_and(past)
                }),
                Table::Sessions => serde_json::from_slice::<SessionRecord>(bytes)
                    .is_ok_and(|s| !self.block_of(state, &s.agent_key).is_blocked()),
                Table::StepBudgets => serde_json::from_slice::<StepBudget>(bytes)
                    .is_ok_and(|b| b.since.saturating_add(window).is_ok_and(|end| now >= end)),
                _ => false,
            };
            if expired {
                store.remove(table, key, Durability::Lazy)?;
                if table == Table::StepBudgets {
                    state.budgets.forget(key);
                }
                removed += 1;
            }
        }
        Ok((page.len(), removed, at_end))
    }
}
