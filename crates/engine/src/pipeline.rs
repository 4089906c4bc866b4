//! Stages 3-5 of the evaluation pipeline (core spec 8.7.2) and repetition escalation, as a pure
//! function of the stages' [`Evaluation`]: what the loop should do with one reported action.
//!
//! Stages 1-2 (step limit, previous outcome) and the hard-block and pending-pause checks that
//! come before them depend on the engine's state and live in [`crate::engine`].

use airlock_core::{PatternVerdict, RiskTolerance, SafetyTier};
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

/// Stages 3 (patterns), 4 (tier), 5 (tolerance), then repetition: the first that pauses or
/// stops decides; `deny` > `requiresApproval` > `autoApprove` within stage 3.
///
/// `repeated` is how many times this action has been evaluated in the execution (this report
/// included); at `repetition_threshold` and above (0: never) a tier above `advisory` goes up
/// one level.
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
    if let (Some(score), Some(t)) = (eval.score, eval.tier) {
        factors.push(format!("risk score {score}: tier {t}"));
    }

    let done = |verdict, reason: Option<String>, tier, factors| Assessment {
        verdict,
        tier,
        score: eval.score,
        factors,
        reason,
    };

    // Stage 3.
    match eval.verdict {
        PatternVerdict::Deny => {
            let pattern = eval
                .matched
                .first()
                .map_or("(stage fallback)", |m| &m.pattern);
            return done(
                Verdict::Stop(BlockTrigger::DenyPattern),
                Some(format!("Action matches deny pattern '{pattern}'")),
                Some(SafetyTier::DangerZone),
                factors,
            );
        }
        PatternVerdict::RequiresApproval => {
            let pattern = eval
                .matched
                .first()
                .map_or("(stage fallback)", |m| &m.pattern);
            return done(
                Verdict::Approve(PauseKind::RequiresApproval),
                Some(format!(
                    "Action matches requiresApproval pattern '{pattern}': a person must approve it"
                )),
                tier,
                factors,
            );
        }
        PatternVerdict::AutoApprove => {
            factors.push("auto-approved by pattern: risk scoring skipped".to_owned());
            return done(
                Verdict::Proceed,
                None,
                tier.or(Some(SafetyTier::Advisory)),
                factors,
            );
        }
        PatternVerdict::NoMatch => {}
    }

    // Repetition raises the tier before stage 4 reads it. Only an action that already needs a
    // person escalates: repeating a harmless action is what the step limit is for.
    if repetition_threshold > 0
        && repeated >= repetition_threshold
        && let Some(t) = tier
        && t != SafetyTier::Advisory
    {
        let up = raise(t);
        if up != t {
            factors.push(format!(
                "reported {repeated} times in this execution: tier raised from {t} to {up}"
            ));
        }
        tier = Some(up);
    }

    // Stage 4.
    match tier {
        Some(SafetyTier::DangerZone) => {
            return done(
                Verdict::Stop(BlockTrigger::DangerZone),
                Some("Action is in the danger_zone tier: the agent is hard-blocked".to_owned()),
                tier,
                factors,
            );
        }
        Some(SafetyTier::Verify) => {
            return done(
                Verdict::Verify,
                Some(
                    "Action is in the verify tier: a person must give the out-of-band code"
                        .to_owned(),
                ),
                tier,
                factors,
            );
        }
        Some(SafetyTier::Confirm) => {
            return done(
                Verdict::Approve(PauseKind::ConfirmTier),
                Some("Action is in the confirm tier: a person must approve it".to_owned()),
                tier,
                factors,
            );
        }
        Some(SafetyTier::Advisory) | None => {}
    }

    // Stage 5.
    if let Some(score) = eval.score
        && tolerance.pauses(score)
    {
        factors.push(format!(
            "risk score {score} is above the {} tolerance ({})",
            tolerance.as_str(),
            tolerance.threshold()
        ));
        return done(
            Verdict::Approve(PauseKind::RiskTolerance),
            Some(format!(
                "Risk score {score} is above the agent's risk tolerance ({}): a person must approve it",
                tolerance.threshold()
            )),
            tier,
            factors,
        );
    }
    if eval.score.is_none() {
        factors.push("no risk scorer ran: advisory".to_owned());
    }
    done(
        Verdict::Proceed,
        None,
        tier.or(Some(SafetyTier::Advisory)),
        factors,
    )
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
    fn stage_3_resolves_deny_then_approval_then_auto_approve() {
        use PatternVerdict::*;
        let m = RiskTolerance::Moderate;
        assert_eq!(
            verdict(Deny, Some(0), m, 1),
            Verdict::Stop(BlockTrigger::DenyPattern)
        );
        // requiresApproval ends the pipeline at stage 3, even if the score is high.
        assert_eq!(
            verdict(RequiresApproval, Some(95), m, 1),
            Verdict::Approve(PauseKind::RequiresApproval)
        );
        assert_eq!(verdict(AutoApprove, None, m, 1), Verdict::Proceed);
        // autoApprove skips the rest, repetition included.
        assert_eq!(verdict(AutoApprove, None, m, 50), Verdict::Proceed);
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
        assert_eq!(
            a.reason.as_deref(),
            Some("Action matches deny pattern 'drop_*'")
        );
    }
}
