//! Throwaway servers as a kind (holdout9 analysis, "What this says" 2): a server an earlier
//! step (or an earlier command of the line) started on this machine is the developer's own, and
//! so is what a later command does to it.
//!
//! What starts one, read by its structure and not by a list of lines: a container of a data
//! server or an emulator published on a port (`docker|podman|nerdctl run -p HOST:PORT IMAGE`,
//! the image one of [`SERVER_IMAGES`]), or an emulator run as a program (LocalStack, MinIO,
//! Vault's dev server, Azurite, gcloud's and Firebase's emulators, DynamoDB Local, MailHog,
//! Mailpit, stripe-mock, moto). Each is kept in [`super::defined`]'s model as a thing made
//! here: the port it listens on, and the container's name.
//!
//! Later, a command reaches it only when EVERY target on its line provably is it ([`target`]):
//! its port on a loopback address (a URL, or host and port options), an alias defined to such a
//! URL (`mc alias set NAME URL`, `aws configure set endpoint_url`), an endpoint variable bound
//! to one (`AWS_ENDPOINT_URL` for the infrastructure tools that read it), or its container's
//! name. The agent writes every word, so nothing here is read from words: a throwaway named in
//! a sentence or an `echo` starts nothing; another host or an unknown alias on the line, an
//! alias or variable re-pointed since (the latest definition wins), a shell opened on another
//! machine, a port forwarded to another host, a container started on another daemon or one
//! that only relays to another host, or a production word on the line, and the lowering is
//! gone. An unreadable target is not a throwaway.

use super::defined::Kind;
use super::{Cmd, Context};
use crate::shell::Command;

/// Images of data servers and emulators (the last part of the repository, tag removed): a
/// container of one started here holds only what this work put in it. Relays and proxies
/// (socat, nginx, haproxy, pgbouncer, cloud-sql-proxy) are not servers: what they reach is
/// another host.
const SERVER_IMAGES: &[&str] = &[
    "postgres",
    "postgis",
    "timescaledb",
    "timescaledb-ha",
    "mysql",
    "mariadb",
    "percona-server",
    "mongo",
    "mongodb-community-server",
    "redis",
    "redis-stack",
    "redis-stack-server",
    "valkey",
    "keydb",
    "memcached",
    "elasticsearch",
    "opensearch",
    "minio",
    "localstack",
    "localstack-pro",
    "dynamodb-local",
    "azurite",
    "mssql-server",
    "server", // mcr.microsoft.com/mssql/server
    "clickhouse-server",
    "cassandra",
    "scylla",
    "neo4j",
    "rabbitmq",
    "kafka",
    "cp-kafka",
    "redpanda",
    "nats",
    "vault",
    "consul",
    "etcd",
    "mailhog",
    "mailpit",
    "stripe-mock",
    "fake-gcs-server",
    "cloud-firestore-emulator",
    "influxdb",
    "questdb",
    "cockroach",
    "couchdb",
    "arangodb",
    "surrealdb",
    "meilisearch",
    "typesense",
    "qdrant",
    "weaviate",
    "chroma",
    "wiremock",
    "mockserver",
    "moto",
    "motoserver",
    "oracle-free",
    "oracle-xe",
    "db2",
    "spanner-emulator",
    "pubsub-emulator",
];

/// `docker run` options that take no value (everything else starting with `-` takes one, so
/// an option this list lacks makes the image unreadable: nothing is recorded).
const RUN_FLAGS: &[&str] = &[
    "-d",
    "--detach",
    "--rm",
    "-i",
    "--interactive",
    "-t",
    "--tty",
    "-it",
    "-ti",
    "-dit",
    "-itd",
    "-td",
    "-dt",
    "-di",
    "-id",
    "-P",
    "--publish-all",
    "--init",
    "--read-only",
    "-q",
    "--quiet",
    "--privileged",
    "--replace",
    "--no-healthcheck",
    "--sig-proxy",
];

/// Records the servers `cmd` starts on this machine: their ports and container names.
pub fn record(cmd: &Cmd<'_>, ctx: &mut Context) {
    let p = cmd.program;
    let step = ctx.env.step;
    // A tunnel from a port of this machine to another host: from now on a loopback address
    // proves nothing (as `ssh -L` and `kubectl port-forward` do, in [`super::carried`]).
    if forwards_a_port(cmd) {
        ctx.env.forwarded = true;
    }
    match p {
        "airlock" => {
            let ops: Vec<&str> = cmd.operands(&["--policy", "--state-dir"]).collect();
            if let ["init", dir] = ops.as_slice()
                && temporary(dir)
            {
                let dir = dir.trim_end_matches('/');
                ctx.env
                    .defined
                    .define(Kind::ScratchPolicy, dir, "made", step, None);
            }
        }
        // A link or a mount at a temporary path may make a scratch policy's file the guard's.
        "ln" | "mount" | "bindfs" | "cp" | "rsync" | "mv" | "install" => {
            let linked = p != "cp" && p != "rsync" && p != "install" && p != "mv"
                || cmd.flag(b"sl", &["symbolic-link", "link", "links", "copy-links"]);
            if linked || p == "mv" {
                for op in cmd.operands(&["-t", "--target-directory", "-S", "--suffix", "-o"]) {
                    if temporary(op) {
                        ctx.env.defined.define(
                            Kind::ScratchPolicy,
                            op.trim_end_matches('/'),
                            "linked",
                            step,
                            None,
                        );
                    }
                }
            }
        }
        "docker" | "podman" | "nerdctl" => {
            if super::defined::remote_docker(cmd, ctx) {
                return;
            }
            let Some((image, ports, name)) = container_run(cmd) else {
                return;
            };
            let what = format!("the {image} container");
            for port in ports {
                ctx.env
                    .defined
                    .define(Kind::Server, &port.to_string(), &what, step, None);
            }
            if let Some(name) = name {
                ctx.env
                    .defined
                    .define(Kind::Container, name, &what, step, None);
            }
        }
        "mc" => {
            let ops: Vec<&str> = cmd.operands(&["--api", "--path"]).collect();
            match ops.as_slice() {
                ["alias", "set" | "add", name, url, ..]
                | ["config", "host", "add", name, url, ..] => {
                    ctx.env
                        .defined
                        .define(Kind::Alias, &format!("mc:{name}"), url, step, None)
                }
                // Removed: no URL, so nothing it names is a throwaway any more.
                ["alias", "rm" | "remove", name, ..] => {
                    ctx.env
                        .defined
                        .define(Kind::Alias, &format!("mc:{name}"), "", step, None)
                }
                _ => {}
            }
        }
        // A git remote named to a repository: kept so a push to the name is read as a push
        // to where it points (the latest definition wins, an unreadable one points nowhere).
        "git" => {
            let ops: Vec<&str> = cmd
                .operands(&["-C", "-c", "-t", "-m", "--track", "--master"])
                .collect();
            let deleting = cmd.has(&["--delete", "--add"]);
            let mut point = |name: &str, url: &str| {
                ctx.env
                    .defined
                    .define(Kind::Alias, &format!("git:{name}"), url, step, None)
            };
            match ops.as_slice() {
                ["remote", "add", name, url, ..] => point(name, url),
                ["remote", "set-url", name, url, ..] => {
                    point(name, if deleting { "" } else { url })
                }
                ["remote", "rename", old, new, ..] => {
                    point(old, "");
                    point(new, "");
                }
                ["remote", "remove" | "rm", name, ..] => point(name, ""),
                ["config", key, ..] => {
                    let key = key.to_ascii_lowercase();
                    // `remote.NAME.url` / `pushurl` re-points a name; an `insteadOf` rewrite
                    // may send any URL elsewhere: nothing named is trusted after one.
                    if key.contains("insteadof") {
                        point("*rewritten", "yes");
                    } else if let Some(name) = key.strip_prefix("remote.").and_then(|k| {
                        k.strip_suffix(".url")
                            .or_else(|| k.strip_suffix(".pushurl"))
                    }) {
                        point(name, "");
                    }
                }
                _ => {}
            }
        }
        "aws" => {
            let ops: Vec<&str> = cmd.operands(&["--profile"]).collect();
            if let ["configure", "set", key, url, ..] = ops.as_slice()
                && key.ends_with("endpoint_url")
            {
                let profile = cmd.value(&["--profile"]).unwrap_or("default");
                ctx.env
                    .defined
                    .define(Kind::Alias, &format!("aws:{profile}"), url, step, None);
            }
        }
        _ => {
            for port in emulator_ports(cmd) {
                ctx.env.defined.define(
                    Kind::Server,
                    &port.to_string(),
                    &format!("the {p} emulator"),
                    step,
                    None,
                );
            }
        }
    }
}

/// Whether a command opens a tunnel from a local port to another host, by the tools' own
/// documented forms: `fly proxy`, `gcloud compute start-iap-tunnel`, `az network bastion
/// tunnel`, an SSM port-forwarding session, `tsh proxy db`, `boundary connect`, `sshuttle`,
/// `kubefwd`, `telepresence connect`, and ssh's `-L` handed through a wrapper (`gcloud compute
/// ssh VM -- -L ...`).
fn forwards_a_port(cmd: &Cmd<'_>) -> bool {
    let p = cmd.program;
    // The operands are collected only for the programs whose tunnel verb is read from them:
    // for any other program the first test below is false whatever its operands.
    let tunnel_verb = matches!(
        p,
        "fly" | "flyctl" | "gcloud" | "az" | "tsh" | "boundary" | "telepresence"
    ) && {
        let ops: Vec<&str> = cmd.operands(&[]).collect();
        matches!(
            (p, ops.as_slice()),
            ("fly" | "flyctl", ["proxy", ..])
                | ("gcloud", ["compute", "start-iap-tunnel", ..])
                | ("az", ["network", "bastion", "tunnel", ..])
                | ("tsh", ["proxy", ..])
                | ("boundary", ["connect", ..])
                | ("telepresence", ["connect", ..])
        )
    };
    tunnel_verb
        || matches!(p, "sshuttle" | "kubefwd")
        || p != "ssh"
            && cmd
                .words()
                .skip_while(|w| *w != "--")
                .any(|w| w.starts_with("-L"))
        || cmd.words().any(|w| {
            contains_ignoring_ascii_case(w, "portforwarding")
                || contains_ignoring_ascii_case(w, "localportnumber")
        })
}

/// Whether `word` lowercased (ASCII only, as `to_ascii_lowercase` does) contains `lower`, a
/// lowercase ASCII word, without the copy: lowercasing ASCII keeps every byte in place, so a
/// window of `word` equal to `lower` ignoring ASCII case is where the copy holds it.
fn contains_ignoring_ascii_case(word: &str, lower: &str) -> bool {
    word.as_bytes()
        .windows(lower.len())
        .any(|at| at.eq_ignore_ascii_case(lower.as_bytes()))
}

/// A container run (`docker run`, `podman container run`) of a server image: the image, the
/// host ports it publishes (on every address or a loopback one), and its `--name`.
fn container_run<'c>(cmd: &Cmd<'c>) -> Option<(&'c str, Vec<u32>, Option<&'c str>)> {
    let mut args = cmd.args.iter().map(|a| &**a).peekable();
    // The daemon's own options before the subcommand (`--log-level x`, `--context x`): a
    // remote daemon was ruled out by the caller.
    let mut sub = Vec::new();
    while let Some(a) = args.next() {
        if a.starts_with('-') {
            if !a.contains('=') && !matches!(a, "-D" | "--debug" | "--remote") {
                args.next();
            }
            continue;
        }
        sub.push(a);
        if a == "run" || sub.len() > 1 {
            break;
        }
    }
    if !(sub == ["run"] || sub == ["container", "run"]) {
        return None;
    }
    let mut ports = Vec::new();
    let mut name = None;
    let mut image = None;
    while let Some(a) = args.next() {
        if !a.starts_with('-') {
            image = Some(a);
            break;
        }
        let (option, inline) = match a.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v)),
            _ => (a, None),
        };
        if RUN_FLAGS.contains(&option) {
            continue;
        }
        let value = match inline {
            Some(v) => v,
            None => args.next()?,
        };
        match option {
            "-p" | "--publish" => ports.extend(published(value)),
            "--name" => name = Some(value),
            // A directory or a volume of this machine mounted in: the server's data may be
            // the developer's own (`-v /var/lib/postgresql/data:...`), so it is no throwaway.
            "-v" | "--volume" | "--mount" | "--volumes-from" if !fresh_mount(option, value) => {
                return None;
            }
            _ => {}
        }
    }
    let image = image?;
    let base = image
        .rsplit('/')
        .next()
        .unwrap_or(image)
        .split([':', '@'])
        .next()
        .unwrap_or("");
    if !SERVER_IMAGES.contains(&base) {
        return None;
    }
    // What the container is told to run: a server told to reach another host relays to it.
    if args.any(names_another_host) {
        return None;
    }
    Some((base, ports, name))
}

/// The host ports a `-p` value publishes on this machine's loopback: `8080:80`,
/// `127.0.0.1:8080:80`, `[::1]:8080:80/tcp`, `8000-8002:8000-8002` (a short range). A random
/// port (`:80`, `80`) or one bound to another address is none.
fn published(value: &str) -> Vec<u32> {
    let value = value.split('/').next().unwrap_or(value);
    let mut parts = value.rsplitn(3, ':');
    let _container = parts.next();
    let Some(host_port) = parts.next() else {
        return Vec::new();
    };
    if let Some(ip) = parts.next() {
        let ip = ip.trim_matches(|c| c == '[' || c == ']');
        if !(loopback_host(ip) || matches!(ip, "0.0.0.0" | "::" | "")) {
            return Vec::new();
        }
    }
    let range = |s: &str| -> Option<(u32, u32)> {
        match s.split_once('-') {
            Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
            None => s.parse().ok().map(|p| (p, p)),
        }
    };
    match range(host_port) {
        Some((a, b)) if a <= b && b - a < 16 && b < 65536 => (a..=b).collect(),
        _ => Vec::new(),
    }
}

/// Whether a mount brings in nothing the developer had: an anonymous volume (`-v /data`), or
/// a directory under the temporary one (`-v /tmp/pg:/var/lib/postgresql/data`).
fn fresh_mount(option: &str, value: &str) -> bool {
    let temporary = |d: &str| {
        ["/tmp/", "/var/tmp/", "$TMPDIR/", "${TMPDIR}/"]
            .iter()
            .any(|t| d.starts_with(t))
    };
    match option {
        "-v" | "--volume" => match value.split_once(':') {
            None => true,
            Some((source, _)) => temporary(source),
        },
        "--mount" => {
            let source = value.split(',').find_map(|kv| {
                kv.strip_prefix("source=")
                    .or_else(|| kv.strip_prefix("src="))
            });
            value.contains("type=tmpfs") || source.is_none_or(temporary)
        }
        _ => false,
    }
}

/// Whether an argument names a host other than this one (`tcp:db.internal:5432`,
/// `postgres://db-prod/x`, `user@host`).
fn names_another_host(a: &str) -> bool {
    let lower = a.to_ascii_lowercase();
    if let Some((_, rest)) = lower.split_once("://") {
        return !loopback_host(super::scope::url_host(rest, &[':']));
    }
    lower.contains("tcp:") || lower.contains("udp:") || lower.contains("tcp4:") || a.contains('@')
}

/// The ports an emulator run as a program listens on (its port options, else its defaults).
fn emulator_ports(cmd: &Cmd<'_>) -> Vec<u32> {
    let p = cmd.program;
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    // A listen address `HOST:PORT` or `:PORT` (its host must be this machine's).
    let listen = |v: &str| -> Option<u32> {
        let (host, port) = v.rsplit_once(':').unwrap_or(("", v));
        let host = host.trim_matches(|c| c == '[' || c == ']');
        (host.is_empty() || loopback_host(host) || matches!(host, "0.0.0.0" | "::"))
            .then(|| port.parse().ok())
            .flatten()
    };
    let option = |names: &[&str], default: u32| -> Option<u32> {
        match cmd.value(names) {
            Some(v) => listen(v),
            None => Some(default),
        }
    };
    let ports: Vec<Option<u32>> = match p {
        "localstack" if ops.first() == Some(&"start") => vec![Some(4566)],
        "minio" if ops.first() == Some(&"server") => vec![
            option(&["--address"], 9000),
            option(&["--console-address"], 9001),
        ],
        "vault"
            if ops.first() == Some(&"server")
                && cmd.words().any(|w| w == "-dev" || w == "--dev") =>
        {
            let address = cmd
                .words()
                .find_map(|w| {
                    w.strip_prefix("-dev-listen-address=")
                        .or_else(|| w.strip_prefix("--dev-listen-address="))
                })
                .or_else(|| cmd.value(&["-dev-listen-address", "--dev-listen-address"]));
            vec![address.map_or(Some(8200), listen)]
        }
        "azurite" | "azurite-blob" | "azurite-queue" | "azurite-table" => vec![
            option(&["--blobPort"], 10000),
            option(&["--queuePort"], 10001),
            option(&["--tablePort"], 10002),
        ],
        "gcloud" => {
            let at = ops.iter().position(|o| *o == "emulators");
            match at.and_then(|i| Some((ops.get(i + 1)?, ops.get(i + 2)?))) {
                Some((emulator, &"start")) => {
                    let default = match *emulator {
                        "datastore" => 8081,
                        "firestore" => 8080,
                        "pubsub" => 8085,
                        "bigtable" => 8086,
                        "spanner" => 9010,
                        _ => return Vec::new(),
                    };
                    vec![option(&["--host-port"], default)]
                }
                _ => Vec::new(),
            }
        }
        "firebase" if ops.first() == Some(&"emulators:start") => {
            [4000, 4400, 4500, 5001, 8080, 8085, 9000, 9099, 9199]
                .into_iter()
                .map(Some)
                .collect()
        }
        _ if p.starts_with("dynamodblocal") || p == "dynamodb-local" => {
            vec![option(&["-port", "--port"], 8000)]
        }
        "mailhog" => vec![Some(1025), Some(8025)],
        "mailpit" => vec![option(&["--smtp"], 1025), option(&["--listen"], 8025)],
        "stripe-mock" => vec![
            option(&["-http-port", "--http-port"], 12111),
            option(&["-https-port", "--https-port"], 12112),
        ],
        "moto_server" => vec![option(&["-p", "--port"], 5000)],
        // CockroachDB's in-memory demo cluster, or a single node whose store is in memory or
        // in the temporary directory (a store elsewhere may hold the developer's data).
        "cockroach" if ops.first() == Some(&"demo") => vec![option(&["--sql-port"], 26257)],
        "cockroach"
            if ops.first() == Some(&"start-single-node")
                && cmd.value(&["--store", "-s"]).is_some_and(|v| {
                    v.contains("type=mem") || temporary(v.strip_prefix("path=").unwrap_or(v))
                }) =>
        {
            vec![
                option(&["--listen-addr"], 26257),
                cmd.value(&["--sql-addr"]).and_then(&listen),
            ]
        }
        // nats-server keeps JetStream's store under the temporary directory unless told.
        "nats-server"
            if cmd
                .value(&["-sd", "--store_dir"])
                .is_none_or(|d| temporary(&format!("{d}/"))) =>
        {
            vec![option(&["-p", "--port"], 4222)]
        }
        "fake-gcs-server" => vec![option(&["-port", "--port"], 4443)],
        _ => Vec::new(),
    };
    ports.into_iter().flatten().collect()
}

/// A loopback host: `localhost`, `127.x.y.z`, `::1`.
fn loopback_host(host: &str) -> bool {
    let host = host.trim_matches(|c| c == '[' || c == ']');
    host.eq_ignore_ascii_case("localhost")
        || host.to_ascii_lowercase().ends_with(".localhost")
        || host == "::1"
        || host.starts_with("127.") && host.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// The port a URL's authority names, else its scheme's default.
fn url_port(url: &str) -> Option<u32> {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let authority = rest
        .split(['/', '?', ';', '#'])
        .next()
        .unwrap_or("")
        .rsplit('@')
        .next()
        .unwrap_or("");
    let after_host = match authority.strip_prefix('[') {
        Some(v6) => v6.split_once(']').map_or("", |(_, r)| r),
        None => authority.split_once(':').map_or("", |(_, r)| r),
    };
    let port = after_host.trim_start_matches(':');
    if !port.is_empty() {
        // A host list's first port (`localhost:27018,localhost:27019`).
        return port.split(',').next()?.parse().ok();
    }
    let scheme = scheme
        .rsplit(':')
        .next()
        .unwrap_or(scheme)
        .to_ascii_lowercase();
    Some(match scheme.split('+').next().unwrap_or("") {
        "http" => 80,
        "https" => 443,
        "postgres" | "postgresql" => 5432,
        "mysql" | "mariadb" => 3306,
        "mongodb" => 27017,
        "redis" => 6379,
        "amqp" => 5672,
        _ => return None,
    })
}

/// The throwaway server a loopback URL or `host:port` reaches, if it is one: its port is one
/// an earlier step started a server on, and no port was forwarded to another host since.
pub fn serves(value: &str, ctx: &Context) -> Option<String> {
    if ctx.env.forwarded || ctx.env.defined.latest(Kind::Server).is_none() {
        return None;
    }
    let value = value.trim_matches(|c| c == '"' || c == '\'');
    let host = super::scope::url_host(value, &[':', ',']);
    if !loopback_host(host) {
        return None;
    }
    let port = url_port(value)?;
    server_on(port, ctx)
}

/// The server an earlier step started on `port`, described.
fn server_on(port: u32, ctx: &Context) -> Option<String> {
    let id = port.to_string();
    ctx.env.defined.latest_of(Kind::Server, &id).map(|d| {
        format!(
            "{}, started here by an earlier step on port {port}",
            d.value
        )
    })
}

/// What one target of a command is: a throwaway (and why), or anything else.
type Target = Option<String>;

/// Why every target of `cmd` is a throwaway server an earlier step started here, if it is
/// (read by [`super::carried::local_place`] with its settings already settled). `None` when a
/// target is anything else, when the line names no target, or when the loopback address may
/// not be this machine's (a shell opened on another host, a port forwarded).
pub fn target(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let model = &ctx.env.defined;
    if model.latest(Kind::Server).is_none() && model.latest(Kind::Container).is_none() {
        return None;
    }
    if ctx.env.forwarded
        || model
            .latest(Kind::Session)
            .is_some_and(|s| s.value != "throwaway")
        || cmd.words().any(super::containers::production)
    {
        return None;
    }
    // Every target the line names (all must be the throwaway), and the designators among them
    // (a client's connection, an endpoint option, an alias, a container's name): a URL merely
    // written on the line (`kubectl delete ns x http://localhost:9100`) is a target that must
    // be the throwaway too, but proves nothing about where the command acts.
    let mut targets: Vec<Target> = Vec::new();
    let mut designated;
    let p = cmd.program;
    let docker = matches!(p, "docker" | "podman" | "nerdctl");
    if docker {
        let named = containers(cmd, ctx)?;
        designated = !named.is_empty();
        targets.extend(named);
    } else {
        let before = targets.len();
        endpoint_options(cmd, ctx, &mut targets);
        client_connection(cmd, ctx, &mut targets);
        host_and_port(cmd, ctx, &mut targets);
        if p == "aws"
            && let Some(profile) = cmd.value(&["--profile"])
            && let Some(alias) = model.latest_of(Kind::Alias, &format!("aws:{profile}"))
        {
            targets.push(serves(&alias.value, ctx));
        }
        endpoint_variables(cmd, ctx, &mut targets);
        designated = targets.len() > before;
        urls(cmd.words(), ctx, &mut targets);
        // A URL in the line's own variables (`MC_HOST_x=https://...`, `DATABASE_URL=...`).
        urls(
            cmd.assignments
                .iter()
                .chain(cmd.prefix.iter())
                .map(|a| &**a),
            ctx,
            &mut targets,
        );
        if p == "mc" {
            // An alias given by the environment (`MC_HOST_<alias>`) wins over the one defined.
            let env_alias = cmd
                .assignments
                .iter()
                .chain(cmd.prefix.iter())
                .map(|a| &**a)
                .chain(ctx.env.exported.iter().map(|(n, _)| n.as_str()))
                .any(|a| a.starts_with("MC_HOST_"));
            if env_alias {
                return None;
            }
            let before = targets.len();
            mc_paths(cmd, ctx, &mut targets);
            designated |= targets.len() > before;
        }
    }
    if !designated {
        return None;
    }
    let mut why = None;
    for t in targets {
        why = Some(t?);
    }
    why
}

/// Options whose value is where a program connects (any program): an endpoint, a server, a
/// connection string.
const ENDPOINT_OPTIONS: &[&str] = &[
    "--endpoint-url",
    "--endpoint",
    "--url",
    "--server",
    "--address",
    "-address",
    "--connection-string",
    "--db-url",
    "--database-url",
    "--uri",
    "--dsn",
    // Kafka's tools and Redpanda's rpk name their brokers as `host:port`.
    "--bootstrap-server",
    "--broker-list",
    "--brokers",
];

/// Whether a client takes its connection string as an operand (`psql URL`, `mongosh URL`).
pub fn connects_by_operand(program: &str) -> bool {
    matches!(
        program,
        "psql"
            | "pg_dump"
            | "pg_dumpall"
            | "pg_restore"
            | "pgcli"
            | "pgbench"
            | "mongosh"
            | "mongo"
            | "mongodump"
            | "mongorestore"
            | "mysqlsh"
            | "usql"
    )
}

/// The values of [`ENDPOINT_OPTIONS`]: each URL in it (or a `host:port`) is a target.
fn endpoint_options(cmd: &Cmd<'_>, ctx: &Context, targets: &mut Vec<Target>) {
    let mut words = cmd.words().take_while(|w| *w != "--").peekable();
    while let Some(w) = words.next() {
        let (option, inline) = match w.split_once('=') {
            Some((o, v)) if o.starts_with('-') => (o, Some(v)),
            _ => (w, None),
        };
        if !ENDPOINT_OPTIONS.contains(&option) {
            continue;
        }
        let Some(value) = inline.or_else(|| words.next()) else {
            continue;
        };
        if value.contains("://") {
            urls(std::iter::once(value), ctx, targets);
        } else {
            targets.push(serves(value, ctx));
        }
    }
}

/// A database client's connection string given as an operand (`psql postgres://...`,
/// `mongosh mongodb://...`): the connection itself. (redis-cli's operands are its command.)
fn client_connection(cmd: &Cmd<'_>, ctx: &Context, targets: &mut Vec<Target>) {
    if !connects_by_operand(cmd.program) {
        return;
    }
    let ops: Vec<&str> = cmd
        .operands(&[
            "-c",
            "--command",
            "-f",
            "--file",
            "-U",
            "--username",
            "-d",
            "--dbname",
            "--eval",
            "-h",
            "--host",
            "-p",
            "--port",
        ])
        .filter(|o| o.contains("://"))
        .collect();
    urls(ops.into_iter(), ctx, targets);
    // `-d URL` is a connection string too.
    if let Some(d) = cmd.value(&["-d", "--dbname"]).filter(|d| d.contains("://")) {
        urls(std::iter::once(d), ctx, targets);
    }
}

/// Every URL in the command's words (also one inside a connection string,
/// `BlobEndpoint=http://127.0.0.1:10000/...`).
fn urls<'w>(words: impl Iterator<Item = &'w str>, ctx: &Context, targets: &mut Vec<Target>) {
    for w in words {
        let mut rest = w;
        while let Some(at) = rest.find("://") {
            let start = crate::substring::after_last(&rest[..at], |c: char| {
                !(c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-' | ':'))
            });
            let end = rest[at + 3..]
                .find(|c: char| c.is_whitespace() || matches!(c, ';' | '"' | '\'' | ','))
                .map_or(rest.len(), |i| at + 3 + i);
            targets.push(serves(&rest[start..end], ctx));
            rest = &rest[end..];
        }
    }
}

/// A database client's host and port options (`-h 127.0.0.1 -P 33061`, `--host
/// localhost:27018`), and a client whose default host is loopback (redis-cli, mongosh) given a
/// port alone.
fn host_and_port(cmd: &Cmd<'_>, ctx: &Context, targets: &mut Vec<Target>) {
    let p = cmd.program;
    if p == "sqlcmd" {
        if let Some(server) = cmd.value(&["-S"]) {
            targets.push(sql_server(server, ctx));
        }
        return;
    }
    let (port_options, default_port, tcp_default): (&[&str], u32, bool) = match p {
        "psql" | "pg_dump" | "pg_dumpall" | "pg_restore" | "createdb" | "dropdb" | "pgbench"
        | "vacuumdb" | "reindexdb" | "clusterdb" | "pgcli" => (&["-p", "--port"], 5432, false),
        "mysql" | "mariadb" | "mysqldump" | "mariadb-dump" | "mysqladmin" | "mariadb-admin"
        | "mycli" | "mysqlsh" => (&["-P", "--port"], 3306, false),
        "redis-cli" | "valkey-cli" | "keydb-cli" => (&["-p"], 6379, true),
        "mongosh" | "mongo" | "mongodump" | "mongorestore" | "mongoexport" | "mongoimport" => {
            (&["--port"], 27017, true)
        }
        "clickhouse-client" | "clickhouse" => (&["--port"], 9000, false),
        // `cockroach sql --host=localhost[:PORT]`: the SQL port is 26257 unless named.
        "cockroach" => (&["--port", "-p"], 26257, false),
        _ => (&["--port"], 0, false),
    };
    if default_port == 0 && !cmd.has(&["--port", "-h", "--host", "--hostname"]) {
        // Not a client this reads, and no host or port named: its targets are its URLs.
        return;
    }
    // What can send the client elsewhere than its host and port options say: a connection
    // string's keywords (`host=`, `service=`, also inside SQL: `dblink('host=...')`), a
    // socket, a port or host from the environment, and MySQL's `localhost`, which is its
    // socket, not TCP.
    let elsewhere = cmd.words().any(|w| {
        let w = w.to_ascii_lowercase();
        // The client's own host option written with `=` (`--host=localhost`) is read below.
        let w = w
            .strip_prefix("--host=")
            .or_else(|| w.strip_prefix("--hostname="))
            .map_or(w.as_str(), |v| v);
        w.contains("host=") || w.contains("hostaddr=") || w.contains("service=")
    }) || match p {
        "redis-cli" | "valkey-cli" | "keydb-cli" => cmd.value(&["-s", "--socket"]).is_some(),
        "mysql" | "mariadb" | "mysqldump" | "mariadb-dump" | "mysqladmin" | "mariadb-admin"
        | "mycli" | "mysqlsh" => {
            cmd.value(&["-S", "--socket"]).is_some()
                || cmd
                    .value(&["-h", "--host"])
                    .or_else(|| super::client_environment::host(cmd, ctx))
                    == Some("localhost")
                    && !cmd
                        .value(&["--protocol"])
                        .is_some_and(|v| v.eq_ignore_ascii_case("tcp"))
        }
        _ => false,
    } || cmd
        .assignments
        .iter()
        .chain(cmd.prefix.iter())
        .map(|a| a.split('=').next().unwrap_or(""))
        .chain(ctx.env.exported.iter().map(|(n, _)| n.as_str()))
        .any(|n| {
            // The client's own host and port variables are read below; libpq's host address
            // (taken over the host) and service (a file naming any host) are not.
            (n.ends_with("PORT") || n.ends_with("HOST")) && !super::client_environment::reads(p, n)
                || n == "PGSERVICE"
                || n == "PGHOSTADDR"
        });
    if elsewhere {
        targets.push(None);
        return;
    }
    // The line's options win over the client's environment variables, each on its own.
    // A host [`super::carried::settle`] added from the environment is written `-h=HOST`.
    let host = cmd
        .value(&["-h", "--host", "--hostname"])
        .map(|h| h.strip_prefix('=').unwrap_or(h))
        .or_else(|| super::client_environment::host(cmd, ctx));
    let port = match cmd.value(port_options) {
        Some(v) => v.parse::<u32>().ok(),
        None => super::client_environment::port(cmd, ctx),
    };
    match host {
        Some(h) if h.contains("://") => {} // read as a URL
        Some(h) => {
            let (name, inline_port) = match h.rsplit_once(':') {
                Some((n, port))
                    if !n.ends_with(':') && port.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    (n, port.parse().ok())
                }
                _ => (h, None),
            };
            let port = inline_port
                .or(port)
                .or((default_port > 0).then_some(default_port));
            targets.push(match port {
                Some(port) if loopback_host(name) && !ctx.env.forwarded => server_on(port, ctx),
                _ => None,
            });
        }
        None if tcp_default => {
            if let Some(port) = port {
                targets.push(server_on(port, ctx));
            }
        }
        None => {}
    }
}

/// SQL Server's server name as sqlcmd takes it (`-S [tcp:]HOST[,PORT]`, the port 1433 unless
/// named): a loopback host's port, read as the server started there. A named instance
/// (`HOST\\NAME`: its port is whatever the browser service says), a pipe (`np:`) or shared
/// memory (`lpc:`) is no port this reads.
fn sql_server(server: &str, ctx: &Context) -> Target {
    let server = server.trim_matches(['\'', '"']);
    let server = match server.split_once(':') {
        Some((proto, rest)) if proto.eq_ignore_ascii_case("tcp") => rest,
        Some(_) => return None,
        None => server,
    };
    if server.contains('\\') {
        return None;
    }
    let (host, port) = match server.split_once(',') {
        Some((h, port)) => (h, port.trim().parse().ok()?),
        None => (server, 1433),
    };
    (loopback_host(host) && !ctx.env.forwarded)
        .then(|| server_on(port, ctx))
        .flatten()
}

/// `mc` paths: every operand after the subcommand is a path on an alias (`scratch/uploads`)
/// or on this disk; a path on an alias reaches that alias's URL.
fn mc_paths(cmd: &Cmd<'_>, ctx: &Context, targets: &mut Vec<Target>) {
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    for op in ops.iter().skip(1) {
        if op.starts_with(['.', '/', '~']) {
            continue;
        }
        let alias = op.split('/').next().unwrap_or(op);
        targets.push(
            ctx.env
                .defined
                .latest_of(Kind::Alias, &format!("mc:{alias}"))
                .and_then(|d| serves(&d.value, ctx))
                .map(|why| format!("the alias {alias}, {why}")),
        );
    }
}

/// The endpoint variables of the infrastructure tools that read them (`AWS_ENDPOINT_URL` for
/// terraform's, pulumi's, the CDK's and SAM's AWS providers), from the line's prefix or an
/// earlier step's export (the line's own wins).
fn endpoint_variables(cmd: &Cmd<'_>, ctx: &Context, targets: &mut Vec<Target>) {
    if !matches!(
        cmd.program,
        "terraform"
            | "tofu"
            | "terragrunt"
            | "pulumi"
            | "cdk"
            | "cdktf"
            | "sam"
            | "serverless"
            | "sls"
    ) {
        return;
    }
    // The tools that mix providers (terraform, tofu, pulumi, cdktf) reach Google, Azure,
    // Cloudflare or a cluster whatever the AWS endpoint says: only a configuration whose state
    // or directory is temporary (`-state=/tmp/...`, `-chdir=/tmp/...`, a `cd` into /tmp) is
    // known to be the emulator's alone. The AWS-only tools (cdk, sam, serverless) are.
    let mixed = matches!(
        cmd.program,
        "terraform" | "tofu" | "terragrunt" | "pulumi" | "cdktf"
    );
    let scratch = cmd.words().any(|w| {
        [
            "-state=",
            "-state-out=",
            "-chdir=",
            "--cwd=",
            "--stack-dir=",
        ]
        .iter()
        .any(|o| w.strip_prefix(o).is_some_and(temporary))
    }) || cmd.value(&["--cwd", "-C"]).is_some_and(temporary)
        || ctx
            .cwd
            .as_deref()
            .is_some_and(|d| temporary(&format!("{d}/")));
    if mixed && !scratch {
        return;
    }
    let endpoint = |n: &str| n == "AWS_ENDPOINT_URL" || n.starts_with("AWS_ENDPOINT_URL_");
    let on_line: Vec<(&str, &str)> = cmd
        .assignments
        .iter()
        .chain(cmd.prefix.iter())
        .filter_map(|a| a.split_once('='))
        .filter(|(n, _)| endpoint(n))
        .collect();
    let carried = ctx
        .env
        .exported
        .iter()
        .filter(|(n, _)| endpoint(n) && !on_line.iter().any(|(m, _)| m == n))
        .map(|(n, v)| (n.as_str(), v.as_str()));
    for (name, value) in on_line.iter().copied().chain(carried) {
        targets.push(serves(value, ctx).map(|why| format!("{name}={value}, {why}")));
    }
}

/// A docker command on containers: every container it names must be one started here. `None`
/// when a container is not (the command is not a throwaway's), and no target for a command on
/// no container.
fn containers(cmd: &Cmd<'_>, ctx: &Context) -> Option<Vec<Target>> {
    if super::defined::remote_docker(cmd, ctx) {
        return None;
    }
    let ops: Vec<&str> = cmd.operands(&["-t", "--time", "-s", "--signal"]).collect();
    let names = match ops.as_slice() {
        ["container", sub, names @ ..] | [sub, names @ ..]
            if matches!(
                *sub,
                "rm" | "stop" | "kill" | "restart" | "pause" | "unpause" | "start"
            ) =>
        {
            names
        }
        _ => return Some(Vec::new()),
    };
    Some(
        names
            .iter()
            .map(|n| {
                ctx.env
                    .defined
                    .latest_of(Kind::Container, n)
                    .map(|d| format!("{n}, {} started here by an earlier step", d.value))
            })
            .collect(),
    )
}

/// Why a command run in a container (`docker exec NAME CMD`) runs in a throwaway, if it does:
/// the container is one an earlier step started here from a server image, on this daemon.
pub fn exec_container(cmd: &Cmd<'_>, target: &str, command: &str, ctx: &Context) -> Option<String> {
    if !matches!(cmd.program, "docker" | "podman" | "nerdctl")
        || super::defined::remote_docker(cmd, ctx)
        || cmd.words().any(super::containers::production)
        || reaches_out(command)
    {
        return None;
    }
    ctx.env
        .defined
        .latest_of(Kind::Container, target)
        .map(|d| format!("{target}, {} started here by an earlier step", d.value))
}

/// Whether a command run in a container may reach beyond it: a network client (`ssh`, `curl`,
/// a cloud CLI), a URL or a host option naming another machine, a connection string's host.
/// The container's network reaches other hosts; only what stays inside it is the throwaway's.
fn reaches_out(command: &str) -> bool {
    let mut words = command
        .split_whitespace()
        .map(|w| w.trim_matches(|c| c == '"' || c == '\''));
    let mut host_next = false;
    words.any(|w| {
        let lower = w.to_ascii_lowercase();
        let name = lower.rsplit('/').next().unwrap_or(&lower);
        let host = if host_next {
            Some(w)
        } else {
            ["--host=", "--hostname=", "--server="]
                .iter()
                .find_map(|o| lower.strip_prefix(o))
        };
        host_next = matches!(w, "-h" | "--host" | "--hostname" | "-H" | "-S" | "--server");
        matches!(
            name,
            "ssh"
                | "scp"
                | "sftp"
                | "rsync"
                | "curl"
                | "wget"
                | "nc"
                | "ncat"
                | "socat"
                | "telnet"
                | "aws"
                | "gcloud"
                | "gsutil"
                | "az"
                | "kubectl"
                | "mc"
                | "rclone"
        ) || host.is_some_and(|h| !loopback_host(h.split(':').next().unwrap_or(h)))
            || lower.contains("host=")
            || lower.contains("://") && !loopback_host(super::scope::url_host(&lower, &[':']))
    })
}

/// A path under the temporary directory (or a variable bound to `mktemp`).
fn temporary(path: &str) -> bool {
    let path = path.trim_matches(|c| c == '"' || c == '\'');
    ["/tmp/", "/var/tmp/", "/private/tmp/"]
        .iter()
        .any(|t| path.starts_with(t) && path.len() > t.len() && !path.contains(".."))
}

/// Whether `path` is a file of a scratch policy directory `airlock init` wrote under the
/// temporary directory, and no link or mount has touched that directory (or a path inside or
/// above it) since: editing it changes no policy the guard runs.
pub fn scratch_policy(path: &str, ctx: &Context) -> bool {
    let model = &ctx.env.defined;
    if model.latest(Kind::ScratchPolicy).is_none() {
        return false;
    }
    let path = path.trim_matches(|c| c == '"' || c == '\'');
    let under = |p: &str, dir: &str| p == dir || p.starts_with(&format!("{dir}/"));
    let mut made = false;
    for d in model.all(Kind::ScratchPolicy) {
        match d.value.as_str() {
            "made" if under(path, &d.id) => made = true,
            "linked" if under(path, &d.id) || under(&d.id, path) => return false,
            _ => {}
        }
    }
    made && !path.contains("..")
}

/// Whether `path` is inside a folder an earlier step copied into the temporary directory
/// (`cp -r ./my-policy /tmp/p`), with no link or mount touching it since: a claim of the
/// session-15 kind (the copy may have gone through a link made before), lowered one tier.
pub fn copied_policy(path: &str, ctx: &Context) -> bool {
    let model = &ctx.env.defined;
    if model.latest(Kind::ScratchPolicy).is_none() {
        return false;
    }
    let path = path.trim_matches(|c| c == '"' || c == '\'');
    let under = |p: &str, dir: &str| p == dir || p.starts_with(&format!("{dir}/"));
    let mut copied = false;
    for d in model.all(Kind::ScratchPolicy) {
        match d.value.as_str() {
            "copied" if under(path, &d.id) => copied = true,
            "linked" if under(path, &d.id) || under(&d.id, path) => return false,
            _ => {}
        }
    }
    copied && !path.contains("..")
}

/// Whether a command's words refer to the variables an earlier step bound to `mktemp` only as
/// whole words (`rm -rf -- "$tmp"`): then the as-written reading adds nothing, since the
/// variable is either the fresh temporary path or, in a shell that did not keep it, empty (and
/// an empty word deletes nothing). A reference inside a longer word (`"$tmp"/*`, `$tmp/`)
/// would be `/` when empty: it is read as written too.
pub fn only_temporary_references(c: &Command<'_>, carried: &[(&str, &str)]) -> bool {
    let temporary = |name: &str| {
        carried
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .is_some_and(|(_, v)| *v == super::scope::TEMPORARY)
    };
    let mut any = false;
    for w in c.words.iter().skip(1) {
        if !w.contains('$') {
            continue;
        }
        let name = w
            .strip_prefix("${")
            .and_then(|n| n.strip_suffix('}'))
            .or_else(|| w.strip_prefix('$'));
        match name {
            Some(n)
                if n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') && temporary(n) =>
            {
                any = true
            }
            _ => return false,
        }
    }
    any && !c.words.first().is_some_and(|p| p.contains('$'))
}

/// Why a `git push` goes to a repository in the temporary directory, if it does: the
/// destination written on the line is such a path (`git push -f /tmp/remote.git HEAD:main`,
/// `file:///tmp/r.git`), or a remote an earlier step added under that name pointing at one
/// (`git remote add scratch /tmp/scratch.git`), not re-pointed since. The conventional names
/// (`origin`, `upstream`) exist in every clone, so an `add` of one may have failed: never
/// trusted. Anything on the line that can rewrite where the push goes (`-c`, `--repo`, a
/// `GIT_` variable, an earlier `insteadOf`) keeps the finding.
fn pushes_to_scratch(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let ops: Vec<&str> = cmd
        .operands(&["-C", "-o", "--push-option", "--receive-pack", "--exec"])
        .collect();
    let ["push", dest, ..] = ops.as_slice() else {
        return None;
    };
    if cmd
        .words()
        .any(|w| w == "-c" || w.starts_with("--repo") || w.starts_with("--config-env"))
        || cmd
            .assignments
            .iter()
            .chain(cmd.prefix.iter())
            .any(|a| a.starts_with("GIT_"))
        || ctx
            .env
            .defined
            .latest_of(Kind::Alias, "git:*rewritten")
            .is_some()
    {
        return None;
    }
    let scratch = |u: &str| temporary(u.strip_prefix("file://").unwrap_or(u));
    if scratch(dest) {
        return Some(format!("the repository {dest} in the temporary directory"));
    }
    if matches!(*dest, "origin" | "upstream") {
        return None;
    }
    let url = &ctx
        .env
        .defined
        .latest_of(Kind::Alias, &format!("git:{dest}"))?
        .value;
    scratch(url).then(|| {
        format!("the remote {dest}, added by an earlier step as {url} in the temporary directory")
    })
}

/// Lowers a push's findings (a force push, a deleted branch) when it goes to a repository in
/// the temporary directory ([`pushes_to_scratch`]): nobody else's history is there.
pub fn lower_scratch_push(cmd: &Cmd<'_>, ctx: &Context, found: &mut [crate::finding::Finding]) {
    use crate::finding::{Family, Severity};
    let about = |f: &crate::finding::Finding| {
        f.family == Family::Git && f.code.starts_with("git.push") && f.severity > Severity::Note
    };
    if cmd.program != "git" || !found.iter().any(about) {
        return;
    }
    let Some(why) = pushes_to_scratch(cmd, ctx) else {
        return;
    };
    crate::finding::lower_where(found, about, &format!("to {why}"));
}
