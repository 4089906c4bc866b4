//! Text fed to a program's stdin that the program reads as commands: a here-string (`<<<`), a
//! here-document (`<<EOF`) or what an upstream `echo` / `printf` / decoder prints into a pipe,
//! given to a program whose input is a language. The text is judged as what it is in that
//! language, by the judgement that reads the language anywhere else, so a command keeps its
//! verdict however it reaches the program (`psql -c 'DROP ...'` and `psql <<< 'DROP ...'`,
//! `scp .env host:` and `sftp -b - host <<< 'put .env'`):
//!
//! - SQL clients (`psql`, `mysql`, `sqlite3`, `mongosh`...): the SQL reader; `redis-cli`: each
//!   line is a Redis command, read as `redis-cli` with the same connection options.
//! - `ssh HOST` with no remote command (or a remote shell such as `bash -s`): the lines run on
//!   the host, judged as a command line there.
//! - `at` and `batch`: the lines run later, unattended; `crontab -`: each job's command runs on
//!   its schedule.
//! - `sftp -b -`, `ftp`, `lftp`: transfer commands, each judged as the equivalent scp or ssh
//!   command (`put FILE` sends FILE to the host; `rm PATH` deletes on it; `!CMD` runs CMD here).
//! - `chpasswd`: `user:password` lines; root's among them hands over the superuser's login.
//! - `diskpart`: `clean`, `delete partition`, `format` erase what is selected.
//!
//! The shells and interpreters read their stdin in `interpreters` (`bash <<< ...`, `python3 -
//! <<EOF`), which this module leaves to them.

use super::{Cmd, Context, finding};
use crate::finding::{Family, Finding, Severity};
use crate::shell::{self, RedirectKind, Script};

/// The texts fed to `cmd`'s stdin: its here-strings and here-documents, and the text its
/// pipeline's upstream prints when that is known (a literal `echo` / `printf`, decoded).
pub fn fed(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> Vec<String> {
    let mut texts: Vec<String> = cmd
        .redirects
        .iter()
        .filter(|r| matches!(r.kind, RedirectKind::HereString | RedirectKind::HereDoc))
        .map(|r| r.target.to_string())
        .collect();
    if let Some(piped) = piped_text(s, index) {
        texts.push(piped);
    }
    texts
}

/// What the commands before `index` in its pipeline print, when they print a known text.
pub fn piped_text(s: &Script<'_>, index: usize) -> Option<String> {
    let c = s.commands.get(index)?;
    if !c.piped_in || index == 0 {
        return None;
    }
    let pipeline = c.pipeline;
    // Rebuilt from the words (quoted again) and here-strings: the decoder needs only them.
    let mut text = String::new();
    for (k, c) in s.commands[..index]
        .iter()
        .filter(|c| c.pipeline == pipeline)
        .enumerate()
    {
        if k > 0 {
            text.push_str(" | ");
        }
        for w in &c.words {
            text.push('\'');
            text.push_str(&w.replace('\'', "'\\''"));
            text.push_str("' ");
        }
        for r in &c.redirects {
            if r.kind == RedirectKind::HereString {
                text.push_str("<<< '");
                text.push_str(&r.target.replace('\'', "'\\''"));
                text.push('\'');
            }
        }
    }
    super::interpreters::decoded_output(&text)
}

/// Judges what is fed to the stdin of a program that reads it as commands.
pub fn judge(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let p = cmd.program;
    // Most programs read no language on stdin: decided before anything is collected.
    let reads_language = super::lexicon::is(p, super::lexicon::DATABASE)
        || matches!(
            p,
            "ssh"
                | "at"
                | "batch"
                | "crontab"
                | "sftp"
                | "ftp"
                | "lftp"
                | "ncftp"
                | "chpasswd"
                | "diskpart"
        );
    if !reads_language {
        return;
    }
    let mut texts = fed(cmd, s, index);
    // A script file an earlier step wrote (`psql -f F`, `sqlite3 db < F`, `diskpart /s F`).
    texts.extend(super::carried::script_texts(cmd, ctx));
    // lftp's commands given with `-c` / `-e` are read the same way.
    let lftp = (p == "lftp")
        .then(|| cmd.value(&["-c", "-e"]))
        .flatten()
        .map(|c| c.replace(';', "\n"));
    if texts.is_empty() && lftp.is_none() {
        return;
    }
    match p {
        "redis-cli" => {
            let connection = connection_options(cmd);
            for line in texts.iter().flat_map(|t| t.lines()) {
                let mut args = connection.clone();
                args.extend(shell::words(line).into_iter().map(|w| w.into_owned()));
                if args.len() > connection.len() {
                    out.extend(crate::sql::judge_db_command("redis-cli", &args));
                }
            }
        }
        _ if super::lexicon::is(p, super::lexicon::DATABASE) => {
            for t in &texts {
                out.extend(crate::sql::judge_sql(t));
            }
        }
        "ssh" if remote_command_is_script(cmd) => {
            // The lines run on the other host: a context of their own.
            let mut remote = Context::default();
            for t in &texts {
                crate::judge_shell(t, depth + 1, &mut remote, out);
            }
        }
        "at" | "batch" if !cmd.has(&["-f"]) && !cmd.flag(b"lrdc", &[]) => {
            for t in &texts {
                crate::judge_shell(t, depth + 1, ctx, out);
            }
        }
        "crontab" if cmd.operands(&["-u"]).all(|o| o == "-") => {
            for t in &texts {
                cron_jobs(t, depth, ctx, out);
            }
        }
        "sftp" | "ftp" | "lftp" | "ncftp" => {
            // sftp reads a batch from stdin with `-b -` (or none given and stdin not a
            // terminal); a batch file of its own is not this text.
            if p == "sftp"
                && cmd
                    .value(&["-b"])
                    .is_some_and(|b| b != "-" && b != "/dev/stdin")
            {
                return;
            }
            let host = transfer_host(cmd);
            for t in texts.iter().chain(lftp.as_ref()) {
                for line in t.lines() {
                    transfer_line(p, line, host, depth, ctx, out);
                }
            }
        }
        "chpasswd" => {
            let users: Vec<&str> = texts
                .iter()
                .flat_map(|t| t.lines())
                .filter_map(|l| l.trim().split_once(':').map(|(u, _)| u))
                .collect();
            if users.contains(&"root") {
                out.push(finding(
                    Family::System,
                    "system.password-set",
                    Severity::Verify,
                    "chpasswd sets root's password from its input: the superuser's login changes to one the agent chose".to_owned(),
                ));
            }
        }
        "diskpart" => {
            // diskpart's commands: `clean` (and `clean all`) wipe the selected disk's
            // partition table, `delete partition|volume` and `format` destroy what they name.
            let erases = texts.iter().flat_map(|t| t.lines()).find(|l| {
                let l = l.trim().to_ascii_lowercase();
                l == "clean"
                    || l.starts_with("clean all")
                    || l.starts_with("delete partition")
                    || l.starts_with("delete volume")
                    || l.starts_with("delete disk")
                    || l.starts_with("format")
            });
            if let Some(command) = erases {
                out.push(finding(
                    Family::Filesystem,
                    "windows.disk-erase",
                    Severity::Stop,
                    format!(
                        "diskpart {}: erases the selected disk, partition or volume",
                        command.trim()
                    ),
                ));
            }
        }
        _ => {}
    }
}

/// redis-cli's connection options (`-h HOST -p PORT -n DB -u URL`), which say which server
/// the fed commands reach.
fn connection_options(cmd: &Cmd<'_>) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = cmd.args.iter();
    while let Some(a) = it.next() {
        if !a.starts_with('-') {
            break;
        }
        out.push(a.to_string());
        if matches!(&**a, "-h" | "-p" | "-n" | "-a" | "-u" | "--user" | "--pass")
            && let Some(v) = it.next()
        {
            out.push(v.to_string());
        }
    }
    out
}

/// Whether ssh's remote command reads its script from stdin: none given (a login shell reads
/// it), or a shell without `-c` (`bash -s`, `sh`).
fn remote_command_is_script(cmd: &Cmd<'_>) -> bool {
    let remote = super::remote::ssh_remote_line(cmd);
    match remote.as_deref() {
        None => true,
        Some(remote) => {
            let words = shell::words(remote);
            let shell_named = words
                .first()
                .is_some_and(|w| super::lexicon::is(super::program_name(w), super::lexicon::SHELL));
            shell_named
                && !words
                    .iter()
                    .skip(1)
                    .any(|w| w.starts_with('-') && w.contains('c'))
        }
    }
}

/// The host a transfer program connects to (`[user@]host[:dir]`), or a placeholder.
fn transfer_host<'c>(cmd: &Cmd<'c>) -> &'c str {
    let host = cmd
        .operands(&[
            "-b", "-P", "-p", "-i", "-o", "-F", "-J", "-l", "-u", "-e", "-c", "-s", "-S",
        ])
        .find(|o| !o.chars().all(|c| c.is_ascii_digit()))
        .unwrap_or("remote-host");
    host.split_once(':').map_or(host, |(h, _)| h)
}

/// One line of an sftp / ftp / lftp batch, judged as the command it amounts to.
pub fn transfer_line(
    program: &str,
    line: &str,
    host: &str,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    // sftp's `-` and `@` prefixes (ignore errors, do not echo) change nothing here.
    let line = line.trim().trim_start_matches(['-', '@']);
    if let Some(local) = line.strip_prefix('!') {
        crate::judge_shell(local, depth + 1, ctx, out);
        return;
    }
    let words = shell::words(line);
    let Some(verb) = words.first() else { return };
    let args: Vec<&str> = words[1..]
        .iter()
        .map(|w| &**w)
        .filter(|w| !w.starts_with('-'))
        .collect();
    let quoted = |w: &str| format!("'{}'", w.replace('\'', "'\\''"));
    let equivalent = match verb.to_ascii_lowercase().as_str() {
        "put" | "mput" | "reput" | "send" | "append" => {
            let Some(local) = args.first() else { return };
            let files: Vec<String> = if verb.eq_ignore_ascii_case("mput") {
                args.iter().map(|a| quoted(a)).collect()
            } else {
                vec![quoted(local)]
            };
            let remote = if verb.eq_ignore_ascii_case("mput") {
                ""
            } else {
                args.get(1).copied().unwrap_or("")
            };
            format!("scp -r {} {host}:{}", files.join(" "), quoted(remote))
        }
        // lftp's reverse mirror uploads a directory.
        "mirror" if words.iter().any(|w| w == "-R" || w == "--reverse") => {
            let Some(local) = args.first() else { return };
            format!("scp -r {} {host}:", quoted(local))
        }
        "rm" | "rmdir" | "delete" | "mdelete" | "del" | "mrm" => {
            if args.is_empty() {
                return;
            }
            let targets: Vec<String> = args.iter().map(|a| quoted(a)).collect();
            let recursive = if words.iter().any(|w| w == "-r") {
                "-r "
            } else {
                ""
            };
            format!("ssh {host} rm {recursive}{}", targets.join(" "))
        }
        "chmod" | "chown" | "chgrp" | "ln" | "symlink" | "rename" => {
            let a: Vec<String> = words[1..].iter().map(|w| quoted(w)).collect();
            format!("ssh {host} {} {}", verb.to_ascii_lowercase(), a.join(" "))
        }
        _ => return,
    };
    super::judge_as(
        &format!("{program} batch `{line}`"),
        &equivalent,
        depth,
        ctx,
        out,
    );
}

/// The jobs of a crontab text: each line's command (after its five schedule fields, or one
/// `@reboot`-like word) runs later, unattended, so it is judged like a command run now.
pub fn cron_jobs(text: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    for job in text.lines() {
        let job = job.trim();
        if job.is_empty()
            || job.starts_with('#')
            || job
                .split_whitespace()
                .next()
                .is_some_and(shell::is_assignment)
        {
            continue;
        }
        let fields = if job.starts_with('@') { 1 } else { 5 };
        let command = job
            .split_whitespace()
            .skip(fields)
            .collect::<Vec<_>>()
            .join(" ");
        if !command.is_empty() {
            crate::judge_shell(&command, depth + 1, ctx, out);
        }
    }
}
