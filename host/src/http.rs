//! `airlock http`: the local decision API, on loopback or a unix socket.

use std::process::ExitCode;
use std::sync::Arc;

use airlock_http::{AllowedHosts, Metrics, ServeOptions, guarded, router_with};

use crate::cli::{EXIT_USAGE, HttpArgs};
use crate::service::{ServiceConfig, Shared};
use crate::state_dir;

/// Serves until interrupted.
pub fn run(args: &HttpArgs) -> ExitCode {
    // Held to the end: dropping it flushes the exported spans.
    let _telemetry = match crate::logging::init() {
        Ok(telemetry) => telemetry,
        Err(e) => {
            eprintln!("airlock http: {e}");
            return ExitCode::from(crate::cli::EXIT_USAGE);
        }
    };
    match serve(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("airlock http: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

fn serve(args: &HttpArgs) -> Result<(), String> {
    let groups = crate::ipc::SocketGroups {
        agent: args
            .agent_group
            .as_deref()
            .map(crate::ipc::resolve_group)
            .transpose()?,
        operator: args
            .operator_group
            .as_deref()
            .map(crate::ipc::resolve_group)
            .transpose()?,
    };
    crate::ipc::set_socket_groups(groups);
    let state_dir = state_dir::resolve(args.state_dir.as_deref())?;
    let shared = Shared::start(ServiceConfig {
        state_dir,
        policy: args.policy.clone(),
        mode_override: args.safety_loop,
    })?;
    let read_timeout = std::time::Duration::from_secs(args.read_timeout);
    let app = router_with(shared.clone(), Arc::new(Metrics::default()), read_timeout);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let served = runtime.block_on(async move {
        let shutdown = crate::signals::terminated();
        match &args.unix {
            Some(path) => {
                // A socket left by a process that died is removed; a live one, or any other
                // kind of file, is not.
                {
                    use std::os::unix::fs::FileTypeExt;
                    let stale = std::fs::symlink_metadata(path)
                        .is_ok_and(|m| m.file_type().is_socket())
                        && std::os::unix::net::UnixStream::connect(path).is_err();
                    if stale {
                        let _ = std::fs::remove_file(path);
                    }
                }
                // Private (or the agent group's) from the moment it exists (`ipc::bind_private`).
                let listener = crate::ipc::bind_private(path, groups.agent)
                    .and_then(|l| {
                        l.set_nonblocking(true)?;
                        tokio::net::UnixListener::from_std(l)
                    })
                    .map_err(|e| format!("cannot listen on {}: {e}", path.display()))?;
                eprintln!("airlock http: listening on unix:{}", path.display());
                // No web page can reach a unix socket: any Host is fine there.
                let options = ServeOptions {
                    hosts: AllowedHosts::any(),
                    read_timeout,
                };
                airlock_http::serve::serve(listener, guarded(app, &options), &options, shutdown)
                    .await;
                // Ours to remove: a later start would otherwise find a stale socket.
                let _ = std::fs::remove_file(path);
                Ok(())
            }
            None => {
                let listener = tokio::net::TcpListener::bind(&args.listen)
                    .await
                    .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
                let addr = listener.local_addr().map_err(|e| e.to_string())?;
                let options = ServeOptions {
                    hosts: AllowedHosts::for_listener(addr, &args.allowed_hosts)
                        .map_err(|e| format!("--allowed-host: {e}"))?,
                    read_timeout,
                };
                // The port may be 0 (any free one): say which, on stdout, for scripts.
                println!("airlock http: listening on http://{addr}");
                airlock_http::serve::serve(listener, guarded(app, &options), &options, shutdown)
                    .await;
                Ok(())
            }
        }
    });
    // Drained: what the last requests wrote reaches the disk before the process exits.
    shared.flush();
    served
}
