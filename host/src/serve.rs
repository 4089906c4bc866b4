//! `airlock serve`: the safety dongle, an MCP server on stdin/stdout.

use std::process::ExitCode;
use std::sync::Arc;

use airlock_mcp::{Dongle, EndpointMode};
use rmcp::ServiceExt;

use crate::cli::{EXIT_USAGE, ServeArgs};
use crate::service::{ServiceConfig, Shared};
use crate::state_dir;

/// Runs the dongle until the client closes stdin.
pub fn run(args: &ServeArgs) -> ExitCode {
    // Held to the end: dropping it flushes the exported spans.
    let _telemetry = match crate::logging::init() {
        Ok(telemetry) => telemetry,
        Err(e) => {
            eprintln!("airlock serve: {e}");
            return ExitCode::from(crate::cli::EXIT_USAGE);
        }
    };
    let started = (|| -> Result<Arc<Shared>, String> {
        let state_dir = state_dir::resolve(args.state_dir.as_deref())?;
        Shared::start(ServiceConfig {
            state_dir,
            policy: args.policy.clone(),
            mode_override: args.safety_loop,
        })
    })();
    let shared = match started {
        Ok(s) => s,
        Err(e) => {
            eprintln!("airlock serve: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let mode = if args.endpoint_mode_single() {
        EndpointMode::Single
    } else {
        EndpointMode::Crude
    };
    let dongle = Dongle::new(shared.clone(), mode);
    // One thread: one client on stdio, and the dongle calls the engine inline (see
    // `Dongle::run`); cross-thread wake-ups were most of a step's cost over stdio.
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("airlock serve: cannot start the runtime: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let result = runtime.block_on(async move {
        // Every message gets an answer, even one rmcp cannot decode (airlock_mcp::stdio).
        let service = dongle
            .serve(airlock_mcp::stdio::guarded_stdio())
            .await
            .map_err(|e| e.to_string())?;
        // SIGTERM or SIGINT ends the session like a closed stdin does: the store's lazy
        // writes are flushed when the service state drops.
        let stop = service.cancellation_token();
        let signalled = async move {
            crate::signals::terminated().await;
            stop.cancel();
        };
        tokio::select! {
            done = service.waiting() => { done.map_err(|e| e.to_string())?; }
            () = signalled => {}
        }
        Ok::<(), String>(())
    });
    // Stdin closed or a signal: what the session wrote reaches the disk before the exit.
    shared.flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("airlock serve: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
