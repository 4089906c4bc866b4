//! A bulk delete run inside a folder of the temporary directory, on what a listing of that
//! folder returns (`cd /tmp/site-check`, then `git ls-files -z | xargs -0 rm -f`): every
//! file it can reach is under that folder, which is scratch by where it is (as any path under
//! `/tmp/` is to [`super::paths::scope`]), whoever made it. No claim that an earlier step made
//! it is needed, so none is trusted.
//!
//! All of it is needed: the working directory a `cd` entered for sure (a `cd` that may have
//! failed leaves the agent where it was), a folder under the temporary directory and not the
//! temporary directory itself, no `..`, no link or mount made at it by a step this judge saw
//! (one made before those steps is the risk every `/tmp/` path carries in
//! [`super::paths::scope`]); and every command feeding the delete a listing
//! (`git ls-files`, `find`, `fd`, `ls`, `rg --files`) whose every operand is relative and
//! stays inside (`find /`, `git -C ~/src ls-files`, `ls ..` keep the grade).

use super::{Cmd, Context};
use crate::finding::{Family, Finding};
use crate::shell::Script;

/// Programs that list files under the places they are given (or the working directory).
const LISTINGS: &[&str] = &["git", "find", "fd", "fdfind", "ls", "rg", "tree"];

/// The folder a `cd` operand makes as it is entered, if it is `mktemp -d` run in place (`cd
/// "$(mktemp -d)"`, `` cd `mktemp -d -t x.XXXX` ``): a fresh folder in the default temporary
/// directory, read as the path a variable bound to `mktemp` stands for. One made elsewhere
/// (`-p DIR`, `--tmpdir`) or a file (no `-d`: the `cd` fails and the agent stays put) is not.
pub fn made_by_mktemp(operand: &str) -> Option<&'static str> {
    (operand.contains("mktemp") && super::made_in_line::fresh_folder(operand))
        .then_some(super::scope::TEMPORARY)
}

/// The working directory, when it is surely a folder under the temporary directory.
fn temporary_cwd(ctx: &Context) -> Option<&str> {
    let cwd = ctx.cwd.as_deref()?;
    if ctx.cwd_unsure.is_some() || ctx.in_subshell || cwd.split('/').any(|c| c == "..") {
        return None;
    }
    let inside = ["/tmp/", "/var/tmp/", "/private/tmp/", "/dev/shm/"]
        .iter()
        .any(|t| cwd.starts_with(t) && cwd.len() > t.len() && !cwd[t.len()..].starts_with('/'));
    // A link or a mount an earlier step made at or around it: the folder may be another
    // one's contents ([`super::throwaway`] records them).
    let under = |p: &str, dir: &str| p == dir || p.starts_with(&format!("{dir}/"));
    let linked = ctx
        .env
        .defined
        .all(super::defined::Kind::ScratchPolicy)
        .any(|d| d.value == "linked" && (under(cwd, &d.id) || under(&d.id, cwd)));
    (inside && !linked).then_some(cwd)
}

/// Whether every command feeding `index`'s pipeline is a listing that stays inside the
/// working directory.
fn fed_by_local_listings(s: &Script<'_>, index: usize) -> bool {
    let Some(me) = s.commands.get(index) else {
        return false;
    };
    if !me.piped_in {
        return false;
    }
    let feeders: Vec<_> = s.commands[..index]
        .iter()
        .filter(|c| c.pipeline == me.pipeline)
        .collect();
    !feeders.is_empty()
        && feeders.iter().all(|c| {
            let mut folded = Vec::new();
            super::resolve(c, &mut folded).is_some_and(|u| {
                LISTINGS.contains(&u.program)
                    && (u.program != "git"
                        || u.operands(&[]).next() == Some("ls-files")
                            && !u.words().any(|w| {
                                w.starts_with("-C")
                                    || w.starts_with("--git-dir")
                                    || w.starts_with("--work-tree")
                            }))
                    && u.operands(&[]).all(super::build_output::inside_project)
            })
        })
}

/// Lowers the bulk delete of this command when it runs inside a temporary folder on a listing
/// of it.
pub fn lower(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context, found: &mut [Finding]) {
    if !matches!(cmd.program, "rm" | "unlink" | "shred" | "srm")
        || !found.iter().any(|f| f.code == "bulk.xargs-delete")
    {
        return;
    }
    let Some(cwd) = temporary_cwd(ctx) else {
        return;
    };
    if !fed_by_local_listings(s, index) {
        return;
    }
    // What the delete does to targets it does not name (they all come from the listing);
    // a target written on the line keeps its own grade.
    let named = cmd.operands(&[]).next().is_some();
    crate::finding::lower_where(
        found,
        |f| {
            f.family == Family::Filesystem
                && (f.code == "bulk.xargs-delete"
                    || f.code == "filesystem.rm-recursive-unknown" && !named)
        },
        &format!("inside {cwd}, a folder of the temporary directory"),
    );
}
