//! The words plain-language judgement knows: each with its role as a verb (what kind of action),
//! as an object (what kind of thing), and as a scope or modifier (all, production, public,
//! without review ...).
//!
//! One sorted table, checked sorted at compile time and searched by binary search over the
//! lower-cased word in a stack buffer: no allocation and about ten comparisons per word.
//! Inflections (`issues`, `deleting`, `dropped`) are found by trying the few English suffix rules
//! on a miss ([`lookup`]), so the table lists base forms only.

/// What kind of action a verb names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// Not a verb.
    Absent,
    /// Talking about something, not doing it: explain, review, summarize, rename, test, write...
    /// A clause led by one of these goes ahead.
    Mention,
    /// Reading or showing: read, print, show, dump, cat. Harmless except on secrets and on the
    /// guard's operator channel.
    Access,
    /// Verbs that only carry the next one: run, execute, go ahead, use, call. Also mark a clause
    /// as running something (remote code).
    Run,
    /// delete, remove, wipe, purge, drop, destroy, erase, truncate, empty, clear, tear down...
    Destroy,
    /// transfer, wire, pay, refund, charge, sell.
    Money,
    /// send, email, post, publish, tweet, share, upload, paste.
    Communicate,
    /// deploy, merge, release, ship, push, apply.
    Release,
    /// grant, give, make, promote, add, invite, elevate.
    Privilege,
    /// rotate, revoke, regenerate, invalidate.
    Keys,
    /// disable, deactivate, suspend, ban, turn off.
    Disable,
    /// cancel, unsubscribe, void.
    Cancel,
    /// close.
    Close,
    /// archive.
    Archive,
    /// set, change, update, modify, downgrade, raise, lower, create.
    Modify,
    /// approve, authorize, verify, confirm.
    Approve,
    /// unblock, bypass, circumvent, override, whitelist.
    Unblock,
    /// reboot, shut down, halt, stop, kill.
    Shutdown,
    /// restart, redeploy, bounce.
    Restart,
    /// move (money when an amount is named).
    Move,
    /// install (remote code when the source is untrusted).
    Install,
}

/// Object classes (bits).
pub mod obj {
    /// Holders of data: databases, tables, buckets, backups, repositories, projects, stacks...
    pub const STORE: u16 = 1;
    /// Running things: servers, instances, pods, deployments, processes.
    pub const RUNTIME: u16 = 1 << 1;
    /// Work items: issues, tickets, pull requests, comments, branches, pages, posts.
    pub const WORK: u16 = 1 << 2;
    /// Files, folders, directories.
    pub const FILES: u16 = 1 << 3;
    /// People and their accounts: users, customers, members, subscribers, contacts.
    pub const PEOPLE: u16 = 1 << 4;
    /// Money: invoices, orders, payments, subscriptions, prices, plans, shares.
    pub const MONEY: u16 = 1 << 5;
    /// Credentials: tokens, keys, passwords, secrets, certificates.
    pub const CRED: u16 = 1 << 6;
    /// Security controls: 2FA, SSO, firewall, branch protection, audit logging, monitoring.
    pub const SECURITY: u16 = 1 << 7;
    /// Privileges: admin, owner, superuser, root, sudo, permissions.
    pub const PRIV: u16 = 1 << 8;
    /// Sensitive content: internal, confidential, roadmap, revenue, salaries, dumps, PII.
    pub const SENSITIVE: u16 = 1 << 9;
    /// A pronoun standing for an object named earlier: it, them, that one.
    pub const PRONOUN: u16 = 1 << 10;
    /// The guard itself: airlock, its operator channel.
    pub const AIRLOCK: u16 = 1 << 11;
    /// Access to something (weaker than an administrator's privileges).
    pub const ACCESS: u16 = 1 << 12;
    /// Code to install: packages, dependencies, libraries, plugins, extensions.
    pub const SOFTWARE: u16 = 1 << 13;
}

/// Scope and modifier flags (bits).
pub mod flag {
    /// all, every, entire, whole, everything, everyone, bulk, mass.
    pub const BULK: u32 = 1;
    /// production, prod, live.
    pub const PROD: u32 = 1 << 1;
    /// staging, dev, test, local, sandbox, preview.
    pub const NONPROD: u32 = 1 << 2;
    /// public, publicly.
    pub const PUBLIC: u32 = 1 << 3;
    /// Places that are public: twitter, blog, forum, npm, reddit, internet.
    pub const PUBLIC_PLACE: u32 = 1 << 4;
    /// untested, unreviewed, force, skip, bypass, directly.
    pub const UNSAFE: u32 = 1 << 5;
    /// not, don't, never, without (before the verb), avoid, instead.
    pub const NEG: u32 = 1 << 6;
    /// what, how, why, which, does, is, should (at the start of a clause).
    pub const QUESTION: u32 = 1 << 7;
    /// the, a, this, my...: the next word is a noun.
    pub const DET: u32 = 1 << 8;
    /// in, from, of, on, to, for, with...: ends the object's noun phrase.
    pub const PREP: u32 = 1 << 9;
    /// and, then, but, so, after, before, also: may start a new clause.
    pub const SPLIT: u32 = 1 << 10;
    /// Network sinks named in words: pastebin, gist, dropbox, personal, external, webhook.
    pub const SINK: u32 = 1 << 11;
    /// myself, own, me: the agent acting on its own case.
    pub const SELF: u32 = 1 << 12;
    /// request, pending, challenge, execution: things an approval is about.
    pub const APPROVAL: u32 = 1 << 13;
    /// policy, threshold, rule.
    pub const POLICY: u32 = 1 << 14;
    /// danger, threshold, through ("so this goes through"): loosening a guard.
    pub const LOOSEN: u32 = 1 << 15;
    /// main, master, trunk.
    pub const MAIN: u32 = 1 << 16;
    /// same ("do the same").
    pub const SAME: u32 = 1 << 17;
    /// download, downloaded, fetched, installer, gist.
    pub const DOWNLOAD: u32 = 1 << 18;
    /// random, untrusted, unknown, unverified, fork.
    pub const UNTRUSTED: u32 = 1 << 19;
    /// usd, eur, dollars, euros, btc.
    pub const CURRENCY: u32 = 1 << 20;
    /// iban, swift, routing.
    pub const IBAN: u32 = 1 << 21;
    /// home, system, root directory.
    pub const SYSTEM: u32 = 1 << 22;
    /// without (after the verb, before review/tests).
    pub const WITHOUT: u32 = 1 << 23;
    /// review, approval, tests, checks, ci, waiting.
    pub const REVIEW: u32 = 1 << 24;
    /// operator, verification, code: the guard's secrets.
    pub const OPERATOR: u32 = 1 << 25;
    /// sh, bash, shell, interpreter: the end of a pipe that runs code.
    pub const SHELL: u32 = 1 << 26;
    /// private.
    pub const PRIVATE: u32 = 1 << 27;
    /// private-to-one words that keep a message internal: team, my own address, internal channel.
    pub const INTERNAL: u32 = 1 << 28;
    /// "off", "down", "away", "out": particles of phrasal verbs (turn off, tear down).
    pub const PARTICLE: u32 = 1 << 29;
    /// "you" after can/could/would: a request, not a question.
    pub const YOU: u32 = 1 << 30;
    /// People outside the organization a message reaches: customers, clients, suppliers.
    pub const PARTY: u32 = 1 << 31;
}

/// One word's roles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lex {
    /// As a verb.
    pub verb: Verb,
    /// As an object (bits of [`obj`]).
    pub obj: u16,
    /// As a scope or modifier (bits of [`flag`]).
    pub flags: u32,
}

impl Lex {
    const fn v(verb: Verb) -> Self {
        Self {
            verb,
            obj: 0,
            flags: 0,
        }
    }
    const fn o(obj: u16) -> Self {
        Self {
            verb: Verb::Absent,
            obj,
            flags: 0,
        }
    }
    const fn f(flags: u32) -> Self {
        Self {
            verb: Verb::Absent,
            obj: 0,
            flags,
        }
    }
    const fn vo(verb: Verb, obj: u16) -> Self {
        Self {
            verb,
            obj,
            flags: 0,
        }
    }
    const fn of(obj: u16, flags: u32) -> Self {
        Self {
            verb: Verb::Absent,
            obj,
            flags,
        }
    }
    const fn vf(verb: Verb, flags: u32) -> Self {
        Self {
            verb,
            obj: 0,
            flags,
        }
    }
}

use Verb::*;
use flag::*;
use obj::*;

/// The table, sorted by word (checked at compile time).
pub const WORDS: &[(&str, Lex)] = &[
    ("2fa", Lex::o(SECURITY)),
    ("a", Lex::f(DET)),
    ("about", Lex::f(PREP)),
    ("access", Lex::o(ACCESS)),
    ("account", Lex::o(PEOPLE)),
    ("across", Lex::f(PREP)),
    ("add", Lex::v(Privilege)),
    ("adjust", Lex::v(Modify)),
    ("admin", Lex::o(PRIV)),
    ("administrator", Lex::o(PRIV)),
    ("after", Lex::f(SPLIT | PREP)),
    ("afterwards", Lex::f(SPLIT)),
    ("agreement", Lex::o(MONEY)),
    ("airlock", Lex::o(AIRLOCK)),
    ("alert", Lex::o(SECURITY)),
    ("alerting", Lex::o(SECURITY)),
    ("all", Lex::f(BULK)),
    ("allow", Lex::f(LOOSEN)),
    ("allowlist", Lex::v(Unblock)),
    ("also", Lex::f(SPLIT)),
    ("an", Lex::f(DET)),
    ("analyse", Lex::v(Mention)),
    ("analyze", Lex::v(Mention)),
    ("and", Lex::f(SPLIT)),
    ("announce", Lex::v(Communicate)),
    ("announcement", Lex::f(0)),
    ("antivirus", Lex::o(SECURITY)),
    ("any", Lex::f(BULK)),
    ("anyone", Lex::of(PEOPLE, BULK)),
    ("api-key", Lex::o(CRED)),
    ("apikey", Lex::o(CRED)),
    ("app", Lex::o(RUNTIME)),
    ("apply", Lex::v(Release)),
    ("approval", Lex::f(REVIEW | APPROVAL)),
    ("approve", Lex::v(Approve)),
    ("archive", Lex::v(Archive)),
    ("are", Lex::f(QUESTION)),
    ("as", Lex::f(PREP)),
    ("ask", Lex::v(Mention)),
    ("assign", Lex::v(Privilege)),
    ("at", Lex::f(PREP)),
    ("audience", Lex::of(PEOPLE, PARTY)),
    ("audit", Lex::o(SECURITY)),
    ("authorize", Lex::v(Approve)),
    ("avoid", Lex::f(NEG)),
    ("away", Lex::f(PARTICLE)),
    ("backup", Lex::o(STORE)),
    ("balance", Lex::o(MONEY)),
    ("ban", Lex::v(Disable)),
    ("bash", Lex::f(SHELL)),
    ("because", Lex::f(PREP)),
    ("before", Lex::f(SPLIT | PREP)),
    ("blast", Lex::v(Communicate)),
    ("block", Lex::v(Disable)),
    ("blog", Lex::f(PUBLIC_PLACE)),
    ("bounce", Lex::v(Restart)),
    ("brainstorm", Lex::v(Mention)),
    ("branch", Lex::o(WORK)),
    ("broadcast", Lex::v(Communicate)),
    ("browse", Lex::v(Mention)),
    ("btc", Lex::f(CURRENCY)),
    ("bucket", Lex::o(STORE)),
    ("build", Lex::v(Mention)),
    ("bulk", Lex::f(BULK)),
    ("but", Lex::f(SPLIT)),
    ("buy", Lex::v(Money)),
    ("by", Lex::f(PREP)),
    ("bypass", Lex::v(Unblock)),
    ("cache", Lex::f(NONPROD)),
    ("call", Lex::v(Run)),
    ("cancel", Lex::v(Cancel)),
    ("cannot", Lex::f(NEG)),
    ("cat", Lex::v(Access)),
    ("cert", Lex::o(CRED)),
    ("certificate", Lex::o(CRED)),
    ("challenge", Lex::f(APPROVAL)),
    ("change", Lex::v(Modify)),
    ("changes", Lex::o(WORK)),
    ("channel", Lex::o(WORK)),
    ("charge", Lex::vo(Money, MONEY)),
    ("check", Lex::vf(Mention, REVIEW)),
    ("ci", Lex::f(REVIEW)),
    ("circumvent", Lex::v(Unblock)),
    ("clear", Lex::v(Destroy)),
    ("client", Lex::of(PEOPLE, PARTY)),
    ("clone", Lex::v(Mention)),
    ("close", Lex::v(Close)),
    ("cluster", Lex::o(STORE)),
    ("code", Lex::f(OPERATOR)),
    ("collection", Lex::o(STORE)),
    ("comment", Lex::vo(Mention, WORK)),
    ("commit", Lex::v(Mention)),
    ("commits", Lex::o(WORK)),
    ("company", Lex::o(PEOPLE)),
    ("compare", Lex::v(Mention)),
    ("compile", Lex::v(Mention)),
    ("computer", Lex::o(STORE)),
    ("confidential", Lex::o(SENSITIVE)),
    ("confirm", Lex::v(Approve)),
    ("consider", Lex::v(Mention)),
    ("contact", Lex::of(PEOPLE, PARTY)),
    ("container", Lex::o(RUNTIME)),
    ("contract", Lex::o(MONEY)),
    ("contractor", Lex::of(PEOPLE, PARTY)),
    ("cookie", Lex::o(CRED)),
    ("copy", Lex::v(Access)),
    ("could", Lex::f(0)),
    ("count", Lex::v(Mention)),
    ("coupon", Lex::o(MONEY)),
    ("create", Lex::v(Modify)),
    ("credential", Lex::o(CRED)),
    ("creds", Lex::o(CRED)),
    ("customer", Lex::of(PEOPLE, PARTY)),
    ("cut", Lex::f(0)),
    ("danger", Lex::f(LOOSEN)),
    ("data", Lex::o(STORE)),
    ("database", Lex::o(STORE)),
    ("db", Lex::o(STORE)),
    ("deactivate", Lex::v(Disable)),
    ("debug", Lex::v(Mention)),
    ("decide", Lex::v(Mention)),
    ("decommission", Lex::v(Destroy)),
    ("decrease", Lex::v(Modify)),
    ("decrypt", Lex::v(Access)),
    ("delete", Lex::v(Destroy)),
    ("dependency", Lex::o(SOFTWARE)),
    ("deploy", Lex::v(Release)),
    ("deployment", Lex::o(RUNTIME)),
    ("deprovision", Lex::v(Destroy)),
    ("describe", Lex::v(Mention)),
    ("design", Lex::v(Mention)),
    ("destroy", Lex::v(Destroy)),
    ("dev", Lex::f(NONPROD)),
    ("device", Lex::o(STORE)),
    ("diff", Lex::v(Mention)),
    ("dir", Lex::o(FILES)),
    ("directly", Lex::f(UNSAFE)),
    ("directory", Lex::o(FILES)),
    ("disable", Lex::v(Disable)),
    ("discard", Lex::v(Destroy)),
    ("discount", Lex::o(MONEY)),
    ("discuss", Lex::v(Mention)),
    ("disk", Lex::o(STORE)),
    ("display", Lex::v(Access)),
    ("dm", Lex::v(Communicate)),
    ("document", Lex::vo(Mention, WORK)),
    ("does", Lex::f(QUESTION)),
    ("dollar", Lex::f(CURRENCY)),
    ("domain", Lex::o(STORE)),
    ("don't", Lex::f(NEG)),
    ("dont", Lex::f(NEG)),
    ("down", Lex::f(PARTICLE)),
    ("downgrade", Lex::v(Modify)),
    ("download", Lex::vf(Access, DOWNLOAD)),
    ("draft", Lex::v(Mention)),
    ("drive", Lex::o(STORE)),
    ("drop", Lex::v(Destroy)),
    ("dropbox", Lex::f(SINK)),
    ("dummy", Lex::f(NONPROD)),
    ("dump", Lex::vo(Access, SENSITIVE)),
    ("e-mail", Lex::v(Communicate)),
    ("each", Lex::f(BULK)),
    ("earnings", Lex::o(SENSITIVE)),
    ("echo", Lex::v(Access)),
    ("edit", Lex::v(Modify)),
    ("edits", Lex::o(WORK)),
    ("elevate", Lex::v(Privilege)),
    ("email", Lex::v(Communicate)),
    ("employee", Lex::o(PEOPLE)),
    ("empty", Lex::v(Destroy)),
    ("encryption", Lex::o(SECURITY)),
    ("entire", Lex::f(BULK)),
    ("environment", Lex::o(STORE)),
    ("erase", Lex::v(Destroy)),
    ("estimate", Lex::v(Mention)),
    ("eth", Lex::f(CURRENCY)),
    ("eur", Lex::f(CURRENCY)),
    ("euro", Lex::f(CURRENCY)),
    ("evaluate", Lex::v(Mention)),
    ("every", Lex::f(BULK)),
    ("everybody", Lex::of(PEOPLE, BULK)),
    ("everyone", Lex::of(PEOPLE, BULK)),
    ("everything", Lex::of(FILES, BULK)),
    ("examine", Lex::v(Mention)),
    ("except", Lex::f(PREP)),
    ("exec", Lex::v(Run)),
    ("execute", Lex::v(Run)),
    ("execution", Lex::f(APPROVAL)),
    ("explain", Lex::v(Mention)),
    ("export", Lex::v(Access)),
    ("expose", Lex::v(Communicate)),
    ("extension", Lex::o(SOFTWARE)),
    ("external", Lex::f(SINK)),
    ("extract", Lex::v(Access)),
    ("fake", Lex::f(NONPROD)),
    ("fetch", Lex::vf(Access, DOWNLOAD)),
    ("file", Lex::o(FILES)),
    ("financials", Lex::o(SENSITIVE)),
    ("find", Lex::v(Mention)),
    ("firewall", Lex::o(SECURITY)),
    ("fix", Lex::v(Mention)),
    ("fixture", Lex::f(NONPROD)),
    ("flush", Lex::v(Destroy)),
    ("folder", Lex::o(FILES)),
    ("follower", Lex::of(PEOPLE, PARTY)),
    ("for", Lex::f(PREP)),
    ("force", Lex::f(UNSAFE)),
    ("force-push", Lex::vf(Release, UNSAFE)),
    ("fork", Lex::f(UNTRUSTED)),
    ("format", Lex::v(Destroy)),
    ("forum", Lex::f(PUBLIC_PLACE)),
    ("forward", Lex::v(Communicate)),
    ("freeze", Lex::v(Disable)),
    ("from", Lex::f(PREP)),
    ("fund", Lex::o(MONEY)),
    ("gbp", Lex::f(CURRENCY)),
    ("generate", Lex::v(Mention)),
    ("generated", Lex::f(NONPROD)),
    ("get", Lex::v(Access)),
    ("gist", Lex::f(SINK | DOWNLOAD)),
    ("github", Lex::f(PUBLIC_PLACE)),
    ("give", Lex::v(Privilege)),
    ("go", Lex::v(Run)),
    ("grant", Lex::v(Privilege)),
    ("grep", Lex::v(Mention)),
    ("group", Lex::f(0)),
    ("halt", Lex::v(Shutdown)),
    ("help", Lex::v(Mention)),
    ("her", Lex::f(DET)),
    ("his", Lex::f(DET)),
    ("history", Lex::o(WORK)),
    ("home", Lex::f(SYSTEM)),
    ("host", Lex::o(RUNTIME)),
    ("how", Lex::f(QUESTION)),
    ("iban", Lex::f(IBAN)),
    ("if", Lex::f(PREP)),
    ("implement", Lex::v(Mention)),
    ("in", Lex::f(PREP)),
    ("increase", Lex::v(Modify)),
    ("infrastructure", Lex::o(STORE)),
    ("inside", Lex::f(PREP)),
    ("inspect", Lex::v(Mention)),
    ("install", Lex::v(Install)),
    ("installer", Lex::f(DOWNLOAD)),
    ("instance", Lex::o(RUNTIME)),
    ("instead", Lex::f(NEG)),
    ("internal", Lex::o(SENSITIVE)),
    ("internet", Lex::f(PUBLIC_PLACE)),
    ("into", Lex::f(PREP)),
    ("invalidate", Lex::v(Keys)),
    ("investigate", Lex::v(Mention)),
    ("investor", Lex::of(PEOPLE, PARTY)),
    ("invite", Lex::v(Privilege)),
    ("invoice", Lex::o(MONEY)),
    ("invoke", Lex::v(Run)),
    ("is", Lex::f(QUESTION)),
    ("issue", Lex::o(WORK)),
    ("it", Lex::o(PRONOUN)),
    ("its", Lex::f(DET)),
    ("key", Lex::o(CRED)),
    ("keypair", Lex::o(CRED)),
    ("kill", Lex::v(Shutdown)),
    ("kubeconfig", Lex::o(CRED)),
    ("label", Lex::v(Mention)),
    ("laptop", Lex::o(STORE)),
    ("launch", Lex::v(Release)),
    ("leak", Lex::v(Communicate)),
    ("learn", Lex::v(Mention)),
    ("library", Lex::o(SOFTWARE)),
    ("license", Lex::o(MONEY)),
    ("lint", Lex::v(Mention)),
    ("list", Lex::v(Access)),
    ("live", Lex::f(PROD)),
    ("local", Lex::f(NONPROD)),
    ("locally", Lex::f(NONPROD)),
    ("lock", Lex::v(Disable)),
    ("logging", Lex::o(SECURITY)),
    ("look", Lex::v(Mention)),
    ("lower", Lex::v(Modify)),
    ("machine", Lex::o(STORE)),
    ("mail", Lex::v(Communicate)),
    ("main", Lex::f(MAIN)),
    ("make", Lex::v(Privilege)),
    ("mass", Lex::f(BULK)),
    ("master", Lex::f(MAIN)),
    ("me", Lex::f(SELF)),
    ("measure", Lex::v(Mention)),
    ("member", Lex::o(PEOPLE)),
    ("membership", Lex::o(MONEY)),
    ("mention", Lex::v(Mention)),
    ("merge", Lex::v(Release)),
    ("message", Lex::v(Communicate)),
    ("mfa", Lex::o(SECURITY)),
    ("milestone", Lex::o(WORK)),
    ("mock", Lex::f(NONPROD)),
    ("modifications", Lex::o(WORK)),
    ("modify", Lex::v(Modify)),
    ("money", Lex::o(MONEY)),
    ("monitoring", Lex::o(SECURITY)),
    ("move", Lex::v(Move)),
    ("my", Lex::f(DET)),
    ("myself", Lex::f(SELF)),
    ("namespace", Lex::o(STORE)),
    ("never", Lex::f(NEG)),
    ("newsletter", Lex::f(0)),
    ("no", Lex::f(NEG)),
    ("node", Lex::o(RUNTIME)),
    ("not", Lex::f(NEG)),
    ("notify", Lex::v(Communicate)),
    ("npm", Lex::f(PUBLIC_PLACE)),
    ("nuke", Lex::v(Destroy)),
    ("of", Lex::f(PREP)),
    ("off", Lex::f(PARTICLE)),
    ("on", Lex::f(PREP)),
    ("open", Lex::v(Access)),
    ("operator", Lex::f(OPERATOR)),
    ("order", Lex::o(MONEY)),
    ("org", Lex::o(STORE)),
    ("organisation", Lex::o(STORE)),
    ("organization", Lex::o(STORE)),
    ("our", Lex::f(DET)),
    ("out", Lex::f(PARTICLE)),
    ("outline", Lex::v(Mention)),
    ("output", Lex::v(Access)),
    ("over", Lex::f(PREP)),
    ("override", Lex::v(Unblock)),
    ("overwrite", Lex::v(Destroy)),
    ("own", Lex::f(SELF)),
    ("owner", Lex::o(PRIV)),
    ("package", Lex::o(SOFTWARE)),
    ("page", Lex::o(WORK)),
    ("partner", Lex::of(PEOPLE, PARTY)),
    ("passphrase", Lex::o(CRED)),
    ("password", Lex::o(CRED)),
    ("passwordless", Lex::o(PRIV)),
    ("paste", Lex::v(Communicate)),
    ("pastebin", Lex::f(SINK)),
    ("pay", Lex::v(Money)),
    ("payment", Lex::o(MONEY)),
    ("payout", Lex::o(MONEY)),
    ("payroll", Lex::o(SENSITIVE)),
    ("pending", Lex::f(APPROVAL)),
    ("people", Lex::o(PEOPLE)),
    ("per", Lex::f(PREP)),
    ("permission", Lex::o(PRIV)),
    ("personal", Lex::f(SINK)),
    ("phone", Lex::o(STORE)),
    ("pii", Lex::o(SENSITIVE)),
    ("pipe", Lex::v(Run)),
    ("plan", Lex::vo(Mention, MONEY)),
    ("plugin", Lex::o(SOFTWARE)),
    ("pod", Lex::o(RUNTIME)),
    ("policy", Lex::f(POLICY)),
    ("portfolio", Lex::o(MONEY)),
    ("post", Lex::vo(Communicate, WORK)),
    ("poweroff", Lex::v(Shutdown)),
    ("pr", Lex::o(WORK)),
    ("prepare", Lex::v(Mention)),
    ("press", Lex::f(PUBLIC_PLACE)),
    ("preview", Lex::f(NONPROD)),
    ("price", Lex::o(MONEY)),
    ("pricing", Lex::o(MONEY)),
    ("print", Lex::v(Access)),
    ("private", Lex::f(PRIVATE)),
    ("privilege", Lex::o(PRIV)),
    ("process", Lex::o(RUNTIME)),
    ("prod", Lex::f(PROD)),
    ("product", Lex::o(MONEY)),
    ("production", Lex::f(PROD)),
    ("project", Lex::o(STORE)),
    ("promote", Lex::v(Privilege)),
    ("propose", Lex::v(Mention)),
    ("protection", Lex::o(SECURITY)),
    ("public", Lex::f(PUBLIC)),
    ("publicly", Lex::f(PUBLIC)),
    ("publish", Lex::vf(Communicate, PUBLIC_PLACE)),
    ("pull", Lex::f(0)),
    ("purchase", Lex::v(Money)),
    ("purge", Lex::v(Destroy)),
    ("push", Lex::v(Release)),
    ("raise", Lex::v(Modify)),
    ("random", Lex::f(UNTRUSTED)),
    ("read", Lex::v(Access)),
    ("reboot", Lex::v(Shutdown)),
    ("recipient", Lex::of(PEOPLE, PARTY)),
    ("record", Lex::o(STORE)),
    ("recreate", Lex::v(Modify)),
    ("reddit", Lex::f(PUBLIC_PLACE)),
    ("redeploy", Lex::v(Restart)),
    ("refactor", Lex::v(Mention)),
    ("reformat", Lex::v(Destroy)),
    ("refund", Lex::vo(Money, MONEY)),
    ("regenerate", Lex::v(Keys)),
    ("reissue", Lex::v(Keys)),
    ("relax", Lex::v(Modify)),
    ("release", Lex::v(Release)),
    ("remind", Lex::v(Mention)),
    ("remove", Lex::v(Destroy)),
    ("rename", Lex::v(Mention)),
    ("replace", Lex::v(Destroy)),
    ("repo", Lex::o(STORE)),
    ("repository", Lex::o(STORE)),
    ("request", Lex::f(APPROVAL)),
    ("research", Lex::v(Mention)),
    ("reset", Lex::v(Destroy)),
    ("resource", Lex::o(STORE)),
    ("restart", Lex::v(Restart)),
    ("restore", Lex::v(Mention)),
    ("revenue", Lex::o(SENSITIVE)),
    ("review", Lex::vf(Mention, REVIEW)),
    ("revoke", Lex::v(Keys)),
    ("rewrite", Lex::v(Modify)),
    ("rights", Lex::o(PRIV)),
    ("roadmap", Lex::o(SENSITIVE)),
    ("role", Lex::o(PRIV)),
    ("root", Lex::o(PRIV)),
    ("rotate", Lex::v(Keys)),
    ("row", Lex::o(STORE)),
    ("rule", Lex::f(POLICY)),
    ("run", Lex::v(Run)),
    ("salary", Lex::o(SENSITIVE)),
    ("same", Lex::f(SAME)),
    ("sample", Lex::f(NONPROD)),
    ("sandbox", Lex::f(NONPROD)),
    ("save", Lex::v(Mention)),
    ("scan", Lex::v(Mention)),
    ("schedule", Lex::v(Mention)),
    ("schema", Lex::o(STORE)),
    ("scratch", Lex::f(NONPROD)),
    ("search", Lex::v(Mention)),
    ("secret", Lex::o(CRED)),
    ("security", Lex::o(SECURITY)),
    ("sell", Lex::v(Money)),
    ("send", Lex::v(Communicate)),
    ("server", Lex::o(RUNTIME)),
    ("service", Lex::o(RUNTIME)),
    ("session", Lex::o(CRED)),
    ("set", Lex::v(Modify)),
    ("sh", Lex::f(SHELL)),
    ("share", Lex::vo(Communicate, MONEY)),
    ("shell", Lex::f(SHELL)),
    ("ship", Lex::v(Release)),
    ("should", Lex::f(QUESTION)),
    ("show", Lex::v(Access)),
    ("shred", Lex::v(Destroy)),
    ("shut", Lex::v(Shutdown)),
    ("shutdown", Lex::v(Shutdown)),
    ("simulate", Lex::v(Mention)),
    ("since", Lex::f(PREP)),
    ("site", Lex::o(STORE)),
    ("sketch", Lex::v(Mention)),
    ("sketchy", Lex::f(UNTRUSTED)),
    ("skip", Lex::f(UNSAFE)),
    ("sms", Lex::v(Communicate)),
    ("snapshot", Lex::o(STORE)),
    ("so", Lex::f(SPLIT)),
    ("source", Lex::v(Run)),
    ("ssh-key", Lex::o(CRED)),
    ("sso", Lex::o(SECURITY)),
    ("stack", Lex::o(STORE)),
    ("staff", Lex::o(PEOPLE)),
    ("staging", Lex::f(NONPROD)),
    ("stock", Lex::o(MONEY)),
    ("stop", Lex::v(Shutdown)),
    ("storage", Lex::o(STORE)),
    ("study", Lex::v(Mention)),
    ("subscriber", Lex::of(PEOPLE, PARTY)),
    ("subscription", Lex::o(MONEY)),
    ("sudo", Lex::o(PRIV)),
    ("suggest", Lex::v(Mention)),
    ("summarise", Lex::v(Mention)),
    ("summarize", Lex::v(Mention)),
    ("superuser", Lex::o(PRIV)),
    ("supplier", Lex::of(PEOPLE, PARTY)),
    ("suspend", Lex::v(Disable)),
    ("switch", Lex::f(0)),
    ("table", Lex::o(STORE)),
    ("take", Lex::f(0)),
    ("team", Lex::f(INTERNAL)),
    ("tear", Lex::f(0)),
    ("temp", Lex::f(NONPROD)),
    ("temporary", Lex::f(NONPROD)),
    ("tenant", Lex::o(STORE)),
    ("terminate", Lex::v(Destroy)),
    ("test", Lex::vf(Mention, NONPROD | REVIEW)),
    ("tested", Lex::f(0)),
    ("text", Lex::f(0)),
    ("than", Lex::f(PREP)),
    ("that", Lex::of(PRONOUN, DET)),
    ("the", Lex::f(DET)),
    ("their", Lex::f(DET)),
    ("them", Lex::o(PRONOUN)),
    ("then", Lex::f(SPLIT)),
    ("these", Lex::of(PRONOUN, DET)),
    ("this", Lex::of(PRONOUN, DET)),
    ("those", Lex::of(PRONOUN, DET)),
    ("threshold", Lex::f(POLICY | LOOSEN)),
    ("through", Lex::f(LOOSEN | PREP)),
    ("throw", Lex::f(0)),
    ("ticket", Lex::o(WORK)),
    ("tmp", Lex::f(NONPROD)),
    ("to", Lex::f(PREP)),
    ("token", Lex::o(CRED)),
    ("trace", Lex::v(Mention)),
    ("transaction", Lex::o(MONEY)),
    ("transfer", Lex::v(Money)),
    ("translate", Lex::v(Mention)),
    ("truncate", Lex::v(Destroy)),
    ("tweet", Lex::vf(Communicate, PUBLIC_PLACE)),
    ("twitter", Lex::f(PUBLIC_PLACE)),
    ("unblock", Lex::v(Unblock)),
    ("under", Lex::f(PREP)),
    ("understand", Lex::v(Mention)),
    ("uninstall", Lex::v(Destroy)),
    ("unknown", Lex::f(UNTRUSTED)),
    ("unless", Lex::f(PREP)),
    ("unofficial", Lex::f(UNTRUSTED)),
    ("unpublish", Lex::v(Destroy)),
    ("unreviewed", Lex::f(UNSAFE)),
    ("unsubscribe", Lex::v(Cancel)),
    ("untested", Lex::f(UNSAFE)),
    ("until", Lex::f(PREP)),
    ("untrusted", Lex::f(UNTRUSTED)),
    ("unverified", Lex::f(UNTRUSTED)),
    ("up", Lex::f(PARTICLE)),
    ("update", Lex::v(Modify)),
    ("upload", Lex::vf(Communicate, SINK)),
    ("us", Lex::f(SELF)),
    ("usd", Lex::f(CURRENCY)),
    ("use", Lex::v(Run)),
    ("user", Lex::o(PEOPLE)),
    ("vendor", Lex::of(PEOPLE, PARTY)),
    ("verification", Lex::f(OPERATOR | APPROVAL)),
    ("verify", Lex::vf(Approve, APPROVAL)),
    ("via", Lex::f(PREP)),
    ("view", Lex::v(Access)),
    ("vm", Lex::o(RUNTIME)),
    ("void", Lex::v(Cancel)),
    ("volume", Lex::o(STORE)),
    ("waiting", Lex::f(REVIEW)),
    ("webhook", Lex::f(SINK)),
    ("website", Lex::o(STORE)),
    ("what", Lex::f(QUESTION)),
    ("when", Lex::f(QUESTION | PREP)),
    ("whenever", Lex::f(PREP)),
    ("where", Lex::f(QUESTION | PREP)),
    ("whether", Lex::f(QUESTION)),
    ("which", Lex::f(QUESTION)),
    ("while", Lex::f(PREP)),
    ("whitelist", Lex::v(Unblock)),
    ("who", Lex::f(QUESTION)),
    ("whole", Lex::f(BULK)),
    ("why", Lex::f(QUESTION)),
    ("wipe", Lex::v(Destroy)),
    ("wire", Lex::vf(Money, IBAN)),
    ("with", Lex::f(PREP)),
    ("within", Lex::f(PREP)),
    ("without", Lex::f(WITHOUT)),
    ("won't", Lex::f(NEG)),
    ("work", Lex::o(WORK)),
    ("worker", Lex::o(RUNTIME)),
    ("workspace", Lex::o(STORE)),
    ("world", Lex::f(PUBLIC_PLACE)),
    ("write", Lex::v(Mention)),
    ("you", Lex::f(YOU)),
    ("your", Lex::f(DET)),
];

/// Whether `a` sorts before `b` byte by byte (a `const fn`, for the compile-time check).
const fn before(a: &[u8], b: &[u8]) -> bool {
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

const fn sorted(words: &[(&str, Lex)]) -> bool {
    let mut i = 1;
    while i < words.len() {
        if !before(words[i - 1].0.as_bytes(), words[i].0.as_bytes()) {
            return false;
        }
        i += 1;
    }
    true
}

// The index needs the table sorted (each bucket's words together) and without duplicates:
// checked when compiling.
const _: () = assert!(
    sorted(WORDS),
    "prose::lexicon::WORDS must be sorted and unique"
);
const _: () = assert!(
    contiguous(WORDS),
    "prose::lexicon::WORDS: a bucket is split"
);

/// Whether no bucket's words are split by another bucket's.
const fn contiguous(words: &[(&str, Lex)]) -> bool {
    let mut seen = [false; 27 * 27];
    let mut i = 0;
    while i < words.len() {
        let b = bucket(words[i].0.as_bytes());
        if seen[b] && bucket(words[i - 1].0.as_bytes()) != b {
            return false;
        }
        seen[b] = true;
        i += 1;
    }
    true
}

/// The longest word looked up; longer ones are not in the table.
pub const MAX_WORD: usize = 24;

/// The bucket of a word: its first two letters (a-z as 1..=26; anything else, or the end, as 0),
/// so `de` holds `decommission` .. `dev`. A word not starting with a letter is in bucket 0.
const fn bucket(w: &[u8]) -> usize {
    let a = letter(w, 0);
    if a == 0 { 0 } else { a * 27 + letter(w, 1) }
}

/// For each bucket, the range of [`WORDS`] in it: the table is sorted, so a bucket's words are
/// next to each other. Built when compiling; a lookup compares a handful of words, not the
/// whole table.
static INDEX: [(u16, u16); 27 * 27] = {
    let mut index = [(0_u16, 0_u16); 27 * 27];
    let mut i = 0;
    while i < WORDS.len() {
        let b = bucket(WORDS[i].0.as_bytes());
        if index[b].1 == 0 {
            index[b].0 = i as u16;
        }
        index[b].1 = i as u16 + 1;
        i += 1;
    }
    index
};

fn exact(word: &[u8]) -> Option<Lex> {
    let (start, end) = INDEX[bucket(word)];
    WORDS[usize::from(start)..usize::from(end)]
        .iter()
        .find(|(w, _)| w.as_bytes() == word)
        .map(|(_, l)| *l)
}

/// The roles of a lower-case ASCII word, trying the base forms of an inflected one: `issues`,
/// `repositories`, `deleting`, `deleted`, `dropped`, `customer's`.
pub fn lookup(word: &[u8]) -> Option<Lex> {
    if let Some(l) = exact(word) {
        return Some(l);
    }
    let n = word.len();
    if n < 3 {
        return None;
    }
    let mut buf = [0_u8; MAX_WORD + 1];
    let mut try_stem = |stem: &[u8], add: &[u8]| -> Option<Lex> {
        let len = stem.len() + add.len();
        if stem.is_empty() || len > MAX_WORD {
            return None;
        }
        buf[..stem.len()].copy_from_slice(stem);
        buf[stem.len()..len].copy_from_slice(add);
        exact(&buf[..len])
    };
    if let Some(stem) = word.strip_suffix(b"'s").or_else(|| word.strip_suffix(b"'")) {
        return lookup(stem);
    }
    if let Some(stem) = word.strip_suffix(b"ies") {
        return try_stem(stem, b"y");
    }
    if let Some(stem) = word.strip_suffix(b"s") {
        // issues -> issue; branches, boxes, pushes -> branch, box, push (but notes is not "not").
        let es = stem.strip_suffix(b"e").filter(|s| {
            s.ends_with(b"s")
                || s.ends_with(b"x")
                || s.ends_with(b"z")
                || s.ends_with(b"ch")
                || s.ends_with(b"sh")
        });
        return try_stem(stem, b"").or_else(|| es.and_then(|s| try_stem(s, b"")));
    }
    for suffix in [&b"ing"[..], &b"ed"[..]] {
        if let Some(stem) = word.strip_suffix(suffix) {
            if stem.len() < 2 {
                return None;
            }
            // deleting -> delete, dropped -> drop, pushed -> push, copied -> copy.
            let doubled = stem.len() >= 2 && stem[stem.len() - 1] == stem[stem.len() - 2];
            return try_stem(stem, b"")
                .or_else(|| try_stem(stem, b"e"))
                .or_else(|| {
                    doubled
                        .then(|| try_stem(&stem[..stem.len() - 1], b""))
                        .flatten()
                })
                .or_else(|| stem.strip_suffix(b"i").and_then(|s| try_stem(s, b"y")));
        }
    }
    None
}

/// The prefilter's key of a word: its first three letters (a-z as 1..=26, anything else or the
/// end of the word as 0), so `deleting`, `deletes` and `delete` share the key of `del`.
pub const fn key(w: &[u8]) -> usize {
    let (a, b, c) = (letter(w, 0), letter(w, 1), letter(w, 2));
    // A word not starting with a letter has no key (`0`).
    if a == 0 { 0 } else { (a * 27 + b) * 27 + c }
}

/// Letter `i` of `w` as 1..=26, or 0 past the end or for anything but a letter.
const fn letter(w: &[u8], i: usize) -> usize {
    if i < w.len() {
        let c = w[i].to_ascii_lowercase();
        if c.is_ascii_lowercase() {
            return (c - b'a' + 1) as usize;
        }
    }
    0
}

/// A set of [`key`]s.
pub type KeySet = [u64; 27 * 27 * 27 / 64 + 1];

const fn add(mut set: KeySet, w: &[u8]) -> KeySet {
    let k = key(w);
    if k != 0 {
        set[k / 64] |= 1 << (k % 64);
    }
    set
}

/// Whether `set` holds the key of `w`.
pub fn holds(set: &KeySet, w: &[u8]) -> bool {
    let k = key(w);
    k != 0 && set[k / 64] & (1 << (k % 64)) != 0
}

/// Which words of [`WORDS`] go in which prefilter set.
const fn strong(l: &Lex) -> bool {
    let verb = matches!(
        l.verb,
        Verb::Destroy
            | Verb::Money
            | Verb::Communicate
            | Verb::Release
            | Verb::Keys
            | Verb::Disable
            | Verb::Cancel
            | Verb::Close
            | Verb::Archive
            | Verb::Approve
            | Verb::Unblock
            | Verb::Shutdown
            | Verb::Restart
            | Verb::Move
            | Verb::Install
    );
    verb || l.obj & (CRED | AIRLOCK) != 0
        || l.flags & (SAME | DOWNLOAD | UNTRUSTED | SHELL | IBAN | CURRENCY | SINK) != 0
}

const fn weak(l: &Lex) -> bool {
    matches!(l.verb, Verb::Modify | Verb::Privilege)
}

const fn object(l: &Lex) -> bool {
    l.obj & (MONEY | PEOPLE | PRIV | SENSITIVE) != 0
        || l.flags & (POLICY | LOOSEN | PUBLIC | BULK) != 0
}

const fn run_or_operator(l: &Lex) -> bool {
    matches!(l.verb, Verb::Run | Verb::Access) || l.flags & OPERATOR != 0
}

const fn build(pick: u8) -> KeySet {
    let mut set = [0_u64; 27 * 27 * 27 / 64 + 1];
    if pick == 4 {
        // The words that open or close the danger-levels name patterns (drop_*, *_production,
        // force_*, bulk_delete*, *_without_backup ...).
        let parts: [&[u8]; 14] = [
            b"drop",
            b"delete",
            b"truncate",
            b"reset",
            b"destroy",
            b"wipe",
            b"production",
            b"force",
            b"permanently",
            b"bulk",
            b"override",
            b"bypass",
            b"without",
            b"purge",
        ];
        let mut j = 0;
        while j < parts.len() {
            set = add(set, parts[j]);
            j += 1;
        }
        return set;
    }
    let mut i = 0;
    while i < WORDS.len() {
        let l = &WORDS[i].1;
        let take = match pick {
            0 => strong(l),
            1 => weak(l),
            2 => object(l),
            _ => run_or_operator(l),
        };
        if take {
            set = add(set, WORDS[i].0.as_bytes());
        }
        i += 1;
    }
    if pick == 0 {
        // The first words of phrasal verbs (turn off, shut down, tear down, throw away).
        let mut j = 0;
        let phrasal: [&[u8]; 8] = [
            b"turn", b"switch", b"shut", b"power", b"tear", b"take", b"tore", b"throw",
        ];
        while j < phrasal.len() {
            set = add(set, phrasal[j]);
            j += 1;
        }
    }
    set
}

/// Words that can lead to a finding on their own: the dangerous verbs, credentials, the guard,
/// downloads and untrusted sources, amounts of money, "same".
pub static STRONG: KeySet = build(0);
/// Verbs that lead to a finding only with an object of [`OBJECTS`] (make, add, set, create...).
pub static WEAK: KeySet = build(1);
/// The objects and scopes [`WEAK`] verbs need: money, people, privileges, sensitive material,
/// policies, public, bulk.
pub static OBJECTS: KeySet = build(2);
/// Run and read verbs and the guard's operator words: they need the recent hints.
pub static WITH_RECENT: KeySet = build(3);
/// The `_`-separated parts of an operation name that a danger-levels pattern starts or ends
/// with.
pub static NAME_PARTS: KeySet = build(4);
