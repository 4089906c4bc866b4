//! Agent-host hooks: one tool call of a coding agent (Claude Code, Codex CLI, Gemini CLI, Cursor,
//! Copilot CLI), reported by the host before it runs the tool, judged and answered at once.
//!
//! Why a decision of its own rather than a `record_execution_step`: the host, not the agent,
//! reports, and it needs an answer now (allow, ask its user, deny). The loop's pauses would
//! leave the session waiting for an approval the host's user already gave by clicking "yes", and
//! its step limit would stop every long coding session. What the loop's rules are for is kept:
//! the session is the agent (`<host>:<session id>`), a hard block holds for it until a person
//! verifies the challenge or lifts it, the WebAssembly stages judge the action (the shell command
//! itself, or a sentence naming the file or URL), a structured operation (an MCP tool) goes
//! through the native gate with its adapter's trust, a floor set by the caller (the path grading
//! of `airlock hook`) can only raise the outcome, and every decision is audited. The session's
//! last tool calls go to the stages as recent hints, as an execution's steps do, so an action
//! split over several calls is judged whole.
//!
//! What a person does, by outcome: `confirm` is asked of the host's user where the host can ask
//! (else it becomes an approval); `verify` always needs `airlock approve ID` out of band, after
//! which the same action from the same session goes through once; `deny` refuses; `stop`
//! hard-blocks the session, and the code of its challenge goes to the human channels.

use airlock_core::limits::MAX_HINT_BYTES;
use airlock_core::{GateContext, GateRequest, LoopMode, Outcome};
use airlock_store::{Change, Durability, Table};
use airlock_wasm::Action;
use jiff::SignedDuration;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tracing::info;

use crate::approval::{self, Approval, ApprovalState};
use crate::audit::{AuditOutcome, redact};
use crate::blocks::{BlockState, BlockTrigger};
use crate::engine::{Engine, Outgoing};
use crate::error::LoopError;
use crate::execution::{Execution, ExecutionState, normalize};
use crate::pipeline::{self, Verdict};
use crate::records::json_change;

/// The least outcome a caller demands for an action, and why (e.g. a write to `~/.ssh`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookFloor {
    /// The outcome the action gets at least.
    pub outcome: Outcome,
    /// Why, for people.
    pub reason: String,
}

/// One tool call a host reports before running it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HookCall {
    /// The session as an agent: `<host>:<session id>`.
    pub agent: String,
    /// The host (`claude-code`, `codex`, ...).
    pub host: String,
    /// The host's name for the tool (`Bash`, `run_shell_command`, ...).
    pub tool: String,
    /// What the WebAssembly stages judge: a shell command as it will run, or a sentence naming
    /// the action and its target.
    pub hint: String,
    /// A structured operation (an MCP tool's name), for the native gate.
    #[serde(default)]
    pub operation: Option<String>,
    /// The adapter (MCP server) the operation goes to; its trust decides with the danger level.
    #[serde(default)]
    pub adapter: Option<String>,
    /// The CRUDE endpoint the operation came through (an MCP-AQL endpoint tool's family), for
    /// the classification's endpoint default.
    #[serde(default)]
    pub endpoint: Option<airlock_core::Endpoint>,
    /// The operation's params (an object).
    #[serde(default)]
    pub params: Value,
    /// Floors set by the caller's grading; the strictest applies.
    #[serde(default)]
    pub floors: Vec<HookFloor>,
    /// Whether the host can ask its user (answer `ask`); if not, `confirm` needs an approval.
    #[serde(default)]
    pub can_ask: bool,
}

/// What the host is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HookVerdict {
    /// Run the tool.
    Allow,
    /// Ask the host's user first.
    Ask,
    /// Do not run it.
    Deny,
}

/// The answer to a [`HookCall`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HookAnswer {
    /// What the host does.
    pub verdict: HookVerdict,
    /// The outcome on airlock's lattice (`allow` ... `stop`).
    pub outcome: Outcome,
    /// Why, in one line.
    pub reason: String,
    /// What a person can do about a refusal (an `airlock` command), when anything.
    #[serde(default)]
    pub remedy: Option<String>,
    /// The challenge whose code lifts the session's hard block.
    #[serde(default)]
    pub challenge_id: Option<String>,
    /// The approval a person can grant.
    #[serde(default)]
    pub approval_id: Option<String>,
    /// Every layer's reasons.
    #[serde(default)]
    pub factors: Vec<String>,
}

/// A host's report that a tool call ran (post-tool-use), for the audit log.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HookOutcome {
    /// The session as an agent.
    pub agent: String,
    /// The host.
    pub host: String,
    /// The host's tool name.
    pub tool: String,
    /// The action, as judged before it ran.
    pub hint: String,
    /// Whether the host reports success.
    pub success: bool,
    /// The host's words about a failure, shortened.
    #[serde(default)]
    pub detail: Option<String>,
}

/// The key under which the approval of one session's exact action is filed.
fn action_key(call: &HookCall) -> String {
    let mut h = Sha256::new();
    for part in [
        call.agent.as_str(),
        call.operation.as_deref().unwrap_or(""),
        &normalize(&call.hint),
    ] {
        h.update(part.as_bytes());
        h.update(b"\0");
    }
    let hex: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
    format!("hook:{hex}")
}

fn answer(verdict: HookVerdict, outcome: Outcome, reason: String) -> HookAnswer {
    HookAnswer {
        verdict,
        outcome,
        reason,
        remedy: None,
        challenge_id: None,
        approval_id: None,
        factors: Vec::new(),
    }
}

/// The longest failure detail kept in the audit log.
const MAX_DETAIL: usize = 512;

/// How much of an over-limit text the audit entry keeps (its start; the size is noted).
const AUDITED_START: usize = 1024;

impl Engine {
    /// The session's recent tool calls, oldest first (what the stages get as `recent_hints`),
    /// and this call noted among them. A hook session has no `execute_agent`, so its history is
    /// kept as an execution record of its own, `hook:<identity key>`, written lazily and marked
    /// ended at its last call: the purge forgets a session idle past the grace period, and no
    /// restart picks it up as a running execution. Repetition is not counted here: the host asks
    /// its user about a confirm-tier call, and a person who said yes twice must not be asked
    /// for a code the third time.
    fn hook_history(
        &self,
        agent: &str,
        agent_key: &str,
        hint: &str,
        now: jiff::Timestamp,
    ) -> Vec<String> {
        let id = format!("hook:{agent_key}");
        // Under the state lock: an owner answers parallel hook calls on several threads, and
        // each call's read-modify-write must see the one before.
        let _state = self.lock();
        let mut history = self
            .store
            .get(Table::Executions, &id)
            .ok()
            .flatten()
            .and_then(|b| serde_json::from_slice::<Execution>(&b).ok())
            .unwrap_or_else(|| Execution {
                id: id.clone(),
                agent: agent.to_owned(),
                agent_key: agent_key.to_owned(),
                goal: Some("the tool calls of a hook session".to_owned()),
                started_at: now,
                ended_at: None,
                state: ExecutionState::Completed,
                steps: 0,
                autonomous_steps: 0,
                max_autonomous_steps: 0,
                risk_tolerance: airlock_core::RiskTolerance::Moderate,
                recent_hints: Vec::new(),
                repetitions: Default::default(),
                end_reason: None,
                approval_window: None,
                saved_at: None,
            });
        let recent = history.recent_hints.clone();
        history.note_hint(hint);
        history.steps = history.steps.saturating_add(1);
        history.ended_at = Some(now);
        match serde_json::to_vec(&history) {
            Ok(bytes) => {
                if let Err(e) = self
                    .store
                    .put(Table::Executions, &id, &bytes, Durability::Lazy)
                {
                    tracing::warn!(agent, error = %e, "the hook session's history was not saved");
                }
            }
            Err(e) => tracing::warn!(agent, error = %e, "the hook session's history was not saved"),
        }
        recent
    }

    /// Counts an approval request of a hook session against its limit, in the session's record
    /// (`hook:<identity key>`, written by [`Engine::hook_history`] earlier in the same call), so
    /// the count holds across the hook's processes: `Ok(Err(until))` past the limit. A record
    /// that cannot be read or written is an error (the caller refuses the tool call): a limit
    /// that cannot be kept is no reason to message the operator without one.
    fn admit_hook_approval(
        &self,
        agent_key: &str,
        limit: &airlock_core::ApprovalRequests,
        now: jiff::Timestamp,
    ) -> Result<Result<(), jiff::Timestamp>, LoopError> {
        let failed = || LoopError::store_failed("count the session's approval requests");
        let id = format!("hook:{agent_key}");
        let _state = self.lock();
        let mut history = self
            .store
            .get(Table::Executions, &id)
            .map_err(|_| failed())?
            .and_then(|bytes| serde_json::from_slice::<Execution>(&bytes).ok())
            .ok_or_else(failed)?;
        let admitted =
            crate::approval_rate::ApprovalWindow::admit(&mut history.approval_window, now, limit);
        if admitted.is_ok() {
            let bytes = serde_json::to_vec(&history).map_err(|_| failed())?;
            self.store
                .put(Table::Executions, &id, &bytes, Durability::Lazy)
                .map_err(|_| failed())?;
        }
        Ok(admitted)
    }

    /// Judges one tool call of a host's session. Errors mean nothing could be decided (a store
    /// that cannot be read or written, a call without a session or action): the caller refuses
    /// the tool call.
    pub fn hook_decide(&self, call: &HookCall) -> Result<HookAnswer, LoopError> {
        let agent = call.agent.trim();
        // Blocks are filed by the agent's identity (`crate::identity`).
        let agent_key = crate::identity::identity_key(agent);
        if agent_key.is_empty() {
            return Err(LoopError::missing_param("session_id", "hook"));
        }
        if call.hint.trim().is_empty() {
            return Err(LoopError::missing_param("tool_input", "hook"));
        }
        let policy = self.policy.current();
        let mode = self.mode_of(&policy);
        let now = self.clock.now();
        let generation = policy.generation();
        let over_limit = call.hint.len() > MAX_HINT_BYTES;
        // An over-limit text is recorded by its start and its size, not kept whole.
        let recorded: std::borrow::Cow<'_, str> = if over_limit {
            let mut end = AUDITED_START;
            while !call.hint.is_char_boundary(end) {
                end -= 1;
            }
            format!(
                "{} [... {} bytes in all]",
                &call.hint[..end],
                call.hint.len()
            )
            .into()
        } else {
            call.hint.as_str().into()
        };
        let audit = |outcome: AuditOutcome, danger: u8, reasons: Vec<String>| {
            let mut entry = self.audit_entry(
                now, generation, agent, None, &recorded, danger, outcome, reasons,
            );
            entry.adapter_name = call.adapter.clone();
            entry.parameters = Some(redact(&json!({
                "host": call.host,
                "tool": call.tool,
                "operation": call.operation,
                "params": call.params,
            })));
            self.audit(entry)
                .map_err(|_| LoopError::store_failed("record the audit entry"))
        };
        match mode {
            LoopMode::Disabled => {
                return Ok(answer(
                    HookVerdict::Allow,
                    Outcome::Allow,
                    "the safety loop is disabled: not evaluated".to_owned(),
                ));
            }
            LoopMode::Logging => {
                let reason = "the safety loop is logging: recorded, not evaluated".to_owned();
                audit(AuditOutcome::Allowed, 0, vec![reason.clone()])?;
                return Ok(answer(HookVerdict::Allow, Outcome::Allow, reason));
            }
            LoopMode::Monitoring | LoopMode::Enforcing => {}
        }
        let enforcing = mode == LoopMode::Enforcing;

        // The session's hard block refuses everything, however harmless.
        if enforcing {
            let state = self.lock();
            match self.block_of(&state, &agent_key) {
                BlockState::Clear => {}
                BlockState::Blocked(b) => {
                    drop(state);
                    let reason = format!(
                        "session '{agent}' is hard-blocked ({}): every tool call is refused until a \
                         person lifts the block",
                        b.reason
                    );
                    audit(AuditOutcome::Denied, 4, vec![reason.clone()]).ok();
                    let mut a = answer(HookVerdict::Deny, Outcome::Stop, reason);
                    a.remedy = Some(verify_remedy(&b.challenge_id, agent));
                    a.challenge_id = Some(b.challenge_id);
                    return Ok(a);
                }
                BlockState::Unreadable(_) => {
                    drop(state);
                    let reason = format!(
                        "session '{agent}' has a block record that cannot be read: every tool \
                         call is refused until an operator looks"
                    );
                    audit(AuditOutcome::Denied, 4, vec![reason.clone()]).ok();
                    let mut a = answer(HookVerdict::Deny, Outcome::Stop, reason);
                    a.remedy = Some(format!("an operator runs `airlock unblock '{agent}'`"));
                    return Ok(a);
                }
            }
        }

        // Judged whole or not at all: the stages read at most MAX_HINT_BYTES, and a text cut
        // to fit would let whatever follows the cut through unjudged (`echo <8 KiB> ; curl
        // ... | sh`). The same limit as `nextActionHint` and `/v1/decide`'s hint.
        if over_limit {
            let reason = format!(
                "the tool call's text is over the {} KiB ({MAX_HINT_BYTES} bytes) airlock judges: \
                 refused whole rather than judged in part",
                MAX_HINT_BYTES / 1024
            );
            if !enforcing {
                audit(
                    AuditOutcome::Allowed,
                    3,
                    vec![format!("monitoring: would deny ({reason})")],
                )?;
                return Ok(answer(
                    HookVerdict::Allow,
                    Outcome::Allow,
                    "monitoring mode: deny was not enforced".to_owned(),
                ));
            }
            audit(AuditOutcome::Denied, 3, vec![reason.clone()])?;
            let mut a = answer(HookVerdict::Deny, Outcome::Deny, reason);
            a.remedy = Some(format!(
                "split it into smaller tool calls of under {} KiB each, or put long data in a \
                 file the command reads",
                MAX_HINT_BYTES / 1024
            ));
            return Ok(a);
        }

        // A person's approval of exactly this action, asked for by an earlier refusal.
        let key = action_key(call);
        if enforcing && let Some(found) = self.approved_before(&key, now)? {
            match found {
                Approved::Go(id) => {
                    let reason = format!("approved by a person (approval {id}): runs once");
                    audit(AuditOutcome::Confirmed, 2, vec![reason.clone()])?;
                    let mut a = answer(HookVerdict::Allow, Outcome::Allow, reason);
                    a.approval_id = Some(id);
                    return Ok(a);
                }
                Approved::Waiting(a) => {
                    let reason = format!(
                        "approval {} for this action still waits for a person ({})",
                        a.id, a.why
                    );
                    audit(AuditOutcome::Paused, 2, vec![reason.clone()]).ok();
                    let mut out = answer(HookVerdict::Deny, Outcome::Confirm, reason);
                    out.remedy = Some(approve_remedy(&a.id));
                    out.approval_id = Some(a.id);
                    return Ok(out);
                }
                Approved::Refused(id) => {
                    let reason = format!("a person refused approval {id} for this action");
                    audit(AuditOutcome::Denied, 2, vec![reason.clone()]).ok();
                    let mut a = answer(HookVerdict::Deny, Outcome::Deny, reason);
                    a.approval_id = Some(id);
                    return Ok(a);
                }
            }
        }

        // The native gate, for a structured operation.
        let mut factors = Vec::new();
        let mut decided = (
            Outcome::Allow,
            "no layer objected".to_owned(),
            None::<BlockTrigger>,
        );
        let mut raise = |outcome: Outcome, reason: String, trigger: Option<BlockTrigger>| {
            if outcome > decided.0 {
                decided = (outcome, reason, trigger);
            }
        };
        let mut danger = 0u8;
        let mut gate_danger = None;
        if let Some(operation) = call.operation.as_deref() {
            let adapter = call.adapter.as_deref().unwrap_or("");
            let trust = self.adapter_trust(adapter, now).level;
            let context = GateContext {
                now: Some(now),
                ..GateContext::default()
            };
            let params = match &call.params {
                v @ Value::Object(_) => v.clone(),
                _ => json!({}),
            };
            let mut request = GateRequest::new(operation, &params, &context);
            request.trust = trust;
            request.endpoint = call.endpoint;
            let decision = policy.gate().decide(&request);
            factors.extend(decision.factors.iter().map(|f| f.to_string()));
            danger = danger.max(decision.danger_level.number());
            gate_danger = Some(decision.danger_level);
            let why = decision
                .error()
                .map(|e| e.message.clone())
                .unwrap_or_else(|| {
                    format!(
                        "'{operation}' on '{adapter}' is {} (danger level {}), adapter trust {}",
                        decision.danger_level.as_str(),
                        decision.danger_level.number(),
                        trust.as_str()
                    )
                });
            // As in the gateway: the gate refuses, it does not block the session.
            let outcome = match decision.outcome {
                Outcome::Stop | Outcome::Preview => Outcome::Deny,
                o => o,
            };
            raise(outcome, why, None);
        }

        // The WebAssembly stages, on the action as the agent will run it, with the session's
        // earlier tool calls as context: an action split over calls (read a key, then send
        // "it") is judged as the whole it makes.
        let recent_hints = self.hook_history(agent, &agent_key, &call.hint, now);
        let eval = policy.evaluate_owned(Action {
            agent: agent.to_owned(),
            recent_hints,
            hint: call.hint.clone(),
            operation: call.operation.clone(),
            params_json: call.operation.as_ref().map(|_| call.params.to_string()),
            danger_level: gate_danger,
            ..Action::default()
        });
        let tolerance = policy
            .config()
            .safety_loop
            .agent_defaults(agent, policy.tolerance())
            .1;
        let assessed = pipeline::assess(&eval, tolerance, 1, 0);
        factors.extend(assessed.factors.iter().cloned());
        danger = danger.max(eval.danger_level.map_or(0, |d| d.number()));
        let stage_reason = assessed.reason.clone().unwrap_or_default();
        match assessed.verdict {
            Verdict::Proceed => {}
            Verdict::Approve(_) => raise(Outcome::Confirm, stage_reason, None),
            Verdict::Verify => raise(Outcome::Verify, stage_reason, None),
            Verdict::Stop(trigger) => raise(Outcome::Stop, stage_reason, Some(trigger)),
        }

        // The caller's grading (paths, airlock's own commands).
        for floor in &call.floors {
            factors.push(floor.reason.clone());
            let trigger = (floor.outcome == Outcome::Stop).then_some(BlockTrigger::DenyPattern);
            raise(floor.outcome, floor.reason.clone(), trigger);
        }

        let (outcome, reason, trigger) = decided;
        let danger = danger.max(match outcome {
            Outcome::Stop => 4,
            Outcome::Verify | Outcome::Deny | Outcome::Preview => 3,
            Outcome::Confirm => 2,
            Outcome::Allow => 0,
        });

        if !enforcing {
            let mut reasons = factors.clone();
            if outcome != Outcome::Allow {
                reasons.insert(0, format!("monitoring: would {outcome} ({reason})"));
            }
            audit(AuditOutcome::Allowed, danger, reasons)?;
            let mut a = answer(
                HookVerdict::Allow,
                Outcome::Allow,
                format!("monitoring mode: {outcome} was not enforced"),
            );
            a.factors = factors;
            return Ok(a);
        }

        let mut a = match outcome {
            Outcome::Allow => {
                audit(AuditOutcome::Allowed, danger, factors.clone())?;
                answer(HookVerdict::Allow, Outcome::Allow, reason)
            }
            Outcome::Confirm if call.can_ask => {
                let mut reasons = vec![format!("asked the user in {}: {reason}", call.host)];
                reasons.extend(factors.iter().cloned());
                // An action that goes to the user unrecorded must not happen.
                audit(AuditOutcome::Paused, danger, reasons)?;
                answer(HookVerdict::Ask, Outcome::Confirm, reason)
            }
            Outcome::Confirm | Outcome::Verify => {
                // Within the session's limit of approval requests, as the gate, the loop and
                // `/v1/decide`: past it nothing is recorded and nobody is messaged.
                let limit = &policy.config().safety_loop.approval_requests;
                if let Err(until) = self.admit_hook_approval(&agent_key, limit, now)? {
                    let refused =
                        LoopError::approval_requests_limited(agent, limit.max_requests, until);
                    let mut reasons = vec![format!(
                        "approval request refused: {} requests in the window \
                         (safety_loop.approval_requests), no operator was messaged: {reason}",
                        limit.max_requests
                    )];
                    reasons.extend(factors.iter().cloned());
                    audit(AuditOutcome::Denied, danger, reasons)?;
                    let mut a = answer(HookVerdict::Deny, outcome, refused.message);
                    a.remedy = Some(
                        "a person decides the approvals that wait (`airlock approvals`); new \
                         ones can be asked for once the window has passed"
                            .to_owned(),
                    );
                    a.factors = factors;
                    return Ok(a);
                }
                let id = self.ask_for_approval(&policy, call, &key, &reason, now)?;
                let mut reasons = vec![format!("approval {id} waits for a person: {reason}")];
                reasons.extend(factors.iter().cloned());
                audit(AuditOutcome::Paused, danger, reasons).ok();
                let mut a = answer(HookVerdict::Deny, outcome, reason);
                a.remedy = Some(approve_remedy(&id));
                a.approval_id = Some(id);
                a
            }
            Outcome::Preview | Outcome::Deny => {
                let mut reasons = vec![reason.clone()];
                reasons.extend(factors.iter().cloned());
                audit(AuditOutcome::Denied, danger, reasons).ok();
                answer(HookVerdict::Deny, Outcome::Deny, reason)
            }
            Outcome::Stop => {
                let trigger = trigger.unwrap_or(BlockTrigger::DangerZone);
                let mut block_factors = factors.clone();
                let mut state = self.lock();
                let (directive, outgoing) = self.hard_block(
                    &mut state,
                    &policy,
                    agent,
                    &agent_key,
                    None,
                    crate::challenge::ChallengeSurface::Hook,
                    &format!("hook:{}", call.host),
                    &call.hint,
                    trigger,
                    reason.clone(),
                    &mut block_factors,
                    now,
                );
                drop(state);
                let challenge = directive
                    .notifications
                    .iter()
                    .find_map(|n| n.metadata.verification_id.clone());
                let problems = self.send(&policy, outgoing);
                let mut reasons = vec![reason.clone()];
                reasons.extend(factors.iter().cloned());
                reasons.extend(problems.iter().cloned());
                audit(AuditOutcome::Stopped, 4, reasons).ok();
                info!(agent, host = %call.host, "hook session hard-blocked");
                let mut a = answer(
                    HookVerdict::Deny,
                    Outcome::Stop,
                    format!("{reason}: session '{agent}' is now hard-blocked"),
                );
                if let Some(id) = &challenge {
                    a.remedy = Some(verify_remedy(id, agent));
                }
                a.challenge_id = challenge;
                factors.extend(problems);
                a
            }
        };
        a.factors = factors;
        Ok(a)
    }

    /// Records what a host reports after a tool call ran (post-tool-use), like the loop's
    /// `outcome` of the previous step: the audit log says whether the step succeeded.
    pub fn hook_outcome(&self, report: &HookOutcome) -> Result<(), LoopError> {
        let agent = report.agent.trim();
        if agent.is_empty() {
            return Err(LoopError::missing_param("session_id", "hook"));
        }
        let policy = self.policy.current();
        if self.mode_of(&policy) == LoopMode::Disabled {
            return Ok(());
        }
        let now = self.clock.now();
        let outcome = if report.success { "success" } else { "failure" };
        let mut reasons = vec![format!(
            "{} reports that the step {}",
            report.host,
            if report.success {
                "succeeded"
            } else {
                "failed"
            }
        )];
        if let Some(detail) = &report.detail {
            let short: String = detail.chars().take(MAX_DETAIL).collect();
            reasons.push(short);
        }
        let mut entry = self.audit_entry(
            now,
            policy.generation(),
            agent,
            None,
            &report.hint,
            0,
            AuditOutcome::Allowed,
            reasons,
        );
        entry.parameters = Some(json!({
            "event": "post_tool_use",
            "host": report.host,
            "tool": report.tool,
            "outcome": outcome,
        }));
        self.audit(entry)
            .map_err(|_| LoopError::store_failed("record the step's outcome"))
    }

    /// An approval filed under this exact action of this session, if any.
    fn approved_before(
        &self,
        key: &str,
        now: jiff::Timestamp,
    ) -> Result<Option<Approved>, LoopError> {
        let store = self.store.as_ref();
        let Some(id) = store
            .get(Table::Tokens, key)
            .map_err(|_| LoopError::store_failed("read the action's approval"))?
            .and_then(|b| String::from_utf8(b).ok())
        else {
            return Ok(None);
        };
        let Some(mut a) =
            approval::load(store, &id).map_err(|_| LoopError::store_failed("read the approval"))?
        else {
            let _ = store.remove(Table::Tokens, key, Durability::Durable);
            return Ok(None);
        };
        let status = a.status(now);
        let denied = matches!(a.state, ApprovalState::Denied { .. });
        Ok(match status {
            "pending" => Some(Approved::Waiting(Box::new(a))),
            "approved" => {
                a.use_once(now).map_err(|e| LoopError {
                    code: "PERMISSION_APPROVAL_NOT_USABLE",
                    message: e.to_string(),
                    details: json!({"approval_id": id}),
                })?;
                // Used before the action goes ahead: if this write fails, it does not.
                approval::save(store, &a)
                    .map_err(|_| LoopError::store_failed("record the approval's use"))?;
                let _ = store.remove(Table::Tokens, key, Durability::Durable);
                Some(Approved::Go(id))
            }
            _ if denied => {
                let _ = store.remove(Table::Tokens, key, Durability::Durable);
                Some(Approved::Refused(id))
            }
            // Used or expired: judged afresh.
            _ => {
                let _ = store.remove(Table::Tokens, key, Durability::Durable);
                None
            }
        })
    }

    /// Files an approval request for this exact action and sends it to the human channels.
    fn ask_for_approval(
        &self,
        policy: &airlock_wasm::PolicySet,
        call: &HookCall,
        key: &str,
        reason: &str,
        now: jiff::Timestamp,
    ) -> Result<String, LoopError> {
        let store = self.store.as_ref();
        let id = self.new_id();
        let ttl = policy.config().safety_loop.approval_ttl_seconds;
        let approval = Approval {
            id: id.clone(),
            agent: call.agent.trim().to_owned(),
            why: reason.to_owned(),
            what: json!({
                "kind": "hook",
                "host": call.host,
                "tool": call.tool,
                "action": call.hint,
                "operation": call.operation,
                "adapter": call.adapter,
            }),
            how_to_approve: format!(
                "Approve with `airlock approve {id}` on the operator's machine (`airlock \
                 approvals` lists what waits), then the agent retries the same action, which \
                 runs once; refuse with `airlock deny {id}`."
            ),
            expires_at: now
                .saturating_add(SignedDuration::from_secs(i64::from(ttl)))
                .unwrap_or(now),
            trace_id: self.new_id(),
            state: ApprovalState::Pending,
        };
        // The request and the call's key to it are one commit (one flush, never half).
        json_change(Table::Approvals, &approval.id, &approval)
            .and_then(|request| {
                store.commit_all(vec![
                    request,
                    Change::Put(Table::Tokens, key.to_owned(), id.as_bytes().to_vec()),
                ])
            })
            .map_err(|_| LoopError::store_failed("record the approval request"))?;
        let problems = self.send(
            policy,
            vec![Outgoing::Approval {
                approval,
                action: format!("{} ({} in {})", call.hint, call.tool, call.host),
            }],
        );
        for p in problems {
            tracing::warn!(problem = %p, "approval request not delivered");
        }
        Ok(id)
    }
}

enum Approved {
    Go(String),
    Waiting(Box<Approval>),
    Refused(String),
}

fn approve_remedy(id: &str) -> String {
    format!(
        "a person runs `airlock approve {id}` (or `airlock deny {id}`); then the same action runs \
         once when the agent retries it"
    )
}

fn verify_remedy(challenge: &str, agent: &str) -> String {
    format!(
        "a person reads the code of challenge {challenge} from the human channel (by default \
         <state dir>/operator/) and runs `airlock verify {challenge}`; or an operator runs \
         `airlock unblock '{agent}'`"
    )
}
