//! A credential ended with no overlap, said in words (session 22): "roll our live Stripe key
//! and expire the old one now", "revoke the prod API token immediately, the services can catch
//! up", "rotate the prod database password by just deleting the current secret", "delete the
//! signing key and make a new one".
//!
//! Every client still holding the old credential fails at once, and a destroyed credential
//! cannot be brought back: on a live or production credential that is an outage no one can
//! undo (verified). A rotation done the way the providers document it (a new credential first,
//! the old one kept valid for a grace period or until the clients moved: Stripe's "expire in",
//! AWS's two access keys per user, Vault's `max_ttl`) leaves clients time, and adds nothing
//! here; so does a test or sandbox key. A signing or root key is different: what it signed
//! cannot be checked any more once it is gone, whatever the timing (verified unless it is the
//! developer's own).
//!
//! Only adds a finding: the main reader's grade of the same words ("revoke the key": confirmed)
//! stands whatever this reader says.

use super::Token;
use super::lexicon::obj;
use super::operations::{
    CREDENTIALS, ROOTS, Reach, SIGNING_KEYS, Segment, any, found, inflects, is,
};
use crate::finding::{Family, Finding, Severity};

/// Verbs that end a credential's life.
const ENDS: &[&str] = &[
    "revoke",
    "expire",
    "delete",
    "destroy",
    "invalidate",
    "kill",
    "deactivate",
    "disable",
    "remove",
    "purge",
];

/// Verbs that replace a credential: a cutover only when the words say the old one goes at once.
const REPLACES: &[&str] = &[
    "roll",
    "rotate",
    "cycle",
    "regenerate",
    "reset",
    "change",
    "replace",
];

/// Words that say "at once": the clients get no time to move.
const AT_ONCE: &[&str] = &[
    "now",
    "immediately",
    "instantly",
    "asap",
    "right-away",
    "straightaway",
];

/// Words that give the clients time: a grace period, an overlap, a later date.
const GRACE: &[&str] = &[
    "grace",
    "overlap",
    "overlapping",
    "after",
    "later",
    "tomorrow",
    "once",
    "until",
    "window",
    "both",
    "dual",
    "staged",
    "gradually",
];

/// Keys that are not anyone's real credential.
const PRETEND: &[&str] = &[
    "test", "testing", "sandbox", "dummy", "fake", "demo", "example", "sample", "mock",
];

/// Whether the text says the old credential goes at once: "the services (can / will) catch
/// up", "without a grace period", "no overlap", "hard cutover", or a rotation done "by
/// deleting" the current one; or an "at once" word ("now", "immediately", "right away") with
/// a verb that ends the credential (not "rotate the key now" alone: a rotation may keep the
/// old one valid).
fn at_once(text: &str, whole: &[Token<'_>], ending: bool) -> bool {
    let ending = ending
        || whole
            .iter()
            .any(|t| ENDS.iter().any(|v| inflects(t.text, v)));
    let said = whole.windows(2).any(|p| {
        is(&p[0], "catch") && is(&p[1], "up")
            || is(&p[0], "hard") && (is(&p[1], "cutover") || is(&p[1], "cut"))
    });
    let negated_grace = whole.windows(3).any(|p| {
        (is(&p[0], "no") || is(&p[0], "without")) && (any(&p[1..2], GRACE) || any(&p[2..3], GRACE))
    });
    if said || negated_grace || by_ending(whole) {
        return true;
    }
    if !ending {
        return false;
    }
    let word = |t: &Token<'_>| AT_ONCE.iter().any(|w| is(t, w));
    // The reader drops a trailing manner ("... now"): read from the text.
    let tail = text
        .trim_end()
        .trim_end_matches(['.', '!', ','])
        .rsplit(|c: char| c.is_whitespace() || c == ',')
        .next()
        .unwrap_or("");
    if AT_ONCE.iter().any(|w| tail.eq_ignore_ascii_case(w)) {
        return true;
    }
    whole.iter().any(word)
        || whole.windows(2).any(|p| {
            (is(&p[0], "right") || is(&p[0], "straight")) && is(&p[1], "away")
                || is(&p[0], "at") && is(&p[1], "once")
        })
}

/// "by (just) deleting the current secret": the rotation is the deletion.
fn by_ending(whole: &[Token<'_>]) -> bool {
    whole.iter().enumerate().any(|(i, t)| {
        is(t, "by")
            && whole[i + 1..]
                .iter()
                .take(3)
                .any(|w| ENDS.iter().any(|v| inflects(w.text, v)))
    })
}

/// Whether the text gives the clients time (and no "no" / "without" before the word).
fn grace(whole: &[Token<'_>]) -> bool {
    whole.iter().enumerate().any(|(i, t)| {
        any(std::slice::from_ref(t), GRACE)
            && !whole[i.saturating_sub(2)..i]
                .iter()
                .any(|w| is(w, "no") || is(w, "without"))
    })
}

/// The credential-cutover reader of [`super::operations`].
pub(super) fn cut_over(s: &Segment<'_, '_>) -> Option<Finding> {
    let ends = ENDS.iter().any(|v| inflects(s.verb, v));
    let replaces = REPLACES.iter().any(|v| inflects(s.verb, v));
    if !ends && !replaces {
        return None;
    }
    // The credential: named in the object, or "the old one" / "it" after a segment that
    // named one ("roll the live key and expire the old one").
    let named = any(s.object, CREDENTIALS);
    let pointed = s.carried.is_some()
        && s.object
            .iter()
            .any(|t| is(t, "one") || is(t, "ones") || t.lex().obj & obj::PRONOUN != 0);
    if !named && !pointed {
        return None;
    }
    if any(s.whole, PRETEND) {
        return None;
    }
    let reach = Reach::of(s.whole);
    let root = any(s.object, SIGNING_KEYS) || any(s.object, ROOTS) && named;
    if ends && root && !grace(s.whole) {
        let sev = reach.grade(Severity::Verify, Some(Severity::Verify))?;
        return Some(found(
            Family::Secrets,
            "prose.credential-cutover",
            sev,
            s,
            "what the key signed or encrypted cannot be checked or read once it is gone",
        ));
    }
    if !at_once(s.text, s.whole, ends) || grace(s.whole) {
        return None;
    }
    let sev = reach.grade(Severity::Verify, Some(Severity::Confirm))?;
    Some(found(
        Family::Secrets,
        "prose.credential-cutover",
        sev,
        s,
        "every client still holding the old credential fails at once, with no way back",
    ))
}
