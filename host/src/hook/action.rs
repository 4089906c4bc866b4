//! A host's tool call as an action airlock judges.
//!
//! The WebAssembly stages read text: a shell command is passed as the command itself (the
//! stages' shell recognizers parse it), a file write as "write file PATH", a read as "read file
//! PATH", a fetch as "fetch URL ...". An MCP tool is a structured operation for the native gate
//! (its name classified by danger level, its server's trust from `policy.json` or `airlock
//! trust`) and a hint for the stages. The path grading of [`super::grading`] adds floors.

use airlock_core::Outcome;
use airlock_engine::{HookCall, HookFloor, HookOutcome};
use serde_json::Value;

use super::grading;
use super::hosts::{HostEvent, HostKind};

/// The longest text sent to the engine. The engine refuses any text over
/// [`airlock_core::limits::MAX_HINT_BYTES`] (8 KiB) whole, never judging a part of it; a
/// longer input (a hook input may be megabytes) is cut here only so the request stays small,
/// and stays over the limit, so it is refused.
const MAX_SENT: usize = 2 * airlock_core::limits::MAX_HINT_BYTES;

/// What a tool does.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolAction {
    /// Runs a shell command.
    Shell {
        /// The command line.
        command: String,
    },
    /// Writes, edits or deletes files.
    Write {
        /// The files, as the host gave them (absolute or relative to the session's cwd).
        paths: Vec<String>,
        /// `write`, `edit` or `delete`.
        verb: &'static str,
    },
    /// Reads files or lists directories.
    Read {
        /// The files or directories.
        paths: Vec<String>,
    },
    /// Fetches a URL.
    Fetch {
        /// The URL.
        url: String,
    },
    /// Searches the web.
    Search {
        /// The query.
        query: String,
    },
    /// Calls an MCP tool.
    Mcp {
        /// The server (the adapter).
        server: String,
        /// The tool (the operation).
        tool: String,
        /// Its arguments.
        params: Value,
    },
    /// Anything else: judged by its name and input as text.
    Other {
        /// The tool's input.
        input: Value,
    },
}

fn cut(mut s: String, limit: usize) -> String {
    if s.len() > limit {
        let mut end = limit - CUT_MARK.len();
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
        s.push_str(CUT_MARK);
    }
    s
}

const CUT_MARK: &str = " [cut]";

/// Whether the action's text is a description airlock wrote around the tool's input (an MCP
/// tool's or another tool's arguments), rather than the action itself (a command, a path, a
/// URL). A long description (a file's content sent to an MCP server, a sub-agent's prompt) is
/// common and harmless on its own: it is judged by its first 8 KiB and asked of a person, who
/// sees the whole call in the host. A long command is refused (see [`MAX_SENT`]).
fn described(action: &ToolAction) -> bool {
    matches!(action, ToolAction::Mcp { .. } | ToolAction::Other { .. })
}

/// The hint the stages judge.
pub fn hint_of(tool: &str, action: &ToolAction) -> String {
    let limit = if described(action) {
        airlock_core::limits::MAX_HINT_BYTES
    } else {
        MAX_SENT
    };
    cut(text_of(tool, action), limit)
}

fn text_of(tool: &str, action: &ToolAction) -> String {
    match action {
        ToolAction::Shell { command } => command.clone(),
        ToolAction::Write { paths, verb } => format!("{verb} file {}", paths.join(" ")),
        ToolAction::Read { paths } => format!("read file {}", paths.join(" ")),
        ToolAction::Fetch { url } => format!("fetch URL {url} (network access)"),
        ToolAction::Search { query } => format!("web search: {query}"),
        ToolAction::Mcp {
            server,
            tool,
            params,
        } => {
            let (operation, _, inner) = what_runs(tool, params);
            if operation == *tool {
                format!("{tool} on MCP server {server} with {params}")
            } else {
                format!("{operation} on MCP server {server} (through {tool}) with {inner}")
            }
        }
        ToolAction::Other { input } => match input {
            Value::Null => tool.to_owned(),
            other => format!("{tool} {other}"),
        },
    }
}

/// The call for the engine.
pub fn hook_call(host: HostKind, event: &HostEvent, protected: &grading::Protected) -> HookCall {
    let (operation, endpoint, adapter, params) = match &event.action {
        ToolAction::Mcp {
            server,
            tool,
            params,
        } => {
            let (operation, endpoint, params) = what_runs(tool, params);
            (Some(operation), endpoint, Some(server.clone()), params)
        }
        _ => (None, None, None, Value::Null),
    };
    let mut floors = grading::floors(&event.action, event.cwd.as_deref(), protected);
    let limit = airlock_core::limits::MAX_HINT_BYTES;
    if described(&event.action) && text_of(&event.tool, &event.action).len() > limit {
        floors.push(HookFloor {
            outcome: Outcome::Confirm,
            reason: format!(
                "the tool's input is over the {} KiB ({limit} bytes) airlock judges: its start \
                 was judged, a person looks at the whole call",
                limit / 1024
            ),
        });
    }
    HookCall {
        agent: super::agent_of(host, event),
        host: host.name().to_owned(),
        tool: event.tool.clone(),
        hint: hint_of(&event.tool, &event.action),
        operation,
        adapter,
        endpoint,
        params,
        floors,
        can_ask: host.can_ask(),
    }
}

/// What an MCP tool call runs: the operation inside an MCP-AQL endpoint tool
/// (`mcp_aql_execute {"operation": "drop_database"}` is `drop_database`, through the execute
/// endpoint), else the tool itself; the gateway's own reading (`airlock proxy`), so a tool is
/// classified the same whichever way it is reached.
fn what_runs(tool: &str, params: &Value) -> (String, Option<airlock_core::Endpoint>, Value) {
    let empty = serde_json::Map::new();
    let arguments = params.as_object().unwrap_or(&empty);
    let (operation, endpoint, inner) = airlock_mcp::gateway::what_runs(tool, arguments);
    if operation == tool && !params.is_object() {
        // Not an object: passed on as given (the gate sees no params).
        return (operation, endpoint, params.clone());
    }
    (operation, endpoint, inner)
}

/// The post-tool-use report for the engine.
pub fn hook_outcome(
    host: HostKind,
    event: &HostEvent,
    success: bool,
    detail: Option<String>,
) -> HookOutcome {
    HookOutcome {
        agent: super::agent_of(host, event),
        host: host.name().to_owned(),
        tool: event.tool.clone(),
        hint: hint_of(&event.tool, &event.action),
        success,
        detail,
    }
}
