//! The scorer's signals: the judge's findings over the action's texts, and what airlock already
//! knows about the operation (its danger level, name, endpoint, annotations).

#![forbid(unsafe_code)]

use std::borrow::Cow;

use airlock_guest_common::danger::{DangerClass, DangerPatterns};
use airlock_judge::{Finding, Severity};

use crate::model::{Endpoint, Input, Level, Signal};

/// The most text examined per action: hint, param strings and operation together. Longer inputs
/// are examined up to this point.
pub const MAX_TEXT_BYTES: usize = 256 * 1024;

/// The texts of one action.
pub struct Texts<'a> {
    /// The hint, each param string (and the param keys, together): each a separate document, in
    /// original case. The operation name is not among them: it is a name, judged by the danger
    /// name patterns ([`structured`]).
    pub docs: Vec<Cow<'a, str>>,
    /// What the params send where, when a secret in them goes to a public drop point
    /// (`{"url": "https://pastebin.com/api", "body": {"api_key": "..."}}`).
    pub params_exfiltration: Option<String>,
}

impl<'a> Texts<'a> {
    /// Gathers the texts of an action.
    pub fn new(input: &Input<'a>) -> Self {
        let mut docs = Vec::new();
        let mut params_exfiltration = None;
        let mut budget = MAX_TEXT_BYTES;
        let mut add = |text: Cow<'a, str>, docs: &mut Vec<Cow<'a, str>>| {
            let cut = airlock_guest_common::text::truncate(&text, budget).len();
            if !text[..cut].trim().is_empty() {
                budget -= cut;
                docs.push(match text {
                    Cow::Borrowed(t) => Cow::Borrowed(&t[..cut]),
                    Cow::Owned(mut t) => {
                        t.truncate(cut);
                        Cow::Owned(t)
                    }
                });
            }
        };
        add(Cow::Borrowed(input.hint), &mut docs);
        if let Some(params) = input.params_json {
            match serde_json::from_str::<serde_json::Value>(params) {
                Ok(value) => {
                    let mut strings = Vec::new();
                    let mut keys = Vec::new();
                    collect_strings(&value, &mut strings, &mut keys, 0);
                    params_exfiltration = exfiltration(&value, &strings);
                    for s in strings {
                        add(Cow::Owned(s.to_owned()), &mut docs);
                    }
                    add(Cow::Owned(keys.join(" ")), &mut docs);
                }
                Err(_) => add(Cow::Borrowed(params), &mut docs),
            }
        }
        Self {
            docs,
            params_exfiltration,
        }
    }
}

/// Keys whose values are credentials.
const SECRET_KEYS: &[&str] = &[
    "api_key",
    "apikey",
    "api-key",
    "token",
    "access_token",
    "refresh_token",
    "password",
    "passwd",
    "secret",
    "client_secret",
    "private_key",
    "credentials",
    "aws_secret_access_key",
    "authorization",
    "auth_token",
    "session_token",
    "ssh_key",
];

/// A secret in the params (a credential-named field, or a credential file's path) sent to a
/// public drop point named in the params.
fn exfiltration(value: &serde_json::Value, strings: &[&str]) -> Option<String> {
    let sink = strings
        .iter()
        .find(|s| s.contains("://") && airlock_judge::recognize::secrets::drop_point(s))?;
    let mut secret = None;
    find_secret(value, &mut secret, 0);
    if secret.is_none() {
        secret = strings
            .iter()
            .find(|s| airlock_judge::recognize::paths::secret(s).is_some())
            .map(|s| (*s).to_owned());
    }
    secret.map(|what| {
        format!(
            "the params send {what} to {}",
            airlock_judge::cut(sink, 120)
        )
    })
}

fn find_secret(v: &serde_json::Value, found: &mut Option<String>, depth: usize) {
    if depth > 64 || found.is_some() {
        return;
    }
    match v {
        serde_json::Value::Object(map) => {
            for (k, item) in map {
                let key = k.to_ascii_lowercase();
                if SECRET_KEYS.contains(&key.as_str())
                    && item.as_str().is_some_and(|s| !s.is_empty())
                {
                    *found = Some(format!("the field `{}`", airlock_judge::cut(k, 64)));
                    return;
                }
                find_secret(item, found, depth + 1);
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                find_secret(item, found, depth + 1);
            }
        }
        _ => {}
    }
}

fn collect_strings<'v>(
    v: &'v serde_json::Value,
    strings: &mut Vec<&'v str>,
    keys: &mut Vec<&'v str>,
    depth: usize,
) {
    if depth > 64 {
        return;
    }
    match v {
        serde_json::Value::String(s) => strings.push(s),
        serde_json::Value::Array(items) => {
            for item in items {
                collect_strings(item, strings, keys, depth + 1);
            }
        }
        serde_json::Value::Object(map) => {
            for (k, item) in map {
                keys.push(k);
                collect_strings(item, strings, keys, depth + 1);
            }
        }
        _ => {}
    }
}

/// The points and the danger level of a severity.
pub fn weigh(severity: Severity) -> (u32, Level) {
    let level = match severity {
        Severity::Note => Level::Reversible,
        Severity::Confirm => Level::Destructive,
        Severity::Verify => Level::Dangerous,
        Severity::Stop => Level::Forbidden,
    };
    (severity.points(), level)
}

/// A finding as a signal: its code, its message, its severity's points and level.
pub fn from_finding(f: Finding) -> Signal {
    let (weight, level) = weigh(f.severity);
    Signal::new(f.code, weight, Some(level), f.message)
}

/// The danger level airlock classified, the operation's name patterns and endpoint, and its
/// annotations. The hint is not matched against the name patterns here: a name in a sentence
/// is a mention unless it is called, which the judge's plain-language reader decides.
pub fn structured(
    input: &Input<'_>,
    texts: &Texts<'_>,
    names: &DangerPatterns,
    out: &mut Vec<Signal>,
) {
    if let Some(what) = &texts.params_exfiltration {
        out.push(Signal::new(
            "exfiltration.params-secret",
            Severity::Stop.points(),
            Some(Level::Forbidden),
            format!("{what}: a secret leaves for a public drop point"),
        ));
    }
    if let Some(level) = input.danger_level {
        let weight = match level {
            Level::Safe => 0,
            Level::Reversible => 20,
            Level::Destructive => 50,
            Level::Dangerous => 75,
            Level::Forbidden => 95,
        };
        if weight > 0 {
            out.push(Signal::new(
                format!("danger-level.{level}"),
                weight,
                Some(level),
                format!("airlock classified the operation as {level}"),
            ));
        }
    }
    let matches = input
        .operation
        .map(|op| names.match_name(op))
        .unwrap_or_default();
    if let Some(m) = matches.iter().max_by_key(|m| m.class) {
        let (code, weight, level) = match m.class {
            DangerClass::Forbidden => ("name.forbidden-pattern", 85, Level::Forbidden),
            DangerClass::Dangerous => ("name.dangerous-pattern", 65, Level::Dangerous),
        };
        out.push(Signal::new(
            code,
            weight,
            Some(level),
            format!(
                "`{}` matches the MCP-AQL {} pattern `{}`",
                airlock_judge::cut(&m.name, 120),
                m.class.as_str(),
                airlock_judge::cut(m.pattern, 120)
            ),
        ));
    }
    if input.endpoint == Some(Endpoint::Delete) {
        out.push(Signal::new(
            "endpoint.delete",
            25,
            Some(Level::Destructive),
            "the operation is on the delete endpoint",
        ));
    }
    if input.destructive_hint == Some(true) && input.read_only_hint != Some(true) {
        out.push(Signal::new(
            "annotation.destructive",
            20,
            Some(Level::Destructive),
            "the tool declares itself destructive (destructiveHint)",
        ));
    }
}
