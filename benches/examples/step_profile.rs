//! A driver for profiling `record_execution_step` in process (`perf record`, `valgrind
//! --tool=callgrind`): the `step/allowed` bench's work in a plain loop, long enough that the
//! setup (loading the policy, probing which hints are allowed) is a small part of the profile.
//!
//! `cargo build --profile profiling -p airlock-benches --example step_profile`, then
//! `perf record -g target/profiling/examples/step_profile 200000 [below-danger-2]`.

use std::time::Instant;

use airlock_benches::hint_corpus;
use airlock_benches::stack::{STEPS_PER_EXECUTION, Stack, StackMode};
use airlock_engine::{StartRequest, StepOutcome, StepReport};

fn main() {
    let steps: u64 = std::env::args()
        .nth(1)
        .map_or(100_000, |s| s.parse().expect("STEPS: a number of steps"));
    let setup = Instant::now();
    let stack = Stack::new(StackMode::Enforcing);
    let corpus = hint_corpus();
    let mut hints = stack.allowed(&corpus[..400]);
    // `below-danger-2`: leave out the allowed actions whose audit entry is durable (an fsync).
    if std::env::args().nth(2).as_deref() == Some("below-danger-2") {
        hints = stack.below_danger_2(&hints);
    }
    // Every execution is started before the timed loop and none is ended in it: starting and
    // ending are durable writes (an fsync each), which the `step/allowed` bench keeps out of
    // its timed region too. `perf record --delay` past the printed setup time skips them.
    let executions = steps.div_ceil(STEPS_PER_EXECUTION);
    let agents: Vec<String> = (0..executions).map(|i| format!("profiled-{i}")).collect();
    for agent in &agents {
        stack
            .engine
            .execute_agent(StartRequest {
                agent: agent.clone(),
                ..StartRequest::default()
            })
            .expect("execute_agent");
    }
    eprintln!("setup done in {:?}", setup.elapsed());
    let began = Instant::now();
    let mut done = 0u64;
    for agent in &agents {
        for _ in 0..STEPS_PER_EXECUTION.min(steps - done) {
            let hint = &hints[(done as usize) % hints.len()];
            let answer = stack
                .engine
                .record_execution_step(StepReport {
                    agent: agent.clone(),
                    hint: hint.clone(),
                    outcome: Some(StepOutcome::Success),
                    ..StepReport::default()
                })
                .expect("record_execution_step");
            assert_ne!(answer.directive.stopped, Some(true), "{hint} stopped");
            done += 1;
        }
    }
    let took = began.elapsed();
    println!(
        "{steps} steps over {} allowed hints: {:.2} us per step",
        hints.len(),
        took.as_secs_f64() * 1e6 / steps as f64
    );
}
