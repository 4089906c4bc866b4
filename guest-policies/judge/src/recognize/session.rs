//! The session an agent's shell carries from one step to the next, as a model: where it is
//! (the working directory), what it has checked out (the branch), which place each tool
//! reaches (a context, a profile, a project, a stack, an app, an environment file loaded),
//! and which identifiers a read just picked out by an environment's name. The second half of
//! an action means what it does only with these: `find . -name '*.ibd' -delete` after `cd
//! /var/lib/mysql` deletes the database's files, `git push --force-with-lease origin HEAD`
//! after `git checkout main` rewrites main, `vultr-cli instance delete 6b2c...` after `vultr-cli
//! instance list | grep prod-postgres` deletes the production database's machine, and `sequel
//! -M 0 "$DATABASE_URL"` after `export DATABASE_URL=$(heroku config:get DATABASE_URL -a
//! acme-prod)` migrates production down to nothing.
//!
//! The state is built by the same pass that reads the recent steps ([`record`], called for
//! every command of every step, oldest first), and consulted twice per command: [`widen`] adds
//! the place the session selected to what [`super::scope`] reads (so production raises the
//! program's own findings as if the line had named it), and [`judge`] judges the command again
//! as the session resolves it (relative paths inside the directory, `HEAD` as the branch),
//! keeping only what that adds.
//!
//! Hostile agent: the session only ever RAISES. What it resolves is judged in addition to the
//! line as written, never instead of it, so a `cd /tmp/x` earlier cannot make `rm -rf /` or
//! `rm -rf ~/` benign. Where the directory is not known for sure (`cd -`, `popd`, a `cd` in a
//! subshell or joined by `;`), the directory it may still be is kept as possible
//! ([`super::Context::cwd_unsure`]) and the command is judged there too.

use super::scope::{self, Level, Scope};
use super::{Cmd, Context, containers, judge_as};
use crate::finding::{Finding, Severity};
use crate::shell::Script;

/// What the session selected, beyond what [`super::carried::Environment`] already keeps.
#[derive(Debug, Clone, Default)]
pub struct State {
    /// Places selected by a tool's own switch ([`SWITCHES`]): the programs that read it, the
    /// place's name, and the command that selected it (for messages).
    pub places: Vec<(&'static [&'static str], String, String)>,
    /// An environment file named for an environment was loaded into the shell (`source
    /// .env.production`, `set -a; . ./.env.prod`, `export $(cat .env.production | xargs)`).
    pub env_file: Option<String>,
    /// Reads that picked items out by an environment's name (`vultr-cli instance list | grep
    /// prod-postgres`, `aws ec2 describe-instances --filters Name=tag:env,Values=prod`): the
    /// program, and the read as written.
    pub picked: Vec<(String, String)>,
    /// The branch the latest `git checkout` / `git switch` left checked out.
    pub branch: Option<String>,
    /// A database client an earlier step opened with a prompt ([`super::open_clients`]).
    pub client: Option<super::open_clients::Open>,
}

/// How a switch gives the place it selects.
#[derive(Clone, Copy)]
enum At {
    /// The operand after the switch's words.
    Operand,
    /// The value of one of these options.
    Option(&'static [&'static str]),
}

/// Commands that select, for the commands after them, the place a tool reaches: the program,
/// the words that make the switch, where its value is, and the programs that then reach it.
/// From each tool's reference (its config / context / target / use commands).
const SWITCHES: &[(&str, &[&str], At, &[&str])] = &[
    (
        "doctl",
        &["auth", "switch"],
        At::Option(&["--context"]),
        DOCTL,
    ),
    ("hcloud", &["context", "use"], At::Operand, &["hcloud"]),
    ("hcloud", &["context", "activate"], At::Operand, &["hcloud"]),
    ("oc", &["project"], At::Operand, KUBE),
    ("pulumi", &["stack", "select"], At::Operand, &["pulumi"]),
    (
        "pulumi",
        &["stack", "select"],
        At::Option(&["--stack", "-s"]),
        &["pulumi"],
    ),
    ("firebase", &["use"], At::Operand, &["firebase"]),
    ("cf", &["target"], At::Option(&["-s", "-o"]), &["cf"]),
    ("eb", &["use"], At::Operand, &["eb"]),
    ("vercel", &["switch"], At::Operand, &["vercel"]),
    ("railway", &["environment"], At::Operand, &["railway"]),
    (
        "railway",
        &["link"],
        At::Option(&["--environment", "-e"]),
        &["railway"],
    ),
    (
        "heroku",
        &["git:remote"],
        At::Option(&["-a", "--app"]),
        &["heroku"],
    ),
    (
        "scw",
        &["config", "profile", "activate"],
        At::Operand,
        &["scw"],
    ),
    (
        "snow",
        &["connection", "set-default"],
        At::Operand,
        &["snow"],
    ),
    (
        "supabase",
        &["link"],
        At::Option(&["--project-ref"]),
        &["supabase"],
    ),
    (
        "neonctl",
        &["set-context"],
        At::Option(&["--project-id"]),
        &["neonctl", "neon"],
    ),
    (
        "ibmcloud",
        &["target"],
        At::Option(&["-g", "-r", "-s", "-o"]),
        &["ibmcloud", "ic"],
    ),
    (
        "aliyun",
        &["configure", "switch"],
        At::Option(&["--profile", "-p"]),
        &["aliyun"],
    ),
    ("az", &["config", "set"], At::Operand, &["az"]),
    (
        "gcloud",
        &["config", "set", "compute/zone"],
        At::Operand,
        &["gcloud"],
    ),
    (
        "databricks",
        &["auth", "switch"],
        At::Option(&["--profile", "-p"]),
        &["databricks"],
    ),
    ("okteto", &["context", "use"], At::Operand, KUBE),
    ("nomad", &["namespace", "apply"], At::Operand, &["nomad"]),
    ("assume", &[], At::Operand, AWS),
    ("granted", &["assume"], At::Operand, AWS),
    ("tsh", &["kube", "login"], At::Operand, KUBE),
    ("kubeswitch", &[], At::Operand, KUBE),
    ("switch", &[], At::Operand, KUBE),
    (
        "kubectl",
        &["config", "set", "current-context"],
        At::Operand,
        KUBE,
    ),
    (
        "oc",
        &["config", "set", "current-context"],
        At::Operand,
        KUBE,
    ),
];

/// Commands that write a cluster's credentials into the kube config and make it the current
/// context: the program, the words, and the option naming the cluster (or its operand).
const KUBE_LOGINS: &[(&str, &[&str], At)] = &[
    (
        "gcloud",
        &["container", "clusters", "get-credentials"],
        At::Operand,
    ),
    (
        "aws",
        &["eks", "update-kubeconfig"],
        At::Option(&["--name", "--alias"]),
    ),
    (
        "az",
        &["aks", "get-credentials"],
        At::Option(&["--name", "-n"]),
    ),
    (
        "doctl",
        &["kubernetes", "cluster", "kubeconfig", "save"],
        At::Operand,
    ),
    (
        "doctl",
        &["k8s", "cluster", "kubeconfig", "save"],
        At::Operand,
    ),
    ("linode-cli", &["lke", "kubeconfig-view"], At::Operand),
    ("civo", &["kubernetes", "config"], At::Operand),
    ("scw", &["k8s", "kubeconfig", "install"], At::Operand),
    ("oc", &["login"], At::Operand),
    ("minikube", &["profile"], At::Operand),
];

const KUBE: &[&str] = &[
    "kubectl",
    "oc",
    "helm",
    "helmfile",
    "kustomize",
    "argocd",
    "flux",
    "skaffold",
    "kapp",
    "stern",
    "k9s",
    "kubecolor",
];
const AWS: &[&str] = &[
    "aws",
    "sam",
    "cdk",
    "eb",
    "copilot",
    "serverless",
    "sls",
    "sst",
];
const DOCTL: &[&str] = &["doctl"];

/// Variables that select the place a tool reaches (from each tool's list of environment
/// variables), beyond those [`super::scope`] reads: the variable, and the programs.
const SELECTOR_VARS: &[(&str, &[&str])] = &[
    ("HELM_KUBECONTEXT", &["helm"]),
    ("HELM_NAMESPACE", &["helm"]),
    ("DIGITALOCEAN_CONTEXT", DOCTL),
    ("HCLOUD_CONTEXT", &["hcloud"]),
    ("HEROKU_APP", &["heroku"]),
    ("FLY_APP", &["fly", "flyctl"]),
    ("OCI_CLI_PROFILE", &["oci"]),
    ("OS_CLOUD", &["openstack", "nova", "cinder", "swift"]),
    ("OS_PROJECT_NAME", &["openstack", "nova", "cinder", "swift"]),
    ("SCW_PROFILE", &["scw"]),
    ("DATABRICKS_CONFIG_PROFILE", &["databricks"]),
    ("DATABRICKS_HOST", &["databricks"]),
    ("NOMAD_NAMESPACE", &["nomad"]),
    ("NOMAD_ADDR", &["nomad"]),
    ("CONSUL_HTTP_ADDR", &["consul"]),
    ("VAULT_NAMESPACE", &["vault", "bao"]),
    ("ARGOCD_SERVER", &["argocd"]),
    ("ANSIBLE_INVENTORY", &["ansible", "ansible-playbook"]),
    (
        "PGSERVICE",
        &["psql", "pg_dump", "pg_restore", "dropdb", "pg_dumpall"],
    ),
    ("PGDATABASE", &["psql", "pg_restore", "dropdb"]),
    ("MYSQL_HOST", &["mysql", "mysqladmin", "mariadb"]),
    ("CLOUDSDK_ACTIVE_CONFIG_NAME", &["gcloud", "gsutil", "bq"]),
    ("AZURE_DEFAULTS_GROUP", &["az"]),
    ("ALIBABA_CLOUD_PROFILE", &["aliyun"]),
    ("TF_WORKSPACE", &["terraform", "tofu", "terragrunt"]),
    ("SST_STAGE", &["sst"]),
    ("KUBECONTEXT", KUBE),
];

/// Programs configured by the directory they run in (a stack, an inventory, a compose or
/// kustomize tree): run inside a directory named for production (`cd infra/envs/prod`), they
/// reach production.
const DIRECTORY_CONFIGURED: &[&str] = &[
    "terraform",
    "tofu",
    "terragrunt",
    "pulumi",
    "cdk",
    "cdktf",
    "serverless",
    "sls",
    "sst",
    "helmfile",
    "ansible-playbook",
    "docker-compose",
    "kustomize",
    "kamal",
    "fly",
    "flyctl",
    "heroku",
    "railway",
    "vercel",
    "netlify",
    "wrangler",
    "firebase",
    "supabase",
    "amplify",
    "copilot",
    "eb",
];

/// Verbs of a read that lists or describes items (what a later step picks an id from).
fn read_verb(w: &str) -> bool {
    let w = w.to_ascii_lowercase();
    matches!(
        w.as_str(),
        "list" | "ls" | "get" | "show" | "info" | "search" | "find" | "query" | "status" | "ps"
    ) || w.starts_with("describe")
        || w.starts_with("list-")
        || w.starts_with("get-")
}

/// Programs that filter a listing's lines (`| grep prod-postgres`, `| jq 'select(...)'`).
fn filter_program(p: &str) -> bool {
    matches!(
        p,
        "grep"
            | "egrep"
            | "fgrep"
            | "rg"
            | "ag"
            | "awk"
            | "gawk"
            | "jq"
            | "yq"
            | "sed"
            | "head"
            | "select-string"
            | "findstr"
            | "where-object"
            | "where"
            | "fzf"
    )
}

/// Records what `cmd` leaves for later commands and steps: a place switched to, an environment
/// file loaded, items picked by an environment's name, a branch checked out.
pub fn record(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &mut Context) {
    let p = cmd.program;
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    for (program, words, at, readers) in SWITCHES {
        if p == *program && ops.starts_with(words) {
            let value = match at {
                At::Operand => ops.get(words.len()).copied(),
                At::Option(names) => cmd.value(names),
            };
            if let Some(v) = value {
                ctx.env
                    .session
                    .places
                    .push((readers, v.to_owned(), written(cmd)));
            }
        }
    }
    for (program, words, at) in KUBE_LOGINS {
        if p == *program && ops.starts_with(words) {
            let value = match at {
                At::Operand => ops.get(words.len()).copied(),
                At::Option(names) => cmd.value(names),
            };
            if let Some(v) = value {
                ctx.env.kube_context = Some(v.to_owned());
            }
        }
    }
    // An environment file loaded into the shell (its variables now set for every program).
    let loads = matches!(p, "source" | ".")
        || p == "export" && cmd.words().any(|w| w.contains(".env"))
        || matches!(p, "set" | "eval") && cmd.words().any(|w| w.contains(".env"));
    if loads
        && let Some(file) = cmd
            .words()
            .find(|w| w.contains("env") && named_environment(w))
    {
        ctx.env.session.env_file = Some(file.to_owned());
    }
    // A read that picks items out by an environment's name, on its line or in the filter it
    // is piped to.
    if ops.iter().take(3).any(|w| read_verb(w)) && !p.is_empty() {
        let own = cmd.words().any(containers::production);
        let filtered = s.commands[index + 1..]
            .iter()
            .take_while(|c| c.piped_in)
            .any(|c| {
                c.words
                    .first()
                    .is_some_and(|w| filter_program(&w.to_ascii_lowercase()))
                    && c.words.iter().skip(1).any(|w| containers::production(w))
            });
        if own || filtered {
            let line = s.commands[index..]
                .iter()
                .enumerate()
                .take_while(|(k, c)| *k == 0 || c.piped_in)
                .map(|(_, c)| c.words.join(" "))
                .collect::<Vec<_>>()
                .join(" | ");
            ctx.env.session.picked.push((p.to_owned(), line));
        }
    }
    if p == "git" {
        record_branch(cmd, ctx);
    }
    if p == "gh" && ops.starts_with(&["pr", "checkout"]) {
        ctx.env.session.branch = Some(String::new());
    }
}

/// Whether a file name names an environment (`.env.production`, `prod.env`, `.env.staging`).
fn named_environment(file: &str) -> bool {
    let name = super::paths::file_name(file);
    scope::class(name, scope::Given::Place).is_some()
}

/// `git checkout X`, `git checkout -b/-B X [START]`, `git switch [-c/-C] X`, `git checkout
/// --track origin/X`: the branch left checked out.
fn record_branch(cmd: &Cmd<'_>, ctx: &mut Context) {
    let ops: Vec<&str> = cmd
        .operands(&[
            "-C", "-c", "-b", "-B", "--orphan", "--track", "-t", "--create",
        ])
        .collect();
    let created = cmd.value(&[
        "-b",
        "-B",
        "-c",
        "-C",
        "--create",
        "--force-create",
        "--orphan",
    ]);
    let branch = match ops.first() {
        Some(&"switch") => created.or_else(|| ops.get(1).copied()),
        Some(&"checkout") if !cmd.has(&["--"]) => created
            .or_else(|| {
                cmd.value(&["--track", "-t"])
                    .map(|t| t.split_once('/').map_or(t, |(_, b)| b))
            })
            .or_else(|| ops.get(1).copied().filter(|_| ops.len() == 2))
            .filter(|b| *b != "." && !b.contains('*')),
        _ => None,
    };
    if let Some(b) = branch {
        ctx.env.session.branch = Some(b.to_owned());
    }
}

/// The scope `cmd` reaches by what the session selected, widened with what [`scope::of`]
/// read: a place a tool's switch selected, a selector variable exported, a connection or
/// configuration variable whose value an earlier step took from production (`$(heroku
/// config:get DATABASE_URL -a acme-prod)`), an environment file named for production, a
/// directory named for production for a tool configured by its directory, an identifier a
/// read picked out by production. Only production is added: the session never lowers.
pub fn widen(found: Option<Scope>, cmd: &Cmd<'_>, ctx: &Context) -> Option<Scope> {
    if found.as_ref().is_some_and(|s| s.level == Level::Production) {
        return found;
    }
    match production(cmd, ctx) {
        Some(why) => Some(Scope {
            level: Level::Production,
            why,
            unseen: true,
        }),
        None => found,
    }
}

/// Why the session puts `cmd` in production, if it does.
fn production(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let p = cmd.program;
    let session = &ctx.env.session;
    // The line's own place wins when it names one (`--context kind-dev`): a carried place is
    // for lines that name none.
    let names_place = cmd.words().any(|w| {
        w.starts_with("--context")
            || w.starts_with("--kube-context")
            || w.starts_with("--profile")
            || w.starts_with("--project")
            || w.starts_with("--app")
            || w.starts_with("--stack")
            || w == "-a"
    });
    if !names_place {
        if let Some((_, place, how)) = session
            .places
            .iter()
            .rev()
            .find(|(readers, _, _)| readers.contains(&p))
            .filter(|(_, place, _)| containers::production(place))
        {
            return Some(format!("{place}, selected by `{how}`"));
        }
        for (name, value) in ctx.env.exported.iter().rev() {
            if SELECTOR_VARS
                .iter()
                .any(|(v, readers)| v == name && readers.contains(&p))
                && containers::production(value)
            {
                return Some(format!("{name}={value}"));
            }
        }
    }
    let app = scope::domain(p).is_none() && !matches!(p, "git" | "gh");
    // A value taken from production's configuration by a command (`$(heroku config:get
    // DATABASE_URL -a acme-prod)`, `$(op read op://Production/db/url)`): the variable names
    // production's server, for the programs that read it.
    for (name, value) in ctx.env.exported.iter().rev() {
        if (value.contains("$(") || value.contains('`'))
            && containers::production(value)
            && (app && (scope::connection_var(name) || scope::config_var(name))
                || SELECTOR_VARS
                    .iter()
                    .any(|(v, readers)| v == name && readers.contains(&p)))
        {
            return Some(format!("{name} from `{}`", crate::cut(value, 70)));
        }
    }
    if app
        && let Some(file) = &session.env_file
        && containers::production(file)
    {
        return Some(format!(
            "the variables of {file}, loaded by an earlier step"
        ));
    }
    if DIRECTORY_CONFIGURED.contains(&p)
        && let Some(dir) = ctx.cwd.as_deref().or(ctx.cwd_unsure.as_deref())
        && dir.split(['/', '\\']).any(containers::production)
    {
        return Some(format!("the directory {dir}"));
    }
    // An identifier a read picked out by production's name: the id is one of those items.
    if let Some((_, read)) = session.picked.iter().rev().find(|(q, _)| q == p)
        && let Some(id) = cmd.operands(&[]).find(|o| id_like(o))
        && !cmd
            .words()
            .any(|w| scope::class(w, scope::Given::Place).is_some())
    {
        return Some(format!("{id}, picked out by `{}`", crate::cut(read, 70)));
    }
    None
}

/// A token that identifies an item without naming it: a UUID, a number, a cloud's prefixed id
/// (`i-0a1b2c3d`, `vol-...`, `ocid1....`), a long hexadecimal string.
fn id_like(w: &str) -> bool {
    let hexish = |s: &str| s.len() >= 6 && s.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-');
    let digits = w.bytes().filter(u8::is_ascii_digit).count();
    if digits == 0
        || w.starts_with('-')
        || w.contains(['/', '=', ':', '.']) && !w.starts_with("ocid1.")
    {
        return false;
    }
    w.starts_with("ocid1.")
        || w.len() >= 4 && digits == w.len()
        || hexish(w) && digits >= 2
        || w.split_once('-').is_some_and(|(prefix, rest)| {
            prefix.len() <= 6 && prefix.bytes().all(|b| b.is_ascii_lowercase()) && hexish(rest)
        })
}

/// Programs that take file paths as their operands: in a directory, every operand is a path
/// in it (`shred -u *`, `cat id_rsa`).
const FILE_PROGRAMS: &[&str] = &[
    "rm",
    "srm",
    "shred",
    "wipe",
    "truncate",
    "unlink",
    "rmdir",
    "find",
    "chmod",
    "chown",
    "chgrp",
    "chattr",
    "setfacl",
    "cat",
    "less",
    "more",
    "head",
    "tail",
    "cp",
    "mv",
    "tar",
    "zip",
    "gzip",
    "rsync",
    "scp",
    "tee",
    "ln",
    "base64",
    "xxd",
    "strings",
    "gpg",
    "openssl",
    "remove-item",
    "ri",
    "del",
    "erase",
    "rd",
    "clear-content",
    "get-content",
    "gc",
    "type",
    "copy-item",
    "move-item",
    "set-content",
];

/// Judges `cmd` again as the session resolves it, keeping only what that adds above the
/// findings it already has (`out[start..]`): relative paths inside the directory a `cd`
/// entered (or may have), and `HEAD` (or a push naming no branch) as the branch checked out.
pub fn judge(cmd: &Cmd<'_>, depth: u8, start: usize, ctx: &mut Context, out: &mut Vec<Finding>) {
    if depth >= super::MAX_DEPTH - 1 {
        return;
    }
    let worst = out[start..].iter().map(|f| f.severity).max();
    let mut lines = Vec::new();
    for dir in [ctx.cwd.clone(), ctx.cwd_unsure.clone()]
        .into_iter()
        .flatten()
    {
        if let Some(line) = in_directory(cmd, &dir) {
            lines.push((
                format!("in {dir}, the directory an earlier `cd` entered"),
                line,
            ));
        }
    }
    if let Some(line) = on_branch(cmd, ctx) {
        lines.push((
            format!(
                "on {}, the branch an earlier step checked out",
                ctx.env.session.branch.as_deref().unwrap_or("")
            ),
            line,
        ));
    }
    for (why, line) in lines {
        let mut found = Vec::new();
        judge_as(&why, &line, depth, ctx, &mut found);
        out.extend(
            found
                .into_iter()
                .filter(|f| worst.is_none_or(|w| f.severity > w) && f.severity > Severity::Note),
        );
    }
}

/// The command line `cmd` amounts to inside `dir`: its relative paths joined to it. `None`
/// when it names none, or when `dir` is itself relative (a `cd build` from an unknown place:
/// the paths are read as written, [`super::paths::scope_in`]).
fn in_directory(cmd: &Cmd<'_>, dir: &str) -> Option<String> {
    let windows = dir.len() > 2 && dir.as_bytes()[1] == b':';
    if !(dir.starts_with(['/', '~', '$']) || windows) {
        return None;
    }
    let p = cmd.program;
    let sep = if windows { '\\' } else { '/' };
    let join = |w: &str| {
        let rel = w.trim_start_matches("./").trim_start_matches(".\\");
        let base = dir.trim_end_matches(['/', '\\']);
        if rel == "." || rel.is_empty() {
            base.to_owned()
        } else {
            format!("{base}{sep}{rel}")
        }
    };
    let files = FILE_PROGRAMS.contains(&p);
    let path_shaped = |w: &str| {
        w == "."
            || w == ".."
            || w.starts_with("./")
            || w.starts_with("../")
            || w.starts_with(".\\")
            || w.contains('*')
            || w.contains('/') && !w.contains("://") && !w.contains(':')
    };
    let mut resolved = false;
    let mut words: Vec<String> = Vec::with_capacity(cmd.args.len() + 2);
    let mut operand = 0;
    let mut expression = false;
    let mut ended = false;
    let mut after_option = false;
    for a in cmd.words() {
        // An option's value (`truncate -s 0`, `shred -n 3`): a number or a size, not a path.
        let value = std::mem::replace(&mut after_option, false)
            && a.bytes()
                .next()
                .is_some_and(|b| b.is_ascii_digit() || b == b'+')
            && a.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'+');
        let option = !ended && a.starts_with('-') && a.len() > 1;
        if a == "--" {
            ended = true;
        }
        if p == "find" && (option || a == "(" || a == "!") {
            expression = true;
        }
        // Not absolute (`/`, `~`, `$HOME`, `C:`), not an option, not an assignment.
        let drive = a.len() > 1 && a.as_bytes()[1] == b':';
        let relative = !(a.starts_with(['/', '~', '$', '-', '\\']) || drive || a.contains('='));
        let skip_first =
            matches!(p, "chmod" | "chown" | "chgrp" | "chattr" | "setfacl") || p == "sed";
        after_option = option && !a.contains('=');
        let is_path = !option
            && !value
            && relative
            && !expression
            && (files && !(skip_first && operand == 0) || path_shaped(a));
        if !option && a != "--" {
            operand += 1;
        }
        if is_path {
            words.push(join(a));
            resolved = true;
        } else {
            words.push(a.to_owned());
        }
    }
    // `find` with no starting point searches the directory it runs in.
    if p == "find"
        && !cmd
            .words()
            .next()
            .is_some_and(|w| !w.starts_with('-') && w != "(")
    {
        words.insert(0, dir.to_owned());
        resolved = true;
    }
    if !resolved {
        return None;
    }
    Some(line(p, &words))
}

/// `git push` naming `HEAD` (or no branch at all) while a branch is checked out: the push as
/// it names that branch.
fn on_branch(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let branch = ctx
        .env
        .session
        .branch
        .as_deref()
        .filter(|b| !b.is_empty())?;
    if cmd.program != "git" {
        return None;
    }
    let ops: Vec<&str> = cmd
        .operands(&[
            "-C",
            "-c",
            "-o",
            "--push-option",
            "--repo",
            "--receive-pack",
        ])
        .collect();
    let at = ops.iter().position(|o| *o == "push")?;
    let refspecs = &ops[at + 1..];
    let head = |o: &str| {
        // The line reaches here lowercased.
        let o = o.trim_start_matches('+');
        let name = o.split(':').next().unwrap_or(o);
        name.eq_ignore_ascii_case("HEAD") || name == "@"
    };
    let mut words: Vec<String> = Vec::new();
    let mut changed = false;
    for a in cmd.words() {
        if head(a) {
            let plus = if a.starts_with('+') { "+" } else { "" };
            let dest = a.split_once(':').map_or(branch, |(_, d)| d);
            words.push(format!("{plus}{branch}:{dest}"));
            changed = true;
        } else {
            words.push(a.to_owned());
        }
    }
    // `git push -f` / `git push --force origin`: the branch checked out, to its upstream.
    if refspecs.len() <= 1 && !cmd.has(&["--all", "--mirror", "--tags", "--delete", "-d"]) {
        if refspecs.is_empty() {
            words.push("origin".to_owned());
        }
        words.push(branch.to_owned());
        changed = true;
    }
    changed.then(|| line("git", &words))
}

/// A command line of `program` and `words`, each quoted as the shell needs.
fn line(program: &str, words: &[String]) -> String {
    let mut out = String::from(program);
    for w in words {
        out.push(' ');
        let plain = w
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_./:=@%+,-*~".contains(&b));
        if plain {
            out.push_str(w);
        } else if w.contains('$') && !w.contains('"') {
            out.push('"');
            out.push_str(w);
            out.push('"');
        } else {
            out.push('\'');
            out.push_str(&w.replace('\'', "'\\''"));
            out.push('\'');
        }
    }
    out
}

/// The command as written, for messages.
fn written(cmd: &Cmd<'_>) -> String {
    let mut s = String::from(cmd.program);
    for a in cmd.words() {
        s.push(' ');
        s.push_str(a);
    }
    s
}
