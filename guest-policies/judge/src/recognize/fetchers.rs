//! Downloaders by class: a command whose output (or the file it writes) is bytes from another
//! machine. Piped or substituted into a shell or an interpreter, that is code from the network
//! run unread, whichever program fetched it; written to a file, the file is a download, and
//! running it later is the same.
//!
//! The lexicon marks the programs that are nothing but fetchers (`curl`, `wget`, `xh`...). The
//! rest fetch in one mode or subcommand: OpenBSD's and NetBSD's `ftp` given a URL (`ftp -o -
//! URL` prints it), `openssl s_client` (what the server sends), a raw socket (`nc`, `ncat`,
//! `socat`, `telnet`: what the peer sends; `nc -z` only probes), the object stores' `cat`
//! (`rclone cat`, `gsutil cat`, `gcloud storage cat`, `mc cat`, `b2 file cat`) and their copy
//! to `-` (`aws s3 cp s3://b/k -`, `s3cmd get s3://b/k -`, `oci os object get --file -`), and
//! the code hosts' API clients (`gh api`, `glab api`). Written from each program's manual.

use super::{Cmd, lexicon, paths};
use crate::substring::has;

/// When a program's mode prints what it fetched.
#[derive(Clone, Copy)]
enum When {
    /// Always, in this subcommand.
    Always,
    /// Given a URL operand (`ftp -o - https://...`; `ftp HOST` alone is an interactive session).
    Url,
    /// Copying to `-` (stdout) or `/dev/stdout`.
    ToStdout,
    /// A socket client that is not only probing ports (`nc -z`).
    NotProbe,
}

/// The programs that fetch in a mode: the program, the operands that select the mode (a
/// prefix of its operands), and when it prints what it fetched.
const MODES: &[(&str, &[&str], When)] = &[
    ("ftp", &[], When::Url),
    ("tnftp", &[], When::Url),
    ("lftp", &[], When::Url),
    ("get", &[], When::Url),
    ("lwp-request", &[], When::Url),
    ("curlie", &[], When::Always),
    ("wget2", &[], When::Always),
    ("axel", &[], When::Always),
    ("openssl", &["s_client"], When::Always),
    ("nc", &[], When::NotProbe),
    ("ncat", &[], When::NotProbe),
    ("netcat", &[], When::NotProbe),
    ("socat", &[], When::Always),
    ("telnet", &[], When::Always),
    ("rclone", &["cat"], When::Always),
    ("gsutil", &["cat"], When::Always),
    ("gcloud", &["storage", "cat"], When::Always),
    ("mc", &["cat"], When::Always),
    ("b2", &["cat"], When::Always),
    ("b2", &["file", "cat"], When::Always),
    ("aws", &["s3", "cp"], When::ToStdout),
    ("s3cmd", &["get"], When::ToStdout),
    ("oci", &["os", "object", "get"], When::ToStdout),
    ("az", &["storage", "blob", "download"], When::ToStdout),
    ("gh", &["api"], When::Always),
    ("glab", &["api"], When::Always),
];

/// Options of these programs that take a value, so their values are not read as operands.
const VALUES: &[&str] = &[
    "-o",
    "-O",
    "-e",
    "-c",
    "-p",
    "-s",
    "-w",
    "-n",
    "--file",
    "-f",
    "--bucket-name",
    "--name",
    "--container-name",
    "--account-name",
    "--profile",
    "--region",
    "-H",
    "--header",
    "-X",
    "--method",
    "-connect",
    "-servername",
    "--jq",
    "-q",
];

/// Whether the command prints (or writes) what it fetched from another machine.
pub fn fetches(cmd: &Cmd<'_>) -> bool {
    if lexicon::is(cmd.program, lexicon::FETCHER) {
        return true;
    }
    let Some(rows) = rows_of(cmd.program) else {
        return false;
    };
    let ops: Vec<&str> = cmd.operands(VALUES).collect();
    rows.iter().any(|(_, sub, when)| {
        ops.starts_with(sub)
            && match when {
                When::Always => true,
                When::Url => cmd.words().any(url),
                When::ToStdout => {
                    ops.iter().skip(sub.len()).any(|o| stdout(o))
                        || cmd.value(&["--file", "-f"]).is_some_and(stdout)
                }
                When::NotProbe => !cmd.flag(b"z", &["zero"]),
            }
    })
}

/// The rows of a program (most programs have none: one scan of a short table).
fn rows_of(program: &str) -> Option<&'static [(&'static str, &'static [&'static str], When)]> {
    let first = MODES.iter().position(|(p, _, _)| *p == program)?;
    let n = MODES[first..]
        .iter()
        .take_while(|(p, _, _)| *p == program)
        .count();
    Some(&MODES[first..first + n])
}

fn url(w: &str) -> bool {
    ["http://", "https://", "ftp://", "tftp://"]
        .iter()
        .any(|s| w.len() > s.len() && w.get(..s.len()).is_some_and(|h| h.eq_ignore_ascii_case(s)))
}

fn stdout(w: &str) -> bool {
    matches!(w, "-" | "/dev/stdout" | "/dev/fd/1")
}

/// The file a downloader writes what it fetched to, for the programs whose output option the
/// download tracker does not already read (curl's and wget's): `fetch -o F`, `ftp -o F URL`,
/// `aria2c -o F`, `axel -o F`, `wget2 -O F`, `lwp-download URL F`, `http --download -o F`,
/// `certutil -urlcache -f URL F`, `bitsadmin /transfer JOB URL F`, `tftp -g -r F HOST`,
/// `tftp HOST -c get F`; without an output option, the URL's file name where the program
/// saves under it.
pub fn saved_to(cmd: &Cmd<'_>) -> Option<String> {
    let p = cmd.program;
    let from_url = || cmd.words().find(|w| url(w)).map(paths::file_name);
    let named = |names: &[&str]| cmd.value(names).filter(|o| !stdout(o));
    let file = match p {
        "fetch" | "ftp" | "tnftp" => match cmd.value(&["-o"]) {
            Some(o) if stdout(o) => None,
            Some(o) => Some(o),
            None if p == "fetch" => from_url(),
            None => cmd.words().any(url).then(from_url).flatten(),
        },
        "aria2c" => named(&["-o", "--out"]).or_else(from_url),
        "axel" => named(&["-o", "--output"]).or_else(from_url),
        "wget2" => named(&["-O", "--output-document"]).or_else(from_url),
        "curlie" => named(&["-o", "--output"]),
        "lwp-download" => {
            let ops: Vec<&str> = cmd.operands(&[]).collect();
            ops.get(1).copied().or_else(from_url)
        }
        "http" | "https" | "xh" | "xhs" if cmd.flag(b"d", &["download"]) => {
            named(&["-o", "--output"]).or_else(from_url)
        }
        "certutil" if cmd.words().any(|w| w.eq_ignore_ascii_case("-urlcache")) => {
            let mut after = cmd.words().skip_while(|w| !url(w));
            after.next();
            after.find(|w| !w.starts_with('-'))
        }
        "bitsadmin" if cmd.words().any(|w| w.eq_ignore_ascii_case("/transfer")) => {
            let mut after = cmd.words().skip_while(|w| !url(w));
            after.next();
            after.next()
        }
        "tftp" => cmd
            .value(&["-l"])
            .or_else(|| cmd.value(&["-r"]).map(paths::file_name))
            .or_else(|| {
                let words: Vec<&str> = cmd.words().collect();
                let at = words.iter().position(|w| *w == "get")?;
                words
                    .get(at + 2)
                    .or_else(|| words.get(at + 1))
                    .map(|f| paths::file_name(f))
            }),
        _ => None,
    }?;
    (!file.is_empty() && !has(file, "://")).then(|| file.to_owned())
}
