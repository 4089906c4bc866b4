//! Risk tolerance (core spec 8.7): the score above which the safety loop pauses an agent.

use serde::{Deserialize, Serialize};

/// How much risk an operator accepts before pausing: conservative 25, moderate 50 (default),
/// aggressive 75.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RiskTolerance {
    /// Pause above 25.
    Conservative,
    /// Pause above 50.
    #[default]
    Moderate,
    /// Pause above 75.
    Aggressive,
}

impl RiskTolerance {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            RiskTolerance::Conservative => "conservative",
            RiskTolerance::Moderate => "moderate",
            RiskTolerance::Aggressive => "aggressive",
        }
    }

    /// The threshold score.
    pub const fn threshold(self) -> u32 {
        match self {
            RiskTolerance::Conservative => 25,
            RiskTolerance::Moderate => 50,
            RiskTolerance::Aggressive => 75,
        }
    }

    /// Whether a score pauses the agent: strictly above the threshold.
    pub const fn pauses(self, score: u32) -> bool {
        score > self.threshold()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_follow_the_spec() {
        let cases = [
            (RiskTolerance::Conservative, 25, false),
            (RiskTolerance::Conservative, 26, true),
            (RiskTolerance::Moderate, 50, false),
            (RiskTolerance::Moderate, 51, true),
            (RiskTolerance::Aggressive, 75, false),
            (RiskTolerance::Aggressive, 76, true),
        ];
        for (t, score, pauses) in cases {
            assert_eq!(t.pauses(score), pauses, "{t:?} at {score}");
        }
        assert_eq!(RiskTolerance::default(), RiskTolerance::Moderate);
        assert_eq!(
            serde_json::from_str::<RiskTolerance>("\"aggressive\"").expect("tolerance"),
            RiskTolerance::Aggressive
        );
    }
}
