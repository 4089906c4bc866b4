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
                        engine.increment_epoch();
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

    #[test]
    fn the_ticker_stops_on_drop() {
        let engine = Engine::default();
        let ticker = EpochTicker::start(engine).expect("ticker");
        std::thread::sleep(Duration::from_millis(5));
        let started = Instant::now();
        drop(ticker);
        assert!(started.elapsed() < Duration::from_millis(100));
    }
}
