//! `airlock-precompile [--check] DIR`: the native code of the committed default guests.
//!
//! For each default guest `DIR/<name>.wasm` (DIR is `host/guests`), compiles it with
//! [`airlock_wasm::precompile_builtin`] into `DIR/<name>.x86_64-linux.cwasm` and lists both
//! digests in `DIR/PRECOMPILED`, which `host/build.rs` reads to decide what to embed. With
//! `--check` it writes nothing and fails unless the committed artifacts and list are exactly
//! what this compile gives: CI's proof that the native code in the binary is the committed
//! component's, not something else. Run by `scripts/build-guests.sh`; built in the dev profile
//! (its dependencies are optimized), so CI reuses the tests' build of wasmtime.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use data_encoding::HEXLOWER;
use sha2::{Digest, Sha256};

/// The default guests, as `host/build.rs` names them.
const DEFAULTS: [&str; 2] = ["default-patterns", "default-scorer"];
/// The file name suffix of an artifact for `airlock_wasm::PRECOMPILED_TARGET`.
const SUFFIX: &str = "x86_64-linux.cwasm";
/// The list `host/build.rs` reads.
const LIST: &str = "PRECOMPILED";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (check, dir) = match args.as_slice() {
        [flag, dir] if flag == "--check" => (true, PathBuf::from(dir)),
        [dir] if !dir.starts_with('-') => (false, PathBuf::from(dir)),
        _ => {
            eprintln!("usage: airlock-precompile [--check] DIR   (DIR: host/guests)");
            return ExitCode::from(2);
        }
    };
    match run(&dir, check) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("precompile: {e}");
            ExitCode::FAILURE
        }
    }
}

fn sha256_hex(bytes: &[u8]) -> String {
    HEXLOWER.encode(&Sha256::digest(bytes))
}

fn run(dir: &Path, check: bool) -> Result<(), String> {
    let mut list = format!(
        "# Native code of the default guests for {} (baseline CPU), written by tools/precompile\n\
         # (scripts/build-guests.sh). host/build.rs embeds an artifact only when its source digest is\n\
         # the committed component's and its own digest checks out.\n\
         # artifact source-sha256 artifact-sha256\n",
        airlock_wasm::PRECOMPILED_TARGET
    );
    let mut stale = Vec::new();
    for name in DEFAULTS {
        let wasm_path = dir.join(format!("{name}.wasm"));
        let wasm = std::fs::read(&wasm_path)
            .map_err(|e| format!("cannot read {}: {e}", wasm_path.display()))?;
        let artifact = airlock_wasm::precompile_builtin(&wasm).map_err(|e| {
            format!(
                "cannot compile {} for {}: {e}",
                wasm_path.display(),
                airlock_wasm::PRECOMPILED_TARGET
            )
        })?;
        let file = format!("{name}.{SUFFIX}");
        list.push_str(&format!(
            "{file} {} {}\n",
            sha256_hex(&wasm),
            sha256_hex(&artifact)
        ));
        let path = dir.join(&file);
        if check {
            if std::fs::read(&path).ok().as_deref() != Some(artifact.as_slice()) {
                stale.push(file);
            }
        } else {
            write(&path, &artifact)?;
            println!("precompile: {file} ({} bytes)", artifact.len());
        }
    }
    let list_path = dir.join(LIST);
    if check {
        if std::fs::read_to_string(&list_path).ok().as_deref() != Some(list.as_str()) {
            stale.push(LIST.to_owned());
        }
        if !stale.is_empty() {
            return Err(format!(
                "{} in {} differ from the precompiled default guests built now: run `just guests` and commit {}",
                stale.join(", "),
                dir.display(),
                dir.display()
            ));
        }
        println!(
            "precompile: the committed native code of the default guests is what they compile to"
        );
        return Ok(());
    }
    write(&list_path, list.as_bytes())
}

/// Writes through a temporary file and a rename, so an interrupted run leaves the old file.
fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
