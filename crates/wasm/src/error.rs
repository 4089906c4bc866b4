//! The errors of setting up guests: creating the host, loading a component, creating a stage.
//! Failures of a single call are not errors: they fail closed (see [`crate::StageFailure`]).

use std::path::PathBuf;

use crate::version::{PATTERNS_INTERFACE, SCORER_INTERFACE, accepted_range};

/// Creating a [`WasmHost`](crate::WasmHost) failed.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// wasmtime refused the engine configuration.
    #[error(
        "cannot create the wasm engine: {reason}: check HostConfig (pool size, memory cap) and that the platform supports wasmtime"
    )]
    Engine {
        /// wasmtime's explanation.
        reason: String,
    },
    /// The capability-less WASI could not be linked.
    #[error(
        "cannot link the capability-less WASI: {reason}: this is a bug in airlock-wasm, please report it"
    )]
    Wasi {
        /// wasmtime's explanation.
        reason: String,
    },
    /// The precompile cache directory could not be created or opened.
    #[error(
        "cannot use the precompile cache directory {}: {source}: create it (mode 0700) or configure no cache",
        path.display()
    )]
    CacheDir {
        /// The directory.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The precompile cache directory is readable or writable by others, so its entries could be
    /// swapped for native code.
    #[error(
        "the precompile cache directory {} has mode {mode:o}, open to other users: run `chmod 700 {}` or choose another directory",
        path.display(), path.display()
    )]
    CacheDirInsecure {
        /// The directory.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
}

/// A component could not be loaded. Every message names the component (its `origin`).
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The bytes are not WebAssembly at all.
    #[error(
        "{origin} is not a WebAssembly component: build a guest for the airlock:policy WIT (see docs/writing-policies.md)"
    )]
    NotWasm {
        /// The component's name (file path or label).
        origin: String,
    },
    /// The bytes are a core module, not a component.
    #[error(
        "{origin}: this is a core wasm module, not a component: build it with wit-bindgen and componentize it (see docs/writing-policies.md)"
    )]
    CoreModule {
        /// The component's name.
        origin: String,
    },
    /// The component's binary is malformed.
    #[error("{origin} is a malformed component ({reason}): rebuild it")]
    Malformed {
        /// The component's name.
        origin: String,
        /// The parser's explanation.
        reason: String,
    },
    /// It exports an airlock interface for a version this airlock cannot read.
    #[error(
        "{origin} implements {interface}@{found}, but this airlock reads {interface}@{expected} (compatible: {range}): rebuild the guest against this airlock's wit/policy.wit",
        range = accepted_range()
    )]
    IncompatibleVersion {
        /// The component's name.
        origin: String,
        /// The interface, without version, e.g. `airlock:policy/scorer`.
        interface: String,
        /// The version this airlock was built for.
        expected: String,
        /// The version the component was built for (`none` when the export has no version).
        found: String,
    },
    /// It implements neither world.
    #[error(
        "{origin} exports neither {SCORER_INTERFACE}@{expected} (world risk-scorer) nor {PATTERNS_INTERFACE}@{expected} (world pattern-stage); it exports: {}: build it for one of those worlds",
        list_or_nothing(.exports)
    )]
    NoWorld {
        /// The component's name.
        origin: String,
        /// What it exports instead.
        exports: Vec<String>,
        /// The version this airlock was built for.
        expected: String,
    },
    /// It exports both worlds' interfaces.
    #[error(
        "{origin} exports both {SCORER_INTERFACE} and {PATTERNS_INTERFACE}: a component is one stage, build it for one world"
    )]
    BothWorlds {
        /// The component's name.
        origin: String,
    },
    /// It imports something that airlock does not provide.
    #[error(
        "{origin} imports {}, which airlock does not provide: a guest may import only airlock:policy/types and WASI 0.2 interfaces (which it gets without files, network or environment)",
        .imports.join(", ")
    )]
    UnsupportedImports {
        /// The component's name.
        origin: String,
        /// The imports airlock cannot satisfy.
        imports: Vec<String>,
    },
    /// wasmtime could not compile or link it.
    #[error(
        "{origin} does not compile: {reason}: rebuild it against this airlock's wit/policy.wit"
    )]
    Compile {
        /// The component's name.
        origin: String,
        /// wasmtime's explanation.
        reason: String,
    },
}

fn list_or_nothing(items: &[String]) -> String {
    if items.is_empty() {
        "nothing".to_string()
    } else {
        items.join(", ")
    }
}

/// A stage could not be created from a loaded component.
#[derive(Debug, thiserror::Error)]
pub enum StageError {
    /// The component implements another world than the stage needs.
    #[error(
        "{origin} is a {found} component, not a {expected}: use it as a {found} stage or load the right component"
    )]
    WrongWorld {
        /// The component's name.
        origin: String,
        /// The world the stage needs.
        expected: crate::World,
        /// The world the component implements.
        found: crate::World,
    },
    /// The guest rejected its configuration.
    #[error("{origin} rejected its config: {message}")]
    Configure {
        /// The component's name.
        origin: String,
        /// The guest's own message.
        message: String,
    },
    /// The first instance could not be created or configured.
    #[error("{origin} could not be started: {failure}: check the stage's limits and the guest")]
    Start {
        /// The component's name.
        origin: String,
        /// What happened.
        failure: crate::StageFailure,
    },
    /// The settings are invalid.
    #[error("invalid settings for {origin}: {reason}")]
    Settings {
        /// The component's name.
        origin: String,
        /// What is wrong and how to fix it.
        reason: String,
    },
}
