//! Operations by their own verbs on the less common infrastructure tools: cluster file systems
//! (Spectrum Scale's `mm*` commands, Lustre, BeeGFS), Pacemaker's low-level tools, OpenStack's
//! deployers (kolla-ansible, openstack-ansible), swarm services, Kubernetes distributions'
//! uninstall and kill scripts, configuration management that applies (`puppet agent --test`,
//! `chef-client`, `cf-agent`, pyinfra, NixOS deployers), PaaS command lines (dokku, piku,
//! Heroku's add-ons, Railway, Cloud Foundry, Kamal, Clever Cloud, Scalingo, Koyeb, Platform.sh)
//! and the process tools that select by user (`skill`, `snice`, `slay`, `fuser -k`,
//! `loginctl kill-user`).
//!
//! These programs share no grammar, but they share a shape: a handful of verbs that change what
//! others rely on, and many reads. Each program is a table of rows written from its reference,
//! read by the one row reader of [`super::storage_ops`] (command path, options, what it does to
//! data: erases, deletes, disrupts), so a program costs a few lines, not a rule per command
//! line. Reads (`mmlsfs`, `ceph status`, `dokku apps:list`, `docker service ls`, `skill -l`)
//! match no row and go ahead.
//!
//! One lowering, and only of this file's own rows: a program's options that make the whole
//! invocation a report (`skill -n`, `cf-agent -n`, `colmena apply build`) keep its row from
//! matching. They are read where the program reads them, and nothing another reader found is
//! lowered by them.
//!
//! A PaaS reached through ssh: dokku and piku install a forced command for their ssh user, so
//! `ssh dokku@host apps:destroy app` runs `dokku apps:destroy app` there
//! ([`forced_command`]).
//!
//! Looked up by the program's name (one `match`): no table is scanned for another program.

use super::Cmd;
use super::storage_ops::{Deletes, Disrupts, Erases, Op, judge_ops, op};
use crate::finding::{Family, Finding, Severity};

/// One program's rows, the family of its findings and what makes the invocation a report: its
/// options as the program spells them, or a goal operand at its place.
struct Tool {
    ops: &'static [Op],
    family: Family,
    reports: &'static [&'static str],
    goal: Goal,
}

/// A goal operand that makes the invocation a build or a preview (`colmena apply build`): the
/// words, the operand's index, and the program's options that take a value (so an option's
/// value is not counted as an operand).
struct Goal {
    words: &'static [&'static str],
    at: usize,
    valued: &'static [&'static str],
}

const NO_GOAL: Goal = Goal {
    words: &[],
    at: 0,
    valued: &[],
};

const fn tool(ops: &'static [Op], family: Family) -> Tool {
    Tool {
        ops,
        family,
        reports: &[],
        goal: NO_GOAL,
    }
}

const fn reporting(ops: &'static [Op], family: Family, reports: &'static [&'static str]) -> Tool {
    Tool {
        ops,
        family,
        reports,
        goal: NO_GOAL,
    }
}

const fn with_goal(
    ops: &'static [Op],
    family: Family,
    reports: &'static [&'static str],
    goal: Goal,
) -> Tool {
    Tool {
        ops,
        family,
        reports,
        goal,
    }
}

const FS: Family = Family::Filesystem;
const INFRA: Family = Family::Infrastructure;
const CONTAINERS: Family = Family::Containers;
const SYSTEM: Family = Family::System;
const CLOUD: Family = Family::Cloud;

// ---------------------------------------------------------------------------------------
// Cluster file systems.

/// IBM Storage Scale (GPFS): one program per operation.
static MMDELFS: Tool = tool(
    &[op(
        &[],
        Erases,
        "deletes a Storage Scale (GPFS) file system and everything on it",
    )],
    FS,
);
static MMDELFILESET: Tool = tool(
    &[op(&[], Deletes, "deletes a GPFS fileset").worse(&["-f"])],
    FS,
);
static MMCRFS: Tool = tool(
    &[op(
        &[],
        Erases,
        "creates a GPFS file system over disks: what they held is gone",
    )],
    FS,
);
static MMCRNSD: Tool = tool(
    &[op(
        &[],
        Deletes,
        "writes NSD descriptors over disks (with -v no, over disks in use)",
    )],
    FS,
);
static MMDELDISK: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "removes disks from a GPFS file system (their data is migrated off or lost)",
    )
    .worse(&["-p"])],
    FS,
);
static MMDELNSD: Tool = tool(&[op(&[], Disrupts, "deletes NSD definitions")], FS);
static MMDELSNAPSHOT: Tool = tool(&[op(&[], Deletes, "deletes a GPFS snapshot")], FS);
static MMRESTOREFS: Tool = tool(
    &[op(
        &[],
        Deletes,
        "restores a file system from a snapshot, overwriting what changed since",
    )],
    FS,
);
static MMSHUTDOWN: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "stops GPFS on nodes: their file systems are unmounted",
    )
    .worse(&["-a"])],
    FS,
);
static MMUMOUNT: Tool = tool(
    &[op(&[], Disrupts, "unmounts a GPFS file system").worse(&["-a"])],
    FS,
);
static MMDELNODE: Tool = tool(
    &[op(&[], Disrupts, "removes nodes from the GPFS cluster")],
    FS,
);
static MMCHDISK: Tool = tool(
    &[op(
        &["*", "stop|suspend|empty"],
        Disrupts,
        "stops or empties disks of a GPFS file system",
    )],
    FS,
);
static MMUNLINKFILESET: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "unlinks a fileset: its files leave the namespace",
    )],
    FS,
);
static MMAPPLYPOLICY: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "runs a policy's rules (deletions, migrations) over the file system's files",
    )
    .with(&["-I=yes"])],
    FS,
);

/// Lustre's control tool, target tuning and client tool; BeeGFS's control tool.
static LCTL: Tool = tool(
    &[
        op(
            &["conf_param"],
            Disrupts,
            "sets a permanent parameter of the whole file system",
        ),
        op(
            &["set_param"],
            Disrupts,
            "permanently sets a parameter on every node",
        )
        .with(&["-P"]),
        op(
            &["deactivate"],
            Disrupts,
            "deactivates a target: its objects become unreachable",
        ),
        op(
            &["del_ost|pool_destroy|pool_remove|replace_nids"],
            Disrupts,
            "removes targets or pools from the file system's configuration",
        ),
    ],
    FS,
);
static TUNEFS_LUSTRE: Tool = tool(
    &[
        op(&[], Disrupts, "rewrites a Lustre target's configuration").with(&[
            "--writeconf",
            "--erase-params",
            "--erase-param",
        ]),
    ],
    FS,
);
static LFS: Tool = tool(
    &[
        op(&["rmfid"], Deletes, "deletes files by their identifiers"),
        op(&["hsm_remove"], Deletes, "removes files' archived copies"),
        op(&["rm_entry"], Disrupts, "removes a directory entry"),
    ],
    FS,
);
static BEEGFS_CTL: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "removes BeeGFS nodes, targets or mirror groups",
    )
    .with(&[
        "--removenode",
        "--unmaptarget",
        "--removetarget",
        "--removemirrorgroup",
    ])],
    FS,
);

// ---------------------------------------------------------------------------------------
// Cluster managers and deployers.

/// Pacemaker's low-level tools (pcs and crm are rows of [`super::admin_clis`]).
static CIBADMIN: Tool = tool(
    &[
        op(
            &[],
            Deletes,
            "erases the whole cluster configuration (every resource and constraint)",
        )
        .with(&["--erase", "-E"]),
        op(&[], Disrupts, "replaces or deletes cluster configuration").with(&[
            "--replace",
            "-R",
            "--delete",
            "-D",
            "--delete-all",
        ]),
    ],
    INFRA,
);
static STONITH_ADMIN: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "fences (powers off or reboots) a cluster node",
    )
    .with(&["--fence", "-F", "--reboot", "-B", "--off"])],
    INFRA,
);
static CRM_NODE: Tool = tool(
    &[op(&[], Disrupts, "removes a node from the cluster").with(&["--remove", "-R"])],
    INFRA,
);
static CRM_RESOURCE: Tool = tool(
    &[
        op(&[], Disrupts, "stops, moves or bans a cluster resource").with(&[
            "--force-stop",
            "--ban",
            "-B",
            "--move",
            "-M",
            "--delete",
            "-D",
        ]),
    ],
    INFRA,
);
static CRM_ATTRIBUTE: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "puts a node in standby: its resources move off",
    )
    .with(&["standby"])
    .and(&["--update=on", "-v=on", "--update=true", "-v=true"])],
    INFRA,
);
static COROSYNC_CFGTOOL: Tool = tool(
    &[op(&[], Disrupts, "shuts corosync down on this node").with(&["-H"])],
    INFRA,
);

/// kolla-ansible: its subcommands run playbooks on every host of the inventory.
static KOLLA_ANSIBLE: Tool = tool(
    &[
        op(
            &["destroy"],
            Deletes,
            "destroys every OpenStack service container and volume on the inventory's hosts",
        ),
        op(
            &["stop"],
            Disrupts,
            "stops every OpenStack service on the inventory's hosts",
        ),
        op(
            &[
                "deploy|reconfigure|upgrade|deploy-containers|deploy-servers|bootstrap-servers|post-deploy|mariadb_recovery|mariadb-recovery|rabbitmq-reset-state|prune-images|certificates|gather-facts-and-deploy",
            ],
            Disrupts,
            "changes the OpenStack services on the inventory's hosts",
        ),
    ],
    INFRA,
);
/// openstack-ansible: ansible-playbook with the deployment's inventory.
static OPENSTACK_ANSIBLE: Tool = reporting(
    &[
        op(
            &["*destroy*|*teardown*"],
            Deletes,
            "runs a playbook that destroys the deployment's containers and their data",
        ),
        op(
            &["*.yml|*.yaml"],
            Disrupts,
            "runs a playbook on the OpenStack deployment's hosts",
        ),
    ],
    INFRA,
    &[
        "--syntax-check",
        "--list-hosts",
        "--list-tasks",
        "--list-tags",
    ],
);

/// Docker's swarm mode: services, stacks, nodes (docker's containers and images are read by
/// [`super::containers`]).
static DOCKER: Tool = tool(
    &[
        op(
            &["service", "scale"],
            Disrupts,
            "changes how many tasks of a swarm service run",
        ),
        op(
            &["service", "rm|remove"],
            Disrupts,
            "removes a swarm service",
        ),
        op(
            &["service", "update"],
            Disrupts,
            "changes how many tasks of a swarm service run",
        )
        .with(&["--replicas"]),
        op(
            &["service", "rollback"],
            Disrupts,
            "rolls a swarm service back",
        ),
        op(
            &["stack", "rm|remove|down"],
            Disrupts,
            "removes a stack with every service of it",
        ),
        op(
            &["swarm", "leave"],
            Disrupts,
            "takes this node out of the swarm",
        ),
        op(
            &["node", "rm|remove|demote"],
            Disrupts,
            "removes or demotes a swarm node",
        ),
        op(
            &["node", "update"],
            Disrupts,
            "drains or pauses a swarm node: its tasks move off",
        )
        .with(&["--availability=drain", "--availability=pause"]),
    ],
    CONTAINERS,
);

/// Kubernetes distributions' scripts and installers.
static K8S_UNINSTALL: Tool = tool(
    &[op(
        &[],
        Deletes,
        "uninstalls Kubernetes from this node with its cluster data (a server's datastore too)",
    )],
    CONTAINERS,
);
static K8S_KILLALL: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "kills every Kubernetes process and container on this node",
    )],
    CONTAINERS,
);
static RKE: Tool = tool(
    &[op(
        &["remove"],
        Deletes,
        "removes Kubernetes and its data from every node of the cluster",
    )],
    CONTAINERS,
);
static TALOSCTL: Tool = tool(
    &[
        op(&["reset"], Disrupts, "wipes a node's system partitions")
            .worse(&["--graceful=false", "--wipe-mode=all"]),
        op(
            &["reboot|shutdown"],
            Disrupts,
            "reboots or shuts down cluster nodes",
        ),
        op(
            &["etcd", "leave|remove-member|forfeit-leadership"],
            Disrupts,
            "changes the cluster's etcd membership",
        ),
    ],
    CONTAINERS,
);

// ---------------------------------------------------------------------------------------
// Configuration management that applies.

/// Puppet's runs (its node and certificate verbs are rows of [`super::admin_clis`]):
/// `--test` runs the agent once and applies the catalog; only `--noop` (a dry run, read
/// before any recognizer) previews it.
static PUPPET: Tool = tool(
    &[
        op(
            &["agent"],
            Disrupts,
            "runs the agent: the catalog is applied to this host",
        )
        .with(&["--test", "-t", "--onetime", "-o", "--no-daemonize"]),
        op(&["apply"], Disrupts, "applies a manifest to this host"),
    ],
    INFRA,
);
static CHEF_CLIENT: Tool = reporting(
    &[op(
        &[],
        Disrupts,
        "converges this node: its run list is applied",
    )],
    INFRA,
    &["-v", "--version", "-W", "--why-run"],
);
static ANSIBLE_PULL: Tool = reporting(
    &[op(
        &[],
        Disrupts,
        "pulls a repository and applies its playbook to this host",
    )],
    INFRA,
    &["--list-hosts", "--syntax-check"],
);
static CF_AGENT: Tool = reporting(
    &[op(
        &[],
        Disrupts,
        "applies CFEngine's promises to this host",
    )],
    INFRA,
    &["-n", "-V", "--version"],
);
/// pyinfra INVENTORY OPERATIONS: deploy files or `module.operation` calls run on the hosts;
/// `fact` as the first operation only reads.
static PYINFRA: Tool = with_goal(
    &[op(
        &["*", "*.*"],
        Disrupts,
        "runs operations on the inventory's hosts",
    )],
    INFRA,
    &["--dry"],
    Goal {
        words: &["fact", "facts", "debug-inventory"],
        at: 1,
        valued: &[
            "--user",
            "--port",
            "--key",
            "--key-password",
            "--password",
            "--sudo-user",
            "--su-user",
            "--parallel",
            "--data",
            "--group-data",
            "--config",
            "--limit",
            "--chdir",
            "--shell-executable",
        ],
    },
);
static NIXOS_REBUILD: Tool = tool(
    &[op(
        &["switch|boot|test"],
        Disrupts,
        "activates a new system configuration on another host",
    )
    .with(&["--target-host"])],
    INFRA,
);
/// colmena apply [GOAL]: the goal defaults to switch; build, push and dry-activate change no
/// host's running system.
static COLMENA: Tool = with_goal(
    &[op(
        &["apply"],
        Disrupts,
        "deploys configurations to the fleet's hosts",
    )],
    INFRA,
    &[],
    Goal {
        words: &["build", "push", "dry-activate"],
        at: 1,
        valued: &[
            "--on",
            "-f",
            "--config",
            "-p",
            "--parallel",
            "--evaluator",
            "--eval-node-limit",
        ],
    },
);
/// morph deploy DEPLOYMENT GOAL.
static MORPH: Tool = with_goal(
    &[op(
        &["deploy"],
        Disrupts,
        "deploys configurations to the fleet's hosts",
    )],
    INFRA,
    &[],
    Goal {
        words: &["build", "push", "dry-activate"],
        at: 2,
        valued: &["--on", "--timeout"],
    },
);
static NIXOPS: Tool = tool(
    &[
        op(&["destroy"], Deletes, "destroys the deployment's machines"),
        op(&["delete"], Disrupts, "deletes a deployment"),
        op(
            &["deploy"],
            Disrupts,
            "deploys to the deployment's machines",
        ),
    ],
    INFRA,
);
static MGMT: Tool = tool(
    &[op(
        &["run"],
        Disrupts,
        "runs a resource graph that converges this machine",
    )],
    INFRA,
);

// ---------------------------------------------------------------------------------------
// PaaS command lines.

/// dokku (on the host, or through ssh as its forced command).
static DOKKU: Tool = tool(
    &[
        op(
            &["apps:destroy"],
            Deletes,
            "destroys an app with its containers and configuration",
        ),
        op(
            &["*:destroy"],
            Deletes,
            "destroys a service (a database, a cache) with its data",
        ),
        op(
            &["*:import"],
            Deletes,
            "imports a dump over a service's data",
        ),
        op(
            &["ps:stop|ps:stopall|ps:scale"],
            Disrupts,
            "stops or scales an app's processes",
        ),
        op(
            &["config:unset|config:set|config:clear"],
            Disrupts,
            "changes an app's environment (the app restarts)",
        ),
        op(
            &[
                "*:unlink|domains:clear|domains:remove|certs:remove|storage:unmount|network:destroy|letsencrypt:revoke|apps:rename",
            ],
            Disrupts,
            "removes what an app is reached or linked by",
        ),
    ],
    INFRA,
);
static PIKU: Tool = tool(
    &[
        op(&["destroy"], Deletes, "destroys an app with its data"),
        op(&["stop"], Disrupts, "stops an app"),
        op(
            &["config:unset|config:set"],
            Disrupts,
            "changes an app's environment (the app restarts)",
        ),
    ],
    INFRA,
);
static HEROKU: Tool = tool(
    &[
        op(
            &["addons:destroy|addons:remove|spaces:destroy|pg:reset|redis:reset"],
            Deletes,
            "destroys an add-on or a space with its data",
        ),
        op(
            &["maintenance:on|ps:stop|ps:kill|pg:killall|domains:clear"],
            Disrupts,
            "takes an app or its processes offline",
        ),
    ],
    INFRA,
);
static RAILWAY: Tool = tool(
    &[
        op(
            &["delete"],
            Deletes,
            "deletes the project with its services and data",
        ),
        op(
            &["environment|volume", "delete|rm"],
            Deletes,
            "deletes an environment or a volume with its data",
        ),
        op(
            &["down"],
            Disrupts,
            "removes the latest deployment: the service goes down",
        ),
    ],
    INFRA,
);
static CLOUD_FOUNDRY: Tool = tool(
    &[
        op(
            &["delete-service|purge-service-instance|delete-space|delete-org"],
            Deletes,
            "deletes a service instance, a space or an org with what it holds",
        ),
        op(
            &["delete|stop|unbind-service|delete-route|delete-domain|delete-shared-domain"],
            Disrupts,
            "takes an app or its route offline",
        ),
    ],
    INFRA,
);
static ELASTIC_BEANSTALK: Tool = tool(
    &[
        op(
            &["terminate"],
            Deletes,
            "terminates an environment with its instances (and a database it made)",
        ),
        op(&["swap|scale"], Disrupts, "swaps or scales an environment"),
    ],
    INFRA,
);
static KAMAL: Tool = tool(
    &[
        op(
            &["remove"],
            Deletes,
            "removes the app, its accessories (databases, caches) and their data from every server",
        ),
        op(
            &["accessory", "remove"],
            Deletes,
            "removes an accessory (a database, a cache) and its data",
        ),
        op(
            &["app", "remove"],
            Disrupts,
            "removes the app's containers from every server",
        ),
        op(
            &["app|accessory|proxy|traefik", "stop"],
            Disrupts,
            "stops the app or an accessory on every server",
        ),
    ],
    INFRA,
);
static VERCEL: Tool = tool(
    &[op(
        &["remove|rm"],
        Deletes,
        "removes a project's deployments: the site goes down",
    )],
    INFRA,
);
static CLEVER: Tool = tool(
    &[
        op(&["delete"], Deletes, "deletes an application"),
        op(
            &["addon", "delete"],
            Deletes,
            "deletes an add-on with its data",
        ),
        op(&["stop"], Disrupts, "stops an application"),
    ],
    INFRA,
);
static SCALINGO: Tool = tool(
    &[
        op(&["destroy"], Deletes, "destroys an app"),
        op(
            &["addons-remove|database-delete"],
            Deletes,
            "removes an add-on with its data",
        ),
        op(
            &["scale|env-unset|domains-remove"],
            Disrupts,
            "scales an app or changes what it runs with",
        ),
    ],
    INFRA,
);
static KOYEB: Tool = tool(
    &[
        op(
            &["app|apps|database|databases|volume|volumes", "delete|rm"],
            Deletes,
            "deletes an app, a database or a volume",
        ),
        op(
            &["service|services", "delete|rm|pause"],
            Disrupts,
            "deletes or pauses a service",
        ),
    ],
    INFRA,
);
static PLATFORM_SH: Tool = tool(
    &[
        op(
            &["environment:delete|e:delete|project:delete|backup:restore"],
            Deletes,
            "deletes an environment or a project, or restores a backup over it",
        ),
        op(
            &["environment:deactivate|e:deactivate"],
            Disrupts,
            "deactivates an environment",
        ),
    ],
    INFRA,
);
static GIGALIXIR: Tool = tool(
    &[
        op(
            &["apps:destroy|pg:destroy"],
            Deletes,
            "destroys an app or its database",
        ),
        op(&["ps:scale"], Disrupts, "scales an app's replicas"),
    ],
    INFRA,
);
static CAPROVER: Tool = tool(
    &[op(&[], Deletes, "deletes an app through the CapRover API")
        .with(&["*appdefinitions/delete*"])],
    INFRA,
);

// ---------------------------------------------------------------------------------------
// Process tools that select by user, terminal or file.

/// procps' skill and snice: `-n` (`--no-action`) and the list options only show.
static SKILL: Tool = reporting(
    &[op(
        &[],
        Disrupts,
        "signals (by default kills) every process it selects",
    )
    .worse(&["-u=root", "--user=root"])],
    SYSTEM,
    &[
        "-n",
        "--no-action",
        "-l",
        "--list",
        "--table",
        "-V",
        "--version",
    ],
);
static SNICE: Tool = reporting(
    &[op(
        &[],
        Disrupts,
        "changes the priority of every process it selects",
    )],
    SYSTEM,
    &[
        "-n",
        "--no-action",
        "-l",
        "--list",
        "--table",
        "-V",
        "--version",
    ],
);
static SLAY: Tool = tool(
    &[op(&[], Disrupts, "kills every process of a user")],
    SYSTEM,
);
static FUSER: Tool = tool(
    &[op(
        &[],
        Disrupts,
        "kills every process using the file or file system",
    )
    .with(&["-k", "--kill"])
    .worse(&["/"])],
    SYSTEM,
);
static LOGINCTL: Tool = tool(
    &[op(
        &["terminate-user|kill-user|terminate-session|kill-session|terminate-seat"],
        Disrupts,
        "ends a user's sessions and kills their processes",
    )],
    SYSTEM,
);

/// Oracle Cloud's power actions (its deletes are rows of [`super::storage_ops`]).
static OCI: Tool = tool(
    &[op(
        &["compute", "instance", "action"],
        Disrupts,
        "stops or resets an instance",
    )
    .with(&[
        "--action=stop",
        "--action=softstop",
        "--action=reset",
        "--action=softreset",
        "--action=senddiagnosticinterrupt",
    ])],
    CLOUD,
);

/// The program's table, by its name.
fn table(program: &str) -> Option<&'static Tool> {
    Some(match program {
        "mmdelfs" => &MMDELFS,
        "mmdelfileset" => &MMDELFILESET,
        "mmcrfs" => &MMCRFS,
        "mmcrnsd" => &MMCRNSD,
        "mmdeldisk" => &MMDELDISK,
        "mmdelnsd" => &MMDELNSD,
        "mmdelsnapshot" => &MMDELSNAPSHOT,
        "mmrestorefs" => &MMRESTOREFS,
        "mmshutdown" => &MMSHUTDOWN,
        "mmumount" | "mmunmount" => &MMUMOUNT,
        "mmdelnode" => &MMDELNODE,
        "mmchdisk" => &MMCHDISK,
        "mmunlinkfileset" => &MMUNLINKFILESET,
        "mmapplypolicy" => &MMAPPLYPOLICY,
        "lctl" => &LCTL,
        "tunefs.lustre" => &TUNEFS_LUSTRE,
        "lfs" => &LFS,
        "beegfs-ctl" => &BEEGFS_CTL,
        "cibadmin" => &CIBADMIN,
        "stonith_admin" => &STONITH_ADMIN,
        "crm_node" => &CRM_NODE,
        "crm_resource" => &CRM_RESOURCE,
        "crm_attribute" | "crm_standby" => &CRM_ATTRIBUTE,
        "corosync-cfgtool" => &COROSYNC_CFGTOOL,
        "kolla-ansible" => &KOLLA_ANSIBLE,
        "openstack-ansible" => &OPENSTACK_ANSIBLE,
        "docker" => &DOCKER,
        "k3s-uninstall.sh" | "k3s-agent-uninstall.sh" | "rke2-uninstall.sh" => &K8S_UNINSTALL,
        "k3s-killall.sh" | "rke2-killall.sh" => &K8S_KILLALL,
        "rke" => &RKE,
        "talosctl" => &TALOSCTL,
        "puppet" => &PUPPET,
        "chef-client" | "chef-solo" | "cinc-client" | "cinc-solo" => &CHEF_CLIENT,
        "ansible-pull" => &ANSIBLE_PULL,
        "cf-agent" => &CF_AGENT,
        "pyinfra" => &PYINFRA,
        "nixos-rebuild" => &NIXOS_REBUILD,
        "colmena" => &COLMENA,
        "morph" => &MORPH,
        "nixops" => &NIXOPS,
        "mgmt" => &MGMT,
        "dokku" => &DOKKU,
        "piku" => &PIKU,
        "heroku" => &HEROKU,
        "railway" => &RAILWAY,
        "cf" | "cf7" | "cf8" => &CLOUD_FOUNDRY,
        "eb" => &ELASTIC_BEANSTALK,
        "kamal" => &KAMAL,
        "vercel" => &VERCEL,
        "clever" => &CLEVER,
        "scalingo" => &SCALINGO,
        "koyeb" => &KOYEB,
        "platform" | "upsun" => &PLATFORM_SH,
        "gigalixir" => &GIGALIXIR,
        "caprover" => &CAPROVER,
        "skill" => &SKILL,
        "snice" => &SNICE,
        "slay" => &SLAY,
        "fuser" => &FUSER,
        "loginctl" => &LOGINCTL,
        "oci" => &OCI,
        _ => return None,
    })
}

/// Reads a command of a program with a table here: the first row it matches, graded by what
/// it does to data (and production named on the line), unless the program's own options make
/// the invocation a report.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if cmd.program == "condor_rm" {
        condor_user(cmd, out);
        return;
    }
    let Some(tool) = table(cmd.program) else {
        return;
    };
    if reports(cmd, tool.reports) || goal_reports(cmd, &tool.goal) {
        return;
    }
    judge_ops(cmd, cmd.program, tool.ops, tool.family, out);
}

/// `condor_rm USER` removes every job of that user (condor_rm(1): its operands are clusters,
/// `cluster.proc` ids or user names); a job id is its owner's bounded act, and `-all` or a
/// constraint are read by [`super::admin_clis`].
fn condor_user(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let user = cmd
        .operands(&[
            "-name",
            "-pool",
            "-addr",
            "-constraint",
            "-reason",
            "-debug",
        ])
        .find(|o| o.starts_with(|c: char| c.is_ascii_alphabetic()));
    if let Some(user) = user {
        out.push(super::finding(
            Family::Infrastructure,
            "infrastructure.scheduler-admin",
            Severity::Confirm,
            format!("condor_rm {user}: removes every job of the user"),
        ));
    }
}

/// Whether one of the program's report options is given where it reads them, before `--`: a
/// long option (or `--opt=value`), a short letter alone or in a cluster of letters (`-nv`).
fn reports(cmd: &Cmd<'_>, options: &[&str]) -> bool {
    !options.is_empty()
        && cmd.words().take_while(|a| *a != "--").any(|a| {
            options.iter().any(|o| match o.strip_prefix('-') {
                Some(letter) if letter.len() == 1 => a.strip_prefix('-').is_some_and(|c| {
                    !c.starts_with('-')
                        && c.len() <= 4
                        && c.bytes().all(|b| b.is_ascii_alphabetic())
                        && c.contains(letter)
                }),
                _ => a == *o || a.strip_prefix(*o).is_some_and(|v| v.starts_with('=')),
            })
        })
}

/// Whether the goal operand, at its own place, is one that only builds or previews. A goal word
/// elsewhere (a host named `build`, a second operand) is no goal: the row stands.
fn goal_reports(cmd: &Cmd<'_>, goal: &Goal) -> bool {
    !goal.words.is_empty()
        && cmd
            .operands(goal.valued)
            .nth(goal.at)
            .is_some_and(|o| goal.words.contains(&o))
}

/// The ssh users whose forced command is a PaaS's CLI (dokku's and piku's installers write
/// `command="dokku ..."` / `command="piku ..."` into that user's authorized_keys): the words
/// after `ssh USER@HOST` are that program's arguments.
pub fn forced_command(host: &str) -> Option<&'static str> {
    let (user, _) = host.split_once('@')?;
    match user {
        "dokku" => Some("dokku"),
        "piku" => Some("piku"),
        _ => None,
    }
}
