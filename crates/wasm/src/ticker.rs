//! The epoch ticker: a thread that advances the engine's epoch every millisecond, so that a
//! guest's epoch deadline is a wall-clock deadline with a resolution of one tick.

use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use wasmtime::Engine;

/// One epoch tick.
pub(crate) const TICK: Duration = Duration::from_millis(1);

/// The running ticker. Dropping it stops the thread and waits for it.
pub(crate) struct EpochTicker {
    stop: Option<Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl EpochTicker {
    /// Starts ticking `engine`.
    pub(crate) fn start(engine: Engine) -> std::io::Result<Self> {
        Self::start_with(move || engine.increment_epoch())
    }

    /// Starts calling `tick` once per [`TICK`] of wall-clock time (a test counts the calls).
    fn start_with(mut tick: impl FnMut() + Send + 'static) -> std::io::Result<Self> {
        let (stop, stopped) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("airlock-wasm-epoch".into())
            .spawn(move || {
                // The epoch follows the wall clock, not the number of wake-ups: a wake-up comes a
                // little after each tick (more on a loaded machine), and counting wake-ups would
                // let deadlines drift long. Each wake-up catches up with the ticks that are due.
                let started = Instant::now();
                let mut ticks: u128 = 0;
                // A message or a dropped sender ends the loop.
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(TICK) {
                    let due = started.elapsed().as_nanos() / TICK.as_nanos();
                    while ticks < due {
                        tick();
                        ticks += 1;
                    }
                }
            })?;
        Ok(EpochTicker {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for EpochTicker {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            // The thread only loops and ticks: it cannot panic, and if it did there is nothing
            // left to clean up.
            let _ = thread.join();
        }
    }
}

/// The epoch deadline, in ticks, for a wall-clock deadline: rounded up, plus one tick of slack
/// because the current tick may be about to end.
pub(crate) fn ticks_for(deadline: Duration) -> u64 {
    let tick = TICK.as_nanos();
    let ticks = deadline.as_nanos().div_ceil(tick);
    u64::try_from(ticks)
        .unwrap_or(u64::MAX - 1)
        .saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_round_up_with_one_tick_of_slack() {
        assert_eq!(ticks_for(Duration::from_millis(10)), 11);
        assert_eq!(ticks_for(Duration::from_micros(1500)), 3);
        assert_eq!(ticks_for(Duration::from_secs(1)), 1001);
    }

    /// Once `drop` returns, the thread has ended: no tick comes after it, however long one
    /// waits (a ticker that only signalled, or did not stop, would keep counting).
    #[test]
    fn the_ticker_stops_on_drop() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicU64, Ordering};

        let ticks = Arc::new(AtomicU64::new(0));
        let counter = Arc::clone(&ticks);
        let ticker = EpochTicker::start_with(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        })
        .expect("ticker");
        let deadline = Instant::now() + Duration::from_secs(10);
        while ticks.load(Ordering::SeqCst) < 3 {
            assert!(Instant::now() < deadline, "the ticker ticks");
            std::thread::sleep(TICK);
        }
        drop(ticker);
        let at_drop = ticks.load(Ordering::SeqCst);
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(
            ticks.load(Ordering::SeqCst),
            at_drop,
            "a tick after drop returned"
        );
    }
}
