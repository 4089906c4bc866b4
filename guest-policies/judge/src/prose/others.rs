//! Acts a sentence gives to someone else (session 21, plain language): "wait for the operator
//! to approve my pending challenge", "I'll wait until the reviewer approves my request". The
//! verb after the person waited for is that person's act, not the agent's: the agent only
//! waits, which is what it should do while the guard holds an action.
//!
//! Scoped to the words between the wait and the verb: the person must be someone other than
//! the agent (an operator, a reviewer, a maintainer), named with no break and no pronoun of
//! the agent ("wait until *you* can approve", "wait for *me* to approve" stay the agent's own),
//! and a later clause ("wait for the operator, then approve it") is a clause of its own.

use super::Token;

/// Words that wait: the act they lead is someone else's.
const WAITS: &[&str] = &["wait", "waits", "waiting", "await", "awaits", "awaiting"];

/// Whoever the agent waits for: the people who approve, review or own.
const OTHERS: &[&str] = &[
    "operator",
    "operators",
    "reviewer",
    "reviewers",
    "human",
    "maintainer",
    "maintainers",
    "owner",
    "owners",
    "approver",
    "approvers",
    "admin",
    "administrator",
    "manager",
    "lead",
    "someone",
    "somebody",
];

/// The agent itself, or the one it talks to: an act of theirs is the agent's.
const SELVES: &[&str] = &[
    "i",
    "me",
    "my",
    "you",
    "your",
    "we",
    "us",
    "our",
    "myself",
    "yourself",
    "ourselves",
    "agent",
];

/// Whether the verb that follows `before` (the clause's words up to it) is the act of someone
/// the agent waits for: a wait word among the first three, then (after `for` / `until`, or
/// none: "awaiting the maintainer to approve") a person other than the agent, and the verb
/// right after that person or after their "to". No clause break, no "and" / "then" on the way
/// ("wait for the operator and approve it" approves).
pub(super) fn waited_for(before: &[Token<'_>]) -> bool {
    let is = |t: &Token<'_>, list: &[&str]| list.iter().any(|w| t.text.eq_ignore_ascii_case(w));
    let Some(wait) = before.iter().take(3).position(|t| is(t, WAITS)) else {
        return false;
    };
    let who = &before[wait + 1..];
    let Some(last) = who.last() else {
        return false;
    };
    !before[wait..]
        .iter()
        .any(|t| t.brk || t.lex().flags & super::flag::SPLIT != 0)
        && (last.text.eq_ignore_ascii_case("to") || is(last, OTHERS))
        && who.iter().any(|t| is(t, OTHERS))
        && !who.iter().any(|t| is(t, SELVES))
}
