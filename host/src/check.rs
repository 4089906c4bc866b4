//! `airlock check`: one decision, explained, with an exit status scripts can rely on.

use std::fmt::Write as _;
use std::process::ExitCode;

use airlock_core::{
    Decision, GateContext, GateRequest, Layer, Outcome, ToolAnnotations, TrustLevel,
};
use serde_json::{Value, json};

use crate::cli::{CheckArgs, EXIT_USAGE};
use crate::policy_dir;

/// Runs `airlock check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    match decide(args) {
        Ok((decision, trust_notes)) => {
            if args.json {
                let mut out = serde_json::to_value(&decision).unwrap_or_else(
                    |e| json!({"outcome": decision.outcome, "serialization_error": e.to_string()}),
                );
                if !trust_notes.is_empty() {
                    out["trust_notes"] = json!(trust_notes);
                }
                println!("{out}");
            } else {
                print!("{}", explain(&decision, &trust_notes));
            }
            ExitCode::from(decision.outcome.exit_code())
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}

fn decide(args: &CheckArgs) -> Result<(Decision, Vec<String>), String> {
    let policy = policy_dir::load(args.policy.as_deref())?;
    let params = match &args.params {
        None => json!({}),
        Some(text) => {
            let v = parse_json("--params", text)?;
            if !v.is_object() {
                return Err(format!(
                    "--params must be a JSON object such as '{{\"id\": 1}}', not {}",
                    kind(&v)
                ));
            }
            v
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
    let mut context: GateContext = match &args.context {
        None => GateContext::default(),
        Some(text) => serde_json::from_value(parse_json("--context", text)?)
            .map_err(|e| format!("--context is not a valid context: {e}"))?,
    };
    let now = args
        .now
        .or(context.now)
        .unwrap_or_else(jiff::Timestamp::now);
    context.now = Some(now);

    let (trust, notes) = match (&args.adapter, args.trust) {
        (Some(name), _) => {
            let effective = policy.adapter_trust(name, now).ok_or_else(|| {
                format!("adapter '{name}' is not in the policy's 'adapters': add it, or pass --trust")
            })?;
            (effective.level, effective.reasons)
        }
        (None, Some(t)) => (t, Vec::new()),
        (None, None) => (
            TrustLevel::Untested,
            vec!["no --trust or --adapter: the adapter is untested, as the specification assumes without a trust block".to_owned()],
        ),
    };

    let decision = policy.decide(&GateRequest {
        operation: &args.operation,
        endpoint: args.endpoint,
        params: &params,
        annotations: annotations.as_ref(),
        trust,
        autonomy: args.autonomy,
        safety_mode: args.safety_mode,
        risk: args.risk,
        context: &context,
    });
    Ok((decision, notes))
}

fn parse_json(flag: &str, text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("{flag} is not valid JSON: {e}"))
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The readable explanation of a decision.
fn explain(d: &Decision, trust_notes: &[String]) -> String {
    let mut s = String::new();
    let verdict = match d.outcome {
        Outcome::Allow => "ALLOW: it may run",
        Outcome::Confirm => "CONFIRM: a person must approve it first",
        Outcome::Verify => "VERIFY: an out-of-band code is needed",
        Outcome::Preview => "PREVIEW: dry run only, nothing executes",
        Outcome::Deny => "DENY: refused",
        Outcome::Stop => "STOP: the agent is blocked",
    };
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
