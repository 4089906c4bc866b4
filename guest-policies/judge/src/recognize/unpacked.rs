//! An archive downloaded from the network, unpacked, and then a program from it run (`curl -LO
//! URL/tool.tar.gz`, `tar xzf tool.tar.gz`, `cd tool && sudo ./install.sh`): the installer is
//! code from the network as surely as `curl URL | sh` is, only one unpack away.
//!
//! The unpack is recorded when its archive is a download not verified since
//! ([`super::Context::downloaded`]; a checksum or signature check clears the download, see
//! [`super::verified_downloads`]), as the directory it unpacks into: the one its options name
//! (tar's `-C`, unzip's `-d`, 7-Zip's `-o`), or else the archive's name without its extension,
//! the top directory release archives carry. What runs later is judged by where it is: a
//! program, a script given to an interpreter, or `pip install .` inside that directory.
//! Reading the files (`cat tool/install.sh`) runs nothing; a program elsewhere (`./gradlew`)
//! is not from the archive.

use super::lexicon::{self, INTERPRETER};
use super::{Cmd, Context, finding};
use crate::finding::{Family, Finding, Severity};

/// Archive names, longest extension first (`.tar.gz` before `.gz`).
const ARCHIVES: &[&str] = &[
    ".tar.gz", ".tar.xz", ".tar.bz2", ".tar.zst", ".tgz", ".txz", ".tbz2", ".tbz", ".tar", ".zip",
    ".7z", ".rar",
];

/// Records the directory a downloaded archive is unpacked into.
pub fn record(cmd: &Cmd<'_>, ctx: &mut Context) {
    let p = cmd.program;
    if !matches!(
        p,
        "tar" | "bsdtar" | "gtar" | "unzip" | "7z" | "7za" | "7zz" | "unrar"
    ) {
        return;
    }
    let Some(archive) = cmd
        .words()
        .find(|w| !w.starts_with('-') && stem(w).is_some())
    else {
        return;
    };
    if !extracts(cmd) || !ctx.downloaded(archive) {
        return;
    }
    let dir = match p {
        "unzip" => cmd.value(&["-d"]),
        "7z" | "7za" | "7zz" => cmd.words().find_map(|w| w.strip_prefix("-o")),
        _ => cmd
            .value(&["-C", "--directory"])
            .or_else(|| cmd.words().find_map(|w| w.strip_prefix("--directory="))),
    }
    .map(str::to_owned)
    .or_else(|| stem(super::paths::file_name(archive)).map(str::to_owned));
    if let Some(dir) = dir {
        let dir = joined(ctx.cwd.as_deref(), &dir);
        ctx.unpacked.push(dir);
    }
}

/// Whether the unpacker extracts (tar's `x` in its first bundle or `-x`/`--extract`, unzip
/// always but for its listing and test options, 7-Zip's `x` and `e` commands).
fn extracts(cmd: &Cmd<'_>) -> bool {
    match cmd.program {
        "unzip" => !cmd
            .words()
            .any(|w| matches!(w, "-l" | "-t" | "-v" | "-Z" | "-p")),
        "7z" | "7za" | "7zz" | "unrar" => {
            cmd.words().next().is_some_and(|w| matches!(w, "x" | "e"))
        }
        _ => cmd.words().enumerate().any(|(i, w)| {
            matches!(w, "-x" | "--extract" | "--get")
                || w.strip_prefix('-').map_or(i == 0, |b| !b.starts_with('-'))
                    && w.bytes().all(|c| c.is_ascii_alphabetic() || c == b'-')
                    && w.contains('x')
        }),
    }
}

/// The archive's name without its extension (`tool-2.1.tar.gz` is `tool-2.1`).
fn stem(name: &str) -> Option<&str> {
    ARCHIVES.iter().find_map(|ext| {
        name.len()
            .checked_sub(ext.len())
            // `get`: a name may end in a multi-byte character, where `at` is no boundary.
            .filter(|&at| at > 0 && name.get(at..).is_some_and(|e| e.eq_ignore_ascii_case(ext)))
            .map(|at| &name[..at])
    })
}

/// `path` from the directory `cwd` (`./x` is `cwd/x`; an absolute or home path stays).
fn joined(cwd: Option<&str>, path: &str) -> String {
    let path = path.trim_start_matches("./").trim_end_matches('/');
    if matches!(path, "" | ".") {
        return cwd.unwrap_or(".").to_owned();
    }
    match cwd {
        Some(c) if !path.starts_with(['/', '~']) && !c.is_empty() && c != "." => {
            format!("{}/{path}", c.trim_end_matches('/'))
        }
        _ => path.to_owned(),
    }
}

/// Running a program from an unpacked download: Verify, as running the download itself is.
pub fn judge(cmd: &Cmd<'_>, ctx: &Context, out: &mut Vec<Finding>) {
    if ctx.unpacked.is_empty() {
        return;
    }
    let p = cmd.program;
    let target = if p.starts_with("./") || p.contains('/') && !p.starts_with('/') {
        Some(p)
    } else if lexicon::is(p, INTERPRETER)
        && !super::launch::checks_only(p, &cmd.words().collect::<Vec<_>>())
    {
        cmd.operands(&["-m", "-c", "-e"]).next()
    } else if matches!(p, "pip" | "pip3" | "uv" | "pipx") && cmd.words().any(|w| w == "install") {
        cmd.operands(&[]).find(|w| *w != "install" && *w != "pip")
    } else {
        None
    };
    let Some(target) = target else {
        return;
    };
    let path = joined(ctx.cwd.as_deref(), target);
    let Some(dir) = ctx.unpacked.iter().find(|d| {
        path == **d || path.starts_with(&format!("{d}/")) || path.ends_with(&format!("/{d}"))
    }) else {
        return;
    };
    out.push(finding(
        Family::RemoteCode,
        "remote-code.run-download",
        Severity::Verify,
        format!(
            "{p} runs {target} from {dir}, unpacked from an archive downloaded from the network and not verified"
        ),
    ));
}
