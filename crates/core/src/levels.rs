//! The vocabulary of the specifications: danger level, trust level, safety tier, risk, autonomy
//! level, safety mode and CRUDE endpoint, each with its exact wire name.
//!
//! Every enum here is totally ordered from least to most (danger, trust, risk, autonomy, tier) so
//! the matrices can be written as lookups and the properties ("more trust never restricts more")
//! can be stated with `<`. Parsing is strict: an unknown value is a [`UnknownValue`] error that
//! lists the accepted spellings, never a silent default.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A value that is not one of an enum's wire names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {kind} '{value}': expected one of {expected}")]
pub struct UnknownValue {
    /// What was being parsed ("danger level", "trust level", ...).
    pub kind: &'static str,
    /// The rejected input, truncated to 64 characters so hostile input cannot flood a message.
    pub value: String,
    /// The accepted spellings, comma separated.
    pub expected: &'static str,
}

impl UnknownValue {
    fn new(kind: &'static str, value: &str, expected: &'static str) -> Self {
        let value: String = value.chars().take(64).collect();
        Self {
            kind,
            value,
            expected,
        }
    }
}

/// Declares a wire enum: variants with their wire names, `as_str`, `Display`, `FromStr`,
/// `ALL` (in order) and serde through the wire names.
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        $name:ident, $kind:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $wire:literal ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum $name {
            $( $(#[$vmeta])* #[serde(rename = $wire)] $variant ),+
        }

        impl $name {
            /// Every value, from least to most.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The wire name, as the specification spells it.
            pub const fn as_str(self) -> &'static str {
                match self { $($name::$variant => $wire),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        // The schema in `airlock http`'s OpenAPI document: a string, one of the wire names.
        // Written here rather than derived: the derive does not see a `serde(rename)` whose
        // value comes from a macro, and would list the Rust names.
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .description(Some(concat!("A ", $kind, ", by its wire name.")))
                    .enum_values(Some([$($wire),+]))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}

        impl FromStr for $name {
            type Err = UnknownValue;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($wire => Ok($name::$variant),)+
                    _ => Err(UnknownValue::new($kind, s, concat!($($wire, " "),+))),
                }
            }
        }
    };
}

wire_enum! {
    /// How much harm an operation can do (danger-levels section 2), numeric 0-4.
    DangerLevel, "danger level" {
        /// 0: cannot cause harm (reads, introspection).
        Safe = "safe",
        /// 1: modifies state, typically undoable.
        Reversible = "reversible",
        /// 2: removes or overwrites data.
        Destructive = "destructive",
        /// 3: bulk, bypasses safety, hard to reverse.
        Dangerous = "dangerous",
        /// 4: catastrophic; never without an administrator.
        Forbidden = "forbidden",
    }
}

impl DangerLevel {
    /// The numeric level (0-4) used in audit entries and `details.danger_level` of
    /// `PERMISSION_TRUST_LEVEL_INSUFFICIENT`.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The level with that number, if it is 0-4.
    pub fn from_number(n: u64) -> Option<Self> {
        Self::ALL.get(usize::try_from(n).ok()?).copied()
    }

    /// Parses a wire name or a number 0-4 (the danger-level schema allows both).
    pub fn parse_name_or_number(s: &str) -> Result<Self, UnknownValue> {
        s.parse()
            .or_else(|e| s.parse::<u64>().ok().and_then(Self::from_number).ok_or(e))
    }

    /// The base risk of an action at this danger level (issue #2: safe low, reversible
    /// medium, destructive high, dangerous and forbidden critical).
    pub const fn base_risk(self) -> Risk {
        match self {
            DangerLevel::Safe => Risk::Low,
            DangerLevel::Reversible => Risk::Medium,
            DangerLevel::Destructive => Risk::High,
            DangerLevel::Dangerous | DangerLevel::Forbidden => Risk::Critical,
        }
    }

    /// The safety tier this level maps to during execution (danger-levels 8.1).
    pub const fn safety_tier(self) -> SafetyTier {
        match self {
            DangerLevel::Safe | DangerLevel::Reversible => SafetyTier::Advisory,
            DangerLevel::Destructive => SafetyTier::Confirm,
            DangerLevel::Dangerous => SafetyTier::Verify,
            DangerLevel::Forbidden => SafetyTier::DangerZone,
        }
    }
}

wire_enum! {
    /// Who vouches for an adapter (trust-levels section 2), least to most trusted.
    TrustLevel, "trust level" {
        /// Newly created, no validation. The level of an adapter without a trust block.
        Untested = "untested",
        /// Generated and schema-valid.
        Generated = "generated",
        /// Passed a test harness against the live API.
        Validated = "validated",
        /// Validated and reviewed by people.
        CommunityReviewed = "community_reviewed",
        /// Attested by the vendor or a trusted authority.
        Certified = "certified",
    }
}

impl TrustLevel {
    /// The next level on the promotion path, if any.
    pub fn next(self) -> Option<Self> {
        Self::ALL.get(self as usize + 1).copied()
    }

    /// The level below, if any.
    pub fn previous(self) -> Option<Self> {
        (self as usize)
            .checked_sub(1)
            .and_then(|i| Self::ALL.get(i).copied())
    }
}

wire_enum! {
    /// The safety tier of the execution safety loop (core spec 8.7), least to most severe.
    SafetyTier, "safety tier" {
        /// Score 0-30: no intervention.
        Advisory = "advisory",
        /// Score 31-60: a person approves.
        Confirm = "confirm",
        /// Score 61-85: pause until out-of-band verification.
        Verify = "verify",
        /// Score 86-100: hard stop of the agent.
        DangerZone = "danger_zone",
    }
}

impl SafetyTier {
    /// The tier of a 0-100 risk score (core spec: 0-30 / 31-60 / 61-85 / 86-100). Scores
    /// above 100 are clamped, so a misbehaving scorer can only make things stricter.
    pub const fn from_score(score: u32) -> Self {
        match score {
            0..=30 => SafetyTier::Advisory,
            31..=60 => SafetyTier::Confirm,
            61..=85 => SafetyTier::Verify,
            _ => SafetyTier::DangerZone,
        }
    }

    /// What the tier means on the outcome lattice: advisory runs, confirm waits for a person,
    /// verify pauses for an out-of-band code, danger_zone stops the agent.
    pub const fn outcome(self) -> crate::Outcome {
        match self {
            SafetyTier::Advisory => crate::Outcome::Allow,
            SafetyTier::Confirm => crate::Outcome::Confirm,
            SafetyTier::Verify => crate::Outcome::Verify,
            SafetyTier::DangerZone => crate::Outcome::Stop,
        }
    }
}

wire_enum! {
    /// Risk of an action for the autonomy gate (autonomy seed), least to most.
    Risk, "risk" {
        /// Read-only queries, status checks.
        Low = "low",
        /// A single device, a private channel, a calendar event.
        Medium = "medium",
        /// Deleting data, many devices, broad sends.
        High = "high",
        /// Purchases, public posting, irreversible actions.
        Critical = "critical",
    }
}

impl Risk {
    /// One level up, capped at critical: what a risk adjuster does.
    pub const fn raised(self) -> Self {
        match self {
            Risk::Low => Risk::Medium,
            Risk::Medium => Risk::High,
            Risk::High | Risk::Critical => Risk::Critical,
        }
    }
}

wire_enum! {
    /// The system-wide autonomy level (autonomy seed), least to most autonomous.
    AutonomyLevel, "autonomy level" {
        /// Suggest-only: effectful actions are previewed, never executed.
        A0 = "A0",
        /// Every effectful action needs an operator's approval.
        A1 = "A1",
        /// Low risk runs; medium and high need approval.
        A2 = "A2",
        /// Low and medium run; high needs approval.
        A3 = "A3",
        /// Everything but critical runs; critical needs approval.
        A4 = "A4",
    }
}

wire_enum! {
    /// Hierarchical safety mode over MCP ToolAnnotations (safety-modes ADR), most to least
    /// restrictive. The default is `write-destructive`, as in the ADR.
    SafetyMode, "safety mode" {
        /// Only tools marked `readOnlyHint: true`.
        ReadOnly = "read-only",
        /// Read-only tools and non-destructive writes.
        WriteIdempotent = "write-idempotent",
        /// Everything (the ADR's default); other layers still gate.
        WriteDestructive = "write-destructive",
    }
}

// Written by hand because the derive cannot reach inside `wire_enum!`.
#[allow(clippy::derivable_impls)]
impl Default for SafetyMode {
    fn default() -> Self {
        SafetyMode::WriteDestructive
    }
}

wire_enum! {
    /// The MCP-AQL CRUDE endpoint an operation belongs to.
    Endpoint, "endpoint" {
        /// `mcp_aql_create`.
        Create = "create",
        /// `mcp_aql_read`.
        Read = "read",
        /// `mcp_aql_update`.
        Update = "update",
        /// `mcp_aql_delete`.
        Delete = "delete",
        /// `mcp_aql_execute`.
        Execute = "execute",
    }
}

impl Endpoint {
    /// Parses an endpoint name in any case (`delete`, `DELETE`): introspection responses use the
    /// upper-case form, tool names the lower-case one.
    pub fn parse_any_case(s: &str) -> Result<Self, UnknownValue> {
        s.to_ascii_lowercase()
            .parse()
            .map_err(|_| UnknownValue::new("endpoint", s, "create read update delete execute"))
    }

    /// The default danger level of an operation on this endpoint (danger-levels 3.3).
    pub const fn default_danger(self) -> DangerLevel {
        match self {
            Endpoint::Read => DangerLevel::Safe,
            Endpoint::Create | Endpoint::Update | Endpoint::Execute => DangerLevel::Reversible,
            Endpoint::Delete => DangerLevel::Destructive,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_round_trip_through_serde_and_from_str() {
        for d in DangerLevel::ALL {
            let json = serde_json::to_string(d).expect("serialize");
            assert_eq!(json, format!("\"{}\"", d.as_str()));
            assert_eq!(
                serde_json::from_str::<DangerLevel>(&json).expect("parse"),
                *d
            );
            assert_eq!(d.as_str().parse::<DangerLevel>(), Ok(*d));
        }
        assert_eq!(
            serde_json::to_string(&TrustLevel::CommunityReviewed).expect("serialize"),
            "\"community_reviewed\""
        );
        assert_eq!(SafetyTier::DangerZone.as_str(), "danger_zone");
        assert_eq!(SafetyMode::WriteIdempotent.as_str(), "write-idempotent");
        assert_eq!("A3".parse::<AutonomyLevel>(), Ok(AutonomyLevel::A3));
    }

    #[test]
    fn danger_numbers_are_the_spec_numbers() {
        let numbers: Vec<u8> = DangerLevel::ALL.iter().map(|d| d.number()).collect();
        assert_eq!(numbers, [0, 1, 2, 3, 4]);
        assert_eq!(
            DangerLevel::parse_name_or_number("3"),
            Ok(DangerLevel::Dangerous)
        );
        assert!(DangerLevel::parse_name_or_number("5").is_err());
    }

    #[test]
    fn unknown_values_name_what_is_accepted() {
        let err = "severe".parse::<DangerLevel>().expect_err("unknown");
        assert_eq!(
            err.to_string(),
            "unknown danger level 'severe': expected one of safe reversible destructive dangerous forbidden "
        );
        let err = "Certified".parse::<TrustLevel>().expect_err("case matters");
        assert!(err.to_string().contains("community_reviewed"));
        let long = "x".repeat(10_000);
        assert!(long.parse::<Risk>().expect_err("unknown").value.len() <= 64);
    }

    #[test]
    fn score_to_tier_boundaries_follow_the_core_spec() {
        let cases = [
            (0, SafetyTier::Advisory),
            (30, SafetyTier::Advisory),
            (31, SafetyTier::Confirm),
            (60, SafetyTier::Confirm),
            (61, SafetyTier::Verify),
            (85, SafetyTier::Verify),
            (86, SafetyTier::DangerZone),
            (100, SafetyTier::DangerZone),
            (250, SafetyTier::DangerZone),
        ];
        for (score, tier) in cases {
            assert_eq!(SafetyTier::from_score(score), tier, "score {score}");
        }
        let outcomes: Vec<&str> = SafetyTier::ALL
            .iter()
            .map(|t| t.outcome().as_str())
            .collect();
        assert_eq!(outcomes, ["allow", "confirm", "verify", "stop"]);
    }

    #[test]
    fn crude_defaults_follow_section_3_3() {
        assert_eq!(Endpoint::Read.default_danger(), DangerLevel::Safe);
        assert_eq!(Endpoint::Create.default_danger(), DangerLevel::Reversible);
        assert_eq!(Endpoint::Update.default_danger(), DangerLevel::Reversible);
        assert_eq!(Endpoint::Delete.default_danger(), DangerLevel::Destructive);
        assert_eq!(Endpoint::Execute.default_danger(), DangerLevel::Reversible);
        assert_eq!(Endpoint::parse_any_case("DELETE"), Ok(Endpoint::Delete));
    }
}
