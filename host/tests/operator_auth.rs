//! Operator authentication on one OS user (issue #14, item 4b/4c): once `airlock operator init`
//! has set a passphrase, a program running as the operator's user (a coding agent) cannot
//! approve, verify, unblock, reissue or change trust without it: not through the CLI, not by
//! talking to `operator.sock` itself, not by reading the file channel. Wrong passphrases are
//! rate-limited, and neither the passphrase nor a token reaches an output, a log, the audit
//! log or the state file.
//!
//! The passphrase is typed on a real pseudo-terminal (`tests/tty/answer_prompts.py`), the way
//! a person types it. Commands that must not find a terminal run under `setsid`, so they have
//! no controlling terminal even when the tests run in one.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use serde_json::{Value, json};

const PASSPHRASE: &str = "correct horse battery staple 7";
const WRONG: &str = "incorrect horse battery staple";

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_airlock")
}

fn cache() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("operator-auth-cache")
}

/// `airlock ARGS` with no controlling terminal (`setsid -w`): nothing can be typed to it.
fn detached(state: &Path, args: &[&str]) -> Output {
    Command::new("setsid")
        .arg("-w")
        .arg(bin())
        .args(args)
        .env("AIRLOCK_STATE_DIR", state)
        .env("AIRLOCK_CACHE_DIR", cache())
        .stdin(Stdio::null())
        .output()
        .expect("setsid airlock")
}

/// `airlock ARGS` on a terminal of its own, typing `answers` at its passphrase prompts.
/// Returns what it wrote to the terminal and its exit status.
fn typed(state: &Path, args: &[&str], answers: &[&str]) -> (String, i32) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/tty/answer_prompts.py");
    let mut child = Command::new("python3")
        .arg(script)
        .arg(bin())
        .args(args)
        .env("AIRLOCK_STATE_DIR", state)
        .env("AIRLOCK_CACHE_DIR", cache())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 with the pty helper");
    let mut stdin = child.stdin.take().expect("stdin");
    for a in answers {
        writeln!(stdin, "{a}").expect("answers");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("wait");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (text, out.status.code().unwrap_or(-1))
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// `airlock http` on the state directory, logging at TRACE into `log`.
struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start(state: &Path, log: &Path) -> Self {
        let mut child = Command::new(bin())
            .args(["http", "--listen", "127.0.0.1:0"])
            .env("AIRLOCK_STATE_DIR", state)
            .env("AIRLOCK_CACHE_DIR", cache())
            .env("AIRLOCK_LOG", "trace")
            .stdout(Stdio::piped())
            // Appended: a test that restarts the server scans every run's log.
            .stderr(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(log)
                    .expect("log file"),
            )
            .spawn()
            .expect("airlock http");
        let base = common::http_base(&mut child);
        Self { child, base }
    }

    fn operation(&self, operation: &str, params: Value) -> Value {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let mut r = agent
            .post(format!("{}/v1/operations", self.base))
            .header("content-type", "application/json")
            .send(json!({"operation": operation, "params": params}).to_string())
            .expect("request");
        serde_json::from_str(&r.body_mut().read_to_string().expect("body")).expect("json")
    }

    /// Starts agent `name` and has it report a forbidden action: it is hard-blocked. Returns
    /// the challenge id.
    fn block(&self, name: &str) -> String {
        self.operation("execute_agent", json!({"element_name": name}));
        let stop = self.operation(
            "record_execution_step",
            json!({"element_name": name, "nextActionHint": "call drop_database on the production server"}),
        );
        assert_eq!(stop["data"]["stopped"], true, "{stop}");
        stop["data"]["notifications"][0]["metadata"]["verificationId"]
            .as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| panic!("a challenge id in {stop}"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One request on `operator.sock`, as any program of this OS user can send it.
fn raw_operator(state: &Path, request: Value) -> Value {
    let stream = UnixStream::connect(state.join("operator.sock")).expect("operator.sock");
    let mut writer = stream.try_clone().expect("clone");
    writeln!(writer, "{request}").expect("write");
    let mut line = String::new();
    BufReader::new(stream).read_line(&mut line).expect("read");
    serde_json::from_str(&line).expect("json answer")
}

fn blocked(state: &Path) -> Vec<String> {
    let out = detached(state, &["blocks", "--json"]);
    assert!(out.status.success(), "{}", text(&out));
    let list: Value = serde_json::from_slice(&out.stdout).expect("json");
    list.as_array()
        .expect("array")
        .iter()
        .map(|b| b["agent"].as_str().expect("agent").to_owned())
        .collect()
}

fn audit(state: &Path) -> Vec<Value> {
    let out = detached(state, &["audit", "--json"]);
    assert!(out.status.success(), "{}", text(&out));
    serde_json::from_slice::<Value>(&out.stdout)
        .expect("json")
        .as_array()
        .expect("array")
        .clone()
}

fn init(state: &Path) {
    let (out, status) = typed(state, &["operator", "init"], &[PASSPHRASE, PASSPHRASE]);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("operator authentication is on"), "{out}");
}

#[test]
fn before_init_operator_actions_work_and_warn() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = dir.path();
    let log = dir.path().join("server.log");
    {
        let server = Server::start(state, &log);
        server.block("a");
    }
    let out = detached(state, &["unblock", "a"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("operator authentication is not set up")
            && text(&out).contains("airlock operator init"),
        "the warning says why and what to do: {}",
        text(&out)
    );
    assert!(blocked(state).is_empty());
    let status = detached(state, &["operator", "status"]);
    assert!(
        text(&status).contains("operator authentication: off"),
        "{}",
        text(&status)
    );
}

#[test]
fn once_initialized_the_cli_needs_the_passphrase_and_audits_who() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = dir.path();
    let log = dir.path().join("server.log");
    init(state);
    let (again, status) = typed(state, &["operator", "init"], &[WRONG, WRONG]);
    assert_ne!(status, 0, "{again}");
    assert!(again.contains("already set up"), "{again}");

    let mut outputs = Vec::new();
    {
        let server = Server::start(state, &log);
        server.block("a");
        // An agent's shell: no terminal to type into, so no passphrase, so nothing done;
        // the same for every command that decides for a person.
        let out = detached(state, &["unblock", "a"]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        assert!(text(&out).contains("terminal"), "{}", text(&out));
        outputs.push(text(&out));
        for args in [
            &["approve", "apr-1"][..],
            &["deny", "apr-1"],
            &["reissue", "a"],
            &["trust", "promote", "github"],
            &["trust", "demote", "github", "--reason", "an agent tries"],
        ] {
            let out = detached(state, args);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out));
            assert!(text(&out).contains("terminal"), "{args:?}: {}", text(&out));
        }
        assert_eq!(blocked(state), ["a"]);
        // A wrong passphrase: refused, saying so.
        let (out, status) = typed(state, &["unblock", "a"], &[WRONG]);
        assert_eq!(status, 3, "{out}");
        assert!(out.contains("OPERATOR_AUTH_FAILED"), "{out}");
        outputs.push(out);
        assert_eq!(blocked(state), ["a"]);
        // The person, with the passphrase.
        let (out, status) = typed(state, &["unblock", "a"], &[PASSPHRASE]);
        assert_eq!(status, 0, "{out}");
        assert!(
            !out.contains("not set up"),
            "no warning once it is on: {out}"
        );
        outputs.push(out);
        assert!(blocked(state).is_empty());
    }
    // Without a running server (the command opens the state file itself), the same rule.
    {
        let server = Server::start(state, &log);
        server.block("b");
    }
    let out = detached(state, &["unblock", "b"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let (out, status) = typed(state, &["unblock", "b"], &[PASSPHRASE]);
    assert_eq!(status, 0, "{out}");
    outputs.push(out);

    let entries = audit(state);
    let lifts: Vec<&Value> = entries
        .iter()
        .filter(|e| e["operation"] == "override_block")
        .collect();
    assert_eq!(lifts.len(), 2, "{entries:#?}");
    let uid = nix_uid();
    for e in &lifts {
        let user = e["user_id"].as_str().expect("user_id");
        assert!(
            user.contains("operator passphrase") && user.contains(&format!("uid {uid}")),
            "who: {user}"
        );
    }
    let failures: Vec<&Value> = entries
        .iter()
        .filter(|e| e["operation"] == "operator_auth" && e["outcome"] == "verification_failed")
        .collect();
    assert_eq!(
        failures.len(),
        1,
        "the wrong passphrase is audited: {entries:#?}"
    );
    assert_secret_absent(PASSPHRASE, state, &log, &outputs);
    assert_secret_absent(WRONG, state, &log, &outputs);
}

/// This process's uid, as the kernel has it.
fn nix_uid() -> u32 {
    use std::os::unix::fs::MetadataExt;
    // A file we just made is ours.
    let f = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::metadata(f.path()).expect("meta").uid()
}

/// Neither the secret nor any long piece of it is in the outputs, the server's TRACE log, the
/// audit log or the state file's bytes.
fn assert_secret_absent(secret: &str, state: &Path, log: &Path, outputs: &[String]) {
    for (i, o) in outputs.iter().enumerate() {
        assert!(!o.contains(secret), "output {i} shows the secret: {o}");
    }
    let log_text = std::fs::read_to_string(log).unwrap_or_default();
    assert!(
        !log_text.contains(secret),
        "the server log shows the secret"
    );
    let out = detached(state, &["audit", "--json"]);
    assert!(
        !text(&out).contains(secret),
        "the audit log holds the secret"
    );
    let bytes = std::fs::read(state.join("state.redb")).expect("state file");
    assert!(
        !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
        "the state file holds the secret"
    );
}

#[test]
fn the_operator_socket_holds_a_program_of_the_same_user_to_the_same_rule() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = dir.path();
    let log = dir.path().join("server.log");
    init(state);
    let server = Server::start(state, &log);
    server.block("a");
    // What an agent would send, with every variation the protocol lets it try.
    for request in [
        json!({"action": "unblock", "agent": "a"}),
        json!({"action": "unblock", "agent": "a", "user": "alice"}),
        json!({"action": "unblock", "agent": "a", "channel": "elicitation", "user": "s1"}),
        json!({"action": "unblock", "agent": "a", "auth": {}}),
        json!({"action": "verify", "challenge_id": "x"}),
        json!({"action": "trust_promote", "adapter": "github"}),
        // Every other action that changes state, each with well-formed parameters so that
        // only the missing credential can refuse it.
        json!({"action": "approve", "id": "apr-1"}),
        json!({"action": "deny", "id": "apr-1"}),
        json!({"action": "reissue", "agent": "a"}),
        json!({"action": "trust_demote", "adapter": "github", "to": "untrusted"}),
        json!({"action": "trust_certify", "adapter": "github", "certification": {}}),
        json!({"action": "operator_passphrase", "new_passphrase": "another long passphrase"}),
        json!({"action": "token_create", "label": "ci"}),
        json!({"action": "token_revoke", "id": "tok-1"}),
    ] {
        let answer = raw_operator(state, request.clone());
        assert_eq!(
            answer["error"]["code"], "OPERATOR_AUTH_REQUIRED",
            "{request} -> {answer}"
        );
    }
    let answer = raw_operator(
        state,
        json!({"action": "unblock", "agent": "a", "auth": {"passphrase": WRONG}}),
    );
    assert_eq!(answer["error"]["code"], "OPERATOR_AUTH_FAILED", "{answer}");
    assert!(
        !answer.to_string().contains(WRONG),
        "the answer does not echo it"
    );
    assert_eq!(blocked(state), ["a"]);
    // Reading needs nothing.
    let answer = raw_operator(state, json!({"action": "blocks"}));
    assert!(answer["ok"].is_array(), "{answer}");
    // The passphrase over the socket works (that is what the CLI sends).
    let answer = raw_operator(
        state,
        json!({"action": "unblock", "agent": "a", "auth": {"passphrase": PASSPHRASE}}),
    );
    assert!(answer["ok"].is_object(), "{answer}");
    assert_eq!(answer["auth"]["method"], "passphrase");
    assert!(blocked(state).is_empty());
}

#[test]
fn wrong_passphrases_lock_out_durably() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = dir.path();
    let log = dir.path().join("server.log");
    init(state);
    {
        let server = Server::start(state, &log);
        server.block("a");
        for i in 0..5 {
            let answer = raw_operator(
                state,
                json!({"action": "unblock", "agent": "a", "auth": {"passphrase": format!("{WRONG}{i}")}}),
            );
            assert_eq!(answer["error"]["code"], "OPERATOR_AUTH_FAILED", "{answer}");
        }
        let answer = raw_operator(
            state,
            json!({"action": "unblock", "agent": "a", "auth": {"passphrase": PASSPHRASE}}),
        );
        assert_eq!(
            answer["error"]["code"], "OPERATOR_AUTH_LOCKED",
            "even the right one waits: {answer}"
        );
    }
    // A restart does not lift it (the count is in the state file).
    let (out, status) = typed(state, &["unblock", "a"], &[PASSPHRASE]);
    assert_eq!(status, 3, "{out}");
    assert!(out.contains("OPERATOR_AUTH_LOCKED"), "{out}");
    let status = detached(state, &["operator", "status"]);
    assert!(text(&status).contains("locked out"), "{}", text(&status));
    assert_eq!(blocked(state), ["a"]);
}

#[test]
fn the_file_channel_withholds_codes_and_verify_takes_the_passphrase() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = dir.path();
    let log = dir.path().join("server.log");
    init(state);
    let server = Server::start(state, &log);
    let challenge = server.block("a");
    let txt = std::fs::read_to_string(state.join("operator").join(format!("{challenge}.txt")))
        .expect("the notice is written");
    assert!(!txt.contains("Verification code:"), "{txt}");
    assert!(
        txt.contains("withheld") && txt.contains("airlock verify"),
        "{txt}"
    );
    let doc: Value = serde_json::from_str(
        &std::fs::read_to_string(state.join("operator").join(format!("{challenge}.json")))
            .expect("json notice"),
    )
    .expect("json");
    assert!(doc.get("code").is_none(), "{doc}");
    // An agent that read the file has nothing to give verify_challenge; the person verifies.
    let out = detached(state, &["verify", &challenge]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let (out, status) = typed(state, &["verify", &challenge], &[PASSPHRASE]);
    assert_eq!(status, 0, "{out}");
    assert!(out.contains("unblocked"), "{out}");
    assert!(blocked(state).is_empty());
    let entries = audit(state);
    let verified = entries
        .iter()
        .rfind(|e| e["operation"] == "verify_challenge")
        .expect("audited");
    assert!(
        verified["user_id"]
            .as_str()
            .is_some_and(|u| u.contains("operator passphrase")),
        "{verified}"
    );
}

#[test]
fn an_operator_token_works_from_a_private_file_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = dir.path();
    let log = dir.path().join("server.log");
    let token_file = dir.path().join("operator.token");
    init(state);
    let server = Server::start(state, &log);
    // Making a token needs the passphrase.
    let out = detached(
        state,
        &[
            "operator",
            "token",
            "create",
            "--out",
            token_file.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(!token_file.exists());
    let (out, status) = typed(
        state,
        &[
            "operator",
            "token",
            "create",
            "--label",
            "ci",
            "--out",
            token_file.to_str().expect("utf-8"),
        ],
        &[PASSPHRASE],
    );
    assert_eq!(status, 0, "{out}");
    let token = std::fs::read_to_string(&token_file).expect("token file");
    let token = token.trim().to_owned();
    assert!(
        token.starts_with("airlock_op_") && token.len() > 60,
        "{token}"
    );
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&token_file)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let mut outputs = vec![out];
    server.block("a");
    let flag = ["--token-file", token_file.to_str().expect("utf-8")];
    let out = detached(state, &["unblock", "a", flag[0], flag[1]]);
    assert!(out.status.success(), "{}", text(&out));
    outputs.push(text(&out));
    assert!(blocked(state).is_empty());
    let last = audit(state)
        .into_iter()
        .rfind(|e| e["operation"] == "override_block")
        .expect("audited");
    assert!(
        last["user_id"]
            .as_str()
            .is_some_and(|u| u.contains("operator token")),
        "{last}"
    );
    // A token file others can read is refused before anything is sent.
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&token_file, std::fs::Permissions::from_mode(0o644))
            .expect("chmod");
    }
    server.block("b");
    let out = detached(state, &["unblock", "b", flag[0], flag[1]]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("chmod 600"), "{}", text(&out));
    // A wrong token is refused by the server.
    let forged = dir.path().join("forged.token");
    std::fs::write(&forged, format!("airlock_op_{}", "0".repeat(64))).expect("write");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&forged, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    }
    let out = detached(
        state,
        &[
            "unblock",
            "b",
            "--token-file",
            forged.to_str().expect("utf-8"),
        ],
    );
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(
        text(&out).contains("OPERATOR_AUTH_FAILED"),
        "{}",
        text(&out)
    );
    outputs.push(text(&out));
    assert_eq!(blocked(state), ["b"]);
    drop(server);
    assert_secret_absent(&token, state, &log, &outputs);
    assert_secret_absent(PASSPHRASE, state, &log, &outputs);
}

#[test]
fn hook_install_asks_for_operator_authentication_only_until_it_is_set_up() {
    let dir = tempfile::tempdir().expect("tempdir");
    let state = dir.path().join("state");
    let project = dir.path().join("project");
    std::fs::create_dir_all(&project).expect("project");
    let project_arg = project.to_str().expect("utf-8 path");
    let note = |out: &Output| text(out).contains("airlock operator init");
    let before = detached(&state, &["hook", "install", "codex", "--dir", project_arg]);
    assert!(before.status.success(), "{}", text(&before));
    assert!(note(&before), "no credential yet: {}", text(&before));
    init(&state);
    let after = detached(&state, &["hook", "install", "cursor", "--dir", project_arg]);
    assert!(after.status.success(), "{}", text(&after));
    assert!(
        !note(&after),
        "set up: nothing to ask for: {}",
        text(&after)
    );
}
