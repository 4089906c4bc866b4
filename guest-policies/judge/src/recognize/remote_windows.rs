//! Commands run on another Windows machine: Sysinternals' `psexec \\HOST [options] COMMAND`
//! and WinRM's `winrs -r:HOST COMMAND`. The command given is what runs there, so it is judged
//! as the command (`psexec -s \\gw netsh advfirewall set allprofiles state off` turns a
//! gateway's firewall off). Written from the tools' references (PsExec's options, `winrs /?`).
//! `Invoke-Command -ScriptBlock {...}` is read by the Windows reader's script blocks already.
//!
//! Nothing here lowers a verdict: a harmless remote command (`ipconfig`) simply adds nothing.

use super::Context;
use crate::finding::Finding;

/// PsExec's options that take a value (the next word): user, password, working directory,
/// timeout, CPUs, remote service name, session group.
const PSEXEC_VALUED: &[&str] = &["-u", "-p", "-w", "-n", "-a", "-r", "-g"];

/// Judges the remote command of each `psexec` or `winrs` statement of a line.
pub fn line(text: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if depth > super::MAX_DEPTH || !mentions_launcher(text.as_bytes()) {
        return;
    }
    for statement in text.split(['\n', ';']).flat_map(|s| s.split("&&")) {
        let mut words = statement.split_whitespace();
        let Some(first) = words.next() else { continue };
        let name = super::windows::program_base(first).to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let command = match name.as_str() {
            "psexec" | "psexec64" => psexec_command(&rest),
            "winrs" => winrs_command(&rest),
            _ => None,
        };
        if let Some(command) = command {
            crate::judge_shell(&command, depth + 1, ctx, out);
        }
    }
}

/// `psexec` or `winrs` somewhere in the line, case-insensitively, without allocating.
fn mentions_launcher(b: &[u8]) -> bool {
    b.windows(5)
        .any(|w| w.eq_ignore_ascii_case(b"psexe") || w.eq_ignore_ascii_case(b"winrs"))
}

/// PsExec's words after the program: options, `\\HOST` (or `\\A,B`, `@FILE`), options, then
/// the command and its arguments.
fn psexec_command(words: &[&str]) -> Option<String> {
    let mut i = 0;
    let mut host = false;
    while i < words.len() {
        let w = words[i];
        let lower = w.to_ascii_lowercase();
        if w.starts_with("\\\\") || (w.starts_with('@') && !host) {
            host = true;
        } else if PSEXEC_VALUED.contains(&lower.as_str()) {
            i += 1;
        } else if lower == "-i" {
            // `-i [session]`: the session number is optional.
            if words
                .get(i + 1)
                .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            {
                i += 1;
            }
        } else if !w.starts_with('-') {
            break;
        }
        i += 1;
    }
    command_from(words, i)
}

/// winrs's words after the program: `-r:HOST` and the other colon-valued options (`-u:`,
/// `-p:`, `-d:`), then the command.
fn winrs_command(words: &[&str]) -> Option<String> {
    let i = words
        .iter()
        .position(|w| !(w.starts_with('-') || w.starts_with('/')))?;
    command_from(words, i)
}

fn command_from(words: &[&str], at: usize) -> Option<String> {
    let command = words.get(at..)?.join(" ");
    let command = command.trim_matches('"').trim();
    (!command.is_empty()).then(|| command.to_string())
}
