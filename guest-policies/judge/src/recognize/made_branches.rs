//! A force push of a branch this session made (`git switch -c X`, `git checkout -b X`, `git
//! branch X`, `git worktree add -b X`: each fails when X exists, [`super::scratch`] records it):
//! what the push rewrites is the history this work wrote. Lowered one tier like every object
//! made a step before ([`super::scratch::made_here`]): a creation is an intention, not a result.
//!
//! Read from git-push(1): exactly one branch is pushed, named as `X`, `X:X`, `HEAD` or
//! `HEAD:X` (HEAD resolved to the branch the session switched to), or nothing at all (the
//! current branch). Not lowered: a branch whose name is a default or shared line of work
//! (`main`, `develop`, `release/...`: the remote has one of that name that others use), a
//! `+refspec`, several refspecs, `--all`, `--mirror`, `--tags`, `--delete`, or a push that
//! names a repository by URL.

use super::{Cmd, Context};
use crate::finding::{Family, Finding};

/// Branch names that are a team's shared lines of work on any remote, compared lowercased,
/// whole or as the first segment (`release/2.4`).
const SHARED: &[&str] = &[
    "main",
    "master",
    "trunk",
    "develop",
    "development",
    "dev",
    "default",
    "stable",
    "release",
    "releases",
    "production",
    "prod",
    "staging",
    "stage",
    "live",
    "hotfix",
    "gh-pages",
    "next",
    "head",
];

/// Options of git push that take a value.
const PUSH_VALUED: &[&str] = &[
    "-C",
    "-c",
    "--repo",
    "-o",
    "--push-option",
    "--receive-pack",
];

/// The one branch a push rewrites, when the line says exactly one (HEAD resolved).
fn pushed_branch<'c>(cmd: &Cmd<'c>, ctx: &'c Context) -> Option<&'c str> {
    if cmd.has(&[
        "--all",
        "--branches",
        "--mirror",
        "--tags",
        "--delete",
        "-d",
        "--prune",
        "--follow-tags",
    ]) || cmd.has(&["--repo"])
    {
        return None;
    }
    let ops: Vec<&str> = cmd.operands(PUSH_VALUED).collect();
    let current = || ctx.env.session.branch.as_deref().filter(|b| !b.is_empty());
    let refspec = match ops.as_slice() {
        ["push"] | ["push", _] => return current(),
        ["push", remote, refspec] if !remote.contains([':', '/']) => *refspec,
        _ => return None,
    };
    let (src, dst) = refspec.split_once(':').unwrap_or((refspec, refspec));
    let src = if src == "HEAD" { current()? } else { src };
    let dst = if dst == "HEAD" { src } else { dst };
    let dst = dst.strip_prefix("refs/heads/").unwrap_or(dst);
    (src == dst && !src.starts_with('+') && !src.is_empty()).then_some(src)
}

/// Whether a branch name is a shared line of work.
fn shared(branch: &str) -> bool {
    let lower = branch.to_ascii_lowercase();
    let first = lower.split(['/', '-', '_', '.']).next().unwrap_or("");
    SHARED.contains(&lower.as_str()) || SHARED.contains(&first)
}

/// Lowers a push's findings (a force push) by one tier when it pushes exactly one branch an
/// earlier step made, under the same place.
pub fn lower(cmd: &Cmd<'_>, ctx: &Context, found: &mut [Finding], made: impl Fn(&str) -> bool) {
    if cmd.program != "git" || cmd.operands(PUSH_VALUED).next() != Some("push") {
        return;
    }
    let about = |f: &Finding| {
        f.family == Family::Git
            && f.code.starts_with("git.push")
            && f.severity > crate::finding::Severity::Note
    };
    if !found.iter().any(about) {
        return;
    }
    let Some(branch) = pushed_branch(cmd, ctx) else {
        return;
    };
    if shared(branch) || !made(&format!("git|branch|{branch}")) {
        return;
    }
    for f in found.iter_mut().filter(|f| about(f)) {
        f.severity = super::scratch::made_here(f.severity);
        f.message = format!("{branch}, a branch this session created: {}", f.message);
    }
}
