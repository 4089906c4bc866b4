//! The system's and the directory's credential stores taken whole are verified; a directory
//! query for a password attribute is a read of secrets; the same programs reading anything
//! else stay allowed. Examples written from the programs' documentation (reg(8) of Windows,
//! Sysinternals ProcDump, ntdsutil, esentutl, OpenLDAP's ldapsearch(1), the ActiveDirectory
//! PowerShell module, samba-tool(8)), and the spellings a program name can hide behind
//! (`.com` executables, a program word printed by `printf`).

use crate::finding::Severity;
use crate::severity_tables::{CONFIRM, STOP, VERIFY, expect_alone, expect_at_least};

#[test]
fn credential_stores_taken_whole_are_verified() {
    expect_at_least(&[
        (
            r"reg.exe save HKLM\SECURITY C:\Users\Public\sec.hiv /y",
            Severity::Verify,
        ),
        (
            r"reg save 'HKEY_LOCAL_MACHINE\SAM' D:\out\s",
            Severity::Verify,
        ),
        (
            "procdump64 -accepteula -ma lsass.exe /tmp/x.dmp",
            Severity::Verify,
        ),
        (
            r"rundll32.exe C:\Windows\System32\comsvcs.dll, MiniDump 772 C:\ProgramData\m.bin full",
            Severity::Verify,
        ),
        (
            r#"ntdsutil.exe "activate instance ntds" ifm "create full C:\ifm" quit quit"#,
            Severity::Verify,
        ),
        (
            r"esentutl.exe /y /vss C:\Windows\NTDS\ntds.dit /d C:\Temp\n.dit",
            Severity::Verify,
        ),
        ("pypykatz lsa minidump /tmp/memory.dmp", Severity::Verify),
        (
            "python3 secretsdump.py -just-dc-ntlm corp.local/svc@10.1.1.5",
            Severity::Verify,
        ),
        ("lazagne.exe browsers -oJ", Severity::Verify),
    ]);
}

#[test]
fn password_attributes_asked_of_a_directory_are_read_as_secrets() {
    expect_at_least(&[
        (
            "ldapsearch -LLL -H ldap://ldap.internal -D cn=manager,o=acme -y /root/pw -b ou=people,o=acme uid=jdoe userPassword",
            Severity::Confirm,
        ),
        (
            "Get-ADComputer -Filter * -Properties Name,ms-Mcs-AdmPwd",
            Severity::Confirm,
        ),
        (
            "dsquery * OU=Servers,DC=acme,DC=local -attr name msLAPS-Password",
            Severity::Confirm,
        ),
        (
            "samba-tool user getpassword svc-backup --attributes=virtualClearTextUTF16",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn the_same_programs_reading_anything_else_stay_allowed() {
    expect_alone(&[
        (
            "ldapsearch -LLL -H ldap://ldap.internal -b ou=people,o=acme uid=jdoe cn mail",
            None,
        ),
        // A filter that tests the attribute returns the entries' names, not the password.
        (
            "ldapsearch -x -b dc=acme,dc=local '(!(userPassword=*))' dn",
            None,
        ),
        ("Get-ADUser jdoe -Properties Department,Title", None),
        (
            r"reg query HKLM\SYSTEM\CurrentControlSet\Services\W32Time",
            None,
        ),
        (
            r"reg save HKCU\Software\Acme\Editor C:\backup\editor.hiv",
            None,
        ),
        ("procdump -ma myservice.exe C:\\dumps\\svc.dmp", None),
        (
            r#"ntdsutil "activate instance ntds" files info quit quit"#,
            None,
        ),
        ("tree.com /F src", None),
    ]);
}

#[test]
fn a_program_name_spelled_another_way_keeps_its_arguments() {
    expect_alone(&[
        // A DOS-era `.com` executable is the same program.
        ("format.com F: /FS:exFAT /Q /Y", STOP),
        // The program word printed by printf still runs with the line's arguments.
        (r#""$(printf 'r%s' m)" -rf /var/lib/mysql"#, STOP),
        (
            r#"$(printf '\x67\x69\x74') push --force origin main"#,
            VERIFY,
        ),
        (r#""$(printf 'l%s' s)" -la /tmp"#, CONFIRM),
    ]);
}
