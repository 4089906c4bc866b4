//! The hosts: each one's input fields, tool names and answer convention, one module each, taken
//! from the host's own hooks reference (the URL is at the top of each module and of each test
//! fixture in `host/tests/fixtures/hooks/`).

pub mod claude_code;
pub mod codex;
pub mod copilot_cli;
pub mod cursor;
pub mod gemini_cli;

use std::path::PathBuf;

use airlock_engine::HookAnswer;
use serde_json::Value;

use super::action::ToolAction;

/// A host `airlock hook` speaks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum HostKind {
    /// Anthropic's Claude Code (PreToolUse / PostToolUse / PostToolUseFailure).
    ClaudeCode,
    /// OpenAI's Codex CLI (PreToolUse / PostToolUse, Claude Code's wire format).
    Codex,
    /// Google's Gemini CLI (BeforeTool / AfterTool).
    GeminiCli,
    /// Cursor (preToolUse / postToolUse, and the older beforeShellExecution, beforeMCPExecution,
    /// beforeReadFile).
    Cursor,
    /// GitHub Copilot CLI (preToolUse / postToolUse).
    CopilotCli,
}

/// Where in the tool call's life the host calls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Before the tool runs: a decision is wanted.
    Pre,
    /// After it ran.
    Post {
        /// Whether it succeeded.
        success: bool,
        /// The host's words about a failure.
        detail: Option<String>,
    },
    /// An event airlock has nothing to say about (answered with the host's no-op).
    Ignored,
}

/// One hook call, host-neutral.
#[derive(Debug, Clone)]
pub struct HostEvent {
    /// The host's session (conversation) id.
    pub session: String,
    /// The session's working directory (the project), when the host says.
    pub cwd: Option<PathBuf>,
    /// The host's tool name.
    pub tool: String,
    /// What the tool does.
    pub action: ToolAction,
    /// Before or after.
    pub phase: Phase,
    /// The host's event name, for the answer (`PreToolUse`, `preToolUse`...).
    pub event_name: String,
}

/// What goes back to the host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// One JSON line on standard output.
    pub stdout: Option<String>,
    /// Text on standard error.
    pub stderr: Option<String>,
    /// The exit status.
    pub exit: u8,
}

impl HostKind {
    /// The name on the command line and in agent names.
    pub fn name(self) -> &'static str {
        match self {
            HostKind::ClaudeCode => "claude-code",
            HostKind::Codex => "codex",
            HostKind::GeminiCli => "gemini-cli",
            HostKind::Cursor => "cursor",
            HostKind::CopilotCli => "copilot-cli",
        }
    }

    /// Whether the host can ask its user when airlock answers `ask` (a `confirm`). Codex parses
    /// "ask" but does not support it yet (its reference says such answers fail open), and Copilot
    /// CLI's reference says only "deny" is processed: for them a `confirm` becomes an approval a
    /// person grants with `airlock approve`.
    pub fn can_ask(self) -> bool {
        matches!(
            self,
            HostKind::ClaudeCode | HostKind::GeminiCli | HostKind::Cursor
        )
    }

    /// Reads the host's JSON.
    pub fn parse(self, input: &[u8]) -> Result<HostEvent, String> {
        let value: Value = serde_json::from_slice(input).map_err(|e| e.to_string())?;
        if !value.is_object() {
            return Err("the input is not a JSON object".to_owned());
        }
        let mut event = match self {
            HostKind::ClaudeCode => claude_code::parse(&value),
            HostKind::Codex => codex::parse(&value),
            HostKind::GeminiCli => gemini_cli::parse(&value),
            HostKind::Cursor => cursor::parse(&value),
            HostKind::CopilotCli => copilot_cli::parse(&value),
        }?;
        event.session = event.session.trim().to_owned();
        if event.session.is_empty() {
            return Err("no session id: the session cannot be identified".to_owned());
        }
        Ok(event)
    }

    /// The answer to a pre-tool-use call.
    pub fn render(self, event: &HostEvent, answer: &HookAnswer) -> Rendered {
        match self {
            HostKind::ClaudeCode | HostKind::Codex => claude_code::render(event, answer),
            HostKind::GeminiCli => gemini_cli::render(answer),
            HostKind::Cursor => cursor::render(answer),
            HostKind::CopilotCli => copilot_cli::render(event, answer),
        }
    }

    /// The answer to a post-tool-use call (or an ignored event): the host's no-op.
    pub fn render_post(self, _event: &HostEvent) -> Rendered {
        let stdout = match self {
            HostKind::GeminiCli | HostKind::Cursor => Some("{}".to_owned()),
            _ => None,
        };
        Rendered {
            stdout,
            stderr: None,
            exit: 0,
        }
    }

    /// The refusal when airlock cannot decide, in the host's convention: exit status 2 with the
    /// reason on standard error blocks the tool in Claude Code, Codex and Gemini CLI; Cursor and
    /// Copilot CLI also get their JSON "deny".
    pub fn fail_closed(self, why: &str) -> Rendered {
        let message = format!(
            "airlock could not decide, so the tool call is refused: {why}. Tell the operator \
             (`airlock status`, `airlock audit`)."
        );
        match self {
            HostKind::ClaudeCode | HostKind::Codex | HostKind::GeminiCli => Rendered {
                stdout: None,
                stderr: Some(message),
                exit: 2,
            },
            HostKind::Cursor => Rendered {
                stdout: Some(cursor::deny_json(&message)),
                stderr: Some(message),
                exit: 2,
            },
            HostKind::CopilotCli => Rendered {
                stdout: Some(copilot_cli::deny_json(&message)),
                stderr: Some(message),
                exit: 0,
            },
        }
    }
}

/// A string field.
pub(crate) fn text<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// The first string field of `keys` present.
pub(crate) fn first_text(v: &Value, keys: &[&str]) -> Option<String> {
    keys.iter().find_map(|k| text(v, k)).map(str::to_owned)
}

/// A tool input given as an object, or as a JSON text of one (Cursor's older MCP events, Copilot
/// CLI's `toolArgs`).
pub(crate) fn object_or_text(v: Option<&Value>) -> Value {
    match v {
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::String(s.clone())),
        Some(v) => v.clone(),
        None => Value::Null,
    }
}

/// `mcp__server__tool` -> (server, tool).
pub(crate) fn split_mcp(name: &str) -> Option<(String, String)> {
    let rest = name.strip_prefix("mcp__")?;
    let (server, tool) = rest.split_once("__")?;
    (!server.is_empty() && !tool.is_empty()).then(|| (server.to_owned(), tool.to_owned()))
}

/// A shell command given as a string or as an argument vector.
pub(crate) fn command_of(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Array(parts) => {
            let words: Vec<String> = parts
                .iter()
                .filter_map(Value::as_str)
                .map(shell_word)
                .collect();
            (!words.is_empty()).then(|| words.join(" "))
        }
        _ => None,
    }
}

/// One argument as a shell would need it quoted, so the stages read the command as it runs.
fn shell_word(w: &str) -> String {
    if !w.is_empty()
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%~".contains(c))
    {
        w.to_owned()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

/// The file paths an `apply_patch` patch touches (`*** Add File:`, `*** Update File:`,
/// `*** Delete File:`, `*** Move to:`).
pub(crate) fn patch_paths(patch: &str) -> Vec<String> {
    patch
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            [
                "*** Add File:",
                "*** Update File:",
                "*** Delete File:",
                "*** Move to:",
            ]
            .iter()
            .find_map(|p| line.strip_prefix(p))
            .map(|p| p.trim().to_owned())
        })
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcp_names_split_into_server_and_tool() {
        assert_eq!(
            split_mcp("mcp__github__list_issues"),
            Some(("github".to_owned(), "list_issues".to_owned()))
        );
        assert_eq!(split_mcp("mcp__x"), None);
        assert_eq!(split_mcp("Bash"), None);
    }

    #[test]
    fn argv_commands_are_quoted_as_a_shell_reads_them() {
        let v = serde_json::json!(["bash", "-lc", "rm -rf ~"]);
        assert_eq!(
            command_of(Some(&v)).expect("a command"),
            "bash -lc 'rm -rf ~'"
        );
    }

    fn fixture(host: &str, name: &str) -> Vec<u8> {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/hooks")
            .join(host)
            .join(format!("{name}.json"));
        let text = std::fs::read_to_string(&path).expect("fixture");
        text.lines()
            .filter(|l| !l.starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n")
            .into_bytes()
    }

    #[test]
    fn tools_named_as_the_sdks_name_them_are_judged_for_what_they_do() {
        use ToolAction as A;
        let claude = HostKind::ClaudeCode
            .parse(
                br#"{"session_id": "s", "transcript_path": "/t", "cwd": "C:\\work", "hook_event_name": "PreToolUse", "tool_name": "PowerShell", "tool_input": {"command": "Remove-Item -Recurse -Force C:\\Users"}, "tool_use_id": "u"}"#,
            )
            .expect("claude");
        assert!(
            matches!(&claude.action, A::Shell { command } if command.starts_with("Remove-Item")),
            "{:?}",
            claude.action
        );
        for (tool, input, want) in [
            (
                "Fetch",
                r#"{"url": "http://169.254.169.254/latest/meta-data/"}"#,
                "fetch",
            ),
            ("List", r#"{"path": "/home/user/.ssh"}"#, "read"),
        ] {
            let text = format!(
                r#"{{"conversation_id": "c", "generation_id": "g", "session_id": "s", "hook_event_name": "preToolUse", "tool_name": "{tool}", "tool_input": {input}}}"#
            );
            let event = HostKind::Cursor.parse(text.as_bytes()).expect("cursor");
            let got = match &event.action {
                A::Fetch { url } if url.contains("169.254") => "fetch",
                A::Read { paths } if paths[0].ends_with(".ssh") => "read",
                _ => "other",
            };
            assert_eq!(got, want, "cursor {tool}: {:?}", event.action);
        }
    }

    #[test]
    fn gemini_mcp_names_and_copilot_failures_are_read_as_the_sdks_define_them() {
        use ToolAction as A;
        let gemini = HostKind::GeminiCli
            .parse(
                br#"{"session_id": "s", "transcript_path": "/t", "cwd": "/p", "hook_event_name": "BeforeTool", "timestamp": "2026-11-27T00:00:00Z", "tool_name": "mcp_github_delete_repository", "tool_input": {"repo": "acme/api"}}"#,
            )
            .expect("gemini");
        assert!(
            matches!(&gemini.action, A::Mcp { server, tool, .. } if server == "github" && tool == "delete_repository"),
            "{:?}",
            gemini.action
        );
        let failure = HostKind::CopilotCli
            .parse(
                br#"{"sessionId": "s", "timestamp": 1764201600000, "cwd": "/p", "toolName": "bash", "toolArgs": "{\"command\": \"rm -rf ~\"}", "error": "exit status 1"}"#,
            )
            .expect("copilot");
        assert!(
            matches!(&failure.phase, Phase::Post { success: false, detail: Some(d) } if d.contains("exit status 1")),
            "a failure report is an outcome, not a call to judge: {:?}",
            failure.phase
        );
    }

    #[test]
    fn the_fixtures_parse_into_the_actions_their_tools_take() {
        use ToolAction as A;
        type Case = (HostKind, &'static str, fn(&ToolAction) -> bool);
        let cases: &[Case] = &[
            (
                HostKind::ClaudeCode,
                "pre_bash",
                |a| matches!(a, A::Shell { command } if command == "npm test"),
            ),
            (
                HostKind::ClaudeCode,
                "pre_write",
                |a| matches!(a, A::Write { paths, .. } if paths[0].ends_with("src/app.ts")),
            ),
            (
                HostKind::ClaudeCode,
                "pre_mcp",
                |a| matches!(a, A::Mcp { server, tool, .. } if server == "github" && tool == "search_repositories"),
            ),
            (
                HostKind::Codex,
                "pre_bash",
                |a| matches!(a, A::Shell { command } if command == "cargo test"),
            ),
            (
                HostKind::Codex,
                "pre_apply_patch",
                |a| matches!(a, A::Write { paths, .. } if paths == &["src/lib.rs"]),
            ),
            (
                HostKind::Codex,
                "pre_mcp",
                |a| matches!(a, A::Mcp { tool, .. } if tool == "get_issue"),
            ),
            (
                HostKind::GeminiCli,
                "pre_shell",
                |a| matches!(a, A::Shell { command } if command == "npm run build"),
            ),
            (HostKind::GeminiCli, "pre_write", |a| {
                matches!(a, A::Write { verb: "write", .. })
            }),
            (
                HostKind::GeminiCli,
                "pre_mcp",
                |a| matches!(a, A::Mcp { server, tool, .. } if server == "github" && tool == "list_pull_requests"),
            ),
            (
                HostKind::Cursor,
                "pre_shell",
                |a| matches!(a, A::Shell { command } if command == "npm install"),
            ),
            (HostKind::Cursor, "pre_write", |a| {
                matches!(a, A::Write { .. })
            }),
            (
                HostKind::Cursor,
                "pre_mcp",
                |a| matches!(a, A::Mcp { tool, params, .. } if tool == "list_issues" && params["owner"] == "acme"),
            ),
            (
                HostKind::CopilotCli,
                "pre_bash",
                |a| matches!(a, A::Shell { command } if command == "rm -rf dist"),
            ),
            (
                HostKind::CopilotCli,
                "pre_edit",
                |a| matches!(a, A::Write { paths, .. } if paths == &["src/app.js"]),
            ),
            (
                HostKind::CopilotCli,
                "pre_mcp",
                |a| matches!(a, A::Mcp { server, .. } if server == "github"),
            ),
        ];
        for (host, name, check) in cases {
            let event = host.parse(&fixture(host.name(), name)).expect(name);
            assert_eq!(event.phase, Phase::Pre, "{name}");
            assert!(!event.session.is_empty(), "{name}");
            assert!(
                check(&event.action),
                "{}/{name}: {:?}",
                host.name(),
                event.action
            );
        }
        let posts: &[(HostKind, &str, bool)] = &[
            (HostKind::ClaudeCode, "post_bash", true),
            (HostKind::ClaudeCode, "post_failure", false),
            (HostKind::Codex, "post_bash", false),
            (HostKind::GeminiCli, "post_shell", true),
            (HostKind::Cursor, "post_shell", true),
            (HostKind::CopilotCli, "post_bash", false),
        ];
        for (host, name, ok) in posts {
            let event = host.parse(&fixture(host.name(), name)).expect(name);
            assert!(
                matches!(event.phase, Phase::Post { success, .. } if success == *ok),
                "{}/{name}: {:?}",
                host.name(),
                event.phase
            );
        }
    }

    #[test]
    fn patch_paths_are_found() {
        let p = "*** Begin Patch\n*** Update File: src/a.rs\n@@\n-x\n+y\n*** Add File: /home/u/.ssh/authorized_keys\n+ssh-ed25519 AAAA\n*** End Patch";
        assert_eq!(
            patch_paths(p),
            vec!["src/a.rs", "/home/u/.ssh/authorized_keys"]
        );
    }
}
