//! The running environment a change lands on, and the grade of a bounded change there (the
//! label rule of guest-policies/eval/README.md): a restart, a rollback, a deploy or a scale to
//! a non-zero count on a named shared environment that is not production (staging, QA, UAT, a
//! shared dev cluster, `kube-system` of a cluster that is not local) is confirmed; on
//! production the rules of each family hold; on the developer's own (kind, minikube, localhost,
//! `--local`) it goes ahead. One grading for every program: kubectl, helm and Argo CD
//! ([`super::containers`]), ansible ([`super::infrastructure`]), salt and nomad (here), all
//! through [`running_change`], which is the plain-language ladder with the environment's scope.

use super::{Cmd, containers, finding};
use crate::finding::{Family, Finding};
use crate::prose::lexicon::{Verb, flag, obj};
use crate::prose::{CommandAction, grade_command};

/// Whether a name (a namespace, a context, an inventory path, a host glob, a job file) names a
/// shared environment that is not production: one of its words is `staging`, `stage`, `stg`,
/// `qa`, `uat`, `preprod` or `shared` (`inventories/staging`, `web-qa*`, `shared-dev`,
/// `jobs/web-qa.nomad.hcl`), or it is `kube-system`.
pub fn shared(name: &str) -> bool {
    // Lowercased without a heap copy (every word of many commands passes here).
    crate::substring::with_ascii_lower(name, |n| {
        n == "kube-system"
            || n.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
                matches!(
                    w,
                    "staging" | "stage" | "stg" | "qa" | "uat" | "preprod" | "shared"
                )
            })
    })
}

/// Whether a name or address is the developer's own machine or throwaway cluster.
pub fn local(name: &str) -> bool {
    // Lowercased without a heap copy (every word of many commands passes here).
    crate::substring::with_ascii_lower(name, |n| {
        containers::local_cluster(n)
            || ["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]
                .iter()
                .any(|h| crate::substring::has(n, h))
            || n.split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| matches!(w, "local" | "localhost"))
    })
}

/// A reversible change to running workloads (a restart, a rollback, a deploy, a prune) graded by
/// the plain-language ladder with the environment's scope: production's, or a shared one's
/// (`flag::SHARED`). `what` names the command for the message.
#[allow(clippy::too_many_arguments)]
pub fn running_change(
    family: Family,
    verb: Verb,
    verb_word: &str,
    target: &str,
    prod: bool,
    what: &str,
    code: &'static str,
    out: &mut Vec<Finding>,
) {
    let action = CommandAction {
        verb,
        verb_word,
        objects: obj::RUNTIME,
        head: obj::RUNTIME,
        head_word: target,
        flags: if prod { flag::PROD } else { flag::SHARED },
        system_path: false,
        unattended: false,
    };
    if let Some(f) = grade_command(&action) {
        out.push(finding(
            family,
            code,
            f.severity,
            format!("{what}: {}", f.message),
        ));
    }
}

/// A bounded change on a named environment that no family grades by its own kind (an ansible
/// play, a salt state, a nomad job): graded on the same ladder as a restart there (`kubectl
/// rollout restart -n staging`), so the grade is the same (confirmed on a shared environment or
/// production), with words that say what changes.
pub fn bounded_change(
    family: Family,
    env: &str,
    what: &str,
    code: &'static str,
    out: &mut Vec<Finding>,
) {
    let prod = containers::production(env);
    let action = CommandAction {
        verb: Verb::Restart,
        verb_word: "change",
        objects: obj::RUNTIME,
        head: obj::RUNTIME,
        head_word: env,
        flags: if prod { flag::PROD } else { flag::SHARED },
        system_path: false,
        unattended: false,
    };
    if let Some(f) = grade_command(&action) {
        let whose = if prod {
            "production"
        } else {
            "a shared environment that is not production"
        };
        out.push(finding(
            family,
            code,
            f.severity,
            format!("{what} changes the running hosts or services of {env}, {whose}: its users see the change"),
        ));
    }
}

/// The value of a single-dash option written `-name=value` or `-name value` (Go's flag package,
/// which nomad uses).
fn go_flag<'c>(cmd: &Cmd<'c>, name: &str) -> Option<&'c str> {
    let mut words = cmd.words();
    while let Some(w) = words.next() {
        let bare = w.trim_start_matches('-');
        if bare == name && w.starts_with('-') {
            return words.next();
        }
        if let Some(v) = bare.strip_prefix(name).and_then(|r| r.strip_prefix('='))
            && w.starts_with('-')
        {
            return Some(v);
        }
    }
    None
}

/// The recognizer of the programs whose only judgement here is where they change things: salt
/// and nomad.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    match cmd.program {
        "salt" | "salt-ssh" => salt(cmd, out),
        "nomad" => nomad(cmd, out),
        _ => {}
    }
}

/// Salt's options that take a value (salt(1)): the targeting options first (`-G 'env:staging'`,
/// `-C 'G@env:qa and web*'`, `-L a,b`: they hold the target), then the others.
const SALT_VALUES: &[&str] = &[
    "-C",
    "-G",
    "-P",
    "-N",
    "-R",
    "-I",
    "-L",
    "-E",
    "--compound",
    "--grain",
    "--nodegroup",
    "--list",
    "--pcre",
    "-t",
    "--timeout",
    "-s",
    "--static",
    "-b",
    "--batch-size",
    "--batch-wait",
    "-c",
    "--config-dir",
    "--out",
    "--return",
    "--state-output",
];

/// Salt's targeting options: the first thirteen of [`SALT_VALUES`], one list for both uses.
const SALT_TARGETING: &[&str] = SALT_VALUES.split_at(13).0;

/// `salt TARGET module.function ARGS`: a function that changes the minions (`service.restart`,
/// `pkg.install`, `state.apply`, `file.managed`...) on a target that names a shared or a
/// production environment, or every minion (`'*'`), is a bounded change there. Reads
/// (`test.ping`, `grains.*`, `pillar.*`, `*.status`, `*.get*`, `*.list*`, `*.show*`), `test=True`
/// runs and `cmd.*` (its command line is judged as a command, by the equivalents) are not.
fn salt(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let mut ops = cmd.operands(SALT_VALUES);
    // A targeting option (`-G 'env:staging'`, `-C 'G@env:qa and web*'`, `-L a,b`) holds the
    // target; the first operand is then the function.
    let targeted = cmd.value(SALT_TARGETING);
    let (Some(target), Some(function)) = (targeted.or_else(|| ops.next()), ops.next()) else {
        return;
    };
    let Some((module, name)) = function.split_once('.') else {
        return;
    };
    let reads = matches!(
        module,
        "test" | "grains" | "pillar" | "cmd" | "sys" | "saltutil" | "disk" | "status" | "network"
    ) || [
        "get",
        "list",
        "show",
        "status",
        "info",
        "ls",
        "version",
        "available",
        "check",
        "diff",
        "search",
        "find",
        "exists",
        "usage",
        "items",
        "ping",
        "running",
        "enabled",
        "sls_exists",
    ]
    .iter()
    .any(|r| name.starts_with(r) || name.ends_with(r))
        || cmd.words().any(|w| w.eq_ignore_ascii_case("test=true"));
    if reads || local(target) {
        return;
    }
    if shared(target) || containers::production(target) || matches!(target, "*" | "'*'") {
        bounded_change(
            Family::Infrastructure,
            target,
            &format!("salt '{target}' {function}"),
            "infrastructure.salt-change",
            out,
        );
    }
}

/// `nomad job run FILE` (or `nomad run`) deploys a job, `job revert` rolls it back, `job
/// restart` and `job scale` restart or resize it: on a named shared or production environment
/// (its job file, its job name, `-namespace`, `-region` or `-address`) a bounded change there.
/// `job plan`, `job status`, `job validate` and `-check-index`-less reads are not.
fn nomad(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let mut ops = cmd
        .operands(&[
            "-address",
            "-namespace",
            "-region",
            "-token",
            "-var",
            "-var-file",
            "-check-index",
            "-group",
            "-task",
            "-batch-size",
            "-batch-wait",
        ])
        .peekable();
    if ops.peek() == Some(&"job") {
        ops.next();
    }
    let Some(verb) = ops.next() else { return };
    if !matches!(
        verb,
        "run" | "revert" | "restart" | "scale" | "dispatch" | "stop"
    ) {
        return;
    }
    let what = ops.next().unwrap_or("");
    // The place: the options, the variables nomad reads them from (`NOMAD_ADDR=... nomad job
    // stop`), and the variable file a deploy is rendered with (`-var-file=env/preprod.hcl`).
    let variable = |name: &str| {
        cmd.assignments
            .iter()
            .chain(cmd.prefix.iter())
            .rev()
            .find_map(|a| a.strip_prefix(name)?.strip_prefix('='))
    };
    let place = [
        go_flag(cmd, "namespace"),
        go_flag(cmd, "region"),
        go_flag(cmd, "address"),
        variable("NOMAD_NAMESPACE"),
        variable("NOMAD_REGION"),
        variable("NOMAD_ADDR"),
        go_flag(cmd, "var-file"),
        Some(what),
    ];
    if place.iter().flatten().any(|p| local(p)) {
        return;
    }
    // `job stop -purge` removes the job from the scheduler with its history: nothing is left
    // to restart or roll back to. A stop without it on production takes production's service
    // down; on a shared environment it is a bounded change there.
    if verb == "stop" {
        // A purge on a scheduler the line names (an address, a namespace, a region): a shared
        // cluster's job is gone for everyone. With no place named it stays the generic stop.
        let named = place[..6].iter().flatten().any(|p| !p.is_empty());
        let purge = named && cmd.words().any(|w| matches!(w, "-purge" | "--purge"));
        let prod = place.iter().flatten().find(|p| containers::production(p));
        let severity = if purge || prod.is_some() {
            crate::finding::Severity::Verify
        } else if place.iter().flatten().any(|p| shared(p)) {
            crate::finding::Severity::Confirm
        } else {
            return;
        };
        out.push(finding(
            Family::Infrastructure,
            "infrastructure.nomad-stop",
            severity,
            format!(
                "nomad job stop {what}{}{}",
                if purge {
                    " -purge: stops the job and purges it from the scheduler (its definition and history are gone)"
                } else {
                    ": stops every allocation of the job"
                },
                prod.map_or(String::new(), |p| format!(", in production ({p})"))
            ),
        ));
        return;
    }
    // `nomad job scale JOB 0` stops it: a scale-down, graded by the same rule as kubectl's.
    let env = place
        .iter()
        .flatten()
        .find(|p| shared(p) || containers::production(p));
    if let Some(env) = env {
        bounded_change(
            Family::Infrastructure,
            env,
            &format!("nomad job {verb} {what}"),
            "infrastructure.nomad-change",
            out,
        );
    }
}
