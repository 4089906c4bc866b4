//! The on-disk precompile cache: compiled components keyed by the sha256 of their bytes and
//! the engine's precompile compatibility hash, so a restart loads native code in milliseconds
//! instead of compiling for seconds.
//!
//! Loading native code from disk is one of the two `unsafe` operations of this crate (the other
//! lowers a stage's action by reference, `stage.rs`): wasmtime trusts a
//! precompiled artifact to be what it compiled, and a forged one runs with the host's rights.
//! The cache is built so that only this code, running as this user, can have written what it
//! loads, and so that a damaged entry is detected and recompiled instead of loaded:
//!
//! - the directory is created with mode 0700, and an existing one open to other users is
//!   refused (see [`PrecompileCache::open`]);
//! - entries are written by [`PrecompileCache::store`] only, atomically (a temporary file in the
//!   same directory, synced, then renamed), so a reader sees a whole entry or none;
//! - each entry starts with a magic line and the sha256 of the artifact that follows; the digest
//!   is verified on the bytes in memory, and exactly those bytes are deserialized (no window in
//!   which the file could change between check and use);
//! - wasmtime itself checks the artifact's header: its version and engine configuration.
//!
//! Files nobody used for a month are removed, at most once a day ([`crate::cache_purge`]).

#![allow(unsafe_code)]

use std::fs;
use std::hash::{Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use wasmtime::Engine;
use wasmtime::component::Component;

use crate::error::HostError;

/// The first bytes of every entry: the format and its version.
const MAGIC: &[u8; 16] = b"airlock-cwasm-1\n";
/// The bytes of the artifact's digest that follow the magic.
const DIGEST_LEN: usize = 32;

/// The precompile cache of one engine configuration.
#[derive(Debug)]
pub(crate) struct PrecompileCache {
    dir: PathBuf,
    engine_key: String,
    /// Whether the directory's filesystem lets files be mapped executable (not `noexec`).
    maps_code: bool,
}

impl PrecompileCache {
    /// Opens (creating if needed) the cache directory for `engine`.
    pub(crate) fn open(dir: &Path, engine: &Engine) -> Result<Self, HostError> {
        let io_err = |source| HostError::CacheDir {
            path: dir.to_path_buf(),
            source,
        };
        create_private_dir(dir).map_err(io_err)?;
        check_private(dir)?;
        crate::cache_purge::purge_if_due(
            dir,
            crate::cache_purge::PurgeLimits::default(),
            std::time::SystemTime::now(),
        );
        Ok(PrecompileCache {
            dir: dir.to_path_buf(),
            engine_key: engine_key(engine),
            maps_code: maps_code(dir),
        })
    }

    /// Where the entry for a component with this sha256 lives.
    pub(crate) fn path_for(&self, sha256_hex: &str) -> PathBuf {
        self.dir
            .join(format!("{sha256_hex}-{}.cwasm", self.engine_key))
    }

    /// The compiled component for `sha256_hex`, if the cache holds a sound entry. A damaged or
    /// incompatible entry is removed and `None` returned, so the caller recompiles.
    pub(crate) fn load(
        &self,
        engine: &Engine,
        sha256_hex: &str,
        origin: &str,
    ) -> Option<Component> {
        let path = self.path_for(sha256_hex);
        let entry = match fs::read(&path) {
            Ok(entry) => entry,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => {
                tracing::warn!(origin, path = %path.display(), error = %e, "cannot read the precompile cache entry: recompiling");
                return None;
            }
        };
        let Some(artifact) = verified_artifact(&entry) else {
            tracing::warn!(origin, path = %path.display(), "the precompile cache entry is damaged (bad header or digest): removing it and recompiling");
            let _ = fs::remove_file(&path);
            return None;
        };
        // SAFETY: `Component::deserialize` requires bytes produced by `Component::serialize` /
        // `Engine::precompile_component` of a compatible wasmtime, because it maps them as
        // native code without validating them. These bytes are:
        // 1. from a file in a directory that `open` created with mode 0700 (or found with no
        //    group/other permission bits), so no other user can have written it;
        // 2. written only by `store` below, from `Component::serialize` of a component this
        //    process compiled, atomically (temp file + fsync + rename), so the file is whole;
        // 3. verified just above: the magic line matches and the sha256 of the artifact equals
        //    the digest stored in front of it, so truncation or corruption is detected; and the
        //    bytes deserialized are the very bytes that were hashed (held in memory), so the
        //    file cannot change between the check and the use;
        // 4. checked by wasmtime itself: the artifact's header records the wasmtime version and
        //    engine configuration, and a mismatch is an error, not undefined behaviour (the
        //    file name also carries the engine's compatibility hash).
        // What remains is a process running as this same user forging an entry; such a process
        // can already replace the airlock binary, so the cache adds no authority.
        match unsafe { Component::deserialize(engine, artifact) } {
            Ok(component) => {
                crate::cache_purge::touch_if_stale(&path, std::time::SystemTime::now());
                Some(component)
            }
            Err(e) => {
                tracing::warn!(origin, path = %path.display(), error = %e, "wasmtime refused the precompile cache entry: removing it and recompiling");
                let _ = fs::remove_file(&path);
                None
            }
        }
    }

    /// Stores a compiled component. Failures are logged, not returned: the cache only ever
    /// saves time.
    pub(crate) fn store(&self, component: &Component, sha256_hex: &str, origin: &str) {
        let path = self.path_for(sha256_hex);
        if let Err(e) = self.try_store(component, &path) {
            tracing::warn!(origin, path = %path.display(), error = %e, "cannot write the precompile cache entry: the next start will compile again");
        }
    }

    fn try_store(&self, component: &Component, path: &Path) -> std::io::Result<()> {
        let artifact = component
            .serialize()
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        let digest = Sha256::digest(&artifact);
        let tmp = self
            .dir
            .join(format!(".tmp-{}-{}", std::process::id(), unique_suffix()));
        let result = (|| {
            let mut file = create_private_file(&tmp)?;
            file.write_all(MAGIC)?;
            file.write_all(&digest)?;
            file.write_all(&artifact)?;
            file.sync_all()?;
            fs::rename(&tmp, path)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result
    }
}

impl PrecompileCache {
    /// A built-in's artifact as a file of its own, `builtin-<artifact sha256>.cwasm`, written
    /// from the binary's bytes when it is missing or not of their length, so that it can be
    /// mapped ([`crate::precompiled`]) instead of copied: a hook call then faults in only the
    /// pages of native code it runs, where copying the scorer's 8 MB was half of its time.
    ///
    /// Unlike an entry it carries no digest: checking one would read every page, the cost this
    /// file exists to avoid. What stands for it: the name is the artifact's digest (taken from
    /// the build), the file is written only here, whole (temporary file, fsync, rename) in the
    /// private directory, its length is checked, and wasmtime checks its header.
    pub(crate) fn builtin_file(
        &self,
        artifact_sha256: &str,
        artifact: &[u8],
    ) -> std::io::Result<PathBuf> {
        // On a `noexec` filesystem wasmtime cannot make the mapping executable: writing the
        // file would only cost 8 MB and an fsync per process, to be refused each time.
        if !self.maps_code {
            return Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "the cache directory's filesystem is mounted noexec",
            ));
        }
        let path = self.dir.join(format!("builtin-{artifact_sha256}.cwasm"));
        if fs::symlink_metadata(&path)
            .is_ok_and(|m| m.is_file() && m.len() == artifact.len() as u64)
        {
            crate::cache_purge::touch_if_stale(&path, std::time::SystemTime::now());
            return Ok(path);
        }
        let tmp = self
            .dir
            .join(format!(".tmp-{}-{}", std::process::id(), unique_suffix()));
        let result = (|| {
            let mut file = create_private_file(&tmp)?;
            file.write_all(artifact)?;
            file.sync_all()?;
            fs::rename(&tmp, &path)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result.map(|()| path)
    }
}

/// The artifact of an entry whose magic and digest check out.
fn verified_artifact(entry: &[u8]) -> Option<&[u8]> {
    let rest = entry.strip_prefix(MAGIC.as_slice())?;
    if rest.len() < DIGEST_LEN {
        return None;
    }
    let (digest, artifact) = rest.split_at(DIGEST_LEN);
    (Sha256::digest(artifact).as_slice() == digest).then_some(artifact)
}

/// 16 hex digits naming the engine's configuration (target, flags, features, wasmtime version).
fn engine_key(engine: &Engine) -> String {
    let mut hasher = Sha256Hasher(Sha256::new());
    engine.precompile_compatibility_hash().hash(&mut hasher);
    let digest = hasher.0.finalize();
    data_encoding::HEXLOWER.encode(&digest[..8])
}

/// A `Hasher` that feeds sha256, so the key does not depend on std's hasher of the day.
struct Sha256Hasher(Sha256);

impl Hasher for Sha256Hasher {
    fn finish(&self) -> u64 {
        let digest = self.0.clone().finalize();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        u64::from_le_bytes(first)
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
}

fn unique_suffix() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default()
}

#[cfg(unix)]
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

#[cfg(not(unix))]
fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    fs::create_dir_all(dir)
}

/// Whether files in `dir` can be mapped executable: its filesystem is not mounted `noexec`.
#[cfg(unix)]
fn maps_code(dir: &Path) -> bool {
    rustix::fs::statvfs(dir)
        .map(|fs| !fs.f_flag.contains(rustix::fs::StatVfsMountFlags::NOEXEC))
        .unwrap_or(true)
}

#[cfg(not(unix))]
fn maps_code(_dir: &Path) -> bool {
    true
}

#[cfg(unix)]
fn check_private(dir: &Path) -> Result<(), HostError> {
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(dir)
        .map_err(|source| HostError::CacheDir {
            path: dir.to_path_buf(),
            source,
        })?
        .permissions()
        .mode();
    if mode & 0o077 != 0 {
        return Err(HostError::CacheDirInsecure {
            path: dir.to_path_buf(),
            mode: mode & 0o777,
        });
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_private(_dir: &Path) -> Result<(), HostError> {
    Ok(())
}

#[cfg(unix)]
fn create_private_file(path: &Path) -> std::io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

#[cfg(not(unix))]
fn create_private_file(path: &Path) -> std::io::Result<fs::File> {
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(artifact: &[u8]) -> Vec<u8> {
        let mut e = MAGIC.to_vec();
        e.extend_from_slice(&Sha256::digest(artifact));
        e.extend_from_slice(artifact);
        e
    }

    #[test]
    fn only_whole_entries_verify() {
        let good = entry(b"native code");
        assert_eq!(verified_artifact(&good), Some(b"native code".as_slice()));
        let mut flipped = good.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert_eq!(verified_artifact(&flipped), None);
        assert_eq!(verified_artifact(&good[..good.len() - 1]), None);
        assert_eq!(verified_artifact(&good[..20]), None);
        assert_eq!(verified_artifact(b"not a cache entry at all"), None);
    }

    #[cfg(unix)]
    #[test]
    fn a_directory_open_to_others_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("cache");
        let engine = Engine::default();
        PrecompileCache::open(&dir, &engine).expect("a new directory is private");
        let mode = fs::metadata(&dir).expect("metadata").permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).expect("chmod");
        let err = PrecompileCache::open(&dir, &engine).expect_err("open to others");
        assert!(err.to_string().contains("chmod 700"), "{err}");
    }

    #[test]
    fn opening_the_cache_purges_what_nobody_used_and_using_a_file_keeps_it() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("cache");
        let engine = Engine::default();
        let month_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(31 * 86_400);
        let cache = PrecompileCache::open(&dir, &engine).expect("open");
        let used = cache.builtin_file("used", b"native code").expect("written");
        let unused = dir.join("builtin-unused.cwasm");
        fs::write(&unused, b"an older airlock's built-in").expect("write");
        for path in [&used, &unused] {
            fs::File::open(path)
                .and_then(|f| f.set_modified(month_ago))
                .expect("age the file");
        }
        // Loading the built-in again records its use; the stamp is removed so the next open
        // purges (a purge runs at most once a day).
        cache.builtin_file("used", b"native code").expect("found");
        fs::remove_file(dir.join(".last-purge")).expect("stamp written by the first open");
        PrecompileCache::open(&dir, &engine).expect("reopen");
        assert!(used.exists(), "a file in use is kept");
        assert!(!unused.exists(), "a month unused: removed");
    }

    #[test]
    fn the_engine_key_is_stable() {
        let engine = Engine::default();
        assert_eq!(engine_key(&engine), engine_key(&engine));
        assert_eq!(engine_key(&engine).len(), 16);
    }
}
