//! Factors: why a layer decided what it did.
//!
//! A factor is typed data, not a pre-formatted string: building one on the hot path costs a few
//! copies, and the human message is rendered only when someone reads it (the CLI, an audit
//! entry, an error). Serialized, a factor is `{layer, outcome, code, message}`: `code` is stable
//! for scripts, `message` is for people.

use std::fmt;
use std::sync::Arc;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::levels::{AutonomyLevel, DangerLevel, Endpoint, Risk, SafetyMode, TrustLevel};
use crate::outcome::Outcome;

/// The layer of the gate a factor comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layer {
    /// Danger classification of the operation.
    Danger,
    /// Trust level x danger level.
    Trust,
    /// Autonomy level x risk, with adjusters and hard overrides.
    Autonomy,
    /// Safety mode over ToolAnnotations.
    SafetyMode,
}

impl Layer {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            Layer::Danger => "danger",
            Layer::Trust => "trust",
            Layer::Autonomy => "autonomy",
            Layer::SafetyMode => "safety_mode",
        }
    }
}

/// One reason that contributed to a decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Factor {
    /// Which layer gave it.
    pub layer: Layer,
    /// What that layer concluded, on the outcome lattice.
    pub outcome: Outcome,
    /// The typed reason.
    pub reason: Reason,
}

/// A risk adjuster of the autonomy seed: each raises risk by one level, never lowers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Adjuster {
    /// The target is a broadcast or group channel.
    BroadcastTarget,
    /// The action deletes, wipes or resets.
    DestructiveAction,
    /// The action touches more targets than the configured threshold.
    BlastRadius,
    /// The current time is within quiet hours.
    QuietHours,
}

/// A hard override of the autonomy seed, applied before the matrix lookup; it only raises.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HardOverride {
    /// The call needs a secret-access scope: at least confirm.
    SecretsScope,
    /// Quiet hours and risk at least medium: at least confirm.
    QuietHours,
    /// The same action fired within the anti-flap cooldown: deny.
    AntiFlap,
    /// Outbound notifications over the hourly cap: deny.
    NotificationStorm,
}

/// Where the base risk of the autonomy layer came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RiskSource {
    /// Derived from the danger level.
    DangerLevel,
    /// Declared by the policy for this operation.
    Policy,
    /// Given by the caller (`--risk`).
    Caller,
}

/// The typed reasons a layer can give.
#[derive(Debug, Clone, PartialEq)]
pub enum Reason {
    /// The operation declares its danger level.
    DeclaredLevel {
        /// The declared level.
        level: DangerLevel,
    },
    /// A conditional level's `when` matched the params (danger-levels 9.1).
    ConditionMatched {
        /// The expression that matched.
        when: Arc<str>,
        /// The level it sets.
        level: DangerLevel,
        /// The declared reason, if any.
        reason: Option<Arc<str>>,
    },
    /// No condition matched; the declared `default_level` applies.
    DefaultLevel {
        /// The default level.
        level: DangerLevel,
    },
    /// The operation name matched a danger pattern (danger-levels 5-6).
    NamePattern {
        /// The pattern, as written.
        pattern: Arc<str>,
        /// The level of the pattern.
        level: DangerLevel,
    },
    /// The MCP ToolAnnotations set the level.
    Annotations {
        /// The level the hints imply.
        level: DangerLevel,
        /// Whether the adapter is trusted enough (`validated` or more) for hints to lower a level.
        trusted: bool,
    },
    /// Annotations from an adapter below `validated` implied a lower level than the fallback;
    /// they were not believed.
    AnnotationsNotBelieved {
        /// What the hints claimed.
        claimed: DangerLevel,
        /// The adapter's trust.
        trust: TrustLevel,
    },
    /// The CRUDE endpoint's default level (danger-levels 3.3).
    EndpointDefault {
        /// The endpoint.
        endpoint: Endpoint,
        /// Its default level.
        level: DangerLevel,
    },
    /// Nothing labels the operation: at least `reversible` (danger-levels 7.1).
    Unlabeled,
    /// The operation was repeated often enough to escalate (danger-levels 9.3).
    Escalated {
        /// The declared threshold.
        after_count: u32,
        /// How many times it has been performed.
        count: u32,
        /// The escalated level.
        level: DangerLevel,
        /// The declared message, if any.
        message: Option<Arc<str>>,
    },
    /// The trust x danger matrix cell (danger-levels 4.1).
    TrustMatrix {
        /// The adapter's effective trust.
        trust: TrustLevel,
        /// The operation's danger level.
        danger: DangerLevel,
        /// The cell's behaviour.
        cell: crate::trust_gate::TrustCell,
    },
    /// The adapter's effective trust differs from what it declares.
    TrustAdjusted {
        /// Why (certification expired, composite minimum, ...).
        reason: Arc<str>,
    },
    /// The base risk of the autonomy layer.
    BaseRisk {
        /// The risk.
        risk: Risk,
        /// Where it came from.
        source: RiskSource,
    },
    /// A risk adjuster raised the risk.
    Adjusted {
        /// Which adjuster.
        adjuster: Adjuster,
        /// The risk after it.
        risk: Risk,
    },
    /// The destructive-action adjuster did not apply because the base risk already came from
    /// the destructive danger level (counting it twice would make every delete critical).
    DestructiveAlreadyCounted,
    /// A hard override fired.
    Override {
        /// Which override.
        rule: HardOverride,
    },
    /// The autonomy x risk matrix cell.
    AutonomyMatrix {
        /// The configured autonomy level.
        autonomy: AutonomyLevel,
        /// The final risk.
        risk: Risk,
    },
    /// The action has no effect (danger level `safe`), so the autonomy matrix does not gate it.
    NotEffectful,
    /// The safety mode's verdict over the annotations.
    SafetyMode {
        /// The mode in force.
        mode: SafetyMode,
        /// The effective `readOnlyHint` (MCP default false).
        read_only: bool,
        /// The effective `destructiveHint` (MCP default true).
        destructive: bool,
    },
}

impl Reason {
    /// A stable, machine-readable name for the reason.
    pub const fn code(&self) -> &'static str {
        match self {
            Reason::DeclaredLevel { .. } => "declared_level",
            Reason::ConditionMatched { .. } => "condition_matched",
            Reason::DefaultLevel { .. } => "default_level",
            Reason::NamePattern { .. } => "name_pattern",
            Reason::Annotations { .. } => "annotations",
            Reason::AnnotationsNotBelieved { .. } => "annotations_not_believed",
            Reason::EndpointDefault { .. } => "endpoint_default",
            Reason::Unlabeled => "unlabeled",
            Reason::Escalated { .. } => "escalated",
            Reason::TrustMatrix { .. } => "trust_matrix",
            Reason::TrustAdjusted { .. } => "trust_adjusted",
            Reason::BaseRisk { .. } => "base_risk",
            Reason::Adjusted { .. } => "risk_adjusted",
            Reason::DestructiveAlreadyCounted => "destructive_already_counted",
            Reason::Override { .. } => "hard_override",
            Reason::AutonomyMatrix { .. } => "autonomy_matrix",
            Reason::NotEffectful => "not_effectful",
            Reason::SafetyMode { .. } => "safety_mode",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::DeclaredLevel { level } => write!(f, "declared danger level '{level}'"),
            Reason::ConditionMatched {
                when,
                level,
                reason,
            } => {
                write!(f, "condition '{when}' matched: '{level}'")?;
                if let Some(r) = reason {
                    write!(f, " ({r})")?;
                }
                Ok(())
            }
            Reason::DefaultLevel { level } => {
                write!(f, "no condition matched: declared default level '{level}'")
            }
            Reason::NamePattern { pattern, level } => {
                write!(f, "name matches danger pattern '{pattern}': '{level}'")
            }
            Reason::Annotations { level, trusted } => {
                let how = if *trusted {
                    ""
                } else {
                    " (raising only: adapter below validated)"
                };
                write!(f, "tool annotations imply '{level}'{how}")
            }
            Reason::AnnotationsNotBelieved { claimed, trust } => write!(
                f,
                "annotations claim '{claimed}' but an adapter at trust '{trust}' may not lower a level"
            ),
            Reason::EndpointDefault { endpoint, level } => {
                write!(f, "default for the {endpoint} endpoint: '{level}'")
            }
            Reason::Unlabeled => f.write_str("unlabeled operation: at least 'reversible'"),
            Reason::Escalated {
                after_count,
                count,
                level,
                message,
            } => {
                write!(
                    f,
                    "performed {count} times (escalates after {after_count}): '{level}'"
                )?;
                if let Some(m) = message {
                    write!(f, " ({m})")?;
                }
                Ok(())
            }
            Reason::TrustMatrix {
                trust,
                danger,
                cell,
            } => write!(f, "trust '{trust}' x danger '{danger}': {cell}"),
            Reason::TrustAdjusted { reason } => write!(f, "effective trust: {reason}"),
            Reason::BaseRisk { risk, source } => {
                let from = match source {
                    RiskSource::DangerLevel => "from the danger level",
                    RiskSource::Policy => "declared by the policy",
                    RiskSource::Caller => "given by the caller",
                };
                write!(f, "base risk '{risk}' {from}")
            }
            Reason::Adjusted { adjuster, risk } => {
                let what = match adjuster {
                    Adjuster::BroadcastTarget => "broadcast or group target",
                    Adjuster::DestructiveAction => "destructive action",
                    Adjuster::BlastRadius => "blast radius over the threshold",
                    Adjuster::QuietHours => "within quiet hours",
                };
                write!(f, "{what}: risk raised to '{risk}'")
            }
            Reason::DestructiveAlreadyCounted => f.write_str(
                "destructive action already counted in the base risk from the danger level",
            ),
            Reason::Override { rule } => f.write_str(match rule {
                HardOverride::SecretsScope => "secret-access scope: at least confirm",
                HardOverride::QuietHours => {
                    "quiet hours and risk at least medium: at least confirm"
                }
                HardOverride::AntiFlap => "same action repeated within the anti-flap cooldown",
                HardOverride::NotificationStorm => "notification storm: hourly cap exceeded",
            }),
            Reason::AutonomyMatrix { autonomy, risk } => {
                write!(f, "autonomy '{autonomy}' x risk '{risk}'")
            }
            Reason::NotEffectful => {
                f.write_str("no effect (danger 'safe'): the autonomy matrix does not gate it")
            }
            Reason::SafetyMode {
                mode,
                read_only,
                destructive,
            } => write!(
                f,
                "safety mode '{mode}' with readOnlyHint={read_only}, destructiveHint={destructive}"
            ),
        }
    }
}

impl fmt::Display for Factor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}] {} -> {}",
            self.layer.as_str(),
            self.reason,
            self.outcome
        )
    }
}

impl Serialize for Factor {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Factor", 4)?;
        s.serialize_field("layer", &self.layer)?;
        s.serialize_field("outcome", &self.outcome)?;
        s.serialize_field("code", self.reason.code())?;
        s.serialize_field("message", &self.reason.to_string())?;
        s.end()
    }
}
