//! The routes.

use std::sync::Arc;
use std::time::Instant;

use airlock_core::{Endpoint, LoopMode};
use airlock_engine::DecideError;
use airlock_engine::decide::DecideRequest;
use airlock_wasm::LivePolicy;
use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

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
struct App {
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
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/metrics", get(metrics_route))
        .route(
            "/v1/openapi.json",
            get(|| async { json_response(StatusCode::OK, crate::openapi::document()) }),
        )
        .fallback(|| async {
            json_response(
                StatusCode::NOT_FOUND,
                json!({"error": {"code": "NOT_FOUND_RESOURCE",
                    "message": "no such path: see /v1/openapi.json"}}),
            )
        })
        .with_state(App {
            backend,
            metrics,
            body_timeout,
        })
}

fn json_response(status: StatusCode, body: Value) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        body.to_string(),
    )
        .into_response()
}

/// A body that could not be read or parsed, in the specification's words.
fn bad_body(error: &serde_json::Error) -> (StatusCode, Value) {
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
    (
        StatusCode::BAD_REQUEST,
        json!({"code": code, "message": message}),
    )
}

/// Reads the body and parses it as `T`: straight from the bytes, so a key given twice is an
/// error (an ambiguity a proxy in front of airlock could read differently), not "last wins".
async fn read_body<T: serde::de::DeserializeOwned>(
    app: &App,
    body: Body,
) -> Result<T, (StatusCode, Value)> {
    let read = tokio::time::timeout(app.body_timeout, to_bytes(body, MAX_BODY_BYTES)).await;
    let Ok(read) = read else {
        // A body trickled in (or never finished): the connection is closed after this answer,
        // since hyper does not reuse a connection whose body was not read to its end.
        app.metrics.rejected();
        return Err((
            StatusCode::REQUEST_TIMEOUT,
            json!({"code": "VALIDATION_INVALID_ENCODING",
                   "message": format!("the body did not arrive within {} s",
                                      app.body_timeout.as_secs_f64())}),
        ));
    };
    let bytes = read.map_err(|_| {
        app.metrics.rejected();
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            json!({"code": "VALIDATION_PAYLOAD_TOO_LARGE",
                   "message": format!("the body is over {MAX_BODY_BYTES} bytes")}),
        )
    })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        app.metrics.rejected();
        bad_body(&e)
    })
}

/// The body of `/v1/operations`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct OperationBody {
    operation: String,
    #[serde(default)]
    params: Value,
}

async fn decide_route(State(app): State<App>, body: Body) -> Response {
    let started = Instant::now();
    let request: DecideRequest = match read_body(&app, body).await {
        Ok(r) => r,
        Err((status, error)) => return json_response(status, json!({"error": error})),
    };
    let backend = Arc::clone(&app.backend);
    let result = tokio::task::spawn_blocking(move || backend.decide(request)).await;
    app.metrics.observe(started.elapsed().as_secs_f64());
    match result {
        Ok(Ok(answer)) => {
            if let Some(outcome) = answer["outcome"].as_str() {
                app.metrics.decision(outcome);
            }
            json_response(StatusCode::OK, answer)
        }
        Ok(Err(DecideError::Invalid(message))) => {
            app.metrics.rejected();
            json_response(
                StatusCode::BAD_REQUEST,
                json!({"error": {"code": "VALIDATION_INVALID_PARAMS", "message": message}}),
            )
        }
        Ok(Err(DecideError::Refused(error))) => {
            let status = if error["code"]
                .as_str()
                .is_some_and(|c| c.starts_with("PERMISSION_"))
            {
                StatusCode::FORBIDDEN
            } else {
                StatusCode::INTERNAL_SERVER_ERROR
            };
            json_response(status, json!({"error": error}))
        }
        Err(_) => json_response(
            StatusCode::INTERNAL_SERVER_ERROR,
            json!({"error": {"code": "INTERNAL_ERROR", "message": "the decision failed inside airlock: nothing was decided"}}),
        ),
    }
}

async fn operations_route(State(app): State<App>, body: Body) -> Response {
    let started = Instant::now();
    let envelope_error =
        |status, error: Value| json_response(status, json!({"success": false, "error": error}));
    let OperationBody { operation, params } = match read_body(&app, body).await {
        Ok(b) => b,
        Err((status, error)) => return envelope_error(status, error),
    };
    let Some(endpoint) = airlock_engine::ops::endpoint_of(&operation) else {
        app.metrics.operation("unknown", false);
        return envelope_error(
            StatusCode::OK,
            json!({"code": "NOT_FOUND_OPERATION",
                   "message": format!("Unknown operation '{operation}': call introspect for the list"),
                   "details": {"operation": operation}}),
        );
    };
    let backend = Arc::clone(&app.backend);
    let op = operation.clone();
    let result = tokio::task::spawn_blocking(move || backend.call(endpoint, &op, &params)).await;
    app.metrics.observe(started.elapsed().as_secs_f64());
    match result {
        Ok(v) => {
            app.metrics
                .operation(&operation, v.get("success") == Some(&Value::Bool(true)));
            json_response(StatusCode::OK, v)
        }
        Err(_) => envelope_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            json!({"code": "INTERNAL_ERROR", "message": "the operation failed inside airlock: nothing was decided"}),
        ),
    }
}

async fn status_route(State(app): State<App>) -> Response {
    let policy = app.backend.policy();
    let set = policy.current();
    let stages: Vec<Value> = set
        .stages()
        .iter()
        .map(|s| {
            json!({
                "name": s.name,
                "component": s.component,
                "world": s.info.world,
                "sha256": s.info.sha256,
                "stats": s.stats(),
            })
        })
        .collect();
    json_response(
        StatusCode::OK,
        json!({
            "execution_safety_loop": app.backend.mode().as_str(),
            "policy": policy.status(),
            "stages": stages,
        }),
    )
}

async fn metrics_route(State(app): State<App>, headers: axum::http::HeaderMap) -> Response {
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
