//! Audit and security logs destroyed (holdout9 analysis, "Shared environments": `truncate
//! --size=0` of an audit log; the eval README's rule that a bounded destructive change is
//! gated). An audit trail is the record of who did what: emptying, deleting, shredding,
//! overwriting or editing one in place removes the evidence, whatever directory it is in. A
//! project's audit log (`logs/audit-trail.log`) is confirmed; the system's (`/var/log/audit/`,
//! `auth.log`, `secure`, `wtmp`, `btmp`, `lastlog`, the journal's files) is verified; turning
//! the kernel's audit off (`auditctl -e 0`, `auditctl -D`) is the same kind (the journal's
//! vacuum stays the system reader's, graded by what it keeps). Reading a log, or emptying an
//! ordinary one, is not.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};
use crate::shell::RedirectKind;

/// How a log is classed: the system's audit or login records, or a project's audit trail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Log {
    System,
    Project,
}

/// Whether a path names an audit or security log.
fn audit_log(path: &str) -> Option<Log> {
    let p = path.trim_matches(['"', '\'']).to_ascii_lowercase();
    let name = p.rsplit('/').next().unwrap_or(&p);
    let system_dir = p.starts_with("/var/log/");
    let system_name = matches!(
        name,
        "auth.log"
            | "secure"
            | "wtmp"
            | "btmp"
            | "utmp"
            | "lastlog"
            | "faillog"
            | "audit.log"
            | "messages"
            | "syslog"
    ) || p.starts_with("/var/log/audit/")
        || p.starts_with("/var/log/journal");
    let words = |s: &str| {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| matches!(w, "audit" | "audittrail" | "security" | "auth" | "secure"))
    };
    if system_dir && (system_name || words(name)) {
        return Some(Log::System);
    }
    // A log file: `.log` (or rotated `.log.1`, `.log.gz`), `.jsonl`, or a file in a `log(s)`
    // directory; never a source or configuration file (`audit_log.py` is code).
    let source = [
        ".py", ".rs", ".go", ".js", ".ts", ".rb", ".java", ".php", ".sql", ".yaml", ".yml",
        ".json", ".toml", ".md", ".sh", ".c", ".h", ".cs", ".kt",
    ]
    .iter()
    .any(|e| name.ends_with(e));
    let log_like = name.ends_with(".log")
        || name.contains(".log.")
        || name.ends_with(".jsonl")
        || p.split('/')
            .rev()
            .skip(1)
            .any(|d| matches!(d, "log" | "logs"));
    // A throw-away directory's log (a test run's `tmp/`, `build/`) is nobody's record. (The
    // filesystem reader counts a `logs/` directory as throw-away too; an audit trail in it is
    // not.)
    let disposable = p.starts_with("/tmp/")
        || p.split('/').rev().skip(1).any(|d| {
            matches!(
                d,
                "tmp" | "temp" | "build" | "target" | "dist" | "out" | "node_modules" | ".cache"
            )
        });
    (log_like && !source && !disposable && words(name)).then_some(Log::Project)
}

/// The files a command destroys or rewrites: its targets when the program deletes, empties or
/// edits in place; any file a redirection truncates.
fn destroyed<'c>(cmd: &Cmd<'c>) -> Vec<&'c str> {
    let mut targets: Vec<&'c str> = Vec::new();
    let ops = || cmd.operands(&["-s", "--size", "-n", "--iterations", "-r", "--reference"]);
    match cmd.program {
        "rm" | "unlink" | "shred" | "srm" => targets.extend(ops()),
        "truncate" => {
            let size = cmd
                .value(&["-s", "--size"])
                .or_else(|| {
                    cmd.words()
                        .find_map(|w| w.strip_prefix("-s").filter(|v| !v.is_empty()))
                })
                .unwrap_or("");
            if size.trim_start_matches(['<', '=']) == "0" {
                targets.extend(ops());
            }
        }
        // `cp /dev/null F`, `cat /dev/null > F` (the redirection below).
        "cp" | "install" => {
            let all: Vec<&str> = ops().collect();
            if let [src, .., dest] = all[..]
                && src == "/dev/null"
            {
                targets.push(dest);
            }
        }
        // An in-place edit removes lines (`sed -i '/10.0.0.5/d' /var/log/auth.log`).
        "sed" | "perl"
            if cmd
                .words()
                .any(|w| w.starts_with("-i") || w == "--in-place") =>
        {
            targets.extend(ops().skip(1));
        }
        _ => {}
    }
    // A truncating redirection: of the system's logs, whatever it writes; of a project's log,
    // when the command writes nothing (`: > F`, `> F`, `echo -n > F`, `cat /dev/null > F`), so
    // a report saved as `audit.log` is not read as a log destroyed.
    let writes_nothing = match cmd.program {
        "" | ":" | "true" => true,
        "echo" => cmd.operands(&[]).all(|w| w.is_empty()),
        "printf" => cmd.operands(&[]).all(|w| w.is_empty()),
        "cat" => cmd.operands(&[]).all(|w| w == "/dev/null"),
        _ => false,
    };
    targets.extend(
        cmd.redirects
            .iter()
            .filter(|r| r.kind == RedirectKind::Write)
            .map(|r| &*r.target)
            .filter(|t| writes_nothing || audit_log(t) == Some(Log::System)),
    );
    targets
}

/// The recognizer.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let mut worst: Option<(Log, &str)> = None;
    for t in destroyed(cmd) {
        if let Some(log) = audit_log(t)
            && worst.is_none_or(|(w, _)| w == Log::Project && log == Log::System)
        {
            worst = Some((log, t));
        }
    }
    // (The journal's vacuum is graded by the system reader, by what it keeps.)
    let auditing_off = cmd.program == "auditctl"
        && (cmd.words().any(|w| w == "-D") || cmd.value(&["-e"]).is_some_and(|v| v == "0"));
    if auditing_off {
        worst = Some((Log::System, "the kernel's audit rules"));
    }
    let Some((log, what)) = worst else {
        return;
    };
    let (family, severity, whose) = match log {
        Log::System => (
            Family::System,
            Severity::Verify,
            "the system's audit or login record",
        ),
        Log::Project => (
            Family::Filesystem,
            Severity::Confirm,
            "an audit or security log",
        ),
    };
    out.push(finding(
        family,
        "system.audit-log",
        severity,
        format!(
            "{} destroys or rewrites {what}, {whose}: the evidence of who did what is gone",
            if cmd.program.is_empty() {
                "a redirection"
            } else {
                cmd.program
            }
        ),
    ));
}
