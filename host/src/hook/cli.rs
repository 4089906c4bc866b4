//! The command line of `airlock hook`: `airlock hook HOST`, `airlock hook install HOST`,
//! `airlock hook uninstall HOST`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::hosts::HostKind;
use super::install::{self, Scope};
use super::{HookOptions, run as run_hook};
use crate::cli::EXIT_USAGE;

/// `airlock hook ...`
#[derive(Debug, Subcommand)]
pub enum HookCommand {
    /// Claude Code's PreToolUse / PostToolUse hook (JSON on standard input).
    #[command(name = "claude-code")]
    ClaudeCode(HookRunArgs),
    /// Codex CLI's PreToolUse / PostToolUse hook.
    Codex(HookRunArgs),
    /// Gemini CLI's BeforeTool / AfterTool hook.
    #[command(name = "gemini-cli")]
    GeminiCli(HookRunArgs),
    /// Cursor's preToolUse / postToolUse hook (and beforeShellExecution, beforeMCPExecution,
    /// beforeReadFile).
    Cursor(HookRunArgs),
    /// GitHub Copilot CLI's preToolUse / postToolUse hook.
    #[command(name = "copilot-cli")]
    CopilotCli(HookRunArgs),
    /// Write the host's settings entry that runs `airlock hook HOST` (other hooks are kept, a
    /// backup is kept as <file>.airlock-backup; a second run changes nothing).
    Install(HookInstallArgs),
    /// Remove exactly the entry `install` wrote.
    Uninstall(HookInstallArgs),
}

/// Options of `airlock hook HOST`.
#[derive(Debug, Args)]
pub struct HookRunArgs {
    /// The policy directory, used when no airlock process owns the state [default: the
    /// embedded defaults].
    #[arg(long, value_name = "DIR", env = "AIRLOCK_POLICY")]
    pub policy: Option<PathBuf>,
    /// The state directory [default: as for `airlock serve`].
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
}

/// Options of `airlock hook install` / `uninstall`.
#[derive(Debug, Args)]
pub struct HookInstallArgs {
    /// The host.
    #[arg(value_enum)]
    pub host: HostKind,
    /// The project's settings (the default).
    #[arg(long, conflicts_with = "user")]
    pub project: bool,
    /// The user's settings (in the home directory).
    #[arg(long)]
    pub user: bool,
    /// The project directory [default: the current directory].
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
    /// A policy directory for the installed command (`--policy DIR`).
    #[arg(long, value_name = "DIR")]
    pub policy: Option<PathBuf>,
    /// A state directory for the installed command (`--state-dir DIR`).
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
}

/// Runs `airlock hook ...`.
pub fn run(command: HookCommand) -> ExitCode {
    let hook = |host: HostKind, args: HookRunArgs| {
        run_hook(&HookOptions {
            host,
            policy: args.policy,
            state_dir: args.state_dir,
        })
    };
    match command {
        HookCommand::ClaudeCode(a) => hook(HostKind::ClaudeCode, a),
        HookCommand::Codex(a) => hook(HostKind::Codex, a),
        HookCommand::GeminiCli(a) => hook(HostKind::GeminiCli, a),
        HookCommand::Cursor(a) => hook(HostKind::Cursor, a),
        HookCommand::CopilotCli(a) => hook(HostKind::CopilotCli, a),
        HookCommand::Install(a) => settings(&a, true),
        HookCommand::Uninstall(a) => settings(&a, false),
    }
}

fn settings(args: &HookInstallArgs, install_it: bool) -> ExitCode {
    let scope = if args.user {
        Scope::User
    } else {
        Scope::Project
    };
    let dir = args.dir.clone().unwrap_or_else(|| PathBuf::from("."));
    let result = if install_it {
        install::hook_command(args.host, args.policy.as_deref(), args.state_dir.as_deref())
            .and_then(|command| install::install(args.host, scope, &dir, &command))
    } else {
        install::uninstall(args.host, scope, &dir)
    };
    match result {
        Ok(report) => {
            let what = match (install_it, report.changed, report.removed) {
                (_, _, true) => "removed (airlock had created it)",
                (true, true, _) => "airlock's hook installed",
                (true, false, _) => "already installed: nothing changed",
                (false, true, _) => "airlock's hook removed",
                (false, false, _) => "no airlock hook there: nothing changed",
            };
            println!("{}: {what}", report.path.display());
            if let Some(b) = report.backup {
                println!("the previous content is in {}", b.display());
            }
            // The agent behind the hook runs as this OS user: until a person sets up operator
            // authentication, anything running as this user is the operator.
            if install_it
                && crate::operator_cmd::auth_initialized(args.state_dir.as_deref()) == Some(false)
            {
                eprintln!(
                    "note: operator authentication is not set up, so the agent this hook guards, \
                     which runs as your OS user, could run `airlock approve` or `airlock verify` \
                     itself. Run `airlock operator init` at a terminal now (SECURITY.md, \
                     \"One OS user\")."
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("airlock: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
