//! The gateway (`airlock proxy`): an MCP server in front of one upstream MCP server (the
//! adapter). Tools are filtered by safety mode when listed (static filtering, the ADR), and
//! every tool call is gated before it can reach the upstream: allowed calls are forwarded;
//! refused ones get a tool error with the specification's error JSON; calls that need a person
//! get `CONFIRMATION_REQUIRED` with an approval id and a token that works only once a person has
//! approved; autonomy A0 gets a preview. Resources and prompts pass through.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use airlock_core::{AutonomyLevel, SafetyMode, TrustLevel};
use airlock_engine::{GateAnswer, GateCall};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams,
    GetPromptResponse, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult,
    ListToolsResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse,
    ResultType, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData as McpError, RoleClient, RoleServer, ServerHandler};
use serde_json::{Value, json};
use tracing::info;

/// Where tool calls are decided (blocking): the engine here, or the process that owns the state.
pub trait ToolGate: Send + Sync + 'static {
    /// Decides one call; an `Err` is the error object for the agent.
    fn gate(&self, call: &GateCall) -> Result<GateAnswer, Value>;
}

impl ToolGate for airlock_engine::Engine {
    fn gate(&self, call: &GateCall) -> Result<GateAnswer, Value> {
        self.gate_operation(call.as_call()).map_err(|e| e.to_json())
    }
}

/// How the gateway is set up.
#[derive(Debug, Clone)]
pub struct GatewayConfig {
    /// The adapter's name (its trust block in `policy.json`; the audit log's adapter).
    pub adapter: String,
    /// Who the calls are attributed to (blocks apply to this agent).
    pub agent: String,
    /// The safety mode: tools it does not admit are not listed, and calls are gated with it.
    pub safety_mode: SafetyMode,
    /// The adapter's trust level, instead of its trust block.
    pub trust: Option<TrustLevel>,
    /// An autonomy level instead of the policy's.
    pub autonomy: Option<AutonomyLevel>,
}

/// The MCP server in front of the upstream.
#[derive(Clone)]
pub struct Gateway {
    upstream: Peer<RoleClient>,
    upstream_capabilities: ServerCapabilities,
    gate: Arc<dyn ToolGate>,
    config: GatewayConfig,
    /// The upstream's tools by name (their annotations decide safety-mode filtering).
    tools: Arc<Mutex<HashMap<String, Tool>>>,
}

impl std::fmt::Debug for Gateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gateway")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

fn core_annotations(tool: &Tool) -> Option<airlock_core::ToolAnnotations> {
    tool.annotations
        .as_ref()
        .and_then(|a| serde_json::to_value(a).ok())
        .and_then(|v| serde_json::from_value(v).ok())
}

/// A legacy upstream's result carries no `resultType`; clients of protocol 2026-07-28 reject a
/// result without one. rmcp removes it again for legacy clients.
fn complete(result_type: &mut Option<ResultType>) {
    if result_type.is_none() {
        *result_type = Some(ResultType::COMPLETE);
    }
}

fn error_result(error: Value) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(
        json!({"success": false, "error": error}).to_string(),
    )])
}

impl Gateway {
    /// A gateway over a connected upstream.
    pub fn new(
        upstream: Peer<RoleClient>,
        upstream_capabilities: ServerCapabilities,
        gate: Arc<dyn ToolGate>,
        config: GatewayConfig,
    ) -> Self {
        Self {
            upstream,
            upstream_capabilities,
            gate,
            config,
            tools: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    fn admits(&self, tool: &Tool) -> bool {
        airlock_core::safety_mode::admits(self.config.safety_mode, core_annotations(tool).as_ref())
    }

    async fn refresh_tools(&self) -> Result<Vec<Tool>, McpError> {
        let all = self.upstream.list_all_tools().await.map_err(|e| {
            McpError::internal_error(
                format!("the upstream server did not list its tools: {e}"),
                None,
            )
        })?;
        let mut map = self.tools.lock().unwrap_or_else(PoisonError::into_inner);
        map.clear();
        for t in &all {
            map.insert(t.name.to_string(), t.clone());
        }
        Ok(all)
    }

    async fn tool(&self, name: &str) -> Result<Option<Tool>, McpError> {
        if let Some(t) = self
            .tools
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(name)
        {
            return Ok(Some(t.clone()));
        }
        Ok(self
            .refresh_tools()
            .await?
            .into_iter()
            .find(|t| t.name == name))
    }
}

impl ServerHandler for Gateway {
    fn get_info(&self) -> ServerConfig {
        // Advertise exactly what is forwarded: rmcp refuses methods of unadvertised capabilities.
        let mut caps = ServerCapabilities::builder().enable_tools().build();
        caps.resources = self.upstream_capabilities.resources.clone();
        caps.prompts = self.upstream_capabilities.prompts.clone();
        ServerConfig::new(caps).with_server_info(rmcp::model::Implementation::new(
            format!("airlock proxy for {}", self.config.adapter),
            env!("CARGO_PKG_VERSION"),
        ))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let all = self.refresh_tools().await?;
        let shown: Vec<Tool> = all.into_iter().filter(|t| self.admits(t)).collect();
        Ok(ListToolsResult::with_all_items(shown))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        let Some(tool) = self.tool(&name).await? else {
            return Err(McpError::invalid_params(
                format!("unknown tool '{name}'"),
                None,
            ));
        };
        let params = Value::Object(request.arguments.clone().unwrap_or_default());
        let call = GateCall {
            agent: self.config.agent.clone(),
            adapter: self.config.adapter.clone(),
            operation: name.clone(),
            endpoint: None,
            params,
            annotations: core_annotations(&tool),
            trust: self.config.trust,
            autonomy: self.config.autonomy,
            safety_mode: Some(self.config.safety_mode),
        };
        let gate = Arc::clone(&self.gate);
        let answer = tokio::task::spawn_blocking(move || gate.gate(&call))
            .await
            .map_err(|_| {
                McpError::internal_error("the gate failed: nothing was forwarded", None)
            })?;
        let answer = match answer {
            Ok(a) => a,
            Err(error) => return Ok(error_result(error).into()),
        };
        match answer {
            GateAnswer::Proceed { confirmed, .. } => {
                let mut forwarded = request;
                // The confirmation is airlock's; the upstream never sees it.
                if let Some(args) = forwarded.arguments.as_mut() {
                    args.remove(airlock_engine::token::CONFIRMATION_PARAM);
                }
                info!(tool = %name, confirmed, "forwarded");
                let response = self.upstream.call_tool_once(forwarded).await.map_err(|e| {
                    McpError::internal_error(format!("the upstream server failed: {e}"), None)
                })?;
                Ok(match response {
                    CallToolResponse::Complete(mut r) => {
                        complete(&mut r.result_type);
                        r.into()
                    }
                    other => other,
                })
            }
            // Not run, so not a success: a tool result that claims success would also have to
            // match the tool's output schema.
            GateAnswer::Preview { preview } => Ok(error_result(json!({
                "code": "PERMISSION_PREVIEW_ONLY",
                "message": preview["message"],
                "details": preview,
            }))
            .into()),
            GateAnswer::Pending { error, .. } | GateAnswer::Refused { error } => {
                info!(tool = %name, code = %error["code"], "not forwarded");
                Ok(error_result(error).into())
            }
        }
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        let mut result = self
            .upstream
            .list_resources(request)
            .await
            .map_err(|e| McpError::internal_error(e.to_string(), None))?;
        complete(&mut result.result_type);
        Ok(result)
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        let mut result = self
            .upstream
            .list_resource_templates(request)
            .await
            .map_err(|e| McpError::internal_error(e.to_string(), None))?;
        complete(&mut result.result_type);
        Ok(result)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let mut response = self
            .upstream
            .read_resource_once(request)
            .await
            .map_err(|e| McpError::internal_error(e.to_string(), None))?;
        if let ReadResourceResponse::Complete(r) = &mut response {
            complete(&mut r.result_type);
        }
        Ok(response)
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        let mut result = self
            .upstream
            .list_prompts(request)
            .await
            .map_err(|e| McpError::internal_error(e.to_string(), None))?;
        complete(&mut result.result_type);
        Ok(result)
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        let mut response = self
            .upstream
            .get_prompt_once(request)
            .await
            .map_err(|e| McpError::internal_error(e.to_string(), None))?;
        if let GetPromptResponse::Complete(r) = &mut response {
            complete(&mut r.result_type);
        }
        Ok(response)
    }
}
