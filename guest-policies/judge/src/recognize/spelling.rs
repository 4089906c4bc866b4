//! How a command line spells an action, read as a kind: the words a command path is made of,
//! the values that put something in a state, and the floor for an effect nobody reads.
//!
//! # Why a module of its own
//!
//! Held-back sets showed the judge's accuracy tracks spelling novelty, not danger: a program and
//! subcommand seen before was judged right 87 % of the time, a program never seen 52 %, and most
//! misses were silent (no factor at all). The generic reader ([`super::generic`]) already grades
//! a normalized verb x object x scope well; what it lacked was the normalization, and an answer
//! when the ladder has none. This module holds both, as rules over the shape of a command line,
//! not over program names:
//!
//! - **Command-path words.** A subcommand may be dotted (`vm.destroy`, `db.drop`, `user.delete`)
//!   as well as hyphenated, underscored, colon-separated or camelCase (split by
//!   [`super::generic::parts`]). A dotted word is a path word, not a file name, when its parts
//!   are letters and one of them is a verb: [`dotted_path_word`].
//! - **State values.** `KEY=VALUE`, `--key VALUE`, `--key=VALUE`, `-k VALUE` and `KEY VALUE`
//!   operand pairs whose value is a state say the command changes KEY's state even when its
//!   verb is `update` or absent: a node drained (`State=DRAIN`), a setting turned off
//!   (`--setglobalstate off`), an account suspended (`suspended on`), a password emptied
//!   (`--password ''`), a group scaled to zero (`--nodes 0`): [`state_change`].
//! - **Unread effect.** When a program nobody reads (or one whose recognizer found nothing) has
//!   an effect verb in its command path and names what it acts on, and the ladder grades
//!   nothing (an object class it does not know: `remove-unit`, `delete-identity`,
//!   `removeFramework`), the action asks for confirmation, naming the verb and the object:
//!   [`unread_effect`]. Never more than confirm from this alone: it says "unread", not "bad".
//!
//! # Precision
//!
//! A naive scan for destroying stems over near-miss sets trades about three misses caught for
//! two false positives. The unread-effect rule keeps its precision by position and by what the
//! line names, each checked in order:
//! - the verb must be a **command-path word** (the first few words that are not options), not an
//!   option, a value, a file name or a word of a read's field list (`print users fields
//!   suspended`); a read verb before it ends the reading ([`super::generic`]'s `READS`);
//! - the verb must be one of the closed list of **effect verbs** ([`EFFECT_VERBS`]): destroying,
//!   disabling, stopping, cancelling, revoking, sending or paying; not cleanup words that act on
//!   the tool's own state (`clean`, `clear`, `prune`, `gc`);
//! - it must **name an object**: a noun in the same word (`kill-user`) or the path word before it
//!   (`vm destroy`), or an operand after it (`delete orders`); a bare `frobctl stop` is no
//!   finding;
//! - the object must not be the tool's own **local workbench** ([`LOCAL_NOUNS`]: a cache, a
//!   session, a window, a toolchain, an extension, a log), and the scope not local (`kind`,
//!   `localhost`, `minikube`);
//! - a **no-op mode** (`--dry-run`, `-WhatIf`, `--noop`, `--help`) lowers every finding of the
//!   line before this floor counts (the dispatcher's dry-run check in [`super`]), so it is not
//!   repeated here.

use crate::prose::lexicon::Verb;

/// A state a value puts KEY in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Taken out of service: drained, down, offline, in maintenance, stopped, halted
    /// (`State=DRAIN`, `--status offline`, `--setglobalstate off`, `-power off`).
    Down,
    /// A negative condition switched on: suspended, locked, disabled, blocked, banned
    /// (`suspended on`, `--locked=true`).
    Suspended,
    /// A password or passphrase set to nothing (`--password ''`): anyone may log in.
    EmptySecret,
    /// A count or size set to zero (`--nodes 0`, `--replicas=0`, `desired_capacity=0`): what it
    /// counts stops running.
    Zero,
}

/// Words a command path spells an effect with: the closed list the unread-effect floor acts
/// on. Base forms only; the generic reader hands over the lowercased part that made its verb.
/// Sending verbs (`send`, `publish`, `broadcast`, `email`, `sms`) are absent: publication
/// sinks are read as a kind by `payloads::publication`, which decides one message from a mass
/// one. Deliberately absent too: cleanup words that act on a tool's own state (`clean`, `clear`,
/// `prune`, `gc`, `tidy`), and `lock`, which in a command path writes a lock file
/// (`terraform providers lock`, `nix flake lock`, `poetry lock`).
pub const EFFECT_VERBS: &[&str] = &[
    "ban",
    "cancel",
    "charge",
    "deactivate",
    "decom",
    "decommission",
    "del",
    "delete",
    "deprovision",
    "deregister",
    "destroy",
    "disable",
    "drain",
    "drop",
    "erase",
    "evict",
    "expire",
    "flush",
    "halt",
    "kill",
    "nuke",
    "obliterate",
    "pay",
    "payout",
    "poweroff",
    "purge",
    "refund",
    "remove",
    "reset",
    "retire",
    "revoke",
    "rm",
    "shutdown",
    "stop",
    "suspend",
    "teardown",
    "terminate",
    "transfer",
    "truncate",
    "undeploy",
    "uninstall",
    "unregister",
    "wipe",
    "wire",
];

/// Command-line verbs the plain-language lexicon does not hold (they are rare in English
/// prose), with the verb class each is: a node drained or a pod evicted is out of service; a
/// machine decommissioned or retired is gone.
pub fn command_verb(w: &str) -> Option<Verb> {
    match w {
        "drain" | "evict" => Some(Verb::Disable),
        "deprovision" | "retire" | "decom" => Some(Verb::Destroy),
        _ => None,
    }
}

/// Objects that are the tool's own local workbench: removing or stopping one changes nothing
/// anyone else has (`tmux kill-session`, `conda env remove`, `rustup toolchain uninstall`,
/// `code --uninstall-extension`, `frobctl cache purge`; `git worktree remove`: a second checkout
/// of a repository, which git refuses to remove with uncommitted changes unless forced).
pub const LOCAL_NOUNS: &[&str] = &[
    "alias",
    "buffer",
    "buffers",
    "cache",
    "caches",
    "completion",
    "completions",
    "draft",
    "drafts",
    "extension",
    "extensions",
    "history",
    "log",
    "logs",
    "pane",
    "panes",
    "session",
    "sessions",
    "shim",
    "shims",
    "stats",
    "tab",
    "tabs",
    "temp",
    "tmp",
    "toolchain",
    "toolchains",
    "window",
    "windows",
    "worktree",
    "worktrees",
];

/// Values that say a thing is out of service (`DRAIN`, `down`, `offline`, `maintenance`).
const DOWN_VALUES: &[&str] = &[
    "disable",
    "disabled",
    "down",
    "drain",
    "drained",
    "draining",
    "fail",
    "failed",
    "halt",
    "halted",
    "inactive",
    "maint",
    "maintenance",
    "off",
    "offline",
    "poweroff",
    "shutdown",
    "stop",
    "stopped",
];

/// Keys that hold a thing's state (`State=`, `--status`, `power-state`, `--setglobalstate`,
/// `admin_state`, `--mode`): a down value puts the thing out of service. Matched as the last
/// part of the key (`setglobalstate` ends with `state`).
const STATE_KEYS: &[&str] = &["availability", "mode", "power", "state", "status"];

/// Keys naming a negative condition (`suspended on`, `--locked=true`, `blocked: yes`).
const NEGATIVE_KEYS: &[&str] = &[
    "banned",
    "blocked",
    "deactivated",
    "disabled",
    "frozen",
    "locked",
    "quarantined",
    "suspended",
];

/// Keys naming a password or passphrase (`--password`, `--new-password`, `passwd=`).
const SECRET_KEYS: &[&str] = &["passphrase", "passwd", "password", "pwd"];

/// Keys counting what runs (`--nodes`, `--replicas`, `desired_capacity`, `--instances`).
const COUNT_KEYS: &[&str] = &[
    "capacity",
    "count",
    "instances",
    "nodes",
    "replicas",
    "scale",
    "size",
    "workers",
];

/// Values that switch something on (`suspended on`, `--locked=true`).
fn truthy(v: &str) -> bool {
    ["on", "true", "yes", "1", "enable", "enabled"]
        .iter()
        .any(|t| v.eq_ignore_ascii_case(t))
}

/// The lowercased parts of a key (`setGlobalState` -> set, global, state; `--nodes-min` ->
/// nodes, min), at most eight.
fn key_parts(key: &str) -> ([[u8; 24]; 8], [usize; 8], usize) {
    let mut words = [[0_u8; 24]; 8];
    let mut lens = [0_usize; 8];
    let mut n = 0;
    super::generic::parts(key.trim_start_matches(['-', '/']), |p| {
        if n == 8 || p.len() > 24 || !p.is_ascii() {
            return n < 8;
        }
        for (d, s) in words[n].iter_mut().zip(p.bytes()) {
            *d = s.to_ascii_lowercase();
        }
        lens[n] = p.len();
        n += 1;
        true
    });
    (words, lens, n)
}

/// What KEY's VALUE says about a state (`State=DRAIN`, `suspended on`, `--password ''`,
/// `--replicas 0`), when it says one. Keys are matched by their last part (`setglobalstate`,
/// `desired_capacity`, `new-password`); a key with a `min`/`max`/`initial` part is a bound,
/// not a state (`--nodes-min 0`).
pub fn state_change(key: &str, value: &str) -> Option<State> {
    let value = value.trim_matches(['"', '\'']);
    let (words, lens, n) = key_parts(key);
    if n == 0 {
        // A one-word key that does not split (`setglobalstate`) ends up below.
    }
    let part = |i: usize| std::str::from_utf8(&words[i][..lens[i]]).unwrap_or("");
    let last = if n > 0 { part(n - 1) } else { "" };
    // A fused key (`setglobalstate`, `adminstate`): its tail.
    // Lowercased without a heap copy (every option of every command passes here).
    crate::substring::with_ascii_lower(key.trim_start_matches(['-', '/']), |whole| {
        let ends = |list: &[&str]| {
            list.contains(&last)
                || list
                    .iter()
                    .any(|k| whole.len() > k.len() && whole.ends_with(k))
        };
        let bound = (0..n).any(|i| matches!(part(i), "min" | "max" | "initial" | "default"));
        if value.is_empty() {
            return ends(SECRET_KEYS).then_some(State::EmptySecret);
        }
        if ends(STATE_KEYS) && DOWN_VALUES.iter().any(|d| value.eq_ignore_ascii_case(d)) {
            return Some(State::Down);
        }
        if NEGATIVE_KEYS.contains(&last) && truthy(value) {
            return Some(State::Suspended);
        }
        if !bound && value == "0" && ends(COUNT_KEYS) {
            return Some(State::Zero);
        }
        None
    })
}

/// An option whose name is the state it puts what the command names in (`govc vm.power -off`,
/// `--poweroff`, `--shutdown`, `--halt`).
pub fn state_option(name: &str) -> Option<State> {
    ["off", "poweroff", "power-off", "shutdown", "halt"]
        .iter()
        .any(|o| name.eq_ignore_ascii_case(o))
        .then_some(State::Down)
}

/// The verb words a state change amounts to, for messages and the ladder.
pub fn state_verb(s: State) -> (Verb, &'static str) {
    match s {
        State::Down => (Verb::Disable, "takes out of service"),
        State::Suspended => (Verb::Disable, "suspends"),
        State::EmptySecret => (Verb::Privilege, "empties the password of"),
        State::Zero => (Verb::Shutdown, "scales to zero"),
    }
}

/// A dotted command-path word (`vm.destroy`, `db.drop`, `ecto.drop`, `user.delete`): parts of
/// letters, namespace first and an effect verb last, as a CLI spells `namespace.verb`. A file
/// name (`notes.txt`, `yesterday.dump`, `app.config`) and an event's name (`charge.refunded`,
/// `payment_intent.canceled`: a participle, what happened) end in no effect verb and stay
/// what they are.
pub fn dotted_path_word(w: &str) -> bool {
    let Some((namespace, last)) = w.rsplit_once('.') else {
        return false;
    };
    let letters =
        |p: &str| !p.is_empty() && p.bytes().all(|c| c.is_ascii_alphabetic() || c == b'_');
    if !namespace.split('.').all(letters) || !letters(last) || last.len() > 16 {
        return false;
    }
    let last = last.to_ascii_lowercase();
    effect_verb(&last) || command_verb(&last).is_some()
}

/// Whether a lowercased word is an effect verb ([`EFFECT_VERBS`]).
pub fn effect_verb(w: &str) -> bool {
    EFFECT_VERBS.contains(&w)
}

/// Whether a word names the tool's own local workbench ([`LOCAL_NOUNS`]).
pub fn local_noun(w: &str) -> bool {
    let w = w.to_ascii_lowercase();
    LOCAL_NOUNS.contains(&w.as_str())
}

/// What an unread effect acts on, chosen by position: `Some` when the line names it.
/// - `in_word`: a non-verb part of the verb's own word (`kill-user` -> `user`);
/// - `before`: the path word before the verb (`vm destroy` -> `vm`);
/// - `after`: the first operand after the verb (`delete orders` -> `orders`).
pub fn effect_object<'c>(
    in_word: Option<&'c str>,
    before: Option<&'c str>,
    after: Option<&'c str>,
) -> Option<&'c str> {
    in_word.or(before).or(after)
}

/// The unread-effect floor: a command whose path verb is an effect verb (`effect`: checked by
/// the caller with [`effect_verb`], or a state change), that names what it acts on, outside a
/// local workbench, the ladder graded nothing: the object to name in the confirmation.
/// `object`: what [`effect_object`] chose; `local`: the scope is local; `verb`: the verb's
/// class and
/// `operand_after`: the operand after it (stopping or cancelling one numbered process, job or
/// port is bounded).
pub fn unread_effect<'a>(
    effect: bool,
    verb: Verb,
    object: Option<&'a str>,
    operand_after: Option<&str>,
    local: bool,
) -> Option<&'a str> {
    let object = object?;
    if local || !effect || local_noun(object) {
        return None;
    }
    let number = |w: &str| !w.is_empty() && w.bytes().all(|c| c.is_ascii_digit());
    if matches!(verb, Verb::Shutdown | Verb::Cancel)
        && (number(object) || operand_after.is_some_and(number))
    {
        // One process, job, task or port by its number (`pueue kill 3`, `jupyter notebook
        // stop 8888`, a scheduler's `cancel 4812233`): bounded, and usually the agent's own.
        return None;
    }
    Some(object)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_values_are_read_by_the_shape_of_the_key() {
        for (k, v, s) in [
            ("State", "DRAIN", State::Down),
            ("--setglobalstate", "off", State::Down),
            ("power-state", "halted", State::Down),
            ("--admin-status", "down", State::Down),
            ("suspended", "on", State::Suspended),
            ("--locked", "true", State::Suspended),
            ("--password", "", State::EmptySecret),
            ("new_passwd", "''", State::EmptySecret),
            ("--nodes", "0", State::Zero),
            ("desired_capacity", "0", State::Zero),
            ("--replicas", "0", State::Zero),
        ] {
            assert_eq!(state_change(k, v), Some(s), "{k} {v}");
        }
        for (k, v) in [
            ("State", "RESUME"),
            ("--status", "active"),
            ("suspended", "off"),
            ("--nodes-min", "0"),
            ("--max-size", "0"),
            ("--nodes", "3"),
            ("--name", ""),
            ("--format", "off"),
            ("--color", "off"),
        ] {
            assert_eq!(state_change(k, v), None, "{k} {v}");
        }
    }

    #[test]
    fn dotted_words_are_path_words_only_with_a_verb() {
        for w in [
            "vm.destroy",
            "db.drop",
            "user.delete",
            "ecto.drop",
            "node.drain",
        ] {
            assert!(dotted_path_word(w), "{w}");
        }
        for w in [
            "notes.txt",
            "app.config",
            "backup.tar",
            "data.parquet",
            "v1.2",
            ".env",
            "manage.py",
            "yesterday.dump",
            "charge.refunded",
            "payment_intent.canceled",
            "job.list",
        ] {
            assert!(!dotted_path_word(w), "{w}");
        }
    }
}
