//! The routes. Each handler carries its `#[utoipa::path]`: the OpenAPI document
//! ([`crate::openapi`]) is generated from these attributes and the types the handlers read and
//! send ([`crate::answers`]).

use std::sync::Arc;
use std::time::Instant;

use airlock_core::json_shape::ObjectOnly;
use airlock_core::{Endpoint, LoopMode};
use airlock_engine::DecideError;
use airlock_engine::decide::DecideRequest;
use airlock_wasm::LivePolicy;
use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::answers::{ApiError, DecideAnswer, ErrorAnswer, OperationResult, StageStatus, Status};
use crate::metrics::Metrics;

/// The largest request body accepted, in bytes ([`airlock_core::limits`]).
pub const MAX_BODY_BYTES: usize = airlock_core::limits::MAX_HTTP_BODY_BYTES;

/// Numbers only the engine's owner knows; `None` when this process does not own the state.
#[derive(Debug, Clone, Copy, Default)]
pub struct Gauges {
    /// Hard-blocked agents.
    pub blocked_agents: Option<u64>,
    /// Approvals waiting for a person.
    pub pending_approvals: Option<u64>,
}

/// What the API runs on.
pub trait Backend: Send + Sync + 'static {
    /// Runs one MCP-AQL operation (blocking).
    fn call(&self, endpoint: Endpoint, operation: &str, params: &Value) -> Value;
    /// The live policy.
    fn policy(&self) -> Arc<LivePolicy>;
    /// The safety loop's mode.
    fn mode(&self) -> LoopMode;
    /// Blocks and pending approvals (blocking).
    fn gauges(&self) -> Gauges;
    /// Decides a `/v1/decide` request on the engine's state (blocking): client values clamped
    /// to the policy, the agent's block consulted, audited, an approval on confirm
    /// ([`airlock_engine::Engine::decide_recorded`]).
    fn decide(&self, request: DecideRequest) -> Result<Value, DecideError>;
}

#[derive(Clone)]
pub(crate) struct App {
    backend: Arc<dyn Backend>,
    metrics: Arc<Metrics>,
    /// How long a request's body may take to arrive.
    body_timeout: std::time::Duration,
}

/// The API, reading bodies within [`crate::DEFAULT_READ_TIMEOUT`].
pub fn router(backend: Arc<dyn Backend>, metrics: Arc<Metrics>) -> Router {
    router_with(backend, metrics, crate::DEFAULT_READ_TIMEOUT)
}

/// The API, reading each body within `body_timeout` (408 and the connection closed after it).
pub fn router_with(
    backend: Arc<dyn Backend>,
    metrics: Arc<Metrics>,
    body_timeout: std::time::Duration,
) -> Router {
    Router::new()
        .route("/v1/decide", post(decide_route))
        .route("/v1/operations", post(operations_route))
        .route("/v1/status", get(status_route))
        .route("/healthz", get(healthz_route))
        .route("/metrics", get(metrics_route))
        .route("/v1/openapi.json", get(crate::openapi::openapi_route))
        // After the routes: it is set on each of them. axum adds the `Allow` header. The code is
        // the error registry's default for a 4xx it has no code for (error-codes 6.2).
        .method_not_allowed_fallback(|| async {
            json_response(
                StatusCode::METHOD_NOT_ALLOWED,
                &ErrorAnswer::from(ApiError::new(
                    "VALIDATION_INVALID_TYPE",
                    "this path does not serve this method: see the Allow header and /v1/openapi.json",
                )),
            )
        })
        .fallback(|| async {
            json_response(
                StatusCode::NOT_FOUND,
                &ErrorAnswer::from(ApiError::new(
                    "NOT_FOUND_RESOURCE",
                    "no such path: see /v1/openapi.json",
                )),
            )
        })
        .with_state(App {
            backend,
            metrics,
            body_timeout,
        })
}

/// A JSON answer.
pub(crate) fn json_response(status: StatusCode, body: &impl Serialize) -> Response {
    match serde_json::to_string(body) {
        Ok(text) => (status, [(header::CONTENT_TYPE, "application/json")], text).into_response(),
        // Cannot happen for these types (string keys, no failing Serialize impls); answered
        // as a failure, never as an empty success.
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// Whether the request says its body is JSON (`application/json`, any parameters, any case).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"))
}

/// A body that could not be read or parsed, in the specification's words.
fn bad_body(error: &serde_json::Error) -> (StatusCode, ApiError) {
    use serde_json::error::Category;
    let (code, message) = match error.classify() {
        Category::Syntax | Category::Eof | Category::Io => (
            "VALIDATION_INVALID_ENCODING",
            format!("the body is not valid JSON: {error}"),
        ),
        Category::Data if error.to_string().contains("unknown field") => (
            "VALIDATION_UNKNOWN_FIELD",
            format!("{error}: see /v1/openapi.json for the fields"),
        ),
        Category::Data => ("VALIDATION_INVALID_TYPE", error.to_string()),
    };
    (StatusCode::BAD_REQUEST, ApiError::new(code, message))
}

/// Reads the body and parses it as `T`: straight from the bytes, so a key given twice is an
/// error (an ambiguity a proxy in front of airlock could read differently), not "last wins".
///
/// The body must say it is JSON (415 otherwise): a web page may send `text/plain` to any
/// origin without a preflight, and the JSON inside parses all the same ([`crate::guard`]).
/// Checked here, in the routes that read a body, rather than in front of the router, so that a
/// method a path does not serve is answered 405 whatever its media type.
async fn read_body<T: serde::de::DeserializeOwned>(
    app: &App,
    headers: &HeaderMap,
    body: Body,
) -> Result<T, (StatusCode, ApiError)> {
    if !is_json(headers) {
        app.metrics.rejected();
        return Err((
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::new(
                "VALIDATION_INVALID_ENCODING",
                "the body must be JSON sent with 'Content-Type: application/json'",
            ),
        ));
    }
    let read = tokio::time::timeout(app.body_timeout, to_bytes(body, MAX_BODY_BYTES)).await;
    let Ok(read) = read else {
        // A body trickled in (or never finished): the connection is closed after this answer,
        // since hyper does not reuse a connection whose body was not read to its end.
        app.metrics.rejected();
        return Err((
            StatusCode::REQUEST_TIMEOUT,
            ApiError::new(
                "VALIDATION_INVALID_ENCODING",
                format!(
                    "the body did not arrive within {} s",
                    app.body_timeout.as_secs_f64()
                ),
            ),
        ));
    };
    let bytes = read.map_err(|_| {
        app.metrics.rejected();
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::new(
                "VALIDATION_PAYLOAD_TOO_LARGE",
                format!("the body is over {MAX_BODY_BYTES} bytes"),
            ),
        )
    })?;
    // An object only: serde's derive would also read a struct from an array of its fields.
    serde_json::from_slice::<ObjectOnly<T>>(&bytes)
        .map(|o| o.0)
        .map_err(|e| {
            app.metrics.rejected();
            bad_body(&e)
        })
}

/// One MCP-AQL operation of the execution safety loop.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(examples(
    json!({"operation": "introspect", "params": {}}),
    json!({"operation": "execute_agent", "params": {"element_name": "bot"}})
))]
pub(crate) struct OperationBody {
    /// The operation: `execute_agent`, `record_execution_step`, `complete_execution`,
    /// `abort_execution`, `confirm_operation`, `verify_challenge` or `introspect`. Another name
    /// is answered with a `NOT_FOUND_OPERATION` result.
    operation: String,
    /// The operation's params: a JSON object (`{}` when absent). `introspect` describes each
    /// operation's.
    #[serde(default)]
    #[schema(value_type = Object)]
    params: Map<String, Value>,
}

/// The errors a body can get before it is decided, for the path attributes.
const BAD_BODY: &str = "A bad body, nothing decided: VALIDATION_INVALID_ENCODING (not JSON), \
    VALIDATION_UNKNOWN_FIELD, VALIDATION_INVALID_TYPE, VALIDATION_INVALID_PARAMS";

/// Decide one action.
#[utoipa::path(
    post,
    path = "/v1/decide",
    tag = "decisions",
    summary = "Decide one action: an operation through the native gate, a hint through the \
        WebAssembly stages, or both (the stricter outcome). The same JSON as `airlock check --json`.",
    request_body(content = DecideRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The decision", body = DecideAnswer),
        (status = 400, description = BAD_BODY, body = ErrorAnswer),
        (status = 403, description = "The agent is hard-blocked (PERMISSION_AGENT_BLOCKED)",
            body = ErrorAnswer),
        (status = 408, description = "The body did not arrive within the read timeout",
            body = ErrorAnswer),
        (status = 413, description = "The body is over 256 KiB (VALIDATION_PAYLOAD_TOO_LARGE)",
            body = ErrorAnswer),
        (status = 415, description = "The body is not sent as application/json",
            body = ErrorAnswer),
        (status = 421, description = "A Host this server does not answer", body = ErrorAnswer),
        (status = 429, description = "The request needs a person's approval, and the agent \
            has asked for as many as its window allows (RATE_LIMIT_EXCEEDED, \
            safety_loop.approval_requests): no approval was requested, nobody was messaged",
            body = ErrorAnswer),
        (status = 500, description = "The decision could not be recorded: nothing was decided \
            (INTERNAL_ERROR)", body = ErrorAnswer),
    )
)]
pub(crate) async fn decide_route(
    State(app): State<App>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let started = Instant::now();
    let request: DecideRequest = match read_body(&app, &headers, body).await {
        Ok(r) => r,
        Err((status, error)) => return json_response(status, &ErrorAnswer::from(error)),
    };
    let backend = Arc::clone(&app.backend);
    let result = tokio::task::spawn_blocking(move || backend.decide(request)).await;
    app.metrics.observe(started.elapsed().as_secs_f64());
    match result {
        Ok(Ok(answer)) => {
            if let Some(outcome) = answer["outcome"].as_str() {
                app.metrics.decision(outcome);
            }
            json_response(StatusCode::OK, &answer)
        }
        Ok(Err(DecideError::Invalid(message))) => {
            app.metrics.rejected();
            json_response(
                StatusCode::BAD_REQUEST,
                &ErrorAnswer::from(ApiError::new("VALIDATION_INVALID_PARAMS", message)),
            )
        }
        Ok(Err(DecideError::Refused(error))) => {
            let status = match error["code"].as_str() {
                Some(c) if c.starts_with("PERMISSION_") => StatusCode::FORBIDDEN,
                Some("RATE_LIMIT_EXCEEDED") => StatusCode::TOO_MANY_REQUESTS,
                _ => StatusCode::INTERNAL_SERVER_ERROR,
            };
            json_response(status, &json!({"error": error}))
        }
        Err(_) => json_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            &ErrorAnswer::from(ApiError::new(
                "INTERNAL_ERROR",
                "the decision failed inside airlock: nothing was decided",
            )),
        ),
    }
}

/// One operation of the safety loop.
#[utoipa::path(
    post,
    path = "/v1/operations",
    tag = "safety loop",
    summary = "One MCP-AQL operation of the execution safety loop, answered with the \
        operation-result envelope (a failed operation is still a 200).",
    request_body(content = OperationBody, content_type = "application/json"),
    responses(
        (status = 200, description = "The operation result: success true with data, or success \
            false with the error (NOT_FOUND_OPERATION for an unknown operation)",
            body = OperationResult),
        (status = 400, description = BAD_BODY, body = OperationResult),
        (status = 408, description = "The body did not arrive within the read timeout",
            body = OperationResult),
        (status = 413, description = "The body is over 256 KiB (VALIDATION_PAYLOAD_TOO_LARGE)",
            body = OperationResult),
        (status = 415, description = "The body is not sent as application/json",
            body = OperationResult),
        (status = 421, description = "A Host this server does not answer", body = ErrorAnswer),
        (status = 500, description = "The operation failed inside airlock: nothing was decided",
            body = OperationResult),
    )
)]
pub(crate) async fn operations_route(
    State(app): State<App>,
    headers: HeaderMap,
    body: Body,
) -> Response {
    let started = Instant::now();
    let envelope_error =
        |status, error: ApiError| json_response(status, &OperationResult::failed(error));
    let OperationBody { operation, params } = match read_body(&app, &headers, body).await {
        Ok(b) => b,
        Err((status, error)) => return envelope_error(status, error),
    };
    let Some(endpoint) = airlock_engine::ops::endpoint_of(&operation) else {
        app.metrics.operation("unknown", false);
        let message = format!("Unknown operation '{operation}': call introspect for the list");
        return envelope_error(
            StatusCode::OK,
            ApiError {
                details: Some(json!({"operation": operation})),
                ..ApiError::new("NOT_FOUND_OPERATION", message)
            },
        );
    };
    let backend = Arc::clone(&app.backend);
    let op = operation.clone();
    let params = Value::Object(params);
    let result = tokio::task::spawn_blocking(move || backend.call(endpoint, &op, &params)).await;
    app.metrics.observe(started.elapsed().as_secs_f64());
    match result {
        Ok(v) => {
            app.metrics
                .operation(&operation, v.get("success") == Some(&Value::Bool(true)));
            json_response(StatusCode::OK, &v)
        }
        Err(_) => envelope_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::new(
                "INTERNAL_ERROR",
                "the operation failed inside airlock: nothing was decided",
            ),
        ),
    }
}

/// The server's state.
#[utoipa::path(
    get,
    path = "/v1/status",
    tag = "server",
    summary = "The policy generation, its source, reloads and the last reload error, the loaded \
        components with their call and failure counts, the safety loop's mode.",
    responses(
        (status = 200, description = "The status", body = Status),
        (status = 421, description = "A Host this server does not answer", body = ErrorAnswer),
    )
)]
pub(crate) async fn status_route(State(app): State<App>) -> Response {
    let policy = app.backend.policy();
    let set = policy.current();
    let stages = set
        .stages()
        .iter()
        .map(|s| StageStatus {
            name: s.name.clone(),
            component: s.component.clone(),
            world: s.info.world,
            sha256: s.info.sha256.clone(),
            stats: s.stats(),
        })
        .collect();
    json_response(
        StatusCode::OK,
        &Status {
            execution_safety_loop: app.backend.mode(),
            policy: policy.status(),
            stages,
        },
    )
}

/// Liveness.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "server",
    summary = "Liveness: `ok` while the server runs.",
    responses(
        (status = 200, description = "Alive", body = String, content_type = "text/plain",
            example = "ok\n"),
        (status = 421, description = "A Host this server does not answer", body = ErrorAnswer),
    )
)]
pub(crate) async fn healthz_route() -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "ok\n",
    )
        .into_response()
}

/// The metrics page.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "server",
    summary = "Prometheus metrics: decisions by outcome, operations, request latency, policy \
        reloads and failures, guest calls and failures, blocked agents, pending approvals, \
        process_* and airlock_build_info. The Prometheus text format, or OpenMetrics when the \
        Accept header prefers it.",
    responses(
        (status = 200, description = "The metrics", content(
            (String = "text/plain"),
            (String = "application/openmetrics-text"),
        )),
        (status = 421, description = "A Host this server does not answer", body = ErrorAnswer),
    )
)]
pub(crate) async fn metrics_route(
    State(app): State<App>,
    headers: axum::http::HeaderMap,
) -> Response {
    let backend = Arc::clone(&app.backend);
    let gauges = tokio::task::spawn_blocking(move || backend.gauges())
        .await
        .unwrap_or_default();
    let format = crate::metrics::Format::from_accept(
        headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()),
    );
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, format.content_type())],
        app.metrics.render(&app.backend.policy(), gauges, format),
    )
        .into_response()
}
