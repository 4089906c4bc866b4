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

    check_the_document(&s);

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

/// One request over a fresh connection, whatever the method: (status, Allow header, body).
fn raw(s: &Server, method: &str, path: &str, body: &str) -> (u16, Option<String>, String) {
    use std::io::{Read, Write};
    let addr = s.base.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("send");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("read");
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {answer}"));
    let allow = head.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.eq_ignore_ascii_case("allow")
            .then(|| value.trim().to_owned())
    });
    (status, allow, body.to_owned())
}

/// Follows a local `$ref` (`#/components/...`), or panics naming it.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(r) => doc
            .pointer(r.strip_prefix('#').expect("a local reference"))
            .unwrap_or_else(|| panic!("{r} does not resolve")),
        None => schema,
    }
}

/// Every `$ref` in `v`, with where it is.
fn references(v: &Value, at: &str, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                if k == "$ref" {
                    out.push((at.to_owned(), child.as_str().unwrap_or("").to_owned()));
                } else {
                    references(child, &format!("{at}/{k}"), out);
                }
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                references(child, &format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// The enum of a property's schema: `{"enum"}` itself, through a `$ref`, or the non-null
/// branch of a nullable `oneOf`.
fn enum_of(doc: &Value, property: &Value) -> Option<Vec<String>> {
    let property = resolve(doc, property);
    if let Some(values) = property["enum"].as_array() {
        return Some(
            values
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect(),
        );
    }
    property["oneOf"]
        .as_array()?
        .iter()
        .find_map(|branch| enum_of(doc, branch))
}

/// The OpenAPI document describes this server, and the server does what it says: the version;
/// exactly the paths and methods served (each documented method answers, every other method
/// is a 405 whose Allow header lists the documented ones); the responses every operation can
/// give; every reference resolves; and for /v1/decide, the fields and values the handler
/// accepts and refuses are the ones the schema allows.
fn check_the_document(s: &Server) {
    let (status, body) = get(s, "/v1/openapi.json");
    assert_eq!(status, 200);
    let doc: Value = serde_json::from_str(&body).expect("json");
    assert!(
        doc["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3.1")),
        "{doc}"
    );
    assert_eq!(doc["info"]["version"], env!("CARGO_PKG_VERSION"));

    // Every reference resolves; the error body is a schema with code and message.
    let mut refs = Vec::new();
    references(&doc, "#", &mut refs);
    assert!(refs.len() > 20, "{refs:?}");
    for (at, r) in &refs {
        let target = r
            .strip_prefix('#')
            .and_then(|p| doc.pointer(p))
            .unwrap_or_else(|| panic!("{at}: $ref {r} does not resolve"));
        assert!(target.is_object(), "{at}: {r} is {target}");
    }
    let error = resolve(&doc, &doc["components"]["schemas"]["ErrorAnswer"]);
    assert_eq!(error["required"], json!(["error"]), "{error}");
    let api_error = resolve(&doc, &error["properties"]["error"]);
    assert_eq!(
        api_error["required"],
        json!(["code", "message"]),
        "{api_error}"
    );
    for name in ["NotFound", "MethodNotAllowed"] {
        let response = &doc["components"]["responses"][name];
        assert_eq!(
            response["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/ErrorAnswer",
            "{name}: {response}"
        );
    }

    // Exactly the served paths, each with exactly its methods.
    let served: [(&str, &str); 6] = [
        ("/healthz", "get"),
        ("/metrics", "get"),
        ("/v1/decide", "post"),
        ("/v1/openapi.json", "get"),
        ("/v1/operations", "post"),
        ("/v1/status", "get"),
    ];
    let paths = doc["paths"].as_object().expect("paths");
    let mut documented: Vec<(String, Vec<String>)> = paths
        .iter()
        .map(|(path, item)| {
            (
                path.clone(),
                item.as_object()
                    .expect("path item")
                    .keys()
                    .cloned()
                    .collect(),
            )
        })
        .collect();
    documented.sort();
    let expected: Vec<(String, Vec<String>)> = served
        .iter()
        .map(|(p, m)| ((*p).to_owned(), vec![(*m).to_owned()]))
        .collect();
    assert_eq!(documented, expected);
    for (path, method) in served {
        let operation = &paths[path][method];
        let responses = operation["responses"].as_object().expect("responses");
        let mut codes: Vec<&str> = responses.keys().map(String::as_str).collect();
        codes.sort_unstable();
        for code in ["200", "421"] {
            assert!(
                codes.contains(&code),
                "{method} {path} documents {code}: {codes:?}"
            );
        }
        if method == "post" {
            for code in ["400", "408", "413", "415", "500"] {
                assert!(
                    codes.contains(&code),
                    "{method} {path} documents {code}: {codes:?}"
                );
            }
            let body = &operation["requestBody"];
            assert_eq!(body["required"], true, "{path}");
            let schema = resolve(&doc, &body["content"]["application/json"]["schema"]);
            assert_eq!(schema["type"], "object", "{path}: {schema}");
            assert_eq!(schema["additionalProperties"], false, "{path}: {schema}");
        }
        for (code, response) in responses {
            assert!(
                response["description"]
                    .as_str()
                    .is_some_and(|d| !d.is_empty()),
                "{method} {path} {code}"
            );
        }
        // The documented method is served; what it answers is documented.
        let (status, _, answer) = raw(s, &method.to_uppercase(), path, "{}");
        assert!(
            codes.contains(&status.to_string().as_str()),
            "{method} {path}: {status} is not among {codes:?}: {answer}"
        );
        // Every other method: 405, the error body, and Allow naming the documented method.
        for other in ["GET", "POST", "PUT", "DELETE", "PATCH", "TRACE"] {
            if other.eq_ignore_ascii_case(method) {
                continue;
            }
            let (status, allow, answer) = raw(s, other, path, "{}");
            assert_eq!(status, 405, "{other} {path}: {answer}");
            let allow = allow.unwrap_or_default().to_ascii_lowercase();
            assert!(
                allow.split(',').any(|m| m.trim() == method),
                "{other} {path}: Allow {allow}"
            );
            let answer: Value = serde_json::from_str(&answer).expect("a JSON error");
            assert!(answer["error"]["code"].is_string(), "{answer}");
        }
    }
    let (status, _, answer) = raw(s, "POST", "/nope", "{}");
    assert_eq!(status, 404, "{answer}");
    let answer: Value = serde_json::from_str(&answer).expect("a JSON error");
    assert_eq!(answer["error"]["code"], "NOT_FOUND_RESOURCE");

    // /v1/decide: the schema's fields and values are the handler's.
    let request = resolve(
        &doc,
        &paths["/v1/decide"]["post"]["requestBody"]["content"]["application/json"]["schema"],
    );
    let fields = request["properties"].as_object().expect("decide's fields");
    let mut names: Vec<&str> = fields.keys().map(String::as_str).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "adapter",
            "agent",
            "annotations",
            "autonomy",
            "context",
            "endpoint",
            "hint",
            "operation",
            "params",
            "recent_hints",
            "risk",
            "safety_mode",
            "trust"
        ]
    );
    let decide = |body: Value| post(s, "/v1/decide", &body.to_string());
    // An undocumented field is refused as one.
    let (status, answer) = decide(json!({"operation": "list_files", "colour": "red"}));
    assert_eq!(
        (status, &answer["error"]["code"]),
        (400, &json!("VALIDATION_UNKNOWN_FIELD"))
    );
    // Neither an operation nor a hint: the schema's anyOf says so, and so does the handler.
    let either = request["anyOf"].as_array().expect("anyOf");
    assert_eq!(either.len(), 2, "{request}");
    assert_eq!(decide(json!({"agent": "a"})).0, 400);
    // Each enum: every documented value accepted, anything else refused.
    let outcomes = enum_of(
        &doc,
        &resolve(&doc, &paths["/v1/decide"]["post"]["responses"]["200"]["content"]["application/json"]["schema"])["properties"]["outcome"],
    )
    .expect("the outcome's values");
    for field in ["endpoint", "trust", "autonomy", "safety_mode", "risk"] {
        let values = enum_of(&doc, &fields[field]).unwrap_or_else(|| panic!("{field}'s values"));
        assert!(values.len() >= 3, "{field}: {values:?}");
        for value in &values {
            let (status, answer) = decide(json!({"operation": "list_files", field: value}));
            assert_eq!(status, 200, "{field} = {value}: {answer}");
            assert!(
                outcomes.iter().any(|o| answer["outcome"] == json!(o)),
                "{answer}"
            );
        }
        let (status, answer) = decide(json!({"operation": "list_files", field: "nonsense"}));
        assert_eq!(status, 400, "{field} = nonsense: {answer}");
    }
    // Null means absent where the schema allows null; params is an object, never an array.
    for field in ["trust", "adapter", "params", "context", "annotations"] {
        let (status, answer) = decide(json!({"operation": "list_files", field: null}));
        assert_eq!(status, 200, "{field}: null: {answer}");
    }
    assert!(
        fields["params"]["type"]
            .as_array()
            .is_some_and(|t| t.contains(&json!("object")) && !t.contains(&json!("array"))),
        "{}",
        fields["params"]
    );
    for field in ["params", "context", "annotations"] {
        let (status, answer) = decide(json!({"operation": "list_files", field: []}));
        assert_eq!(status, 400, "{field} as an array: {answer}");
    }
    let (status, answer) = post(s, "/v1/decide", r#"["list_files"]"#);
    assert_eq!(status, 400, "a body that is an array: {answer}");
    // An adapter with a trust level: accepted, the trust only lowered (documented).
    let (status, answer) =
        decide(json!({"operation": "list_files", "adapter": "files", "trust": "certified"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["trust"], "untested", "{answer}");
    assert!(
        fields["trust"].to_string().contains("only lower"),
        "{}",
        fields["trust"]
    );
    // /v1/operations: params is an object there too.
    let (status, answer) = post(
        s,
        "/v1/operations",
        &json!({"operation": "introspect", "params": []}).to_string(),
    );
    assert_eq!(status, 400, "{answer}");
    assert_eq!(answer["success"], false, "{answer}");
}

/// schemathesis (pinned by scripts/setup.sh) runs every check against a real `airlock http`
/// and its /v1/openapi.json, with a bounded number of examples and a fixed seed
/// (scripts/schemathesis.sh): any disagreement between the document and the handlers fails.
#[test]
fn schemathesis_finds_no_disagreement_with_the_document() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let schemathesis = root.join(".venv/bin/schemathesis");
    assert!(
        schemathesis.exists(),
        "{} is missing: run scripts/setup.sh (or `just test`)",
        schemathesis.display()
    );
    let out = Command::new("bash")
        .arg(root.join("scripts/schemathesis.sh"))
        .env("AIRLOCK_BIN", env!("CARGO_BIN_EXE_airlock"))
        .env("AIRLOCK_CACHE_DIR", cache())
        .output()
        .expect("scripts/schemathesis.sh");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "schemathesis found disagreements:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // It ran: every operation, and cases generated in every phase.
    assert!(stdout.contains("5 selected / 5 total"), "{stdout}");
    assert!(stdout.contains("No issues found"), "{stdout}");
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
    // CPU time is counted in clock ticks (10 ms): give the server some to count. Its start no
    // longer compiles anything (the built-ins ship precompiled), so it may have used less than
    // a tick so far. Documents are not counted by any airlock metric.
    for _ in 0..200 {
        assert_eq!(get(&s, "/v1/openapi.json").0, 200);
    }

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
        // The kernel's count for the server, read after the page: the metric is that count,
        // not a placeholder.
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", s.child.id())).expect("stat");
        let fields: Vec<&str> = stat[stat.rfind(')').expect("comm") + 2..]
            .split(' ')
            .collect();
        let ticks: f64 =
            fields[11].parse::<f64>().expect("utime") + fields[12].parse::<f64>().expect("stime");
        let cpu = value("process_cpu_seconds");
        assert!(
            cpu > 0.0 && cpu <= ticks / 100.0 + 1e-9,
            "{cpu} s against {ticks} ticks: {page}"
        );
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

/// `/v1/decide` files an approval for each confirm-tier request: past the agent's limit of
/// approval requests it answers 429 `RATE_LIMIT_EXCEEDED`, and files nothing more.
#[test]
fn decide_refuses_approval_requests_past_the_agent_s_limit_with_429() {
    let policy = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        policy.path().join("policy.json"),
        json!({
            "adapters": {"files": {"trust": {"level": "validated",
                                              "validated_at": "2026-01-15T12:00:00Z"}}},
            "safety_loop": {"approval_requests": {"max_requests": 2, "window_seconds": 600}},
        })
        .to_string(),
    )
    .expect("policy");
    let s = start(Some(policy.path()));
    let request = |i: usize| {
        post(
            &s,
            "/v1/decide",
            &json!({"agent": "flooder", "adapter": "files", "operation": "delete_file",
                    "params": {"path": format!("/srv/data/{i}")}})
            .to_string(),
        )
    };
    for i in 0..2 {
        let (status, v) = request(i);
        assert_eq!(status, 200, "{v}");
        assert!(v["approval_id"].is_string(), "request {i}: {v}");
    }
    for i in 2..5 {
        let (status, v) = request(i);
        assert_eq!(status, 429, "request {i}: {v}");
        assert_eq!(v["error"]["code"], "RATE_LIMIT_EXCEEDED", "{v}");
        assert_eq!(
            v["error"]["details"]["limit_type"], "approval_requests",
            "{v}"
        );
    }
    let notices = std::fs::read_dir(s.state.path().join("operator"))
        .expect("operator dir")
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .count();
    assert_eq!(notices, 2, "nobody was messaged past the limit");
}
