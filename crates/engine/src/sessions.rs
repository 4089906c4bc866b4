//! Sessions that hold a hard-blocked agent: a stop in a session holds for the session, whatever
//! name its agent gives next (`crate::identity`).
//!
//! A session comes to hold a blocked agent when an agent is stopped in it, or when it names an
//! agent that is blocked. The record (session key -> the agent's identity key) is in the
//! store's `sessions` table, written durably like the block itself, so another airlock process
//! taking over the state, or a restart, keeps it. The record only points at the block: when a
//! person lifts the block (a code or an operator override), the session is free again, and its
//! record is dropped the next time it is read (or by the purge, `crate::purge`).
//!
//! Fail closed: a record that cannot be read holds the session; a record that cannot be
//! written is held in memory by this process.

use airlock_store::{Durability, Store, Table};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use tracing::warn;

use crate::audit::AuditOutcome;
use crate::blocks::BlockState;
use crate::engine::{ById, Engine, LoopState};
use crate::error::LoopError;
use crate::identity::Caller;
use crate::records::put_json;

/// What the store keeps of a session that holds a blocked agent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SessionRecord {
    /// The blocked agent's name, as it was given.
    pub(crate) agent: String,
    /// Its identity key (what the block is filed under).
    pub(crate) agent_key: String,
    /// Since when the session holds it.
    pub(crate) since: Timestamp,
}

/// What a session holds.
pub(crate) enum Held {
    /// Nothing: the session is free.
    Nothing,
    /// A blocked agent: its name, identity key and block.
    Blocked(SessionRecord, Box<BlockState>),
}

/// Session records this process could not write: held here so the stop still holds.
#[derive(Debug, Default)]
pub(crate) struct SessionBlocks {
    unwritten: ById<SessionRecord>,
}

impl SessionBlocks {
    fn record(&self, store: &dyn Store, session: &str) -> Result<Option<SessionRecord>, String> {
        if let Some(r) = self.unwritten.get(session) {
            return Ok(Some(r.clone()));
        }
        match store.get(Table::Sessions, session) {
            Ok(None) => Ok(None),
            Ok(Some(bytes)) => serde_json::from_slice(&bytes)
                .map(Some)
                .map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        }
    }
}

impl Engine {
    /// What `caller`'s session holds. A record whose block was lifted frees the session (and
    /// is dropped); one that cannot be read holds it (fail closed).
    pub(crate) fn session_holds(&self, state: &mut LoopState, caller: &Caller) -> Held {
        let Some(session) = caller.session_key() else {
            return Held::Nothing;
        };
        let record = match state.sessions.record(self.store.as_ref(), session) {
            Ok(None) => return Held::Nothing,
            Ok(Some(r)) => r,
            Err(e) => {
                warn!(session, error = %e, "session record unreadable: the session stays held");
                let unknown = SessionRecord {
                    agent: "(unreadable session record)".to_owned(),
                    agent_key: String::new(),
                    since: Timestamp::UNIX_EPOCH,
                };
                return Held::Blocked(unknown, Box::new(BlockState::Unreadable(e)));
            }
        };
        match self.block_of(state, &record.agent_key) {
            BlockState::Clear => {
                state.sessions.unwritten.remove(session);
                // The block was lifted: the session is free. A failed removal is retried the
                // next time (the record points at no block, so it holds nothing).
                let _ = self
                    .store
                    .remove(Table::Sessions, session, Durability::Lazy);
                Held::Nothing
            }
            blocked => Held::Blocked(record, Box::new(blocked)),
        }
    }

    /// Makes `caller`'s session hold the blocked agent `agent` (identity key `key`), durably;
    /// held in memory if the write fails. A session already holding a blocked agent keeps it.
    pub(crate) fn hold_session(
        &self,
        state: &mut LoopState,
        caller: &Caller,
        agent: &str,
        key: &str,
        now: Timestamp,
    ) {
        let Some(session) = caller.session_key() else {
            return;
        };
        if let Held::Blocked(..) = self.session_holds(state, caller) {
            return;
        }
        let record = SessionRecord {
            agent: agent.to_owned(),
            agent_key: key.to_owned(),
            since: now,
        };
        let written = put_json(
            self.store.as_ref(),
            Table::Sessions,
            session,
            &record,
            Durability::Durable,
        );
        if let Err(e) = written {
            warn!(session, error = %e, "session block not persisted: held in memory");
            state.sessions.unwritten.insert(session.to_owned(), record);
        }
        self.purge_after_write(state, &[Table::Sessions], now);
    }

    /// Refuses `operation` if `caller`'s session holds a blocked agent (audited), naming that
    /// agent; an operation naming the blocked agent itself is left to the block by name.
    pub(crate) fn refuse_held_session(
        &self,
        state: &mut LoopState,
        caller: &Caller,
        operation: &str,
        named: Option<&str>,
    ) -> Result<(), LoopError> {
        let Held::Blocked(record, block) = self.session_holds(state, caller) else {
            return Ok(());
        };
        // The blocked agent itself, by any spelling: the block by name answers (a stop
        // directive for a step, as the spec words it).
        if !record.agent_key.is_empty()
            && named.is_some_and(|n| crate::identity::identity_key(n) == record.agent_key)
        {
            return Ok(());
        }
        let challenge = match block.as_ref() {
            BlockState::Blocked(b) => Some(b.challenge_id.clone()),
            _ => None,
        };
        let policy = self.policy.current();
        let entry = self.audit_entry(
            self.clock.now(),
            policy.generation(),
            named.unwrap_or(&record.agent),
            None,
            operation,
            4,
            AuditOutcome::Denied,
            vec![format!(
                "the caller's session holds hard-blocked agent '{}': every operation of the \
                 session is refused until the block is lifted",
                record.agent
            )],
        );
        let _ = self.audit(entry);
        Err(LoopError::session_blocked(
            &record.agent,
            challenge.as_deref(),
        ))
    }

    /// Whether `caller`'s session holds a hard-blocked agent: every agent operation of the
    /// session is refused until a person lifts the block. For surfaces that gate calls of
    /// their own (the gateway) with the same rule.
    pub fn session_is_blocked(&self, caller: &Caller) -> bool {
        let mut state = self.lock();
        matches!(self.session_holds(&mut state, caller), Held::Blocked(..))
    }
}
