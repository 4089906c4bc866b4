//! Definitions in effect (holdout10 analysis, "What this says" 4): a name that a step defines
//! for a program's own runner, invoked later, runs what it stands for. The shell's aliases and
//! functions are read by [`super::carried::named_command`]; these are the programs' own:
//!
//! - **git aliases** (`git config [--global|--local|--system] alias.NAME VALUE`, `git config
//!   set alias.NAME VALUE`, `git -c alias.NAME=VALUE NAME`): `git NAME ARGS` runs `git VALUE
//!   ARGS`, or the shell command after a leading `!`. An alias that hides a built-in command
//!   is ignored by git (git-config(1), `alias.*`), so `git log` stays a log.
//! - **package scripts** (`npm pkg set scripts.NAME=VALUE`, `npm set-script NAME VALUE`,
//!   `composer config scripts.NAME VALUE`): `npm run NAME`, `yarn NAME`, `pnpm NAME`, `bun run
//!   NAME`, `composer run-script NAME` run VALUE in a shell, with its `preNAME` and `postNAME`
//!   hooks; `npm test` / `start` / `stop` / `restart` run their script without `run`, and
//!   `npm install` / `ci` / `publish` / `pack` run the lifecycle scripts (`postinstall`,
//!   `prepare`, `prepublishOnly`...).
//! - **targets written into a Makefile or a justfile** (`printf 'x:\n\tCMD' >> Makefile`, a
//!   here-document), read from the file texts an earlier step wrote ([`super::carried`]):
//!   `make x` / `just x` runs the recipe's lines, its prerequisites' first.
//!
//! The invocation is judged as its expansion, whatever words follow it: nothing on the
//! invocation's line lowers what the definition runs.

use super::{Cmd, Context, judge_as, paths};
use crate::finding::Finding;
use crate::substring::has;

/// A runner's name for a command, defined by an earlier command or step.
#[derive(Debug, Clone)]
pub struct Defined {
    /// The runner that expands it: `git`, `npm` (every JavaScript package manager reads
    /// package.json's scripts) or `composer`.
    pub runner: &'static str,
    /// The name it is invoked by.
    pub name: String,
    /// The command line it runs (for git, the whole `git ...` line).
    pub line: String,
}

/// Git's own commands, which an alias of the same name does not replace.
const GIT_BUILTINS: &[&str] = &[
    "add",
    "am",
    "annotate",
    "apply",
    "archive",
    "bisect",
    "blame",
    "branch",
    "bundle",
    "cat-file",
    "check-attr",
    "check-ignore",
    "checkout",
    "cherry",
    "cherry-pick",
    "clean",
    "clone",
    "commit",
    "commit-tree",
    "config",
    "count-objects",
    "credential",
    "describe",
    "diff",
    "diff-files",
    "diff-index",
    "diff-tree",
    "difftool",
    "fetch",
    "filter-branch",
    "for-each-ref",
    "format-patch",
    "fsck",
    "gc",
    "grep",
    "hash-object",
    "help",
    "init",
    "log",
    "ls-files",
    "ls-remote",
    "ls-tree",
    "maintenance",
    "merge",
    "merge-base",
    "mergetool",
    "mv",
    "name-rev",
    "notes",
    "prune",
    "pull",
    "push",
    "range-diff",
    "read-tree",
    "rebase",
    "reflog",
    "remote",
    "repack",
    "replace",
    "reset",
    "restore",
    "rev-list",
    "rev-parse",
    "revert",
    "rm",
    "shortlog",
    "show",
    "show-ref",
    "sparse-checkout",
    "stash",
    "status",
    "submodule",
    "switch",
    "symbolic-ref",
    "tag",
    "update-index",
    "update-ref",
    "var",
    "version",
    "whatchanged",
    "worktree",
    "write-tree",
];

/// git's global options that take a value as the next word (git(1)).
const GIT_VALUED: &[&str] = &[
    "-C",
    "-c",
    "--git-dir",
    "--work-tree",
    "--namespace",
    "--exec-path",
    "--config-env",
];

/// The package managers' own commands, which run no script of the same name when written
/// without `run` (yarn, pnpm and bun run a script only when the name is not one of theirs).
const PACKAGE_BUILTINS: &[&str] = &[
    "add",
    "audit",
    "bin",
    "build",
    "cache",
    "ci",
    "config",
    "create",
    "dedupe",
    "deploy",
    "dlx",
    "doctor",
    "env",
    "exec",
    "fetch",
    "global",
    "help",
    "i",
    "import",
    "info",
    "init",
    "install",
    "link",
    "list",
    "login",
    "logout",
    "ls",
    "outdated",
    "pack",
    "patch",
    "prune",
    "publish",
    "rebuild",
    "remove",
    "rm",
    "run",
    "run-script",
    "set",
    "setup",
    "store",
    "un",
    "uninstall",
    "unlink",
    "up",
    "update",
    "upgrade",
    "version",
    "why",
    "workspace",
    "workspaces",
    "x",
];

/// Records the definitions `cmd` makes.
pub fn record(cmd: &Cmd<'_>, ctx: &mut Context) {
    // fish's `alias NAME 'TEXT'` and `abbr -a NAME TEXT`: a shell alias (POSIX `alias x=...`
    // is recorded in `carried`).
    if matches!(cmd.program, "alias" | "abbr") {
        let ops: Vec<&str> = cmd.operands(&["--position", "--set-cursor"]).collect();
        if let [name, text @ ..] = ops.as_slice()
            && !name.contains('=')
            && !text.is_empty()
        {
            shell_alias(ctx, name, &text.join(" "));
        }
        return;
    }
    let found = match cmd.program {
        "git" => git_definitions(cmd),
        "npm" | "pnpm" => script_definitions(cmd),
        "composer" => composer_definitions(cmd),
        _ => return,
    };
    for d in found {
        let defs = &mut ctx.env.commands_defined;
        defs.retain(|o| o.runner != d.runner || o.name != d.name);
        defs.push(d);
    }
}

/// Records a shell-level alias: NAME runs TEXT (read by [`super::carried::named_command`]).
fn shell_alias(ctx: &mut Context, name: &str, text: &str) {
    let aliases = &mut ctx.env.aliases;
    aliases.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
    aliases.push((name.to_owned(), text.to_owned()));
}

/// Records a Windows statement's alias (`Set-Alias nuke Remove-Item`, `New-Alias`, `sal`,
/// `nal`; cmd's `doskey NAME=TEXT`, its `$*` the arguments): a later statement naming it runs
/// what it stands for. `words` are the statement's words after the program, quoting removed.
pub fn record_windows(program: &str, words: &[String], ctx: &mut Context) {
    match program {
        "set-alias" | "new-alias" | "sal" | "nal" => {
            let mut name = None;
            let mut value = None;
            let mut positional = Vec::new();
            let mut it = words.iter();
            while let Some(w) = it.next() {
                match w.to_ascii_lowercase().as_str() {
                    "-name" | "-n" => name = it.next(),
                    "-value" | "-v" => value = it.next(),
                    "-scope" | "-option" | "-description" => {
                        it.next();
                    }
                    l if l.starts_with('-') => {}
                    _ => positional.push(w),
                }
            }
            let mut positional = positional.into_iter();
            let name = name.or_else(|| positional.next());
            let value = value.or_else(|| positional.next());
            if let (Some(name), Some(value)) = (name, value) {
                shell_alias(ctx, name, value);
            }
        }
        "doskey" => {
            let joined = words.join(" ");
            if let Some((name, text)) = joined.split_once('=')
                && !name.trim().is_empty()
                && !name.trim().starts_with('/')
            {
                let text = text.replace("$*", "").replace("$T", " & ");
                shell_alias(ctx, name.trim(), text.trim());
            }
        }
        _ => {}
    }
}

/// `git config [scope] alias.NAME VALUE`, `git config set alias.NAME VALUE`, and `-c
/// alias.NAME=VALUE` given to this git.
fn git_definitions(cmd: &Cmd<'_>) -> Vec<Defined> {
    let mut out = Vec::new();
    let mut words = cmd.words();
    while let Some(w) = words.next() {
        if w == "-c"
            && let Some((key, value)) = words.next().and_then(|kv| kv.split_once('='))
            && let Some(d) = git_alias(key, value)
        {
            out.push(d);
        }
    }
    let ops: Vec<&str> = cmd
        .operands(&["-C", "-c", "--file", "-f", "--blob", "--type", "--comment"])
        .collect();
    let rest = match ops.as_slice() {
        ["config", "set", rest @ ..] => rest,
        ["config", rest @ ..] => rest,
        _ => return out,
    };
    if let [key, value, ..] = rest
        && let Some(d) = git_alias(key, value)
    {
        out.push(d);
    }
    out
}

fn git_alias(key: &str, value: &str) -> Option<Defined> {
    let name = key
        .strip_prefix("alias.")
        .or_else(|| key.strip_prefix("Alias."))?;
    if name.is_empty() || value.trim().is_empty() {
        return None;
    }
    let value = value.trim();
    let line = match value.strip_prefix('!') {
        Some(shell) => shell.trim().to_owned(),
        None => format!("git {value}"),
    };
    Some(Defined {
        runner: "git",
        name: name.to_owned(),
        line,
    })
}

/// `npm pkg set scripts.NAME=VALUE ...` and `npm set-script NAME VALUE` (pnpm's `pkg set` is
/// npm's).
fn script_definitions(cmd: &Cmd<'_>) -> Vec<Defined> {
    let ops: Vec<&str> = cmd.operands(&["-w", "--workspace", "--prefix"]).collect();
    let mut out = Vec::new();
    match ops.as_slice() {
        ["pkg", "set", pairs @ ..] => {
            for pair in pairs {
                if let Some((key, value)) = pair.split_once('=')
                    && let Some(name) = key.trim_matches('"').strip_prefix("scripts.")
                {
                    out.push(script("npm", name, value));
                }
            }
        }
        ["set-script", name, value, ..] => out.push(script("npm", name, value)),
        _ => {}
    }
    out
}

/// `composer config scripts.NAME VALUE...` (composer-config(1): several values make a list).
fn composer_definitions(cmd: &Cmd<'_>) -> Vec<Defined> {
    let ops: Vec<&str> = cmd
        .operands(&["-d", "--working-dir", "-f", "--file"])
        .collect();
    match ops.as_slice() {
        ["config", key, values @ ..] if !values.is_empty() => key
            .strip_prefix("scripts.")
            .map(|name| vec![script("composer", name, &values.join(" && "))])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

fn script(runner: &'static str, name: &str, value: &str) -> Defined {
    Defined {
        runner,
        name: name.to_owned(),
        line: value.trim_matches(['"', '\'']).to_owned(),
    }
}

/// Judges an invocation of a definition as what it runs.
pub fn judge(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    // Definitions on the same line (`git -c alias.x=... x`) count as well as earlier ones.
    let same_line = if cmd.program == "git" {
        git_definitions(cmd)
    } else {
        Vec::new()
    };
    if ctx.env.commands_defined.is_empty() && same_line.is_empty() && ctx.file_texts.is_empty() {
        return;
    }
    let mut runs: Vec<(String, String)> = Vec::new();
    match cmd.program {
        "git" => {
            let ops: Vec<&str> = cmd.operands(GIT_VALUED).collect();
            // `git NAME --help` says what the alias stands for and runs nothing.
            if let Some((name, args)) = ops.split_first()
                && !GIT_BUILTINS.contains(name)
                && !cmd
                    .words()
                    .skip_while(|w| w != name)
                    .nth(1)
                    .is_some_and(|w| w == "--help" || w == "-h")
            {
                let line = same_line
                    .iter()
                    .rev()
                    .chain(ctx.env.commands_defined.iter().rev())
                    .find(|d| d.runner == "git" && d.name == *name)
                    .map(|d| d.line.clone())
                    .or_else(|| written_git_alias(ctx, name));
                if let Some(line) = line {
                    runs.push((
                        format!("git {name} (an alias of `{}`)", crate::cut(&line, 60)),
                        with_args(&line, args),
                    ));
                }
            }
        }
        "npm" | "pnpm" | "yarn" | "bun" => {
            for (name, line) in package_scripts(cmd, ctx) {
                runs.push((
                    format!(
                        "{} script {name} (`{}`)",
                        cmd.program,
                        crate::cut(&line, 60)
                    ),
                    line,
                ));
            }
        }
        "composer" => {
            let ops: Vec<&str> = cmd.operands(&["-d", "--working-dir"]).collect();
            let name = match ops.as_slice() {
                ["run-script" | "run", name, ..] => Some(*name),
                [name, ..] if !PACKAGE_BUILTINS.contains(name) => Some(*name),
                _ => None,
            };
            if let Some(name) = name {
                for hook in hooked(name) {
                    if let Some(d) = defined(ctx, "composer", &hook) {
                        runs.push((
                            format!("composer script {hook} (`{}`)", crate::cut(&d, 60)),
                            d,
                        ));
                    }
                }
            }
        }
        // `make -n` and `just --dry-run` print the recipes without running them.
        "deno" => {
            let ops: Vec<&str> = cmd.operands(&["--config", "-c", "--cwd"]).collect();
            if let ["task", name, ..] = ops.as_slice()
                && let Some((_, text)) = ctx
                    .file_texts
                    .iter()
                    .rev()
                    .find(|(f, _)| matches!(paths::file_name(f), "deno.json" | "deno.jsonc"))
                && let Some(line) = json_entry(text, "\"tasks\"", name)
            {
                runs.push((
                    format!("deno task {name} (`{}`)", crate::cut(&line, 60)),
                    line,
                ));
            }
        }
        "task" | "go-task" if !cmd.has(&["--dry", "-n", "--summary", "--list", "-l"]) => {
            runs.extend(taskfile_tasks(cmd, ctx));
        }
        "make" | "gmake" | "just" if !cmd.has(&["-n", "--dry-run", "--just-print", "--recon"]) => {
            runs.extend(recipes(cmd, ctx));
        }
        _ => {}
    }
    for (what, line) in runs {
        judge_as(&what, &line, depth, ctx, out);
    }
}

/// An alias in a git configuration file an earlier step wrote (`~/.gitconfig`,
/// `.git/config`, a file given to `include.path`): `NAME = VALUE` in its `[alias]` section.
fn written_git_alias(ctx: &Context, name: &str) -> Option<String> {
    ctx.file_texts.iter().rev().find_map(|(file, text)| {
        let base = paths::file_name(file);
        if !(base == ".gitconfig"
            || base == "config" && file.contains(".git")
            || base.ends_with(".gitconfig"))
        {
            return None;
        }
        let mut in_alias = false;
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                in_alias = line.eq_ignore_ascii_case("[alias]");
                continue;
            }
            if in_alias
                && let Some((key, value)) = line.split_once('=')
                && key.trim() == name
            {
                return git_alias(&format!("alias.{name}"), value.trim().trim_matches('"'))
                    .map(|d| d.line);
            }
        }
        None
    })
}

/// The definition's line with the invocation's arguments after it.
fn with_args(line: &str, args: &[&str]) -> String {
    let mut out = line.to_owned();
    for a in args {
        out.push(' ');
        if a.bytes()
            .all(|c| c.is_ascii_alphanumeric() || b"-_=./:@,+%".contains(&c))
        {
            out.push_str(a);
        } else {
            out.push('\'');
            out.push_str(&a.replace('\'', "'\\''"));
            out.push('\'');
        }
    }
    out
}

/// A script and its `pre` and `post` hooks, in the order they run.
fn hooked(name: &str) -> [String; 3] {
    [format!("pre{name}"), name.to_owned(), format!("post{name}")]
}

/// The script text defined under `name` for `runner`: recorded from a command, or read from a
/// package.json an earlier step wrote.
fn defined(ctx: &Context, runner: &str, name: &str) -> Option<String> {
    if let Some(d) = ctx
        .env
        .commands_defined
        .iter()
        .rev()
        .find(|d| d.runner == runner && d.name == name)
    {
        return Some(d.line.clone());
    }
    let manifest = if runner == "npm" {
        "package.json"
    } else {
        "composer.json"
    };
    let (_, text) = ctx
        .file_texts
        .iter()
        .rev()
        .find(|(f, _)| paths::file_name(f) == manifest)?;
    json_script(text, name)
}

/// `"NAME": "VALUE"` inside a manifest's `"scripts"` object, read without a JSON parser (the
/// text an agent wrote may not be whole); escaped quotes in the value are unescaped.
fn json_script(text: &str, name: &str) -> Option<String> {
    json_entry(text, "\"scripts\"", name)
}

/// `"NAME": "VALUE"` after the object key `section` (`"scripts"`, deno's `"tasks"`).
fn json_entry(text: &str, section: &str, name: &str) -> Option<String> {
    let scripts = &text[text.find(section)?..];
    let key = format!("\"{name}\"");
    let after = &scripts[scripts.find(&key)? + key.len()..];
    let after = after.trim_start().strip_prefix(':')?.trim_start();
    let body = after.strip_prefix('"')?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.extend(chars.next()),
            '"' => return Some(value),
            c => value.push(c),
        }
    }
    None
}

/// The package scripts an npm / yarn / pnpm / bun command runs, with their names.
fn package_scripts(cmd: &Cmd<'_>, ctx: &Context) -> Vec<(String, String)> {
    let ops: Vec<&str> = cmd
        .operands(&[
            "-w",
            "--workspace",
            "--prefix",
            "--filter",
            "-F",
            "--cwd",
            "-C",
            "--dir",
        ])
        .collect();
    let Some((first, rest)) = ops.split_first() else {
        return Vec::new();
    };
    let names: Vec<String> = match (*first, rest.first()) {
        ("run" | "run-script" | "rum" | "urn", Some(name)) => hooked(name).into(),
        ("test" | "t" | "tst" | "start" | "stop" | "restart", _) => {
            let name = match *first {
                "t" | "tst" => "test",
                n => n,
            };
            hooked(name).into()
        }
        // `npm install` / `ci` in the project (no package named) runs its lifecycle scripts.
        ("install" | "i" | "ci", None) => ["preinstall", "install", "postinstall", "prepare"]
            .map(str::to_owned)
            .into(),
        ("publish", _) => [
            "prepublishOnly",
            "prepack",
            "prepare",
            "postpack",
            "publish",
            "postpublish",
        ]
        .map(str::to_owned)
        .into(),
        ("pack", _) => ["prepack", "prepare", "postpack"].map(str::to_owned).into(),
        (name, _) if cmd.program != "npm" && !PACKAGE_BUILTINS.contains(&name) => {
            hooked(name).into()
        }
        _ => Vec::new(),
    };
    names
        .into_iter()
        .filter_map(|n| defined(ctx, "npm", &n).map(|line| (n, line)))
        .collect()
}

/// make(1)'s options that take a value: the word after one is no target.
pub const MAKE_VALUED: &[&str] = &[
    "-f",
    "--file",
    "--makefile",
    "-C",
    "--directory",
    "-j",
    "-I",
    "-o",
    "-W",
];

/// The recipe lines `make` or `just` runs for the targets named (the first target when none
/// is), from a Makefile or justfile an earlier step wrote, prerequisites first.
fn recipes(cmd: &Cmd<'_>, ctx: &Context) -> Vec<(String, String)> {
    let just = cmd.program == "just";
    let file_option = if just {
        cmd.value(&["-f", "--justfile"])
    } else {
        cmd.value(&["-f", "--file", "--makefile"])
    };
    let names: &[&str] = if just {
        &["justfile", "Justfile", ".justfile"]
    } else {
        &["Makefile", "makefile", "GNUmakefile"]
    };
    let Some((file, text)) = ctx
        .file_texts
        .iter()
        .rev()
        .find(|(f, _)| match file_option {
            Some(given) => f == given || paths::file_name(f) == paths::file_name(given),
            None => names.contains(&paths::file_name(f)),
        })
    else {
        return Vec::new();
    };
    let valued: &[&str] = if just {
        &["-f", "--justfile", "-d", "--working-directory", "--set"]
    } else {
        MAKE_VALUED
    };
    let mut targets: Vec<&str> = cmd.operands(valued).filter(|o| !o.contains('=')).collect();
    if targets.is_empty() {
        targets.extend(first_target(text));
    }
    let mut out = Vec::new();
    for t in targets {
        collect_recipe(text, t, just, 0, &mut out);
    }
    // Variables given on the command line override the makefile's (`make clean BUILD_DIR=/`):
    // the recipe runs with them, unless the makefile sets the variable with `override` (then
    // its own value wins, and the recipe keeps the variable unread).
    let overrides: Vec<(&str, &str)> = cmd
        .operands(valued)
        .filter_map(|o| o.split_once('='))
        .filter(|(n, _)| !n.is_empty() && !has(text, &format!("override {n}")))
        .collect();
    out.into_iter()
        .map(|(target, mut line)| {
            for (name, value) in &overrides {
                for form in [
                    format!("$({name})"),
                    format!("${{{name}}}"),
                    format!("{{{{{name}}}}}"),
                ] {
                    line = line.replace(&form, value);
                }
            }
            (target, line)
        })
        .map(|(target, line)| {
            (
                format!(
                    "{} {target} (a recipe {file} was given: `{}`)",
                    cmd.program,
                    crate::cut(&line, 60)
                ),
                line,
            )
        })
        .collect()
}

/// The commands of a Taskfile's task (go-task: `tasks:` / `NAME:` / `cmds:` / `- CMD`, or
/// `cmd: CMD`), from a Taskfile an earlier step wrote, read by indentation.
fn taskfile_tasks(cmd: &Cmd<'_>, ctx: &Context) -> Vec<(String, String)> {
    let Some((file, text)) = ctx.file_texts.iter().rev().find(|(f, _)| {
        let n = paths::file_name(f).to_ascii_lowercase();
        n.starts_with("taskfile") && (n.ends_with(".yml") || n.ends_with(".yaml"))
    }) else {
        return Vec::new();
    };
    let names: Vec<&str> = cmd
        .operands(&["-t", "--taskfile", "-d", "--dir"])
        .filter(|o| !o.contains('='))
        .collect();
    let names = if names.is_empty() {
        vec!["default"]
    } else {
        names
    };
    let mut out = Vec::new();
    for name in names {
        let mut lines = text.lines();
        let header = format!("{name}:");
        let Some(indent) = lines.by_ref().find_map(|l| {
            (l.trim() == header && l.starts_with(' ')).then(|| l.len() - l.trim_start().len())
        }) else {
            continue;
        };
        for l in lines {
            let depth = l.len() - l.trim_start().len();
            if !l.trim().is_empty() && depth <= indent {
                break;
            }
            let t = l.trim();
            let command = t
                .strip_prefix("- cmd:")
                .or_else(|| t.strip_prefix("cmd:"))
                .or_else(|| t.strip_prefix("- "))
                .map(|c| c.trim().trim_matches(['"', '\'']));
            if let Some(c) = command.filter(|c| !c.is_empty() && !c.ends_with(':')) {
                out.push((
                    format!("task {name} (in {file}: `{}`)", crate::cut(c, 60)),
                    c.to_owned(),
                ));
            }
        }
    }
    out
}

/// The first target of a makefile text (make's default goal), special targets skipped.
fn first_target(text: &str) -> Option<&str> {
    text.lines().find_map(|l| {
        let (head, _) = rule_head(l)?;
        head.split_whitespace()
            .next()
            .filter(|t| !t.starts_with('.'))
    })
}

/// A rule line's targets and prerequisites (`a b: c d`), not an assignment (`X := 1`).
fn rule_head(line: &str) -> Option<(&str, &str)> {
    if line.starts_with([' ', '\t', '#']) {
        return None;
    }
    let (head, rest) = line.split_once(':')?;
    if rest.starts_with('=') || head.contains('=') || head.trim().is_empty() {
        return None;
    }
    Some((head, rest.split(['#', ';']).next().unwrap_or("")))
}

/// Appends `target`'s recipe lines (its prerequisites' first, three levels deep at most).
fn collect_recipe(
    text: &str,
    target: &str,
    just: bool,
    level: u8,
    out: &mut Vec<(String, String)>,
) {
    if level > 3 {
        return;
    }
    let mut lines = text.lines();
    while let Some(l) = lines.next() {
        let Some((head, prerequisites)) = rule_head(l) else {
            continue;
        };
        // A just recipe's head holds its parameters after the name (`deploy env:`).
        let named = if just {
            head.split_whitespace().next() == Some(target)
        } else {
            head.split_whitespace().any(|t| t == target)
        };
        if !named {
            continue;
        }
        for p in prerequisites.split_whitespace() {
            collect_recipe(text, p, just, level + 1, out);
        }
        // A recipe on the rule's own line, after a `;` (`clean: ; rm -rf $(BUILD_DIR)`).
        if !just
            && let Some((_, inline)) = l.split_once(':').and_then(|(_, r)| r.split_once(';'))
            && !inline.trim().is_empty()
        {
            out.push((target.to_owned(), inline.trim().to_owned()));
        }
        for body in lines.by_ref() {
            let recipe = body.starts_with('\t') || just && body.starts_with(' ');
            if !recipe {
                if body.trim().is_empty() {
                    continue;
                }
                break;
            }
            let line = body.trim().trim_start_matches(['@', '-', '+']).trim();
            if !line.is_empty() && !line.starts_with('#') {
                out.push((target.to_owned(), line.to_owned()));
            }
        }
        return;
    }
}
