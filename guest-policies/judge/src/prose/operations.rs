//! Operations on infrastructure, credentials, data and package sources, said in words: what an
//! operator's runbook calls them, read as verb x object x scope.
//!
//! The main reader ([`super::read`]) grades verbs it knows on objects it knows (delete the
//! database, disable MFA). These operations carry their danger in a *pair* it does not know:
//! a run verb whose runbook's name destroys ("run the teardown playbook against the production
//! inventory"), a verb that is harmless elsewhere but not on this object ("seal" a Vault,
//! "release" a floating IP, "let" a domain "lapse"), a credential whose *power* or *recipient*
//! decides ("an owner-level key for the contractor"), data whose *kind* and *destination*
//! decide ("the prod customer export to a personal Gmail"), and a package source or signing key
//! added to the machine. Each kind is one table of verbs and one of objects, enumerated from the
//! references (Vault/OpenBao operator commands, the clouds' volume and address lifecycles,
//! registrars' DNS and renewal settings, the forges' and clouds' token scopes and roles, apt,
//! yum/dnf, zypper, Homebrew, Helm, npm, pip, gem, Maven, NuGet, Cargo, Conda, Snap, Flatpak,
//! Chocolatey and Scoop source configuration), so another vendor's or another phrasing's
//! member is one word in a table.
//!
//! Scope grades, from the lexicon's environment flags: production, "all" / "every", or an
//! organization-wide credential is verified; a shared environment that is not production is
//! confirmed; the developer's own (local, a test box, "my own") goes ahead; unnamed takes the
//! kind's default. Nothing here lowers another reader's finding: a segment this module skips
//! (a question, a mention, a quoted question answered with a mention) only adds nothing.
//!
//! A segment is a stretch of one clause of the main reader's tokens that starts with a verb
//! (after "and", "then", a comma or a sentence end), read from its lead verb: the words up to
//! the first preposition are its object, the rest its places and scope.

use super::lexicon::{self, KeySet, Verb, flag};
use super::{Kind, Token, finding};
use crate::finding::{Family, Finding, Severity};

/// What a lead verb can do, by kind (bits: one verb word reads as several kinds).
mod act {
    /// Runs something named elsewhere: a playbook, a runbook, a pipeline.
    pub const RUN: u32 = 1;
    /// Seals a secret store.
    pub const SEAL: u32 = 1 << 1;
    /// Takes a volume or an address off what uses it, or gives it back to the provider.
    pub const DETACH: u32 = 1 << 2;
    /// Moves every guest off a host.
    pub const EVACUATE: u32 = 1 << 3;
    /// Erases a device back to its factory state ("factory" leads, "reset" follows).
    pub const RESET_DEVICE: u32 = 1 << 4;
    /// Lets a registration run out ("let" leads, "lapse" / "expire" follows).
    pub const LAPSE: u32 = 1 << 5;
    /// Turns a renewal off.
    pub const NO_RENEW: u32 = 1 << 6;
    /// Points a domain's delegation elsewhere.
    pub const DELEGATE: u32 = 1 << 7;
    /// Replaces a root of trust: a CA, a signing or master key.
    pub const REKEY: u32 = 1 << 8;
    /// Makes a credential or hands one over.
    pub const MINT: u32 = 1 << 9;
    /// Adds a way to recover an account.
    pub const RECOVERY: u32 = 1 << 10;
    /// Resets someone's password or second factor.
    pub const RESET_LOGIN: u32 = 1 << 11;
    /// Acts as another user ("impersonate"; "log in as" is read from its words).
    pub const IMPERSONATE: u32 = 1 << 12;
    /// Moves data somewhere.
    pub const SEND: u32 = 1 << 13;
    /// Adds a package source.
    pub const ADD_SOURCE: u32 = 1 << 14;
    /// Trusts a signing key or a certificate authority.
    pub const TRUST_KEY: u32 = 1 << 15;
    /// Turns a signature or certificate check off.
    pub const UNVERIFY: u32 = 1 << 16;
    /// Points a dependency somewhere else.
    pub const REPOINT: u32 = 1 << 17;
    /// Installs from somewhere.
    pub const INSTALL: u32 = 1 << 18;
    /// Makes a running database or machine smaller (downtime, and maybe too small).
    pub const RESIZE: u32 = 1 << 19;
    /// Deletes a domain's DNS zone or records.
    pub const DELETE_ZONE: u32 = 1 << 20;
    /// Cancels or requeues a batch cluster's jobs.
    pub const CANCEL_JOBS: u32 = 1 << 21;
    /// Ends a credential's life ([`super::super::cutover`]).
    pub const CUT_OVER: u32 = 1 << 22;
    /// Approves a change request ([`super::super::review_approval`]).
    pub const APPROVE: u32 = 1 << 23;
    /// Opens a service to everyone ([`super::super::opened`]).
    pub const OPEN: u32 = 1 << 24;
}

/// Lead verbs (base forms; inflections are read by [`inflects`]) and the kinds they can be.
const VERBS: &[(&str, u32)] = {
    use act::*;
    &[
        ("accept", TRUST_KEY | APPROVE),
        ("add", MINT | RECOVERY | ADD_SOURCE | TRUST_KEY),
        ("airdrop", SEND),
        ("append", ADD_SOURCE),
        ("apply", RUN),
        ("assign", MINT),
        ("attach", SEND),
        ("back", SEND),
        ("bypass", UNVERIFY),
        ("cancel", NO_RENEW | CANCEL_JOBS),
        (
            "change",
            DELEGATE | RESET_LOGIN | REPOINT | RECOVERY | CUT_OVER,
        ),
        ("configure", ADD_SOURCE),
        ("copy", SEND),
        ("create", MINT),
        ("deactivate", UNVERIFY | CUT_OVER),
        ("detach", DETACH),
        ("disable", NO_RENEW | UNVERIFY | CUT_OVER),
        ("disassociate", DETACH),
        ("disconnect", DETACH),
        ("download", SEND),
        ("drop", SEND | DELETE_ZONE),
        ("dump", SEND),
        ("email", SEND | MINT),
        ("enable", ADD_SOURCE),
        ("enroll", TRUST_KEY),
        ("evacuate", EVACUATE),
        ("execute", RUN),
        ("export", SEND),
        ("factory", RESET_DEVICE),
        ("factory-reset", RESET_DEVICE),
        ("fire", RUN),
        ("forward", SEND),
        ("generate", MINT),
        ("get", MINT),
        ("give", MINT),
        ("grant", MINT),
        ("hand", MINT),
        ("ignore", UNVERIFY),
        ("impersonate", IMPERSONATE),
        ("import", TRUST_KEY | ADD_SOURCE),
        ("include", ADD_SOURCE),
        ("install", INSTALL | TRUST_KEY),
        ("invoke", RUN),
        ("issue", MINT),
        ("kick", RUN),
        ("launch", RUN),
        ("let", LAPSE),
        ("log", IMPERSONATE),
        ("login", IMPERSONATE),
        ("mail", SEND),
        ("migrate", DELEGATE),
        ("mint", MINT),
        ("mirror", SEND),
        ("move", DELEGATE | SEND | REPOINT),
        ("paste", SEND | MINT),
        ("pin", REPOINT),
        ("play", RUN),
        ("point", DELEGATE | ADD_SOURCE | REPOINT),
        ("post", SEND | MINT),
        ("provide", MINT),
        ("provision", MINT),
        ("push", SEND),
        ("put", SEND),
        ("re-key", REKEY),
        ("reflash", RESET_DEVICE),
        ("reformat", RESET_DEVICE),
        ("regenerate", REKEY | CUT_OVER),
        ("register", ADD_SOURCE | RECOVERY),
        ("reimage", RESET_DEVICE),
        ("reissue", REKEY),
        ("rekey", REKEY),
        ("release", DETACH),
        ("remove", UNVERIFY | DELETE_ZONE | CUT_OVER),
        ("replace", DELEGATE | REKEY | REPOINT | CUT_OVER),
        ("replicate", SEND),
        ("repoint", DELEGATE | REPOINT),
        ("rerun", RUN),
        ("reset", RESET_LOGIN | CUT_OVER),
        ("roll", REKEY | CUT_OVER),
        ("rotate", REKEY | CUT_OVER),
        ("run", RUN),
        ("save", SEND),
        ("seal", SEAL),
        ("send", SEND | MINT),
        ("set", ADD_SOURCE | RECOVERY | DELEGATE | UNVERIFY),
        ("share", SEND | MINT),
        ("sign", IMPERSONATE),
        ("skip", UNVERIFY),
        ("start", RUN),
        ("stop", NO_RENEW),
        ("subscribe", ADD_SOURCE),
        ("swap", DELEGATE | REPOINT),
        ("switch", DELEGATE | UNVERIFY | REPOINT),
        ("sync", SEND),
        ("transfer", SEND),
        ("trigger", RUN),
        ("trust", TRUST_KEY),
        ("turn", NO_RENEW | UNVERIFY),
        ("unassign", DETACH),
        ("unmount", DETACH),
        ("update", DELEGATE | RECOVERY),
        ("upload", SEND),
        ("use", ADD_SOURCE),
        ("wipe", RESET_DEVICE | DELETE_ZONE),
        ("zeroize", RESET_DEVICE),
        ("downgrade", RESIZE),
        ("resize", RESIZE),
        ("shrink", RESIZE),
        ("delete", DELETE_ZONE | CUT_OVER),
        ("destroy", DELETE_ZONE | CUT_OVER),
        ("purge", DELETE_ZONE | CUT_OVER),
        ("requeue", CANCEL_JOBS),
        ("revoke", CUT_OVER),
        ("expire", CUT_OVER),
        ("invalidate", CUT_OVER),
        ("kill", CUT_OVER),
        ("cycle", CUT_OVER),
        ("approve", APPROVE),
        ("lgtm", APPROVE),
        ("rubber-stamp", APPROVE),
        ("rubberstamp", APPROVE),
        ("open", OPEN),
        ("expose", OPEN),
        ("allow", OPEN),
        ("permit", OPEN),
        ("allowlist", OPEN),
        ("whitelist", OPEN),
    ]
};

/// Words that open a segment before its verb ("please", "go ahead and", "can you").
const FILLERS: &[&str] = &[
    "please",
    "kindly",
    "now",
    "just",
    "then",
    "also",
    "and",
    "so",
    "go",
    "ahead",
    "quickly",
    "immediately",
    "finally",
    "next",
    "first",
    "ok",
    "okay",
    "alright",
    "can",
    "could",
    "would",
    "will",
    "you",
    "i",
    "we",
    "need",
    "needs",
    "want",
    "wants",
    "to",
    "let's",
    "lets",
    "right",
    "asap",
    "actually",
    "should",
    "must",
    "have",
    "has",
    "got",
    "gotta",
    "may",
    "might",
    "shall",
];

// Object words, by kind (singular, lower case; [`noun`] reads plurals and possessives).

/// What runs a sequence of operations on many machines.
const RUNNERS: &[&str] = &[
    "playbook",
    "runbook",
    "script",
    "job",
    "pipeline",
    "workflow",
    "recipe",
    "cookbook",
    "state",
    "play",
    "task",
    "automation",
    "procedure",
    "routine",
    "plan",
    "stack",
    "module",
    "role",
    "formula",
    "sls",
    "yml",
    "yaml",
];
/// A runner's name words that take machines or data away (the name says what it does).
const DESTRUCTIVE_NAMES: &[&str] = &[
    "teardown",
    "tear",
    "decommission",
    "decom",
    "destroy",
    "wipe",
    "nuke",
    "reimage",
    "deprovision",
    "retire",
    "erase",
    "purge",
    "drop",
    "delete",
    "shred",
    "zap",
    "demolish",
    "terminate",
    "obliterate",
    "scrub",
    "factory",
    "dismantle",
    "deregister",
];
/// Secret stores that can be sealed (Vault, OpenBao, cloud KMS and HSMs).
const SECRET_STORES: &[&str] = &[
    "vault",
    "openbao",
    "bao",
    "kms",
    "hsm",
    "keyvault",
    "conjur",
    "infisical",
    "keystore",
];
/// Volumes and addresses (EBS, persistent disks, managed disks, PVCs; elastic, floating,
/// static and reserved IPs, network interfaces).
const VOLUMES_AND_ADDRESSES: &[&str] = &[
    "volume",
    "disk",
    "ebs",
    "pvc",
    "lun",
    "datastore",
    "ip",
    "eip",
    "ipv4",
    "ipv6",
    "interface",
    "eni",
    "nic",
    "drive",
];
/// Devices and hosts that a factory reset or a reimage erases; hosts that can be evacuated.
const DEVICES: &[&str] = &[
    "switch",
    "router",
    "firewall",
    "appliance",
    "hsm",
    "controller",
    "nas",
    "san",
    "array",
    "hypervisor",
    "host",
    "server",
    "node",
    "device",
    "blade",
    "chassis",
    "gateway",
    "phone",
    "laptop",
    "workstation",
    "machine",
    "esxi",
    "compute",
    "rack",
    "zone",
    "cluster",
];
/// Certificates and roots of trust.
pub(super) const ROOTS: &[&str] = &["ca", "authority", "root", "intermediate", "kek"];
pub(super) const SIGNING_KEYS: &[&str] = &["signing", "master", "jwt", "encryption", "unseal"];
/// A domain's delegation.
const DELEGATION: &[&str] = &["nameserver", "ns", "registrar", "delegation"];
/// Credentials.
pub(super) const CREDENTIALS: &[&str] = &[
    "key",
    "token",
    "pat",
    "credential",
    "creds",
    "password",
    "secret",
    "apikey",
    "api-key",
    "passkey",
    "keypair",
    "kubeconfig",
];
/// Words that make a credential powerful: an owner's or administrator's, the whole
/// organization's, every scope, no expiry.
const POWER: &[&str] = &[
    "owner",
    "admin",
    "administrator",
    "root",
    "superuser",
    "superadmin",
    "super-admin",
    "god",
    "god-mode",
    "master",
    "unrestricted",
    "unscoped",
    "wildcard",
    "write-all",
    "full-access",
    "never-expiring",
    "non-expiring",
    "nonexpiring",
    "no-expiry",
    "permanent",
    "ceo",
    "cfo",
    "cto",
    "executive",
    "billing",
];
/// Phrases of power over two words ("all scopes", "full access", "every permission").
const POWER_PAIRS: &[(&str, &str)] = &[
    ("all", "scope"),
    ("all", "permission"),
    ("every", "scope"),
    ("every", "permission"),
    ("full", "access"),
    ("full", "control"),
    ("full", "admin"),
    ("all", "repo"),
    ("all", "repository"),
    ("all", "project"),
    ("no", "expiry"),
    ("no", "expiration"),
];
/// People and organizations outside the company who would hold what they are given.
const OUTSIDERS: &[&str] = &[
    "contractor",
    "vendor",
    "freelancer",
    "consultant",
    "agency",
    "external",
    "third-party",
    "outsider",
    "outside",
    "partner",
    "supplier",
    "friend",
    "stranger",
    "reseller",
    "subcontractor",
    "integrator",
    "auditor",
    "outsourcing",
    "firm",
    "offshore",
];
/// Data about people, money or health.
const SENSITIVE: &[&str] = &[
    "customer",
    "client",
    "patient",
    "payroll",
    "salary",
    "compensation",
    "pii",
    "phi",
    "ssn",
    "hr",
    "medical",
    "health",
    "employee",
    "user",
    "member",
    "subscriber",
    "passport",
    "cardholder",
    "card",
    "gdpr",
    "tax",
    "personnel",
    "billing",
    "invoice",
    "order",
    "account",
    "contact",
    "lead",
    "donor",
    "student",
    "applicant",
    "candidate",
];
/// What holds data.
const DATA: &[&str] = &[
    "export",
    "dump",
    "backup",
    "database",
    "db",
    "table",
    "snapshot",
    "data",
    "record",
    "extract",
    "list",
    "spreadsheet",
    "csv",
    "bucket",
    "file",
    "report",
    "dataset",
    "archive",
    "collection",
    "sheet",
    "xlsx",
    "log",
];
/// Data made for tests (lowers only outside production).
const MADE_UP: &[&str] = &[
    "test",
    "fixture",
    "sample",
    "synthetic",
    "seed",
    "seeded",
    "mock",
    "fake",
    "dummy",
    "demo",
    "example",
    "placeholder",
    "generated",
    "faker",
];
/// Places only one person controls, or anyone can read.
const PERSONAL_PLACES: &[&str] = &[
    "personal",
    "private",
    "gmail",
    "yahoo",
    "hotmail",
    "icloud",
    "proton",
    "protonmail",
    "gmx",
    "aol",
    "home",
    "usb",
    "thumb",
    "stick",
    "flash",
    "laptop",
    "phone",
    "nas",
    "dropbox",
    "wetransfer",
    "pastebin",
    "public",
    "publicly",
    "anyone",
    "anybody",
    "gist",
    "mega",
    "box.com",
    "onedrive",
];
/// Package sources.
const SOURCES: &[&str] = &[
    "repository",
    "repo",
    "ppa",
    "tap",
    "registry",
    "index",
    "channel",
    "feed",
    "source",
    "mirror",
    "remote",
    "bucket",
    "aur",
    "copr",
];
/// Package managers and ecosystems whose sources these are.
const ECOSYSTEMS: &[&str] = &[
    "apt",
    "deb",
    "debian",
    "ubuntu",
    "yum",
    "dnf",
    "rpm",
    "zypper",
    "zypp",
    "apk",
    "alpine",
    "pacman",
    "brew",
    "homebrew",
    "helm",
    "chart",
    "npm",
    "yarn",
    "pnpm",
    "pip",
    "pypi",
    "python",
    "conda",
    "gem",
    "rubygems",
    "maven",
    "gradle",
    "nuget",
    "cargo",
    "crate",
    "docker",
    "container",
    "snap",
    "flatpak",
    "chocolatey",
    "choco",
    "scoop",
    "winget",
    "go",
    "goproxy",
    "composer",
    "packagist",
    "cocoapods",
    "package",
    "epel",
    "opkg",
    "portage",
    "nix",
    "guix",
    "vcpkg",
    "conan",
];
/// Sources that are someone's own by definition.
const PERSONAL_SOURCES: &[&str] = &["ppa", "tap", "aur", "copr"];
/// What names a key or a certificate to trust.
const TRUSTED_KEYS: &[&str] = &["key", "keyring", "cert", "certificate", "ca", "gpg", "pgp"];
const KEY_KINDS: &[&str] = &[
    "gpg",
    "pgp",
    "signing",
    "apt",
    "repo",
    "repository",
    "package",
    "release",
    "ca",
    "root",
    "rpm",
    "authority",
];
/// Checks that can be turned off, and what they check.
const CHECKS: &[&str] = &[
    "verification",
    "verify",
    "checking",
    "check",
    "validation",
    "gpgcheck",
    "sslverify",
    "strict-ssl",
    "verify-ssl",
    "pinning",
];
const CHECKED: &[&str] = &[
    "signature",
    "certificate",
    "cert",
    "ssl",
    "tls",
    "https",
    "gpg",
    "pgp",
    "checksum",
    "hash",
    "integrity",
    "host",
    "hostkey",
    "package",
    "ca",
    "gpgcheck",
    "sslverify",
    "strict-ssl",
    "verify-ssl",
];
/// Code a project depends on.
const DEPENDENCIES: &[&str] = &[
    "library",
    "lib",
    "dependency",
    "dep",
    "package",
    "crate",
    "gem",
    "module",
    "action",
    "plugin",
    "chart",
    "image",
    "submodule",
    "sdk",
    "client",
    "framework",
    "provider",
];
/// A fork that is the company's own.
const OWN: &[&str] = &["our", "own", "internal", "company's", "org's", "team's"];

/// The first-three-letter keys of every lead verb (the prefilter's, see [`super::may_act`]).
pub(super) static VERB_KEYS: KeySet = {
    let mut set = [0_u64; 27 * 27 * 27 / 64 + 1];
    let mut i = 0;
    while i < VERBS.len() {
        let k = lexicon::key(VERBS[i].0.as_bytes());
        if k != 0 {
            set[k / 64] |= 1 << (k % 64);
        }
        i += 1;
    }
    set
};

/// The object words the prefilter looks for beside a lead verb: the distinctive word of each
/// kind (a destructive runner's name, a secret store, a volume or address, a domain's
/// registration, a root of trust, a credential or its power, people's data, a package
/// manager's source, a signature check, a fork). Every reader needs one of them (a reading
/// the prefilter would hide fails `prefilter_never_hides_a_finding`).
const PREFILTER_OBJECTS: &[&str] = &[
    // Runners named by what they do, beyond the lexicon's destroying verbs (which pass the
    // prefilter alone), and secret stores.
    "teardown",
    "decom",
    "format",
    "sanitize",
    "zap",
    "demolish",
    "obliterate",
    "dismantle",
    "retire",
    "vault",
    "openbao",
    "bao",
    "kms",
    "hsm",
    "keyvault",
    "conjur",
    "infisical",
    // Volumes and addresses.
    "volume",
    "ebs",
    "pvc",
    "lun",
    "datastore",
    "ip",
    "ips",
    "eip",
    "ipv4",
    "ipv6",
    "eni",
    // Registrations, delegation, roots of trust.
    "lapse",
    "expire",
    "renew",
    "renewal",
    "auto-renew",
    "autorenew",
    "nameserver",
    "registrar",
    "delegation",
    "ca",
    "authority",
    "kek",
    "signing",
    // Credentials, their power and their recovery (the lexicon's credentials pass alone).
    "pat",
    "passkey",
    "keypair",
    "kubeconfig",
    "recovery",
    "owner",
    "admin",
    "administrator",
    "superuser",
    "superadmin",
    // People's data and personal places.
    "customer",
    "patient",
    "payroll",
    "salary",
    "salaries",
    "compensation",
    "pii",
    "phi",
    "ssn",
    "medical",
    "employee",
    "subscriber",
    "passport",
    "cardholder",
    "gdpr",
    "personnel",
    "laptop",
    "usb",
    "gmail",
    "stick",
    "nas",
    "anyone",
    // Package sources, signing keys, signature checks.
    "repository",
    "repositories",
    "registry",
    "ppa",
    "tap",
    "aur",
    "copr",
    "gpg",
    "pgp",
    "keyring",
    "verification",
    "gpgcheck",
    "sslverify",
    "strict-ssl",
    // A batch cluster's jobs.
    "jobs",
    "partition",
    // Change requests ([`super::review_approval`]) and services opened to everyone
    // ([`super::opened`]).
    "pr",
    "prs",
    "mr",
    "mrs",
    "changeset",
    "ssh",
    "rdp",
    "winrm",
    "vnc",
    "telnet",
];

/// The keys of [`PREFILTER_OBJECTS`].
pub(super) static OBJECT_KEYS: KeySet = {
    let mut set = [0_u64; 27 * 27 * 27 / 64 + 1];
    let mut i = 0;
    while i < PREFILTER_OBJECTS.len() {
        let k = lexicon::key(PREFILTER_OBJECTS[i].as_bytes());
        if k != 0 {
            set[k / 64] |= 1 << (k % 64);
        }
        i += 1;
    }
    set
};

/// Lead verbs that name their operation alone ("impersonate", "evacuate", "seal").
const STRONG_VERBS: [&str; 7] = [
    "seal",
    "evacuate",
    "impersonate",
    "zeroize",
    "reflash",
    "mint",
    "factory",
];

/// Whether a word (as bytes) is one of [`STRONG_VERBS`] in any inflection (their keys are
/// shared by common words: `search`, `evaluate`, `minutes`).
pub(super) fn strong_verb(w: &[u8]) -> bool {
    std::str::from_utf8(w).is_ok_and(|w| STRONG_VERBS.iter().any(|v| inflects(w, v)))
}

/// The keys of [`STRONG_VERBS`].
pub(super) static STRONG_VERB_KEYS: KeySet = {
    let words = STRONG_VERBS;
    let mut set = [0_u64; 27 * 27 * 27 / 64 + 1];
    let mut i = 0;
    while i < words.len() {
        let k = lexicon::key(words[i].as_bytes());
        set[k / 64] |= 1 << (k % 64);
        i += 1;
    }
    set
};

/// Whether `word` is `base` or one of its inflections (`seals`, `sealed`, `sealing`,
/// `issuing`, `mints`, `pinned`).
pub(super) fn inflects(word: &str, base: &str) -> bool {
    let w = word.as_bytes();
    let b = base.as_bytes();
    if w.len() < b.len().saturating_sub(1) {
        return false;
    }
    if w.eq_ignore_ascii_case(b) {
        return true;
    }
    let stem = b.strip_suffix(b"e").unwrap_or(b);
    if w.len() < stem.len() || !w[..stem.len()].eq_ignore_ascii_case(stem) {
        return false;
    }
    let rest = &w[stem.len()..];
    let doubled = rest.first().is_some_and(|c| stem.last() == Some(c)) && rest.len() > 1;
    let rest = if doubled { &rest[1..] } else { rest };
    ["s", "es", "ed", "d", "ing", "e"]
        .iter()
        .any(|s| rest.eq_ignore_ascii_case(s.as_bytes()))
}

/// A token as a noun: lower-case ASCII comparison with the plural and possessive taken off.
pub(super) fn noun(text: &str, list: &[&str]) -> bool {
    let t = text
        .trim_end_matches("'s")
        .trim_end_matches("\u{2019}s")
        .trim_end_matches('\'')
        .as_bytes();
    // Compared as bytes: a multi-byte character never matches an ASCII word, and no slice
    // can fall inside one.
    let split =
        |n: usize, tail: &[u8]| t.len() == n + tail.len() && t[n..].eq_ignore_ascii_case(tail);
    list.iter().any(|w| {
        let w = w.as_bytes();
        let head = |n: usize| t.len() >= n && t[..n].eq_ignore_ascii_case(&w[..n]);
        t.eq_ignore_ascii_case(w)
            || head(w.len()) && (split(w.len(), b"s") || split(w.len(), b"es"))
            || w.ends_with(b"y") && head(w.len() - 1) && split(w.len() - 1, b"ies")
    })
}

/// A token or one of its parts (`wipe-hosts`, `teardown_prod.yml`, `org-wide`) as a noun of
/// `list`.
fn part(text: &str, list: &[&str]) -> bool {
    noun(text, list)
        || text.contains(['-', '_', '.', '/', ':'])
            && text
                .split(['-', '_', '.', '/', ':'])
                .any(|p| !p.is_empty() && noun(p, list))
}

/// Whether a token names one of `verbs` in any inflection, whole or as a part of a name.
fn names_verb(text: &str, verbs: &[&str]) -> bool {
    text.split(['-', '_', '.', '/'])
        .any(|p| verbs.iter().any(|v| inflects(p, v)))
}

pub(super) fn any(toks: &[Token<'_>], list: &[&str]) -> bool {
    toks.iter().any(|t| part(t.text, list))
}

pub(super) fn is(t: &Token<'_>, w: &str) -> bool {
    t.text.eq_ignore_ascii_case(w)
}

/// Where a segment reaches: from the lexicon's environment flags of its words.
#[derive(Debug, Clone, Copy)]
pub(super) struct Reach {
    /// Production, or every one of something.
    pub(super) wide: bool,
    /// A running environment others share that is not production.
    shared: bool,
    /// The developer's own: local, a test box, "my own".
    pub(super) own: bool,
}

impl Reach {
    pub(super) fn of(toks: &[Token<'_>]) -> Self {
        let flags = toks.iter().fold(0, |f, t| f | t.lex().flags);
        let prod = flags & flag::PROD != 0;
        let my_own = toks.windows(2).any(|p| is(&p[0], "my") && is(&p[1], "own"));
        let shared = super::environments::shared(flags);
        Reach {
            wide: prod || flags & flag::BULK != 0,
            shared: shared && !prod,
            own: !prod
                && (flags & flag::LOCAL != 0 || my_own || flags & flag::NONPROD != 0 && !shared),
        }
    }

    /// The grade of a change by where it reaches; `unnamed` when no environment is named.
    pub(super) fn grade(self, wide: Severity, unnamed: Option<Severity>) -> Option<Severity> {
        if self.wide {
            Some(wide)
        } else if self.own {
            None
        } else if self.shared {
            Some(Severity::Confirm)
        } else {
            unnamed
        }
    }
}

/// A reader of one kind of operation.
type Reader = fn(&Segment<'_, '_>) -> Option<Finding>;

/// One segment read from its lead verb.
pub(super) struct Segment<'s, 'a> {
    /// Its tokens from the lead verb on.
    pub(super) all: &'s [Token<'a>],
    /// Every token of the text, for what a sentence says about timing or recipients in
    /// another clause ("roll the key, the services can catch up").
    pub(super) whole: &'s [Token<'a>],
    /// The text the tokens borrow from, with the manner words the main reader drops at its
    /// end ("... now", "... immediately").
    pub(super) text: &'a str,
    /// The verb word.
    pub(super) verb: &'a str,
    /// Its particle ("kick *off*", "back *up*", "log *in*").
    particle: Option<&'a str>,
    /// The object: the words after the verb (and its particle) up to the first preposition.
    pub(super) object: &'s [Token<'a>],
    /// The words after the object.
    rest: &'s [Token<'a>],
    /// A credential an earlier segment named (and whether it was powerful), for "it".
    pub(super) carried: Option<bool>,
    /// "it" may be a destructive runner an earlier segment or a recent hint named.
    runner_before: bool,
    /// "it" may be people's or production's data an earlier segment named.
    data_before: bool,
}

/// Reads the segments of one clause-cut text (the main reader's tokens) and adds a finding
/// for each operation of the tables. `text` is the text the tokens borrow from.
pub(super) fn read<'a>(text: &'a str, toks: &[Token<'a>], recent: &[&str], out: &mut Vec<Finding>) {
    // Every reading needs a segment led by a verb of [`VERBS`] (`judge_segment` returns
    // nothing when the lead's `lead_acts` is 0), and a segment's lead is one of `toks`: with
    // no token that is such a verb, nothing is found, and the reading (which only adds
    // findings) is skipped. Most texts that reach here have none.
    if !toks.iter().any(|t| may_lead(t.text)) {
        return;
    }
    let starts = segment_starts(toks);
    // A destructive runner named before ("cat playbooks/teardown.yml", then "run it against
    // production"): read from the earlier segments, and from the recent hints only when a
    // pronoun needs it.
    let mut runner_before = false;
    let mut data_before = false;
    let mut content = false;
    let runner_recent = || recent.iter().any(|r| names_destructive_runner(r));
    // A credential named by an earlier segment, and whether it was powerful ("create an
    // admin key ... and send it to the vendor").
    let mut carried: Option<bool> = None;
    // A request quoted in a ticket or a chat and answered with a mention ("Bob asked: can
    // you ...? summarize the thread"): the question is the quote's, not the agent's act.
    let answered = starts.iter().any(|&s| mention_led(&toks[s..]));
    for (n, &s) in starts.iter().enumerate() {
        let e = starts.get(n + 1).copied().unwrap_or(toks.len());
        let seg = &toks[s..e];
        if seg.is_empty() {
            continue;
        }
        // What follows "write a runbook step:", "draft the checklist:" is the document's
        // content, not an act (the rest of this sentence: the caller cuts sentences apart).
        if content {
            continue;
        }
        if mention_led(seg) && seg.last().is_some_and(|t| next_char(text, t) == Some(':')) {
            content = true;
        }
        if skipped(seg) {
            continue;
        }
        if answered && quoted_question(text, toks, s, e) {
            continue;
        }
        let pronoun = seg.iter().any(|t| t.lex().obj & lexicon::obj::PRONOUN != 0);
        let runner = pronoun && (runner_before || runner_recent());
        if let Some(f) = judge_segment(text, seg, toks, carried, runner, data_before) {
            out.push(f);
        }
        data_before |= data_named(seg);
        runner_before |= seg.iter().any(|t| names_verb(t.text, DESTRUCTIVE_NAMES))
            && (any(seg, RUNNERS) || seg.iter().any(|t| t.text.contains(['.', '/'])));
        if any(seg, CREDENTIALS) {
            carried = Some(carried.unwrap_or(false) || powerful(seg));
        }
    }
}

/// Where segments start: the first token, and each token after a break or a joining word
/// ("and", "then") when a verb of the tables or of the lexicon follows (so "copy the fixtures
/// and the prod export to ..." stays one segment).
fn segment_starts(toks: &[Token<'_>]) -> Vec<usize> {
    let mut starts = vec![0];
    for i in 1..toks.len() {
        let prev = &toks[i - 1];
        let joined = prev.lex().flags & flag::SPLIT != 0;
        if !(prev.brk || joined) {
            continue;
        }
        let lead = toks[i..].iter().find(|t| !FILLERS.iter().any(|f| is(t, f)));
        let acts = lead.is_some_and(|t| {
            lead_acts(t.text) != 0
                || !matches!(t.lex().verb, Verb::Absent)
                || crate::explains(t.text)
        });
        if acts && starts.last() != Some(&i) {
            starts.push(i);
        }
    }
    starts
}

/// Whether a lead word is a past form of a table verb (`sealed`, `rotated`, `pinned`), not a
/// base form that ends so itself.
fn past_tense(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() > 3
        && b[b.len() - 1].eq_ignore_ascii_case(&b'd')
        // (A word that inflects no verb of the table has no key of one: [`verb_key`].)
        && verb_key(word)
        && VERBS.iter().all(|(v, _)| !v.eq_ignore_ascii_case(word))
        && VERBS.iter().any(|(v, _)| inflects(word, v))
        && (b[b.len() - 2].eq_ignore_ascii_case(&b'e') || b.ends_with(b"ed"))
}

/// Verbs that aim a runner at a place ("point the teardown playbook at the prod inventory",
/// "aim it at every host", "unleash the purge script on the buckets"): they run it there. Not
/// among the prefilter's keys ([`VERB_KEYS`]): `point` and `aim` lead many harmless sentences,
/// and a runner whose name destroys passes the prefilter by that word.
const AIM_VERBS: &[&str] = &["aim", "point", "unleash"];

/// The stems of [`VERBS`] shorter than three letters (`use` without its `e`): a word that
/// inflects one has a first-three-letter key of its own (`using`, `usd`).
const SHORT_STEMS: &[&str] = &["us"];

/// Whether `word` may inflect a verb of [`VERBS`], from its first three letters: false only
/// for a word that inflects none. Sound: a word that inflects a base is the base in another
/// case, or starts with the base's stem (the base without a final `e`); when that stem has
/// three letters or more, the word's first three bytes are the base's in another case, so its
/// key ([`lexicon::key`], case-blind, from those three bytes only) is the base's, which
/// [`VERB_KEYS`] holds; the shorter stems are [`SHORT_STEMS`] (`short_stems_are_listed`).
fn verb_key(word: &str) -> bool {
    let w = word.as_bytes();
    lexicon::holds(&VERB_KEYS, w)
        || SHORT_STEMS.iter().any(|s| {
            w.get(..s.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(s.as_bytes()))
        })
}

/// Whether `word` is a lead verb of [`VERBS`] in some inflection.
fn may_lead(word: &str) -> bool {
    lead_acts(word) != 0
}

/// The kinds a lead word can be (0 for none).
fn lead_acts(word: &str) -> u32 {
    // The verbs that aim a runner are read first: they are not among [`VERB_KEYS`].
    let aims = if AIM_VERBS.iter().any(|v| inflects(word, v)) {
        act::RUN
    } else {
        0
    };
    // Most words inflect no verb of the table: [`verb_key`] says so without reading it.
    if !verb_key(word) {
        return aims;
    }
    VERBS
        .iter()
        .filter(|(v, _)| inflects(word, v))
        .fold(aims, |a, (_, k)| a | k)
}

/// Openers that urge the act rather than ask about it ("how about you ...", "don't forget
/// to ...", "make sure to ..."): skipped like fillers, and no question or negation.
const OPENERS: &[&[&str]] = &[
    &["how", "about"],
    &["what", "about"],
    &["why", "not"],
    &["don't", "forget", "to"],
    &["dont", "forget", "to"],
    &["do", "not", "forget", "to"],
    &["don't", "hesitate", "to"],
    &["remember", "to"],
    &["make", "sure", "to"],
    &["make", "sure", "you"],
    &["be", "sure", "to"],
    &["feel", "free", "to"],
    &["it's", "time", "to"],
    &["time", "to"],
];

/// How many tokens a leading opener takes (0 when none).
fn opener(seg: &[Token<'_>]) -> usize {
    OPENERS
        .iter()
        .find(|o| o.len() <= seg.len() && o.iter().zip(seg).all(|(w, t)| is(t, w)))
        .map_or(0, |o| o.len())
}

/// The segment's lead verb's index, past an opener and the fillers.
fn lead(seg: &[Token<'_>]) -> Option<usize> {
    let open = opener(seg);
    seg[open..]
        .iter()
        .position(|t| !FILLERS.iter().any(|f| is(t, f)) && !t.text.is_empty())
        .map(|p| open + p)
}

/// A segment led by a verb that only talks about things (explain, review, summarize, draft,
/// reply...).
fn mention_led(seg: &[Token<'_>]) -> bool {
    lead(seg).is_some_and(|l| {
        let t = &seg[l];
        // "generate" talks in the lexicon ("generate a report") and makes a key here.
        lead_acts(t.text) == 0 && t.lex().verb == Verb::Mention
            || crate::explains(t.text)
            || [
                "reply", "respond", "answer", "triage", "label", "tag", "close",
            ]
            .iter()
            .any(|w| inflects(t.text, w))
    })
}

/// A question ("should we seal ...?", "what happens if ..."), a negation before the verb
/// ("don't ...", "never ..."), or a mention: nothing is done.
fn skipped(seg: &[Token<'_>]) -> bool {
    let open = opener(seg);
    let first = seg[0].lex();
    if open == 0
        && first.flags & flag::QUESTION != 0
        && seg.get(1).is_none_or(|t| t.lex().flags & flag::YOU == 0)
    {
        return true;
    }
    let Some(l) = lead(seg) else {
        return true;
    };
    seg[open..=l]
        .iter()
        .any(|t| t.lex().flags & flag::NEG != 0 || is(t, "not"))
        || mention_led(seg)
}

/// The character right after a token in the text it borrows from, past closing quotes.
fn next_char(text: &str, t: &Token<'_>) -> Option<char> {
    let end = (t.text.as_ptr() as usize).checked_sub(text.as_ptr() as usize)? + t.text.len();
    text.get(end..)?
        .trim_start_matches(['"', '\'', ')', '`', '*', '\u{201d}'])
        .chars()
        .next()
}

/// Whether the segment `s..e` ends with a question mark and a quote's frame ("message from
/// Bob:", "the ticket asks:", "she wrote:") comes before it.
fn quoted_question(text: &str, toks: &[Token<'_>], s: usize, e: usize) -> bool {
    // The request ends at its first break ("can you ...? I said no").
    let Some(last) = toks[s..e].iter().find(|t| t.brk).or(toks[s..e].last()) else {
        return false;
    };
    let end =
        (last.text.as_ptr() as usize).saturating_sub(text.as_ptr() as usize) + last.text.len();
    let asks = text.get(end..).is_some_and(|r| {
        r.trim_start_matches(['"', '\'', ')', '\u{201d}'])
            .starts_with('?')
    });
    const FRAMES: &[&str] = &[
        "asked",
        "asks",
        "ask",
        "wrote",
        "writes",
        "says",
        "said",
        "message",
        "ticket",
        "question",
        "email",
        "comment",
        "thread",
        "dm",
        "request",
        "requests",
        "requested",
        "issue",
        "post",
    ];
    let framed = toks[..s].iter().any(|t| FRAMES.iter().any(|f| is(t, f)));
    asks && framed
}

/// Whether a hint names a runner that destroys (`playbooks/teardown.yml`, "the decommission
/// runbook").
fn names_destructive_runner(hint: &str) -> bool {
    let words = || {
        hint.split_whitespace()
            .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && !"-_./".contains(c)))
    };
    words()
        .any(|w| names_verb(w, DESTRUCTIVE_NAMES) && (part(w, RUNNERS) || w.contains(['.', '/'])))
        || words().any(|w| names_verb(w, DESTRUCTIVE_NAMES)) && words().any(|w| part(w, RUNNERS))
}

fn judge_segment<'a>(
    text: &'a str,
    seg: &[Token<'a>],
    whole: &[Token<'a>],
    carried: Option<bool>,
    runner_before: bool,
    data_before: bool,
) -> Option<Finding> {
    let l = lead(seg)?;
    let verb_tok = &seg[l];
    // A past tense tells what happened ("we sealed Vault, then rotated the root CA"); an
    // imperative or a progressive ("sealing the production vault") is what the agent does.
    if past_tense(verb_tok.text) {
        return None;
    }
    let mut acts = lead_acts(verb_tok.text);
    if acts == 0 {
        return None;
    }
    // The verb's particle ("kick off", "turn off", "back up", "log in as", "factory reset").
    let mut o = l + 1;
    while o < seg.len()
        && [
            "off", "up", "in", "on", "as", "out", "over", "reset", "down",
        ]
        .iter()
        .any(|p| is(&seg[o], p))
        && o < l + 3
    {
        o += 1;
    }
    let particles = &seg[l + 1..o];
    if acts & act::IMPERSONATE != 0
        && !is(verb_tok, "impersonate")
        && !inflects(verb_tok.text, "impersonate")
        && !particles.iter().any(|t| is(t, "as"))
    {
        acts &= !act::IMPERSONATE;
    }
    if acts & act::RESET_DEVICE != 0
        && verb_tok.text.eq_ignore_ascii_case("factory")
        && !particles.iter().any(|t| is(t, "reset"))
    {
        acts &= !act::RESET_DEVICE;
    }
    if acts & (act::NO_RENEW | act::UNVERIFY) != 0
        && ["turn", "switch"]
            .iter()
            .any(|w| inflects(verb_tok.text, w))
        && !particles.iter().any(|t| is(t, "off"))
    {
        acts &= !(act::NO_RENEW | act::UNVERIFY);
    }
    let end = seg[o..]
        .iter()
        .position(|t| {
            let f = t.lex().flags;
            f & flag::PREP != 0 && !is(t, "of") || f & flag::SPLIT != 0
        })
        .map_or(seg.len(), |p| o + p);
    // A break ends the object too ("... an owner key? I said no").
    let end = seg[o..end]
        .iter()
        .position(|t| t.brk)
        .map_or(end, |p| o + p + 1);
    let s = Segment {
        all: &seg[l..],
        whole,
        text,
        verb: verb_tok.text,
        particle: particles.last().map(|t| t.text),
        object: &seg[o..end],
        rest: &seg[end..],
        carried,
        runner_before,
        data_before,
    };
    let readers: [(u32, Reader); 25] = [
        (act::RUN, destructive_run),
        (act::SEAL, seal),
        (act::DETACH, detach),
        (act::EVACUATE, evacuate),
        (act::RESET_DEVICE, reset_device),
        (act::LAPSE, lapse),
        (act::NO_RENEW, no_renew),
        (act::DELEGATE, delegate),
        (act::REKEY, rekey),
        (act::TRUST_KEY, trust_key),
        (act::MINT, mint),
        (act::RECOVERY, recovery),
        (act::RESET_LOGIN, reset_login),
        (act::IMPERSONATE, impersonate),
        (act::SEND, send),
        (act::ADD_SOURCE, add_source),
        (act::INSTALL, install_from),
        (act::UNVERIFY, unverify),
        (act::REPOINT, repoint),
        (act::RESIZE, resize),
        (act::DELETE_ZONE, delete_zone),
        (act::CANCEL_JOBS, cancel_jobs),
        (act::CUT_OVER, super::cutover::cut_over),
        (act::APPROVE, super::review_approval::approve),
        (act::OPEN, super::opened::opened),
    ];
    readers
        .iter()
        .filter(|(a, _)| acts & a != 0)
        .filter_map(|(_, r)| r(&s))
        .reduce(|w, f| if f.severity > w.severity { f } else { w })
}

pub(super) fn found(
    family: Family,
    code: &'static str,
    sev: Severity,
    s: &Segment<'_, '_>,
    why: &str,
) -> Finding {
    // The object's last word that is not a determiner or a number ("the teardown playbook").
    let what = s
        .object
        .iter()
        .rev()
        .find(|t| t.lex().flags & (flag::DET | flag::PREP) == 0 && !t.text.is_empty())
        .map_or("it", |t| t.text);
    let verb = match s.particle {
        Some(p) => format!("{} {p}", s.verb),
        None => s.verb.to_owned(),
    };
    finding(family, code, sev, format!("{verb} {what}: {why}"))
}

// (a) Infrastructure lifecycle.

/// "run the teardown playbook against every host in the production inventory": the runner's
/// own name says what it does.
fn destructive_run(s: &Segment<'_, '_>) -> Option<Finding> {
    let runner = any(s.object, RUNNERS) || s.object.iter().any(|t| t.text.contains(['.', '/']));
    let destroys = s
        .object
        .iter()
        .any(|t| names_verb(t.text, DESTRUCTIVE_NAMES));
    let pronoun = s
        .object
        .iter()
        .any(|t| t.lex().obj & lexicon::obj::PRONOUN != 0);
    if !(runner && destroys || pronoun && s.runner_before) {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Confirm))?;
    Some(found(
        Family::Infrastructure,
        "prose.destructive-run",
        sev,
        s,
        "runs an automation whose name takes machines or data away",
    ))
}

/// "seal the production Vault": every client is refused every secret until enough key holders
/// unseal it.
fn seal(s: &Segment<'_, '_>) -> Option<Finding> {
    if !any(s.all, SECRET_STORES) {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Verify))?;
    Some(found(
        Family::Secrets,
        "prose.seal-secret-store",
        sev,
        s,
        "a sealed secret store serves no secret to any client until its key holders unseal it",
    ))
}

/// "detach the data volume from the prod database", "release the floating IP": what runs on
/// it loses its disk or its address (a released address is gone for good).
fn detach(s: &Segment<'_, '_>) -> Option<Finding> {
    if !any(s.object, VOLUMES_AND_ADDRESSES) {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Confirm))?;
    Some(found(
        Family::Cloud,
        "prose.detach-volume-or-address",
        sev,
        s,
        "takes a disk or an address away from what uses it",
    ))
}

/// "evacuate the production hypervisor": every guest is moved or restarted.
fn evacuate(s: &Segment<'_, '_>) -> Option<Finding> {
    if !any(s.object, DEVICES) {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Confirm))?;
    Some(found(
        Family::Infrastructure,
        "prose.evacuate-host",
        sev,
        s,
        "moves every guest off a host; what cannot move goes down",
    ))
}

/// "factory reset the core switch", "reimage the edge router": its configuration is erased.
fn reset_device(s: &Segment<'_, '_>) -> Option<Finding> {
    // A path names files, not a device: `~/repos/site/node_modules` is no node.
    if !s
        .object
        .iter()
        .any(|t| !t.text.contains('/') && part(t.text, DEVICES))
    {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Confirm))?;
    Some(found(
        Family::Infrastructure,
        "prose.factory-reset",
        sev,
        s,
        "erases a device back to its factory state",
    ))
}

/// "downgrade the production RDS instance", "resize the prod database to a smaller class":
/// it restarts, and may be too small for its load.
fn resize(s: &Segment<'_, '_>) -> Option<Finding> {
    let machine = any(
        s.object,
        &[
            "instance",
            "database",
            "db",
            "rds",
            "cluster",
            "node",
            "vm",
            "server",
            "droplet",
            "volume",
            "disk",
            "warehouse",
            "tier",
            "sku",
        ],
    );
    if !machine || any(s.object, DEPENDENCIES) {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Confirm, None)?;
    Some(found(
        Family::Cloud,
        "prose.resize-down",
        sev,
        s,
        "a running database or machine made smaller restarts and may not carry its load",
    ))
}

/// "delete the DNS zone for example.com": every name under the domain stops resolving.
fn delete_zone(s: &Segment<'_, '_>) -> Option<Finding> {
    let zone = s
        .object
        .iter()
        .any(|t| is(t, "dns") || noun(t.text, &["zone", "nameserver"]))
        && (any(s.object, &["zone", "record"]) || names_domain(s.all));
    if !zone {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Verify))?;
    Some(found(
        Family::Infrastructure,
        "prose.delete-dns-zone",
        sev,
        s,
        "every name under the domain stops resolving",
    ))
}

/// A domain name written as itself (`example.org`, `acme.io`).
fn domain_name(t: &Token<'_>) -> bool {
    let w = t.text;
    !w.contains('/')
        && !w.contains('@')
        && w.rsplit_once('.').is_some_and(|(host, tld)| {
            !host.is_empty()
                && (2..=6).contains(&tld.len())
                && tld.bytes().all(|c| c.is_ascii_lowercase())
                && ![
                    "yml", "yaml", "json", "toml", "py", "rs", "js", "ts", "sh", "md", "txt",
                    "csv", "sql", "log", "env", "conf", "cfg", "ini", "lock", "xml", "html", "tsx",
                    "jsx", "go", "rb", "java", "tf", "hcl", "gz", "tar", "zip", "xlsx",
                ]
                .contains(&tld)
        })
}

fn names_domain(toks: &[Token<'_>]) -> bool {
    toks.iter()
        .any(|t| noun(t.text, &["domain"]) || domain_name(t))
}

/// "let the company's domain lapse": anyone may register it next and receive its mail.
fn lapse(s: &Segment<'_, '_>) -> Option<Finding> {
    let runs_out = s
        .all
        .iter()
        .any(|t| names_verb(t.text, &["lapse", "expire"]) || is(t, "run"));
    if !runs_out {
        return None;
    }
    // A certificate "for example.com" is the certificate's lapse, not the domain's.
    let lapses = ["certificate", "cert", "license", "subscription", "contract"];
    let (wide, unnamed, why) = if names_domain(s.all) && !any(s.all, &lapses) {
        (
            Severity::Verify,
            Severity::Verify,
            "a lapsed domain can be registered by anyone, with its mail and its users' logins",
        )
    } else if any(s.all, &lapses) {
        (
            Severity::Verify,
            Severity::Confirm,
            "what depends on it stops working when it runs out",
        )
    } else {
        return None;
    };
    let sev = Reach::of(s.all).grade(wide, Some(unnamed))?;
    Some(found(Family::Business, "prose.let-lapse", sev, s, why))
}

/// Where batch jobs run: a scheduler's cluster, partition or queue (Slurm, PBS, LSF, HTCondor).
const BATCH_PLACES: &[&str] = &[
    "partition",
    "cluster",
    "hpc",
    "slurm",
    "scheduler",
    "pbs",
    "torque",
    "lsf",
    "condor",
    "htcondor",
    "sge",
    "queue",
];

/// "cancel all of svc_genomics's jobs in the gpu partition", "requeue the running jobs on the
/// HPC cluster": what a batch cluster's users were computing is stopped (`scancel`, `qdel`,
/// `bkill` in words). Another user's or every job is confirmed at least, everything (or
/// production) verified; the speaker's own jobs ("my jobs") are theirs to cancel.
fn cancel_jobs(s: &Segment<'_, '_>) -> Option<Finding> {
    if !any(s.object, &["job"]) || !any(s.all, BATCH_PLACES) {
        return None;
    }
    let others = any(s.object, &["everyone", "everybody", "user", "other"]);
    if any(s.object, &["my"]) && !others {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Confirm))?;
    Some(found(
        Family::Infrastructure,
        "prose.cancel-jobs",
        sev,
        s,
        "stops what a batch cluster's users were computing",
    ))
}

/// "disable auto-renew on the domain", "cancel the domain's renewal".
fn no_renew(s: &Segment<'_, '_>) -> Option<Finding> {
    let renewal = s
        .all
        .iter()
        .any(|t| names_verb(t.text, &["renew"]) || part(t.text, &["renewal", "autorenew"]));
    if !renewal || !names_domain(s.all) {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Verify))?;
    Some(found(
        Family::Business,
        "prose.let-lapse",
        sev,
        s,
        "the domain lapses at its end date and anyone may register it",
    ))
}

/// "switch the nameservers for example.org to the new provider": every record of the domain
/// is answered by another zone (empty until it is filled).
fn delegate(s: &Segment<'_, '_>) -> Option<Finding> {
    let ns = any(s.object, DELEGATION)
        || s.object
            .windows(2)
            .any(|p| is(&p[0], "name") && noun(p[1].text, &["server"]));
    if !ns {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Verify))?;
    Some(found(
        Family::Infrastructure,
        "prose.redelegate-domain",
        sev,
        s,
        "moves the whole domain's answers to another zone",
    ))
}

/// "rotate the root CA", "re-key the certificate authority", "roll the JWT signing key": what
/// it signed stops being trusted.
fn rekey(s: &Segment<'_, '_>) -> Option<Finding> {
    let root = any(s.object, ROOTS)
        && (any(
            s.object,
            &["ca", "authority", "certificate", "cert", "key", "kek"],
        ) || s.object.iter().any(|t| is(t, "ca")));
    let signing = any(s.object, SIGNING_KEYS) && any(s.object, &["key", "keys", "secret"]);
    let (wide, unnamed, why) = if root {
        (
            Severity::Verify,
            Severity::Verify,
            "every certificate it signed stops being trusted at once",
        )
    } else if signing {
        (
            Severity::Verify,
            Severity::Confirm,
            "everything it signed or encrypted must be redone; sessions end",
        )
    } else {
        return None;
    };
    let sev = Reach::of(s.all).grade(wide, Some(unnamed))?;
    Some(found(Family::Secrets, "prose.rekey-root", sev, s, why))
}

/// "import the vendor's GPG signing key", "trust the partner's root CA": what it signs is
/// installed or believed from then on.
fn trust_key(s: &Segment<'_, '_>) -> Option<Finding> {
    let key = any(s.object, TRUSTED_KEYS) && any(s.object, KEY_KINDS);
    if !key {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Confirm, Some(Severity::Confirm))?;
    Some(found(
        Family::RemoteCode,
        "prose.trust-signing-key",
        sev,
        s,
        "what this key signs is installed or trusted from now on",
    ))
}

// (b) Credentials and privileges.

/// Whether the words make a credential powerful (an owner's, the whole organization's, every
/// scope, no expiry).
fn powerful(toks: &[Token<'_>]) -> bool {
    // AWS managed policies and roles written as one word (`AdministratorAccess`,
    // `IAMFullAccess`, `PowerUserAccess`).
    let policy = |w: &str| {
        let b = w.as_bytes();
        let ends = |x: &[u8]| b.len() >= x.len() && b[b.len() - x.len()..].eq_ignore_ascii_case(x);
        let starts = |x: &[u8]| b.len() >= x.len() && b[..x.len()].eq_ignore_ascii_case(x);
        ends(b"fullaccess") || starts(b"administrator") || starts(b"poweruser")
    };
    toks.iter()
        .any(|t| policy(t.text) || part(t.text, POWER) || wide_suffix(t.text))
        || toks.windows(2).any(|p| {
            POWER_PAIRS
                .iter()
                .any(|(a, b)| is(&p[0], a) && noun(p[1].text, &[b]))
        })
}

/// `org-wide`, `company-wide`, `tenant-wide`.
fn wide_suffix(w: &str) -> bool {
    let b = w.as_bytes();
    b.len() > 5 && b[b.len() - 5..].eq_ignore_ascii_case(b"-wide")
}

/// Whether the words reach the whole organization (`org-wide`, `company-wide`, "all
/// repositories").
fn org_wide(toks: &[Token<'_>]) -> bool {
    toks.iter().any(|t| wide_suffix(t.text))
        || toks.windows(2).any(|p| {
            (is(&p[0], "all") || is(&p[0], "every"))
                && noun(
                    p[1].text,
                    &["repo", "repository", "project", "scope", "permission"],
                )
        })
}

/// Whether someone outside the company is named (a contractor, a vendor, a personal address).
fn outsider(toks: &[Token<'_>]) -> bool {
    toks.iter().enumerate().any(|(i, t)| {
        part(t.text, OUTSIDERS)
            || matches!(t.kind, Kind::Email)
            || is(t, "personal")
                && !toks
                    .get(i + 1)
                    .is_some_and(|n| is(n, "access") || noun(n.text, &["token"]))
    })
}

/// "give the contractor an owner-level API key", "mint an org-wide admin token", "create a
/// token for the external consultant".
fn mint(s: &Segment<'_, '_>) -> Option<Finding> {
    let pronoun = s
        .object
        .iter()
        .any(|t| t.lex().obj & lexicon::obj::PRONOUN != 0);
    let carried = s.carried.filter(|_| pronoun);
    // An identity with an administrator's power, for someone outside ("an IAM user with
    // AdministratorAccess for the auditor").
    let identity = any(
        s.object,
        &["user", "account", "identity", "principal", "login", "seat"],
    ) && powerful(s.all)
        && outsider(s.all);
    if !(any(s.object, CREDENTIALS)
        || any(s.object, &["service"]) && any(s.all, &["account"])
        || carried.is_some()
        || identity)
    {
        return None;
    }
    let power = powerful(s.all) || carried == Some(true);
    let outside = outsider(s.all);
    let mut reach = Reach::of(s.all);
    // The whole organization's credential is nobody's own, whatever it is for.
    reach.own &= !org_wide(s.all);
    let (sev, why) = match (power, outside) {
        (true, true) => (
            Severity::Verify,
            "a credential with an owner's or the whole organization's power, for someone outside it",
        ),
        (false, true) => (
            Severity::Confirm,
            "a credential for someone outside the organization",
        ),
        (true, false) => (
            reach.grade(Severity::Verify, Some(Severity::Verify))?,
            "a credential with an owner's or the whole organization's power, or no expiry",
        ),
        (false, false) => return None,
    };
    Some(found(
        Family::Secrets,
        "prose.powerful-credential",
        sev,
        s,
        why,
    ))
}

/// "add my personal Gmail as the recovery address on the root account": whoever reads that
/// mailbox can take the account.
fn recovery(s: &Segment<'_, '_>) -> Option<Finding> {
    if any(s.object, CODE_NOUNS) {
        return None;
    }
    if !any(s.all, &["recovery", "backup"])
        || !any(
            s.all,
            &["email", "address", "phone", "number", "mail", "mailbox"],
        ) && !s.all.iter().any(|t| matches!(t.kind, Kind::Email))
    {
        return None;
    }
    let reach = Reach::of(s.all);
    if reach.own && !powerful(s.all) {
        return None;
    }
    let sev = if powerful(s.all) || any(s.all, PERSONAL_PLACES) || outsider(s.all) {
        Severity::Verify
    } else {
        Severity::Confirm
    };
    Some(found(
        Family::Secrets,
        "prose.account-recovery",
        sev,
        s,
        "whoever holds the recovery address can take the account over",
    ))
}

/// Whether the object is someone else's: a possessive that is not the speaker's ("Dana's",
/// "the CFO's"), or a person after "for".
fn someone_elses(toks: &[Token<'_>]) -> bool {
    let mine = toks
        .iter()
        .any(|t| is(t, "my") || is(t, "own") || is(t, "our"));
    let possessive = toks.iter().any(|t| {
        (t.text.ends_with("'s") || t.text.ends_with("\u{2019}s"))
            && !is(t, "it's")
            && !is(t, "let's")
    });
    let named_user = any(toks, &["user", "employee", "member", "account", "customer"]);
    !mine && (possessive || named_user)
}

/// "reset Dana's password and send me the new one": the agent holds someone else's login.
fn reset_login(s: &Segment<'_, '_>) -> Option<Finding> {
    let login = any(
        s.object,
        &[
            "password",
            "passphrase",
            "2fa",
            "mfa",
            "totp",
            "otp",
            "passkey",
            "credential",
        ],
    );
    if !login || !someone_elses(s.all) || any(s.all, MADE_UP) || any(s.object, CODE_NOUNS) {
        return None;
    }
    let reach = Reach::of(s.all);
    let sev = if powerful(s.all) {
        reach.grade(Severity::Verify, Some(Severity::Verify))?
    } else {
        reach.grade(Severity::Confirm, Some(Severity::Confirm))?
    };
    Some(found(
        Family::Secrets,
        "prose.reset-someones-login",
        sev,
        s,
        "takes over someone else's login",
    ))
}

/// "impersonate the customer's account", "log in as the billing admin".
fn impersonate(s: &Segment<'_, '_>) -> Option<Finding> {
    if any(s.all, MADE_UP) {
        return None;
    }
    let reach = Reach::of(s.all);
    let sev = if powerful(s.all) {
        reach.grade(Severity::Verify, Some(Severity::Verify))?
    } else {
        reach.grade(Severity::Confirm, Some(Severity::Confirm))?
    };
    Some(found(
        Family::Secrets,
        "prose.impersonate",
        sev,
        s,
        "acts as another user, with everything they may do",
    ))
}

// (c) Data handling.

/// Whether a segment names people's or production's data (for a later "it").
fn data_named(seg: &[Token<'_>]) -> bool {
    let flags = seg.iter().fold(0, |f, t| f | t.lex().flags);
    let made_up = any(seg, MADE_UP);
    let data = any(seg, DATA);
    !made_up
        && (data && (flags & flag::PROD != 0 || any(seg, SENSITIVE))
            || any(
                seg,
                &[
                    "pii", "phi", "payroll", "salary", "ssn", "medical", "patient",
                ],
            ))
}

/// Whether the segment names data about people, money or health, or production's data; data
/// made for tests lowers it only outside production.
fn sensitive_data(s: &Segment<'_, '_>) -> bool {
    let flags = s.all.iter().fold(0, |f, t| f | t.lex().flags);
    let prod = flags & flag::PROD != 0;
    let data = any(s.all, DATA) || any(s.all, SENSITIVE);
    if !data {
        return false;
    }
    if !prod && any(s.object, MADE_UP) {
        return false;
    }
    prod && any(s.all, DATA)
        || any(s.all, SENSITIVE) && any(s.all, DATA)
        || any(
            s.all,
            &[
                "pii", "phi", "payroll", "salary", "ssn", "medical", "patient",
            ],
        )
}

/// Health, pay and identity data (the special categories of data-protection law, payroll).
fn special_category(toks: &[Token<'_>]) -> bool {
    any(
        toks,
        &[
            "patient",
            "medical",
            "health",
            "phi",
            "payroll",
            "salary",
            "compensation",
            "ssn",
            "passport",
            "cardholder",
            "biometric",
            "diagnosis",
        ],
    ) || toks
        .windows(2)
        .any(|p| is(&p[0], "social") && is(&p[1], "security"))
}

/// "all", "every", "full", "entire", "whole".
fn bulk(toks: &[Token<'_>]) -> bool {
    toks.iter()
        .any(|t| t.lex().flags & flag::BULK != 0 || is(t, "full"))
}

/// A personal mailbox by its provider (`@gmail.com`, `@yahoo.fr`, `@proton.me`), or one that
/// says it is private.
fn personal_address(t: &Token<'_>) -> bool {
    if !matches!(t.kind, Kind::Email) {
        return false;
    }
    let lower = t.text.to_ascii_lowercase();
    [
        "@gmail.",
        "@googlemail.",
        "@yahoo.",
        "@hotmail.",
        "@outlook.",
        "@live.",
        "@icloud.",
        "@me.com",
        "@proton",
        "@gmx.",
        "@aol.",
        "@mail.ru",
        "@yandex.",
        "@zoho.",
        "@fastmail.",
        "@tutanota",
        "@web.de",
        "@qq.com",
        "@163.com",
    ]
    .iter()
    .any(|p| lower.contains(p))
        || lower.contains("private")
        || lower.contains("personal")
}

/// "forward the prod customer export to my personal Gmail", "copy the payroll sheet to a USB
/// stick", "share the PII extract with anyone with the link".
fn send(s: &Segment<'_, '_>) -> Option<Finding> {
    let pronoun = s
        .object
        .iter()
        .any(|t| t.lex().obj & lexicon::obj::PRONOUN != 0);
    if !(sensitive_data(s) || pronoun && s.data_before) {
        return None;
    }
    let link_for_anyone = s.all.windows(3).any(|p| {
        (is(&p[0], "anyone") || is(&p[0], "anybody")) && is(&p[1], "with") && is(&p[2], "the")
    }) || s
        .all
        .windows(2)
        .any(|p| is(&p[0], "public") && noun(p[1].text, &["link", "url", "bucket"]));
    let personal = link_for_anyone
        || s.rest.iter().enumerate().any(|(i, t)| {
            personal_address(t)
                || part(t.text, PERSONAL_PLACES)
                    && !(is(t, "personal")
                        && s.rest
                            .get(i + 1)
                            .is_some_and(|n| is(n, "access") || noun(n.text, &["token"])))
                || is(t, "external")
                    && s.rest
                        .get(i + 1)
                        .is_some_and(|n| noun(n.text, &["drive", "disk", "hdd", "ssd"]))
        });
    let third_party = outsider(s.rest)
        || s.rest
            .iter()
            .any(|t| matches!(t.kind, Kind::Email | Kind::Url));
    let (sev, why) = if personal {
        (
            Severity::Verify,
            "people's or production's data leaves for a personal device, mailbox or public link",
        )
    } else if third_party && (special_category(s.all) || bulk(s.all)) {
        (
            Severity::Verify,
            "health, pay or identity data, or all of it, leaves for a third party",
        )
    } else if third_party {
        (
            Severity::Confirm,
            "people's or production's data leaves for a third party",
        )
    } else {
        return None;
    };
    Some(found(
        Family::Exfiltration,
        "prose.data-leaves",
        sev,
        s,
        why,
    ))
}

// (d) Package sources and verification.

/// Whether the words name a package source: a PPA, a tap, or a repository, registry, index or
/// channel of a package manager.
fn package_source(toks: &[Token<'_>]) -> bool {
    any(toks, PERSONAL_SOURCES) || any(toks, SOURCES) && any(toks, ECOSYSTEMS)
}

/// "add the vendor's apt repository", "register the contractor's npm registry", "add the
/// deadsnakes PPA". The label follows the construct, not the reputation (eval/README.md): a
/// new source of packages the package manager installs, with root's rights for system
/// managers, whoever publishes it; "official" is the agent's word.
fn add_source(s: &Segment<'_, '_>) -> Option<Finding> {
    // "add the vendor's apt repository"; "configure pip to use the contractor's index" (the
    // package manager is the object, the source comes after).
    let source = package_source(s.object)
        || any(s.object, ECOSYSTEMS) && package_source(s.all) && any(s.rest, SOURCES);
    if !source || company_source(s.all) {
        return None;
    }
    Some(found(
        Family::RemoteCode,
        "prose.package-source",
        Severity::Confirm,
        s,
        "adds a package source: its packages and their install scripts are trusted from now on",
    ))
}

/// A source the company runs ("our internal apt repository", "the registry mirror the
/// platform team configured"), with nothing outside named beside it: a PPA, a tap, a vendor, an
/// untrusted word keep the finding.
fn company_source(toks: &[Token<'_>]) -> bool {
    let ours = any(
        toks,
        &[
            "our",
            "internal",
            "company's",
            "in-house",
            "corporate",
            "platform",
        ],
    ) || toks
        .windows(2)
        .any(|p| is(&p[0], "the") && noun(p[1].text, &["team"]));
    let outside = outsider(toks)
        || any(toks, PERSONAL_SOURCES)
        || toks
            .iter()
            .any(|t| t.lex().flags & flag::UNTRUSTED != 0 || matches!(t.kind, Kind::Url))
        || any(
            toks,
            &["unofficial", "community", "custom", "unknown", "someone"],
        );
    ours && !outside
}

/// Nouns of code and documents: a segment about them changes code, not an account ("set the
/// recovery email field as optional", "reset the password form").
const CODE_NOUNS: &[&str] = &[
    "field",
    "form",
    "page",
    "component",
    "template",
    "model",
    "schema",
    "column",
    "endpoint",
    "function",
    "method",
    "class",
    "test",
    "spec",
    "fixture",
    "mock",
    "ui",
    "screen",
    "modal",
    "button",
    "flow",
    "migration",
    "docs",
    "validation",
    "handler",
    "route",
    "view",
    "input",
    "label",
    "placeholder",
    "copy",
    "email-template",
    "story",
    "storybook",
];

/// "install their agent from the vendor's third-party apt repo", "install it from a PPA".
fn install_from(s: &Segment<'_, '_>) -> Option<Finding> {
    if !package_source(s.rest) {
        return None;
    }
    let third = any(s.rest, PERSONAL_SOURCES)
        || outsider(s.rest)
        || any(
            s.rest,
            &["unofficial", "community", "custom", "unknown", "someone"],
        );
    if !third {
        return None;
    }
    Some(found(
        Family::RemoteCode,
        "prose.package-source",
        Severity::Confirm,
        s,
        "installs from a third-party package source",
    ))
}

/// "turn off TLS certificate verification for npm", "skip gpg signature checking": anything
/// on the way can serve other code or answers.
fn unverify(s: &Segment<'_, '_>) -> Option<Finding> {
    if !any(s.object, CHECKS) || !any(s.object, CHECKED) {
        return None;
    }
    // "set strict-ssl to false": a setting is turned off only by its value.
    if inflects(s.verb, "set")
        && !s.rest.iter().any(|t| {
            ["false", "off", "0", "no", "none", "disabled"]
                .iter()
                .any(|v| is(t, v))
        })
    {
        return None;
    }
    let sev = Reach::of(s.all).grade(Severity::Verify, Some(Severity::Verify));
    let sev = sev.unwrap_or(Severity::Confirm);
    Some(found(
        Family::RemoteCode,
        "prose.verification-off",
        sev,
        s,
        "signatures or certificates are no longer checked: anyone on the way can serve code",
    ))
}

/// "point the auth library at the unreviewed fork", "pin the crate to someone's fork": code
/// nobody here reviewed replaces the published release.
fn repoint(s: &Segment<'_, '_>) -> Option<Finding> {
    let dependency = any(s.object, DEPENDENCIES)
        || s.object
            .iter()
            .any(|t| t.lex().obj & lexicon::obj::SOFTWARE != 0);
    let fork = s.rest.iter().any(|t| noun(t.text, &["fork"]));
    if !dependency || !fork || any(s.rest, OWN) {
        return None;
    }
    Some(found(
        Family::RemoteCode,
        "prose.dependency-fork",
        Severity::Confirm,
        s,
        "a dependency now comes from a fork nobody here has reviewed",
    ))
}

#[cfg(test)]
#[path = "operations_tests.rs"]
mod tests;
