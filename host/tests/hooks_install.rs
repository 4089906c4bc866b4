//! `airlock hook install HOST` / `uninstall` on real settings files: other hooks are kept, a
//! second install changes nothing, uninstall gives back what was there.

use std::path::Path;
use std::process::Command;

use serde_json::{Value, json};

fn airlock(home: &Path, project: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_airlock"));
    c.current_dir(project)
        .env("HOME", home)
        .env_remove("CODEX_HOME");
    c
}

fn run(home: &Path, project: &Path, args: &[&str]) -> String {
    let out = airlock(home, project).args(args).output().expect("airlock");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A settings file as a user has it, with another guard's hook already in place.
fn existing(host: &str) -> (&'static str, Value) {
    match host {
        "claude-code" => (
            ".claude/settings.json",
            json!({"permissions": {"allow": ["Bash(npm test:*)"]}, "hooks": {"PreToolUse": [
                {"matcher": "Bash", "hooks": [{"type": "command", "command": "cc-safety-net hook --claude-code"}]}
            ]}}),
        ),
        "codex" => (
            ".codex/hooks.json",
            json!({"hooks": {"PreToolUse": [
                {"matcher": "Bash", "hooks": [{"type": "command", "command": "cc-safety-net hook --codex"}]}
            ], "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]}}),
        ),
        "gemini-cli" => (
            ".gemini/settings.json",
            json!({"theme": "GitHub", "hooks": {"BeforeTool": [
                {"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "cc-safety-net hook --gemini-cli"}]}
            ]}}),
        ),
        "cursor" => (
            ".cursor/hooks.json",
            json!({"version": 1, "hooks": {"preToolUse": [{"command": "cc-safety-net hook --cursor", "matcher": "Shell"}],
                   "afterFileEdit": [{"command": "./hooks/format.sh"}]}}),
        ),
        "copilot-cli" => (
            ".github/hooks/airlock.json",
            json!({"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "./scripts/audit.sh", "timeoutSec": 10}]}}),
        ),
        other => panic!("{other}"),
    }
}

fn commands(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::Object(m) => {
                for (k, v) in m {
                    if (k == "command" || k == "bash")
                        && let Some(s) = v.as_str()
                    {
                        out.push(s.to_owned());
                    }
                    walk(v, out);
                }
            }
            Value::Array(a) => a.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    walk(v, &mut out);
    out
}

#[test]
fn install_merges_is_idempotent_and_uninstall_restores_for_every_host() {
    for host in [
        "claude-code",
        "codex",
        "gemini-cli",
        "cursor",
        "copilot-cli",
    ] {
        let home = tempfile::tempdir().expect("home");
        let project = home.path().join("proj");
        let (rel, original) = existing(host);
        let file = project.join(rel);
        std::fs::create_dir_all(file.parent().expect("a parent")).expect("dir");
        let original_text = serde_json::to_string_pretty(&original).expect("json") + "\n";
        std::fs::write(&file, &original_text).expect("write");

        run(
            home.path(),
            &project,
            &["hook", "install", host, "--project"],
        );
        let installed_text = std::fs::read_to_string(&file).expect("read");
        let installed: Value = serde_json::from_str(&installed_text).expect("json");
        let cmds = commands(&installed);
        for kept in commands(&original) {
            assert!(cmds.contains(&kept), "{host}: {kept} kept: {installed}");
        }
        assert!(
            cmds.iter()
                .any(|c| c.ends_with(&format!("airlock hook {host}"))),
            "{host}: airlock's hook is there: {installed}"
        );
        assert_eq!(
            std::fs::read_to_string(file.with_file_name(format!(
                "{}.airlock-backup",
                file.file_name().expect("a file name").to_string_lossy()
            )))
            .expect("a backup"),
            original_text,
            "{host}"
        );

        // A second install changes nothing, not even the file's bytes.
        let out = run(home.path(), &project, &["hook", "install", host]);
        assert!(out.contains("nothing changed"), "{host}: {out}");
        assert_eq!(
            std::fs::read_to_string(&file).expect("read"),
            installed_text,
            "{host}"
        );

        run(
            home.path(),
            &project,
            &["hook", "uninstall", host, "--project"],
        );
        let back: Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("read")).expect("json");
        assert_eq!(back, original, "{host}: uninstall restores");
        assert_eq!(
            std::fs::read_to_string(&file).expect("read"),
            original_text,
            "{host}: in the same order"
        );
        let out = run(home.path(), &project, &["hook", "uninstall", host]);
        assert!(out.contains("nothing changed"), "{host}: {out}");
    }
}

#[test]
fn install_into_a_fresh_user_settings_file_and_uninstall_removes_it() {
    let home = tempfile::tempdir().expect("home");
    let project = home.path().join("proj");
    std::fs::create_dir_all(&project).expect("dir");
    run(
        home.path(),
        &project,
        &["hook", "install", "claude-code", "--user"],
    );
    let file = home.path().join(".claude/settings.json");
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("read")).expect("json");
    for event in ["PreToolUse", "PostToolUse", "PostToolUseFailure"] {
        let cmd = v["hooks"][event][0]["hooks"][0]["command"]
            .as_str()
            .expect(event);
        assert!(cmd.ends_with("airlock hook claude-code"), "{cmd}");
        assert_eq!(v["hooks"][event][0]["matcher"], "*");
    }
    run(
        home.path(),
        &project,
        &["hook", "uninstall", "claude-code", "--user"],
    );
    assert!(!file.exists(), "a file airlock created is removed");
}

#[test]
fn install_says_to_set_up_operator_authentication_until_it_is() {
    let home = tempfile::tempdir().expect("home");
    let project = home.path().join("proj");
    std::fs::create_dir_all(&project).expect("dir");
    let out = airlock(home.path(), &project)
        .args(["hook", "install", "codex"])
        .output()
        .expect("airlock");
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("airlock operator init"),
        "a fresh state directory has no operator credential: {stderr}"
    );
}

#[test]
fn a_settings_file_that_is_not_json_is_left_alone() {
    let home = tempfile::tempdir().expect("home");
    let project = home.path().join("proj");
    let file = project.join(".gemini/settings.json");
    std::fs::create_dir_all(file.parent().expect("a parent")).expect("dir");
    std::fs::write(&file, "{ not json").expect("write");
    let out = airlock(home.path(), &project)
        .args(["hook", "install", "gemini-cli"])
        .output()
        .expect("airlock");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&file).expect("read"), "{ not json");
}
