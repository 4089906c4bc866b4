//! Path and self-protection grading: floors under the outcome of a host's tool call, decided
//! from where a file is and what a command touches, before the WebAssembly stages judge the
//! action's text. A floor only raises the outcome; the strictest layer wins.
//!
//! | what | write / edit / delete | read |
//! | --- | --- | --- |
//! | airlock's state, policy or cache directory | stop | stop for the operator channel (`<state>/operator/`, where codes go), deny for the state file |
//! | a host's hook settings (`.claude/settings*.json`, `.codex/hooks.json`, `.codex/config.toml`, `.gemini/settings.json`, `.cursor/hooks.json`, `.github/hooks/*.json`) | stop: removing the hook is how an agent would escape it | - |
//! | credentials (`~/.ssh`, `~/.aws`, `~/.gnupg`, `~/.kube`, `~/.docker/config.json`, `~/.netrc`, ... , `.env*`, `*.pem`, `*.key`, private keys) | deny | deny in the home directory, confirm for a project's `.env` |
//! | system directories (`/etc`, `/usr`, `/bin`, `/boot`, ...) | deny | - |
//! | shell startup files (`~/.bashrc`, `~/.zshrc`, `~/.profile`, ...) and `.git/hooks/` | deny (code that runs later, unseen) | - |
//! | CI configuration (`.github/workflows/`, `.gitlab-ci.yml`, `.circleci/`, `Jenkinsfile`, ...) and `.git/config` | confirm | - |
//! | other dotfiles in the home directory | confirm | - |
//! | outside the project (the session's `cwd`; the temporary directories excepted) | confirm | - |
//!
//! Shell commands: running an operator command of airlock (`airlock approve`, `deny`,
//! `verify`, `unblock`, `reissue`, `trust`, `hook uninstall`...) or naming airlock's state
//! directory stops the session (an agent approving itself); naming a hook settings file with a
//! write (a redirection, `sed`, `rm`, `mv`, `cp`, an interpreter...) stops it, naming one
//! otherwise asks. Fetches of cloud metadata addresses are denied; `file:` URLs are graded as
//! reads.
//!
//! Paths are compared lexically (`~` expanded, relative paths joined to the session's `cwd`,
//! `.` and `..` folded); symbolic links are not followed, so a link from the project into
//! `~/.ssh` is graded by the link's own path (the stages and the host's own sandbox remain).

use std::path::{Component, Path, PathBuf};

use airlock_core::Outcome;
use airlock_engine::HookFloor;

use super::action::ToolAction;

/// The places a tool call is graded against.
#[derive(Debug, Clone, Default)]
pub struct Protected {
    /// The user's home directory.
    pub home: Option<PathBuf>,
    /// airlock's state directory.
    pub state_dir: Option<PathBuf>,
    /// The policy directory.
    pub policy_dir: Option<PathBuf>,
    /// The component cache.
    pub cache_dir: Option<PathBuf>,
}

const HOOK_SETTINGS: &[&str] = &[
    ".claude/settings.json",
    ".claude/settings.local.json",
    ".codex/hooks.json",
    ".codex/config.toml",
    ".gemini/settings.json",
    ".cursor/hooks.json",
    "claude-code/managed-settings.json",
];

const HOME_CREDENTIALS: &[&str] = &[
    ".ssh",
    ".aws",
    ".gnupg",
    ".kube",
    ".azure",
    ".config/gcloud",
    ".config/gh",
    ".docker/config.json",
    ".netrc",
    ".npmrc",
    ".pypirc",
    ".git-credentials",
    ".pgpass",
    ".vault-token",
];

const SHELL_STARTUP: &[&str] = &[
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".profile",
    ".zshrc",
    ".zprofile",
    ".zshenv",
    ".zlogin",
    ".config/fish",
];

const CI_CONFIG: &[&str] = &[
    ".github/workflows",
    ".gitlab-ci.yml",
    ".circleci",
    "Jenkinsfile",
    "azure-pipelines.yml",
    ".buildkite",
    ".travis.yml",
    "bitbucket-pipelines.yml",
];

const SYSTEM_DIRS: &[&str] = &[
    "/etc", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/boot", "/sys", "/proc", "/opt", "/var/lib",
];

const TEMP_DIRS: &[&str] = &["/tmp", "/var/tmp"];

/// airlock's operator commands, which an agent must never run.
const OPERATOR_VERBS: &[&str] = &[
    "approve", "deny", "verify", "unblock", "reissue", "trust", "operator", "hook",
];

/// Words in a shell command that write a file they name.
const WRITE_MARKERS: &[&str] = &[
    "tee", "sed", "rm", "mv", "cp", "truncate", "dd", "ln", "chmod", "install", "python",
    "python3", "node", "perl", "ruby", "git", "ed", "vi", "vim", "nano", "touch", "sponge",
];

fn floor(outcome: Outcome, reason: String) -> HookFloor {
    HookFloor { outcome, reason }
}

/// `~` expanded, relative joined to `cwd`, `.` and `..` folded.
pub fn normalize(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> PathBuf {
    let expanded = match (path.strip_prefix('~'), home) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            home.join(rest.trim_start_matches('/'))
        }
        _ => PathBuf::from(path),
    };
    let joined = if expanded.is_absolute() {
        expanded
    } else {
        match cwd {
            Some(cwd) => cwd.join(expanded),
            None => expanded,
        }
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

fn under(path: &Path, dir: &Path) -> bool {
    path.starts_with(dir)
}

/// Whether `path` ends with the components of `suffix` (`a/b` matches `/x/a/b`).
fn ends_with(path: &Path, suffix: &str) -> bool {
    path.ends_with(suffix)
}

/// Whether some directory component sequence of `path` is `dir` (`.github/workflows` inside).
fn contains(path: &Path, dir: &str) -> bool {
    let want: Vec<&str> = dir.split('/').collect();
    let parts: Vec<String> = path
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts
        .windows(want.len())
        .any(|w| w.iter().zip(&want).all(|(a, b)| a == b))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn is_env_file(name: &str) -> bool {
    name == ".env"
        || (name.starts_with(".env.")
            && ![".env.example", ".env.sample", ".env.template", ".env.dist"].contains(&name))
}

fn is_key_file(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".pem", ".key", ".p12", ".pfx", ".keystore", ".jks"]
        .iter()
        .any(|ext| lower.ends_with(ext))
        || ["id_rsa", "id_dsa", "id_ecdsa", "id_ed25519"]
            .iter()
            .any(|k| lower == *k || lower.starts_with(&format!("{k}.")) && !lower.ends_with(".pub"))
}

fn home_credential(path: &Path, home: Option<&Path>) -> bool {
    home.is_some_and(|h| HOME_CREDENTIALS.iter().any(|c| under(path, &h.join(c))))
}

fn is_hook_settings(path: &Path) -> bool {
    HOOK_SETTINGS.iter().any(|s| ends_with(path, s))
        || (contains(path, ".github/hooks") && file_name(path).ends_with(".json"))
}

fn airlock_place(path: &Path, p: &Protected) -> Option<&'static str> {
    [
        (&p.state_dir, "state"),
        (&p.policy_dir, "policy"),
        (&p.cache_dir, "component cache"),
    ]
    .into_iter()
    .find_map(|(dir, what)| dir.as_deref().filter(|d| under(path, d)).map(|_| what))
}

/// The floors of a write (or edit, or delete) of `raw`.
fn write_floors(raw: &str, verb: &str, cwd: Option<&Path>, p: &Protected) -> Vec<HookFloor> {
    let home = p.home.as_deref();
    let path = normalize(raw, cwd, home);
    let shown = path.display();
    let name = file_name(&path);
    let mut out = Vec::new();
    if let Some(what) = airlock_place(&path, p) {
        out.push(floor(
            Outcome::Stop,
            format!("{verb} of airlock's own {what} ({shown}): an agent must not change its guard"),
        ));
    }
    if is_hook_settings(&path) {
        out.push(floor(
            Outcome::Stop,
            format!(
                "{verb} of a host's hook settings ({shown}): an agent must not change the hooks \
                 that guard it"
            ),
        ));
    }
    if home_credential(&path, home) || is_env_file(&name) || is_key_file(&name) {
        out.push(floor(
            Outcome::Deny,
            format!("{verb} of credentials ({shown})"),
        ));
    }
    if SYSTEM_DIRS.iter().any(|d| under(&path, Path::new(d))) {
        out.push(floor(
            Outcome::Deny,
            format!("{verb} of a system file ({shown})"),
        ));
    }
    if home.is_some_and(|h| SHELL_STARTUP.iter().any(|s| under(&path, &h.join(s))))
        || contains(&path, ".git/hooks")
    {
        out.push(floor(
            Outcome::Deny,
            format!("{verb} of a file that runs code later, unseen ({shown})"),
        ));
    }
    if CI_CONFIG.iter().any(|c| contains(&path, c)) || ends_with(&path, ".git/config") {
        out.push(floor(
            Outcome::Confirm,
            format!("{verb} of CI or repository configuration ({shown})"),
        ));
    }
    if let Some(h) = home
        && let Ok(rest) = path.strip_prefix(h)
        && rest
            .components()
            .next()
            .is_some_and(|c| c.as_os_str().to_string_lossy().starts_with('.'))
    {
        out.push(floor(
            Outcome::Confirm,
            format!("{verb} of a dotfile in the home directory ({shown})"),
        ));
    }
    let in_temp = TEMP_DIRS.iter().any(|d| under(&path, Path::new(d)));
    match cwd {
        Some(cwd) if !in_temp && !under(&path, &normalize(&cwd.to_string_lossy(), None, home)) => {
            out.push(floor(
                Outcome::Confirm,
                format!(
                    "{verb} outside the project ({shown} is not under {})",
                    cwd.display()
                ),
            ));
        }
        None if !in_temp => out.push(floor(
            Outcome::Confirm,
            format!("{verb} of {shown} with no project directory to compare it to"),
        )),
        _ => {}
    }
    out
}

/// The floors of a read of `raw`.
fn read_floors(raw: &str, cwd: Option<&Path>, p: &Protected) -> Vec<HookFloor> {
    let home = p.home.as_deref();
    let path = normalize(raw, cwd, home);
    let shown = path.display();
    let name = file_name(&path);
    let mut out = Vec::new();
    if let Some(state) = &p.state_dir {
        if under(&path, &state.join("operator")) {
            out.push(floor(
                Outcome::Stop,
                format!(
                    "read of airlock's operator channel ({shown}), where verification codes go: \
                     only a person reads it"
                ),
            ));
        } else if under(&path, state) {
            out.push(floor(
                Outcome::Deny,
                format!("read of airlock's state ({shown})"),
            ));
        }
    }
    if home_credential(&path, home) || is_key_file(&name) {
        out.push(floor(
            Outcome::Deny,
            format!("read of credentials ({shown}): a secret read"),
        ));
    } else if is_env_file(&name) {
        out.push(floor(
            Outcome::Confirm,
            format!("read of a project's secrets file ({shown})"),
        ));
    }
    out
}

/// The words of a shell command, split on blanks and the shell's separators.
fn words(command: &str) -> Vec<&str> {
    command
        .split(|c: char| c.is_whitespace() || ";|&()`$\"'".contains(c))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The commands of a command line: split at `;`, `|`, `&`, newlines and parentheses (a rough
/// split, enough to keep one command's arguments from the next command's).
fn segments(command: &str) -> impl Iterator<Item = Vec<&str>> {
    command
        .split(|c: char| ";|&\n()`".contains(c))
        .map(|seg| {
            seg.split(|c: char| c.is_whitespace() || "\"'".contains(c))
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|ws| !ws.is_empty())
}

const DELETERS: &[&str] = &["rm", "shred", "rmdir", "unlink", "srm", "wipe"];

/// A delete (`rm`, `shred`...) of the home directory, the root, a system directory,
/// credentials, airlock's own files or a host's hook settings.
fn delete_floors(command: &str, cwd: Option<&Path>, p: &Protected) -> Vec<HookFloor> {
    let home = p.home.as_deref();
    let mut out = Vec::new();
    for words in segments(command) {
        let Some(at) = words.iter().position(|w| {
            Path::new(w)
                .file_name()
                .is_some_and(|n| DELETERS.contains(&n.to_string_lossy().as_ref()))
        }) else {
            continue;
        };
        for target in words[at + 1..].iter().filter(|w| !w.starts_with('-')) {
            let raw = target
                .replace("${HOME}", "~")
                .replace("$HOME", "~")
                .trim_end_matches("/*")
                .trim_end_matches('*')
                .to_owned();
            let raw = if raw.is_empty() { "/".to_owned() } else { raw };
            let path = normalize(&raw, cwd, home);
            let shown = path.display();
            let whole = path == Path::new("/")
                || home.is_some_and(|h| path == h || h.starts_with(&path))
                || SYSTEM_DIRS.iter().any(|d| under(&path, Path::new(d)));
            if whole {
                out.push(floor(
                    Outcome::Deny,
                    format!("the command deletes {shown}: the home directory, the root or a system directory"),
                ));
            } else if home_credential(&path, home) {
                out.push(floor(
                    Outcome::Deny,
                    format!("the command deletes credentials ({shown})"),
                ));
            }
            out.extend(
                write_floors(&raw, "delete", cwd, p)
                    .into_iter()
                    .filter(|f| f.outcome == Outcome::Stop),
            );
        }
    }
    out
}

fn shell_floors(command: &str, cwd: Option<&Path>, p: &Protected) -> Vec<HookFloor> {
    let mut out = delete_floors(command, cwd, p);
    let ws = words(command);
    let runs_operator_command = ws.windows(2).any(|w| {
        Path::new(w[0]).file_name().is_some_and(|n| n == "airlock")
            && OPERATOR_VERBS.contains(&w[1])
    });
    if runs_operator_command {
        out.push(floor(
            Outcome::Stop,
            "the command runs an airlock operator command (approve, verify, unblock, trust, \
             hook...): only a person may"
                .to_owned(),
        ));
    }
    let home = p.home.as_deref();
    let mut named_state = false;
    if let Some(state) = &p.state_dir {
        let full = state.to_string_lossy();
        let tilde = home
            .and_then(|h| state.strip_prefix(h).ok())
            .map(|rest| format!("~/{}", rest.display()));
        let dollar = home
            .and_then(|h| state.strip_prefix(h).ok())
            .map(|rest| format!("$HOME/{}", rest.display()));
        named_state = command.contains(full.as_ref())
            || tilde.is_some_and(|t| command.contains(&t))
            || dollar.is_some_and(|d| command.contains(&d));
    }
    if named_state || command.contains(".local/state/airlock") || command.contains("state.redb") {
        out.push(floor(
            Outcome::Stop,
            "the command names airlock's state directory (its operator channel holds the \
             verification codes): only a person may touch it"
                .to_owned(),
        ));
    }
    let names_hook_settings = HOOK_SETTINGS
        .iter()
        .chain([".github/hooks/"].iter())
        .any(|s| command.contains(s));
    if names_hook_settings {
        let writes = command.contains('>')
            || ws.iter().any(|w| {
                let base = Path::new(w)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                WRITE_MARKERS.contains(&base.as_str())
            });
        out.push(if writes {
            floor(
                Outcome::Stop,
                "the command changes a host's hook settings: an agent must not change the \
                 hooks that guard it"
                    .to_owned(),
            )
        } else {
            floor(
                Outcome::Confirm,
                "the command names a host's hook settings".to_owned(),
            )
        });
    }
    out
}

/// The floors of one action in a session whose project is `cwd`.
pub fn floors(action: &ToolAction, cwd: Option<&Path>, p: &Protected) -> Vec<HookFloor> {
    match action {
        ToolAction::Shell { command } => shell_floors(command, cwd, p),
        ToolAction::Write { paths, verb } => paths
            .iter()
            .flat_map(|raw| write_floors(raw, verb, cwd, p))
            .collect(),
        ToolAction::Read { paths } => paths
            .iter()
            .flat_map(|raw| read_floors(raw, cwd, p))
            .collect(),
        ToolAction::Fetch { url } => {
            let lower = url.to_ascii_lowercase();
            if let Some(path) = lower.strip_prefix("file://") {
                read_floors(path, cwd, p)
            } else if [
                "169.254.169.254",
                "metadata.google.internal",
                "100.100.100.200",
                "[fd00:ec2::254]",
            ]
            .iter()
            .any(|m| lower.contains(m))
            {
                vec![floor(
                    Outcome::Deny,
                    format!(
                        "fetch of a cloud metadata address ({url}): where instance credentials are"
                    ),
                )]
            } else {
                Vec::new()
            }
        }
        ToolAction::Search { .. } | ToolAction::Mcp { .. } | ToolAction::Other { .. } => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn protected() -> Protected {
        Protected {
            home: Some("/home/u".into()),
            state_dir: Some("/home/u/.local/state/airlock".into()),
            policy_dir: Some("/home/u/policy".into()),
            cache_dir: Some("/home/u/.cache/airlock".into()),
        }
    }

    fn worst(action: &ToolAction, cwd: &str) -> Outcome {
        floors(action, Some(Path::new(cwd)), &protected())
            .iter()
            .map(|f| f.outcome)
            .fold(Outcome::Allow, Outcome::join)
    }

    fn write(p: &str) -> ToolAction {
        ToolAction::Write {
            paths: vec![p.to_owned()],
            verb: "write",
        }
    }

    #[test]
    fn writes_are_graded_by_where_they_go() {
        let cwd = "/home/u/proj";
        assert_eq!(worst(&write("src/main.rs"), cwd), Outcome::Allow);
        assert_eq!(worst(&write("/tmp/x"), cwd), Outcome::Allow);
        assert_eq!(worst(&write("../other/x"), cwd), Outcome::Confirm);
        assert_eq!(
            worst(&write(".github/workflows/ci.yml"), cwd),
            Outcome::Confirm
        );
        assert_eq!(worst(&write("~/.gitconfig"), cwd), Outcome::Confirm);
        assert_eq!(worst(&write("~/.bashrc"), cwd), Outcome::Deny);
        assert_eq!(worst(&write(".git/hooks/pre-commit"), cwd), Outcome::Deny);
        assert_eq!(worst(&write("~/.ssh/authorized_keys"), cwd), Outcome::Deny);
        assert_eq!(worst(&write(".env"), cwd), Outcome::Deny);
        assert_eq!(worst(&write("/etc/passwd"), cwd), Outcome::Deny);
        assert_eq!(worst(&write(".claude/settings.json"), cwd), Outcome::Stop);
        assert_eq!(worst(&write("~/.gemini/settings.json"), cwd), Outcome::Stop);
        assert_eq!(
            worst(&write(".github/hooks/airlock.json"), cwd),
            Outcome::Stop
        );
        assert_eq!(
            worst(&write("~/.local/state/airlock/state.redb"), cwd),
            Outcome::Stop
        );
        assert_eq!(
            worst(&write("src/../../../../home/u/policy/policy.json"), cwd),
            Outcome::Stop
        );
    }

    #[test]
    fn reads_of_secrets_and_codes_are_graded() {
        let cwd = "/home/u/proj";
        let read = |p: &str| ToolAction::Read {
            paths: vec![p.to_owned()],
        };
        assert_eq!(worst(&read("src/main.rs"), cwd), Outcome::Allow);
        assert_eq!(worst(&read("~/.ssh/id_rsa"), cwd), Outcome::Deny);
        assert_eq!(worst(&read(".env"), cwd), Outcome::Confirm);
        assert_eq!(worst(&read(".env.example"), cwd), Outcome::Allow);
        assert_eq!(
            worst(&read("/home/u/.local/state/airlock/operator/x.txt"), cwd),
            Outcome::Stop
        );
    }

    #[test]
    fn shell_commands_that_touch_the_guard_stop() {
        let sh = |c: &str| ToolAction::Shell {
            command: c.to_owned(),
        };
        let cwd = "/home/u/proj";
        assert_eq!(worst(&sh("git status"), cwd), Outcome::Allow);
        assert_eq!(worst(&sh("airlock approvals"), cwd), Outcome::Allow);
        assert_eq!(worst(&sh("airlock approve 1234"), cwd), Outcome::Stop);
        assert_eq!(
            worst(&sh("echo 1 | /usr/bin/airlock verify abc"), cwd),
            Outcome::Stop
        );
        assert_eq!(
            worst(&sh("cat ~/.local/state/airlock/operator/*.txt"), cwd),
            Outcome::Stop
        );
        assert_eq!(
            worst(&sh("echo '{}' > .claude/settings.json"), cwd),
            Outcome::Stop
        );
        assert_eq!(
            worst(&sh("cat .claude/settings.json"), cwd),
            Outcome::Confirm
        );
        assert_eq!(worst(&sh("rm -rf ~"), cwd), Outcome::Deny);
        assert_eq!(worst(&sh("rm -rf $HOME/*"), cwd), Outcome::Deny);
        assert_eq!(
            worst(&sh("sudo rm -rf --no-preserve-root /"), cwd),
            Outcome::Deny
        );
        assert_eq!(worst(&sh("cd .. && rm -r ../.."), cwd), Outcome::Deny);
        assert_eq!(worst(&sh("shred -u ~/.ssh/id_ed25519"), cwd), Outcome::Deny);
        assert_eq!(worst(&sh("rm -rf build target; ls ~"), cwd), Outcome::Allow);
        assert_eq!(worst(&sh("rm -rf ./node_modules"), cwd), Outcome::Allow);
    }
}
