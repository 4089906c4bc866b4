//! ACME Corp's risk scorer: an example of an organization-specific airlock scorer.
//!
//! Anything touching billing or payroll scores 70 (the "verify" tier: a person checks it out of
//! band); anything mentioning customer personal data scores 50 ("confirm"); everything else
//! scores 0 and is left to airlock's other stages. It takes no configuration.

/// Words that put an action in front of the finance team: 70 points.
pub const FINANCE: &[&str] = &["billing", "invoice", "payroll", "salary", "salaries"];
/// Words that mean customer personal data: 50 points.
pub const PII: &[&str] = &["ssn", "passport", "birthdate", "address", "phone", "email"];

/// The score of a text: `(points, factor code, the word found)`.
pub fn assess(text: &str) -> Option<(u32, &'static str, &'static str)> {
    // Lower case, split into words on anything that is not a letter or a digit:
    // "Payroll_Export" -> ["payroll", "export"].
    let text = text.to_lowercase();
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let find = |list: &[&'static str]| list.iter().copied().find(|w| words.contains(w));
    if let Some(word) = find(FINANCE) {
        return Some((70, "acme.finance", word));
    }
    find(PII).map(|word| (50, "acme.customer-pii", word))
}

#[cfg(target_arch = "wasm32")]
mod component {
    // The bindings for airlock's contract: the `risk-scorer` world of ../../../wit/policy.wit.
    wit_bindgen::generate!({ path: "../../../wit", world: "risk-scorer" });
    use self::airlock::policy::types::{Action, Factor, Score};
    use self::exports::airlock::policy::scorer::Guest;

    struct AcmeScorer;

    impl Guest for AcmeScorer {
        fn configure(_config_json: String) -> Result<(), String> {
            Ok(()) // Nothing to configure: the word lists above are the policy.
        }

        fn score(action: Action) -> Score {
            // Look at what the agent says, the tool's name and its arguments.
            let op = action.operation.unwrap_or_default();
            let text = [action.hint, op, action.params_json.unwrap_or_default()].join(" ");
            let Some((points, code, word)) = super::assess(&text) else {
                return Score { value: 0, factors: Vec::new(), danger_level: None };
            };
            // One factor explains all the points.
            let message = format!("touches {word:?}, which ACME reviews");
            let factor = Factor { code: code.into(), message, points };
            Score { value: points, factors: vec![factor], danger_level: None }
        }
    }

    export!(AcmeScorer);
}
