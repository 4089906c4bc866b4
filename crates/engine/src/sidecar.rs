//! `POST /v1/decide` on the engine's state: the explained decision of [`crate::decide`], with
//! what every other surface does around a decision.
//!
//! - **The policy is a floor the client cannot lower.** The safety mode, autonomy level, trust
//!   level and base risk in the body may only make the decision stricter than `policy.json`
//!   (and the operators' trust changes) make it: the stricter of the two is used for each, and
//!   `trust_notes` says when the client's value was not. The moment (`context.now`, which
//!   quiet hours and anti-flap read) is the server's.
//! - **A hard-blocked agent is refused** (`PERMISSION_AGENT_BLOCKED`), as in the loop and the
//!   gateway.
//! - **Every decision is audited**, durably for danger level 2 and up (danger-levels 7.4),
//!   and no decision is answered before its entry is written: durable entries are on disk
//!   first. Concurrent requests' durable writes share one commit (the store's group commit,
//!   `airlock_store::group_commit`), so each request still waits for its own record's fsync
//!   but not for every other request's; a write that fails answers with an error, never with
//!   the decision.
//! - **confirm / verify create an approval** that a person decides (`airlock approve ID`); the
//!   same request again (agent, adapter, operation, params, hint) waits on it while it is
//!   pending, proceeds **once** after a person approved it (`confirmed: true`), and is refused
//!   after a denial. Repeats while pending create no new approvals.

use airlock_core::{Outcome, SafetyMode, TrustLevel};
use airlock_store::{Durability, Table};
use jiff::{SignedDuration, Timestamp};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::approval::{self, Approval, ApprovalState};
use crate::audit::{AuditOutcome, redact};
use crate::decide::{DecideRequest, Report, decide};
use crate::engine::{Engine, Outgoing};
use crate::error::LoopError;

/// Why a decision could not be given.
#[derive(Debug, Clone)]
pub enum DecideError {
    /// The request is wrong (400): what to fix.
    Invalid(String),
    /// Refused whatever the request: the error object (`PERMISSION_AGENT_BLOCKED` for a
    /// blocked agent, `INTERNAL_ERROR` when the state cannot be written).
    Refused(Value),
}

/// The key of a request's approval among the tokens: the request, not the approval.
fn request_key(request: &DecideRequest, params: &Value) -> String {
    let mut h = Sha256::new();
    for part in [
        request.agent.as_deref().unwrap_or(""),
        request.adapter.as_deref().unwrap_or(""),
        request.operation.as_deref().unwrap_or(""),
        request.hint.as_deref().unwrap_or(""),
        &params.to_string(),
    ] {
        h.update(part.as_bytes());
        h.update(b"\0");
    }
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    format!("decide:{hex}")
}

/// The stricter of two safety modes (read-only is the strictest).
fn stricter_mode(a: SafetyMode, b: SafetyMode) -> SafetyMode {
    a.min(b)
}

impl Engine {
    /// Decides `request` as `/v1/decide` does: client values clamped to the policy, the agent's
    /// block consulted, the decision audited, an approval made or used on confirm. Returns the
    /// JSON answer.
    pub fn decide_recorded(&self, mut request: DecideRequest) -> Result<Value, DecideError> {
        let now = self.clock.now();
        let policy = self.policy.current();
        let gate = policy.gate();
        let mut notes = Vec::new();

        // The floor: the policy's safety mode, autonomy and the adapter's trust.
        let mode = request
            .safety_mode
            .map_or(gate.safety_mode, |m| stricter_mode(m, gate.safety_mode));
        if request.safety_mode.is_some_and(|m| m != mode) {
            notes.push(format!(
                "the client's safety mode is looser than the policy's: {mode} applies"
            ));
        }
        request.safety_mode = Some(mode);
        let policy_autonomy = gate.autonomy.level;
        let autonomy = match (request.autonomy, policy_autonomy) {
            (Some(c), Some(p)) => Some(c.min(p)),
            (c, p) => c.or(p),
        };
        if request.autonomy.is_some() && request.autonomy != autonomy {
            notes.push(format!(
                "the client's autonomy level is above the policy's: {} applies",
                autonomy.map_or("the policy's", |a| a.as_str())
            ));
        }
        request.autonomy = autonomy;
        let (floor, floor_source) = match request.adapter.as_deref() {
            Some(name) => {
                // The operators' trust changes, else the policy's block; an adapter neither
                // knows is untested (fail closed), and the notes say so.
                let effective = self.adapter_trust(name, now);
                if !gate.adapters.contains_key(name) && effective.level == TrustLevel::Untested {
                    notes.push(format!(
                        "adapter '{name}' is not in the policy's 'adapters': it is untested"
                    ));
                }
                (effective.level, format!("adapter '{name}'"))
            }
            None => (
                TrustLevel::Untested,
                "an adapter the policy does not name".to_owned(),
            ),
        };
        let trust = request.trust.map_or(floor, |t| t.min(floor));
        if request.trust.is_some_and(|t| t > floor) {
            notes.push(format!(
                "the client's trust level is above what the policy gives {floor_source} \
                 ({floor}): {trust} applies"
            ));
        }
        request.trust = Some(trust);
        request.adapter = None;
        let mut context = request.context.take().unwrap_or_default();
        if context.now.is_some_and(|t| t != now) {
            notes.push("the client's context.now is ignored: the server's clock applies".into());
        }
        context.now = Some(now);
        request.context = Some(context);

        let params = match &request.params {
            None => json!({}),
            Some(v @ Value::Object(_)) => v.clone(),
            Some(_) => {
                return decide(gate, Some(&policy), &request, now)
                    .map(|r| r.to_json())
                    .map_err(DecideError::Invalid);
            }
        };
        // The client's base risk may only raise the decision: decided with and without it,
        // the stricter report is answered.
        let client_risk = request.risk.take();
        let mut report =
            decide(gate, Some(&policy), &request, now).map_err(DecideError::Invalid)?;
        if let Some(risk) = client_risk {
            let mut with = request.clone();
            with.risk = Some(risk);
            let raised = decide(gate, Some(&policy), &with, now).map_err(DecideError::Invalid)?;
            if raised.outcome >= report.outcome {
                report = raised;
            } else {
                notes.push(format!(
                    "the client's risk '{risk}' would loosen the decision: the policy's applies"
                ));
            }
        }
        let mut answer = report.to_json();
        if !notes.is_empty() {
            let mut all = answer["trust_notes"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            all.extend(notes.into_iter().map(Value::from));
            answer["trust_notes"] = Value::Array(all);
        }

        let agent = request
            .agent
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .unwrap_or("(unnamed)")
            .to_owned();
        if request.agent.is_some() {
            let state = self.lock();
            if self.block_of(&state, &agent).is_blocked() {
                drop(state);
                let _ = self.decide_audit(
                    &request,
                    &report,
                    &agent,
                    now,
                    AuditOutcome::Denied,
                    vec![format!("agent '{agent}' is hard-blocked")],
                );
                return Err(DecideError::Refused(
                    LoopError::agent_blocked(&agent, None).to_json(),
                ));
            }
        }

        let reasons: Vec<String> = report_reasons(&report);
        match report.outcome {
            Outcome::Allow => {
                // Allowed answers go out only with their record (danger >= 2 durably).
                self.decide_audit(
                    &request,
                    &report,
                    &agent,
                    now,
                    AuditOutcome::Allowed,
                    reasons,
                )
                .map_err(|_| {
                    DecideError::Refused(
                        LoopError::store_failed("record the audit entry").to_json(),
                    )
                })?;
                Ok(answer)
            }
            Outcome::Deny | Outcome::Stop | Outcome::Preview => {
                let outcome = if report.outcome == Outcome::Preview {
                    AuditOutcome::Paused
                } else {
                    AuditOutcome::Denied
                };
                // No decision is answered without its record: a refusal whose entry could not
                // be written is an error (still no go-ahead), not a silent deny.
                self.decide_audit(&request, &report, &agent, now, outcome, reasons)
                    .map_err(|_| {
                        DecideError::Refused(
                            LoopError::store_failed("record the audit entry").to_json(),
                        )
                    })?;
                Ok(answer)
            }
            Outcome::Confirm | Outcome::Verify => {
                self.confirm_request(&request, &params, &report, &agent, now, reasons, answer)
            }
        }
    }

    /// The approval part: wait on, use, or ask for a person's decision about this request.
    #[allow(clippy::too_many_arguments)]
    fn confirm_request(
        &self,
        request: &DecideRequest,
        params: &Value,
        report: &Report,
        agent: &str,
        now: Timestamp,
        reasons: Vec<String>,
        mut answer: Value,
    ) -> Result<Value, DecideError> {
        let store = self.store.as_ref();
        let failed =
            |what: &'static str| DecideError::Refused(LoopError::store_failed(what).to_json());
        let key = request_key(request, params);
        let existing = store
            .get(Table::Tokens, &key)
            .map_err(|_| failed("read the approval"))?
            .and_then(|b| String::from_utf8(b).ok());
        if let Some(id) = existing
            && let Some(mut a) =
                approval::load(store, &id).map_err(|_| failed("read the approval"))?
        {
            match (&a.state, a.status(now)) {
                (ApprovalState::Pending, "pending") => {
                    self.decide_audit(
                        request,
                        report,
                        agent,
                        now,
                        AuditOutcome::Paused,
                        vec![format!("still waits for a person (approval {id})")],
                    )
                    .map_err(|_| failed("record the audit entry"))?;
                    with_approval(&mut answer, &a);
                    return Ok(answer);
                }
                (ApprovalState::Approved { .. }, "approved") => {
                    // Used before the answer leaves: if that write fails, nothing proceeds.
                    a.use_once(now)
                        .map_err(|_| failed("record the approval's use"))?;
                    approval::save(store, &a).map_err(|_| failed("record the approval's use"))?;
                    let _ = store.remove(Table::Tokens, &key, Durability::Durable);
                    self.decide_audit(
                        request,
                        report,
                        agent,
                        now,
                        AuditOutcome::Confirmed,
                        vec![format!("confirmed by a person (approval {id})")],
                    )
                    .map_err(|_| failed("record the audit entry"))?;
                    answer["outcome"] = json!(Outcome::Allow);
                    answer["confirmed"] = json!(true);
                    answer["approval_id"] = json!(id);
                    return Ok(answer);
                }
                (ApprovalState::Denied { .. }, _) => {
                    let _ = store.remove(Table::Tokens, &key, Durability::Durable);
                    self.decide_audit(
                        request,
                        report,
                        agent,
                        now,
                        AuditOutcome::Denied,
                        vec![format!("a person denied approval {id}")],
                    )
                    .map_err(|_| failed("record the audit entry"))?;
                    answer["outcome"] = json!(Outcome::Deny);
                    answer["approval_id"] = json!(id);
                    answer["error"] = json!({
                        "code": "PERMISSION_DENIED",
                        "message": format!("A person denied approval {id}: do not run this action."),
                        "details": {"approval_id": id},
                    });
                    return Ok(answer);
                }
                // Used or expired: ask afresh.
                _ => {}
            }
        }

        let policy = self.policy.current();
        let config = &policy.config().safety_loop;
        // A new request for a person: within the agent's rate limit (confirmation-tokens spec
        // 6.5), as the gate and the loop. Past it nothing is recorded and nobody is messaged.
        let admitted = self.lock().approval_rate.admit(
            &crate::identity::identity_key(agent),
            now,
            &config.approval_requests,
        );
        if let Err(until) = admitted {
            let limit = config.approval_requests.max_requests;
            self.decide_audit(
                request,
                report,
                agent,
                now,
                AuditOutcome::Denied,
                vec![format!(
                    "approval request refused: {limit} requests in the window \
                     (safety_loop.approval_requests), no operator was messaged"
                )],
            )
            .map_err(|_| failed("record the audit entry"))?;
            return Err(DecideError::Refused(
                LoopError::approval_requests_limited(agent, limit, until).to_json(),
            ));
        }
        let id = self.new_id();
        let action = match (&request.operation, &request.hint) {
            (Some(op), Some(hint)) => format!("{op}: {hint}"),
            (Some(op), None) => op.clone(),
            (None, Some(hint)) => hint.clone(),
            (None, None) => String::new(),
        };
        let why = reasons
            .first()
            .cloned()
            .unwrap_or_else(|| format!("'{action}' needs a person's confirmation"));
        let expires_at = now
            .saturating_add(SignedDuration::from_secs(i64::from(
                config.approval_ttl_seconds,
            )))
            .unwrap_or(now);
        let approval = Approval {
            id: id.clone(),
            agent: agent.to_owned(),
            why,
            what: json!({
                "kind": "decide",
                "operation": request.operation,
                "hint": request.hint,
                "params": redact(params),
                "danger_level": answer["danger_level"],
                "outcome": report.outcome,
            }),
            how_to_approve: format!(
                "Approve with `airlock approve {id}` on the operator's machine (`airlock \
                 approvals` lists what waits); refuse with `airlock deny {id}`. The same \
                 request to /v1/decide then proceeds once."
            ),
            expires_at,
            trace_id: self.new_id(),
            state: ApprovalState::Pending,
        };
        approval::save(store, &approval).map_err(|_| failed("record the approval request"))?;
        store
            .put(Table::Tokens, &key, id.as_bytes(), Durability::Durable)
            .map_err(|_| failed("record the approval request"))?;
        self.decide_audit(request, report, agent, now, AuditOutcome::Paused, reasons)
            .map_err(|_| failed("record the audit entry"))?;
        let problems = self.send(
            &policy,
            vec![Outgoing::Approval {
                approval: approval.clone(),
                action,
            }],
        );
        with_approval(&mut answer, &approval);
        if !problems.is_empty() {
            answer["delivery_problems"] = json!(problems);
        }
        Ok(answer)
    }

    fn decide_audit(
        &self,
        request: &DecideRequest,
        report: &Report,
        agent: &str,
        now: Timestamp,
        outcome: AuditOutcome,
        reasons: Vec<String>,
    ) -> Result<(), airlock_store::StoreError> {
        let danger = report
            .decision
            .as_ref()
            .map(|d| d.danger_level)
            .or(report.stages.as_ref().and_then(|e| e.danger_level))
            .map_or(0, |d| d.number());
        let operation = request
            .operation
            .clone()
            .unwrap_or_else(|| "(hint)".to_owned());
        let mut entry = self.audit_entry(
            now,
            self.policy.current().generation(),
            agent,
            None,
            &operation,
            danger,
            outcome,
            reasons,
        );
        entry.adapter_trust = request.trust.map(|t| t.as_str().to_owned());
        entry.parameters = match (&request.params, &request.hint) {
            (Some(p), None) => Some(redact(p)),
            (p, Some(h)) => Some(json!({"params": p.as_ref().map(redact), "hint": h})),
            (None, None) => None,
        };
        self.audit(entry)
    }
}

/// The decision's reasons, for the audit and the approval's `why`.
fn report_reasons(report: &Report) -> Vec<String> {
    let mut reasons: Vec<String> = report
        .decision
        .iter()
        .flat_map(|d| d.factors.iter())
        .filter(|f| f.outcome == report.outcome)
        .map(ToString::to_string)
        .collect();
    if let Some(e) = &report.stages {
        reasons.extend(e.matched.iter().map(|m| format!("matched '{}'", m.pattern)));
        if let (Some(tier), Some(score)) = (e.tier, e.score) {
            reasons.push(format!("risk score {score} ({tier})"));
        }
    }
    if reasons.is_empty() {
        reasons.push(format!("outcome {}", report.outcome.as_str()));
    }
    reasons
}

fn with_approval(answer: &mut Value, approval: &Approval) {
    answer["approval_id"] = json!(approval.id);
    answer["how_to_approve"] = json!(approval.how_to_approve);
    answer["expires_at"] = json!(approval.expires_at.to_string());
}
