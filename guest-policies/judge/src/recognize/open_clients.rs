//! Statements typed into a database client an earlier step opened: `arangosh --server.endpoint
//! ssl://arango.prod...` one step, `db._drop("shipments")` the next. The later text is no
//! command line: it is a statement of that client's language (SQL, the mongo shell's
//! JavaScript, Redis commands, ArangoDB's JavaScript), run on the database the opening step
//! connected to. So a client opened with no statement to run (no `-c`, `-e`, `--eval`, no
//! script on stdin) is remembered with its language and its place, and each later text is
//! judged again as a statement there: by the reader of that language, a bounded finding raised
//! to one a person verifies when the opening step named production (`-h db.prod...`,
//! `mongodb+srv://prod-cluster...`, `-n production`, `acme-prod`).
//!
//! The clients are data ([`CLIENTS`]): the words that start one (a program, or a program and
//! its subcommand: `heroku pg:psql`, `gcloud sql connect`, `cockroach sql`), its language, and
//! the options that give it statements on the line (then it opens no prompt). A client started
//! inside another program (`kubectl exec -it -n production db-0 -- psql`, `ssh -t bastion
//! redis-cli -h 10.0.3.4`, `docker exec -it pg psql`) is found among the step's words, and the
//! whole step is its place.
//!
//! Hostile agent: this only raises. The statement is judged in addition to the text as written;
//! a client the agent says it opened on a developer's database lowers nothing, and a client
//! left (`\q`, `exit`, `quit`) stops adding.

use super::{Context, containers};
use crate::finding::{Family, Finding, Severity};

/// A client's statement language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// SQL and its kin read by [`crate::sql::judge_sql`] (CQL, InfluxQL, Cypher, N1QL, AQL of
    /// Aerospike).
    Sql,
    /// The mongo shell's JavaScript.
    Mongo,
    /// Redis's commands (and its forks').
    Redis,
    /// ArangoDB's JavaScript shell.
    Arango,
}

/// A client an earlier step opened: its language, the step that opened it, and whether that
/// step named production.
#[derive(Debug, Clone)]
pub struct Open {
    /// The language its statements are written in.
    pub language: Language,
    /// The step that opened it, as written (for messages).
    pub opened_by: String,
    /// The opening step named production.
    pub production: bool,
    /// The statement the last query typed into it generates for each row, which `\gexec`
    /// runs ([`super::generated`]).
    pub generated: Option<String>,
}

/// The clients, from their references: the words that start one, the language, and the
/// options that hand it statements (or a script) on the line, so that it opens no prompt.
const CLIENTS: &[(&[&str], Language, &[&str])] = &[
    (
        &["psql"],
        Language::Sql,
        &["-c", "--command", "-f", "--file", "-l", "--list"],
    ),
    (
        &["ysqlsh"],
        Language::Sql,
        &["-c", "--command", "-f", "--file"],
    ),
    (&["pgcli"], Language::Sql, &["-e", "--execute"]),
    (
        &["pg:psql"],
        Language::Sql,
        &["-c", "--command", "-f", "--file"],
    ),
    (
        &["mysql"],
        Language::Sql,
        &["-e", "--execute", "--batch", "-B"],
    ),
    (
        &["mariadb"],
        Language::Sql,
        &["-e", "--execute", "--batch", "-B"],
    ),
    (&["mycli"], Language::Sql, &["-e", "--execute"]),
    (
        &["mysqlsh"],
        Language::Sql,
        &["-e", "--execute", "-f", "--file"],
    ),
    (&["sqlplus"], Language::Sql, &[]),
    (&["sqlcmd"], Language::Sql, &["-Q", "-q", "-i", "--query"]),
    (&["isql"], Language::Sql, &["-b"]),
    (&["bteq"], Language::Sql, &[]),
    (
        &["vsql"],
        Language::Sql,
        &["-c", "--command", "-f", "--file"],
    ),
    (
        &["cqlsh"],
        Language::Sql,
        &["-e", "--execute", "-f", "--file"],
    ),
    (
        &["ycqlsh"],
        Language::Sql,
        &["-e", "--execute", "-f", "--file"],
    ),
    (
        &["clickhouse-client"],
        Language::Sql,
        &["-q", "--query", "--queries-file"],
    ),
    (
        &["clickhouse", "client"],
        Language::Sql,
        &["-q", "--query", "--queries-file"],
    ),
    (
        &["snowsql"],
        Language::Sql,
        &["-q", "--query", "-f", "--filename"],
    ),
    (
        &["usql"],
        Language::Sql,
        &["-c", "--command", "-f", "--file"],
    ),
    (&["trino"], Language::Sql, &["--execute", "-f", "--file"]),
    (&["presto"], Language::Sql, &["--execute", "-f", "--file"]),
    (&["beeline"], Language::Sql, &["-e", "-f"]),
    (
        &["impala-shell"],
        Language::Sql,
        &["-q", "--query", "-f", "--query_file"],
    ),
    (&["spark-sql"], Language::Sql, &["-e", "-f"]),
    (
        &["cockroach", "sql"],
        Language::Sql,
        &["-e", "--execute", "-f", "--file"],
    ),
    (
        &["influx"],
        Language::Sql,
        &["-execute", "--execute", "-import"],
    ),
    (&["cypher-shell"], Language::Sql, &["-f", "--file"]),
    (&["cbq"], Language::Sql, &["-s", "--script", "-f", "--file"]),
    (
        &["aql"],
        Language::Sql,
        &["-c", "--command", "-f", "--file"],
    ),
    (&["gcloud", "sql", "connect"], Language::Sql, &[]),
    (&["pscale", "shell"], Language::Sql, &[]),
    (&["turso", "db", "shell"], Language::Sql, &[]),
    (&["railway", "connect"], Language::Sql, &[]),
    (&["fly", "postgres", "connect"], Language::Sql, &[]),
    (&["flyctl", "postgres", "connect"], Language::Sql, &[]),
    (&["fly", "pg", "connect"], Language::Sql, &[]),
    (&["bq", "shell"], Language::Sql, &[]),
    (&["surreal", "sql"], Language::Sql, &[]),
    (
        &["mongosh"],
        Language::Mongo,
        &["--eval", "-f", "--file", "--nodb"],
    ),
    (&["mongo"], Language::Mongo, &["--eval", "--nodb"]),
    (&["redis-cli"], Language::Redis, &["-x", "--pipe", "--eval"]),
    (
        &["valkey-cli"],
        Language::Redis,
        &["-x", "--pipe", "--eval"],
    ),
    (&["keydb-cli"], Language::Redis, &["-x", "--pipe", "--eval"]),
    (
        &["memurai-cli"],
        Language::Redis,
        &["-x", "--pipe", "--eval"],
    ),
    (&["heroku", "redis:cli"], Language::Redis, &[]),
    (
        &["arangosh"],
        Language::Arango,
        &[
            "--javascript.execute",
            "--javascript.execute-string",
            "--javascript.unit-tests",
        ],
    ),
];

/// redis-cli's options that take a value: an operand after them is a command to run.
const REDIS_VALUES: &[&str] = &[
    "-h",
    "-p",
    "-a",
    "-n",
    "-u",
    "-s",
    "-r",
    "-i",
    "--user",
    "--pass",
    "--tls",
    "--sni",
    "--cacert",
    "--cert",
    "--key",
    "--askpass",
];

/// Whether a step leaves a client (`\q`, `quit`, `exit`, `.exit`): later texts run here again.
fn leaves(text: &str) -> bool {
    let first = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_end_matches(';')
        .to_ascii_lowercase();
    matches!(
        first.as_str(),
        "\\q"
            | "\\quit"
            | "quit"
            | "exit"
            | "logout"
            | ".exit"
            | ".quit"
            | "quit()"
            | "exit()"
            | ":exit"
            | "^d"
            | "bye"
    )
}

/// Records the client a recent step opens (or leaves), for the steps after it. Cheap: the
/// step's words are compared with the first word of each client only when one of them is
/// a client's name.
pub fn note(step: &str, ctx: &mut Context) {
    if leaves(step) {
        ctx.env.session.client = None;
        return;
    }
    if let Some(open) = opened(step) {
        ctx.env.session.client = Some(open);
    } else if let Some(open) = &mut ctx.env.session.client
        && !step.trim_start().starts_with('\\')
    {
        // The query typed last is what `\gexec` runs (a backslash command keeps it).
        open.generated = super::generated::statement(step);
    }
}

/// The client a step opens with a prompt, if it does.
fn opened(step: &str) -> Option<Open> {
    // A script fed on stdin (`psql < x.sql`, `cat x | mongosh`, a here-document) opens no
    // prompt for later steps.
    if step.contains(['<', '|']) {
        return None;
    }
    let words: Vec<&str> = step.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let name = super::program_name(w.trim_matches(['\'', '"']));
        for (start, language, carriers) in CLIENTS {
            if start[0] != name
                || words.len() < i + start.len()
                || words[i + 1..i + start.len()] != start[1..]
            {
                continue;
            }
            let args = &words[i + start.len()..];
            let carried = args.iter().any(|a| {
                carriers.iter().any(|c| {
                    a == c
                        || a.strip_prefix(c).is_some_and(|r| r.starts_with('='))
                        || c.len() == 2 && !c.starts_with("--") && a.starts_with(c)
                })
            });
            if carried || gives_statement(*language, start[0], args) {
                return None;
            }
            return Some(Open {
                language: *language,
                opened_by: step.to_owned(),
                production: words.iter().any(|w| {
                    containers::production(w.trim_matches(['\'', '"']))
                        || w.split(['=', '/', '@', ':']).any(containers::production)
                }),
                generated: None,
            });
        }
    }
    None
}

/// Whether the client's operands give it statements to run (a Redis command after the
/// options, SQL as the second operand of sqlite-like shells): then it opens no prompt.
fn gives_statement(language: Language, program: &str, args: &[&str]) -> bool {
    match language {
        Language::Redis if program != "heroku" => {
            let mut skip = false;
            args.iter().any(|a| {
                if std::mem::take(&mut skip) {
                    return false;
                }
                if a.starts_with('-') {
                    skip = REDIS_VALUES.contains(a);
                    return false;
                }
                true
            })
        }
        Language::Mongo => args
            .iter()
            .any(|a| a.ends_with(".js") || a.ends_with(".mongodb")),
        _ => false,
    }
}

/// Judges `text` again as a statement of the client an earlier step opened, when one is open:
/// what its language's reader finds, raised to a verification when the client is on
/// production. A text read as a sentence (`sentence`) is no SQL nor Redis command ("update the
/// README with the new steps" is no UPDATE); the JavaScript shells' readers look only for
/// their own calls (`db._drop(`), which no sentence spells.
pub fn judge(text: &str, sentence: bool, ctx: &Context, out: &mut Vec<Finding>) {
    let Some(open) = &ctx.env.session.client else {
        return;
    };
    // Judged whatever the text also says (`quit; db._drop("x")` still drops): only a step
    // before it leaves the client.
    let t = text.trim();
    if t.is_empty() {
        return;
    }
    if sentence && matches!(open.language, Language::Sql | Language::Redis) {
        return;
    }
    // `\gexec`: each row of the query typed before it (in this text or the step before) is
    // run as a statement.
    if open.language == Language::Sql
        && t.contains("\\gexec")
        && let Some(template) = super::generated::gexec(t).or_else(|| open.generated.clone())
    {
        let found = crate::sql::judge_sql(&template);
        let how = format!(
            "\\gexec in the client `{}`",
            crate::cut(&open.opened_by, 60)
        );
        super::generated::push_per_row(&how, &template, found, out);
    }
    let mut found = Vec::new();
    match open.language {
        Language::Sql => found = crate::sql::judge_sql(t),
        Language::Mongo => crate::sql::clients::judge_mongo(t, &mut found),
        Language::Redis => {
            // A path is no Redis key a statement names this way (`del old.txt` is Windows'):
            // such a text is left to its own reading.
            if t.contains(['/', '\\']) {
                return;
            }
            let words: Vec<String> = crate::shell::words(t)
                .into_iter()
                .map(|w| w.into_owned())
                .collect();
            found = crate::sql::clients::judge_db_command("redis-cli", &words);
        }
        Language::Arango => arango(t, &mut found),
    }
    let opened_by = crate::cut(&open.opened_by, 80);
    for mut f in found {
        if f.severity <= Severity::Note {
            continue;
        }
        if open.production && f.severity == Severity::Confirm {
            f.severity = Severity::Verify;
        }
        f.message = format!(
            "typed into the client `{opened_by}` an earlier step opened{}: {}",
            if open.production {
                ", on production"
            } else {
                ""
            },
            f.message
        );
        out.push(f);
    }
}

/// ArangoDB's shell JavaScript (arangosh's `db` object, from ArangoDB's manual): dropping a
/// database, a collection, a view or a graph; emptying a collection; removing documents, by
/// example, by key, or by an AQL `REMOVE`.
fn arango(js: &str, out: &mut Vec<Finding>) {
    let squashed: String = js.chars().filter(|c| !c.is_whitespace()).collect();
    let s = squashed.as_str();
    let mut push = |severity, what: &str| {
        out.push(Finding {
            family: Family::Database,
            code: "database.arango-statement",
            severity,
            message: format!("arangosh: {what}"),
        });
    };
    if s.contains("._dropDatabase(") {
        push(
            Severity::Stop,
            "db._dropDatabase() drops a whole database and every collection in it",
        );
    }
    if s.contains("db._drop(") || s.contains(".drop()") || s.contains(".drop({") {
        push(
            Severity::Verify,
            "drop() drops the collection and every document in it",
        );
    }
    if s.contains("._dropView(") || s.contains("._drop(\"") && s.contains("graph") {
        push(Severity::Verify, "drops a view or a graph");
    }
    if s.contains("._truncate(") || s.contains(".truncate(") {
        push(
            Severity::Verify,
            "truncate() removes every document of the collection",
        );
    }
    if s.contains(".removeByExample({})") || s.contains(".removeByExample()") {
        push(
            Severity::Verify,
            "removeByExample with an empty example removes every document",
        );
    } else if s.contains(".removeByExample(")
        || s.contains(".removeByKeys(")
        || s.contains("._remove(")
        || s.contains(".remove(")
    {
        push(Severity::Confirm, "removes the matching documents");
    }
    // AQL run from the shell: a REMOVE with no FILTER removes every document it loops over.
    let upper = js.to_ascii_uppercase();
    if s.contains("._query(") || s.contains("._createStatement(") {
        if upper.contains(" REMOVE ") && !upper.contains("FILTER") {
            push(
                Severity::Verify,
                "an AQL REMOVE with no FILTER removes every document of the collection",
            );
        } else if upper.contains(" REMOVE ") {
            push(
                Severity::Confirm,
                "an AQL REMOVE removes the matching documents",
            );
        }
    }
}
