//! Hostile test guest: a risk scorer whose `score` allocates 1 MiB after 1 MiB, keeping all of
//! it, until the allocator fails. The failure aborts the guest (a trap): the host must survive it,
//! within the memory limit it gave the instance. `configure` accepts any config.

#[cfg(target_arch = "wasm32")]
mod component {
    wit_bindgen::generate!({ path: "../../../wit", world: "risk-scorer" });

    use self::airlock::policy::types::{Action, Score};
    use self::exports::airlock::policy::scorer::Guest;

    struct MemoryBomb;

    impl Guest for MemoryBomb {
        fn configure(_config_json: String) -> Result<(), String> {
            Ok(())
        }

        fn score(_action: Action) -> Score {
            let mut hoard: Vec<Vec<u8>> = Vec::new();
            loop {
                // Filled, and passed through black_box, so no allocation can be optimized away.
                let chunk = vec![0xA5_u8; 1 << 20];
                hoard.push(std::hint::black_box(chunk));
            }
        }
    }

    export!(MemoryBomb);
}
