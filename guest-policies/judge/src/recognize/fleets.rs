//! How many hosts a fleet runner's command lands on, read in the runners' own targeting
//! languages.
//!
//! A command handed to a fan-out runner (`salt`, `pdsh`, `clush`, `pssh`, `knife ssh`, `bolt`,
//! `consul exec`, `aws ssm send-command`, `juju exec`, `tsh ssh`...) is judged as a command line
//! on the other side ([`super::equivalents`]); where it lands multiplies what it does. A stopped
//! service on one host is a bounded change; the same stop on every host a grain, a tag, a role
//! search, a node group or a host list selects takes the service down everywhere at once, and a
//! person verifies it. The literal "everything" words (`'*'`, `all`, `-a`) were read before;
//! this module reads the selections that are many without saying so:
//!
//! - in the target word: a list (`web1,web2`, `"db1 db2"`), a range (`db[1-8]`, `web{1..4}`), a
//!   glob (`web*.example.com`), a salt matcher (`G@role:db`, `S@10.0.0.0/16`, `N@group`), a
//!   search or label query (`role:web`, `chef_environment:production`, `env=prod`,
//!   `Key=tag:Env,Values=prod`), a group (`@compute`);
//! - in the runner's options that select by a group, a file of hosts or a fact ([`SELECTORS`]:
//!   salt's `-G`/`-N`/`-C`..., pdsh's `-g`, pssh's `-h FILE`, MCollective's `-F`/`-C`/`-W`,
//!   juju's `--application`, consul's `-service`).
//!
//! One named host (`web1`, `deploy@db-7.example.com`, an IP, one instance id) is not many: its
//! command keeps its own grade. Nothing here lowers a verdict: a selection read as many only
//! raises a bounded finding of the command to one a person verifies.

use super::Cmd;

/// The options of each runner that select its hosts by a group, a file of hosts, a fact or a
/// search (from each runner's reference): given, the command lands on many hosts. Keyed by the
/// first program of the runner's row in [`super::equivalents`], or its own name.
const SELECTORS: &[(&str, &[&str])] = &[
    (
        "salt",
        &[
            "-G",
            "--grain",
            "-P",
            "--grain-pcre",
            "-I",
            "--pillar",
            "-J",
            "--pillar-pcre",
            "-N",
            "--nodegroup",
            "-C",
            "--compound",
            "-E",
            "--pcre",
            "-R",
            "--range",
            "-S",
            "--ipcidr",
        ],
    ),
    ("pdsh", &["-g", "-a", "-A"]),
    ("clush", &["-g", "--group", "-a", "--all", "-X"]),
    ("pssh", &["-h", "--hosts"]),
    ("xdsh", &[]),
    ("mussh", &["-H"]),
    ("bolt", &["--query", "-q", "--rerun"]),
    ("dsh", &["-a", "--all", "-g", "--group"]),
    (
        "mco",
        &[
            "-F",
            "--with-fact",
            "-C",
            "--with-class",
            "-W",
            "--with",
            "-S",
            "--select",
            "-A",
            "--with-agent",
        ],
    ),
    (
        "juju",
        &["--all", "--application", "--app", "-a", "--applications"],
    ),
    ("consul", &["-service", "--service", "-tag", "-prefix"]),
    ("aws", &["--targets"]),
    ("kamal", &["--roles", "-r"]),
    ("parallel", &["--slf", "--sshloginfile"]),
    ("rd", &["-F", "--filter"]),
];

/// Runners whose command lands on every host they know unless an option narrows it, and those
/// options: `consul exec` runs on every node of the datacenter (`-node` narrows it to the nodes
/// so named), `kamal app exec` on every server of the destination (`--hosts`, `--primary`).
const EVERY_UNLESS: &[(&str, &[&str])] = &[
    ("consul", &["-node", "--node"]),
    ("kamal", &["--hosts", "-h", "--primary", "-p"]),
];

/// Whether the command lands on many hosts: by its target as written ([`selects_many`]), by
/// one of its runner's selecting options ([`SELECTORS`]), or by naming no host for a runner
/// that then reaches all of them ([`EVERY_UNLESS`]). `runner` names the runner's row.
pub fn many(runner: &str, args: &[&str], target: &str) -> bool {
    if selects_many(target) {
        return true;
    }
    let given = |options: &[&str]| {
        args.iter().take_while(|a| **a != "--").any(|a| {
            options.iter().any(|o| {
                a == o
                    || a.strip_prefix(o).is_some_and(|r| r.starts_with('='))
                    // A short option with its value joined (`-Grole:db`).
                    || o.len() == 2
                        && !o.starts_with("--")
                        && a.starts_with(o)
                        && a.len() > 2
                        && !a.starts_with("--")
            })
        })
    };
    // BOSH names an instance by its group and index (`web/0`): a group alone is all of it.
    if runner == "bosh" && !target.contains('/') {
        return true;
    }
    if let Some((_, narrowing)) = EVERY_UNLESS.iter().find(|(r, _)| *r == runner)
        && !given(narrowing)
    {
        return true;
    }
    let Some((_, options)) = SELECTORS.iter().find(|(r, _)| *r == runner) else {
        return false;
    };
    given(options)
}

/// Whether a target word of a fleet runner selects many hosts, in the runners' targeting
/// languages (see the module's documentation). A single host name, `user@host`, an address,
/// `host:port` or one instance id is not many.
pub fn selects_many(target: &str) -> bool {
    let t = target.trim().trim_matches(['\'', '"']).trim();
    if t.is_empty() {
        return false;
    }
    let lower = t.to_ascii_lowercase();
    // AWS's `Key=InstanceIds,Values=i-1[,i-2]`: many only when several ids are listed.
    if let Some(values) = lower
        .strip_prefix("key=instanceids,values=")
        .or_else(|| lower.strip_prefix("key=instanceid,values="))
    {
        return values.split(',').filter(|v| !v.is_empty()).count() > 1;
    }
    if matches!(lower.as_str(), "*" | "all" | "@all" | "*:*") {
        return true;
    }
    let bytes = t.as_bytes();
    // A list (`web1,web2`, `db1 db2`), a glob, a range or a brace expansion.
    if t.contains([',', '*', '?', ' ', '\t', '{']) {
        return true;
    }
    if let Some(open) = t.find('[')
        && t[open..].contains(['-', ','])
        && t[open..].contains(']')
    {
        return true;
    }
    // A group (`@compute`, clush's and pdsh's spelling).
    if bytes[0] == b'@' || bytes[0] == b'^' {
        return true;
    }
    // A salt matcher (`G@role:db`, `S@10.0.0.0/16`, `N@web`): one letter and `@`.
    if bytes.len() > 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b'@' {
        return true;
    }
    // A label selector or a tag filter (`env=prod`, `Key=tag:Role,Values=web`).
    if t.contains('=') {
        return true;
    }
    // A search query (`role:web`, `chef_environment:production`, `roles:db*`) or an
    // ansible-style union (`web:db`), but not `host:port` nor a URL nor an IPv6 address.
    if let Some((before, after)) = t.split_once(':')
        && !t.contains("://")
        && !after.bytes().all(|b| b.is_ascii_digit())
        && !before.is_empty()
        && before
            .bytes()
            .all(|b| b.is_ascii_alphabetic() || b == b'_' || b == b'.')
        && !(t.matches(':').count() > 1 && t.bytes().all(|b| b.is_ascii_hexdigit() || b == b':'))
    {
        return true;
    }
    false
}

/// Whether a configuration manager's own operation lands on many hosts (`salt -L web1,web2
/// system.reboot`, `salt -G role:db service.stop nginx`, `mco service nginx stop -W role=web`,
/// `bolt task run reboot --targets web1,web2`): its target read as [`many`] reads a fan-out
/// runner's.
pub fn admin_many(cmd: &Cmd<'_>) -> bool {
    let (runner, target) = match cmd.program {
        "salt" | "salt-ssh" => (
            "salt",
            cmd.operands(&[
                "-t",
                "--timeout",
                "-c",
                "--config-dir",
                "--out",
                "--return",
                "-l",
                "--log-level",
                "-b",
                "--batch-size",
                "--batch-wait",
            ])
            .next(),
        ),
        "mco" | "choria" => ("mco", None),
        "bolt" => ("bolt", cmd.value(&["--targets", "-t"])),
        "ansible" => (
            "ansible",
            cmd.operands(super::infrastructure::ANSIBLE_VALUES).next(),
        ),
        _ => return false,
    };
    let args: Vec<&str> = cmd.words().collect();
    many(runner, &args, target.unwrap_or(""))
}

/// Whether an ssh destination stands for each host of a list: xargs' or parallel's placeholder
/// (`{}`), or a variable (`$h`, `"${host}"`, `root@$h`) a loop sets.
pub fn listed_host(destination: &str) -> bool {
    let d = destination.trim_matches(['"', '\'']);
    let d = d.rsplit('@').next().unwrap_or(d);
    d == "{}" || d.starts_with('$')
}
