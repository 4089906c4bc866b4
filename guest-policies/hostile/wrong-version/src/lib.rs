//! Hostile test guest: a well-behaved risk scorer built against `airlock:policy@0.2.0` (a copy of
//! the WIT in `wit/` with only the package version changed), so it exports
//! `airlock:policy/scorer@0.2.0`. A host built for 0.1.0 must refuse it at load time with an
//! error naming both versions. If it ever runs, it scores every action 0.

#[cfg(target_arch = "wasm32")]
mod component {
    wit_bindgen::generate!({ path: "wit", world: "risk-scorer" });

    use self::airlock::policy::types::{Action, Score};
    use self::exports::airlock::policy::scorer::Guest;

    struct WrongVersion;

    impl Guest for WrongVersion {
        fn configure(_config_json: String) -> Result<(), String> {
            Ok(())
        }

        fn score(_action: Action) -> Score {
            Score {
                value: 0,
                factors: Vec::new(),
                danger_level: None,
            }
        }
    }

    export!(WrongVersion);
}
