//! Package registries: a package manager's registry verbs act on the published package that
//! everyone who installs it downloads, not on the project's own tree. Publishing ships a version
//! to every user (and a published version can never be replaced), unpublishing or yanking takes
//! versions away from everyone who depends on them, deprecating warns every installer, a
//! dist-tag moves what `npm install NAME` gets, and an owner change decides who may publish.
//!
//! # Why a reader of its own
//!
//! The generic reader grades a package manager's subcommands as local package changes (its
//! operands are package names: `npm uninstall prod-logger` removes a dependency from the
//! project), which is right for install/uninstall and wrong for these verbs; and what makes a
//! publish catastrophic is not a word of the verb's object but a combination the generic
//! ladder has no place for: the package's directory or name says it is internal or private and
//! the command makes it public (`cd packages/internal-billing && npm publish --access public`).
//! The verbs are from the programs' references (npm publish / unpublish / deprecate / dist-tag /
//! owner / access, yarn npm publish, pnpm publish, cargo publish / yank / owner, gem
//! push / yank / owner, twine upload, poetry and uv publish, choco push). Dry runs never reach
//! here (`npm publish --dry-run`, `cargo publish --dry-run`: [`super::dry_run`]).

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// What a registry verb does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Act {
    /// Ships a new version to everyone (publish, push, upload).
    Publish,
    /// Takes versions off the registry (unpublish, yank).
    Withdraw,
    /// Marks versions deprecated: every installer is warned.
    Deprecate,
    /// Moves or removes a dist-tag: changes what `install NAME` gets.
    Tag,
    /// Adds or removes an owner: changes who may publish.
    Owners,
    /// Changes a package's visibility (`npm access set status=public`).
    Access,
}

/// Words of a package's name or directory that say it is not meant for the public.
const NOT_PUBLIC: &[&str] = &["confidential", "internal", "private", "proprietary"];

/// The registry verb of a package manager's command line, and the words after it.
fn act<'c>(cmd: &Cmd<'c>) -> Option<(Act, Vec<&'c str>)> {
    let mut ops: Vec<&'c str> = cmd.operands(&[]).collect();
    // `yarn npm publish`: Yarn 2+ reaches the registry through its `npm` subcommand.
    if cmd.program == "yarn" && ops.first() == Some(&"npm") {
        ops.remove(0);
    }
    let first = *ops.first()?;
    let second = ops.get(1).copied().unwrap_or("");
    let p = cmd.program;
    let a = match first {
        "publish" => Act::Publish,
        // gem push, choco push: their publish verbs; twine's is upload.
        "push" if matches!(p, "gem" | "choco") => Act::Publish,
        "upload" if p == "twine" => Act::Publish,
        "unpublish" | "yank" => Act::Withdraw,
        "deprecate" => Act::Deprecate,
        "dist-tag" | "dist-tags" if matches!(second, "add" | "rm" | "remove" | "set") => Act::Tag,
        "owner" | "owners"
            if matches!(second, "add" | "rm" | "remove") || cmd.flag(b"ar", &["add", "remove"]) =>
        {
            Act::Owners
        }
        "access" if cmd.words().any(|w| w == "public" || w == "status=public") => Act::Access,
        // `npm org rm ORG USER`, `npm team rm ORG:TEAM USER`: who may publish changes too.
        "org" | "team" if matches!(second, "rm" | "remove" | "set") => Act::Owners,
        _ => return None,
    };
    Some((a, ops.split_off(1)))
}

/// Whether the package's directory or an operand names it internal or private.
fn not_public(cmd: &Cmd<'_>, cwd: Option<&str>) -> bool {
    let says = |w: &str| {
        w.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|part| NOT_PUBLIC.iter().any(|n| part.eq_ignore_ascii_case(n)))
    };
    cwd.is_some_and(says) || cmd.operands(&[]).any(says)
}

/// A registry upload that stays off the public registry: a test index or a local registry
/// (`twine upload -r testpypi`, `npm publish --registry http://localhost:4873`).
fn test_registry(cmd: &Cmd<'_>) -> bool {
    cmd.words().any(|w| {
        let w = w.to_ascii_lowercase();
        w.contains("testpypi")
            || w.contains("test.pypi.org")
            || w.contains("localhost")
            || w.contains("127.0.0.1")
    })
}

/// A publish that goes to the public index unless told otherwise: PyPI for twine, poetry,
/// uv, flit and hatch, crates.io for cargo, rubygems.org for gem. An option naming another
/// index (`twine -r internal`, `--repository-url`, `cargo --registry`, `gem push --host`)
/// keeps it private; `-r pypi` names the public one.
fn public_by_default(cmd: &Cmd<'_>) -> bool {
    let named = |opts: &[&str]| cmd.value(opts);
    match cmd.program {
        "twine" | "poetry" | "flit" | "hatch" => {
            named(&["--repository-url", "--publish-url"]).is_none_or(|u| u.contains("pypi.org"))
                && named(&["-r", "--repository", "--repo"])
                    .is_none_or(|r| r.eq_ignore_ascii_case("pypi"))
        }
        "uv" => named(&["--publish-url", "--index"]).is_none_or(|u| u.contains("pypi.org")),
        "cargo" => named(&["--registry", "--index"]).is_none(),
        "gem" => named(&["--host"]).is_none_or(|h| h.contains("rubygems.org")),
        _ => false,
    }
}

/// Judges a package manager's registry verb. Returns whether the command was one (the generic
/// reader then has nothing to add).
pub fn judge(cmd: &Cmd<'_>, cwd: Option<&str>, out: &mut Vec<Finding>) -> bool {
    let Some((a, rest)) = act(cmd) else {
        return false;
    };
    if test_registry(cmd) {
        return true;
    }
    let p = cmd.program;
    let (sev, why) = match a {
        Act::Publish | Act::Access => {
            let public = a == Act::Access
                || cmd.value(&["--access"]) == Some("public")
                || a == Act::Publish && public_by_default(cmd);
            if public && not_public(cmd, cwd) {
                (
                    Severity::Stop,
                    "makes a package its name or directory calls internal or private public: anyone can download it, for ever",
                )
            } else if a == Act::Access {
                (
                    Severity::Confirm,
                    "makes a package public: anyone can download it",
                )
            } else {
                (
                    Severity::Confirm,
                    "publishes a version to its registry: everyone who installs the package gets it, and a published version cannot be replaced",
                )
            }
        }
        Act::Withdraw => {
            // A version named (`pkg@1.2.3`, `--version`, `--vers`, `-v`) is one version; a
            // package named without one (npm's `--force` takes the whole package) is every
            // version. `cargo yank --undo` puts a version back.
            if cmd.has(&["--undo"]) {
                return true;
            }
            let versioned = rest.iter().any(|w| w.rfind('@').is_some_and(|i| i > 0))
                || cmd.value(&["--version", "--vers", "-v"]).is_some();
            let whole = !versioned && (cmd.has(&["--force", "-f"]) || !rest.is_empty());
            if whole {
                (
                    Severity::Stop,
                    "takes every version of a published package away from everyone who depends on it",
                )
            } else {
                (
                    Severity::Confirm,
                    "takes a published version away from everyone who depends on it",
                )
            }
        }
        Act::Deprecate => {
            // An empty message lifts the deprecation.
            if rest.last().is_some_and(|m| m.is_empty()) {
                return true;
            }
            (
                Severity::Confirm,
                "deprecates published versions: every installer is warned",
            )
        }
        Act::Tag => (
            Severity::Confirm,
            "moves a dist-tag: changes which version everyone who installs the package gets",
        ),
        Act::Owners => (Severity::Confirm, "changes who may publish the package"),
    };
    let verb = cmd.operands(&[]).find(|w| *w != "npm").unwrap_or("");
    out.push(finding(
        Family::Business,
        "registry.published-package",
        sev,
        format!("{p} {verb}: {why}"),
    ));
    true
}
