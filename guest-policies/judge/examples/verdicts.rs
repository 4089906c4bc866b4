//! Every action's full verdict (worst severity and every finding, in order) over a labeled set,
//! one line per action: the oracle a change meant to leave outputs alone is diffed against.
//!
//! ```sh
//! cargo run --release -q -p airlock-judge --example verdicts -- eval/holdout > before.txt
//! ```

use std::path::PathBuf;

fn main() {
    for dir in std::env::args().skip(1).map(PathBuf::from) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).expect("a labeled file");
            for (n, line) in text.lines().enumerate() {
                let l = line.trim();
                if l.is_empty() || l.starts_with('#') || l.starts_with("//") {
                    continue;
                }
                let v: serde_json::Value = serde_json::from_str(l).expect("a labeled line");
                let hint = v["hint"].as_str().unwrap_or("");
                let recent: Vec<&str> = v
                    .get("recent")
                    .and_then(|r| r.as_array())
                    .map(|a| a.iter().filter_map(|x| x.as_str()).collect())
                    .unwrap_or_default();
                let j = airlock_judge::judge(hint, &recent);
                println!("{}:{} worst={:?}", file.display(), n + 1, j.worst());
                for f in &j.findings {
                    println!("  {f:?}");
                }
            }
        }
    }
}
