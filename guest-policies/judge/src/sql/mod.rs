//! SQL and the other data stores' command languages, judged by what the statements do.
//!
//! Built this way because SQL is a language, not a list of words: `DROP TABLE users` and a
//! column named `truncate_at` share a word and nothing else. So SQL goes through a real parser
//! (the `sqlparser` crate, tried in the Generic, PostgreSQL, MySQL and SQLite dialects), and each
//! statement is graded from its syntax tree ([`statement`]). An agent's SQL is often not valid
//! (cut short, templated, inside a sentence), so when every dialect refuses a piece, a small
//! statement-keyword reader ([`keywords`]) still finds `DROP TABLE users` in it. Database
//! clients (`psql -c`, `mysql -e`, `sqlite3 DB "SQL"`, `redis-cli FLUSHALL`, `mongosh --eval`)
//! are read by [`clients`]; the graph languages' deletes (Cypher, Gremlin) by [`cypher`].
//!
//! Speed: the parser runs only when a word scan finds a statement keyword that can do harm
//! (`DROP`, `TRUNCATE`, `DELETE`, `UPDATE`, `ALTER`, `GRANT`, `REVOKE`, `CREATE`, `MERGE`,
//! `COPY`), so reads (`SELECT`, `EXPLAIN`, `SHOW`) and plain `INSERT`s cost one pass over the
//! bytes.
//!
//! Grades (and why):
//!
//! | statement | severity | why |
//! | --- | --- | --- |
//! | `DROP DATABASE` / `DROP SCHEMA` | stop | every table and row of a database, beyond repair without a backup |
//! | `DROP TABLE`, `TRUNCATE` | verify | every row of a table at once; `TRUNCATE` is not rolled back in MySQL and skips triggers. Bounded to named tables, so verified rather than stopped |
//! | `DELETE` / `UPDATE` without `WHERE` or with an always-true one (`1=1`, `true`, `1`, `x OR 1=1`) | verify | every row of the table |
//! | `DELETE ... WHERE` | confirm | removes the selected rows for good |
//! | `UPDATE ... WHERE` | confirm | bounded, but the old values are gone without a backup, as with a `DELETE` of those fields (a `role`/`is_admin`/`password` column is named as a privilege change) |
//! | `ALTER TABLE ... DROP COLUMN` | verify | the column's data in every row, for good |
//! | `ALTER TABLE ... DROP CONSTRAINT/PRIMARY KEY/FOREIGN KEY/INDEX` | confirm | an integrity guarantee removed; recreatable |
//! | `DROP VIEW/INDEX/SEQUENCE/FUNCTION/...` | confirm | definitions, recreatable, no rows lost |
//! | `GRANT ALL`, `SUPERUSER`/`BYPASSRLS` roles, `DROP USER/ROLE` | verify | privilege escalation or lost access |
//! | `REVOKE` | confirm | may lock an application out of its data |
//! | `DROP TABLE` of a table the same script created | note | scratch space: nothing that existed before is lost |
//! | `SELECT`, `EXPLAIN`, `SHOW`, `DESCRIBE`, `INSERT` | nothing | reads, and additions that delete nothing |

pub mod clients;
pub mod cypher;
pub mod dialects;
pub mod keywords;
pub mod statement;
pub mod unloads;

pub use clients::{PROGRAMS, judge_db_command};

use sqlparser::ast::{ObjectType, Statement};
use sqlparser::dialect::{Dialect, GenericDialect, MySqlDialect, PostgreSqlDialect, SQLiteDialect};
use sqlparser::parser::Parser;

use crate::finding::{Family, Finding, Severity};

/// The longest SQL text handed to the parser, in bytes. A longer text is read by the keyword
/// reader alone, so an agent cannot make the parser's work grow without bound.
const MAX_PARSED_BYTES: usize = 16 * 1024;

/// Judges raw SQL text (one or more statements, maybe cut short, any case), or a text that holds
/// SQL among other words.
///
/// Each statement is looked at by its first words before anything is parsed: only a statement
/// that opens with a harmful keyword in a shape the parser can grade (`DROP TABLE`, `DELETE FROM`,
/// `UPDATE ... SET`, `ALTER TABLE`, `GRANT`, ...) is parsed; reads and inserts are skipped; a
/// piece that is not a statement but holds one (`then DROP TABLE users in prod`) goes to the
/// keyword reader.
pub fn judge_sql(sql: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    // Mongo shell calls written where SQL was expected (`db.users.drop()`).
    if sql.contains("db.") {
        clients::judge_mongo(sql, &mut out);
    }
    // The graph languages' deletes (`MATCH (n) DETACH DELETE n`, `g.V().drop()`): a text that
    // holds one is a graph query, not SQL.
    if cypher::is_graph_delete(sql) {
        let before = out.len();
        cypher::judge(sql, &mut out);
        if out.len() > before {
            return out;
        }
    }
    // Administrative functions that act from inside a SELECT.
    if sql.contains("pg_") {
        keywords::admin_functions(sql, &mut out);
    }
    // Statements that destroy data in one dialect's own words (`DETACH ... PERMANENTLY`,
    // `INSERT OVERWRITE`, `ENGINE = BLACKHOLE`, `.drop table`): read first, whatever else is.
    for piece in keywords::statements(sql) {
        let Some(piece) = explained_runs(piece) else {
            continue;
        };
        dialects::judge(piece, &mut out);
        // A table's rows sent to object storage, or its history expired (unloads.rs).
        unloads::judge(piece, &mut out);
    }
    if !keywords::has_statement_keyword(sql) {
        return out;
    }
    // Tables this script creates: dropping them again loses nothing that existed before.
    let mut created: Vec<String> = Vec::new();
    for piece in keywords::statements(sql) {
        let Some(piece) = explained_runs(piece) else {
            continue;
        };
        // A GRANT's reach (to PUBLIC, an administrator's role) whichever reader grades the rest.
        if piece
            .get(..6)
            .is_some_and(|w| w.eq_ignore_ascii_case("grant "))
        {
            keywords::grant_reach(piece, &mut out);
        }
        // A comment can hide a keyword from the first-word reading (`DROP/**/TABLE`): the parser
        // reads through it.
        if (piece.contains("/*") || piece.contains("--")) && keywords::has_statement_keyword(piece)
        {
            judge_piece(piece, &created, &mut out);
            continue;
        }
        match keywords::lead(piece) {
            keywords::Lead::Create(table) => {
                // `CREATE OR REPLACE TABLE t` over a table this script did not create drops it.
                if let Some(empty) = keywords::replaces_table(piece)
                    && table.as_ref().is_none_or(|t| !created.contains(t))
                {
                    out.push(replaced_table(table.as_deref().unwrap_or("?"), empty));
                }
                created.extend(table);
                if keywords::escalates(piece) {
                    judge_piece(piece, &created, &mut out);
                }
            }
            keywords::Lead::Parse if keywords::plain(piece) => {
                // The keyword reader grades these shapes as the parser would, at a fraction of
                // its cost; the parser reads what it does not recognize.
                let before = out.len();
                keywords::judge(piece, &mut out);
                if out.len() == before {
                    judge_piece(piece, &created, &mut out);
                } else if !created.is_empty() && keywords::drops_only(piece, &created) {
                    out.truncate(before);
                    out.push(scratch_drop());
                }
            }
            keywords::Lead::Parse => judge_piece(piece, &created, &mut out),
            keywords::Lead::Read => {}
            keywords::Lead::Other => {
                if keywords::has_statement_keyword(piece) {
                    keywords::judge(piece, &mut out);
                }
            }
        }
    }
    out
}

/// The statement a piece runs: itself, or the statement an `EXPLAIN ANALYZE` runs to measure
/// it; `None` for a plan that runs nothing (`EXPLAIN DELETE ...`, `EXPLAIN (ANALYZE false)
/// DELETE ...`).
fn explained_runs(piece: &str) -> Option<&str> {
    match keywords::explained(piece) {
        keywords::Explained::No => Some(piece),
        keywords::Explained::Planned(_) => None,
        keywords::Explained::Runs(statement) => Some(statement),
    }
}

/// The finding of a `CREATE OR REPLACE TABLE` over an existing table ([`keywords::replaces_table`]).
fn replaced_table(table: &str, empty: bool) -> Finding {
    let (severity, what) = if empty {
        (
            Severity::Verify,
            "drops the table and every row in it, and leaves an empty one in its place",
        )
    } else {
        (
            Severity::Confirm,
            "drops the table and replaces its rows with what the query or copy returns",
        )
    };
    Finding {
        family: Family::Database,
        code: "database.replace-table",
        severity,
        message: format!("SQL CREATE OR REPLACE TABLE {table} {what}"),
    }
}

/// Judges one statement by the parser if some dialect accepts it, else by the keyword reader.
fn judge_piece(piece: &str, created: &[String], out: &mut Vec<Finding>) {
    match (piece.len() <= MAX_PARSED_BYTES)
        .then(|| parse(piece))
        .flatten()
    {
        Some(statements) => judge_script(&statements, created, out),
        None => keywords::judge(piece, out),
    }
}

/// Judges parsed statements. A table the same script created is scratch space (`CREATE TABLE
/// t(x); ...; DROP TABLE t;`): dropping it is only noted.
fn judge_script(statements: &[Statement], created: &[String], out: &mut Vec<Finding>) {
    for s in statements {
        let scratch = match s {
            Statement::Drop {
                object_type: ObjectType::Table,
                names,
                ..
            } => {
                !created.is_empty()
                    && names
                        .iter()
                        .all(|n| created.contains(&n.to_string().to_ascii_lowercase()))
            }
            _ => false,
        };
        if scratch {
            out.push(scratch_drop());
            continue;
        }
        statement::judge(s, out);
    }
}

fn scratch_drop() -> Finding {
    Finding {
        family: Family::Database,
        code: "database.drop-scratch-table",
        severity: Severity::Note,
        message: "SQL DROP TABLE of a table the same script created".into(),
    }
}

/// The statements of `sql` in the first dialect that accepts all of it.
fn parse(sql: &str) -> Option<Vec<Statement>> {
    const DIALECTS: [&dyn Dialect; 4] = [
        &GenericDialect {},
        &PostgreSqlDialect {},
        &MySqlDialect {},
        &SQLiteDialect {},
    ];
    DIALECTS
        .iter()
        .find_map(|d| Parser::parse_sql(*d, sql).ok())
        .filter(|s| !s.is_empty())
}

#[cfg(test)]
mod tests;
