//! Command paths that the generic reader would guess at, but that their CLI's grammar makes a
//! read: checked before the generic reader runs on a claimed program whose own recognizer
//! found nothing (cheap: a match on the program name first).
//!
//! - A Heroku topic named alone (`heroku releases -a app`, `heroku domains`): Heroku's CLI
//!   runs the topic's list command when no `:command` follows, so the plural noun names what
//!   is listed ("releases" is not "release").
//! - A read verb ending a two-word path whose first word is a release or run verb used as a
//!   noun (`serverless deploy list`, `sls deploy list functions`, `fly releases list`): the
//!   path lists deployments. Never after a destroy verb (`delete list` may delete a list).
//! - An option-driven CLI asked for a read by an option (`firewall-cmd --permanent
//!   --list-all`, `--get-zones`, `--query-port`, `--state`) whose other options only qualify
//!   it: `--permanent` there says which configuration is read, it deletes nothing. Any option
//!   naming an act (`--remove-port`, `--delete-zone`, `--reload`) keeps the generic reading.
//! - Vault's configuration paths read or listed (`vault read sys/health`, `vault read
//!   sys/mounts`, `vault list sys/policies/acl`): the server's state, not a secret; and
//!   anything `vault list` prints (names under a path, no values).

use super::Cmd;
use super::generic::{self, Role};
use crate::prose::lexicon::Verb;

/// Read words that can end a command path.
const FINAL_READS: &[&str] = &[
    "list", "ls", "status", "info", "history", "show", "describe",
];

/// Whether `cmd`'s command path is a read its CLI's grammar makes plain.
pub fn settled(cmd: &Cmd<'_>) -> bool {
    match cmd.program {
        "heroku" => heroku_topic(cmd),
        "vault" => vault_state(cmd),
        "kubectl" | "oc" => local_port_forward(cmd),
        "az" | "gcloud" if listed_names(cmd) || protection_added(cmd) => true,
        _ => release_noun_listed(cmd) || option_read(cmd),
    }
}

/// Options that ask a CLI to show something.
fn read_option(w: &str) -> bool {
    ["--list", "--get-", "--query-", "--info-", "--show"]
        .iter()
        .any(|p| w.starts_with(p))
        || w == "--state"
}

fn option_read(cmd: &Cmd<'_>) -> bool {
    if cmd.operands(&[]).next().is_some() || !cmd.words().any(read_option) {
        return false;
    }
    let mut buf = [0_u8; crate::prose::lexicon::MAX_WORD];
    cmd.words().all(|w| {
        if read_option(w) || !w.starts_with('-') {
            return true;
        }
        let name = w.trim_start_matches('-');
        let name = name.split('=').next().unwrap_or(name);
        let mut acts = false;
        generic::parts(name, |p| {
            acts = generic::lower(p, &mut buf).is_some_and(|l| {
                !matches!(l, "permanent" | "permanently" | "hard" | "clean")
                    && matches!(generic::role(l, None), Role::Act(_))
            });
            !acts
        });
        !acts
    })
}

/// `kubectl port-forward` listens on this machine's loopback unless `--address` says otherwise:
/// a developer's tunnel, not data sent anywhere. Bound to another address, the generic reader
/// reads it.
fn local_port_forward(cmd: &Cmd<'_>) -> bool {
    cmd.operands(&[
        "-n",
        "--namespace",
        "--context",
        "--kubeconfig",
        "--pod-running-timeout",
    ])
    .next()
        == Some("port-forward")
        && cmd.value(&["--address"]).is_none_or(|a| {
            a.split(',')
                .all(|a| matches!(a, "localhost" | "127.0.0.1" | "::1"))
        })
}

/// az's and gcloud's grammar ends the command path with its verb (`az lock list`, `gcloud
/// resource-manager liens list`): `list` and `show` read, whatever the group's noun says
/// (`lock`, `purge`). Paths naming a secret's value (`keys list`, `secret show`) are left to the
/// readers that grade exposure.
fn listed_names(cmd: &Cmd<'_>) -> bool {
    let path = cmd
        .args
        .iter()
        .map(|a| &**a)
        .take_while(|a| !a.starts_with('-'));
    let mut last = "";
    for w in path {
        let l = w.to_ascii_lowercase();
        if [
            "secret",
            "key",
            "credential",
            "password",
            "token",
            "connection-string",
            "sas",
        ]
        .iter()
        .any(|s| l.contains(s))
        {
            return false;
        }
        last = w;
    }
    matches!(last, "list" | "show" | "describe")
}

/// A lock or lien created (`az lock create --lock-type CanNotDelete`, `gcloud resource-manager
/// liens create`): a protection added, which deletes nothing; the generic reader would read
/// the noun `lock` as the verb.
fn protection_added(cmd: &Cmd<'_>) -> bool {
    let mut path = cmd
        .args
        .iter()
        .map(|a| &**a)
        .take_while(|a| !a.starts_with('-'));
    let mut previous = "";
    for w in path.by_ref() {
        if w == "create" {
            return matches!(previous, "lock" | "liens");
        }
        previous = w;
    }
    false
}

fn heroku_topic(cmd: &Cmd<'_>) -> bool {
    let ops: Vec<&str> = cmd
        .operands(&["-a", "--app", "-r", "--remote", "-n", "--num"])
        .collect();
    matches!(ops.as_slice(), [topic] if topic.len() > 3
        && topic.ends_with('s')
        && !topic.ends_with("ss")
        && topic.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'))
}

fn vault_state(cmd: &Cmd<'_>) -> bool {
    let ops: Vec<&str> = cmd
        .operands(&["-address", "-namespace", "-format", "-field", "-mount"])
        .collect();
    match ops.as_slice() {
        ["list", ..] => true,
        ["read", path] => {
            let p = path.trim_matches(['"', '\'']).trim_start_matches('/');
            p.strip_prefix("sys/").is_some_and(|rest| {
                let first = rest.split('/').next().unwrap_or("");
                matches!(
                    first,
                    "health"
                        | "mounts"
                        | "auth"
                        | "policy"
                        | "policies"
                        | "leader"
                        | "seal-status"
                        | "host-info"
                        | "metrics"
                        | "replication"
                        | "license"
                        | "internal"
                        | "audit"
                        | "version-history"
                        | "storage"
                        | "ha-status"
                        | "key-status"
                        | "in-flight-req"
                        | "config"
                ) && !rest.contains("generate-root")
            })
        }
        _ => false,
    }
}

fn release_noun_listed(cmd: &Cmd<'_>) -> bool {
    let mut ops = cmd.operands(&[]);
    let (Some(first), Some(last)) = (ops.next(), ops.next()) else {
        return false;
    };
    // At most two plain words after the read: what is listed and an option's value
    // (`deploy list functions --stage prod`).
    let extra: Vec<&str> = ops.collect();
    if extra.len() > 2 || extra.iter().any(|e| e.contains(['/', '=', ':', '.', '$'])) {
        return false;
    }
    if !FINAL_READS.contains(&last) {
        return false;
    }
    let mut buf = [0_u8; crate::prose::lexicon::MAX_WORD];
    generic::lower(first, &mut buf).is_some_and(|w| {
        matches!(
            generic::role(w, None),
            Role::Act(Verb::Release | Verb::Run | Verb::Restart)
        )
    })
}
