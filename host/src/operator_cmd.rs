//! The operator commands: `airlock approvals`, `approve`, `deny`, `verify`, `blocks`,
//! `unblock`, `audit`, `trust ...`, `operator ...`. They talk to the process that owns the
//! state (`operator.sock`), or open the state file themselves when no airlock process runs.
//!
//! Once `airlock operator init` has run, the actions that change anything carry the operator
//! passphrase (asked at the terminal, [`crate::operator_auth`]) or a token (`--token-file`);
//! the side that holds the state checks it ([`crate::operator_api`]). Before that they work as
//! they always did, with a warning that any process of this OS user can take them.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use airlock_core::display::for_terminal;
use airlock_engine::{Engine, EngineOptions, SystemClock};
use airlock_store::{RedbStore, StoreError};
use serde_json::{Value, json};

use crate::cli::{EXIT_USAGE, OperatorArgs, OperatorCommand};
use crate::operator_auth::{self, Caller, Via};
use crate::{ipc, operator_api, service, state_dir};

/// Exit status when the action was refused (not found, already decided, wrong code...).
const EXIT_REFUSED: u8 = 3;

/// What is printed before an unauthenticated operator action.
const NOT_INITIALIZED_WARNING: &str = "airlock: warning: operator authentication is not set \
up, so any program running as this OS user (a coding agent too) can approve, verify and \
unblock. Run `airlock operator init` in a terminal to require a passphrase, or run airlock as \
its own user (docs/deployment.md).";

/// Runs an operator command.
pub fn run(args: &OperatorArgs, command: &OperatorCommand) -> ExitCode {
    let mut connection = match Connection::open(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("airlock: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let OperatorCommand::Audit { from, follow: true } = command {
        return follow_audit(args, &mut connection, *from);
    }
    let request = match request(args, &mut connection, command) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("airlock: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let answer = match connection.request(&request) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("airlock: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let Some(error) = answer.get("error") {
        // A message may quote what an agent sent (a name, an id): escaped like all agent text.
        eprintln!(
            "airlock: {}: {}",
            for_terminal(error["code"].as_str().unwrap_or("ERROR")),
            for_terminal(error["message"].as_str().unwrap_or("refused"))
        );
        return ExitCode::from(EXIT_REFUSED);
    }
    if answer["auth"]["method"] == "not_initialized" {
        eprintln!("{NOT_INITIALIZED_WARNING}");
    }
    let ok = &answer["ok"];
    if let OperatorCommand::TokenCreate { out, .. } = command {
        // The token goes to the file the operator named, never to the terminal or a log.
        let token = ok["token"].as_str().unwrap_or_default();
        if let Err(e) = operator_auth::write_token_file(out, token) {
            eprintln!(
                "airlock: {e}; the token was made but not saved: revoke it with `airlock \
                 operator token revoke {}`",
                ok["id"].as_str().unwrap_or("?")
            );
            return ExitCode::from(EXIT_USAGE);
        }
        println!(
            "operator token {} written to {} (mode 0600); present it with --token-file",
            ok["id"].as_str().unwrap_or("?"),
            out.display()
        );
        return ExitCode::SUCCESS;
    }
    if args.json {
        println!("{ok}");
    } else {
        print_human(command, ok);
    }
    ExitCode::SUCCESS
}

/// Whether the command changes anything (and so needs the operator credential once set up).
/// Whether operator authentication is set up for the state directory (`state_dir`, or the
/// default one): `None` when it cannot be told (no state directory, a service user's socket).
/// For `airlock hook install`, which warns when an agent it guards could act as the operator.
pub fn auth_initialized(state_dir: Option<&std::path::Path>) -> Option<bool> {
    let dir = state_dir::resolve(state_dir).ok()?;
    if !state_dir::store_path(&dir).exists() && !state_dir::operator_socket(&dir).exists() {
        return Some(false);
    }
    let args = OperatorArgs {
        state_dir: Some(dir),
        policy: None,
        json: false,
        token_file: None,
    };
    let status = Connection::open(&args)
        .ok()?
        .request(&json!({"action": "auth_status"}))
        .ok()?;
    status["ok"]["initialized"].as_bool()
}

fn changes_state(command: &OperatorCommand) -> bool {
    use OperatorCommand as Op;
    matches!(
        command,
        Op::Approve { .. }
            | Op::Deny { .. }
            | Op::Verify { .. }
            | Op::Unblock { .. }
            | Op::Reissue { .. }
            | Op::TrustPromote { .. }
            | Op::TrustDemote { .. }
            | Op::TrustCertify { .. }
            | Op::AuthPassphrase
            | Op::TokenCreate { .. }
            | Op::TokenRevoke { .. }
    )
}

fn request(
    args: &OperatorArgs,
    connection: &mut Connection,
    command: &OperatorCommand,
) -> Result<Value, String> {
    let mut request = base_request(command)?;
    if let OperatorCommand::AuthInit = command {
        let status = connection.request(&json!({"action": "auth_status"}))?;
        if status["ok"]["initialized"] == true {
            return Err(format!(
                "operator authentication is already set up (since {}, by {}): `airlock operator \
                 passphrase` changes the passphrase. If you did not set it up, something else \
                 running as you did: see SECURITY.md",
                status["ok"]["set_at"].as_str().unwrap_or("?"),
                status["ok"]["set_by"].as_str().unwrap_or("?")
            ));
        }
        request["passphrase"] = operator_auth::ask_new_passphrase()?.into();
        return Ok(request);
    }
    if !changes_state(command) {
        return Ok(request);
    }
    // A store that cannot say counts as "on": the person is asked, never skipped.
    let initialized = connection
        .request(&json!({"action": "auth_status"}))
        .map(|s| s["ok"]["initialized"] != false)
        .unwrap_or(true);
    if initialized {
        request["auth"] = match &args.token_file {
            Some(path) => json!({"token": operator_auth::read_token_file(path)?}),
            None => json!({"passphrase": operator_auth::ask_passphrase("operator passphrase: ")?}),
        };
        if let OperatorCommand::AuthPassphrase = command {
            request["new_passphrase"] = operator_auth::ask_new_passphrase()?.into();
        }
    } else if let OperatorCommand::Verify { .. } = command {
        // Without operator authentication the code is the proof.
        request["code"] = read_code()?.into();
    }
    Ok(request)
}

fn base_request(command: &OperatorCommand) -> Result<Value, String> {
    Ok(match command {
        OperatorCommand::Approvals => json!({"action": "approvals"}),
        OperatorCommand::Approve { id } => json!({"action": "approve", "id": id}),
        OperatorCommand::Deny { id } => json!({"action": "deny", "id": id}),
        OperatorCommand::Blocks => json!({"action": "blocks"}),
        OperatorCommand::Unblock { agent, reason } => json!({
            "action": "unblock", "agent": agent,
            "reason": reason.clone().unwrap_or_else(|| "operator override".to_owned()),
        }),
        OperatorCommand::Reissue { agent } => json!({"action": "reissue", "agent": agent}),
        OperatorCommand::Verify { challenge_id } => {
            json!({"action": "verify", "challenge_id": challenge_id})
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
            "reason": reason,
        }),
        OperatorCommand::TrustDemote {
            adapter,
            to,
            reason,
        } => json!({
            "action": "trust_demote", "adapter": adapter, "to": to.map(|t| t.as_str()),
            "reason": reason,
        }),
        OperatorCommand::TrustCertify {
            adapter,
            certification,
            reason,
        } => json!({
            "action": "trust_certify", "adapter": adapter,
            "certification": read_certification(certification)?,
            "reason": reason,
        }),
        OperatorCommand::AuthInit => json!({"action": "operator_init"}),
        OperatorCommand::AuthStatus => json!({"action": "auth_status"}),
        OperatorCommand::AuthPassphrase => json!({"action": "operator_passphrase"}),
        OperatorCommand::TokenCreate { label, .. } => {
            json!({"action": "token_create", "label": label})
        }
        OperatorCommand::TokenRevoke { id } => json!({"action": "token_revoke", "id": id}),
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

/// The owner's operator socket, or the state file opened here when no airlock process runs.
enum Connection {
    Owner {
        client: ipc::Client,
        dir: std::path::PathBuf,
    },
    Local(Box<Engine>),
}

impl Connection {
    fn open(args: &OperatorArgs) -> Result<Self, String> {
        let dir = state_dir::resolve(args.state_dir.as_deref())?;
        let socket = state_dir::operator_socket(&dir);
        match ipc::Client::connect(&socket) {
            Ok(client) => return Ok(Self::Owner { client, dir }),
            // A socket that exists but refuses this user belongs to airlock's own OS user
            // (docs/deployment.md): say so rather than fall back to a state file that is not
            // ours to open.
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => {
                return Err(format!(
                    "cannot connect to '{}': permission denied. The airlock service runs as \
                     another OS user: run this command as that user (sudo -u airlock ...), or \
                     ask for membership of the group its operator socket is given to",
                    socket.display()
                ));
            }
            Err(_) => {}
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
                Ok(Self::Local(Box::new(engine)))
            }
            Err(StoreError::InUse { .. }) => Err(format!(
                "an airlock process holds '{}' but does not answer on operator.sock: is it an \
                 older version? Stop it and retry",
                dir.display()
            )),
            Err(e) => Err(e.to_string()),
        }
    }

    fn request(&mut self, request: &Value) -> Result<Value, String> {
        match self {
            Self::Owner { client, dir } => client.request(request).map_err(|e| {
                format!(
                    "the airlock process on '{}' did not answer: {e}",
                    dir.display()
                )
            }),
            Self::Local(engine) => Ok(operator_api::handle(
                engine,
                request,
                &Caller::this_process(Via::Cli),
            )),
        }
    }
}

/// `airlock audit --follow`: prints new entries as they are appended, until interrupted.
fn follow_audit(args: &OperatorArgs, connection: &mut Connection, mut from: u64) -> ExitCode {
    let command = OperatorCommand::Audit {
        from,
        follow: false,
    };
    loop {
        match connection.request(&json!({"action": "audit", "from": from})) {
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

/// A string field of an answer, made safe for the terminal (agents write most of them).
fn field<'a>(v: &'a Value, default: &'a str) -> std::borrow::Cow<'a, str> {
    for_terminal(v.as_str().unwrap_or(default))
}

/// Prints an answer for a person. Every string that can come from an agent goes through
/// [`for_terminal`]; JSON values printed whole are escaped as a whole, since serde_json leaves C1
/// controls and bidi overrides raw.
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
                    field(&a["id"], "?"),
                    field(&a["agent"], "?"),
                    field(&a["expires_at"], "?"),
                    field(&a["why"], ""),
                    for_terminal(&a["what"].to_string())
                );
            }
        }
        OperatorCommand::Approve { id } | OperatorCommand::Deny { id } => {
            let state = field(&ok["approval"]["state"]["state"], "?");
            println!("approval {}: {state}", for_terminal(id));
            if let Some(t) = ok["confirmation_token"].as_str() {
                println!(
                    "confirmation token (the agent's retry of the same call uses it on its own; give it only to a client that asks for _confirmation): {}",
                    for_terminal(t)
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
                    field(&b["agent"], "?"),
                    field(&b["blocked_at"], "?"),
                    field(&b["challenge_id"], "?"),
                    field(&b["reason"], "")
                );
            }
        }
        OperatorCommand::Unblock { agent, .. } => {
            println!("agent {} unblocked", for_terminal(agent))
        }
        OperatorCommand::Reissue { agent } => println!(
            "new challenge {} for agent {}: the code went to the human channels",
            field(&ok["challenge_id"], "?"),
            for_terminal(agent)
        ),
        OperatorCommand::Verify { .. } => {
            println!("{}", field(&ok["message"], "verified"))
        }
        OperatorCommand::Audit { .. } => {
            for e in ok.as_array().cloned().unwrap_or_default() {
                println!(
                    "#{} {} {} {} {} {}",
                    e["sequence"],
                    field(&e["timestamp"], ""),
                    field(&e["agent"], ""),
                    field(&e["outcome"], ""),
                    field(&e["operation"], ""),
                    field(&e["reasons"][0], "")
                );
            }
        }
        OperatorCommand::Status => println!("{}", for_terminal(&format!("{ok:#}"))),
        OperatorCommand::AuthInit => println!(
            "operator authentication is on: approve, deny, verify, unblock, reissue and trust \
             changes now ask for this passphrase. Verification codes are no longer written to \
             the file channel: `airlock verify ID` verifies with the passphrase."
        ),
        OperatorCommand::AuthPassphrase => println!("operator passphrase changed"),
        OperatorCommand::TokenCreate { .. } => {}
        OperatorCommand::TokenRevoke { id } => println!("operator token {id} revoked"),
        OperatorCommand::AuthStatus => {
            if ok["initialized"] != true {
                println!(
                    "operator authentication: off (any program running as this OS user can take operator actions)"
                );
                println!("  turn it on: airlock operator init");
                return;
            }
            println!(
                "operator authentication: on, since {} (set by {}), hash {}",
                ok["set_at"].as_str().unwrap_or("?"),
                ok["set_by"].as_str().unwrap_or("?"),
                ok["hash"].as_str().unwrap_or("?")
            );
            if let Some(until) = ok["locked_until"].as_str() {
                println!("  locked out after wrong credentials until {until}");
            }
            for t in ok["tokens"].as_array().cloned().unwrap_or_default() {
                println!(
                    "  token {}  {}  made {} by {}",
                    t["id"].as_str().unwrap_or("?"),
                    t["label"].as_str().unwrap_or(""),
                    t["created_at"].as_str().unwrap_or("?"),
                    t["created_by"].as_str().unwrap_or("?")
                );
            }
        }
        OperatorCommand::TrustShow { .. }
        | OperatorCommand::TrustPromote { .. }
        | OperatorCommand::TrustDemote { .. }
        | OperatorCommand::TrustCertify { .. } => {
            println!(
                "{}: {} (from {})",
                field(&ok["adapter"], "?"),
                field(&ok["effective"], "?"),
                field(&ok["source"], "?")
            );
            for r in ok["reasons"].as_array().cloned().unwrap_or_default() {
                println!("  ({})", field(&r, ""));
            }
            for h in ok["block"]["promotion_history"]
                .as_array()
                .cloned()
                .unwrap_or_default()
            {
                println!(
                    "  {} {} -> {} by {}{}",
                    field(&h["at"], ""),
                    field(&h["from"], ""),
                    field(&h["to"], ""),
                    field(&h["by"], ""),
                    h["reason"]
                        .as_str()
                        .map(|r| format!(": {}", for_terminal(r)))
                        .unwrap_or_default()
                );
            }
        }
    }
}
