//! Finding the guest components and sharing one host, the way a process would.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use airlock_wasm::{HostConfig, Limits, LoadedComponent, WasmHost};

/// The workspace root (two levels above this crate).
pub fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// Where the guest components are: `$AIRLOCK_GUESTS_DIR`, else `<workspace>/target/guests`.
pub fn guests_dir() -> PathBuf {
    match std::env::var_os("AIRLOCK_GUESTS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("target/guests"),
    }
}

/// The bytes of guest `name` (`default-scorer`, `infinite-loop`...).
pub fn guest_bytes(name: &str) -> Vec<u8> {
    let dir = guests_dir();
    let path = dir.join(format!("{name}.wasm"));
    match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => panic!(
            "guest components not found in {}: run `just guests` ({}: {e})",
            dir.display(),
            path.display()
        ),
    }
}

/// The one host of this test process. Its precompile cache lives in cargo's scratch directory
/// for integration tests, so reruns do not recompile the guests.
pub fn host() -> &'static WasmHost {
    static HOST: OnceLock<WasmHost> = OnceLock::new();
    HOST.get_or_init(|| {
        WasmHost::new(HostConfig {
            cache_dir: Some(Path::new(env!("CARGO_TARGET_TMPDIR")).join("airlock-wasm-cache")),
            ..HostConfig::default()
        })
        .expect("host")
    })
}

/// Guest `name`, loaded once per process.
pub fn load(name: &str) -> LoadedComponent {
    static LOADED: OnceLock<Mutex<HashMap<String, LoadedComponent>>> = OnceLock::new();
    let loaded = LOADED.get_or_init(Default::default);
    if let Some(component) = loaded.lock().expect("lock").get(name) {
        return component.clone();
    }
    let component = host()
        .load(&guest_bytes(name), &format!("{name}.wasm"))
        .unwrap_or_else(|e| panic!("{name} does not load: {e}"));
    loaded
        .lock()
        .expect("lock")
        .insert(name.to_string(), component.clone());
    component
}

/// The default limits with a deadline of 2 s, for tests about results rather than deadlines.
///
/// Deadlines are wall-clock: on a 2-core machine running the tests in parallel (and a debug
/// build of wasmtime), a call can be preempted for more than the default 10 ms, and would then
/// correctly fail closed as a timeout. Only the deadline tests use the default.
pub fn relaxed() -> Limits {
    Limits {
        deadline: std::time::Duration::from_secs(2),
        ..Limits::default()
    }
}
