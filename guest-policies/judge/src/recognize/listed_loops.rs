//! A loop over a listing made a step before: `stripe charges list --live --auto-paging > ids`
//! then `while read id; do stripe refunds create --charge "$id" --live; done < ids`. The loop's
//! scope is everything the listing returned, so an action that deletes or moves money per item
//! is that action on everything: stopped, whatever the per-item reader said of one.
//!
//! A listing counts as everything when it lists (the fan-out readers' test) and nothing bounds
//! it: paging through every page (`--auto-paging`, `--paginate`, `--all`), or no limit at all;
//! `--limit 3` alone, or a `head` in the pipe, is a handful. The file is known by the path the
//! listing was redirected to; its name proves nothing either way (a file called `test_ids.txt`
//! written from a live listing of everything is everything).
//!
//! Only raises: nothing here makes an action pass.

use super::{Cmd, Context, Script};
use crate::finding::{Family, Finding, Severity};
use crate::shell::RedirectKind;

/// Options that page through every result of a listing.
const PAGE_ALL: &[&str] = &[
    "--auto-paging",
    "--auto-paging-iter",
    "--paginate",
    "--all",
    "--all-pages",
    "--page-all",
];

/// Options that bound how many results a listing returns.
const LIMITS: &[&str] = &["--limit", "-n", "--max-items", "--first", "--last", "-L"];

/// Records the file a listing of everything was written to (`LISTING | jq ... > FILE`).
pub fn record(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &mut Context) {
    let Some(file) = cmd
        .redirects
        .iter()
        .find(|r| r.kind == RedirectKind::Write && !r.target.starts_with("/dev/"))
        .map(|r| r.target.to_string())
    else {
        return;
    };
    let pipeline = s.commands[index].pipeline;
    let everything = pipe_lists_everything(
        s.commands[..=index]
            .iter()
            .filter(|c| c.pipeline == pipeline),
    );
    if everything && !ctx.listed_everything.contains(&file) {
        ctx.listed_everything.push(file);
    }
}

/// Whether a pipe's source (its first command) lists everything and nothing after it keeps only
/// the first lines (`head`): the filters after the source (`jq`, `cut`) list nothing themselves.
pub fn pipe_lists_everything<'a, 'b: 'a>(
    mut pipe: impl Iterator<Item = &'a crate::shell::Command<'b>>,
) -> bool {
    let mut folded = Vec::new();
    let source = match pipe.next().and_then(|c| super::resolve(c, &mut folded)) {
        Some(u) => lists_everything(&u),
        None => false,
    };
    source
        && pipe.all(|c| {
            let mut folded = Vec::new();
            super::resolve(c, &mut folded).is_none_or(|u| u.program != "head")
        })
}

/// A listing whose results nothing bounds: one the fan-out readers call a listing, or a read
/// that pages through every result (`gh api --paginate PATH`, a GET).
pub fn lists_everything(u: &Cmd<'_>) -> bool {
    let pages = u.has(PAGE_ALL)
        && u.value(&["-X", "--method"])
            .is_none_or(|m| m.eq_ignore_ascii_case("get"));
    if !(pages || super::everything::lists(u)) || super::dry_run(u) {
        return false;
    }
    pages || !u.has(LIMITS)
}

/// Whether `file` holds everything a listing returned (an earlier command or step wrote it).
pub fn listed(ctx: &Context, file: &str) -> bool {
    !ctx.listed_everything.is_empty()
        && ctx
            .listed_everything
            .iter()
            .any(|f| f.trim_start_matches("./") == file.trim_start_matches("./"))
}

/// Raises each finding of the loop's command that deletes, cancels or moves money per item on a
/// SaaS or repository object:
/// over everything a listing returned, it is that, on everything.
pub fn raise(found: &mut [Finding]) {
    for f in found {
        let per_item = [
            "delete", "money", "cancel", "refund", "remove", "destroy", "reach.",
        ]
        .iter()
        .any(|k| f.code.contains(k));
        // SaaS and repository objects (money, customers, secrets, environments): the fan-out
        // readers already verify a cloud's or a cluster's bulk deletes.
        let saas = matches!(f.family, Family::Business | Family::Git);
        if per_item && saas && f.severity >= Severity::Confirm && f.severity < Severity::Stop {
            f.severity = Severity::Stop;
            f.message = format!("repeated over everything a listing returned: {}", f.message);
        }
    }
}
