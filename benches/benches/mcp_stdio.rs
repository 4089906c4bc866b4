//! An MCP round trip over stdio with rmcp's client: `record_execution_step` on the real
//! `airlock serve` (embedded defaults) against `echo` on a trivial MCP server (`echo-mcp`, this
//! crate's binary), which is the transport floor. The difference is airlock's own work per step.
//!
//! Needs the release binary (`cargo build --release -p airlock`) and the guests.

// Benches are not documented API.
#![allow(missing_docs)]

use std::time::{Duration, Instant};

use airlock_benches::server::airlock_bin;
use airlock_benches::stack::STEPS_PER_EXECUTION;
use criterion::{Criterion, criterion_group, criterion_main};
use rmcp::model::{CallToolRequestParams, JsonObject};
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};
use tokio::process::Command;

fn object(v: Value) -> JsonObject {
    match v {
        Value::Object(map) => map,
        other => panic!("not an object: {other}"),
    }
}

async fn connect(command: Command) -> RunningService<RoleClient, ()> {
    let transport = TokioChildProcess::new(command).expect("spawn the MCP server");
    ().serve(transport).await.expect("MCP initialize")
}

async fn call(client: &RunningService<RoleClient, ()>, tool: &str, args: &JsonObject) -> String {
    let result = client
        .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(args.clone()))
        .await
        .expect("tools/call");
    let text = result
        .content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .expect("a text result");
    assert_ne!(result.is_error, Some(true), "{tool} failed: {text}");
    text
}

fn round_trips(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("tempdir");
    // The step limit at the operator's ceiling, so a run of steps rarely restarts.
    let policy = dir.path().join("policy");
    std::fs::create_dir_all(&policy).expect("policy dir");
    std::fs::write(
        policy.join("policy.json"),
        json!({"safety_loop": {"max_autonomous_steps": 100}}).to_string(),
    )
    .expect("policy");

    let mut airlock = Command::new(airlock_bin());
    airlock
        .args(["serve", "--policy"])
        .arg(&policy)
        .arg("--state-dir")
        .arg(dir.path().join("state"))
        .env("AIRLOCK_CACHE_DIR", dir.path().join("cache"))
        .env_remove("AIRLOCK_LOG");
    let dongle = runtime.block_on(connect(airlock));
    let echo = runtime.block_on(connect(Command::new(env!("CARGO_BIN_EXE_echo-mcp"))));

    // The step limit counts an agent's steps across its executions (spec 8.8: a new execution
    // is no way around it), so each execution of the bench is a new agent's.
    let execution = |n: usize| {
        let agent = format!("bench-mcp-{n}");
        let start =
            object(json!({"operation": "execute_agent", "params": {"element_name": agent}}));
        let complete =
            object(json!({"operation": "complete_execution", "params": {"element_name": agent}}));
        let step = object(json!({"operation": "record_execution_step", "params": {
            "element_name": agent, "nextActionHint": "list the files in the docs folder",
            "outcome": "success"
        }}));
        (start, step, complete)
    };
    let (_, step, _) = execution(0);
    let mut executions = 0;

    let mut group = c.benchmark_group("mcp-stdio");
    group.bench_function("echo", |b| {
        b.iter(|| runtime.block_on(call(&echo, "echo", &step)))
    });
    group.bench_function("record_execution_step", |b| {
        b.iter_custom(|iters| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                let mut done = 0;
                while done < iters {
                    executions += 1;
                    let (start, step, complete) = execution(executions);
                    call(&dongle, "mcp_aql_execute", &start).await;
                    let batch = STEPS_PER_EXECUTION.min(iters - done);
                    let began = Instant::now();
                    for _ in 0..batch {
                        let text = call(&dongle, "mcp_aql_create", &step).await;
                        assert!(text.contains(r#""continue":true"#), "{text}");
                    }
                    total += began.elapsed();
                    done += batch;
                    call(&dongle, "mcp_aql_execute", &complete).await;
                }
                total
            })
        })
    });
    group.finish();
    runtime.block_on(async {
        let _ = dongle.cancel().await;
        let _ = echo.cancel().await;
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = round_trips
}
criterion_main!(benches);
