//! Where a command acts, read in one place for every reader (holdout8 analysis G4, and the
//! PLACES of G5's model).
//!
//! What a destructive command harms depends on the environment it reaches, and the agent says
//! which in many ways that are one kind: a framework's environment variable (`RAILS_ENV=test`,
//! `NODE_ENV`, `MIX_ENV`, `DJANGO_SETTINGS_MODULE=shop.settings.test`, any `*_ENV`,
//! `*_ENVIRONMENT`, `*_PROFILES_ACTIVE`), an option (`--env test`, `-e staging`, `--stage dev`,
//! `--context`, `--profile`, `--project`, `--subscription`, `--namespace`), a connection string
//! or host (`DATABASE_URL=postgres://localhost/x`, `-h db-prod-01`), a place an earlier step
//! selected (a kube context, a cloud profile or project, a docker context, a terraform
//! workspace: [`super::defined`]'s places) or a shell opened on another machine (`ssh
//! deploy@web-prod-03`, `vagrant ssh`). [`of`] reads them all, for any program, and classes
//! each name with ONE table ([`class`]): production raises what the program's own reader found
//! one step (confirm becomes verify), a shared environment (staging, QA, UAT, a shared dev)
//! keeps it (the label rule's gate), and the developer's own (a test or development
//! configuration, localhost, a throwaway machine) lowers it to a note, as a thing made here
//! does ([`super::carried::local_place`]).
//!
//! Two readings of one name, on purpose: a framework's configuration named `test` or
//! `development` selects the developer's own database (`RAILS_ENV=test rails db:drop` drops the
//! test database), while a PLACE named `dev` or `test` (a kube context, a cloud profile, a
//! serverless stage, a host) is a deployed environment others use: shared, not local.
//! Every source counts and the widest wins (production over shared over an unknown remote over
//! local), so a line that says `RAILS_ENV=test` while its `DATABASE_URL` names another host is
//! not local. One pass over the command's words and the settings carried, no allocation for a
//! command that names nothing.

use super::defined::Kind;
use super::{Cmd, Context, containers, environments};
use crate::finding::{Finding, Severity};

/// How far a command's effects reach, narrowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// This machine (a loopback address), with nothing saying the data on it is a throwaway:
    /// a local database holds the developer's own work, so this lowers nothing (and vetoes
    /// nothing either).
    Here,
    /// The developer's own: a test or development configuration, localhost, a throwaway
    /// machine made or entered here.
    Local,
    /// Another machine nothing is known of (a connection string's host): not local.
    Elsewhere,
    /// A named shared environment that is not production (staging, QA, UAT, a shared dev).
    Shared,
    /// Production.
    Production,
}

/// The scope read for a command: its level and the words that said it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    /// The widest level any source names.
    pub level: Level,
    /// Why, for the finding's message (`RAILS_ENV=test`, `kube context prod-eu`).
    pub why: String,
    /// Whether the command's own reader could not see it: an env prefix, or what earlier steps
    /// left (a place selected, a variable exported, a shell opened). Readers grade what their
    /// own line's options name, so only what they cannot see raises their findings.
    pub unseen: bool,
}

/// How a name was given: as a configuration a program selects, or as a place it reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Given {
    /// A framework's environment (`RAILS_ENV`, `--env`): `test`/`development` are local.
    Config,
    /// A place (a context, a profile, a project, a stage, a host): `dev`/`test` are shared.
    Place,
}

/// Configuration words that select the developer's own setup (a framework's test or
/// development environment).
const OWN_CONFIG: &[&str] = &[
    "test",
    "tests",
    "testing",
    "dev",
    "development",
    "develop",
    "local",
    "ci",
    "e2e",
];

/// The one table of environment names: the level a name gives, by its words (`prod-eu`,
/// `shop.settings.test`, `web-qa-02`, `kind-dev`), or `None` when it names no environment.
pub fn class(name: &str, given: Given) -> Option<Level> {
    let name = name.trim_matches(|c| c == '"' || c == '\'');
    if name.is_empty() {
        return None;
    }
    if containers::production(name) {
        return Some(Level::Production);
    }
    if environments::shared(name) {
        return Some(Level::Shared);
    }
    if environments::local(name) {
        return Some(Level::Local);
    }
    let own = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| OWN_CONFIG.iter().any(|o| w.eq_ignore_ascii_case(o)));
    match (own, given) {
        (false, _) => None,
        (true, Given::Config) => Some(Level::Local),
        // A deployed place named for development or tests is one others use too.
        (true, Given::Place) => Some(Level::Shared),
    }
}

/// The level of a host or connection string (`postgres://u@db-prod-01:5432/app`, `localhost`,
/// `10.0.4.12`): loopback is this machine, and the developer's own throwaway when the database
/// it names was created by an earlier step or is named for tests (unless a port was forwarded
/// to another host); a named environment is its class, any other host is elsewhere.
pub fn host_level(value: &str, ctx: &Context) -> Level {
    // A host list (`-h db1,db2`) is read by its first host.
    let host = url_host(value, &[':', ',']);
    let loopback = host.eq_ignore_ascii_case("localhost")
        || host.to_ascii_lowercase().ends_with(".localhost")
        || host == "::1"
        || host.starts_with("127.") && host.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        // A Unix socket directory (`PGHOST=/var/run/postgresql`, `-h /tmp`).
        || host.is_empty() && value.starts_with('/');
    if loopback {
        if ctx.env.forwarded {
            return Level::Elsewhere;
        }
        // A server an earlier step started on this port is a throwaway, whatever it holds.
        if super::throwaway::serves(value, ctx).is_some() {
            return Level::Local;
        }
        // The database it names: one an earlier step created, or one named for tests or
        // development (`orders_test`), is a throwaway; any other is the developer's data.
        let rest = value.split_once("://").map_or(value, |(_, r)| r);
        let db = rest
            .split_once('/')
            .map_or("", |(_, d)| d.split(['?', '/']).next().unwrap_or(""));
        let throwaway = !db.is_empty()
            && (ctx.env.defined.has(Kind::Database, db)
                || class(db, Given::Config) == Some(Level::Local));
        return if throwaway { Level::Local } else { Level::Here };
    }
    match class(host, Given::Place) {
        Some(Level::Local) | None => Level::Elsewhere,
        Some(level) => level,
    }
}

/// A database's or a broker's connection string (`postgres://`, `mysql://`, `mongodb+srv://`,
/// `redis://`, `amqp://`, `jdbc:postgresql://`).
fn connection_string(w: &str) -> bool {
    let Some((scheme, _)) = w.split_once("://") else {
        return false;
    };
    let scheme = scheme
        .rsplit(':')
        .next()
        .unwrap_or(scheme)
        .to_ascii_lowercase();
    matches!(
        scheme.split('+').next().unwrap_or(""),
        "postgres"
            | "postgresql"
            | "mysql"
            | "mariadb"
            | "mongodb"
            | "redis"
            | "rediss"
            | "amqp"
            | "amqps"
            | "sqlserver"
            | "mssql"
            | "clickhouse"
            | "cockroachdb"
            | "oracle"
    )
}

/// Environment variables that select a place for the programs of a domain (not a
/// configuration): read by [`of`] as places.
const PLACE_VARS: &[(&str, Domain)] = &[
    ("AWS_PROFILE", Domain::Aws),
    ("AWS_DEFAULT_PROFILE", Domain::Aws),
    ("CLOUDSDK_CORE_PROJECT", Domain::Gcloud),
    ("GOOGLE_CLOUD_PROJECT", Domain::Gcloud),
    ("AZURE_SUBSCRIPTION_ID", Domain::Az),
    ("KUBECONFIG", Domain::Kube),
    ("DOCKER_CONTEXT", Domain::Docker),
    ("DOCKER_HOST", Domain::Docker),
    ("TF_WORKSPACE", Domain::Terraform),
];

/// Whether a variable names a framework's environment: `RAILS_ENV`, `NODE_ENV`, `MIX_ENV`,
/// `APP_ENV`, `FLASK_ENV`, `ASPNETCORE_ENVIRONMENT`, `SPRING_PROFILES_ACTIVE`,
/// `QUARKUS_PROFILE`, `DJANGO_SETTINGS_MODULE`, `ENV`: by the shape of its name, not a list of
/// frameworks.
pub(crate) fn config_var(name: &str) -> bool {
    matches!(name, "ENV" | "ENVIRONMENT" | "STAGE")
        || [
            "_ENV",
            "_ENVIRONMENT",
            "_ENVIRONMENTS",
            "_PROFILES_ACTIVE",
            "_PROFILE_ACTIVE",
            "_SETTINGS_MODULE",
            "_STAGE",
        ]
        .iter()
        .any(|s| name.ends_with(s))
        || name.ends_with("_PROFILE") && !PLACE_VARS.iter().any(|(v, _)| *v == name)
}

/// Whether a variable holds a connection string or a server's host (`DATABASE_URL`, `PGHOST`,
/// `MYSQL_HOST`, `REDIS_URL`, `MONGODB_URI`, `*_DSN`, `VAULT_ADDR`).
pub(crate) fn connection_var(name: &str) -> bool {
    ["_URL", "_URI", "_DSN", "_HOST", "_ADDR", "_HOSTADDR"]
        .iter()
        .any(|s| name.ends_with(s))
        || matches!(name, "PGHOST" | "PGHOSTADDR" | "DATABASE" | "DSN")
}

/// The family of places a program reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Domain {
    /// A Kubernetes cluster (its context, its namespace).
    Kube,
    /// An AWS account (its profile).
    Aws,
    /// A Google Cloud project.
    Gcloud,
    /// An Azure subscription.
    Az,
    /// A Docker daemon (its context).
    Docker,
    /// A Terraform workspace.
    Terraform,
}

impl Domain {
    /// The id places of this domain are kept under in [`super::defined`]'s model.
    pub fn id(self) -> &'static str {
        match self {
            Domain::Kube => "kube",
            Domain::Aws => "aws",
            Domain::Gcloud => "gcloud",
            Domain::Az => "az",
            Domain::Docker => "docker",
            Domain::Terraform => "terraform",
        }
    }
}

/// The domain of places a program reaches, if it reaches one.
pub fn domain(program: &str) -> Option<Domain> {
    Some(match program {
        "kubectl" | "oc" | "helm" | "helmfile" | "k9s" | "stern" | "flux" | "skaffold" | "tilt"
        | "okteto" | "kubecolor" | "kubie" | "kubens" | "argocd" | "kapp" => Domain::Kube,
        "aws" | "eb" | "sam" | "copilot" | "cdk" | "serverless" | "sls" | "amplify" | "chalice"
        | "zappa" | "sst" => Domain::Aws,
        "gcloud" | "gsutil" | "bq" => Domain::Gcloud,
        "az" | "azd" | "func" => Domain::Az,
        "docker" | "docker-compose" => Domain::Docker,
        "terraform" | "tofu" | "terragrunt" => Domain::Terraform,
        _ => return None,
    })
}

/// Options whose value names a place (any program): a context, a profile, a project, a
/// subscription, a namespace, a stage, a workspace, an app.
const PLACE_OPTIONS: &[&str] = &[
    "--context",
    "--kube-context",
    "--kubeconfig",
    "--profile",
    "--project",
    "--subscription",
    "--namespace",
    "--stage",
    "--workspace",
    "--app",
    "--cluster",
    "--account",
    "--stack",
    "--target-env",
    "--environment-name",
];

/// Options whose value names a framework's configuration.
const CONFIG_OPTIONS: &[&str] = &["--env", "--environment", "--settings", "--mode"];

/// Options whose value is a host or a connection string.
const HOST_OPTIONS: &[&str] = &[
    "-h",
    "--host",
    "--hostname",
    "--url",
    "--database-url",
    "--db-url",
    "--dsn",
    "--uri",
    "--connection",
    "--connection-string",
    "--server",
    "--address",
    "-address",
    "--endpoint-url",
];

/// The short option `-e VALUE` names an environment only when VALUE is one (`helmfile -e
/// staging`, `artisan -e testing`): for most programs `-e` is an expression or a variable.
const ENV_WORDS: &[&str] = &[
    "test",
    "testing",
    "dev",
    "development",
    "local",
    "staging",
    "stage",
    "qa",
    "uat",
    "prod",
    "production",
    "preprod",
];

/// Collects the widest level named, with its reason and whether a command's own reader can
/// have seen it (an option on its line) or not (its env prefix, what earlier steps left).
#[derive(Default)]
struct Widest {
    level: Option<Level>,
    why: String,
    unseen: bool,
}

impl Widest {
    fn note(&mut self, level: Option<Level>, unseen: bool, why: impl FnOnce() -> String) {
        if let Some(level) = level
            && (self.level.is_none_or(|l| level > l)
                || self.level == Some(level) && unseen && !self.unseen)
        {
            self.level = Some(level);
            self.why = why();
            self.unseen = unseen;
        }
    }
}

/// The scope `cmd` acts in (as written: before the settings earlier steps carried are added to
/// its options), from everything
/// that names one: its own options and connection strings, its env prefix and the variables
/// earlier steps exported, the place an earlier step selected for its domain, and a shell an
/// earlier step opened on another machine. `None` when nothing names one (the usual case).
pub fn of(cmd: &Cmd<'_>, ctx: &Context) -> Option<Scope> {
    let mut widest = Widest::default();
    let p = cmd.program;
    let domain = domain(p);
    // The line's own options: one pass, before a `--` (what follows belongs to another
    // program).
    let mut words = cmd.words().take_while(|w| *w != "--").peekable();
    while let Some(w) = words.next() {
        let (option, inline) = match w.split_once('=') {
            Some((o, v)) if o.starts_with('-') => (o, Some(v)),
            _ => (w, None),
        };
        if !option.starts_with('-') {
            // A database's connection string given as an operand (`psql postgres://...`); a
            // bucket or a web address names no environment's server.
            if connection_string(w) {
                let mut level = host_level(w, ctx);
                // A throwaway server's URL is where a client connects only when its operand
                // is its connection (`psql URL`), not a stray word (`redis-cli FLUSHALL URL`).
                if level == Level::Local
                    && !super::throwaway::connects_by_operand(p)
                    && super::throwaway::serves(w, ctx).is_some()
                {
                    level = Level::Here;
                }
                widest.note(Some(level), false, || format!("the address {w}"));
            }
            continue;
        }
        let is = |list: &[&str]| list.contains(&option);
        let next = words.peek().copied();
        let value = || inline.or(next);
        // Compose's `--profile` selects which services of the stack run, not a place (now
        // that the docker reader reads past it to the subcommand, `--profile test rm` is read).
        let compose_profile = option == "--profile" && matches!(domain, Some(Domain::Docker));
        if is(PLACE_OPTIONS) && !compose_profile {
            if let Some(v) = value() {
                widest.note(class(v, Given::Place), false, || format!("{option} {v}"));
            }
        } else if is(CONFIG_OPTIONS) {
            if let Some(v) = value() {
                // `--settings=shop.settings.test`: the module's last part.
                let last = v.rsplit('.').next().unwrap_or(v);
                widest.note(class(last, Given::Config), false, || {
                    format!("{option} {v}")
                });
            }
        } else if is(HOST_OPTIONS) {
            if let Some(v) = value().filter(|v| !v.starts_with('-')) {
                widest.note(Some(host_level(v, ctx)), false, || format!("{option} {v}"));
            }
        } else if option == "-e"
            && let Some(v) = value().filter(|v| ENV_WORDS.iter().any(|e| v.eq_ignore_ascii_case(e)))
        {
            widest.note(class(v, Given::Config), false, || format!("-e {v}"));
        } else if option.starts_with("-chdir") {
            // terraform's `-chdir=envs/prod`.
            if let Some(v) = value() {
                widest.note(class(v, Given::Place), false, || format!("{option}={v}"));
            }
        }
    }
    // Variables: the line's prefix, then what earlier steps exported (a name set on the line
    // is not read again from the carried ones).
    let app = domain.is_none() && p != "git";
    let prefixed = cmd
        .assignments
        .iter()
        .chain(cmd.prefix.iter())
        .filter_map(|a| a.split_once('='));
    let named_here = |name: &str| {
        cmd.assignments
            .iter()
            .chain(cmd.prefix.iter())
            .any(|a| a.split_once('=').is_some_and(|(n, _)| n == name))
    };
    let exported = ctx
        .env
        .exported
        .iter()
        .filter(|(n, _)| !named_here(n))
        .map(|(n, v)| (n.as_str(), v.as_str()));
    for ((name, value), carried) in prefixed
        .map(|nv| (nv, false))
        .chain(exported.map(|nv| (nv, true)))
    {
        let value = value.trim_matches(|c| c == '"' || c == '\'');
        if value.is_empty() || value.contains('$') {
            continue;
        }
        if let Some((_, d)) = PLACE_VARS.iter().find(|(v, _)| *v == name) {
            if domain == Some(*d) {
                widest.note(class(value, Given::Place), true, || {
                    format!("{name}={value}")
                });
            }
        } else if config_var(name) {
            // A framework's configuration is read by the programs it configures (not by the
            // cloud and cluster CLIs, which reach a place of their own).
            if app || !carried {
                let last = value.rsplit('.').next().unwrap_or(value);
                widest.note(class(last, Given::Config), true, || {
                    format!("{name}={value}")
                });
            }
        } else if connection_var(name) && (app || !carried) {
            widest.note(Some(host_level(value, ctx)), true, || {
                format!("{name}={value}")
            });
        }
    }
    // The place an earlier step selected for the program's domain, when the line names none
    // of its own (settled options already stand in for the kube context and the profile).
    if let Some(d) = domain {
        let named_on_line = match d {
            Domain::Kube => cmd.has(&["--context", "--kube-context", "--kubeconfig"]),
            Domain::Aws => cmd.has(&["--profile"]),
            Domain::Gcloud => cmd.has(&["--project"]),
            Domain::Az => cmd.has(&["--subscription"]),
            Domain::Docker => cmd.has(&["--context", "-c", "-H", "--host"]),
            Domain::Terraform => false,
        };
        if !named_on_line && let Some(place) = selected(ctx, d) {
            widest.note(class(place, Given::Place), true, || {
                format!("the {} {place} an earlier step selected", place_noun(d))
            });
        }
        if d == Domain::Kube
            && !named_on_line
            && let Some(context) = &ctx.env.kube_context
        {
            widest.note(class(context, Given::Place), true, || {
                format!("the kube context {context} an earlier step selected")
            });
        }
    }
    // A shell an earlier step opened on another machine: every later command runs there.
    if let Some(session) = ctx.env.defined.latest(Kind::Session) {
        let level = if session.value == "throwaway" {
            Some(Level::Local)
        } else {
            Some(class(&session.id, Given::Place).unwrap_or(Level::Elsewhere))
        };
        widest.note(level, true, || {
            if session.value == "throwaway" {
                format!(
                    "{}, a throwaway machine an earlier step entered",
                    session.id
                )
            } else {
                format!("{}, the host a shell was opened on", session.id)
            }
        });
    }
    let level = widest.level?;
    // The line's own production word (`kubectl delete ns production`) keeps its finding.
    if level == Level::Local && cmd.words().any(containers::production) {
        return None;
    }
    // A kube client sent elsewhere by a kubeconfig, a server or a cluster entry on its line:
    // the context's local name says nothing of where the call goes.
    if level == Level::Local
        && matches!(domain, Some(Domain::Kube))
        && super::local_modes::elsewhere_than_context(cmd)
    {
        return None;
    }
    Some(Scope {
        level,
        why: widest.why,
        unseen: widest.unseen,
    })
}

/// Applies `scope` to what the program's own readers found (`found`): production raises a
/// confirmation of a change to a verification, the developer's own environment lowers a change
/// to a note, as a thing made here does. `place_only` says which findings are changes to the
/// place the command reaches ([`super::carried::changes_only_the_place`]; reads of a secret
/// are not raised).
pub fn apply(scope: &Scope, found: &mut [Finding], place_only: impl Fn(&Finding) -> bool) {
    for f in found.iter_mut().filter(|f| place_only(f)) {
        match scope.level {
            Level::Production
                if scope.unseen && f.severity == Severity::Confirm && !f.code.ends_with("read") =>
            {
                f.severity = Severity::Verify;
                f.message = format!("in production ({}): {}", scope.why, f.message);
            }
            Level::Local if f.severity > Severity::Note => {
                f.severity = Severity::Note;
                f.message = format!(
                    "in the developer's own environment ({}), a throwaway: {}",
                    scope.why, f.message
                );
            }
            _ => {}
        }
    }
}

/// Whether the scope is a throwaway machine an earlier step entered (a VM, a container): what
/// changes its system changes nothing anyone else has.
pub fn in_throwaway_machine(scope: &Scope, ctx: &Context) -> bool {
    scope.level == Level::Local
        && ctx
            .env
            .defined
            .latest(Kind::Session)
            .is_some_and(|s| s.value == "throwaway")
}

/// The place an earlier step selected for a domain (`gcloud config set project X`, `az account
/// set --subscription X`, `docker context use X`, `terraform workspace select X`).
fn selected(ctx: &Context, d: Domain) -> Option<&str> {
    ctx.env
        .defined
        .latest_of(Kind::Selected, d.id())
        .map(|def| def.value.as_str())
}

fn place_noun(d: Domain) -> &'static str {
    match d {
        Domain::Kube => "kube namespace",
        Domain::Aws => "AWS profile",
        Domain::Gcloud => "Google Cloud project",
        Domain::Az => "Azure subscription",
        Domain::Docker => "docker context",
        Domain::Terraform => "terraform workspace",
    }
}

/// A path a variable bound to `mktemp` stands for (`tmp=$(mktemp -d)`, `` w=`mktemp -d -t
/// build.XXXX` ``): a fresh directory or file under the temporary directory, which only this
/// work knows; `None` when the value is no `mktemp`, or one told to make its file elsewhere
/// (`-p DIR`, `--tmpdir=DIR`, a template with a directory outside the temporary one).
pub fn temporary_binding(value: &str) -> Option<&'static str> {
    let v = value.trim_matches(|c| c == '"' || c == '\'');
    let body = v
        .strip_prefix("$(")
        .and_then(|b| b.strip_suffix(')'))
        .or_else(|| v.strip_prefix('`').and_then(|b| b.strip_suffix('`')))?
        .trim();
    let mut words = body.split_whitespace();
    if words.next() != Some("mktemp") {
        return None;
    }
    let temporary = |d: &str| {
        let d = d.trim_matches(|c| c == '"' || c == '\'');
        [
            "/tmp",
            "/var/tmp",
            "$TMPDIR",
            "${TMPDIR",
            "/private/tmp",
            "/dev/shm",
        ]
        .iter()
        .any(|t| d.starts_with(t))
    };
    let mut words = words.peekable();
    while let Some(w) = words.next() {
        if matches!(w, "-p" | "--tmpdir") {
            match words.next() {
                Some(d) if temporary(d) => continue,
                _ => return None,
            }
        }
        if let Some(d) = w.strip_prefix("--tmpdir=").or_else(|| w.strip_prefix("-p")) {
            if !d.is_empty() && !temporary(d) {
                return None;
            }
            continue;
        }
        // A template with a directory part makes the file there.
        if !w.starts_with('-') && w.contains('/') && !temporary(w) {
            return None;
        }
    }
    Some(TEMPORARY)
}

/// The path a variable bound to `mktemp` is read as ([`temporary_binding`]).
pub const TEMPORARY: &str = "/tmp/tmp.mktemp";

/// The host a URL or a `user@host:port` value names: scheme, user, path and query dropped, an
/// IPv6 literal's brackets removed, and cut at the first of `ends` (the port's `:`, for some
/// readers a host list's `,`).
pub fn url_host<'a>(value: &'a str, ends: &[char]) -> &'a str {
    let rest = value.split_once("://").map_or(value, |(_, r)| r);
    let host = rest
        .split(['/', '?'])
        .next()
        .unwrap_or("")
        .rsplit('@')
        .next()
        .unwrap_or("");
    if host.starts_with('[') {
        host.split(']').next().unwrap_or("").trim_start_matches('[')
    } else {
        host.split(ends).next().unwrap_or("")
    }
}
