//! A whole container emptied at once (holdout9 analysis, "Graded one step low"): a bulk delete
//! of an object store's bucket or container, or a purge of a queue, with nothing narrowing it;
//! and a mirror whose source is nothing, so the destination loses everything.
//!
//! One kind across vendors, read from the command's structure rather than a row per program:
//! - the act is a bulk delete (`bulk-delete`, `delete-batch`, `purge-queue`, `queue clear`,
//!   `purge_queue`, or a recursive `rm`/`delete` of a storage URL) and its target is the
//!   container's root (`s3://b`, `s3://b/*`, `remote:bucket`, `--bucket-name b`,
//!   `--source c`);
//! - nothing narrows it: no prefix, no pattern or age or size filter other than one that
//!   matches everything (`--prefix ''`, `--include '*'` narrow nothing: an agent cannot lower
//!   the grade by adding a filter that keeps every object in);
//! - a program that asks before a bulk delete (oci's `bulk-delete`) is told not to (`--force`).
//!
//! Then every object in it is gone at once, with no undo: verified, like `aws s3 rm --recursive`
//! of a bucket. A narrowed delete keeps the program's own grade (bounded).
//!
//! A mirror (`rsync --delete*`, `rclone sync`) deletes at the destination whatever its source
//! lacks: with `--delete-excluded` and an exclude of `*` before any include, or a source named
//! as empty (`/tmp/empty/`, `./blank/`), the source is nothing and the destination is emptied.
//! A mirror to a throw-away local directory (`build/`, `/tmp/x`) stays as the filesystem reader
//! grades it.

use super::paths::{self, Scope};
use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// The options that narrow a bulk delete to part of its container, in the spellings of
/// oci, az, rclone, s5cmd, mc and the S3 tools.
const NARROWING: &[&str] = &[
    "--prefix",
    "--include",
    "--exclude",
    "--pattern",
    "--filter",
    "--filter-from",
    "--include-from",
    "--exclude-from",
    "--files-from",
    "--min-age",
    "--max-age",
    "--min-size",
    "--max-size",
    "--older-than",
    "--newer-than",
    "--if-modified-since",
    "--if-unmodified-since",
    "--delimiter",
];

/// Whether a filter value keeps every object in (an empty prefix, `*`, `**`): it narrows
/// nothing.
fn matches_everything(v: &str) -> bool {
    let v = v.trim_matches(['"', '\'']);
    v.is_empty() || v.chars().all(|c| matches!(c, '*' | '/'))
}

/// Whether an option in [`NARROWING`] is given with a value that narrows.
fn narrowed(cmd: &Cmd<'_>) -> bool {
    let words: Vec<&str> = cmd.words().collect();
    words.iter().enumerate().any(|(i, w)| {
        let (name, value) = match w.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (*w, None),
        };
        NARROWING.contains(&name)
            && !value
                .or_else(|| words.get(i + 1).copied())
                .is_some_and(matches_everything)
    })
}

/// Whether a storage target is a whole container: a URL's bucket with no key, or a key that
/// is only a wildcard (`s3://b`, `gs://b/`, `s3://b/*`, `b2://b/**`), or an rclone-style
/// remote with at most a bucket (`remote:`, `b2:bucket`, `r2:bucket/`).
pub fn container_root(target: &str) -> Option<&str> {
    let t = target.trim_matches(['"', '\'']);
    let rest = if let Some((scheme, rest)) = t.split_once("://") {
        if scheme.is_empty() || !scheme.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return None;
        }
        rest
    } else {
        let (remote, rest) = t.split_once(':')?;
        if remote.len() < 2 || remote.contains('/') || t.starts_with('-') {
            return None;
        }
        if rest.is_empty() {
            return Some(t);
        }
        rest
    };
    let rest = rest.trim_start_matches('/');
    let (bucket, key) = rest.split_once('/').unwrap_or((rest, ""));
    (!bucket.is_empty() && matches_everything(key)).then_some(t)
}

/// A whole container emptied: the container and how, or `None`.
fn whole_container(cmd: &Cmd<'_>) -> Option<(String, &'static str)> {
    // Only the programs the match below names can empty a container; for any other its
    // `_ => None` is reached, and what is read before it (operands, flags, narrowing options)
    // only reads the command: returning first is the same answer without the reading.
    if !matches!(
        cmd.program,
        "oci"
            | "az"
            | "aws"
            | "rclone"
            | "s5cmd"
            | "s3cmd"
            | "s4cmd"
            | "obsutil"
            | "ossutil"
            | "coscmd"
            | "qshell"
            | "rabbitmqctl"
            | "rabbitmqadmin"
            | "celery"
    ) {
        return None;
    }
    let ops: Vec<&str> = cmd
        .operands(&[
            "--bucket-name",
            "-bn",
            "--namespace",
            "-ns",
            "--source",
            "-s",
            "--account-name",
            "--account-key",
            "--connection-string",
            "--queue-url",
            "--queue-name",
            "-q",
            "--name",
            "-n",
            "--profile",
            "--region",
            "--config",
            "--endpoint-url",
            "--prefix",
            "--include",
            "--exclude",
            "--pattern",
            "--min-age",
            "--max-age",
            "-A",
            "--app",
            "-p",
            "--vhost",
        ])
        .collect();
    let path: Vec<&str> = ops.iter().copied().take(4).collect();
    let at = |w: &str| path.contains(&w);
    let recursive = cmd.flag(b"r", &["recursive"]) || cmd.flag(b"R", &[]);
    let unnarrowed = !narrowed(cmd);
    match cmd.program {
        // oci os object bulk-delete: asks before deleting unless --force.
        "oci" if at("bulk-delete") && unnarrowed && cmd.has(&["--force"]) => {
            let bucket = cmd.value(&["--bucket-name", "-bn"]).unwrap_or("the bucket");
            Some((bucket.to_owned(), "oci os object bulk-delete --force"))
        }
        // az storage blob|file delete-batch: no prompt; az storage queue|message clear.
        "az" if at("storage") && at("delete-batch") && unnarrowed => {
            let source = cmd.value(&["--source", "-s"]).unwrap_or("the container");
            Some((source.to_owned(), "az storage delete-batch"))
        }
        "az" if at("storage") && at("clear") && (at("queue") || at("message")) => {
            let q = cmd
                .value(&["--queue-name", "-q", "--name", "-n"])
                .unwrap_or("the queue");
            Some((q.to_owned(), "az storage clear"))
        }
        "aws" if at("sqs") && at("purge-queue") => {
            let q = cmd.value(&["--queue-url"]).unwrap_or("the queue");
            Some((q.to_owned(), "aws sqs purge-queue"))
        }
        // rclone delete REMOTE:BUCKET deletes every file under it (it keeps directories).
        "rclone" if ops.first() == Some(&"delete") && unnarrowed => {
            let root = ops.get(1).copied().and_then(container_root)?;
            Some((root.to_owned(), "rclone delete"))
        }
        // s5cmd rm s3://bucket/* (s5cmd expands the wildcard itself).
        "s5cmd" if ops.first() == Some(&"rm") && unnarrowed => {
            let root = ops[1..].iter().copied().find_map(container_root)?;
            Some((root.to_owned(), "s5cmd rm"))
        }
        // A recursive rm or del of a bucket's root by any object-store client (`s3cmd del -r
        // s3://b`, `mc rm -r --force alias/b` is read by the cloud reader).
        "s3cmd" | "s4cmd" | "obsutil" | "ossutil" | "coscmd" | "qshell"
            if recursive
                && path
                    .iter()
                    .any(|w| matches!(*w, "rm" | "del" | "delete" | "remove"))
                && unnarrowed =>
        {
            let root = ops.iter().copied().find_map(container_root)?;
            Some((root.to_owned(), "a recursive delete"))
        }
        // rabbitmqctl purge_queue Q, rabbitmqadmin purge queue name=Q, celery purge -f.
        "rabbitmqctl" if at("purge_queue") => Some((
            ops.iter()
                .skip_while(|w| **w != "purge_queue")
                .nth(1)
                .copied()
                .unwrap_or("the queue")
                .to_owned(),
            "rabbitmqctl purge_queue",
        )),
        "rabbitmqadmin" if at("purge") => Some((
            cmd.words()
                .find_map(|w| w.strip_prefix("name="))
                .unwrap_or("the queue")
                .to_owned(),
            "rabbitmqadmin purge",
        )),
        "celery" if at("purge") && cmd.flag(b"f", &["force"]) => {
            Some(("every queue of the app".to_owned(), "celery purge --force"))
        }
        _ => None,
    }
}

/// Whether a mirror's source is nothing: `--delete-excluded` with an exclude of everything
/// before any include, or a source directory named as empty.
fn mirrors_nothing(cmd: &Cmd<'_>, source: &str) -> bool {
    let words: Vec<&str> = cmd.words().collect();
    let mut excludes_all = false;
    for (i, w) in words.iter().enumerate() {
        let (name, value) = match w.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v)),
            _ => (*w, None),
        };
        let value = || {
            value
                .or_else(|| words.get(i + 1).copied())
                .unwrap_or("")
                .trim_matches(['"', '\''])
        };
        match name {
            "--include" => break,
            "--exclude" if value() == "*" || value() == "**" => {
                excludes_all = true;
                break;
            }
            "--filter" | "-f" => {
                let rule = value();
                if rule.starts_with('+') || rule.starts_with("include") {
                    break;
                }
                if matches!(rule, "- *" | "-*" | "exclude *" | "- **") {
                    excludes_all = true;
                    break;
                }
            }
            _ => {}
        }
    }
    let deletes_excluded = words.contains(&"--delete-excluded");
    let name = paths::file_name(source.trim_end_matches('/')).to_ascii_lowercase();
    let empty_named = ["empty", "blank", "nothing", "void"].iter().any(|e| {
        name == *e || name.starts_with(&format!("{e}-")) || name.starts_with(&format!("{e}_"))
    }) || source == "/dev/null";
    excludes_all && deletes_excluded || empty_named
}

/// A mirror (`rsync --delete*`, `rclone sync`) whose source is nothing: its destination and
/// why, or `None`.
fn mirror_of_nothing<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    // Only rsync and rclone mirror (the match below returns `None` for any other program).
    if !matches!(cmd.program, "rsync" | "rclone") {
        return None;
    }
    let ops: Vec<&str> = cmd
        .operands(super::filesystem::RSYNC_VALUE_OPTIONS)
        .collect();
    let (source, dest) = match cmd.program {
        "rsync"
            if cmd
                .words()
                .any(|w| w.starts_with("--delete") || w == "--del") =>
        {
            let [.., source, dest] = ops[..] else {
                return None;
            };
            (source, dest)
        }
        "rclone" if ops.first() == Some(&"sync") => {
            let [_, source, dest, ..] = ops[..] else {
                return None;
            };
            (source, dest)
        }
        _ => return None,
    };
    if !mirrors_nothing(cmd, source) {
        return None;
    }
    // A throw-away local destination (`build/`, `/tmp/x`) is the filesystem reader's.
    let local_dest = !dest.contains(':') || dest.starts_with('/');
    if local_dest && paths::scope(dest) == Scope::Disposable {
        return None;
    }
    Some(dest)
}

/// The recognizer: a finding for a whole container emptied, or a mirror of nothing.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if let Some((what, how)) = whole_container(cmd) {
        out.push(finding(
            Family::Cloud,
            "cloud.container-emptied",
            Severity::Verify,
            format!("{how} empties {what} whole, with nothing narrowing it: every object or message in it is gone, with no undo"),
        ));
    }
    if let Some(dest) = mirror_of_nothing(cmd) {
        out.push(finding(
            Family::Filesystem,
            "filesystem.mirror-of-nothing",
            Severity::Verify,
            format!("{} mirrors nothing onto {dest}: its source is empty or excluded whole, so everything at {dest} is deleted", cmd.program),
        ));
    }
    // rclone sync deletes at the destination whatever the source lacks (as `aws s3 sync
    // --delete`).
    if cmd.program == "rclone" && cmd.operands(&[]).next() == Some("sync") {
        out.push(finding(
            Family::Cloud,
            "cloud.sync-delete",
            Severity::Confirm,
            "rclone sync deletes at the destination the files its source lacks".to_owned(),
        ));
    }
}
