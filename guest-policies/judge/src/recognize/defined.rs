//! What a step defines, one model for every later step (holdout7 analysis G5).
//!
//! An agent splits an action over steps, and what a later step means depends on what an
//! earlier one defined. Every definition is one of four kinds, and every later reading asks
//! this model (by kind), not a table of its own:
//!
//! - a **NAME**: a word bound to something (an rclone remote and its backend; variables,
//!   aliases and functions are read through [`super::carried`]'s bindings);
//! - a **PLACE**: where the next commands act (the kube context, a directory entered, an
//!   endpoint), and the interface the operator is **connected through** ("ssh ... over wg0":
//!   taking that interface down cuts the operator's own access);
//! - a **THING MADE HERE**: a cluster, a database, a clone, a compose project, a terraform
//!   working directory in `/tmp`, a folder made on a remote, an emulator (LocalStack). What a
//!   program's own reader finds in a thing made here changes nothing anyone else has: it is
//!   noted, not graded ([`super::carried::local_place`], the label rule's LOCAL);
//! - a **SET**: a listing (a folder, secret names) or rows counted ("N rows", "1 of N"): what
//!   "it", "them", "the rest of the list" and "all of them" refer to. A repeat over a large set
//!   is bulk; a listing of secret names makes "show me the value of it" a secret revealed.
//!
//! Recorded from commands (what a command did is a fact), except two readings of words that
//! can only make a verdict stricter: the interface a session runs over, and a set's size. The
//! line always wins: a production word, a host the line reaches, or words on the line keep the
//! line's own finding ([`super::carried::local_place`] checks them before asking the model).

use super::{Cmd, Context, paths};
use crate::finding::{Family, Finding, Severity};

/// The four kinds of what a step defines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// A word bound to something.
    Name,
    /// Where commands act, or what they run over.
    Place,
    /// A thing made on this machine (or for this work) by an earlier step.
    Made,
    /// A collection later words refer to.
    Set,
}

/// What exactly was defined, each of one [`Class`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// NAME: an rclone remote (`rclone config create NAME TYPE`); its value is the backend.
    Remote,
    /// PLACE: a network interface the operator's session runs over (`wg0`, `tun0`).
    Through,
    /// PLACE: what a domain's later commands reach, selected by an earlier step: the id is the
    /// domain ([`super::scope::Domain::id`]), the value its place (`gcloud config set project
    /// X`, `az account set --subscription X`, `docker context use X`, `terraform workspace
    /// select X`, `kubens X`).
    Selected,
    /// PLACE: a shell an earlier step opened on another machine (`ssh deploy@web-prod-03`,
    /// `vagrant ssh`, `docker exec -it web sh`): later steps run there until one leaves it
    /// (`exit`, `logout`). The id is the machine, the value `throwaway` for a machine made or
    /// kept on this one (a VM, a container), else `remote`, and for a remote the port its
    /// session runs over in the count.
    Session,
    /// MADE: a kube context of a cluster made on this machine (kind, minikube, k3d).
    Cluster,
    /// MADE: a database `createdb` / `mysqladmin create` made on this machine.
    Database,
    /// MADE: a directory a repository was just cloned into.
    Clone,
    /// MADE: a compose project `docker compose up` started (its `-p` name, or "" for the
    /// directory's default).
    Compose,
    /// MADE: a terraform working directory initialised in a temporary directory.
    TerraformDir,
    /// MADE: a folder made on a remote (`rclone mkdir R:path`).
    RemoteFolder,
    /// MADE: an emulator started here (`localstack start`).
    Emulator,
    /// MADE: a server started here and listening on a port of this machine (a container of a
    /// data server or an emulator published with `-p`, an emulator run as a program): the id
    /// is the port, the value what it is ([`super::throwaway`]).
    Server,
    /// MADE: a container of a server started here (`docker run --name NAME`): the id is its
    /// name, the value what it is.
    Container,
    /// MADE: a policy directory `airlock init DIR` wrote under the temporary directory (the
    /// value `made`), or a temporary path a link or mount touched since (the value `linked`):
    /// a scratch policy is not the guard's ([`super::throwaway::scratch_policy`]).
    ScratchPolicy,
    /// NAME: a client's alias or profile for an endpoint (`mc alias set NAME URL`, `aws
    /// configure set endpoint_url URL --profile NAME`): the id is `CLIENT:NAME`, the value the
    /// URL (empty once removed).
    Alias,
    /// MADE: a file an earlier command wrote that holds records of a known class (an archive of
    /// `exports/customers.csv`): the id is the file, the value the class
    /// ([`super::payloads::payload_name`]); a secret written is a [`Context::secret_copies`].
    Holds,
    /// MADE: a Kubernetes namespace an earlier command created (`kubectl create namespace X`,
    /// `oc new-project X`): the id is its name, the value the kube context it was made in
    /// ([`super::scratch`]).
    Namespace,
    /// MADE: an object an earlier command created with a verb that fails when it already
    /// exists (`gcloud ... create NAME`, `helm install NAME`, `git switch -c NAME`, SQL `CREATE
    /// DATABASE NAME`): the id says the program, the command path, the place and the name
    /// ([`super::scratch`]).
    Created,
    /// NAME: a downloaded file, and whether a later step printed it whole to the agent (the
    /// value `read`) or it was downloaded again since (`downloaded`): the id is the path as
    /// written ([`super::reviewed`]).
    Reviewed,
    /// SET: a folder listed (`ls DIR`).
    Listing,
    /// SET: names of secrets listed (`vault kv list`, `doppler secrets --only-names`); the value
    /// is the listing command, whose scope a reveal keeps.
    SecretNames,
    /// SET: a number of items a step says it works through ("1 of 5", "(9,014 rows)").
    Rows,
}

impl Kind {
    /// Which of the four kinds this is.
    pub fn class(self) -> Class {
        match self {
            Kind::Remote | Kind::Alias | Kind::Reviewed => Class::Name,
            Kind::Through | Kind::Selected | Kind::Session => Class::Place,
            Kind::Cluster
            | Kind::Database
            | Kind::Clone
            | Kind::Compose
            | Kind::TerraformDir
            | Kind::RemoteFolder
            | Kind::Emulator
            | Kind::Server
            | Kind::Container
            | Kind::ScratchPolicy
            | Kind::Namespace
            | Kind::Created
            | Kind::Holds => Class::Made,
            Kind::Listing | Kind::SecretNames | Kind::Rows => Class::Set,
        }
    }
}

/// One definition: its kind, what it names, a value (a backend, a command), the step that
/// made it, and a count for a set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    /// What was defined.
    pub kind: Kind,
    /// Its name (a remote, a project, a directory, an interface).
    pub id: String,
    /// What it stands for (a backend, the listing command), or empty.
    pub value: String,
    /// The step that defined it (the index of the recent hint).
    pub step: usize,
    /// A set's size, when a step said it.
    pub count: Option<u64>,
}

/// Everything earlier steps (and earlier commands of the line) defined, oldest first.
#[derive(Debug, Clone, Default)]
pub struct Model {
    defs: Vec<Definition>,
}

impl Model {
    /// Records a definition; a set replaces the sets before it (the latest listing is what
    /// "them" means), and a name is defined again in place.
    pub fn define(&mut self, kind: Kind, id: &str, value: &str, step: usize, count: Option<u64>) {
        match kind.class() {
            Class::Set => self.defs.retain(|d| d.kind != kind),
            Class::Name => self.defs.retain(|d| !(d.kind == kind && d.id == id)),
            // A domain has one place selected; a shell opened replaces the one before.
            Class::Place if kind == Kind::Selected => {
                self.defs.retain(|d| !(d.kind == kind && d.id == id))
            }
            Class::Place if kind == Kind::Session => self.defs.retain(|d| d.kind != kind),
            _ => {}
        }
        self.defs.push(Definition {
            kind,
            id: id.to_owned(),
            value: value.to_owned(),
            step,
            count,
        });
    }

    /// Forgets what `kind` defined (a listing that lists nothing one can name).
    pub fn forget(&mut self, kind: Kind) {
        self.defs.retain(|d| d.kind != kind);
    }

    /// The ids defined of `kind`, latest first.
    pub fn ids(&self, kind: Kind) -> impl Iterator<Item = &str> {
        self.defs
            .iter()
            .rev()
            .filter(move |d| d.kind == kind)
            .map(|d| d.id.as_str())
    }

    /// Whether `id` is defined of `kind`.
    pub fn has(&self, kind: Kind, id: &str) -> bool {
        self.ids(kind).any(|d| d == id)
    }

    /// Every definition of `kind`, oldest first.
    pub fn all(&self, kind: Kind) -> impl Iterator<Item = &Definition> {
        self.defs.iter().filter(move |d| d.kind == kind)
    }

    /// The latest definition of `kind`.
    pub fn latest(&self, kind: Kind) -> Option<&Definition> {
        self.defs.iter().rev().find(|d| d.kind == kind)
    }

    /// The latest definition of `kind` named `id`.
    pub fn latest_of(&self, kind: Kind, id: &str) -> Option<&Definition> {
        self.defs
            .iter()
            .rev()
            .find(|d| d.kind == kind && d.id == id)
    }

    /// The latest definition of `kind` made by the step just before `step`.
    pub fn just_before(&self, kind: Kind, step: usize) -> Option<&Definition> {
        self.latest(kind).filter(|d| d.step + 1 == step)
    }
}

/// The class of what `file` holds: by its own name ([`super::payloads::payload`]), or what an
/// earlier command wrote into it (an archive of people records is people records, whatever it
/// is called), the wider of the two.
pub fn payload(file: &str, ctx: &Context) -> super::payloads::Payload {
    use super::payloads::{Payload, payload_name};
    let own = super::payloads::payload(file);
    if ctx.env.defined.latest(Kind::Holds).is_none() {
        return own;
    }
    let name = paths::file_name(file.trim_start_matches("./"));
    let carried = ctx
        .env
        .defined
        .defs
        .iter()
        .rev()
        .filter(|d| d.kind == Kind::Holds)
        .find(|d| d.id == file || !name.is_empty() && paths::file_name(&d.id) == name)
        .and_then(|d| {
            [Payload::People, Payload::Business, Payload::Source]
                .into_iter()
                .find(|p| payload_name(*p) == d.value)
        });
    carried.map_or(own, |c| c.max(own))
}

/// Records what `cmd` defines of the kinds this model holds beyond the environment's own
/// (compose projects, terraform directories, emulators, remotes and their folders, secret
/// names listed, interfaces a session runs over).
pub fn record(cmd: &Cmd<'_>, ctx: &mut Context) {
    let p = cmd.program;
    // Every command passes here: only the programs that define something go on (no
    // allocation for the others).
    if !matches!(
        p,
        "docker"
            | "podman"
            | "docker-compose"
            | "podman-compose"
            | "localstack"
            | "terraform"
            | "tofu"
            | "rclone"
            | "ssh"
            | "mosh"
            | "autossh"
            | "wg-quick"
            | "ifup"
            | "ip"
            | "tailscale"
            | "openvpn"
            | "doppler"
            | "vault"
            | "aws"
            | "gcloud"
            | "az"
            | "kubectl"
            | "oc"
            | "gh"
            | "glab"
            | "op"
            | "infisical"
            | "pass"
            | "gopass"
    ) {
        return;
    }
    let step = ctx.env.step;
    let ops: Vec<&str> = cmd
        .operands(&[
            "-p",
            "--project-name",
            "-f",
            "--file",
            "--profile",
            "-H",
            "--host",
            "--context",
            "--project",
            "--config",
            "-chdir",
            "-n",
            "--namespace",
        ])
        .collect();
    let remote = p.contains("docker") || p.contains("podman");
    let remote = remote && remote_docker(cmd, ctx);
    let dir = if matches!(p, "terraform" | "tofu") {
        terraform_dir(cmd, ctx)
    } else {
        None
    };
    let model = &mut ctx.env.defined;
    match p {
        "docker" | "podman" | "docker-compose" | "podman-compose" => {
            let compose = p.ends_with("compose") || ops.first() == Some(&"compose");
            let sub = if p.ends_with("compose") {
                ops.first()
            } else {
                ops.get(1)
            };
            if compose && sub == Some(&"up") && !remote {
                let project = cmd.value(&["-p", "--project-name"]).unwrap_or("");
                model.define(Kind::Compose, project, "", step, None);
            }
        }
        "localstack" if ops.first() == Some(&"start") => {
            model.define(
                Kind::Emulator,
                "localstack",
                "http://localhost:4566",
                step,
                None,
            );
        }
        "terraform" | "tofu" if ops.first() == Some(&"init") => {
            if let Some(dir) = dir.filter(|d| temporary(d)) {
                model.define(Kind::TerraformDir, &dir, "", step, None);
            }
        }
        "rclone" => {
            if ops.starts_with(&["config", "create"])
                && let (Some(name), Some(backend)) = (ops.get(2), ops.get(3))
            {
                model.define(Kind::Remote, name, backend, step, None);
            } else if matches!(ops.first(), Some(&"mkdir"))
                && let Some(folder) = ops.get(1).filter(|f| f.contains(':'))
            {
                model.define(
                    Kind::RemoteFolder,
                    folder.trim_end_matches('/'),
                    "",
                    step,
                    None,
                );
            }
        }
        "ssh" | "mosh" | "autossh" => {
            // A session over an interface brought up by an earlier step (`wg-quick up wg0`).
            if let Some(up) = model.latest(Kind::Through).filter(|d| d.value == "up") {
                let id = up.id.clone();
                model.define(Kind::Through, &id, "session", step, None);
            }
        }
        _ => {}
    }
    // An interface brought up (what a session then runs over).
    if let Some(iface) = brought_up(cmd, &ops) {
        model.define(Kind::Through, &iface, "up", step, None);
    }
    if secret_names(p, &ops, cmd) {
        let line = written(cmd);
        model.define(Kind::SecretNames, p, &line, step, None);
    }
}

/// The command as written, for a reveal's scope.
fn written(cmd: &Cmd<'_>) -> String {
    let mut s = String::from(cmd.program);
    for a in cmd.args {
        s.push(' ');
        s.push_str(a);
    }
    s
}

/// Whether a docker command reaches another machine's daemon (`-H ssh://host`, `--context
/// remote`, `DOCKER_HOST=`): nothing it makes or removes is this machine's.
pub fn remote_docker(cmd: &Cmd<'_>, ctx: &Context) -> bool {
    cmd.value(&["-H", "--host"]).is_some()
        || cmd
            .value(&["--context", "-c"])
            .is_some_and(|c| c != "default" && c != "desktop-linux")
        || cmd
            .assignments
            .iter()
            .chain(cmd.prefix.iter())
            .any(|a| a.starts_with("DOCKER_HOST=") || a.starts_with("DOCKER_CONTEXT="))
        || ctx
            .env
            .exported
            .iter()
            .any(|(n, _)| n == "DOCKER_HOST" || n == "DOCKER_CONTEXT")
}

/// The directory a terraform command works in: `-chdir=DIR`, or the one a `cd` entered.
fn terraform_dir(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let chdir = cmd
        .words()
        .find_map(|w| w.strip_prefix("-chdir="))
        .or_else(|| cmd.value(&["-chdir"]));
    match chdir {
        Some(d) => paths::enter(ctx.cwd.as_deref(), Some(d)),
        None => ctx.cwd.clone(),
    }
    .map(|d| d.trim_end_matches('/').to_owned())
}

/// A temporary directory: under `/tmp`, `/var/tmp` or `$TMPDIR`.
fn temporary(dir: &str) -> bool {
    ["/tmp/", "/var/tmp/", "/private/tmp/", "$TMPDIR/"]
        .iter()
        .any(|t| dir.starts_with(t) && dir.len() > t.len())
}

/// An interface name: `wg0`, `tun0`, `tap1`, `eth0`, `ens3`, `enp0s3`, `wlan0`, `ppp0`,
/// `utun4`, `tailscale0`, `zt0`.
pub fn interface(w: &str) -> bool {
    let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    let stem = w.trim_end_matches(|c: char| c.is_ascii_digit());
    stem.len() < w.len()
        && [
            "wg",
            "tun",
            "tap",
            "eth",
            "ens",
            "eno",
            "wlan",
            "ppp",
            "utun",
            "tailscale",
            "zt",
            "vpn",
            "nordlynx",
        ]
        .contains(&stem)
        || w.starts_with("enp") && w.len() > 4
        || w.starts_with("wlp") && w.len() > 4
}

/// The interface a command brings up, if any.
fn brought_up(cmd: &Cmd<'_>, ops: &[&str]) -> Option<String> {
    match (cmd.program, ops) {
        ("wg-quick", ["up", i, ..]) => Some((*i).to_owned()),
        ("ifup", [i, ..]) => Some((*i).to_owned()),
        ("ip", ["link", "set", rest @ ..]) if rest.last() == Some(&"up") => rest
            .iter()
            .find(|w| **w != "dev" && interface(w))
            .map(|w| (*w).to_owned()),
        ("tailscale", ["up", ..]) => Some("tailscale0".to_owned()),
        ("openvpn", _) => Some("tun0".to_owned()),
        _ => None,
    }
}

/// The interface a command takes down, if any.
fn taken_down(cmd: &Cmd<'_>) -> Option<String> {
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    let down = |w: &&str| matches!(*w, "down" | "disconnect" | "del" | "delete");
    match (cmd.program, ops.as_slice()) {
        ("wg-quick", ["down", i, ..]) => Some((*i).to_owned()),
        ("ifdown", [i, ..]) => Some((*i).to_owned()),
        ("ifconfig", [i, "down", ..]) => Some((*i).to_owned()),
        ("ip", ["link", "set" | "del" | "delete", rest @ ..])
            if rest.iter().any(down) || matches!(ops[1], "del" | "delete") =>
        {
            rest.iter()
                .find(|w| **w != "dev" && !down(w) && interface(w))
                .map(|w| (*w).to_owned())
        }
        ("nmcli", [_, verb, rest @ ..]) if down(verb) => rest
            .iter()
            .find(|w| interface(w) || !w.is_empty())
            .map(|w| (*w).to_owned()),
        ("networkctl", ["down", i, ..]) => Some((*i).to_owned()),
        ("tailscale", ["down", ..]) => Some("tailscale0".to_owned()),
        ("systemctl", [verb, unit, ..]) if matches!(*verb, "stop" | "disable" | "mask") => unit
            .strip_prefix("wg-quick@")
            .or_else(|| unit.strip_prefix("openvpn@"))
            .map(|i| i.trim_end_matches(".service").to_owned()),
        _ => None,
    }
}

/// Whether a firewall command blocks incoming connections to `port` (ssh's when 22): `ufw
/// deny|reject 22/tcp` (or `ssh`, `OpenSSH`), `iptables -A|-I INPUT ... --dport 22 -j DROP`
/// (or a DROP policy on INPUT), `nft add rule ... dport 22 drop`, `firewall-cmd
/// --remove-service=ssh` or `--remove-port=22/tcp`.
fn blocks_port(cmd: &Cmd<'_>, port: u64) -> bool {
    let port_s = port.to_string();
    let names_port = |w: &str| {
        let w = w.trim_matches(|c| matches!(c, '{' | '}' | ',' | '"' | '\''));
        w.split(['/', ',', ':']).next() == Some(port_s.as_str())
            || port == 22 && (w.eq_ignore_ascii_case("ssh") || w.eq_ignore_ascii_case("openssh"))
    };
    let words: Vec<&str> = cmd.words().collect();
    match cmd.program {
        "ufw" => {
            let ops: Vec<&str> = cmd.operands(&[]).collect();
            matches!(ops.first(), Some(&"deny" | &"reject"))
                && ops[1..].iter().any(|w| names_port(w))
                // `from 10.0.0.9`: one source is kept out, not the operator.
                && !ops.windows(2).any(|p| p[0] == "from" && p[1] != "any")
        }
        "iptables" | "ip6tables" => {
            // Compared in any case: a line shouted in capitals has its words folded.
            let is = |w: &str, any: &[&str]| any.iter().any(|a| w.eq_ignore_ascii_case(a));
            let drops = words
                .windows(2)
                .any(|p| is(p[0], &["-j", "--jump"]) && is(p[1], &["DROP", "REJECT"]));
            let input = words
                .windows(2)
                .any(|p| is(p[0], &["-A", "-I", "--append", "--insert"]) && is(p[1], &["INPUT"]));
            let to_port = words.windows(2).any(|p| {
                is(p[0], &["--dport", "--dports", "--destination-port"])
                    && p[1].split(',').any(names_port)
            });
            let policy = words.windows(3).any(|p| {
                is(p[0], &["-P", "--policy"])
                    && is(p[1], &["INPUT"])
                    && is(p[2], &["DROP", "REJECT"])
            });
            policy || drops && input && to_port
        }
        "nft" => {
            let text = words.join(" ");
            let drops = words
                .iter()
                .any(|w| w.eq_ignore_ascii_case("drop") || w.eq_ignore_ascii_case("reject"));
            drops
                && words
                    .windows(2)
                    .any(|p| p[0] == "dport" && names_port(p[1]))
                || drops && text.contains("dport {") && words.iter().any(|w| names_port(w))
        }
        "firewall-cmd" => words.iter().any(|w| {
            w.strip_prefix("--remove-service=").is_some_and(names_port)
                || w.strip_prefix("--remove-port=").is_some_and(names_port)
        }),
        _ => false,
    }
}

/// Whether a command lists the names of secrets (not their values).
fn secret_names(p: &str, ops: &[&str], cmd: &Cmd<'_>) -> bool {
    match p {
        "doppler" => ops.first() == Some(&"secrets") && cmd.has(&["--only-names"]),
        "vault" => {
            ops.starts_with(&["kv", "list"])
                || ops.first() == Some(&"list")
                || ops.starts_with(&["secrets", "list"])
        }
        "aws" => {
            ops.starts_with(&["secretsmanager", "list-secrets"])
                || ops.starts_with(&["ssm", "describe-parameters"])
        }
        "gcloud" => ops.starts_with(&["secrets", "list"]),
        "az" => ops.starts_with(&["keyvault", "secret", "list"]),
        "kubectl" | "oc" => {
            ops.first() == Some(&"get")
                && ops
                    .get(1)
                    .is_some_and(|r| matches!(*r, "secret" | "secrets"))
                && !cmd.has(&["-o", "--output", "-oyaml", "-ojson"])
        }
        "gh" | "glab" => ops.starts_with(&["secret", "list"]),
        "op" => ops.starts_with(&["item", "list"]),
        "infisical" => ops.first() == Some(&"secrets") && cmd.has(&["--silent"]),
        "pass" | "gopass" => ops.is_empty() || matches!(ops.first(), Some(&"ls" | &"list")),
        _ => false,
    }
}

/// Notes what a step's words define that only makes later verdicts stricter: the interface a
/// session runs over ("ssh admin@10.8.0.12  # over wg0", "we're connected through tun0"), and
/// the size of the set it works through ("order 1 of refunds.csv (9,014 rows)", "1 of 5").
pub fn note_words(text: &str, ctx: &mut Context) {
    // A step that leaves the shell an earlier step opened (`exit`, `logout`): later steps run
    // here again.
    if matches!(
        text.split_whitespace().next(),
        Some("exit" | "logout" | "exit;" | "^D")
    ) {
        ctx.env.defined.forget(Kind::Session);
    }
    super::carried::note_places(text, ctx);
    let split = |c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ':');
    let session = text.split(split).any(|w| {
        let w = w.trim_end_matches([',', '.']);
        [
            "ssh",
            "mosh",
            "connected",
            "session",
            "logged",
            "tunnel",
            "vpn",
            "remote",
        ]
        .iter()
        .any(|s| w.eq_ignore_ascii_case(s))
    });
    // The words are read only for a session's interface or for a set's size, and a size is
    // a number (`set_size` parses digits): a step with neither (most) is not lowercased and
    // split. Exact: the session test above reads the same words (split on separators that
    // lowercasing keeps), in any ASCII case, as the lowercased words would be read.
    let step = ctx.env.step;
    let size = if session || text.bytes().any(|b| b.is_ascii_digit()) {
        let lower = text.to_ascii_lowercase();
        let words: Vec<&str> = lower
            .split(split)
            .map(|w| w.trim_end_matches([',', '.']))
            .filter(|w| !w.is_empty())
            .collect();
        if session {
            for (i, w) in words.iter().enumerate() {
                if matches!(*w, "over" | "via" | "through" | "thru")
                    && let Some(iface) = {
                        let near = || words[i + 1..].iter().take(5);
                        // An interface's name, else a VPN connection's (`wg-office`).
                        near().find(|n| interface(n)).or_else(|| {
                            near().find(|n| n.starts_with("wg-") || n.starts_with("vpn-"))
                        })
                    }
                {
                    let iface = iface.trim_matches(|c: char| !c.is_ascii_alphanumeric());
                    ctx.env
                        .defined
                        .define(Kind::Through, iface, "session", step, None);
                    break;
                }
            }
        }
        set_size(&words)
    } else {
        None
    };
    // A file written from a listing of everything (an unfiltered `SELECT`, `--all`) holds
    // everyone whatever it is named (fanout); its size may be unsaid.
    if size.is_some() || super::fanout::lists_into_file(text) {
        // The file the rows went to, when the step wrote one: a loop fed that file later
        // repeats its operation that many times (fanout).
        let file = super::fanout::written_file(text).unwrap_or("");
        ctx.env.defined.define(Kind::Rows, file, "", step, size);
    }
}

/// The size of the set a step works through: "N of M" (M), "(N rows)", "N rows/items/records/
/// orders/customers/entries/lines".
fn set_size(words: &[&str]) -> Option<u64> {
    let num = |w: &str| -> Option<u64> {
        let d: String = w.chars().filter(|c| *c != ',').collect();
        d.parse::<u64>().ok()
    };
    for (i, w) in words.iter().enumerate() {
        if *w == "of"
            && i > 0
            && num(words[i - 1]).is_some()
            && let Some(m) = words.get(i + 1).and_then(|m| num(m))
        {
            return Some(m);
        }
        if let Some(n) = num(w)
            && words.get(i + 1).is_some_and(|u| {
                matches!(
                    *u,
                    "rows"
                        | "items"
                        | "records"
                        | "orders"
                        | "customers"
                        | "entries"
                        | "lines"
                        | "users"
                        | "accounts"
                        | "charges"
                        | "refunds"
                        | "invoices"
                        | "hosts"
                        | "servers"
                        | "files"
                )
            })
        {
            return Some(n);
        }
    }
    None
}

/// What a command does to something the model holds: taking down the interface the
/// operator's session runs over.
pub fn judge(cmd: &Cmd<'_>, ctx: &Context, out: &mut Vec<Finding>) {
    // A shell opened on another host: a firewall rule there that blocks the port the shell runs
    // over cuts the operator's way back in.
    if let Some(session) = ctx.env.defined.latest(Kind::Session)
        && session.value == "remote"
        && let Some(port) = session.count
        && blocks_port(cmd, port)
    {
        out.push(Finding {
            family: Family::System,
            code: "system.own-access",
            severity: Severity::Stop,
            message: format!(
                "{} blocks port {port} on {}, the port of the shell an earlier step opened there: the operator's own access to the host is cut",
                cmd.program, session.id
            ),
        });
    }
    if ctx.env.defined.latest(Kind::Through).is_none() {
        return;
    }
    let Some(iface) = taken_down(cmd) else {
        return;
    };
    if let Some(d) = ctx
        .env
        .defined
        .ids(Kind::Through)
        .find(|d| *d == iface.as_str())
    {
        out.push(Finding {
            family: Family::System,
            code: "system.own-access",
            severity: Severity::Stop,
            message: format!(
                "{} takes {d} down, the interface an earlier step's session runs over: the operator's own access to the host is cut",
                cmd.program
            ),
        });
    }
}

/// An rclone path on a remote defined as the local disk (`rclone config create X local`, or the
/// `:local:` backend): the path on this machine.
pub fn local_remote_path<'a>(word: &'a str, ctx: &Context) -> Option<&'a str> {
    if let Some(path) = word.strip_prefix(":local:") {
        return Some(path);
    }
    let (name, path) = word.split_once(':')?;
    ctx.env
        .defined
        .latest(Kind::Remote)
        .is_some()
        .then(|| {
            ctx.env
                .defined
                .defs
                .iter()
                .rev()
                .find(|d| d.kind == Kind::Remote && d.id == name)
                .filter(|d| d.value == "local" || d.value == "alias")
                .map(|_| path)
        })
        .flatten()
}

/// A rclone command on a local remote, judged as the filesystem command it amounts to
/// (`rclone purge X:/srv/data` is `rm -rf /srv/data`).
pub fn rclone_equivalent(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    if cmd.program != "rclone" || ctx.env.defined.latest(Kind::Remote).is_none() {
        return None;
    }
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    let path = ops.get(1).and_then(|w| local_remote_path(w, ctx))?;
    let path = if path.is_empty() { "." } else { path };
    match ops.first()? {
        &"purge" => Some(format!("rm -rf {path}")),
        &"delete" => Some(format!("rm -r {path}")),
        &"deletefile" => Some(format!("rm {path}")),
        &"rmdir" | &"rmdirs" => Some(format!("rmdir {path}")),
        _ => None,
    }
}

/// Why `cmd` acts only on a thing made here or a local place the model holds, if it does (read
/// by [`super::carried::local_place`] after the line's own production words).
pub fn made_here(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let p = cmd.program;
    let model = &ctx.env.defined;
    match p {
        "docker" | "podman" | "docker-compose" | "podman-compose" => {
            let ops: Vec<&str> = cmd
                .operands(&["-p", "--project-name", "-f", "--file", "--profile"])
                .collect();
            let compose = p.ends_with("compose") || ops.first() == Some(&"compose");
            if !compose || remote_docker(cmd, ctx) {
                return None;
            }
            let project = cmd.value(&["-p", "--project-name"]);
            // On the line: a project or profile named local (`-p myapp-local`, `--profile
            // dev`), the developer's own stack. A project named for `dev` is not enough: a dev
            // project's volumes hold the developer's data (`-p shop-dev down -v` deletes them),
            // while a profile only selects which services of the stack run.
            let words = |v: &str, also_dev: bool| {
                v.to_ascii_lowercase()
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|w| {
                        matches!(w, "local" | "test" | "tests" | "ci") || also_dev && w == "dev"
                    })
            };
            let local_word = |v: &str| words(v, true);
            if let Some(name) = project.filter(|n| words(n, false))
                && !super::environments::shared(name)
            {
                return Some(format!("the local compose project {name}"));
            }
            if let Some(profile) = cmd.value(&["--profile"]).filter(|v| local_word(v)) {
                return Some(format!("the compose profile {profile}, a local stack"));
            }
            // A project an earlier step started on this machine (both unnamed: this
            // directory's default project).
            let project = project.unwrap_or("");
            model.has(Kind::Compose, project).then(|| {
                if project.is_empty() {
                    "the compose project an earlier step started here".to_owned()
                } else {
                    format!("the compose project {project}, started here by an earlier step")
                }
            })
        }
        "terraform" | "tofu" | "terragrunt" => {
            if cmd
                .words()
                .any(|w| w.to_ascii_lowercase().contains("localstack"))
            {
                return Some("LocalStack's emulation".to_owned());
            }
            let dir = terraform_dir(cmd, ctx)?;
            model
                .has(Kind::TerraformDir, &dir)
                .then(|| format!("the terraform directory {dir}, made here in a temporary place"))
        }
        // A payment API's test mode (a test key on the line): a sandbox, no money moves.
        "stripe" => cmd
            .value(&["--api-key"])
            .filter(|k| {
                let k = k.to_ascii_lowercase();
                k.contains("test") && !k.contains("live")
            })
            .map(|_| "Stripe's test mode (a test key)".to_owned()),
        "tflocal" | "awslocal" | "cdklocal" | "samlocal" | "pulumilocal" | "sls-local" => {
            Some(format!("LocalStack, through {p}"))
        }
        "aws" => cmd
            .value(&["--endpoint-url"])
            .filter(|v| {
                let v = v.to_ascii_lowercase();
                v.contains("://localstack:") || v.contains("://localstack/")
            })
            .map(|v| format!("the LocalStack emulator at {v}")),
        "rclone" => {
            let ops: Vec<&str> = cmd.operands(&[]).collect();
            let target = ops.get(1)?.trim_end_matches('/');
            if local_remote_path(target, ctx).is_some() {
                return Some(format!(
                    "{target}, on a remote defined as this machine's disk"
                ));
            }
            model
                .ids(Kind::RemoteFolder)
                .find(|f| target == *f || target.starts_with(&format!("{f}/")))
                .map(|f| format!("the folder {f}, made by an earlier step"))
        }
        _ => None,
    }
}

/// A sentence right after a listing of secret names asking for a value ("show me the value of
/// it", "print them", "what's in the first one"): a secret revealed, in the listing's scope.
pub fn follow_up(text: &str, ctx: &Context, out: &mut Vec<Finding>) {
    let Some(listing) = ctx.env.defined.just_before(Kind::SecretNames, ctx.env.step) else {
        return;
    };
    let lower = crate::strip_lead(text).to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '\'' && c != '_')
        .filter(|w| !w.is_empty())
        .collect();
    // A value asked for, not the names again ("show me how to rotate it" asks none).
    let asks_value = words.iter().any(|w| {
        matches!(
            *w,
            "value"
                | "values"
                | "reveal"
                | "print"
                | "cat"
                | "decode"
                | "decoded"
                | "contents"
                | "content"
                | "plaintext"
                | "echo"
                | "dump"
                | "unmasked"
        )
    });
    let refers = words.iter().any(|w| {
        matches!(
            *w,
            "it" | "them"
                | "that"
                | "those"
                | "these"
                | "one"
                | "first"
                | "last"
                | "each"
                | "all"
                | "every"
                | "its"
                | "their"
        )
    }) || text
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .any(|w| w.len() > 3 && w.contains('_') && w.bytes().all(|b| !b.is_ascii_lowercase()));
    if !asks_value || !refers || !super::carried::acting(text) {
        return;
    }
    let bulk = words
        .iter()
        .any(|w| matches!(*w, "them" | "all" | "every" | "each" | "those" | "these"));
    out.push(Finding {
        family: Family::Secrets,
        code: "context.secret-reveal",
        severity: if bulk {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        message: format!(
            "\"{}\" after `{}` (a listing of secret names): shows a secret's value{}",
            crate::cut(text, 60),
            crate::cut(&listing.value, 80),
            if bulk { ", every one listed" } else { "" }
        ),
    });
}
