//! The rate limit on failed verification attempts (core spec 8.8.5): at most 10 failures per
//! 60-second window per agent, then a lockout that doubles with each further violation.
//!
//! The state is a small value the store persists per agent ([`AttemptState`]), and the rules are
//! pure functions of it and the time, so a restart changes nothing and the tests need no clock.

use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

/// The rate-limit rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttemptLimit {
    /// Failures allowed in one window (default 10).
    pub max_failures: u32,
    /// The window (default 60 s), also the first lockout's length.
    pub window: SignedDuration,
    /// The longest lockout (default 24 h): doubling stops there.
    pub max_lockout: SignedDuration,
}

impl Default for AttemptLimit {
    fn default() -> Self {
        Self {
            max_failures: 10,
            window: SignedDuration::from_secs(60),
            max_lockout: SignedDuration::from_hours(24),
        }
    }
}

/// One agent's failed-attempt record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AttemptState {
    /// When the current window began.
    pub window_start: Option<Timestamp>,
    /// Failures in the current window.
    pub failures: u32,
    /// How many lockouts the agent has had (each doubles the next).
    pub lockouts: u32,
    /// Until when attempts are refused.
    pub locked_until: Option<Timestamp>,
}

/// Attempts are refused until `until`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("too many failed verification attempts: locked until {until}")]
pub struct LockedOut {
    /// When attempts are accepted again.
    pub until: Timestamp,
}

impl AttemptLimit {
    /// Whether an attempt may be made now.
    pub fn check(&self, state: &AttemptState, now: Timestamp) -> Result<(), LockedOut> {
        match state.locked_until {
            Some(until) if now < until => Err(LockedOut { until }),
            _ => Ok(()),
        }
    }

    /// Records a failed attempt. When the window's failures reach the limit, the agent is locked
    /// out for the window times 2^(earlier lockouts), capped at `max_lockout`: no more than
    /// `max_failures` failures fit in a window (spec 8.8.5).
    pub fn record_failure(&self, state: &mut AttemptState, now: Timestamp) {
        let window_open = state
            .window_start
            .is_some_and(|start| now.duration_since(start) < self.window);
        if !window_open {
            state.window_start = Some(now);
            state.failures = 0;
        }
        state.failures = state.failures.saturating_add(1);
        if state.failures >= self.max_failures {
            let factor = 1i32.checked_shl(state.lockouts.min(30)).unwrap_or(i32::MAX);
            let lockout = self
                .window
                .checked_mul(factor)
                .unwrap_or(self.max_lockout)
                .min(self.max_lockout);
            state.locked_until = Some(now.saturating_add(lockout).unwrap_or(now));
            state.lockouts = state.lockouts.saturating_add(1);
            state.window_start = None;
            state.failures = 0;
        }
    }

    /// Records a success: the window's failures are forgotten. Earlier lockouts still count,
    /// so an attacker who guesses between lockouts keeps doubling them.
    pub fn record_success(&self, state: &mut AttemptState) {
        state.window_start = None;
        state.failures = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(seconds: i64) -> Timestamp {
        Timestamp::from_second(1_800_000_000 + seconds).expect("time")
    }

    #[test]
    fn ten_failures_are_allowed_then_attempts_are_refused_for_a_window() {
        let limit = AttemptLimit::default();
        let mut s = AttemptState::default();
        for i in 0..10 {
            assert_eq!(limit.check(&s, t(i)), Ok(()), "attempt {}", i + 1);
            limit.record_failure(&mut s, t(i));
        }
        // The 11th attempt is refused until a window after the 10th failure.
        assert_eq!(limit.check(&s, t(10)), Err(LockedOut { until: t(69) }));
        assert_eq!(limit.check(&s, t(69)), Ok(()));
    }

    #[test]
    fn failures_spread_over_windows_do_not_lock_out() {
        let limit = AttemptLimit::default();
        let mut s = AttemptState::default();
        for i in 0..100 {
            // Nine failures a minute stays under the limit forever.
            let at = t(i / 9 * 60 + i % 9);
            assert_eq!(limit.check(&s, at), Ok(()), "attempt {i}");
            limit.record_failure(&mut s, at);
        }
        assert_eq!(s.lockouts, 0);
    }

    #[test]
    fn lockouts_double_and_are_capped() {
        let limit = AttemptLimit::default();
        let mut s = AttemptState::default();
        let mut now = 0;
        let mut lengths = Vec::new();
        for _ in 0..14 {
            for _ in 0..10 {
                limit.record_failure(&mut s, t(now));
            }
            let until = s.locked_until.expect("locked");
            lengths.push(until.duration_since(t(now)).as_secs());
            now = until.as_second() - 1_800_000_000;
        }
        assert_eq!(&lengths[..5], &[60, 120, 240, 480, 960]);
        assert_eq!(*lengths.last().expect("lengths"), 24 * 3600);
    }

    #[test]
    fn success_clears_the_window_but_not_the_history() {
        let limit = AttemptLimit::default();
        let mut s = AttemptState::default();
        for _ in 0..10 {
            limit.record_failure(&mut s, t(0));
        }
        limit.record_success(&mut s);
        assert_eq!((s.failures, s.lockouts), (0, 1));
        for _ in 0..10 {
            limit.record_failure(&mut s, t(100));
        }
        assert_eq!(
            s.locked_until,
            Some(t(100 + 120)),
            "the second lockout is doubled"
        );
    }

    #[test]
    fn the_state_persists_as_json() {
        let limit = AttemptLimit::default();
        let mut s = AttemptState::default();
        for _ in 0..10 {
            limit.record_failure(&mut s, t(0));
        }
        let back: AttemptState =
            serde_json::from_str(&serde_json::to_string(&s).expect("serialize")).expect("parse");
        assert_eq!(back, s);
        assert!(
            limit.check(&back, t(1)).is_err(),
            "a restart keeps the lockout"
        );
    }
}
