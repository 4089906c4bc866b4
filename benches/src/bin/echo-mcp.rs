//! A trivial MCP server over stdio: one tool, `echo`, that answers with its arguments as JSON
//! text. It is the transport floor the dongle's round trip is compared with: the same client,
//! the same stdio framing and JSON-RPC, and no work behind the call.

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Value, json};

struct Echo;

impl ServerHandler for Echo {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("echo", env!("CARGO_PKG_VERSION")))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let schema = json!({"type": "object", "additionalProperties": true});
        let Value::Object(schema) = schema else {
            unreachable!("a JSON object literal")
        };
        Ok(ListToolsResult::with_all_items(vec![Tool::new(
            "echo",
            "Answers with its arguments.",
            std::sync::Arc::new(schema),
        )]))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let text = Value::Object(request.arguments.unwrap_or_default()).to_string();
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into())
    }
}

fn main() -> std::process::ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("echo-mcp: cannot start the runtime: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let served = runtime.block_on(async {
        let service = Echo.serve(rmcp::transport::stdio()).await?;
        service.waiting().await?;
        Ok::<_, Box<dyn std::error::Error>>(())
    });
    match served {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("echo-mcp: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
