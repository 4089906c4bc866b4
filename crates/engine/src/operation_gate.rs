//! Structured operations (a tool call with a name and params, as the gateway sees them) through
//! the native gate, with confirmation tokens (`security-confirmation-tokens.md`) for the ones a
//! person must confirm.
//!
//! A token is minted only when a person approves through a human channel, and is bound to the
//! agent's exact call: operation, hash of the critical params, adapter; single use; lifetime by
//! danger level. airlock keeps it: the agent's retry of the same call finds and redeems it, so no
//! bearer token ever passes through the agent (it could not confirm itself, and cannot leak one).
//! The operator who approved receives the token too, for clients that retry with an explicit
//! `_confirmation` param; such a param is checked with the `TOKEN_*` errors.

use airlock_core::{Endpoint, GateContext, GateRequest, Outcome, ToolAnnotations, TrustLevel};
use airlock_store::{Durability, Table};
use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tracing::info;

use crate::approval::{self, Approval, ApprovalState};
use crate::audit::{AuditOutcome, redact, token_hint};
use crate::engine::{Engine, Outgoing};
use crate::error::LoopError;
use crate::records::put_json;
use crate::token::{CONFIRMATION_PARAM, ConfirmationToken, TokenRecord, params_hash};

/// One tool call to decide.
#[derive(Debug, Clone, Copy)]
pub struct OperationCall<'a> {
    /// The agent making it.
    pub agent: &'a str,
    /// The adapter (MCP server) it goes to, as named in `policy.json` `adapters`.
    pub adapter: &'a str,
    /// The operation (tool) name.
    pub operation: &'a str,
    /// Its CRUDE endpoint, when known.
    pub endpoint: Option<Endpoint>,
    /// Its params (a `_confirmation` param is read and never forwarded by callers).
    pub params: &'a Value,
    /// Its MCP ToolAnnotations, when known.
    pub annotations: Option<&'a ToolAnnotations>,
}

/// What to do with the call.
#[derive(Debug, Clone, PartialEq)]
pub enum GateAnswer {
    /// Forward it.
    Proceed {
        /// Why, for people.
        factors: Vec<String>,
        /// Whether a person's confirmation was used up for it.
        confirmed: bool,
    },
    /// A person must approve first; the error to return (`CONFIRMATION_REQUIRED`).
    Pending {
        /// The approval.
        approval_id: String,
        /// The error object for the agent.
        error: Value,
    },
    /// Refused; the error to return.
    Refused {
        /// The error object for the agent.
        error: Value,
    },
}

/// What an operator's decision produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decided {
    /// The approval, as decided.
    pub approval: Approval,
    /// For an approved structured operation: its confirmation token (the operator's copy).
    pub confirmation_token: Option<ConfirmationToken>,
}

/// The key under which an approved call's token digest is filed: the call (agent, adapter,
/// operation, params hash), not the token.
fn call_key(agent: &str, adapter: &str, operation: &str, params_hash: &str) -> String {
    let mut h = Sha256::new();
    for part in [agent, adapter, operation, params_hash] {
        h.update(part.as_bytes());
        h.update(b"\0");
    }
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    format!("call:{hex}")
}

impl Engine {
    /// Decides a structured operation: trust x danger, safety mode and autonomy in the native
    /// gate; an agent's hard block refuses everything; `confirm` (and `verify`, `preview`)
    /// wait for a person, once per call.
    pub fn gate_operation(&self, call: OperationCall<'_>) -> Result<GateAnswer, LoopError> {
        if call.agent.trim().is_empty() {
            return Err(LoopError::missing_param("element_name", "gate_operation"));
        }
        if call.operation.trim().is_empty() {
            return Err(LoopError::missing_param("operation", "gate_operation"));
        }
        let now = self.clock.now();
        let policy = self.policy.current();
        let gate = policy.gate();
        {
            let state = self.lock();
            if self.block_of(&state, call.agent).is_blocked() {
                return Ok(GateAnswer::Refused {
                    error: LoopError::agent_blocked(call.agent, None).to_json(),
                });
            }
        }
        let trust = gate
            .adapter_trust(call.adapter, now)
            .map_or(TrustLevel::Untested, |t| t.level);
        let context = GateContext {
            now: Some(now),
            ..GateContext::default()
        };
        let mut request = GateRequest::new(call.operation, call.params, &context);
        request.endpoint = call.endpoint;
        request.annotations = call.annotations;
        request.trust = trust;
        let decision = gate.decide(&request);
        let factors: Vec<String> = decision.factors.iter().map(|f| f.to_string()).collect();
        let danger = decision.danger_level.number();
        let audit = |outcome: AuditOutcome, reasons: Vec<String>, token: Option<String>| {
            let mut entry = self.audit_entry(
                now,
                policy.generation(),
                call.agent,
                None,
                call.operation,
                danger,
                outcome,
                reasons,
            );
            entry.adapter_name = Some(call.adapter.to_owned());
            entry.adapter_trust = Some(trust.as_str().to_owned());
            entry.parameters = Some(redact(call.params));
            entry.confirmation_token = token;
            self.audit(entry)
        };

        if decision.outcome == Outcome::Allow {
            if danger >= 2 {
                audit(AuditOutcome::Allowed, factors.clone(), None)
                    .map_err(|_| LoopError::store_failed("record the audit entry"))?;
            }
            return Ok(GateAnswer::Proceed {
                factors,
                confirmed: false,
            });
        }
        if decision.outcome >= Outcome::Deny {
            let _ = audit(AuditOutcome::Denied, factors.clone(), None);
            let error = decision
                .error()
                .and_then(|e| serde_json::to_value(e).ok())
                .unwrap_or_else(|| json!({"code": "PERMISSION_DENIED", "message": "denied"}));
            return Ok(GateAnswer::Refused { error });
        }

        // A person must confirm: an explicit token, the call's own approved token, or a new
        // approval request.
        let store = self.store.as_ref();
        if let Some(presented) = call.params.get(CONFIRMATION_PARAM) {
            let token = presented.as_str().unwrap_or_default();
            let digest = ConfirmationToken::digest_of(token);
            let record = store
                .get(Table::Tokens, &digest)
                .map_err(|_| LoopError::store_failed("read the confirmation token"))?
                .and_then(|b| serde_json::from_slice::<TokenRecord>(&b).ok());
            let Some(mut record) = record else {
                return Ok(GateAnswer::Refused {
                    error: token_error("TOKEN_INVALID", "Confirmation token is not valid", token),
                });
            };
            if let Err(e) = record.redeem(call.operation, call.params, call.adapter, now) {
                let _ = audit(
                    AuditOutcome::Denied,
                    vec![format!("confirmation token refused: {e}")],
                    Some(token_hint(token)),
                );
                return Ok(GateAnswer::Refused {
                    error: token_error(e.code(), &e.to_string(), token),
                });
            }
            put_json(store, Table::Tokens, &digest, &record, Durability::Durable)
                .map_err(|_| LoopError::store_failed("record the token's use"))?;
            let _ = store.remove(
                Table::Tokens,
                &call_key(
                    call.agent,
                    call.adapter,
                    call.operation,
                    &params_hash(call.operation, call.params),
                ),
                Durability::Durable,
            );
            audit(
                AuditOutcome::Confirmed,
                factors.clone(),
                Some(token_hint(token)),
            )
            .map_err(|_| LoopError::store_failed("record the audit entry"))?;
            return Ok(GateAnswer::Proceed {
                factors,
                confirmed: true,
            });
        }
        let key = call_key(
            call.agent,
            call.adapter,
            call.operation,
            &params_hash(call.operation, call.params),
        );
        if let Some(digest) = store
            .get(Table::Tokens, &key)
            .map_err(|_| LoopError::store_failed("read the confirmation token"))?
            .and_then(|b| String::from_utf8(b).ok())
            && let Some(mut record) = store
                .get(Table::Tokens, &digest)
                .map_err(|_| LoopError::store_failed("read the confirmation token"))?
                .and_then(|b| serde_json::from_slice::<TokenRecord>(&b).ok())
        {
            if record
                .redeem(call.operation, call.params, call.adapter, now)
                .is_ok()
            {
                put_json(store, Table::Tokens, &digest, &record, Durability::Durable)
                    .map_err(|_| LoopError::store_failed("record the token's use"))?;
                let _ = store.remove(Table::Tokens, &key, Durability::Durable);
                audit(
                    AuditOutcome::Confirmed,
                    factors.clone(),
                    Some(format!("{}...", &digest[..8])),
                )
                .map_err(|_| LoopError::store_failed("record the audit entry"))?;
                info!(
                    agent = call.agent,
                    operation = call.operation,
                    "confirmed call proceeds"
                );
                return Ok(GateAnswer::Proceed {
                    factors,
                    confirmed: true,
                });
            }
            let _ = store.remove(Table::Tokens, &key, Durability::Durable);
        }

        // One pending approval per call, however often the agent retries.
        let pending_key = format!("pending:{}", &key["call:".len()..]);
        if let Some(id) = store
            .get(Table::Tokens, &pending_key)
            .ok()
            .flatten()
            .and_then(|b| String::from_utf8(b).ok())
            && let Ok(Some(a)) = approval::load(store, &id)
            && a.status(now) == "pending"
        {
            return Ok(GateAnswer::Pending {
                error: confirmation_required(&a, call.operation, danger),
                approval_id: id,
            });
        }
        let config = &policy.config().safety_loop;
        let id = self.new_id();
        let reason = decision
            .confirmation
            .as_ref()
            .and_then(|c| c.message.clone())
            .unwrap_or_else(|| {
                format!(
                    "'{}' on adapter '{}' is {} (danger level {danger}) and needs a person's \
                     confirmation",
                    call.operation,
                    call.adapter,
                    decision.danger_level.as_str()
                )
            });
        let approval = Approval {
            id: id.clone(),
            agent: call.agent.to_owned(),
            why: reason.clone(),
            what: json!({
                "kind": "operation",
                "operation": call.operation,
                "adapter": call.adapter,
                "params": redact(call.params),
                "params_hash": params_hash(call.operation, call.params),
                "danger_level": decision.danger_level.as_str(),
            }),
            how_to_approve: format!(
                "Approve with `airlock approvals approve {id}` on the operator's machine (or \
                 the operator API); refuse with `airlock approvals deny {id}`. The agent's own \
                 session cannot approve it."
            ),
            expires_at: now
                .saturating_add(SignedDuration::from_secs(i64::from(
                    config.approval_ttl_seconds,
                )))
                .unwrap_or(now),
            trace_id: self.new_id(),
            state: ApprovalState::Pending,
        };
        approval::save(store, &approval)
            .map_err(|_| LoopError::store_failed("record the approval request"))?;
        let _ = store.put(
            Table::Tokens,
            &pending_key,
            id.as_bytes(),
            Durability::Durable,
        );
        let _ = audit(AuditOutcome::Paused, vec![reason], None);
        let error = confirmation_required(&approval, call.operation, danger);
        let problems = self.send(
            &policy,
            vec![Outgoing::Approval {
                approval,
                action: format!("{} on {}", call.operation, call.adapter),
            }],
        );
        let mut error = error;
        if !problems.is_empty() {
            error["details"]["delivery_problems"] = json!(problems);
        }
        Ok(GateAnswer::Pending {
            approval_id: id,
            error,
        })
    }

    /// Mints the confirmation token of an approved structured operation, bound to the exact
    /// call, and files it under the call so the agent's retry finds it.
    pub(crate) fn mint_token(
        &self,
        approval: &Approval,
        now: Timestamp,
    ) -> Result<Option<ConfirmationToken>, LoopError> {
        if approval.what.get("kind").and_then(Value::as_str) != Some("operation") {
            return Ok(None);
        }
        let field = |name: &str| {
            approval
                .what
                .get(name)
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned()
        };
        let (operation, adapter, hash) =
            (field("operation"), field("adapter"), field("params_hash"));
        let danger = airlock_core::DangerLevel::parse_name_or_number(&field("danger_level"))
            .unwrap_or(airlock_core::DangerLevel::Forbidden);
        // The record is bound to the params hash the person saw; the token's params are not
        // kept (only their hash), so the record is built from it directly.
        let (token, mut record) =
            self.issuer
                .issue_token(&operation, &Value::Null, &adapter, danger, now, None);
        record.params_hash = hash.clone();
        let store = self.store.as_ref();
        put_json(
            store,
            Table::Tokens,
            &record.digest,
            &record,
            Durability::Durable,
        )
        .map_err(|_| LoopError::store_failed("record the confirmation token"))?;
        store
            .put(
                Table::Tokens,
                &call_key(&approval.agent, &adapter, &operation, &hash),
                record.digest.as_bytes(),
                Durability::Durable,
            )
            .map_err(|_| LoopError::store_failed("record the confirmation token"))?;
        Ok(Some(token))
    }
}

fn confirmation_required(approval: &Approval, operation: &str, danger: u8) -> Value {
    json!({
        "code": "CONFIRMATION_REQUIRED",
        "message": format!(
            "Operation '{operation}' requires a person's confirmation: approval {} waits. \
             Retry the same call once it is approved (confirm_operation reports its state).",
            approval.id
        ),
        "details": {
            "operation": operation,
            "danger_level": danger,
            "approval_id": approval.id,
            "reason": approval.why,
            "how_to_approve": approval.how_to_approve,
            "expires_at": approval.expires_at.to_string(),
        }
    })
}

fn token_error(code: &str, message: &str, token: &str) -> Value {
    json!({
        "code": code,
        "message": message,
        "details": {"token": token_hint(token)},
    })
}
