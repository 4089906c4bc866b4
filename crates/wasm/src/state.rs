//! What a store carries for its one guest instance: the memory cap and, only for components
//! that import WASI, the capability-less WASI.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::budget::EntryBudget;
use crate::limiter::MemoryCap;
use crate::wasi::WasiState;

/// The data of a guest's `Store`.
pub(crate) struct GuestState {
    /// The memory cap, installed as the store's limiter.
    pub(crate) cap: MemoryCap,
    /// Created on the first WASI call, so components without WASI imports never pay for it.
    wasi: Option<Box<WasiState>>,
    /// When the current entry's deadline passes: no WASI wait goes beyond it.
    entry_deadline: Instant,
    /// The current entry's CPU-time budget, checked by the epoch deadline callback.
    pub(crate) budget: EntryBudget,
    /// Set when a WASI wait was cut at the entry's deadline: the entry timed out.
    overslept: Arc<AtomicBool>,
}

impl GuestState {
    /// A state with a memory cap of `memory_bytes`.
    pub(crate) fn new(memory_bytes: usize) -> Self {
        GuestState {
            cap: MemoryCap::new(memory_bytes),
            wasi: None,
            entry_deadline: Instant::now(),
            budget: EntryBudget::new(Duration::ZERO),
            overslept: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Starts an entry with this deadline: forgets the last entry's memory refusal and cut
    /// waits, and caps this entry's waits at its deadline.
    pub(crate) fn begin_entry(&mut self, deadline: Duration) {
        self.cap.clear_refused();
        self.overslept.store(false, Ordering::Relaxed);
        self.entry_deadline = Instant::now() + deadline;
        self.budget = EntryBudget::new(deadline);
    }

    /// When the current entry's deadline passes.
    pub(crate) fn entry_deadline(&self) -> Instant {
        self.entry_deadline
    }

    /// The flag a cut wait sets.
    pub(crate) fn overslept_flag(&self) -> &Arc<AtomicBool> {
        &self.overslept
    }

    /// Whether a WASI wait was cut at the deadline during this entry.
    pub(crate) fn overslept(&self) -> bool {
        self.overslept.load(Ordering::Relaxed)
    }

    /// The WASI state, created on first use.
    pub(crate) fn wasi_mut(&mut self) -> &mut WasiState {
        self.wasi.get_or_insert_with(|| Box::new(WasiState::new()))
    }

    /// Logs and discards what the guest wrote to stdout and stderr, if it has WASI.
    pub(crate) fn flush_output(&self, origin: &str) {
        if let Some(wasi) = &self.wasi {
            wasi.flush_output(origin);
        }
    }
}
