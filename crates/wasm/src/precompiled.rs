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

use crate::cache::PrecompileCache;
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
    /// The sha256 (lower-case hex) of `artifact`, which names its file in the precompile cache
    /// (`host/build.rs` checked it against the artifact when it embedded both).
    pub artifact_sha256: &'static str,
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
///
/// With a precompile cache the artifact is written there once as a file of its own and mapped
/// from it ([`PrecompileCache::builtin_file`]): a process that decides one action then reads
/// only the pages of native code it runs, instead of copying all 8 MB of the scorer's (half of
/// an `airlock hook` call's time). Without a cache, or when the file cannot be used, the bytes
/// in the binary are copied.
pub(crate) fn deserialize(
    engine: &Engine,
    precompiled: &Precompiled,
    cache: Option<&PrecompileCache>,
) -> Result<Component, String> {
    if let Some(cache) = cache {
        match cache.builtin_file(precompiled.artifact_sha256, precompiled.artifact) {
            Ok(path) => {
                // SAFETY: as for `Component::deserialize` below (the same requirement: an
                // artifact of `precompile_builtin` for a compatible wasmtime), and the file
                // holds exactly those bytes: `builtin_file` wrote it from them (temporary file,
                // fsync, rename, so never a partial file) in the cache directory that
                // `PrecompileCache::open` created with mode 0700 or found private, under a
                // name that is the artifact's digest, and checked its length. wasmtime maps it
                // privately (copy-on-write) and checks its header as below. What remains is a
                // process of this same user replacing the file, which could as well replace a
                // cache entry with a recomputed digest, or any file airlock reads its policy
                // from: airlock's hook grades writes to the cache directory as tampering.
                match unsafe { Component::deserialize_file(engine, &path) } {
                    Ok(component) => return Ok(component),
                    Err(e) => {
                        tracing::warn!(path = %path.display(), error = %format!("{e:#}"), "cannot map the built-in's native code from the cache: removing the file, loading the binary's copy");
                        let _ = std::fs::remove_file(&path);
                    }
                }
            }
            Err(e) => {
                tracing::debug!(error = %e, "cannot write the built-in's native code to the cache: loading the binary's copy");
            }
        }
    }
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
