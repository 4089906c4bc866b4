//! Gemini CLI: https://geminicli.com/docs/hooks/reference (and `docs/hooks/reference.md` in
//! google-gemini/gemini-cli; the `decision: "ask"` of `BeforeTool` is implemented since
//! google-gemini/gemini-cli#21146 and typed in `packages/core/src/hooks/types.ts`).
//!
//! Input: `session_id`, `transcript_path`, `cwd`, `hook_event_name` (`BeforeTool` /
//! `AfterTool`), `timestamp`, `tool_name`, `tool_input`, `mcp_context` (`server_name`,
//! `tool_name`) for MCP tools; `AfterTool` adds `tool_response` (`llmContent`, `returnDisplay`,
//! `error`). Tools: `run_shell_command` (`command`), `write_file` / `replace` (`file_path`),
//! `read_file` (`file_path`), `read_many_files` (`paths`), `list_directory` / `glob` /
//! `search_file_content` (`dir_path` or `path`), `web_fetch` (`prompt` with the URLs, or `url`),
//! `google_web_search` (`query`).
//!
//! Answer: exit 0 with JSON on standard output: `{}` goes ahead, `{"decision": "deny",
//! "reason": ...}` blocks (the reason goes to the agent), `{"decision": "ask", ...}` makes the
//! CLI ask its user; `systemMessage` is shown to the user. Exit 2 with the reason on standard
//! error also blocks.

use airlock_engine::{HookAnswer, HookVerdict};
use serde_json::{Value, json};

use super::{HostEvent, Phase, Rendered, first_text, split_mcp, text};
use crate::hook::action::ToolAction;

/// Reads a Gemini CLI hook input.
pub fn parse(v: &Value) -> Result<HostEvent, String> {
    let event_name = text(v, "hook_event_name")
        .ok_or("no hook_event_name")?
        .to_owned();
    let phase = match event_name.as_str() {
        "BeforeTool" => Phase::Pre,
        "AfterTool" => {
            let error = v
                .get("tool_response")
                .and_then(|r| r.get("error"))
                .filter(|e| !e.is_null());
            Phase::Post {
                success: error.is_none(),
                detail: error.map(|e| match e {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                }),
            }
        }
        // An event airlock does not know that carries a tool call (a renamed or newer event)
        // is judged as one before the tool runs: answering `{}` would let it through unjudged.
        _ if text(v, "tool_name").is_some_and(|t| !t.is_empty()) => Phase::Pre,
        _ => Phase::Ignored,
    };
    let tool = text(v, "tool_name").unwrap_or_default().to_owned();
    if phase == Phase::Pre && tool.is_empty() {
        return Err("BeforeTool without tool_name".to_owned());
    }
    let input = v.get("tool_input").cloned().unwrap_or(Value::Null);
    let action = match v.get("mcp_context") {
        Some(ctx) if ctx.is_object() => ToolAction::Mcp {
            server: text(ctx, "server_name").unwrap_or_default().to_owned(),
            tool: text(ctx, "tool_name").unwrap_or(&tool).to_owned(),
            params: input.clone(),
        },
        _ => action_of(&tool, &input),
    };
    Ok(HostEvent {
        session: text(v, "session_id").unwrap_or_default().to_owned(),
        cwd: text(v, "cwd").map(Into::into),
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
    // Gemini CLI names an MCP tool `mcp_<server>_<tool>` (`@google/gemini-cli-core`) and
    // normally says which in `mcp_context`; without it the name is split at its first `_`
    // after the prefix (a server whose name has one is then misread, but the call is still
    // judged as an MCP operation by its tool name, not let through as unknown text).
    if let Some((server, name)) = tool
        .strip_prefix("mcp_")
        .and_then(|rest| rest.split_once('_'))
        .filter(|(server, name)| !server.is_empty() && !name.is_empty())
    {
        return ToolAction::Mcp {
            server: server.to_owned(),
            tool: name.to_owned(),
            params: input.clone(),
        };
    }
    let other = || ToolAction::Other {
        input: input.clone(),
    };
    match tool {
        "run_shell_command" => match first_text(input, &["command"]) {
            Some(command) => ToolAction::Shell { command },
            None => other(),
        },
        "write_file" | "replace" | "edit" => {
            match first_text(input, &["file_path", "absolute_path", "path"]) {
                Some(p) => ToolAction::Write {
                    paths: vec![p],
                    verb: if tool == "write_file" {
                        "write"
                    } else {
                        "edit"
                    },
                },
                None => other(),
            }
        }
        "read_file" => match first_text(input, &["file_path", "absolute_path", "path"]) {
            Some(p) => ToolAction::Read { paths: vec![p] },
            None => other(),
        },
        "read_many_files" => {
            let paths: Vec<String> = ["paths", "include"]
                .iter()
                .filter_map(|k| input.get(*k).and_then(Value::as_array))
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect();
            if paths.is_empty() {
                other()
            } else {
                ToolAction::Read { paths }
            }
        }
        "list_directory" | "glob" | "search_file_content" | "grep_search" => {
            match first_text(input, &["dir_path", "path", "directory"]) {
                Some(p) => ToolAction::Read { paths: vec![p] },
                None => other(),
            }
        }
        "web_fetch" => match first_text(input, &["url"]).or_else(|| url_in(input, "prompt")) {
            Some(url) => ToolAction::Fetch { url },
            None => other(),
        },
        "google_web_search" => ToolAction::Search {
            query: first_text(input, &["query"]).unwrap_or_default(),
        },
        _ => other(),
    }
}

/// The first http(s) URL in a text field (`web_fetch` takes a prompt that names them).
fn url_in(input: &Value, key: &str) -> Option<String> {
    let prompt = text(input, key)?;
    prompt
        .split_whitespace()
        .find(|w| w.starts_with("http://") || w.starts_with("https://") || w.starts_with("file:"))
        .map(|w| {
            w.trim_end_matches(|c: char| ",.;)]>\"'".contains(c))
                .to_owned()
        })
}

/// The `BeforeTool` answer.
pub fn render(answer: &HookAnswer) -> Rendered {
    let out = match answer.verdict {
        HookVerdict::Allow => json!({}),
        HookVerdict::Ask | HookVerdict::Deny => {
            let message = crate::hook::message(answer);
            json!({
                "decision": if answer.verdict == HookVerdict::Ask { "ask" } else { "deny" },
                "reason": message,
                "systemMessage": message,
            })
        }
    };
    Rendered {
        stdout: Some(out.to_string()),
        stderr: None,
        exit: 0,
    }
}
