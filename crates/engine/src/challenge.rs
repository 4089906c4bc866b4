//! Out-of-band verification challenges (core spec 8.8): a code only a person can see, and a
//! challenge id the agent may see.
//!
//! The rules this module enforces, and why:
//!
//! - The code has 140 bits from ChaCha20 seeded by the operating system (the spec asks for at
//!   least 128 bits from a CSPRNG), so it cannot be guessed or derived from anything the agent
//!   sees; the challenge id is a UUID v4 from the same generator.
//! - Only a salted SHA-256 of the code is kept ([`Challenge`] is what the store persists), and
//!   comparison is constant-time: a copy of the store or a timing side channel gives nothing.
//! - A failed attempt burns the code (8.8.2 step 3): a second guess at the same challenge is
//!   refused whether or not it is right. An operator reissues.
//! - An expired challenge is a failed one (8.8.2 step 4).
//! - The code itself ([`VerificationCode`]) cannot be printed by accident: its `Debug` is
//!   redacted, it has no `Display`, no `Serialize`, and its text is reachable only through
//!   [`VerificationCode::reveal_to_human_channel`], a name that stands out in review.

use std::fmt;
use std::sync::{Mutex, PoisonError};

use jiff::{SignedDuration, Timestamp};
use rand_chacha::ChaCha20Rng;
use rand_core::{OsRng, RngCore, SeedableRng, TryRngCore};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The default lifetime of a challenge (core spec 8.8.2: 5 minutes).
pub const DEFAULT_CHALLENGE_TTL: SignedDuration = SignedDuration::from_secs(5 * 60);

/// Characters of a code: Crockford's base32 (no I, L, O, U), 5 bits each.
const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in a code: 28 x 5 = 140 bits.
const CODE_CHARS: usize = 28;
/// Characters per group in the displayed form (`XXXXXXX-XXXXXXX-XXXXXXX-XXXXXXX`).
const GROUP: usize = 7;

/// A verification code, for a person's eyes only.
pub struct VerificationCode(String);

impl VerificationCode {
    /// The code's text, grouped for reading. Only a human channel (a 0600 file, an operator's
    /// program, a webhook) may call this; the code must never reach the agent, a log or an error.
    pub fn reveal_to_human_channel(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for VerificationCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("VerificationCode(<redacted>)")
    }
}

/// What a challenge is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeKind {
    /// A `verify`-tier pause: the agent is paused, not blocked.
    Verify,
    /// A hard block (`danger_zone` tier or a `deny` pattern): the agent is blocked until verified.
    HardBlock,
}

/// Who received a challenge's id, and so which agent-side callers may try its code (a person
/// on the operator channel, `airlock verify`, always may).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeSurface {
    /// An agent of the safety loop: its own session when it has one (`Challenge::session`),
    /// else, on a surface that cannot tell callers apart (`/v1/operations`), any caller naming
    /// the agent, whose wrong codes then burn nothing (`Engine::verify_challenge_as`).
    #[default]
    Loop,
    /// A host's hook session (`airlock hook`): the agent has no way to submit a code, so no
    /// agent-side caller may; only a person verifies.
    Hook,
}

impl ChallengeSurface {
    fn is_loop(&self) -> bool {
        *self == ChallengeSurface::Loop
    }
}

/// A challenge as stored: everything but the code, which exists only as a salted hash.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// The challenge id (UUID v4), which the agent receives as `verificationId`.
    pub id: String,
    /// The agent it was issued for.
    pub agent: String,
    /// What it is for.
    pub kind: ChallengeKind,
    /// Random salt of the hash.
    salt: [u8; 16],
    /// SHA-256 of salt and the canonical code.
    hash: [u8; 32],
    /// When it was issued.
    pub issued_at: Timestamp,
    /// When it stops being accepted.
    pub expires_at: Timestamp,
    /// Whether it can no longer be used: verified once, or burned by a wrong code.
    pub spent: bool,
    /// The session (MCP connection) of the agent it was issued to, when the surface had one:
    /// only that session may try its code (`Engine::verify_challenge_as`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// Where it was issued (records written before this field are the loop's).
    #[serde(default, skip_serializing_if = "ChallengeSurface::is_loop")]
    pub surface: ChallengeSurface,
}

impl fmt::Debug for Challenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The hash and salt are not secret in the cryptographic sense, but there is no reason
        // to print them anywhere either.
        f.debug_struct("Challenge")
            .field("id", &self.id)
            .field("agent", &self.agent)
            .field("kind", &self.kind)
            .field("issued_at", &self.issued_at)
            .field("expires_at", &self.expires_at)
            .field("spent", &self.spent)
            .finish_non_exhaustive()
    }
}

/// Why a verification did not succeed. No variant carries the submitted or the real code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The challenge has expired; an operator can issue a new one.
    #[error("the challenge has expired: ask the operator to issue a new one")]
    Expired,
    /// The challenge was already used or burned by a wrong code.
    #[error(
        "the challenge was already used or burned by a wrong code: ask the operator to issue a new one"
    )]
    Spent,
    /// The code is wrong; the challenge is now burned.
    #[error(
        "the code does not match; this challenge is now burned: ask the operator to issue a new one"
    )]
    Mismatch,
}

/// The random source of codes, challenge ids and salts: ChaCha20 seeded from the operating
/// system.
pub struct ChallengeIssuer {
    rng: Mutex<ChaCha20Rng>,
}

impl fmt::Debug for ChallengeIssuer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ChallengeIssuer(<ChaCha20, OS-seeded>)")
    }
}

/// The operating system's random source failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the operating system's random source failed ({0}): no challenge can be issued safely")]
pub struct RandomSourceError(String);

impl ChallengeIssuer {
    /// An issuer seeded from the operating system.
    pub fn from_os() -> Result<Self, RandomSourceError> {
        let mut seed = [0u8; 32];
        OsRng
            .try_fill_bytes(&mut seed)
            .map_err(|e| RandomSourceError(e.to_string()))?;
        Ok(Self {
            rng: Mutex::new(ChaCha20Rng::from_seed(seed)),
        })
    }

    /// Fills `bytes` from the generator (codes, ids, salts, confirmation tokens).
    pub(crate) fn fill_random(&self, bytes: &mut [u8]) {
        self.rng
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .fill_bytes(bytes);
    }

    /// Issues a challenge for an agent: the stored form and the code for the human channel.
    pub fn issue(
        &self,
        agent: &str,
        kind: ChallengeKind,
        now: Timestamp,
        ttl: SignedDuration,
    ) -> (Challenge, VerificationCode) {
        let mut raw = [0u8; 18];
        self.fill_random(&mut raw);
        let canonical = encode(&raw);
        let mut id_bytes = [0u8; 16];
        self.fill_random(&mut id_bytes);
        let mut salt = [0u8; 16];
        self.fill_random(&mut salt);
        let challenge = Challenge {
            id: uuid::Builder::from_random_bytes(id_bytes)
                .into_uuid()
                .to_string(),
            agent: agent.to_owned(),
            kind,
            session: None,
            surface: ChallengeSurface::Loop,
            salt,
            hash: digest(&salt, &canonical),
            issued_at: now,
            expires_at: now.saturating_add(ttl).unwrap_or(now),
            spent: false,
        };
        (challenge, VerificationCode(group(&canonical)))
    }
}

impl Challenge {
    /// Checks a submitted code. Success spends the challenge (one use); a wrong code burns it;
    /// an expired or spent challenge fails without looking at the code.
    pub fn verify(&mut self, submitted: &str, now: Timestamp) -> Result<(), VerifyError> {
        if self.spent {
            return Err(VerifyError::Spent);
        }
        if now >= self.expires_at {
            return Err(VerifyError::Expired);
        }
        let candidate = canonicalize(submitted);
        let matches: bool = digest(&self.salt, &candidate).ct_eq(&self.hash).into();
        self.spent = true;
        if matches {
            Ok(())
        } else {
            Err(VerifyError::Mismatch)
        }
    }

    /// Whether the challenge can still be answered at `now`.
    pub fn is_open(&self, now: Timestamp) -> bool {
        !self.spent && now < self.expires_at
    }
}

fn digest(salt: &[u8; 16], canonical: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"airlock-challenge-v1\0");
    h.update(salt);
    h.update(canonical.as_bytes());
    h.finalize().into()
}

/// Crockford's base32, upper case, unpadded (decoding is never needed: a typed code is
/// canonicalized and hashed, see [`canonicalize`]).
static CROCKFORD: std::sync::LazyLock<data_encoding::Encoding> = std::sync::LazyLock::new(|| {
    let mut spec = data_encoding::Specification::new();
    spec.symbols.push_str(ALPHABET);
    spec.encoding()
        .expect("32 distinct ASCII symbols, no padding: a valid base32 specification")
});

/// The first 140 bits of `raw` in Crockford base32: 18 bytes make 29 symbols, of which the
/// first 28 hold bits 0..140 (base32 reads bits most significant first).
fn encode(raw: &[u8; 18]) -> String {
    let mut out = CROCKFORD.encode(raw);
    out.truncate(CODE_CHARS);
    out
}

/// The displayed form: groups of [`GROUP`] separated by dashes.
fn group(canonical: &str) -> String {
    let chunks: Vec<&str> = canonical
        .as_bytes()
        .chunks(GROUP)
        .filter_map(|c| std::str::from_utf8(c).ok())
        .collect();
    chunks.join("-")
}

/// What a person typed, in the form that was hashed: upper case, no separators, and the
/// letters Crockford's base32 reads as digits (I and L as 1, O as 0).
fn canonicalize(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            other => other,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> Timestamp {
        "2026-11-25T12:00:00Z".parse().expect("time")
    }

    fn issue(kind: ChallengeKind) -> (Challenge, VerificationCode) {
        ChallengeIssuer::from_os().expect("os random").issue(
            "agent-7",
            kind,
            now(),
            DEFAULT_CHALLENGE_TTL,
        )
    }

    #[test]
    fn codes_are_crockford_base32_of_the_first_140_bits() {
        // 0x00.. -> all '0'; 0xff.. -> all 'Z'; and a mixed pattern worked out by hand:
        // 0x08 0x86 0x42 = 00001 00010 00011 00100 0010.. -> "1234" then the rest.
        assert_eq!(encode(&[0; 18]), "0".repeat(CODE_CHARS));
        assert_eq!(encode(&[0xff; 18]), "Z".repeat(CODE_CHARS));
        let mut raw = [0u8; 18];
        raw[..3].copy_from_slice(&[0x08, 0x86, 0x42]);
        assert!(encode(&raw).starts_with("1234"), "{}", encode(&raw));
        assert_eq!(encode(&raw).len(), CODE_CHARS);
    }

    #[test]
    fn a_code_has_at_least_128_bits_and_the_id_is_a_uuid_v4() {
        let (challenge, code) = issue(ChallengeKind::HardBlock);
        let text = code.reveal_to_human_channel();
        let canonical = canonicalize(text);
        assert_eq!(canonical.len(), CODE_CHARS);
        assert!(canonical.len() * 5 >= 128);
        assert!(canonical.chars().all(|c| ALPHABET.contains(c)));
        assert_eq!(text.matches('-').count(), 3);
        let id = uuid::Uuid::parse_str(&challenge.id).expect("uuid");
        assert_eq!(id.get_version_num(), 4);
        assert_eq!(challenge.expires_at, now() + DEFAULT_CHALLENGE_TTL);
    }

    #[test]
    fn codes_and_ids_do_not_repeat() {
        let issuer = ChallengeIssuer::from_os().expect("os random");
        let mut codes = std::collections::HashSet::new();
        let mut ids = std::collections::HashSet::new();
        for _ in 0..2_000 {
            let (c, code) = issuer.issue("a", ChallengeKind::Verify, now(), DEFAULT_CHALLENGE_TTL);
            assert!(codes.insert(code.reveal_to_human_channel().to_owned()));
            assert!(ids.insert(c.id));
        }
    }

    #[test]
    fn the_right_code_verifies_once_however_it_is_typed() {
        let (mut challenge, code) = issue(ChallengeKind::Verify);
        let typed = code
            .reveal_to_human_channel()
            .to_lowercase()
            .replace('-', " ");
        assert_eq!(challenge.verify(&typed, now()), Ok(()));
        assert_eq!(
            challenge.verify(code.reveal_to_human_channel(), now()),
            Err(VerifyError::Spent),
            "one use only"
        );
    }

    #[test]
    fn a_wrong_code_burns_the_challenge() {
        let (mut challenge, code) = issue(ChallengeKind::HardBlock);
        assert_eq!(
            challenge.verify("0000000-0000000", now()),
            Err(VerifyError::Mismatch)
        );
        assert!(!challenge.is_open(now()));
        assert_eq!(
            challenge.verify(code.reveal_to_human_channel(), now()),
            Err(VerifyError::Spent),
            "the right code after a wrong one is refused"
        );
    }

    #[test]
    fn an_expired_challenge_fails_even_with_the_right_code() {
        let (mut challenge, code) = issue(ChallengeKind::Verify);
        let later = now() + DEFAULT_CHALLENGE_TTL;
        assert_eq!(
            challenge.verify(code.reveal_to_human_channel(), later),
            Err(VerifyError::Expired)
        );
    }

    #[test]
    fn nothing_prints_the_code() {
        let (challenge, code) = issue(ChallengeKind::HardBlock);
        let secret = canonicalize(code.reveal_to_human_channel());
        let printed = [
            format!("{code:?}"),
            format!("{challenge:?}"),
            serde_json::to_string(&challenge).expect("serialize"),
            VerifyError::Mismatch.to_string(),
        ];
        for p in printed {
            assert!(
                !canonicalize(&p).contains(&secret),
                "the code leaked into {p}"
            );
            assert!(!p.contains(code.reveal_to_human_channel()));
        }
        assert_eq!(format!("{code:?}"), "VerificationCode(<redacted>)");
    }

    #[test]
    fn a_stored_challenge_round_trips_and_still_verifies() {
        let (challenge, code) = issue(ChallengeKind::HardBlock);
        let json = serde_json::to_string(&challenge).expect("serialize");
        let mut back: Challenge = serde_json::from_str(&json).expect("deserialize");
        assert_eq!(back, challenge);
        assert_eq!(back.verify(code.reveal_to_human_channel(), now()), Ok(()));
    }
}
