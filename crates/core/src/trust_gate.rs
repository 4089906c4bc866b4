//! The trust x danger gating matrix (danger-levels 4.1): which danger levels an adapter of a
//! given trust level may run, must confirm, or may not run at all.
//!
//! The matrix is a constant table indexed by the two enums' positions, so the lookup is two
//! array indexings.

use std::fmt;

use serde::Serialize;

use crate::levels::{DangerLevel, TrustLevel};
use crate::outcome::Outcome;

/// A cell of the trust x danger matrix (danger-levels 4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TrustCell {
    /// Runs without additional gates.
    Allow,
    /// Requires explicit user confirmation.
    Confirm,
    /// Blocked with an error.
    Deny,
    /// Only the `introspect` operation is permitted; everything else, safe or not, is blocked.
    IntrospectOnly,
}

impl TrustCell {
    /// The outcome of this cell for an operation; `is_introspection` matters only for
    /// [`TrustCell::IntrospectOnly`].
    pub const fn outcome(self, is_introspection: bool) -> Outcome {
        match self {
            TrustCell::Allow => Outcome::Allow,
            TrustCell::Confirm => Outcome::Confirm,
            TrustCell::Deny => Outcome::Deny,
            TrustCell::IntrospectOnly if is_introspection => Outcome::Allow,
            TrustCell::IntrospectOnly => Outcome::Deny,
        }
    }
}

impl fmt::Display for TrustCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TrustCell::Allow => "allow",
            TrustCell::Confirm => "confirm",
            TrustCell::Deny => "deny",
            TrustCell::IntrospectOnly => "introspect_only",
        })
    }
}

use TrustCell::{Allow as A, Confirm as C, Deny as D, IntrospectOnly as I};

/// Rows: danger safe..forbidden. Columns: trust untested..certified.
const MATRIX: [[TrustCell; 5]; 5] = [
    [I, A, A, A, A], // safe
    [D, D, A, A, A], // reversible
    [D, D, C, A, A], // destructive
    [D, D, D, C, A], // dangerous
    [D, D, D, D, C], // forbidden
];

/// The matrix cell for an adapter's trust and an operation's danger.
#[inline]
pub const fn trust_cell(trust: TrustLevel, danger: DangerLevel) -> TrustCell {
    MATRIX[danger as usize][trust as usize]
}

/// The lowest trust level at which an ordinary (non-introspection) operation of this danger is
/// not denied (it may still need confirmation): the spec's `minimum_trust_required`.
pub fn minimum_trust_to_proceed(danger: DangerLevel) -> Option<TrustLevel> {
    TrustLevel::ALL
        .iter()
        .copied()
        .find(|&t| trust_cell(t, danger).outcome(false) < Outcome::Deny)
}

/// The lowest trust level at which an ordinary operation of this danger runs without
/// confirmation; `None` for `forbidden`, which always needs one.
pub fn minimum_trust_to_allow(danger: DangerLevel) -> Option<TrustLevel> {
    TrustLevel::ALL
        .iter()
        .copied()
        .find(|&t| trust_cell(t, danger).outcome(false) == Outcome::Allow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use DangerLevel::*;
    use TrustLevel::*;

    /// Danger-levels 4.1, typed cell by cell from the specification's table (not derived from
    /// [`MATRIX`]).
    #[test]
    fn every_cell_of_the_spec_matrix() {
        let spec: [(DangerLevel, [&str; 5]); 5] = [
            (
                Safe,
                ["introspect_only", "allow", "allow", "allow", "allow"],
            ),
            (Reversible, ["deny", "deny", "allow", "allow", "allow"]),
            (Destructive, ["deny", "deny", "confirm", "allow", "allow"]),
            (Dangerous, ["deny", "deny", "deny", "confirm", "allow"]),
            (Forbidden, ["deny", "deny", "deny", "deny", "confirm"]),
        ];
        let columns = [Untested, Generated, Validated, CommunityReviewed, Certified];
        for (danger, row) in spec {
            for (trust, expected) in columns.iter().zip(row) {
                assert_eq!(
                    trust_cell(*trust, danger).to_string(),
                    expected,
                    "trust {trust} x danger {danger}"
                );
            }
        }
    }

    #[test]
    fn introspect_only_admits_introspection_alone() {
        assert_eq!(trust_cell(Untested, Safe).outcome(true), Outcome::Allow);
        assert_eq!(trust_cell(Untested, Safe).outcome(false), Outcome::Deny);
    }

    #[test]
    fn minimum_trust_matches_the_spec_denial_example() {
        // Section 4.4: 'bulk_delete' (dangerous) needs 'community_reviewed'.
        assert_eq!(minimum_trust_to_proceed(Dangerous), Some(CommunityReviewed));
        assert_eq!(minimum_trust_to_allow(Dangerous), Some(Certified));
        assert_eq!(minimum_trust_to_proceed(Safe), Some(Generated));
        assert_eq!(minimum_trust_to_proceed(Destructive), Some(Validated));
        assert_eq!(minimum_trust_to_allow(Destructive), Some(CommunityReviewed));
        assert_eq!(minimum_trust_to_proceed(Forbidden), Some(Certified));
        assert_eq!(minimum_trust_to_allow(Forbidden), None);
    }
}
