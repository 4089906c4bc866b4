//! Components that are not guests of this airlock are refused at load, saying what was expected
//! and what was found.

use airlock_wasm::{LoadError, PatternSettings, PatternStage, StageError, WIT_VERSION, World};

use crate::common::{guest_bytes, host, load};

#[test]
fn a_component_for_another_version_names_both_versions() {
    let err = host()
        .load(&guest_bytes("wrong-version"), "wrong-version.wasm")
        .expect_err("incompatible version");
    let LoadError::IncompatibleVersion {
        expected, found, ..
    } = &err
    else {
        panic!("expected an incompatible version, got {err:?}");
    };
    assert_eq!(expected, WIT_VERSION);
    assert_ne!(found, WIT_VERSION);
    let text = err.to_string();
    assert!(text.contains("wrong-version.wasm"), "{text}");
    assert!(text.contains(&format!("@{WIT_VERSION}")), "{text}");
    assert!(text.contains(&format!("@{found}")), "{text}");
}

#[test]
fn a_component_of_no_world_lists_what_it_exports() {
    let bytes = guest_bytes("no-world");
    let info = airlock_wasm::inspect(&bytes).expect("inspect");
    assert_eq!(info.world, World::None);
    let err = host().load(&bytes, "no-world.wasm").expect_err("no world");
    let LoadError::NoWorld { exports, .. } = &err else {
        panic!("expected no world, got {err:?}");
    };
    assert_eq!(exports, &info.exports);
    let text = err.to_string();
    assert!(text.contains("airlock:policy/scorer@0.1.0"), "{text}");
    assert!(text.contains("airlock:policy/patterns@0.1.0"), "{text}");
    for export in exports {
        assert!(text.contains(export.as_str()), "{text}");
    }
}

#[test]
fn a_core_module_gets_the_componentize_hint() {
    // A core module exporting one function: `(module (func (export "score")))`.
    let core: &[u8] = &[
        0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
        0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: () -> ()
        0x03, 0x02, 0x01, 0x00, // function section
        0x07, 0x09, 0x01, 0x05, b's', b'c', b'o', b'r', b'e', 0x00, 0x00, // export "score"
        0x0a, 0x04, 0x01, 0x02, 0x00, 0x0b, // code section
    ];
    let err = host().load(core, "core.wasm").expect_err("core module");
    assert!(matches!(err, LoadError::CoreModule { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "core.wasm: this is a core wasm module, not a component: build it with wit-bindgen and \
         componentize it (see docs/writing-policies.md)"
    );
}

#[test]
fn bytes_that_are_not_wasm_are_refused() {
    let err = host()
        .load(b"print('hello')", "hello.py")
        .expect_err("not wasm");
    assert!(matches!(err, LoadError::NotWasm { .. }), "{err:?}");
}

#[test]
fn a_scorer_is_not_a_pattern_stage() {
    let err = PatternStage::new(host(), &load("default-scorer"), PatternSettings::default())
        .expect_err("wrong world");
    assert!(
        matches!(
            err,
            StageError::WrongWorld {
                expected: World::Patterns,
                found: World::Scorer,
                ..
            }
        ),
        "{err:?}"
    );
}
