//! A tenant administered from PowerShell: Intune's device actions (Microsoft Graph's
//! `Invoke-Mg...ManagedDevice` and the older `Invoke-IntuneManagedDevice...`), Exchange's mail
//! purges, forwarding and audit switches, Entra accounts and directory roles, and Active
//! Directory's domain password policy. One call per cmdlet from the Windows reader
//! ([`super::windows`]), after it has split the line and read the parameters.
//!
//! Graded by what leaves the admin's hands: a device wiped is every byte on it (stop); a device
//! retired or cleaned, a mailbox's mail purged, the audit trail switched off, mail forwarded to
//! an address outside, a directory role granted, a password policy weakened are verified;
//! disabling one account is confirmed. Everything a listing returns raises the tier.
//!
//! The only readings that let a form pass are the cmdlets' own previews and empty values
//! (`-EstimateResultOnly`, `-Preview`, `-ForwardingSmtpAddress $null`), each scoped to its own
//! parameter: a destructive parameter on the same line is read regardless.

use super::finding;
use super::windows::Args;
use crate::finding::{Family, Finding, Severity};

/// Grades a tenant cmdlet (`verb`, `noun` lowercased); `all` when it is given everything a
/// listing returns or a wildcard.
pub(super) fn cmdlet(
    verb: &str,
    noun: &str,
    name: &str,
    args: &Args<'_>,
    all: bool,
    out: &mut Vec<Finding>,
) {
    match verb {
        "invoke" if noun.contains("manageddevice") => device_action(noun, name, all, out),
        "search" if noun == "mailbox" && args.param("deletecontent", 3) => {
            push(
                out,
                Family::Business,
                "tenant.mail-purged",
                if all || wildcard_identity(args) {
                    Severity::Stop
                } else {
                    Severity::Verify
                },
                format!("{name} -DeleteContent deletes the mail it finds, for good"),
            );
        }
        "new" if noun == "compliancesearchaction" && args.param("purge", 3) => {
            let hard = args
                .param_value("purgetype", 6)
                .and_then(|(_, v)| v)
                .is_some_and(|v| v.eq_ignore_ascii_case("harddelete"));
            push(
                out,
                Family::Business,
                "tenant.mail-purged",
                if hard {
                    Severity::Stop
                } else {
                    Severity::Verify
                },
                format!(
                    "{name} -Purge deletes every message the compliance search found, in \
                     every mailbox it searched{}",
                    if hard { ", unrecoverably" } else { "" }
                ),
            );
        }
        "remove"
            if noun == "mailbox"
                && args
                    .param_value("permanent", 4)
                    .is_some_and(|(_, v)| v.is_none_or(|v| !falsy(v))) =>
        {
            push(
                out,
                Family::Business,
                "tenant.mailbox-purged",
                Severity::Verify,
                format!("{name} -Permanent deletes the mailbox with no soft-deleted copy"),
            );
        }
        "set" | "new" => settings(verb, noun, name, args, out),
        "update" if noun == "mguser" && set_to(args, "accountenabled", falsy) => {
            push(
                out,
                Family::Business,
                "tenant.account-disabled",
                if all {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!("{name} -AccountEnabled false locks the user out"),
            );
        }
        _ => {}
    }
}

/// An Intune remote action on a managed device, read from the action in the cmdlet's noun.
fn device_action(noun: &str, name: &str, all: bool, out: &mut Vec<Finding>) {
    let (one, many, what) = if noun.contains("wipe") {
        (
            Severity::Stop,
            Severity::Stop,
            "wipes the device: it is reset and everything on it erased",
        )
    } else if noun.contains("retire") || noun.contains("clean") {
        (
            Severity::Verify,
            Severity::Stop,
            "retires or cleans the device: its company data, apps and settings are removed",
        )
    } else if [
        "remotelock",
        "resetpasscode",
        "rebootnow",
        "shutdown",
        "logoutshared",
    ]
    .iter()
    .any(|a| noun.contains(a))
    {
        (
            Severity::Confirm,
            Severity::Verify,
            "locks, reboots or resets the passcode of the device: its user is interrupted",
        )
    } else {
        return;
    };
    push(
        out,
        Family::System,
        "tenant.device-action",
        if all { many } else { one },
        format!(
            "{name} {what}{}",
            if all {
                ", on every device the listing returns"
            } else {
                ""
            }
        ),
    );
}

/// `Set-` and `New-` cmdlets of Exchange, Entra and Active Directory whose parameters forward
/// mail out, switch the audit trail off, grant a directory role or weaken passwords.
fn settings(verb: &str, noun: &str, name: &str, args: &Args<'_>, out: &mut Vec<Finding>) {
    // Mail sent on to an address: the messages leave the organization.
    let forwards: &[&str] = match noun {
        "mailbox" => &["forwardingsmtpaddress", "forwardingaddress"],
        "inboxrule" => &["forwardto", "redirectto", "forwardasattachmentto"],
        "transportrule" => &["blindcopyto", "redirectmessageto", "addtorecipients"],
        _ => &[],
    };
    for p in forwards {
        if args
            .param_value(p, p.len())
            .is_some_and(|(_, v)| v.is_some_and(|v| !empty(v)))
        {
            push(
                out,
                Family::Exfiltration,
                "tenant.mail-forwarded",
                Severity::Verify,
                format!("{name} -{p} sends the mailbox's mail on to another address"),
            );
        }
    }
    // The audit trail switched off.
    let audit_off = match noun {
        "organizationconfig" => set_to(args, "auditdisabled", truthy),
        "mailbox" => set_to(args, "auditenabled", falsy),
        "adminauditlogconfig" => {
            set_to(args, "unifiedauditlogingestionenabled", falsy)
                || set_to(args, "adminauditlogenabled", falsy)
        }
        "mailboxauditbypassassociation" => set_to(args, "auditbypassenabled", truthy),
        _ => false,
    };
    if audit_off {
        push(
            out,
            Family::System,
            "tenant.audit-off",
            Severity::Verify,
            format!("{name} turns mailbox or tenant auditing off: what is done is not recorded"),
        );
    }
    // A member added to a directory role (Global Administrator and the like).
    if verb == "new" && noun.starts_with("mgdirectoryrolemember") {
        push(
            out,
            Family::Cloud,
            "tenant.role-granted",
            Severity::Verify,
            format!("{name} adds a member to a directory role: it gets the role's admin rights"),
        );
    }
    // The domain's password policy weakened.
    if verb == "set"
        && matches!(
            noun,
            "addefaultdomainpasswordpolicy" | "adfinegrainedpasswordpolicy"
        )
        && (set_to(args, "complexityenabled", falsy)
            || set_to(args, "reversibleencryptionenabled", truthy))
    {
        push(
            out,
            Family::System,
            "tenant.password-policy-weakened",
            Severity::Verify,
            format!("{name} weakens the password policy of every account it covers"),
        );
    }
}

/// Whether a parameter is given and its value (inline `-P:$x`, or the next word) passes `test`.
fn set_to(args: &Args<'_>, param: &str, test: fn(&str) -> bool) -> bool {
    args.param_value(param, param.len())
        .is_some_and(|(_, v)| v.is_some_and(test))
}

fn truthy(v: &str) -> bool {
    matches!(v.to_ascii_lowercase().as_str(), "$true" | "true" | "1")
}

fn falsy(v: &str) -> bool {
    matches!(v.to_ascii_lowercase().as_str(), "$false" | "false" | "0")
}

/// `$null` or an empty string: the parameter cleared, nothing forwarded.
fn empty(v: &str) -> bool {
    v.eq_ignore_ascii_case("$null") || matches!(v, "" | "''" | "\"\"")
}

/// `-Identity *`: every mailbox.
fn wildcard_identity(args: &Args<'_>) -> bool {
    args.param_value("identity", 2)
        .is_some_and(|(_, v)| v == Some("*"))
}

fn push(out: &mut Vec<Finding>, family: Family, code: &'static str, s: Severity, msg: String) {
    out.push(finding(family, code, s, msg));
}
