//! Stages 3-5 of the evaluation pipeline (core spec 8.7.2) and repetition escalation, as a pure
//! function of the stages' [`Evaluation`]: what the loop should do with one reported action.
//! Stages 3-5 are not a chain whose first pause answers: they are one rule, the strictest layer
//! wins ([`airlock_core::judge_stages`]), so a requiresApproval pattern cannot turn a
//! danger_zone score into a mere approval.
//!
//! Stages 1-2 (step limit, previous outcome) and the hard-block and pending-pause checks that
//! come before them depend on the engine's state and live in [`crate::engine`].

use airlock_core::{Outcome, PatternVerdict, RiskTolerance, SafetyTier, StageLayer, judge_stages};
use airlock_wasm::Evaluation;
use serde::{Deserialize, Serialize};

use crate::blocks::BlockTrigger;

/// Why an action waits for a person's approval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PauseKind {
    /// Stage 1: the step limit was reached.
    StepLimit,
    /// Stage 2: the agent reported that its previous step failed.
    PreviousFailure,
    /// Stage 3: a `requiresApproval` pattern matched.
    RequiresApproval,
    /// Stage 4: the `confirm` safety tier (score 31-60, or raised to it by repetition).
    ConfirmTier,
    /// Stage 5: the score is above the agent's risk tolerance.
    RiskTolerance,
}

impl PauseKind {
    /// Whether approving lets exactly the paused action proceed once (rather than letting the
    /// agent go on in general, as for the step limit and a failed step).
    pub const fn approves_the_action(self) -> bool {
        matches!(
            self,
            PauseKind::RequiresApproval | PauseKind::ConfirmTier | PauseKind::RiskTolerance
        )
    }

    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            PauseKind::StepLimit => "step_limit",
            PauseKind::PreviousFailure => "previous_failure",
            PauseKind::RequiresApproval => "requires_approval",
            PauseKind::ConfirmTier => "confirm_tier",
            PauseKind::RiskTolerance => "risk_tolerance",
        }
    }
}

/// What the loop does with the action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Go on.
    Proceed,
    /// Pause until a person approves.
    Approve(PauseKind),
    /// Pause until a person gives the out-of-band code (`verify` tier).
    Verify,
    /// Hard-block the agent until a person gives the code or an operator overrides.
    Stop(BlockTrigger),
}

impl Verdict {
    /// Where the verdict sits on the outcome lattice: what `airlock check` says for the same
    /// action.
    pub const fn outcome(self) -> Outcome {
        match self {
            Verdict::Proceed => Outcome::Allow,
            Verdict::Approve(_) => Outcome::Confirm,
            Verdict::Verify => Outcome::Verify,
            Verdict::Stop(_) => Outcome::Stop,
        }
    }
}

/// The assessment of one action.
#[derive(Debug, Clone, PartialEq)]
pub struct Assessment {
    /// What to do.
    pub verdict: Verdict,
    /// The tier, after repetition escalation.
    pub tier: Option<SafetyTier>,
    /// The combined score.
    pub score: Option<u32>,
    /// Why, for people: one line per pattern, scorer factor, stage failure and rule.
    pub factors: Vec<String>,
    /// The one-line reason of a pause or stop.
    pub reason: Option<String>,
}

/// One tier up (repetition escalation), capped at `danger_zone`.
pub const fn raise(tier: SafetyTier) -> SafetyTier {
    match tier {
        SafetyTier::Advisory => SafetyTier::Confirm,
        SafetyTier::Confirm => SafetyTier::Verify,
        SafetyTier::Verify | SafetyTier::DangerZone => SafetyTier::DangerZone,
    }
}

/// Stages 3 (patterns), 4 (tier) and 5 (tolerance), after repetition escalation, decided by
/// the one rule every surface uses ([`judge_stages`]): the strictest layer wins, and its reason
/// comes first. `airlock check --hint` and `/v1/decide` give the same outcome for the same hint
/// (they do not count repetitions: pass `repeated` 1).
///
/// `repeated` is how many times this action has been evaluated in the execution (this report
/// included); at `repetition_threshold` and above (0: never) a tier above `advisory` goes up
/// one level, unless an autoApprove pattern waives it.
pub fn assess(
    eval: &Evaluation,
    tolerance: RiskTolerance,
    repeated: u32,
    repetition_threshold: u32,
) -> Assessment {
    let mut factors = Vec::new();
    for m in &eval.matched {
        factors.push(format!(
            "{} pattern '{}' matched (stage {})",
            verdict_words(eval.verdict),
            m.pattern,
            m.stage
        ));
    }
    for f in &eval.failures {
        factors.push(format!(
            "stage {} failed closed ({}): its fallback applies",
            f.stage, f.failure
        ));
    }
    for f in &eval.factors {
        factors.push(format!("{}: {} (+{})", f.stage, f.message, f.points));
    }
    let mut tier = eval.tier;
    match (eval.score, eval.tier) {
        (Some(score), Some(t)) => factors.push(format!("risk score {score}: tier {t}")),
        _ => factors.push("no risk scorer ran: advisory".to_owned()),
    }

    // Repetition raises the tier before the rule reads it. Only an action that needs a person
    // escalates: repeating a harmless action, or one an autoApprove pattern lets through, is
    // what the step limit is for.
    let auto_approved = eval.verdict == PatternVerdict::AutoApprove;
    if repetition_threshold > 0
        && repeated >= repetition_threshold
        && let Some(t) = tier
        && t != SafetyTier::Advisory
        && !(auto_approved && t == SafetyTier::Confirm)
    {
        let up = raise(t);
        if up != t {
            factors.push(format!(
                "reported {repeated} times in this execution: tier raised from {t} to {up}"
            ));
        }
        tier = Some(up);
    }
    let above_tolerance = eval.score.is_some_and(|s| tolerance.pauses(s));
    if let Some(score) = eval.score
        && above_tolerance
    {
        factors.push(format!(
            "risk score {score} is above the {} tolerance ({})",
            tolerance.as_str(),
            tolerance.threshold()
        ));
    }

    let judged = judge_stages(eval.verdict, tier, above_tolerance);
    let first_pattern = || {
        eval.matched
            .first()
            .map_or("(stage fallback)", |m| m.pattern.as_str())
    };
    if auto_approved {
        let waived: Vec<&str> = judged.waived.iter().map(layer_words).collect();
        let held: Vec<&str> = judged.holding.iter().map(layer_words).collect();
        factors.push(match (waived.is_empty(), held.is_empty()) {
            (_, false) => format!(
                "autoApprove pattern '{}' does not waive {}",
                first_pattern(),
                held.join(" or ")
            ),
            (false, true) => format!(
                "autoApprove pattern '{}' waives {}",
                first_pattern(),
                waived.join(" and ")
            ),
            (true, true) => format!("auto-approved by pattern '{}'", first_pattern()),
        });
    }

    let reason_of = |layer: StageLayer| match layer {
        StageLayer::DenyPattern => format!("Action matches deny pattern '{}'", first_pattern()),
        StageLayer::DangerZoneTier => {
            "Action is in the danger_zone tier: the agent is hard-blocked".to_owned()
        }
        StageLayer::VerifyTier => {
            "Action is in the verify tier: a person must give the out-of-band code".to_owned()
        }
        StageLayer::RequiresApproval => format!(
            "Action matches requiresApproval pattern '{}': a person must approve it",
            first_pattern()
        ),
        StageLayer::ConfirmTier => {
            "Action is in the confirm tier: a person must approve it".to_owned()
        }
        StageLayer::RiskTolerance => format!(
            "Risk score {} is above the agent's risk tolerance ({}): a person must approve it",
            eval.score.unwrap_or_default(),
            tolerance.threshold()
        ),
    };
    let Some(decider) = judged.decided_by() else {
        return Assessment {
            verdict: Verdict::Proceed,
            tier: tier.or(Some(SafetyTier::Advisory)),
            score: eval.score,
            factors,
            reason: None,
        };
    };
    // The strictest layer's reason first; the others that would also hold the action after it.
    let mut reason = reason_of(decider);
    let also: Vec<&str> = judged.holding.iter().skip(1).map(layer_words).collect();
    if !also.is_empty() {
        reason.push_str(&format!(" (also: {})", also.join(", ")));
    }
    let verdict = match decider {
        StageLayer::DenyPattern => Verdict::Stop(BlockTrigger::DenyPattern),
        StageLayer::DangerZoneTier => Verdict::Stop(BlockTrigger::DangerZone),
        StageLayer::VerifyTier => Verdict::Verify,
        StageLayer::RequiresApproval => Verdict::Approve(PauseKind::RequiresApproval),
        StageLayer::ConfirmTier => Verdict::Approve(PauseKind::ConfirmTier),
        StageLayer::RiskTolerance => Verdict::Approve(PauseKind::RiskTolerance),
    };
    let tier = match verdict {
        Verdict::Stop(_) => Some(SafetyTier::DangerZone),
        _ => tier.or(Some(SafetyTier::Advisory)),
    };
    Assessment {
        verdict,
        tier,
        score: eval.score,
        factors,
        reason: Some(reason),
    }
}

/// A layer in a few words, for reasons and factors.
fn layer_words(layer: StageLayer) -> &'static str {
    match layer {
        StageLayer::DenyPattern => "a deny pattern",
        StageLayer::DangerZoneTier => "the danger_zone tier",
        StageLayer::VerifyTier => "the verify tier",
        StageLayer::RequiresApproval => "a requiresApproval pattern",
        StageLayer::ConfirmTier => "the confirm tier",
        StageLayer::RiskTolerance => "the risk tolerance",
    }
}

fn verdict_words(v: PatternVerdict) -> &'static str {
    match v {
        PatternVerdict::Deny => "deny",
        PatternVerdict::RequiresApproval => "requiresApproval",
        PatternVerdict::AutoApprove => "autoApprove",
        PatternVerdict::NoMatch => "no",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use airlock_core::Outcome;
    use airlock_wasm::{StageFactor, StagePattern};

    fn eval(verdict: PatternVerdict, score: Option<u32>) -> Evaluation {
        Evaluation {
            generation: 1,
            verdict,
            matched: if verdict == PatternVerdict::NoMatch {
                vec![]
            } else {
                vec![StagePattern {
                    stage: "patterns".into(),
                    pattern: "drop_*".into(),
                }]
            },
            score,
            tier: score.map(SafetyTier::from_score),
            above_tolerance: false,
            danger_level: None,
            factors: vec![StageFactor {
                stage: "risk".into(),
                code: "x".into(),
                message: "something".into(),
                points: score.unwrap_or(0),
            }],
            failures: vec![],
            outcome: Outcome::Allow,
        }
    }

    fn verdict(v: PatternVerdict, score: Option<u32>, tol: RiskTolerance, rep: u32) -> Verdict {
        assess(&eval(v, score), tol, rep, 3).verdict
    }

    #[test]
    fn the_strictest_layer_decides_not_the_first_stage_that_answers() {
        use PatternVerdict::*;
        let m = RiskTolerance::Moderate;
        assert_eq!(
            verdict(Deny, Some(0), m, 1),
            Verdict::Stop(BlockTrigger::DenyPattern)
        );
        // A requiresApproval pattern no longer ends the pipeline: a danger_zone score stops
        // (the loop used to pause `rm -rf /` for an approval while `airlock check` said STOP).
        assert_eq!(
            verdict(RequiresApproval, Some(95), m, 1),
            Verdict::Stop(BlockTrigger::DangerZone)
        );
        assert_eq!(verdict(RequiresApproval, Some(70), m, 1), Verdict::Verify);
        assert_eq!(
            verdict(RequiresApproval, Some(10), m, 1),
            Verdict::Approve(PauseKind::RequiresApproval)
        );
        // The pattern's pause kind wins over the confirm tier's (both ask for an approval).
        assert_eq!(
            verdict(RequiresApproval, Some(45), m, 1),
            Verdict::Approve(PauseKind::RequiresApproval)
        );
        // A deny pattern outranks a danger_zone score: a deny block is never passed once.
        assert_eq!(
            verdict(Deny, Some(95), m, 1),
            Verdict::Stop(BlockTrigger::DenyPattern)
        );
    }

    #[test]
    fn the_reason_names_the_strictest_layer_first_and_keeps_every_factor() {
        let a = assess(
            &eval(PatternVerdict::RequiresApproval, Some(95)),
            RiskTolerance::Moderate,
            1,
            3,
        );
        let reason = a.reason.expect("a reason");
        assert!(
            reason.starts_with("Action is in the danger_zone tier"),
            "{reason}"
        );
        assert!(reason.contains("a requiresApproval pattern"), "{reason}");
        assert!(
            a.factors
                .iter()
                .any(|f| f.contains("requiresApproval pattern 'drop_*'")),
            "{:?}",
            a.factors
        );
        assert!(a.factors.iter().any(|f| f.contains("risk score 95")));
        assert!(
            a.factors
                .iter()
                .any(|f| f.contains("above the moderate tolerance"))
        );
    }

    #[test]
    fn auto_approve_waives_the_confirm_tier_and_tolerance_never_verify_or_danger_zone() {
        use PatternVerdict::AutoApprove;
        let m = RiskTolerance::Conservative;
        // An auto-approved action with a danger_zone score still stops.
        assert_eq!(
            verdict(AutoApprove, Some(95), m, 1),
            Verdict::Stop(BlockTrigger::DangerZone)
        );
        assert_eq!(verdict(AutoApprove, Some(70), m, 1), Verdict::Verify);
        // What it waives: the confirm tier and a score above the tolerance.
        assert_eq!(verdict(AutoApprove, Some(45), m, 1), Verdict::Proceed);
        assert_eq!(verdict(AutoApprove, Some(28), m, 1), Verdict::Proceed);
        assert_eq!(verdict(AutoApprove, None, m, 1), Verdict::Proceed);
        // Repetition does not turn a waived confirm into a verify.
        assert_eq!(verdict(AutoApprove, Some(45), m, 50), Verdict::Proceed);
        let a = assess(&eval(AutoApprove, Some(95)), m, 1, 3);
        assert!(
            a.factors
                .iter()
                .any(|f| f.contains("does not waive the danger_zone tier")),
            "{:?}",
            a.factors
        );
        let a = assess(&eval(AutoApprove, Some(45)), m, 1, 3);
        assert!(
            a.factors
                .iter()
                .any(|f| f.contains("waives the confirm tier")),
            "{:?}",
            a.factors
        );
    }

    #[test]
    fn the_loop_and_the_evaluation_outcome_agree_for_every_combination() {
        // `Evaluation::outcome` (what `airlock check` prints) and the loop's verdict come from
        // the same rule: they must agree for every verdict, score and tolerance.
        use PatternVerdict::*;
        for v in [Deny, RequiresApproval, AutoApprove, NoMatch] {
            for score in [
                None,
                Some(0),
                Some(26),
                Some(45),
                Some(51),
                Some(70),
                Some(76),
                Some(95),
            ] {
                for tol in [
                    RiskTolerance::Conservative,
                    RiskTolerance::Moderate,
                    RiskTolerance::Aggressive,
                ] {
                    let mut e = eval(v, score);
                    let above = score.is_some_and(|s| tol.pauses(s));
                    e.outcome = judge_stages(v, e.tier, above).outcome;
                    let a = assess(&e, tol, 1, 3);
                    assert_eq!(a.verdict.outcome(), e.outcome, "{v} {score:?} {tol:?}");
                }
            }
        }
    }

    #[test]
    fn stage_4_maps_tiers_to_verdicts() {
        let m = RiskTolerance::Aggressive;
        let n = PatternVerdict::NoMatch;
        assert_eq!(verdict(n, Some(30), m, 1), Verdict::Proceed);
        assert_eq!(
            verdict(n, Some(31), m, 1),
            Verdict::Approve(PauseKind::ConfirmTier)
        );
        assert_eq!(verdict(n, Some(61), m, 1), Verdict::Verify);
        assert_eq!(
            verdict(n, Some(86), m, 1),
            Verdict::Stop(BlockTrigger::DangerZone)
        );
    }

    #[test]
    fn stage_5_pauses_advisory_scores_above_a_conservative_tolerance() {
        let n = PatternVerdict::NoMatch;
        assert_eq!(
            verdict(n, Some(26), RiskTolerance::Conservative, 1),
            Verdict::Approve(PauseKind::RiskTolerance)
        );
        assert_eq!(
            verdict(n, Some(25), RiskTolerance::Conservative, 1),
            Verdict::Proceed
        );
        assert_eq!(
            verdict(n, Some(26), RiskTolerance::Moderate, 1),
            Verdict::Proceed
        );
    }

    #[test]
    fn repetition_raises_the_tier_by_one_at_the_threshold() {
        let n = PatternVerdict::NoMatch;
        let m = RiskTolerance::Moderate;
        assert_eq!(
            verdict(n, Some(50), m, 2),
            Verdict::Approve(PauseKind::ConfirmTier)
        );
        assert_eq!(verdict(n, Some(50), m, 3), Verdict::Verify);
        assert_eq!(
            verdict(n, Some(70), m, 4),
            Verdict::Stop(BlockTrigger::DangerZone)
        );
        // A harmless action does not escalate, however often it is repeated.
        assert_eq!(verdict(n, Some(10), m, 50), Verdict::Proceed);
        let a = assess(&eval(n, Some(50)), m, 3, 3);
        assert!(
            a.factors.iter().any(|f| f.contains("reported 3 times")),
            "{:?}",
            a.factors
        );
        // Threshold 0 switches it off.
        assert_eq!(
            assess(&eval(n, Some(50)), m, 100, 0).verdict,
            Verdict::Approve(PauseKind::ConfirmTier)
        );
    }

    #[test]
    fn factors_name_patterns_scorers_and_the_score() {
        let a = assess(
            &eval(PatternVerdict::Deny, Some(90)),
            RiskTolerance::Moderate,
            1,
            3,
        );
        assert!(
            a.factors
                .iter()
                .any(|f| f.contains("deny pattern 'drop_*'")),
            "{:?}",
            a.factors
        );
        assert!(
            a.factors.iter().any(|f| f.contains("risk score 90")),
            "{:?}",
            a.factors
        );
        // The deny pattern decides; the danger_zone score that would stop it too follows.
        assert_eq!(
            a.reason.as_deref(),
            Some(
                "Action matches deny pattern 'drop_*' (also: the danger_zone tier, the risk tolerance)"
            )
        );
    }
}
