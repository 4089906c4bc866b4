//! The agent-side answers to a pause: `verify_challenge` (a person's out-of-band code) and
//! `confirm_operation` (where an approval stands). Neither lets the agent's session approve
//! anything by itself: a code only a person has, an approval only a human channel grants.

use airlock_store::{Durability, Table};
use serde::Serialize;
use serde_json::Value;
use tracing::{info, warn};

use crate::approval::{self, ApprovalState};
use crate::audit::AuditOutcome;
use crate::blocks::{self, BlockState, BlockTrigger};
use crate::challenge::{Challenge, ChallengeKind, ChallengeSurface, VerifyError};
use crate::engine::{Engine, Pass, Wait};
use crate::error::LoopError;
use crate::execution::normalize;
use crate::identity::{Caller, identity_key};
use crate::records::put_json;

/// The answer to a successful `verify_challenge`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verified {
    /// The challenge.
    pub challenge_id: String,
    /// The agent that may go on.
    pub element_name: String,
    /// `unblocked` (a hard block was lifted) or `resumed` (a verify pause ended).
    pub result: &'static str,
    /// What the agent should do next.
    pub message: String,
}

/// The answer to `confirm_operation`: an approval as the agent may see it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ApprovalView {
    /// The approval.
    pub approval_id: String,
    /// `pending`, `approved`, `denied`, `used` or `expired`.
    pub status: &'static str,
    /// The agent whose action waits.
    pub element_name: String,
    /// Why it was gated.
    pub why: String,
    /// Exactly what will proceed.
    pub what: Value,
    /// How a person approves it.
    pub how_to_approve: String,
    /// The deadline.
    pub expires_at: jiff::Timestamp,
    /// What the agent should do now.
    pub message: String,
}

/// What proves a person verified: the code from a human channel, or an authenticated operator.
#[derive(Clone, Copy)]
enum Proof<'a> {
    Code(&'a str),
    Operator(&'a crate::approval::HumanChannel),
}

/// The audit entry of a verification, with the operator who made it when one did.
fn signed(mut entry: crate::audit::AuditEntry, proof: Proof<'_>) -> crate::audit::AuditEntry {
    if let Proof::Operator(by) = proof {
        entry.user_id = Some(by.user_id());
    }
    entry
}

/// The one-time pass a successful verification gives the action it was about.
fn verified_pass(challenge: &Challenge, action: &str) -> Pass {
    Pass {
        action_key: normalize(action),
        expires_at: challenge.expires_at,
        why: format!(
            "a person verified challenge {}: this action may proceed once",
            challenge.id
        ),
        approval_id: None,
    }
}

/// Where an agent-side caller of `verify_challenge` stands toward a challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Standing {
    /// The agent the challenge was issued to, in its own session: its codes count as the
    /// agent's, and a wrong one burns the challenge.
    Owner,
    /// A caller naming the agent on a surface that cannot tell callers apart (`/v1/operations`
    /// has no session): maybe the agent, maybe a bystander that heard the `danger_zone`
    /// broadcast. The right code works; a wrong one burns nothing and counts against a limit
    /// of its own ([`unidentified_key`]), so a bystander can neither burn the challenge nor
    /// lock the person's `airlock verify` out.
    Unidentified,
    /// Anyone else: told the challenge does not exist; nothing burned, nothing counted.
    Stranger,
}

/// Where the caller stands: a challenge issued in a session is answered from that session
/// only (and, if the caller names an agent, it must be that one); one issued outside a session
/// by the loop, by a sessionless caller naming the agent; one issued to a hook session, by no
/// agent-side caller at all (the hook's agent cannot submit a code, and anyone naming it is
/// someone else).
fn standing(challenge: &Challenge, caller: &Caller, element_name: Option<&str>) -> Standing {
    let named_right = element_name.map(|n| identity_key(n) == identity_key(&challenge.agent));
    if challenge.surface == ChallengeSurface::Hook {
        return Standing::Stranger;
    }
    match (challenge.session.as_deref(), caller.session_key()) {
        (Some(session), Some(caller)) if caller == session && named_right != Some(false) => {
            Standing::Owner
        }
        (None, None) if named_right == Some(true) => Standing::Unidentified,
        _ => Standing::Stranger,
    }
}

/// The key under which the failed codes of [`Standing::Unidentified`] callers are counted: the
/// agent's identity key and a NUL, which no identity key contains, so it is nobody's own.
fn unidentified_key(key: &str) -> String {
    format!("{key}\0unidentified")
}

impl Engine {
    /// Checks a code a person gave for a challenge, through the operator channel (`airlock
    /// verify`): any challenge. Success lifts the hard block or ends the verify pause; a wrong
    /// code burns the challenge (an operator can reissue); failures are rate-limited per agent
    /// with progressive lockout, persisted and audited.
    pub fn verify_challenge(&self, challenge_id: &str, code: &str) -> Result<Verified, LoopError> {
        if code.trim().is_empty() {
            return Err(LoopError::missing_param("code", "verify_challenge"));
        }
        self.verify_with(challenge_id, Proof::Code(code), None)
    }

    /// `verify_challenge` from an agent's side: the same, but only for a caller that may be the
    /// agent the challenge was issued to: its own session; outside a session, a
    /// caller naming it (whose wrong codes burn nothing, the surface cannot tell it from a
    /// bystander); never for a hook session's challenge. Anyone else gets
    /// `NOT_FOUND_CHALLENGE` and burns nothing.
    pub fn verify_challenge_as(
        &self,
        caller: &Caller,
        element_name: Option<&str>,
        challenge_id: &str,
        code: &str,
    ) -> Result<Verified, LoopError> {
        if code.trim().is_empty() {
            return Err(LoopError::missing_param("code", "verify_challenge"));
        }
        self.verify_with(
            challenge_id,
            Proof::Code(code),
            Some((caller, element_name)),
        )
    }

    /// A person who has authenticated as the operator (`airlock verify` with the operator
    /// passphrase or token) verifies a challenge without its code. Once operator
    /// authentication is on, the file channel withholds codes (a file the agent's OS user can
    /// read is no out-of-band channel), so this is how the file channel's reader verifies.
    /// Never reachable from an agent operation.
    pub fn verify_challenge_by_operator(
        &self,
        challenge_id: &str,
        by: &crate::approval::HumanChannel,
    ) -> Result<Verified, LoopError> {
        self.verify_with(challenge_id, Proof::Operator(by), None)
    }

    fn verify_with(
        &self,
        challenge_id: &str,
        proof: Proof<'_>,
        agent_side: Option<(&Caller, Option<&str>)>,
    ) -> Result<Verified, LoopError> {
        let challenge_id = challenge_id.trim();
        if challenge_id.is_empty() {
            return Err(LoopError::missing_param("challenge_id", "verify_challenge"));
        }
        let policy = self.policy.current();
        let config = &policy.config().safety_loop;
        let limit = Engine::attempt_limit(config);
        let now = self.clock.now();
        let store = self.store.as_ref();
        let mut state = self.lock();

        let mut challenge: Challenge = match state.verify_challenges.get(challenge_id) {
            Some(c) => c.clone(),
            None => match store.get(Table::Challenges, challenge_id) {
                Ok(Some(bytes)) => serde_json::from_slice(&bytes)
                    .map_err(|_| LoopError::store_failed("read the challenge"))?,
                Ok(None) => return Err(LoopError::challenge_not_found(challenge_id)),
                Err(_) => return Err(LoopError::store_failed("read the challenge")),
            },
        };
        let agent = challenge.agent.clone();
        let standing = agent_side.map(|(caller, element_name)| {
            (standing(&challenge, caller, element_name), element_name)
        });
        // Whose attempts these are, for the rate limit: the agent's own (its session, or a
        // person on the operator channel), or those of callers that cannot be told apart.
        let key = match standing {
            Some((Standing::Unidentified, _)) => unidentified_key(&identity_key(&agent)),
            _ => identity_key(&agent),
        };
        let unidentified = matches!(standing, Some((Standing::Unidentified, _)));
        if let Some((Standing::Stranger, element_name)) = standing {
            let entry = self.audit_entry(
                now,
                policy.generation(),
                element_name.unwrap_or("(unnamed)"),
                None,
                "verify_challenge",
                4,
                AuditOutcome::Denied,
                vec![format!(
                    "a caller that is not agent '{agent}' (another session or name) tried the \
                     code of its challenge {challenge_id}: refused as not found, nothing burned"
                )],
            );
            let _ = self.audit(entry);
            return Err(LoopError::challenge_not_found(challenge_id));
        }

        let agent_key = identity_key(&agent);
        let mut attempts = blocks::attempt_state(store, &key)
            .map_err(|_| LoopError::store_failed("read the verification rate limit"))?;
        // The agent's rate limit counts guesses of codes; an operator's credential has its own.
        if let (Proof::Code(_), Err(locked)) = (proof, limit.check(&attempts, now)) {
            let entry = self.audit_entry(
                now,
                policy.generation(),
                &agent,
                None,
                "verify_challenge",
                4,
                AuditOutcome::VerificationFailed,
                vec![format!(
                    "verification of challenge {challenge_id} refused: rate limit (locked until {})",
                    locked.until
                )],
            );
            let _ = self.audit(entry);
            return Err(LoopError::rate_limited(&agent, locked.until));
        }

        let result = match proof {
            Proof::Code(code) => challenge.verify(code, now),
            Proof::Operator(_) => {
                if challenge.spent {
                    Err(VerifyError::Spent)
                } else if now >= challenge.expires_at {
                    Err(VerifyError::Expired)
                } else {
                    challenge.spent = true;
                    Ok(())
                }
            }
        };
        let how = match proof {
            Proof::Code(_) => "out-of-band verification".to_owned(),
            Proof::Operator(by) => format!(
                "{} (verified without the code)",
                crate::step::describe_channel(by)
            ),
        };
        let persisted = challenge.kind == ChallengeKind::HardBlock;
        match result {
            Ok(()) => {
                limit.record_success(&mut attempts);
                let _ = blocks::save_attempt_state(store, &key, &attempts);
                let verified = match challenge.kind {
                    ChallengeKind::HardBlock => {
                        let block = match self.block_of(&state, &agent_key) {
                            BlockState::Blocked(b) => Some(b),
                            _ => None,
                        };
                        if block
                            .as_ref()
                            .is_some_and(|b| b.challenge_id != challenge.id)
                        {
                            // An operator reissued: only the newest challenge lifts the block.
                            return Err(LoopError::verification_failed(
                                challenge_id,
                                "superseded",
                                "this challenge was replaced by a newer one: use the code of \
                                 the newest challenge"
                                    .to_owned(),
                                limit.max_failures.saturating_sub(attempts.failures),
                            ));
                        }
                        // The block goes first: if it cannot be lifted the challenge stays
                        // usable and the person can try again.
                        blocks::lift_block(store, &agent_key)
                            .map_err(|_| LoopError::store_failed("lift the block"))?;
                        state.memory_blocks.remove(&agent_key);
                        let _ = put_json(
                            store,
                            Table::Challenges,
                            &challenge.id,
                            &challenge,
                            Durability::Durable,
                        );
                        state.inbox.clear_danger_zone(&challenge.id);
                        if let Some(b) = &block
                            && b.trigger == BlockTrigger::DangerZone
                            && let Some(action) = b.action.clone()
                        {
                            state
                                .passes
                                .insert(agent_key.clone(), verified_pass(&challenge, &action));
                        }
                        let entry = self.audit_entry(
                            now,
                            policy.generation(),
                            &agent,
                            block.as_ref().map(|b| b.execution_id.as_str()),
                            "verify_challenge",
                            4,
                            AuditOutcome::Unblocked,
                            vec![format!(
                                "hard block lifted by {how} of challenge {}",
                                challenge.id
                            )],
                        );
                        let _ = self.audit(signed(entry, proof));
                        Verified {
                            challenge_id: challenge.id.clone(),
                            element_name: agent.clone(),
                            result: "unblocked",
                            message: format!(
                                "Agent '{agent}' is unblocked. It may report its next action."
                            ),
                        }
                    }
                    ChallengeKind::Verify => {
                        state.verify_challenges.remove(&challenge.id);
                        let paused = state.pauses.get(&agent_key).cloned();
                        if let Some(p) = paused
                            && p.wait
                                == (Wait::Verify {
                                    challenge_id: challenge.id.clone(),
                                })
                        {
                            state.pauses.remove(&agent_key);
                            state
                                .passes
                                .insert(agent_key.clone(), verified_pass(&challenge, &p.action));
                        }
                        let entry = self.audit_entry(
                            now,
                            policy.generation(),
                            &agent,
                            None,
                            "verify_challenge",
                            3,
                            AuditOutcome::Confirmed,
                            vec![format!(
                                "verify pause ended by {how} of challenge {}",
                                challenge.id
                            )],
                        );
                        let _ = self.audit(signed(entry, proof));
                        Verified {
                            challenge_id: challenge.id.clone(),
                            element_name: agent.clone(),
                            result: "resumed",
                            message: format!(
                                "Verified. Agent '{agent}' may report the paused action again; \
                                 it proceeds once."
                            ),
                        }
                    }
                };
                info!(agent = %agent, challenge = %challenge.id, result = verified.result, "challenge verified");
                Ok(verified)
            }
            Err(e) => {
                // The challenge is burned (or was already spent or expired); not by a caller
                // that cannot be told apart from a bystander.
                if unidentified {
                    // Nothing to write: the burned copy is dropped.
                } else if persisted {
                    let _ = put_json(
                        store,
                        Table::Challenges,
                        &challenge.id,
                        &challenge,
                        Durability::Durable,
                    );
                } else {
                    state
                        .verify_challenges
                        .insert(challenge.id.clone(), challenge.clone());
                }
                if let Proof::Code(_) = proof {
                    limit.record_failure(&mut attempts, now);
                    if blocks::save_attempt_state(store, &key, &attempts).is_err() {
                        warn!(agent = %agent, "rate-limit state not saved");
                    }
                }
                let reason = match e {
                    VerifyError::Expired => "expired",
                    VerifyError::Spent => "spent",
                    VerifyError::Mismatch => "mismatch",
                };
                let entry = self.audit_entry(
                    now,
                    policy.generation(),
                    &agent,
                    None,
                    "verify_challenge",
                    4,
                    AuditOutcome::VerificationFailed,
                    vec![format!(
                        "verification of challenge {challenge_id} failed: {reason}"
                    )],
                );
                let _ = self.audit(entry);
                warn!(agent = %agent, challenge = challenge_id, reason, "verification failed");
                let left = if limit.check(&attempts, now).is_err() {
                    0
                } else {
                    limit.max_failures.saturating_sub(attempts.failures)
                };
                let message = match e {
                    VerifyError::Mismatch if unidentified => {
                        "the code does not match. The challenge is not burned (this surface \
                         cannot tell the agent from another caller naming it): try the code \
                         the person gave again, exactly"
                            .to_owned()
                    }
                    e => e.to_string(),
                };
                Err(LoopError::verification_failed(
                    challenge_id,
                    reason,
                    message,
                    left,
                ))
            }
        }
    }

    /// Reports where an approval stands. This is how the agent learns that a person decided;
    /// it never decides anything itself.
    pub fn confirm_operation(&self, approval_id: &str) -> Result<ApprovalView, LoopError> {
        let approval_id = approval_id.trim();
        if approval_id.is_empty() {
            return Err(LoopError::missing_param("approval_id", "confirm_operation"));
        }
        let now = self.clock.now();
        let a = approval::load(self.store.as_ref(), approval_id)
            .map_err(|_| LoopError::store_failed("read the approval"))?
            .ok_or_else(|| LoopError::approval_not_found(approval_id))?;
        let status = a.status(now);
        let message = match (&a.state, status) {
            (_, "expired") => "The approval expired: report the action again to ask once more.",
            (ApprovalState::Pending, _) => {
                "Waiting for a person. Do not take the action; ask the user to approve it \
                 through the operator channel."
            }
            (ApprovalState::Approved { .. }, _) => {
                "A person approved it: report the action again with record_execution_step; \
                 it proceeds once."
            }
            (ApprovalState::Denied { .. }, _) => "A person denied it: do not take the action.",
            (ApprovalState::Used { .. }, _) => "It was approved and has been used.",
        };
        Ok(ApprovalView {
            approval_id: a.id.clone(),
            status,
            element_name: a.agent.clone(),
            why: a.why.clone(),
            what: a.what.clone(),
            how_to_approve: a.how_to_approve.clone(),
            expires_at: a.expires_at,
            message: message.to_owned(),
        })
    }
}
