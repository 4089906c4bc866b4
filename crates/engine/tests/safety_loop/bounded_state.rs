//! Memory and the state file stay bounded whatever agents do (issue #14): notifications are
//! bounded per agent and kept once per broadcast, and expired records are purged.
//!
//! These tests count (queue sizes, records, bytes of the file), never time. The ones that make
//! thousands of durable writes put the state on a tmpfs (`/dev/shm`) when there is one: the
//! store is the real redb file either way; only the fsyncs are cheaper.

use std::path::Path;
use std::sync::Arc;

use airlock_engine::{
    ApprovalState, ChallengeIssuer, ChallengeKind, Clock, GateAnswer, NotificationType,
    OperationCall, TokenRecord,
};
use airlock_store::{Durability, RedbStore, Store, Table};
use jiff::{SignedDuration, Timestamp};
use serde_json::json;

use crate::common::*;

/// A state directory on a tmpfs if there is one.
fn fast_state_dir() -> tempfile::TempDir {
    let shm = Path::new("/dev/shm");
    if shm.is_dir()
        && let Ok(dir) = tempfile::tempdir_in(shm)
    {
        return dir;
    }
    tempfile::tempdir().expect("tempdir")
}

/// How many agents the notification test blocks: 10,000 unless `AIRLOCK_TEST_AGENTS` says
/// otherwise (fewer, to show the failure on code whose memory grows with their square).
fn agents() -> usize {
    std::env::var("AIRLOCK_TEST_AGENTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000)
}

#[test]
fn ten_thousand_blocked_agents_keep_memory_linear_and_one_answer_bounded() {
    let n = agents();
    let dir = fast_state_dir();
    let h = Harness::open_at(
        dir.path(),
        json!({"max_running_executions": 2 * n + 10}),
        None,
    );
    h.start("bystander");
    for i in 0..n {
        let agent = format!("agent-{i}");
        h.start(&agent);
    }
    for i in 0..n {
        let agent = format!("agent-{i}");
        assert!(h.step(&agent, DENIED).directive.is_stopped());
    }
    assert_eq!(h.engine.blocked_agents().expect("blocks").len(), n);

    // The state: a bounded number of broadcasts kept once, one cursor per executing agent,
    // nothing queued per agent (each blocked agent got its own stop in its directive).
    let sizes = h.engine.state_sizes();
    assert_eq!(sizes.running_executions, n + 1);
    assert_eq!(sizes.broadcast_cursors, n + 1);
    assert!(sizes.kept_broadcasts <= 64, "{sizes:?}");
    assert!(sizes.queued_notifications <= 16 * (n + 1), "{sizes:?}");
    assert_eq!(sizes.queued_notifications, 0, "{sizes:?}");

    // One step of the agent that heard all of it: a bounded answer that says what it missed.
    let answer = h.step("bystander", ADVISORY);
    let notes = &answer.directive.notifications;
    assert!(
        notes.len() <= 33,
        "{} notifications in one answer",
        notes.len()
    );
    let zones = notes
        .iter()
        .filter(|n| n.kind == NotificationType::DangerZone)
        .count();
    assert!(zones >= 1, "the newest blocks are announced");
    assert!(
        notes[0]
            .message
            .contains("older notifications were dropped"),
        "{}",
        notes[0].message
    );
    let bytes = serde_json::to_vec(&answer).expect("json").len();
    assert!(bytes < 64 * 1024, "one answer is {bytes} bytes");
    // Delivered once: the next answer has none of them.
    assert!(
        h.step("bystander", ADVISORY)
            .directive
            .notifications
            .is_empty()
    );
    // And the blocks still hold, however many announcements were dropped.
    assert!(h.step("agent-0", ADVISORY).directive.is_stopped());
}

/// Expired records of the three kinds that expire, in the engine's formats, as a store would
/// hold them after a long run: `count` records whose deadlines are an hour before `now`.
fn insert_expired(
    store: &dyn Store,
    issuer: &ChallengeIssuer,
    round: usize,
    count: usize,
    now: Timestamp,
) {
    let long_ago = now - SignedDuration::from_hours(1);
    for i in 0..count {
        let id = format!("{round:03}-{i:07}");
        match i % 3 {
            0 => {
                let record = TokenRecord {
                    digest: format!("{id:0>64}"),
                    operation: "delete_file".into(),
                    params_hash: "0".repeat(64),
                    adapter: "files".into(),
                    danger_level: airlock_core::DangerLevel::Destructive,
                    issued_at: long_ago,
                    expires_at: long_ago,
                    consumed: false,
                    approval_id: Some(id.clone()),
                };
                let bytes = serde_json::to_vec(&record).expect("json");
                store
                    .put(Table::Tokens, &record.digest, &bytes, Durability::Lazy)
                    .expect("put");
            }
            1 => {
                let approval = airlock_engine::Approval {
                    id: id.clone(),
                    agent: "a".into(),
                    why: "destructive".into(),
                    what: json!({"kind": "operation", "operation": "delete_file"}),
                    how_to_approve: "airlock approve".into(),
                    expires_at: long_ago,
                    trace_id: id.clone(),
                    state: ApprovalState::Pending,
                };
                let bytes = serde_json::to_vec(&approval).expect("json");
                store
                    .put(Table::Approvals, &id, &bytes, Durability::Lazy)
                    .expect("put");
            }
            _ => {
                let (challenge, _code) = issuer.issue(
                    "a",
                    ChallengeKind::HardBlock,
                    long_ago - SignedDuration::from_mins(5),
                    SignedDuration::from_mins(5),
                );
                let bytes = serde_json::to_vec(&challenge).expect("json");
                store
                    .put(Table::Challenges, &challenge.id, &bytes, Durability::Lazy)
                    .expect("put");
            }
        }
    }
}

#[test]
fn a_million_expired_records_are_purged_and_the_file_stops_growing() {
    const ROUNDS: usize = 10;
    const PER_ROUND: usize = 100_000;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("state.redb");
    let store = Arc::new(RedbStore::open(&path).expect("store"));
    let h = Harness::open_on(
        dir.path(),
        policy_json(json!({}), &dir.path().join("operator-inbox")),
        &[],
        None,
        store.clone(),
    );
    let issuer = ChallengeIssuer::from_os().expect("random");
    // A live approval and a live token among them must survive every purge.
    let live_until = h.clock.now() + SignedDuration::from_hours(24 * 30);
    let live = airlock_engine::Approval {
        id: "live".into(),
        agent: "a".into(),
        why: "w".into(),
        what: json!({}),
        how_to_approve: "h".into(),
        expires_at: live_until,
        trace_id: "t".into(),
        state: ApprovalState::Pending,
    };
    store
        .put(
            Table::Approvals,
            "live",
            &serde_json::to_vec(&live).expect("json"),
            Durability::Durable,
        )
        .expect("put");

    let mut sizes = Vec::new();
    let mut purged = 0;
    for round in 0..ROUNDS {
        insert_expired(store.as_ref(), &issuer, round, PER_ROUND, h.clock.now());
        store.flush().expect("flush");
        let report = h.engine.purge_expired(usize::MAX).expect("purge");
        assert!(report.round_complete);
        purged += report.removed;
        store.flush().expect("flush");
        for table in [Table::Tokens, Table::Challenges] {
            assert_eq!(
                store.count(table).expect("count"),
                0,
                "{table:?} after round {round}"
            );
        }
        assert_eq!(
            store.count(Table::Approvals).expect("count"),
            1,
            "only the live one"
        );
        assert!(store.get(Table::Approvals, "live").expect("get").is_some());
        sizes.push(std::fs::metadata(&path).expect("size").len());
        h.clock.advance(SignedDuration::from_mins(1));
    }
    assert_eq!(purged, ROUNDS * PER_ROUND, "a million records purged");
    // The file stops growing: freed pages are reused for the next round's records, so ten
    // rounds of 100,000 records take the room of about one. redb moves pages around, so the
    // size wanders within that room (seen here: 1.0 to 1.9 times the first round's) rather
    // than staying flat; without the purge each round would add its records, ten times the
    // first round's size by the last.
    let first = sizes[0];
    for (round, size) in sizes.iter().enumerate() {
        assert!(
            *size <= 3 * first,
            "round {round}: the file grew to {size} bytes, more than three times the first \
             round's {first} ({sizes:?})"
        );
    }
}

#[test]
fn requests_that_expire_are_purged_by_the_requests_that_follow() {
    let dir = fast_state_dir();
    let mut policy = policy_json(
        json!({"approval_requests": {"max_requests": 20, "window_seconds": 60}}),
        &dir.path().join("operator-inbox"),
    );
    policy["adapters"] = json!({
        "files": {"trust": {"level": "validated", "validated_at": "2026-11-01T00:00:00Z"}}
    });
    let store = Arc::new(RedbStore::open(&dir.path().join("state.redb")).expect("store"));
    let h = Harness::open_on(dir.path(), policy, &[], None, store.clone());
    let mut most = 0;
    for round in 0..50 {
        for i in 0..20 {
            let params = json!({"path": format!("/tmp/{round}-{i}")});
            let answer = h
                .engine
                .gate_operation(OperationCall {
                    agent: "a",
                    adapter: "files",
                    operation: "delete_file",
                    endpoint: None,
                    params: &params,
                    annotations: None,
                    trust: None,
                    autonomy: None,
                    safety_mode: None,
                    not_offered: false,
                })
                .expect("gate");
            assert!(matches!(answer, GateAnswer::Pending { .. }), "{answer:?}");
        }
        most = most.max(store.count(Table::Approvals).expect("count"));
        // Past the approvals' lifetime and the purge's grace.
        h.clock.advance(SignedDuration::from_hours(1));
    }
    // 1,000 approvals (and 2,000 token records) were made; at most a few rounds' worth are
    // ever kept.
    assert!(most <= 100, "{most} approvals kept at once");
    assert!(
        store.count(Table::Tokens).expect("count") <= 200,
        "{} token records kept",
        store.count(Table::Tokens).expect("count")
    );
}
