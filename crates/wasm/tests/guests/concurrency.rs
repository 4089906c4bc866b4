//! One reuse stage, many threads.

use airlock_wasm::{Action, Isolation, ScorerSettings, ScorerStage};
use std::sync::Arc;

use crate::common::{host, load, relaxed};

const THREADS: usize = 8;
const CALLS_PER_THREAD: usize = 200;

#[test]
fn eight_threads_share_one_reuse_stage() {
    // 8 threads on 2 cores are preempted for longer than the default 10 ms: see `relaxed`.
    let settings = ScorerSettings::default().with_limits(relaxed());
    let stage =
        Arc::new(ScorerStage::new(host(), &load("default-scorer"), settings).expect("stage"));
    let expected = stage.score(&Action::from_hint("rm -rf /")).value;
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            let stage = Arc::clone(&stage);
            std::thread::spawn(move || {
                for i in 0..CALLS_PER_THREAD {
                    let hint = if i % 2 == 0 { "rm -rf /" } else { "list files" };
                    let scored = stage.score(&Action::from_hint(hint));
                    assert_eq!(scored.failure, None, "thread {t} call {i}: {scored:?}");
                    if i % 2 == 0 {
                        assert_eq!(scored.value, expected, "thread {t} call {i}");
                    }
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("a thread panicked");
    }
    let stats = stage.stats();
    assert_eq!(stats.calls, (THREADS * CALLS_PER_THREAD + 1) as u64);
    assert_eq!(stats.failures.total(), 0);
    // At most one instance per concurrent caller, plus the one `new` configured.
    assert!(stats.instances <= THREADS as u64 + 1, "{stats:?}");
}

#[test]
fn instances_are_recycled() {
    let settings = ScorerSettings::default()
        .with_isolation(Isolation::Reuse { recycle_after: 3 })
        .with_limits(relaxed());
    let stage = ScorerStage::new(host(), &load("default-scorer"), settings).expect("stage");
    for _ in 0..9 {
        assert_eq!(stage.score(&Action::from_hint("ls")).failure, None);
    }
    // The first instance serves 3 calls, then each new one 3 more: 3 instances for 9 calls,
    // and the third is retired after its last call.
    assert_eq!(stage.stats().instances, 3);
}

#[test]
fn stages_are_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<airlock_wasm::ScorerStage>();
    assert_send_sync::<airlock_wasm::PatternStage>();
    assert_send_sync::<airlock_wasm::WasmHost>();
    assert_send_sync::<airlock_wasm::LoadedComponent>();
}
