//! Shutting down on a signal. Service managers stop services with SIGTERM (systemd, Docker,
//! Kubernetes), a terminal with SIGINT: both drain what is in flight, flush the store's lazy
//! writes (when the last `Shared` drops) and remove the sockets, instead of the default action of
//! SIGTERM, which kills the process and loses the writes of the last moments.

/// Resolves on the first SIGINT or SIGTERM.
pub async fn terminated() {
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            // No handler could be installed: only SIGINT stops the process gracefully.
            Err(e) => {
                tracing::warn!("cannot handle SIGTERM ({e}); only SIGINT shuts down gracefully");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = term => {}
    }
}
