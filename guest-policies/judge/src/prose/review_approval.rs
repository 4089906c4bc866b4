//! An agent approving a change request, said in words (session 22): "approve the PR",
//! "review and approve the dependabot PR", "LGTM the merge request", "accept MR !17".
//!
//! An approval stands in for a person's review: branch protection counts it, and the change
//! can merge on it. The agent vouching for code is bounded (the change can be reverted, the
//! approval dismissed) but not its call alone, so it is confirmed, like `gh pr review --approve`
//! and `glab mr approve` on a command line. It is never tampering: approving a pull request
//! does not touch airlock (an approval of airlock's own challenges or its operator queue is
//! read by the guard's readers, which stop it whatever this reader says).
//!
//! Questions, negations ("don't approve the PR"), past tenses ("the PR was approved") and
//! another person's act ("ask the reviewer to approve the PR") lead no segment of the
//! operations reader, so nothing is found for them.

use super::operations::{Segment, any, found};
use crate::finding::{Family, Finding, Severity};

/// What a change request is called on the forges: pull and merge requests, Gerrit's changes,
/// Phabricator's revisions and diffs, Mercurial's changesets.
const CHANGE_REQUESTS: &[&str] = &[
    "pr",
    "pull",
    "mr",
    "merge-request",
    "changeset",
    "changelist",
    "cl",
    "diff",
    "patch",
    "patchset",
    "revision",
];

/// The approval reader of [`super::operations`].
pub(super) fn approve(s: &Segment<'_, '_>) -> Option<Finding> {
    // "approve the PR", or "approve and merge the PR" (the object follows the next verb).
    let near = &s.all[1..s.all.len().min(7)];
    let object = if s.object.is_empty() { near } else { s.object };
    let request = any(object, CHANGE_REQUESTS)
        || object
            .windows(2)
            .any(|p| any(&p[..1], &["merge", "pull"]) && any(&p[1..], &["request"]));
    if !request {
        return None;
    }
    Some(found(
        Family::Business,
        "prose.approve-change",
        Severity::Confirm,
        s,
        "an approval stands in for a person's review of the change",
    ))
}
