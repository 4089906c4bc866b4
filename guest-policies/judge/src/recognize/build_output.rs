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

/// Directory names a build, a package install or a test run makes again, by toolchain (from
/// each tool's documentation of where it writes). Compared without case, so only names no
/// project keeps sources under are here (`public`, `site`, `lib`, `deps`, `vendor`, `output`,
/// `Library` are not: a static site's sources, Elixir's fetched and Go's vendored code may be
/// the only copy).
///
/// `.terraform` is here: it holds the providers and modules `terraform init` downloads and the
/// backend settings `init` writes again; the state itself lives in the backend (or in
/// `terraform.tfstate` and `terraform.tfstate.d/` beside it, which are not here).
const BUILD_DIRS: &[&str] = &[
    // JavaScript and its frameworks, bundlers, test runners and hosts' local builds.
    "node_modules",
    "bower_components",
    "jspm_packages",
    "dist",
    "build",
    "out",
    "coverage",
    ".nyc_output",
    "storybook-static",
    ".next",
    ".nuxt",
    ".output",
    ".svelte-kit",
    ".astro",
    ".docusaurus",
    ".vuepress",
    ".turbo",
    ".parcel-cache",
    ".angular",
    ".expo",
    ".vite",
    ".rollup.cache",
    ".eslintcache",
    ".stylelintcache",
    ".swc",
    ".nx",
    ".yarn-cache",
    ".pnpm-store",
    ".serverless",
    ".webpack",
    ".esbuild",
    "playwright-report",
    "test-results",
    "blob-report",
    ".lighthouseci",
    "_site",
    ".jekyll-cache",
    ".sass-cache",
    // Python.
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".pytype",
    ".pyre",
    ".hypothesis",
    ".tox",
    ".nox",
    ".eggs",
    "htmlcov",
    ".ipynb_checkpoints",
    ".benchmarks",
    ".venv",
    "_build",
    // JVM, .NET, Swift and Apple platforms, Android.
    "target",
    ".gradle",
    ".kotlin",
    ".bloop",
    ".metals",
    ".bsp",
    ".cpcache",
    ".shadow-cljs",
    "obj",
    "testresults",
    "deriveddata",
    ".build",
    ".cxx",
    ".externalnativebuild",
    // Haskell, OCaml, Elm, PureScript, Nim, D, Zig, Dart, Godot.
    "dist-newstyle",
    ".stack-work",
    "_opam",
    "elm-stuff",
    ".spago",
    "nimcache",
    ".dub",
    "zig-cache",
    ".zig-cache",
    "zig-out",
    ".dart_tool",
    ".godot",
    // Perl's MakeMaker and Module::Build staging directory.
    "blib",
    // Build systems and infrastructure tools' local caches.
    "buck-out",
    ".pants.d",
    "cmakefiles",
    ".ccls-cache",
    ".terraform",
    ".terragrunt-cache",
    "cdk.out",
    ".aws-sam",
];

/// Build-output names that are a prefix (CLion's `cmake-build-<profile>`, Bazel's convenience
/// links `bazel-bin`, `bazel-out`, `bazel-<workspace>`).
const BUILD_PREFIXES: &[&str] = &["cmake-build-", "bazel-"];

/// Build outputs that are a folder inside another folder a project keeps (Cypress' recordings,
/// Vercel's local build, Bundler's install path, Remix's and Rails' compiled assets,
/// Carthage's builds): a path that ends with one of these.
const BUILD_PATHS: &[&str] = &[
    ".vercel/output",
    "vendor/bundle",
    "cypress/videos",
    "cypress/screenshots",
    "public/build",
    "public/packs",
    "public/packs-test",
    "public/assets",
    "tmp/cache",
    ".yarn/cache",
    ".yarn/unplugged",
    "carthage/build",
    ".vitepress/cache",
    ".vitepress/dist",
    "resources/_gen",
    "project/target",
    ".cache/clangd",
];

/// Lock files a package manager writes again on its next install (`rm -rf node_modules
/// package-lock.json && npm install`): the project's history keeps the old one.
const LOCK_FILES: &[&str] = &[
    "package-lock.json",
    "npm-shrinkwrap.json",
    "yarn.lock",
    "pnpm-lock.yaml",
    "bun.lockb",
    "bun.lock",
    "deno.lock",
    "cargo.lock",
    "poetry.lock",
    "pipfile.lock",
    "uv.lock",
    "pdm.lock",
    "gemfile.lock",
    "composer.lock",
    "mix.lock",
    "pubspec.lock",
    "podfile.lock",
    "packages.lock.json",
    "gradle.lockfile",
    ".terraform.lock.hcl",
];

/// CocoaPods' install folder, compared with its case (a lower-case `pods/` is as often a
/// folder of Kubernetes manifests).
const CASED_DIRS: &[&str] = &["Pods"];

/// Whether one path component names a build output ([`BUILD_DIRS`], [`BUILD_PREFIXES`],
/// `*.egg-info`, CocoaPods' `Pods`). `bin` is not: alone it is as often a project's own
/// scripts (`bin/rails`).
pub fn output_dir(component: &str) -> bool {
    let cased = component
        .trim_matches(['"', '\''])
        .trim_end_matches(['/', '\\']);
    if CASED_DIRS.contains(&cased) {
        return true;
    }
    let c = clean(component);
    BUILD_DIRS.contains(&c.as_str())
        || c.ends_with(".egg-info")
        || BUILD_PREFIXES
            .iter()
            .any(|p| c.starts_with(p) && c.len() > p.len())
}

/// Whether a relative path is build output inside the project: no component is `..` (nor the
/// path absolute, in the home, behind a variable or a drive), no glob outside its last
/// component, and some folder on it, or its end, is build output.
pub fn output_path(path: &str) -> bool {
    // A PowerShell list's comma (`Remove-Item .\coverage, .\.nyc_output`) is no part of it.
    let p = path.trim().trim_matches(['"', '\'']).trim_end_matches(',');
    let p = p.strip_suffix("/*").unwrap_or(p).trim_end_matches('/');
    if !inside_project(p) || p.is_empty() || p == "." {
        return false;
    }
    let lower = p.to_ascii_lowercase();
    let parts: Vec<&str> = p
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    parts.iter().any(|c| output_dir(c))
        || parts.len() == 1 && LOCK_FILES.contains(&lower.as_str())
        || BUILD_PATHS
            .iter()
            .any(|b| lower == *b || lower.ends_with(&format!("/{b}")))
}

/// Whether every name in `names` is a build-output directory. `bin` counts only next to
/// `obj` (the .NET pair): alone it is as often a project's own scripts (`bin/rails`).
pub fn names(names: &[&str]) -> bool {
    let clean: Vec<String> = names.iter().map(|n| clean(n)).collect();
    let dotnet = clean.iter().any(|n| n == "obj");
    !clean.is_empty()
        && names
            .iter()
            .zip(&clean)
            .all(|(raw, n)| output_dir(raw.trim_matches(['"', '\''])) || n == "bin" && dotnet)
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
