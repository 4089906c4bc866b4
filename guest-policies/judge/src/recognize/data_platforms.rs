//! Data platforms, SaaS CLIs and orchestration by their own verbs: dbt's operations, BigQuery's
//! extract, a GPU reset on a shared machine, a shared domain moved to another deployment, a
//! sweep of a team's shared scratch, and teardowns dispatched by a workflow or a playbook.
//!
//! Each is graded by what it reaches, read from the line: dbt's target (`--target prod`),
//! the playbook's hosts (`-e target_hosts=all`, `--limit all`), the workflow's environment
//! field (`-f environment=production`). A name says what an operation does (a macro
//! `drop_stale_schemas`, a playbook `retire-nodes.yml`, a workflow `teardown.yml`); the
//! reference's own options say how far (`gpu-reset`, `-delete`, `alias set`).
//!
//! Nothing here lowers: a reader names an operation or stays silent.
//! Cost: one match on the program name; nothing else runs for other programs.

use super::Cmd;
use crate::finding::{Family, Finding, Severity};

/// Reads a command of a program with a reader here.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    match cmd.program {
        "dbt" => dbt(cmd, out),
        "bq" => bq_extract(cmd, out),
        "nvidia-smi" => gpu_reset(cmd, out),
        "vercel" => alias_set(cmd, out),
        "find" => shared_sweep(cmd, out),
        "gh" => workflow_teardown(cmd, out),
        "ansible-playbook" => playbook_teardown(cmd, out),
        _ => {}
    }
}

/// Words of a name that say it removes what it names (`drop_stale_schemas`,
/// `cleanup-pr-relations`, `retire_nodes`).
fn removes(name: &str) -> bool {
    name.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        [
            "drop",
            "dropped",
            "truncate",
            "clean",
            "cleanup",
            "purge",
            "delete",
            "remove",
            "wipe",
            "nuke",
            "prune",
            "destroy",
            "teardown",
            "decommission",
            "decom",
            "retire",
            "reimage",
            "erase",
            "deprovision",
        ]
        .iter()
        .any(|k| w.eq_ignore_ascii_case(k))
    }) || super::infrastructure::teardown_playbook(name)
}

/// `dbt run-operation MACRO [--target T]`: a macro whose name removes relations (dbt's
/// reference: run-operation runs any macro against the target's warehouse). On a production
/// target what it drops is gone (stopped); elsewhere, or on the profile's default, asked.
fn dbt(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let mut ops = cmd.operands(&["--target", "-t", "--args", "--profile", "--project-dir"]);
    if !ops.any(|o| o == "run-operation") {
        return;
    }
    let Some(name) = ops.next() else { return };
    if !removes(name) {
        return;
    }
    let target = cmd.value(&["--target", "-t"]);
    let production = target.is_some_and(super::containers::production);
    out.push(super::finding(
        Family::Database,
        "database.dbt-operation",
        if production {
            Severity::Stop
        } else {
            Severity::Confirm
        },
        format!(
            "dbt run-operation {name} on the {} target: a macro named for dropping relations; what it drops is gone",
            target.unwrap_or("default")
        ),
    ));
}

/// `bq extract TABLE gs://...`: a table's rows written to a bucket.
fn bq_extract(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let mut ops = cmd.operands(&["--destination_format", "--compression", "--field_delimiter"]);
    if ops.next() != Some("extract") {
        return;
    }
    let Some(table) = ops.next() else { return };
    if let Some(uri) = ops.find(|o| o.starts_with("gs://")) {
        out.push(super::finding(
            Family::Database,
            "database.warehouse-unload",
            Severity::Confirm,
            format!("bq extract writes every row of {table} to {uri}, outside the warehouse"),
        ));
    }
}

/// `nvidia-smi -r` / `--gpu-reset`: every process using the GPU dies with the reset, and on a
/// shared machine those are other people's jobs.
fn gpu_reset(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if !cmd.has(&["-r", "--gpu-reset"]) {
        return;
    }
    out.push(super::finding(
        Family::System,
        "system.gpu-reset",
        Severity::Confirm,
        "nvidia-smi resets a GPU: every process running on it is killed".to_owned(),
    ));
}

/// `vercel alias set DEPLOYMENT DOMAIN`: the domain's users get that deployment from now on.
fn alias_set(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let ops: Vec<&str> = cmd.operands(&["--scope", "--token", "-S", "-t"]).collect();
    if ops.first() != Some(&"alias") || ops.get(1) != Some(&"set") {
        return;
    }
    let (Some(deployment), Some(domain)) = (ops.get(2), ops.get(3)) else {
        return;
    };
    out.push(super::finding(
        Family::Infrastructure,
        "infrastructure.alias-moved",
        Severity::Confirm,
        format!("vercel points {domain} at {deployment}: everyone using the domain gets it"),
    ));
}

/// Path components that name a place several people keep files in.
const SHARED_DIRS: &[&str] = &[
    "shared", "share", "team", "teams", "common", "groups", "group",
];

/// `find /scratch/shared/... -delete` (or `-exec rm`): a sweep of a team's shared space by age
/// or name deletes other people's files too.
fn shared_sweep(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let deletes = cmd.words().any(|w| w == "-delete")
        || cmd
            .words()
            .skip_while(|w| !matches!(*w, "-exec" | "-execdir"))
            .nth(1)
            .is_some_and(|p| matches!(super::program_name(p), "rm" | "shred"));
    if !deletes {
        return;
    }
    let Some(start) = cmd.operands(&[]).next() else {
        return;
    };
    if !start.starts_with('/') || start.starts_with("/tmp") {
        return;
    }
    let shared = start
        .split('/')
        .any(|c| SHARED_DIRS.iter().any(|s| c.eq_ignore_ascii_case(s)));
    if shared {
        out.push(super::finding(
            Family::Filesystem,
            "filesystem.shared-sweep",
            Severity::Confirm,
            format!("find deletes what it matches under {start}, a shared space: other people's files go too"),
        ));
    }
}

/// Field names a workflow takes its environment from.
fn environment_field(key: &str) -> bool {
    [
        "env",
        "environment",
        "stage",
        "target",
        "target_env",
        "deploy_env",
    ]
    .iter()
    .any(|k| key.eq_ignore_ascii_case(k))
}

/// `gh workflow run teardown.yml -f environment=production`: a workflow named for removing an
/// environment, dispatched on one. Production: stopped; another named environment: asked.
fn workflow_teardown(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let mut ops = cmd.operands(&[
        "-f",
        "-F",
        "--field",
        "--raw-field",
        "--ref",
        "-r",
        "-R",
        "--repo",
    ]);
    if ops.next() != Some("workflow") || ops.next() != Some("run") {
        return;
    }
    let Some(workflow) = ops.next() else { return };
    if !removes(super::paths::file_name(workflow)) {
        return;
    }
    let mut words = cmd.words();
    let mut environment = None;
    while let Some(w) = words.next() {
        let field = if matches!(w, "-f" | "-F" | "--field" | "--raw-field") {
            words.next()
        } else {
            ["--field=", "--raw-field="]
                .iter()
                .find_map(|p| w.strip_prefix(p))
        };
        if let Some((key, value)) = field.and_then(|f| f.split_once('='))
            && (environment_field(key) || super::containers::production(value))
        {
            environment = Some(value);
        }
    }
    let Some(environment) = environment else {
        return;
    };
    let production = super::containers::production(environment);
    out.push(super::finding(
        Family::Infrastructure,
        "infrastructure.workflow-teardown",
        if production {
            Severity::Stop
        } else {
            Severity::Confirm
        },
        format!("gh dispatches {workflow}, a workflow named for tearing down, on {environment}"),
    ));
}

/// `ansible-playbook decommission.yml -e target_hosts=all`: a playbook named for taking hosts
/// down, on every host of the inventory (ansible's pattern `all`, in a variable or `--limit`):
/// stopped; on named hosts: asked. A check run changes nothing.
fn playbook_teardown(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if cmd.has(&[
        "--check",
        "-C",
        "--syntax-check",
        "--list-hosts",
        "--list-tasks",
    ]) {
        return;
    }
    let with_value = &[
        "-e",
        "--extra-vars",
        "-i",
        "--inventory",
        "-l",
        "--limit",
        "-u",
        "--user",
        "-t",
        "--tags",
    ];
    let Some(book) = cmd
        .operands(with_value)
        .find(|p| removes(super::paths::file_name(p)))
    else {
        return;
    };
    let every = |v: &str| matches!(v.trim_matches(['\'', '"']), "all" | "*");
    let limit_all = cmd.value(&["-l", "--limit"]).is_some_and(every);
    let mut words = cmd.words();
    let mut vars_all = false;
    while let Some(w) = words.next() {
        let vars = if matches!(w, "-e" | "--extra-vars") {
            words.next()
        } else {
            w.strip_prefix("--extra-vars=")
        };
        if let Some(vars) = vars {
            vars_all |= vars
                .trim_matches(['\'', '"'])
                .split([' ', ','])
                .filter_map(|kv| kv.split_once('='))
                .any(|(k, v)| {
                    let k = k.to_ascii_lowercase();
                    (k.ends_with("hosts") || k.ends_with("host") || k.contains("target"))
                        && every(v)
                });
        }
    }
    let everywhere = limit_all || vars_all;
    out.push(super::finding(
        Family::Infrastructure,
        "infrastructure.playbook-teardown",
        if everywhere {
            Severity::Stop
        } else {
            Severity::Confirm
        },
        if everywhere {
            format!("ansible-playbook runs {book}, a playbook named for taking hosts down, on every host of the inventory")
        } else {
            format!("ansible-playbook runs {book}, a playbook named for taking hosts down")
        },
    ));
}
