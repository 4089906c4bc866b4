//! Classes of actions that verb x object alone does not grade: what an object puts at stake
//! decides, whichever verb of a class names the action.
//!
//! - **Security controls** (SELinux, a firewall, MFA, branch protection, audit logging, a rate
//!   limit...): taking one away by any verb (remove, uninstall, stop, lift, relax) is weakening
//!   it, graded like turning it off.
//! - **Memberships** (groups, teams, roles, organizations): a person added to or removed from
//!   one gains or loses what it gives; a privileged group is an administrator's rights.
//! - **Ownership**: who owns a domain, a repository, an organization; handed to a personal or
//!   outside account, it is gone.
//! - **Plans and billing**: customers moved, migrated or downgraded onto another plan or tier
//!   pay or get something else.
//! - **Customer-facing records in bulk**: tickets, orders, contacts, accounts, subscriptions
//!   changed, reassigned or closed many at once reach many customers.
//! - **Shared history**: overwriting the remote or rewriting history others have pulled; older
//!   data restored over production.
//! - **Irreversibility**: "permanently", "the only copy", "without a backup" raise whatever was
//!   found one step.
//!
//! The words are in [`super::lexicon`] (object bits, flags): a new member of a class is one line
//! there, and reaches every verb of the class.

use super::lexicon::{Verb, flag, obj};
use super::{Clause, Scope, finding};
use crate::finding::{Family, Finding, Severity};

/// The strictest grade of the classes for one clause.
pub(super) fn grade(c: &Clause<'_>, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    [
        security(c, s, v, o),
        membership(c, s, v, o),
        ownership(c, s, v, o),
        plan(c, s, v, o),
        records(c, s, v, o),
        history(c, s, v, o),
        published(c, s, v, o),
    ]
    .into_iter()
    .flatten()
    .reduce(|worst, f| {
        if f.severity > worst.severity {
            f
        } else {
            worst
        }
    })
}

/// Whether `word` starts with one of `stems` (ASCII case-insensitive).
fn starts(word: &str, stems: &[&str]) -> bool {
    stems.iter().any(|p| {
        word.len() >= p.len() && word.as_bytes()[..p.len()].eq_ignore_ascii_case(p.as_bytes())
    })
}

/// A security control taken away by a verb other than disable (whose grade is
/// [`super::grade_words`]'s): "remove branch protection", "uninstall the antivirus", "stop the
/// EDR agent", "lift the rate limit", "relax the WAF rules".
fn security(c: &Clause<'_>, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    let takes_away = match s.verb {
        Verb::Destroy | Verb::Shutdown | Verb::Cancel => c.verb_flags & flag::OVERWRITE == 0,
        Verb::Unblock => c.verb_flags & flag::LIFT_ONLY == 0,
        Verb::Modify => starts(v, &["relax", "loosen", "weaken"]),
        _ => false,
    };
    // The control is the object's head ("the firewall", "AppArmor enforcement"), or what a
    // service or agent runs ("the Defender service").
    let control = s.head & obj::SECURITY != 0
        || (s.head & obj::RUNTIME != 0 && c.np_objects & obj::SECURITY != 0);
    if !takes_away || !control || c.testing {
        return None;
    }
    Some(finding(
        Family::System,
        "prose.weaken-security",
        // Not lowered by a non-production word: "so the tests can reach it" is a purpose.
        if s.bulk {
            Severity::Stop
        } else {
            Severity::Verify
        },
        format!("{v} {o}: takes a security control away; what it guarded is exposed"),
    ))
}

/// Whether the clause's object is a person: people or accounts, an admin or owner (not a role
/// or group), or a bare name ("remove alice from ...": only unknown words before the
/// preposition).
fn person(c: &Clause<'_>) -> bool {
    c.head & (obj::PEOPLE | obj::PRIV) != 0 && c.head & obj::MEMBERSHIP == 0
        || (c.head == 0 && c.np_started && c.np_objects == 0)
}

/// A person put into or taken out of a group, team, role or organization.
pub(super) fn membership(c: &Clause<'_>, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    if c.tail_head & obj::MEMBERSHIP == 0 || !person(c) || s.nonprod || c.relative {
        return None;
    }
    let group = c.tail_word;
    // Into an administrators' group, or made its admin.
    let privileged = (c.tail_head | c.head) & obj::PRIV != 0;
    let (sev, why) = match s.verb {
        Verb::Privilege if privileged => (
            if s.bulk {
                Severity::Stop
            } else {
                Severity::Verify
            },
            "grants the group's administrator or owner rights",
        ),
        Verb::Privilege => (Severity::Confirm, "gives someone the group's access"),
        Verb::Destroy | Verb::Disable | Verb::Keys => (
            if s.bulk {
                Severity::Stop
            } else {
                Severity::Confirm
            },
            "takes someone out of the group: they lose its access",
        ),
        _ => return None,
    };
    Some(finding(
        Family::Business,
        "business.membership",
        sev,
        format!("{v} {o} ({group}): {why}"),
    ))
}

/// Who owns something changes: "transfer the domain to my personal account", "change the
/// owner of the repository to dave", "hand over ownership of the org".
fn ownership(c: &Clause<'_>, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    // Of an account, a domain, a repository: not of a file (chown).
    let owner = starts(c.head_word, &["owner"]) && c.tail_head & obj::FILES == 0;
    let changes = match s.verb {
        Verb::Money => owner || (s.head & obj::STORE != 0 && c.amount.is_none()),
        Verb::Move | Verb::Modify => owner && !starts(v, &["creat"]),
        _ => false,
    };
    if !changes {
        return None;
    }
    // To an account the organization does not control: a personal one, an outside address.
    let outside = c.has(flag::SINK) || (c.email && !c.has(flag::INTERNAL));
    Some(if outside {
        finding(
            Family::Business,
            "business.transfer-ownership",
            Severity::Stop,
            format!("{v} {o}: hands it to an account the organization does not control"),
        )
    } else {
        finding(
            Family::Business,
            "business.transfer-ownership",
            Severity::Verify,
            format!("{v} {o}: changes who owns it"),
        )
    })
}

/// Customers moved onto another plan or tier: "move 300 accounts onto the free tier",
/// "downgrade acme to the starter plan", "migrate every subscriber to annual billing".
fn plan(c: &Clause<'_>, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    if !matches!(s.verb, Verb::Move | Verb::Modify) || s.nonprod || starts(v, &["creat"]) {
        return None;
    }
    let onto_plan = c.tail_head & obj::MONEY != 0;
    let customers = s.head & (obj::PEOPLE | obj::RECORD | obj::MONEY) != 0 || person(c);
    if !(onto_plan && customers) {
        return None;
    }
    Some(finding(
        Family::Business,
        "business.plan-change",
        if s.bulk {
            Severity::Stop
        } else {
            Severity::Confirm
        },
        format!(
            "{v} {o} to {}: changes what customers pay or get",
            c.tail_word
        ),
    ))
}

/// Many customer-facing records changed at once: "reassign all 400 open tickets", "update
/// every order to shipped", "mark them all solved".
fn records(_c: &Clause<'_>, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    let changes = match s.verb {
        Verb::Modify
        | Verb::Move
        | Verb::Close
        | Verb::Archive
        | Verb::Cancel
        | Verb::Disable
        | Verb::Keys => !starts(v, &["creat"]),
        Verb::Privilege => starts(v, &["assign"]),
        _ => false,
    };
    if !changes || !s.bulk || s.nonprod || s.objects & obj::RECORD == 0 {
        return None;
    }
    if s.head & obj::RECORD == 0 && !s.pronoun {
        return None;
    }
    Some(finding(
        Family::Business,
        "business.bulk-records",
        Severity::Confirm,
        format!("{v} {o}: changes many customers' records at once"),
    ))
}

/// Shared history and remote state overwritten: "overwrite whatever is on the remote",
/// "rewrite the history of main", "restore last week's backup over the production database".
fn history(c: &Clause<'_>, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    // "force the remote to match my branch": forcing names the overwrite.
    let forced = c.has(flag::UNSAFE)
        && c.has(flag::REMOTE)
        && matches!(s.verb, Verb::Absent | Verb::Modify | Verb::Destroy);
    if c.verb_flags & flag::OVERWRITE == 0 && !forced {
        return None;
    }
    // restore / roll back put an older copy of the same thing back: data, not history.
    let restores = starts(v, &["restor", "roll"]);
    let history = starts(c.head_word, &["histor"]) || starts(c.tail_word, &["histor"]);
    if !restores && (c.has(flag::REMOTE) || history) {
        let v = if v.is_empty() { "force" } else { v };
        return Some(finding(
            Family::Git,
            "prose.rewrite-shared",
            Severity::Verify,
            format!("{v} {o}: replaces history or remote state others have pulled"),
        ));
    }
    if s.head & obj::STORE != 0 && s.prod && !s.nonprod {
        return Some(finding(
            Family::Database,
            "prose.overwrite-production",
            if s.bulk {
                Severity::Stop
            } else {
                Severity::Verify
            },
            format!("{v} {o}: puts other data in place of production's"),
        ));
    }
    // The same over a running store others share that is not production ("restore last
    // night's backup of the staging database over the current one"): what its users wrote
    // since is gone, but only there. A local or personal store is the developer's own.
    if s.head & obj::STORE != 0
        && !s.prod
        && super::environments::shared(s.flags)
        && (restores || starts(v, &["overwrit", "reset", "clobber", "replac"]))
    {
        return Some(finding(
            Family::Database,
            "prose.overwrite-shared",
            Severity::Confirm,
            format!("{v} {o}: puts other data in place of a shared environment's"),
        ));
    }
    None
}

/// A published package taken off its registry: "unpublish our packages from npm", "yank the
/// 2.x releases from crates.io". Everyone who depends on it breaks ("remove the unused package
/// from package.json" is local).
fn published(c: &Clause<'_>, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    let registry = c.has(flag::PUBLIC | flag::PUBLIC_PLACE) || starts(v, &["unpublish", "yank"]);
    if s.head & obj::SOFTWARE == 0 || !registry || s.nonprod {
        return None;
    }
    // "deprecate the gem on rubygems": every install warns its users; reversible.
    if s.verb == Verb::Disable && starts(v, &["deprecat"]) {
        return Some(finding(
            Family::Business,
            "prose.deprecate-package",
            Severity::Confirm,
            format!("{v} {o}: every user of the published package is told to leave it"),
        ));
    }
    if s.verb != Verb::Destroy {
        return None;
    }
    Some(finding(
        Family::Business,
        "prose.unpublish",
        if s.bulk {
            Severity::Stop
        } else {
            Severity::Verify
        },
        format!("{v} {o}: takes a published package away from everyone who depends on it"),
    ))
}

/// Raises a grade one step when what is lost cannot come back ("permanently", "the only
/// copy", "the last remaining", "without a backup"); a destroy nothing else graded is
/// confirmed.
pub(super) fn irreversible(
    c: &Clause<'_>,
    s: &Scope,
    v: &str,
    o: &str,
    found: Option<Finding>,
) -> Option<Finding> {
    if !c.has(flag::IRREVERSIBLE) {
        return found;
    }
    let losing = matches!(
        s.verb,
        Verb::Destroy
            | Verb::Keys
            | Verb::Money
            | Verb::Move
            | Verb::Disable
            | Verb::Cancel
            | Verb::Close
            | Verb::Modify
    );
    if !losing {
        return found;
    }
    match found {
        Some(mut f) if f.severity < Severity::Stop && f.severity >= Severity::Confirm => {
            f.severity = if f.severity == Severity::Confirm {
                Severity::Verify
            } else {
                Severity::Stop
            };
            f.message
                .push_str(", and it cannot be undone (no other copy, or permanently)");
            Some(f)
        }
        None if s.verb == Verb::Destroy && !s.nonprod && (s.head != 0 || s.pronoun) => {
            Some(finding(
                Family::Business,
                "prose.destroy-permanently",
                Severity::Confirm,
                format!("{v} {o}: deletes it permanently, with nothing to restore from"),
            ))
        }
        other => other,
    }
}
