//! `policy.json`: parsing and compiling any bytes never panics; an accepted policy compiles or
//! says why.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(config) = airlock_core::PolicyConfig::from_json(text) {
        let _ = config.compile();
        let _ = config.stage_plan();
    }
});
