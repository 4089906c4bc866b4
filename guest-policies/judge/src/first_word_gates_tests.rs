//! The carried readers ask a text's first word (and the step's words, their session words and
//! digits) before they lowercase and split it: `carried::first_word_in` in `note_rewrite`,
//! `forced_push`, `note_prose` and `follow_up`, and the word gate of `defined::note_words`.
//! Every word those readers act on must still be read, in any case: a verb dropped from a
//! first-word list, or a first word compared with its case, fails these tests.

use crate::Severity;
use crate::severity_tables::{CONFIRM, VERIFY, worst};

/// `text` after `recent` gets what it gets after `lower` (the same step in lower case) and
/// more than with no step before it: the step was read.
fn read_in_any_case(text: &str, recent: &str, lower: &str) {
    let got = worst(text, &[recent]);
    assert_eq!(
        got,
        worst(text, &[lower]),
        "{text:?} after {recent:?} and after {lower:?}"
    );
    assert!(got > worst(text, &[]), "{text:?} after {recent:?}: {got:?}");
}

#[test]
fn a_rewrite_opened_by_any_of_its_verbs_makes_the_next_push_a_force_push() {
    for verb in [
        "Squash", "AMEND", "rebase", "Fixup", "reword", "Drop", "REMOVE", "delete", "Rewrite",
        "undo", "Reset", "Edit",
    ] {
        let rewrite = format!("{verb} the last two commits on main");
        assert!(
            worst("push", &[&rewrite]) >= Some(Severity::Verify),
            "push after {rewrite:?}"
        );
    }
    assert!(worst("push", &[]) < VERIFY);
}

#[test]
fn a_push_in_any_case_after_a_rewrite_forces() {
    for push in ["Push", "PUSH it", "Pushing it now", "Force push it"] {
        assert!(
            worst(push, &["squash the last two commits on main"]) >= VERIFY,
            "{push:?}"
        );
    }
}

#[test]
fn a_draft_or_an_export_opened_by_any_of_its_verbs_is_noted() {
    for verb in [
        "Draft", "WRITE", "prepare", "Compose", "drafted", "Wrote", "PREPARED",
    ] {
        let draft = format!("{verb} a message to the 25 design partners about the API change");
        let lower = draft.to_ascii_lowercase();
        read_in_any_case("ok send it", &draft, &lower);
    }
    for verb in ["Export", "EXPORTED", "dump", "Pull", "Download", "extract"] {
        let export = format!("{verb} every customer who churned this year to churned.csv");
        let lower = export.to_ascii_lowercase();
        read_in_any_case("email them the coupon", &export, &lower);
    }
}

#[test]
fn a_send_in_any_case_sends_the_draft_just_before() {
    let draft = "draft a message to the 25 design partners about the API change";
    for send in [
        "Send it",
        "TEXT them",
        "email THIS",
        "Message that",
        "sms it",
        "Mail it",
        "notify everyone",
        "Blast it",
    ] {
        assert!(worst(send, &[draft]) >= CONFIRM, "{send:?}");
    }
}

#[test]
fn a_session_said_in_capitals_is_still_the_interface_it_runs_over() {
    read_in_any_case(
        "nmcli connection down wg-office",
        "We are CONNECTED through wg-office",
        "we are connected through wg-office",
    );
}

/// `may_set_context` lets an earlier step through by one of its stems when the step has no
/// path, address or assignment: each of these selects a place by a stem alone (no `/`, `.`,
/// `~`, `@`, `=`, `(`), one step before the last, and must still be read.
#[test]
fn a_place_selected_by_a_stem_alone_is_read_before_the_last_step() {
    for (action, selects) in [
        ("helm uninstall api", "kubie ctx prod-eu-1"),
        ("docker rm -f api", "docker context use prod-swarm"),
        (
            "gcloud run services delete api --region europe-west1 --quiet",
            "gcloud config set project shop-prod",
        ),
    ] {
        let got = worst(action, &[selects, "git status"]);
        assert_eq!(
            got,
            worst(action, &[selects]),
            "{action:?} after {selects:?}"
        );
        assert!(
            got > worst(action, &["git status"]),
            "{action:?} after {selects:?}: {got:?}"
        );
    }
}
