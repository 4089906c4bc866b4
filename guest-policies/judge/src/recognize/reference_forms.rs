//! The common programs driven through the parts of their reference the usual spellings do not
//! show: plumbing subcommands (`git checkout-index -f -a`, `ctr -n k8s.io c rm`), options whose
//! effect is an overwrite or an exposure (`terraform init -force-copy`, `kubectl proxy
//! --address 0.0.0.0`, `aws rds modify-db-instance --no-deletion-protection`), and operations
//! taken from a file (`psql -h prod-db.example.com -f cleanup.sql` runs statements nobody reads
//! here).
//!
//! One reader, per-program tables: the program's name selects its table (most programs have
//! none and stop at that one match), each row is a command path and the options that make the
//! operation ([`storage_ops::Op`], read by [`storage_ops::judge_ops`], the same reader the
//! storage and data-store tables use). A few forms a row cannot say (where a downloaded file
//! lands, which host a script is run on, whose keys a copy takes) are small functions below,
//! each gated on the program's name first.
//!
//! Nothing here lowers a verdict: a row names an operation or stays silent. A dry run the
//! program honours (`--dry-run`, `--what-if`, not `--dry-run=none`) keeps the rows silent, so
//! the preview of a form reads as the preview it is; what other readers found stays.
//!
//! The facts come from the programs' references (man pages and CLI references).

use super::storage_ops::{Deletes, Disrupts, Op, judge_ops, op};
use super::{Cmd, finding, option_effects, paths};
use crate::finding::{Family, Finding, Severity};
use crate::shell::RedirectKind;

/// The program's table and the family its findings belong to.
fn table(program: &str) -> Option<(&'static [Op], Family)> {
    Some(match program {
        "git" => (GIT, Family::Git),
        "gh" => (GH, Family::Git),
        "buildah" => (BUILDAH, Family::Containers),
        "kubectl" | "oc" => (KUBECTL, Family::Containers),
        "docker" | "podman" | "nerdctl" => (DOCKER, Family::Containers),
        "ctr" => (CTR, Family::Containers),
        "terraform" | "tofu" => (TERRAFORM, Family::Infrastructure),
        "terragrunt" => (TERRAGRUNT, Family::Infrastructure),
        "systemctl" => (SYSTEMCTL, Family::System),
        "aws" => (AWS, Family::Cloud),
        "gcloud" => (GCLOUD, Family::Cloud),
        "az" => (AZ, Family::Cloud),
        "dotnet" => (DOTNET, Family::RemoteCode),
        "mvn" | "mvnw" => (MAVEN, Family::RemoteCode),
        "gradle" | "gradlew" => (GRADLE, Family::RemoteCode),
        "pg_resetwal" | "pg_resetxlog" => (PG_RESETWAL, Family::Database),
        "helm" => (HELM, Family::Containers),
        "docker-compose" | "podman-compose" => (COMPOSE, Family::Containers),
        "rclone" => (RCLONE, Family::Filesystem),
        "robocopy" => (ROBOCOPY, Family::Filesystem),
        "rpm" => (RPM, Family::System),
        "pacman" => (PACMAN, Family::System),
        "flatpak" => (FLATPAK, Family::System),
        "brew" => (BREW, Family::System),
        "groupdel" | "delgroup" => (GROUPDEL, Family::System),
        _ => return None,
    })
}

// git's plumbing and less common porcelain (git-rm(1), git-lfs-migrate(1),
// git-submodule(1), git-checkout-index(1), git-replace(1), git-config(1), git-fast-import(1)).
// `url.X.insteadOf` is not here: its common use points a host at itself over another scheme
// (`https://github.com/` for `git@github.com:`).
const GIT: &[Op] = &[
    op(
        &["rm"],
        Disrupts,
        "removes every tracked file, with the uncommitted changes in them (-f)",
    )
    .with(&["-f", "--force"])
    .and(&[".", ":/"]),
    op(
        &["lfs", "migrate", "import|export"],
        Deletes,
        "rewrites the history of every branch and tag (--everything)",
    )
    .with(&["--everything"]),
    op(
        &["lfs", "migrate", "import|export"],
        Disrupts,
        "rewrites the current branch's history",
    ),
    op(
        &["submodule", "deinit"],
        Disrupts,
        "unregisters submodules and deletes their working trees, local changes too",
    )
    .with(&["-f", "--force", "--all"]),
    op(
        &["checkout-index"],
        Disrupts,
        "overwrites working-tree files from the index: their uncommitted changes are lost",
    )
    .with(&["-f", "--force"]),
    op(
        &["replace"],
        Disrupts,
        "replaces commits in what every git command reads: history shown is not history stored",
    )
    .with(&["--graft", "--edit", "-f", "--force", "--convert-graft-file"]),
    op(
        &["config"],
        Disrupts,
        "turns the repository's hooks off (core.hooksPath to nothing)",
    )
    .with(&["core.hookspath"])
    .and(&["/dev/null", ""]),
    op(
        &["config"],
        Disrupts,
        "turns TLS verification off: what is fetched can be swapped in transit",
    )
    .with(&["http.sslverify", "http.*.sslverify"])
    .and(&["false|0|no|off"]),
    op(
        &["fast-import"],
        Disrupts,
        "force-updates branches from the stream: commits only on them leave the branch",
    )
    .with(&["--force"]),
];

// GitHub's CLI: settings that move what everyone builds on, or who can push.
const GH: &[Op] = &[
    op(
        &["repo", "edit"],
        Disrupts,
        "changes the default branch: new clones, pull requests and branch rules follow it",
    )
    .with(&["--default-branch"]),
    op(
        &["repo", "rename"],
        Disrupts,
        "renames the repository: clones and links reach it only while GitHub redirects the old name",
    ),
    op(
        &["repo", "sync"],
        Disrupts,
        "overwrites the branch with its source's: commits only on it are dropped (--force)",
    )
    .with(&["--force"]),
    op(
        &["repo", "deploy-key", "delete"],
        Disrupts,
        "deletes a deploy key: what deploys with it stops",
    ),
    op(
        &["repo", "deploy-key", "add"],
        Disrupts,
        "adds a deploy key that can push to the repository",
    )
    .with(&["--allow-write", "-w"]),
    op(
        &["codespace", "delete"],
        Disrupts,
        "deletes every codespace, with their uncommitted work",
    )
    .with(&["--all"]),
    op(&["project", "delete"], Disrupts, "deletes a project board"),
    op(
        &["release", "delete-asset"],
        Disrupts,
        "deletes a release's published file: downloads of it break",
    ),
];

// kubectl and oc: a node's root shell, the API served to the network, an identity approved,
// admission controls lifted, the cluster's own system components deleted.
const KUBECTL: &[Op] = &[
    op(
        &["debug"],
        Disrupts,
        "opens a root shell on a node with its whole filesystem mounted",
    )
    .with(&["node/*", "nodes/*", "--profile=sysadmin"]),
    op(
        &["proxy"],
        Deletes,
        "serves the cluster's API, with this user's credentials, to every address that reaches this machine",
    )
    .with(&[
        "--address=0.0.0.0",
        "--address=::",
        "--accept-hosts=.*",
        "--disable-filter",
    ]),
    op(
        &["patch"],
        Deletes,
        "sets a persistent volume to be deleted with its claim: the data goes when the claim does",
    )
    .with(&["*persistentVolumeReclaimPolicy*Delete*"]),
    op(
        &["certificate", "approve"],
        Disrupts,
        "approves a certificate signing request: its holder gets the identity it names",
    ),
    op(
        &["label"],
        Disrupts,
        "lifts the namespace's pod security enforcement",
    )
    .with(&[
        "pod-security.kubernetes.io/enforce-",
        "pod-security.kubernetes.io/enforce=privileged",
    ]),
    op(
        &[
            "delete",
            "validatingwebhookconfiguration*|mutatingwebhookconfiguration*|validatingadmissionpolic*|podsecuritypolic*|psp",
        ],
        Deletes,
        "removes an admission control of the cluster: what it refused is let in",
    ),
    op(
        &["replace"],
        Disrupts,
        "deletes the objects and creates them again (--force): their pods restart, their data in emptyDir is gone",
    )
    .with(&["--force"]),
    op(
        &["apply"],
        Disrupts,
        "deletes every object of the selection that the manifests no longer list (--prune)",
    )
    .with(&["--prune"]),
    op(
        &["drain"],
        Disrupts,
        "evicts the node's pods and deletes their emptyDir data",
    )
    .with(&["--delete-emptydir-data", "--delete-local-data"]),
    op(
        &["taint"],
        Disrupts,
        "evicts every pod that does not tolerate it from every node (NoExecute on --all)",
    )
    .with(&["--all"])
    .and(&["*:NoExecute"]),
    op(
        &["delete"],
        Deletes,
        "deletes a component of the cluster's own system (kube-system)",
    )
    .with(&["kube-system", "--namespace=kube-system"])
    .and(&[
        "daemonset*|ds|ds/*|deployment*|deploy|deploy/*|statefulset*|sts|sts/*|service|services|svc|svc/*|configmap*|cm|cm/*",
    ]),
];

// docker, podman, nerdctl: a container given the host, a swarm's managers dropped.
const DOCKER: &[Op] = &[
    op(
        &["run|create"],
        Deletes,
        "runs a privileged container in the host's namespaces or filesystem: root on the host",
    )
    .with(&["--privileged", "--cap-add=ALL", "--cap-add=SYS_ADMIN"])
    .and(&["--pid=host", "/:/*", "--userns=host"]),
    op(
        &["swarm", "init"],
        Disrupts,
        "forces a new swarm from this manager: the other managers are dropped",
    )
    .with(&["--force-new-cluster"]),
    op(
        &["node", "demote"],
        Disrupts,
        "demotes a manager of the swarm",
    ),
    op(
        &["trust", "revoke"],
        Disrupts,
        "revokes an image's signatures",
    ),
    op(
        &["system", "reset"],
        Deletes,
        "deletes every container, image, volume and network of the engine",
    ),
    op(
        &["compose", "up"],
        Disrupts,
        "recreates the services' anonymous volumes: the data in them is gone",
    )
    .with(&["-V", "--renew-anon-volumes"]),
];

// docker-compose / podman-compose as their own programs: the same option.
const COMPOSE: &[Op] = &[op(
    &["up"],
    Disrupts,
    "recreates the services' anonymous volumes: the data in them is gone",
)
.with(&["-V", "--renew-anon-volumes"])];

// helm upgrade / rollback --force: resources replaced by delete and create (helm(1)).
const HELM: &[Op] = &[op(
    &["upgrade|rollback"],
    Disrupts,
    "replaces the release's resources by deleting and creating them (--force): its pods restart at once",
)
.with(&["--force"])];

// rclone(1): commands that delete at one end besides sync and purge (read elsewhere).
const RCLONE: &[Op] = &[
    op(
        &["move|moveto"],
        Disrupts,
        "deletes each file from the source once it is copied",
    ),
    op(
        &["dedupe"],
        Disrupts,
        "deletes duplicate files, keeping one by the mode it is given",
    )
    .with(&[
        "--dedupe-mode=newest",
        "--dedupe-mode=oldest",
        "--dedupe-mode=largest",
        "--dedupe-mode=smallest",
        "--dedupe-mode=first",
        "newest",
        "oldest",
        "largest",
        "smallest",
        "first",
    ]),
    op(
        &["cleanup"],
        Disrupts,
        "deletes the remote's old file versions and trash for good",
    ),
];

// robocopy's /MOV and /MOVE delete the source once copied (/MIR and /PURGE are read as
// mirrors elsewhere).
const ROBOCOPY: &[Op] = &[op(
    &[],
    Disrupts,
    "deletes the source's files once copied (/MOV, /MOVE)",
)
.with(&["/MOV", "/MOVE"])];

// Package managers told to skip what protects the system: rpm -e --nodeps, pacman -Rdd
// (dependency checks skipped), flatpak's and Homebrew's removals that take the data along.
const RPM: &[Op] = &[op(
    &[],
    Disrupts,
    "removes a package without checking what depends on it (--nodeps): what needs it breaks",
)
.with(&["-e", "--erase"])
.and(&["--nodeps"])];

const PACMAN: &[Op] = &[op(
    &[],
    Disrupts,
    "removes packages with the dependency checks skipped (-Rdd): what needs them breaks",
)
.with(&["-R*dd*", "-R*d*d*"])];

const FLATPAK: &[Op] = &[op(
    &["uninstall|remove"],
    Disrupts,
    "uninstalls applications and deletes their data (--delete-data, --all)",
)
.with(&["--delete-data", "--all"])];

const BREW: &[Op] = &[op(
    &["uninstall|remove|rm"],
    Disrupts,
    "removes the application with every file it keeps in the home directory (--zap): its settings and data",
)
.with(&["--zap"])];

const GROUPDEL: &[Op] = &[op(
    &[],
    Disrupts,
    "deletes a group: its members lose what it granted",
)];

// buildah: every working container or image of the build host.
const BUILDAH: &[Op] = &[
    op(&["rm"], Disrupts, "deletes every working container").with(&["--all", "-a"]),
    op(&["rmi"], Disrupts, "deletes every image").with(&["--all", "-a", "--prune", "-p"]),
];

// containerd's own client, used on Kubernetes nodes (`ctr -n k8s.io ...`).
const CTR: &[Op] = &[
    op(
        &["c|container|containers", "rm|del|delete|remove"],
        Disrupts,
        "deletes containers under the node's runtime",
    ),
    op(
        &["t|task|tasks", "kill|rm|del|delete"],
        Disrupts,
        "kills or deletes running tasks",
    ),
    op(
        &["i|image|images", "rm|del|delete|remove|prune"],
        Disrupts,
        "deletes images from the node",
    ),
    op(
        &["snapshot|snapshots", "rm|del|delete|remove"],
        Disrupts,
        "deletes snapshots under the node's runtime",
    ),
    op(
        &["ns|namespace|namespaces", "rm|remove"],
        Disrupts,
        "deletes a runtime namespace",
    ),
];

// terraform and tofu: -force-copy answers yes to overwriting the new backend's state. (A saved
// plan applied is judged by what the plan was made from: `context_tests`.)
const TERRAFORM: &[Op] = &[op(
    &["init"],
    Disrupts,
    "copies the state to the new backend without asking, over the state there",
)
.with(&["-force-copy", "--force-copy"])];

// terragrunt: `run-all apply` appends -auto-approve to every module's apply (its reference
// says so), `run --all apply` is the same in its newer CLI.
const TERRAGRUNT: &[Op] = &[
    op(
        &["run-all", "apply"],
        Disrupts,
        "applies every module under this directory, each without asking",
    ),
    op(
        &["apply-all"],
        Disrupts,
        "applies every module under this directory, each without asking",
    ),
    op(
        &["run", "apply"],
        Disrupts,
        "applies every module under this directory, each without asking",
    )
    .with(&["--all", "-a"]),
];

const SYSTEMCTL: &[Op] = &[op(
    &["set-default"],
    Disrupts,
    "makes the machine boot into a rescue, emergency or power-off target",
)
.with(&[
    "rescue.target|emergency.target|poweroff.target|halt.target|reboot.target|rescue|emergency|poweroff|halt|reboot",
])];

// The big clouds' protection switches: deletion protection, termination protection, a
// resource lock, versioning, billing.
const AWS: &[Op] = &[
    op(
        &["*", "modify-*|update-*|put-*|create-*"],
        Disrupts,
        "turns off a resource's protection against deletion",
    )
    .with(&[
        "--no-deletion-protection",
        "--no-disable-api-termination",
        "--no-disable-api-stop",
        "--no-enable-termination-protection",
        "--no-deletion-protection-enabled",
    ]),
    op(
        &["rds", "modify-db-instance|modify-db-cluster"],
        Deletes,
        "turns automated backups off: the automated backups kept so far are deleted",
    )
    .with(&["--backup-retention-period=0"]),
    op(
        &["lambda", "update-function-configuration"],
        Disrupts,
        "replaces the running function's whole environment: variables not given are removed",
    )
    .with(&["--environment"]),
    op(
        &["lambda", "update-function-code"],
        Disrupts,
        "replaces the running function's code",
    ),
    op(
        &["logs", "put-retention-policy"],
        Disrupts,
        "deletes the log group's events older than the new retention",
    ),
    op(
        &["dynamodb", "update-continuous-backups"],
        Disrupts,
        "turns point-in-time recovery off: the table's recovery window is gone",
    )
    .with(&["*PointInTimeRecoveryEnabled=false*"]),
    op(
        &[
            "s3api",
            "put-bucket-lifecycle-configuration|put-bucket-lifecycle",
        ],
        Disrupts,
        "replaces the bucket's lifecycle rules: objects they expire are deleted",
    ),
    op(
        &["ecs", "update-service"],
        Disrupts,
        "redeploys the running service",
    )
    .with(&["--force-new-deployment", "--task-definition"]),
    op(
        &["ssm", "put-parameter"],
        Disrupts,
        "overwrites a parameter's value: what reads it gets the new one",
    )
    .with(&["--overwrite"]),
    op(
        &["s3api", "put-bucket-versioning"],
        Disrupts,
        "suspends the bucket's versioning: overwritten and deleted objects are no longer kept",
    )
    .with(&["Status=Suspended"]),
];

/// gcloud's options that change a running service's or function's environment variables.
const GCLOUD_ENV_FLAGS: &[&str] = &[
    "--set-env-vars",
    "--update-env-vars",
    "--remove-env-vars",
    "--clear-env-vars",
    "--env-vars-file",
];

const GCLOUD: &[Op] = &[
    op(
        &["run", "services", "update"],
        Disrupts,
        "changes the running service's environment: a new revision takes its traffic",
    )
    .with(GCLOUD_ENV_FLAGS),
    op(
        &["run", "services", "update"],
        Disrupts,
        "changes the running service's image or secrets: a new revision takes its traffic",
    )
    .with(&[
        "--image",
        "--set-secrets",
        "--update-secrets",
        "--remove-secrets",
    ]),
    op(
        &["functions", "deploy"],
        Disrupts,
        "replaces the running function's environment",
    )
    .with(GCLOUD_ENV_FLAGS),
    op(
        &["sql", "instances", "patch"],
        Deletes,
        "opens the database instance to every address",
    )
    .with(&["--authorized-networks=0.0.0.0/0"]),
    op(
        &["sql", "instances", "patch"],
        Disrupts,
        "changes the running database instance's settings (backups, flags, tier; some restart it)",
    )
    .with(&[
        "--no-backup",
        "--database-flags",
        "--clear-database-flags",
        "--tier",
        "--authorized-networks",
        "--clear-authorized-networks",
        "--no-enable-bin-log",
        "--no-enable-point-in-time-recovery",
    ]),
    op(
        &["logging", "buckets", "update"],
        Disrupts,
        "shortens or changes the log bucket's retention: older entries are deleted",
    )
    .with(&["--retention-days"]),
    op(
        &["billing", "projects", "unlink"],
        Deletes,
        "unlinks the project's billing: its paid resources stop, and are deleted after a grace period",
    ),
    op(
        &[],
        Disrupts,
        "turns off a resource's protection against deletion",
    )
    .with(&["--no-deletion-protection"]),
];

const AZ: &[Op] = &[
    op(
        &[
            "webapp|functionapp|logicapp",
            "config",
            "appsettings|connection-string",
            "set|delete",
        ],
        Disrupts,
        "changes the running app's settings: it restarts with them",
    ),
    op(
        &["containerapp", "update"],
        Disrupts,
        "changes the running container app's environment or image",
    )
    .with(&[
        "--set-env-vars",
        "--remove-env-vars",
        "--replace-env-vars",
        "--remove-all-env-vars",
        "--image",
    ]),
    op(
        &["lock", "delete"],
        Disrupts,
        "deletes a resource lock: what it protected can be deleted",
    ),
    op(
        &["resource", "lock", "delete"],
        Disrupts,
        "deletes a resource lock: what it protected can be deleted",
    ),
];

// Publishing from the build tools that are not package managers (their publish verbs).
const DOTNET: &[Op] = &[
    op(
        &["nuget", "push"],
        Disrupts,
        "publishes a package to a NuGet feed: everyone who restores it gets it",
    ),
    op(
        &["nuget", "delete"],
        Disrupts,
        "deletes or unlists a package version from its feed",
    ),
];

const MAVEN: &[Op] = &[op(
    &[],
    Disrupts,
    "deploys the build's artifacts to the remote repository others resolve from",
)
.with(&["deploy|deploy:deploy|deploy:deploy-file|release:perform|nexus-staging:release"])];

const GRADLE: &[Op] = &[op(
    &[],
    Disrupts,
    "publishes the build's artifacts to a remote repository others resolve from",
)
.with(&[
    "publish|publishPlugins|publishToSonatype|publishAllPublicationsTo*Repository|publish*PublicationTo*Repository|closeAndReleaseSonatypeStagingRepository",
])];

/// pg_resetwal throws the write-ahead log away (its `-n` only prints: [`previewed`]).
const PG_RESETWAL: &[Op] = &[op(
    &[],
    Deletes,
    "discards the write-ahead log: committed transactions may be lost and the cluster left inconsistent",
)];

/// Judges one command: its program's table, then the forms a row cannot say.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    // The options read by their value (a lifetime, a file's place, a prompt's answer).
    option_effects::judge(cmd, out);
    if let Some((ops, family)) = table(p) {
        // `git rm --cached` leaves the working tree alone: only the index changes; `git config
        // --get` reads.
        let reads = p == "git"
            && cmd.has(&[
                "--cached",
                "--get",
                "--get-all",
                "--get-regexp",
                "--list",
                "-l",
                "--unset",
            ]);
        if !previewed(cmd) && !reads {
            judge_ops(cmd, p, ops, family, out);
        }
        return;
    }
    match p {
        "psql" | "mysql" | "mariadb" | "mongosh" | "mongo" | "sqlite3" | "cqlsh"
        | "clickhouse-client" | "sqlcmd" | "redis-cli" | "valkey-cli" => script_from_file(cmd, out),
        "tar" | "bsdtar" | "gtar" => tar_into_system(cmd, out),
        "curl" | "wget" | "wget2" => {
            download_over_startup(cmd, out);
            metadata_credentials(cmd, out);
        }
        "scp" | "rsync" | "sftp" => keys_copied_off(cmd, out),
        _ => {}
    }
}

/// A dry run the program honours keeps the rows silent (`kubectl ... --dry-run=server`,
/// `git rm -n`); `--dry-run=none` runs for real.
fn previewed(cmd: &Cmd<'_>) -> bool {
    cmd.words().any(super::dry_run_option)
        || matches!(cmd.program, "git" | "pg_resetwal" | "pg_resetxlog")
            && cmd.flag(b"n", &["dry-run"])
        // robocopy's /L lists what it would copy and delete; rpm's --test removes nothing.
        || cmd.program == "robocopy" && cmd.words().any(|w| w.eq_ignore_ascii_case("/L"))
        || cmd.program == "rpm" && cmd.has(&["--test"])
}

/// Words of a script's file name that say what it does to the data.
const DESTROYING_SCRIPT: &[&str] = &[
    "drop", "truncate", "wipe", "delete", "purge", "reset", "nuke", "destroy", "teardown", "erase",
    "cleanup", "clean", "flush",
];

/// A database client running statements from a file (`-f F`, `--file=F`, `< F`, sqlite3's
/// `.read F`, mongosh's script operand): the statements are not read here, so the client runs
/// what the file's name says (a cleanup, a truncate). Any other file goes ahead, on any
/// server: a report or a schema read from a file is the common case, and the server's name
/// alone says nothing of what the file does.
fn script_from_file(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    // Each client's own spelling of "statements from this file" (mysql's -f is --force).
    let file_options: &[&str] = match cmd.program {
        "psql" | "cqlsh" | "mongosh" | "mongo" => &["-f", "--file"],
        "clickhouse-client" => &["--queries-file"],
        "sqlcmd" => &["-i", "--input-file"],
        _ => &[],
    };
    let mut script = cmd.value(file_options);
    if script.is_none() {
        script = cmd
            .redirects
            .iter()
            .find(|r| r.kind == RedirectKind::Read)
            .map(|r| &*r.target);
    }
    if script.is_none() {
        script = cmd.words().find_map(|w| {
            w.strip_prefix(".read ")
                .or_else(|| w.strip_prefix("source "))
        });
    }
    if script.is_none() && matches!(cmd.program, "mongosh" | "mongo") {
        script = cmd.operands(&[]).find(|w| w.ends_with(".js"));
    }
    let Some(file) = script else { return };
    if file.contains("://") {
        return;
    }
    let name = paths::file_name(file);
    let says = name
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|part| {
            DESTROYING_SCRIPT
                .iter()
                .any(|d| part.eq_ignore_ascii_case(d))
        });
    let Some(word) = says else { return };
    let message = format!(
        "{} runs the statements of {file}, not read here, whose name says {word}",
        cmd.program
    );
    out.push(finding(
        Family::Database,
        "database.script-from-file",
        Severity::Confirm,
        message,
    ));
}

/// `tar -x` into `/` or a system directory (`-C /`, `--directory=/etc`): the archive's files
/// replace the system's. (`--remove-files`, which deletes what it archives, is read with the
/// other archivers' in [`option_effects`].)
fn tar_into_system(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let first = cmd.args.first().map(|a| &**a).unwrap_or("");
    let bundle = |letter: u8| {
        !first.starts_with("--")
            && first
                .trim_start_matches('-')
                .bytes()
                .all(|b| b.is_ascii_alphabetic())
            && first.as_bytes().contains(&letter)
    };
    let extract = bundle(b'x') || cmd.flag(b"x", &["extract", "get"]);
    if extract && !cmd.flag(b"t", &["list"]) {
        let dir = cmd.value(&["-C", "--directory"]);
        if let Some(dir) = dir.filter(|d| system_directory(d)) {
            out.push(finding(
                Family::Filesystem,
                "filesystem.extract-over-system",
                Severity::Verify,
                format!("tar extracts into {dir}: the archive's files replace the system's"),
            ));
        }
        return;
    }
    // `tar cf /dev/sdb ...`: the archive written over a disk, its filesystem gone (a tape
    // drive, `/dev/st0`, is no block device and goes ahead).
    let create = bundle(b'c') || cmd.flag(b"c", &["create"]);
    let archive = cmd.value(&["-f", "--file"]).or_else(|| {
        bundle(b'f')
            .then(|| cmd.args.get(1).map(|a| &**a))
            .flatten()
    });
    if create && let Some(device) = archive.filter(|a| paths::block_device(a)) {
        out.push(finding(
            Family::Filesystem,
            "filesystem.archive-over-disk",
            Severity::Stop,
            format!("tar writes its archive over {device}: the disk's filesystem is gone"),
        ));
    }
}

/// `/` and the directories the system runs from: an archive unpacked there replaces its files.
/// A service's data directory (`/srv/app`, a deploy's target) and `/usr/local` (where install
/// instructions unpack a toolchain) are not.
pub(crate) fn system_directory(dir: &str) -> bool {
    let d = dir.trim_end_matches('/');
    matches!(
        d,
        "" | "/usr"
            | "/usr/bin"
            | "/usr/sbin"
            | "/usr/lib"
            | "/usr/lib64"
            | "/bin"
            | "/sbin"
            | "/lib"
            | "/lib64"
            | "/var"
    ) || d == "/etc"
        || d.starts_with("/etc/")
        || d == "/boot"
        || d.starts_with("/boot/")
}

/// A download written over a system file or a shell's startup file (`wget -O /etc/hosts`,
/// `curl -o ~/.bashrc`): what the server sends becomes the machine's configuration or runs at
/// the next login.
fn download_over_startup(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let target = if cmd.program == "curl" {
        cmd.value(&["-o", "--output"])
            .or_else(|| cmd.bundled_value(b'o'))
    } else {
        cmd.value(&["-O", "--output-document"])
    };
    // `/usr/local` is where install instructions put a downloaded tool: left to the readers
    // of installs.
    let Some(t) = target.filter(|t| !t.starts_with("/usr/local/")) else {
        return;
    };
    // The same files a redirection or a copy over them is graded by (`paths::critical_file`).
    let Some((_, what)) = paths::critical_file(t) else {
        return;
    };
    out.push(finding(
        Family::System,
        "system.download-over-config",
        Severity::Confirm,
        format!(
            "{} writes what the server sends over {t}: {what}",
            cmd.program
        ),
    ));
}

/// The cloud metadata service's credential paths (AWS's `security-credentials`, Azure's and
/// GCP's token endpoints): the machine's cloud identity read into the session.
fn metadata_credentials(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    // IMDSv2's `latest/api/token` is a session token for reading metadata, not a credential.
    let credential = cmd.words().any(|w| {
        (w.contains("169.254.169.254") || w.contains("metadata.google.internal"))
            && (w.contains("security-credentials")
                || w.contains("identity/oauth2")
                || w.contains("service-accounts/") && w.contains("/token"))
    });
    if credential {
        out.push(finding(
            Family::Secrets,
            "secrets.metadata-credentials",
            Severity::Confirm,
            format!(
                "{} reads the machine's cloud credentials from the metadata service",
                cmd.program
            ),
        ));
    }
}

/// A copy whose source is a private key or credential on another machine (`scp -r
/// prod:/etc/ssl/private ./`): the keys leave the server they protect.
fn keys_copied_off(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let operands: Vec<&str> = cmd
        .operands(&["-P", "-i", "-o", "-e", "-F", "-J", "-l", "-S"])
        .collect();
    let Some((_, sources)) = operands.split_last() else {
        return;
    };
    for s in sources {
        let Some((host, path)) = s.split_once(':') else {
            continue;
        };
        if host.is_empty() || host.contains('/') || !path.starts_with(['/', '~']) {
            continue;
        }
        if let Some(what) = paths::secret(path) {
            out.push(finding(
                Family::Exfiltration,
                "exfiltration.keys-copied-off",
                Severity::Confirm,
                format!("{} copies {what} ({path}) off {host}", cmd.program),
            ));
            return;
        }
    }
}
