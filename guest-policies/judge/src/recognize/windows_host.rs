//! Windows host settings the cmdlet table does not reach: System Restore switched off (which
//! deletes the drive's restore points), remote management opened (`Enable-PSRemoting`, WinRM
//! trusting every host), SMBv1 switched back on, and the built-in Administrator or Guest
//! account enabled. Written from the cmdlets' Microsoft Learn references. One call per cmdlet
//! from the Windows reader ([`super::windows`]); nothing here lowers a verdict.

use super::finding;
use super::windows::Args;
use crate::finding::{Family, Finding, Severity};

/// Grades a host-settings cmdlet (`verb`, `noun` lowercased).
pub(super) fn cmdlet(verb: &str, noun: &str, name: &str, args: &Args<'_>, out: &mut Vec<Finding>) {
    let (severity, code, what) = match (verb, noun) {
        // Turning System Protection off deletes the drive's restore points.
        ("disable", "computerrestore") => (
            Severity::Verify,
            "windows.restore-points-deleted",
            "turns System Restore off: the drive's restore points are deleted",
        ),
        ("enable", "psremoting") => (
            Severity::Confirm,
            "windows.remoting-opened",
            "opens the machine to remote PowerShell sessions",
        ),
        // `Set-Item WSMan:\localhost\Client\TrustedHosts -Value *`: the client sends its
        // credentials to any host.
        ("set", "item")
            if args.words.iter().any(|w| {
                let l = w.to_ascii_lowercase();
                l.starts_with("wsman:") && l.contains("trustedhosts")
            }) && value(args, "value").is_some_and(|v| v.trim() == "*") =>
        {
            (
                Severity::Confirm,
                "windows.remoting-opened",
                "makes WinRM trust every host: credentials go to whatever answers",
            )
        }
        ("set", "smbserverconfiguration" | "smbclientconfiguration")
            if value(args, "enablesmb1protocol").is_some_and(truthy) =>
        {
            (
                Severity::Confirm,
                "windows.smb1-enabled",
                "turns SMBv1 back on: a protocol with known wormable flaws",
            )
        }
        ("enable", "windowsoptionalfeature")
            if value(args, "featurename")
                .is_some_and(|v| v.to_ascii_lowercase().contains("smb1")) =>
        {
            (
                Severity::Confirm,
                "windows.smb1-enabled",
                "installs SMBv1: a protocol with known wormable flaws",
            )
        }
        // The built-in accounts: well known names, the first ones guessed.
        ("enable", "localuser")
            if args
                .operands(&["name", "sid", "inputobject"])
                .into_iter()
                .chain(value(args, "name"))
                .any(|n| {
                    let n = n.trim_matches(['"', '\'']);
                    n.eq_ignore_ascii_case("administrator") || n.eq_ignore_ascii_case("guest")
                }) =>
        {
            (
                Severity::Verify,
                "windows.builtin-account-enabled",
                "enables a built-in account (Administrator or Guest) whose name every attacker knows",
            )
        }
        _ => return,
    };
    out.push(finding(
        Family::System,
        code,
        severity,
        format!("{name} {what}"),
    ));
}

/// A parameter's value (`-P v` or `-P:v`), by its full name.
fn value<'s>(args: &Args<'s>, param: &str) -> Option<&'s str> {
    args.param_value(param, param.len()).and_then(|(_, v)| v)
}

fn truthy(v: &str) -> bool {
    matches!(v.to_ascii_lowercase().as_str(), "$true" | "true" | "1")
}
