//! The one rule that turns what the WebAssembly stages said about an action into an outcome.
//!
//! Every surface asks it: the safety loop (`record_execution_step`), `airlock check --hint`,
//! `POST /v1/decide` with a hint, `airlock policy test` and `airlock policy eval`. So the same
//! hint gets the same outcome everywhere, and the loop's pause or stop is the one `airlock
//! check` predicts.
//!
//! The rule: every layer that speaks is considered and the strictest wins. The layers, from the
//! strictest down (at equal outcome the earlier one is named as the reason):
//!
//! | layer | outcome |
//! | --- | --- |
//! | a `deny` pattern | stop |
//! | the `danger_zone` tier (score 86-100) | stop |
//! | the `verify` tier (61-85) | verify |
//! | a `requiresApproval` pattern | confirm |
//! | the `confirm` tier (31-60) | confirm |
//! | a score above the risk tolerance | confirm |
//!
//! An `autoApprove` pattern waives only what would ask a person for a plain approval because of
//! the score (the `confirm` tier and the tolerance pause): an organization may declare an action
//! routine, not safe against its own scorers. It never overrides the `verify` or `danger_zone`
//! tier, and a `deny` or `requiresApproval` from another pattern stage outranks it already.

use crate::levels::SafetyTier;
use crate::outcome::Outcome;
use crate::stages::PatternVerdict;

/// A layer of the stages' answer that can hold an action back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StageLayer {
    /// A `deny` pattern matched: stop.
    DenyPattern,
    /// The score is in the `danger_zone` tier: stop.
    DangerZoneTier,
    /// The score is in the `verify` tier: a person gives an out-of-band code.
    VerifyTier,
    /// A `requiresApproval` pattern matched: a person approves.
    RequiresApproval,
    /// The score is in the `confirm` tier: a person approves.
    ConfirmTier,
    /// The score is above the risk tolerance: a person approves.
    RiskTolerance,
}

impl StageLayer {
    /// Every layer, strictest first: the order in which a decision names its reasons.
    pub const ALL: [StageLayer; 6] = [
        StageLayer::DenyPattern,
        StageLayer::DangerZoneTier,
        StageLayer::VerifyTier,
        StageLayer::RequiresApproval,
        StageLayer::ConfirmTier,
        StageLayer::RiskTolerance,
    ];

    /// What the layer asks for.
    pub const fn outcome(self) -> Outcome {
        match self {
            StageLayer::DenyPattern | StageLayer::DangerZoneTier => Outcome::Stop,
            StageLayer::VerifyTier => Outcome::Verify,
            StageLayer::RequiresApproval | StageLayer::ConfirmTier | StageLayer::RiskTolerance => {
                Outcome::Confirm
            }
        }
    }

    /// Whether an `autoApprove` pattern waives it.
    pub const fn waived_by_auto_approve(self) -> bool {
        matches!(self, StageLayer::ConfirmTier | StageLayer::RiskTolerance)
    }

    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            StageLayer::DenyPattern => "deny_pattern",
            StageLayer::DangerZoneTier => "danger_zone_tier",
            StageLayer::VerifyTier => "verify_tier",
            StageLayer::RequiresApproval => "requires_approval",
            StageLayer::ConfirmTier => "confirm_tier",
            StageLayer::RiskTolerance => "risk_tolerance",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl std::fmt::Display for StageLayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A set of layers (a bit set: the rule runs on every action, so it allocates nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StageLayers(u8);

impl StageLayers {
    /// Whether `layer` is in the set.
    pub const fn contains(self, layer: StageLayer) -> bool {
        self.0 & layer.bit() != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    fn insert(&mut self, layer: StageLayer) {
        self.0 |= layer.bit();
    }

    /// The layers in the set, strictest first.
    pub fn iter(self) -> impl Iterator<Item = StageLayer> {
        StageLayer::ALL
            .into_iter()
            .filter(move |l| self.contains(*l))
    }
}

/// What the stages' answer comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageJudgement {
    /// The outcome: the strictest of the layers that hold the action back, else allow.
    pub outcome: Outcome,
    /// The layers that hold the action back (none: it goes ahead).
    pub holding: StageLayers,
    /// The layers an `autoApprove` pattern waived.
    pub waived: StageLayers,
}

impl StageJudgement {
    /// The strictest layer holding the action back: the one whose reason comes first.
    pub fn decided_by(&self) -> Option<StageLayer> {
        self.holding.iter().next()
    }
}

/// The rule (see the module's documentation): the combined pattern verdict, the score's tier
/// (`None` when no scorer ran) and whether the score is above the risk tolerance, to an outcome.
pub fn judge_stages(
    verdict: PatternVerdict,
    tier: Option<SafetyTier>,
    above_tolerance: bool,
) -> StageJudgement {
    let mut speaking = StageLayers::default();
    match verdict {
        PatternVerdict::Deny => speaking.insert(StageLayer::DenyPattern),
        PatternVerdict::RequiresApproval => speaking.insert(StageLayer::RequiresApproval),
        PatternVerdict::AutoApprove | PatternVerdict::NoMatch => {}
    }
    match tier {
        Some(SafetyTier::DangerZone) => speaking.insert(StageLayer::DangerZoneTier),
        Some(SafetyTier::Verify) => speaking.insert(StageLayer::VerifyTier),
        Some(SafetyTier::Confirm) => speaking.insert(StageLayer::ConfirmTier),
        Some(SafetyTier::Advisory) | None => {}
    }
    if above_tolerance {
        speaking.insert(StageLayer::RiskTolerance);
    }
    let mut holding = StageLayers::default();
    let mut waived = StageLayers::default();
    for layer in speaking.iter() {
        if verdict == PatternVerdict::AutoApprove && layer.waived_by_auto_approve() {
            waived.insert(layer);
        } else {
            holding.insert(layer);
        }
    }
    let outcome = holding
        .iter()
        .map(StageLayer::outcome)
        .fold(Outcome::Allow, Outcome::join);
    StageJudgement {
        outcome,
        holding,
        waived,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use PatternVerdict::*;
    use SafetyTier::*;

    const VERDICTS: [PatternVerdict; 4] = [Deny, RequiresApproval, AutoApprove, NoMatch];
    const TIERS: [Option<SafetyTier>; 5] = [
        None,
        Some(Advisory),
        Some(Confirm),
        Some(Verify),
        Some(DangerZone),
    ];

    fn outcome(v: PatternVerdict, t: Option<SafetyTier>, above: bool) -> Outcome {
        judge_stages(v, t, above).outcome
    }

    #[test]
    fn the_strictest_layer_wins_whatever_the_pattern_stage_said() {
        // The loop used to stop at a requiresApproval pattern before looking at the score:
        // `rm -rf /` paused for an approval there and stopped in `airlock check`.
        assert_eq!(
            outcome(RequiresApproval, Some(DangerZone), true),
            Outcome::Stop
        );
        assert_eq!(
            outcome(RequiresApproval, Some(Verify), true),
            Outcome::Verify
        );
        assert_eq!(outcome(Deny, Some(Advisory), false), Outcome::Stop);
        assert_eq!(outcome(NoMatch, Some(Confirm), false), Outcome::Confirm);
        assert_eq!(outcome(NoMatch, Some(Advisory), true), Outcome::Confirm);
        assert_eq!(outcome(NoMatch, Some(Advisory), false), Outcome::Allow);
        assert_eq!(outcome(NoMatch, None, false), Outcome::Allow);
        // Never below either stage's own answer, for every combination.
        for v in VERDICTS {
            for t in TIERS {
                for above in [false, true] {
                    let o = outcome(v, t, above);
                    if v != AutoApprove {
                        let expected = t
                            .map_or(Outcome::Allow, SafetyTier::outcome)
                            .join(v.outcome())
                            .join(if above {
                                Outcome::Confirm
                            } else {
                                Outcome::Allow
                            });
                        assert_eq!(o, expected, "{v} {t:?} {above}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_reason_is_the_strictest_layers() {
        let j = judge_stages(RequiresApproval, Some(DangerZone), true);
        assert_eq!(j.decided_by(), Some(StageLayer::DangerZoneTier));
        let all: Vec<_> = j.holding.iter().collect();
        assert_eq!(
            all,
            [
                StageLayer::DangerZoneTier,
                StageLayer::RequiresApproval,
                StageLayer::RiskTolerance
            ]
        );
        // A deny pattern outranks the danger_zone tier: both stop, but a deny is never passed
        // after a verification.
        assert_eq!(
            judge_stages(Deny, Some(DangerZone), true).decided_by(),
            Some(StageLayer::DenyPattern)
        );
        assert_eq!(
            judge_stages(NoMatch, Some(Advisory), false).decided_by(),
            None
        );
    }

    #[test]
    fn auto_approve_waives_only_the_confirm_tier_and_the_tolerance() {
        // An auto-approved action with a danger_zone or verify score is still held.
        assert_eq!(outcome(AutoApprove, Some(DangerZone), true), Outcome::Stop);
        assert_eq!(outcome(AutoApprove, Some(Verify), true), Outcome::Verify);
        let j = judge_stages(AutoApprove, Some(Verify), true);
        assert_eq!(j.decided_by(), Some(StageLayer::VerifyTier));
        assert!(j.waived.contains(StageLayer::RiskTolerance));
        // What it waives.
        let j = judge_stages(AutoApprove, Some(Confirm), true);
        assert_eq!(j.outcome, Outcome::Allow);
        assert!(j.waived.contains(StageLayer::ConfirmTier));
        assert!(j.waived.contains(StageLayer::RiskTolerance));
        assert!(j.holding.is_empty());
        assert_eq!(outcome(AutoApprove, Some(Advisory), true), Outcome::Allow);
        assert_eq!(outcome(AutoApprove, None, false), Outcome::Allow);
    }
}
