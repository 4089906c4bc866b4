//! `policies/policy.json` in airlock: the native gate for structured operations, the default
//! WebAssembly pattern stage for hints, and the full stage pipeline (pattern stage, then the
//! default risk scorer) for hints.
//!
//! The stages need the default guest components (`just guests`, or `scripts/build-guests.sh`,
//! which write `target/guests/*.wasm`; `AIRLOCK_GUESTS_DIR` points elsewhere).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use airlock_core::{GateContext, GatePolicy, PolicyConfig, StageKind};
use airlock_wasm::{
    Action, Builtins, Evaluation, HostConfig, PatternSettings, PatternStage, PolicySet,
    PolicySource, WasmHost,
};

use crate::corpus::CorpusOperation;
use crate::verdict::Verdict;

/// Where the guest components are.
pub fn guests_dir() -> PathBuf {
    match std::env::var_os("AIRLOCK_GUESTS_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/guests"),
    }
}

/// The default pattern stage's and risk scorer's components, or why they could not be read.
type GuestBytes = Result<(Vec<u8>, Vec<u8>), String>;

/// The default guests, read once: [`Builtins`] holds `'static` bytes, as the binary embeds
/// them.
fn builtins() -> Result<Builtins, String> {
    static GUESTS: OnceLock<GuestBytes> = OnceLock::new();
    let guests = GUESTS.get_or_init(|| {
        let read = |name: &str| {
            let path = guests_dir().join(format!("{name}.wasm"));
            std::fs::read(&path).map_err(|e| {
                format!(
                    "guest component {} not found ({e}): run `just guests` or \
                     scripts/build-guests.sh first",
                    path.display()
                )
            })
        };
        Ok((read("default-patterns")?, read("default-scorer")?))
    });
    let (patterns, scorer) = guests.as_ref().map_err(Clone::clone)?;
    Ok(Builtins {
        default_patterns: Some(patterns.as_slice()),
        default_scorer: Some(scorer.as_slice()),
        precompiled: &[],
    })
}

/// airlock, loaded with `policy.json`.
pub struct Airlock {
    gate: GatePolicy,
    context: GateContext,
    patterns: PatternStage,
    pipeline: PolicySet,
    // Declared last: the stages above hold instances of this host's engine.
    _host: WasmHost,
}

impl std::fmt::Debug for Airlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Airlock").finish_non_exhaustive()
    }
}

impl Airlock {
    /// Compiles the gate, and loads the pattern stage alone and the whole pipeline, each
    /// with the isolation `policy.json` sets.
    pub fn load() -> Result<Self, String> {
        let json = super::read_policy("policy.json")?;
        let config = PolicyConfig::from_json(&json).map_err(|e| e.message)?;
        let gate = config.compile().map_err(|e| e.message)?;
        let builtins = builtins()?;
        let host = WasmHost::new(HostConfig::default()).map_err(|e| e.to_string())?;

        // The pattern stage alone: the pipeline's first stage, with its config and isolation.
        let plans = config.stage_plan().map_err(|e| e.message)?;
        let plan = plans
            .iter()
            .find(|p| p.kind == StageKind::Patterns)
            .ok_or("policy.json has no pattern stage")?;
        let bytes = builtins
            .default_patterns
            .ok_or("no default pattern stage")?;
        let component = host
            .load(bytes, "default-patterns")
            .map_err(|e| e.to_string())?;
        let patterns = PatternStage::new(
            &host,
            &component,
            PatternSettings::default()
                .with_config(plan.config_json.clone())
                .with_isolation(plan.isolation),
        )
        .map_err(|e| e.to_string())?;

        let pipeline = PolicySet::load(
            &host,
            &PolicySource::Directory(super::policies_dir()),
            &builtins,
            1,
        )
        .map_err(|e| e.message)?;
        Ok(Self {
            gate,
            context: GateContext::default(),
            patterns,
            pipeline,
            _host: host,
        })
    }

    /// The native gate's verdict for a structured operation.
    pub fn decide_operation(&self, op: &CorpusOperation) -> Verdict {
        Verdict::of_outcome(self.gate.decide(&op.request(&self.context)).outcome)
    }

    /// The default pattern stage's verdict for a hint. A stage failure (the guest trapped or
    /// ran out of time) answers with the fallback, `deny`, and is reported as an error here so
    /// a comparison never mistakes it for the policy's verdict.
    pub fn decide_hint(&self, hint: &str) -> Result<Verdict, String> {
        let matched = self.patterns.evaluate(&Action::from_hint(hint));
        if let Some(failure) = matched.failure {
            return Err(format!("pattern stage failed: {failure:?}"));
        }
        Ok(Verdict::of_pattern(matched.verdict))
    }

    /// The full pipeline's evaluation of a hint: the pattern stage, then (unless it
    /// auto-approved) the risk scorer.
    pub fn evaluate_hint(&self, hint: &str) -> Evaluation {
        self.pipeline.evaluate_owned(Action::from_hint(hint))
    }
}
