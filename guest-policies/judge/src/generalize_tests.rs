//! Tests of what makes the judgement reach programs it has no rows for (holdout6 analysis M7
//! and M8): Windows' spellings of the home and its readers and deleters, and the generic
//! reader's verbs in every place a command line puts them (single-dash options, inside long
//! options, the program's own name, a class-bound value), objects graded by their shape at any
//! depth (data directories, URI stores, devices), command-shaped lines of programs whose names
//! are English words, and `java -jar X.jar` read as X. The benign near misses come first: the
//! same letters, options and verbs in ordinary work must stay allowed. The lines are made up or
//! written from the programs' own documentation; none is a held-back line.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, expect_at_least};
use crate::Severity;

#[test]
fn windows_readers_and_deleters_near_misses_stay_allowed() {
    expect_alone(&[
        ("Get-Content README.md", ALLOW),
        ("Get-Content .\\src\\app.ps1 -Tail 20", ALLOW),
        ("gc .\\logs\\build.log", ALLOW),
        ("type README.md", ALLOW),
        ("type .\\docs\\setup.txt", ALLOW),
        ("Get-Content $env:USERPROFILE\\Documents\\notes.txt", ALLOW),
        ("Remove-Item .\\build\\out.log", ALLOW),
        ("Remove-Item $env:TEMP\\scratch.txt", ALLOW),
        ("Remove-Item .\\dist -Recurse -Force", ALLOW),
        ("sdelete -?", ALLOW),
        // POSIX's own `type` and `cat` are not Windows readers.
        ("type ls", ALLOW),
        ("cat notes.txt", ALLOW),
        ("Get-Service W3SVC", ALLOW),
    ]);
}

#[test]
fn the_home_spelled_the_windows_way_is_the_home_in_every_reader() {
    expect_alone(&[
        // Get-Content, its alias and cmd's type read like cat.
        (
            "Get-Content $env:USERPROFILE\\.azure\\msal_token_cache.json",
            CONFIRM,
        ),
        ("Get-Content C:\\Users\\dev\\.aws\\credentials", CONFIRM),
        ("gc ~\\.ssh\\id_rsa", CONFIRM),
        ("type %USERPROFILE%\\.aws\\credentials", CONFIRM),
        ("Get-Content -Path $HOME\\.kube\\config", CONFIRM),
        // A POSIX reader given the Windows home.
        ("cat $env:USERPROFILE/.aws/credentials", CONFIRM),
        ("cat %USERPROFILE%/.ssh/id_ed25519", CONFIRM),
    ]);
    // The home's valued folders, in any case.
    expect_at_least(&[
        (
            "Remove-Item $env:USERPROFILE\\Documents -Recurse",
            Severity::Verify,
        ),
        ("Remove-Item C:\\Users\\dev\\documents -Recurse -Force", Severity::Verify),
        ("rm -rf $env:USERPROFILE", Severity::Verify),
    ]);
}

#[test]
fn remove_item_restart_and_sdelete_are_what_they_amount_to() {
    expect_alone(&[
        // Remove-Item without -Force deletes as surely: the guard's files are the guard.
        ("Remove-Item .github\\hooks\\airlock.json", STOP),
        ("Remove-Item .claude\\settings.json", STOP),
        // Any restart cmdlet of a named thing is a service restart.
        ("Restart-WebAppPool -Name 'StagingAppPool'", CONFIRM),
        ("Restart-WebItem 'IIS:\\Sites\\Default Web Site'", CONFIRM),
        ("Restart-Service W3SVC", CONFIRM),
    ]);
    expect_at_least(&[
        // SDelete overwrites, then deletes: `rm -rf` with no way back.
        ("sdelete64 -s -q C:\\Users\\dev\\Documents", Severity::Verify),
        ("sdelete -s -q D:\\data\\exports", Severity::Verify),
        ("sdelete -p 3 C:\\Users\\dev\\.ssh\\id_rsa", Severity::Confirm),
    ]);
}
