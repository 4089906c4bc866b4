//! What one `record_execution_step` costs in process: the engine on the embedded default
//! policy (both default WebAssembly stages, `reuse` isolation), a real redb file and a file
//! human channel.
//!
//! - `step/allowed`: enforcing, actions the defaults let through (the common case: the agent is
//!   told to go on). Executions are restarted outside the timed region when their step limit
//!   nears.
//! - `step/allowed-below-danger-2`: the same, without the allowed actions of danger 2 or more,
//!   whose audit entry is durable before the answer (one fsync each, a few percent of them).
//! - `step/monitoring-corpus`: monitoring mode over the whole hint corpus. Monitoring evaluates
//!   every stage and reports accurate factors but creates no block, challenge or approval, so
//!   every hint (denied, paused, allowed) is decided in full and nothing accumulates.
//! - `step/stop`: enforcing, a denied action: the stop directive is returned only after the
//!   block and its challenge are durable in redb and the code is written to the human channel.
//!   The block is lifted (an operator override) outside the timed region.
//!
//! Needs the guest components (`just guests`, or `AIRLOCK_GUESTS_DIR`).

// Benches are not documented API.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use airlock_benches::hint_corpus;
use airlock_benches::stack::{STEPS_PER_EXECUTION, Stack, StackMode};
use airlock_engine::{HumanChannel, StartRequest, StepOutcome, StepReport};
use airlock_wasm::Action;
use criterion::{Criterion, criterion_group, criterion_main};

fn report(agent: &str, hint: &str) -> StepReport {
    StepReport {
        agent: agent.into(),
        hint: hint.into(),
        outcome: Some(StepOutcome::Success),
        ..StepReport::default()
    }
}

fn start(stack: &Stack, agent: &str) {
    stack
        .engine
        .execute_agent(StartRequest {
            agent: agent.into(),
            ..StartRequest::default()
        })
        .expect("execute_agent");
}

fn end(stack: &Stack, agent: &str) {
    stack
        .engine
        .complete_execution(agent, None, None)
        .expect("complete_execution");
}

/// A new agent name for each execution: the step limit counts an agent's steps across its
/// executions, so one name would turn the bench's later steps into step-limit pauses.
fn fresh(agent: &str) -> String {
    static EXECUTIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = EXECUTIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{agent}-{n}")
}

/// Runs `iters` steps of `hints` (cycled) for `agent`, timing only the steps.
fn timed_steps(stack: &Stack, agent: &str, hints: &[String], iters: u64) -> Duration {
    let mut total = Duration::ZERO;
    let mut done = 0u64;
    while done < iters {
        let agent = &fresh(agent);
        start(stack, agent);
        let batch = STEPS_PER_EXECUTION.min(iters - done);
        let began = Instant::now();
        for i in 0..batch {
            let hint = &hints[((done + i) as usize) % hints.len()];
            let answer = stack.engine.record_execution_step(report(agent, hint));
            let answer = answer.expect("record_execution_step");
            // A stop would block the agent and turn the rest of the bench into refusals.
            assert_ne!(
                answer.directive.stopped,
                Some(true),
                "{hint} stopped: {answer:?}"
            );
            black_box(answer);
        }
        total += began.elapsed();
        done += batch;
        end(stack, agent);
    }
    total
}

fn steps(c: &mut Criterion) {
    let mut group = c.benchmark_group("step");

    // Allowed actions, enforcing. Each is checked to continue, or the bench would measure
    // pauses (and the step limit of paused executions) instead.
    let enforcing = Stack::new(StackMode::Enforcing);
    let corpus = hint_corpus();
    let allowed = enforcing.allowed(&corpus);
    assert!(
        allowed.len() >= 100,
        "too few allowed hints ({}) for a fair mix",
        allowed.len()
    );
    group.bench_function("allowed", |b| {
        b.iter_custom(|iters| timed_steps(&enforcing, "bench-allowed", &allowed, iters))
    });

    // The allowed actions below danger 2: no durable audit entry (an fsync) before the
    // answer, which `allowed` pays for the few of its actions at danger 2 or more.
    let light = enforcing.below_danger_2(&allowed);
    group.bench_function("allowed-below-danger-2", |b| {
        b.iter_custom(|iters| timed_steps(&enforcing, "bench-light", &light, iters))
    });

    // The same actions through the WebAssembly stages alone (what `record_execution_step`
    // calls in its unlocked phase): the difference to `allowed` is the engine's own work.
    let policy = enforcing.engine.policy().current();
    let actions: Vec<Action> = allowed
        .iter()
        .map(|h| Action::from_hint(h.as_str()))
        .collect();
    let mut next = 0;
    group.bench_function("allowed-stages-only", |b| {
        b.iter(|| {
            next = (next + 1) % actions.len();
            black_box(policy.evaluate(&actions[next]))
        })
    });

    // Every hint of the corpus, monitoring.
    let monitoring = Stack::new(StackMode::Monitoring);
    group.bench_function("monitoring-corpus", |b| {
        b.iter_custom(|iters| timed_steps(&monitoring, "bench-monitoring", &corpus, iters))
    });

    // A stop: the durable block commit is on this path, and only on this one.
    // A hard block: the danger_zone tier (`drop table` is verify since #13, not a block).
    let denied = "rm -rf /";
    group.bench_function("stop", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let agent = &fresh("bench-stop");
                start(&enforcing, agent);
                let began = Instant::now();
                let answer = enforcing
                    .engine
                    .record_execution_step(report(agent, denied))
                    .expect("record_execution_step");
                total += began.elapsed();
                assert_eq!(answer.directive.stopped, Some(true), "{denied} must stop");
                enforcing
                    .engine
                    .override_block(
                        agent,
                        HumanChannel::OperatorCli {
                            user: "bench".into(),
                        },
                        "benchmark",
                    )
                    .expect("override");
                // The stop ended nothing; a new execution would be refused while one runs.
                let _ = enforcing.engine.abort_execution(agent, None, None);
            }
            total
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = steps
}
criterion_main!(benches);
