//! Over stdio, every request gets an answer: `airlock serve` and `airlock proxy` answer a
//! message they cannot take (a duplicate key, `NaN`, `1e999`, a line over the size limit,
//! nesting 10,000 deep, invalid UTF-8) with a JSON-RPC error carrying its id when it can be
//! read, and go on serving. Before, such a message got no answer and the client waited forever.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

struct Session {
    child: Child,
    stdin: ChildStdin,
    answers: mpsc::Receiver<Value>,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(args: &[&str], state: &Path) -> Session {
    let mut child = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(args)
        .env("AIRLOCK_STATE_DIR", state)
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        )
        .env_remove("AIRLOCK_POLICY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock");
    let stdin = child.stdin.take().expect("stdin");
    let stdout: ChildStdout = child.stdout.take().expect("stdout");
    let (tx, answers) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let v: Value = serde_json::from_str(&line).expect("the server writes JSON lines");
            if tx.send(v).is_err() {
                break;
            }
        }
    });
    let mut s = Session {
        child,
        stdin,
        answers,
    };
    s.send(
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}})
        .to_string()
        .as_bytes(),
    );
    let init = s.next("the initialize answer");
    assert_eq!(init["id"], 1, "{init}");
    s.send(br#"{"jsonrpc": "2.0", "method": "notifications/initialized"}"#);
    s
}

impl Session {
    fn send(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("write");
        self.stdin.write_all(b"\n").expect("write");
        self.stdin.flush().expect("flush");
    }

    /// The next answer, within a bound far above any honest answer's time.
    fn next(&self, what: &str) -> Value {
        self.answers
            .recv_timeout(Duration::from_secs(30))
            .unwrap_or_else(|_| panic!("no answer to {what}: the client would wait forever"))
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Sends every hostile message and checks each gets its error, then that the server serves.
fn every_message_is_answered(mut s: Session, tool: &str, arguments: Value) {
    let call = |id: u64, args: &str| {
        format!(
            r#"{{"jsonrpc": "2.0", "id": {id}, "method": "tools/call", "params": {{"name": "{tool}", "arguments": {args}}}}}"#
        )
    };
    let deep = format!("{}1{}", "[".repeat(10_000), "]".repeat(10_000));
    let huge = format!(r#"{{"x": "{}"}}"#, "a".repeat(20 << 20));
    let cases: Vec<(&str, Vec<u8>, Value, i64)> = vec![
        (
            "a duplicate key",
            call(
                11,
                r#"{"operation": "introspect", "operation": "drop_database", "params": {}}"#,
            )
            .into_bytes(),
            json!(11),
            -32700,
        ),
        (
            "NaN",
            call(12, r#"{"x": NaN}"#).into_bytes(),
            json!(12),
            -32700,
        ),
        (
            "1e999",
            call(13, r#"{"x": 1e999}"#).into_bytes(),
            json!(13),
            -32700,
        ),
        (
            "nesting 10,000 deep",
            call(14, &deep).into_bytes(),
            json!(14),
            -32700,
        ),
        (
            "a 20 MB line",
            call(15, &huge).into_bytes(),
            json!(15),
            -32600,
        ),
        (
            "a 20 MB line whose id comes after its params",
            format!(r#"{{"jsonrpc": "2.0", "method": "tools/call", "params": {huge}, "id": 18}}"#)
                .into_bytes(),
            Value::Null,
            -32600,
        ),
        (
            "invalid UTF-8",
            [
                b"{\"jsonrpc\": \"2.0\", \"id\": 16, \"x\": \"".as_slice(),
                &[0xff, 0xfe],
                b"\"}",
            ]
            .concat(),
            json!(16),
            -32700,
        ),
        (
            "invalid UTF-8 inside the id",
            [
                b"{\"jsonrpc\": \"2.0\", \"id\": \"r".as_slice(),
                &[0xff],
                b"\", \"method\": \"ping\"}",
            ]
            .concat(),
            Value::Null,
            -32700,
        ),
        (
            "params that fit no request",
            br#"{"jsonrpc": "2.0", "id": 17, "method": "tools/call", "params": 5}"#.to_vec(),
            json!(17),
            -32600,
        ),
    ];
    for (what, bytes, id, code) in cases {
        s.send(&bytes);
        let answer = s.next(what);
        assert_eq!(answer["id"], id, "{what}: {answer}");
        assert_eq!(answer["error"]["code"], code, "{what}: {answer}");
        assert!(
            answer["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{what}: {answer}"
        );
    }
    // Still serving, and a well-formed call is answered normally.
    s.send(
        json!({"jsonrpc": "2.0", "id": 20, "method": "tools/call",
               "params": {"name": tool, "arguments": arguments}})
        .to_string()
        .as_bytes(),
    );
    let answer = s.next("the call after");
    assert_eq!(answer["id"], 20, "{answer}");
    assert!(answer.get("result").is_some(), "{answer}");
}

#[test]
fn airlock_serve_answers_every_message_it_cannot_take() {
    let state = tempfile::tempdir().expect("tempdir");
    let s = start(&["serve"], state.path());
    every_message_is_answered(
        s,
        "mcp_aql_read",
        json!({"operation": "introspect", "params": {"query": "operations"}}),
    );
}

#[test]
fn airlock_proxy_answers_every_message_it_cannot_take() {
    let fs_server =
        root().join(".node/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
    assert!(
        fs_server.exists(),
        "{} is missing: run scripts/setup.sh",
        fs_server.display()
    );
    let state = tempfile::tempdir().expect("tempdir");
    let files = tempfile::tempdir().expect("tempdir");
    std::fs::write(files.path().join("a.txt"), "hello\n").expect("write");
    let s = start(
        &[
            "proxy",
            "--trust",
            "validated",
            "--",
            "node",
            fs_server.to_str().expect("utf-8 path"),
            files.path().to_str().expect("utf-8 path"),
        ],
        state.path(),
    );
    let path = files.path().join("a.txt");
    every_message_is_answered(
        s,
        "read_text_file",
        json!({"path": path.to_str().expect("utf-8 path")}),
    );
}
