//! Hard blocks (core spec 8.8.3) and attempt limits, as records in the store.
//!
//! A hard block is per agent, not per execution, and is written durably before the directive
//! that announces it leaves the engine, so neither a new execution nor a restart gets around
//! it. Reading fails closed: a block record that cannot be read still blocks.

use airlock_store::{Durability, Store, StoreError, Table};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use crate::attempts::AttemptState;
use crate::identity::identity_key;
use crate::records::put_json;

/// What set off a hard block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockTrigger {
    /// A `danger_zone` safety tier (score 86-100).
    DangerZone,
    /// A `deny` pattern matched the hint.
    DenyPattern,
}

/// A hard block of one agent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardBlock {
    /// The blocked agent.
    pub agent: String,
    /// What set it off.
    pub trigger: BlockTrigger,
    /// Why, for people.
    pub reason: String,
    /// The execution it happened in.
    pub execution_id: String,
    /// The challenge whose code lifts it.
    pub challenge_id: String,
    /// The action that set it off, as reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<String>,
    /// When.
    pub blocked_at: Timestamp,
}

/// What the store says about an agent's block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockState {
    /// Not blocked.
    Clear,
    /// Blocked, with the record.
    Blocked(HardBlock),
    /// A block record exists but cannot be read: the agent stays blocked until an operator
    /// looks at it.
    Unreadable(String),
}

impl BlockState {
    /// Whether the agent may act: only when clear.
    pub fn is_blocked(&self) -> bool {
        !matches!(self, BlockState::Clear)
    }
}

/// Records a hard block, durably, under the agent's identity key
/// ([`crate::identity::identity_key`] of `block.agent`). Returns only once it is on disk.
pub fn record_block(store: &dyn Store, block: &HardBlock) -> Result<(), StoreError> {
    put_json(
        store,
        Table::Blocks,
        &identity_key(&block.agent),
        block,
        Durability::Durable,
    )
}

/// The block state of the agent whose identity key is `key`.
pub fn block_state(store: &dyn Store, key: &str) -> Result<BlockState, StoreError> {
    Ok(match store.get(Table::Blocks, key)? {
        None => BlockState::Clear,
        Some(bytes) => match serde_json::from_slice(&bytes) {
            Ok(block) => BlockState::Blocked(block),
            Err(e) => BlockState::Unreadable(e.to_string()),
        },
    })
}

/// Lifts the block of the agent whose identity key is `key`, durably (after a successful
/// verification or an operator override; the caller audits which). Returns whether there was
/// one.
pub fn lift_block(store: &dyn Store, key: &str) -> Result<bool, StoreError> {
    Ok(store
        .remove(Table::Blocks, key, Durability::Durable)?
        .is_some())
}

/// Files every block and attempt record under its agent's identity key. Blocks written before
/// names were compared by identity are filed under the name as given (`Agent`); left there, a
/// lookup by key (`agent`) would miss them and the block would be lost. Each is rewritten
/// durably under its key before the old record is removed, so a crash in between leaves both,
/// never neither. Returns how many records moved.
pub fn file_under_identity_keys(store: &dyn Store) -> Result<usize, StoreError> {
    let mut moved = 0;
    for table in [Table::Blocks, Table::Attempts] {
        for (name, bytes) in store.entries(table)? {
            let key = identity_key(&name);
            // A key with a NUL is none of these: no identity key has one, and the engine files
            // the attempts of callers it cannot identify under `<key>\0unidentified`.
            if key == name || name.contains('\0') {
                continue;
            }
            // Two old spellings of one agent: keep the record already under the key (a block
            // is a block; which one does not matter for enforcement).
            if store.get(table, &key)?.is_none() {
                store.put(table, &key, &bytes, Durability::Durable)?;
            }
            store.remove(table, &name, Durability::Durable)?;
            moved += 1;
        }
    }
    Ok(moved)
}

/// An agent's failed-attempt state; a record that cannot be read counts as a fresh lockout
/// history of one, so corruption never grants more attempts.
pub fn attempt_state(store: &dyn Store, agent: &str) -> Result<AttemptState, StoreError> {
    Ok(match store.get(Table::Attempts, agent)? {
        None => AttemptState::default(),
        Some(bytes) => serde_json::from_slice(&bytes).unwrap_or(AttemptState {
            lockouts: 1,
            ..AttemptState::default()
        }),
    })
}

/// Saves an agent's failed-attempt state durably (spec 8.8.5: it persists across restarts).
pub fn save_attempt_state(
    store: &dyn Store,
    agent: &str,
    state: &AttemptState,
) -> Result<(), StoreError> {
    put_json(store, Table::Attempts, agent, state, Durability::Durable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attempts::AttemptLimit;
    use airlock_store::RedbStore;

    fn block(agent: &str) -> HardBlock {
        HardBlock {
            agent: agent.to_owned(),
            trigger: BlockTrigger::DenyPattern,
            reason: "matched deny pattern 'rm -rf*'".to_owned(),
            execution_id: "exec-1".to_owned(),
            challenge_id: "5d8f0a34-55d5-4a53-9bd4-1f7d3c35a0f1".to_owned(),
            action: None,
            blocked_at: "2026-11-25T12:00:00Z".parse().expect("time"),
        }
    }

    #[test]
    fn a_block_is_per_agent_survives_a_reopen_and_is_lifted_explicitly() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("state.redb");
        {
            let store = RedbStore::open(&path).expect("open");
            record_block(&store, &block("agent-1")).expect("block");
            assert!(block_state(&store, "agent-1").expect("state").is_blocked());
            assert_eq!(
                block_state(&store, "agent-2").expect("state"),
                BlockState::Clear
            );
        }
        let store = RedbStore::open(&path).expect("reopen");
        assert_eq!(
            block_state(&store, "agent-1").expect("state"),
            BlockState::Blocked(block("agent-1"))
        );
        assert!(lift_block(&store, "agent-1").expect("lift"));
        assert!(!lift_block(&store, "agent-1").expect("lift again"));
        assert_eq!(
            block_state(&store, "agent-1").expect("state"),
            BlockState::Clear
        );
    }

    #[test]
    fn an_unreadable_block_still_blocks() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = RedbStore::open(&dir.path().join("state.redb")).expect("open");
        store
            .put(Table::Blocks, "agent-1", b"{not json", Durability::Durable)
            .expect("put");
        let state = block_state(&store, "agent-1").expect("state");
        assert!(matches!(state, BlockState::Unreadable(_)));
        assert!(state.is_blocked());
    }

    #[test]
    fn attempt_limits_persist_and_corruption_grants_nothing() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("state.redb");
        let limit = AttemptLimit::default();
        let now: Timestamp = "2026-11-25T12:00:00Z".parse().expect("time");
        {
            let store = RedbStore::open(&path).expect("open");
            let mut state = attempt_state(&store, "agent-1").expect("state");
            for _ in 0..11 {
                limit.record_failure(&mut state, now);
            }
            save_attempt_state(&store, "agent-1", &state).expect("save");
        }
        let store = RedbStore::open(&path).expect("reopen");
        let state = attempt_state(&store, "agent-1").expect("state");
        assert!(
            limit.check(&state, now).is_err(),
            "the lockout survives a restart"
        );

        store
            .put(Table::Attempts, "agent-2", b"garbage", Durability::Durable)
            .expect("put");
        assert_eq!(attempt_state(&store, "agent-2").expect("state").lockouts, 1);
    }
}
