//! Lua: the scripts a key-value server runs (`redis-cli EVAL SCRIPT NUMKEYS KEYS... ARGS...`,
//! `EVAL_RO`, `FUNCTION LOAD`, `SCRIPT LOAD`, `redis-cli --eval FILE`, and the same in
//! `valkey-cli` and `keydb-cli`), and Lua run by an interpreter (`lua -e`, `luajit -e`,
//! `resty -e`, or a script file an earlier step wrote).
//!
//! # How a server's script is read
//!
//! A script acts through `redis.call(CMD, ...)` / `redis.pcall` (`server.call` in Valkey): each
//! call is the command `redis-cli CMD ...` sends, so it is judged as that command by the reader
//! of key-value commands ([`crate::sql::clients`]), with `KEYS[n]` and `ARGV[n]` replaced by
//! the keys and arguments EVAL was given. A delete (`DEL`, `UNLINK`, `GETDEL`, an `EXPIRE`)
//! whose key comes from a loop over a `KEYS` or `SCAN` listing deletes every key the listing's
//! pattern matches: the whole keyspace for `*` (what `FLUSHDB` does), a bulk delete otherwise.
//! A script that only reads (`GET`, `#redis.call('KEYS', ...)`, `STRLEN` in a loop) is a read.
//!
//! Lua given to an interpreter is read like the other scripting languages' inline code
//! ([`super::interpreters::code`]), with Lua's own shell call `os.execute(CMD)`.

use super::{Cmd, Context, finding, interpreters};
use crate::finding::{Family, Finding, Severity};

/// redis-cli's options that take a value: the SQL clients' list (redis-cli --help), one list.
const VALUED: &[&str] = &crate::sql::clients::REDIS_VALUE_OPTIONS;

/// Commands that delete the key they are given (an expiry deletes it a moment later).
const KEY_DELETES: &[&str] = &[
    "del",
    "unlink",
    "getdel",
    "expire",
    "pexpire",
    "expireat",
    "pexpireat",
];

/// Judges the Lua a command carries.
pub fn judge(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if matches!(p, "redis-cli" | "valkey-cli" | "keydb-cli") {
        server_script(cmd, depth, ctx, out);
        return;
    }
    let interpreter = p == "resty" || p == "luajit" || p == "lua" || p.starts_with("lua5");
    if !interpreter {
        return;
    }
    let body = cmd.value(&["-e"]).map(str::to_owned).or_else(|| {
        let file = cmd.operands(&["-e", "-l"]).next()?;
        super::carried::file_text(ctx, file).map(str::to_owned)
    });
    if let Some(body) = body {
        interpreter_code(&body, depth, ctx, out);
    }
}

/// Lua run by an interpreter: the scripting languages' calls, and `os.execute(CMD)`.
fn interpreter_code(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    interpreters::code(body, depth, ctx, out);
    for (at, _) in body.match_indices("os.execute") {
        let rest = body[at + "os.execute".len()..].trim_start();
        let rest = rest.strip_prefix('(').unwrap_or(rest);
        if let Some(command) = args(rest).first().and_then(|a| literal(a)) {
            crate::judge_shell(&command, depth + 1, ctx, out);
        }
    }
}

/// The script of `EVAL`, `EVAL_RO`, `FUNCTION LOAD`, `SCRIPT LOAD` or `--eval FILE`, with the
/// keys and arguments it is given.
fn server_script(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let words: Vec<&str> = cmd.words().collect();
    if let Some(at) = words.iter().position(|w| *w == "--eval") {
        let Some(file) = words.get(at + 1) else {
            return;
        };
        // `--eval FILE key1 key2 , arg1 arg2`.
        let rest = &words[at + 2..];
        let comma = rest.iter().position(|w| *w == ",").unwrap_or(rest.len());
        let keys: Vec<&str> = rest[..comma].to_vec();
        let argv: Vec<&str> = rest.get(comma + 1..).unwrap_or(&[]).to_vec();
        if let Some(text) = super::carried::file_text(ctx, file) {
            let text = text.to_owned();
            script(&text, &keys, &argv, cmd.program, depth, ctx, out);
        }
        return;
    }
    let mut i = 0;
    while i < words.len() && words[i].starts_with('-') {
        if VALUED.contains(&words[i]) {
            i += 1;
        }
        i += 1;
    }
    let Some(command) = words.get(i) else { return };
    let rest = &words[i + 1..];
    match command.to_ascii_lowercase().as_str() {
        "eval" | "eval_ro" => {
            let Some(text) = rest.first() else { return };
            let n: usize = rest.get(1).and_then(|n| n.parse().ok()).unwrap_or(0);
            let given = rest.get(2..).unwrap_or(&[]);
            let keys = &given[..n.min(given.len())];
            let argv = &given[n.min(given.len())..];
            script(text, keys, argv, cmd.program, depth, ctx, out);
        }
        "function" | "script" if rest.first().is_some_and(|s| s.eq_ignore_ascii_case("load")) => {
            if let Some(text) = rest[1..]
                .iter()
                .find(|w| !w.eq_ignore_ascii_case("replace"))
            {
                script(text, &[], &[], cmd.program, depth, ctx, out);
            }
        }
        _ => {}
    }
}

/// One call of a script: the command and its arguments as Lua expressions.
struct Call<'s> {
    args: Vec<&'s str>,
    /// Byte offset in the script.
    at: usize,
}

/// The calls a script makes to its server.
fn calls(text: &str) -> Vec<Call<'_>> {
    let mut out = Vec::new();
    for head in ["redis.call", "redis.pcall", "server.call", "server.pcall"] {
        for (at, _) in text.match_indices(head) {
            let rest = text[at + head.len()..].trim_start();
            let Some(inner) = rest.strip_prefix('(') else {
                continue;
            };
            let args = args(inner);
            if !args.is_empty() {
                out.push(Call { args, at });
            }
            if out.len() > 64 {
                return out;
            }
        }
    }
    out.sort_by_key(|c| c.at);
    out
}

/// A call's arguments (its text after the opening parenthesis), split at top-level commas, up
/// to the closing parenthesis.
fn args(rest: &str) -> Vec<&str> {
    let b = rest.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0_i32;
    let mut quote: Option<u8> = None;
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if let Some(q) = quote {
            if c == q && (i == 0 || b[i - 1] != b'\\') {
                quote = None;
            }
            continue;
        }
        match c {
            b'\'' | b'"' => quote = Some(c),
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => {
                let last = rest[start..i].trim();
                if !last.is_empty() {
                    out.push(last);
                }
                return out;
            }
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                out.push(rest[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// The value of a Lua string literal (`'x'`, `"x"`), if the expression is one.
fn literal(expr: &str) -> Option<String> {
    let e = expr.trim();
    let q = e.chars().next()?;
    if !matches!(q, '\'' | '"') || e.len() < 2 || !e.ends_with(q) {
        return None;
    }
    Some(e[1..e.len() - 1].replace("\\n", "\n"))
}

/// `KEYS[n]` / `ARGV[n]` (1-based) replaced by what EVAL was given.
fn given(expr: &str, keys: &[&str], argv: &[&str]) -> Option<String> {
    let e = expr.trim();
    for (name, list) in [("KEYS[", keys), ("ARGV[", argv)] {
        if let Some(n) = e.strip_prefix(name).and_then(|r| r.strip_suffix(']')) {
            let n: usize = n.trim().parse().ok()?;
            return list.get(n.checked_sub(1)?).map(|v| (*v).to_owned());
        }
    }
    None
}

/// The pattern a listing call matches (`KEYS pattern`, `SCAN cursor MATCH pattern`; a `SCAN`
/// without `MATCH` lists every key).
fn listing_pattern(call: &Call<'_>, keys: &[&str], argv: &[&str]) -> Option<String> {
    let cmd = literal(call.args[0])?.to_ascii_lowercase();
    let value = |e: &str| literal(e).or_else(|| given(e, keys, argv));
    match cmd.as_str() {
        "keys" => Some(
            call.args
                .get(1)
                .and_then(|e| value(e))
                .unwrap_or_else(|| "*".into()),
        ),
        "scan" => {
            let at = call
                .args
                .iter()
                .position(|a| literal(a).is_some_and(|l| l.eq_ignore_ascii_case("match")));
            Some(
                at.and_then(|i| call.args.get(i + 1))
                    .and_then(|e| value(e))
                    .unwrap_or_else(|| "*".into()),
            )
        }
        _ => None,
    }
}

/// Judges a server script: each call as the command it sends, and a delete fed by a listing
/// loop as a delete of everything the listing matches.
fn script(
    text: &str,
    keys: &[&str],
    argv: &[&str],
    client: &str,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let text = crate::cut(text, 16 * 1024);
    let calls = calls(text);
    let listing = calls
        .iter()
        .find_map(|c| listing_pattern(c, keys, argv).map(|p| (c.at, p)));
    for call in &calls {
        let Some(command) = literal(call.args[0]) else {
            continue;
        };
        let lower = command.to_ascii_lowercase();
        let key = call.args.get(1).copied().unwrap_or("");
        let key_value = literal(key).or_else(|| given(key, keys, argv));
        // A delete whose key is a variable, after a listing, in a loop: every listed key.
        if let Some((list_at, pattern)) = &listing
            && KEY_DELETES.contains(&lower.as_str())
            && key_value.is_none()
            && !key.is_empty()
            && call.at > *list_at
            && text[..call.at].contains("for ")
        {
            let whole = pattern == "*";
            out.push(finding(
                Family::Database,
                if whole {
                    "database.redis-flushdb"
                } else {
                    "database.redis-bulk-delete"
                },
                if whole {
                    Severity::Stop
                } else {
                    Severity::Verify
                },
                if whole {
                    format!(
                        "{client} runs a Lua script that {} every key of the database (a loop over the keys matching `*`, as FLUSHDB)",
                        lower.to_ascii_uppercase()
                    )
                } else {
                    format!(
                        "{client} runs a Lua script that {} every key matching `{pattern}` (a loop over a listing)",
                        lower.to_ascii_uppercase()
                    )
                },
            ));
            continue;
        }
        // Any other call: the command it sends.
        let mut line = format!("redis-cli {}", quote(&command));
        for a in &call.args[1..] {
            let v = literal(a)
                .or_else(|| given(a, keys, argv))
                .unwrap_or_else(|| "key".to_owned());
            line.push(' ');
            line.push_str(&quote(&v));
        }
        let mut found = Vec::new();
        crate::judge_shell(&line, depth + 1, ctx, &mut found);
        for mut f in found {
            f.message = format!(
                "{client} runs a Lua script that calls {command}: {}",
                f.message
            );
            out.push(f);
        }
    }
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}
