//! Where a hook call is decided: by the airlock process that owns the state directory (through
//! its `agent.sock`), or, when none runs, by this process on the state file itself, like the
//! operator commands. Either way the blocks, approvals and audit log are the ones every other
//! airlock on the machine uses.
//!
//! Hosts run hooks for parallel tool calls at the same time, and only one process can hold the
//! state file: a hook that finds it held by another hook (no socket answers) waits its turn.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use airlock_engine::{Engine, EngineOptions, HookAnswer, HookCall, HookOutcome, SystemClock};
use airlock_store::{RedbStore, Store, StoreError};
use serde_json::{Value, json};

use super::HookOptions;
use super::grading::Protected;
use crate::{guests, ipc, service, state_dir};

/// How long a hook waits for the state file held by other short-lived processes.
const WAIT_FOR_STATE: Duration = Duration::from_secs(10);

/// The directories a tool call is graded against.
pub fn protected(options: &HookOptions) -> Protected {
    let absolute = |p: PathBuf| {
        if p.is_absolute() {
            p
        } else {
            std::env::current_dir().map(|d| d.join(&p)).unwrap_or(p)
        }
    };
    Protected {
        home: std::env::var_os("HOME").map(PathBuf::from),
        state_dir: state_dir::resolve(options.state_dir.as_deref())
            .ok()
            .map(absolute),
        policy_dir: options.policy.clone().map(absolute),
        cache_dir: guests::cache_dir().map(absolute),
    }
}

/// Answers a forwarded hook request on the owner's `agent.sock`, if it is one.
pub fn serve(engine: &Engine, request: &Value) -> Option<Value> {
    if let Some(call) = request.get("hook") {
        return Some(match serde_json::from_value::<HookCall>(call.clone()) {
            Ok(call) => match engine.hook_decide(&call) {
                Ok(answer) => json!({"hook_answer": answer}),
                Err(e) => json!({"error": e.to_json()}),
            },
            Err(e) => {
                json!({"error": {"code": "VALIDATION_INVALID_TYPE", "message": e.to_string()}})
            }
        });
    }
    if let Some(report) = request.get("hook_outcome") {
        return Some(
            match serde_json::from_value::<HookOutcome>(report.clone()) {
                Ok(report) => match engine.hook_outcome(&report) {
                    Ok(()) => json!({"ok": true}),
                    Err(e) => json!({"error": e.to_json()}),
                },
                Err(e) => {
                    json!({"error": {"code": "VALIDATION_INVALID_TYPE", "message": e.to_string()}})
                }
            },
        );
    }
    None
}

/// Decides a tool call.
pub fn decide(options: &HookOptions, call: &HookCall) -> Result<HookAnswer, String> {
    let answer = route(options, &json!({"hook": call}))?;
    match answer.get("hook_answer") {
        Some(a) => serde_json::from_value(a.clone())
            .map_err(|e| format!("unreadable answer from airlock: {e}")),
        None => Err(error_text(&answer)),
    }
}

/// Records a post-tool-use report.
pub fn record_outcome(options: &HookOptions, report: &HookOutcome) -> Result<(), String> {
    let answer = route(options, &json!({"hook_outcome": report}))?;
    match answer.get("ok") {
        Some(_) => Ok(()),
        None => Err(error_text(&answer)),
    }
}

fn error_text(answer: &Value) -> String {
    match answer.get("error") {
        Some(e) => format!(
            "{}: {}",
            e["code"].as_str().unwrap_or("ERROR"),
            e["message"].as_str().unwrap_or("refused")
        ),
        None => format!("unexpected answer from airlock: {answer}"),
    }
}

/// Sends the request to the owner of the state, or runs it here on the state file.
fn route(options: &HookOptions, request: &Value) -> Result<Value, String> {
    let dir = state_dir::resolve(options.state_dir.as_deref())?;
    let socket = state_dir::agent_socket(&dir);
    let deadline = Instant::now() + WAIT_FOR_STATE;
    loop {
        if let Ok(mut client) = ipc::Client::connect(&socket) {
            match client.request(request) {
                Ok(answer) => return Ok(answer),
                // The owner went away mid-request: take the file over, or find the next owner.
                Err(e) if Instant::now() < deadline => {
                    tracing::warn!(error = %e, "the owning airlock process did not answer");
                }
                Err(e) => {
                    return Err(format!(
                        "the airlock process on '{}' did not answer: {e}",
                        dir.display()
                    ));
                }
            }
        }
        match RedbStore::open(&state_dir::store_path(&dir)) {
            Ok(store) => return locally(options, &dir, store, request),
            Err(StoreError::InUse { .. }) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(StoreError::InUse { .. }) => {
                return Err(format!(
                    "the state file in '{}' stayed held by another process that does not answer \
                     on agent.sock",
                    dir.display()
                ));
            }
            Err(e) => return Err(format!("cannot open airlock's state: {e}")),
        }
    }
}

fn locally(
    options: &HookOptions,
    dir: &Path,
    store: RedbStore,
    request: &Value,
) -> Result<Value, String> {
    let live = guests::host_for_one_decision()
        .and_then(|host| service::load_policy_on(host, options.policy.as_deref()))
        .map_err(|e| format!("the policy does not load: {e}"))?;
    let store = Arc::new(store);
    let engine = Engine::open(
        live,
        Arc::clone(&store) as Arc<dyn Store>,
        Arc::new(SystemClock),
        EngineOptions {
            state_dir: dir.to_path_buf(),
            policy_dir: options.policy.clone().unwrap_or_else(|| dir.to_path_buf()),
            mode_override: None,
        },
    )
    .map_err(|e| e.to_string())?;
    let answer = serve(&engine, request).unwrap_or_else(
        || json!({"error": {"code": "INTERNAL_ERROR", "message": "not a hook request"}}),
    );
    drop(engine);
    // The audit entry and any block are on disk before the host hears the answer.
    store
        .flush()
        .map_err(|e| format!("airlock's state cannot be written: {e}"))?;
    Ok(answer)
}
