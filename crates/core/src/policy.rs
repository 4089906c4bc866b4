//! The policy file (`policy.json`): what an operator writes, parsed strictly and compiled into a
//! [`GatePolicy`].
//!
//! Strict because a policy engine that silently ignores a misspelt key enforces a different
//! policy than the one its operator wrote: unknown fields are errors, every error names the
//! JSON path it is at, and nothing half-parsed is ever used.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::autonomy::AutonomySettings;
use crate::classify::{DangerPatterns, SPEC_DANGER_PATTERNS, VERB_DANGER_PATTERNS};
use crate::gate::{
    DEFAULT_NOTIFICATION_OPERATIONS, DEFAULT_SECRET_SCOPES, GatePolicy, NameHasher,
    OperationPolicy, globs,
};
use crate::glob::{Glob, canonical_name};
use crate::levels::{DangerLevel, SafetyMode};
use crate::safety_loop::SafetyLoopConfig;
use crate::stages::{StagePlan, StagesConfig};
use crate::trust::TrustBlock;

/// The policy format version this build reads.
pub const POLICY_VERSION: u32 = 1;

/// The largest policy document accepted, in bytes.
pub const MAX_POLICY_BYTES: usize = 4 * 1024 * 1024;

/// The most patterns of any one list.
pub const MAX_PATTERNS: usize = 10_000;

/// `policy.json`, as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyConfig {
    /// The format version; must be 1.
    #[serde(default = "default_version")]
    pub version: u32,
    /// The safety mode (default `write-destructive`).
    #[serde(default)]
    pub safety_mode: SafetyMode,
    /// Autonomy settings; without `autonomy.level` the autonomy layer does not run.
    #[serde(default)]
    pub autonomy: AutonomySettings,
    /// Whether the specification's standard danger patterns apply (default true).
    #[serde(default = "yes")]
    pub standard_danger_patterns: bool,
    /// Whether airlock's verb patterns apply (default true): `delete_*`, `remove_*` and other
    /// verbs that remove or overwrite are at least `destructive`.
    #[serde(default = "yes")]
    pub verb_danger_patterns: bool,
    /// More name patterns, by danger level: `{"dangerous": ["deploy_*"]}`.
    #[serde(default)]
    pub danger_patterns: BTreeMap<DangerLevel, Vec<String>>,
    /// Scope patterns that count as secret access (default: secrets, credentials, vault).
    #[serde(default)]
    pub secret_scopes: Option<Vec<String>>,
    /// Operation name patterns that count as outbound notifications.
    #[serde(default)]
    pub notification_operations: Option<Vec<String>>,
    /// Declarations per operation name.
    #[serde(default)]
    pub operations: BTreeMap<String, OperationPolicy>,
    /// Adapters by name, with their trust blocks.
    #[serde(default)]
    pub adapters: BTreeMap<String, AdapterConfig>,
    /// The WebAssembly stages (pattern stages and risk scorers) and their settings.
    #[serde(default)]
    pub stages: StagesConfig,
    /// The execution safety loop: mode, step limit, challenges, approvals, human channels.
    #[serde(default)]
    pub safety_loop: SafetyLoopConfig,
}

/// What the policy says about one adapter.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdapterConfig {
    /// Its trust block (trust-levels section 3). Kept as JSON until compiled so its errors
    /// come from the trust block's own validation, which names the field at fault.
    #[serde(default)]
    pub trust: Option<serde_json::Value>,
}

impl Default for PolicyConfig {
    /// The same policy as an empty document, `{}`: the specification's defaults.
    fn default() -> Self {
        Self {
            version: POLICY_VERSION,
            safety_mode: SafetyMode::default(),
            autonomy: AutonomySettings::default(),
            standard_danger_patterns: true,
            verb_danger_patterns: true,
            danger_patterns: BTreeMap::new(),
            secret_scopes: None,
            notification_operations: None,
            operations: BTreeMap::new(),
            adapters: BTreeMap::new(),
            stages: StagesConfig::default(),
            safety_loop: SafetyLoopConfig::default(),
        }
    }
}

fn default_version() -> u32 {
    POLICY_VERSION
}
fn yes() -> bool {
    true
}

/// Why a policy cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PolicyError {
    /// The JSON path of the offending value (`operations.delete_repo.danger.level`), or empty
    /// for the document as a whole.
    pub path: String,
    /// Line and column in the document, when known.
    pub line: Option<usize>,
    /// The full one-line message.
    pub message: String,
}

impl PolicyError {
    fn at(path: impl Into<String>, what: impl std::fmt::Display) -> Self {
        let path = path.into();
        let message = if path.is_empty() {
            format!("invalid policy: {what}")
        } else {
            format!("invalid policy at '{path}': {what}")
        };
        Self {
            path,
            line: None,
            message,
        }
    }
}

impl PolicyConfig {
    /// Parses a policy document.
    pub fn from_json(text: &str) -> Result<Self, PolicyError> {
        if text.len() > MAX_POLICY_BYTES {
            return Err(PolicyError::at(
                "",
                format!(
                    "document of {} bytes is over the {MAX_POLICY_BYTES}-byte limit",
                    text.len()
                ),
            ));
        }
        let de = &mut serde_json::Deserializer::from_str(text);
        let config: PolicyConfig = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let line = inner.line();
            let mut err = PolicyError::at(
                if path == "." { String::new() } else { path },
                format!("{inner}"),
            );
            err.line = Some(line);
            err
        })?;
        Ok(config)
    }

    /// The WebAssembly stages with every setting resolved (checked here too by [`compile`]).
    ///
    /// [`compile`]: PolicyConfig::compile
    pub fn stage_plan(&self) -> Result<Vec<StagePlan>, PolicyError> {
        self.stages
            .plan()
            .map_err(|(path, message)| PolicyError::at(format!("stages.{path}"), message))
    }

    /// Checks and compiles the policy into the form the gate runs.
    pub fn compile(&self) -> Result<GatePolicy, PolicyError> {
        self.stage_plan()?;
        self.safety_loop
            .validate()
            .map_err(|(path, message)| PolicyError::at(format!("safety_loop.{path}"), message))?;
        if self.version != POLICY_VERSION {
            return Err(PolicyError::at(
                "version",
                format!(
                    "version {} is not supported: this build reads version {POLICY_VERSION}",
                    self.version
                ),
            ));
        }
        let mut patterns = DangerPatterns::empty();
        if self.standard_danger_patterns {
            patterns.extend_from(SPEC_DANGER_PATTERNS);
        }
        if self.verb_danger_patterns {
            patterns.extend_from(VERB_DANGER_PATTERNS);
        }
        for (level, list) in &self.danger_patterns {
            check_count(&format!("danger_patterns.{level}"), list.len())?;
            for (i, p) in list.iter().enumerate() {
                patterns
                    .add(*level, p)
                    .map_err(|e| PolicyError::at(format!("danger_patterns.{level}[{i}]"), e))?;
            }
        }
        let compile_list = |name: &str, list: &Option<Vec<String>>, default: &[&str]| match list {
            None => Ok(globs(default)),
            Some(list) => {
                check_count(name, list.len())?;
                list.iter()
                    .enumerate()
                    .map(|(i, p)| {
                        Glob::new(p).map_err(|e| PolicyError::at(format!("{name}[{i}]"), e))
                    })
                    .collect()
            }
        };
        let secret_scopes =
            compile_list("secret_scopes", &self.secret_scopes, DEFAULT_SECRET_SCOPES)?;
        let notification_operations = compile_list(
            "notification_operations",
            &self.notification_operations,
            DEFAULT_NOTIFICATION_OPERATIONS,
        )?;

        let mut operations =
            HashMap::with_capacity_and_hasher(self.operations.len(), NameHasher::default());
        for (name, op) in &self.operations {
            let canonical = canonical_name(name).into_owned();
            if canonical.is_empty() {
                return Err(PolicyError::at("operations", "an operation name is empty"));
            }
            if let Some(previous) = operations.insert(canonical.clone(), op.clone()) {
                let _ = previous;
                let other = self
                    .operations
                    .keys()
                    .find(|k| *k != name && canonical_name(k) == canonical)
                    .cloned()
                    .unwrap_or_default();
                return Err(PolicyError::at(
                    format!("operations.{name}"),
                    format!(
                        "'{name}' and '{other}' are the same operation ('{canonical}'): declare it once"
                    ),
                ));
            }
        }
        let mut adapters = HashMap::with_capacity(self.adapters.len());
        for (name, adapter) in &self.adapters {
            let block = adapter
                .trust
                .as_ref()
                .map(TrustBlock::from_value)
                .transpose()
                .map_err(|e| PolicyError::at(format!("adapters.{name}.trust"), e))?;
            adapters.insert(name.clone(), block);
        }
        Ok(GatePolicy {
            adapters,
            patterns,
            operations,
            autonomy: self.autonomy.clone(),
            safety_mode: self.safety_mode,
            secret_scopes,
            notification_operations,
        })
    }
}

fn check_count(path: &str, n: usize) -> Result<(), PolicyError> {
    if n > MAX_PATTERNS {
        return Err(PolicyError::at(
            path,
            format!("{n} patterns is over the limit of {MAX_PATTERNS}"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_policy_is_the_empty_document() {
        assert_eq!(
            PolicyConfig::default(),
            PolicyConfig::from_json("{}").expect("parse")
        );
    }

    #[test]
    fn an_empty_policy_is_the_spec_defaults() {
        let p = PolicyConfig::from_json("{}")
            .expect("parse")
            .compile()
            .expect("compile");
        assert_eq!(p.patterns.len(), DangerPatterns::airlock_defaults().len());
        assert_eq!(p.safety_mode, SafetyMode::WriteDestructive);
        assert_eq!(p.autonomy.level, None);
    }

    #[test]
    fn errors_name_the_path() {
        let err = PolicyConfig::from_json(
            r#"{"operations": {"delete_repo": {"danger": {"level": "severe"}}}}"#,
        )
        .expect_err("bad level");
        assert_eq!(err.path, "operations.delete_repo.danger.level");
        assert!(
            err.message.contains("unknown variant `severe`"),
            "{}",
            err.message
        );

        let err = PolicyConfig::from_json(r#"{"saftey_mode": "read-only"}"#).expect_err("typo");
        assert!(
            err.message.contains("unknown field `saftey_mode`"),
            "{}",
            err.message
        );

        let err = PolicyConfig::from_json(
            r#"{"operations": {"x": {"danger": {"conditions": [{"when": "params.n >> 2", "level": "dangerous"}]}}}}"#,
        )
        .expect_err("bad condition");
        assert!(
            err.path.starts_with("operations.x.danger.conditions[0]"),
            "{}",
            err.path
        );
        assert!(err.message.contains("column"), "{}", err.message);

        let err = PolicyConfig::from_json("{\"version\": 2}")
            .expect("parse")
            .compile()
            .expect_err("version");
        assert!(
            err.message.contains("version 2 is not supported"),
            "{}",
            err.message
        );

        let err = PolicyConfig::from_json("[1,2").expect_err("not json");
        assert!(err.message.starts_with("invalid policy"), "{}", err.message);
    }

    #[test]
    fn adapters_and_their_trust() {
        let p = PolicyConfig::from_json(
            r#"{"adapters": {
                "github": {"trust": {"level": "certified", "certification": {
                    "authority": "GitHub, Inc.", "signature": "c2ln", "certificate_id": "GH-1",
                    "issued_at": "2026-01-20T00:00:00Z", "expires_at": "2027-01-20T00:00:00Z",
                    "scope": ["all_operations"]}}},
                "scratch": {}
            }}"#,
        )
        .expect("parse")
        .compile()
        .expect("compile");
        let before: jiff::Timestamp = "2026-06-01T00:00:00Z".parse().expect("time");
        let after: jiff::Timestamp = "2027-06-01T00:00:00Z".parse().expect("time");
        assert_eq!(
            p.adapter_trust("github", before).map(|t| t.level),
            Some(crate::TrustLevel::Certified)
        );
        assert_eq!(
            p.adapter_trust("github", after).map(|t| t.level),
            Some(crate::TrustLevel::CommunityReviewed)
        );
        assert_eq!(
            p.adapter_trust("scratch", before).map(|t| t.level),
            Some(crate::TrustLevel::Untested)
        );
        assert_eq!(p.adapter_trust("unknown", before), None);

        let err =
            PolicyConfig::from_json(r#"{"adapters": {"x": {"trust": {"level": "trusted"}}}}"#)
                .expect("parse")
                .compile()
                .expect_err("bad trust");
        assert_eq!(err.path, "adapters.x.trust");
        assert!(
            err.message.contains("community_reviewed"),
            "{}",
            err.message
        );
    }

    #[test]
    fn stage_errors_carry_the_policy_path() {
        let err = PolicyConfig::from_json(r#"{"stages": {"limits": {"memory_mib": 0}}}"#)
            .expect("parse")
            .compile()
            .expect_err("bad limit");
        assert_eq!(err.path, "stages.limits.memory_mib");
        let err = PolicyConfig::from_json(r#"{"stages": {"pipeline": [{"name": "x"}]}}"#)
            .expect_err("missing kind");
        assert!(err.path.starts_with("stages.pipeline[0]"), "{}", err.path);
        assert!(err.message.contains("missing field"), "{}", err.message);
    }

    #[test]
    fn the_same_operation_twice_is_an_error() {
        let err = PolicyConfig::from_json(
            r#"{"operations": {"deleteRepo": {"risk": "high"}, "delete_repo": {"risk": "low"}}}"#,
        )
        .expect("parse")
        .compile()
        .expect_err("duplicate");
        assert!(err.message.contains("declare it once"), "{}", err.message);
    }

    #[test]
    fn extra_patterns_and_no_standard_ones() {
        let p = PolicyConfig::from_json(
            r#"{"standard_danger_patterns": false, "verb_danger_patterns": false,
                "danger_patterns": {"dangerous": ["deploy_*"]}}"#,
        )
        .expect("parse")
        .compile()
        .expect("compile");
        assert_eq!(p.patterns.len(), 1);
        let err = PolicyConfig::from_json(r#"{"danger_patterns": {"dangerous": [""]}}"#)
            .expect("parse")
            .compile()
            .expect_err("empty pattern");
        assert_eq!(err.path, "danger_patterns.dangerous[0]");
    }
}
