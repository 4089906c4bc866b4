//! Databricks' file system utility and Delta tables, as a notebook calls them:
//! `dbutils.fs.rm(PATH, recurse)` (and the `%fs rm -r PATH` magic, the same call), and a Delta
//! table's `delete()` through `DeltaTable.forName` / `forPath`.
//!
//! # Grading by the path, as the shell's `rm` is
//!
//! `dbutils.fs` takes local paths (`file:/...`), object-store URIs and DBFS paths (`dbfs:/x`,
//! or `/x`, which means `dbfs:/x`). A local path is judged as the `rm` it is, an S3 or GCS URI
//! as `aws s3 rm` / `gsutil rm` of it. A DBFS or ADLS path is graded here by where it is: the
//! root, `/mnt` or one mount's root (`dbfs:/mnt/lake/`: a whole data lake mounted), or the
//! metastore's warehouse is every table's data (Verify); a folder inside a mount is bounded
//! (Confirm, Verify when its name says production); scratch under `dbfs:/tmp/` is a throwaway.
//! Without `recurse` the call deletes one file (a folder that is not empty is refused).
//! Reads of airlock's state through `dbutils.fs.head` / `cp` are the code's string literals,
//! read by the inline-code reader as any path is.

use super::{Context, finding};
use crate::finding::{Family, Finding, Severity};
use crate::substring::has;

/// `%fs ARGS` as the `dbutils.fs` call it is (`%fs rm -r dbfs:/x` is `dbutils.fs.rm("dbfs:/x",
/// True)`); `None` for any other command (`ls`, `head`: their paths are read as literals).
pub fn fs_magic(rest: &str) -> Option<String> {
    let mut words = rest.split_whitespace();
    let verb = words.next()?;
    let mut recurse = false;
    let mut paths = Vec::new();
    for w in words {
        match w {
            "-r" | "--recurse" | "--recurse=true" | "-R" => recurse = true,
            w if w.starts_with('-') => {}
            w => paths.push(w.trim_matches(['\'', '"'])),
        }
    }
    let quoted = |p: &str| format!("\"{}\"", p.replace('"', ""));
    match verb {
        "rm" => Some(format!(
            "dbutils.fs.rm({}, {})",
            quoted(paths.first()?),
            if recurse { "True" } else { "False" }
        )),
        // Reads and copies: their paths as the code's literals (airlock's state, a secret).
        _ => Some(format!(
            "dbutils.fs.{verb}({})",
            paths
                .iter()
                .map(|p| quoted(p))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// Reads inline code for `dbutils.fs.rm` and Delta tables' deletes.
pub fn calls(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if has(body, "dbutils.fs.rm(") {
        for (at, _) in body.match_indices("dbutils.fs.rm(").take(16) {
            let args = super::interpreters::call_arguments(crate::cut(&body[at + 14..], 400));
            let Some(path) = first_literal(args) else {
                continue;
            };
            let rest = args.split_once(',').map_or("", |(_, r)| r);
            let recurse = rest.contains("True") || rest.contains("true");
            remove(path, recurse, depth, ctx, out);
        }
    }
    if has(body, "DeltaTable.for") {
        delta_deletes(body, out);
    }
}

/// One `dbutils.fs.rm` of `path`, graded by where the path is.
fn remove(path: &str, recurse: bool, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let how = "dbutils.fs.rm deletes";
    if let Some(local) = path.strip_prefix("file:") {
        let local = format!("/{}", local.trim_start_matches('/'));
        let line = format!("rm {}'{local}'", if recurse { "-r " } else { "" });
        super::judge_as(how, &line, depth, ctx, out);
        return;
    }
    for scheme in ["s3://", "s3a://", "s3n://"] {
        if let Some(rest) = path.strip_prefix(scheme) {
            let line = format!(
                "aws s3 rm 's3://{rest}'{}",
                if recurse { " --recursive" } else { "" }
            );
            super::judge_as(how, &line, depth, ctx, out);
            return;
        }
    }
    if path.starts_with("gs://") {
        let line = format!("gsutil rm {}'{path}'", if recurse { "-r " } else { "" });
        super::judge_as(how, &line, depth, ctx, out);
        return;
    }
    if !recurse {
        return;
    }
    // The folders of the path inside its store: DBFS's after `dbfs:`, ADLS's and Blob
    // storage's after the account's host.
    let inside = match path.split_once("://") {
        Some((_, rest)) => rest.split_once('/').map_or("", |(_, p)| p),
        None => path.strip_prefix("dbfs:").unwrap_or(path),
    };
    let segments: Vec<&str> = inside.split('/').filter(|s| !s.is_empty()).collect();
    let whole = match segments.as_slice() {
        [] => true,
        ["mnt"] | ["mnt", _] | ["Volumes", ..] if segments.len() <= 3 => true,
        ["user", "hive", "warehouse", rest @ ..] => rest.len() <= 1,
        _ => false,
    };
    if whole {
        out.push(finding(
            Family::Filesystem,
            "filesystem.lake-rm",
            Severity::Verify,
            format!(
                "{how} {path} recursively: the storage root, a whole mount or volume, or every \
                 table's data: irreversible"
            ),
        ));
        return;
    }
    // Scratch a notebook keeps under `/tmp`, like the shell's `/tmp`.
    if segments.first() == Some(&"tmp") {
        return;
    }
    let severity = if super::containers::production(path) {
        Severity::Verify
    } else {
        Severity::Confirm
    };
    out.push(finding(
        Family::Filesystem,
        "filesystem.lake-rm",
        severity,
        format!("{how} {path} recursively: a folder of the lake and everything in it"),
    ));
}

/// `DeltaTable.forName(spark, "t").delete()`: every row of the table, as SQL's `DELETE FROM
/// t` without `WHERE`; with a condition, the rows it selects.
fn delta_deletes(body: &str, out: &mut Vec<Finding>) {
    for (at, _) in body.match_indices("DeltaTable.for").take(8) {
        let rest = &body[at..];
        let Some(open) = rest.find('(') else { continue };
        let args = super::interpreters::call_arguments(crate::cut(&rest[open + 1..], 400));
        let after = &rest[(open + 1 + args.len() + 1).min(rest.len())..];
        let Some(condition) = after.strip_prefix(".delete(") else {
            continue;
        };
        let table = args.rsplit(',').next().unwrap_or("").trim();
        let condition = super::interpreters::call_arguments(crate::cut(condition, 400));
        let (severity, what) = if condition.trim().is_empty() {
            (Severity::Verify, "deletes every row of the Delta table")
        } else {
            (Severity::Confirm, "deletes the rows the condition selects")
        };
        out.push(finding(
            Family::Database,
            "database.delta-delete",
            severity,
            format!("DeltaTable {table}: {what}"),
        ));
    }
}

/// The first string literal of a piece of code, in single or double quotes.
fn first_literal(code: &str) -> Option<&str> {
    let b = code.as_bytes();
    let open = b.iter().position(|c| matches!(c, b'\'' | b'"'))?;
    let q = b[open];
    let len = b[open + 1..].iter().position(|c| *c == q)?;
    Some(&code[open + 1..open + 1 + len])
}
