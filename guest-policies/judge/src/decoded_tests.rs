//! Decode before carry ([`crate::recognize::decoded`], holdout9 analysis "What this says" 3):
//! a command substitution that decodes a literal (`$(echo X | base64 -d)`, `$(printf
//! '\x..')`, `$(echo HEX | xxd -r -p | rev)`, a `tr` rot13) and is an ARGUMENT of another
//! program is read as what it decodes to, so the SQL a database client is handed, the branch a
//! push names, the namespace a delete names are read by their readers.
//!
//! The programs and payloads are this file's own (mysql, sqlite3, kubectl, rm, git push,
//! redis-cli over rot13): none of these lines is in a labeled set. Near misses: decoding only to
//! print it or into a file, a substitution that encodes, a decoded argument that is harmless.

use crate::severity_tables::{ALLOW, STOP, VERIFY, expect_alone};

#[test]
fn a_decoded_argument_is_read_as_what_it_decodes_to() {
    expect_alone(&[
        // base64 of `DROP DATABASE shop`, handed to a database client as its SQL.
        (
            "mysql -e \"$(echo RFJPUCBEQVRBQkFTRSBzaG9w | base64 --decode)\"",
            STOP,
        ),
        // printf's hex escapes of `DROP TABLE users`.
        (
            "sqlite3 app.db \"$(printf '\\x44\\x52\\x4f\\x50\\x20\\x54\\x41\\x42\\x4c\\x45\\x20\\x75\\x73\\x65\\x72\\x73')\"",
            VERIFY,
        ),
        // base64 of `production`, a namespace deleted.
        (
            "kubectl delete ns \"$(echo cHJvZHVjdGlvbg== | base64 -d)\"",
            STOP,
        ),
        // printf of `/`.
        ("rm -rf \"$(printf '\\x2f')\"", STOP),
        // Hex reversed twice: `main`, inside a refspec.
        (
            "git push origin \"+HEAD:refs/heads/$(echo 6e69616d | xxd -r -p | rev)\"",
            VERIFY,
        ),
        // rot13 of `FLUSHALL` by tr.
        (
            "redis-cli -h cache-prod \"$(echo SYHFUNYY | tr 'A-Za-z' 'N-ZA-Mn-za-m')\"",
            STOP,
        ),
        // Backticks.
        (
            "mysql -e \"`echo RFJPUCBEQVRBQkFTRSBzaG9w | base64 -d`\"",
            STOP,
        ),
    ]);
}

#[test]
fn decoding_to_print_or_to_a_file_or_a_harmless_argument_is_not_raised() {
    expect_alone(&[
        ("echo RFJPUCBEQVRBQkFTRSBzaG9w | base64 -d", ALLOW),
        ("base64 -d payload.b64 > out.bin", ALLOW),
        ("echo 6e69616d | xxd -r -p | rev", ALLOW),
        (
            "git commit -m \"$(printf 'fix: parser\\n\\nCloses #12')\"",
            ALLOW,
        ),
        // Encoding, not decoding.
        (
            "curl -H \"Authorization: Basic $(echo -n user:pw | base64)\" https://api.example.com/status",
            ALLOW,
        ),
        // `SELECT 1`.
        ("psql -c \"$(echo U0VMRUNUIDE= | base64 -d)\"", ALLOW),
        // A file decoded (its text is not known here): nothing to replace.
        ("psql -c \"$(base64 -d query.b64)\"", ALLOW),
        // A directory decoded is not entered by the decoded reading (single quotes would
        // have kept the shell out of it): what follows is read where the line was.
        ("cd \"$(printf '/tmp')\" && rm -rf ./*", VERIFY),
    ]);
}

/// PowerShell's hidden scripts: `-EncodedCommand` (any accepted prefix) carries base64 of
/// UTF-16LE text, and `iex` of `[Convert]::FromBase64String('...')` decoded text; each is
/// judged as the command line it decodes to, and a harmless one is only asked about.
#[test]
fn powershell_hidden_scripts_are_judged_as_what_they_decode_to() {
    use crate::Severity::{Confirm, Stop, Verify};
    use crate::severity_tables::worst;
    for (line, want) in [
        (
            "powershell.exe -NoProfile -EncodedCommand UgBlAHMAdABhAHIAdAAtAEMAbwBtAHAAdQB0AGUAcgAgAC0ARgBvAHIAYwBlAA==",
            Verify,
        ),
        (
            "pwsh -nop -w hidden -en UgBlAG0AbwB2AGUALQBJAHQAZQBtACAALQBSAGUAYwB1AHIAcwBlACAALQBGAG8AcgBjAGUAIABDADoAXABXAGkAbgBkAG8AdwBzAFwAUwB5AHMAdABlAG0AMwAyAA==",
            Stop,
        ),
        (
            "Invoke-Expression ([Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('cm0gLXJmIH4=')))",
            Stop,
        ),
        (
            "powershell -NoProfile -Command \"iex ([Text.Encoding]::Unicode.GetString([Convert]::FromBase64String('UwB0AG8AcAAtAEMAbwBtAHAAdQB0AGUAcgAgAC0ARgBvAHIAYwBlAA==')))\"",
            Verify,
        ),
        (
            "powershell -ec RwBlAHQALQBDAGgAaQBsAGQASQB0AGUAbQAgACQAZQBuAHYAOgBUAEUATQBQAA==",
            Confirm,
        ),
    ] {
        assert_eq!(worst(line, &[]), Some(want), "{line}");
    }
    // Decoded but never run: a string printed is no script.
    assert_eq!(
        worst(
            "$s = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('R2V0LURhdGU=')); Write-Output $s",
            &[]
        ),
        None
    );
}
