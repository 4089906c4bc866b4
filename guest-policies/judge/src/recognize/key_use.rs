//! Credentials used, not read out: `ssh -i KEY host` (and scp, sftp, sshfs, autossh) hands the
//! key to the client to log in with; nothing prints it or sends it anywhere. Only the read
//! finding about exactly the identity file is lowered, and only when no other operand of the
//! line is a secret (`scp -i k.pem k.pem host:` still sends the key, and is graded as such by
//! the exfiltration reader; a remote `cat ~/.aws/credentials` still reads one).
//!
//! A permission taken away is not one given: `aws ec2 modify-snapshot-attribute
//! --operation-type remove` (and the image and FPGA image forms, or RDS's
//! `--values-to-remove` alone) narrows who may use a snapshot; the unread-effect floor read
//! the value `remove` as a removal of the snapshot. An `add` anywhere on the line keeps it.

use super::{Cmd, paths};
use crate::finding::{Finding, Severity};

const SSH_CLIENTS: &[&str] = &["ssh", "scp", "sftp", "sshfs", "autossh"];

/// AWS subcommands that change who may use an object, by an operation option.
const ATTRIBUTE_CHANGES: &[&str] = &[
    "modify-snapshot-attribute",
    "modify-image-attribute",
    "modify-fpga-image-attribute",
    "modify-db-snapshot-attribute",
    "modify-db-cluster-snapshot-attribute",
];

/// Lowers a login key's "read" and a permission's removal read as a deletion.
pub fn lower(cmd: &Cmd<'_>, found: &mut [Finding]) {
    if SSH_CLIENTS.contains(&cmd.program) {
        identity_file(cmd, found);
    } else if cmd.program == "aws" {
        permission_removed(cmd, found);
    }
}

fn identity_file(cmd: &Cmd<'_>, found: &mut [Finding]) {
    let mut keys = Vec::new();
    let mut others = Vec::new();
    let mut it = cmd.words();
    while let Some(a) = it.next() {
        if a == "-i" {
            if let Some(k) = it.next() {
                keys.push(k);
            }
        } else if let Some(k) = a.strip_prefix("-i").filter(|k| !k.is_empty()) {
            keys.push(k);
        } else {
            others.push(a);
        }
    }
    // Another secret on the line or fed on stdin, or a local command the client runs
    // (`ProxyCommand`, `LocalCommand`, `KnownHostsCommand`), keeps the read.
    if keys.is_empty()
        || others
            .iter()
            .any(|o| paths::secret(o).is_some() || o.to_ascii_lowercase().contains("command"))
        || cmd
            .redirects
            .iter()
            .any(|r| r.kind == crate::shell::RedirectKind::Read)
        || cmd.piped_in
    {
        return;
    }
    for f in found.iter_mut().filter(|f| {
        f.code == "secrets.read"
            && keys.iter().any(|k| {
                f.message
                    .starts_with(&format!("{} reads {k}:", cmd.program))
            })
    }) {
        f.severity = Severity::Note;
        f.message = format!(
            "the identity file is used to log in, not printed: {}",
            f.message
        );
    }
}

fn permission_removed(cmd: &Cmd<'_>, found: &mut [Finding]) {
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    if !ops.iter().any(|o| ATTRIBUTE_CHANGES.contains(o)) {
        return;
    }
    let lower = |w: &str| w.to_ascii_lowercase();
    let removes =
        cmd.value(&["--operation-type"]) == Some("remove") || cmd.has(&["--values-to-remove"]);
    let adds = cmd.words().any(|w| {
        let w = lower(w);
        w == "add" || w.contains("add=") || w.starts_with("--values-to-add")
    }) || cmd
        .words()
        .filter(|w| w.starts_with("--operation-type"))
        .count()
        > 1;
    if !removes || adds {
        return;
    }
    for f in found
        .iter_mut()
        .filter(|f| f.code == "generic.unread-effect" && f.severity == Severity::Confirm)
    {
        f.severity = Severity::Note;
        f.message = format!("a permission removed, nothing deleted: {}", f.message);
    }
}
