//! Capped sleeps: the guest's monotonic clock, and `subscribe-duration` / `subscribe-instant`
//! replaced by versions whose wait ends by the current entry's deadline.
//!
//! Epoch interruption stops wasm code, not the host: a guest blocked in WASI's `poll` on a
//! clock (Python's `time.sleep(3600)`, or a subscription so far ahead that wasmtime-wasi waits
//! forever) would hold its caller's thread for as long as it asked. Here a wait that would end
//! after the deadline ends at the deadline instead, and marks the entry as overslept: whatever
//! the guest does next, the entry fails closed as a timeout. Waits that end before the deadline
//! are kept as asked (and count toward it). A policy has no business sleeping, so nothing is
//! lost.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use wasmtime::StoreContextMut;
use wasmtime::component::{Linker, Resource};
use wasmtime_wasi::HostMonotonicClock;
use wasmtime_wasi::p2::{DynPollable, Pollable, subscribe};

use crate::state::GuestState;

/// The monotonic clock interface as wasmtime-wasi 48 defines it (the version of its WIT). A
/// test proves the replacement takes effect: if this name were stale, it would not.
const MONOTONIC_CLOCK: &str = "wasi:clocks/monotonic-clock@0.2.12";

/// The guest's monotonic clock: nanoseconds since its store was created.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GuestClock {
    origin: Instant,
}

impl GuestClock {
    pub(crate) fn new() -> Self {
        GuestClock {
            origin: Instant::now(),
        }
    }

    fn nanos(&self) -> u64 {
        u64::try_from(self.origin.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }
}

impl HostMonotonicClock for GuestClock {
    fn resolution(&self) -> u64 {
        1
    }

    fn now(&self) -> u64 {
        self.nanos()
    }
}

/// A wait that ends at `until`; `cut` is set when it ends there because of the deadline.
struct CappedSleep {
    until: tokio::time::Instant,
    cut: Option<Arc<AtomicBool>>,
}

#[wasmtime_wasi::async_trait]
impl Pollable for CappedSleep {
    async fn ready(&mut self) {
        tokio::time::sleep_until(self.until).await;
        if let Some(cut) = &self.cut {
            cut.store(true, Ordering::Relaxed);
        }
    }
}

/// A pollable that is ready after `wanted`, or at the entry's deadline if that is sooner.
fn capped_subscribe(
    mut cx: StoreContextMut<'_, GuestState>,
    wanted: Duration,
) -> wasmtime::Result<Resource<DynPollable>> {
    let now = Instant::now();
    let deadline = cx.data().entry_deadline();
    let sleep = match now.checked_add(wanted) {
        Some(until) if until <= deadline => CappedSleep {
            until: until.into(),
            cut: None,
        },
        _ => CappedSleep {
            until: deadline.into(),
            cut: Some(Arc::clone(cx.data().overslept_flag())),
        },
    };
    let table = cx.data_mut().wasi_mut().table();
    let sleep = table.push(sleep)?;
    subscribe(table, sleep)
}

/// Replaces the clock subscriptions of a linker that already has WASI.
pub(crate) fn cap_sleeps(linker: &mut Linker<GuestState>) -> wasmtime::Result<()> {
    linker.allow_shadowing(true);
    let mut clock = linker.instance(MONOTONIC_CLOCK)?;
    clock.func_wrap(
        "subscribe-duration",
        |cx: StoreContextMut<'_, GuestState>, (nanos,): (u64,)| {
            Ok((capped_subscribe(cx, Duration::from_nanos(nanos))?,))
        },
    )?;
    clock.func_wrap(
        "subscribe-instant",
        |mut cx: StoreContextMut<'_, GuestState>, (when,): (u64,)| {
            let now = cx.data_mut().wasi_mut().clock().nanos();
            let wanted = Duration::from_nanos(when.saturating_sub(now));
            Ok((capped_subscribe(cx, wanted)?,))
        },
    )?;
    linker.allow_shadowing(false);
    Ok(())
}
