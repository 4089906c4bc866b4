//! What a web page must not be able to do with the local API.
//!
//! `airlock http` listens on loopback with no authentication of its own, so the browser of the
//! person running it is a client too. Two browser tricks reach such a server:
//!
//! - **A cross-origin POST that is not preflighted.** A page may send `text/plain`,
//!   `application/x-www-form-urlencoded` or `multipart/form-data` bodies to any origin without
//!   asking first (CORS "simple requests"); the JSON inside a `text/plain` body parses all the
//!   same. Every body must therefore say `Content-Type: application/json`, which a page can
//!   only send after a preflight this server never grants: 415 otherwise. The routes that read
//!   a body check it (`routes::read_body`), after routing, so that a method a path does not
//!   serve gets its 405 whatever it says its body is.
//! - **DNS rebinding.** A page on `evil.example` rebinds its name to 127.0.0.1 and then reads
//!   the answers as same-origin. Its requests still carry `Host: evil.example`, so only the
//!   names this server is reached by are accepted: the address it listens on, the `localhost`
//!   forms of it, and names an operator adds for a reverse proxy (`--allowed-host`,
//!   `AIRLOCK_HTTP_ALLOWED_HOSTS`). Anything else gets 421 Misdirected Request.
//!
//! A unix socket is out of a browser's reach: its server checks no Host ([`AllowedHosts::any`]).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The `Host` values a server accepts.
#[derive(Debug, Clone, Default)]
pub struct AllowedHosts {
    /// `None`: any Host (a unix socket).
    names: Option<Vec<HostName>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct HostName {
    /// Lower-case, IPv6 in brackets.
    host: String,
    /// `None`: any port, or none.
    port: Option<u16>,
}

impl HostName {
    fn parse(text: &str) -> Option<Self> {
        let text = text.trim().to_ascii_lowercase();
        if text.is_empty() {
            return None;
        }
        // `[::1]:8787`, `[::1]`, `host:8787`, `host`.
        let (host, port) = match text.rsplit_once(':') {
            Some((h, p)) if !h.is_empty() && (h.ends_with(']') || !h.contains(':')) => {
                (h.to_owned(), Some(p.parse().ok()?))
            }
            _ => (text, None),
        };
        if host.is_empty() || host.contains(['/', '@', ' ']) {
            return None;
        }
        Some(Self { host, port })
    }
}

impl AllowedHosts {
    /// Accepts any Host: for a unix socket, which no web page can reach.
    pub fn any() -> Self {
        Self { names: None }
    }

    /// The names of a TCP listener on `addr`: the address itself, and when it is a loopback (or
    /// unspecified) address, `localhost`, `127.0.0.1` and `[::1]` on the same port; plus
    /// `extra` names (`name` for any port, or `name:port`), for a reverse proxy in front.
    /// A name in `extra` that does not parse is an error naming it.
    pub fn for_listener(addr: SocketAddr, extra: &[String]) -> Result<Self, String> {
        let port = addr.port();
        let ip = match addr {
            SocketAddr::V4(a) => a.ip().to_string(),
            SocketAddr::V6(a) => format!("[{}]", a.ip()),
        };
        let mut names = vec![HostName {
            host: ip,
            port: Some(port),
        }];
        if addr.ip().is_loopback() || addr.ip().is_unspecified() {
            for host in ["localhost", "127.0.0.1", "[::1]"] {
                names.push(HostName {
                    host: host.to_owned(),
                    port: Some(port),
                });
            }
        }
        for name in extra.iter().flat_map(|e| e.split(',')) {
            if name.trim().is_empty() {
                continue;
            }
            names.push(HostName::parse(name).ok_or_else(|| {
                format!("'{name}' is not a host name (expected NAME or NAME:PORT)")
            })?);
        }
        Ok(Self { names: Some(names) })
    }

    /// Whether a request with this `Host` header may be served.
    pub fn admits(&self, host: Option<&str>) -> bool {
        let Some(names) = &self.names else {
            return true;
        };
        let Some(asked) = host.and_then(HostName::parse) else {
            return false;
        };
        names.iter().any(|n| {
            n.host == asked.host
                && match (n.port, asked.port) {
                    (None, _) => true,
                    (Some(p), Some(q)) => p == q,
                    // No port in the Host header: the scheme's default.
                    (Some(p), None) => p == 80,
                }
        })
    }
}

fn refuse(status: StatusCode, code: &str, message: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CONNECTION, "close"),
        ],
        json!({"error": {"code": code, "message": message}}).to_string(),
    )
        .into_response()
}

/// The middleware: the Host, before anything else (a rebinding page learns nothing, not even
/// which paths exist).
pub async fn check(
    State(hosts): State<Arc<AllowedHosts>>,
    request: Request,
    next: Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .or_else(|| request.uri().authority().map(|a| a.as_str()));
    if !hosts.admits(host) {
        return refuse(
            StatusCode::MISDIRECTED_REQUEST,
            "PERMISSION_DENIED",
            "this airlock API answers only requests addressed to the address it listens on \
             (or localhost): a reverse proxy's name must be allowed with --allowed-host"
                .to_owned(),
        );
    }
    next.run(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loopback_listener_admits_its_own_names_only() {
        let hosts =
            AllowedHosts::for_listener("127.0.0.1:8787".parse().expect("addr"), &[]).expect("ok");
        for ok in [
            "127.0.0.1:8787",
            "localhost:8787",
            "LOCALHOST:8787",
            "[::1]:8787",
        ] {
            assert!(hosts.admits(Some(ok)), "{ok}");
        }
        for bad in [
            "evil.example",
            "evil.example:8787",
            "localhost:8788",
            "localhost",
            "127.0.0.1",
            "127.0.0.1:8787@evil",
            "",
        ] {
            assert!(!hosts.admits(Some(bad)), "{bad}");
        }
        assert!(!hosts.admits(None), "no Host header");
    }

    #[test]
    fn extra_names_are_for_a_reverse_proxy() {
        let hosts = AllowedHosts::for_listener(
            "127.0.0.1:8787".parse().expect("addr"),
            &["airlock.internal, gw.example:443".to_owned()],
        )
        .expect("ok");
        assert!(hosts.admits(Some("airlock.internal")));
        assert!(hosts.admits(Some("airlock.internal:9000")));
        assert!(hosts.admits(Some("gw.example:443")));
        assert!(!hosts.admits(Some("gw.example")));
        assert!(
            AllowedHosts::for_listener("127.0.0.1:1".parse().expect("addr"), &["a/b".to_owned()])
                .is_err()
        );
    }

    #[test]
    fn a_unix_socket_admits_any_host() {
        assert!(AllowedHosts::any().admits(Some("whatever")));
        assert!(AllowedHosts::any().admits(None));
    }
}
