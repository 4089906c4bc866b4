//! SQL and the other data stores' command languages, judged by what the statements do.
//!
//! Built this way because SQL is a language, not a list of words: `DROP TABLE users` and a
//! column named `truncate_at` share a word and nothing else. So SQL goes through a real parser
//! (the `sqlparser` crate, tried in the Generic, PostgreSQL, MySQL and SQLite dialects), and each
//! statement is graded from its syntax tree ([`statement`]). An agent's SQL is often not valid
//! (cut short, templated, inside a sentence), so when every dialect refuses a piece, a small
//! statement-keyword reader ([`keywords`]) still finds `DROP TABLE users` in it. Database
//! clients (`psql -c`, `mysql -e`, `sqlite3 DB "SQL"`, `redis-cli FLUSHALL`, `mongosh --eval`)
//! are read by [`clients`].
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
pub mod keywords;
pub mod statement;

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
pub fn judge_sql(sql: &str) -> Vec<Finding> {
    let mut out = Vec::new();
    // Mongo shell calls written where SQL was expected (`db.users.drop()`).
    if sql.contains("db.") {
        clients::judge_mongo(sql, &mut out);
    }
    if !keywords::has_statement_keyword(sql) {
        return out;
    }
    if sql.len() <= MAX_PARSED_BYTES {
        if let Some(statements) = parse(sql) {
            judge_script(&statements, &mut out);
            return out;
        }
        // Some statement is not valid in any dialect: judge the pieces one by one, each by the
        // parser if it can, else by the keyword reader.
        for piece in keywords::statements(sql) {
            if !keywords::has_statement_keyword(piece) {
                continue;
            }
            match parse(piece) {
                Some(statements) => statements
                    .iter()
                    .for_each(|s| statement::judge(s, &mut out)),
                None => keywords::judge(piece, &mut out),
            }
        }
    } else {
        for piece in keywords::statements(sql) {
            keywords::judge(piece, &mut out);
        }
    }
    out
}

/// Judges the statements of one script. A table the same script creates and then drops is
/// scratch space (`CREATE TABLE t(x); ...; DROP TABLE t;`): dropping it loses nothing that
/// existed before, so it is only noted.
fn judge_script(statements: &[Statement], out: &mut Vec<Finding>) {
    let created: Vec<String> = statements
        .iter()
        .filter_map(|s| match s {
            Statement::CreateTable(c) => Some(c.name.to_string().to_ascii_lowercase()),
            _ => None,
        })
        .collect();
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
            out.push(Finding {
                family: Family::Database,
                code: "database.drop-scratch-table",
                severity: Severity::Note,
                message: "SQL DROP TABLE of a table the same script created".into(),
            });
            continue;
        }
        statement::judge(s, out);
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
