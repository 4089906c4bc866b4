//! Runs the native gate over the benchmark corpus in a loop, for profilers that count
//! instructions (`valgrind --tool=callgrind`), which a shared, noisy machine does not disturb.
//!
//! `cargo build --profile profiling -p airlock-benches --example gate_profile` then
//! `valgrind --tool=callgrind target/profiling/examples/gate_profile 20`.

use airlock_benches::corpus;
use airlock_core::GateContext;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let policy = corpus::gate_policy();
    let context = GateContext::default();
    let operations = corpus::operations(42, 1_000);
    let requests: Vec<_> = operations.iter().map(|o| o.request(&context)).collect();
    let mut denied = 0usize;
    for _ in 0..rounds {
        for req in &requests {
            let d = std::hint::black_box(policy.decide(std::hint::black_box(req)));
            denied += usize::from(d.outcome == airlock_core::Outcome::Deny);
        }
    }
    println!("{} decisions, {denied} denied", rounds * requests.len());
}
