//! Local test state recreated: a reset, not a loss. A line that drops a test database on a
//! server of this machine and makes it again, empty, under the same name (the way a test
//! suite starts clean) loses only what earlier tests left there. Read by structure, from the
//! tools' own forms:
//! - SQL given to one client that drops a database and then creates the same one (`psql -c
//!   'DROP DATABASE IF EXISTS x_test' -c 'CREATE DATABASE x_test'`, `mysql -e 'DROP DATABASE
//!   x_test; CREATE DATABASE x_test'`), or `dropdb x_test` followed on the line by `createdb
//!   x_test`;
//! - a framework's drop-and-create task for its test environment (Rails' and Rake's
//!   `db:drop db:create`, `db:reset`, `db:migrate:reset` with `RAILS_ENV=test`; Ecto's
//!   `ecto.reset`, or `ecto.drop` then `ecto.create`, with `MIX_ENV=test`);
//! - a compose project of a development or test file taken down with its volumes and brought
//!   up again on the line (`docker compose -f compose.test.yaml down -v && ... up -d`);
//! - the dangling images a listing filtered to them feeds to `docker rmi` (untagged layers
//!   nothing names).
//!
//! What keeps the finding: a database name that is not a test one, another name created than
//! the one dropped, a host, connection string or service that is not this machine's (on the
//! line or exported), a shell opened on another machine, a port forwarded; a production or
//! unnamed environment; a compose file not marked for development or tests, a daemon elsewhere,
//! no `up` after the `down`; any other image listing. Only the reset's own findings are
//! lowered (the database's, the containers'), never exfiltration, secrets or the guard.

use super::defined::Kind;
use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;

/// Whether a database's name marks it as a test one: a word of it (between `_`, `-`, `.`) is
/// `test`, `tests`, `testing`, `spec` or `e2e`, and no word names production.
fn test_name(name: &str) -> bool {
    let name = name.trim_matches(|c| c == '"' || c == '\'' || c == '`' || c == ';');
    let mut words = name.split(['_', '-', '.']).map(str::to_ascii_lowercase);
    let words: Vec<String> = words.by_ref().collect();
    !name.is_empty()
        && words
            .iter()
            .any(|w| matches!(w.as_str(), "test" | "tests" | "testing" | "spec" | "e2e"))
        && !words
            .iter()
            .any(|w| matches!(w.as_str(), "prod" | "production" | "live" | "prd"))
}

/// Whether a loopback host (`localhost`, `127.x`, `::1`) or a socket directory.
fn this_machine(host: &str) -> bool {
    let h = host.trim_matches(|c| c == '"' || c == '\'' || c == '[' || c == ']');
    h.eq_ignore_ascii_case("localhost")
        || h == "::1"
        || h.starts_with("127.") && h.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        || h.starts_with('/')
}

/// Whether `cmd` surely talks to a server on this machine: its host option, the client's host
/// variables, connection strings and URLs on the line, all this machine's; no shell opened on
/// another machine and no port forwarded by an earlier step.
fn local_server(cmd: &Cmd<'_>, ctx: &Context) -> bool {
    if ctx.env.forwarded
        || ctx
            .env
            .defined
            .latest(Kind::Session)
            .is_some_and(|s| s.value != "throwaway")
        || cmd.words().any(super::containers::production)
    {
        return false;
    }
    let host_option = cmd
        .value(&["-h", "--host", "--hostname"])
        .map(|h| h.strip_prefix('=').unwrap_or(h));
    if host_option.is_some_and(|h| !this_machine(h.split(':').next().unwrap_or(h))) {
        return false;
    }
    for var in ["PGHOST", "MYSQL_HOST", "PGHOSTADDR"] {
        if super::carried::setting(cmd, ctx, var).is_some_and(|h| !this_machine(h)) {
            return false;
        }
    }
    if ["PGSERVICE", "DATABASE_URL"]
        .iter()
        .any(|v| super::carried::setting(cmd, ctx, v).is_some_and(|u| !loopback_url(u)))
    {
        return false;
    }
    !cmd.words().any(|w| {
        let lower = w.to_ascii_lowercase();
        lower.contains("host=") || lower.contains("://") && !loopback_url(w)
    })
}

/// Whether every URL in `word` names this machine.
fn loopback_url(word: &str) -> bool {
    word.split("://").skip(1).all(|rest| {
        let host = super::scope::url_host(rest, &[':', ',']);
        this_machine(host) && !host.starts_with('/')
    }) && word.contains("://")
}

/// The database names `DROP DATABASE [IF EXISTS] NAME` drops and `CREATE DATABASE [IF NOT
/// EXISTS] NAME` makes, in order, in SQL text.
fn sql_databases(text: &str) -> (Vec<String>, Vec<String>) {
    let mut dropped = Vec::new();
    let mut created = Vec::new();
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ';' || c == '\'' || c == '"')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    let mut i = 0;
    while i + 2 < words.len() {
        let verb = words[i].to_ascii_lowercase();
        let noun = words[i + 1].to_ascii_lowercase();
        if (verb == "drop" || verb == "create") && (noun == "database" || noun == "schema") {
            let mut j = i + 2;
            // `IF EXISTS`, `IF NOT EXISTS`.
            while j < words.len()
                && matches!(
                    words[j].to_ascii_lowercase().as_str(),
                    "if" | "not" | "exists"
                )
            {
                j += 1;
            }
            if let Some(name) = words.get(j) {
                let name = name.trim_matches('`').to_owned();
                if noun == "database" {
                    if verb == "drop" {
                        dropped.push(name);
                    } else if dropped.contains(&name) {
                        created.push(name);
                    }
                }
            }
            i = j;
        }
        i += 1;
    }
    (dropped, created)
}

/// Why `cmd` drops only test databases it makes again on the line, if it does.
fn recreated_database(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    ctx: &Context,
) -> Option<String> {
    let p = cmd.program;
    let dropped: Vec<String> = if p == "dropdb" {
        let ops: Vec<&str> = cmd
            .operands(&[
                "-h",
                "--host",
                "-p",
                "--port",
                "-U",
                "--username",
                "--maintenance-db",
            ])
            .collect();
        let [name] = ops.as_slice() else {
            return None;
        };
        let made_later = s.commands.get(index + 1..)?.iter().any(|c| {
            let mut folded = Vec::new();
            super::resolve(c, &mut folded).is_some_and(|c| {
                c.program == "createdb"
                    && c.operands(&[
                        "-h",
                        "--host",
                        "-p",
                        "--port",
                        "-U",
                        "--username",
                        "-O",
                        "--owner",
                        "-T",
                        "--template",
                        "-E",
                        "--encoding",
                    ])
                    .next()
                        == Some(name)
                    && c.value(&["-h", "--host"]) == cmd.value(&["-h", "--host"])
                    && c.value(&["-p", "--port"]) == cmd.value(&["-p", "--port"])
            })
        });
        if !made_later {
            return None;
        }
        vec![(*name).to_owned()]
    } else if super::lexicon::is(p, super::lexicon::DATABASE) {
        let text: Vec<&str> = cmd.words().collect();
        let (dropped, created) = sql_databases(&text.join(" "));
        if dropped.is_empty() || dropped.iter().any(|d| !created.contains(d)) {
            return None;
        }
        dropped
    } else {
        return None;
    };
    (dropped.iter().all(|d| test_name(d)) && local_server(cmd, ctx)).then(|| {
        format!(
            "the test database {} on this machine, made again on this line",
            dropped.join(", ")
        )
    })
}

/// The value `var` has for `cmd`: its prefix, an assignment among its operands (`rails
/// db:reset RAILS_ENV=test`), or an earlier export.
fn environment<'a>(cmd: &'a Cmd<'_>, ctx: &'a Context, var: &str) -> Option<&'a str> {
    cmd.words()
        .find_map(|w| w.strip_prefix(var).and_then(|r| r.strip_prefix('=')))
        .or_else(|| super::carried::setting(cmd, ctx, var))
}

/// Why a framework task drops and recreates the test environment's database, if it does.
fn framework_reset(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let p = cmd.program.rsplit('/').next().unwrap_or(cmd.program);
    let ops: Vec<&str> = cmd.operands(&[]).filter(|o| !o.contains('=')).collect();
    let (var, tasks): (&str, &[&str]) = match p {
        "rails" | "rake" => ("RAILS_ENV", &ops),
        "bundle" if ops.first() == Some(&"exec") => ("RAILS_ENV", ops.get(2..)?),
        "mix" => ("MIX_ENV", &ops),
        _ => return None,
    };
    let has = |t: &str| tasks.contains(&t);
    let resets = if var == "MIX_ENV" {
        has("ecto.reset") || has("ecto.drop") && has("ecto.create")
    } else {
        has("db:reset")
            || has("db:migrate:reset")
            || has("db:drop") && (has("db:create") || has("db:setup") || has("db:prepare"))
    };
    let env = environment(cmd, ctx, var)?;
    let url = super::carried::setting(cmd, ctx, "DATABASE_URL");
    (resets && env == "test" && url.is_none_or(loopback_url) && local_server(cmd, ctx)).then(|| {
        format!("the test environment's database ({var}=test), made again by the same task")
    })
}

/// Whether a compose file's name marks it for development or tests.
fn dev_file(file: &str) -> bool {
    let name = file.rsplit('/').next().unwrap_or(file).to_ascii_lowercase();
    let words: Vec<&str> = name.split(['.', '-', '_']).collect();
    words.iter().any(|w| {
        matches!(
            *w,
            "dev" | "development" | "test" | "tests" | "ci" | "e2e" | "local"
        )
    }) && !words
        .iter()
        .any(|w| matches!(*w, "prod" | "production" | "staging" | "stage" | "live"))
}

/// The compose files a `docker compose` or `docker-compose` command names, and its verb.
fn compose<'c>(cmd: &Cmd<'c>) -> Option<(Vec<&'c str>, &'c str)> {
    let ops: Vec<&str> = cmd
        .operands(&[
            "-f",
            "--file",
            "-p",
            "--project-name",
            "--profile",
            "--env-file",
            "--project-directory",
        ])
        .collect();
    let verb = match (cmd.program, ops.as_slice()) {
        ("docker" | "podman", ["compose", verb, ..]) => *verb,
        ("docker-compose" | "podman-compose", [verb, ..]) => *verb,
        _ => return None,
    };
    let mut files = Vec::new();
    let mut words = cmd.words();
    while let Some(w) = words.next() {
        if w == "-f" || w == "--file" {
            files.push(words.next()?);
        } else if let Some(f) = w.strip_prefix("--file=") {
            files.push(f);
        }
    }
    Some((files, verb))
}

/// Why a compose `down` with volumes is of a development or test file brought up again on the
/// line, on this machine's daemon, if it is.
fn recreated_stack(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context) -> Option<String> {
    let (files, verb) = compose(cmd)?;
    if verb != "down"
        || files.is_empty()
        || !files.iter().all(|f| dev_file(f))
        || super::defined::remote_docker(cmd, ctx)
        || cmd
            .words()
            .any(|w| w == "--context" || w == "-H" || w.starts_with("--host"))
    {
        return None;
    }
    let up_again = s.commands.get(index + 1..)?.iter().any(|c| {
        let mut folded = Vec::new();
        super::resolve(c, &mut folded).is_some_and(|c| {
            compose(&c).is_some_and(|(f, v)| v == "up" && f == files)
                && !super::defined::remote_docker(&c, ctx)
        })
    });
    up_again.then(|| {
        format!(
            "the development stack {}, brought up again on this line",
            files.join(" ")
        )
    })
}

/// Why the images fed to `docker rmi` are the dangling ones, if they are: every command
/// feeding it is an image listing filtered to `dangling=true`.
fn dangling_images(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context) -> Option<String> {
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    if !matches!(cmd.program, "docker" | "podman")
        || !matches!(ops.as_slice(), ["rmi", ..] | ["image", "rm", ..])
        || super::defined::remote_docker(cmd, ctx)
    {
        return None;
    }
    let me = s.commands.get(index)?;
    if !me.piped_in {
        return None;
    }
    let feeders: Vec<_> = s.commands[..index]
        .iter()
        .filter(|c| c.pipeline == me.pipeline)
        .collect();
    let all_dangling = !feeders.is_empty()
        && feeders.iter().all(|c| {
            let mut folded = Vec::new();
            super::resolve(c, &mut folded).is_some_and(|l| {
                let ops: Vec<&str> = l.operands(&["-f", "--filter", "--format"]).collect();
                matches!(l.program, "docker" | "podman")
                    && matches!(ops.as_slice(), ["images"] | ["image", "ls" | "list"])
                    && !super::defined::remote_docker(&l, ctx)
                    && l.words()
                        .any(|w| w == "dangling=true" || w == "--filter=dangling=true")
                    && !l.words().any(|w| w == "-a" || w == "--all")
            })
        });
    all_dangling.then(|| "the dangling images (untagged layers no name refers to)".to_owned())
}

/// Lowers the findings of a reset of local test state (this module's kinds) to a note.
pub fn lower(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context, found: &mut [Finding]) {
    if !found.iter().any(|f| f.severity > Severity::Note)
        || !matches!(
            cmd.program.rsplit('/').next().unwrap_or(cmd.program),
            "dropdb"
                | "psql"
                | "mysql"
                | "mariadb"
                | "rails"
                | "rake"
                | "bundle"
                | "mix"
                | "docker"
                | "podman"
                | "docker-compose"
                | "podman-compose"
        )
    {
        return;
    }
    let (why, families): (String, &[Family]) =
        if let Some(why) = recreated_database(cmd, s, index, ctx) {
            (why, &[Family::Database])
        } else if let Some(why) = framework_reset(cmd, ctx) {
            (why, &[Family::Database, Family::Business])
        } else if let Some(why) = recreated_stack(cmd, s, index, ctx) {
            (why, &[Family::Containers])
        } else if let Some(why) = dangling_images(cmd, s, index, ctx) {
            (why, &[Family::Containers])
        } else {
            return;
        };
    crate::finding::lower_to_note(found, families, &format!("{why}, a reset"));
}
