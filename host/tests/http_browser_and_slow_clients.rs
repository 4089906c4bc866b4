//! `airlock http` against what a web page and a slow client can do: a `text/plain` POST (which
//! browsers send cross-origin without a preflight) is refused with 415, a request addressed to
//! another name (DNS rebinding) with 421, and connections that trickle their headers or their
//! body, or sit idle, are closed within the read timeout. Real sockets, real timing.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    addr: String,
    _state: tempfile::TempDir,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `airlock http` with `env` (the settings are taken from the environment, as a service
/// unit would set them).
fn start(env: &[(&str, &str)]) -> Server {
    let state = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(["http", "--listen", "127.0.0.1:0", "--state-dir"])
        .arg(state.path())
        .envs(env.iter().copied())
        .env(
            "AIRLOCK_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
        )
        .env_remove("AIRLOCK_POLICY")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("airlock http");
    let addr = common::http_base(&mut child)
        .trim_start_matches("http://")
        .to_owned();
    Server {
        child,
        addr,
        _state: state,
    }
}

/// One request, as raw bytes, and the status and body of the answer.
fn request(addr: &str, head: &str, body: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    s.write_all(head.as_bytes()).expect("write");
    s.write_all(body.as_bytes()).expect("write");
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (
        status,
        text.split("\r\n\r\n").nth(1).unwrap_or("").to_owned(),
    )
}

fn post(addr: &str, host: &str, content_type: Option<&str>, body: &str) -> (u16, String) {
    let content_type = content_type
        .map(|c| format!("content-type: {c}\r\n"))
        .unwrap_or_default();
    request(
        addr,
        &format!(
            "POST /v1/decide HTTP/1.1\r\nhost: {host}\r\n{content_type}content-length: {}\r\nconnection: close\r\n\r\n",
            body.len()
        ),
        body,
    )
}

const DECIDE: &str = r#"{"operation": "delete_file", "trust": "certified"}"#;

#[test]
fn only_json_bodies_addressed_to_the_listener_are_served() {
    let s = start(&[("AIRLOCK_HTTP_ALLOWED_HOSTS", "airlock.internal")]);
    let port = s.addr.rsplit(':').next().expect("port").to_owned();

    // What a web page can send without a preflight: refused before anything is decided.
    for content_type in [
        Some("text/plain"),
        Some("text/plain;charset=UTF-8"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        None,
    ] {
        let (status, body) = post(&s.addr, &s.addr, content_type, DECIDE);
        assert_eq!(status, 415, "{content_type:?}: {body}");
        assert!(body.contains("application/json"), "{body}");
    }
    // DNS rebinding: the page's own name in Host.
    for host in [
        "evil.example",
        &format!("evil.example:{port}"),
        "localhost:1",
        "",
    ] {
        let (status, body) = post(&s.addr, host, Some("application/json"), DECIDE);
        assert_eq!(status, 421, "Host {host:?}: {body}");
    }
    // The listener's own names, any case and media type parameters, and the allowed name.
    for host in [
        s.addr.clone(),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        "airlock.internal".to_owned(),
    ] {
        let (status, body) = post(
            &s.addr,
            &host,
            Some("Application/JSON; charset=utf-8"),
            DECIDE,
        );
        assert_eq!(status, 200, "Host {host}: {body}");
        assert!(body.contains("\"outcome\""), "{body}");
    }
    // GETs carry no body and need no media type, but the Host still counts.
    let get = |host: &str| {
        request(
            &s.addr,
            &format!("GET /healthz HTTP/1.1\r\nhost: {host}\r\nconnection: close\r\n\r\n"),
            "",
        )
        .0
    };
    assert_eq!(get(&s.addr), 200);
    assert_eq!(get("rebound.example"), 421);
}

/// Whether the server closed `s` (a read returns end of file or a reset) by `deadline`.
fn closed_by(s: &mut TcpStream, deadline: Instant) -> bool {
    let mut buf = [0u8; 4096];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        s.set_read_timeout(Some(left)).expect("timeout");
        match s.read(&mut buf) {
            Ok(0) => return true,
            // An answer (408) before the close: keep reading.
            Ok(_) => {}
            Err(e)
                if e.kind() == std::io::ErrorKind::WouldBlock
                    || e.kind() == std::io::ErrorKind::TimedOut =>
            {
                return false;
            }
            Err(_) => return true,
        }
    }
}

#[test]
fn slow_headers_slow_bodies_and_idle_connections_are_closed_within_the_read_timeout() {
    let s = start(&[("AIRLOCK_HTTP_READ_TIMEOUT", "2")]);
    let started = Instant::now();
    let mut idle = Vec::new();
    let mut trickling_headers = Vec::new();
    let mut trickling_bodies = Vec::new();
    for _ in 0..20 {
        idle.push(TcpStream::connect(&s.addr).expect("connect"));
        let mut h = TcpStream::connect(&s.addr).expect("connect");
        h.write_all(b"POST /v1/decide HTTP/1.1\r\nhost: ")
            .expect("write");
        trickling_headers.push(h);
        let mut b = TcpStream::connect(&s.addr).expect("connect");
        b.write_all(
            format!(
                "POST /v1/decide HTTP/1.1\r\nhost: {}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{{\"op",
                s.addr
            )
            .as_bytes(),
        )
        .expect("write");
        trickling_bodies.push(b);
    }
    // Keep trickling a byte a half-second to each, as a slowloris client does, for 6 s.
    std::thread::scope(|scope| {
        let headers = &mut trickling_headers;
        let bodies = &mut trickling_bodies;
        scope.spawn(move || {
            for _ in 0..12 {
                std::thread::sleep(Duration::from_millis(500));
                for c in headers.iter_mut().chain(bodies.iter_mut()) {
                    let _ = c.write_all(b"x");
                }
            }
        });
    });
    // Bound: the 2 s timeout, plus scheduling slack on a loaded machine.
    let deadline = started + Duration::from_secs(2 + 5);
    for (kind, list) in [
        ("idle", &mut idle),
        ("trickled headers", &mut trickling_headers),
        ("trickled body", &mut trickling_bodies),
    ] {
        for (i, c) in list.iter_mut().enumerate() {
            assert!(
                closed_by(c, deadline),
                "{kind} connection {i} still open after {:?}",
                started.elapsed()
            );
        }
    }
    // And the server still serves.
    let (status, body) = post(&s.addr, &s.addr, Some("application/json"), DECIDE);
    assert_eq!(status, 200, "{body}");
}
