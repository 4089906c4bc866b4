//! Audit entries: the danger-levels 7.4 fields plus decision id, trace id, policy generation,
//! agent and execution, appended to the store's log and exported as JSON lines.
//!
//! Params are redacted by key before an entry is built: any key that names a secret (token,
//! password, key, authorization...) has its value replaced, at any depth, so the log can be
//! read by people who must not see credentials. Confirmation tokens appear only as a short
//! prefix, and verification codes never reach this module at all.

use airlock_store::{Durability, Store, StoreError};
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What replaces a redacted value.
pub const REDACTED: &str = "[redacted]";

/// Substrings of a param name that mark its value as secret (compared case-insensitively).
pub const SECRET_KEY_MARKERS: &[&str] = &[
    "secret",
    "token",
    "password",
    "passwd",
    "passphrase",
    "key",
    "authorization",
    "auth",
    "cookie",
    "credential",
    "private",
    "session",
    "signature",
    "_confirmation",
];

/// How a decision ended, in the words of danger-levels 7.4 plus the loop's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AuditOutcome {
    /// Allowed to run.
    Allowed,
    /// Ran after a person confirmed it.
    Confirmed,
    /// Refused.
    Denied,
    /// Waiting for a person or a verification code.
    Paused,
    /// The agent was hard-blocked.
    Stopped,
    /// A block was lifted (by verification or an operator).
    Unblocked,
    /// A verification attempt failed.
    VerificationFailed,
    /// An operator changed an adapter's trust level.
    TrustChanged,
    /// The operator credential was set up or changed (passphrase, tokens).
    CredentialChanged,
}

/// One audit entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AuditEntry {
    /// When.
    pub timestamp: Timestamp,
    /// The decision's id.
    pub decision_id: String,
    /// The trace it belongs to (links approvals and retries to the original request).
    pub trace_id: String,
    /// The policy generation that decided.
    pub policy_generation: u64,
    /// The agent.
    pub agent: String,
    /// The execution, if in the safety loop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub execution_id: Option<String>,
    /// The adapter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adapter_name: Option<String>,
    /// The operation, or the hint in the safety loop.
    pub operation: String,
    /// Danger level, numeric (7.4).
    pub danger_level: u8,
    /// The adapter's trust level (7.4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adapter_trust: Option<String>,
    /// How it ended.
    pub outcome: AuditOutcome,
    /// The first characters of the confirmation token used, never the whole token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmation_token: Option<String>,
    /// Who confirmed or lifted, when a person did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    /// The params, redacted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Value>,
    /// Why, for people.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasons: Vec<String>,
}

/// Whether a param name marks a secret.
pub fn is_secret_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    SECRET_KEY_MARKERS.iter().any(|m| key.contains(m))
}

/// A copy of `params` with the values of secret keys replaced, at any depth.
pub fn redact(params: &Value) -> Value {
    match params {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let v = if is_secret_key(k) {
                        Value::String(REDACTED.to_owned())
                    } else {
                        redact(v)
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(redact).collect()),
        other => other.clone(),
    }
}

/// The part of a confirmation token an audit entry may show.
pub fn token_hint(token: &str) -> String {
    let shown: String = token
        .chars()
        .take(crate::token::TOKEN_PREFIX.len() + 4)
        .collect();
    format!("{shown}...")
}

/// Appends an entry. Entries of danger 2 or more, and every stop, denial, unblock, failed
/// verification and trust change, are durable before this returns (danger-levels 7.4, core spec 8.8.5); others
/// may be lazy.
pub fn append(store: &dyn Store, entry: &AuditEntry) -> Result<u64, StoreError> {
    let durable = entry.danger_level >= 2
        || matches!(
            entry.outcome,
            AuditOutcome::Stopped
                | AuditOutcome::Unblocked
                | AuditOutcome::VerificationFailed
                | AuditOutcome::Denied
                | AuditOutcome::TrustChanged
                | AuditOutcome::CredentialChanged
        );
    let bytes = serde_json::to_vec(entry).map_err(|e| StoreError::Io {
        operation: "encode audit entry".to_owned(),
        message: e.to_string(),
    })?;
    store.append_audit(
        &bytes,
        if durable {
            Durability::Durable
        } else {
            Durability::Lazy
        },
    )
}

/// Writes the log from `from` as JSON lines (`{"sequence": N, ...entry}`), in pages.
pub fn export_json_lines(
    store: &dyn Store,
    from: u64,
    out: &mut dyn std::io::Write,
) -> Result<u64, StoreError> {
    let mut next = from.max(1);
    let mut written = 0;
    loop {
        let page = store.audit(next, 1_000)?;
        let Some(last) = page.last().map(|r| r.sequence) else {
            return Ok(written);
        };
        for record in page {
            let mut value: Value = serde_json::from_slice(&record.entry)
                .unwrap_or_else(|_| Value::String("[unreadable entry]".to_owned()));
            if let Value::Object(map) = &mut value {
                map.insert("sequence".to_owned(), Value::from(record.sequence));
            }
            writeln!(out, "{value}").map_err(|e| StoreError::Io {
                operation: "export audit".to_owned(),
                message: e.to_string(),
            })?;
            written += 1;
        }
        next = last + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use airlock_store::RedbStore;
    use serde_json::json;

    fn entry(outcome: AuditOutcome, danger: u8, params: Value) -> AuditEntry {
        AuditEntry {
            timestamp: "2026-11-25T12:00:00Z".parse().expect("time"),
            decision_id: "d-1".into(),
            trace_id: "t-1".into(),
            policy_generation: 3,
            agent: "agent-1".into(),
            execution_id: Some("exec-1".into()),
            adapter_name: Some("github".into()),
            operation: "delete_repo".into(),
            danger_level: danger,
            adapter_trust: Some("validated".into()),
            outcome,
            confirmation_token: None,
            user_id: None,
            parameters: Some(redact(&params)),
            reasons: vec!["declared destructive".into()],
        }
    }

    #[test]
    fn secrets_are_redacted_by_key_at_any_depth() {
        let params = json!({
            "repo": "widgets",
            "api_key": "sk-live-123",
            "headers": {"Authorization": "Bearer abc", "accept": "json"},
            "items": [{"password": "hunter2", "name": "x"}],
            "_confirmation": "conf_abcdefghijklmnop",
            "sessionToken": "s3cr3t"
        });
        let r = redact(&params);
        let text = r.to_string();
        for secret in [
            "sk-live-123",
            "Bearer abc",
            "hunter2",
            "conf_abcdefghijklmnop",
            "s3cr3t",
        ] {
            assert!(!text.contains(secret), "{secret} leaked: {text}");
        }
        assert_eq!(r["repo"], "widgets");
        assert_eq!(r["headers"]["accept"], "json");
        assert_eq!(r["items"][0]["name"], "x");
        assert_eq!(r["api_key"], REDACTED);
        assert_eq!(token_hint("conf_abcdefghijklmnop"), "conf_abcd...");
    }

    #[test]
    fn entries_append_in_order_and_export_as_json_lines() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = RedbStore::open(&dir.path().join("state.redb")).expect("open");
        let a = append(&store, &entry(AuditOutcome::Allowed, 0, json!({}))).expect("append");
        let b = append(
            &store,
            &entry(AuditOutcome::Stopped, 4, json!({"token": "t"})),
        )
        .expect("append");
        assert_eq!((a, b), (1, 2));
        let mut out = Vec::new();
        assert_eq!(export_json_lines(&store, 1, &mut out).expect("export"), 2);
        let text = String::from_utf8(out).expect("utf-8");
        let lines: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1]["sequence"], 2);
        assert_eq!(lines[1]["outcome"], "stopped");
        assert_eq!(lines[1]["danger_level"], 4);
        assert_eq!(lines[1]["parameters"]["token"], REDACTED);
        assert_eq!(lines[0]["policy_generation"], 3);
    }

    #[test]
    fn dangerous_entries_survive_a_reopen() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("state.redb");
        {
            let store = RedbStore::open(&path).expect("open");
            append(&store, &entry(AuditOutcome::Denied, 3, json!({}))).expect("append");
        }
        let store = RedbStore::open(&path).expect("reopen");
        assert_eq!(store.audit(1, 10).expect("audit").len(), 1);
    }
}
