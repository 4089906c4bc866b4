//! GitHub Copilot CLI: https://docs.github.com/en/copilot/reference/hooks-configuration and
//! https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference
//! (hooks in the repository's `.github/hooks/*.json`: `{"version": 1, "hooks": {"preToolUse":
//! [{"type": "command", "bash": ..., "timeoutSec": 30}]}}`).
//!
//! Input (camelCase events): `sessionId` (newer CLIs), `timestamp` (ms), `cwd`, `toolName`
//! (`bash`, `edit`, `create`, `view`, `web_fetch`, MCP tools...), `toolArgs` (a JSON text of the
//! arguments); `postToolUse` adds `toolResult` (`resultType`: `success` | `failure` |
//! `denied`, `textResultForLlm`). Events configured in PascalCase get the VS Code format
//! (`session_id`, `hook_event_name`, `tool_name`, `tool_input`), read as Claude Code's and
//! answered the same way.
//!
//! Answer: `{"permissionDecision": "deny", "permissionDecisionReason": ...}` on standard output.
//! The reference says only "deny" is processed, so a `confirm` becomes an approval a person
//! grants with `airlock approve`; an allow prints nothing (the CLI's own permission prompts
//! stay as they are). Without a `sessionId` (older CLIs) the session is the project directory.

use airlock_engine::{HookAnswer, HookVerdict};
use serde_json::{Value, json};

use super::{HostEvent, Phase, Rendered, claude_code, first_text, object_or_text, split_mcp, text};
use crate::hook::action::ToolAction;

/// Reads a Copilot CLI hook input.
pub fn parse(v: &Value) -> Result<HostEvent, String> {
    if v.get("hook_event_name").is_some() {
        return claude_code::parse(v);
    }
    let tool = text(v, "toolName").unwrap_or_default().to_owned();
    let input = object_or_text(v.get("toolArgs"));
    let phase = match v.get("toolResult") {
        // Which tool would run is not said: nothing to judge, so nothing to allow. (Only the
        // tool events are installed; another event wired here by hand gets a refusal it does
        // not act on.)
        None if tool.is_empty() => {
            return Err(
                "no toolName: airlock cannot tell which tool would run, so it does not allow it"
                    .to_owned(),
            );
        }
        // `postToolUseFailure` (`@github/copilot-sdk`) carries `error` and no `toolResult`: the
        // call already ran and failed, so it is an outcome to record, never a call to judge.
        None if v.get("error").is_some() => Phase::Post {
            success: false,
            detail: Some(match v.get("error") {
                Some(Value::String(s)) => format!("failure: {s}"),
                Some(other) => format!("failure: {other}"),
                None => "failure".to_owned(),
            }),
        },
        None => Phase::Pre,
        Some(result) => {
            let kind = text(result, "resultType").unwrap_or("success");
            Phase::Post {
                success: kind == "success",
                detail: (kind != "success").then(|| {
                    format!(
                        "{kind}: {}",
                        text(result, "textResultForLlm").unwrap_or_default()
                    )
                }),
            }
        }
    };
    let cwd = text(v, "cwd").map(str::to_owned);
    let session = match text(v, "sessionId") {
        Some(s) => s.to_owned(),
        None => cwd
            .as_deref()
            .map(|c| format!("project:{c}"))
            .unwrap_or_default(),
    };
    Ok(HostEvent {
        session,
        cwd: cwd.map(Into::into),
        action: action_of(&tool, &input),
        tool,
        phase,
        event_name: "preToolUse".to_owned(),
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
    let other = || ToolAction::Other {
        input: input.clone(),
    };
    let path = first_text(input, &["path", "file_path", "filePath"]);
    match tool {
        "bash" | "shell" | "powershell" => match first_text(input, &["command"]) {
            Some(command) => ToolAction::Shell { command },
            None => other(),
        },
        "edit" | "create" | "write" | "str_replace_editor" | "delete" => match path {
            Some(p) => ToolAction::Write {
                paths: vec![p],
                verb: match tool {
                    "create" | "write" => "write",
                    "delete" => "delete",
                    _ => "edit",
                },
            },
            None => other(),
        },
        "view" | "read" | "glob" | "grep" => match path {
            Some(p) => ToolAction::Read { paths: vec![p] },
            None => other(),
        },
        "web_fetch" | "fetch" => match first_text(input, &["url"]) {
            Some(url) => ToolAction::Fetch { url },
            None => other(),
        },
        _ => other(),
    }
}

/// A "deny" answer.
pub fn deny_json(message: &str) -> String {
    json!({"permissionDecision": "deny", "permissionDecisionReason": message}).to_string()
}

/// The `preToolUse` answer.
pub fn render(event: &HostEvent, answer: &HookAnswer) -> Rendered {
    if event.event_name == "PreToolUse" {
        return claude_code::render(event, answer);
    }
    let stdout = match answer.verdict {
        HookVerdict::Allow => None,
        HookVerdict::Ask => Some(
            json!({
                "permissionDecision": "ask",
                "permissionDecisionReason": crate::hook::message(answer),
            })
            .to_string(),
        ),
        HookVerdict::Deny => Some(deny_json(&crate::hook::message(answer))),
    };
    Rendered {
        stdout,
        stderr: None,
        exit: 0,
    }
}
