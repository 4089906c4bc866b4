//! Writes the shared corpus as JSON lines, one action per line, for engines outside this
//! workspace:
//!
//! ```sh
//! cargo run -p airlock-benches --bin corpus -- --seed 42 --count 10000 > corpus.jsonl
//! ```
//!
//! The line format is [`CorpusAction::to_json`]'s. The same seed and count always give the
//! same file.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use airlock_benches::actions::{self, CorpusAction};

const USAGE: &str = "usage: corpus [--seed N] [--count N]  (defaults: --seed 42 --count 10000)";

fn main() -> ExitCode {
    let mut seed: u64 = 42;
    let mut count: usize = 10_000;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next();
        let parsed = match (arg.as_str(), value.as_deref()) {
            ("--seed", Some(v)) => v.parse().map(|v| seed = v).is_ok(),
            ("--count", Some(v)) => v.parse().map(|v| count = v).is_ok(),
            _ => false,
        };
        if !parsed {
            eprintln!(
                "corpus: cannot use {arg} {}\n{USAGE}",
                value.unwrap_or_default()
            );
            return ExitCode::from(2);
        }
    }
    let corpus: Vec<CorpusAction> = actions::actions(seed, count);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for (id, action) in corpus.iter().enumerate() {
        if let Err(e) = writeln!(out, "{}", action.to_json(id)) {
            eprintln!("corpus: cannot write: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Err(e) = out.flush() {
        eprintln!("corpus: cannot write: {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
