//! A build's output copied to the team's own staging host: `rsync -a dist/ staging:/srv/www/`,
//! `scp -r build/ web-stg:/srv/app/`, `tar czf - site/ | ssh docs-stg 'tar xzf - -C /srv'`.
//! Putting a built site on the staging server is how it is previewed; nothing leaves the team.
//!
//! Read by structure, all of it required:
//! - what is sent is a build's output only ([`super::exposures::build_output`]: `dist`,
//!   `build`, `public`, `site`, `out`, `target`...), every source of the copy (or of the `tar`
//!   that feeds `ssh`), no secret, no `..`;
//! - the host is a bare name (an SSH alias or a name the internal resolver completes: no dot,
//!   so no public domain; `staging.evil.example` is not one) whose words say staging (`stg`,
//!   `staging`, `stage`, `preview`, `qa`, `uat`); a production host is a deploy, graded where
//!   deploys are;
//! - the copy deletes nothing (`rsync --delete` removes what the build lacks from a shared
//!   web root: graded as it was);
//! - nothing else on the command reads from the agent's machine (`rsync -a dist/ ~/.ssh
//!   staging:` has a second source that is not a build's output).
//!
//! - nothing was put into the build folder from outside it by this line or an earlier step: a
//!   link (`ln -s ~/.ssh dist/k`: `scp -r` and `rsync -L` follow it), a copy or move from the
//!   home, the root or a variable (`cp ~/.aws/credentials dist/`), or a secret's copy there.
//!
//! - the files land in a plain place on the host: not its system directories, not a hidden
//!   directory or file of a home (`staging:~/.ssh/` plants keys, `ssh stg 'tar x -C /'`
//!   overwrites the system), checked on the destination and on every path the remote command
//!   names.
//!
//! Only this command's exfiltration findings are lowered; a secret read elsewhere on the line
//! keeps its grade.

use super::defined::Kind;
use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;

/// Words of a host name that say it is a staging or preview host.
const STAGING: &[&str] = &["stg", "staging", "stage", "preview", "qa", "uat"];

/// Options of rsync and scp that take a value (their values are not sources).
const COPY_VALUED: &[&str] = &[
    "-e",
    "--rsh",
    "--exclude",
    "--include",
    "--filter",
    "--chmod",
    "--chown",
    "-P",
    "-i",
    "-o",
    "-F",
    "-J",
    "-l",
    "-c",
    "-S",
];

/// Options of ssh that take a value.
const SSH_VALUED: &[&str] = &[
    "-p", "-i", "-o", "-F", "-J", "-l", "-L", "-R", "-D", "-b", "-c", "-E", "-m", "-S", "-W",
];

/// The host of an scp/rsync destination or an ssh operand (`user@host:path`, `user@host`),
/// when it is a bare staging name.
fn staging_host(target: &str, with_path: bool) -> bool {
    let t = target.trim_matches(['"', '\'']);
    let host = if with_path {
        match t.split_once(':') {
            Some((h, _)) if !h.contains('/') => h,
            _ => return false,
        }
    } else {
        t
    };
    let host = host.rsplit('@').next().unwrap_or(host);
    !host.is_empty()
        && !host.contains(['.', '$', '`', '[', '/'])
        && host
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| STAGING.iter().any(|s| w.eq_ignore_ascii_case(s)))
}

/// System directories of a host: a copy landing there changes how the host runs.
const SYSTEM_DIRS: &[&str] = &[
    "/etc",
    "/bin",
    "/sbin",
    "/usr/bin",
    "/usr/sbin",
    "/usr/lib",
    "/usr/local/bin",
    "/usr/local/sbin",
    "/lib",
    "/lib64",
    "/boot",
    "/root",
    "/dev",
    "/proc",
    "/sys",
    "/var/lib",
    "/var/spool",
    "/var/log",
];

/// Whether a path on the staging host is a plain place for a site or an artifact: not `/`, not
/// a system directory, not a hidden file or directory (`~/.ssh`, `.bashrc`), no `..`.
fn plain_place(path: &str) -> bool {
    let p = path.trim_matches(['"', '\'']);
    if p.is_empty() {
        return true;
    }
    let trimmed = p.trim_end_matches('/');
    if trimmed.is_empty() || trimmed == "~" {
        return p == "~" || p == "~/";
    }
    if p.split('/').any(|c| c.starts_with('.') && c != ".") {
        return false;
    }
    !SYSTEM_DIRS
        .iter()
        .any(|d| trimmed == *d || trimmed.strip_prefix(d).is_some_and(|r| r.starts_with('/')))
}

/// A source that is a build's output: inside the project, no secret.
fn built(source: &str) -> bool {
    let s = source.trim_matches(['"', '\'']);
    super::exposures::build_output(s)
        && !s.split('/').any(|c| c == "..")
        && super::paths::secret(s).is_none()
}

/// The build folder a path is in (`dist` of `./dist/k`), if any.
fn build_folder(path: &str) -> Option<&str> {
    let p = path.trim_matches(['"', '\'']).trim_start_matches("./");
    let first = p.split('/').next().unwrap_or(p);
    super::exposures::build_output(first).then_some(first)
}

/// Records a link, or a file brought from outside the project, put into a build folder: a
/// later upload of that folder carries what it points to.
pub fn record(cmd: &Cmd<'_>, ctx: &mut Context) {
    if !matches!(
        cmd.program,
        "ln" | "cp" | "mv" | "install" | "rsync" | "link"
    ) {
        return;
    }
    let ops: Vec<&str> = cmd
        .operands(&[
            "-t",
            "--target-directory",
            "-S",
            "--suffix",
            "-o",
            "-m",
            "-g",
        ])
        .collect();
    let Some((dest, sources)) = ops.split_last() else {
        return;
    };
    let linked = matches!(cmd.program, "ln" | "link")
        || cmd.flag(b"sl", &["symbolic-link", "link", "links", "copy-links"]);
    let outside = sources.iter().any(|o| {
        let o = o.trim_matches(['"', '\'']);
        o.starts_with(['~', '/', '$']) || o.split('/').any(|c| c == "..")
    });
    let target = cmd.value(&["-t", "--target-directory"]).unwrap_or(dest);
    if (linked || outside)
        && let Some(folder) = build_folder(target)
    {
        let step = ctx.env.step;
        ctx.env.defined.define(
            Kind::Alias,
            &format!("build-import:{folder}"),
            "",
            step,
            None,
        );
    }
}

/// Whether something from outside was put into `source`'s build folder.
fn imported(source: &str, ctx: &Context) -> bool {
    build_folder(source).is_some_and(|f| {
        ctx.env
            .defined
            .has(Kind::Alias, &format!("build-import:{f}"))
            || ctx
                .secret_copies
                .iter()
                .any(|(copy, _)| build_folder(copy) == Some(f))
    })
}

/// Whether `cmd` copies only a build's output to a staging host.
fn copies_build_to_staging(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context) -> bool {
    match cmd.program {
        "rsync" | "scp" => {
            // `--delete` removes the files at the destination that the build lacks: a change
            // to a shared web root, not only a copy (nor `--remove-source-files`).
            if cmd.piped_in
                || cmd
                    .words()
                    .any(|w| w.starts_with("--del") || w.starts_with("--remove-source"))
            {
                return false;
            }
            let ops: Vec<&str> = cmd.operands(COPY_VALUED).collect();
            let [sources @ .., dest] = ops.as_slice() else {
                return false;
            };
            !sources.is_empty()
                && sources.iter().all(|o| built(o) && !imported(o, ctx))
                && staging_host(dest, true)
                && dest
                    .split_once(':')
                    .is_some_and(|(_, path)| plain_place(path))
        }
        "ssh" => {
            let Some(host) = cmd.operands(SSH_VALUED).next() else {
                return false;
            };
            // Every path the remote command names is a plain place (`tar xzf - -C /srv/docs`,
            // not `-C /`): the words after the host, split again since the remote shell
            // re-parses them.
            let remote_paths_plain = cmd
                .operands(SSH_VALUED)
                .skip(1)
                .flat_map(|w| {
                    w.trim_matches(['"', '\''])
                        .split(|c: char| c.is_whitespace() || ";&|()<>".contains(c))
                })
                .filter(|w| w.starts_with(['/', '~', '.']) && *w != "-")
                .all(plain_place);
            staging_host(host, false) && remote_paths_plain && fed_by_build_archive(s, index, ctx)
        }
        _ => false,
    }
}

/// Whether command `index` reads its stdin from a `tar` that archives only a build's output to
/// its stdout (`tar czf - site/`, `tar -C . -cz dist`).
fn fed_by_build_archive(s: &Script<'_>, index: usize, ctx: &Context) -> bool {
    let Some(me) = s.commands.get(index) else {
        return false;
    };
    if !me.piped_in || index == 0 {
        return false;
    }
    let Some(prev) = s.commands.get(index - 1).filter(|p| p.piped_out) else {
        return false;
    };
    if index >= 2 && s.commands[index - 2].piped_out {
        return false;
    }
    let mut folded = Vec::new();
    let Some(tar) = super::resolve(prev, &mut folded) else {
        return false;
    };
    if !matches!(tar.program, "tar" | "gtar" | "bsdtar") {
        return false;
    }
    // The archive goes to stdout: `f -`, or no `f` at all.
    let mut creates = false;
    let mut to_stdout = true;
    let mut words = tar.args.iter().map(|a| &**a).peekable();
    let mut sources = Vec::new();
    let mut first = true;
    while let Some(w) = words.next() {
        let cluster = if first && !w.starts_with('-') {
            Some(w)
        } else {
            w.strip_prefix('-').filter(|c| !c.starts_with('-'))
        };
        first = false;
        if let Some(c) = cluster {
            creates |= c.contains('c');
            if c.contains('f') {
                to_stdout = words.next() == Some("-");
            }
            if c.contains('C') {
                words.next();
            }
            continue;
        }
        match w {
            "--create" => creates = true,
            "--file" | "--directory" | "--exclude" => {
                let v = words.next();
                if w == "--file" {
                    to_stdout = v == Some("-");
                }
            }
            _ if w.starts_with("--file=") => to_stdout = w == "--file=-",
            _ if w.starts_with('-') => {}
            _ => sources.push(w),
        }
    }
    creates
        && to_stdout
        && !sources.is_empty()
        && sources.iter().all(|o| built(o) && !imported(o, ctx))
}

/// Lowers this command's exfiltration findings when it copies a build's output to staging.
pub fn lower(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context, found: &mut [Finding]) {
    if !matches!(cmd.program, "rsync" | "scp" | "ssh") {
        return;
    }
    let about = |f: &Finding| f.family == Family::Exfiltration && f.severity > Severity::Note;
    if !found.iter().any(about) || !copies_build_to_staging(cmd, s, index, ctx) {
        return;
    }
    crate::finding::lower_to_note(
        found,
        &[Family::Exfiltration],
        "a build's output copied to the team's staging host",
    );
}
