//! Danger classification: what danger level an operation has, and why.
//!
//! Sources, first that speaks wins (danger-levels 3, 5, 6, 9):
//!
//! 1. an explicit `level` in the operation's danger declaration;
//! 2. its conditional levels (`conditions: [{when, level, reason}]`, the highest matching one),
//!    else its `default_level`;
//! 3. the name patterns of sections 5-6 (the highest level among those that match: so
//!    `force_delete_all` is `forbidden`; an explicit declaration of `safe` overrides `force_sync`);
//! 4. MCP ToolAnnotations, which from an adapter below `validated` may raise the fallback of
//!    step 5 but never lower it (annotations from untrusted servers are untrusted);
//! 5. the CRUDE endpoint's default (section 3.3);
//! 6. otherwise `reversible`: unlabeled operations are never `safe` (section 7.1).
//!
//! Then repetition escalation (section 9.3) raises the level once the operation has been
//! performed `after_count` times; it never lowers.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::annotations::ToolAnnotations;
use crate::condition::Condition;
use crate::factor::Reason;
use crate::glob::{Glob, GlobError, Words, canonical_name, plain_spelling};
use crate::levels::{DangerLevel, Endpoint, TrustLevel};

/// A conditional danger level (danger-levels 9.1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionalLevel {
    /// The expression over `params.*`.
    pub when: Condition,
    /// The level when it holds.
    pub level: DangerLevel,
    /// Why, for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Arc<str>>,
}

/// A repetition escalation step (danger-levels 9.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Escalation {
    /// From this many performances on, the level is at least `level`.
    pub after_count: u32,
    /// The escalated level.
    pub level: DangerLevel,
    /// What to tell the user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Arc<str>>,
}

/// An operation's danger declaration (danger-levels 3.2, with 9.1 and 9.3).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DangerDeclaration {
    /// The declared level; when present it wins over everything, conditions included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<DangerLevel>,
    /// The level when no condition matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_level: Option<DangerLevel>,
    /// Conditional levels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ConditionalLevel>,
    /// Repetition escalation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub escalation: Vec<Escalation>,
    /// Why the operation is dangerous (shown before confirmation and in denials).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<Arc<str>>,
    /// The single-reason form of the danger-level schema; joins `reasons`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Arc<str>>,
    /// The confirmation prompt, with `{param}` interpolation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation_message: Option<String>,
    /// Minimum seconds between confirmation and execution.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cooldown_seconds: Option<u32>,
    /// Whether re-authentication is required before execution.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub requires_reauth: bool,
    /// Extra context for audit entries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audit_context: Vec<String>,
    /// The schema's UI hint that the operation should prompt for confirmation: treated as
    /// "at least confirm" by the gate.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub requires_confirmation: bool,
}

/// Name patterns with their danger levels.
#[derive(Debug, Clone, Default)]
pub struct DangerPatterns {
    entries: Vec<PatternEntry>,
}

#[derive(Debug, Clone)]
struct PatternEntry {
    glob: Glob,
    source: Arc<str>,
    level: DangerLevel,
    /// The pattern's anchor bytes ([`Glob::anchor_bytes`]): a cheap test that rules most
    /// patterns out before any string comparison.
    first: Option<u8>,
    last: Option<u8>,
}

/// The standard patterns of danger-levels sections 5.1 and 6.1-6.3.
pub const SPEC_DANGER_PATTERNS: &[(DangerLevel, &str)] = &[
    (DangerLevel::Dangerous, "force_*"),
    (DangerLevel::Dangerous, "*_permanently"),
    (DangerLevel::Dangerous, "bulk_delete*"),
    (DangerLevel::Dangerous, "override_*"),
    (DangerLevel::Dangerous, "bypass_*"),
    (DangerLevel::Dangerous, "*_without_backup"),
    (DangerLevel::Dangerous, "purge_*"),
    (DangerLevel::Forbidden, "drop_*"),
    (DangerLevel::Forbidden, "delete_all*"),
    (DangerLevel::Forbidden, "truncate_*"),
    (DangerLevel::Forbidden, "reset_*"),
    (DangerLevel::Forbidden, "destroy_*"),
    (DangerLevel::Forbidden, "wipe_*"),
    (DangerLevel::Forbidden, "*_production"),
    (DangerLevel::Safe, "get_*"),
    (DangerLevel::Safe, "list_*"),
    (DangerLevel::Safe, "search_*"),
    (DangerLevel::Safe, "count_*"),
    (DangerLevel::Safe, "check_*"),
    (DangerLevel::Safe, "introspect*"),
];

/// airlock's additions to the standard patterns: verbs that remove or overwrite are at least
/// `destructive` wherever they appear as a word, so `delete_repo` is not mistaken for an
/// unlabeled (`reversible`) operation when no endpoint is known. Switched off with
/// `"verb_danger_patterns": false` in the policy.
pub const VERB_DANGER_PATTERNS: &[(DangerLevel, &str)] = &[
    (DangerLevel::Destructive, "delete_*"),
    (DangerLevel::Destructive, "remove_*"),
    (DangerLevel::Destructive, "erase_*"),
    (DangerLevel::Destructive, "overwrite_*"),
    (DangerLevel::Destructive, "revoke_*"),
    (DangerLevel::Destructive, "terminate_*"),
    (DangerLevel::Destructive, "uninstall_*"),
    (DangerLevel::Destructive, "unlink_*"),
];

impl DangerPatterns {
    /// No patterns at all.
    pub fn empty() -> Self {
        Self::default()
    }

    /// The specification's standard patterns.
    pub fn spec_defaults() -> Self {
        let mut p = Self::empty();
        p.extend_from(SPEC_DANGER_PATTERNS);
        p
    }

    /// airlock's defaults: the specification's patterns and [`VERB_DANGER_PATTERNS`].
    pub fn airlock_defaults() -> Self {
        let mut p = Self::spec_defaults();
        p.extend_from(VERB_DANGER_PATTERNS);
        p
    }

    /// Adds a table of patterns known to be valid.
    pub fn extend_from(&mut self, table: &[(DangerLevel, &str)]) {
        for &(level, pattern) in table {
            // The tables are constants of valid patterns (tested); skipping is only a guard.
            let _ = self.add(level, pattern);
        }
    }

    /// Adds a pattern at a level. Patterns are kept highest level first (in the order added
    /// within a level), so classification stops at the first match.
    pub fn add(&mut self, level: DangerLevel, pattern: &str) -> Result<(), GlobError> {
        let glob = Glob::new(pattern)?;
        let source: Arc<str> = Arc::from(glob.as_str());
        let (first, last) = glob.anchor_bytes();
        let at = self.entries.partition_point(|e| e.level >= level);
        self.entries.insert(
            at,
            PatternEntry {
                glob,
                source,
                level,
                first,
                last,
            },
        );
        Ok(())
    }

    /// How many patterns there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The highest level among the patterns that match any spelling of a name: its canonical
    /// form `canonical` (which must be `canonical_name(name)`) and, when it differs, its plain
    /// form ([`plain_spelling`]), so a random mixed-case `DrOp_TaBlE` is `forbidden` like
    /// `drop_table`. On a tie the canonical spelling's pattern is reported.
    pub fn classify_spellings(
        &self,
        canonical: &str,
        name: &str,
    ) -> Option<(DangerLevel, &Arc<str>)> {
        let first = self.classify_canonical(canonical);
        if self.entries.is_empty() || first.is_some_and(|(l, _)| l == DangerLevel::Forbidden) {
            return first;
        }
        let Some(plain) = plain_spelling(name, canonical) else {
            return first;
        };
        match (first, self.classify_canonical(&plain)) {
            (Some(a), Some(b)) if b.0 > a.0 => Some(b),
            (None, b) => b,
            (a, _) => a,
        }
    }

    /// The highest level among the patterns a canonical name matches, with the first pattern of
    /// that level.
    ///
    /// Patterns above `safe` match any run of whole words of the name (`delete_all*` matches
    /// `force_delete_all`, as section 5.1 says): a dangerous word raises wherever it is. A
    /// `safe` pattern must match the whole name (`get_*` matches `get_user`, not
    /// `wipe_and_get_user`): a harmless word never lowers from the middle of a name.
    pub fn classify_canonical(&self, name: &str) -> Option<(DangerLevel, &Arc<str>)> {
        let words = Words::new(name);
        let (starts, ends) = words.anchor_bytes();
        self.entries
            .iter()
            .find(|e| {
                e.first.is_none_or(|b| starts.contains(b))
                    && e.last.is_none_or(|b| ends.contains(b))
                    && if e.level > DangerLevel::Safe {
                        e.glob.matches_words_in(&words)
                    } else {
                        e.glob.matches_canonical(name)
                    }
            })
            .map(|e| (e.level, &e.source))
    }
}

/// What classification looks at.
#[derive(Debug, Clone, Copy)]
pub struct OperationFacts<'a> {
    /// The operation (tool) name, in any spelling.
    pub name: &'a str,
    /// Its CRUDE endpoint, when known.
    pub endpoint: Option<Endpoint>,
    /// Its params (an object; anything else behaves as no params).
    pub params: &'a Value,
    /// Its MCP ToolAnnotations, when the adapter gives any.
    pub annotations: Option<&'a ToolAnnotations>,
    /// The adapter's effective trust level.
    pub trust: TrustLevel,
    /// How many times the operation was performed before (for escalation).
    pub repetitions: u32,
}

/// The result of classification.
#[derive(Debug, Clone, PartialEq)]
pub struct Classification {
    /// The danger level, after escalation.
    pub level: DangerLevel,
    /// The level before repetition escalation.
    pub base_level: DangerLevel,
    /// Why, in order.
    pub factors: Vec<Reason>,
    /// The declared reasons (for confirmation prompts and denials).
    pub reasons: Vec<Arc<str>>,
}

/// Classifies an operation. `declaration` is the operation's danger declaration, if the policy
/// or the adapter gives one.
pub fn classify(
    declaration: Option<&DangerDeclaration>,
    patterns: &DangerPatterns,
    facts: &OperationFacts<'_>,
) -> Classification {
    let canonical = canonical_name(facts.name);
    let mut factors = Vec::with_capacity(2);
    let (level, base_level, reasons) =
        classify_with(declaration, patterns, facts, &canonical, &mut |r| {
            factors.push(r)
        });
    Classification {
        level,
        base_level,
        factors,
        reasons,
    }
}

/// [`classify`] for a name already in canonical form, reporting each reason to `reason`
/// instead of collecting them. Returns the level, the level before escalation, and the
/// declared reasons.
pub(crate) fn classify_with(
    declaration: Option<&DangerDeclaration>,
    patterns: &DangerPatterns,
    facts: &OperationFacts<'_>,
    canonical: &str,
    reason: &mut impl FnMut(Reason),
) -> (DangerLevel, DangerLevel, Vec<Arc<str>>) {
    let mut reasons = Vec::new();
    if let Some(d) = declaration {
        reasons.extend(d.reasons.iter().cloned());
        reasons.extend(d.reason.iter().cloned());
    }

    let level = match declared(declaration, facts.params, reason, &mut reasons) {
        Some(level) => level,
        None => match patterns.classify_spellings(canonical, facts.name) {
            Some((level, pattern)) => {
                reason(Reason::NamePattern {
                    pattern: pattern.clone(),
                    level,
                });
                level
            }
            None => from_hints(facts, reason),
        },
    };

    let mut escalated = level;
    if let Some(d) = declaration {
        let step = d
            .escalation
            .iter()
            .filter(|e| facts.repetitions >= e.after_count && e.level > escalated)
            .max_by_key(|e| e.level);
        if let Some(e) = step {
            escalated = e.level;
            reason(Reason::Escalated {
                after_count: e.after_count,
                count: facts.repetitions,
                level: e.level,
                message: e.message.clone(),
            });
        }
    }
    (escalated, level, reasons)
}

fn declared(
    declaration: Option<&DangerDeclaration>,
    params: &Value,
    factor: &mut impl FnMut(Reason),
    reasons: &mut Vec<Arc<str>>,
) -> Option<DangerLevel> {
    let d = declaration?;
    if let Some(level) = d.level {
        factor(Reason::DeclaredLevel { level });
        return Some(level);
    }
    let matched = d
        .conditions
        .iter()
        .filter(|c| c.when.evaluate(params))
        .fold(None::<&ConditionalLevel>, |best, c| match best {
            Some(b) if b.level >= c.level => Some(b),
            _ => Some(c),
        });
    if let Some(c) = matched {
        reasons.extend(c.reason.iter().cloned());
        factor(Reason::ConditionMatched {
            when: Arc::from(c.when.source()),
            level: c.level,
            reason: c.reason.clone(),
        });
        return Some(c.level);
    }
    let level = d.default_level?;
    factor(Reason::DefaultLevel { level });
    Some(level)
}

/// Steps 4-6: annotations, endpoint default, unlabeled.
fn from_hints(facts: &OperationFacts<'_>, factor: &mut impl FnMut(Reason)) -> DangerLevel {
    let fallback = match facts.endpoint {
        Some(endpoint) => (
            endpoint.default_danger(),
            Reason::EndpointDefault {
                endpoint,
                level: endpoint.default_danger(),
            },
        ),
        None => (DangerLevel::Reversible, Reason::Unlabeled),
    };
    let Some(annotations) = facts.annotations else {
        factor(fallback.1);
        return fallback.0;
    };
    let claimed = annotations.implied_danger();
    let trusted = facts.trust >= TrustLevel::Validated;
    if trusted || claimed >= fallback.0 {
        factor(Reason::Annotations {
            level: claimed,
            trusted,
        });
        claimed
    } else {
        factor(Reason::AnnotationsNotBelieved {
            claimed,
            trust: facts.trust,
        });
        factor(fallback.1);
        fallback.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DangerLevel::*;
    use serde_json::json;

    fn facts<'a>(name: &'a str, params: &'a Value) -> OperationFacts<'a> {
        OperationFacts {
            name,
            endpoint: None,
            params,
            annotations: None,
            trust: TrustLevel::Validated,
            repetitions: 0,
        }
    }

    fn decl(json: Value) -> DangerDeclaration {
        serde_json::from_value(json).expect("declaration")
    }

    const NO_PARAMS: &Value = &Value::Null;

    #[test]
    fn spec_3_1_declared_level_with_reasons() {
        let d = decl(json!({
            "level": "destructive",
            "reasons": [
                "Permanently removes repository and all contents",
                "Cannot be recovered after grace period",
                "Affects forks and dependent projects"
            ],
            "confirmation_message": "Delete repository '{owner}/{repo}'? This cannot be undone.",
            "cooldown_seconds": 5
        }));
        let c = classify(
            Some(&d),
            &DangerPatterns::spec_defaults(),
            &facts("delete_repo", NO_PARAMS),
        );
        assert_eq!(c.level, Destructive);
        assert_eq!(c.reasons.len(), 3);
        assert_eq!(c.factors, [Reason::DeclaredLevel { level: Destructive }]);
    }

    #[test]
    fn spec_5_1_highest_pattern_wins() {
        let p = DangerPatterns::spec_defaults();
        let c = classify(None, &p, &facts("force_delete_all", NO_PARAMS));
        assert_eq!(c.level, Forbidden);
        assert!(
            matches!(&c.factors[0], Reason::NamePattern { pattern, .. } if &**pattern == "delete_all*")
        );
        assert_eq!(
            classify(None, &p, &facts("force_push", NO_PARAMS)).level,
            Dangerous
        );
        // A dangerous word raises wherever it is; a safe prefix never lowers from inside.
        assert_eq!(
            classify(None, &p, &facts("safe_drop_table", NO_PARAMS)).level,
            Forbidden
        );
        assert_eq!(
            classify(None, &p, &facts("list_production_hosts", NO_PARAMS)).level,
            Forbidden
        );
        assert_eq!(
            classify(None, &p, &facts("nuke_then_get_status", NO_PARAMS)).level,
            Reversible
        );
        assert_eq!(
            classify(None, &p, &facts("airdrop_tokens", NO_PARAMS)).level,
            Reversible
        );
    }

    #[test]
    fn spec_5_3_explicit_safe_overrides_force_pattern() {
        let d = decl(
            json!({"level": "safe", "reasons": ["Force flag only bypasses cache, no data risk"]}),
        );
        let c = classify(
            Some(&d),
            &DangerPatterns::spec_defaults(),
            &facts("force_sync", NO_PARAMS),
        );
        assert_eq!(c.level, Safe);
    }

    #[test]
    fn spec_6_patterns_and_their_examples() {
        let p = DangerPatterns::spec_defaults();
        let table = [
            ("force_push", Dangerous),
            ("force_delete", Dangerous),
            ("remove_permanently", Dangerous),
            ("bulk_delete_users", Dangerous),
            ("override_validation", Dangerous),
            ("bypass_approval", Dangerous),
            ("delete_without_backup", Dangerous),
            ("purge_logs", Dangerous),
            ("purge_cache", Dangerous),
            ("drop_table", Forbidden),
            ("drop_database", Forbidden),
            ("delete_all_users", Forbidden),
            ("truncate_table", Forbidden),
            ("reset_database", Forbidden),
            ("destroy_environment", Forbidden),
            ("wipe_data", Forbidden),
            ("deploy_production", Forbidden),
            ("get_user", Safe),
            ("get_repo", Safe),
            ("list_repos", Safe),
            ("list_users", Safe),
            ("search_issues", Safe),
            ("count_records", Safe),
            ("check_status", Safe),
            ("introspect", Safe),
        ];
        for (name, level) in table {
            assert_eq!(
                classify(None, &p, &facts(name, NO_PARAMS)).level,
                level,
                "{name}"
            );
        }
    }

    #[test]
    fn mixed_case_names_are_classified_like_their_lower_case_spelling() {
        let p = DangerPatterns::airlock_defaults();
        let level = |name: &str| classify(None, &p, &facts(name, NO_PARAMS)).level;
        for (mixed, lower, expected) in [
            ("WiPe_DaTa", "wipe_data", Forbidden),
            ("DrOp_TaBlE", "drop_table", Forbidden),
            ("dRoP_tAbLe", "drop_table", Forbidden),
            ("fOrCe_PuSh", "force_push", Dangerous),
            (
                "FOrCE_dElEte_ALl ReCordS",
                "force_delete_all_records",
                Forbidden,
            ),
            ("pUrGe-CaChE", "purge_cache", Dangerous),
            ("dElEtE_rEpO", "delete_repo", Destructive),
            ("gEt_UsEr", "get_user", Safe),
        ] {
            assert_eq!(level(lower), expected, "{lower}");
            assert_eq!(level(mixed), expected, "{mixed}");
        }
        // The pattern that decided is reported.
        let c = classify(None, &p, &facts("DrOp_TaBlE", NO_PARAMS));
        assert!(matches!(
            &c.factors[..],
            [Reason::NamePattern { pattern, level: Forbidden }] if &**pattern == "drop_*"
        ));
        // camelCase still splits: its canonical spelling decides.
        assert_eq!(level("deleteAllUsers"), Forbidden);
        assert_eq!(level("DropTable"), Forbidden);
        assert_eq!(level("forcePush"), Dangerous);
        assert_eq!(level("getUser"), Safe);
        assert_eq!(level("HTTPRequest"), Reversible);
        // The highest level of the two spellings wins, whichever it comes from.
        assert_eq!(level("getUser_ReSet_cache"), Forbidden);
        // A declaration still wins over every pattern.
        let d = decl(json!({"level": "safe"}));
        assert_eq!(
            classify(Some(&d), &p, &facts("DrOp_TaBlE", NO_PARAMS)).level,
            Safe
        );
    }

    #[test]
    fn verbs_that_remove_are_at_least_destructive() {
        let p = DangerPatterns::airlock_defaults();
        assert_eq!(
            p.len(),
            SPEC_DANGER_PATTERNS.len() + VERB_DANGER_PATTERNS.len()
        );
        let level = |name: &str| classify(None, &p, &facts(name, NO_PARAMS)).level;
        assert_eq!(level("delete_repo"), Destructive);
        assert_eq!(level("removeUser"), Destructive);
        assert_eq!(level("soft_delete_item"), Destructive);
        assert_eq!(level("remove_permanently"), Dangerous);
        assert_eq!(level("delete_all_users"), Forbidden);
        assert_eq!(level("undelete_item"), Reversible);
        assert_eq!(level("deleted_items_report"), Reversible);
    }

    #[test]
    fn spec_9_1_conditional_levels() {
        let d = decl(json!({
            "default_level": "reversible",
            "conditions": [
                {"when": "params.count > 100", "level": "dangerous", "reason": "Bulk delete of more than 100 records"},
                {"when": "params.permanent == true", "level": "destructive", "reason": "Permanent deletion requested"}
            ]
        }));
        let p = DangerPatterns::spec_defaults();
        let level = |params: Value| classify(Some(&d), &p, &facts("delete_records", &params)).level;
        assert_eq!(level(json!({"count": 5})), Reversible);
        assert_eq!(level(json!({"count": 101})), Dangerous);
        assert_eq!(level(json!({"permanent": true})), Destructive);
        // Both match: the highest wins.
        assert_eq!(level(json!({"count": 500, "permanent": true})), Dangerous);
        let c = classify(
            Some(&d),
            &p,
            &facts("delete_records", &json!({"permanent": true})),
        );
        assert_eq!(c.reasons, [Arc::from("Permanent deletion requested")]);
    }

    #[test]
    fn declared_level_beats_conditions() {
        let d = decl(json!({
            "level": "destructive",
            "conditions": [{"when": "params.count > 100", "level": "forbidden"}]
        }));
        let params = json!({"count": 1000});
        let c = classify(
            Some(&d),
            &DangerPatterns::spec_defaults(),
            &facts("x", &params),
        );
        assert_eq!(c.level, Destructive);
    }

    #[test]
    fn conditions_without_default_fall_through_to_patterns() {
        let d = decl(json!({"conditions": [{"when": "params.all == true", "level": "forbidden"}]}));
        let c = classify(
            Some(&d),
            &DangerPatterns::spec_defaults(),
            &facts("purge_cache", &json!({})),
        );
        assert_eq!(c.level, Dangerous);
    }

    #[test]
    fn spec_9_3_repetition_escalation() {
        let d = decl(json!({
            "level": "reversible",
            "escalation": [
                {"after_count": 10, "level": "destructive", "message": "You've performed this operation 10 times this hour"},
                {"after_count": 50, "level": "dangerous", "message": "Unusual activity detected"}
            ]
        }));
        let p = DangerPatterns::empty();
        let level = |n: u32| {
            let params = Value::Null;
            let mut f = facts("update_record", &params);
            f.repetitions = n;
            classify(Some(&d), &p, &f).level
        };
        assert_eq!(level(0), Reversible);
        assert_eq!(level(9), Reversible);
        assert_eq!(level(10), Destructive);
        assert_eq!(level(49), Destructive);
        assert_eq!(level(50), Dangerous);
        assert_eq!(level(10_000), Dangerous);
    }

    #[test]
    fn escalation_never_lowers() {
        let d = decl(
            json!({"level": "forbidden", "escalation": [{"after_count": 1, "level": "reversible"}]}),
        );
        let params = Value::Null;
        let mut f = facts("x", &params);
        f.repetitions = 5;
        assert_eq!(
            classify(Some(&d), &DangerPatterns::empty(), &f).level,
            Forbidden
        );
    }

    #[test]
    fn crude_defaults_and_unlabeled() {
        let p = DangerPatterns::spec_defaults();
        let params = Value::Null;
        let with_endpoint = |e: Option<Endpoint>| {
            let mut f = facts("frobnicate", &params);
            f.endpoint = e;
            classify(None, &p, &f).level
        };
        assert_eq!(with_endpoint(Some(Endpoint::Read)), Safe);
        assert_eq!(with_endpoint(Some(Endpoint::Create)), Reversible);
        assert_eq!(with_endpoint(Some(Endpoint::Update)), Reversible);
        assert_eq!(with_endpoint(Some(Endpoint::Delete)), Destructive);
        assert_eq!(with_endpoint(Some(Endpoint::Execute)), Reversible);
        assert_eq!(
            with_endpoint(None),
            Reversible,
            "unlabeled is at least reversible"
        );
    }

    #[test]
    fn untrusted_annotations_may_raise_but_not_lower() {
        let p = DangerPatterns::spec_defaults();
        let params = Value::Null;
        let read_only = ToolAnnotations {
            read_only_hint: Some(true),
            ..ToolAnnotations::default()
        };
        let destructive = ToolAnnotations {
            read_only_hint: Some(false),
            destructive_hint: Some(true),
            ..ToolAnnotations::default()
        };
        let level = |trust: TrustLevel, a: &ToolAnnotations, endpoint: Option<Endpoint>| {
            let mut f = facts("frobnicate", &params);
            f.trust = trust;
            f.annotations = Some(a);
            f.endpoint = endpoint;
            classify(None, &p, &f)
        };
        // An untested adapter claiming read-only does not make an unlabeled tool safe.
        let c = level(TrustLevel::Untested, &read_only, None);
        assert_eq!(c.level, Reversible);
        assert!(matches!(
            c.factors[0],
            Reason::AnnotationsNotBelieved { claimed: Safe, .. }
        ));
        assert_eq!(
            level(TrustLevel::Generated, &read_only, Some(Endpoint::Delete)).level,
            Destructive
        );
        // ...but it may make it more dangerous.
        assert_eq!(
            level(TrustLevel::Untested, &destructive, None).level,
            Destructive
        );
        // A validated adapter is believed both ways.
        assert_eq!(level(TrustLevel::Validated, &read_only, None).level, Safe);
        assert_eq!(
            level(TrustLevel::Validated, &read_only, Some(Endpoint::Delete)).level,
            Safe
        );
        // Untrusted but agreeing with the fallback: fine.
        assert_eq!(
            level(TrustLevel::Untested, &read_only, Some(Endpoint::Read)).level,
            Safe
        );
    }

    #[test]
    fn patterns_take_precedence_over_annotations() {
        let params = Value::Null;
        let claims_safe = ToolAnnotations {
            read_only_hint: Some(true),
            ..ToolAnnotations::default()
        };
        let mut f = facts("drop_table", &params);
        f.annotations = Some(&claims_safe);
        f.trust = TrustLevel::Certified;
        assert_eq!(
            classify(None, &DangerPatterns::spec_defaults(), &f).level,
            Forbidden
        );
    }

    #[test]
    fn unknown_declaration_fields_and_values_are_errors() {
        let err = serde_json::from_value::<DangerDeclaration>(json!({"levle": "safe"}))
            .expect_err("typo");
        assert!(err.to_string().contains("unknown field `levle`"), "{err}");
        let err = serde_json::from_value::<DangerDeclaration>(json!({"level": "severe"}))
            .expect_err("bad level");
        assert!(
            err.to_string().contains("unknown variant `severe`"),
            "{err}"
        );
        let err = serde_json::from_value::<DangerDeclaration>(
            json!({"conditions": [{"when": "params.count >", "level": "dangerous"}]}),
        )
        .expect_err("bad condition");
        assert!(err.to_string().contains("column"), "{err}");
    }
}
