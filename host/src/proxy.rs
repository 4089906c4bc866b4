//! `airlock proxy -- CMD ARGS...`: the gateway in front of an upstream MCP server.

use airlock_mcp::{Gateway, GatewayConfig};
use rmcp::ServiceExt;
use rmcp::transport::TokioChildProcess;
use std::process::ExitCode;

use crate::cli::{EXIT_USAGE, ProxyArgs};
use crate::service::{ServiceConfig, Shared};
use crate::state_dir;

/// Runs the gateway until the client closes stdin.
pub fn run(args: &ProxyArgs) -> ExitCode {
    // Held to the end: dropping it flushes the exported spans.
    let _telemetry = match crate::logging::init() {
        Ok(telemetry) => telemetry,
        Err(e) => {
            eprintln!("airlock proxy: {e}");
            return ExitCode::from(crate::cli::EXIT_USAGE);
        }
    };
    match proxy(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("airlock proxy: {e}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

fn proxy(args: &ProxyArgs) -> Result<(), String> {
    let Some((program, program_args)) = args.command.split_first() else {
        return Err("no upstream server: airlock proxy [OPTIONS] -- CMD ARGS...".to_owned());
    };
    let state_dir = state_dir::resolve(args.state_dir.as_deref())?;
    let shared = Shared::start(ServiceConfig {
        state_dir,
        policy: args.policy.clone(),
        mode_override: None,
    })?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let gate = shared.clone();
    let served = runtime.block_on(async move {
        let mut command = tokio::process::Command::new(program);
        command.args(program_args);
        let transport = TokioChildProcess::new(command)
            .map_err(|e| format!("cannot start the upstream server '{program}': {e}"))?;
        let upstream = ()
            .serve(transport)
            .await
            .map_err(|e| format!("the upstream server '{program}' did not start MCP: {e}"))?;
        let info = upstream
            .peer_info()
            .ok_or("the upstream server sent no server info")?;
        let adapter = args
            .adapter
            .clone()
            .or_else(|| info.server_info.as_ref().map(|i| i.name.clone()))
            .unwrap_or_else(|| program.clone());
        let gateway = Gateway::new(
            upstream.peer().clone(),
            info.capabilities.clone(),
            gate,
            GatewayConfig {
                adapter,
                agent: args.agent.clone(),
                safety_mode: args.safety_mode,
                trust: args.trust,
                autonomy: args.autonomy,
            },
        );
        // Every message gets an answer, even one rmcp cannot decode (airlock_mcp::stdio).
        let service = gateway
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
        let _ = upstream.cancel().await;
        Ok(())
    });
    // Stdin closed or a signal: what the session wrote reaches the disk before the exit.
    shared.flush();
    served
}
