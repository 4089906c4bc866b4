//! docs/compliance.md names a test for each requirement: every name it gives must be a test
//! that exists, so the table cannot drift from the code.

use std::path::Path;

fn sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).expect("read dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).expect("read"));
        }
    }
}

#[test]
fn every_test_named_in_the_compliance_table_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc =
        std::fs::read_to_string(root.join("../../docs/compliance.md")).expect("compliance.md");
    let mut code = String::new();
    sources(&root.join("src"), &mut code);
    sources(&root.join("tests"), &mut code);
    let mut checked = 0;
    for span in doc.split('`').skip(1).step_by(2) {
        let Some((module, name)) = span.rsplit_once("::") else {
            continue;
        };
        if name.contains('*')
            || !name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        {
            continue;
        }
        assert!(
            code.contains(&format!("fn {name}(")),
            "docs/compliance.md names {module}::{name}, which is not a test"
        );
        checked += 1;
    }
    assert!(checked >= 50, "the table names {checked} tests");
}
