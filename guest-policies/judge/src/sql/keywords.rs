//! The statement-keyword reader: the cheap prefilter that decides whether SQL is parsed at all,
//! and the fallback for text no dialect accepts (cut-short statements, templating, SQL inside a
//! sentence: "then DROP TABLE users in prod").
//!
//! The fallback reads only the statement shapes that matter (`DROP <object> name`, `TRUNCATE`,
//! `DELETE FROM name [WHERE]`, `UPDATE name SET ... [WHERE]`, `ALTER TABLE ... DROP`,
//! `GRANT ALL`, `ALTER USER/ROLE ... SUPERUSER`). A statement keyword written in lower case in
//! the middle of words is read strictly (`delete from the list` is English): the statement must
//! end where SQL would let it end.

use crate::finding::{Family, Finding, Severity};

/// The statement keywords that can make a statement worth judging. Everything else (`SELECT`,
/// `INSERT`, `EXPLAIN`, `SHOW`, `DESCRIBE`, `WITH` ... reads) is never parsed.
/// `KILL` ends sessions (MySQL, ClickHouse, SQL Server); `REMOVE` is SurrealQL's `DROP`.
const KEYWORDS: [&str; 11] = [
    "drop", "truncate", "delete", "update", "alter", "grant", "revoke", "create", "merge", "kill",
    "remove",
];

/// Whether `text` holds one of [`KEYWORDS`] as a whole word (letters, digits and `_` make a
/// word, so `truncate_at` and `deleted_at` are not keywords), in any case. One pass over the
/// bytes, no allocation.
pub fn has_statement_keyword(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !is_word_byte(b[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < b.len() && is_word_byte(b[i]) {
            i += 1;
        }
        let word = &b[start..i];
        if (4..=8).contains(&word.len())
            && KEYWORDS
                .iter()
                .any(|k| k.as_bytes().eq_ignore_ascii_case(word))
        {
            return true;
        }
    }
    false
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

/// How a statement opens, which decides whether it is parsed.
#[derive(Debug, PartialEq, Eq)]
pub enum Lead {
    /// A harmful statement in a shape the parser grades: parse it.
    Parse,
    /// `CREATE ...`, with the table it creates (lower case) if it is `CREATE TABLE`.
    Create(Option<String>),
    /// A read or an addition (`SELECT`, `INSERT`, `EXPLAIN`, `SHOW`, `BEGIN`...): nothing to grade.
    Read,
    /// Not a statement: maybe a sentence holding one.
    Other,
}

/// The first words of a piece, lower-cased into small buffers (no allocation).
fn first_words(piece: &str) -> impl Iterator<Item = &str> {
    piece
        .split(|c: char| c.is_whitespace() || c == '(' || c == ',')
        .filter(|w| !w.is_empty())
}

/// How `piece` opens ([`Lead`]).
pub fn lead(piece: &str) -> Lead {
    let mut words = first_words(piece);
    let Some(first) = words.next() else {
        return Lead::Other;
    };
    let second = words.next().unwrap_or("");
    let is = |w: &str, k: &str| w.eq_ignore_ascii_case(k);
    let has_word = |k: &str| first_words(piece).any(|w| is(w, k));
    if is(first, "drop") || is(first, "remove") && shouted(first) {
        let object = if is(second, "temporary") || is(second, "materialized") {
            words.next().unwrap_or("")
        } else {
            second
        };
        return if is(first, "drop") && drop_object(object).is_some() {
            Lead::Parse
        } else {
            Lead::Other
        };
    }
    if is(first, "truncate") || is(first, "grant") || is(first, "revoke") {
        return Lead::Parse;
    }
    if is(first, "delete") {
        return if is(second, "from") || has_word("from") {
            Lead::Parse
        } else {
            Lead::Other
        };
    }
    if is(first, "update") {
        return if has_word("set") {
            Lead::Parse
        } else {
            Lead::Other
        };
    }
    if is(first, "alter") {
        // ALTER TABLE matters only when it drops something (ADD COLUMN, RENAME: nothing to grade).
        if is(second, "table") && !has_word("drop") && !has_word("delete") && !has_word("update") {
            return Lead::Read;
        }
        return if ["table", "user", "role"].iter().any(|k| is(second, k)) {
            Lead::Parse
        } else {
            Lead::Other
        };
    }
    if is(first, "merge") {
        return if is(second, "into") {
            Lead::Parse
        } else {
            Lead::Other
        };
    }
    if is(first, "create") {
        let mut rest = first_words(piece).skip(1).skip_while(|w| {
            ["temp", "temporary", "unlogged", "or", "replace"]
                .iter()
                .any(|k| is(w, k))
        });
        let table = match rest.next() {
            Some(w) if is(w, "table") => {
                let name = rest
                    .find(|w| !["if", "not", "exists"].iter().any(|k| is(w, k)))
                    .unwrap_or("");
                Some(name.trim_matches(['"', '`']).to_ascii_lowercase())
            }
            _ => None,
        };
        return Lead::Create(table);
    }
    // A common table expression may modify (`WITH gone AS (DELETE FROM users RETURNING *) ...`).
    if is(first, "with") && ["delete", "update", "truncate"].iter().any(|k| has_word(k)) {
        return Lead::Parse;
    }
    if is(first, "explain") && is(second, "analyze") {
        return Lead::Parse;
    }
    if [
        "select", "insert", "with", "explain", "show", "describe", "desc", "begin", "commit",
        "rollback", "start", "set", "use", "values", "analyze", "vacuum", "pragma", "copy",
    ]
    .iter()
    .any(|k| is(first, k))
    {
        return Lead::Read;
    }
    Lead::Other
}

/// Whether the keyword reader grades `piece` as the parser would: a `DROP`, `TRUNCATE` or
/// `REVOKE`, a `GRANT ALL`, or a `DELETE`/`UPDATE` without `WHERE`, with no comment or quote that
/// could hide or fake a word (`DROP/**/TABLE`, `SET note = 'where'`). Everything else is parsed.
pub fn plain(piece: &str) -> bool {
    if piece.contains("--")
        || piece.contains("/*")
        || piece.contains('#')
        || piece.contains(['\'', '"', '`', '\\'])
    {
        return false;
    }
    let mut words = first_words(piece);
    let first = words.next().unwrap_or("");
    let second = words.next().unwrap_or("");
    let is = |w: &str, k: &str| w.eq_ignore_ascii_case(k);
    let limit = || first_words(piece).any(|w| is(w, "limit"));
    let condition = || {
        let lower_at = piece
            .as_bytes()
            .windows(7)
            .position(|w| w.eq_ignore_ascii_case(b" where "));
        lower_at.map(|at| &piece[at + 7..])
    };
    is(first, "drop")
        || is(first, "truncate")
        || is(first, "revoke")
        || (is(first, "grant") && is(second, "all"))
        || ((is(first, "delete") || is(first, "update"))
            && !limit()
            && condition().is_none_or(selective))
}

/// Whether a `WHERE` condition plainly selects rows by a column: its first comparison has a
/// column on the left and something else on the right (`id = 7`, `expires_at < now()`), with no
/// `OR`, `NOT`, `TRUE` or `FALSE` that could make it hold for every row. Anything else is left to
/// the parser's always-true analysis.
fn selective(condition: &str) -> bool {
    let words = || {
        condition
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
            .filter(|w| !w.is_empty())
    };
    if words().any(|w| {
        ["or", "not", "true", "false", "xor"]
            .iter()
            .any(|k| w.eq_ignore_ascii_case(k))
    }) {
        return false;
    }
    let Some(op) = condition.find(['=', '<', '>', '!']) else {
        return false;
    };
    let left = condition[..op].trim();
    let right = condition[op..]
        .trim_start_matches(['=', '<', '>', '!'])
        .trim()
        .split(|c: char| c.is_whitespace() || c == ';' || c == ')')
        .next()
        .unwrap_or("");
    left.bytes().next().is_some_and(|c| c.is_ascii_alphabetic())
        && left
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.')
        && !right.is_empty()
        && !left.eq_ignore_ascii_case(right)
}

/// Whether every table a `DROP TABLE` piece names is in `created` (lower case).
pub fn drops_only(piece: &str, created: &[String]) -> bool {
    let is = |w: &str, k: &str| w.eq_ignore_ascii_case(k);
    let names: Vec<&str> = first_words(piece)
        .skip_while(|w| !is(w, "table"))
        .skip(1)
        .filter(|w| {
            !["if", "exists", "cascade", "restrict"]
                .iter()
                .any(|k| is(w, k))
        })
        .collect();
    !names.is_empty()
        && names
            .iter()
            .all(|n| created.iter().any(|c| c.eq_ignore_ascii_case(n)))
}

/// Whether a `CREATE` statement gives superuser-level options (`CREATE ROLE x SUPERUSER`).
pub fn escalates(piece: &str) -> bool {
    first_words(piece).any(|w| {
        ["superuser", "bypassrls", "sysadmin", "accountadmin"]
            .iter()
            .any(|k| w.eq_ignore_ascii_case(k))
    })
}

/// What a `CREATE OR REPLACE TABLE` does to the table it names, when it names one that exists
/// (Snowflake, BigQuery, Databricks, DuckDB, MariaDB): the old table and its rows are dropped
/// and a new one takes the name. Empty (no `AS`, `CLONE`, `LIKE` or `COPY`): every row is gone
/// (`Some(true)`); filled from a query or a copy: the rows are replaced by what it returns, a
/// bounded change (`Some(false)`). A temporary table replaces nothing shared (`None`).
pub fn replaces_table(piece: &str) -> Option<bool> {
    let is = |w: &str, k: &str| w.eq_ignore_ascii_case(k);
    let words: Vec<&str> = first_words(piece).take(8).collect();
    let [create, or, replace, rest @ ..] = words.as_slice() else {
        return None;
    };
    if !(is(create, "create") && is(or, "or") && is(replace, "replace")) {
        return None;
    }
    let kind = rest.iter().find(|w| {
        !["transient", "global", "local", "external"]
            .iter()
            .any(|k| is(w, k))
    })?;
    if !is(kind, "table") {
        return None;
    }
    let filled = first_words(piece).any(|w| {
        ["as", "clone", "like", "copy"]
            .iter()
            .any(|k| w.eq_ignore_ascii_case(k))
    });
    Some(!filled)
}

/// The statements of `sql`: split at each `;` outside quotes (`'...'`, `"..."`, `` `...` ``),
/// trimmed, empty ones left out.
pub fn statements(sql: &str) -> impl Iterator<Item = &str> {
    let mut pieces = Vec::new();
    let mut quote: Option<u8> = None;
    let mut start = 0;
    for (i, &c) in sql.as_bytes().iter().enumerate() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if matches!(c, b'\'' | b'"' | b'`') => quote = Some(c),
            None if c == b';' => {
                pieces.push(&sql[start..i]);
                start = i + 1;
            }
            None => {}
        }
    }
    pieces.push(&sql[start..]);
    pieces.into_iter().map(str::trim).filter(|p| !p.is_empty())
}

/// One token of the fallback reader: a word (identifier, keyword, number, qualified or quoted
/// name) or one punctuation character.
#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    /// Byte offset in the piece.
    at: usize,
}

fn tokens(piece: &str) -> Vec<Token<'_>> {
    let b = piece.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let name_byte =
        |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$') || c >= 0x80;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if matches!(c, b'"' | b'`' | b'[') {
            let close = if c == b'[' { b']' } else { c };
            i += 1;
            while i < b.len() && b[i] != close {
                i += 1;
            }
            i = (i + 1).min(b.len());
        } else if name_byte(c) {
            while i < b.len() && (name_byte(b[i]) || matches!(b[i], b'"' | b'`')) {
                i += 1;
            }
        } else {
            // One character, whole (it may be more than one byte).
            i += piece[i..].chars().next().map_or(1, char::len_utf8);
        }
        out.push(Token {
            text: &piece[start..i],
            at: start,
        });
    }
    out
}

fn push(out: &mut Vec<Finding>, code: &'static str, severity: Severity, message: String) {
    out.push(Finding {
        family: Family::Database,
        code,
        severity,
        message,
    });
}

/// Objects of `DROP` (and SurrealQL's `REMOVE`) and what dropping them means, by the kind of
/// object in every dialect's words: what holds data (a database, keyspace, namespace, catalog or
/// tablespace holds tables; a table, collection, measurement or series holds rows), what grants
/// access (a user, role or login), and definitions that can be made again.
fn drop_object(word: &str) -> Option<(&'static str, Severity, &'static str)> {
    let is = |k: &str| word.eq_ignore_ascii_case(k);
    let any = |ks: &[&str]| ks.iter().any(|k| is(k));
    if any(&["namespace", "catalog", "tablespace", "cluster", "bucket"]) {
        return Some((
            "database.drop-database",
            Severity::Stop,
            "drops what holds whole databases or their storage: every table and row in it",
        ));
    }
    if any(&[
        "collection",
        "measurement",
        "series",
        "partition",
        "stream",
        "topic",
        "snapshot",
        "backup",
        "dataset",
        "field",
        "column",
    ]) {
        return Some((
            "database.drop-data",
            Severity::Verify,
            "drops stored data: every row, document or point it holds",
        ));
    }
    if any(&["login", "group"]) {
        return Some((
            "database.drop-user",
            Severity::Verify,
            "drops a database login or group: whoever uses it loses access",
        ));
    }
    if any(&[
        "event",
        "param",
        "analyzer",
        "access",
        "token",
        "scope",
        "policy",
        "publication",
        "subscription",
        "server",
        "connector",
        "sink",
        "source",
        "pipe",
        "stage",
        "task",
        "warehouse",
        "domain",
        "synonym",
        "package",
        "job",
        "alert",
        "secret",
        "macro",
        "rule",
        "dictionary",
        "share",
        "integration",
        "replication",
        "retention",
        "constraint",
    ]) {
        return Some((
            "database.drop-object",
            Severity::Confirm,
            "drops a definition (recreatable; no rows lost)",
        ));
    }
    Some(if is("database") || is("keyspace") {
        (
            "database.drop-database",
            Severity::Stop,
            "drops a whole database: every table and row",
        )
    } else if is("schema") {
        (
            "database.drop-schema",
            Severity::Stop,
            "drops a whole schema: every table in it",
        )
    } else if is("table") {
        (
            "database.drop-table",
            Severity::Verify,
            "drops the table and every row in it",
        )
    } else if is("user") || is("role") {
        (
            "database.drop-user",
            Severity::Verify,
            "drops a database user or role",
        )
    } else if is("owned") {
        (
            "database.drop-owned",
            Severity::Verify,
            "drops every object the role owns",
        )
    } else if [
        "view",
        "index",
        "sequence",
        "function",
        "procedure",
        "trigger",
        "type",
        "extension",
    ]
    .iter()
    .any(|k| is(k))
    {
        (
            "database.drop-object",
            Severity::Confirm,
            "drops a definition (recreatable; no rows lost)",
        )
    } else {
        return None;
    })
}

/// Whether a keyword is written the way SQL is usually written in prose: in capitals.
fn shouted(word: &str) -> bool {
    word.bytes().all(|b| !b.is_ascii_lowercase())
}

/// Words that may follow a table name where a lower-case `DELETE FROM name` or `UPDATE name SET
/// ...` statement ends.
fn ends_statement(t: Option<&Token<'_>>) -> bool {
    t.is_none_or(|t| {
        [
            ";",
            ")",
            "where",
            "limit",
            "returning",
            "using",
            "order",
            "as",
        ]
        .iter()
        .any(|k| t.text.eq_ignore_ascii_case(k))
    })
}

/// Reads the statement shapes that matter out of a piece the parser refused.
pub fn judge(piece: &str, out: &mut Vec<Finding>) {
    let toks = tokens(piece);
    let word = |i: usize| toks.get(i).map_or("", |t| t.text);
    let is = |i: usize, k: &str| word(i).eq_ignore_ascii_case(k);
    let mut i = 0;
    while i < toks.len() {
        let here = word(i);
        if is(i, "drop") || is(i, "remove") && removes(&toks, i) {
            let mut j = i + 1;
            while is(j, "temporary") || is(j, "materialized") || is(j, "external") {
                j += 1;
            }
            let mut k = j + 1;
            if is(k, "if") && is(k + 1, "exists") {
                k += 2;
            }
            let verb = here.to_ascii_uppercase();
            if let Some((code, severity, why)) = drop_object(word(j)) {
                // A user dropped with CASCADE takes every object it owns along (Oracle's
                // `DROP USER x CASCADE` drops the user's schema: its tables and rows).
                let cascade = (is(j, "user") || is(j, "role") || is(j, "login"))
                    && (k + 1..toks.len().min(k + 4)).any(|c| is(c, "cascade"));
                if cascade {
                    push(
                        out,
                        "database.drop-user-cascade",
                        Severity::Stop,
                        format!(
                            "SQL {verb} {} {} CASCADE drops the account and every object it owns: its schema's tables and rows",
                            word(j).to_ascii_uppercase(),
                            word(k)
                        ),
                    );
                } else {
                    push(
                        out,
                        code,
                        severity,
                        format!(
                            "SQL {verb} {} {} {why}",
                            word(j).to_ascii_uppercase(),
                            word(k)
                        ),
                    );
                }
                i = k;
            } else if shouted(here)
                && word(j).len() > 2
                && word(j).bytes().all(|b| b.is_ascii_uppercase() || b == b'_')
                && !word(k).is_empty()
            {
                // An object kind of a dialect not listed, written as SQL is written (`DROP
                // WORKSPACE w1`): something that existed is gone, how much is not known here.
                push(
                    out,
                    "database.drop-object",
                    Severity::Confirm,
                    format!(
                        "SQL {verb} {} {}: drops a database object",
                        word(j),
                        word(k)
                    ),
                );
                i = k;
            }
        } else if is(i, "kill") && (shouted(here) || i == 0) && kills(&toks, i) {
            push(
                out,
                "database.kill-session",
                Severity::Confirm,
                format!(
                    "SQL {}: ends another database session or query, its transaction rolled back",
                    toks[i..toks.len().min(i + 3)]
                        .iter()
                        .map(|t| t.text)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
            );
        } else if is(i, "alter") && is(i + 1, "system") {
            alter_system(&toks, i, out);
            i += 1;
        } else if is(i, "truncate") {
            if is(i + 1, "table") || (shouted(here) && !word(i + 1).is_empty()) {
                let name = if is(i + 1, "table") {
                    word(i + 2)
                } else {
                    word(i + 1)
                };
                push(
                    out,
                    "database.truncate",
                    Severity::Verify,
                    format!("SQL TRUNCATE {name} removes every row of the table at once"),
                );
            }
        } else if is(i, "delete") && is(i + 1, "from") && !word(i + 2).is_empty() {
            let name = word(i + 2);
            let where_at = (i + 3..toks.len()).find(|&k| is(k, "where"));
            if where_at.is_none() && !shouted(here) && !ends_statement(toks.get(i + 3)) {
                // "delete from the list and ...": English, not a statement.
            } else {
                grade_rows(out, piece, &toks, where_at, "DELETE FROM", name, true);
            }
        } else if is(i, "update") && !word(i + 1).is_empty() && is(i + 2, "set") {
            let name = word(i + 1);
            let where_at = (i + 3..toks.len()).find(|&k| is(k, "where"));
            grade_rows(out, piece, &toks, where_at, "UPDATE", name, false);
        } else if is(i, "alter")
            && is(i + 1, "table")
            && (is(i + 3, "delete") || is(i + 3, "update"))
        {
            // ClickHouse mutations: `ALTER TABLE t DELETE WHERE ...`, `ALTER TABLE t UPDATE ...`.
            let name = word(i + 2);
            let where_at = (i + 4..toks.len()).find(|&k| is(k, "where"));
            let delete = is(i + 3, "delete");
            let verb = if delete {
                "ALTER TABLE ... DELETE"
            } else {
                "ALTER TABLE ... UPDATE"
            };
            grade_rows(out, piece, &toks, where_at, verb, name, delete);
            i += 3;
        } else if is(i, "alter") && is(i + 1, "table") {
            let name = word(i + 2);
            if let Some(k) = (i + 3..toks.len()).find(|&k| is(k, "drop")) {
                let constraint = ["constraint", "index", "key", "primary", "foreign"]
                    .iter()
                    .any(|c| is(k + 1, c));
                let what = if is(k + 1, "column") {
                    word(k + 2)
                } else {
                    word(k + 1)
                };
                if constraint {
                    push(
                        out,
                        "database.alter-drop",
                        Severity::Confirm,
                        format!("SQL ALTER TABLE {name} DROP {what}"),
                    );
                } else {
                    push(
                        out,
                        "database.alter-drop-column",
                        Severity::Verify,
                        format!("SQL ALTER TABLE {name} DROP {what}: its data in every row"),
                    );
                }
                i = k + 1;
            }
        } else if is(i, "revoke") && shouted(here) && !word(i + 1).is_empty() {
            push(
                out,
                "database.revoke",
                Severity::Confirm,
                "SQL REVOKE takes privileges away".into(),
            );
        } else if is(i, "grant") && is(i + 1, "all") {
            push(
                out,
                "database.grant-all",
                Severity::Verify,
                "SQL GRANT ALL gives every privilege on the objects".into(),
            );
        } else if is(i, "grant") && shouted(here) {
            grant_reach(piece, out);
        } else if (is(i, "alter") || is(i, "create"))
            && (is(i + 1, "user") || is(i + 1, "role"))
            && (i + 2..toks.len()).any(|k| is(k, "superuser") || is(k, "bypassrls"))
        {
            push(
                out,
                "database.role-escalation",
                Severity::Verify,
                format!(
                    "SQL {} {} gives superuser options",
                    here.to_ascii_uppercase(),
                    word(i + 2)
                ),
            );
        }
        i += 1;
    }
}

/// Grades a `DELETE` or `UPDATE` by its `WHERE` (at token `where_at`, if any).
fn grade_rows(
    out: &mut Vec<Finding>,
    piece: &str,
    toks: &[Token<'_>],
    where_at: Option<usize>,
    verb: &str,
    name: &str,
    delete: bool,
) {
    let (all, selective) = if delete {
        ("database.delete-all", "database.delete-where")
    } else {
        ("database.update-all", "database.update-where")
    };
    let Some(w) = where_at else {
        let what = if delete { "removes" } else { "overwrites" };
        push(
            out,
            all,
            Severity::Verify,
            format!("SQL {verb} {name} without WHERE {what} every row"),
        );
        return;
    };
    let condition = toks.get(w + 1).map_or("", |t| &piece[t.at..]);
    if condition_always_true(condition) {
        push(
            out,
            all,
            Severity::Verify,
            format!("SQL {verb} {name} with an always-true WHERE touches every row"),
        );
    } else if delete {
        push(
            out,
            selective,
            Severity::Confirm,
            format!("SQL {verb} {name} WHERE ... removes the selected rows for good"),
        );
    } else {
        push(
            out,
            selective,
            Severity::Confirm,
            format!("SQL {verb} {name} ... WHERE overwrites the selected rows' values"),
        );
    }
}

/// The always-true conditions an unparsed statement can be judged by: `1=1`, `true`, `1`,
/// `'a'='a'`, and any of them after `OR`.
fn condition_always_true(condition: &str) -> bool {
    let squashed: String = condition
        .chars()
        .take(200)
        .filter(|c| !c.is_whitespace() && *c != '(' && *c != ')')
        .flat_map(char::to_lowercase)
        .collect();
    let squashed = squashed.trim_end_matches(';');
    const TRUE: [&str; 5] = ["1=1", "true", "1", "'a'='a'", "1<>0"];
    TRUE.contains(&squashed)
        || TRUE
            .iter()
            .any(|t| squashed.contains(&["or", t].concat()) && squashed.ends_with(t))
}

/// PostgreSQL's administrative functions, which act from inside a `SELECT`: ending other
/// sessions, dropping replication slots, removing large objects.
pub fn admin_functions(sql: &str, out: &mut Vec<Finding>) {
    let lower = sql.to_ascii_lowercase();
    for (name, severity, why) in [
        (
            "pg_terminate_backend",
            Severity::Confirm,
            "ends other database sessions and their transactions",
        ),
        (
            "pg_drop_replication_slot",
            Severity::Confirm,
            "drops a replication slot: a replica or CDC consumer loses its place",
        ),
        ("lo_unlink", Severity::Confirm, "deletes a large object"),
    ] {
        if lower.contains(name) {
            push(
                out,
                "database.admin-function",
                severity,
                format!("SQL {name}() {why}"),
            );
        }
    }
}

/// Whether `REMOVE` at token `i` is SurrealQL's statement (`REMOVE TABLE orders;`), not an English
/// verb: written in capitals, or opening the statement with an object kind, a name, and the
/// statement's end (or its `ON` / `IF` clause) right after.
fn removes(toks: &[Token<'_>], i: usize) -> bool {
    let word = |k: usize| toks.get(k).map_or("", |t| t.text);
    if shouted(word(i)) {
        return true;
    }
    let mut end = i + 3;
    if word(i + 2).eq_ignore_ascii_case("if") {
        end = i + 5;
    }
    i == 0
        && drop_object(word(i + 1)).is_some()
        && ["", ";", "on", "if"]
            .iter()
            .any(|k| word(end).eq_ignore_ascii_case(k))
}

/// Whether `KILL` at token `i` ends a session or a query: `KILL 81231`, `KILL QUERY 81231`,
/// `KILL CONNECTION 5`, ClickHouse's `KILL QUERY WHERE ...` / `KILL MUTATION WHERE ...`. SQL
/// Server's `KILL 53 WITH STATUSONLY` only reports a rollback's progress.
fn kills(toks: &[Token<'_>], i: usize) -> bool {
    let word = |k: usize| toks.get(k).map_or("", |t| t.text);
    let id = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    let statusonly = toks[i..]
        .iter()
        .any(|t| t.text.eq_ignore_ascii_case("statusonly"));
    !statusonly
        && (id(word(i + 1))
            || ["query", "connection", "mutation", "session", "process"]
                .iter()
                .any(|k| word(i + 1).eq_ignore_ascii_case(k))
                && !word(i + 2).is_empty())
}

/// `ALTER SYSTEM`: a change to the server itself, for every session (PostgreSQL writes it to
/// `postgresql.auto.conf`, Oracle to its spfile), or Oracle's `ALTER SYSTEM KILL SESSION`. The
/// settings that run programs or open the server (`archive_command`, preloaded libraries,
/// `ssl`, `listen_addresses`) hand the server to whoever set them.
fn alter_system(toks: &[Token<'_>], i: usize, out: &mut Vec<Finding>) {
    let word = |k: usize| toks.get(k).map_or("", |t| t.text);
    let rest = || toks[i + 2..].iter().take(12).map(|t| t.text);
    if ["kill", "disconnect"]
        .iter()
        .any(|k| word(i + 2).eq_ignore_ascii_case(k))
    {
        push(
            out,
            "database.kill-session",
            Severity::Confirm,
            "SQL ALTER SYSTEM KILL SESSION ends another database session, its transaction rolled back".into(),
        );
        return;
    }
    const TAKEOVER: &[&str] = &[
        "archive_command",
        "restore_command",
        "shared_preload_libraries",
        "session_preload_libraries",
        "local_preload_libraries",
        "ssl",
        "listen_addresses",
        "password_encryption",
        "log_statement",
    ];
    let takes_over = rest().any(|w| TAKEOVER.iter().any(|k| w.eq_ignore_ascii_case(k)));
    push(
        out,
        "database.alter-system",
        if takes_over {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        if takes_over {
            "SQL ALTER SYSTEM sets what the server runs or who can reach it, for every session"
                .into()
        } else {
            "SQL ALTER SYSTEM changes the database server's own configuration, for every session"
                .into()
        },
    );
}

/// How far a `GRANT` reaches: to `PUBLIC` (every role there is and will be), or an
/// administrator's role (`DBA`, `sysadmin`, `ACCOUNTADMIN`, `rds_superuser`, the roles that read
/// and write the server's files or run its programs).
pub fn grant_reach(piece: &str, out: &mut Vec<Finding>) {
    let toks = tokens(piece);
    let is = |i: usize, k: &str| toks.get(i).is_some_and(|t| t.text.eq_ignore_ascii_case(k));
    let Some(g) = (0..toks.len()).find(|&i| is(i, "grant")) else {
        return;
    };
    let all = is(g + 1, "all");
    let to = (g + 1..toks.len()).find(|&i| is(i, "to"));
    // Snowflake writes the grantee's kind first (`TO ROLE PUBLIC`).
    if to.is_some_and(|t| is(t + 1, "public") || is(t + 1, "role") && is(t + 2, "public")) {
        push(
            out,
            "database.grant-public",
            if all {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "SQL GRANT {}... TO PUBLIC gives it to every role, present and future",
                if all { "ALL " } else { "" }
            ),
        );
        return;
    }
    const ADMIN: &[&str] = &[
        "dba",
        "sysdba",
        "sysadmin",
        "accountadmin",
        "securityadmin",
        "rds_superuser",
        "cloudsqlsuperuser",
        "azure_pg_admin",
        "pg_execute_server_program",
        "pg_write_server_files",
        "pg_read_server_files",
        "db_owner",
        "super",
    ];
    let end = to.unwrap_or(toks.len());
    if toks[g + 1..end].iter().any(|t| {
        ADMIN
            .iter()
            .any(|k| t.text.trim_matches(['"', '`', ',']).eq_ignore_ascii_case(k))
    }) {
        push(
            out,
            "database.role-escalation",
            Severity::Verify,
            "SQL GRANT of an administrator's role: the grantee can do anything the server can"
                .into(),
        );
    }
}

/// What an `EXPLAIN` (or MariaDB's `ANALYZE <statement>`) does with the statement it
/// explains.
#[derive(Debug, PartialEq, Eq)]
pub enum Explained<'a> {
    /// Not an explanation: the piece is its own statement.
    No,
    /// Only planned, never run (`EXPLAIN DELETE ...`, `EXPLAIN (ANALYZE false) DELETE ...`,
    /// `EXPLAIN QUERY PLAN`, `EXPLAIN PLAN FOR`, `EXPLAIN FORMAT=JSON`, ClickHouse's `EXPLAIN
    /// SYNTAX`): the statement planned.
    Planned(&'a str),
    /// Run to measure it (`EXPLAIN ANALYZE`, `EXPLAIN (ANALYZE)`, `EXPLAIN (BUFFERS, ANALYZE
    /// on)`, MariaDB's `ANALYZE DELETE ...`): the statement it runs, to be judged as itself.
    Runs(&'a str),
}

/// Options an `EXPLAIN` may carry before its statement without running it (PostgreSQL's
/// `VERBOSE`, MySQL's `FORMAT=...`, `EXTENDED`, `PARTITIONS`, SQLite's `QUERY PLAN`, Oracle's
/// `PLAN FOR`, ClickHouse's and Spark's kinds of plan).
const EXPLAIN_WORDS: &[&str] = &[
    "verbose",
    "query",
    "plan",
    "for",
    "extended",
    "partitions",
    "formatted",
    "codegen",
    "cost",
    "syntax",
    "ast",
    "pipeline",
    "estimate",
    "logical",
    "physical",
    "distributed",
    "opt",
    "vec",
    "types",
    "using",
    "text",
    "json",
    "tabular",
    "tree",
    "traditional",
    "(debug)",
];

/// Whether `piece` explains a statement, and whether the explanation runs it. PostgreSQL,
/// CockroachDB, DuckDB, Trino and MySQL 8 run the statement under `ANALYZE` (PostgreSQL also
/// spells it `ANALYSE`, and takes it as an option in parentheses, with an optional boolean:
/// `true`/`on`/`1`/`yes` or none runs it, `false`/`off`/`0`/`no` does not). MariaDB's
/// `ANALYZE <statement>` runs it too; `ANALYZE TABLE` only gathers statistics. A list this
/// reader cannot follow runs the statement (fail safe).
pub fn explained(piece: &str) -> Explained<'_> {
    let is = |w: &str, k: &str| w.eq_ignore_ascii_case(k);
    let analyze = |w: &str| is(w, "analyze") || is(w, "analyse");
    let trimmed = piece.trim_start();
    let Some(first_end) = trimmed.find(|c: char| c.is_whitespace() || c == '(') else {
        return Explained::No;
    };
    let first = &trimmed[..first_end];
    let mut rest = trimmed[first_end..].trim_start();
    if analyze(first) {
        // MariaDB: `ANALYZE [FORMAT=JSON] DELETE ...` runs the statement.
        let body = rest
            .strip_prefix_ci("format=json")
            .or_else(|| rest.strip_prefix_ci("format = json"))
            .unwrap_or(rest)
            .trim_start();
        let next = body.split_whitespace().next().unwrap_or("");
        return if ["delete", "update", "select", "insert", "replace"]
            .iter()
            .any(|k| is(next, k))
        {
            Explained::Runs(body)
        } else {
            Explained::No
        };
    }
    if !is(first, "explain") && !is(first, "desc") && !is(first, "describe") {
        return Explained::No;
    }
    let options = rest;
    let mut runs = false;
    loop {
        if let Some(list) = rest.strip_prefix('(') {
            let Some(close) = list.find(')') else {
                return Explained::Runs(rest);
            };
            for option in list[..close].split(',') {
                let mut words = option.split_whitespace();
                let name = words.next().unwrap_or("");
                if analyze(name) {
                    runs = !words
                        .next()
                        .is_some_and(|v| ["false", "off", "0", "no"].iter().any(|k| is(v, k)));
                }
            }
            rest = list[close + 1..].trim_start();
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '(')
            .unwrap_or(rest.len());
        let word = &rest[..end];
        if word.is_empty() {
            return Explained::Planned(rest);
        }
        if analyze(word) {
            runs = true;
        } else if !(EXPLAIN_WORDS.iter().any(|k| is(word, k))
            || is(word, "format")
            || word.starts_with('=')
            || word.len() > 7 && is(&word[..7], "format="))
        {
            break;
        }
        rest = rest[end..].trim_start();
    }
    if runs {
        Explained::Runs(rest)
    } else if rest.len() == options.len() && !is(first, "explain") {
        // `DESCRIBE users`: no explanation at all.
        Explained::No
    } else {
        Explained::Planned(rest)
    }
}

/// `str::strip_prefix` in any ASCII case.
trait StripCi {
    fn strip_prefix_ci(&self, prefix: &str) -> Option<&str>;
}

impl StripCi for str {
    fn strip_prefix_ci(&self, prefix: &str) -> Option<&str> {
        self.get(..prefix.len())
            .filter(|h| h.eq_ignore_ascii_case(prefix))
            .map(|_| &self[prefix.len()..])
    }
}
