//! The hook fixtures and `airlock hook`'s answers held to the fields each host's published types
//! declare, without the network: `fixtures/hooks/sdk-fields.json` records, per host and event,
//! the field names and JSON types of the hook input and answer as the named package version
//! declares them (Codex publishes JSON Schemas in its repository instead; the file says where
//! each came from). The fixtures are written by hand from the hosts' documentation, so this is
//! what keeps them, and airlock's answers, to the hosts' own types.
//!
//! Run: `cargo test -p airlock --test hook_sdk_fields`.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{Map, Value, json};

/// Every host `airlock hook` speaks to: each must be described in sdk-fields.json.
const HOSTS: &[&str] = &[
    "claude-code",
    "codex",
    "gemini-cli",
    "cursor",
    "copilot-cli",
];

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hooks")
}

/// sdk-fields.json's `hosts` object.
fn sdk_hosts() -> Map<String, Value> {
    let path = fixtures_dir().join("sdk-fields.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    v["hosts"]
        .as_object()
        .expect("sdk-fields.json has hosts")
        .clone()
}

/// A fixture: its JSON after the `//` line naming its source.
fn fixture(host: &str, name: &str) -> Value {
    let path = fixtures_dir().join(host).join(format!("{name}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let json: String = text
        .lines()
        .filter(|l| !l.starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn is_type(v: &Value, ty: &str) -> bool {
    match ty {
        "any" => true,
        "string" => v.is_string(),
        "number" => v.is_number(),
        "integer" => v.is_i64() || v.is_u64(),
        "boolean" => v.is_boolean(),
        "object" => v.is_object(),
        "array" => v.is_array(),
        "null" => v.is_null(),
        other => panic!("sdk-fields.json: unknown JSON type {other:?}"),
    }
}

/// Whether `v` has the declared type (one type's name, or a list of them).
fn has_type(v: &Value, declared: &Value) -> bool {
    match declared {
        Value::String(t) => is_type(v, t),
        Value::Array(ts) => ts
            .iter()
            .any(|t| is_type(v, t.as_str().expect("a type name"))),
        other => panic!("sdk-fields.json: a field's type is {other}"),
    }
}

/// Holds `value` to `fields` (an object's declared fields): each required field is there, each
/// field present is declared, has its type and, where the values are listed, one of them; the
/// declared fields of nested objects likewise. Each mismatch is added to `problems`, named.
fn check_object(at: &str, value: &Value, fields: &Map<String, Value>, problems: &mut Vec<String>) {
    let Some(object) = value.as_object() else {
        problems.push(format!("{at}: {value} is not a JSON object"));
        return;
    };
    for (name, spec) in fields {
        if spec["required"] == true && !object.contains_key(name) {
            problems.push(format!("{at}.{name}: required by the SDK type, missing"));
        }
    }
    for (name, v) in object {
        let Some(spec) = fields.get(name) else {
            problems.push(format!("{at}.{name}: not a field the SDK type declares"));
            continue;
        };
        if !has_type(v, &spec["type"]) {
            problems.push(format!(
                "{at}.{name}: {v} is not of the declared type {}",
                spec["type"]
            ));
            continue;
        }
        if let (Some(allowed), Some(s)) = (spec["enum"].as_array(), v.as_str())
            && !allowed.iter().any(|a| a.as_str() == Some(s))
        {
            problems.push(format!("{at}.{name}: {s:?} is not one of {allowed:?}"));
        }
        if let Some(inner) = spec["fields"].as_object()
            && v.is_object()
        {
            check_object(&format!("{at}.{name}"), v, inner, problems);
        }
    }
}

fn fields_of<'a>(event: &'a Value, side: &str, at: &str) -> &'a Map<String, Value> {
    event[side]
        .as_object()
        .unwrap_or_else(|| panic!("sdk-fields.json: {at} has no {side} fields"))
}

#[test]
fn every_fixture_has_the_fields_the_sdk_types_declare_and_no_other() {
    let hosts = sdk_hosts();
    let mut problems = Vec::new();
    let mut checked = 0;
    for host in HOSTS {
        let spec = hosts
            .get(*host)
            .unwrap_or_else(|| panic!("sdk-fields.json describes {host}"));
        let mut listed = BTreeSet::new();
        for (event_name, event) in spec["events"].as_object().expect("events") {
            let input = fields_of(event, "input", &format!("{host} {event_name}"));
            for name in event["fixtures"].as_array().expect("fixtures") {
                let name = name.as_str().expect("a fixture name");
                assert!(listed.insert(name.to_owned()), "{host}/{name} listed twice");
                let at = format!("{host}/{name}.json ({event_name})");
                check_object(&at, &fixture(host, name), input, &mut problems);
                checked += 1;
            }
        }
        // Every fixture is held to some event's fields: none escapes the check.
        for entry in std::fs::read_dir(fixtures_dir().join(host)).expect("fixture dir") {
            let path = entry.expect("entry").path();
            let stem = path
                .file_stem()
                .expect("name")
                .to_string_lossy()
                .into_owned();
            if !listed.contains(&stem) {
                problems.push(format!(
                    "{host}/{stem}: a fixture sdk-fields.json lists under no event"
                ));
            }
        }
    }
    assert!(checked >= 20, "only {checked} fixtures checked");
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// A home, a project and airlock's state for one test.
struct World {
    home: tempfile::TempDir,
    project: PathBuf,
}

impl World {
    fn new() -> Self {
        let home = tempfile::tempdir().expect("home");
        let project = home.path().join("my-project");
        std::fs::create_dir_all(&project).expect("project");
        Self { home, project }
    }

    fn airlock(&self, policy: Option<&Path>) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_airlock"));
        c.current_dir(&self.project)
            .env("HOME", self.home.path())
            .env(
                "AIRLOCK_STATE_DIR",
                self.home.path().join(".local/state/airlock"),
            )
            .env(
                "AIRLOCK_CACHE_DIR",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("hook-cache"),
            )
            .env_remove("XDG_STATE_HOME")
            .env_remove("AIRLOCK_POLICY")
            .env_remove("MCPAQL_SAFETY_LOOP");
        if let Some(p) = policy {
            c.env("AIRLOCK_POLICY", p);
        }
        c
    }

    /// `airlock hook HOST` on `input`, as the host runs it: a fresh process, the JSON on stdin.
    fn hook(&self, host: &str, input: &Value, policy: Option<&Path>) -> Output {
        let mut child = self
            .airlock(policy)
            .args(["hook", host])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("airlock hook");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.to_string().as_bytes())
            .expect("write");
        child.wait_with_output().expect("wait")
    }

    /// A command the current judgement grades `confirm`, as `airlock check` says.
    fn confirm_command(&self) -> &'static str {
        const CANDIDATES: &[&str] = &[
            "git push --force origin main",
            "git reset --hard HEAD~3",
            "npm publish",
            "git clean -fdx",
            "kubectl delete deployment web",
        ];
        for hint in CANDIDATES {
            let out = self
                .airlock(None)
                .args(["check", "--hint", hint, "--json"])
                .output()
                .expect("check");
            let v: Value = serde_json::from_slice(&out.stdout).expect("check --json");
            if v["outcome"] == "confirm" {
                return hint;
            }
        }
        panic!("none of {CANDIDATES:?} is graded confirm: add one that is");
    }
}

/// The host's fixture for one tool call in `session`, in the project, running `command` (or the
/// post-tool-use fixture when `command` is None).
fn input(host: &str, session: &str, project: &Path, command: Option<&str>) -> Value {
    let name = match (host, command) {
        ("gemini-cli" | "cursor", Some(_)) => "pre_shell",
        (_, Some(_)) => "pre_bash",
        ("gemini-cli" | "cursor", None) => "post_shell",
        (_, None) => "post_bash",
    };
    let mut v = fixture(host, name);
    match host {
        "cursor" => {
            v["conversation_id"] = json!(session);
            v["session_id"] = json!(session);
            v["workspace_roots"] = json!([project]);
        }
        "copilot-cli" => v["sessionId"] = json!(session),
        _ => v["session_id"] = json!(session),
    }
    v["cwd"] = json!(project);
    if let Some(command) = command {
        match host {
            "copilot-cli" => v["toolArgs"] = json!(json!({"command": command}).to_string()),
            _ => v["tool_input"]["command"] = json!(command),
        }
    }
    v
}

/// Holds one answer to the declared exit statuses and answer fields of `event`; returns whether
/// it had a JSON answer to check.
fn check_answer(
    at: &str,
    spec: &Value,
    event: &str,
    out: &Output,
    problems: &mut Vec<String>,
) -> bool {
    let stdout = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).trim().to_owned();
    let code = out.status.code();
    if let Some(codes) = spec["exit_codes"].as_object() {
        match code {
            Some(c) if codes.contains_key(&c.to_string()) => {}
            other => problems.push(format!(
                "{at}: exit status {other:?} is none of those the host's types declare ({:?})",
                codes.keys().collect::<Vec<_>>()
            )),
        }
        if code == Some(2) && stderr.is_empty() {
            problems.push(format!(
                "{at}: exit status 2 with no reason on standard error"
            ));
        }
    }
    if stdout.is_empty() {
        return false;
    }
    let fields = fields_of(&spec["events"][event], "output", at);
    match serde_json::from_str::<Value>(&stdout) {
        Ok(answer) => check_object(at, &answer, fields, problems),
        Err(e) => problems.push(format!(
            "{at}: standard output is not one JSON value ({e}): {stdout}"
        )),
    }
    true
}

#[test]
fn airlock_s_answers_use_only_what_the_sdk_types_declare() {
    let hosts = sdk_hosts();
    let world = World::new();
    let confirm = world.confirm_command();
    let broken = world.home.path().join("broken-policy");
    std::fs::create_dir_all(&broken).expect("dir");
    std::fs::write(
        broken.join("policy.json"),
        "{\"autonomy\": {\"level\": \"A9\"",
    )
    .expect("write");

    let mut problems = Vec::new();
    for host in HOSTS {
        let spec = &hosts[*host];
        let pre = spec["pre_event"].as_str().expect("pre_event");
        let post = spec["post_event"].as_str().expect("post_event");
        let calls = [
            ("allow", Some("git status"), None, pre),
            ("confirm", Some(confirm), None, pre),
            ("deny", Some("rm -rf ~"), None, pre),
            ("fail-closed", Some("ls"), Some(broken.as_path()), pre),
            ("post", None, None, post),
        ];
        let mut json_answers = 0;
        for (case, command, policy, event) in calls {
            let at = format!("{host} {case} ({event})");
            let session = format!("sdk-fields-{case}");
            let sent = input(host, &session, &world.project, command);
            // The harness's own input stays in the host's shape too.
            check_object(
                &format!("{at} input"),
                &sent,
                fields_of(&spec["events"][event], "input", &at),
                &mut problems,
            );
            let out = world.hook(host, &sent, policy);
            if check_answer(&at, spec, event, &out, &mut problems) {
                json_answers += 1;
            }
            if matches!(case, "deny" | "fail-closed") {
                // A refusal the host can see: a JSON answer or exit status 2.
                assert!(
                    !out.stdout.is_empty() || out.status.code() == Some(2),
                    "{at}: no refusal: {out:?}"
                );
            }
        }
        assert!(json_answers > 0, "{host}: no JSON answer was checked");
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}
