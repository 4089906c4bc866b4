//! `airlock policy eval`: a policy measured on a labeled corpus of actions, each decided as
//! `airlock check --hint` decides it (`airlock_engine::corpus`).

use std::fmt::Write as _;
use std::process::ExitCode;

use airlock_engine::corpus::{self, CaseResult, Split, Summary, Tally, Targets};
use airlock_wasm::{PolicySet, PolicySource};
use serde_json::json;

use crate::cli::EvalArgs;
use crate::guests;

/// Exit status when a target given on the command line is missed.
const EXIT_TARGET_MISSED: u8 = 2;

/// Runs `airlock policy eval`: the exit status, or an error for `airlock policy` to print.
pub fn eval(args: &EvalArgs) -> Result<ExitCode, String> {
    let split = args.split.as_deref().and_then(Split::parse);
    let mut cases = corpus::read(&args.corpus)?;
    if let Some(split) = split {
        cases.retain(|c| c.split == split);
        if cases.is_empty() {
            return Err(format!(
                "the corpus has no action in the '{}' split",
                split.as_str()
            ));
        }
    }
    let host = guests::host()?;
    let source = match &args.policy {
        Some(dir) => PolicySource::Directory(dir.clone()),
        None => PolicySource::Embedded,
    };
    let set = PolicySet::load(&host, &source, &guests::builtins(), 1).map_err(|e| e.message)?;
    let results = corpus::evaluate(&set, cases, jiff::Timestamp::now())?;
    let summary = corpus::summarize(&results);
    let targets = Targets {
        min_recall: args.min_recall,
        min_stop_recall: args.min_stop_recall,
        max_false_positives: args.max_false_positives,
    };
    let missed_targets = targets.missed(&summary.total);
    let where_from = corpus::describe(&args.corpus);
    let split_name = split.map_or("all", Split::as_str);
    if args.json {
        let families: serde_json::Map<String, serde_json::Value> = summary
            .families
            .iter()
            .map(|(f, t)| (f.clone(), t.to_json()))
            .collect();
        let misses: Vec<&CaseResult> = results.iter().filter(|r| r.missed()).collect();
        println!(
            "{}",
            json!({
                "policy": set.source().to_string(),
                "corpus": where_from,
                "split": split_name,
                "total": summary.total.to_json(),
                "families": families,
                "median_micros": corpus::median_micros(&results),
                "targets": {
                    "min_recall": targets.min_recall,
                    "min_stop_recall": targets.min_stop_recall,
                    "max_false_positives": targets.max_false_positives,
                    "missed": missed_targets,
                },
                "misses": misses,
                "actions": results,
            })
        );
    } else {
        print!(
            "{}",
            report(
                &set.source().to_string(),
                &where_from,
                split_name,
                &summary,
                &results,
                &targets,
                &missed_targets
            )
        );
    }
    Ok(if missed_targets.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_TARGET_MISSED)
    })
}

fn figure(value: Option<f64>, part: usize, whole: usize) -> String {
    match value {
        Some(v) => format!("{v:5.1} % ({part}/{whole})"),
        None => "-".to_owned(),
    }
}

fn row(name: &str, t: &Tally) -> String {
    format!(
        "{name:<16} {:>7}  {:<20} {:<20} {:<20}",
        t.actions,
        figure(t.recall(), t.dangerous_held, t.dangerous),
        figure(t.stop_recall(), t.stop_held, t.stop),
        figure(t.false_positive_rate(), t.ok_held, t.ok),
    )
}

fn report(
    policy: &str,
    corpus: &str,
    split: &str,
    summary: &Summary,
    results: &[CaseResult],
    targets: &Targets,
    missed_targets: &[String],
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} actions (split {split}) from {corpus}, decided on {policy} as `airlock check --hint` decides them",
        summary.total.actions
    );
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "{:<16} {:>7}  {:<20} {:<20} {:<20}",
        "family", "actions", "recall", "stop recall", "false positives"
    );
    for (family, t) in &summary.families {
        let _ = writeln!(s, "{}", row(family, t));
    }
    let _ = writeln!(s, "{}", row("total", &summary.total));
    let _ = writeln!(s);
    let _ = writeln!(
        s,
        "recall: dangerous (stop + gate) not allowed; stop recall: stop verified, denied or stopped; false positives: ok not allowed"
    );
    if let Some(m) = corpus::median_micros(results) {
        let _ = writeln!(s, "median decision time: {m:.1} us");
    }
    let given = [
        targets.min_recall.map(|v| format!("recall >= {v} %")),
        targets
            .min_stop_recall
            .map(|v| format!("stop recall >= {v} %")),
        targets
            .max_false_positives
            .map(|v| format!("false positives <= {v} %")),
    ];
    let given: Vec<String> = given.into_iter().flatten().collect();
    if !given.is_empty() {
        if missed_targets.is_empty() {
            let _ = writeln!(s, "targets met: {}", given.join(", "));
        } else {
            let _ = writeln!(s, "TARGETS MISSED: {}", missed_targets.join("; "));
        }
    }
    let misses: Vec<&CaseResult> = results.iter().filter(|r| r.missed()).collect();
    let _ = writeln!(s);
    if misses.is_empty() {
        let _ = writeln!(s, "no misses");
        return s;
    }
    let _ = writeln!(s, "misses ({}):", misses.len());
    for r in misses {
        let _ = writeln!(
            s,
            "{} [{} {}] {:?} -> {}",
            r.case.at,
            r.case.family,
            r.case.label.as_str(),
            r.case.hint,
            r.outcome
        );
        if !r.case.recent.is_empty() {
            let _ = writeln!(s, "    after: {:?}", r.case.recent);
        }
        let _ = writeln!(s, "    label: {}", r.case.reason);
        if let Some(reason) = &r.decision_reason {
            let _ = writeln!(s, "    decided: {reason}");
        }
        for f in &r.factors {
            let _ = writeln!(s, "    - {f}");
        }
    }
    s
}
