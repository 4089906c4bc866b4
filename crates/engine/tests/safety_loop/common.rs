//! A real engine for the tests: the default guests built from source (`target/guests`), a
//! policy directory with deterministic pattern and score rules, a real redb file, a file human
//! channel, and a clock the test moves.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use airlock_core::Endpoint;
use airlock_engine::{
    Engine, EngineOptions, ManualClock, StartRequest, StepAnswer, StepOutcome, StepReport,
};
use airlock_store::RedbStore;
use airlock_wasm::{Builtins, HostConfig, LivePolicy, PolicySource, WasmHost};
use serde_json::{Value, json};

/// Hints that land in each tier, by the scorer's extra signals below.
pub const ADVISORY: &str = "summarize the meeting notes";
pub const EDGE: &str = "task tier-edge alpha";
pub const CONFIRM: &str = "task tier-confirm alpha";
pub const VERIFY: &str = "task tier-high alpha";
pub const DANGER: &str = "task tier-danger alpha";
/// Matches a deny pattern.
pub const DENIED: &str = "drop table customers";
/// Matches a requiresApproval pattern.
pub const NEEDS_APPROVAL: &str = "deploy web to production-like cluster";
/// Matches an autoApprove pattern.
pub const AUTO: &str = "read the README";

fn workspace_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// A guest component built from source (`just guests`).
pub fn guest(name: &str) -> &'static [u8] {
    let dir = std::env::var_os("AIRLOCK_GUESTS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target/guests"));
    let path = dir.join(format!("{name}.wasm"));
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e}: run `just guests` first", path.display()));
    Box::leak(bytes.into_boxed_slice())
}

fn builtins() -> Builtins {
    static B: OnceLock<Builtins> = OnceLock::new();
    *B.get_or_init(|| Builtins {
        default_patterns: Some(guest("default-patterns")),
        default_scorer: Some(guest("default-scorer")),
        precompiled: &[],
    })
}

fn host() -> Arc<WasmHost> {
    static HOST: OnceLock<Arc<WasmHost>> = OnceLock::new();
    Arc::clone(HOST.get_or_init(|| {
        Arc::new(
            WasmHost::new(HostConfig {
                cache_dir: Some(Path::new(env!("CARGO_TARGET_TMPDIR")).join("engine-wasm-cache")),
                ..HostConfig::default()
            })
            .expect("wasm host"),
        )
    }))
}

/// The test policy: patterns and score rules that put each hint above in a known place.
pub fn policy_json(safety_loop: Value, operator_dir: &Path) -> Value {
    let mut safety_loop = safety_loop;
    if safety_loop.get("human_channels").is_none() {
        safety_loop["human_channels"] =
            json!([{"kind": "file", "dir": operator_dir.to_string_lossy()}]);
    }
    json!({
        "stages": {
            "pipeline": [
                {"name": "patterns", "kind": "patterns", "component": "builtin:default-patterns",
                 "config": {"deny": ["drop table*"], "requiresApproval": ["deploy *"],
                            "autoApprove": ["read *"], "dangerPatterns": false}},
                {"name": "risk", "kind": "scorer", "component": "builtin:default-scorer",
                 "config": {"extraSignals": [
                    {"pattern": "*tier-edge*", "points": 28, "code": "t.edge", "message": "edge"},
                    {"pattern": "*tier-confirm*", "points": 45, "code": "t.confirm", "message": "confirm"},
                    {"pattern": "*tier-high*", "points": 70, "code": "t.verify", "message": "verify"},
                    {"pattern": "*tier-danger*", "points": 95, "code": "t.danger", "message": "danger"}
                 ]}}
            ],
            "limits": {"deadline_ms": 5000}
        },
        "safety_loop": safety_loop
    })
}

/// One engine over one state file.
pub struct Harness {
    pub engine: Engine,
    pub clock: Arc<ManualClock>,
    /// Kept so the policy directory lives as long as the engine.
    _policy_dir: tempfile::TempDir,
    pub state_dir: PathBuf,
    pub operator_dir: PathBuf,
    _state_tmp: Option<tempfile::TempDir>,
}

impl Harness {
    /// Default loop settings.
    pub fn new() -> Self {
        Self::with_loop(json!({}))
    }

    /// With these `safety_loop` settings.
    pub fn with_loop(safety_loop: Value) -> Self {
        let state = tempfile::tempdir().expect("tempdir");
        let state_dir = state.path().to_path_buf();
        let mut h = Self::open_at(&state_dir, safety_loop, None);
        h._state_tmp = Some(state);
        h
    }

    /// Default loop settings, with the test policy changed by `edit`.
    pub fn with_policy(edit: impl FnOnce(&mut Value)) -> Self {
        let state = tempfile::tempdir().expect("tempdir");
        let mut policy = policy_json(json!({}), &state.path().join("operator-inbox"));
        edit(&mut policy);
        let mut h = Self::open_with(state.path(), policy, &[], None);
        h._state_tmp = Some(state);
        h
    }

    /// An engine over the state in `state_dir` (a second engine after a restart).
    pub fn open_at(
        state_dir: &Path,
        safety_loop: Value,
        mode_override: Option<airlock_core::LoopMode>,
    ) -> Self {
        let operator_dir = state_dir.join("operator-inbox");
        Self::open_with(
            state_dir,
            policy_json(safety_loop, &operator_dir),
            &[],
            mode_override,
        )
    }

    /// An engine with a whole policy document and extra files in its directory.
    pub fn open_with(
        state_dir: &Path,
        policy: Value,
        files: &[(&str, &[u8])],
        mode_override: Option<airlock_core::LoopMode>,
    ) -> Self {
        let store = Arc::new(RedbStore::open(&state_dir.join("state.redb")).expect("store"));
        Self::open_on(state_dir, policy, files, mode_override, store)
    }

    /// The same, over a given store.
    pub fn open_on(
        state_dir: &Path,
        policy: Value,
        files: &[(&str, &[u8])],
        mode_override: Option<airlock_core::LoopMode>,
        store: Arc<dyn airlock_store::Store>,
    ) -> Self {
        let policy_dir = tempfile::tempdir().expect("tempdir");
        let operator_dir = state_dir.join("operator-inbox");
        std::fs::write(
            policy_dir.path().join("policy.json"),
            serde_json::to_string_pretty(&policy).expect("json"),
        )
        .expect("write policy");
        for (name, bytes) in files {
            std::fs::write(policy_dir.path().join(name), bytes).expect("write file");
        }
        let live = LivePolicy::load(
            host(),
            PolicySource::Directory(policy_dir.path().to_path_buf()),
            builtins(),
        )
        .expect("policy loads");
        let clock = Arc::new(ManualClock::new(
            "2026-11-26T09:00:00Z".parse().expect("time"),
        ));
        let engine = Engine::open(
            live,
            store,
            clock.clone(),
            EngineOptions {
                state_dir: state_dir.to_path_buf(),
                policy_dir: policy_dir.path().to_path_buf(),
                mode_override,
            },
        )
        .expect("engine");
        Self {
            engine,
            clock,
            _policy_dir: policy_dir,
            state_dir: state_dir.to_path_buf(),
            operator_dir,
            _state_tmp: None,
        }
    }

    /// Starts an execution; returns its id.
    pub fn start(&self, agent: &str) -> String {
        self.engine
            .execute_agent(StartRequest {
                agent: agent.into(),
                ..StartRequest::default()
            })
            .expect("execute_agent")
            .execution_id
    }

    /// Reports an action.
    pub fn step(&self, agent: &str, hint: &str) -> StepAnswer {
        self.engine
            .record_execution_step(StepReport {
                agent: agent.into(),
                hint: hint.into(),
                outcome: Some(StepOutcome::Success),
                ..StepReport::default()
            })
            .expect("record_execution_step")
    }

    /// An agent-side operation through the JSON surface.
    pub fn call(&self, operation: &str, params: Value) -> Value {
        let endpoint = airlock_engine::ops::endpoint_of(operation).unwrap_or(Endpoint::Read);
        self.engine.call(endpoint, operation, &params)
    }

    /// The code a person received for a challenge, read from the file channel.
    pub fn code_for(&self, challenge_id: &str) -> String {
        let path = self.operator_dir.join(format!("{challenge_id}.json"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("no notice at {}: {e}", path.display()));
        let v: Value = serde_json::from_str(&text).expect("notice json");
        v["code"].as_str().expect("a code in the notice").to_owned()
    }

    /// The audit log as JSON values.
    pub fn audit(&self) -> Vec<Value> {
        let mut out = Vec::new();
        self.engine.export_audit(1, &mut out).expect("export audit");
        String::from_utf8(out)
            .expect("utf8")
            .lines()
            .map(|l| serde_json::from_str(l).expect("audit line"))
            .collect()
    }
}

/// The challenge id of a directive's `danger_zone` or `autonomy_pause` notification.
pub fn verification_id(answer: &StepAnswer) -> String {
    answer
        .directive
        .notifications
        .iter()
        .find_map(|n| n.metadata.verification_id.clone())
        .expect("a notification with metadata.verificationId")
}

/// The approval id of a directive's pause notification.
pub fn approval_id(answer: &StepAnswer) -> String {
    answer
        .directive
        .notifications
        .iter()
        .find_map(|n| n.metadata.approval_id.clone())
        .expect("a notification with metadata.approvalId")
}

/// An operator on the CLI.
pub fn operator() -> airlock_engine::HumanChannel {
    airlock_engine::HumanChannel::OperatorCli {
        user: "alice".into(),
    }
}
