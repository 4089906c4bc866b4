//! What one `record_execution_step` costs in process: the engine on the embedded default
//! policy (both default WebAssembly stages, `reuse` isolation), a real redb file and a file
//! human channel.
//!
//! - `step/allowed`: enforcing, actions the defaults let through (the common case: the agent is
//!   told to go on). Executions are restarted outside the timed region when their step limit
//!   nears.
//! - `step/allowed-below-danger-2`: the same, without the allowed actions of danger 2 or more,
//!   whose audit entry is durable before the answer (one fsync each, a few percent of them).
//! - `step/allowed-stages-only`, `step/allowed-stages-recent-8`: the same actions through the
//!   stages alone (`PolicySet::evaluate`), without and with 8 recent hints each.
//! - `step/monitoring-corpus`: monitoring mode over the whole hint corpus. Monitoring evaluates
//!   every stage and reports accurate factors but creates no block, challenge or approval, so
//!   every hint (denied, paused, allowed) is decided in full and nothing accumulates.
//! - `history/first-step`, `history/late-step`: the first step of an execution against the
//!   steps after its 8th (its recent hints full), the same allowed actions, enforcing. Their
//!   ratio is what an execution's history costs a step; it must stay near 1.
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
use airlock_core::stages::MAX_RECENT_HINTS;
use airlock_engine::{HumanChannel, StartRequest, StepOutcome, StepReport};
use airlock_wasm::Action;
use criterion::{Criterion, criterion_group, criterion_main};

/// How many recent hints an execution keeps and the default scorer receives.
const RECENT_HINTS: usize = MAX_RECENT_HINTS as usize;

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

    // The same actions each with the 8 hints before it (the allowed list cycled) as its recent
    // hints, as the stages get them from the ninth step of an execution on: the default scorer
    // reads every recent hint for what it carries to the action. Against
    // `allowed-stages-only`, the cost of that reading (it must stay a fraction of one action,
    // not a multiple).
    let with_recent: Vec<Action> = (0..allowed.len())
        .map(|i| Action {
            recent_hints: (1..=RECENT_HINTS)
                .rev()
                .map(|back| allowed[(i + allowed.len() - back) % allowed.len()].clone())
                .collect(),
            ..Action::from_hint(allowed[i].as_str())
        })
        .collect();
    let mut next = 0;
    group.bench_function("allowed-stages-recent-8", |b| {
        b.iter(|| {
            next = (next + 1) % with_recent.len();
            black_box(policy.evaluate(&with_recent[next]))
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

/// A step of an execution with a history against a first step: the engine keeps an
/// execution's recent hints and counters, and the default scorer reads every recent hint for
/// what it carries to the action (a download then running it), so a late step could cost a
/// multiple of a first one and `step/allowed` (mostly late steps) would hide why.
/// One step of an allowed action, timed: the time `record_execution_step` took (an action
/// the defaults stop would measure the stop path instead, so it fails the bench).
fn allowed_step(stack: &Stack, agent: &str, hint: &str) -> Duration {
    let began = Instant::now();
    let answer = stack
        .engine
        .record_execution_step(report(agent, hint))
        .expect("record_execution_step");
    let took = began.elapsed();
    assert_ne!(
        answer.directive.stopped,
        Some(true),
        "{hint} stopped: {answer:?}"
    );
    black_box(answer);
    took
}

fn history(c: &mut Criterion) {
    let mut group = c.benchmark_group("history");
    let enforcing = Stack::new(StackMode::Enforcing);
    let allowed = enforcing.allowed(&hint_corpus());
    // Each first step needs an execution started and ended around it (two durable writes,
    // untimed): few, short samples keep the run to seconds.
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let mut at = 0;
    group.bench_function("first-step", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let agent = &fresh("bench-first");
                start(&enforcing, agent);
                at = (at + 1) % allowed.len();
                total += allowed_step(&enforcing, agent, &allowed[at]);
                end(&enforcing, agent);
            }
            total
        })
    });
    // The same actions after RECENT_HINTS untimed steps of the same execution: every timed
    // step has a full list of recent hints.
    let mut at = 0;
    group.bench_function("late-step", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            let mut done = 0u64;
            while done < iters {
                let agent = &fresh("bench-late");
                start(&enforcing, agent);
                let batch = (STEPS_PER_EXECUTION - RECENT_HINTS as u64).min(iters - done);
                for i in 0..RECENT_HINTS as u64 + batch {
                    at = (at + 1) % allowed.len();
                    let took = allowed_step(&enforcing, agent, &allowed[at]);
                    if i >= RECENT_HINTS as u64 {
                        total += took;
                    }
                }
                done += batch;
                end(&enforcing, agent);
            }
            total
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = steps, history
}
criterion_main!(benches);
