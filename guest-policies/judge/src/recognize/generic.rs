//! The generic command reader: a command that no family recognizer claimed (a program nobody
//! wrote a recognizer for, or a known program's subcommand its recognizer does not list) is
//! read as verb x object x scope and graded by the plain-language ladder
//! ([`crate::prose::grade_command`]).
//!
//! # Why a reader of its own
//!
//! The family recognizers know the programs and options they were written for; agents run many
//! more (`borg`, `consul`, `eksctl`, `pm2`, `cryptsetup` ...), and their subcommands say what they
//! do in the same few verbs (`delete`, `destroy`, `purge`, `revoke`, `disable`, `stop`). This
//! reader splits the command path (the first few words that are not options) and the option
//! names on `: - _ .` and camelCase (`sites:delete`, `luksErase`, `delete-db-instance`,
//! `--master-disable`), takes the **first** verb-class word (so `auth can-i delete` and
//! `list-deletions` stay reads), turns options and values into scope (`--all`, `--prefix`,
//! `-R`, a `$(... list ...)` operand: bulk; `--force`, `-y`, `--yes`: without confirmation;
//! `--purge`, `--clean`, `--hard`, `--drop`: destroys; `prod` in a value or a `$VAR` name:
//! production; `dev`, `test`, `ci`, `staging`: not production), and takes the object from the
//! path's nouns or, when they name none, from the program's class ([`super::classes`]: `delete`
//! on a backup tool destroys backups). Read-only verbs (get, list, show, describe, status, plan,
//! diff...) end the reading: nothing is found.
//!
//! A program it has never seen is graded by verb class x object class x scope, so the verb is
//! read in every place a command line puts it (a single-dash option: `hdfs dfs -rm`; inside a
//! long option: `--zero-superblock`; the program's own name: `sdelete`, `disk-wipe`), the object
//! by its shape at any depth (a data directory such as `/mnt/lake/gold`, a store's URI such as
//! `dbfs:/x` or `gs://b/x`, a block device, a home's folder, a keychain), and the values that
//! make a change by the program's class (a security control's `-d` or a guarded setting set to
//! `off`/`0`; an identity tool's id 0 or past expiry). An option asking for secrets in clear
//! (`--reveal-secrets`) makes any subcommand a secret read.
//!
//! Speed: it runs only on commands nobody claimed, reads each word once, splits words into
//! parts without copying (a part is a slice of its word, lowercased into a stack buffer for the
//! lexicon's binary search), and allocates only the message of a finding.

use crate::finding::{Family, Finding, Severity};
use crate::prose::lexicon::{self, Verb, flag, obj};
use crate::prose::{CommandAction, grade_command};

use super::classes::{self, Class};
use super::spelling::{self, State};
use super::{Cmd, finding, paths};

/// How many leading non-option words make the command path (`backup delete nightly`).
const PATH_WORDS: usize = 3;
/// How many non-option words are read for objects and scope.
const OPERAND_WORDS: usize = 8;

/// A command read as words.
#[derive(Debug, Clone, Copy)]
pub struct Reading<'c> {
    /// The first verb-class word of the path (or of an option, when the path has none).
    pub verb: Verb,
    /// That word (a part of an argument).
    pub verb_word: &'c str,
    /// Every object class named, and the class's object.
    pub objects: u16,
    /// The object the verb acts on.
    pub head: u16,
    /// Its word, for messages.
    pub head_word: &'c str,
    /// Scope: bulk, production, not production.
    pub flags: u64,
    /// An option that skips the confirmation (`--force`, `-y`, `--yes`, `--auto-approve`).
    pub unattended: bool,
    /// The verb came from an option (`--delete`, `--unregister`, `-delete`): the action is
    /// spelled for a script, not asked about.
    pub option_verb: bool,
    /// An operand lists what it acts on (`$(tool list)`): everything a listing returns.
    pub listed: bool,
    /// An operand is a home, root or system location.
    pub system_path: bool,
    /// The program's class.
    pub class: Option<Class>,
    /// An option asks for secrets in clear (`--reveal-secrets`, `--show-token`): whatever the
    /// subcommand, the output carries a secret.
    pub reveals: bool,
    /// A value makes an account root (`UniqueID 0`, `uidNumber=0` on an identity tool).
    pub grants_root: bool,
    /// The verb takes a network connection, a link or a tunnel down (`nmcli networking off`,
    /// `tailscale down`, `tc ... netem loss 100%`).
    pub network: bool,
    /// An option or value makes what the command creates or changes public (`--public`,
    /// `--visibility public`, `--private false`): a publication.
    pub publishes: bool,
    /// A value switches what the command names off (`enabled=false`, `--active 0`); true
    /// when the switch's own name is a protection (`mfa_enabled=false`).
    pub turned_off: Option<(&'c str, bool)>,
    /// A link shaper told to lose every packet (`netem loss 100%`).
    pub drops_all: bool,
    /// A local file whose name says it holds data (people, credentials, a database, a dump
    /// of production) is what an export verb sends (`artifact put ./prod_users.csv`).
    pub sends_data: Option<&'c str>,
    /// The verb came from a command-path word (`remove-unit`, `vm destroy`, `vm.destroy`), not
    /// an option, a value or the program's name: what the unread-effect floor reads.
    pub path_verb: bool,
    /// That verb is the program's first subcommand, a whole word (`docker stop`, `juju
    /// destroy`), not a nested or compound spelling (`worktree remove`, `remove-unit`).
    pub top_verb: bool,
    /// That verb's word is snake_case (`drop_x`, `reset_counters`): an identifier (a field, a
    /// function, an operation's name) more often than a subcommand.
    pub snake_verb: bool,
    /// What the path verb acts on, by position ([`spelling::effect_object`]): a part of the
    /// verb's word, the path word before it, or the operand after it.
    pub effect_object: Option<&'c str>,
    /// The operand right after the path verb (`stop 8888`): a number there is one process,
    /// job or port.
    pub operand_after: Option<&'c str>,
    /// A value put KEY in a state (`State=DRAIN`, `suspended on`, `--password ''`, `--nodes
    /// 0`): the state, and the key with its value as written.
    pub state: Option<(State, &'c str)>,
    /// A count key's value (`--nodes 1`): what a `scale` path verb sets.
    pub count: Option<&'c str>,
}

/// Words that read or describe: the command changes nothing, the reading ends.
/// The lexicon's other verbs that only talk about something (`schedule`, `comment`, `label`,
/// `restore`) are nouns in a command path (`velero schedule delete`, `gh label delete`): they
/// do not end the reading.
const READS: &[&str] = &[
    "analyse",
    "analyze",
    "audit",
    "can",
    "cat",
    "check",
    "compare",
    "completion",
    "completions",
    "count",
    "describe",
    "diff",
    "doctor",
    "dry",
    "estimate",
    "explain",
    "find",
    "get",
    "grep",
    "health",
    "help",
    "history",
    "info",
    "inspect",
    "lint",
    "list",
    "log",
    "logs",
    "lookup",
    "ls",
    "plan",
    "preview",
    "print",
    "query",
    "read",
    "render",
    "review",
    "scan",
    "search",
    "show",
    "simulate",
    "stat",
    "stats",
    "status",
    "tail",
    "template",
    "test",
    "top",
    "trace",
    "validate",
    "verify",
    "version",
    "view",
    "watch",
    "whatif",
    "whoami",
];

/// Path words of a secret store that name its configuration, not a secret (`vault policy
/// read`, `vault audit list`): reading them shows no secret.
const SECRET_STORE_METADATA: &[&str] = &[
    "audit",
    "auth",
    "config",
    "engine",
    "engines",
    "metadata",
    "mount",
    "mounts",
    "namespace",
    "plugin",
    "plugins",
    "policies",
    "policy",
    "role",
    "roles",
    "status",
];

/// The read words of a secret store that only list or describe (names, not values).
const SECRET_METADATA: &[&str] = &[
    "audit",
    "can",
    "check",
    "completion",
    "doctor",
    "find",
    "health",
    "help",
    "history",
    "info",
    "list",
    "lookup",
    "ls",
    "search",
    "status",
    "version",
    "whoami",
];

/// Command-line spellings of destroying that are not English words.
const DESTROY_SPELLINGS: &[&str] = &[
    "decom",
    "del",
    "deregister",
    "rm",
    "rmi",
    "teardown",
    "undeploy",
    "unregister",
];

/// Parts of option names that destroy what the command touches (`--purge`, `--clean`,
/// `--hard`, `--permanent`, `--discard-changes`, `--drop`).
const DESTROY_OPTIONS: &[&str] = &["clean", "hard", "permanent", "permanently"];

/// Verbs a program's own name may be made of (`sdelete`, `nwipe`, `disk-wipe`, `acme-purge`):
/// the closed list of destroying verbs, read in the name when its command path names none.
/// Fused into a longer name only when nothing but a few letters or digits are around them
/// (`sdelete64`), and never after `un` (`undelete` recovers).
const NAME_VERBS: &[&str] = &[
    "delete",
    "destroy",
    "erase",
    "nuke",
    "obliterate",
    "purge",
    "shred",
    "wipe",
];

/// Parts of an option that ask for a value in clear (`--reveal-secrets`, `--show-token`,
/// `--with-decryption`, `--plaintext`).
const REVEAL_VERBS: &[&str] = &[
    "decrypt",
    "decrypted",
    "decryption",
    "display",
    "dump",
    "expose",
    "plaintext",
    "print",
    "reveal",
    "show",
    "unmask",
    "unmasked",
];

/// Parts of an option naming what is secret (`--show-token`, `--reveal-secrets`).
const SECRET_NOUNS: &[&str] = &[
    "credential",
    "credentials",
    "creds",
    "passphrase",
    "password",
    "passwords",
    "secret",
    "secrets",
    "token",
    "tokens",
];

/// Settings of a security control that guard something (`-setremotelogin off`,
/// `--audit-log=false`): switched off, the control is off. Matched inside the option's name.
const GUARDED: &[&str] = &[
    "antivirus",
    "apparmor",
    "audit",
    "auth",
    "defender",
    "encrypt",
    "firewall",
    "gatekeeper",
    "guard",
    "integrity",
    "login",
    "mfa",
    "protect",
    "quarantine",
    "remote",
    "sandbox",
    "secur",
    "selinux",
    "signature",
    "ssh",
    "stealth",
    "verif",
];

/// What holds many secrets at once (`security delete-keychain`, `frobctl keyring purge`).
const SECRET_CONTAINERS: &[&str] = &[
    "kdbx",
    "keychain",
    "keychains",
    "keyring",
    "keyrings",
    "keystore",
    "wallet",
];

/// The option and key names of an account's numeric identity (`dscl ... UniqueID 0`,
/// `uidNumber=0`, `--uid 0`): 0 is root's.
const ROOT_ID_KEYS: &[&str] = &[
    "gid",
    "gidnumber",
    "primarygroupid",
    "uid",
    "uidnumber",
    "uniqueid",
];

/// Whole option names that are the command's verb, spelled for a script (`dscl . -delete
/// /Users/x`, `wsl --unregister`, `VBoxManage unregistervm X --delete`): nobody is asked.
const OPTION_VERB_MARKERS: &[&str] = &[
    "delete",
    "deregister",
    "destroy",
    "erase",
    "purge",
    "unregister",
    "wipe",
];

/// Option name parts that skip the confirmation.
const UNATTENDED: &[&str] = &[
    "approve",
    "force",
    "noconfirm",
    "noninteractive",
    "noprompt",
    "unattended",
    "yes",
];

/// Option name parts that reach everything below a name.
const RECURSIVE: &[&str] = &["prefix", "recurse", "recursive"];

/// First parts of option names that negate or protect (`--no-delete`, `--keep-data`).
const NEGATING: &[&str] = &[
    "dont", "keep", "never", "no", "preserve", "prevent", "protect", "retain", "safe", "skip",
    "without",
];

/// Values that name a place that is not production (beyond the lexicon's dev, staging, local,
/// sandbox, scratch, tmp, preview).
const NONPROD_VALUES: &[&str] = &[
    "ci",
    "demo",
    "development",
    "e2e",
    "ephemeral",
    "test",
    "testing",
    "tests",
    "throwaway",
];

/// Values that name the developer's own throwaway environment (beyond the lexicon's local,
/// localhost, minikube): a kind or k3d cluster, an SQLite file.
const LOCAL_VALUES: &[&str] = &["k3d", "kind", "sqlite", "sqlite3"];

/// State words that say a connection or a service is off (`frobctl networking off`, `frobctl
/// interface eth0 down`, `frobctl vpn disconnect`): a Disable when they follow a noun naming a
/// network, a link or a service. (A Network-class program reads them anywhere in its path:
/// [`Class::disable_verbs`]; `up` and `on` switch things on and stay unread.)
const STATE_OFF: &[&str] = &["disconnect", "down", "logout", "off"];

/// Nouns naming a network, a link, an interface or a tunnel.
const NETWORK_NOUNS: &[&str] = &[
    "adapter",
    "connection",
    "device",
    "iface",
    "interface",
    "link",
    "network",
    "networking",
    "nic",
    "radio",
    "tunnel",
    "vpn",
    "wifi",
    "wireless",
];

/// Nouns naming a running service (`frobctl service api down`).
const SERVICE_NOUNS: &[&str] = &["daemon", "server", "service"];

/// Verbs a lowercase subcommand may be fused from, before a noun (`setpassword`,
/// `resetpassword`, `deleteuser`, `dropdb`): split only when the rest is a noun the lexicon
/// knows, so `settings`, `setup` or `dropbox` stay single words.
const FUSED_VERBS: &[&str] = &[
    "change", "del", "delete", "disable", "drop", "purge", "remove", "reset", "revoke", "set",
    "wipe",
];

/// The last part of a switch's name that turns what it names on (`enabled=false`,
/// `--active 0`, `is_enabled: false`).
const ON_SWITCHES: &[&str] = &["activated", "active", "enable", "enabled"];

/// Read verbs that print what they name: on a secret (`view-secret`, `get secret`, `secret
/// show`) they reveal it. (Not `list`, `describe` or `status`: names and metadata.)
const REVEAL_READS: &[&str] = &["cat", "dump", "get", "print", "read", "show", "view"];

/// Secret nouns a read verb reveals.
const SECRET_NOUN: &[&str] = &["credential", "passphrase", "password", "secret", "token"];

/// Calls `f` with each part of `word`, split on `: - _ . / = @ ,` and camelCase boundaries
/// (`luksErase` is `luks` + `Erase`, `HTTPServer` is `HTTP` + `Server`), until it returns false.
pub(crate) fn parts<'w>(word: &'w str, mut f: impl FnMut(&'w str) -> bool) {
    let b = word.as_bytes();
    let sep = |c: u8| {
        matches!(
            c,
            b':' | b'-' | b'_' | b'.' | b'/' | b'=' | b'@' | b',' | b'+'
        )
    };
    let mut start = 0;
    for i in 0..=b.len() {
        let cut = i == b.len()
            || sep(b[i])
            || i > start
                && b[i].is_ascii_uppercase()
                && (b[i - 1].is_ascii_lowercase()
                    || b[i - 1].is_ascii_uppercase()
                        && b.get(i + 1).is_some_and(u8::is_ascii_lowercase));
        if !cut {
            continue;
        }
        if i > start && !f(&word[start..i]) {
            return;
        }
        start = if i < b.len() && sep(b[i]) { i + 1 } else { i };
    }
}

/// A part lowercased into `buf` (ASCII only, at most the lexicon's longest word).
pub(crate) fn lower<'b>(part: &str, buf: &'b mut [u8; lexicon::MAX_WORD]) -> Option<&'b str> {
    let b = part.as_bytes();
    if b.is_empty() || b.len() > buf.len() || !part.is_ascii() {
        return None;
    }
    for (d, s) in buf.iter_mut().zip(b) {
        *d = s.to_ascii_lowercase();
    }
    std::str::from_utf8(&buf[..b.len()]).ok()
}

/// What one word part is to the reader.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// A read or describe word: the reading ends.
    Read,
    /// A verb that may change something.
    Act(Verb),
    /// Not a verb.
    Other,
}

/// The verbs whose act is worse repeated over many targets (destroy, send, pay, key changes,
/// switch off, cancel, close, shut down): what a fan-out or a repeat raises.
pub(crate) fn outbound(verb: Verb) -> bool {
    matches!(
        verb,
        Verb::Destroy
            | Verb::Communicate
            | Verb::Money
            | Verb::Keys
            | Verb::Disable
            | Verb::Cancel
            | Verb::Close
            | Verb::Shutdown
    )
}

/// The verb role of a lowercased part, for a program of `class`.
pub(crate) fn role(w: &str, class: Option<Class>) -> Role {
    if class.is_some_and(|c| c.destroy_verbs().contains(&w))
        || DESTROY_SPELLINGS.contains(&w)
        || rm_letter(w)
    {
        return Role::Act(Verb::Destroy);
    }
    if class.is_some_and(|c| c.disable_verbs().contains(&w)) {
        return Role::Act(Verb::Disable);
    }
    if w == "rekey" {
        // A new key for what is encrypted (`vault operator rekey`): the old key shares stop
        // working.
        return Role::Act(Verb::Keys);
    }
    if READS.contains(&w) {
        return Role::Read;
    }
    if let Some(v) = spelling::command_verb(w) {
        return Role::Act(v);
    }
    match lexicon::lookup(w.as_bytes()).map(|l| l.verb) {
        Some(Verb::Access) => Role::Read,
        Some(Verb::Absent | Verb::Mention) | None => Role::Other,
        Some(v) => Role::Act(v),
    }
}

/// `rm` and one letter naming what it removes, a CLI's spelling of delete (crictl `rmp` pods,
/// `rmi` images, ZooKeeper's `rmr` recursively, `rmc` ...).
fn rm_letter(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() == 3 && b.starts_with(b"rm") && b[2].is_ascii_lowercase()
}

/// The destroying verb a program's name is made of, when it is one (`sdelete`, `nwipe`,
/// `disk-wipe`, `acme-purge`): its parts first (`disk-wipe`), then a verb of [`NAME_VERBS`]
/// fused with at most three letters or digits around it (`sdelete64`, `nwipe`).
fn name_verb(program: &str) -> Option<&str> {
    if program.contains(['_', '.']) {
        // An operation's name (`delete_user`, `wipe_data`), graded as a call by the name
        // patterns, not a program's.
        return None;
    }
    let mut found = None;
    let mut buf = [0_u8; lexicon::MAX_WORD];
    parts(program, |p| {
        if lower(p, &mut buf).is_some_and(|w| NAME_VERBS.contains(&w)) {
            found = Some(p);
        }
        found.is_none()
    });
    if found.is_some() {
        return found;
    }
    let b = program.as_bytes();
    NAME_VERBS.iter().find_map(|v| {
        let at = crate::substring::find(program, v)?;
        let (before, after) = (&b[..at], &b[at + v.len()..]);
        // A version or a short prefix or suffix (`sdelete64`, `nwipe`, `eraser`), or a name
        // that starts or ends with the verb (`frobwipe`, `purgectl`).
        let small = |x: &[u8]| {
            x.len() <= 3 && x.iter().all(u8::is_ascii_alphanumeric)
                || x.iter().all(u8::is_ascii_digit)
        };
        let alpha = |x: &[u8]| x.iter().all(u8::is_ascii_alphanumeric);
        // Any prefix only for the verbs no other word ends with (`frobwipe`, `diskshred`):
        // `builddelete` is two words run together, not a deleter.
        let strong = matches!(*v, "wipe" | "shred" | "nuke");
        let fused = small(before) && small(after)
            || before.is_empty() && alpha(after)
            || strong && after.iter().all(u8::is_ascii_digit) && alpha(before);
        (fused && !before.ends_with(b"un")).then(|| &program[at..at + v.len()])
    })
}

/// A value that switches a setting off (`0`, `off`, `false`, `no`, `disable`, `disabled`).
fn switched_off(v: &str) -> bool {
    falsy(v) || v.eq_ignore_ascii_case("disable") || v.eq_ignore_ascii_case("disabled")
}

/// A security control's setting that guards something, by its name (`setremotelogin`,
/// `audit-log`); a one-letter option of a security control (`auditctl -e 0`) always is.
fn guarded_setting(name: &str) -> bool {
    if name.len() == 1 {
        return true;
    }
    let n = name.to_ascii_lowercase();
    GUARDED.iter().any(|g| crate::substring::has(&n, g))
}

/// An expiry date that has passed (`chage -E 0`, `--expiredate 1`, `1970-01-01`): the account
/// is locked out from now on.
fn expired(v: &str) -> bool {
    matches!(v, "0" | "1") || v.starts_with("1970-")
}

/// An option of an account tool that sets its expiry (`-E`, `-e`, `--expiredate`,
/// `--expire`).
fn expiry_option(name: &str) -> bool {
    matches!(name, "e" | "E") || name.to_ascii_lowercase().starts_with("expir")
}

/// A name of an account's numeric identity (`UniqueID`, `uidNumber`, `--uid`).
fn root_id_key(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    ROOT_ID_KEYS.contains(&n.as_str())
}

/// One-letter options of a security control that turn it off (`pfctl -d` disables the packet
/// filter, `auditctl -D` deletes every audit rule), except where a program's manual gives the
/// letter another meaning (`fail2ban-client -d` dumps the configuration).
fn disabling_letter(program: &str, letter: &str) -> bool {
    matches!(letter, "d" | "D") && !matches!((program, letter), ("fail2ban-client", "d"))
}

/// A data location at any depth: a child of a directory that holds data (`/mnt/lake/gold`,
/// `/srv/data`, `/var/lib/mysql`, `/data/warehouse`, `/Volumes/Backup`) or a path in an
/// object or distributed store (`dbfs:/mnt/x`, `hdfs://nn/x`, `gs://b/x`, `s3://b/x`,
/// `abfss://c@a/x`). A single file (a name with an extension) is not: what is graded is a
/// directory of data or a store.
fn data_location(a: &str) -> bool {
    let a = a.trim_matches(['"', '\'']);
    const STORES: &[&str] = &[
        "abfs:", "abfss:", "adl:", "alluxio:", "az:", "b2:", "cos:", "dbfs:", "gcs:", "gs:",
        "hdfs:", "minio:", "oss:", "r2:", "s3:", "s3a:", "s3n:", "swift:", "viewfs:", "wasb:",
        "wasbs:", "webhdfs:",
    ];
    let file = {
        let name = paths::file_name(a);
        name.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && (1..=8).contains(&ext.len())
                && ext.bytes().all(|c| c.is_ascii_alphanumeric())
        }) && !a.ends_with('/')
    };
    if file {
        return false;
    }
    if let Some((scheme, rest)) = a.split_once(':') {
        let scheme_len = scheme.len() + 1;
        return rest.starts_with('/')
            && STORES
                .iter()
                .any(|s| s.len() == scheme_len && a[..scheme_len].eq_ignore_ascii_case(s));
    }
    let Some(abs) = a.strip_prefix('/') else {
        return false;
    };
    if paths::scope(a) == paths::Scope::Disposable {
        // A cache or temporary directory under a data mount (`/mnt/cache/tmp`).
        return false;
    }
    let mut comps = abs.split('/').filter(|c| !c.is_empty() && *c != ".");
    let first = comps.next().unwrap_or("");
    let second = comps.next();
    match (first, second) {
        ("mnt" | "srv" | "data" | "media" | "backup" | "backups" | "Volumes", Some(_)) => true,
        ("var", Some("lib" | "opt")) => comps.next().is_some(),
        _ => false,
    }
}

/// Programs whose first operand is a subcommand, never another program they run: the name of a
/// control CLI (`crictl`, `etcdctl`, `talosctl`, `kubeadm`, `foo-cli`), a program with a class,
/// or one whose recognizer reads subcommands (`docker service rm`: `service` is docker's
/// subcommand, not the `service` program).
fn takes_subcommands(program: &str, class: Option<Class>) -> bool {
    class.is_some()
        || reads_subcommands_of(program)
        || ["ctl", "adm", "-cli", "cli"]
            .iter()
            .any(|s| program.len() > s.len() && program.ends_with(s))
}

/// A matcher that matches everything (`alertname=~".+"`, `{__name__=~".*"}`, `.*`): the action
/// reaches every item the program has.
fn matches_everything(a: &str) -> bool {
    let everything = |v: &str| {
        matches!(
            v.trim_matches(|c| matches!(c, '"' | '\'' | '{' | '}' | '^' | '$')),
            ".*" | ".+" | ".*?" | ".+?"
        )
    };
    everything(a) || a.split_once("=~").is_some_and(|(_, v)| everything(v))
}

/// Whether a word names a verb the generic reader acts on or stops at (`delete`, `rm`,
/// `luksErase`, `list`): for telling a command path from English.
pub fn names_a_verb(word: &str) -> bool {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let mut found = false;
    parts(word, |p| {
        found = lower(p, &mut buf).is_some_and(|w| {
            super::verbs::path_role(word, p, w, None) != Role::Other || fused_verb(w).is_some()
        });
        !found
    });
    found
}

/// Whether a word says what a command does by an effect rather than a verb, after the word
/// before it: a state word after a network or service noun (`networking off`, `vpn
/// disconnect`), or a switch set off (`enabled=false`): for telling a command line from
/// English.
/// `noun_before`: a word before named a network or a service ([`names_a_link_or_service`]);
/// `prev`: the word just before (`--enabled` in `--enabled false`, `active:` in `active: 0`).
pub fn names_an_effect(noun_before: bool, prev: &str, word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    if noun_before && STATE_OFF.contains(&w.as_str()) {
        return true;
    }
    let key = prev.trim_start_matches('-').trim_end_matches(':');
    switched_off(&w) && (prev.starts_with('-') || prev.ends_with(':')) && on_switch(key).is_some()
        || w.split_once('=')
            .is_some_and(|(k, v)| switched_off(v) && on_switch(k).is_some())
}

/// Whether a word names a network, a link or a service (`networking`, `interface`, `vpn`,
/// `service`): what a state word after it turns off.
pub fn names_a_link_or_service(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    NETWORK_NOUNS.contains(&w.as_str()) || SERVICE_NOUNS.contains(&w.as_str())
}

/// Whether an option is a verb spelled for a script (`-rm`, `-delete`, `--zero-superblock`
/// on a disk, `--purge`): for telling a command line from English.
pub fn option_names_a_verb(option: &str) -> bool {
    let name = option.trim_start_matches('-');
    if name == "rm" && !option.starts_with("--") {
        return true;
    }
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let mut found = false;
    parts(name, |p| {
        found = lower(p, &mut buf).is_some_and(|w| {
            DESTROY_OPTIONS.contains(&w)
                || matches!(role(w, None), Role::Act(Verb::Destroy | Verb::Disable))
        });
        !found
    });
    found
}

/// A word of the command path that may hold its verb: a name made of letters, digits and
/// separators (not a path, a file name, a URL, a variable or an assignment).
fn path_like(w: &str) -> bool {
    let b = w.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphabetic()
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b':'))
}

/// A value that switches an option off (`false`, `$false`, `0`, `no`, `off`).
fn falsy(v: &str) -> bool {
    let v = v.trim_start_matches('$');
    ["false", "0", "no", "off"]
        .iter()
        .any(|f| v.eq_ignore_ascii_case(f))
}

/// A path, a URL or a file name with an extension (`src/app.py`, `~/x`, `s3://b`, `dump.sql`).
fn file_like(w: &str) -> bool {
    w.contains(['/', '\\'])
        || w.starts_with(['.', '~'])
        || w.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && (1..=5).contains(&ext.len())
                && ext.bytes().all(|c| c.is_ascii_alphanumeric())
        })
}

/// The subcommands a program's own recognizer reads, with what they do in every form: the
/// generic reader leaves them to it (`git reset HEAD file` unstages; only `--hard` destroys,
/// and git's recognizer knows it).
fn listed(program: &str, sub: &str) -> bool {
    match program {
        "git" => matches!(
            sub,
            "add"
                | "branch"
                | "checkout"
                | "clean"
                | "commit"
                | "filter-branch"
                | "filter-repo"
                | "gc"
                | "prune"
                | "push"
                | "rebase"
                | "reflog"
                | "reset"
                | "restore"
                | "rm"
                | "send-pack"
                | "http-push"
                | "stage"
                | "stash"
                | "tag"
                | "update-ref"
        ),
        _ => false,
    }
}

/// Whether an option (`-x`, `--name`, `/all`) is negated or protective (`--no-delete`).
fn negated(name: &str) -> bool {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let mut first = true;
    let mut neg = false;
    parts(name, |p| {
        if first {
            first = false;
            neg = lower(p, &mut buf).is_some_and(|w| NEGATING.contains(&w));
        }
        false
    });
    neg
}

/// Reads `cmd` as verb x object x scope. `None` when its path names no verb that changes
/// anything (a read, or no verb at all).
pub fn read<'c>(cmd: &Cmd<'c>) -> Option<Reading<'c>> {
    let class = classes::of_command(
        cmd.program,
        cmd.args.iter().map(|a| &**a).find(|a| !a.starts_with('-')),
    )
    // A program nobody classed that is given a disk (`frobdisk --zero-superblock /dev/sdb`):
    // it acts on disks, whatever it is called.
    .or_else(|| {
        cmd.args
            .iter()
            .any(|a| paths::block_device(a))
            .then_some(Class::Storage)
    });
    let mut r = Reading {
        verb: Verb::Absent,
        verb_word: "",
        objects: 0,
        head: 0,
        head_word: "",
        flags: 0,
        unattended: false,
        option_verb: false,
        listed: false,
        system_path: false,
        class,
        reveals: false,
        grants_root: false,
        network: false,
        publishes: false,
        turned_off: None,
        drops_all: false,
        sends_data: None,
        path_verb: false,
        top_verb: false,
        snake_verb: false,
        effect_object: None,
        operand_after: None,
        state: None,
        count: None,
    };
    // An account tool (`usermod`, `gam`, `kcadm.sh`, `frob-user`): an expiry in the past
    // locks its account out.
    let accounts = class == Some(Class::Identity)
        || cmd.program.contains("user")
        || cmd.program.ends_with("passwd");
    // What a path verb acts on, by position (`spelling::effect_object`): a part of its own
    // word, the path word before it, the operand after it.
    let mut effect_in_word: Option<&'c str> = None;
    let mut effect_before: Option<&'c str> = None;
    let mut effect_after: Option<&'c str> = None;
    let mut want_after = false;
    let mut last_path_word: Option<&'c str> = None;
    let mut buf = [0_u8; lexicon::MAX_WORD];
    // The object named before the verb (`backup delete`), kept when none follows it.
    let mut before: Option<(u16, &'c str)> = None;
    let mut after: Option<(u16, &'c str)> = None;
    let mut read_word = false;
    let mut secret_read = false;
    let mut option_verb: Option<(Verb, &'c str, u16, &'c str)> = None;
    let mut metadata = false;
    let mut verb_named_kind = false;
    // A path word before the verb that names no object the lexicon knows (`nats stream rm`,
    // `doctl compute domain delete`): the resource's kind, which the program's class gives.
    let mut kind_before = false;
    let mut ended = false;
    // What a value switches: the option just before it (`-e 0`, `-setremotelogin off`), or a
    // key operand (`UniqueID 0`).
    let mut last_key: Option<&'c str> = None;
    // A security control's setting switched off (`pfctl -d`, `auditctl -e 0`).
    let mut switched: Option<&'c str> = None;
    // An account's expiry set in the past (`chage -E 0 x`).
    let mut expires = false;
    // A data location among the operands (`/mnt/lake/gold`, `dbfs:/x`): the object when the
    // words name none.
    let mut data: Option<&'c str> = None;
    // Another program's name follows at command position (`now rm -rf x`): a wrapper.
    let mut wrapper = false;
    let mut operands = 0;
    // The previous word was a long option without `=value`: this word is probably its value.
    let mut value_next = false;
    // The previous word was the option that named the verb (`--disable-x false` undoes it).
    let mut verb_option = false;
    // A path word named a network or a service (what a state word that follows turns off).
    let mut after_network = false;
    let mut after_service = false;
    // A read verb that prints what it names (`view`, `get`), and the operand it was in.
    let mut reveal_at: Option<usize> = None;
    // The part just read was that verb: a secret noun right after it is what it prints
    // (`get secret`, not `get-login-password`).
    let mut reveal_next = false;
    // A secret noun came before the verb (`frobctl secret show NAME`).
    let mut secret_before = false;
    // The program has its own recognizer, which knows its separate-word secret reads
    // (`kubectl get secret x` prints names, not values): only a fused one is read here.
    let own_recognizer = reads_subcommands_of(cmd.program);
    // A `where` clause in the path (`wmic process where name='x' delete`): its two words do
    // not count towards the path's length.
    let mut filter_next = false;
    let mut filtered = 0;
    for a in cmd.args.iter() {
        let a: &'c str = a;
        if a == "--" {
            // What follows `--` belongs to another program (`chamber exec svc -- env`).
            ended = true;
            continue;
        }
        if ended {
            break;
        }
        let option =
            a.len() > 1 && (a.starts_with('-') || a.starts_with('/') && !a[1..].contains('/'));
        if option {
            let body = a.trim_start_matches(['-', '/']);
            let (name, value) = body.split_once('=').unwrap_or((body, ""));
            value_next = value.is_empty() && name.len() > 2 && !a.starts_with('/');
            if value.is_empty() && body.ends_with('=') {
                // `--password=`: a value given as nothing.
                value_meaning(
                    name,
                    a,
                    "",
                    class,
                    accounts,
                    &mut r,
                    &mut switched,
                    &mut expires,
                );
            }
            if !value.is_empty() {
                scope_of(value, &mut r);
                value_meaning(
                    name,
                    a,
                    value,
                    class,
                    accounts,
                    &mut r,
                    &mut switched,
                    &mut expires,
                );
                last_key = None;
            } else {
                last_key = Some(name);
            }
            if class == Some(Class::SecurityControl)
                && a.starts_with('-')
                && !a.starts_with("--")
                && disabling_letter(cmd.program, name)
            {
                switched = Some(name);
            }
            if r.state.is_none()
                && let Some(s) = spelling::state_option(name)
            {
                // `-off`, `--poweroff`: the option is the state it puts things in.
                r.state = Some((s, a));
            }
            if name.eq_ignore_ascii_case("public") && !falsy(value) {
                // `--public`: what is created or changed is published.
                r.publishes = true;
            }
            if negated(name) || falsy(value) {
                continue;
            }
            let had_verb = option_verb.is_some();
            option_scope(a, name, &mut r, &mut option_verb, class);
            verb_option = !had_verb && option_verb.is_some();
            continue;
        }
        if let Some(key) = last_key.take() {
            value_meaning(
                key,
                key,
                a,
                class,
                accounts,
                &mut r,
                &mut switched,
                &mut expires,
            );
        }
        if let Some((key, value)) = a.split_once('=')
            && !key.is_empty()
            && !key.starts_with('$')
        {
            // `uidNumber=0`, `enabled=false`.
            value_meaning(
                key,
                a,
                value,
                class,
                accounts,
                &mut r,
                &mut switched,
                &mut expires,
            );
        }
        if std::mem::take(&mut verb_option) {
            if falsy(a) {
                // `-DisableRealtimeMonitoring $false`: the option is switched off.
                option_verb = None;
                value_next = false;
                continue;
            }
            // The option is the verb and this word what it acts on (`dscl . -delete
            // /Users/x`), not the option's value.
            value_next = false;
        }
        if std::mem::take(&mut value_next)
            && !(r.verb == Verb::Absent
                && !read_word
                && path_like(a)
                && lower(a, &mut buf).is_some_and(|w| role(w, class) != Role::Other))
        {
            // `--topic orders`, `--name prod-eu-1`: a value gives scope, not a command word.
            // A disk or a data location is what the command acts on, whichever option it
            // follows (`--autonuke /dev/sda`, `--path /srv/data`).
            if paths::block_device(a) || data_location(a) {
                if data.is_none() && data_location(a) {
                    data = Some(a);
                }
            } else {
                scope_of(a, &mut r);
            }
            continue;
        }
        operands += 1;
        if operands > OPERAND_WORDS {
            break;
        }
        if std::mem::take(&mut filter_next) {
            // The filter of a `where` clause (`name='airlock.exe'`): what is selected, not a
            // path word; the path goes on after it.
            filtered += 1;
            scope_of(a, &mut r);
            continue;
        }
        if a.eq_ignore_ascii_case("where") && r.verb == Verb::Absent && !read_word {
            // `wmic process where FILTER delete`, `frobctl users where role=admin disable`.
            filter_next = true;
            filtered += 1;
            continue;
        }
        if super::everything::substitution_lists(a) {
            r.listed = true;
            r.flags |= flag::BULK;
            continue;
        }
        if a == "*" || a.ends_with("/*") {
            r.flags |= flag::BULK;
        }
        last_key = Some(a);
        if a.starts_with('/') || a.starts_with('~') || a.starts_with("$HOME") {
            match paths::scope(a) {
                paths::Scope::Catastrophic => r.system_path = true,
                // A home's valued folder (`~/Documents`, `/Users/x/.ssh`) or a top directory.
                paths::Scope::Wide if paths::home_relative(a).is_some() || a.starts_with("/") => {
                    r.system_path = true;
                }
                _ => {}
            }
        }
        if data.is_none() && data_location(a) {
            data = Some(a);
        }
        if !a.starts_with("/dev/") {
            // (A device's directory is not a development environment.)
            scope_of(a, &mut r);
        }
        if operands == 1
            && !takes_subcommands(cmd.program, class)
            // (`.` as an operand is the current directory, or a directory node: `dscl .`.)
            && a != "."
            && super::lexicon::is(a, super::lexicon::PROGRAM)
            && lexicon::lookup(a.as_bytes()).is_none_or(|l| l.verb == Verb::Absent)
        {
            // Another program's name follows an unknown word (`now rm -rf x`, `parallel
            // kubectl ...`): a wrapper or a word this reader cannot size; that program's
            // recognizer reads it when it is run directly. Only at a wrapper's command
            // position: a program that takes subcommands reads its own `rm` or `service`
            // (`bq rm`, `gopass rm`, `crictl rm`, `docker service rm`). Read on only to see
            // whether what it is given is a data location or a system path, which nobody
            // else would grade (`acmestore rm -r hdfs://nn/data`).
            wrapper = true;
        }
        if operands == 1 && listed(cmd.program, a) {
            // A subcommand the program's recognizer reads (`git reset`): its verdict stands.
            return None;
        }
        if std::mem::take(&mut want_after) && effect_after.is_none() {
            // The operand after a path verb is what it acts on (`delete orders`).
            effect_after = Some(a);
        }
        let dotted = spelling::dotted_path_word(a);
        if file_like(a) && !dotted {
            // A file's name names the file, not what the command acts on (`src/app.py`);
            // except for what an upload sends (`put ./prod_users.csv`): the data its name
            // says.
            if r.verb == Verb::Communicate && !read_word && r.sends_data.is_none() {
                let mut data = false;
                parts(paths::file_name(a), |p| {
                    if let Some(l) = lower(p, &mut buf).and_then(|w| lexicon::lookup(w.as_bytes()))
                        && l.verb == Verb::Absent
                    {
                        data |= l.obj
                            & (obj::PEOPLE | obj::CRED | obj::STORE | obj::RECORD | obj::SENSITIVE)
                            != 0
                            || l.flags & flag::PROD != 0;
                    }
                    true
                });
                if data {
                    r.sends_data = Some(a);
                }
            }
            continue;
        }
        let in_path = operands <= PATH_WORDS + filtered && (path_like(a) || dotted);
        // The word's parts: the first verb-class part leads, object parts name what it acts
        // on (the last one of a word is its head: `payments-db` is a database).
        let mut word_head: Option<(u16, &'c str)> = None;
        let verb_before = r.verb != Verb::Absent;
        let objects_before_word = r.objects;
        let mut word_parts = 0;
        // The part of this word before the one being read (`vm` in `vm.destroy`).
        let mut last_part: Option<&'c str> = None;
        parts(a, |p| {
            word_parts += 1;
            let part_before = last_part.replace(p);
            if in_path && !verb_before && r.path_verb && effect_in_word.is_none() {
                // A part after the verb in the verb's own word (`unit` in `remove-unit`).
                effect_in_word = Some(p);
            }
            let Some(w) = lower(p, &mut buf) else {
                return true;
            };
            let just_read = std::mem::take(&mut reveal_next);
            if in_path
                && just_read
                && !secret_read
                && reveal_at.is_some_and(|at| at == operands || !own_recognizer)
                && SECRET_NOUN.contains(&w)
            {
                // A read verb on a secret noun reveals it (`kubectl view-secret`, `frobctl
                // get secret x`).
                secret_read = true;
                return true;
            }
            if in_path && r.verb == Verb::Absent && !read_word {
                if class == Some(Class::SecretStore) && SECRET_STORE_METADATA.contains(&w) {
                    metadata = true;
                }
                if class == Some(Class::Network)
                    && operands > 1
                    && !after_network
                    && Class::Network.disable_verbs().contains(&w)
                {
                    // A state word after a feature's name, not a network's (`tailscale funnel
                    // 3000 off` closes an exposure): only the program's first word
                    // (`tailscale down`) or one after a network noun is its connection.
                    return true;
                }
                if STATE_OFF.contains(&w) && (after_network || after_service) {
                    // A state word after a network or service noun (`networking off`,
                    // `interface eth0 down`): that thing is turned off.
                    r.verb = Verb::Disable;
                    r.verb_word = p;
                    r.network |= after_network;
                    r.path_verb = true;
                    return true;
                }
                // (A noun form heads its word to be the act: `schedule-deletion`.)
                match super::verbs::path_role(a, p, w, class) {
                    Role::Read => {
                        read_word = true;
                        secret_read = class == Some(Class::SecretStore)
                            && !metadata
                            && !SECRET_METADATA.contains(&w);
                        if REVEAL_READS.contains(&w) {
                            reveal_at = Some(operands);
                            // `frobctl secret show NAME`.
                            secret_read |= secret_before && !own_recognizer;
                            reveal_next = true;
                        }
                        if secret_read {
                            r.verb_word = p;
                        }
                        return true;
                    }
                    Role::Act(v) => {
                        r.verb = v;
                        r.verb_word = p;
                        r.network |= class == Some(Class::Network) && v == Verb::Disable;
                        r.path_verb = true;
                        // The part before the verb in its word (`vm.destroy`).
                        effect_in_word = part_before;
                        r.top_verb = operands == 1 && p.len() == a.len();
                        r.snake_verb = a.contains('_');
                        return true;
                    }
                    Role::Other => {
                        after_network |= NETWORK_NOUNS.contains(&w);
                        after_service |= SERVICE_NOUNS.contains(&w);
                        secret_before |= SECRET_NOUN.contains(&w) || w == "secrets";
                        if w == "put" && puts_a_local_file(cmd) {
                            // `artifact put ./users.csv`: a local file goes up, an upload.
                            r.verb = Verb::Communicate;
                            r.verb_word = p;
                            return true;
                        }
                        if let Some((v, n, o)) = fused_verb(w) {
                            // `setpassword`, `deleteuser`: a verb fused to its object.
                            r.verb = v;
                            r.verb_word = p;
                            r.objects |= o;
                            word_head = Some((o, &p[n..]));
                            r.path_verb = true;
                            effect_in_word = Some(&p[n..]);
                            return true;
                        }
                    }
                }
            }
            if in_path
                && r.verb == Verb::Run
                && r.verb_word.eq_ignore_ascii_case("call")
                && p.len() == a.len()
                && let Role::Act(v) = role(w, class)
                && v != Verb::Run
                && lexicon::lookup(w.as_bytes()).is_some_and(|l| l.verb == v)
            {
                // The method a `call` invokes is the verb (`wmic process ... call terminate`):
                // a whole English verb word only (`call drop_table` names an operation, which
                // the name patterns grade).
                r.verb = v;
                r.verb_word = p;
                return true;
            }
            if in_path && r.verb == Verb::Run && role(w, class) == Role::Read {
                // What a runner runs is a read (`terragrunt run-all plan -destroy`): the
                // reading ends, whatever its options say.
                read_word = true;
                return true;
            }
            if let Some(l) = lexicon::lookup(w.as_bytes())
                && l.obj & !obj::PRONOUN != 0
                && l.verb == Verb::Absent
            {
                r.objects |= l.obj & !obj::PRONOUN;
                word_head = Some((l.obj & !obj::PRONOUN, p));
            } else if SECRET_CONTAINERS.contains(&w) {
                // A keychain or keyring holds every secret saved in it: a store.
                r.objects |= obj::STORE;
                word_head = Some((obj::STORE, p));
            }
            true
        });
        if in_path && !verb_before && r.path_verb {
            // The verb was read in this word: the path word before it and the operand after it
            // may name what it acts on.
            effect_before = last_path_word;
            want_after = true;
        }
        if in_path && r.verb == Verb::Absent && !read_word {
            last_path_word = Some(a);
        }
        if in_path && r.verb == Verb::Absent && !read_word && word_head.is_none() && class.is_some()
        {
            kind_before = true;
        }
        if kind_before && r.verb != Verb::Absent && verb_before {
            // After a kind the class gives (`nats stream rm ORDERS`), the words are names:
            // ORDERS is the stream's name, not a business record.
            r.objects = objects_before_word;
            continue;
        }
        if !verb_before && r.verb != Verb::Absent && word_parts > 1 && word_head.is_none() {
            // The verb came in a compound word (`purge_queue`, `apps:destroy`,
            // `delete-db-instance`) that names what it acts on: the words after it are names.
            verb_named_kind = true;
        }
        // The first word naming an object in the path is the resource's kind (`database
        // delete orders`, `delete user jdoe`); later ones are names.
        if let Some(h) = word_head
            && before.is_none()
            && after.is_none()
            && !verb_named_kind
        {
            if r.verb == Verb::Absent && !read_word {
                before = Some(h);
            } else {
                after = Some(h);
            }
        }
    }
    if wrapper && data.is_none() && !r.system_path {
        return None;
    }
    if r.grants_root {
        r.verb = Verb::Privilege;
        r.verb_word = "sets";
        r.objects |= obj::PRIV;
        r.head = obj::PRIV;
        r.head_word = "root's id";
        return Some(r);
    }
    if r.reveals && !ended_by_help(cmd) {
        // An option asks for the secrets in clear: a read that shows them, whatever the path's
        // verb (`auth0 apps show X --reveal-secrets`).
        r.verb = Verb::Access;
        r.verb_word = "reveals";
        r.objects |= obj::CRED;
        r.head = obj::CRED;
        r.head_word = "secrets";
        return Some(r);
    }
    if secret_read {
        // A secret store's get / show / decrypt prints a secret.
        r.verb = Verb::Access;
        r.objects |= obj::CRED;
        r.head = obj::CRED;
        r.head_word = after.map_or("a secret", |(_, w)| w);
        return Some(r);
    }
    if read_word {
        return None;
    }
    if expires && matches!(r.verb, Verb::Absent | Verb::Modify) {
        // An account given an expiry in the past is locked out.
        r.verb = Verb::Disable;
        r.verb_word = "expires";
        r.objects |= obj::PEOPLE;
        after = Some((obj::PEOPLE, "an account"));
    }
    if let Some(setting) = switched
        && matches!(r.verb, Verb::Absent | Verb::Modify | Verb::Disable)
    {
        // A security control's setting switched off (`pfctl -d`, `auditctl -e 0`,
        // `systemsetup -setremotelogin off`).
        r.verb = Verb::Disable;
        r.verb_word = "switches off";
        r.objects |= obj::SECURITY;
        if after.is_none() {
            after = Some((obj::SECURITY, setting));
        }
    }
    if let Some((key, protection)) = r.turned_off
        && matches!(r.verb, Verb::Absent | Verb::Modify | Verb::Disable)
    {
        // `update users/x enabled=false`, `--active 0`: what the command names is switched
        // off (a protection's own switch, `mfa_enabled=false`: the protection).
        r.verb = Verb::Disable;
        r.verb_word = "switches off";
        if protection {
            r.objects |= obj::SECURITY;
            after = Some((obj::SECURITY, key));
        }
    }
    r.effect_object = spelling::effect_object(effect_in_word, effect_before, effect_after);
    r.operand_after = effect_after;
    if let Some((s, written)) = r.state {
        let applies = match s {
            // A password emptied by an account tool, or by an update (`frobctl user set
            // --password ''`); one given to what is created is the new thing's (`gpg
            // --passphrase '' --quick-gen-key`), and one given to a client with no update is
            // a login (`mongostat --password ''`).
            State::EmptySecret => {
                accounts && r.verb == Verb::Absent
                    || r.verb == Verb::Modify && !creates(r.verb_word)
            }
            _ => matches!(r.verb, Verb::Absent | Verb::Modify) && !creates(r.verb_word),
        };
        if applies {
            // A value put what the command names in a state (`update NodeName=x
            // State=DRAIN`, `user x suspended on`, `--nodes 0`): that is the verb.
            let (v, w) = spelling::state_verb(s);
            r.verb = v;
            r.verb_word = w;
            if r.effect_object.is_none() {
                r.effect_object = Some(written);
            }
        } else {
            r.state = None;
        }
    }
    if r.drops_all {
        // `netem loss 100%`: the link is as good as down.
        r.verb = Verb::Disable;
        r.verb_word = "drops every packet on";
        r.network = true;
    }
    if r.publishes && matches!(r.verb, Verb::Absent | Verb::Modify | Verb::Communicate) {
        // `create --public`, `edit --visibility public`: a publication.
        r.verb = Verb::Communicate;
        r.verb_word = "publishes";
        r.flags |= flag::PUBLIC;
    }
    if r.verb == Verb::Absent
        || matches!(
            r.verb,
            Verb::Modify | Verb::Install | Verb::Run | Verb::Move | Verb::Release | Verb::Restart
        ) && option_verb.is_some_and(|(v, ..)| v == Verb::Destroy)
    {
        if let Some((v, w, o, ow)) = option_verb {
            r.verb = v;
            r.verb_word = w;
            // `--discard-changes`: the option's own noun is what it destroys.
            if o != 0 && after.is_none() {
                r.objects |= o;
                after = Some((o, ow));
            }
        } else if let Some(w) = name_verb(cmd.program) {
            // The program's name is its verb (`sdelete`, `nwipe`, `acme-purge`): its operands
            // are what it destroys.
            r.verb = Verb::Destroy;
            r.verb_word = w;
        } else if class == Some(Class::Messaging) {
            // A sender's one job is sending (`swaks --to x --body y`).
            r.verb = Verb::Communicate;
            r.verb_word = "sends";
        } else {
            return None;
        }
    }
    if matches!(r.verb, Verb::Run | Verb::Install) {
        // Running or installing is the interpreters' and remote-code recognizers' reading.
        return None;
    }
    if r.verb == Verb::Modify && creates(r.verb_word) {
        // Creating something (`products create`, `database create`) changes nothing that exists.
        return None;
    }
    if class == Some(Class::Monitoring) && ends_a_silence(cmd) {
        // Expiring a silence or ending a maintenance window turns the alerts back on.
        return None;
    }
    if r.verb == Verb::Destroy && r.verb_word.eq_ignore_ascii_case("nuke") {
        // To nuke is to delete every one (`fastlane match nuke distribution`, `aws-nuke`).
        r.flags |= flag::BULK;
    }
    if r.verb != Verb::Release {
        // `main` and `--force` qualify what ships; elsewhere `main` is a branch switched to,
        // except on a data store, where the main branch or database is what production runs
        // on (`pscale branch delete shop main`, `neonctl branches delete main`).
        if r.flags & flag::MAIN != 0
            && class.is_some_and(|c| c.object() == obj::STORE)
            && matches!(r.verb, Verb::Destroy | Verb::Disable)
        {
            r.flags |= flag::PROD;
        }
        r.flags &= !(flag::MAIN | flag::UNSAFE);
    } else if r.verb_word.eq_ignore_ascii_case("apply")
        && cmd
            .words()
            .any(|w| matches!(w, "--yes" | "-y" | "--assume-yes"))
    {
        // An apply that answers its own prompt (`--yes`, `-y`; not `-f`, which is a file more
        // often than a force): no one reads the change first.
        r.flags |= flag::UNSAFE;
    }
    if let Some((o, w)) = after.or(before).or_else(|| data.map(|d| (obj::STORE, d))) {
        r.head = o;
        r.head_word = w;
        r.objects |= o;
    } else if let Some(c) = class {
        r.head = c.object();
        r.head_word = c.object_words();
    }
    if let Some(c) = class {
        r.objects |= c.object();
        if c.operands_are_names() {
            // Its operands are package names or alert matchers, not objects (`brew uninstall
            // node`, `amtool silence add alertname=DiskFull`).
            r.objects = c.object();
            r.head = c.object();
            r.head_word = c.object_words();
        }
        if c == Class::PackageManager {
            // Nor environments (`npm uninstall prod-logger`).
            r.flags &= !(flag::PROD | flag::NONPROD);
        }
    }
    Some(r)
}

/// A verb word that creates (`create`, `add`, `new`, `init`, `make`, `generate`).
fn creates(verb_word: &str) -> bool {
    ["creat", "add", "new", "init", "make", "generat"]
        .iter()
        .any(|c| {
            verb_word.len() >= c.len()
                && verb_word.as_bytes()[..c.len()].eq_ignore_ascii_case(c.as_bytes())
        })
}

/// Subcommand words of an alerting tool that end a silence or a maintenance window, or only
/// look at them (`amtool silence expire ID`, `amtool silence query`).
fn ends_a_silence(cmd: &Cmd<'_>) -> bool {
    cmd.operands(&[]).take(PATH_WORDS).any(|w| {
        matches!(
            w.to_ascii_lowercase().as_str(),
            "cancel"
                | "del"
                | "delete"
                | "end"
                | "expire"
                | "list"
                | "ls"
                | "query"
                | "remove"
                | "resume"
                | "rm"
                | "unmute"
                | "unsilence"
        )
    })
}

/// Scope named by an operand or an option's value: production, not production, bulk, and the
/// names of `$VARIABLES` (`$PROD_DB_URL`).
fn scope_of(value: &str, r: &mut Reading<'_>) {
    r.flags |= scope_flags(value);
}

/// The scope flags a name gives (production, not production, bulk, `main`): its words, and the
/// name of a `$VARIABLE`. Shared with the HTTP reader (a host's words are its scope).
pub(crate) fn scope_flags(value: &str) -> u64 {
    let mut flags = if matches_everything(value) {
        flag::BULK
    } else {
        0
    };
    let v = value.trim_start_matches(['$', '{']).trim_end_matches('}');
    let mut buf = [0_u8; lexicon::MAX_WORD];
    parts(v, |p| {
        let Some(w) = lower(p, &mut buf) else {
            return true;
        };
        if NONPROD_VALUES.contains(&w) {
            flags |= flag::NONPROD;
        } else if LOCAL_VALUES.contains(&w) {
            flags |= flag::NONPROD | flag::LOCAL;
        } else if let Some(l) = lexicon::lookup(w.as_bytes()) {
            flags |= l.flags
                & (flag::PROD
                    | flag::NONPROD
                    | flag::BULK
                    | flag::MAIN
                    | flag::SHARED
                    | flag::LOCAL);
        }
        true
    });
    flags
}

/// What an option says: bulk (`--all`, `--prefix`, `-R`), unattended (`--force`, `-y`), a
/// destroying or disabling verb (`--purge`, `--clean`, `--master-disable`), production
/// (`--prod`).
fn option_scope<'c>(
    raw: &'c str,
    name: &'c str,
    r: &mut Reading<'c>,
    option_verb: &mut Option<(Verb, &'c str, u16, &'c str)>,
    class: Option<Class>,
) {
    // Short options: `-f`, `-y`, `-R`, and clusters of flags (`-rf`).
    // Longer single-dash names are Go-style long options (`-recurse`, `-dir`, `-force`).
    if raw.starts_with('-') && !raw.starts_with("--") && name == "rm" {
        // `hdfs dfs -rm`, `hadoop fs -rm`: the option is the verb, spelled for a script.
        if option_verb.is_none() {
            *option_verb = Some((Verb::Destroy, name, 0, ""));
            r.option_verb = true;
        }
        return;
    }
    if raw.starts_with('-') && !raw.starts_with("--") && name.len() <= 2 {
        let b = name.as_bytes();
        if b.iter().all(u8::is_ascii_alphabetic) {
            if b.contains(&b'f') || b.contains(&b'y') {
                r.unattended = true;
            }
            if b.contains(&b'R') || b.len() > 1 && b.contains(&b'r') {
                r.flags |= flag::BULK;
            }
        }
        return;
    }
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let whole = lower(name, &mut buf).unwrap_or("");
    // An option that takes entries out of a setting's list (`--remove-args`, `--values-to-remove`,
    // `--delete-options`) edits the list: it destroys nothing it names.
    if super::flags::list_entry_removal(whole) {
        return;
    }
    if matches!(whole, "prod" | "production") {
        r.flags |= flag::PROD;
        return;
    }
    let marker = OPTION_VERB_MARKERS.contains(&whole);
    let reveal_alone = matches!(
        whole,
        "reveal" | "decrypt" | "plaintext" | "unmask" | "with-decryption"
    );
    let (mut reveal, mut secret) = (false, false);
    parts(name, |p| {
        let Some(w) = lower(p, &mut buf) else {
            return true;
        };
        reveal |= REVEAL_VERBS.contains(&w);
        secret |= SECRET_NOUNS.contains(&w);
        if UNATTENDED.contains(&w) {
            r.unattended = true;
        }
        if w == "force" || w == "approve" {
            // For a verb that ships (`push --force`, `schema apply --auto-approve`), forcing or
            // approving in advance skips its safeguards: no one reads the change first.
            r.flags |= flag::UNSAFE;
        }
        if RECURSIVE.contains(&w) {
            r.flags |= flag::BULK;
        }
        let l = lexicon::lookup(w.as_bytes());
        if let Some(l) = l {
            r.flags |= l.flags & flag::BULK;
            if let Some((_, _, o, ow)) = option_verb.as_mut()
                && *o == 0
                && l.verb == Verb::Absent
                && l.obj & !obj::PRONOUN != 0
            {
                *o = l.obj & !obj::PRONOUN;
                *ow = p;
            }
        }
        // `--rm` cleans up after a run (`docker run --rm`), `--format` shapes output
        // (`docker ps --format`, `xmllint --format`) except on a disk tool.
        if option_verb.is_none() && w != "rm" && (w != "format" || class == Some(Class::Storage)) {
            r.option_verb |= marker;
            let verb = if DESTROY_OPTIONS.contains(&w) {
                Some(Verb::Destroy)
            } else {
                match role(w, class) {
                    Role::Act(v @ (Verb::Destroy | Verb::Disable | Verb::Keys)) => Some(v),
                    _ => None,
                }
            };
            if let Some(v) = verb {
                *option_verb = Some((v, p, 0, ""));
            }
        }
        true
    });
    // `--reveal-secrets`, `--show-token`; on a secret store or an identity tool the reveal
    // alone (`--reveal`, `--with-decryption`, `--plaintext`).
    if reveal
        && (secret || matches!(class, Some(Class::SecretStore | Class::Identity)) && reveal_alone)
    {
        r.reveals = true;
    }
}

/// What a value given to an option or a key means on a program of `class`: a security
/// control's guarded setting switched off (`-e 0`, `-setremotelogin off`), an account given
/// root's id (`UniqueID 0`, `--uid 0`), an account's expiry set in the past (`-E 0`).
/// `written`: the pair as written (`State=DRAIN`), for messages; `accounts`: the program
/// administers accounts (an expiry in the past locks one out).
#[allow(clippy::too_many_arguments)]
fn value_meaning<'c>(
    key: &'c str,
    written: &'c str,
    value: &str,
    class: Option<Class>,
    accounts: bool,
    r: &mut Reading<'c>,
    switched: &mut Option<&'c str>,
    expires: &mut bool,
) {
    let key = key.trim_start_matches(['-', '/']);
    let value = value.trim_matches(['"', '\'']);
    match class {
        Some(Class::SecurityControl) if switched_off(value) && guarded_setting(key) => {
            *switched = Some(key);
        }
        Some(Class::Identity) if value == "0" && root_id_key(key) => r.grants_root = true,
        _ if accounts && expired(value) && expiry_option(key) => *expires = true,
        _ => {}
    }
    if r.state.is_none()
        && let Some(s) = spelling::state_change(key, value)
    {
        // `State=DRAIN`, `suspended on`, `--password ''`, `--nodes 0`.
        r.state = Some((s, written));
    }
    if r.count.is_none() && value.bytes().all(|c| c.is_ascii_digit()) && !value.is_empty() {
        let k = key.to_ascii_lowercase();
        if matches!(
            k.as_str(),
            "nodes" | "replicas" | "count" | "instances" | "size" | "desired-capacity"
        ) {
            r.count = Some(written);
        }
    }
    let key = key.trim_end_matches(':');
    if switched_off(value)
        && let Some(protection) = on_switch(key)
    {
        r.turned_off = Some((key, protection));
    }
    // The key lowercased without a heap copy (every option of every command passes here).
    crate::substring::with_ascii_lower(key, |k| {
        if matches!(k, "loss" | "drop" | "packet-loss") && matches!(value, "100%" | "100") {
            r.drops_all = true;
        }
        let public = value.eq_ignore_ascii_case("public") || value.starts_with("public-");
        if matches!(k, "visibility" | "acl" | "access" | "v") && public
            || k == "private" && falsy(value)
            || k == "public" && matches!(value, "true" | "1" | "yes")
        {
            // `--visibility public`, `--acl public-read`, `--private false`: made public.
            r.publishes = true;
        }
    });
}

/// Whether `key` is a switch that turns what it names on (`enabled`, `active`,
/// `is_enabled`), and whether it names a protection too (`mfa_enabled`, `audit.enabled`):
/// `Some(false)` for a bare switch, `Some(true)` for a protection's, `None` for anything
/// else's (`telemetry.enabled=false` turns off telemetry, which protects nothing).
fn on_switch(key: &str) -> Option<bool> {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let (mut last, mut others, mut guarded) = (false, false, false);
    parts(key, |p| {
        if last {
            // A part after the switch word (`enabled_at`): not the switch.
            others = true;
            guarded = false;
            last = false;
            return false;
        }
        match lower(p, &mut buf) {
            Some(w) if ON_SWITCHES.contains(&w) => last = true,
            Some("is") => {}
            Some(w) => {
                others = true;
                guarded |= guarded_setting(w) && w.len() > 1;
            }
            None => others = true,
        }
        true
    });
    match (last, others) {
        (true, false) => Some(false),
        (true, true) if guarded => Some(true),
        _ => None,
    }
}

/// A fused lowercase subcommand made of a verb and a noun the lexicon knows (`setpassword`,
/// `resetpassword`, `deleteuser`, `dropdb`): the verb, its length and the noun's object.
fn fused_verb(w: &str) -> Option<(Verb, usize, u16)> {
    if lexicon::lookup(w.as_bytes()).is_some() || !w.bytes().all(|c| c.is_ascii_lowercase()) {
        return None;
    }
    FUSED_VERBS.iter().find_map(|v| {
        let rest = w.strip_prefix(v)?;
        let l = lexicon::lookup(rest.as_bytes())?;
        let o = l.obj & !obj::PRONOUN;
        let Role::Act(verb) = role(v, None) else {
            return None;
        };
        (rest.len() >= 2 && o != 0 && l.verb == Verb::Absent).then_some((verb, v.len(), o))
    })
}

/// Whether a `put` sends a local file: an operand that is a path into this machine
/// (`./users.csv`, `~/dump.sql`, `../exports/`) or a data file (`users.csv`), not a key
/// (`consul kv put app/flag true`, `etcdctl put /config/x 1`).
fn puts_a_local_file(cmd: &Cmd<'_>) -> bool {
    const DATA: &[&str] = &[
        "csv", "db", "dump", "gz", "json", "jsonl", "parquet", "sql", "sqlite", "tar", "tgz",
        "xlsx", "zip",
    ];
    cmd.args.iter().any(|a| {
        a.starts_with("./")
            || a.starts_with("~/")
            || a.starts_with("../")
            || !a.starts_with('-')
                && a.rsplit_once('.')
                    .is_some_and(|(stem, ext)| !stem.is_empty() && DATA.contains(&ext))
    })
}

/// A help request anywhere on the line (`--help`, `-h` as the only option): nothing is shown.
fn ended_by_help(cmd: &Cmd<'_>) -> bool {
    cmd.args
        .iter()
        .any(|a| matches!(&**a, "--help" | "-h" | "help"))
}

/// The grade of a reading by the plain-language ladder.
fn grade(r: &Reading<'_>) -> Option<Finding> {
    if r.class == Some(Class::LocalSandbox) && r.flags & flag::PROD == 0 {
        // A local sandbox is the agent's own workbench.
        return None;
    }
    let action = CommandAction {
        verb: r.verb,
        verb_word: r.verb_word,
        objects: r.objects,
        head: r.head,
        head_word: r.head_word,
        flags: r.flags,
        system_path: r.system_path,
        unattended: r.unattended || r.option_verb,
    };
    grade_command(&action)
}

/// The command as written, cut for a message.
fn excerpt(cmd: &Cmd<'_>) -> String {
    let mut s = String::from(cmd.program);
    for a in cmd.args.iter() {
        if s.len() + a.len() > 70 {
            s.push_str(" ...");
            break;
        }
        s.push(' ');
        s.push_str(a);
    }
    s
}

/// The message of a generic finding: the recognizer, the command, the program's class, the
/// ladder's reason and the scope.
fn message(cmd: &Cmd<'_>, r: &Reading<'_>, why: &str, looped: Option<&str>) -> String {
    let mut m = format!("generic: `{}`", excerpt(cmd));
    if let Some(c) = r.class {
        m.push_str(" (");
        m.push_str(c.name());
        m.push(')');
    }
    m.push_str(": ");
    m.push_str(why);
    if r.listed {
        m.push_str(", on everything a listing returns");
    } else if r.flags & flag::BULK != 0 {
        m.push_str(", all of them");
    }
    if r.unattended {
        m.push_str(", without confirmation");
    }
    if let Some(l) = looped {
        m.push_str(", ");
        m.push_str(l);
    }
    m
}

/// Judges one command no recognizer claimed, or whose own recognizer found nothing in it
/// (`claimed`: its findings are coded `generic.fallthrough`, so the eval example can list
/// them); `cwd`: where the command runs, when known.
pub fn judge(cmd: &Cmd<'_>, cwd: Option<&str>, claimed: bool, out: &mut Vec<Finding>) {
    if classes::of(cmd.program) == Some(Class::PackageManager)
        && super::registry::judge(cmd, cwd, out)
    {
        return;
    }
    let code = if claimed {
        "generic.fallthrough"
    } else {
        "generic.command"
    };
    if let Some((severity, why)) = opens_everything(cmd) {
        out.push(finding(
            Family::System,
            code,
            severity,
            format!("generic: `{}`: {why}", excerpt(cmd)),
        ));
    }
    let Some(r) = read(cmd) else {
        return;
    };
    if let Some(file) = r.sends_data
        && r.verb == Verb::Communicate
    {
        // `artifact put ./prod_users.csv`, `share ./customers.parquet`: the data its name
        // says leaves this machine.
        out.push(finding(
            Family::Exfiltration,
            code,
            Severity::Verify,
            message(
                cmd,
                &r,
                &format!(
                    "{} {file}: data leaves for a place the operator does not control",
                    r.verb_word
                ),
                None,
            ),
        ));
        return;
    }
    if matches!(r.verb, Verb::Destroy | Verb::Shutdown | Verb::Disable)
        && r.objects & obj::RUNTIME != 0
        && cmd
            .args
            .iter()
            .any(|a| a.to_ascii_lowercase().contains("airlock"))
    {
        // A process or a service named airlock stopped or deleted by any program (`wmic
        // process where name='airlock.exe' delete`): the guard is taken down.
        out.push(finding(
            Family::Tampering,
            "tampering.stop-guard",
            Severity::Stop,
            message(cmd, &r, "stops airlock's own process or service", None),
        ));
        return;
    }
    if r.network && r.verb == Verb::Disable {
        // A network, a link or a tunnel taken down: the machine, and often the agent's own
        // session to it, is cut off. The whole of networking, or a machine's interface
        // (`eth0`, `ens5`), is what remote access runs over: verified; a VPN or a tunnel
        // (`tailscale down`, `wg-quick down wg0`) asks.
        let whole = r.flags & (flag::BULK | flag::PROD) != 0
            || cmd
                .args
                .iter()
                .any(|a| matches!(&**a, "networking" | "all") || physical_interface(a));
        out.push(finding(
            Family::System,
            code,
            if whole {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            message(
                cmd,
                &r,
                &format!(
                    "{} {}: cuts the machine off that network",
                    r.verb_word,
                    if whole {
                        "the machine's networking"
                    } else {
                        "a network connection"
                    }
                ),
                None,
            ),
        ));
        return;
    }
    if r.grants_root {
        out.push(finding(
            Family::System,
            "generic.root-id",
            Severity::Stop,
            message(cmd, &r, "gives an account user or group id 0: root", None),
        ));
        return;
    }
    if let Some((State::EmptySecret, written)) = r.state {
        // An account whose password is empty: anyone who reaches it logs in.
        out.push(finding(
            Family::System,
            "generic.empty-password",
            Severity::Verify,
            message(
                cmd,
                &r,
                &format!("sets {written} to nothing: anyone can log in to the account"),
                None,
            ),
        ));
        return;
    }
    if let Some(f) = grade(&r) {
        out.push(finding(
            r.class.map_or(f.family, Class::family),
            code,
            // Whatever is published is out of the operator's hands.
            if r.publishes {
                f.severity.max(Severity::Confirm)
            } else {
                f.severity
            },
            message(cmd, &r, &f.message, None),
        ));
    } else if r.publishes {
        out.push(finding(
            r.class.map_or(Family::Exfiltration, Class::family),
            code,
            Severity::Confirm,
            message(
                cmd,
                &r,
                &format!(
                    "publishes {}: anyone can read it from now on",
                    if r.head_word.is_empty() {
                        "what it makes"
                    } else {
                        r.head_word
                    }
                ),
                None,
            ),
        ));
    } else if let Some(why) = unread_effect(cmd, &r, claimed) {
        // The ladder knows neither the object nor the program, but the command path says it
        // destroys, stops, sends or pays: a person looks before it runs.
        out.push(finding(
            r.class.map_or(Family::Business, Class::family),
            "generic.unread-effect",
            Severity::Confirm,
            message(cmd, &r, &why, None),
        ));
    }
}

/// The unread-effect floor ([`spelling::unread_effect`]) over a reading: a path verb or a state
/// change, outside a local sandbox, a package manager's local changes and a local scope.
/// `claimed`: a family recognizer read the program and found nothing. Its first subcommand
/// as a whole word (`docker stop`, `kubectl delete`) is what that recognizer was written
/// around, so its silence there is a decision; a nested or compound spelling (`aws sns
/// publish`, `gh release delete-asset`, `git worktree remove`) is where its lists run out.
fn unread_effect(cmd: &Cmd<'_>, r: &Reading<'_>, claimed: bool) -> Option<String> {
    if matches!(r.class, Some(Class::LocalSandbox | Class::PackageManager))
        || !(r.path_verb || r.state.is_some())
        || claimed && r.top_verb && r.state.is_none()
        // A snake_case word (the verb's or the program's) is read as a command only on a
        // program of a known class (`rabbitmqctl delete_vhost`); elsewhere it is an
        // identifier: a params object's field names (`body drop_x nested url`), an
        // operation's name (`truncate_logs reset_counters`, `delete_repo ...`).
        || (r.snake_verb || cmd.program.contains('_')) && r.class.is_none()
    {
        return None;
    }
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let verb = lower(r.verb_word, &mut buf).unwrap_or("");
    let effect = r.state.is_some() || super::verbs::effect_base(verb).is_some() || rm_letter(verb);
    let what = spelling::unread_effect(
        effect,
        r.verb,
        r.effect_object,
        r.operand_after,
        r.flags & flag::LOCAL != 0,
    )?;
    Some(match r.state {
        Some((s, written)) if what == written => format!(
            "unread effect: {} {written}: {} it",
            cmd.program,
            spelling::state_verb(s).1
        ),
        Some((s, written)) => format!(
            "unread effect: {} {written}: {} {what}",
            cmd.program,
            spelling::state_verb(s).1
        ),
        None => format!("unread effect: {} {} {what}", cmd.program, r.verb_word),
    })
}

/// A machine's own network interface by its kernel name (`eth0`, `ens5`, `enp3s0`, `eno1`,
/// `wlan0`, `wlp2s0`, `bond0`): what its remote access runs over, unlike a tunnel (`wg0`,
/// `tun0`, `tailscale0`).
fn physical_interface(a: &str) -> bool {
    ["eth", "ens", "enp", "eno", "wlan", "wlp", "bond"]
        .iter()
        .any(|p| {
            a.strip_prefix(p)
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        })
}

/// A rule that opens every port (`--add-port=1-65535/tcp`, `allow 1:65535/tcp`, `--dport
/// 0:65535 -j ACCEPT`) or opens to every address (`0.0.0.0/0`, `::/0`): with a word that opens
/// (add, allow, accept, open, authorize, permit, expose, ingress), the firewall no longer
/// separates anything. A scan of every port (`nmap -p 1-65535`) opens nothing.
fn opens_everything(cmd: &Cmd<'_>) -> Option<(Severity, &'static str)> {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let (mut opens, mut all_ports, mut anywhere) = (false, false, false);
    for a in cmd.args.iter() {
        let value = a.rsplit_once('=').map_or(&**a, |(_, v)| v);
        let range = value.split('/').next().unwrap_or("");
        if let Some((lo, hi)) = range.split_once(['-', ':'])
            && matches!(lo, "0" | "1")
            && hi == "65535"
        {
            all_ports = true;
        }
        anywhere |= matches!(value, "0.0.0.0/0" | "::/0");
        parts(a.trim_start_matches(['-', '/']), |p| {
            opens |= lower(p, &mut buf).is_some_and(|w| {
                matches!(
                    w,
                    "accept"
                        | "add"
                        | "allow"
                        | "authorize"
                        | "expose"
                        | "ingress"
                        | "open"
                        | "permit"
                )
            });
            !opens
        });
    }
    match (opens, all_ports, anywhere) {
        (true, true, _) => Some((
            Severity::Verify,
            "opens every port: the firewall no longer keeps anything out",
        )),
        (true, false, true) => Some((Severity::Confirm, "opens to every address on the internet")),
        _ => None,
    }
}

/// What feeds a command run over a list (`xargs`, `for x in ...`, `while read x`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feeder {
    /// A listing of everything, a search of `/`, or a file of all customers or users.
    Wide,
    /// A file or a command this reader cannot size.
    Unknown,
    /// A search or glob inside the project (`find . -name '*.tmp'`, `*.log`).
    Local,
}

/// A command run over a list of targets by `xargs` or a loop: a destructive or outbound verb
/// (destroy, send, move money, revoke, disable, cancel, close, stop) repeated over whatever the
/// feeder lists is one step worse than the single action: at least confirmed, verified when the
/// feeder is a listing of everything; `people`: the feeder is a file of customers, users or
/// e-mail addresses (a message to each of them).
pub fn judge_looped(cmd: &Cmd<'_>, feeder: Feeder, people: bool, out: &mut Vec<Finding>) {
    let Some(mut r) = read(cmd) else {
        return;
    };
    if matches!(r.class, Some(Class::PackageManager | Class::LocalSandbox)) {
        return;
    }
    let outbound = outbound(r.verb);
    if feeder == Feeder::Wide {
        r.flags |= flag::BULK;
    }
    if people {
        r.objects |= obj::PEOPLE;
        if r.head == 0 || r.class.is_some_and(|c| r.head == c.object()) {
            r.head = obj::PEOPLE;
            r.head_word = "people listed in a file";
        }
    }
    let graded = grade(&r);
    let floor = match (outbound, feeder) {
        (false, _) | (true, Feeder::Local) => None,
        (true, Feeder::Wide) => Some(Severity::Verify),
        (true, Feeder::Unknown) => Some(Severity::Confirm),
    };
    let severity = match (graded.as_ref().map(|f| f.severity), floor) {
        (Some(a), Some(b)) => a.max(b),
        (Some(a), None) => a,
        (None, Some(b)) => b,
        (None, None) => return,
    };
    let why = graded.as_ref().map_or_else(
        || {
            format!(
                "{} {}",
                r.verb_word,
                if r.head_word.is_empty() {
                    "each target"
                } else {
                    r.head_word
                }
            )
        },
        |f| f.message.clone(),
    );
    let looped = match feeder {
        Feeder::Wide => "repeated over everything its input lists",
        _ => "repeated over every line of its input",
    };
    out.push(finding(
        r.class.map_or(
            graded.as_ref().map_or(Family::Business, |f| f.family),
            Class::family,
        ),
        "generic.loop",
        severity,
        message(cmd, &r, &why, Some(looped)),
    ));
}

/// Programs whose arguments are data, text or other programs' commands, not a command path of
/// their own (`echo delete everything`, `man rm`, `test -f x`).
const DATA_ARGUMENTS: &[&str] = &[
    "[", "[[", "alias", "airlock", "basename", "cd", "date", "df", "dirname", "du", "exit",
    "export", "ls", "man", "mkdir", "popd", "printf", "pushd", "pwd", "read", "realpath", "return",
    "sleep", "stat", "test", "tldr", "touch", "type", "unalias", "unset", "wait", "wc", "whatis",
    "whereis", "which",
];

/// Whether the generic reader reads a command no recognizer claimed: a program with a class,
/// or one that is not a reader of files, an interpreter, a shell, a fetcher, an English word
/// or a program whose arguments are data.
pub fn reads_unclaimed(cmd: &Cmd<'_>) -> bool {
    use super::lexicon as programs;
    let p = cmd.program;
    if classes::of_command(p, cmd.args.first().map(|a| &**a)).is_some() {
        return true;
    }
    // A program's name, not an English word of a sentence parsed as a command (`call
    // drop_table ...`, `then delete ...`) nor a label (`next:`).
    // (Not a stray option on a line of its own: `-name '*.log' -delete` after a broken line.)
    // A program named by an English word, read only with a command's shape (`security
    // delete-keychain`, not "security review of the login flow").
    // (An English word that is no program, `destroy -auto-approve` after a broken line, stays
    // unread.)
    let english = programs::flags(p) & programs::ENGLISH != 0;
    p.bytes().next().is_some_and(|c| c.is_ascii_alphanumeric())
        && p.bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'))
        && (english || lexicon::lookup(p.as_bytes()).is_none())
        && programs::flags(p)
            & (programs::READER | programs::INTERPRETER | programs::SHELL | programs::FETCHER)
            == 0
        && (!english || !ENGLISH_DATA.contains(&p) && command_shaped(cmd))
        && !DATA_ARGUMENTS.contains(&p)
}

/// Programs named by an English word whose arguments are text, a command they run, or a
/// request for information: their lines are never read as a command path (`echo delete all`,
/// `time make clean`, `man rm`).
const ENGLISH_DATA: &[&str] = &[
    "alias", "at", "batch", "command", "declare", "dig", "echo", "export", "free", "history",
    "host", "last", "man", "parallel", "script", "set", "time", "top", "true", "watch", "which",
];

/// A line of a program named by an English word that has a command's shape: its first argument
/// is an option (`security -v ...`) or a hyphenated subcommand naming a verb
/// (`security delete-keychain`), which no sentence has.
fn command_shaped(cmd: &Cmd<'_>) -> bool {
    let Some(first) = cmd.args.first() else {
        return false;
    };
    let b = first.as_bytes();
    let option = b.len() > 1 && b[0] == b'-' && b[1] != b'-' || b.len() > 2 && b.starts_with(b"--");
    let hyphenated = b.len() > 3
        && b[0].is_ascii_lowercase()
        && b.contains(&b'-')
        && !b.ends_with(b"-")
        && b.iter()
            .all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-')
        && names_a_verb(first);
    option || hyphenated
}

/// Programs a family recognizer claims whose operands are data, not a command path: what
/// their recognizer found nothing in is left alone. Every other claimed program falls through
/// to the generic reader when its recognizer finds nothing (a recognizer lists the forms it
/// knows; the generic reader reads the rest by effect), so a new program or subcommand is read
/// by default, not forgotten by default.
/// - The filesystem programs: their operands are paths and their recognizer grades every path
///   (`rm -rf build/`, `cp a b`, `chmod 644 f`); a file named `delete-me.txt` is no verb.
/// - curl and the HTTP clients: a URL's path (`/v1/users/delete`) is read by the HTTP reader
///   with its method; read again as words it would be graded twice and without the method.
/// - The interpreters: their operands are a script and its arguments, read by the
///   interpreters' recognizer.
/// - airlock: its arguments are the operator's, judged by the tampering recognizer only.
pub fn operands_are_data(p: &str) -> bool {
    use super::lexicon as programs;
    matches!(
        p,
        "rm" | "rmdir"
            | "unlink"
            | "find"
            | "shred"
            | "truncate"
            | "dd"
            | "wipefs"
            | "chmod"
            | "chown"
            | "chgrp"
            | "mv"
            | "cp"
            | "install"
            | "ln"
            | "tee"
            | "sed"
            | "srm"
            | "rsync"
            | "fdisk"
            | "sfdisk"
            | "parted"
            | "sgdisk"
            | "mke2fs"
            | "mkswap"
            | "blkdiscard"
            | "mkdosfs"
            | "mkntfs"
            | "mkexfatfs"
            | "diskutil"
            | "curl"
            | "wget"
            | "http"
            | "https"
            | "xh"
            | "xhs"
            | "invoke-restmethod"
            | "irm"
            | "invoke-webrequest"
            | "iwr"
            | "airlock"
    ) || p.starts_with("mkfs")
        || p.starts_with("newfs")
        || programs::flags(p) & programs::INTERPRETER != 0
}

/// Programs whose recognizers read subcommands (git, kubectl, terraform, the cloud CLIs, the
/// secret stores and database tools): their first operand is a subcommand, never another
/// program they run (`docker service rm`), and their recognizer knows which of their
/// separate-word secret reads print values (`kubectl get secret x` prints names).
pub fn reads_subcommands_of(p: &str) -> bool {
    matches!(
        p,
        "git"
            | "docker"
            | "podman"
            | "nerdctl"
            | "docker-compose"
            | "kubectl"
            | "oc"
            | "helm"
            | "k3s"
            | "microk8s"
            | "argocd"
            | "terraform"
            | "tofu"
            | "terragrunt"
            | "pulumi"
            | "cdk"
            | "serverless"
            | "sls"
            | "cdktf"
            | "aws"
            | "gcloud"
            | "gsutil"
            | "az"
            | "doctl"
            | "heroku"
            | "flyctl"
            | "fly"
            | "azcopy"
            | "oci"
            | "ibmcloud"
            | "linode-cli"
            | "hcloud"
            | "scw"
            | "vultr-cli"
            | "exo"
            | "civo"
            | "aliyun"
            | "s3cmd"
            | "rclone"
            | "mc"
            | "b2"
            | "yc"
            | "upctl"
            | "supabase"
            | "railway"
            | "vercel"
            | "netlify"
            | "firebase"
            | "wrangler"
            | "gh"
            | "glab"
            | "stripe"
            | "vault"
            | "op"
            | "doppler"
            | "infisical"
            | "pass"
            | "gopass"
            | "bw"
    ) || super::lexicon::is(p, super::lexicon::DATABASE)
}
