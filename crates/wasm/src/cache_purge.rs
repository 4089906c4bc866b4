//! Keeping the precompile cache bounded: entries nobody has used for a while are removed.
//!
//! Every component version ever loaded leaves an entry (an organization iterating on its scorer
//! with hot reload leaves one per save), and every airlock version leaves its built-ins' native
//! code (`builtin-<sha256>.cwasm`, about 8 MB each). Nothing else ever removes them, so without
//! this the directory grows for as long as airlock is used.
//!
//! Why it is built so:
//! - **Use is recorded in the file's modification time.** A load that uses a file refreshes
//!   its mtime, at most once a day ([`touch_if_stale`]), so a start costs no write in the
//!   common case. Access times are no help: most filesystems are mounted `relatime` or
//!   `noatime`.
//! - **A purge runs at most once a day**, when a host opens the cache: a stamp file's mtime
//!   says when the last one ran, so the usual start pays one `stat`. Several processes may
//!   purge at once; each removal is of a file unused for weeks, so the worst case is that a
//!   removal fails because another process removed it first.
//! - **Only what the cache writes is touched**: `*.cwasm` files and stale `.tmp-*` files (a
//!   writer killed between create and rename). Anything else in the directory is left alone.
//! - **Removing is always safe.** A process that has the file mapped keeps its pages (the inode
//!   lives until unmapped); a process about to load it finds it missing and compiles, or copies
//!   the binary's built-in, and writes it again.
//! - **Age first, then size**: files unused for [`PurgeLimits::unused_for`] go; if the rest
//!   still exceeds [`PurgeLimits::max_bytes`], the least recently used go until it fits, except
//!   files used in the past hour (they are likely the ones running now).

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The stamp file whose mtime is the time of the last purge.
const STAMP: &str = ".last-purge";
const DAY: Duration = Duration::from_secs(24 * 60 * 60);
const HOUR: Duration = Duration::from_secs(60 * 60);

/// When files are removed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PurgeLimits {
    /// A file not used for this long is removed.
    pub unused_for: Duration,
    /// Above this total size, the least recently used files are removed.
    pub max_bytes: u64,
    /// A purge runs when the last one is older than this.
    pub every: Duration,
}

impl Default for PurgeLimits {
    fn default() -> Self {
        PurgeLimits {
            unused_for: 30 * DAY,
            // The built-ins take about 11 MB per airlock version, an organization's stage a
            // few MB per version: 1 GiB is months of upgrades and policy edits.
            max_bytes: 1 << 30,
            every: DAY,
        }
    }
}

/// What a purge removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Purged {
    pub files: usize,
    pub bytes: u64,
}

/// Runs a purge of `dir` if the last one is older than `limits.every` (or never ran). Failures
/// are logged, never returned: the cache only ever saves time.
pub(crate) fn purge_if_due(dir: &Path, limits: PurgeLimits, now: SystemTime) -> Option<Purged> {
    let stamp = dir.join(STAMP);
    let due = match fs::metadata(&stamp).and_then(|m| m.modified()) {
        Ok(last) => now
            .duration_since(last)
            .is_ok_and(|age| age >= limits.every),
        Err(_) => true,
    };
    if !due {
        return None;
    }
    // The stamp first: a purge that fails halfway is not retried by every start of the day.
    if let Err(e) = fs::File::create(&stamp).and_then(|f| f.set_modified(now)) {
        tracing::debug!(path = %stamp.display(), error = %e, "cannot write the precompile cache's purge stamp");
    }
    let purged = purge(dir, limits, now);
    if purged.files > 0 {
        tracing::info!(
            dir = %dir.display(),
            files = purged.files,
            bytes = purged.bytes,
            "removed precompile cache files nobody used recently"
        );
    }
    Some(purged)
}

/// Removes from `dir` the cache's files unused for `limits.unused_for`, stale temporary files,
/// then the least recently used files while the rest exceeds `limits.max_bytes`.
pub(crate) fn purge(dir: &Path, limits: PurgeLimits, now: SystemTime) -> Purged {
    let mut purged = Purged::default();
    let Ok(entries) = fs::read_dir(dir) else {
        return purged;
    };
    let age = |modified: SystemTime| now.duration_since(modified).unwrap_or_default();
    // (last used, size, path) of every cache file kept by the age rule.
    let mut kept = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let temporary = name.starts_with(".tmp-");
        if !temporary && !name.ends_with(".cwasm") {
            continue;
        }
        // `symlink_metadata`: a link is not the cache's, and is never followed.
        let Ok(meta) = fs::symlink_metadata(entry.path()) else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        let Ok(modified) = meta.modified() else {
            continue;
        };
        let limit = if temporary { HOUR } else { limits.unused_for };
        if age(modified) >= limit {
            remove(&entry.path(), meta.len(), &mut purged);
        } else if !temporary {
            kept.push((modified, meta.len(), entry.path()));
        }
    }
    let mut total: u64 = kept.iter().map(|(_, len, _)| len).sum();
    if total > limits.max_bytes {
        kept.sort_by_key(|(modified, _, _)| *modified);
        for (modified, len, path) in kept {
            if total <= limits.max_bytes || age(modified) < HOUR {
                break;
            }
            if remove(&path, len, &mut purged) {
                total -= len;
            }
        }
    }
    purged
}

fn remove(path: &Path, len: u64, purged: &mut Purged) -> bool {
    match fs::remove_file(path) {
        Ok(()) => {
            purged.files += 1;
            purged.bytes += len;
            true
        }
        Err(e) => {
            tracing::debug!(path = %path.display(), error = %e, "cannot remove a precompile cache file");
            false
        }
    }
}

/// Records that `path` was used: its mtime becomes `now` if it is older than a day (so a start
/// writes nothing in the common case).
pub(crate) fn touch_if_stale(path: &Path, now: SystemTime) {
    let Ok(modified) = fs::metadata(path).and_then(|m| m.modified()) else {
        return;
    };
    if now.duration_since(modified).is_ok_and(|age| age >= DAY) {
        // Setting a time needs ownership, not write access: a read-only open is enough.
        if let Err(e) = fs::File::open(path).and_then(|f| f.set_modified(now)) {
            tracing::debug!(path = %path.display(), error = %e, "cannot record the use of a precompile cache file");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(dir: &Path, name: &str, len: usize, age: Duration, now: SystemTime) {
        let path = dir.join(name);
        fs::write(&path, vec![0u8; len]).expect("write");
        fs::File::open(&path)
            .and_then(|f| f.set_modified(now - age))
            .expect("set mtime");
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut n: Vec<String> = fs::read_dir(dir)
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name().into_string().expect("utf-8"))
            .filter(|n| n != STAMP)
            .collect();
        n.sort();
        n
    }

    #[test]
    fn files_unused_for_the_limit_go_and_others_stay() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let now = SystemTime::now();
        file(dir, "builtin-old.cwasm", 10, 40 * DAY, now);
        file(dir, "aa-key.cwasm", 10, 31 * DAY, now);
        file(dir, "builtin-new.cwasm", 10, 2 * DAY, now);
        file(dir, "bb-key.cwasm", 10, Duration::ZERO, now);
        file(dir, ".tmp-1-2", 10, 2 * HOUR, now);
        file(dir, ".tmp-3-4", 10, Duration::from_secs(60), now);
        file(dir, "notes.txt", 10, 400 * DAY, now);
        let purged = purge(dir, PurgeLimits::default(), now);
        assert_eq!(
            purged,
            Purged {
                files: 3,
                bytes: 30
            }
        );
        assert_eq!(
            names(dir),
            [".tmp-3-4", "bb-key.cwasm", "builtin-new.cwasm", "notes.txt"]
        );
    }

    #[test]
    fn over_the_size_cap_the_least_recently_used_go_first() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let now = SystemTime::now();
        file(dir, "a.cwasm", 100, 20 * DAY, now);
        file(dir, "b.cwasm", 100, 10 * DAY, now);
        file(dir, "c.cwasm", 100, 5 * DAY, now);
        // Used minutes ago: kept even though the cap is still exceeded.
        file(dir, "d.cwasm", 100, Duration::from_secs(120), now);
        let limits = PurgeLimits {
            max_bytes: 150,
            ..PurgeLimits::default()
        };
        let purged = purge(dir, limits, now);
        assert_eq!(
            purged,
            Purged {
                files: 3,
                bytes: 300
            }
        );
        assert_eq!(names(dir), ["d.cwasm"]);

        file(dir, "e.cwasm", 100, 3 * DAY, now);
        file(dir, "f.cwasm", 40, 2 * DAY, now);
        let limits = PurgeLimits {
            max_bytes: 150,
            ..PurgeLimits::default()
        };
        // 240 bytes: removing the oldest (e) is enough.
        assert_eq!(
            purge(dir, limits, now),
            Purged {
                files: 1,
                bytes: 100
            }
        );
        assert_eq!(names(dir), ["d.cwasm", "f.cwasm"]);
    }

    #[test]
    fn a_purge_runs_at_most_once_per_period() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let now = SystemTime::now();
        file(dir, "old.cwasm", 10, 40 * DAY, now);
        let limits = PurgeLimits::default();
        assert_eq!(
            purge_if_due(dir, limits, now),
            Some(Purged {
                files: 1,
                bytes: 10
            })
        );
        file(dir, "old2.cwasm", 10, 40 * DAY, now);
        assert_eq!(
            purge_if_due(dir, limits, now + HOUR),
            None,
            "ran an hour ago"
        );
        assert_eq!(names(dir), ["old2.cwasm"]);
        assert_eq!(
            purge_if_due(dir, limits, now + DAY + HOUR),
            Some(Purged {
                files: 1,
                bytes: 10
            }),
            "a day later it runs again"
        );
    }

    #[cfg(unix)]
    #[test]
    fn links_and_directories_are_never_removed() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let outside = tempfile::tempdir().expect("tempdir");
        let now = SystemTime::now();
        file(outside.path(), "precious.cwasm", 10, 400 * DAY, now);
        std::os::unix::fs::symlink(
            outside.path().join("precious.cwasm"),
            dir.join("link.cwasm"),
        )
        .expect("symlink");
        fs::create_dir(dir.join("sub.cwasm")).expect("mkdir");
        assert_eq!(purge(dir, PurgeLimits::default(), now), Purged::default());
        assert!(outside.path().join("precious.cwasm").exists());
    }

    #[test]
    fn use_refreshes_a_stale_mtime_only() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path();
        let now = SystemTime::now();
        file(dir, "stale.cwasm", 10, 3 * DAY, now);
        file(dir, "fresh.cwasm", 10, HOUR, now);
        touch_if_stale(&dir.join("stale.cwasm"), now);
        touch_if_stale(&dir.join("fresh.cwasm"), now);
        let mtime = |n: &str| {
            fs::metadata(dir.join(n))
                .and_then(|m| m.modified())
                .expect("mtime")
        };
        assert_eq!(mtime("stale.cwasm"), now);
        assert_eq!(
            mtime("fresh.cwasm"),
            now - HOUR,
            "written at most once a day"
        );
    }
}
