//! Load on `/v1/decide`: the real `airlock http` on loopback under `wrk` (Debian's package),
//! with a mix of request bodies drawn from the corpus, for a number of seconds; optionally
//! while the policy directory is rewritten every second (hot reloads). Prints one JSON object:
//! throughput, latency percentiles, failed requests, reloads seen by the server, and the
//! server's RSS before and after.
//!
//! ```text
//! cargo run --release -p airlock-benches --bin loadtest -- [--seconds 30] [--connections 32]
//!     [--threads 1] [--reload]
//! ```
//!
//! A failed request is any socket error, timeout or non-2xx answer: the target is zero, with
//! and without reloads.

use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use airlock_benches::server::{HttpServer, rss_bytes};
use serde_json::{Value, json};

struct Options {
    seconds: u64,
    connections: u32,
    threads: u32,
    reload: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        seconds: 30,
        connections: 32,
        threads: 1,
        reload: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| format!("{name} takes a number"))
        };
        match arg.as_str() {
            "--seconds" => o.seconds = number("--seconds")?,
            "--connections" => {
                o.connections =
                    u32::try_from(number("--connections")?).map_err(|e| e.to_string())?
            }
            "--threads" => {
                o.threads = u32::try_from(number("--threads")?).map_err(|e| e.to_string())?
            }
            "--reload" => o.reload = true,
            other => {
                return Err(format!(
                    "unknown argument '{other}': use --seconds N, --connections N, --threads N, --reload"
                ));
            }
        }
    }
    Ok(o)
}

/// Two versions of the policy the reloads alternate between: the defaults plus one forbidden
/// name pattern that no body of the mix matches, so every reload is a real new generation (the
/// stages are loaded again) whose decisions equal the last one's.
///
/// The mix comes from one (anonymous) agent, and about one body in ten needs a person: under the
/// default limit of 20 approval requests per agent per 10 minutes, every later one is answered
/// 429 `RATE_LIMIT_EXCEEDED` (correctly: that is the limit working). The load measures
/// decisions, not that limit (tests cover it), so the limit is lifted out of the way here.
fn policy(generation: u64) -> String {
    let pattern = format!("never_sent_{}_*", generation % 2);
    json!({
        "danger_patterns": {"forbidden": [pattern]},
        "safety_loop": {"approval_requests": {"max_requests": 100_000}},
    })
    .to_string()
}

/// The wrk script: cycles through `bodies`, and prints the summary as JSON when done.
fn wrk_script(bodies: &[String]) -> String {
    let mut lua = String::from("local bodies = {\n");
    for body in bodies {
        // A Lua long string cannot hold "]==]"; the bodies are JSON without it.
        assert!(!body.contains("]==]"), "{body}");
        lua.push_str(&format!("[==[{body}]==],\n"));
    }
    lua.push_str(
        r#"}
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i % #bodies + 1
  return wrk.format(nil, "/v1/decide", nil, bodies[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\n@@JSON{"requests":%d,"duration_us":%d,"connect_errors":%d,"read_errors":%d,"write_errors":%d,"status_errors":%d,"timeouts":%d,"p50_us":%d,"p90_us":%d,"p99_us":%d,"p999_us":%d,"max_us":%d,"mean_us":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99),
    latency:percentile(99.9), latency.max, latency.mean))
end
"#,
    );
    lua
}

/// `airlock_policy_reloads_total` from `/metrics`.
fn reloads(base: &str) -> Option<u64> {
    let mut response = ureq::get(&format!("{base}/metrics")).call().ok()?;
    let text = response.body_mut().read_to_string().ok()?;
    text.lines()
        .find(|l| l.starts_with("airlock_policy_reloads_total"))?
        .split_whitespace()
        .last()?
        .parse()
        .ok()
}

fn write_policy(dir: &Path, generation: u64) -> std::io::Result<()> {
    // Written aside and renamed, as an editor or a deploy would: the watcher sees a whole file.
    let tmp = dir.join(".policy.json.tmp");
    std::fs::write(&tmp, policy(generation))?;
    std::fs::rename(&tmp, dir.join("policy.json"))
}

fn run(o: &Options) -> Result<Value, String> {
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let policy_dir = dir.path().join("policy");
    std::fs::create_dir_all(&policy_dir).map_err(|e| e.to_string())?;
    write_policy(&policy_dir, 0).map_err(|e| e.to_string())?;
    let server = HttpServer::start(Some(&policy_dir), None);
    let rss_idle = rss_bytes(server.pid());

    let bodies = airlock_benches::decide_bodies(1000);
    // Every body is answered 200 before the load starts: a broken body is not load.
    for body in &bodies {
        let status = ureq::post(&format!("{}/v1/decide", server.base))
            .header("content-type", "application/json")
            .send(body.as_str())
            .map_err(|e| format!("{body}: {e}"))?
            .status();
        if status != 200 {
            return Err(format!("{body}: status {status}"));
        }
    }
    let script = dir.path().join("decide.lua");
    std::fs::write(&script, wrk_script(&bodies)).map_err(|e| e.to_string())?;

    let reloads_before = reloads(&server.base).unwrap_or(0);
    let stop = Arc::new(AtomicBool::new(false));
    let written = Arc::new(AtomicU64::new(0));
    let rewriter = o.reload.then(|| {
        let stop = Arc::clone(&stop);
        let written = Arc::clone(&written);
        let policy_dir = policy_dir.clone();
        std::thread::spawn(move || {
            let mut generation = 0;
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_secs(1));
                generation += 1;
                if write_policy(&policy_dir, generation).is_ok() {
                    written.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
    });

    let out = Command::new("wrk")
        .arg(format!("--threads={}", o.threads))
        .arg(format!("--connections={}", o.connections))
        .arg(format!("--duration={}s", o.seconds))
        .arg("--timeout=5s")
        .arg("--script")
        .arg(&script)
        .arg(&server.base)
        .output()
        .map_err(|e| format!("cannot run wrk ({e}): install it (apt-get install wrk)"))?;
    stop.store(true, Ordering::Relaxed);
    if let Some(t) = rewriter {
        let _ = t.join();
    }
    // The last rewrite's reload has a moment to land before it is counted.
    std::thread::sleep(Duration::from_millis(300));
    let reloads_after = reloads(&server.base).unwrap_or(0);
    let rss_after = rss_bytes(server.pid());

    let stdout = String::from_utf8_lossy(&out.stdout);
    if !out.status.success() {
        return Err(format!(
            "wrk failed: {stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("@@JSON"))
        .ok_or_else(|| format!("no summary in wrk's output: {stdout}"))?;
    let mut summary: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
    let requests = summary["requests"].as_f64().unwrap_or(0.0);
    let seconds = summary["duration_us"].as_f64().unwrap_or(1.0) / 1e6;
    let failed = [
        "connect_errors",
        "read_errors",
        "write_errors",
        "status_errors",
        "timeouts",
    ]
    .iter()
    .map(|k| summary[k].as_u64().unwrap_or(0))
    .sum::<u64>();
    summary["failed"] = json!(failed);
    summary["per_second"] = json!((requests / seconds).round());
    summary["connections"] = json!(o.connections);
    summary["wrk_threads"] = json!(o.threads);
    summary["reload"] = json!(o.reload);
    summary["policy_rewrites"] = json!(written.load(Ordering::Relaxed));
    summary["reloads_seen"] = json!(reloads_after.saturating_sub(reloads_before));
    summary["rss_idle_bytes"] = json!(rss_idle);
    summary["rss_after_bytes"] = json!(rss_after);
    Ok(summary)
}

fn main() -> std::process::ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("loadtest: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    match run(&o) {
        Ok(summary) => {
            let mut stdout = std::io::stdout();
            let _ = writeln!(stdout, "{summary}");
            if summary["failed"].as_u64() == Some(0) {
                std::process::ExitCode::SUCCESS
            } else {
                eprintln!("loadtest: requests failed");
                std::process::ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("loadtest: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
