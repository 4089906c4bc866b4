//! How the judge's reading of recent hints is spent over labeled sets: each action replayed as
//! a late step (the hints of the `N` actions before it as its recent hints, default 8), and for
//! every earlier hint read in full (the gate `may_set_context` in `src/lib.rs` let it through), whether that
//! reading changed the context. A reading that changes nothing is time a tighter gate could
//! save; a tighter gate must never skip one that does (`--list` prints each reading, with the
//! action it was read for). Each is also read for its context only (the judge's mode for an
//! earlier hint, `read_for_context` in `src/lib.rs`): that reading must leave the context as the
//! full one does, every time (`--list` marks one that does not).
//!
//! ```sh
//! cargo run --release -q -p airlock-judge --example recent_readings -- [--recent N] [--list] eval eval/holdout
//! ```

use std::path::PathBuf;

mod labeled;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let n = labeled::recent_option(&mut args).unwrap_or(airlock_judge::MAX_RECENT);
    let list = args.first().map(String::as_str) == Some("--list");
    if list {
        args.remove(0);
    }
    let (mut skipped, mut skipped_changing, mut read, mut read_changing) = (0, 0, 0, 0);
    let mut context_only_differs = 0;
    for dir in args.iter().map(PathBuf::from) {
        let mut actions = labeled::actions(&dir);
        for action in &mut actions {
            action.recent.clear();
        }
        for action in labeled::with_recent(actions, n) {
            let mut recent: Vec<&str> = action.recent.iter().map(String::as_str).collect();
            recent.push(&action.hint);
            for r in airlock_judge::recent_readings(&recent) {
                match (r.read, r.changes) {
                    (false, false) => skipped += 1,
                    (false, true) => skipped_changing += 1,
                    (true, false) => read += 1,
                    (true, true) => read_changing += 1,
                }
                context_only_differs += usize::from(r.context_only_differs);
                if list {
                    let what = match (r.read, r.changes) {
                        (true, true) => "read, changes",
                        (true, false) => "read, no change",
                        (false, true) => "skipped, would change",
                        (false, false) => "skipped",
                    };
                    let mode = if r.context_only_differs {
                        "\tCONTEXT-ONLY DIFFERS"
                    } else {
                        ""
                    };
                    println!("{}\t{what}{mode}\t{:?}", action.at, r.text);
                }
            }
        }
    }
    println!(
        "earlier hints: {} read in full ({read_changing} changed the context, {read} did not); \
         {} skipped by the gate ({skipped_changing} of which a full reading would have changed); \
         {context_only_differs} whose context-only reading leaves another context than the full one",
        read + read_changing,
        skipped + skipped_changing,
    );
}
