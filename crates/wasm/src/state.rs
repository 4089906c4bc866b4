//! What a store carries for its one guest instance: the memory cap and, only for components
//! that import WASI, the capability-less WASI.

use crate::limiter::MemoryCap;
use crate::wasi::WasiState;

/// The data of a guest's `Store`.
pub(crate) struct GuestState {
    /// The memory cap, installed as the store's limiter.
    pub(crate) cap: MemoryCap,
    /// Created on the first WASI call, so components without WASI imports never pay for it.
    wasi: Option<Box<WasiState>>,
}

impl GuestState {
    /// A state with a memory cap of `memory_bytes`.
    pub(crate) fn new(memory_bytes: usize) -> Self {
        GuestState {
            cap: MemoryCap::new(memory_bytes),
            wasi: None,
        }
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
