//! airlock-wasm: the wasmtime host for airlock's guest policies.
//!
//! A guest policy is a WebAssembly component that implements one world of the WIT contract in
//! `wit/policy.wit`: a **scorer** (an action in, a 0-100 risk score with its factors out) or a
//! **pattern stage** (an action in, a verdict with the patterns that matched out). Organizations
//! write them in any language that targets the component model, and airlock runs them as
//! untrusted code. Everything in this crate follows from that last point.
//!
//! # Why it is built this way
//!
//! - **Fail closed.** A guest that traps, runs past its deadline, hits its memory cap or returns
//!   an invalid result never decides anything: the stage answers with its configured fallback
//!   (score 100 for a scorer, `deny` for a pattern stage), says why in a factor
//!   (`guest.<kind>`) and in a typed [`StageFailure`], and counts it in [`StageStats`]. No call
//!   panics and no partial guest result ever leaves the stage. The next call gets a new instance.
//! - **Isolation is a setting, not a guess.** [`Isolation::Fresh`] instantiates a new store per
//!   call, so no state can leak between actions; [`Isolation::Reuse`] keeps a pool of warm
//!   instances (one per concurrent caller) and recycles each every `recycle_after` calls, which
//!   is an order of magnitude cheaper. Both are cheap enough to be real choices because
//!   components are compiled once, pre-instantiated ([`wasmtime::component::InstancePre`]) and
//!   instantiated from the pooling allocator.
//! - **Limits per call, enforced by the engine.** An epoch ticker thread advances the engine's
//!   epoch every millisecond (following the wall clock, so deadlines do not drift) and every
//!   call gets an epoch deadline. The deadline counts the guest thread's CPU time (`budget.rs`):
//!   an infinite loop is stopped within its deadline plus about two ticks, a call preempted on
//!   an overloaded machine is not failed for waiting, and any call is stopped at ten times its
//!   deadline of wall-clock time. A WASI sleep is cut at the deadline too, because epochs stop
//!   wasm code, not a host call. A [`wasmtime::ResourceLimiter`] caps each instance's memory.
//!   What the host copies out of a result is bounded ([`Limits::max_result_bytes`]: a guest can
//!   alias one buffer from a million small records), and the factors kept are capped in count
//!   and bytes before they reach the rest of airlock.
//! - **No ambient authority.** A component that imports nothing gets nothing. Components from
//!   other toolchains (componentize-py, jco) import WASI 0.2; those get a WASI with no files,
//!   no network, no environment, no arguments and no stdin, and their stdout/stderr go to
//!   bounded in-memory pipes that are logged and discarded. WASI is linked only for components
//!   that import it.
//! - **Refuse early, explain precisely.** [`WasmHost::load`] checks what a component exports
//!   before anything runs: a core module, a component for an incompatible version of the
//!   contract, or one that implements neither world is refused with an error naming what was
//!   expected and what was found. A scorer's bad configuration fails at [`ScorerStage::new`]
//!   with the guest's own message.
//! - **Restarts do not recompile.** An optional on-disk precompile cache keyed by the sha256 of
//!   the component and the engine's compatibility hash turns a compile of seconds into a load
//!   of milliseconds; cache entries are integrity-checked and a bad one is recompiled, not
//!   trusted.

#![deny(missing_docs)]

mod action;
mod bindings;
mod budget;
mod cache;
mod cache_purge;
mod error;
mod failure;
pub mod guest_result;
mod host;
mod inspect;
mod limiter;
mod loaded;
mod patterns;
mod pipe;
mod policy_set;
mod precompiled;
mod reload;
mod scorer;
mod settings;
mod sleep;
mod stage;
mod state;
mod stats;
mod ticker;
mod vectors;
mod version;
mod wasi;

pub use action::Action;
pub use error::{HostError, LoadError, StageError};
pub use failure::{FailureKind, StageFailure};
pub use host::{HostConfig, WasmHost};
pub use inspect::{ComponentInfo, World, inspect};
pub use loaded::{LoadSource, LoadedComponent};
pub use patterns::{Matched, PatternStage, Verdict};
pub use policy_set::{
    Builtins, Evaluation, LoadedStage, PolicyLoadError, PolicySet, PolicySource, StageFactor,
    StageFailed, StagePattern, StageRunner, combine_scores,
};
pub use precompiled::{PRECOMPILED_TARGET, Precompiled, precompile_builtin};
pub use reload::{DEFAULT_DEBOUNCE, LivePolicy, PolicyWatcher, ReloadStatus};
pub use scorer::{GuestFactor, Scored, ScorerStage};
pub use settings::{Isolation, Limits, PatternSettings, ScorerSettings, StageSettings};
pub use stats::{FailureCounts, StageStats};
pub use vectors::{Expectation, ScoreRange, TestVector, VectorAction, VectorResult};
pub use version::{WIT_VERSION, accepted_range};
