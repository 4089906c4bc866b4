//! Hostile test guest: a risk scorer whose `configure` always returns an error, whatever the
//! config, so the host's reporting of configure errors can be tested. Its `score` (never reached
//! by a correct host) returns 0.

/// The error `configure` returns.
pub const MESSAGE: &str = "bad-config refuses every configuration on purpose: it exists to test \
    how airlock reports a guest's configure error (use another scorer)";

#[cfg(target_arch = "wasm32")]
mod component {
    wit_bindgen::generate!({ path: "../../../wit", world: "risk-scorer" });

    use self::airlock::policy::types::{Action, Score};
    use self::exports::airlock::policy::scorer::Guest;

    struct BadConfig;

    impl Guest for BadConfig {
        fn configure(_config_json: String) -> Result<(), String> {
            Err(super::MESSAGE.to_owned())
        }

        fn score(_action: Action) -> Score {
            Score {
                value: 0,
                factors: Vec::new(),
                danger_level: None,
            }
        }
    }

    export!(BadConfig);
}
