//! Language runtimes' own consoles and APIs: code handed to a framework's console (`rails
//! runner CODE`, `php artisan tinker --execute=CODE`, `./manage.py shell --command CODE`, `mix
//! run -e CODE`, `echo CODE | rails console`, `jshell` fed a snippet), and, in any inline
//! code, the calls of the runtimes' frameworks and standard libraries that delete a whole
//! store or tree or signal every process: an ORM's delete of every row or drop of every table
//! (Laravel's `Model::truncate()` and `DB::table(t)->delete()`, SQLAlchemy's
//! `session.query(M).delete()` and `metadata.drop_all`, Sequelize's `destroy({ where: {} })`
//! and `sync({ force: true })`, Knex's `del()`, peewee's `M.delete().execute()`, Django's
//! `call_command('flush')`), a storage facade's directory delete (`Storage::disk(d)->
//! deleteDirectory(p)`), a listing walked and deleted (`os.walk(R)` / `Files.walk(R)` /
//! `fs.readdirSync(R)` with a delete), and a process API's kill of init or of every process
//! (`os.kill(1, ...)`, `Process.kill(:KILL, -1)`, `process.kill(-1)`, a `psutil` loop).
//!
//! # Why one table of consoles, one of calls
//!
//! The consoles run code in the application's language with its models and storage loaded;
//! which option or operand carries the code is each framework's documentation, written here
//! as data ([`CONSOLES`]) and looked up by program name, so other programs pay one match.
//! What the code does is read by the readers of inline code ([`super::interpreters::code`]),
//! which call [`calls`] here: each call's name is looked up once in [`WHOLE_STORE`] (lowercased,
//! `_` dropped, so `drop_all`, `dropAll` and `dropAllTables` are one entry), and its receiver
//! chain decides the reach (a `where` / `filter` / `find` before it bounds the delete, and then
//! nothing is said here). Files and trees are graded as the shell's `rm` / `find -delete` of
//! the same path, by the filesystem reader; a process signal as the shell's `kill`.
//!
//! Nothing here lowers a verdict.

use super::{Cmd, Context, finding};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;
use crate::substring::has;

/// How a console is given its code.
struct Console {
    /// The program, as resolved (`rails`, `php`, `manage.py`).
    program: &'static str,
    /// The operands before the code's own (`artisan tinker`, `runner`).
    path: &'static [&'static str],
    /// Options whose value is the code (`--execute`, `-c`).
    options: &'static [&'static str],
    /// Whether the first operand after `path` is the code (`rails runner CODE`).
    operand: bool,
    /// Options of the console that take a value (skipped when looking for the operand).
    valued: &'static [&'static str],
    /// Whether the console runs what it is fed on stdin (`echo CODE | rails console`).
    stdin: bool,
}

const fn console(
    program: &'static str,
    path: &'static [&'static str],
    options: &'static [&'static str],
    operand: bool,
    stdin: bool,
) -> Console {
    Console {
        program,
        path,
        options,
        operand,
        valued: &["-e", "--environment"],
        stdin,
    }
}

/// The consoles, from each one's reference: Rails' `runner` (code or a `.rb` file, `-e ENV`)
/// and `console`; Laravel's Tinker (`--execute`) and PsySH; Django's `shell` (`-c` /
/// `--command`, or stdin) through `manage.py` or `django-admin`; Flask's `shell`; Mix's `run
/// -e`; Rake's `-e` / `--execute`; IRB, Pry and JShell read stdin; the JVM scripting runners
/// (`jrunscript -e`, `scala -e`, `kotlin -e`), Babashka and Clojure (`-e`), GHC (`-e`),
/// Racket (`-e`), Guile (`-c`), SBCL (`--eval`), Erlang (`-eval`), Crystal's `eval`, and the
/// TypeScript runners (`tsx -e`, `ts-node -e`).
const CONSOLES: &[Console] = &[
    console("rails", &["runner"], &[], true, false),
    console("rails", &["r"], &[], true, false),
    console("rails", &["console"], &[], false, true),
    console("rails", &["c"], &[], false, true),
    console("php", &["artisan", "tinker"], &["--execute"], false, true),
    console("artisan", &["tinker"], &["--execute"], false, true),
    console("psysh", &[], &[], false, true),
    console("manage.py", &["shell"], &["-c", "--command"], false, true),
    console(
        "django-admin",
        &["shell"],
        &["-c", "--command"],
        false,
        true,
    ),
    // `python manage.py shell -c` is read by the interpreter's `-c` already.
    console(
        "python",
        &["manage.py", "shell"],
        &["--command"],
        false,
        true,
    ),
    console(
        "python3",
        &["manage.py", "shell"],
        &["--command"],
        false,
        true,
    ),
    console("flask", &["shell"], &[], false, true),
    console("mix", &["run"], &["-e", "--eval"], false, false),
    console(
        "rake",
        &[],
        &["-e", "--execute", "-E", "--execute-continue"],
        false,
        false,
    ),
    console("irb", &[], &[], false, true),
    console("pry", &[], &[], false, true),
    console("jshell", &[], &[], false, true),
    console("groovysh", &[], &[], false, true),
    console("jrunscript", &[], &["-e"], false, false),
    console("scala", &[], &["-e"], false, false),
    console("kotlin", &[], &["-e"], false, false),
    console("kotlinc", &[], &["-e"], false, false),
    console("bb", &[], &["-e", "--eval"], false, false),
    console("clojure", &[], &["-e", "--eval"], false, false),
    console("clj", &[], &["-e", "--eval"], false, false),
    console("ghc", &[], &["-e"], false, false),
    console("racket", &[], &["-e", "--eval"], false, false),
    console("guile", &[], &["-c"], false, false),
    console("sbcl", &[], &["--eval"], false, false),
    console("erl", &[], &["-eval"], false, false),
    console("crystal", &["eval"], &[], true, true),
    console("tsx", &[], &["-e", "--eval", "-p", "--print"], false, false),
    console(
        "ts-node",
        &[],
        &["-e", "--eval", "-p", "--print"],
        false,
        false,
    ),
];

/// The console a command is (`bundle exec rails runner` is `rails runner`), with the words
/// after the program.
fn console_of<'c>(cmd: &'c Cmd<'_>) -> Option<(&'static Console, &'c [std::borrow::Cow<'c, str>])> {
    let (program, args) = match cmd.program {
        "bundle" if cmd.args.first().is_some_and(|a| a == "exec") && cmd.args.len() > 1 => {
            (super::program_name(&cmd.args[1]), &cmd.args[2..])
        }
        p => (p, cmd.args),
    };
    // `./manage.py`, `./artisan`: the project's own entry point, by its name.
    let program = program.rsplit('/').next().unwrap_or(program);
    // One match by program name before anything else.
    if !CONSOLES.iter().any(|c| c.program == program) {
        return None;
    }
    let operands: Vec<&str> = args
        .iter()
        .map(|a| &**a)
        .filter(|a| !a.starts_with('-'))
        .collect();
    CONSOLES
        .iter()
        .find(|c| c.program == program && operands.starts_with(c.path))
        .map(|c| (c, args))
}

/// The code a console is given on its command line.
fn code_given<'c>(c: &Console, args: &'c [std::borrow::Cow<'c, str>]) -> Option<&'c str> {
    let mut it = args.iter().map(|a| &**a);
    let mut path_left = c.path.len();
    while let Some(a) = it.next() {
        if a.starts_with('-') {
            let (name, inline) = match a.split_once('=') {
                Some((n, v)) if n.starts_with("--") => (n, Some(v)),
                _ => (a, None),
            };
            if c.options.contains(&name) {
                return inline.or_else(|| it.next());
            }
            if c.valued.contains(&name) && inline.is_none() {
                it.next();
            }
            continue;
        }
        if path_left > 0 {
            path_left -= 1;
            continue;
        }
        // `rails runner script/cleanup.rb`: a file, not read here.
        if c.operand && !a.ends_with(".rb") && !a.ends_with(".cr") {
            return Some(a);
        }
        return None;
    }
    None
}

/// Judges the code a framework's console is handed, as inline code of its language.
pub fn judge(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let Some((c, args)) = console_of(cmd) else {
        return;
    };
    let how = if c.path.is_empty() {
        c.program.to_owned()
    } else {
        format!("{} {}", c.program, c.path.join(" "))
    };
    let mut texts: Vec<String> = code_given(c, args).map(str::to_owned).into_iter().collect();
    if c.stdin && texts.is_empty() {
        texts.extend(super::stdin::fed(cmd, s, index));
    }
    for text in texts {
        let before = out.len();
        super::interpreters::code(crate::cut(&text, 16 * 1024), depth, ctx, out);
        for f in &mut out[before..] {
            f.message = format!("{how} runs code: {}", f.message);
        }
    }
}

/// What a framework's call does to its store.
#[derive(Clone, Copy)]
enum Reach {
    /// Deletes every row of a table (unless a condition before it bounds the rows).
    EveryRow,
    /// Drops every table (or the schema) of the application's database.
    EveryTable,
    /// Drops one table.
    Table,
    /// Drops and recreates every table (`sync({ force: true })`).
    Recreate,
    /// Deletes a directory of a storage disk.
    StorageDirectory,
    /// Signals a process given by number.
    Signal,
}

/// Calls by name (lowercased, `_` dropped) and what they reach; the receiver and the
/// arguments are checked in [`reach_of`].
const WHOLE_STORE: &[(&str, Reach)] = &[
    // Laravel's query builder and Eloquent (`Model::truncate()`, `DB::table(t)->truncate()`),
    // Knex (`knex(t).truncate()`).
    ("truncate", Reach::EveryRow),
    // `DB::table(t)->delete()`, `Model::query()->delete()`, SQLAlchemy's
    // `session.query(M).delete()` and `M.query.delete()`, peewee's `M.delete().execute()`.
    ("delete", Reach::EveryRow),
    // Knex's `del()`.
    ("del", Reach::EveryRow),
    // Sequelize's `Model.destroy({ where: {} })` or `{ truncate: true }`.
    ("destroy", Reach::EveryRow),
    // SQLAlchemy's and Flask-SQLAlchemy's `drop_all`, Laravel's `Schema::dropAllTables()`,
    // peewee's `drop_tables`, Sequelize's `sequelize.drop()`.
    ("dropall", Reach::EveryTable),
    ("dropalltables", Reach::EveryTable),
    ("dropallviews", Reach::EveryTable),
    ("droptables", Reach::EveryTable),
    // Laravel's `Schema::drop(t)` / `Schema::dropIfExists(t)`, `sequelize.drop()`.
    ("drop", Reach::Table),
    ("dropifexists", Reach::Table),
    // Sequelize's `sync({ force: true })`, TypeORM's `synchronize(true)` drops first too.
    ("sync", Reach::Recreate),
    ("synchronize", Reach::Recreate),
    // Django's `call_command('flush')` (every row of every table).
    ("callcommand", Reach::EveryTable),
    // Laravel's `Storage::disk(d)->deleteDirectory(p)`.
    ("deletedirectory", Reach::StorageDirectory),
    // Python's `os.kill` / `os.killpg`, Node's `process.kill`, Ruby's `Process.kill`.
    ("kill", Reach::Signal),
    ("killpg", Reach::Signal),
];

/// Words in a call's chain that bound the rows it deletes.
const BOUNDS: &[&str] = &[
    "where", "filter", "find", "limit", "first(", "take(", "whereIn", "whereKey", ".get(",
];

/// Reads inline code for the calls of [`WHOLE_STORE`], walked deletes and killed processes.
pub fn calls(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let mut seen = 0;
    let mut kills: Vec<String> = Vec::new();
    for (open, _) in body.match_indices('(') {
        let start = crate::substring::after_last(&body[..open], |c: char| {
            !(c.is_ascii_alphanumeric() || c == '_')
        });
        let name = &body[start..open];
        // Every name in the table starts with one of these letters: most calls end here.
        if name.len() < 3
            || name.len() > 16
            || !name
                .bytes()
                .next()
                .is_some_and(|c| matches!(c | 0x20, b't' | b'd' | b's' | b'c' | b'k'))
        {
            continue;
        }
        let mut buf = [0_u8; 16];
        let mut n = 0;
        for b in name.bytes().filter(|b| *b != b'_') {
            buf[n] = b.to_ascii_lowercase();
            n += 1;
        }
        let Some(&(_, reach)) = WHOLE_STORE.iter().find(|(k, _)| k.as_bytes() == &buf[..n]) else {
            continue;
        };
        seen += 1;
        if seen > 32 {
            break;
        }
        // The statement up to the call (its receiver chain), and the call's arguments.
        let chain_start = body[..start]
            .rfind([';', '\n', '{', '|', '='])
            .map_or(0, |k| k + 1);
        let chain = &body[chain_start..start];
        let args = argument_text(&body[open + 1..]);
        let after = &body[(open + 1 + args.len() + 1).min(body.len())..];
        if let Some(line) = reach_of(reach, name, chain, args, after) {
            match line {
                Said::Finding(severity, what) => out.push(finding(
                    Family::Database,
                    if matches!(reach, Reach::StorageDirectory) {
                        "database.storage-delete"
                    } else {
                        "database.store-delete"
                    },
                    severity,
                    format!("inline code calls {name}: {what}"),
                )),
                Said::Kill(pid) => kills.push(pid),
            }
        }
    }
    // A process listing killed item by item (`[p.kill() for p in psutil.process_iter()]`)
    // with no condition: every process.
    if has(body, "process_iter")
        && (has(body, ".kill()") || has(body, ".terminate()"))
        && !has(body, " if ")
    {
        kills.push("-1".to_owned());
    }
    kills.sort();
    kills.dedup();
    for pid in kills {
        crate::judge_shell(&format!("kill -9 {pid}"), depth + 1, ctx, out);
    }
    walked_deletes(body, depth, ctx, out);
    aws_sdk(body, depth, ctx, out);
}

enum Said {
    Finding(Severity, &'static str),
    Kill(String),
}

/// What a call of [`WHOLE_STORE`] amounts to, from its receiver chain and arguments.
fn reach_of(reach: Reach, name: &str, chain: &str, args: &str, after: &str) -> Option<Said> {
    let php = chain.contains("::") || chain.ends_with("->");
    let bounded = BOUNDS.iter().any(|b| chain.contains(b));
    let empty_args = args.trim().is_empty();
    Some(match reach {
        Reach::EveryRow => {
            let store = match name {
                // A file's or a string's truncate is not a table's.
                "truncate" => php || chain.contains("knex") || chain.contains("db("),
                "delete" => {
                    empty_args
                        && (php && (chain.contains("::query()") || chain.contains("table(")
                            || chain.contains("::all()"))
                            || chain.contains(".query(")
                            || chain.ends_with(".query.")
                            // peewee: `Model.delete().execute()` on a class name.
                            || after.starts_with(".execute()")
                                && chain
                                    .trim()
                                    .split('.')
                                    .next()
                                    .is_some_and(|c| c.starts_with(|ch: char| ch.is_ascii_uppercase())))
                }
                "del" => empty_args && chain.contains("knex"),
                "destroy" => {
                    let a: String = args.chars().filter(|c| !c.is_whitespace()).collect();
                    a.contains("where:{}") || a.contains("truncate:true")
                }
                _ => false,
            };
            if !store || bounded {
                return None;
            }
            Said::Finding(Severity::Verify, "deletes every row of the table")
        }
        Reach::EveryTable => {
            if name.eq_ignore_ascii_case("call_command") || name == "callCommand" {
                let first = args.trim().trim_start_matches(['\'', '"']);
                if !(first.starts_with("flush") || first.starts_with("reset_db")) {
                    return None;
                }
                return Some(Said::Finding(
                    Severity::Verify,
                    "deletes every row of every table (Django's flush)",
                ));
            }
            Said::Finding(Severity::Verify, "drops every table of the database")
        }
        Reach::Table => {
            if chain.contains("Schema::") {
                Said::Finding(Severity::Verify, "drops a table and its rows")
            } else if chain.contains("sequelize.") && empty_args {
                Said::Finding(Severity::Verify, "drops every table of the database")
            } else {
                return None;
            }
        }
        Reach::Recreate => {
            let a: String = args.chars().filter(|c| !c.is_whitespace()).collect();
            if a.contains("force:true") || name == "synchronize" && a == "true" {
                Said::Finding(
                    Severity::Verify,
                    "drops every table and creates it again empty",
                )
            } else {
                return None;
            }
        }
        Reach::StorageDirectory => {
            if !chain.contains("Storage::") {
                return None;
            }
            let path = args.trim().trim_matches(['\'', '"']).trim_matches('/');
            if path.is_empty() || path == "." {
                Said::Finding(Severity::Verify, "deletes every file of the storage disk")
            } else {
                Said::Finding(
                    Severity::Confirm,
                    "deletes a directory of the application's storage disk, for good",
                )
            }
        }
        Reach::Signal => {
            let receiver = chain.trim().trim_end_matches('.').to_ascii_lowercase();
            let receiver = receiver.rsplit(['.', ' ', '(']).next().unwrap_or("");
            if !matches!(receiver, "os" | "process" | "posix" | "syscall" | "signal") {
                return None;
            }
            let parts: Vec<&str> = args.split(',').map(str::trim).collect();
            // Ruby's `Process.kill(SIGNAL, PID)`; the others take the PID first.
            let pid = if chain.trim_end().ends_with("Process.") {
                parts.get(1)?
            } else {
                parts.first()?
            };
            let number = pid.strip_prefix('-').unwrap_or(pid);
            if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Said::Kill((*pid).to_owned())
        }
    })
}

/// A call's argument text up to its closing parenthesis (at most 400 bytes).
fn argument_text(rest: &str) -> &str {
    super::interpreters::call_arguments(crate::cut(rest, 400))
}

/// Directory listings of the runtimes' standard libraries, and whether each walks the whole
/// tree (`os.walk`, `Files.walk`, `fs.readdirSync(R, { recursive: true })` counted shallow) or
/// one level.
const WALKERS: &[(&str, bool)] = &[
    ("os.walk(", true),
    ("Files.walk(", true),
    ("walkdir(", true),
    ("WalkDir::new(", true),
    ("filepath.Walk(", true),
    ("filepath.WalkDir(", true),
    ("Find.find(", true),
    ("os.listdir(", false),
    ("os.scandir(", false),
    ("readdirSync(", false),
    ("fs.readdir(", false),
    ("Deno.readDir(", false),
    ("Dir.children(", false),
    ("Dir.entries(", false),
    ("Dir.each_child(", false),
    ("Dir.foreach(", false),
    ("Files.list(", false),
    ("File.ls!(", false),
    ("File.ls(", false),
    ("list.files(", false),
    ("readdir(", false),
    ("os.ReadDir(", false),
    ("scandir(", false),
];

/// Deletes a listing's items are handed to (one file or a tree each).
const ITEM_DELETES: &[(&str, bool)] = &[
    ("unlink", false),
    ("remove(", false),
    ("removeSync(", true),
    ("rmSync(", true),
    ("rm(", true),
    ("rmtree(", true),
    ("rm_rf", true),
    ("rm_r(", true),
    ("RemoveAll(", true),
    ("delete(", false),
    (".delete()", false),
    ("deleteIfExists(", false),
];

/// A listing of a directory whose items are deleted one by one: the `find ROOT -delete` (a
/// walk, or a listing whose items are deleted as trees) or `rm -f ROOT/*` (a listing's files)
/// it amounts to, with the name a condition keeps (`if f.endswith('.log')`) as find's
/// `-name`.
fn walked_deletes(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let Some(&(walker, deep)) = WALKERS.iter().find(|(w, _)| has(body, w)) else {
        return;
    };
    let Some(tree) = ITEM_DELETES
        .iter()
        .filter(|(d, _)| has(body, d))
        .map(|(_, t)| *t)
        .reduce(|a, b| a || b)
    else {
        return;
    };
    let Some(at) = body.find(walker) else { return };
    let args = argument_text(&body[at + walker.len()..]);
    let Some(root) = first_literal(args) else {
        return;
    };
    if root.is_empty() || root.contains(['\'', '"', '$', '`', ';', '&', '|']) {
        return;
    }
    // The name a condition keeps: a suffix or a prefix tested on each item.
    let kept = [
        "endswith(",
        "end_with?(",
        "endsWith(",
        "extname(",
        "suffix ==",
    ]
    .iter()
    .find_map(|t| body.find(t).map(|k| &body[k + t.len()..]))
    .and_then(first_literal)
    .map(|suffix| format!("*{suffix}"));
    let quoted = format!("'{}'", root.replace('\'', "'\\''"));
    let line = match (&kept, deep || tree) {
        (Some(name), _) => format!("find {quoted} -name '{name}' -delete"),
        (None, true) => format!("find {quoted} -delete"),
        (None, false) => format!("rm -f '{}/*'", root.trim_end_matches('/')),
    };
    super::judge_as("inline code deletes what it lists", &line, depth, ctx, out);
}

/// The first string literal of a piece of code, in single or double quotes.
fn first_literal(code: &str) -> Option<String> {
    let b = code.as_bytes();
    let open = b.iter().position(|c| matches!(c, b'\'' | b'"'))?;
    let q = b[open];
    let len = b[open + 1..].iter().position(|c| *c == q)?;
    Some(code[open + 1..open + 1 + len].to_owned())
}

/// Verbs of the AWS APIs' operations that destroy or stop (the operation names of every
/// service's API reference: `DeleteBucket`, `TerminateInstances`, `PurgeQueue`...).
const AWS_DESTROYS: &[&str] = &[
    "delete",
    "terminate",
    "purge",
    "remove",
    "deregister",
    "detach",
    "disable",
    "revoke",
    "stop",
    "cancel",
    "reset",
    "empty",
];

/// AWS SDK calls judged as the AWS CLI command they are (the CLI is generated from the same
/// API models, so every operation has one): boto3's `client('rds').delete_db_instance(
/// DBInstanceIdentifier='x', SkipFinalSnapshot=True)` is `aws rds delete-db-instance
/// --db-instance-identifier x --skip-final-snapshot`, the JavaScript SDK's `new
/// DeleteTableCommand({ TableName: 'x' })` sent by a `DynamoDBClient` is `aws dynamodb
/// delete-table --table-name x`, and boto3's resources `Bucket(b).objects.all().delete()` /
/// `Bucket(b).delete()` are `aws s3 rm s3://b --recursive` / `aws s3 rb s3://b`. The cloud
/// reader grades them (a database, a bucket's every object, an identity).
pub fn aws_sdk(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let boto = has(body, "boto3");
    let js = has(body, "Command(") && has(body, "Client");
    if !(boto || js) {
        return;
    }
    let mut lines: Vec<String> = Vec::new();
    if boto {
        // `client('s3')` / `resource('dynamodb')`: the service; S3's API is `s3api`.
        let service = ["client(", "resource("].iter().find_map(|k| {
            body.find(k)
                .and_then(|at| first_literal(argument_text(&body[at + k.len()..])))
        });
        if let Some(at) = body.find("Bucket(") {
            let args = argument_text(&body[at + 7..]);
            let after = &body[(at + 7 + args.len()).min(body.len())..];
            if let Some(bucket) = first_literal(args) {
                if has(body, ".objects.all().delete()") || has(body, ".objects.delete()") {
                    lines.push(format!("aws s3 rm s3://{bucket} --recursive"));
                } else if after.starts_with(").delete()") {
                    lines.push(format!("aws s3 rb s3://{bucket}"));
                }
            }
        }
        if let Some(service) = service {
            let cli = if service == "s3" { "s3api" } else { &service };
            for (open, _) in body.match_indices('(').take(128) {
                let start = crate::substring::after_last(&body[..open], |c: char| {
                    !(c.is_ascii_alphanumeric() || c == '_')
                });
                let name = &body[start..open];
                let verb = name.split('_').next().unwrap_or("");
                if !name.contains('_') || !AWS_DESTROYS.contains(&verb) {
                    continue;
                }
                let args = argument_text(&body[open + 1..]);
                lines.push(format!(
                    "aws {cli} {} {}",
                    name.replace('_', "-"),
                    cli_options(args, '=')
                ));
            }
        }
    }
    if js {
        // `new DeleteBucketCommand({...})` sent by an `S3Client`: the service is the client's.
        let service = body.find("Client").and_then(|at| {
            let start =
                crate::substring::after_last(&body[..at], |c: char| !c.is_ascii_alphanumeric());
            let s = body[start..at].to_ascii_lowercase();
            (!s.is_empty()).then_some(s)
        });
        if let Some(service) = service {
            let cli = if service == "s3" {
                "s3api".to_owned()
            } else {
                service
            };
            for (at, _) in body.match_indices("Command(").take(16) {
                let start =
                    crate::substring::after_last(&body[..at], |c: char| !c.is_ascii_alphanumeric());
                let op = kebab(&body[start..at]);
                if !AWS_DESTROYS.contains(&op.split('-').next().unwrap_or("")) {
                    continue;
                }
                let args = argument_text(&body[at + 8..]);
                lines.push(format!("aws {cli} {op} {}", cli_options(args, ':')));
            }
        }
    }
    lines.dedup();
    for line in lines.into_iter().take(8) {
        super::judge_as("inline code's AWS SDK call", &line, depth, ctx, out);
    }
}

/// An SDK call's named arguments as the CLI's options (`DBInstanceIdentifier='x'` is
/// `--db-instance-identifier x`, `SkipFinalSnapshot=True` is `--skip-final-snapshot`);
/// `sep` is `=` (Python's keywords) or `:` (a JavaScript object's keys).
fn cli_options(args: &str, sep: char) -> String {
    let inner = args.trim().trim_start_matches('{').trim_end_matches('}');
    let mut out = String::new();
    for pair in inner.split(',') {
        let Some((key, value)) = pair.split_once(sep) else {
            continue;
        };
        let key = key.trim().trim_matches(['\'', '"']);
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
            continue;
        }
        let value = value.trim();
        let option = kebab(key);
        match value {
            "True" | "true" => out.push_str(&format!(" --{option}")),
            "False" | "false" => out.push_str(&format!(" --no-{option}")),
            v => {
                let v = v.trim_matches(['\'', '"']);
                if !v.is_empty() && !v.contains([' ', '\'', '"', '(', '[', '{', '$', '`', ';']) {
                    out.push_str(&format!(" --{option} {v}"));
                }
            }
        }
    }
    out
}

/// `DBInstanceIdentifier` as `db-instance-identifier`, `DeleteBucket` as `delete-bucket`: a
/// word starts at a capital after a lower-case letter or a digit, or at the last capital of a
/// run followed by a lower-case letter.
fn kebab(name: &str) -> String {
    let b = name.as_bytes();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in b.iter().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            let prev = b[i - 1];
            let next_lower = b.get(i + 1).is_some_and(u8::is_ascii_lowercase);
            if prev.is_ascii_lowercase()
                || prev.is_ascii_digit()
                || prev.is_ascii_uppercase() && next_lower
            {
                out.push('-');
            }
        }
        out.push(c.to_ascii_lowercase() as char);
    }
    out
}
