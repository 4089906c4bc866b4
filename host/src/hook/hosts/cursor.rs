//! Cursor: https://cursor.com/docs/agent/hooks (hooks configured in `.cursor/hooks.json` or
//! `~/.cursor/hooks.json`, `{"version": 1, "hooks": {EVENT: [{"command": ...}]}}`).
//!
//! Input (all events): `conversation_id`, `generation_id`, `model`, `hook_event_name`,
//! `cursor_version`, `workspace_roots`, `user_email`, `transcript_path`. `preToolUse` adds
//! `tool_name` (`Shell`, `Read`, `Write`, `StrReplace`, `Delete`, `Grep`, `List`, `Fetch`, MCP
//! tools as `MCP:<tool>`...),
//! `tool_input`, `tool_use_id`, `cwd`; `postToolUse` / `postToolUseFailure` report the result.
//! The older per-kind events are read too: `beforeShellExecution` (`command`, `cwd`),
//! `beforeMCPExecution` (`tool_name`, `tool_input` as an object or a JSON text, `url` or
//! `command` of the server), `beforeReadFile` (`file_path`), and their `after...` events.
//!
//! Answer: JSON on standard output, `{"permission": "allow" | "deny" | "ask", "user_message":
//! shown to the user, "agent_message": shown to the agent}`; exit 2 also blocks (used when
//! airlock cannot decide, with the "deny" JSON as well). The installed entry sets
//! `failClosed: true`, so a hook that crashes or times out blocks too.

use airlock_engine::{HookAnswer, HookVerdict};
use serde_json::{Value, json};

use super::{HostEvent, Phase, Rendered, first_text, object_or_text, split_mcp, text};
use crate::hook::action::ToolAction;

/// Reads a Cursor hook input.
pub fn parse(v: &Value) -> Result<HostEvent, String> {
    let event_name = text(v, "hook_event_name")
        .ok_or("no hook_event_name")?
        .to_owned();
    let post = |success: bool, detail: Option<String>| Phase::Post { success, detail };
    let (phase, tool, action) = match event_name.as_str() {
        "preToolUse" | "postToolUse" | "postToolUseFailure" => {
            let tool = text(v, "tool_name").unwrap_or_default().to_owned();
            let input = object_or_text(v.get("tool_input"));
            let phase = match event_name.as_str() {
                "preToolUse" => Phase::Pre,
                "postToolUse" => post(true, None),
                _ => post(
                    false,
                    first_text(v, &["error_message", "error", "failure_type"]),
                ),
            };
            let action = action_of(&tool, &input);
            (phase, tool, action)
        }
        "beforeShellExecution" | "afterShellExecution" => {
            let command = text(v, "command").ok_or("no command")?.to_owned();
            let phase = if event_name.starts_with("before") {
                Phase::Pre
            } else {
                let code = v.get("exit_code").and_then(Value::as_i64);
                post(code.is_none_or(|c| c == 0), None)
            };
            (phase, "Shell".to_owned(), ToolAction::Shell { command })
        }
        "beforeMCPExecution" | "afterMCPExecution" => {
            let tool = text(v, "tool_name").unwrap_or_default().to_owned();
            let params = object_or_text(v.get("tool_input"));
            let server =
                first_text(v, &["server_name", "server", "url", "command"]).unwrap_or_default();
            let phase = if event_name.starts_with("before") {
                Phase::Pre
            } else {
                post(true, None)
            };
            let action = match split_mcp(&tool) {
                Some((server, tool)) => ToolAction::Mcp {
                    server,
                    tool,
                    params,
                },
                None => ToolAction::Mcp {
                    server,
                    tool: tool.clone(),
                    params,
                },
            };
            (phase, tool, action)
        }
        "beforeReadFile" => {
            let path = text(v, "file_path").ok_or("no file_path")?.to_owned();
            (
                Phase::Pre,
                "Read".to_owned(),
                ToolAction::Read { paths: vec![path] },
            )
        }
        "afterFileEdit" => {
            let path = text(v, "file_path").unwrap_or_default().to_owned();
            (
                post(true, None),
                "Edit".to_owned(),
                ToolAction::Write {
                    paths: vec![path],
                    verb: "edit",
                },
            )
        }
        _ => (
            Phase::Ignored,
            String::new(),
            ToolAction::Other { input: Value::Null },
        ),
    };
    if phase == Phase::Pre && tool.is_empty() {
        return Err(format!("{event_name} without tool_name"));
    }
    let cwd = text(v, "cwd").map(str::to_owned).or_else(|| {
        v.get("workspace_roots")
            .and_then(Value::as_array)
            .and_then(|r| r.first())
            .and_then(Value::as_str)
            .map(str::to_owned)
    });
    Ok(HostEvent {
        session: text(v, "conversation_id").unwrap_or_default().to_owned(),
        cwd: cwd.map(Into::into),
        tool,
        action,
        phase,
        event_name,
    })
}

fn action_of(tool: &str, input: &Value) -> ToolAction {
    if let Some((server, name)) = split_mcp(tool) {
        return ToolAction::Mcp {
            server,
            tool: name,
            params: input.clone(),
        };
    }
    if let Some(name) = tool.strip_prefix("MCP:") {
        return ToolAction::Mcp {
            server: first_text(input, &["server", "server_name"]).unwrap_or_default(),
            tool: name.trim().to_owned(),
            params: input.clone(),
        };
    }
    let path = first_text(
        input,
        &["file_path", "path", "target_file", "target_directory"],
    );
    let other = || ToolAction::Other {
        input: input.clone(),
    };
    match tool {
        "Shell" | "Terminal" | "run_terminal_cmd" => match first_text(input, &["command"]) {
            Some(command) => ToolAction::Shell { command },
            None => other(),
        },
        "Write" | "Edit" | "StrReplace" | "MultiEdit" | "Delete" | "TabWrite" | "edit_file"
        | "delete_file" => match path {
            Some(p) => ToolAction::Write {
                paths: vec![p],
                verb: if tool.contains("Delete") || tool == "delete_file" {
                    "delete"
                } else if tool == "Write" || tool == "TabWrite" {
                    "write"
                } else {
                    "edit"
                },
            },
            None => other(),
        },
        // `List` and `Fetch` are the names Cursor's agent runtime gives its tools (the hook
        // input types of `@cursor/sdk`); the others are older names and the documentation's.
        "Read" | "read_file" | "Grep" | "Glob" | "LS" | "List" | "list_dir" => match path {
            Some(p) => ToolAction::Read { paths: vec![p] },
            None => other(),
        },
        "WebFetch" | "Fetch" | "fetch" => match first_text(input, &["url"]) {
            Some(url) => ToolAction::Fetch { url },
            None => other(),
        },
        "WebSearch" | "web_search" => ToolAction::Search {
            query: first_text(input, &["query", "search_term"]).unwrap_or_default(),
        },
        _ => other(),
    }
}

/// A "deny" answer.
pub fn deny_json(message: &str) -> String {
    json!({"permission": "deny", "user_message": message, "agent_message": message}).to_string()
}

/// The answer to a before-event.
pub fn render(answer: &HookAnswer) -> Rendered {
    let message = crate::hook::message(answer);
    let out = match answer.verdict {
        HookVerdict::Allow => json!({"permission": "allow"}).to_string(),
        HookVerdict::Ask => json!({
            "permission": "ask", "user_message": message, "agent_message": message,
        })
        .to_string(),
        HookVerdict::Deny => deny_json(&message),
    };
    Rendered {
        stdout: Some(out),
        stderr: None,
        exit: 0,
    }
}
