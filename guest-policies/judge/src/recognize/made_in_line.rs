//! Throwaways made by the same command line, before the command that destroys them, with
//! nothing but `&&` between: the creation is part of the action being judged, and `&&` runs
//! what follows only if it succeeded. Across steps a creation is a reported intention (it
//! may have failed on an object that already existed), so [`super::scratch`] lowers one tier;
//! here the line itself proves it, so the finding is noted:
//! - a loop device attached to an image file in the temporary directory (`truncate -s 1G
//!   /tmp/d.img && losetup /dev/loop7 /tmp/d.img && wipefs -a /dev/loop7`): the device is
//!   the file (`losetup` fails on a device already in use);
//! - a GnuPG home made by `mktemp -d` (`export GNUPGHOME=$(mktemp -d) && gpg --quick-gen-key
//!   t@example.com && gpg --delete-secret-and-public-key t@example.com`): the keys deleted
//!   are in a keyring made a moment ago;
//! - a GnuPG home in the temporary directory named by `--homedir` (a test keyring, as a
//!   database file there is a scratch database), unless an earlier step linked it elsewhere;
//!   the same for the other stores kept whole in one folder ([`STORE_HOMES`]: pass's
//!   `PASSWORD_STORE_DIR`, gopass's, Sequoia's, an NSS database's `-d`);
//! - a minikube profile started on the line (`minikube start -p e2e && kubectl --context e2e
//!   delete ns demo`): minikube writes the context of that name to point at its own cluster;
//! - an object whose creation fails when it exists (a namespace, a branch, a release: the
//!   table in [`super::scratch`]), created and then undone on the line.
//!
//! Not here: a `;`, `||`, a pipe or a shell keyword anywhere before the command (the
//! creation may have failed and the rest still run), idempotent creations (`docker volume
//! create`, `mkdir -p`), a variable whose value the line does not show (`wipefs "$LOOP"`).

use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;

/// Shell words that open a construct whose branches the flat list of commands does not show.
const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac",
    "select", "function",
];

/// Whether every command before `index` ran and succeeded when `index` runs: each is joined
/// to the next by `&&`, none pipes its output on (a pipeline's status is its last stage's),
/// and none is a shell keyword.
pub fn chained(s: &Script<'_>, index: usize) -> bool {
    index > 0
        && index < s.commands.len()
        && s.commands[..index].iter().all(|c| {
            c.and_then
                && !c.or_else
                && !c.piped_out
                && c.words
                    .first()
                    .is_none_or(|w| !KEYWORDS.contains(&w.as_ref()))
        })
}

/// The earlier commands of the line, resolved (wrappers such as `sudo` removed), in order.
fn earlier<'s>(s: &'s Script<'s>, index: usize, mut each: impl FnMut(&Cmd<'_>) -> bool) -> bool {
    for c in &s.commands[..index] {
        let mut folded = Vec::new();
        if let Some(cmd) = super::resolve(c, &mut folded)
            && each(&cmd)
        {
            return true;
        }
    }
    false
}

/// A path in the temporary directory (no `..`).
fn temporary(path: &str) -> bool {
    let p = path.trim_matches(['"', '\'']);
    ["/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/"]
        .iter()
        .any(|t| p.starts_with(t) && p.len() > t.len())
        && !p.contains("..")
}

/// A loop device (`/dev/loop7`) or one of its partitions (`/dev/loop7p1`).
fn loop_device(word: &str) -> Option<&str> {
    let w = word.trim_matches(['"', '\'']);
    let w = w.strip_prefix("of=").unwrap_or(w);
    let n = w.strip_prefix("/dev/loop")?;
    let digits = n.split('p').next().unwrap_or("");
    (!digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && n[digits.len()..]
            .strip_prefix('p')
            .is_none_or(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
    .then(|| &w[.."/dev/loop".len() + digits.len()])
}

/// Whether an earlier command of the line attached `device` to a file in the temporary
/// directory: `losetup [-P] [-r] /dev/loopN FILE`.
fn attached_to_scratch(device: &str, s: &Script<'_>, index: usize) -> bool {
    earlier(s, index, |c| {
        if c.program != "losetup" {
            return false;
        }
        let plain = c.args.iter().all(|a| {
            !a.starts_with('-') || matches!(&**a, "-P" | "--partscan" | "-r" | "--read-only" | "-v")
        });
        let ops: Vec<&str> = c.operands(&[]).collect();
        plain
            && matches!(ops.as_slice(), [dev, file]
                if dev.trim_matches(['"', '\'']) == device && temporary(file))
    })
}

/// Why every device `cmd` touches is a loop device over a scratch image attached on the line.
fn scratch_loop(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> Option<String> {
    let mut devices = Vec::new();
    for w in cmd.words() {
        if let Some(d) = loop_device(w) {
            devices.push(d);
        } else if super::paths::block_device(w.strip_prefix("of=").unwrap_or(w))
            || w.starts_with("/dev/")
        {
            return None;
        }
    }
    let first = *devices.first()?;
    devices
        .iter()
        .all(|d| attached_to_scratch(d, s, index))
        .then(|| format!("{first}, attached on this line to an image in the temporary directory"))
}

/// The body of a `$(mktemp -d ...)` that makes a fresh folder in the default temporary
/// directory (no `-p`/`--tmpdir` elsewhere, no `-u` dry run).
pub(super) fn fresh_folder(value: &str) -> bool {
    let v = value.trim_matches(['"', '\'']);
    let Some(body) = v
        .strip_prefix("$(")
        .and_then(|b| b.strip_suffix(')'))
        .or_else(|| v.strip_prefix('`').and_then(|b| b.strip_suffix('`')))
    else {
        return false;
    };
    let words: Vec<&str> = body.split_whitespace().collect();
    words.first() == Some(&"mktemp")
        && words.iter().any(|w| {
            *w == "-d"
                || *w == "--directory"
                || w.starts_with('-') && !w.starts_with("--") && w.contains('d')
        })
        && !words.iter().any(|w| {
            w.starts_with("-p") || w.starts_with("--tmpdir") || *w == "-u" || *w == "--dry-run"
        })
}

/// Whether the variable `var` holds a folder `mktemp -d` made on this line: set on the
/// command itself, or exported by an earlier command of the chain, with `TMPDIR` left alone.
fn fresh_home(var: &str, cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context) -> bool {
    let fresh = |w: &str| {
        w.strip_prefix(var)
            .and_then(|r| r.strip_prefix('='))
            .is_some_and(fresh_folder)
    };
    let tmpdir = |w: &str| w.starts_with("TMPDIR=");
    if ctx.env.exported.iter().any(|(n, _)| n == "TMPDIR")
        || s.commands[..=index].iter().any(|c| {
            c.assignments
                .iter()
                .chain(c.words.iter())
                .any(|w| tmpdir(w))
        })
    {
        return false;
    }
    if cmd.assignments.iter().any(|a| fresh(a)) {
        return true;
    }
    let mut set = false;
    for c in &s.commands[..index] {
        let names_it =
            c.words.iter().chain(c.assignments.iter()).any(|w| {
                w.as_ref() == var || w.strip_prefix(var).is_some_and(|r| r.starts_with('='))
            });
        if names_it {
            // The latest setting wins; only `export VAR=$(mktemp -d)` makes it fresh.
            set = c.words.first().is_some_and(|w| w == "export")
                && c.words[1..].iter().any(|w| fresh(w));
        }
    }
    set
}

/// gpg's options that delete keys from its keyring.
const GPG_DELETES: &[&str] = &[
    "--delete-key",
    "--delete-keys",
    "--delete-secret-key",
    "--delete-secret-keys",
    "--delete-secret-and-public-key",
    "--delete-secret-and-public-keys",
];

/// Key and password stores kept whole in one folder that a variable or an option names (from
/// each program's reference): the programs, the variable, the option, and what the folder is
/// called. A store in a folder made on the line, or named in the temporary directory, is a
/// test store: what is deleted from it is nobody's.
const STORE_HOMES: &[(&[&str], &str, &str, &str)] = &[
    (&["gpg", "gpg2"], "GNUPGHOME", "--homedir", "GnuPG home"),
    (&["pass"], "PASSWORD_STORE_DIR", "", "password store"),
    (&["gopass"], "GOPASS_HOMEDIR", "", "gopass store"),
    (&["sq"], "SEQUOIA_HOME", "--home", "Sequoia home"),
    (&["certutil", "pk12util"], "", "-d", "NSS database"),
];

/// Why a key or password store's command only touches a store made on this line or named in
/// the temporary directory.
fn scratch_keyring(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context) -> Option<String> {
    let (_, var, option, what) = STORE_HOMES
        .iter()
        .find(|(programs, ..)| programs.contains(&cmd.program))?;
    // gpg does more than delete (an export, a trust change): only its deletes are lowered.
    if matches!(cmd.program, "gpg" | "gpg2") && !cmd.words().any(|w| GPG_DELETES.contains(&w)) {
        return None;
    }
    // A store in the temporary directory named on the command (`--homedir /tmp/gpgtest`,
    // `-d sql:/tmp/nss`), not linked elsewhere by an earlier step: a test store, as a
    // database file there is a scratch database ([`super::scratch`]).
    let homes: Vec<&str> = if option.is_empty() {
        Vec::new()
    } else {
        cmd.args
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                if a == option {
                    Some(cmd.args.get(i + 1).map_or("", |v| &**v))
                } else {
                    a.strip_prefix(option)
                        .and_then(|r| r.strip_prefix('='))
                        .filter(|_| option.starts_with("--"))
                }
            })
            .collect()
    };
    if let [home] = homes.as_slice() {
        let folder = home.trim_matches(['"', '\'']);
        let folder = folder.strip_prefix("sql:").unwrap_or(folder);
        return (temporary(folder) && !super::scratch::linked(folder, ctx))
            .then(|| format!("the {what} {home} in the temporary directory"));
    }
    if !homes.is_empty() || var.is_empty() || !fresh_home(var, cmd, s, index, ctx) {
        return None;
    }
    Some(format!("a {what} made by mktemp on this line"))
}

/// Why a kubectl, oc or helm command works on a minikube cluster started on this line under
/// the context it names.
fn started_cluster(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> Option<String> {
    if !matches!(cmd.program, "kubectl" | "oc" | "helm")
        || cmd.words().any(|w| {
            w.starts_with("--kubeconfig") || w.starts_with("--server") || w.starts_with("--cluster")
        })
        || cmd.assignments.iter().any(|a| a.starts_with("KUBECONFIG="))
    {
        return None;
    }
    let context = cmd.value(&["--context", "--kube-context"])?;
    let started = earlier(s, index, |c| {
        c.program == "minikube"
            && c.operands(&["-p", "--profile"]).next() == Some("start")
            && c.value(&["-p", "--profile"]) == Some(context)
            && !c.assignments.iter().any(|a| a.starts_with("KUBECONFIG="))
    });
    started.then(|| format!("the minikube cluster {context} started on this line"))
}

/// Lowers this command's findings about a throwaway the line made before it.
pub fn lower(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context, found: &mut [Finding]) {
    // The first command of a line has nothing before it that could have failed; the kinds
    // that need an earlier command find none there.
    if !found.iter().any(|f| f.severity > Severity::Note) || index > 0 && !chained(s, index) {
        return;
    }
    let (why, families): (String, &[Family]) = if let Some(why) = scratch_loop(cmd, s, index) {
        (why, &[Family::Filesystem, Family::System])
    } else if let Some(why) = scratch_keyring(cmd, s, index, ctx) {
        (why, &[Family::Secrets])
    } else if let Some(why) = started_cluster(cmd, s, index) {
        (why, &[Family::Containers])
    } else {
        return;
    };
    crate::finding::lower_to_note(found, families, &why);
}

/// What a finding about an object made earlier becomes: noted when the creation is on this
/// line, chained by `&&` ([`chained`]), one tier lower otherwise ([`super::scratch::made_here`]).
pub fn tier(severity: Severity, made_on_this_line: bool, s: &Script<'_>, index: usize) -> Severity {
    if made_on_this_line && chained(s, index) {
        Severity::Note
    } else {
        super::scratch::made_here(severity)
    }
}
