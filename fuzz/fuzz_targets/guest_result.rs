//! What a guest returns, after wasmtime has lifted it: any score, any factors, any matched
//! patterns, under any limits. The contract check never panics, never lets a score above 100
//! through, always caps what it keeps; combining scorers' scores never gives less than the
//! lowest score (a NaN mean once turned two huge weights into a score of 0, an allow).
#![no_main]
use airlock_core::{PatternVerdict, ScoreCombination};
use airlock_wasm::guest_result::{
    DROPPED_CODE, RawDangerLevel, RawFactor, RawPatternMatch, RawScore, RawVerdict,
    check_patterns, check_score,
};
use airlock_wasm::{Limits, combine_scores};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;

fn limits(u: &mut Unstructured) -> Result<Limits> {
    Ok(Limits {
        max_factors: u.int_in_range(0..=40)?,
        max_factor_bytes: u.int_in_range(0..=300)?,
        ..Limits::default()
    })
}

fn danger(u: &mut Unstructured) -> Result<Option<RawDangerLevel>> {
    Ok(match u.int_in_range(0..=5u8)? {
        0 => None,
        1 => Some(RawDangerLevel::Safe),
        2 => Some(RawDangerLevel::Reversible),
        3 => Some(RawDangerLevel::Destructive),
        4 => Some(RawDangerLevel::Dangerous),
        _ => Some(RawDangerLevel::Forbidden),
    })
}

fn verdict(u: &mut Unstructured) -> Result<(RawVerdict, PatternVerdict)> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 => (RawVerdict::Deny, PatternVerdict::Deny),
        1 => (RawVerdict::RequiresApproval, PatternVerdict::RequiresApproval),
        2 => (RawVerdict::AutoApprove, PatternVerdict::AutoApprove),
        _ => (RawVerdict::NoMatch, PatternVerdict::NoMatch),
    })
}

fn score(u: &mut Unstructured, limits: &Limits) -> Result<()> {
    // Mostly valid scores, sometimes anything a u32 holds.
    let value = if u.ratio(7, 8)? {
        u.int_in_range(0..=100)?
    } else {
        u.arbitrary()?
    };
    let factors = u.arbitrary_iter::<(String, String, u32)>()?.map(|f| {
        f.map(|(code, message, points)| RawFactor {
            code,
            message,
            points,
        })
    });
    let factors = factors.collect::<Result<Vec<_>>>()?;
    let sent = factors.len();
    let raw = RawScore {
        value,
        factors,
        danger_level: danger(u)?,
    };
    match check_score(raw, limits) {
        Err(message) => assert!(value > 100, "a valid score {value} was refused: {message}"),
        Ok(scored) => {
            assert!(value <= 100, "a score of {value} was accepted");
            assert_eq!(scored.value, value);
            assert!(scored.failure.is_none());
            let kept = sent.min(limits.max_factors);
            let dropped = sent - kept;
            assert_eq!(scored.factors.len(), kept + usize::from(dropped > 0));
            for f in &scored.factors[..kept] {
                assert!(f.code.len() <= limits.max_factor_bytes);
                assert!(f.message.len() <= limits.max_factor_bytes);
                assert!(f.points <= 100);
            }
            if dropped > 0 {
                let last = scored.factors.last().expect("the dropped factor");
                assert_eq!(last.code, DROPPED_CODE);
                assert!(last.message.starts_with(&format!("{dropped} more")));
            }
        }
    }
    Ok(())
}

fn patterns(u: &mut Unstructured, limits: &Limits) -> Result<()> {
    let (raw_verdict, expected) = verdict(u)?;
    let matched: Vec<String> = u.arbitrary()?;
    let sent = matched.clone();
    let m = check_patterns(
        RawPatternMatch {
            verdict: raw_verdict,
            matched,
        },
        limits,
    );
    assert_eq!(m.verdict, expected);
    assert!(m.failure.is_none());
    assert_eq!(m.matched.len(), sent.len().min(limits.max_factors));
    for (kept, original) in m.matched.iter().zip(&sent) {
        assert!(kept.len() <= limits.max_factor_bytes);
        assert!(original.starts_with(kept.as_str()));
    }
    Ok(())
}

fn combination(u: &mut Unstructured) -> Result<()> {
    let how = if u.arbitrary()? {
        ScoreCombination::Weighted
    } else {
        ScoreCombination::Max
    };
    let scores: Vec<(u32, f64)> = u.arbitrary()?;
    let combined = combine_scores(how, &scores);
    let Some(lowest) = scores.iter().map(|(s, _)| (*s).min(100)).min() else {
        assert_eq!(combined, None);
        return Ok(());
    };
    let highest = scores.iter().map(|(s, _)| (*s).min(100)).max().expect("not empty");
    let combined = combined.expect("scores give a score");
    assert!(combined <= 100, "{combined} from {scores:?}");
    assert!(
        combined >= lowest,
        "{combined} is below every score of {scores:?}"
    );
    if how == ScoreCombination::Max {
        assert_eq!(combined, highest);
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = (|| -> Result<()> {
        let limits = limits(&mut u)?;
        match u.int_in_range(0..=2u8)? {
            0 => score(&mut u, &limits),
            1 => patterns(&mut u, &limits),
            _ => combination(&mut u),
        }
    })();
});
