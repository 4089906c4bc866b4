//! What kind of program a command runs, for the programs no family recognizer reads in full: a
//! backup tool, a secret store, a database or its migration tool, a cluster, a cloud, DNS, an
//! identity directory, a package manager, a local sandbox...
//!
//! A class gives the generic command reader ([`super::generic`]) the object a subcommand acts on
//! when its words do not name one: `delete` on a backup tool destroys backups, `get` on a secret
//! store reads a secret, `stop` on a service manager takes a service down, `delete` on a local
//! sandbox removes a disposable test machine. One line per program, written from the programs'
//! documentation (their command references): a program nobody wrote a recognizer for costs a
//! line here, not a rule per command line. Looked up by binary search over a table sorted at
//! compile time (checked by a test).

use super::name_table::NameTable;
use crate::finding::Family;
use crate::prose::lexicon::obj;

/// The kinds of programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// Backup and snapshot tools (borg, restic, kopia, velero, tmutil, vssadmin...): their
    /// archives are what makes other losses recoverable.
    Backup,
    /// Secret stores and password managers (chamber, sops, pass, gopass, bw, doppler...).
    SecretStore,
    /// Database servers, clients and dump/restore tools not read by the SQL reader (etcdctl,
    /// pg_restore, mongorestore...).
    Database,
    /// Schema migration tools (dbmate, goose, flyway, liquibase, alembic...): rolling back,
    /// cleaning or resetting drops tables.
    Migrator,
    /// Message queues and streams (kafka-topics, rabbitmqctl, nats).
    Queue,
    /// Cluster and service-mesh tools (consul, nomad, istioctl, eksctl, kubeadm, argocd...).
    Cluster,
    /// Cloud and hosting CLIs no cloud recognizer reads (openstack, sam, copilot, eb, bq...).
    Cloud,
    /// DNS and CDN tools (cli53, dnscontrol, flarectl...).
    Dns,
    /// Identity directories and account admin tools (gam, ipa, kcadm.sh, samba-tool...).
    Identity,
    /// Security controls (spctl, csrutil, auditctl, fail2ban-client, netsh...).
    SecurityControl,
    /// Service and process managers (pm2, sc, sv, circusctl...).
    ServiceManager,
    /// Disk, volume and encryption tools (cryptsetup, nvme, mdadm, ceph...).
    Storage,
    /// Certificate tools (certbot, step): revoking or deleting a certificate breaks what uses it.
    Certificates,
    /// Code hosting CLIs no git recognizer reads (hub, tea, lab...).
    GitHosting,
    /// Issue trackers (jira, linear).
    Tracker,
    /// Messaging and notification senders (twilio, swaks, ntfy...): the object is people.
    Messaging,
    /// Package managers and toolchain version managers (npm, cargo, pip, brew, pyenv, rustup,
    /// nvm, mise...): removing a package or a toolchain is a bounded local change; their
    /// registry verbs are read by [`super::registry`].
    PackageManager,
    /// Local, disposable sandboxes (kind, minikube, k3d, vagrant, multipass...): deleting one is
    /// the agent's own workbench, unless production is named.
    LocalSandbox,
    /// Hosts of long-lived virtual machines and system containers (incus, lxc, virsh,
    /// VBoxManage, wsl): an instance's disk is its whole system and data, so deleting one is
    /// not a disposable sandbox's reset (multipass and vagrant boxes are made to be thrown away:
    /// [`Class::LocalSandbox`]).
    VmHost,
    /// Alerting tools (amtool): silencing or muting alerts blinds the people on call. What is
    /// silenced is given by matchers, not nouns (`alertname=DiskFull` names no disk), so the
    /// reading grades it by scope: a matcher that matches everything, or production.
    Monitoring,
    /// Network connections, VPNs and tunnels, and the tools that shape a link (nmcli,
    /// tailscale, wg-quick, zerotier-cli, openvpn3, warp-cli, nordvpn, mullvad, networkctl, tc):
    /// taking one down cuts the machine, and often the agent's own session, off the network.
    Network,
}

impl Class {
    /// The object class (bits of [`obj`]) a subcommand of this program acts on when its words
    /// name none.
    pub const fn object(self) -> u16 {
        match self {
            Class::Backup
            | Class::Database
            | Class::Migrator
            | Class::Queue
            | Class::Cloud
            | Class::Dns
            | Class::Storage
            | Class::GitHosting => obj::STORE,
            Class::SecretStore | Class::Certificates => obj::CRED,
            Class::Cluster | Class::ServiceManager => obj::RUNTIME,
            Class::Identity | Class::Messaging => obj::PEOPLE,
            Class::SecurityControl => obj::SECURITY,
            Class::Tracker => obj::WORK,
            Class::PackageManager => obj::SOFTWARE,
            Class::VmHost => obj::RUNTIME,
            Class::Network => obj::RUNTIME,
            Class::LocalSandbox | Class::Monitoring => 0,
        }
    }

    /// That object in words, for messages.
    pub const fn object_words(self) -> &'static str {
        match self {
            Class::Backup => "backups",
            Class::SecretStore => "secrets",
            Class::Database => "a database",
            Class::Migrator => "a database schema",
            Class::Queue => "queues and their messages",
            Class::Cluster => "cluster workloads",
            Class::Cloud => "cloud resources",
            Class::Dns => "DNS zones and records",
            Class::Identity => "user accounts",
            Class::SecurityControl => "a security control",
            Class::ServiceManager => "services",
            Class::Storage => "disks and volumes",
            Class::Certificates => "certificates",
            Class::GitHosting => "repositories",
            Class::Tracker => "work items",
            Class::Messaging => "messages to people",
            Class::PackageManager => "packages",
            Class::LocalSandbox => "a local sandbox",
            Class::VmHost => "virtual machines and their disks",
            Class::Monitoring => "alerts",
            Class::Network => "a network connection",
        }
    }

    /// What the program is, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Backup => "a backup tool",
            Class::SecretStore => "a secret store",
            Class::Database => "a database tool",
            Class::Migrator => "a schema migration tool",
            Class::Queue => "a message queue tool",
            Class::Cluster => "a cluster tool",
            Class::Cloud => "a cloud CLI",
            Class::Dns => "a DNS tool",
            Class::Identity => "an identity directory tool",
            Class::SecurityControl => "a security control",
            Class::ServiceManager => "a service manager",
            Class::Storage => "a disk or volume tool",
            Class::Certificates => "a certificate tool",
            Class::GitHosting => "a code hosting CLI",
            Class::Tracker => "an issue tracker CLI",
            Class::Messaging => "a messaging CLI",
            Class::PackageManager => "a package manager",
            Class::LocalSandbox => "a local sandbox tool",
            Class::VmHost => "a virtual machine host",
            Class::Monitoring => "an alerting tool",
            Class::Network => "a network or VPN tool",
        }
    }

    /// The family a finding about this program belongs to.
    pub const fn family(self) -> Family {
        match self {
            Class::Backup | Class::Storage => Family::Filesystem,
            Class::SecretStore | Class::Certificates => Family::Secrets,
            Class::Database | Class::Migrator | Class::Queue => Family::Database,
            Class::Cluster | Class::LocalSandbox | Class::VmHost => Family::Containers,
            Class::Cloud | Class::Dns => Family::Cloud,
            Class::Monitoring => Family::Infrastructure,
            Class::Identity | Class::Tracker | Class::Messaging => Family::Business,
            Class::SecurityControl | Class::ServiceManager | Class::Network => Family::System,
            Class::GitHosting => Family::Git,
            Class::PackageManager => Family::RemoteCode,
        }
    }

    /// Subcommand verbs of this kind of program that destroy, beyond the English ones the
    /// lexicon knows (delete, remove, purge...): `restic forget` drops snapshots, `borg prune`
    /// deletes archives, `flyway clean` drops every object of the schemas, `dbmate rollback`
    /// and `alembic downgrade` run the down migrations, which drop what the up ones made.
    pub const fn destroy_verbs(self) -> &'static [&'static str] {
        match self {
            Class::Backup => &["forget", "prune", "expire"],
            Class::Migrator => &[
                "clean",
                "down",
                "downgrade",
                "fresh",
                "redo",
                "refresh",
                "revert",
                "rollback",
                "undo",
            ],
            Class::Storage => &["format", "sanitize", "zap", "zero", "zeroout"],
            Class::Queue => &["purge"],
            _ => &[],
        }
    }

    /// Subcommand and option words of this kind of program that turn something off, beyond the
    /// English ones the lexicon knows (disable, silence, mute): `manage-bde -off` decrypts a
    /// BitLocker volume, `amtool silence add` and a maintenance window stop alerts.
    pub const fn disable_verbs(self) -> &'static [&'static str] {
        match self {
            Class::SecurityControl => &["off"],
            Class::Monitoring => &["maintenance", "mute", "silence", "snooze"],
            // A connection's state words: `tailscale down`, `nmcli networking off`,
            // `warp-cli disconnect`, `zerotier-cli leave NETWORK`, `nordvpn logout`.
            Class::Network => &["disconnect", "down", "leave", "logout", "off"],
            _ => &[],
        }
    }

    /// Whether the operands after the verb are names of what the class acts on, never kinds:
    /// an alerting tool's matchers and a package manager's package names (`brew uninstall
    /// node`, `npm uninstall prod-logger`, `amtool silence add alertname=DiskFull`).
    pub const fn operands_are_names(self) -> bool {
        matches!(self, Class::PackageManager | Class::Monitoring)
    }
}

use Class::*;

/// The programs, sorted by name (checked by a test).
const PROGRAMS: &[(&str, Class)] = &[
    ("aa-complain", SecurityControl),
    ("aa-disable", SecurityControl),
    ("add-apt-repository", PackageManager),
    ("alembic", Migrator),
    ("amplify", Cloud),
    ("amtool", Monitoring),
    ("ansible-galaxy", PackageManager),
    ("apk", PackageManager),
    ("apprise", Messaging),
    ("apt", PackageManager),
    ("apt-get", PackageManager),
    ("apt-key", PackageManager),
    ("aptitude", PackageManager),
    ("argocd", Cluster),
    ("asdf", PackageManager),
    ("atlas", Migrator),
    ("auditctl", SecurityControl),
    ("auth0", Identity),
    ("autorestic", Backup),
    ("aws-vault", SecretStore),
    ("barman", Backup),
    ("berglas", SecretStore),
    ("borg", Backup),
    ("borgmatic", Backup),
    ("bq", Cloud),
    ("brew", PackageManager),
    ("bup", Backup),
    ("bw", SecretStore),
    ("cargo", PackageManager),
    ("ceph", Storage),
    ("certbot", Certificates),
    ("cf", Cloud),
    ("chage", Identity),
    ("chamber", SecretStore),
    ("choco", PackageManager),
    ("cilium", Cluster),
    ("circusctl", ServiceManager),
    ("cli53", Dns),
    ("cockroach", Database),
    ("colima", LocalSandbox),
    ("composer", PackageManager),
    ("conda", PackageManager),
    ("consul", Cluster),
    ("copilot", Cloud),
    ("crc", LocalSandbox),
    ("cryptsetup", Storage),
    ("csrutil", SecurityControl),
    ("dbmate", Migrator),
    ("diesel", Migrator),
    ("dnf", PackageManager),
    ("dnscontrol", Dns),
    ("docker-machine", LocalSandbox),
    ("dokku", Cloud),
    ("doppler", SecretStore),
    ("dscl", Identity),
    ("dseditgroup", Identity),
    ("duplicacy", Backup),
    ("duplicity", Backup),
    ("eb", Cloud),
    ("eksctl", Cluster),
    ("etcdctl", Database),
    ("expressvpn", Network),
    ("fail2ban-client", SecurityControl),
    ("fdesetup", SecurityControl),
    ("flarectl", Dns),
    ("flatpak", PackageManager),
    ("flux", Cluster),
    ("flyway", Migrator),
    ("fnm", PackageManager),
    ("gam", Identity),
    ("gem", PackageManager),
    ("goenv", PackageManager),
    ("goose", Migrator),
    ("gopass", SecretStore),
    ("helmfile", Cluster),
    ("hub", GitHosting),
    ("incus", VmHost),
    ("infisical", SecretStore),
    ("ipa", Identity),
    ("istioctl", Cluster),
    ("jenv", PackageManager),
    ("jira", Tracker),
    ("k3d", LocalSandbox),
    ("kafka-topics", Queue),
    ("kafka-topics.sh", Queue),
    ("kanidm", Identity),
    ("kapp", Cluster),
    ("kcadm.sh", Identity),
    ("keepassxc-cli", SecretStore),
    ("kind", LocalSandbox),
    ("knex", Migrator),
    ("kopia", Backup),
    ("kops", Cluster),
    ("kubeadm", Cluster),
    ("kubectl-krew", PackageManager),
    ("lab", GitHosting),
    ("ldcli", Cloud),
    ("limactl", LocalSandbox),
    ("linear", Tracker),
    ("linkerd", Cluster),
    ("liquibase", Migrator),
    ("litestream", Backup),
    ("lpass", SecretStore),
    ("luarocks", PackageManager),
    ("lxc", VmHost),
    ("mamba", PackageManager),
    ("manage-bde", SecurityControl),
    ("mdadm", Storage),
    ("microdnf", PackageManager),
    ("migrate", Migrator),
    ("minikube", LocalSandbox),
    ("mise", PackageManager),
    ("mongorestore", Database),
    ("mullvad", Network),
    ("multipass", LocalSandbox),
    ("nats", Queue),
    ("neonctl", Cloud),
    ("netsh", SecurityControl),
    ("networkctl", Network),
    ("nix", PackageManager),
    ("nix-channel", PackageManager),
    ("nix-env", PackageManager),
    ("nmcli", Network),
    ("nodenv", PackageManager),
    ("nomad", Cluster),
    ("nordvpn", Network),
    ("npm", PackageManager),
    ("ntfy", Messaging),
    ("nuget", PackageManager),
    ("nvm", PackageManager),
    ("nvme", Storage),
    ("op", SecretStore),
    ("openstack", Cloud),
    ("openvpn", Network),
    ("openvpn3", Network),
    ("pacman", PackageManager),
    ("pass", SecretStore),
    ("pdm", PackageManager),
    ("pfctl", SecurityControl),
    ("pg_restore", Database),
    ("pgbackrest", Backup),
    ("pip", PackageManager),
    ("pip3", PackageManager),
    ("pipenv", PackageManager),
    ("pipx", PackageManager),
    ("pm2", ServiceManager),
    ("pnpm", PackageManager),
    ("poetry", PackageManager),
    ("protonvpn", Network),
    ("protonvpn-cli", Network),
    ("pscale", Cloud),
    ("pyenv", PackageManager),
    ("rabbitmqadmin", Queue),
    ("rabbitmqctl", Queue),
    ("rbenv", PackageManager),
    ("rdiff-backup", Backup),
    ("restic", Backup),
    ("rpm", PackageManager),
    ("rustic", Backup),
    ("rustup", PackageManager),
    ("sam", Cloud),
    ("samba-tool", Identity),
    ("sc", ServiceManager),
    ("scoop", PackageManager),
    ("sdk", PackageManager),
    ("secret-tool", SecretStore),
    ("sequelize", Migrator),
    ("sequelize-cli", Migrator),
    ("signal-cli", Messaging),
    ("skaffold", Cluster),
    ("sops", SecretStore),
    ("spctl", SecurityControl),
    ("sqitch", Migrator),
    ("step", Certificates),
    ("sv", ServiceManager),
    ("swaks", Messaging),
    ("sysadminctl", Identity),
    ("systemsetup", SecurityControl),
    ("tailscale", Network),
    ("talosctl", Cluster),
    ("tarsnap", Backup),
    ("tc", Network),
    ("tea", GitHosting),
    ("teller", SecretStore),
    ("tilt", LocalSandbox),
    ("timeshift", Backup),
    ("tmutil", Backup),
    ("turso", Cloud),
    ("twilio", Messaging),
    ("twine", PackageManager),
    ("typeorm", Migrator),
    ("uv", PackageManager),
    ("vagrant", LocalSandbox),
    ("vault", SecretStore),
    ("vboxmanage", VmHost),
    ("velero", Backup),
    ("virsh", VmHost),
    ("volta", PackageManager),
    ("vssadmin", Backup),
    ("wal-g", Backup),
    ("warp-cli", Network),
    ("wbadmin", Backup),
    ("wg", Network),
    ("wg-quick", Network),
    ("winget", PackageManager),
    ("wsl", VmHost),
    ("yarn", PackageManager),
    ("yum", PackageManager),
    ("yum-config-manager", PackageManager),
    ("zerotier-cli", Network),
    ("zypper", PackageManager),
];

/// Programs made of tools of different kinds, whose first subcommand gives the class:
/// `fastlane match` keeps the team's signing certificates (`fastlane match nuke distribution`
/// revokes and deletes every distribution certificate and profile), `fastlane deliver` ships.
const SUBCOMMANDS: &[(&str, &str, Class)] = &[
    ("fastlane", "cert", Certificates),
    ("fastlane", "match", Certificates),
];

/// The class of a program (its lowercased name), if it has one: one hash and most often one
/// comparison (many readers ask it of every command, most of which have no class; a binary
/// search paid about ten string comparisons each time).
pub fn of(program: &str) -> Option<Class> {
    INDEX.get(program.as_bytes())
}

/// [`PROGRAMS`] by name, built at compile time.
static INDEX: NameTable<Class, 1024> = NameTable::new(PROGRAMS);

/// The class of a command: its program's, or, for a program made of tools of different kinds,
/// its first operand's (`fastlane match`).
pub fn of_command(program: &str, first_operand: Option<&str>) -> Option<Class> {
    of(program).or_else(|| {
        let sub = first_operand?;
        SUBCOMMANDS
            .iter()
            .find(|(p, s, _)| *p == program && s.eq_ignore_ascii_case(sub))
            .map(|(.., c)| *c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_and_every_program_is_found() {
        for pair in PROGRAMS.windows(2) {
            assert!(pair[0].0 < pair[1].0, "{} before {}", pair[0].0, pair[1].0);
        }
        for (name, class) in PROGRAMS {
            assert_eq!(of(name), Some(*class), "{name}");
        }
        assert_eq!(of("ls"), None);
        assert_eq!(of(""), None);
        assert_eq!(of_command("fastlane", Some("match")), Some(Certificates));
        assert_eq!(of_command("fastlane", Some("deliver")), None);
        assert_eq!(of_command("incus", None), Some(VmHost));
    }
}
