//! Hostile test guest: a risk scorer whose `score` never returns. It loops without allocating or
//! calling anything, so only the host's CPU budget (wasmtime fuel or epoch interruption) can stop
//! it. `configure` accepts any config.

#[cfg(target_arch = "wasm32")]
mod component {
    wit_bindgen::generate!({ path: "../../../wit", world: "risk-scorer" });

    use self::airlock::policy::types::{Action, Score};
    use self::exports::airlock::policy::scorer::Guest;

    struct InfiniteLoop;

    impl Guest for InfiniteLoop {
        fn configure(_config_json: String) -> Result<(), String> {
            Ok(())
        }

        #[allow(clippy::empty_loop)]
        fn score(_action: Action) -> Score {
            // An empty loop is well defined in Rust and compiles to a wasm `loop` that branches
            // to itself forever.
            loop {}
        }
    }

    export!(InfiniteLoop);
}
