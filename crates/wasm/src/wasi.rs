//! The capability-less WASI given to components that import WASI 0.2.
//!
//! Toolchains such as componentize-py and jco produce components that import WASI even when
//! the policy never touches a file. Refusing them would shut those languages out; granting the
//! host's WASI would hand a policy the machine. They get a WASI that answers every import and
//! reaches nothing: no preopened directories (every `open` fails), no environment variables, no
//! arguments, a closed stdin, no TCP, UDP or name lookups. Random numbers and the wall clock are
//! the host's (CPython reads both while starting); the monotonic clock counts from the store's
//! creation and sleeps on it are capped at the entry's deadline (see `sleep.rs`). stdout and
//! stderr go to bounded in-memory pipes that are logged with `tracing` after every entry and
//! then discarded.

use wasmtime::component::{Linker, ResourceTable};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

use crate::pipe::{LogPipe, PIPE_CAPACITY};
use crate::sleep::{GuestClock, cap_sleeps};
use crate::state::GuestState;

/// One store's WASI: its context, its resource table and its output pipes.
pub(crate) struct WasiState {
    ctx: WasiCtx,
    table: ResourceTable,
    stdout: LogPipe,
    stderr: LogPipe,
    clock: GuestClock,
}

impl WasiState {
    /// A WASI with nothing in it.
    pub(crate) fn new() -> Self {
        let stdout = LogPipe::new(PIPE_CAPACITY);
        let stderr = LogPipe::new(PIPE_CAPACITY);
        let clock = GuestClock::new();
        let ctx = WasiCtx::builder()
            .monotonic_clock(clock)
            .stdout(stdout.clone())
            .stderr(stderr.clone())
            .allow_tcp(false)
            .allow_udp(false)
            .allow_ip_name_lookup(false)
            .build();
        WasiState {
            ctx,
            table: ResourceTable::new(),
            stdout,
            stderr,
            clock,
        }
    }

    /// The resource table of WASI's handles.
    pub(crate) fn table(&mut self) -> &mut ResourceTable {
        &mut self.table
    }

    /// The guest's monotonic clock.
    pub(crate) fn clock(&self) -> GuestClock {
        self.clock
    }

    /// Logs what the guest wrote during the last entry and forgets it.
    pub(crate) fn flush_output(&self, origin: &str) {
        for (stream, pipe) in [("stdout", &self.stdout), ("stderr", &self.stderr)] {
            if let Some((text, dropped)) = pipe.take() {
                tracing::info!(
                    target: "airlock_wasm::guest_output",
                    origin,
                    stream,
                    dropped_bytes = dropped,
                    "{}",
                    text.trim_end()
                );
            }
        }
    }
}

impl WasiView for GuestState {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        let wasi = self.wasi_mut();
        WasiCtxView {
            ctx: &mut wasi.ctx,
            table: &mut wasi.table,
        }
    }
}

/// A linker with every WASI 0.2 interface, backed by [`WasiState`], with capped sleeps.
pub(crate) fn wasi_linker(engine: &wasmtime::Engine) -> wasmtime::Result<Linker<GuestState>> {
    let mut linker = Linker::new(engine);
    wasmtime_wasi::p2::add_to_linker_sync(&mut linker)?;
    cap_sleeps(&mut linker)?;
    Ok(linker)
}
