//! Statements that destroy data in one dialect's own words, beyond `DROP`, `TRUNCATE`,
//! `DELETE` and `UPDATE` (which [`super::keywords`] and the parser read in every dialect):
//! ClickHouse's `DETACH ... PERMANENTLY` and `TRUNCATE DATABASE`, Hive's and Spark's `INSERT
//! OVERWRITE`, MySQL's `ENGINE = BLACKHOLE` and `DISCARD TABLESPACE`, Db2's `ACTIVATE NOT LOGGED
//! INITIALLY WITH EMPTY TABLE`, SQL Server's `DBCC ... REPAIR_ALLOW_DATA_LOSS`, `RESTORE ...
//! WITH REPLACE` and `sp_MSforeachtable`, Oracle's `PURGE RECYCLEBIN`, MySQL's `RESET MASTER`,
//! Delta Lake's `VACUUM ... RETAIN 0 HOURS`, InfluxQL's `DROP SHARD` and `DROP RETENTION
//! POLICY`, Kusto's `.drop table` and `.clear table ... data`, T-SQL's and SurrealQL's `DELETE
//! name` without `FROM`, and `CREATE OR REPLACE DATABASE`.
//!
//! One table of word patterns read by one matcher: each statement's words (lower-cased, split
//! at spaces, brackets, commas and `=`) against each row's pattern, where a word is a `|`-list
//! of spellings, `*` any one word and `...` any words before the next. The first row that
//! matches grades the statement; a row never lowers what the other readers find.
//!
//! Cost: only a statement whose first word opens some row is split into words.

use crate::finding::{Family, Finding, Severity};

struct Row {
    pattern: &'static [&'static str],
    severity: Severity,
    code: &'static str,
    what: &'static str,
}

const fn row(
    pattern: &'static [&'static str],
    severity: Severity,
    code: &'static str,
    what: &'static str,
) -> Row {
    Row {
        pattern,
        severity,
        code,
        what,
    }
}

const STOP: Severity = Severity::Stop;
const VERIFY: Severity = Severity::Verify;
const CONFIRM: Severity = Severity::Confirm;

/// The first words that open some row (checked before a statement is split).
const LEADS: &[&str] = &[
    "detach", "truncate", "insert", "replace", "create", "alter", "dbcc", "restore", "purge",
    "reset", "drop", "vacuum", "delete", ".drop", ".clear", ".purge", ".delete", "remove", "rm",
];

/// Worst first where patterns overlap.
const ROWS: &[Row] = &[
    // ClickHouse.
    row(
        &["detach", "...", "permanently"],
        VERIFY,
        "database.detach",
        "detaches it for good: every reader loses it until someone attaches it again on the server",
    ),
    row(
        &["detach", "table|database|dictionary|view"],
        CONFIRM,
        "database.detach",
        "detaches it: every reader loses it until it is attached again",
    ),
    row(
        &["truncate", "database"],
        STOP,
        "database.truncate-database",
        "empties every table of a database",
    ),
    row(
        &["truncate", "all", "tables"],
        STOP,
        "database.truncate-database",
        "empties every table of a database",
    ),
    // Hive, Spark, Databricks, Snowflake, Impala: the table's rows replaced by a query's.
    row(
        &["insert", "overwrite", "...", "where", "false|0"],
        VERIFY,
        "database.overwrite-table",
        "replaces every row of the table with nothing (the query selects no row)",
    ),
    row(
        &["insert", "overwrite", "...", "where", "1", "0"],
        VERIFY,
        "database.overwrite-table",
        "replaces every row of the table with nothing (the query selects no row)",
    ),
    row(
        &["insert", "overwrite", "...", "limit", "0"],
        VERIFY,
        "database.overwrite-table",
        "replaces every row of the table with nothing (the query selects no row)",
    ),
    row(
        &["insert", "overwrite"],
        CONFIRM,
        "database.overwrite-table",
        "replaces every row of the table (or partition) with the query's result",
    ),
    row(
        &["replace", "table"],
        CONFIRM,
        "database.replace-table",
        "replaces the table: its rows are gone, the new one holds what the statement gives it",
    ),
    // Snowflake, Neo4j, Databricks: a whole database replaced by an empty one.
    row(
        &[
            "create",
            "or",
            "replace",
            "database|schema|keyspace|catalog|namespace",
        ],
        STOP,
        "database.replace-database",
        "replaces a whole database with an empty one: every table and row in it is dropped",
    ),
    // MySQL / MariaDB.
    row(
        &["alter", "table", "*", "...", "engine", "blackhole"],
        VERIFY,
        "database.discard-rows",
        "moves the table to the BLACKHOLE engine: every row is discarded",
    ),
    row(
        &["alter", "table", "*", "discard", "tablespace"],
        VERIFY,
        "database.discard-rows",
        "discards the table's data file",
    ),
    row(
        &[
            "alter",
            "table",
            "*",
            "truncate",
            "partition|subpartition",
            "all",
        ],
        VERIFY,
        "database.truncate",
        "empties every partition of the table",
    ),
    row(
        &["alter", "table", "*", "truncate", "partition|subpartition"],
        CONFIRM,
        "database.truncate-partition",
        "empties a partition of the table",
    ),
    // ClickHouse: a column's values cleared in every row.
    row(
        &["alter", "table", "*", "clear", "column"],
        VERIFY,
        "database.alter-drop-column",
        "clears a column's values in every row",
    ),
    // Db2's truncation.
    row(
        &[
            "alter",
            "table",
            "*",
            "activate",
            "not",
            "logged",
            "initially",
            "with",
            "empty",
            "table",
        ],
        VERIFY,
        "database.truncate",
        "empties the table (Db2's truncation, not logged)",
    ),
    row(
        &[
            "alter",
            "database",
            "*",
            "set",
            "offline|single_user|emergency|restricted_user",
        ],
        CONFIRM,
        "database.offline",
        "takes the database away from its applications",
    ),
    // SQL Server.
    row(
        &["dbcc", "...", "repair_allow_data_loss"],
        VERIFY,
        "database.repair-data-loss",
        "repairs by deleting whatever is damaged: rows and pages may be lost",
    ),
    row(
        &["restore", "database", "...", "replace"],
        VERIFY,
        "database.restore-over",
        "overwrites the database with a backup's contents",
    ),
    row(
        &["restore", "database|table|log"],
        CONFIRM,
        "database.restore-over",
        "restores a backup over the database",
    ),
    // Oracle: what was dropped can no longer be brought back.
    row(
        &["purge", "recyclebin|dba_recyclebin|table|tablespace"],
        VERIFY,
        "database.purge",
        "purges dropped objects: they can no longer be flashed back",
    ),
    row(
        &["purge", "binary|master", "logs"],
        CONFIRM,
        "database.purge-logs",
        "deletes binary logs: replicas and point-in-time recovery lose them",
    ),
    row(
        &["reset", "master"],
        VERIFY,
        "database.purge-logs",
        "deletes every binary log: replicas and point-in-time recovery lose them",
    ),
    row(
        &["reset", "binary", "logs"],
        VERIFY,
        "database.purge-logs",
        "deletes every binary log: replicas and point-in-time recovery lose them",
    ),
    // InfluxQL.
    row(
        &["drop", "retention", "policy"],
        VERIFY,
        "database.drop-data",
        "drops a retention policy with every point stored under it",
    ),
    row(
        &["drop", "shard"],
        VERIFY,
        "database.drop-data",
        "drops a shard and its points",
    ),
    row(
        &["delete", "where"],
        CONFIRM,
        "database.delete-where",
        "deletes the matching points of every measurement",
    ),
    // Delta Lake: every old version's files deleted.
    row(
        &["vacuum", "*", "retain", "0"],
        VERIFY,
        "database.vacuum-history",
        "deletes every older version of the table: time travel and rollback are gone",
    ),
    // Kusto (Azure Data Explorer) control commands.
    row(
        &[".drop", "database"],
        STOP,
        "database.drop-database",
        "drops a whole database",
    ),
    row(
        &[".drop", "table|tables|materialized-view|column"],
        VERIFY,
        "database.drop-table",
        "drops the table and its data",
    ),
    row(
        &[".clear", "table", "*", "data"],
        VERIFY,
        "database.truncate",
        "deletes every row of the table",
    ),
    row(
        &[".purge", "table"],
        VERIFY,
        "database.purge",
        "purges records for good",
    ),
    row(
        &[".delete", "table"],
        CONFIRM,
        "database.delete-where",
        "deletes the records the query selects",
    ),
    // Snowflake: files removed from a stage.
    row(
        &["remove|rm", "@*"],
        CONFIRM,
        "database.stage-remove",
        "removes files from a stage",
    ),
];

/// The words of a statement: lower-cased, split at spaces, brackets, commas, `=` and `;`
/// (quotes dropped), at most 64.
fn words(piece: &str) -> Vec<String> {
    piece
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | '=' | ';'))
        .map(|w| w.trim_matches(|c| matches!(c, '"' | '`' | '\'' | '[' | ']')))
        .filter(|w| !w.is_empty())
        .take(64)
        .map(str::to_ascii_lowercase)
        .collect()
}

fn spelled(want: &str, word: &str) -> bool {
    want == "*"
        || want.split('|').any(|w| match w.strip_suffix('*') {
            Some(prefix) => word.starts_with(prefix),
            None => w == word,
        })
}

/// Whether `words` match `pattern` from the first word.
fn matches(pattern: &[&str], words: &[String]) -> bool {
    let mut i = 0;
    let mut k = 0;
    while k < pattern.len() {
        if pattern[k] == "..." {
            let Some(next) = pattern.get(k + 1) else {
                return true;
            };
            let Some(at) = (i..words.len()).find(|&j| spelled(next, &words[j])) else {
                return false;
            };
            i = at + 1;
            k += 2;
            continue;
        }
        if !words.get(i).is_some_and(|w| spelled(pattern[k], w)) {
            return false;
        }
        i += 1;
        k += 1;
    }
    true
}

fn push(out: &mut Vec<Finding>, code: &'static str, severity: Severity, message: String) {
    out.push(Finding {
        family: Family::Database,
        code,
        severity,
        message,
    });
}

/// Judges one statement (`piece`) by the dialect table, `DELETE name` without `FROM`, and
/// `sp_MSforeachtable` / `sp_MSforeachdb` (the statement they run, on every table or database).
pub fn judge(piece: &str, out: &mut Vec<Finding>) {
    let t = piece.trim_start_matches(|c: char| c.is_whitespace() || c == '(');
    let first = t
        .split(|c: char| c.is_whitespace() || c == '(' || c == ';')
        .next()
        .unwrap_or("");
    let lead = LEADS.iter().any(|l| l.eq_ignore_ascii_case(first));
    let exec = first.eq_ignore_ascii_case("exec") || first.eq_ignore_ascii_case("execute");
    if !lead && !exec {
        return;
    }
    let w = words(t);
    if exec {
        for_each(t, &w, out);
        return;
    }
    if let Some(r) = ROWS.iter().find(|r| matches(r.pattern, &w)) {
        push(
            out,
            r.code,
            r.severity,
            format!("SQL {}: {}", crate::cut(t.trim(), 80), r.what),
        );
        return;
    }
    delete_without_from(t, first, &w, out);
}

/// `DELETE name` (T-SQL and Oracle let `FROM` out; SurrealQL and EdgeQL never write it): every
/// row or record of the table, unless a `WHERE` (EdgeQL's `FILTER`) or a record id bounds it.
/// Read only when it is surely a statement: `DELETE` in capitals, a qualified name, or a `;`
/// after it ("delete cache" in a sentence is English).
fn delete_without_from(t: &str, first: &str, w: &[String], out: &mut Vec<Finding>) {
    if w.first().is_none_or(|f| f != "delete") || w.len() < 2 {
        return;
    }
    let name = &w[1];
    if matches!(name.as_str(), "from" | "top" | "where")
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b':' | b'$'))
    {
        return;
    }
    let sure = first.bytes().all(|b| b.is_ascii_uppercase())
        || name.contains('.')
        || t.trim_end().ends_with(';') && w.len() == 2;
    if !sure {
        return;
    }
    let bounded = name.contains(':') || w[2..].iter().any(|x| x == "where" || x == "filter");
    if w.len() > 2 && !bounded {
        // Something follows that is neither a bound nor the end: not read.
        if !matches!(w[2].as_str(), "return" | "returning" | "output" | "go") {
            return;
        }
    }
    if bounded {
        push(
            out,
            "database.delete-where",
            CONFIRM,
            format!("SQL DELETE {name} ...: removes the selected rows for good"),
        );
    } else {
        push(
            out,
            "database.delete-all",
            VERIFY,
            format!("SQL DELETE {name} (no FROM, no WHERE): removes every row of the table"),
        );
    }
}

/// `EXEC sp_MSforeachtable 'DELETE FROM ?'`: the quoted statement runs on every table (or, with
/// `sp_MSforeachdb`, in every database): what it does to one, it does to all.
fn for_each(t: &str, w: &[String], out: &mut Vec<Finding>) {
    let Some(proc) = w.get(1) else {
        return;
    };
    let every = match proc.trim_start_matches("dbo.").trim_start_matches("sys.") {
        "sp_msforeachtable" => "every table",
        "sp_msforeachdb" => "every database",
        _ => return,
    };
    let Some(open) = t.find('\'') else {
        return;
    };
    let inner = t[open + 1..].split('\'').next().unwrap_or("");
    let inner = inner.replace('?', "t");
    for f in super::judge_sql(&inner) {
        let severity = if f.severity >= Severity::Confirm {
            Severity::Stop
        } else {
            f.severity
        };
        push(
            out,
            f.code,
            severity,
            format!("SQL {proc} runs on {every}: {}", f.message),
        );
    }
}
