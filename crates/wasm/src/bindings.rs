//! Host-side bindings generated from `wit/policy.wit`.
//!
//! One `bindgen!` per world; the pattern stage's bindings reuse the scorer's `types` so an
//! [`Action`](crate::Action) is converted once, to one Rust type, whichever world runs it.

#![allow(missing_docs)]

/// The `risk-scorer` world.
pub(crate) mod scorer {
    wasmtime::component::bindgen!({
        path: "../../wit",
        world: "risk-scorer",
    });
}

/// The `pattern-stage` world.
pub(crate) mod patterns {
    wasmtime::component::bindgen!({
        path: "../../wit",
        world: "pattern-stage",
        with: {
            "airlock:policy/types": super::scorer::airlock::policy::types,
        },
    });
}

/// The WIT `types` interface, shared by both worlds.
pub(crate) use scorer::airlock::policy::types as wit;
