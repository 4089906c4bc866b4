//! Approvals: the persisted record of an action waiting for a person (autonomy seed: why, what,
//! how to approve, expires at, trace id), and its life: pending, then approved or denied by a
//! person, then used once; or expired.
//!
//! Only a human channel grants or denies ([`HumanChannel`]): the operator CLI, the operator API
//! with its own credential, or an MCP elicitation answered by the user. The agent's own session
//! can only ask for the state (`confirm_operation`); the engine never passes it a
//! `HumanChannel`.

use airlock_store::{Durability, Store, StoreError, Table};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::records::put_json;

/// Where a person's answer came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "channel", rename_all = "snake_case")]
pub enum HumanChannel {
    /// `airlock approve` / `airlock deny` on the operator's machine.
    OperatorCli {
        /// The operator's name (the OS user).
        user: String,
    },
    /// The operator HTTP API, authenticated with the operator credential.
    OperatorApi {
        /// The operator's name.
        user: String,
    },
    /// An MCP elicitation answered by the user in their client.
    Elicitation {
        /// The MCP session that answered.
        session: String,
    },
}

impl HumanChannel {
    /// The person, for the audit log's `user_id`.
    pub fn user_id(&self) -> String {
        match self {
            HumanChannel::OperatorCli { user } | HumanChannel::OperatorApi { user } => user.clone(),
            HumanChannel::Elicitation { session } => format!("elicitation:{session}"),
        }
    }
}

/// Where an approval stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ApprovalState {
    /// Waiting for a person.
    Pending,
    /// A person approved; the action may proceed once.
    Approved {
        /// Who.
        by: HumanChannel,
        /// When.
        at: Timestamp,
    },
    /// A person refused.
    Denied {
        /// Who.
        by: HumanChannel,
        /// When.
        at: Timestamp,
    },
    /// The approved action went ahead (once).
    Used {
        /// When.
        at: Timestamp,
    },
}

/// An approval request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approval {
    /// Its id (what `confirm_operation {approval_id}` takes).
    pub id: String,
    /// The agent whose action waits.
    pub agent: String,
    /// Why the action was gated, for the person deciding.
    pub why: String,
    /// Exactly what will proceed on approval (the hint, or the operation with its params,
    /// redacted for display but bound by hash), so there are no surprises.
    pub what: Value,
    /// How to approve: the command or API call.
    pub how_to_approve: String,
    /// The deadline; after it the approval is expired whatever its state.
    pub expires_at: Timestamp,
    /// The trace linking it to the originating request.
    pub trace_id: String,
    /// Where it stands.
    pub state: ApprovalState,
}

/// A transition that is not allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApprovalError {
    /// The deadline has passed.
    #[error("approval {id} expired at {expires_at}: the agent must ask again")]
    Expired {
        /// The approval.
        id: String,
        /// Its deadline.
        expires_at: Timestamp,
    },
    /// A person already decided.
    #[error("approval {id} was already decided ({state}): it cannot be decided again")]
    AlreadyDecided {
        /// The approval.
        id: String,
        /// What it is.
        state: &'static str,
    },
    /// Only an approved, unused approval lets an action proceed.
    #[error("approval {id} is {state}, not approved: the action cannot proceed")]
    NotApproved {
        /// The approval.
        id: String,
        /// What it is.
        state: &'static str,
    },
}

impl ApprovalState {
    /// The state's name.
    pub const fn name(&self) -> &'static str {
        match self {
            ApprovalState::Pending => "pending",
            ApprovalState::Approved { .. } => "approved",
            ApprovalState::Denied { .. } => "denied",
            ApprovalState::Used { .. } => "used",
        }
    }
}

impl Approval {
    /// The state as the agent may see it at `now`: `expired` once past the deadline (unless
    /// already used or denied).
    pub fn status(&self, now: Timestamp) -> &'static str {
        match self.state {
            ApprovalState::Pending | ApprovalState::Approved { .. } if now >= self.expires_at => {
                "expired"
            }
            ref s => s.name(),
        }
    }

    fn decide(&mut self, state: ApprovalState, now: Timestamp) -> Result<(), ApprovalError> {
        if now >= self.expires_at {
            return Err(ApprovalError::Expired {
                id: self.id.clone(),
                expires_at: self.expires_at,
            });
        }
        if self.state != ApprovalState::Pending {
            return Err(ApprovalError::AlreadyDecided {
                id: self.id.clone(),
                state: self.state.name(),
            });
        }
        self.state = state;
        Ok(())
    }

    /// A person approves, through a human channel.
    pub fn approve(&mut self, by: HumanChannel, now: Timestamp) -> Result<(), ApprovalError> {
        self.decide(ApprovalState::Approved { by, at: now }, now)
    }

    /// A person refuses, through a human channel.
    pub fn deny(&mut self, by: HumanChannel, now: Timestamp) -> Result<(), ApprovalError> {
        self.decide(ApprovalState::Denied { by, at: now }, now)
    }

    /// The approved action proceeds: allowed once, before the deadline.
    pub fn use_once(&mut self, now: Timestamp) -> Result<(), ApprovalError> {
        let not_approved = |state| ApprovalError::NotApproved {
            id: self.id.clone(),
            state,
        };
        match self.state {
            ApprovalState::Approved { .. } if now < self.expires_at => {
                self.state = ApprovalState::Used { at: now };
                Ok(())
            }
            ApprovalState::Approved { .. } => Err(not_approved("expired")),
            ref s => Err(not_approved(s.name())),
        }
    }
}

/// Saves an approval durably (it must survive a restart: a person may answer later).
pub fn save(store: &dyn Store, approval: &Approval) -> Result<(), StoreError> {
    put_json(
        store,
        Table::Approvals,
        &approval.id,
        approval,
        Durability::Durable,
    )
}

/// Loads an approval; an unreadable record is treated as absent (nothing proceeds on it).
pub fn load(store: &dyn Store, id: &str) -> Result<Option<Approval>, StoreError> {
    Ok(store
        .get(Table::Approvals, id)?
        .and_then(|bytes| serde_json::from_slice(&bytes).ok()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use airlock_store::RedbStore;
    use jiff::SignedDuration;
    use serde_json::json;

    fn now() -> Timestamp {
        "2026-11-25T12:00:00Z".parse().expect("time")
    }

    fn pending() -> Approval {
        Approval {
            id: "apr-1".into(),
            agent: "agent-1".into(),
            why: "score 45: confirm tier".into(),
            what: json!({"hint": "deploy the release to staging"}),
            how_to_approve: "airlock approve apr-1".into(),
            expires_at: now() + SignedDuration::from_mins(15),
            trace_id: "trace-1".into(),
            state: ApprovalState::Pending,
        }
    }

    fn operator() -> HumanChannel {
        HumanChannel::OperatorCli {
            user: "alice".into(),
        }
    }

    #[test]
    fn approved_once_then_used_once() {
        let mut a = pending();
        assert_eq!(a.status(now()), "pending");
        assert_eq!(
            a.use_once(now()).expect_err("not yet").to_string(),
            "approval apr-1 is pending, not approved: the action cannot proceed"
        );
        a.approve(operator(), now()).expect("approve");
        assert_eq!(a.status(now()), "approved");
        a.use_once(now()).expect("proceeds once");
        assert_eq!(a.status(now()), "used");
        assert!(a.use_once(now()).is_err(), "not twice");
        assert!(a.approve(operator(), now()).is_err(), "not decided again");
    }

    #[test]
    fn denied_and_expired_approvals_never_let_anything_through() {
        let mut d = pending();
        d.deny(operator(), now()).expect("deny");
        assert!(d.use_once(now()).is_err());
        assert!(d.approve(operator(), now()).is_err(), "a denial is final");

        let mut late = pending();
        let after = late.expires_at;
        assert_eq!(late.status(after), "expired");
        assert!(matches!(
            late.approve(operator(), after),
            Err(ApprovalError::Expired { .. })
        ));

        let mut approved_late = pending();
        approved_late.approve(operator(), now()).expect("approve");
        assert!(
            approved_late.use_once(after).is_err(),
            "an approval is not used after its deadline"
        );
    }

    #[test]
    fn approvals_persist_with_who_decided() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("state.redb");
        {
            let store = RedbStore::open(&path).expect("open");
            let mut a = pending();
            a.approve(
                HumanChannel::Elicitation {
                    session: "s-9".into(),
                },
                now(),
            )
            .expect("approve");
            save(&store, &a).expect("save");
        }
        let store = RedbStore::open(&path).expect("reopen");
        let a = load(&store, "apr-1").expect("load").expect("present");
        assert!(matches!(
            a.state,
            ApprovalState::Approved {
                by: HumanChannel::Elicitation { .. },
                ..
            }
        ));
        assert_eq!(load(&store, "apr-2").expect("load"), None);
        store
            .put(Table::Approvals, "apr-3", b"junk", Durability::Durable)
            .expect("put");
        assert_eq!(
            load(&store, "apr-3").expect("load"),
            None,
            "junk lets nothing proceed"
        );
    }
}
