//! `airlock policy test`, `airlock policy inspect` and (in `policy_eval`) `airlock policy eval`.

use std::process::ExitCode;

use airlock_wasm::{PolicySet, PolicySource};
use serde_json::json;

use crate::cli::{EXIT_USAGE, PolicyCommand};
use crate::guests;

/// Exit status of `airlock policy test` when a vector failed.
const EXIT_VECTOR_FAILED: u8 = 2;

/// Runs an `airlock policy` command.
pub fn run(command: &PolicyCommand) -> ExitCode {
    let result = match command {
        PolicyCommand::Test { dir, json } => test(dir, *json),
        PolicyCommand::Inspect { file, json } => inspect(file, *json),
        PolicyCommand::Eval(args) => crate::policy_eval::eval(args),
    };
    result.unwrap_or_else(|message| {
        eprintln!("error: {message}");
        ExitCode::from(EXIT_USAGE)
    })
}

fn test(dir: &std::path::Path, as_json: bool) -> Result<ExitCode, String> {
    let host = guests::host()?;
    let set = PolicySet::load(
        &host,
        &PolicySource::Directory(dir.to_path_buf()),
        &guests::builtins(),
        1,
    )
    .map_err(|e| e.message)?;
    let results = set.run_vectors();
    let failed = results.iter().filter(|r| !r.passed).count();
    for r in &results {
        if as_json {
            println!(
                "{}",
                json!({
                    "file": r.file, "name": r.name, "passed": r.passed, "problems": r.problems,
                    "micros": r.elapsed.as_secs_f64() * 1e6,
                    "verdict": r.evaluation.verdict, "score": r.evaluation.score,
                    "tier": r.evaluation.tier, "outcome": r.evaluation.outcome,
                })
            );
        } else if r.passed {
            println!("PASS {} ({}) {:.0?}", r.name, r.file, r.elapsed);
        } else {
            println!("FAIL {} ({}) {:.0?}", r.name, r.file, r.elapsed);
            for p in &r.problems {
                println!("     {p}");
            }
        }
    }
    if !as_json {
        if results.is_empty() {
            println!(
                "no test vectors in {}: add a *.tests.json (see docs/writing-policies.md)",
                dir.display()
            );
        } else {
            println!(
                "{}: {} passed, {failed} failed",
                if failed == 0 { "PASS" } else { "FAIL" },
                results.len() - failed
            );
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_VECTOR_FAILED)
    })
}

fn inspect(file: &std::path::Path, as_json: bool) -> Result<ExitCode, String> {
    let bytes =
        std::fs::read(file).map_err(|e| format!("cannot read '{}': {e}", file.display()))?;
    let info = airlock_wasm::inspect(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
    if as_json {
        let mut v = serde_json::to_value(&info).map_err(|e| e.to_string())?;
        v["loadable"] = json!(info.is_loadable());
        println!("{v}");
        return Ok(ExitCode::SUCCESS);
    }
    println!("{}", file.display());
    println!("  world         {}", info.world);
    println!(
        "  contract      {}",
        info.world_export
            .as_deref()
            .unwrap_or("none (not an airlock guest)")
    );
    println!(
        "  wit version   {}",
        info.wit_version.as_deref().unwrap_or("unknown")
    );
    println!(
        "  loadable      {}",
        if info.is_loadable() {
            "yes".to_owned()
        } else {
            format!(
                "no: this airlock loads components exporting airlock:policy/scorer or airlock:policy/patterns @{}",
                airlock_wasm::accepted_range()
            )
        }
    );
    println!("  size          {} bytes", info.size);
    println!("  sha256        {}", info.sha256);
    println!("  exports       {}", list(&info.exports));
    println!("  imports       {}", list(&info.imports));
    if info.imports_wasi() {
        println!(
            "  note          imports WASI: it gets no files, network, environment or arguments"
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}
