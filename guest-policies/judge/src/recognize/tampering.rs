//! Tampering with airlock, the most dangerous action there is: its operator commands
//! (approving, verifying, unblocking, trusting), its state directory (approvals, blocks, the
//! operator channel where verification codes go), its policy, its process. Checking an action
//! (`airlock check`), testing a policy and asking for help go ahead.

use super::{Cmd, finding, paths};
use crate::finding::{Family, Finding, Severity};

const T: Family = Family::Tampering;

/// airlock's subcommands that only a person may run.
const OPERATOR_COMMANDS: &[&str] = &[
    "approve", "deny", "verify", "unblock", "reissue", "trust", "untrust", "operator", "reset",
    "revoke", "allow", "grant", "unlock", "override", "disable", "pause",
];

/// The recognizer of tampering, for every command.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if p == "airlock" {
        let sub = cmd
            .operands(&["--state-dir", "--policy", "--config", "--socket", "--log-level"])
            .next()
            .unwrap_or("");
        if OPERATOR_COMMANDS.contains(&sub) {
            out.push(finding(
                T,
                "tampering.operator-command",
                Severity::Stop,
                format!("airlock {sub} is the operator's decision: an agent must not approve, verify or unblock itself"),
            ));
        }
        return;
    }
    let stops = matches!(p, "kill" | "pkill" | "killall" | "taskkill" | "skill")
        || matches!(p, "systemctl" | "service" | "launchctl" | "rc-service" | "supervisorctl")
            && cmd.words().any(|w| matches!(w, "stop" | "disable" | "mask" | "kill" | "unload" | "bootout" | "restart"))
        || matches!(p, "docker" | "podman") && cmd.words().any(|w| matches!(w, "stop" | "kill" | "rm"));
    if stops && cmd.words().any(|w| w.to_ascii_lowercase().contains("airlock")) {
        out.push(finding(
            T,
            "tampering.stop-guard",
            Severity::Stop,
            format!("{p} stops airlock: the guard itself"),
        ));
        return;
    }
    // Its state and policy, read or written by any program.
    let target = cmd
        .words()
        .chain(cmd.redirects.iter().map(|r| &*r.target))
        .find_map(|w| paths::airlock_state(w).map(|what| (w, what)));
    if let Some((w, what)) = target {
        out.push(finding(
            T,
            "tampering.state",
            Severity::Stop,
            format!("{p} touches {w}: {what}"),
        ));
    }
}
