//! Where airlock keeps its state: `--state-dir`, else `$AIRLOCK_STATE_DIR`, else
//! `$XDG_STATE_HOME/airlock` (when set to an absolute path), else `~/.local/state/airlock`.
//! Created private (0700).
//!
//! Inside: `state.redb` (blocks, approvals, audit...), `operator/` (the default file channel
//! for codes and approval requests), `agent.sock` and `operator.sock` (the owning process's
//! sockets, 0600; elsewhere with `AIRLOCK_SOCKET_DIR`).

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

/// Where the owner's sockets are: `$AIRLOCK_SOCKET_DIR`, else the state directory. A service
/// user of its own keeps the state directory 0700 and its sockets in a directory others can
/// reach (`/run/airlock`, docs/deployment.md); every airlock process, the service's and its
/// clients', must then be given the same `AIRLOCK_SOCKET_DIR`.
pub fn socket_dir(state: &Path) -> PathBuf {
    std::env::var_os("AIRLOCK_SOCKET_DIR")
        .filter(|d| !d.is_empty())
        .map_or_else(|| state.to_path_buf(), PathBuf::from)
}

/// The socket sibling `airlock serve` processes send agent operations to.
pub fn agent_socket(dir: &Path) -> PathBuf {
    socket_dir(dir).join("agent.sock")
}

/// The socket of the operator commands.
pub fn operator_socket(dir: &Path) -> PathBuf {
    socket_dir(dir).join("operator.sock")
}
