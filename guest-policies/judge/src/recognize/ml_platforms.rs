//! ML and data-platform command lines by their own verbs: data versioning (DVC), experiment
//! tracking (MLflow, Weights & Biases), the Hugging Face Hub's CLI, Ray clusters, Dagster's
//! instance, and HDFS's file system shell.
//!
//! These tools hold a team's data sets, models and experiment history, and most of their
//! subcommands read or train. The few that delete do it far from the working tree: `dvc gc
//! --cloud` deletes data versions from the shared remote, `mlflow gc` deletes runs and their
//! artifacts for good, `ray down` tears a cluster down, `hdfs dfs -rm -r -skipTrash` bypasses
//! the trash. Each program is a table of rows written from its reference and read by
//! [`super::storage_ops`]'s row reader (deletes are verified, disruptions confirmed, a
//! production name on the line raises a disruption); HDFS's shell, whose subcommands are
//! options (`-rm`, `-expunge`), is read by [`hdfs`].
//!
//! Nothing here lowers: a row names an operation or stays silent, and reads (`dvc pull`,
//! `mlflow ui`, `hf download`, `wandb sync`, `ray status`, `hdfs dfs -ls`) match no row.

use super::Cmd;
use super::storage_ops::{Deletes, Disrupts, Op, judge_ops, op};
use crate::finding::{Family, Finding, Severity};

/// DVC: `gc` keeps only what the named revisions use; with `--cloud` it deletes the rest from
/// the remote as well, where no one else can get it back.
const DVC: &[Op] = &[
    op(
        &["gc"],
        Deletes,
        "deletes every data version the kept revisions do not use from the shared remote storage",
    )
    .with(&["-c", "--cloud"]),
    op(
        &["gc"],
        Disrupts,
        "deletes the cached data versions the kept revisions do not use",
    ),
    op(
        &["destroy"],
        Disrupts,
        "removes DVC from the project with its cache and every .dvc file",
    ),
    op(
        &["remove"],
        Disrupts,
        "removes a stage and deletes its outputs",
    )
    .with(&["--outs"]),
    op(
        &["exp", "remove|rm"],
        Disrupts,
        "deletes experiments, on the Git remote too",
    )
    .with(&["-g", "--git-remote", "-A", "--all-commits"]),
];

/// MLflow: `gc` permanently deletes runs in the deleted stage with their artifacts; deleting
/// an experiment or a run moves it to that stage.
const MLFLOW: &[Op] = &[
    op(
        &["gc"],
        Deletes,
        "permanently deletes deleted runs and experiments with their artifacts",
    ),
    op(
        &["experiments", "delete"],
        Disrupts,
        "deletes an experiment (its runs go with it)",
    ),
    op(&["runs", "delete"], Disrupts, "deletes a run"),
    op(
        &["db", "upgrade"],
        Disrupts,
        "migrates the tracking database's schema in place",
    ),
];

/// Weights & Biases: cancelling a sweep kills every run it has going.
const WANDB: &[Op] = &[op(
    &["sweep"],
    Disrupts,
    "cancels a sweep: every run it started is killed at once",
)
.with(&["--cancel"])];

/// The Hugging Face Hub's CLI: a repository's visibility opened to everyone publishes its
/// models or data sets.
const HF_HUB: &[Op] = &[op(
    &["repo", "settings|update"],
    Deletes,
    "makes a Hub repository public: its files are readable by anyone",
)
.with(&[
    "--private=false",
    "--no-private",
    "--visibility=public",
    "--public",
])];

/// Ray's cluster launcher and job submission.
const RAY: &[Op] = &[
    op(
        &["down"],
        Deletes,
        "tears the cluster down: its nodes and what they hold are gone",
    ),
    op(
        &["stop"],
        Disrupts,
        "kills every Ray process on the node at once",
    )
    .with(&["-f", "--force"]),
    op(&["job", "stop|delete"], Disrupts, "stops a running job"),
];

/// Dagster: wiping an asset or a run deletes its materialization history.
const DAGSTER: &[Op] = &[op(
    &["asset|run", "wipe"],
    Deletes,
    "deletes the materialization and run history it selects",
)];

/// The program's table and the family of its findings.
fn table(program: &str) -> Option<(&'static [Op], Family)> {
    Some(match program {
        "dvc" => (DVC, Family::Cloud),
        "mlflow" => (MLFLOW, Family::Database),
        "wandb" => (WANDB, Family::Cloud),
        "hf" | "huggingface-cli" => (HF_HUB, Family::Business),
        "ray" => (RAY, Family::System),
        "dagster" => (DAGSTER, Family::Database),
        _ => return None,
    })
}

/// Reads a command of a program with a table here, or HDFS's shell.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if matches!(cmd.program, "hdfs" | "hadoop") {
        hdfs(cmd, out);
        return;
    }
    if let Some((ops, family)) = table(cmd.program) {
        judge_ops(cmd, cmd.program, ops, family, out);
    }
}

/// HDFS's file system shell (`hdfs dfs`, `hadoop fs`): its commands are options. A recursive
/// `-rm` that skips the trash deletes for good (verified); through the trash it can be got
/// back for a while (confirmed); `-expunge` empties the trash (confirmed); `namenode -format`
/// erases the file system's metadata (stopped). One file removed goes ahead.
fn hdfs(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let has = |w: &str| cmd.words().any(|a| a == w);
    let (severity, what) = if has("namenode") && has("-format") {
        (
            Severity::Stop,
            "formats the NameNode: every file of the file system is lost",
        )
    } else if has("-rmr") || has("-rm") && (has("-r") || has("-R")) {
        if has("-skipTrash") {
            (
                Severity::Verify,
                "deletes a directory tree for good (-skipTrash bypasses the trash)",
            )
        } else {
            (Severity::Confirm, "moves a directory tree to the trash")
        }
    } else if has("-expunge") {
        (Severity::Confirm, "empties the trash: what it held is gone")
    } else {
        return;
    };
    out.push(super::finding(
        Family::Filesystem,
        "filesystem.hdfs-delete",
        severity,
        format!("{}: {what}", cmd.program),
    ));
}
