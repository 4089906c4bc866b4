//! A scorer written in Python and built with componentize-py: another toolchain's component,
//! importing WASI, loads through the capability-less WASI, scores correctly, and reads no files.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

use airlock_wasm::{
    Action, Isolation, LoadedComponent, ScorerSettings, ScorerStage, StageError, World,
};

use crate::common::{host, relaxed, workspace_root};

/// componentize-py on PATH, else in `<workspace>/.venv/bin/`.
fn componentize_py() -> PathBuf {
    let on_path = Command::new("componentize-py")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if on_path {
        return PathBuf::from("componentize-py");
    }
    let venv = workspace_root().join(".venv/bin/componentize-py");
    if venv.is_file() {
        return venv;
    }
    panic!(
        "componentize-py is needed to build the Python scorer: install componentize-py (pip install componentize-py), on PATH or in {}",
        workspace_root().join(".venv").display()
    );
}

/// The Python scorer, built once per test process.
///
/// componentize-py's output differs from build to build, so the component is kept in cargo's
/// scratch directory under a key of its inputs (app.py, the WIT, the tool's version): reruns
/// then load it from the host's precompile cache instead of compiling 18 MB again.
fn python_scorer() -> &'static (Vec<u8>, LoadedComponent) {
    static BUILT: OnceLock<(Vec<u8>, LoadedComponent)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let tool = componentize_py();
        let app_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/python-scorer");
        let wasm = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("python-scorer-{}.wasm", input_key(&tool, &app_dir)));
        if !wasm.is_file() {
            build(&tool, &app_dir, &wasm);
        }
        let bytes = std::fs::read(&wasm).expect("py.wasm");
        let loaded = host()
            .load(&bytes, "py.wasm")
            .expect("the Python scorer loads");
        (bytes, loaded)
    })
}

/// A digest of what the Python scorer is built from.
fn input_key(tool: &Path, app_dir: &Path) -> String {
    let version = Command::new(tool)
        .arg("--version")
        .output()
        .expect("componentize-py --version")
        .stdout;
    let mut inputs = version;
    inputs.extend(std::fs::read(app_dir.join("app.py")).expect("app.py"));
    inputs.extend(std::fs::read(workspace_root().join("wit/policy.wit")).expect("policy.wit"));
    data_encoding::HEXLOWER.encode(&Sha256::digest(&inputs)[..8])
}

/// Builds app.py into `wasm` (through a temporary file, so a failed build leaves nothing).
fn build(tool: &Path, app_dir: &Path, wasm: &Path) {
    let out = tempfile::tempdir().expect("tempdir");
    let tmp = out.path().join("py.wasm");
    let output = Command::new(tool)
        .arg("-d")
        .arg(workspace_root().join("wit"))
        .args(["-w", "risk-scorer", "componentize", "-p"])
        .arg(app_dir)
        .arg("app")
        .arg("-o")
        .arg(&tmp)
        .current_dir(out.path())
        .output()
        .expect("run componentize-py");
    assert!(
        output.status.success(),
        "componentize-py failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let partial = wasm.with_extension("partial");
    std::fs::copy(&tmp, &partial).expect("keep py.wasm");
    std::fs::rename(&partial, wasm).expect("keep py.wasm");
}

/// The default limits (CPython fits in 32 MiB) with a relaxed deadline (see `relaxed`): a
/// debug build of wasmtime takes a fraction of a millisecond per Python call.
fn settings() -> ScorerSettings {
    ScorerSettings::default().with_limits(relaxed())
}

#[test]
fn a_python_scorer_loads_through_wasi_and_scores() {
    let (bytes, loaded) = python_scorer();
    let info = airlock_wasm::inspect(bytes).expect("inspect");
    assert_eq!(info.world, World::Scorer);
    assert!(
        info.imports_wasi(),
        "componentize-py output imports WASI: {info:?}"
    );
    assert!(loaded.uses_wasi());

    for isolation in [Isolation::REUSE, Isolation::Fresh] {
        let stage = ScorerStage::new(host(), loaded, settings().with_isolation(isolation))
            .expect("python scorer stage");
        let risky = stage.score(&Action::from_hint("please RM -RF the build dir"));
        assert_eq!(risky.failure, None, "{isolation:?}: {risky:?}");
        assert_eq!(risky.value, 90, "{isolation:?}: {risky:?}");
        let harmless = stage.score(&Action::from_hint("list files"));
        assert_eq!(harmless.value, 10, "{isolation:?}: {harmless:?}");
    }
}

#[test]
fn a_python_scorer_reads_no_files() {
    let (_, loaded) = python_scorer();
    let stage = ScorerStage::new(host(), loaded, settings()).expect("python scorer stage");
    let scored = stage.score(&Action::from_hint("ls"));
    let files = scored
        .factors
        .iter()
        .find(|f| f.code == "python.files")
        .expect("the files factor");
    assert!(
        files.message.starts_with("open /etc/passwd failed"),
        "the guest must not read host files: {}",
        files.message
    );
}

#[test]
fn a_python_scorers_config_error_is_its_own() {
    let (_, loaded) = python_scorer();
    let err = ScorerStage::new(host(), loaded, settings().with_config("[1, 2]"))
        .expect_err("a list is not a config");
    let StageError::Configure { message, .. } = &err else {
        panic!("expected a configure error, got {err:?}");
    };
    assert!(message.contains("must be a JSON object"), "{message}");
}

#[test]
fn a_sleeping_python_scorer_is_stopped_at_its_deadline() {
    let (_, loaded) = python_scorer();
    let mut settings = settings();
    settings.limits.deadline = std::time::Duration::from_millis(100);
    let stage = ScorerStage::new(host(), loaded, settings).expect("python scorer stage");
    let started = std::time::Instant::now();
    let scored = stage.score(&Action::from_hint("sleep"));
    let elapsed = started.elapsed();
    let failure = scored.failure.as_ref().expect("the sleep fails closed");
    assert_eq!(
        failure.kind,
        airlock_wasm::FailureKind::Timeout,
        "{failure}"
    );
    assert_eq!(scored.value, 100);
    // A 100 ms deadline: the sleep is cut at the deadline, the epoch check stops the guest.
    assert!(
        elapsed < std::time::Duration::from_millis(1000),
        "a one-hour sleep held the caller for {elapsed:?}"
    );
    // And the stage still works.
    assert_eq!(stage.score(&Action::from_hint("ls")).value, 10);
}
