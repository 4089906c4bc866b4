//! The scorer stage: an action in, a 0-100 risk score and its factors out, or the fallback
//! score when the guest fails.

use airlock_core::DangerLevel;

use crate::action::{Action, danger_from_wit};
use crate::bindings::wit;
use crate::error::StageError;
use crate::factors::{DROPPED_CODE, truncate};
use crate::failure::StageFailure;
use crate::host::WasmHost;
use crate::inspect::World;
use crate::loaded::LoadedComponent;
use crate::settings::{Limits, ScorerSettings};
use crate::stage::{GuestWorld, StageCore};
use crate::stats::StageStats;

/// The highest valid score.
const MAX_SCORE: u32 = 100;

/// One reason behind a score, as the guest gave it (capped in length).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuestFactor {
    /// A stable, machine-readable name, e.g. `shell.rm-recursive`, or `guest.<kind>` for a
    /// failure.
    pub code: String,
    /// For people: what was found.
    pub message: String,
    /// Points this reason contributed (0-100).
    pub points: u32,
}

/// A scorer's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    /// 0 (harmless) to 100 (certainly dangerous); the fallback when the guest failed.
    pub value: u32,
    /// Why, at most `max_factors` of the guest's plus one saying how many were dropped; on
    /// failure a single `guest.<kind>` factor.
    pub factors: Vec<GuestFactor>,
    /// A danger level the scorer inferred, if any (never on failure).
    pub danger_level: Option<DangerLevel>,
    /// Why the guest failed, when it did: `value` is then the fallback.
    pub failure: Option<StageFailure>,
}

/// The scorer world.
pub(crate) struct ScorerWorld;

impl GuestWorld for ScorerWorld {
    type Output = wit::Score;
    const WORLD: World = World::Scorer;
}

/// A risk scorer backed by a guest component. `Send + Sync`: call it from any number of threads.
pub struct ScorerStage {
    core: StageCore<ScorerWorld>,
    fallback: u32,
}

impl std::fmt::Debug for ScorerStage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScorerStage")
            .field("origin", &self.core.origin())
            .field("fallback", &self.fallback)
            .finish_non_exhaustive()
    }
}

impl ScorerStage {
    /// A scorer stage over `component`, which must be a scorer. Creates and configures a first
    /// instance, so a config the guest rejects fails here with the guest's message.
    pub fn new(
        host: &WasmHost,
        component: &LoadedComponent,
        settings: ScorerSettings,
    ) -> Result<Self, StageError> {
        if settings.fallback > MAX_SCORE {
            return Err(StageError::Settings {
                origin: component.origin().to_string(),
                reason: format!(
                    "the fallback score is {}, it must be 0-100 (100 fails closed)",
                    settings.fallback
                ),
            });
        }
        Ok(ScorerStage {
            core: StageCore::new(host, component, &settings)?,
            fallback: settings.fallback,
        })
    }

    /// Scores one action. Never fails: a guest failure gives the fallback score with a
    /// `guest.<kind>` factor and [`Scored::failure`] set.
    pub fn score(&self, action: &Action) -> Scored {
        let limits = *self.core.limits();
        match self.core.run(action, |score| validate(score, &limits)) {
            Ok(scored) => scored,
            Err(failure) => Scored {
                value: self.fallback,
                factors: vec![GuestFactor {
                    code: failure.kind.code().to_string(),
                    message: failure.message.clone(),
                    points: self.fallback,
                }],
                danger_level: None,
                failure: Some(failure),
            },
        }
    }

    /// The stage's counters.
    pub fn stats(&self) -> StageStats {
        self.core.stats()
    }

    /// The component's name.
    pub fn origin(&self) -> &str {
        self.core.origin()
    }
}

/// Checks a guest's score against the contract and caps its factors.
fn validate(score: wit::Score, limits: &Limits) -> Result<Scored, String> {
    if score.value > MAX_SCORE {
        return Err(format!(
            "the guest returned a score of {}, above the maximum of {MAX_SCORE}",
            score.value
        ));
    }
    let total = score.factors.len();
    let mut factors: Vec<GuestFactor> = score
        .factors
        .into_iter()
        .take(limits.max_factors)
        .map(|f| GuestFactor {
            code: truncate(&f.code, limits.max_factor_bytes),
            message: truncate(&f.message, limits.max_factor_bytes),
            points: f.points.min(MAX_SCORE),
        })
        .collect();
    let dropped = total - factors.len();
    if dropped > 0 {
        factors.push(dropped_factor(dropped, limits.max_factors));
    }
    Ok(Scored {
        value: score.value,
        factors,
        danger_level: score.danger_level.map(danger_from_wit),
        failure: None,
    })
}

/// The factor that says how many factors were dropped.
fn dropped_factor(dropped: usize, max: usize) -> GuestFactor {
    GuestFactor {
        code: DROPPED_CODE.to_string(),
        message: format!("{dropped} more factors were dropped (the stage keeps at most {max})"),
        points: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn factor(code: &str, message: &str, points: u32) -> wit::Factor {
        wit::Factor {
            code: code.into(),
            message: message.into(),
            points,
        }
    }

    #[test]
    fn a_score_above_100_is_invalid() {
        let score = wit::Score {
            value: 101,
            factors: vec![],
            danger_level: None,
        };
        let err = validate(score, &Limits::default()).expect_err("invalid");
        assert!(err.contains("101"), "{err}");
    }

    #[test]
    fn factors_are_capped_in_count_and_bytes() {
        let limits = Limits {
            max_factors: 2,
            max_factor_bytes: 4,
            ..Limits::default()
        };
        let score = wit::Score {
            value: 50,
            factors: vec![
                factor("abcdef", "é-é-é", 500),
                factor("b", "m", 1),
                factor("c", "m", 1),
            ],
            danger_level: Some(wit::DangerLevel::Destructive),
        };
        let scored = validate(score, &limits).expect("valid");
        assert_eq!(scored.value, 50);
        assert_eq!(scored.danger_level, Some(DangerLevel::Destructive));
        assert_eq!(scored.factors.len(), 3);
        assert_eq!(scored.factors[0].code, "abcd");
        assert_eq!(scored.factors[0].message, "é-");
        assert_eq!(scored.factors[0].points, 100);
        assert_eq!(scored.factors[2].code, DROPPED_CODE);
        assert!(scored.factors[2].message.starts_with("1 more"));
    }
}
