//! A remote-administration or data service opened to everyone, said in words (session 22):
//! "open SSH to the world on all the prod boxes", "expose the Postgres port to the internet",
//! "allow RDP from anywhere".
//!
//! A login or data port that answers the whole internet is scanned within minutes: on
//! production or every machine that is verified, on one shared machine confirmed, on the
//! developer's own (local, "my own") nothing. Only a service that gives a shell or data
//! counts (SSH, RDP, WinRM, VNC, telnet, database and cache ports, the container and cluster
//! daemons), and only "to everyone": the world, the internet, anywhere, `0.0.0.0/0`, `::/0`.
//! Opening a file, a PR or a port to the office range stays allowed.

use super::operations::{Reach, Segment, any, found, is};
use crate::finding::{Family, Finding, Severity};

/// Services that give a shell or data to whoever reaches them.
const SERVICES: &[&str] = &[
    "ssh",
    "sshd",
    "rdp",
    "winrm",
    "vnc",
    "telnet",
    "22",
    "3389",
    "5985",
    "5986",
    "5900",
    "23",
    "postgres",
    "postgresql",
    "mysql",
    "mariadb",
    "mongodb",
    "mongo",
    "redis",
    "memcached",
    "elasticsearch",
    "opensearch",
    "5432",
    "3306",
    "27017",
    "6379",
    "9200",
    "database",
    "db",
    "etcd",
    "kubelet",
    "docker",
    "2375",
];

/// Who "everyone" is.
const EVERYONE: &[&str] = &["world", "internet", "anywhere", "everyone", "everybody"];

/// Whether the words open to everyone.
fn to_everyone(toks: &[super::Token<'_>]) -> bool {
    any(toks, EVERYONE)
        || toks
            .iter()
            .any(|t| t.text.starts_with("0.0.0.0/0") || t.text.starts_with("::/0"))
        || toks.windows(2).any(|p| {
            (is(&p[0], "any") || is(&p[0], "all")) && any(&p[1..], &["ip", "address", "source"])
                || is(&p[0], "public") && any(&p[1..], &["internet"])
        })
}

/// The reader of [`super::operations`].
pub(super) fn opened(s: &Segment<'_, '_>) -> Option<Finding> {
    if !any(s.all, SERVICES) || !to_everyone(s.all) {
        return None;
    }
    let sev = Reach::of(s.whole).grade(Severity::Verify, Some(Severity::Confirm))?;
    Some(found(
        Family::System,
        "prose.open-to-world",
        sev,
        s,
        "a login or data port that answers the whole internet is found and tried within minutes",
    ))
}
