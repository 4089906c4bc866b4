//! Mode neutralizers: a flag or an argument that makes a command write nothing, or only
//! announce (issue #13, holdout8 analysis F1, the largest single cause of false positives).
//!
//! `alembic downgrade base --sql` prints the SQL and connects to no database; `git filter-repo
//! --analyze` writes a report; `shutdown -k` only sends the wall message; `pkill -USR1 -x
//! nginx` makes nginx reopen its logs; `deno cache URL` fetches a module and runs none of it;
//! `security find-internet-password` without `-w` prints a keychain item's attributes, not its
//! password. The recognizers read the program and its subcommand and find the effect the mode
//! switches off; this module knows the modes.
//!
//! # Why it is built so
//!
//! A mode's spelling is the program's own (`-n` is a dry run for `git push` and `ldapdelete`,
//! "no verify" for `git commit`, a line count for `head`), so the knowledge is a table of rows.
//! The table is organised by **mode class**, not by program: each class says what the mode
//! leaves of the command (nothing, or a bounded change) and which families of findings it can
//! lower, and a new program is one row in its class. The classes:
//!
//! - [`Class::PrintOnly`]: offline or print-only, it emits what it would do (SQL, a plan, a list
//!   of targets) and changes nothing: alembic/Flask-Migrate `--sql`, Liquibase's `*-sql`
//!   subcommands, sqlpackage `/Action:Script`, pt-kill `--print`, OpenLDAP's `-n`, pacman
//!   `-p`, emerge `-p`, apk `-s`, dpkg `--no-act`, dnf `--assumeno`, salt `test=True`, chef
//!   `--why-run`, Django `migrate --plan`, `oc adm prune` without `--confirm`, duplicity's
//!   removals without `--force`, and every `--dry-run` / `-WhatIf` spelling
//!   ([`super::dry_run_option`], which the judge reads before any recognizer: a dry run is
//!   not judged at all).
//! - [`Class::ReportOnly`]: analyses and reports, changes nothing it reads: `git filter-repo
//!   --analyze`, fsck's and xfs_repair's `-n`, logrotate `-d`, tmpwatch `--test`, bleachbit
//!   `--preview`, `wipefs` without `-a`/`-o`.
//! - [`Class::AnnounceOnly`]: announces or cancels, no machine goes down: `shutdown -k`,
//!   systemd's `reboot/halt/poweroff --wall`, Windows `shutdown /a`.
//! - [`Class::SignalOnly`]: a signal the target handles without stopping. Signal 0 (a probe)
//!   and CONT (a resume) stop nothing anywhere. HUP, USR1, USR2 terminate a process that does
//!   not handle them (their default action), so they are neutral only for a program whose
//!   manual documents them, in a per-program table: a report (nginx USR1 reopens its logs,
//!   dnsmasq USR1 dumps statistics, GNU dd USR1 prints its progress) leaves nothing; a reload
//!   (nginx or sshd HUP re-reads the configuration) leaves a bounded change (confirm), never
//!   a kill of a critical process. TERM, KILL, INT, QUIT, STOP, WINCH (a graceful stop for
//!   nginx, Apache, gunicorn) and an unknown target stay kills.
//! - [`Class::FetchOnly`]: fetches or caches code without running it: `deno cache/info/check/
//!   doc`, `go mod download`, `cargo fetch/vendor`, `pip download --only-binary=:all:` (without
//!   it pip builds a source distribution's metadata, which runs its setup code), `npm ci
//!   --ignore-scripts` (the lockfile's packages, no install scripts; an `install` of a new
//!   package is not neutral: the package runs when the project imports it).
//! - [`Class::MetadataOnly`]: reads a secret store's metadata, not the secret: `security
//!   find-*-password` without `-w`/`-g`, `security dump-keychain` without `-d`, Vault transit
//!   key and PKI certificate reads, `openssl x509` (a certificate is public), `openssl
//!   rsa|pkey -pubout`, `keytool -list`.
//!
//! # Where it applies
//!
//! [`neutralized`] answers for one simple command; the judge ([`judge`]) lowers only that command's own
//! findings, of the families its class covers ([`Class::covers`]), to what the mode leaves
//! ([`Mode::leaves`]). A second command in the line is judged as ever (`alembic downgrade
//! base --sql | psql prod` runs the SQL), and so is what the shell does around the command (a
//! redirection over a system file). Tampering with the guard is never lowered by a mode.
//! Other readers (the unread-effect rule) ask [`neutralized`] before they raise anything.

use super::Cmd;
use crate::finding::{Family, Finding, Severity};
use crate::shell::{RedirectKind, Script};

/// What a mode makes of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Emits what it would do and changes nothing.
    PrintOnly,
    /// Analyses and writes a report only.
    ReportOnly,
    /// Announces (or cancels) and changes nothing.
    AnnounceOnly,
    /// Sends a signal the target handles without stopping.
    SignalOnly,
    /// Fetches or caches code without running it.
    FetchOnly,
    /// Reads a secret store's metadata, not the secret.
    MetadataOnly,
}

impl Class {
    /// The words a lowered finding's message starts with.
    pub const fn label(self) -> &'static str {
        match self {
            Class::PrintOnly => "print-only mode",
            Class::ReportOnly => "report-only mode",
            Class::AnnounceOnly => "announce-only mode",
            Class::SignalOnly => "a signal it handles",
            Class::FetchOnly => "fetch-only mode",
            Class::MetadataOnly => "metadata only",
        }
    }

    /// Whether the mode covers a finding of this family: a print or report mode switches off
    /// whatever the command would do; an announcement or a handled signal takes nothing down;
    /// a fetch runs no code; a metadata read shows no secret. Tampering is never covered.
    pub const fn covers(self, family: Family) -> bool {
        match self {
            _ if matches!(family, Family::Tampering) => false,
            Class::PrintOnly | Class::ReportOnly => true,
            Class::AnnounceOnly => matches!(family, Family::System),
            Class::SignalOnly => matches!(family, Family::System | Family::Containers),
            Class::FetchOnly => matches!(family, Family::RemoteCode),
            Class::MetadataOnly => matches!(family, Family::Secrets),
        }
    }
}

/// A mode one command runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mode {
    /// Its class.
    pub class: Class,
    /// What the command does in it, for people ("alembic --sql prints the SQL it would run").
    pub what: &'static str,
    /// The most any covered finding keeps: `Note` for a mode that changes nothing, `Confirm`
    /// for one that leaves a bounded change (a daemon reloading its configuration).
    pub leaves: Severity,
}

/// The hook where one command's findings are combined: lowers `found` (what this command
/// found, not its redirections) when the command runs in a neutralizing mode. A print or report
/// mode whose output is run after all is no mode: its output piped into anything but a viewer
/// (`alembic downgrade base --sql | psql prod`), a file it writes that a later command of the
/// line reads (`> x.sql && psql -f x.sql`), or a body nested in another command (a `$(...)`
/// whose text becomes another command's argument).
pub fn judge(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, depth: u8, found: &mut [Finding]) {
    // Options after a command that runs another one are that command's (`docker run img sh
    // -c 'rm -rf /data' --dry-run`): no mode of the outer program.
    if super::runs_inner_command(cmd) {
        return;
    }
    let Some(mode) = neutralized(cmd.program, cmd.args) else {
        return;
    };
    if matches!(mode.class, Class::PrintOnly | Class::ReportOnly)
        && (depth > 0 || output_used(cmd, s, index))
    {
        return;
    }
    lower(&mode, found);
}

/// Programs that only show or store what they are fed: a printed plan piped into one is read
/// by a person, not run.
const VIEWERS: &[&str] = &[
    "less",
    "more",
    "most",
    "head",
    "tail",
    "cat",
    "bat",
    "batcat",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "wc",
    "sort",
    "uniq",
    "cut",
    "tr",
    "column",
    "jq",
    "fold",
    "nl",
    "tee",
    "diff",
    "colordiff",
    "delta",
    "pbcopy",
    "xclip",
    "xsel",
    "gzip",
    "bzip2",
    "xz",
    "zstd",
    "fmt",
];

/// Whether what the command prints is used by a later command of the line: piped into a
/// program that is no viewer, or written to a file a later command names.
fn output_used(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    let Some(me) = s.commands.get(index) else {
        return false;
    };
    if me.piped_out {
        let next = s.commands.get(index + 1);
        let program = next
            .and_then(|c| {
                c.words
                    .iter()
                    .find(|w| !matches!(&***w, "sudo" | "doas" | "env" | "command" | "nice"))
            })
            .map(|w| super::program_name(w));
        if !program.is_some_and(|p| VIEWERS.contains(&p)) {
            return true;
        }
    }
    cmd.redirects
        .iter()
        .filter(|r| matches!(r.kind, RedirectKind::Write | RedirectKind::Append))
        .any(|r| {
            let name = super::paths::file_name(&r.target);
            !name.is_empty()
                && s.commands.iter().skip(index + 1).any(|c| {
                    c.words
                        .iter()
                        .chain(c.redirects.iter().map(|r| &r.target))
                        .any(|w| super::paths::file_name(w) == name)
                })
        })
}

/// Lowers the covered findings of one command to what its mode leaves.
pub fn lower(mode: &Mode, found: &mut [Finding]) {
    for f in found {
        if mode.class.covers(f.family) && f.severity > mode.leaves {
            f.severity = mode.leaves;
            f.message = format!("{} ({}): {}", mode.class.label(), mode.what, f.message);
        }
    }
}

/// How a row recognises its mode among a command's words.
#[derive(Clone, Copy)]
enum On {
    /// Any of these options (`--sql`, `--sql=...`; a single letter is a short flag, also in
    /// a cluster: `n` matches `-n` and `-xn`).
    Any(&'static [&'static str]),
    /// The mode is the default: none of these options is given (`oc adm prune` without
    /// `--confirm` only lists what it would prune).
    Without(&'static [&'static str]),
    /// The subcommand alone is the mode (`liquibase update-sql`).
    Always,
    /// A program-specific test over the words.
    Test(fn(&[&str]) -> bool),
}

/// One program's spelling of a mode.
struct Row {
    class: Class,
    programs: &'static [&'static str],
    /// The leading operands the mode belongs to, each a space-separated path (`"db
    /// downgrade"`); empty: any.
    subcommands: &'static [&'static str],
    on: On,
    /// Options that switch the mode off or read the secret after all (`-w`, `--kill`).
    unless: &'static [&'static str],
    what: &'static str,
}

const fn row(
    class: Class,
    programs: &'static [&'static str],
    subcommands: &'static [&'static str],
    on: On,
    unless: &'static [&'static str],
    what: &'static str,
) -> Row {
    Row {
        class,
        programs,
        subcommands,
        on,
        unless,
        what,
    }
}

use Class::{AnnounceOnly, FetchOnly, MetadataOnly, PrintOnly, ReportOnly};

/// The rows, by class. Each is from the program's own manual or CLI reference.
const ROWS: &[Row] = &[
    // ---- print-only: emits what it would do ----
    // Ansible's listing and syntax-check options run no task on any host (session 20: plans
    // and listings graded as acts). `--check` is not here: a task marked `check_mode: false`
    // runs for real under it.
    row(
        PrintOnly,
        &["ansible-playbook"],
        &[],
        On::Any(&[
            "--list-tasks",
            "--list-hosts",
            "--list-tags",
            "--syntax-check",
        ]),
        &[],
        "ansible-playbook lists or syntax-checks the play and runs no task",
    ),
    row(
        PrintOnly,
        &["ansible", "ansible-console"],
        &[],
        On::Any(&["--list-hosts", "--syntax-check"]),
        &[],
        "ansible lists the hosts it would reach and runs no module",
    ),
    // A CloudFormation change set made and not executed: the stack is unchanged until someone
    // executes it (aws cloudformation deploy, SAM's deploy).
    row(
        PrintOnly,
        &["aws"],
        &["cloudformation deploy"],
        On::Any(&["--no-execute-changeset"]),
        &[],
        "cloudformation deploy --no-execute-changeset only creates a change set to review",
    ),
    row(
        PrintOnly,
        &["sam"],
        &["deploy"],
        On::Any(&["--no-execute-changeset"]),
        &[],
        "sam deploy --no-execute-changeset only creates a change set to review",
    ),
    row(
        PrintOnly,
        &["alembic"],
        &["upgrade", "downgrade"],
        On::Any(&["--sql"]),
        &[],
        "alembic's offline mode prints the SQL and connects to no database",
    ),
    row(
        PrintOnly,
        &["flask"],
        &["db upgrade", "db downgrade"],
        On::Any(&["--sql"]),
        &[],
        "Flask-Migrate's offline mode prints the SQL and connects to no database",
    ),
    row(
        PrintOnly,
        &["liquibase"],
        &[
            "update-sql",
            "updatesql",
            "update-count-sql",
            "updatecountsql",
            "rollback-sql",
            "rollbacksql",
            "rollback-count-sql",
            "rollbackcountsql",
            "rollback-to-date-sql",
            "rollbacktodatesql",
            "future-rollback-sql",
            "futurerollbacksql",
        ],
        On::Always,
        &[],
        "Liquibase's *-sql commands print the SQL they would run",
    ),
    row(
        PrintOnly,
        &["flyway"],
        &[],
        On::Test(flyway_dry_run),
        &[],
        "flyway -dryRunOutput writes the SQL to a file and applies none of it",
    ),
    row(
        PrintOnly,
        &["sqlpackage", "sqlpackage.exe"],
        &[],
        On::Test(sqlpackage_script),
        &[],
        "sqlpackage /Action:Script or DeployReport writes a script or a report, it publishes nothing",
    ),
    row(
        PrintOnly,
        &["pt-kill"],
        &[],
        On::Any(&["--print"]),
        &["--kill", "--kill-query"],
        "pt-kill --print prints the KILL statements and kills nothing",
    ),
    row(
        PrintOnly,
        &[
            "ldapdelete",
            "ldapmodify",
            "ldapadd",
            "ldapmodrdn",
            "ldappasswd",
        ],
        &[],
        On::Any(&["n"]),
        &[],
        "OpenLDAP's -n shows what would be done and modifies no entry",
    ),
    row(
        PrintOnly,
        &["pacman"],
        &[],
        On::Test(pacman_print),
        &[],
        "pacman -p prints the targets instead of performing the operation",
    ),
    row(
        PrintOnly,
        &["emerge"],
        &[],
        On::Any(&["p", "--pretend"]),
        &[],
        "emerge --pretend shows what would be merged or unmerged",
    ),
    row(
        PrintOnly,
        &["apk"],
        &[],
        On::Any(&["s", "--simulate"]),
        &[],
        "apk --simulate changes nothing",
    ),
    row(
        PrintOnly,
        &["xbps-remove", "xbps-install"],
        &[],
        On::Any(&["n"]),
        &[],
        "xbps -n (--dry-run) shows what would be done",
    ),
    row(
        PrintOnly,
        &["pkg"],
        &["delete", "remove", "autoremove", "install", "upgrade"],
        On::Any(&["n"]),
        &[],
        "pkg -n is a dry run",
    ),
    row(
        PrintOnly,
        &["port"],
        &[],
        On::Any(&["y"]),
        &[],
        "MacPorts -y is a dry run",
    ),
    row(
        PrintOnly,
        &["dpkg"],
        &[],
        On::Any(&["--no-act", "--simulate"]),
        &[],
        "dpkg --no-act changes nothing",
    ),
    row(
        PrintOnly,
        &["dnf", "yum", "microdnf", "tdnf"],
        &[],
        On::Any(&["--assumeno"]),
        &[],
        "--assumeno answers no to the transaction: nothing is installed or removed",
    ),
    row(
        PrintOnly,
        &["brew"],
        &["cleanup", "autoremove"],
        On::Any(&["n"]),
        &[],
        "brew -n shows what would be removed",
    ),
    row(
        PrintOnly,
        &["salt", "salt-call", "salt-ssh"],
        &[],
        On::Test(salt_test),
        &[],
        "salt test=True reports what the state would change",
    ),
    // The orchestrate runner passes test=True to every state it runs (not every runner
    // reads it: only the orchestration here).
    row(
        PrintOnly,
        &["salt-run"],
        &["state.orchestrate", "state.orch"],
        On::Test(salt_test),
        &[],
        "salt-run state.orchestrate test=True reports what the orchestration would change",
    ),
    row(
        PrintOnly,
        &["chef-client", "chef-solo"],
        &[],
        On::Any(&["W", "--why-run"]),
        &[],
        "chef --why-run reports what would change",
    ),
    row(
        PrintOnly,
        &["manage.py", "django-admin"],
        &["migrate"],
        On::Any(&["--plan"]),
        &[],
        "Django migrate --plan lists the operations it would run",
    ),
    row(
        PrintOnly,
        &["python", "python3"],
        &["manage.py migrate"],
        On::Any(&["--plan"]),
        &[],
        "Django migrate --plan lists the operations it would run",
    ),
    row(
        PrintOnly,
        &["oc"],
        &["adm prune"],
        On::Without(&["--confirm"]),
        &[],
        "oc adm prune without --confirm lists what it would prune",
    ),
    row(
        PrintOnly,
        &["duplicity"],
        &[
            "remove-older-than",
            "remove-all-but-n-full",
            "remove-all-inc-of-but-n-full",
            "cleanup",
        ],
        On::Without(&["--force"]),
        &[],
        "duplicity lists what it would remove unless --force",
    ),
    row(
        PrintOnly,
        &["git"],
        &[
            "prune",
            "reflog expire",
            "reflog delete",
            "worktree prune",
            "remote prune",
        ],
        On::Any(&["n", "--dry-run"]),
        &[],
        "git's -n (--dry-run) reports what it would remove",
    ),
    row(
        PrintOnly,
        &["nix-store"],
        &[],
        On::Any(&["--print-dead", "--print-live", "--print-roots"]),
        &[],
        "nix-store --print-* lists store paths and deletes none",
    ),
    // ---- report-only: analyses and reports ----
    row(
        ReportOnly,
        &["git"],
        &["filter-repo"],
        On::Any(&["--analyze"]),
        &[],
        "git filter-repo --analyze writes reports and rewrites nothing",
    ),
    row(
        ReportOnly,
        &["git-filter-repo"],
        &[],
        On::Any(&["--analyze"]),
        &[],
        "git filter-repo --analyze writes reports and rewrites nothing",
    ),
    row(
        ReportOnly,
        &[
            "fsck",
            "e2fsck",
            "fsck.ext2",
            "fsck.ext3",
            "fsck.ext4",
            "fsck.vfat",
            "fsck.fat",
            "dosfsck",
            "fsck.hfsplus",
        ],
        &[],
        On::Any(&["n"]),
        &["y", "p", "a"],
        "fsck -n opens the file system read-only and answers no to every repair",
    ),
    row(
        ReportOnly,
        &["xfs_repair"],
        &[],
        On::Any(&["n"]),
        &["L"],
        "xfs_repair -n checks and modifies nothing",
    ),
    row(
        ReportOnly,
        &["ntfsfix"],
        &[],
        On::Any(&["n", "--no-action"]),
        &[],
        "ntfsfix --no-action changes nothing",
    ),
    row(
        ReportOnly,
        &["logrotate"],
        &[],
        On::Any(&["d", "--debug"]),
        &[],
        "logrotate -d changes no log and no state file",
    ),
    row(
        ReportOnly,
        &["tmpwatch", "tmpreaper"],
        &[],
        On::Any(&["t", "--test"]),
        &[],
        "--test reports what would be removed",
    ),
    row(
        ReportOnly,
        &["bleachbit"],
        &[],
        On::Any(&["p", "--preview"]),
        &["c", "--clean"],
        "bleachbit --preview lists what it would delete",
    ),
    row(
        ReportOnly,
        &["wipefs"],
        &[],
        On::Without(&["a", "--all", "o", "--offset"]),
        &[],
        "wipefs without -a or -o lists the signatures",
    ),
    row(
        ReportOnly,
        &["wipefs"],
        &[],
        On::Any(&["n", "--no-act"]),
        &[],
        "wipefs --no-act erases nothing",
    ),
    row(
        ReportOnly,
        &["borg", "borgbackup"],
        &["prune", "delete", "recreate", "compact"],
        On::Any(&["n", "--dry-run"]),
        &[],
        "borg -n is a dry run",
    ),
    // ---- storage tools' own test modes (each from its manual): the flag is the program's,
    // read where the program reads it; the generic `--dry-run` rule covers the long spellings
    // of the rest ----
    row(
        ReportOnly,
        &[
            "lvremove",
            "lvreduce",
            "lvresize",
            "lvextend",
            "lvcreate",
            "lvconvert",
            "lvchange",
            "lvrename",
            "vgremove",
            "vgreduce",
            "vgcreate",
            "vgextend",
            "vgchange",
            "vgrename",
            "vgmerge",
            "vgsplit",
            "vgcfgrestore",
            "pvremove",
            "pvcreate",
            "pvmove",
            "pvchange",
            "pvresize",
        ],
        &[],
        On::Any(&["t", "--test"]),
        &[],
        "LVM's test mode (-t, --test) updates no metadata",
    ),
    row(
        ReportOnly,
        &["lvm"],
        &[],
        On::Any(&["t", "--test"]),
        &[],
        "LVM's test mode (-t, --test) updates no metadata",
    ),
    row(
        ReportOnly,
        &["sgdisk"],
        &[],
        On::Any(&["P", "--pretend"]),
        &[],
        "sgdisk --pretend changes the table in memory only and writes nothing",
    ),
    row(
        ReportOnly,
        &["sfdisk"],
        &[],
        On::Any(&["n", "--no-act"]),
        &[],
        "sfdisk --no-act does everything but write to the device",
    ),
    row(
        ReportOnly,
        &["mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4"],
        &[],
        On::Any(&["n"]),
        &[],
        "mke2fs -n shows what it would do and creates no file system",
    ),
    row(
        ReportOnly,
        &["mkfs.xfs"],
        &[],
        On::Any(&["N"]),
        &[],
        "mkfs.xfs -N prints the parameters without creating the file system",
    ),
    row(
        ReportOnly,
        &["resize2fs"],
        &[],
        On::Any(&["P"]),
        &[],
        "resize2fs -P prints the minimum size and resizes nothing",
    ),
    row(
        ReportOnly,
        &["zpool"],
        &["create", "add", "remove", "split"],
        On::Any(&["n"]),
        &[],
        "zpool's -n displays the configuration and changes no pool",
    ),
    row(
        ReportOnly,
        &["rclone"],
        &[],
        On::Any(&["n"]),
        &[],
        "rclone -n (--dry-run) transfers and deletes nothing",
    ),
    row(
        ReportOnly,
        &["gsutil"],
        &["rsync"],
        On::Any(&["n"]),
        &[],
        "gsutil rsync -n lists what it would copy and delete",
    ),
    row(
        ReportOnly,
        &["s3cmd"],
        &["sync"],
        On::Any(&["n"]),
        &[],
        "s3cmd sync -n (--dry-run) shows what it would transfer and delete",
    ),
    row(
        ReportOnly,
        &["restic"],
        &["forget", "prune", "rewrite"],
        On::Any(&["n"]),
        &[],
        "restic -n (--dry-run) removes no snapshot and no data",
    ),
    row(
        ReportOnly,
        &["kopia"],
        &["snapshot delete"],
        On::Without(&["--delete"]),
        &[],
        "kopia snapshot delete without --delete only lists what it would delete",
    ),
    row(
        ReportOnly,
        &["conda", "mamba", "micromamba"],
        &["remove", "uninstall", "install", "update", "clean"],
        On::Any(&["d"]),
        &[],
        "conda -d (--dry-run) changes no environment",
    ),
    row(
        ReportOnly,
        &["hg"],
        &["purge", "clean"],
        On::Any(&["p", "--print"]),
        &[],
        "hg purge --print lists the files it would remove",
    ),
    // ---- announce-only: nothing goes down ----
    row(
        AnnounceOnly,
        &["shutdown"],
        &[],
        On::Any(&["k"]),
        &[],
        "shutdown -k only sends the wall message",
    ),
    row(
        AnnounceOnly,
        &["reboot", "halt", "poweroff"],
        &[],
        On::Any(&["--wall"]),
        &[],
        "--wall only writes the wall message",
    ),
    row(
        AnnounceOnly,
        &["shutdown", "shutdown.exe"],
        &[],
        On::Any(&["/a", "-a"]),
        &[],
        "shutdown /a aborts a pending shutdown",
    ),
    // ---- fetch-only: no code runs ----
    row(
        FetchOnly,
        &["deno"],
        &["cache", "info", "check", "doc"],
        On::Always,
        &[],
        "deno fetches, type-checks or documents the module and runs none of it",
    ),
    row(
        FetchOnly,
        &["go"],
        &["mod download", "mod vendor", "mod graph", "mod verify"],
        On::Always,
        &[],
        "go mod downloads modules and builds or runs none",
    ),
    row(
        FetchOnly,
        &["cargo"],
        &["fetch", "vendor"],
        On::Always,
        &[],
        "cargo fetch/vendor downloads crates and runs no build script",
    ),
    row(
        FetchOnly,
        &["pip", "pip3"],
        &["download"],
        On::Test(only_binary),
        &[],
        "pip download of wheels only runs no setup code",
    ),
    row(
        FetchOnly,
        &["npm", "pnpm", "yarn", "bun"],
        &["ci"],
        On::Any(&["--ignore-scripts"]),
        &[],
        "a lockfile install with --ignore-scripts runs no package's scripts",
    ),
    // ---- metadata only: no secret shown ----
    // 1Password's vaults, item lists, users and groups: names and dates, no field values.
    row(
        MetadataOnly,
        &["op"],
        &[
            "vault get",
            "vault list",
            "vault ls",
            "item list",
            "item ls",
            "user list",
            "user get",
            "group list",
            "account list",
        ],
        On::Always,
        &[],
        "op lists 1Password vaults, items or people, with no field values",
    ),
    row(
        MetadataOnly,
        &["security"],
        &[
            "find-generic-password",
            "find-internet-password",
            "find-certificate",
            "find-identity",
            "find-key",
        ],
        On::Without(&["w", "g"]),
        &[],
        "without -w or -g security prints the item's attributes, not its secret",
    ),
    row(
        MetadataOnly,
        &["security"],
        &["dump-keychain"],
        On::Without(&["d"]),
        &[],
        "without -d dump-keychain prints attributes, not secrets",
    ),
    row(
        MetadataOnly,
        &["vault"],
        &["read"],
        On::Test(vault_metadata),
        &[],
        "a Vault transit key or PKI certificate read returns metadata or public certificates",
    ),
    row(
        MetadataOnly,
        &["vault"],
        &["kv metadata get", "kv metadata list"],
        On::Always,
        &[],
        "vault kv metadata get/list shows versions and dates, not values",
    ),
    row(
        MetadataOnly,
        &["openssl"],
        &["x509"],
        On::Always,
        &[],
        "openssl x509 reads a certificate, which is public",
    ),
    row(
        MetadataOnly,
        &["openssl"],
        &["rsa", "pkey", "ec"],
        On::Any(&["-pubout"]),
        &[],
        "-pubout prints the public key only",
    ),
    row(
        MetadataOnly,
        &["keytool"],
        &[],
        On::Any(&["-list"]),
        &[],
        "keytool -list prints aliases and certificate fingerprints",
    ),
];

/// The mode a command runs in, if a neutralizing one: `program` as the judge names it
/// (lowercased, path removed), `words` its arguments. One answer for every reader that asks.
pub fn neutralized<S: AsRef<str>>(program: &str, words: &[S]) -> Option<Mode> {
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    // A shell, an interpreter, ssh, echo or printf hands a trailing `--dry-run` to its script,
    // remote command or output (`bash -c 'rm -rf /' --dry-run` runs the rm): no dry run.
    if !super::passes_words_on_program(program)
        && words
            .iter()
            .take_while(|w| **w != "--")
            .any(|w| super::dry_run_option(w) || *w == "--noop" && !words.contains(&"--no-noop"))
        && !super::honoured::ignores_dry_run(program, &words)
        && !super::project_scripts::preview_and_live(program, &words)
    {
        return Some(Mode {
            class: Class::PrintOnly,
            what: "a dry run shows what it would do",
            leaves: Severity::Note,
        });
    }
    if let Some(mode) = signal_only(program, &words) {
        return Some(mode);
    }
    ROWS.iter()
        .find(|r| {
            r.programs.contains(&program)
                && (r.subcommands.is_empty() || r.subcommands.iter().any(|s| leads(&words, s)))
                && match r.on {
                    On::Any(names) => names.iter().any(|n| option(&words, n)),
                    On::Without(names) => !names.iter().any(|n| option(&words, n)),
                    On::Always => true,
                    On::Test(test) => test(&words),
                }
                && !r.unless.iter().any(|n| option(&words, n))
        })
        .map(|r| Mode {
            class: r.class,
            what: r.what,
            leaves: Severity::Note,
        })
}

/// Whether the command's leading operands (words not starting with `-`) are `path`'s words,
/// compared in any case.
fn leads(words: &[&str], path: &str) -> bool {
    let mut ops = words.iter().filter(|w| !w.starts_with('-'));
    path.split(' ')
        .all(|p| ops.next().is_some_and(|o| o.eq_ignore_ascii_case(p)))
}

/// Whether an option is given, before `--`: a long or single-dash word option (`--sql`,
/// `--sql=x`, `-list`, `/a`) as written, a single letter as a short flag alone or in a cluster
/// (`n`: `-n`, `-xn`).
fn option(words: &[&str], name: &str) -> bool {
    let letter = (name.len() == 1).then(|| name.as_bytes()[0]);
    words
        .iter()
        .take_while(|w| **w != "--")
        .any(|w| match letter {
            Some(l) => w
                .strip_prefix('-')
                .filter(|s| !s.starts_with('-') && !s.is_empty())
                .is_some_and(|s| {
                    s.bytes().all(|c| c.is_ascii_alphanumeric()) && s.bytes().any(|c| c == l)
                }),
            // A value that switches the option off (`--dry-run=false`, `--test=no`) is the
            // option not given.
            None => {
                w.eq_ignore_ascii_case(name)
                    || w.len() > name.len()
                        && w.is_char_boundary(name.len())
                        && w[..name.len()].eq_ignore_ascii_case(name)
                        && w[name.len()..]
                            .strip_prefix('=')
                            .is_some_and(|v| !switched_off(v))
            }
        })
}

/// flyway's `-dryRunOutput=FILE` (Flyway Teams): the SQL goes to the file.
fn flyway_dry_run(words: &[&str]) -> bool {
    words.iter().any(|w| {
        w.get(..14)
            .is_some_and(|p| p.eq_ignore_ascii_case("-dryrunoutput="))
    })
}

/// sqlpackage's `/Action:Script`, `/a:DeployReport`, `/a:DriftReport` (and `-a:` spellings).
fn sqlpackage_script(words: &[&str]) -> bool {
    words.iter().any(|w| {
        let w = w.trim_start_matches(['/', '-']);
        let Some((name, value)) = w.split_once(':') else {
            return false;
        };
        (name.eq_ignore_ascii_case("action") || name.eq_ignore_ascii_case("a"))
            && ["script", "deployreport", "driftreport"]
                .iter()
                .any(|v| value.eq_ignore_ascii_case(v))
    })
}

/// pacman's `-p`/`--print` with a remove, sync or upgrade operation (with `-Q` it names a
/// package file instead).
fn pacman_print(words: &[&str]) -> bool {
    fn cluster<'a>(w: &&'a str) -> Option<&'a [u8]> {
        w.strip_prefix('-')
            .filter(|s| !s.starts_with('-'))
            .map(str::as_bytes)
    }
    let operation = words
        .iter()
        .filter_map(cluster)
        .any(|s| s.iter().any(|c| matches!(c, b'R' | b'S' | b'U')))
        || words
            .iter()
            .any(|w| matches!(*w, "--remove" | "--sync" | "--upgrade"));
    let print =
        words.iter().filter_map(cluster).any(|s| s.contains(&b'p')) || words.contains(&"--print");
    operation && print && !words.iter().filter_map(cluster).any(|s| s.contains(&b'Q'))
}

/// salt's `test=True` keyword argument.
fn salt_test(words: &[&str]) -> bool {
    words.iter().any(|w| {
        w.split_once('=')
            .is_some_and(|(k, v)| k.eq_ignore_ascii_case("test") && v.eq_ignore_ascii_case("true"))
    })
}

/// pip download restricted to wheels (`--only-binary=:all:`, `--only-binary :all:`).
fn only_binary(words: &[&str]) -> bool {
    words.iter().enumerate().any(|(i, w)| {
        *w == "--only-binary=:all:" || *w == "--only-binary" && words.get(i + 1) == Some(&":all:")
    })
}

/// A Vault read that returns no secret: a transit key's metadata (`transit/keys/NAME`, not
/// `transit/export/...` or `transit/backup/...`, which return key material), a PKI mount's
/// certificates (`pki/cert/SERIAL`, `pki/ca/pem`, `pki/cert/ca`). The mount must be named as
/// the engine's default path: a KV mount can hold a secret at `secret/keys/x`.
fn vault_metadata(words: &[&str]) -> bool {
    let Some(path) = words
        .iter()
        .filter(|w| !w.starts_with('-'))
        .nth(1)
        .map(|p| p.trim_start_matches('/'))
    else {
        return false;
    };
    let mut parts = path.split('/');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("transit"), Some("keys"), Some(name)) => !name.is_empty() && parts.next().is_none(),
        (Some("pki"), Some("cert"), Some(_)) | (Some("pki"), Some("ca"), Some("pem")) => true,
        (Some("pki"), Some("certs" | "issuers"), None) => true,
        _ => false,
    }
}

/// What a handled signal does to a program, from its manual.
#[derive(Clone, Copy)]
enum Handled {
    /// Reports, reopens its logs or prints statistics: nothing changes.
    Report,
    /// Re-reads its configuration or replaces its workers: a bounded change.
    Reload,
}

/// The signals daemons document handling without stopping (`Handled`), by program. Any
/// signal not listed for a program (TERM, INT, QUIT, KILL, STOP, WINCH...) is a kill.
/// Programs and the signals they handle.
type Handles = (&'static [&'static str], &'static [(&'static str, Handled)]);

const HANDLES: &[Handles] = {
    use Handled::{Reload, Report};
    &[
        // nginx: HUP reloads the configuration, USR1 reopens the logs, USR2 upgrades the
        // binary; WINCH shuts the workers down gracefully (a stop).
        (
            &["nginx"],
            &[("HUP", Reload), ("USR1", Report), ("USR2", Reload)],
        ),
        // Apache httpd: HUP restarts, USR1 restarts gracefully; WINCH is a graceful stop.
        (&["apache2", "httpd"], &[("HUP", Reload), ("USR1", Reload)]),
        // HAProxy: USR2 reloads, HUP dumps the servers' states to the logs; USR1 is a soft stop.
        (&["haproxy"], &[("USR2", Reload), ("HUP", Report)]),
        // PostgreSQL's postmaster, OpenSSH's sshd, BIND, Unbound, Prometheus and Alertmanager,
        // syslog-ng, fluent-bit: HUP re-reads the configuration.
        (
            &[
                "postgres",
                "postmaster",
                "sshd",
                "named",
                "unbound",
                "prometheus",
                "alertmanager",
                "syslog-ng",
                "fluent-bit",
                "squid",
            ],
            &[("HUP", Reload)],
        ),
        // rsyslogd: HUP closes and reopens its files.
        (&["rsyslogd", "rsyslog"], &[("HUP", Report)]),
        // dnsmasq: HUP re-reads the hosts files and clears the cache, USR1 dumps statistics.
        (&["dnsmasq"], &[("HUP", Reload), ("USR1", Report)]),
        // gunicorn and unicorn: HUP reloads, USR1 reopens the logs, USR2 upgrades.
        (
            &["gunicorn", "unicorn"],
            &[("HUP", Reload), ("USR1", Report), ("USR2", Reload)],
        ),
        // uWSGI: HUP reloads gracefully, USR1 prints statistics, USR2 the workers' status.
        (
            &["uwsgi"],
            &[("HUP", Reload), ("USR1", Report), ("USR2", Report)],
        ),
        // Puma: HUP reopens the logs, USR1 is a phased restart, USR2 a restart.
        (
            &["puma"],
            &[("HUP", Report), ("USR1", Reload), ("USR2", Reload)],
        ),
        // PHP-FPM: USR1 reopens the logs, USR2 reloads gracefully.
        (&["php-fpm"], &[("USR1", Report), ("USR2", Reload)]),
        // Traefik: USR1 reopens the logs. fluentd: USR1 flushes its buffers, HUP reloads.
        (&["traefik"], &[("USR1", Report)]),
        (&["fluentd"], &[("USR1", Report), ("HUP", Reload)]),
        // GNU dd prints its I/O statistics on USR1 and goes on copying.
        (&["dd"], &[("USR1", Report)]),
    ]
};

/// A kill whose signal the target handles without stopping ([`Class::SignalOnly`]).
fn signal_only(program: &str, words: &[&str]) -> Option<Mode> {
    let (signal, targets): (&str, Vec<&str>) = match program {
        "kill" | "pkill" | "killall" => signal_and_targets(program, words)?,
        // `systemctl kill -s HUP nginx.service`, `docker kill -s HUP nginx`.
        "systemctl" | "docker" | "podman" if words.contains(&"kill") => {
            let (signal, _) = signal_and_targets("killall", words)?;
            let mut after = words.iter().skip_while(|w| **w != "kill").skip(1);
            let mut targets = Vec::new();
            while let Some(w) = after.next() {
                if matches!(*w, "-s" | "--signal" | "--kill-whom" | "--kill-who") {
                    after.next();
                } else if !w.starts_with('-') {
                    targets.push(w.trim_end_matches(".service"));
                }
            }
            (signal, targets)
        }
        _ => return None,
    };
    if signal == "CONT" {
        return Some(Mode {
            class: Class::SignalOnly,
            what: "CONT resumes a stopped process",
            leaves: Severity::Note,
        });
    }
    if targets.is_empty() {
        return None;
    }
    let mut worst = Handled::Report;
    for t in &targets {
        let (_, handled) = HANDLES.iter().find(|(names, _)| names.contains(t))?;
        match handled.iter().find(|(s, _)| *s == signal)?.1 {
            Handled::Reload => worst = Handled::Reload,
            Handled::Report => {}
        }
    }
    Some(match worst {
        Handled::Report => Mode {
            class: Class::SignalOnly,
            what: "the program reports or reopens its logs on this signal and goes on running",
            leaves: Severity::Note,
        },
        Handled::Reload => Mode {
            class: Class::SignalOnly,
            what: "the program reloads its configuration on this signal: a bounded change",
            leaves: Severity::Confirm,
        },
    })
}

/// The one signal a kill names (as `HUP`, without `SIG`, uppercased: only names, and the
/// numbers that mean the same on every system, 1 for HUP) and the program names it targets.
/// None when it names no signal, several, or one this reading does not know.
fn signal_and_targets<'w>(
    program: &str,
    words: &[&'w str],
) -> Option<(&'static str, Vec<&'w str>)> {
    const NAMES: &[&str] = &[
        "HUP", "INT", "QUIT", "KILL", "TERM", "STOP", "TSTP", "CONT", "USR1", "USR2", "WINCH",
        "ABRT", "ALRM", "TTIN", "TTOU", "INFO", "PWR", "SEGV", "BUS", "TRAP", "SYS", "XCPU",
    ];
    let known = |s: &str| -> Option<&'static str> {
        let s = s
            .strip_prefix("SIG")
            .or_else(|| s.strip_prefix("sig"))
            .unwrap_or(s);
        if s == "1" {
            return Some("HUP");
        }
        NAMES.iter().find(|n| n.eq_ignore_ascii_case(s)).copied()
    };
    let mut signal = None;
    let mut count = 0;
    let mut targets = Vec::new();
    let mut i = 0;
    // Options of pkill/killall that take a value (not a target).
    let valued = [
        "-u", "--user", "-g", "-t", "-P", "-U", "-G", "--pgroup", "--parent", "-o", "-y",
    ];
    while i < words.len() {
        let w = words[i];
        let value = match w {
            "-s" | "--signal" | "-n" => {
                i += 1;
                words.get(i).copied()
            }
            _ if valued.contains(&w) => {
                i += 2;
                continue;
            }
            // A signal by another number (`-9`, `-15`): numbers differ between systems, only
            // HUP's 1 is read; any other is no handled signal.
            _ if w.len() > 1
                && w != "-1"
                && w.starts_with('-')
                && w[1..].bytes().all(|c| c.is_ascii_digit()) =>
            {
                return None;
            }
            _ => w.strip_prefix("--signal=").or_else(|| {
                w.strip_prefix('-')
                    .filter(|v| !v.starts_with('-') && !v.is_empty())
                    .filter(|v| known(v).is_some())
            }),
        };
        match value {
            Some(v) => {
                signal = Some(known(v)?);
                count += 1;
            }
            None if !w.starts_with('-') => targets.push(w),
            None => {}
        }
        i += 1;
    }
    if count != 1 {
        return None;
    }
    let names = targets
        .into_iter()
        .map(|t| {
            if program == "kill" {
                pid_owner(t)
            } else {
                Some(pkill_name(t))
            }
        })
        .collect::<Option<Vec<&str>>>()
        .unwrap_or_default();
    Some((signal?, names))
}

/// The program a pkill/killall pattern names: its first word's file name (`-f 'gunicorn:
/// master'` names gunicorn).
fn pkill_name(t: &str) -> &str {
    let first = t.split_whitespace().next().unwrap_or(t);
    let name = first.rsplit('/').next().unwrap_or(first);
    name.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_')
        .trim_start_matches('^')
}

/// The program whose process a kill target names: `$(cat /run/nginx.pid)`, `$(pidof
/// nginx)`, `` `pgrep -x nginx` ``. A bare pid names none.
fn pid_owner(t: &str) -> Option<&str> {
    for looker in ["pidof ", "pgrep "] {
        if let Some(at) = t.find(looker) {
            let rest = &t[at + looker.len()..];
            let rest = rest.split([')', '`']).next().unwrap_or(rest);
            return rest
                .split_whitespace()
                .rfind(|w| !w.starts_with('-'))
                .map(pkill_name);
        }
    }
    let at = t.find(".pid")?;
    let path = t[..at].rsplit([' ', '(', '<']).next().unwrap_or("");
    let mut parts = path.rsplit('/');
    let stem = parts.next().filter(|s| !s.is_empty())?;
    if HANDLES.iter().any(|(names, _)| names.contains(&stem)) {
        return Some(stem);
    }
    // `/var/run/postgresql/16-main.pid`: the directory names the program.
    parts
        .next()
        .filter(|d| !d.is_empty() && *d != "run")
        .or(Some(stem))
}

/// Whether an interpreter fed by a pipe reads its stdin as data, not as its program: it was
/// given the program another way, a module (`python3 -m json.tool`), a script file (`python3
/// tools/fmt.py`, `node scripts/pretty.js`), or code in an argument (`node -p EXPR`, `ruby -e`,
/// `php -r`). `python3 -`, `/dev/stdin`, no program at all (`| python3`, `| node`) and a
/// shell (`| sh`, `| bash -s`) run what the pipe carries. The remote-code reader asks this
/// before it calls a pipe from a download into an interpreter code run unread.
pub fn stdin_is_data(cmd: &Cmd<'_>) -> bool {
    let p = cmd.program;
    let family = |names: &[&str]| {
        names.iter().any(|n| {
            p == *n
                || p.strip_prefix(n)
                    .is_some_and(|v| v.bytes().all(|c| c.is_ascii_digit() || c == b'.'))
        })
    };
    // Each language's options that name the program (module or code) and those that take a
    // value that is not the program (python's -W/-X, node's --require...).
    let (program_options, valued): (&[&str], &[&str]) = if family(&["python", "pypy"]) {
        (&["-m", "-c"], &["-W", "-X", "-Q"])
    } else if family(&["node", "nodejs"]) {
        (
            &["-p", "--print", "-e", "--eval"],
            &[
                "-r",
                "--require",
                "--import",
                "--loader",
                "--input-type",
                "--conditions",
            ],
        )
    } else if family(&["ruby"]) {
        (&["-e"], &["-r", "-I", "-E", "-C"])
    } else if family(&["perl"]) {
        (&["-e", "-E"], &["-I", "-M", "-m"])
    } else if family(&["php"]) {
        (&["-r"], &["-d", "-c"])
    } else {
        return false;
    };
    let words: Vec<&str> = cmd.words().collect();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let joined = program_options
            .iter()
            .find(|o| o.len() == 2 && w.len() > 2 && w.starts_with(**o));
        if program_options.contains(&w) || joined.is_some() {
            // python's `-m` and `-c` and the others take the module or the code as the next
            // word (or joined: `-mjson.tool`). What they are given decides whether stdin is
            // data: a module that only reads data (`-m json.tool`), or code that never reads
            // stdin. A module that runs what it reads (`-m code`, `-m runpy /dev/stdin`) or code
            // that reads stdin (`node -p 'eval(readFileSync(0, "utf8"))'`) runs the download.
            let (option, value, rest) = match joined {
                Some(o) => (*o, &w[o.len()..], words.get(i + 1..).unwrap_or(&[])),
                None => (
                    w,
                    words.get(i + 1).copied().unwrap_or(""),
                    words.get(i + 2..).unwrap_or(&[]),
                ),
            };
            if rest.iter().any(|r| names_stdin(r)) {
                return false;
            }
            return if option == "-m" {
                DATA_MODULES.contains(&value)
            } else {
                !code_reads_stdin(value)
            };
        }
        if valued.contains(&w) {
            i += 2;
            continue;
        }
        if w == "--" {
            return words
                .get(i + 1)
                .is_some_and(|s| *s != "-" && !s.starts_with("/dev/"));
        }
        if !w.starts_with('-') {
            // The first operand is the script: stdin is its data unless it is stdin itself, or
            // a later argument hands stdin to it as a file.
            return !w.starts_with("/dev/")
                && w != "-"
                && !words[i + 1..].iter().any(|r| names_stdin(r));
        }
        i += 1;
    }
    false
}

/// Python modules whose command line only reads data from stdin and prints it (`python3 -m
/// json.tool`); any other module may run what it reads (`-m code` is an interactive console).
const DATA_MODULES: &[&str] = &["json.tool", "base64", "quopri", "gzip", "tokenize"];

/// An argument that is stdin as a file.
fn names_stdin(w: &str) -> bool {
    w == "-"
        || w.starts_with("/dev/stdin")
        || w.starts_with("/dev/fd/0")
        || w.starts_with("/proc/self/fd/0")
}

/// Inline code that reads its stdin (node's `readFileSync(0)` or `process.stdin`, python's
/// `sys.stdin`, ruby's `STDIN`/`$<`/`ARGF`, perl's `<STDIN>`/`<>`, php's `php://stdin`) and
/// has a way to run what it reads (eval, `Function`, a child process, `vm`, `system`, `exec`,
/// backticks): `node -p 'JSON.parse(readFileSync(0)).name'` reads data, `node -e
/// 'eval(readFileSync(0, "utf8"))'` runs the download.
fn code_reads_stdin(code: &str) -> bool {
    let code = code.to_ascii_lowercase();
    let reads = ["stdin", "readfilesync(0", "fd/0", "$<", "argf", "<>"]
        .iter()
        .any(|k| code.contains(k));
    let runs = [
        "eval",
        "function(",
        "exec",
        "spawn",
        "child_process",
        "vm.",
        "system",
        "popen",
        "compile(",
        "`",
        "require(",
        "import(",
    ]
    .iter()
    .filter(|k| **k != "require(" || code.matches("require(").count() > 1)
    .any(|k| code.contains(k));
    reads && runs
}

/// A value that turns a boolean option off (`false`, `no`, `0`, `off`, `none`).
fn switched_off(value: &str) -> bool {
    let v = value.trim_matches(['"', '\'']).trim_start_matches('$');
    ["false", "no", "0", "off", "none"]
        .iter()
        .any(|off| v.eq_ignore_ascii_case(off))
}
