//! Database clients on a command line: where each one takes its statement (`psql -c`, `mysql
//! -e`, `sqlite3 DB "SQL"`, `clickhouse-client --query`, `cqlsh -e`, `cockroach sql -e`,
//! `duckdb -c`, `influx -execute`), redis-cli's command words, and the mongo shell's `--eval`.
//!
//! Each client's options are read from its own documentation (its `--help` and manual): the
//! statement is the value of the option that carries one, or for sqlite3 and duckdb the
//! arguments after the database file. A client started without a statement (an interactive
//! session, `-f file`) is not judged here: what it will run is not on the line.

use crate::finding::{Family, Finding, Severity};
use crate::sql::judge_sql;

fn push(out: &mut Vec<Finding>, code: &'static str, severity: Severity, message: String) {
    out.push(Finding {
        family: Family::Database,
        code,
        severity,
        message,
    });
}

/// Every program [`judge_db_command`] reads: database clients, the databases' own drop tools, and
/// the migration tools of the common frameworks (their destructive tasks: `rails db:drop`,
/// `manage.py flush`, `prisma migrate reset`, `flyway clean` ...). `python manage.py ...` is
/// judged as program `manage.py`.
pub const PROGRAMS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "redis-cli",
    "mongo",
    "mongosh",
    "clickhouse-client",
    "clickhouse",
    "cqlsh",
    "cypher-shell",
    "cockroach",
    "duckdb",
    "influx",
    "dropdb",
    "dropuser",
    "pg_dropcluster",
    "mysqladmin",
    "mariadb-admin",
    "rails",
    "rake",
    "manage.py",
    "django-admin",
    "prisma",
    "alembic",
    "flyway",
    "liquibase",
    "knex",
    "sequelize",
    "sequelize-cli",
    "typeorm",
];

/// Judges a database client's simple command: `program` is its name (no path, wrappers
/// removed), `args` its arguments as the shell passes them.
pub fn judge_db_command(program: &str, args: &[String]) -> Vec<Finding> {
    let mut out = Vec::new();
    match program {
        "psql" => {
            for sql in option_values(args, &["-c"], &["--command"]) {
                out.extend(judge_sql(sql));
            }
        }
        "mysql" | "mariadb" => {
            for sql in option_values(args, &["-e"], &["--execute"]) {
                out.extend(judge_sql(sql));
            }
        }
        "clickhouse-client" | "clickhouse" => {
            for sql in option_values(args, &["-q"], &["--query"]) {
                out.extend(judge_sql(sql));
            }
        }
        "cqlsh" => {
            for sql in option_values(args, &["-e"], &["--execute"]) {
                out.extend(judge_sql(sql));
            }
        }
        // cypher-shell [OPTIONS] [CYPHER]: the statement is the operand (Neo4j's Operations
        // Manual, "Cypher Shell"); `-f FILE` is not on the line.
        "cypher-shell" => {
            const VALUES: &[&str] = &[
                "-a",
                "--address",
                "--uri",
                "-u",
                "--username",
                "-p",
                "--password",
                "-d",
                "--database",
                "--format",
                "-f",
                "--file",
                "-P",
                "--param",
                "--encryption",
                "--access-mode",
                "--sample-rows",
                "--driver-version",
                "--log",
                "--history",
                "--impersonate",
                "--idle-timeout",
                "--error-format",
            ];
            let mut skip = false;
            for a in args {
                if skip {
                    skip = false;
                } else if a.starts_with('-') {
                    skip = VALUES.contains(&a.as_str());
                } else {
                    out.extend(judge_sql(a));
                }
            }
        }
        "cockroach" => {
            for sql in option_values(args, &["-e"], &["--execute"]) {
                out.extend(judge_sql(sql));
            }
        }
        "influx" => {
            for q in option_values(args, &["-execute"], &["--execute"]) {
                out.extend(judge_sql(q));
            }
            influx_v2(args, &mut out);
        }
        "sqlite3" | "duckdb" => {
            for sql in option_values(args, &["-c", "-cmd", "-s"], &["--cmd", "--command"]) {
                out.extend(judge_sql(sql));
            }
            // sqlite3 [OPTIONS] FILENAME [SQL]...; duckdb [OPTIONS] [FILENAME [SQL]].
            let mut positional = args.iter().filter(|a| !a.starts_with('-'));
            let database = positional.next();
            for sql in positional {
                out.extend(judge_sql(sql));
            }
            // An in-memory database lives and dies with the process: nothing outlives it.
            if database.is_some_and(|d| d == ":memory:") {
                for f in &mut out {
                    f.severity = f.severity.min(Severity::Note);
                }
            }
        }
        "redis-cli" => judge_redis(args, &mut out),
        "mongo" | "mongosh" => {
            for js in option_values(args, &[], &["--eval"]) {
                judge_mongo(js, &mut out);
            }
        }
        // PostgreSQL's and MySQL's own drop tools (not statements, but the same actions).
        "dropdb" => push(
            &mut out,
            "database.drop-database",
            Severity::Stop,
            format!("dropdb {} drops a whole database", last_positional(args)),
        ),
        "pg_dropcluster" => push(
            &mut out,
            "database.drop-database",
            Severity::Stop,
            "pg_dropcluster removes a PostgreSQL cluster and all its databases".into(),
        ),
        "rails" | "rake" | "manage.py" | "django-admin" | "prisma" | "alembic" | "flyway"
        | "liquibase" | "knex" | "sequelize" | "sequelize-cli" | "typeorm" => {
            migration_tool(program, args, &mut out)
        }
        "dropuser" => push(
            &mut out,
            "database.drop-user",
            Severity::Verify,
            format!("dropuser {} drops a database role", last_positional(args)),
        ),
        "mysqladmin" | "mariadb-admin" => {
            let words: Vec<&str> = args
                .iter()
                .filter(|a| !a.starts_with('-'))
                .map(String::as_str)
                .collect();
            for (i, w) in words.iter().enumerate() {
                if w.eq_ignore_ascii_case("drop") {
                    push(
                        &mut out,
                        "database.drop-database",
                        Severity::Stop,
                        format!(
                            "mysqladmin drop {} drops a whole database",
                            words.get(i + 1).unwrap_or(&"")
                        ),
                    );
                } else if w.eq_ignore_ascii_case("shutdown") {
                    push(
                        &mut out,
                        "database.shutdown",
                        Severity::Verify,
                        "mysqladmin shutdown stops the database server".into(),
                    );
                }
            }
        }
        _ => {}
    }
    out
}

/// The values of an option, in every spelling: `-c SQL`, `-cSQL` (short ones), `--command SQL`
/// and `--command=SQL` (long ones).
fn option_values<'a>(args: &'a [String], short: &[&str], long: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let mut taken = false;
        for name in short.iter().chain(long) {
            if a == *name {
                if let Some(v) = args.get(i + 1) {
                    out.push(v.as_str());
                    i += 1;
                }
                taken = true;
                break;
            }
            if let Some(v) = a.strip_prefix(name) {
                if let Some(v) = v.strip_prefix('=') {
                    out.push(v);
                    taken = true;
                    break;
                }
                // `-cSQL` for a one-letter short option.
                if short.contains(name) && name.len() == 2 && !v.is_empty() {
                    out.push(v);
                    taken = true;
                    break;
                }
            }
        }
        let _ = taken;
        i += 1;
    }
    out
}

fn last_positional(args: &[String]) -> &str {
    args.iter()
        .rev()
        .find(|a| !a.starts_with('-'))
        .map_or("", String::as_str)
}

/// redis-cli options that take a value (from `redis-cli --help`): skipped with it, so the
/// command words start after them.
pub(crate) const REDIS_VALUE_OPTIONS: [&str; 22] = [
    "-h",
    "-p",
    "-s",
    "-a",
    "-u",
    "-r",
    "-i",
    "-n",
    "-d",
    "-D",
    "--user",
    "--pass",
    "--askpass",
    "--pattern",
    "--count",
    "--quoted-pattern",
    "--cacert",
    "--cacertdir",
    "--cert",
    "--key",
    "--sni",
    "--tls-ciphers",
];

/// Judges redis-cli's command words: `redis-cli [options] COMMAND [args...]`.
fn judge_redis(args: &[String], out: &mut Vec<Finding>) {
    let mut i = 0;
    while i < args.len() && args[i].starts_with('-') {
        if REDIS_VALUE_OPTIONS.contains(&args[i].as_str()) {
            i += 1;
        }
        i += 1;
    }
    let Some(command) = args.get(i) else {
        return;
    };
    let rest = &args[i + 1..];
    let cmd = command.to_ascii_lowercase();
    let sub = rest
        .first()
        .map(|s| s.to_ascii_lowercase())
        .unwrap_or_default();
    let (code, severity, message) = match cmd.as_str() {
        "flushall" => (
            "database.redis-flushall",
            Severity::Stop,
            "redis-cli FLUSHALL deletes every key of every database".to_owned(),
        ),
        "flushdb" => (
            "database.redis-flushdb",
            Severity::Stop,
            "redis-cli FLUSHDB deletes every key of the database".to_owned(),
        ),
        "config" if sub == "set" || sub == "rewrite" || sub == "resetstat" => (
            "database.redis-config",
            Severity::Verify,
            format!(
                "redis-cli CONFIG {} changes the server's configuration (a known way to write files on the host)",
                sub.to_ascii_uppercase()
            ),
        ),
        "cluster" if sub == "reset" || sub == "flushslots" => (
            "database.redis-cluster-reset",
            Severity::Verify,
            format!(
                "redis-cli CLUSTER {} removes the node's cluster state",
                sub.to_ascii_uppercase()
            ),
        ),
        "acl" if sub == "deluser" => (
            "database.redis-acl",
            Severity::Confirm,
            "redis-cli ACL DELUSER removes a user's access".to_owned(),
        ),
        "acl"
            if sub == "setuser"
                && rest.iter().any(|a| {
                    let a = a.to_ascii_lowercase();
                    a == "allcommands" || a == "+@all" || a == "~*" || a == "allkeys"
                }) =>
        {
            (
                "database.redis-acl",
                Severity::Verify,
                "redis-cli ACL SETUSER gives every command on every key".to_owned(),
            )
        }
        "shutdown" => (
            "database.redis-shutdown",
            Severity::Verify,
            "redis-cli SHUTDOWN stops the server".to_owned(),
        ),
        "debug" => (
            "database.redis-debug",
            Severity::Verify,
            "redis-cli DEBUG can crash or stall the server".to_owned(),
        ),
        "slaveof" | "replicaof" if sub != "no" => (
            "database.redis-replicaof",
            Severity::Verify,
            "redis-cli REPLICAOF replaces this server's data with another's".to_owned(),
        ),
        "del" | "unlink" if rest.is_empty() => (
            "database.redis-bulk-delete",
            Severity::Verify,
            format!(
                "redis-cli {} with its keys from a pipe deletes every key listed",
                cmd.to_ascii_uppercase()
            ),
        ),
        "del" | "unlink" if rest.iter().any(|k| k.contains('*')) || rest.len() > 10 => (
            "database.redis-bulk-delete",
            Severity::Verify,
            format!("redis-cli {} of many keys", cmd.to_ascii_uppercase()),
        ),
        "del" | "unlink" | "getdel" | "hdel" => (
            "database.redis-delete",
            Severity::Confirm,
            format!(
                "redis-cli {} {} deletes a key",
                cmd.to_ascii_uppercase(),
                rest.join(" ")
            ),
        ),
        // A data structure emptied by its own trim or range delete: a stream trimmed to
        // nothing, a list trimmed to an empty range, a sorted set's whole rank or score range.
        "xtrim"
            if rest
                .get(1)
                .is_some_and(|w| w.eq_ignore_ascii_case("maxlen"))
                && rest
                    .iter()
                    .skip(2)
                    .find(|w| *w != "=" && *w != "~")
                    .is_some_and(|n| n == "0") =>
        {
            (
                "database.redis-empty",
                Severity::Verify,
                "redis-cli XTRIM ... MAXLEN 0 deletes every entry of the stream".to_owned(),
            )
        }
        "xtrim" => (
            "database.redis-delete",
            Severity::Confirm,
            "redis-cli XTRIM deletes the stream's oldest entries".to_owned(),
        ),
        "ltrim"
            if matches!(
                (
                    rest.get(1).map(String::as_str),
                    rest.get(2).map(String::as_str)
                ),
                (Some("1"), Some("0")) | (Some("-1"), Some("0"))
            ) =>
        {
            (
                "database.redis-empty",
                Severity::Verify,
                "redis-cli LTRIM to an empty range deletes every element of the list".to_owned(),
            )
        }
        "zremrangebyrank" | "zremrangebyscore" | "zremrangebylex"
            if matches!(
                (
                    rest.get(1).map(String::as_str),
                    rest.get(2).map(String::as_str)
                ),
                (Some("0"), Some("-1")) | (Some("-inf"), Some("+inf")) | (Some("-"), Some("+"))
            ) =>
        {
            (
                "database.redis-empty",
                Severity::Verify,
                format!(
                    "redis-cli {} over the whole range deletes every member of the set",
                    cmd.to_ascii_uppercase()
                ),
            )
        }
        "ft.dropindex" | "ft.drop" => (
            "database.redis-delete",
            if rest.iter().any(|w| w.eq_ignore_ascii_case("dd")) || cmd == "ft.drop" {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            format!(
                "redis-cli {} drops a search index",
                cmd.to_ascii_uppercase()
            ),
        ),
        "graph.delete" => (
            "database.redis-empty",
            Severity::Verify,
            "redis-cli GRAPH.DELETE deletes a whole graph".to_owned(),
        ),
        "xgroup" if sub == "destroy" => (
            "database.redis-delete",
            Severity::Confirm,
            "redis-cli XGROUP DESTROY removes a consumer group and its pending entries".to_owned(),
        ),
        "swapdb" => (
            "database.redis-delete",
            Severity::Confirm,
            "redis-cli SWAPDB swaps two databases' contents under every client".to_owned(),
        ),
        "script" | "function" if sub == "flush" => (
            "database.redis-delete",
            Severity::Confirm,
            format!(
                "redis-cli {} FLUSH deletes every stored script",
                cmd.to_ascii_uppercase()
            ),
        ),
        "eval" | "evalsha" | "fcall"
            if rest.iter().any(|a| {
                let a = a.to_ascii_lowercase();
                a.contains("flushall") || a.contains("flushdb")
            }) =>
        {
            (
                "database.redis-flushall",
                Severity::Stop,
                "redis-cli EVAL of a script that flushes the data".to_owned(),
            )
        }
        _ => return,
    };
    push(out, code, severity, message);
}

/// Judges mongo shell JavaScript (`--eval`, or a call written where SQL was expected).
pub fn judge_mongo(js: &str, out: &mut Vec<Finding>) {
    // Case matters in JavaScript; spacing does not (`db.users.deleteMany( {} )`).
    let squashed: String = js.chars().filter(|c| !c.is_whitespace()).collect();
    let s = squashed.as_str();
    if s.contains(".dropDatabase(") || s.contains("dropDatabase:") {
        push(
            out,
            "database.mongo-drop-database",
            Severity::Stop,
            "mongo dropDatabase() drops the whole database".into(),
        );
    }
    if s.contains(".drop(") {
        // Over every collection (`getCollectionNames().forEach(c => db[c].drop())`) it is the
        // whole database.
        let every = s.contains("forEach") || s.contains("getCollectionNames");
        push(
            out,
            "database.mongo-drop-collection",
            if every {
                Severity::Stop
            } else {
                Severity::Verify
            },
            if every {
                "mongo drop() of every collection: the whole database".into()
            } else {
                "mongo drop() drops the collection and every document in it".into()
            },
        );
    }
    for call in [".deleteMany(", ".remove(", ".updateMany(", ".update("] {
        for (at, _) in s.match_indices(call) {
            let args = &s[at + call.len()..];
            let empty = args.starts_with("{})") || args.starts_with(')') || args.starts_with("{},");
            let name = call.trim_matches(&['.', '('][..]);
            let update = name.starts_with("update");
            if empty {
                push(
                    out,
                    if update {
                        "database.mongo-update-all"
                    } else {
                        "database.mongo-delete-all"
                    },
                    Severity::Verify,
                    format!("mongo {name} with an empty filter touches every document"),
                );
            } else if !update {
                push(
                    out,
                    "database.mongo-delete",
                    Severity::Confirm,
                    format!("mongo {name} removes the matching documents"),
                );
            }
        }
    }
    for call in [".deleteOne(", ".findOneAndDelete(", ".findAndModify("] {
        if s.contains(call) && call != ".findAndModify(" {
            push(
                out,
                "database.mongo-delete",
                Severity::Confirm,
                format!(
                    "mongo {} removes a document",
                    call.trim_matches(&['.', '('][..])
                ),
            );
        }
    }
    batch_operations(s, out);
    for (call, severity) in [
        (".dropUser(", Severity::Verify),
        (".dropAllUsers(", Severity::Verify),
        (".dropAllRoles(", Severity::Verify),
        (".dropRole(", Severity::Verify),
    ] {
        if s.contains(call) {
            push(
                out,
                "database.mongo-drop-user",
                severity,
                format!(
                    "mongo {} removes database access",
                    call.trim_matches(&['.', '('][..])
                ),
            );
        }
    }
    if s.contains("shutdownServer(") || s.contains("{shutdown:1") {
        push(
            out,
            "database.mongo-shutdown",
            Severity::Verify,
            "mongo shutdown stops the server".into(),
        );
    }
    if (s.contains(".grantRolesToUser(") || s.contains(".createUser("))
        && [
            "\"root\"",
            "'root'",
            "dbOwner",
            "userAdminAnyDatabase",
            "clusterAdmin",
        ]
        .iter()
        .any(|r| s.contains(r))
    {
        push(
            out,
            "database.mongo-role-escalation",
            Severity::Verify,
            "mongo gives a user an administrator role".into(),
        );
    }
}

/// The same operations written as a batch's entries rather than calls: `bulkWrite([{
/// deleteMany: { filter: {} } }])` (the driver's and the shell's bulk API), the server's own
/// commands (`db.runCommand({ delete: "orders", deletes: [{ q: {}, limit: 0 }] })`, `{ drop:
/// "orders" }`), and any wrapper that holds them (a transaction's callback, a batch array). An
/// entry is graded as the call it stands for: an empty filter (or none) reaches every document.
/// `s` is the text without whitespace.
fn batch_operations(s: &str, out: &mut Vec<Finding>) {
    // Keys are read with their quotes removed (`"deleteMany":` is `deleteMany:`).
    if !s.contains(':') {
        return;
    }
    let bare: String = s
        .chars()
        .filter(|c| !matches!(c, '"' | '\'' | '`'))
        .collect();
    let b = bare.as_str();
    // A key: after `{`, `,` or `[`, not the tail of a longer name (`mydeleteMany:`).
    let key_at = |key: &'static str| -> Vec<(usize, &str)> {
        b.match_indices(key)
            .filter(|(at, _)| *at == 0 || matches!(b.as_bytes()[at - 1], b'{' | b',' | b'['))
            .collect()
    };
    for (key, delete) in [
        ("deleteMany:", true),
        ("deleteOne:", true),
        ("updateMany:", false),
        ("replaceOne:", false),
    ] {
        for (at, _) in key_at(key) {
            let entry = object_after(&b[at + key.len()..]);
            let every = !entry.contains("filter:") || entry.contains("filter:{}");
            let many = key != "deleteOne:" && key != "replaceOne:";
            let name = key.trim_end_matches(':');
            if every && many {
                push(
                    out,
                    if delete {
                        "database.mongo-delete-all"
                    } else {
                        "database.mongo-update-all"
                    },
                    Severity::Verify,
                    format!("mongo batch {name} with an empty filter touches every document"),
                );
            } else if delete {
                push(
                    out,
                    "database.mongo-delete",
                    Severity::Confirm,
                    format!("mongo batch {name} removes the matching documents"),
                );
            }
        }
    }
    // The server's commands: `{delete: coll, deletes: [{q: {}, limit: 0}]}`,
    // `{update: coll, updates: [{q: {}, u: ..., multi: true}]}`, `{drop: coll}`.
    for (key, inner, delete) in [
        ("delete:", "deletes:", true),
        ("update:", "updates:", false),
    ] {
        for (at, _) in key_at(key) {
            let rest = &b[at..];
            if let Some(list) = rest
                .find(inner)
                .map(|k| object_after(&rest[k + inner.len()..]))
            {
                let every = list.contains("q:{}")
                    && (delete && list.contains("limit:0")
                        || !delete && list.contains("multi:true"));
                if every {
                    push(
                        out,
                        if delete {
                            "database.mongo-delete-all"
                        } else {
                            "database.mongo-update-all"
                        },
                        Severity::Verify,
                        format!(
                            "mongo {} command with an empty query touches every document",
                            key.trim_end_matches(':')
                        ),
                    );
                } else if delete {
                    push(
                        out,
                        "database.mongo-delete",
                        Severity::Confirm,
                        "mongo delete command removes the matching documents".into(),
                    );
                }
            }
        }
    }
    for (at, _) in key_at("drop:") {
        if b[at..].starts_with("drop:") && !b[..at].ends_with("Database") {
            push(
                out,
                "database.mongo-drop-collection",
                Severity::Verify,
                "mongo drop command drops the collection and every document in it".into(),
            );
        }
    }
}

/// The bracketed value at the start of `s` (`{...}` or `[...]`), up to its matching close (or
/// the end of a text cut short), or the empty text when `s` opens with neither.
fn object_after(s: &str) -> &str {
    let b = s.as_bytes();
    if !matches!(b.first(), Some(b'{' | b'[')) {
        return "";
    }
    let mut depth = 0_usize;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth -= 1;
                if depth == 0 {
                    return &s[..=i];
                }
            }
            _ => {}
        }
    }
    s
}

/// influx 2.x's object commands (`influx bucket delete`, `influx org delete`, `influx delete`).
fn influx_v2(args: &[String], out: &mut Vec<Finding>) {
    let words: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .take_while(|a| !a.starts_with('-'))
        .collect();
    match words.as_slice() {
        ["bucket" | "org" | "organization", "delete", ..] => push(
            out,
            "database.influx-delete-bucket",
            Severity::Verify,
            format!("influx {} delete removes it and all its data", words[0]),
        ),
        // Without a predicate every measurement's points in the range go (the whole bucket
        // when the range is all time).
        ["delete", ..]
            if option_values(args, &["-p"], &["--predicate"])
                .iter()
                .all(|p| p.trim().is_empty()) =>
        {
            push(
                out,
                "database.influx-delete",
                Severity::Verify,
                "influx delete without --predicate removes every point of the bucket in the range"
                    .into(),
            )
        }
        ["delete", ..] => push(
            out,
            "database.influx-delete",
            Severity::Confirm,
            "influx delete removes the points in a time range".into(),
        ),
        _ => {}
    }
}

/// The destructive tasks of the frameworks' migration tools, from their documentation.
fn migration_tool(program: &str, args: &[String], out: &mut Vec<Finding>) {
    let words: Vec<String> = args
        .iter()
        .filter(|a| !a.starts_with('-') && !a.contains('='))
        .map(|a| a.to_ascii_lowercase())
        .collect();
    let has_flag = |f: &str| {
        args.iter()
            .any(|a| a == f || a.starts_with(&[f, "="].concat()))
    };
    let first = words.first().map_or("", String::as_str);
    let second = words.get(1).map_or("", String::as_str);
    let (code, severity, what) = match (program, first) {
        (
            "rails" | "rake",
            "db:drop" | "db:drop:all" | "db:reset" | "db:purge" | "db:purge:all",
        ) => (
            "database.framework-drop",
            Severity::Stop,
            "drops the database (db:reset drops and recreates it)",
        ),
        (
            "rails" | "rake",
            "db:schema:load" | "db:structure:load" | "db:truncate_all" | "db:seed:replant",
        ) => (
            "database.framework-reload",
            Severity::Verify,
            "recreates or empties every table: the data is lost",
        ),
        ("rails" | "rake", "db:rollback" | "db:migrate:down" | "db:migrate:redo") => (
            "database.framework-rollback",
            Severity::Confirm,
            "rolls migrations back (a down migration may drop tables or columns)",
        ),
        ("manage.py" | "django-admin", "flush") => (
            "database.framework-flush",
            Severity::Verify,
            "manage.py flush deletes all data from every table",
        ),
        ("manage.py" | "django-admin", "reset_db") => (
            "database.framework-drop",
            Severity::Stop,
            "reset_db drops and recreates the database",
        ),
        ("manage.py" | "django-admin", "migrate") if words.get(2).is_some_and(|w| w == "zero") => (
            "database.framework-rollback",
            Severity::Verify,
            "migrate <app> zero unapplies every migration of the app: its tables are dropped",
        ),
        ("prisma", "migrate") if second == "reset" => (
            "database.framework-drop",
            Severity::Verify,
            "prisma migrate reset drops the database and reapplies the migrations",
        ),
        ("prisma", "db") if second == "push" && has_flag("--force-reset") => (
            "database.framework-drop",
            Severity::Verify,
            "prisma db push --force-reset drops the database's data",
        ),
        ("alembic", "downgrade") if second == "base" => (
            "database.framework-rollback",
            Severity::Verify,
            "alembic downgrade base unapplies every migration",
        ),
        ("alembic", "downgrade") => (
            "database.framework-rollback",
            Severity::Confirm,
            "alembic downgrade runs down migrations (they may drop tables or columns)",
        ),
        ("flyway", "clean") => (
            "database.framework-drop",
            Severity::Stop,
            "flyway clean drops every object in the configured schemas",
        ),
        ("liquibase", "dropall" | "drop-all") => (
            "database.framework-drop",
            Severity::Stop,
            "liquibase drop-all drops every database object",
        ),
        ("liquibase", w) if w.starts_with("rollback") => (
            "database.framework-rollback",
            Severity::Confirm,
            "liquibase rollback undoes changesets",
        ),
        ("knex", "migrate:rollback") if has_flag("--all") => (
            "database.framework-rollback",
            Severity::Verify,
            "knex migrate:rollback --all undoes every migration",
        ),
        ("knex", "migrate:rollback" | "migrate:down") => (
            "database.framework-rollback",
            Severity::Confirm,
            "knex rolls migrations back",
        ),
        ("sequelize" | "sequelize-cli", "db:drop") => (
            "database.framework-drop",
            Severity::Stop,
            "sequelize db:drop drops the database",
        ),
        ("sequelize" | "sequelize-cli", "db:migrate:undo:all") => (
            "database.framework-rollback",
            Severity::Verify,
            "undoes every migration",
        ),
        ("sequelize" | "sequelize-cli", "db:migrate:undo") => (
            "database.framework-rollback",
            Severity::Confirm,
            "undoes the last migration",
        ),
        ("typeorm", "schema:drop") => (
            "database.framework-drop",
            Severity::Stop,
            "typeorm schema:drop drops every table",
        ),
        _ => return,
    };
    push(out, code, severity, format!("{program} {first}: {what}"));
}
