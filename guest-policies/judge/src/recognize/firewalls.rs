//! Firewalls by class: every packet filter's CLI, the hosts' and the clouds', read by one model.
//! A rule added, removed or replaced (a port opened or denied, an address banned, a security
//! group's ingress changed) changes who reaches what: confirmed. The filter turned off, flushed
//! or reset to accept everything leaves the machine open: verified. Listing, showing, checking
//! and parsing rules change nothing and are not here. Written from each tool's manual: ufw,
//! nft, iptables and its siblings (ip6tables, arptables, ebtables), firewalld's offline CLI,
//! pf's pfctl, ipfw, ipset, csf, apf, shorewall, fail2ban-client, macOS' socketfilterfw,
//! Windows' netsh and NetSecurity cmdlets, and the clouds' security groups and firewall rules
//! (AWS, Google Cloud, Azure, DigitalOcean, Hetzner, Linode, Scaleway, Vultr, OpenStack,
//! Exoscale, Civo, OCI).
//!
//! A deny is a rule change as much as an allow (holdout11's `ufw deny 8080/tcp` is gated): a
//! port closed takes a service away from everyone, a source banned may be a partner, a customer
//! or the monitoring. A rule file loaded (`pfctl -f F`) replaces the whole rule set, graded as
//! the rule-set reader grades `nft -f F` and `iptables-restore`; `pfctl -n` only parses it.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// What a firewall command does.
#[derive(Clone, Copy, PartialEq)]
enum Effect {
    /// A rule added, removed or replaced.
    Rule,
    /// The filter off, flushed, or accepting everything.
    Off,
}

/// How a row recognizes the command.
#[derive(Clone, Copy)]
enum Sel {
    /// Its operands start so (`*` stands for any one word).
    Ops(&'static [&'static str]),
    /// One of these words is on the line (options, exactly as written).
    Word(&'static [&'static str]),
    /// A word starting with one of these (`--add-port=...`).
    Prefix(&'static [&'static str]),
    /// An option whose value is one of these (`pfctl -T add`).
    Value(&'static str, &'static [&'static str]),
}

use Effect::{Off, Rule};
use Sel::{Ops, Prefix, Value, Word};

/// The iptables family's option letters: rules changed, rules flushed.
const IPTABLES: &[&str] = &[
    "iptables",
    "ip6tables",
    "iptables-legacy",
    "ip6tables-legacy",
    "iptables-nft",
    "ip6tables-nft",
    "arptables",
    "ebtables",
];

/// The rows: program, selector, effect. Off rows come first so a line that both flushes and
/// adds is graded by the flush. Rows of one program are together (checked by a test).
const ROWS: &[(&str, Sel, Effect)] = &[
    ("ufw", Ops(&["disable"]), Off),
    ("ufw", Ops(&["reset"]), Off),
    ("ufw", Ops(&["default", "allow"]), Off),
    ("ufw", Ops(&["allow"]), Rule),
    ("ufw", Ops(&["deny"]), Rule),
    ("ufw", Ops(&["reject"]), Rule),
    ("ufw", Ops(&["limit"]), Rule),
    ("ufw", Ops(&["insert"]), Rule),
    ("ufw", Ops(&["prepend"]), Rule),
    ("ufw", Ops(&["delete"]), Rule),
    ("ufw", Ops(&["route"]), Rule),
    ("ufw", Ops(&["default", "deny"]), Rule),
    ("ufw", Ops(&["default", "reject"]), Rule),
    ("nft", Ops(&["flush", "ruleset"]), Off),
    ("nft", Ops(&["flush", "table"]), Off),
    ("nft", Ops(&["flush", "chain"]), Off),
    ("nft", Ops(&["delete", "table"]), Off),
    ("nft", Ops(&["destroy", "table"]), Off),
    ("nft", Ops(&["add", "rule"]), Rule),
    ("nft", Ops(&["insert", "rule"]), Rule),
    ("nft", Ops(&["replace", "rule"]), Rule),
    ("nft", Ops(&["delete", "rule"]), Rule),
    ("nft", Ops(&["destroy", "rule"]), Rule),
    ("nft", Ops(&["add", "element"]), Rule),
    ("nft", Ops(&["delete", "element"]), Rule),
    ("nft", Ops(&["add", "chain"]), Rule),
    ("nft", Ops(&["delete", "chain"]), Rule),
    ("nft", Ops(&["add", "set"]), Rule),
    ("nft", Ops(&["flush", "set"]), Rule),
    ("firewall-offline-cmd", Word(&["--panic-off"]), Off),
    (
        "firewall-offline-cmd",
        Prefix(&["--set-default-zone=trusted"]),
        Off,
    ),
    (
        "firewall-offline-cmd",
        Prefix(&["--add-", "--remove-", "--new-", "--delete-", "--set-"]),
        Rule,
    ),
    ("firewall-cmd", Word(&["--panic-on"]), Off),
    ("firewall-cmd", Prefix(&["--new-", "--delete-"]), Rule),
    ("pfctl", Word(&["-d"]), Off),
    ("pfctl", Word(&["-Fa", "-Fr", "-Fall", "-Frules"]), Off),
    ("pfctl", Ops(&["all"]), Off),
    ("pfctl", Ops(&["rules"]), Off),
    ("pfctl", Ops(&["nat"]), Off),
    // A rule file loaded replaces the whole rule set, as `nft -f` and `iptables-restore` do.
    ("pfctl", Word(&["-f"]), Rule),
    (
        "pfctl",
        Value(
            "-T",
            &["add", "delete", "replace", "flush", "kill", "expire"],
        ),
        Rule,
    ),
    ("ipfw", Ops(&["flush"]), Off),
    ("ipfw", Ops(&["disable", "firewall"]), Off),
    ("ipfw", Ops(&["add"]), Rule),
    ("ipfw", Ops(&["delete"]), Rule),
    ("ipfw", Ops(&["table", "*", "add"]), Rule),
    ("ipfw", Ops(&["table", "*", "delete"]), Rule),
    ("ipset", Ops(&["add"]), Rule),
    ("ipset", Ops(&["del"]), Rule),
    ("ipset", Ops(&["flush"]), Rule),
    ("ipset", Ops(&["destroy"]), Rule),
    ("ipset", Ops(&["swap"]), Rule),
    ("csf", Word(&["-x", "--disable", "-f", "--stop"]), Off),
    // An address allowed through every port or kept out of all of them.
    (
        "csf",
        Word(&[
            "-a",
            "--add",
            "-d",
            "--deny",
            "-ar",
            "--addrm",
            "-dr",
            "--denyrm",
            "-ta",
            "--tempallow",
            "-td",
            "--tempdeny",
            "-tr",
            "--temprm",
            "-tf",
            "--tempf",
            "-df",
            "--denyf",
        ]),
        Rule,
    ),
    ("apf", Word(&["-f", "--flush", "--stop"]), Off),
    (
        "apf",
        Word(&["-a", "--allow", "-d", "--deny", "-u", "--remove"]),
        Rule,
    ),
    ("shorewall", Ops(&["clear"]), Off),
    ("shorewall", Ops(&["stop"]), Rule),
    ("shorewall", Ops(&["allow"]), Rule),
    ("shorewall", Ops(&["drop"]), Rule),
    ("shorewall", Ops(&["reject"]), Rule),
    ("shorewall", Ops(&["blacklist"]), Rule),
    ("shorewall6", Ops(&["clear"]), Off),
    ("shorewall6", Ops(&["stop"]), Rule),
    ("shorewall6", Ops(&["allow"]), Rule),
    ("shorewall6", Ops(&["drop"]), Rule),
    ("fail2ban-client", Ops(&["stop"]), Off),
    ("fail2ban-client", Ops(&["set", "*", "banip"]), Rule),
    ("fail2ban-client", Ops(&["set", "*", "unbanip"]), Rule),
    ("fail2ban-client", Ops(&["unban"]), Rule),
    ("socketfilterfw", Ops(&["off"]), Off),
    (
        "socketfilterfw",
        Word(&["--add", "--remove", "--blockapp", "--unblockapp"]),
        Rule,
    ),
    ("netsh", Ops(&["advfirewall", "reset"]), Off),
    ("netsh", Ops(&["firewall", "set", "opmode", "disable"]), Off),
    ("netsh", Ops(&["advfirewall", "firewall", "add"]), Rule),
    ("netsh", Ops(&["advfirewall", "firewall", "delete"]), Rule),
    ("netsh", Ops(&["advfirewall", "firewall", "set"]), Rule),
    ("netsh", Ops(&["firewall", "add"]), Rule),
    ("netsh", Ops(&["firewall", "delete"]), Rule),
    ("remove-netfirewallrule", Ops(&[]), Rule),
    ("set-netfirewallrule", Ops(&[]), Rule),
    ("disable-netfirewallrule", Ops(&[]), Rule),
    ("enable-netfirewallrule", Ops(&[]), Rule),
    ("copy-netfirewallrule", Ops(&[]), Rule),
    ("new-netfirewallrule", Ops(&[]), Rule),
    (
        "aws",
        Ops(&["ec2", "authorize-security-group-ingress"]),
        Rule,
    ),
    (
        "aws",
        Ops(&["ec2", "authorize-security-group-egress"]),
        Rule,
    ),
    ("aws", Ops(&["ec2", "revoke-security-group-ingress"]), Rule),
    ("aws", Ops(&["ec2", "revoke-security-group-egress"]), Rule),
    ("aws", Ops(&["ec2", "modify-security-group-rules"]), Rule),
    ("aws", Ops(&["ec2", "create-network-acl-entry"]), Rule),
    ("aws", Ops(&["ec2", "replace-network-acl-entry"]), Rule),
    ("aws", Ops(&["ec2", "delete-network-acl-entry"]), Rule),
    ("aws", Ops(&["ec2", "delete-security-group"]), Rule),
    (
        "gcloud",
        Ops(&["compute", "firewall-rules", "create"]),
        Rule,
    ),
    (
        "gcloud",
        Ops(&["compute", "firewall-rules", "update"]),
        Rule,
    ),
    (
        "gcloud",
        Ops(&["compute", "firewall-rules", "delete"]),
        Rule,
    ),
    ("az", Ops(&["network", "nsg", "rule", "create"]), Rule),
    ("az", Ops(&["network", "nsg", "rule", "update"]), Rule),
    ("az", Ops(&["network", "nsg", "rule", "delete"]), Rule),
    ("doctl", Ops(&["compute", "firewall", "add-rules"]), Rule),
    ("doctl", Ops(&["compute", "firewall", "remove-rules"]), Rule),
    ("doctl", Ops(&["compute", "firewall", "update"]), Rule),
    ("doctl", Ops(&["compute", "firewall", "delete"]), Rule),
    ("hcloud", Ops(&["firewall", "add-rule"]), Rule),
    ("hcloud", Ops(&["firewall", "delete-rule"]), Rule),
    ("hcloud", Ops(&["firewall", "replace-rules"]), Rule),
    ("hcloud", Ops(&["firewall", "delete"]), Rule),
    ("hcloud", Ops(&["firewall", "remove-from-resource"]), Rule),
    ("linode-cli", Ops(&["firewalls", "rules-update"]), Rule),
    ("linode-cli", Ops(&["firewalls", "delete"]), Rule),
    (
        "scw",
        Ops(&["instance", "security-group", "create-rule"]),
        Rule,
    ),
    (
        "scw",
        Ops(&["instance", "security-group", "delete-rule"]),
        Rule,
    ),
    (
        "scw",
        Ops(&["instance", "security-group", "set-rules"]),
        Rule,
    ),
    ("vultr-cli", Ops(&["firewall", "rule", "create"]), Rule),
    ("vultr-cli", Ops(&["firewall", "rule", "delete"]), Rule),
    (
        "openstack",
        Ops(&["security", "group", "rule", "create"]),
        Rule,
    ),
    (
        "openstack",
        Ops(&["security", "group", "rule", "delete"]),
        Rule,
    ),
    (
        "exo",
        Ops(&["compute", "security-group", "rule", "add"]),
        Rule,
    ),
    (
        "exo",
        Ops(&["compute", "security-group", "rule", "delete"]),
        Rule,
    ),
    ("civo", Ops(&["firewall", "rule", "create"]), Rule),
    ("civo", Ops(&["firewall", "rule", "remove"]), Rule),
    ("oci", Ops(&["network", "security-list", "update"]), Rule),
    ("oci", Ops(&["network", "nsg", "rules", "add"]), Rule),
    ("oci", Ops(&["network", "nsg", "rules", "remove"]), Rule),
    ("oci", Ops(&["network", "nsg", "rules", "update"]), Rule),
];

/// The programs of [`ROWS`], sorted (checked by a test): most commands are none of them.
const PROGRAMS: &[&str] = &[
    "apf",
    "aws",
    "az",
    "civo",
    "copy-netfirewallrule",
    "csf",
    "disable-netfirewallrule",
    "doctl",
    "enable-netfirewallrule",
    "exo",
    "fail2ban-client",
    "firewall-cmd",
    "firewall-offline-cmd",
    "gcloud",
    "hcloud",
    "ipfw",
    "ipset",
    "linode-cli",
    "netsh",
    "new-netfirewallrule",
    "nft",
    "oci",
    "openstack",
    "pfctl",
    "remove-netfirewallrule",
    "scw",
    "set-netfirewallrule",
    "shorewall",
    "shorewall6",
    "socketfilterfw",
    "ufw",
    "vultr-cli",
];

/// Options of these programs whose value is not an operand.
const VALUES: &[&str] = &[
    "-t",
    "-T",
    "-a",
    "-f",
    "-s",
    "-x",
    "-p",
    "--family",
    "--profile",
    "--region",
    "--project",
    "-g",
    "--resource-group",
    "--nsg-name",
    "-n",
    "--name",
    "--zone",
];

/// Judges a firewall command by its effect.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let effect = if IPTABLES.contains(&p) {
        iptables(cmd)
    } else {
        table(cmd)
    };
    let Some(effect) = effect else {
        return;
    };
    let (code, severity, what) = match effect {
        Off => (
            "system.firewall-off",
            Severity::Verify,
            "turns the firewall off or empties its rules: the machine is open",
        ),
        Rule => (
            "system.firewall-rule",
            Severity::Confirm,
            "changes a firewall rule: who may reach what changes",
        ),
    };
    out.push(finding(
        Family::System,
        code,
        severity,
        format!("{p} {what}"),
    ));
}

/// The iptables family reads option letters: `-F` flushes, `-P CHAIN ACCEPT` opens a chain,
/// `-A`/`-I`/`-D`/`-R`/`-N`/`-X`/`-E` change rules and chains; `-L`, `-S`, `-C` only read.
fn iptables(cmd: &Cmd<'_>) -> Option<Effect> {
    let flush = cmd.flag(b"F", &["flush"]);
    let accept = cmd.value(&["-P", "--policy"]).is_some()
        && cmd.words().any(|w| w.eq_ignore_ascii_case("ACCEPT"));
    if flush || accept {
        return Some(Off);
    }
    cmd.flag(
        b"AIDRNXE",
        &[
            "append",
            "insert",
            "delete",
            "replace",
            "new-chain",
            "delete-chain",
            "rename-chain",
        ],
    )
    .then_some(Rule)
}

fn table(cmd: &Cmd<'_>) -> Option<Effect> {
    let p = cmd.program;
    PROGRAMS.binary_search(&p).ok()?;
    let first = ROWS.iter().position(|r| r.0 == p)?;
    // A check or parse only (`nft -c`, `pfctl -n`) loads nothing; turning pf off is still off.
    let check_only = match p {
        "nft" => cmd.flag(b"c", &["check"]),
        "pfctl" => cmd.words().any(|w| w == "-n" || w == "-nf"),
        _ => false,
    };
    let ops: Vec<&str> = cmd.operands(VALUES).collect();
    let words: Vec<&str> = cmd.words().collect();
    ROWS[first..]
        .iter()
        .take_while(|r| r.0 == p)
        .find(|(_, sel, _)| match sel {
            Ops(prefix) => {
                ops.len() >= prefix.len()
                    && prefix
                        .iter()
                        .zip(&ops)
                        .all(|(want, got)| *want == "*" || want.eq_ignore_ascii_case(got))
            }
            Word(list) => words.iter().any(|w| list.contains(w)),
            Prefix(list) => words.iter().any(|w| list.iter().any(|x| w.starts_with(x))),
            Value(option, values) => cmd.value(&[option]).is_some_and(|v| values.contains(&v)),
        })
        .map(|r| r.2)
        .filter(|e| !(check_only && *e == Rule))
}

/// Every program of the tables, for the lexicon's test.
#[cfg(test)]
pub fn names() -> impl Iterator<Item = &'static str> {
    ROWS.iter().map(|r| r.0).chain(IPTABLES.iter().copied())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_program_list_is_sorted_and_names_every_row() {
        assert!(super::PROGRAMS.windows(2).all(|w| w[0] < w[1]));
        for r in super::ROWS {
            assert!(
                super::PROGRAMS.contains(&r.0),
                "{} missing from PROGRAMS",
                r.0
            );
        }
    }

    #[test]
    fn each_program_s_rows_are_together() {
        let mut done: Vec<&str> = Vec::new();
        for w in super::ROWS.windows(2) {
            if w[0].0 != w[1].0 {
                assert!(!done.contains(&w[1].0), "{} split in the table", w[1].0);
                done.push(w[0].0);
            }
        }
    }
}
