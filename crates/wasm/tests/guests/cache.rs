//! The precompile cache: a restart loads from it instead of compiling, and a damaged entry is
//! recompiled, not trusted.

use std::path::{Path, PathBuf};
use std::time::Duration;

use airlock_wasm::{Action, HostConfig, LoadSource, ScorerSettings, ScorerStage, WasmHost};

use crate::common::guest_bytes;

/// A new host on `dir`, as a restarted process would create it.
fn restart(dir: &Path) -> WasmHost {
    WasmHost::new(HostConfig {
        cache_dir: Some(dir.to_path_buf()),
        max_instances: 8,
        ..HostConfig::default()
    })
    .expect("host")
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .expect("cache dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cwasm"))
        .collect()
}

fn scores_correctly(host: &WasmHost, component: &airlock_wasm::LoadedComponent) {
    let settings = ScorerSettings::default().with_limits(crate::common::relaxed());
    let stage = ScorerStage::new(host, component, settings).expect("scorer stage");
    let scored = stage.score(&Action::from_hint("rm -rf /"));
    assert_eq!(scored.failure, None);
    assert!(scored.value > 30, "{scored:?}");
}

#[test]
fn a_restart_loads_from_the_cache_and_a_damaged_entry_is_recompiled() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("cache");
    let bytes = guest_bytes("default-scorer");

    let first = restart(&dir);
    let compiled = first.load(&bytes, "default-scorer.wasm").expect("compile");
    assert_eq!(compiled.source(), LoadSource::Compiled);
    assert_eq!(entries(&dir).len(), 1, "one entry written");
    drop(first);

    let second = restart(&dir);
    let cached = second
        .load(&bytes, "default-scorer.wasm")
        .expect("from cache");
    assert_eq!(cached.source(), LoadSource::Cache);
    assert!(
        cached.load_time() * 5 < compiled.load_time(),
        "a cache hit ({:?}) is much faster than a compile ({:?})",
        cached.load_time(),
        compiled.load_time()
    );
    assert!(
        cached.load_time() < Duration::from_millis(200),
        "{:?}",
        cached.load_time()
    );
    scores_correctly(&second, &cached);
    drop(second);

    // Damage the artifact: flip one byte in its middle.
    let entry = entries(&dir).pop().expect("the entry");
    let mut data = std::fs::read(&entry).expect("read entry");
    let middle = data.len() / 2;
    data[middle] ^= 0xff;
    std::fs::write(&entry, &data).expect("write damaged entry");

    let third = restart(&dir);
    let recompiled = third
        .load(&bytes, "default-scorer.wasm")
        .expect("recompiled");
    assert_eq!(
        recompiled.source(),
        LoadSource::Compiled,
        "a damaged entry is not trusted"
    );
    scores_correctly(&third, &recompiled);
    drop(third);

    // The recompile rewrote a sound entry.
    let fourth = restart(&dir);
    let again = fourth
        .load(&bytes, "default-scorer.wasm")
        .expect("from cache");
    assert_eq!(again.source(), LoadSource::Cache);

    // A truncated entry is not trusted either.
    let entry = entries(&dir).pop().expect("the entry");
    let data = std::fs::read(&entry).expect("read entry");
    std::fs::write(&entry, &data[..data.len() / 3]).expect("truncate");
    let fifth = restart(&dir);
    let recompiled = fifth
        .load(&bytes, "default-scorer.wasm")
        .expect("recompiled");
    assert_eq!(recompiled.source(), LoadSource::Compiled);
}

#[test]
fn the_cache_is_keyed_by_the_component() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("cache");
    let host = restart(&dir);
    host.load(&guest_bytes("default-scorer"), "a")
        .expect("scorer");
    host.load(&guest_bytes("default-patterns"), "b")
        .expect("patterns");
    let names: Vec<String> = entries(&dir)
        .iter()
        .map(|p| p.file_name().expect("name").to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let sha = airlock_wasm::inspect(&guest_bytes("default-scorer"))
        .expect("inspect")
        .sha256;
    assert!(names.iter().any(|n| n.starts_with(&sha)), "{names:?}");
}
