//! What only a person may do, through a human channel (operator CLI, operator API, an MCP
//! elicitation the user answered): approve or deny an approval, lift a hard block, reissue a
//! challenge. None of this is reachable from the agent's operations (`crate::ops`); every
//! decision is audited with who made it.

use airlock_store::{Durability, Table};
use serde::Serialize;
use tracing::info;

use crate::approval::{self, Approval, ApprovalState, HumanChannel};
use crate::audit::AuditOutcome;
use crate::blocks::{self, BlockState, HardBlock};
use crate::challenge::ChallengeKind;
use crate::engine::{Engine, Outgoing, Wait};
use crate::error::LoopError;
use crate::identity::identity_key;
use crate::records::put_json;
use crate::step::{challenge_ttl, describe_channel, status};

/// A reissued challenge (the code went to the human channels, not here).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reissued {
    /// The new challenge.
    pub challenge_id: String,
    /// The agent.
    pub agent: String,
    /// Problems delivering the code, if any.
    pub problems: Vec<String>,
}

impl Engine {
    /// A person approves an approval. The agent learns of it in its next directive and through
    /// `confirm_operation`; the approved action proceeds once.
    ///
    /// For a structured operation, this is what makes its confirmation token valid.
    pub fn approve(&self, approval_id: &str, by: HumanChannel) -> Result<Approval, LoopError> {
        self.decide(approval_id, by, true)
    }

    /// A person refuses an approval.
    pub fn deny(&self, approval_id: &str, by: HumanChannel) -> Result<Approval, LoopError> {
        self.decide(approval_id, by, false)
    }

    fn decide(
        &self,
        approval_id: &str,
        by: HumanChannel,
        approve: bool,
    ) -> Result<Approval, LoopError> {
        let now = self.clock.now();
        let policy = self.policy.current();
        let store = self.store.as_ref();
        let mut state = self.lock();
        let mut a = approval::load(store, approval_id)
            .map_err(|_| LoopError::store_failed("read the approval"))?
            .ok_or_else(|| LoopError::approval_not_found(approval_id))?;
        let who = describe_channel(&by);
        let user = by.user_id();
        let decided = if approve {
            a.approve(by, now)
        } else {
            a.deny(by, now)
        };
        decided.map_err(|e| LoopError {
            code: "VALIDATION_APPROVAL_STATE",
            message: e.to_string(),
            details: serde_json::json!({"approval_id": approval_id}),
        })?;
        approval::save(store, &a).map_err(|_| LoopError::store_failed("record the decision"))?;
        let word = if approve { "approved" } else { "denied" };
        let mut entry = self.audit_entry(
            now,
            policy.generation(),
            &a.agent,
            a.what.get("execution_id").and_then(|v| v.as_str()),
            "approval",
            2,
            if approve {
                AuditOutcome::Confirmed
            } else {
                AuditOutcome::Denied
            },
            vec![format!("approval {} {word} by {who}: {}", a.id, a.why)],
        );
        entry.user_id = Some(user);
        entry.trace_id = a.trace_id.clone();
        let _ = self.audit(entry);
        state.inbox.push(
            &identity_key(&a.agent),
            status(
                now,
                format!(
                    "Approval {} was {word} by a person{}",
                    a.id,
                    if approve {
                        ": report the action again; it proceeds once"
                    } else {
                        ": do not take the action"
                    }
                ),
                None,
                Some(&a.id),
            ),
        );
        info!(approval = %a.id, agent = %a.agent, decision = word, by = %who, "approval decided");
        Ok(a)
    }

    /// Lifts an agent's hard block without a code (an admin override, core spec 8.8.3),
    /// durably and audited with who did it and why.
    pub fn override_block(
        &self,
        agent: &str,
        by: HumanChannel,
        reason: &str,
    ) -> Result<HardBlock, LoopError> {
        let now = self.clock.now();
        let policy = self.policy.current();
        let store = self.store.as_ref();
        let agent = agent.trim();
        let key = identity_key(agent);
        let mut state = self.lock();
        let block = match self.block_of(&state, &key) {
            BlockState::Blocked(b) => Some(b),
            BlockState::Unreadable(_) => None,
            BlockState::Clear => {
                return Err(LoopError {
                    code: "NOT_FOUND_BLOCK",
                    message: format!("Agent '{agent}' is not blocked"),
                    details: serde_json::json!({"agent": agent}),
                });
            }
        };
        blocks::lift_block(store, &key).map_err(|_| LoopError::store_failed("lift the block"))?;
        state.memory_blocks.remove(&key);
        if let Some(b) = &block {
            // The old code must not work any more.
            if let Ok(Some(bytes)) = store.get(Table::Challenges, &b.challenge_id)
                && let Ok(mut c) = serde_json::from_slice::<crate::challenge::Challenge>(&bytes)
            {
                c.spent = true;
                let _ = put_json(store, Table::Challenges, &c.id, &c, Durability::Durable);
            }
            state.inbox.clear_danger_zone(&b.challenge_id);
        }
        let who = describe_channel(&by);
        let mut entry = self.audit_entry(
            now,
            policy.generation(),
            agent,
            block.as_ref().map(|b| b.execution_id.as_str()),
            "override_block",
            4,
            AuditOutcome::Unblocked,
            vec![format!(
                "hard block lifted by {who} (operator override): {reason}"
            )],
        );
        entry.user_id = Some(by.user_id());
        let _ = self.audit(entry);
        state.inbox.push(
            &key,
            status(
                now,
                format!("An operator lifted the hard block of agent '{agent}'"),
                None,
                None,
            ),
        );
        info!(agent, by = %who, "hard block lifted by operator");
        let fallback = HardBlock {
            agent: agent.to_owned(),
            trigger: crate::blocks::BlockTrigger::DenyPattern,
            reason: "unreadable block record".to_owned(),
            execution_id: String::new(),
            challenge_id: String::new(),
            action: None,
            blocked_at: now,
        };
        Ok(block.unwrap_or(fallback))
    }

    /// Issues a new challenge for a blocked or verify-paused agent (after a burned or expired
    /// code, or a code that reached no one). The old challenge stops working; the new code goes
    /// to the human channels only.
    pub fn reissue_challenge(&self, agent: &str, by: HumanChannel) -> Result<Reissued, LoopError> {
        let now = self.clock.now();
        let policy = self.policy.current();
        let store = self.store.as_ref();
        let ttl = challenge_ttl(&policy);
        let agent = agent.trim();
        let key = identity_key(agent);
        let mut state = self.lock();
        let (challenge, code, reason, action) = match self.block_of(&state, &key) {
            BlockState::Blocked(mut b) => {
                let (mut challenge, code) =
                    self.issuer
                        .issue(&b.agent, ChallengeKind::HardBlock, now, ttl);
                // The new code is for the same agent's session, on the same surface, as the
                // old one.
                let old = store
                    .get(Table::Challenges, &b.challenge_id)
                    .ok()
                    .flatten()
                    .and_then(|bytes| {
                        serde_json::from_slice::<crate::challenge::Challenge>(&bytes).ok()
                    });
                // A block whose challenge cannot be read: a hook session's block (its execution
                // is `hook:HOST`) keeps the hook's rule.
                challenge.surface = match &old {
                    Some(old) => old.surface,
                    None if b.execution_id.starts_with("hook:") => {
                        crate::challenge::ChallengeSurface::Hook
                    }
                    None => crate::challenge::ChallengeSurface::Loop,
                };
                challenge.session = old.and_then(|old| old.session);
                put_json(
                    store,
                    Table::Challenges,
                    &challenge.id,
                    &challenge,
                    Durability::Durable,
                )
                .map_err(|_| LoopError::store_failed("record the new challenge"))?;
                let old = std::mem::replace(&mut b.challenge_id, challenge.id.clone());
                blocks::record_block(store, &b)
                    .map_err(|_| LoopError::store_failed("record the new challenge"))?;
                if state.memory_blocks.contains_key(&key) {
                    state.memory_blocks.insert(key.clone(), b.clone());
                }
                state.inbox.clear_danger_zone(&old);
                (
                    challenge,
                    code,
                    b.reason.clone(),
                    b.action.clone().unwrap_or_default(),
                )
            }
            BlockState::Unreadable(_) => {
                return Err(LoopError::store_failed("read the agent's block"));
            }
            BlockState::Clear => {
                let Some(pause) = state.pauses.get(&key).cloned() else {
                    return Err(LoopError {
                        code: "NOT_FOUND_CHALLENGE",
                        message: format!(
                            "Agent '{agent}' is neither blocked nor waiting for verification"
                        ),
                        details: serde_json::json!({"agent": agent}),
                    });
                };
                let Wait::Verify { challenge_id: old } = &pause.wait else {
                    return Err(LoopError {
                        code: "NOT_FOUND_CHALLENGE",
                        message: format!(
                            "Agent '{agent}' waits for an approval, not a verification code"
                        ),
                        details: serde_json::json!({"agent": agent}),
                    });
                };
                let (mut challenge, code) =
                    self.issuer.issue(agent, ChallengeKind::Verify, now, ttl);
                challenge.session = state
                    .verify_challenges
                    .get(old)
                    .and_then(|c| c.session.clone());
                state.verify_challenges.remove(old);
                state
                    .verify_challenges
                    .insert(challenge.id.clone(), challenge.clone());
                if let Some(p) = state.pauses.get_mut(&key) {
                    p.wait = Wait::Verify {
                        challenge_id: challenge.id.clone(),
                    };
                }
                (
                    challenge,
                    code,
                    "verify tier".to_owned(),
                    pause.action.clone(),
                )
            }
        };
        let id = challenge.id.clone();
        state.inbox.push(
            &key,
            crate::directive::AgentNotification {
                kind: crate::directive::NotificationType::Status,
                message: format!(
                    "An operator issued a new challenge {id}; the person has the new code"
                ),
                metadata: crate::directive::NotificationMetadata {
                    verification_id: Some(id.clone()),
                    ..Default::default()
                },
                timestamp: now,
            },
        );
        drop(state);
        let mut entry = self.audit_entry(
            now,
            policy.generation(),
            agent,
            None,
            "reissue_challenge",
            4,
            AuditOutcome::Paused,
            vec![format!(
                "challenge {id} issued by {}",
                describe_channel(&by)
            )],
        );
        entry.user_id = Some(by.user_id());
        let _ = self.audit(entry);
        let problems = self.send(
            &policy,
            vec![Outgoing::Code {
                challenge,
                code,
                reason,
                action,
            }],
        );
        Ok(Reissued {
            challenge_id: id,
            agent: agent.to_owned(),
            problems,
        })
    }

    /// Approvals still waiting for a person, oldest deadline first.
    pub fn pending_approvals(&self) -> Result<Vec<Approval>, LoopError> {
        let now = self.clock.now();
        let mut out: Vec<Approval> = self
            .store
            .entries(Table::Approvals)
            .map_err(|_| LoopError::store_failed("list the approvals"))?
            .into_iter()
            .filter_map(|(_, bytes)| serde_json::from_slice::<Approval>(&bytes).ok())
            .filter(|a| a.state == ApprovalState::Pending && a.expires_at > now)
            .collect();
        out.sort_by_key(|a| a.expires_at);
        Ok(out)
    }

    /// Writes the audit log from sequence `from` as JSON lines; returns how many entries.
    pub fn export_audit(&self, from: u64, out: &mut dyn std::io::Write) -> Result<u64, LoopError> {
        crate::audit::export_json_lines(self.store.as_ref(), from, out)
            .map_err(|_| LoopError::store_failed("read the audit log"))
    }

    /// Every hard-blocked agent.
    pub fn blocked_agents(&self) -> Result<Vec<HardBlock>, LoopError> {
        let state = self.lock();
        let mut out: Vec<HardBlock> = self
            .store
            .entries(Table::Blocks)
            .map_err(|_| LoopError::store_failed("list the blocks"))?
            .into_iter()
            .filter_map(|(_, bytes)| serde_json::from_slice::<HardBlock>(&bytes).ok())
            .collect();
        for b in state.memory_blocks.values() {
            if !out.iter().any(|o| o.agent == b.agent) {
                out.push(b.clone());
            }
        }
        Ok(out)
    }
}
