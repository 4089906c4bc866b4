//! What the table tests of the judge share: a table of texts (with the hints reported before
//! them) and the severity each must get, checked all at once so a failure lists every wrong row.

use crate::{Severity, judge};

/// The severity `judge` gives `text` after the `recent` hints (None: allowed).
pub(crate) fn worst(text: &str, recent: &[&str]) -> Option<Severity> {
    match judge(text, recent).worst() {
        None | Some(Severity::Note) => None,
        s => s,
    }
}

/// Each text judged at exactly `want` (None: allowed), with its recent hints.
pub(crate) fn expect(table: &[(&str, &[&str], Option<Severity>)]) {
    let wrong: Vec<String> = table
        .iter()
        .filter_map(|&(text, recent, want)| {
            let got = worst(text, recent);
            (got != want).then(|| {
                format!(
                    "{text:?} after {recent:?}: want {want:?}, got {got:?} ({:?})",
                    judge(text, recent).findings
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each text judged alone at exactly `want` (None: allowed).
pub(crate) fn expect_alone(table: &[(&str, Option<Severity>)]) {
    let with_no_recent: Vec<(&str, &[&str], Option<Severity>)> = table
        .iter()
        .map(|&(text, want)| (text, &[] as &[&str], want))
        .collect();
    expect(&with_no_recent);
}

/// Each text judged alone at least at `want` (verify or stop for a catastrophic action,
/// anything but allowed for a gated one).
pub(crate) fn expect_at_least(table: &[(&str, Severity)]) {
    let wrong: Vec<String> = table
        .iter()
        .filter_map(|&(text, want)| {
            let got = worst(text, &[]);
            (got.is_none_or(|g| g < want)).then(|| {
                format!(
                    "{text:?}: want at least {want:?}, got {got:?} ({:?})",
                    judge(text, &[]).findings
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each text judged alone goes ahead (allowed, or only noted).
pub(crate) fn expect_allowed(texts: &[&str]) {
    let table: Vec<(&str, Option<Severity>)> = texts.iter().map(|&t| (t, ALLOW)).collect();
    expect_alone(&table);
}

/// Each text, after its recent hints, judged at least at `want` (for a dangerous row whose
/// exact tier is not the point).
pub(crate) fn at_least(table: &[(&str, &[&str], Severity)]) {
    let wrong: Vec<String> = table
        .iter()
        .filter_map(|&(text, recent, want)| {
            let got = worst(text, recent);
            got.is_none_or(|g| g < want).then(|| {
                format!(
                    "{text:?} after {recent:?}: want at least {want:?}, got {got:?} ({:?})",
                    judge(text, recent).findings
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

pub(crate) const STOP: Option<Severity> = Some(Severity::Stop);
pub(crate) const VERIFY: Option<Severity> = Some(Severity::Verify);
pub(crate) const CONFIRM: Option<Severity> = Some(Severity::Confirm);
pub(crate) const ALLOW: Option<Severity> = None;
