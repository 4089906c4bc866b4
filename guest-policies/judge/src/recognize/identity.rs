//! What the object is, by the line's own words: a whole-object delete (a VM, a volume, a
//! managed database, a vault item, a cluster) is graded by the object it reaches, and the line
//! often says what that is where no recognizer looks: a comment (`vultr-cli instance delete
//! 7c2e... # the prod-mysql-primary VM`), a resource's name or label (`ledger-db-1`,
//! `db-primary`), a `--name`/`--tag`/`--vault` value (`--vault "Break Glass"`).
//!
//! # Why one pass over the line, after the recognizers
//!
//! Each delete's recognizer reads its own program's arguments; a comment is not an argument
//! (the shell drops it), and a name is an opaque id to the recognizer. The agent's own
//! description of the object is still the best evidence of what it is, so it is read once,
//! here, for whatever any recognizer graded as a whole-object delete. An object named as
//! production, a primary, backups, break-glass or root access, or the money's records (billing,
//! ledger, payroll) is verified: its loss is an outage or a loss of data or of the last way in,
//! not a bounded change.
//!
//! # Raising only
//!
//! A word here only raises a delete that a recognizer already asked about (confirm) to a
//! verification. Nothing lowers: a name saying `test-` or `scratch` is not read, a comment
//! can add a reason to look closer and never one to look less. Reads, listings and
//! allowed commands are untouched, whatever their names say.
//!
//! Cheap: the findings are looked at first (most lines have no delete at confirm), the line's
//! words only then, without allocating.

use super::Cmd;
use crate::finding::{Finding, Severity};

/// What a named object is, for messages, by the word that names it (lowercase).
const IDENTITIES: &[(&str, &str)] = &[
    ("prod", "production"),
    ("production", "production"),
    ("prd", "production"),
    ("primary", "a primary"),
    ("master", "a primary"),
    ("leader", "a primary"),
    ("backup", "backups"),
    ("backups", "backups"),
    ("breakglass", "break-glass access"),
    ("emergency", "break-glass access"),
    ("root", "root access"),
    ("billing", "the money's records"),
    ("ledger", "the money's records"),
    ("payroll", "the money's records"),
    ("payments", "the money's records"),
    ("invoices", "the money's records"),
    ("accounting", "the money's records"),
    ("treasury", "the money's records"),
];

/// Verbs and nouns of an option that deletes the object's storage with it
/// (`--delete-storages`, `--remove-all-storage`, `with-volumes=all`, `--delete-snapshots`).
const STORAGE_NOUNS: &[&str] = &[
    "storage",
    "storages",
    "volume",
    "volumes",
    "disk",
    "disks",
    "snapshot",
    "snapshots",
    "backup",
    "backups",
    "data",
];
const DELETING: &[&str] = &[
    "delete", "remove", "destroy", "purge", "with", "wipe", "all",
];

/// Finding codes whose object is deleted whole (a machine, a store, a vault item, a release):
/// those a name can make worse. `storage.disrupt` and `database.store-disrupt` carry stops
/// and restarts too, so their message must say the object goes.
fn whole_object_delete(f: &Finding) -> bool {
    match f.code {
        "cloud.delete"
        | "secrets.store-delete"
        | "secrets.one-password"
        | "containers.volume-delete"
        | "containers.helm-uninstall"
        | "windows.azure-delete" => true,
        "storage.disrupt" | "database.store-disrupt" => [
            " deletes ",
            " destroys ",
            " terminates ",
            " removes ",
            " uninstalls ",
        ]
        .iter()
        .any(|v| f.message.contains(v)),
        _ => false,
    }
}

/// Object stores' file-level deletes (`rclone delete b2:backups --min-age 90d`, `oci os object
/// bulk-delete --prefix tmp/`): the bucket's name says whose files, not that the object goes
/// whole; their reach is graded by their own readers (prefix, recursion, age).
fn deletes_files_in_a_store(cmd: &Cmd<'_>) -> bool {
    matches!(
        cmd.program,
        "rclone" | "s3cmd" | "s5cmd" | "mc" | "b2" | "gsutil" | "azcopy"
    ) || cmd.words().take(4).any(|w| {
        matches!(
            w,
            "s3" | "object" | "objects" | "blob" | "bulk-delete" | "storage"
        )
    })
}

/// The identity word (as written) and what it names, in `text`'s words.
fn identity_in(text: &str) -> Option<(&str, &'static str)> {
    let mut previous = "";
    for w in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        if w.is_empty() {
            continue;
        }
        // `break-glass`, `Break Glass`, `break_glass`: two words.
        if w.eq_ignore_ascii_case("glass") && previous.eq_ignore_ascii_case("break") {
            return Some((w, "break-glass access"));
        }
        if let Some((_, what)) = IDENTITIES.iter().find(|(n, _)| w.eq_ignore_ascii_case(n)) {
            return Some((w, what));
        }
        previous = w;
    }
    None
}

/// An option that takes the object's storage with it (`--delete-storages`,
/// `--remove-all-storage`, `with-volumes=all`); not one that keeps it (`--keep-disks`,
/// `--preserve-boot-volume=true`, `with-volumes=none`).
fn deletes_storage_too(w: &str) -> bool {
    if !(w.starts_with('-') || w.contains('=')) {
        return false;
    }
    let parts = || w.split(|c: char| !c.is_ascii_alphanumeric());
    parts().any(|p| DELETING.iter().any(|d| p.eq_ignore_ascii_case(d)))
        && parts().any(|p| STORAGE_NOUNS.iter().any(|n| p.eq_ignore_ascii_case(n)))
        && !parts().any(|p| {
            ["keep", "preserve", "false", "none", "no"]
                .iter()
                .any(|k| p.eq_ignore_ascii_case(k))
        })
}

/// Why the command's words, or the line's comment, make its whole-object delete worse.
fn named<'a>(cmd: &Cmd<'a>, comment: Option<&'a str>) -> Option<(&'a str, &'static str)> {
    cmd.words()
        .chain(comment)
        .find_map(identity_in)
        .or_else(|| {
            cmd.words()
                .find(|w| deletes_storage_too(w))
                .map(|w| (w, "its disks, volumes or backups, deleted with it"))
        })
}

/// The comments of a command line (`# ...` to the end of its line, outside quotes, at the
/// start or after a blank), joined; `None` when it has none (most lines: no allocation).
pub fn comment(text: &str) -> Option<String> {
    if !text.contains('#') {
        return None;
    }
    let b = text.as_bytes();
    let mut found = String::new();
    let (mut single, mut double) = (false, false);
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' if !single => i += 1,
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'#' if !single && !double && (i == 0 || b[i - 1].is_ascii_whitespace()) => {
                let end = text[i..].find('\n').map_or(text.len(), |n| i + n);
                found.push_str(&text[i + 1..end]);
                found.push(' ');
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    (!found.is_empty()).then_some(found)
}

/// Raises each whole-object delete among `found` that a person was to confirm to a
/// verification when the command's words or the line's comment name the object as
/// production, a primary, backups, break-glass or root access, or the money's records, or
/// delete its storage with it.
pub fn raise(cmd: &Cmd<'_>, comment: Option<&str>, found: &mut [Finding]) {
    let deletes = |f: &Finding| f.severity == Severity::Confirm && whole_object_delete(f);
    if !found.iter().any(deletes) || deletes_files_in_a_store(cmd) {
        return;
    }
    let Some((word, what)) = named(cmd, comment) else {
        return;
    };
    for f in found.iter_mut().filter(|f| deletes(f)) {
        f.severity = Severity::Verify;
        f.message = format!(
            "{}; the line names what goes as {what} (`{}`)",
            f.message,
            crate::cut(word, 60)
        );
    }
}
