//! System: power, processes, services, firewalls, SELinux, cron, users and privileges, mounts,
//! kernel knobs, covering tracks.

use super::{Cmd, finding, paths};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;

const S: Family = Family::System;

/// Processes whose death takes the machine, its logins or its data down.
const CRITICAL_PROCESSES: &[&str] = &[
    "init",
    "systemd",
    "sshd",
    "ssh",
    "dockerd",
    "containerd",
    "kubelet",
    "postgres",
    "postgresql",
    "mysqld",
    "mysql",
    "mongod",
    "redis-server",
    "nginx",
    "httpd",
    "apache2",
    "journald",
    "systemd-journald",
    "auditd",
    "rsyslogd",
    "cron",
    "crond",
    "dbus",
    "dbus-daemon",
    "NetworkManager",
    "etcd",
    "kube-apiserver",
    "java",
    "python",
    "python3",
    "node",
];

/// Services that guard the machine: stopping them lowers its defenses.
const SECURITY_SERVICES: &[&str] = &[
    "firewalld",
    "ufw",
    "iptables",
    "nftables",
    "auditd",
    "apparmor",
    "fail2ban",
    "selinux",
    "clamav",
    "clamd",
    "crowdstrike",
    "falcon-sensor",
    "osqueryd",
    "wazuh-agent",
    "sshd",
    "ssh",
    "systemd-journald",
    "rsyslog",
    "syslog",
];

const CRITICAL_SERVICES: &[&str] = &[
    "docker",
    "containerd",
    "kubelet",
    "postgresql",
    "mysql",
    "mariadb",
    "mongod",
    "redis",
    "redis-server",
    "nginx",
    "apache2",
    "httpd",
    "cron",
    "crond",
    "networking",
    "NetworkManager",
    "systemd-networkd",
    "systemd-resolved",
    "dbus",
    "etcd",
];

/// `kill -0 PID` (and `-s 0`, `-n 0`, `--signal=0`; `pkill -0 NAME`): signal 0 is never
/// sent, kill(2) only checks that the process exists and may be signalled. A probe, not a
/// kill. Only when 0 is the one signal the line names (`kill -0 -9 PID` signals nothing
/// either, but a second signal spelling is read as a kill).
pub fn signal_probe(cmd: &Cmd<'_>) -> bool {
    if !matches!(cmd.program, "kill" | "pkill" | "pgrep") {
        return false;
    }
    let words: Vec<&str> = cmd.words().collect();
    let mut zero = 0;
    let mut other = 0;
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let value = match w {
            "-s" | "-n" | "--signal" => {
                i += 1;
                words.get(i).copied()
            }
            _ => w
                .strip_prefix("--signal=")
                .or_else(|| w.strip_prefix("-s").filter(|v| !v.is_empty()))
                .or_else(|| {
                    w.strip_prefix('-')
                        .filter(|v| v.bytes().all(|c| c.is_ascii_alphanumeric()))
                }),
        };
        match value {
            Some("0") => zero += 1,
            Some(v) if w.starts_with('-') && !v.is_empty() && v != "-" => other += 1,
            _ => {}
        }
        i += 1;
    }
    zero == 1 && other == 0
}

/// `iptables-restore`, `ip6tables-restore` and `nft -f FILE|-`: the whole rule set is replaced
/// by what the file or stdin holds, which the line does not show (gate); when what is fed is
/// known and accepts everything (`:INPUT ACCEPT` with no DROP or REJECT rule, nft's `policy
/// accept` with no `drop`), the firewall is off (stop). A test run (`iptables-restore -t`,
/// `nft -c`) changes nothing.
pub fn rule_set(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let restore = matches!(
        p,
        "iptables-restore"
            | "ip6tables-restore"
            | "iptables-legacy-restore"
            | "iptables-nft-restore"
    );
    let nft_file = p == "nft" && cmd.has(&["-f", "--file"]);
    let replaces =
        restore && !cmd.has(&["-t", "--test"]) || nft_file && !cmd.has(&["-c", "--check"]);
    if !replaces {
        return;
    }
    let fed = super::stdin::fed(cmd, s, index);
    let accept_all = fed.iter().any(|t| {
        let l = t.to_ascii_lowercase();
        (l.contains(":input accept") || l.contains("policy accept"))
            && !l.contains("drop")
            && !l.contains("reject")
    });
    out.push(finding(
        S,
        if accept_all {
            "system.firewall-off"
        } else {
            "system.firewall-rules-replaced"
        },
        if accept_all {
            Severity::Stop
        } else {
            Severity::Confirm
        },
        if accept_all {
            format!("{p} replaces the firewall with rules that accept everything: it is off")
        } else {
            format!("{p} replaces the firewall's whole rule set with rules the line does not show")
        },
    ));
}

fn service_name(s: &str) -> &str {
    s.strip_suffix(".service").unwrap_or(s)
}

/// Vendors' words in launchd labels and plist names of endpoint security agents
/// (`com.crowdstrike.falcond`, `com.microsoft.wdav`, `com.sentinelone.sentineld`).
const SECURITY_AGENTS: &[&str] = &[
    "crowdstrike",
    "falcon",
    "falcond",
    "sentinelone",
    "sentineld",
    "carbonblack",
    "cbdefense",
    "wdav",
    "defender",
    "sophos",
    "eset",
    "cylance",
    "tanium",
    "santa",
    "santad",
    "littlesnitch",
    "xprotect",
    "osquery",
    "osqueryd",
    "wazuh",
    "auditd",
];

/// Whether a unit, a launchd label or a plist path names a security service
/// (`/Library/LaunchDaemons/com.crowdstrike.falcond.plist`, `system/com.apple.auditd`).
pub(crate) fn security_service(unit: &str) -> bool {
    let name = service_name(unit);
    if SECURITY_SERVICES.contains(&name) {
        return true;
    }
    // A launchd label or plist: reverse-DNS words after the path.
    let label = name.rsplit('/').next().unwrap_or(name);
    let label = label.strip_suffix(".plist").unwrap_or(label);
    // A plist named like the service (`/System/Library/LaunchDaemons/ssh.plist`) or a label
    // (`system/com.openssh.sshd`, `com.apple.screensharing`): remote access is sshd's
    // protection of the machine whatever the service manager (`launchctl unload ... ssh.plist`
    // is `systemctl disable sshd`).
    SECURITY_SERVICES.contains(&label)
        || label.contains('.')
            && label.split(['.', '-', '_']).any(|w| {
                let w = w.to_ascii_lowercase();
                SECURITY_AGENTS.contains(&w.as_str()) || REMOTE_ACCESS.contains(&w.as_str())
            })
}

/// Words of launchd labels of remote access (`com.openssh.sshd`, `com.apple.screensharing`,
/// `com.apple.RemoteDesktop.agent`): unloading one locks the operators out.
const REMOTE_ACCESS: &[&str] = &[
    "ardagent",
    "openssh",
    "remotedesktop",
    "screensharing",
    "ssh",
    "sshd",
    "vnc",
];

/// Whether journald's `--vacuum-*` value keeps (next to) nothing: a time under an hour, a size
/// under a megabyte, one file.
fn vacuum_keeps_nothing(w: &str) -> bool {
    let Some((opt, value)) = w.split_once('=') else {
        return false;
    };
    let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
    let unit = value[digits.len()..].to_ascii_lowercase();
    let Ok(n) = digits.parse::<u64>() else {
        return false;
    };
    match opt {
        "--vacuum-time" => match unit.as_str() {
            "" | "s" | "sec" | "second" | "seconds" | "us" | "ms" => true,
            "m" | "min" | "minute" | "minutes" => n < 60,
            _ => n == 0,
        },
        "--vacuum-size" => matches!(unit.as_str(), "" | "b" | "k" | "kb" | "kib") || n == 0,
        "--vacuum-files" => n <= 1,
        _ => false,
    }
}

/// The recognizer of the system family.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let mut push = |code, severity, msg: String| out.push(finding(S, code, severity, msg));
    match p {
        "shutdown" | "reboot" | "poweroff" | "halt" if !cmd.flag(b"c", &["help"]) => {
            push(
                "system.shutdown",
                Severity::Verify,
                format!("{p} takes the machine down"),
            );
        }
        "init" | "telinit" if cmd.operands(&[]).any(|a| a == "0" || a == "6" || a == "1") => {
            push(
                "system.shutdown",
                Severity::Verify,
                format!("{p} changes the runlevel: the machine goes down"),
            );
        }
        "kill" => {
            let ops: Vec<&str> = cmd.words().collect();
            let mut targets = ops
                .iter()
                .skip_while(|a| a.starts_with('-') && *a != &"-1" && *a != &"--")
                .copied();
            let all = ops
                .windows(2)
                .any(|w| w[0].starts_with('-') && w[0] != "-1" && w[1] == "-1")
                || ops.last() == Some(&"-1") && ops.len() > 1;
            let probe =
                signal_probe(cmd) || ops.iter().any(|a| matches!(*a, "-l" | "-L" | "--list"));
            let pids: Vec<&str> = targets
                .by_ref()
                .filter(|t| !t.starts_with('%') && !t.starts_with('-'))
                .collect();
            if all {
                push(
                    "system.kill-all",
                    Severity::Stop,
                    "kill -1 signals every process the user can reach".to_owned(),
                );
            } else if pids.contains(&"1") {
                push(
                    "system.kill-init",
                    Severity::Verify,
                    "kill 1 signals init: the machine goes down".to_owned(),
                );
            } else if !probe
                && !pids.is_empty()
                && ops.iter().any(|a| a.starts_with('-') && *a != "--")
            {
                push(
                    "system.kill",
                    Severity::Confirm,
                    format!("kill {} stops running processes", pids.join(" ")),
                );
            }
        }
        "killall" | "pkill" | "killall5" => {
            let names: Vec<&str> = cmd
                .operands(&[
                    "-s", "--signal", "-u", "--user", "-g", "-t", "-P", "-U", "-G",
                ])
                .collect();
            let critical = names.iter().find(|n| {
                CRITICAL_PROCESSES.contains(n) || n.contains("sshd") || n.contains("postgres")
            });
            if p == "killall5" {
                push(
                    "system.kill-all",
                    Severity::Stop,
                    "killall5 signals every process".to_owned(),
                );
            } else if let Some(n) = critical {
                push(
                    "system.kill-critical",
                    Severity::Verify,
                    format!("{p} {n} kills a process the system or its data depend on"),
                );
            } else if cmd.has(&["-u", "--user"]) && cmd.value(&["-u", "--user"]) == Some("root") {
                push(
                    "system.kill-critical",
                    Severity::Verify,
                    format!("{p} -u root kills the system's processes"),
                );
            } else if cmd.has(&["-u", "--user"])
                || !names.is_empty()
                    // A development server or watcher of the session's own work
                    // ([`super::dev_server`]).
                    && !super::dev_server::only_dev_servers(&names, cmd.has(&["-f", "--full"]))
            {
                push(
                    "system.kill",
                    Severity::Confirm,
                    format!("{p} {} stops running processes by name", names.join(" ")),
                );
            }
        }
        "systemctl" | "service" | "rc-service" | "launchctl" => {
            let ops: Vec<&str> = cmd.operands(&["-H", "--host", "-M", "--machine"]).collect();
            // `systemctl --user` talks to the user's own service manager: its units are the
            // user's session services (a dev server, an agent), not the machine's. Restarting or
            // stopping one is a local change; a protection or a critical name still counts
            // (and the guard's own unit is the tampering check's).
            let own = p == "systemctl" && cmd.has(&["--user"]);
            let (verb, units) = if p == "service" || p == "rc-service" {
                (
                    ops.get(1).copied().unwrap_or(""),
                    ops.get(..1).unwrap_or(&[]),
                )
            } else {
                (
                    ops.first().copied().unwrap_or(""),
                    ops.get(1..).unwrap_or(&[]),
                )
            };
            match verb {
                "poweroff" | "reboot" | "halt" | "kexec" | "rescue" | "emergency" => {
                    push(
                        "system.shutdown",
                        Severity::Verify,
                        format!("{p} {verb} takes the machine down"),
                    );
                }
                "isolate"
                    if units.iter().any(|u| {
                        ["rescue", "emergency", "poweroff", "reboot", "halt", "kexec"]
                            .iter()
                            .any(|t| u.contains(t))
                    }) =>
                {
                    push(
                        "system.shutdown",
                        Severity::Verify,
                        format!("{p} isolate takes the machine down"),
                    );
                }
                // Any other target: every unit it does not pull in is stopped.
                "isolate" if !units.is_empty() => push(
                    "system.service-stop",
                    Severity::Confirm,
                    format!(
                        "{p} isolate {} stops every service that target does not include",
                        units.join(" ")
                    ),
                ),
                "stop" | "disable" | "mask" | "kill" | "unload" | "bootout" | "remove" => {
                    let security = units.iter().find(|u| security_service(u));
                    let critical = units
                        .iter()
                        .find(|u| CRITICAL_SERVICES.contains(&service_name(u)));
                    if let Some(u) = security {
                        push(
                            "system.service-security",
                            Severity::Verify,
                            format!("{p} {verb} {u} turns off a protection of the machine"),
                        );
                    } else if let Some(u) = critical {
                        push(
                            "system.service-critical",
                            Severity::Verify,
                            format!("{p} {verb} {u} stops a service the system depends on"),
                        );
                    } else if !units.is_empty() && !own {
                        push(
                            "system.service-stop",
                            Severity::Confirm,
                            format!("{p} {verb} {} stops a service", units.join(" ")),
                        );
                    }
                }
                // Restarts (systemctl's verbs and their SysV aliases; `launchctl kickstart -k`):
                // the service goes down and comes back, dropping what it was serving.
                "restart"
                | "try-restart"
                | "reload-or-restart"
                | "try-reload-or-restart"
                | "reload-or-try-restart"
                | "condrestart"
                | "condreload"
                | "force-reload"
                | "force-restart"
                | "zap"
                    if !units.is_empty()
                        && (!own
                            || units.iter().any(|u| {
                                CRITICAL_SERVICES.contains(&service_name(u))
                                    || SECURITY_SERVICES.contains(&service_name(u))
                            })) =>
                {
                    let why = if units.iter().any(|u| {
                        CRITICAL_SERVICES.contains(&service_name(u))
                            || SECURITY_SERVICES.contains(&service_name(u))
                    }) {
                        "interrupts a service others depend on"
                    } else {
                        "interrupts the service: its connections and requests are dropped"
                    };
                    push(
                        "system.service-restart",
                        Severity::Confirm,
                        if p == "service" || p == "rc-service" {
                            format!("{p} {} {verb} {why}", units.join(" "))
                        } else {
                            format!("{p} {verb} {} {why}", units.join(" "))
                        },
                    );
                }
                "kickstart" if p == "launchctl" && cmd.flag(b"k", &[]) && !units.is_empty() => {
                    push(
                        "system.service-restart",
                        Severity::Confirm,
                        format!(
                            "launchctl kickstart -k {} kills and restarts the service",
                            units.join(" ")
                        ),
                    );
                }
                _ => {}
            }
        }
        // PostgreSQL's cluster wrapper (Debian's postgresql-common): `pg_ctlcluster VERSION
        // NAME stop|restart` is `systemctl stop|restart postgresql@VERSION-NAME`.
        "pg_ctlcluster" => {
            let ops: Vec<&str> = cmd.operands(&["-o", "--options", "-m", "--mode"]).collect();
            let (version, name, verb) = (
                ops.first().copied().unwrap_or(""),
                ops.get(1).copied().unwrap_or(""),
                ops.get(2).copied().unwrap_or(""),
            );
            match verb {
                "stop" => push(
                    "system.service-critical",
                    Severity::Verify,
                    format!(
                        "pg_ctlcluster {version} {name} stop stops a PostgreSQL server others depend on"
                    ),
                ),
                "restart" => push(
                    "system.service-restart",
                    Severity::Confirm,
                    format!(
                        "pg_ctlcluster {version} {name} restart interrupts a PostgreSQL server: its connections are dropped"
                    ),
                ),
                _ => {}
            }
        }
        "iptables" | "ip6tables" | "iptables-legacy" | "iptables-nft" => {
            let flush = cmd.flag(b"FX", &["flush", "delete-chain"]);
            let accept = cmd.value(&["-P", "--policy"]).is_some()
                && cmd.words().any(|w| w.eq_ignore_ascii_case("ACCEPT"));
            let change = cmd.flag(
                b"ADIRN",
                &["append", "delete", "insert", "replace", "new-chain"],
            );
            if flush || accept {
                push(
                    "system.firewall-off",
                    Severity::Verify,
                    format!(
                        "{p} {} removes the firewall's rules",
                        if flush { "-F" } else { "-P ACCEPT" }
                    ),
                );
            } else if change {
                push(
                    "system.firewall-rule",
                    Severity::Confirm,
                    format!("{p} changes the firewall's rules"),
                );
            }
        }
        "firewall-cmd" => {
            if cmd.words().any(|w| {
                w.contains("trusted") || w == "--panic-off" || w.starts_with("--set-default-zone")
            }) {
                push(
                    "system.firewall-off",
                    Severity::Verify,
                    "firewall-cmd trusts every connection: the firewall is open".to_owned(),
                );
            } else if cmd
                .words()
                .any(|w| w.starts_with("--add") || w.starts_with("--remove") || w == "--reload")
            {
                push(
                    "system.firewall-rule",
                    Severity::Confirm,
                    "firewall-cmd changes the firewall's rules".to_owned(),
                );
            }
        }
        "apt" | "apt-get" | "yum" | "dnf" | "zypper" | "pacman" | "apk" | "snap"
            if cmd.words().any(|w| {
                matches!(
                    w,
                    "remove" | "purge" | "autoremove" | "erase" | "del" | "-R" | "-Rns" | "-Rs"
                )
            }) =>
        {
            push(
                "system.package-remove",
                Severity::Confirm,
                format!("{p} removes system packages"),
            );
        }
        "nft"
            if (cmd.words().any(|w| w == "flush")
                || cmd.words().any(|w| w == "delete") && cmd.words().any(|w| w == "table")) =>
        {
            push(
                "system.firewall-off",
                Severity::Verify,
                "nft flush ruleset removes the firewall's rules".to_owned(),
            );
        }
        "ufw" => {
            if cmd.words().any(|w| w == "disable" || w == "reset") {
                push(
                    "system.firewall-off",
                    Severity::Verify,
                    "ufw disable turns the firewall off".to_owned(),
                );
            } else if cmd.words().any(|w| w == "default") && cmd.words().any(|w| w == "allow") {
                push(
                    "system.firewall-off",
                    Severity::Verify,
                    "ufw default allow opens every port".to_owned(),
                );
            } else if cmd
                .words()
                .any(|w| matches!(w, "allow" | "delete" | "insert"))
            {
                push(
                    "system.firewall-rule",
                    Severity::Confirm,
                    "ufw changes the firewall's rules".to_owned(),
                );
            }
        }
        "setenforce"
            if cmd
                .words()
                .any(|w| w == "0" || w.eq_ignore_ascii_case("permissive")) =>
        {
            push(
                "system.selinux-off",
                Severity::Verify,
                "setenforce 0 turns SELinux enforcement off".to_owned(),
            );
        }
        "aa-disable" | "aa-complain" | "aa-teardown" => push(
            "system.apparmor-off",
            Severity::Verify,
            format!("{p} turns AppArmor protection off"),
        ),
        "crontab" => {
            if cmd.flag(b"r", &[]) {
                push(
                    "system.crontab-remove",
                    Severity::Verify,
                    "crontab -r deletes every scheduled job of the user, with no undo".to_owned(),
                );
            } else if !cmd.flag(b"l", &[])
                && (cmd.operands(&["-u"]).next().is_some() || cmd.flag(b"e", &[]) || cmd.piped_in)
            {
                push(
                    "system.crontab-replace",
                    Severity::Confirm,
                    "crontab replaces the user's scheduled jobs".to_owned(),
                );
            }
        }
        "userdel" | "deluser" => {
            let user = cmd
                .operands(&["-R", "--root", "-P"])
                .next()
                .unwrap_or("a user");
            let sev = if user == "root" {
                Severity::Stop
            } else if cmd.flag(b"r", &["remove"]) {
                Severity::Verify
            } else {
                Severity::Confirm
            };
            push(
                "system.userdel",
                sev,
                format!(
                    "{p} {user} deletes an account{}",
                    if cmd.flag(b"r", &["remove"]) {
                        " and its home"
                    } else {
                        ""
                    }
                ),
            );
        }
        "passwd" => {
            if cmd.flag(b"d", &["delete"]) {
                push(
                    "system.password-removed",
                    Severity::Verify,
                    "passwd -d removes the password: anyone may log in".to_owned(),
                );
            } else if cmd.flag(b"u", &[]) && cmd.operands(&[]).any(|u| u == "root") {
                push(
                    "system.password-removed",
                    Severity::Confirm,
                    "passwd -u root unlocks root logins".to_owned(),
                );
            }
        }
        "chpasswd" => push(
            "system.password-set",
            Severity::Confirm,
            "chpasswd sets passwords in bulk".to_owned(),
        ),
        "usermod" | "gpasswd" | "adduser" | "useradd" => {
            let words: Vec<&str> = cmd.words().collect();
            let privileged = words.iter().any(|w| {
                w.split(',')
                    .any(|g| super::grants::ADMIN_GROUPS.contains(&g))
            });
            // `-u 0`, `-u0`, `--uid=0`, or bundled after flags (`-ou 0`).
            let uid = cmd
                .value(&["-u", "--uid"])
                .or_else(|| cmd.bundled_value(b'u'));
            let root_id = |v: &str| !v.is_empty() && v.bytes().all(|b| b == b'0');
            let uid0 =
                uid.is_some_and(root_id) || p != "usermod" && cmd.flag(b"o", &["non-unique"]);
            // Group 0 is root's group.
            let privileged = privileged
                || cmd
                    .value(&["-g", "--gid"])
                    .or_else(|| cmd.bundled_value(b'g'))
                    .is_some_and(root_id);
            if p == "useradd" || p == "adduser" && !privileged {
                push(
                    "system.account-create",
                    Severity::Confirm,
                    format!("{p} creates an account on the machine"),
                );
            }
            if uid0 {
                push(
                    "system.uid-zero",
                    Severity::Stop,
                    format!("{p} gives an account user id 0: a second root"),
                );
            } else if p == "gpasswd" && cmd.flag(b"dr", &["delete", "remove-password"]) {
                // `gpasswd -d USER GROUP` takes membership away: one permission change, not a
                // grant.
                push(
                    "system.group-change",
                    Severity::Confirm,
                    format!("{p} takes an account out of a group"),
                );
            } else if privileged
                && (words.iter().any(|w| {
                    w.starts_with("-a")
                        || w.starts_with("-G")
                        || w.starts_with('-') && !w.starts_with("--") && w.ends_with('g')
                        || *w == "--groups"
                        || w.starts_with("--gid")
                }) || p == "gpasswd"
                    || p == "adduser" && words.len() >= 2)
            {
                push(
                    "system.privilege-grant",
                    Severity::Verify,
                    format!("{p} adds an account to an administrators' group"),
                );
            }
        }
        "hostnamectl" | "timedatectl" | "localectl"
            if cmd.words().any(|w| w.starts_with("set-")) =>
        {
            push(
                "system.identity-change",
                Severity::Confirm,
                format!("{p} changes the machine's settings"),
            );
        }
        "ip" | "ifconfig" | "nmcli" | "route"
            if cmd
                .words()
                .any(|w| matches!(w, "down" | "del" | "delete" | "flush")) =>
        {
            push(
                "system.network-down",
                Severity::Verify,
                format!("{p} takes a network interface or route down"),
            );
        }
        "ssh" => {
            // The remote command runs on the other host: judged as a command line.
            if let Some((host, words)) = super::remote::ssh_command(cmd)
                && !words.is_empty()
            {
                let remote = words.join(" ");
                let mut ctx = super::Context::default();
                // The remote command runs on that host: a production host is its place, as
                // for a shell a step before opened there (`ssh root@cp-prod-1 'kubeadm reset
                // -f'` is production). Only to raise: a host the line names as local (`ssh
                // minikube ...`) lowers nothing, the name being the agent's to choose.
                let host = host.rsplit('@').next().unwrap_or(host);
                if super::scope::class(host, super::scope::Given::Place)
                    == Some(super::scope::Level::Production)
                {
                    ctx.env.defined.define(
                        super::defined::Kind::Session,
                        host,
                        "remote",
                        0,
                        Some(22),
                    );
                }
                crate::judge_shell(&remote, 1, &mut ctx, out);
            }
        }
        "chattr"
            if cmd
                .words()
                .any(|w| w.starts_with("-i") || w.starts_with("-a") && w.len() == 2) =>
        {
            push(
                "system.immutable-removed",
                Severity::Confirm,
                "chattr -i removes a file's protection against change".to_owned(),
            );
        }
        "mount" | "umount" => {
            let ops: Vec<&str> = cmd
                .operands(&["-o", "-t", "--options", "--types", "-L", "-U"])
                .collect();
            let system = ops.iter().any(|t| {
                matches!(
                    *t,
                    "/" | "/boot"
                        | "/etc"
                        | "/usr"
                        | "/var"
                        | "/proc"
                        | "/sys"
                        | "/home"
                        | "/dev"
                        | "/boot/efi"
                )
            });
            let remount = cmd
                .value(&["-o", "--options"])
                .is_some_and(|o| o.contains("remount"));
            if system || (p == "umount" && cmd.flag(b"a", &["all"])) {
                push(
                    "system.mount",
                    Severity::Verify,
                    format!(
                        "{p} {} changes a filesystem the system runs from",
                        ops.join(" ")
                    ),
                );
            } else if p == "umount" && !ops.is_empty() {
                push(
                    "system.mount",
                    Severity::Confirm,
                    format!("umount {} cuts off what uses it", ops.join(" ")),
                );
            } else if remount {
                push(
                    "system.mount",
                    Severity::Confirm,
                    "mount -o remount changes a mounted filesystem".to_owned(),
                );
            }
        }
        "swapoff" => push(
            "system.swapoff",
            Severity::Confirm,
            "swapoff removes swap: memory pressure can kill processes".to_owned(),
        ),
        "sysctl" => {
            let knobs = [
                "kernel.randomize_va_space",
                "kernel.yama.ptrace_scope",
                "kernel.kptr_restrict",
                "kernel.dmesg_restrict",
                "kernel.modules_disabled",
                "fs.protected_",
                "kernel.unprivileged_bpf_disabled",
                "net.ipv4.conf.all.rp_filter",
                "kernel.sysrq",
                "kernel.perf_event_paranoid",
                "vm.mmap_min_addr",
                "net.ipv4.ip_forward",
            ];
            if (cmd.flag(b"w", &["write"]) || cmd.words().any(|w| w.contains('=')))
                // A knob set to its hardened value (`kernel.randomize_va_space=2`) weakens
                // nothing: the first knob that is not is the one named.
                && let Some(k) = cmd.words().find(|w| {
                    knobs.iter().any(|k| w.starts_with(k)) && !super::flags::hardening_kept(w)
                })
            {
                push(
                    "system.kernel-hardening-off",
                    Severity::Verify,
                    format!("sysctl {k} weakens a kernel protection"),
                );
            }
        }
        "history"
            if (cmd.flag(b"c", &[])
                || cmd.flag(b"w", &[]) && cmd.words().any(|w| w == "/dev/null")) =>
        {
            push(
                "system.history-cleared",
                Severity::Verify,
                "history -c erases the record of what was run".to_owned(),
            );
        }
        "unset" if cmd.words().any(|w| w.starts_with("HISTFILE")) => {
            push(
                "system.history-cleared",
                Severity::Verify,
                "unset HISTFILE stops recording what is run".to_owned(),
            );
        }
        "export" | "set"
            if cmd.words().any(|w| {
                w == "HISTFILE=/dev/null"
                    || w == "HISTSIZE=0"
                    || w == "+o" && cmd.words().any(|x| x == "history")
            }) =>
        {
            push(
                "system.history-cleared",
                Severity::Verify,
                "HISTFILE/HISTSIZE changed: what is run is no longer recorded".to_owned(),
            );
        }
        "insmod" | "rmmod" | "modprobe" if (p != "modprobe" || cmd.flag(b"r", &["remove"])) => {
            push(
                "system.kernel-module",
                Severity::Confirm,
                format!("{p} changes the running kernel's modules"),
            );
        }
        "journalctl" if cmd.words().any(|w| w.starts_with("--vacuum")) => {
            if cmd.words().any(vacuum_keeps_nothing) {
                push(
                    "system.logs-deleted",
                    Severity::Verify,
                    "journalctl --vacuum keeps next to nothing: the system's logs, its audit trail, are gone"
                        .to_owned(),
                );
            } else {
                push(
                    "system.logs-deleted",
                    Severity::Confirm,
                    "journalctl --vacuum deletes system logs".to_owned(),
                );
            }
        }
        _ => {}
    }
}

/// The editors a person drives: with one of these, an edit happens only as someone types it.
const INTERACTIVE_EDITORS: &[&str] = &[
    "vi",
    "vim",
    "nvim",
    "gvim",
    "view",
    "nano",
    "pico",
    "emacs",
    "emacsclient",
    "joe",
    "jed",
    "micro",
    "mcedit",
    "ne",
    "kak",
    "hx",
    "helix",
    "code",
    "codium",
    "subl",
    "gedit",
    "kate",
    "mousepad",
    "xed",
    "zed",
    "mate",
];

/// The editor programs that edit protected files (visudo, vipw and vigr, sudoedit and
/// `sudo -e`) run the editor the environment names (`SUDO_EDITOR`, `VISUAL`, `EDITOR`): a
/// program that is no interactive editor, or an editor given a script (`vim -c`, `-es`,
/// `emacs --batch`), turns the edit into a scripted write (`echo '... NOPASSWD:ALL' | sudo
/// EDITOR='tee -a' visudo` appends a rule). Where the variable comes from: the command's own
/// prefix (`EDITOR=x visudo`), a wrapper's (`sudo EDITOR=x`, `env EDITOR=x`), or an earlier
/// command of the same line (`export EDITOR=x; sudo -E visudo`, `EDITOR=x; ...`).
pub fn edit_with_editor(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let sudo_edit = matches!(p, "sudo" | "doas")
        && cmd
            .words()
            .take_while(|w| w.starts_with('-'))
            .any(super::sudo_edit_option);
    let (what, catastrophic) = match p {
        "visudo" => {
            if cmd.flag(b"c", &["check"]) {
                return;
            }
            ("the sudoers policy (root for anyone it names)", true)
        }
        "vipw" | "vigr" => ("the system's accounts", true),
        _ if p == "sudoedit" || sudo_edit => {
            let files = cmd.operands(super::SUDO_VALUES);
            match files
                .filter_map(paths::critical_file)
                .max_by_key(|(c, _)| *c)
            {
                Some((c, what)) => (what, c),
                None => return,
            }
        }
        _ => return,
    };
    let editor = editor_setting(cmd, s, index);
    let scripted = editor.as_deref().is_some_and(scripted_editor);
    let who = if sudo_edit { "sudo -e" } else { p };
    let (severity, code, how) = match (scripted, catastrophic) {
        (true, true) => (
            Severity::Stop,
            "system.protected-file-write",
            format!(
                "{who} writes {what} through the editor '{}', with no one at an editor",
                crate::cut(editor.as_deref().unwrap_or(""), 40)
            ),
        ),
        // An interactive edit of a system file that hands over nothing: an ordinary edit.
        (false, false) => return,
        (true, false) | (false, true) => (
            Severity::Verify,
            "system.protected-file-edit",
            format!("{who} edits {what}"),
        ),
    };
    let code = if p == "visudo" && !scripted {
        "system.sudoers-edit"
    } else {
        code
    };
    out.push(finding(S, code, severity, how));
}

/// The editor the environment of `cmd` names (`SUDO_EDITOR`, `VISUAL` or `EDITOR`, the last
/// one set), if any.
fn editor_setting(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> Option<String> {
    let value = |w: &str| -> Option<String> {
        let (name, v) = w.split_once('=')?;
        matches!(name, "EDITOR" | "VISUAL" | "SUDO_EDITOR").then(|| v.to_owned())
    };
    let mut found = None;
    // Earlier commands of the line: `export EDITOR=x`, `declare -x VISUAL=x`, `EDITOR=x;`.
    for c in &s.commands[..index.min(s.commands.len())] {
        let exported = c
            .words
            .first()
            .is_some_and(|w| matches!(&**w, "export" | "declare" | "typeset" | "readonly"));
        let words = if exported { &c.words[1..] } else { &[][..] };
        let bare = if c.words.is_empty() {
            &c.assignments[..]
        } else {
            &[][..]
        };
        for w in words.iter().chain(bare) {
            if let Some(v) = value(w) {
                found = Some(v);
            }
        }
    }
    for w in cmd.assignments.iter().chain(cmd.prefix) {
        if let Some(v) = value(w) {
            found = Some(v);
        }
    }
    found
}

/// Whether an editor setting (`tee -a`, `sed -i s/x/y/`, `vim -c ':wq'`) edits without a
/// person: its program is no interactive editor, or the editor is given a script.
fn scripted_editor(setting: &str) -> bool {
    let words = crate::shell::words(setting);
    let Some(first) = words.first() else {
        return false;
    };
    let program = super::program_name(first).to_ascii_lowercase();
    if !INTERACTIVE_EDITORS.contains(&program.as_str()) {
        return true;
    }
    words[1..].iter().any(|w| {
        matches!(
            &**w,
            "-c" | "-s"
                | "-es"
                | "-Es"
                | "-e"
                | "-E"
                | "--cmd"
                | "--batch"
                | "-batch"
                | "--eval"
                | "--script"
                | "-u"
        ) || w.starts_with('+')
            || w.starts_with("-c")
    })
}
