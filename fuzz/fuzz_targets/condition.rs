//! Condition expressions: any text parses or fails with a positioned error; a parsed condition
//! evaluates against any params without panicking.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (source, params) = text.split_once('\n').unwrap_or((text, "{}"));
    if let Ok(condition) = airlock_core::Condition::parse(source) {
        let params = serde_json::from_str(params).unwrap_or(serde_json::Value::Null);
        let _ = condition.evaluate(&params);
    }
});
