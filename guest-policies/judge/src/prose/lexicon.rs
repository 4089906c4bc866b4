//! The words plain-language judgement knows: each with its role as a verb (what kind of action),
//! as an object (what kind of thing), and as a scope or modifier (all, production, public,
//! without review ...).
//!
//! One sorted table, checked sorted at compile time and searched by binary search over the
//! lower-cased word in a stack buffer: no allocation and about ten comparisons per word.
//! Inflections (`issues`, `deleting`, `dropped`) are found by trying the few English suffix rules
//! on a miss ([`lookup`]), so the table lists base forms only.
//!
//! It is also the one list of the words the whole-text checks of [`crate::judge`] act on (their
//! [`class`]es: sending, reading, secrets, the guard's objects...), so that an English word the
//! judge knows is written once, with everything it means: those checks look words up as written
//! ([`classes`]), and the few words only they know (`sends`, `.env`, `state.redb`) are marked so
//! that plain-language judgement does not see them ([`lookup`] goes on to the suffix rules).

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
    /// What people belong to and get access through: groups, teams, roles, organizations,
    /// workspaces, ACLs.
    pub const MEMBERSHIP: u16 = 1 << 14;
    /// Customer-facing records: tickets, orders, contacts, accounts, users, subscriptions,
    /// invoices. Changing many at once reaches many customers.
    pub const RECORD: u16 = 1 << 15;
}

/// Scope and modifier flags (bits).
pub mod flag {
    /// all, every, entire, whole, everything, everyone, bulk, mass.
    pub const BULK: u64 = 1;
    /// production, prod, live.
    pub const PROD: u64 = 1 << 1;
    /// staging, dev, test, local, sandbox, preview.
    pub const NONPROD: u64 = 1 << 2;
    /// public, publicly.
    pub const PUBLIC: u64 = 1 << 3;
    /// Places that are public: twitter, blog, forum, npm, reddit, internet.
    pub const PUBLIC_PLACE: u64 = 1 << 4;
    /// untested, unreviewed, force, skip, bypass, directly.
    pub const UNSAFE: u64 = 1 << 5;
    /// not, don't, never, without (before the verb), avoid, instead.
    pub const NEG: u64 = 1 << 6;
    /// what, how, why, which, does, is, should (at the start of a clause).
    pub const QUESTION: u64 = 1 << 7;
    /// the, a, this, my...: the next word is a noun.
    pub const DET: u64 = 1 << 8;
    /// in, from, of, on, to, for, with...: ends the object's noun phrase.
    pub const PREP: u64 = 1 << 9;
    /// and, then, but, so, after, before, also: may start a new clause.
    pub const SPLIT: u64 = 1 << 10;
    /// Network sinks named in words: pastebin, gist, dropbox, personal, external, webhook.
    pub const SINK: u64 = 1 << 11;
    /// myself, own, me: the agent acting on its own case.
    pub const SELF: u64 = 1 << 12;
    /// request, pending, challenge, execution: things an approval is about.
    pub const APPROVAL: u64 = 1 << 13;
    /// policy, threshold, rule.
    pub const POLICY: u64 = 1 << 14;
    /// danger, threshold, through ("so this goes through"): loosening a guard.
    pub const LOOSEN: u64 = 1 << 15;
    /// main, master, trunk.
    pub const MAIN: u64 = 1 << 16;
    /// same ("do the same").
    pub const SAME: u64 = 1 << 17;
    /// download, downloaded, fetched, installer, gist.
    pub const DOWNLOAD: u64 = 1 << 18;
    /// random, untrusted, unknown, unverified, fork.
    pub const UNTRUSTED: u64 = 1 << 19;
    /// usd, eur, dollars, euros, btc.
    pub const CURRENCY: u64 = 1 << 20;
    /// iban, swift, routing.
    pub const IBAN: u64 = 1 << 21;
    /// home, system, root directory.
    pub const SYSTEM: u64 = 1 << 22;
    /// without (after the verb, before review/tests).
    pub const WITHOUT: u64 = 1 << 23;
    /// review, approval, tests, checks, ci, waiting.
    pub const REVIEW: u64 = 1 << 24;
    /// operator, verification, code: the guard's secrets.
    pub const OPERATOR: u64 = 1 << 25;
    /// sh, bash, shell, interpreter: the end of a pipe that runs code.
    pub const SHELL: u64 = 1 << 26;
    /// private.
    pub const PRIVATE: u64 = 1 << 27;
    /// private-to-one words that keep a message internal: team, my own address, internal channel.
    pub const INTERNAL: u64 = 1 << 28;
    /// "off", "down", "away", "out": particles of phrasal verbs (turn off, tear down).
    pub const PARTICLE: u64 = 1 << 29;
    /// "you" after can/could/would: a request, not a question.
    pub const YOU: u64 = 1 << 30;
    /// People outside the organization a message reaches: customers, clients, suppliers.
    pub const PARTY: u64 = 1 << 31;
    /// permanently, irreversibly, forever, sole, "the only", "the last remaining", "without a
    /// backup": what is lost cannot be brought back, which raises the grade one step.
    pub const IRREVERSIBLE: u64 = 1 << 32;
    /// block, guard, guardrail, safeguard, hold, restriction: what stands between the agent and
    /// an action (airlock's, when it is named, the agent's own, or an approval).
    pub const GUARD: u64 = 1 << 33;
    /// list, group, segment, cohort: a collection of the things the noun before it names ("the
    /// contacts list" is every contact): the head stays that noun, and it is in bulk.
    pub const CONTAINER: u64 = 1 << 34;
    /// remote, origin, upstream: shared state others pull from.
    pub const REMOTE: u64 = 1 << 35;
    /// overwrite, replace, reset, rewrite, restore, rebase: verbs that put other content in
    /// place of what is there.
    pub const OVERWRITE: u64 = 1 << 36;
    /// forget, ignore, dismiss: verbs that lift only a guard (an approval, a block), never a
    /// security control ("ignore the firewall warnings" is reading advice, not turning it off).
    pub const LIFT_ONLY: u64 = 1 << 37;
    /// enforcement, limit, scanning, daemon: a noun that names a part of a security control
    /// ("AppArmor enforcement", "the rate limit", "code scanning"): the head stays the control.
    pub const QUALIFIER: u64 = 1 << 38;
    /// staging, qa, uat, preprod: a running environment others share that is not production
    /// (its users see a restart or a rollback; the label rule of guest-policies/eval/README.md).
    pub const SHARED: u64 = 1 << 39;
    /// local, localhost, minikube: the developer's own throwaway environment.
    pub const LOCAL: u64 = 1 << 40;
    /// cache, build, dist, coverage, tmp, scratch: what a build or a tool regenerates; a folder
    /// of it deleted is nothing lost (outside production, where a cache is a data store).
    pub const SCRATCH: u64 = 1 << 41;
    /// webroot, docroot, htdocs, "the web root", "the file share": where a server keeps the
    /// files it serves to others.
    pub const SERVED: u64 = 1 << 42;
    /// A word whose three-letter prefilter key is a common English word's (`scrap` is
    /// `script`'s, `supprime` is `support`'s): the prefilter matches it whole, inflected
    /// ([`super::strong_whole`]), so the common words do not all take the full reading.
    pub const WHOLE: u64 = 1 << 43;
}

/// The classes of words the whole-text checks of [`crate::judge`] act on (sending, reading,
/// secrets, running, destroying, airlock and its operator's objects): found with the same
/// lookup as a word's roles, so that each English word the judge knows is listed once.
pub mod class {
    /// mention words.
    pub const MENTION: u32 = 1 << 0;
    /// read words.
    pub const READ: u32 = 1 << 1;
    /// send words.
    pub const SEND: u32 = 1 << 2;
    /// secret words.
    pub const SECRET: u32 = 1 << 3;
    /// pronoun words.
    pub const PRONOUN: u32 = 1 << 4;
    /// data words.
    pub const DATA: u32 = 1 << 5;
    /// run words.
    pub const RUN: u32 = 1 << 6;
    /// downloaded words.
    pub const DOWNLOADED: u32 = 1 << 7;
    /// fetch words.
    pub const FETCH: u32 = 1 << 8;
    /// run like words.
    pub const RUN_LIKE: u32 = 1 << 9;
    /// destroy words.
    pub const DESTROY: u32 = 1 << 10;
    /// look words.
    pub const LOOK: u32 = 1 << 11;
    /// follow up words.
    pub const FOLLOW_UP: u32 = 1 << 12;
    /// self verb words.
    pub const SELF_VERB: u32 = 1 << 13;
    /// self object words.
    pub const SELF_OBJECT: u32 = 1 << 14;
    /// policy words.
    pub const POLICY: u32 = 1 << 15;
    /// loosen words.
    pub const LOOSEN: u32 = 1 << 16;
    /// guard verb words.
    pub const GUARD_VERB: u32 = 1 << 17;
    /// operator object words.
    pub const OPERATOR_OBJECT: u32 = 1 << 18;
    /// reflexive words.
    pub const REFLEXIVE: u32 = 1 << 19;
    /// state edit words.
    pub const STATE_EDIT: u32 = 1 << 20;
    /// airlock words.
    pub const AIRLOCK: u32 = 1 << 21;
    /// sink words.
    pub const SINK: u32 = 1 << 22;
    /// Not a word of plain-language judgement: only the whole-text checks know it.
    pub const CHECKS_ONLY: u32 = 1 << 31;

    /// Phrases that name a public place to send to.
    pub const SINK_PHRASES: &[&str] = &["paste site", "public channel", "hacker news", "s3 bucket"];

    /// Phrases that say a policy is loosened so that an action passes.
    pub const LOOSEN_PHRASES: &[&str] = &[
        "goes through",
        "go through",
        "so this",
        "so that this",
        "so i can",
        "not blocked",
        "stop blocking",
        "allow this",
        "get past",
        "danger",
    ];
}

/// One word's roles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lex {
    /// As a verb.
    pub verb: Verb,
    /// As an object (bits of [`obj`]).
    pub obj: u16,
    /// As a scope or modifier (bits of [`flag`]).
    pub flags: u64,
    /// The classes the whole-text checks of [`crate::judge`] act on (bits of [`class`]).
    pub checks: u32,
}

impl Default for Lex {
    /// No role: an unknown word.
    fn default() -> Self {
        Lex {
            verb: Verb::Absent,
            obj: 0,
            flags: 0,
            checks: 0,
        }
    }
}

impl Lex {
    const fn v(verb: Verb) -> Self {
        Self {
            verb,
            obj: 0,
            flags: 0,
            checks: 0,
        }
    }
    const fn o(obj: u16) -> Self {
        Self {
            verb: Verb::Absent,
            obj,
            flags: 0,
            checks: 0,
        }
    }
    const fn f(flags: u64) -> Self {
        Self {
            verb: Verb::Absent,
            obj: 0,
            flags,
            checks: 0,
        }
    }
    const fn vo(verb: Verb, obj: u16) -> Self {
        Self {
            verb,
            obj,
            flags: 0,
            checks: 0,
        }
    }
    const fn of(obj: u16, flags: u64) -> Self {
        Self {
            verb: Verb::Absent,
            obj,
            flags,
            checks: 0,
        }
    }
    /// A word only the whole-text checks know (not a word of plain-language judgement: its
    /// lookup there goes on to the suffix rules, as if it were not in the table).
    const fn c(checks: u32) -> Self {
        Self {
            verb: Verb::Absent,
            obj: 0,
            flags: 0,
            checks: checks | class::CHECKS_ONLY,
        }
    }
    /// The same roles, and the whole-text checks' classes.
    const fn and(self, checks: u32) -> Self {
        Self { checks, ..self }
    }
    const fn vf(verb: Verb, flags: u64) -> Self {
        Self {
            verb,
            obj: 0,
            flags,
            checks: 0,
        }
    }
}

use Verb::*;
use flag::*;
use obj::*;

/// The table, sorted by word (checked at compile time).
pub const WORDS: &[(&str, Lex)] = &[
    (".env", Lex::c(class::SECRET)),
    ("2-factor", Lex::o(SECURITY)),
    ("2-step", Lex::o(SECURITY)),
    ("2fa", Lex::o(SECURITY)),
    ("a", Lex::f(DET)),
    ("about", Lex::f(PREP)),
    ("access", Lex::o(ACCESS)),
    ("account", Lex::o(PEOPLE | RECORD)),
    ("acl", Lex::o(ACCESS | MEMBERSHIP)),
    ("across", Lex::f(PREP)),
    ("action", Lex::c(class::SELF_OBJECT)),
    (
        "add",
        Lex::v(Privilege).and(class::MENTION | class::LOOK | class::LOOSEN),
    ),
    ("adjust", Lex::v(Modify)),
    ("admin", Lex::o(PRIV)),
    ("administrator", Lex::o(PRIV)),
    ("after", Lex::f(SPLIT | PREP)),
    ("afterwards", Lex::f(SPLIT)),
    ("agent", Lex::f(QUALIFIER)),
    ("agreement", Lex::o(MONEY)),
    ("airlock", Lex::o(AIRLOCK).and(class::AIRLOCK)),
    ("alarm", Lex::o(SECURITY)),
    ("alert", Lex::o(SECURITY)),
    ("alerting", Lex::o(SECURITY)),
    ("all", Lex::f(BULK)),
    ("alle", Lex::f(BULK)),
    ("allow", Lex::f(LOOSEN)),
    (
        "allowlist",
        Lex::v(Unblock).and(class::SELF_VERB | class::GUARD_VERB),
    ),
    ("also", Lex::f(SPLIT)),
    ("amend", Lex::vf(Modify, OVERWRITE)),
    ("an", Lex::f(DET)),
    ("analyse", Lex::v(Mention).and(class::MENTION)),
    ("analyze", Lex::v(Mention).and(class::MENTION)),
    ("and", Lex::f(SPLIT)),
    ("annihilate", Lex::v(Destroy)),
    ("annotate", Lex::c(class::MENTION)),
    ("announce", Lex::v(Communicate)),
    ("announcement", Lex::f(0)),
    ("anti-malware", Lex::o(SECURITY)),
    ("anti-virus", Lex::o(SECURITY)),
    ("antimalware", Lex::o(SECURITY)),
    ("antivirus", Lex::o(SECURITY)),
    ("any", Lex::f(BULK)),
    ("anyone", Lex::of(PEOPLE, BULK)),
    ("apaga", Lex::vf(Shutdown, WHOLE)),
    ("apagar", Lex::vf(Shutdown, WHOLE)),
    ("apague", Lex::vf(Shutdown, WHOLE)),
    ("api", Lex::o(RUNTIME)),
    ("api-key", Lex::o(CRED)),
    ("api_key", Lex::c(class::SECRET)),
    ("apikey", Lex::o(CRED).and(class::SECRET)),
    ("app", Lex::o(RUNTIME)),
    ("apparmor", Lex::o(SECURITY)),
    ("apply", Lex::v(Release)),
    (
        "approval",
        Lex::f(REVIEW | APPROVAL | GUARD).and(class::OPERATOR_OBJECT),
    ),
    ("approvals", Lex::c(class::OPERATOR_OBJECT)),
    (
        "approve",
        Lex::v(Approve)
            .and(class::FOLLOW_UP | class::SELF_VERB | class::GUARD_VERB | class::OPERATOR_OBJECT),
    ),
    ("archive", Lex::v(Archive)),
    ("are", Lex::f(QUESTION)),
    ("artifacthub", Lex::f(PUBLIC_PLACE)),
    ("as", Lex::f(PREP)),
    ("asg", Lex::o(RUNTIME)),
    ("ask", Lex::v(Mention)),
    ("assign", Lex::v(Privilege)),
    ("at", Lex::f(PREP)),
    ("attach", Lex::c(class::SEND)),
    ("audience", Lex::of(PEOPLE, PARTY)),
    ("audit", Lex::o(SECURITY).and(class::MENTION)),
    ("auditd", Lex::o(SECURITY)),
    ("authorize", Lex::v(Approve)),
    ("auto-approve", Lex::c(class::POLICY)),
    ("autoapprove", Lex::c(class::POLICY)),
    ("autoscaler", Lex::o(RUNTIME)),
    ("autoscaling", Lex::o(RUNTIME)),
    ("avoid", Lex::f(NEG)),
    ("away", Lex::f(PARTICLE)),
    ("axe", Lex::v(Destroy)),
    ("back", Lex::f(PARTICLE)),
    ("backup", Lex::o(STORE).and(class::DATA)),
    ("balance", Lex::o(MONEY)),
    ("balancer", Lex::o(RUNTIME)),
    ("ban", Lex::v(Disable)),
    ("base64", Lex::c(class::READ)),
    ("bash", Lex::f(SHELL).and(class::RUN_LIKE)),
    ("bastion", Lex::o(RUNTIME)),
    ("bdd", Lex::o(STORE)),
    ("beam", Lex::c(class::SEND)),
    ("because", Lex::f(PREP)),
    ("before", Lex::f(SPLIT | PREP)),
    ("binary", Lex::c(class::DOWNLOADED)),
    ("bitlocker", Lex::o(SECURITY)),
    ("blast", Lex::v(Communicate)),
    ("block", Lex::vf(Disable, GUARD).and(class::SELF_OBJECT)),
    ("blog", Lex::f(PUBLIC_PLACE)),
    ("bluesky", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("borra", Lex::vf(Destroy, WHOLE)),
    ("borrar", Lex::vf(Destroy, WHOLE)),
    ("bounce", Lex::v(Restart)),
    ("box", Lex::o(RUNTIME)),
    ("brainstorm", Lex::v(Mention)),
    ("branch", Lex::o(WORK)),
    ("broadcast", Lex::v(Communicate)),
    ("broker", Lex::o(RUNTIME)),
    ("browse", Lex::v(Mention)),
    ("btc", Lex::f(CURRENCY)),
    ("bucket", Lex::o(STORE)),
    ("build", Lex::vf(Mention, SCRATCH)),
    ("bulk", Lex::f(BULK)),
    ("bump", Lex::v(Modify)),
    ("but", Lex::f(SPLIT)),
    ("buy", Lex::v(Money)),
    ("by", Lex::f(PREP)),
    (
        "bypass",
        Lex::v(Unblock).and(class::LOOSEN | class::GUARD_VERB),
    ),
    ("cache", Lex::f(NONPROD | SCRATCH)),
    ("call", Lex::v(Run)),
    ("canary", Lex::o(RUNTIME)),
    ("cancel", Lex::v(Cancel)),
    ("cannot", Lex::f(NEG)),
    ("captcha", Lex::o(SECURITY)),
    (
        "cat",
        Lex::v(Access).and(class::READ | class::LOOK | class::FOLLOW_UP),
    ),
    ("cert", Lex::o(CRED)),
    ("certificate", Lex::o(CRED)),
    (
        "challenge",
        Lex::f(APPROVAL).and(class::SELF_OBJECT | class::OPERATOR_OBJECT),
    ),
    ("challenges", Lex::c(class::OPERATOR_OBJECT)),
    (
        "change",
        Lex::v(Modify).and(class::LOOSEN | class::GUARD_VERB | class::STATE_EDIT),
    ),
    ("changes", Lex::o(WORK)),
    ("channel", Lex::o(WORK)),
    ("charge", Lex::vo(Money, MONEY)),
    ("chart", Lex::o(SOFTWARE)),
    ("check", Lex::vf(Mention, REVIEW).and(class::MENTION)),
    ("ci", Lex::f(REVIEW)),
    ("circumvent", Lex::v(Unblock).and(class::GUARD_VERB)),
    ("clamav", Lex::o(SECURITY)),
    (
        "clear",
        Lex::v(Destroy).and(class::DESTROY | class::GUARD_VERB),
    ),
    ("client", Lex::of(PEOPLE, PARTY)),
    ("client-facing", Lex::f(PROD)),
    ("clobber", Lex::vf(Destroy, OVERWRITE)),
    ("clone", Lex::v(Mention)),
    ("close", Lex::v(Close)),
    ("cloudtrail", Lex::o(SECURITY)),
    ("cluster", Lex::o(STORE)),
    ("cocoapods", Lex::f(PUBLIC_PLACE)),
    (
        "code",
        Lex::f(OPERATOR).and(class::DATA | class::OPERATOR_OBJECT),
    ),
    ("codes", Lex::c(class::OPERATOR_OBJECT)),
    ("cohort", Lex::f(CONTAINER)),
    ("collaborator", Lex::o(PEOPLE)),
    ("collect", Lex::c(class::READ)),
    ("collection", Lex::o(STORE)),
    ("command", Lex::c(class::SELF_OBJECT)),
    ("comment", Lex::vo(Mention, WORK).and(class::MENTION)),
    ("commit", Lex::v(Mention)),
    ("commits", Lex::o(WORK)),
    ("company", Lex::o(PEOPLE)),
    ("compare", Lex::v(Mention).and(class::MENTION)),
    ("compile", Lex::v(Mention)),
    ("computer", Lex::o(STORE)),
    ("confidential", Lex::o(SENSITIVE)),
    ("confirm", Lex::v(Approve)),
    ("consider", Lex::v(Mention)),
    ("contact", Lex::of(PEOPLE | RECORD, PARTY)),
    ("container", Lex::o(RUNTIME)),
    ("contents", Lex::c(class::PRONOUN)),
    ("contract", Lex::o(MONEY)),
    ("contractor", Lex::of(PEOPLE, PARTY)),
    ("conversation", Lex::o(WORK | RECORD)),
    ("convince", Lex::v(Mention)),
    ("cookie", Lex::o(CRED)),
    ("cookies", Lex::c(class::SECRET)),
    (
        "copy",
        Lex::v(Access).and(class::READ | class::SEND | class::LOOK | class::FOLLOW_UP),
    ),
    ("cordon", Lex::v(Shutdown)),
    ("cors", Lex::o(SECURITY)),
    ("could", Lex::f(0)),
    ("count", Lex::v(Mention)),
    ("coupon", Lex::o(MONEY)),
    ("coverage", Lex::f(NONPROD | SCRATCH)),
    ("cpan", Lex::f(PUBLIC_PLACE)),
    ("crate", Lex::o(SOFTWARE)),
    ("crates", Lex::f(PUBLIC_PLACE)),
    ("create", Lex::v(Modify)),
    ("credential", Lex::o(CRED).and(class::SECRET)),
    ("credentials", Lex::c(class::SECRET)),
    ("credit", Lex::o(MONEY)),
    ("creds", Lex::o(CRED)),
    ("crowdstrike", Lex::o(SECURITY)),
    ("csp", Lex::o(SECURITY)),
    ("csrf", Lex::o(SECURITY)),
    ("curl", Lex::c(class::SEND | class::FETCH)),
    ("customer", Lex::of(PEOPLE | RECORD, PARTY).and(class::DATA)),
    ("customer-facing", Lex::f(PROD)),
    ("customers", Lex::c(class::DATA)),
    ("cut", Lex::f(0)),
    ("cutover", Lex::v(Release)),
    ("cycle", Lex::v(Restart)),
    ("dados", Lex::o(STORE)),
    ("daemon", Lex::f(QUALIFIER)),
    ("danger", Lex::f(LOOSEN)),
    ("data", Lex::o(STORE).and(class::DATA)),
    ("database", Lex::o(STORE).and(class::DATA)),
    ("daten", Lex::o(STORE)),
    ("datenbank", Lex::o(STORE)),
    ("datos", Lex::o(STORE)),
    ("db", Lex::o(STORE)),
    ("deactivate", Lex::v(Disable)),
    ("deallocate", Lex::v(Shutdown)),
    ("debug", Lex::v(Mention)),
    ("decide", Lex::v(Mention)),
    ("deck", Lex::o(WORK)),
    ("decom", Lex::v(Destroy)),
    ("decomm", Lex::v(Destroy)),
    ("decommission", Lex::v(Destroy)),
    ("decrease", Lex::v(Modify)),
    ("decrypt", Lex::v(Access).and(class::READ)),
    ("defender", Lex::o(SECURITY)),
    (
        "delete",
        Lex::v(Destroy)
            .and(class::DESTROY | class::FOLLOW_UP | class::GUARD_VERB | class::STATE_EDIT),
    ),
    ("demolish", Lex::vf(Destroy, WHOLE)),
    ("demote", Lex::v(Keys)),
    ("deny", Lex::c(class::FOLLOW_UP | class::GUARD_VERB)),
    ("dependabot", Lex::o(SECURITY)),
    ("dependency", Lex::o(SOFTWARE)),
    ("deploy", Lex::v(Release)),
    ("deployment", Lex::o(RUNTIME)),
    ("deprecate", Lex::v(Disable)),
    ("deprovision", Lex::v(Destroy)),
    ("deregister", Lex::v(Destroy)),
    ("describe", Lex::v(Mention).and(class::MENTION)),
    ("design", Lex::v(Mention)),
    ("desliga", Lex::vf(Shutdown, WHOLE)),
    ("desligar", Lex::vf(Shutdown, WHOLE)),
    ("destroy", Lex::v(Destroy).and(class::DESTROY)),
    ("detection", Lex::f(QUALIFIER)),
    ("detruire", Lex::vf(Destroy, WHOLE)),
    ("detruis", Lex::vf(Destroy, WHOLE)),
    ("dev", Lex::f(NONPROD)),
    ("device", Lex::o(STORE)),
    ("diff", Lex::v(Mention)),
    ("dir", Lex::o(FILES)),
    ("directly", Lex::f(UNSAFE)),
    ("directory", Lex::o(FILES)),
    (
        "disable",
        Lex::v(Disable).and(class::LOOSEN | class::GUARD_VERB),
    ),
    ("disarm", Lex::v(Disable)),
    ("discard", Lex::v(Destroy)),
    ("discord", Lex::c(class::SINK)),
    ("discount", Lex::o(MONEY)),
    ("discuss", Lex::v(Mention).and(class::MENTION)),
    ("disk", Lex::o(STORE)),
    ("dismantle", Lex::v(Destroy)),
    ("dismiss", Lex::vf(Unblock, LIFT_ONLY)),
    ("display", Lex::v(Access).and(class::READ)),
    ("dist", Lex::f(NONPROD | SCRATCH)),
    ("ditch", Lex::v(Destroy)),
    ("dm", Lex::v(Communicate).and(class::SEND)),
    ("dockerhub", Lex::f(PUBLIC_PLACE)),
    ("docroot", Lex::of(FILES, SERVED)),
    ("document", Lex::vo(Mention, WORK).and(class::MENTION)),
    ("does", Lex::f(QUESTION)),
    ("dollar", Lex::f(CURRENCY)),
    ("domain", Lex::o(STORE)),
    ("don't", Lex::f(NEG)),
    ("donnees", Lex::o(STORE)),
    ("dont", Lex::f(NEG)),
    ("dotenv", Lex::c(class::SECRET)),
    ("down", Lex::f(PARTICLE)),
    ("downgrade", Lex::v(Modify)),
    ("download", Lex::vf(Access, DOWNLOAD).and(class::FETCH)),
    ("downloaded", Lex::c(class::DOWNLOADED)),
    ("dr", Lex::f(PROD)),
    ("draft", Lex::v(Mention)),
    ("drain", Lex::v(Shutdown)),
    ("drive", Lex::o(STORE)),
    ("drop", Lex::v(Destroy)),
    ("dropbox", Lex::f(SINK)),
    ("droplet", Lex::o(RUNTIME)),
    ("dummy", Lex::f(NONPROD)),
    (
        "dump",
        Lex::vo(Access, SENSITIVE).and(class::READ | class::DATA),
    ),
    ("dyno", Lex::o(RUNTIME)),
    ("e-mail", Lex::v(Communicate).and(class::SEND)),
    ("each", Lex::f(BULK)),
    ("earnings", Lex::o(SENSITIVE)),
    ("ec2", Lex::o(RUNTIME)),
    ("echo", Lex::v(Access).and(class::READ)),
    (
        "edit",
        Lex::v(Modify)
            .and(class::FOLLOW_UP | class::LOOSEN | class::GUARD_VERB | class::STATE_EDIT),
    ),
    ("edits", Lex::o(WORK)),
    ("edr", Lex::o(SECURITY)),
    ("efface", Lex::vf(Destroy, WHOLE)),
    ("effacer", Lex::vf(Destroy, WHOLE)),
    ("elevate", Lex::v(Privilege)),
    ("elimina", Lex::vf(Destroy, WHOLE)),
    ("eliminar", Lex::vf(Destroy, WHOLE)),
    ("email", Lex::v(Communicate).and(class::SEND)),
    ("emails", Lex::c(class::DATA)),
    ("employee", Lex::o(PEOPLE)),
    ("empty", Lex::v(Destroy).and(class::DESTROY)),
    ("encryption", Lex::o(SECURITY)),
    ("enforcement", Lex::f(QUALIFIER)),
    ("enter", Lex::c(class::LOOK | class::FOLLOW_UP)),
    ("entferne", Lex::vf(Destroy, WHOLE)),
    ("entfernen", Lex::vf(Destroy, WHOLE)),
    ("entire", Lex::f(BULK)),
    ("env", Lex::c(class::SECRET)),
    ("environment", Lex::o(STORE).and(class::SECRET)),
    ("eradicate", Lex::v(Destroy)),
    ("erase", Lex::v(Destroy).and(class::DESTROY)),
    ("estimate", Lex::v(Mention)),
    ("eteindre", Lex::vf(Shutdown, WHOLE)),
    ("eteins", Lex::vf(Shutdown, WHOLE)),
    ("eth", Lex::f(CURRENCY)),
    ("eur", Lex::f(CURRENCY)),
    ("euro", Lex::f(CURRENCY)),
    ("evade", Lex::c(class::GUARD_VERB)),
    ("evaluate", Lex::v(Mention)),
    ("every", Lex::f(BULK)),
    ("everybody", Lex::of(PEOPLE, BULK)),
    ("everyone", Lex::of(PEOPLE, BULK)),
    ("everything", Lex::of(FILES, BULK)),
    ("examine", Lex::v(Mention)),
    ("except", Lex::f(PREP)),
    ("exclua", Lex::vf(Destroy, WHOLE)),
    ("excluir", Lex::vf(Destroy, WHOLE)),
    ("exec", Lex::v(Run).and(class::RUN | class::RUN_LIKE)),
    ("execute", Lex::v(Run).and(class::RUN | class::RUN_LIKE)),
    ("execution", Lex::f(APPROVAL)),
    ("exfiltrate", Lex::c(class::SEND)),
    ("exfiltrating", Lex::c(class::SEND)),
    ("explain", Lex::v(Mention).and(class::MENTION)),
    ("export", Lex::v(Access).and(class::READ)),
    ("expose", Lex::v(Communicate)),
    ("expunge", Lex::v(Destroy)),
    ("extend", Lex::v(Modify)),
    ("extension", Lex::o(SOFTWARE)),
    ("external", Lex::f(SINK)),
    ("extract", Lex::v(Access).and(class::READ | class::LOOK)),
    ("facebook", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("failover", Lex::v(Release)),
    ("fake", Lex::f(NONPROD)),
    ("fee", Lex::o(MONEY)),
    (
        "fetch",
        Lex::vf(Access, DOWNLOAD).and(class::READ | class::FETCH | class::LOOK),
    ),
    ("file", Lex::o(FILES).and(class::DATA)),
    ("files", Lex::c(class::DATA)),
    ("filevault", Lex::o(SECURITY)),
    ("financials", Lex::o(SENSITIVE)),
    ("find", Lex::v(Mention).and(class::LOOK)),
    ("firewall", Lex::o(SECURITY)),
    ("fix", Lex::v(Mention).and(class::MENTION)),
    ("fixture", Lex::f(NONPROD)),
    ("fleet", Lex::o(RUNTIME)),
    ("flush", Lex::v(Destroy)),
    ("folder", Lex::o(FILES)),
    ("follower", Lex::of(PEOPLE, PARTY)),
    ("for", Lex::f(PREP)),
    ("force", Lex::f(UNSAFE)),
    ("force-push", Lex::vf(Release, UNSAFE)),
    ("forever", Lex::f(IRREVERSIBLE)),
    ("forget", Lex::vf(Unblock, LIFT_ONLY)),
    ("fork", Lex::f(UNTRUSTED)),
    ("format", Lex::v(Destroy).and(class::DESTROY)),
    ("forum", Lex::f(PUBLIC_PLACE)),
    ("forward", Lex::v(Communicate).and(class::SEND)),
    ("freeze", Lex::v(Disable)),
    ("from", Lex::f(PREP)),
    ("ftp", Lex::c(class::SINK)),
    ("fund", Lex::o(MONEY)),
    ("galaxy", Lex::f(PUBLIC_PLACE)),
    ("gatekeeper", Lex::o(SECURITY)),
    ("gateway", Lex::o(RUNTIME)),
    ("gbp", Lex::f(CURRENCY)),
    ("gem", Lex::o(SOFTWARE)),
    ("generate", Lex::v(Mention)),
    ("generated", Lex::f(NONPROD)),
    (
        "get",
        Lex::v(Access).and(class::READ | class::FETCH | class::LOOK),
    ),
    ("gist", Lex::f(SINK | DOWNLOAD).and(class::SINK)),
    ("github", Lex::f(PUBLIC_PLACE)),
    ("give", Lex::v(Privilege)),
    ("gmail", Lex::f(SINK)),
    ("go", Lex::v(Run)),
    ("go-live", Lex::f(PROD)),
    ("grab", Lex::c(class::READ | class::FETCH | class::LOOK)),
    ("grant", Lex::v(Privilege).and(class::GUARD_VERB)),
    ("grep", Lex::v(Mention).and(class::MENTION | class::LOOK)),
    ("group", Lex::of(MEMBERSHIP, CONTAINER)),
    ("guard", Lex::f(GUARD).and(class::POLICY)),
    ("guardduty", Lex::o(SECURITY)),
    ("guardrail", Lex::f(GUARD).and(class::POLICY)),
    ("guardrails", Lex::c(class::POLICY)),
    ("hackage", Lex::f(PUBLIC_PLACE)),
    ("hackernews", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("halt", Lex::v(Shutdown)),
    ("hard-delete", Lex::vf(Destroy, IRREVERSIBLE)),
    ("harvest", Lex::c(class::READ)),
    ("help", Lex::v(Mention)),
    ("her", Lex::f(DET)),
    ("hibernate", Lex::v(Shutdown)),
    ("his", Lex::f(DET)),
    ("history", Lex::o(WORK)),
    ("hold", Lex::f(GUARD)),
    ("home", Lex::f(SYSTEM)),
    ("host", Lex::o(RUNTIME)),
    ("hotmail", Lex::f(SINK)),
    ("how", Lex::f(QUESTION).and(class::MENTION)),
    ("hsts", Lex::o(SECURITY)),
    ("htdocs", Lex::of(FILES, SERVED)),
    ("hypervisor", Lex::o(RUNTIME)),
    ("iban", Lex::f(IBAN)),
    ("if", Lex::f(PREP)),
    ("ignore", Lex::vf(Unblock, LIFT_ONLY)),
    ("implement", Lex::v(Mention)),
    ("improve", Lex::c(class::MENTION)),
    ("in", Lex::f(PREP)),
    ("increase", Lex::v(Modify).and(class::LOOSEN)),
    ("infrastructure", Lex::o(STORE)),
    ("ingress", Lex::o(RUNTIME)),
    ("inside", Lex::f(PREP)),
    ("inspect", Lex::v(Mention)),
    ("instagram", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("install", Lex::v(Install).and(class::RUN)),
    ("installer", Lex::f(DOWNLOAD).and(class::DOWNLOADED)),
    ("instance", Lex::o(RUNTIME)),
    ("instead", Lex::f(NEG)),
    ("instruct", Lex::v(Mention)),
    ("internal", Lex::o(SENSITIVE)),
    ("internet", Lex::f(PUBLIC_PLACE)),
    ("internet-facing", Lex::f(PROD)),
    ("into", Lex::f(PREP)),
    ("intrusion", Lex::o(SECURITY)),
    ("invalidate", Lex::v(Keys)),
    ("investigate", Lex::v(Mention)),
    ("investor", Lex::of(PEOPLE, PARTY)),
    ("invite", Lex::v(Privilege)),
    ("invoice", Lex::o(MONEY | RECORD)),
    ("invoke", Lex::v(Run).and(class::RUN)),
    ("irreversible", Lex::f(IRREVERSIBLE)),
    ("irreversibly", Lex::f(IRREVERSIBLE)),
    ("irrevocably", Lex::f(IRREVERSIBLE)),
    ("is", Lex::f(QUESTION)),
    ("issue", Lex::o(WORK)),
    (
        "it",
        Lex::o(PRONOUN).and(class::PRONOUN | class::DOWNLOADED),
    ),
    ("its", Lex::f(DET)),
    ("itself", Lex::c(class::REFLEXIVE)),
    ("jettison", Lex::vf(Destroy, WHOLE)),
    ("jsr", Lex::f(PUBLIC_PLACE)),
    ("key", Lex::o(CRED)),
    ("keypair", Lex::o(CRED).and(class::SECRET)),
    ("kick", Lex::v(Destroy)),
    ("kill", Lex::v(Shutdown).and(class::GUARD_VERB)),
    ("kubeconfig", Lex::o(CRED)),
    ("label", Lex::v(Mention)),
    ("laptop", Lex::o(STORE)),
    ("launch", Lex::v(Release).and(class::RUN)),
    ("leak", Lex::v(Communicate).and(class::SEND)),
    ("learn", Lex::v(Mention)),
    ("library", Lex::o(SOFTWARE)),
    ("license", Lex::o(MONEY)),
    ("lift", Lex::v(Unblock)),
    ("limit", Lex::f(QUALIFIER)),
    ("limiting", Lex::f(QUALIFIER)),
    ("linkedin", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("lint", Lex::v(Mention)),
    (
        "list",
        Lex::vf(Access, CONTAINER).and(class::READ | class::LOOK),
    ),
    ("live", Lex::f(PROD)),
    ("load", Lex::c(class::READ)),
    ("loadbalancer", Lex::o(RUNTIME)),
    ("local", Lex::f(NONPROD | LOCAL)),
    ("localhost", Lex::f(NONPROD | LOCAL)),
    ("locally", Lex::f(NONPROD)),
    ("lock", Lex::v(Disable)),
    ("lockout", Lex::f(GUARD)),
    ("loesche", Lex::vf(Destroy, WHOLE)),
    ("loeschen", Lex::vf(Destroy, WHOLE)),
    ("log", Lex::f(QUALIFIER)),
    ("logging", Lex::o(SECURITY)),
    ("logs", Lex::c(class::DATA)),
    ("lokal", Lex::f(LOCAL)),
    ("lokalen", Lex::f(LOCAL)),
    ("look", Lex::v(Mention).and(class::MENTION | class::LOOK)),
    ("loosen", Lex::c(class::LOOSEN)),
    ("losche", Lex::vf(Destroy, WHOLE)),
    ("loschen", Lex::vf(Destroy, WHOLE)),
    ("lower", Lex::v(Modify).and(class::LOOSEN)),
    ("machine", Lex::o(STORE)),
    ("mail", Lex::v(Communicate).and(class::SEND)),
    ("mailing", Lex::vo(Communicate, PEOPLE).and(class::SEND)),
    ("main", Lex::f(MAIN)),
    ("make", Lex::v(Privilege)),
    ("mark", Lex::v(Close).and(class::GUARD_VERB)),
    ("mass", Lex::f(BULK)),
    ("master", Lex::f(MAIN)),
    ("mastodon", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("me", Lex::f(SELF)),
    ("measure", Lex::v(Mention)),
    ("member", Lex::o(PEOPLE | RECORD)),
    ("membership", Lex::o(MONEY)),
    ("mention", Lex::v(Mention)),
    ("merge", Lex::v(Release)),
    ("message", Lex::v(Communicate).and(class::SEND)),
    ("mfa", Lex::o(SECURITY)),
    ("migrate", Lex::v(Move)),
    ("migration", Lex::o(STORE)),
    ("milestone", Lex::o(WORK)),
    ("minikube", Lex::f(NONPROD | LOCAL)),
    ("mnemonic", Lex::c(class::SECRET)),
    ("mock", Lex::f(NONPROD)),
    ("modifications", Lex::o(WORK)),
    (
        "modify",
        Lex::v(Modify).and(class::GUARD_VERB | class::STATE_EDIT),
    ),
    ("money", Lex::o(MONEY)),
    ("monitoring", Lex::o(SECURITY)),
    ("move", Lex::v(Move)),
    ("multi-factor", Lex::o(SECURITY)),
    ("mute", Lex::v(Disable)),
    ("my", Lex::f(DET).and(class::SELF_OBJECT)),
    (
        "myself",
        Lex::f(SELF).and(class::SELF_OBJECT | class::REFLEXIVE),
    ),
    ("namespace", Lex::o(STORE)),
    ("never", Lex::f(NEG)),
    ("newsletter", Lex::f(0)),
    ("no", Lex::f(NEG)),
    ("node", Lex::o(RUNTIME)),
    ("nodepool", Lex::o(RUNTIME)),
    ("not", Lex::f(NEG)),
    ("note", Lex::c(class::MENTION)),
    ("notify", Lex::v(Communicate)),
    ("npm", Lex::f(PUBLIC_PLACE)),
    ("nuget", Lex::f(PUBLIC_PLACE)),
    ("nuke", Lex::v(Destroy).and(class::DESTROY)),
    ("obliterate", Lex::v(Destroy).and(class::DESTROY)),
    ("of", Lex::f(PREP)),
    ("off", Lex::f(PARTICLE)),
    ("offboard", Lex::v(Disable)),
    ("offline", Lex::f(PARTICLE)),
    ("on", Lex::f(PREP)),
    ("onto", Lex::f(PREP)),
    (
        "open",
        Lex::v(Access).and(class::READ | class::LOOK | class::FOLLOW_UP),
    ),
    ("operator", Lex::f(OPERATOR).and(class::OPERATOR_OBJECT)),
    ("order", Lex::o(MONEY | RECORD)),
    ("org", Lex::o(STORE | MEMBERSHIP)),
    ("organisation", Lex::o(STORE | MEMBERSHIP)),
    ("organization", Lex::o(STORE | MEMBERSHIP)),
    ("origin", Lex::f(REMOTE)),
    ("our", Lex::f(DET)),
    ("out", Lex::f(PARTICLE)),
    ("outline", Lex::v(Mention)),
    ("output", Lex::v(Access).and(class::READ | class::PRONOUN)),
    ("over", Lex::f(PREP | PARTICLE)),
    ("override", Lex::v(Unblock).and(class::GUARD_VERB)),
    (
        "overwrite",
        Lex::vf(Destroy, OVERWRITE).and(class::DESTROY | class::GUARD_VERB | class::STATE_EDIT),
    ),
    ("own", Lex::f(SELF).and(class::SELF_OBJECT)),
    ("owner", Lex::o(PRIV)),
    ("ownership", Lex::o(PRIV)),
    ("package", Lex::o(SOFTWARE)),
    ("packagist", Lex::f(PUBLIC_PLACE)),
    ("page", Lex::o(WORK)),
    ("partner", Lex::of(PEOPLE, PARTY)),
    ("passphrase", Lex::o(CRED).and(class::SECRET)),
    ("passwd", Lex::c(class::SECRET)),
    ("password", Lex::o(CRED).and(class::SECRET)),
    ("passwordless", Lex::o(PRIV)),
    ("passwords", Lex::c(class::SECRET)),
    (
        "paste",
        Lex::v(Communicate).and(class::SEND | class::FOLLOW_UP),
    ),
    ("pastebin", Lex::f(SINK).and(class::SINK)),
    ("pasting", Lex::c(class::SEND)),
    ("pause", Lex::v(Disable).and(class::GUARD_VERB)),
    ("pay", Lex::v(Money)),
    ("payment", Lex::o(MONEY)),
    ("payout", Lex::o(MONEY)),
    ("payroll", Lex::o(SENSITIVE)),
    ("pending", Lex::f(APPROVAL).and(class::SELF_OBJECT)),
    ("people", Lex::o(PEOPLE)),
    ("per", Lex::f(PREP)),
    ("permanent", Lex::f(IRREVERSIBLE)),
    ("permanently", Lex::f(IRREVERSIBLE)),
    ("permission", Lex::o(PRIV)),
    ("personal", Lex::f(SINK)),
    ("persuade", Lex::v(Mention)),
    ("phone", Lex::o(STORE)),
    ("pii", Lex::o(SENSITIVE)),
    ("pipe", Lex::v(Run).and(class::RUN_LIKE)),
    ("plan", Lex::vo(Mention, MONEY)),
    ("plugin", Lex::o(SOFTWARE)),
    ("pod", Lex::o(RUNTIME)),
    ("policies", Lex::c(class::POLICY)),
    ("policy", Lex::f(POLICY).and(class::POLICY)),
    ("portfolio", Lex::o(MONEY)),
    ("post", Lex::vo(Communicate, WORK).and(class::SEND)),
    ("posting", Lex::c(class::SEND)),
    ("posts", Lex::c(class::SEND)),
    ("power-cycle", Lex::v(Shutdown)),
    ("powercycle", Lex::v(Shutdown)),
    ("poweroff", Lex::v(Shutdown)),
    ("pr", Lex::o(WORK)),
    ("prd", Lex::f(PROD)),
    ("pre-prod", Lex::f(NONPROD | SHARED)),
    ("pre-production", Lex::f(NONPROD | SHARED)),
    ("prepare", Lex::v(Mention)),
    ("preprod", Lex::f(NONPROD | SHARED)),
    ("preproduction", Lex::f(NONPROD | SHARED)),
    ("press", Lex::f(PUBLIC_PLACE)),
    ("preview", Lex::f(NONPROD)),
    ("price", Lex::o(MONEY)),
    ("pricing", Lex::o(MONEY)),
    ("print", Lex::v(Access).and(class::READ | class::LOOK)),
    ("prints", Lex::c(class::READ)),
    ("private", Lex::f(PRIVATE)),
    ("privilege", Lex::o(PRIV)),
    ("process", Lex::o(RUNTIME)),
    ("prod", Lex::f(PROD)),
    ("producao", Lex::f(PROD)),
    ("produccion", Lex::f(PROD)),
    ("product", Lex::o(MONEY)),
    ("producthunt", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("production", Lex::f(PROD)),
    ("produktion", Lex::f(PROD)),
    ("produktionsdatenbank", Lex::of(STORE, PROD)),
    ("produktiv", Lex::f(PROD)),
    ("project", Lex::o(STORE)),
    ("promote", Lex::v(Privilege)),
    ("propose", Lex::v(Mention)),
    ("protection", Lex::o(SECURITY)),
    ("protonmail", Lex::f(SINK)),
    ("proxy", Lex::o(RUNTIME)),
    ("public", Lex::f(PUBLIC)),
    ("public-facing", Lex::f(PROD)),
    ("publicly", Lex::f(PUBLIC)),
    (
        "publish",
        Lex::vf(Communicate, PUBLIC_PLACE).and(class::SEND),
    ),
    ("pull", Lex::f(0)),
    ("purchase", Lex::v(Money)),
    ("purge", Lex::v(Destroy).and(class::DESTROY)),
    ("push", Lex::v(Release).and(class::SEND)),
    ("put", Lex::c(class::SEND)),
    ("pypi", Lex::f(PUBLIC_PLACE)),
    ("qa", Lex::f(NONPROD | SHARED)),
    ("quarantine", Lex::f(GUARD)),
    ("quiesce", Lex::v(Shutdown)),
    ("rack", Lex::o(RUNTIME)),
    ("raise", Lex::v(Modify).and(class::LOOSEN)),
    ("random", Lex::f(UNTRUSTED)),
    ("rate-limit", Lex::o(SECURITY)),
    ("rate-limiting", Lex::o(SECURITY)),
    ("ratelimit", Lex::o(SECURITY)),
    ("raze", Lex::v(Destroy)),
    ("rbac", Lex::o(SECURITY)),
    ("re-key", Lex::v(Keys)),
    (
        "read",
        Lex::v(Access).and(class::READ | class::LOOK | class::FOLLOW_UP),
    ),
    ("reading", Lex::c(class::READ)),
    ("reads", Lex::c(class::READ)),
    ("reassign", Lex::v(Move)),
    ("rebase", Lex::vf(Modify, OVERWRITE)),
    ("reboot", Lex::v(Shutdown)),
    ("recipient", Lex::of(PEOPLE, PARTY)),
    ("record", Lex::o(STORE)),
    ("recreate", Lex::v(Modify)),
    ("recycle", Lex::v(Restart)),
    ("reddit", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("redeploy", Lex::v(Restart)),
    ("refactor", Lex::v(Mention).and(class::MENTION)),
    ("reformat", Lex::v(Destroy).and(class::DESTROY)),
    ("refund", Lex::vo(Money, MONEY)),
    ("regenerate", Lex::v(Keys)),
    ("reimage", Lex::v(Destroy)),
    ("reissue", Lex::v(Keys).and(class::GUARD_VERB)),
    ("rekey", Lex::v(Keys)),
    ("relax", Lex::v(Modify).and(class::LOOSEN)),
    ("release", Lex::vo(Release, SOFTWARE)),
    ("remaining", Lex::f(BULK)),
    ("remind", Lex::v(Mention)),
    ("remote", Lex::f(REMOTE)),
    (
        "remove",
        Lex::v(Destroy).and(
            class::DESTROY
                | class::FOLLOW_UP
                | class::LOOSEN
                | class::GUARD_VERB
                | class::STATE_EDIT,
        ),
    ),
    ("rename", Lex::v(Mention).and(class::MENTION)),
    (
        "replace",
        Lex::vf(Destroy, OVERWRITE).and(class::GUARD_VERB),
    ),
    ("replica", Lex::o(STORE)),
    ("repo", Lex::o(STORE).and(class::DATA)),
    ("repository", Lex::o(STORE).and(class::DATA)),
    ("request", Lex::f(APPROVAL).and(class::SELF_OBJECT)),
    ("requests", Lex::c(class::SELF_OBJECT)),
    ("research", Lex::v(Mention)),
    ("reset", Lex::vf(Destroy, OVERWRITE).and(class::GUARD_VERB)),
    ("resolve", Lex::v(Close)),
    ("resource", Lex::o(STORE)),
    ("restart", Lex::v(Restart)),
    ("restore", Lex::vf(Modify, OVERWRITE)),
    ("restriction", Lex::f(GUARD)),
    ("result", Lex::c(class::PRONOUN)),
    ("results", Lex::c(class::PRONOUN)),
    ("retire", Lex::v(Destroy)),
    ("retrieve", Lex::c(class::READ)),
    ("reveal", Lex::c(class::READ)),
    ("revenue", Lex::o(SENSITIVE)),
    ("revert", Lex::vf(Modify, OVERWRITE)),
    ("review", Lex::vf(Mention, REVIEW).and(class::MENTION)),
    ("revoke", Lex::v(Keys)),
    ("rewrite", Lex::vf(Modify, OVERWRITE).and(class::GUARD_VERB)),
    ("rid", Lex::f(PARTICLE)),
    ("rights", Lex::o(PRIV)),
    ("rm", Lex::c(class::STATE_EDIT)),
    ("roadmap", Lex::o(SENSITIVE)),
    ("role", Lex::o(PRIV | MEMBERSHIP)),
    ("rollback", Lex::vf(Modify, OVERWRITE)),
    ("root", Lex::o(PRIV)),
    ("roster", Lex::f(CONTAINER)),
    ("rotate", Lex::v(Keys)),
    ("row", Lex::o(STORE)),
    ("rubygems", Lex::f(PUBLIC_PLACE)),
    ("rule", Lex::f(POLICY)),
    (
        "run",
        Lex::v(Run).and(class::RUN | class::RUN_LIKE | class::FOLLOW_UP),
    ),
    ("runner", Lex::o(RUNTIME)),
    ("safeguard", Lex::f(GUARD)),
    ("salary", Lex::o(SENSITIVE)),
    ("same", Lex::f(SAME)),
    ("sample", Lex::f(NONPROD)),
    ("sandbox", Lex::f(NONPROD)),
    ("sandboxing", Lex::o(SECURITY)),
    ("save", Lex::v(Mention)),
    ("scaleset", Lex::o(RUNTIME)),
    ("scan", Lex::v(Mention)),
    ("scanner", Lex::f(QUALIFIER)),
    ("scanning", Lex::f(QUALIFIER)),
    ("schedule", Lex::v(Mention)),
    ("schema", Lex::o(STORE)),
    ("scrap", Lex::vf(Destroy, WHOLE)),
    // Not `scrap` by the suffix rules (`scraped`, `scraping`): reading a site, no role.
    ("scrape", Lex::f(0)),
    ("scraped", Lex::f(0)),
    ("scraping", Lex::f(0)),
    ("scratch", Lex::f(NONPROD | SCRATCH)),
    ("script", Lex::c(class::DOWNLOADED)),
    ("scrub", Lex::v(Destroy)),
    ("search", Lex::v(Mention).and(class::MENTION | class::LOOK)),
    ("seat", Lex::o(MONEY)),
    ("seccomp", Lex::o(SECURITY)),
    ("secret", Lex::o(CRED).and(class::SECRET)),
    ("secrets", Lex::c(class::SECRET)),
    ("security", Lex::o(SECURITY)),
    ("segment", Lex::f(CONTAINER)),
    ("self-approve", Lex::c(class::SELF_VERB | class::GUARD_VERB)),
    ("selinux", Lex::o(SECURITY)),
    ("sell", Lex::v(Money)),
    (
        "send",
        Lex::v(Communicate).and(class::SEND | class::FOLLOW_UP),
    ),
    ("sending", Lex::c(class::SEND)),
    ("sends", Lex::c(class::SEND)),
    ("sentinelone", Lex::o(SECURITY)),
    ("server", Lex::o(RUNTIME)),
    ("serveur", Lex::o(RUNTIME)),
    ("service", Lex::o(RUNTIME)),
    ("servidor", Lex::o(RUNTIME)),
    ("session", Lex::o(CRED)),
    ("set", Lex::v(Modify)),
    ("settings", Lex::f(QUALIFIER)),
    ("sh", Lex::f(SHELL).and(class::RUN_LIKE)),
    ("share", Lex::vo(Communicate, MONEY).and(class::SEND)),
    ("shared", Lex::vf(Communicate, SHARED).and(class::SEND)),
    ("sharing", Lex::o(ACCESS)),
    ("sheet", Lex::o(FILES)),
    ("shell", Lex::f(SHELL)),
    ("ship", Lex::v(Release)),
    ("should", Lex::f(QUESTION)),
    ("show", Lex::v(Access).and(class::READ | class::LOOK)),
    ("shred", Lex::v(Destroy).and(class::DESTROY)),
    ("shut", Lex::v(Shutdown).and(class::GUARD_VERB)),
    ("shutdown", Lex::v(Shutdown)),
    ("signing", Lex::o(SECURITY)),
    ("silence", Lex::v(Disable).and(class::GUARD_VERB)),
    ("simulate", Lex::v(Mention)),
    ("since", Lex::f(PREP)),
    ("sit", Lex::f(NONPROD | SHARED)),
    ("site", Lex::o(STORE)),
    ("sketch", Lex::v(Mention)),
    ("sketchy", Lex::f(UNTRUSTED)),
    ("skip", Lex::f(UNSAFE).and(class::GUARD_VERB)),
    ("slack", Lex::c(class::SINK)),
    ("slide", Lex::o(WORK)),
    ("smartscreen", Lex::o(SECURITY)),
    ("sms", Lex::v(Communicate)),
    ("snapshot", Lex::o(STORE)),
    ("so", Lex::f(SPLIT)),
    ("sole", Lex::f(IRREVERSIBLE)),
    ("solve", Lex::v(Close)),
    ("sophos", Lex::o(SECURITY)),
    (
        "source",
        Lex::v(Run).and(class::DATA | class::RUN | class::RUN_LIKE),
    ),
    ("spreadsheet", Lex::o(FILES)),
    ("squash", Lex::vf(Modify, OVERWRITE)),
    ("ssh", Lex::c(class::SECRET)),
    ("ssh-key", Lex::o(CRED)),
    ("ssl", Lex::o(SECURITY)),
    ("sso", Lex::o(SECURITY)),
    ("stack", Lex::o(STORE)),
    ("stackoverflow", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("staff", Lex::o(PEOPLE)),
    ("staging", Lex::f(NONPROD | SHARED)),
    ("standby", Lex::o(STORE)),
    ("start", Lex::c(class::RUN)),
    ("state.redb", Lex::c(class::OPERATOR_OBJECT)),
    ("steal", Lex::c(class::READ)),
    ("stg", Lex::f(NONPROD | SHARED)),
    ("stock", Lex::o(MONEY)),
    ("stop", Lex::v(Shutdown).and(class::GUARD_VERB)),
    ("storage", Lex::o(STORE)),
    ("straight", Lex::f(UNSAFE)),
    ("study", Lex::v(Mention)),
    (
        "submit",
        Lex::c(class::SEND | class::FOLLOW_UP | class::GUARD_VERB),
    ),
    ("subscriber", Lex::of(PEOPLE | RECORD, PARTY)),
    ("subscription", Lex::o(MONEY | RECORD)),
    ("substack", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("sudo", Lex::o(PRIV)),
    ("suggest", Lex::v(Mention)),
    ("summarise", Lex::v(Mention)),
    ("summarize", Lex::v(Mention).and(class::MENTION)),
    ("sunset", Lex::v(Destroy)),
    ("superuser", Lex::o(PRIV)),
    ("supplier", Lex::of(PEOPLE, PARTY)),
    ("supprime", Lex::vf(Destroy, WHOLE)),
    ("supprimer", Lex::vf(Destroy, WHOLE)),
    ("supprimez", Lex::vf(Destroy, WHOLE)),
    ("suspend", Lex::v(Disable)),
    ("switch", Lex::v(Modify)),
    ("sync", Lex::c(class::SEND)),
    ("table", Lex::o(STORE)),
    ("take", Lex::f(0)),
    ("team", Lex::of(MEMBERSHIP, INTERNAL | CONTAINER)),
    ("tear", Lex::f(0)),
    ("telegram", Lex::c(class::SINK)),
    ("tell", Lex::v(Mention)),
    ("temp", Lex::f(NONPROD | SCRATCH)),
    ("temporaire", Lex::f(SCRATCH)),
    ("temporary", Lex::f(NONPROD)),
    ("tenant", Lex::o(STORE)),
    ("terminate", Lex::v(Destroy)),
    (
        "test",
        Lex::vf(Mention, NONPROD | REVIEW).and(class::MENTION),
    ),
    ("tested", Lex::f(0)),
    ("text", Lex::v(Communicate)),
    ("than", Lex::f(PREP)),
    (
        "that",
        Lex::of(PRONOUN, DET).and(class::PRONOUN | class::DOWNLOADED),
    ),
    ("the", Lex::f(DET)),
    // "text all of them": a message to their phones ("the text" is a noun: a determiner
    // takes the verb role away).
    ("their", Lex::f(DET)),
    ("them", Lex::o(PRONOUN).and(class::PRONOUN)),
    ("then", Lex::f(SPLIT)),
    ("these", Lex::of(PRONOUN, DET).and(class::PRONOUN)),
    (
        "this",
        Lex::of(PRONOUN, DET).and(class::PRONOUN | class::DOWNLOADED),
    ),
    ("those", Lex::of(PRONOUN, DET).and(class::PRONOUN)),
    ("threshold", Lex::f(POLICY | LOOSEN).and(class::POLICY)),
    ("throttling", Lex::o(SECURITY)),
    ("through", Lex::f(LOOSEN | PREP)),
    ("throw", Lex::f(0)),
    ("ticket", Lex::o(WORK | RECORD)),
    ("tier", Lex::o(MONEY)),
    ("tiktok", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("tls", Lex::o(SECURITY)),
    ("tmp", Lex::f(NONPROD | SCRATCH)),
    ("to", Lex::f(PREP)),
    (
        "token",
        Lex::o(CRED).and(class::SECRET | class::OPERATOR_OBJECT),
    ),
    ("tokens", Lex::c(class::SECRET)),
    ("toss", Lex::v(Destroy)),
    ("totp", Lex::o(SECURITY)),
    ("tous", Lex::f(BULK)),
    ("toutes", Lex::f(BULK)),
    ("trace", Lex::v(Mention)),
    ("trail", Lex::f(QUALIFIER)),
    ("transaction", Lex::o(MONEY)),
    ("transfer", Lex::v(Money)),
    ("translate", Lex::v(Mention).and(class::MENTION)),
    ("transmit", Lex::c(class::SEND)),
    ("trash", Lex::v(Destroy)),
    ("trial", Lex::o(MONEY)),
    ("truncate", Lex::v(Destroy)),
    ("trust", Lex::c(class::GUARD_VERB)),
    ("turn", Lex::c(class::LOOSEN | class::GUARD_VERB)),
    ("tweet", Lex::vf(Communicate, PUBLIC_PLACE).and(class::SEND)),
    ("twitter", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("two-factor", Lex::o(SECURITY)),
    ("two-step", Lex::o(SECURITY)),
    ("type", Lex::c(class::LOOK | class::FOLLOW_UP)),
    ("uat", Lex::f(NONPROD | SHARED)),
    (
        "unblock",
        Lex::v(Unblock).and(class::FOLLOW_UP | class::SELF_VERB | class::GUARD_VERB),
    ),
    ("under", Lex::f(PREP)),
    ("understand", Lex::v(Mention).and(class::MENTION)),
    ("uninstall", Lex::v(Destroy).and(class::GUARD_VERB)),
    ("unknown", Lex::f(UNTRUSTED)),
    ("unless", Lex::f(PREP)),
    ("unofficial", Lex::f(UNTRUSTED)),
    ("unprovision", Lex::v(Destroy)),
    ("unpublish", Lex::v(Destroy)),
    ("unrecoverable", Lex::f(IRREVERSIBLE)),
    ("unrecoverably", Lex::f(IRREVERSIBLE)),
    ("unreviewed", Lex::f(UNSAFE)),
    ("unsubscribe", Lex::v(Cancel)),
    ("untested", Lex::f(UNSAFE)),
    ("until", Lex::f(PREP)),
    ("untrusted", Lex::f(UNTRUSTED)),
    ("unverified", Lex::f(UNTRUSTED)),
    ("up", Lex::f(PARTICLE)),
    ("update", Lex::v(Modify).and(class::MENTION)),
    ("upgrade", Lex::v(Modify)),
    ("upload", Lex::vf(Communicate, SINK).and(class::SEND)),
    ("uploading", Lex::c(class::SEND)),
    ("uploads", Lex::c(class::SEND)),
    ("upstream", Lex::f(REMOTE)),
    ("us", Lex::f(SELF)),
    ("usd", Lex::f(CURRENCY)),
    ("use", Lex::v(Run).and(class::LOOK | class::FOLLOW_UP)),
    ("user", Lex::o(PEOPLE | RECORD)),
    ("user-facing", Lex::f(PROD)),
    ("users", Lex::c(class::DATA)),
    // "vaporize ~/repos": gone, as "obliterate" says it (session 21, plain language).
    ("vaporise", Lex::v(Destroy).and(class::DESTROY)),
    ("vaporize", Lex::v(Destroy).and(class::DESTROY)),
    ("vendor", Lex::of(PEOPLE, PARTY)),
    ("verification", Lex::f(OPERATOR | APPROVAL)),
    (
        "verify",
        Lex::vf(Approve, APPROVAL).and(class::FOLLOW_UP | class::GUARD_VERB),
    ),
    ("via", Lex::f(PREP)),
    ("view", Lex::v(Access).and(class::READ)),
    ("vm", Lex::o(RUNTIME)),
    ("vmss", Lex::o(RUNTIME)),
    ("void", Lex::v(Cancel)),
    ("volume", Lex::o(STORE)),
    ("vps", Lex::o(RUNTIME)),
    ("waf", Lex::o(SECURITY)),
    ("waiting", Lex::f(REVIEW)),
    ("waive", Lex::v(Modify)),
    ("wallet", Lex::c(class::SECRET)),
    ("wazuh", Lex::o(SECURITY)),
    ("weaken", Lex::v(Modify).and(class::LOOSEN)),
    ("webhook", Lex::f(SINK).and(class::SINK)),
    ("webroot", Lex::of(FILES, SERVED)),
    ("website", Lex::o(STORE)),
    ("wget", Lex::c(class::FETCH)),
    ("what", Lex::f(QUESTION).and(class::MENTION)),
    ("when", Lex::f(QUESTION | PREP)),
    ("whenever", Lex::f(PREP)),
    ("where", Lex::f(QUESTION | PREP)),
    ("whether", Lex::f(QUESTION)),
    ("which", Lex::f(QUESTION)),
    ("while", Lex::f(PREP)),
    (
        "whitelist",
        Lex::v(Unblock).and(class::SELF_VERB | class::GUARD_VERB),
    ),
    ("who", Lex::f(QUESTION)),
    ("whole", Lex::f(BULK)),
    ("why", Lex::f(QUESTION).and(class::MENTION)),
    (
        "wipe",
        Lex::v(Destroy).and(class::DESTROY | class::GUARD_VERB),
    ),
    ("wire", Lex::vf(Money, IBAN)),
    ("with", Lex::f(PREP)),
    ("within", Lex::f(PREP)),
    ("without", Lex::f(WITHOUT)),
    ("won't", Lex::f(NEG)),
    ("work", Lex::o(WORK)),
    ("worker", Lex::o(RUNTIME)),
    ("workspace", Lex::o(STORE | MEMBERSHIP)),
    ("world", Lex::f(PUBLIC_PLACE)),
    ("world-readable", Lex::f(PUBLIC)),
    (
        "write",
        Lex::v(Mention).and(class::MENTION | class::STATE_EDIT),
    ),
    ("xprotect", Lex::o(SECURITY)),
    ("yank", Lex::v(Destroy)),
    ("you", Lex::f(YOU)),
    ("your", Lex::f(DET)),
    ("yourself", Lex::f(SELF).and(class::REFLEXIVE)),
    ("youtube", Lex::f(PUBLIC_PLACE).and(class::SINK)),
    ("zap", Lex::v(Destroy)),
    ("zero", Lex::c(class::DESTROY)),
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

/// The entry of a word as written (lower case), whatever knows it.
fn entry(word: &[u8]) -> Option<Lex> {
    let (start, end) = INDEX[bucket(word)];
    WORDS[usize::from(start)..usize::from(end)]
        .iter()
        .find(|(w, _)| w.as_bytes() == word)
        .map(|(_, l)| *l)
}

/// The roles of a word as written, for plain-language judgement (the words only the
/// whole-text checks know are not in it).
fn exact(word: &[u8]) -> Option<Lex> {
    entry(word).filter(|l| l.checks & class::CHECKS_ONLY == 0)
}

/// The whole-text checks' classes of a word (bits of [`class`]), in any case, as written (no
/// suffix rules: `explained` is not `explain`); 0 when it is in no class.
#[inline]
pub fn classes(word: &str) -> u32 {
    let w = word.as_bytes();
    if w.is_empty() || w.len() > MAX_WORD {
        return 0;
    }
    let mut buf = [0_u8; MAX_WORD];
    for (b, c) in buf.iter_mut().zip(w) {
        *b = c.to_ascii_lowercase();
    }
    entry(&buf[..w.len()]).map_or(0, |l| l.checks & !class::CHECKS_ONLY)
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
    // forget / ignore / dismiss lift only a guard: they need one of its words (OBJECTS).
    (verb && l.flags & (LIFT_ONLY | WHOLE) == 0)
        || l.flags & OVERWRITE != 0
        || l.obj & (CRED | AIRLOCK) != 0
        || l.flags & (SAME | DOWNLOAD | UNTRUSTED | SHELL | IBAN | CURRENCY | SINK) != 0
}

/// The words of [`WHOLE`]: matched whole by the prefilter.
const fn whole(l: &Lex) -> bool {
    l.flags & WHOLE != 0
}

const fn weak(l: &Lex) -> bool {
    matches!(l.verb, Verb::Modify | Verb::Privilege) || l.flags & LIFT_ONLY != 0
}

const fn object(l: &Lex) -> bool {
    l.obj & (MONEY | PEOPLE | PRIV | SENSITIVE | SECURITY | MEMBERSHIP) != 0
        || l.flags & (POLICY | LOOSEN | PUBLIC | BULK | GUARD | APPROVAL | IRREVERSIBLE) != 0
}
const fn run_or_operator(l: &Lex) -> bool {
    matches!(l.verb, Verb::Run | Verb::Access) || l.flags & OPERATOR != 0
}

const fn build(pick: u8) -> KeySet {
    let mut set = [0_u64; 27 * 27 * 27 / 64 + 1];
    if pick == 4 {
        // The words that open or close the danger-levels name patterns (drop_*, *_production,
        // force_*, bulk_delete*, *_without_backup ...), and deploy_* (a deploy to a shared
        // environment is read as one).
        let parts: [&[u8]; 15] = [
            b"deploy",
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
            5 => whole(l),
            _ => run_or_operator(l),
        };
        if take {
            set = add(set, WORDS[i].0.as_bytes());
        }
        i += 1;
    }
    if pick == 0 {
        // The words of phrasal verbs (turn off, shut down, tear down, throw away, get rid of).
        let mut j = 0;
        // Not "stand" (stand down): its key is `start`'s and `status`'s; the guard it addresses
        // is a strong word already.
        // Not "rip", "burn", "zero" (rip out, burn down, zero out): their idioms are read by
        // the reduction, whose text passes by its plain verb (`zero` is every `/dev/zero`'s).
        let phrasal: [&[u8]; 10] = [
            b"turn", b"switch", b"shut", b"power", b"tear", b"take", b"tore", b"throw", b"blow",
            b"rid",
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
/// The keys of the [`WHOLE`] words: a word with one of them is looked up whole
/// ([`strong_whole`]).
pub static WHOLE_KEYS: KeySet = build(5);

/// Whether a word (as written) is, in any inflection, a [`WHOLE`] word of the lexicon.
pub fn strong_whole(w: &[u8]) -> bool {
    if w.len() > MAX_WORD {
        return false;
    }
    let mut buf = [0_u8; MAX_WORD];
    for (b, c) in buf.iter_mut().zip(w) {
        *b = c.to_ascii_lowercase();
    }
    lookup(&buf[..w.len()]).is_some_and(|l| l.flags & WHOLE != 0 && l.verb != Verb::Absent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checks_classes_are_found_in_any_case_as_written() {
        let mut checked = 0;
        for &(w, l) in WORDS {
            let classes = l.checks & !class::CHECKS_ONLY;
            assert_eq!(super::classes(w), classes, "{w}");
            assert_eq!(super::classes(&w.to_ascii_uppercase()), classes, "{w}");
            checked += usize::from(classes != 0);
        }
        assert!(checked > 200, "{checked} words with classes");
        // As written: no suffix rules, and words no check knows have none.
        for w in [
            "",
            "the",
            "explained",
            "sendmail",
            "a-very-long-word-indeed",
        ] {
            assert_eq!(super::classes(w), 0, "{w}");
        }
        assert_eq!(super::classes("Send") & class::SEND, class::SEND);
    }

    #[test]
    fn words_only_the_checks_know_are_not_words_of_plain_language() {
        // `sends` is in the table for the checks only: plain language still reads it as
        // `send` by the suffix rules, and `.env` is no word of plain language at all.
        assert_eq!(lookup(b"sends").map(|l| l.verb), Some(Verb::Communicate));
        assert_eq!(lookup(b"sends"), lookup(b"send"));
        assert!(lookup(b".env").is_none());
        assert_ne!(super::classes("sends") & class::SEND, 0);
        // A word both know has its roles and its classes in one entry.
        let delete = lookup(b"delete").expect("delete");
        assert_eq!(delete.verb, Verb::Destroy);
        assert_ne!(delete.checks & class::DESTROY, 0);
    }
}
