//! The decision latency of `airlock hook claude-code` as a host runs it: a fresh process per tool
//! call, Claude Code's PreToolUse JSON on standard input, the answer read from standard output.
//!
//! - `standalone`: no airlock process owns the state, so each call opens the state file, loads
//!   the embedded policy (both default guests, from the precompile cache), decides, writes the
//!   audit entry durably and exits;
//! - `forwarded`: an `airlock http` owns the state, and each call forwards to it over
//!   `agent.sock`;
//! - `first_uncached_ms`: one call with an empty precompile cache (the built-ins' precompiled
//!   code written to it on x86-64 Linux; both guests compiled elsewhere);
//!   `first_cached_ms`: the next call, on a fresh state directory.
//!
//! - `cc_safety_net_ms`: the same input through the peer hook `cc-safety-net hook --claude-code`
//!   (npm, installed in `.node` by scripts/setup.sh), a fresh `node` process per call as Claude
//!   Code runs it, for the side-by-side figure issue #14 asks for; `null` when it is not
//!   installed.
//!
//! Prints one JSON object (milliseconds; median, p90, p99 and the run count).
//!
//! ```text
//! cargo run --release -p airlock-benches --bin hook_latency -- [--runs 200]
//! ```

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use airlock_benches::server::airlock_bin;
use serde_json::json;

fn input(command: &str) -> String {
    json!({
        "session_id": "bench",
        "transcript_path": "/tmp/bench.jsonl",
        "cwd": "/tmp",
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": command},
        "tool_use_id": "toolu_bench",
    })
    .to_string()
}

/// Runs `command` as a host runs a hook (`stdin` written, the answer read): its wall time and
/// output.
fn timed(mut command: Command, stdin: &str) -> (Duration, std::process::Output) {
    let began = Instant::now();
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the hook process");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    (began.elapsed(), out)
}

/// One hook call; its wall time. Panics if the answer is not the expected allow.
fn call(state: &Path, cache: &Path, stdin: &str) -> Duration {
    let mut command = Command::new(airlock_bin());
    command
        .args(["hook", "claude-code"])
        .env("AIRLOCK_STATE_DIR", state)
        .env("AIRLOCK_CACHE_DIR", cache)
        .env_remove("AIRLOCK_POLICY")
        .env_remove("AIRLOCK_LOG");
    let (took, out) = timed(command, stdin);
    assert!(
        out.status.success() && out.stdout.is_empty(),
        "an allowed call prints nothing and exits 0: {:?} {} {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    took
}

/// The peer hook's script, if scripts/setup.sh installed it.
fn cc_safety_net() -> Option<std::path::PathBuf> {
    let js = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../.node/node_modules/cc-safety-net/dist/bin/cc-safety-net.js");
    js.is_file().then_some(js)
}

/// One call of the peer hook on `stdin`, in its own home (it keeps an audit there); its wall
/// time. Panics unless it allows (exit 0), as it must for `git status`.
fn peer_call(js: &Path, home: &Path, stdin: &str) -> Duration {
    let mut command = Command::new("node");
    command
        .arg(js)
        .args(["hook", "--claude-code"])
        .env("HOME", home)
        .env("CC_SAFETY_NET_HOME", home.join(".cc-safety-net"))
        .env("CC_SAFETY_NET_AUDIT_HOME", home);
    let (took, out) = timed(command, stdin);
    assert!(
        out.status.success(),
        "cc-safety-net refused git status: {:?} {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    took
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e5).round() / 1e2
}

fn summary(mut samples: Vec<f64>) -> serde_json::Value {
    samples.sort_by(f64::total_cmp);
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
    json!({"median": at(0.5), "p90": at(0.9), "p99": at(0.99), "runs": samples.len()})
}

fn main() {
    let mut runs = 200usize;
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--runs") {
        runs = args[i + 1].parse().expect("--runs N");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let cache = dir.path().join("cache");
    let stdin = input("git status");

    let first_uncached = call(&dir.path().join("state-cold"), &cache, &stdin);
    let first_cached = call(&dir.path().join("state-first"), &cache, &stdin);

    let state = dir.path().join("state");
    let _ = call(&state, &cache, &stdin);
    let standalone: Vec<f64> = (0..runs)
        .map(|_| ms(call(&state, &cache, &stdin)))
        .collect();

    // With an owner: `airlock http` on the same state directory.
    let owned = dir.path().join("state-owned");
    let mut http = Command::new(airlock_bin())
        .args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
        .arg(&owned)
        .env("AIRLOCK_CACHE_DIR", &cache)
        .env_remove("AIRLOCK_POLICY")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let socket = owned.join("agent.sock");
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::os::unix::net::UnixStream::connect(&socket).is_err() {
        assert!(
            Instant::now() < deadline,
            "airlock http never served agent.sock"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = call(&owned, &cache, &stdin);
    let forwarded: Vec<f64> = (0..runs)
        .map(|_| ms(call(&owned, &cache, &stdin)))
        .collect();
    let _ = http.kill();
    let _ = http.wait();

    // The peer, same input, same number of calls.
    let peer = cc_safety_net().map(|js| {
        let home = dir.path().join("peer-home");
        std::fs::create_dir_all(&home).expect("peer home");
        let _ = peer_call(&js, &home, &stdin);
        let samples: Vec<f64> = (0..runs)
            .map(|_| ms(peer_call(&js, &home, &stdin)))
            .collect();
        summary(samples)
    });

    println!(
        "{}",
        json!({
            "host": "claude-code",
            "command": "git status",
            "standalone_ms": summary(standalone),
            "forwarded_ms": summary(forwarded),
            "first_uncached_ms": ms(first_uncached),
            "first_cached_ms": ms(first_cached),
            "cc_safety_net_ms": peer,
        })
    );
}
