//! SIGTERM, the signal service managers stop services with, shuts `airlock http` down like
//! Ctrl-C: requests in flight are answered, the store's lazy writes reach the disk, and the
//! process exits 0.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn airlock(state: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_airlock"));
    c.env("AIRLOCK_STATE_DIR", state)
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        )
        .env_remove("AIRLOCK_POLICY");
    c
}

/// One operation; `None` when the request did not get a whole answer (the server is gone).
fn op(http: &ureq::Agent, base: &str, operation: &str, params: Value) -> Option<Value> {
    let mut r = http
        .post(format!("{base}/v1/operations"))
        .header("content-type", "application/json")
        .send(json!({"operation": operation, "params": params}).to_string())
        .ok()?;
    let text = r.body_mut().read_to_string().ok()?;
    Some(serde_json::from_str(&text).expect("an answer is whole JSON, never cut short"))
}

#[test]
fn sigterm_under_load_answers_in_flight_requests_and_keeps_lazy_writes() {
    let state = tempfile::tempdir().expect("tempdir");
    let mut child = airlock(state.path())
        .args(["http", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let base = common::http_base(&mut child);

    // Agents whose allowed step was answered: each answer's audit entry is a lazy write.
    let answered = Arc::new(Mutex::new(Vec::<String>::new()));
    let signalled = Arc::new(AtomicBool::new(false));
    let workers: Vec<_> = (0..3)
        .map(|w| {
            let (base, answered, signalled) =
                (base.clone(), Arc::clone(&answered), Arc::clone(&signalled));
            std::thread::spawn(move || {
                let http: ureq::Agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(10)))
                    .build()
                    .into();
                let mut failed_before_signal = 0;
                for i in 0.. {
                    let agent = format!("worker-{w}-{i}");
                    let before = signalled.load(Ordering::SeqCst);
                    let Some(started) = op(
                        &http,
                        &base,
                        "execute_agent",
                        json!({"element_name": agent}),
                    ) else {
                        failed_before_signal += u32::from(!before);
                        break;
                    };
                    assert_eq!(started["success"], true, "{started}");
                    let before = signalled.load(Ordering::SeqCst);
                    let Some(step) = op(
                        &http,
                        &base,
                        "record_execution_step",
                        json!({"element_name": agent, "nextActionHint": "list the files in docs"}),
                    ) else {
                        failed_before_signal += u32::from(!before);
                        break;
                    };
                    assert_eq!(step["data"]["continue"], true, "{step}");
                    answered.lock().expect("lock").push(agent);
                }
                failed_before_signal
            })
        })
        .collect();

    std::thread::sleep(Duration::from_millis(1500));
    signalled.store(true, Ordering::SeqCst);
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "airlock http did not exit after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(
        status.success(),
        "SIGTERM is a clean shutdown, not a kill: {status}"
    );
    for w in workers {
        assert_eq!(
            w.join().expect("worker"),
            0,
            "a request failed before the signal"
        );
    }

    // The execution counters are the lazy writes here (an allowed step below danger 2 writes
    // no audit entry; its execution's step count is saved at most every 200 ms): after a
    // restart, every answered agent's next step is its second, so nothing answered was lost.
    let answered = answered.lock().expect("lock").clone();
    assert!(
        answered.len() > 20,
        "the load ran: {} steps",
        answered.len()
    );
    let mut child = airlock(state.path())
        .args(["http", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let base = common::http_base(&mut child);
    let http: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut lost = Vec::new();
    for agent in &answered {
        let step = op(
            &http,
            &base,
            "record_execution_step",
            json!({"element_name": agent, "nextActionHint": "list the files in docs"}),
        )
        .expect("the restarted server answers");
        if step["data"]["step"] != 2 {
            lost.push((agent.clone(), step));
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        lost.is_empty(),
        "{} of {} answered steps were lost at SIGTERM, e.g. {:?}",
        lost.len(),
        answered.len(),
        lost.first()
    );
}
