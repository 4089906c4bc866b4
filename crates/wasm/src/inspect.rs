//! What a component is, read from its bytes without compiling or running it: the world it
//! implements, the contract version it was built for, its imports and exports, size and digest.

use sha2::{Digest, Sha256};
use wasmparser::{Parser, Payload};

use crate::error::LoadError;
use crate::version::{PATTERNS_INTERFACE, SCORER_INTERFACE, split_versioned};

/// The world a component implements, judged by its exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, utoipa::ToSchema)]
pub enum World {
    /// It exports `airlock:policy/scorer`: a risk scorer.
    #[serde(rename = "risk-scorer")]
    Scorer,
    /// It exports `airlock:policy/patterns`: a pattern stage.
    #[serde(rename = "pattern-stage")]
    Patterns,
    /// It exports neither.
    #[serde(rename = "none")]
    None,
}

impl World {
    /// The world's name as written in the WIT file, or `none`.
    pub const fn as_str(self) -> &'static str {
        match self {
            World::Scorer => "risk-scorer",
            World::Patterns => "pattern-stage",
            World::None => "none",
        }
    }
}

impl std::fmt::Display for World {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What [`inspect`] found in a component.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ComponentInfo {
    /// The world it implements (whatever the version).
    pub world: World,
    /// The version of `airlock:policy` on its scorer or patterns export, if it has one.
    pub wit_version: Option<String>,
    /// The full name of that export, e.g. `airlock:policy/scorer@0.1.0`.
    pub world_export: Option<String>,
    /// The names of its top-level exports.
    pub exports: Vec<String>,
    /// The names of its top-level imports.
    pub imports: Vec<String>,
    /// Its size in bytes.
    pub size: usize,
    /// The sha256 of its bytes, lower-case hex.
    pub sha256: String,
}

impl ComponentInfo {
    /// Whether this host can load it: it implements one of the two worlds, for a compatible
    /// version of the contract.
    pub fn is_loadable(&self) -> bool {
        self.world != World::None
            && self
                .wit_version
                .as_deref()
                .is_some_and(crate::version::is_compatible)
    }

    /// Whether it imports any WASI interface (and so gets the capability-less WASI).
    pub fn imports_wasi(&self) -> bool {
        self.imports.iter().any(|name| name.starts_with("wasi:"))
    }
}

/// Reads what a component is without instantiating (or compiling) it.
///
/// Fails on bytes that are not a component: a core module (with the hint to componentize it),
/// or not WebAssembly at all.
pub fn inspect(bytes: &[u8]) -> Result<ComponentInfo, LoadError> {
    inspect_named(bytes, "the given bytes", None)
}

/// [`inspect`] with the origin named in errors.
pub(crate) fn inspect_named(
    bytes: &[u8],
    origin: &str,
    known_sha256: Option<&str>,
) -> Result<ComponentInfo, LoadError> {
    if Parser::is_core_wasm(bytes) {
        return Err(LoadError::CoreModule {
            origin: origin.to_string(),
        });
    }
    if !Parser::is_component(bytes) {
        return Err(LoadError::NotWasm {
            origin: origin.to_string(),
        });
    }
    let malformed = |e: wasmparser::BinaryReaderError| LoadError::Malformed {
        origin: origin.to_string(),
        reason: e.to_string(),
    };

    let mut exports = Vec::new();
    let mut imports = Vec::new();
    // `parse_all` flattens nested modules and components; only depth 0 is the component's own
    // interface.
    let mut depth = 0usize;
    for payload in Parser::new(0).parse_all(bytes) {
        match payload.map_err(malformed)? {
            Payload::ModuleSection { .. } | Payload::ComponentSection { .. } => depth += 1,
            Payload::End(_) => depth = depth.saturating_sub(1),
            Payload::ComponentImportSection(reader) if depth == 0 => {
                for import in reader {
                    imports.push(import.map_err(malformed)?.name.0.to_string());
                }
            }
            Payload::ComponentExportSection(reader) if depth == 0 => {
                for export in reader {
                    exports.push(export.map_err(malformed)?.name.0.to_string());
                }
            }
            _ => {}
        }
    }

    let mut world = World::None;
    let mut world_export = None;
    let mut wit_version = None;
    for name in &exports {
        let (interface, version) = split_versioned(name);
        let found = match interface {
            SCORER_INTERFACE => World::Scorer,
            PATTERNS_INTERFACE => World::Patterns,
            _ => continue,
        };
        if world != World::None && world != found {
            return Err(LoadError::BothWorlds {
                origin: origin.to_string(),
            });
        }
        world = found;
        world_export = Some(name.clone());
        wit_version = version.map(str::to_string);
    }

    Ok(ComponentInfo {
        world,
        wit_version,
        world_export,
        exports,
        imports,
        size: bytes.len(),
        // A built-in's digest was computed when the binary was built: hashing its 3 MB again
        // was a visible part of a one-decision process (`airlock hook`).
        sha256: known_sha256.map_or_else(|| sha256_hex(bytes), str::to_owned),
    })
}

/// The sha256 of some bytes, lower-case hex.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    data_encoding::HEXLOWER.encode(&Sha256::digest(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest core module: magic and version.
    const CORE_MODULE: &[u8] = b"\0asm\x01\0\0\0";
    /// The smallest component: magic and the component layer/version.
    const EMPTY_COMPONENT: &[u8] = b"\0asm\x0d\0\x01\0";

    #[test]
    fn a_core_module_gets_the_componentize_hint() {
        let err = inspect(CORE_MODULE).expect_err("core module");
        assert!(matches!(err, LoadError::CoreModule { .. }));
        assert!(err.to_string().contains("componentize"), "{err}");
    }

    #[test]
    fn garbage_is_not_wasm() {
        let err = inspect(b"#!/bin/sh\n").expect_err("garbage");
        assert!(matches!(err, LoadError::NotWasm { .. }), "{err}");
    }

    #[test]
    fn an_empty_component_implements_no_world() {
        let info = inspect(EMPTY_COMPONENT).expect("empty component");
        assert_eq!(info.world, World::None);
        assert!(info.exports.is_empty() && info.imports.is_empty());
        assert_eq!(info.size, 8);
        assert_eq!(info.sha256.len(), 64);
    }

    #[test]
    fn the_digest_is_lower_case_hex() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
