//! Changes to running environments that no family reader grades by place (holdout9 analysis,
//! "Shared environments" and "Graded one step low"), graded by the label rule of
//! guest-policies/eval/README.md: production down is verified, a bounded change on a shared
//! environment that is not production is confirmed, the developer's own goes ahead.
//!
//! - **Scale to zero** by any orchestrator, read from the command's structure: a scale or
//!   update verb and a count set to 0, as an option (`--replicas 0`, `--max-replicas 0`, cf's
//!   `-i 0`, `--desired-count 0`, `--instances 0`), an assignment (`web=0`) or the count
//!   operand after `scale` (`nomad job scale JOB 0`, `fly scale count 0`). The service stops
//!   serving: in production that is production down (verify); anywhere not the developer's own,
//!   confirmed.
//! - **A workflow dispatched with an environment input** (`gh workflow run deploy.yml -f
//!   environment=staging`, `glab ci run --variables DEPLOY_ENV:qa`, `az pipelines run
//!   --parameters env=uat`), or a workflow named for a deploy or teardown: a deploy there.
//! - **A database server restarted or stopped** (`pg_ctl restart`, `pg_ctlcluster 16 main
//!   stop`, `mysqladmin shutdown`): every client's connections drop. A data directory of the
//!   developer's own (relative, under /tmp or the home directory, Homebrew's) goes ahead.
//!
//! Words that lower (a local place) never win over a production word on the same line.

use super::{Cmd, containers, environments, finding};
use crate::finding::{Family, Finding, Severity};

/// Where a command's words say it acts: production over shared over the developer's own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Production,
    Other,
    Own,
}

/// The place the command's words name; anything but a production word is read as a place
/// that is not the developer's own unless a word says local.
fn place(cmd: &Cmd<'_>) -> Place {
    let words = || cmd.words().chain(cmd.assignments.iter().map(|a| &**a));
    if words().any(containers::production) {
        Place::Production
    } else if words().any(environments::shared) {
        Place::Other
    } else if words().any(|w| environments::local(w) || w == "--local") {
        Place::Own
    } else {
        Place::Other
    }
}

/// The count options that stop a service when set to 0.
const COUNTS: &[&str] = &[
    "--replicas",
    "--max-replicas",
    "--desired-count",
    "--desired-capacity",
    "--instances",
    "--num-instances",
    "--instance-count",
    "--max-instances-count",
    "--count",
    "--max-size",
    "--node-count",
    "--num-nodes",
];

/// Whether a value is zero (`0`, `=0`, `'0'`).
fn zero(v: &str) -> bool {
    v.trim_matches(['"', '\''])
        .parse::<f64>()
        .is_ok_and(|n| n == 0.0)
}

/// What a scale to zero sets, or `None`.
fn scale_to_zero(cmd: &Cmd<'_>) -> Option<&'static str> {
    // Nothing is found without a scale or update verb among the first operands (`verb_at`
    // below), and operands are arguments: a command with no such argument is `None` before
    // its operands are collected.
    if !cmd.args.iter().any(|w| scale_verb(w)) {
        return None;
    }
    let ops: Vec<&str> = cmd
        .operands(&[
            "-a",
            "--app",
            "-g",
            "--resource-group",
            "-n",
            "--name",
            "-i",
            "-namespace",
            "-region",
            "-address",
            "--namespace",
            "--region",
            "-r",
            "--remote",
            "--cluster",
            "--service",
            "-m",
            "-k",
        ])
        .collect();
    // A build tool or interpreter's own arguments (`cargo run -- scale 10 0`) are not an
    // orchestrator's.
    if matches!(
        cmd.program,
        "cargo"
            | "go"
            | "npm"
            | "npx"
            | "yarn"
            | "pnpm"
            | "bun"
            | "deno"
            | "make"
            | "just"
            | "python"
            | "python3"
            | "node"
            | "ruby"
            | "java"
            | "dotnet"
    ) {
        return None;
    }
    let verb_at = ops.iter().take(3).position(|w| scale_verb(w))?;
    for name in COUNTS {
        if cmd.value(&[name]).is_some_and(zero) {
            return Some("the instance count");
        }
    }
    // cf scale APP -i 0: cf's instance count.
    if cmd.program == "cf" && cmd.value(&["-i"]).is_some_and(zero) {
        return Some("the instance count");
    }
    let scale = matches!(ops[verb_at], "scale" | "ps:scale");
    if scale {
        let after = &ops[verb_at + 1..];
        if after
            .iter()
            .any(|w| w.split_once('=').is_some_and(|(_, n)| zero(n)))
        {
            return Some("the process count");
        }
        if after.len() >= 2 && after.last().is_some_and(|w| zero(w)) {
            return Some("the count");
        }
    }
    None
}

/// A verb that sets a count (`scale`, `update-service`).
fn scale_verb(w: &str) -> bool {
    matches!(w, "scale" | "ps:scale" | "resize" | "update" | "set") || w.starts_with("update-")
}

/// Input options of CI workflow dispatchers (`gh workflow run -f k=v`, `glab ci run
/// --variables K:V`, `az pipelines run --parameters k=v`).
const INPUTS: &[&str] = &[
    "-f",
    "-F",
    "--field",
    "--raw-field",
    "--variables",
    "--variables-env",
    "--var",
    "--parameters",
    "--input",
];

/// Whether an input's key names an environment.
fn environment_key(k: &str) -> bool {
    k.split(|c: char| !c.is_ascii_alphanumeric())
        .flat_map(|w| {
            // camelCase: `deployEnv`, `targetEnvironment`.
            let mut parts = Vec::new();
            let mut start = 0;
            for (i, c) in w.char_indices() {
                if i > 0 && c.is_ascii_uppercase() {
                    parts.push(&w[start..i]);
                    start = i;
                }
            }
            parts.push(&w[start..]);
            parts
        })
        .any(|w| {
            matches!(
                w.to_ascii_lowercase().as_str(),
                "env" | "environment" | "stage" | "target" | "tier" | "cluster" | "namespace"
            )
        })
}

/// A workflow dispatch that deploys: the environment named by an input, or the workflow's
/// name when it is a deploy or teardown.
fn dispatch(cmd: &Cmd<'_>) -> Option<String> {
    // Only the three dispatchers below can match: any other program is `false` there.
    if !matches!(cmd.program, "gh" | "glab" | "az") {
        return None;
    }
    let ops: Vec<&str> = cmd.operands(INPUTS).collect();
    let dispatches = match cmd.program {
        "gh" => ops.first() == Some(&"workflow") && ops.get(1) == Some(&"run"),
        "glab" => ops.first() == Some(&"ci") && matches!(ops.get(1), Some(&"run" | &"trigger")),
        "az" => ops.first() == Some(&"pipelines") && ops.get(1) == Some(&"run"),
        _ => false,
    };
    if !dispatches {
        return None;
    }
    let words: Vec<&str> = cmd.words().collect();
    for (i, w) in words.iter().enumerate() {
        let value = match w.split_once('=') {
            Some((n, v)) if INPUTS.contains(&n) => Some(v),
            _ if INPUTS.contains(w) => words.get(i + 1).copied(),
            _ => None,
        };
        for input in value.into_iter().flat_map(|v| v.split_whitespace()) {
            let Some((k, v)) = input.split_once(['=', ':']) else {
                continue;
            };
            if environment_key(k)
                && !environments::local(v)
                && super::scope::class(v, super::scope::Given::Place).is_some()
            {
                return Some(format!("the {v} environment"));
            }
        }
    }
    let name = ops.get(2).copied().or(cmd.value(&["--name"]))?;
    let lower = name.to_ascii_lowercase();
    [
        "deploy", "release", "rollout", "promote", "teardown", "destroy", "rollback",
    ]
    .iter()
    .any(|d| lower.contains(d))
    .then(|| format!("wherever {name} deploys"))
}

/// A database server restarted or stopped, with the server's name for the message.
fn server_restart<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    // Only the servers' own tools below can match: any other program is `None` there.
    if !matches!(
        cmd.program,
        "pg_ctl" | "pg_ctlcluster" | "mysqladmin" | "mariadb-admin"
    ) {
        return None;
    }
    let ops: Vec<&str> = cmd
        .operands(&[
            "-D",
            "--pgdata",
            "-m",
            "--mode",
            "-l",
            "--log",
            "-o",
            "--options",
            "-t",
            "--timeout",
            "-u",
            "--user",
            "-p",
            "--password",
            "-h",
            "--host",
            "-P",
            "--port",
            "-S",
            "--socket",
        ])
        .collect();
    let acts = |w: &str| matches!(w, "restart" | "stop" | "kill");
    match cmd.program {
        "pg_ctl" if ops.iter().any(|w| acts(w)) => {
            let dir = cmd.value(&["-D", "--pgdata"]).unwrap_or("$PGDATA");
            // The developer's own server: a relative or temporary data directory, one in the
            // home directory, or Homebrew's.
            let own = !dir.starts_with('/') && !dir.starts_with('$')
                || [
                    "/tmp/",
                    "~/",
                    "$HOME/",
                    "/usr/local/var/",
                    "/opt/homebrew/var/",
                ]
                .iter()
                .any(|d| dir.starts_with(d));
            (!own).then_some("the PostgreSQL server")
        }
        "pg_ctlcluster" if ops.iter().any(|w| acts(w)) => Some("the PostgreSQL cluster"),
        "mysqladmin" | "mariadb-admin" if ops.contains(&"shutdown") => Some("the MySQL server"),
        _ => None,
    }
}

/// The recognizer: scale to zero, deploying workflow dispatches, database server restarts.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    // The place is read from every word of the command against the production, shared and
    // local word lists; only a scale to zero and a server restart are graded by it, and both
    // are rare, so it is read only once one of them is found (`place` reads the command and
    // nothing else: when it is read changes nothing it returns).
    // Both finds are worked out first and the place read at one call site, only when one of
    // them was found: with a call in each branch the optimizer computed the place (pure, and
    // reached on two paths) before either test, for every command (4.6 % of the judge's
    // time on the corpus, in perf). The findings keep their order: the scale to zero, the
    // dispatch, the restart.
    let scale = scale_to_zero(cmd);
    let server = server_restart(cmd);
    let place = if scale.is_some() || server.is_some() {
        place(cmd)
    } else {
        Place::Own
    };
    if let Some(what) = scale {
        let severity = match place {
            Place::Production => Some(Severity::Verify),
            Place::Other => Some(Severity::Confirm),
            Place::Own => None,
        };
        if let Some(severity) = severity {
            out.push(finding(
                Family::Containers,
                "containers.scale-to-zero",
                severity,
                format!(
                    "{} sets {what} to 0: the service stops serving{}",
                    cmd.program,
                    if place == Place::Production {
                        ", in production"
                    } else {
                        ""
                    }
                ),
            ));
        }
    }
    if let Some(env) = dispatch(cmd) {
        out.push(finding(
            Family::Infrastructure,
            "infrastructure.workflow-deploy",
            Severity::Confirm,
            format!(
                "{} dispatches a workflow that deploys to {env}: its users see the change",
                cmd.program
            ),
        ));
    }
    if let Some(server) = server
        && place != Place::Own
    {
        out.push(finding(
            Family::Database,
            "database.server-restart",
            Severity::Confirm,
            format!(
                "{} stops or restarts {server}: every client's connections and transactions are cut",
                cmd.program
            ),
        ));
    }
}
