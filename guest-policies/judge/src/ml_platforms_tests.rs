//! ML and data-platform command lines (recognize/ml_platforms.rs): data versioning, experiment
//! tracking, the model hub, Ray and HDFS, graded by what their verbs delete. Targets and
//! spellings that occur in no labeled set.

use crate::Severity::{Confirm, Stop, Verify};
use crate::severity_tables::{ALLOW, expect_alone, expect_at_least};

#[test]
fn platform_deletes_are_graded_by_what_is_lost() {
    expect_at_least(&[
        // Gone from the shared place, for good.
        ("dvc gc --cloud --all-branches --force", Verify),
        ("dvc gc -wc -r team-store", Verify),
        ("mlflow gc --older-than 30d", Verify),
        ("ray down -y gpu-pool.yaml", Verify),
        ("hadoop fs -rm -r -skipTrash /lake/curated/orders", Verify),
        ("hdfs namenode -format -force", Stop),
        ("dagster run wipe", Verify),
        (
            "huggingface-cli repo settings fin-ml/claims-notes --no-private",
            Verify,
        ),
        // Bounded or recoverable: asked.
        ("dvc gc --workspace --force", Confirm),
        ("dvc remove features.dvc --outs", Confirm),
        ("mlflow experiments delete --experiment-id 42", Confirm),
        ("wandb sweep --cancel fin-ml/claims/x9k2", Confirm),
        ("ray stop --force", Confirm),
        ("hdfs dfs -rm -R /tmp/claims-scratch", Confirm),
        ("hdfs dfs -expunge", Confirm),
    ]);
}

#[test]
fn platform_reads_and_training_go_ahead() {
    expect_alone(&[
        ("dvc pull -r team-store", ALLOW),
        ("dvc gc --help", ALLOW),
        ("mlflow ui --host 127.0.0.1", ALLOW),
        ("mlflow experiments search", ALLOW),
        ("wandb sweep --pause fin-ml/claims/x9k2", ALLOW),
        ("hf download fin-ml/claims-notes --local-dir ./m", ALLOW),
        (
            "huggingface-cli repo settings fin-ml/claims-notes --private",
            ALLOW,
        ),
        ("ray stop", ALLOW),
        ("ray job logs raysubmit_77", ALLOW),
        ("hdfs dfs -du -h /lake", ALLOW),
        ("hdfs dfs -rm /tmp/claims-scratch/_SUCCESS", ALLOW),
        ("dagster asset materialize --select claims", ALLOW),
    ]);
}
