//! Text in another language carried by a command: the statement given with `-e` / `--eval` /
//! `--query` / `--sql`, the lines fed on stdin (a here-string, a here-document, what `echo`
//! or `printf` prints into the pipe), a statement given as an argument, an HTTP request's
//! `query=` parameter or JSON `"sql"` field. Whatever program carries it, the text goes to the
//! reader of the language it is written in: SQL of any dialect ([`crate::sql`]), the mongo
//! shell, inline code (JavaScript, Python, Perl, Ruby: [`super::interpreters::code`]), or
//! PowerShell and .NET ([`super::windows`]).
//!
//! # Why dispatch by content
//!
//! The readers used to be keyed to the programs that carry them (`psql -c`, `mysql -e`,
//! `mongosh --eval`): `DROP USER x CASCADE` through `sqlplus`, `REMOVE TABLE` through
//! `surreal sql`, `DELETE FROM` through `bq query` or `aws redshift-data execute-statement
//! --sql` went unread, though each is the same statement. The language of a text is cheap to
//! tell from its first words (a statement keyword, `db.`, a `[Type]::` call, a cmdlet), so the
//! carrier need not be known: only programs whose input is data they search, show, transform,
//! store or send (a pager, `grep`, `git commit -m`, a mailer) are passed over, because for them
//! the text is not run.
//!
//! # Cost
//!
//! A command is looked at only for its carriers (option values of a few names, stdin texts,
//! arguments holding whitespace); each text's language is told from at most its first 64 bytes
//! and a bounded scan, and the readers bound their own work (the SQL parser sees at most 16 KB).

use super::lexicon;
use super::{Cmd, Context};
use crate::finding::Finding;
use crate::shell::{RedirectKind, Script};

/// The languages a carried text is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// SQL of any dialect (and the statement languages shaped like it: SurrealQL, InfluxQL,
    /// CQL, ClickHouse's).
    Sql,
    /// The mongo shell's JavaScript (`db.orders.deleteMany({})`).
    Mongo,
    /// Inline code of a scripting language (JavaScript, Python, Perl, Ruby, PHP).
    Code,
    /// PowerShell statements and static .NET calls (`[System.IO.File]::Delete(...)`).
    PowerShell,
}

/// The longest text whose language is told and read here: a carried statement longer than this
/// is read by its first part (the readers' own limits are smaller still).
const MAX_TEXT: usize = 64 * 1024;

/// Statement keywords that open SQL in some dialect (reads among them: a read is judged as one,
/// so a `SELECT` carried anywhere stays a read).
const SQL_LEADS: &[&str] = &[
    "select", "drop", "delete", "update", "truncate", "alter", "grant", "revoke", "kill", "remove",
    "insert", "upsert", "create", "with", "merge", "replace", "show", "explain", "describe",
    "begin", "vacuum", "optimize", "rename", "define", "relate", "purge", "undrop", "detach",
    "dbcc", "restore", "reset", "exec", "execute",
];

/// Words that open inline code of a scripting language, or calls that are code whatever the
/// language (`Deno.remove(`, `require('fs')`, `shutil.rmtree(`).
const CODE_MARKS: &[&str] = &[
    "import ",
    "from ",
    "require(",
    "await ",
    "const ",
    "let ",
    "var ",
    "use ",
    "my ",
    "Deno.",
    "Bun.",
    "fs.",
    "os.",
    "shutil.",
    "FileUtils.",
    "File.",
    "Dir.",
    "process.",
];

/// Tells the language of a carried text from its opening, or `None` when it is none of them
/// (a file name, a setting, a sentence).
pub fn language(text: &str) -> Option<Language> {
    let t = text.trim_start_matches(|c: char| c.is_whitespace() || c == '(');
    let head = crate::cut(t, 64);
    if head.starts_with('[') && has_static_call(crate::cut(t, 4096)) {
        return Some(Language::PowerShell);
    }
    if super::windows::starts_with_cmdlet(head) {
        return Some(Language::PowerShell);
    }
    if head.starts_with("db.") || head.starts_with("db[") || head.starts_with("db.getSiblingDB") {
        return Some(Language::Mongo);
    }
    let first = head
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    if SQL_LEADS.iter().any(|k| k.eq_ignore_ascii_case(first)) && sql_shaped(head, first) {
        return Some(Language::Sql);
    }
    // A stored procedure of a catalog (`CALL lake.system.expire_snapshots(...)`) and Redshift's
    // `UNLOAD ('...')`: only in these shapes, so cmd's `call x.bat` stays cmd's.
    if first.eq_ignore_ascii_case("call")
        && head[4..]
            .split_whitespace()
            .next()
            .is_some_and(|p| p.contains('.') && p.contains('('))
        || first.eq_ignore_ascii_case("unload") && head[6..].trim_start().starts_with('(')
    {
        return Some(Language::Sql);
    }
    if CODE_MARKS.iter().any(|m| head.starts_with(m)) && t.contains('(') {
        // The mongo shell's scripts open with a binding too (`const c = db.getCollection(..)`).
        if crate::cut(t, 4096).contains("db.") {
            return Some(Language::Mongo);
        }
        return Some(Language::Code);
    }
    None
}

/// A statement keyword followed by what SQL puts after it (an object kind, a name, a number, `*`,
/// `FROM`), not English ("show me the logs", "update the docs"): the second word is not one of
/// the words a sentence puts there.
fn sql_shaped(head: &str, first: &str) -> bool {
    let rest = head[first.len()..].trim_start();
    if !head[first.len()..].starts_with(|c: char| c.is_whitespace() || c == '(') {
        return false;
    }
    let second = rest
        .split(|c: char| c.is_whitespace() || c == ';' || c == '(')
        .next()
        .unwrap_or("");
    const ENGLISH: &[&str] = &[
        "the", "a", "an", "me", "my", "our", "your", "it", "this", "that", "these", "those",
        "some", "to", "and", "of", "in", "on", "for", "us", "them", "him", "her",
    ];
    !second.is_empty() && !ENGLISH.iter().any(|e| e.eq_ignore_ascii_case(second))
}

/// Whether a text makes a static .NET call (`[System.IO.Directory]::Delete(`).
pub fn has_static_call(text: &str) -> bool {
    text.contains("]::")
}

/// Judges a carried text in the language it is written in. `how` says how it was carried,
/// for the messages.
pub fn judge_text(text: &str, how: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let text = crate::cut(text, MAX_TEXT);
    let Some(lang) = language(text) else {
        return;
    };
    let before = out.len();
    match lang {
        Language::Sql => out.extend(crate::sql::judge_sql(text)),
        Language::Mongo => crate::sql::clients::judge_mongo(text, out),
        Language::Code => super::interpreters::code(text, depth, ctx, out),
        Language::PowerShell => super::windows::line(text, depth + 1, ctx, out),
    }
    for f in &mut out[before..] {
        if !f.message.starts_with(how) {
            f.message = format!("{how}: {}", f.message);
        }
    }
}

/// Options that carry a statement or a script in the programs that take one (database and
/// query CLIs of every vendor, cloud CLIs' SQL APIs, remote shells): the value is read by its
/// language, so an option of the same name that holds a file or a setting reads as nothing.
const CARRIER_OPTIONS: &[&str] = &[
    "-e",
    "-E",
    "-c",
    "-q",
    "-Q",
    "-x",
    "--eval",
    "--command",
    "--execute",
    "--exec",
    "--query",
    "--query-string",
    "--sql",
    "--statement",
    "--statements",
    "--script",
    "-command",
    "-Command",
    "-execute",
    "-query",
    "-sql",
];

/// Programs whose input and option values are data they search, show, transform, store or send,
/// never run: a statement piped to `grep`, written by `tee`, put in a commit message or a mail
/// is not executed. (Programs the lexicon marks as readers, shells, interpreters or database
/// clients are left to their own readers.)
const DATA_TOOLS: &[&str] = &[
    "echo",
    "printf",
    "tee",
    "wc",
    "uniq",
    "tr",
    "paste",
    "column",
    "fold",
    "fmt",
    "git",
    "glab",
    "hg",
    "svn",
    "patch",
    "sponge",
    "nvim",
    "pbcopy",
    "wl-copy",
    "xsel",
    "clip",
    "logger",
    "wall",
    "notify-send",
    "say",
    "llm",
    "ollama",
    "aider",
    "claude",
    "gemini",
    "codex",
    "sgpt",
    "kcat",
    "kafkacat",
    "sqlfluff",
    "sql-formatter",
    "pg_format",
    "prettier",
    "shellcheck",
    "envsubst",
    "gpg",
    "age",
    "xargs",
    "test",
    "[",
    "expr",
];

/// Judges the texts a command carries in another language ([`judge_text`]): its carrier
/// options' values, a whole statement given as an argument, and what is fed to its stdin.
pub fn judge(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let p = cmd.program;
    if p == "ssh" {
        // The remote command (after the host), as `ssh` runs it.
        if let Some((host, remote)) = super::remote::ssh_command(cmd)
            && !remote.is_empty()
        {
            appliance(host, &remote.join(" "), depth, out);
        }
        return;
    }
    if p.is_empty()
        || DATA_TOOLS.contains(&p)
        // A searcher's operands are what it looks for and where (recognize/search_patterns.rs).
        || super::search_patterns::searcher(p)
        || lexicon::flags(p)
            & (lexicon::READER | lexicon::SHELL | lexicon::INTERPRETER | lexicon::DATABASE)
            != 0
        || super::windows::is_cmdlet_name(p)
        // An English word read as a program when a sentence was parsed as a command line
        // ("... and mysql -e ..."): the program is further on, read as its own command.
        || crate::prose::lexicon::lookup(p.as_bytes()).is_some()
    {
        return;
    }
    let mut it = cmd.args.iter().peekable();
    while let Some(a) = it.next() {
        let a: &str = a;
        if a == "--" {
            break;
        }
        if a.starts_with('-') {
            let (name, inline) = match a.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(v)),
                _ => (a, None),
            };
            // A pattern to look for (`aws logs filter-log-events --filter-pattern 'DROP
            // TABLE'`): searched for, never run.
            if super::search_patterns::pattern_option(p, name) {
                if inline.is_none() {
                    it.next();
                }
                continue;
            }
            if CARRIER_OPTIONS.contains(&name) {
                let value = inline.or_else(|| it.peek().map(|v| &***v));
                if let Some(v) = value {
                    judge_text(v, &format!("{p} {name}"), depth, ctx, out);
                }
            }
            continue;
        }
        // A whole statement given as an operand (`bq query 'DELETE ...'`, `db2 "DROP TABLE
        // t"`, `surreal sql ... 'REMOVE TABLE x'`): only SQL, and only a whole one (several
        // words), so a subcommand named `delete` is not a statement.
        if a.contains(' ') && language(a) == Some(Language::Sql) {
            judge_text(a, p, depth, ctx, out);
        }
    }
    // What is fed on stdin: a here-string or here-document, or what a short pipeline before it
    // prints (rebuilding a long pipeline's upstream for each of its commands would be quadratic).
    let fed_here = cmd
        .redirects
        .iter()
        .any(|r| matches!(r.kind, RedirectKind::HereString | RedirectKind::HereDoc));
    // The commands of a pipeline are contiguous: counting the few before this one is enough.
    let short_pipe = cmd.piped_in
        && s.commands.get(index).is_some_and(|c| {
            let upstream = s.commands[index.saturating_sub(MAX_UPSTREAM + 1)..index]
                .iter()
                .filter(|u| u.pipeline == c.pipeline)
                .count();
            (1..=MAX_UPSTREAM).contains(&upstream)
        });
    if fed_here || short_pipe {
        for text in super::stdin::fed(cmd, s, index) {
            judge_text(&text, &format!("{p} reading its stdin"), depth, ctx, out);
        }
    }
}

/// The most commands before a program in its pipeline whose printed text is rebuilt to read
/// what the program is fed (`echo X | prog`, `printf X | base64 -d | prog`).
const MAX_UPSTREAM: usize = 3;

/// The texts an HTTP request carries in another language: a query parameter or form field
/// named as a statement (`query`, `sql`, `q`, `statement`, `stmt`, `cmd`, `command`, `eval`),
/// and the same names as a JSON body's string fields. `query` is the URL's query string and
/// `bodies` the request's bodies as sent, both percent-decoded where they were encoded.
pub fn request_texts<'a>(query: &'a str, bodies: &'a [&'a str]) -> Vec<std::borrow::Cow<'a, str>> {
    const NAMES: &[&str] = &[
        "query",
        "sql",
        "q",
        "statement",
        "stmt",
        "cmd",
        "command",
        "eval",
        "script",
    ];
    let mut out: Vec<std::borrow::Cow<'a, str>> = Vec::new();
    form_pairs(query, NAMES, &mut out);
    for b in bodies {
        let t = b.trim_start();
        if t.starts_with('{') {
            json_fields(t, NAMES, &mut out);
        } else if language(t) == Some(Language::Sql) {
            // A body that is itself a statement (SurrealDB's `/sql`, ClickHouse's `/`).
            out.push(std::borrow::Cow::Borrowed(t));
        } else {
            form_pairs(t, NAMES, &mut out);
        }
    }
    out
}

/// The values of a query string's or form's fields named in `names`, percent-decoded.
fn form_pairs<'a>(s: &'a str, names: &[&str], out: &mut Vec<std::borrow::Cow<'a, str>>) {
    for kv in s.split('&') {
        if let Some((k, v)) = kv.split_once('=')
            && names.iter().any(|n| n.eq_ignore_ascii_case(k.trim()))
        {
            out.push(if v.contains(['%', '+']) {
                std::borrow::Cow::Owned(percent_decoded(v))
            } else {
                std::borrow::Cow::Borrowed(v)
            });
        }
    }
}

/// The string values of a JSON object's fields named in `names` (at any depth), unescaped
/// enough for reading (`\"`, `\n`, `\\`): one pass, no JSON tree built for a body that may be
/// cut short.
fn json_fields<'a>(body: &'a str, names: &[&str], out: &mut Vec<std::borrow::Cow<'a, str>>) {
    let b = body.as_bytes();
    let mut i = 0;
    while let Some(off) = body[i..].find('"') {
        let start = i + off + 1;
        let Some(len) = string_end(&b[start..]) else {
            return;
        };
        let key = &body[start..start + len];
        let mut j = start + len + 1;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j < b.len() && b[j] == b':' {
            j += 1;
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if j < b.len() && b[j] == b'"' && names.iter().any(|n| n.eq_ignore_ascii_case(key)) {
                let vstart = j + 1;
                let Some(vlen) = string_end(&b[vstart..]) else {
                    return;
                };
                let v = &body[vstart..vstart + vlen];
                out.push(if v.contains('\\') {
                    std::borrow::Cow::Owned(
                        v.replace("\\n", "\n")
                            .replace("\\t", " ")
                            .replace("\\\"", "\"")
                            .replace("\\\\", "\\"),
                    )
                } else {
                    std::borrow::Cow::Borrowed(v)
                });
                i = vstart + vlen + 1;
                continue;
            }
        }
        i = start + len + 1;
    }
}

/// The length of a JSON string's body from just after its opening quote.
fn string_end(b: &[u8]) -> Option<usize> {
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b'"' => return Some(k),
            _ => k += 1,
        }
    }
    None
}

/// Percent-decoding with `+` as a space (a form's encoding), lossy on invalid UTF-8.
fn percent_decoded(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => {
                let hex = |c: u8| (c as char).to_digit(16);
                match (hex(b[i + 1]), hex(b[i + 2])) {
                    (Some(h), Some(l)) => {
                        out.push((h * 16 + l) as u8);
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The command a remote shell runs on an appliance whose CLI is not a POSIX system's (a storage
/// array's `volume delete`, a switch's `no interface`): each statement is read as a command of
/// the host's own program, by the reader of unknown commands, since its first word names no
/// program here. `host` is the host as written (`admin@netapp-c1`), `remote` the command.
pub fn appliance(host: &str, remote: &str, depth: u8, out: &mut Vec<Finding>) {
    // A PaaS user's forced command (`ssh dokku@host apps:destroy app`): its CLI's arguments.
    if let Some(program) = super::platform_ops::forced_command(host) {
        let mut remote_ctx = Context::default();
        crate::judge_shell(
            &format!("{program} {}", crate::cut(remote, MAX_TEXT)),
            depth + 1,
            &mut remote_ctx,
            out,
        );
        return;
    }
    let name = host.rsplit('@').next().unwrap_or(host);
    let name: String = name
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();
    if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return;
    }
    for statement in crate::cut(remote, MAX_TEXT).split([';', '\n']) {
        let statement = statement.trim();
        let first = statement.split_whitespace().next().unwrap_or("");
        // A program this machine knows (or a path, a variable) is read as the POSIX command it
        // is, by the remote command's own reading.
        if first.is_empty()
            || !first.bytes().all(|b| b.is_ascii_lowercase() || b == b'-')
            || lexicon::flags(first) & lexicon::PROGRAM != 0
        {
            continue;
        }
        let mut remote_ctx = Context::default();
        crate::judge_shell(
            &format!("{name} {statement}"),
            depth + 1,
            &mut remote_ctx,
            out,
        );
    }
}
