//! Crash consistency: `airlock http` is driven by concurrent agents into stops, approval requests
//! and failed verifications, and SIGKILLed at seeded random moments, 30 times. After each restart
//! the store opens, and everything that was acknowledged before the kill is there: every block,
//! every pending approval, the audit entry of every stop, and every counted failure.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

/// xorshift64*: a seeded, dependency-free source of kill moments.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

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

fn start(state: &Path) -> (Child, String) {
    let mut child = airlock(state)
        .args(["http", "--listen", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let base = common::http_base(&mut child);
    (child, base)
}

fn op(agent: &ureq::Agent, base: &str, operation: &str, params: Value) -> Option<Value> {
    let mut r = agent
        .post(format!("{base}/v1/operations"))
        .header("content-type", "application/json")
        .send(json!({"operation": operation, "params": params}).to_string())
        .ok()?;
    serde_json::from_str(&r.body_mut().read_to_string().ok()?).ok()
}

#[derive(Default)]
struct Acknowledged {
    /// agent -> the challenge of its acknowledged stop.
    stops: BTreeMap<String, String>,
    approvals: BTreeSet<String>,
    /// agent -> failed verifications acknowledged in the current window.
    failures: BTreeMap<String, u32>,
}

#[test]
fn acknowledged_state_survives_sigkill_at_random_moments() {
    let state = tempfile::tempdir().expect("tempdir");
    let seen = Arc::new(Mutex::new(Acknowledged::default()));
    let mut rng = Rng(0x5EED_A1B2_C3D4_E5F6);
    for cycle in 0..30 {
        let (mut child, base) = start(state.path());
        let kill_after = Duration::from_millis(30 + rng.next() % 250);
        let workers: Vec<_> = (0..3)
            .map(|w| {
                let (base, seen) = (base.clone(), Arc::clone(&seen));
                std::thread::spawn(move || {
                    let http: ureq::Agent = ureq::Agent::config_builder()
                        .http_status_as_error(false)
                        .timeout_global(Some(Duration::from_secs(5)))
                        .build()
                        .into();
                    for n in 0.. {
                        let agent = format!("c{cycle}-w{w}-n{n}");
                        let Some(started) = op(
                            &http,
                            &base,
                            "execute_agent",
                            json!({"element_name": agent}),
                        ) else {
                            return;
                        };
                        if started["success"] != true {
                            return;
                        }
                        let hint = match n % 3 {
                            0 => "call drop_database on the production server",
                            // The confirm tier: a force push to a branch nobody else builds on.
                            // (Not described in words as well: "rewrite the feature branch with
                            // ..." is read by the prose classes as rewriting what is on the
                            // remote, a verify, which creates no approval.)
                            1 => "git push --force origin feature/login",
                            _ => "list the files in the docs folder",
                        };
                        let Some(r) = op(
                            &http,
                            &base,
                            "record_execution_step",
                            json!({"element_name": agent, "nextActionHint": hint}),
                        ) else {
                            return;
                        };
                        let d = &r["data"];
                        for n in d["notifications"].as_array().into_iter().flatten() {
                            if n["type"] == "danger_zone"
                                && n["metadata"]["agent"] == agent.as_str()
                            {
                                let id = n["metadata"]["verificationId"]
                                    .as_str()
                                    .unwrap_or_default()
                                    .to_owned();
                                seen.lock()
                                    .expect("lock")
                                    .stops
                                    .insert(agent.clone(), id.clone());
                                // A failed verification, acknowledged.
                                if let Some(v) = op(
                                    &http,
                                    &base,
                                    "verify_challenge",
                                    json!({"challenge_id": id, "code": "WRONG", "element_name": agent}),
                                ) && v["error"]["code"] == "PERMISSION_VERIFICATION_FAILED"
                                {
                                    *seen
                                        .lock()
                                        .expect("lock")
                                        .failures
                                        .entry(agent.clone())
                                        .or_default() += 1;
                                }
                            }
                            if let Some(a) = n["metadata"]["approvalId"].as_str() {
                                seen.lock().expect("lock").approvals.insert(a.to_owned());
                            }
                        }
                    }
                })
            })
            .collect();
        std::thread::sleep(kill_after);
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        for w in workers {
            let _ = w.join();
        }
    }

    // Restart once more and check everything acknowledged.
    let (mut child, _base) = start(state.path());
    let json_of = |args: &[&str]| -> Value {
        let out = airlock(state.path())
            .args(args)
            .arg("--json")
            .output()
            .expect("airlock");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).expect("json")
    };
    let blocks: BTreeMap<String, String> = json_of(&["blocks"])
        .as_array()
        .expect("blocks")
        .iter()
        .map(|b| {
            (
                b["agent"].as_str().unwrap_or_default().to_owned(),
                b["challenge_id"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let approvals: BTreeSet<String> = json_of(&["approvals"])
        .as_array()
        .expect("approvals")
        .iter()
        .filter_map(|a| a["id"].as_str().map(str::to_owned))
        .collect();
    let audit = json_of(&["audit"]);
    let stopped: BTreeSet<String> = audit
        .as_array()
        .expect("audit")
        .iter()
        .filter(|e| e["outcome"] == "stopped")
        .filter_map(|e| e["agent"].as_str().map(str::to_owned))
        .collect();
    let seen = seen.lock().expect("lock");
    assert!(
        seen.stops.len() >= 10,
        "the cycles produced stops: {}",
        seen.stops.len()
    );
    assert!(!seen.approvals.is_empty(), "the cycles produced approvals");
    for (agent, challenge) in &seen.stops {
        assert_eq!(
            blocks.get(agent),
            Some(challenge),
            "the acknowledged block of {agent}"
        );
        assert!(stopped.contains(agent), "the audit entry of {agent}'s stop");
    }
    for id in &seen.approvals {
        assert!(approvals.contains(id), "the acknowledged approval {id}");
    }
    // Counted failures: one more wrong attempt sees at least the acknowledged ones.
    let http: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    for (agent, failures) in seen.failures.iter().take(5) {
        let challenge = &seen.stops[agent];
        let r = op(
            &http,
            &_base,
            "verify_challenge",
            json!({"challenge_id": challenge, "code": "WRONG", "element_name": agent}),
        )
        .expect("answer");
        let left = r["error"]["details"]["attempts_left_in_window"]
            .as_u64()
            .unwrap_or(0);
        assert!(
            left < u64::from(10 - failures),
            "{agent}: {failures} failures acknowledged, {left} left"
        );
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Per agent, `(n, outcome)` of each answered decision, in the order answered.
type Answered = BTreeMap<String, Vec<(u64, String)>>;

/// `/v1/decide` under concurrent load, SIGKILLed mid-load: every decision that was answered
/// has its audit entry on disk (entries of danger 2 are group-committed: an answer waits for
/// the commit that holds its entry), and each agent's entries are in the order its decisions
/// were answered.
#[test]
fn every_answered_decision_is_on_disk_after_sigkill_mid_load() {
    const CLIENTS: usize = 8;
    let state = tempfile::tempdir().expect("tempdir");
    let policy = tempfile::tempdir().expect("tempdir");
    // delete_file through `files` is allowed at danger 2 (a durable entry before the answer);
    // without the adapter it is denied (durable too).
    std::fs::write(
        policy.path().join("policy.json"),
        json!({"adapters": {"files": {"trust": {
            "level": "community_reviewed", "validated_at": "2026-01-15T12:00:00Z"}}}})
        .to_string(),
    )
    .expect("policy");
    let mut child = airlock(state.path())
        .args(["http", "--listen", "127.0.0.1:0", "--policy"])
        .arg(policy.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let base = common::http_base(&mut child);
    // agent -> the outcome of each answered decision, in the order answered.
    let answered: Arc<Mutex<Answered>> = Arc::default();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let (base, answered) = (base.clone(), Arc::clone(&answered));
            std::thread::spawn(move || {
                let http: ureq::Agent = ureq::Agent::config_builder()
                    .http_status_as_error(false)
                    .timeout_global(Some(Duration::from_secs(5)))
                    .build()
                    .into();
                let agent = format!("client-{c}");
                for n in 0u64.. {
                    let mut body = json!({"operation": "delete_file", "agent": agent,
                                          "params": {"path": "/srv/a", "n": n}});
                    if n % 4 != 3 {
                        body["adapter"] = json!("files");
                    }
                    let Ok(mut r) = http
                        .post(format!("{base}/v1/decide"))
                        .header("content-type", "application/json")
                        .send(body.to_string())
                    else {
                        return;
                    };
                    let Ok(text) = r.body_mut().read_to_string() else {
                        return;
                    };
                    let Ok(answer) = serde_json::from_str::<Value>(&text) else {
                        return;
                    };
                    let Some(outcome) = answer["outcome"].as_str() else {
                        return;
                    };
                    answered
                        .lock()
                        .expect("lock")
                        .entry(agent.clone())
                        .or_default()
                        .push((n, outcome.to_owned()));
                }
            })
        })
        .collect();
    // Mid-load: wait for a few hundred answers, then kill.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while answered
        .lock()
        .expect("lock")
        .values()
        .map(Vec::len)
        .sum::<usize>()
        < 300
    {
        assert!(std::time::Instant::now() < deadline, "the load got going");
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill(); // SIGKILL
    let _ = child.wait();
    for c in clients {
        let _ = c.join();
    }

    let out = airlock(state.path())
        .args(["audit", "--json"])
        .output()
        .expect("airlock audit");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let audit: Value = serde_json::from_slice(&out.stdout).expect("json");
    // agent -> (n, outcome, sequence) of its entries, in log order.
    let mut logged: BTreeMap<String, Vec<(u64, String, u64)>> = BTreeMap::new();
    let mut last_sequence = 0;
    for e in audit.as_array().expect("entries") {
        let sequence = e["sequence"].as_u64().expect("sequence");
        assert_eq!(sequence, last_sequence + 1, "numbered without gaps");
        last_sequence = sequence;
        logged
            .entry(e["agent"].as_str().unwrap_or_default().to_owned())
            .or_default()
            .push((
                e["parameters"]["n"].as_u64().expect("n"),
                e["outcome"].as_str().unwrap_or_default().to_owned(),
                sequence,
            ));
    }
    let answered = answered.lock().expect("lock");
    let total: usize = answered.values().map(Vec::len).sum();
    assert!(total >= 300, "{total} answered");
    for (agent, decisions) in answered.iter() {
        let entries = logged.get(agent).map(Vec::as_slice).unwrap_or_default();
        for (i, (n, outcome)) in decisions.iter().enumerate() {
            let expected = if outcome == "allow" {
                "allowed"
            } else {
                "denied"
            };
            assert_eq!(
                entries.get(i).map(|(n, o, _)| (*n, o.as_str())),
                Some((*n, expected)),
                "{agent}'s answered decision {n} ({outcome}) is the entry {i} of its log"
            );
        }
        // Entries of decisions in flight at the kill may be there too, after the answered
        // ones, still in order.
        let ns: Vec<u64> = entries.iter().map(|(n, _, _)| *n).collect();
        assert_eq!(ns, (0..ns.len() as u64).collect::<Vec<_>>(), "{agent}");
    }
}
