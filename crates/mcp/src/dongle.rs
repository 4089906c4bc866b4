//! The safety dongle: MCP-AQL's CRUDE tools over the execution safety loop's operations.

use std::sync::Arc;

use airlock_core::Endpoint;
use airlock_engine::Engine;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{Value, json};

/// Where the loop's operations run: anything that answers `{operation, params}` on an endpoint
/// with the operation-result envelope.
pub trait AgentOps: Send + Sync + 'static {
    /// Runs one operation. Blocking: it may evaluate WebAssembly stages and write to disk.
    fn call(&self, endpoint: Endpoint, operation: &str, params: &Value) -> Value;

    /// Runs one operation for a caller in `session` (one MCP connection): a stop in the
    /// session holds for it, whatever agent name it gives next ([`Engine::call_as`]).
    fn call_in_session(
        &self,
        session: &str,
        endpoint: Endpoint,
        operation: &str,
        params: &Value,
    ) -> Value;
}

impl AgentOps for Engine {
    fn call(&self, endpoint: Endpoint, operation: &str, params: &Value) -> Value {
        Engine::call(self, endpoint, operation, params)
    }

    fn call_in_session(
        &self,
        session: &str,
        endpoint: Endpoint,
        operation: &str,
        params: &Value,
    ) -> Value {
        Engine::call_as(
            self,
            &airlock_engine::Caller::session(session),
            endpoint,
            operation,
            params,
        )
    }
}

/// A key for this process's MCP connection, unique among the dongles sharing one state (the
/// process id, the moment and a counter). It never leaves airlock; an agent cannot choose it.
fn new_session_key() -> String {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("mcp:{}:{nanos}:{n}", std::process::id())
}

/// How the operations are exposed as tools.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum EndpointMode {
    /// `mcp_aql_read`, `mcp_aql_create`, `mcp_aql_execute` (the dongle needs no UPDATE or
    /// DELETE): the client's per-tool permissions then follow the spec's friction levels.
    #[default]
    Crude,
    /// One tool, `mcp_aql`; the endpoint follows from the operation.
    Single,
}

/// The MCP server.
#[derive(Clone)]
pub struct Dongle {
    ops: Arc<dyn AgentOps>,
    mode: EndpointMode,
    /// The MCP connection this dongle serves (one per `airlock serve` process on stdio).
    session: String,
}

impl std::fmt::Debug for Dongle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dongle")
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

const INSTRUCTIONS: &str = "airlock is the execution safety loop. Call execute_agent (mcp_aql_execute) \
once at the start. Before EVERY action with an effect outside your reasoning (any tool call on any \
server, file or shell action, network request), call record_execution_step (mcp_aql_create) with \
element_name and a specific nextActionHint, and take the action only if the answer's continue is \
true. If stopped is true, stop all actions and tell the user. Verification codes go to a person, \
never to you: ask the user for the code and pass it to verify_challenge. End with \
complete_execution or abort_execution. introspect (mcp_aql_read) lists the operations.";

fn input_schema(endpoint: Option<Endpoint>) -> Arc<JsonObject> {
    let names: Vec<&str> = airlock_engine::ops::operation_names()
        .filter(|op| endpoint.is_none() || airlock_engine::ops::endpoint_of(op) == endpoint)
        .collect();
    let schema = json!({
        "type": "object",
        "properties": {
            "operation": {"type": "string", "enum": names, "description": "The MCP-AQL operation"},
            "params": {"type": "object", "description": "The operation's parameters (introspect lists them)"}
        },
        "required": ["operation"]
    });
    match schema {
        Value::Object(map) => Arc::new(map),
        _ => Arc::new(JsonObject::new()),
    }
}

fn tool(name: &'static str, endpoint: Option<Endpoint>, description: &'static str) -> Tool {
    let (read_only, destructive) = match endpoint {
        Some(Endpoint::Read) => (true, false),
        Some(Endpoint::Create) => (false, false),
        // EXECUTE, and the single tool that includes it.
        _ => (false, true),
    };
    Tool::new(name, description, input_schema(endpoint)).with_annotations(
        ToolAnnotations::new()
            .read_only(read_only)
            .destructive(destructive),
    )
}

impl Dongle {
    /// A dongle over `ops`.
    pub fn new(ops: Arc<dyn AgentOps>, mode: EndpointMode) -> Self {
        Self {
            ops,
            mode,
            session: new_session_key(),
        }
    }

    /// The tools this dongle lists.
    pub fn tools(&self) -> Vec<Tool> {
        match self.mode {
            EndpointMode::Crude => vec![
                tool(
                    "mcp_aql_read",
                    Some(Endpoint::Read),
                    "Read-only MCP-AQL operations: introspect.",
                ),
                tool(
                    "mcp_aql_create",
                    Some(Endpoint::Create),
                    "MCP-AQL CREATE operations: record_execution_step (report every intended action before taking it), verify_challenge.",
                ),
                tool(
                    "mcp_aql_execute",
                    Some(Endpoint::Execute),
                    "MCP-AQL EXECUTE operations: execute_agent, complete_execution, abort_execution, confirm_operation.",
                ),
            ],
            EndpointMode::Single => vec![tool(
                "mcp_aql",
                None,
                "All MCP-AQL operations of the airlock safety loop; introspect lists them.",
            )],
        }
    }

    /// Runs a tool call: `{operation, params}` in, the operation-result envelope out.
    pub async fn run(&self, tool: &str, arguments: Option<JsonObject>) -> Value {
        let args = arguments.unwrap_or_default();
        let Some(operation) = args.get("operation").and_then(Value::as_str) else {
            return json!({"success": false, "error": {
                "code": "VALIDATION_MISSING_PARAM",
                "message": "Missing required parameter 'operation': call introspect for the list",
                "details": {"param": "operation"}
            }});
        };
        if let Some(extra) = args.keys().find(|k| *k != "operation" && *k != "params") {
            return json!({"success": false, "error": {
                "code": "VALIDATION_UNKNOWN_PARAM",
                "message": format!("Unknown field '{extra}': the input is {{operation, params}}"),
                "details": {"param": extra}
            }});
        }
        let endpoint = match (self.mode, tool) {
            (EndpointMode::Single, _) => match airlock_engine::ops::endpoint_of(operation) {
                Some(e) => e,
                None => {
                    return json!({"success": false, "error": {
                        "code": "NOT_FOUND_OPERATION",
                        "message": format!("Unknown operation '{operation}': call introspect for the list"),
                        "details": {"operation": operation}
                    }});
                }
            },
            (EndpointMode::Crude, "mcp_aql_read") => Endpoint::Read,
            (EndpointMode::Crude, "mcp_aql_create") => Endpoint::Create,
            (EndpointMode::Crude, _) => Endpoint::Execute,
        };
        let params = args.get("params").cloned().unwrap_or(Value::Null);
        // The engine runs here, on the task, not on tokio's blocking pool: `airlock serve` has
        // one client on stdio and runs this on a current-thread runtime, and a step (a few
        // microseconds, an fsync when it blocks an agent) cost less than the two thread
        // handoffs of `spawn_blocking` on a loaded machine. A panic is caught and answered.
        let call = std::panic::AssertUnwindSafe(|| {
            self.ops
                .call_in_session(&self.session, endpoint, operation, &params)
        });
        match std::panic::catch_unwind(call) {
            Ok(mut v) => {
                if self.mode == EndpointMode::Single && operation == "introspect" {
                    name_the_single_tool(&mut v);
                }
                v
            }
            Err(_) => json!({"success": false, "error": {
                "code": "INTERNAL_ERROR",
                "message": "the operation failed inside airlock; nothing was decided: retry"
            }}),
        }
    }
}

/// In single-tool mode every operation is reached through `mcp_aql`: introspection, written for
/// the CRUDE tools (`mcp_aql_read`, `mcp_aql_create`...), is made to say so.
fn name_the_single_tool(v: &mut Value) {
    const CRUDE: [&str; 5] = [
        "mcp_aql_create",
        "mcp_aql_read",
        "mcp_aql_update",
        "mcp_aql_delete",
        "mcp_aql_execute",
    ];
    match v {
        Value::String(s) if CRUDE.iter().any(|t| s.contains(t)) => {
            for tool in CRUDE {
                *s = s.replace(tool, "mcp_aql");
            }
        }
        Value::Array(items) => items.iter_mut().for_each(name_the_single_tool),
        Value::Object(map) => map.values_mut().for_each(name_the_single_tool),
        _ => {}
    }
}

impl ServerHandler for Dongle {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("airlock", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.tools()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let known = self.tools().iter().any(|t| t.name == request.name);
        if !known {
            return Err(McpError::invalid_params(
                format!("unknown tool '{}'", request.name),
                None,
            ));
        }
        let result = self.run(&request.name, request.arguments).await;
        let failed = result.get("success") != Some(&Value::Bool(true));
        let content = vec![ContentBlock::text(result.to_string())];
        Ok(if failed {
            CallToolResult::error(content)
        } else {
            CallToolResult::success(content)
        }
        .into())
    }
}
