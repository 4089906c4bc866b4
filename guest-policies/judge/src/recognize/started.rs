//! Processes this work started, then stopped: `npm run dev & echo $! > .dev.pid`, later `kill
//! $(cat .dev.pid)`; `export WORKER_PID=$!`, later `kill "$WORKER_PID"`. The shell's `$!` is
//! the last job that shell put in the background, so a pid kept from it is a process the agent
//! started; signalling it stops the agent's own server, not anyone's service.
//!
//! Only the kill's own finding ([`super::system`]'s `system.kill`) is lowered, and only when
//! EVERY pid on the line is such a pid: the pid file's latest write was `echo $!` (any later
//! write to the file, a copy or a move onto it, and it is no longer known), the variable's
//! latest value is `$!`. Tampering is never lowered: a pid file under airlock's state, a
//! variable set from `pgrep airlock`, or a background job that was airlock itself are read by
//! the guard's reader first and keep their grade (a job whose line names airlock records
//! nothing here). A negative pid (a process group), `-1`, or a pid written on the line keeps
//! its grade.

use super::defined::Kind;
use super::{Cmd, Context};
use crate::finding::{Family, Finding};
use crate::shell::Script;

/// Whether a word is the shell's last background pid as written (`$!`, `${!}`).
fn last_job(w: &str) -> bool {
    matches!(w.trim_matches('"'), "$!" | "${!}")
}

/// The machine whose shell the steps run in now (a shell opened on another one, or this one):
/// a pid file written there is that machine's file.
fn shell(ctx: &Context) -> String {
    ctx.env
        .defined
        .latest(Kind::Session)
        .map_or_else(String::new, |s| s.id.clone())
}

/// Records pid files written from `$!`, and forgets one any other command writes.
pub fn record(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &mut Context) {
    if cmd.redirects.is_empty() && !matches!(cmd.program, "cp" | "mv" | "tee" | "ln" | "install") {
        return;
    }
    let step = ctx.env.step;
    let from_last_job = matches!(cmd.program, "echo" | "printf")
        && cmd.words().filter(|w| !w.starts_with('-')).any(last_job)
        && cmd
            .words()
            .filter(|w| !w.starts_with('-'))
            .all(|w| last_job(w) || w.starts_with('%') || w.trim_matches(['\'', '"']) == "%s\\n");
    // The job `$!` is: the command before this one on the line, if any; one that names airlock
    // is the guard, never a process of the agent's own.
    let guard_job = s.commands[..index.min(s.commands.len())].iter().any(|c| {
        c.words
            .iter()
            .any(|w| w.to_ascii_lowercase().contains("airlock"))
    });
    let written = cmd
        .redirects
        .iter()
        .filter(|r| r.target.trim() != "/dev/null")
        .map(|r| r.target.trim_matches(['\'', '"']).to_owned())
        .chain(
            matches!(cmd.program, "cp" | "mv" | "tee" | "ln" | "install")
                .then(|| cmd.operands(&[]).last().map(str::to_owned))
                .flatten(),
        );
    let written: Vec<String> = written.collect();
    for file in written {
        let id = format!("pid|{file}");
        let started = from_last_job && !guard_job && !file.to_ascii_lowercase().contains("airlock");
        let value = if started {
            format!("started in {}", shell(ctx))
        } else {
            "overwritten".to_owned()
        };
        // Nothing to forget when no pid file of that name was recorded.
        if started || ctx.env.defined.has(Kind::Created, &id) {
            ctx.env
                .defined
                .define(Kind::Created, &id, &value, step, None);
        }
    }
}

/// The pid file a word reads (`$(cat F)`, `"$(cat F)"`, `` `cat F` ``, `$(< F)`).
fn pid_file(w: &str) -> Option<&str> {
    let w = w.trim_matches('"');
    let inner = w
        .strip_prefix("$(")
        .and_then(|i| i.strip_suffix(')'))
        .or_else(|| w.strip_prefix('`').and_then(|i| i.strip_suffix('`')))?
        .trim();
    let file = inner
        .strip_prefix("cat ")
        .or_else(|| inner.strip_prefix('<'))?
        .trim()
        .trim_matches(['\'', '"']);
    (!file.is_empty() && !file.contains([' ', '$', '`', ';', '|', '&'])).then_some(file)
}

/// Whether one pid word is a process this work started.
fn started(w: &str, ctx: &Context) -> bool {
    if last_job(w) {
        return true;
    }
    if let Some(file) = pid_file(w) {
        return ctx
            .env
            .defined
            .latest_of(Kind::Created, &format!("pid|{file}"))
            .is_some_and(|d| d.value == format!("started in {}", shell(ctx)));
    }
    let name = w.trim_matches('"');
    let name = name
        .strip_prefix("${")
        .and_then(|n| n.strip_suffix('}'))
        .or_else(|| name.strip_prefix('$'));
    name.is_some_and(|n| {
        !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            && ctx
                .env
                .exported
                .iter()
                .rev()
                .find(|(v, _)| v == n)
                .is_some_and(|(_, value)| last_job(value))
    })
}

/// Lowers `kill`'s own finding to a note when every pid it signals is one this work started.
pub fn lower(cmd: &Cmd<'_>, s: &Script<'_>, ctx: &Context, found: &mut [Finding]) {
    if cmd.program != "kill" {
        return;
    }
    // `$!` on a line that starts airlock in the background is the guard.
    if s.commands.iter().any(|c| {
        c.words
            .iter()
            .any(|w| w.to_ascii_lowercase().contains("airlock"))
    }) {
        return;
    }
    let about = |f: &Finding| f.family == Family::System && f.code == "system.kill";
    if !found.iter().any(about) {
        return;
    }
    let words: Vec<&str> = cmd.words().collect();
    // The pids: what follows the options (a signal given as `-s NAME` takes a value).
    let mut pids = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if matches!(w, "-s" | "-n" | "--signal") {
            i += 2;
            continue;
        }
        if w == "--" {
            pids.extend_from_slice(&words[i + 1..]);
            break;
        }
        if !w.starts_with('-') {
            pids.push(w);
        }
        i += 1;
    }
    if pids.is_empty() || !pids.iter().all(|w| started(w, ctx)) {
        return;
    }
    crate::finding::lower_where(
        found,
        about,
        "a process this work started (its pid kept from `$!`)",
    );
}
