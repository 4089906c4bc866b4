//! Every action's full verdict (worst severity and every finding, in order) over a labeled set,
//! one line per action: the oracle a change meant to leave outputs alone is diffed against.
//!
//! ```sh
//! cargo run --release -q -p airlock-judge --example verdicts -- eval/holdout > before.txt
//! ```

use std::path::PathBuf;

mod labeled;

fn main() {
    for dir in std::env::args().skip(1).map(PathBuf::from) {
        for action in labeled::actions(&dir) {
            let recent: Vec<&str> = action.recent.iter().map(String::as_str).collect();
            let j = airlock_judge::judge(&action.hint, &recent);
            println!("{} worst={:?}", action.at, j.worst());
            for f in &j.findings {
                println!("  {f:?}");
            }
        }
    }
}
