//! Hostile test guest: a valid component that exports neither airlock world, only the unrelated
//! interface `example:other/thing@1.0.0` (see `wit/thing.wit`). A host must refuse to load it as a
//! scorer or a pattern stage, with an error saying which export it expected.

#[cfg(target_arch = "wasm32")]
mod component {
    wit_bindgen::generate!({ path: "wit", world: "other" });

    use self::exports::example::other::thing::Guest;

    struct NoWorld;

    impl Guest for NoWorld {
        fn greet(name: String) -> String {
            format!("hello, {name}")
        }
    }

    export!(NoWorld);
}
