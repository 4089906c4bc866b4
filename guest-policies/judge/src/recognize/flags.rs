//! Effects carried by flag letters and values, not by a verb word (holdout9 analysis, "An effect
//! with no verb word"). Four kinds, each read the same way for every program:
//!
//! 1. **A security switch turned off** wherever its `KEY=VALUE` stands: an argument, an option's
//!    value, or a setting nested inside another value (a kernel command line handed to a boot
//!    tool, `--security-opt`, a `sed` replacement written into `/etc/default/grub`): SELinux,
//!    AppArmor, CPU mitigations, KASLR, module signing, lockdown, auditing, firewalls, Apple's
//!    file integrity. Keys that mean something else outside a kernel command line (`audit`,
//!    `security`, `init`, `pti`, bare `nokaslr`) count only inside one. A few programs turn a
//!    firewall or auditing off with a bare flag (csf, apf, pfctl, auditpol, mokutil,
//!    firewall-cmd's zone target, macOS's firewall preference): a table from their manuals.
//! 2. **Everyone named as the grantee** of a share, an ACL, a permission or an attribute:
//!    `all`, `*`, `allUsers`, `Everyone`, `allPublic`, `--acl-public`, `--publicly-accessible`,
//!    nested or not (`Add=[{Group=all}]`). A removal (`--values-to-remove`, `Remove=[...]`,
//!    `--operation-type remove`, `remove-iam-policy-binding`) takes access away.
//! 3. **A whole-set mode** that deletes what it is not given: an ARM deployment in `Complete`
//!    mode, `--full-refresh` rebuilds, `git read-tree -u --reset`, mirror options that remove at
//!    the destination, migrating down to version 0. A rebuild on a named local or dev target
//!    is bounded local work.
//! 4. **A flag that makes a system program act at once**: `kexec -e` / `-f` (or a kernel given
//!    without `-l`), a BMC's power actions (ipmitool, racadm), logind's PowerOff / Reboot
//!    called over D-Bus.
//!
//! This reader only raises: it adds findings, never removes one, so nothing an agent writes on
//! the line can lower a verdict through it. What it does not understand adds nothing.

use std::borrow::Cow;

use super::{Cmd, finding, lexicon};
use crate::finding::{Family, Finding, Severity};
use crate::shell::Script;

/// Reads the four kinds on one command (`s` and `index`: the script it stands in, for what a
/// pipe feeds it).
pub fn judge(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    // A shell or an interpreter runs its payload as a command of its own, judged as one: a
    // setting or a grantee named in the payload is read there, in place. A remote shell's
    // command is read here too (an unquoted one is not always judged as a command), unless it
    // only prints or searches.
    let parsed = options(cmd);
    let carrier = lexicon::is(cmd.program, lexicon::INTERPRETER) || remote_printer(cmd);
    if !carrier {
        security_off(cmd, &parsed, out);
        kernel_file(cmd, s, index, out);
        setting_pair(cmd, &parsed, out);
        security_service_off(cmd, &parsed, out);
        shared_with_everyone(cmd, &parsed, out);
        open_to_the_internet(cmd, &parsed, out);
    }
    whole_set(cmd, &parsed, out);
    at_once(cmd, &parsed, out);
}

/// Whether the command is a remote shell (`ssh HOST CMD`) whose command only prints or
/// searches (`ssh web-3 "grep selinux=0 /etc/default/grub"`).
fn remote_printer(cmd: &Cmd<'_>) -> bool {
    if !matches!(cmd.program, "ssh" | "mosh" | "autossh") {
        return false;
    }
    let (_, operands) = options(cmd);
    operands
        .get(1)
        .and_then(|c| c.split_whitespace().next())
        .is_some_and(|w| PRINTERS.contains(&super::program_name(w)))
}

/// A command's options and operands, read once for every kind ([`options`]).
type Parsed<'c> = (Vec<Opt<'c>>, Vec<&'c str>);

// ---- Reading options and nested settings ---------------------------------------------------

/// One argument read as an option: its name (dashes or a Windows `/` removed, lowercased) and
/// its value, inline (`--name=v`, `/grant:v`) or the next word when the option has none inline
/// and the next word is not an option.
struct Opt<'c> {
    /// Borrowed from the argument when it is already lowercase (most are): no copy per option.
    name: Cow<'c, str>,
    value: Option<&'c str>,
}

/// The options of a command, in order, with their values, and the words that are not options'
/// values (operands). An option's name is lowercased; a Windows option (`/grant:Everyone`) is
/// read as `grant` with its value. A word after a value-less option is taken as its value,
/// which is the cautious reading here: a value is searched for settings, an operand too.
fn options<'c>(cmd: &Cmd<'c>) -> (Vec<Opt<'c>>, Vec<&'c str>) {
    let mut opts: Vec<Opt<'c>> = Vec::new();
    let mut operands = Vec::new();
    let mut pending: Option<usize> = None;
    let mut ended = false;
    for a in cmd.words() {
        if ended {
            operands.push(a);
            continue;
        }
        if a == "--" {
            ended = true;
            pending = None;
            continue;
        }
        let dashed = a.len() > 1 && a.starts_with('-');
        let windows = windows_option(a);
        if dashed || windows.is_some() {
            let (name, value) = match windows {
                Some((n, v)) => (n, v),
                None => {
                    let body = a.trim_start_matches('-');
                    match body.split_once('=') {
                        Some((n, v)) => (n, Some(v)),
                        None => (body, None),
                    }
                }
            };
            pending = value.is_none().then_some(opts.len());
            let name = if name.bytes().any(|b| b.is_ascii_uppercase()) {
                Cow::Owned(name.to_ascii_lowercase())
            } else {
                Cow::Borrowed(name)
            };
            opts.push(Opt { name, value });
            continue;
        }
        if let Some(at) = pending.take() {
            opts[at].value = Some(a);
        }
        operands.push(a);
    }
    (opts, operands)
}

/// A Windows-style option (`/grant:Everyone,FULL`, `/set`): `/` and letters, then `:` and a
/// value or nothing. A path (`/etc/x`) has another `/` before any `:`.
fn windows_option(a: &str) -> Option<(&str, Option<&str>)> {
    let body = a.strip_prefix('/')?;
    let end = body.find(':').unwrap_or(body.len());
    let name = &body[..end];
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic()))
        .then(|| (name, body.get(end + 1..).filter(|v| !v.is_empty())))
}

/// Every `KEY=VALUE` inside a text, however deep (`--args "a=1 selinux=0"`,
/// `kernelopts=root=/dev/x ro audit=0`, `Add=[{Group=all}]`, `&selinux=0` in a sed
/// replacement): the key is the run of name characters before `=`, the value runs to a blank,
/// a quote, a comma or a closing bracket (and to a `/` unless it starts with one: a path).
fn settings(text: &str) -> Vec<(&str, String)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        if c != b'=' {
            continue;
        }
        let mut s = i;
        while s > 0 && name_byte(b[s - 1]) {
            s -= 1;
        }
        if s == i {
            continue;
        }
        let rest = &text[i + 1..];
        let path = rest.starts_with('/') || rest.starts_with("\\/");
        let end = rest
            .find(|ch: char| {
                ch.is_whitespace()
                    || matches!(
                        ch,
                        '"' | '\'' | ',' | ';' | ')' | ']' | '}' | '&' | '[' | '{'
                    )
                    || ch == '/' && !path
            })
            .unwrap_or(rest.len());
        // An escaped slash in a sed replacement (`\/bin\/bash`) is a slash.
        let value = rest[..end].replace("\\/", "/");
        found.push((&text[s..i], value));
    }
    found
}

fn name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-')
}

/// The words of a value list (`"quiet nokaslr"`, `Everyone,FULL`, `["all"]`).
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| {
        c.is_whitespace() || matches!(c, ',' | '"' | '\'' | '[' | ']' | '{' | '}' | '(' | ')')
    })
    .filter(|t| !t.is_empty())
}

/// A value that switches something off.
fn off(v: &str) -> bool {
    [
        "0", "off", "false", "no", "n", "disable", "disabled", "none",
    ]
    .iter()
    .any(|o| v.eq_ignore_ascii_case(o))
}

/// A value that switches something on.
fn on(v: &str) -> bool {
    [
        "1", "0x1", "on", "true", "yes", "y", "enable", "enabled", "$true",
    ]
    .iter()
    .any(|o| v.eq_ignore_ascii_case(o))
}

/// An option whose value is prose (a commit message, a title): settings named there are
/// mentioned, not set.
fn prose_option(name: &str) -> bool {
    matches!(
        name,
        "m" | "message"
            | "title"
            | "body"
            | "description"
            | "comment"
            | "note"
            | "notes"
            | "subject"
            | "summary"
            | "reason"
            | "vars"
    )
}

/// An option that takes what it names away (`--remove-args`, `--delete-options`,
/// `--values-to-remove`, `/remove`, `--revoke`).
fn removing_option(name: &str) -> bool {
    // `substring::has`, not `str::contains`: no two-way searcher set up per needle for
    // every option name of every command.
    ["remove", "delete", "unset", "revoke", "deny", "drop"]
        .iter()
        .any(|r| crate::substring::has(name, r))
}

/// An option that takes entries out of a setting's list (`--remove-args`, `--values-to-remove`,
/// `--delete-options`, `--remove-kargs`): it edits the list, it destroys nothing.
pub fn list_entry_removal(option: &str) -> bool {
    let o = option.trim_start_matches('-').to_ascii_lowercase();
    let removes = ["remove", "delete", "del"]
        .iter()
        .any(|r| o.split(['-', '_']).any(|part| part == *r));
    let list = [
        "args",
        "arguments",
        "kargs",
        "options",
        "values",
        "params",
        "parameters",
    ]
    .iter()
    .any(|l| o.split(['-', '_']).any(|part| part == *l));
    removes && list
}

// ---- Kind 1: a security switch turned off --------------------------------------------------

/// A security setting and the values that turn it off.
struct Switch {
    /// The key, lowercased (`selinux`, `kernel.randomize_va_space`).
    key: &'static str,
    /// Whether the values below turn it off (`false`: they turn a bypass on, as
    /// `amfi_get_out_of_my_way=1`).
    off_when: fn(&str) -> bool,
    /// What is off, for people.
    what: &'static str,
    /// Only inside a kernel command line: elsewhere the key means something else (`audit`
    /// is npm's vulnerability audit, `init` a project's setting).
    boot_only: bool,
}

fn selinux_off(v: &str) -> bool {
    off(v) || v.eq_ignore_ascii_case("permissive")
}
fn unconfined(v: &str) -> bool {
    off(v) || v.eq_ignore_ascii_case("unconfined")
}
fn none_value(v: &str) -> bool {
    v.is_empty() || v.eq_ignore_ascii_case("none")
}
fn shell_path(v: &str) -> bool {
    let name = v.rsplit('/').next().unwrap_or(v);
    v.starts_with('/') && matches!(name, "sh" | "bash" | "zsh" | "dash" | "ash" | "busybox")
}

/// The security switches, from kernel-parameters.txt, selinux(8), apparmor(7), rc.conf(5) and
/// Apple's boot-args.
const SWITCHES: &[Switch] = &[
    Switch {
        key: "selinux",
        off_when: selinux_off,
        what: "SELinux",
        boot_only: false,
    },
    Switch {
        key: "enforcing",
        off_when: off,
        what: "SELinux enforcement",
        boot_only: true,
    },
    Switch {
        key: "apparmor",
        off_when: unconfined,
        what: "AppArmor",
        boot_only: false,
    },
    Switch {
        key: "security",
        off_when: none_value,
        what: "the kernel's security module",
        boot_only: true,
    },
    Switch {
        key: "mitigations",
        off_when: off,
        what: "the CPU vulnerability mitigations",
        boot_only: false,
    },
    Switch {
        key: "pti",
        off_when: off,
        what: "kernel page-table isolation",
        boot_only: true,
    },
    Switch {
        key: "kpti",
        off_when: off,
        what: "kernel page-table isolation",
        boot_only: true,
    },
    Switch {
        key: "spectre_v2",
        off_when: off,
        what: "a CPU vulnerability mitigation",
        boot_only: true,
    },
    Switch {
        key: "spectre_v2_user",
        off_when: off,
        what: "a CPU vulnerability mitigation",
        boot_only: true,
    },
    Switch {
        key: "spec_store_bypass_disable",
        off_when: off,
        what: "a CPU vulnerability mitigation",
        boot_only: true,
    },
    Switch {
        key: "l1tf",
        off_when: off,
        what: "a CPU vulnerability mitigation",
        boot_only: true,
    },
    Switch {
        key: "mds",
        off_when: off,
        what: "a CPU vulnerability mitigation",
        boot_only: true,
    },
    Switch {
        key: "retbleed",
        off_when: off,
        what: "a CPU vulnerability mitigation",
        boot_only: true,
    },
    Switch {
        key: "tsx_async_abort",
        off_when: off,
        what: "a CPU vulnerability mitigation",
        boot_only: true,
    },
    Switch {
        key: "module.sig_enforce",
        off_when: off,
        what: "kernel module signature enforcement",
        boot_only: false,
    },
    Switch {
        key: "lockdown",
        off_when: none_value,
        what: "kernel lockdown",
        boot_only: true,
    },
    Switch {
        key: "kernel.randomize_va_space",
        off_when: off,
        what: "address-space layout randomization",
        boot_only: false,
    },
    Switch {
        key: "audit",
        off_when: off,
        what: "kernel auditing",
        boot_only: true,
    },
    Switch {
        key: "init",
        off_when: shell_path,
        what: "the login (a root shell at boot)",
        boot_only: true,
    },
    Switch {
        key: "amfi_get_out_of_my_way",
        off_when: on,
        what: "Apple Mobile File Integrity",
        boot_only: false,
    },
    Switch {
        key: "firewall_enable",
        off_when: off,
        what: "the firewall",
        boot_only: false,
    },
    Switch {
        key: "pf_enable",
        off_when: off,
        what: "the packet filter firewall",
        boot_only: false,
    },
    Switch {
        key: "ipfw_enable",
        off_when: off,
        what: "the ipfw firewall",
        boot_only: false,
    },
    Switch {
        key: "ipfilter_enable",
        off_when: off,
        what: "the IPFilter firewall",
        boot_only: false,
    },
    Switch {
        key: "seccomp",
        off_when: unconfined,
        what: "seccomp confinement",
        boot_only: false,
    },
];

/// Bare kernel parameters that turn a protection off (kernel-parameters.txt).
const BARE_OFF: &[(&str, &str)] = &[
    ("nokaslr", "kernel address-space layout randomization"),
    ("norandmaps", "address-space layout randomization"),
    ("nopti", "kernel page-table isolation"),
    ("nosmap", "supervisor-mode access prevention"),
    ("nosmep", "supervisor-mode execution prevention"),
    ("nospectre_v1", "a CPU vulnerability mitigation"),
    ("nospectre_v2", "a CPU vulnerability mitigation"),
    (
        "nospec_store_bypass_disable",
        "a CPU vulnerability mitigation",
    ),
    ("noibrs", "a CPU vulnerability mitigation"),
    ("noibpb", "a CPU vulnerability mitigation"),
];

/// Programs that write a kernel command line (grubby, kernelstub, rpm-ostree kargs, the GRUB
/// environment, kexec, efibootmgr, Apple's nvram).
const BOOT_TOOLS: &[&str] = &[
    "grubby",
    "kernelstub",
    "rpm-ostree",
    "ostree",
    "grub2-editenv",
    "grub-editenv",
    "kexec",
    "efibootmgr",
    "nvram",
    "bootctl",
    "kernel-install",
    "bootupctl",
];

/// Words that place a setting in a kernel command line.
const CMDLINE_MARKERS: &[&str] = &[
    "cmdline",
    "kernelopts",
    "boot-args",
    "bootargs",
    "kargs",
    "/etc/default/grub",
    "loader/entries",
    "grub.cfg",
    "grubenv",
];

/// Programs that print or search text: a setting they are given is mentioned, unless the
/// shell writes their output into a system file.
const PRINTERS: &[&str] = &[
    "echo", "printf", "grep", "egrep", "fgrep", "rg", "ag", "cat", "less", "more", "head", "tail",
    "man", "git", "awk", "jq", "yq", "diff",
];

/// Whether the shell writes the command's output into a system file (`>> /etc/default/grub`).
fn writes_system_file(cmd: &Cmd<'_>) -> bool {
    use crate::shell::RedirectKind;
    cmd.redirects.iter().any(|r| {
        matches!(r.kind, RedirectKind::Write | RedirectKind::Append)
            && ["/etc/", "/boot/", "/proc/sys/", "/sys/"]
                .iter()
                .any(|p| r.target.starts_with(p))
    })
}

/// The replacement of a sed substitution (`s/old/new/g` is `new`), escapes kept.
fn sed_replacement(expr: &str) -> Option<&str> {
    let mut chars = expr.char_indices();
    if chars.next()?.1 != 's' {
        return None;
    }
    let (_, delim) = chars.next()?;
    if delim.is_alphanumeric() || delim.is_whitespace() {
        return None;
    }
    let mut parts = Vec::new();
    let mut start = 2;
    let mut escaped = false;
    for (i, c) in expr.char_indices().skip(2) {
        if escaped {
            escaped = false;
        } else if c == '\\' {
            escaped = true;
        } else if c == delim {
            parts.push(&expr[start..i]);
            start = i + c.len_utf8();
        }
    }
    if parts.len() < 2 {
        return None;
    }
    Some(parts[1])
}

fn security_off<'c>(cmd: &Cmd<'c>, parsed: &Parsed<'c>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    per_program_off(cmd, parsed, out);
    if PRINTERS.contains(&p) && !writes_system_file(cmd) {
        return;
    }
    // sed without -i prints what it would change.
    if p == "sed"
        && !cmd
            .words()
            .any(|w| w.starts_with("-i") || w == "--in-place")
        && !writes_system_file(cmd)
    {
        return;
    }
    // Whether the command sets a kernel command line: read over every word, so only when a
    // setting or a bare word needs it, and once (it reads the command and nothing else). The
    // markers are lowercase ASCII: a window equal to one ignoring ASCII case is what the
    // lowercased word contains, without lowercasing a copy of every word.
    let boot_once = std::cell::OnceCell::new();
    let boot = || {
        *boot_once.get_or_init(|| {
            BOOT_TOOLS.contains(&p)
                || cmd
                    .words()
                    .chain(cmd.redirects.iter().map(|r| &*r.target))
                    .any(|w| {
                        CMDLINE_MARKERS.iter().any(|m| {
                            w.as_bytes()
                                .windows(m.len())
                                .any(|at| at.eq_ignore_ascii_case(m.as_bytes()))
                        })
                    })
        })
    };
    let (opts, operands) = (&parsed.0, &parsed.1);
    // The texts whose settings are set: option values (not prose, not removals) and operands.
    let mut texts: Vec<(&str, bool)> = Vec::new();
    for o in opts {
        if prose_option(&o.name) || removing_option(&o.name) || p == "kernelstub" && o.name == "d" {
            continue;
        }
        if let Some(v) = o.value {
            texts.push((v, o.name == "security-opt"));
        }
    }
    // An operand that is an option's value is read once, as the value.
    let values: Vec<&str> = opts.iter().filter_map(|o| o.value).collect();
    for &a in operands {
        if !values.iter().any(|v| std::ptr::eq(*v, a)) {
            texts.push((a, false));
        }
    }
    for (text, container) in texts {
        let text = if p == "sed" || p == "perl" {
            sed_replacement(text).unwrap_or(text)
        } else {
            text
        };
        let mut what = None;
        for (key, value) in settings(text) {
            let k = key.to_ascii_lowercase();
            let k = k.trim_start_matches('&');
            if let Some(s) = SWITCHES
                .iter()
                .find(|s| s.key == k && (!s.boot_only || boot()))
                && (s.off_when)(value.trim_matches(['"', '\'']))
            {
                what = Some((format!("{key}={value}"), s.what));
                break;
            }
            // `--security-opt label=disable` (label:disable too, below).
            if container && k == "label" && off(&value) {
                what = Some((format!("{key}={value}"), "SELinux labelling"));
                break;
            }
        }
        if what.is_none() && container && text.eq_ignore_ascii_case("label:disable") {
            what = Some((text.to_owned(), "SELinux labelling"));
        }
        // The bare word first, the kernel command line only when one is there: the same
        // answer as asking in the other order, and most texts have no bare word.
        if what.is_none() {
            let bare = tokens(text).find_map(|t| {
                BARE_OFF
                    .iter()
                    .find(|(w, _)| t.eq_ignore_ascii_case(w))
                    .map(|(w, what)| ((*w).to_owned(), *what))
            });
            if bare.is_some() && boot() {
                what = bare;
            }
        }
        let Some((setting, what)) = what else {
            continue;
        };
        if container {
            out.push(finding(
                Family::Containers,
                "containers.confinement-off",
                Severity::Confirm,
                format!("{p} --security-opt {setting}: the container runs without {what}"),
            ));
        } else {
            out.push(finding(
                Family::System,
                "system.security-switch-off",
                Severity::Verify,
                format!(
                    "{p} sets {setting}{}: turns {what} off",
                    if boot() {
                        " in the kernel command line"
                    } else {
                        ""
                    }
                ),
            ));
        }
        return;
    }
}

/// The flags that turn a firewall, auditing or Secure Boot checks off, program by program
/// (csf(8), apf's usage, pfctl(8), firewall-cmd(1), auditpol's reference, mokutil(1), macOS's
/// application firewall preference).
fn per_program_off<'c>(cmd: &Cmd<'c>, parsed: &Parsed<'c>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let (opts, operands) = (&parsed.0, &parsed.1);
    let has = |names: &[&str]| opts.iter().any(|o| names.contains(&&*o.name));
    let what: Option<&str> = match p {
        // csf -x / --disable stops csf and lfd; -f / --stop flushes the rules.
        "csf" if has(&["x", "disable"]) => {
            Some("disables the csf firewall and its login failure daemon")
        }
        "csf" if has(&["f", "stop"]) => Some("flushes and stops the csf firewall"),
        "apf" if has(&["f", "flush", "stop"]) => Some("flushes and stops the APF firewall"),
        // pfctl -F all|rules|Tables flushes what the filter enforces (`-Fa`, `-Fr` bundled).
        "pfctl"
            if opts.iter().any(|o| {
                o.name == "f"
                    && o.value
                        .is_some_and(|v| matches!(v, "all" | "rules" | "a" | "r"))
                    || matches!(&*o.name, "fa" | "fr")
            }) =>
        {
            Some("flushes the packet filter's rules")
        }
        "firewall-cmd"
            if opts.iter().any(|o| {
                o.name == "set-target" && o.value.is_some_and(|v| v.eq_ignore_ascii_case("accept"))
            }) =>
        {
            Some("makes a zone accept every connection")
        }
        "auditpol"
            if has(&["clear", "remove"])
                || has(&["set"])
                    && opts.iter().any(|o| {
                        matches!(&*o.name, "success" | "failure") && o.value.is_some_and(off)
                    }) =>
        {
            Some("turns Windows security auditing off")
        }
        "mokutil" if has(&["disable-validation"]) => {
            Some("turns Secure Boot's validation of boot code off")
        }
        // `defaults write /Library/Preferences/com.apple.alf globalstate -int 0`.
        "defaults"
            if operands.first() == Some(&"write")
                && operands.iter().any(|o| o.contains("com.apple.alf"))
                && operands
                    .iter()
                    .any(|o| o.eq_ignore_ascii_case("globalstate"))
                && operands.last().is_some_and(|v| off(v)) =>
        {
            Some("turns the macOS application firewall off")
        }
        // A security service (a firewall, auditd, an antivirus) taken out of the boot:
        // chkconfig(8) `NAME off` or `--del NAME`, update-rc.d(8) `NAME disable|remove`,
        // OpenRC's rc-update `del NAME`.
        "chkconfig"
            if (operands.get(1) == Some(&"off") || has(&["del"]))
                && operands
                    .first()
                    .is_some_and(|u| super::system::security_service(u)) =>
        {
            Some("takes a security service out of the boot")
        }
        "update-rc.d"
            if matches!(operands.get(1), Some(&"disable") | Some(&"remove"))
                && operands
                    .first()
                    .is_some_and(|u| super::system::security_service(u)) =>
        {
            Some("takes a security service out of the boot")
        }
        "rc-update"
            if matches!(operands.first(), Some(&"del") | Some(&"delete"))
                && operands
                    .get(1)
                    .is_some_and(|u| super::system::security_service(u)) =>
        {
            Some("takes a security service out of the boot")
        }
        // shorewall(8): `clear` removes every rule, "the firewall is then wide open".
        "shorewall" | "shorewall6" | "shorewall-lite" if operands.first() == Some(&"clear") => {
            Some("removes every rule: the firewall is wide open")
        }
        // nft(8): `flush ruleset` removes every table, chain and rule.
        "nft" if operands.starts_with(&["flush", "ruleset"]) => Some("removes every firewall rule"),
        // ufw(8): `reset` disables ufw and deletes its rules.
        "ufw" if operands.first() == Some(&"reset") => Some("disables ufw and deletes its rules"),
        // Set-ProcessMitigation -System -Disable DEP,ASLR: exploit mitigations off for every
        // process (one program's: confirmed below).
        "set-processmitigation" if has(&["disable"]) && has(&["system"]) => {
            Some("turns exploit mitigations off for every process")
        }
        _ => None,
    };
    if let Some(what) = what {
        out.push(finding(
            Family::System,
            "system.security-switch-off",
            Severity::Verify,
            format!("{}: {what}", crate::cut(&super::written(cmd), 80)),
        ));
        return;
    }
    // Bounded: one SELinux domain made permissive, one program's exploit mitigations off.
    let bounded = match p {
        "semanage" if operands.first() == Some(&"permissive") && has(&["a", "add"]) => {
            Some("makes an SELinux domain permissive: its processes are no longer confined")
        }
        "set-processmitigation" if has(&["disable"]) => {
            Some("turns a program's exploit mitigations off")
        }
        _ => None,
    };
    if let Some(what) = bounded {
        out.push(finding(
            Family::System,
            "system.security-switch-off",
            Severity::Confirm,
            format!("{}: {what}", crate::cut(&super::written(cmd), 80)),
        ));
    }
}

/// The kernel's setting files (`/proc/sys/...`, SELinux's `enforce`) written with a value
/// that turns a protection off: `echo 0 > /sys/fs/selinux/enforce`, `echo 0 | tee
/// /proc/sys/kernel/randomize_va_space`.
fn kernel_file(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    use crate::shell::RedirectKind;
    let printed = |c: &Cmd<'_>| -> Option<String> {
        matches!(c.program, "echo" | "printf")
            .then(|| {
                c.operands(&[])
                    .next()
                    .map(|v| v.trim_end_matches("\\n").to_owned())
            })
            .flatten()
    };
    let mut writes: Vec<(String, String)> = Vec::new();
    if let Some(value) = printed(cmd) {
        for r in cmd.redirects {
            if matches!(r.kind, RedirectKind::Write | RedirectKind::Append) {
                writes.push((r.target.to_string(), value.clone()));
            }
        }
    }
    if cmd.program == "tee"
        && cmd.piped_in
        && let Some(feeder) = index.checked_sub(1).and_then(|i| s.commands.get(i))
    {
        let mut folded = Vec::new();
        if let Some(f) = super::resolve(feeder, &mut folded)
            && let Some(value) = printed(&f)
        {
            for file in cmd.operands(&[]) {
                writes.push((file.to_owned(), value.clone()));
            }
        }
    }
    for (file, value) in writes {
        let key = if file == "/sys/fs/selinux/enforce" {
            "selinux".to_owned()
        } else if let Some(knob) = file.strip_prefix("/proc/sys/") {
            knob.replace('/', ".")
        } else {
            continue;
        };
        let setting = format!("{key}={}", value.trim());
        if hardening_knob(&key) && !hardening_kept(&setting) {
            out.push(finding(
                Family::System,
                "system.security-switch-off",
                Severity::Verify,
                format!("{value} written to {file}: weakens a kernel protection ({setting})"),
            ));
            return;
        }
        if let Some(sw) = SWITCHES.iter().find(|sw| sw.key == key)
            && (sw.off_when)(value.trim())
        {
            out.push(finding(
                Family::System,
                "system.security-switch-off",
                Severity::Verify,
                format!("{value} written to {file}: turns {} off", sw.what),
            ));
            return;
        }
    }
}

/// Words in a setting's name that say it guards the machine (Windows Defender's, UAC's,
/// SmartScreen's and the firewall's registry values and preferences).
const PROTECTIONS: &[&str] = &[
    "antispyware",
    "antivirus",
    "antimalware",
    "realtime",
    "behaviormonitoring",
    "ioavprotection",
    "onaccessprotection",
    "scriptscanning",
    "tamperprotection",
    "firewall",
    "smartscreen",
    "enablelua",
    "defender",
    "selinux",
    "apparmor",
];

/// A protection's setting given as a name/value option pair (`Set-ItemProperty -Name
/// DisableAntiSpyware -Value 1`, `-Name EnableLUA -Value 0`): a `Disable...` name set on, or
/// the protection's own name set off.
fn setting_pair<'c>(cmd: &Cmd<'c>, parsed: &Parsed<'c>, out: &mut Vec<Finding>) {
    let opts = &parsed.0;
    let value_of = |names: &[&str]| {
        opts.iter()
            .find(|o| names.contains(&&*o.name))
            .and_then(|o| o.value)
    };
    let (Some(name), Some(value)) = (
        value_of(&["name", "valuename"]),
        value_of(&["value", "data"]),
    ) else {
        return;
    };
    let n = name.to_ascii_lowercase();
    let guards = PROTECTIONS.iter().any(|p| n.contains(p));
    let turned_off = guards
        && match n.strip_prefix("disable") {
            Some(_) => on(value),
            None => off(value),
        };
    if turned_off {
        out.push(finding(
            Family::System,
            "system.security-switch-off",
            Severity::Verify,
            format!(
                "{} sets {name} to {value}: turns a protection off",
                cmd.program
            ),
        ));
    }
}

/// Cloud services that watch for attacks or keep the audit trail (GuardDuty, Security Hub,
/// Macie, Inspector, Detective, CloudTrail; Microsoft Defender for Cloud's plans).
const SECURITY_SERVICES: &[&str] = &[
    "guardduty",
    "securityhub",
    "macie2",
    "inspector2",
    "detective",
    "cloudtrail",
];

/// A cloud security service switched off by a negated flag (`aws guardduty update-detector
/// --no-enable`) or a plan's tier (`az security pricing create --tier free`).
fn security_service_off<'c>(cmd: &Cmd<'c>, parsed: &Parsed<'c>, out: &mut Vec<Finding>) {
    let (opts, operands) = (&parsed.0, &parsed.1);
    let service = operands.first().copied().unwrap_or("");
    let what = match cmd.program {
        "aws" if SECURITY_SERVICES.contains(&service) => opts
            .iter()
            .find(|o| o.name.starts_with("no-enable"))
            .map(|o| format!("aws {service} --{}", o.name)),
        "az" if service == "security"
            && operands.get(1) == Some(&"pricing")
            && opts.iter().any(|o| {
                o.name == "tier" && o.value.is_some_and(|v| v.eq_ignore_ascii_case("free"))
            }) =>
        {
            Some("az security pricing --tier free".to_owned())
        }
        _ => None,
    };
    // A cluster's logging switched off (`gcloud container clusters update --logging=NONE`,
    // `--no-enable-cloud-logging`): no record of what happens there from now on.
    if cmd.program == "gcloud"
        && opts.iter().any(|o| {
            matches!(&*o.name, "logging" | "logging-service")
                && o.value.is_some_and(|v| v.eq_ignore_ascii_case("none"))
                || o.name == "no-enable-cloud-logging"
        })
    {
        out.push(finding(
            Family::Cloud,
            "cloud.logging-off",
            Severity::Confirm,
            "gcloud turns a cluster's logging off: no record of what happens there".to_owned(),
        ));
    }
    if let Some(what) = what {
        out.push(finding(
            Family::Cloud,
            "cloud.security-service-off",
            Severity::Verify,
            format!(
                "{what}: turns off a service that watches for attacks or keeps the audit trail"
            ),
        ));
    }
}

/// The kernel settings that harden the machine (sysctl's hardening knobs; their hardened
/// values in [`hardening_kept`]).
fn hardening_knob(key: &str) -> bool {
    matches!(
        key,
        "kernel.randomize_va_space"
            | "kernel.kptr_restrict"
            | "kernel.yama.ptrace_scope"
            | "kernel.unprivileged_bpf_disabled"
            | "kernel.dmesg_restrict"
            | "kernel.modules_disabled"
            | "kernel.perf_event_paranoid"
            | "vm.mmap_min_addr"
    ) || key.starts_with("fs.protected_")
}

/// Whether a `sysctl` setting keeps the protection on (`kernel.randomize_va_space=2`,
/// `kernel.kptr_restrict=1`): the value the kernel's documentation gives as the hardened one.
pub fn hardening_kept(setting: &str) -> bool {
    let Some((key, value)) = setting.split_once('=') else {
        return false;
    };
    let value = value.trim();
    let key = key.trim();
    let at_least = |n: u32| value.parse::<u32>().is_ok_and(|v| v >= n);
    match key {
        "kernel.randomize_va_space" => value == "2",
        "kernel.kptr_restrict"
        | "kernel.yama.ptrace_scope"
        | "kernel.unprivileged_bpf_disabled" => at_least(1),
        "kernel.dmesg_restrict" | "kernel.modules_disabled" => value == "1",
        "kernel.perf_event_paranoid" => at_least(2),
        "kernel.sysrq" | "net.ipv4.ip_forward" => value == "0",
        "vm.mmap_min_addr" => at_least(4096),
        k if k.starts_with("fs.protected_") => at_least(1),
        "net.ipv4.conf.all.rp_filter" => at_least(1),
        _ => false,
    }
}

// ---- Kind 2: everyone named as the grantee -------------------------------------------------

/// Whether `token` names everyone when given to an option or key called `key`: `allUsers`,
/// `Everyone`, `allPublic` anywhere; `all` where the key names a group, a list of grantees or
/// values added (EC2's `Group=all`, RDS's `--values-to-add all`); `*` for a principal.
fn everyone(token: &str, key: &str) -> bool {
    // Lowercased without a heap copy (every value word of every command passes here).
    crate::substring::with_ascii_lower(token.trim_matches(['"', '\'']), |t| everyone_lower(t, key))
}

/// [`everyone`] of a lowercased token.
fn everyone_lower(t: &str, key: &str) -> bool {
    let t = t.strip_prefix("group:").unwrap_or(t);
    let grantee_list = matches!(
        key,
        "group" | "values-to-add" | "user-groups" | "groups" | "group-names"
    );
    let principal = matches!(
        key,
        "principal"
            | "principals"
            | "grantee"
            | "aws"
            | "member"
            | "members"
            | "aws-account-id"
            | "account-id"
            | "account-ids"
    );
    // `Everyone` and `anyone` are also plain words: everyone only where the key grants
    // (`/grant:Everyone`, `--share-with anyone`, `--principal Everyone`).
    // Only asked of "everyone" / "anyone" (every value word passes here): the key's twelve
    // substring tests are made then, not for every word.
    let grants = || {
        [
            "grant",
            "share",
            "principal",
            "member",
            "grantee",
            "account",
            "user",
            "group",
            "access",
            "permission",
            "acl",
            "audience",
            "visibility",
            "role",
            "identity",
        ]
        .iter()
        .any(|g| crate::substring::has(key, g))
    };
    matches!(
        t,
        "allusers" | "allauthenticatedusers" | "allpublic" | ".r:*"
    ) || matches!(t, "everyone" | "anyone") && grants()
        || kubernetes_everyone(t)
        || t.ends_with("/global/allusers")
        || t == "all" && grantee_list
        || t == "*" && principal
}

/// Kubernetes' groups and user for everyone: every caller without credentials, every caller
/// with any (`system:authenticated`), the anonymous user.
fn kubernetes_everyone(t: &str) -> bool {
    [
        "system:unauthenticated",
        "system:anonymous",
        "system:authenticated",
    ]
    .iter()
    .any(|k| t.eq_ignore_ascii_case(k))
}

/// The operation word of a cloud command (`add-iam-policy-binding`, `modify-image-attribute`,
/// `update-bucket`): the first operand joined by `-`. Removals and reads name themselves there.
fn operation<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    // Only the command path before the first option: a value or a resource's name
    // (`get-reports`) is not the operation.
    cmd.words()
        .take_while(|w| !w.starts_with('-'))
        .take(4)
        .find(|o| o.contains('-') && !o.contains(['/', ':', '.']))
}

fn takes_away(op: &str) -> bool {
    // Each verb is lowercase ASCII: a prefix of the lowercased operation exactly when the
    // operation's first bytes equal it ignoring ASCII case (no lowercased copy).
    [
        "remove", "revoke", "delete", "deny", "get", "describe", "list", "show",
    ]
    .iter()
    .any(|v| {
        op.as_bytes()
            .get(..v.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(v.as_bytes()))
    })
}

/// `gsutil iam ch -d GRANTEE` and `gsutil acl ch -d GRANTEE` take a grant away: every
/// grantee given is after `-d`, and nothing is granted beside it (no `MEMBER:ROLE` operand of
/// `iam ch`, no `-u`/`-g`/`-p` of `acl ch`). One grant on the same line keeps it a grant.
fn gsutil_removes_only(cmd: &Cmd<'_>) -> bool {
    if cmd.program != "gsutil" {
        return false;
    }
    let mut words = cmd.words().skip_while(|w| *w != "ch");
    if words.next().is_none() {
        return false;
    }
    let mut removed = false;
    let mut after_d = false;
    for w in words {
        if after_d {
            after_d = false;
            removed = true;
            continue;
        }
        match w {
            "-d" => after_d = true,
            // Another option of `ch` grants (`-u`, `-g`, `-p`, their long forms) or is unknown.
            _ if w.starts_with('-') => return false,
            // A bucket or object URL is the target; any other operand is a binding granted.
            _ if w.starts_with("gs://") => {}
            _ => return false,
        }
    }
    removed
}

fn shared_with_everyone<'c>(cmd: &Cmd<'c>, parsed: &Parsed<'c>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if PRINTERS.contains(&p) {
        return;
    }
    let (opts, operands) = (&parsed.0, &parsed.1);
    if operation(cmd).is_some_and(takes_away) || gsutil_removes_only(cmd) {
        return;
    }
    if opts.iter().any(|o| {
        o.name == "operation-type" && o.value.is_some_and(|v| v.eq_ignore_ascii_case("remove"))
    }) {
        return;
    }
    let mut what: Option<String> = None;
    for o in opts {
        if prose_option(&o.name) || removing_option(&o.name) {
            continue;
        }
        let name = &*o.name;
        // Bare flags that open a thing to everyone (s3cmd's and linode-cli's `--acl-public`,
        // RDS's `--publicly-accessible`).
        if matches!(name, "acl-public" | "publicly-accessible") && o.value.is_none_or(|v| !off(v))
            || matches!(
                name,
                "allow-blob-public-access" | "public-network-access" | "allow-public-access"
            ) && o.value.is_some_and(on)
        {
            what = Some(format!("--{name}"));
            break;
        }
        let Some(v) = o.value else { continue };
        if let Some(t) = tokens(v).find(|t| everyone(t, name)) {
            what = Some(format!("--{name} {t}"));
            break;
        }
        // Nested: `--launch-permission "Add=[{Group=all}]"`; the nearest Add/Remove before it
        // says which.
        for (key, value) in settings(v) {
            let k = key.to_ascii_lowercase();
            if everyone(&value, &k) {
                let at = v.find(&format!("{key}={value}")).unwrap_or(0);
                let before = v[..at].to_ascii_lowercase();
                let removed = match (before.rfind("remove"), before.rfind("add")) {
                    (Some(r), Some(a)) => r > a,
                    (r, _) => r.is_some(),
                };
                if !removed {
                    what = Some(format!("{key}={value}"));
                    break;
                }
            }
        }
        if what.is_some() {
            break;
        }
    }
    // Operands: B2's bucket type (`update-bucket NAME allPublic`), MinIO's anonymous access
    // (`mc anonymous set download ALIAS/bucket`).
    if what.is_none() {
        if operands.iter().any(|o| o.eq_ignore_ascii_case("allPublic")) {
            what = Some("allPublic".to_owned());
        } else if let Some(k) = operands.iter().find(|o| kubernetes_everyone(o)) {
            what = Some((*k).to_owned());
        } else if p == "mc"
            && matches!(operands.first(), Some(&"anonymous") | Some(&"policy"))
            && operands.get(1) == Some(&"set")
            && operands
                .get(2)
                .is_some_and(|a| matches!(*a, "download" | "upload" | "public"))
        {
            what = Some(format!("anonymous {}", operands[2]));
        }
    }
    if let Some(what) = what {
        out.push(finding(
            Family::Cloud,
            "cloud.shared-with-everyone",
            Severity::Verify,
            format!("{p} names everyone as the grantee ({what}): what it shares becomes public"),
        ));
    }
}

/// Options that name the networks allowed in (`--authorized-networks`, `--source-ranges`,
/// `--cidr`).
const NETWORK_OPTIONS: &[&str] = &[
    "authorized-networks",
    "source-ranges",
    "cidr",
    "cidr-ip",
    "cidr-ipv6",
    "allowed-ip-ranges",
    "ip-range",
    "source-address-prefixes",
];

/// Words of a command that name a data store (a database or cache reached from anywhere is
/// its data exposed).
const DATA_STORE_WORDS: &[&str] = &[
    "sql",
    "db",
    "database",
    "postgres",
    "mysql",
    "redis",
    "rds",
    "cosmosdb",
    "mongo",
    "elasticsearch",
    "opensearch",
    "memorystore",
    "spanner",
    "alloydb",
];

/// A network range that is the whole internet given as the networks allowed in: a data
/// store's is its data exposed (verified), anything else's is a door opened (confirmed).
fn open_to_the_internet<'c>(cmd: &Cmd<'c>, parsed: &Parsed<'c>, out: &mut Vec<Finding>) {
    let (opts, operands) = (&parsed.0, &parsed.1);
    let Some(o) = opts.iter().find(|o| {
        NETWORK_OPTIONS.contains(&&*o.name)
            && o.value.is_some_and(|v| {
                tokens(v)
                    .any(|t| matches!(t, "0.0.0.0/0" | "::/0" | "0.0.0.0-255.255.255.255" | "*"))
            })
    }) else {
        return;
    };
    let store = operands.iter().take(4).any(|w| {
        let w = w.to_ascii_lowercase();
        DATA_STORE_WORDS
            .iter()
            .any(|d| w == *d || w.split(['-', '_']).any(|part| part == *d))
    });
    out.push(finding(
        Family::Cloud,
        "cloud.open-to-the-internet",
        if store {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        format!(
            "{} --{} {}: every address on the internet is let in{}",
            cmd.program,
            o.name,
            o.value.unwrap_or(""),
            if store { ", to a data store" } else { "" }
        ),
    ));
}

/// Whether a cloud command takes access away or only reads it (`remove-iam-policy-binding`,
/// `--public-access off`): naming everyone there opens nothing.
pub fn closes_access(cmd: &Cmd<'_>) -> bool {
    let (opts, _) = options(cmd);
    if operation(cmd).is_some_and(takes_away) || gsutil_removes_only(cmd) {
        return true;
    }
    let closing = |v: &str| {
        off(v)
            || ["private", "nopublicaccess", "disabled"]
                .iter()
                .any(|c| v.eq_ignore_ascii_case(c))
    };
    let public_options: Vec<&Opt<'_>> = opts
        .iter()
        .filter(|o| o.name.starts_with("public-access"))
        .collect();
    // Only the public-access option was named, and every one closes.
    !public_options.is_empty()
        && public_options.iter().all(|o| o.value.is_some_and(closing))
        && !cmd.words().any(|w| {
            let l = w.to_ascii_lowercase();
            l.contains("allusers") || l.contains("public-read") || l == "--public"
        })
}

// ---- Kind 3: a whole-set mode that deletes what it is not given ----------------------------

/// A target or environment named local, dev or test: a rebuild there is bounded local work.
fn local_target(v: &str) -> bool {
    let v = v.to_ascii_lowercase();
    [
        "dev",
        "local",
        "test",
        "sandbox",
        "development",
        "ci",
        "scratch",
    ]
    .iter()
    .any(|t| v == *t || v.starts_with(&format!("{t}_")) || v.starts_with(&format!("{t}-")))
}

fn production_target(v: &str) -> bool {
    let v = v.to_ascii_lowercase();
    ["prod", "production", "prd", "live"]
        .iter()
        .any(|t| v == *t || v.starts_with(&format!("{t}_")) || v.starts_with(&format!("{t}-")))
}

fn whole_set<'c>(cmd: &Cmd<'c>, parsed: &Parsed<'c>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let (opts, operands) = (&parsed.0, &parsed.1);
    let path: Vec<&str> = cmd.words().take_while(|w| !w.starts_with('-')).collect();
    let mut push = |family, code, severity, message: String| {
        out.push(finding(family, code, severity, message));
    };
    // An ARM deployment in Complete mode deletes every resource of its scope the template
    // does not name (`az deployment group create --mode Complete`, PowerShell's
    // `New-AzResourceGroupDeployment -Mode Complete`). A preview (`what-if`, `validate`,
    // `Test-Az...`) changes nothing.
    let complete = opts
        .iter()
        .any(|o| o.name == "mode" && o.value.is_some_and(|v| v.eq_ignore_ascii_case("complete")));
    let preview = path
        .iter()
        .any(|w| matches!(*w, "what-if" | "validate" | "show" | "list" | "export"))
        || p.starts_with("test-")
        || p.starts_with("get-");
    if complete && !preview && (p == "az" || p.contains("deployment")) {
        push(
            Family::Infrastructure,
            "infrastructure.complete-mode",
            Severity::Verify,
            format!(
                "{p} deploys in Complete mode: every resource the template does not name is deleted"
            ),
        );
    }
    // `--full-refresh` drops and rebuilds incremental models or tables (dbt, meltano): the
    // data built so far is gone. A named local or dev target is bounded local work.
    if opts.iter().any(|o| o.name == "full-refresh") {
        let target = opts
            .iter()
            .rev()
            .find(|o| {
                matches!(&*o.name, "target" | "environment" | "env") || o.name == "t" && p == "dbt"
            })
            .and_then(|o| o.value);
        if !target.is_some_and(local_target) {
            let prod = target.is_some_and(production_target);
            push(
                Family::Database,
                "database.full-refresh",
                if prod {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!(
                    "{p} --full-refresh{}: drops the built tables and rebuilds them from scratch",
                    target.map(|t| format!(" on {t}")).unwrap_or_default()
                ),
            );
        }
    }
    // `git read-tree -u --reset` replaces the index and the working tree with a tree:
    // uncommitted changes are lost, as with `reset --hard`; `checkout-index -f -a` likewise.
    if p == "git" {
        let sub = operands.first().copied().unwrap_or("");
        let has = |n: &str| opts.iter().any(|o| o.name == n);
        let letters = |c: char| {
            opts.iter()
                .any(|o| o.name.len() <= 4 && !o.name.contains('-') && o.name.contains(c))
        };
        if sub == "read-tree" && has("reset") && letters('u')
            || sub == "checkout-index"
                && (has("force") || letters('f'))
                && (has("all") || letters('a'))
        {
            push(
                Family::Git,
                "git.worktree-overwritten",
                Severity::Confirm,
                format!("git {sub} overwrites the working tree: uncommitted changes are lost"),
            );
        }
    }
    // A mirror that removes at the destination what the source lacks (`mc mirror --remove`,
    // `s3cmd sync --delete-removed`, `s5cmd sync --delete`): a remote destination loses it.
    // rsync, rclone, robocopy, azcopy and gsutil have their own readers.
    let mirrors = path.iter().any(|w| matches!(*w, "sync" | "mirror"));
    let removes = opts.iter().any(|o| {
        matches!(
            &*o.name,
            "remove"
                | "delete"
                | "delete-removed"
                | "delete-destination"
                | "delete-unmatched-destination-objects"
                | "delete-excluded"
                | "delete-after"
                | "delete-before"
                | "delete-during"
                | "purge"
        ) && o.value.is_none_or(|v| !off(v) || v.contains(['/', ':']))
    });
    if mirrors
        && removes
        && !matches!(p, "rsync" | "rclone" | "robocopy" | "azcopy" | "gsutil")
        && let Some(dest) = operands.last()
    {
        let remote = dest.contains("://")
            || dest.contains(':') && !dest.starts_with('/')
            || p == "mc" && !dest.starts_with(['.', '/', '~']);
        if remote {
            push(
                Family::Cloud,
                "cloud.mirror-delete",
                Severity::Confirm,
                format!("{p} mirrors with deletion: what the source lacks is deleted at {dest}"),
            );
        }
    }
    // `--prune` on a deploy: what the files no longer name is deleted from the live set
    // (`kpt live apply --prune`, `kubecfg update --prune`). kubectl, oc, argocd and git have
    // their own readers; a package manager's environment update is local.
    let prune = opts
        .iter()
        .any(|o| o.name == "prune" && o.value.is_none_or(|v| !off(v)));
    let deploys = path.iter().any(|w| {
        matches!(
            *w,
            "apply" | "sync" | "deploy" | "reconcile" | "update" | "up"
        )
    });
    if prune
        && deploys
        && !matches!(
            p,
            "kubectl" | "oc" | "argocd" | "git" | "conda" | "mamba" | "micromamba" | "docker"
        )
    {
        push(
            Family::Infrastructure,
            "infrastructure.prune",
            Severity::Confirm,
            format!("{p} --prune: live resources its files no longer name are deleted"),
        );
    }
    // A rollback of every migration (`mix ecto.rollback --all`, `migrate:rollback --all`).
    if operands.first().is_some_and(|o| o.contains("rollback"))
        && opts.iter().any(|o| o.name == "all")
    {
        push(
            Family::Database,
            "database.rollback-all",
            Severity::Confirm,
            format!("{p} rolls every migration back: the tables they made are dropped"),
        );
    }
    // `rails db:migrate VERSION=0` runs every migration down: the tables they made are gone.
    if matches!(p, "rails" | "rake")
        && operands.contains(&"db:migrate")
        && operands
            .iter()
            .chain(
                cmd.assignments
                    .iter()
                    .map(|a| &**a)
                    .collect::<Vec<_>>()
                    .iter(),
            )
            .any(|w| w.eq_ignore_ascii_case("VERSION=0"))
    {
        push(
            Family::Database,
            "database.migrate-to-zero",
            Severity::Confirm,
            format!(
                "{p} db:migrate VERSION=0 undoes every migration: the tables they made are dropped"
            ),
        );
    }
    // A migration run to version 0 by a target option (Sequel's `-m DIR -M 0`, sqlx's `migrate
    // revert --target-version 0`, a migrator's `--to 0` / `--target 0`): every migration runs
    // down, as with `VERSION=0`.
    let migrates = super::classes::of(p) == Some(super::classes::Class::Migrator)
        || p == "sequel" && opts.iter().any(|o| o.name == "m" && o.value != Some("0"))
        || p == "sqlx" && operands.first() == Some(&"migrate");
    let to_zero = opts.iter().any(|o| {
        matches!(
            &*o.name,
            "m" | "target-version" | "target" | "to" | "to-version"
        ) && o.value == Some("0")
    });
    if migrates && to_zero {
        push(
            Family::Database,
            "database.migrate-to-zero",
            Severity::Confirm,
            format!(
                "{p} migrates to version 0: every migration runs down, the tables they made are dropped"
            ),
        );
    }
}

// ---- Kind 4: a flag that makes a system program act at once --------------------------------

fn at_once<'c>(cmd: &Cmd<'c>, parsed: &Parsed<'c>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let (opts, operands) = (&parsed.0, &parsed.1);
    let has = |names: &[&str]| opts.iter().any(|o| names.contains(&&*o.name));
    let what: Option<String> = match p {
        // kexec(8): -e jumps into the loaded kernel now; -f loads and jumps without a clean
        // shutdown; a kernel given with no mode (-l, -p, -u, -S) is loaded and booted.
        "kexec" if has(&["e", "exec"]) => Some("kexec -e jumps into the loaded kernel now: every process ends without a clean shutdown".to_owned()),
        "kexec" if has(&["f", "force"]) => Some("kexec -f boots another kernel at once, without a shutdown".to_owned()),
        "kexec"
            if !has(&["l", "load", "p", "load-panic", "u", "unload", "s", "status", "h", "help", "v", "version"])
                && !operands.is_empty() =>
        {
            Some("kexec with a kernel and no -l loads it and reboots into it".to_owned())
        }
        // ipmitool(1): `[chassis] power off|cycle|reset|soft|diag` acts on the machine through
        // its BMC at once.
        "ipmitool" | "ipmipower" => operands
            .windows(2)
            .find(|w| w[0] == "power" && matches!(w[1], "off" | "cycle" | "reset" | "soft" | "diag"))
            .map(|w| format!("{p} power {} acts on the machine's power at once", w[1]))
            .or_else(|| {
                has(&["off", "cycle", "reset", "pulse"])
                    .then(|| format!("{p} switches the machine's power at once"))
            }),
        "racadm" => operands
            .windows(2)
            .find(|w| {
                w[0].eq_ignore_ascii_case("serveraction")
                    && matches!(
                        w[1].to_ascii_lowercase().as_str(),
                        "powerdown" | "powercycle" | "hardreset" | "graceshutdown" | "graceshutdownandrestart"
                    )
            })
            .map(|w| format!("racadm serveraction {} acts on the machine's power at once", w[1])),
        // openrc-shutdown(8): -p poweroff, -r reboot, -H halt, -k kexec.
        "openrc-shutdown" if has(&["p", "poweroff", "r", "reboot", "h", "halt", "k", "kexec"]) => {
            Some("openrc-shutdown takes the machine down".to_owned())
        }
        // logind's PowerOff / Reboot / Halt / KExec called over D-Bus.
        "busctl" | "dbus-send" | "gdbus" | "qdbus"
            if cmd.words().any(|w| w.contains("login1")) =>
        {
            cmd.words()
                .find_map(|w| {
                    let method = w.rsplit(['.', ' ']).next().unwrap_or(w);
                    matches!(
                        method,
                        "PowerOff" | "Reboot" | "Halt" | "KExec" | "PowerOffWithFlags" | "RebootWithFlags" | "HaltWithFlags"
                    )
                    .then(|| format!("{p} calls logind's {method}: the machine goes down"))
                })
        }
        _ => None,
    };
    if let Some(what) = what {
        out.push(finding(
            Family::System,
            "system.acts-at-once",
            Severity::Verify,
            what,
        ));
    }
}
