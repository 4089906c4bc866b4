//! The rate limit on approval requests (confirmation-tokens spec 6.5: limit repeated
//! `CONFIRMATION_REQUIRED` responses).
//!
//! Every call that needs a person creates an approval, a confirmation token and a message to
//! the operator. A call with other params is another call, so an agent varying one param could
//! create them without end: a flood of the operator's channels and of the state file. Each
//! agent (by identity) may cause `safety_loop.approval_requests.max_requests` requests per
//! `window_seconds` (default 20 per 10 minutes); past it the request is refused with
//! `RATE_LIMIT_EXCEEDED`, and nothing is recorded and nobody is messaged. Retrying a call that
//! already waits for a person does not count (it finds its pending approval).
//!
//! A fixed window per agent ([`ApprovalWindow`], one rule for every surface). The loop, the
//! gate and `/v1/decide` keep the windows in memory: a restart forgets the counts, which an
//! agent cannot cause, and the map forgets windows that have passed once it grows, so agents
//! inventing new names cannot grow it without bound. A hook session's window is kept in the
//! session's record instead (`crate::hook`): `airlock hook` is a fresh process per tool call
//! when no airlock owns the state, so a count in memory would start again at every call.

use airlock_core::ApprovalRequests;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

use crate::engine::ById;

/// One agent's window of approval requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApprovalWindow {
    /// When the window began (its first request).
    pub start: Timestamp,
    /// Requests counted in it.
    pub requests: u32,
}

impl ApprovalWindow {
    fn ends(&self, limit: &ApprovalRequests) -> Timestamp {
        let window = SignedDuration::from_secs(i64::from(limit.window_seconds));
        self.start.saturating_add(window).unwrap_or(self.start)
    }

    /// Counts a request in `window` (a new one if there is none or it has passed) if the limit
    /// allows it; else says when the window ends.
    pub(crate) fn admit(
        window: &mut Option<Self>,
        now: Timestamp,
        limit: &ApprovalRequests,
    ) -> Result<(), Timestamp> {
        let w = match window {
            Some(w) if now < w.ends(limit) => w,
            _ => window.insert(ApprovalWindow {
                start: now,
                requests: 0,
            }),
        };
        if w.requests >= limit.max_requests {
            return Err(w.ends(limit));
        }
        w.requests += 1;
        Ok(())
    }
}

/// The approval requests per agent.
#[derive(Debug, Default)]
pub(crate) struct ApprovalRate {
    by_agent: ById<ApprovalWindow>,
    /// The map's size after the last sweep of passed windows: the next sweep waits until it
    /// has doubled, so sweeping costs O(1) per request on average.
    swept_at: usize,
}

impl ApprovalRate {
    /// Counts a request of `key` if the limit allows it; else says when the window ends.
    pub(crate) fn admit(
        &mut self,
        key: &str,
        now: Timestamp,
        limit: &ApprovalRequests,
    ) -> Result<(), Timestamp> {
        if self.by_agent.len() >= 2 * self.swept_at.max(512) {
            self.by_agent.retain(|_, w| now < w.ends(limit));
            self.swept_at = self.by_agent.len();
        }
        let mut window = self.by_agent.get(key).copied();
        let admitted = ApprovalWindow::admit(&mut window, now, limit);
        if let Some(w) = window {
            self.by_agent.insert(key.to_owned(), w);
        }
        admitted
    }

    /// How many agents have a window.
    pub(crate) fn len(&self) -> usize {
        self.by_agent.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_agent_gets_its_requests_per_window() {
        let mut rate = ApprovalRate::default();
        let limit = ApprovalRequests {
            max_requests: 3,
            window_seconds: 60,
        };
        let t0: Timestamp = "2026-11-26T09:00:00Z".parse().expect("time");
        for _ in 0..3 {
            assert!(rate.admit("a", t0, &limit).is_ok());
        }
        let until = rate.admit("a", t0, &limit).expect_err("limited");
        assert_eq!(until, t0 + SignedDuration::from_secs(60));
        assert!(rate.admit("b", t0, &limit).is_ok(), "another agent");
        assert!(rate.admit("a", until, &limit).is_ok(), "a new window");
    }

    #[test]
    fn passed_windows_are_forgotten_as_the_map_grows() {
        let mut rate = ApprovalRate::default();
        let limit = ApprovalRequests {
            max_requests: 1,
            window_seconds: 1,
        };
        let t0: Timestamp = "2026-11-26T09:00:00Z".parse().expect("time");
        for i in 0..100_000 {
            let now = t0 + SignedDuration::from_secs(i / 100);
            let _ = rate.admit(&format!("agent-{i}"), now, &limit);
        }
        assert!(rate.len() < 2_000, "{} windows kept", rate.len());
    }
}
