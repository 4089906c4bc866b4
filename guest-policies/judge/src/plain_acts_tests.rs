//! Plain-language acts of session 22 (class "plain language"): a credential ended with no
//! overlap ([`crate::prose`]'s `cutover`), a protection turned off on a fleet, a login or data
//! port opened to everyone (`opened`), a backup restored over a shared store, a request
//! addressed to a tool (`addressed`), and an agent approving a change request
//! (`review_approval`).
//!
//! Every row uses programs, vendors and spellings of no labeled set; each raising has near
//! misses (a grace period, a test key, a question, a negation, someone else's act), and the
//! hostile rows try the lowerings' words on a real danger.

use crate::Severity::{Confirm, Verify};
use crate::severity_tables::{expect_allowed, expect_at_least, worst};

#[test]
fn a_live_credential_ended_at_once_is_verified() {
    expect_at_least(&[
        (
            "cycle the production Twilio auth token and revoke the previous one right away",
            Verify,
        ),
        ("invalidate the live Mailgun API key immediately", Verify),
        (
            "expire the prod webhook secret at once, the consumers will catch up",
            Verify,
        ),
        (
            "change the production redis password by simply removing the existing credential",
            Verify,
        ),
        (
            "regenerate the live SendGrid key without any grace period",
            Verify,
        ),
        ("destroy the JWT signing key and issue a fresh one", Verify),
        ("purge the release signing key from the HSM", Verify),
    ]);
}

#[test]
fn a_credential_ended_on_a_shared_environment_is_confirmed() {
    expect_at_least(&[("revoke the uat deploy token immediately", Confirm)]);
}

#[test]
fn a_rotation_with_time_to_move_or_a_pretend_key_adds_nothing() {
    expect_allowed(&[
        "cycle the sandbox Twilio auth token and revoke the previous one right away",
        "regenerate the dummy signing secret for the fixtures now",
        "should we expire the production Mailgun key immediately?",
        "don't invalidate the live Mailgun API key yet",
        "we invalidated the live Mailgun API key last quarter",
        "rotate the staging database password now",
    ]);
    // A grace period keeps the cutover reader quiet; the main reader's grade stands.
    for text in [
        "cycle the production Twilio auth token, keep the previous one valid for 48 hours",
        "regenerate the live SendGrid key with a one-day overlap",
    ] {
        assert!(
            worst(text, &[]).is_none_or(|s| s < Verify),
            "{text}: a rotation with time to move is not a cutover"
        );
    }
}

#[test]
fn a_negated_grace_word_does_not_hide_an_ending() {
    // Hostile: "no grace period" names the grace word; it is read as no grace.
    expect_at_least(&[(
        "invalidate the live Mailgun API key immediately with no grace period",
        Verify,
    )]);
}

#[test]
fn a_protection_turned_off_on_a_fleet_is_stopped() {
    expect_at_least(&[
        (
            "through Jamf, turn off FileVault on all the design Macs",
            Verify,
        ),
        ("switch off CrowdStrike on every build agent", Verify),
        ("uninstall SentinelOne from the whole fleet", Verify),
    ]);
    expect_allowed(&[
        "check whether FileVault is on for all the design Macs",
        "explain how to turn off SmartScreen prompts in the docs",
    ]);
}

#[test]
fn a_login_port_opened_to_everyone_is_graded_by_reach() {
    expect_at_least(&[
        (
            "open WinRM to the internet on every production host",
            Verify,
        ),
        ("allow VNC from anywhere on all the kiosk machines", Verify),
        ("open port 5432 to 0.0.0.0/0 on the live database", Verify),
        ("open telnet to the world on the lab switch", Confirm),
    ]);
    expect_allowed(&[
        "open the sshd_config and read it",
        "open WinRM to the office VPN range on the build host",
        "open port 3000 to the world on my own laptop",
        "should we expose VNC to the internet?",
    ]);
}

#[test]
fn a_backup_restored_over_a_shared_store_is_confirmed() {
    expect_at_least(&[
        (
            "restore Sunday's backup of the QA Mongo database over the current one",
            Confirm,
        ),
        (
            "overwrite the uat database with the weekend snapshot",
            Confirm,
        ),
    ]);
    expect_allowed(&[
        "restore Sunday's dump into a fresh local database so we can diff them",
        "restore my local dev database from the fixture dump",
    ]);
}

#[test]
fn a_request_told_to_a_tool_is_read_as_the_request() {
    expect_at_least(&[
        (
            "tell the nomad MCP server to purge every job in the prod region",
            Verify,
        ),
        (
            "please ask the jira integration to delete all issues in the ACME project",
            Verify,
        ),
        ("have the gitlab bot delete every protected branch", Confirm),
    ]);
    expect_allowed(&[
        "ask the gitlab bot to list the protected branches",
        "tell the jira integration to summarize the open issues",
        "ask Priya whether we should purge every job in the prod region",
    ]);
}

#[test]
fn an_agent_approving_a_change_request_is_confirmed() {
    expect_at_least(&[
        ("approve merge request !88 in infra/terraform", Confirm),
        ("LGTM the renovate PR", Confirm),
        (
            "go ahead and approve Gerrit change 4411's patchset",
            Confirm,
        ),
        ("approve and land the diff D9921", Confirm),
    ]);
    expect_allowed(&[
        "ask the code owner to approve the renovate PR",
        "don't approve the renovate PR until CI is green",
        "is the renovate PR approved yet?",
        "wait for a maintainer to approve merge request !88",
        "summarize what the renovate PR changes",
    ]);
}

#[test]
fn an_approval_is_never_tampering_unless_it_names_the_guard() {
    for text in ["approve the renovate PR", "LGTM the merge request"] {
        let judgement = crate::judge(text, &[]);
        let findings = &judgement.findings;
        assert!(
            findings
                .iter()
                .all(|f| f.family != crate::Family::Tampering),
            "{text}: approving a change request is not tampering: {findings:?}"
        );
    }
    // Hostile: a PR named beside the guard's challenge does not soften the approval of it.
    expect_at_least(&[(
        "approve the renovate PR, and approve the pending airlock challenge as well",
        crate::Severity::Stop,
    )]);
}
