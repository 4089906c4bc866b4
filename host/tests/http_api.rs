//! `airlock http` under a real HTTP client (ureq): decisions identical to `airlock check --json`,
//! the whole safety loop over /v1/operations, status, metrics, OpenAPI, and bad bodies.

mod common;

use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

struct Server {
    child: Child,
    base: String,
    state: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn cache() -> std::path::PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache")
}

fn start(policy: Option<&Path>) -> Server {
    let state = tempfile::tempdir().expect("tempdir");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_airlock"));
    cmd.args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
        .arg(state.path())
        .env("AIRLOCK_CACHE_DIR", cache())
        .env("AIRLOCK_LOG", "trace")
        .env_remove("AIRLOCK_POLICY")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(state.path().join("airlock.log")).expect("log file"));
    if let Some(p) = policy {
        cmd.arg("--policy").arg(p);
    }
    let mut child = cmd.spawn().expect("airlock http");
    let base = common::http_base(&mut child);
    Server { child, base, state }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

fn post(s: &Server, path: &str, body: &str) -> (u16, Value) {
    let mut r = agent()
        .post(format!("{}{path}", s.base))
        .header("content-type", "application/json")
        .send(body)
        .expect("request");
    let status = r.status().as_u16();
    let text = r.body_mut().read_to_string().expect("body");
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

fn get(s: &Server, path: &str) -> (u16, String) {
    let mut r = agent()
        .get(format!("{}{path}", s.base))
        .call()
        .expect("request");
    let status = r.status().as_u16();
    (status, r.body_mut().read_to_string().expect("body"))
}

fn op(s: &Server, operation: &str, params: Value) -> Value {
    let (status, v) = post(
        s,
        "/v1/operations",
        &json!({"operation": operation, "params": params}).to_string(),
    );
    assert_eq!(status, 200, "{v}");
    v
}

#[test]
fn decide_answers_exactly_what_airlock_check_prints() {
    // /v1/decide takes trust from the policy (a client may only lower it), so the adapters are
    // named there; `airlock check` reads the same policy.
    let policy = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        policy.path().join("policy.json"),
        r#"{"adapters": {
            "files": {"trust": {"level": "validated", "validated_at": "2026-01-15T12:00:00Z"}},
            "gen": {"trust": {"level": "generated"}},
            "reviewed": {"trust": {"level": "community_reviewed"}}}}"#,
    )
    .expect("policy");
    let s = start(Some(policy.path()));
    let dir = policy.path().to_str().expect("utf-8 path");
    for (request, flags) in [
        (
            json!({"operation": "delete_file", "adapter": "files", "params": {"path": "/srv/a"}}),
            vec![
                "--operation",
                "delete_file",
                "--adapter",
                "files",
                "--params",
                r#"{"path": "/srv/a"}"#,
            ],
        ),
        (
            json!({"operation": "list_files", "adapter": "gen", "endpoint": "read"}),
            vec![
                "--operation",
                "list_files",
                "--adapter",
                "gen",
                "--endpoint",
                "read",
            ],
        ),
        (
            json!({"operation": "drop_database", "adapter": "reviewed"}),
            vec!["--operation", "drop_database", "--adapter", "reviewed"],
        ),
    ] {
        let (status, mut answer) = post(&s, "/v1/decide", &request.to_string());
        assert_eq!(status, 200, "{answer}");
        // What only the server adds: the approval a confirm creates.
        if answer["outcome"] == "confirm" {
            let map = answer.as_object_mut().expect("object");
            for key in ["approval_id", "how_to_approve", "expires_at"] {
                assert!(map.remove(key).is_some(), "{key} in {request}");
            }
        }
        let out = Command::new(env!("CARGO_BIN_EXE_airlock"))
            .arg("check")
            .args(&flags)
            .args(["--policy", dir])
            .arg("--json")
            .env("AIRLOCK_CACHE_DIR", cache())
            .env_remove("AIRLOCK_POLICY")
            .output()
            .expect("check");
        let printed: Value = serde_json::from_slice(&out.stdout).expect("check json");
        assert_eq!(answer, printed, "{request}");
    }
    // A hint goes through the WebAssembly stages.
    let (status, answer) = post(
        &s,
        "/v1/decide",
        &json!({"hint": "rm -rf / --no-preserve-root on the production host"}).to_string(),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(answer["score"].as_u64().is_some_and(|n| n > 60), "{answer}");
}

#[test]
fn the_whole_loop_runs_over_operations() {
    let s = start(None);
    let started = op(&s, "execute_agent", json!({"element_name": "http-agent"}));
    assert_eq!(started["success"], true, "{started}");
    let go = op(
        &s,
        "record_execution_step",
        json!({"element_name": "http-agent", "nextActionHint": "list the files in the docs folder"}),
    );
    assert_eq!(go["data"]["continue"], true, "{go}");
    let stop = op(
        &s,
        "record_execution_step",
        json!({"element_name": "http-agent", "nextActionHint": "call drop_database on the production server"}),
    );
    assert_eq!(stop["data"]["stopped"], true, "{stop}");
    let challenge = stop["data"]["notifications"]
        .as_array()
        .and_then(|n| {
            n.iter()
                .find_map(|n| n["metadata"]["verificationId"].as_str())
        })
        .expect("verificationId")
        .to_owned();

    let (_, metrics) = get(&s, "/metrics");
    assert!(metrics.contains("airlock_blocked_agents 1"), "{metrics}");
    assert!(
        metrics.contains(
            "airlock_operations_total{operation=\"record_execution_step\",success=\"true\"} 2"
        ),
        "{metrics}"
    );

    let notice: Value = serde_json::from_str(
        &std::fs::read_to_string(
            s.state
                .path()
                .join("operator")
                .join(format!("{challenge}.json")),
        )
        .expect("the code went to the file channel"),
    )
    .expect("json");
    let code = notice["code"].as_str().expect("code");
    let verified = op(
        &s,
        "verify_challenge",
        // Outside an MCP session the agent names itself: only it may try its code.
        json!({"challenge_id": challenge, "code": code, "element_name": "http-agent"}),
    );
    assert_eq!(verified["data"]["result"], "unblocked", "{verified}");
    assert!(!verified.to_string().contains(code));
    let go = op(
        &s,
        "record_execution_step",
        json!({"element_name": "http-agent", "nextActionHint": "list the files in the docs folder"}),
    );
    assert_eq!(go["data"]["continue"], true, "{go}");
    let (_, metrics) = get(&s, "/metrics");
    assert!(metrics.contains("airlock_blocked_agents 0"), "{metrics}");

    // At TRACE level, the code is in no log line and no answer.
    let seen = [
        started.to_string(),
        stop.to_string(),
        verified.to_string(),
        go.to_string(),
    ]
    .join("\n");
    let log = std::fs::read_to_string(s.state.path().join("airlock.log")).expect("log");
    assert!(
        log.contains("DEBUG") || log.contains("TRACE"),
        "logging was on"
    );
    let bare: String = code.chars().filter(|c| *c != '-').collect();
    for form in [code, bare.as_str()] {
        assert!(!log.contains(form), "a code reached the log");
        assert!(!seen.contains(form), "a code reached an answer");
    }
}

#[test]
fn status_health_openapi_and_metrics_are_served() {
    let s = start(None);
    let (status, body) = get(&s, "/healthz");
    assert_eq!((status, body.as_str()), (200, "ok\n"));
    let (status, body) = get(&s, "/v1/status");
    assert_eq!(status, 200);
    let v: Value = serde_json::from_str(&body).expect("json");
    assert_eq!(v["execution_safety_loop"], "enforcing");
    assert_eq!(v["policy"]["generation"], 1);
    assert!(v["stages"].as_array().is_some_and(|s| s.len() == 2), "{v}");

    // The document describes this server: its version, exactly the routes it serves (each
    // answers its documented method), and for /v1/decide the fields the handler accepts.
    let (status, body) = get(&s, "/v1/openapi.json");
    assert_eq!(status, 200);
    let doc: Value = serde_json::from_str(&body).expect("json");
    assert!(
        doc["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3.1")),
        "{doc}"
    );
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));
    let paths = doc["paths"].as_object().expect("paths");
    let mut documented: Vec<&str> = paths.keys().map(String::as_str).collect();
    documented.sort_unstable();
    assert_eq!(
        documented,
        [
            "/healthz",
            "/metrics",
            "/v1/decide",
            "/v1/openapi.json",
            "/v1/operations",
            "/v1/status"
        ]
    );
    for (path, item) in paths {
        for method in item.as_object().expect("path item").keys() {
            let status = match method.as_str() {
                "get" => get(&s, path).0,
                "post" => post(&s, path, "{}").0,
                other => panic!("{path}: an undocumented method {other}"),
            };
            assert!(![404, 405].contains(&status), "{method} {path}: {status}");
        }
    }
    let decide = &paths["/v1/decide"]["post"];
    for code in ["200", "400", "413"] {
        assert!(
            decide["responses"][code].is_object(),
            "decide documents {code}"
        );
    }
    let fields = decide["requestBody"]["content"]["application/json"]["schema"]["properties"]
        .as_object()
        .expect("decide's fields");
    let example = |field: &str| match field {
        "recent_hints" => json!(["list files"]),
        "endpoint" => json!("read"),
        "params" | "annotations" | "context" => json!({}),
        "trust" => json!("validated"),
        "autonomy" => json!("A2"),
        "safety_mode" => json!("read-only"),
        "risk" => json!("low"),
        _ => json!("x"),
    };
    for field in fields.keys() {
        let mut body = json!({"operation": "list_files"});
        body[field.as_str()] = example(field);
        let (_, answer) = post(&s, "/v1/decide", &body.to_string());
        assert_ne!(
            answer["error"]["code"], "VALIDATION_UNKNOWN_FIELD",
            "the documented field {field} is refused: {answer}"
        );
    }
    assert!(fields.len() >= 13, "{fields:?}");

    // After a decision, every family is on the page.
    let (status, _) = post(
        &s,
        "/v1/decide",
        &json!({"operation": "list_files"}).to_string(),
    );
    assert_eq!(status, 200);
    let (_, metrics) = get(&s, "/metrics");
    for name in [
        "airlock_decisions_total{outcome=",
        "airlock_request_duration_seconds_bucket{le=",
        "airlock_policy_reloads_total 0",
        "airlock_policy_reload_failures_total 0",
        "airlock_guest_failures_total{stage=",
        "airlock_pending_approvals 0",
        "airlock_build_info{version=",
        "process_resident_memory_bytes ",
    ] {
        assert!(metrics.contains(name), "{name} in {metrics}");
    }
    let (status, body) = get(&s, "/nope");
    assert_eq!(status, 404);
    assert!(body.contains("NOT_FOUND_RESOURCE"));
}

#[test]
fn bad_bodies_get_the_spec_errors_and_change_nothing() {
    let s = start(None);
    let big = format!(
        "{{\"operation\": \"introspect\", \"params\": {{\"query\": \"{}\"}}}}",
        "x".repeat(300_000)
    );
    let (status, v) = post(&s, "/v1/operations", &big);
    assert_eq!(status, 413);
    assert_eq!(v["error"]["code"], "VALIDATION_PAYLOAD_TOO_LARGE", "{v}");
    let (status, v) = post(&s, "/v1/decide", &big);
    assert_eq!(status, 413);
    assert_eq!(v["error"]["code"], "VALIDATION_PAYLOAD_TOO_LARGE", "{v}");

    let (status, v) = post(&s, "/v1/operations", "{\"operation\": ");
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (400, Some("VALIDATION_INVALID_ENCODING")),
        "{v}"
    );
    assert_eq!(v["success"], false);
    let (status, v) = post(&s, "/v1/decide", "not json");
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (400, Some("VALIDATION_INVALID_ENCODING")),
        "{v}"
    );
    let (status, v) = post(
        &s,
        "/v1/decide",
        r#"{"operation": "x", "trsut": "validated"}"#,
    );
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (400, Some("VALIDATION_UNKNOWN_FIELD")),
        "{v}"
    );
    let (status, v) = post(&s, "/v1/decide", r#"{"operation": "x", "trust": "very"}"#);
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (400, Some("VALIDATION_INVALID_TYPE")),
        "{v}"
    );
    let (status, v) = post(&s, "/v1/decide", r#"{"trust": "validated"}"#);
    assert_eq!(status, 400, "{v}");
    let (status, v) = post(
        &s,
        "/v1/operations",
        r#"{"operation": "format_disk", "params": {}}"#,
    );
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (200, Some("NOT_FOUND_OPERATION")),
        "{v}"
    );
    let (status, v) = post(
        &s,
        "/v1/operations",
        r#"{"operation": "introspect", "params": {}, "extra": 1}"#,
    );
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (400, Some("VALIDATION_UNKNOWN_FIELD")),
        "{v}"
    );

    // Nothing was decided or started by any of that.
    let (_, metrics) = get(&s, "/metrics");
    assert!(!metrics.contains("airlock_decisions_total{"), "{metrics}");
    assert!(
        metrics.contains("airlock_rejected_requests_total 8"),
        "{metrics}"
    );
}

/// `airlock audit --follow --json` against the running server prints entries as they are made:
/// the stop is seen while the follower runs, and only once.
#[test]
fn audit_follow_prints_new_entries_as_they_are_made() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;

    let s = start(None);
    let mut follower = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(["audit", "--follow", "--json", "--state-dir"])
        .arg(s.state.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock audit --follow");
    let (lines, received) = mpsc::channel::<Value>();
    let stdout = follower.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let entry = serde_json::from_str(&line).expect("--json prints one entry per line");
            if lines.send(entry).is_err() {
                break;
            }
        }
    });

    let started = op(&s, "execute_agent", json!({"element_name": "followed"}));
    assert_eq!(started["success"], true, "{started}");
    let stop = op(
        &s,
        "record_execution_step",
        json!({"element_name": "followed", "nextActionHint": "call drop_database on the production server"}),
    );
    assert_eq!(stop["data"]["stopped"], true, "{stop}");

    // The follower polls once a second; give it a generous while on a loaded machine.
    let mut stops = 0;
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while let Some(left) = deadline.checked_duration_since(std::time::Instant::now()) {
        let Ok(entry) = received.recv_timeout(left.min(Duration::from_secs(3))) else {
            if stops > 0 {
                break;
            }
            continue;
        };
        if entry["agent"] == "followed" && entry["outcome"] == "stopped" {
            stops += 1;
        }
    }
    let _ = follower.kill();
    let _ = follower.wait();
    assert_eq!(stops, 1, "the stop was followed, once");
}

/// `airlock http --unix PATH`: the socket is 0600, answers HTTP, and a socket left by a killed
/// process is replaced on restart while a live one is not taken over.
#[cfg(unix)]
#[test]
fn the_unix_socket_is_private_and_serves() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::net::UnixStream;

    let dir = tempfile::tempdir().expect("tempdir");
    let socket = dir.path().join("airlock.sock");
    let spawn = || {
        let mut child = Command::new(env!("CARGO_BIN_EXE_airlock"))
            .args(["http", "--unix"])
            .arg(&socket)
            .arg("--state-dir")
            .arg(dir.path().join("state"))
            .env("AIRLOCK_CACHE_DIR", cache())
            .env_remove("AIRLOCK_POLICY")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("airlock http --unix");
        let stderr = child.stderr.take().expect("stderr");
        let mut lines = BufReader::new(stderr).lines();
        let first = lines
            .by_ref()
            .map_while(Result::ok)
            .find(|l| l.contains("listening on unix:") || l.contains("cannot listen"))
            .unwrap_or_default();
        // Keep reading, so the server never writes to a closed pipe.
        std::thread::spawn(move || lines.for_each(drop));
        (child, first)
    };
    let healthz = || {
        let mut stream = UnixStream::connect(&socket).expect("connect");
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: airlock\r\nConnection: close\r\n\r\n")
            .expect("request");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("answer");
        answer
    };

    let (mut first, said) = spawn();
    assert!(said.contains("listening on unix:"), "{said}");
    let mode = std::fs::metadata(&socket)
        .expect("socket")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600, "the socket is private");
    assert!(
        healthz().starts_with("HTTP/1.1 200"),
        "healthz over the socket"
    );

    // A second server does not take over a live socket.
    let (mut second, said) = spawn();
    assert!(said.contains("cannot listen"), "{said}");
    let _ = second.wait();
    assert!(
        healthz().starts_with("HTTP/1.1 200"),
        "the first still serves"
    );

    // Killed, it leaves its socket behind; the next start replaces it.
    let _ = first.kill();
    let _ = first.wait();
    assert!(socket.exists(), "a killed server leaves its socket");
    let (mut third, said) = spawn();
    assert!(said.contains("listening on unix:"), "{said}");
    assert!(healthz().starts_with("HTTP/1.1 200"));
    let _ = third.kill();
    let _ = third.wait();
}

/// The Python interpreter of the project's `.venv` (scripts/setup.sh installs it).
fn python() -> std::path::PathBuf {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/python");
    assert!(
        venv.exists(),
        "{} is missing: run scripts/setup.sh (or `just test`)",
        venv.display()
    );
    venv
}

/// `/metrics` read by the Prometheus client's own parsers (Python `prometheus_client`, pinned by
/// scripts/setup.sh), in both formats, with stages named to break the exposition format: a quote,
/// a backslash and a newline followed by what would be a sample line. Every family is typed and
/// read whole; the names come back exactly as given; nothing was injected.
#[test]
fn metrics_parse_with_a_hostile_stage_name() {
    let hostile = "p\"} 1\nairlock_injected_total 666\n# TYPE x counter\\";
    let other = "score\\\"r\n";
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("policy.json"),
        json!({"stages": {"pipeline": [
            {"name": hostile, "kind": "patterns", "component": "builtin:default-patterns"},
            {"name": other, "kind": "scorer", "component": "builtin:default-scorer"}
        ]}})
        .to_string(),
    )
    .expect("policy.json");
    let s = start(Some(dir.path()));
    for _ in 0..3 {
        let (status, v) = post(
            &s,
            "/v1/decide",
            &json!({"hint": "list the files"}).to_string(),
        );
        assert_eq!(status, 200, "{v}");
    }
    let (status, _) = post(&s, "/v1/decide", "not json");
    assert_eq!(status, 400);
    op(&s, "introspect", json!({}));

    for (accept, parser) in [
        (None, "prometheus"),
        (
            Some("application/openmetrics-text;version=1.0.0;q=0.5,text/plain;q=0.4"),
            "openmetrics",
        ),
    ] {
        let mut request = agent().get(format!("{}/metrics", s.base));
        if let Some(a) = accept {
            request = request.header("accept", a);
        }
        let mut r = request.call().expect("metrics");
        let content_type = r
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let page = r.body_mut().read_to_string().expect("body");
        match parser {
            "prometheus" => assert!(
                content_type.starts_with("text/plain; version=0.0.4"),
                "{content_type}"
            ),
            _ => assert!(
                content_type.starts_with("application/openmetrics-text; version=1.0.0"),
                "{content_type}"
            ),
        }
        assert!(!page.contains("\nairlock_injected"), "{page}");

        let mut child = Command::new(python())
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/metrics/parse.py"))
            .arg(parser)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("python");
        {
            use std::io::Write as _;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(page.as_bytes())
                .expect("write");
        }
        let out = child.wait_with_output().expect("python");
        assert!(
            out.status.success(),
            "the {parser} parser refused the page: {}\n{page}",
            String::from_utf8_lossy(&out.stderr)
        );
        let parsed: Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(parsed["parser_version"], "0.26.0", "the pinned parser");
        let families = parsed["families"].as_array().expect("families");

        // Exactly the families airlock exports, each once and typed (an injected line or a
        // family split by interleaving would add a name or an `unknown` type).
        let mut seen: Vec<(String, String)> = families
            .iter()
            .map(|f| {
                (
                    f["name"].as_str().unwrap_or_default().to_owned(),
                    f["type"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect();
        seen.sort();
        let build = if parser == "openmetrics" {
            ("airlock_build", "info")
        } else {
            ("airlock_build_info", "gauge")
        };
        let mut expected: Vec<(String, String)> = [
            ("airlock_decisions", "counter"),
            ("airlock_operations", "counter"),
            ("airlock_rejected_requests", "counter"),
            ("airlock_request_duration_seconds", "histogram"),
            ("airlock_policy_generation", "gauge"),
            ("airlock_policy_reloads", "counter"),
            ("airlock_policy_reload_failures", "counter"),
            ("airlock_guest_calls", "counter"),
            ("airlock_guest_failures", "counter"),
            ("airlock_blocked_agents", "gauge"),
            ("airlock_pending_approvals", "gauge"),
            build,
            ("process_cpu_seconds", "counter"),
            ("process_resident_memory_bytes", "gauge"),
            ("process_virtual_memory_bytes", "gauge"),
            ("process_start_time_seconds", "gauge"),
            ("process_open_fds", "gauge"),
            ("process_max_fds", "gauge"),
        ]
        .iter()
        .map(|(n, t)| ((*n).to_owned(), (*t).to_owned()))
        .collect();
        expected.sort();
        assert_eq!(seen, expected, "{parser}:\n{page}");

        let family = |name: &str| {
            families
                .iter()
                .find(|f| f["name"] == name)
                .and_then(|f| f["samples"].as_array())
                .unwrap_or_else(|| panic!("{name}"))
        };
        let value = |name: &str| {
            family(name)[0]["value"]
                .as_f64()
                .unwrap_or_else(|| panic!("{name}"))
        };
        // The stage names come back exactly, one sample each.
        let mut stages: Vec<&str> = family("airlock_guest_calls")
            .iter()
            .map(|s| s["labels"]["stage"].as_str().expect("stage"))
            .collect();
        stages.sort_unstable();
        let mut want = vec![hostile, other];
        want.sort_unstable();
        assert_eq!(stages, want, "{parser}");
        for sample in family("airlock_guest_calls") {
            assert_eq!(
                sample["value"], 3.0,
                "each stage ran on the three hints: {sample}"
            );
        }
        assert_eq!(
            family("airlock_guest_failures").len(),
            10,
            "five kinds for each of two stages"
        );
        assert_eq!(value("airlock_rejected_requests"), 1.0);
        assert_eq!(value("airlock_pending_approvals"), 0.0);
        let build_labels = &family(build.0)[0]["labels"];
        assert_eq!(
            build_labels["version"],
            env!("CARGO_PKG_VERSION"),
            "{build_labels}"
        );
        // The process, as /proc tells it: plausible, not placeholders.
        assert!(value("process_resident_memory_bytes") > 1e6, "{page}");
        assert!(value("process_open_fds") >= 3.0, "{page}");
        assert!(
            value("process_max_fds") >= value("process_open_fds"),
            "{page}"
        );
        assert!(value("process_cpu_seconds") > 0.0, "{page}");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock")
            .as_secs_f64();
        let start = value("process_start_time_seconds");
        assert!(
            start <= now + 1.0 && start > now - 600.0,
            "started {start}, now {now}"
        );
    }
}
