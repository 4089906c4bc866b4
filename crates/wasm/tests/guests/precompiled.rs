//! The built-ins' precompiled native code: what `precompile_builtin` makes loads into hosts of
//! every size without compiling and scores like the compiled component; an artifact the engine
//! refuses is compiled instead, never trusted and never a failed load.

use airlock_wasm::{
    Action, HostConfig, LoadSource, Precompiled, ScorerSettings, ScorerStage, WasmHost,
    precompile_builtin,
};

use crate::common::guest_bytes;

fn host(max_instances: u32) -> WasmHost {
    WasmHost::new(HostConfig {
        max_instances,
        ..HostConfig::default()
    })
    .expect("host")
}

fn score(host: &WasmHost, component: &airlock_wasm::LoadedComponent, hint: &str) -> i64 {
    let settings = ScorerSettings::default().with_limits(crate::common::relaxed());
    let stage = ScorerStage::new(host, component, settings).expect("scorer stage");
    let scored = stage.score(&Action::from_hint(hint));
    assert_eq!(scored.failure, None, "{scored:?}");
    i64::from(scored.value)
}

fn leaked(bytes: Vec<u8>) -> &'static [u8] {
    Vec::leak(bytes)
}

fn sha256_of(bytes: &[u8]) -> &'static str {
    use sha2::{Digest, Sha256};
    String::leak(data_encoding::HEXLOWER.encode(&Sha256::digest(bytes)))
}

/// The built-in as the generated `builtins.rs` describes it.
fn builtin(name: &str, bytes: &[u8]) -> Precompiled {
    let artifact = leaked(precompile_builtin(bytes).expect("precompile"));
    Precompiled {
        component: String::leak(format!("builtin:{name}")),
        source_sha256: sha256_of(bytes),
        artifact,
        artifact_sha256: sha256_of(artifact),
    }
}

#[test]
fn a_precompiled_builtin_loads_without_compiling_into_hosts_of_every_size() {
    let bytes = guest_bytes("default-scorer");
    let precompiled = builtin("default-scorer", &bytes);
    // For comparison: the same bytes compiled by a host of their own.
    let reference_host = host(4);
    let reference = reference_host.load(&bytes, "reference").expect("compile");
    assert_eq!(reference.source(), LoadSource::Compiled);
    // `airlock serve`/`http` (256 instances) and `airlock hook`/`check` (32) share the artifact.
    for size in [256, 32, 1] {
        let host = host(size);
        let loaded = host
            .load_precompiled(&bytes, "builtin:default-scorer", &precompiled)
            .expect("load");
        assert_eq!(loaded.source(), LoadSource::Precompiled, "{size} instances");
        assert_eq!(loaded.info().sha256, precompiled.source_sha256);
        for hint in ["rm -rf /", "git status", "DROP TABLE users;"] {
            assert_eq!(
                score(&host, &loaded, hint),
                score(&reference_host, &reference, hint),
                "{hint}: the precompiled code scores as the compiled component does"
            );
        }
        // A reload in the same host takes it from memory.
        let again = host.load(&bytes, "again").expect("load");
        assert_eq!(again.source(), LoadSource::Memory);
    }
}

#[test]
fn precompiling_is_deterministic() {
    let bytes = guest_bytes("default-patterns");
    assert_eq!(
        precompile_builtin(&bytes).expect("first"),
        precompile_builtin(&bytes).expect("second"),
        "`scripts/build-guests.sh --check` compares artifacts byte for byte"
    );
}

#[test]
fn an_artifact_the_engine_refuses_is_compiled_instead() {
    let bytes = guest_bytes("default-patterns");
    let artifact = precompile_builtin(&bytes).expect("precompile");
    for (what, broken) in [
        ("truncated", leaked(artifact[..artifact.len() / 2].to_vec())),
        ("not an artifact", leaked(b"\x7fELF not really".to_vec())),
        ("a core module's artifact", {
            let engine = wasmtime::Engine::default();
            leaked(
                engine
                    .precompile_module(b"\0asm\x01\0\0\0")
                    .expect("precompile a module"),
            )
        }),
    ] {
        let precompiled = Precompiled {
            component: "builtin:default-patterns",
            source_sha256: sha256_of(&bytes),
            artifact: broken,
            artifact_sha256: sha256_of(broken),
        };
        let host = host(4);
        let loaded = host
            .load_precompiled(&bytes, "builtin:default-patterns", &precompiled)
            .unwrap_or_else(|e| panic!("{what}: still loads, compiled: {e}"));
        assert_eq!(loaded.source(), LoadSource::Compiled, "{what}");
    }
}

/// With a precompile cache, the artifact is written there once as a file of its own and mapped
/// from it by every later process; a file that is not the artifact is replaced or removed, and
/// the component still loads from the binary's copy.
#[test]
fn with_a_cache_the_artifact_is_mapped_from_a_file_of_its_own() {
    let bytes = guest_bytes("default-patterns");
    let precompiled = builtin("default-patterns", &bytes);
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("cache");
    let restart = || {
        WasmHost::new(HostConfig {
            cache_dir: Some(dir.clone()),
            max_instances: 4,
            ..HostConfig::default()
        })
        .expect("host")
    };
    let file = dir.join(format!("builtin-{}.cwasm", precompiled.artifact_sha256));
    let load = |host: &WasmHost| {
        let loaded = host
            .load_precompiled(&bytes, "builtin:default-patterns", &precompiled)
            .expect("load");
        assert_eq!(loaded.source(), LoadSource::Precompiled);
    };

    load(&restart());
    assert_eq!(
        std::fs::read(&file).expect("written").as_slice(),
        precompiled.artifact
    );
    let names = || -> Vec<String> {
        let mut n: Vec<String> = std::fs::read_dir(&dir)
            .expect("dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            // The cache purge's stamp (when it last ran) is not a compiled component.
            .filter(|name| name != ".last-purge")
            .collect();
        n.sort();
        n
    };
    assert_eq!(
        names().len(),
        1,
        "only the artifact's file, nothing compiled: {:?}",
        names()
    );

    // Cut short (a length that is not the artifact's): written again.
    std::fs::write(&file, &precompiled.artifact[..100]).expect("truncate");
    load(&restart());
    assert_eq!(
        std::fs::read(&file).expect("rewritten").len(),
        precompiled.artifact.len()
    );

    // The right length, not an artifact: wasmtime refuses it, the file is removed, and the
    // binary's copy is loaded.
    std::fs::write(&file, vec![0u8; precompiled.artifact.len()]).expect("garbage");
    load(&restart());
    assert!(!file.exists(), "the refused file is removed");
    load(&restart());
    assert!(file.exists(), "and written again by the next load");
}

/// Unmounts the tmpfs of the noexec test, even when it fails.
struct Mounted(std::path::PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// On a filesystem mounted `noexec` (wasmtime cannot make a mapping of it executable), the
/// cache's file is neither written nor mapped: writing it would cost 8 MB and an fsync per
/// process, only to be refused and removed each time. The binary's copy is loaded instead.
/// Needs to mount a tmpfs (root, as on CI); elsewhere it says so and checks nothing.
#[test]
fn on_a_noexec_filesystem_the_binary_s_copy_is_loaded_and_nothing_written() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let mount = tmp.path().join("noexec");
    std::fs::create_dir(&mount).expect("mount point");
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "noexec,size=32m", "tmpfs"])
        .arg(&mount)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("SKIPPED: cannot mount a noexec tmpfs here (needs root)");
        return;
    }
    let _unmount = Mounted(mount.clone());
    let dir = mount.join("cache");
    let bytes = guest_bytes("default-patterns");
    let precompiled = builtin("default-patterns", &bytes);
    let host = WasmHost::new(HostConfig {
        cache_dir: Some(dir.clone()),
        max_instances: 4,
        ..HostConfig::default()
    })
    .expect("host");
    // A file a filesystem-blind airlock would map, fail on and remove.
    let file = dir.join(format!("builtin-{}.cwasm", precompiled.artifact_sha256));
    std::fs::write(&file, precompiled.artifact).expect("artifact file");
    let inode = |p: &std::path::Path| {
        std::os::unix::fs::MetadataExt::ino(&std::fs::metadata(p).expect("metadata"))
    };
    let before = inode(&file);
    let loaded = host
        .load_precompiled(&bytes, "builtin:default-patterns", &precompiled)
        .expect("load");
    assert_eq!(loaded.source(), LoadSource::Precompiled);
    assert!(file.exists(), "not tried, so not removed");
    assert_eq!(inode(&file), before, "nor written again");
    let written: Vec<_> = std::fs::read_dir(&dir)
        .expect("cache dir")
        .map(|e| e.expect("entry").file_name())
        // The cache purge's stamp (when it last ran) is not code.
        .filter(|name| name != ".last-purge")
        .collect();
    assert_eq!(written.len(), 1, "nothing else written: {written:?}");
}
