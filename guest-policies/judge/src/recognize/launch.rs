//! The file a program runs as code: the script an interpreter is given (`pwsh -ExecutionPolicy
//! Bypass -File .\x.ps1`, `python3 -W ignore x.py`, `node --no-warnings x.js`, `deno run -A
//! x.ts`), the batch file `cmd /c` starts, the package an installer installs (`msiexec /i`,
//! `dpkg -i`, `installer -pkg`), the jar `java -jar` runs, the file dot-sourced (`. .\x.ps1`)
//! or called (`& .\x.ps1`, `Start-Process x.exe`). A file downloaded earlier in the line or a
//! recent step and run this way is code no one has read, whatever runs it.
//!
//! # Why a table of launchers
//!
//! The download-then-run carry took an interpreter's first operand as its script, so an option
//! with a value (`-ExecutionPolicy Bypass`, `-W ignore`) hid the script behind the value, and
//! a launcher that is no interpreter (`cmd /c`, `cscript`, `msiexec`, `java -jar`) was not read
//! at all. Each program's own documentation says which option names the script and which take
//! a value; that is what is written here. It also says which options only check the file
//! (`python -m py_compile`, `node --check`, `bash -n`, `php -l`, `ruby -c`): those run none
//! of it, so a downloaded file checked so is not run.
//!
//! Windows spellings (`.\x.ps1`, `& x`) lose their backslashes to the POSIX parser, so a line
//! is also split here with the backslashes kept ([`statements`]).

use super::{Context, finding};
use crate::finding::{Family, Finding, Severity};

/// `Start-Process`'s options that take a value (and cmd's `start /d DIR`), other than the file
/// it starts.
pub const START_PROCESS_VALUED: &[&str] = &[
    "-argumentlist",
    "-args",
    "-workingdirectory",
    "-verb",
    "-windowstyle",
    "-credential",
    "-redirectstandardoutput",
    "-redirectstandarderror",
    "-redirectstandardinput",
    "/d",
];

/// What a command does with a file as code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Launch<'a> {
    /// It runs this file (a script, a batch file, an installer package, a jar).
    Runs(&'a str),
    /// It only checks, compiles or lints its files: none of them runs.
    Checks,
    /// It runs inline code, reads stdin, or is not a launcher this table knows.
    Unknown,
}

/// The program a word names: its last path component (either separator), `.exe` dropped,
/// lowercased.
pub fn program(w: &str) -> String {
    let name = w.rsplit(['\\', '/']).next().unwrap_or(w);
    let lower = name.to_ascii_lowercase();
    lower.strip_suffix(".exe").unwrap_or(&lower).to_owned()
}

/// The first word that is no option, after skipping options whose value follows them
/// (`valued`, compared exactly); `--` ends the options.
fn first_operand<'a>(args: &[&'a str], valued: &[&str]) -> Option<&'a str> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if *a == "--" {
            return it.next().copied();
        }
        if a.starts_with('-') && a.len() > 1 {
            if valued.contains(a) {
                it.next();
            }
            continue;
        }
        return Some(a);
    }
    None
}

/// Python modules given a file that only compile, lint or format it (`python -m py_compile
/// x.py`), or read it as data (`-m json.tool`): none runs the file.
const PYTHON_CHECKERS: &[&str] = &[
    "py_compile",
    "compileall",
    "tabnanny",
    "pyflakes",
    "pylint",
    "flake8",
    "mypy",
    "black",
    "ruff",
    "isort",
    "pycodestyle",
    "json.tool",
    "tokenize",
    "ast",
    "dis",
];

/// Python modules that run the file they are given (a debugger, a profiler, a tracer).
const PYTHON_RUNNERS: &[&str] = &[
    "pdb",
    "cProfile",
    "profile",
    "trace",
    "runpy",
    "pyinstrument",
    "memory_profiler",
    "coverage",
    "IPython",
];

/// What `program ARGS` runs as code, from the program's documented options.
pub fn launched<'a>(program: &str, args: &[&'a str]) -> Launch<'a> {
    use Launch::{Checks, Runs, Unknown};
    let found = |f: Option<&'a str>| f.map_or(Unknown, Runs);
    match program {
        // sh(1), bash(1): `-c` runs its string, `-n` reads without executing, `-s` reads stdin.
        "sh" | "bash" | "zsh" | "dash" | "ksh" | "mksh" | "ash" | "fish" | "yash" => {
            for a in args {
                if !a.starts_with('-') || a.starts_with("--") {
                    break;
                }
                if a.contains('c') || a.contains('s') {
                    return Unknown;
                }
                if a.contains('n') {
                    return Checks;
                }
            }
            found(first_operand(
                args,
                &["-o", "+o", "-O", "+O", "--rcfile", "--init-file"],
            ))
        }
        _ if program.starts_with("python") || program.starts_with("pypy") => {
            let mut it = args.iter();
            while let Some(a) = it.next() {
                if *a == "-c" || a.starts_with("-c") && !a.starts_with("--") {
                    return Unknown;
                }
                let module = if *a == "-m" {
                    it.next().copied()
                } else if let Some(m) = a.strip_prefix("-m").filter(|m| !m.is_empty()) {
                    Some(m)
                } else {
                    if matches!(*a, "-W" | "-X" | "--check-hash-based-pycs") {
                        it.next();
                    } else if !a.starts_with('-') {
                        return Runs(a);
                    }
                    continue;
                };
                let Some(module) = module else {
                    return Unknown;
                };
                if PYTHON_CHECKERS.contains(&module) {
                    return Checks;
                }
                if PYTHON_RUNNERS.contains(&module) {
                    let rest: Vec<&'a str> = it.copied().filter(|w| *w != "run").collect();
                    return found(first_operand(&rest, &["-o", "-c", "-s", "--outfile"]));
                }
                return Unknown;
            }
            Unknown
        }
        // node(1): `-c`/`--check` checks the syntax without running; `-e`/`-p` run a string.
        "node" | "nodejs" | "tsx" | "ts-node" => {
            if args.iter().any(|a| matches!(*a, "-c" | "--check")) {
                return Checks;
            }
            if args
                .iter()
                .any(|a| matches!(*a, "-e" | "--eval" | "-p" | "--print"))
            {
                return Unknown;
            }
            // node's valued options: the interpreter reader's one list.
            found(first_operand(
                args,
                super::interpreters::value_options("node"),
            ))
        }
        "deno" | "bun" => {
            let valued = &[
                "-c",
                "--config",
                "--import-map",
                "--location",
                "--seed",
                "--lock",
                "--cert",
                "--env-file",
            ];
            match first_operand(args, valued) {
                Some("check" | "fmt" | "lint" | "info" | "doc" | "build" | "install" | "add") => {
                    Checks
                }
                Some("eval" | "repl" | "x") => Unknown,
                Some(sub @ ("run" | "test" | "bench" | "serve")) => {
                    let at = args.iter().position(|a| *a == sub).unwrap_or(0);
                    found(first_operand(&args[at + 1..], valued))
                }
                other => found(other),
            }
        }
        // ruby(1): `-c` checks the syntax only.
        "ruby" | "jruby" => {
            if args.iter().any(|a| *a == "-c" || *a == "-y") {
                return Checks;
            }
            if args.contains(&"-e") {
                return Unknown;
            }
            found(first_operand(args, &["-I", "-r", "-C", "-E", "-F"]))
        }
        // perl -c runs BEGIN blocks, so it is not a check here.
        "perl" => {
            if args.iter().any(|a| *a == "-e" || *a == "-E") {
                return Unknown;
            }
            found(first_operand(args, &["-I", "-M", "-m"]))
        }
        // php(1): `-l` lints, `-f FILE` runs FILE, `-r` runs a string, `-S` serves a folder.
        "php" => {
            if args.iter().any(|a| *a == "-l" || *a == "--syntax-check") {
                return Checks;
            }
            if let Some(at) = args.iter().position(|a| *a == "-f" || *a == "--file") {
                return found(args.get(at + 1).copied());
            }
            if args.iter().any(|a| matches!(*a, "-r" | "-S" | "-a")) {
                return Unknown;
            }
            found(first_operand(args, &["-d", "-c", "-z", "-t"]))
        }
        "luac" => Checks,
        "lua" | "luajit" | "resty" | "lua5.1" | "lua5.2" | "lua5.3" | "lua5.4" => {
            found(first_operand(args, &["-l", "-e"]))
        }
        "rscript" => {
            if args.contains(&"-e") {
                return Unknown;
            }
            found(first_operand(args, &[]))
        }
        "pwsh" | "powershell" | "pwsh-preview" => powershell(args),
        // cmd.exe: `/c X` (or `/k X`) starts X.
        "cmd" => {
            let at = args
                .iter()
                .position(|a| a.eq_ignore_ascii_case("/c") || a.eq_ignore_ascii_case("/k"));
            found(at.and_then(|i| args.get(i + 1)).copied())
        }
        // Windows Script Host: its own options start with `//`.
        "cscript" | "wscript" => found(args.iter().find(|a| !a.starts_with("//")).copied()),
        "msiexec" => {
            let at = args.iter().position(|a| {
                let o = a.trim_start_matches(['/', '-']).to_ascii_lowercase();
                a.len() > 1
                    && a.starts_with(['/', '-'])
                    && matches!(o.as_str(), "i" | "package" | "a" | "update" | "p" | "j")
            });
            found(at.and_then(|i| args.get(i + 1)).copied())
        }
        // `java -jar FILE` runs the jar, `java FILE.java` the source file.
        "java" => {
            if let Some(at) = args.iter().position(|a| *a == "-jar") {
                return found(args.get(at + 1).copied());
            }
            found(
                first_operand(
                    args,
                    &["-cp", "-classpath", "--class-path", "-p", "--module-path"],
                )
                .filter(|f| f.ends_with(".java")),
            )
        }
        // Packages install by running their maintainer scripts; a simulated install, or a
        // query of the package's information, runs none.
        "dpkg" | "rpm" | "apt" | "apt-get" | "dnf" | "yum" | "zypper" | "installer"
            if args.iter().any(|a| {
                matches!(
                    *a,
                    "--dry-run"
                        | "--no-act"
                        | "--simulate"
                        | "-s"
                        | "--test"
                        | "--just-print"
                        | "--assumeno"
                        | "-pkginfo"
                        | "-volinfo"
                        | "-dominfo"
                        | "-query"
                        | "-showChoicesXML"
                ) || program == "rpm" && a.starts_with("-q")
            }) =>
        {
            Checks
        }
        "dpkg" => {
            let at = args
                .iter()
                .position(|a| *a == "-i" || *a == "--install" || *a == "--unpack");
            found(at.and_then(|i| args.get(i + 1)).copied())
        }
        "rpm" => {
            // The mode is a cluster's first letter (`-ivh`, `-Uvh`, `-Fvh`); in `-qip` the
            // `i` asks for the package's information.
            let installs = args.iter().any(|a| {
                a.strip_prefix('-')
                    .is_some_and(|m| m.starts_with(['i', 'U', 'F']))
                    || matches!(*a, "--install" | "--upgrade" | "--freshen")
            });
            if installs {
                found(first_operand(args, &["--root", "--dbpath"]))
            } else {
                Unknown
            }
        }
        "apt" | "apt-get" | "dnf" | "yum" | "zypper" => found(
            args.iter()
                .find(|a| a.contains('/') && [".deb", ".rpm"].iter().any(|e| a.ends_with(e)))
                .copied(),
        ),
        "installer" => {
            let at = args.iter().position(|a| *a == "-pkg" || *a == "-package");
            found(at.and_then(|i| args.get(i + 1)).copied())
        }
        // `Start-Process [-FilePath] X`, cmd's `start ["title"] X`.
        "start-process" | "saps" | "start" => {
            let valued = START_PROCESS_VALUED;
            let mut it = args.iter();
            while let Some(a) = it.next() {
                let lower = a.to_ascii_lowercase();
                if lower.starts_with("-filepath") || lower == "-file" || lower == "-path" {
                    return found(it.next().copied());
                }
                if valued.contains(&lower.as_str()) || lower == "-argumentlist" || lower == "-args"
                {
                    it.next();
                    continue;
                }
                if a.starts_with('-') || a.starts_with('/') && a.len() <= 4 || a.is_empty() {
                    continue;
                }
                // A document is opened by its application; a program or script runs.
                return if executable(a) { Runs(a) } else { Unknown };
            }
            Unknown
        }
        "source" | "." | "&" => found(args.first().copied()),
        "osascript" => {
            if args.contains(&"-e") {
                return Unknown;
            }
            found(first_operand(args, &["-l", "-s"]))
        }
        "awk" | "gawk" | "mawk" | "nawk" | "expect" => {
            let at = args.iter().position(|a| *a == "-f");
            found(at.and_then(|i| args.get(i + 1)).copied())
        }
        "go" if args.first() == Some(&"run") => found(first_operand(&args[1..], &["-tags"])),
        "dotnet" => found(args.first().filter(|f| f.ends_with(".dll")).copied()),
        _ => Unknown,
    }
}

/// Whether a file's name says it runs when started (Windows' executable and script types, a
/// shell script, or no extension at all, as a downloaded binary has).
fn executable(path: &str) -> bool {
    let name = path
        .rsplit(['\\', '/'])
        .next()
        .unwrap_or(path)
        .to_ascii_lowercase();
    match name.rsplit_once('.') {
        None => true,
        Some((_, ext)) => matches!(
            ext,
            "exe"
                | "bat"
                | "cmd"
                | "ps1"
                | "msi"
                | "vbs"
                | "js"
                | "hta"
                | "scr"
                | "com"
                | "jar"
                | "sh"
                | "appimage"
                | "run"
                | "bin"
                | "pkg"
                | "app"
                | "command"
        ),
    }
}

/// PowerShell's command line (about_Pwsh, about_PowerShell_exe): `-File` (any prefix of it,
/// `-f`) names the script; `-Command`, `-EncodedCommand` run a string; the other parameters
/// are switches or take one value. A bare first operand is the script (`pwsh x.ps1`, and
/// Windows PowerShell runs `powershell .\x.ps1` as a command that runs it).
fn powershell<'a>(args: &[&'a str]) -> Launch<'a> {
    const VALUED: &[&str] = &[
        "executionpolicy",
        "windowstyle",
        "workingdirectory",
        "configurationname",
        "custompipename",
        "outputformat",
        "inputformat",
        "version",
        "psconsolefile",
        "settingsfile",
    ];
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let Some(name) = a.strip_prefix('-').or_else(|| a.strip_prefix('/')) else {
            return Launch::Runs(a);
        };
        let name = name.to_ascii_lowercase();
        if name.is_empty() {
            // `-`: the script comes on stdin.
            return Launch::Unknown;
        }
        if "file".starts_with(&name) {
            return it.next().map_or(Launch::Unknown, |f| Launch::Runs(f));
        }
        if "command".starts_with(&name)
            || "encodedcommand".starts_with(&name)
            || name == "ec"
            || name == "enc"
        {
            return Launch::Unknown;
        }
        let aliased = matches!(
            name.as_str(),
            "ep" | "ex" | "exec" | "w" | "wd" | "config" | "of" | "if" | "v" | "settings"
        );
        if aliased || name.len() >= 3 && VALUED.iter().any(|v| v.starts_with(&name)) {
            it.next();
        }
    }
    Launch::Unknown
}

/// Wrappers that run the command after them (their options skipped).
fn unwrap<'a, 'w>(mut words: &'a [&'w str]) -> &'a [&'w str] {
    loop {
        let Some(first) = words.first() else {
            return words;
        };
        let skip_valued = |valued: &[&str]| {
            let mut k = 1;
            while let Some(w) = words.get(k) {
                if valued.contains(w) {
                    k += 2;
                } else if w.starts_with('-') || w.contains('=') && !w.starts_with(['.', '/']) {
                    k += 1;
                } else {
                    break;
                }
            }
            k
        };
        let k = match program(first).as_str() {
            "sudo" | "doas" => skip_valued(&["-u", "-g", "-C", "-p", "-h", "-r", "-t", "-U"]),
            "env" => skip_valued(&["-u", "-C", "-S"]),
            "nohup" | "exec" | "command" | "builtin" | "time" => skip_valued(&[]),
            "nice" => skip_valued(&["-n"]),
            _ => return words,
        };
        if k >= words.len() {
            return words;
        }
        words = &words[k..];
    }
}

/// The statements of a line, each its words with quotes removed and backslashes kept (Windows
/// paths); PowerShell's call operator opening a statement is its first word, `&`.
fn statements(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars().peekable();
    let flush = |words: &mut Vec<String>, word: &mut String, in_word: &mut bool| {
        if *in_word {
            words.push(std::mem::take(word));
            *in_word = false;
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == c {
                        break;
                    }
                    word.push(q);
                }
            }
            ';' | '\n' | '|' | '(' | ')' | '{' | '}' => {
                flush(&mut words, &mut word, &mut in_word);
                if !words.is_empty() {
                    out.push(std::mem::take(&mut words));
                }
            }
            '&' => {
                flush(&mut words, &mut word, &mut in_word);
                if chars.peek() == Some(&'&') {
                    chars.next();
                }
                if words.is_empty() {
                    // PowerShell's call operator opens a statement: `& .\x.ps1`.
                    words.push("&".to_owned());
                } else {
                    out.push(std::mem::take(&mut words));
                }
            }
            c if c.is_whitespace() => flush(&mut words, &mut word, &mut in_word),
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    flush(&mut words, &mut word, &mut in_word);
    if !words.is_empty() {
        out.push(words);
    }
    out
}

/// A file name as written on either system, for matching a download (`.\x.ps1`, `./x.ps1`,
/// `$env:TEMP\x.ps1` are `x.ps1`).
fn file_of(path: &str) -> &str {
    path.rsplit(['\\', '/']).next().unwrap_or(path)
}

/// Judges the statements of a command line that run a file an earlier command or step
/// downloaded and nothing checked since (a checksum or signature verified clears the mark).
pub fn line(text: &str, ctx: &Context, out: &mut Vec<Finding>) {
    if ctx.downloads.is_empty() {
        return;
    }
    for st in statements(crate::cut(text, 16 * 1024)) {
        let words: Vec<&str> = st.iter().map(String::as_str).collect();
        let words = unwrap(&words);
        let Some((first, args)) = words.split_first() else {
            continue;
        };
        let p = program(first);
        let target = match launched(&p, args) {
            Launch::Runs(f) => Some(f),
            // A downloaded program started by its own path (`.\setup.exe`, `C:\Temp\a.bat`).
            _ if first.contains('\\') => Some(*first),
            _ => None,
        };
        let Some(target) = target else { continue };
        let name = file_of(target);
        // A download the agent read whole in an earlier step is code it has seen
        // ([`super::reviewed`]).
        if name.is_empty() || !same_file(ctx, target) || super::reviewed::read_before(target, ctx) {
            continue;
        }
        if out
            .iter()
            .any(|f| f.code == "remote-code.run-download" && f.message.contains(name))
        {
            continue;
        }
        out.push(finding(
            Family::RemoteCode,
            "remote-code.run-download",
            Severity::Verify,
            format!("{first} runs {target}, downloaded from the network and not reviewed"),
        ));
    }
}

/// Whether a command only checks, compiles or lints the files it is given (none of them runs):
/// for the carry of downloads, whose first operand is otherwise taken as run.
pub fn checks_only(program: &str, args: &[&str]) -> bool {
    launched(program, args) == Launch::Checks
}

/// Whether `target` is (as far as the line says) a file the downloads name: the same name, in
/// the same folder when both say one; a download into the working folder is not a file of the
/// same name in another folder (`install.ps1` downloaded, `.\tools\install.ps1` run); a
/// download recorded as a folder's glob (`dist/*`) covers the files of that folder only.
fn same_file(ctx: &Context, target: &str) -> bool {
    let norm = |p: &str| p.replace('\\', "/").trim_start_matches("./").to_owned();
    let t = norm(target);
    let (t_dir, t_name) = t.rsplit_once('/').map_or(("", t.as_str()), |(d, n)| (d, n));
    ctx.downloads.iter().any(|d| {
        let d = norm(d);
        let (d_dir, d_name) = d.rsplit_once('/').map_or(("", d.as_str()), |(a, b)| (a, b));
        let name_matches =
            d_name.eq_ignore_ascii_case(t_name) || d_name.contains('*') && glob(d_name, t_name);
        // Folders written two ways (`C:\Users\me\Downloads`, `~/Downloads`) agree on their last
        // component.
        let last = |dir: &str| dir.rsplit('/').next().unwrap_or(dir).to_owned();
        let dir_matches = d_dir.is_empty() && t_dir.is_empty()
            || !d_dir.is_empty()
                && (t_dir.is_empty() || last(d_dir).eq_ignore_ascii_case(&last(t_dir)));
        name_matches && dir_matches
    })
}

/// A file name against a glob of `*` wildcards.
fn glob(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    let Some(rest) = name.strip_prefix(parts[0]) else {
        return false;
    };
    let mut rest = rest;
    for (i, piece) in parts.iter().enumerate().skip(1) {
        if i + 1 == parts.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}
