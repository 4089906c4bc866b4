//! Places however they are spelled: the home, the system, a tool's configuration, the
//! temporary directory or a network share, written as a shell variable (`$XDG_CONFIG_HOME`,
//! `$KUBECONFIG`), as an expression of inline code (`os.homedir() + '/.ssh'`,
//! `path.join(os.homedir(), '.ssh')`, `Path.home() / '.kube'`, `File.join(Dir.home, x)`,
//! `"$ENV{HOME}/.ssh"`, `getenv("HOME") . "/x"`, `Deno.env.get("HOME")`, `os.UserHomeDir()`,
//! `Join-Path $env:APPDATA x`, `[Environment]::GetFolderPath('MyDocuments')`), or as a
//! network place (`\\server\share$\x`, `/mnt/nfs/x`, `/net/host/x`, `smb://host/x`, WSL's
//! `/mnt/c/Windows`).
//!
//! # Why one evaluator
//!
//! Every language names the same few places by its own spelling: a table maps the spellings
//! (the functions that return the home or the temporary directory, the environment variables
//! that name a place) to one path, and one evaluator joins the pieces an expression
//! concatenates or joins. The path it yields is judged as a shell operand would be, so `rm -rf`
//! of `~/.ssh` is the same verdict whichever language spelled it. An expression with a piece
//! the evaluator cannot read (an argument, a computed name) yields nothing: the readers that ran
//! before still run, nothing is lowered.

use super::paths::Scope;
use super::top_level::{QUOTES, QUOTES_BACKTICK, QUOTES_BACKTICK_ESCAPED, outside_strings};
use crate::substring::has;

/// Environment variables that name a place, and the path each names (Windows' folders as
/// [`super::windows::posix_path`] maps them).
const ENV_PLACES: &[(&str, &str)] = &[
    ("HOME", "~"),
    ("USERPROFILE", "~"),
    ("HOMEPATH", "~"),
    ("APPDATA", "~/AppData/Roaming"),
    ("LOCALAPPDATA", "~/AppData/Local"),
    ("XDG_CONFIG_HOME", "~/.config"),
    ("XDG_DATA_HOME", "~/.local/share"),
    ("XDG_STATE_HOME", "~/.local/state"),
    ("XDG_CACHE_HOME", "~/.cache"),
    ("SYSTEMROOT", "/usr/windows"),
    ("WINDIR", "/usr/windows"),
    ("PROGRAMDATA", "/usr/programdata"),
    ("ALLUSERSPROFILE", "/usr/programdata"),
    ("PROGRAMFILES", "/usr/program files"),
    ("SYSTEMDRIVE", "/"),
    ("KUBECONFIG", "~/.kube/config"),
    ("AWS_SHARED_CREDENTIALS_FILE", "~/.aws/credentials"),
    ("AWS_CONFIG_FILE", "~/.aws/config"),
    (
        "GOOGLE_APPLICATION_CREDENTIALS",
        "~/.config/gcloud/application_default_credentials.json",
    ),
    ("CLOUDSDK_CONFIG", "~/.config/gcloud"),
    ("AZURE_CONFIG_DIR", "~/.azure"),
    ("GNUPGHOME", "~/.gnupg"),
    ("DOCKER_CONFIG", "~/.docker"),
    ("NPM_CONFIG_USERCONFIG", "~/.npmrc"),
    ("NETRC", "~/.netrc"),
    ("PGPASSFILE", "~/.pgpass"),
    ("KAGGLE_CONFIG_DIR", "~/.kaggle"),
    ("HF_HOME", "~/.cache/huggingface"),
    ("TALOSCONFIG", "~/.talos/config"),
    ("TEMP", "/tmp"),
    ("TMP", "/tmp"),
    ("TMPDIR", "/tmp"),
];

/// Functions and properties that return a place, in the languages agents run inline
/// (JavaScript, Python, Ruby, Perl, PHP, Go, Rust, Java, .NET, PowerShell), matched at the
/// expression's end.
const PLACE_CALLS: &[(&str, &str)] = &[
    ("homedir()", "~"),
    ("Path.home()", "~"),
    ("home()", "~"),
    ("Dir.home", "~"),
    ("UserHomeDir()", "~"),
    ("home_dir()", "~"),
    ("expanduser('~')", "~"),
    ("expanduser(\"~\")", "~"),
    ("expand_path('~')", "~"),
    ("expand_path(\"~\")", "~"),
    ("getProperty(\"user.home\")", "~"),
    ("Etc.getpwuid.dir", "~"),
    ("$HOME", "~"),
    ("$home", "~"),
    ("UserConfigDir()", "~/.config"),
    ("config_dir()", "~/.config"),
    ("UserCacheDir()", "~/.cache"),
    ("tmpdir()", "/tmp"),
    ("gettempdir()", "/tmp"),
    ("Dir.tmpdir", "/tmp"),
    ("sys_get_temp_dir()", "/tmp"),
    ("TempDir()", "/tmp"),
    ("temp_dir()", "/tmp"),
    ("GetTempPath()", "/tmp"),
    // `node -e`'s script is the working directory.
    ("__dirname", "."),
    ("cwd()", "."),
    ("getcwd()", "."),
    ("Dir.pwd", "."),
];

/// .NET's special folders (`[Environment]::GetFolderPath('MyDocuments')`, `SpecialFolder.X`).
const SPECIAL_FOLDERS: &[(&str, &str)] = &[
    ("userprofile", "~"),
    ("mydocuments", "~/Documents"),
    ("personal", "~/Documents"),
    ("desktop", "~/Desktop"),
    ("desktopdirectory", "~/Desktop"),
    ("applicationdata", "~/AppData/Roaming"),
    ("localapplicationdata", "~/AppData/Local"),
    ("mypictures", "~/Pictures"),
    ("windows", "/usr/windows"),
    ("system", "/usr/windows/system32"),
    ("systemx86", "/usr/windows/syswow64"),
    ("programfiles", "/usr/program files"),
    ("commonapplicationdata", "/usr/programdata"),
];

/// The place an environment variable names (`HOME`, `appdata`: Windows' names fold case).
pub fn env_place(name: &str) -> Option<&'static str> {
    ENV_PLACES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, p)| *p)
}

/// A shell word that starts with a variable naming a place (`$XDG_CONFIG_HOME/gh/hosts.yml`,
/// `"${KUBECONFIG}"`, `$GNUPGHOME`), with the variable replaced by its place; `None` for
/// other words and for the temporary directory's variables (their own rule reads them).
pub fn shell_var_path(word: &str) -> Option<String> {
    let w = word.trim_matches(['"', '\'']);
    let rest = w.strip_prefix('$')?;
    let (name, tail) = if let Some(braced) = rest.strip_prefix('{') {
        let end = braced.find('}')?;
        (&braced[..end], &braced[end + 1..])
    } else {
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        (&rest[..end], &rest[end..])
    };
    if name.is_empty() || name.eq_ignore_ascii_case("HOME") || name.starts_with("TMP") {
        return None;
    }
    let place = env_place(name).filter(|p| *p != "/tmp")?;
    Some(format!("{place}{tail}"))
}

/// The path an expression of inline code names, when every piece of it is spelled out:
/// string literals (with `${...}`, `#{...}`, `{...}`, `$ENV{HOME}`, `$env:X` interpolated),
/// the places of [`PLACE_CALLS`], [`ENV_PLACES`] read by any language's environment lookup,
/// .NET's special folders, names bound earlier in `body`, joined by `+`, `.`, `/`, `..`, or a
/// join call's arguments. `\` is read as `/`; a Windows path is mapped as the Windows reader
/// maps it.
pub fn code_path(expr: &str, body: &str) -> Option<String> {
    let p = eval(expr, body, 0)?;
    let p = p.replace('\\', "/");
    let b = p.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' || p.starts_with("//") {
        return Some(super::windows::posix_path(&p));
    }
    // `~/./x`, `~//x`: one separator.
    let mut out = String::with_capacity(p.len());
    for c in p.chars() {
        if c == '/' && out.ends_with('/') {
            continue;
        }
        out.push(c);
    }
    Some(out)
}

/// Whether a piece of code spells one of the places (a cheap test before evaluating).
pub fn mentions_place(code: &str) -> bool {
    [
        "home",
        "HOME",
        "env",
        "ENV",
        "Env",
        "APPDATA",
        "Folder",
        "USERPROFILE",
        "temp",
        "Temp",
        "tmp",
        "expand",
        "dirname",
        "Dir.",
        "cwd",
        "%",
    ]
    .iter()
    .any(|k| code.contains(k))
}

fn eval(expr: &str, body: &str, hops: u8) -> Option<String> {
    let mut e = expr.trim();
    if hops > 6 || e.is_empty() || e.len() > 400 {
        return None;
    }
    for prefix in ["await ", "new "] {
        e = e.strip_prefix(prefix).unwrap_or(e).trim_start();
    }
    // `(X)` whole: the inside.
    if e.starts_with('(') && closing(e, 0) == Some(e.len() - 1) {
        return eval(&e[1..e.len() - 1], body, hops + 1);
    }
    // `a || b`, `a or b`, `a ?? b`: the first (a fallback only matters when the first is unset).
    for alt in [" || ", " ?? ", " or ", " // "] {
        let parts = split_top(e, alt);
        if parts.len() > 1 {
            return eval(parts[0], body, hops + 1);
        }
    }
    // Concatenation and pathlib's `/`.
    for op in ["+", ".", "/", " .. "] {
        let parts = split_concat(e, op);
        if parts.len() > 1 {
            let mut out = String::new();
            for (i, part) in parts.iter().enumerate() {
                let piece = eval(part, body, hops + 1)?;
                if op == "/" && i > 0 && !out.ends_with('/') && !piece.starts_with('/') {
                    out.push('/');
                }
                out.push_str(&piece);
            }
            return Some(out);
        }
    }
    if let Some(s) = literal(e, body, hops) {
        return Some(s);
    }
    // Methods that keep the path.
    for keep in [
        ".expanduser()",
        ".resolve()",
        ".absolute()",
        ".toString()",
        ".to_s",
        ".ToString()",
        ".FullName",
        ".unwrap()",
    ] {
        if let Some(inner) = e.strip_suffix(keep) {
            return eval(inner, body, hops + 1);
        }
    }
    if let Some((c, p)) = PLACE_CALLS.iter().find(|(c, _)| e.ends_with(c))
        && receiver_only(&e[..e.len() - c.len()])
    {
        return Some((*p).to_owned());
    }
    if let Some(p) = env_lookup(e) {
        return Some(p.to_owned());
    }
    if let Some(p) = special_folder(e) {
        return Some(p.to_owned());
    }
    if let Some(s) = join_call(e, body, hops) {
        return Some(s);
    }
    // A name bound earlier (`h`, `$p`, `home`).
    let name = e.trim_start_matches(['$', '@']);
    if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return bound(name, body).and_then(|v| eval(v, body, hops + 1));
    }
    None
}

/// Whether the text before a place call is only its receiver (`os.`, `require('os').`,
/// `pathlib.Path.`, `[System.IO.Path]::`), not a call that takes the place as an argument.
fn receiver_only(before: &str) -> bool {
    let b = before
        .replace("require('os')", "os")
        .replace("require(\"os\")", "os")
        .replace("require('node:os')", "os");
    b.chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '[' | ']' | '$'))
}

/// A string literal's text with its interpolations evaluated; `None` when `e` is not one
/// literal, or an interpolation is not readable.
fn literal(e: &str, body: &str, hops: u8) -> Option<String> {
    let mut s = e;
    let mut fstring = false;
    if let Some(rest) = s.strip_prefix(['f', 'r', 'b']) {
        fstring = s.starts_with('f');
        s = rest;
    }
    if let Some(rest) = s.strip_prefix('@') {
        s = rest;
    }
    let q = s.chars().next()?;
    if !matches!(q, '\'' | '"' | '`') || s.len() < 2 || !s.ends_with(q) {
        return None;
    }
    let inner = &s[1..s.len() - 1];
    if inner.contains(q) {
        return None;
    }
    if q == '\'' && !fstring {
        return Some(inner.to_owned());
    }
    // Interpolations: `${x}` (JavaScript, shell-like), `#{x}` (Ruby), `{x}` (f-strings),
    // `$(x)` (PowerShell), `$ENV{HOME}` (Perl), `$env:NAME` and `$HOME` (PowerShell, Perl).
    let mut out = String::new();
    let mut rest = inner;
    while let Some(at) = rest.find(['$', '#', '{']) {
        out.push_str(&rest[..at]);
        let r = &rest[at..];
        let skip = if r.starts_with("${") || r.starts_with("#{") || r.starts_with("$(") {
            2
        } else if r.starts_with('{') && fstring {
            1
        } else if let Some(v) = r.strip_prefix('$') {
            // `$ENV{HOME}`, `$env:APPDATA`, `$HOME`: a variable spelled inline.
            let end = v
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(v.len());
            let mut name = &v[..end];
            let mut after = &v[end..];
            if name == "ENV" && after.starts_with('{') {
                let close = after.find('}')?;
                name = after[1..close].trim_matches(['\'', '"']);
                after = &after[close + 1..];
            }
            let name = name
                .strip_prefix("env:")
                .or_else(|| name.strip_prefix("ENV:"))
                .unwrap_or(name);
            out.push_str(env_place(name)?);
            rest = after;
            continue;
        } else {
            out.push_str(&r[..1]);
            rest = &r[1..];
            continue;
        };
        let close_at = closing(&r[skip - 1..], 0)? + skip - 1;
        out.push_str(&eval(&r[skip..close_at], body, hops + 1)?);
        rest = &r[close_at + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// The place an environment lookup names, in any language's spelling: `process.env.HOME`,
/// `process.env['HOME']`, `os.environ['HOME']`, `os.environ.get('HOME')`, `os.getenv('HOME')`,
/// `getenv("HOME")`, `ENV['HOME']`, `ENV.fetch('HOME')`, `$ENV{HOME}`, `$_SERVER['HOME']`,
/// `Deno.env.get("HOME")`, `Bun.env.HOME`, `os.Getenv("HOME")`, `std::env::var("HOME")`,
/// `$env:USERPROFILE`, `%APPDATA%`, `System.getenv("HOME")`.
fn env_lookup(e: &str) -> Option<&'static str> {
    let lower_has_env =
        e.contains("env") || e.contains("ENV") || e.contains("Env") || e.contains("_SERVER");
    if let Some(v) = e.strip_prefix('%').and_then(|v| v.strip_suffix('%')) {
        return env_place(v);
    }
    if !lower_has_env {
        return None;
    }
    // A lookup, not a call that takes one as an argument (`f(process.env.HOME)`): a `(` may
    // only open the lookup's own call.
    if let Some(open) = e.find('(') {
        let before = &e[..open];
        let call = before
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .unwrap_or("");
        if !matches!(
            call,
            "getenv"
                | "Getenv"
                | "get"
                | "fetch"
                | "var"
                | "var_os"
                | "GetEnvironmentVariable"
                | "LookupEnv"
        ) || e[open + 1..].contains('(')
        {
            return None;
        }
    }
    // The variable's name: the last word of the expression (`process.env.HOME`,
    // `$env:APPDATA`) or its last string literal (`getenv('HOME')`, `ENV.fetch("HOME")`).
    let name = e
        .trim_end_matches([')', ']', '}', ' ', '!', '?'])
        .trim_end_matches(['\'', '"']);
    let start =
        crate::substring::after_last(name, |c: char| !(c.is_ascii_alphanumeric() || c == '_'));
    let name = &name[start..];
    // `os.environ.get('HOME', '/root')`: the first literal.
    let first_literal = e.find(['\'', '"']).and_then(|at| {
        let q = e[at..].chars().next()?;
        let end = e[at + 1..].find(q)?;
        Some(&e[at + 1..at + 1 + end])
    });
    env_place(name).or_else(|| first_literal.and_then(env_place))
}

/// .NET's `GetFolderPath(...)` of a special folder.
fn special_folder(e: &str) -> Option<&'static str> {
    let at = e.find("GetFolderPath(")?;
    let arg = &e[at + "GetFolderPath(".len()..];
    let arg = arg.trim_end_matches(')');
    let name = arg
        .rsplit(|c: char| !(c.is_ascii_alphanumeric()))
        .find(|w| !w.is_empty())?
        .to_ascii_lowercase();
    SPECIAL_FOLDERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, p)| *p)
}

/// Join calls: their arguments joined with `/` (`path.join`, `path.resolve`, `os.path.join`,
/// `File.join`, `filepath.Join`, `Path.Combine`, `Join-Path A B`, `Path(...)`, `joinpath`).
fn join_call(e: &str, body: &str, hops: u8) -> Option<String> {
    const JOINS: &[&str] = &[
        "path.join(",
        "path.resolve(",
        "path.posix.join(",
        "path.win32.join(",
        "os.path.join(",
        "os.path.expanduser(",
        "os.path.abspath(",
        "os.path.realpath(",
        "expanduser(",
        "File.join(",
        "File.expand_path(",
        "expand_path(",
        "filepath.Join(",
        "path.Join(",
        "Path.Combine(",
        "Path]::Combine(",
        "('path').join(",
        "(\"path\").join(",
        "Path(",
        "PurePath(",
        "Pathname.new(",
        "Pathname(",
        "joinpath(",
        "catfile(",
    ];
    if let Some(rest) = e
        .strip_prefix("Join-Path ")
        .or_else(|| e.strip_prefix("join-path "))
    {
        let words: Vec<&str> = rest
            .split_whitespace()
            .filter(|w| !w.starts_with('-'))
            .collect();
        let mut out = String::new();
        for w in words {
            let piece =
                eval(w, body, hops + 1).unwrap_or_else(|| w.trim_matches(['\'', '"']).to_owned());
            if !out.is_empty() && !out.ends_with(['/', '\\']) {
                out.push('/');
            }
            out.push_str(&piece);
        }
        return (!out.is_empty()).then_some(out);
    }
    let (at, call) = JOINS.iter().find_map(|c| e.find(c).map(|at| (at, *c)))?;
    let open = at + call.len() - 1;
    if closing(e, open)? != e.len() - 1 {
        // `Path(x).joinpath('y')`: a receiver, then the join.
        if let Some(j) = e.rfind(".joinpath(") {
            let base = eval(&e[..j], body, hops + 1)?;
            let args = &e[j + ".joinpath(".len()..e.len() - 1];
            let mut out = base;
            for a in split_top(args, ",") {
                out.push('/');
                out.push_str(&eval(a, body, hops + 1)?);
            }
            return Some(out);
        }
        return None;
    }
    let args = &e[open + 1..e.len() - 1];
    let mut out = String::new();
    for a in split_top(args, ",") {
        let a = a.trim();
        // Keyword options and Perl's list context words are not pieces of the path.
        if a.is_empty()
            || a.starts_with('{')
            || a.contains("=>")
            || a.contains('=') && !a.starts_with(['\'', '"'])
        {
            continue;
        }
        let piece = eval(a, body, hops + 1)?;
        if piece.starts_with('/')
            || piece.starts_with('~')
            || piece.len() > 1 && piece.as_bytes()[1] == b':'
        {
            // An absolute piece starts over, as every join does.
            out = piece;
            continue;
        }
        if !out.is_empty() && !out.ends_with(['/', '\\']) {
            out.push('/');
        }
        out.push_str(&piece);
    }
    (!out.is_empty()).then_some(out)
}

/// The expression bound to `name` earlier in `body` (`name = X`, `name := X`, `h, _ :=
/// os.UserHomeDir()`, `const name = X`, `my $name = X`, `$name = X`), up to the statement's
/// end.
fn bound<'b>(name: &str, body: &'b str) -> Option<&'b str> {
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for (at, _) in body.match_indices(name) {
        if body[..at]
            .chars()
            .next_back()
            .is_some_and(|c| is_name(c) || c == '.')
            || body[at + name.len()..].chars().next().is_some_and(is_name)
        {
            continue;
        }
        let mut rest = body[at + name.len()..].trim_start();
        // Go's `h, _ := f()` and `h, err := f()`.
        if let Some(r) = rest.strip_prefix(',') {
            let r = r.trim_start();
            let end = r.find(|c: char| !is_name(c)).unwrap_or(r.len());
            rest = r[end..].trim_start();
        }
        let value = rest.strip_prefix(":=").or_else(|| {
            rest.strip_prefix('=')
                .filter(|v| !v.starts_with(['=', '>', '~']))
        })?;
        let value = value.trim_start();
        let end = statement_end(value);
        return Some(value[..end].trim());
    }
    None
}

/// Where a statement ends: `;`, a line break, or a `,` at the top level (`const a = x, b = y`).
fn statement_end(v: &str) -> usize {
    for (i, c, depth) in outside_strings(v, QUOTES_BACKTICK) {
        match c {
            b')' | b']' | b'}' if depth == 0 => return i,
            b';' | b'\n' => return i,
            b',' if depth == 0 => return i,
            _ => {}
        }
    }
    v.len()
}

/// The index of the bracket closing the one at `open` (outside quotes).
fn closing(s: &str, open: usize) -> Option<usize> {
    outside_strings(&s[open..], QUOTES_BACKTICK)
        .find(|&(_, c, depth)| matches!(c, b')' | b']' | b'}') && depth == 1)
        .map(|(i, _, _)| open + i)
}

/// `e` split at `sep` outside quotes and brackets.
fn split_top<'e>(e: &'e str, sep: &str) -> Vec<&'e str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, _, depth) in outside_strings(e, QUOTES_BACKTICK_ESCAPED) {
        // `i < start`: inside the separator just split at (it holds no quote or bracket).
        if depth == 0 && i >= start && e[i..].starts_with(sep) {
            out.push(&e[start..i]);
            start = i + sep.len();
        }
    }
    out.push(&e[start..]);
    out
}

/// `e` split at a concatenation operator: `+`, Perl's and PHP's `.` (written ` . `, or
/// between a call, a variable or a literal and a literal or a variable:
/// `getenv("HOME")."/x"`, `$ENV{HOME}."/x"`), pathlib's `/` (written ` / `), Lua's `..`.
fn split_concat<'e>(e: &'e str, op: &str) -> Vec<&'e str> {
    match op {
        "." => split_dots(e),
        "/" => split_top(e, " / "),
        _ => split_top(e, op),
    }
}

/// `e` split at the `.` that concatenate strings (not a method's or a module's dot).
fn split_dots(e: &str) -> Vec<&str> {
    let b = e.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c, depth) in outside_strings(e, QUOTES) {
        if c == b'.' && depth == 0 {
            let prev = e[..i].trim_end().bytes().next_back();
            let next = e[i + 1..].trim_start().bytes().next();
            let spaced = i > 0 && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ');
            let joins = matches!(next, Some(b'\'' | b'"' | b'$'))
                && matches!(prev, Some(b'\'' | b'"' | b')' | b'}' | b']'))
                || matches!(prev, Some(b'\'' | b'"')) && matches!(next, Some(b'$'));
            if spaced || joins {
                out.push(&e[start..i]);
                start = i + 1;
            }
        }
    }
    out.push(&e[start..]);
    out
}

/// The reach of a recursive operation on a network or mounted place, when `path` is one:
/// a share of another machine (`/net/HOST/...`, the autofs convention [`super::windows`]
/// maps `\\HOST\share` to; `/mnt/nfs*`, `/mnt/smb*`, `/mnt/cifs*`, `/mnt/nas*`, `/mnt/share*`,
/// `smb://`, `nfs://`, `afp://`, gvfs' `smb-share:`) holds other people's files, with no
/// recycle bin: a tree deleted there is everyone's loss, however deep. WSL's `/mnt/c/...` is
/// the Windows drive, read as the Windows reader reads `C:\...`. Temporary and build folders
/// on a share stay disposable.
pub fn shared_scope(path: &str) -> Option<Scope> {
    let p = path.trim_matches(['"', '\'']);
    // Every place below starts so (the Windows reader's UNC and drive paths arrive lowercased).
    if !(p.starts_with("/mnt/")
        || p.starts_with("/net/")
        || p.starts_with("/run/user/")
        || has(p, "://"))
    {
        return None;
    }
    let lower = p.to_ascii_lowercase();
    // WSL: `/mnt/c/Users/bob` is `C:\Users\bob`.
    if let Some(rest) = lower.strip_prefix("/mnt/") {
        let rb = rest.as_bytes();
        if !rb.is_empty() && rb[0].is_ascii_alphabetic() && (rb.len() == 1 || rb[1] == b'/') {
            let win = format!("{}:/{}", rb[0] as char, rest.get(2..).unwrap_or(""));
            return Some(super::paths::scope(&super::windows::posix_path(&win)));
        }
    }
    let network = [
        "/net/",
        "smb://",
        "nfs://",
        "afp://",
        "cifs://",
        "webdav://",
    ]
    .iter()
    .any(|m| lower.starts_with(m))
        || lower.contains("/gvfs/smb-share:")
        || lower.strip_prefix("/mnt/").is_some_and(|r| {
            [
                "nfs",
                "smb",
                "cifs",
                "nas",
                "share",
                "shares",
                "fileserver",
                "netshare",
            ]
            .iter()
            .any(|m| r.starts_with(m))
        });
    if !network {
        return None;
    }
    let parts: Vec<&str> = lower.split('/').filter(|c| !c.is_empty()).collect();
    if parts.iter().any(|c| {
        matches!(
            *c,
            "tmp"
                | "temp"
                | ".cache"
                | "node_modules"
                | "__pycache__"
                | "build"
                | "dist"
                | "target"
                | "scratch"
        )
    }) {
        return Some(Scope::Disposable);
    }
    Some(Scope::Catastrophic)
}
