//! A policy set: one generation of a policy directory, loaded whole.
//!
//! A set is `policy.json` (the gate policy and the stage pipeline), the components its stages
//! name, and the directory's test vectors. It is built completely before anyone sees it and
//! never changes afterwards: a reload builds a new set beside the old one and swaps the pointer
//! (see `reload`), so every evaluation runs wholly against one generation.

use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use airlock_core::stages::{BUILTIN_DEFAULT_PATTERNS, BUILTIN_DEFAULT_SCORER};
use airlock_core::{
    DangerLevel, GatePolicy, LimitsConfig, Outcome, PatternVerdict, PolicyConfig, RiskTolerance,
    SafetyTier, ScoreCombination, StageKind, StagePlan, judge_stages,
};
use serde::Serialize;

use crate::action::Action;
use crate::bindings::wit;
use crate::failure::StageFailure;
use crate::host::WasmHost;
use crate::inspect::ComponentInfo;
use crate::patterns::PatternStage;
use crate::precompiled::Precompiled;
use crate::scorer::ScorerStage;
use crate::settings::{Limits, StageSettings};
use crate::stats::StageStats;
use crate::vectors::{self, TestVector, VectorResult};

/// The policy file's name inside a policy directory.
pub const POLICY_FILE: &str = "policy.json";

/// The largest component accepted from a policy directory, in bytes.
pub const MAX_COMPONENT_BYTES: u64 = 64 << 20;

/// The default guests compiled into the binary, referenced as `builtin:default-patterns` and
/// `builtin:default-scorer`. A build without them (no `just guests` before it) has `None`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Builtins {
    /// The default pattern stage component.
    pub default_patterns: Option<&'static [u8]>,
    /// The default risk scorer component.
    pub default_scorer: Option<&'static [u8]>,
    /// Native code for the built-ins, when the build carries it for its target (see
    /// [`Precompiled`]); empty otherwise, and the built-ins are compiled (or taken from the
    /// precompile cache) at load.
    pub precompiled: &'static [Precompiled],
}

/// Where a policy set comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PolicySource {
    /// No directory: the empty policy `{}` with the built-in default stages.
    Embedded,
    /// A policy directory holding `policy.json`, components and `*.tests.json`.
    Directory(PathBuf),
}

impl std::fmt::Display for PolicySource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PolicySource::Embedded => f.write_str("embedded defaults"),
            PolicySource::Directory(dir) => write!(f, "{}", dir.display()),
        }
    }
}

/// Why a policy set could not be loaded. The message names the file and says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PolicyLoadError {
    /// The one-line message.
    pub message: String,
}

impl PolicyLoadError {
    pub(crate) fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

/// One stage of a loaded set.
#[derive(Debug)]
pub struct LoadedStage {
    /// The stage's name from `policy.json`.
    pub name: String,
    /// Where its component came from (`builtin:...` or a file name).
    pub component: String,
    /// What the component is.
    pub info: ComponentInfo,
    /// The stage itself.
    pub runner: StageRunner,
    /// How many of the most recent hints it receives (`recent_hints` in `policy.json`).
    pub recent_hints: usize,
}

/// A runnable stage.
#[derive(Debug)]
pub enum StageRunner {
    /// A pattern stage.
    Patterns(PatternStage),
    /// A risk scorer with its weight.
    Scorer {
        /// The scorer.
        stage: ScorerStage,
        /// Its weight under weighted combination.
        weight: f64,
    },
}

impl LoadedStage {
    /// The stage's call and failure counters.
    pub fn stats(&self) -> StageStats {
        match &self.runner {
            StageRunner::Patterns(s) => s.stats(),
            StageRunner::Scorer { stage, .. } => stage.stats(),
        }
    }
}

/// A pattern that matched, with the stage that matched it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StagePattern {
    /// The stage's name.
    pub stage: String,
    /// The pattern as configured.
    pub pattern: String,
}

/// One reason behind a score, with the stage that gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StageFactor {
    /// The stage's name.
    pub stage: String,
    /// The factor's code.
    pub code: String,
    /// The factor's message.
    pub message: String,
    /// The points it contributed to the stage's score.
    pub points: u32,
}

/// A stage that failed and fell back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StageFailed {
    /// The stage's name.
    pub stage: String,
    /// What went wrong (the stage answered with its fallback).
    pub failure: StageFailure,
}

/// What a policy set says about one action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Evaluation {
    /// The generation of the set that evaluated it.
    pub generation: u64,
    /// The combined verdict of the pattern stages (deny > requires-approval > auto-approve >
    /// no-match).
    pub verdict: PatternVerdict,
    /// The patterns that matched at the winning verdict.
    pub matched: Vec<StagePattern>,
    /// The combined score of the scorers (which run whatever the pattern stages said); `None`
    /// when the policy has no scorer.
    pub score: Option<u32>,
    /// The safety tier of the score.
    pub tier: Option<SafetyTier>,
    /// Whether the score is above the risk tolerance threshold (the loop pauses).
    pub above_tolerance: bool,
    /// The highest danger level a scorer inferred.
    pub danger_level: Option<DangerLevel>,
    /// Every scorer's factors.
    pub factors: Vec<StageFactor>,
    /// Stages that failed and answered with their fallback.
    pub failures: Vec<StageFailed>,
    /// The outcome, by the one rule every surface uses ([`airlock_core::judge_stages`]): the
    /// strictest of the verdict's, the tier's and the tolerance's, an auto-approval waiving
    /// only the confirm tier and the tolerance pause.
    pub outcome: Outcome,
}

/// One generation of a policy: the gate, the stages, the test vectors.
#[derive(Debug)]
pub struct PolicySet {
    generation: u64,
    source: PolicySource,
    config: PolicyConfig,
    gate: GatePolicy,
    stages: Vec<LoadedStage>,
    scoring: ScoreCombination,
    tolerance: RiskTolerance,
    vectors: Vec<(String, TestVector)>,
}

impl PolicySet {
    /// Loads a set: parses and checks `policy.json`, loads and configures every stage's
    /// component, and reads the test vectors (it does not run them: see
    /// [`PolicySet::run_vectors`]).
    pub fn load(
        host: &WasmHost,
        source: &PolicySource,
        builtins: &Builtins,
        generation: u64,
    ) -> Result<Self, PolicyLoadError> {
        let (config, vectors) = match source {
            PolicySource::Embedded => (PolicyConfig::default(), Vec::new()),
            PolicySource::Directory(dir) => (read_config(dir)?, vectors::read_dir(dir)?),
        };
        let where_ = |what: &str| match source {
            PolicySource::Embedded => what.to_owned(),
            PolicySource::Directory(dir) => format!("{}: {what}", dir.join(POLICY_FILE).display()),
        };
        let gate = config
            .compile()
            .map_err(|e| PolicyLoadError::new(where_(&e.message)))?;
        let plans = config
            .stage_plan()
            .map_err(|e| PolicyLoadError::new(where_(&e.message)))?;
        let mut stages = Vec::with_capacity(plans.len());
        for plan in &plans {
            stages.push(load_stage(host, source, builtins, plan)?);
        }
        Ok(Self {
            generation,
            source: source.clone(),
            scoring: config.stages.scoring,
            tolerance: config.stages.risk_tolerance,
            config,
            gate,
            stages,
            vectors,
        })
    }

    /// The generation number: higher is newer.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Where the set came from.
    pub fn source(&self) -> &PolicySource {
        &self.source
    }

    /// The policy as written.
    pub fn config(&self) -> &PolicyConfig {
        &self.config
    }

    /// The compiled gate policy.
    pub fn gate(&self) -> &GatePolicy {
        &self.gate
    }

    /// The stages, in pipeline order.
    pub fn stages(&self) -> &[LoadedStage] {
        &self.stages
    }

    /// The risk tolerance.
    pub fn tolerance(&self) -> RiskTolerance {
        self.tolerance
    }

    /// How many test vectors the directory has.
    pub fn vector_count(&self) -> usize {
        self.vectors.len()
    }

    /// Runs the pattern stages, then the scorers, and judges the action by
    /// [`airlock_core::judge_stages`].
    pub fn evaluate(&self, action: &Action) -> Evaluation {
        self.evaluate_owned(action.clone())
    }

    /// [`evaluate`](Self::evaluate) for a caller that has no further use for the action: its
    /// strings move into the guests' form instead of being copied.
    pub fn evaluate_owned(&self, action: Action) -> Evaluation {
        // Spans for an OTLP export (cheap when nothing listens): the stages' verdicts and
        // scores, never the action's text.
        let span = tracing::info_span!(
            "airlock.stages",
            generation = self.generation,
            verdict = tracing::field::Empty,
            score = tracing::field::Empty,
            outcome = tracing::field::Empty,
            failures = tracing::field::Empty,
        );
        let _entered = span.enter();
        let evaluation = self.evaluate_unspanned(action);
        span.record("verdict", evaluation.verdict.as_str());
        if let Some(score) = evaluation.score {
            span.record("score", score);
        }
        span.record("outcome", evaluation.outcome.as_str());
        span.record("failures", evaluation.failures.len());
        evaluation
    }

    fn evaluate_unspanned(&self, action: Action) -> Evaluation {
        // Converted for the guests once, for every stage.
        let mut converted = action.into_wit();
        let mut verdict = PatternVerdict::NoMatch;
        let mut matched: Vec<StagePattern> = Vec::new();
        let mut failures = Vec::new();
        for stage in &self.stages {
            let StageRunner::Patterns(p) = &stage.runner else {
                continue;
            };
            let m = tracing::info_span!("airlock.stage", stage = %stage.name, kind = "patterns")
                .in_scope(|| {
                    with_recent_hints(&mut converted, stage.recent_hints, |action| {
                        p.evaluate_converted(action)
                    })
                });
            if let Some(failure) = m.failure {
                failures.push(StageFailed {
                    stage: stage.name.clone(),
                    failure,
                });
            }
            let v = m.verdict;
            if v.precedence() > verdict.precedence() {
                verdict = v;
                matched.clear();
            }
            if v == verdict && v != PatternVerdict::NoMatch {
                matched.extend(m.matched.into_iter().map(|pattern| StagePattern {
                    stage: stage.name.clone(),
                    pattern,
                }));
            }
        }

        // The scorers always run, also after an auto-approval: an autoApprove pattern waives
        // only the confirm tier and the tolerance pause, never a verify or danger_zone score
        // (`airlock_core::judge_stages`), so the score must be known.
        let mut factors = Vec::new();
        let mut danger_level: Option<DangerLevel> = None;
        let mut scores: Vec<(u32, f64)> = Vec::new();
        for stage in &self.stages {
            let StageRunner::Scorer { stage: s, weight } = &stage.runner else {
                continue;
            };
            let scored = tracing::info_span!("airlock.stage", stage = %stage.name, kind = "scorer")
                .in_scope(|| {
                    with_recent_hints(&mut converted, stage.recent_hints, |action| {
                        s.score_converted(action)
                    })
                });
            if let Some(failure) = scored.failure {
                failures.push(StageFailed {
                    stage: stage.name.clone(),
                    failure,
                });
            }
            danger_level = danger_level.max(scored.danger_level);
            factors.extend(scored.factors.into_iter().map(|f| StageFactor {
                stage: stage.name.clone(),
                code: f.code,
                message: f.message,
                points: f.points,
            }));
            scores.push((scored.value.min(100), *weight));
        }
        let score = combine_scores(self.scoring, &scores);
        let tier = score.map(SafetyTier::from_score);
        let above_tolerance = score.is_some_and(|s| self.tolerance.pauses(s));
        let outcome = judge_stages(verdict, tier, above_tolerance).outcome;
        Evaluation {
            generation: self.generation,
            verdict,
            matched,
            score,
            tier,
            above_tolerance,
            danger_level,
            factors,
            failures,
            outcome,
        }
    }

    /// Runs every test vector of the directory against this set, in file and then declaration
    /// order.
    pub fn run_vectors(&self) -> Vec<VectorResult> {
        self.vectors
            .iter()
            .map(|(file, v)| vectors::run(self, file, v))
            .collect()
    }
}

/// Combines scorers' scores (each taken as at most 100): the highest, or the weighted mean
/// rounded up (so a fractional risk never rounds down into a lower tier). No scores, no score.
///
/// Fails closed to the highest score whenever the weighted mean is not a number in 0-100:
/// weights are checked finite and >= 0 at load, but finite weights can still sum to infinity
/// (two weights of 1e308), and infinity / infinity is NaN, which `as u32` turns into 0, an
/// allow. Weights whose sums overflow are scaled by the largest, which keeps the sums finite.
pub fn combine_scores(how: ScoreCombination, scores: &[(u32, f64)]) -> Option<u32> {
    let highest = scores.iter().map(|(s, _)| (*s).min(100)).max()?;
    match how {
        ScoreCombination::Max => Some(highest),
        ScoreCombination::Weighted => {
            if scores.iter().any(|(_, w)| w.is_nan() || *w < 0.0) {
                // Negative or NaN: refused at load; the strictest answer if it happens.
                return Some(highest);
            }
            let sums = |scale: f64| {
                scores
                    .iter()
                    .fold((0.0_f64, 0.0_f64), |(weighted, total), (s, w)| {
                        let w = w / scale;
                        (weighted + f64::from((*s).min(100)) * w, total + w)
                    })
            };
            let (mut weighted, mut total) = sums(1.0);
            if !(weighted.is_finite() && total.is_finite()) {
                // Only then, so ordinary weights are not touched by a division's rounding.
                let largest = scores.iter().map(|(_, w)| *w).fold(0.0_f64, f64::max);
                (weighted, total) = sums(largest);
            }
            let mean = weighted / total;
            if !(0.0..=100.0).contains(&mean) {
                return Some(highest);
            }
            // In 0..=100, so the conversion is exact after `ceil`.
            Some(mean.ceil() as u32)
        }
    }
}

fn limits_from(c: &LimitsConfig) -> Limits {
    Limits {
        deadline: Duration::from_millis(u64::from(c.deadline_ms)),
        memory_bytes: (c.memory_mib as usize) << 20,
        max_factors: c.max_factors as usize,
        max_factor_bytes: c.max_factor_bytes as usize,
        ..Limits::default()
    }
}

fn read_config(dir: &Path) -> Result<PolicyConfig, PolicyLoadError> {
    let file = dir.join(POLICY_FILE);
    let text = std::fs::read_to_string(&file).map_err(|e| {
        if dir.is_dir() {
            PolicyLoadError::new(format!(
                "policy directory '{}' has no readable {POLICY_FILE} ({e}): create one; '{{}}' is the specification's defaults",
                dir.display()
            ))
        } else {
            PolicyLoadError::new(format!(
                "policy directory '{}' cannot be read: {e}",
                dir.display()
            ))
        }
    })?;
    PolicyConfig::from_json(&text).map_err(|e| {
        PolicyLoadError::new(match e.line {
            Some(line) => format!("{} (line {line}): {}", file.display(), e.message),
            None => format!("{}: {}", file.display(), e.message),
        })
    })
}

/// Runs `f` on `action` with only its `keep` most recent hints, then puts the others back.
/// Every hint left out is a string not copied into the guest.
fn with_recent_hints<R>(
    action: &mut wit::Action,
    keep: usize,
    f: impl FnOnce(&wit::Action) -> R,
) -> R {
    let all = action.recent_hints.len();
    if keep >= all {
        return f(action);
    }
    // Oldest first: the first `all - keep` are left out (moved, not copied).
    let mut older = std::mem::take(&mut action.recent_hints);
    action.recent_hints = older.split_off(all - keep);
    let result = f(action);
    older.append(&mut action.recent_hints);
    action.recent_hints = older;
    result
}

fn load_stage(
    host: &WasmHost,
    source: &PolicySource,
    builtins: &Builtins,
    plan: &StagePlan,
) -> Result<LoadedStage, PolicyLoadError> {
    let fail = |what: String| PolicyLoadError::new(format!("stage '{}': {what}", plan.name));
    let bytes: std::borrow::Cow<'static, [u8]> = match plan.component.as_str() {
        BUILTIN_DEFAULT_PATTERNS | BUILTIN_DEFAULT_SCORER => {
            let embedded = if plan.component == BUILTIN_DEFAULT_PATTERNS {
                builtins.default_patterns
            } else {
                builtins.default_scorer
            };
            std::borrow::Cow::Borrowed(embedded.ok_or_else(|| {
                fail(format!(
                    "this airlock was built without its default guests, so '{}' is not available: build them with `just guests` and rebuild airlock, or name a .wasm file in the policy directory",
                    plan.component
                ))
            })?)
        }
        other if other.starts_with("builtin:") => {
            return Err(fail(format!(
                "unknown built-in component '{other}': the built-ins are {BUILTIN_DEFAULT_PATTERNS} and {BUILTIN_DEFAULT_SCORER}"
            )));
        }
        file => {
            let PolicySource::Directory(dir) = source else {
                return Err(fail(format!(
                    "'{file}' needs a policy directory to be read from"
                )));
            };
            std::borrow::Cow::Owned(read_component(dir, file).map_err(fail)?)
        }
    };
    let precompiled = builtins
        .precompiled
        .iter()
        .find(|p| p.component == plan.component);
    let loaded = match precompiled {
        Some(precompiled) => host.load_precompiled(&bytes, &plan.component, precompiled),
        None => host.load(&bytes, &plan.component),
    }
    .map_err(|e| fail(e.to_string()))?;
    let info = loaded.info().clone();
    let runner = match plan.kind {
        StageKind::Patterns => {
            let settings = StageSettings {
                config_json: plan.config_json.clone(),
                limits: limits_from(&plan.limits),
                isolation: plan.isolation,
                fallback: plan.fallback_verdict,
            };
            StageRunner::Patterns(
                PatternStage::new(host, &loaded, settings).map_err(|e| fail(e.to_string()))?,
            )
        }
        StageKind::Scorer => {
            let settings = StageSettings {
                config_json: plan.config_json.clone(),
                limits: limits_from(&plan.limits),
                isolation: plan.isolation,
                fallback: plan.fallback_score,
            };
            StageRunner::Scorer {
                stage: ScorerStage::new(host, &loaded, settings)
                    .map_err(|e| fail(e.to_string()))?,
                weight: plan.weight,
            }
        }
    };
    Ok(LoadedStage {
        name: plan.name.clone(),
        component: plan.component.clone(),
        info,
        runner,
        recent_hints: plan.recent_hints,
    })
}

/// Reads a component named in `policy.json`: a plain relative path that stays inside the policy
/// directory (a policy may not load `/etc/...` or `../other/...`), a regular file, at most
/// [`MAX_COMPONENT_BYTES`].
fn read_component(dir: &Path, name: &str) -> Result<Vec<u8>, String> {
    let relative = Path::new(name);
    let plain = relative
        .components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
    if !plain || relative.as_os_str().is_empty() {
        return Err(format!(
            "component '{name}' must be a path inside the policy directory (no '..', no absolute path)"
        ));
    }
    let path = dir.join(relative);
    let meta = std::fs::metadata(&path)
        .map_err(|e| format!("cannot read component '{}': {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("component '{}' is not a file", path.display()));
    }
    if meta.len() > MAX_COMPONENT_BYTES {
        return Err(format!(
            "component '{}' is {} bytes, over the {MAX_COMPONENT_BYTES}-byte limit",
            path.display(),
            meta.len()
        ));
    }
    std::fs::read(&path).map_err(|e| format!("cannot read component '{}': {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_combine_by_max_or_weighted_mean_rounded_up() {
        assert_eq!(combine_scores(ScoreCombination::Max, &[]), None);
        assert_eq!(
            combine_scores(ScoreCombination::Max, &[(10, 1.0), (70, 0.1)]),
            Some(70)
        );
        assert_eq!(
            combine_scores(ScoreCombination::Weighted, &[(10, 3.0), (70, 1.0)]),
            Some(25)
        );
        assert_eq!(
            combine_scores(ScoreCombination::Weighted, &[(30, 1.0), (31, 1.0)]),
            Some(31)
        );
        assert_eq!(
            combine_scores(ScoreCombination::Weighted, &[(100, 1.0), (100, 2.0)]),
            Some(100)
        );
    }

    #[test]
    fn weights_whose_sum_overflows_still_give_the_weighted_mean_not_an_allow() {
        // 1e308 + 1e308 is infinity and infinity / infinity is NaN, which `as u32` made 0.
        assert_eq!(
            combine_scores(ScoreCombination::Weighted, &[(90, 1e308), (90, 1e308)]),
            Some(90)
        );
        assert_eq!(
            combine_scores(
                ScoreCombination::Weighted,
                &[(90, f64::MAX), (10, f64::MAX / 2.0)]
            ),
            Some(64)
        );
        // Weights the loader refuses, should one get through: the highest score.
        for bad in [f64::NAN, -1.0, f64::INFINITY] {
            assert_eq!(
                combine_scores(ScoreCombination::Weighted, &[(90, bad), (10, 1.0)]),
                Some(90),
                "weight {bad}"
            );
        }
        assert_eq!(
            combine_scores(ScoreCombination::Weighted, &[(90, 0.0), (10, 0.0)]),
            Some(90)
        );
        // Found by the guest_result fuzz target on the previous code: all weights 0 returned
        // the highest score unclamped.
        assert_eq!(
            combine_scores(ScoreCombination::Weighted, &[(11259, 0.0)]),
            Some(100)
        );
    }

    #[test]
    fn component_paths_stay_inside_the_directory() {
        let dir = Path::new("/nonexistent-policy-dir");
        for bad in ["../x.wasm", "/etc/passwd", "a/../../b.wasm", ""] {
            let err = read_component(dir, bad).expect_err(bad);
            assert!(err.contains("inside the policy directory"), "{bad}: {err}");
        }
        let err = read_component(dir, "scorer.wasm").expect_err("missing");
        assert!(err.contains("cannot read component"), "{err}");
    }
}
