//! A read handed to a fleet: an ansible ad-hoc module that only gathers or reports (`-m ping`,
//! `-m setup`, `-m stat`), or a `command`/`shell`/`raw` module whose command only reports
//! (`-a 'df -h'`, `-a 'systemctl status postgresql'`). It lands on many production hosts and
//! changes none: the command's own grade holds on every host, and a read's is none.
//!
//! Read from the module and its arguments, never from words around them: every simple command
//! of the arguments (split at `|`, `;`, `&&`, `||`) must be a program of [`READS`] used in one
//! of its reading forms, with no redirection, substitution or background job. A second `-m` or
//! `-a` (ansible takes the last), an unknown program, a writing subcommand (`systemctl stop`,
//! `sysctl -w`, `date -s`) or an unreadable word keeps the production grade.

/// Modules that gather facts or report and change nothing on the host (ansible.builtin and the
/// common collections' `*_facts`, `*_info`).
const READ_MODULES: &[&str] = &[
    "ping",
    "win_ping",
    "setup",
    "gather_facts",
    "debug",
    "stat",
    "win_stat",
    "slurp",
    "find",
    "getent",
    "service_facts",
    "package_facts",
    "mount_facts",
    "listen_ports_facts",
    "assert",
];

/// A program that reports, and how its reading forms are told apart from its writing ones.
enum Form {
    /// Every use reads.
    Any,
    /// Reads with no operand at all (`hostname`, `mount`), writes with one.
    Bare,
    /// Reads when its first operand is one of these (`systemctl status`), or when it has none.
    Verbs(&'static [&'static str]),
    /// Reads unless one of these options is given (`date -s`, `sysctl -w`, `dmesg -C`).
    Without(&'static [&'static str]),
}

/// dnf's and yum's subcommands that only query.
const RPM_QUERIES: &[&str] = &[
    "list",
    "info",
    "repolist",
    "check-update",
    "history",
    "provides",
    "search",
];

/// Programs a fleet command reads with, from their manuals.
const READS: &[(&str, Form)] = &[
    ("df", Form::Any),
    ("du", Form::Any),
    ("uptime", Form::Any),
    ("free", Form::Any),
    ("uname", Form::Any),
    ("whoami", Form::Any),
    ("id", Form::Any),
    ("w", Form::Any),
    ("who", Form::Any),
    ("last", Form::Any),
    ("cat", Form::Any),
    ("head", Form::Any),
    ("tail", Form::Any),
    ("ls", Form::Any),
    ("stat", Form::Any),
    ("wc", Form::Any),
    ("grep", Form::Any),
    ("egrep", Form::Any),
    ("ps", Form::Any),
    ("pgrep", Form::Any),
    ("vmstat", Form::Any),
    ("iostat", Form::Any),
    ("mpstat", Form::Any),
    ("lscpu", Form::Any),
    ("lsblk", Form::Any),
    ("lsmem", Form::Any),
    ("lspci", Form::Any),
    ("lsusb", Form::Any),
    ("lsmod", Form::Any),
    ("nproc", Form::Any),
    ("getent", Form::Any),
    ("findmnt", Form::Any),
    ("ss", Form::Any),
    ("netstat", Form::Any),
    ("sort", Form::Without(&["-o", "--output"])),
    ("uniq", Form::Any),
    ("cut", Form::Any),
    ("column", Form::Any),
    ("getenforce", Form::Any),
    ("sestatus", Form::Any),
    ("getconf", Form::Any),
    ("hostname", Form::Bare),
    ("mount", Form::Bare),
    ("date", Form::Without(&["-s", "--set"])),
    (
        "sysctl",
        Form::Without(&["-w", "--write", "-p", "--load", "--system"]),
    ),
    (
        "dmesg",
        Form::Without(&[
            "-c",
            "-C",
            "--clear",
            "--read-clear",
            "-n",
            "--console-level",
        ]),
    ),
    (
        "journalctl",
        Form::Without(&[
            "--vacuum-size",
            "--vacuum-time",
            "--vacuum-files",
            "--rotate",
            "--flush",
            "--sync",
            "--relinquish-var",
            "--setup-keys",
        ]),
    ),
    (
        "systemctl",
        Form::Verbs(&[
            "status",
            "is-active",
            "is-enabled",
            "is-failed",
            "is-system-running",
            "list-units",
            "list-unit-files",
            "list-timers",
            "list-sockets",
            "list-dependencies",
            "show",
            "cat",
        ]),
    ),
    (
        "timedatectl",
        Form::Verbs(&["status", "show", "timesync-status"]),
    ),
    ("hostnamectl", Form::Verbs(&["status"])),
    (
        "ip",
        Form::Verbs(&[
            "addr", "address", "a", "route", "r", "link", "l", "neigh", "n", "-br", "-brief", "-4",
            "-6", "-s",
        ]),
    ),
    (
        "rpm",
        Form::Without(&[
            "-e",
            "--erase",
            "-i",
            "--install",
            "-U",
            "--upgrade",
            "-F",
            "--freshen",
            "--import",
            "--setperms",
            "--setugids",
            "--rebuilddb",
            "--initdb",
        ]),
    ),
    (
        "dpkg",
        Form::Verbs(&[
            "-l",
            "--list",
            "-s",
            "--status",
            "-L",
            "--listfiles",
            "-S",
            "--search",
            "--get-selections",
            "--print-architecture",
        ]),
    ),
    ("apt", Form::Verbs(&["list", "show", "policy", "search"])),
    ("apt-cache", Form::Any),
    ("dnf", Form::Verbs(RPM_QUERIES)),
    ("yum", Form::Verbs(RPM_QUERIES)),
    (
        "chronyc",
        Form::Verbs(&["tracking", "sources", "sourcestats", "activity"]),
    ),
    (
        "docker",
        Form::Verbs(&["ps", "images", "info", "version", "inspect"]),
    ),
    (
        "podman",
        Form::Verbs(&["ps", "images", "info", "version", "inspect"]),
    ),
    (
        "crictl",
        Form::Verbs(&["ps", "pods", "images", "info", "version", "inspect"]),
    ),
];

/// Whether an ad-hoc `module` run with `args` (ansible's `-a`) only reads the hosts.
pub fn ansible_reads(module: &str, args: Option<&str>) -> bool {
    // A fully qualified name is its short name (`ansible.builtin.setup` is `setup`).
    let module = module.rsplit('.').next().unwrap_or(module);
    if READ_MODULES.contains(&module) {
        return true;
    }
    matches!(module, "command" | "shell" | "raw") && args.is_some_and(command_reads)
}

/// Whether a command line handed to a fleet only reads: each of its simple commands is a
/// reading form of a program of [`READS`], with nothing the shell does around them.
pub fn command_reads(line: &str) -> bool {
    // Redirections, substitutions, background jobs, subshells, here-documents: not read here.
    if line.is_empty()
        || line.contains(['>', '<', '`', '(', ')', '{', '}', '\n', '\\'])
        || line.contains("$(")
        || line.replace("&&", "").contains('&')
    {
        return false;
    }
    line.split(['|', ';'])
        .flat_map(|part| part.split("&&"))
        .all(|part| {
            let words: Vec<&str> = part
                .split_whitespace()
                .map(|w| w.trim_matches(['\'', '"']))
                .filter(|w| !w.is_empty())
                .collect();
            simple_reads(&words)
        })
}

/// Whether one simple command (its words, the program first) is a reading form.
fn simple_reads(words: &[&str]) -> bool {
    let words = match words {
        ["sudo", rest @ ..] => rest,
        _ => words,
    };
    let Some((&first, rest)) = words.split_first() else {
        return false;
    };
    let program = first.rsplit('/').next().unwrap_or(first);
    let Some((_, form)) = READS.iter().find(|(p, _)| *p == program) else {
        return false;
    };
    match form {
        Form::Any => true,
        Form::Bare => rest.iter().all(|w| w.starts_with('-')),
        Form::Verbs(verbs) => rest
            .iter()
            .find(|w| !w.starts_with('-') || verbs.contains(w))
            .is_none_or(|w| verbs.contains(w)),
        Form::Without(options) => !rest.iter().any(|w| {
            options
                .iter()
                .any(|o| w == o || w.starts_with(&format!("{o}=")))
        }),
    }
}
