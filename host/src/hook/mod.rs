//! `airlock hook HOST`: airlock as the pre-tool-use guard of a coding agent's host.
//!
//! Claude Code, Codex CLI, Gemini CLI, Cursor and Copilot CLI each run a command before every
//! tool call with the call as JSON on standard input, and obey its answer. This module reads that
//! JSON ([`hosts`]: one parser and one answer format per host, taken from each host's own
//! documentation), turns the tool into an action airlock judges ([`action`]: a shell command as
//! the command, a file write or read by its path, a fetch as network access, an MCP tool as its
//! operation), grades paths and airlock's own commands ([`grading`]), and gets the decision from
//! the engine ([`decide`]): from the airlock process that owns the state directory when one runs,
//! else by opening the state itself, so blocks, approvals and the audit log are shared with
//! every other airlock on the machine.
//!
//! It fails closed: input it cannot read, a policy that does not load, a store it cannot open or
//! write each answer "deny" in the host's convention, with the reason.
//!
//! `airlock hook install HOST` / `uninstall` ([`install`]) write and remove the host's settings
//! entry.

pub mod action;
pub mod cli;
pub mod decide;
pub mod grading;
pub mod hosts;
pub mod install;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use airlock_engine::{HookAnswer, HookVerdict};

use self::hosts::{HostEvent, HostKind, Phase, Rendered};

/// The largest hook input read (a Write of a large file carries its content).
const MAX_INPUT: u64 = 16 << 20;

/// Options of `airlock hook HOST`.
#[derive(Debug, Clone)]
pub struct HookOptions {
    /// The host whose format is read and written.
    pub host: HostKind,
    /// `--policy`, used when no airlock process owns the state.
    pub policy: Option<PathBuf>,
    /// `--state-dir`.
    pub state_dir: Option<PathBuf>,
}

/// Runs one hook call: reads the host's JSON on standard input, answers on standard output /
/// standard error with the host's exit status.
pub fn run(options: &HookOptions) -> ExitCode {
    let mut input = Vec::new();
    let read = std::io::stdin()
        .lock()
        .take(MAX_INPUT + 1)
        .read_to_end(&mut input);
    let rendered = match read {
        Err(e) => options
            .host
            .fail_closed(&format!("cannot read the hook input: {e}")),
        Ok(_) if input.len() as u64 > MAX_INPUT => options.host.fail_closed(&format!(
            "the hook input is over {} MiB: refused unread",
            MAX_INPUT >> 20
        )),
        Ok(_) => handle(options, &input),
    };
    emit(&rendered)
}

/// Decides one hook input and renders the host's answer (no I/O on the standard streams).
pub fn handle(options: &HookOptions, input: &[u8]) -> Rendered {
    let host = options.host;
    let event = match host.parse(input) {
        Ok(e) => e,
        Err(e) => return host.fail_closed(&format!("unreadable {} hook input: {e}", host.name())),
    };
    match &event.phase {
        Phase::Pre => {
            let call = action::hook_call(host, &event, &decide::protected(options));
            match decide::decide(options, &call) {
                Ok(answer) => host.render(&event, &answer),
                Err(e) => host.fail_closed(&e),
            }
        }
        Phase::Post { success, detail } => {
            let report = action::hook_outcome(host, &event, *success, detail.clone());
            match decide::record_outcome(options, &report) {
                Ok(()) => host.render_post(&event),
                // The tool already ran: nothing to refuse. Say it, without blocking the host.
                Err(e) => {
                    let mut r = host.render_post(&event);
                    r.stderr = Some(format!("airlock: the step's outcome was not recorded: {e}"));
                    r
                }
            }
        }
        Phase::Ignored => host.render_post(&event),
    }
}

fn emit(rendered: &Rendered) -> ExitCode {
    if let Some(out) = &rendered.stdout {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{out}");
        let _ = stdout.flush();
    }
    if let Some(err) = &rendered.stderr {
        eprintln!("{err}");
    }
    ExitCode::from(rendered.exit)
}

/// The one-line message a person and the agent see for a refusal or a question.
pub fn message(answer: &HookAnswer) -> String {
    let head = match answer.verdict {
        HookVerdict::Allow => "airlock allows this",
        HookVerdict::Ask => "airlock asks",
        HookVerdict::Deny => "airlock refused this",
    };
    let mut text = format!("{head} ({}): {}", answer.outcome, answer.reason);
    if let Some(remedy) = &answer.remedy {
        text.push_str(". To go on: ");
        text.push_str(remedy);
    }
    text
}

/// The agent's identity for a host session.
pub fn agent_of(host: HostKind, event: &HostEvent) -> String {
    format!("{}:{}", host.name(), event.session)
}
