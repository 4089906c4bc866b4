//! An `airlock serve` session spoken to by hand: JSON-RPC lines on its standard streams, the
//! MCP handshake done at start, and the operation-result envelope of a tool call read back.
//! Shared by the tests that need the dongle without an MCP client library.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

/// One `airlock serve` process and its streams.
pub struct ServeSession {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl ServeSession {
    /// Starts `command` (an `airlock ... serve` command line) with piped streams and initializes
    /// the MCP session.
    pub fn start(mut command: Command) -> Self {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("airlock serve");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut session = Self {
            child,
            stdin: Some(stdin),
            stdout,
            next_id: 1,
        };
        session.rpc(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "t", "version": "1"}}),
        );
        session
    }

    /// Sends one request and returns its response (notifications in between are skipped).
    pub fn rpc(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let msg = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let stdin = self.stdin.as_mut().expect("the session is open");
        writeln!(stdin, "{msg}").expect("write");
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).expect("read");
            assert!(n > 0, "airlock serve ended without answering {method}");
            let v: Value = serde_json::from_str(&line).expect("json");
            if v["id"] == id {
                return v;
            }
        }
    }

    /// Calls MCP-AQL `operation` through `tool`; returns the operation-result envelope.
    pub fn call(&mut self, tool: &str, operation: &str, params: Value) -> Value {
        let r = self.rpc(
            "tools/call",
            json!({"name": tool, "arguments": {"operation": operation, "params": params}}),
        );
        serde_json::from_str(r["result"]["content"][0]["text"].as_str().expect("text"))
            .expect("envelope")
    }

    /// Closes standard input and waits for the process to exit.
    pub fn close(mut self) {
        drop(self.stdin.take());
        self.child.wait().expect("airlock serve exits");
    }
}
