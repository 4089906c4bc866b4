//! The command line follows the conventions of its ecosystem: every environment variable the
//! code reads is in `airlock --help` and airlock(1), shell completions load in a real bash, and
//! the manual pages render with a real `man`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn airlock(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_airlock"))
        .args(args)
        .output()
        .expect("airlock runs")
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace")
        .to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read_dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The names after `var("`, `var_os("`, `absolute_dir("` (host/src/xdg.rs) and clap's `env = "` in the sources of the binary and
/// its library crates (tests, benches and build scripts excluded: they are not the product).
fn variables_read() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(&root().join("host/src"), &mut files);
    for entry in std::fs::read_dir(root().join("crates"))
        .expect("crates")
        .flatten()
    {
        let src = entry.path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    let mut names = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source");
        for marker in ["var(\"", "var_os(\"", "env = \"", "absolute_dir(\""] {
            for (at, _) in text.match_indices(marker) {
                let rest = &text[at + marker.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                    .collect();
                if !name.is_empty() && rest[name.len()..].starts_with('"') {
                    names.insert(name);
                }
            }
        }
    }
    names
}

#[test]
fn every_environment_variable_is_in_the_help_and_the_manual() {
    let names = variables_read();
    // The scan finds what it is meant to (a scan that finds nothing would pass vacuously).
    for known in [
        "AIRLOCK_LOG",
        "AIRLOCK_STATE_DIR",
        "AIRLOCK_CACHE_DIR",
        "AIRLOCK_POLICY",
        "XDG_STATE_HOME",
    ] {
        assert!(
            names.contains(known),
            "{known} not found by the scan: {names:?}"
        );
    }
    let help = String::from_utf8(airlock(&["--help"]).stdout).expect("utf-8");
    let man = String::from_utf8(airlock(&["man"]).stdout).expect("utf-8");
    let environment = man
        .split(".SH ENVIRONMENT")
        .nth(1)
        .expect("an ENVIRONMENT section");
    for name in &names {
        assert!(
            help.contains(&format!("  {name} ")),
            "{name} is read by the code but not in `airlock --help`:\n{help}"
        );
        assert!(
            environment.contains(name.as_str()),
            "{name} is not in airlock(1)'s ENVIRONMENT section"
        );
    }
    // The short help stays short; the list is in the long one.
    let short = String::from_utf8(airlock(&["-h"]).stdout).expect("utf-8");
    assert!(!short.contains("XDG_CACHE_HOME"), "{short}");
}

#[test]
fn bash_completion_loads_and_completes_subcommands_and_values() {
    let out = airlock(&["completions", "bash"]);
    assert!(out.status.success());
    let dir = tempfile::tempdir().expect("tempdir");
    let script = dir.path().join("airlock.bash");
    std::fs::write(&script, &out.stdout).expect("write");
    // Load it in a real bash, then ask the completion function what it offers after
    // `airlock ` and after `airlock completions `.
    let probe = format!(
        r#"source '{}'
complete -p airlock
COMP_WORDS=(airlock ""); COMP_CWORD=1; COMP_LINE="airlock "; COMP_POINT=${{#COMP_LINE}}
_airlock airlock "" airlock
echo "top: ${{COMPREPLY[*]}}"
COMP_WORDS=(airlock completions ""); COMP_CWORD=2; COMP_LINE="airlock completions "; COMP_POINT=${{#COMP_LINE}}
_airlock airlock "" completions
echo "shells: ${{COMPREPLY[*]}}""#,
        script.display()
    );
    let out = Command::new("bash")
        .args(["--norc", "-c", &probe])
        .output()
        .expect("bash");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = |prefix: &str| -> Vec<String> {
        text.lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("{prefix} in {text}"))
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    };
    let top = line("top: ");
    for sub in ["check", "serve", "http", "policy", "completions", "man"] {
        assert!(top.iter().any(|w| w == sub), "{sub} in {top:?}");
    }
    let shells = line("shells: ");
    for shell in ["bash", "zsh", "fish"] {
        assert!(shells.iter().any(|w| w == shell), "{shell} in {shells:?}");
    }
    // The other shells' scripts are generated too.
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let out = airlock(&["completions", shell]);
        assert!(out.status.success() && out.stdout.len() > 500, "{shell}");
    }
    assert_eq!(airlock(&["completions", "tcsh"]).status.code(), Some(1));
}

#[test]
fn manual_pages_render_with_man() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = airlock(&["man", "--dir", dir.path().to_str().expect("utf-8")]);
    assert!(out.status.success(), "{out:?}");
    for page in [
        "airlock.1",
        "airlock-check.1",
        "airlock-policy-test.1",
        "airlock-http.1",
    ] {
        let path = dir.path().join(page);
        assert!(path.exists(), "{page}");
    }
    // The real `man` formats the page: the sections and a flag's text come out as text.
    if Command::new("man").arg("--version").output().is_err() {
        eprintln!("man is not installed: the roff is checked only for its sections");
        let page = std::fs::read_to_string(dir.path().join("airlock.1")).expect("page");
        assert!(
            page.starts_with(".ie") || page.contains(".TH airlock 1"),
            "{page}"
        );
        return;
    }
    let out = Command::new("man")
        .arg("-l")
        .arg(dir.path().join("airlock-check.1"))
        .env("MANWIDTH", "100")
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .output()
        .expect("man");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for expected in [
        "NAME",
        "SYNOPSIS",
        "--operation",
        "ENVIRONMENT",
        "AIRLOCK_POLICY",
        "EXIT STATUS",
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
}

/// Every `airlock` command line in examples/mcp-hosts/ is one this binary accepts: its flags and
/// values parse (`--help` after them stops before anything runs), in each host's own format
/// (`mcpServers`, or VS Code's `servers` with `"type": "stdio"`).
#[test]
fn the_example_mcp_host_configurations_run_real_airlock_commands() {
    let dir = root().join("examples/mcp-hosts");
    let files = [
        ("claude-desktop/claude_desktop_config.json", "mcpServers"),
        ("claude-code/.mcp.json", "mcpServers"),
        ("cursor/.cursor/mcp.json", "mcpServers"),
        ("vscode/.vscode/mcp.json", "servers"),
    ];
    let readme = std::fs::read_to_string(dir.join("README.md")).expect("README");
    for (file, key) in files {
        assert!(readme.contains(file), "the README names {file}");
        let text =
            std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let config: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file} is not JSON: {e}"));
        let servers = config[key]
            .as_object()
            .unwrap_or_else(|| panic!("{file}: no '{key}' object"));
        assert!(
            servers.contains_key("airlock") && servers.contains_key("files"),
            "{file}"
        );
        for (name, server) in servers {
            if key == "servers" {
                assert_eq!(server["type"], "stdio", "{file} {name}");
            }
            let command = server["command"].as_str().expect("command");
            assert!(command.ends_with("airlock"), "{file} {name}: {command}");
            let args: Vec<&str> = server["args"]
                .as_array()
                .expect("args")
                .iter()
                .map(|a| a.as_str().expect("string args"))
                .collect();
            // The flags before `--` (the upstream's command line after it is not ours).
            let ours: Vec<&str> = args.iter().copied().take_while(|a| *a != "--").collect();
            let mut with_help = ours.clone();
            with_help.push("--help");
            let out = airlock(&with_help);
            assert!(
                out.status.success(),
                "{file} {name}: airlock {} is refused: {}",
                ours.join(" "),
                String::from_utf8_lossy(&out.stderr)
            );
            if ours.first() == Some(&"proxy") {
                assert!(
                    args.len() > ours.len() + 1,
                    "{file} {name}: an upstream after --"
                );
            }
        }
    }
}
