//! Adapters' trust (trust-levels 3-4): each adapter's trust block, with its promotion history,
//! kept in the store once an operator changes it. Until then the block in `policy.json`
//! `adapters` applies; an adapter in neither is `untested` (trust-levels 6.1).
//!
//! Promotions go one level at a time, demotions any number of levels with a reason; both are
//! made by a person through the operator commands, written durably, and audited.

use airlock_core::{Certification, EffectiveTrust, TrustBlock, TrustLevel, trust::effective_of};
use airlock_store::{Durability, Table};
use jiff::Timestamp;
use serde::Serialize;
use serde_json::{Value, json};

use crate::approval::HumanChannel;
use crate::audit::AuditOutcome;
use crate::engine::Engine;
use crate::error::LoopError;
use crate::records::put_json;
use crate::step::describe_channel;

/// Where an adapter's trust block comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TrustSource {
    /// Changed by an operator; kept in the store.
    Store,
    /// As declared in `policy.json`.
    Policy,
    /// Declared nowhere: untested.
    None,
}

/// An adapter's trust, as `airlock trust show` and introspection report it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AdapterTrust {
    /// The adapter.
    pub adapter: String,
    /// Where the block comes from.
    pub source: TrustSource,
    /// The block, with its promotion history.
    pub block: Option<TrustBlock>,
    /// The level gating uses now (certification expiry and composites applied).
    pub effective: TrustLevel,
    /// Why the effective level differs from the declared one, if it does.
    pub reasons: Vec<String>,
}

/// Which way a change goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrustChange {
    /// Up one level (to the given level, which must be the next one; default: the next one).
    Promote(Option<TrustLevel>),
    /// Down to the given level (default: one level down).
    Demote(Option<TrustLevel>),
    /// A certification: promotes a community_reviewed adapter to certified with it, or renews
    /// a certified adapter's (see [`TrustBlock::certify`]).
    Certify(Box<Certification>),
}

impl Engine {
    fn trust_block(&self, adapter: &str) -> Result<(TrustSource, Option<TrustBlock>), LoopError> {
        let stored = self
            .store
            .get(Table::Trust, adapter)
            .map_err(|_| LoopError::store_failed("read the adapter's trust"))?;
        if let Some(bytes) = stored {
            // An unreadable record must not raise trust: it reads as untested.
            return Ok((TrustSource::Store, serde_json::from_slice(&bytes).ok()));
        }
        let policy = self.policy.current();
        match policy.config().adapters.get(adapter) {
            Some(declared) => {
                let block = declared
                    .trust
                    .as_ref()
                    .and_then(|v| TrustBlock::from_value(v).ok());
                Ok((TrustSource::Policy, block))
            }
            None => Ok((TrustSource::None, None)),
        }
    }

    /// An adapter's trust now: the operator's block in the store, else the policy's, else
    /// untested. A store that cannot be read gives `untested` (fail closed).
    pub fn adapter_trust(&self, adapter: &str, now: Timestamp) -> EffectiveTrust {
        match self.trust_block(adapter) {
            Ok((_, block)) => effective_of(block.as_ref(), now),
            Err(_) => effective_of(None, now),
        }
    }

    /// An adapter's trust, for people.
    pub fn trust_show(&self, adapter: &str) -> Result<AdapterTrust, LoopError> {
        let now = self.clock.now();
        let (source, block) = self.trust_block(adapter)?;
        let effective = effective_of(block.as_ref(), now);
        Ok(AdapterTrust {
            adapter: adapter.to_owned(),
            source,
            block,
            effective: effective.level,
            reasons: effective.reasons,
        })
    }

    /// A person promotes or demotes an adapter; the block (with its history) is written
    /// durably and the change audited.
    pub fn trust_change(
        &self,
        adapter: &str,
        change: TrustChange,
        by: HumanChannel,
        reason: Option<&str>,
    ) -> Result<AdapterTrust, LoopError> {
        if adapter.trim().is_empty() {
            return Err(LoopError::missing_param("adapter", "trust"));
        }
        let now = self.clock.now();
        let (_, block) = self.trust_block(adapter)?;
        let mut block = block.unwrap_or_else(|| TrustBlock::new(TrustLevel::Untested));
        let who = describe_channel(&by);
        let from = block.level.unwrap_or(TrustLevel::Untested);
        let mut certified = None;
        let result = match change {
            TrustChange::Promote(to) => {
                let to = to.or_else(|| from.next()).ok_or_else(|| LoopError {
                    code: "VALIDATION_OUT_OF_RANGE",
                    message: format!("adapter '{adapter}' is already certified"),
                    details: json!({"adapter": adapter}),
                })?;
                block.promote(to, now, &who, reason)
            }
            TrustChange::Demote(to) => {
                let to = to.or_else(|| from.previous()).ok_or_else(|| LoopError {
                    code: "VALIDATION_OUT_OF_RANGE",
                    message: format!("adapter '{adapter}' is already untested"),
                    details: json!({"adapter": adapter}),
                })?;
                block.demote(to, now, &who, reason.unwrap_or(""))
            }
            TrustChange::Certify(certification) => {
                certified = Some(format!(
                    ", certification {} from {} until {}",
                    certification.certificate_id, certification.authority, certification.expires_at
                ));
                block.certify(*certification, now, &who, reason)
            }
        };
        result.map_err(|e| LoopError {
            code: "VALIDATION_TRUST_CHANGE",
            message: format!("{e}"),
            details: json!({"adapter": adapter}),
        })?;
        put_json(
            self.store.as_ref(),
            Table::Trust,
            adapter,
            &block,
            Durability::Durable,
        )
        .map_err(|_| LoopError::store_failed("record the adapter's trust"))?;
        let to = block.level.unwrap_or(TrustLevel::Untested);
        let policy = self.policy.current();
        let mut entry = self.audit_entry(
            now,
            policy.generation(),
            "operator",
            None,
            "trust_change",
            0,
            AuditOutcome::TrustChanged,
            vec![format!(
                "adapter '{adapter}' trust {from} -> {to}{} by {who}{}",
                certified.unwrap_or_default(),
                reason.map(|r| format!(": {r}")).unwrap_or_default()
            )],
        );
        entry.adapter_name = Some(adapter.to_owned());
        entry.adapter_trust = Some(to.as_str().to_owned());
        entry.user_id = Some(by.user_id());
        let _ = self.audit(entry);
        self.trust_show(adapter)
    }

    /// `introspect {query: "adapter_info", name?}` (trust-levels 6.4): without a name, airlock
    /// itself; with one, that adapter's trust.
    pub fn adapter_info(&self, name: Option<&str>) -> Result<Value, LoopError> {
        match name {
            None => Ok(json!({
                "name": "airlock",
                "version": env!("CARGO_PKG_VERSION"),
                "description": "the execution safety loop (safety dongle); adapters it gates: introspect adapter_info with their name",
            })),
            Some(adapter) => {
                let t = self.trust_show(adapter)?;
                let mut trust = t
                    .block
                    .as_ref()
                    .and_then(|b| serde_json::to_value(b).ok())
                    .unwrap_or_else(|| json!({"level": "untested"}));
                trust["effective_level"] = json!(t.effective);
                trust["source"] = json!(t.source);
                Ok(json!({"name": adapter, "trust": trust}))
            }
        }
    }
}
