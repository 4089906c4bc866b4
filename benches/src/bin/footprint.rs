//! Start-up and memory of the real binary, on the embedded defaults:
//!
//! - `airlock http` cold start to its first decision, with the precompile cache warm (the cache
//!   is filled by a first start that is not counted): spawn, listen, answer a hint (both WASM
//!   stages) over HTTP;
//! - its RSS when idle after that decision;
//! - `airlock serve` start-up to the first `tools/list` answer over stdio (rmcp's client).
//!
//! Prints one JSON object with the median and every sample.
//!
//! ```text
//! cargo run --release -p airlock-benches --bin footprint -- [--runs 7]
//! ```

use std::time::{Duration, Instant};

use airlock_benches::server::{HttpServer, airlock_bin, rss_bytes};
use rmcp::ServiceExt;
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples.get(samples.len() / 2).copied().unwrap_or(f64::NAN)
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e5).round() / 1e2
}

/// Spawn to first decision, and RSS after a second of idling.
fn http_start(cache: &std::path::Path) -> Result<(f64, f64, u64), String> {
    let began = Instant::now();
    let server = HttpServer::start(None, Some(cache));
    let listening = server.started_in;
    let mut response = ureq::post(&format!("{}/v1/decide", server.base))
        .header("content-type", "application/json")
        .send(r#"{"hint":"git push --force origin main && rm -rf ./build"}"#)
        .map_err(|e| e.to_string())?;
    let answer = response
        .body_mut()
        .read_to_string()
        .map_err(|e| e.to_string())?;
    let first_decision = began.elapsed();
    if !answer.contains("\"score\"") {
        return Err(format!("the first decision has no stage score: {answer}"));
    }
    std::thread::sleep(Duration::from_secs(1));
    let rss = rss_bytes(server.pid()).ok_or("no RSS for the server")?;
    Ok((ms(listening), ms(first_decision), rss))
}

/// Spawn to the first `tools/list` answer.
fn serve_start(runtime: &tokio::runtime::Runtime, cache: &std::path::Path) -> Result<f64, String> {
    let state = tempfile::tempdir().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let mut command = tokio::process::Command::new(airlock_bin());
        command
            .arg("serve")
            .arg("--state-dir")
            .arg(state.path())
            .env("AIRLOCK_CACHE_DIR", cache)
            .env_remove("AIRLOCK_POLICY")
            .env_remove("AIRLOCK_LOG");
        let began = Instant::now();
        let transport = TokioChildProcess::new(command).map_err(|e| e.to_string())?;
        let client = ().serve(transport).await.map_err(|e| e.to_string())?;
        let tools = client.list_tools(None).await.map_err(|e| e.to_string())?;
        let took = began.elapsed();
        if tools.tools.is_empty() {
            return Err("airlock serve listed no tools".to_owned());
        }
        let _ = client.cancel().await;
        Ok(ms(took))
    })
}

fn run(runs: usize) -> Result<Value, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    // airlock creates its cache directory 0700 (it refuses one others can write to).
    let cache = dir.path().join("cache");
    // Fills the precompile cache: the first start compiles both default guests.
    let (_, uncached, _) = http_start(&cache)?;
    let mut listening = Vec::new();
    let mut first = Vec::new();
    let mut rss = Vec::new();
    for _ in 0..runs {
        let (l, f, r) = http_start(&cache)?;
        listening.push(l);
        first.push(f);
        rss.push(r as f64 / (1024.0 * 1024.0));
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let mut serve = Vec::new();
    for _ in 0..runs {
        serve.push(serve_start(&runtime, &cache)?);
    }
    Ok(json!({
        "runs": runs,
        "http_first_decision_uncached_ms": uncached,
        "http_listening_ms": {"median": median(listening.clone()), "samples": listening},
        "http_first_decision_ms": {"median": median(first.clone()), "samples": first},
        "http_idle_rss_mib": {"median": median(rss.clone()), "samples": rss},
        "serve_first_tools_list_ms": {"median": median(serve.clone()), "samples": serve},
    }))
}

fn main() -> std::process::ExitCode {
    let mut runs = 7;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next().and_then(|v| v.parse().ok())) {
            ("--runs", Some(n)) if n > 0 => runs = n,
            _ => {
                eprintln!("footprint: usage: footprint [--runs N]");
                return std::process::ExitCode::from(2);
            }
        }
    }
    match run(runs) {
        Ok(v) => {
            println!("{v}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("footprint: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
