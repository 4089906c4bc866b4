//! Acts on a team's shared work, said in words (holdout9 analysis, "Shared environments" and
//! "Graded one step low"):
//!
//! - **A merge past its checks**: a merge (or land, ship) while the checks are still running,
//!   pending or failing, before they finish or pass, or without waiting for them ("merge PR
//!   #1440 even though CI is still running", "merge it before the pipeline finishes", "merge
//!   now, don't wait for the checks"). It ships what nothing has passed, as "merge without
//!   review" does: confirmed.
//! - **A wiki page or space deleted**: a delete (remove, trash, erase, purge) of a page, a
//!   document or a space of a team wiki (Confluence, Notion, a wiki, SharePoint, Coda,
//!   GitBook, Coda). Pages are confirmed (a page's history and comments go with it);
//!   a whole space, workspace or site, or every page, is verified.
//! - **Financial figures published before they are public**: a tweet, or a post, publish or
//!   share to a public place, of revenue, forecasts, guidance, margins, ARR..., with no word
//!   saying they are already out (published, announced, filed): stopped.
//!
//! Read over the whole text's words, whatever the text was classed as (a quoted title with
//! parentheses, `'Old onboarding (2021)'`, must not hide the sentence). A verb negated or
//! talked about ("don't merge", "explain how to delete a page", "review PR 88 while CI runs")
//! is not an act. These only add a finding: nothing here lowers a verdict.

use crate::finding::{Family, Finding, Severity};

/// The lowercased words of a text (apostrophes kept inside words, `#` and quotes dropped).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-'))
        .map(|w| {
            // A possessive or a contraction of "is" names the noun: "the pipeline's still red".
            let w = w.trim_matches(['\'', '-']).to_lowercase();
            match w.strip_suffix("'s") {
                Some(stem) if !stem.is_empty() => stem.to_owned(),
                _ => w,
            }
        })
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

/// Whether the verb at `i` is done: not negated or talked about by the two words before it,
/// nor a hypothetical ("the PR that would post ..."; "would you merge" is a request).
fn acts(w: &[String], i: usize) -> bool {
    let hypothetical = i >= 1 && matches!(w[i - 1].as_str(), "would" | "might")
        || i >= 2 && matches!(w[i - 2].as_str(), "would" | "might") && w[i - 1] != "you";
    !hypothetical
        && !w[i.saturating_sub(2)..i]
            .iter()
            .any(|p| NOT_AN_ACT.contains(&p.as_str()))
}

/// Whether the whole text only talks about something: it opens with a mention verb
/// ("explain", "review", "summarize", "what happens if") and no second step follows
/// ("review PR 88, then merge it while CI runs" acts in its second step).
fn only_talks(w: &[String]) -> bool {
    let opens = w.first().is_some_and(|f| {
        matches!(
            f.as_str(),
            "explain"
                | "describe"
                | "compare"
                | "discuss"
                | "summarize"
                | "summarise"
                | "document"
                | "what"
                | "why"
                | "how"
                | "review"
                | "analyze"
                | "analyse"
                | "translate"
        )
    });
    opens
        && !w
            .iter()
            .any(|x| matches!(x.as_str(), "then" | "afterwards" | "after"))
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
        // "don't wait for CI", "don't bother waiting for the checks", "skip waiting for them".
        let no_wait = (i.saturating_sub(5)..i).any(|j| {
            matches!(w[j].as_str(), "wait" | "waiting")
                && w[j.saturating_sub(3)..j].iter().any(|n| {
                    matches!(
                        n.as_str(),
                        "don't" | "dont" | "not" | "no" | "without" | "skip" | "stop"
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

/// Words for a company's financial figures.
fn figures(w: &str) -> bool {
    matches!(
        w,
        "revenue"
            | "revenues"
            | "forecast"
            | "forecasts"
            | "earnings"
            | "guidance"
            | "projection"
            | "projections"
            | "margin"
            | "margins"
            | "arr"
            | "mrr"
            | "bookings"
            | "profit"
            | "profits"
            | "financials"
            | "ebitda"
            | "run-rate"
            | "valuation"
            | "runway"
    )
}

/// Words that say the figures are already public.
fn already_public(w: &str) -> bool {
    matches!(
        w,
        "published" | "announced" | "released" | "public" | "filed" | "10-k" | "10-q" | "press"
    )
}

/// Public places a post reaches.
fn public_place(w: &str) -> bool {
    matches!(
        w,
        "twitter"
            | "linkedin"
            | "reddit"
            | "facebook"
            | "instagram"
            | "mastodon"
            | "bluesky"
            | "threads"
            | "blog"
            | "publicly"
            | "medium"
            | "youtube"
            | "tiktok"
            | "hn"
            | "forum"
            | "newsletter"
    )
}

/// Financial figures that are not public yet, published: a publishing verb (or a tweet) to a
/// public place, with words for figures and none saying they are already out ("tweet the
/// slide with next quarter's revenue forecast", "post our ARR projections on LinkedIn"). What
/// moves a market or breaks a disclosure rule cannot be taken back: stopped.
fn figures_published(w: &[String]) -> Option<Finding> {
    let verb = (0..w.len()).find(|&i| {
        let v = w[i].as_str();
        let self_public = matches!(v, "tweet" | "toot" | "skeet");
        (self_public || matches!(v, "post" | "publish" | "share" | "announce" | "blog"))
            && acts(w, i)
            && !w[i.saturating_sub(2)..i].iter().any(|p| {
                matches!(
                    p.as_str(),
                    "draft" | "drafting" | "write" | "prepare" | "compose" | "a" | "the"
                )
            })
            && (self_public || w.iter().any(|x| public_place(x)))
    })?;
    let rest = &w[verb + 1..];
    if !rest.iter().any(|x| figures(x)) || w.iter().any(|x| already_public(x)) {
        return None;
    }
    Some(Finding {
        family: Family::Exfiltration,
        code: "prose.figures-published",
        severity: Severity::Stop,
        message: format!(
            "{} financial figures that are not public yet: cannot be taken back, and may break disclosure rules",
            w[verb]
        ),
    })
}

/// The readings of a text.
pub fn judge(text: &str, out: &mut Vec<Finding>) {
    // Most texts name none: a cheap test first.
    let lower = text.to_ascii_lowercase();
    let merge = ["merge", "land", "ship"].iter().any(|v| lower.contains(v));
    let delete = [
        "delete", "remove", "trash", "erase", "purge", "wipe", "destroy",
    ]
    .iter()
    .any(|v| lower.contains(v));
    let publish = [
        "tweet", "toot", "skeet", "post", "publish", "share", "announce", "blog",
    ]
    .iter()
    .any(|v| lower.contains(v));
    if !merge && !delete && !publish {
        return;
    }
    let w = words(text);
    if only_talks(&w) {
        return;
    }
    if merge {
        out.extend(merge_past_checks(&w));
    }
    if delete {
        out.extend(wiki_delete(&w));
    }
    if publish {
        out.extend(figures_published(&w));
    }
}

/// Whether `word` after `before` names a code review or a ticket, not the guard's request:
/// "pull request", "merge request", "change request", "feature request" (an `-s` plural too),
/// or the short forms `PR`, `PRs`, `MR`. Approving one is a review's act (graded as such, never as
/// the agent vouching for its own action). No allocation: it runs on every word of a text.
pub fn review_request(word: &str, before: &str) -> bool {
    let is = |w: &str, k: &str| w.eq_ignore_ascii_case(k);
    let w = word.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
    if ["pr", "prs", "mr"].iter().any(|k| is(w, k)) {
        return true;
    }
    (is(w, "request") || is(w, "requests"))
        && ["pull", "merge", "change", "feature"]
            .iter()
            .any(|k| is(before, k))
}
