//! Soak: `airlock http` under a mixed load of many agents and every outcome, with the policy
//! directory rewritten every second, for `AIRLOCK_SOAK_SECONDS` (default 60; `just soak` runs
//! 600). Zero failed requests, RSS growth under 10 % over the second half (the first half is
//! warm-up: redb's page cache and the allocator settle), and an audit entry for every pause and
//! stop.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

fn policy(tolerance: &str) -> String {
    json!({
        "stages": {"pipeline": [
            {"name": "patterns", "kind": "patterns", "component": "builtin:default-patterns",
             "config": {"deny": ["drop table*"], "requiresApproval": ["deploy *"], "autoApprove": ["read *"]}},
            {"name": "risk", "kind": "scorer", "component": "builtin:default-scorer"}
        ], "risk_tolerance": tolerance}
    })
    .to_string()
}

#[cfg(target_os = "linux")]
#[test]
fn a_mixed_load_with_hot_reloads_runs_without_errors_or_growth() {
    let seconds: u64 = std::env::var("AIRLOCK_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let state = tempfile::tempdir().expect("tempdir");
    let policy_dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(policy_dir.path().join("policy.json"), policy("moderate")).expect("policy");
    let mut child = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
        .arg(state.path())
        .arg("--policy")
        .arg(policy_dir.path())
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        )
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let pid = child.id();
    let base = common::http_base(&mut child);

    let stop = Arc::new(AtomicBool::new(false));
    let requests = Arc::new(AtomicU64::new(0));
    let failures = Arc::new(AtomicU64::new(0));
    let held = Arc::new(AtomicU64::new(0)); // pauses and stops seen

    let reloader = {
        let (stop, dir) = (Arc::clone(&stop), policy_dir.path().to_path_buf());
        std::thread::spawn(move || {
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_secs(1));
                n += 1;
                let tolerance = if n.is_multiple_of(2) {
                    "moderate"
                } else {
                    "conservative"
                };
                std::fs::write(dir.join("policy.json"), policy(tolerance)).expect("rewrite");
            }
        })
    };
    let workers: Vec<_> = (0..4)
        .map(|w| {
            let (base, stop) = (base.clone(), Arc::clone(&stop));
            let (requests, failures, held) =
                (Arc::clone(&requests), Arc::clone(&failures), Arc::clone(&held));
            std::thread::spawn(move || {
                let http: ureq::Agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(10)))
                    .build()
                    .into();
                let call = |path: &str, body: Value| -> Option<Value> {
                    requests.fetch_add(1, Ordering::Relaxed);
                    let answer = http
                        .post(format!("{base}{path}"))
                        .header("content-type", "application/json")
                        .send(body.to_string())
                        .ok()
                        .filter(|r| r.status() == 200)
                        .and_then(|mut r| r.body_mut().read_to_string().ok())
                        .and_then(|t| serde_json::from_str::<Value>(&t).ok());
                    if answer.is_none() {
                        failures.fetch_add(1, Ordering::Relaxed);
                    }
                    answer
                };
                let hints = [
                    "read the README",
                    "summarize the meeting notes",
                    "deploy web to staging",
                    "drop table customers",
                    "git push --force origin main",
                    "list the files in the docs folder",
                ];
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    // A few dozen agent names, reused: blocked ones get refused, others go on.
                    let agent = format!("soak-{w}-{}", n % 25);
                    n += 1;
                    let started = call("/v1/operations", json!({"operation": "execute_agent", "params": {"element_name": agent}}));
                    call("/v1/decide", json!({"operation": "delete_file", "trust": "validated"}));
                    if started.as_ref().is_none_or(|s| s["success"] != true) {
                        continue; // a blocked agent: refused, as it should be
                    }
                    for i in 0..4 {
                        let hint = hints[((n as usize) + i) % hints.len()];
                        let Some(r) = call("/v1/operations", json!({"operation": "record_execution_step",
                            "params": {"element_name": agent, "nextActionHint": hint}})) else { continue };
                        if r["success"] != true {
                            failures.fetch_add(1, Ordering::Relaxed);
                        } else if r["data"]["continue"] == false {
                            held.fetch_add(1, Ordering::Relaxed);
                            break;
                        }
                    }
                    call("/v1/operations", json!({"operation": "complete_execution", "params": {"element_name": agent}}));
                }
            })
        })
        .collect();

    // Resident memory is sampled over two seconds and the smallest sample kept, after the
    // warm-up and at the end: a reload holds the old and the new generation for a moment (a
    // spike of several MiB that a single sample may catch on a busy machine), while a leak
    // raises every sample.
    let least_rss = || {
        (0..10)
            .map(|_| {
                std::thread::sleep(Duration::from_millis(200));
                rss_kib(pid)
            })
            .min()
            .unwrap_or(0)
    };
    let warm_up = Duration::from_secs((seconds / 2).max(5));
    let started = Instant::now();
    std::thread::sleep(warm_up);
    let rss_warm = least_rss();
    std::thread::sleep(
        Duration::from_secs(seconds)
            .saturating_sub(started.elapsed())
            .saturating_sub(Duration::from_secs(2)),
    );
    let rss_end = least_rss();
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        w.join().expect("worker");
    }
    reloader.join().expect("reloader");

    let status: Value = ureq::get(format!("{base}/v1/status"))
        .call()
        .expect("status")
        .body_mut()
        .read_to_string()
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .expect("status json");
    let _ = child.kill();
    let _ = child.wait();

    let out = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(["audit", "--json", "--state-dir"])
        .arg(state.path())
        .output()
        .expect("audit");
    let audit: Value = serde_json::from_slice(&out.stdout).expect("audit json");
    let held_audited = audit
        .as_array()
        .expect("entries")
        .iter()
        .filter(|e| matches!(e["outcome"].as_str(), Some("paused" | "stopped" | "denied")))
        .count() as u64;

    let (requests, failures, held) = (
        requests.load(Ordering::Relaxed),
        failures.load(Ordering::Relaxed),
        held.load(Ordering::Relaxed),
    );
    eprintln!(
        "soak {seconds} s: {requests} requests, {failures} failed, {held} pauses/stops, \
         {held_audited} audited as such, {} reloads, RSS {rss_warm} KiB after warm-up -> {rss_end} KiB",
        status["policy"]["reloads"]
    );
    assert!(requests > 100, "the load ran: {requests}");
    assert_eq!(failures, 0, "no request failed");
    assert!(
        status["policy"]["reloads"].as_u64().unwrap_or(0) >= seconds / 3,
        "the policy was reloaded: {status}"
    );
    assert!(
        held_audited >= held,
        "every pause and stop is audited: {held_audited} < {held}"
    );
    assert!(
        rss_warm > 0 && rss_end > 0 && rss_end * 10 <= rss_warm * 11,
        "RSS grew more than 10 %: {rss_warm} -> {rss_end} KiB"
    );
}
