//! The operating system's and the directory's own credential stores: copying the Windows
//! account hives (`reg save HKLM\SAM`), a memory dump of the logon service (`procdump -ma
//! lsass`, `comsvcs.dll MiniDump`), the domain controller's database (`ntdsutil ... ifm`,
//! `ntds.dit` copied out of a shadow copy), the tools made only to extract credentials
//! (`mimikatz`, `secretsdump`, `pypykatz`, `lazagne`), and directory queries that ask for a
//! password attribute (`ldapsearch ... userPassword`, `Get-ADComputer -Properties
//! ms-Mcs-AdmPwd`, `samba-tool user getpassword`).
//!
//! # Why these are graded apart from reading one secret
//!
//! Reading one credential file is a read of one secret (confirm). These hold every account's
//! secret at once: a domain's hashes, every logged-on user's tickets, every local administrator
//! password the directory manages. Whoever holds the copy holds the organisation, so a copy is
//! verified; a directory query for one password attribute reads secrets of whatever the filter
//! matches and is confirmed as a read (sending it on is judged as sending a secret).
//!
//! The words are compared with backslashes removed, so `HKLM\SAM` quoted (`HKLM\SAM`) and
//! unquoted (the POSIX reading drops the backslash: `HKLMSAM`) are the same hive.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// Programs whose only purpose is extracting credentials from a system, a dump or a domain.
const EXTRACTORS: &[&str] = &[
    "mimikatz",
    "secretsdump.py",
    "secretsdump",
    "impacket-secretsdump",
    "pypykatz",
    "lsassy",
    "lazagne",
    "nanodump",
    "safetykatz",
    "sharpkatz",
    "gsecdump",
    "pwdump",
    "fgdump",
    "quarkspwdump",
];

/// Directory attributes that hold a password, its hash or a managed account's key
/// (OpenLDAP, Active Directory, Samba, FreeIPA, Windows LAPS), folded to lowercase.
const PASSWORD_ATTRIBUTES: &[&str] = &[
    "userpassword",
    "unicodepwd",
    "ms-mcs-admpwd",
    "mslaps-password",
    "mslaps-encryptedpassword",
    "mslaps-encrypteddsrmpassword",
    "msds-managedpassword",
    "sambantpassword",
    "sambalmpassword",
    "krbprincipalkey",
    "ipanthash",
    "ntpwdhistory",
    "lmpwdhistory",
    "dbcspwd",
    "supplementalcredentials",
    "virtualcleartextutf8",
    "virtualcleartextutf16",
];

/// Programs that query a directory and print the attributes named in their arguments.
const DIRECTORY_QUERIES: &[&str] = &[
    "ldapsearch",
    "ldbsearch",
    "dsquery",
    "adfind",
    "get-aduser",
    "get-adcomputer",
    "get-adserviceaccount",
    "get-adobject",
    "ldapdomaindump",
];

/// Registry hives that hold the local accounts' hashes and the keys that decrypt them.
const ACCOUNT_HIVES: &[&str] = &[
    "hklmsam",
    "hklmsecurity",
    "hklmsystem",
    "hkey_local_machinesam",
    "hkey_local_machinesecurity",
    "hkey_local_machinesystem",
];

fn folded(w: &str) -> String {
    w.chars()
        .filter(|c| *c != '\\')
        .flat_map(char::to_lowercase)
        .collect()
}

fn names_logon_service(w: &str) -> bool {
    let w = folded(w);
    let name = w.rsplit(['/', ':']).next().unwrap_or(&w);
    name == "lsass" || name == "lsass.exe"
}

fn push(out: &mut Vec<Finding>, code: &'static str, severity: Severity, msg: String) {
    out.push(finding(Family::Secrets, code, severity, msg));
}

/// Judges one command against the system's and the directory's credential stores.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let args = cmd.args;
    // `python3 secretsdump.py ...`: the script is the program.
    let script = p
        .starts_with("python")
        .then(|| args.first())
        .flatten()
        .map(|a| super::program_name(a));
    if let Some(extractor) = script.filter(|s| EXTRACTORS.contains(s)) {
        push(
            out,
            "secrets.credential-dump",
            Severity::Verify,
            format!("{extractor} extracts the credentials of every account it reaches"),
        );
        return;
    }
    if EXTRACTORS.contains(&p) {
        push(
            out,
            "secrets.credential-dump",
            Severity::Verify,
            format!("{p} extracts the credentials of every account it reaches"),
        );
        return;
    }
    match p {
        "reg" => {
            let save = args.first().is_some_and(|a| {
                a.eq_ignore_ascii_case("save") || a.eq_ignore_ascii_case("export")
            });
            if let Some(hive) = args
                .iter()
                .skip(1)
                .find(|a| ACCOUNT_HIVES.contains(&folded(a).as_str()))
                && save
            {
                push(
                    out,
                    "secrets.credential-dump",
                    Severity::Verify,
                    format!("reg copies the {hive} hive: the local accounts' password hashes"),
                );
            }
        }
        "procdump" | "procdump64" | "createdump" if args.iter().any(|a| names_logon_service(a)) => {
            push(
                out,
                "secrets.credential-dump",
                Severity::Verify,
                format!("{p} dumps the memory of lsass, which holds logged-on users' credentials"),
            );
        }
        "rundll32" => {
            let joined = folded(&args.join(" "));
            if joined.contains("comsvcs") && joined.contains("minidump") {
                push(
                    out,
                    "secrets.credential-dump",
                    Severity::Verify,
                    "rundll32 runs comsvcs.dll MiniDump, the way the logon service's memory \
                     is dumped"
                        .into(),
                );
            }
        }
        "ntdsutil"
            if args.iter().any(|a| {
                let a = folded(a);
                a == "ifm" || a.starts_with("ifm ") || a.contains("create full")
            }) =>
        {
            push(
                out,
                "secrets.credential-dump",
                Severity::Verify,
                "ntdsutil writes an install-from-media copy of the domain database: every \
                 account's password hash"
                    .into(),
            );
        }
        "samba-tool"
            if args.first().is_some_and(|a| a == "user")
                && args.get(1).is_some_and(|a| {
                    matches!(
                        a.as_ref(),
                        "getpassword" | "syncpasswords" | "get-kerberos-ticket"
                    )
                }) =>
        {
            push(
                out,
                "secrets.read",
                Severity::Confirm,
                format!("samba-tool user {} reads an account's password", args[1]),
            );
        }
        _ if DIRECTORY_QUERIES.contains(&p) => {
            let asked = args.iter().find_map(|a| {
                // `-Properties a,b`, `-attr a b`, ldapsearch's trailing attribute list; a
                // filter that only tests an attribute (`(userPassword=*)`) asks for none.
                if a.contains('(') || a.contains('=') {
                    return None;
                }
                a.split([',', ' '])
                    .map(folded)
                    .find(|n| PASSWORD_ATTRIBUTES.contains(&n.as_str()))
            });
            if let Some(attribute) = asked {
                push(
                    out,
                    "secrets.read",
                    Severity::Confirm,
                    format!("{p} asks the directory for {attribute}, a password attribute"),
                );
            }
        }
        _ => {}
    }
    // The domain database or the account hives copied as files (out of a shadow copy, by any
    // copier): the same store, taken whole.
    if matches!(
        p,
        "copy" | "cp" | "xcopy" | "robocopy" | "esentutl" | "copy-item" | "cpi" | "rsync" | "scp"
    ) && args.iter().any(|a| {
        let a = folded(a);
        a.ends_with("ntds.dit")
            || a.ends_with("config/sam") && a.contains("system32")
            || a.ends_with("configsam") && a.contains("system32")
    }) {
        push(
            out,
            "secrets.credential-dump",
            Severity::Verify,
            format!("{p} copies the domain database or the account hive out of Windows"),
        );
    }
}
