//! What the scorer reads and returns, and how signals combine into a score. Mirrors the WIT types
//! without depending on the bindings, so the logic builds and tests on the host.

#![forbid(unsafe_code)]

use std::borrow::Cow;
use std::fmt;

/// A danger level (MCP-AQL danger-levels section 2), lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Read-only.
    Safe,
    /// Changes that can be undone.
    Reversible,
    /// Changes that cannot easily be undone.
    Destructive,
    /// Risky beyond the action itself.
    Dangerous,
    /// Should never run unattended.
    Forbidden,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Safe => "safe",
            Level::Reversible => "reversible",
            Level::Destructive => "destructive",
            Level::Dangerous => "dangerous",
            Level::Forbidden => "forbidden",
        })
    }
}

/// A CRUDE endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// Create.
    Create,
    /// Read.
    Read,
    /// Update.
    Update,
    /// Delete.
    Delete,
    /// Execute.
    Execute,
}

/// One action, as the scorer sees it (the WIT `action`, borrowed).
#[derive(Debug, Clone, Copy, Default)]
pub struct Input<'a> {
    /// The agent's own words about what it does next.
    pub hint: &'a str,
    /// The operation (tool) name.
    pub operation: Option<&'a str>,
    /// Its CRUDE endpoint.
    pub endpoint: Option<Endpoint>,
    /// Its params, as JSON text.
    pub params_json: Option<&'a str>,
    /// MCP `destructiveHint`.
    pub destructive_hint: Option<bool>,
    /// MCP `readOnlyHint`.
    pub read_only_hint: Option<bool>,
    /// The danger level airlock classified.
    pub danger_level: Option<Level>,
    /// Earlier hints of the same execution, oldest first.
    pub recent_hints: &'a [String],
}

/// One reason behind a score: its points are what it added to the score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Factor {
    /// Stable, machine-readable name (`shell.rm-recursive-force`).
    pub code: String,
    /// What was found, for people.
    pub message: String,
    /// Points contributed.
    pub points: u32,
}

/// A score with its explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assessment {
    /// 0 to 100: the sum of the factors' points.
    pub value: u32,
    /// Why, heaviest first.
    pub factors: Vec<Factor>,
    /// The danger level the signals point to, if any.
    pub danger_level: Option<Level>,
}

/// A signal a detector found: its full weight, before combination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signal {
    /// Stable name; signals with the same code count once.
    pub code: Cow<'static, str>,
    /// What was found.
    pub message: String,
    /// Its weight, 0 to 100.
    pub weight: u32,
    /// The danger level it suggests, if any.
    pub level: Option<Level>,
}

impl Signal {
    /// A signal.
    pub fn new(
        code: impl Into<Cow<'static, str>>,
        weight: u32,
        level: Option<Level>,
        message: impl Into<String>,
    ) -> Self {
        Self {
            code: code.into(),
            message: message.into(),
            weight: weight.min(100),
            level,
        }
    }
}

/// The highest score of the safety tier a score is in: advisory (0-30), confirm (31-60),
/// verify (61-85), danger zone (86-100).
pub fn tier_top(score: u32) -> u32 {
    match score {
        0..=30 => 30,
        31..=60 => 60,
        61..=85 => 85,
        _ => 100,
    }
}

/// Combines signals into a score.
///
/// - Signals with the same code count once, at their heaviest.
/// - The heaviest signal sets the score: one catastrophic finding is enough, and many small
///   ones never add up to one.
/// - Every other distinct signal corroborates with a tenth of its weight (rounded up), heaviest
///   first, but never past the top of the heaviest signal's tier: a confirmation stays a
///   confirmation however many bounded findings back it.
/// - The factors' points add up to the score exactly (a corroborating factor past the tier's top
///   keeps its message with 0 points).
/// - The danger level is the highest any signal suggests.
///
/// `signals` is left empty (its allocation kept, for the next action's signals).
pub fn combine(signals: &mut Vec<Signal>) -> Assessment {
    // The distinct codes, in place: `signals[..distinct]` holds the first signal of each code
    // seen so far, replaced by any heavier one of the same code found later.
    let mut distinct = 0;
    for i in 0..signals.len() {
        match signals[..distinct]
            .iter()
            .position(|d| d.code == signals[i].code)
        {
            Some(j) if signals[i].weight > signals[j].weight => signals.swap(i, j),
            Some(_) => {}
            None => {
                signals.swap(distinct, i);
                distinct += 1;
            }
        }
    }
    signals.truncate(distinct);
    let distinct = signals;
    // Stable: among equal weights, the order signals were found in.
    distinct.sort_by_key(|s| std::cmp::Reverse(s.weight));

    let danger_level = distinct.iter().filter_map(|s| s.level).max();
    let top = distinct.first().map_or(0, |s| tier_top(s.weight));
    let mut value = 0_u32;
    let factors = distinct
        .drain(..)
        .enumerate()
        .map(|(i, s)| {
            let share = if i == 0 {
                s.weight
            } else {
                s.weight.div_ceil(10)
            };
            let points = share.min(top.saturating_sub(value));
            value += points;
            Factor {
                code: s.code.into_owned(),
                message: s.message,
                points,
            }
        })
        .collect();
    Assessment {
        value,
        factors,
        danger_level,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heaviest_sets_the_score_the_others_corroborate() {
        let a = combine(&mut vec![
            Signal::new("a", 40, None, "a"),
            Signal::new("b", 65, Some(Level::Dangerous), "b"),
            Signal::new("c", 15, None, "c"),
            Signal::new("b", 30, None, "b again"),
        ]);
        assert_eq!(a.value, 65 + 4 + 2);
        let points: Vec<_> = a
            .factors
            .iter()
            .map(|f| (f.code.as_str(), f.points))
            .collect();
        assert_eq!(points, [("b", 65), ("a", 4), ("c", 2)]);
        assert_eq!(a.danger_level, Some(Level::Dangerous));
    }

    #[test]
    fn corroboration_never_crosses_a_tier() {
        // Many confirmations stay a confirmation.
        let mut many: Vec<Signal> = (0..30)
            .map(|i| Signal::new(format!("c{i}"), 50, None, "c"))
            .collect();
        let a = combine(&mut many);
        assert_eq!(a.value, 60);
        assert_eq!(a.factors.iter().map(|f| f.points).sum::<u32>(), 60);
        let a = combine(&mut vec![
            Signal::new("x", 95, None, ""),
            Signal::new("y", 75, None, ""),
            Signal::new("z", 50, None, ""),
        ]);
        assert_eq!(a.value, 100);
        let points: Vec<_> = a.factors.iter().map(|f| f.points).collect();
        assert_eq!(points, [95, 5, 0]);
    }

    #[test]
    fn nothing_found_is_zero() {
        assert_eq!(
            combine(&mut Vec::new()),
            Assessment {
                value: 0,
                factors: Vec::new(),
                danger_level: None
            }
        );
    }
}
