//! An engine the way `airlock serve` builds one, for the in-process benches: the default
//! policy (both default WebAssembly stages, `reuse` isolation), a real redb file, a file human
//! channel and the system clock, in a temporary directory that lives as long as the stack.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use airlock_core::{DangerLevel, LoopMode};
use airlock_engine::{Engine, EngineOptions, StartRequest, StepOutcome, StepReport, SystemClock};
use airlock_store::RedbStore;
use airlock_wasm::{Action, Builtins, HostConfig, LivePolicy, PolicySource, WasmHost};
use serde_json::json;

/// Steps a bench runs in one execution before it starts a new one: under the step limit the
/// bench policies set (100, the operator's ceiling), so no step is paused by it.
pub const STEPS_PER_EXECUTION: u64 = 90;

/// Which safety loop mode the stack runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StackMode {
    /// Decisions are enforced: stops block, pauses create approvals.
    Enforcing,
    /// Every stage runs and factors are accurate, but nothing is blocked or created.
    Monitoring,
}

/// The directory of the guest components (`just guests`), or `AIRLOCK_GUESTS_DIR`.
pub fn guests_dir() -> PathBuf {
    match std::env::var_os("AIRLOCK_GUESTS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/guests"),
    }
}

/// One guest component's bytes, for the life of the process.
///
/// # Panics
/// When the components were not built: the message says to run `just guests`.
pub fn guest(name: &str) -> &'static [u8] {
    let path = guests_dir().join(format!("{name}.wasm"));
    match std::fs::read(&path) {
        Ok(bytes) => Box::leak(bytes.into_boxed_slice()),
        Err(e) => panic!("{}: {e}: run `just guests` first", path.display()),
    }
}

/// The default guests, as the binary embeds them.
pub fn builtins() -> Builtins {
    Builtins {
        default_patterns: Some(guest("default-patterns")),
        default_scorer: Some(guest("default-scorer")),
        precompiled: &[],
    }
}

/// An engine over its own state and policy directories.
pub struct Stack {
    /// The engine.
    pub engine: Engine,
    /// Holds the policy and state directories.
    _dir: tempfile::TempDir,
}

impl Stack {
    /// The default policy with the step limit raised to the operator's ceiling (100), so a
    /// bench runs many steps per execution.
    ///
    /// # Panics
    /// When the guests are missing or the engine cannot be opened.
    pub fn new(mode: StackMode) -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let policy_dir = dir.path().join("policy");
        let state_dir = dir.path().join("state");
        std::fs::create_dir_all(&policy_dir).expect("policy dir");
        std::fs::create_dir_all(&state_dir).expect("state dir");
        let mode = match mode {
            StackMode::Enforcing => LoopMode::Enforcing,
            StackMode::Monitoring => LoopMode::Monitoring,
        };
        let policy = json!({
            "safety_loop": {
                "mode": mode.as_str(),
                "max_autonomous_steps": 100,
                "human_channels": [{"kind": "file", "dir": state_dir.join("inbox")}]
            }
        });
        std::fs::write(policy_dir.join("policy.json"), policy.to_string()).expect("policy");
        let host = WasmHost::new(HostConfig {
            cache_dir: Some(dir.path().join("cache")),
            ..HostConfig::default()
        })
        .expect("wasm host");
        let live = LivePolicy::load(
            Arc::new(host),
            PolicySource::Directory(policy_dir.clone()),
            builtins(),
        )
        .expect("the default policy loads");
        let store = RedbStore::open(&state_dir.join("state.redb")).expect("redb");
        let engine = Engine::open(
            live,
            Arc::new(store),
            Arc::new(SystemClock),
            EngineOptions {
                state_dir,
                policy_dir,
                mode_override: None,
            },
        )
        .expect("engine");
        Self { engine, _dir: dir }
    }

    /// The hints of `hints` this stack lets an agent go on with. Each is tried as the first
    /// step of its own agent's execution, so no hint is judged by its neighbours' repetitions,
    /// blocks or pending approvals.
    ///
    /// # Panics
    /// When the engine fails.
    pub fn allowed(&self, hints: &[String]) -> Vec<String> {
        hints
            .iter()
            .enumerate()
            .filter(|(i, hint)| {
                let agent = format!("bench-probe-{i}");
                self.engine
                    .execute_agent(StartRequest {
                        agent: agent.clone(),
                        ..StartRequest::default()
                    })
                    .expect("execute_agent");
                let answer = self
                    .engine
                    .record_execution_step(StepReport {
                        agent: agent.clone(),
                        hint: (*hint).clone(),
                        outcome: Some(StepOutcome::Success),
                        ..StepReport::default()
                    })
                    .expect("record_execution_step");
                // Ended, so later stops do not broadcast to thousands of probe agents.
                let _ = self.engine.abort_execution(&agent, None, None);
                answer.directive.proceed && answer.directive.stopped != Some(true)
            })
            .map(|(_, hint)| hint.clone())
            .collect()
    }

    /// The hints of `hints` whose danger level, as the stages judge it, is below destructive
    /// (2): a step that goes ahead at danger 2 or more is audited durably before its answer
    /// (an fsync), one below is not.
    pub fn below_danger_2(&self, hints: &[String]) -> Vec<String> {
        let policy = self.engine.policy().current();
        hints
            .iter()
            .filter(|hint| {
                policy
                    .evaluate(&Action::from_hint(hint.as_str()))
                    .danger_level
                    .is_none_or(|d| d < DangerLevel::Destructive)
            })
            .cloned()
            .collect()
    }
}
