//! Where a database client connects when its host and port come from its own environment
//! variables, as the clients document them: libpq's `PGHOST` and `PGPORT` (psql, pg_dump,
//! dropdb and the rest of PostgreSQL's programs), MySQL's and MariaDB's `MYSQL_HOST` and
//! `MYSQL_TCP_PORT`. A step that starts a server on a loopback port and then exports these to
//! reach it (`export PGHOST=localhost PGPORT=55432`) points every later client at that server
//! ([`super::throwaway`] decides whether it is a throwaway).
//!
//! Read from the line's prefix first, then the latest export: a re-export elsewhere wins. What
//! can still send the client somewhere else is not read here but refused: libpq's
//! `PGHOSTADDR` (taken over `PGHOST`) and `PGSERVICE` (a service file may name any host).

/// The variables `program` reads for its host and its port, if it is a client that has them.
fn variables(program: &str) -> Option<(&'static str, &'static str)> {
    match program {
        "psql" | "pg_dump" | "pg_dumpall" | "pg_restore" | "createdb" | "dropdb" | "pgbench"
        | "vacuumdb" | "reindexdb" | "clusterdb" | "pgcli" => Some(("PGHOST", "PGPORT")),
        "mysql" | "mariadb" | "mysqldump" | "mariadb-dump" | "mysqladmin" | "mariadb-admin"
        | "mycli" => Some(("MYSQL_HOST", "MYSQL_TCP_PORT")),
        _ => None,
    }
}

/// Whether `name` is one of the host or port variables `program` reads (and that
/// [`host`] and [`port`] account for), rather than a setting that may point it elsewhere.
pub fn reads(program: &str, name: &str) -> bool {
    variables(program).is_some_and(|(h, p)| name == h || name == p)
}

/// The host `cmd`'s client takes from its environment, if any.
pub fn host<'a>(cmd: &'a super::Cmd<'_>, ctx: &'a super::Context) -> Option<&'a str> {
    let (h, _) = variables(cmd.program)?;
    super::carried::setting(cmd, ctx, h)
}

/// The port `cmd`'s client takes from its environment, if any (an unreadable one is none).
pub fn port(cmd: &super::Cmd<'_>, ctx: &super::Context) -> Option<u32> {
    let (_, p) = variables(cmd.program)?;
    super::carried::setting(cmd, ctx, p)?.parse().ok()
}
