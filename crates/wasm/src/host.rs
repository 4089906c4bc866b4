//! The host: one wasmtime engine per process, its epoch ticker, its linkers and its precompile
//! cache; and loading components into it.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use wasmtime::component::{Component, Linker};
use wasmtime::{Config, Engine, InstanceAllocationStrategy, PoolingAllocationConfig};

use crate::bindings::{patterns::PatternStagePre, scorer::RiskScorerPre};
use crate::cache::PrecompileCache;
use crate::error::{HostError, LoadError};
use crate::inspect::{World, inspect_named};
use crate::limiter::MAX_TABLE_ELEMENTS;
use crate::loaded::{Bound, LoadSource, LoadedComponent};
use crate::precompiled::Precompiled;
use crate::state::GuestState;
use crate::ticker::EpochTicker;
use crate::version::{self, PATTERNS_INTERFACE, SCORER_INTERFACE, TYPES_INTERFACE, WIT_VERSION};
use crate::wasi::wasi_linker;

/// How the host is set up. The defaults suit one airlock process with a handful of stages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostConfig {
    /// Where compiled components are cached across restarts; `None` for no cache.
    pub cache_dir: Option<PathBuf>,
    /// How many instances may exist at once, over all stages (the pooling allocator's size).
    /// A reuse stage keeps one per concurrent caller, a fresh stage one per call in flight.
    pub max_instances: u32,
    /// The most memory any one instance may be given; each stage's `Limits::memory_bytes`
    /// must be at most this. It sizes the pooling allocator's memory slots.
    pub max_memory_bytes: usize,
}

impl Default for HostConfig {
    fn default() -> Self {
        HostConfig {
            cache_dir: None,
            max_instances: 256,
            max_memory_bytes: 256 << 20,
        }
    }
}

/// What stages share with the host. Stages hold it too, so the epoch keeps ticking (and
/// deadlines keep working) for as long as any stage lives.
pub(crate) struct HostShared {
    pub(crate) engine: Engine,
    pub(crate) max_memory_bytes: usize,
    _ticker: EpochTicker,
}

/// The wasmtime host: create one per process and load every guest component through it.
///
/// It owns an engine with the component model, the pooling allocator, epoch interruption
/// (ticked every millisecond by a thread that stops when the host and all its stages are
/// dropped) and parallel compilation.
pub struct WasmHost {
    shared: Arc<HostShared>,
    plain: Linker<GuestState>,
    wasi: Linker<GuestState>,
    cache: Option<PrecompileCache>,
    /// The components this host compiled or took from the cache, by the sha256 of their bytes,
    /// most recent last: a hot reload that finds the same bytes (a `policy.json` edit leaves
    /// the components as they were) takes the compiled code already in memory instead of
    /// reading and copying the 8 MB cache entry of the default scorer again, which under load
    /// showed as resident memory the allocator kept.
    loaded: Mutex<Vec<(String, Component)>>,
}

/// How many compiled components a host keeps for reloads: a policy with many stages, and the
/// generation before it.
const KEPT_COMPONENTS: usize = 16;

impl std::fmt::Debug for WasmHost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WasmHost")
            .field("cache", &self.cache)
            .field("max_memory_bytes", &self.shared.max_memory_bytes)
            .finish_non_exhaustive()
    }
}

impl WasmHost {
    /// A host with the given configuration.
    pub fn new(config: HostConfig) -> Result<Self, HostError> {
        let engine = Engine::new(&engine_config(&config)).map_err(|e| HostError::Engine {
            reason: format!("{e:#}"),
        })?;
        let wasi = wasi_linker(&engine).map_err(|e| HostError::Wasi {
            reason: format!("{e:#}"),
        })?;
        let cache = match &config.cache_dir {
            Some(dir) => Some(PrecompileCache::open(dir, &engine)?),
            None => None,
        };
        let ticker = EpochTicker::start(engine.clone()).map_err(|e| HostError::Engine {
            reason: format!("cannot start the epoch ticker thread: {e}"),
        })?;
        Ok(WasmHost {
            plain: Linker::new(&engine),
            wasi,
            cache,
            loaded: Mutex::new(Vec::new()),
            shared: Arc::new(HostShared {
                engine,
                max_memory_bytes: config.max_memory_bytes,
                _ticker: ticker,
            }),
        })
    }

    /// The wasmtime engine.
    pub fn engine(&self) -> &Engine {
        &self.shared.engine
    }

    pub(crate) fn shared(&self) -> &Arc<HostShared> {
        &self.shared
    }

    /// Loads a component: checks what it implements, compiles it (or takes it from the
    /// precompile cache), links it (WASI only if it imports WASI) and pre-instantiates it.
    ///
    /// `origin` names it in errors and logs (a file path, usually).
    pub fn load(&self, bytes: &[u8], origin: &str) -> Result<LoadedComponent, LoadError> {
        self.load_with(bytes, origin, None)
    }

    /// Loads a built-in component with the native code the binary carries for it
    /// ([`Precompiled`]): no compiling and no cache read when this engine accepts the artifact;
    /// otherwise (another wasmtime or configuration) as [`WasmHost::load`] does.
    ///
    /// `precompiled.source_sha256` must be the sha256 of `bytes` (the generated built-ins
    /// guarantee it): it is taken as the component's digest instead of hashing the bytes again.
    pub fn load_precompiled(
        &self,
        bytes: &[u8],
        origin: &str,
        precompiled: &Precompiled,
    ) -> Result<LoadedComponent, LoadError> {
        self.load_with(bytes, origin, Some(precompiled))
    }

    fn load_with(
        &self,
        bytes: &[u8],
        origin: &str,
        precompiled: Option<&Precompiled>,
    ) -> Result<LoadedComponent, LoadError> {
        let info = inspect_named(bytes, origin, precompiled.map(|p| p.source_sha256))?;
        check_world(&info, origin)?;
        check_imports(&info, origin)?;

        let started = Instant::now();
        let (component, source) = self.compile(bytes, &info.sha256, origin, precompiled)?;
        let load_time = started.elapsed();

        let uses_wasi = info.imports_wasi();
        let linker = if uses_wasi { &self.wasi } else { &self.plain };
        let compile_err = |e: wasmtime::Error| LoadError::Compile {
            origin: origin.to_string(),
            reason: format!("{e:#}"),
        };
        let pre = linker.instantiate_pre(&component).map_err(compile_err)?;
        // The generated bindings check every exported function's type against the contract,
        // so a mismatch is refused here rather than at the first call.
        let evaluate = match info.world {
            World::Scorer => {
                RiskScorerPre::new(pre.clone()).map_err(compile_err)?;
                "score"
            }
            World::Patterns => {
                PatternStagePre::new(pre.clone()).map_err(compile_err)?;
                "evaluate"
            }
            // `check_world` refused it.
            World::None => {
                return Err(LoadError::NoWorld {
                    origin: origin.to_string(),
                    exports: info.exports.clone(),
                    expected: WIT_VERSION.to_string(),
                });
            }
        };
        let missing = |name: &str| LoadError::Compile {
            origin: origin.to_string(),
            reason: format!("it does not export `{name}`"),
        };
        let interface_name = info.world_export.as_deref().unwrap_or_default();
        let interface = component
            .get_export_index(None, interface_name)
            .ok_or_else(|| missing(interface_name))?;
        let bound = Bound {
            configure: component
                .get_export_index(Some(&interface), "configure")
                .ok_or_else(|| missing("configure"))?,
            evaluate: component
                .get_export_index(Some(&interface), evaluate)
                .ok_or_else(|| missing(evaluate))?,
            pre,
        };
        tracing::debug!(origin, world = %info.world, ?source, ?load_time, uses_wasi, "component loaded");
        Ok(LoadedComponent::new(
            origin.to_string(),
            info,
            bound,
            source,
            load_time,
        ))
    }

    /// The compiled component, from the cache when it has a sound entry.
    fn compile(
        &self,
        bytes: &[u8],
        sha256: &str,
        origin: &str,
        precompiled: Option<&Precompiled>,
    ) -> Result<(Component, LoadSource), LoadError> {
        let engine = &self.shared.engine;
        if let Some(component) = self.kept(sha256) {
            return Ok((component, LoadSource::Memory));
        }
        if let Some(precompiled) = precompiled {
            match crate::precompiled::deserialize(engine, precompiled, self.cache.as_ref()) {
                Ok(component) => {
                    self.keep(sha256, &component);
                    return Ok((component, LoadSource::Precompiled));
                }
                // Stale artifacts (another wasmtime) are a build mistake worth a warning; the
                // component is still loaded, from the cache or compiled.
                Err(reason) => tracing::warn!(
                    origin,
                    %reason,
                    "this engine refused the built-in's precompiled code: compiling it instead"
                ),
            }
        }
        if let Some(component) = self
            .cache
            .as_ref()
            .and_then(|cache| cache.load(engine, sha256, origin))
        {
            self.keep(sha256, &component);
            return Ok((component, LoadSource::Cache));
        }
        let component = Component::new(engine, bytes).map_err(|e| LoadError::Compile {
            origin: origin.to_string(),
            reason: format!("{e:#}"),
        })?;
        if let Some(cache) = &self.cache {
            cache.store(&component, sha256, origin);
        }
        self.keep(sha256, &component);
        Ok((component, LoadSource::Compiled))
    }

    /// A component this host already has for these bytes (a clone shares the compiled code).
    fn kept(&self, sha256: &str) -> Option<Component> {
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        let at = loaded.iter().position(|(digest, _)| digest == sha256)?;
        let entry = loaded.remove(at);
        let component = entry.1.clone();
        loaded.push(entry);
        Some(component)
    }

    fn keep(&self, sha256: &str, component: &Component) {
        let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
        loaded.retain(|(digest, _)| digest != sha256);
        if loaded.len() == KEPT_COMPONENTS {
            loaded.remove(0);
        }
        loaded.push((sha256.to_owned(), component.clone()));
    }
}

/// Refuses components for another version of the contract, or for no world at all.
fn check_world(info: &crate::ComponentInfo, origin: &str) -> Result<(), LoadError> {
    let interface = match info.world {
        World::Scorer => SCORER_INTERFACE,
        World::Patterns => PATTERNS_INTERFACE,
        World::None => {
            return Err(LoadError::NoWorld {
                origin: origin.to_string(),
                exports: info.exports.clone(),
                expected: WIT_VERSION.to_string(),
            });
        }
    };
    let found = info.wit_version.as_deref();
    if !found.is_some_and(version::is_compatible) {
        return Err(LoadError::IncompatibleVersion {
            origin: origin.to_string(),
            interface: interface.to_string(),
            expected: WIT_VERSION.to_string(),
            found: found.unwrap_or("none").to_string(),
        });
    }
    Ok(())
}

/// Refuses imports airlock does not provide. Allowed: WASI (linked capability-less) and the
/// contract's own `types` interface, which holds only types (componentize-py imports it; it needs
/// no definition, wasmtime matches its types structurally).
fn check_imports(info: &crate::ComponentInfo, origin: &str) -> Result<(), LoadError> {
    let mut foreign = Vec::new();
    for name in &info.imports {
        if name.starts_with("wasi:") {
            continue;
        }
        let (interface, found) = version::split_versioned(name);
        if interface == TYPES_INTERFACE {
            if found.is_some_and(version::is_compatible) {
                continue;
            }
            return Err(LoadError::IncompatibleVersion {
                origin: origin.to_string(),
                interface: interface.to_string(),
                expected: WIT_VERSION.to_string(),
                found: found.unwrap_or("none").to_string(),
            });
        }
        foreign.push(name.clone());
    }
    if foreign.is_empty() {
        Ok(())
    } else {
        Err(LoadError::UnsupportedImports {
            origin: origin.to_string(),
            imports: foreign,
        })
    }
}

/// The engine configuration: component model, pooling allocator, epochs, parallel compilation.
pub(crate) fn engine_config(config: &HostConfig) -> Config {
    let instances = config.max_instances.max(1);
    let mut pool = PoolingAllocationConfig::new();
    pool.total_component_instances(instances)
        // Components built by componentize-py link a dozen core modules (libc, CPython,
        // adapters); Rust guests have one or two.
        .total_core_instances(instances.saturating_mul(16))
        .max_core_instances_per_component(64)
        .total_memories(instances.saturating_mul(2))
        .max_memories_per_component(4)
        .total_tables(instances.saturating_mul(4))
        .max_tables_per_component(16)
        .table_elements(MAX_TABLE_ELEMENTS)
        // Fiber stacks serve async calls only (wasmtime-wasi turns wasmtime's `async` feature
        // on; airlock's stores are synchronous). The default pool of 1,000 stacks cost 2,000
        // guard-page `mprotect` calls per process: a visible part of an `airlock hook` call.
        .total_stacks(instances)
        .max_memory_size(config.max_memory_bytes)
        // Keep a little of each slot's memory and table resident so a fresh instance does not
        // fault in its first pages again.
        .linear_memory_keep_resident(64 << 10)
        .table_keep_resident(16 << 10);

    let mut cfg = Config::new();
    cfg.wasm_component_model(true)
        .epoch_interruption(true)
        .parallel_compilation(true)
        .allocation_strategy(InstanceAllocationStrategy::Pooling(pool));
    cfg
}
