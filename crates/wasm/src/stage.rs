//! The machinery both kinds of stage share: creating configured instances, the pool of warm
//! instances, per-call limits, and turning every way a call can go wrong into a
//! [`StageFailure`] so the stage can fail closed.

use std::sync::{Arc, Mutex, PoisonError};

use wasmtime::Store;
use wasmtime::component::{ComponentType, Lift, TypedFunc};

use crate::bindings::wit;
use crate::budget::FIRST_CHECK_TICKS;
use crate::error::StageError;
use crate::failure::{self, FailureKind, Phase, StageFailure};
use crate::host::{HostShared, WasmHost};
use crate::inspect::World;
use crate::loaded::{Bound, LoadedComponent};
use crate::settings::{Isolation, Limits, StageSettings};
use crate::state::GuestState;
use crate::stats::{Counters, StageStats};

/// The most idle instances a reuse stage keeps; more concurrent callers than this still get
/// instances, which are dropped instead of pooled when they are done.
const MAX_IDLE: usize = 64;

/// What differs between the worlds: the evaluation function's result type.
pub(crate) trait GuestWorld: 'static {
    /// The evaluation function's result.
    type Output: ComponentType + Lift + 'static;
    /// The world.
    const WORLD: World;
}

/// `configure`'s signature.
type ConfigureFunc = TypedFunc<(String,), (Result<(), String>,)>;

/// A configured instance in its own store.
struct Worker<G: GuestWorld> {
    store: Store<GuestState>,
    evaluate: TypedFunc<(wit::Action,), (G::Output,)>,
    calls: u32,
}

/// Why a new instance is not usable.
enum SetupError {
    /// The guest's `configure` returned an error.
    Configure(String),
    /// It trapped, timed out, hit its memory cap or could not be instantiated.
    Failed(StageFailure),
}

impl SetupError {
    fn into_failure(self) -> StageFailure {
        match self {
            SetupError::Configure(message) => StageFailure::new(
                FailureKind::Instantiate,
                format!("the guest rejected its config on a new instance: {message}"),
            ),
            SetupError::Failed(failure) => failure,
        }
    }
}

/// A stage of world `G`.
pub(crate) struct StageCore<G: GuestWorld> {
    shared: Arc<HostShared>,
    bound: Bound,
    origin: String,
    config_json: String,
    limits: Limits,
    isolation: Isolation,
    idle: Mutex<Vec<Worker<G>>>,
    counters: Counters,
}

impl<G: GuestWorld> StageCore<G> {
    /// Checks the component and settings, and creates and configures a first instance so a bad
    /// config fails here, with the guest's own message.
    pub(crate) fn new<F>(
        host: &WasmHost,
        component: &LoadedComponent,
        settings: &StageSettings<F>,
    ) -> Result<Self, StageError> {
        let origin = component.origin().to_string();
        if component.world() != G::WORLD {
            return Err(StageError::WrongWorld {
                origin,
                expected: G::WORLD,
                found: component.world(),
            });
        }
        let bound = component.bound().clone();
        let shared = Arc::clone(host.shared());
        if let Some(reason) = settings.problem(shared.max_memory_bytes) {
            return Err(StageError::Settings { origin, reason });
        }
        let core = StageCore {
            shared,
            bound,
            origin,
            config_json: settings.config_json.clone(),
            limits: settings.limits,
            isolation: settings.isolation,
            idle: Mutex::new(Vec::new()),
            counters: Counters::default(),
        };
        let first = core.new_worker().map_err(|e| match e {
            SetupError::Configure(message) => StageError::Configure {
                origin: core.origin.clone(),
                message,
            },
            SetupError::Failed(failure) => StageError::Start {
                origin: core.origin.clone(),
                failure,
            },
        })?;
        if let Isolation::Reuse { .. } = core.isolation {
            core.give_back(first);
        }
        Ok(core)
    }

    /// The component's name.
    pub(crate) fn origin(&self) -> &str {
        &self.origin
    }

    /// The stage's limits.
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The counters so far.
    pub(crate) fn stats(&self) -> StageStats {
        self.counters.snapshot()
    }

    /// Evaluates `action` (converted once by the caller, [`Action::to_wit`], so the stages of
    /// a policy set share one conversion) on an instance and validates the output with `check`
    /// (an `Err` is an invalid result). Never panics; every failure comes back as a
    /// [`StageFailure`], already counted and logged, and the instance involved is discarded.
    pub(crate) fn run<T>(
        &self,
        action: &wit::Action,
        check: impl FnOnce(G::Output) -> Result<T, String>,
    ) -> Result<T, StageFailure> {
        self.counters.call();
        let worker = match self.isolation {
            Isolation::Fresh => self.new_worker(),
            Isolation::Reuse { .. } => match self.take_idle() {
                Some(worker) => Ok(worker),
                None => self.new_worker(),
            },
        };
        let mut worker = worker.map_err(|e| self.failed(e.into_failure()))?;

        worker.store.data_mut().begin_entry(self.limits.deadline);
        worker.store.set_epoch_deadline(FIRST_CHECK_TICKS);
        // The action is lowered from a reference, so no stage clones it. SAFETY:
        // `worker.evaluate` was type-checked against the component by `get_typed_func` for
        // `(wit::Action,) -> (G::Output,)`, on this instance of this store; wasmtime's
        // `ComponentType` and `Lower` for `&T` forward to `T` (same type check, size,
        // alignment and lowering), so `(&wit::Action,)` is exactly the checked signature.
        #[allow(unsafe_code)]
        let evaluate = unsafe {
            TypedFunc::<(&wit::Action,), (G::Output,)>::new_unchecked(*worker.evaluate.func())
        };
        let result = evaluate.call(&mut worker.store, (action,));
        worker.store.data().flush_output(&self.origin);
        let cx = self.context(&worker.store, self.limits.deadline);
        match result {
            // The guest answered, but only after a wait was cut at its deadline.
            Ok(_) if cx.overslept => Err(self.failed(failure::timeout(cx))),
            Ok((output,)) => match check(output) {
                Ok(value) => {
                    worker.calls = worker.calls.saturating_add(1);
                    self.give_back(worker);
                    Ok(value)
                }
                Err(message) => {
                    Err(self.failed(StageFailure::new(FailureKind::InvalidResult, message)))
                }
            },
            Err(e) => Err(self.failed(failure::classify(&e, Phase::Call, cx))),
        }
    }

    /// A new instance, configured.
    fn new_worker(&self) -> Result<Worker<G>, SetupError> {
        self.counters.instance();
        let mut store = Store::new(
            &self.shared.engine,
            GuestState::new(self.limits.memory_bytes),
        );
        store.limiter(|state| &mut state.cap);
        store.set_hostcall_fuel(self.limits.max_result_bytes);
        // Deadlines count CPU time (budget.rs): the callback decides when the epoch says so.
        store.epoch_deadline_callback(|mut cx| Ok(cx.data_mut().budget.check()));
        store.data_mut().begin_entry(self.limits.setup_deadline);
        store.set_epoch_deadline(FIRST_CHECK_TICKS);
        let setup = self.instantiate(&mut store);
        store.data().flush_output(&self.origin);
        let cx = self.context(&store, self.limits.setup_deadline);
        match setup {
            Ok(_) if cx.overslept => Err(SetupError::Failed(failure::timeout(cx))),
            Ok((evaluate, Ok(()))) => Ok(Worker {
                store,
                evaluate,
                calls: 0,
            }),
            Ok((_, Err(message))) => Err(SetupError::Configure(message)),
            Err(e) => Err(SetupError::Failed(failure::classify(&e, Phase::Setup, cx))),
        }
    }

    /// Instantiates the component in `store`, finds its functions and calls `configure`.
    #[allow(clippy::type_complexity)]
    fn instantiate(
        &self,
        store: &mut Store<GuestState>,
    ) -> wasmtime::Result<(TypedFunc<(wit::Action,), (G::Output,)>, Result<(), String>)> {
        let instance = self.bound.pre.instantiate(&mut *store)?;
        let configure: ConfigureFunc =
            instance.get_typed_func(&mut *store, self.bound.configure)?;
        let evaluate = instance.get_typed_func(&mut *store, self.bound.evaluate)?;
        let (configured,) = configure.call(&mut *store, (self.config_json.clone(),))?;
        Ok((evaluate, configured))
    }

    fn context(
        &self,
        store: &Store<GuestState>,
        deadline: std::time::Duration,
    ) -> failure::Context {
        failure::Context {
            memory_refused: store.data().cap.refused(),
            overslept: store.data().overslept(),
            exceeded: store.data().budget.exceeded(),
            memory_bytes: self.limits.memory_bytes,
            deadline,
        }
    }

    fn take_idle(&self) -> Option<Worker<G>> {
        // A poisoned lock means a panic elsewhere while holding it; the Vec is still a Vec.
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop()
    }

    /// Returns a healthy instance to the pool, unless it is due for recycling (or the stage is
    /// fresh, or the pool is full): then it is dropped.
    fn give_back(&self, worker: Worker<G>) {
        let Isolation::Reuse { recycle_after } = self.isolation else {
            return;
        };
        if worker.calls >= recycle_after {
            return;
        }
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < MAX_IDLE {
            idle.push(worker);
        }
    }

    /// Counts and logs a failure.
    fn failed(&self, failure: StageFailure) -> StageFailure {
        self.counters.failure(failure.kind);
        tracing::warn!(
            origin = %self.origin,
            kind = %failure.kind,
            message = %failure.message,
            "guest failed: the stage fails closed to its fallback"
        );
        failure
    }
}
