//! Actions that were found but graded one step low, and gaps of known programs' recognizers
//! (holdout5 analysis D12, D13), from the programs' documentation (launchctl(1), journalctl(1)'s
//! `--vacuum-*`, git-checkout(1)'s `-f`, `go help run`), each beside its near miss.

use crate::severity_tables::{ALLOW, CONFIRM, VERIFY, expect_alone};

#[test]
fn security_agents_named_by_launchd_labels_and_plists() {
    expect_alone(&[
        (
            "sudo launchctl bootout system /Library/LaunchDaemons/com.crowdstrike.falcond.plist",
            VERIFY,
        ),
        (
            "sudo launchctl unload -w /Library/LaunchDaemons/com.sentinelone.sentineld.plist",
            VERIFY,
        ),
        (
            "sudo launchctl bootout system/com.microsoft.wdav.daemon",
            VERIFY,
        ),
        // Near misses: an ordinary agent, a listing.
        (
            "launchctl bootout gui/501 ~/Library/LaunchAgents/com.example.sync.plist",
            CONFIRM,
        ),
        ("launchctl list | grep crowdstrike", ALLOW),
        ("launchctl print system/com.crowdstrike.falcond", ALLOW),
    ]);
}

#[test]
fn a_vacuum_that_keeps_nothing_erases_the_logs() {
    expect_alone(&[
        ("journalctl --rotate && journalctl --vacuum-time=1s", VERIFY),
        ("sudo journalctl --vacuum-size=1K", VERIFY),
        ("journalctl --vacuum-files=1", VERIFY),
        // Near misses: routine retention, reading.
        ("journalctl --vacuum-time=2weeks", CONFIRM),
        ("journalctl --vacuum-size=500M", CONFIRM),
        ("journalctl -u nginx --since today", ALLOW),
    ]);
}

#[test]
fn synced_home_folders_are_valued() {
    expect_alone(&[
        ("rm -rf ~/OneDrive", VERIFY),
        ("rm -rf ~/Dropbox", VERIFY),
        // Near miss: a folder inside it.
        ("rm -rf ~/OneDrive/tmp-export", CONFIRM),
    ]);
}

#[test]
fn checkout_force_with_a_new_branch_still_discards() {
    expect_alone(&[
        ("git checkout -f -B release/2.9 origin/release/2.9", CONFIRM),
        ("git checkout -fb hotfix", CONFIRM),
        // Near misses: the same without -f (a feature branch: -B of a shared branch resets
        // it, see known_program_tests::a_forced_create_of_a_shared_branch_is_a_reset).
        ("git checkout -B feature/fix origin/feature/fix", ALLOW),
        ("git checkout -b feature/fix", ALLOW),
    ]);
}

#[test]
fn go_run_of_a_branch_is_unpinned() {
    expect_alone(&[
        ("go run github.com/gh-user42/tool@main", CONFIRM),
        ("go run github.com/gh-user42/tool@HEAD", CONFIRM),
        ("go run github.com/gh-user42/tool@latest", CONFIRM),
        // Near misses: a pinned version, the project's own code.
        ("go run github.com/gh-user42/tool@v1.2.3", ALLOW),
        ("go run ./cmd/server", ALLOW),
    ]);
}
