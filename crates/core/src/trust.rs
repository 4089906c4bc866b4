//! The adapter trust block (trust-levels section 3, composite trust 7.3): parsing it strictly,
//! deciding which level to gate with, and changing it one recorded step at a time.
//!
//! Why strict: the trust level decides how much an adapter may do, so a block that is malformed,
//! contradicts itself or claims more than its own evidence supports is rejected with a message
//! that says what to fix (spec 6.1 MUST 2 and 3), never read leniently. Unknown fields are errors
//! too: a misspelt `certification` that was silently dropped would change a decision.
//!
//! Why [`TrustBlock::effective`] is separate from `level`: the declared level is what the author
//! wrote; the level to gate with can only be lower. An expired certification, a `certified` block
//! without a certification record, or a composite whose weakest component is less trusted all
//! lower it, each with a reason for the audit log. Nothing here raises trust, and a missing block
//! is `untested` (spec 6.1 MUST 1).
//!
//! Time is an argument (`now`), never read from a clock, so every answer is reproducible.

use std::fmt;

use jiff::Timestamp;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::levels::TrustLevel;

/// Longest user-supplied text (an api name, an authority) quoted in a reason.
const QUOTE_LIMIT: usize = 64;

/// Longest error message kept from serde; hostile input cannot flood a log through it.
const MESSAGE_LIMIT: usize = 1024;

/// The `trust` block of an adapter's front matter (trust-levels 3.1), or its composite form (7.3).
///
/// Parse it with [`TrustBlock::from_json`] or [`TrustBlock::from_value`], which also run
/// [`TrustBlock::validate`]; gate with [`TrustBlock::effective`], never with `level` directly.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrustBlock {
    /// The declared level. Required, except in a composite block, whose level comes from its
    /// components.
    #[serde(
        default,
        deserialize_with = "opt_level",
        skip_serializing_if = "Option::is_none"
    )]
    pub level: Option<TrustLevel>,
    /// When the adapter was generated or created.
    #[serde(
        default,
        deserialize_with = "opt_timestamp",
        skip_serializing_if = "Option::is_none"
    )]
    pub generated_at: Option<Timestamp>,
    /// The tool or person that created the adapter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_by: Option<String>,
    /// When the adapter was last validated against its API. Kept on demotion, for audit (4.3).
    #[serde(
        default,
        deserialize_with = "opt_timestamp",
        skip_serializing_if = "Option::is_none"
    )]
    pub validated_at: Option<Timestamp>,
    /// The validation tool or process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validated_by: Option<String>,
    /// What the last validation found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validation_report: Option<ValidationReport>,
    /// The level before the most recent promotion.
    #[serde(
        default,
        deserialize_with = "opt_level",
        skip_serializing_if = "Option::is_none"
    )]
    pub promoted_from: Option<TrustLevel>,
    /// Every level change, oldest first; demotions are recorded as negative transitions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub promotion_history: Vec<PromotionRecord>,
    /// The certificate behind a `certified` level (`null` and absent are the same).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certification: Option<Certification>,
    /// Whether the adapter aggregates several APIs, each with its own level (7.3).
    #[serde(default, skip_serializing_if = "is_false")]
    pub composite: bool,
    /// The APIs of a composite adapter and their levels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub components: Vec<Component>,
    /// The level a composite block declares; it may not exceed its weakest component.
    #[serde(
        default,
        deserialize_with = "opt_level",
        skip_serializing_if = "Option::is_none"
    )]
    pub effective_level: Option<TrustLevel>,
}

/// Results of the validation run (trust-levels 3.2.6). Every field is optional, as in the
/// introspection example of 6.4.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidationReport {
    /// Tests that passed; at most `tests_total`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tests_passed: Option<u64>,
    /// Tests that ran.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tests_total: Option<u64>,
    /// API endpoints exercised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoints_verified: Option<u64>,
    /// Share of operations covered by tests, 0 to 100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coverage_percent: Option<f64>,
    /// When the API last answered successfully.
    #[serde(
        default,
        deserialize_with = "opt_timestamp",
        skip_serializing_if = "Option::is_none"
    )]
    pub last_api_response: Option<Timestamp>,
}

/// One level change (trust-levels 3.2.8): upward one level at a time, downward by any amount.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionRecord {
    /// The level before.
    #[serde(deserialize_with = "level")]
    pub from: TrustLevel,
    /// The level after.
    #[serde(deserialize_with = "level")]
    pub to: TrustLevel,
    /// When.
    #[serde(deserialize_with = "timestamp")]
    pub at: Timestamp,
    /// The tool or person that made the change.
    pub by: String,
    /// Why; required for demotions made through [`TrustBlock::demote`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The certificate of a `certified` adapter (trust-levels 3.2.9).
///
/// The signature is carried, not checked: verifying it needs the authority's key, which is the
/// host's business. Here only its dates count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Certification {
    /// The certifying organisation.
    pub authority: String,
    /// The signature, base64.
    pub signature: String,
    /// The certificate's identifier.
    pub certificate_id: String,
    /// When it was granted.
    #[serde(deserialize_with = "timestamp")]
    pub issued_at: Timestamp,
    /// When it stops counting: at this instant the adapter gates as `community_reviewed`.
    #[serde(deserialize_with = "timestamp")]
    pub expires_at: Timestamp,
    /// What it covers.
    pub scope: Vec<String>,
}

/// One API of a composite adapter (trust-levels 7.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Component {
    /// The API's name.
    pub api: String,
    /// Its trust level.
    #[serde(deserialize_with = "level")]
    pub level: TrustLevel,
}

/// The level to gate with, and why it differs from the declared one (empty when it does not).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EffectiveTrust {
    /// The level the gating matrices should see.
    pub level: TrustLevel,
    /// Why this level, for the audit log; empty when it is simply the declared level.
    pub reasons: Vec<String>,
}

/// A trust block that cannot be used, or a level change that is not allowed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TrustError {
    /// The text is not JSON at all.
    #[error("trust block is not valid json ({message}): fix the syntax")]
    InvalidJson {
        /// serde_json's message, with line and column.
        message: String,
    },
    /// The JSON is not an object.
    #[error(
        "trust block must be a json object, not {found}: write {{\"level\": \"untested\", ...}}, \
         or leave the block out to mean untested"
    )]
    NotAnObject {
        /// What was found instead ("an array", "null", ...).
        found: &'static str,
    },
    /// A field has the wrong type, an unknown value or an unknown name.
    #[error("trust block field `{field}` is invalid: {message}")]
    InvalidField {
        /// Where: `level`, `promotion_history[2]`, `validation_report.tests_passed`.
        field: String,
        /// serde's message: what was found and what is accepted.
        message: String,
    },
    /// The block does not fit the schema in a way no single field explains (a duplicate key).
    #[error(
        "trust block is malformed: {message}; write each field once, as trust-levels section 3 \
         defines it"
    )]
    Malformed {
        /// serde's message.
        message: String,
    },
    /// A non-composite block without `level`.
    #[error(
        "trust block has no `level`: add one of {}; only a composite block may omit it",
        level_names()
    )]
    MissingLevel,
    /// The report passed more tests than it ran.
    #[error(
        "validation_report.tests_passed ({passed}) exceeds tests_total ({total}): \
         a report cannot pass more tests than it ran; fix the counts"
    )]
    TestsExceedTotal {
        /// `tests_passed`.
        passed: u64,
        /// `tests_total`.
        total: u64,
    },
    /// Coverage is not a number from 0 to 100.
    #[error("validation_report.coverage_percent is {value}: it must be a number from 0 to 100")]
    CoverageOutOfRange {
        /// The rejected value.
        value: f64,
    },
    /// A history record that goes up by more than one level (4.1).
    #[error(
        "promotion_history[{index}] promotes {from} to {to}, skipping levels: promotion goes one \
         level at a time (spec 4.1), so the record after {from} must go to {next}"
    )]
    SkippedPromotion {
        /// Position in `promotion_history`.
        index: usize,
        /// The record's `from`.
        from: TrustLevel,
        /// The record's `to`.
        to: TrustLevel,
        /// The only level a promotion from `from` may reach.
        next: TrustLevel,
    },
    /// A history record that changes nothing.
    #[error(
        "promotion_history[{index}] goes from {level} to {level}: a record must change the \
         level; remove it"
    )]
    UnchangedLevel {
        /// Position in `promotion_history`.
        index: usize,
        /// Its `from` and `to`.
        level: TrustLevel,
    },
    /// `promoted_from` disagrees with the history.
    #[error(
        "promoted_from is {promoted_from}, but the last promotion in promotion_history starts \
         at {expected}: set promoted_from to {expected} or fix the history"
    )]
    PromotedFromMismatch {
        /// The declared `promoted_from`.
        promoted_from: TrustLevel,
        /// The `from` of the last upward record.
        expected: TrustLevel,
    },
    /// `level` disagrees with where the history ends.
    #[error(
        "level is {level}, but promotion_history ends at {last}: a level change must be \
         recorded; set level to {last} or add the missing record"
    )]
    LevelMismatch {
        /// The declared level.
        level: TrustLevel,
        /// The `to` of the last record.
        last: TrustLevel,
    },
    /// A certification that expires before it is issued.
    #[error(
        "certification expires_at ({expires_at}) is before issued_at ({issued_at}): fix the dates"
    )]
    CertificationDates {
        /// `issued_at`.
        issued_at: Timestamp,
        /// `expires_at`.
        expires_at: Timestamp,
    },
    /// `composite: true` and nothing to compose.
    #[error(
        "composite trust block has no components: list each api with its level under \
         `components`, or remove `composite: true`"
    )]
    CompositeWithoutComponents,
    /// Composite fields on a block that is not composite.
    #[error(
        "trust block has `components` or `effective_level` without `composite: true`: \
         add `composite: true`, or remove them"
    )]
    NotComposite,
    /// A composite claiming more trust than its weakest component gives.
    #[error(
        "composite {field} {claimed} is higher than its weakest component ({api} at {weakest}): \
         set it to {weakest} or lower"
    )]
    CompositeOverclaims {
        /// `effective_level` or `level`.
        field: &'static str,
        /// The declared value.
        claimed: TrustLevel,
        /// The weakest component's api (at most 64 characters).
        api: String,
        /// The weakest component's level.
        weakest: TrustLevel,
    },
    /// `promote` to anything but the next level up.
    #[error(
        "cannot promote from {from} to {to}: promotion goes one level at a time (spec 4.1), \
         so promote to {next} first"
    )]
    NotNextLevel {
        /// The current level.
        from: TrustLevel,
        /// The requested level.
        to: TrustLevel,
        /// The only level reachable by one promotion.
        next: TrustLevel,
    },
    /// `promote` to the same or a lower level.
    #[error("cannot promote from {from} to {to}: that is not higher; use demote to lower a level")]
    NotHigher {
        /// The current level.
        from: TrustLevel,
        /// The requested level.
        to: TrustLevel,
    },
    /// `demote` to the same or a higher level.
    #[error("cannot demote from {from} to {to}: that is not lower; use promote to raise a level")]
    NotLower {
        /// The current level.
        from: TrustLevel,
        /// The requested level.
        to: TrustLevel,
    },
    /// `demote` without a reason.
    #[error("a demotion needs a reason (spec 4.3): say why trust is lowered, for the audit trail")]
    MissingReason,
    /// `certify` an adapter below `community_reviewed`.
    #[error(
        "cannot certify an adapter at {level}: a certification is for a community_reviewed \
         adapter (it is promoted to certified) or a certified one (it is renewed); promote it \
         one level at a time first"
    )]
    NotCertifiable {
        /// The current level.
        level: TrustLevel,
    },
    /// `promote` or `demote` on a composite block.
    #[error(
        "cannot change the level of a composite trust block: change the level of its components \
         instead"
    )]
    CompositeChange,
}

impl TrustBlock {
    /// A block at `level` with nothing else recorded: the start of a promotion workflow.
    pub fn new(level: TrustLevel) -> Self {
        Self {
            level: Some(level),
            ..Self::default()
        }
    }

    /// Parses and validates a trust block from JSON text. Never panics; every failure is a
    /// [`TrustError`] saying what to fix. A key given twice is an error.
    pub fn from_json(text: &str) -> Result<Self, TrustError> {
        let value: Value = serde_json::from_str(text).map_err(|err| TrustError::InvalidJson {
            message: clip_message(&err.to_string()),
        })?;
        let block = Self::from_value(&value)?;
        // A `Value` keeps only the last of duplicate keys, which another parser may read
        // differently; reading the text directly into the struct catches them.
        if let Err(err) = serde_json::from_str::<TrustBlock>(text) {
            return Err(TrustError::Malformed {
                message: clip_message(&err.to_string()),
            });
        }
        Ok(block)
    }

    /// Parses and validates a trust block already read as JSON (from YAML front matter, for
    /// instance). Duplicate keys cannot be seen here: the [`Value`] has kept only one of them.
    pub fn from_value(value: &Value) -> Result<Self, TrustError> {
        require_objects(value)?;
        let block = TrustBlock::deserialize(value).map_err(|err| {
            shape_error(value).unwrap_or_else(|| TrustError::Malformed {
                message: clip_message(&err.to_string()),
            })
        })?;
        block.validate()?;
        Ok(block)
    }

    /// Checks what the schema cannot: counts, ranges, the promotion path, agreement between
    /// `level`, `promoted_from` and the history, certificate dates and composite claims.
    pub fn validate(&self) -> Result<(), TrustError> {
        if !self.composite && self.level.is_none() {
            return Err(TrustError::MissingLevel);
        }
        if let Some(report) = &self.validation_report {
            report.validate()?;
        }
        self.validate_history()?;
        if let Some(cert) = &self.certification
            && cert.issued_at > cert.expires_at
        {
            return Err(TrustError::CertificationDates {
                issued_at: cert.issued_at,
                expires_at: cert.expires_at,
            });
        }
        self.validate_composite()
    }

    fn validate_history(&self) -> Result<(), TrustError> {
        for (index, record) in self.promotion_history.iter().enumerate() {
            let (from, to) = (record.from, record.to);
            if from == to {
                return Err(TrustError::UnchangedLevel { index, level: from });
            }
            if to > from && from.next() != Some(to) {
                // `to > from`, so `from` is not the highest level and has a next one.
                let next = from.next().unwrap_or(to);
                return Err(TrustError::SkippedPromotion {
                    index,
                    from,
                    to,
                    next,
                });
            }
        }
        // `promoted_from` names the level before the most recent promotion. Writers that count
        // a demotion as a "promotion" (the history is called `promotion_history`) put the
        // demotion's `from` there instead; both readings are accepted.
        if let Some(promoted_from) = self.promoted_from
            && let Some(last_up) = self.promotion_history.iter().rev().find(|r| r.to > r.from)
        {
            let last_from = self.promotion_history.last().map(|r| r.from);
            if promoted_from != last_up.from && Some(promoted_from) != last_from {
                return Err(TrustError::PromotedFromMismatch {
                    promoted_from,
                    expected: last_up.from,
                });
            }
        }
        if let (Some(level), Some(last)) = (self.level, self.promotion_history.last())
            && level != last.to
        {
            return Err(TrustError::LevelMismatch {
                level,
                last: last.to,
            });
        }
        Ok(())
    }

    fn validate_composite(&self) -> Result<(), TrustError> {
        if !self.composite {
            if !self.components.is_empty() || self.effective_level.is_some() {
                return Err(TrustError::NotComposite);
            }
            return Ok(());
        }
        let Some(weakest) = self.weakest_component() else {
            return Err(TrustError::CompositeWithoutComponents);
        };
        for (field, claimed) in [
            ("effective_level", self.effective_level),
            ("level", self.level),
        ] {
            if let Some(claimed) = claimed
                && claimed > weakest.level
            {
                return Err(TrustError::CompositeOverclaims {
                    field,
                    claimed,
                    api: clip(&weakest.api),
                    weakest: weakest.level,
                });
            }
        }
        Ok(())
    }

    /// The least trusted component (the first of them on a tie).
    fn weakest_component(&self) -> Option<&Component> {
        self.components
            .iter()
            .reduce(|min, c| if c.level < min.level { c } else { min })
    }

    /// The level to gate with at `now`, never higher than the declared one:
    ///
    /// - a composite block gates at its weakest component (or lower, if it declares lower);
    /// - `certified` gates as `community_reviewed` when the certification is missing, expired
    ///   (`expires_at <= now`) or not yet issued;
    /// - a block that fails [`TrustBlock::validate`] (only possible when built by hand) gates as
    ///   `untested`;
    /// - otherwise the declared level, with no reasons.
    pub fn effective(&self, now: Timestamp) -> EffectiveTrust {
        if let Err(err) = self.validate() {
            return EffectiveTrust {
                level: TrustLevel::Untested,
                reasons: vec![format!("invalid trust block, treated as untested: {err}")],
            };
        }
        let mut reasons = Vec::new();
        let mut level = if self.composite {
            self.composite_level(&mut reasons)
        } else {
            // validate() guarantees a level on a non-composite block.
            self.level.unwrap_or(TrustLevel::Untested)
        };
        if level == TrustLevel::Certified {
            let downgrade = match &self.certification {
                None => Some("certified without a certification record".to_owned()),
                Some(cert) if cert.expires_at <= now => Some(format!(
                    "certification {} from {} expired at {}: renew it to gate as certified",
                    clip(&cert.certificate_id),
                    clip(&cert.authority),
                    cert.expires_at
                )),
                Some(cert) if cert.issued_at > now => Some(format!(
                    "certification {} from {} is not valid until {}",
                    clip(&cert.certificate_id),
                    clip(&cert.authority),
                    cert.issued_at
                )),
                Some(_) => None,
            };
            if let Some(reason) = downgrade {
                level = TrustLevel::CommunityReviewed;
                reasons.push(format!("{reason}; gating as {level}"));
            }
        }
        EffectiveTrust { level, reasons }
    }

    /// The minimum of the components and of whatever the composite declares.
    fn composite_level(&self, reasons: &mut Vec<String>) -> TrustLevel {
        let Some(weakest) = self.weakest_component() else {
            // validate() rejects this; stay safe anyway.
            reasons.push("composite without components: treated as untested".to_owned());
            return TrustLevel::Untested;
        };
        let mut level = weakest.level;
        reasons.push(format!(
            "composite: the weakest component is {} at {}",
            clip(&weakest.api),
            weakest.level
        ));
        for (field, declared) in [
            ("effective_level", self.effective_level),
            ("level", self.level),
        ] {
            if let Some(declared) = declared
                && declared < level
            {
                level = declared;
                reasons.push(format!(
                    "composite declares {field} {declared}, below its components"
                ));
            }
        }
        level
    }

    /// Promotes exactly one level (spec 4.1), recording `{from, to, at, by, reason}` in the
    /// history and setting `promoted_from` and `level`.
    ///
    /// Promoting to `certified` does not require a certification record, but without one the
    /// block gates as `community_reviewed` (see [`TrustBlock::effective`]).
    pub fn promote(
        &mut self,
        to: TrustLevel,
        at: Timestamp,
        by: &str,
        reason: Option<&str>,
    ) -> Result<(), TrustError> {
        let from = self.changeable_level()?;
        if to <= from {
            return Err(TrustError::NotHigher { from, to });
        }
        let next = from.next().unwrap_or(to);
        if to != next {
            return Err(TrustError::NotNextLevel { from, to, next });
        }
        self.promotion_history.push(PromotionRecord {
            from,
            to,
            at,
            by: by.to_owned(),
            reason: reason.filter(|r| !r.trim().is_empty()).map(str::to_owned),
        });
        self.promoted_from = Some(from);
        self.level = Some(to);
        Ok(())
    }

    /// Demotes to any lower level (spec 4.3), recording the negative transition with its
    /// required reason. `validated_at`, `promoted_from` and any certification are kept, for audit.
    pub fn demote(
        &mut self,
        to: TrustLevel,
        at: Timestamp,
        by: &str,
        reason: &str,
    ) -> Result<(), TrustError> {
        let from = self.changeable_level()?;
        if to >= from {
            return Err(TrustError::NotLower { from, to });
        }
        if reason.trim().is_empty() {
            return Err(TrustError::MissingReason);
        }
        self.promotion_history.push(PromotionRecord {
            from,
            to,
            at,
            by: by.to_owned(),
            reason: Some(reason.to_owned()),
        });
        self.level = Some(to);
        Ok(())
    }

    /// Records a certification (trust-levels 3.2.9): a `community_reviewed` adapter is promoted
    /// to `certified` with it (one level, recorded in the history); a `certified` one has its
    /// certification replaced (a renewal). Dates are checked; nothing changes on an error.
    pub fn certify(
        &mut self,
        certification: Certification,
        at: Timestamp,
        by: &str,
        reason: Option<&str>,
    ) -> Result<(), TrustError> {
        if certification.issued_at > certification.expires_at {
            return Err(TrustError::CertificationDates {
                issued_at: certification.issued_at,
                expires_at: certification.expires_at,
            });
        }
        match self.changeable_level()? {
            TrustLevel::Certified => {}
            TrustLevel::CommunityReviewed => {
                self.promote(TrustLevel::Certified, at, by, reason)?;
            }
            level => return Err(TrustError::NotCertifiable { level }),
        }
        self.certification = Some(certification);
        Ok(())
    }

    fn changeable_level(&self) -> Result<TrustLevel, TrustError> {
        if self.composite {
            return Err(TrustError::CompositeChange);
        }
        self.level.ok_or(TrustError::MissingLevel)
    }
}

impl ValidationReport {
    fn validate(&self) -> Result<(), TrustError> {
        if let (Some(passed), Some(total)) = (self.tests_passed, self.tests_total)
            && passed > total
        {
            return Err(TrustError::TestsExceedTotal { passed, total });
        }
        if let Some(value) = self.coverage_percent
            && !(0.0..=100.0).contains(&value)
        {
            return Err(TrustError::CoverageOutOfRange { value });
        }
        Ok(())
    }
}

/// The level to gate with for an adapter that may have no trust block: without one it is
/// `untested` (spec 6.1 MUST 1).
pub fn effective_of(block: Option<&TrustBlock>, now: Timestamp) -> EffectiveTrust {
    match block {
        Some(block) => block.effective(now),
        None => EffectiveTrust {
            level: TrustLevel::Untested,
            reasons: vec!["no trust block: adapters without one are untested".to_owned()],
        },
    }
}

/// Refuses arrays where the schema has objects: serde would read a struct from a positional
/// array (`["validated"]`), a form the specification does not have.
fn require_objects(value: &Value) -> Result<(), TrustError> {
    let not_object = |field: String, found: &Value| TrustError::InvalidField {
        field,
        message: format!("invalid type: {}, expected an object", kind_of(found)),
    };
    let Some(map) = value.as_object() else {
        return Err(TrustError::NotAnObject {
            found: kind_of(value),
        });
    };
    for key in ["validation_report", "certification"] {
        if let Some(field) = map.get(key)
            && !(field.is_object() || field.is_null())
        {
            return Err(not_object(key.to_owned(), field));
        }
    }
    for key in ["promotion_history", "components"] {
        if let Some(Value::Array(items)) = map.get(key)
            && let Some((i, item)) = items.iter().enumerate().find(|(_, v)| !v.is_object())
        {
            return Err(not_object(format!("{key}[{i}]"), item));
        }
    }
    Ok(())
}

/// Finds which field of an object that failed to deserialize is at fault, and why. Each
/// top-level field is tried alone (all are optional at the top), then the element or sub-field
/// inside it, so the field named and the message always belong together.
fn shape_error(value: &Value) -> Option<TrustError> {
    let map = value.as_object()?;
    for (key, field) in map {
        let Err(err) = TrustBlock::deserialize(&single(key, field)) else {
            continue;
        };
        let inner = match (key.as_str(), field) {
            ("promotion_history", Value::Array(items)) => first_failure::<PromotionRecord>(items),
            ("components", Value::Array(items)) => first_failure::<Component>(items),
            ("validation_report", Value::Object(fields)) => fields.iter().find_map(|(k, v)| {
                ValidationReport::deserialize(&single(k, v))
                    .err()
                    .map(|e| (format!(".{}", clip(k)), e))
            }),
            _ => None,
        };
        let (suffix, err) = inner.unwrap_or((String::new(), err));
        return Some(TrustError::InvalidField {
            field: format!("{}{suffix}", clip(key)),
            message: clip_message(&err.to_string()),
        });
    }
    None
}

fn first_failure<'a, T: Deserialize<'a>>(
    items: &'a [Value],
) -> Option<(String, serde_json::Error)> {
    items
        .iter()
        .enumerate()
        .find_map(|(i, item)| T::deserialize(item).err().map(|e| (format!("[{i}]"), e)))
}

fn single(key: &str, value: &Value) -> Value {
    let mut map = Map::new();
    map.insert(key.to_owned(), value.clone());
    Value::Object(map)
}

fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The accepted trust level names, comma separated.
fn level_names() -> String {
    TrustLevel::ALL
        .iter()
        .map(|l| l.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// User-supplied text quoted in a message, cut to [`QUOTE_LIMIT`] characters.
fn clip(text: &str) -> String {
    if text.chars().count() <= QUOTE_LIMIT {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(QUOTE_LIMIT).collect();
        short.push_str("...");
        short
    }
}

/// A serde message cut to about [`MESSAGE_LIMIT`] characters, keeping both ends: the start says
/// what was found, the end what is accepted and where.
fn clip_message(message: &str) -> String {
    let count = message.chars().count();
    if count <= MESSAGE_LIMIT {
        return message.to_owned();
    }
    let half = MESSAGE_LIMIT / 2;
    let head: String = message.chars().take(half).collect();
    let tail: String = message.chars().skip(count - half).collect();
    format!("{head} ... {tail}")
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// Deserializes a trust level from its wire name only: the message of a wrong type or an
/// unknown name lists the accepted names.
#[derive(Clone, Copy)]
struct LevelVisitor;

impl Visitor<'_> for LevelVisitor {
    type Value = TrustLevel;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a trust level, one of {}", level_names())
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<TrustLevel, E> {
        value.parse().map_err(|_| {
            E::custom(format_args!(
                "unknown trust level '{}': expected one of {}",
                clip(value),
                level_names()
            ))
        })
    }
}

/// Deserializes an RFC 3339 timestamp; the message of a bad one shows the expected form.
#[derive(Clone, Copy)]
struct TimestampVisitor;

impl Visitor<'_> for TimestampVisitor {
    type Value = Timestamp;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an RFC 3339 timestamp such as \"2026-01-15T10:00:00Z\"")
    }

    fn visit_str<E: de::Error>(self, value: &str) -> Result<Timestamp, E> {
        value.parse().map_err(|err| {
            E::custom(format_args!(
                "invalid timestamp '{}' ({err}): expected an RFC 3339 timestamp such as \
                 \"2026-01-15T10:00:00Z\"",
                clip(value)
            ))
        })
    }
}

/// `null` or what the inner visitor reads from a string.
struct OptionOf<V>(V);

impl<'de, V: Visitor<'de> + Copy> Visitor<'de> for OptionOf<V> {
    type Value = Option<V::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self.0).map(Some)
    }
}

fn level<'de, D: Deserializer<'de>>(deserializer: D) -> Result<TrustLevel, D::Error> {
    deserializer.deserialize_str(LevelVisitor)
}

fn opt_level<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<TrustLevel>, D::Error> {
    deserializer.deserialize_option(OptionOf(LevelVisitor))
}

fn timestamp<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Timestamp, D::Error> {
    deserializer.deserialize_str(TimestampVisitor)
}

fn opt_timestamp<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Timestamp>, D::Error> {
    deserializer.deserialize_option(OptionOf(TimestampVisitor))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn ts(s: &str) -> Timestamp {
        s.parse().expect("test timestamp")
    }

    /// The example of trust-levels 3.1, as JSON.
    const SPEC_3_1: &str = r#"{
        "level": "validated",
        "generated_at": "2026-01-15T10:00:00Z",
        "generated_by": "mcpaql-adapter-generator-v1.2.0",
        "validated_at": "2026-01-15T12:00:00Z",
        "validated_by": "mcpaql-test-harness-v2.0.0",
        "validation_report": {
            "tests_passed": 47,
            "tests_total": 47,
            "endpoints_verified": 23,
            "coverage_percent": 95,
            "last_api_response": "2026-01-15T12:00:00Z"
        },
        "promoted_from": "generated",
        "promotion_history": [
            {"from": "untested", "to": "generated", "at": "2026-01-15T10:00:00Z",
             "by": "mcpaql-adapter-generator-v1.2.0"},
            {"from": "generated", "to": "validated", "at": "2026-01-15T12:00:00Z",
             "by": "mcpaql-test-harness-v2.0.0"}
        ],
        "certification": null
    }"#;

    /// The certification of trust-levels 3.2.9.
    fn spec_certification() -> Value {
        json!({
            "authority": "GitHub, Inc.",
            "signature": "base64-encoded-signature",
            "certificate_id": "GH-CERT-2026-001",
            "issued_at": "2026-01-20T00:00:00Z",
            "expires_at": "2027-01-20T00:00:00Z",
            "scope": ["all_operations"]
        })
    }

    fn parse_err(text: &str) -> TrustError {
        TrustBlock::from_json(text).expect_err(text)
    }

    #[test]
    fn the_spec_example_block_is_validated() {
        let block = TrustBlock::from_json(SPEC_3_1).expect("3.1 example parses");
        assert_eq!(block.level, Some(TrustLevel::Validated));
        assert_eq!(block.promotion_history.len(), 2);
        let report = block.validation_report.as_ref().expect("report");
        assert_eq!(
            (report.tests_passed, report.tests_total),
            (Some(47), Some(47))
        );
        assert_eq!(block.certification, None);
        let effective = block.effective(ts("2026-06-01T00:00:00Z"));
        assert_eq!(effective.level, TrustLevel::Validated);
        assert!(effective.reasons.is_empty());

        // Serializing gives the same block back.
        let again = serde_json::to_string(&block).expect("serialize");
        assert_eq!(TrustBlock::from_json(&again), Ok(block));
    }

    #[test]
    fn the_spec_demotion_example_parses_and_keeps_validated_at() {
        // 3.1 followed by the demotion of 4.3.
        let mut value: Value = serde_json::from_str(SPEC_3_1).expect("json");
        value["level"] = json!("generated");
        value["promotion_history"]
            .as_array_mut()
            .expect("history")
            .push(json!({
                "from": "validated",
                "to": "generated",
                "at": "2026-02-01T08:00:00Z",
                "by": "mcpaql-test-harness-v2.0.0",
                "reason": "API endpoint /users deprecated, 3 operations failing"
            }));
        let block = TrustBlock::from_value(&value).expect("4.3 example parses");
        assert_eq!(block.validated_at, Some(ts("2026-01-15T12:00:00Z")));
        let effective = block.effective(ts("2026-02-02T00:00:00Z"));
        assert_eq!(effective.level, TrustLevel::Generated);
        assert!(effective.reasons.is_empty());
    }

    #[test]
    fn a_certification_counts_until_it_expires() {
        let value = json!({"level": "certified", "certification": spec_certification()});
        let block = TrustBlock::from_value(&value).expect("certified block");

        let before = block.effective(ts("2026-06-01T00:00:00Z"));
        assert_eq!(before.level, TrustLevel::Certified);
        assert!(before.reasons.is_empty());

        for now in ["2027-01-20T00:00:00Z", "2028-01-01T00:00:00Z"] {
            let after = block.effective(ts(now));
            assert_eq!(after.level, TrustLevel::CommunityReviewed, "at {now}");
            assert_eq!(after.reasons.len(), 1);
            assert!(after.reasons[0].contains("expired at 2027-01-20T00:00:00Z"));
            assert!(after.reasons[0].contains("GH-CERT-2026-001"));
        }

        // Not yet issued counts as not certified either.
        let early = block.effective(ts("2026-01-01T00:00:00Z"));
        assert_eq!(early.level, TrustLevel::CommunityReviewed);
        assert!(early.reasons[0].contains("not valid until"));
    }

    #[test]
    fn certify_promotes_community_reviewed_renews_certified_and_refuses_the_rest() {
        let cert: Certification =
            serde_json::from_value(spec_certification()).expect("certification");
        let at = ts("2026-02-01T00:00:00Z");

        let mut block = TrustBlock::new(TrustLevel::CommunityReviewed);
        block
            .certify(cert.clone(), at, "ops", Some("audit passed"))
            .expect("certify");
        assert_eq!(block.level, Some(TrustLevel::Certified));
        assert_eq!(block.promoted_from, Some(TrustLevel::CommunityReviewed));
        assert_eq!(block.promotion_history.len(), 1);
        assert_eq!(block.effective(at).level, TrustLevel::Certified);
        block.validate().expect("a valid block");

        // A renewal replaces the certificate and changes no level.
        let renewed = Certification {
            certificate_id: "GH-CERT-2027-001".into(),
            expires_at: ts("2028-01-20T00:00:00Z"),
            ..cert.clone()
        };
        block.certify(renewed, at, "ops", None).expect("renew");
        assert_eq!(block.promotion_history.len(), 1);
        assert_eq!(
            block.effective(ts("2027-06-01T00:00:00Z")).level,
            TrustLevel::Certified
        );

        let mut low = TrustBlock::new(TrustLevel::Validated);
        let before = low.clone();
        let err = low
            .certify(cert.clone(), at, "ops", None)
            .expect_err("too low");
        assert!(matches!(err, TrustError::NotCertifiable { .. }), "{err}");
        assert_eq!(low, before, "nothing changes on an error");

        let backwards = Certification {
            expires_at: ts("2025-01-01T00:00:00Z"),
            ..cert
        };
        let mut reviewed = TrustBlock::new(TrustLevel::CommunityReviewed);
        let err = reviewed
            .certify(backwards, at, "ops", None)
            .expect_err("dates");
        assert!(
            matches!(err, TrustError::CertificationDates { .. }),
            "{err}"
        );
        assert_eq!(reviewed.level, Some(TrustLevel::CommunityReviewed));
    }

    #[test]
    fn certified_without_a_certificate_gates_as_community_reviewed() {
        let block = TrustBlock::from_json(r#"{"level": "certified"}"#).expect("parses");
        let effective = block.effective(ts("2026-06-01T00:00:00Z"));
        assert_eq!(effective.level, TrustLevel::CommunityReviewed);
        assert!(effective.reasons[0].starts_with("certified without a certification record"));
    }

    #[test]
    fn a_composite_gates_at_its_weakest_component() {
        // The example of 7.3, which has no `level`.
        let block = TrustBlock::from_json(
            r#"{
                "composite": true,
                "components": [
                    {"api": "github", "level": "certified"},
                    {"api": "slack", "level": "validated"}
                ],
                "effective_level": "validated"
            }"#,
        )
        .expect("7.3 example parses");
        let effective = block.effective(ts("2026-06-01T00:00:00Z"));
        assert_eq!(effective.level, TrustLevel::Validated);
        assert_eq!(
            effective.reasons,
            ["composite: the weakest component is slack at validated"]
        );

        let err = parse_err(
            r#"{"composite": true, "effective_level": "certified",
                "components": [{"api": "github", "level": "certified"},
                               {"api": "slack", "level": "validated"}]}"#,
        );
        assert!(matches!(
            err,
            TrustError::CompositeOverclaims {
                claimed: TrustLevel::Certified,
                weakest: TrustLevel::Validated,
                ..
            }
        ));
        assert_eq!(
            err.to_string(),
            "composite effective_level certified is higher than its weakest component \
             (slack at validated): set it to validated or lower"
        );
        assert_eq!(
            parse_err(r#"{"composite": true, "components": []}"#),
            TrustError::CompositeWithoutComponents
        );
        assert_eq!(
            parse_err(r#"{"composite": true}"#),
            TrustError::CompositeWithoutComponents
        );
        assert_eq!(
            parse_err(r#"{"level": "validated", "effective_level": "validated"}"#),
            TrustError::NotComposite
        );
    }

    #[test]
    fn a_missing_block_is_untested() {
        let effective = effective_of(None, ts("2026-06-01T00:00:00Z"));
        assert_eq!(effective.level, TrustLevel::Untested);
        assert_eq!(
            effective.reasons,
            ["no trust block: adapters without one are untested"]
        );
        let block = TrustBlock::new(TrustLevel::Validated);
        let now = ts("2026-06-01T00:00:00Z");
        assert_eq!(effective_of(Some(&block), now), block.effective(now));
    }

    #[test]
    fn promotion_goes_one_level_at_a_time() {
        let mut block = TrustBlock::new(TrustLevel::Untested);
        let err = block
            .promote(
                TrustLevel::Validated,
                ts("2026-01-15T10:00:00Z"),
                "harness",
                None,
            )
            .expect_err("skipping a level");
        assert_eq!(
            err,
            TrustError::NotNextLevel {
                from: TrustLevel::Untested,
                to: TrustLevel::Validated,
                next: TrustLevel::Generated
            }
        );
        assert!(err.to_string().contains("promote to generated first"));
        assert_eq!(
            block,
            TrustBlock::new(TrustLevel::Untested),
            "a refused change changes nothing"
        );

        block
            .promote(
                TrustLevel::Generated,
                ts("2026-01-15T10:00:00Z"),
                "generator",
                Some("schema validation passed"),
            )
            .expect("untested -> generated");
        block
            .promote(
                TrustLevel::Validated,
                ts("2026-01-15T12:00:00Z"),
                "harness",
                None,
            )
            .expect("generated -> validated");
        assert_eq!(block.level, Some(TrustLevel::Validated));
        assert_eq!(block.promoted_from, Some(TrustLevel::Generated));
        let steps: Vec<_> = block
            .promotion_history
            .iter()
            .map(|r| (r.from, r.to))
            .collect();
        assert_eq!(
            steps,
            [
                (TrustLevel::Untested, TrustLevel::Generated),
                (TrustLevel::Generated, TrustLevel::Validated)
            ]
        );
        assert_eq!(
            block.promotion_history[0].reason.as_deref(),
            Some("schema validation passed")
        );
        block.validate().expect("a promoted block stays valid");

        assert!(matches!(
            block.promote(TrustLevel::Validated, ts("2026-01-16T00:00:00Z"), "x", None),
            Err(TrustError::NotHigher { .. })
        ));
        let mut top = TrustBlock::new(TrustLevel::Certified);
        assert!(matches!(
            top.promote(TrustLevel::Certified, ts("2026-01-16T00:00:00Z"), "x", None),
            Err(TrustError::NotHigher { .. })
        ));
    }

    #[test]
    fn demotion_needs_a_reason_and_is_recorded() {
        let mut block = TrustBlock::from_json(SPEC_3_1).expect("parses");
        let at = ts("2026-02-01T08:00:00Z");
        assert_eq!(
            block.demote(TrustLevel::Generated, at, "harness", "  "),
            Err(TrustError::MissingReason)
        );
        assert!(matches!(
            block.demote(TrustLevel::Certified, at, "harness", "why"),
            Err(TrustError::NotLower { .. })
        ));

        block
            .demote(
                TrustLevel::Untested,
                at,
                "security team",
                "credential leak in adapter",
            )
            .expect("a demotion may skip levels");
        assert_eq!(block.level, Some(TrustLevel::Untested));
        assert_eq!(block.validated_at, Some(ts("2026-01-15T12:00:00Z")));
        let last = block.promotion_history.last().expect("recorded");
        assert_eq!(
            (last.from, last.to),
            (TrustLevel::Validated, TrustLevel::Untested)
        );
        assert_eq!(last.reason.as_deref(), Some("credential leak in adapter"));
        block.validate().expect("a demoted block stays valid");
        let text = serde_json::to_string(&block).expect("serialize");
        assert_eq!(TrustBlock::from_json(&text), Ok(block));
    }

    #[test]
    fn composite_levels_change_through_their_components() {
        let mut block = TrustBlock::from_value(&json!({
            "composite": true,
            "components": [{"api": "github", "level": "generated"}]
        }))
        .expect("parses");
        let at = ts("2026-02-01T08:00:00Z");
        assert_eq!(
            block.promote(TrustLevel::Validated, at, "x", None),
            Err(TrustError::CompositeChange)
        );
        assert_eq!(
            block.demote(TrustLevel::Untested, at, "x", "why"),
            Err(TrustError::CompositeChange)
        );
    }

    #[test]
    fn malformed_blocks_say_what_is_wrong() {
        let cases: &[(&str, &str)] = &[
            (
                "{}",
                "trust block has no `level`: add one of untested, generated",
            ),
            (
                r#"{"level": "trusted"}"#,
                "field `level` is invalid: unknown trust level 'trusted': expected one of \
                 untested, generated, validated, community_reviewed, certified",
            ),
            (
                r#"{"level": 5}"#,
                "field `level` is invalid: invalid type: integer `5`, expected a trust level, \
                 one of untested",
            ),
            (
                r#"{"level": {"certified": null}}"#,
                "field `level` is invalid: invalid type: map",
            ),
            (
                r#"{"level": "validated", "composite": "yes"}"#,
                "field `composite`",
            ),
            (
                r#"{"level": "validated", "validation_report": {"tests_passed": -1}}"#,
                "field `validation_report.tests_passed` is invalid: invalid value: integer `-1`",
            ),
            (
                r#"{"level": "validated", "generated_at": "yesterday"}"#,
                "field `generated_at` is invalid: invalid timestamp 'yesterday' (",
            ),
            (
                r#"{"level": "validated", "generated_at": 1700000000}"#,
                "field `generated_at` is invalid: invalid type: integer `1700000000`, expected \
                 an RFC 3339 timestamp such as \"2026-01-15T10:00:00Z\"",
            ),
            (
                r#"{"level": "validated", "promotion_history": [
                    {"from": "untested", "to": "generated", "at": "2026-01-15T10:00:00Z", "by": "g"},
                    {"from": "generated", "to": "validated", "at": "2026-01-15T12:00:00Z"}]}"#,
                "field `promotion_history[1]` is invalid: missing field `by`",
            ),
            (
                r#"{"level": "certified", "certification": {"authority": "a"}}"#,
                "field `certification` is invalid: missing field",
            ),
            (
                r#"{"level": "validated", "certifcation": null}"#,
                "field `certifcation` is invalid: unknown field `certifcation`, expected one of",
            ),
            (
                r#"{"level": "validated", "validation_report": {"tests_pased": 3}}"#,
                "field `validation_report.tests_pased` is invalid: unknown field",
            ),
            (
                r#"{"composite": true, "components": [{"api": "x", "level": "validated", "weight": 1}]}"#,
                "field `components[0]` is invalid: unknown field `weight`",
            ),
            (
                r#"{"level": "validated", "level": "certified"}"#,
                "duplicate field `level`",
            ),
            (
                r#"{"level": "certified", "certification": {"authority": "a", "signature": "s",
                    "certificate_id": "c", "issued_at": "2026-01-20T00:00:00Z",
                    "expires_at": "2026-13-20T00:00:00Z", "scope": []}}"#,
                "field `certification` is invalid: invalid timestamp '2026-13-20T00:00:00Z'",
            ),
            (r#"["validated"]"#, "must be a json object, not an array"),
            (
                r#"{"level": "validated", "promotion_history": [["untested", "generated",
                    "2026-01-15T10:00:00Z", "g"]]}"#,
                "field `promotion_history[0]` is invalid: invalid type: an array, expected an object",
            ),
            (
                r#"{"level": "validated", "validation_report": [47, 47]}"#,
                "field `validation_report` is invalid: invalid type: an array",
            ),
            (
                r#"{"composite": true, "components": ["github"]}"#,
                "field `components[0]` is invalid: invalid type: a string, expected an object",
            ),
            ("\"validated\"", "must be a json object, not a string"),
            ("null", "must be a json object, not null"),
            ("5", "must be a json object, not a number"),
            (r#"{"level": "validated""#, "not valid json"),
            ("level: validated", "not valid json"),
            ("", "not valid json"),
            (r#"{"level": "validated"} trailing"#, "not valid json"),
        ];
        for (input, expected) in cases {
            let message = parse_err(input).to_string();
            assert!(
                message.contains(expected),
                "input {input}\n  message  {message}\n  expected {expected}"
            );
        }
    }

    #[test]
    fn errors_are_typed() {
        assert_eq!(parse_err("{}"), TrustError::MissingLevel);
        assert!(matches!(
            parse_err("[]"),
            TrustError::NotAnObject { found: "an array" }
        ));
        assert!(matches!(parse_err("{"), TrustError::InvalidJson { .. }));
        assert!(matches!(
            parse_err(r#"{"level": "trusted"}"#),
            TrustError::InvalidField { ref field, .. } if field == "level"
        ));
        assert!(matches!(
            parse_err(r#"{"level": "validated", "level": "untested"}"#),
            TrustError::Malformed { .. }
        ));
        assert!(matches!(
            TrustBlock::from_value(&json!(["validated"])),
            Err(TrustError::NotAnObject { found: "an array" })
        ));
        // Hostile input cannot flood a message.
        let long = format!(r#"{{"level": "{}"}}"#, "x".repeat(100_000));
        assert!(parse_err(&long).to_string().len() < 400);
        let long_key = format!(r#"{{"{}": 1}}"#, "k".repeat(100_000));
        assert!(parse_err(&long_key).to_string().len() < 2 * MESSAGE_LIMIT);
    }

    #[test]
    fn contradictions_are_rejected_with_the_fix() {
        let history = |records: Value| json!({"level": "validated", "promotion_history": records});
        let record = |from: &str, to: &str| json!({"from": from, "to": to, "at": "2026-01-15T10:00:00Z", "by": "harness"});
        let cases: Vec<(Value, TrustError, &str)> = vec![
            (
                json!({"level": "validated",
                       "validation_report": {"tests_passed": 48, "tests_total": 47}}),
                TrustError::TestsExceedTotal {
                    passed: 48,
                    total: 47,
                },
                "tests_passed (48) exceeds tests_total (47)",
            ),
            (
                json!({"level": "validated", "validation_report": {"coverage_percent": 100.5}}),
                TrustError::CoverageOutOfRange { value: 100.5 },
                "must be a number from 0 to 100",
            ),
            (
                json!({"level": "validated", "validation_report": {"coverage_percent": -1}}),
                TrustError::CoverageOutOfRange { value: -1.0 },
                "coverage_percent is -1",
            ),
            (
                history(json!([record("untested", "validated")])),
                TrustError::SkippedPromotion {
                    index: 0,
                    from: TrustLevel::Untested,
                    to: TrustLevel::Validated,
                    next: TrustLevel::Generated,
                },
                "must go to generated",
            ),
            (
                history(json!([record("validated", "validated")])),
                TrustError::UnchangedLevel {
                    index: 0,
                    level: TrustLevel::Validated,
                },
                "remove it",
            ),
            (
                json!({"level": "validated", "promoted_from": "untested",
                       "promotion_history": [record("untested", "generated"),
                                             record("generated", "validated")]}),
                TrustError::PromotedFromMismatch {
                    promoted_from: TrustLevel::Untested,
                    expected: TrustLevel::Generated,
                },
                "set promoted_from to generated",
            ),
            (
                json!({"level": "certified",
                       "promotion_history": [record("untested", "generated")]}),
                TrustError::LevelMismatch {
                    level: TrustLevel::Certified,
                    last: TrustLevel::Generated,
                },
                "promotion_history ends at generated",
            ),
            (
                json!({"level": "certified", "certification": {
                    "authority": "a", "signature": "s", "certificate_id": "c",
                    "issued_at": "2027-01-20T00:00:00Z", "expires_at": "2026-01-20T00:00:00Z",
                    "scope": []}}),
                TrustError::CertificationDates {
                    issued_at: ts("2027-01-20T00:00:00Z"),
                    expires_at: ts("2026-01-20T00:00:00Z"),
                },
                "is before issued_at",
            ),
        ];
        for (value, expected, text) in cases {
            let err = TrustBlock::from_value(&value).expect_err(&value.to_string());
            assert_eq!(err, expected);
            assert!(err.to_string().contains(text), "{err}");
            // The same block as text gives the same error.
            assert_eq!(TrustBlock::from_json(&value.to_string()), Err(expected));
        }

        // Demotions may skip levels, and promoted_from may name the last promotion.
        let demoted = json!({"level": "untested", "promoted_from": "generated",
            "promotion_history": [record("untested", "generated"),
                                  record("generated", "validated"),
                                  record("validated", "untested")]});
        TrustBlock::from_value(&demoted).expect("a demotion may skip levels");
    }

    #[test]
    fn a_hand_built_invalid_block_gates_as_untested() {
        let mut block = TrustBlock::new(TrustLevel::Certified);
        block.validation_report = Some(ValidationReport {
            coverage_percent: Some(f64::NAN),
            ..ValidationReport::default()
        });
        assert!(matches!(
            block.validate(),
            Err(TrustError::CoverageOutOfRange { .. })
        ));
        let effective = block.effective(ts("2026-06-01T00:00:00Z"));
        assert_eq!(effective.level, TrustLevel::Untested);
        assert!(effective.reasons[0].starts_with("invalid trust block, treated as untested"));
    }

    #[test]
    fn effective_trust_serializes_for_the_audit_log() {
        let effective = effective_of(None, ts("2026-06-01T00:00:00Z"));
        assert_eq!(
            serde_json::to_value(&effective).expect("serialize"),
            json!({"level": "untested",
                   "reasons": ["no trust block: adapters without one are untested"]})
        );
    }

    fn any_level() -> impl Strategy<Value = TrustLevel> {
        prop::sample::select(TrustLevel::ALL)
    }

    fn any_timestamp() -> impl Strategy<Value = Timestamp> {
        // 1970 to 2100.
        (0i64..4_102_444_800).prop_map(|s| Timestamp::from_second(s).expect("in range"))
    }

    /// Arbitrary JSON, with field names and values of trust blocks mixed in so the parser gets
    /// past the first field often.
    fn any_json() -> impl Strategy<Value = Value> {
        let names = prop::sample::select(vec![
            "level",
            "composite",
            "components",
            "effective_level",
            "promotion_history",
            "promoted_from",
            "certification",
            "validation_report",
            "tests_passed",
            "tests_total",
            "coverage_percent",
            "from",
            "to",
            "at",
            "by",
            "api",
            "issued_at",
            "expires_at",
            "scope",
            "validated_at",
        ]);
        let key = prop_oneof![names.prop_map(str::to_owned), ".{0,8}"];
        let words = prop::sample::select(vec![
            "untested",
            "generated",
            "validated",
            "community_reviewed",
            "certified",
            "2026-01-15T10:00:00Z",
            "9999-99-99T99:99:99Z",
            "",
        ]);
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            words.prop_map(Value::from),
            ".{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 48, 6, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
                prop::collection::vec((key.clone(), inner), 0..6)
                    .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
            ]
        })
    }

    /// A valid block: either one built by promotions and demotions, perhaps certified, or a
    /// composite that declares no more than its weakest component.
    fn any_valid_block() -> impl Strategy<Value = TrustBlock> {
        let changes = prop::collection::vec((any::<bool>(), any_level(), 0i64..86_400_000), 0..12);
        let certification = prop::option::of((any_timestamp(), 0i64..200_000_000));
        let linear = (changes, certification).prop_map(|(changes, certification)| {
            let mut block = TrustBlock::new(TrustLevel::Untested);
            let mut at = Timestamp::from_second(1_700_000_000).expect("in range");
            for (up, target, step) in changes {
                at = at
                    .checked_add(jiff::SignedDuration::from_secs(step))
                    .expect("in range");
                let level = block.level.unwrap_or(TrustLevel::Untested);
                if up {
                    if let Some(next) = level.next() {
                        block
                            .promote(next, at, "harness", None)
                            .expect("one step up");
                    }
                } else if target < level {
                    block
                        .demote(target, at, "harness", "re-validation failed")
                        .expect("down");
                }
            }
            block.certification = certification.map(|(issued_at, length)| Certification {
                authority: "authority".to_owned(),
                signature: "c2ln".to_owned(),
                certificate_id: "cert-1".to_owned(),
                issued_at,
                expires_at: issued_at
                    .checked_add(jiff::SignedDuration::from_secs(length))
                    .expect("in range"),
                scope: vec!["all_operations".to_owned()],
            });
            block
        });
        let composite = (
            prop::collection::vec(("[a-z]{1,8}", any_level()), 1..5),
            any_level(),
            any::<bool>(),
        )
            .prop_map(|(components, claim, declares)| {
                let weakest = components
                    .iter()
                    .map(|c| c.1)
                    .min()
                    .unwrap_or(TrustLevel::Untested);
                TrustBlock {
                    composite: true,
                    components: components
                        .into_iter()
                        .map(|(api, level)| Component { api, level })
                        .collect(),
                    effective_level: declares.then(|| claim.min(weakest)),
                    ..TrustBlock::default()
                }
            });
        prop_oneof![linear, composite]
    }

    proptest! {
        #[test]
        fn parsing_any_string_never_panics(text in ".{0,200}") {
            let _ = TrustBlock::from_json(&text);
        }

        #[test]
        fn parsing_any_json_never_panics(value in any_json()) {
            let from_value = TrustBlock::from_value(&value);
            let from_json = TrustBlock::from_json(&value.to_string());
            // Both roads agree on whether the block is usable.
            prop_assert_eq!(from_value.is_ok(), from_json.is_ok());
        }

        #[test]
        fn valid_blocks_round_trip_through_json(block in any_valid_block()) {
            prop_assert_eq!(block.validate(), Ok(()));
            let text = serde_json::to_string(&block).expect("serialize");
            prop_assert_eq!(TrustBlock::from_json(&text), Ok(block));
        }

        #[test]
        fn effective_never_claims_more_than_declared(
            block in any_valid_block(),
            now in any_timestamp(),
        ) {
            let effective = block.effective(now);
            if block.composite {
                let weakest = block.components.iter().map(|c| c.level).min();
                prop_assert!(Some(effective.level) <= weakest);
                if let Some(declared) = block.effective_level {
                    prop_assert!(effective.level <= declared);
                }
            } else {
                let declared = block.level.expect("a valid linear block has a level");
                prop_assert!(effective.level <= declared);
                prop_assert_eq!(effective.level == declared, effective.reasons.is_empty());
            }
        }
    }
}
