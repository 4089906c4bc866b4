//! Build-output cleanups: a recursive delete whose every target is a directory a build makes
//! again (`bin` and `obj` of .NET, `target`, `node_modules`, `dist`, `__pycache__`...) under
//! the project. It is bounded local work, however it is spelled: a PowerShell listing piped
//! into `Remove-Item` (`Get-ChildItem -Recurse -Include bin,obj | Remove-Item -Recurse`,
//! `Get-ChildItem .\src\App\bin, .\src\App\obj | Remove-Item`), `find ... -name dist -exec
//! rm -rf {} +`.
//!
//! Lowering needs all of it: every name selected is build output, and every place the
//! selection starts from is inside the project (relative, no `..`, no drive, home or
//! variable). `Get-ChildItem C:\ -Recurse -Include bin,obj` reaches every program's `bin`
//! under the drive, `-Include bin,obj,src` deletes sources, `-Exclude bin,obj` deletes
//! everything else: each is read as before.

/// Directory names a build, a package install or a test run makes again.
const BUILD_DIRS: &[&str] = &[
    "obj",
    "target",
    "node_modules",
    "dist",
    "build",
    "out",
    "_build",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".tox",
    ".nox",
    ".eggs",
    ".next",
    ".nuxt",
    ".svelte-kit",
    ".turbo",
    ".parcel-cache",
    ".angular",
    ".dart_tool",
    ".gradle",
    "coverage",
    "htmlcov",
    "storybook-static",
    "bower_components",
    "deriveddata",
    "cmake-build-debug",
    "cmake-build-release",
    ".terraform",
    "zig-cache",
    ".zig-cache",
    "zig-out",
    "elm-stuff",
    ".stack-work",
    "dist-newstyle",
];

/// Whether every name in `names` is a build-output directory. `bin` counts only next to
/// `obj` (the .NET pair): alone it is as often a project's own scripts (`bin/rails`).
pub fn names(names: &[&str]) -> bool {
    let clean: Vec<String> = names.iter().map(|n| clean(n)).collect();
    let dotnet = clean.iter().any(|n| n == "obj");
    !clean.is_empty()
        && clean.iter().all(|n| {
            BUILD_DIRS.contains(&n.as_str()) || n.ends_with(".egg-info") || n == "bin" && dotnet
        })
}

/// A name as a filter spells it, compared without quotes, a trailing separator or case
/// (`'dist/'`, `"Bin"`, `obj\`).
fn clean(n: &str) -> String {
    n.trim()
        .trim_matches(['"', '\''])
        .trim_end_matches(['/', '\\'])
        .to_ascii_lowercase()
}

/// Whether a place a listing or a search starts from is inside the project: a relative path
/// with no `..`, no drive (`C:`), no root, home, UNC share or variable.
pub fn inside_project(root: &str) -> bool {
    let r = root.trim().trim_matches(['"', '\'']);
    if r.is_empty() || r == "." || r == "./" || r == ".\\" {
        return true;
    }
    let b = r.as_bytes();
    let drive = b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':';
    !drive
        && !r.starts_with(['/', '\\', '~', '$', '%'])
        && !r.contains(['*', '?', '`', '(', '{'])
        && r.split(['/', '\\']).all(|c| c != "..")
}

/// A listing (its starting places and the names it keeps) whose every item is build output
/// under the project: the names filtered (`-Include bin,obj`, `-name dist`) when there are
/// any, else the last part of each place (`.\src\App\bin, .\src\App\obj`).
pub fn cleanup(roots: &[&str], picked: &[&str]) -> bool {
    if !roots.iter().all(|r| inside_project(r)) {
        return false;
    }
    if !picked.is_empty() {
        return names(picked);
    }
    let last: Vec<&str> = roots
        .iter()
        .map(|r| {
            r.trim_matches(['"', '\''])
                .trim_end_matches(['/', '\\'])
                .rsplit(['/', '\\'])
                .next()
                .unwrap_or("")
        })
        .collect();
    !roots.is_empty() && names(&last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selections() {
        assert!(cleanup(&[], &["bin", "obj"]));
        assert!(cleanup(&[".\\src\\App\\bin", ".\\src\\App\\obj"], &[]));
        assert!(cleanup(&["services"], &["__pycache__", ".pytest_cache"]));
        assert!(!cleanup(&[], &["bin"]));
        assert!(!cleanup(&["C:\\"], &["bin", "obj"]));
        assert!(!cleanup(&["..\\.."], &["bin", "obj"]));
        assert!(!cleanup(&[], &["bin", "obj", "src"]));
        assert!(!cleanup(&["$env:USERPROFILE"], &["node_modules"]));
        assert!(!cleanup(&["src"], &[]));
    }
}
