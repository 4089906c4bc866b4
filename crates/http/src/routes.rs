//! The routes.

use std::sync::Arc;
use std::time::Instant;

use airlock_core::{Endpoint, LoopMode};
use airlock_engine::decide::{DecideRequest, decide};
use airlock_wasm::LivePolicy;
use axum::Router;
use axum::body::{Body, to_bytes};
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

use crate::metrics::Metrics;

/// The largest request body accepted, in bytes.
pub const MAX_BODY_BYTES: usize = 256 * 1024;

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
    /// An adapter's trust as operators set it (`airlock trust`), else as the policy declares
    /// it (blocking). `None`: use the policy's adapters only.
    fn adapter_trust(&self, _adapter: &str) -> Option<airlock_core::TrustLevel> {
        None
    }
}

#[derive(Clone)]
struct App {
    backend: Arc<dyn Backend>,
    metrics: Arc<Metrics>,
}

/// The API.
pub fn router(backend: Arc<dyn Backend>, metrics: Arc<Metrics>) -> Router {
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
        .with_state(App { backend, metrics })
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
    let bytes = to_bytes(body, MAX_BODY_BYTES).await.map_err(|_| {
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
    let mut request: DecideRequest = match read_body(&app, body).await {
        Ok(r) => r,
        Err((status, error)) => return json_response(status, json!({"error": error})),
    };
    let backend = Arc::clone(&app.backend);
    let result = tokio::task::spawn_blocking(move || {
        // The adapter's trust as the operators keep it (promotions, demotions) wins over the
        // block in policy.json.
        if let (Some(adapter), None) = (request.adapter.as_deref(), request.trust)
            && let Some(level) = backend.adapter_trust(adapter)
        {
            request.trust = Some(level);
            request.adapter = None;
        }
        let set = backend.policy().current();
        decide(set.gate(), Some(&set), &request, jiff::Timestamp::now())
    })
    .await;
    app.metrics.observe(started.elapsed().as_secs_f64());
    match result {
        Ok(Ok(report)) => {
            app.metrics.decision(report.outcome.as_str());
            json_response(StatusCode::OK, report.to_json())
        }
        Ok(Err(message)) => {
            app.metrics.rejected();
            json_response(
                StatusCode::BAD_REQUEST,
                json!({"error": {"code": "VALIDATION_INVALID_PARAMS", "message": message}}),
            )
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
