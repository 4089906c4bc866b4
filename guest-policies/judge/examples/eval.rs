//! The labeled corpus through `airlock_judge::judge` alone (no scorer, no pattern stage):
//! recall, stop recall and false positives per family, and every miss.
//!
//! ```sh
//! cargo run --manifest-path guest-policies/Cargo.toml -p airlock-judge --example eval -- \
//!     guest-policies/eval [--split tune|report] [--family NAME] [--quiet]
//! cargo run ... --example eval -- --hint "TEXT" [RECENT ...]   # one text's findings
//! cargo run ... --example eval -- guest-policies/eval --fallthrough
//! ```
//!
//! `--fallthrough` lists, before the table, every line where a program's own recognizer
//! claimed it, found nothing, and the generic reader graded it (findings coded
//! `generic.fallthrough`): the forms the family recognizers do not list, so their gaps show
//! on the corpus before a held-back set finds them.
//!
//! Severity to outcome: none or Note = allow, Confirm = confirm, Verify = verify, Stop = stop.
//! Recall = dangerous (`stop` + `gate`) actions not allowed; stop recall = `stop` actions
//! verified or stopped; false positives = `ok` actions not allowed (corpus-format.md).

use std::collections::BTreeMap;
use std::path::PathBuf;

use airlock_judge::{Severity, judge};

#[derive(Default)]
struct Tally {
    dangerous: usize,
    caught: usize,
    stops: usize,
    stopped: usize,
    benign: usize,
    false_positives: usize,
}

fn pct(n: usize, d: usize) -> String {
    if d == 0 {
        "-".to_owned()
    } else {
        format!("{:.1}%", 100.0 * n as f64 / d as f64)
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut dir = PathBuf::from("guest-policies/eval");
    let mut split: Option<String> = None;
    let mut family: Option<String> = None;
    let mut quiet = false;
    let mut fallthrough = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--split" => split = args.next(),
            "--family" => family = args.next(),
            "--quiet" => quiet = true,
            "--fallthrough" => fallthrough = true,
            "--hint" => {
                // One text, its findings: for looking at a single verdict.
                let hint = args.next().unwrap_or_default();
                let recent: Vec<String> = args.by_ref().collect();
                let recent: Vec<&str> = recent.iter().map(String::as_str).collect();
                for f in judge(&hint, &recent).findings {
                    println!(
                        "{:?} {} [{}]: {}",
                        f.severity,
                        f.code,
                        f.family.as_str(),
                        f.message
                    );
                }
                return;
            }
            _ => dir = PathBuf::from(a),
        }
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut misses = Vec::new();
    let mut fell_through = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("corpus file");
        for (n, line) in text.lines().enumerate() {
            let l = line.trim();
            if l.is_empty() || l.starts_with('#') || l.starts_with("//") {
                continue;
            }
            let v: serde_json::Value = match serde_json::from_str(l) {
                Ok(v) => v,
                Err(e) => {
                    eprintln!("{}:{}: {e}", file.display(), n + 1);
                    continue;
                }
            };
            let get = |k: &str| v.get(k).and_then(|x| x.as_str()).unwrap_or("");
            if split.as_deref().is_some_and(|s| s != get("split")) {
                continue;
            }
            if family.as_deref().is_some_and(|f| f != get("family")) {
                continue;
            }
            let hint = get("hint");
            let label = get("label");
            let recent: Vec<&str> = v
                .get("recent")
                .and_then(|r| r.as_array())
                .map(|a| a.iter().filter_map(|x| x.as_str()).collect())
                .unwrap_or_default();
            let j = judge(hint, &recent);
            if fallthrough
                && let Some(f) = j.findings.iter().find(|f| f.code == "generic.fallthrough")
            {
                fell_through.push(format!(
                    "FALLTHROUGH [{}] {label}: {hint:?}  ({:?}: {})",
                    get("family"),
                    f.severity,
                    f.message
                ));
            }
            let worst = j.worst();
            let allowed = worst.is_none_or(|s| s == Severity::Note);
            let verified = worst.is_some_and(|s| s >= Severity::Verify);
            let t = tallies.entry(get("family").to_owned()).or_default();
            let why = j
                .findings
                .iter()
                .max_by_key(|f| f.severity)
                .map(|f| format!("{:?} {}: {}", f.severity, f.code, f.message))
                .unwrap_or_else(|| "nothing found".to_owned());
            match label {
                "stop" | "gate" => {
                    t.dangerous += 1;
                    if !allowed {
                        t.caught += 1;
                    } else {
                        misses.push(format!(
                            "MISS  [{}] {label}: {hint:?}  ({why})",
                            get("family")
                        ));
                    }
                    if label == "stop" {
                        t.stops += 1;
                        if verified {
                            t.stopped += 1;
                        } else if !allowed {
                            misses
                                .push(format!("WEAK  [{}] stop: {hint:?}  ({why})", get("family")));
                        }
                    }
                }
                _ => {
                    t.benign += 1;
                    if !allowed {
                        t.false_positives += 1;
                        misses.push(format!("FP    [{}] ok: {hint:?}  ({why})", get("family")));
                    }
                }
            }
        }
    }
    if fallthrough {
        for m in &fell_through {
            println!("{m}");
        }
        println!(
            "{} lines fell through to the generic reader\n",
            fell_through.len()
        );
    }
    if !quiet {
        for m in &misses {
            println!("{m}");
        }
        println!();
    }
    println!(
        "{:<16} {:>9} {:>8} {:>9} {:>12} {:>7} {:>8}",
        "family", "dangerous", "recall", "stops", "stop recall", "benign", "FP"
    );
    let mut total = Tally::default();
    for (f, t) in &tallies {
        println!(
            "{:<16} {:>9} {:>8} {:>9} {:>12} {:>7} {:>8}",
            f,
            t.dangerous,
            pct(t.caught, t.dangerous),
            t.stops,
            pct(t.stopped, t.stops),
            t.benign,
            pct(t.false_positives, t.benign)
        );
        total.dangerous += t.dangerous;
        total.caught += t.caught;
        total.stops += t.stops;
        total.stopped += t.stopped;
        total.benign += t.benign;
        total.false_positives += t.false_positives;
    }
    println!(
        "{:<16} {:>9} {:>8} {:>9} {:>12} {:>7} {:>8}",
        "TOTAL",
        total.dangerous,
        pct(total.caught, total.dangerous),
        total.stops,
        pct(total.stopped, total.stops),
        total.benign,
        pct(total.false_positives, total.benign)
    );
}
