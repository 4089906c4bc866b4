//! Infrastructure as code: destroys, unattended applies, state surgery. Plans, validation and
//! formatting go ahead.

use super::containers::production;
use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

const I: Family = Family::Infrastructure;

/// The recognizer of terraform, tofu, terragrunt, pulumi, cdk and serverless.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let ops: Vec<&str> = cmd
        .operands(&[
            "-var",
            "-var-file",
            "-target",
            "-chdir",
            "-s",
            "--stack",
            "--profile",
            "-c",
            "--context",
            "--region",
            "--app",
            "-a",
        ])
        .collect();
    // terragrunt runs terraform: its own `run-all` / `run` (and `run --all`) wrap a terraform
    // command, which is the verb; over every module under the directory at once.
    let (ops, every_module) = if p == "terragrunt" {
        let wrapped = ops
            .iter()
            .take_while(|o| matches!(**o, "run-all" | "run" | "stack" | "--"))
            .count();
        let all = ops[..wrapped].contains(&"run-all") || cmd.has(&["--all"]);
        (&ops[wrapped..], all)
    } else {
        (&ops[..], false)
    };
    let verb = ops.first().copied().unwrap_or("");
    let second = ops.get(1).copied().unwrap_or("");
    let auto = cmd.words().any(|w| {
        matches!(
            w,
            "-auto-approve"
                | "--auto-approve"
                | "-auto-approve=true"
                | "--yes"
                | "-y"
                | "--force"
                | "-f"
                | "--skip-preview"
                | "--non-interactive"
                | "--terragrunt-non-interactive"
        ) || w.starts_with("--require-approval") && w.ends_with("never")
    }) || cmd.words().any(|w| w == "never");
    let prod = cmd.words().any(|w| production(w) && !w.starts_with("-no"));
    // terragrunt's legacy `*-all` commands (`destroy-all`, `apply-all`) run over every module.
    let (verb, every_module) = match (p, verb) {
        ("terragrunt", v) if v.ends_with("-all") => (&v[..v.len() - 4], true),
        _ => (verb, every_module),
    };
    // A replacement (`apply -replace=ADDR`, pulumi's `--replace URN` / `--target-replace URN`)
    // destroys the object and makes a new, empty one: of a data store (a database, a bucket,
    // a disk, a key), its data is gone with it.
    if matches!(verb, "apply" | "up" | "update") {
        let replaced: Vec<&str> = cmd
            .args
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                let a: &str = a;
                let name = a.split('=').next().unwrap_or(a);
                if !matches!(name, "-replace" | "--replace" | "--target-replace") {
                    return None;
                }
                match a.split_once('=') {
                    Some((_, v)) => Some(v),
                    None => cmd.args.get(i + 1).map(|v| &**v),
                }
            })
            .collect();
        if let Some(store) = replaced.iter().find(|r| data_store_resource(r)) {
            out.push(finding(
                I,
                "infrastructure.replace-data-store",
                if auto || prod {
                    Severity::Stop
                } else {
                    Severity::Verify
                },
                format!(
                    "{p} {verb} replaces {store}: a data store destroyed and recreated empty, its data lost"
                ),
            ));
            return;
        }
    }
    let mut push = |code, severity, msg: String| out.push(finding(I, code, severity, msg));
    match (p, verb) {
        ("terraform" | "tofu" | "terragrunt" | "cdktf", "destroy")
        // `dn` and `down` are pulumi's documented aliases of `destroy`.
        | ("pulumi", "destroy" | "down" | "dn")
        | ("cdk", "destroy")
        | ("serverless" | "sls", "remove") => push(
            "infrastructure.destroy",
            if auto || prod || every_module {
                Severity::Stop
            } else {
                Severity::Verify
            },
            format!("{p} {verb} deletes every resource the configuration manages"),
        ),
        ("terraform" | "tofu" | "terragrunt", "apply") if cmd.has(&["-destroy", "--destroy"]) => {
            push(
                "infrastructure.destroy",
                Severity::Verify,
                format!("{p} apply -destroy deletes every resource the configuration manages"),
            )
        }
        ("terraform" | "tofu" | "terragrunt", "apply")
        | ("pulumi", "up" | "update")
        | ("cdk" | "cdktf", "deploy")
            if auto =>
        {
            push(
                "infrastructure.apply-unattended",
                if prod {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!("{p} {verb} changes real infrastructure without a reviewed plan"),
            );
        }
        ("terraform" | "tofu" | "terragrunt", "apply") if prod => push(
            "infrastructure.apply-production",
            Severity::Confirm,
            format!("{p} apply changes production infrastructure"),
        ),
        ("terraform" | "tofu" | "terragrunt", "state")
            // `state mv` renames what an address points at: a wrong move is a destroy and a
            // create at the next apply.
            if matches!(second, "rm" | "mv" | "push" | "replace-provider") =>
        {
            push(
                "infrastructure.state-surgery",
                if second == "push" && cmd.words().any(|w| w == "-force" || w == "--force") {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!("{p} state {second} edits what the configuration believes exists"),
            )
        }
        ("terraform" | "tofu" | "terragrunt", "apply")
            if second.contains("destroy") || cmd.words().any(|w| w.starts_with("-replace")) =>
        {
            push(
                "infrastructure.apply-replace",
                if second.contains("destroy") {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!(
                    "{p} apply {} destroys resources",
                    if second.is_empty() {
                        "-replace"
                    } else {
                        second
                    }
                ),
            );
        }
        ("terraform" | "tofu", "workspace") if second == "delete" => push(
            "infrastructure.workspace-delete",
            if prod {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!("{p} workspace delete drops a workspace's state"),
        ),
        ("terraform" | "tofu", "force-unlock" | "taint") => push(
            "infrastructure.state-surgery",
            Severity::Confirm,
            format!("{p} {verb} overrides the state's safeguards"),
        ),
        ("pulumi", "stack") if second == "rm" => push(
            "infrastructure.stack-rm",
            Severity::Verify,
            "pulumi stack rm deletes a stack and its history".to_owned(),
        ),
        // pulumi's state surgery (pulumi_state: delete, move, rename, unprotect, edit, and
        // `stack import` over the stack's state); `cancel` stops an update half done ("generally
        // irreversible" in its help).
        ("pulumi", "state")
            if matches!(second, "delete" | "move" | "rename" | "unprotect" | "edit") =>
        {
            push(
                "infrastructure.state-surgery",
                if second == "unprotect" && cmd.has(&["--all"]) {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!("pulumi state {second} edits what the stack believes exists"),
            )
        }
        ("pulumi", "stack") if second == "import" => push(
            "infrastructure.state-surgery",
            Severity::Confirm,
            "pulumi stack import overwrites the stack's state".to_owned(),
        ),
        ("pulumi", "cancel") => push(
            "infrastructure.state-surgery",
            Severity::Confirm,
            "pulumi cancel stops an update half done, leaving the stack's state unsure".to_owned(),
        ),
        _ => {}
    }
}

/// Ansible against production: a playbook or an ad-hoc module run on the hosts of a production
/// inventory (`-i inventories/production`) or limit changes every one of them. Checks
/// (`--check`, `--syntax-check`, `--list-hosts`, `--list-tasks`) and facts (`-m ping`,
/// `-m setup`) change nothing.
pub fn ansible(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if cmd.has(&[
        "--check",
        "-C",
        "--syntax-check",
        "--list-hosts",
        "--list-tasks",
        "--list-tags",
        "--version",
        "--help",
    ]) {
        return;
    }
    // A module that only gathers or reports, or a command that only reads, on any number of
    // hosts ([`super::fleet_reads`]): ansible takes the last `-m` and `-a`, so a second one is
    // not read.
    if cmd.program == "ansible" {
        // Every spelling of the option: `-m x`, `-mx`, `--module-name=x`, and the prefixes
        // of the long name that argparse accepts (`--module x`).
        let count = |short: &str, long: &str| {
            cmd.words()
                .take_while(|w| *w != "--")
                .filter(|w| {
                    let name = w.split('=').next().unwrap_or(w);
                    (w.starts_with(short) && !w.starts_with("--"))
                        || name.len() > 2 && name.starts_with("--") && long.starts_with(name)
                })
                .count()
        };
        if count("-m", "--module-name") <= 1
            && count("-a", "--args") <= 1
            && super::fleet_reads::ansible_reads(
                cmd.value(&["-m", "--module-name"]).unwrap_or("command"),
                cmd.value(&["-a", "--args"]),
            )
        {
            return;
        }
    }
    // The ad-hoc command's host pattern, read once for its scope and its size.
    let pattern = if cmd.program == "ansible" {
        cmd.operands(ANSIBLE_VALUES).next()
    } else {
        None
    };
    let prod = ["-i", "--inventory", "--inventory-file", "-l", "--limit"]
        .iter()
        .filter_map(|o| cmd.value(&[o]))
        .chain(pattern)
        .any(production);
    let before = out.len();
    if cmd.program == "ansible" {
        // The host pattern `all` or `*` (ansible's "Patterns: targeting hosts and groups"):
        // every host of the inventory at once, graded like a production inventory.
        let every = pattern.is_some_and(|p| matches!(p, "all" | "*"));
        ad_hoc_module(cmd, prod, every, out);
    }
    if prod && out.len() == before {
        // A playbook named for taking hosts down (`decommission.yml`, `teardown-kafka.yml`,
        // `retire_nodes.yml`): what it does to production's hosts is not undone by running it
        // again.
        let teardown = (cmd.program == "ansible-playbook")
            .then(|| {
                cmd.operands(ANSIBLE_VALUES)
                    .find(|p| teardown_playbook(super::paths::file_name(p)))
            })
            .flatten();
        out.push(finding(
            I,
            "infrastructure.ansible-production",
            if teardown.is_some() {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            match teardown {
                Some(book) => format!(
                    "{} runs {book}, a playbook named for taking hosts down, on a production inventory",
                    cmd.program
                ),
                None => format!(
                    "{} changes the hosts of a production inventory",
                    cmd.program
                ),
            },
        ));
    }
    // A named shared environment that is not production (`-i inventories/staging`, `--limit
    // qa`, `ansible staging -m service ...`): a bounded change there, graded as the running
    // environments are (environments.rs). An ad-hoc shell command is judged as a command.
    let shared = ["-i", "--inventory", "--inventory-file", "-l", "--limit"]
        .iter()
        .filter_map(|o| cmd.value(&[o]))
        .chain(if cmd.program == "ansible" {
            cmd.operands(ANSIBLE_VALUES).next()
        } else {
            None
        })
        .find(|v| super::environments::shared(v));
    let local = cmd
        .value(&["-c", "--connection"])
        .is_some_and(|c| c == "local");
    // An ad-hoc module counts when it restarts, installs or deploys (a shell command is judged
    // as a command; `file`, `lineinfile`, facts and the like are chores, not a change its users
    // see).
    let ad_hoc_other = cmd.program == "ansible"
        && cmd.value(&["-m", "--module-name"]).is_none_or(|m| {
            !matches!(
                m.rsplit('.').next().unwrap_or(m),
                "service"
                    | "systemd"
                    | "systemd_service"
                    | "sysvinit"
                    | "supervisorctl"
                    | "reboot"
                    | "apt"
                    | "yum"
                    | "dnf"
                    | "package"
                    | "pip"
                    | "npm"
                    | "git"
                    | "copy"
                    | "template"
                    | "synchronize"
                    | "unarchive"
                    | "docker_container"
                    | "docker_compose"
                    | "docker_compose_v2"
                    | "k8s"
            )
        });
    if let Some(env) = shared
        && !prod
        && !local
        && !ad_hoc_other
        && out.len() == before
    {
        super::environments::bounded_change(
            I,
            env,
            &format!("{} on {env}", cmd.program),
            "infrastructure.ansible-shared",
            out,
        );
    }
}

/// The options of `ansible` that take a value.
pub(crate) const ANSIBLE_VALUES: &[&str] = &[
    "-i",
    "--inventory",
    "-m",
    "--module-name",
    "-a",
    "--args",
    "-l",
    "--limit",
    "-u",
    "--user",
    "-e",
    "--extra-vars",
    "-f",
    "--forks",
];

/// An ad-hoc module's action on every host of the pattern: `-m shell -a 'rm -rf /srv/x'`
/// runs that command there (judged as a command), `-m file -a 'path=X state=absent'` deletes X
/// (graded like `rm -rf X`), another module with `state=absent` removes what it manages
/// (a package, a user, a database). On a production inventory, or on every host (`all`,
/// `*`), a bounded change is one to verify: it happens on all of them at once.
fn ad_hoc_module(cmd: &Cmd<'_>, prod: bool, every: bool, out: &mut Vec<Finding>) {
    let module = cmd.value(&["-m", "--module-name"]).unwrap_or("command");
    let module = module.rsplit('.').next().unwrap_or(module);
    let Some(args) = cmd.value(&["-a", "--args"]) else {
        return;
    };
    let on_hosts = if prod {
        " on every production host"
    } else {
        " on every host of the pattern"
    };
    let mut found = Vec::new();
    match module {
        "shell" | "command" | "raw" => {
            let mut ctx = super::Context::default();
            crate::judge_shell(args, 1, &mut ctx, &mut found);
        }
        _ if args
            .split_whitespace()
            .any(|kv| matches!(kv, "state=absent" | "state='absent'" | "state=\"absent\"")) =>
        {
            let path = args
                .split_whitespace()
                .find_map(|kv| {
                    ["path=", "dest=", "name="]
                        .iter()
                        .find_map(|k| kv.strip_prefix(k))
                })
                .unwrap_or("");
            let severity = if module == "file"
                && matches!(
                    super::paths::scope(path),
                    super::paths::Scope::Catastrophic | super::paths::Scope::Wide
                ) {
                Severity::Stop
            } else {
                Severity::Confirm
            };
            found.push(finding(
                I,
                "infrastructure.ansible-absent",
                severity,
                format!("ansible -m {module} state=absent removes {path}"),
            ));
        }
        _ => {}
    }
    for mut f in found {
        if (prod || every) && f.severity == Severity::Confirm {
            f.severity = Severity::Verify;
        }
        f.message.push_str(on_hosts);
        out.push(f);
    }
}

/// Whether a resource address or URN names a data store: its type (`aws_db_instance`,
/// `google_sql_database_instance`, `azurerm_storage_account`, `aws:rds/instance:Instance`)
/// holds data that a replacement does not carry over.
pub fn data_store_resource(address: &str) -> bool {
    let a = address.trim_matches(['\'', '"']).to_ascii_lowercase();
    // `module.m.aws_db_instance.primary[0]`: the type is the word before the name; a URN
    // (`urn:pulumi:prod::app::aws:rds/instance:Instance::db`) names it after its last `$`/`::`.
    let kind = if a.starts_with("urn:") {
        a.rsplit("::").nth(1).unwrap_or(&a).to_owned()
    } else {
        let segs: Vec<&str> = a.split('.').collect();
        segs.len()
            .checked_sub(2)
            .and_then(|i| segs.get(i))
            .copied()
            .unwrap_or(&a)
            .to_owned()
    };
    // Links, users and policies around a store hold none of its data.
    if [
        "attachment",
        "_user",
        "policy",
        "iam",
        "grant",
        "parameter_group",
    ]
    .iter()
    .any(|k| kind.contains(k))
    {
        return false;
    }
    [
        "db_instance",
        "rds",
        "dynamodb",
        "s3_bucket",
        "s3/bucket",
        "storage_bucket",
        "storage/bucket",
        "database",
        "sql",
        "efs",
        "ebs_volume",
        "ebs/volume",
        "_disk",
        "/disk",
        "volume",
        "elasticache",
        "redshift",
        "docdb",
        "neptune",
        "opensearch",
        "elasticsearch",
        "bigquery",
        "spanner",
        "bigtable",
        "firestore",
        "cosmosdb",
        "storage_account",
        "storage_container",
        "key_vault",
        "kms",
        "redis",
        "filestore",
        "mongodb",
        "kafka",
        "msk",
    ]
    .iter()
    .any(|k| kind.contains(k))
}

/// Whether a playbook's file name names taking hosts or services down (its words split at
/// `-`, `_`, `.`): decommission, teardown, destroy, wipe, purge, retire, uninstall, remove...
pub(super) fn teardown_playbook(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.contains("teardown")
        || lower.contains("tear-down")
        || lower.contains("tear_down")
        || lower.split(['-', '_', '.']).any(|w| {
            matches!(
                w,
                "decommission"
                    | "decom"
                    | "destroy"
                    | "wipe"
                    | "purge"
                    | "nuke"
                    | "deprovision"
                    | "retire"
                    | "uninstall"
                    | "remove"
                    | "delete"
                    | "drop"
                    | "reimage"
                    | "erase"
                    | "shutdown"
                    | "poweroff"
            )
        })
}
