//! Cloud CLIs: deletes and terminations graded by what they delete (projects, buckets,
//! databases, clusters, keys, identities are catastrophic; single objects are bounded);
//! describe/list/get go ahead. Secret reads through the clouds are in `secrets`.

use super::containers::production;
use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};
use crate::substring::has;

const CL: Family = Family::Cloud;

/// The recognizer of aws, gcloud, gsutil, az and a few platform CLIs.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let ops: Vec<&str> = cmd
        .operands(&[
            "--profile",
            "--region",
            "--project",
            "--output",
            "-o",
            "--query",
            "--zone",
            "--format",
            "-g",
            "--resource-group",
            "--subscription",
            "--name",
            "-n",
            "--bucket",
            "--key",
            "--app",
            "-a",
            "--endpoint-url",
            "--location",
        ])
        .collect();
    let prod = cmd.words().any(production);
    let grade = |s: Severity| {
        if prod && s == Severity::Confirm {
            Severity::Verify
        } else {
            s
        }
    };
    let mut push =
        |code, severity: Severity, msg: String| out.push(finding(CL, code, grade(severity), msg));
    if let Some(what) = scale_to_zero(cmd) {
        push(
            "cloud.scale-to-zero",
            Severity::Confirm,
            format!("{p} sets {what} to 0: the service stops serving"),
        );
    }
    let recursive = cmd.flag(b"r", &["recursive"]) || cmd.flag(b"R", &[]);
    let first = ops.first().copied().unwrap_or("");
    let second = ops.get(1).copied().unwrap_or("");
    // Data made public: an ACL or binding that names everyone. A removal of that binding or a
    // public-access setting turned off (`remove-iam-policy-binding --member=allUsers`,
    // `--public-access off`) closes access instead.
    if !super::flags::closes_access(cmd)
        && cmd.words().any(|w| {
            has(w, "allUsers")
                || has(w, "allAuthenticatedUsers")
                || has(w, "public-read")
                || w == "--public"
                || has(w, "\"Principal\":\"*\"")
                || has(w, "\"Principal\": \"*\"")
                || has(w, "BlockPublicAcls=false")
                || has(w, "IgnorePublicAcls=false")
                || has(w, "BlockPublicPolicy=false")
                || has(w, "RestrictPublicBuckets=false")
                // The option itself: `--public-access-block-configuration` and
                // `--public-access-prevention` set the guard against public access.
                || (w == "--public-access" || w.starts_with("--public-access="))
                    && !has(w, "off")
        })
    {
        push(
            "cloud.make-public",
            Severity::Verify,
            format!("{p} grants everyone access: the data becomes public"),
        );
    }
    match p {
        "aws" => {
            let (service, op) = (first, second);
            match (service, op) {
                ("s3", "rm") => push(
                    "cloud.s3-rm",
                    if recursive {
                        Severity::Verify
                    } else {
                        Severity::Confirm
                    },
                    format!(
                        "aws s3 rm {}{} deletes objects{}",
                        ops.get(2).copied().unwrap_or(""),
                        if recursive { " --recursive" } else { "" },
                        if recursive {
                            ": the whole prefix, with no undo"
                        } else {
                            ""
                        }
                    ),
                ),
                ("s3", "rb") => push(
                    "cloud.s3-rb",
                    Severity::Verify,
                    format!(
                        "aws s3 rb {} deletes the bucket{}",
                        ops.get(2).copied().unwrap_or(""),
                        if cmd.has(&["--force"]) {
                            " and everything in it"
                        } else {
                            ""
                        }
                    ),
                ),
                ("s3", "sync" | "mv") if cmd.has(&["--delete"]) || op == "mv" => push(
                    "cloud.s3-sync-delete",
                    Severity::Confirm,
                    format!("aws s3 {op} deletes objects at the destination"),
                ),
                (_, op) if catastrophic_aws(service, op) && !reads_only(op) => push(
                    "cloud.delete-critical",
                    Severity::Verify,
                    format!(
                        "aws {service} {op} deletes or destroys {}",
                        what_aws(service)
                    ),
                ),
                (_, op)
                    if op.starts_with("delete")
                        || op.starts_with("batch-delete")
                        || op.starts_with("terminate")
                        || op.starts_with("remove")
                        || op.starts_with("purge")
                        || op.starts_with("deregister")
                        || op.starts_with("stop-")
                        || op.starts_with("disable")
                        || op.starts_with("revoke") =>
                {
                    push(
                        "cloud.delete",
                        Severity::Confirm,
                        format!("aws {service} {op} deletes or stops cloud resources"),
                    )
                }
                ("iam", op)
                    if op.starts_with("attach")
                        || op.starts_with("put")
                        || op == "create-access-key"
                        || op.starts_with("update-assume")
                        || op == "create-login-profile" =>
                {
                    let admin = op == "create-access-key"
                        || op == "create-login-profile"
                        || cmd
                            .words()
                            .any(|w| has(w, "AdministratorAccess") || has(w, "\"*\""));
                    push(
                        "cloud.iam-grant",
                        if admin {
                            Severity::Verify
                        } else {
                            Severity::Confirm
                        },
                        format!(
                            "aws iam {op} grants access{}",
                            if admin { ": full administrator" } else { "" }
                        ),
                    );
                }
                _ => {}
            }
        }
        "gcloud" => {
            let verbs: Vec<&str> = ops
                .iter()
                .copied()
                .filter(|w| !w.contains('/') && !w.contains('.'))
                .collect();
            if verbs.contains(&"keys") && verbs.contains(&"create")
                || verbs.contains(&"add-iam-policy-binding")
                    && cmd
                        .words()
                        .any(|w| has(w, "roles/owner") || has(w, "roles/editor"))
            {
                push(
                    "cloud.mint-credentials",
                    Severity::Verify,
                    "gcloud mints a long-lived key or grants owner: full access that outlives the session".to_owned(),
                );
            }
            // `destroy` is KMS's word for deleting a key version's material.
            let deleting = verbs
                .iter()
                .position(|w| matches!(*w, "delete" | "remove" | "destroy"));
            if let Some(i) = deleting {
                let what = verbs[..i].join(" ");
                let dns = verbs[..i].iter().any(|w| dns_word(w));
                let critical = dns
                    || verbs[..i].iter().any(|w| {
                        matches!(
                            *w,
                            "projects"
                                | "instances"
                                | "clusters"
                                | "sql"
                                | "buckets"
                                | "databases"
                                | "keys"
                                | "service-accounts"
                                | "disks"
                                | "snapshots"
                                | "spanner"
                                | "bigtable"
                                | "filestore"
                                | "functions"
                                | "networks"
                                | "zones"
                                | "record-sets"
                                | "folders"
                                | "organizations"
                                | "repositories"
                                | "secrets"
                                | "datasets"
                        )
                    });
                push(
                    if critical {
                        "cloud.delete-critical"
                    } else {
                        "cloud.delete"
                    },
                    if critical {
                        Severity::Verify
                    } else {
                        Severity::Confirm
                    },
                    format!(
                        "gcloud {what} delete deletes cloud resources{}",
                        if dns {
                            DNS_LOST
                        } else if critical {
                            " with their data"
                        } else {
                            ""
                        }
                    ),
                );
            } else if first == "storage" && second == "rm" {
                push(
                    "cloud.storage-rm",
                    if recursive || cmd.words().any(|w| w.ends_with("/**") || w.ends_with("/*")) {
                        Severity::Verify
                    } else {
                        Severity::Confirm
                    },
                    "gcloud storage rm deletes objects".to_owned(),
                );
            }
        }
        "gsutil" => {
            let op = ops
                .iter()
                .copied()
                .find(|w| matches!(*w, "rm" | "rb" | "rsync" | "mv"))
                .unwrap_or("");
            match op {
                "rm" => push(
                    "cloud.gsutil-rm",
                    if recursive
                        || cmd.words().any(|w| w.ends_with("/**") || w.ends_with("/*"))
                        || cmd.flag(b"a", &[])
                    {
                        Severity::Verify
                    } else {
                        Severity::Confirm
                    },
                    format!(
                        "gsutil rm{} deletes objects",
                        if recursive { " -r" } else { "" }
                    ),
                ),
                "rb" => push(
                    "cloud.gsutil-rb",
                    Severity::Verify,
                    "gsutil rb deletes a bucket".to_owned(),
                ),
                "rsync" if cmd.flag(b"d", &[]) => push(
                    "cloud.gsutil-rsync-delete",
                    Severity::Confirm,
                    "gsutil rsync -d deletes objects at the destination".to_owned(),
                ),
                _ => {}
            }
        }
        "az" => {
            if ops
                .iter()
                .any(|w| matches!(*w, "deallocate" | "stop" | "restart"))
            {
                push(
                    "cloud.stop",
                    Severity::Confirm,
                    format!("az {} stops cloud resources", ops.join(" ")),
                );
            }
            if let Some(i) = ops.iter().position(|w| matches!(*w, "delete" | "purge")) {
                let what = ops[..i].join(" ");
                let dns = ops[..i].iter().any(|w| dns_word(w));
                let critical = dns
                    || matches!(
                        first,
                        "group"
                            | "vm"
                            | "sql"
                            | "aks"
                            | "storage"
                            | "cosmosdb"
                            | "keyvault"
                            | "postgres"
                            | "mysql"
                            | "ad"
                            | "account"
                            | "role"
                    );
                push(
                    if critical {
                        "cloud.delete-critical"
                    } else {
                        "cloud.delete"
                    },
                    if critical {
                        Severity::Verify
                    } else {
                        Severity::Confirm
                    },
                    format!(
                        "az {what} delete deletes cloud resources{}",
                        if first == "group" {
                            ": the whole resource group"
                        } else if dns {
                            DNS_LOST
                        } else {
                            ""
                        }
                    ),
                );
            }
        }
        "heroku"
            if ops
                .iter()
                .any(|w| matches!(*w, "apps:destroy" | "pg:reset" | "destroy" | "apps:delete")) =>
        {
            push(
                "cloud.delete-critical",
                Severity::Verify,
                "heroku destroys an app or resets its database".to_owned(),
            );
        }
        "azcopy" => azcopy(cmd, &ops, out),
        _ if p != "heroku" => other_cli(cmd, &ops, out),
        _ => {}
    }
}

/// Words of a command path that name DNS: a domain, a zone or a record set. Deleting one is
/// not deleting one object: every name under it stops resolving (sites, mail, APIs), the
/// records are gone with it, and a registered domain may be taken by someone else.
fn dns_word(w: &str) -> bool {
    matches!(
        w,
        "dns"
            | "domain"
            | "domains"
            | "zone"
            | "zones"
            | "dnszone"
            | "dnszones"
            | "managed-zone"
            | "managed-zones"
            | "recordset"
            | "recordsets"
            | "record-set"
            | "record-sets"
    )
}

/// What deleting DNS loses, for messages.
const DNS_LOST: &str = ": every name under it stops resolving";

fn catastrophic_aws(service: &str, op: &str) -> bool {
    matches!(
        (service, op),
        ("s3api", "delete-bucket")
            | (
                "ec2",
                "terminate-instances" | "delete-vpc" | "delete-volume" | "delete-snapshot"
            )
            | (
                "rds",
                "delete-db-instance"
                    | "delete-db-cluster"
                    | "delete-db-snapshot"
                    | "delete-db-cluster-snapshot"
            )
            | ("dynamodb", "delete-table" | "delete-backup")
            | ("cloudformation", "delete-stack")
            | ("eks", "delete-cluster" | "delete-nodegroup")
            | ("ecs", "delete-cluster" | "delete-service")
            | ("kms", "schedule-key-deletion" | "disable-key")
            | ("route53", "delete-hosted-zone")
            | ("organizations", _)
            | ("backup", "delete-backup-vault" | "delete-recovery-point")
            | ("redshift", "delete-cluster")
            | (
                "elasticache",
                "delete-cache-cluster" | "delete-replication-group"
            )
            | ("efs", "delete-file-system")
            | ("glacier", "delete-vault")
            | ("secretsmanager", "delete-secret")
            | ("cloudtrail", "delete-trail" | "stop-logging")
            | ("guardduty", "delete-detector")
            | ("ecr", "delete-repository")
            | ("lambda", "delete-function")
    ) || (service == "iam" && op.starts_with("delete"))
        || (service == "route53" && op == "change-resource-record-sets")
        || (service == "s3api" && op == "delete-objects")
}

/// An operation that only reads (`list-accounts`, `describe-organization`,
/// `get-bucket-policy`): a service whose every change is critical (Organizations) still
/// changes nothing by listing or describing. A secret's value read this way
/// (`get-secret-value`) is the secrets reader's, not a deletion.
fn reads_only(op: &str) -> bool {
    ["list-", "describe-", "get-"]
        .iter()
        .any(|p| op.starts_with(p))
}

fn what_aws(service: &str) -> &'static str {
    match service {
        "ec2" => "instances or their disks",
        "rds" | "dynamodb" | "redshift" | "elasticache" => "a database and its data",
        "iam" => "identities or their permissions",
        "kms" => "an encryption key (and everything only it decrypts)",
        "cloudformation" => "a stack and every resource in it",
        "eks" | "ecs" => "a cluster",
        "route53" => "DNS records or zones",
        "s3api" => "a bucket",
        "cloudtrail" | "guardduty" => "the audit trail",
        _ => "cloud resources",
    }
}

/// `azcopy remove URL --recursive` deletes every blob under the URL; without `--recursive`, one
/// blob. `azcopy sync --delete-destination=true` deletes what the source lacks.
fn azcopy(cmd: &Cmd<'_>, ops: &[&str], out: &mut Vec<Finding>) {
    let verb = ops.first().copied().unwrap_or("");
    let target = ops.get(1).copied().unwrap_or("");
    let recursive = cmd.has(&["--recursive", "--recursive=true"]);
    let prod = cmd.words().any(production);
    match verb {
        "remove" | "rm" => out.push(finding(
            CL,
            "cloud.blob-remove",
            if recursive || prod {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "azcopy remove {target}{}",
                if recursive {
                    " --recursive deletes every blob under it"
                } else {
                    " deletes a blob"
                }
            ),
        )),
        "sync"
            if cmd
                .words()
                .any(|w| w.starts_with("--delete-destination") && !w.ends_with("=false")) =>
        {
            out.push(finding(
                CL,
                "cloud.sync-delete",
                Severity::Confirm,
                "azcopy sync --delete-destination deletes blobs the source lacks".to_owned(),
            ))
        }
        _ => {}
    }
}

/// Cloud and platform CLIs without a recognizer of their own (`oci`, `hcloud`, `linode-cli`,
/// `s3cmd`, `rclone`, `firebase`, `wrangler`...). Their subcommands share a vocabulary: a
/// word (or the part of a word around `-` or `:`, as in `stop-instance`, `sites:delete`) that
/// deletes, destroys or stops. What it acts on grades it: stores of data, keys, projects and
/// whole accounts, anything recursive or `--all`, or production, are catastrophic; the rest is
/// bounded. Reads (`list`, `describe`, `get`) have no such word.
fn other_cli(cmd: &Cmd<'_>, ops: &[&str], out: &mut Vec<Finding>) {
    let p = cmd.program;
    // The subcommand words: up to the first that names a resource (a path, URL, address,
    // number) or a read verb, which settles what the command does (`describe stop-gap-1`).
    let reads = |w: &str| {
        matches!(
            w,
            "ls" | "list" | "get" | "describe" | "show" | "info" | "cat" | "status" | "view"
        )
    };
    let words: Vec<String> = ops
        .iter()
        .take(4)
        .take_while(|w| {
            !w.bytes().any(|b| matches!(b, b'/' | b'.' | b'@' | b'='))
                && (w.len() <= 3 || !w.bytes().any(|b| b.is_ascii_digit()))
        })
        .map(|w| w.to_ascii_lowercase())
        .take_while(|w| !w.split([':', '-']).any(reads))
        .collect();
    let parts = || words.iter().flat_map(|w| w.split([':', '-']));
    let destroys = |w: &str| {
        matches!(
            w,
            "delete"
                | "del"
                | "destroy"
                | "remove"
                | "rm"
                | "rb"
                | "terminate"
                | "purge"
                | "wipe"
                | "deprovision"
        )
    };
    // `supabase stop` stops the local development stack.
    let local_stack = p == "supabase";
    let Some(verb) = parts().find(|w| destroys(w) || *w == "stop" && !local_stack) else {
        return;
    };
    let every = cmd.flag(b"r", &["recursive", "all", "all-collections", "purge"])
        || cmd.has(&["--force"]) && verb == "rb"
        || verb == "purge";
    let critical = parts().any(|w| {
        matches!(
            w,
            "project"
                | "projects"
                | "bucket"
                | "buckets"
                | "rb"
                | "database"
                | "databases"
                | "db"
                | "d1"
                | "r2"
                | "cluster"
                | "clusters"
                | "key"
                | "keys"
                | "vault"
                | "vaults"
                | "volume"
                | "volumes"
                | "backup"
                | "backups"
                | "account"
                | "organization"
                | "compartment"
                | "firestore"
                | "kv"
        )
    });
    let prod = cmd.words().any(production);
    let dns = parts().any(dns_word) || words.iter().any(|w| dns_word(w));
    let critical = critical || dns;
    let stop = verb == "stop";
    let severity = if !stop && (every || critical) || prod {
        Severity::Verify
    } else {
        Severity::Confirm
    };
    out.push(finding(
        CL,
        if stop { "cloud.stop" } else { "cloud.delete" },
        severity,
        format!(
            "{p} {} {}{}",
            ops.iter().take(3).copied().collect::<Vec<_>>().join(" "),
            if stop {
                "stops cloud resources"
            } else {
                "deletes cloud resources"
            },
            if stop {
                ""
            } else if dns {
                DNS_LOST
            } else if severity == Severity::Verify {
                ": data or access that does not come back"
            } else {
                ""
            }
        ),
    ));
}

/// Scale-to-zero in each cloud's words, like `kubectl scale --replicas=0`: the capacity option
/// of a service, group or node pool set to 0 (ECS `update-service --desired-count`, EC2 Auto
/// Scaling `--desired-capacity` / `--max-size`, EKS `--scaling-config desiredSize=`, GCE
/// `instance-groups managed resize --size`, GKE `clusters resize --num-nodes`, `az vmss scale
/// --new-capacity`, `az aks [nodepool] scale --node-count`, `doctl ... node-pool update
/// --count`, `heroku ps:scale web=0`, `fly scale count 0`). Names what was set.
fn scale_to_zero(cmd: &Cmd<'_>) -> Option<&'static str> {
    const OPTIONS: &[(&str, &str)] = &[
        ("--desired-count", "the desired task count"),
        ("--desired-capacity", "the desired capacity"),
        ("--max-size", "the group's maximum size"),
        ("--max-capacity", "the maximum capacity"),
        ("--size", "the group's size"),
        ("--num-nodes", "the node count"),
        ("--new-capacity", "the scale set's capacity"),
        ("--node-count", "the node count"),
        ("--count", "the node count"),
    ];
    let p = cmd.program;
    let changes = cmd.words().any(|w| {
        w.starts_with("update")
            || w.starts_with("set-")
            || matches!(w, "resize" | "scale" | "ps:scale")
    });
    if !changes {
        return None;
    }
    for (name, what) in OPTIONS {
        if cmd.value(&[name]).is_some_and(|v| v.trim() == "0") {
            return Some(what);
        }
    }
    if cmd.value(&["--scaling-config"]).is_some_and(|v| {
        v.split(',')
            .any(|kv| matches!(kv.trim(), "desiredSize=0" | "maxSize=0"))
    }) {
        return Some("the node group's size");
    }
    let ops: Vec<&str> = cmd.operands(&["-a", "--app", "-r", "--remote"]).collect();
    match (p, ops.as_slice()) {
        ("heroku", ["ps:scale", dynos @ ..]) if dynos.iter().any(|d| d.ends_with("=0")) => {
            Some("the dyno count")
        }
        ("fly" | "flyctl", ["scale", "count", n, ..]) if *n == "0" => Some("the machine count"),
        _ => None,
    }
}
