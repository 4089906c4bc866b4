//! Test vectors: `*.tests.json` files in a policy directory, each an action in and the verdict,
//! score range, tier or outcome expected out. A reload runs them before a new set goes live, so
//! a policy change that breaks its own tests never serves a request; `airlock policy test`
//! runs them on demand (like `opa test`).
//!
//! ```json
//! {"vectors": [
//!   {"name": "force push is verified",
//!    "action": {"hint": "git push --force origin main"},
//!    "expect": {"tier": "verify"}},
//!   {"name": "payroll export",
//!    "action": {"hint": "export it", "operation": "export_payroll", "endpoint": "read",
//!               "params": {"format": "csv"}},
//!    "expect": {"score": {"min": 61, "max": 85}, "verdict": "no-match"}}
//! ]}
//! ```

use std::path::Path;
use std::time::{Duration, Instant};

use airlock_core::{DangerLevel, Endpoint, Outcome, PatternVerdict, SafetyTier, ToolAnnotations};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::policy_set::{Evaluation, PolicyLoadError, PolicySet};

/// The suffix of a test vector file.
pub const VECTOR_SUFFIX: &str = ".tests.json";

/// The largest vector file accepted, in bytes.
pub const MAX_VECTOR_FILE_BYTES: u64 = 4 << 20;

/// A vector file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
struct VectorFile {
    vectors: Vec<TestVector>,
}

/// One test vector.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestVector {
    /// What it checks, for people.
    pub name: String,
    /// The action.
    pub action: VectorAction,
    /// What the policy must say.
    pub expect: Expectation,
}

/// The action of a vector: the WIT action record in JSON, every field but `hint` optional.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VectorAction {
    /// The agent's name.
    #[serde(default)]
    pub agent: String,
    /// The execution id.
    #[serde(default)]
    pub execution_id: String,
    /// The step.
    #[serde(default)]
    pub step: u32,
    /// The free-text hint.
    #[serde(default)]
    pub hint: String,
    /// The operation name.
    #[serde(default)]
    pub operation: Option<String>,
    /// The CRUDE endpoint.
    #[serde(default)]
    pub endpoint: Option<Endpoint>,
    /// The params, as a JSON object.
    #[serde(default)]
    pub params: Option<serde_json::Map<String, serde_json::Value>>,
    /// MCP ToolAnnotations.
    #[serde(default)]
    pub annotations: Option<ToolAnnotations>,
    /// A danger level.
    #[serde(default)]
    pub danger_level: Option<DangerLevel>,
    /// The execution's earlier hints.
    #[serde(default)]
    pub recent_hints: Vec<String>,
}

impl VectorAction {
    /// The action as stages see it.
    pub fn to_action(&self) -> Action {
        Action {
            agent: self.agent.clone(),
            execution_id: self.execution_id.clone(),
            step: self.step,
            hint: self.hint.clone(),
            operation: self.operation.clone(),
            endpoint: self.endpoint,
            params_json: self
                .params
                .as_ref()
                .map(|p| serde_json::Value::Object(p.clone()).to_string()),
            annotations: self.annotations.clone(),
            danger_level: self.danger_level,
            recent_hints: self.recent_hints.clone(),
        }
    }
}

/// An inclusive score range; either end may be left open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreRange {
    /// The lowest acceptable score.
    #[serde(default)]
    pub min: Option<u32>,
    /// The highest acceptable score.
    #[serde(default)]
    pub max: Option<u32>,
}

/// What a vector expects; at least one field.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Expectation {
    /// The combined pattern verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<PatternVerdict>,
    /// The combined score's range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreRange>,
    /// The safety tier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tier: Option<SafetyTier>,
    /// The outcome.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Outcome>,
}

/// The result of one vector.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VectorResult {
    /// The file it came from.
    pub file: String,
    /// Its name.
    pub name: String,
    /// Whether every expectation held.
    pub passed: bool,
    /// What did not hold.
    pub problems: Vec<String>,
    /// How long the evaluation took.
    #[serde(serialize_with = "micros")]
    pub elapsed: Duration,
    /// What the policy said.
    pub evaluation: Evaluation,
}

fn micros<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64() * 1e6)
}

/// Reads every `*.tests.json` of a directory, sorted by file name.
pub(crate) fn read_dir(dir: &Path) -> Result<Vec<(String, TestVector)>, PolicyLoadError> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        PolicyLoadError::new(format!(
            "policy directory '{}' cannot be read: {e}",
            dir.display()
        ))
    })?;
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with(VECTOR_SUFFIX))
        })
        .collect();
    files.sort();
    let mut vectors = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let fail = |what: String| PolicyLoadError::new(format!("{}: {what}", path.display()));
        let size = std::fs::metadata(&path)
            .map_err(|e| fail(e.to_string()))?
            .len();
        if size > MAX_VECTOR_FILE_BYTES {
            return Err(fail(format!(
                "{size} bytes is over the {MAX_VECTOR_FILE_BYTES}-byte limit of a vector file"
            )));
        }
        let text = std::fs::read_to_string(&path).map_err(|e| fail(e.to_string()))?;
        let de = &mut serde_json::Deserializer::from_str(&text);
        let file: VectorFile = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            fail(format!("at '{path}': {}", e.into_inner()))
        })?;
        for (i, v) in file.vectors.into_iter().enumerate() {
            let e = &v.expect;
            if e.verdict.is_none() && e.score.is_none() && e.tier.is_none() && e.outcome.is_none() {
                return Err(fail(format!(
                    "vector {i} ('{}') expects nothing: give at least one of verdict, score, tier, outcome",
                    v.name
                )));
            }
            vectors.push((name.clone(), v));
        }
    }
    Ok(vectors)
}

/// Runs one vector against a set.
pub(crate) fn run(set: &PolicySet, file: &str, vector: &TestVector) -> VectorResult {
    let action = vector.action.to_action();
    let started = Instant::now();
    let evaluation = set.evaluate(&action);
    let elapsed = started.elapsed();
    let problems = check(&vector.expect, &evaluation);
    VectorResult {
        file: file.to_owned(),
        name: vector.name.clone(),
        passed: problems.is_empty(),
        problems,
        elapsed,
        evaluation,
    }
}

/// What of an expectation does not hold for an evaluation.
pub fn check(expect: &Expectation, got: &Evaluation) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(v) = expect.verdict
        && v != got.verdict
    {
        problems.push(format!(
            "verdict: expected {}, got {}",
            v.as_str(),
            got.verdict.as_str()
        ));
    }
    if let Some(range) = expect.score {
        match got.score {
            None => problems.push("score: expected one, but no scorer ran".to_owned()),
            Some(s) => {
                if range.min.is_some_and(|m| s < m) || range.max.is_some_and(|m| s > m) {
                    problems.push(format!(
                        "score: expected {}..={}, got {s}",
                        range.min.unwrap_or(0),
                        range.max.unwrap_or(100)
                    ));
                }
            }
        }
    }
    if let Some(t) = expect.tier
        && got.tier != Some(t)
    {
        problems.push(format!(
            "tier: expected {t}, got {}",
            got.tier
                .map_or("none (no scorer ran)".to_owned(), |t| t.to_string())
        ));
    }
    if let Some(o) = expect.outcome
        && o != got.outcome
    {
        problems.push(format!("outcome: expected {o}, got {}", got.outcome));
    }
    problems
}
