//! The operator commands: `airlock approvals`, `approve`, `deny`, `verify`, `blocks`,
//! `unblock`, `audit`. They talk to the process that owns the state (`operator.sock`), or open
//! the state file themselves when no airlock process runs.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use airlock_engine::{Engine, EngineOptions, SystemClock};
use airlock_store::{RedbStore, StoreError};
use serde_json::{Value, json};

use crate::cli::{EXIT_USAGE, OperatorArgs, OperatorCommand};
use crate::{ipc, operator_api, service, state_dir};

/// Exit status when the action was refused (not found, already decided, wrong code...).
const EXIT_REFUSED: u8 = 3;

/// Runs an operator command.
pub fn run(args: &OperatorArgs, command: &OperatorCommand) -> ExitCode {
    let request = match request(command) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("airlock: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let OperatorCommand::Audit { from, follow: true } = command {
        return follow_audit(args, *from);
    }
    let answer = match send(args, &request) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("airlock: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let Some(error) = answer.get("error") {
        eprintln!(
            "airlock: {}: {}",
            error["code"].as_str().unwrap_or("ERROR"),
            error["message"].as_str().unwrap_or("refused")
        );
        return ExitCode::from(EXIT_REFUSED);
    }
    let ok = &answer["ok"];
    if args.json {
        println!("{ok}");
    } else {
        print_human(command, ok);
    }
    ExitCode::SUCCESS
}

fn request(command: &OperatorCommand) -> Result<Value, String> {
    let user = state_dir::operator_user();
    Ok(match command {
        OperatorCommand::Approvals => json!({"action": "approvals"}),
        OperatorCommand::Approve { id } => json!({"action": "approve", "id": id, "user": user}),
        OperatorCommand::Deny { id } => json!({"action": "deny", "id": id, "user": user}),
        OperatorCommand::Blocks => json!({"action": "blocks"}),
        OperatorCommand::Unblock { agent, reason } => json!({
            "action": "unblock", "agent": agent, "user": user,
            "reason": reason.clone().unwrap_or_else(|| "operator override".to_owned()),
        }),
        OperatorCommand::Reissue { agent } => {
            json!({"action": "reissue", "agent": agent, "user": user})
        }
        OperatorCommand::Verify { challenge_id } => {
            json!({"action": "verify", "challenge_id": challenge_id, "code": read_code()?})
        }
        OperatorCommand::Audit { from, .. } => json!({"action": "audit", "from": from}),
        OperatorCommand::Status => json!({"action": "status"}),
        OperatorCommand::TrustShow { adapter } => {
            json!({"action": "trust_show", "adapter": adapter})
        }
        OperatorCommand::TrustPromote {
            adapter,
            to,
            reason,
        } => json!({
            "action": "trust_promote", "adapter": adapter, "to": to.map(|t| t.as_str()),
            "reason": reason, "user": user,
        }),
        OperatorCommand::TrustDemote {
            adapter,
            to,
            reason,
        } => json!({
            "action": "trust_demote", "adapter": adapter, "to": to.map(|t| t.as_str()),
            "reason": reason, "user": user,
        }),
        OperatorCommand::TrustCertify {
            adapter,
            certification,
            reason,
        } => json!({
            "action": "trust_certify", "adapter": adapter,
            "certification": read_certification(certification)?,
            "reason": reason, "user": user,
        }),
    })
}

/// A certification file, checked here so a mistake is reported before anything is sent.
fn read_certification(path: &std::path::Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the certification '{}': {e}", path.display()))?;
    let parsed: airlock_core::Certification = serde_json::from_str(&text).map_err(|e| {
        format!(
            "the certification '{}' is not valid: {e} (expected {{\"authority\", \"signature\", \
             \"certificate_id\", \"issued_at\", \"expires_at\", \"scope\": [...]}})",
            path.display()
        )
    })?;
    serde_json::to_value(parsed).map_err(|e| e.to_string())
}

/// The code, from the terminal (not echoed to argv or history) or standard input.
fn read_code() -> Result<String, String> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        eprint!("verification code: ");
        let _ = std::io::stderr().flush();
    }
    let mut line = String::new();
    stdin
        .lock()
        .read_line(&mut line)
        .map_err(|e| format!("cannot read the code: {e}"))?;
    let code = line.trim().to_owned();
    if code.is_empty() {
        return Err("no code given: type it, or pipe it on standard input".to_owned());
    }
    Ok(code)
}

/// Sends to the owner, or runs on the state file directly when there is none.
fn send(args: &OperatorArgs, request: &Value) -> Result<Value, String> {
    let dir = state_dir::resolve(args.state_dir.as_deref())?;
    let socket = state_dir::operator_socket(&dir);
    if let Ok(mut client) = ipc::Client::connect(&socket) {
        return client.request(request).map_err(|e| {
            format!(
                "the airlock process on '{}' did not answer: {e}",
                dir.display()
            )
        });
    }
    match RedbStore::open(&state_dir::store_path(&dir)) {
        Ok(store) => {
            let live = service::load_policy(args.policy.as_deref())?;
            let engine = Engine::open(
                live,
                std::sync::Arc::new(store),
                std::sync::Arc::new(SystemClock),
                EngineOptions {
                    state_dir: dir.clone(),
                    policy_dir: args.policy.clone().unwrap_or_else(|| dir.clone()),
                    mode_override: None,
                },
            )
            .map_err(|e| e.to_string())?;
            Ok(operator_api::handle(&engine, request))
        }
        Err(StoreError::InUse { .. }) => Err(format!(
            "an airlock process holds '{}' but does not answer on operator.sock: is it an older \
             version? Stop it and retry",
            dir.display()
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// `airlock audit --follow`: prints new entries as they are appended, until interrupted.
fn follow_audit(args: &OperatorArgs, mut from: u64) -> ExitCode {
    let command = OperatorCommand::Audit {
        from,
        follow: false,
    };
    loop {
        match send(args, &json!({"action": "audit", "from": from})) {
            Ok(answer) => {
                let entries = answer["ok"].as_array().cloned().unwrap_or_default();
                if let Some(last) = entries.last().and_then(|e| e["sequence"].as_u64()) {
                    let ok = Value::Array(entries);
                    if args.json {
                        for e in ok.as_array().into_iter().flatten() {
                            println!("{e}");
                        }
                    } else {
                        print_human(&command, &ok);
                    }
                    from = last + 1;
                }
            }
            Err(e) => {
                eprintln!("airlock: {e}");
                return ExitCode::from(EXIT_USAGE);
            }
        }
        std::thread::sleep(std::time::Duration::from_secs(1));
    }
}

fn print_human(command: &OperatorCommand, ok: &Value) {
    match command {
        OperatorCommand::Approvals => {
            let list = ok.as_array().cloned().unwrap_or_default();
            if list.is_empty() {
                println!("no pending approvals");
            }
            for a in list {
                println!(
                    "{}  agent {}  expires {}\n    why:  {}\n    what: {}",
                    a["id"].as_str().unwrap_or("?"),
                    a["agent"].as_str().unwrap_or("?"),
                    a["expires_at"].as_str().unwrap_or("?"),
                    a["why"].as_str().unwrap_or(""),
                    a["what"]
                );
            }
        }
        OperatorCommand::Approve { id } | OperatorCommand::Deny { id } => {
            let state = ok["approval"]["state"]["state"].as_str().unwrap_or("?");
            println!("approval {id}: {state}");
            if let Some(t) = ok["confirmation_token"].as_str() {
                println!(
                    "confirmation token (the agent's retry of the same call uses it on its own; give it only to a client that asks for _confirmation): {t}"
                );
            }
        }
        OperatorCommand::Blocks => {
            let list = ok.as_array().cloned().unwrap_or_default();
            if list.is_empty() {
                println!("no blocked agents");
            }
            for b in list {
                println!(
                    "{}  since {}  challenge {}\n    {}",
                    b["agent"].as_str().unwrap_or("?"),
                    b["blocked_at"].as_str().unwrap_or("?"),
                    b["challenge_id"].as_str().unwrap_or("?"),
                    b["reason"].as_str().unwrap_or("")
                );
            }
        }
        OperatorCommand::Unblock { agent, .. } => println!("agent {agent} unblocked"),
        OperatorCommand::Reissue { agent } => println!(
            "new challenge {} for agent {agent}: the code went to the human channels",
            ok["challenge_id"].as_str().unwrap_or("?")
        ),
        OperatorCommand::Verify { .. } => {
            println!("{}", ok["message"].as_str().unwrap_or("verified"))
        }
        OperatorCommand::Audit { .. } => {
            for e in ok.as_array().cloned().unwrap_or_default() {
                println!(
                    "#{} {} {} {} {} {}",
                    e["sequence"],
                    e["timestamp"].as_str().unwrap_or(""),
                    e["agent"].as_str().unwrap_or(""),
                    e["outcome"].as_str().unwrap_or(""),
                    e["operation"].as_str().unwrap_or(""),
                    e["reasons"][0].as_str().unwrap_or("")
                );
            }
        }
        OperatorCommand::Status => println!("{ok:#}"),
        OperatorCommand::TrustShow { .. }
        | OperatorCommand::TrustPromote { .. }
        | OperatorCommand::TrustDemote { .. }
        | OperatorCommand::TrustCertify { .. } => {
            println!(
                "{}: {} (from {})",
                ok["adapter"].as_str().unwrap_or("?"),
                ok["effective"].as_str().unwrap_or("?"),
                ok["source"].as_str().unwrap_or("?")
            );
            for r in ok["reasons"].as_array().cloned().unwrap_or_default() {
                println!("  ({})", r.as_str().unwrap_or(""));
            }
            for h in ok["block"]["promotion_history"]
                .as_array()
                .cloned()
                .unwrap_or_default()
            {
                println!(
                    "  {} {} -> {} by {}{}",
                    h["at"].as_str().unwrap_or(""),
                    h["from"].as_str().unwrap_or(""),
                    h["to"].as_str().unwrap_or(""),
                    h["by"].as_str().unwrap_or(""),
                    h["reason"]
                        .as_str()
                        .map(|r| format!(": {r}"))
                        .unwrap_or_default()
                );
            }
        }
    }
}
