//! A command line handed to another program to run: after `--` to a runner no reader knows
//! (`terramate run -- terraform destroy`, `nx exec -- rm -rf dist`, a monorepo or environment
//! tool), and as the string `sops exec-env FILE 'CMD'` / `sops exec-file FILE 'CMD'` runs with
//! the decrypted secrets. The runner starts it as written, so it is judged as its own command.
//!
//! Only a runner the lexicon does not know, and no sandbox or VM runner, is read so: a known program's own recognizer reads
//! its `--` (git's paths, kubectl exec's command, the wrappers `resolve` unwraps), and only a
//! tail whose first word is a known program, so `tool lint -- src/` stays a path.

use super::{Cmd, Context, judge_as, lexicon, program_name};
use crate::finding::Finding;

/// Runners whose `--` hands the command to a container, VM or another host (`lxc exec CT --
/// iptables -F`, `pct exec 101 -- ...`, `wsl -d Ubuntu -- ...`): it runs there, not here.
const ELSEWHERE: &[&str] = &[
    "lxc",
    "incus",
    "lxc-attach",
    "lxc-execute",
    "machinectl",
    "nsenter",
    "limactl",
    "lima",
    "orb",
    "orbctl",
    "wsl",
    "distrobox",
    "toolbox",
    "pct",
    "qm",
    "vagrant",
    "juju",
];

/// Judges the command `cmd` hands on, if it hands one.
pub fn judge(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if cmd.program == "sops" {
        if let [verb, _file, line, ..] = cmd.args
            && matches!(verb.as_ref(), "exec-env" | "exec-file")
        {
            let what = format!("sops {verb} (runs `{}`)", crate::cut(line, 60));
            judge_as(&what, line, depth, ctx, out);
        }
        return;
    }
    if matches!(cmd.program, "start-process" | "saps") {
        started_process(cmd, depth, ctx, out);
        return;
    }
    // A sandbox or VM runner (`multipass exec VM -- ...`) runs the command on another
    // machine: where it lands is read by the session and place readers, not here.
    if cmd.program.is_empty()
        || lexicon::flags(cmd.program) != 0
        || super::classes::of(cmd.program) == Some(super::classes::Class::LocalSandbox)
        || ELSEWHERE.contains(&cmd.program)
    {
        return;
    }
    let Some(at) = cmd.args.iter().position(|a| a == "--") else {
        return;
    };
    let tail = &cmd.args[at + 1..];
    let Some(first) = tail.first() else {
        return;
    };
    if !lexicon::is(&program_name(first).to_ascii_lowercase(), lexicon::PROGRAM) {
        return;
    }
    let line = tail
        .iter()
        .map(|w| super::interpreters::requoted(w))
        .collect::<Vec<_>>()
        .join(" ");
    let what = format!("{} -- (runs `{}`)", cmd.program, crate::cut(&line, 60));
    judge_as(&what, &line, depth, ctx, out);
}

/// PowerShell's `Start-Process [-FilePath] FILE [-ArgumentList] ARGS` starts FILE with ARGS
/// (a string, or a list `'/i','URL'`): judged as the command `FILE ARGS`
/// (`Start-Process msiexec '/i https://host/agent.msi /qn'` installs from the URL), when FILE
/// is a program the lexicon knows.
fn started_process(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let (mut file, mut list) = (None, None);
    let mut words = cmd.words();
    while let Some(w) = words.next() {
        let lower = w.to_ascii_lowercase();
        if lower == "-filepath" || lower == "-file" {
            file = words.next();
        } else if matches!(lower.as_str(), "-argumentlist" | "-args" | "-arguments") {
            list = words.next();
        } else if super::launch::START_PROCESS_VALUED.contains(&lower.as_str()) {
            words.next();
        } else if w.starts_with('-') {
        } else if file.is_none() {
            file = Some(w);
        } else if list.is_none() {
            list = Some(w);
        }
    }
    let (Some(file), Some(list)) = (file, list) else {
        return;
    };
    let name = program_name(file).to_ascii_lowercase();
    let name = name.strip_suffix(".exe").unwrap_or(&name);
    if !lexicon::is(name, lexicon::PROGRAM) {
        return;
    }
    let line = format!("{name} {}", list.replace(',', " "));
    let what = format!("Start-Process (runs `{}`)", crate::cut(&line, 60));
    judge_as(&what, &line, depth, ctx, out);
}
