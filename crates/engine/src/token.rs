//! Confirmation tokens (security-confirmation-tokens.md): `conf_` + 256 random bits, bound to
//! one operation, a hash of its critical parameters and one adapter, single use, short-lived.
//!
//! The store keeps a [`TokenRecord`] keyed by the SHA-256 of the token, never the token: a copy
//! of the store cannot be replayed. Validation follows the specification's order (exists, scope,
//! expiry, consumption) and each failure has its `TOKEN_*` code.

use std::fmt;

use airlock_core::DangerLevel;
use data_encoding::{BASE64URL_NOPAD, HEXLOWER};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::challenge::ChallengeIssuer;

/// The prefix of a confirmation token.
pub const TOKEN_PREFIX: &str = "conf_";
/// The params key a client retries with (`params._confirmation`).
pub const CONFIRMATION_PARAM: &str = "_confirmation";

/// A confirmation token, as handed to the client that must retry with it. `Debug` shows only
/// its first characters.
#[derive(Clone, PartialEq, Eq)]
pub struct ConfirmationToken(String);

impl ConfirmationToken {
    /// The whole token, for the `CONFIRMATION_REQUIRED` response that carries it.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The store key of a token: its SHA-256, hex.
    pub fn digest_of(token: &str) -> String {
        HEXLOWER.encode(&Sha256::digest(token.as_bytes()))
    }
}

impl fmt::Debug for ConfirmationToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ConfirmationToken({})", shown_part(&self.0))
    }
}

/// The part of a token that may be shown in logs and audit entries: the prefix and four
/// characters, then `...`. Too little to use, enough to tell tokens apart.
pub(crate) fn shown_part(token: &str) -> String {
    let shown: String = token.chars().take(TOKEN_PREFIX.len() + 4).collect();
    format!("{shown}...")
}

/// What the store keeps of an issued token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenRecord {
    /// SHA-256 of the token (the store key).
    pub digest: String,
    /// The operation it gates.
    pub operation: String,
    /// SHA-256 of the operation's canonical critical params.
    pub params_hash: String,
    /// The adapter it was issued for.
    pub adapter: String,
    /// The danger level of the operation.
    pub danger_level: DangerLevel,
    /// When it was issued.
    pub issued_at: Timestamp,
    /// When it stops being accepted.
    pub expires_at: Timestamp,
    /// Whether it has been redeemed.
    pub consumed: bool,
    /// The approval a person must grant before the token is accepted (tokens the gateway
    /// hands out with `CONFIRMATION_REQUIRED` are inert until then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub approval_id: Option<String>,
}

/// Why a token was refused, with the specification's codes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// Not a token of ours, or not found.
    #[error(
        "confirmation token not found or malformed: request the operation again to get a new one"
    )]
    Invalid,
    /// Expired.
    #[error("confirmation token has expired (at {expired_at}): request the operation again")]
    Expired {
        /// When it expired.
        expired_at: Timestamp,
    },
    /// Already redeemed.
    #[error("confirmation token has already been used: each token confirms one call")]
    AlreadyUsed,
    /// Issued for another operation, other params, or another adapter.
    #[error("confirmation token was issued for a different {what}: request this operation again")]
    ScopeMismatch {
        /// `operation`, `parameters` or `adapter`.
        what: &'static str,
    },
}

impl TokenError {
    /// The specification's error code.
    pub const fn code(&self) -> &'static str {
        match self {
            TokenError::Invalid => "TOKEN_INVALID",
            TokenError::Expired { .. } => "TOKEN_EXPIRED",
            TokenError::AlreadyUsed => "TOKEN_ALREADY_USED",
            TokenError::ScopeMismatch { .. } => "TOKEN_SCOPE_MISMATCH",
        }
    }
}

/// A token's lifetime for a danger level: the default, or `requested` clamped to the maximum
/// (destructive and dangerous: 5 minutes, at most 15; forbidden: 2 minutes, at most 5).
pub fn lifetime(danger: DangerLevel, requested: Option<SignedDuration>) -> SignedDuration {
    let (default, max) = match danger {
        DangerLevel::Forbidden => (SignedDuration::from_mins(2), SignedDuration::from_mins(5)),
        _ => (SignedDuration::from_mins(5), SignedDuration::from_mins(15)),
    };
    requested
        .filter(|d| d.is_positive())
        .map_or(default, |d| d.min(max))
}

/// SHA-256 over the operation and its critical params in canonical form: every param except
/// the `_`-prefixed ones (`_confirmation`, request metadata), keys sorted, compact JSON.
pub fn params_hash(operation: &str, params: &Value) -> String {
    let critical: serde_json::Map<String, Value> = match params {
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| !k.starts_with('_'))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect(),
        _ => serde_json::Map::new(),
    };
    let mut text = String::new();
    canonical_json(&Value::Object(critical), &mut text);
    let mut h = Sha256::new();
    h.update(b"airlock-token-params-v1\0");
    h.update(operation.as_bytes());
    h.update(b"\0");
    h.update(text.as_bytes());
    HEXLOWER.encode(&h.finalize())
}

/// `value` as JSON text with every object's keys sorted, at every depth. The order of a
/// `serde_json::Map` depends on a cargo feature (`preserve_order`) that any crate in a build
/// may turn on (cedar-policy does, in the benches): the hash must not.
fn canonical_json(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                canonical_json(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical_json(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

impl ChallengeIssuer {
    /// Issues a confirmation token for one call of `operation` with `params` on `adapter`.
    pub fn issue_token(
        &self,
        operation: &str,
        params: &Value,
        adapter: &str,
        danger: DangerLevel,
        now: Timestamp,
        requested_lifetime: Option<SignedDuration>,
    ) -> (ConfirmationToken, TokenRecord) {
        let mut raw = [0u8; 32];
        self.fill_random(&mut raw);
        let token = format!("{TOKEN_PREFIX}{}", BASE64URL_NOPAD.encode(&raw));
        let ttl = lifetime(danger, requested_lifetime);
        let record = TokenRecord {
            digest: ConfirmationToken::digest_of(&token),
            operation: operation.to_owned(),
            params_hash: params_hash(operation, params),
            adapter: adapter.to_owned(),
            danger_level: danger,
            issued_at: now,
            expires_at: now.saturating_add(ttl).unwrap_or(now),
            consumed: false,
            approval_id: None,
        };
        (ConfirmationToken(token), record)
    }
}

impl TokenRecord {
    /// Checks a retry against this record, in the specification's order: scope (operation,
    /// parameters, adapter), then expiry, then consumption. Redeeming is [`TokenRecord::redeem`].
    pub fn validate(
        &self,
        operation: &str,
        params: &Value,
        adapter: &str,
        now: Timestamp,
    ) -> Result<(), TokenError> {
        if self.operation != operation {
            return Err(TokenError::ScopeMismatch { what: "operation" });
        }
        if self.params_hash != params_hash(operation, params) {
            return Err(TokenError::ScopeMismatch { what: "parameters" });
        }
        if self.adapter != adapter {
            return Err(TokenError::ScopeMismatch { what: "adapter" });
        }
        if now >= self.expires_at {
            return Err(TokenError::Expired {
                expired_at: self.expires_at,
            });
        }
        if self.consumed {
            return Err(TokenError::AlreadyUsed);
        }
        Ok(())
    }

    /// Validates and consumes: the token confirms this one call and no other.
    pub fn redeem(
        &mut self,
        operation: &str,
        params: &Value,
        adapter: &str,
        now: Timestamp,
    ) -> Result<(), TokenError> {
        self.validate(operation, params, adapter, now)?;
        self.consumed = true;
        Ok(())
    }
}

/// Whether a string has the shape of one of our tokens (before looking it up).
pub fn looks_like_token(s: &str) -> bool {
    s.len() <= 80
        && s.strip_prefix(TOKEN_PREFIX).is_some_and(|id| {
            !id.is_empty()
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> Timestamp {
        "2026-01-28T12:00:00Z".parse().expect("time")
    }

    fn issue(danger: DangerLevel) -> (ConfirmationToken, TokenRecord) {
        ChallengeIssuer::from_os().expect("os random").issue_token(
            "delete_repo",
            &json!({"owner": "acme", "repo": "widgets"}),
            "github",
            danger,
            now(),
            None,
        )
    }

    #[test]
    fn tokens_have_the_spec_shape_and_256_bits() {
        let (token, record) = issue(DangerLevel::Destructive);
        let t = token.as_str();
        assert!(looks_like_token(t), "{t}");
        assert_eq!(t.len(), TOKEN_PREFIX.len() + 43);
        assert!((8..=80).contains(&t.len()));
        assert_eq!(record.digest, ConfirmationToken::digest_of(t));
        assert!(
            !serde_json::to_string(&record)
                .expect("serialize")
                .contains(t)
        );
        assert!(!format!("{token:?}").contains(&t[TOKEN_PREFIX.len() + 4..]));
    }

    #[test]
    fn lifetimes_follow_the_danger_level() {
        let mins = |d: DangerLevel, r: Option<i64>| {
            lifetime(d, r.map(SignedDuration::from_mins)).as_secs() / 60
        };
        assert_eq!(mins(DangerLevel::Destructive, None), 5);
        assert_eq!(mins(DangerLevel::Dangerous, Some(30)), 15);
        assert_eq!(mins(DangerLevel::Forbidden, None), 2);
        assert_eq!(mins(DangerLevel::Forbidden, Some(10)), 5);
        assert_eq!(mins(DangerLevel::Forbidden, Some(-1)), 2);
        let (_, record) = issue(DangerLevel::Forbidden);
        assert_eq!(record.expires_at, now() + SignedDuration::from_mins(2));
    }

    #[test]
    fn a_token_confirms_exactly_one_matching_call() {
        let (_, mut record) = issue(DangerLevel::Destructive);
        let params = json!({"repo": "widgets", "owner": "acme", "_confirmation": "conf_x"});
        assert_eq!(
            record.redeem("delete_repo", &params, "github", now()),
            Ok(())
        );
        assert_eq!(
            record.redeem("delete_repo", &params, "github", now()),
            Err(TokenError::AlreadyUsed)
        );
    }

    #[test]
    fn each_failure_has_its_spec_code() {
        let (_, record) = issue(DangerLevel::Destructive);
        let params = json!({"owner": "acme", "repo": "widgets"});
        let cases = [
            (
                record.validate("delete_user", &params, "github", now()),
                "TOKEN_SCOPE_MISMATCH",
            ),
            (
                record.validate(
                    "delete_repo",
                    &json!({"owner": "acme", "repo": "gadgets"}),
                    "github",
                    now(),
                ),
                "TOKEN_SCOPE_MISMATCH",
            ),
            (
                record.validate("delete_repo", &params, "gitlab", now()),
                "TOKEN_SCOPE_MISMATCH",
            ),
            (
                record.validate(
                    "delete_repo",
                    &params,
                    "github",
                    now() + SignedDuration::from_mins(5),
                ),
                "TOKEN_EXPIRED",
            ),
        ];
        for (result, code) in cases {
            assert_eq!(result.expect_err(code).code(), code);
        }
        assert_eq!(TokenError::Invalid.code(), "TOKEN_INVALID");
    }

    #[test]
    fn the_params_hash_ignores_key_order_and_metadata_but_not_values() {
        let a = params_hash("op", &json!({"a": 1, "b": [1, 2], "_request_id": "x"}));
        let b = params_hash("op", &json!({"b": [1, 2], "a": 1}));
        assert_eq!(a, b);
        assert_ne!(a, params_hash("op", &json!({"a": 1, "b": [2, 1]})));
        assert_ne!(a, params_hash("other", &json!({"a": 1, "b": [1, 2]})));
        // Nested objects too, whatever order serde_json keeps (the `preserve_order` feature).
        let nested = |v: Value| params_hash("op", &v);
        assert_eq!(
            nested(json!({"t": {"x": 1, "y": {"p": true, "q": null}}, "s": "é\"q"})),
            nested(json!({"s": "é\"q", "t": {"y": {"q": null, "p": true}, "x": 1}}))
        );
    }

    #[test]
    fn the_canonical_text_sorts_keys_at_every_depth_and_is_compact_json() {
        let mut text = String::new();
        canonical_json(
            &json!({"b": {"d": [1, {"f": 2, "e": "x\n"}], "c": 1.5}, "a": null}),
            &mut text,
        );
        assert_eq!(
            text,
            r#"{"a":null,"b":{"c":1.5,"d":[1,{"e":"x\n","f":2}]}}"#
        );
    }

    #[test]
    fn token_shapes() {
        assert!(!looks_like_token("conf_"));
        assert!(!looks_like_token("quota_continue_abc"));
        assert!(!looks_like_token("conf_abc def"));
        assert!(!looks_like_token(&format!("conf_{}", "a".repeat(80))));
        // URL-safe and unpadded: a token fits a URL, a header and `looks_like_token`.
        assert_eq!(BASE64URL_NOPAD.encode(&[0xfb, 0xff]), "-_8");
    }
}
