//! The owning process's sockets: one JSON object per line each way.
//!
//! Several MCP clients each start their own `airlock serve`; only one process can hold the redb
//! file, so that one (the owner) runs the engine and serves two unix sockets in the state
//! directory, each 0600 in a 0700 directory:
//!
//! - `agent.sock`: agent operations forwarded by the other `airlock serve` processes
//!   (`{"endpoint", "operation", "params", "session"?}` -> the operation-result envelope),
//!   tool calls forwarded by `airlock proxy` processes (`{"gate": ...}` -> `{"answer": ...}`),
//!   and `/v1/decide` requests of `airlock http` processes (`{"decide": ...}` -> `{"answer": ...}`,
//!   `{"invalid": ...}` or `{"error": ...}`);
//! - `operator.sock`: operator actions (`{"action", ...}` -> `{"ok": ...}` or `{"error": ...}`),
//!   which nothing on the agent's side can send through MCP.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use airlock_core::Endpoint;
use airlock_engine::Engine;
use serde_json::{Value, json};
use tracing::{debug, warn};

use crate::operator_api;
use crate::operator_auth::Caller;

/// The longest request line accepted ([`airlock_core::limits`]).
const MAX_LINE: u64 = airlock_core::limits::MAX_IPC_LINE_BYTES as u64;

/// Which group, besides airlock's own OS user, may connect to each socket. Set once at start by
/// `airlock http --agent-group/--operator-group` (docs/deployment.md); unset, every socket is
/// 0600. Process-wide because it is a property of the deployment, not of one call.
static SOCKET_GROUPS: OnceLock<SocketGroups> = OnceLock::new();

/// The groups that may connect to the agent-side and the operator sockets.
#[derive(Debug, Clone, Copy, Default)]
pub struct SocketGroups {
    /// `agent.sock` and `airlock http --unix`: decisions and the safety loop.
    pub agent: Option<u32>,
    /// `operator.sock`: approvals, verification, blocks, trust.
    pub operator: Option<u32>,
}

/// Sets the socket groups for this process (once; later calls are ignored).
pub fn set_socket_groups(groups: SocketGroups) {
    let _ = SOCKET_GROUPS.set(groups);
}

/// The socket groups of this process.
pub fn socket_groups() -> SocketGroups {
    SOCKET_GROUPS.get().copied().unwrap_or_default()
}

/// A group by name or number.
pub fn resolve_group(name: &str) -> Result<u32, String> {
    if let Ok(gid) = name.parse::<u32>() {
        return Ok(gid);
    }
    match nix::unistd::Group::from_name(name) {
        Ok(Some(group)) => Ok(group.gid.as_raw()),
        Ok(None) => Err(format!("there is no group '{name}'")),
        Err(e) => Err(format!("cannot look up the group '{name}': {e}")),
    }
}

/// Binds a socket with mode 0600 (0660 for `group`). A stale file from a process that died is
/// removed first: only the process holding the redb lock calls this, so no live owner can be
/// serving it.
pub fn bind(path: &Path, group: Option<u32>) -> std::io::Result<UnixListener> {
    let _ = std::fs::remove_file(path);
    bind_private(path, group)
}

/// Binds a unix socket at `path` that only this user (and members of `group`, when given) can
/// ever connect to. `bind` creates the socket with the umask's mode, so binding in place and
/// then narrowing it leaves a moment in which another local user could connect (and keep the
/// connection). The socket is bound in a fresh 0700 directory beside `path` instead, given its
/// mode and group there, and renamed into place: it is reachable by others at no point. Fails
/// if `path` exists.
pub fn bind_private(path: &Path, group: Option<u32>) -> std::io::Result<UnixListener> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    if path.exists() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!(
                "{} exists: remove it, or choose another path",
                path.display()
            ),
        ));
    }
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let nonce = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let staging = parent.join(format!(".airlock-bind-{}-{nonce}", std::process::id()));
    std::fs::DirBuilder::new().mode(0o700).create(&staging)?;
    let staged = staging.join("socket");
    let bound = (|| {
        let listener = UnixListener::bind(&staged)?;
        let mode = match group {
            Some(gid) => {
                nix::unistd::chown(&staged, None, Some(nix::unistd::Gid::from_raw(gid))).map_err(
                    |e| {
                        std::io::Error::other(format!(
                            "cannot give the socket to group {gid} (is this user a member?): {e}"
                        ))
                    },
                )?;
                0o660
            }
            None => 0o600,
        };
        std::fs::set_permissions(&staged, std::fs::Permissions::from_mode(mode))?;
        std::fs::rename(&staged, path)?;
        Ok(listener)
    })();
    let _ = std::fs::remove_file(&staged);
    let _ = std::fs::remove_dir(&staging);
    bound
}

/// Serves agent operations on `listener` until the process ends.
pub fn serve_agents(listener: UnixListener, engine: Arc<Engine>) {
    serve(listener, move |request, _peer| {
        // An adapter's trust (kept for processes of an earlier version).
        if let Some(adapter) = request.get("trust_of").and_then(Value::as_str) {
            return json!({"level": engine.adapter_trust(adapter, jiff::Timestamp::now()).level});
        }
        // An agent host's hook call (`airlock hook HOST` in another process).
        if let Some(answer) = crate::hook::decide::serve(&engine, &request) {
            return answer;
        }
        // A gateway's tool list: `{"describe": GateCall}` -> `{"answer": danger information}`.
        if let Some(call) = request.get("describe") {
            return match serde_json::from_value::<airlock_engine::GateCall>(call.clone()) {
                Ok(call) => json!({"answer": engine.describe_call(&call)}),
                Err(e) => {
                    json!({"error": {"code": "VALIDATION_INVALID_TYPE", "message": e.to_string()}})
                }
            };
        }
        // `/v1/decide` in another process: `{"decide": DecideRequest}`.
        if let Some(body) = request.get("decide") {
            return match serde_json::from_value(body.clone()) {
                Ok(r) => crate::service::decide_answer(&engine, r),
                Err(e) => json!({"invalid": e.to_string()}),
            };
        }
        // A gateway's tool call: `{"gate": GateCall}` -> `{"answer": GateAnswer}` / `{"error"}`.
        if let Some(call) = request.get("gate") {
            return match serde_json::from_value::<airlock_engine::GateCall>(call.clone()) {
                Ok(call) => match engine.gate_call(&call) {
                    Ok(answer) => json!({"answer": answer}),
                    Err(e) => json!({"error": e.to_json()}),
                },
                Err(e) => {
                    json!({"error": {"code": "VALIDATION_INVALID_TYPE", "message": e.to_string()}})
                }
            };
        }
        let endpoint = request
            .get("endpoint")
            .and_then(Value::as_str)
            .and_then(|e| Endpoint::parse_any_case(e).ok());
        let operation = request.get("operation").and_then(Value::as_str);
        match (endpoint, operation) {
            (Some(endpoint), Some(operation)) => {
                // The forwarding dongle's MCP connection, if it sent one.
                let caller = airlock_engine::Caller {
                    session: request
                        .get("session")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                };
                engine.call_as(
                    &caller,
                    endpoint,
                    operation,
                    request.get("params").unwrap_or(&Value::Null),
                )
            }
            _ => json!({"success": false, "error": {
                "code": "VALIDATION_MISSING_PARAM",
                "message": "a forwarded request needs endpoint and operation"
            }}),
        }
    });
}

/// Serves operator actions on `listener` until the process ends. Who asks is the peer's uid as
/// the kernel reports it, not what the request says.
pub fn serve_operators(listener: UnixListener, engine: Arc<Engine>) {
    serve(listener, move |request, peer| {
        operator_api::handle(&engine, &request, &Caller::peer(peer))
    });
}

type Handler = dyn Fn(Value, &UnixStream) -> Value + Send + Sync;

fn serve(
    listener: UnixListener,
    handle: impl Fn(Value, &UnixStream) -> Value + Send + Sync + 'static,
) {
    let handle = Arc::new(handle);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let handle = Arc::clone(&handle);
            std::thread::spawn(move || {
                if let Err(e) = connection(stream, handle.as_ref()) {
                    debug!(error = %e, "socket connection ended");
                }
            });
        }
    });
}

fn connection(stream: UnixStream, handle: &Handler) -> std::io::Result<()> {
    let peer = stream.try_clone()?;
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    loop {
        let mut line = String::new();
        let n = (&mut reader).take(MAX_LINE).read_line(&mut line)?;
        if n == 0 {
            return Ok(());
        }
        let answer = match serde_json::from_str::<Value>(&line) {
            Ok(request) => handle(request, &peer),
            Err(e) => json!({"error": format!("bad request: {e}")}),
        };
        writeln!(writer, "{answer}")?;
        writer.flush()?;
    }
}

/// A connection to an owner's socket.
pub struct Client {
    reader: BufReader<UnixStream>,
    writer: UnixStream,
}

impl Client {
    /// Connects.
    pub fn connect(path: &Path) -> std::io::Result<Self> {
        let stream = UnixStream::connect(path)?;
        // A stuck owner must not hang an agent forever; WebAssembly deadlines are far shorter.
        stream.set_read_timeout(Some(Duration::from_secs(30)))?;
        Ok(Self {
            writer: stream.try_clone()?,
            reader: BufReader::new(stream),
        })
    }

    /// Sends one request and reads its answer.
    pub fn request(&mut self, request: &Value) -> std::io::Result<Value> {
        writeln!(self.writer, "{request}")?;
        self.writer.flush()?;
        let mut line = String::new();
        let n = (&mut self.reader).take(MAX_LINE).read_line(&mut line)?;
        if n == 0 {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "the airlock owner closed the connection",
            ));
        }
        serde_json::from_str(&line).map_err(|e| {
            warn!(error = %e, "unreadable answer from the owner");
            std::io::Error::new(std::io::ErrorKind::InvalidData, e)
        })
    }
}
