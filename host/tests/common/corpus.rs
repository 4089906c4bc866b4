//! What the corpus tests share (`corpus_targets.rs`, `judgement.rs`): where the labeled corpus
//! is, the real binary run with a cache of the test's own, and `airlock init`'s starter policy.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The labeled corpus (`guest-policies/eval`).
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../guest-policies/eval")
}

/// The real `airlock` with `args`, on the embedded default unless `--policy` is given.
pub fn airlock(args: &[&str], cache: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(args)
        .env_remove("AIRLOCK_SAFETY_MODE")
        .env_remove("AIRLOCK_POLICY")
        .env("AIRLOCK_CACHE_DIR", cache)
        .output()
        .expect("airlock runs")
}

/// `airlock init` into `dir/starter`.
pub fn starter_policy(dir: &Path) -> PathBuf {
    let policy = dir.join("starter");
    let out = airlock(
        &["init", policy.to_str().expect("utf-8")],
        &dir.join("cache"),
    );
    assert!(out.status.success(), "airlock init: {out:?}");
    policy
}
