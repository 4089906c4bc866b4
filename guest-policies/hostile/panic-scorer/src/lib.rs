//! Hostile test guest: a risk scorer whose `configure` succeeds and whose `score` panics. Guests
//! are built with `panic = "abort"`, so the panic is a wasm trap the host must turn into an
//! error (and fail closed).

#[cfg(target_arch = "wasm32")]
mod component {
    wit_bindgen::generate!({ path: "../../../wit", world: "risk-scorer" });

    use self::airlock::policy::types::{Action, Score};
    use self::exports::airlock::policy::scorer::Guest;

    struct PanicScorer;

    impl Guest for PanicScorer {
        fn configure(_config_json: String) -> Result<(), String> {
            Ok(())
        }

        fn score(action: Action) -> Score {
            panic!(
                "panic-scorer panics on purpose in score() (agent {:?})",
                action.agent
            );
        }
    }

    export!(PanicScorer);
}
