//! Native code for the built-in guests, compiled when the guests are built rather than when
//! airlock first starts.
//!
//! Compiling the default scorer with Cranelift takes 1.5-5 s (2 cores, quiet to loaded), so a
//! fresh install's first decision, and every `airlock hook` call until the precompile cache is
//! warm, waited for it. `scripts/build-guests.sh` therefore also precompiles the two committed
//! default guests ([`precompile_builtin`], run by `tools/precompile`) and commits the artifacts
//! next to them (`host/guests/*.x86_64-linux.cwasm`, listed with their digests in
//! `host/guests/PRECOMPILED`); `host/build.rs` embeds an artifact only when the listed source
//! digest is the embedded component's and the artifact's own digest checks out.
//!
//! The artifacts are compiled for the *baseline* of [`PRECOMPILED_TARGET`] (no CPU feature
//! beyond what every x86-64 has), because wasmtime accepts code that uses fewer CPU features
//! than the running engine's (it checks each feature the artifact needs against the host), while
//! code compiled for the build machine's CPU would be refused on an older one. The engine
//! configuration is otherwise the host's own ([`crate::host`]'s `engine_config`), so its
//! compatibility checks (wasmtime version, tunables, shared flags) pass. When they do not (an
//! upgraded wasmtime with stale artifacts, another target) loading falls back to the cache and to
//! compiling, so a stale artifact costs time, never a decision.
//!
//! Loading native code is `unsafe` in wasmtime; see the SAFETY argument in [`deserialize`].

#![allow(unsafe_code)]

use wasmtime::Engine;
use wasmtime::component::Component;

use crate::error::HostError;
use crate::host::{HostConfig, engine_config};

/// The target the built-ins are precompiled for: 64-bit x86 Linux, its baseline CPU.
pub const PRECOMPILED_TARGET: &str = "x86_64-unknown-linux-gnu";

/// A built-in component's native code, carried by the binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Precompiled {
    /// The built-in it belongs to: `builtin:default-patterns` or `builtin:default-scorer`.
    pub component: &'static str,
    /// The sha256 (lower-case hex) of the component bytes it was compiled from, which must be
    /// the built-in's bytes (`host/build.rs` embeds it only then).
    pub source_sha256: &'static str,
    /// What [`precompile_builtin`] made of those bytes.
    pub artifact: &'static [u8],
}

/// Compiles a component for [`PRECOMPILED_TARGET`]'s baseline CPU with the host's engine
/// configuration: the artifact a build embeds for a built-in. Deterministic: the same bytes and
/// wasmtime give the same artifact on any machine (`scripts/build-guests.sh --check` relies on
/// it).
pub fn precompile_builtin(bytes: &[u8]) -> Result<Vec<u8>, HostError> {
    let engine_err = |e: wasmtime::Error| HostError::Engine {
        reason: format!("{e:#}"),
    };
    let mut config = engine_config(&HostConfig::default());
    config.target(PRECOMPILED_TARGET).map_err(engine_err)?;
    let engine = Engine::new(&config).map_err(engine_err)?;
    engine.precompile_component(bytes).map_err(engine_err)
}

/// The built-in's compiled component, or why this engine cannot use the artifact.
pub(crate) fn deserialize(engine: &Engine, precompiled: &Precompiled) -> Result<Component, String> {
    // SAFETY: `Component::deserialize` requires bytes produced by `Engine::precompile_component`
    // (or `Component::serialize`) of a compatible wasmtime, because it maps them as native code
    // without validating the code itself. These bytes are:
    // 1. part of this executable (`include_bytes!` in the generated `builtins.rs`), so whoever
    //    could change them could change the binary's own code: they add no authority;
    // 2. what `precompile_builtin` made of the committed component (`tools/precompile`, run by
    //    `scripts/build-guests.sh`; its `--check`, run in CI, recompiles the committed component
    //    and fails unless the committed artifact is byte-identical), and `host/build.rs` embeds
    //    them only when the sha256 of the artifact file equals the one recorded next to it in
    //    `host/guests/PRECOMPILED` (a damaged or hand-edited file is left out, not embedded);
    // 3. checked by wasmtime itself before anything runs: the artifact's header records the
    //    wasmtime version, target, tunables, shared flags and every CPU feature the code uses,
    //    and a mismatch with this engine or this CPU is an error (returned below; the caller
    //    compiles instead), not undefined behaviour.
    unsafe { Component::deserialize(engine, precompiled.artifact) }.map_err(|e| format!("{e:#}"))
}
