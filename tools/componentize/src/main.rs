//! `airlock-componentize IN.wasm OUT.wasm`: turns a core wasm module built with wit-bindgen (which
//! embeds its world's component type in a `component-type:*` custom section) into a WebAssembly
//! component that airlock can load, and validates the result.
//!
//! This is what `wasm-tools component new IN.wasm -o OUT.wasm` does, kept in the workspace so
//! `scripts/build-guests.sh` needs nothing but cargo. Guests built for `wasm32-unknown-unknown`
//! need no WASI adapter; a module that imports WASI preview 1 is refused with a message saying
//! so.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use wit_component::ComponentEncoder;

const USAGE: &str = "usage: airlock-componentize IN.wasm OUT.wasm

Turns IN.wasm, a core wasm module built with wit-bindgen (for example by
`cargo build --target wasm32-unknown-unknown`), into the component OUT.wasm.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let [input, output] = args.as_slice() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    match run(Path::new(input), &PathBuf::from(output)) {
        Ok(size) => {
            println!("{output}: component of {size} bytes");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("airlock-componentize: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Componentizes `input` into `output`; returns the component's size.
fn run(input: &Path, output: &Path) -> Result<usize> {
    let bytes = std::fs::read(input).with_context(|| format!("cannot read {}", input.display()))?;
    let component = componentize(&bytes)
        .with_context(|| format!("{} could not be turned into a component", input.display()))?;
    std::fs::write(output, &component)
        .with_context(|| format!("cannot write {}", output.display()))?;
    Ok(component.len())
}

/// The component for a core module's bytes.
fn componentize(bytes: &[u8]) -> Result<Vec<u8>> {
    if !bytes.starts_with(b"\0asm") {
        bail!("not a wasm file (it does not start with the wasm magic number)");
    }
    // Core modules have version 1 and layer 0 (bytes 4..8 = 01 00 00 00); components do not.
    if bytes.get(4..8) != Some(&[1, 0, 0, 0]) {
        bail!("already a component (or not a core module): nothing to do");
    }
    if !has_component_type(bytes)? {
        bail!(
            "the module has no component-type custom section: build it with wit-bindgen's \
             generate! macro (and export! its implementation), or embed the WIT with \
             `wasm-tools component embed`"
        );
    }
    let encoder = ComponentEncoder::default()
        .module(bytes)
        .context("the module's component type cannot be read")?;
    encoder
        .validate(true)
        .encode()
        .context("the module does not match the world it embeds")
}

/// Whether a core module holds a custom section named `component-type...`, where wit-bindgen puts
/// the world the module implements. Walks the sections: id byte, LEB128 size, contents.
fn has_component_type(bytes: &[u8]) -> Result<bool> {
    let mut at = 8;
    while at < bytes.len() {
        let id = bytes[at];
        let (size, len) = leb128(&bytes[at + 1..]).context("malformed section header")?;
        let start = at + 1 + len;
        let end = start
            .checked_add(size)
            .filter(|&e| e <= bytes.len())
            .context("a section runs past the end of the file")?;
        if id == 0 {
            let (name_len, n) = leb128(&bytes[start..end]).context("malformed custom section")?;
            let name = bytes
                .get(start + n..start + n + name_len)
                .unwrap_or_default();
            if name.starts_with(b"component-type") {
                return Ok(true);
            }
        }
        at = end;
    }
    Ok(false)
}

/// An unsigned LEB128 number (at most 32 bits) and how many bytes it took.
fn leb128(bytes: &[u8]) -> Option<(usize, usize)> {
    let mut value = 0_usize;
    for (i, &b) in bytes.iter().enumerate().take(5) {
        value |= usize::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return Some((value, i + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_not_a_core_module() {
        let err = componentize(b"print('hi')").expect_err("not wasm");
        assert!(err.to_string().contains("not a wasm file"), "{err}");
        let component_header = [0, b'a', b's', b'm', 0x0d, 0, 1, 0];
        let err = componentize(&component_header).expect_err("a component");
        assert!(err.to_string().contains("already a component"), "{err}");
    }

    #[test]
    fn refuses_a_module_without_a_component_type() {
        // `(module)`: a valid core module with no wit-bindgen metadata.
        let empty = [0, b'a', b's', b'm', 1, 0, 0, 0];
        let err = componentize(&empty).expect_err("no component type");
        assert!(
            err.to_string().contains("no component-type custom section"),
            "{err}"
        );
        // The same with one unrelated custom section ("name", empty).
        let named = [
            0, b'a', b's', b'm', 1, 0, 0, 0, 0, 5, 4, b'n', b'a', b'm', b'e',
        ];
        assert_eq!(has_component_type(&named).ok(), Some(false));
        let typed = [
            0, b'a', b's', b'm', 1, 0, 0, 0, 0, 15, 14, b'c', b'o', b'm', b'p', b'o', b'n', b'e',
            b'n', b't', b'-', b't', b'y', b'p', b'e',
        ];
        assert_eq!(has_component_type(&typed).ok(), Some(true));
        let truncated = [0, b'a', b's', b'm', 1, 0, 0, 0, 0, 50, 4];
        assert!(has_component_type(&truncated).is_err());
    }
}
