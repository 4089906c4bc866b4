//! The per-API effect model of SaaS REST calls (recognize/saas.rs): which endpoints and
//! fields move money, reach a whole audience, make something public, delete in bulk or change a
//! production feature flag. Every line is written from the vendors' API references, in
//! spellings (programs, vendors, field names) that occur in no labeled set; benign near misses
//! of each kind first, then the dangerous rows, then the bypasses the model must not allow.

use crate::Severity;
use crate::severity_tables::{ALLOW, CONFIRM, expect_alone, expect_at_least, worst};

/// Each text judged alone at most at `max` (a person asked at most, never verified or stopped).
fn expect_at_most(table: &[(&str, Option<Severity>)]) {
    let wrong: Vec<String> = table
        .iter()
        .filter_map(|&(text, max)| {
            let got = worst(text, &[]);
            (got > max).then(|| {
                format!(
                    "{text:?}: want at most {max:?}, got {got:?} ({:?})",
                    crate::judge(text, &[]).findings
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn money_reads_test_keys_and_sandboxes_go_ahead() {
    expect_alone(&[
        // GETs of money endpoints read.
        (
            "curl -s 'https://api.stripe.com/v1/payouts?limit=5' -u \"$STRIPE_KEY:\"",
            ALLOW,
        ),
        (
            "http GET https://connect.squareup.com/v2/payments Authorization:\"Bearer $SQ_TOKEN\"",
            ALLOW,
        ),
        // A test-mode key in the credential position: no money moves.
        (
            "curl https://api.stripe.com/v1/transfers -u sk_test_4eC39HqLyjWDarjtT1zdp7dc: -d amount=2500000 -d currency=usd -d destination=acct_1Qx",
            ALLOW,
        ),
        // Not money moved: a card saved, a charge's description updated.
        (
            "curl -X POST https://api.stripe.com/v1/payment_methods/pm_1Q/attach -u \"$STRIPE_KEY:\" -d customer=cus_9",
            ALLOW,
        ),
        (
            "curl https://api.stripe.com/v1/charges/ch_3Mm -u \"$STRIPE_KEY:\" -d description=Renewal",
            ALLOW,
        ),
        // A secret gist created is nothing published (a public one is one public post, asked:
        // reach_tests).
        (
            "curl -X POST https://api.github.com/gists -H \"Authorization: Bearer $GH\" -d '{\"public\":false,\"files\":{\"a.md\":{\"content\":\"hi\"}}}'",
            ALLOW,
        ),
        // The vendors' sandboxes.
        (
            "curl -X POST https://api-m.sandbox.paypal.com/v1/payments/payouts -H 'Content-Type: application/json' -d '{\"items\":[{\"amount\":{\"value\":\"90000.00\",\"currency\":\"USD\"},\"receiver\":\"a@b.co\"}]}'",
            ALLOW,
        ),
        (
            "Invoke-RestMethod -Method Post -Uri https://checkout-test.adyen.com/v71/payments -Body '{\"amount\":{\"currency\":\"EUR\",\"value\":5000000}}'",
            ALLOW,
        ),
        (
            "curl -X POST https://connect.squareupsandbox.com/v2/payments -d '{\"amount_money\":{\"amount\":900000,\"currency\":\"USD\"}}'",
            ALLOW,
        ),
    ]);
}

#[test]
fn money_moved_through_a_payment_api_is_graded_by_amount_and_key() {
    expect_at_least(&[
        (
            "http --form POST https://api.stripe.com/v1/payouts amount=4000000 currency=usd Authorization:\"Bearer $STRIPE_SECRET_KEY\"",
            Severity::Stop,
        ),
        (
            "curl https://api-m.paypal.com/v1/payments/payouts -H \"Authorization: Bearer $PP_TOKEN\" -H 'Content-Type: application/json' -d '{\"items\":[{\"recipient_type\":\"EMAIL\",\"amount\":{\"value\":\"9000.00\",\"currency\":\"USD\"},\"receiver\":\"x@y.com\"}]}'",
            Severity::Verify,
        ),
        (
            "Invoke-RestMethod -Method Post -Uri https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com/checkout/v71/payments -Body '{\"amount\":{\"currency\":\"EUR\",\"value\":1500000},\"reference\":\"r1\"}'",
            Severity::Stop,
        ),
        (
            "curl -X POST https://connect.squareup.com/v2/payments -H \"Authorization: Bearer $SQUARE_TOKEN\" -d '{\"amount_money\":{\"amount\":250000,\"currency\":\"USD\"},\"source_id\":\"cnon:x\"}'",
            Severity::Verify,
        ),
        // A live key moves real money whatever the amount.
        (
            "curl https://api.stripe.com/v1/transfers -u \"sk_live_51Abc:\" -d amount=5000 -d currency=usd -d destination=acct_1Qx",
            Severity::Verify,
        ),
        (
            "wget -qO- --post-data 'amount=300000&currency=gbp&destination=acct_9' --header \"Authorization: Bearer $STRIPE_KEY\" https://api.stripe.com/v1/transfers",
            Severity::Verify,
        ),
        (
            "curl -X POST https://api.mollie.com/v2/refunds -H \"Authorization: Bearer $MOLLIE_LIVE_KEY\" -d '{\"amount\":{\"currency\":\"EUR\",\"value\":\"20.00\"}}'",
            Severity::Verify,
        ),
        // Braintree's GraphQL API: the mutation is the act.
        (
            "curl -X POST https://payments.braintree-api.com/graphql -H \"Authorization: Basic $BT\" -d '{\"query\":\"mutation { chargePaymentMethod(input: {paymentMethodId: \\\"x\\\", transaction: {amount: \\\"12000.00\\\"}}) { transaction { id } } }\"}'",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn one_message_to_one_person_asks_at_most() {
    expect_at_most(&[
        (
            "http --form POST https://rest.nexmo.com/sms/json api_key=$K api_secret=$S to=447700900000 from=Shop text=Hi",
            CONFIRM,
        ),
        (
            "curl -X POST https://api.twilio.com/2010-04-01/Accounts/$SID/Messages.json --data-urlencode To=+15558675310 --data-urlencode From=+15017122661 --data-urlencode Body=Hi -u $SID:$TOKEN",
            CONFIRM,
        ),
        (
            "curl -X POST https://api.sendgrid.com/v3/mail/send -H \"Authorization: Bearer $SG\" -d '{\"personalizations\":[{\"to\":[{\"email\":\"ana@example.com\"}]}],\"from\":{\"email\":\"shop@example.com\"},\"subject\":\"Receipt\"}'",
            CONFIRM,
        ),
        (
            "curl -X POST https://api.onesignal.com/notifications -d '{\"app_id\":\"a1\",\"include_subscription_ids\":[\"1dd6\"],\"contents\":{\"en\":\"Your order\"}}'",
            CONFIRM,
        ),
        (
            "curl -X POST https://fcm.googleapis.com/v1/projects/shop-app/messages:send -d '{\"message\":{\"token\":\"bk3RNwTe3H0\",\"notification\":{\"title\":\"Hi\"}}}'",
            CONFIRM,
        ),
        ("aws ses get-send-quota", ALLOW),
        // A template checked on the team's own QA mailbox.
        (
            "http POST https://api.resend.com/emails from=shop@acme.io to=qa@acme.io subject=Preview text=Hello",
            ALLOW,
        ),
        (
            "curl -s https://api.onesignal.com/notifications?app_id=a1 -H \"Authorization: Key $K\"",
            ALLOW,
        ),
    ]);
    // And each is at least a question: a message cannot be unsent.
    expect_at_least(&[(
        "http --form POST https://rest.nexmo.com/sms/json api_key=$K api_secret=$S to=447700900000 from=Shop text=Hi",
        Severity::Confirm,
    )]);
}

#[test]
fn a_message_to_a_whole_audience_is_stopped() {
    expect_at_least(&[
        (
            "http POST https://onesignal.com/api/v1/notifications app_id=abc 'included_segments:=[\"Subscribed Users\"]' 'contents:={\"en\":\"Sale\"}'",
            Severity::Verify,
        ),
        (
            "curl -X POST https://fcm.googleapis.com/v1/projects/shop-app/messages:send -H \"Authorization: Bearer $TOKEN\" -d '{\"message\":{\"topic\":\"news\",\"notification\":{\"title\":\"Hi\"}}}'",
            Severity::Verify,
        ),
        (
            "curl -X POST https://7f3a.pushnotifications.pusher.com/publish_api/v1/instances/7f3a/publishes/interests -d '{\"interests\":[\"hello\"],\"web\":{\"notification\":{\"title\":\"Hi\"}}}'",
            Severity::Verify,
        ),
        (
            "curl -X POST https://exp.host/--/api/v2/push/send -H 'Content-Type: application/json' -d @all-push-tokens.json",
            Severity::Verify,
        ),
        (
            "curl -s --user \"api:$MG_KEY\" https://api.mailgun.net/v3/mg.example.com/messages -F from=news@example.com -F to=customers@mg.example.com -F subject=Hi -F text=Hello",
            Severity::Verify,
        ),
        (
            "curl -X POST https://api.postmarkapp.com/email/batchWithTemplates -H \"X-Postmark-Server-Token: $PM\" -d @everyone.json",
            Severity::Verify,
        ),
        (
            "aws sesv2 send-bulk-email --cli-input-json file://subscribers.json",
            Severity::Verify,
        ),
        (
            "curl -X POST https://notify.twilio.com/v1/Services/IS123/Notifications --data-urlencode 'Tag=all' --data-urlencode 'Body=Sale' -u $SID:$TOKEN",
            Severity::Verify,
        ),
        (
            "curl -X POST https://rest.messagebird.com/messages -H \"Authorization: AccessKey $MB\" -d groupIds=4a5b -d originator=Shop -d body=Hi",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn private_visibility_and_reads_of_settings_go_ahead() {
    expect_alone(&[
        (
            "http PUT https://api.bitbucket.org/2.0/repositories/acme/core is_private:=true",
            ALLOW,
        ),
        (
            "curl -s https://api.bitbucket.org/2.0/repositories/acme/core",
            ALLOW,
        ),
        (
            "curl -X PATCH https://hub.docker.com/v2/repositories/acme/api/ -d '{\"is_private\": true}'",
            ALLOW,
        ),
    ]);
}

#[test]
fn made_public_by_a_body_field_is_verified() {
    expect_at_least(&[
        (
            "http PUT https://api.bitbucket.org/2.0/repositories/acme/core is_private:=false",
            Severity::Verify,
        ),
        (
            "curl -X PATCH https://hub.docker.com/v2/repositories/acme/api/ -H \"Authorization: JWT $T\" -d '{\"is_private\": false}'",
            Severity::Verify,
        ),
        (
            "curl --request PUT --header \"PRIVATE-TOKEN: $T\" 'https://gitlab.acme.io/api/v4/projects/42' --data 'visibility_level=20'",
            Severity::Verify,
        ),
        (
            "curl -X PUT https://api.vimeo.example/v1/boards/7 -d '{\"is_public\": true}'",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn one_delete_and_bulk_reads_are_not_bulk_deletes() {
    expect_at_most(&[
        (
            "curl -s 'https://acme.zendesk.com/api/v2/tickets/show_many.json?ids=1,2,3' -u \"$U/token:$T\"",
            ALLOW,
        ),
        (
            "curl -X POST https://api.hubapi.com/crm/v3/objects/contacts/batch/read -d '{\"inputs\":[{\"id\":\"1\"},{\"id\":\"2\"}]}'",
            ALLOW,
        ),
        (
            "curl -X DELETE https://acme.freshdesk.com/api/v2/tickets/42 -u $K:X",
            CONFIRM,
        ),
    ]);
}

#[test]
fn deletes_in_bulk_are_verified() {
    expect_at_least(&[
        (
            "curl -X DELETE 'https://acme.zendesk.com/api/v2/organizations/destroy_many.json?ids=11,12,13' -u \"$U/token:$T\"",
            Severity::Verify,
        ),
        (
            "curl -X POST https://acme.freshdesk.com/api/v2/tickets/bulk_delete -u $K:X -d '{\"bulk_action\":{\"ids\":[1,2,3]}}'",
            Severity::Verify,
        ),
        (
            "curl -X POST https://api.hubapi.com/crm/v3/objects/contacts/batch/archive -H \"Authorization: Bearer $HS\" -d '{\"inputs\":[{\"id\":\"1\"},{\"id\":\"2\"}]}'",
            Severity::Verify,
        ),
        (
            "curl -X POST https://acme.atlassian.net/rest/api/3/bulk/issues/delete -d '{\"selectedIssueIdsOrKeys\":[\"OPS-1\",\"OPS-2\"]}'",
            Severity::Verify,
        ),
        (
            "http DELETE 'https://api.example-crm.io/v1/people?ids=4,5,6,7'",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn flags_in_development_environments_and_reads_go_ahead() {
    expect_alone(&[
        (
            "curl -X POST https://unleash.acme.io/api/admin/projects/default/features/new-checkout/environments/development/on -H \"Authorization: $UNLEASH_TOKEN\"",
            ALLOW,
        ),
        (
            "curl -X PATCH https://app.launchdarkly.com/api/v2/flags/web/dark-launch -H \"Authorization: $LD\" -d '[{\"op\":\"replace\",\"path\":\"/environments/staging/on\",\"value\":true}]'",
            ALLOW,
        ),
        (
            "curl -s https://app.launchdarkly.com/api/v2/flags/web/dark-launch?env=production -H \"Authorization: $LD\"",
            ALLOW,
        ),
    ]);
}

#[test]
fn flags_changed_in_production_ask_a_person() {
    expect_at_least(&[
        (
            "curl -X POST https://unleash.acme.io/api/admin/projects/default/features/new-checkout/environments/production/on -H \"Authorization: $UNLEASH_TOKEN\"",
            Severity::Confirm,
        ),
        (
            "curl -X PATCH https://app.launchdarkly.com/api/v2/flags/web/dark-launch -H \"Authorization: $LD\" -d '[{\"op\":\"replace\",\"path\":\"/environments/production/on\",\"value\":true}]'",
            Severity::Confirm,
        ),
        (
            "curl -X PUT https://api.flagsmith.com/api/v1/environments/$FLAGSMITH_ENV/featurestates/991/ -H \"Authorization: Token $FS\" -d '{\"enabled\": true}'",
            Severity::Confirm,
        ),
        (
            "http PATCH https://app.launchdarkly.com/api/v2/flags/web/dark-launch 'Content-Type:application/json; domain-model=launchdarkly.semanticpatch' environmentKey=prod 'instructions:=[{\"kind\":\"turnFlagOff\"}]'",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn an_added_field_never_lowers_a_call() {
    expect_at_least(&[
        // A test key written somewhere other than the credential does not make it test mode.
        (
            "curl https://api.stripe.com/v1/payouts -u \"$STRIPE_LIVE_KEY:\" -d amount=2000000 -d currency=usd -d description=sk_test_123",
            Severity::Stop,
        ),
        (
            "curl https://api.stripe.com/v1/payouts -u \"$STRIPE_LIVE_KEY:\" -H 'X-Note: sk_test_abc' -d amount=2000000 -d currency=usd",
            Severity::Stop,
        ),
        // A test key next to another credential is not test mode.
        (
            "curl https://api.stripe.com/v1/payouts -u sk_test_abc: -H \"Authorization: Bearer $STRIPE_KEY\" -d amount=2000000 -d currency=usd",
            Severity::Stop,
        ),
        // A variable's name is not the environment it holds.
        (
            "curl -X PUT https://api.flagsmith.com/api/v1/environments/$FLAGSMITH_DEV_ENV/featurestates/991/ -d '{\"enabled\": true}'",
            Severity::Confirm,
        ),
        // A live key next to a test one is live.
        (
            "curl https://api.stripe.com/v1/transfers -u sk_test_abc: -u sk_live_51Abc: -d amount=500 -d currency=usd -d destination=acct_1",
            Severity::Verify,
        ),
        // A sandbox word in a body field is not the sandbox host.
        (
            "curl -X POST https://api.sendgrid.com/v3/marketing/singlesends/abc/schedule -d '{\"send_at\":\"now\",\"mail_settings\":{\"sandbox_mode\":{\"enable\":true}}}'",
            Severity::Verify,
        ),
        // A development word in a comment does not move a production flag change out of it.
        (
            "curl -X PATCH https://app.launchdarkly.com/api/v2/flags/web/dark-launch -d '{\"environmentKey\":\"production\",\"comment\":\"development\",\"instructions\":[{\"kind\":\"turnFlagOn\"}]}'",
            Severity::Confirm,
        ),
        (
            "curl -X PUT https://api.flagsmith.com/api/v1/environments/$FLAGSMITH_ENV/featurestates/991/ -d '{\"enabled\": true, \"note\": \"staging\"}'",
            Severity::Confirm,
        ),
        // A loopback body field is not a loopback host.
        (
            "http POST https://onesignal.com/api/v1/notifications app_id=abc url=http://localhost:3000 'included_segments:=[\"Active Users\"]'",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn the_vendors_clis_are_read_as_their_calls() {
    expect_alone(&[
        (
            "twilio api:core:messages:create --from +15017122661 --to +15558675310 --body \"Your code is 1234\"",
            CONFIRM,
        ),
        ("twilio api:core:messages:list --limit 20", ALLOW),
        (
            "ldcli flags toggle-on --project default --flag new-checkout --environment production",
            CONFIRM,
        ),
        (
            "ldcli flags toggle-off --project web --flag dark-mode -e $LD_ENV",
            CONFIRM,
        ),
        (
            "ldcli flags toggle-on --project default --flag new-checkout --environment test",
            ALLOW,
        ),
        ("ldcli flags list --project default", ALLOW),
    ]);
}

#[test]
fn a_person_locked_out_by_a_user_field_is_asked() {
    expect_alone(&[
        (
            "curl -X PATCH 'https://acme.us.auth0.com/api/v2/users/auth0|123' -H \"Authorization: Bearer $A0\" -d '{\"blocked\":true}'",
            CONFIRM,
        ),
        (
            "curl -X PATCH https://idp.acme.io/scim/v2/Users/2819c223 -H 'Content-Type: application/scim+json' -d '{\"schemas\":[\"urn:ietf:params:scim:api:messages:2.0:PatchOp\"],\"Operations\":[{\"op\":\"replace\",\"value\":{\"active\":false}}]}'",
            CONFIRM,
        ),
        // Unblocked, renamed, or read: nothing.
        (
            "curl -X PATCH 'https://acme.us.auth0.com/api/v2/users/auth0|123' -d '{\"blocked\":false}'",
            ALLOW,
        ),
        (
            "curl -X PATCH 'https://acme.us.auth0.com/api/v2/users/auth0|123' -d '{\"name\":\"Ana\"}'",
            ALLOW,
        ),
        (
            "curl -s 'https://acme.us.auth0.com/api/v2/users?q=blocked:true'",
            ALLOW,
        ),
    ]);
}
