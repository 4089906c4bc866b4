//! A driver for profiling the peer comparison's airlock row (`peers_hints/airlock-wasm-pipeline`):
//! both default stages over every hint of the shared corpus, in a plain loop, as the bench runs
//! them (the action is built from the hint inside the loop).
//!
//! `cargo build --profile profiling -p airlock-benches --example pipeline_profile`, then
//! `perf record target/profiling/examples/pipeline_profile 20`.

use std::time::Instant;

use airlock_benches::hint_corpus;
use airlock_benches::peers::airlock::Airlock;

fn main() {
    let rounds: usize = std::env::args().nth(1).map_or(10, |s| {
        s.parse()
            .expect("ROUNDS: a number of passes over the corpus")
    });
    let airlock = Airlock::load().expect("the bench policy loads");
    let hints = hint_corpus();
    let began = Instant::now();
    let mut scored = 0u64;
    for _ in 0..rounds {
        for hint in &hints {
            let evaluation = std::hint::black_box(airlock.evaluate_hint(hint));
            scored += u64::from(evaluation.score.unwrap_or(0));
        }
    }
    let decisions = (rounds * hints.len()) as f64;
    println!(
        "{} decisions: {:.2} us each (score sum {scored})",
        decisions,
        began.elapsed().as_secs_f64() * 1e6 / decisions
    );
}
