//! Table tests for SQL, redis and mongo grades, and properties (keyword case and spacing keep
//! the verdict).

use proptest::prelude::*;

use super::*;
use crate::finding::Family;
use crate::finding::Severity::{self, *};

fn worst(findings: &[Finding]) -> Option<Severity> {
    findings.iter().map(|f| f.severity).max()
}

fn args(line: &str) -> Vec<String> {
    // The tests' command lines are written without nested quotes: split at spaces outside
    // double quotes, quotes removed (what the shell parser hands over).
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// (SQL, expected worst severity)
const SQL_GRADES: &[(&str, Option<Severity>)] = &[
    ("DROP DATABASE production;", Some(Stop)),
    ("drop database if exists app", Some(Stop)),
    ("DROP SCHEMA public CASCADE;", Some(Stop)),
    ("DROP TABLE users;", Some(Verify)),
    ("drop table if exists sessions, tokens", Some(Verify)),
    ("TRUNCATE TABLE orders;", Some(Verify)),
    ("TRUNCATE orders RESTART IDENTITY", Some(Verify)),
    ("DELETE FROM users;", Some(Verify)),
    ("delete from users", Some(Verify)),
    ("DELETE FROM users WHERE 1=1;", Some(Verify)),
    ("DELETE FROM users WHERE true", Some(Verify)),
    ("DELETE FROM users WHERE 1", Some(Verify)),
    ("DELETE FROM users WHERE id = 7 OR 1 = 1", Some(Verify)),
    ("DELETE FROM users WHERE ('a' = 'a')", Some(Verify)),
    ("DELETE FROM users WHERE id = id", Some(Verify)),
    ("DELETE FROM users WHERE 2 > 1", Some(Verify)),
    ("DELETE FROM users WHERE NOT false", Some(Verify)),
    ("DELETE FROM users WHERE id = 7 AND 1 = 1", Some(Confirm)),
    ("delete from users -- WHERE id = 7", Some(Verify)),
    ("DROP/**/TABLE accounts", Some(Verify)),
    ("/* cleanup */ DELETE FROM users", Some(Verify)),
    ("UPDATE t SET note = 'where' ", Some(Verify)),
    ("UPDATE accounts SET balance = 0;", Some(Verify)),
    ("update accounts set balance = 0 where 1=1", Some(Verify)),
    ("DELETE FROM users WHERE id = 7;", Some(Confirm)),
    (
        "DELETE FROM sessions WHERE expires_at < now()",
        Some(Confirm),
    ),
    (
        "UPDATE users SET email = 'a@b.c' WHERE id = 7",
        Some(Confirm),
    ),
    (
        "UPDATE users SET role = 'admin' WHERE id = 7",
        Some(Confirm),
    ),
    (
        "UPDATE users SET is_admin = true WHERE email = 'x@y.z'",
        Some(Confirm),
    ),
    ("ALTER TABLE users DROP COLUMN email;", Some(Verify)),
    (
        "ALTER TABLE payments DROP COLUMN amount_cents, DROP COLUMN currency;",
        Some(Verify),
    ),
    ("CREATE TABLE t(x); DROP TABLE t;", Some(Note)),
    ("CREATE TABLE t(x); DROP TABLE users;", Some(Verify)),
    (
        "REVOKE INSERT ON shop.* FROM 'etl'@'10.0.0.%'",
        Some(Confirm),
    ),
    (
        "ALTER TABLE orders DROP CONSTRAINT orders_user_fk",
        Some(Confirm),
    ),
    ("ALTER TABLE users ADD COLUMN truncate_at timestamp", None),
    ("ALTER TABLE users RENAME COLUMN a TO b", None),
    ("DROP VIEW active_users", Some(Confirm)),
    ("DROP INDEX idx_users_email", Some(Confirm)),
    (
        "GRANT ALL PRIVILEGES ON DATABASE app TO intern;",
        Some(Verify),
    ),
    (
        "GRANT ALL ON ALL TABLES IN SCHEMA public TO web",
        Some(Verify),
    ),
    ("GRANT SELECT ON users TO analyst", None),
    ("ALTER USER bob WITH SUPERUSER;", Some(Verify)),
    ("ALTER ROLE bob SUPERUSER", Some(Verify)),
    ("CREATE ROLE admin2 WITH SUPERUSER LOGIN", Some(Verify)),
    ("DROP USER bob;", Some(Verify)),
    ("DROP ROLE reporting", Some(Verify)),
    ("REVOKE ALL ON users FROM app", Some(Confirm)),
    ("SELECT * FROM users WHERE deleted_at IS NULL", None),
    ("select truncate_at, drop_duplicates(x) from events", None),
    ("EXPLAIN DELETE FROM users", None),
    ("SHOW TABLES", None),
    ("DELETE FROM users WHERE email LIKE '%'", Some(Verify)),
    (
        "DELETE users FROM users JOIN bans ON users.id = bans.user_id",
        Some(Confirm),
    ),
    ("UPDATE t SET a = 1 FROM u WHERE t.id = u.id", Some(Confirm)),
    ("EXPLAIN ANALYZE DELETE FROM users", Some(Verify)),
    ("EXPLAIN SELECT * FROM users", None),
    ("DROP OWNED BY app CASCADE", Some(Verify)),
    (
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity",
        Some(Confirm),
    ),
    (
        "WITH gone AS (DELETE FROM users RETURNING *) SELECT count(*) FROM gone",
        Some(Verify),
    ),
    (
        "WITH recent AS (SELECT * FROM t) SELECT * FROM recent",
        None,
    ),
    ("DESCRIBE users", None),
    (
        "INSERT INTO users (id, name) VALUES (1, 'a'), (2, 'b');",
        None,
    ),
    ("CREATE TABLE t (id int, deleted_at timestamp)", None),
    ("SELECT 1; DROP TABLE users", Some(Verify)),
    (
        "BEGIN; DELETE FROM users WHERE id = 3; COMMIT;",
        Some(Confirm),
    ),
    // Not valid in any dialect: the keyword reader.
    ("DROP TABLE {{ table_name }}", Some(Verify)),
    ("DELETE FROM users WHERE", Some(Confirm)),
    ("then DROP TABLE users in prod", Some(Verify)),
    ("run DELETE FROM orders and report back", Some(Verify)),
    ("DROP DATABASE", Some(Stop)), // cut short, the intent is plain
    ("we should delete from the list the old ones", None),
    ("update the docs", None),
    ("truncate the long lines", None),
    ("db.dropDatabase()", Some(Stop)),
    // CREATE OR REPLACE TABLE drops the table it names: empty, every row is gone; from a
    // query, the rows are replaced; a temporary table, a view or a table this script made
    // replaces nothing that existed.
    (
        "CREATE OR REPLACE TABLE analytics.orders (id INT, total NUMBER)",
        Some(Verify),
    ),
    (
        "create or replace transient table RAW.EVENTS (v VARIANT)",
        Some(Verify),
    ),
    (
        "CREATE OR REPLACE TABLE mart.daily AS SELECT day, sum(x) FROM f GROUP BY day",
        Some(Confirm),
    ),
    ("CREATE OR REPLACE TEMP TABLE scratch AS SELECT 1", None),
    (
        "CREATE OR REPLACE VIEW v_orders AS SELECT * FROM orders",
        None,
    ),
    (
        "CREATE TABLE t (id INT); CREATE OR REPLACE TABLE t (id INT, n INT)",
        None,
    ),
    ("CREATE TABLE IF NOT EXISTS audit (id INT)", None),
];

#[test]
fn sql_grades() {
    let mut failures = Vec::new();
    for (sql, expected) in SQL_GRADES {
        let got = judge_sql(sql);
        if worst(&got) != *expected {
            failures.push(format!("{sql:?}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn findings_name_the_table_and_why() {
    let f = judge_sql("DROP TABLE users;");
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].code, "database.drop-table");
    assert_eq!(f[0].family, Family::Database);
    assert!(f[0].message.contains("users"), "{}", f[0].message);
    let f = judge_sql("DELETE FROM orders WHERE 1=1");
    assert_eq!(f[0].code, "database.delete-all");
    assert!(f[0].message.contains("orders"), "{}", f[0].message);
}

/// (command line: program then arguments, expected worst severity)
const CLIENTS: &[(&str, Option<Severity>)] = &[
    (r#"psql -h db -U app -c "DROP DATABASE app""#, Some(Stop)),
    (r#"psql --command="DELETE FROM users""#, Some(Verify)),
    (r#"psql -d app -c "SELECT count(*) FROM users""#, None),
    (
        r#"mysql -u root -e "TRUNCATE TABLE orders" shop"#,
        Some(Verify),
    ),
    (r#"mysql -e"DROP TABLE t""#, Some(Verify)),
    (
        r#"mariadb --execute="DELETE FROM logs WHERE id = 4""#,
        Some(Confirm),
    ),
    (r#"sqlite3 app.db "DROP TABLE users;""#, Some(Verify)),
    (r#"sqlite3 app.db "SELECT * FROM users""#, None),
    (r#"sqlite3 app.db"#, None),
    (
        r#"clickhouse-client --query "DROP DATABASE analytics""#,
        Some(Stop),
    ),
    (r#"cqlsh -e "TRUNCATE ks.events""#, Some(Verify)),
    (
        r#"cockroach sql --execute="DROP DATABASE bank CASCADE""#,
        Some(Stop),
    ),
    (r#"duckdb data.duckdb "DELETE FROM t""#, Some(Verify)),
    (r#"influx -execute "DROP DATABASE telegraf""#, Some(Stop)),
    ("influx bucket delete --name metrics", Some(Verify)),
    ("redis-cli FLUSHALL", Some(Stop)),
    (
        "redis-cli -h cache.internal -p 6380 flushall async",
        Some(Stop),
    ),
    ("redis-cli -n 2 FLUSHDB", Some(Stop)),
    ("redis-cli CONFIG SET dir /var/www", Some(Verify)),
    ("redis-cli config get maxmemory", None),
    ("redis-cli SHUTDOWN NOSAVE", Some(Verify)),
    ("redis-cli DEBUG SEGFAULT", Some(Verify)),
    ("redis-cli DEL session:42", Some(Confirm)),
    ("redis-cli del", Some(Verify)),
    ("redis-cli GET session:42", None),
    ("redis-cli --scan --pattern user:*", None),
    ("redis-cli KEYS *", None),
    (r#"mongosh app --eval "db.dropDatabase()""#, Some(Stop)),
    (
        r#"mongo --eval "db.getSiblingDB('shop').dropDatabase()""#,
        Some(Stop),
    ),
    (r#"mongosh --eval "db.users.drop()""#, Some(Verify)),
    (r#"mongosh --eval "db.users.deleteMany({})""#, Some(Verify)),
    (r#"mongosh --eval "db.users.remove( { } )""#, Some(Verify)),
    (
        r#"mongosh --eval "db.users.deleteOne({_id: 3})""#,
        Some(Confirm),
    ),
    (
        r#"mongosh --eval "db.users.deleteMany({active: false})""#,
        Some(Confirm),
    ),
    (r#"mongosh --eval "db.users.find({}).limit(5)""#, None),
    ("dropdb production", Some(Stop)),
    ("redis-cli -c -h cluster CLUSTER RESET HARD", Some(Verify)),
    ("redis-cli ACL DELUSER app", Some(Confirm)),
    (
        "redis-cli ACL SETUSER bob on >pw allcommands allkeys",
        Some(Verify),
    ),
    ("redis-cli SET feature:x on", None),
    (
        r#"mongosh --eval "db.runCommand({dropDatabase: 1})""#,
        Some(Stop),
    ),
    (
        r#"mongosh prod --eval "db.getCollectionNames().forEach(c => db[c].drop())""#,
        Some(Stop),
    ),
    (r#"cqlsh -e "DROP KEYSPACE analytics""#, Some(Stop)),
    (
        r#"clickhouse-client -q "ALTER TABLE events DELETE WHERE 1""#,
        Some(Verify),
    ),
    (
        r#"clickhouse-client -q "ALTER TABLE events DELETE WHERE day < today() - 90""#,
        Some(Confirm),
    ),
    (
        r#"sqlite3 :memory: "CREATE TABLE t(x); DROP TABLE users;""#,
        Some(Note),
    ),
    ("pg_dropcluster 16 main --stop", Some(Stop)),
    ("rails db:drop RAILS_ENV=production", Some(Stop)),
    ("rails db:migrate", None),
    ("rails db:rollback STEP=3", Some(Confirm)),
    ("manage.py flush --no-input", Some(Verify)),
    ("manage.py makemigrations", None),
    ("prisma migrate reset --force", Some(Verify)),
    ("prisma migrate dev", None),
    ("alembic downgrade -1", Some(Confirm)),
    ("alembic upgrade head", None),
    ("flyway clean", Some(Stop)),
    ("mysqladmin -u root drop shop", Some(Stop)),
];

#[test]
fn client_grades() {
    let mut failures = Vec::new();
    for (line, expected) in CLIENTS {
        let words = args(line);
        let got = judge_db_command(&words[0], &words[1..]);
        if worst(&got) != *expected {
            failures.push(format!("{line:?}: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Statements whose verdict must survive any casing of their keywords and any spacing.
const TEMPLATES: &[(&[&str], Option<Severity>)] = &[
    (&["DROP", "DATABASE", "shop"], Some(Stop)),
    (&["DROP", "TABLE", "users"], Some(Verify)),
    (&["TRUNCATE", "TABLE", "orders"], Some(Verify)),
    (&["DELETE", "FROM", "users"], Some(Verify)),
    (&["DELETE", "FROM", "users", "WHERE", "1=1"], Some(Verify)),
    (
        &["DELETE", "FROM", "users", "WHERE", "id", "=", "7"],
        Some(Confirm),
    ),
    (
        &["UPDATE", "users", "SET", "name", "=", "'x'"],
        Some(Verify),
    ),
    (
        &["ALTER", "TABLE", "users", "DROP", "COLUMN", "email"],
        Some(Verify),
    ),
    (
        &["ALTER", "TABLE", "users", "DROP", "CONSTRAINT", "users_fk"],
        Some(Confirm),
    ),
    (&["GRANT", "ALL", "ON", "users", "TO", "bob"], Some(Verify)),
    (&["SELECT", "truncate_at", "FROM", "events"], None),
];

fn recase(word: &str, mask: u64) -> String {
    word.chars()
        .enumerate()
        .map(|(i, c)| {
            if mask >> (i % 64) & 1 == 1 {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

proptest! {
    #[test]
    fn keyword_case_and_spacing_keep_the_verdict(
        which in 0..TEMPLATES.len(),
        masks in proptest::collection::vec(any::<u64>(), 8),
        spaces in proptest::collection::vec(prop_oneof![Just(" "), Just("  "), Just("\t"), Just("\n  ")], 8),
        semicolon in any::<bool>(),
    ) {
        let (words, expected) = TEMPLATES[which];
        let mut sql = String::new();
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                sql.push_str(spaces[i % spaces.len()]);
            }
            // Keywords in any case; names as written (case may matter for them).
            if w.chars().all(|c| c.is_ascii_uppercase()) {
                sql.push_str(&recase(w, masks[i % masks.len()]));
            } else {
                sql.push_str(w);
            }
        }
        if semicolon {
            sql.push(';');
        }
        prop_assert_eq!(worst(&judge_sql(&sql)), expected, "{:?}", sql);
    }
}

/// The parser's grade alone, without the keyword reader's fast path.
fn parsed_only(sql: &str) -> Option<Severity> {
    let mut out = Vec::new();
    for piece in keywords::statements(sql) {
        if let Some(statements) = parse(piece) {
            judge_script(&statements, &[], &mut out);
        }
    }
    worst(&out)
}

proptest! {
    /// The keyword reader's fast path grades what it takes exactly as the parser would.
    #[test]
    fn the_fast_path_agrees_with_the_parser(
        verb in 0..6_usize,
        table in prop_oneof![Just("users"), Just("public.orders"), Just("t1")],
        condition in prop_oneof![
            Just(""), Just(" WHERE id = 7"), Just(" WHERE expires_at < now()"),
            Just(" WHERE 1=1"), Just(" WHERE id = id"), Just(" WHERE a = 1 OR 1 = 1"),
            Just(" WHERE name = 'x'"), Just(" WHERE true"), Just(" WHERE id IN (1, 2)"),
            Just(" WHERE NOT false"), Just(" WHERE org_id = 3 AND id > 10"),
        ],
    ) {
        let sql = match verb {
            0 => format!("DELETE FROM {table}{condition}"),
            1 => format!("UPDATE {table} SET a = 1{condition}"),
            2 => format!("DROP TABLE {table}"),
            3 => format!("TRUNCATE TABLE {table}"),
            4 => format!("DROP DATABASE {table}"),
            _ => format!("REVOKE SELECT ON {table} FROM bob"),
        };
        prop_assert!(parse(&sql).is_some(), "{}", sql);
        prop_assert_eq!(worst(&judge_sql(&sql)), parsed_only(&sql), "{}", sql);
    }
}
