//! The live policy: the current [`PolicySet`] behind an atomic pointer, reloaded whole when the
//! policy directory changes.
//!
//! Readers take the current set with one atomic load and keep it for their whole evaluation, so
//! a reload never changes a decision halfway and never blocks one. A reload builds the new set
//! off the hot path (parse, compile components, configure stages, run the test vectors) and
//! swaps only if all of that succeeded; otherwise the last good set keeps serving and the error
//! is kept for `/v1/status` and the log.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use arc_swap::ArcSwap;
use notify::{RecursiveMode, Watcher};
use serde::Serialize;

use crate::host::WasmHost;
use crate::policy_set::{Builtins, PolicyLoadError, PolicySet, PolicySource};

/// How long the directory must be quiet before a reload starts: editors and `cp` write in
/// several steps, and one reload per change is enough.
pub const DEFAULT_DEBOUNCE: Duration = Duration::from_millis(100);

/// What the live policy has been doing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ReloadStatus {
    /// The generation serving now.
    pub generation: u64,
    /// Where the policy comes from.
    pub source: String,
    /// When the serving generation went live.
    pub loaded_at: Option<jiff::Timestamp>,
    /// Successful reloads since start.
    pub reloads: u64,
    /// Failed reloads since start.
    pub failures: u64,
    /// The last failed reload's error, until a reload succeeds.
    pub last_error: Option<String>,
    /// When it failed.
    pub last_error_at: Option<jiff::Timestamp>,
}

/// The live policy.
pub struct LivePolicy {
    host: Arc<WasmHost>,
    source: PolicySource,
    builtins: Builtins,
    current: ArcSwap<PolicySet>,
    status: Mutex<ReloadStatus>,
    next_generation: AtomicU64,
    reloading: Mutex<()>,
}

impl std::fmt::Debug for LivePolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LivePolicy")
            .field("source", &self.source)
            .field("generation", &self.current.load().generation())
            .finish_non_exhaustive()
    }
}

impl LivePolicy {
    /// Loads generation 1. Its test vectors must pass: a policy that fails its own tests does
    /// not start.
    pub fn load(
        host: Arc<WasmHost>,
        source: PolicySource,
        builtins: Builtins,
    ) -> Result<Arc<Self>, PolicyLoadError> {
        let set = build(&host, &source, &builtins, 1)?;
        let status = ReloadStatus {
            generation: 1,
            source: source.to_string(),
            loaded_at: Some(jiff::Timestamp::now()),
            ..ReloadStatus::default()
        };
        Ok(Arc::new(Self {
            host,
            source,
            builtins,
            current: ArcSwap::from_pointee(set),
            status: Mutex::new(status),
            next_generation: AtomicU64::new(2),
            reloading: Mutex::new(()),
        }))
    }

    /// The set serving now. Keep the `Arc` for a whole evaluation.
    pub fn current(&self) -> Arc<PolicySet> {
        self.current.load_full()
    }

    /// What the live policy has been doing.
    pub fn status(&self) -> ReloadStatus {
        self.status
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The host the policy's components run on.
    pub fn host(&self) -> &Arc<WasmHost> {
        &self.host
    }

    /// Builds a new generation and swaps it in if it loads and passes its vectors; otherwise
    /// keeps the serving one and records the error. Returns the generation serving afterwards.
    pub fn reload(&self) -> Result<u64, PolicyLoadError> {
        let _one_at_a_time = self
            .reloading
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let generation = self.next_generation.fetch_add(1, Ordering::Relaxed);
        let result = build(&self.host, &self.source, &self.builtins, generation);
        let mut status = self.status.lock().unwrap_or_else(PoisonError::into_inner);
        match result {
            Ok(set) => {
                self.current.store(Arc::new(set));
                status.generation = generation;
                status.loaded_at = Some(jiff::Timestamp::now());
                status.reloads += 1;
                status.last_error = None;
                status.last_error_at = None;
                tracing::info!(generation, source = %self.source, "policy reloaded");
                Ok(generation)
            }
            Err(e) => {
                status.failures += 1;
                status.last_error = Some(e.message.clone());
                status.last_error_at = Some(jiff::Timestamp::now());
                tracing::warn!(error = %e, serving = status.generation, "policy reload failed; the last good policy keeps serving");
                Err(e)
            }
        }
    }

    /// Watches the policy directory and reloads after each burst of changes. Nothing to watch
    /// for the embedded policy. The watch stops when the returned watcher is dropped.
    pub fn watch(self: &Arc<Self>, debounce: Duration) -> Result<PolicyWatcher, PolicyLoadError> {
        let PolicySource::Directory(dir) = &self.source else {
            return Err(PolicyLoadError::new(
                "the embedded policy has no directory to watch: start with --policy DIR",
            ));
        };
        PolicyWatcher::start(Arc::clone(self), dir.clone(), debounce)
    }
}

/// Loads a set and runs its vectors; a failing vector is a load error.
fn build(
    host: &WasmHost,
    source: &PolicySource,
    builtins: &Builtins,
    generation: u64,
) -> Result<PolicySet, PolicyLoadError> {
    let set = PolicySet::load(host, source, builtins, generation)?;
    let failed: Vec<String> = set
        .run_vectors()
        .into_iter()
        .filter(|r| !r.passed)
        .map(|r| format!("'{}' ({}): {}", r.name, r.file, r.problems.join("; ")))
        .collect();
    if !failed.is_empty() {
        return Err(PolicyLoadError::new(format!(
            "{}: {} test vector(s) failed: {}",
            source,
            failed.len(),
            failed.join(" | ")
        )));
    }
    Ok(set)
}

/// A running directory watch. Dropping it stops the watch thread.
pub struct PolicyWatcher {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    // Kept alive for the watch's lifetime; dropping it ends the event stream.
    _watcher: notify::RecommendedWatcher,
}

impl std::fmt::Debug for PolicyWatcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PolicyWatcher").finish_non_exhaustive()
    }
}

impl PolicyWatcher {
    fn start(
        live: Arc<LivePolicy>,
        dir: PathBuf,
        debounce: Duration,
    ) -> Result<Self, PolicyLoadError> {
        let (tx, rx) = mpsc::channel::<()>();
        let mut watcher =
            notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
                if event.is_ok_and(|e| !e.kind.is_access()) {
                    let _ = tx.send(());
                }
            })
            .map_err(|e| PolicyLoadError::new(format!("cannot watch '{}': {e}", dir.display())))?;
        watcher
            .watch(&dir, RecursiveMode::NonRecursive)
            .map_err(|e| PolicyLoadError::new(format!("cannot watch '{}': {e}", dir.display())))?;
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("airlock-policy-watch".into())
            .spawn(move || watch_loop(&live, &rx, &stopping, debounce))
            .map_err(|e| PolicyLoadError::new(format!("cannot start the policy watch: {e}")))?;
        Ok(Self {
            stop,
            thread: Some(thread),
            _watcher: watcher,
        })
    }
}

fn watch_loop(live: &LivePolicy, rx: &mpsc::Receiver<()>, stop: &AtomicBool, debounce: Duration) {
    let tick = Duration::from_millis(50);
    while !stop.load(Ordering::Relaxed) {
        match rx.recv_timeout(tick) {
            Ok(()) => {}
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return,
        }
        // Wait for the burst of events to end.
        let mut quiet_since = Instant::now();
        while quiet_since.elapsed() < debounce {
            match rx.recv_timeout(debounce.saturating_sub(quiet_since.elapsed())) {
                Ok(()) => quiet_since = Instant::now(),
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return,
            }
            if stop.load(Ordering::Relaxed) {
                return;
            }
        }
        // The outcome is recorded in the live policy's status and logged there.
        let _ = live.reload();
    }
}

impl Drop for PolicyWatcher {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
