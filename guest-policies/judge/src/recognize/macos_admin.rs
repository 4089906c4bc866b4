//! macOS administration tools whose verbs the family readers do not grade: APFS volumes and
//! containers deleted (`diskutil apfs ...`), the unified log erased (`log erase`), Gatekeeper's
//! quarantine turned off or stripped (`defaults write ... LSQuarantine`, `xattr -d
//! com.apple.quarantine`), the Mac unmanaged
//! (`profiles remove`, `jamf removeFramework`), a backup destination dropped (`tmutil
//! removedestination`), the firmware's variables cleared (`nvram -c`) and a root of trust
//! installed (`security add-trusted-cert`).
//!
//! Written from the tools' own manual pages: diskutil(8), log(1), defaults(1), xattr(1),
//! profiles(1), jamf's help, tmutil(8), nvram(8), security(1). Each program
//! is one arm of a `match` on its name, so any other command costs one comparison. Nothing
//! here lowers a verdict: every rule only adds a finding.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;

/// Grades a macOS admin command; `s` and `index` locate it in its line (for `xattr`, whether
/// the file it strips is opened after).
pub fn judge(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    match cmd.program {
        "diskutil" => diskutil_apfs(cmd, out),
        "log" => unified_log(cmd, out),
        "defaults" => defaults(cmd, out),
        "xattr" => quarantine_stripped(cmd, s, index, out),
        "profiles" => profiles(cmd, out),
        "jamf" => jamf(cmd, out),
        "tmutil"
            if first_verb(cmd).is_some_and(|v| v.eq_ignore_ascii_case("removedestination")) =>
        {
            out.push(finding(
                Family::System,
                "macos.backup-destination-removed",
                Severity::Confirm,
                "tmutil removedestination: Time Machine stops backing up to that disk".into(),
            ));
        }
        // `nvram -c` deletes every firmware variable (the startup disk, boot-args).
        "nvram" if cmd.args.iter().any(|a| a == "-c") => out.push(finding(
            Family::System,
            "macos.nvram-cleared",
            Severity::Confirm,
            "nvram -c clears every firmware variable (startup disk, boot arguments)".into(),
        )),
        "security" => trusted_root(cmd, out),
        _ => {}
    }
}

/// The first word that is not an option: the verb of a verb-first tool.
fn first_verb<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    cmd.args
        .iter()
        .map(|a| a.as_ref())
        .find(|a| !a.starts_with('-'))
}

/// `diskutil apfs VERB`: a volume, a volume group or a whole container deleted or erased is
/// every file in it; a snapshot deleted is a recovery point gone. (`diskutil eraseDisk` and
/// its kin are read by [`super::filesystem`].)
fn diskutil_apfs(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let mut words = cmd.args.iter().map(|a| a.as_ref());
    if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("apfs")) {
        return;
    }
    let Some(verb) = words.next().map(str::to_ascii_lowercase) else {
        return;
    };
    let (severity, what) = match verb.as_str() {
        "deletecontainer" | "deletevolume" | "deletevolumegroup" | "erasevolume" => (
            Severity::Stop,
            "deletes or erases an APFS volume or container: every file in it is lost",
        ),
        "deletesnapshot" => (
            Severity::Verify,
            "deletes an APFS snapshot: a point the volume could be restored to is gone",
        ),
        _ => return,
    };
    out.push(finding(
        Family::Filesystem,
        "macos.apfs-delete",
        severity,
        format!("diskutil apfs {verb} {what}"),
    ));
}

/// `log erase` deletes the unified log's stored messages: the machine's audit trail.
fn unified_log(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if first_verb(cmd).is_some_and(|v| v == "erase") {
        out.push(finding(
            Family::System,
            "macos.log-erased",
            Severity::Verify,
            "log erase deletes the unified log: the record of what ran is gone".into(),
        ));
    }
}

/// `defaults write com.apple.LaunchServices LSQuarantine -bool false`: files downloaded from
/// now on are never marked, so Gatekeeper never checks them.
fn defaults(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let words: Vec<&str> = cmd.args.iter().map(|a| a.as_ref()).collect();
    let Some(at) = words.iter().position(|w| w.eq_ignore_ascii_case("write")) else {
        return;
    };
    let rest = &words[at + 1..];
    let Some(key) = rest
        .iter()
        .position(|w| w.eq_ignore_ascii_case("lsquarantine"))
    else {
        return;
    };
    // The value follows the key, after an optional type option (`-bool`, `-boolean`).
    let value = rest[key + 1..].iter().find(|w| !w.starts_with('-'));
    let off = value.is_some_and(|v| {
        matches!(
            v.to_ascii_lowercase().as_str(),
            "false" | "no" | "0" | "off"
        )
    });
    if off {
        out.push(finding(
            Family::System,
            "macos.quarantine-off",
            Severity::Verify,
            "defaults write ... LSQuarantine off: downloads are no longer quarantined, \
             Gatekeeper never checks them"
                .into(),
        ));
    }
}

/// `xattr -d com.apple.quarantine F` (or `-c`, every attribute) removes the mark that makes
/// Gatekeeper check a downloaded file before it first runs: bounded to that file, unless the
/// same line then opens or runs it (unchecked code started).
fn quarantine_stripped(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    let mut deletes = false;
    let mut clears = false;
    let mut named = false;
    for a in cmd.args.iter().map(|a| a.as_ref()) {
        if let Some(letters) = a.strip_prefix('-').filter(|l| !l.starts_with('-')) {
            deletes |= letters.contains('d');
            clears |= letters.contains('c');
        } else if a.eq_ignore_ascii_case("com.apple.quarantine") {
            named = true;
        }
    }
    if !(deletes && named || clears) {
        return;
    }
    let targets: Vec<&str> = cmd
        .args
        .iter()
        .map(|a| a.as_ref())
        .filter(|a| !a.starts_with('-') && !a.eq_ignore_ascii_case("com.apple.quarantine"))
        .collect();
    // `-c` on a plain file in the project only drops metadata: graded where an app, an
    // installer or a download is cleared.
    if !deletes && !targets.iter().any(|t| installable(t)) {
        return;
    }
    let opened = s.commands.iter().skip(index + 1).any(|c| {
        let runs = c.words.first().is_some_and(|w| {
            let w = w.trim_end_matches('/');
            targets.iter().any(|t| t.trim_end_matches('/') == w)
        });
        let open = c.words.iter().any(|w| w == "open")
            && c.words.iter().any(|w| {
                targets
                    .iter()
                    .any(|t| t.trim_end_matches('/') == w.trim_end_matches('/'))
            });
        runs || open
    });
    out.push(finding(
        Family::System,
        "macos.quarantine-stripped",
        if opened {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        if opened {
            "xattr strips the quarantine mark and the file is then opened: downloaded code runs \
             without Gatekeeper's check"
                .into()
        } else {
            "xattr strips the quarantine mark: Gatekeeper will not check the file before it runs"
                .into()
        },
    ));
}

/// An app bundle, an installer or a disk image, or anything in the downloads folder.
fn installable(path: &str) -> bool {
    let p = path.trim_end_matches('/').to_ascii_lowercase();
    [".app", ".pkg", ".mpkg", ".dmg", ".command"]
        .iter()
        .any(|e| p.ends_with(e))
        || p.contains("downloads/")
        || p.starts_with("/applications")
}

/// `profiles remove`: one configuration profile removed is a bounded change; `-all` removes
/// every profile, the management enrollment and the security policies it carries with them.
fn profiles(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let verb = first_verb(cmd).map(str::to_ascii_lowercase);
    // profiles(1) also accepts the old single-dash flags (`-R` removes, `-D` deletes all).
    let removes = verb.as_deref() == Some("remove") || cmd.args.iter().any(|a| a == "-R");
    let all = cmd.args.iter().any(|a| a == "-all" || a == "-D");
    if !(removes || all) {
        return;
    }
    out.push(finding(
        Family::System,
        "macos.profiles-removed",
        if all {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        if all {
            "profiles remove -all: every configuration profile goes, with the device management \
             enrollment and the security policies it enforces"
                .into()
        } else {
            "profiles remove: a configuration profile and the settings it enforces go".into()
        },
    ));
}

/// `jamf removeFramework` / `removeMdmProfile`: the Mac leaves Jamf's management, and the
/// security policies it enforces stop.
fn jamf(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let unmanages = cmd.args.iter().any(|a| {
        let l = a.trim_start_matches('-').to_ascii_lowercase();
        matches!(l.as_str(), "removeframework" | "removemdmprofile")
    });
    if unmanages {
        out.push(finding(
            Family::System,
            "macos.unmanaged",
            Severity::Verify,
            "jamf removes its management from the Mac: its security policies no longer apply"
                .into(),
        ));
    }
}

/// `security add-trusted-cert`: a certificate made a root of trust; in the System keychain or
/// with `-d` (the admin trust domain) every program on the Mac trusts what it signs, so
/// encrypted traffic can be intercepted.
fn trusted_root(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if first_verb(cmd).is_none_or(|v| v != "add-trusted-cert") {
        return;
    }
    let system_wide = cmd
        .args
        .iter()
        .any(|a| a == "-d" || a.to_ascii_lowercase().contains("system.keychain"));
    out.push(finding(
        Family::System,
        "macos.trusted-root",
        if system_wide {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        format!(
            "security add-trusted-cert makes a certificate a root of trust{}",
            if system_wide {
                " for every program on the Mac: what it signs is trusted, traffic can be read"
            } else {
                " for this user"
            }
        ),
    ));
}
