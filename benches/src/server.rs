//! The real `airlock` binary as the end-to-end benches start it: `airlock http` on loopback
//! and `airlock serve` over stdio, each on its own state directory and precompile cache.
//!
//! The binary is `$AIRLOCK_BIN`, else `target/release/airlock` (`cargo build --release -p
//! airlock`; `just bench` builds it first).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The airlock binary the benches run.
///
/// # Panics
/// When it does not exist, saying how to build it.
pub fn airlock_bin() -> PathBuf {
    let bin = match std::env::var_os("AIRLOCK_BIN") {
        Some(path) => PathBuf::from(path),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/airlock"),
    };
    assert!(
        bin.is_file(),
        "{} not found: run `cargo build --release -p airlock` (or set AIRLOCK_BIN)",
        bin.display()
    );
    bin
}

/// A running `airlock http`. Killed on drop.
pub struct HttpServer {
    child: Child,
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// How long from spawning the process to its "listening" line.
    pub started_in: Duration,
    /// Holds the state directory and cache.
    dir: tempfile::TempDir,
}

impl HttpServer {
    /// `airlock http` on an ephemeral loopback port with `policy_dir` (or the embedded
    /// defaults), a fresh state directory and the precompile cache in `cache_dir` (a fresh one
    /// when `None`).
    ///
    /// # Panics
    /// When the binary is missing or the server does not start.
    pub fn start(policy_dir: Option<&Path>, cache_dir: Option<&Path>) -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let cache = cache_dir.map_or_else(|| dir.path().join("cache"), Path::to_path_buf);
        let mut command = Command::new(airlock_bin());
        command
            .args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
            .arg(dir.path().join("state"))
            .env("AIRLOCK_CACHE_DIR", &cache)
            .env_remove("AIRLOCK_POLICY")
            .env_remove("AIRLOCK_LOG")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(policy) = policy_dir {
            command.arg("--policy").arg(policy);
        }
        let began = Instant::now();
        let mut child = command.spawn().expect("spawn airlock http");
        let stdout = child.stdout.take().expect("piped stdout");
        let line = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .find(|l| l.contains("listening on"))
            .expect("airlock http starts and says where it listens");
        let started_in = began.elapsed();
        let base = line
            .split_whitespace()
            .last()
            .expect("an address")
            .to_owned();
        Self {
            child,
            base,
            started_in,
            dir,
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The state directory.
    pub fn state_dir(&self) -> PathBuf {
        self.dir.path().join("state")
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The resident set size of a process, from `/proc/PID/status` (Linux).
pub fn rss_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
