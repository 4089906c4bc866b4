//! `airlock hook install HOST` and `airlock hook uninstall HOST`: the host's settings entry.
//!
//! The settings file is read as JSON with its keys in their order (so a user's file keeps its
//! shape), airlock's entries are added to each event's list beside whatever is there, and the
//! file is written only when something changes: a second install changes nothing, and the
//! previous content is kept in `<file>.airlock-backup` before each change. Uninstall removes
//! exactly the entries whose command is `... airlock hook HOST ...`, and the containers that
//! removing them left empty; a file airlock created (no backup beside it) and left empty is
//! deleted.
//!
//! | host | project file | user file | events |
//! | --- | --- | --- | --- |
//! | claude-code | `.claude/settings.json` | `~/.claude/settings.json` | `PreToolUse`, `PostToolUse`, `PostToolUseFailure` (matcher `*`) |
//! | codex | `.codex/hooks.json` | `$CODEX_HOME/hooks.json` (`~/.codex/hooks.json`) | `PreToolUse`, `PostToolUse` (no matcher: every tool) |
//! | gemini-cli | `.gemini/settings.json` | `~/.gemini/settings.json` | `BeforeTool`, `AfterTool` (no matcher: every tool) |
//! | cursor | `.cursor/hooks.json` | `~/.cursor/hooks.json` | `preToolUse` (`failClosed: true`), `postToolUse`, `postToolUseFailure` |
//! | copilot-cli | `.github/hooks/airlock.json` | none: the CLI reads the repository's `.github/hooks/` | `preToolUse`, `postToolUse` |

use std::path::{Path, PathBuf};

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::hosts::HostKind;

/// A JSON value that keeps its object keys in the order they came (serde_json's own map sorts
/// them unless a workspace-wide feature is switched on, which would change every other crate's
/// output order).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// A number.
    Number(serde_json::Number),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, in order.
    Object(IndexMap<String, Json>),
}

/// Which settings file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The project's (under `--dir`, default the current directory).
    Project,
    /// The user's.
    User,
}

/// What `install` / `uninstall` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The settings file.
    pub path: PathBuf,
    /// Whether the file changed.
    pub changed: bool,
    /// Where the previous content was kept.
    pub backup: Option<PathBuf>,
    /// Whether the file was removed (uninstall of a file airlock created).
    pub removed: bool,
}

/// The settings file of a host.
pub fn settings_path(host: HostKind, scope: Scope, dir: &Path) -> Result<PathBuf, String> {
    let home = || {
        std::env::var_os("HOME")
            .map(PathBuf::from)
            .ok_or("HOME is not set: use --project")
    };
    Ok(match (host, scope) {
        (HostKind::ClaudeCode, Scope::Project) => dir.join(".claude/settings.json"),
        (HostKind::ClaudeCode, Scope::User) => home()?.join(".claude/settings.json"),
        (HostKind::Codex, Scope::Project) => dir.join(".codex/hooks.json"),
        (HostKind::Codex, Scope::User) => match std::env::var_os("CODEX_HOME") {
            Some(h) => PathBuf::from(h).join("hooks.json"),
            None => home()?.join(".codex/hooks.json"),
        },
        (HostKind::GeminiCli, Scope::Project) => dir.join(".gemini/settings.json"),
        (HostKind::GeminiCli, Scope::User) => home()?.join(".gemini/settings.json"),
        (HostKind::Cursor, Scope::Project) => dir.join(".cursor/hooks.json"),
        (HostKind::Cursor, Scope::User) => home()?.join(".cursor/hooks.json"),
        (HostKind::CopilotCli, Scope::Project) => dir.join(".github/hooks/airlock.json"),
        (HostKind::CopilotCli, Scope::User) => {
            return Err(
                "Copilot CLI reads hooks from the repository's .github/hooks/ only: \
                        use --project (in the repository)"
                    .to_owned(),
            );
        }
    })
}

/// The events airlock's entry goes under, and whether the host nests entries in matcher groups.
fn events(host: HostKind) -> &'static [&'static str] {
    match host {
        HostKind::ClaudeCode => &["PreToolUse", "PostToolUse", "PostToolUseFailure"],
        HostKind::Codex => &["PreToolUse", "PostToolUse"],
        HostKind::GeminiCli => &["BeforeTool", "AfterTool"],
        HostKind::Cursor => &["preToolUse", "postToolUse", "postToolUseFailure"],
        HostKind::CopilotCli => &["preToolUse", "postToolUse"],
    }
}

fn nested(host: HostKind) -> bool {
    matches!(
        host,
        HostKind::ClaudeCode | HostKind::Codex | HostKind::GeminiCli
    )
}

fn obj(pairs: Vec<(&str, Json)>) -> Json {
    Json::Object(pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

fn s(v: &str) -> Json {
    Json::String(v.to_owned())
}

/// airlock's hook entry (the inner one, for nested hosts).
fn entry(host: HostKind, event: &str, command: &str) -> Json {
    match host {
        // Claude Code lets a hook that cannot start, times out or exits with another code
        // than 0 or 2 through, unless `onFailure` says "block" (Claude Code 2.1.295 and later;
        // earlier versions ignore the key): airlock fails closed there too.
        HostKind::ClaudeCode if event == "PreToolUse" => obj(vec![
            ("type", s("command")),
            ("command", s(command)),
            ("onFailure", s("block")),
        ]),
        HostKind::ClaudeCode | HostKind::Codex => {
            obj(vec![("type", s("command")), ("command", s(command))])
        }
        HostKind::GeminiCli => obj(vec![
            ("type", s("command")),
            ("command", s(command)),
            ("name", s("airlock")),
        ]),
        HostKind::Cursor => {
            let mut pairs = vec![("command", s(command))];
            if event == "preToolUse" {
                pairs.push(("failClosed", Json::Bool(true)));
            }
            obj(pairs)
        }
        HostKind::CopilotCli => obj(vec![
            ("type", s("command")),
            ("bash", s(command)),
            ("timeoutSec", Json::Number(30.into())),
        ]),
    }
}

/// A matcher group holding airlock's entry.
fn group(host: HostKind, event: &str, command: &str) -> Json {
    let hooks = Json::Array(vec![entry(host, event, command)]);
    match host {
        HostKind::ClaudeCode => obj(vec![("matcher", s("*")), ("hooks", hooks)]),
        _ => obj(vec![("hooks", hooks)]),
    }
}

/// Whether a command line is `... airlock hook HOST ...`.
pub fn is_ours(command: &str, host: HostKind) -> bool {
    let words: Vec<&str> = command
        .split_whitespace()
        .map(|w| w.trim_matches(|c| c == '"' || c == '\''))
        .collect();
    words.windows(3).any(|w| {
        Path::new(w[0]).file_name().is_some_and(|n| n == "airlock")
            && w[1] == "hook"
            && w[2] == host.name()
    })
}

fn command_of(entry: &Json) -> Option<&str> {
    let Json::Object(m) = entry else { return None };
    ["command", "bash"].iter().find_map(|k| match m.get(*k) {
        Some(Json::String(s)) => Some(s.as_str()),
        _ => None,
    })
}

fn read(path: &Path) -> Result<Option<Json>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) if text.trim().is_empty() => Ok(None),
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{} is not valid JSON ({e}): fix it first", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".airlock-backup");
    path.with_file_name(name)
}

fn write(path: &Path, value: &Json) -> Result<Option<PathBuf>, String> {
    let backup = if path.exists() {
        let b = backup_path(path);
        std::fs::copy(path, &b)
            .map_err(|e| format!("cannot keep a backup at {}: {e}", b.display()))?;
        Some(b)
    } else {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        None
    };
    let mut text = serde_json::to_string_pretty(value).map_err(|e| e.to_string())?;
    text.push('\n');
    let staged = path.with_extension("airlock-tmp");
    std::fs::write(&staged, text)
        .and_then(|()| std::fs::rename(&staged, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(backup)
}

fn object_mut<'a>(
    value: &'a mut Json,
    what: &str,
) -> Result<&'a mut IndexMap<String, Json>, String> {
    match value {
        Json::Object(m) => Ok(m),
        _ => Err(format!("'{what}' is not a JSON object: fix the file first")),
    }
}

/// Adds airlock's entries to `root`; whether anything changed.
pub fn add(root: &mut Json, host: HostKind, command: &str) -> Result<bool, String> {
    let top = object_mut(root, "the settings")?;
    let mut changed = false;
    if matches!(host, HostKind::Cursor | HostKind::CopilotCli) && !top.contains_key("version") {
        top.insert("version".to_owned(), Json::Number(1.into()));
        changed = true;
    }
    let hooks = top
        .entry("hooks".to_owned())
        .or_insert_with(|| Json::Object(IndexMap::new()));
    let hooks = object_mut(hooks, "hooks")?;
    for event in events(host) {
        let list = hooks
            .entry((*event).to_owned())
            .or_insert_with(|| Json::Array(Vec::new()));
        let Json::Array(list) = list else {
            return Err(format!("'hooks.{event}' is not a list: fix the file first"));
        };
        let wanted = entry(host, event, command);
        // Where airlock's entry already is, if anywhere.
        let mut found = false;
        for item in list.iter_mut() {
            let slots: Vec<&mut Json> = if nested(host) {
                match item {
                    Json::Object(g) => match g.get_mut("hooks") {
                        Some(Json::Array(inner)) => inner.iter_mut().collect(),
                        _ => Vec::new(),
                    },
                    _ => Vec::new(),
                }
            } else {
                vec![item]
            };
            for slot in slots {
                if command_of(slot).is_some_and(|c| is_ours(c, host)) {
                    if !found && *slot != wanted {
                        *slot = wanted.clone();
                        changed = true;
                    }
                    found = true;
                }
            }
        }
        if !found {
            list.push(if nested(host) {
                group(host, event, command)
            } else {
                wanted
            });
            changed = true;
        }
    }
    Ok(changed)
}

/// Removes airlock's entries from `root`; whether anything changed.
pub fn remove(root: &mut Json, host: HostKind) -> bool {
    let Json::Object(top) = root else {
        return false;
    };
    let Some(Json::Object(hooks)) = top.get_mut("hooks") else {
        return false;
    };
    let mut changed = false;
    for event in events(host) {
        let Some(Json::Array(list)) = hooks.get_mut(*event) else {
            continue;
        };
        let before = list.len();
        let mut emptied_group = false;
        if nested(host) {
            for item in list.iter_mut() {
                if let Json::Object(g) = item
                    && let Some(Json::Array(inner)) = g.get_mut("hooks")
                {
                    let n = inner.len();
                    inner.retain(|e| !command_of(e).is_some_and(|c| is_ours(c, host)));
                    if inner.len() != n {
                        emptied_group = true;
                        if inner.is_empty() {
                            // Marked for removal below: a group airlock emptied.
                            g.insert("hooks".to_owned(), Json::Null);
                        }
                    }
                }
            }
            list.retain(|item| {
                !matches!(item, Json::Object(g) if matches!(g.get("hooks"), Some(Json::Null)))
            });
        } else {
            list.retain(|e| !command_of(e).is_some_and(|c| is_ours(c, host)));
        }
        let event_changed = emptied_group || list.len() != before;
        if event_changed && list.is_empty() {
            hooks.shift_remove(*event);
        }
        changed |= event_changed;
    }
    if changed && hooks.is_empty() {
        top.shift_remove("hooks");
    }
    changed
}

/// `airlock hook install`.
pub fn install(host: HostKind, scope: Scope, dir: &Path, command: &str) -> Result<Report, String> {
    let path = settings_path(host, scope, dir)?;
    let mut root = read(&path)?.unwrap_or_else(|| Json::Object(IndexMap::new()));
    let changed = add(&mut root, host, command)?;
    let backup = if changed { write(&path, &root)? } else { None };
    Ok(Report {
        path,
        changed,
        backup,
        removed: false,
    })
}

/// `airlock hook uninstall`.
pub fn uninstall(host: HostKind, scope: Scope, dir: &Path) -> Result<Report, String> {
    let path = settings_path(host, scope, dir)?;
    let Some(mut root) = read(&path)? else {
        return Ok(Report {
            path,
            changed: false,
            backup: None,
            removed: false,
        });
    };
    if !remove(&mut root, host) {
        return Ok(Report {
            path,
            changed: false,
            backup: None,
            removed: false,
        });
    }
    let left_empty = match &root {
        Json::Object(m) => m.is_empty() || (m.len() == 1 && m.contains_key("version")),
        _ => false,
    };
    if left_empty && !backup_path(&path).exists() {
        std::fs::remove_file(&path)
            .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
        return Ok(Report {
            path,
            changed: true,
            backup: None,
            removed: true,
        });
    }
    let backup = write(&path, &root)?;
    Ok(Report {
        path,
        changed: true,
        backup,
        removed: false,
    })
}

/// The command line a host runs: this binary, `hook HOST`, and the flags given to install.
pub fn hook_command(
    host: HostKind,
    policy: Option<&Path>,
    state_dir: Option<&Path>,
) -> Result<String, String> {
    let exe = std::env::current_exe()
        .and_then(|p| p.canonicalize())
        .map_err(|e| format!("cannot find the airlock binary: {e}"))?;
    let quote = |p: &Path| {
        let s = p.to_string_lossy();
        if s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./+@%:,".contains(c))
        {
            s.into_owned()
        } else {
            format!("'{}'", s.replace('\'', r"'\''"))
        }
    };
    let absolute = |p: &Path| {
        std::path::absolute(p).map_err(|e| format!("cannot resolve {}: {e}", p.display()))
    };
    let mut command = format!("{} hook {}", quote(&exe), host.name());
    if let Some(p) = policy {
        command.push_str(&format!(" --policy {}", quote(&absolute(p)?)));
    }
    if let Some(d) = state_dir {
        command.push_str(&format!(" --state-dir {}", quote(&absolute(d)?)));
    }
    Ok(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CMD: &str = "/opt/bin/airlock hook claude-code";

    #[test]
    fn install_keeps_other_hooks_and_is_idempotent_and_uninstall_restores() {
        let original: Json = serde_json::from_str(
            r#"{"model": "opus", "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "cc-safety-net hook --claude-code"}]}]}, "permissions": {"allow": ["Bash(ls:*)"]}}"#,
        )
        .expect("json");
        let mut root = original.clone();
        assert!(add(&mut root, HostKind::ClaudeCode, CMD).expect("add"));
        let once = root.clone();
        assert!(!add(&mut root, HostKind::ClaudeCode, CMD).expect("add"));
        assert_eq!(root, once);
        let text = serde_json::to_string(&root).expect("json");
        assert!(text.contains("cc-safety-net hook --claude-code"));
        assert!(text.starts_with(r#"{"model":"opus","hooks""#), "{text}");
        assert!(remove(&mut root, HostKind::ClaudeCode));
        assert_eq!(root, original);
    }

    #[test]
    fn claude_code_blocks_the_call_when_the_pre_tool_hook_fails_and_old_entries_are_upgraded() {
        // An entry written by an airlock from before `onFailure`.
        let mut root: Json = serde_json::from_str(&format!(
            r#"{{"hooks": {{"PreToolUse": [{{"matcher": "*", "hooks": [{{"type": "command", "command": "{CMD}"}}]}}]}}}}"#
        ))
        .expect("json");
        assert!(add(&mut root, HostKind::ClaudeCode, CMD).expect("add"));
        let root = serde_json::to_value(&root).expect("json");
        let pre = &root["hooks"]["PreToolUse"];
        assert_eq!(
            pre.as_array().map(Vec::len),
            Some(1),
            "upgraded in place: {pre}"
        );
        assert_eq!(pre[0]["hooks"][0]["onFailure"], "block", "{pre}");
        // After the call it is too late to block: the post-tool entries leave it out.
        for event in ["PostToolUse", "PostToolUseFailure"] {
            let entry = &root["hooks"][event][0]["hooks"][0];
            assert_eq!(entry["command"], CMD, "{entry}");
            assert!(entry.get("onFailure").is_none(), "{event}: {entry}");
        }
    }

    #[test]
    fn only_airlock_hook_commands_are_ours() {
        assert!(is_ours("/x/airlock hook codex", HostKind::Codex));
        assert!(is_ours(
            "'/a b/airlock' hook codex --policy /p",
            HostKind::Codex
        ));
        assert!(!is_ours("/x/airlock hook codex", HostKind::Cursor));
        assert!(!is_ours("cc-safety-net hook --codex", HostKind::Codex));
        assert!(!is_ours("/x/not-airlock hook codex", HostKind::Codex));
    }
}
