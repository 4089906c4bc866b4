//! The time budget of one guest entry: a deadline counts the CPU time the guest's thread
//! spends, not the wall-clock time that passes, with a wall-clock ceiling of
//! [`WALL_CEILING_FACTOR`] times the deadline.
//!
//! Why: on a loaded machine a thread can wait for a core for tens of milliseconds. With a plain
//! wall-clock deadline a scorer that needs 5 us was stopped as a timeout when its thread was
//! descheduled mid-call, and a timeout fails closed: a harmless action scored 100 and the agent
//! was hard-blocked because the host was busy (seen in the benches, load average 8 on 2 cores).
//! An infinite loop still burns CPU time and is stopped within its deadline plus about two
//! ticks; a guest starved of CPU is stopped at the ceiling, so nothing waits forever.
//!
//! The hot path pays nothing: the budget is checked from the epoch deadline callback, which
//! runs only when an entry is still running after [`FIRST_CHECK_TICKS`] ticks. A normal call
//! (microseconds) never gets there. The CPU time used before the first check is unknown (it
//! would cost a system call per call to read it at the start), so it is counted as the wall
//! time elapsed, capped at the first check's nominal two ticks: an entry is charged at most
//! two ticks it may not have used, and never more.

use std::time::{Duration, Instant};

use wasmtime::UpdateDeadline;

use crate::ticker::{TICK, ticks_for};

/// How many times the deadline a guest may take in wall-clock time, however little CPU it got.
pub(crate) const WALL_CEILING_FACTOR: u32 = 10;

/// The first check of an entry's budget, in ticks after it starts.
pub(crate) const FIRST_CHECK_TICKS: u64 = 2;

/// Which limit stopped an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exceeded {
    /// The guest used its deadline's worth of CPU time.
    Cpu,
    /// The guest was still running at the wall-clock ceiling.
    WallCeiling,
}

/// The budget of the entry in progress.
#[derive(Debug)]
pub(crate) struct EntryBudget {
    started: Instant,
    cpu: Duration,
    ceiling: Duration,
    /// At the first check: the CPU time charged for the time before it, and the thread's CPU
    /// clock then.
    baseline: Option<(Duration, Duration)>,
    exceeded: Option<Exceeded>,
}

impl EntryBudget {
    /// A budget of `deadline` of CPU time, starting now.
    pub(crate) fn new(deadline: Duration) -> Self {
        EntryBudget {
            started: Instant::now(),
            cpu: deadline,
            ceiling: deadline.saturating_mul(WALL_CEILING_FACTOR),
            baseline: None,
            exceeded: None,
        }
    }

    /// Which limit stopped the entry, if one did.
    pub(crate) fn exceeded(&self) -> Option<Exceeded> {
        self.exceeded
    }

    /// The epoch deadline callback: stop the guest, or check again when the rest of its budget
    /// could be used up.
    pub(crate) fn check(&mut self) -> UpdateDeadline {
        self.check_with(self.started.elapsed(), thread_cpu_time())
    }

    /// [`check`](Self::check) with the clocks given: `wall` since the start, and the thread's
    /// CPU clock (`None` where the platform has none: then the deadline is wall-clock time).
    fn check_with(&mut self, wall: Duration, thread_cpu: Option<Duration>) -> UpdateDeadline {
        if wall >= self.ceiling {
            self.exceeded = Some(Exceeded::WallCeiling);
            return UpdateDeadline::Interrupt;
        }
        let used = match (thread_cpu, self.baseline) {
            (None, _) => wall,
            (Some(now), None) => {
                let before = wall.min(TICK.saturating_mul(FIRST_CHECK_TICKS as u32));
                self.baseline = Some((before, now));
                before
            }
            (Some(now), Some((before, at))) => before + now.saturating_sub(at),
        };
        if used >= self.cpu {
            self.exceeded = Some(Exceeded::Cpu);
            return UpdateDeadline::Interrupt;
        }
        // The earliest the budget or the ceiling can run out; `ticks_for` adds a tick of slack.
        let next = (self.cpu - used).min(self.ceiling - wall);
        UpdateDeadline::Continue(ticks_for(next).max(1))
    }
}

/// The CPU time this thread has used.
#[cfg(unix)]
fn thread_cpu_time() -> Option<Duration> {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    let secs = u64::try_from(t.tv_sec).ok()?;
    let nanos = u32::try_from(t.tv_nsec).ok()?;
    Some(Duration::new(secs, nanos))
}

/// No thread CPU clock here: deadlines are wall-clock time.
#[cfg(not(unix))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    fn continues(u: UpdateDeadline) -> Option<u64> {
        match u {
            UpdateDeadline::Continue(ticks) => Some(ticks),
            _ => None,
        }
    }

    #[test]
    fn a_descheduled_guest_is_not_stopped_at_its_deadline() {
        let mut b = EntryBudget::new(10 * MS);
        // 30 ms passed, but the thread ran only 3 ms since the first check.
        assert!(continues(b.check_with(2 * MS, Some(100 * MS))).is_some());
        assert!(continues(b.check_with(30 * MS, Some(103 * MS))).is_some());
        assert_eq!(b.exceeded(), None);
    }

    #[test]
    fn a_busy_guest_is_stopped_when_its_cpu_time_is_used() {
        let mut b = EntryBudget::new(10 * MS);
        assert!(continues(b.check_with(2 * MS, Some(50 * MS))).is_some());
        // 2 ms charged before the first check + 8 ms since.
        assert!(matches!(
            b.check_with(10 * MS, Some(58 * MS)),
            UpdateDeadline::Interrupt
        ));
        assert_eq!(b.exceeded(), Some(Exceeded::Cpu));
    }

    #[test]
    fn the_time_before_the_first_check_is_charged_at_most_two_ticks() {
        let mut b = EntryBudget::new(10 * MS);
        // The first check came 40 ms late (a starved thread): only 2 ms are charged.
        assert!(continues(b.check_with(40 * MS, Some(7 * MS))).is_some());
        assert!(continues(b.check_with(45 * MS, Some(14 * MS))).is_some());
        assert!(matches!(
            b.check_with(46 * MS, Some(15 * MS)),
            UpdateDeadline::Interrupt
        ));
    }

    #[test]
    fn a_starved_guest_is_stopped_at_the_wall_clock_ceiling() {
        let mut b = EntryBudget::new(10 * MS);
        assert!(continues(b.check_with(2 * MS, Some(Duration::ZERO))).is_some());
        assert!(matches!(
            b.check_with(100 * MS, Some(MS)),
            UpdateDeadline::Interrupt
        ));
        assert_eq!(b.exceeded(), Some(Exceeded::WallCeiling));
    }

    #[test]
    fn without_a_cpu_clock_the_deadline_is_wall_clock_time() {
        let mut b = EntryBudget::new(10 * MS);
        assert!(continues(b.check_with(2 * MS, None)).is_some());
        assert!(matches!(
            b.check_with(10 * MS, None),
            UpdateDeadline::Interrupt
        ));
        assert_eq!(b.exceeded(), Some(Exceeded::Cpu));
    }

    #[test]
    fn the_next_check_is_when_the_budget_could_run_out() {
        let mut b = EntryBudget::new(10 * MS);
        // 2 ms charged: 8 ms left, checked again in 8 ticks plus one of slack.
        assert_eq!(continues(b.check_with(2 * MS, Some(MS))), Some(9));
    }

    #[test]
    fn this_thread_has_a_cpu_clock_that_advances() {
        let Some(a) = thread_cpu_time() else { return };
        let mut x = 0u64;
        let start = Instant::now();
        while start.elapsed() < 5 * MS {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let b = thread_cpu_time().expect("the clock worked a moment ago");
        assert!(b > a, "thread CPU time did not advance: {a:?} then {b:?}");
    }
}
