//! Things this session made are scratch, whatever they are called: a Kubernetes namespace an
//! earlier command created holds only what this work put in it, even when its name says prod
//! (`kubectl create namespace ledger-prod`, then `kubectl delete deploy --all -n ledger-prod`);
//! a database file in the temporary directory is the developer's own (`sqlite3 /tmp/x.db`,
//! `duckdb /var/tmp/etl.duckdb`); a plain copy of a file into the temporary directory is a
//! scratch copy (`cp policy.json /tmp/p/policy.json`, then editing it changes no policy the
//! guard runs: read by [`super::throwaway::scratch_policy`]).
//!
//! Made means made by a command an earlier step (or an earlier command of the line) ran, read
//! by its structure: a creation said in words or echoed makes nothing, a dry-run creation
//! makes nothing, and a later action is lowered only when EVERY object it targets is exactly
//! what was made: the same namespace (named by `-n` on the line, in the same kube context,
//! with only namespaced kinds of object and no manifest file), the same temporary file (no
//! `..`, nothing attached or opened besides it). Only what the program's own reader found
//! about that object is lowered; anything else on the line keeps its grade.
//!
//! A made object is lowered by one tier, never past a person ([`made_here`]): the guard sees
//! the steps an agent announces, not their results, so "created a step before" is a claim a
//! hostile agent can make about a real object by sending a creation that fails.

use super::defined::Kind;
use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;

/// Kinds of Kubernetes objects that live in a namespace (short names and plurals): deleting
/// them there touches nothing outside it. Cluster-wide kinds (nodes, persistent volumes,
/// cluster roles, CRDs, storage classes) are not here.
const NAMESPACED: &[&str] = &[
    "all",
    "pod",
    "pods",
    "po",
    "deployment",
    "deployments",
    "deploy",
    "statefulset",
    "statefulsets",
    "sts",
    "daemonset",
    "daemonsets",
    "ds",
    "replicaset",
    "replicasets",
    "rs",
    "service",
    "services",
    "svc",
    "configmap",
    "configmaps",
    "cm",
    "secret",
    "secrets",
    "job",
    "jobs",
    "cronjob",
    "cronjobs",
    "cj",
    "ingress",
    "ingresses",
    "ing",
    "persistentvolumeclaim",
    "persistentvolumeclaims",
    "pvc",
    "serviceaccount",
    "serviceaccounts",
    "sa",
    "role",
    "roles",
    "rolebinding",
    "rolebindings",
    "networkpolicy",
    "networkpolicies",
    "netpol",
    "horizontalpodautoscaler",
    "horizontalpodautoscalers",
    "hpa",
    "poddisruptionbudget",
    "poddisruptionbudgets",
    "pdb",
    "endpoints",
    "ep",
    "event",
    "events",
    "ev",
    "limitrange",
    "limitranges",
    "limits",
    "resourcequota",
    "resourcequotas",
    "quota",
    "route",
    "routes",
    "deploymentconfig",
    "deploymentconfigs",
    "dc",
    "buildconfig",
    "buildconfigs",
    "bc",
    "imagestream",
    "imagestreams",
    "is",
];

const NAMESPACE_WORDS: &[&str] = &["namespace", "namespaces", "ns", "project", "projects"];

/// kubectl's options that take a value.
const KUBECTL_VALUED: &[&str] = &[
    "-n",
    "--namespace",
    "--context",
    "--kubeconfig",
    "--cluster",
    "--user",
    "-s",
    "--server",
    "--token",
    "--as",
    "-l",
    "--selector",
    "-o",
    "--output",
    "--field-selector",
    "--grace-period",
    "--timeout",
    "--cascade",
    "-f",
    "--filename",
    "-k",
    "--kustomize",
    "--replicas",
    "--wait",
];

/// SQLite's and DuckDB's options that take a value.
const SQL_FILE_VALUED: &[&str] = &[
    "-cmd",
    "-separator",
    "-newline",
    "-nullvalue",
    "-mmap",
    "-vfs",
    "-heap",
    "-lookaside",
    "-pagecache",
    "-maxsize",
    "-c",
    "-s",
    "-init",
];

/// What a line to a database file may hold that reaches past the file: another database
/// attached or opened, the shell, an extension loaded, SQL read from or written to a file.
const PAST_THE_FILE: &[&str] = &[
    "attach",
    ".open",
    ".shell",
    ".system",
    ".restore",
    ".load",
    ".read",
    ".import",
    ".output",
    ".once",
    ".save",
    ".backup",
    "load_extension",
    "install ",
    "copy ",
    "export ",
    "-f",
    "-a",
    "-archive",
    "-append",
    "-deserialize",
];

/// A path in the temporary directory, with no `..` (or the path `mktemp` gave a variable).
fn temporary(path: &str) -> bool {
    let path = path.trim_matches(['\'', '"']);
    [
        "/tmp/",
        "/var/tmp/",
        "/private/tmp/",
        "/dev/shm/",
        "$TMPDIR/",
        "${TMPDIR}/",
    ]
    .iter()
    .any(|t| path.starts_with(t) && path.len() > t.len())
        && !path.contains("..")
}

/// Every value of an option (`-n x`, `-nx`, `--namespace x`, `--namespace=x`).
fn values<'c>(cmd: &Cmd<'c>, short: &str, long: &str) -> Vec<&'c str> {
    let mut out = Vec::new();
    let mut it = cmd.args.iter();
    while let Some(a) = it.next() {
        let a: &'c str = a;
        if a == short || a == long {
            out.push(it.next().map_or("", |v| &**v));
        } else if let Some(v) = a.strip_prefix(long).and_then(|v| v.strip_prefix('=')) {
            out.push(v);
        } else if let Some(v) = a
            .strip_prefix(short)
            .filter(|v| !v.is_empty() && !short.is_empty())
        {
            out.push(v.trim_start_matches('='));
        }
    }
    out
}

/// The kube context a kubectl line runs in: its `--context`, else the one selected, with the
/// kubeconfig file exported (another file may name another cluster the same way).
fn context(cmd: &Cmd<'_>, ctx: &Context) -> String {
    format!(
        "{}|{}",
        cmd.value(&["--context", "--kube-context"])
            .or(ctx.env.kube_context.as_deref())
            .unwrap_or(""),
        implicit_place(ctx)
    )
}

/// Variables that select where a CLI acts when its line does not say.
const PLACE_VARIABLES: &[&str] = &[
    "KUBECONFIG",
    "CLOUDSDK_CORE_PROJECT",
    "GOOGLE_CLOUD_PROJECT",
    "CLOUDSDK_CONFIG",
    "GH_REPO",
    "GH_HOST",
    "GITLAB_HOST",
    "DOCKER_HOST",
    "DOCKER_CONTEXT",
    "CONTAINER_HOST",
    "PGHOST",
    "PGPORT",
    "PGDATABASE",
    "MYSQL_HOST",
    "MYSQL_TCP_PORT",
    "HELM_KUBECONTEXT",
    "AWS_PROFILE",
    "AWS_DEFAULT_PROFILE",
    "AWS_ENDPOINT_URL",
    "AWS_ENDPOINT_URL_S3",
];

/// Where the CLIs act by default, from what earlier steps selected or exported: a creation and
/// its undo must be made under the same (`gcloud config set project X` between them changes
/// which object the same name is).
fn implicit_place(ctx: &Context) -> String {
    let mut out = String::new();
    for d in ctx.env.defined.all(Kind::Selected) {
        out.push_str(&d.id);
        out.push('=');
        out.push_str(&d.value);
        out.push(';');
    }
    for (n, v) in &ctx.env.exported {
        if PLACE_VARIABLES.contains(&n.as_str()) {
            out.push_str(n);
            out.push('=');
            out.push_str(v);
            out.push(';');
        }
    }
    out
}

/// Records what `cmd` makes that later steps may treat as scratch.
pub fn record(cmd: &Cmd<'_>, ctx: &mut Context) {
    let step = ctx.env.step;
    match cmd.program {
        "kubectl" | "oc" if !cmd.words().any(|w| w.starts_with("--dry-run")) => {
            let ops: Vec<&str> = cmd.operands(KUBECTL_VALUED).collect();
            let made: Vec<&str> = match ops.as_slice() {
                ["create", "namespace" | "ns", names @ ..] => names.to_vec(),
                ["new-project", name, ..] if cmd.program == "oc" => vec![name],
                _ => Vec::new(),
            };
            let within = context(cmd, ctx);
            for name in made {
                ctx.env
                    .defined
                    .define(Kind::Namespace, name, &within, step, None);
            }
        }
        // A copy into the temporary directory: a file, or a folder copied recursively (`cp
        // -r`, `-R`, following links with `-L`), with no option that keeps or makes links
        // (`-a`, `-P`, `-d`, `-s`, `-l`) or reads the source's tree through them. The copy
        // is new files with the sources' content; a folder copy's files are all scratch.
        "cp" => {
            let mut recursive = false;
            let plain = cmd.words().take_while(|w| *w != "--").all(|w| {
                if matches!(w, "-r" | "-R" | "--recursive") {
                    recursive = true;
                    return true;
                }
                if let Some(flags) = w.strip_prefix('-').filter(|f| !f.starts_with('-')) {
                    recursive |= flags.contains(['r', 'R']);
                    return !flags.is_empty()
                        && flags.bytes().all(|c| {
                            matches!(
                                c,
                                b'f' | b'v' | b'i' | b'n' | b'p' | b'r' | b'R' | b'L' | b'T'
                            )
                        });
                }
                !w.starts_with('-')
                    || matches!(
                        w,
                        "--force"
                            | "--verbose"
                            | "--interactive"
                            | "--no-clobber"
                            | "--dereference"
                            | "--no-target-directory"
                    )
            });
            let ops: Vec<&str> = cmd.operands(&[]).collect();
            // A folder copy lands in the destination, or inside it when it already is a
            // folder, or through it when it is a link someone made before (perhaps to the
            // guard's own policy, outside the steps this judge sees): what it makes is the
            // session-15 kind of claim, lowered one tier only ([`made_here`];
            // [`super::throwaway::copied_policy`]).
            if let [_, dest] = ops.as_slice()
                && plain
                && temporary(dest)
                && (recursive || !dest.ends_with('/'))
            {
                ctx.env.defined.define(
                    Kind::ScratchPolicy,
                    dest.trim_matches(['\'', '"']).trim_end_matches('/'),
                    if recursive { "copied" } else { "made" },
                    step,
                    None,
                );
            }
        }
        _ => {}
    }
    if let Some(key) = made_or_undone(cmd, Verb::Create) {
        let key = format!("{key}|{}", implicit_place(ctx));
        ctx.env.defined.define(Kind::Created, &key, "", step, None);
    }
    if cmd.program == "git"
        && !cmd.words().any(|w| w == "-f" || w == "--force")
        && let Some(key) = worktree(cmd, Verb::Create)
    {
        let key = format!("{key}|{}", implicit_place(ctx));
        ctx.env.defined.define(Kind::Created, &key, "", step, None);
    }
}

/// Lowers what this command's own reader found about an object this session made.
pub fn lower(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context, found: &mut [Finding]) {
    if found.iter().all(|f| f.severity <= Severity::Note) {
        return;
    }
    if let Some((why, on_this_line)) = in_made_namespace(cmd, ctx) {
        for f in found
            .iter_mut()
            .filter(|f| f.family == Family::Containers && f.severity > Severity::Note)
        {
            f.severity = super::made_in_line::tier(f.severity, on_this_line, s, index);
            f.message = format!("{why}: {}", f.message);
        }
    }
    if let Some((key, family)) = made_or_undone(cmd, Verb::Undo).zip(undo_family(cmd.program))
        && let Some(made) = ctx
            .env
            .defined
            .latest_of(Kind::Created, &format!("{key}|{}", implicit_place(ctx)))
    {
        let on_this_line = made.step == ctx.env.step;
        let name = key.rsplit('|').next().unwrap_or("");
        // The data-store reader reads gcloud's topics, subscriptions and instances too: its
        // finding is about the same one named object.
        let about = |f: &Finding| {
            f.family == family || cmd.program == "gcloud" && f.family == Family::Database
        };
        for f in found
            .iter_mut()
            .filter(|f| about(f) && f.severity > Severity::Note)
        {
            f.severity = super::made_in_line::tier(f.severity, on_this_line, s, index);
            f.message = format!("{name}, which this session created: {}", f.message);
        }
    }
    super::made_branches::lower(cmd, ctx, found, |key| {
        ctx.env
            .defined
            .latest_of(Kind::Created, &format!("{key}|{}", implicit_place(ctx)))
            .is_some()
    });
    if let Some(file) = temporary_database(cmd)
        && !linked(file, ctx)
    {
        for f in found
            .iter_mut()
            .filter(|f| f.family == Family::Database && f.severity > Severity::Note)
        {
            f.severity = Severity::Note;
            f.message = format!(
                "in {file}, a database file in the temporary directory or a build's output: {}",
                f.message
            );
        }
    }
}

/// Whether the kube context the line runs in is a cluster an earlier step created on this
/// machine (`kind create cluster`, `minikube start -p`, `k3d cluster create`, which select
/// their own context) and no step selected a shared context: if the creation failed, the
/// context current before it was a local one too, or none. Such a cluster holds only what
/// this work put in it, so what is done in it is not graded ([`super::carried::local_place`]
/// already refuses another kubeconfig, server or context on the line). Only a context local
/// by its name (`kind-x`, `k3d-x`, `minikube`): `minikube start -p NAME` that fails leaves a
/// context of that NAME pointing wherever it pointed before.
pub fn cluster_made_here(ctx: &Context) -> bool {
    !ctx.env.shared_context_selected
        && ctx.env.kube_context.as_deref().is_some_and(|c| {
            super::containers::local_cluster(c) && ctx.env.defined.has(Kind::Cluster, c)
        })
}

/// What a finding about an object an earlier step created becomes. A step is an intention,
/// not a result: the guard never sees whether the creation succeeded, and a creation that
/// fails because the object already exists (`kubectl create namespace production`, `CREATE
/// DATABASE customers`) is one a hostile agent can send on purpose to make the real object
/// look like its own. So the lowering is one tier, never past a person: a catastrophic or
/// irreversible finding becomes a confirmation (the person sees the object's name), a bounded
/// one (already a confirmation) goes ahead.
pub fn made_here(severity: Severity) -> Severity {
    if severity >= Severity::Verify {
        Severity::Confirm
    } else {
        Severity::Note
    }
}

/// A kubectl, oc or helm line whose every target is in a namespace this session created.
fn in_made_namespace(cmd: &Cmd<'_>, ctx: &Context) -> Option<(String, bool)> {
    let model = &ctx.env.defined;
    model.latest(Kind::Namespace)?;
    if !matches!(cmd.program, "kubectl" | "oc" | "helm")
        || cmd.words().any(|w| {
            matches!(w, "-A" | "--all-namespaces" | "-f" | "-k" | "-R")
                || w.starts_with("--filename")
                || w.starts_with("--kustomize")
                || w.starts_with("--kubeconfig")
                || w.starts_with("--server")
                || w.starts_with("--cluster")
                || w.starts_with("--kube-context")
        })
    {
        return None;
    }
    let within = context(cmd, ctx);
    let within = within.as_str();
    let made = |name: &str| {
        model
            .all(Kind::Namespace)
            .any(|d| d.id == name && d.value == within)
    };
    // Every namespace targeted was made by this line (the latest making of each).
    let here = |names: &[&str]| {
        names.iter().all(|n| {
            model
                .latest_of(Kind::Namespace, n)
                .is_some_and(|d| d.step == ctx.env.step)
        })
    };
    let namespaces = values(cmd, "-n", "--namespace");
    if cmd.program == "helm" {
        return (!namespaces.is_empty() && namespaces.iter().all(|n| made(n))).then(|| {
            (
                format!("in the namespace {} this session created", namespaces[0]),
                here(&namespaces),
            )
        });
    }
    let ops: Vec<&str> = cmd.operands(KUBECTL_VALUED).collect();
    let (kinds, names) = match ops.as_slice() {
        [_, kinds, names @ ..] => (*kinds, names),
        _ => return None,
    };
    // The namespace itself, by name.
    if NAMESPACE_WORDS.contains(&kinds) {
        return (!names.is_empty() && names.iter().all(|n| made(n))).then(|| {
            (
                format!("the namespace {} this session created", names[0]),
                here(names),
            )
        });
    }
    let namespaced = kinds.split(',').all(|k| {
        let k = k.split('/').next().unwrap_or(k);
        let k = k.split('.').next().unwrap_or(k);
        NAMESPACED.contains(&k.to_ascii_lowercase().as_str())
    });
    (namespaced && !namespaces.is_empty() && namespaces.iter().all(|n| made(n))).then(|| {
        (
            format!("in the namespace {} this session created", namespaces[0]),
            here(&namespaces),
        )
    })
}

/// The database file of a SQLite or DuckDB line, when it is in the temporary directory and
/// nothing on the line reaches past it.
fn temporary_database<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    if !matches!(cmd.program, "sqlite3" | "sqlite" | "duckdb" | "spatialite") {
        return None;
    }
    let file = cmd.operands(SQL_FILE_VALUED).next()?;
    let past = cmd.words().any(|w| {
        let w = w.to_ascii_lowercase();
        PAST_THE_FILE.iter().any(|p| {
            if p.starts_with('-') {
                w == *p
            } else {
                w.contains(p)
            }
        })
    }) || !cmd.redirects.is_empty()
        || cmd.piped_in;
    // A database file the build writes (`build/app.db`, `target/test.sqlite3`) is
    // regenerated by the next build, as one in the temporary directory is thrown away.
    ((temporary(file) || super::build_output::output_path(file)) && !past).then_some(file)
}

/// Which side of a made-then-undone pair a command is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verb {
    Create,
    Undo,
}

/// A program's verbs that create and undo an object, and the options that say where.
type Undoable = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

/// Programs whose creating verb fails when the object already exists, so that a creation in an
/// earlier step means the object is this session's: the verbs that create and undo, and the
/// options that say where (compared whole). Idempotent creations (`az group create`, `docker
/// volume create`, `aws s3 mb`, `mkdir -p`, `CREATE ... IF NOT EXISTS`) are not here: they
/// succeed on what already existed.
const UNDOABLE: &[Undoable] = &[
    (
        "gcloud",
        &["create"],
        &["delete"],
        &[
            "--project",
            "--region",
            "--zone",
            "--location",
            "--instance",
            "--cluster",
        ],
    ),
    (
        "kubectl",
        &["create"],
        &["delete"],
        &["-n", "--namespace", "--context"],
    ),
    (
        "oc",
        &["create"],
        &["delete"],
        &["-n", "--namespace", "--context"],
    ),
    (
        "helm",
        &["install"],
        &["uninstall", "delete", "del", "un"],
        &["-n", "--namespace", "--kube-context"],
    ),
    ("gh", &["create"], &["delete"], &["-R", "--repo"]),
    // `zpool create` fails when a pool of that name is imported.
    ("zpool", &["create"], &["destroy"], &[]),
    ("glab", &["create"], &["delete"], &["-R", "--repo"]),
    (
        "docker",
        &["create"],
        &["rm", "remove"],
        &["--context", "-H", "--host"],
    ),
    (
        "podman",
        &["create"],
        &["rm", "remove"],
        &["--connection", "--url"],
    ),
];

/// The family of what undoing a program's object is graded in.
fn undo_family(program: &str) -> Option<Family> {
    match program {
        "gcloud" | "aws" | "gsutil" => Some(Family::Cloud),
        "gam" => Some(Family::Business),
        "kubectl" | "oc" | "helm" | "docker" | "podman" => Some(Family::Containers),
        "gh" | "glab" | "git" => Some(Family::Git),
        "zpool" => Some(Family::Filesystem),
        p if super::lexicon::is(p, super::lexicon::DATABASE) => Some(Family::Database),
        _ => None,
    }
}

/// The key of the object a command creates (or undoes): program, command path, place and
/// name. None when the command is not such a creation (or undo) of exactly one named object.
fn made_or_undone(cmd: &Cmd<'_>, verb: Verb) -> Option<String> {
    if cmd.program == "git" {
        return branch(cmd, verb);
    }
    if super::lexicon::is(cmd.program, super::lexicon::DATABASE) {
        return database(cmd, verb);
    }
    // Google Workspace's GAM: `gam create group|user ADDRESS` fails on an address in use.
    if cmd.program == "gam" {
        let ops: Vec<&str> = cmd.operands(&[]).collect();
        return match (verb, ops.as_slice()) {
            (Verb::Create, ["create", kind @ ("group" | "user"), name, ..])
            | (Verb::Undo, ["delete", kind @ ("group" | "user"), name]) => {
                Some(format!("gam|{kind}|{}", name.to_ascii_lowercase()))
            }
            _ => None,
        };
    }
    if matches!(cmd.program, "aws" | "gsutil")
        || cmd.program == "gcloud" && cmd.operands(&[]).next() == Some("storage")
    {
        return super::buckets::bucket(cmd, verb == Verb::Create);
    }
    let (program, creates, undoes, places) = UNDOABLE.iter().find(|u| u.0 == cmd.program)?;
    if cmd
        .words()
        .any(|w| w.starts_with("--dry-run") || w == "-f" || w.starts_with("--filename"))
    {
        return None;
    }
    let verbs = if verb == Verb::Create {
        creates
    } else {
        undoes
    };
    let mut valued: Vec<&str> = places.to_vec();
    valued.extend(["--format", "-o", "--output"]);
    let ops: Vec<&str> = cmd.operands(&valued).collect();
    let at = ops.iter().position(|o| verbs.contains(o))?;
    // `docker volume create` succeeds on a volume that exists (and `podman volume create
    // --ignore` does): it proves nothing was made.
    if verb == Verb::Create
        && ops[..at].contains(&"volume")
        && (cmd.program == "docker" || cmd.words().any(|w| w == "--ignore"))
    {
        return None;
    }
    // A creation names its object first (`gcloud ... create NAME --topic T`, `kubectl create
    // TYPE NAME --image I`: an option's value may follow); an undo names exactly one object.
    let (path, name) = match (*program, &ops[at + 1..]) {
        ("kubectl" | "oc", [kind, name, ..]) if verb == Verb::Create || ops.len() == at + 3 => {
            if NAMESPACE_WORDS.contains(kind) {
                return None;
            }
            return Some(format!(
                "{program}|{}|{}|{name}",
                kind.trim_end_matches('s'),
                place(cmd, places)
            ));
        }
        ("kubectl" | "oc", _) => return None,
        (_, [name, ..]) if verb == Verb::Create || ops.len() == at + 2 => (&ops[..at], *name),
        _ => return None,
    };
    Some(format!(
        "{program}|{}|{}|{name}",
        path.join(" "),
        place(cmd, places)
    ))
}

/// The values of the options that say where, in a fixed order.
fn place(cmd: &Cmd<'_>, places: &[&str]) -> String {
    places
        .iter()
        .map(|p| cmd.value(&[p]).unwrap_or(""))
        .collect::<Vec<_>>()
        .join(",")
}

/// A local branch made by `git switch -c X`, `git checkout -b X`, `git branch X` or `git
/// worktree add -b X` (each fails when X exists; `-B`/`-C` reset one that exists and are not
/// here), and its force delete `git branch -D X`.
fn branch(cmd: &Cmd<'_>, verb: Verb) -> Option<String> {
    // A worktree's removal (its creation is recorded beside the branch it may make).
    if verb == Verb::Undo
        && let Some(key) = worktree(cmd, verb)
    {
        return Some(key);
    }
    let ops: Vec<&str> = cmd.operands(&["-C", "-c"]).collect();
    let words: Vec<&str> = cmd.words().collect();
    let after = |flag: &str| {
        words
            .iter()
            .position(|w| *w == flag)
            .and_then(|i| words.get(i + 1))
            .copied()
    };
    let name = match (verb, ops.first().copied()) {
        (Verb::Create, Some("switch")) if words.contains(&"-c") || words.contains(&"--create") => {
            after("-c").or_else(|| after("--create"))?
        }
        (Verb::Create, Some("checkout")) if words.contains(&"-b") => after("-b")?,
        (Verb::Create, Some("worktree")) if words.contains(&"-b") => after("-b")?,
        (Verb::Create, Some("branch"))
            if words.iter().skip(1).all(|w| !w.starts_with('-')) && ops.len() >= 2 =>
        {
            ops[1]
        }
        (Verb::Undo, Some("branch"))
            if words
                .iter()
                .any(|w| matches!(*w, "-D" | "-d" | "--delete" | "-df" | "-fd"))
                && !words.iter().any(|w| *w == "-r" || *w == "--remotes")
                && ops.len() == 2 =>
        {
            ops[1]
        }
        _ => return None,
    };
    Some(format!("git|branch|{name}"))
}

/// A database made by `CREATE DATABASE X` (not `IF NOT EXISTS`) through a client's command
/// option, and a line whose SQL only drops databases so made, with the same client and the
/// same connection words.
fn database(cmd: &Cmd<'_>, verb: Verb) -> Option<String> {
    let sql_options = ["-c", "--command", "-e", "--execute"];
    let sql = cmd.value(&sql_options)?;
    let mut connection: Vec<&str> = Vec::new();
    let mut skip = false;
    for w in cmd.words() {
        if skip {
            skip = false;
            continue;
        }
        if sql_options.contains(&w) {
            skip = true;
            continue;
        }
        if sql_options
            .iter()
            .any(|o| w.starts_with(o) && w.len() > o.len())
        {
            continue;
        }
        connection.push(w);
    }
    let statements: Vec<&str> = sql
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let [statement] = statements.as_slice() else {
        return None;
    };
    let words: Vec<String> = statement
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let name = match (verb, words.as_slice()) {
        (Verb::Create, ["create", "database", name, ..]) if *name != "if" => *name,
        (Verb::Undo, ["drop", "database", "if", "exists", name])
        | (Verb::Undo, ["drop", "database", name]) => *name,
        _ => return None,
    };
    let name = name.trim_matches(['"', '`', '\'']);
    Some(format!(
        "{}|database|{}|{name}",
        cmd.program,
        connection.join(" ")
    ))
}

/// Whether a link, mount or move an earlier step made touches `path` (or a directory above or
/// below it): the temporary path may then be another file ([`super::throwaway`] records them).
pub(crate) fn linked(path: &str, ctx: &Context) -> bool {
    let path = path.trim_matches(['\'', '"']);
    let under = |p: &str, dir: &str| p == dir || p.starts_with(&format!("{dir}/"));
    ctx.env
        .defined
        .all(Kind::ScratchPolicy)
        .any(|d| d.value == "linked" && (under(path, &d.id) || under(&d.id, path)))
}

/// A linked worktree made by `git worktree add PATH` (it fails when PATH exists and is not
/// empty), and its removal `git worktree remove [--force] PATH` (the same path as written).
fn worktree(cmd: &Cmd<'_>, verb: Verb) -> Option<String> {
    let ops: Vec<&str> = cmd
        .operands(&["-C", "-c", "-b", "-B", "--reason"])
        .collect();
    let path = match (verb, ops.as_slice()) {
        (Verb::Create, ["worktree", "add", path, ..]) => *path,
        (Verb::Undo, ["worktree", "remove" | "rm", path]) => *path,
        _ => return None,
    };
    let path = path.trim_matches(['\'', '"']).trim_end_matches('/');
    Some(format!("git|worktree|{path}"))
}
