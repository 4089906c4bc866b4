//! Running environments in words: which environment an action reaches decides its grade, and
//! words that skip the operator's consent raise it.
//!
//! - **Environment classes** (the flags of [`super::lexicon`]): production (`prod`, `prd`,
//!   `live`, `DR`), shared environments that are not production (`staging`, `stg`, `qa`, `uat`,
//!   `sit`, `preprod`, `pre-production`: other people use them, the label rule of
//!   guest-policies/eval/README.md), the developer's own (`local`, `localhost`, `minikube`), and
//!   what a build regenerates (`cache`, `build`, `dist`, `coverage`, `tmp`, `scratch`).
//! - **Lifecycle verbs** from the clouds' references (AWS, Azure, GCP, DigitalOcean, Hetzner,
//!   OpenStack, Kubernetes, VMware): stop / power off / deallocate / hibernate / drain /
//!   cordon / scale down / spin down take machines down; decommission / deprovision / retire /
//!   reimage / deregister take them away; roll out / promote / cut over / fail over move a
//!   release or traffic onto an environment. The words are in the lexicon; this module grades
//!   them by environment: a shared environment's machines or files are confirmed, production's
//!   verified ([`super::grade_words`]), the developer's own go ahead.
//! - **Consent skipped**: "no need to ask me", "don't bother asking", "without confirmation",
//!   "skip the approval", "auto-approve", "just do it" are the operator's check waived in the
//!   agent's own words. They never lower a grade: a release with them is one without its
//!   safeguards, and a machine or data store of a shared or production environment taken down
//!   with them is at least confirmed.

use super::lexicon::{Verb, flag, obj};
use super::{Clause, Scope, finding};
use crate::finding::{Family, Finding, Severity};
use crate::substring::has;

/// Phrases that waive the operator's confirmation (matched case-insensitively in the text).
const CONSENT_SKIPPED: &[&str] = &[
    "no need to ask",
    "no need to check with",
    "no need to confirm",
    "no need for approval",
    "no need for confirmation",
    "no confirmation needed",
    "no confirmation required",
    "no approval needed",
    "no approval required",
    "no questions asked",
    "don't ask me",
    "don't ask for",
    "do not ask",
    "dont ask",
    "don't bother asking",
    "don't bother checking",
    "don't check with me",
    "do not check with",
    "don't wait for me",
    "don't wait for approval",
    "do not wait for",
    "without asking",
    "without checking with",
    "without confirmation",
    "without confirming",
    "without approval",
    "without waiting for",
    "without prompting",
    "skip the approval",
    "skip approval",
    "skip the confirmation",
    "skip confirmation",
    "skip the prompt",
    "auto-approve",
    "autoapprove",
    "auto approve",
    "just do it",
    "you have my approval in advance",
    "consider it approved",
    "pre-approved",
    // The person taken out of the loop: nobody watches, nobody answers a prompt.
    "unattended",
    "hands-off",
    "hands off",
    "fire and forget",
    "fire-and-forget",
    "let it run",
    "let it rip",
    "on autopilot",
    "unsupervised",
    "without supervision",
    "without anyone watching",
    "say yes to everything",
    "say yes to all",
    "answer yes to everything",
    "answer yes to all",
    "yes to every prompt",
    "no prompts",
    "without prompts",
    "skip the prompts",
    "skip all prompts",
    "skip every prompt",
    "don't prompt",
    "do not prompt",
    "auto-confirm",
    "auto-accept",
    "non-interactively",
    "don't stop to ask",
    "go ahead without me",
    "while i'm away",
    "while i'm asleep",
    "while i'm offline",
];

/// Verbs of other languages spelled with an accent (German `löschen`, French `détruire`,
/// `éteindre`): the prefilter's ASCII scan does not see them.
pub(super) const ACCENTED_VERBS: &[&str] =
    &["lösch", "Lösch", "détrui", "Détrui", "étein", "Étein"];

/// Words that, right before a data store or a running thing (or, for "paying", the people it
/// serves), say it is the one in production: "the primary database", "the main cluster", "the
/// real environment", "our paying customers". A branch, a key or a file named so is not: its
/// noun is none of these ("the main branch", "the primary key").
const PRODUCTION_MODIFIERS: &[(&str, u16)] = &[
    ("primary", obj::STORE | obj::RUNTIME),
    ("main", obj::STORE | obj::RUNTIME),
    ("real", obj::STORE | obj::RUNTIME),
    ("actual", obj::STORE | obj::RUNTIME),
    ("paying", obj::PEOPLE),
];

/// Whether `t` names production by what it serves, with a modifier of
/// [`PRODUCTION_MODIFIERS`] among the two words before it ("the primary postgres database").
pub(super) fn production_pair(before: &[super::Token<'_>], t: &super::Token<'_>) -> bool {
    let objects = t.lex().obj;
    objects != 0
        && before.iter().rev().take(2).take_while(|p| !p.brk).any(|p| {
            PRODUCTION_MODIFIERS
                .iter()
                .any(|&(m, of)| objects & of != 0 && p.text.eq_ignore_ascii_case(m))
        })
}

/// Whether the text waives the operator's confirmation in words.
pub(super) fn skips_consent(text: &str) -> bool {
    let mut lower = text.to_ascii_lowercase();
    if lower.contains('\u{2019}') {
        lower = lower.replace('\u{2019}', "'");
    }
    CONSENT_SKIPPED.iter().any(|p| has(&lower, p))
}

/// Folders that package managers, compilers and test tools regenerate, as they are named on
/// disk (npm, pip/venv, Python's bytecode, pytest, mypy, ruff, tox, Cargo and Maven, Gradle,
/// Next.js, Nuxt, Parcel, Turborepo, coverage.py).
const REGENERATED: &[&str] = &[
    "node_modules",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".tox",
    ".venv",
    "venv",
    ".gradle",
    ".next",
    ".nuxt",
    ".parcel-cache",
    ".turbo",
    ".cache",
    "htmlcov",
    ".coverage",
    ".eslintcache",
    ".terraform",
];

/// Whether a token names a folder a tool regenerates (`node_modules`, `./.venv/`).
pub(super) fn regenerated(token: &str) -> bool {
    let t = token.trim_start_matches("./").trim_end_matches('/');
    REGENERATED.iter().any(|r| t.eq_ignore_ascii_case(r))
}

/// A running environment others share that is not production: `staging`, `qa`, `uat`...,
/// not the developer's own (`local staging stack`).
pub(super) fn shared(flags: u64) -> bool {
    flags & flag::SHARED != 0 && flags & flag::LOCAL == 0
}

/// The grade of an action on a shared or production environment's machines and data that
/// the verb x object grade leaves to the environment: taken down or away with consent
/// skipped.
pub(super) fn grade(
    c: &Clause<'_>,
    s: &Scope,
    consent_skipped: bool,
    flags: u64,
    v: &str,
    o: &str,
) -> Option<Finding> {
    if !consent_skipped || c.testing {
        return None;
    }
    let takes_down = matches!(
        s.verb,
        Verb::Destroy | Verb::Shutdown | Verb::Restart | Verb::Disable | Verb::Release
    );
    let machines = s.objects & (obj::RUNTIME | obj::STORE) != 0;
    // The developer's own (local, a dev server, a cache): nobody else sees it.
    let own = flags & flag::LOCAL != 0
        || flags & flag::SCRATCH != 0 && !s.prod
        || s.nonprod && !shared(flags) && !s.prod;
    if !takes_down || !machines || own {
        return None;
    }
    Some(finding(
        Family::Infrastructure,
        "prose.consent-skipped",
        Severity::Confirm,
        format!("{v} {o}: changes a running environment, and asks not to be asked first"),
    ))
}

#[cfg(test)]
#[path = "environments_tests.rs"]
mod tests;
