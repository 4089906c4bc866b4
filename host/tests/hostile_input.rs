//! Hostile input at every surface: a huge hint, invalid UTF-8, params nested 10,000 deep,
//! 100,000 patterns in a config, unknown fields, duplicate keys. Each gets a clear error within
//! bounded time, changes nothing, and the server keeps serving.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn cache() -> std::path::PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache")
}

fn nested(depth: usize) -> String {
    format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth))
}

/// One raw HTTP/1.1 request (so bodies can be anything, even invalid UTF-8).
fn raw_post(addr: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let head = format!(
        "POST {path} HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    // The server may answer (413) before reading the whole body.
    let _ = s.write_all(body);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
    (status, body)
}

#[test]
fn the_http_api_refuses_hostile_bodies_clearly_and_keeps_serving() {
    let state = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
        .arg(state.path())
        .env("AIRLOCK_CACHE_DIR", cache())
        .env_remove("AIRLOCK_POLICY")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let addr = common::http_base(&mut child)
        .trim_start_matches("http://")
        .to_owned();

    let huge_hint = json!({"hint": "x".repeat(1 << 20)}).to_string();
    let invalid_utf8 = |prefix: &[u8]| {
        let mut body = prefix.to_vec();
        body.extend_from_slice(&[0xff, 0xfe, 0xfd]);
        body.extend_from_slice(br#""}"#);
        body
    };
    let deep = format!(r#"{{"operation": "x", "params": {}}}"#, nested(10_000));
    let deep_op = format!(
        r#"{{"operation": "introspect", "params": {}}}"#,
        nested(10_000)
    );
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        (
            "/v1/decide",
            huge_hint.clone().into_bytes(),
            413,
            "VALIDATION_PAYLOAD_TOO_LARGE",
        ),
        (
            "/v1/operations",
            huge_hint.into_bytes(),
            413,
            "VALIDATION_PAYLOAD_TOO_LARGE",
        ),
        (
            "/v1/decide",
            invalid_utf8(br#"{"operation": "list_files", "hint": ""#),
            400,
            "VALIDATION_INVALID_ENCODING",
        ),
        (
            "/v1/operations",
            invalid_utf8(br#"{"operation": ""#),
            400,
            "VALIDATION_INVALID_ENCODING",
        ),
        (
            "/v1/operations",
            br#"{"operation": "introspect", "operation": "execute_agent"}"#.to_vec(),
            400,
            "VALIDATION_INVALID_TYPE",
        ),
        (
            "/v1/decide",
            deep.into_bytes(),
            400,
            "VALIDATION_INVALID_ENCODING",
        ),
        (
            "/v1/operations",
            deep_op.into_bytes(),
            400,
            "VALIDATION_INVALID_ENCODING",
        ),
        (
            "/v1/decide",
            br#"{"operation": "a", "operation": "b"}"#.to_vec(),
            400,
            "VALIDATION_INVALID_TYPE",
        ),
        (
            "/v1/decide",
            br#"{"operation": ["not", "a", "string"]}"#.to_vec(),
            400,
            "VALIDATION_INVALID_TYPE",
        ),
    ];
    for (path, body, status, code) in cases {
        let started = Instant::now();
        let (got, answer) = raw_post(&addr, path, &body);
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{path}: took {:?}",
            started.elapsed()
        );
        assert_eq!(got, status, "{path}: {answer}");
        let v: Value = serde_json::from_str(&answer).unwrap_or(Value::Null);
        assert_eq!(v["error"]["code"], code, "{path}: {answer}");
    }
    // A hint under the body limit but over the hint limit is refused, citing the hint limit
    // (the one every surface shares).
    let (status, answer) = raw_post(
        &addr,
        "/v1/decide",
        json!({"hint": format!("rm -rf / {}", "word ".repeat(40_000))})
            .to_string()
            .as_bytes(),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(answer.contains("8192 bytes"), "{answer}");
    // A hint at the limit is evaluated, within bounded time.
    let started = Instant::now();
    let hint = format!("rm -rf / {}", "word ".repeat(2_000));
    let hint = &hint[..8192];
    let (status, answer) = raw_post(
        &addr,
        "/v1/decide",
        json!({"hint": hint}).to_string().as_bytes(),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // Still serving, and nothing was started.
    let (status, _) = raw_post(
        &addr,
        "/v1/operations",
        br#"{"operation": "introspect", "params": {"query": "operations"}}"#,
    );
    assert_eq!(status, 200);
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn the_mcp_server_survives_hostile_messages() {
    let state = tempfile::tempdir().expect("tempdir");
    let mut serve = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(["serve", "--state-dir"])
        .arg(state.path())
        .env("AIRLOCK_CACHE_DIR", cache())
        .env_remove("AIRLOCK_POLICY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve");
    let mut stdin = serve.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(serve.stdout.take().expect("stdout"));
    let mut send = |bytes: &[u8]| {
        stdin.write_all(bytes).expect("write");
        stdin.write_all(b"\n").expect("write");
        stdin.flush().expect("flush");
    };
    let answer = |stdout: &mut BufReader<std::process::ChildStdout>, id: u64| -> Value {
        loop {
            let mut line = String::new();
            assert!(
                stdout.read_line(&mut line).expect("read") > 0,
                "the server died"
            );
            let v: Value = serde_json::from_str(&line).expect("json");
            if v["id"] == id {
                return v;
            }
        }
    };
    let call = |id: u64, params: Value| {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
               "params": {"name": "mcp_aql_create", "arguments": {"operation": "record_execution_step", "params": params}}})
        .to_string()
    };
    send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
        .to_string()
        .as_bytes());
    answer(&mut stdout, 1);
    send(br#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#);

    // Garbage of every kind: not JSON, invalid UTF-8, nesting past any parser's limit.
    send(b"this is not json");
    send(&[0xff, 0xfe, b'{', 0x80]);
    send(
        format!(
            r#"{{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {{"name": "mcp_aql_create", "arguments": {{"operation": "record_execution_step", "params": {}}}}}}}"#,
            nested(10_000)
        )
        .as_bytes(),
    );
    // A 1 MB hint gets a clear error.
    send(
        call(
            3,
            json!({"element_name": "a", "nextActionHint": "x".repeat(1 << 20)}),
        )
        .as_bytes(),
    );
    let r = answer(&mut stdout, 3);
    let text = r["result"]["content"][0]["text"].as_str().expect("text");
    let v: Value = serde_json::from_str(text).expect("envelope");
    assert_eq!(v["error"]["code"], "VALIDATION_PAYLOAD_TOO_LARGE", "{v}");
    // It cites the hint's own limit, not the one of other text params.
    assert_eq!(v["error"]["details"]["max_bytes"], 8192, "{v}");
    assert_eq!(r["result"]["isError"], true);
    // Unknown fields of the tool input are refused, not ignored.
    send(json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "mcp_aql_read",
        "arguments": {"operation": "introspect", "params": {"query": "operations"}, "sudo": true}}})
        .to_string()
        .as_bytes());
    let r = answer(&mut stdout, 4);
    let v: Value = serde_json::from_str(r["result"]["content"][0]["text"].as_str().expect("text"))
        .expect("envelope");
    assert_eq!(v["error"]["code"], "VALIDATION_UNKNOWN_PARAM", "{v}");
    // Still serving.
    send(br#"{"jsonrpc": "2.0", "id": 5, "method": "tools/list"}"#);
    let r = answer(&mut stdout, 5);
    assert_eq!(r["result"]["tools"].as_array().map(Vec::len), Some(3));
    drop(stdin);
    let _ = serve.wait();
}

#[test]
fn a_config_with_100000_patterns_is_refused_quickly_with_its_path() {
    let dir = tempfile::tempdir().expect("tempdir");
    let patterns: Vec<String> = (0..100_000).map(|i| format!("tool_{i}_*")).collect();
    for (name, policy) in [
        (
            "danger patterns",
            json!({"danger_patterns": {"dangerous": patterns}}),
        ),
        (
            "pattern stage",
            json!({"stages": {"pipeline": [{"name": "p", "kind": "patterns",
                "component": "builtin:default-patterns", "config": {"deny": patterns}}]}}),
        ),
    ] {
        std::fs::write(dir.path().join("policy.json"), policy.to_string()).expect("write");
        let started = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_airlock"))
            .args(["check", "--hint", "read the README", "--policy"])
            .arg(dir.path())
            .env("AIRLOCK_CACHE_DIR", cache())
            .output()
            .expect("check");
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{name}: {:?}",
            started.elapsed()
        );
        assert_eq!(
            out.status.code(),
            Some(1),
            "{name}: refused as a configuration error"
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.trim().is_empty(), "{name}: says why");
    }
}
