//! Secrets written into an address (holdout7 analysis G8): a secret-named variable
//! (`$AWS_SECRET_ACCESS_KEY`, `${DB_PASSWORD}`), the environment (`$(env)`, `$(printenv)`) or a
//! secret file read inline (`$(cat ~/.aws/credentials)`) placed in a URL's host name, path or
//! query, or in a name looked up in DNS (dig, nslookup, host, drill, ping), is sent to whoever
//! answers for that address: the request or the lookup is the payload, whatever the body says.
//!
//! Where a credential is meant to go is not an address: an `Authorization`/`X-...-Token` header
//! or `--user` to the service the variable belongs to is how APIs are called, so header and
//! credential options are never read here. In a path or query the variable's own name decides:
//! one naming the host's service (`$GITHUB_TOKEN` to `api.github.com`) goes ahead, one naming
//! another service is a secret sent elsewhere (stop), a generic one (`$API_KEY`) is confirmed.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;
use crate::substring::has;

/// Words of a variable's name (split on `_`) that make its value a credential.
const SECRET_WORDS: &[&str] = &[
    "KEY",
    "APIKEY",
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "PASS",
    "PWD",
    "PAT",
    "CREDENTIAL",
    "CREDENTIALS",
    "PRIVATE",
];

/// A word of a variable's name that makes it a credential: one of [`SECRET_WORDS`], or one
/// ending in a long one (`PGPASSWORD`, `GHTOKEN`, `MYAPIKEY`; not `MONKEY`).
fn secret_word(w: &str) -> bool {
    let upper = w.to_ascii_uppercase();
    SECRET_WORDS.contains(&upper.as_str())
        || ["PASSWORD", "PASSWD", "TOKEN", "SECRET", "APIKEY"]
            .iter()
            .any(|s| upper.ends_with(s))
}

/// Whether a variable's name says its value is a credential. `KEY` beside a word of data
/// (`CACHE_KEY`, `S3_OBJECT_KEY`, `PARTITION_KEY`, `IDEMPOTENCY_KEY`) names a lookup key, not
/// a secret.
fn secret_name(name: &str) -> bool {
    const DATA_KEYS: &[&str] = &[
        "CACHE",
        "PRIMARY",
        "PARTITION",
        "SORT",
        "OBJECT",
        "S3",
        "IDEMPOTENCY",
        "ROUTING",
        "HASH",
        "LOOKUP",
        "SEARCH",
        "SHARD",
        "FOREIGN",
        "BUCKET",
        "MAP",
        "REDIS",
        "DEDUP",
        "RANGE",
    ];
    let words: Vec<String> = name.split('_').map(str::to_ascii_uppercase).collect();
    let data_key = words.iter().any(|w| DATA_KEYS.contains(&w.as_str()));
    words
        .iter()
        .any(|w| secret_word(w) && !(data_key && w == "KEY"))
}

/// Words of a variable's name that say nothing of whose it is.
const GENERIC_WORDS: &[&str] = &[
    "API", "ACCESS", "AUTH", "CLIENT", "APP", "BEARER", "ID", "USER", "SERVICE", "PERSONAL",
    "SESSION", "MY", "DEFAULT", "PROD", "DEV", "STAGING", "REFRESH", "SIGNING", "MASTER", "ROOT",
    "ADMIN", "DB", "READ", "WRITE", "TEST",
];

/// Header, credential and body options of the web clients: their values are not addresses.
const NOT_ADDRESS: &[&str] = &[
    "-H",
    "--header",
    "-u",
    "--user",
    "-U",
    "--proxy-user",
    "--oauth2-bearer",
    "-b",
    "--cookie",
    "-A",
    "--user-agent",
    "-e",
    "--referer",
    "-d",
    "--data",
    "--data-raw",
    "--data-binary",
    "--data-urlencode",
    "--json",
    "-F",
    "--form",
    "-o",
    "--output",
    "-E",
    "--cert",
    "--key",
    "-a",
    "--auth",
    "--header=",
    "--post-data",
    "--body-data",
    "--password",
    "--http-password",
    "--http-user",
];

/// The secret-named variables a word uses (`$X`, `${X}`, `${X:-d}`), and whether it reads the
/// environment or a secret file inline.
fn secrets_in(word: &str) -> (Vec<&str>, bool) {
    let mut names = Vec::new();
    let mut rest = word;
    while let Some(at) = rest.find('$') {
        let after = &rest[at + 1..];
        let body = after.strip_prefix('{').unwrap_or(after);
        let end = body
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(body.len());
        let name = &body[..end];
        if secret_name(name) {
            names.push(name);
        }
        rest = &body[end..];
    }
    let inline = (has(word, "$(") || word.contains('`')) && {
        let lower = word.to_ascii_lowercase();
        has(&lower, "$(env") || has(&lower, "printenv") || has(&lower, "`env") || {
            crate::shell::parse(word).substitutions.iter().any(|b| {
                crate::shell::words(b.body)
                    .iter()
                    .any(|w| super::paths::secret(w).is_some())
            })
        }
    };
    (names, inline)
}

/// Whether the variable's name names the service at `host` (`GITHUB_TOKEN`, `api.github.com`).
/// None: its name names no service at all (`API_KEY`, `TOKEN`).
fn belongs(name: &str, host: &str) -> Option<bool> {
    let host = host.to_ascii_lowercase();
    let mut named = false;
    for w in name.split('_').filter(|w| w.len() > 1) {
        if secret_word(w) || GENERIC_WORDS.iter().any(|s| w.eq_ignore_ascii_case(s)) {
            continue;
        }
        named = true;
        if has(&host, &w.to_ascii_lowercase()) {
            return Some(true);
        }
    }
    named.then_some(false)
}

/// A loop variable bound to the environment or a secret (`for k in $(env | grep -i key)`): its
/// value is a secret wherever it is written.
fn loop_over_secrets(s: &Script<'_>, index: usize, var: &str) -> bool {
    s.commands[..index].iter().any(|c| {
        c.words.first().is_some_and(|w| w == "for")
            && c.words.get(1).is_some_and(|v| v == var)
            && c.words[2..].iter().any(|w| secrets_in(w).1)
    })
}

/// The variables a word uses (any name).
fn variables(word: &str) -> impl Iterator<Item = &str> {
    word.split('$').skip(1).filter_map(|r| {
        let r = r.strip_prefix('{').unwrap_or(r);
        let end = r
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(r.len());
        (end > 0).then(|| &r[..end])
    })
}

/// Judges the addresses a web client requests and the names a DNS client looks up.
pub fn secret_in_address(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let dns = matches!(p, "dig" | "nslookup" | "host" | "drill" | "ping" | "ping6");
    let web = matches!(p, "curl" | "wget" | "http" | "https" | "xh" | "xhs");
    if !dns && !web {
        return;
    }
    // The host every item of the request goes to (HTTPie's query items name none).
    let request_host = cmd
        .args
        .iter()
        .map(|a| &**a)
        .find(|a| a.contains("://"))
        .map(|u| {
            let rest = u.split_once("://").map_or(u, |(_, r)| r);
            rest.split(['/', '?', '#']).next().unwrap_or(rest)
        })
        .unwrap_or("");
    let mut skip = false;
    for w in cmd.args.iter().map(|a| &**a) {
        if skip {
            skip = false;
            continue;
        }
        if w.starts_with('-') {
            skip = NOT_ADDRESS.contains(&w);
            continue;
        }
        if !w.contains(['$', '`']) {
            continue;
        }
        let (names, inline) = secrets_in(w);
        let looped = variables(w).any(|v| loop_over_secrets(s, index, v));
        if names.is_empty() && !inline && !looped {
            continue;
        }
        if dns {
            out.push(finding(
                Family::Exfiltration,
                "exfiltration.dns",
                Severity::Stop,
                format!("{p} looks up {w}: the name carries a secret to its DNS server"),
            ));
            return;
        }
        // HTTPie's items: `Header:value` is a header, `field=value` a body field, `name==v` a
        // query parameter (an address).
        if matches!(p, "http" | "https" | "xh" | "xhs") && !w.contains("://") {
            let query = w
                .split_once("==")
                .is_some_and(|(k, _)| !k.contains(['/', ':']));
            if !query {
                continue;
            }
            let severity = names
                .iter()
                .map(|n| match belongs(n, request_host) {
                    Some(true) => None,
                    Some(false) => Some(Severity::Stop),
                    None => Some(Severity::Confirm),
                })
                .max()
                .flatten()
                .or((inline || looped).then_some(Severity::Stop));
            if let Some(severity) = severity {
                out.push(url_finding(p, w, severity));
                return;
            }
            continue;
        }
        // Only the URL is an address (not a stray word with a substitution in it).
        if !w.contains("://")
            && (w.contains(char::is_whitespace) || w.starts_with(['@', '<']) || !w.contains('.'))
        {
            continue;
        }
        let rest = w.split_once("://").map_or(w, |(_, r)| r);
        let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let (authority, tail) = rest.split_at(host_end);
        let host = authority.rsplit('@').next().unwrap_or(authority);
        // This machine or its private network: nothing leaves.
        if !host.contains('$') && super::secrets::local(host) {
            continue;
        }
        // In the host name: whoever runs the domain's DNS and server gets it.
        let in_host = secrets_in(host);
        let severity = if !in_host.0.is_empty() || in_host.1 || inline || looped {
            Some(Severity::Stop)
        } else if tail.is_empty() && authority.contains('@') {
            // `https://user:$TOKEN@host/`: a credential in the URL's user part, to its host.
            None
        } else {
            names
                .iter()
                .map(|n| match belongs(n, host) {
                    Some(true) => None,
                    Some(false) => Some(Severity::Stop),
                    None => Some(Severity::Confirm),
                })
                .max()
                .flatten()
        };
        if let Some(severity) = severity {
            out.push(url_finding(p, w, severity));
            return;
        }
    }
}

fn url_finding(p: &str, w: &str, severity: Severity) -> Finding {
    finding(
        Family::Exfiltration,
        "exfiltration.secret-in-url",
        severity,
        format!(
            "{p} requests {w}: a secret written into the address goes to whoever answers there"
        ),
    )
}
