//! Serving the API with bounded reads.
//!
//! `axum::serve` sets no timer on hyper, so hyper's header read timeout never runs: a client
//! that opens connections and trickles a header byte now and then (or sends headers and then
//! half a body) holds them, and a socket and a task each, for as long as it likes. This loop
//! serves each connection with hyper's HTTP/1 builder directly, with a timer, so a request's
//! headers must arrive within [`ServeOptions::read_timeout`] of the connection (or of the end
//! of the previous request, which also closes idle keep-alive connections), and the route reads
//! the body within the same bound (`routes::read_body`) or answers 408 and closes.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tracing::debug;

use crate::guard::AllowedHosts;

/// The default bound on reading a request's headers, and on reading its body.
pub const DEFAULT_READ_TIMEOUT: Duration = Duration::from_secs(10);

/// How the API is served.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    /// The `Host` values accepted ([`AllowedHosts::any`] for a unix socket).
    pub hosts: AllowedHosts,
    /// The longest a client may take to send a request's headers, and then its body.
    pub read_timeout: Duration,
}

impl Default for ServeOptions {
    fn default() -> Self {
        Self {
            hosts: AllowedHosts::any(),
            read_timeout: DEFAULT_READ_TIMEOUT,
        }
    }
}

/// The router with the Host and media-type checks ([`crate::guard`]) in front, and the request
/// log line ([`crate::access_log`]) outside them, so refused requests are logged too.
pub fn guarded(app: Router, options: &ServeOptions) -> Router {
    app.layer(axum::middleware::from_fn_with_state(
        Arc::new(options.hosts.clone()),
        crate::guard::check,
    ))
    .layer(axum::middleware::from_fn(crate::access_log::log))
}

/// Serves `app` on `listener` until `shutdown` completes, then lets the open connections finish
/// their current request.
pub async fn serve<L>(
    mut listener: L,
    app: Router,
    options: &ServeOptions,
    shutdown: impl Future<Output = ()>,
) where
    L: axum::serve::Listener,
{
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    let timeout = options.read_timeout;
    loop {
        let (io, _) = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let service = TowerToHyperService::new(app.clone());
        let mut stopped = stopped.clone();
        tokio::spawn(async move {
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(timeout);
            let connection = builder.serve_connection(TokioIo::new(io), service);
            let mut connection = std::pin::pin!(connection);
            let result = tokio::select! {
                r = connection.as_mut() => r,
                _ = stopped.changed() => {
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(e) = result {
                // A timeout, a client that went away, a malformed request: the connection ends.
                debug!(error = %e, "connection closed");
            }
        });
    }
    let _ = stop.send(true);
    drop(stopped);
    stop.closed().await;
}
