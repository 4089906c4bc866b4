//! git: history rewritten or lost (force pushes, remote deletes, reset --hard, clean, filter-
//! branch, reflog expiry), work discarded (checkout/restore of everything, stash drop). Reads and
//! ordinary pushes of a feature branch go ahead.

use super::{Cmd, Context, finding, paths};
use crate::finding::{Family, Finding, Severity};

const G: Family = Family::Git;

/// Branches whose history others build on.
pub fn protected(branch: &str) -> bool {
    let b = branch
        .trim_start_matches('+')
        .trim_start_matches("refs/heads/")
        .trim_start_matches("origin/");
    matches!(
        b,
        "main"
            | "master"
            | "trunk"
            | "production"
            | "prod"
            | "develop"
            | "stable"
            | "live"
            | "release"
            | "HEAD"
    ) || b.starts_with("release/")
        || b.starts_with("release-")
        || b.starts_with("releases/")
}

/// The recognizer of git.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    // Global options before the subcommand.
    let mut i = 0;
    let args = cmd.args;
    while let Some(a) = args.get(i) {
        match &**a {
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" => i += 2,
            a if a.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let Some(sub) = args.get(i) else { return };
    let sub_cmd = Cmd {
        args: &args[i + 1..],
        ..*cmd
    };
    let c = &sub_cmd;
    let push = |code, severity, message: String, out: &mut Vec<Finding>| {
        out.push(finding(G, code, severity, message));
    };
    // `switch -C B START`, `checkout -B B START` and `branch -f B START` move B to START if it
    // exists (git-switch(1): "if <new-branch> already exists, it will be reset"): a reset of
    // the branch, its own commits left only in the reflog.
    if let Some((branch, start)) = branch_reset(c, sub) {
        push(
            "git.branch-reset",
            Severity::Confirm,
            format!(
                "git {sub} resets {branch} to {start}: commits only on {branch} leave the branch others build on"
            ),
            out,
        );
    }
    match &**sub {
        // `send-pack` and `http-push` are the plumbing under `push` (git-send-pack(1): "usually
        // you would want to use git push"): the same refspecs, `--all`, `--mirror`, `--force`.
        "push" | "send-pack" | "http-push" => push_cmd(c, out),
        "reset" if c.has(&["--hard"]) => push(
            "git.reset-hard",
            Severity::Confirm,
            "git reset --hard discards uncommitted work and moves the branch".to_owned(),
            out,
        ),
        "clean" if c.flag(b"f", &["force"]) && !c.flag(b"n", &["dry-run"]) => {
            // Limited to build output (`git clean -fdX -- build/`): what is there is made
            // again by the next build.
            let mut pathspecs = c.operands(&["-e", "--exclude"]).peekable();
            if pathspecs.peek().is_some()
                && pathspecs.all(|p| {
                    // A substitution's value is unknown here.
                    !p.contains(['$', '`']) && paths::scope(p) == paths::Scope::Disposable
                })
            {
                return;
            }
            let x = c.flag(b"x", &[]);
            let only_ignored = c.flag(b"X", &[]) && !x;
            push(
                "git.clean-force",
                Severity::Confirm,
                format!(
                    "git clean -f deletes {}",
                    if x {
                        "untracked files and ignored ones (-x)"
                    } else if only_ignored {
                        "ignored files (-X: local configs and .env files among them)"
                    } else {
                        "untracked files"
                    }
                ),
                out,
            );
        }
        "branch" => {
            let force_delete =
                c.flag(b"D", &[]) || (c.flag(b"d", &["delete"]) && c.flag(b"f", &["force"]));
            if force_delete {
                let target = c.operands(&[]).next().unwrap_or("a branch");
                push(
                    "git.branch-force-delete",
                    if protected(target) {
                        Severity::Verify
                    } else {
                        Severity::Confirm
                    },
                    format!("git branch -D deletes {target} even if unmerged"),
                    out,
                );
            }
        }
        "switch" => discarding_switch(c, sub, out),
        "checkout" => {
            let ops: Vec<&str> = c.operands(&["-b", "-B", "--orphan"]).collect();
            let all = c
                .words()
                .skip_while(|a| *a != "--")
                .skip(1)
                .any(|a| a == "." || a == "*" || a == ":/")
                || ops.iter().any(|a| *a == "." || *a == ":/");
            // `-f` throws the working tree's changes away with `-b` / `-B` too (git-checkout(1):
            // "proceed even if the index or the working tree differs from HEAD").
            let force = c.flag(b"f", &["force"]);
            let paths_after_dashdash = c.words().any(|a| a == "--");
            if all || force {
                push(
                    "git.checkout-discard",
                    Severity::Confirm,
                    "git checkout discards the uncommitted changes of the working tree".to_owned(),
                    out,
                );
            } else if paths_after_dashdash {
                push(
                    "git.checkout-discard",
                    Severity::Confirm,
                    "git checkout -- <paths> discards their uncommitted changes".to_owned(),
                    out,
                );
            }
        }
        "restore" => {
            let staged_only = c.flag(b"S", &["staged"]) && !c.flag(b"W", &["worktree"]);
            if !staged_only && c.operands(&["-s", "--source"]).next().is_some() {
                push(
                    "git.restore-discard",
                    Severity::Confirm,
                    "git restore discards uncommitted changes".to_owned(),
                    out,
                );
            }
        }
        "stash" => {
            if let Some(op @ ("drop" | "clear")) = c.operands(&[]).next() {
                push(
                    "git.stash-drop",
                    Severity::Confirm,
                    format!("git stash {op} deletes stashed work"),
                    out,
                );
            }
        }
        "worktree" if c.words().any(|w| w == "remove") && c.flag(b"f", &["force"]) => push(
            "git.worktree-remove-force",
            Severity::Confirm,
            "git worktree remove --force deletes a worktree with its uncommitted changes"
                .to_owned(),
            out,
        ),
        "add" if c.operands(&[]).any(|p| super::paths::secret(p).is_some()) => push(
            "git.add-secret",
            Severity::Confirm,
            "git add stages a secrets file: committed and pushed, it is public for good".to_owned(),
            out,
        ),
        "remote"
            if c.words().any(|w| w == "add")
                && c.words().any(|w| w.contains("://") || w.contains('@')) => {}
        "filter-branch" | "filter-repo" => push(
            "git.rewrite-history",
            Severity::Verify,
            format!("git {sub} rewrites the repository's whole history"),
            out,
        ),
        "reflog"
            if c.words().any(|a| a == "expire" || a == "delete")
                && c.words().any(|a| {
                    a.starts_with("--expire") && (a.ends_with("now") || a.ends_with("all"))
                        || a == "--all"
                }) =>
        {
            push(
                "git.reflog-expire",
                Severity::Verify,
                "git reflog expire --expire=now drops the only record of lost commits".to_owned(),
                out,
            );
        }
        "gc" if c.words().any(|a| a == "--prune=now" || a == "--prune=all") => push(
            "git.gc-prune-now",
            Severity::Confirm,
            "git gc --prune=now deletes unreachable commits for good".to_owned(),
            out,
        ),
        "prune" => push(
            "git.prune",
            Severity::Confirm,
            "git prune deletes unreachable objects".to_owned(),
            out,
        ),
        // `update-ref refs/heads/main SHA`: the plumbing of `branch -f`.
        "update-ref"
            if !c.flag(b"d", &["stdin"])
                && c.operands(&["-m"])
                    .next()
                    .is_some_and(|r| r.strip_prefix("refs/heads/").is_some_and(protected))
                && c.operands(&["-m"]).nth(1).is_some() =>
        {
            push(
                "git.branch-reset",
                Severity::Confirm,
                format!(
                    "git update-ref moves {} without a merge: its commits leave the branch others build on",
                    c.operands(&["-m"]).next().unwrap_or("")
                ),
                out,
            );
        }
        "update-ref" if c.flag(b"d", &[]) => push(
            "git.update-ref-delete",
            Severity::Confirm,
            "git update-ref -d deletes a ref".to_owned(),
            out,
        ),
        "tag" if c.flag(b"d", &["delete"]) => push(
            "git.tag-delete",
            Severity::Note,
            "git tag -d deletes a local tag".to_owned(),
            out,
        ),
        "rebase" | "commit"
            if c.has(&["--no-verify"]) || c.flag(b"n", &[]) && &**sub == "commit" =>
        {
            push(
                "git.no-verify",
                Severity::Note,
                format!("git {sub} --no-verify skips the hooks"),
                out,
            );
        }
        _ => {}
    }
}

/// The branch a `switch -C`, `checkout -B` or `branch -f` resets, and where to, when that
/// branch is one others build on (`protected`) and a start point other than the current commit
/// is named, or the start point is the branch's remote counterpart (`switch -C main
/// origin/main`: local commits on main are dropped). A feature branch reset is the agent's own
/// work (`checkout -B feature/x origin/feature/x`) and goes ahead; `branch -M main` renames.
fn branch_reset<'c>(c: &Cmd<'c>, sub: &str) -> Option<(&'c str, &'c str)> {
    let words: Vec<&str> = c.words().collect();
    let (branch, rest) = match sub {
        "switch" | "checkout" => {
            let letter = if sub == "switch" { "-C" } else { "-B" };
            let at = words.iter().position(|w| {
                *w == letter
                    || sub == "switch" && *w == "--force-create"
                    // A bundle ending in the letter (`-fB`): its value follows.
                    || w.len() > 2
                        && !w.starts_with("--")
                        && w.starts_with('-')
                        && w.ends_with(&letter[1..])
            })?;
            let branch = *words.get(at + 1)?;
            let rest: Vec<&str> = words[at + 2..]
                .iter()
                .copied()
                .filter(|w| !w.starts_with('-'))
                .collect();
            (branch, rest)
        }
        "branch" => {
            if !c.flag(b"f", &["force"]) || c.flag(b"dDmMcC", &["delete", "move", "copy"]) {
                return None;
            }
            let ops: Vec<&str> = c
                .operands(&["-t", "--track", "-u", "--set-upstream-to"])
                .collect();
            let (&branch, rest) = ops.split_first()?;
            (branch, rest.to_vec())
        }
        _ => return None,
    };
    let start = *rest.first()?;
    protected(branch).then_some((branch, start))
}

/// `git switch --discard-changes` (or `-f`, `--force`): the working tree's changes are thrown
/// away to switch (git-switch(1)).
fn discarding_switch(c: &Cmd<'_>, sub: &str, out: &mut Vec<Finding>) {
    if sub == "switch" && c.flag(b"f", &["force", "discard-changes"]) {
        out.push(finding(
            G,
            "git.checkout-discard",
            Severity::Confirm,
            "git switch --discard-changes throws the working tree's uncommitted changes away"
                .to_owned(),
        ));
    }
}

fn push_cmd(c: &Cmd<'_>, out: &mut Vec<Finding>) {
    // `-F` too: a shouted `GIT PUSH -F` keeps its options' case.
    let force = c.flag(b"fF", &["force"]);
    let lease = c
        .words()
        .any(|a| a.starts_with("--force-with-lease") || a.starts_with("--force-if-includes"));
    let mirror = c.has(&["--mirror"]);
    let delete = c.flag(b"d", &["delete"]);
    let prune = c.has(&["--prune"]);
    let ops: Vec<&str> = c
        .operands(&["-o", "--push-option", "--repo", "--receive-pack", "--exec"])
        .collect();
    let refspecs = ops.get(1..).unwrap_or(&[]);
    let dst = |r: &'_ str| -> String {
        let r = r.trim_start_matches('+');
        r.rsplit(':').next().unwrap_or(r).to_owned()
    };
    let plus = refspecs.iter().any(|r| r.starts_with('+'));
    let colon_delete: Vec<&str> = refspecs
        .iter()
        .filter(|r| r.starts_with(':') && r.len() > 1)
        .map(|r| &r[1..])
        .collect();
    let every_branch = c.has(&["--all", "--branches", "--tags"]);
    // No refspec: the current branch, which may well be main (fail closed).
    // A wildcard destination (`refs/heads/*:refs/heads/*`) is every branch, main among them.
    let to_protected = every_branch
        || refspecs.is_empty()
        || refspecs
            .iter()
            .any(|r| protected(&dst(r)) || dst(r).contains('*'));
    let names = if every_branch {
        "every branch".to_owned()
    } else if refspecs.is_empty() {
        "the current branch".to_owned()
    } else {
        refspecs
            .iter()
            .map(|r| dst(r))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let remote = ops.first().copied().unwrap_or("");
    if (mirror || every_branch)
        && (remote.contains("://")
            || remote.contains('@')
            || !matches!(remote, "" | "origin" | "upstream"))
    {
        out.push(finding(
            Family::Exfiltration,
            "exfiltration.repository",
            Severity::Verify,
            format!(
                "git push {} to {remote} copies the whole repository to another remote",
                if mirror { "--mirror" } else { "--all" }
            ),
        ));
    }
    if mirror {
        out.push(finding(
            G,
            "git.push-mirror",
            Severity::Verify,
            "git push --mirror overwrites and deletes every ref of the remote".to_owned(),
        ));
    }
    if delete || !colon_delete.is_empty() {
        let targets: Vec<&str> = if delete {
            refspecs.to_vec()
        } else {
            colon_delete.clone()
        };
        let prot = targets
            .iter()
            .any(|t| protected(t) || t.contains("$(") || t.contains('`'));
        out.push(finding(
            G,
            "git.push-delete",
            if prot {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "git push --delete removes {} from the remote{}",
                if targets.is_empty() {
                    "a branch".to_owned()
                } else {
                    targets.join(", ")
                },
                if prot {
                    ": a branch others build on"
                } else {
                    ""
                }
            ),
        ));
    }
    if force || plus {
        out.push(finding(
            G,
            if to_protected {
                "git.push-force-protected"
            } else {
                "git.push-force"
            },
            if to_protected {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "git push --force to {names} rewrites {}",
                if to_protected {
                    "shared history"
                } else {
                    "the remote branch's history"
                }
            ),
        ));
    } else if lease {
        out.push(finding(
            G,
            "git.push-force-with-lease",
            if to_protected {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!("git push --force-with-lease to {names} rewrites the remote branch's history"),
        ));
    }
    if prune {
        // A wildcard refspec (`refs/heads/*:refs/heads/*`) puts every remote branch in scope.
        let every = refspecs.iter().any(|r| r.contains('*')) || every_branch;
        out.push(finding(
            G,
            "git.push-prune",
            if every {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "git push --prune deletes {} remote branches without a local counterpart",
                if every { "all" } else { "the" }
            ),
        ));
    }
}

/// The GitHub CLI: repositories deleted or made public, branch protection removed, issues and
/// pull requests deleted or closed, secrets deleted.
pub fn gh(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let ops: Vec<&str> = cmd
        .operands(&[
            "-R",
            "--repo",
            "-X",
            "--method",
            "-f",
            "-F",
            "--field",
            "--raw-field",
            "-q",
            "--jq",
            "--json",
            "-L",
            "--limit",
            "-b",
            "--body",
            "-t",
            "--title",
            "-H",
            "--header",
            "--visibility",
            // gh api's options with a value: the endpoint is the word after them.
            "--input",
            "--hostname",
            "-p",
            "--preview",
            "--cache",
            "--template",
        ])
        .collect();
    let (a, b) = (
        ops.first().copied().unwrap_or(""),
        ops.get(1).copied().unwrap_or(""),
    );
    // gh takes a repeated option's last value: `--method GET ... -X DELETE` deletes.
    let mut method = String::new();
    let mut words = cmd.args.iter().map(|a| &**a);
    while let Some(w) = words.next() {
        let value = match w {
            "-X" | "--method" => words.next(),
            _ => w
                .strip_prefix("--method=")
                .or_else(|| w.strip_prefix("-X").filter(|v| !v.is_empty())),
        };
        if let Some(v) = value {
            method = v.to_ascii_uppercase();
        }
    }
    let p = cmd.program;
    // `gh api -X PATCH orgs/acme -f default_repository_permission=admin`: the fields are
    // settings, read by the same vocabulary as any HTTP client's body.
    if a == "api" && b != "graphql" && method != "GET" {
        let mut fields = Vec::new();
        let mut words = cmd.words();
        while let Some(w) = words.next() {
            if matches!(w, "-f" | "-F" | "--field" | "--raw-field") {
                fields.extend(words.next());
            } else if let Some(v) = w
                .strip_prefix("--field=")
                .or_else(|| w.strip_prefix("--raw-field="))
            {
                fields.push(v);
            }
        }
        let pairs: Vec<(String, String)> = fields
            .iter()
            .flat_map(|f| super::http::body_pairs(f))
            .collect();
        if let Some((severity, why)) = super::http::settings_change(&pairs, b) {
            out.push(finding(
                Family::Business,
                "http.settings",
                severity,
                format!("{p} api {b}: {why}"),
            ));
        }
        // The reach of the object the path names (`repos/o/r/transfer`, `archived=true`), as
        // for any HTTP client: fields make the request a POST when no method is given.
        let effective = if !method.is_empty() {
            method.as_str()
        } else if fields.is_empty() {
            "GET"
        } else {
            "POST"
        };
        if effective != "GET" {
            let (path, query) = b.split_once('?').unwrap_or((b, ""));
            super::reach::request(
                cmd,
                &super::reach::Call {
                    method: effective,
                    url: b,
                    host: if p == "glab" {
                        "gitlab.com"
                    } else {
                        "api.github.com"
                    },
                    path,
                    query,
                    bodies: &fields,
                },
                out,
            );
        }
    }
    // A GraphQL mutation's reach (`archiveRepository`, `transferRepository`, `deleteTeam`):
    // the same words as any client's GraphQL body.
    if a == "api" && b == "graphql" {
        let mut fields = Vec::new();
        let mut words = cmd.words();
        while let Some(w) = words.next() {
            if matches!(w, "-f" | "-F" | "--field" | "--raw-field") {
                fields.extend(words.next());
            }
        }
        super::reach::request(
            cmd,
            &super::reach::Call {
                method: "POST",
                url: "graphql",
                host: if p == "glab" {
                    "gitlab.com"
                } else {
                    "api.github.com"
                },
                path: "graphql",
                query: "",
                bodies: &fields,
            },
            out,
        );
    }
    let mut push =
        |family, code, severity, msg: String| out.push(finding(family, code, severity, msg));
    match (a, b) {
        ("repo", "delete") => push(
            G,
            "git.repo-delete",
            Severity::Verify,
            format!(
                "{p} repo delete {} deletes the repository, its issues and history",
                ops.get(2).copied().unwrap_or("")
            ),
        ),
        ("repo", "archive") => push(
            G,
            "git.repo-archive",
            Severity::Confirm,
            "gh repo archive makes the repository read-only".to_owned(),
        ),
        ("repo", "edit") if cmd.words().any(|w| w.contains("public")) => push(
            G,
            "git.repo-public",
            Severity::Verify,
            "gh repo edit --visibility public publishes a repository".to_owned(),
        ),
        ("api", "graphql") => {
            if let Some((name, severity)) = graphql_delete(cmd) {
                push(
                    Family::Business,
                    "business.api-delete",
                    severity,
                    format!("{p} api graphql runs the {name} mutation: it deletes for good"),
                );
            }
        }
        ("api", _)
            if method == "DELETE"
                || method == "PUT" && ops.iter().any(|o| o.contains("protection")) =>
        {
            let protection = ops
                .iter()
                .any(|o| o.contains("protection") || o.contains("rulesets"));
            let whole = ops.get(1).is_some_and(|o| api_whole_or_protected(o));
            push(
                G,
                "git.api-delete",
                if protection || whole {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!(
                    "{p} api -X {method} {}{}",
                    ops.get(1).copied().unwrap_or(""),
                    if protection {
                        ": removes branch protection"
                    } else if whole {
                        ": a whole repository, group or protected branch"
                    } else {
                        ""
                    }
                ),
            );
        }
        ("issue" | "pr" | "mr", "delete") => push(
            Family::Business,
            "business.issue-delete",
            Severity::Confirm,
            format!("gh {a} delete deletes an {a} for good"),
        ),
        ("issue" | "pr", "close" | "lock") => push(
            Family::Business,
            "business.issue-close",
            Severity::Confirm,
            format!("gh {a} {b} closes an {a} without it being resolved"),
        ),
        // The agent's approval is the user's (gh and glab act with the user's token): a
        // review the two-person rule asks for, given by the same hands that wrote the change.
        ("pr", "review") if cmd.flag(b"a", &["approve"]) => push(
            G,
            "git.self-approve",
            Severity::Confirm,
            format!(
                "{p} pr review --approve approves a pull request in the user's name, without a person reviewing it"
            ),
        ),
        ("mr", "approve") => push(
            G,
            "git.self-approve",
            Severity::Confirm,
            format!(
                "{p} mr approve approves a merge request in the user's name, without a person reviewing it"
            ),
        ),
        // `gh extension install OWNER/REPO` (alias `ext`) runs a third party's repository as a
        // gh command; a local directory (`.`) is the project's own.
        ("extension" | "ext" | "extensions", "install")
            if ops.get(2).is_some_and(|r| {
                r.contains('/') && !r.starts_with('.') && !super::sources::vetted_owner(r)
            }) =>
        {
            push(
                Family::RemoteCode,
                "remote-code.install-unvetted",
                Severity::Confirm,
                format!(
                    "{p} extension install {} installs and runs code from an unvetted repository",
                    ops[2]
                ),
            )
        }
        ("pr", "merge") if cmd.has(&["--admin"]) => push(
            G,
            "git.merge-admin",
            Severity::Confirm,
            "gh pr merge --admin bypasses the branch's review rules".to_owned(),
        ),
        ("release", "delete")
        | ("secret", "delete" | "remove")
        | ("variable", "delete")
        | ("label", "delete")
        | ("workflow", "disable")
        | ("run", "delete")
        | ("cache", "delete") => push(
            G,
            "git.gh-delete",
            Severity::Confirm,
            format!("gh {a} {b} deletes {a}s"),
        ),
        _ => {}
    }
}

/// Whether a REST path (GitHub's or GitLab's) names a whole repository, project, group or
/// organization, or a protected branch: `repos/o/r`, `projects/acme%2Fcore`, `groups/7`,
/// `repos/o/r/git/refs/heads/main`, `projects/9/repository/branches/main`.
pub(crate) fn api_whole_or_protected(path: &str) -> bool {
    let path = path.trim_start_matches('/');
    let path = path.split('?').next().unwrap_or(path);
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    match segs.as_slice() {
        ["repos", _, _] | ["projects" | "groups" | "orgs", _] => true,
        [.., "branches" | "heads", branch] => protected(branch),
        _ => false,
    }
}

/// A GraphQL mutation that deletes (`deleteIssue`, `deleteRef`, `removeOutsideCollaborator`)
/// in the query of `gh api graphql -f query=...`, with how bad it is: deleting a repository,
/// a branch protection rule, a ruleset or an environment is catastrophic, another object one
/// at a time bounded.
fn graphql_delete(cmd: &Cmd<'_>) -> Option<(String, Severity)> {
    let query = cmd
        .words()
        .find(|w| w.contains("mutation"))?
        .split_once("mutation")?
        .1;
    let name = query
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| {
            ["delete", "remove", "purge"].iter().any(|v| {
                w.strip_prefix(v)
                    .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
            })
        })?;
    let catastrophic = [
        "Repository",
        "BranchProtection",
        "Ruleset",
        "Environment",
        "Enterprise",
    ]
    .iter()
    .any(|o| name.contains(o));
    Some((
        name.to_owned(),
        if catastrophic {
            Severity::Verify
        } else {
            Severity::Confirm
        },
    ))
}

/// A secret staged and then pushed, over one line or several steps: `git add .env` (or
/// `git add -f config/master.key`), a commit, then `git push`. Pushing it to the project's
/// remote puts it in the shared history, from which it is never truly removed; unstaging it
/// (`git rm --cached`, `git reset`, `git restore --staged`) in between takes it back.
pub fn secret_staged(cmd: &Cmd<'_>, ctx: &mut Context, out: &mut Vec<Finding>) {
    let mut ops = cmd.operands(&["-C", "-c", "--git-dir", "--work-tree", "-m", "--message"]);
    let Some(sub) = ops.next() else { return };
    match sub {
        "add" | "stage" => {
            if let Some(secret) = ops.find(|o| paths::secret(o).is_some()) {
                ctx.secret_staged = Some(secret.to_owned());
            }
        }
        "rm" | "reset" | "restore"
            if ctx
                .secret_staged
                .as_deref()
                .is_some_and(|staged| ops.any(|o| o == staged || o == "."))
                || sub == "reset" && cmd.words().any(|w| w == "--hard") =>
        {
            ctx.secret_staged = None;
        }
        "push" => {
            if let Some(secret) = &ctx.secret_staged {
                out.push(finding(
                    Family::Exfiltration,
                    "exfiltration.secret-pushed",
                    Severity::Confirm,
                    format!(
                        "git push publishes the commit that added {secret}: the secret enters the shared history"
                    ),
                ));
            }
        }
        _ => {}
    }
}
