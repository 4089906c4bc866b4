//! The judge's own time per action over a labeled corpus, natively: for profiling (`perf
//! record`) and for comparing two versions of the judge on the same machine. The figure that
//! counts is the stages' time through wasmtime (`airlock policy eval --json`); this one shows
//! where the judge spends it, without the host.
//!
//! ```sh
//! cargo run --release --manifest-path guest-policies/Cargo.toml -p airlock-judge \
//!     --example speed -- guest-policies/eval [ROUNDS]
//! ```
//!
//! Prints the median over the actions of each action's fastest round, and the total time of
//! one round. With `--recent N` first, each action is judged with the hints of the N actions
//! before it as its recent hints (and none of its own): a late step of an execution, whose
//! recent hints the judge reads before the action (`--recent 0` against `--recent 8`).

use std::path::PathBuf;
use std::time::Instant;

mod labeled;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let recent = labeled::recent_option(&mut args);
    let mut args = args.into_iter();
    if std::env::args().nth(1).as_deref() == Some("--hint") {
        // One text, judged again and again: its time per call.
        let hint = std::env::args().nth(2).unwrap_or_default();
        let mut best = f64::INFINITY;
        for _ in 0..50 {
            let started = Instant::now();
            for _ in 0..200 {
                std::hint::black_box(airlock_judge::judge(std::hint::black_box(&hint), &[]));
            }
            best = best.min(started.elapsed().as_secs_f64() * 1e6 / 200.0);
        }
        println!("{best:.2} us: {hint:?}");
        return;
    }
    let dir = PathBuf::from(args.next().unwrap_or_else(|| "guest-policies/eval".into()));
    let rounds: usize = args.next().map_or(20, |r| r.parse().expect("rounds"));
    let mut cases = labeled::actions(&dir);
    if let Some(n) = recent {
        for case in &mut cases {
            case.recent.clear();
        }
        cases = labeled::with_recent(cases, n);
    }
    let mut best = vec![f64::INFINITY; cases.len()];
    let mut sink = 0_usize;
    let mut round_total = f64::INFINITY;
    for _ in 0..rounds {
        let round = Instant::now();
        for (i, action) in cases.iter().enumerate() {
            let recent: Vec<&str> = action.recent.iter().map(String::as_str).collect();
            let started = Instant::now();
            let j = airlock_judge::judge(std::hint::black_box(&action.hint), &recent);
            let us = started.elapsed().as_secs_f64() * 1e6;
            sink += j.findings.len();
            best[i] = best[i].min(us);
        }
        round_total = round_total.min(round.elapsed().as_secs_f64() * 1e3);
    }
    let mut sorted = best.clone();
    sorted.sort_by(f64::total_cmp);
    // The slowest action, by where it was read: the first place to look when profiling.
    let slowest = (0..best.len())
        .max_by(|&a, &b| best[a].total_cmp(&best[b]))
        .map_or("", |i| cases[i].at.as_str());
    println!(
        "{} actions, {rounds} rounds: median {:.2} us, p90 {:.2} us, max {:.1} us ({slowest}); fastest round {:.2} ms ({sink} findings)",
        cases.len(),
        sorted[sorted.len() / 2],
        sorted[sorted.len() * 9 / 10],
        sorted[sorted.len() - 1],
        round_total,
    );
}
