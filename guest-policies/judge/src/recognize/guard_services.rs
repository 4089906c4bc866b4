//! airlock's own service stopped, removed, restarted or kept from starting, by whichever
//! manager runs it (session 18; holdout13's `launchctl remove dev.airlock.serve` was only
//! confirmed). One table, read by program name: each service manager, process killer,
//! container or cluster tool, and package manager, with the words that take a service away.
//! Their reads (`status`, `show`, `print`, `list`, `logs`, `describe`, `query`, `info`) are not
//! in it, so `systemctl status airlock` and `launchctl print gui/501/dev.airlock.serve` go ahead.
//!
//! A restart is in the table too: the policy is hot-reloaded (docs/deployment.md), so a
//! restart never needs to load one, and the specification keeps a `verify` pause only in
//! memory ("verify pauses do not persist across server restarts"): restarting the guard is how
//! a paused agent would lift its own pause.

use super::Cmd;

/// Program -> the words (subcommands, option values, or flags) that stop, remove, disable or
/// restart a service it manages. An empty list: the program only ever stops something. A word
/// `*x` matches any word ending in `x` (`sysrc airlock_enable=NO`); a word `-letters` matches a
/// short-flag cluster holding any of the letters (`s6-svc -wd`). Sorted by program.
const MANAGERS: &[(&str, &[&str])] = &[
    ("apt", &["remove", "purge", "autoremove"]),
    ("apt-get", &["remove", "purge", "autoremove"]),
    ("brew", &["stop", "kill", "uninstall", "remove", "rm"]),
    ("cargo", &["uninstall"]),
    ("chkconfig", &["off", "--del"]),
    ("circusctl", &["stop", "rm", "quit", "restart"]),
    ("dinitctl", &["stop", "disable", "restart", "release"]),
    ("disable-scheduledtask", &[]),
    ("dnf", &["remove", "erase"]),
    (
        "docker",
        &["stop", "kill", "rm", "pause", "down", "restart"],
    ),
    (
        "docker-compose",
        &["stop", "kill", "rm", "pause", "down", "restart"],
    ),
    ("fly", &["destroy", "stop", "suspend"]),
    ("flyctl", &["destroy", "stop", "suspend"]),
    ("fuser", &["-k"]),
    ("helm", &["uninstall", "delete", "del", "un"]),
    ("herd", &["stop", "disable", "restart"]),
    ("initctl", &["stop", "restart"]),
    ("kill", &[]),
    ("killall", &[]),
    ("kubectl", &["delete", "--replicas=0", "drain"]),
    (
        "launchctl",
        &[
            "stop", "remove", "unload", "bootout", "disable", "kill", "-k",
        ],
    ),
    ("monit", &["stop", "unmonitor", "restart"]),
    (
        "nerdctl",
        &["stop", "kill", "rm", "pause", "down", "restart"],
    ),
    ("net", &["stop", "pause"]),
    ("net.exe", &["stop", "pause"]),
    ("nomad", &["stop"]),
    (
        "nssm",
        &["stop", "remove", "pause", "restart", "service_disabled"],
    ),
    (
        "nssm.exe",
        &["stop", "remove", "pause", "restart", "service_disabled"],
    ),
    ("oc", &["delete", "--replicas=0", "drain"]),
    ("pacman", &["-r"]),
    ("pkill", &[]),
    ("pm2", &["stop", "delete", "del", "kill", "restart"]),
    (
        "podman",
        &["stop", "kill", "rm", "pause", "down", "restart"],
    ),
    ("rc-service", &["stop", "restart", "zap", "pause"]),
    ("rc-update", &["del", "delete"]),
    ("rcctl", &["stop", "disable", "restart"]),
    ("remove-service", &[]),
    ("restart-service", &[]),
    ("s6-rc", &["-d"]),
    ("s6-svc", &["-dDkxrt"]),
    ("sc", &["stop", "delete", "config", "pause"]),
    ("sc.exe", &["stop", "delete", "config", "pause"]),
    ("schtasks", &["/end", "/delete", "/disable"]),
    ("schtasks.exe", &["/end", "/delete", "/disable"]),
    ("screen", &["quit"]),
    ("service", &["stop", "restart"]),
    ("set-service", &["disabled", "stopped"]),
    ("skill", &[]),
    ("snap", &["stop", "disable", "remove", "restart"]),
    ("spps", &[]),
    ("spsv", &[]),
    ("stop-process", &[]),
    ("stop-scheduledtask", &[]),
    ("stop-service", &[]),
    ("supervisorctl", &["stop", "remove", "restart", "shutdown"]),
    ("suspend-service", &[]),
    (
        "sv",
        &[
            "down",
            "stop",
            "kill",
            "exit",
            "restart",
            "d",
            "k",
            "x",
            "t",
            "force-stop",
            "force-shutdown",
            "force-restart",
        ],
    ),
    ("svc", &["-dkxt"]),
    ("svcadm", &["disable", "restart"]),
    ("sysrc", &["*_enable=no", "*_enable=\"no\""]),
    (
        "systemctl",
        &[
            "stop",
            "disable",
            "mask",
            "kill",
            "restart",
            "try-restart",
            "reload-or-restart",
            "try-reload-or-restart",
            "freeze",
        ],
    ),
    ("taskkill", &[]),
    (
        "tmux",
        &["kill-session", "kill-server", "kill-window", "kill-pane"],
    ),
    ("tskill", &[]),
    ("unregister-scheduledtask", &[]),
    ("update-rc.d", &["remove", "disable"]),
    ("wmic", &["stopservice", "delete", "terminate"]),
    ("yum", &["remove", "erase"]),
    ("zypper", &["remove", "rm"]),
];

/// Whether `cmd` stops, removes, disables or restarts a service or process, read by its
/// manager's table (false for a program not in it). The caller has seen that the line names
/// airlock.
pub fn takes_away(cmd: &Cmd<'_>) -> bool {
    let Ok(i) = MANAGERS.binary_search_by(|(p, _)| p.cmp(&cmd.program)) else {
        return false;
    };
    let words = MANAGERS[i].1;
    if words.is_empty() {
        return true;
    }
    let mut previous = "";
    cmd.words().any(|w| {
        let lower = w.to_ascii_lowercase();
        let hit = words.iter().any(|k| matches_word(k, &lower))
            // A scale to nothing: `kubectl scale --replicas 0`, `docker service scale airlock=0`.
            || previous == "--replicas" && lower == "0"
            || lower.ends_with("=0") && lower.contains("airlock");
        previous = w;
        hit
    })
}

/// One table word against one word of the command (lower case).
fn matches_word(k: &str, w: &str) -> bool {
    if let Some(suffix) = k.strip_prefix('*') {
        return w.ends_with(suffix);
    }
    if k.len() > 1 && k.starts_with('-') && !k.starts_with("--") {
        // A short-flag cluster: any of the letters, in any cluster (`-wD`).
        return w.len() > 1
            && w.starts_with('-')
            && !w.starts_with("--")
            && w[1..].chars().any(|c| k[1..].contains(c));
    }
    w == k
}

#[cfg(test)]
mod tests {
    use super::MANAGERS;

    #[test]
    fn the_table_is_sorted_for_its_binary_search() {
        assert!(MANAGERS.windows(2).all(|p| p[0].0 < p[1].0));
    }
}
