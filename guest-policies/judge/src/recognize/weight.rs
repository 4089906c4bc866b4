//! The weight of what a command acts on (holdout8 analysis K3, §2 d): a finding whose object
//! is of a heavy class is one safety tier worse (confirm -> verify) than the same act on an
//! ordinary object. Weight never creates a finding: it only grades what a recognizer found.
//!
//! The heavy classes are classes of NOUNS, read from the command's own words for any program
//! or vendor, never a row per program:
//! - a certificate authority (a root, intermediate, subordinate or issuing CA, a PKI): every
//!   certificate it issued stops validating or can no longer be renewed;
//! - a signing identity (a code-signing certificate, a signing key or profile): releases can
//!   no longer be signed, or signed ones stop verifying;
//! - a root, master, sealing, unseal, KMS or HSM key (or the vault or HSM holding them): all
//!   data encrypted under it is lost with it;
//! - a whole repository, with its history, issues and reviews;
//! - a whole organization, tenant or account (not a service account: a robot identity);
//! - a whole application, project, environment, stack or site: every resource in it;
//! - a whole topic, audience or list of people: every subscription on it;
//! - live money above a bound (an amount of 10,000 in major units or 1,000,000 in minor units,
//!   not in a test or sandbox mode).
//!
//! # How the object is read
//!
//! The command path (program and leading operands, split into parts like the generic reader
//! splits them: `delete-certificate-authority`, `apps:destroy`, `privateca roots delete`)
//! names the act and the object: the object is the noun the acting verb is fused with
//! (`delete-repository`), or the noun right before the verb (`copilot app delete`, `az repos
//! delete`), or a table noun right after it (`kubectl delete namespace`). Credentials are named
//! by their names as well (`kubectl delete secret sealed-secrets-key...`, `vault delete
//! pki/root`): a secret's or a key's name says what it holds.
//!
//! # Reversibility
//!
//! Only acts that cannot be taken back are weighed: destroy, revoke, cancel, close, send, pay.
//! Disabling, stopping or archiving is undone by enabling or starting again. A delete that
//! states a restore window (`--recovery-window-in-days 30`, `--pending-window-in-days 7`,
//! `--permanent-deletion-time-in-days 7`: the object can be restored during the window, per
//! the AWS KMS, Secrets Manager and ACM PCA documentation) is not raised; a window of 0 or an
//! option that skips it (`--force-delete-without-recovery`, `--skip-grace-period`) is hard.

use super::generic::{self, Role};
use super::{Cmd, classes};
use crate::finding::{Family, Finding, Severity};
use crate::prose::lexicon::{self, Verb};

/// A heavy class of object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// A root, intermediate or issuing certificate authority, a PKI.
    CertificateAuthority,
    /// A code-signing certificate, signing key, identity or profile.
    SigningIdentity,
    /// A root, master, sealing, unseal, KMS or HSM key, or the vault or HSM holding keys.
    MasterKey,
    /// A whole repository.
    Repository,
    /// A whole organization, tenant or account.
    Tenant,
    /// A whole application, project, environment, stack or site.
    Application,
    /// A whole topic, audience or list of people.
    Audience,
    /// Live money above the bound.
    LiveMoney,
}

impl Weight {
    /// Why the class weighs, for the finding's message.
    pub const fn why(self) -> &'static str {
        match self {
            Weight::CertificateAuthority => {
                "a certificate authority: every certificate it issued stops validating"
            }
            Weight::SigningIdentity => "a signing identity: nothing can be signed as it again",
            Weight::MasterKey => {
                "a root, master, sealing or KMS key: what it encrypts is lost with it"
            }
            Weight::Repository => "a whole repository with its history",
            Weight::Tenant => "a whole organization, tenant or account",
            Weight::Application => "a whole application, project or environment",
            Weight::Audience => "a whole topic, audience or list of people",
            Weight::LiveMoney => "live money above 10,000",
        }
    }
}

/// How many leading operands make the command path.
const PATH_WORDS: usize = 4;

/// Words that stand for a credential: a name given to one says what it holds.
const CREDENTIAL: &[&str] = &[
    "secret",
    "secrets",
    "key",
    "keys",
    "keypair",
    "cert",
    "certs",
    "certificate",
    "certificates",
    "identity",
    "identities",
    "profile",
    "profiles",
];

/// Qualifiers that make a key a key of keys (in the path or fused in a name).
const KEY_QUALIFIERS: &[&str] = &[
    "kms",
    "hsm",
    "master",
    "masterkey",
    "root",
    "sealing",
    "sealed",
    "unseal",
    "seal",
    "encryption",
    "kek",
    "cmk",
    "transit",
];

/// Qualifiers that make a credential a signing one.
const SIGNING: &[&str] = &["signing", "codesign", "codesigning", "signer"];

/// Qualifiers that make a root or a subordinate a certificate authority.
const CA_CONTEXT: &[&str] = &[
    "ca",
    "privateca",
    "pki",
    "certificate",
    "certificates",
    "cert",
];

/// Lowercased parts of a word, at most `MAX` of them (names are short; a long word is data).
fn lower_parts(word: &str, into: &mut Vec<String>) {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let mut n = 0;
    generic::parts(word, |p| {
        if let Some(l) = generic::lower(p, &mut buf) {
            into.push(l.to_owned());
        }
        n += 1;
        n < 12
    });
}

/// Whether a lowercased part is an acting verb whose act cannot be undone: destroy, revoke,
/// cancel, close, send, pay (not disable, stop or archive: those are switched back).
fn irreversible(w: &str) -> bool {
    matches!(
        generic::role(w, None),
        Role::Act(
            Verb::Destroy
                | Verb::Keys
                | Verb::Cancel
                | Verb::Close
                | Verb::Communicate
                | Verb::Money
        )
    )
}

/// The class of a head noun, given every part of the command path around it.
fn class_of_head(head: &str, before: Option<&str>, path: &[String]) -> Option<Weight> {
    let in_path = |set: &[&str]| path.iter().any(|p| set.contains(&p.as_str()));
    let hsm_in_path = path.iter().any(|p| p.contains("hsm"));
    match head {
        "ca" | "cas" | "pki" | "privateca" => Some(Weight::CertificateAuthority),
        "authority" | "authorities" if in_path(&["certificate", "cert", "ca", "pki"]) => {
            Some(Weight::CertificateAuthority)
        }
        "root" | "roots" | "subordinate" | "subordinates" | "intermediate" | "intermediates"
            if in_path(CA_CONTEXT) =>
        {
            Some(Weight::CertificateAuthority)
        }
        _ if CREDENTIAL.contains(&head) && in_path(SIGNING) => Some(Weight::SigningIdentity),
        "key" | "keys" | "keyring" | "keyrings" | "cryptokey" | "cryptokeys"
            if in_path(KEY_QUALIFIERS) || hsm_in_path =>
        {
            Some(Weight::MasterKey)
        }
        "keyvault" | "keyvaults" | "hsm" | "hsms" | "cmk" | "kek" | "masterkey" => {
            Some(Weight::MasterKey)
        }
        "cluster" | "clusters" | "vault" | "vaults" if hsm_in_path || in_path(&["key", "kms"]) => {
            Some(Weight::MasterKey)
        }
        "repo" | "repos" | "repository" | "repositories" => Some(Weight::Repository),
        "organization" | "organizations" | "organisation" | "organisations" | "org" | "orgs"
        | "tenant" | "tenants" => Some(Weight::Tenant),
        // A service or user account is one identity, not an account of the company's.
        "account" | "accounts"
            if !matches!(
                before,
                Some("service" | "user" | "users" | "bot" | "member")
            ) =>
        {
            Some(Weight::Tenant)
        }
        "subscription" | "subscriptions" if in_path(&["account", "billing"]) => {
            Some(Weight::Tenant)
        }
        "app" | "apps" | "application" | "applications" | "project" | "projects"
        | "environment" | "environments" | "env" | "envs" | "stack" | "stacks" | "site"
        | "sites" => Some(Weight::Application),
        "topic" | "topics" | "audience" | "audiences" | "newsletter" | "newsletters" => {
            Some(Weight::Audience)
        }
        "list" | "lists"
            if in_path(&[
                "contact",
                "contacts",
                "mailing",
                "subscriber",
                "subscribers",
            ]) =>
        {
            Some(Weight::Audience)
        }
        _ => None,
    }
}

/// The class a credential's name reveals (`sealed-secrets-key`, `root-ca`, `pki/root`,
/// `release-signing`), from its parts.
fn class_of_name(parts: &[String]) -> Option<Weight> {
    let has = |w: &str| parts.iter().any(|p| p == w);
    let any = |set: &[&str]| parts.iter().any(|p| set.contains(&p.as_str()));
    if has("ca")
        && any(&[
            "root",
            "intermediate",
            "issuing",
            "subordinate",
            "sub",
            "signing",
        ])
        || has("pki") && any(&["root", "intermediate", "ca"])
        || has("certificate") && has("authority")
    {
        return Some(Weight::CertificateAuthority);
    }
    if any(SIGNING) || has("code") && any(&["sign", "signing"]) || has("developer") && has("id") {
        return Some(Weight::SigningIdentity);
    }
    let sealing = has("sealed") && any(&["secrets", "key", "keys"])
        || any(&["unseal", "kek", "cmk", "masterkey", "sealing"])
        || any(&["key", "keys"]) && any(&["master", "root", "encryption", "kms"]);
    sealing.then_some(Weight::MasterKey)
}

/// A restore window an option states (`--recovery-window-in-days 30`,
/// `--pending-window-in-days 7`, `--permanent-deletion-time-in-days 7`): `Some(true)` when the
/// delete can be taken back during it, `Some(false)` when the option skips it
/// (`--force-delete-without-recovery`, `--skip-grace-period`, a window of 0).
fn restore_window(cmd: &Cmd<'_>) -> Option<bool> {
    let mut words = cmd.words().peekable();
    let mut result = None;
    while let Some(w) = words.next() {
        let Some(name) = w.strip_prefix("--") else {
            continue;
        };
        let (name, inline) = name
            .split_once('=')
            .map_or((name, None), |(n, v)| (n, Some(v)));
        let mut parts = Vec::new();
        lower_parts(name, &mut parts);
        let has = |x: &str| parts.iter().any(|p| p == x);
        if has("without") && has("recovery") || has("skip") && (has("grace") || has("recovery")) {
            return Some(false);
        }
        let window =
            has("window") || has("days") && (has("deletion") || has("recovery") || has("pending"));
        if window {
            let value = inline.or_else(|| words.peek().copied()).unwrap_or("");
            result = Some(
                value
                    .trim_matches(['"', '\''])
                    .parse::<u32>()
                    .is_ok_and(|d| d > 0),
            );
        }
    }
    result
}

/// An amount of live money above the bound: `--amount N`, `amount=N` (a form field), in
/// minor units when whole (1,000,000 = 10,000.00) or major units with a decimal point
/// (10,000.00); and the command says live or production, not test or sandbox.
fn live_money(cmd: &Cmd<'_>) -> bool {
    let mut big = false;
    let mut live = false;
    let mut test = false;
    let mut words = cmd.words().peekable();
    while let Some(w) = words.next() {
        let value = if w == "--amount" {
            words.peek().copied()
        } else {
            w.strip_prefix("--amount=")
                .or_else(|| w.strip_prefix("amount="))
        };
        if let Some(v) = value {
            let v: String = v
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            big |= if v.contains('.') {
                v.parse::<f64>().is_ok_and(|a| a >= 10_000.0)
            } else {
                v.parse::<u64>().is_ok_and(|a| a >= 1_000_000)
            };
        }
        let mut buf = [0_u8; lexicon::MAX_WORD];
        generic::parts(w, |p| {
            match generic::lower(p, &mut buf) {
                Some("live" | "livemode" | "prod" | "production") => live = true,
                Some("test" | "testmode" | "sandbox") => test = true,
                _ => {}
            }
            true
        });
    }
    big && live && !test
}

/// The heavy class of what `cmd` acts on, when its act cannot be undone.
pub fn weight(cmd: &Cmd<'_>) -> Option<Weight> {
    if live_money(cmd) {
        return Some(Weight::LiveMoney);
    }
    if matches!(
        classes::of(cmd.program),
        Some(classes::Class::PackageManager | classes::Class::LocalSandbox)
    ) {
        // `conda env remove`, `poetry env remove`: the developer's own environments.
        return None;
    }
    // The command path: the program and its leading operands, up to a value.
    // A word right after an option is taken as its value (`kubectl -n payments-app delete
    // pod x`: `payments-app` is a namespace, not the object): a command path is not written
    // between an option and its value.
    let mut words: Vec<&str> = vec![cmd.program];
    let mut after_option = false;
    for w in cmd.words() {
        if w == "--" || words.len() > PATH_WORDS {
            break;
        }
        if w.starts_with('-') {
            after_option = !w.contains('=');
            continue;
        }
        if std::mem::take(&mut after_option) {
            continue;
        }
        // A file, a URL or a value ends the path (`pki/root` is a name, read below).
        if w.contains(['=', '@', '$', ' ', '/', '~']) || w.starts_with(|c: char| c.is_ascii_digit())
        {
            break;
        }
        words.push(w);
    }
    let mut parts_of: Vec<Vec<String>> = Vec::with_capacity(words.len());
    for w in &words {
        let mut p = Vec::new();
        lower_parts(w, &mut p);
        parts_of.push(p);
    }
    // The acting verb: the first irreversible verb part of the path (not the program's name).
    let (vw, vp) = parts_of
        .iter()
        .enumerate()
        .skip(1)
        .find_map(|(i, ps)| ps.iter().position(|p| irreversible(p)).map(|j| (i, j)))?;
    let path: Vec<String> = parts_of[..=vw].iter().flatten().cloned().collect();
    // The head noun: fused after the verb (`delete-certificate-authority`: the last part
    // before a preposition), fused before it (`repo-delete`), the last part of the word before
    // (`copilot app delete`), or a table noun right after the verb (`delete namespace`).
    let verb_word = &parts_of[vw];
    let after: Vec<&String> = verb_word[vp + 1..]
        .iter()
        .take_while(|p| !matches!(p.as_str(), "from" | "to" | "in" | "of" | "for" | "by"))
        .collect();
    let (head, before): (Option<&str>, Option<&str>) = if let Some(last) = after.last() {
        let before = if after.len() > 1 {
            Some(after[after.len() - 2].as_str())
        } else {
            None
        };
        (Some(last.as_str()), before)
    } else if vp > 0 {
        (
            Some(verb_word[vp - 1].as_str()),
            vp.checked_sub(2).map(|k| verb_word[k].as_str()),
        )
    } else if vw > 1 {
        let prev = &parts_of[vw - 1];
        let n = prev.len();
        (
            prev.last().map(String::as_str),
            n.checked_sub(2).map(|k| prev[k].as_str()),
        )
    } else {
        (None, None)
    };
    let head = head.filter(|h| !matches!(*h, "version" | "versions"));
    let next_word = parts_of
        .get(vw + 1)
        .filter(|p| p.len() == 1)
        .map(|p| p[0].as_str());
    let mut class = head.and_then(|h| class_of_head(h, before, &path));
    if class.is_none()
        && let Some(next) = next_word
    {
        let mut with_next = path.clone();
        with_next.push(next.to_owned());
        class = class_of_head(next, None, &with_next);
    }
    // A credential (or an object the path leaves unnamed) is what its name says it holds.
    let credential = head.is_none_or(|h| CREDENTIAL.contains(&h))
        || next_word.is_some_and(|n| CREDENTIAL.contains(&n));
    if class.is_none() && credential {
        for w in cmd.words().filter(|w| !w.starts_with('-')) {
            let mut p = Vec::new();
            lower_parts(w, &mut p);
            class = class_of_name(&p);
            if class.is_some() {
                break;
            }
        }
    }
    let class = class?;
    if restore_window(cmd) == Some(true) {
        return None;
    }
    Some(class)
}

/// The findings of a command whose object is heavy, one tier worse: confirm becomes verify.
/// Findings about something else the command does (what it reads, sends, runs or tampers
/// with) are not the object's.
pub fn raise_for_weight(cmd: &Cmd<'_>, found: &mut [Finding]) {
    if !found.iter().any(|f| f.severity == Severity::Confirm) {
        return;
    }
    let Some(class) = weight(cmd) else {
        return;
    };
    for f in found {
        // (A publication is graded by its audience already: `payloads::publication`.)
        if f.severity != Severity::Confirm
            || f.code.contains(".read")
            || f.code == "business.publish"
            || matches!(
                f.family,
                Family::Exfiltration | Family::RemoteCode | Family::Tampering
            )
        {
            continue;
        }
        f.severity = Severity::Verify;
        f.message = format!("{}, on {}", f.message, class.why());
    }
}
