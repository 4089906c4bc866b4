//! The one decision model: every layer answers with an [`Outcome`] on the lattice
//! `allow < confirm < verify < preview < deny < stop`, and the most restrictive answer wins.
//!
//! The order is a total order, so the join is `max`: commutative, associative and idempotent by
//! construction (and property-tested). `preview` sits above `verify` because a preview never
//! executes at all, whereas a verified action does.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::levels::UnknownValue;

/// What happens to an intended action.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Goes ahead.
    Allow,
    /// A person approves through a human channel, then it may proceed once.
    Confirm,
    /// An out-of-band code is required; the agent is paused, not blocked.
    Verify,
    /// Dry run only (autonomy A0): what would happen is shown, nothing executes.
    Preview,
    /// Refused with an error; nothing persisted beyond the audit entry.
    Deny,
    /// Hard block of the agent, persisted, lifted only by verification or an operator.
    Stop,
}

impl Outcome {
    /// Every outcome, from least to most restrictive.
    pub const ALL: &'static [Outcome] = &[
        Outcome::Allow,
        Outcome::Confirm,
        Outcome::Verify,
        Outcome::Preview,
        Outcome::Deny,
        Outcome::Stop,
    ];

    /// The most restrictive of the two.
    #[must_use]
    pub fn join(self, other: Outcome) -> Outcome {
        self.max(other)
    }

    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Outcome::Allow => "allow",
            Outcome::Confirm => "confirm",
            Outcome::Verify => "verify",
            Outcome::Preview => "preview",
            Outcome::Deny => "deny",
            Outcome::Stop => "stop",
        }
    }

    /// Whether the action may run now without anyone else's involvement.
    pub const fn proceeds(self) -> bool {
        matches!(self, Outcome::Allow)
    }

    /// The exit status of `airlock check` for this outcome: 0 allow, 2 waits for a person or
    /// previews, 3 refused. (1 is reserved for usage and configuration errors.)
    pub const fn exit_code(self) -> u8 {
        match self {
            Outcome::Allow => 0,
            Outcome::Confirm | Outcome::Verify | Outcome::Preview => 2,
            Outcome::Deny | Outcome::Stop => 3,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Outcome {
    type Err = UnknownValue;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Outcome::ALL
            .iter()
            .copied()
            .find(|o| o.as_str() == s)
            .ok_or_else(|| UnknownValue {
                kind: "outcome",
                value: s.chars().take(64).collect(),
                expected: "allow confirm verify preview deny stop",
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn any_outcome() -> impl Strategy<Value = Outcome> {
        prop::sample::select(Outcome::ALL)
    }

    #[test]
    fn order_is_the_documented_lattice() {
        let names: Vec<&str> = Outcome::ALL.iter().map(|o| o.as_str()).collect();
        assert_eq!(
            names,
            ["allow", "confirm", "verify", "preview", "deny", "stop"]
        );
        for pair in Outcome::ALL.windows(2) {
            assert!(pair[0] < pair[1]);
        }
        assert_eq!(Outcome::Confirm.join(Outcome::Deny), Outcome::Deny);
        assert_eq!(Outcome::Preview.join(Outcome::Verify), Outcome::Preview);
        assert_eq!("stop".parse::<Outcome>(), Ok(Outcome::Stop));
        assert!("block".parse::<Outcome>().is_err());
    }

    #[test]
    fn exit_codes_follow_the_check_contract() {
        let codes: Vec<u8> = Outcome::ALL.iter().map(|o| o.exit_code()).collect();
        assert_eq!(codes, [0, 2, 2, 2, 3, 3]);
    }

    proptest! {
        #[test]
        fn join_is_commutative(a in any_outcome(), b in any_outcome()) {
            prop_assert_eq!(a.join(b), b.join(a));
        }

        #[test]
        fn join_is_associative(a in any_outcome(), b in any_outcome(), c in any_outcome()) {
            prop_assert_eq!(a.join(b).join(c), a.join(b.join(c)));
        }

        #[test]
        fn join_is_idempotent(a in any_outcome()) {
            prop_assert_eq!(a.join(a), a);
        }

        #[test]
        fn join_never_lowers(a in any_outcome(), b in any_outcome()) {
            prop_assert!(a.join(b) >= a && a.join(b) >= b);
        }
    }
}
