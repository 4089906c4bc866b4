//! Tampering with airlock, the most dangerous action there is: its operator commands
//! (approving, verifying, unblocking, trusting), its state directory (approvals, blocks, the
//! operator channel where verification codes go), its policy, its process. Checking an action
//! (`airlock check`), testing a policy and asking for help go ahead.

use super::{Cmd, Context, finding, paths};
use crate::finding::{Family, Finding, Severity};
use crate::substring::has;

const T: Family = Family::Tampering;

/// airlock's subcommands an agent may run: checking an action, testing and evaluating a
/// policy, starting a policy directory, help and the manual page. Every other one (approve, deny, verify, unblock,
/// reissue, trust, operator, blocks, approvals, serve with another state directory ...) is the
/// operator's, or reads the operator's state.
const AGENT_COMMANDS: &[&str] = &[
    "check",
    "policy",
    "init",
    "help",
    "man",
    "--help",
    "-h",
    "--version",
    "-V",
    "version",
    "completions",
];

/// Modifying programs: with airlock's binary as an operand, they replace or disable the guard.
const MODIFIERS: &[&str] = &[
    "mv", "rm", "cp", "chmod", "chown", "ln", "install", "truncate", "shred", "tee", "dd", "patch",
    "unlink",
];

/// The recognizer of tampering, for every command.
pub fn judge(cmd: &Cmd<'_>, ctx: &mut Context, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if p == "airlock" {
        let sub = cmd
            .operands(&[
                "--state-dir",
                "--policy",
                "--config",
                "--socket",
                "--log-level",
            ])
            .next()
            .unwrap_or("");
        let policy_sub = cmd.operands(&[]).nth(1).unwrap_or("");
        let allowed = (AGENT_COMMANDS.contains(&sub)
            || sub.is_empty() && cmd.words().any(|w| AGENT_COMMANDS.contains(&w)))
            && (sub != "policy"
                || matches!(
                    policy_sub,
                    "test" | "eval" | "inspect" | "validate" | "check" | "" | "--help"
                ))
            && !cmd.words().any(|w| w.starts_with("--state-dir"));
        // Installing airlock's hook into a host adds the guard (`airlock hook install
        // claude-code`); naming the policy it judges with is the operator's choice, so
        // `--policy` there is confirmed by a person with a code. Uninstalling stays stopped.
        if sub == "hook"
            && policy_sub == "install"
            && !cmd.words().any(|w| w.starts_with("--state-dir"))
        {
            if cmd.words().any(|w| w.starts_with("--policy")) {
                out.push(finding(
                    T,
                    "tampering.hook-policy",
                    Severity::Verify,
                    "airlock hook install --policy: the hook would judge with a policy the agent chose".to_owned(),
                ));
            }
            return;
        }
        if !allowed {
            out.push(finding(
                T,
                "tampering.operator-command",
                Severity::Stop,
                format!("airlock {sub} is the operator's: an agent must not approve, verify, unblock or read the guard's state"),
            ));
            ctx.tampering = true;
        }
        return;
    }
    // Its variables changed for what runs next (recognize/guard_env.rs).
    if let Some(v) = super::guard_env::changed(cmd) {
        out.push(finding(
            T,
            "tampering.environment",
            Severity::Stop,
            format!("{p} sets or removes {v} for what runs next: airlock would judge with another policy or state, or not at all"),
        ));
        ctx.tampering = true;
        return;
    }
    // One look at the words first: nearly every command names neither airlock nor a state,
    // policy or hook file, and is done here.
    let suspicious = cmd
        .words()
        .chain(cmd.redirects.iter().map(|r| &*r.target))
        .any(|w| {
            w.len() >= 5
                // Each name below has one of these bytes (the `a` of airlock, a `.`, `/`, `_`
                // or the `P` of POLICY): one pass over a word without any skips the searches.
                && w
                    .bytes()
                    .any(|b| matches!(b, b'a' | b'A' | b'.' | b'/' | b'_' | b'P'))
                && (w
                    .as_bytes()
                    .windows(7)
                    .any(|x| x.eq_ignore_ascii_case(b"airlock"))
                    || has(w, ".redb")
                    || has(w, "operator/")
                    || has(w, ".local/state")
                    || has(w, "STATE_HOME")
                    || has(w, "STATE_DIR")
                    || has(w, "POLICY")
                    || w.ends_with(".json")
                    || w.ends_with(".toml")
                    || w.ends_with(".wasm"))
        });
    if !suspicious && !ctx.tampering {
        return;
    }
    // What a searcher looks for is not a place (`grep AIRLOCK_STATE_DIR docs/` reads the
    // docs): its pattern words are passed over below, its places are not.
    let patterns = super::search_patterns::patterns(p, cmd.args);
    let place = |w: &&str| !patterns.contains(w);
    if MODIFIERS.contains(&p)
        && cmd.words().any(|w| {
            let name = paths::file_name(w);
            name == "airlock" || name.starts_with("airlock.") || name == "airlock-wasm"
        })
    {
        out.push(finding(
            T,
            "tampering.binary",
            Severity::Stop,
            format!("{p} replaces or disables airlock's own program"),
        ));
        return;
    }
    // The guard's wiring: its policy files, the agent's hook settings that call it, its pid.
    // Written, not read: `jq '.hooks | keys' settings.json` reads as `cat` does, `yq -i ...
    // settings.json` rewrites it (recognize/writes.rs).
    let wiring = cmd
        .words()
        .chain(cmd.redirects.iter().map(|r| &*r.target))
        .find(|w| {
            (hook_settings(w) || policy_file(w) && !super::throwaway::scratch_policy(w, ctx))
                && super::writes::writes(cmd, w)
                // Staging or showing a file leaves it as it is (`git add
                // .github/hooks/airlock.json` after `airlock hook install copilot-cli`); a
                // commit of the policy is its change made permanent, and stays.
                && !(p == "git" && cmd.operands(&["-C", "-c"]).next().is_some_and(|s| {
                    matches!(s, "add" | "diff" | "log" | "show" | "blame" | "status" | "ls-files")
                }))
        });
    if let Some(w) = wiring {
        // A folder an earlier step copied to the temporary directory: one tier lower, never
        // past a person ([`super::scratch::made_here`]).
        if policy_file(w) && super::throwaway::copied_policy(w, ctx) {
            out.push(finding(
                T,
                "tampering.policy-edit",
                super::scratch::made_here(Severity::Stop),
                format!("{p} changes {w}, in a folder an earlier step copied to the temporary directory (a person confirms: the copy may have gone through a link to the guard's own policy)"),
            ));
            return;
        }
        out.push(finding(
            T,
            "tampering.policy-edit",
            Severity::Stop,
            format!("{p} changes {w}: the policy or the hooks that route the agent's actions through airlock"),
        ));
        ctx.tampering = true;
        return;
    }
    // (`kill -0 $(pgrep airlock)` only asks whether the guard runs: signal 0 is never sent.)
    if !super::system::signal_probe(cmd)
        && cmd.words().any(|w| {
            (has(w, "pgrep") || has(w, "pidof")) && w.to_ascii_lowercase().contains("airlock")
        })
    {
        out.push(finding(
            T,
            "tampering.process",
            Severity::Stop,
            format!("{p} acts on airlock's process"),
        ));
        ctx.tampering = true;
        return;
    }
    if ctx.tampering
        && (super::lexicon::is(p, super::lexicon::READER)
            || MODIFIERS.contains(&p)
            || p == "airlock")
    {
        out.push(finding(
            T,
            "tampering.follow-up",
            Severity::Stop,
            format!("{p} continues a step that reached for airlock's state"),
        ));
        return;
    }
    // Any service manager, process killer, container or cluster tool that takes a service
    // away (recognize/guard_services.rs).
    let stops = super::guard_services::takes_away(cmd);
    // `kill -0 $(pgrep airlock)` only asks whether the guard runs.
    let stops = stops && !super::system::signal_probe(cmd);
    if stops
        && cmd
            .words()
            .any(|w| w.to_ascii_lowercase().contains("airlock"))
    {
        ctx.tampering = true;
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
        .filter(place)
        .find_map(|w| paths::airlock_state(w).map(|what| (w, what)));
    // Its control group written (`echo 1 > .../airlock.service/cgroup.freeze`, `cgroup.kill`,
    // `cgroup.procs`): the kernel freezes, kills or moves the guard's processes, as a signal
    // would. Read (`cat .../memory.current`), it only reports.
    if let Some(w) = cmd
        .words()
        .chain(cmd.redirects.iter().map(|r| &*r.target))
        .find(|w| {
            has(w, "cgroup")
                && w.to_ascii_lowercase().contains("airlock")
                && super::writes::writes(cmd, w)
        })
    {
        out.push(finding(
            T,
            "tampering.process",
            Severity::Stop,
            format!("{p} writes {w}: freezes, kills or moves airlock's processes through its control group"),
        ));
        ctx.tampering = true;
        return;
    }
    if cmd
        .words()
        .any(|w| has(w, "/proc/") && w.to_ascii_lowercase().contains("airlock"))
    {
        out.push(finding(
            T,
            "tampering.process",
            Severity::Stop,
            format!("{p} reads airlock's process (its environment, memory or descriptors)"),
        ));
        ctx.tampering = true;
        return;
    }
    let state_and_name = || {
        let mut words = cmd.words().filter(place);
        let state = cmd
            .words()
            .filter(place)
            .any(|w| has(w, ".local/state") || has(w, "XDG_STATE_HOME") || has(w, "state.redb"));
        state && words.any(|w| w.to_ascii_lowercase().contains("airlock") || has(w, "redb"))
    };
    if let Some((w, what)) = target {
        out.push(finding(
            T,
            "tampering.state",
            Severity::Stop,
            format!("{p} touches {w}: {what}"),
        ));
        ctx.tampering = true;
    } else if state_and_name() {
        out.push(finding(
            T,
            "tampering.state",
            Severity::Stop,
            format!("{p} searches airlock's state directory"),
        ));
        ctx.tampering = true;
    }
}

/// An agent's hook settings: where the hooks that send its actions to airlock are configured.
pub fn hook_settings(w: &str) -> bool {
    let w = w.trim_matches(['\'', '"']);
    (has(w, ".claude/") && (w.ends_with("settings.json") || w.ends_with("settings.local.json")))
        || has(w, ".cursor/hooks")
        || has(w, ".codex/") && w.ends_with(".toml")
        || has(w, ".gemini/settings.json")
        || w.ends_with("hooks.json")
        // GitHub Copilot's hook files, and any hook file named for airlock.
        || has(w, ".github/hooks/") && w.ends_with(".json")
        || has(w, "hooks/") && paths::file_name(w).to_ascii_lowercase().contains("airlock")
}

/// A policy file of a policy directory (`policy/policy.json`, `policies/x/policy.json`,
/// `*.wasm` in one).
fn policy_file(w: &str) -> bool {
    let w = w.trim_matches(['\'', '"']);
    let name = paths::file_name(w);
    (name == "policy.json" || name.ends_with(".wasm"))
        && (has(w, "polic") || has(w, "airlock") || w == "policy.json")
        && !w.starts_with("docs/")
        && !w.starts_with("examples/")
}
