//! PowerShell data flow: a secret read into a variable (`$b = [IO.File]::ReadAllBytes("$HOME\
//! .ssh\id_rsa")`, `$k = Get-Content .env -Raw`), carried through others (`$t =
//! [Convert]::ToBase64String($b)`), then handed to a sender (`Invoke-RestMethod -Body $t`,
//! `Invoke-WebRequest -InFile $p`, `Send-MailMessage -Attachments $p`), or read in place by a
//! subexpression given as the value (`-Body (Get-Content ~/.aws/credentials -Raw)`).
//!
//! # Why a reader of its own
//!
//! The POSIX parser splits `ReadAllBytes("...")` at its parentheses and reads `\` as an
//! escape, so what a PowerShell assignment holds is lost to [`super::secrets`]. The line is
//! read here as PowerShell writes it: statements end at `;` or a line break outside quotes and
//! parentheses, `$NAME = VALUE` binds NAME, and a value holds a secret when a path in it is a
//! secret file (Windows spellings mapped by [`super::windows::posix_path`]) or it names a
//! variable that holds one.
//!
//! Only the sending parameters carry the data (`-Body`, `-InFile`, `-Form`, `-Attachments`):
//! a token put in `-Headers` authenticates the request to its own service, which is its use.
//! The variable's name is never read, so naming it `$readme` lowers nothing.

use super::{finding, paths, secrets, uses_var, windows};
use crate::finding::{Family, Finding, Severity};

/// The cmdlets (and their aliases) that send a body or files somewhere.
const SENDERS: &[&str] = &[
    "invoke-restmethod",
    "irm",
    "invoke-webrequest",
    "iwr",
    "send-mailmessage",
];

/// The parameters whose value is what a sender sends (any unambiguous prefix of them).
const SENT: &[&str] = &["body", "infile", "form", "attachments"];

/// Judges the sends of a PowerShell line whose data a variable or a subexpression carries.
pub fn judge(text: &str, out: &mut Vec<Finding>) {
    // Cheap test first: an assignment or a subexpression, and a sender's name.
    if !text.contains('$') && !text.contains('(') && !text.contains('|') {
        return;
    }
    let lower = text.to_ascii_lowercase();
    if !SENDERS.iter().any(|s| lower.contains(s)) {
        return;
    }
    let mut secret_vars: Vec<&str> = Vec::new();
    // Archives made on the line of a secret, by their path as written (lowercased).
    let mut archives: Vec<String> = Vec::new();
    for statement in statements(text) {
        let st = statement.trim();
        if let Some((name, value)) = assignment(st) {
            if holds_secret(value, &secret_vars) {
                secret_vars.push(name);
            }
            continue;
        }
        // `Compress-Archive -Path SECRET -DestinationPath X.zip`: the archive holds the secret.
        if let Some(archive) = archive_of_secret(st, &secret_vars) {
            archives.push(archive);
            continue;
        }
        // `Get-Content SECRET | Out-String | Invoke-WebRequest ...`: the sender's body is what
        // the pipeline hands it.
        if let Some((sender, fed)) = piped_sender(st) {
            let (dest, _) = sent_values(sender);
            let local = dest.as_deref().is_some_and(secrets::local);
            if !local && fed.iter().any(|seg| holds_secret(seg, &secret_vars)) {
                let name = sender.split_whitespace().next().unwrap_or("");
                out.push(finding(
                    Family::Exfiltration,
                    "exfiltration.secret",
                    Severity::Stop,
                    format!(
                        "{name} is piped a secret read on this line and sends it to {}: secrets leave the machine",
                        dest.as_deref().unwrap_or("a network host")
                    ),
                ));
                return;
            }
            continue;
        }
        let mut words = st.split_whitespace();
        let Some(first) = words.next() else { continue };
        if !SENDERS.iter().any(|s| first.eq_ignore_ascii_case(s)) {
            continue;
        }
        let (dest, sent) = sent_values(st);
        if dest.as_deref().is_some_and(secrets::local) {
            continue;
        }
        let archived = |v: &&str| {
            let v = v.trim_matches(['"', '\'']).to_ascii_lowercase();
            archives.contains(&v)
        };
        if let Some(value) = sent
            .iter()
            .find(|v| holds_secret(v, &secret_vars) || archived(v))
        {
            out.push(finding(
                Family::Exfiltration,
                "exfiltration.secret",
                Severity::Stop,
                format!(
                    "{first} sends {}, which holds a secret read on this line, to {}: secrets leave the machine",
                    crate::cut(value, 60),
                    dest.as_deref().unwrap_or("a network host")
                ),
            ));
            return;
        }
    }
}

/// `Compress-Archive -Path SECRET ... -DestinationPath ARCHIVE`: the archive's path, lowercased.
fn archive_of_secret(st: &str, secret_vars: &[&str]) -> Option<String> {
    let (first, rest) = st.split_once(char::is_whitespace)?;
    if !first.eq_ignore_ascii_case("compress-archive") {
        return None;
    }
    let mut source = None;
    let mut dest = None;
    let mut words = rest;
    while let Some(w) = next_value(&mut words) {
        let Some(param) = w.strip_prefix('-') else {
            continue;
        };
        let param = param.to_ascii_lowercase();
        let value = next_value(&mut words);
        if "path".starts_with(&param) || "literalpath".starts_with(&param) {
            source = value;
        } else if "destinationpath".starts_with(&param) {
            dest = value;
        }
    }
    let source = source?;
    let secret = holds_secret(source, secret_vars) || stores_secrets(source);
    secret.then(|| dest.map(|d| d.trim_matches(['"', '\'']).to_ascii_lowercase()))?
}

/// A browser's or a password manager's store of saved credentials, named by its file: Chromium's
/// `Login Data` and `Cookies`, Firefox's `logins.json` and `key4.db`, a KeePass `.kdbx`, a
/// `.cred` export.
fn stores_secrets(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let name = lower
        .trim_matches(['"', '\''])
        .rsplit(['\\', '/'])
        .next()
        .unwrap_or("");
    matches!(
        name,
        "login data" | "cookies" | "logins.json" | "key4.db" | "web data"
    ) || name.ends_with(".kdbx")
        || name.ends_with(".cred")
}

/// A pipeline ending in a sender given no body of its own: the sender's segment and the
/// segments before it.
fn piped_sender(st: &str) -> Option<(&str, Vec<&str>)> {
    if !st.contains('|') {
        return None;
    }
    let mut segments = Vec::new();
    let (mut depth, mut quote, mut start) = (0_i32, None, 0);
    for (i, c) in st.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '{' | '[') => depth += 1,
            (None, ')' | '}' | ']') => depth -= 1,
            (None, '|') if depth <= 0 => {
                segments.push(st[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = st[start..].trim();
    let first = last.split_whitespace().next()?;
    if segments.is_empty() || !SENDERS.iter().any(|s| first.eq_ignore_ascii_case(s)) {
        return None;
    }
    let (_, sent) = sent_values(last);
    sent.is_empty().then_some((last, segments))
}

/// The line's statements: split at `;` and line breaks outside quotes, parentheses and braces.
fn statements(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0_i32, None, 0);
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '{' | '[') => depth += 1,
            (None, ')' | '}' | ']') => depth -= 1,
            (None, ';' | '\n') if depth <= 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// `$NAME = VALUE` (also `[type]$NAME = VALUE`): the name and the value's text.
fn assignment(st: &str) -> Option<(&str, &str)> {
    let st = if st.starts_with('[') {
        &st[st.find(']')? + 1..]
    } else {
        st
    };
    let rest = st.strip_prefix('$')?;
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, after) = rest.split_at(end);
    let value = after.trim_start().strip_prefix('=')?;
    (!name.is_empty() && !value.starts_with('=')).then_some((name, value.trim()))
}

/// Whether a value's text holds a secret: a path in it names a secret file or a credentials
/// directory's file, or it takes a variable that holds one.
fn holds_secret(value: &str, secret_vars: &[&str]) -> bool {
    if secret_vars.iter().any(|v| uses_var(value, v)) {
        return true;
    }
    value
        .split(['(', ')', '"', '\'', ',', ' ', '\t', '{', '}', '='])
        .filter(|part| part.contains(['/', '\\', '.']))
        .any(|part| paths::secret(&windows::posix_path(part)).is_some())
}

/// A sender's destination (`-Uri`, `-SmtpServer` or `-To`, or the first operand that looks like
/// a URL) and the values of its sending parameters, as written (a subexpression whole).
fn sent_values(st: &str) -> (Option<String>, Vec<&str>) {
    let mut dest = None;
    let mut sent = Vec::new();
    let mut rest = st.split_once(char::is_whitespace).map_or("", |(_, r)| r);
    while let Some(w) = next_value(&mut rest) {
        let Some(param) = w.strip_prefix('-').filter(|p| !p.is_empty()) else {
            if dest.is_none() && w.contains("://") {
                dest = Some(w.trim_matches(['"', '\'']).to_owned());
            }
            continue;
        };
        let name = param.to_ascii_lowercase();
        let is = |full: &str| name.len() >= 2 && full.starts_with(name.as_str());
        if SENT.iter().any(|s| is(s)) {
            if let Some(v) = next_value(&mut rest) {
                sent.push(v);
            }
        } else if is("uri") || is("to") {
            dest = next_value(&mut rest).map(|v| v.trim_matches(['"', '\'']).to_owned());
        }
    }
    (dest, sent)
}

/// The next word of a statement, a quoted string, a subexpression `(...)` / `$(...)` or a
/// hashtable `@{...}` whole; `None` at the end.
fn next_value<'t>(rest: &mut &'t str) -> Option<&'t str> {
    let t = rest.trim_start();
    if t.is_empty() {
        return None;
    }
    let (mut depth, mut quote) = (0_i32, None);
    let mut end = t.len();
    for (i, c) in t.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '{') => depth += 1,
            (None, ')' | '}') => depth -= 1,
            (None, ' ' | '\t') if depth <= 0 => {
                end = i;
                break;
            }
            _ => {}
        }
    }
    let (w, r) = t.split_at(end);
    *rest = r;
    Some(w)
}
