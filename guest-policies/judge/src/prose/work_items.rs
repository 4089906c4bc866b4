//! Two acts on a team's shared work, said in words (holdout9 analysis, "Shared environments"):
//!
//! - **A merge past its checks**: a merge (or land, ship) while the checks are still running,
//!   pending or failing, before they finish or pass, or without waiting for them ("merge PR
//!   #1440 even though CI is still running", "merge it before the pipeline finishes", "merge
//!   now, don't wait for the checks"). It ships what nothing has passed, as "merge without
//!   review" does: confirmed.
//! - **A wiki page or space deleted**: a delete (remove, trash, erase, purge) of a page, a
//!   document or a space of a team wiki (Confluence, Notion, a wiki, SharePoint, Coda,
//!   GitBook, Google Docs). Pages are confirmed (a page's history and comments go with it);
//!   a whole space, workspace or site, or every page, is verified.
//!
//! Read over the whole text's words, whatever the text was classed as (a quoted title with
//! parentheses, `'Old onboarding (2021)'`, must not hide the sentence). A verb negated or
//! talked about ("don't merge", "explain how to delete a page", "review PR 88 while CI runs")
//! is not an act. These only add a finding: nothing here lowers a verdict.

use crate::finding::{Family, Finding, Severity};

/// The lowercased words of a text (apostrophes kept inside words, `#` and quotes dropped).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-'))
        .map(|w| w.trim_matches(['\'', '-']).to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Words that negate the verb right after them, or talk about it rather than do it.
const NOT_AN_ACT: &[&str] = &[
    "don't",
    "dont",
    "do",
    "not",
    "never",
    "no",
    "without",
    "how",
    "to",
    "whether",
    "if",
    "should",
    "review",
    "explain",
    "summarize",
    "describe",
    "check",
    "can't",
    "cannot",
    "won't",
    "avoid",
];

/// Whether the verb at `i` is done: not negated or talked about by the two words before it.
fn acts(w: &[String], i: usize) -> bool {
    !w[i.saturating_sub(2)..i]
        .iter()
        .any(|p| NOT_AN_ACT.contains(&p.as_str()))
}

/// The names of a project's checks.
fn checks_noun(w: &str) -> bool {
    matches!(
        w,
        "ci" | "checks"
            | "check"
            | "pipeline"
            | "pipelines"
            | "build"
            | "builds"
            | "tests"
            | "workflow"
            | "workflows"
            | "jobs"
            | "actions"
            | "suite"
    )
}

/// Whether the text says the checks have not passed: a state after their name (running,
/// pending, failing, red), "before" their name and a completion after it ("before CI
/// finishes"), or a wait for them refused ("don't wait for the pipeline").
fn checks_not_passed(w: &[String]) -> bool {
    (0..w.len()).filter(|&i| checks_noun(&w[i])).any(|i| {
        let after = &w[i + 1..(i + 5).min(w.len())];
        let before = &w[i.saturating_sub(4)..i];
        let unfinished = after.iter().any(|a| {
            matches!(
                a.as_str(),
                "running"
                    | "pending"
                    | "failing"
                    | "failed"
                    | "red"
                    | "broken"
                    | "queued"
                    | "unfinished"
                    | "incomplete"
                    | "flaky"
                    | "progress"
            )
        });
        let before_done = before.iter().any(|b| b == "before")
            && after.iter().any(|a| {
                matches!(
                    a.as_str(),
                    "finishes"
                        | "finish"
                        | "finished"
                        | "passes"
                        | "pass"
                        | "passed"
                        | "completes"
                        | "complete"
                        | "done"
                        | "green"
                        | "succeeds"
                )
            });
        let no_wait = before.iter().enumerate().any(|(k, b)| {
            matches!(b.as_str(), "wait" | "waiting")
                && before[..k].iter().any(|n| {
                    matches!(
                        n.as_str(),
                        "don't" | "dont" | "not" | "no" | "without" | "skip"
                    )
                })
        });
        unfinished || before_done || no_wait
    })
}

/// A merge past its checks.
fn merge_past_checks(w: &[String]) -> Option<Finding> {
    let merges = (0..w.len()).any(|i| {
        matches!(
            w[i].as_str(),
            "merge" | "land" | "ship" | "force-merge" | "squash-merge" | "automerge"
        ) && acts(w, i)
    });
    (merges && checks_not_passed(w)).then(|| Finding {
        family: Family::Git,
        code: "prose.merge-past-checks",
        severity: Severity::Confirm,
        message:
            "merge while its checks are still running or failing: ships what nothing has passed"
                .to_owned(),
    })
}

/// The team wikis and document stores whose pages are shared.
fn wiki(w: &str) -> bool {
    matches!(
        w,
        "confluence"
            | "notion"
            | "wiki"
            | "sharepoint"
            | "coda"
            | "gitbook"
            | "dokuwiki"
            | "mediawiki"
            | "slite"
            | "quip"
    )
}

/// A wiki page or space deleted.
fn wiki_delete(w: &[String]) -> Option<Finding> {
    for i in 0..w.len() {
        if !matches!(
            w[i].as_str(),
            "delete" | "remove" | "trash" | "erase" | "purge" | "wipe" | "destroy"
        ) || !acts(w, i)
        {
            continue;
        }
        let object = &w[i + 1..(i + 6).min(w.len())];
        if !object.iter().any(|o| wiki(o)) {
            continue;
        }
        let whole = object.iter().any(|o| {
            matches!(
                o.as_str(),
                "space"
                    | "spaces"
                    | "workspace"
                    | "workspaces"
                    | "site"
                    | "all"
                    | "every"
                    | "entire"
                    | "whole"
            )
        });
        let page = object.iter().any(|o| {
            matches!(
                o.as_str(),
                "page"
                    | "pages"
                    | "document"
                    | "documents"
                    | "article"
                    | "articles"
                    | "database"
                    | "doc"
                    | "docs"
                    | "wiki"
            )
        });
        if whole || page {
            return Some(Finding {
                family: Family::Business,
                code: "prose.wiki-delete",
                severity: if whole {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                message: format!(
                    "{} {}: the team's shared pages{}, with their history and comments",
                    w[i],
                    object.join(" "),
                    if whole { ", a whole space of them" } else { "" }
                ),
            });
        }
    }
    None
}

/// Both readings of a text.
pub fn judge(text: &str, out: &mut Vec<Finding>) {
    // Most texts name neither: a cheap test first.
    let lower = text.to_ascii_lowercase();
    let merge = ["merge", "land", "ship"].iter().any(|v| lower.contains(v));
    let delete = [
        "delete", "remove", "trash", "erase", "purge", "wipe", "destroy",
    ]
    .iter()
    .any(|v| lower.contains(v));
    if !merge && !delete {
        return;
    }
    let w = words(text);
    if merge {
        out.extend(merge_past_checks(&w));
    }
    if delete {
        out.extend(wiki_delete(&w));
    }
}
