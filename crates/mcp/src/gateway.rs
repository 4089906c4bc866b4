//! The gateway (`airlock proxy`): an MCP server in front of one upstream MCP server (the
//! adapter). Tools are filtered by safety mode when listed (static filtering, the ADR), and
//! every tool call is gated before it can reach the upstream: allowed calls are forwarded;
//! refused ones get a tool error with the specification's error JSON; calls that need a person
//! get `CONFIRMATION_REQUIRED` with an approval id and a token that works only once a person has
//! approved; autonomy A0 gets a preview. Resources and prompts pass through.
//!
//! What the gateway keeps per session, and why:
//!
//! - **MCP-AQL tools are judged by their operation.** An upstream that speaks MCP-AQL exposes
//!   endpoint tools (`mcp_aql_execute`, a prefixed `github_mcp_aql_delete`, the single
//!   `mcp_aql`) that take `{operation, params}`: the operation inside is what runs, so it is
//!   what is classified (`drop_database` is forbidden whichever tool carries it), with the
//!   endpoint the tool's family names.
//! - **History** of the calls it forwarded (the past hour): how often each operation ran, when
//!   the same call last ran, how many notifications went out. The gate needs it for repetition
//!   escalation, anti-flap and the notification-storm rule.
//! - **The elicitations it asked.** A 2026-07-28 client answers an approval question by
//!   retrying the call with `inputResponses` and the `requestState` it was given; that answer
//!   counts only if this gateway asked this client (which declared elicitation) about this very
//!   call, and only once: the request state is a random nonce the gateway remembers, never the
//!   approval id a client could read from an error and answer unasked.
//! - **Danger information in the tool list** (danger-levels 7.1.5): each tool's `_meta` carries
//!   `airlock/danger` (a `DangerClassification`) and `airlock/gating`, and its description
//!   ends with one line saying the same for the model.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

use airlock_core::{AutonomyLevel, Endpoint, GateContext, SafetyMode, TrustLevel};
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
use sha2::{Digest, Sha256};
use tracing::{info, warn};

/// Where tool calls are decided (blocking): the engine here, or the process that owns the state.
pub trait ToolGate: Send + Sync + 'static {
    /// Decides one call; an `Err` is the error object for the agent.
    fn gate(&self, call: &GateCall) -> Result<GateAnswer, Value>;
    /// The user answered an MCP elicitation about an approval (a human channel).
    fn decide_by_user(&self, approval_id: &str, session: &str, approve: bool) -> Result<(), Value>;
    /// The safety mode when the gateway was given none: the current policy's `safety_mode`.
    fn policy_safety_mode(&self) -> SafetyMode;
    /// Whether the policy counts `operation` as an outbound notification.
    fn is_notification(&self, operation: &str) -> bool;
    /// The danger information of a call without params, for the tool list
    /// ([`airlock_engine::danger_info`]); nothing is recorded.
    fn describe(&self, call: &GateCall) -> Value;
}

impl ToolGate for airlock_engine::Engine {
    fn gate(&self, call: &GateCall) -> Result<GateAnswer, Value> {
        self.gate_call(call).map_err(|e| e.to_json())
    }

    fn is_notification(&self, operation: &str) -> bool {
        self.policy().current().gate().is_notification(operation)
    }

    fn describe(&self, call: &GateCall) -> Value {
        self.describe_call(call)
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
    /// The calls forwarded in the past hour, oldest first.
    history: Arc<Mutex<VecDeque<Performed>>>,
    /// The approval questions asked as `input_required` results, by their request state.
    asked: Arc<Mutex<Asked>>,
}

/// One forwarded call, for the history the gate needs.
#[derive(Debug, Clone)]
struct Performed {
    at: jiff::Timestamp,
    operation: String,
    /// The digest of the call's params: "the same action" for anti-flap.
    params: String,
    notification: bool,
}

/// How far back the history goes (notifications are counted per hour), and how many calls it
/// keeps at most (beyond that the oldest are forgotten, which can only under-count).
const HISTORY_WINDOW: jiff::SignedDuration = jiff::SignedDuration::from_secs(3600);
const HISTORY_MAX: usize = 100_000;

/// A question this gateway asked: which approval, about which call.
#[derive(Debug, Clone)]
struct Question {
    approval_id: String,
    call: String,
}

/// The questions waiting for an answer, oldest first; at most [`ASKED_MAX`].
#[derive(Debug, Default)]
struct Asked {
    by_state: HashMap<String, Question>,
    order: VecDeque<String>,
}

const ASKED_MAX: usize = 1024;

impl Asked {
    fn insert(&mut self, state: String, question: Question) {
        while self.order.len() >= ASKED_MAX {
            if let Some(old) = self.order.pop_front() {
                self.by_state.remove(&old);
            }
        }
        self.order.push_back(state.clone());
        self.by_state.insert(state, question);
    }

    /// Takes the question out: an answer is used once, right or wrong.
    fn take(&mut self, state: &str) -> Option<Question> {
        let q = self.by_state.remove(state)?;
        self.order.retain(|s| s != state);
        Some(q)
    }
}

/// A digest of JSON text, hex.
fn digest(parts: &[&str]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update(b"\0");
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh request state: 128 random bits from the OS. `None` if the OS has none to give (the
/// question is then not asked this way; the operator's channel still works).
fn nonce() -> Option<String> {
    use rand_core::TryRngCore;
    let mut bytes = [0u8; 16];
    rand_core::OsRng.try_fill_bytes(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `name` is an MCP-AQL endpoint tool (`[prefix_]mcp_aql[_family]`, mcp-integration
/// 2.2 and 6.5), and if so the CRUDE endpoint its family names (`None` for the single tool and
/// for other families such as `query`).
pub fn mcp_aql_endpoint(name: &str) -> Option<Option<Endpoint>> {
    const STEM: &str = "mcp_aql";
    // The last occurrence that fits, as the specification's greedy `^(.+_)?mcp_aql(_x)?$`.
    let (at, _) = name.rmatch_indices(STEM).find(|(i, _)| {
        let (prefix, rest) = (&name[..*i], &name[i + STEM.len()..]);
        (prefix.is_empty() || (prefix.len() > 1 && prefix.ends_with('_')))
            && (rest.is_empty()
                || rest.strip_prefix('_').is_some_and(|f| {
                    !f.is_empty()
                        && f.bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
                }))
    })?;
    let family = name[at + STEM.len()..].trim_start_matches('_');
    Some(match family {
        "create" => Some(Endpoint::Create),
        "read" => Some(Endpoint::Read),
        "update" => Some(Endpoint::Update),
        "delete" => Some(Endpoint::Delete),
        "execute" => Some(Endpoint::Execute),
        _ => None,
    })
}

/// What a tool call does, for the gate: the tool itself, or the MCP-AQL operation inside an
/// endpoint tool, with the endpoint its family names. The one classification of MCP-AQL tools:
/// `airlock hook` uses it for a host's MCP tool calls too.
pub fn what_runs(
    name: &str,
    arguments: &serde_json::Map<String, Value>,
) -> (String, Option<Endpoint>, Value) {
    if let Some(endpoint) = mcp_aql_endpoint(name)
        && let Some(operation) = arguments.get("operation").and_then(Value::as_str)
    {
        let params = match arguments.get("params") {
            Some(p @ Value::Object(_)) => p.clone(),
            // Absent or malformed: the upstream refuses it; the gate sees no params.
            _ => json!({}),
        };
        return (operation.to_owned(), endpoint, params);
    }
    (name.to_owned(), None, Value::Object(arguments.clone()))
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

/// Puts a tool's danger information where clients and models find it: `_meta`
/// (`airlock/danger`, `airlock/gating`) and a last line of the description.
fn annotate(tool: &mut Tool, info: &Value) {
    let (Some(danger), Some(gating)) = (info.get("danger"), info.get("gating")) else {
        return;
    };
    let mut meta = tool.meta.take().unwrap_or_default();
    meta.0.insert("airlock/danger".to_owned(), danger.clone());
    meta.0.insert("airlock/gating".to_owned(), gating.clone());
    tool.meta = Some(meta);
    let needs = match gating["outcome"].as_str() {
        Some("allow") => "runs without a person".to_owned(),
        Some("confirm") | Some("verify") => "needs a person's approval".to_owned(),
        Some("preview") => "is previewed only (autonomy A0)".to_owned(),
        _ => format!(
            "is refused (trust {} is needed to proceed)",
            gating["minimum_trust"]["to_proceed"]
                .as_str()
                .unwrap_or("no trust level")
        ),
    };
    let line = format!(
        "[airlock] danger level {} ({}); at trust {} a call {needs}.",
        danger["level"].as_str().unwrap_or("?"),
        gating["danger_level"],
        gating["trust"].as_str().unwrap_or("?"),
    );
    let description = match tool.description.take() {
        Some(d) if !d.is_empty() => format!("{d}\n\n{line}"),
        _ => line,
    };
    tool.description = Some(description.into());
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
            history: Arc::new(Mutex::new(VecDeque::new())),
            asked: Arc::new(Mutex::new(Asked::default())),
        }
    }

    /// What the session's history says about `operation` with these params, at `now`.
    fn history_of(&self, operation: &str, params: &str, now: jiff::Timestamp) -> GateContext {
        let mut history = self.history.lock().unwrap_or_else(PoisonError::into_inner);
        let since = now.checked_sub(HISTORY_WINDOW).unwrap_or(now);
        while history.front().is_some_and(|p| p.at < since) {
            history.pop_front();
        }
        let mut context = GateContext::default();
        for p in history.iter() {
            if p.operation == operation {
                context.repetitions = context.repetitions.saturating_add(1);
                if p.params == params {
                    context.last_same_action_at = Some(p.at);
                }
            }
            if p.notification {
                context.notifications_last_hour = context.notifications_last_hour.saturating_add(1);
            }
        }
        context
    }

    fn remember(&self, performed: Performed) {
        let mut history = self.history.lock().unwrap_or_else(PoisonError::into_inner);
        if history.len() >= HISTORY_MAX {
            history.pop_front();
        }
        history.push_back(performed);
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

/// The user's answer carried by a 2026-07-28 retry, if this gateway asked this client about
/// this call's pending approval. The request state is the client's to echo, so it is checked,
/// not trusted: it must be a nonce this gateway issued (taken out, so it answers once), for
/// this approval and exactly this call, and the client must have declared elicitation.
fn user_answer(
    request: &CallToolRequestParams,
    approval_id: &str,
    call: &str,
    asked: &Mutex<Asked>,
    declared: bool,
) -> Option<bool> {
    let state = request.request_state.as_deref()?;
    let question = asked
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take(state);
    let bound = question
        .as_ref()
        .is_some_and(|q| q.approval_id == approval_id && q.call == call);
    if !bound || !declared {
        warn!(
            approval = approval_id,
            declared,
            "an approval answer the gateway did not ask for (or not for this call) was ignored"
        );
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

/// Whether the client declared elicitation for this request (2026-07-28: in the request).
fn declared_elicitation(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .and_then(|c| c.elicitation)
        .is_some()
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
    #[allow(clippy::too_many_arguments)]
    fn input_request(
        &self,
        context: &RequestContext<RoleServer>,
        tool: &str,
        call: &GateCall,
        call_digest: &str,
        approval_id: &str,
        error: &Value,
    ) -> Option<InputRequiredResult> {
        if context.peer.peer_info().is_some() {
            return None; // a legacy session: asked with `elicit` instead
        }
        if !declared_elicitation(context) {
            return None;
        }
        let state = nonce()?;
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
        self.asked
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(
                state.clone(),
                Question {
                    approval_id: approval_id.to_owned(),
                    call: call_digest.to_owned(),
                },
            );
        Some(InputRequiredResult::new(Some(requests), Some(state)))
    }

    /// The question for the user. The agent wrote the params and the tool name, so they are
    /// escaped: the client may show this on a terminal.
    fn question(&self, tool: &str, call: &GateCall, error: &Value) -> String {
        use airlock_core::display::for_terminal;
        let what = if call.operation == tool {
            format!("'{}'", for_terminal(tool))
        } else {
            format!(
                "operation '{}' through '{}'",
                for_terminal(&call.operation),
                for_terminal(tool)
            )
        };
        format!(
            "airlock: the agent wants to run {what} on '{}' with {}.\n{}\nApprove this one call?",
            for_terminal(&self.config.adapter),
            for_terminal(&airlock_engine::audit::redact(&call.params).to_string()),
            for_terminal(
                error["details"]["reason"]
                    .as_str()
                    .or(error["message"].as_str())
                    .unwrap_or("It needs a person's confirmation.")
            )
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
        let mut shown: Vec<Tool> = all.into_iter().filter(|t| self.admits(t)).collect();
        // Each tool's danger information (danger-levels 7.1.5), decided as a call without
        // params would be: one blocking pass for the whole list.
        let calls: Vec<GateCall> = shown
            .iter()
            .map(|t| GateCall {
                agent: self.config.agent.clone(),
                adapter: self.config.adapter.clone(),
                operation: t.name.to_string(),
                endpoint: mcp_aql_endpoint(&t.name).flatten(),
                params: json!({}),
                annotations: core_annotations(t),
                trust: self.config.trust,
                autonomy: self.config.autonomy,
                safety_mode: Some(self.safety_mode()),
                ..GateCall::default()
            })
            .collect();
        let gate = Arc::clone(&self.gate);
        let described =
            tokio::task::spawn_blocking(move || calls.iter().map(|c| gate.describe(c)).collect())
                .await
                .unwrap_or_else(|_| Vec::new());
        for (tool, info) in shown.iter_mut().zip(described) {
            annotate(tool, &info);
        }
        Ok(ListToolsResult::with_all_items(shown))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        let tool = self.tool(&name).await?;
        let arguments = request.arguments.clone().unwrap_or_default();
        let (operation, endpoint, params) = what_runs(&name, &arguments);
        let now = jiff::Timestamp::now();
        let params_digest = digest(&[&params.to_string()]);
        let call = GateCall {
            agent: self.config.agent.clone(),
            adapter: self.config.adapter.clone(),
            operation: operation.clone(),
            endpoint,
            params,
            annotations: tool.as_ref().and_then(core_annotations),
            trust: self.config.trust,
            autonomy: self.config.autonomy,
            safety_mode: Some(self.safety_mode()),
            not_offered: tool.is_none(),
            context: self.history_of(&operation, &params_digest, now),
        };
        // The call a user's answer must be about: the tool and its exact arguments.
        let call_digest = digest(&[&name, &Value::Object(arguments).to_string()]);
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
        // answer and the request state it was given.
        let answered = match &answer {
            GateAnswer::Pending { approval_id, .. } if request.request_state.is_some() => {
                user_answer(
                    &request,
                    approval_id,
                    &call_digest,
                    &self.asked,
                    declared_elicitation(&context),
                )
            }
            _ => None,
        };
        if let GateAnswer::Pending { approval_id, error } = &answer
            && answered.is_none()
            && let Some(input) =
                self.input_request(&context, &name, &call, &call_digest, approval_id, error)
        {
            return Ok(input.into());
        }
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
                // them (for an MCP-AQL tool, the confirmation sits in the operation's params).
                if let Some(args) = forwarded.arguments.as_mut() {
                    args.remove(airlock_engine::token::CONFIRMATION_PARAM);
                    if operation != name
                        && let Some(Value::Object(inner)) = args.get_mut("params")
                    {
                        inner.remove(airlock_engine::token::CONFIRMATION_PARAM);
                    }
                }
                forwarded.input_responses = None;
                forwarded.request_state = None;
                info!(tool = %name, operation = %operation, confirmed, "forwarded");
                self.remember(Performed {
                    at: now,
                    notification: self.gate.is_notification(&operation),
                    operation,
                    params: params_digest,
                });
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mcp_aql_tool_names_are_recognized() {
        for (name, endpoint) in [
            ("mcp_aql", None),
            ("mcp_aql_read", Some(Endpoint::Read)),
            ("mcp_aql_execute", Some(Endpoint::Execute)),
            ("github_mcp_aql_delete", Some(Endpoint::Delete)),
            ("db_mcp_aql_query", None),
            ("a_mcp_aql_b_mcp_aql_create", Some(Endpoint::Create)),
        ] {
            assert_eq!(mcp_aql_endpoint(name), Some(endpoint), "{name}");
        }
        for name in [
            "read_file",
            "mcp_aqlx",
            "xmcp_aql",
            "mcp_aql_",
            "_mcp_aql",
            "mcp_aql_Read",
        ] {
            assert_eq!(mcp_aql_endpoint(name), None, "{name}");
        }
    }

    #[test]
    fn an_mcp_aql_call_is_the_operation_inside_it() {
        let args = json!({"operation": "drop_database", "params": {"name": "prod"}});
        let Value::Object(args) = args else {
            unreachable!()
        };
        let (op, endpoint, params) = what_runs("mcp_aql_execute", &args);
        assert_eq!(
            (op.as_str(), endpoint, params),
            (
                "drop_database",
                Some(Endpoint::Execute),
                json!({"name": "prod"})
            )
        );
        let (op, _, params) = what_runs("write_file", &args);
        assert_eq!(op, "write_file");
        assert_eq!(params["operation"], "drop_database");
    }
}
