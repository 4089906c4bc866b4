//! Structured operations (a tool call with a name and params, as the gateway sees them) through
//! the native gate, with confirmation tokens (`security-confirmation-tokens.md`) for the ones a
//! person must confirm.
//!
//! A call that needs confirmation gets `CONFIRMATION_REQUIRED` with an approval id and a `conf_`
//! token bound to the call (operation, hash of the critical params, adapter), single use. The
//! token is **inert until a person approves** the approval through a human channel: the agent
//! holding it cannot confirm its own call (core spec 8.7.3). Once approved, the token is valid
//! for its danger level's lifetime from the approval (5 minutes for destructive and dangerous
//! operations, 2 for forbidden ones), and the retry with `params._confirmation` goes through
//! exactly once. A client that retries without the param is matched by its call.

use airlock_core::{
    AutonomyLevel, Endpoint, GateContext, GateRequest, Layer, Outcome, SafetyMode, ToolAnnotations,
    TrustLevel,
};
use airlock_store::{Change, Durability, Table};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tracing::info;

use crate::approval::{self, Approval, ApprovalState};
use crate::audit::{AuditOutcome, redact, token_hint};
use crate::engine::{Engine, Outgoing};
use crate::error::LoopError;
use crate::records::{json_change, put_json};
use crate::token::{CONFIRMATION_PARAM, ConfirmationToken, TokenRecord, lifetime, params_hash};

/// One tool call to decide.
#[derive(Debug, Clone, Copy)]
pub struct OperationCall<'a> {
    /// The agent (or client) making it.
    pub agent: &'a str,
    /// The adapter (MCP server) it goes to; its trust block in `policy.json` `adapters` gives
    /// the trust unless `trust` is set.
    pub adapter: &'a str,
    /// The operation (tool) name.
    pub operation: &'a str,
    /// Its CRUDE endpoint, when known.
    pub endpoint: Option<Endpoint>,
    /// Its params (a `_confirmation` param is read, and callers never forward it).
    pub params: &'a Value,
    /// Its MCP ToolAnnotations, when known.
    pub annotations: Option<&'a ToolAnnotations>,
    /// The adapter's trust level, instead of its trust block (the gateway's `--trust`).
    pub trust: Option<TrustLevel>,
    /// An autonomy level instead of the policy's.
    pub autonomy: Option<AutonomyLevel>,
    /// A safety mode instead of the policy's.
    pub safety_mode: Option<SafetyMode>,
    /// The adapter does not offer the operation (the gateway's upstream has no such tool).
    /// The attempt is refused with `NOT_FOUND_OPERATION` and audited as denied: an agent
    /// probing for tools leaves a record, and nothing is forwarded.
    pub not_offered: bool,
}

/// An owned [`OperationCall`], for callers in another process (the gateway forwards it to the
/// process that owns the state).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GateCall {
    /// See [`OperationCall::agent`].
    pub agent: String,
    /// See [`OperationCall::adapter`].
    pub adapter: String,
    /// See [`OperationCall::operation`].
    pub operation: String,
    /// See [`OperationCall::endpoint`].
    #[serde(default)]
    pub endpoint: Option<Endpoint>,
    /// See [`OperationCall::params`].
    #[serde(default)]
    pub params: Value,
    /// See [`OperationCall::annotations`].
    #[serde(default)]
    pub annotations: Option<ToolAnnotations>,
    /// See [`OperationCall::trust`].
    #[serde(default)]
    pub trust: Option<TrustLevel>,
    /// See [`OperationCall::autonomy`].
    #[serde(default)]
    pub autonomy: Option<AutonomyLevel>,
    /// See [`OperationCall::safety_mode`].
    #[serde(default)]
    pub safety_mode: Option<SafetyMode>,
    /// See [`OperationCall::not_offered`].
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_offered: bool,
    /// The caller's history of this session (repetitions, the same action's last run,
    /// notifications in the past hour), for repetition escalation, anti-flap and the
    /// notification-storm rule. Its `now` is ignored: the engine's clock decides.
    #[serde(default, skip_serializing_if = "is_default")]
    pub context: GateContext,
}

fn is_default(context: &GateContext) -> bool {
    *context == GateContext::default()
}

impl GateCall {
    /// The borrowed form.
    pub fn as_call(&self) -> OperationCall<'_> {
        OperationCall {
            agent: &self.agent,
            adapter: &self.adapter,
            operation: &self.operation,
            endpoint: self.endpoint,
            params: &self.params,
            annotations: self.annotations.as_ref(),
            trust: self.trust,
            autonomy: self.autonomy,
            safety_mode: self.safety_mode,
            not_offered: self.not_offered,
        }
    }
}

/// What to do with the call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "snake_case")]
pub enum GateAnswer {
    /// Forward it.
    Proceed {
        /// Why, for people.
        factors: Vec<String>,
        /// Whether a person's confirmation was used up for it.
        confirmed: bool,
    },
    /// Do not forward it; answer with what would be executed (autonomy A0: suggest only).
    Preview {
        /// The preview, for the agent.
        preview: Value,
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

/// The key under which a call's token digest is filed: the call (agent, adapter, operation,
/// params hash), not the token.
fn call_key(agent: &str, adapter: &str, operation: &str, params_hash: &str) -> String {
    let mut h = Sha256::new();
    for part in [agent, adapter, operation, params_hash] {
        h.update(part.as_bytes());
        h.update(b"\0");
    }
    format!("call:{}", data_encoding::HEXLOWER.encode(&h.finalize()))
}

impl Engine {
    /// Decides a structured operation: trust x danger, safety mode and autonomy in the native
    /// gate; an agent's hard block refuses everything; `confirm` and `verify` wait for a person,
    /// once per call; `preview` answers without forwarding.
    pub fn gate_operation(&self, call: OperationCall<'_>) -> Result<GateAnswer, LoopError> {
        self.gate_operation_in(call, &GateContext::default())
    }

    /// [`Self::gate_operation`] for an owned call, with the caller's history
    /// ([`GateCall::context`]).
    pub fn gate_call(&self, call: &GateCall) -> Result<GateAnswer, LoopError> {
        self.gate_operation_in(call.as_call(), &call.context)
    }

    /// [`Self::gate_operation`] with what the caller knows of the session's history; the time
    /// is always the engine's.
    pub fn gate_operation_in(
        &self,
        call: OperationCall<'_>,
        history: &GateContext,
    ) -> Result<GateAnswer, LoopError> {
        // The decision's span (exported over OTLP when configured): names and the answer,
        // never a parameter value.
        let span = tracing::info_span!(
            "airlock.gate",
            agent = call.agent,
            adapter = call.adapter,
            operation = call.operation,
            answer = tracing::field::Empty,
            error = tracing::field::Empty,
        );
        let _entered = span.enter();
        let answer = self.gate_operation_unspanned(call, history);
        match &answer {
            Ok(a) => {
                span.record(
                    "answer",
                    match a {
                        GateAnswer::Proceed { .. } => "proceed",
                        GateAnswer::Preview { .. } => "preview",
                        GateAnswer::Pending { .. } => "pending",
                        GateAnswer::Refused { .. } => "refused",
                    },
                );
            }
            Err(e) => {
                span.record("error", e.code);
            }
        }
        answer
    }

    fn gate_operation_unspanned(
        &self,
        call: OperationCall<'_>,
        history: &GateContext,
    ) -> Result<GateAnswer, LoopError> {
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
            if self
                .block_of(&state, &crate::identity::identity_key(call.agent))
                .is_blocked()
            {
                return Ok(GateAnswer::Refused {
                    error: LoopError::agent_blocked(call.agent, None).to_json(),
                });
            }
        }
        let trust = call
            .trust
            .unwrap_or_else(|| self.adapter_trust(call.adapter, now).level);
        let context = GateContext {
            now: Some(now),
            ..history.clone()
        };
        let mut request = GateRequest::new(call.operation, call.params, &context);
        request.endpoint = call.endpoint;
        request.annotations = call.annotations;
        request.trust = trust;
        request.autonomy = call.autonomy;
        request.safety_mode = call.safety_mode;
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

        if call.not_offered {
            // Refused whatever the gate says: there is nothing to run. The record keeps the
            // name's classification (not the other layers' verdicts, which did not decide), so
            // probing for `drop_database` stands out.
            let reasons = std::iter::once(format!(
                "adapter '{}' offers no operation '{}'",
                call.adapter, call.operation
            ))
            .chain(
                decision
                    .factors
                    .iter()
                    .filter(|f| f.layer == Layer::Danger)
                    .map(ToString::to_string),
            )
            .collect();
            let _ = audit(AuditOutcome::Denied, reasons, None);
            return Ok(GateAnswer::Refused {
                error: LoopError::operation_not_offered(call.operation, call.adapter).to_json(),
            });
        }
        match decision.outcome {
            Outcome::Allow => {
                // Every call is audited; calls of danger >= 2 durably before they go ahead.
                audit(AuditOutcome::Allowed, factors.clone(), None)
                    .map_err(|_| LoopError::store_failed("record the audit entry"))?;
                return Ok(GateAnswer::Proceed {
                    factors,
                    confirmed: false,
                });
            }
            Outcome::Deny | Outcome::Stop => {
                let _ = audit(AuditOutcome::Denied, factors.clone(), None);
                let error = decision
                    .error()
                    .and_then(|e| serde_json::to_value(e).ok())
                    .unwrap_or_else(|| json!({"code": "PERMISSION_DENIED", "message": "denied"}));
                return Ok(GateAnswer::Refused { error });
            }
            Outcome::Preview => {
                let _ = audit(AuditOutcome::Paused, factors.clone(), None);
                return Ok(GateAnswer::Preview {
                    preview: json!({
                        "preview": true,
                        "message": format!(
                            "Autonomy level {} is suggest-only: '{}' was not executed. This is \
                             what would run; a person can run it.",
                            decision.autonomy.map_or("A0", |a| a.as_str()),
                            call.operation
                        ),
                        "operation": call.operation,
                        "adapter": call.adapter,
                        "params": redact(call.params),
                        "danger_level": decision.danger_level,
                        "risk": decision.risk,
                        "factors": factors,
                    }),
                });
            }
            Outcome::Confirm | Outcome::Verify => {}
        }

        let store = self.store.as_ref();
        let hash = params_hash(call.operation, call.params);
        let key = call_key(
            &crate::identity::identity_key(call.agent),
            call.adapter,
            call.operation,
            &hash,
        );
        let presented = call.params.get(CONFIRMATION_PARAM);
        let digest = match presented {
            Some(token) => {
                let token = token.as_str().unwrap_or_default();
                Some((ConfirmationToken::digest_of(token), Some(token.to_owned())))
            }
            None => store
                .get(Table::Tokens, &key)
                .map_err(|_| LoopError::store_failed("read the confirmation token"))?
                .and_then(|b| String::from_utf8(b).ok())
                .map(|d| (d, None)),
        };
        if let Some((digest, shown)) = digest {
            let record = store
                .get(Table::Tokens, &digest)
                .map_err(|_| LoopError::store_failed("read the confirmation token"))?
                .and_then(|b| serde_json::from_slice::<TokenRecord>(&b).ok());
            match (record, &shown) {
                (None, Some(token)) => {
                    return Ok(GateAnswer::Refused {
                        error: token_error(
                            "TOKEN_INVALID",
                            "Confirmation token is not valid",
                            token,
                        ),
                    });
                }
                (None, None) => {}
                (Some(record), _) => {
                    let hint = shown.as_deref().map(token_hint);
                    match self.redeem(record, &call, &digest, &key, now)? {
                        Redeemed::Go(approval) => {
                            audit(
                                AuditOutcome::Confirmed,
                                vec![format!("confirmed by a person (approval {approval})")],
                                hint,
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
                        Redeemed::Waiting(approval) => {
                            let a = approval::load(store, &approval)
                                .map_err(|_| LoopError::store_failed("read the approval"))?;
                            if let Some(a) = a {
                                return Ok(GateAnswer::Pending {
                                    error: still_pending(&a, call.operation),
                                    approval_id: approval,
                                });
                            }
                        }
                        Redeemed::Refused(error) if shown.is_some() => {
                            let _ = audit(
                                AuditOutcome::Denied,
                                vec![format!("confirmation token refused: {}", error["code"])],
                                hint,
                            );
                            return Ok(GateAnswer::Refused { error });
                        }
                        // A stale token found by the call: ask afresh.
                        Redeemed::Refused(_) => {}
                    }
                }
            }
        }

        // A new request for a person, with its (inert) token: within the agent's rate limit.
        let config = &policy.config().safety_loop;
        let admitted = self.lock().approval_rate.admit(
            &crate::identity::identity_key(call.agent),
            now,
            &config.approval_requests,
        );
        if let Err(until) = admitted {
            let limit = config.approval_requests.max_requests;
            let _ = audit(
                AuditOutcome::Denied,
                vec![format!(
                    "approval request refused: {limit} requests in the window \
                     (safety_loop.approval_requests), no operator was messaged"
                )],
                None,
            );
            return Ok(GateAnswer::Refused {
                error: LoopError::approval_requests_limited(call.agent, limit, until).to_json(),
            });
        }
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
        let expires_at = now
            .saturating_add(SignedDuration::from_secs(i64::from(
                config.approval_ttl_seconds,
            )))
            .unwrap_or(now);
        let approval = Approval {
            id: id.clone(),
            agent: call.agent.to_owned(),
            why: reason.clone(),
            what: json!({
                "kind": "operation",
                "operation": call.operation,
                "adapter": call.adapter,
                "params": redact(call.params),
                "params_hash": hash,
                "danger_level": decision.danger_level.as_str(),
            }),
            how_to_approve: format!(
                "Approve with `airlock approve {id}` on the operator's machine (`airlock \
                 approvals` lists what waits); refuse with `airlock deny {id}`. The agent's own \
                 session cannot approve it."
            ),
            expires_at,
            trace_id: self.new_id(),
            state: ApprovalState::Pending,
        };
        let (token, mut record) = self.issuer.issue_token(
            call.operation,
            call.params,
            call.adapter,
            decision.danger_level,
            now,
            None,
        );
        // Inert until approved; it lives as long as the approval waits, then its own lifetime
        // from the approval.
        record.approval_id = Some(id.clone());
        record.expires_at = expires_at;
        // The request, its inert token and the call's key to that token are one commit: a
        // failure can leave no approval whose token is missing, and the three share one flush.
        let changes = [
            json_change(Table::Approvals, &approval.id, &approval),
            json_change(Table::Tokens, &record.digest, &record),
            Ok(Change::Put(
                Table::Tokens,
                key.clone(),
                record.digest.as_bytes().to_vec(),
            )),
        ];
        changes
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .and_then(|changes| store.commit_all(changes))
            .map_err(|_| LoopError::store_failed("record the approval request and its token"))?;
        let _ = audit(
            AuditOutcome::Paused,
            vec![reason],
            Some(token_hint(token.as_str())),
        );
        // Each request pays for a page of the purge, so expired ones go as fast as new ones
        // come.
        self.purge_after_write(&mut self.lock(), &[Table::Approvals, Table::Tokens], now);
        let mut error = decision
            .confirmation_error(token.as_str(), expires_at)
            .and_then(|e| serde_json::to_value(e).ok())
            .unwrap_or_else(|| {
                json!({"code": "CONFIRMATION_REQUIRED", "message": "a person must confirm this operation",
                       "details": {"confirmation_token": token.as_str()}})
            });
        error["details"]["approval_id"] = json!(id);
        error["details"]["how_to_approve"] = json!(approval.how_to_approve);
        error["message"] = json!(format!(
            "{} A person must approve it first (approval {id}); then retry the same call with \
             params._confirmation set to the token. The token does nothing until then.",
            error["message"]
                .as_str()
                .unwrap_or("This operation requires confirmation.")
        ));
        let problems = self.send(
            &policy,
            vec![Outgoing::Approval {
                approval,
                action: format!("{} on {}", call.operation, call.adapter),
            }],
        );
        if !problems.is_empty() {
            error["details"]["delivery_problems"] = json!(problems);
        }
        Ok(GateAnswer::Pending {
            approval_id: id,
            error,
        })
    }

    /// Checks a token record against the call and its approval; consumes it if the call may go.
    fn redeem(
        &self,
        mut record: TokenRecord,
        call: &OperationCall<'_>,
        digest: &str,
        key: &str,
        now: Timestamp,
    ) -> Result<Redeemed, LoopError> {
        let store = self.store.as_ref();
        let refused = |code: &str, message: String| {
            Redeemed::Refused(json!({"code": code, "message": message}))
        };
        // Scope first (spec 4.1), so a token for another call says so whatever its state.
        if let Err(e) = record.validate(call.operation, call.params, call.adapter, now)
            && matches!(e, crate::token::TokenError::ScopeMismatch { .. })
        {
            return Ok(refused(e.code(), e.to_string()));
        }
        let Some(approval_id) = record.approval_id.clone() else {
            return Ok(
                match record.redeem(call.operation, call.params, call.adapter, now) {
                    Ok(()) => {
                        put_json(store, Table::Tokens, digest, &record, Durability::Durable)
                            .map_err(|_| LoopError::store_failed("record the token's use"))?;
                        Redeemed::Go(String::new())
                    }
                    Err(e) => refused(e.code(), e.to_string()),
                },
            );
        };
        let mut a = approval::load(store, &approval_id)
            .map_err(|_| LoopError::store_failed("read the approval"))?
            .ok_or_else(|| LoopError::approval_not_found(&approval_id))?;
        match (&a.state, a.status(now)) {
            (ApprovalState::Pending, "pending") => return Ok(Redeemed::Waiting(approval_id)),
            (ApprovalState::Denied { .. }, _) => {
                return Ok(refused(
                    "TOKEN_INVALID",
                    format!("a person denied approval {approval_id}: the call will not run"),
                ));
            }
            (ApprovalState::Used { .. }, _) => {
                return Ok(refused(
                    "TOKEN_ALREADY_USED",
                    "Confirmation token has already been used".to_owned(),
                ));
            }
            (ApprovalState::Approved { at, .. }, _) => {
                // Valid for its danger level's lifetime from the approval.
                let until = at
                    .saturating_add(lifetime(record.danger_level, None))
                    .unwrap_or(*at);
                record.expires_at = until;
            }
            _ => {}
        }
        match record.redeem(call.operation, call.params, call.adapter, now) {
            Ok(()) => {
                a.use_once(now).map_err(|e| LoopError {
                    code: "TOKEN_INVALID",
                    message: e.to_string(),
                    details: json!({"approval_id": approval_id}),
                })?;
                // The approval is used first: if that write fails the call does not run.
                approval::save(store, &a)
                    .map_err(|_| LoopError::store_failed("record the approval's use"))?;
                put_json(store, Table::Tokens, digest, &record, Durability::Durable)
                    .map_err(|_| LoopError::store_failed("record the token's use"))?;
                let _ = store.remove(Table::Tokens, key, Durability::Durable);
                Ok(Redeemed::Go(approval_id))
            }
            Err(e) => Ok(refused(e.code(), e.to_string())),
        }
    }
}

enum Redeemed {
    Go(String),
    Waiting(String),
    Refused(Value),
}

fn still_pending(approval: &Approval, operation: &str) -> Value {
    json!({
        "code": "CONFIRMATION_REQUIRED",
        "message": format!(
            "Operation '{operation}' still waits for a person: approval {} is pending. Retry once \
             it is approved.",
            approval.id
        ),
        "details": {
            "operation": operation,
            "approval_id": approval.id,
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
