//! OpenAI Codex CLI: https://developers.openai.com/codex/hooks.
//!
//! Codex's hooks use Claude Code's wire format (`session_id`, `transcript_path`, `cwd`,
//! `hook_event_name`, `model`, `tool_name`, `tool_input`, `tool_use_id`; `PostToolUse` adds
//! `tool_response`), configured in `.codex/hooks.json` or `~/.codex/hooks.json`. Its tools:
//! `Bash` (`command`, a string or an argument vector), `apply_patch` (the patch text, whose
//! `*** Add/Update/Delete File:` lines name the files), MCP tools as `mcp__<server>__<tool>`.
//!
//! Answers: a `PreToolUse` "deny" (`hookSpecificOutput.permissionDecision`, or exit 2 with the
//! reason on standard error) blocks; "ask" and "allow" are parsed but not supported yet and
//! fail open, so airlock never relies on them here: a `confirm` becomes an approval a person
//! grants with `airlock approve`, and the agent's retry of the same action then runs once.

use serde_json::Value;

use super::claude_code;
use super::{HostEvent, Phase, command_of, first_text, patch_paths, text};
use crate::hook::action::ToolAction;

/// Reads a Codex hook input.
pub fn parse(v: &Value) -> Result<HostEvent, String> {
    let mut event = claude_code::parse(v)?;
    let input = v.get("tool_input").cloned().unwrap_or(Value::Null);
    event.action = match event.tool.as_str() {
        "Bash" | "shell" | "local_shell" | "exec_command" => {
            match command_of(input.get("command").or(input.get("cmd"))) {
                Some(command) => ToolAction::Shell { command },
                None => ToolAction::Other { input },
            }
        }
        "apply_patch" | "Edit" | "Write" => {
            let patch = first_text(&input, &["command", "patch", "input"])
                .or_else(|| input.as_str().map(str::to_owned))
                .unwrap_or_default();
            let mut paths = patch_paths(&patch);
            if paths.is_empty()
                && let Some(p) = first_text(&input, &["file_path", "path"])
            {
                paths.push(p);
            }
            if paths.is_empty() {
                ToolAction::Other { input }
            } else {
                ToolAction::Write {
                    paths,
                    verb: "edit",
                }
            }
        }
        _ => event.action,
    };
    if let Phase::Post { success, .. } = &mut event.phase
        && text(v, "hook_event_name") == Some("PostToolUse")
    {
        *success = !claude_code::reports_failure(v.get("tool_response"));
    }
    Ok(event)
}
