//! The guest-policy part of `policy.json`: which WebAssembly stages run, in what order, with
//! what configuration, limits, isolation and fallback, and how scores combine.
//!
//! This module only describes and checks the plan; loading and running components is
//! airlock-wasm's job. Keeping the plan here keeps one parser, one set of error messages with
//! JSON paths, and one place that says what the defaults are.

use serde::{Deserialize, Serialize};

use crate::tolerance::RiskTolerance;

/// The name under which the embedded default pattern stage is referenced.
pub const BUILTIN_DEFAULT_PATTERNS: &str = "builtin:default-patterns";
/// The name under which the embedded default risk scorer is referenced.
pub const BUILTIN_DEFAULT_SCORER: &str = "builtin:default-scorer";

/// How many recent hints an execution keeps for the stages (the WIT action's `recent-hints`).
pub const MAX_RECENT_HINTS: u32 = 8;

/// What a stage is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageKind {
    /// A pattern stage (`airlock:policy/patterns`).
    Patterns,
    /// A risk scorer (`airlock:policy/scorer`).
    Scorer,
}

/// A pattern stage's verdict, as configured for its fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PatternVerdict {
    /// Refuse.
    Deny,
    /// A person approves.
    RequiresApproval,
    /// Let through and skip the remaining stages.
    AutoApprove,
    /// No opinion.
    NoMatch,
}

impl PatternVerdict {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            PatternVerdict::Deny => "deny",
            PatternVerdict::RequiresApproval => "requires-approval",
            PatternVerdict::AutoApprove => "auto-approve",
            PatternVerdict::NoMatch => "no-match",
        }
    }

    /// What the verdict means on the outcome lattice in the safety loop (core spec 8.7.2,
    /// stage 3): deny stops the agent, requires-approval waits for a person, auto-approve and
    /// no-match let the action through (auto-approve also skips the scorers).
    pub const fn outcome(self) -> crate::Outcome {
        match self {
            PatternVerdict::Deny => crate::Outcome::Stop,
            PatternVerdict::RequiresApproval => crate::Outcome::Confirm,
            PatternVerdict::AutoApprove | PatternVerdict::NoMatch => crate::Outcome::Allow,
        }
    }

    /// How strongly the verdict restricts, for combining several pattern stages: deny >
    /// requires-approval > auto-approve > no-match.
    pub const fn precedence(self) -> u8 {
        match self {
            PatternVerdict::Deny => 3,
            PatternVerdict::RequiresApproval => 2,
            PatternVerdict::AutoApprove => 1,
            PatternVerdict::NoMatch => 0,
        }
    }
}

impl std::fmt::Display for PatternVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a stage's instances are isolated from one call to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "snake_case", deny_unknown_fields)]
pub enum Isolation {
    /// A new instance for every call: nothing survives between calls.
    Fresh,
    /// An instance per worker, reused; discarded after any failure and recycled every
    /// `recycle_after` calls.
    Reuse {
        /// Calls after which an instance is replaced by a new one.
        #[serde(default = "default_recycle_after")]
        recycle_after: u32,
    },
}

fn default_recycle_after() -> u32 {
    10_000
}

impl Isolation {
    /// `reuse` with the default recycling period (10,000 calls).
    pub const REUSE: Isolation = Isolation::Reuse {
        recycle_after: 10_000,
    };
}

impl Default for Isolation {
    fn default() -> Self {
        Isolation::REUSE
    }
}

/// Limits on one guest call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitsConfig {
    /// Deadline per call, in milliseconds of the guest thread's CPU time (1-10,000; a call is
    /// stopped after 10 times this in wall-clock time however little CPU it got). Default 10.
    #[serde(default = "default_deadline_ms")]
    pub deadline_ms: u32,
    /// Linear memory per instance, in MiB (1-4,096). Default 32.
    #[serde(default = "default_memory_mib")]
    pub memory_mib: u32,
    /// Factors kept from one result (1-1,024). Default 32.
    #[serde(default = "default_max_factors")]
    pub max_factors: u32,
    /// Bytes kept of each factor's code and message (16-65,536). Default 256.
    #[serde(default = "default_max_factor_bytes")]
    pub max_factor_bytes: u32,
}

fn default_deadline_ms() -> u32 {
    10
}
fn default_memory_mib() -> u32 {
    32
}
fn default_max_factors() -> u32 {
    32
}
fn default_max_factor_bytes() -> u32 {
    256
}

impl Default for LimitsConfig {
    fn default() -> Self {
        Self {
            deadline_ms: default_deadline_ms(),
            memory_mib: default_memory_mib(),
            max_factors: default_max_factors(),
            max_factor_bytes: default_max_factor_bytes(),
        }
    }
}

impl LimitsConfig {
    /// Checks the ranges; the error names the field.
    pub fn check(&self) -> Result<(), (&'static str, String)> {
        let in_range = |field: &'static str, v: u32, lo: u32, hi: u32| {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err((field, format!("{v} is outside {lo}..={hi}")))
            }
        };
        in_range("deadline_ms", self.deadline_ms, 1, 10_000)?;
        in_range("memory_mib", self.memory_mib, 1, 4_096)?;
        in_range("max_factors", self.max_factors, 1, 1_024)?;
        in_range("max_factor_bytes", self.max_factor_bytes, 16, 65_536)
    }
}

/// How the scores of several scorers combine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScoreCombination {
    /// The highest score wins (weights ignored): one scorer that sees danger is enough.
    #[default]
    Max,
    /// The weighted mean of the scores, by each scorer's `weight`.
    Weighted,
}

/// One stage, as written in `policy.json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageConfig {
    /// A name for logs, factors and status (unique in the policy).
    pub name: String,
    /// What the stage is.
    pub kind: StageKind,
    /// The component: a `.wasm` file relative to the policy directory, or
    /// `builtin:default-patterns` / `builtin:default-scorer`.
    pub component: String,
    /// The JSON passed to the component's `configure` (default `{}`).
    #[serde(default = "empty_object")]
    pub config: serde_json::Value,
    /// A scorer's weight under `weighted` combination (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<f64>,
    /// The score used when a scorer fails (0-100, default 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback_score: Option<u32>,
    /// The verdict used when a pattern stage fails (default `deny`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback_verdict: Option<PatternVerdict>,
    /// Limits for this stage, instead of the policy's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<LimitsConfig>,
    /// Isolation for this stage, instead of the policy's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isolation: Option<Isolation>,
    /// How many of the execution's most recent hints the stage receives in `recent-hints`
    /// (0 to [`MAX_RECENT_HINTS`]). Each one is copied into the guest on every call, so a
    /// stage that never reads them is faster with 0. Default: all of them, except for
    /// `builtin:default-patterns`, which never reads them and gets none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recent_hints: Option<u32>,
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(serde_json::Map::new())
}

/// The stages and their shared settings (the guest part of `policy.json`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StagesConfig {
    /// The stages in order: pattern stages run first, in order, then scorers. When absent, the
    /// embedded default pattern stage and default scorer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pipeline: Option<Vec<StageConfig>>,
    /// How scorers' scores combine.
    #[serde(default)]
    pub scoring: ScoreCombination,
    /// The score above which the safety loop pauses.
    #[serde(default)]
    pub risk_tolerance: RiskTolerance,
    /// Limits for every stage without its own.
    #[serde(default)]
    pub limits: LimitsConfig,
    /// Isolation for every stage without its own.
    #[serde(default)]
    pub isolation: Isolation,
}

/// One stage, resolved: every setting decided.
#[derive(Debug, Clone, PartialEq)]
pub struct StagePlan {
    /// The stage's name.
    pub name: String,
    /// What it is.
    pub kind: StageKind,
    /// Where its component comes from.
    pub component: String,
    /// Its `configure` JSON, as text.
    pub config_json: String,
    /// Its weight (scorers).
    pub weight: f64,
    /// Its fallback score (scorers).
    pub fallback_score: u32,
    /// Its fallback verdict (pattern stages).
    pub fallback_verdict: PatternVerdict,
    /// Its limits.
    pub limits: LimitsConfig,
    /// Its isolation.
    pub isolation: Isolation,
    /// How many of the most recent hints it receives.
    pub recent_hints: usize,
}

impl StagesConfig {
    /// The default pipeline: the embedded pattern stage, then the embedded scorer.
    pub fn default_pipeline() -> Vec<StageConfig> {
        let stage = |name: &str, kind, component: &str| StageConfig {
            name: name.to_owned(),
            kind,
            component: component.to_owned(),
            config: empty_object(),
            weight: None,
            fallback_score: None,
            fallback_verdict: None,
            limits: None,
            isolation: None,
            recent_hints: None,
        };
        vec![
            stage(
                "default-patterns",
                StageKind::Patterns,
                BUILTIN_DEFAULT_PATTERNS,
            ),
            stage("default-scorer", StageKind::Scorer, BUILTIN_DEFAULT_SCORER),
        ]
    }

    /// Checks the stages and resolves every setting. Errors carry the JSON path (relative to
    /// `stages`) and a message.
    pub fn plan(&self) -> Result<Vec<StagePlan>, (String, String)> {
        self.limits
            .check()
            .map_err(|(f, m)| (format!("limits.{f}"), m))?;
        check_isolation("isolation", &self.isolation)?;
        let pipeline = self.pipeline.clone().unwrap_or_else(Self::default_pipeline);
        let mut names = std::collections::HashSet::new();
        let mut plans = Vec::with_capacity(pipeline.len());
        for (i, s) in pipeline.iter().enumerate() {
            let at = |field: &str| format!("pipeline[{i}].{field}");
            if s.name.trim().is_empty() {
                return Err((at("name"), "a stage needs a name".to_owned()));
            }
            if !names.insert(s.name.as_str()) {
                return Err((
                    at("name"),
                    format!("two stages are named '{}': names must be unique", s.name),
                ));
            }
            if s.component.trim().is_empty() {
                return Err((
                    at("component"),
                    "name a .wasm file in the policy directory or a builtin:* component".to_owned(),
                ));
            }
            if !s.config.is_object() {
                return Err((
                    at("config"),
                    "a stage's config must be a JSON object".to_owned(),
                ));
            }
            match s.kind {
                StageKind::Patterns => {
                    if s.weight.is_some() || s.fallback_score.is_some() {
                        return Err((
                            at("kind"),
                            "weight and fallback_score are for scorers; a pattern stage takes fallback_verdict"
                                .to_owned(),
                        ));
                    }
                }
                StageKind::Scorer => {
                    if s.fallback_verdict.is_some() {
                        return Err((
                            at("fallback_verdict"),
                            "fallback_verdict is for pattern stages; a scorer takes fallback_score"
                                .to_owned(),
                        ));
                    }
                }
            }
            let weight = s.weight.unwrap_or(1.0);
            if !weight.is_finite() || weight < 0.0 {
                return Err((
                    at("weight"),
                    format!("{weight} is not a finite weight >= 0"),
                ));
            }
            let fallback_score = s.fallback_score.unwrap_or(100);
            if fallback_score > 100 {
                return Err((
                    at("fallback_score"),
                    format!("{fallback_score} is not a score (0-100)"),
                ));
            }
            let limits = s.limits.unwrap_or(self.limits);
            limits
                .check()
                .map_err(|(f, m)| (at(&format!("limits.{f}")), m))?;
            let isolation = s.isolation.unwrap_or(self.isolation);
            check_isolation(&at("isolation"), &isolation)?;
            let recent_hints = match s.recent_hints {
                Some(n) if n > MAX_RECENT_HINTS => {
                    return Err((
                        at("recent_hints"),
                        format!(
                            "{n} is more than an execution keeps: give 0 to {MAX_RECENT_HINTS}"
                        ),
                    ));
                }
                Some(n) => n,
                None if s.component == BUILTIN_DEFAULT_PATTERNS => 0,
                None => MAX_RECENT_HINTS,
            };
            plans.push(StagePlan {
                name: s.name.clone(),
                kind: s.kind,
                component: s.component.clone(),
                config_json: s.config.to_string(),
                weight,
                fallback_score,
                fallback_verdict: s.fallback_verdict.unwrap_or(PatternVerdict::Deny),
                limits,
                isolation,
                recent_hints: recent_hints as usize,
            });
        }
        if self.scoring == ScoreCombination::Weighted
            && plans
                .iter()
                .filter(|p| p.kind == StageKind::Scorer)
                .all(|p| p.weight == 0.0)
            && plans.iter().any(|p| p.kind == StageKind::Scorer)
        {
            return Err((
                "scoring".to_owned(),
                "weighted scoring needs at least one scorer with a weight above 0".to_owned(),
            ));
        }
        Ok(plans)
    }
}

fn check_isolation(path: &str, isolation: &Isolation) -> Result<(), (String, String)> {
    if let Isolation::Reuse { recycle_after: 0 } = isolation {
        return Err((
            format!("{path}.recycle_after"),
            "recycle_after must be at least 1".to_owned(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stages(json: &str) -> StagesConfig {
        serde_json::from_str(json).expect("stages config")
    }

    #[test]
    fn verdicts_order_and_meaning() {
        use crate::Outcome;
        let order = [
            PatternVerdict::NoMatch,
            PatternVerdict::AutoApprove,
            PatternVerdict::RequiresApproval,
            PatternVerdict::Deny,
        ];
        for pair in order.windows(2) {
            assert!(pair[0].precedence() < pair[1].precedence());
        }
        assert_eq!(PatternVerdict::Deny.outcome(), Outcome::Stop);
        for v in order {
            let json = serde_json::to_string(&v).expect("serialize");
            assert_eq!(json, format!("\"{}\"", v.as_str()));
        }
        assert_eq!(PatternVerdict::RequiresApproval.outcome(), Outcome::Confirm);
        assert_eq!(PatternVerdict::AutoApprove.outcome(), Outcome::Allow);
    }

    #[test]
    fn no_pipeline_means_the_embedded_defaults() {
        let plans = StagesConfig::default().plan().expect("plan");
        let names: Vec<(&str, StageKind)> = plans
            .iter()
            .map(|p| (p.component.as_str(), p.kind))
            .collect();
        assert_eq!(
            names,
            [
                (BUILTIN_DEFAULT_PATTERNS, StageKind::Patterns),
                (BUILTIN_DEFAULT_SCORER, StageKind::Scorer)
            ]
        );
        assert_eq!(plans[0].fallback_verdict, PatternVerdict::Deny);
        assert_eq!(plans[1].fallback_score, 100);
        // The built-in pattern stage never reads the recent hints; the scorer gets them all.
        assert_eq!((plans[0].recent_hints, plans[1].recent_hints), (0, 8));
        assert_eq!(plans[1].limits.deadline_ms, 10);
        assert_eq!(plans[1].limits.memory_mib, 32);
        assert_eq!(
            plans[1].isolation,
            Isolation::Reuse {
                recycle_after: 10_000
            }
        );
    }

    #[test]
    fn stage_settings_override_the_shared_ones() {
        let plans = stages(
            r#"{"limits": {"deadline_ms": 20},
                "isolation": {"mode": "fresh"},
                "pipeline": [
                  {"name": "org", "kind": "scorer", "component": "org.wasm",
                   "config": {"teams": ["billing"]}, "weight": 2.5, "fallback_score": 90,
                   "limits": {"deadline_ms": 5}, "isolation": {"mode": "reuse", "recycle_after": 7}},
                  {"name": "p", "kind": "patterns", "component": "p.wasm", "fallback_verdict": "requires-approval"}
                ]}"#,
        )
        .plan()
        .expect("plan");
        assert_eq!(plans[0].limits.deadline_ms, 5);
        assert_eq!(plans[0].isolation, Isolation::Reuse { recycle_after: 7 });
        assert_eq!(plans[0].config_json, r#"{"teams":["billing"]}"#);
        assert_eq!((plans[0].weight, plans[0].fallback_score), (2.5, 90));
        assert_eq!(plans[1].limits.deadline_ms, 20);
        assert_eq!(plans[1].isolation, Isolation::Fresh);
        assert_eq!(plans[1].fallback_verdict, PatternVerdict::RequiresApproval);
        // A component of the directory gets every recent hint unless it says otherwise.
        assert_eq!((plans[0].recent_hints, plans[1].recent_hints), (8, 8));
        let plans = stages(
            r#"{"pipeline": [
                  {"name": "org", "kind": "scorer", "component": "org.wasm", "recent_hints": 3},
                  {"name": "p", "kind": "patterns", "component": "builtin:default-patterns", "recent_hints": 8}
                ]}"#,
        )
        .plan()
        .expect("plan");
        assert_eq!((plans[0].recent_hints, plans[1].recent_hints), (3, 8));
    }

    #[test]
    fn bad_plans_name_the_field() {
        let cases = [
            (r#"{"limits": {"deadline_ms": 0}}"#, "limits.deadline_ms"),
            (
                r#"{"pipeline": [{"name": "a", "kind": "scorer", "component": "a.wasm"},
                                 {"name": "a", "kind": "scorer", "component": "b.wasm"}]}"#,
                "pipeline[1].name",
            ),
            (
                r#"{"pipeline": [{"name": "a", "kind": "scorer", "component": "a.wasm", "fallback_score": 101}]}"#,
                "pipeline[0].fallback_score",
            ),
            (
                r#"{"pipeline": [{"name": "a", "kind": "patterns", "component": "a.wasm", "weight": 1}]}"#,
                "pipeline[0].kind",
            ),
            (
                r#"{"pipeline": [{"name": "a", "kind": "scorer", "component": "a.wasm", "config": [1]}]}"#,
                "pipeline[0].config",
            ),
            (
                r#"{"pipeline": [{"name": "a", "kind": "scorer", "component": "a.wasm", "weight": -1}]}"#,
                "pipeline[0].weight",
            ),
            (
                r#"{"pipeline": [{"name": "a", "kind": "scorer", "component": "a.wasm", "recent_hints": 9}]}"#,
                "pipeline[0].recent_hints",
            ),
            (
                r#"{"isolation": {"mode": "reuse", "recycle_after": 0}}"#,
                "isolation.recycle_after",
            ),
            (
                r#"{"scoring": "weighted", "pipeline": [{"name": "a", "kind": "scorer", "component": "a.wasm", "weight": 0}]}"#,
                "scoring",
            ),
        ];
        for (json, path) in cases {
            let (at, message) = stages(json).plan().expect_err(json);
            assert_eq!(at, path, "{json}: {message}");
            assert!(!message.is_empty());
        }
        assert!(
            serde_json::from_str::<StagesConfig>(r#"{"isolation": {"mode": "pooled"}}"#).is_err()
        );
        assert!(
            serde_json::from_str::<StagesConfig>(
                r#"{"pipeline": [{"name": "a", "kind": "judge", "component": "x"}]}"#
            )
            .is_err()
        );
    }
}
