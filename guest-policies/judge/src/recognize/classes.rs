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
    /// Package managers: removing a package is a bounded local change.
    PackageManager,
    /// Local, disposable sandboxes (kind, minikube, k3d, vagrant, multipass...): deleting one is
    /// the agent's own workbench, unless production is named.
    LocalSandbox,
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
            Class::LocalSandbox => 0,
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
        }
    }

    /// The family a finding about this program belongs to.
    pub const fn family(self) -> Family {
        match self {
            Class::Backup | Class::Storage => Family::Filesystem,
            Class::SecretStore | Class::Certificates => Family::Secrets,
            Class::Database | Class::Migrator | Class::Queue => Family::Database,
            Class::Cluster | Class::LocalSandbox => Family::Containers,
            Class::Cloud | Class::Dns => Family::Cloud,
            Class::Identity | Class::Tracker | Class::Messaging => Family::Business,
            Class::SecurityControl | Class::ServiceManager => Family::System,
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
            Class::Storage => &["format", "sanitize", "zap"],
            Class::Queue => &["purge"],
            _ => &[],
        }
    }
}

use Class::*;

/// The programs, sorted by name (checked by a test).
const PROGRAMS: &[(&str, Class)] = &[
    ("aa-complain", SecurityControl),
    ("aa-disable", SecurityControl),
    ("alembic", Migrator),
    ("amplify", Cloud),
    ("apk", PackageManager),
    ("apprise", Messaging),
    ("apt", PackageManager),
    ("apt-get", PackageManager),
    ("argocd", Cluster),
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
    ("duplicacy", Backup),
    ("duplicity", Backup),
    ("eb", Cloud),
    ("eksctl", Cluster),
    ("etcdctl", Database),
    ("fail2ban-client", SecurityControl),
    ("flarectl", Dns),
    ("flatpak", PackageManager),
    ("flux", Cluster),
    ("flyway", Migrator),
    ("gam", Identity),
    ("gem", PackageManager),
    ("goose", Migrator),
    ("gopass", SecretStore),
    ("helmfile", Cluster),
    ("hub", GitHosting),
    ("infisical", SecretStore),
    ("ipa", Identity),
    ("istioctl", Cluster),
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
    ("lab", GitHosting),
    ("limactl", LocalSandbox),
    ("linear", Tracker),
    ("linkerd", Cluster),
    ("liquibase", Migrator),
    ("litestream", Backup),
    ("lpass", SecretStore),
    ("mamba", PackageManager),
    ("mdadm", Storage),
    ("migrate", Migrator),
    ("minikube", LocalSandbox),
    ("mongorestore", Database),
    ("multipass", LocalSandbox),
    ("nats", Queue),
    ("neonctl", Cloud),
    ("netsh", SecurityControl),
    ("nomad", Cluster),
    ("npm", PackageManager),
    ("ntfy", Messaging),
    ("nvme", Storage),
    ("op", SecretStore),
    ("openstack", Cloud),
    ("pacman", PackageManager),
    ("pass", SecretStore),
    ("pfctl", SecurityControl),
    ("pg_restore", Database),
    ("pgbackrest", Backup),
    ("pip", PackageManager),
    ("pip3", PackageManager),
    ("pipx", PackageManager),
    ("pm2", ServiceManager),
    ("pnpm", PackageManager),
    ("poetry", PackageManager),
    ("pscale", Cloud),
    ("rabbitmqadmin", Queue),
    ("rabbitmqctl", Queue),
    ("rdiff-backup", Backup),
    ("restic", Backup),
    ("rustic", Backup),
    ("sam", Cloud),
    ("samba-tool", Identity),
    ("sc", ServiceManager),
    ("scoop", PackageManager),
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
    ("talosctl", Cluster),
    ("tarsnap", Backup),
    ("tea", GitHosting),
    ("teller", SecretStore),
    ("tilt", LocalSandbox),
    ("timeshift", Backup),
    ("tmutil", Backup),
    ("turso", Cloud),
    ("twilio", Messaging),
    ("typeorm", Migrator),
    ("uv", PackageManager),
    ("vagrant", LocalSandbox),
    ("vault", SecretStore),
    ("velero", Backup),
    ("vssadmin", Backup),
    ("wal-g", Backup),
    ("wbadmin", Backup),
    ("winget", PackageManager),
    ("yarn", PackageManager),
    ("yum", PackageManager),
    ("zypper", PackageManager),
];

/// The class of a program (its lowercased name), if it has one.
pub fn of(program: &str) -> Option<Class> {
    PROGRAMS
        .binary_search_by(|(name, _)| name.cmp(&program))
        .ok()
        .map(|i| PROGRAMS[i].1)
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
    }
}
