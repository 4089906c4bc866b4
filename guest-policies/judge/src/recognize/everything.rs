//! One notion of "everything" for any finding (holdout7 analysis G3): whatever a recognizer
//! found for one item is one step worse when the command reaches all of them. A command
//! reaches everything when
//! - a listing feeds it: through `xargs`/`parallel`, a `for x in $(...)` loop, a `while read`
//!   loop or a `$(...)` operand, from a command whose path reads or lists (`list`, `ls-*`,
//!   `describe-*`, any read verb of the generic reader: `kubectl get`, `gh issue list`), a
//!   listing option (`git branch -r`, `docker ps -a`, `--all`), `jq '.[]'` over a file, or a
//!   file whose name says all or names people;
//! - a payload or target it sends to is named for all of something (`@all_users.json`, a
//!   `/batch` endpoint, `all-customers@`, `everyone@`);
//! - the line repeats the same destroy three times or more (`x rm a && x rm b && x rm c`);
//! - a value covers a whole space (a port range `1-65535`, `0.0.0.0/0`, `::/0`, `*`).
//!
//! # Why one module, applied after the recognizers
//!
//! Session 11 taught each place its own word list of listings (`lists()` beside the bulk
//! deletes, a file-name list beside the read loop): each knew the feeders its own lines had.
//! Here the kind is decided once, from the command's shape, and applied by `command()` to what
//! any recognizer found, so a recognizer written tomorrow is covered without knowing it.

use std::borrow::Cow;

use super::generic::{self, Feeder, Role};
use super::{Cmd, filesystem, paths, program_name, resolve};
use crate::finding::{Finding, Severity};
use crate::prose::lexicon;
use crate::shell::{RedirectKind, Script};
use crate::substring::has;

/// Why a command reaches everything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// A listing of everything feeds it (a pipe, a loop, a `$(...)` operand).
    Listed,
    /// A payload or target it names says all, every or batch.
    Named,
    /// The same destroy is repeated this many times on the line.
    Repeated(usize),
    /// A value covers a whole space (all ports, all addresses, `*`).
    WholeRange,
    /// The file it is fed is one an earlier step wrote this many rows to
    /// ([`super::fanout::reach`]).
    Counted(u64),
}

/// Programs that print a file's lines (or a filter of them): as a feeder, the file's name
/// decides what is listed.
const FILE_READERS: &[&str] = &[
    "awk", "cat", "column", "cut", "gawk", "grep", "head", "jq", "mlr", "rg", "sed", "sort", "tac",
    "tail", "tr", "uniq", "xsv", "yq",
];

/// Words of a listing's command path that are nouns of a listing, not verbs (`docker ps`,
/// `docker images`, `git for-each-ref`).
const LISTING_NOUNS: &[&str] = &["ps", "images", "for-each-ref"];

/// Options that make a listing of everything of its kind (`git branch -r`, `docker ps -a`,
/// `kubectl get pods -A`, `--all`), or its script form, ids only (`-q`, `-aq`).
const LISTING_OPTIONS: &[&str] = &[
    "-a",
    "-A",
    "-r",
    "-q",
    "-aq",
    "-qa",
    "--all",
    "--all-namespaces",
    "--remotes",
    "--quiet",
];

/// Parts of a name that say all of something (`all_users.json`, `/batch`, `everyone@`).
const ALL_WORDS: &[&str] = &[
    "all",
    "batch",
    "bulk",
    "entire",
    "every",
    "everybody",
    "everyone",
    "full",
    "whole",
];

/// People nouns in a feeder file's name (`customers.csv`, `subscriber_emails.txt`): a message
/// repeated over it reaches each of them.
const PEOPLE: &[&str] = &[
    "customer",
    "user",
    "subscriber",
    "contact",
    "email",
    "member",
    "recipient",
    "phone",
    "lead",
];

/// Whether a name's parts say all of something.
pub fn names_all(name: &str) -> bool {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let mut found = false;
    generic::parts(name, |p| {
        found = generic::lower(p, &mut buf).is_some_and(|w| ALL_WORDS.contains(&w));
        !found
    });
    found
}

/// A feeder file by its name: a list of all of something, or of customers, users or addresses,
/// is wide; the second value says it names people.
pub fn file_feeder(name: &str) -> (Feeder, bool) {
    let base = paths::file_name(name);
    let l = base.to_ascii_lowercase();
    let people = PEOPLE.iter().any(|k| has(&l, k));
    let wide = people || names_all(base);
    (if wide { Feeder::Wide } else { Feeder::Unknown }, people)
}

/// Whether a command, run as a feeder, lists things: its command path reads or lists (a read
/// verb of the generic reader, `list*`, `ls*`, `describe*`, a listing noun), or a listing
/// option asks for all of them.
pub fn lists(u: &Cmd<'_>) -> bool {
    if u.words().any(|w| LISTING_OPTIONS.contains(&w)) {
        return true;
    }
    let mut buf = [0_u8; lexicon::MAX_WORD];
    for w in u.operands(&[]).take(3) {
        if LISTING_NOUNS.contains(&w) {
            return true;
        }
        // The first verb-like part of the word decides (`list-images`, `get`, `delete-x`); an
        // acting word decides only if no later word of the path lists: a resource noun can be
        // spelled like a verb (`stripe charges list`, `gh cache list`).
        let mut verdict = None;
        generic::parts(w, |p| {
            let Some(l) = generic::lower(p, &mut buf) else {
                return true;
            };
            if ["list", "ls", "describe"].iter().any(|s| l.starts_with(s)) {
                verdict = Some(true);
            } else {
                match generic::role(l, None) {
                    Role::Read => verdict = Some(true),
                    Role::Act(_) => verdict = Some(false),
                    Role::Other => {}
                }
            }
            verdict.is_none()
        });
        if verdict == Some(true) {
            return true;
        }
    }
    false
}

/// What a feeder command lists: a search of `/` or a listing of everything is wide; a search
/// or a glob inside the project is local; a file reader (`cat FILE`, `jq '.[].id' FILE`) is
/// what its file's name says, and `jq` over every element (`.[]`) is everything in the file.
pub fn feeder(u: &Cmd<'_>) -> (Feeder, bool) {
    if FILE_READERS.contains(&u.program) {
        let file = u.operands(&[]).last();
        let (f, people) = file.map_or((Feeder::Unknown, false), file_feeder);
        let every_element = matches!(u.program, "jq" | "yq")
            && u.operands(&[]).next().is_some_and(|e| has(e, "[]"))
            && u.operands(&[]).count() > 1;
        return (if every_element { Feeder::Wide } else { f }, people);
    }
    if matches!(u.program, "find" | "ls" | "fd" | "fdfind") {
        let start = u.operands(&[]).next().unwrap_or(".");
        // A search that picks files by name, age or size (`find tmp/ -name '*.o'`) or a glob
        // of one kind of file (`ls *.log`); not every file of a directory.
        let picks = if u.program == "ls" {
            has(start, "*.")
        } else {
            u.words().any(filesystem::find_picks)
        };
        return if paths::scope(start) == paths::Scope::Catastrophic {
            (Feeder::Wide, false)
        } else if start.starts_with('/') || start.starts_with('~') || !picks {
            (Feeder::Unknown, false)
        } else {
            (Feeder::Local, false)
        };
    }
    if matches!(u.program, "echo" | "printf") {
        return (Feeder::Unknown, false);
    }
    // Listings of a kind read by the fan-out module (a bare `git tag`, an unfiltered
    // `SELECT`, `seq 1 20000`).
    if let Some(listed) = super::fanout::listing(u) {
        return listed;
    }
    if lists(u) {
        return (Feeder::Wide, false);
    }
    (Feeder::Unknown, false)
}

/// The body of a command substitution word (`$(tool list)`, `` `tool list` ``).
fn substitution(w: &str) -> Option<&str> {
    w.strip_prefix("$(")
        .map(|b| b.strip_suffix(')').unwrap_or(b))
        .or_else(|| {
            w.strip_prefix('`')
                .map(|b| b.strip_suffix('`').unwrap_or(b))
        })
}

/// What a substitution word's commands list, together (`$(gh issue list -q .[].number)`);
/// `None` when the word is no substitution.
pub fn substitution_feeder(w: &str) -> Option<(Feeder, bool)> {
    let body = substitution(w)?;
    let script = crate::shell::parse(body);
    let mut result = (Feeder::Unknown, false);
    for c in &script.commands {
        let mut folded = Vec::new();
        if let Some(u) = resolve(c, &mut folded) {
            let (f, p) = feeder(&u);
            result.1 |= p;
            if f == Feeder::Wide || result.0 == Feeder::Unknown {
                result.0 = f;
            }
        }
    }
    Some(result)
}

/// Whether a word is a substitution whose commands list everything (`$(hcloud server list)`).
pub fn substitution_lists(w: &str) -> bool {
    substitution_feeder(w).is_some_and(|(f, _)| f == Feeder::Wide)
}

/// Whether a word is a payload or a target named for all of something: a file (`@all.json`,
/// `--file all_users.csv`, `file://batch.json`), a URL's path (`/v1/users/batch`) or a mail
/// address (`all-customers@`, `everyone@`). Command words (`batch-delete-image`) are not.
fn target_names_all(w: &str) -> bool {
    let v = w.split_once('=').map_or(w, |(_, v)| v);
    let v = v.strip_prefix('@').unwrap_or(v);
    // `file://all_orders.json` (the AWS CLI's payload files) is a file, not a server.
    let v = v.strip_prefix("file://").unwrap_or(v);
    if let Some((_, rest)) = v.split_once("://") {
        // A URL: its path (the host is a server, not a set of items).
        return rest.split_once('/').is_some_and(|(_, path)| {
            path.split(['/', '?', '&'])
                .any(|seg| names_all(seg.split('=').next().unwrap_or(seg)))
        });
    }
    if let Some((local, domain)) = v.split_once('@') {
        return !local.is_empty() && domain.contains('.') && names_all(local);
    }
    (v.contains('/')
        || v.rsplit_once('.')
            .is_some_and(|(s, e)| !s.is_empty() && e.len() <= 5))
        && names_all(paths::file_name(v))
}

/// Whether a value covers a whole space: every port (`1-65535`, `0:65535`, `tcp:1-65535`,
/// `1:65535/tcp`), every address (`0.0.0.0/0`, `::/0`), or `*` given as a value.
pub fn whole_range(v: &str) -> bool {
    let v = v.trim_matches(['"', '\'']);
    if matches!(v, "0.0.0.0/0" | "::/0" | "*" | "0/0") {
        return true;
    }
    let v = v.rsplit_once(':').map_or(v, |(proto, r)| {
        if proto.bytes().all(|c| c.is_ascii_alphabetic()) {
            r
        } else {
            v
        }
    });
    let v = v.split_once('/').map_or(v, |(r, _)| r);
    let Some((lo, hi)) = v.split_once(['-', ':']) else {
        return false;
    };
    matches!(
        (lo.parse::<u32>(), hi.parse::<u32>()),
        (Ok(lo), Ok(hi)) if lo <= 1 && hi >= 65535
    )
}

/// Whether a long option names addresses or ports (`--source-ranges`, `--cidr`, `--dport`).
fn names_a_place(option: &str) -> bool {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let mut found = false;
    generic::parts(option.trim_start_matches('-'), |p| {
        found = generic::lower(p, &mut buf).is_some_and(|w| {
            matches!(
                w,
                "address"
                    | "addresses"
                    | "cidr"
                    | "cidrs"
                    | "destination"
                    | "dport"
                    | "ip"
                    | "ips"
                    | "port"
                    | "ports"
                    | "prefix"
                    | "prefixes"
                    | "range"
                    | "ranges"
                    | "source"
                    | "sport"
            )
        });
        !found
    });
    found
}

/// Whether a lowercased word is a verb that destroys, sends, revokes, disables, cancels,
/// closes or shuts down: what is worse repeated (the outbound verbs of the generic reader).
fn destroys(w: &str) -> bool {
    matches!(generic::role(w, None), Role::Act(verb) if generic::outbound(verb))
}

/// The destroy a command performs, as a key: the program and its path up to its first verb
/// that destroys (`hcloud server delete`, `docker volume rm`), or the program when its name is the verb
/// (`rm`); `None` when the command destroys nothing by its words (`grep`, `cargo build`).
fn destroy_key(c: &Cmd<'_>) -> Option<String> {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    if generic::lower(c.program, &mut buf).is_some_and(destroys) {
        return Some(c.program.to_owned());
    }
    let mut key = String::from(c.program);
    for w in c.operands(&[]).take(3) {
        if w.contains(['/', '.', '$', '@']) {
            break;
        }
        key.push(' ');
        key.push_str(w);
        // The first destroying verb of the path (`gh release delete`: `release` is a noun here).
        let mut destroying = false;
        generic::parts(w, |p| {
            destroying = generic::lower(p, &mut buf).is_some_and(destroys);
            !destroying
        });
        if destroying {
            return Some(key);
        }
    }
    None
}

/// How many commands on each side of a command count as repeating it.
const REPEAT_WINDOW: usize = 16;

/// How many commands perform the same destroy as `cmd`, counted among the commands near it
/// (at most [`REPEAT_WINDOW`] on each side). A line that repeats an act writes the repeats
/// next to each other (`x rm a && x rm b && x rm c`); counting over the whole script for
/// every command would be quadratic in its length, and a hostile line of 100,000 commands
/// would then run the scorer into its deadline.
fn repeats(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> usize {
    if s.commands.len() < 3 {
        return 1;
    }
    let Some(key) = destroy_key(cmd) else {
        return 1;
    };
    let near =
        index.saturating_sub(REPEAT_WINDOW)..(index + REPEAT_WINDOW + 1).min(s.commands.len());
    s.commands[near]
        .iter()
        .filter(|c| {
            let mut folded = Vec::new();
            resolve(c, &mut folded).is_some_and(|u| destroy_key(&u).as_ref() == Some(&key))
        })
        .count()
}

/// Whether `cmd` (the `index`th command of `s`) reaches everything, and why.
pub fn reach(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> Option<Reach> {
    if fed_everything(cmd, s, index) || cmd.words().any(substitution_lists) {
        return Some(Reach::Listed);
    }
    let redirected = cmd
        .redirects
        .iter()
        .filter(|r| r.kind == RedirectKind::Read)
        .map(|r| &*r.target);
    if cmd.words().chain(redirected).any(target_names_all) {
        return Some(Reach::Named);
    }
    // A value of an option (`--cidr 0.0.0.0/0`, `--port=1-65535`) or a rule's operand
    // (`ufw allow 1:65535/tcp`). A `*` only as the value of an option that names addresses or
    // ports (`--source-address-prefixes '*'`): elsewhere it is a shell glob (`rm -rf *`),
    // judged by its recognizer.
    let mut after_place = false;
    for w in cmd.words() {
        let (name, value) = w.split_once('=').unwrap_or(("", w));
        let star_here = after_place || name.starts_with("--") && names_a_place(name);
        if (value != "*" || star_here) && whole_range(value) {
            return Some(Reach::WholeRange);
        }
        after_place = w.starts_with("--") && !w.contains('=') && names_a_place(w);
    }
    let n = repeats(cmd, s, index);
    (n >= 3).then_some(Reach::Repeated(n))
}

/// Whether what feeds `cmd` is a listing of everything: through xargs (or parallel), a `for`
/// loop's substitution, or a `while read` loop's input.
fn fed_everything(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    if cmd.more_args {
        return super::xargs_feeder(cmd, s, index).0 == Feeder::Wide;
    }
    if let Some(list) = super::loop_list(cmd, s, index) {
        return list.iter().any(|w| substitution_lists(w));
    }
    super::read_loop(cmd, s, index).is_some_and(|(f, _)| f == Feeder::Wide)
}

/// The findings of a command that reaches everything, one step worse: the recognizer judged
/// one item, the command acts on all of them.
pub fn raise_for_all(cmd: &Cmd<'_>, why: Reach, found: &mut [Finding]) {
    for f in found {
        // The generic reader grades a whole range itself ("opens to every address").
        if why == Reach::WholeRange && f.code == "generic.command" {
            continue;
        }
        let raised = match f.severity {
            Severity::Confirm => Severity::Verify,
            s => s,
        };
        if raised != f.severity {
            f.severity = raised;
            let p = program_name(cmd.program);
            f.message = match why {
                Reach::Listed => format!("{}, for every item a listing feeds to {p}", f.message),
                Reach::Named => format!("{}, on a target named for all of them", f.message),
                Reach::Repeated(n) => format!("{}, repeated {n} times on one line", f.message),
                Reach::WholeRange => {
                    format!("{}, over a whole range (every port or address)", f.message)
                }
                Reach::Counted(n) => format!(
                    "{}, for each of the {n} rows an earlier step wrote to the file that feeds {p}",
                    f.message
                ),
            };
        }
    }
}

/// Whether a loop's list (`for x in $(tool list -q)`) has a substitution that lists everything.
pub fn any_substitution_lists(list: &[Cow<'_, str>]) -> bool {
    list.iter().any(|w| substitution_lists(w))
}
