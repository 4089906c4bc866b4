//! The OTLP export of decision spans (#15 item 6), against a receiver that decodes with
//! OpenTelemetry's own Python protobuf bindings: off unless configured; when configured, the
//! safety loop's and the gate's decisions arrive as spans with their verdicts, nested over the
//! stages' spans, flushed at SIGTERM; no hint text, parameter value or verification code is
//! ever on the wire; a configuration airlock cannot honour stops the command with what to do.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The Python interpreter of the project's `.venv` (scripts/setup.sh installs it).
fn python() -> PathBuf {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/python");
    assert!(
        venv.exists(),
        "{} is missing: run scripts/setup.sh (or `just test`)",
        venv.display()
    );
    venv
}

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn post(base: &str, path: &str, body: &Value) -> Value {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut r = agent
        .post(format!("{base}{path}"))
        .header("content-type", "application/json")
        .send(body.to_string())
        .expect("request");
    serde_json::from_str(&r.body_mut().read_to_string().expect("body")).expect("json")
}

fn airlock_http(state: &Path, otel: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_airlock"));
    cmd.args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
        .arg(state)
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        )
        .env_remove("AIRLOCK_POLICY")
        .env_remove("AIRLOCK_LOG")
        .env_remove("OTEL_EXPORTER_OTLP_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
        .env_remove("OTEL_EXPORTER_OTLP_PROTOCOL")
        .env_remove("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL");
    for (k, v) in otel {
        cmd.env(k, v);
    }
    cmd
}

#[test]
fn decisions_are_exported_as_spans_with_their_verdicts_and_nothing_secret() {
    let dir = tempfile::tempdir().expect("tempdir");
    let raw = dir.path().join("bodies.bin");
    let mut receiver = Killed(
        Command::new(python())
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/otlp/receiver.py"))
            .arg(&raw)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the OTLP receiver"),
    );
    let mut lines = BufReader::new(receiver.0.stdout.take().expect("stdout")).lines();
    let port = lines
        .next()
        .and_then(Result::ok)
        .and_then(|l| l.strip_prefix("PORT ").map(str::to_owned))
        .expect("the receiver says its port");
    let spans = std::thread::spawn(move || {
        lines
            .map_while(Result::ok)
            .map(|l| serde_json::from_str::<Value>(&l).expect("a span line"))
            .collect::<Vec<_>>()
    });

    let state = tempfile::tempdir().expect("tempdir");
    let endpoint = format!("http://127.0.0.1:{port}");
    let mut child = airlock_http(
        state.path(),
        &[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", &endpoint),
            ("OTEL_SERVICE_NAME", "airlock-under-test"),
        ],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::null())
    .spawn()
    .expect("airlock http");
    let base = common::http_base(&mut child);
    let mut child = Killed(child);

    // A hint carrying a token, an allowed step, a stop (which issues a challenge), a wrong code.
    let secret_hint = "rm -rf / --no-preserve-root # token=ghp_SECRETSECRETSECRET0123456789";
    let ops = |operation: &str, params: Value| {
        post(
            &base,
            "/v1/operations",
            &json!({"operation": operation, "params": params}),
        )
    };
    ops("execute_agent", json!({"element_name": "otel-agent"}));
    let go = ops(
        "record_execution_step",
        json!({"element_name": "otel-agent", "nextActionHint": "list the files in docs"}),
    );
    assert_eq!(go["data"]["continue"], true, "{go}");
    let stop = ops(
        "record_execution_step",
        json!({"element_name": "otel-agent", "nextActionHint": secret_hint}),
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
    let code = std::fs::read_to_string(
        state
            .path()
            .join("operator")
            .join(format!("{challenge}.json")),
    )
    .map(|t| serde_json::from_str::<Value>(&t).expect("json"))
    .map(|v| v["code"].as_str().expect("code").to_owned())
    .expect("the code went to the file channel");
    ops(
        "verify_challenge",
        json!({"element_name": "otel-agent", "challenge_id": challenge, "code": "000000"}),
    );

    // SIGTERM: the export is flushed before the process exits.
    let killed = Command::new("kill")
        .args(["-TERM", &child.0.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.0.try_wait().expect("wait").is_none() {
        assert!(Instant::now() < deadline, "airlock http did not exit");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The receiver's output ends when it is killed.
    std::thread::sleep(Duration::from_millis(300));
    drop(receiver);
    let spans = spans.join().expect("reader");

    let named =
        |name: &str| -> Vec<&Value> { spans.iter().filter(|s| s["name"] == name).collect() };
    let steps = named("airlock.step");
    assert_eq!(steps.len(), 2, "two steps recorded: {spans:#?}");
    for s in &spans {
        assert_eq!(s["service"], "airlock-under-test", "{s}");
        assert_eq!(s["path"], "/v1/traces", "{s}");
        assert_eq!(s["content_type"], "application/x-protobuf", "{s}");
    }
    assert_eq!(steps[0]["attributes"]["proceed"], true, "{}", steps[0]);
    assert_eq!(steps[1]["attributes"]["stopped"], true, "{}", steps[1]);
    assert_eq!(
        steps[1]["attributes"]["agent"], "otel-agent",
        "{}",
        steps[1]
    );
    assert_eq!(
        steps[1]["attributes"]["next_step_risk"], "danger_zone",
        "{}",
        steps[1]
    );
    // The stop's stages ran inside its step: same trace, parented by the step.
    let stages: Vec<&Value> = named("airlock.stages")
        .into_iter()
        .filter(|s| s["trace_id"] == steps[1]["trace_id"])
        .collect();
    assert_eq!(stages.len(), 1, "{spans:#?}");
    assert_eq!(stages[0]["parent_span_id"], steps[1]["span_id"]);
    // Integers up to i64 arrive as numbers, larger ones as strings (tracing-opentelemetry).
    let score = &stages[0]["attributes"]["score"];
    let score = score
        .as_i64()
        .or_else(|| score.as_str().and_then(|s| s.parse().ok()))
        .expect("a score");
    assert!(score >= 90, "{}", stages[0]);
    assert_eq!(stages[0]["attributes"]["outcome"], "stop", "{}", stages[0]);
    let stage_names: Vec<&str> = named("airlock.stage")
        .iter()
        .filter(|s| s["parent_span_id"] == stages[0]["span_id"])
        .filter_map(|s| s["attributes"]["stage"].as_str())
        .collect();
    assert!(
        stage_names.contains(&"default-patterns") && stage_names.contains(&"default-scorer"),
        "{stage_names:?}"
    );

    // Nothing secret on the wire, in any span, in any encoding the receiver saw.
    let bodies = std::fs::read(&raw).expect("raw bodies");
    let wire = String::from_utf8_lossy(&bodies);
    for secret in ["ghp_SECRET", "rm -rf", "no-preserve-root", "000000"] {
        assert!(!wire.contains(secret), "{secret:?} reached the exporter");
    }
    assert!(
        !wire.contains(&code),
        "the verification code reached the exporter"
    );
}

#[test]
fn a_configuration_airlock_cannot_honour_stops_the_command_saying_what_to_do() {
    let state = tempfile::tempdir().expect("tempdir");
    for (vars, says) in [
        (
            [
                ("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:4317"),
                ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"),
            ],
            "http/protobuf",
        ),
        (
            [
                (
                    "OTEL_EXPORTER_OTLP_ENDPOINT",
                    "https://collector.example:4318",
                ),
                ("OTEL_SERVICE_NAME", "x"),
            ],
            "collector",
        ),
    ] {
        let out = airlock_http(state.path(), &vars)
            .stdin(Stdio::null())
            .output()
            .expect("airlock http");
        // airlock's exit status for a configuration it cannot run with.
        assert_eq!(out.status.code(), Some(1), "{vars:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{vars:?}: {stderr}");
    }
}
