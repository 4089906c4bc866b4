//! Where airlock keeps its state: `--state-dir`, else `$AIRLOCK_STATE_DIR`, else
//! `$XDG_STATE_HOME/airlock` (when set to an absolute path), else `~/.local/state/airlock`.
//! Created private (0700).
//!
//! Inside: `state.redb` (blocks, approvals, audit...), `operator/` (the default file channel
//! for codes and approval requests), `agent.sock` and `operator.sock` (the owning process's
//! sockets, 0600).

use std::path::{Path, PathBuf};

/// The state directory to use.
pub fn resolve(flag: Option<&Path>) -> Result<PathBuf, String> {
    let dir = flag
        .map(Path::to_path_buf)
        .or_else(|| {
            std::env::var_os("AIRLOCK_STATE_DIR")
                .filter(|d| !d.is_empty())
                .map(PathBuf::from)
        })
        .or_else(|| crate::xdg::absolute_dir("XDG_STATE_HOME").map(|d| d.join("airlock")))
        .or_else(|| crate::xdg::absolute_dir("HOME").map(|h| h.join(".local/state/airlock")))
        .ok_or("no state directory: pass --state-dir or set AIRLOCK_STATE_DIR")?;
    if !dir.exists() {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder
            .create(&dir)
            .map_err(|e| format!("cannot create the state directory '{}': {e}", dir.display()))?;
    }
    Ok(dir)
}

/// The state file.
pub fn store_path(dir: &Path) -> PathBuf {
    dir.join("state.redb")
}

/// The socket sibling `airlock serve` processes send agent operations to.
pub fn agent_socket(dir: &Path) -> PathBuf {
    dir.join("agent.sock")
}

/// The socket of the operator commands.
pub fn operator_socket(dir: &Path) -> PathBuf {
    dir.join("operator.sock")
}

/// Who runs the operator command (for the audit log).
pub fn operator_user() -> String {
    std::env::var("USER")
        .or_else(|_| std::env::var("LOGNAME"))
        .unwrap_or_else(|_| "operator".to_owned())
}
