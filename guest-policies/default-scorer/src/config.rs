//! The scorer's config: `{"extraSignals": [{"pattern", "points", "code", "message"}]}`.

#![forbid(unsafe_code)]

use airlock_guest_common::glob::Glob;
use serde_json::{Map, Value};

/// The most extra signals a config may hold.
pub const MAX_EXTRA_SIGNALS: usize = 10_000;
/// The longest factor code accepted, in bytes.
pub const MAX_CODE_BYTES: usize = 64;
/// The longest factor message accepted, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 1024;

/// An organization's own signal: when `pattern` matches (a glob matched like the pattern stage's:
/// case-insensitive, word-aligned, over the hint, each param string and the operation name), the
/// action gets a `code` factor worth `points`.
#[derive(Debug, Clone)]
pub struct ExtraSignal {
    /// The pattern.
    pub glob: Glob,
    /// Its weight, 0 to 100.
    pub points: u32,
    /// The factor code.
    pub code: String,
    /// The factor message.
    pub message: String,
}

/// A parsed config.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Extra signals, in config order.
    pub extra_signals: Vec<ExtraSignal>,
}

fn err(msg: impl std::fmt::Display) -> String {
    format!("default-scorer: {msg}")
}

impl Config {
    /// Parses the config JSON, or says what is wrong with it.
    pub fn from_json(json: &str) -> Result<Self, String> {
        const EXAMPLE: &str = r#"{"extraSignals": [{"pattern": "*billing*", "points": 70, "code": "org.billing", "message": "touches billing"}]}"#;
        let value: Value = serde_json::from_str(json).map_err(|e| {
            err(format!(
                "the config is not valid JSON ({e}); expected {{}} or an object such as {EXAMPLE}"
            ))
        })?;
        let Value::Object(map) = value else {
            return Err(err(format!(
                "the config must be a JSON object ({{}} or {EXAMPLE}), not {}",
                kind(&value)
            )));
        };
        if let Some(key) = map.keys().find(|k| *k != "extraSignals") {
            return Err(err(format!(
                "unknown config key {key:?}; the only key is \"extraSignals\", as in {EXAMPLE}"
            )));
        }
        let items = match map.get("extraSignals") {
            None => return Ok(Self::default()),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return Err(err(format!(
                    "\"extraSignals\" must be an array of signal objects, not {}",
                    kind(other)
                )));
            }
        };
        if items.len() > MAX_EXTRA_SIGNALS {
            return Err(err(format!(
                "\"extraSignals\" has {} entries; at most {MAX_EXTRA_SIGNALS} are allowed",
                items.len()
            )));
        }
        let extra_signals = items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::Object(obj) => signal(obj, &format!("extraSignals[{i}]")),
                other => Err(err(format!(
                    "extraSignals[{i}] must be an object with \"pattern\", \"points\", \"code\" \
                     and \"message\", not {}",
                    kind(other)
                ))),
            })
            .collect::<Result<_, _>>()?;
        Ok(Self { extra_signals })
    }
}

fn signal(obj: &Map<String, Value>, at: &str) -> Result<ExtraSignal, String> {
    const KEYS: [&str; 4] = ["pattern", "points", "code", "message"];
    if let Some(key) = obj.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(err(format!(
            "{at}: unknown key {key:?}; the keys are \"pattern\", \"points\", \"code\" and \"message\""
        )));
    }
    let string = |key: &str| -> Result<&str, String> {
        match obj.get(key) {
            Some(Value::String(s)) => Ok(s),
            None => Err(err(format!("{at}: \"{key}\" is missing"))),
            Some(other) => Err(err(format!(
                "{at}.{key} must be a string, not {}",
                kind(other)
            ))),
        }
    };
    let pattern = string("pattern")?;
    let glob = Glob::new(pattern).map_err(|e| err(format!("{at}.pattern: {e}")))?;
    let points = match obj.get("points") {
        None => return Err(err(format!("{at}: \"points\" is missing"))),
        Some(v) => v
            .as_u64()
            .filter(|&p| p <= 100)
            .and_then(|p| u32::try_from(p).ok())
            .ok_or_else(|| {
                err(format!(
                    "{at}.points must be an integer from 0 to 100, not {v}"
                ))
            })?,
    };
    let code = string("code")?;
    let code_ok = !code.is_empty()
        && code.len() <= MAX_CODE_BYTES
        && code
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"._-".contains(&b));
    if !code_ok {
        return Err(err(format!(
            "{at}.code {code:?} must be 1 to {MAX_CODE_BYTES} bytes of lowercase letters, digits, \
             '.', '_' or '-', such as \"org.billing\""
        )));
    }
    let message = string("message")?;
    if message.trim().is_empty() || message.len() > MAX_MESSAGE_BYTES {
        return Err(err(format!(
            "{at}.message must be 1 to {MAX_MESSAGE_BYTES} bytes saying what was found"
        )));
    }
    Ok(ExtraSignal {
        glob,
        points,
        code: code.to_owned(),
        message: message.to_owned(),
    })
}

fn kind(v: &Value) -> String {
    match v {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {:?}", s.chars().take(40).collect::<String>()),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_configs() {
        assert!(
            Config::from_json("{}")
                .expect("{}")
                .extra_signals
                .is_empty()
        );
        assert!(Config::from_json(r#"{"extraSignals": []}"#).is_ok());
        let c = Config::from_json(
            r#"{"extraSignals": [{"pattern": "*billing*", "points": 70, "code": "org.billing", "message": "touches billing"}]}"#,
        )
        .expect("valid");
        assert_eq!(c.extra_signals[0].points, 70);
        assert_eq!(c.extra_signals[0].code, "org.billing");
    }

    #[test]
    fn errors_say_what_to_fix() {
        let e = |json: &str| Config::from_json(json).expect_err(json);
        assert!(e("nope").contains("not valid JSON"));
        assert!(e("[]").contains("must be a JSON object"));
        assert!(e(r#"{"extra": []}"#).contains("unknown config key \"extra\""));
        assert!(e(r#"{"extraSignals": {}}"#).contains("must be an array"));
        assert!(e(r#"{"extraSignals": [1]}"#).contains("extraSignals[0] must be an object"));
        let base = |extra: &str| {
            format!(
                r#"{{"extraSignals": [{{"pattern": "x", "points": 5, "code": "a.b", "message": "m"{extra}}}]}}"#
            )
        };
        assert!(Config::from_json(&base("")).is_ok());
        assert!(e(&base(r#", "weight": 3"#)).contains("unknown key \"weight\""));
        assert!(
            e(r#"{"extraSignals": [{"points": 5, "code": "a", "message": "m"}]}"#)
                .contains("\"pattern\" is missing")
        );
        assert!(
            e(r#"{"extraSignals": [{"pattern": "", "points": 5, "code": "a", "message": "m"}]}"#)
                .contains("empty")
        );
        assert!(e(r#"{"extraSignals": [{"pattern": "x", "points": 101, "code": "a", "message": "m"}]}"#)
            .contains("from 0 to 100"));
        assert!(e(r#"{"extraSignals": [{"pattern": "x", "points": 1, "code": "Bad Code", "message": "m"}]}"#)
            .contains("lowercase"));
        assert!(
            e(r#"{"extraSignals": [{"pattern": 3, "points": 1, "code": "a", "message": "m"}]}"#)
                .contains("pattern must be a string")
        );
    }
}
