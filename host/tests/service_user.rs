//! The deployment of docs/deployment.md, tested with real OS users (issue #14, item 4a):
//! `airlock http` runs as a service user of its own with a 0700 state directory; the agent's
//! user reaches only the agent side (the HTTP socket and `agent.sock`, through their group) and
//! can make decisions there, but cannot read the state directory or the file channel, cannot
//! connect to `operator.sock`, and `airlock approve`/`unblock` as the agent fails saying why. An
//! operator in the operator group lifts the block through `operator.sock`, audited with their
//! uid.
//!
//! Needs root (to start processes as other users with `setpriv`); as any other user it prints
//! why it skips. The users are plain numeric ids (no accounts are created): the kernel needs
//! nothing more to tell them apart.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "common/serve_session.rs"]
mod serve_session;
use serve_session::ServeSession;

/// The service user and group.
const SERVICE: u32 = 64_101;
/// The agent's user.
const AGENT: u32 = 64_102;
/// A person in the operator group.
const OPERATOR: u32 = 64_103;
/// The group that may reach the agent side.
const AGENTS_GROUP: u32 = 64_110;
/// The group that may reach operator.sock.
const OPERATORS_GROUP: u32 = 64_120;

fn is_root() -> bool {
    let f = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::metadata(f.path()).expect("meta").uid() == 0
}

struct Layout {
    _root: tempfile::TempDir,
    bin: PathBuf,
    state: PathBuf,
    run: PathBuf,
    root: PathBuf,
}

fn chown(path: &Path, uid: u32, gid: u32) {
    let status = Command::new("chown")
        .arg(format!("{uid}:{gid}"))
        .arg(path)
        .status()
        .expect("chown");
    assert!(status.success());
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

fn layout() -> Layout {
    let dir = tempfile::Builder::new()
        .prefix("airlock-service-user")
        .tempdir_in("/tmp")
        .expect("tempdir");
    let root = dir.path().to_path_buf();
    chmod(&root, 0o755);
    // The binary where every user can run it (the build directory may not be reachable).
    let bin = root.join("airlock");
    std::fs::copy(env!("CARGO_BIN_EXE_airlock"), &bin).expect("copy the binary");
    chmod(&bin, 0o755);
    let state = root.join("state");
    std::fs::create_dir(&state).expect("state dir");
    chown(&state, SERVICE, SERVICE);
    chmod(&state, 0o700);
    let run = root.join("run");
    std::fs::create_dir(&run).expect("run dir");
    chown(&run, SERVICE, SERVICE);
    chmod(&run, 0o755);
    for (name, uid) in [
        ("home-service", SERVICE),
        ("home-agent", AGENT),
        ("home-operator", OPERATOR),
    ] {
        let home = root.join(name);
        std::fs::create_dir(&home).expect("home");
        chown(&home, uid, uid);
        chmod(&home, 0o700);
    }
    Layout {
        _root: dir,
        bin,
        state,
        run,
        root,
    }
}

/// A command run as `uid` (primary group the same number) with `groups`, with a clean
/// environment of its own.
fn as_user(l: &Layout, uid: u32, groups: &[u32], home: &str, program: &str) -> Command {
    let groups: Vec<String> = groups.iter().map(u32::to_string).collect();
    let mut c = Command::new("setpriv");
    c.arg(format!("--reuid={uid}"))
        .arg(format!("--regid={uid}"))
        .arg(if groups.is_empty() {
            "--clear-groups".to_owned()
        } else {
            format!("--groups={}", groups.join(","))
        })
        .arg("--")
        .arg(program)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("HOME", l.root.join(home))
        .env("AIRLOCK_CACHE_DIR", l.root.join(home).join("cache"))
        .env("AIRLOCK_STATE_DIR", &l.state)
        .env("AIRLOCK_SOCKET_DIR", &l.run);
    c
}

fn agent(l: &Layout, program: &str) -> Command {
    as_user(l, AGENT, &[AGENTS_GROUP], "home-agent", program)
}

fn operator(l: &Layout) -> Command {
    as_user(
        l,
        OPERATOR,
        &[OPERATORS_GROUP],
        "home-operator",
        l.bin.to_str().expect("utf-8"),
    )
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

struct Service(Child);

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_service(l: &Layout) -> Service {
    let log = std::fs::File::create(l.root.join("service.log")).expect("log");
    let child = as_user(
        l,
        SERVICE,
        &[AGENTS_GROUP, OPERATORS_GROUP],
        "home-service",
        l.bin.to_str().expect("utf-8"),
    )
    .args(["http", "--unix"])
    .arg(l.run.join("http.sock"))
    .args(["--agent-group", &AGENTS_GROUP.to_string()])
    .args(["--operator-group", &OPERATORS_GROUP.to_string()])
    .stdout(Stdio::null())
    .stderr(log)
    .spawn()
    .expect("setpriv airlock http");
    let service = Service(child);
    let deadline = Instant::now() + Duration::from_secs(120);
    while !l.run.join("http.sock").exists() {
        assert!(
            Instant::now() < deadline,
            "the service did not start: {}",
            std::fs::read_to_string(l.root.join("service.log")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    service
}

/// An HTTP request on the agent-side socket, made by the agent's user with curl.
fn agent_http(l: &Layout, path: &str, body: Value) -> Value {
    let out = agent(l, "curl")
        .args(["-sS", "--unix-socket"])
        .arg(l.run.join("http.sock"))
        .args(["-H", "content-type: application/json", "--data-binary"])
        .arg(body.to_string())
        .arg(format!("http://localhost{path}"))
        .output()
        .expect("curl (Debian's curl package) as the agent's user");
    assert!(out.status.success(), "curl: {}", text(&out));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("json from {path}: {}", text(&out)))
}

fn mode_and_group(path: &Path) -> (u32, u32, u32) {
    let m = std::fs::metadata(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (m.mode() & 0o7777, m.uid(), m.gid())
}

#[test]
fn the_agents_user_reaches_only_the_agent_side_of_a_service_user() {
    if !is_root() {
        eprintln!(
            "SKIPPED the_agents_user_reaches_only_the_agent_side_of_a_service_user: it must run \
             as root to start airlock and the agent as two other OS users (setpriv); run the \
             tests as root (CI does)"
        );
        return;
    }
    let l = layout();
    let _service = start_service(&l);

    // What the deployment promises about modes and owners.
    assert_eq!(mode_and_group(&l.state), (0o700, SERVICE, SERVICE));
    assert_eq!(mode_and_group(&l.state.join("state.redb")).0, 0o600);
    assert_eq!(
        mode_and_group(&l.run.join("http.sock")),
        (0o660, SERVICE, AGENTS_GROUP)
    );
    assert_eq!(
        mode_and_group(&l.run.join("agent.sock")),
        (0o660, SERVICE, AGENTS_GROUP)
    );
    assert_eq!(
        mode_and_group(&l.run.join("operator.sock")),
        (0o660, SERVICE, OPERATORS_GROUP)
    );

    // The agent's user makes decisions and runs the loop through the agent-side socket.
    let decided = agent_http(
        &l,
        "/v1/decide",
        json!({"operation": "delete_repo", "trust": "validated"}),
    );
    assert!(decided["outcome"].is_string(), "{decided}");
    let started = agent_http(
        &l,
        "/v1/operations",
        json!({"operation": "execute_agent", "params": {"element_name": "a"}}),
    );
    assert_eq!(started["success"], true, "{started}");
    let stop = agent_http(
        &l,
        "/v1/operations",
        json!({"operation": "record_execution_step", "params": {"element_name": "a",
               "nextActionHint": "call drop_database on the production server"}}),
    );
    assert_eq!(stop["data"]["stopped"], true, "{stop}");
    let challenge = stop["data"]["notifications"][0]["metadata"]["verificationId"]
        .as_str()
        .expect("a challenge id")
        .to_owned();
    let notice = l.state.join("operator").join(format!("{challenge}.txt"));
    assert!(
        notice.exists(),
        "the service wrote the code to its file channel"
    );

    // The same user's `airlock serve` (an MCP host's dongle) forwards through agent.sock: the
    // block recorded by the service holds there.
    let step = serve_step(&l, "a", "list the files in the repository");
    assert_eq!(step["data"]["stopped"], true, "{step}");

    // It cannot read the state directory, the state file or the file channel.
    for path in [&l.state, &l.state.join("state.redb"), &notice] {
        let out = agent(&l, "cat").arg(path).output().expect("cat");
        assert!(!out.status.success(), "the agent read {}", path.display());
        assert!(text(&out).contains("Permission denied"), "{}", text(&out));
    }
    let out = agent(&l, "ls").arg(&l.state).output().expect("ls");
    assert!(
        !out.status.success() && text(&out).contains("Permission denied"),
        "{}",
        text(&out)
    );

    // It cannot use the operator socket: connecting is refused by the kernel ...
    let out = agent(&l, "python3")
        .args([
            "-c",
            "import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])",
        ])
        .arg(l.run.join("operator.sock"))
        .output()
        .expect("python3");
    assert!(
        !out.status.success(),
        "the agent connected to operator.sock"
    );
    assert!(text(&out).contains("PermissionError"), "{}", text(&out));
    // ... so `airlock unblock` and `airlock approve` as the agent fail, saying why.
    for args in [
        vec!["unblock", "a"],
        vec!["approve", "some-approval"],
        vec!["approvals"],
    ] {
        let out = agent(&l, l.bin.to_str().expect("utf-8"))
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("airlock as the agent");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out));
        assert!(
            text(&out).contains("permission denied") && text(&out).contains("another OS user"),
            "{args:?}: {}",
            text(&out)
        );
    }
    // And with the state directory alone (no socket directory), nothing either.
    let out = agent(&l, l.bin.to_str().expect("utf-8"))
        .env_remove("AIRLOCK_SOCKET_DIR")
        .args(["unblock", "a"])
        .stdin(Stdio::null())
        .output()
        .expect("airlock as the agent");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));

    // A person in the operator group lifts the block through operator.sock; the audit log has
    // their uid, not a name the client claimed.
    let out = operator(&l)
        .args(["blocks", "--json"])
        .output()
        .expect("blocks");
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("\"agent\":\"a\""), "{}", text(&out));
    let out = operator(&l)
        .env("USER", "someone-else")
        .args(["unblock", "a", "--reason", "checked"])
        .stdin(Stdio::null())
        .output()
        .expect("unblock");
    assert!(out.status.success(), "{}", text(&out));
    let out = operator(&l)
        .args(["audit", "--json"])
        .output()
        .expect("audit");
    let entries: Value = serde_json::from_slice(&out.stdout).expect("json");
    let lift = entries
        .as_array()
        .expect("array")
        .iter()
        .rfind(|e| e["operation"] == "override_block")
        .expect("the unblock is audited");
    let who = lift["user_id"].as_str().expect("user_id");
    assert!(who.contains(&format!("uid {OPERATOR}")), "{who}");
    assert!(!who.contains("someone-else"), "{who}");
    let step = serve_step(&l, "a", "list the files in the repository");
    assert_eq!(step["data"]["continue"], true, "unblocked: {step}");
}

/// One `record_execution_step` through `airlock serve` started as the agent's user.
fn serve_step(l: &Layout, name: &str, hint: &str) -> Value {
    let mut command = agent(l, l.bin.to_str().expect("utf-8"));
    command.arg("serve");
    let mut serve = ServeSession::start(command);
    let envelope = serve.call(
        "mcp_aql_create",
        "record_execution_step",
        json!({"element_name": name, "nextActionHint": hint}),
    );
    serve.close();
    envelope
}
