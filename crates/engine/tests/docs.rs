//! docs/compliance.md names a test for each requirement: every name it gives must be a test
//! that exists where the name says (`compliance::NAME` in a file `compliance.rs`,
//! `challenge::tests::NAME` in `challenge.rs`), in any crate of the repository, marked
//! `#[test]` and not `#[ignore]`d, so the table cannot drift from the code or point at a test
//! that never runs.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, skipping build output and hidden directories.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') && name != "node_modules" {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The module name a file defines: its stem, or its directory's name for `mod.rs`, `main.rs`
/// and `lib.rs`.
fn module_of(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if ["mod", "main", "lib"].contains(&stem.as_str()) {
        path.parent()
            .and_then(Path::file_name)
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    } else {
        stem
    }
}

/// What the attributes right above `fn name(` in `text` say: `None` if there is no such
/// function, else whether it is a `#[test]` and whether it is ignored.
fn test_attributes(text: &str, name: &str) -> Option<(bool, bool)> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| {
        let l = l.trim_start();
        l.starts_with(&format!("fn {name}(")) || l.starts_with(&format!("async fn {name}("))
    })?;
    let (mut is_test, mut ignored) = (false, false);
    for line in lines[..at].iter().rev().map(|l| l.trim()) {
        if line.starts_with("#[") {
            is_test |= line.starts_with("#[test]") || line.ends_with("::test]");
            ignored |= line.starts_with("#[ignore");
        } else if !line.starts_with("///") && !line.starts_with("//") {
            break;
        }
    }
    Some((is_test, ignored))
}

#[test]
fn every_test_named_in_the_compliance_table_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let doc = std::fs::read_to_string(root.join("docs/compliance.md")).expect("compliance.md");
    let mut files = Vec::new();
    for dir in ["crates", "host", "benches", "tools", "guest-policies"] {
        sources(&root.join(dir), &mut files);
    }
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|f| (module_of(f), std::fs::read_to_string(f).expect("read")))
        .collect();
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
        // `challenge::tests::NAME`: the file is `challenge.rs` (an inline `mod tests`).
        let file_module = module.split("::").next().unwrap_or(module);
        let found: Vec<(bool, bool)> = texts
            .iter()
            .filter(|(m, _)| m == file_module)
            .filter_map(|(_, text)| test_attributes(text, name))
            .collect();
        assert!(
            !found.is_empty(),
            "docs/compliance.md names {module}::{name}: no fn {name} in a file {file_module}.rs"
        );
        assert!(
            found.iter().any(|(is_test, _)| *is_test),
            "docs/compliance.md names {module}::{name}, which is not marked #[test]"
        );
        assert!(
            found.iter().any(|(is_test, ignored)| *is_test && !ignored),
            "docs/compliance.md names {module}::{name}, which is #[ignore]d: it never runs"
        );
        checked += 1;
    }
    assert!(checked >= 70, "the table names {checked} tests");
}

#[test]
fn the_checker_tells_tests_from_helpers_and_ignored_tests() {
    let text = "#[test]\n/// doc\nfn a_test() {}\n\nfn helper() {}\n\n#[test]\n#[ignore = \"slow\"]\nfn skipped() {}\n#[tokio::test]\nasync fn an_async_test() {}\n";
    assert_eq!(test_attributes(text, "a_test"), Some((true, false)));
    assert_eq!(test_attributes(text, "helper"), Some((false, false)));
    assert_eq!(test_attributes(text, "skipped"), Some((true, true)));
    assert_eq!(test_attributes(text, "an_async_test"), Some((true, false)));
    assert_eq!(test_attributes(text, "missing"), None);
    assert_eq!(module_of(Path::new("a/safety_loop/main.rs")), "safety_loop");
    assert_eq!(module_of(Path::new("a/src/challenge.rs")), "challenge");
}
