//! The project's own scripts doing business through their flags (session 21, plain language):
//! `./ops/mailout.rb --segment all-subscribers --deliver`, `python manage.py email_tenants
//! --all --yes`, `node jobs/refund-late-orders.ts --all --execute`. No recognizer knows a
//! project's scripts, but their names and options say what they do in the same words a person
//! would: a verb that sends, pays or deletes (`mailout`, `notify_clients`, `refund`, `purge`),
//! an audience or a scope (`--all`, `--segment every-subscriber`), and the switch that makes it
//! real (`--deliver`, `--live`, `--no-dry-run`, `--dry-run=false`).
//!
//! Graded by those three: the act, on everyone, for real is stopped (a message to every
//! customer cannot be unsent, a bulk refund or delete cannot be called back); the act for real
//! on an audience not known is confirmed; everyone without the switch is left to the script
//! (many default to a preview, and a local mail catcher is common). A preview (`--dry-run`, `--preview`, `--help`) does nothing, and a
//! real run on a test audience (`--audience internal-staff`) reaches only the team.
//!
//! Each lowering covers only what it names: a test audience lowers only when no option names
//! everyone (`--segment qa --segment all-subscribers` reaches everyone), and a preview switch
//! beside a live one is at least confirmed, never let through.
//!
//! A script is a file the line runs: a program written as a path (`./ops/x.rb`), or the first
//! operand of an interpreter that is a file of the project (`ruby ops/x.rb`, `node jobs/x.ts`),
//! or a Django management command (`python manage.py NAME`). Other programs are the family
//! recognizers' and the generic reader's.
//!
//! Speed: only commands whose program is a path or an interpreter are read further; the name
//! is split into parts without copying and each part looked up in the prose lexicon.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};
use crate::prose::lexicon::{self, Verb};

/// Interpreters that run a script file named as their first operand.
const INTERPRETERS: &[&str] = &[
    "python", "python3", "node", "ruby", "bash", "sh", "zsh", "deno", "bun", "php", "perl", "tsx",
    "ts-node",
];

/// Name parts that say the script sends to people although no verb is in them
/// (`newsletter.py`, `mailout.rb`, `campaign_runner.js`).
const SENDING_NOUNS: &[&str] = &[
    "newsletter",
    "newsletters",
    "mailout",
    "mailer",
    "mailing",
    "campaign",
    "campaigns",
    "announcement",
    "announcements",
    "digest",
];

/// Options that make the run real (a confirmation skipped, or a dry run turned off).
const LIVE: &[&str] = &[
    "send",
    "deliver",
    "live",
    "commit",
    "execute",
    "exec",
    "no-dry-run",
    "no-dryrun",
    "for-real",
    "really",
    "confirm",
    "yes",
    "y",
    "force",
    "apply",
    "doit",
    "do-it",
    "go",
    "no-preview",
    "wet-run",
    "noinput",
    "no-input",
];

/// Options that make the run a preview: nothing is sent, paid or deleted.
const PREVIEW: &[&str] = &[
    "dry-run", "dryrun", "dry", "preview", "simulate", "noop", "no-op", "what-if", "whatif",
    "pretend", "help", "h", "draft", "plan", "validate",
];

/// Options that name everyone as the audience or the scope.
const EVERYONE_OPTIONS: &[&str] = &["all", "everyone", "everybody", "bulk", "mass", "all-users"];

/// Parts of a value that name everyone (`all-subscribers`, `every_customer`, `everyone`).
const EVERYONE_WORDS: &[&str] = &["all", "every", "everyone", "everybody", "entire", "whole"];

/// Parts of a value that name the team's own test audience (`internal-staff`, `qa-inboxes`,
/// `test-users`, `me`) or a local mail catcher (`--smtp localhost:1025`, MailHog, Mailpit).
const TEST_WORDS: &[&str] = &[
    "test",
    "tests",
    "testing",
    "qa",
    "internal",
    "staff",
    "sandbox",
    "me",
    "myself",
    "dev",
    "localhost",
    "127",
    "mailhog",
    "mailpit",
    "mailcatcher",
    "seed",
    "demo",
    "sample",
    "fixture",
    "fixtures",
    "dummy",
    "fake",
];

/// The script a command runs (its file or management command name), if it runs one, and
/// where its own options begin.
fn script<'c, S: AsRef<str>>(p: &'c str, args: &'c [S]) -> Option<(&'c str, usize)> {
    if p.starts_with("./") || p.starts_with("../") {
        return Some((p, 0));
    }
    if !INTERPRETERS.contains(&p) {
        return None;
    }
    // The interpreter's own options come first (`python3 -u x.py`); `-c` / `-e` run a string,
    // not a file.
    let at = args.iter().position(|a| !a.as_ref().starts_with('-'))?;
    if args[..at]
        .iter()
        .any(|a| matches!(a.as_ref(), "-c" | "-e" | "-m" | "--eval" | "-p" | "--print"))
    {
        return None;
    }
    let file = args[at].as_ref();
    let name = file.rsplit('/').next().unwrap_or(file);
    if name == "manage.py" {
        // Django: `python manage.py NAME --options`.
        let command = args.get(at + 1)?.as_ref();
        return (!command.starts_with('-')).then_some((command, at + 2));
    }
    let project_file = !file.starts_with('/')
        && (file.contains('/')
            || [
                ".py", ".js", ".mjs", ".cjs", ".ts", ".rb", ".sh", ".php", ".pl",
            ]
            .iter()
            .any(|x| file.ends_with(x)));
    project_file.then_some((file, at + 1))
}

/// What the script's name says it does to people or money, if anything: its first verb that
/// sends or pays, or a noun of mass mailing; a verb that deletes counts only with people,
/// records or money named beside it (`purge-members`, not `clear-cache`: a build's scratch is
/// the filesystem readers').
fn act(path: &str) -> Option<Verb> {
    use lexicon::obj::{MONEY, PEOPLE, RECORD};
    let file = path.rsplit('/').next().unwrap_or(path);
    let stem = file.split_once('.').map_or(file, |(s, _)| s);
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let (mut sending, mut verb, mut objects) = (false, None, 0);
    for part in split(stem) {
        if part.len() > lexicon::MAX_WORD {
            continue;
        }
        let n = part.len();
        for (d, s) in buf.iter_mut().zip(part.bytes()) {
            *d = s.to_ascii_lowercase();
        }
        let w = &buf[..n];
        if SENDING_NOUNS.iter().any(|s| s.as_bytes() == w) {
            sending = true;
            continue;
        }
        let Some(l) = lexicon::lookup(w) else {
            continue;
        };
        objects |= l.obj;
        if verb.is_none() && l.verb != Verb::Absent {
            verb = Some(l.verb);
        }
    }
    match verb {
        Some(v @ (Verb::Communicate | Verb::Money)) => Some(v),
        Some(Verb::Destroy) if objects & (PEOPLE | RECORD | MONEY) != 0 => Some(Verb::Destroy),
        _ => sending.then_some(Verb::Communicate),
    }
}

/// The parts of a name cut at `-`, `_`, `.`, `:` and camelCase boundaries (`refundLateOrders` is
/// `refund`, `Late`, `Orders`), as slices of it.
fn split(name: &str) -> impl Iterator<Item = &str> {
    let b = name.as_bytes();
    let mut start = 0;
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < b.len() {
            i += 1;
            let cut = i == b.len()
                || matches!(b[i], b'-' | b'_' | b'.' | b':')
                || b[i].is_ascii_uppercase() && b[i - 1].is_ascii_lowercase();
            if cut {
                let part = &name[start..i];
                start = if i < b.len() && matches!(b[i], b'-' | b'_' | b'.' | b':') {
                    i + 1
                } else {
                    i
                };
                if !part.is_empty() {
                    return Some(part);
                }
            }
        }
        None
    })
}

/// Whether any part of `value` is one of `words`.
fn names(value: &str, words: &[&str]) -> bool {
    split(value).any(|p| words.iter().any(|w| p.eq_ignore_ascii_case(w)))
}

/// What a project script's line says: its act, and what its options switch on.
struct Run<'c> {
    name: &'c str,
    verb: Verb,
    live: bool,
    preview: bool,
    everyone: bool,
    test_audience: bool,
}

/// Reads a project script's name and options, when the script sends, pays or deletes.
fn read<'c, S: AsRef<str>>(program: &'c str, args: &'c [S]) -> Option<Run<'c>> {
    let b = program.as_bytes();
    if !(b.first() == Some(&b'.') || INTERPRETERS.contains(&program)) {
        return None;
    }
    let (name, from) = script(program, args)?;
    let verb = act(name)?;
    let mut run = Run {
        name,
        verb,
        live: false,
        preview: false,
        everyone: false,
        test_audience: false,
    };
    let audience = |run: &mut Run<'_>, value: &str| {
        if names(value, TEST_WORDS) {
            run.test_audience = true;
        } else if names(value, EVERYONE_WORDS) {
            run.everyone = true;
        }
    };
    for a in args.iter().skip(from) {
        let a = a.as_ref();
        let Some(option) = a.strip_prefix("--").or_else(|| a.strip_prefix('-')) else {
            // A value: an audience, a list, a segment.
            audience(&mut run, a);
            continue;
        };
        let (option, value) = option.split_once('=').unwrap_or((option, ""));
        let option = option.to_ascii_lowercase();
        let off = ["false", "0", "no", "off"]
            .iter()
            .any(|v| value.eq_ignore_ascii_case(v));
        if PREVIEW.contains(&option.as_str()) {
            // `--dry-run=false` turns the preview off: a real run.
            if off {
                run.live = true;
            } else {
                run.preview = true;
            }
        } else if LIVE.contains(&option.as_str()) && !off {
            run.live = true;
        } else if EVERYONE_OPTIONS.contains(&option.as_str())
            || option.starts_with("all-")
            || option.starts_with("every")
        {
            run.everyone = true;
        }
        if !value.is_empty() && !off {
            audience(&mut run, value);
        }
    }
    Some(run)
}

/// Whether a project script that sends, pays or deletes is told both to preview and to act
/// (`--dry-run ... --deliver`): which one wins is in its code, not on the line.
pub fn preview_and_live<S: AsRef<str>>(program: &str, args: &[S]) -> bool {
    read(program, args).is_some_and(|r| r.preview && r.live)
}

/// Grades a project script that sends, pays or deletes by its audience and its live switch.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let Some(run) = read(cmd.program, cmd.args) else {
        return;
    };
    let severity = if run.preview {
        // A preview beside a live switch: which wins is the script's; asked, never let through.
        if run.live {
            Severity::Confirm
        } else {
            return;
        }
    } else if run.live && run.everyone {
        Severity::Stop
    } else if run.live && !run.test_audience {
        Severity::Confirm
    } else {
        return;
    };
    let what = match run.verb {
        Verb::Communicate => "sends to people",
        Verb::Money => "moves money",
        _ => "deletes records",
    };
    let how = match (run.live && !run.preview, run.everyone) {
        (true, true) => "to everyone, for real: it cannot be called back",
        (true, false) => "for real, to an audience the line does not bound",
        (false, _) => "with both a preview and a live switch: its code decides which wins",
    };
    out.push(finding(
        Family::Business,
        "business.project-script",
        severity,
        format!("{}: the project's script {what} {how}", run.name),
    ));
}
