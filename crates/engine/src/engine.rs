//! The safety loop engine: the state every loop operation shares, how it starts (picking up
//! running executions and pending approvals from the store), and the helpers the operations
//! use. The operations themselves are in [`crate::lifecycle`] (start and end an execution),
//! [`crate::step`] (`record_execution_step`), [`crate::verify`] (`verify_challenge`,
//! `confirm_operation`) and [`crate::operator`] (what only a person may do).
//!
//! Concurrency: one mutex guards the in-memory state. A step takes it twice, before and after
//! the WebAssembly stages run, so slow guests never hold up other agents; what could have
//! changed in between (a block by another thread) is checked again. Human channels run with the
//! lock released.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use airlock_core::{LoopMode, SafetyLoopConfig, SafetyTier};
use airlock_store::{Store, StoreError, Table};
use airlock_wasm::{LivePolicy, PolicySet};
use jiff::{SignedDuration, Timestamp};
use tracing::{debug, error, warn};

use crate::approval::{Approval, ApprovalState};
use crate::attempts::AttemptLimit;
use crate::audit::{self, AuditEntry, AuditOutcome};
use crate::blocks::{self, BlockState, HardBlock};
use crate::challenge::{Challenge, ChallengeIssuer, RandomSourceError, VerificationCode};
use crate::channels::{self, HumanChannelSink, NoticeKind, OperatorNotice};
use crate::clock::Clock;
use crate::execution::{self, Execution, ExecutionState};
use crate::inbox::Inbox;
use crate::pipeline::PauseKind;

/// How the engine is set up, beyond the policy.
#[derive(Debug, Clone)]
pub struct EngineOptions {
    /// The state directory; without configured human channels, codes and approval requests go
    /// to files in its `operator/` folder.
    pub state_dir: PathBuf,
    /// Relative `dir`s of file channels resolve against this (the policy directory).
    pub policy_dir: PathBuf,
    /// Overrides the policy's `safety_loop.mode` (`MCPAQL_SAFETY_LOOP`).
    pub mode_override: Option<LoopMode>,
}

/// The engine could not start.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// No random source.
    #[error(transparent)]
    Random(#[from] RandomSourceError),
    /// The store could not be read.
    #[error("could not read the state store: {0}")]
    Store(#[from] StoreError),
}

/// What an agent waits for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Wait {
    /// An out-of-band code (`verify` tier).
    Verify {
        /// The challenge.
        challenge_id: String,
    },
    /// A person's approval.
    Approval {
        /// The approval.
        approval_id: String,
        /// Why.
        kind: PauseKind,
    },
}

/// A pause of one agent (core spec 8.8.3: held in memory; approvals are rebuilt from the store).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pause {
    pub(crate) wait: Wait,
    /// The action that was paused, as reported.
    pub(crate) action: String,
    pub(crate) execution_id: String,
    pub(crate) tier: Option<SafetyTier>,
}

/// A one-time pass: a person approved or verified this exact action, which may now proceed
/// once without being evaluated again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pass {
    /// The action, normalized.
    pub(crate) action_key: String,
    pub(crate) expires_at: Timestamp,
    /// Who let it through, for the factors.
    pub(crate) why: String,
    /// The approval it uses up, if it came from one.
    pub(crate) approval_id: Option<String>,
}

/// A map by agent name or id, looked up several times per step: a fast hasher seeded per
/// process instead of SipHash.
pub(crate) type ById<V> = HashMap<String, V, foldhash::fast::RandomState>;

/// The engine's in-memory state. Maps "by agent" are keyed by the agent's identity key
/// ([`crate::identity::identity_key`]), never by the name as given.
#[derive(Debug, Default)]
pub(crate) struct LoopState {
    pub(crate) executions: ById<Execution>,
    /// Agent to its running execution.
    pub(crate) running: ById<String>,
    pub(crate) pauses: ById<Pause>,
    pub(crate) passes: ById<Pass>,
    pub(crate) inbox: Inbox,
    /// Blocks whose durable write failed: held here so this process still enforces them.
    pub(crate) memory_blocks: ById<HardBlock>,
    /// Sessions that hold a blocked agent ([`crate::sessions`]), as this process knows them.
    pub(crate) sessions: crate::sessions::SessionBlocks,
    /// Each agent's steps against the step limit ([`crate::step_budget`]).
    pub(crate) budgets: crate::step_budget::StepBudgets,
    /// Each agent's approval requests in the window ([`crate::approval_rate`]).
    pub(crate) approval_rate: crate::approval_rate::ApprovalRate,
    /// Where the purge of expired records stands ([`crate::purge`]).
    pub(crate) purger: crate::purge::Purger,
    /// `verify`-tier challenges (never persisted: their pauses do not survive a restart).
    pub(crate) verify_challenges: ById<Challenge>,
}

/// How much the engine holds in memory, by kind: each is bounded per agent, so the whole is
/// linear in the number of agents (`/metrics` and the tests that bound it read these).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct StateSizes {
    /// Running executions.
    pub running_executions: usize,
    /// Notifications queued for single agents.
    pub queued_notifications: usize,
    /// Broadcasts kept (once, for every executing agent).
    pub kept_broadcasts: usize,
    /// Executing agents' places in the broadcasts.
    pub broadcast_cursors: usize,
    /// Agents waiting for a person.
    pub pauses: usize,
    /// One-time passes a person gave.
    pub passes: usize,
    /// Blocks held in memory after a failed write.
    pub memory_blocks: usize,
    /// `verify`-tier challenges.
    pub verify_challenges: usize,
    /// Agents' step budgets.
    pub step_budgets: usize,
    /// Agents' approval request windows.
    pub approval_windows: usize,
}

/// A message for a person, sent once the state lock is released.
pub(crate) enum Outgoing {
    /// A verification code.
    Code {
        challenge: Challenge,
        code: VerificationCode,
        reason: String,
        action: String,
    },
    /// An approval request.
    Approval { approval: Approval, action: String },
}

/// The human channels of one policy generation.
type Sinks = Arc<Vec<Box<dyn HumanChannelSink>>>;

/// The execution safety loop.
pub struct Engine {
    pub(crate) policy: Arc<LivePolicy>,
    pub(crate) store: Arc<dyn Store>,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) issuer: ChallengeIssuer,
    pub(crate) options: EngineOptions,
    pub(crate) state: Mutex<LoopState>,
    channels: Mutex<Option<(u64, Sinks)>>,
}

impl Drop for Engine {
    /// A clean shutdown writes the counters that [`execution::SAVE_EVERY`] held back.
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(PoisonError::into_inner);
        let records: Vec<_> = state
            .executions
            .values_mut()
            .filter_map(|e| e.record_if_due(true).map(|bytes| (e.id.clone(), bytes)))
            .collect();
        let budgets = state.budgets.records();
        for record in records {
            self.save_execution(Some(record));
        }
        for budget in budgets {
            self.save_budget(Some(budget));
        }
    }
}

impl Engine {
    /// Makes everything written so far durable: the execution counters held back by
    /// [`execution::SAVE_EVERY`] and the store's lazy writes (the audit entries of allowed
    /// steps). A process ends by `exit`, not by dropping its engine (the socket threads keep a
    /// reference for as long as the process runs), so a clean shutdown calls this itself.
    pub fn flush(&self) -> Result<(), StoreError> {
        let records: Vec<_> = {
            let mut state = self.lock();
            state
                .executions
                .values_mut()
                .filter_map(|e| e.record_if_due(true).map(|bytes| (e.id.clone(), bytes)))
                .collect()
        };
        for record in records {
            self.save_execution(Some(record));
        }
        self.store.flush()
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl Engine {
    /// Starts the engine: running executions are picked up from the store (so a restart does
    /// not reset a step counter), and pending approvals pause their agents again (a person may
    /// answer after a restart). Hard blocks need no loading: every step reads them from the
    /// store.
    pub fn open(
        policy: Arc<LivePolicy>,
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        options: EngineOptions,
    ) -> Result<Self, EngineError> {
        let issuer = ChallengeIssuer::from_os()?;
        let now = clock.now();
        let moved = crate::blocks::file_under_identity_keys(store.as_ref())?;
        if moved > 0 {
            warn!(
                moved,
                "block and attempt records filed under agents' identity keys"
            );
        }
        let mut state = LoopState {
            budgets: crate::step_budget::StepBudgets::load(store.as_ref())?,
            ..LoopState::default()
        };
        for e in execution::load_running(store.as_ref())? {
            state.inbox.join(&e.agent_key);
            state.running.insert(e.agent_key.clone(), e.id.clone());
            state.executions.insert(e.id.clone(), e);
        }
        for (_, bytes) in store.entries(Table::Approvals)? {
            let Ok(approval) = serde_json::from_slice::<Approval>(&bytes) else {
                continue;
            };
            if approval.state != ApprovalState::Pending || approval.expires_at <= now {
                continue;
            }
            let Some(pause) = pause_of_approval(&approval) else {
                continue;
            };
            state
                .pauses
                .insert(crate::identity::identity_key(&approval.agent), pause);
        }
        debug!(
            running = state.running.len(),
            paused = state.pauses.len(),
            "safety loop engine started"
        );
        Ok(Self {
            policy,
            store,
            clock,
            issuer,
            options,
            state: Mutex::new(state),
            channels: Mutex::new(None),
        })
    }

    /// How much the engine holds in memory now.
    pub fn state_sizes(&self) -> StateSizes {
        let state = self.lock();
        let (queued, broadcasts, cursors) = state.inbox.sizes();
        StateSizes {
            running_executions: state.running.len(),
            queued_notifications: queued,
            kept_broadcasts: broadcasts,
            broadcast_cursors: cursors,
            pauses: state.pauses.len(),
            passes: state.passes.len(),
            memory_blocks: state.memory_blocks.len(),
            verify_challenges: state.verify_challenges.len(),
            step_budgets: state.budgets.len(),
            approval_windows: state.approval_rate.len(),
        }
    }

    /// The mode in force now.
    pub fn mode(&self) -> LoopMode {
        self.mode_of(&self.policy.current())
    }

    /// The live policy.
    pub fn policy(&self) -> &Arc<LivePolicy> {
        &self.policy
    }

    pub(crate) fn mode_of(&self, policy: &PolicySet) -> LoopMode {
        self.options
            .mode_override
            .unwrap_or(policy.config().safety_loop.mode)
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, LoopState> {
        // A panic while holding the lock leaves state that is at worst stale; the store holds
        // what must not be lost, so going on is safer than refusing every agent from then on.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A new random id (UUID v4) from the engine's generator.
    pub(crate) fn new_id(&self) -> String {
        let mut bytes = [0u8; 16];
        self.issuer.fill_random(&mut bytes);
        uuid::Builder::from_random_bytes(bytes)
            .into_uuid()
            .to_string()
    }

    pub(crate) fn attempt_limit(config: &SafetyLoopConfig) -> AttemptLimit {
        let a = config.verification_attempts;
        AttemptLimit {
            max_failures: a.max_failures,
            window: SignedDuration::from_secs(i64::from(a.window_seconds)),
            max_lockout: SignedDuration::from_secs(i64::from(a.max_lockout_seconds)),
        }
    }

    /// The block of the agent whose identity key is `key`: the store's record, or one held in
    /// memory after a failed write. A store that cannot be read blocks (fail closed).
    pub(crate) fn block_of(&self, state: &LoopState, key: &str) -> BlockState {
        if let Some(b) = state.memory_blocks.get(key) {
            return BlockState::Blocked(b.clone());
        }
        match blocks::block_state(self.store.as_ref(), key) {
            Ok(s) => s,
            Err(e) => {
                error!(agent = key, error = %e, "block state unreadable: treating the agent as blocked");
                BlockState::Unreadable(e.to_string())
            }
        }
    }

    /// Appends an audit entry. A failure is logged; the caller decides whether it may still
    /// answer (only restrictive answers may go out without their entry).
    pub(crate) fn audit(&self, entry: AuditEntry) -> Result<(), StoreError> {
        match audit::append(self.store.as_ref(), &entry) {
            Ok(_) => Ok(()),
            Err(e) => {
                error!(agent = %entry.agent, outcome = ?entry.outcome, error = %e, "audit entry not written");
                Err(e)
            }
        }
    }

    /// An audit entry with the common fields filled.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn audit_entry(
        &self,
        now: Timestamp,
        generation: u64,
        agent: &str,
        execution_id: Option<&str>,
        operation: &str,
        danger_level: u8,
        outcome: AuditOutcome,
        reasons: Vec<String>,
    ) -> AuditEntry {
        AuditEntry {
            timestamp: now,
            decision_id: self.new_id(),
            trace_id: execution_id.map_or_else(|| self.new_id(), str::to_owned),
            policy_generation: generation,
            agent: agent.to_owned(),
            execution_id: execution_id.map(str::to_owned),
            adapter_name: None,
            operation: operation.to_owned(),
            danger_level,
            adapter_trust: None,
            outcome,
            confirmation_token: None,
            user_id: None,
            parameters: None,
            reasons,
        }
    }

    /// The human channels of the policy in force, rebuilt when the policy changes.
    fn sinks(&self, policy: &PolicySet) -> Sinks {
        let mut cached = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((generation, sinks)) = cached.as_ref()
            && *generation == policy.generation()
        {
            return Arc::clone(sinks);
        }
        let configured = &policy.config().safety_loop.human_channels;
        let sinks: Vec<Box<dyn HumanChannelSink>> = if configured.is_empty() {
            let dir = self.options.state_dir.join("operator");
            vec![channels::build(
                &airlock_core::HumanChannelConfig::File {
                    dir: dir.to_string_lossy().into_owned(),
                },
                &self.options.policy_dir,
            )]
        } else {
            configured
                .iter()
                .map(|c| channels::build(c, &self.options.policy_dir))
                .collect()
        };
        let sinks = Arc::new(sinks);
        *cached = Some((policy.generation(), Arc::clone(&sinks)));
        sinks
    }

    /// Sends messages to the person. Call with the state lock released. Returns a factor for
    /// each message no channel took (without the code).
    pub(crate) fn send(&self, policy: &PolicySet, outgoing: Vec<Outgoing>) -> Vec<String> {
        if outgoing.is_empty() {
            return Vec::new();
        }
        let sinks = self.sinks(policy);
        let mut problems = Vec::new();
        for item in outgoing {
            let (result, what) = match &item {
                Outgoing::Code {
                    challenge,
                    code,
                    reason,
                    action,
                } => {
                    let instructions = format!(
                        "If you want agent '{}' to go on, give this code to verify_challenge \
                         with challenge_id {} before {}. If you did not expect this, do \
                         nothing: the agent stays {}.",
                        challenge.agent,
                        challenge.id,
                        challenge.expires_at,
                        match challenge.kind {
                            crate::challenge::ChallengeKind::Verify => "paused",
                            crate::challenge::ChallengeKind::HardBlock => "blocked",
                        }
                    );
                    let notice = OperatorNotice {
                        kind: NoticeKind::VerificationCode,
                        id: &challenge.id,
                        agent: &challenge.agent,
                        reason,
                        action,
                        instructions: &instructions,
                        code: Some(code),
                        expires_at: challenge.expires_at,
                    };
                    // With operator authentication on, a file the agent's OS user can read
                    // gets no code (an unreadable credential record counts as on: fail
                    // closed); the person verifies with `airlock verify` and the passphrase.
                    let withheld_instructions = format!(
                        "The code is withheld from files while operator authentication is on. \
                         If you want agent '{}' to go on, run `airlock verify {}` (it asks for \
                         the operator passphrase) before {}.",
                        challenge.agent, challenge.id, challenge.expires_at
                    );
                    let withheld = OperatorNotice {
                        code: None,
                        instructions: &withheld_instructions,
                        ..notice
                    };
                    let withhold = self.operator_auth_initialized().unwrap_or(true);
                    (
                        channels::deliver_split(&sinks, &notice, withhold.then_some(&withheld)),
                        format!("verification code of challenge {}", challenge.id),
                    )
                }
                Outgoing::Approval { approval, action } => {
                    let notice = OperatorNotice {
                        kind: NoticeKind::ApprovalRequest,
                        id: &approval.id,
                        agent: &approval.agent,
                        reason: &approval.why,
                        action,
                        instructions: &approval.how_to_approve,
                        code: None,
                        expires_at: approval.expires_at,
                    };
                    (
                        channels::deliver_all(&sinks, &notice),
                        format!("approval request {}", approval.id),
                    )
                }
            };
            if let Err(errors) = result {
                for e in &errors {
                    warn!(error = %e, "human channel failed");
                }
                problems.push(format!(
                    "the {what} reached no human channel ({} failed): an operator must check \
                     the channels and reissue it",
                    errors.len()
                ));
            }
        }
        problems
    }

    /// An execution's record in the store (ended executions are only there).
    pub(crate) fn stored_execution(&self, id: &str) -> Option<Execution> {
        self.store
            .get(Table::Executions, id)
            .ok()
            .flatten()
            .and_then(|b| serde_json::from_slice(&b).ok())
    }

    /// The execution's record if it is due to be written ([`Execution::record_if_due`]), to
    /// pass to [`Engine::save_execution`] once the state lock is released.
    pub(crate) fn execution_record(
        state: &mut LoopState,
        id: &str,
        now_matters: bool,
    ) -> Option<(String, Vec<u8>)> {
        let e = state.executions.get_mut(id)?;
        e.record_if_due(now_matters)
            .map(|bytes| (e.id.clone(), bytes))
    }

    /// Writes an execution's counters, lazily: the store makes them durable with the next
    /// durable write or within a second.
    pub(crate) fn save_execution(&self, record: Option<(String, Vec<u8>)>) {
        let Some((id, bytes)) = record else {
            return;
        };
        let lazy = airlock_store::Durability::Lazy;
        if let Err(err) = self.store.put(Table::Executions, &id, &bytes, lazy) {
            warn!(execution = %id, error = %err, "execution counters not saved");
        }
    }

    /// Writes an agent's step budget, lazily, like the execution's counters.
    pub(crate) fn save_budget(&self, record: Option<(String, Vec<u8>)>) {
        let Some((key, bytes)) = record else {
            return;
        };
        let lazy = airlock_store::Durability::Lazy;
        if let Err(err) = self.store.put(Table::StepBudgets, &key, &bytes, lazy) {
            warn!(agent = %key, error = %err, "step budget not saved");
        }
    }

    /// Whether an execution id belongs to a running execution of `agent` (identity key
    /// `key`): the id given, or the agent's running one.
    pub(crate) fn resolve_execution(
        &self,
        state: &LoopState,
        agent: &str,
        key: &str,
        execution_id: Option<&str>,
    ) -> Result<String, crate::error::LoopError> {
        use crate::error::LoopError;
        match execution_id {
            Some(id) => {
                let Some(e) = state.executions.get(id) else {
                    // Ended executions are only in the store.
                    return Err(match self.stored_execution(id) {
                        Some(e) if crate::identity::identity_key(&e.agent) != key => {
                            LoopError::execution_agent_mismatch(id, agent)
                        }
                        Some(e) => LoopError::execution_finished(id, e.state.as_str()),
                        None => LoopError::execution_not_found(Some(id), agent),
                    });
                };
                if e.agent_key != key {
                    return Err(LoopError::execution_agent_mismatch(id, agent));
                }
                if e.state != ExecutionState::Running {
                    return Err(LoopError::execution_finished(id, e.state.as_str()));
                }
                Ok(id.to_owned())
            }
            None => state
                .running
                .get(key)
                .cloned()
                .ok_or_else(|| LoopError::execution_not_found(None, agent)),
        }
    }
}

/// The `what` of an approval the loop creates: enough to rebuild its pause after a restart.
pub(crate) fn approval_what(
    kind: PauseKind,
    action: &str,
    execution_id: &str,
) -> serde_json::Value {
    serde_json::json!({
        "kind": kind.as_str(),
        "action": action,
        "execution_id": execution_id,
    })
}

fn pause_of_approval(approval: &Approval) -> Option<Pause> {
    let kind: PauseKind = serde_json::from_value(approval.what.get("kind")?.clone()).ok()?;
    Some(Pause {
        wait: Wait::Approval {
            approval_id: approval.id.clone(),
            kind,
        },
        action: approval.what.get("action")?.as_str()?.to_owned(),
        execution_id: approval.what.get("execution_id")?.as_str()?.to_owned(),
        tier: None,
    })
}
