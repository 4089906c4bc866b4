//! `airlock check`: one decision, explained, with an exit status scripts can rely on.

use std::fmt::Write as _;
use std::process::ExitCode;

use airlock_core::{Decision, GateContext, Layer, Outcome, ToolAnnotations};
use airlock_engine::decide::{DecideRequest, Report, decide, kind};
use airlock_engine::pipeline::Assessment;
use airlock_wasm::{Evaluation, PolicySet, PolicySource};
use serde_json::Value;

use crate::cli::{CheckArgs, EXIT_USAGE};
use crate::{guests, policy_dir};

/// Runs `airlock check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    match evaluate(args) {
        Ok(report) => {
            if args.json {
                println!("{}", report.to_json());
            } else {
                if let (Some(e), Some(a)) = (&report.stages, &report.assessment) {
                    print!(
                        "{}",
                        explain_stages(args.hint.as_deref().unwrap_or_default(), e, a)
                    );
                }
                if let Some(d) = &report.decision {
                    print!("{}", explain(d, &report.trust_notes));
                }
                if report.decision.is_some() && report.stages.is_some() {
                    println!(
                        "combined -> {} (exit status {})",
                        report.outcome,
                        report.outcome.exit_code()
                    );
                }
            }
            ExitCode::from(report.outcome.exit_code())
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

fn evaluate(args: &CheckArgs) -> Result<Report, String> {
    let params = match &args.params {
        None => None,
        Some(text) => {
            let v = parse_json("--params", text)?;
            if !v.is_object() {
                return Err(format!(
                    "--params must be a JSON object such as '{{\"id\": 1}}', not {}",
                    kind(&v)
                ));
            }
            Some(v)
        }
    };
    let annotations: Option<ToolAnnotations> = match &args.annotations {
        None => None,
        Some(text) => Some(
            serde_json::from_value(parse_json("--annotations", text)?).map_err(|e| {
                format!("--annotations is not MCP ToolAnnotations: {e} (expected e.g. '{{\"readOnlyHint\": true}}')")
            })?,
        ),
    };
    let context: Option<GateContext> = match &args.context {
        None => None,
        Some(text) => Some(
            serde_json::from_value(parse_json("--context", text)?)
                .map_err(|e| format!("--context is not a valid context: {e}"))?,
        ),
    };
    let now = args
        .now
        .or(context.as_ref().and_then(|c| c.now))
        .unwrap_or_else(jiff::Timestamp::now);

    // The WebAssembly stages are loaded only for a hint: a plain operation check stays a few
    // table lookups, with no compiler in sight.
    let set = match &args.hint {
        Some(_) => {
            let host = guests::host_for_one_decision()?;
            let source = match &args.policy {
                Some(dir) => PolicySource::Directory(dir.clone()),
                None => PolicySource::Embedded,
            };
            Some(PolicySet::load(&host, &source, &guests::builtins(), 1).map_err(|e| e.message)?)
        }
        None => None,
    };
    let loaded_gate;
    let gate = match &set {
        Some(set) => set.gate(),
        None => {
            loaded_gate = policy_dir::load(args.policy.as_deref())?;
            &loaded_gate
        }
    };
    let request = DecideRequest {
        operation: args.operation.clone(),
        hint: args.hint.clone(),
        recent_hints: args.recent_hints.clone(),
        agent: Some(args.agent.clone()),
        endpoint: args.endpoint,
        params,
        annotations,
        adapter: args.adapter.clone(),
        trust: args.trust,
        autonomy: args.autonomy,
        safety_mode: args.safety_mode,
        risk: args.risk,
        context,
    };
    decide(gate, set.as_ref(), &request, now).map_err(|e| {
        match (e.contains("adapter '"), &args.adapter) {
            (true, Some(name)) => format!(
                "adapter '{name}' is not in the policy's 'adapters': add it, or pass --trust"
            ),
            _ => e,
        }
    })
}

/// The readable explanation of the stages' evaluation.
fn explain_stages(hint: &str, e: &Evaluation, a: &Assessment) -> String {
    let mut s = String::new();
    let shown: String = hint.chars().take(80).collect();
    let outcome = a.verdict.outcome();
    let _ = writeln!(s, "hint {shown:?} -> {}", verdict_line(outcome));
    if let Some(reason) = &a.reason {
        let _ = writeln!(s, "  reason        {reason}");
    }
    let _ = writeln!(s, "  patterns      {}", e.verdict.as_str());
    for m in &e.matched {
        let _ = writeln!(s, "                {}: {}", m.stage, m.pattern);
    }
    match (e.score, e.tier) {
        (Some(score), Some(tier)) => {
            let tolerance = if e.above_tolerance {
                ", above the risk tolerance"
            } else {
                ""
            };
            let _ = writeln!(s, "  score         {score} (tier {tier}{tolerance})");
        }
        _ => {
            let _ = writeln!(s, "  score         none (the policy has no scorer)");
        }
    }
    if let Some(level) = e.danger_level {
        let _ = writeln!(s, "  danger level  {level} (inferred by a scorer)");
    }
    if !e.factors.is_empty() {
        let _ = writeln!(s, "why:");
        for f in &e.factors {
            let _ = writeln!(
                s,
                "  {:<14} +{:<3} {} ({})",
                f.stage, f.points, f.message, f.code
            );
        }
    }
    for f in &e.failures {
        let _ = writeln!(s, "stage {} failed and fell back: {}", f.stage, f.failure);
    }
    let _ = writeln!(
        s,
        "policy generation {}, exit status {}",
        e.generation,
        outcome.exit_code()
    );
    s
}

fn verdict_line(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Allow => "ALLOW: it may run",
        Outcome::Confirm => "CONFIRM: a person must approve it first",
        Outcome::Verify => "VERIFY: an out-of-band code is needed",
        Outcome::Preview => "PREVIEW: dry run only, nothing executes",
        Outcome::Deny => "DENY: refused",
        Outcome::Stop => "STOP: the agent is blocked",
    }
}

fn parse_json(flag: &str, text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("{flag} is not valid JSON: {e}"))
}

/// The readable explanation of a decision.
fn explain(d: &Decision, trust_notes: &[String]) -> String {
    let mut s = String::new();
    let verdict = verdict_line(d.outcome);
    let _ = writeln!(s, "{} -> {verdict}", d.operation);
    let _ = writeln!(
        s,
        "  danger level  {} ({}, tier {})",
        d.danger_level,
        d.danger_level.number(),
        d.tier
    );
    let _ = writeln!(s, "  trust         {}", d.trust);
    for note in trust_notes {
        let _ = writeln!(s, "                ({note})");
    }
    let proceed = d
        .minimum_trust
        .to_proceed
        .map_or("never".to_owned(), |t| t.to_string());
    let allow = d
        .minimum_trust
        .to_allow
        .map_or("never (always confirmed)".to_owned(), |t| t.to_string());
    let _ = writeln!(
        s,
        "  needs trust   {proceed} to proceed, {allow} to run unconfirmed"
    );
    let _ = writeln!(s, "  risk          {}", d.risk);
    let _ = writeln!(s, "  safety mode   {}", d.safety_mode);
    match d.autonomy {
        Some(a) => {
            let _ = writeln!(s, "  autonomy      {a}");
        }
        None => {
            let _ = writeln!(s, "  autonomy      not configured (layer off)");
        }
    }
    let _ = writeln!(s, "why:");
    for layer in [
        Layer::Danger,
        Layer::SafetyMode,
        Layer::Trust,
        Layer::Autonomy,
    ] {
        for f in d.factors_of(layer) {
            let mark = if f.outcome > Outcome::Allow {
                format!("-> {}", f.outcome)
            } else {
                String::new()
            };
            let _ = writeln!(s, "  {:<11} {} {mark}", f.layer.as_str(), f.reason);
        }
    }
    if !d.reasons.is_empty() {
        let _ = writeln!(s, "declared reasons:");
        for r in &d.reasons {
            let _ = writeln!(s, "  - {r}");
        }
    }
    if let Some(c) = &d.confirmation {
        let _ = writeln!(s, "confirmation:");
        match &c.message {
            Some(m) => {
                let _ = writeln!(s, "  prompt        {m}");
            }
            None => {
                let _ = writeln!(
                    s,
                    "  prompt        none declared: the person sees the operation and its params"
                );
            }
        }
        if let Some(cd) = c.cooldown_seconds {
            let _ = writeln!(s, "  cooldown      {cd} s between approval and execution");
        }
        if c.requires_reauth {
            let _ = writeln!(s, "  re-authentication required");
        }
    }
    if let Some(e) = d.error() {
        let _ = writeln!(s, "error: {} {}", e.code.as_str(), e.message);
    }
    let _ = writeln!(s, "exit status {}", d.outcome.exit_code());
    s
}
