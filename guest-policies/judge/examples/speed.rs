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
//! one round.

use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
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
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut cases: Vec<(String, Vec<String>)> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("corpus file");
        for line in text.lines() {
            let l = line.trim();
            if l.is_empty() || l.starts_with('#') || l.starts_with("//") {
                continue;
            }
            let v: serde_json::Value = serde_json::from_str(l).expect("a corpus line");
            let hint = v["hint"].as_str().unwrap_or("").to_owned();
            let recent = v
                .get("recent")
                .and_then(|r| r.as_array())
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default();
            cases.push((hint, recent));
        }
    }
    let mut best = vec![f64::INFINITY; cases.len()];
    let mut sink = 0_usize;
    let mut round_total = f64::INFINITY;
    for _ in 0..rounds {
        let round = Instant::now();
        for (i, (hint, recent)) in cases.iter().enumerate() {
            let recent: Vec<&str> = recent.iter().map(String::as_str).collect();
            let started = Instant::now();
            let j = airlock_judge::judge(std::hint::black_box(hint), &recent);
            let us = started.elapsed().as_secs_f64() * 1e6;
            sink += j.findings.len();
            best[i] = best[i].min(us);
        }
        round_total = round_total.min(round.elapsed().as_secs_f64() * 1e3);
    }
    let mut sorted = best.clone();
    sorted.sort_by(f64::total_cmp);
    println!(
        "{} actions, {rounds} rounds: median {:.2} us, p90 {:.2} us, max {:.1} us; fastest round {:.2} ms ({sink} findings)",
        cases.len(),
        sorted[sorted.len() / 2],
        sorted[sorted.len() * 9 / 10],
        sorted[sorted.len() - 1],
        round_total,
    );
}
