//! Restarts: a process SIGKILLed right after a stop directive leaves a blocked agent and a
//! refused new execution behind, and one SIGKILLed after failed verifications an intact rate
//! limit; approvals survive a restart, verify pauses do not (core spec 8.8.3).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use serde_json::json;

use crate::common::*;

/// The child side: stops agent `a` and says so at once (`AIRLOCK_ENGINE_CHILD_FAILURES` = 0),
/// or after that many failed verifications; then waits to be killed. Run only by the SIGKILL
/// tests (ignored in a normal run).
#[test]
#[ignore = "run by the SIGKILL tests below in a child process"]
fn child_stops_an_agent_then_waits_to_be_killed() {
    let dir = std::env::var_os("AIRLOCK_ENGINE_CHILD_STATE").expect("run by the parent test");
    let failures: usize = std::env::var("AIRLOCK_ENGINE_CHILD_FAILURES")
        .expect("run by the parent test")
        .parse()
        .expect("a number");
    let h = Harness::open_at(std::path::Path::new(&dir), json!({}), None);
    h.start("a");
    h.start("b");
    let stop = h.step("a", DENIED);
    assert!(stop.directive.is_stopped());
    let id = verification_id(&stop);
    for _ in 0..failures {
        let r = h.call(
            "verify_challenge",
            json!({"challenge_id": id, "code": "WRONG", "element_name": "a"}),
        );
        assert_eq!(r["success"], false);
    }
    // Nothing is written after the last answer before the kill.
    println!("STOPPED {id}");
    std::thread::sleep(std::time::Duration::from_secs(120));
}

/// Runs the child on `state` with `failures` failed verifications after the stop, SIGKILLs it
/// as soon as it has its last answer, and returns the stopped agent's challenge id.
#[cfg(unix)]
fn stop_then_sigkill(state: &std::path::Path, failures: usize) -> String {
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "restart::child_stops_an_agent_then_waits_to_be_killed",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env("AIRLOCK_ENGINE_CHILD_STATE", state)
        .env("AIRLOCK_ENGINE_CHILD_FAILURES", failures.to_string())
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
    challenge
}

/// Spec 8.8.3: the block is durable before the stop directive leaves the engine, so a process
/// killed the moment the agent has its directive leaves the agent blocked.
#[cfg(unix)]
#[test]
fn must_persist_hard_blocked_agent_state_across_restarts() {
    let state = tempfile::tempdir().expect("tempdir");
    let challenge = stop_then_sigkill(state.path(), 0);

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
        json!({"challenge_id": fresh.challenge_id, "code": code, "element_name": "a"}),
    );
    assert_eq!(ok["success"], true, "{ok}");
}

/// Spec 8.8.5: failed verifications counted before a SIGKILL are counted after it.
#[cfg(unix)]
#[test]
fn should_persist_rate_limit_state_across_restarts() {
    let state = tempfile::tempdir().expect("tempdir");
    let challenge = stop_then_sigkill(state.path(), 3);

    let h = Harness::open_at(state.path(), json!({}), None);
    // 10 - 3 before the kill - this one = 6 left (counted as attempts of callers naming the
    // agent without a session: nothing is burned, but every guess counts).
    let r = h.call(
        "verify_challenge",
        json!({"challenge_id": challenge, "code": "WRONG", "element_name": "a"}),
    );
    assert_eq!(r["error"]["details"]["attempts_left_in_window"], 6, "{r}");
    assert!(h.step("a", ADVISORY).directive.is_stopped());
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
