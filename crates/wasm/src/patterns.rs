//! The pattern stage: an action in, a verdict and the patterns that matched out, or the
//! fallback verdict when the guest fails.

use airlock_core::PatternVerdict;

use crate::action::Action;
use crate::bindings::wit;
use crate::error::StageError;
use crate::failure::StageFailure;
use crate::guest_result::check_patterns;
use crate::host::WasmHost;
use crate::inspect::World;
use crate::loaded::LoadedComponent;
use crate::settings::PatternSettings;
use crate::stage::{GuestWorld, StageCore};
use crate::stats::StageStats;

/// What a pattern stage says about an action: airlock-core's [`PatternVerdict`], the same type
/// the policy's `fallback_verdict` is written in.
pub type Verdict = PatternVerdict;

impl From<wit::Verdict> for PatternVerdict {
    fn from(v: wit::Verdict) -> Self {
        match v {
            wit::Verdict::Deny => PatternVerdict::Deny,
            wit::Verdict::RequiresApproval => PatternVerdict::RequiresApproval,
            wit::Verdict::AutoApprove => PatternVerdict::AutoApprove,
            wit::Verdict::NoMatch => PatternVerdict::NoMatch,
        }
    }
}

/// A pattern stage's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Matched {
    /// The verdict; the fallback when the guest failed.
    pub verdict: Verdict,
    /// The patterns that matched (at most `max_factors`, each at most `max_factor_bytes`); on
    /// failure the single code `guest.<kind>`, so whoever shows the patterns shows why.
    pub matched: Vec<String>,
    /// Why the guest failed, when it did: `verdict` is then the fallback.
    pub failure: Option<StageFailure>,
}

/// The pattern-stage world.
pub(crate) struct PatternsWorld;

impl GuestWorld for PatternsWorld {
    type Output = wit::PatternMatch;
    const WORLD: World = World::Patterns;
}

/// A pattern stage backed by a guest component. `Send + Sync`: call it from any number of
/// threads.
pub struct PatternStage {
    core: StageCore<PatternsWorld>,
    fallback: Verdict,
}

impl std::fmt::Debug for PatternStage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternStage")
            .field("origin", &self.core.origin())
            .field("fallback", &self.fallback)
            .finish_non_exhaustive()
    }
}

impl PatternStage {
    /// A pattern stage over `component`, which must be a pattern stage. Creates and configures
    /// a first instance, so a config the guest rejects fails here with the guest's message.
    pub fn new(
        host: &WasmHost,
        component: &LoadedComponent,
        settings: PatternSettings,
    ) -> Result<Self, StageError> {
        Ok(PatternStage {
            core: StageCore::new(host, component, &settings)?,
            fallback: settings.fallback,
        })
    }

    /// Evaluates one action. Never fails: a guest failure gives the fallback verdict with
    /// `guest.<kind>` as the matched pattern and [`Matched::failure`] set.
    pub fn evaluate(&self, action: &Action) -> Matched {
        self.evaluate_converted(&action.to_wit())
    }

    /// [`PatternStage::evaluate`] of an action already converted for the guest.
    pub(crate) fn evaluate_converted(&self, action: &wit::Action) -> Matched {
        let limits = *self.core.limits();
        match self.core.run(action, |m| Ok(check_patterns(m, &limits))) {
            Ok(matched) => matched,
            Err(failure) => Matched {
                verdict: self.fallback,
                matched: vec![failure.kind.code().to_string()],
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
