//! Claude Code: https://code.claude.com/docs/en/hooks (hooks reference).
//!
//! Input (all events): `session_id`, `transcript_path`, `cwd`, `permission_mode`,
//! `hook_event_name`; `PreToolUse` adds `tool_name`, `tool_input`, `tool_use_id`; `PostToolUse`
//! adds `tool_response`; `PostToolUseFailure` adds `error`. Tools: `Bash` and, on Windows,
//! `PowerShell` (`command`), `Write`
//! (`file_path`, `content`), `Edit` (`file_path`, `old_string`, `new_string`), `MultiEdit`
//! (`file_path`, `edits`), `NotebookEdit` (`notebook_path`), `Read` (`file_path`), `Glob` /
//! `Grep` / `LS` (`path`), `WebFetch` (`url`, `prompt`), `WebSearch` (`query`), MCP tools as
//! `mcp__<server>__<tool>`.
//!
//! Answer: exit 0 with `{"hookSpecificOutput": {"hookEventName": "PreToolUse",
//! "permissionDecision": "deny" | "ask", "permissionDecisionReason": ...}}`; exit 2 with the
//! reason on standard error also blocks (used when airlock cannot decide). An allow prints
//! nothing: "allow" would skip Claude Code's own permission prompt, and airlock only adds
//! refusals and questions to what the user configured. Codex CLI uses the same wire format
//! (see [`super::codex`]).

use airlock_engine::{HookAnswer, HookVerdict};
use serde_json::{Value, json};

use super::{HostEvent, Phase, Rendered, first_text, split_mcp, text};
use crate::hook::action::ToolAction;

/// Reads a Claude Code hook input.
pub fn parse(v: &Value) -> Result<HostEvent, String> {
    let event_name = text(v, "hook_event_name")
        .ok_or("no hook_event_name")?
        .to_owned();
    let phase = match event_name.as_str() {
        "PreToolUse" => Phase::Pre,
        "PostToolUse" => Phase::Post {
            success: !reports_failure(v.get("tool_response")),
            detail: None,
        },
        "PostToolUseFailure" => Phase::Post {
            success: false,
            detail: v.get("error").map(|e| match e {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            }),
        },
        _ => Phase::Ignored,
    };
    let tool = text(v, "tool_name").unwrap_or_default().to_owned();
    if phase == Phase::Pre && tool.is_empty() {
        return Err("PreToolUse without tool_name".to_owned());
    }
    let input = v.get("tool_input").cloned().unwrap_or(Value::Null);
    Ok(HostEvent {
        session: text(v, "session_id").unwrap_or_default().to_owned(),
        cwd: text(v, "cwd").map(Into::into),
        action: action_of(&tool, &input),
        tool,
        phase,
        event_name,
    })
}

/// Whether a `tool_response` says the tool failed (`success: false`, `is_error: true`, or a
/// non-zero `exit_code`).
pub(crate) fn reports_failure(response: Option<&Value>) -> bool {
    let Some(r) = response else { return false };
    r.get("success").and_then(Value::as_bool) == Some(false)
        || r.get("is_error").and_then(Value::as_bool) == Some(true)
        || r.get("exit_code")
            .and_then(Value::as_i64)
            .is_some_and(|c| c != 0)
        || r.get("exitCode")
            .and_then(Value::as_i64)
            .is_some_and(|c| c != 0)
}

/// Claude Code's tools as actions.
pub(crate) fn action_of(tool: &str, input: &Value) -> ToolAction {
    if let Some((server, name)) = split_mcp(tool) {
        return ToolAction::Mcp {
            server,
            tool: name,
            params: input.clone(),
        };
    }
    let path = |keys: &[&str]| first_text(input, keys);
    match tool {
        // `PowerShell` is Claude Code's shell tool on Windows: its command is judged as a
        // command line like Bash's (the judgement reads PowerShell's cmdlets by structure).
        "Bash" | "PowerShell" => match first_text(input, &["command"]) {
            Some(command) => ToolAction::Shell { command },
            None => ToolAction::Other {
                input: input.clone(),
            },
        },
        "Write" | "Edit" | "MultiEdit" | "NotebookEdit" => {
            match path(&["file_path", "notebook_path"]) {
                Some(p) => ToolAction::Write {
                    paths: vec![p],
                    verb: if tool == "Write" { "write" } else { "edit" },
                },
                None => ToolAction::Other {
                    input: input.clone(),
                },
            }
        }
        "Read" => match path(&["file_path"]) {
            Some(p) => ToolAction::Read { paths: vec![p] },
            None => ToolAction::Other {
                input: input.clone(),
            },
        },
        "Glob" | "Grep" | "LS" => match path(&["path"]) {
            Some(p) => ToolAction::Read { paths: vec![p] },
            None => ToolAction::Other {
                input: input.clone(),
            },
        },
        "WebFetch" => match path(&["url"]) {
            Some(url) => ToolAction::Fetch { url },
            None => ToolAction::Other {
                input: input.clone(),
            },
        },
        "WebSearch" => ToolAction::Search {
            query: path(&["query"]).unwrap_or_default(),
        },
        _ => ToolAction::Other {
            input: input.clone(),
        },
    }
}

/// The `PreToolUse` answer.
pub fn render(event: &HostEvent, answer: &HookAnswer) -> Rendered {
    let decision = match answer.verdict {
        HookVerdict::Allow => {
            return Rendered {
                stdout: None,
                stderr: None,
                exit: 0,
            };
        }
        HookVerdict::Ask => "ask",
        HookVerdict::Deny => "deny",
    };
    let name = if event.event_name.is_empty() {
        "PreToolUse"
    } else {
        &event.event_name
    };
    Rendered {
        stdout: Some(
            json!({
                "hookSpecificOutput": {
                    "hookEventName": name,
                    "permissionDecision": decision,
                    "permissionDecisionReason": crate::hook::message(answer),
                }
            })
            .to_string(),
        ),
        stderr: None,
        exit: 0,
    }
}
