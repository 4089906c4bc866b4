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
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitRequest,
    ElicitRequestParams, ElicitationSchema, GetPromptRequestParams, GetPromptResponse,
    InputRequest, InputRequests, InputRequiredResult, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ResultType, ServerCapabilities, ServerConfig,
    Tool,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData as McpError, RoleClient, RoleServer, ServerHandler};
use serde_json::{Value, json};
use tracing::info;

/// Where tool calls are decided (blocking): the engine here, or the process that owns the state.
pub trait ToolGate: Send + Sync + 'static {
    /// Decides one call; an `Err` is the error object for the agent.
    fn gate(&self, call: &GateCall) -> Result<GateAnswer, Value>;
    /// The user answered an MCP elicitation about an approval (a human channel).
    fn decide_by_user(&self, approval_id: &str, session: &str, approve: bool) -> Result<(), Value>;
    /// The safety mode when the gateway was given none: the current policy's `safety_mode`.
    fn policy_safety_mode(&self) -> SafetyMode;
}

impl ToolGate for airlock_engine::Engine {
    fn gate(&self, call: &GateCall) -> Result<GateAnswer, Value> {
        self.gate_operation(call.as_call()).map_err(|e| e.to_json())
    }

    fn decide_by_user(&self, approval_id: &str, session: &str, approve: bool) -> Result<(), Value> {
        let by = airlock_engine::HumanChannel::Elicitation {
            session: session.to_owned(),
        };
        let decided = if approve {
            self.approve(approval_id, by)
        } else {
            self.deny(approval_id, by)
        };
        decided.map(|_| ()).map_err(|e| e.to_json())
    }

    fn policy_safety_mode(&self) -> SafetyMode {
        self.policy().current().config().safety_mode
    }
}

/// The user's answer to an approval request shown by their MCP client.
#[derive(Debug, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
struct UserApproval {
    /// Let this call run, once?
    approve: bool,
}
rmcp::elicit_safe!(UserApproval);

/// How the gateway is set up.
#[derive(Debug, Clone)]
pub struct GatewayConfig {
    /// The adapter's name (its trust block in `policy.json`; the audit log's adapter).
    pub adapter: String,
    /// Who the calls are attributed to (blocks apply to this agent).
    pub agent: String,
    /// The safety mode: tools it does not admit are not listed, and calls are gated with it.
    /// `None`: the policy's `safety_mode`, read at each use so a hot reload applies.
    pub safety_mode: Option<SafetyMode>,
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

    /// The safety mode in force: the one given, else the current policy's.
    fn safety_mode(&self) -> SafetyMode {
        self.config
            .safety_mode
            .unwrap_or_else(|| self.gate.policy_safety_mode())
    }

    fn admits(&self, tool: &Tool) -> bool {
        airlock_core::safety_mode::admits(self.safety_mode(), core_annotations(tool).as_ref())
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

/// The key of the approval question among a call's input requests.
const APPROVAL_INPUT: &str = "airlock_approval";

/// The user's answer carried by a 2026-07-28 retry, if it answers this call's pending approval
/// (the request state is the client's to echo, so it is checked, not trusted).
fn user_answer(request: &CallToolRequestParams, approval_id: &str) -> Option<bool> {
    if request.request_state.as_deref() != Some(approval_id) {
        return None;
    }
    let answer = request.input_responses.as_ref()?.get(APPROVAL_INPUT)?;
    match answer.get("action").and_then(Value::as_str)? {
        "accept" => answer
            .get("content")
            .and_then(|c| c.get("approve"))
            .and_then(Value::as_bool),
        "decline" => Some(false),
        _ => None,
    }
}

/// Who answered an elicitation: the client's name, for the audit log.
fn user_session(context: &RequestContext<RoleServer>) -> String {
    context
        .client_info()
        .map(|i| i.name)
        .unwrap_or_else(|| "mcp-client".to_owned())
}

impl Gateway {
    async fn decide(&self, call: &GateCall) -> Result<Result<GateAnswer, Value>, McpError> {
        let gate = Arc::clone(&self.gate);
        let call = call.clone();
        tokio::task::spawn_blocking(move || gate.gate(&call))
            .await
            .map_err(|_| McpError::internal_error("the gate failed: nothing was forwarded", None))
    }

    /// For a 2026-07-28 client that declared form elicitation: the approval question as an
    /// `input_required` result, with the approval id as the (server-checked) request state.
    fn input_request(
        &self,
        context: &RequestContext<RoleServer>,
        tool: &str,
        call: &GateCall,
        approval_id: &str,
        error: &Value,
    ) -> Option<InputRequiredResult> {
        if context.peer.peer_info().is_some() {
            return None; // a legacy session: asked with `elicit` instead
        }
        let declared = context
            .client_capabilities()
            .and_then(|c| c.elicitation)
            .is_some();
        if !declared {
            return None;
        }
        let schema = ElicitationSchema::from_type::<UserApproval>().ok()?;
        let question = InputRequest::Elicitation(ElicitRequest::new(
            ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: self.question(tool, call, error),
                requested_schema: schema,
            },
        ));
        let mut requests = InputRequests::new();
        requests.insert(APPROVAL_INPUT.to_owned(), question);
        Some(InputRequiredResult::new(
            Some(requests),
            Some(approval_id.to_owned()),
        ))
    }

    fn question(&self, tool: &str, call: &GateCall, error: &Value) -> String {
        format!(
            "airlock: the agent wants to run '{tool}' on '{}' with {}.\n{}\nApprove this one call?",
            self.config.adapter,
            airlock_engine::audit::redact(&call.params),
            error["details"]["reason"]
                .as_str()
                .or(error["message"].as_str())
                .unwrap_or("It needs a person's confirmation.")
        )
    }

    /// Asks the user through their client, when it declared form elicitation in the legacy
    /// handshake. `None`: not asked or no answer.
    async fn ask_user(
        &self,
        context: &RequestContext<RoleServer>,
        tool: &str,
        call: &GateCall,
        error: &Value,
    ) -> Option<bool> {
        if !context
            .peer
            .supported_elicitation_modes()
            .contains(&rmcp::service::ElicitationMode::Form)
        {
            return None;
        }
        match context
            .peer
            .elicit::<UserApproval>(self.question(tool, call, error))
            .await
        {
            Ok(Some(answer)) => Some(answer.approve),
            Err(rmcp::service::ElicitationError::UserDeclined) => Some(false),
            Ok(None) | Err(_) => None,
        }
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
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        let tool = self.tool(&name).await?;
        let params = Value::Object(request.arguments.clone().unwrap_or_default());
        let call = GateCall {
            agent: self.config.agent.clone(),
            adapter: self.config.adapter.clone(),
            operation: name.clone(),
            endpoint: None,
            params,
            annotations: tool.as_ref().and_then(core_annotations),
            trust: self.config.trust,
            autonomy: self.config.autonomy,
            safety_mode: Some(self.safety_mode()),
            not_offered: tool.is_none(),
        };
        if call.not_offered {
            // The gate refuses it and audits the attempt (an agent probing for tools leaves a
            // record); the agent gets MCP's error for an unknown tool. Refused even if the
            // record cannot be written: there is nothing to forward.
            let _ = self.decide(&call).await;
            return Err(McpError::invalid_params(
                format!("unknown tool '{name}': list the tools for the ones this server offers"),
                Some(json!({"code": "NOT_FOUND_OPERATION", "operation": name})),
            ));
        }
        let mut answer = match self.decide(&call).await? {
            Ok(a) => a,
            Err(error) => return Ok(error_result(error).into()),
        };
        // A client that can ask its user (MCP elicitation) gets the question right away; the
        // user's answer is a person's decision, like the operator's. A 2026-07-28 client gets
        // it as an `input_required` result and answers by retrying the call with the user's
        // answer.
        if let GateAnswer::Pending { approval_id, error } = &answer
            && request.input_responses.is_none()
            && let Some(input) = self.input_request(&context, &name, &call, approval_id, error)
        {
            return Ok(input.into());
        }
        let answered = match &answer {
            GateAnswer::Pending { approval_id, .. } => user_answer(&request, approval_id),
            _ => None,
        };
        let asked = match (&answer, answered) {
            (_, Some(approve)) => Some(approve),
            (GateAnswer::Pending { error, .. }, None) => {
                self.ask_user(&context, &name, &call, error).await
            }
            _ => None,
        };
        if let GateAnswer::Pending { approval_id, .. } = &answer
            && let Some(approve) = asked
        {
            let gate = Arc::clone(&self.gate);
            let (id, session) = (approval_id.clone(), user_session(&context));
            let decided =
                tokio::task::spawn_blocking(move || gate.decide_by_user(&id, &session, approve))
                    .await
                    .map_err(|_| McpError::internal_error("the gate failed", None))?;
            if let Err(error) = decided {
                return Ok(error_result(error).into());
            }
            if !approve {
                return Ok(error_result(json!({
                    "code": "PERMISSION_DENIED",
                    "message": format!("The user declined '{name}': it was not run."),
                    "details": {"approval_id": approval_id},
                }))
                .into());
            }
            answer = match self.decide(&call).await? {
                Ok(a) => a,
                Err(error) => return Ok(error_result(error).into()),
            };
        }
        match answer {
            GateAnswer::Proceed { confirmed, .. } => {
                let mut forwarded = request;
                // The confirmation and the user's answer are airlock's; the upstream never sees
                // them.
                if let Some(args) = forwarded.arguments.as_mut() {
                    args.remove(airlock_engine::token::CONFIRMATION_PARAM);
                }
                forwarded.input_responses = None;
                forwarded.request_state = None;
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
