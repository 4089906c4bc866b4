//! Windows: cmd.exe's programs (`vssadmin`, `wevtutil`, `bcdedit`, `reg`, `sc`, `net`,
//! `cipher`, `format`, `rd`, `del`, `diskpart`, `wmic`, `wbadmin`, `schtasks`, `netsh`,
//! `icacls`, `takeown`, `taskkill`, `robocopy`, `shutdown /s`) and PowerShell's cmdlets, read by
//! their verb-noun structure.
//!
//! # Why a reader of its own
//!
//! Both shells treat `\` as a path separator, not an escape, so the POSIX parser would turn
//! `C:\Users` into `C:Users`: a Windows line is split here, with PowerShell's quoting (`'...'`
//! literal, `"..."` with backtick escapes) and its separators (`;`, `|`, `&&`, `||`, cmd's `&`,
//! script blocks' braces). Cmdlet and parameter names are case-insensitive and a parameter may
//! be written as any unambiguous prefix (`-Rec`, `-fo`), so they are compared folded and by
//! prefix.
//!
//! # How a command is graded
//!
//! - A read changes nothing: the `Get`, `Test`, `Find`, `Measure`, `Show`, `Select`, `Compare`,
//!   `Resolve`, `Wait`, `Out`, `ConvertTo` / `ConvertFrom` verbs, `Format-List` / `-Table` /
//!   `-Wide` / `-Custom` / `-Hex`, and any cmdlet given `-WhatIf`; cmd's `/?`.
//! - A deletion of files (`Remove-Item` and its aliases, `rd /s`, `del /s`, `Clear-Content`)
//!   is judged as the POSIX command it amounts to (`rm -r -f PATH`, `truncate -s 0 PATH`), the
//!   path mapped to the same scopes (a drive root is `/`, `C:\Windows` a system directory,
//!   `C:\Users\NAME` a home, `$env:TEMP` the temporary directory), by the filesystem recognizer.
//! - Destroying what makes recovery possible (shadow copies, backups, the boot's recovery, the
//!   event logs, a disk's partitions) is catastrophic; so is turning off the malware scanner or
//!   the firewall, and granting administrator rights.
//! - Stopping, disabling or removing one service, process, account or object is bounded
//!   (confirm); the same over everything a listing returns (`Get-X | Stop-X`, `-Filter *`, a
//!   name `*`) or on the system's own (the security services, `lsass`) is not.
//! - `-Confirm:$false`, `-Force`, `/q` and `/quiet` say the command runs without asking: the
//!   message says so; the severity comes from what is destroyed.

use super::{Context, finding, judge_as, paths};
use crate::finding::{Family, Finding, Severity};

/// One statement: its words (quoting removed) and whether its input is piped from the one
/// before it.
struct Statement {
    words: Vec<String>,
    piped: bool,
}

/// Judges the Windows commands of a command line; other text is left to the POSIX reader.
pub fn line(text: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if text.contains("]::") {
        dotnet_calls(text, depth, ctx, out);
    }
    if !may_be_windows(text) {
        return;
    }
    // What a variable or a subexpression carries to a sender (`$k = Get-Content .env;
    // irm -Body $k`).
    super::ps_flow::judge(text, out);
    let placed = placed_subexpressions(text);
    let text = placed.as_deref().unwrap_or(text);
    let statements = split(text);
    for (i, st) in statements.iter().enumerate() {
        let upstream = (st.piped && i > 0).then(|| &statements[i - 1]);
        statement(st, upstream, depth, ctx, out);
        guard_fed(&statements[..=i], ctx, out);
    }
}

/// A cmdlet that stops, removes or disables what its pipeline lists, when a statement up the
/// pipe picks airlock (`Get-Service | Where-Object {$_.Name -like '*airlock*'} |
/// Stop-Service`): the guard itself, as `Stop-Service airlock` is.
fn guard_fed(pipeline: &[Statement], ctx: &mut Context, out: &mut Vec<Finding>) {
    let Some((last, before)) = pipeline.split_last() else {
        return;
    };
    let takes_away = last.piped
        && last.words.first().is_some_and(|w| {
            let l = w.to_ascii_lowercase();
            ["stop-", "remove-", "disable-", "unregister-", "suspend-"]
                .iter()
                .any(|v| l.starts_with(v))
                || matches!(l.as_str(), "kill" | "spps" | "taskkill")
        });
    if !takes_away {
        return;
    }
    // The statements joined to it by pipes, nearest first.
    let mut piped = true;
    let names_guard = before.iter().rev().any(|st| {
        let this = piped;
        piped = st.piped;
        this && st
            .words
            .iter()
            .any(|w| w.to_ascii_lowercase().contains("airlock"))
    });
    if names_guard {
        ctx.tampering = true;
        push(
            out,
            Family::Tampering,
            "tampering.process",
            Severity::Stop,
            format!(
                "{} is fed airlock by the listing before it: the guard itself",
                last.words[0]
            ),
        );
    }
}

/// The line with PowerShell's place subexpressions replaced by the path they name
/// (`(Join-Path $HOME '.ssh')` is `'$HOME/.ssh'`, `([Environment]::GetFolderPath('MyDocuments'))`
/// is `'$HOME/Documents'`), read by [`super::places`]; `None` when the line has none.
fn placed_subexpressions(text: &str) -> Option<String> {
    let found = |needle: &[u8]| {
        text.as_bytes()
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle))
    };
    if !found(b"(join-path ") && !found(b"getfolderpath(") {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let after = rest[open + 1..].trim_start().to_ascii_lowercase();
        let close = (after.starts_with("join-path ")
            || after.starts_with("[environment]::getfolderpath(")
            || after.starts_with("[system.environment]::getfolderpath("))
        .then(|| matching_paren(rest, open))
        .flatten();
        let Some(close) = close else {
            out.push_str(&rest[..=open]);
            rest = &rest[open + 1..];
            continue;
        };
        out.push_str(&rest[..open]);
        let inner = &rest[open + 1..close];
        match super::places::code_path(inner.trim(), "") {
            Some(p) => {
                let p = p
                    .strip_prefix('~')
                    .map_or(p.clone(), |r| format!("$HOME{r}"));
                out.push('\'');
                out.push_str(&p.replace('\'', ""));
                out.push('\'');
            }
            None => out.push_str(&rest[open..=close]),
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    Some(out)
}

/// The `)` closing the `(` at `open`.
fn matching_paren(s: &str, open: usize) -> Option<usize> {
    let mut depth = 0_i32;
    for (i, c) in s.bytes().enumerate().skip(open) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// A cheap test on the words that start a statement (the text's first, and each after `;`,
/// `|`, `&`, a line break or a brace): a Windows program or a cmdlet. It runs for every
/// command line, so it reads bytes without allocating and skips the words in between.
fn may_be_windows(text: &str) -> bool {
    let b = text.as_bytes();
    if windows_home_marker(b) {
        return true;
    }
    let mut i = 0;
    loop {
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r' | b'\n' | b'(' | b'{' | b'&') {
            i += 1;
        }
        let start = i;
        while i < b.len() && !matches!(b[i], b' ' | b'\t' | b'\r' | b'\n' | b';' | b'|' | b'&') {
            i += 1;
        }
        if i > start {
            let w = &text[start..i];
            if program_known(w) || verb_prefix(w) {
                return true;
            }
        }
        // On to the next statement.
        while i < b.len() && !matches!(b[i], b';' | b'|' | b'&' | b'\n' | b'{') {
            i += 1;
        }
        if i >= b.len() {
            return false;
        }
        i += 1;
    }
}

/// A home directory spelled the Windows way anywhere in the text (`$env:USERPROFILE\`,
/// `%USERPROFILE%\`, `~\`): a POSIX reader would read the backslashes as escapes and lose the
/// path (`cat ~\.ssh\id_rsa` is `cat ~.sshid_rsa` to it), so the line is read here too.
fn windows_home_marker(b: &[u8]) -> bool {
    b.windows(2).enumerate().any(|(i, w)| {
        w[1] == b'\\'
            && match w[0] {
                b'~' => i == 0 || matches!(b[i - 1], b' ' | b'\t' | b'"' | b'\''),
                b'%' | b'E' | b'e' => {
                    let head = &b[..=i];
                    [
                        &b"%userprofile%"[..],
                        b"%homepath%",
                        b"$env:userprofile",
                        b"$env:home",
                        b"$home",
                    ]
                    .iter()
                    .any(|m| {
                        head.len() >= m.len()
                            && head[head.len() - m.len()..].eq_ignore_ascii_case(m)
                    })
                }
                _ => false,
            }
    })
}

/// Whether a word starts with an approved verb and a dash (`Remove-`), case-insensitively.
fn verb_prefix(w: &str) -> bool {
    let Some((verb, _)) = w.split_once('-') else {
        return false;
    };
    (3..=11).contains(&verb.len()) && VERBS.iter().any(|v| v.eq_ignore_ascii_case(verb))
}

/// The name a program word runs: its last path component without `.exe` (case kept).
pub(super) fn program_base(w: &str) -> &str {
    let name = w.rsplit(['\\', '/']).next().unwrap_or(w);
    match name.len().checked_sub(4) {
        // `format.com`: DOS-era `.com` executables are run by the same name.
        Some(at)
            if name.is_char_boundary(at)
                && (name[at..].eq_ignore_ascii_case(".exe")
                    || name[at..].eq_ignore_ascii_case(".com")) =>
        {
            &name[..at]
        }
        _ => name,
    }
}

/// The program a word names: path and `.exe` removed, lowercased.
fn program(w: &str) -> String {
    program_base(w).to_ascii_lowercase()
}

/// cmd.exe programs this reader knows (`rd`, `del` and `rmdir` too, which POSIX shares: those
/// are claimed only with cmd's switches or a Windows path).
fn program_known(w: &str) -> bool {
    const KNOWN: &[&str] = &[
        "vssadmin",
        "wevtutil",
        "bcdedit",
        "reg",
        "sc",
        "net",
        "net1",
        "cipher",
        "format",
        "diskpart",
        "wmic",
        "wbadmin",
        "schtasks",
        "netsh",
        "icacls",
        "takeown",
        "taskkill",
        "robocopy",
        "shutdown",
        "cmd",
        "doskey",
        "rd",
        "rmdir",
        "del",
        "erase",
        "ri",
        "rm",
        "spsv",
        "kill",
        // Programs judged as the command they amount to (`equivalents`).
        "mshta",
        "regsvr32",
        "msiexec",
        "rundll32",
        "certutil",
        "bitsadmin",
        "iwr",
        "irm",
        "saps",
        // Sysinternals' secure delete: files deleted for good, overwritten first.
        "sdelete",
        "sdelete64",
        // Readers of a file's text (`gc` is Get-Content's alias, `type` cmd's).
        "gc",
        "type",
    ];
    if w.len() > 40 {
        return false;
    }
    let name = program_base(w);
    (2..=9).contains(&name.len()) && KNOWN.iter().any(|k| k.eq_ignore_ascii_case(name))
}

/// PowerShell's approved verbs that this reader grades or reads (lowercase).
const VERBS: &[&str] = &[
    "add",
    "block",
    "clear",
    "compare",
    "compress",
    "convertfrom",
    "convertto",
    "disable",
    "dismount",
    "enable",
    "export",
    "find",
    "format",
    "get",
    "grant",
    "initialize",
    "install",
    "invoke",
    "measure",
    "new",
    "out",
    "remove",
    "reset",
    "resolve",
    "restart",
    "revoke",
    "search",
    "select",
    "set",
    "show",
    "start",
    "stop",
    "suspend",
    "test",
    "uninstall",
    "unregister",
    "update",
    "wait",
    "write",
];

/// A cmdlet's verb and noun, lowercased (`Remove-Item` is `("remove", "item")`), when `w` has
/// the `Verb-Noun` shape with an approved verb.
fn cmdlet(w: &str) -> Option<(String, String)> {
    let (verb, noun) = w.split_once('-')?;
    if noun.is_empty() || !noun.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    let verb = verb.to_ascii_lowercase();
    VERBS
        .contains(&verb.as_str())
        .then(|| (verb, noun.to_ascii_lowercase()))
}

/// Whether a word is a cmdlet's name (`remove-item`, `Invoke-Sqlcmd`): an approved verb, a dash
/// and a noun of letters and digits.
pub fn is_cmdlet_name(w: &str) -> bool {
    verb_prefix(w) && cmdlet(w).is_some()
}

/// Whether a text starts with a PowerShell cmdlet (a verb this reader knows, then a noun
/// written as PowerShell writes it, `Remove-Item`, or followed by a parameter or a Windows
/// path): English's "Set-up the database" and "write-up" are not commands.
pub fn starts_with_cmdlet(t: &str) -> bool {
    let first_end = t.find(char::is_whitespace).unwrap_or(t.len());
    let first = &t[..first_end];
    if !verb_prefix(first) || cmdlet(first).is_none() {
        return false;
    }
    let mut words = t[first_end..].split_whitespace();
    written_as_cmdlet(first, words.next().unwrap_or(""))
}

/// A cmdlet as PowerShell writes it: the noun in PascalCase (`Remove-Item`, `Remove-ADUser`),
/// or any case followed by a parameter, a variable or a Windows path (`remove-item -recurse`).
/// English's `Set-up`, a task named `reset-database` and shouted `RESET-DATABASE` are not.
fn written_as_cmdlet(first: &str, second: &str) -> bool {
    let pascal = first.split_once('-').is_some_and(|(_, n)| {
        n.starts_with(|c: char| c.is_ascii_uppercase()) && n.bytes().any(|b| b.is_ascii_lowercase())
    });
    pascal
        || second.starts_with('-') && second.len() > 1
        || second.contains(":\\")
        || second.starts_with('$')
}

/// Splits a Windows command line into statements, quoting removed (PowerShell's and cmd's).
fn split(text: &str) -> Vec<Statement> {
    let mut out = Vec::new();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut piped = false;
    let mut chars = text.chars().peekable();
    let mut end = |words: &mut Vec<String>, word: &mut String, in_word: &mut bool, pipe: bool| {
        if *in_word {
            words.push(std::mem::take(word));
            *in_word = false;
        }
        if !words.is_empty() {
            out.push(Statement {
                words: std::mem::take(words),
                piped,
            });
        }
        piped = pipe;
    };
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for q in chars.by_ref() {
                    if q == '\'' {
                        break;
                    }
                    word.push(q);
                }
            }
            '"' => {
                in_word = true;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => break,
                        // PowerShell's escapes in a double-quoted string (about_Special_Characters):
                        // `` `n ``, `` `r ``, `` `t `` are a line feed, a return and a tab.
                        '`' => match chars.next() {
                            Some('n') => word.push('\n'),
                            Some('r') => word.push('\r'),
                            Some('t') => word.push('\t'),
                            other => word.extend(other),
                        },
                        _ => word.push(q),
                    }
                }
            }
            '`' => {
                in_word = true;
                word.extend(chars.next());
            }
            '|' => {
                let or = chars.peek() == Some(&'|');
                if or {
                    chars.next();
                }
                end(&mut words, &mut word, &mut in_word, !or);
            }
            // `{default}` (bcdedit's identifiers, GUIDs): a word, not a script block.
            '{' if {
                let ahead: String = chars.clone().take_while(|&n| n != '}').collect();
                !ahead.is_empty() && !ahead.contains(char::is_whitespace) && ahead.len() < 40
            } =>
            {
                in_word = true;
                word.push('{');
                for n in chars.by_ref() {
                    word.push(n);
                    if n == '}' {
                        break;
                    }
                }
            }
            ';' | '\n' | '{' | '}' | '(' | ')' => end(&mut words, &mut word, &mut in_word, false),
            '&' => {
                if chars.peek() == Some(&'&') {
                    chars.next();
                    end(&mut words, &mut word, &mut in_word, false);
                } else if words.is_empty() && !in_word {
                    // PowerShell's call operator: `& "C:\tools\x.exe" args`.
                } else {
                    end(&mut words, &mut word, &mut in_word, false);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    end(&mut words, &mut word, &mut in_word, false);
    out
}

/// The arguments of a statement, with PowerShell's parameters read by prefix.
pub(super) struct Args<'s> {
    pub(super) words: &'s [String],
}

impl<'s> Args<'s> {
    /// Whether a parameter is given (`-Recurse`, or a prefix of at least `min` letters of it,
    /// `-Rec`; `-Confirm:$false` is `-Confirm`), case-insensitively.
    pub(super) fn param(&self, name: &str, min: usize) -> bool {
        self.param_value(name, min).is_some()
    }

    /// The parameter's word and its value (`-Name:v`, or the next word when it is no
    /// parameter); `Some((w, None))` for a switch.
    pub(super) fn param_value(&self, name: &str, min: usize) -> Option<(&'s str, Option<&'s str>)> {
        let name = name.to_ascii_lowercase();
        for (i, w) in self.words.iter().enumerate() {
            let Some(p) = w.strip_prefix('-') else {
                continue;
            };
            let (p, inline) = match p.split_once(':') {
                Some((p, v)) => (p, Some(v)),
                None => (p, None),
            };
            let p = p.to_ascii_lowercase();
            if p.len() >= min.min(name.len()) && name.starts_with(&p) {
                let next = self
                    .words
                    .get(i + 1)
                    .map(String::as_str)
                    .filter(|n| !n.starts_with('-') || n.parse::<f64>().is_ok());
                return Some((w.as_str(), inline.or(next)));
            }
        }
        None
    }

    /// A cmd switch (`/s`, `/Q`, `/all`), case-insensitively. Only with a slash: `-f` is a
    /// POSIX flag or a PowerShell parameter (read by [`Args::param`]).
    fn switch(&self, name: &str) -> bool {
        self.words.iter().any(|w| {
            w.strip_prefix('/').is_some_and(|s| {
                let s = s.split(':').next().unwrap_or(s);
                s.eq_ignore_ascii_case(name)
            })
        })
    }

    /// The words that are neither parameters nor switches, nor the values of `valued`
    /// parameters (case-insensitive prefixes of at least three letters).
    pub(super) fn operands(&self, valued: &[&str]) -> Vec<&'s str> {
        let mut out = Vec::new();
        let mut skip = false;
        for w in self.words {
            if skip {
                skip = false;
                continue;
            }
            if let Some(p) = w.strip_prefix('-') {
                let bare = p.split(':').next().unwrap_or(p).to_ascii_lowercase();
                if !p.contains(':')
                    && bare.len() >= 2
                    && valued.iter().any(|v| v.starts_with(&bare))
                {
                    skip = true;
                }
                continue;
            }
            if w.starts_with('/') && w.len() <= 12 && !w[1..].contains(['/', '\\']) {
                continue;
            }
            out.push(w.as_str());
        }
        out
    }

    /// Whether any word equals `w` (case-insensitive).
    fn has(&self, w: &str) -> bool {
        self.words.iter().any(|x| x.eq_ignore_ascii_case(w))
    }

    /// Runs without asking: `-Force`, `-Confirm:$false`, `/q`, `/quiet`, `-quiet`, `/y`.
    fn unattended(&self) -> bool {
        self.param("force", 2)
            || self
                .words
                .iter()
                .any(|w| w.to_ascii_lowercase().starts_with("-confirm:$false"))
            || self.switch("q")
            || self.switch("quiet")
            || self.switch("y")
            || self.words.iter().any(|w| w.eq_ignore_ascii_case("-quiet"))
    }
}

/// A POSIX path with the same scope as a Windows path: a drive root is `/`, the system's
/// directories are `/usr/...`, `C:\Users\NAME` is a home, `$env:TEMP` is `/tmp`, another
/// top-level directory (`D:\Shares`) a directory under `/srv`, a UNC share `\\host\share`
/// one too; relative paths keep their components.
pub fn posix_path(w: &str) -> String {
    let w = w.trim_matches(['"', '\'']);
    let mut lower = w.to_ascii_lowercase().replace('\\', "/");
    // cmd's `*.*` matches every file, with an extension or without: `*`.
    if lower.ends_with("/*.*") {
        lower.truncate(lower.len() - 2);
    }
    // Environment variables, PowerShell's and cmd's spellings.
    const VARS: &[(&str, &str)] = &[
        ("$env:temp", "/tmp"),
        ("$env:tmp", "/tmp"),
        ("%temp%", "/tmp"),
        ("%tmp%", "/tmp"),
        ("$env:userprofile", "~"),
        ("%userprofile%", "~"),
        ("$env:homepath", "~"),
        ("%homepath%", "~"),
        ("$home", "~"),
        ("$env:home", "~"),
        ("$env:appdata", "~/appdata/roaming"),
        ("%appdata%", "~/appdata/roaming"),
        ("$env:localappdata", "~/appdata/local"),
        ("%localappdata%", "~/appdata/local"),
        ("$env:systemroot", "/usr/windows"),
        ("%systemroot%", "/usr/windows"),
        ("$env:windir", "/usr/windows"),
        ("%windir%", "/usr/windows"),
        ("$env:programfiles", "/usr/program files"),
        ("%programfiles%", "/usr/program files"),
        ("$env:programdata", "/usr/programdata"),
        ("%programdata%", "/usr/programdata"),
        ("$env:systemdrive", "/"),
        ("%systemdrive%", "/"),
    ];
    for (var, to) in VARS {
        if let Some(rest) = lower.strip_prefix(var) {
            return format!("{to}{}", if rest == "/" { "" } else { rest });
        }
    }
    // `\\host\share\rest`: a share of another machine, read where autofs mounts one
    // (`/net/host/share/rest`, [`super::places::shared_scope`]).
    if let Some(unc) = lower.strip_prefix("//") {
        return format!("/net/{unc}");
    }
    let b = lower.as_bytes();
    let drive = b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':';
    if !drive {
        return lower;
    }
    let rest = lower[2..].trim_start_matches('/');
    if rest.is_empty() || rest == "*" || rest == "*.*" {
        return "/".to_owned();
    }
    let (top, below) = rest.split_once('/').unwrap_or((rest, ""));
    let below = if below.is_empty() {
        String::new()
    } else {
        format!("/{below}")
    };
    match top {
        "windows"
        | "program files"
        | "program files (x86)"
        | "programdata"
        | "boot"
        | "recovery"
        | "system volume information" => format!("/usr/{top}{below}"),
        "users" | "documents and settings" => format!("/home{below}"),
        "temp" | "tmp" => format!("/tmp{below}"),
        // A folder that holds a file server's shares (`D:\Shares\Engineering`): each folder
        // in it is a share, a top-level data directory of its own, as `\\host\share` is.
        "shares" | "share" | "shared" | "fileshares" | "smbshares" | "departments" | "groups"
        | "teams" | "homes" | "profiles"
            if !below.is_empty() =>
        {
            format!("/srv{below}")
        }
        _ => format!("/srv/{top}{below}"),
    }
}

/// A registry path's hive root (`HKLM:\SOFTWARE`, `HKEY_LOCAL_MACHINE\SYSTEM`) and whether
/// the path is that root or one of the machine's top keys (deleting it breaks Windows).
fn registry(w: &str) -> Option<bool> {
    let l = w
        .trim_matches(['"', '\''])
        .to_ascii_lowercase()
        .replace('/', "\\");
    let l = l.strip_prefix("registry::").unwrap_or(&l);
    let rest = [
        "hklm:",
        "hkcu:",
        "hkey_local_machine",
        "hkey_current_user",
        "hklm",
        "hkcu",
        "hkcr",
        "hku",
        "hkey_users",
        "hkey_classes_root",
    ]
    .iter()
    .find_map(|h| l.strip_prefix(h))?;
    let rest = rest.trim_matches('\\');
    // The machine's top keys, and the keys Windows itself lives in under them.
    const WINDOWS_KEYS: &[&str] = &[
        "software",
        "system",
        "sam",
        "security",
        "software\\microsoft",
        "software\\microsoft\\windows",
        "software\\microsoft\\windows nt",
        "software\\classes",
        "software\\policies",
        "software\\wow6432node",
        "system\\currentcontrolset",
        "system\\currentcontrolset\\services",
        "system\\currentcontrolset\\control",
        "system\\controlset001",
        "system\\setup",
    ];
    Some(rest.is_empty() || WINDOWS_KEYS.contains(&rest))
}

/// Pushes a Windows finding.
fn push(out: &mut Vec<Finding>, family: Family, code: &'static str, s: Severity, msg: String) {
    out.push(finding(family, code, s, msg));
}

fn quote(w: &str) -> String {
    format!("'{}'", w.replace('\'', "'\\''"))
}

/// Security services: stopping or disabling one turns off a protection.
fn security_service(name: &str) -> bool {
    let n = name.trim_matches(['"', '\'']).to_ascii_lowercase();
    matches!(
        n.as_str(),
        "windefend"
            | "sense"
            | "wdnissvc"
            | "wdfilter"
            | "mpssvc"
            | "bfe"
            | "eventlog"
            | "wscsvc"
            | "securityhealthservice"
            | "sysmon"
            | "sysmon64"
            | "wuauserv"
            | "vss"
            | "sppsvc"
            | "wbengine"
    ) || n.contains("defender")
        || n.contains("crowdstrike")
        || n.contains("csagent")
        || n.contains("sentinel")
}

/// Processes the system cannot run without: killing one crashes or halts Windows.
fn critical_process(name: &str) -> bool {
    let n = name.trim_matches(['"', '\'']).to_ascii_lowercase();
    let n = n.strip_suffix(".exe").unwrap_or(&n);
    matches!(
        n,
        "lsass" | "csrss" | "wininit" | "winlogon" | "smss" | "services" | "svchost" | "system"
    )
}

/// Privileged groups: adding an account to one makes it an administrator.
fn admin_group(g: &str) -> bool {
    let g = g.trim_matches(['"', '\'']).to_ascii_lowercase();
    matches!(
        g.as_str(),
        "administrators"
            | "domain admins"
            | "enterprise admins"
            | "schema admins"
            | "account operators"
            | "backup operators"
            | "remote desktop users"
    )
}

fn statement(
    st: &Statement,
    upstream: Option<&Statement>,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let Some((first, rest)) = st.words.split_first() else {
        return;
    };
    let args = Args { words: rest };
    // `-WhatIf` and cmd's `/?` only say what would happen.
    // `-WhatIf:$false` turns it off: the command runs.
    let what_if_off = args.words.iter().any(|w| {
        let l = w.to_ascii_lowercase();
        l.starts_with("-w") && (l.ends_with(":$false") || l.ends_with(":0"))
    });
    if args.param("whatif", 2)
        && !what_if_off
        && args.words.iter().any(|w| w.len() > 2 && w.starts_with('-'))
    {
        return;
    }
    if args.has("/?") {
        return;
    }
    let p = program(first);
    // What PowerShell writes into a file, for a later program that runs it as its script.
    super::scripts::record_windows(&p, rest, upstream.map(|u| u.words.as_slice()), ctx);
    super::definitions::record_windows(&p, rest, ctx);
    // cmd.exe runs every word after `/c` or `/k` as one command line (cmd /?): judged as
    // that line typed at the prompt.
    if p == "cmd"
        && let Some(at) = rest
            .iter()
            .position(|w| w.eq_ignore_ascii_case("/c") || w.eq_ignore_ascii_case("/k"))
        && at + 1 < rest.len()
    {
        line(&rest[at + 1..].join(" "), depth + 1, ctx, out);
        return;
    }
    // A program that amounts to another command (`certutil -urlcache -f URL a.exe` downloads,
    // `mshta URL` runs code from the network, `Restart-Service x` is `systemctl restart x`):
    // judged as that command ([`super::equivalents`]).
    if let Some(equivalent) = super::equivalents::windows(&p, rest) {
        if let super::equivalents::Equivalent::Here(line) = equivalent {
            judge_as(&st.words.join(" "), &line, depth, ctx, out);
        }
        return;
    }
    // A file downloaded earlier run by its Windows path (`C:\Users\Public\a.exe`,
    // `.\a.exe`, `$env:TEMP\a.exe`): running downloaded code, as `./a.exe` is.
    // The file's name as written (its extension kept: `a.exe` was downloaded as `a.exe`).
    let base = first.rsplit(['\\', '/']).next().unwrap_or(first);
    let lower_base = base.to_ascii_lowercase();
    let executable = [
        ".exe", ".bat", ".cmd", ".ps1", ".msi", ".vbs", ".hta", ".scr", ".com",
    ]
    .iter()
    .any(|e| lower_base.ends_with(e));
    if (first.contains('\\') || first.starts_with('$') || first.starts_with('%') || executable)
        && ctx.downloaded(base)
    {
        judge_as(
            first,
            &format!("./{}", super::equivalents::quote(base)),
            depth,
            ctx,
            out,
        );
        return;
    }
    if let Some((verb, noun)) = cmdlet(first)
        && written_as_cmdlet(first, rest.first().map_or("", String::as_str))
    {
        powershell(&verb, &noun, first, &args, upstream, depth, ctx, out);
        return;
    }
    match p.as_str() {
        "ri" | "rm" | "rmdir" | "rd" | "del" | "erase" => {
            remove(&p, &args, upstream, depth, ctx, out)
        }
        // Get-Content's alias, cmd's `type`, and `cat` given a Windows path: a read of the file.
        "gc" => read_files(first, &args, depth, ctx, out),
        "type" | "cat"
            if args
                .operands(&[])
                .iter()
                .any(|w| w.contains('\\') || w.starts_with('%') || w.starts_with('$')) =>
        {
            read_files(first, &args, depth, ctx, out)
        }
        "spsv" => powershell("stop", "service", first, &args, upstream, depth, ctx, out),
        "kill" if args.param("force", 2) || args.param("name", 2) => {
            powershell("stop", "process", first, &args, upstream, depth, ctx, out)
        }
        _ => cmd_program(&p, &args, depth, ctx, out),
    }
}

/// Get-Content (`gc`, cmd's `type`): the files it prints are read as `cat` reads them, so a
/// secret's file (`$env:USERPROFILE\.aws\credentials`, `~\.ssh\id_rsa`) is a secret read.
fn read_files(name: &str, args: &Args<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    const VALUED: &[&str] = &[
        "path",
        "literalpath",
        "tail",
        "totalcount",
        "head",
        "first",
        "encoding",
        "delimiter",
        "readcount",
        "stream",
        "filter",
        "include",
        "exclude",
        "credential",
    ];
    judge_files(name, args.operands(VALUED), "cat", args, depth, ctx, out);
}

/// Judges each file a content cmdlet reads or empties (`targets`, then every comma-separated
/// `-Path` and `-LiteralPath` value) as the POSIX `equivalent` run on that file.
fn judge_files<'s>(
    name: &str,
    mut targets: Vec<&'s str>,
    equivalent: &str,
    args: &Args<'s>,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    for param in ["path", "literalpath"] {
        if let Some((_, Some(v))) = args.param_value(param, 3) {
            targets.extend(v.split(','));
        }
    }
    for t in targets {
        judge_as(
            &format!("{name} {t}"),
            &format!("{equivalent} {}", quote(&posix_path(t))),
            depth,
            ctx,
            out,
        );
    }
}

/// `Remove-Item` and its aliases (PowerShell's parameters), and cmd's `rd` / `del` (its
/// switches): judged as the rm they amount to. A POSIX `rm -rf x` is not claimed here.
fn remove(
    p: &str,
    args: &Args<'_>,
    upstream: Option<&Statement>,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    // A drive (`C:\x`, `D:/x`), a share (`\\\\host\\share`) or an environment variable
    // (`$env:TEMP`, `%TEMP%`).
    let windows_path = |w: &str| {
        let b = w.as_bytes();
        b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/')
            || b.len() == 2 && b[0].is_ascii_alphabetic() && b[1] == b':'
            || w.starts_with("\\\\")
            || w.to_ascii_lowercase().starts_with("$env:")
            || w.starts_with('%') && w[1..].contains('%')
    };
    let ps_params = args.words.iter().any(|w| {
        w.len() > 2
            && w.starts_with('-')
            && [
                "recurse",
                "force",
                "path",
                "literalpath",
                "include",
                "filter",
            ]
            .iter()
            .any(|n| n.starts_with(&w[1..].split(':').next().unwrap_or("").to_ascii_lowercase()))
    });
    // `rm` and `rmdir` are POSIX's too: claimed only with PowerShell's parameters or a
    // Windows path; cmd's `rd`, `del`, `erase` also with their switches.
    let slashes = args.switch("s") || args.switch("q") || args.switch("f");
    let cmd_switches = !matches!(p, "rm" | "rmdir" | "ri") && slashes;
    // The first operand: a Windows path elsewhere in a long text is not this command's.
    // A Windows path, or a relative path with backslashes (`.github\hooks\x.json`: POSIX
    // would have read them as escapes).
    let first_target = args
        .operands(&["path", "literalpath", "filter", "include", "exclude"])
        .first()
        .is_some_and(|w| {
            windows_path(w)
                || !w.contains('/') && w.split('\\').filter(|c| !c.is_empty()).count() >= 2
        });
    if !(p == "remove-item" || ps_params || cmd_switches || first_target) {
        return;
    }
    let cmd_style = matches!(p, "rd" | "rmdir" | "del" | "erase") && slashes && !ps_params;
    let recursive = if cmd_style {
        args.switch("s")
    } else {
        args.param("recurse", 1)
    };
    let mut targets: Vec<String> = args
        .operands(&[
            "path",
            "literalpath",
            "filter",
            "include",
            "exclude",
            "credential",
            "stream",
        ])
        .into_iter()
        .map(str::to_owned)
        .collect();
    for name in ["path", "literalpath"] {
        if let Some((_, Some(v))) = args.param_value(name, 3) {
            targets.extend(v.split(',').map(str::to_owned));
        }
    }
    // A list of paths (`.\bin, .\obj`, `bin,obj`) is one path each.
    let mut targets: Vec<String> = targets
        .iter()
        .flat_map(|t| t.split(','))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned)
        .collect();
    // Only build output under the project, named directly (`Remove-Item -Recurse -Force
    // .\bin, .\obj`): bounded, made again by the next build ([`super::build_output`]).
    if upstream.is_none() && !targets.is_empty() {
        let named: Vec<&str> = targets.iter().map(String::as_str).collect();
        if super::build_output::cleanup(&named, &[]) {
            return;
        }
    }
    // `Get-ChildItem C:\x -Recurse | Remove-Item`: what the listing returns.
    if targets.is_empty()
        && let Some(up) = upstream
        && up.words.first().is_some_and(|w| {
            matches!(
                program(w).as_str(),
                "get-childitem" | "gci" | "dir" | "ls" | "get-item" | "gi"
            )
        })
    {
        let up_args = Args {
            words: &up.words[1..],
        };
        // Every place the listing starts from (`a, b` and `a,b` are one list), and the names
        // it keeps (`-Include bin,obj`, `-Filter dist`).
        let mut roots: Vec<&str> = up_args
            .operands(&[
                "path",
                "literalpath",
                "filter",
                "include",
                "exclude",
                "depth",
            ])
            .into_iter()
            .flat_map(|w| w.split(','))
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .collect();
        for name in ["path", "literalpath"] {
            if let Some((_, Some(v))) = up_args.param_value(name, 3) {
                roots.extend(v.split(',').map(str::trim).filter(|w| !w.is_empty()));
            }
        }
        let mut picked: Vec<&str> = Vec::new();
        for name in ["include", "filter"] {
            if let Some((_, Some(v))) = up_args.param_value(name, 3) {
                picked.extend(v.split(',').map(str::trim).filter(|w| !w.is_empty()));
            }
        }
        // Only build output under the project (`-Include bin,obj` from `.`): bounded, made
        // again by the next build ([`super::build_output`]).
        if super::build_output::cleanup(&roots, &picked) && !up_args.param("exclude", 3) {
            return;
        }
        if roots.is_empty() {
            targets.push(".".to_owned());
        }
        for d in roots {
            targets.push(format!("{}\\*", d.trim_end_matches('\\')));
        }
    }
    for t in targets {
        if registry(&t).is_some() {
            registry_delete(&t, recursive, args, out);
            continue;
        }
        let posix = posix_path(&t);
        let flags = if recursive { "-rf" } else { "-f" };
        let what = if cmd_style {
            format!("{p} {}{t}", if recursive { "/s " } else { "" })
        } else {
            format!(
                "Remove-Item {t}{}",
                if recursive { " -Recurse" } else { "" }
            )
        };
        judge_as(
            &what,
            &format!("rm {flags} {}", quote(&posix)),
            depth,
            ctx,
            out,
        );
    }
}

/// A registry key deleted: the machine's top keys break Windows; another key is bounded.
fn registry_delete(key: &str, recursive: bool, args: &Args<'_>, out: &mut Vec<Finding>) {
    let top = registry(key).unwrap_or(false);
    push(
        out,
        Family::System,
        "windows.registry-delete",
        if top {
            Severity::Stop
        } else {
            Severity::Confirm
        },
        format!(
            "deletes the registry key {key}{}{}",
            if recursive {
                " and everything under it"
            } else {
                ""
            },
            if args.unattended() {
                ", without asking"
            } else {
                ""
            }
        ),
    );
}

/// A cmdlet, graded by its verb and noun.
#[allow(clippy::too_many_arguments)]
fn powershell(
    verb: &str,
    noun: &str,
    name: &str,
    args: &Args<'_>,
    upstream: Option<&Statement>,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let quiet = if args.unattended() {
        ", without asking"
    } else {
        ""
    };
    // Everything a listing returns piped in, or a wildcard name / filter: the whole set.
    let piped_all = upstream.is_some_and(|u| {
        u.words.first().is_some_and(|w| {
            // `Search-ADAccount -AccountInactive` lists accounts as `Get-ADUser` does.
            cmdlet(w).is_some_and(|(v, _)| v == "get" || v == "search")
                || matches!(
                    program(w).as_str(),
                    "gci" | "dir" | "ls" | "gsv" | "gps" | "ps"
                )
        })
    });
    let wildcard = args
        .operands(&[
            "name",
            "filter",
            "searchbase",
            "identity",
            "computername",
            "server",
        ])
        .contains(&"*")
        || args
            .param_value("filter", 3)
            .is_some_and(|(_, v)| v.is_some_and(|v| v.trim() == "*"))
        || args
            .param_value("name", 2)
            .is_some_and(|(_, v)| v == Some("*"));
    let all = piped_all || wildcard;
    let named = |param: &str| -> Vec<&str> {
        let mut v: Vec<&str> = args
            .param_value(param, 2)
            .and_then(|(_, v)| v)
            .map(|v| v.split(',').collect())
            .unwrap_or_default();
        if v.is_empty() {
            v = args.operands(&["name", "displayname", "inputobject", "computername", "id"]);
        }
        v
    };
    let sev_all = |one: Severity, many: Severity| if all { many } else { one };
    let fam_sys = Family::System;
    // The guard named as the object of a cmdlet that stops, disables, removes or resets it
    // (`Stop-ScheduledTask -TaskName airlock-serve`, `Disable-ScheduledTask`, `Remove-Service`):
    // whatever the noun, the guard is switched off.
    if DESTRUCTIVE_VERBS.contains(&verb)
        && args
            .words
            .iter()
            .any(|w| !w.starts_with('-') && w.to_ascii_lowercase().contains("airlock"))
    {
        push(
            out,
            Family::Tampering,
            "tampering.stop-guard",
            Severity::Stop,
            format!("{name} {verb}s airlock's own {noun}: the guard is switched off"),
        );
    }
    // A statement given to a query cmdlet (`Invoke-Sqlcmd -Query`, dbatools' `Invoke-DbaQuery
    // -Query`, `Invoke-SqliteQuery -Query`), read in its own language ([`super::embedded`]).
    for param in ["query", "sql", "statement"] {
        if let Some((_, Some(text))) = args.param_value(param, param.len()) {
            super::embedded::judge_text(text, name, depth, ctx, out);
        }
    }
    // A tenant's devices, mail and directory, and the host's own remote access and recovery:
    // graded by their own readers, the table below still reads the verb.
    super::tenant_admin::cmdlet(verb, noun, name, args, all, out);
    super::windows_host::cmdlet(verb, noun, name, args, out);
    match (verb, noun) {
        // A secret store's value printed in plain text (`Get-Secret -AsPlainText`,
        // `Get-SSMParameter -WithDecryption`, `ConvertFrom-SecureString -AsPlainText`): the
        // secret is revealed to whoever reads the output.
        ("get" | "convertfrom" | "read" | "export", n)
            if (args.param("asplaintext", 3) || args.param("withdecryption", 5))
                && ([
                    "secret",
                    "credential",
                    "parameter",
                    "password",
                    "securestring",
                    "key",
                    "token",
                ]
                .iter()
                .any(|k| n.contains(k))) =>
        {
            push(
                out,
                Family::Secrets,
                "secrets.read",
                Severity::Confirm,
                format!("{name} prints a stored secret in plain text"),
            )
        }
        // Get-Content prints a file: what `cat` of it prints (a secret's file is read).
        ("get", "content") => read_files(name, args, depth, ctx, out),
        // Reads.
        (
            "get" | "test" | "find" | "measure" | "show" | "select" | "compare" | "resolve"
            | "wait" | "out" | "convertto" | "convertfrom" | "search" | "write" | "export",
            _,
        ) if !(verb == "search" && noun == "mailbox" && args.param("deletecontent", 3)) => {}
        ("format", "list" | "table" | "wide" | "custom" | "hex") => {}
        // Written as the cmdlet, it is PowerShell's delete whatever its target looks like
        // (`Remove-Item .github\hooks\x.json`, no `-Force`: a file not read-only goes as surely).
        ("remove", "item") => remove("remove-item", args, upstream, depth, ctx, out),
        // Restart-Service is a row of the equivalents; any other restart of a named thing
        // (`Restart-WebAppPool`, `Restart-WebItem`, `Restart-NetAdapter`) takes it down and
        // back up the same way: judged as the service restart it amounts to.
        ("restart", n) if n != "computer" => {
            let names = named("name");
            let names: Vec<String> = if names.is_empty() {
                vec![noun.to_owned()]
            } else {
                names.iter().map(|n| quote(n)).collect()
            };
            judge_as(
                &format!("{name} {}", names.join(" ")),
                &format!("systemctl restart {}", names.join(" ")),
                depth,
                ctx,
                out,
            );
        }
        // `Set-Content F -Value $null` (or `''`) writes nothing over F: Clear-Content spelled
        // with the writing cmdlet.
        ("set", "content")
            if {
                let ops = args.operands(&["path", "literalpath", "value", "encoding"]);
                args.param_value("value", 2)
                    .and_then(|(_, v)| v)
                    .or(ops.get(1).copied())
                    .is_some_and(|v| {
                        v.eq_ignore_ascii_case("$null") || matches!(v, "" | "''" | "\"\"")
                    })
            } =>
        {
            let mut targets = args.operands(&["path", "literalpath", "value", "encoding"]);
            targets.truncate(1);
            judge_files(name, targets, "truncate -s 0", args, depth, ctx, out);
        }
        ("clear", "content") => {
            let targets = args.operands(&["path", "literalpath", "filter", "include", "exclude"]);
            judge_files(name, targets, "truncate -s 0", args, depth, ctx, out);
        }
        // Disks, volumes, partitions: every byte on them.
        ("clear" | "initialize", "disk")
        | ("format", "volume")
        | ("remove", "partition" | "physicaldisk" | "storagepool" | "virtualdisk")
        | ("clear", "storagediagnosticinfo") => push(
            out,
            Family::Filesystem,
            "windows.disk-erase",
            if noun == "storagediagnosticinfo" {
                Severity::Note
            } else {
                Severity::Stop
            },
            format!("{name} erases a disk, volume or partition: every file on it is gone{quiet}"),
        ),
        // The malware scanner's protections turned off, or scanning excluded.
        ("set" | "add", "mppreference") => {
            let disabled: Vec<&str> = args
                .words
                .iter()
                .enumerate()
                .filter(|(i, w)| {
                    let l = w.to_ascii_lowercase();
                    let value = w
                        .split_once(':')
                        .map(|(_, v)| v.to_owned())
                        .or_else(|| args.words.get(i + 1).cloned())
                        .unwrap_or_default()
                        .to_ascii_lowercase();
                    let off = !matches!(value.as_str(), "$false" | "0" | "false");
                    l.starts_with("-disable") && off
                        || l.starts_with("-exclusion")
                        || (l.starts_with("-enablecontrolledfolderaccess")
                            || l.starts_with("-puaprotection")
                            || l.starts_with("-enablenetworkprotection")
                            || l.starts_with("-mapsreporting"))
                            && matches!(value.as_str(), "disabled" | "0" | "auditmode")
                })
                .map(|(_, w)| w.as_str())
                .collect();
            if !disabled.is_empty() {
                push(
                    out,
                    fam_sys,
                    "windows.defender-disabled",
                    Severity::Stop,
                    format!(
                        "{name} {} turns off or narrows Microsoft Defender's protection: malware runs unseen",
                        disabled.join(" ")
                    ),
                );
            }
        }
        ("uninstall" | "remove" | "disable", "windowsfeature" | "windowsoptionalfeature")
            if args
                .words
                .iter()
                .any(|w| w.to_ascii_lowercase().contains("defender")) =>
        {
            push(
                out,
                fam_sys,
                "windows.defender-disabled",
                Severity::Stop,
                format!("{name} removes Microsoft Defender"),
            )
        }
        // The firewall.
        ("set", "netfirewallprofile")
            if args.param_value("enabled", 2).is_some_and(|(_, v)| {
                v.is_some_and(|v| {
                    v.eq_ignore_ascii_case("false") || v == "0" || v.eq_ignore_ascii_case("$false")
                })
            }) =>
        {
            push(
                out,
                fam_sys,
                "windows.firewall-disabled",
                Severity::Stop,
                format!("{name} -Enabled False turns the firewall off"),
            )
        }
        ("disable" | "remove", "netfirewallrule") => push(
            out,
            fam_sys,
            "windows.firewall-rule",
            sev_all(Severity::Confirm, Severity::Stop),
            format!("{name} removes or disables firewall rules{quiet}"),
        ),
        // Event logs: the audit trail.
        ("clear" | "remove" | "limit", "eventlog") | ("clear", "winevent") => push(
            out,
            fam_sys,
            "windows.log-cleared",
            Severity::Verify,
            format!("{name} clears or removes an event log: the audit trail is gone"),
        ),
        // Services.
        ("stop" | "suspend" | "disable" | "remove" | "set", "service") => {
            if verb == "set"
                && !args
                    .param_value("startuptype", 2)
                    .is_some_and(|(_, v)| v.is_some_and(|v| v.eq_ignore_ascii_case("disabled")))
                && !args
                    .param_value("status", 2)
                    .is_some_and(|(_, v)| v.is_some_and(|v| v.eq_ignore_ascii_case("stopped")))
            {
                return;
            }
            let names = named("name");
            let security = names.iter().any(|n| security_service(n));
            push(
                out,
                fam_sys,
                "windows.service",
                if security || all {
                    Severity::Stop
                } else if verb == "remove" {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!(
                    "{name} {} {}{}{quiet}",
                    if names.is_empty() {
                        "services".to_owned()
                    } else {
                        names.join(", ")
                    },
                    if verb == "remove" {
                        "deletes the service"
                    } else {
                        "stops or disables the service"
                    },
                    if security {
                        ": a security service, its protection is off"
                    } else if all {
                        ": every service listed"
                    } else {
                        ""
                    }
                ),
            );
        }
        ("stop", "process") => {
            let names = named("name");
            let critical = names.iter().any(|n| critical_process(n));
            push(
                out,
                fam_sys,
                "windows.process",
                if critical || all {
                    Severity::Stop
                } else {
                    Severity::Confirm
                },
                format!(
                    "{name} kills {}{}",
                    if names.is_empty() {
                        "processes".to_owned()
                    } else {
                        names.join(", ")
                    },
                    if critical {
                        ": a process Windows cannot run without"
                    } else if all {
                        ": every process listed"
                    } else {
                        ""
                    }
                ),
            );
        }
        ("stop" | "restart", "computer") => push(
            out,
            fam_sys,
            "system.shutdown",
            Severity::Verify,
            format!("{name} takes the machine down{quiet}"),
        ),
        // Accounts and groups.
        ("add", "localgroupmember" | "adgroupmember" | "adprincipalgroupmembership")
            if args.words.iter().any(|w| admin_group(w)) =>
        {
            push(
                out,
                fam_sys,
                "windows.admin-granted",
                Severity::Stop,
                format!("{name} makes an account an administrator"),
            )
        }
        ("remove" | "disable", n)
            if n.starts_with("ad")
                || n.starts_with("localuser")
                || n == "localgroup"
                || n == "mailbox" =>
        {
            let recursive = args.param("recursive", 3);
            push(
                out,
                Family::Business,
                "windows.directory-delete",
                if all {
                    Severity::Stop
                } else if recursive {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!(
                    "{name} {} {}{quiet}",
                    if verb == "remove" {
                        "deletes"
                    } else {
                        "disables"
                    },
                    if all {
                        "every object the filter or listing returns"
                    } else if recursive {
                        "an organizational unit and everything in it"
                    } else {
                        "a directory object or account"
                    }
                ),
            );
        }
        ("set", "adaccountpassword" | "localuser")
            if args.param("reset", 3) || args.param("password", 3) =>
        {
            push(
                out,
                fam_sys,
                "system.password-set",
                Severity::Confirm,
                format!("{name} sets an account's password"),
            )
        }
        ("set", "executionpolicy") => {
            let loosens = args
                .words
                .iter()
                .any(|w| matches!(w.to_ascii_lowercase().as_str(), "unrestricted" | "bypass"));
            let process_only = args
                .param_value("scope", 2)
                .is_some_and(|(_, v)| v.is_some_and(|v| v.eq_ignore_ascii_case("process")));
            if loosens && !process_only {
                push(
                    out,
                    fam_sys,
                    "windows.execution-policy",
                    Severity::Confirm,
                    format!("{name} lets every unsigned script run on the machine"),
                );
            }
        }
        ("grant", "smbshareaccess")
            if args
                .words
                .iter()
                .any(|w| w.eq_ignore_ascii_case("everyone")) =>
        {
            push(
                out,
                Family::Exfiltration,
                "windows.share-opened",
                Severity::Verify,
                format!("{name} opens a share to everyone"),
            )
        }
        // Cloud (Azure PowerShell): the resource groups and stores hold everything in them.
        ("remove", n) if n.starts_with("az") => {
            let whole = [
                "azresourcegroup",
                "azsubscription",
                "azstorageaccount",
                "azkeyvault",
                "azsqlserver",
                "azsqldatabase",
                "azcosmosdbaccount",
                "azmanagementgroup",
            ]
            .contains(&n);
            push(
                out,
                Family::Cloud,
                "windows.azure-delete",
                if whole || all {
                    Severity::Stop
                } else {
                    Severity::Confirm
                },
                format!(
                    "{name} deletes Azure resources{}{quiet}",
                    if whole { " and everything in them" } else { "" }
                ),
            );
        }
        ("invoke", "command") | ("start", "job") | ("invoke", "expression") => {
            // `Invoke-Command -ScriptBlock { ... }`: the block's statements are read with the
            // line (braces split statements); a `-FilePath` script is not known here.
        }
        // Anything else that removes, clears, stops or uninstalls: bounded by default, the
        // whole set when it is given everything a listing returns.
        (
            "remove" | "clear" | "uninstall" | "unregister" | "reset" | "dismount" | "revoke"
            | "disable" | "stop" | "suspend" | "block",
            _,
        ) => push(
            out,
            fam_sys,
            "windows.cmdlet",
            match noun_class(noun) {
                NounClass::Security if verb != "reset" => Severity::Stop,
                NounClass::Recovery | NounClass::Secret
                    if matches!(verb, "remove" | "clear" | "revoke" | "reset" | "unregister") =>
                {
                    sev_all(Severity::Verify, Severity::Stop)
                }
                _ => sev_all(Severity::Confirm, Severity::Verify),
            },
            format!(
                "{name} {} {noun}{}{quiet}",
                match verb {
                    "remove" | "clear" | "uninstall" | "unregister" => "deletes",
                    "reset" => "resets",
                    "dismount" => "detaches",
                    "revoke" => "revokes",
                    _ => "stops or disables",
                },
                if all {
                    ": everything the listing or filter returns"
                } else {
                    ""
                }
            ),
        ),
        _ => {}
    }
}

/// The approved verbs that take something away: remove, clear, stop, disable, unregister,
/// revoke, reset, uninstall, dismount, suspend, block.
const DESTRUCTIVE_VERBS: &[&str] = &[
    "remove",
    "clear",
    "uninstall",
    "unregister",
    "reset",
    "dismount",
    "revoke",
    "disable",
    "stop",
    "suspend",
    "block",
];

/// What a cmdlet's noun is, for the tier of taking it away.
enum NounClass {
    /// A protection of the machine (the malware scanner, the firewall, disk encryption, audit):
    /// turned off, the machine is open.
    Security,
    /// What recovery depends on (restore points, backups, shadow copies, checkpoints).
    Recovery,
    /// A secret, key or certificate: whoever depends on it loses access for good.
    Secret,
    Other,
}

/// The class of a cmdlet's noun (lowercase, module prefixes such as `Az` or `Mp` kept: the class
/// is read from the words it holds).
fn noun_class(noun: &str) -> NounClass {
    let has = |ks: &[&str]| ks.iter().any(|k| noun.contains(k));
    if has(&[
        "firewall",
        "defender",
        "mppreference",
        "antimalware",
        "bitlocker",
        "auditpolicy",
        "smartscreen",
        "applocker",
        "codeintegrity",
        "exploitprotection",
        "mpthreat",
    ]) {
        NounClass::Security
    } else if has(&[
        "restorepoint",
        "backup",
        "shadow",
        "snapshot",
        "checkpoint",
        "recovery",
        "wbpolicy",
        "vss",
    ]) {
        NounClass::Recovery
    } else if has(&["secret", "certificate", "keyvault", "credential", "key"]) {
        NounClass::Secret
    } else {
        NounClass::Other
    }
}

/// Static .NET calls that delete (`[System.IO.Directory]::Delete($p, $true)`,
/// `[IO.File]::Delete($p)`, Visual Basic's `[Microsoft.VisualBasic.FileIO.FileSystem]::
/// DeleteDirectory($p, 'DeleteAllContents')`): judged as the `Remove-Item` each amounts to, so
/// the path is graded by the same scopes. The type is read by its last name, so every spelling
/// of its namespace is the same type.
fn dotnet_calls(text: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    for (at, _) in text.match_indices("]::").take(32) {
        let Some(open) = text[..at].rfind('[') else {
            continue;
        };
        let ty = text[open + 1..at]
            .rsplit('.')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let rest = &text[at + 3..];
        let Some(paren) = rest.find('(') else {
            continue;
        };
        let method = rest[..paren].trim().to_ascii_lowercase();
        let args_text = {
            let r = &rest[paren + 1..];
            let mut depth = 0_usize;
            let mut end = r.len();
            for (i, c) in r.bytes().enumerate() {
                match c {
                    b'(' => depth += 1,
                    b')' if depth == 0 => {
                        end = i;
                        break;
                    }
                    b')' => depth -= 1,
                    _ => {}
                }
            }
            &r[..end]
        };
        let args: Vec<&str> = args_text.split(',').map(str::trim).collect();
        let path = args.first().copied().unwrap_or("");
        if path.is_empty() {
            continue;
        }
        let second = args
            .get(1)
            .map(|a| a.to_ascii_lowercase())
            .unwrap_or_default();
        let recurse = match (ty.as_str(), method.as_str()) {
            ("directory", "delete") => second == "$true" || second == "true",
            ("filesystem", "deletedirectory") => second.contains("deleteallcontents"),
            ("file" | "filesystem", "delete" | "deletefile") => false,
            _ => continue,
        };
        let path = path.trim_matches(['\'', '"']);
        let equivalent = format!(
            "Remove-Item -LiteralPath '{}'{}",
            path.replace('\'', "''"),
            if recurse { " -Recurse -Force" } else { "" }
        );
        let before = out.len();
        line(&equivalent, depth + 1, ctx, out);
        for f in &mut out[before..] {
            f.message = format!(
                "[{}]::{}(...) (as Remove-Item): {}",
                &text[open + 1..at],
                &rest[..paren],
                f.message
            );
        }
    }
}

/// cmd.exe's programs.
fn cmd_program(p: &str, args: &Args<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let ops: Vec<String> = args
        .operands(&[])
        .into_iter()
        .map(|o| o.to_ascii_lowercase())
        .collect();
    let op = |i: usize| ops.get(i).map_or("", String::as_str);
    let lower: Vec<String> = args.words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let has = |w: &str| lower.iter().any(|x| x == w);
    let quiet = if args.unattended() {
        ", without asking"
    } else {
        ""
    };
    let (fs, sys) = (Family::Filesystem, Family::System);
    match p {
        "vssadmin" | "wmic" | "wbadmin" | "wevtutil" | "bcdedit" => {
            recovery(p, &ops, &lower, args, quiet, out);
        }
        "reg" => registry_command(op(0), args, &lower, out),
        "sc" => {
            // `sc \\host stop x`: a remote machine's service.
            let at = usize::from(op(0).starts_with("\\\\"));
            let (verb, service) = (op(at), op(at + 1));
            let disabled = has("disabled") && lower.iter().any(|w| w.starts_with("start="));
            if matches!(verb, "stop" | "delete" | "pause") || verb == "config" && disabled {
                service_finding(&format!("sc {verb}"), service, verb == "delete", false, out);
            }
        }
        "net" | "net1" => net(&ops, args, out),
        "cipher" if lower.iter().any(|w| w.starts_with("/w")) => push(
            out,
            fs,
            "windows.free-space-wiped",
            Severity::Verify,
            "cipher /w overwrites the free space: deleted files are gone for good".to_owned(),
        ),
        "format" if op(0).len() == 2 && op(0).ends_with(':') => push(
            out,
            fs,
            "windows.disk-erase",
            Severity::Stop,
            format!(
                "format {} erases the volume and every file on it{quiet}",
                op(0)
            ),
        ),
        // `diskpart /s script`: its commands are not known here (diskpart driven through
        // stdin, and a script an earlier step wrote, are read by `stdin`).
        "diskpart"
            if args.switch("s")
                && !args.words.iter().any(|w| {
                    super::carried::file_text(ctx, w).is_some()
                        || super::carried::file_text(ctx, &w.replace('\\', "")).is_some()
                }) =>
        {
            push(
                out,
                fs,
                "windows.disk-erase",
                Severity::Confirm,
                "diskpart /s runs a script of disk commands (partitions and volumes change)"
                    .to_owned(),
            )
        }
        "schtasks" => {
            // `/create ... /tr CMD`: the task's command runs later, unattended.
            let task = lower
                .iter()
                .position(|w| w == "/tr")
                .and_then(|at| args.words.get(at + 1));
            if args.switch("delete") {
                let every = has("*");
                push(
                    out,
                    sys,
                    "windows.scheduled-task",
                    if every {
                        Severity::Verify
                    } else {
                        Severity::Confirm
                    },
                    format!("schtasks /delete removes scheduled tasks{quiet}"),
                );
            } else if let Some(task) = task.filter(|_| args.switch("create")) {
                crate::judge_shell(task, depth + 1, ctx, out);
            } else if args.switch("change") && args.switch("disable") {
                push(
                    out,
                    sys,
                    "windows.scheduled-task",
                    Severity::Confirm,
                    "schtasks /change /disable turns a scheduled task off".to_owned(),
                );
            }
        }
        "netsh" => {
            let off = has("advfirewall") && has("state") && has("off")
                || has("firewall") && (has("disable") || has("mode=disable"));
            if off {
                push(
                    out,
                    sys,
                    "windows.firewall-disabled",
                    Severity::Stop,
                    format!("netsh {} turns the firewall off", lower.join(" ")),
                );
            } else if has("advfirewall") && has("reset") {
                push(
                    out,
                    sys,
                    "windows.firewall-rule",
                    Severity::Confirm,
                    "netsh advfirewall reset drops the machine's firewall rules".to_owned(),
                );
            }
        }
        "icacls" => {
            let joined = lower.join(" ");
            let everyone = ["everyone:", "users:", "*s-1-1-0:"]
                .iter()
                .any(|g| joined.contains(g));
            let full = [":f", ":(f)", ":m", "(oi)(ci)f"]
                .iter()
                .any(|r| joined.contains(r));
            let opened = joined.contains("/grant") && everyone && full;
            if opened || joined.contains("/reset") && joined.contains("/t") {
                let target = args.operands(&[]).first().copied().unwrap_or("");
                let system = paths::scope(&posix_path(target)) == paths::Scope::Catastrophic;
                push(
                    out,
                    sys,
                    "windows.permissions",
                    if system {
                        Severity::Verify
                    } else {
                        Severity::Confirm
                    },
                    format!("icacls {target} opens the files to every user"),
                );
            }
        }
        "takeown" => {
            let target = lower
                .iter()
                .position(|w| w == "/f")
                .and_then(|i| args.words.get(i + 1))
                .map_or("", String::as_str);
            if paths::scope(&posix_path(target)) == paths::Scope::Catastrophic {
                push(
                    out,
                    sys,
                    "windows.permissions",
                    Severity::Verify,
                    format!("takeown /f {target} takes ownership of system files"),
                );
            }
        }
        "taskkill" => {
            let names: Vec<&str> = lower
                .windows(2)
                .filter(|w| w[0] == "/im")
                .map(|w| w[1].as_str())
                .collect();
            let critical = names.iter().any(|n| critical_process(n)) || names.contains(&"*");
            if args.switch("f") || critical {
                push(
                    out,
                    sys,
                    "windows.process",
                    if critical {
                        Severity::Stop
                    } else {
                        Severity::Confirm
                    },
                    format!(
                        "taskkill /f kills {}{}",
                        if names.is_empty() {
                            "a process".to_owned()
                        } else {
                            names.join(", ")
                        },
                        if critical {
                            ": Windows cannot run without it"
                        } else {
                            ""
                        }
                    ),
                );
            }
        }
        // `/L` lists what it would copy and delete, and does neither.
        "robocopy" if args.switch("l") => {}
        "robocopy" if args.switch("mir") || args.switch("purge") => {
            // Mirroring deletes from the destination what the source lacks: rsync --delete.
            let dest = args.operands(&[]).get(1).copied().unwrap_or("");
            judge_as(
                &format!("robocopy /MIR into {dest}"),
                &format!("rsync -a --delete ./ {}", quote(&posix_path(dest))),
                depth,
                ctx,
                out,
            );
        }
        "shutdown"
            if (args.switch("s") || args.switch("r") || args.switch("p") || args.switch("h"))
                && !args.switch("a") =>
        {
            push(
                out,
                sys,
                "system.shutdown",
                Severity::Verify,
                "shutdown takes the machine down".to_owned(),
            );
        }
        _ => {}
    }
}

/// What makes recovery possible: shadow copies (`vssadmin`, `wmic shadowcopy`), backups
/// (`wbadmin`), the event logs (`wevtutil`), the boot's recovery (`bcdedit`).
fn recovery(
    p: &str,
    ops: &[String],
    lower: &[String],
    args: &Args<'_>,
    quiet: &str,
    out: &mut Vec<Finding>,
) {
    let op = |i: usize| ops.get(i).map_or("", String::as_str);
    let has = |w: &str| lower.iter().any(|x| x == w);
    let (fs, sys) = (Family::Filesystem, Family::System);
    let (family, code, severity, message) = match (p, op(0), op(1)) {
        ("vssadmin", "delete", "shadows") => {
            let every = args.switch("all") || lower.iter().any(|w| w.starts_with("/for"));
            (
                fs,
                "windows.shadow-copies-deleted",
                if every {
                    Severity::Stop
                } else {
                    Severity::Verify
                },
                format!("vssadmin delete shadows deletes the files' restore points{quiet}"),
            )
        }
        ("vssadmin", "resize", "shadowstorage") => (
            fs,
            "windows.shadow-copies-deleted",
            Severity::Verify,
            "vssadmin resize shadowstorage deletes the shadow copies that no longer fit".to_owned(),
        ),
        ("wmic", _, _) if has("shadowcopy") && has("delete") => (
            fs,
            "windows.shadow-copies-deleted",
            Severity::Stop,
            "wmic shadowcopy delete deletes every volume shadow copy".to_owned(),
        ),
        ("wbadmin", "delete", what) => (
            fs,
            "windows.backup-deleted",
            Severity::Stop,
            format!("wbadmin delete {what} deletes Windows backups or their catalog{quiet}"),
        ),
        ("wevtutil", "cl" | "clear-log", log) => (
            sys,
            "windows.log-cleared",
            Severity::Verify,
            format!("wevtutil cl {log} clears an event log: the audit trail is gone"),
        ),
        ("wevtutil", "sl" | "set-log", log) if has("/e:false") || has("/enabled:false") => (
            sys,
            "windows.log-cleared",
            Severity::Verify,
            format!("wevtutil sl {log} /e:false turns an event log off"),
        ),
        ("bcdedit", _, _) => {
            let recovery_off = has("recoveryenabled") && has("no")
                || has("bootstatuspolicy") && has("ignoreallfailures")
                || has("/delete")
                || has("nointegritychecks") && has("on")
                || has("testsigning") && has("on");
            if recovery_off {
                (
                    sys,
                    "windows.boot-config",
                    Severity::Stop,
                    format!(
                        "bcdedit {} disables the boot's recovery or integrity checks",
                        lower.join(" ")
                    ),
                )
            } else if has("/set") || has("/deletevalue") {
                (
                    sys,
                    "windows.boot-config",
                    Severity::Confirm,
                    format!("bcdedit {} changes how Windows boots", lower.join(" ")),
                )
            } else {
                return;
            }
        }
        _ => return,
    };
    push(out, family, code, severity, message);
}

/// `reg delete` (a key and everything under it) and `reg add` / `import` / `restore` that turn
/// a protection off (Defender's policies, the firewall, UAC's `EnableLUA`).
fn registry_command(verb: &str, args: &Args<'_>, lower: &[String], out: &mut Vec<Finding>) {
    let key = args.operands(&[]).get(1).copied().unwrap_or("");
    match verb {
        "delete" => registry_delete(key, true, args, out),
        "add" | "import" | "restore" | "load" => {
            let joined = lower.join(" ");
            let protection = [
                "windows defender",
                "\\defender",
                "firewallpolicy",
                "enablelua",
            ]
            .iter()
            .any(|k| joined.contains(k));
            let off = ["disable", "enablelua", "enablefirewall"]
                .iter()
                .any(|k| joined.contains(k));
            if protection && off {
                push(
                    out,
                    Family::System,
                    "windows.defender-disabled",
                    Severity::Stop,
                    format!("reg {verb} turns a security protection off through the registry"),
                );
            } else if verb != "add" && registry(key).is_some() {
                push(
                    out,
                    Family::System,
                    "windows.registry-write",
                    Severity::Confirm,
                    format!("reg {verb} overwrites registry keys under {key}"),
                );
            }
        }
        _ => {}
    }
}

/// A service stopped, disabled or deleted (`sc`, `net stop`): a security service's protection
/// is off (stop); deleting one is not undone by starting it (verify); else confirm.
fn service_finding(how: &str, service: &str, deletes: bool, all: bool, out: &mut Vec<Finding>) {
    let security = security_service(service);
    let severity = if security || all {
        Severity::Stop
    } else if deletes {
        Severity::Verify
    } else {
        Severity::Confirm
    };
    let why = if security {
        ": a security service, its protection is off"
    } else if all {
        ": every service listed"
    } else {
        ""
    };
    let does = if deletes {
        "deletes the service"
    } else {
        "stops or disables the service"
    };
    push(
        out,
        Family::System,
        "windows.service",
        severity,
        format!("{how} {service} {does}{why}"),
    );
}

/// `net user`, `net localgroup`, `net stop`, `net share`.
fn net(ops: &[String], args: &Args<'_>, out: &mut Vec<Finding>) {
    let op = |i: usize| ops.get(i).map_or("", String::as_str);
    let adds = args.switch("add");
    let deletes = args.switch("delete") || args.switch("del");
    let sys = Family::System;
    let (code, severity, message) = match op(0) {
        "user" if adds => (
            "windows.account",
            Severity::Confirm,
            format!("net user {} /add creates an account", op(1)),
        ),
        "user" if deletes => (
            "windows.account",
            Severity::Confirm,
            format!("net user {} /delete deletes an account", op(1)),
        ),
        "user"
            if op(1) == "administrator"
                && args
                    .words
                    .iter()
                    .any(|w| w.eq_ignore_ascii_case("/active:yes")) =>
        {
            (
                "windows.account",
                Severity::Verify,
                "net user administrator /active:yes enables the built-in administrator".to_owned(),
            )
        }
        "user" if ops.len() >= 3 => (
            "system.password-set",
            if op(1) == "administrator" {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!("net user {} sets the account's password", op(1)),
        ),
        "localgroup" | "group" if adds && args.words.iter().any(|w| admin_group(w)) => (
            "windows.admin-granted",
            Severity::Stop,
            format!(
                "net {} {} /add makes an account an administrator",
                op(0),
                op(1)
            ),
        ),
        "stop" => {
            let service = args.operands(&[]).get(1).copied().unwrap_or("");
            service_finding("net stop", service, false, false, out);
            return;
        }
        "share" if deletes => (
            "windows.share",
            Severity::Confirm,
            format!("net share {} /delete removes a share", op(1)),
        ),
        _ => return,
    };
    push(out, sys, code, severity, message);
}
