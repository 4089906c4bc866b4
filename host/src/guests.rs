//! The WebAssembly side of the CLI: the embedded default guests and a host with an on-disk
//! precompile cache, so only the first run after a change compiles anything.

use std::path::PathBuf;

use airlock_wasm::{Builtins, HostConfig, WasmHost};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/builtins.rs"));
}

/// The default guests compiled into this binary, with their native code on x86-64 Linux.
pub fn builtins() -> Builtins {
    Builtins {
        default_patterns: embedded::DEFAULT_PATTERNS,
        default_scorer: embedded::DEFAULT_SCORER,
        precompiled: embedded::PRECOMPILED,
    }
}

/// The precompile cache directory: `$AIRLOCK_CACHE_DIR`, else `$XDG_CACHE_HOME/airlock` (when absolute), else
/// `~/.cache/airlock`. Created private (0700) if missing.
pub fn cache_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("AIRLOCK_CACHE_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| crate::xdg::absolute_dir("XDG_CACHE_HOME").map(|d| d.join("airlock")))
        .or_else(|| crate::xdg::absolute_dir("HOME").map(|h| h.join(".cache/airlock")))?;
    if !dir.exists() {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(&dir).ok()?;
    }
    Some(dir)
}

/// A host for this process, with the precompile cache when one can be used. A cache that
/// cannot be used is reported and skipped: compiling is slower, never wrong.
pub fn host() -> Result<WasmHost, String> {
    host_with(HostConfig::default())
}

/// The most instances a process that decides one action holds at once: a stage holds one
/// (reuse) or one per call plus the one it configured (fresh), so this is room for 16 stages;
/// past it an instantiation fails, and a failed stage fails closed.
const ONE_DECISION_INSTANCES: u32 = 32;

/// A host for a process that decides one action and exits (`airlock hook`, `airlock check`):
/// a pooling allocator sized for a few instances rather than a server's 256, since setting up
/// the pool's slots (a guard page each) was a visible part of a hook call's time.
pub fn host_for_one_decision() -> Result<WasmHost, String> {
    host_with(HostConfig {
        max_instances: ONE_DECISION_INSTANCES,
        ..HostConfig::default()
    })
}

fn host_with(config: HostConfig) -> Result<WasmHost, String> {
    let cache = cache_dir();
    match WasmHost::new(HostConfig {
        cache_dir: cache.clone(),
        ..config.clone()
    }) {
        Ok(host) => Ok(host),
        Err(e) if cache.is_some() => {
            eprintln!(
                "warning: precompile cache not used ({e}); components are compiled on every run"
            );
            WasmHost::new(config).map_err(|e| e.to_string())
        }
        Err(e) => Err(e.to_string()),
    }
}
