//! airlock-http: the local decision API an adapter process calls (`airlock http`).
//!
//! - `POST /v1/decide`: one decision, the same JSON as `airlock check --json`;
//! - `POST /v1/operations`: an MCP-AQL `{operation, params}`, answered with the operation-result
//!   envelope, so the whole safety loop is reachable over HTTP;
//! - `GET /v1/status`, `GET /healthz`, `GET /metrics` (Prometheus text), `GET /v1/openapi.json`.
//!
//! Bad bodies get the specification's `VALIDATION_*` errors, never a bare status. The OpenAPI
//! document is generated from the handlers and their types (`openapi`, `answers`). A web page
//! cannot use it ([`guard`]: JSON bodies only, the listener's own Host only), and slow clients
//! are cut off ([`serve`]: bounded header and body reads).

#![deny(missing_docs)]

mod access_log;
mod answers;
pub mod guard;
mod metrics;
mod openapi;
mod process;
mod routes;
pub mod serve;

pub use guard::AllowedHosts;
pub use metrics::{Format as MetricsFormat, Metrics};
pub use routes::{Backend, Gauges, MAX_BODY_BYTES, router, router_with};
pub use serve::{DEFAULT_READ_TIMEOUT, ServeOptions, guarded};
