//! The less common options and operands of common programs whose effect is a loss, an
//! overwrite or a credential that outlives its use, read by the value they are given (what a
//! row of [`super::reference_forms`]'s tables cannot say: a lifetime's length, a file's place,
//! what feeds a prompt):
//!
//! - **a credential made to outlive its use**: a token, key or certificate minted with a long
//!   or unbounded lifetime (`kubeadm token create --ttl 0`, `kubectl create token --duration
//!   8760h`, `ssh-keygen -s CA -V forever`, `az ad sp credential reset --years 50`, `chage -M
//!   99999`). One table of programs, their command path, the option that sets the lifetime and
//!   its unit; 30 days and more is confirmed, a year and more (or never) verified;
//! - (an output option aimed at a system file, `sort -o /etc/group`, is a write read by
//!   [`super::writes::output_file`];)
//! - **a key overwritten by an answered prompt**: `ssh-keygen -f` of a key in `~/.ssh` or
//!   `/etc/ssh` with its "Overwrite (y/n)?" answered by a pipe or a here-string;
//! - **an archiver that deletes what it archived** (`tar --remove-files`, `zip -m`, `7z
//!   -sdel`, `rar m`, `zstd --rm`), graded by the place of what it removes: a build or temporary
//!   directory goes ahead, a data or system directory is verified;
//! - **an archive unpacked over a system directory** with overwriting forced (`unzip -o -d
//!   /usr/lib`, `7z x -aoa -o/etc`);
//! - **the system's own Python packages** changed past its guard (`sudo pip uninstall -y`,
//!   `--break-system-packages`);
//! - **a byte range cut out of a file in place** (`fallocate --collapse-range`, `-p`).
//!
//! Each reader is reached through one match on the program's name: most commands stop there.
//! Nothing here lowers a verdict: a reader adds a finding or stays silent, and a place that
//! keeps it silent (a build directory, a short lifetime) is read per operand, so a throwaway
//! operand beside a real one does not hide the real one.
//!
//! The facts come from the programs' references (man pages and CLI references).

use super::{Cmd, finding, paths, reference_forms};
use crate::finding::{Family, Finding, Severity};
use crate::shell::RedirectKind;

/// Judges one command by the option readers its program has.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if let Some(rows) = lifetimes(p) {
        lifetime(cmd, rows, out);
    }
    match p {
        "ssh-keygen" => answered_overwrite(cmd, out),
        "tar" | "bsdtar" | "gtar" | "zip" | "7z" | "7za" | "7zz" | "7zr" | "rar" | "zstd"
        | "pzstd" | "lz4" => {
            removes_sources(cmd, out);
            unpacks_over_system(cmd, out);
        }
        "unzip" | "unrar" => unpacks_over_system(cmd, out),
        "pip" | "pip3" => system_python(cmd, out),
        "fallocate" => range_cut(cmd, out),
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------------
// A credential made to outlive its use.

const MINUTE: u64 = 60;
const HOUR: u64 = 3_600;
const DAY: u64 = 86_400;
const YEAR: u64 = 365 * DAY;

/// One way a program sets a credential's lifetime.
struct Lifetime {
    /// The command path, matched word by word (any case) among the first operands.
    path: &'static [&'static str],
    /// The options that carry the lifetime (`--ttl 0`, `--ttl=0`, `-ttl=9000h`).
    options: &'static [&'static str],
    /// Seconds in one unit of a bare number (`--years 5`, `--lifetime-seconds 600`).
    unit: u64,
    /// Values that mean the credential never expires.
    never: &'static [&'static str],
    /// From this lifetime on, confirmed.
    long: u64,
    /// From this lifetime on, verified (None: confirmed at most).
    permanent: Option<u64>,
    /// What the credential is.
    what: &'static str,
}

/// An identity token or key: a month is long, a year is as good as permanent.
const fn token(
    path: &'static [&'static str],
    options: &'static [&'static str],
    unit: u64,
    never: &'static [&'static str],
    what: &'static str,
) -> Lifetime {
    Lifetime {
        path,
        options,
        unit,
        never,
        long: 30 * DAY,
        permanent: Some(YEAR),
        what,
    }
}

impl Lifetime {
    const fn at(self, long: u64, permanent: Option<u64>) -> Lifetime {
        Lifetime {
            long,
            permanent,
            ..self
        }
    }
}

/// The lifetime rows of a program.
fn lifetimes(program: &str) -> Option<&'static [Lifetime]> {
    Some(match program {
        "kubectl" | "oc" => KUBECTL_TOKENS,
        "kubeadm" => KUBEADM_TOKENS,
        "k3s" | "rke2" => K3S_TOKENS,
        "vault" | "bao" => VAULT_TOKENS,
        "nomad" => NOMAD_TOKENS,
        "tctl" => TELEPORT_TOKENS,
        "ssh-keygen" => SSH_CERTIFICATES,
        "az" => AZURE_CREDENTIALS,
        "fly" | "flyctl" => FLY_TOKENS,
        "databricks" => DATABRICKS_TOKENS,
        "glab" => GITLAB_TOKENS,
        "heroku" => HEROKU_TOKENS,
        "step" => STEP_CERTIFICATES,
        "aws" => AWS_SESSIONS,
        "chage" | "passwd" => PASSWORD_AGES,
        _ => return None,
    })
}

// kubectl-create-token(1): --duration, 1h by default, a Go duration.
const KUBECTL_TOKENS: &[Lifetime] = &[token(
    &["create", "token"],
    &["--duration"],
    1,
    &[],
    "a service account token",
)];
// kubeadm-token(1), kubeadm-init(1): a bootstrap token joins machines to the cluster; a TTL
// of 0 never expires.
const KUBEADM_TOKENS: &[Lifetime] = &[
    token(
        &["token", "create"],
        &["--ttl"],
        1,
        &["0", "0s"],
        "a bootstrap token that joins machines to the cluster",
    ),
    token(
        &["init"],
        &["--token-ttl"],
        1,
        &["0", "0s"],
        "the cluster's bootstrap token (joins machines to it)",
    ),
];
const K3S_TOKENS: &[Lifetime] = &[token(
    &["token", "create"],
    &["--ttl"],
    1,
    &["0", "0s"],
    "a bootstrap token that joins machines to the cluster",
)];
// vault token create: -ttl, -explicit-max-ttl, and -period (a periodic token renews for ever).
const VAULT_TOKENS: &[Lifetime] = &[token(
    &["token", "create"],
    &[
        "-ttl",
        "--ttl",
        "-period",
        "--period",
        "-explicit-max-ttl",
        "--explicit-max-ttl",
    ],
    1,
    &[],
    "a Vault token",
)];
const NOMAD_TOKENS: &[Lifetime] = &[token(
    &["acl", "token", "create"],
    &["-ttl", "--ttl"],
    1,
    &[],
    "a Nomad ACL token",
)];
// tctl: join tokens and identity files signed by the cluster's certificate authority.
const TELEPORT_TOKENS: &[Lifetime] = &[
    token(
        &["tokens", "add"],
        &["--ttl"],
        1,
        &[],
        "a Teleport join token",
    ),
    token(
        &["auth", "sign"],
        &["--ttl"],
        1,
        &[],
        "a Teleport identity certificate",
    ),
];
// ssh-keygen -s CA -V: the validity of a certificate the CA signs (`+52w`, `forever`,
// `always:forever`, `-1d:+520w`: the end is what counts).
const SSH_CERTIFICATES: &[Lifetime] = &[token(
    &[],
    &["-V"],
    1,
    &["forever", "always:forever"],
    "an SSH certificate signed by the CA",
)];
// az ad sp credential reset / create-for-rbac: --years, 1 by default.
const AZURE_CREDENTIALS: &[Lifetime] = &[
    token(
        &["ad", "sp", "credential", "reset"],
        &["--years"],
        YEAR,
        &[],
        "a service principal's secret",
    )
    .at(2 * YEAR, Some(10 * YEAR)),
    token(
        &["ad", "app", "credential", "reset"],
        &["--years"],
        YEAR,
        &[],
        "an application's secret",
    )
    .at(2 * YEAR, Some(10 * YEAR)),
    token(
        &["ad", "sp", "create-for-rbac"],
        &["--years"],
        YEAR,
        &[],
        "a service principal's secret",
    )
    .at(2 * YEAR, Some(10 * YEAR)),
];
const FLY_TOKENS: &[Lifetime] = &[token(
    &["tokens", "create"],
    &["--expiry", "-x"],
    1,
    &[],
    "a Fly.io access token",
)];
const DATABRICKS_TOKENS: &[Lifetime] = &[token(
    &["tokens", "create"],
    &["--lifetime-seconds"],
    1,
    &[],
    "a Databricks personal access token",
)];
const GITLAB_TOKENS: &[Lifetime] = &[token(
    &["token", "create"],
    &["--duration", "-D"],
    HOUR,
    &[],
    "a GitLab access token",
)];
const HEROKU_TOKENS: &[Lifetime] = &[token(
    &["authorizations:create"],
    &["--expires-in", "-e"],
    1,
    &[],
    "a Heroku API token",
)];
// step ca certificate --not-after: a certificate from the organisation's CA.
const STEP_CERTIFICATES: &[Lifetime] = &[token(
    &["ca", "certificate"],
    &["--not-after"],
    1,
    &[],
    "a certificate from the organisation's CA",
)
.at(366 * DAY, None)];
// aws iam update-role / create-role --max-session-duration: 1 hour by default, 12 at most.
const AWS_SESSIONS: &[Lifetime] = &[token(
    &["iam", "update-role|create-role"],
    &["--max-session-duration"],
    1,
    &[],
    "every session of the role",
)
.at(4 * HOUR, None)];
// chage(1) -M / passwd(1) -x: the password's maximum age; chage -E -1: the account never
// expires.
const PASSWORD_AGES: &[Lifetime] = &[
    token(
        &[],
        &["-M", "--maxdays", "-x"],
        DAY,
        &["-1"],
        "a login password",
    )
    .at(3650 * DAY, None),
    token(
        &[],
        &["-E", "--expiredate"],
        DAY,
        &["-1"],
        "a login account",
    )
    .at(u64::MAX, None),
];

/// The first lifetime row the command matches, graded.
fn lifetime(cmd: &Cmd<'_>, rows: &[Lifetime], out: &mut Vec<Finding>) {
    for row in rows {
        if !on_path(cmd, row.path) {
            continue;
        }
        let Some(value) = option_value(cmd, row.options) else {
            continue;
        };
        let seconds = if row.never.iter().any(|n| value.eq_ignore_ascii_case(n)) {
            u64::MAX
        } else {
            // ssh-keygen's `FROM:TO`: the end is what counts.
            let end = value.rsplit(':').next().unwrap_or(value);
            if row.never.iter().any(|n| end.eq_ignore_ascii_case(n)) {
                u64::MAX
            } else {
                let Some(s) = seconds(end, row.unit) else {
                    continue;
                };
                s
            }
        };
        if seconds < row.long {
            continue;
        }
        let severity = match row.permanent {
            Some(p) if seconds >= p => Severity::Verify,
            _ => Severity::Confirm,
        };
        let lasts = if seconds == u64::MAX {
            "never expires".to_owned()
        } else {
            format!("lasts {}", human(seconds))
        };
        out.push(finding(
            Family::Secrets,
            "secrets.long-lived-credential",
            severity,
            format!(
                "{} ({value}) makes {} that {lasts}: whoever holds it keeps the access",
                shown(cmd),
                row.what
            ),
        ));
        return;
    }
}

/// Whether the command path's words stand consecutively among the first operands (global
/// options' values may come first: `kubectl -n kube-system create token`).
fn on_path(cmd: &Cmd<'_>, path: &[&str]) -> bool {
    if path.is_empty() {
        return true;
    }
    let mut first = [""; 6];
    let mut n = 0;
    for w in cmd.operands(&[]) {
        if n == first.len() {
            break;
        }
        first[n] = w;
        n += 1;
    }
    let first = &first[..n];
    first.windows(path.len()).any(|win| {
        win.iter()
            .zip(path)
            .all(|(w, want)| want.split('|').any(|s| w.eq_ignore_ascii_case(s)))
    })
}

/// The value of one of `names`, spelled `NAME VALUE` or `NAME=VALUE` (one dash or two, as the
/// program spells it).
pub(crate) fn option_value<'c>(cmd: &Cmd<'c>, names: &[&str]) -> Option<&'c str> {
    let mut it = cmd.args.iter();
    while let Some(a) = it.next() {
        let a: &'c str = a;
        for n in names {
            if a == *n {
                return it.next().map(|v| &**v);
            }
            if let Some(v) = a.strip_prefix(n).and_then(|v| v.strip_prefix('=')) {
                return Some(v);
            }
        }
    }
    None
}

/// Seconds in a lifetime as written: a Go or Vault duration (`8760h`, `1h30m`, `30d`), an
/// ssh-keygen interval (`+520w`), a bare number in `unit`. None when it cannot be read (a
/// date, a fraction): the row stays silent, as it would without the option.
fn seconds(value: &str, unit: u64) -> Option<u64> {
    let v = value.trim().trim_start_matches('+');
    let b = v.as_bytes();
    if b.is_empty() {
        return None;
    }
    let mut total: u64 = 0;
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if start == i {
            return None;
        }
        let n: u64 = v[start..i].parse().ok()?;
        let unit_start = i;
        while i < b.len() && b[i].is_ascii_alphabetic() {
            i += 1;
        }
        let per = match &v[unit_start..i] {
            "" => unit,
            "s" => 1,
            "m" | "min" => MINUTE,
            "h" => HOUR,
            "d" => DAY,
            "w" => 7 * DAY,
            "y" => YEAR,
            "ms" | "us" | "ns" => 0,
            _ => return None,
        };
        total = total.saturating_add(n.saturating_mul(per));
    }
    Some(total)
}

/// A lifetime in the largest whole unit a person reads (`2 years`, `40 days`, `12 hours`).
fn human(seconds: u64) -> String {
    let (n, unit) = if seconds >= YEAR {
        (seconds / YEAR, "year")
    } else if seconds >= DAY {
        (seconds / DAY, "day")
    } else {
        (seconds / HOUR, "hour")
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// The program and its first arguments, as a message shows them.
fn shown(cmd: &Cmd<'_>) -> String {
    let mut s = String::from(cmd.program);
    for w in cmd.args.iter().take(4) {
        s.push(' ');
        s.push_str(w);
    }
    crate::cut(&s, 80).to_owned()
}

// ---------------------------------------------------------------------------------------------
// A key overwritten by an answered prompt.

/// `ssh-keygen -f KEY` generating a key where one may stand: it asks "Overwrite (y/n)?", and a
/// pipe or a here-string answers it; the old key, and every login or deploy made with it, is
/// gone. Generation only: signing, printing, converting and known_hosts edits write no key.
fn answered_overwrite(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if cmd.flag(b"sylFRLeipcDKkQrA", &[]) {
        return;
    }
    let Some(key) = option_value(cmd, &["-f"]).or_else(|| cmd.bundled_value(b'f')) else {
        return;
    };
    let answered = cmd.piped_in
        || cmd.redirects.iter().any(|r| {
            matches!(r.kind, RedirectKind::HereString | RedirectKind::HereDoc)
                && r.target.trim_start().starts_with(['y', 'Y'])
        });
    if !answered {
        return;
    }
    let home = paths::home_relative(key);
    let host_key = key.starts_with("/etc/ssh/");
    if !host_key && !home.is_some_and(|h| h.starts_with(".ssh/")) {
        return;
    }
    let name = paths::file_name(key).to_ascii_lowercase();
    let shared = host_key
        || ["prod", "deploy", "release", "signing", "ci", "live"]
            .iter()
            .any(|w| name.contains(w));
    out.push(finding(
        Family::Secrets,
        "secrets.key-overwritten",
        if shared {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        format!(
            "ssh-keygen overwrites {key} with a new key (its overwrite prompt answered): \
             the old key and every login made with it are gone"
        ),
    ));
}

// ---------------------------------------------------------------------------------------------
// Archivers: sources deleted once archived, archives unpacked over the system.

/// The files an archiver deletes once they are in the archive (`tar --remove-files`, `zip -m`,
/// `7z a -sdel`, `rar m` / `-df`, `zstd --rm`), each graded by its place.
fn removes_sources(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let operands: Vec<&str> = match cmd.program {
        "tar" | "bsdtar" | "gtar" if cmd.has(&["--remove-files"]) => {
            // The archive: `-f A`, `-czf A`, or old-style `tar czf A ...` (letters, no dash).
            let first = cmd.args.first().map(|a| &**a).unwrap_or("");
            let old_style = !first.starts_with('-')
                && first.bytes().all(|b| b.is_ascii_alphabetic())
                && first.contains('f');
            let archive = cmd
                .value(&["-f", "--file"])
                .or_else(|| cmd.bundled_value(b'f'))
                .or_else(|| old_style.then(|| cmd.args.get(1).map(|a| &**a)).flatten());
            cmd.operands(&["-f", "--file", "-C", "--directory", "-T", "--exclude"])
                .enumerate()
                .filter(|&(i, o)| Some(o) != archive && !(i == 0 && old_style && o == first))
                .map(|(_, o)| o)
                .collect()
        }
        "zip" if cmd.flag(b"m", &["move"]) => {
            cmd.operands(&["-x", "-i", "-b", "-n"]).skip(1).collect()
        }
        "7z" | "7za" | "7zz" | "7zr" if cmd.words().any(|w| w.eq_ignore_ascii_case("-sdel")) => {
            cmd.operands(&[]).skip(2).collect()
        }
        "rar"
            if cmd
                .operands(&[])
                .next()
                .is_some_and(|c| matches!(c, "m" | "mf"))
                || cmd.words().any(|w| w == "-df") =>
        {
            cmd.operands(&[]).skip(2).collect()
        }
        "zstd" | "pzstd" | "lz4" if cmd.has(&["--rm"]) => {
            cmd.operands(&["-o", "--output-dir-flat"]).collect()
        }
        _ => return,
    };
    let mut worst: Option<(Severity, &str)> = None;
    for o in operands {
        let severity = match paths::scope(o) {
            paths::Scope::Disposable => continue,
            paths::Scope::Catastrophic => Severity::Verify,
            _ => Severity::Confirm,
        };
        if worst.is_none_or(|(w, _)| severity > w) {
            worst = Some((severity, o));
        }
    }
    if let Some((severity, source)) = worst {
        out.push(finding(
            Family::Filesystem,
            "filesystem.archive-removes",
            severity,
            format!(
                "{} deletes {source} once archived: if the archive is bad or lost, so are the files",
                cmd.program
            ),
        ));
    }
}

/// An archive unpacked over `/` or a system directory with overwriting forced (`unzip -o -d
/// /usr/lib`, `7z x -aoa -o/etc`, `unrar x -o+ A /etc/`): the system's files are replaced
/// without a question.
fn unpacks_over_system(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let first = cmd.operands(&[]).next().unwrap_or("");
    let dir = match cmd.program {
        "unzip" if cmd.flag(b"o", &[]) => cmd.value(&["-d"]),
        "7z" | "7za" | "7zz" | "7zr"
            if matches!(first, "x" | "e") && cmd.words().any(|w| w == "-aoa") =>
        {
            cmd.words()
                .find_map(|w| w.strip_prefix("-o").filter(|d| !d.is_empty()))
        }
        "unrar" | "rar" if matches!(first, "x" | "e") && cmd.words().any(|w| w == "-o+") => {
            cmd.operands(&[]).nth(2)
        }
        _ => None,
    };
    let Some(dir) = dir.filter(|d| reference_forms::system_directory(d)) else {
        return;
    };
    out.push(finding(
        Family::Filesystem,
        "filesystem.extract-over-system",
        Severity::Verify,
        format!(
            "{} unpacks over {dir}, overwriting without asking: the archive's files replace the system's",
            cmd.program
        ),
    ));
}

// ---------------------------------------------------------------------------------------------
// The system's own Python packages.

/// pip run as root on the system's Python (`sudo pip uninstall -y`, `--ignore-installed`), or
/// told to pass the system's guard (`--break-system-packages`, PEP 668): the packages the
/// distribution's own tools need are removed or replaced under its package manager.
fn system_python(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let verb = cmd.operands(&[]).next().unwrap_or("");
    if !matches!(verb, "install" | "uninstall") {
        return;
    }
    let as_root = cmd
        .prefix
        .iter()
        .any(|w| matches!(&**w, "sudo" | "doas" | "run0" | "pkexec"));
    let past_guard = cmd.has(&["--break-system-packages"]);
    let replaces = verb == "uninstall" && cmd.flag(b"y", &["yes"])
        || verb == "install" && cmd.has(&["--ignore-installed", "--force-reinstall"]);
    if !(past_guard || as_root && replaces) {
        return;
    }
    out.push(finding(
        Family::System,
        "system.system-python",
        Severity::Confirm,
        format!(
            "{} {verb} changes the system's own Python packages under its package manager: \
             the distribution's tools that need them can break",
            cmd.program
        ),
    ));
}

// ---------------------------------------------------------------------------------------------
// A byte range cut out of a file in place.

/// fallocate(1)'s `--punch-hole`, `--collapse-range`, `--zero-range`, `--insert-range`: the
/// file's bytes in the range are gone or shifted, in place (`--dig-holes` keeps the data;
/// plain preallocation adds space).
fn range_cut(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if !cmd.flag(
        b"pczi",
        &["punch-hole", "collapse-range", "zero-range", "insert-range"],
    ) {
        return;
    }
    let Some(file) = cmd
        .operands(&["-o", "--offset", "-l", "--length"])
        .find(|f| paths::scope(f) != paths::Scope::Disposable)
    else {
        return;
    };
    out.push(finding(
        Family::Filesystem,
        "filesystem.range-cut",
        Severity::Confirm,
        format!("fallocate cuts or zeroes a byte range of {file} in place: those bytes are gone"),
    ));
}
