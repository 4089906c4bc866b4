//! Operator authentication: what a person presents, beside running as the operator's OS user,
//! before an operator action (approve, deny, verify, unblock, reissue, a trust change) is taken.
//!
//! A coding agent usually runs as the operator's OS user, so "who can open the state file or
//! connect to `operator.sock`" does not tell a person from the agent. Once a person has run
//! `airlock operator init`, every operator action must carry one of:
//!
//! - the **operator passphrase**, kept only as an Argon2id hash in PHC form
//!   (`$argon2id$v=19$m=19456,t=2,p=1$...`: 19 MiB of memory, 2 passes, 1 lane, a 16-byte
//!   random salt, a 32-byte output: the argon2 crate's defaults, which are OWASP's);
//! - an **operator token** made by `airlock operator token create` (after the passphrase), kept
//!   only as its SHA-256: a token is 256 random bits, so a fast hash is enough and a guess is
//!   hopeless, while a passphrase a person can remember needs the slow one.
//!
//! Wrong credentials are rate-limited with the verification attempts' rules ([`AttemptLimit`]):
//! at most [`MAX_FAILURES`] failures per minute, then a lockout of a minute that doubles with
//! each further violation, up to an hour. The state is durable, so a restart does not reset it.
//! Every success, failure and lockout is audited (never the credential itself).
//!
//! Checks are serialized by one lock per process ([`AUTH_LOCK`]) so concurrent guesses are
//! counted one after the other, and the Argon2id hash runs outside the engine's lock, so a
//! person typing a passphrase never holds up agents' steps.
//!
//! What this does not do: stop a program running as the same OS user from copying the state
//! file and guessing offline (Argon2id makes each guess expensive), or from replacing the state
//! file while no airlock process runs. The real boundary is a separate OS user for airlock
//! (`docs/deployment.md`); SECURITY.md says what one user can still do.

use std::sync::{Mutex, PoisonError};

use airlock_store::{Durability, Table};
use argon2::password_hash::phc::PasswordHash;
use argon2::{Algorithm, Argon2, Params, PasswordHasher, PasswordVerifier, Version};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use tracing::{info, warn};

use crate::attempts::{AttemptLimit, AttemptState};
use crate::audit::AuditOutcome;
use crate::engine::Engine;
use crate::error::LoopError;
use crate::records::put_json;

/// The shortest passphrase `operator init` accepts, in characters.
pub const PASSPHRASE_MIN_CHARS: usize = 12;
/// Wrong credentials allowed per window before a lockout.
pub const MAX_FAILURES: u32 = 5;
/// The key of the credential record in [`Table::Operator`].
const CREDENTIAL_KEY: &str = "credential";
/// The key of the failed-attempt state in [`Table::Operator`].
const ATTEMPTS_KEY: &str = "attempts";
/// What every operator token starts with (so a scanner can recognize one).
pub const TOKEN_PREFIX: &str = "airlock_op_";

/// Serializes credential checks in this process: the attempt count is read, the hash checked
/// and the count written as one step, so parallel guesses cannot all see "no failures yet".
static AUTH_LOCK: Mutex<()> = Mutex::new(());

/// The limit on wrong credentials.
pub fn attempt_limit() -> AttemptLimit {
    AttemptLimit {
        max_failures: MAX_FAILURES,
        window: SignedDuration::from_secs(60),
        max_lockout: SignedDuration::from_hours(1),
    }
}

/// The Argon2id parameters new hashes are made with (stated in the module documentation).
fn hasher() -> Argon2<'static> {
    Argon2::new(
        Algorithm::Argon2id,
        Version::V0x13,
        Params::new(
            Params::DEFAULT_M_COST,
            Params::DEFAULT_T_COST,
            Params::DEFAULT_P_COST,
            Some(Params::DEFAULT_OUTPUT_LEN),
        )
        .unwrap_or_default(),
    )
}

/// The stored operator credential.
#[derive(Clone, Serialize, Deserialize)]
pub struct OperatorCredential {
    /// The passphrase's Argon2id hash, a PHC string.
    pub passphrase_hash: String,
    /// When the passphrase was set.
    pub set_at: Timestamp,
    /// Who set it (the OS user).
    pub set_by: String,
    /// Operator tokens, by digest.
    #[serde(default)]
    pub tokens: Vec<OperatorTokenRecord>,
}

impl std::fmt::Debug for OperatorCredential {
    /// Without the hash: it is not the passphrase, but it is what an offline guesser needs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OperatorCredential")
            .field("set_at", &self.set_at)
            .field("set_by", &self.set_by)
            .field("tokens", &self.tokens.len())
            .finish_non_exhaustive()
    }
}

/// One operator token, as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OperatorTokenRecord {
    /// The token's public id (its first characters after the prefix), for listing and revoking.
    pub id: String,
    /// SHA-256 of the whole token, hex.
    pub digest: String,
    /// What the operator called it.
    pub label: String,
    /// When it was made.
    pub created_at: Timestamp,
    /// Who made it.
    pub created_by: String,
}

/// What an operator presents with an action.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Presented<'a> {
    /// Nothing.
    Nothing,
    /// The operator passphrase.
    Passphrase(&'a str),
    /// An operator token.
    Token(&'a str),
}

impl std::fmt::Debug for Presented<'_> {
    /// Never the secret.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Presented::Nothing => "Nothing",
            Presented::Passphrase(_) => "Passphrase(<redacted>)",
            Presented::Token(_) => "Token(<redacted>)",
        })
    }
}

/// How an operator action was authenticated.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum OperatorAuth {
    /// `airlock operator init` was never run: any process of the OS user is the operator.
    NotInitialized,
    /// The operator passphrase.
    Passphrase,
    /// An operator token.
    Token {
        /// Its id.
        id: String,
    },
}

impl OperatorAuth {
    /// For the audit log: `operator passphrase`, `operator token ab12cd34`, or
    /// `no operator authentication`.
    pub fn describe(&self) -> String {
        match self {
            OperatorAuth::NotInitialized => "no operator authentication".to_owned(),
            OperatorAuth::Passphrase => "operator passphrase".to_owned(),
            OperatorAuth::Token { id } => format!("operator token {id}"),
        }
    }
}

/// What `airlock operator status` shows.
#[derive(Debug, Clone, Serialize)]
pub struct OperatorAuthStatus {
    /// Whether operator actions need a credential.
    pub initialized: bool,
    /// When the passphrase was set, and by whom.
    pub set_at: Option<Timestamp>,
    /// Who set it.
    pub set_by: Option<String>,
    /// The tokens (without digests).
    pub tokens: Vec<TokenView>,
    /// Wrong credentials are refused until then.
    pub locked_until: Option<Timestamp>,
    /// The hash's algorithm and parameters, e.g. `argon2id m=19456,t=2,p=1`.
    pub hash: Option<String>,
}

/// A token as listed.
#[derive(Debug, Clone, Serialize)]
pub struct TokenView {
    /// Its id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// When it was made.
    pub created_at: Timestamp,
    /// Who made it.
    pub created_by: String,
}

/// A new token: shown once to the person who made it, stored only as a digest.
pub struct NewToken {
    /// Its id.
    pub id: String,
    /// The token itself.
    pub token: String,
}

impl std::fmt::Debug for NewToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewToken")
            .field("id", &self.id)
            .field("token", &"<redacted>")
            .finish()
    }
}

fn error(code: &'static str, message: impl Into<String>) -> LoopError {
    LoopError {
        code,
        message: message.into(),
        details: serde_json::Value::Null,
    }
}

fn token_digest(token: &str) -> String {
    let digest = Sha256::digest(token.trim().as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Hashes a passphrase into a PHC string with the parameters above.
fn hash_passphrase(engine: &Engine, passphrase: &str) -> Result<String, LoopError> {
    let mut salt = [0u8; 16];
    engine.issuer.fill_random(&mut salt);
    hasher()
        .hash_password_with_salt(passphrase.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| error("INTERNAL_ERROR", format!("cannot hash the passphrase: {e}")))
}

/// Whether `passphrase` matches the stored PHC string. Only Argon2id hashes are accepted: a
/// record naming a weaker algorithm was not written by airlock.
fn passphrase_matches(stored: &str, passphrase: &str) -> Result<bool, LoopError> {
    let parsed = PasswordHash::new(stored).map_err(|_| {
        error(
            "STATE_STORE_FAILED",
            "the stored operator passphrase hash is unreadable: operator actions are refused \
             (fail closed); restore the state file or run airlock as a separate user",
        )
    })?;
    if parsed.algorithm != argon2::ARGON2ID_IDENT {
        return Err(error(
            "STATE_STORE_FAILED",
            "the stored operator passphrase hash is not Argon2id: operator actions are refused",
        ));
    }
    Ok(hasher()
        .verify_password(passphrase.as_bytes(), &parsed)
        .is_ok())
}

fn check_passphrase_rules(passphrase: &str) -> Result<(), LoopError> {
    if passphrase.chars().count() < PASSPHRASE_MIN_CHARS {
        return Err(error(
            "VALIDATION_INVALID_FORMAT",
            format!("the operator passphrase needs at least {PASSPHRASE_MIN_CHARS} characters"),
        ));
    }
    if passphrase.trim() != passphrase {
        return Err(error(
            "VALIDATION_INVALID_FORMAT",
            "the operator passphrase may not start or end with whitespace",
        ));
    }
    Ok(())
}

impl Engine {
    fn load_credential(&self) -> Result<Option<OperatorCredential>, LoopError> {
        match self.store.get(Table::Operator, CREDENTIAL_KEY) {
            Ok(None) => Ok(None),
            Ok(Some(bytes)) => serde_json::from_slice(&bytes).map(Some).map_err(|_| {
                error(
                    "STATE_STORE_FAILED",
                    "the operator credential record is unreadable: operator actions are refused \
                     (fail closed)",
                )
            }),
            Err(_) => Err(LoopError::store_failed("read the operator credential")),
        }
    }

    fn save_credential(&self, credential: &OperatorCredential) -> Result<(), LoopError> {
        put_json(
            self.store.as_ref(),
            Table::Operator,
            CREDENTIAL_KEY,
            credential,
            Durability::Durable,
        )
        .map_err(|_| LoopError::store_failed("record the operator credential"))
    }

    fn load_auth_attempts(&self) -> Result<AttemptState, LoopError> {
        match self.store.get(Table::Operator, ATTEMPTS_KEY) {
            Ok(None) => Ok(AttemptState::default()),
            Ok(Some(bytes)) => serde_json::from_slice(&bytes)
                // An unreadable count grants no extra attempts: treat it as a lockout.
                .map_err(|_| LoopError::store_failed("read the operator attempt count")),
            Err(_) => Err(LoopError::store_failed("read the operator attempt count")),
        }
    }

    fn save_auth_attempts(&self, attempts: &AttemptState) -> Result<(), LoopError> {
        put_json(
            self.store.as_ref(),
            Table::Operator,
            ATTEMPTS_KEY,
            attempts,
            Durability::Durable,
        )
        .map_err(|_| LoopError::store_failed("record the operator attempt count"))
    }

    fn audit_operator(&self, outcome: AuditOutcome, user: &str, reason: String) {
        let now = self.clock.now();
        let generation = self.policy.current().generation();
        let mut entry = self.audit_entry(
            now,
            generation,
            "operator",
            None,
            "operator_auth",
            4,
            outcome,
            vec![reason],
        );
        entry.user_id = Some(user.to_owned());
        let _ = self.audit(entry);
    }

    /// Whether `airlock operator init` was run. A store that cannot be read answers `Err`:
    /// callers then require a credential (fail closed).
    pub fn operator_auth_initialized(&self) -> Result<bool, LoopError> {
        Ok(self.load_credential()?.is_some())
    }

    /// Sets the operator passphrase for the first time. Refused when one is set: changing it
    /// needs the old one ([`Engine::change_operator_passphrase`]).
    pub fn init_operator_auth(&self, passphrase: &str, user: &str) -> Result<(), LoopError> {
        let _serial = AUTH_LOCK.lock().unwrap_or_else(PoisonError::into_inner);
        if self.load_credential()?.is_some() {
            return Err(error(
                "VALIDATION_ALREADY_INITIALIZED",
                "operator authentication is already set up: `airlock operator passphrase` \
                 changes the passphrase (it asks the current one)",
            ));
        }
        check_passphrase_rules(passphrase)?;
        let credential = OperatorCredential {
            passphrase_hash: hash_passphrase(self, passphrase)?,
            set_at: self.clock.now(),
            set_by: user.to_owned(),
            tokens: Vec::new(),
        };
        self.save_credential(&credential)?;
        self.audit_operator(
            AuditOutcome::CredentialChanged,
            user,
            format!("operator authentication set up by {user}: operator actions now need the operator passphrase"),
        );
        info!(user, "operator authentication initialized");
        Ok(())
    }

    /// Checks what an operator presents. `Ok(NotInitialized)` when no credential is set (the
    /// caller warns); otherwise the credential must match, within the rate limit.
    pub fn authenticate_operator(
        &self,
        presented: Presented<'_>,
        user: &str,
    ) -> Result<OperatorAuth, LoopError> {
        let _serial = AUTH_LOCK.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(credential) = self.load_credential()? else {
            return Ok(OperatorAuth::NotInitialized);
        };
        let now = self.clock.now();
        let limit = attempt_limit();
        let mut attempts = self.load_auth_attempts()?;
        if let Err(locked) = limit.check(&attempts, now) {
            self.audit_operator(
                AuditOutcome::VerificationFailed,
                user,
                format!(
                    "operator credential from {user} refused: locked out until {}",
                    locked.until
                ),
            );
            return Err(error(
                "OPERATOR_AUTH_LOCKED",
                format!(
                    "too many wrong operator credentials: refused until {} (the lockout doubles \
                     with each new run of failures, up to an hour)",
                    locked.until
                ),
            ));
        }
        let outcome = match presented {
            Presented::Nothing => {
                return Err(error(
                    "OPERATOR_AUTH_REQUIRED",
                    "operator authentication is on: this action needs the operator passphrase \
                     (asked at the terminal) or an operator token (--token-file)",
                ));
            }
            Presented::Passphrase(p) => passphrase_matches(&credential.passphrase_hash, p)?
                .then_some(OperatorAuth::Passphrase),
            Presented::Token(t) => {
                let digest = token_digest(t);
                credential
                    .tokens
                    .iter()
                    .find(|k| bool::from(k.digest.as_bytes().ct_eq(digest.as_bytes())))
                    .map(|k| OperatorAuth::Token { id: k.id.clone() })
            }
        };
        match outcome {
            Some(auth) => {
                if attempts != AttemptState::default() {
                    limit.record_success(&mut attempts);
                    self.save_auth_attempts(&attempts)?;
                }
                Ok(auth)
            }
            None => {
                limit.record_failure(&mut attempts, now);
                // Not saved means not counted: refuse rather than let the guess go uncounted.
                self.save_auth_attempts(&attempts)?;
                let what = match presented {
                    Presented::Token(_) => "operator token",
                    _ => "operator passphrase",
                };
                self.audit_operator(
                    AuditOutcome::VerificationFailed,
                    user,
                    format!("wrong {what} from {user}"),
                );
                warn!(user, what, "wrong operator credential");
                let left = if limit.check(&attempts, now).is_err() {
                    0
                } else {
                    limit.max_failures.saturating_sub(attempts.failures)
                };
                Err(error(
                    "OPERATOR_AUTH_FAILED",
                    format!("wrong {what}: nothing was done ({left} more tries before a lockout)"),
                ))
            }
        }
    }

    /// Changes the passphrase: the current credential first, then the new passphrase.
    pub fn change_operator_passphrase(
        &self,
        current: Presented<'_>,
        new_passphrase: &str,
        user: &str,
    ) -> Result<(), LoopError> {
        check_passphrase_rules(new_passphrase)?;
        if self.authenticate_operator(current, user)? == OperatorAuth::NotInitialized {
            return Err(error(
                "NOT_FOUND_OPERATOR_AUTH",
                "operator authentication is not set up: run `airlock operator init`",
            ));
        }
        let _serial = AUTH_LOCK.lock().unwrap_or_else(PoisonError::into_inner);
        let mut credential = self.load_credential()?.ok_or_else(|| {
            error(
                "NOT_FOUND_OPERATOR_AUTH",
                "operator authentication was removed",
            )
        })?;
        credential.passphrase_hash = hash_passphrase(self, new_passphrase)?;
        credential.set_at = self.clock.now();
        credential.set_by = user.to_owned();
        self.save_credential(&credential)?;
        self.audit_operator(
            AuditOutcome::CredentialChanged,
            user,
            format!("operator passphrase changed by {user}"),
        );
        Ok(())
    }

    /// Makes an operator token (the caller has authenticated the operator). The token is in
    /// the answer only; the store keeps its SHA-256.
    pub fn create_operator_token(&self, label: &str, user: &str) -> Result<NewToken, LoopError> {
        let _serial = AUTH_LOCK.lock().unwrap_or_else(PoisonError::into_inner);
        let mut credential = self.load_credential()?.ok_or_else(|| {
            error(
                "NOT_FOUND_OPERATOR_AUTH",
                "operator tokens need operator authentication: run `airlock operator init` first",
            )
        })?;
        let mut raw = [0u8; 32];
        self.issuer.fill_random(&mut raw);
        let secret: String = raw.iter().map(|b| format!("{b:02x}")).collect();
        let token = format!("{TOKEN_PREFIX}{secret}");
        let id = secret[..8].to_owned();
        credential.tokens.push(OperatorTokenRecord {
            id: id.clone(),
            digest: token_digest(&token),
            label: label.to_owned(),
            created_at: self.clock.now(),
            created_by: user.to_owned(),
        });
        self.save_credential(&credential)?;
        self.audit_operator(
            AuditOutcome::CredentialChanged,
            user,
            format!("operator token {id} ({label}) created by {user}"),
        );
        Ok(NewToken { id, token })
    }

    /// Revokes an operator token by id (the caller has authenticated the operator).
    pub fn revoke_operator_token(&self, id: &str, user: &str) -> Result<(), LoopError> {
        let _serial = AUTH_LOCK.lock().unwrap_or_else(PoisonError::into_inner);
        let mut credential = self.load_credential()?.ok_or_else(|| {
            error(
                "NOT_FOUND_OPERATOR_AUTH",
                "operator authentication is not set up",
            )
        })?;
        let before = credential.tokens.len();
        credential.tokens.retain(|t| t.id != id);
        if credential.tokens.len() == before {
            return Err(error(
                "NOT_FOUND_TOKEN",
                format!("no operator token with id '{id}'"),
            ));
        }
        self.save_credential(&credential)?;
        self.audit_operator(
            AuditOutcome::CredentialChanged,
            user,
            format!("operator token {id} revoked by {user}"),
        );
        Ok(())
    }

    /// What `airlock operator status` shows (no secrets, no digests).
    pub fn operator_auth_status(&self) -> Result<OperatorAuthStatus, LoopError> {
        let credential = self.load_credential()?;
        let attempts = self.load_auth_attempts()?;
        let now = self.clock.now();
        Ok(OperatorAuthStatus {
            initialized: credential.is_some(),
            set_at: credential.as_ref().map(|c| c.set_at),
            set_by: credential.as_ref().map(|c| c.set_by.clone()),
            hash: credential.as_ref().and_then(|c| {
                let parsed = PasswordHash::new(&c.passphrase_hash).ok()?;
                Some(format!("{} {}", parsed.algorithm, parsed.params))
            }),
            tokens: credential
                .map(|c| {
                    c.tokens
                        .into_iter()
                        .map(|t| TokenView {
                            id: t.id,
                            label: t.label,
                            created_at: t.created_at,
                            created_by: t.created_by,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            locked_until: attempts.locked_until.filter(|u| *u > now),
        })
    }
}

/// A JSON error for a credential that was presented where none is needed or allowed.
pub fn not_initialized_warning() -> serde_json::Value {
    json!({
        "code": "OPERATOR_AUTH_NOT_INITIALIZED",
        "message": "operator authentication is not set up: any process running as this OS user \
                    (a coding agent too) can take operator actions. Run `airlock operator init` \
                    to require a passphrase, or run airlock as its own user (docs/deployment.md)"
    })
}
