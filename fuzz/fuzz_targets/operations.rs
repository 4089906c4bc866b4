//! The agent-side MCP-AQL dispatcher: any `{operation, params}` JSON, on any endpoint, answers
//! with an operation-result envelope and never panics. Runs on a real engine (the default guests
//! built by `just guests`, a redb file in a temporary directory).
#![no_main]
use std::path::Path;
use std::sync::{Arc, OnceLock};

use airlock_core::Endpoint;
use airlock_engine::{Engine, EngineOptions, SystemClock};
use libfuzzer_sys::fuzz_target;

fn engine() -> &'static Engine {
    static ENGINE: OnceLock<(Engine, tempfile::TempDir)> = OnceLock::new();
    &ENGINE
        .get_or_init(|| {
            let guests = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/guests");
            let leak = |name: &str| -> &'static [u8] {
                Box::leak(
                    std::fs::read(guests.join(name))
                        .expect("run `just guests` first")
                        .into_boxed_slice(),
                )
            };
            let builtins = airlock_wasm::Builtins {
                default_patterns: Some(leak("default-patterns.wasm")),
                default_scorer: Some(leak("default-scorer.wasm")),
                precompiled: &[],
            };
            let host = Arc::new(
                airlock_wasm::WasmHost::new(airlock_wasm::HostConfig::default()).expect("host"),
            );
            let live = airlock_wasm::LivePolicy::load(
                host,
                airlock_wasm::PolicySource::Embedded,
                builtins,
            )
            .expect("policy");
            let dir = tempfile::tempdir().expect("tempdir");
            let store = Arc::new(
                airlock_store::RedbStore::open(&dir.path().join("state.redb")).expect("store"),
            );
            let engine = Engine::open(
                live,
                store,
                Arc::new(SystemClock),
                EngineOptions {
                    state_dir: dir.path().to_path_buf(),
                    policy_dir: dir.path().to_path_buf(),
                    mode_override: None,
                },
            )
            .expect("engine");
            (engine, dir)
        })
        .0
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Ok(request) = serde_json::from_slice::<serde_json::Value>(rest) else {
        return;
    };
    let endpoint = [Endpoint::Read, Endpoint::Create, Endpoint::Execute][usize::from(selector) % 3];
    let operation = request
        .get("operation")
        .and_then(|o| o.as_str())
        .unwrap_or("introspect");
    let params = request
        .get("params")
        .cloned()
        .unwrap_or(serde_json::Value::Null);
    let answer = engine().call(endpoint, operation, &params);
    assert!(
        answer.get("success").and_then(|s| s.as_bool()).is_some(),
        "an envelope: {answer}"
    );
});
