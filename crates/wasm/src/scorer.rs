//! The scorer stage: an action in, a 0-100 risk score and its factors out, or the fallback
//! score when the guest fails.

use airlock_core::DangerLevel;

use crate::action::Action;
use crate::bindings::wit;
use crate::error::StageError;
use crate::failure::StageFailure;
use crate::guest_result::check_score;
use crate::host::WasmHost;
use crate::inspect::World;
use crate::loaded::LoadedComponent;
use crate::settings::ScorerSettings;
use crate::stage::{GuestWorld, StageCore};
use crate::stats::StageStats;

/// The highest valid score.
pub(crate) const MAX_SCORE: u32 = 100;

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
        self.score_converted(&action.to_wit())
    }

    /// [`ScorerStage::score`] of an action already converted for the guest.
    pub(crate) fn score_converted(&self, action: &wit::Action) -> Scored {
        let limits = *self.core.limits();
        match self.core.run(action, |score| check_score(score, &limits)) {
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
