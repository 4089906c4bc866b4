//! The body of `POST /v1/decide`: any bytes are refused or decided by the native gate, never a
//! panic.
#![no_main]
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

fn gate() -> &'static airlock_core::GatePolicy {
    static GATE: OnceLock<airlock_core::GatePolicy> = OnceLock::new();
    GATE.get_or_init(|| {
        airlock_core::PolicyConfig::default()
            .compile()
            .expect("default policy")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(mut request) = serde_json::from_slice::<airlock_engine::decide::DecideRequest>(data)
    else {
        return;
    };
    // The WebAssembly stages are another target's business.
    request.hint = None;
    if let Ok(report) =
        airlock_engine::decide::decide(gate(), None, &request, jiff::Timestamp::UNIX_EPOCH)
    {
        let _ = report.to_json();
    }
});
