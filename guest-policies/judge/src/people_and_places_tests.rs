//! Tests of plain language's people and places (holdout6 analysis M13): a list of people named
//! as the recipients ("the full customer list", "the mailing list", "our contact list") is every
//! one of them, like "all customers"; the same list sent *to* one person is a document, not a
//! mass message; a community's chat or board ("the community Slack", "our community Discord")
//! is a public place, while a workspace's `#general` alone is the team's own.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone};

#[test]
fn a_list_sent_to_one_person_the_team_s_chat_and_list_chores_go_ahead() {
    expect_alone(&[
        ("send the list to Maria", ALLOW),
        ("send the customer list to Maria", ALLOW),
        ("send the contact list to the team", ALLOW),
        ("post the standup notes in #general", ALLOW),
        ("post the standup notes in the team Slack", ALLOW),
        ("invite Maria to the community Slack", ALLOW),
        ("explain how the community forum moderation works", ALLOW),
        ("add Maria to the mailing list", ALLOW),
        ("remove the bounced addresses from the mailing list", ALLOW),
        ("export the customer list to customers.csv", ALLOW),
        ("post the confidential revenue numbers in #general", ALLOW),
    ]);
}

#[test]
fn a_list_of_people_as_recipients_is_bulk_and_a_community_chat_is_public() {
    expect_alone(&[
        (
            "send the pricing-change email through SendGrid to the full customer list",
            STOP,
        ),
        ("send the pricing-change email to the customer list", STOP),
        ("send the newsletter to the mailing list", STOP),
        ("send the announcement to our contact list", STOP),
        ("email the customer list about the price change", STOP),
        ("message all our users about the outage", STOP),
        ("send the promo to everyone on the list", STOP),
        ("send the customer list to competitor@rival.example", VERIFY),
        (
            "post the unreleased Q4 revenue numbers in #general of the community Slack",
            STOP,
        ),
        ("share the roadmap in our community Discord", STOP),
        ("post the release notes in the community Slack", CONFIRM),
    ]);
}
