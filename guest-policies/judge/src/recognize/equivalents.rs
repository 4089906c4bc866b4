//! Programs judged as the command they amount to: one table, "program X with these options is
//! judged as command Y", read from each program's own documentation.
//!
//! # Why a table, and why through the whole judgement
//!
//! An agent that cannot run `rm -rf ~` can run `npx rimraf ~`; one whose `curl | sh` is held
//! can run `mshta https://...`; a `psql -c 'DROP ...'` held becomes `wrangler d1 execute db
//! --command 'DROP ...'`. Each of these programs does what a program the judge already knows
//! does, so it is judged as that program: the equivalent command line goes back to the whole
//! judgement ([`super::judge_as`]), the guard's own checks included (`Restart-Service airlock`
//! is `systemctl restart airlock`, which stops the guard). A row names the program (after the
//! wrappers and package runners: `npx rimraf` is `rimraf`), its subcommand, the options that
//! take a value, and what it is read as; the readings are the handful of shapes these programs
//! share (delete the operands for good, download URL to FILE, run code from URL, upload FILE,
//! archive into FILE, restart a service, run a command on other hosts, run SQL), so a new
//! program is a new row, not new code.
//!
//! A command run elsewhere (`docker exec web CMD`, `kubectl exec -n production pod -- CMD`,
//! `salt '*' cmd.run CMD`, `pdsh -w hosts CMD`) is judged like `ssh HOST CMD`: as a command line
//! there, in a context of its own; in production (`-n production`, `--context prod-eu`, a
//! production host or container name) or on every host (`'*'`, `all`, `-a`) a bounded finding
//! becomes one that a person verifies, since it happens on production or everywhere at once.
//!
//! The Windows rows are read with PowerShell's parameter rules (case-insensitive, any
//! unambiguous prefix of three letters or more, `-Name:value`) and cmd's switches (`/i:URL`,
//! `/i URL`); the Windows reader ([`super::windows`]) looks them up, the POSIX reader the others.
//!
//! Settings that change a program's meaning are read here too ([`settings`]): `TF_CLI_ARGS*`
//! injects options into terraform's command line, `git -c key=value` sets configuration for
//! one command, `GIT_DIR` / `GIT_WORK_TREE` point git at another repository or tree.

use super::{Cmd, containers::production, paths};

/// What a command amounts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Equivalent {
    /// A POSIX command line run here, in the same context (a download it makes is remembered;
    /// running the file later is running downloaded code).
    Here(String),
    /// A command line run on other hosts or in a container.
    Remote {
        /// The command.
        command: String,
        /// Where it runs (a host pattern, a container, a pod).
        target: String,
        /// The target, namespace or context is production.
        production: bool,
        /// Every host (`'*'`, `all`, `-a`).
        every_host: bool,
        /// Many hosts, selected by a list, a range, a group, a grain, a tag or a search
        /// ([`super::fleets`]).
        fleet: bool,
        /// A terminal is attached (`-it`, `--stdin`, `--tty`): when the command itself is
        /// harmless, what the session does next is not on the line, and the program's own
        /// reading of the session applies (`kubectl exec -it -n production db-0 -- psql`).
        interactive: bool,
    },
    /// SQL run on a database.
    Sql {
        /// The statements.
        sql: String,
        /// The database's name or address, as written.
        database: String,
    },
}

/// Where a row finds one of its values.
#[derive(Debug, Clone, Copy)]
enum Arg {
    /// The value of one of these options (`--command SQL`, `-OutFile F`, `/i:URL`).
    Value(&'static [&'static str]),
    /// The n-th operand after the subcommand.
    Operand(usize),
    /// Every operand after the subcommand, from the n-th.
    Operands(usize),
    /// The first word that is a URL.
    Url,
    /// The operand after the URL (cmd's `certutil ... URL OUT`, `bitsadmin ... URL OUT`).
    AfterUrl,
    /// The words after `--` (`kubectl exec pod -- CMD`), or after the n-th operand when there
    /// is no `--` (`docker exec web CMD`: every word after the container, options included).
    Command(usize),
    /// The words after the operand equal to one of these (`salt '*' cmd.run CMD`).
    After(&'static [&'static str]),
    /// One of several places, the first that has a value.
    Either(&'static Arg, &'static Arg),
    /// The commands listed under a key in an option's value: SSM's `--parameters
    /// commands='CMD'`, `'commands=["A","B"]'`, `'{"commands":["A"]}'`.
    Param(&'static [&'static str], &'static str),
}

/// What a row's program amounts to.
#[derive(Debug, Clone, Copy)]
enum Reading {
    /// `rm -rf -- FILES`: deletes its operands for good (no trash).
    Delete(Arg),
    /// A fixed command line.
    Fixed(&'static str),
    /// `curl -fsSL -o FILE URL`: a download to FILE (the file name of the URL when FILE is not
    /// given).
    Download { url: Arg, to: Arg },
    /// `curl -fsSL URL | sh`: code from the network run as it arrives.
    RunFromUrl(Arg),
    /// `./FILE`: runs a local file (downloaded code when FILE was downloaded).
    RunFile(Arg),
    /// `curl -T FILE URL`: FILE sent to URL.
    Upload { file: Arg, url: Arg },
    /// `tar czf TO FROM...`: FROM read into the archive TO (a secret's taint follows TO).
    Archive { from: Arg, to: Arg },
    /// `systemctl restart NAME...`.
    Restart(Arg),
    /// A command run on `target` (scoped by `scope` options), on every host when the target
    /// is `*` / `all` or one of `every` is given.
    Remote {
        command: Arg,
        target: Arg,
        scope: &'static [&'static str],
        every: &'static [&'static str],
    },
    /// SQL on a database.
    Sql { sql: Arg, database: Arg },
}

/// One row: a program, its subcommand, the options that take a value, what it amounts to.
struct Row {
    programs: &'static [&'static str],
    sub: &'static [&'static str],
    /// Options that take a value (their values are no operands).
    values: &'static [&'static str],
    /// Options that must all be given (`-urlcache`), or one of them when the list starts with
    /// `|`.
    requires: &'static [&'static str],
    /// Options with which the row does not apply (`-WhatIf` aside, which is a read anyway).
    unless: &'static [&'static str],
    /// Read by the Windows reader (PowerShell's and cmd's parameter rules).
    windows: bool,
    reading: Reading,
}

const fn row(programs: &'static [&'static str], reading: Reading) -> Row {
    Row {
        programs,
        sub: &[],
        values: &[],
        requires: &[],
        unless: &[],
        windows: false,
        reading,
    }
}

impl Row {
    const fn sub(mut self, sub: &'static [&'static str]) -> Row {
        self.sub = sub;
        self
    }
    const fn values(mut self, values: &'static [&'static str]) -> Row {
        self.values = values;
        self
    }
    const fn requires(mut self, requires: &'static [&'static str]) -> Row {
        self.requires = requires;
        self
    }
    const fn unless(mut self, unless: &'static [&'static str]) -> Row {
        self.unless = unless;
        self
    }
    const fn windows(mut self) -> Row {
        self.windows = true;
        self
    }
}

/// The options of `docker exec` (and podman's, nerdctl's) that take a value.
const DOCKER_EXEC: &[&str] = &[
    "-e",
    "--env",
    "--env-file",
    "-u",
    "--user",
    "-w",
    "--workdir",
    "--detach-keys",
    "--context",
    "-H",
    "--host",
    "-c",
    "--config",
];
/// The options of `kubectl exec` / `debug` / `oc rsh` that take a value.
const KUBECTL: &[&str] = &[
    "-n",
    "--namespace",
    "-c",
    "--container",
    "--context",
    "--cluster",
    "--kubeconfig",
    "-f",
    "--filename",
    "--pod-running-timeout",
    "--image",
    "--target",
    "--profile",
    "--copy-to",
    "--env",
    "-l",
    "--selector",
    "--shell",
    "--user",
    "--server",
    "-s",
    "--request-timeout",
];
const KUBECTL_SCOPE: &[&str] = &[
    "-n",
    "--namespace",
    "--context",
    "--cluster",
    "--server",
    "-s",
];
/// Salt's options that take a value (salt(1)).
const SALT: &[&str] = &[
    "-t",
    "--timeout",
    "-b",
    "--batch-size",
    "--batch-wait",
    "-c",
    "--config-dir",
    "--out",
    "--return",
    "-d",
    "--doc",
    "--log-level",
    "-l",
    "--user",
    "--priv",
    "-u",
    "--roster",
    "--roster-file",
    "-i",
];
/// knife ssh's options that take a value.
const KNIFE_SSH: &[&str] = &[
    "-x",
    "--ssh-user",
    "-P",
    "--ssh-password",
    "-p",
    "--ssh-port",
    "-i",
    "--ssh-identity-file",
    "-a",
    "--attribute",
    "-C",
    "--concurrency",
    "-G",
    "--ssh-gateway",
    "-E",
    "--environment",
    "-c",
    "--config",
];
/// bolt command run's options that take a value.
const BOLT: &[&str] = &[
    "--targets",
    "-t",
    "--query",
    "-q",
    "-u",
    "--user",
    "-p",
    "--password",
    "--run-as",
    "--inventoryfile",
    "-i",
    "--transport",
    "--concurrency",
    "-c",
    "--env-var",
];
/// `az vm run-command invoke`'s and `az vmss run-command invoke`'s options that take a value.
const AZ_RUN_COMMAND: &[&str] = &[
    "--command-id",
    "--scripts",
    "--name",
    "-n",
    "--resource-group",
    "-g",
    "--subscription",
    "--ids",
    "--parameters",
    "--instance-id",
];
/// `juju exec`'s (and 2.x `juju run`'s) options that take a value.
const JUJU_EXEC: &[&str] = &[
    "--application",
    "--app",
    "--unit",
    "-u",
    "--machine",
    "-m",
    "--model",
    "--timeout",
    "--format",
    "-o",
    "--output",
];
/// pdsh(1)'s, clush(1)'s and pssh(1)'s options that take a value.
const PDSH: &[&str] = &[
    "-w",
    "-x",
    "-g",
    "-X",
    "-l",
    "-t",
    "-u",
    "-f",
    "-R",
    "-N",
    "-o",
    "-O",
    "-e",
    "-h",
    "-H",
    "-p",
    "-P",
    "-c",
    "-E",
    "--hosts",
    "--host",
    "--user",
    "--par",
    "--timeout",
    "--outdir",
    "--errdir",
    "--options",
    "--groupbase",
    "--group",
    "--pick",
    "--fanout",
];
/// PowerShell's web request cmdlets and the aliases Windows PowerShell gives them (an upload
/// row and a download row read them).
const WEB_REQUEST: &[&str] = &[
    "invoke-webrequest",
    "iwr",
    "invoke-restmethod",
    "irm",
    "wget",
    "curl",
];

/// The table. Rows are tried in order; the first whose requirements hold and whose reading
/// finds its values applies.
const TABLE: &[Row] = &[
    // Deleters of npm that delete for good (no trash): rimraf's docs, "rm -rf for node";
    // `--glob` reads the operands as globs, which `rm` is given as written. del-cli's `del`.
    row(&["rimraf"], Reading::Delete(Arg::Operands(0))).values(&[
        "--impl",
        "--max-retries",
        "--retry-delay",
        "--backoff",
        "--tmp",
    ]),
    row(&["del", "del-cli"], Reading::Delete(Arg::Operands(0))).requires(&["|runner"]),
    // shx runs ShellJS's portable commands: `shx rm -rf dist` is `rm -rf dist`.
    row(&["shx"], Reading::Delete(Arg::Operands(0)))
        .sub(&["rm"])
        .requires(&["|-r", "-R", "-rf", "-fr", "-Rf", "-fR"]),
    // trash-cli: `trash-empty` deletes the trashed files for good; `trash-rm PATTERN` deletes
    // the trashed files matching PATTERN. (`trash-put` moves to the trash: recoverable.)
    row(
        &["trash-empty"],
        Reading::Fixed("rm -rf ~/.local/share/Trash"),
    ),
    row(&["gio"], Reading::Delete(Arg::Operands(0))).sub(&["remove"]),
    row(&["gio"], Reading::Fixed("rm -rf ~/.local/share/Trash"))
        .sub(&["trash"])
        .requires(&["--empty"]),
    // Containers: the command runs inside the container.
    row(
        &["docker", "podman", "nerdctl"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: &["--context", "-H", "--host"],
            every: &[],
        },
    )
    .sub(&["exec"])
    .values(DOCKER_EXEC),
    row(
        &["docker", "podman"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: &["--context", "-H", "--host"],
            every: &[],
        },
    )
    .sub(&["container", "exec"])
    .values(DOCKER_EXEC),
    row(
        &["docker", "podman"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: &["--context", "-f", "--file", "-p", "--project-name"],
            every: &[],
        },
    )
    .sub(&["compose", "exec"])
    .values(DOCKER_EXEC),
    row(
        &["docker-compose", "podman-compose"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: &["-f", "--file", "-p", "--project-name"],
            every: &[],
        },
    )
    .sub(&["exec"])
    .values(DOCKER_EXEC),
    // Clusters: `kubectl exec POD -- CMD`, `kubectl debug node/x -it --image=busybox -- CMD`,
    // `oc rsh POD CMD`, `oc exec`.
    row(
        &["kubectl", "oc", "microk8s", "k3s"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: KUBECTL_SCOPE,
            every: &[],
        },
    )
    .sub(&["exec"])
    .values(KUBECTL),
    row(
        &["kubectl", "oc"],
        Reading::Remote {
            command: Arg::Command(usize::MAX),
            target: Arg::Operand(0),
            scope: KUBECTL_SCOPE,
            every: &[],
        },
    )
    .sub(&["debug"])
    .values(KUBECTL),
    row(
        &["oc"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: KUBECTL_SCOPE,
            every: &[],
        },
    )
    .sub(&["rsh"])
    .values(KUBECTL),
    // Remote ad-hoc runners: the command runs on every host of the target.
    row(
        &["salt", "salt-ssh"],
        Reading::Remote {
            command: Arg::After(&[
                "cmd.run",
                "cmd.run_all",
                "cmd.run_stdout",
                "cmd.shell",
                "cmd.exec_code_all",
            ]),
            target: Arg::Operand(0),
            scope: &[],
            every: &[],
        },
    )
    .values(SALT),
    row(
        &["pdsh"],
        Reading::Remote {
            command: Arg::Operands(0),
            target: Arg::Either(&Arg::Value(&["-w", "-g"]), &Arg::Value(&["-a"])),
            scope: &["-w", "-g"],
            every: &["-a"],
        },
    )
    .values(PDSH),
    row(
        &["clush"],
        Reading::Remote {
            command: Arg::Operands(0),
            target: Arg::Value(&["-w", "-g", "--group"]),
            scope: &["-w", "-g", "--group"],
            every: &["-a", "--all"],
        },
    )
    .values(PDSH),
    row(
        &["pssh", "parallel-ssh"],
        Reading::Remote {
            command: Arg::Operands(0),
            target: Arg::Value(&["-H", "--host", "-h", "--hosts"]),
            scope: &["-H", "--host", "-h", "--hosts"],
            every: &[],
        },
    )
    .values(PDSH),
    // knife ssh QUERY COMMAND (Chef's knife ssh): the command runs on every node the search
    // matches (`'*:*'`, `name:*`: every node).
    row(
        &["knife"],
        Reading::Remote {
            command: Arg::Operand(1),
            target: Arg::Operand(0),
            scope: &[],
            every: &[],
        },
    )
    .sub(&["ssh"])
    .values(KNIFE_SSH),
    // bolt command run COMMAND --targets TARGETS (Puppet Bolt).
    row(
        &["bolt"],
        Reading::Remote {
            command: Arg::Operand(0),
            target: Arg::Value(&["--targets", "-t", "--query", "-q"]),
            scope: &["--targets", "-t", "--query", "-q"],
            every: &[],
        },
    )
    .sub(&["command", "run"])
    .values(BOLT),
    // xCAT's distributed shells: `xdsh NODERANGE CMD` (`all`, a group or a range of nodes).
    row(
        &["xdsh", "psh"],
        Reading::Remote {
            command: Arg::Operands(1),
            target: Arg::Operand(0),
            scope: &[],
            every: &[],
        },
    )
    .values(&[
        "-l",
        "--user",
        "-f",
        "--fanout",
        "-t",
        "--timeout",
        "-o",
        "--node-options",
        "-C",
        "--context",
        "-i",
        "--rootimg",
        "-B",
        "--bypass",
    ]),
    // mussh: `mussh -H HOSTFILE -c CMD`.
    row(
        &["mussh"],
        Reading::Remote {
            command: Arg::Value(&["-c"]),
            target: Arg::Either(&Arg::Value(&["-H"]), &Arg::Value(&["-h"])),
            scope: &["-H", "-h"],
            every: &[],
        },
    )
    .values(&[
        "-c", "-C", "-H", "-h", "-l", "-L", "-i", "-o", "-po", "-m", "-t", "-s",
    ]),
    // Fabric's and pyinfra's ad-hoc commands, written after `--` (`fab -H web1,web2 -- CMD`,
    // `pyinfra INVENTORY exec -- CMD`); without `--` their words are task or deploy files, so
    // the command is read only after it (no operand stands that far: `Command(usize::MAX)`).
    row(
        &["fab", "fab2"],
        Reading::Remote {
            command: Arg::Command(usize::MAX),
            target: Arg::Value(&["-H", "--hosts"]),
            scope: &["-H", "--hosts"],
            every: &[],
        },
    )
    .values(&[
        "-H",
        "--hosts",
        "-i",
        "--identity",
        "-c",
        "--collection",
        "-f",
        "--config",
        "-S",
        "--ssh-config",
        "-t",
        "--connect-timeout",
    ]),
    row(
        &["pyinfra"],
        Reading::Remote {
            command: Arg::Command(usize::MAX),
            target: Arg::Operand(0),
            scope: &["--limit"],
            every: &[],
        },
    )
    .values(&[
        "--user",
        "--port",
        "--key",
        "--limit",
        "--data",
        "--group-data",
        "--config",
        "--parallel",
        "--sudo-user",
        "--su-user",
    ]),
    // Fleet runners beyond the ad-hoc shells above, each from its reference: the command runs
    // on every host the target selects ([`super::fleets`] reads how many).
    // `consul exec [-node=N] [-service=S] CMD`: every node of the datacenter unless narrowed.
    row(
        &["consul"],
        Reading::Remote {
            command: Arg::Command(0),
            target: Arg::Value(&["-node", "-service"]),
            scope: &["-datacenter", "-http-addr"],
            every: &[],
        },
    )
    .sub(&["exec"])
    .values(&[
        "-node",
        "-service",
        "-tag",
        "-prefix",
        "-wait",
        "-replay",
        "-datacenter",
        "-http-addr",
        "-token",
    ]),
    // `aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:Env,Values=prod
    // --parameters commands=CMD` (and `--instance-ids`).
    row(
        &["aws"],
        Reading::Remote {
            command: Arg::Param(&["--parameters"], "commands"),
            target: Arg::Either(
                &Arg::Value(&["--targets"]),
                &Arg::Value(&["--instance-ids"]),
            ),
            scope: &["--targets", "--instance-ids", "--profile"],
            every: &[],
        },
    )
    .sub(&["ssm", "send-command"])
    .values(&[
        "--document-name",
        "--document-version",
        "--targets",
        "--instance-ids",
        "--parameters",
        "--profile",
        "--region",
        "--comment",
        "--timeout-seconds",
        "--max-concurrency",
        "--max-errors",
        "--output-s3-bucket-name",
        "--output-s3-key-prefix",
        "--service-role-arn",
    ]),
    // `az vm run-command invoke -g RG -n VM --command-id RunShellScript --scripts CMD`, and the
    // scale set's (`az vmss run-command invoke --instance-id '*'`).
    row(
        &["az"],
        Reading::Remote {
            command: Arg::Value(&["--scripts"]),
            target: Arg::Either(&Arg::Value(&["--name", "-n"]), &Arg::Value(&["--ids"])),
            scope: &["--resource-group", "-g", "--subscription", "--ids"],
            every: &[],
        },
    )
    .sub(&["vm", "run-command", "invoke"])
    .values(AZ_RUN_COMMAND),
    row(
        &["az"],
        Reading::Remote {
            command: Arg::Value(&["--scripts"]),
            target: Arg::Value(&["--instance-id"]),
            scope: &["--resource-group", "-g", "--subscription", "--name", "-n"],
            every: &[],
        },
    )
    .sub(&["vmss", "run-command", "invoke"])
    .values(AZ_RUN_COMMAND),
    // `gcloud compute ssh INSTANCE --command CMD` (what follows `--` is handed to ssh, its
    // tunnels' flags first, and is read by the session's readers).
    row(
        &["gcloud"],
        Reading::Remote {
            command: Arg::Value(&["--command"]),
            target: Arg::Operand(0),
            scope: &["--project", "--zone"],
            every: &[],
        },
    )
    .sub(&["compute", "ssh"])
    .values(&[
        "--command",
        "--zone",
        "--project",
        "--ssh-key-file",
        "--ssh-flag",
        "--strict-host-key-checking",
        "--container",
        "--ssh-key-expire-after",
        "--account",
        "--configuration",
    ]),
    // Teleport: `tsh ssh [user@]HOST|LABELS CMD` (`tsh ssh root@env=prod uptime`).
    row(
        &["tsh"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: &["--cluster", "--proxy"],
            every: &[],
        },
    )
    .sub(&["ssh"])
    .values(&[
        "-l",
        "--login",
        "-p",
        "--port",
        "--cluster",
        "--proxy",
        "-L",
        "-R",
        "-o",
        "--option",
        "--user",
        "-J",
        "--jumphost",
    ]),
    // The dancer's shell: `dsh -a -- CMD`, `dsh -g GROUP -- CMD`, `dsh -m HOST -- CMD`.
    row(
        &["dsh"],
        Reading::Remote {
            command: Arg::Command(0),
            target: Arg::Value(&["-m", "--machine", "-g", "--group"]),
            scope: &["-m", "--machine", "-g", "--group"],
            every: &["-a", "--all"],
        },
    )
    .values(&[
        "-m",
        "--machine",
        "-g",
        "--group",
        "-f",
        "--file",
        "-r",
        "--remoteshell",
        "-o",
        "--remoteshellopt",
        "-F",
        "--forklimit",
    ]),
    // Juju: `juju exec --all|--application A|--unit U -- CMD` (and 2.x's `juju run`), `juju ssh
    // UNIT CMD`.
    row(
        &["juju"],
        Reading::Remote {
            command: Arg::Command(0),
            target: Arg::Value(&["--application", "--app", "--unit", "-u", "--machine"]),
            scope: &["-m", "--model"],
            every: &["--all"],
        },
    )
    .sub(&["exec"])
    .values(JUJU_EXEC),
    row(
        &["juju"],
        Reading::Remote {
            command: Arg::Command(0),
            target: Arg::Value(&["--application", "--app", "--unit", "-u", "--machine"]),
            scope: &["-m", "--model"],
            every: &["--all"],
        },
    )
    .sub(&["run"])
    .requires(&["|--all", "--application", "--app", "--unit", "--machine"])
    .values(JUJU_EXEC),
    row(
        &["juju"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: &["-m", "--model"],
            every: &[],
        },
    )
    .sub(&["ssh"])
    .values(&["-m", "--model", "--proxy"]),
    // BOSH: `bosh -d DEPLOYMENT ssh [GROUP[/ID]] -c CMD`: every instance of the group (or of
    // the deployment) unless one is named by its index.
    row(
        &["bosh"],
        Reading::Remote {
            command: Arg::Value(&["-c", "--command"]),
            target: Arg::Operand(0),
            scope: &["-d", "--deployment", "-e", "--environment"],
            every: &[],
        },
    )
    .sub(&["ssh"])
    .values(&[
        "-d",
        "--deployment",
        "-e",
        "--environment",
        "-c",
        "--command",
        "--gw-host",
        "--gw-user",
        "--gw-private-key",
        "--opts",
    ]),
    // `nomad alloc exec [-task T] [-job] ALLOC|JOB CMD`.
    row(
        &["nomad"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: &["-namespace", "-address", "-region"],
            every: &[],
        },
    )
    .sub(&["alloc", "exec"])
    .values(&[
        "-task",
        "-address",
        "-namespace",
        "-region",
        "-token",
        "-escape",
    ]),
    // `doctl compute ssh DROPLET --ssh-command CMD`.
    row(
        &["doctl"],
        Reading::Remote {
            command: Arg::Value(&["--ssh-command"]),
            target: Arg::Operand(0),
            scope: &["--context"],
            every: &[],
        },
    )
    .sub(&["compute", "ssh"])
    .values(&[
        "--ssh-command",
        "--ssh-key-path",
        "--ssh-user",
        "--ssh-port",
        "--context",
        "-t",
        "--access-token",
    ]),
    // `hcloud server ssh SERVER CMD`.
    row(
        &["hcloud"],
        Reading::Remote {
            command: Arg::Command(1),
            target: Arg::Operand(0),
            scope: &["--context"],
            every: &[],
        },
    )
    .sub(&["server", "ssh"])
    .values(&["-u", "--user", "-p", "--port", "--context"]),
    // `fly ssh console -a APP -C CMD`.
    row(
        &["fly", "flyctl"],
        Reading::Remote {
            command: Arg::Value(&["-C", "--command"]),
            target: Arg::Value(&["-a", "--app"]),
            scope: &["-a", "--app"],
            every: &[],
        },
    )
    .sub(&["ssh", "console"])
    .values(&[
        "-a",
        "--app",
        "-C",
        "--command",
        "-r",
        "--region",
        "--machine",
        "--process-group",
        "-u",
        "--user",
        "-A",
        "--address",
        "-c",
        "--config",
    ]),
    // `aws ecs execute-command --cluster C --task T --command CMD --interactive`.
    row(
        &["aws"],
        Reading::Remote {
            command: Arg::Value(&["--command"]),
            target: Arg::Value(&["--task"]),
            scope: &["--cluster", "--profile"],
            every: &[],
        },
    )
    .sub(&["ecs", "execute-command"])
    .values(&[
        "--cluster",
        "--task",
        "--container",
        "--command",
        "--profile",
        "--region",
    ]),
    // Rundeck: `rd adhoc -p PROJECT -F FILTER -- CMD`: every node the filter matches.
    row(
        &["rd"],
        Reading::Remote {
            command: Arg::Command(usize::MAX),
            target: Arg::Value(&["-F", "--filter"]),
            scope: &["-p", "--project", "-F", "--filter"],
            every: &[],
        },
    )
    .sub(&["adhoc"])
    .values(&[
        "-p",
        "--project",
        "-F",
        "--filter",
        "-C",
        "--threadcount",
        "-s",
        "--script",
        "-u",
        "--url",
        "-d",
        "--delay",
    ]),
    // Kamal: `kamal app exec [-d DESTINATION] CMD` runs on every server of the app.
    row(
        &["kamal"],
        Reading::Remote {
            command: Arg::Command(0),
            target: Arg::Value(&["--hosts", "-h", "-d", "--destination"]),
            scope: &["-d", "--destination"],
            every: &[],
        },
    )
    .sub(&["app", "exec"])
    .values(&[
        "-d",
        "--destination",
        "--hosts",
        "-h",
        "--roles",
        "-r",
        "-c",
        "--config-file",
        "-e",
        "--env",
        "--version",
    ]),
    // SQL in an option of a CLI that runs it on a database.
    row(
        &["wrangler"],
        Reading::Sql {
            sql: Arg::Value(&["--command"]),
            database: Arg::Operand(0),
        },
    )
    .sub(&["d1", "execute"])
    .values(&[
        "--command",
        "--file",
        "--env",
        "-e",
        "--config",
        "-c",
        "--persist-to",
        "--batch-size",
    ]),
    row(
        &["bq"],
        Reading::Sql {
            sql: Arg::Either(&Arg::Value(&["--query"]), &Arg::Operands(0)),
            database: Arg::Value(&["--project_id", "--dataset_id", "--destination_table"]),
        },
    )
    .sub(&["query"])
    .values(&[
        "--project_id",
        "--dataset_id",
        "--location",
        "--destination_table",
        "--parameter",
        "--max_rows",
        "--format",
        "--job_id",
        "--label",
        "--maximum_bytes_billed",
    ]),
    row(
        &["snowsql"],
        Reading::Sql {
            sql: Arg::Value(&["-q", "--query"]),
            database: Arg::Value(&[
                "-d",
                "--dbname",
                "-a",
                "--accountname",
                "-c",
                "--connection",
            ]),
        },
    ),
    row(
        &["dbsqlcli"],
        Reading::Sql {
            sql: Arg::Value(&["-e", "--execute"]),
            database: Arg::Value(&["--hostname", "--database"]),
        },
    ),
    row(
        &["databricks"],
        Reading::Sql {
            sql: Arg::Value(&["--statement", "--query"]),
            database: Arg::Value(&["--warehouse-id", "--catalog", "--schema", "-p", "--profile"]),
        },
    ),
    row(
        &["sqlcmd"],
        Reading::Sql {
            sql: Arg::Value(&["-Q", "-q", "--query"]),
            database: Arg::Either(
                &Arg::Value(&["-d", "--database-name"]),
                &Arg::Value(&["-S", "--server"]),
            ),
        },
    ),
    row(
        &["usql"],
        Reading::Sql {
            sql: Arg::Value(&["-c", "--command"]),
            database: Arg::Operand(0),
        },
    ),
    row(
        &["trino", "presto"],
        Reading::Sql {
            sql: Arg::Value(&["--execute"]),
            database: Arg::Either(
                &Arg::Value(&["--catalog", "--schema"]),
                &Arg::Value(&["--server"]),
            ),
        },
    ),
    row(
        &["mysqlsh"],
        Reading::Sql {
            sql: Arg::Value(&["-e", "--execute"]),
            database: Arg::Either(
                &Arg::Value(&["-D", "--schema", "--database"]),
                &Arg::Operand(0),
            ),
        },
    ),
    row(
        &["vsql"],
        Reading::Sql {
            sql: Arg::Value(&["-c", "--command"]),
            database: Arg::Value(&["-d", "--dbname", "-h", "--host"]),
        },
    ),
    row(
        &["influx"],
        Reading::Sql {
            sql: Arg::Operand(0),
            database: Arg::Value(&["--org", "-o", "--host"]),
        },
    )
    .sub(&["query"])
    .values(&[
        "--org", "-o", "--host", "-t", "--token", "-f", "--file", "-r", "--raw",
    ]),
    row(
        &["turso"],
        Reading::Sql {
            sql: Arg::Operand(1),
            database: Arg::Operand(0),
        },
    )
    .sub(&["db", "shell"])
    .values(&["--location", "--instance"]),
    row(
        &["supabase"],
        Reading::Sql {
            sql: Arg::Either(&Arg::Value(&["--command", "-c"]), &Arg::Operand(0)),
            database: Arg::Value(&["--db-url", "--project-ref"]),
        },
    )
    .sub(&["db", "query"])
    .values(&["--db-url", "--project-ref", "--workdir"]),
    row(
        &["neonctl", "neon"],
        Reading::Sql {
            sql: Arg::Value(&["--sql", "--command"]),
            database: Arg::Either(
                &Arg::Value(&["--branch", "--database-name"]),
                &Arg::Value(&["--project-id"]),
            ),
        },
    ),
    row(
        &["gcloud"],
        Reading::Sql {
            sql: Arg::Value(&["--sql"]),
            database: Arg::Operand(0),
        },
    )
    .sub(&["spanner", "databases", "execute-sql"])
    .values(&["--instance", "--sql", "--project"]),
    row(
        &["aws"],
        Reading::Sql {
            sql: Arg::Value(&["--sql"]),
            database: Arg::Value(&["--database", "--cluster-identifier", "--workgroup-name"]),
        },
    )
    .sub(&["redshift-data", "execute-statement"]),
    row(
        &["aws"],
        Reading::Sql {
            sql: Arg::Value(&["--query-string"]),
            database: Arg::Value(&["--query-execution-context", "--work-group"]),
        },
    )
    .sub(&["athena", "start-query-execution"]),
    // Windows: programs that download and run (Microsoft's documentation of each; the
    // LOLBAS project lists them as download-and-execute paths).
    // `mshta URL` runs the HTML application at URL (its scripts, with the user's rights).
    row(&["mshta"], Reading::RunFromUrl(Arg::Url)).windows(),
    // `regsvr32 /s /n /u /i:URL scrobj.dll` runs the scriptlet at URL.
    row(&["regsvr32"], Reading::RunFromUrl(Arg::Value(&["/i"]))).windows(),
    // `msiexec /i URL /qn` installs the package at URL: its custom actions run, as the
    // installer's service, without a window; a local package is run as the file it is.
    row(
        &["msiexec"],
        Reading::RunFromUrl(Arg::Value(&["/i", "/package", "/a", "/j"])),
    )
    .windows(),
    row(
        &["msiexec"],
        Reading::RunFile(Arg::Value(&["/i", "/package"])),
    )
    .windows(),
    // `rundll32 url.dll,OpenURL URL`, `url.dll,FileProtocolHandler URL`, `javascript:...`
    // with a URL in it: the file at URL is opened (run, for a program or an HTA).
    row(&["rundll32"], Reading::RunFromUrl(Arg::Url)).windows(),
    // `certutil -urlcache -split -f URL OUT` downloads URL to OUT (its `-verifyctl` too).
    row(
        &["certutil"],
        Reading::Download {
            url: Arg::Url,
            to: Arg::AfterUrl,
        },
    )
    .requires(&["|-urlcache", "/urlcache", "-verifyctl", "/verifyctl"])
    .windows(),
    // `bitsadmin /transfer JOB [/download] [/priority P] URL OUT`.
    row(
        &["bitsadmin"],
        Reading::Download {
            url: Arg::Url,
            to: Arg::AfterUrl,
        },
    )
    .requires(&["|/transfer", "/addfile"])
    .windows(),
    row(
        &["start-bitstransfer"],
        Reading::Download {
            url: Arg::Either(&Arg::Value(&["-source"]), &Arg::Url),
            to: Arg::Either(&Arg::Value(&["-destination"]), &Arg::AfterUrl),
        },
    )
    .windows(),
    // `Invoke-WebRequest -Uri URL -OutFile F` (and the `iwr`, `wget`, `curl` aliases of
    // Windows PowerShell): a download to F. `-InFile F -Method Put|Post`: F is the body sent.
    row(
        WEB_REQUEST,
        Reading::Upload {
            file: Arg::Value(&["-infile"]),
            url: Arg::Either(&Arg::Value(&["-uri"]), &Arg::Url),
        },
    )
    .requires(&["-infile"])
    .windows(),
    row(
        WEB_REQUEST,
        Reading::Download {
            url: Arg::Either(&Arg::Value(&["-uri"]), &Arg::Url),
            to: Arg::Value(&["-outfile"]),
        },
    )
    .requires(&["-outfile"])
    .windows(),
    // `Start-Process F` (`saps`, `start`) runs F.
    row(
        &["start-process", "saps", "start"],
        Reading::RunFile(Arg::Either(&Arg::Value(&["-filepath"]), &Arg::Operand(0))),
    )
    .values(super::launch::START_PROCESS_VALUED)
    .windows(),
    // The BFG Repo-Cleaner (`java -jar bfg.jar`) rewrites every commit of a repository to strip
    // files, folders, large blobs or text: what `git filter-repo` does, history rewritten.
    row(&["bfg"], Reading::Fixed("git filter-repo --force"))
        .values(&[
            "-D",
            "--delete-files",
            "--delete-folders",
            "-b",
            "--strip-blobs-bigger-than",
            "-bi",
            "--strip-blobs-with-ids",
            "-rt",
            "--replace-text",
        ])
        .requires(&[
            "|-D",
            "--delete-files",
            "--delete-folders",
            "-b",
            "--strip-blobs-bigger-than",
            "-bi",
            "--strip-blobs-with-ids",
            "-rt",
            "--replace-text",
        ]),
    // Sysinternals' SDelete: `sdelete [-p passes] [-r] [-s] [-q] PATH` overwrites, then
    // deletes, the files (`-s` the directory tree): `rm -rf` with no way back. `-c` / `-z`
    // clean a drive's free space instead, which deletes no file.
    row(
        &["sdelete", "sdelete64", "sdelete64a"],
        Reading::Delete(Arg::Operands(0)),
    )
    .values(&["-p"])
    .unless(&["-c", "-z", "-?"])
    .windows(),
    // `Restart-Service NAME` stops and starts it: `systemctl restart NAME`.
    row(
        &["restart-service"],
        Reading::Restart(Arg::Either(
            &Arg::Value(&["-name", "-displayname"]),
            &Arg::Operands(0),
        )),
    )
    .values(&[
        "-name",
        "-displayname",
        "-include",
        "-exclude",
        "-inputobject",
    ])
    .windows(),
    // `Compress-Archive -Path FROM -DestinationPath TO`: FROM read into the archive TO.
    row(
        &["compress-archive"],
        Reading::Archive {
            from: Arg::Either(&Arg::Value(&["-path", "-literalpath"]), &Arg::Operand(0)),
            to: Arg::Either(&Arg::Value(&["-destinationpath"]), &Arg::Operand(1)),
        },
    )
    .values(&[
        "-path",
        "-literalpath",
        "-destinationpath",
        "-compressionlevel",
    ])
    .unless(&["-whatif"])
    .windows(),
];

/// The words of a command as a row reads them.
struct Words<'w> {
    args: &'w [&'w str],
    /// A package runner (`npx`, `pnpm dlx`) started the program: rows that require `runner`
    /// apply only then (`del` alone is cmd.exe's, `npx del-cli` is the npm deleter).
    runner: bool,
    windows: bool,
    /// Options that take a value, for operands.
    values: &'w [&'static str],
    /// Where the operands after the subcommand start (an index into the operands).
    after_sub: usize,
}

impl<'w> Words<'w> {
    /// Whether `word` is the option `name`: exactly on POSIX (`--command`, `--command=x`);
    /// on Windows case-insensitively, by a prefix of three letters or more (`-OutF`), with a
    /// `:value` (`/i:URL`, `-Name:x`).
    fn is_option(&self, word: &str, name: &str) -> bool {
        if !self.windows {
            return word == name
                || name.starts_with("--")
                    && word.strip_prefix(name).is_some_and(|r| r.starts_with('='));
        }
        let bare = word.split(':').next().unwrap_or(word);
        let (Some(w), Some(n)) = (bare.get(..1), name.get(..1)) else {
            return false;
        };
        if w != n || !matches!(w, "-" | "/") {
            return false;
        }
        let (w, n) = (&bare[1..], &name[1..]);
        if w.is_empty() {
            return false;
        }
        if n.len() <= 3 || w.len() < 3 {
            return w.eq_ignore_ascii_case(n);
        }
        n.len() >= w.len() && n[..w.len()].eq_ignore_ascii_case(w)
    }

    /// The value of the first of `names` given: `--x=v`, `--x v`, `-x v` (POSIX); `-Name v`,
    /// `-Name:v`, `/i:v`, `/i v` (Windows). A switch given without a value is `Some("")`.
    fn value(&self, names: &[&str]) -> Option<&'w str> {
        for (i, w) in self.args.iter().enumerate() {
            for n in names {
                if !self.is_option(w, n) {
                    continue;
                }
                if self.windows {
                    if let Some((_, v)) = w.split_once(':') {
                        return Some(v);
                    }
                } else if let Some((_, v)) = w.split_once('=') {
                    return Some(v);
                }
                return Some(
                    self.args
                        .get(i + 1)
                        .copied()
                        .filter(|v| !v.starts_with('-') || v.len() == 1)
                        .unwrap_or(""),
                );
            }
            if *w == "--" {
                break;
            }
        }
        None
    }

    fn has(&self, name: &str) -> bool {
        if name == "runner" {
            return self.runner;
        }
        self.args
            .iter()
            .take_while(|w| **w != "--")
            .any(|w| self.is_option(w, name))
    }

    /// The operands with their indexes: words that are no option nor an option's value; after
    /// `--` every word. Windows' switches (`/q`) are options.
    fn operands(&self) -> Vec<(usize, &'w str)> {
        let mut out = Vec::new();
        let mut skip = false;
        let mut ended = false;
        for (i, w) in self.args.iter().enumerate() {
            if skip {
                skip = false;
                continue;
            }
            if ended {
                out.push((i, *w));
                continue;
            }
            if *w == "--" {
                ended = true;
                continue;
            }
            let option = w.len() > 1
                && (w.starts_with('-')
                    || self.windows && w.starts_with('/') && !w[1..].contains('/'));
            if option {
                let inline = if self.windows {
                    w.contains(':')
                } else {
                    w.contains('=')
                };
                if !inline && self.values.iter().any(|v| self.is_option(w, v)) {
                    skip = true;
                }
                continue;
            }
            out.push((i, *w));
        }
        out
    }

    fn url(&self) -> Option<(usize, &'w str)> {
        self.args.iter().enumerate().find_map(|(i, w)| {
            let at = w.find("://")?;
            let scheme = &w[..at];
            // `url.dll,OpenURL http://x`, `javascript:...GetObject("script:http://x")`.
            let start = crate::substring::after_last(scheme, |c: char| !c.is_ascii_alphanumeric());
            let rest = &w[start..];
            let end = rest.find(['"', '\'', ')', ' ']).unwrap_or(rest.len());
            let url = &rest[..end];
            (url.starts_with("http") || url.starts_with("ftp")).then_some((i, url))
        })
    }

    /// What `arg` names, as words.
    fn read(&self, arg: &Arg) -> Option<Vec<&'w str>> {
        let ops = || self.operands().into_iter().skip(self.after_sub);
        let found: Vec<&'w str> = match *arg {
            Arg::Value(names) => vec![self.value(names).filter(|v| !v.is_empty())?],
            Arg::Operand(n) => vec![ops().nth(n)?.1],
            Arg::Operands(n) => ops().skip(n).map(|(_, w)| w).collect(),
            Arg::Url => vec![self.url()?.1],
            Arg::AfterUrl => {
                let (at, _) = self.url()?;
                // A file name or a Windows path, not a switch (`/f`) nor an option; a POSIX
                // path as the reader may have mapped it.
                vec![*self.args.get(at + 1).filter(|w| {
                    !w.starts_with('-') && !w.starts_with('/')
                        || w.starts_with("/tmp")
                        || w.starts_with("/home")
                })?]
            }
            Arg::Command(n) => {
                if let Some(dash) = self.args.iter().position(|w| *w == "--") {
                    self.args[dash + 1..].to_vec()
                } else {
                    let (at, _) = ops().nth(n)?;
                    self.args[at..].to_vec()
                }
            }
            Arg::After(names) => {
                let (at, _) = ops().find(|(_, w)| names.contains(w))?;
                // Salt's keyword arguments (`runas=root`, `cwd=/srv`) are the function's, not
                // the command's.
                // A command given as one quoted word (`cmd.run 'shutdown -h +1' --async`): the
                // options after it are salt's own, not the command's.
                let quoted = self.args.get(at + 1).is_some_and(|w| w.contains(' '));
                self.args[at + 1..]
                    .iter()
                    .copied()
                    .filter(|w| !w.contains('=') || w.contains(' '))
                    .filter(|w| !(quoted && w.starts_with('-') && !w.contains(' ')))
                    .collect()
            }
            Arg::Either(a, b) => return self.read(a).or_else(|| self.read(b)),
            Arg::Param(names, key) => listed(self.value(names)?, key)?,
        };
        (!found.is_empty() && found.iter().all(|w| !w.is_empty())).then_some(found)
    }
}

/// The commands listed under `key` in an option's value (`commands=CMD`, `commands=["A","B"]`,
/// `{"commands":["A"]}`): each quoted string of a list, or the rest of the value.
fn listed<'w>(value: &'w str, key: &str) -> Option<Vec<&'w str>> {
    let at = value.find(key)? + key.len();
    let rest = value[at..].trim_start_matches(['"', '\'', ':', '=', ' ']);
    let Some(list) = rest.strip_prefix('[') else {
        let end = rest
            .find([',', '}'])
            .filter(|_| rest.starts_with('"'))
            .unwrap_or(rest.len());
        let one = rest[..end].trim_end_matches(['"', '\'', '}', ']', ' ']);
        return (!one.is_empty()).then(|| vec![one]);
    };
    let list = &list[..list.find(']').unwrap_or(list.len())];
    let items: Vec<&str> = list
        .split(['"', '\''])
        .skip(1)
        .step_by(2)
        .filter(|c| !c.trim().is_empty())
        .collect();
    (!items.is_empty()).then_some(items)
}

/// A word quoted for a POSIX shell when it has to be (spaces, operators, quotes).
pub fn quote(w: &str) -> String {
    if !w.is_empty()
        && w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-~:@%+=,*$^{}[]".contains(&b))
    {
        w.to_owned()
    } else {
        format!("'{}'", w.replace('\'', "'\\''"))
    }
}

fn joined(words: &[&str]) -> String {
    words.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ")
}

/// A command's words as one command line: a single word with spaces in it is the command line
/// itself (`salt '*' cmd.run 'rm -rf /srv'`), several are quoted each (`docker exec web rm -rf
/// /app`).
fn command_line(words: &[&str]) -> String {
    match words {
        [one] => (*one).to_owned(),
        _ => joined(words),
    }
}

/// The programs of the table's POSIX rows, sorted: every command line asks [`posix`], and
/// most name no program of the table, so it answers them with one binary search instead of
/// collecting the words and scanning every row.
fn posix_programs() -> &'static [&'static str] {
    static PROGRAMS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    PROGRAMS.get_or_init(|| {
        let mut names: Vec<&'static str> = TABLE
            .iter()
            .filter(|r| !r.windows)
            .flat_map(|r| r.programs.iter().copied())
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    })
}

/// What the POSIX command `cmd` amounts to, by the table.
pub fn posix(cmd: &Cmd<'_>) -> Option<Equivalent> {
    posix_programs().binary_search(&cmd.program).ok()?;
    let args: Vec<&str> = cmd.words().collect();
    lookup(cmd.program, &args, !cmd.launcher.is_empty(), false)
}

/// What the Windows statement `program args` amounts to (the program's name lowercased, its
/// path and `.exe` removed).
pub fn windows(program: &str, args: &[String]) -> Option<Equivalent> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    lookup(program, &args, false, true)
}

fn lookup(program: &str, args: &[&str], runner: bool, windows: bool) -> Option<Equivalent> {
    TABLE
        .iter()
        .filter(|r| r.windows == windows && r.programs.contains(&program))
        .find_map(|r| apply(r, args, runner))
}

fn apply(r: &Row, args: &[&str], runner: bool) -> Option<Equivalent> {
    let mut w = Words {
        args,
        runner,
        windows: r.windows,
        values: r.values,
        after_sub: 0,
    };
    // The subcommand: the first operands, in order (case-insensitively on Windows).
    if !r.sub.is_empty() {
        let ops = w.operands();
        let matches = r.sub.len() <= ops.len()
            && r.sub
                .iter()
                .zip(&ops)
                .all(|(s, (_, o))| o.eq_ignore_ascii_case(s));
        if !matches {
            return None;
        }
        w.after_sub = r.sub.len();
    }
    let required = match r.requires.split_first() {
        Some((&"|", _)) => true,
        Some((first, rest)) if first.starts_with('|') => {
            w.has(&first[1..]) || rest.iter().any(|o| w.has(o))
        }
        _ => r.requires.iter().all(|o| w.has(o)),
    };
    if !required || r.unless.iter().any(|o| w.has(o)) {
        return None;
    }
    let path = |p: &str| {
        if r.windows {
            super::windows::posix_path(p)
        } else {
            p.to_owned()
        }
    };
    let here = |s: String| Some(Equivalent::Here(s));
    match r.reading {
        Reading::Delete(arg) => {
            let targets: Vec<String> = w.read(&arg)?.iter().map(|t| path(t)).collect();
            let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
            here(format!("rm -rf -- {}", joined(&targets)))
        }
        Reading::Fixed(line) => here(line.to_owned()),
        Reading::Download { url, to } => {
            let url = w.read(&url)?[0];
            if !url.contains("://") {
                return None;
            }
            let to = w
                .read(&to)
                .map(|t| path(t[0]))
                .unwrap_or_else(|| paths::file_name(url).to_owned());
            here(format!("curl -fsSL -o {} {}", quote(&to), quote(url)))
        }
        Reading::RunFromUrl(arg) => {
            let url = w.read(&arg)?[0];
            let url = url.trim_matches(['"', '\'']);
            (url.starts_with("http://")
                || url.starts_with("https://")
                || url.starts_with("ftp://")
                || url.starts_with("\\\\"))
            .then(|| format!("curl -fsSL {} | sh", quote(url)))
            .and_then(here)
        }
        Reading::RunFile(arg) => {
            let file = w.read(&arg)?[0];
            if file.contains("://") {
                return None;
            }
            let name = paths::file_name(&path(file)).to_owned();
            (!name.is_empty())
                .then(|| format!("./{}", quote(&name)))
                .and_then(here)
        }
        Reading::Upload { file, url } => {
            let file = path(w.read(&file)?[0]);
            let url = w.read(&url).map_or("", |u| u[0]);
            here(format!("curl -T {} {}", quote(&file), quote(url)))
        }
        Reading::Archive { from, to } => {
            let to = path(w.read(&to)?[0]);
            let from: Vec<String> = w
                .read(&from)?
                .iter()
                .flat_map(|f| f.split(','))
                .map(&path)
                .collect();
            let from: Vec<&str> = from.iter().map(String::as_str).collect();
            here(format!("tar czf {} {}", quote(&to), joined(&from)))
        }
        Reading::Restart(arg) => {
            let names: Vec<&str> = w.read(&arg)?.iter().flat_map(|n| n.split(',')).collect();
            here(format!("systemctl restart {}", joined(&names)))
        }
        Reading::Remote {
            command,
            target,
            scope,
            every,
        } => {
            let words = w.read(&command)?;
            // An interactive shell (`docker exec -it web bash`): what it will run is not on the
            // line, the program's own recognizer grades the session.
            if let [one] = words.as_slice()
                && super::lexicon::is(super::program_name(one), super::lexicon::SHELL)
            {
                return None;
            }
            let listed = matches!(command, Arg::Param(..));
            let target = w.read(&target).map_or(String::new(), |t| t.join(" "));
            let scoped = scope.iter().filter_map(|o| w.value(&[o]));
            let production = production(&target) || scoped.clone().any(production);
            let every_host = every.iter().any(|o| w.has(o))
                || matches!(
                    target.trim_matches(['\'', '"']),
                    "*" | "all" | "'*'" | "@all"
                )
                || target.contains('*') && !target.contains('.');
            // Options before the command: `-i`, `-t` (alone or in a cluster), `--stdin`,
            // `--tty`, `--interactive`.
            let interactive = w
                .args
                .iter()
                .take_while(|a| **a != "--" && !words.first().is_some_and(|f| std::ptr::eq(*a, f)))
                .any(|a| {
                    matches!(*a, "--stdin" | "--tty" | "--interactive")
                        || a.strip_prefix('-').is_some_and(|f| {
                            !f.starts_with('-')
                                && f.bytes().all(|b| b.is_ascii_alphabetic())
                                && f.bytes().any(|b| b == b'i' || b == b't')
                        })
                });
            // Where a runner's targeting language selects many hosts (a list, a group, a
            // grain, a tag), the command lands on each of them.
            let fleet = !every_host && super::fleets::many(r.programs[0], w.args, &target);
            Some(Equivalent::Remote {
                command: if listed {
                    words.join("; ")
                } else {
                    command_line(&words)
                },
                target,
                production,
                every_host,
                fleet,
                interactive,
            })
        }
        Reading::Sql { sql, database } => {
            let sql = w.read(&sql)?.join(" ");
            let database = w.read(&database).map_or(String::new(), |d| d.join(" "));
            let environment = w
                .value(&["--env", "-e", "--environment", "--target"])
                .unwrap_or("");
            Some(Equivalent::Sql {
                sql,
                database: if production(environment) {
                    format!("{database} ({environment})")
                } else {
                    database
                },
            })
        }
    }
}

/// Settings that change what a command means, read as the options they amount to: the
/// command line the program runs, when a setting changes it.
///
/// - `TF_CLI_ARGS` and `TF_CLI_ARGS_<subcommand>` (terraform's and OpenTofu's "Environment
///   Variables" page): their value is inserted after the subcommand, so
///   `TF_CLI_ARGS_apply="-destroy -auto-approve" terraform apply` is `terraform apply -destroy
///   -auto-approve`.
/// - `git -c key=value` (git(1)): `gc.reflogExpire=now` / `gc.reflogExpireUnreachable=now` with
///   `git gc` expire the reflog first (`git reflog expire --expire=now --all`);
///   `gc.pruneExpire=now` is `git gc --prune=now`; `core.hooksPath=/dev/null` (or an empty
///   directory) runs no hook: `--no-verify` for every hook.
/// - `GIT_DIR` / `GIT_WORK_TREE` (and `--git-dir` / `--work-tree`): git acts on that
///   repository and tree, as `git -C TREE`.
pub fn settings(cmd: &Cmd<'_>) -> Option<String> {
    let env = |name: &str| -> Option<&str> {
        cmd.assignments
            .iter()
            .chain(cmd.prefix.iter())
            .rev()
            .find_map(|a| a.strip_prefix(name)?.strip_prefix('='))
    };
    match cmd.program {
        "terraform" | "tofu" | "terragrunt" => {
            let sub = cmd.operands(&["-chdir"]).next()?;
            let injected: Vec<&str> = [env("TF_CLI_ARGS"), env(&format!("TF_CLI_ARGS_{sub}"))]
                .into_iter()
                .flatten()
                .collect();
            if injected.iter().all(|v| v.trim().is_empty()) {
                return None;
            }
            let at = cmd.args.iter().position(|a| a == sub)?;
            let mut line = String::from(cmd.program);
            for a in &cmd.args[..=at] {
                line.push(' ');
                line.push_str(&quote(a));
            }
            for v in injected {
                // The value is split as a shell splits words.
                for w in crate::shell::words(v) {
                    line.push(' ');
                    line.push_str(&quote(&w));
                }
            }
            for a in &cmd.args[at + 1..] {
                line.push(' ');
                line.push_str(&quote(a));
            }
            Some(line)
        }
        "git" => git_settings(cmd, &env),
        _ => None,
    }
}

/// `git -c key=value`, `GIT_DIR`, `GIT_WORK_TREE`, `--git-dir`, `--work-tree`: the git command
/// they amount to (see [`settings`]).
fn git_settings<'c>(cmd: &Cmd<'c>, env: &dyn Fn(&str) -> Option<&'c str>) -> Option<String> {
    // git's global options come before the subcommand.
    let mut configs: Vec<(String, &str)> = Vec::new();
    let mut tree: Option<&str> = env("GIT_WORK_TREE");
    let mut git_dir: Option<&str> = env("GIT_DIR");
    let mut i = 0;
    let args = cmd.args;
    while let Some(a) = args.get(i) {
        let a: &str = a;
        if !a.starts_with('-') {
            break;
        }
        let value = |i: &mut usize| -> Option<&'c str> {
            *i += 1;
            args.get(*i).map(|v| &**v)
        };
        match a {
            "-c" => {
                if let Some(kv) = value(&mut i)
                    && let Some((k, v)) = kv.split_once('=')
                {
                    configs.push((k.to_ascii_lowercase(), v));
                }
            }
            "--work-tree" => tree = value(&mut i),
            "--git-dir" => git_dir = value(&mut i),
            "-C" | "--namespace" | "--exec-path" | "--config-env" => {
                value(&mut i);
            }
            _ if a.starts_with("--work-tree=") => tree = a.split_once('=').map(|(_, v)| v),
            _ if a.starts_with("--git-dir=") => git_dir = a.split_once('=').map(|(_, v)| v),
            _ => {}
        }
        i += 1;
    }
    // Every line below needs a setting or a place: most git commands give neither, and are
    // done here before their words are joined and quoted.
    if configs.is_empty() && tree.is_none() && git_dir.is_none() {
        return None;
    }
    let rest = args.get(i..)?;
    let sub: &str = rest.first()?;
    let config = |key: &str| {
        configs
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| *v)
    };
    let now = |v: Option<&str>| {
        v.is_some_and(|v| {
            matches!(
                v.to_ascii_lowercase().as_str(),
                "now" | "all" | "0" | "0.seconds" | "never" | "0.days"
            )
        })
    };
    let tail = joined(&rest[1..].iter().map(|w| &**w).collect::<Vec<_>>());
    // Where git acts: the work tree (or the repository's parent) given.
    let place = tree.or_else(|| git_dir.map(|d| d.strip_suffix("/.git").unwrap_or(d)));
    let at = place.map_or(String::new(), |p| format!(" -C {}", quote(p)));
    let mut lines: Vec<String> = Vec::new();
    if sub == "gc" {
        // gc.reflogExpire / gc.reflogExpireUnreachable = now: the reflog is expired first
        // (git-gc(1): "gc.reflogExpire ... when git reflog expire is run by gc").
        if now(config("gc.reflogexpire")) || now(config("gc.reflogexpireunreachable")) {
            lines.push(format!("git{at} reflog expire --expire=now --all"));
        }
        if now(config("gc.pruneexpire")) && !tail.contains("--prune") {
            lines.push(format!("git{at} gc --prune=now {tail}"));
        }
    }
    let no_hooks = config("core.hookspath").is_some_and(|v| {
        matches!(v, "/dev/null" | "" | "/nonexistent" | "/tmp/nohooks") || v.starts_with("/dev/")
    });
    if no_hooks && matches!(sub, "commit" | "push" | "merge" | "am" | "rebase") {
        lines.push(format!("git{at} {sub} --no-verify {tail}"));
    }
    if lines.is_empty() && place.is_some() && !rest.is_empty() {
        lines.push(format!("git{at} {sub} {tail}"));
    }
    if lines.is_empty() {
        return None;
    }
    Some(lines.join(" && ").trim_end().to_owned())
}

/// `git -c core.hooksPath=/dev/null ...` (or `/dev/...`, an empty value): no hook runs.
pub fn hooks_disabled(cmd: &Cmd<'_>) -> bool {
    cmd.program == "git"
        && cmd.args.windows(2).any(|w| {
            w[0] == "-c"
                && w[1].split_once('=').is_some_and(|(k, v)| {
                    k.eq_ignore_ascii_case("core.hooksPath")
                        && (v.is_empty() || v.starts_with("/dev/"))
                })
        })
}

/// `source /dev/stdin` and `. /dev/stdin` (or `/dev/fd/0`, `/proc/self/fd/0`): the shell runs
/// what its standard input carries, as `sh` reading its stdin does.
pub fn sources_stdin(cmd: &Cmd<'_>) -> bool {
    matches!(cmd.program, "source" | ".")
        && cmd
            .args
            .first()
            .is_some_and(|a| matches!(&**a, "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0" | "-"))
}
