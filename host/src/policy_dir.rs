//! Loading a policy from disk: a directory with `policy.json`, or the file itself.
//!
//! The core parses and compiles; this module only reads bytes and says which file a
//! problem is in.

use std::path::{Path, PathBuf};

use airlock_core::{GatePolicy, PolicyConfig, policy::MAX_POLICY_BYTES};

/// The policy file's name inside a policy directory.
pub const POLICY_FILE: &str = "policy.json";

/// Loads and compiles the policy at `path`, or the embedded defaults when there is none.
pub fn load(path: Option<&Path>) -> Result<GatePolicy, String> {
    let Some(path) = path else {
        return PolicyConfig::default()
            .compile()
            .map_err(|e| format!("embedded default policy: {e}"));
    };
    let file: PathBuf = if path.is_dir() {
        path.join(POLICY_FILE)
    } else {
        path.to_path_buf()
    };
    let meta = std::fs::metadata(&file).map_err(|e| {
        if path.is_dir() {
            format!(
                "policy directory '{}' has no {POLICY_FILE} ({e}): create one; '{{}}' is the specification's defaults",
                path.display()
            )
        } else {
            format!("cannot read policy '{}': {e}", file.display())
        }
    })?;
    if meta.len() > MAX_POLICY_BYTES as u64 {
        return Err(format!(
            "{}: {} bytes is over the {MAX_POLICY_BYTES}-byte limit of a policy file",
            file.display(),
            meta.len()
        ));
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read policy '{}': {e}", file.display()))?;
    let config = PolicyConfig::from_json(&text).map_err(|e| match e.line {
        Some(line) => format!("{} (line {line}): {e}", file.display()),
        None => format!("{}: {e}", file.display()),
    })?;
    config
        .compile()
        .map_err(|e| format!("{}: {e}", file.display()))
}
