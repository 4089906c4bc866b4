//! What a guest returns, checked against the contract before the rest of airlock sees it.
//!
//! wasmtime has already lifted the result through the canonical ABI (valid UTF-8, known enum
//! cases, at most [`Limits::max_result_bytes`] copied: a guest can alias one big buffer from
//! many small records and make a result far larger than its memory). What is left is the
//! contract's own rules: a score is 0-100, and the factors (or matched patterns) are capped in
//! count and in bytes so a guest cannot flood the audit log or the agent's context.
//!
//! Public so the fuzz target (`fuzz/fuzz_targets/guest_result.rs`) can drive it with any
//! result a guest could send; the stages call it on every result.

use crate::action::danger_from_wit;
use crate::bindings::wit;
use crate::patterns::Matched;
use crate::scorer::{GuestFactor, MAX_SCORE, Scored};
use crate::settings::Limits;

/// A scorer's result as the guest sent it (the WIT record `risk-score`).
pub use wit::Score as RawScore;

/// One factor of a [`RawScore`] as the guest sent it.
pub use wit::Factor as RawFactor;

/// A pattern stage's result as the guest sent it.
pub use wit::PatternMatch as RawPatternMatch;

/// A pattern verdict as the guest sent it.
pub use wit::Verdict as RawVerdict;

/// A danger level as the guest sent it.
pub use wit::DangerLevel as RawDangerLevel;

/// The code of the factor that says how many factors were dropped.
pub const DROPPED_CODE: &str = "guest.factors_dropped";

/// Checks a scorer's result: a score above 100 is an invalid result (the stage then fails
/// closed to its fallback); factors past `max_factors` are dropped and one factor says how
/// many; codes and messages are cut to `max_factor_bytes`; points are capped at 100.
pub fn check_score(score: RawScore, limits: &Limits) -> Result<Scored, String> {
    if score.value > MAX_SCORE {
        return Err(format!(
            "the guest returned a score of {}, above the maximum of {MAX_SCORE}",
            score.value
        ));
    }
    let total = score.factors.len();
    let mut factors: Vec<GuestFactor> = score
        .factors
        .into_iter()
        .take(limits.max_factors)
        .map(|f| GuestFactor {
            code: truncate(f.code, limits.max_factor_bytes),
            message: truncate(f.message, limits.max_factor_bytes),
            points: f.points.min(MAX_SCORE),
        })
        .collect();
    let dropped = total - factors.len();
    if dropped > 0 {
        factors.push(GuestFactor {
            code: DROPPED_CODE.to_string(),
            message: format!(
                "{dropped} more factors were dropped (the stage keeps at most {})",
                limits.max_factors
            ),
            points: 0,
        });
    }
    Ok(Scored {
        value: score.value,
        factors,
        danger_level: score.danger_level.map(danger_from_wit),
        failure: None,
    })
}

/// Checks a pattern stage's result: every verdict is valid (the type admits no other); the
/// matched patterns past `max_factors` are dropped and each is cut to `max_factor_bytes`.
pub fn check_patterns(m: RawPatternMatch, limits: &Limits) -> Matched {
    let total = m.matched.len();
    let matched: Vec<String> = m
        .matched
        .into_iter()
        .take(limits.max_factors)
        .map(|p| truncate(p, limits.max_factor_bytes))
        .collect();
    if total > matched.len() {
        tracing::debug!(
            dropped = total - matched.len(),
            "pattern stage: matched patterns past max_factors dropped"
        );
    }
    Matched {
        verdict: m.verdict.into(),
        matched,
        failure: None,
    }
}

/// `s` cut to at most `max` bytes, on a character boundary (in place: no copy).
fn truncate(mut s: String, max: usize) -> String {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    s
}

#[cfg(test)]
mod tests {
    use airlock_core::{DangerLevel, PatternVerdict};

    use super::*;

    fn factor(code: &str, message: &str, points: u32) -> RawFactor {
        RawFactor {
            code: code.into(),
            message: message.into(),
            points,
        }
    }

    #[test]
    fn truncation_keeps_whole_characters() {
        assert_eq!(truncate("abcdef".into(), 4), "abcd");
        assert_eq!(truncate("abc".into(), 4), "abc");
        // "é" is two bytes: cutting at 2 would split it.
        assert_eq!(truncate("aéb".into(), 2), "a");
        assert_eq!(truncate("🦀🦀".into(), 5), "🦀");
    }

    #[test]
    fn a_score_above_100_is_invalid() {
        let score = RawScore {
            value: 101,
            factors: vec![],
            danger_level: None,
        };
        let err = check_score(score, &Limits::default()).expect_err("invalid");
        assert!(err.contains("101"), "{err}");
    }

    #[test]
    fn factors_are_capped_in_count_and_bytes() {
        let limits = Limits {
            max_factors: 2,
            max_factor_bytes: 4,
            ..Limits::default()
        };
        let score = RawScore {
            value: 50,
            factors: vec![
                factor("abcdef", "é-é-é", 500),
                factor("b", "m", 1),
                factor("c", "m", 1),
            ],
            danger_level: Some(RawDangerLevel::Destructive),
        };
        let scored = check_score(score, &limits).expect("valid");
        assert_eq!(scored.value, 50);
        assert_eq!(scored.danger_level, Some(DangerLevel::Destructive));
        assert_eq!(scored.factors.len(), 3);
        assert_eq!(scored.factors[0].code, "abcd");
        assert_eq!(scored.factors[0].message, "é-");
        assert_eq!(scored.factors[0].points, 100);
        assert_eq!(scored.factors[2].code, DROPPED_CODE);
        assert!(scored.factors[2].message.starts_with("1 more"));
    }

    #[test]
    fn matched_patterns_are_capped_in_count_and_bytes() {
        let limits = Limits {
            max_factors: 1,
            max_factor_bytes: 3,
            ..Limits::default()
        };
        let m = RawPatternMatch {
            verdict: RawVerdict::Deny,
            matched: vec!["drop_*".into(), "rm -rf".into()],
        };
        let matched = check_patterns(m, &limits);
        assert_eq!(matched.verdict, PatternVerdict::Deny);
        assert_eq!(matched.matched, vec!["dro".to_string()]);
    }
}
