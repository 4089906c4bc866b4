//! A loaded component: compiled, linked and pre-instantiated, ready to back stages.

use std::time::Duration;

use wasmtime::component::{ComponentExportIndex, InstancePre};

use crate::inspect::{ComponentInfo, World};
use crate::state::GuestState;

/// Where a loaded component's native code came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoadSource {
    /// Compiled from the bytes by this load.
    Compiled,
    /// Taken from the precompile cache.
    Cache,
    /// A built-in's native code, carried by the binary ([`crate::Precompiled`]).
    Precompiled,
    /// Already compiled by this host for the same bytes (a reload that left the component as
    /// it was).
    Memory,
}

/// The pre-instantiated component and where its two functions are: looked up once at load,
/// so a new instance costs no string lookups.
#[derive(Clone)]
pub(crate) struct Bound {
    /// Linked and type-checked, ready to instantiate.
    pub(crate) pre: InstancePre<GuestState>,
    /// `configure`.
    pub(crate) configure: ComponentExportIndex,
    /// `score` or `evaluate`.
    pub(crate) evaluate: ComponentExportIndex,
}

/// A component [`WasmHost::load`](crate::WasmHost::load) accepted. Cheap to clone; any number of
/// stages can be created from it.
#[derive(Clone)]
pub struct LoadedComponent {
    origin: String,
    info: ComponentInfo,
    bound: Bound,
    source: LoadSource,
    load_time: Duration,
}

impl std::fmt::Debug for LoadedComponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedComponent")
            .field("origin", &self.origin)
            .field("info", &self.info)
            .field("source", &self.source)
            .field("load_time", &self.load_time)
            .finish_non_exhaustive()
    }
}

impl LoadedComponent {
    pub(crate) fn new(
        origin: String,
        info: ComponentInfo,
        bound: Bound,
        source: LoadSource,
        load_time: Duration,
    ) -> Self {
        LoadedComponent {
            origin,
            info,
            bound,
            source,
            load_time,
        }
    }

    /// The name it was loaded under.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// What it is: world, version, imports, exports, size, digest.
    pub fn info(&self) -> &ComponentInfo {
        &self.info
    }

    /// The world it implements.
    pub fn world(&self) -> World {
        self.info.world
    }

    /// Whether it was compiled, or taken from the binary, the precompile cache or memory.
    pub fn source(&self) -> LoadSource {
        self.source
    }

    /// How long compiling (or loading from the cache) took.
    pub fn load_time(&self) -> Duration {
        self.load_time
    }

    /// Whether it imports WASI (and so runs with the capability-less WASI).
    pub fn uses_wasi(&self) -> bool {
        self.info.imports_wasi()
    }

    pub(crate) fn bound(&self) -> &Bound {
        &self.bound
    }
}
