//! The conventions operators expect of a command-line service: usage on standard error when no
//! command is given, XDG variables read as the specification says.

use std::path::Path;
use std::process::Command;

fn airlock() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_airlock"));
    c.env(
        "AIRLOCK_CACHE_DIR",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-cache"),
    )
    .env_remove("AIRLOCK_POLICY")
    .env_remove("AIRLOCK_LOG")
    .env_remove("AIRLOCK_LOG_FORMAT")
    .env_remove("AIRLOCK_STATE_DIR");
    c
}

#[test]
fn no_command_prints_the_usage_on_stderr_and_exits_2() {
    let out = airlock().output().expect("airlock");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "nothing on stdout");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Usage: airlock"), "{err}");
}

#[test]
fn an_empty_xdg_state_home_is_unset_not_the_current_directory() {
    let cwd = tempfile::tempdir().expect("tempdir");
    let home = tempfile::tempdir().expect("tempdir");
    let out = airlock()
        .args(["blocks"])
        .current_dir(cwd.path())
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", "")
        .output()
        .expect("airlock blocks");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !cwd.path().join("airlock").exists(),
        "state must not land in ./airlock"
    );
    assert!(home.path().join(".local/state/airlock/state.redb").exists());

    // A relative value is invalid per the specification, and ignored the same way.
    let out = airlock()
        .args(["blocks"])
        .current_dir(cwd.path())
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", "relative")
        .output()
        .expect("airlock blocks");
    assert!(out.status.success());
    assert!(!cwd.path().join("relative").exists());
}
