//! `record_execution_step`: one reported action through the pipeline of core spec 8.7.2, in
//! order, the first pause or stop winning:
//!
//! 0. the agent is hard-blocked -> stop;
//! 0. a pause is pending (verify challenge, approval) -> still paused, unless the stages
//!    (step 3) stop the new action: waiting for a person never shields a stop, so an agent that
//!    reports `drop table` while its earlier request waits is hard-blocked like any other;
//! 1. step limit (`maxAutonomousSteps`) -> pause for a person;
//! 2. previous outcome `failure` -> pause for a person;
//! 3. a one-time pass from a person for exactly this action -> proceed once;
//! 3. the WebAssembly stages (pattern stages, then risk scorers, which always run) and
//!    repetition escalation, judged as one: the strictest of deny pattern / danger_zone (stop),
//!    verify tier (verify), requiresApproval / confirm tier / risk tolerance (pause for an
//!    approval) wins; an autoApprove pattern waives only the confirm tier and the tolerance
//!    ([`crate::pipeline::assess`], the function `airlock check` uses too).
//!
//! In `monitoring` mode the same evaluation runs and the directive reports it, but `continue`
//! is always true, `stopped` is never set and nothing is blocked, paused or challenged.

use airlock_core::{LoopMode, SafetyTier};
use airlock_store::Durability;
use airlock_wasm::{Action, PolicySet};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tracing::{debug, info, warn};

use crate::approval::{self, Approval, ApprovalState};
use crate::audit::{AuditOutcome, redact};
use crate::blocks::{self, BlockState, BlockTrigger, HardBlock};
use crate::challenge::ChallengeKind;
use crate::directive::{
    AgentNotification, AutonomyDirective, NotificationMetadata, NotificationType,
};
use crate::engine::{Engine, LoopState, Outgoing, Pass, Pause, Wait, approval_what};
use crate::error::LoopError;
use crate::execution::normalize;
use crate::identity::{Caller, identity_key};
use crate::pipeline::{self, Assessment, PauseKind, Verdict};

/// The outcome of the previous step, as the agent reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepOutcome {
    /// It worked.
    Success,
    /// It failed: the loop pauses so the failure reaches a person (stage 2).
    Failure,
    /// It was not done.
    Skipped,
}

/// `record_execution_step` params.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StepReport {
    /// The agent (`element_name`).
    pub agent: String,
    /// The execution; default: the agent's running execution.
    pub execution_id: Option<String>,
    /// What the agent will do next (`nextActionHint`).
    pub hint: String,
    /// What it just did (`stepDescription`).
    pub step_description: Option<String>,
    /// How the previous step went.
    pub outcome: Option<StepOutcome>,
    /// What it found (`findings`).
    pub findings: Option<String>,
    /// Who reports it: a challenge issued on this step is bound to the caller's session.
    pub caller: Caller,
}

/// The answer to `record_execution_step`: the directive plus where the execution is.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepAnswer {
    /// The execution.
    pub execution_id: String,
    /// This report's number in the execution.
    pub step: u32,
    /// The directive.
    #[serde(flatten)]
    pub directive: AutonomyDirective,
}

/// What the first, locked phase of a step concluded.
enum Early {
    /// The answer is known without running the stages.
    Answer(AutonomyDirective, AuditOutcome, u8),
    /// A person let exactly this action through once.
    Pass(String),
    /// Stage 1 or 2 pauses.
    Pause(PauseKind, String),
    /// Run the stages on this action; with a pending pause's directive, that directive stands
    /// unless the stages stop the action.
    Evaluate(Box<Action>, Option<AutonomyDirective>),
}

impl Engine {
    /// Evaluates a reported action and answers with a directive. Errors are for reports that
    /// cannot be evaluated at all (no such execution, no hint); every report that can be
    /// evaluated gets a directive.
    pub fn record_execution_step(&self, report: StepReport) -> Result<StepAnswer, LoopError> {
        // The decision's span (exported over OTLP when configured): names and verdicts only,
        // never the hint, whose text is the agent's.
        let span = tracing::info_span!(
            "airlock.step",
            agent = report.agent.trim(),
            step = tracing::field::Empty,
            proceed = tracing::field::Empty,
            stopped = tracing::field::Empty,
            next_step_risk = tracing::field::Empty,
            error = tracing::field::Empty,
        );
        let _entered = span.enter();
        let answer = self.record_execution_step_in(report);
        match &answer {
            Ok(a) => {
                span.record("step", a.step);
                span.record("proceed", a.directive.proceed);
                span.record("stopped", a.directive.stopped.unwrap_or(false));
                if let Some(tier) = a.directive.next_step_risk {
                    span.record("next_step_risk", tier.as_str());
                }
            }
            Err(e) => {
                span.record("error", e.code);
            }
        }
        answer
    }

    fn record_execution_step_in(&self, report: StepReport) -> Result<StepAnswer, LoopError> {
        let agent = report.agent.trim().to_owned();
        let key = identity_key(&agent);
        if key.is_empty() {
            return Err(LoopError::missing_param(
                "element_name",
                "record_execution_step",
            ));
        }
        if report.hint.trim().is_empty() {
            return Err(LoopError::missing_param(
                "nextActionHint",
                "record_execution_step",
            ));
        }
        let policy = self.policy.current();
        let mode = self.mode_of(&policy);
        let now = self.clock.now();
        let config = &policy.config().safety_loop;

        // Phase 1, locked: the execution, notifications, block, pause, stages 1-2.
        let mut state = self.lock();
        let execution_id =
            self.resolve_execution(&state, &agent, &key, report.execution_id.as_deref())?;
        let mut notifications = state.inbox.take(&key, now);
        self.purge_if_due(&mut state, now);
        let (step, recent, tolerance) = {
            let Some(e) = state.executions.get_mut(&execution_id) else {
                return Err(LoopError::execution_not_found(Some(&execution_id), &agent));
            };
            e.steps += 1;
            let recent = e.recent_hints.clone();
            e.note_hint(&report.hint);
            (e.steps, recent, e.risk_tolerance)
        };
        let mut factors = Vec::new();
        // Built only for an audit entry: most steps have none.
        let params = || {
            json!({
                "stepDescription": report.step_description,
                "outcome": report.outcome,
                "findings": report.findings,
            })
        };

        if matches!(mode, LoopMode::Disabled | LoopMode::Logging) {
            let record = Self::execution_record(&mut state, &execution_id, false);
            drop(state);
            self.save_execution(record);
            let mut directive = AutonomyDirective::proceed(vec![format!(
                "safety loop is {mode}: the action was {}",
                if mode == LoopMode::Logging {
                    "recorded, not evaluated"
                } else {
                    "not evaluated"
                }
            )]);
            directive.notifications = notifications;
            if mode == LoopMode::Logging {
                let mut entry = self.audit_entry(
                    now,
                    policy.generation(),
                    &agent,
                    Some(&execution_id),
                    &report.hint,
                    0,
                    AuditOutcome::Allowed,
                    directive.factors.clone(),
                );
                entry.parameters = Some(redact(&params()));
                let _ = self.audit(entry);
            }
            return Ok(StepAnswer {
                execution_id,
                step,
                directive,
            });
        }
        let enforcing = mode == LoopMode::Enforcing;

        let window = SignedDuration::from_secs(i64::from(config.step_window_seconds));
        let early = self.early_stages(
            &mut state,
            enforcing,
            &agent,
            &key,
            &execution_id,
            &report,
            (now, window),
            &mut factors,
            &mut notifications,
        )?;
        let steps_remaining = |state: &LoopState| {
            state
                .executions
                .get(&execution_id)
                .map(|e| e.steps_remaining())
        };
        let (mut directive, outcome, danger, outgoing) = match early {
            Early::Answer(d, outcome, danger) => (d, outcome, danger, Vec::new()),
            Early::Pass(why) => {
                factors.push(why);
                (
                    AutonomyDirective::proceed(std::mem::take(&mut factors)),
                    AuditOutcome::Confirmed,
                    0,
                    Vec::new(),
                )
            }
            Early::Pause(kind, reason) => {
                let (d, out) = self.pause_for_approval(
                    &mut state,
                    &policy,
                    &agent,
                    &key,
                    &execution_id,
                    &report.hint,
                    kind,
                    reason,
                    None,
                    &mut factors,
                    now,
                );
                (d, AuditOutcome::Paused, 2, out)
            }
            Early::Evaluate(mut action, pending) => {
                action.step = step;
                action.recent_hints = recent;
                // Phase 2, unlocked: the WebAssembly stages.
                drop(state);
                let eval = policy.evaluate_owned(*action);
                state = self.lock();
                // A report answered by a pending pause is not counted: polling a pause does not
                // escalate the agent.
                let repeated = match pending {
                    Some(_) => 1,
                    None => state
                        .executions
                        .get_mut(&execution_id)
                        .map_or(1, |e| e.count_evaluation(&report.hint)),
                };
                let a = pipeline::assess(&eval, tolerance, repeated, config.repetition_threshold);
                let danger = eval.danger_level.map_or(0, |d| d.number());
                // The pending pause stands unless the stages stop this action.
                let pending = pending.filter(|_| !matches!(a.verdict, Verdict::Stop(_)));
                // Phase 3, locked. Another thread may have blocked the agent meanwhile.
                if enforcing && self.block_of(&state, &key).is_blocked() {
                    let d = self.blocked_directive(&state, &agent, &key);
                    (d, AuditOutcome::Denied, 4, Vec::new())
                } else if let Some(d) = pending {
                    (d, AuditOutcome::Paused, 2, Vec::new())
                } else {
                    self.act(
                        &mut state,
                        &policy,
                        enforcing,
                        &agent,
                        &key,
                        report.caller.session_key(),
                        &execution_id,
                        &report.hint,
                        a,
                        danger,
                        &mut factors,
                        now,
                    )
                }
            }
        };
        let steps_remaining = steps_remaining(&state);
        let plain = directive.proceed && outcome == AuditOutcome::Allowed;
        let record = Self::execution_record(&mut state, &execution_id, !plain);
        // The agent's budget goes with its execution's counters, as often.
        let budget = record.as_ref().and_then(|_| state.budgets.record(&key));
        drop(state);
        self.save_execution(record);
        self.save_budget(budget);

        // The person hears of it before the agent does; a channel that fails is a factor.
        let problems = self.send(&policy, outgoing);
        directive.factors.extend(problems);
        if directive.steps_remaining.is_none() {
            directive.steps_remaining = steps_remaining;
        }
        directive.notifications.splice(0..0, notifications);

        let plain_continue = directive.proceed && outcome == AuditOutcome::Allowed && danger < 2;
        if !plain_continue {
            let mut reasons = directive.factors.clone();
            if let Some(r) = &directive.reason {
                reasons.insert(0, r.clone());
            }
            let mut entry = self.audit_entry(
                now,
                policy.generation(),
                &agent,
                Some(&execution_id),
                &report.hint,
                danger,
                outcome,
                reasons,
            );
            entry.parameters = Some(redact(&params()));
            if self.audit(entry).is_err() && directive.proceed && enforcing {
                // An action of danger >= 2 does not go ahead unrecorded.
                return Err(LoopError::store_failed("record the audit entry"));
            }
        }
        debug!(
            agent = %agent,
            execution = %execution_id,
            step,
            proceed = directive.proceed,
            stopped = directive.is_stopped(),
            tier = ?directive.next_step_risk,
            "step evaluated"
        );
        Ok(StepAnswer {
            execution_id,
            step,
            directive,
        })
    }

    /// Block, pending pause, stages 1 and 2, and a person's pass.
    #[allow(clippy::too_many_arguments)]
    fn early_stages(
        &self,
        state: &mut LoopState,
        enforcing: bool,
        agent: &str,
        key: &str,
        execution_id: &str,
        report: &StepReport,
        (now, window): (Timestamp, SignedDuration),
        factors: &mut Vec<String>,
        notifications: &mut Vec<AgentNotification>,
    ) -> Result<Early, LoopError> {
        // Hard block.
        match self.block_of(state, key) {
            BlockState::Clear => {}
            blocked if enforcing => {
                let _ = blocked;
                return Ok(Early::Answer(
                    self.blocked_directive(state, agent, key),
                    AuditOutcome::Denied,
                    4,
                ));
            }
            _ => factors.push("agent is hard-blocked (monitoring mode: not enforced)".to_owned()),
        }

        // A pending pause: it stands, but the action is still judged for a stop.
        if enforcing && let Some(d) = self.pending_pause(state, key, now, factors, notifications)? {
            return Ok(Early::Evaluate(
                Self::action_of(agent, execution_id, report),
                Some(d),
            ));
        }

        // Stage 1: step limit, counted per agent across its executions (`step_budget`).
        let Some(e) = state.executions.get_mut(execution_id) else {
            return Err(LoopError::execution_not_found(Some(execution_id), agent));
        };
        e.autonomous_steps = state.budgets.count(key, now, window);
        if e.autonomous_steps > e.max_autonomous_steps {
            let reason = "Step limit exceeded".to_owned();
            factors.push(format!(
                "step limit: {} autonomous steps taken, the limit is {} (maxAutonomousSteps)",
                e.autonomous_steps - 1,
                e.max_autonomous_steps
            ));
            if enforcing {
                // Waiting does not use up budget.
                e.autonomous_steps -= 1;
                state.budgets.uncount(key);
                return Ok(Early::Pause(PauseKind::StepLimit, reason));
            }
            factors.push(format!("monitoring: would pause ({reason})"));
        }

        // Stage 2: previous outcome.
        if report.outcome == Some(StepOutcome::Failure) {
            let reason = "Previous step failed".to_owned();
            factors.push(
                "the previous step failed: a person should see the failure before the agent \
                 tries to recover on its own"
                    .to_owned(),
            );
            if enforcing {
                return Ok(Early::Pause(PauseKind::PreviousFailure, reason));
            }
            factors.push(format!("monitoring: would pause ({reason})"));
        }

        // A person let exactly this action through.
        if enforcing && let Some(pass) = state.passes.get(key).cloned() {
            if pass.expires_at <= now {
                state.passes.remove(key);
            } else if pass.action_key == normalize(&report.hint) {
                state.passes.remove(key);
                if let Some(id) = &pass.approval_id {
                    self.use_approval(id, now)?;
                }
                return Ok(Early::Pass(pass.why));
            }
        }

        Ok(Early::Evaluate(
            Self::action_of(agent, execution_id, report),
            None,
        ))
    }

    /// The action the stages judge for a report.
    fn action_of(agent: &str, execution_id: &str, report: &StepReport) -> Box<Action> {
        Box::new(Action {
            agent: agent.to_owned(),
            execution_id: execution_id.to_owned(),
            hint: report.hint.clone(),
            ..Action::default()
        })
    }

    /// Marks an approval used, durably, before the action it approved goes ahead.
    fn use_approval(&self, id: &str, now: Timestamp) -> Result<(), LoopError> {
        let store = self.store.as_ref();
        let mut a = approval::load(store, id)
            .map_err(|_| LoopError::store_failed("read the approval"))?
            .ok_or_else(|| LoopError::approval_not_found(id))?;
        a.use_once(now).map_err(|e| LoopError {
            code: "PERMISSION_APPROVAL_NOT_USABLE",
            message: e.to_string(),
            details: json!({"approval_id": id}),
        })?;
        approval::save(store, &a).map_err(|_| LoopError::store_failed("record the approval's use"))
    }

    /// The stop directive for an agent that is already blocked.
    pub(crate) fn blocked_directive(
        &self,
        state: &LoopState,
        agent: &str,
        key: &str,
    ) -> AutonomyDirective {
        let (reason, challenge) = match self.block_of(state, key) {
            BlockState::Blocked(b) => (b.reason, Some(b.challenge_id)),
            BlockState::Unreadable(_) => (
                "its block record cannot be read; an operator must look at it".to_owned(),
                None,
            ),
            BlockState::Clear => ("it was blocked".to_owned(), None),
        };
        let how = match &challenge {
            Some(id) => format!(
                "a person must give the code of challenge {id} to verify_challenge, or an \
                 operator must lift the block"
            ),
            None => "an operator must lift the block".to_owned(),
        };
        let mut d = AutonomyDirective::stop(
            format!("Agent '{agent}' is hard-blocked ({reason}): {how}"),
            vec![format!(
                "agent '{agent}' is hard-blocked: every action is refused"
            )],
        );
        d.next_step_risk = Some(SafetyTier::DangerZone);
        d
    }

    /// A pending pause: still waiting (a directive), or resolved (`None`, with factors saying
    /// how).
    fn pending_pause(
        &self,
        state: &mut LoopState,
        key: &str,
        now: Timestamp,
        factors: &mut Vec<String>,
        notifications: &mut Vec<AgentNotification>,
    ) -> Result<Option<AutonomyDirective>, LoopError> {
        let Some(pause) = state.pauses.get(key).cloned() else {
            return Ok(None);
        };
        match &pause.wait {
            Wait::Verify { challenge_id } => {
                let challenge = state.verify_challenges.get(challenge_id).cloned();
                match challenge {
                    Some(c) if now < c.expires_at => {
                        let why = if c.spent {
                            "its code was burned by a wrong attempt: an operator must reissue it"
                        } else {
                            "a person must give the code to verify_challenge"
                        };
                        let mut d = AutonomyDirective::pause(
                            format!(
                                "Waiting for out-of-band verification of challenge {challenge_id} \
                                 for '{}' (expires {}): {why}",
                                pause.action, c.expires_at
                            ),
                            vec![format!("verify challenge {challenge_id} is pending")],
                        );
                        d.next_step_risk = Some(SafetyTier::Verify);
                        Ok(Some(d))
                    }
                    _ => {
                        // Expired (spec 8.8.3): the pause lifts and the action is evaluated
                        // afresh; reported again, it gets a new challenge.
                        state.pauses.remove(key);
                        state.verify_challenges.remove(challenge_id);
                        let msg = format!(
                            "verify challenge {challenge_id} expired: the action is evaluated afresh"
                        );
                        factors.push(msg.clone());
                        notifications.push(status(now, msg, Some(challenge_id), None));
                        Ok(None)
                    }
                }
            }
            Wait::Approval { approval_id, kind } => {
                let record = approval::load(self.store.as_ref(), approval_id);
                let a = match record {
                    Err(_) => {
                        return Ok(Some(AutonomyDirective::pause(
                            format!(
                                "Approval {approval_id} cannot be read from the state store: \
                                 the agent stays paused; tell the operator"
                            ),
                            vec![],
                        )));
                    }
                    Ok(None) => {
                        state.pauses.remove(key);
                        factors.push(format!(
                            "approval {approval_id} is gone: the action is evaluated afresh"
                        ));
                        return Ok(None);
                    }
                    Ok(Some(a)) => a,
                };
                match a.status(now) {
                    "pending" => {
                        let mut d = AutonomyDirective::pause(
                            format!(
                                "Waiting for a person to approve {approval_id} ({}) for '{}': \
                                 confirm_operation reports its state",
                                kind.as_str(),
                                pause.action
                            ),
                            vec![format!("approval {approval_id} is pending")],
                        );
                        d.next_step_risk = pause.tier;
                        Ok(Some(d))
                    }
                    "approved" => {
                        state.pauses.remove(key);
                        let who = match &a.state {
                            ApprovalState::Approved { by, .. } => describe_channel(by),
                            _ => "a person".to_owned(),
                        };
                        if kind.approves_the_action() {
                            state.passes.insert(
                                key.to_owned(),
                                Pass {
                                    action_key: normalize(&pause.action),
                                    expires_at: a.expires_at,
                                    why: format!(
                                        "approved by {who} (approval {approval_id}): this action may proceed once"
                                    ),
                                    approval_id: Some(approval_id.clone()),
                                },
                            );
                        } else {
                            // The step limit and a failed step: a person lets the agent go on.
                            let mut used = a.clone();
                            if used.use_once(now).is_ok() {
                                let _ = approval::save(self.store.as_ref(), &used);
                            }
                            if *kind == PauseKind::StepLimit
                                && let Some(e) = state
                                    .running
                                    .get(key)
                                    .cloned()
                                    .and_then(|id| state.executions.get_mut(&id))
                            {
                                e.autonomous_steps = 0;
                            }
                            if *kind == PauseKind::StepLimit {
                                state.budgets.reset(key, now);
                            }
                            factors.push(format!(
                                "{} let the agent go on (approval {approval_id})",
                                who
                            ));
                        }
                        Ok(None)
                    }
                    "denied" => {
                        state.pauses.remove(key);
                        let mut d = AutonomyDirective::pause(
                            format!(
                                "A person denied approval {approval_id} for '{}': do not take \
                                 that action; report a different one or abort the execution",
                                pause.action
                            ),
                            vec![format!("approval {approval_id} was denied")],
                        );
                        d.next_step_risk = pause.tier;
                        Ok(Some(d))
                    }
                    other => {
                        // Expired or used: the pause lifts and the action is evaluated afresh.
                        state.pauses.remove(key);
                        let msg = format!(
                            "approval {approval_id} is {other}: the action is evaluated afresh"
                        );
                        factors.push(msg.clone());
                        notifications.push(status(now, msg, None, Some(approval_id)));
                        Ok(None)
                    }
                }
            }
        }
    }

    /// Acts on the stages' assessment: in enforcing mode, blocks, challenges and approvals; in
    /// monitoring mode, only words.
    #[allow(clippy::too_many_arguments)]
    fn act(
        &self,
        state: &mut LoopState,
        policy: &PolicySet,
        enforcing: bool,
        agent: &str,
        key: &str,
        session: Option<&str>,
        execution_id: &str,
        hint: &str,
        a: Assessment,
        danger: u8,
        factors: &mut Vec<String>,
        now: Timestamp,
    ) -> (AutonomyDirective, AuditOutcome, u8, Vec<Outgoing>) {
        factors.extend(a.factors.iter().cloned());
        let tier_danger = match a.verdict {
            Verdict::Stop(_) => 4,
            Verdict::Verify => 3,
            Verdict::Approve(_) => 2,
            Verdict::Proceed => 0,
        };
        let danger = danger.max(tier_danger);
        if !enforcing {
            if let Some(reason) = &a.reason {
                factors.push(format!(
                    "monitoring: would {} ({reason})",
                    match a.verdict {
                        Verdict::Stop(_) => "stop the agent",
                        Verdict::Verify => "pause for verification",
                        Verdict::Approve(_) => "pause for approval",
                        Verdict::Proceed => "proceed",
                    }
                ));
            }
            let mut d = AutonomyDirective::proceed(std::mem::take(factors));
            d.next_step_risk = a.tier;
            return (d, AuditOutcome::Allowed, danger, Vec::new());
        }
        let reason = a.reason.clone().unwrap_or_default();
        match a.verdict {
            Verdict::Proceed => {
                let mut d = AutonomyDirective::proceed(std::mem::take(factors));
                d.next_step_risk = a.tier;
                (d, AuditOutcome::Allowed, danger, Vec::new())
            }
            Verdict::Approve(kind) => {
                let (d, out) = self.pause_for_approval(
                    state,
                    policy,
                    agent,
                    key,
                    execution_id,
                    hint,
                    kind,
                    reason,
                    a.tier,
                    factors,
                    now,
                );
                (d, AuditOutcome::Paused, danger, out)
            }
            Verdict::Verify => {
                let (d, out) = self.pause_for_verification(
                    state,
                    policy,
                    agent,
                    key,
                    session,
                    execution_id,
                    hint,
                    reason,
                    factors,
                    now,
                );
                (d, AuditOutcome::Paused, danger, out)
            }
            Verdict::Stop(trigger) => {
                let (d, out) = self.hard_block(
                    state,
                    policy,
                    agent,
                    key,
                    session,
                    crate::challenge::ChallengeSurface::Loop,
                    execution_id,
                    hint,
                    trigger,
                    reason,
                    factors,
                    now,
                );
                (d, AuditOutcome::Stopped, danger, out)
            }
        }
    }

    /// Pauses the agent until a person approves: a durable approval record, the pause, and
    /// the request for the human channels.
    #[allow(clippy::too_many_arguments)]
    fn pause_for_approval(
        &self,
        state: &mut LoopState,
        policy: &PolicySet,
        agent: &str,
        key: &str,
        execution_id: &str,
        hint: &str,
        kind: PauseKind,
        reason: String,
        tier: Option<SafetyTier>,
        factors: &mut Vec<String>,
        now: Timestamp,
    ) -> (AutonomyDirective, Vec<Outgoing>) {
        let config = &policy.config().safety_loop;
        if let Err(until) = state
            .approval_rate
            .admit(key, now, &config.approval_requests)
        {
            // Paused all the same, without a record or a message: the agent asks again later.
            factors.push(format!(
                "approval request not made: agent '{agent}' asked for {} approvals in the \
                 window (safety_loop.approval_requests); it stays paused and may ask again after \
                 {until}",
                config.approval_requests.max_requests
            ));
            let mut d = AutonomyDirective::pause(
                format!("{reason} (too many approval requests: try again after {until})"),
                std::mem::take(factors),
            );
            d.next_step_risk = tier;
            return (d, Vec::new());
        }
        let id = self.new_id();
        let approval = Approval {
            id: id.clone(),
            agent: agent.to_owned(),
            why: reason.clone(),
            what: approval_what(kind, hint, execution_id),
            how_to_approve: format!(
                "Approve with `airlock approve {id}` on the operator's machine (`airlock \
                 approvals` lists what waits); refuse with `airlock deny {id}`. The agent's own \
                 session cannot approve it."
            ),
            expires_at: now
                .saturating_add(SignedDuration::from_secs(i64::from(
                    config.approval_ttl_seconds,
                )))
                .unwrap_or(now),
            trace_id: execution_id.to_owned(),
            state: ApprovalState::Pending,
        };
        let mut outgoing = Vec::new();
        match approval::save(self.store.as_ref(), &approval) {
            Ok(()) => {
                state.pauses.insert(
                    key.to_owned(),
                    Pause {
                        wait: Wait::Approval {
                            approval_id: id.clone(),
                            kind,
                        },
                        action: hint.to_owned(),
                        execution_id: execution_id.to_owned(),
                        tier,
                    },
                );
                outgoing.push(Outgoing::Approval {
                    approval,
                    action: hint.to_owned(),
                });
                self.purge_after_write(state, &[airlock_store::Table::Approvals], now);
            }
            Err(e) => {
                // Without a record no person can approve; the agent is paused all the same and
                // will be asked again on its next report.
                warn!(agent, error = %e, "approval not recorded");
                factors.push(
                    "the approval request could not be recorded: report the action again to \
                     ask once more"
                        .to_owned(),
                );
            }
        }
        let kind_of_note = if kind == PauseKind::RequiresApproval {
            NotificationType::PermissionPending
        } else {
            NotificationType::AutonomyPause
        };
        let mut d = AutonomyDirective::pause(reason.clone(), std::mem::take(factors));
        d.next_step_risk = tier;
        d.notifications.push(AgentNotification {
            kind: kind_of_note,
            message: format!(
                "{reason}. Approval {id} waits for a person; confirm_operation with approval_id \
                 reports its state."
            ),
            metadata: NotificationMetadata {
                operation: Some(hint.to_owned()),
                reason: Some(kind.as_str().to_owned()),
                level: tier.map(|t| t.as_str().to_owned()),
                approval_id: Some(id),
                ..NotificationMetadata::default()
            },
            timestamp: now,
        });
        info!(
            agent,
            execution = execution_id,
            kind = kind.as_str(),
            "paused for approval"
        );
        (d, outgoing)
    }

    /// Pauses the agent until a person gives the out-of-band code (`verify` tier). The pause
    /// and the challenge are held in memory only (spec 8.8.3).
    #[allow(clippy::too_many_arguments)]
    fn pause_for_verification(
        &self,
        state: &mut LoopState,
        policy: &PolicySet,
        agent: &str,
        key: &str,
        session: Option<&str>,
        execution_id: &str,
        hint: &str,
        reason: String,
        factors: &mut Vec<String>,
        now: Timestamp,
    ) -> (AutonomyDirective, Vec<Outgoing>) {
        let ttl = challenge_ttl(policy);
        let (mut challenge, code) = self.issuer.issue(agent, ChallengeKind::Verify, now, ttl);
        challenge.session = session.map(str::to_owned);
        let id = challenge.id.clone();
        // Expired challenges are dead whether or not their agent reports again: drop them so
        // agents that never come back do not grow the map.
        state.verify_challenges.retain(|_, c| c.expires_at > now);
        state
            .verify_challenges
            .insert(id.clone(), challenge.clone());
        state.pauses.insert(
            key.to_owned(),
            Pause {
                wait: Wait::Verify {
                    challenge_id: id.clone(),
                },
                action: hint.to_owned(),
                execution_id: execution_id.to_owned(),
                tier: Some(SafetyTier::Verify),
            },
        );
        let mut d = AutonomyDirective::pause(
            format!("{reason} (challenge {id})"),
            std::mem::take(factors),
        );
        d.next_step_risk = Some(SafetyTier::Verify);
        d.notifications.push(AgentNotification {
            kind: NotificationType::AutonomyPause,
            message: format!(
                "Paused for out-of-band verification: a person received a code for challenge \
                 {id} and must give it to verify_challenge. The code is not available to the \
                 agent."
            ),
            metadata: NotificationMetadata {
                operation: Some(hint.to_owned()),
                reason: Some(reason.clone()),
                level: Some(SafetyTier::Verify.as_str().to_owned()),
                verification_id: Some(id),
                ..NotificationMetadata::default()
            },
            timestamp: now,
        });
        info!(agent, execution = execution_id, challenge = %challenge.id, "paused for verification");
        let out = vec![Outgoing::Code {
            challenge,
            code,
            reason,
            action: hint.to_owned(),
        }];
        (d, out)
    }

    /// Hard-blocks the agent: the challenge and the block are on disk before this returns,
    /// every executing agent is told, and the code goes to the person.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn hard_block(
        &self,
        state: &mut LoopState,
        policy: &PolicySet,
        agent: &str,
        key: &str,
        session: Option<&str>,
        surface: crate::challenge::ChallengeSurface,
        execution_id: &str,
        hint: &str,
        trigger: BlockTrigger,
        reason: String,
        factors: &mut Vec<String>,
        now: Timestamp,
    ) -> (AutonomyDirective, Vec<Outgoing>) {
        let ttl = challenge_ttl(policy);
        let (mut challenge, code) = self.issuer.issue(agent, ChallengeKind::HardBlock, now, ttl);
        challenge.session = session.map(str::to_owned);
        challenge.surface = surface;
        let id = challenge.id.clone();
        let block = HardBlock {
            agent: agent.to_owned(),
            trigger,
            reason: reason.clone(),
            execution_id: execution_id.to_owned(),
            challenge_id: id.clone(),
            action: Some(hint.to_owned()),
            blocked_at: now,
        };
        let stored = crate::records::put_json(
            self.store.as_ref(),
            airlock_store::Table::Challenges,
            &id,
            &challenge,
            Durability::Durable,
        )
        .and_then(|()| blocks::record_block(self.store.as_ref(), &block));
        if let Err(e) = stored {
            // The block holds in this process; it is not lost, only not yet on disk.
            warn!(agent, error = %e, "hard block not persisted: held in memory");
            factors.push(
                "the block could not be written to the state store: it holds in memory until \
                 an operator looks"
                    .to_owned(),
            );
            state.memory_blocks.insert(key.to_owned(), block.clone());
        }
        // Remember the action: after a successful verification of a danger_zone block, the
        // person has seen and allowed exactly it. A deny pattern is never passed.
        state.pauses.remove(key);
        let broadcast = AgentNotification {
            kind: NotificationType::DangerZone,
            message: format!(
                "Agent '{agent}' was hard-blocked: {reason}. It stays blocked until a person \
                 verifies challenge {id} or an operator lifts the block."
            ),
            metadata: NotificationMetadata {
                operation: Some(hint.to_owned()),
                reason: Some(reason.clone()),
                level: Some(SafetyTier::DangerZone.as_str().to_owned()),
                verification_id: Some(id.clone()),
                agent: Some(agent.to_owned()),
                ..NotificationMetadata::default()
            },
            timestamp: now,
        };
        state.inbox.broadcast(key, broadcast.clone());
        self.purge_after_write(state, &[airlock_store::Table::Challenges], now);
        let mut d = AutonomyDirective::stop(
            format!("{reason} (challenge {id})"),
            std::mem::take(factors),
        );
        d.next_step_risk = Some(SafetyTier::DangerZone);
        d.notifications.push(broadcast);
        info!(agent, execution = execution_id, challenge = %id, trigger = ?trigger, "agent hard-blocked");
        let out = vec![Outgoing::Code {
            challenge,
            code,
            reason,
            action: hint.to_owned(),
        }];
        (d, out)
    }
}

pub(crate) fn challenge_ttl(policy: &PolicySet) -> SignedDuration {
    SignedDuration::from_secs(i64::from(policy.config().safety_loop.challenge_ttl_seconds))
}

pub(crate) fn status(
    now: Timestamp,
    message: String,
    verification_id: Option<&str>,
    approval_id: Option<&str>,
) -> AgentNotification {
    AgentNotification {
        kind: NotificationType::Status,
        message,
        metadata: NotificationMetadata {
            verification_id: verification_id.map(str::to_owned),
            approval_id: approval_id.map(str::to_owned),
            ..NotificationMetadata::default()
        },
        timestamp: now,
    }
}

pub(crate) fn describe_channel(by: &crate::approval::HumanChannel) -> String {
    use crate::approval::HumanChannel;
    match by {
        HumanChannel::OperatorCli { user } => format!("operator '{user}' (CLI)"),
        HumanChannel::OperatorApi { user } => format!("operator '{user}' (operator API)"),
        HumanChannel::Elicitation { .. } => "the user (MCP elicitation)".to_owned(),
    }
}
