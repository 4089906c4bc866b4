//! The gate: composes danger classification, trust x danger, safety mode and autonomy x risk
//! into one [`Decision`] for a structured operation.
//!
//! Every layer answers on the outcome lattice; the decision is their join, so adding a layer can
//! only make a decision stricter. Every layer's reasons are kept as factors, so a decision can
//! always be explained.
//!
//! The safety mode does not take annotations at their word alone: the hints it judges are the
//! annotations raised by the classification (a tool classified `forbidden` is not read-only,
//! whatever it claims), and without annotations they are derived from the classification
//! (`safe` is read-only; `destructive` and above are destructive). So `read-only` never admits
//! `drop_table`, even from a certified adapter that marks it read-only.

use std::collections::HashMap;
use std::sync::Arc;

use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::annotations::ToolAnnotations;
use crate::autonomy::{AutonomyFacts, AutonomySettings, autonomy_gate_with};
use crate::classify::{DangerDeclaration, DangerPatterns, OperationFacts, classify_with};
use crate::confirmation::{ConfirmationRequirements, interpolate};
use crate::error::SpecError;
use crate::factor::{Factor, Layer, Reason, RiskSource};
use crate::glob::{Glob, canonical_name};
use crate::levels::{
    AutonomyLevel, DangerLevel, Endpoint, Risk, SafetyMode, SafetyTier, TrustLevel,
};
use crate::outcome::Outcome;
use crate::trust::{EffectiveTrust, TrustBlock, effective_of};
use crate::trust_gate::{TrustCell, minimum_trust_to_allow, minimum_trust_to_proceed, trust_cell};

/// The name of the MCP-AQL introspection operation: the one operation an `untested` adapter may
/// run (`introspect_only`).
pub const INTROSPECT: &str = "introspect";

/// What the policy says about one operation.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OperationPolicy {
    /// Its CRUDE endpoint, when the request does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoint: Option<Endpoint>,
    /// Its danger declaration.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub danger: Option<DangerDeclaration>,
    /// Its base risk for the autonomy gate, instead of the one derived from the danger level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub risk: Option<Risk>,
    /// Scopes it requires (a secret-access scope triggers the secrets override).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<String>,
    /// It sends an outbound notification (counts toward the notification storm cap).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub notification: bool,
    /// Its target is a broadcast or group channel.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub broadcast: bool,
}

/// A compiled gate policy: everything the gate needs, ready for lookups.
#[derive(Debug, Clone)]
pub struct GatePolicy {
    /// Name patterns with danger levels.
    pub patterns: DangerPatterns,
    /// Operations by canonical name.
    pub operations: HashMap<String, OperationPolicy, NameHasher>,
    /// Autonomy settings; the autonomy layer runs only when a level is set here or requested.
    pub autonomy: AutonomySettings,
    /// The safety mode.
    pub safety_mode: SafetyMode,
    /// Scope patterns that count as secret access.
    pub secret_scopes: Vec<Glob>,
    /// Operation name patterns that count as outbound notifications.
    pub notification_operations: Vec<Glob>,
    /// Adapters by name, with their trust blocks (`None`: declared without one).
    pub adapters: HashMap<String, Option<TrustBlock>>,
}

/// The hasher of the operation table: FNV-1a. The table's keys come from the operator's policy
/// and lookups cannot insert, so there is nothing for a flooding attack to grow; FNV is several
/// times cheaper than SipHash on short names.
pub type NameHasher = std::hash::BuildHasherDefault<Fnv1a>;

/// FNV-1a, 64-bit.
#[derive(Debug, Clone, Copy)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl std::hash::Hasher for Fnv1a {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Default scope patterns that count as secret access.
pub const DEFAULT_SECRET_SCOPES: &[&str] = &[
    "secret*",
    "*_secret*",
    "credential*",
    "*_credential*",
    "vault*",
    "*_vault*",
];

/// Default operation name patterns that count as outbound notifications.
pub const DEFAULT_NOTIFICATION_OPERATIONS: &[&str] = &[
    "notify*",
    "*_notify",
    "send_*",
    "post_message*",
    "publish_*",
    "broadcast_*",
];

pub(crate) fn globs(patterns: &[&str]) -> Vec<Glob> {
    patterns.iter().filter_map(|p| Glob::new(p).ok()).collect()
}

impl Default for GatePolicy {
    /// The same policy as an empty `policy.json`: the specification's danger patterns and
    /// airlock's verb patterns, `write-destructive`, no autonomy level, no declarations.
    fn default() -> Self {
        Self {
            patterns: DangerPatterns::airlock_defaults(),
            operations: HashMap::default(),
            autonomy: AutonomySettings::default(),
            safety_mode: SafetyMode::default(),
            secret_scopes: globs(DEFAULT_SECRET_SCOPES),
            notification_operations: globs(DEFAULT_NOTIFICATION_OPERATIONS),
            adapters: HashMap::new(),
        }
    }
}

/// Facts about the moment and the history of an action that the caller knows and the policy
/// does not. All optional: an unknown fact never triggers an adjuster or an override.
// The counts' schema bound is u32's (`airlock http`'s OpenAPI document): the derive would say
// int32, and a client sending 2^31 would be told it may not, yet be accepted.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GateContext {
    /// The current time (for quiet hours and anti-flap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub now: Option<Timestamp>,
    /// How many times this operation was performed before (repetition escalation).
    #[serde(default, deserialize_with = "crate::json_shape::whole_u32")]
    #[schema(format = Int64, maximum = 4294967295u32)]
    pub repetitions: u32,
    /// Scopes the call requires.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<String>,
    /// The target is a broadcast or group channel.
    #[serde(default)]
    pub broadcast_target: bool,
    /// How many targets the action touches.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::json_shape::optional_whole_u32"
    )]
    #[schema(format = Int64, maximum = 4294967295u32)]
    pub blast_radius: Option<u32>,
    /// Outbound notifications in the past hour.
    #[serde(default, deserialize_with = "crate::json_shape::whole_u32")]
    #[schema(format = Int64, maximum = 4294967295u32)]
    pub notifications_last_hour: u32,
    /// When the same tool, action and target last fired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_same_action_at: Option<Timestamp>,
}

/// One action to decide.
#[derive(Debug, Clone, Copy)]
pub struct GateRequest<'a> {
    /// The operation (tool) name.
    pub operation: &'a str,
    /// Its CRUDE endpoint, when known.
    pub endpoint: Option<Endpoint>,
    /// Its params.
    pub params: &'a Value,
    /// Its MCP ToolAnnotations, when known.
    pub annotations: Option<&'a ToolAnnotations>,
    /// The adapter's effective trust level.
    pub trust: TrustLevel,
    /// An autonomy level for this request, instead of the policy's.
    pub autonomy: Option<AutonomyLevel>,
    /// A safety mode for this request, instead of the policy's.
    pub safety_mode: Option<SafetyMode>,
    /// A base risk given by the caller, instead of the one derived from the danger level.
    /// Adjusters still apply.
    pub risk: Option<Risk>,
    /// What the caller knows about the moment and history.
    pub context: &'a GateContext,
}

impl<'a> GateRequest<'a> {
    /// A request with nothing but an operation name and params; everything else unknown and
    /// trust `untested` (what the specification assumes of an adapter without a trust block).
    pub fn new(operation: &'a str, params: &'a Value, context: &'a GateContext) -> Self {
        Self {
            operation,
            endpoint: None,
            params,
            annotations: None,
            trust: TrustLevel::Untested,
            autonomy: None,
            safety_mode: None,
            risk: None,
            context,
        }
    }
}

/// The lowest trust levels that would change the trust layer's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MinimumTrust {
    /// The lowest trust at which the operation is not denied (it may need confirmation).
    pub to_proceed: Option<TrustLevel>,
    /// The lowest trust at which it runs without confirmation; `None` if never.
    pub to_allow: Option<TrustLevel>,
}

/// The gate's answer.
///
/// Serialized, it also carries `error`: the specification's error for a refusal, rendered only
/// then (building it on every decision would cost more than the decision itself).
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The operation decided.
    pub operation: String,
    /// The outcome: the join of every layer's outcome.
    pub outcome: Outcome,
    /// The danger level, after escalation.
    pub danger_level: DangerLevel,
    /// The risk: after adjusters when the autonomy layer ran, else the base risk.
    pub risk: Risk,
    /// The safety tier of the danger level (danger-levels 8.1).
    pub tier: SafetyTier,
    /// The adapter trust level decided with.
    pub trust: TrustLevel,
    /// The safety mode in force.
    pub safety_mode: SafetyMode,
    /// The autonomy level, when the autonomy layer ran.
    pub autonomy: Option<AutonomyLevel>,
    /// The trust that would let it through.
    pub minimum_trust: MinimumTrust,
    /// Every layer's reasons, in order.
    pub factors: Vec<Factor>,
    /// The declared reasons why the operation is dangerous.
    pub reasons: Vec<Arc<str>>,
    /// What a person is asked, when the outcome is `confirm`.
    pub confirmation: Option<ConfirmationRequirements>,
}

impl Serialize for Decision {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct View<'a> {
            operation: &'a str,
            outcome: Outcome,
            danger_level: DangerLevel,
            risk: Risk,
            tier: SafetyTier,
            trust: TrustLevel,
            safety_mode: SafetyMode,
            #[serde(skip_serializing_if = "Option::is_none")]
            autonomy: Option<AutonomyLevel>,
            minimum_trust: MinimumTrust,
            factors: &'a [Factor],
            #[serde(skip_serializing_if = "<[_]>::is_empty")]
            reasons: &'a [Arc<str>],
            #[serde(skip_serializing_if = "Option::is_none")]
            confirmation: Option<&'a ConfirmationRequirements>,
            #[serde(skip_serializing_if = "Option::is_none")]
            error: Option<SpecError>,
        }
        View {
            operation: &self.operation,
            outcome: self.outcome,
            danger_level: self.danger_level,
            risk: self.risk,
            tier: self.tier,
            trust: self.trust,
            safety_mode: self.safety_mode,
            autonomy: self.autonomy,
            minimum_trust: self.minimum_trust,
            factors: &self.factors,
            reasons: &self.reasons,
            confirmation: self.confirmation.as_ref(),
            error: self.error(),
        }
        .serialize(serializer)
    }
}

impl Decision {
    /// The factors of one layer.
    pub fn factors_of(&self, layer: Layer) -> impl Iterator<Item = &Factor> {
        self.factors.iter().filter(move |f| f.layer == layer)
    }

    /// The specification's error for a refusal (`deny` or `stop`); `None` otherwise.
    pub fn error(&self) -> Option<SpecError> {
        if self.outcome >= Outcome::Deny {
            refusal(self)
        } else {
            None
        }
    }

    /// The `CONFIRMATION_REQUIRED` error for this decision, with a token issued by the caller.
    pub fn confirmation_error(&self, token: &str, expires_at: Timestamp) -> Option<SpecError> {
        let c = self.confirmation.as_ref()?;
        Some(SpecError::confirmation_required(
            &self.operation,
            self.danger_level,
            &self.reasons,
            c.message.as_deref(),
            token,
            expires_at,
        ))
    }
}

impl GatePolicy {
    /// What the policy declares about an operation, by any spelling of its name.
    pub fn operation(&self, name: &str) -> Option<&OperationPolicy> {
        if self.operations.is_empty() {
            return None;
        }
        self.operations.get(canonical_name(name).as_ref())
    }

    /// The effective trust of a named adapter at `now`; `None` if the policy does not know the
    /// adapter. An adapter declared without a trust block is `untested`.
    pub fn adapter_trust(&self, name: &str, now: Timestamp) -> Option<EffectiveTrust> {
        let block = self.adapters.get(name)?;
        Some(effective_of(block.as_ref(), now))
    }

    /// Decides one action.
    pub fn decide(&self, req: &GateRequest<'_>) -> Decision {
        let canonical = canonical_name(req.operation);
        let op = if self.operations.is_empty() {
            None
        } else {
            self.operations.get(canonical.as_ref())
        };
        let declaration = op.and_then(|o| o.danger.as_ref());
        let endpoint = req.endpoint.or(op.and_then(|o| o.endpoint));
        let ctx = req.context;
        let mut factors = Vec::with_capacity(6);

        // Danger classification.
        let facts = OperationFacts {
            name: req.operation,
            endpoint,
            params: req.params,
            annotations: req.annotations,
            trust: req.trust,
            repetitions: ctx.repetitions,
        };
        let (danger, _, reasons) = classify_with(
            declaration,
            &self.patterns,
            &facts,
            &canonical,
            &mut |reason| {
                factors.push(Factor {
                    layer: Layer::Danger,
                    outcome: Outcome::Allow,
                    reason,
                })
            },
        );
        let mut outcome = Outcome::Allow;
        if declaration.is_some_and(|d| d.requires_confirmation) {
            outcome = Outcome::Confirm;
            factors.push(Factor {
                layer: Layer::Danger,
                outcome: Outcome::Confirm,
                reason: Reason::DeclaredLevel { level: danger },
            });
        }

        // Safety mode.
        let safety_mode = req.safety_mode.unwrap_or(self.safety_mode);
        let hints = effective_hints(req.annotations, danger);
        let admitted = crate::safety_mode::admits(safety_mode, Some(&hints));
        let mode_outcome = if admitted {
            Outcome::Allow
        } else {
            Outcome::Deny
        };
        outcome = outcome.join(mode_outcome);
        factors.push(Factor {
            layer: Layer::SafetyMode,
            outcome: mode_outcome,
            reason: Reason::SafetyMode {
                mode: safety_mode,
                read_only: hints.read_only(),
                destructive: hints.destructive(),
            },
        });

        // Trust x danger.
        let is_introspection = canonical == INTROSPECT;
        let cell = trust_cell(req.trust, danger);
        let trust_outcome = cell.outcome(is_introspection);
        outcome = outcome.join(trust_outcome);
        factors.push(Factor {
            layer: Layer::Trust,
            outcome: trust_outcome,
            reason: Reason::TrustMatrix {
                trust: req.trust,
                danger,
                cell,
            },
        });

        // Autonomy x risk.
        let (base_risk, source) = match (req.risk, op.and_then(|o| o.risk)) {
            (Some(r), _) => (r, RiskSource::Caller),
            (None, Some(r)) => (r, RiskSource::Policy),
            (None, None) => (danger.base_risk(), RiskSource::DangerLevel),
        };
        let autonomy = req.autonomy.or(self.autonomy.level);
        let mut risk = base_risk;
        if let Some(level) = autonomy {
            let facts = AutonomyFacts {
                base: Some((base_risk, source)),
                effectful: danger > DangerLevel::Safe,
                broadcast_target: ctx.broadcast_target || op.is_some_and(|o| o.broadcast),
                destructive: danger >= DangerLevel::Destructive
                    || endpoint == Some(Endpoint::Delete),
                blast_radius: ctx.blast_radius,
                secrets_scope: self.needs_secret_scope(op, ctx),
                notification: op.is_some_and(|o| o.notification)
                    || self
                        .notification_operations
                        .iter()
                        .any(|g| g.matches_canonical(&canonical)),
                notifications_last_hour: ctx.notifications_last_hour,
                last_same_action_at: ctx.last_same_action_at,
                now: ctx.now,
            };
            let (autonomy_outcome, final_risk) =
                autonomy_gate_with(level, &self.autonomy, &facts, &mut |o, reason| {
                    factors.push(Factor {
                        layer: Layer::Autonomy,
                        outcome: o,
                        reason,
                    })
                });
            risk = final_risk;
            outcome = outcome.join(autonomy_outcome);
        }

        let confirmation = (outcome == Outcome::Confirm).then(|| ConfirmationRequirements {
            message: declaration
                .and_then(|d| d.confirmation_message.as_deref())
                .map(|t| interpolate(t, req.params)),
            cooldown_seconds: declaration.and_then(|d| d.cooldown_seconds),
            requires_reauth: declaration.is_some_and(|d| d.requires_reauth),
        });

        Decision {
            operation: req.operation.to_owned(),
            outcome,
            danger_level: danger,
            risk,
            tier: danger.safety_tier(),
            trust: req.trust,
            safety_mode,
            autonomy,
            minimum_trust: MinimumTrust {
                to_proceed: if is_introspection {
                    Some(TrustLevel::Untested)
                } else {
                    minimum_trust_to_proceed(danger)
                },
                to_allow: if is_introspection && danger == DangerLevel::Safe {
                    Some(TrustLevel::Untested)
                } else {
                    minimum_trust_to_allow(danger)
                },
            },
            factors,
            reasons,
            confirmation,
        }
    }

    /// Whether the policy counts `operation` as an outbound notification (declared
    /// `notification`, or matching `notification_operations`): what a caller keeping history
    /// counts for [`GateContext::notifications_last_hour`].
    pub fn is_notification(&self, operation: &str) -> bool {
        let canonical = canonical_name(operation);
        self.operation(operation).is_some_and(|o| o.notification)
            || self
                .notification_operations
                .iter()
                .any(|g| g.matches_canonical(&canonical))
    }

    fn needs_secret_scope(&self, op: Option<&OperationPolicy>, ctx: &GateContext) -> bool {
        let op_scopes = op.map(|o| o.scopes.as_slice()).unwrap_or_default();
        ctx.scopes.iter().chain(op_scopes).any(|scope| {
            let canonical = canonical_name(scope);
            self.secret_scopes
                .iter()
                .any(|g| g.matches_canonical(&canonical))
        })
    }
}

/// The hints the safety mode judges: the annotations, made no more permissive than the
/// classification (see the module documentation).
pub fn effective_hints(
    annotations: Option<&ToolAnnotations>,
    danger: DangerLevel,
) -> ToolAnnotations {
    let (read_only, destructive) = match annotations {
        Some(a) => (
            a.read_only() && danger == DangerLevel::Safe,
            a.destructive() || danger >= DangerLevel::Destructive,
        ),
        None => (
            danger == DangerLevel::Safe,
            danger >= DangerLevel::Destructive,
        ),
    };
    ToolAnnotations {
        title: None,
        read_only_hint: Some(read_only),
        destructive_hint: Some(destructive && !read_only),
        idempotent_hint: annotations.and_then(|a| a.idempotent_hint),
        open_world_hint: annotations.and_then(|a| a.open_world_hint),
    }
}

/// The specification error for a refused decision: the first refusing layer in the order a
/// user meets them (the tool is not available in this mode; the adapter is not trusted enough;
/// the autonomy level forbids it).
fn refusal(d: &Decision) -> Option<SpecError> {
    let refusing = |layer: Layer| {
        d.factors
            .iter()
            .find(|f| f.layer == layer && f.outcome >= Outcome::Deny)
    };
    if let Some(f) = refusing(Layer::SafetyMode)
        && let Reason::SafetyMode {
            mode,
            read_only,
            destructive,
        } = f.reason
    {
        return Some(SpecError::permission_denied(
            format!(
                "Operation '{}' is not allowed in safety mode '{mode}'",
                d.operation
            ),
            json!({
                "operation": d.operation,
                "safety_mode": mode,
                "read_only": read_only,
                "destructive": destructive,
            }),
        ));
    }
    if let Some(f) = refusing(Layer::Trust)
        && let Reason::TrustMatrix {
            trust,
            danger,
            cell,
        } = f.reason
    {
        return Some(if cell == TrustCell::IntrospectOnly {
            SpecError::trust_level_insufficient(
                &d.operation,
                d.minimum_trust.to_proceed.unwrap_or(TrustLevel::Generated),
                trust,
                danger,
            )
        } else {
            SpecError::danger_level_denied(
                &d.operation,
                danger,
                trust,
                d.minimum_trust.to_proceed,
                &d.reasons,
            )
        });
    }
    let f = refusing(Layer::Autonomy)?;
    let why = f.reason.to_string();
    Some(SpecError::permission_denied(
        format!("Operation '{}' denied: {why}", d.operation),
        json!({
            "operation": d.operation,
            "autonomy": d.autonomy,
            "risk": d.risk,
            "rule": f.reason.code(),
            "reason": why,
        }),
    ))
}
