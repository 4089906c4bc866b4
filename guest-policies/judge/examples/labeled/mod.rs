//! The actions of a labeled set as the examples that replay them need them: where each was read
//! (`file:line`), its hint and the hints reported before it. One reader, so the speed and
//! verdict examples replay exactly the same actions.

use std::path::{Path, PathBuf};

/// One labeled action: where it was read, its hint, its recent hints (oldest first).
pub struct Action {
    pub at: String,
    pub hint: String,
    pub recent: Vec<String>,
}

/// Every action of the `*.jsonl` files of `dir`, in file-name order; blank lines and `#` / `//`
/// comments skipped. Panics on an unreadable directory or line: these are tools over the
/// project's own sets, which `check.py` validates.
pub fn actions(dir: &Path) -> Vec<Action> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a labeled file");
        for (n, line) in text.lines().enumerate() {
            let l = line.trim();
            if l.is_empty() || l.starts_with('#') || l.starts_with("//") {
                continue;
            }
            let v: serde_json::Value = serde_json::from_str(l).expect("a labeled line");
            out.push(Action {
                at: format!("{}:{}", file.display(), n + 1),
                hint: v["hint"].as_str().unwrap_or("").to_owned(),
                recent: v
                    .get("recent")
                    .and_then(|r| r.as_array())
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default(),
            });
        }
    }
    out
}

/// `actions` with each action's recent hints replaced by the hints of the `n` actions read
/// before it in the same list (oldest first), then its own: a late step of an execution, its
/// recent hints full. The judge reads only the last [`airlock_judge::MAX_RECENT`], so the
/// replay exercises the reading of recent hints in contexts the sets alone rarely give.
pub fn with_recent(actions: Vec<Action>, n: usize) -> Vec<Action> {
    let hints: Vec<String> = actions.iter().map(|a| a.hint.clone()).collect();
    actions
        .into_iter()
        .enumerate()
        .map(|(i, mut a)| {
            let mut recent = hints[i.saturating_sub(n)..i].to_vec();
            recent.append(&mut a.recent);
            a.recent = recent;
            a
        })
        .collect()
}

/// The leading `--recent N` of an example's arguments, if given (removed from `args`).
pub fn recent_option(args: &mut Vec<String>) -> Option<usize> {
    if args.first().map(String::as_str) != Some("--recent") {
        return None;
    }
    let n = args
        .get(1)
        .and_then(|n| n.parse().ok())
        .expect("--recent N");
    args.drain(..2);
    Some(n)
}
