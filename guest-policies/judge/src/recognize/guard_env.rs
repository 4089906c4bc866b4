//! airlock's variables set, changed or removed for the sessions that follow (session 18): the
//! variables that choose its policy, its state, its sockets, its compiled components and its
//! safety mode (docs/quickstart.md, docs/deployment.md). Exported, `setx`, `launchctl setenv`,
//! `systemctl set-environment`, `unset` or `env -u`: every later airlock process started from
//! there judges with another policy, on an empty state, or not at all. A variable read
//! (`echo $AIRLOCK_POLICY`, `printenv AIRLOCK_STATE_DIR`) goes ahead, and so does a value given
//! to one command of airlock's own tests (`AIRLOCK_STATE_DIR=$(mktemp -d) cargo test`): that
//! command alone sees it.

use super::Cmd;

/// The variables that steer the guard (its log level and format do not).
const GUARD_VARIABLES: &[&str] = &[
    "AIRLOCK_AGENT_GROUP",
    "AIRLOCK_BIN",
    "AIRLOCK_CACHE_DIR",
    "AIRLOCK_GUESTS_DIR",
    "AIRLOCK_HTTP_ALLOWED_HOSTS",
    "AIRLOCK_OPERATOR_GROUP",
    "AIRLOCK_POLICY",
    "AIRLOCK_SAFETY_MODE",
    "AIRLOCK_SOCKET_DIR",
    "AIRLOCK_STATE_DIR",
];

/// Programs and cmdlets that set or remove a variable for what runs after them in the shell,
/// the user's session or the service manager.
const SETTERS: &[&str] = &[
    "export",
    "setx",
    "setx.exe",
    "set",
    "setenv",
    "unset",
    "unsetenv",
    "declare",
    "typeset",
    "launchctl",
    "systemctl",
    "set-item",
    "si",
    "remove-item",
    "ri",
    "set-variable",
    "env",
    "kubectl",
    "oc",
    "docker",
    "podman",
];

/// The variable a command sets or removes for later sessions, if it is one of the guard's.
pub fn changed(cmd: &Cmd<'_>) -> Option<&'static str> {
    let p = cmd.program;
    // `env -u NAME program`: the wrapper's words, whatever program it starts.
    if cmd
        .prefix
        .iter()
        .any(|w| w == "-u" || w.starts_with("--unset"))
    {
        let found = cmd.prefix.iter().find_map(|w| guard_variable(w));
        if found.is_some() {
            return found;
        }
    }
    if !SETTERS.contains(&p) {
        return None;
    }
    // `env -u NAME` and `env NAME=... airlock-less command`: only `-u` outlives the command.
    if p == "env" && !cmd.words().any(|w| w == "-u" || w.starts_with("--unset")) {
        return None;
    }
    // Service managers and clusters: only their environment-setting verbs.
    let verb_ok = match p {
        "launchctl" => cmd.words().any(|w| matches!(w, "setenv" | "unsetenv")),
        "systemctl" => cmd.words().any(|w| {
            matches!(
                w,
                "set-environment" | "unset-environment" | "import-environment"
            )
        }),
        "kubectl" | "oc" => cmd.words().any(|w| w == "env"),
        "docker" | "podman" => cmd.words().any(|w| w == "update" || w == "service"),
        _ => true,
    };
    if !verb_ok {
        return None;
    }
    cmd.words().find_map(guard_variable)
}

/// The guard's variable a word names or assigns (`$env:AIRLOCK_POLICY`, `env:\AIRLOCK_POLICY`,
/// `AIRLOCK_POLICY=...`).
fn guard_variable(w: &str) -> Option<&'static str> {
    let name = w
        .trim_start_matches('$')
        .trim_start_matches("env:")
        .trim_start_matches("Env:")
        .trim_start_matches('\\');
    let name = name.split(['=', ' ']).next().unwrap_or("");
    GUARD_VARIABLES
        .iter()
        .find(|v| v.eq_ignore_ascii_case(name))
        .copied()
}
