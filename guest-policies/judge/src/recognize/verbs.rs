//! Effect verbs the readers did not count, and a model of what the subcommands of a known
//! program do when its own reader says nothing (holdout9 analysis: "a verb the floor does not
//! count", "context cannot raise what was not read").
//!
//! # Why a module of its own
//!
//! The unread-effect floor ([`super::spelling`]) and the generic reader count an effect verb in
//! its base form in a command path (`delete`, `revoke`, `destroy`). Agents' commands spell the
//! same effects in three other ways this module reads, each as a kind:
//!
//! 1. **Other forms of the verb.** A noun form (`schedule-deletion`, `request-removal`,
//!    `initiate-termination`, `requestDeactivation`): the noun is the act when it is the head of
//!    its word, not when another noun follows it (`deletion-status`, `deletion-protection`), nor
//!    in the plural (`list-deletions`): [`noun_form`], [`path_role`]. And the verb in the path
//!    a command **writes to** (`bao write sys/leases/revoke-prefix/gcp/`, `pvesh create
//!    /nodes/n/qemu/101/status/stop`, a REST path an API CLI posts to): the path is the
//!    operation, the command's own verb only says "call it" ([`written_path`]).
//! 2. **A task runner's or a framework console's target** (`make destroy`, `just teardown`,
//!    `deno task db:nuke`, `php artisan db:wipe`, `bin/console doctrine:database:drop`,
//!    `./gradlew flywayClean`, `mvn flyway:clean`, `mix ecto.reset`): the target names the
//!    operation by its parts, a data store (`db`, `database`, `schema`, `migrate`, `flyway`,
//!    `ecto`) and a wiping verb (`drop`, `wipe`, `fresh`, `reset`, `clean`, `nuke`), or a
//!    teardown (`destroy`, `teardown`, `undeploy`, `decommission`). Every target a runner is
//!    given is read (`make lint destroy` runs both). The environment it acts in is the one
//!    [`super::scope`] reads (a variable exported a step before, `--env=production`) widened by
//!    a `KEY=VALUE` argument (`make destroy ENV=prod`): production raises the finding one tier,
//!    the developer's own test or local configuration lowers it, and the widest wins, so a
//!    `--env=testing` on a line does not undo a production exported before.
//! 3. **A per-program effect model** of the subcommands no reader grades, by the nouns and
//!    verbs of the command path and the options that size them: a **credential replaced**
//!    (`keys renew`, `credential reset`, `client-secret rotate`: whatever uses the old one
//!    stops working) or **minted for years** (`--years 10`, `--validity 10y`, `--expires-in
//!    87600h`); a **revoke of a whole prefix** (`token revoke -mode=path auth/`, `lease revoke
//!    -prefix aws/`); a **cluster member reset or taken out** (`swarm leave --force`, `server
//!    force-leave`, `k0s reset`). A production scope raises them; a shell opened on a production
//!    host is such a scope, whether a step before opened it or the line's own `ssh HOST CMD`
//!    ([`super::system`] gives the remote command that host as its place).
//!
//! Reads stay reads: a read verb (`list`, `get`, `describe`, `show`, `status`, `lookup`,
//! `info`) before the effect ends every reading, and only what nothing else graded at
//! confirmation or above is read here. Nothing here lowers another finding; a place that is
//! the developer's own lowers these the way it lowers every finding of the command.

use crate::finding::{Family, Finding, Severity};

use super::classes::{self, Class};
use super::generic::{self, Role};
use super::scope::{self, Given, Level, Scope};
use super::{Cmd, containers, finding, spelling};

/// Noun forms of effect verbs, with the verb each is the act of (sorted; a test checks).
const NOUN_FORMS: &[(&str, &str)] = &[
    ("cancellation", "cancel"),
    ("deactivation", "deactivate"),
    ("decommissioning", "decommission"),
    ("deletion", "delete"),
    ("deprovisioning", "deprovision"),
    ("deregistration", "deregister"),
    ("destruction", "destroy"),
    ("disablement", "disable"),
    ("erasure", "erase"),
    ("eviction", "evict"),
    ("expiration", "expire"),
    ("obliteration", "obliterate"),
    ("removal", "remove"),
    ("revocation", "revoke"),
    ("suspension", "suspend"),
    ("termination", "terminate"),
    ("truncation", "truncate"),
    ("uninstallation", "uninstall"),
];

/// The verb a lowercased noun form is the act of (`deletion` -> `delete`).
pub fn noun_form(w: &str) -> Option<&'static str> {
    NOUN_FORMS
        .binary_search_by(|(n, _)| n.cmp(&w))
        .ok()
        .map(|i| NOUN_FORMS[i].1)
}

/// Words that qualify an act without naming another thing (`deletion-now`,
/// `removal-force`): a noun form before them still heads its word.
const QUALIFIERS: &[&str] = &[
    "all",
    "async",
    "force",
    "forced",
    "hard",
    "immediate",
    "immediately",
    "now",
    "permanent",
    "permanently",
];

/// Whether `part` (a slice of `word`) is its last part but qualifiers: the head of a compound
/// (`schedule-deletion`, `deletion-now`), not a noun that modifies another
/// (`deletion-status`).
fn is_head(word: &str, part: &str) -> bool {
    let mut last = None;
    generic::parts(word, |p| {
        if !QUALIFIERS.iter().any(|q| p.eq_ignore_ascii_case(q)) {
            last = Some(p);
        }
        true
    });
    last.is_some_and(|l| std::ptr::eq(l.as_ptr(), part.as_ptr()) && l.len() == part.len())
}

/// The role of a command-path part (`w`, lowercased `part` of `word`): a noun form is its
/// verb's act when it heads its word, and no verb otherwise; any other word as the generic
/// reader reads it.
pub(crate) fn path_role(word: &str, part: &str, w: &str, class: Option<Class>) -> Role {
    match noun_form(w) {
        Some(base) if is_head(word, part) => generic::role(base, class),
        Some(_) => Role::Other,
        None => generic::role(w, class),
    }
}

/// The effect verb a lowercased path verb word stands for: itself, or the verb its noun form
/// is the act of (for the unread-effect floor).
pub fn effect_base(w: &str) -> Option<&str> {
    if spelling::effect_verb(w) {
        Some(w)
    } else {
        noun_form(w).filter(|b| spelling::effect_verb(b))
    }
}

/// The lowercased parts of a word.
fn lowered_parts(word: &str) -> Vec<String> {
    let mut v = Vec::new();
    generic::parts(word, |p| {
        v.push(p.to_ascii_lowercase());
        true
    });
    v
}

/// Words that make a written path's effect reach everything under it.
const BULK_PARTS: &[&str] = &[
    "all",
    "bulk",
    "everything",
    "force",
    "mass",
    "prefix",
    "recurse",
    "recursive",
];

/// HTTP clients: a method and a URL, read by [`super::http`] with the method.
const HTTP_CLIENTS: &[&str] = &[
    "curl",
    "http",
    "https",
    "invoke-restmethod",
    "invoke-webrequest",
    "irm",
    "iwr",
    "wget",
    "xh",
    "xhs",
];

/// Verbs of a command path that call whatever operation the path names (`vault write`,
/// `pvesh create`, `az rest`, `oci raw-request`).
const CALL_VERBS: &[&str] = &[
    "api",
    "call",
    "create",
    "exec",
    "execute",
    "invoke",
    "patch",
    "post",
    "put",
    "raw-request",
    "request",
    "rest",
    "set",
    "write",
];

/// Verbs that replace a credential with a new one.
const REPLACE_VERBS: &[&str] = &[
    "cycle",
    "regen",
    "regenerate",
    "reissue",
    "renew",
    "reset",
    "roll",
    "rotate",
];

/// Verbs that mint a credential.
const MINT_VERBS: &[&str] = &["add", "create", "generate", "issue", "mint", "new"];

/// Credential nouns.
const CREDENTIAL_NOUNS: &[&str] = &[
    "apikey",
    "apikeys",
    "cert",
    "certificate",
    "certificates",
    "certs",
    "cred",
    "credential",
    "credentials",
    "creds",
    "key",
    "keypair",
    "keys",
    "passphrase",
    "password",
    "passwords",
    "sas",
    "secret",
    "secrets",
    "token",
    "tokens",
];

/// What a revoke of a prefix revokes.
const GRANT_NOUNS: &[&str] = &[
    "cert",
    "certificate",
    "certificates",
    "certs",
    "cred",
    "credential",
    "credentials",
    "creds",
    "grant",
    "grants",
    "key",
    "keys",
    "lease",
    "leases",
    "secret",
    "secrets",
    "session",
    "sessions",
    "token",
    "tokens",
];

/// Verbs that revoke or delete what was granted.
const REVOKE_VERBS: &[&str] = &[
    "delete",
    "destroy",
    "expire",
    "invalidate",
    "purge",
    "remove",
    "revoke",
];

/// Nouns of a cluster's membership.
const MEMBER_NOUNS: &[&str] = &[
    "cluster", "member", "members", "node", "peer", "peers", "raft", "server", "swarm",
];

/// Programs that install and run a cluster on this machine (their `reset` wipes its state).
const CLUSTER_INSTALLERS: &[&str] = &["k0s", "k3s", "kubeadm", "microk8s", "rke2"];

/// Data-store nouns a task or console target names.
const STORE_PARTS: &[&str] = &[
    "database",
    "databases",
    "datastore",
    "db",
    "ecto",
    "flyway",
    "liquibase",
    "migrate",
    "migration",
    "migrations",
    "schema",
    "schemas",
    "table",
    "tables",
];

/// Verbs that, with a data store, drop or empty it (`db:wipe`, `migrate:fresh`, `flywayClean`,
/// `ecto.reset`, `doctrine:schema:drop`, `dropAll`).
const WIPE_PARTS: &[&str] = &[
    "clean",
    "delete",
    "destroy",
    "drop",
    "erase",
    "flush",
    "fresh",
    "nuke",
    "obliterate",
    "purge",
    "recreate",
    "refresh",
    "reset",
    "teardown",
    "truncate",
    "wipe",
];

/// Verbs that, with a data store, undo migrations (a down migration may drop columns).
const ROLLBACK_PARTS: &[&str] = &["revert", "rollback", "undo"];

/// Verbs of a target that tears an environment down (whatever it names).
const TEARDOWN_PARTS: &[&str] = &[
    "decommission",
    "deprovision",
    "destroy",
    "nuke",
    "obliterate",
    "teardown",
    "undeploy",
];

/// Parts of a target that read or check, or name the test setup: the target is routine.
const ROUTINE_PARTS: &[&str] = &[
    "check", "diff", "dry", "info", "list", "ls", "plan", "preview", "show", "status", "test",
    "tests", "validate", "verify",
];

/// What a target does, by its parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    /// Drops or empties a database.
    Wipe,
    /// Undoes migrations.
    Rollback,
    /// Tears an environment down.
    Teardown,
}

/// What a task or console target does, read from its parts (`db:wipe`, `flywayClean`,
/// `tear-down`).
fn target_kind(target: &str) -> Option<Target> {
    let parts = lowered_parts(target);
    let has = |list: &[&str]| parts.iter().any(|p| list.contains(&p.as_str()));
    if parts.is_empty() || has(ROUTINE_PARTS) {
        return None;
    }
    let store = has(STORE_PARTS);
    if store && has(WIPE_PARTS) {
        return Some(Target::Wipe);
    }
    if store && has(ROLLBACK_PARTS) {
        return Some(Target::Rollback);
    }
    let tear_down = parts.windows(2).any(|w| w[0] == "tear" && w[1] == "down");
    (has(TEARDOWN_PARTS) || tear_down).then_some(Target::Teardown)
}

/// The targets a task runner or a framework console is given, as written.
fn targets<'c>(cmd: &Cmd<'c>) -> Vec<&'c str> {
    let p = cmd.program.rsplit('/').next().unwrap_or(cmd.program);
    let ops: Vec<&'c str> = cmd
        .operands(&[
            "-C",
            "-f",
            "-j",
            "-l",
            "-o",
            "-W",
            "-I",
            "-p",
            "--directory",
            "--file",
            "--justfile",
            "--taskfile",
            "--dir",
            "--prefix",
            "--cwd",
            "--filter",
            "-w",
            "--workspace",
            "--env",
            "-e",
        ])
        .collect();
    let first = ops.first().copied().unwrap_or("");
    let after = |w: &str| -> Vec<&'c str> {
        ops.iter()
            .position(|o| o.rsplit('/').next() == Some(w))
            .and_then(|i| ops.get(i + 1))
            .copied()
            .into_iter()
            .collect()
    };
    let named =
        |v: Vec<&'c str>| -> Vec<&'c str> { v.into_iter().filter(|t| !t.contains('=')).collect() };
    match p {
        "make" | "gmake" | "just" | "task" | "mage" | "invoke" | "inv" | "gradle" | "gradlew"
        | "mvn" | "mvnw" => named(ops.clone()),
        "npm" | "composer" => after(if first == "run-script" {
            "run-script"
        } else {
            "run"
        }),
        "pnpm" | "bun" | "yarn" if first == "run" => after("run"),
        // `yarn workspace api db:reset`: the script after the workspace's name.
        "yarn" if first == "workspace" => named(ops.iter().copied().skip(2).take(1).collect()),
        "pnpm" | "bun" | "yarn" => named(ops.iter().copied().take(1).collect()),
        "deno" => after("task"),
        "cargo" => after("make"),
        "turbo" => after("run"),
        "mix" | "rails" | "rake" | "artisan" | "console" | "django-admin" => {
            named(ops.iter().copied().take(1).collect())
        }
        "php" => {
            let script = first.rsplit('/').next().unwrap_or("");
            if matches!(script, "artisan" | "console") {
                after(script)
            } else {
                Vec::new()
            }
        }
        "sail" => after("artisan"),
        "symfony" => after("console"),
        _ if p.starts_with("python") => after("manage.py"),
        _ => Vec::new(),
    }
}

/// Production named by a `KEY=VALUE` argument of a task runner (`make destroy ENV=prod`,
/// `-Penv=production`) or by a word of a target (`teardown-prod`). It only raises: the
/// developer's own environment lowers a target only as [`scope`] reads it for every command
/// (a framework's variable, `--env`), never from an argument the runner may ignore.
fn argument_scope(cmd: &Cmd<'_>, targets: &[&str]) -> Option<(Level, String)> {
    let mut widest: Option<(Level, String)> = None;
    let mut note = |level: Option<Level>, why: String| {
        if let Some(level) = level
            && widest.as_ref().is_none_or(|(l, _)| level > *l)
        {
            widest = Some((level, why));
        }
    };
    for w in cmd.words() {
        let w = w.trim_start_matches("-P").trim_start_matches("-D");
        if let Some((key, value)) = w.split_once('=')
            && !key.starts_with('-')
        {
            let k = key.to_ascii_uppercase();
            let names_env = k == "ENV"
                || k == "ENVIRONMENT"
                || k == "STAGE"
                || k.ends_with("_ENV")
                || k.ends_with("ENV")
                || k.ends_with("_ENVIRONMENT")
                || k.ends_with("_STAGE")
                || k.ends_with("_PROFILES_ACTIVE");
            // Only production counts: whether the runner's file reads KEY is not known
            // here, so a `KEY=test` argument may be a word added to silence the target.
            let last = value.rsplit('.').next().unwrap_or(value);
            if names_env && scope::class(last, Given::Config) == Some(Level::Production) {
                note(Some(Level::Production), format!("{key}={value}"));
            }
        }
    }
    for t in targets {
        if containers::production(t) {
            note(Some(Level::Production), format!("the target {t}"));
        }
    }
    widest
}

/// One tier up, for production.
fn raised(s: Severity) -> Severity {
    match s {
        Severity::Note | Severity::Confirm => Severity::Verify,
        _ => Severity::Stop,
    }
}

/// Kind 2: a task runner's or framework console's targets.
fn tasks(cmd: &Cmd<'_>, scope: Option<&Scope>, out: &mut Vec<Finding>) {
    let targets = targets(cmd);
    let Some((target, kind)) = targets
        .iter()
        .filter_map(|t| target_kind(t).map(|k| (*t, k)))
        .min_by_key(|(_, k)| *k as u8)
    else {
        return;
    };
    let (family, code, severity, what) = match kind {
        Target::Wipe => (
            Family::Database,
            "database.task-wipe",
            Severity::Verify,
            "drops or empties the database it is configured for",
        ),
        Target::Rollback => (
            Family::Database,
            "database.task-rollback",
            Severity::Confirm,
            "undoes migrations (a down migration may drop tables or columns)",
        ),
        Target::Teardown => (
            Family::Infrastructure,
            "infrastructure.task-teardown",
            Severity::Confirm,
            "tears down the environment it is configured for",
        ),
    };
    // The widest place: what scope read (the line's options, its prefix, earlier steps) and
    // the runner's own `KEY=VALUE` arguments.
    let from_scope = scope.map(|s| (s.level, s.why.clone()));
    let widest = match (from_scope, argument_scope(cmd, &targets)) {
        (Some(a), Some(b)) => Some(if b.0 > a.0 { b } else { a }),
        (a, b) => a.or(b),
    };
    let program = cmd.program.rsplit('/').next().unwrap_or(cmd.program);
    // The runner as the agent names it (`php artisan`, `python manage.py`).
    let script = cmd
        .operands(&[])
        .next()
        .filter(|s| (program == "php" || program.starts_with("python")) && *s != target)
        .map(|s| s.rsplit('/').next().unwrap_or(s));
    let runner = match script {
        Some(s) => format!("{program} {s}"),
        None => program.to_owned(),
    };
    let mut message = format!("{runner} {target}: {what}");
    let mut severity = severity;
    // (The developer's own environment, as [`scope`] reads it, is lowered with every finding
    // of the command, by the dispatcher.)
    if let Some((Level::Production, why)) = widest {
        severity = raised(severity);
        message = format!("in production ({why}): {message}");
    }
    out.push(finding(family, code, severity, message));
}

/// The path a command writes to, when it is an API's operation path (not a local file):
/// `sys/leases/revoke-prefix/gcp/`, `/nodes/pve1/qemu/101/status/stop`, a URL's path.
fn api_path(w: &str) -> Option<&str> {
    if w.starts_with(['-', '.', '~', '$']) || !w.contains('/') {
        return None;
    }
    let path = match w.split_once("://") {
        Some((_, rest)) => rest.split_once('/').map_or("", |(_, p)| p),
        None => w
            .split_once('=')
            .map_or(w, |(k, v)| if k.contains('/') { w } else { v }),
    };
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    // A file (`scripts/delete-user.sh`, `data/stop.json`) is not an operation.
    let file = last
        .rsplit_once('.')
        .is_some_and(|(_, ext)| !ext.is_empty() && ext.bytes().all(|c| c.is_ascii_alphanumeric()));
    (!path.is_empty() && !file).then_some(path)
}

/// Kind 1: the effect named by the path a command writes to: its verb (`revoke`, `stop`,
/// `delete`, or a noun form) and whether it reaches everything under it.
fn written_path<'c>(cmd: &Cmd<'c>) -> Option<(&'c str, String, bool)> {
    if HTTP_CLIENTS.contains(&cmd.program) {
        // Their method and URL are read by the HTTP reader ([`super::http`]).
        return None;
    }
    let mut ops = cmd.operands(&[]);
    // The command's own verb, among its first words, calls the operation.
    let calls = ops
        .by_ref()
        .take(3)
        .any(|w| CALL_VERBS.contains(&w.to_ascii_lowercase().as_str()));
    if !calls {
        return None;
    }
    let path = cmd.words().find_map(api_path)?;
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let mut buf = [0_u8; crate::prose::lexicon::MAX_WORD];
    // The last operation word of the path decides (`/status/stop` stops; `sys/leases/lookup/x`
    // looks up): a read word before an effect is a resource's name (`status`).
    let mut last: Option<(usize, Option<String>)> = None;
    for (at, seg) in segments.iter().enumerate() {
        generic::parts(seg, |p| {
            let Some(w) = generic::lower(p, &mut buf) else {
                return true;
            };
            match path_role(seg, p, w, None) {
                Role::Read => last = Some((at, None)),
                Role::Act(_) => {
                    // (Not a rotation: `transit/keys/k/rotate` adds a key version, and the
                    // old ones still decrypt.)
                    if let Some(b) = effect_base(w).map(str::to_owned) {
                        last = Some((at, Some(b)));
                    }
                }
                Role::Other => {}
            }
            true
        });
    }
    let (at, verb) = last?;
    let verb = verb?;
    let bulk = path.ends_with('/')
        || path.contains('*')
        || segments[at..].iter().any(|s| {
            lowered_parts(s)
                .iter()
                .any(|p| BULK_PARTS.contains(&p.as_str()))
        });
    Some((path, verb, bulk))
}

/// How long a credential is made to last, in hours, when an option says (`--years 10`,
/// `--validity 10y`, `--expires-in 87600h`, `--days 3650`, `--never-expires`), with the words
/// that said it.
fn validity(cmd: &Cmd<'_>) -> Option<(u64, String)> {
    let mut words = cmd.words().peekable();
    while let Some(w) = words.next() {
        let Some(name) = w.strip_prefix('-') else {
            continue;
        };
        let (name, inline) = match name.trim_start_matches('-').split_once('=') {
            Some((n, v)) => (n.to_ascii_lowercase(), Some(v)),
            None => (name.trim_start_matches('-').to_ascii_lowercase(), None),
        };
        if matches!(
            name.as_str(),
            "never-expires" | "no-expiry" | "no-expiration" | "non-expiring" | "no-expire"
        ) {
            return Some((u64::MAX, w.to_owned()));
        }
        let unit_hours: u64 = match name.as_str() {
            "years" | "year" => 8760,
            "days" | "valid-days" | "validity-days" | "expiry-days" | "expires-in-days" => 24,
            "validity" | "valid-for" | "ttl" | "max-ttl" | "explicit-max-ttl" | "expires-in"
            | "expiry" | "expiration" | "duration" | "lifetime" | "not-after" | "expires" => 0,
            _ => continue,
        };
        let Some(value) = inline.or_else(|| words.peek().copied()) else {
            continue;
        };
        let said = match inline {
            Some(_) => w.to_owned(),
            None => format!("{w} {value}"),
        };
        if matches!(
            value.to_ascii_lowercase().as_str(),
            "never" | "none" | "infinite" | "unlimited"
        ) {
            return Some((u64::MAX, said));
        }
        let digits = value.bytes().take_while(u8::is_ascii_digit).count();
        let Ok(n) = value[..digits].parse::<u64>() else {
            continue;
        };
        let hours = match (unit_hours, &value[digits..]) {
            (0, "y" | "yr" | "years") => n.saturating_mul(8760),
            (0, "d" | "days") => n.saturating_mul(24),
            (0, "h") => n,
            (0, "m") => n / 60,
            // A bare number of a duration option: seconds.
            (0, "" | "s") => n / 3600,
            (u, "") => n.saturating_mul(u),
            _ => continue,
        };
        return Some((hours, said));
    }
    None
}

/// Two years: a credential made to outlive the rotation any policy asks for.
const LONG_LIVED_HOURS: u64 = 2 * 8760;

/// Kind 3: the effect model of a command path no reader graded.
fn effect_model(cmd: &Cmd<'_>) -> Option<(Family, &'static str, Severity, String)> {
    let path: Vec<&str> = cmd
        .operands(&[])
        .take(5)
        .take_while(|w| !w.contains(['/', '=', '*']) || w.ends_with('/'))
        .collect();
    let program = cmd.program.rsplit('/').next().unwrap_or(cmd.program);
    let class = classes::of(program);
    // The path's parts up to the first read: a read ends the reading.
    // (A noun form heading its word is read as its verb: `schedule-deletion` deletes.)
    let mut parts: Vec<String> = Vec::new();
    // The first effect verb of the path, with the index of its word.
    let mut effect: Option<(usize, String)> = None;
    let mut buf = [0_u8; crate::prose::lexicon::MAX_WORD];
    'words: for (at, w) in path.iter().enumerate() {
        if w.ends_with('/') {
            break;
        }
        let mut read = false;
        generic::parts(w, |p| {
            if let Some(l) = generic::lower(p, &mut buf) {
                if path_role(w, p, l, class) == Role::Read {
                    read = true;
                    return false;
                }
                let base = noun_form(l).filter(|_| is_head(w, p)).unwrap_or(l);
                if effect.is_none() && spelling::effect_verb(base) {
                    effect = Some((at, base.to_owned()));
                }
                parts.push(base.to_owned());
            }
            true
        });
        if read {
            if parts.is_empty()
                || !parts.iter().any(|p| {
                    REPLACE_VERBS.contains(&p.as_str()) || REVOKE_VERBS.contains(&p.as_str())
                })
            {
                return None;
            }
            break 'words;
        }
    }
    let has = |list: &[&str]| parts.iter().find(|p| list.contains(&p.as_str())).cloned();
    let path_text = path.join(" ");
    // A revoke of a whole prefix, or of everything.
    if let Some(verb) = has(REVOKE_VERBS)
        && let Some(noun) = has(GRANT_NOUNS).or_else(|| {
            matches!(class, Some(Class::SecretStore | Class::Certificates)).then(|| "grant".into())
        })
    {
        let prefix_option = cmd.words().find(|w| {
            let o = w.trim_start_matches('-').to_ascii_lowercase();
            w.starts_with('-')
                && (o == "prefix"
                    || o.starts_with("prefix=")
                    || o == "all"
                    || o == "mode=path"
                    || o == "recursive"
                    || o == "recurse")
        });
        let mode_path = cmd.value(&["-mode", "--mode"]) == Some("path");
        let under = cmd
            .operands(&[])
            .skip(path.len())
            .find(|w| w.ends_with('/') || w.ends_with('*') || *w == "all")
            .or_else(|| path.iter().copied().find(|w| w.ends_with('/')));
        if prefix_option.is_some()
            || mode_path
            || under.is_some_and(|u| u.ends_with('/') || u.ends_with('*'))
        {
            let under = under.unwrap_or("the prefix given");
            return Some((
                Family::Secrets,
                "secrets.revoke-prefix",
                Severity::Verify,
                format!(
                    "{program} {path_text}: {verb}s every {noun} issued under {under}: whatever uses one stops working"
                ),
            ));
        }
    }
    // A credential replaced, or one minted for years.
    if let Some(noun) = has(CREDENTIAL_NOUNS) {
        let long = validity(cmd).filter(|(h, _)| *h >= LONG_LIVED_HOURS);
        if let Some(verb) = has(REPLACE_VERBS) {
            return Some(match long {
                Some((_, said)) => (
                    Family::Secrets,
                    "secrets.long-lived-credential",
                    Severity::Verify,
                    format!(
                        "{program} {path_text}: {verb}s a {noun} valid for years ({said}): the old one stops working and the new one outlives any rotation"
                    ),
                ),
                None => (
                    Family::Secrets,
                    "secrets.credential-replaced",
                    Severity::Confirm,
                    format!(
                        "{program} {path_text}: {verb}s a {noun}: whatever uses the old one stops working"
                    ),
                ),
            });
        }
        // (A certificate made for years is often a local development CA written to files:
        // `step certificate create root-ca root.crt root.key --not-after 87600h`.)
        let certificate = parts
            .iter()
            .any(|p| p.starts_with("cert") || p == "ca" || p == "x509");
        if let Some(verb) = has(MINT_VERBS)
            && !certificate
            && let Some((_, said)) = long
        {
            return Some((
                Family::Secrets,
                "secrets.long-lived-credential",
                Severity::Verify,
                format!(
                    "{program} {path_text}: {verb}s a {noun} valid for years ({said}): it outlives any rotation"
                ),
            ));
        }
    }
    // An encryption key destroyed (`kms management key schedule-deletion`): what only it
    // decrypts is lost with it.
    if let Some((_, verb)) = &effect
        && matches!(
            verb.as_str(),
            "delete" | "destroy" | "erase" | "purge" | "wipe" | "remove" | "obliterate" | "nuke"
        )
        && parts
            .iter()
            .any(|p| matches!(p.as_str(), "key" | "keys" | "keyring" | "kms" | "cmk"))
        // A key service's key (not an account's login key: `ssh-key delete`).
        && parts.iter().any(|p| {
            matches!(
                p.as_str(),
                "kms" | "keyring" | "encryption" | "crypto" | "cmk" | "hsm" | "transit"
            )
        })
    {
        return Some((
            Family::Secrets,
            "secrets.key-destroyed",
            Severity::Verify,
            format!(
                "{program} {path_text}: {verb}s an encryption key: whatever only it decrypts is lost"
            ),
        ));
    }
    // A cluster member reset or taken out of its cluster.
    let installer = CLUSTER_INSTALLERS.contains(&program);
    let member = has(MEMBER_NOUNS);
    let leaves = parts.iter().any(|p| p == "leave");
    let resets = parts.iter().any(|p| p == "reset");
    let removes = parts
        .iter()
        .any(|p| matches!(p.as_str(), "remove" | "evict"))
        && parts
            .iter()
            .any(|p| matches!(p.as_str(), "member" | "peer" | "raft"));
    if leaves && (member.is_some() || installer || class == Some(Class::Cluster))
        || resets && (installer || member.is_some() && class == Some(Class::Cluster))
        || removes
    {
        return Some((
            Family::Containers,
            "containers.member-removed",
            Severity::Confirm,
            format!(
                "{program} {path_text}: takes a member out of its cluster{}",
                if resets {
                    " and wipes this machine's cluster state"
                } else {
                    ""
                }
            ),
        ));
    }
    // An effect verb deeper in the path than the generic reader reads (its first three
    // words): the unread-effect floor, one level down (`oci kms management key
    // schedule-deletion`).
    if let Some((at, verb)) = effect
        && at >= 3
    {
        return Some((
            class.map_or(Family::Business, Class::family),
            "generic.unread-effect",
            Severity::Confirm,
            format!("unread effect: {program} {path_text}: {verb}"),
        ));
    }
    None
}

/// Reads `cmd` for the kinds above when nothing graded it at verification or above.
/// `scope`: where it acts ([`scope::of`]); `path`: its operands are a command path (not a
/// filesystem program's paths, an interpreter's script, a remote command: the dispatcher's
/// reading for the generic reader), the condition for the written path and the effect model.
pub fn judge(cmd: &Cmd<'_>, scope: Option<&Scope>, path: bool, out: &mut Vec<Finding>) {
    let before = out.len();
    tasks(cmd, scope, out);
    if out.len() > before || !path || super::passes_words_on(cmd) {
        return;
    }
    let production = scope
        .filter(|s| s.level == Level::Production)
        .map(|s| s.why.clone())
        .or_else(|| {
            cmd.operands(&[])
                .find(|w| containers::production(w))
                .map(|w| format!("{w} is production"))
        });
    let program = cmd.program.rsplit('/').next().unwrap_or(cmd.program);
    let mut found = if let Some((path, verb, bulk)) = written_path(cmd) {
        let secret = classes::of(program) == Some(Class::SecretStore)
            || ["sys/", "auth/", "lease", "token", "cred", "secret", "key"]
                .iter()
                .any(|s| path.contains(s));
        Some((
            if secret {
                Family::Secrets
            } else {
                Family::Cloud
            },
            "generic.unread-effect",
            if bulk {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "{program} writes to {path}: the operation it names ({verb}){}",
                if bulk {
                    " reaches everything under it"
                } else {
                    ""
                }
            ),
        ))
    } else {
        effect_model(cmd)
    };
    if let Some((family, code, severity, message)) = found.take() {
        let (severity, message) = match production {
            Some(why) if severity == Severity::Confirm => (
                Severity::Verify,
                format!("in production ({why}): {message}"),
            ),
            _ => (severity, message),
        };
        out.push(finding(family, code, severity, message));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noun_forms_are_sorted_and_found() {
        for pair in NOUN_FORMS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} before {}", pair[0].0, pair[1].0);
        }
        assert_eq!(noun_form("deletion"), Some("delete"));
        assert_eq!(noun_form("deletions"), None);
    }

    #[test]
    fn a_noun_form_is_the_act_only_as_the_head_of_its_word() {
        let w = "schedule-deletion";
        let head = &w[9..];
        assert!(is_head(w, head));
        let w = "deletion-status";
        assert!(!is_head(w, &w[..8]));
    }

    #[test]
    fn targets_are_read_by_their_parts() {
        for (t, k) in [
            ("db:wipe", Some(Target::Wipe)),
            ("migrate:fresh", Some(Target::Wipe)),
            ("flywayClean", Some(Target::Wipe)),
            ("ecto.reset", Some(Target::Wipe)),
            ("doctrine:database:drop", Some(Target::Wipe)),
            ("migrate:rollback", Some(Target::Rollback)),
            ("destroy", Some(Target::Teardown)),
            ("tear-down", Some(Target::Teardown)),
            ("db:migrate:status", None),
            ("cache:clear", None),
            ("migrate", None),
            ("clean", None),
            ("db:test:prepare", None),
        ] {
            assert_eq!(target_kind(t), k, "{t}");
        }
    }

    #[test]
    fn validity_reads_units() {
        let cases = [("10y", 87_600), ("87600h", 87_600), ("3650d", 87_600)];
        for (v, h) in cases {
            let args: Vec<std::borrow::Cow<'_, str>> = vec!["--validity".into(), v.into()];
            let cmd = Cmd {
                program: "x",
                args: &args,
                redirects: &[],
                more_args: false,
                piped_in: false,
                assignments: &[],
                prefix: &[],
                launcher: &[],
            };
            assert_eq!(validity(&cmd).map(|(h, _)| h), Some(h), "{v}");
        }
    }
}
