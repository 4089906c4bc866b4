//! Every action's full verdict (worst severity and every finding, in order) over a labeled set,
//! one line per action: the oracle a change meant to leave outputs alone is diffed against.
//!
//! ```sh
//! cargo run --release -q -p airlock-judge --example verdicts -- eval/holdout > before.txt
//! cargo run --release -q -p airlock-judge --example verdicts -- --recent 8 eval/holdout > before-8.txt
//! ```
//!
//! With `--recent N`, each action is judged with the hints of the N actions before it put
//! ahead of its own recent hints: the reading of recent hints, in many more contexts.

use std::path::PathBuf;

mod labeled;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let recent = labeled::recent_option(&mut args);
    for dir in args.iter().map(PathBuf::from) {
        let mut actions = labeled::actions(&dir);
        if let Some(n) = recent {
            actions = labeled::with_recent(actions, n);
        }
        for action in actions {
            let recent: Vec<&str> = action.recent.iter().map(String::as_str).collect();
            let j = airlock_judge::judge(&action.hint, &recent);
            println!("{} worst={:?}", action.at, j.worst());
            for f in &j.findings {
                println!("  {f:?}");
            }
        }
    }
}
