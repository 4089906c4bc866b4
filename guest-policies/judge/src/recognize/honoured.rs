//! Where a program really reads its dry-run flag. A dry run lowers a command only when the
//! program honours the flag for what the line asks it to do, and only where the program reads
//! it: an agent writes every word, so a `--dry-run` the program accepts and ignores, or a `-n`
//! that is another option's value, would silence the command by a word.
//!
//! - Programs that accept the generic spelling for every verb but honour it for some only
//!   ([`PARTIAL`], from each program's manual): systemctl's `--dry-run` applies to the power
//!   verbs alone (`systemctl --dry-run stop nginx` stops nginx); npm takes any `--key` as
//!   configuration, and its registry writes (`dist-tag`, `owner`, `deprecate`, `access`...)
//!   read no `dry-run` (npm's documentation says so of them).
//! - A short dry-run letter is the program's only outside the values of its options that take
//!   one ([`short_flag`]): `git push --force origin main -o -n` sends `-n` as a push option,
//!   `rsync -a --delete ./ host:/srv --exclude -n` excludes a file named `-n`; and never after
//!   `--`.

use super::Cmd;

/// A program that accepts the generic dry-run spelling everywhere, and the subcommands where it
/// honours it (`Only`) or ignores it (`Except`).
enum Honours {
    /// Honoured for these subcommands only.
    Only(&'static [&'static str]),
    /// Honoured everywhere except these subcommands.
    Except(&'static [&'static str]),
}

/// Programs whose dry-run option is accepted by more verbs than honour it.
const PARTIAL: &[(&str, Honours)] = &[
    (
        "systemctl",
        Honours::Only(&[
            "halt",
            "poweroff",
            "reboot",
            "kexec",
            "soft-reboot",
            "suspend",
            "hibernate",
            "hybrid-sleep",
            "suspend-then-hibernate",
            "default",
            "rescue",
            "emergency",
            "exit",
        ]),
    ),
    (
        "npm",
        Honours::Except(&[
            "dist-tag",
            "dist-tags",
            "owner",
            "author",
            "deprecate",
            "undeprecate",
            "access",
            "team",
            "token",
            "org",
            "star",
            "unstar",
            "hook",
            "profile",
            "config",
            "set",
            "trust",
        ]),
    ),
];

/// Whether `program` accepts a generic dry-run option on this line without honouring it: the
/// line's subcommand (its first operand) is not one the program applies it to.
pub fn ignores_dry_run<S: AsRef<str>>(program: &str, words: &[S]) -> bool {
    let Some((_, honours)) = PARTIAL.iter().find(|(p, _)| *p == program) else {
        return false;
    };
    let verb = words
        .iter()
        .map(AsRef::as_ref)
        .find(|w| !w.starts_with('-'))
        .unwrap_or("");
    match honours {
        Honours::Only(verbs) => !verbs.contains(&verb),
        Honours::Except(verbs) => verbs.contains(&verb),
    }
}

/// The options that take a separate value, per program whose dry-run letter is read here
/// (from each manual): a word after one of them is that option's value.
const VALUED: &[(&str, &[&str])] = &[
    (
        "git",
        &[
            "-o",
            "--push-option",
            "--receive-pack",
            "--exec",
            "--repo",
            "-e",
            "--exclude",
            "-C",
            "-c",
            "--pathspec-from-file",
            "--chmod",
        ],
    ),
    (
        "rsync",
        &[
            "-e",
            "--rsh",
            "--exclude",
            "--include",
            "-f",
            "--filter",
            "--exclude-from",
            "--include-from",
            "--files-from",
            "--rsync-path",
            "--log-file",
            "--log-file-format",
            "--out-format",
            "--password-file",
            "-B",
            "--block-size",
            "-T",
            "--temp-dir",
            "--compare-dest",
            "--copy-dest",
            "--link-dest",
            "--partial-dir",
            "--backup-dir",
            "--suffix",
            "--chmod",
            "--chown",
            "--usermap",
            "--groupmap",
            "--timeout",
            "--contimeout",
            "--port",
            "--bwlimit",
            "--max-size",
            "--min-size",
            "--max-delete",
            "-M",
            "--remote-option",
            "--info",
            "--debug",
            "--iconv",
            "--skip-compress",
            "--address",
            "--sockopts",
            "--write-batch",
            "--read-batch",
            "--only-write-batch",
        ],
    ),
];

/// Whether the short flag `letter` (alone or in a cluster, `-an`) or one of the long options is
/// given where the program reads its options: before `--`, and not as the value of an option
/// that takes one.
pub fn short_flag(cmd: &Cmd<'_>, letter: u8, long: &[&str]) -> bool {
    let valued = VALUED
        .iter()
        .find(|(p, _)| *p == cmd.program)
        .map_or(&[][..], |(_, v)| *v);
    let mut value_next = false;
    for a in cmd.words() {
        if value_next {
            value_next = false;
            continue;
        }
        if a == "--" {
            return false;
        }
        if valued.contains(&a) {
            value_next = true;
            continue;
        }
        if super::sets_flag(a, &[letter], long) {
            return true;
        }
    }
    false
}
