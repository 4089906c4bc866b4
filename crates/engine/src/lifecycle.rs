//! Starting and ending executions: `execute_agent`, `complete_execution`, `abort_execution`.

use airlock_core::{LoopMode, RiskTolerance, safety_loop::tolerance_within};
use airlock_store::Durability;
use serde::Serialize;
use tracing::info;

use crate::audit::AuditOutcome;
use crate::blocks::BlockState;
use crate::engine::Engine;
use crate::error::LoopError;
use crate::execution::{self, Execution, ExecutionState};
use crate::identity::identity_key;

/// `execute_agent` params.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StartRequest {
    /// The agent (`element_name`).
    pub agent: String,
    /// What it sets out to do.
    pub goal: Option<String>,
    /// A lower step limit than the agent's default (never higher than the operator's ceiling).
    pub max_autonomous_steps: Option<u32>,
    /// A stricter risk tolerance than the agent's default (never looser).
    pub risk_tolerance: Option<RiskTolerance>,
}

/// The answer to `execute_agent`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Started {
    /// The new execution.
    pub execution_id: String,
    /// The agent.
    pub element_name: String,
    /// The loop's mode.
    pub execution_safety_loop: LoopMode,
    /// The step limit in force.
    #[serde(rename = "maxAutonomousSteps")]
    pub max_autonomous_steps: u32,
    /// The risk tolerance in force.
    #[serde(rename = "riskTolerance")]
    pub risk_tolerance: RiskTolerance,
    /// An execution of the same agent that this one replaced (ended as aborted).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced_execution_id: Option<String>,
}

/// The answer to `complete_execution` and `abort_execution`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ended {
    /// The execution.
    pub execution_id: String,
    /// The agent.
    pub element_name: String,
    /// `completed` or `aborted`.
    pub state: ExecutionState,
    /// Steps reported.
    pub steps: u32,
}

impl Engine {
    /// Starts an execution. A hard-blocked agent cannot start one (core spec 8.8.3: the block
    /// is per agent). Per-execution settings may only be stricter than the operator's.
    pub fn execute_agent(&self, request: StartRequest) -> Result<Started, LoopError> {
        let agent = request.agent.trim();
        let key = identity_key(agent);
        if key.is_empty() {
            return Err(LoopError::missing_param("element_name", "execute_agent"));
        }
        let policy = self.policy.current();
        let config = &policy.config().safety_loop;
        let mode = self.mode_of(&policy);
        // Per-agent settings by identity too: `DEPLOYER` gets `deployer`'s stricter limits.
        let configured = config
            .agents
            .keys()
            .find(|name| identity_key(name) == key)
            .map_or(agent, String::as_str);
        let (default_steps, default_tolerance) =
            config.agent_defaults(configured, policy.tolerance());
        let max_steps = match request.max_autonomous_steps {
            None => default_steps,
            Some(n) if n >= 1 && n <= default_steps => n,
            Some(n) => {
                return Err(LoopError::out_of_range(
                    "maxAutonomousSteps",
                    format!(
                        "maxAutonomousSteps {n} is outside 1..={default_steps}: an execution may \
                         ask for fewer steps than agent '{agent}' is allowed, not more (the \
                         operator sets the limit in policy.json, safety_loop)"
                    ),
                ));
            }
        };
        let tolerance = match request.risk_tolerance {
            None => default_tolerance,
            Some(t) if tolerance_within(t, default_tolerance) => t,
            Some(t) => {
                return Err(LoopError::out_of_range(
                    "riskTolerance",
                    format!(
                        "riskTolerance '{}' is looser than agent '{agent}' is allowed ('{}'): \
                         an execution may only be stricter",
                        t.as_str(),
                        default_tolerance.as_str()
                    ),
                ));
            }
        };
        let now = self.clock.now();
        let mut state = self.lock();
        if mode == LoopMode::Enforcing {
            match self.block_of(&state, &key) {
                BlockState::Clear => {}
                BlockState::Blocked(b) => {
                    let entry = self.audit_entry(
                        now,
                        policy.generation(),
                        agent,
                        None,
                        "execute_agent",
                        4,
                        AuditOutcome::Denied,
                        vec![format!("agent is hard-blocked: {}", b.reason)],
                    );
                    let _ = self.audit(entry);
                    return Err(LoopError::agent_blocked(agent, Some(&b.challenge_id)));
                }
                BlockState::Unreadable(_) => return Err(LoopError::agent_blocked(agent, None)),
            }
        }
        // An agent's new execution replaces its running one, so only a new agent can pass
        // the limit.
        if !state.running.contains_key(&key)
            && state.running.len() >= config.max_running_executions as usize
        {
            return Err(LoopError::too_many_executions(
                config.max_running_executions,
            ));
        }
        let replaced = state.running.remove(&key);
        // An ended execution leaves memory; its record stays in the store.
        if let Some(mut old) = replaced.as_ref().and_then(|id| state.executions.remove(id)) {
            old.state = ExecutionState::Aborted;
            old.ended_at = Some(now);
            old.end_reason = Some("replaced by a new execution of the same agent".to_owned());
            if execution::save(self.store.as_ref(), &old, Durability::Durable).is_err() {
                tracing::warn!(execution = %old.id, "the replaced execution's end was not saved");
            }
        }
        let e = Execution {
            id: self.new_id(),
            agent: agent.to_owned(),
            agent_key: key.clone(),
            goal: request.goal.clone(),
            started_at: now,
            ended_at: None,
            state: ExecutionState::Running,
            steps: 0,
            autonomous_steps: 0,
            max_autonomous_steps: max_steps,
            risk_tolerance: tolerance,
            recent_hints: Vec::new(),
            repetitions: Default::default(),
            end_reason: None,
            approval_window: None,
            saved_at: Some(std::time::Instant::now()),
        };
        // The start is durable: a restart must find the execution, or its step counter would
        // start again from zero.
        execution::save(self.store.as_ref(), &e, Durability::Durable)
            .map_err(|_| LoopError::store_failed("record the new execution"))?;
        info!(agent, execution = %e.id, mode = %mode, max_steps, "execution started");
        state.inbox.join(&key);
        state.running.insert(key, e.id.clone());
        self.purge_after_write(
            &mut state,
            &[
                airlock_store::Table::Executions,
                airlock_store::Table::StepBudgets,
            ],
            now,
        );
        state.executions.insert(e.id.clone(), e.clone());
        Ok(Started {
            execution_id: e.id,
            element_name: agent.to_owned(),
            execution_safety_loop: mode,
            max_autonomous_steps: max_steps,
            risk_tolerance: tolerance,
            replaced_execution_id: replaced,
        })
    }

    /// Ends an execution normally.
    pub fn complete_execution(
        &self,
        agent: &str,
        execution_id: Option<&str>,
        summary: Option<String>,
    ) -> Result<Ended, LoopError> {
        self.end(
            agent,
            execution_id,
            ExecutionState::Completed,
            summary,
            "complete_execution",
        )
    }

    /// Ends an execution abnormally (after a stop, or because the user cancelled). Ending an
    /// execution does not lift a block or a pause: those are the agent's, not the execution's.
    pub fn abort_execution(
        &self,
        agent: &str,
        execution_id: Option<&str>,
        reason: Option<String>,
    ) -> Result<Ended, LoopError> {
        self.end(
            agent,
            execution_id,
            ExecutionState::Aborted,
            reason,
            "abort_execution",
        )
    }

    fn end(
        &self,
        agent: &str,
        execution_id: Option<&str>,
        to: ExecutionState,
        why: Option<String>,
        operation: &'static str,
    ) -> Result<Ended, LoopError> {
        let agent = agent.trim();
        let key = identity_key(agent);
        if key.is_empty() {
            return Err(LoopError::missing_param("element_name", operation));
        }
        let now = self.clock.now();
        let policy = self.policy.current();
        let mut state = self.lock();
        // Core spec 8.8.3: every execution operation of a blocked agent is refused, ending its
        // execution included (the execution stays running, and answers stop).
        if self.mode_of(&policy) == LoopMode::Enforcing {
            let block = self.block_of(&state, &key);
            if block.is_blocked() {
                let (why, challenge) = match &block {
                    BlockState::Blocked(b) => (b.reason.clone(), Some(b.challenge_id.clone())),
                    _ => ("its block record cannot be read".to_owned(), None),
                };
                let entry = self.audit_entry(
                    now,
                    policy.generation(),
                    agent,
                    execution_id,
                    operation,
                    4,
                    AuditOutcome::Denied,
                    vec![format!("agent is hard-blocked: {why}")],
                );
                let _ = self.audit(entry);
                return Err(LoopError::agent_blocked(agent, challenge.as_deref()));
            }
        }
        let id = self.resolve_execution(&state, agent, &key, execution_id)?;
        let Some(mut e) = state.executions.get(&id).cloned() else {
            return Err(LoopError::execution_not_found(Some(&id), agent));
        };
        e.state = to;
        e.ended_at = Some(now);
        e.end_reason = why;
        execution::save(self.store.as_ref(), &e, Durability::Durable)
            .map_err(|_| LoopError::store_failed("record the end of the execution"))?;
        // An ended execution leaves memory; its record stays in the store. Undelivered
        // notifications go with it: they were for an agent that is no longer executing (the
        // state they announce, such as a block, answers its next step anyway).
        state.executions.remove(&id);
        state.running.remove(&key);
        state.inbox.leave(&key);
        info!(agent, execution = %id, state = to.as_str(), steps = e.steps, "execution ended");
        Ok(Ended {
            execution_id: id,
            element_name: agent.to_owned(),
            state: to,
            steps: e.steps,
        })
    }
}
