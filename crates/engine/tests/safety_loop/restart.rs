//! Restarts: a process SIGKILLed right after a stop directive leaves a blocked agent, a
//! refused new execution and an intact rate limit behind (must_persist_hard_blocked_agent_state
//! _across_restarts, should_persist_rate_limit_state_across_restarts); approvals survive a
//! restart, verify pauses do not (core spec 8.8.3).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use serde_json::json;

use crate::common::*;

/// The child side: stops agent `a`, fails three verifications, says so, waits to be killed.
/// Run only by the SIGKILL test (ignored in a normal run).
#[test]
#[ignore = "run by a_sigkill_right_after_a_stop_leaves_the_agent_blocked in a child process"]
fn child_stops_an_agent_then_waits_to_be_killed() {
    let dir = std::env::var_os("AIRLOCK_ENGINE_CHILD_STATE").expect("run by the parent test");
    let h = Harness::open_at(std::path::Path::new(&dir), json!({}), None);
    h.start("a");
    h.start("b");
    let stop = h.step("a", DENIED);
    assert!(stop.directive.is_stopped());
    let id = verification_id(&stop);
    for _ in 0..3 {
        let r = h.call(
            "verify_challenge",
            json!({"challenge_id": id, "code": "WRONG"}),
        );
        assert_eq!(r["success"], false);
    }
    println!("STOPPED {id}");
    std::thread::sleep(std::time::Duration::from_secs(120));
}

#[cfg(unix)]
#[test]
fn a_sigkill_right_after_a_stop_leaves_the_agent_blocked() {
    let state = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "restart::child_stops_an_agent_then_waits_to_be_killed",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env("AIRLOCK_ENGINE_CHILD_STATE", state.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn child");
    let stdout = child.stdout.take().expect("stdout");
    let challenge = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .find_map(|line| line.strip_prefix("STOPPED ").map(str::to_owned))
        .expect("the child reported its stop");
    let killed = Command::new("kill")
        .args(["-9", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    assert!(
        !child.wait().expect("wait").success(),
        "killed, not finished"
    );

    let h = Harness::open_at(state.path(), json!({}), None);
    // The agent is still blocked: its running execution is refused, a new one too.
    let r = h.step("a", ADVISORY);
    assert!(r.directive.is_stopped(), "{:?}", r.directive);
    assert!(
        r.directive
            .reason
            .as_deref()
            .is_some_and(|s| s.contains(&challenge))
    );
    let again = h.call("execute_agent", json!({"element_name": "a"}));
    assert_eq!(
        again["error"]["code"], "PERMISSION_AGENT_BLOCKED",
        "{again}"
    );
    // The rate limit remembers the three failures: 10 - 3 - this one = 6 left.
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": challenge, "code": "WRONG"}),
    );
    assert_eq!(r["error"]["details"]["attempts_left_in_window"], 6, "{r}");
    // Agent b's execution survived and goes on.
    assert!(h.step("b", ADVISORY).directive.proceed);
    // The stop is in the audit log.
    assert!(
        h.audit()
            .iter()
            .any(|e| e["outcome"] == "stopped" && e["agent"] == "a")
    );
    // A person can still get it going: the operator reissues, the code verifies.
    let fresh = h
        .engine
        .reissue_challenge("a", operator())
        .expect("reissue");
    let code = h.code_for(&fresh.challenge_id);
    let ok = h.call(
        "verify_challenge",
        json!({"challenge_id": fresh.challenge_id, "code": code}),
    );
    assert_eq!(ok["success"], true, "{ok}");
}

#[test]
fn a_pending_approval_survives_a_restart_and_can_be_approved_after_it() {
    let state = tempfile::tempdir().expect("tempdir");
    let id = {
        let h = Harness::open_at(state.path(), json!({}), None);
        h.start("a");
        approval_id(&h.step("a", CONFIRM))
    };
    let h = Harness::open_at(state.path(), json!({}), None);
    assert!(!h.step("a", ADVISORY).directive.proceed, "still paused");
    h.engine
        .approve(&id, operator())
        .expect("approve after restart");
    assert!(h.step("a", CONFIRM).directive.proceed);
}

#[test]
fn a_verify_pause_does_not_survive_a_restart() {
    let state = tempfile::tempdir().expect("tempdir");
    {
        let h = Harness::open_at(state.path(), json!({}), None);
        h.start("a");
        assert!(!h.step("a", VERIFY).directive.proceed);
    }
    let h = Harness::open_at(state.path(), json!({}), None);
    assert!(h.step("a", ADVISORY).directive.proceed);
    // The same action again gets a new challenge.
    assert!(!h.step("a", VERIFY).directive.proceed);
}

#[test]
fn step_counters_survive_a_restart() {
    let state = tempfile::tempdir().expect("tempdir");
    {
        let h = Harness::open_at(state.path(), json!({"max_autonomous_steps": 3}), None);
        h.start("a");
        h.step("a", ADVISORY);
        h.step("a", ADVISORY);
    }
    let h = Harness::open_at(state.path(), json!({"max_autonomous_steps": 3}), None);
    let r = h.step("a", ADVISORY);
    assert_eq!(r.step, 3);
    assert_eq!(r.directive.steps_remaining, Some(0));
    assert!(
        !h.step("a", ADVISORY).directive.proceed,
        "the limit was not reset"
    );
}
