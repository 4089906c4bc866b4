//! What a "verdict" is, the same for every engine of the peer comparison.
//!
//! Each engine answers in its own terms (Rego returns a string, Cedar a decision with the
//! policies that determined it, airlock's gate an [`Outcome`], its pattern stage a
//! [`PatternVerdict`]); the harness maps every answer onto [`Verdict`], and engines agree when
//! they give the same [`Verdict`] for the same corpus action.
//!
//! # Hints (`nextActionHint`, security-execution-safety-loop 5.2 and core spec 8.7.2 stage 3)
//!
//! The policy's patterns are matched against the hint; the strongest level with a match wins:
//!
//! - [`Verdict::Deny`]: a `deny` pattern matched (or a forbidden danger pattern);
//! - [`Verdict::RequiresApproval`]: a `requiresApproval` pattern matched (or a dangerous one);
//! - [`Verdict::AutoApprove`]: an `autoApprove` pattern matched and nothing stronger;
//! - [`Verdict::FallThrough`]: nothing matched; the action goes on to the next stage (risk
//!   scoring, stage 4), which is not part of this comparison.
//!
//! # Structured operations (danger-levels 3.3, 4.1, 5-6)
//!
//! The operation's danger level (the highest section 6 name pattern it matches, else what its
//! MCP annotations and CRUDE endpoint imply, else `reversible`) meets the adapter's trust in the
//! trust x danger matrix of section 4.1, whose cell is the verdict:
//!
//! - `deny` (and `introspect_only` for anything but `introspect`) is [`Verdict::Deny`];
//! - `confirm` is [`Verdict::RequiresApproval`];
//! - `allow` (and `introspect_only` for `introspect`) is [`Verdict::AutoApprove`]: the
//!   operation runs without a person.
//!
//! An operation never falls through: the matrix has an answer for every cell.

use std::fmt;

use airlock_core::{Outcome, PatternVerdict};

/// One engine's answer for one corpus action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Nothing matched (hints only): the next stage decides.
    FallThrough,
    /// Goes ahead without a person.
    AutoApprove,
    /// A person must approve it first.
    RequiresApproval,
    /// Refused.
    Deny,
}

impl Verdict {
    /// The name engines use for it (Rego's return value, Cedar's `@verdict` annotation).
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::FallThrough => "fall-through",
            Verdict::AutoApprove => "auto-approve",
            Verdict::RequiresApproval => "requires-approval",
            Verdict::Deny => "deny",
        }
    }

    /// The verdict with that name.
    pub fn from_name(name: &str) -> Option<Self> {
        [
            Verdict::FallThrough,
            Verdict::AutoApprove,
            Verdict::RequiresApproval,
            Verdict::Deny,
        ]
        .into_iter()
        .find(|v| v.as_str() == name)
    }

    /// A pattern stage's verdict: `no-match` is [`Verdict::FallThrough`].
    pub const fn of_pattern(v: PatternVerdict) -> Self {
        match v {
            PatternVerdict::Deny => Verdict::Deny,
            PatternVerdict::RequiresApproval => Verdict::RequiresApproval,
            PatternVerdict::AutoApprove => Verdict::AutoApprove,
            PatternVerdict::NoMatch => Verdict::FallThrough,
        }
    }

    /// The native gate's outcome. The bench policy sets no autonomy level and the
    /// `write-destructive` safety mode, so only the trust x danger matrix can restrict and
    /// outcomes are `allow`, `confirm` or `deny`; the others are mapped by what they ask of a
    /// person (`verify`, `preview`: approval; `stop`: refusal) so an unexpected one still
    /// compares.
    pub const fn of_outcome(o: Outcome) -> Self {
        match o {
            Outcome::Allow => Verdict::AutoApprove,
            Outcome::Confirm | Outcome::Verify | Outcome::Preview => Verdict::RequiresApproval,
            Outcome::Deny | Outcome::Stop => Verdict::Deny,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_order_is_the_resolution_order() {
        for v in [
            Verdict::FallThrough,
            Verdict::AutoApprove,
            Verdict::RequiresApproval,
            Verdict::Deny,
        ] {
            assert_eq!(Verdict::from_name(v.as_str()), Some(v));
        }
        assert_eq!(Verdict::from_name("allow"), None);
        // deny > requiresApproval > autoApprove > fall through: the strongest wins with `max`.
        assert!(Verdict::Deny > Verdict::RequiresApproval);
        assert!(Verdict::RequiresApproval > Verdict::AutoApprove);
        assert!(Verdict::AutoApprove > Verdict::FallThrough);
    }
}
