//! One agent state shared by every airlock process on a state directory.
//!
//! Each MCP client starts its own `airlock serve`, but a block recorded by one must be enforced
//! by all and a danger_zone broadcast must reach agents in all of them. redb lets one process
//! hold the state file; that process is the **owner**: it runs the engine and serves
//! `agent.sock` and `operator.sock` ([`crate::ipc`]). Every other process is a **client**: it
//! forwards each operation to the owner. When the owner exits, the next client that cannot reach
//! it takes the file over and becomes the owner; in-flight operations are retried there.
//!
//! What a handover loses is what the specification says a restart may lose: verify pauses and
//! undelivered notifications. Blocks, approvals, rate limits, executions and the audit log are in
//! the file.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use airlock_core::{Endpoint, LoopMode};
use airlock_engine::{Engine, EngineOptions, SystemClock};
use airlock_mcp::AgentOps;
use airlock_store::{RedbStore, StoreError};
use airlock_wasm::{DEFAULT_DEBOUNCE, LivePolicy, PolicySource, PolicyWatcher};
use serde_json::{Value, json};
use tracing::{info, warn};

use crate::{guests, ipc, state_dir};

/// How long a process waits for an owner that holds the file but does not answer yet.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(10);

/// What the service is started with.
#[derive(Debug, Clone)]
pub struct ServiceConfig {
    /// The state directory (resolved).
    pub state_dir: PathBuf,
    /// The policy directory, or none for the embedded defaults.
    pub policy: Option<PathBuf>,
    /// `--safety-loop` / `MCPAQL_SAFETY_LOOP`.
    pub mode_override: Option<LoopMode>,
}

#[derive(Clone)]
enum Role {
    Owner(Arc<Engine>),
    Client(PathBuf),
}

/// The engine of this state directory, here or in the owning process.
pub struct Shared {
    config: ServiceConfig,
    live: Arc<LivePolicy>,
    role: Mutex<Role>,
    watcher: Mutex<Option<PolicyWatcher>>,
}

/// Loads the policy (its vectors must pass) with the embedded guests and the precompile cache.
pub fn load_policy(policy: Option<&std::path::Path>) -> Result<Arc<LivePolicy>, String> {
    load_policy_on(guests::host()?, policy)
}

/// [`load_policy`] on a given host (a small one for a process that decides once).
pub fn load_policy_on(
    host: airlock_wasm::WasmHost,
    policy: Option<&std::path::Path>,
) -> Result<Arc<LivePolicy>, String> {
    let host = Arc::new(host);
    let source = match policy {
        Some(dir) => PolicySource::Directory(dir.to_path_buf()),
        None => PolicySource::Embedded,
    };
    LivePolicy::load(host, source, guests::builtins()).map_err(|e| e.to_string())
}

impl Shared {
    /// Loads the policy and becomes the owner or a client of the state directory.
    pub fn start(config: ServiceConfig) -> Result<Arc<Self>, String> {
        let live = load_policy(config.policy.as_deref())?;
        let shared = Arc::new(Self {
            role: Mutex::new(Role::Client(state_dir::agent_socket(&config.state_dir))),
            config,
            live,
            watcher: Mutex::new(None),
        });
        let role = shared.acquire()?;
        *shared.role.lock().unwrap_or_else(PoisonError::into_inner) = role;
        Ok(shared)
    }

    /// Opens the state file (owner) or finds the process that has it (client).
    fn acquire(&self) -> Result<Role, String> {
        let dir = &self.config.state_dir;
        let deadline = Instant::now() + ACQUIRE_TIMEOUT;
        loop {
            match RedbStore::open(&state_dir::store_path(dir)) {
                Ok(store) => return self.become_owner(store),
                Err(StoreError::InUse { .. }) => {
                    let socket = state_dir::agent_socket(dir);
                    if std::os::unix::net::UnixStream::connect(&socket).is_ok() {
                        info!(socket = %socket.display(), "another airlock process owns the state: forwarding to it");
                        return Ok(Role::Client(socket));
                    }
                }
                // A state file this user may not open (airlock runs as its own OS user,
                // docs/deployment.md): forward to the service's agent socket if it answers,
                // never fall back to a state of our own (that would be a gate without blocks).
                Err(e) => {
                    let socket = state_dir::agent_socket(dir);
                    if std::os::unix::net::UnixStream::connect(&socket).is_ok() {
                        info!(socket = %socket.display(), "the state belongs to another user: forwarding to its agent socket");
                        return Ok(Role::Client(socket));
                    }
                    return Err(format!(
                        "{e}; and nothing answers on {}: is the airlock service running?",
                        socket.display()
                    ));
                }
            }
            if Instant::now() > deadline {
                return Err(format!(
                    "the state file in '{}' is held by another process that does not answer on \
                     agent.sock: stop it, or use another --state-dir",
                    dir.display()
                ));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn become_owner(&self, store: RedbStore) -> Result<Role, String> {
        let dir = &self.config.state_dir;
        // A process taking over may have loaded the policy long ago; the previous owner watched
        // the directory, this one did not. Start from what is on disk now.
        if self.config.policy.is_some()
            && let Err(e) = self.live.reload()
        {
            warn!(error = %e, "the policy on disk does not load: serving the one loaded at start");
        }
        let engine = Arc::new(
            Engine::open(
                Arc::clone(&self.live),
                Arc::new(store),
                Arc::new(SystemClock),
                EngineOptions {
                    state_dir: dir.clone(),
                    policy_dir: self.config.policy.clone().unwrap_or_else(|| dir.clone()),
                    mode_override: self.config.mode_override,
                },
            )
            .map_err(|e| e.to_string())?,
        );
        let groups = ipc::socket_groups();
        let agent_socket = state_dir::agent_socket(dir);
        let operator_socket = state_dir::operator_socket(dir);
        let agents = ipc::bind(&agent_socket, groups.agent)
            .map_err(|e| format!("cannot serve {}: {e}", agent_socket.display()))?;
        let operators = ipc::bind(&operator_socket, groups.operator)
            .map_err(|e| format!("cannot serve {}: {e}", operator_socket.display()))?;
        ipc::serve_agents(agents, Arc::clone(&engine));
        ipc::serve_operators(operators, Arc::clone(&engine));
        if self.config.policy.is_some() {
            match self.live.watch(DEFAULT_DEBOUNCE) {
                Ok(w) => {
                    *self.watcher.lock().unwrap_or_else(PoisonError::into_inner) = Some(w);
                }
                Err(e) => {
                    warn!(error = %e, "the policy directory is not watched: restart to reload")
                }
            }
        }
        info!(state = %dir.display(), mode = %engine.mode(), "airlock owns the state");
        Ok(Role::Owner(engine))
    }
}

impl Shared {
    /// At a clean shutdown (stdin closed, SIGTERM, SIGINT): when this process owns the state,
    /// its lazy writes and held-back counters reach the disk before the process exits.
    pub fn flush(&self) {
        let role = self
            .role
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        if let Role::Owner(engine) = role
            && let Err(e) = engine.flush()
        {
            warn!(error = %e, "the last writes could not be flushed at shutdown");
        }
    }

    /// Runs `local` on the engine if this process owns the state, else sends `request` to the
    /// owner; an owner that went away is taken over and the request retried.
    fn route(&self, request: &Value, local: impl Fn(&Engine) -> Value) -> Option<Value> {
        for _ in 0..3 {
            let role = self
                .role
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone();
            match role {
                Role::Owner(engine) => return Some(local(&engine)),
                Role::Client(socket) => {
                    match ipc::Client::connect(&socket).and_then(|mut c| c.request(request)) {
                        Ok(v) => return Some(v),
                        Err(e) => {
                            warn!(error = %e, "the owning airlock process went away: taking over");
                            match self.acquire() {
                                Ok(role) => {
                                    *self.role.lock().unwrap_or_else(PoisonError::into_inner) =
                                        role;
                                }
                                Err(e) => warn!(error = %e, "takeover failed"),
                            }
                        }
                    }
                }
            }
        }
        None
    }
}

impl airlock_mcp::ToolGate for Shared {
    fn policy_safety_mode(&self) -> airlock_core::SafetyMode {
        self.live.current().config().safety_mode
    }

    fn is_notification(&self, operation: &str) -> bool {
        self.live.current().gate().is_notification(operation)
    }

    fn describe(&self, call: &airlock_engine::GateCall) -> Value {
        self.route(
            &json!({"describe": call}),
            |engine| json!({"answer": engine.describe_call(call)}),
        )
        .and_then(|v| v.get("answer").cloned())
        .unwrap_or(Value::Null)
    }

    fn decide_by_user(&self, approval_id: &str, session: &str, approve: bool) -> Result<(), Value> {
        let request = json!({
            "action": if approve { "approve" } else { "deny" },
            "id": approval_id,
            "channel": "elicitation",
            "user": session,
        });
        // In this process the gateway asked its own client's user: a human channel. Relayed
        // over operator.sock it is one more remote request, which needs the operator
        // credential once operator authentication is on (any local process could send it).
        let local = |engine: &Engine| {
            crate::operator_api::handle(
                engine,
                &request,
                &crate::operator_auth::Caller::this_process(crate::operator_auth::Via::Gateway),
            )
        };
        // Decisions go to the owner's operator socket, never to agent.sock.
        let answer = match self.owner() {
            Some(engine) => local(&engine),
            None => ipc::Client::connect(&state_dir::operator_socket(&self.config.state_dir))
                .and_then(|mut c| c.request(&request))
                .map_err(|e| json!({"code": "INTERNAL_ERROR", "message": format!("the state owner did not answer: {e}")}))?,
        };
        match answer.get("error") {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    fn gate(&self, call: &airlock_engine::GateCall) -> Result<airlock_engine::GateAnswer, Value> {
        let request = json!({"gate": call});
        let answer = self
            .route(&request, |engine| match engine.gate_call(call) {
                Ok(a) => json!({"answer": a}),
                Err(e) => json!({"error": e.to_json()}),
            })
            .unwrap_or_else(|| json!({"error": unreachable_owner()}));
        match answer.get("answer") {
            Some(a) => serde_json::from_value(a.clone())
                .map_err(|e| json!({"code": "INTERNAL_ERROR", "message": format!("unreadable gate answer: {e}")})),
            None => Err(answer.get("error").cloned().unwrap_or_else(unreachable_owner)),
        }
    }
}

/// A `/v1/decide` request decided by the owner, as the line its socket answers.
pub fn decide_answer(engine: &Engine, request: airlock_engine::decide::DecideRequest) -> Value {
    match engine.decide_recorded(request) {
        Ok(v) => json!({"answer": v}),
        Err(airlock_engine::DecideError::Invalid(m)) => json!({"invalid": m}),
        Err(airlock_engine::DecideError::Refused(e)) => json!({"error": e}),
    }
}

fn unreachable_owner() -> Value {
    json!({
        "code": "INTERNAL_ERROR",
        "message": "airlock's state owner cannot be reached and the state cannot be taken over; \
                    nothing was decided: retry, and tell the operator if it persists"
    })
}

impl AgentOps for Shared {
    fn call(&self, endpoint: Endpoint, operation: &str, params: &Value) -> Value {
        let request = json!({
            "endpoint": format!("{endpoint:?}").to_uppercase(),
            "operation": operation,
            "params": params,
        });
        if let Some(v) = self.route(&request, |engine| engine.call(endpoint, operation, params)) {
            return v;
        }
        json!({"success": false, "error": unreachable_owner()})
    }

    fn call_in_session(
        &self,
        session: &str,
        endpoint: Endpoint,
        operation: &str,
        params: &Value,
    ) -> Value {
        // The session goes to the owner with the operation: a stop holds for the session in
        // whichever process owns the state.
        let request = json!({
            "endpoint": format!("{endpoint:?}").to_uppercase(),
            "operation": operation,
            "params": params,
            "session": session,
        });
        let caller = airlock_engine::Caller::session(session);
        if let Some(v) = self.route(&request, |engine| {
            engine.call_as(&caller, endpoint, operation, params)
        }) {
            return v;
        }
        json!({"success": false, "error": unreachable_owner()})
    }
}

impl Shared {
    fn owner(&self) -> Option<Arc<Engine>> {
        match &*self.role.lock().unwrap_or_else(PoisonError::into_inner) {
            Role::Owner(e) => Some(Arc::clone(e)),
            Role::Client(_) => None,
        }
    }
}

impl airlock_http::Backend for Shared {
    fn call(&self, endpoint: Endpoint, operation: &str, params: &Value) -> Value {
        AgentOps::call(self, endpoint, operation, params)
    }

    fn policy(&self) -> Arc<LivePolicy> {
        Arc::clone(&self.live)
    }

    fn mode(&self) -> LoopMode {
        self.config
            .mode_override
            .unwrap_or(self.live.current().config().safety_loop.mode)
    }

    fn decide(
        &self,
        request: airlock_engine::decide::DecideRequest,
    ) -> Result<Value, airlock_engine::DecideError> {
        use airlock_engine::DecideError;
        let forwarded = json!({"decide": request});
        let answer = self
            .route(&forwarded, |engine| decide_answer(engine, request.clone()))
            .unwrap_or_else(|| json!({"error": unreachable_owner()}));
        if let Some(v) = answer.get("answer") {
            return Ok(v.clone());
        }
        if let Some(m) = answer.get("invalid").and_then(Value::as_str) {
            return Err(DecideError::Invalid(m.to_owned()));
        }
        Err(DecideError::Refused(
            answer
                .get("error")
                .cloned()
                .unwrap_or_else(unreachable_owner),
        ))
    }

    fn gauges(&self) -> airlock_http::Gauges {
        // Only the owner has the numbers; a forwarding process reports none rather than guess.
        let Some(engine) = self.owner() else {
            return airlock_http::Gauges::default();
        };
        airlock_http::Gauges {
            blocked_agents: engine.blocked_agents().ok().map(|b| b.len() as u64),
            pending_approvals: engine.pending_approvals().ok().map(|a| a.len() as u64),
        }
    }
}
