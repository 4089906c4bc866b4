//! Bash arrays a listing filled, read back where a loop expands them: `mapfile -t ARR <
//! <(LISTING)` (its synonym `readarray`) and `ARR=($(LISTING))` put one item of the listing in
//! each element, so `for x in "${ARR[@]}"` runs over what the listing printed, exactly as `for x
//! in $(LISTING)` does. The loop readers ([`super::loop_list`]) get the listing back as that
//! substitution word, and every reach and bulk test reads it as written there.
//!
//! Only the shapes bash documents are read: `mapfile`'s input from a redirection (a pipe into
//! `mapfile` runs it in a subshell, so the array is empty after it), its array name as its one
//! operand, and an array assignment whose only element is a substitution.

use std::borrow::Cow;

use crate::shell::{RedirectKind, Script};

/// `mapfile` / `readarray` options that take a value (bash's `help mapfile`).
const VALUED: &[&str] = &["-d", "-n", "-O", "-s", "-u", "-C", "-c"];

/// The name of the array a loop word expands whole (`${ARR[@]}`, `${ARR[*]}`), if it is one.
pub fn expanded(word: &str) -> Option<&str> {
    let inner = word.strip_prefix("${")?.strip_suffix('}')?;
    inner
        .strip_suffix("[@]")
        .or_else(|| inner.strip_suffix("[*]"))
        .filter(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'))
}

/// The listing (as a substitution word, `$(BODY)`) that filled the array `name` before the
/// command at `index`; `None` when no earlier command of the script filled it from one.
pub fn filled_by<'s>(s: &'s Script<'_>, index: usize, name: &str) -> Option<Cow<'s, str>> {
    s.commands[..index].iter().rev().find_map(|c| {
        // `ARR=($(LISTING))` (an assignment alone on its command).
        let assigned = c.assignments.iter().find_map(|a| {
            let (n, v) = a.split_once('=')?;
            let inner = v.strip_prefix('(')?.strip_suffix(')')?.trim();
            (n == name && (inner.starts_with("$(") || inner.starts_with('`')))
                .then(|| Cow::Owned(inner.to_owned()))
        });
        if assigned.is_some() {
            return assigned;
        }
        let first = c.words.first()?;
        if !matches!(&**first, "mapfile" | "readarray") {
            return None;
        }
        // The last operand names the array (`MAPFILE` when none does).
        let mut target = "MAPFILE";
        let mut words = c.words[1..].iter();
        while let Some(w) = words.next() {
            if VALUED.contains(&&**w) {
                words.next();
            } else if !w.starts_with('-') {
                target = w;
            }
        }
        if target != name {
            return None;
        }
        c.redirects.iter().find_map(|r| {
            let body = (r.kind == RedirectKind::Read)
                .then(|| r.target.strip_prefix("<(")?.strip_suffix(')'))
                .flatten()?;
            Some(Cow::Owned(format!("$({body})")))
        })
    })
}
