//! HTTP calls to SaaS APIs whose effect is in the URL path or the body (holdout8 analysis K7,
//! recognize/http.rs): the verb is a path segment (`.../lifecycle/deactivate`, `/suspend`,
//! `/cancel`, `/revoke`, `/sendNow`) acting on the collection named before it, or a body
//! field (`"status": "suspended"`, `"enabled": false`, `"send_at": "now"`); the method agrees
//! (a GET of the same path reads). Any API host. Benign near misses first. None of the lines
//! occurs in a labeled set: they are written from the REST references of Okta-like identity
//! APIs, Mailchimp, Brevo, Kit (ConvertKit), PagerDuty, Recurly, Intercom and a generic API.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, expect_alone};

#[test]
fn reads_of_the_same_paths_and_harmless_bodies_go_ahead() {
    expect_alone(&[
        // GET stays a read, whatever the path's last word.
        (
            "curl -H \"Authorization: SSWS $TOKEN\" https://id.example.org/api/v1/users/00u9/lifecycle/deactivate",
            ALLOW,
        ),
        (
            "curl -s https://us6.api.mailchimp.com/3.0/campaigns/b03bfc2a/send-checklist -u x:$MC_KEY",
            ALLOW,
        ),
        (
            "curl -s https://api.recurly.com/subscriptions/uuid-1",
            ALLOW,
        ),
        // A body that sets nothing off, and a status that is not a state change.
        (
            "curl -X PATCH https://api.example.com/v2/users/42 -d '{\"display_name\":\"Sam\"}'",
            ALLOW,
        ),
        (
            "curl -X PATCH https://api.example.com/v2/tickets/42 -d '{\"status\":\"open\"}'",
            ALLOW,
        ),
        // A local API is the developer's own.
        (
            "curl -X POST http://localhost:3000/v1/campaigns/7/actions/send",
            ALLOW,
        ),
    ]);
}

#[test]
fn the_effect_in_the_path_or_the_body_is_read() {
    expect_alone(&[
        // A verb segment after grouping words acts on the collection before it.
        (
            "curl -X POST -H \"Authorization: SSWS $TOKEN\" https://id.example.org/api/v1/users/00u9/lifecycle/suspend",
            CONFIRM,
        ),
        (
            "curl -X PUT https://api.recurly.com/subscriptions/uuid-1/cancel",
            CONFIRM,
        ),
        // A state set by the body.
        (
            "curl -X PATCH https://api.intercom.io/contacts/66 -d '{\"status\":\"deleted\"}'",
            CONFIRM,
        ),
        (
            "http PATCH https://api.pagerduty.com/services/PX1 status=disabled",
            CONFIRM,
        ),
        (
            "curl -X PATCH https://api.example.com/v2/webhooks/42 -d '{\"enabled\":false}'",
            CONFIRM,
        ),
        // A send to a whole audience: a campaign, a broadcast, a marketing send.
        (
            "curl -X POST https://us6.api.mailchimp.com/3.0/campaigns/b03bfc2a/actions/send -u x:$MC_KEY",
            STOP,
        ),
        (
            "curl -X POST https://api.brevo.com/v3/emailCampaigns/12/sendNow -H \"api-key: $BREVO\"",
            STOP,
        ),
        (
            "curl -X POST https://api.kit.com/v4/broadcasts -d '{\"subject\":\"Sale\",\"send_at\":\"2026-12-01T10:00:00Z\"}'",
            STOP,
        ),
    ]);
}

/// The object of a verb segment is the collection named before it, past grouping words: the
/// finding says what is switched off (people, not "a remote resource").
#[test]
fn a_verb_segment_acts_on_the_collection_before_it() {
    let j = crate::judge(
        "curl -X POST https://id.example.org/api/v1/users/00u9/lifecycle/suspend",
        &[],
    );
    assert!(
        j.findings
            .iter()
            .any(|f| f.message.contains("POST suspend users")),
        "{:?}",
        j.findings
    );
}
