//! A dotenv value overwritten with a placeholder in place (`sed -i 's/^API_KEY=.*/API_KEY=
//! changeme/' .env.local`): sed reads the file only to write it back, prints nothing, and the
//! secret's value is replaced, not copied. The secret readers see `sed` and a dotenv file and
//! call it a read; this is a write that shows no value to anyone.
//!
//! Read from sed(1): in place (`-i`, `--in-place`, no backup suffix: a suffix keeps a copy of
//! the values), no `-n`/`--debug`, and EVERY script one substitution `s/^NAME=.*/NAME=VALUE/`
//! (any delimiter, optional `g`) whose replacement is a literal (no `&`, no `\1`: those copy
//! the value) and whose flags print or write nothing (`p`, `w FILE`, `e` are not accepted).
//! Only this command's `secrets.read` is lowered; a `cat` or `grep` beside it keeps its grade.

use super::Cmd;
use crate::finding::{Family, Finding};

/// Whether one sed script replaces a whole `NAME=value` line with a literal placeholder.
fn placeholder(script: &str) -> bool {
    let script = script.trim();
    let Some(rest) = script.strip_prefix('s') else {
        return false;
    };
    let Some(delim) = rest.chars().next() else {
        return false;
    };
    if delim.is_ascii_alphanumeric() || delim == '\\' || delim.is_whitespace() {
        return false;
    }
    let parts: Vec<&str> = rest[delim.len_utf8()..].split(delim).collect();
    let [pattern, replacement, flags] = parts.as_slice() else {
        return false;
    };
    let Some(name) = pattern
        .strip_prefix('^')
        .and_then(|p| p.strip_suffix("=.*"))
        .filter(|n| !n.is_empty())
    else {
        return false;
    };
    let identifier = |n: &str| n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let Some(value) = replacement
        .strip_prefix(name)
        .and_then(|r| r.strip_prefix('='))
    else {
        return false;
    };
    identifier(name)
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-.:@<>".contains(&b))
        && (flags.is_empty() || *flags == "g")
}

/// Lowers this command's secret read when it is sed overwriting dotenv values with
/// placeholders in place.
pub fn lower(cmd: &Cmd<'_>, found: &mut [Finding]) {
    if cmd.program != "sed" {
        return;
    }
    let about = |f: &Finding| f.family == Family::Secrets && f.code == "secrets.read";
    if !found.iter().any(about) || cmd.piped_in || !cmd.redirects.is_empty() {
        return;
    }
    let mut in_place = false;
    let mut scripts: Vec<&str> = Vec::new();
    let mut words = cmd.words();
    while let Some(w) = words.next() {
        match w {
            "-i" | "--in-place" => in_place = true,
            "-E" | "-r" | "--regexp-extended" | "-s" | "--separate" | "-u" | "-z" => {}
            "-e" | "--expression" => scripts.push(words.next().unwrap_or("")),
            _ if w.starts_with('-') => return, // `-n`, `-i.bak`, `-f FILE`, `--debug`...
            _ => {}
        }
    }
    if scripts.is_empty() {
        // The first operand is the script.
        let Some(first) = cmd.operands(&["-e", "--expression"]).next() else {
            return;
        };
        scripts.push(first);
    }
    if in_place && scripts.iter().all(|s| placeholder(s)) {
        crate::finding::lower_where(
            found,
            about,
            "values overwritten in place with a placeholder, none printed",
        );
    }
}
