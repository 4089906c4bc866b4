//! A per-API effect model of the most used SaaS REST APIs: which endpoints and which body,
//! form and query fields move money, reach a whole audience, make something public, delete in
//! bulk or change a production feature flag. Reached by every web client the HTTP reader knows
//! ([`super::http`]: curl, wget, HTTPie/xh, `Invoke-RestMethod`) once the request is taken
//! apart, and by the AWS CLI's bulk mail commands.
//!
//! # Why a model per API
//!
//! The HTTP reader grades a request by the verb in its method or path and a few state fields.
//! A payment, a broadcast or a visibility change has no verb: `POST /v1/transfers` with
//! `amount=2500000` moves 25,000 euros, `POST /notifications` with `included_segments` pushes
//! to every subscriber, `PUT /2.0/repositories/o/r` with `{"is_private": false}` publishes the
//! code. What each does is in the vendor's reference, so the model is a table keyed by host
//! (and path shape) written from those references (Stripe, PayPal, Adyen, Square, Braintree,
//! Mollie and others; SendGrid, Mailgun, Postmark, SES, Mailchimp/Mandrill, Brevo, Resend,
//! SparkPost; Twilio, Vonage, MessageBird, Plivo; OneSignal, FCM, Expo, Pusher Beams;
//! Bitbucket, GitLab, Docker Hub; Zendesk, Freshdesk, Jira, HubSpot; LaunchDarkly, Unleash,
//! Flagsmith and others), plus rules that hold for any host (a bulk-delete endpoint, an `ids`
//! list on a `DELETE`, `is_private: false`).
//!
//! # What may lower
//!
//! Nothing in a body, form or query lowers anything: the fields only raise. Only the request's
//! own place lowers its own findings here: a vendor's sandbox host, and a test-mode key in the
//! credential position (`-u sk_test_...:`, `Authorization: Bearer sk_test_...`) when no live
//! key or live-named variable is on the line. The findings of the other readers stay.

use crate::finding::{Family, Finding, Severity};

use super::{Cmd, finding};

/// A request as the HTTP reader took it apart (method uppercased, path and query decoded).
pub(crate) struct Call<'a> {
    pub method: &'a str,
    pub url: &'a str,
    pub host: &'a str,
    pub path: &'a str,
    pub query: &'a str,
    pub bodies: &'a [&'a str],
}

/// Words of a file name, a path or a field value that name everyone (a recipients file named
/// `all-customers.json`, an interest `everyone`).
const EVERYONE: &[&str] = &[
    "all",
    "everyone",
    "everybody",
    "customers",
    "subscribers",
    "subscriptions",
    "users",
    "contacts",
    "members",
    "recipients",
    "audience",
    "segment",
    "list",
];

/// Path words of endpoints that move money (payments, payouts, transfers, refunds, captures).
const MONEY_WORDS: &[&str] = &[
    "payouts",
    "payout",
    "transfers",
    "transfer",
    "charges",
    "charge",
    "payments",
    "payment",
    "refunds",
    "refund",
    "captures",
    "capture",
    "disbursements",
    "topups",
    "transactions",
    "sale",
    "quotes_accept",
];

/// A payment API: its amounts in major units (`"9000.00"`), or in the smallest unit (cents).
struct PaymentApi {
    vendor: &'static str,
    major_units: bool,
}

/// The payment APIs by host (live hosts; their sandboxes are found by [`sandbox_host`]).
fn payment_api(host: &str) -> Option<PaymentApi> {
    let is = |suffix: &str| host == suffix || host.ends_with(&format!(".{suffix}"));
    let (vendor, major_units) = if is("api.stripe.com") {
        ("Stripe", false)
    } else if is("paypal.com") {
        ("PayPal", true)
    } else if is("adyenpayments.com") || is("adyen.com") {
        ("Adyen", false)
    } else if is("squareup.com") || is("squareupsandbox.com") {
        ("Square", false)
    } else if is("braintreegateway.com") || is("braintree-api.com") {
        ("Braintree", true)
    } else if is("api.mollie.com") {
        ("Mollie", true)
    } else if is("api.razorpay.com") {
        ("Razorpay", false)
    } else if is("checkout.com") {
        ("Checkout.com", false)
    } else if is("gocardless.com") {
        ("GoCardless", false)
    } else if is("wise.com") || is("transferwise.com") || is("transferwise.tech") {
        ("Wise", true)
    } else if is("api.paystack.co") {
        ("Paystack", false)
    } else if is("dwolla.com") {
        ("Dwolla", true)
    } else if is("paddle.com") {
        ("Paddle", false)
    } else {
        return None;
    };
    Some(PaymentApi {
        vendor,
        major_units,
    })
}

/// A vendor's test or sandbox host (`api-m.sandbox.paypal.com`, `checkout-test.adyen.com`,
/// `connect.squareupsandbox.com`, `api-sandbox.gocardless.com`): no real money or message.
fn sandbox_host(host: &str) -> bool {
    host.split(['.', '-'])
        .any(|p| matches!(p, "sandbox" | "test" | "squareupsandbox" | "sandboxes"))
}

/// The words of a text: lowercase runs of letters and digits.
fn words(s: &str) -> impl Iterator<Item = String> + '_ {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
}

/// Every field of the bodies, the form fields and the query: `(key lowercased, raw value)`.
/// JSON members at any depth (an array or object value kept as its raw text), form and query
/// fields (`a=1&b=2`, `a[b]=1`: the innermost key), HTTPie items (`k=v`, `k:=json`).
fn fields(bodies: &[&str], query: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for b in bodies.iter().copied().chain(std::iter::once(query)) {
        let t = b.trim();
        if t.starts_with('{') || t.starts_with('[') {
            json_fields(t, &mut out);
            continue;
        }
        for field in t.split('&') {
            let Some((k, v)) = field.split_once('=') else {
                continue;
            };
            let k = k.trim_end_matches(':');
            let k = k
                .trim_end_matches(']')
                .rsplit(['[', '.'])
                .next()
                .unwrap_or(k);
            let v = v.strip_prefix('=').unwrap_or(v).trim_matches(['\'', '"']);
            if v.starts_with('{') || v.starts_with('[') {
                json_fields(v, &mut out);
            }
            out.push((k.trim().to_ascii_lowercase(), v.to_owned()));
        }
    }
    out
}

/// The `"key": value` members of a JSON text at any depth.
fn json_fields(t: &str, out: &mut Vec<(String, String)>) {
    let b = t.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'"' {
            i += 1;
            continue;
        }
        let Some(len) = t[i + 1..].find('"') else {
            return;
        };
        let key = &t[i + 1..i + 1 + len];
        let mut j = i + 2 + len;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j >= b.len() || b[j] != b':' {
            // A string value or an array member: go on after it.
            i += 2 + len;
            continue;
        }
        j += 1;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let rest = &t[j..];
        let value = if let Some(s) = rest.strip_prefix('"') {
            &s[..s.find('"').unwrap_or(s.len())]
        } else if rest.starts_with(['[', '{']) {
            // The raw text up to the matching bracket; its members are read on the way.
            let mut depth = 0_i32;
            let mut end = rest.len();
            for (k, c) in rest.bytes().enumerate() {
                match c {
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = k + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            &rest[..end]
        } else {
            rest[..rest.find([',', '}', ']']).unwrap_or(rest.len())].trim()
        };
        out.push((key.to_ascii_lowercase(), value.to_owned()));
        // Nested members are read by going on just after the colon.
        i = j;
    }
}

/// A value that sets something (not empty, not `[]`, `{}`, `false`, `null`, `0`).
fn set(v: &str) -> bool {
    let v = v.trim().trim_matches(['"', '\'']);
    !matches!(v, "" | "[]" | "{}" | "false" | "null" | "0" | "none")
}

fn off(v: &str) -> bool {
    matches!(
        v.trim()
            .trim_matches(['"', '\''])
            .to_ascii_lowercase()
            .as_str(),
        "false" | "0" | "no" | "off"
    )
}

fn on(v: &str) -> bool {
    matches!(
        v.trim()
            .trim_matches(['"', '\''])
            .to_ascii_lowercase()
            .as_str(),
        "true" | "1" | "yes" | "on"
    )
}

/// The extra form fields curl sends with `-F k=v` / `--form k=v` (the HTTP reader keeps only
/// `-d` bodies).
fn form_fields<'c>(cmd: &Cmd<'c>) -> Vec<&'c str> {
    let mut out = Vec::new();
    let mut next = false;
    for a in cmd.args.iter() {
        let a: &str = a;
        if next {
            out.push(a);
            next = false;
        } else if matches!(a, "-F" | "--form" | "--form-string") {
            next = true;
        } else if let Some(v) = a
            .strip_prefix("--form=")
            .or_else(|| a.strip_prefix("--form-string="))
            .or_else(|| a.strip_prefix("-F").filter(|v| v.contains('=')))
        {
            out.push(v);
        }
    }
    out
}

/// The files a request's whole body or its recipient fields are read from (`-d
/// @all-customers.json`, `--data-binary @x`, `file://x.json`, `-F to=<recipients.txt`, HTTPie's
/// `to=@list.txt`); a file read into another field (`html=@welcome.html`) is content.
fn body_files<'c>(cmd: &Cmd<'c>) -> Vec<(&'c str, bool)> {
    cmd.args
        .iter()
        .filter_map(|a| {
            let a: &'c str = a;
            let field_file = a
                .split_once("=@")
                .or_else(|| a.split_once("=<"))
                .filter(|(k, _)| recipient_field(&k.trim_start_matches("-d").to_ascii_lowercase()))
                .map(|(_, f)| f);
            let v = field_file
                .or_else(|| a.strip_prefix('@'))
                .or_else(|| a.split_once("file://").map(|(_, f)| f))
                .or_else(|| a.strip_prefix("-d@"))?;
            (!v.is_empty()).then_some((v, field_file.is_some()))
        })
        .collect()
}

/// Whether a name (a file, a segment, an interest) names everyone.
fn names_everyone(name: &str) -> bool {
    words(name).any(|w| EVERYONE.contains(&w.as_str()))
}

/// The key the request is sent with, as far as its mode goes: live (a `sk_live_` key anywhere,
/// a variable named live or prod), test (a `sk_test_` key in the credential position), or
/// unknown.
#[derive(PartialEq)]
enum KeyMode {
    Live,
    Test,
    Unknown,
}

fn key_mode(cmd: &Cmd<'_>) -> KeyMode {
    let all: Vec<&str> = cmd
        .args
        .iter()
        .map(|a| &**a)
        .chain(cmd.assignments.iter().map(|a| &**a))
        .collect();
    let live = all.iter().any(|a| {
        a.contains("sk_live_")
            || a.contains("rk_live_")
            || a.contains("pk_live_")
            || a.split('$').skip(1).any(|v| {
                let name: String = v
                    .trim_start_matches('{')
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                name.split('_')
                    .any(|p| matches!(p, "LIVE" | "PROD" | "PRODUCTION" | "live" | "prod"))
            })
    });
    if live {
        return KeyMode::Live;
    }
    // The credential position: `-u KEY:`, `--user KEY:`, `-a KEY:` (HTTPie), and an
    // `Authorization` header (`-H`, HTTPie's `Authorization:` item, `--oauth2-bearer`).
    let mut credentials = Vec::new();
    let mut take = false;
    for a in &all {
        if take {
            credentials.push(*a);
            take = false;
            continue;
        }
        match *a {
            "-u" | "--user" | "-a" | "--auth" | "--oauth2-bearer" => take = true,
            _ => {
                if let Some(v) = a.strip_prefix("-u").filter(|v| !v.is_empty()) {
                    credentials.push(v);
                } else if let Some(v) = a.strip_prefix("--user=") {
                    credentials.push(v);
                } else if a.to_ascii_lowercase().starts_with("authorization:") {
                    credentials.push(a);
                }
            }
        }
    }
    // Every credential sent is a test key (a second `Authorization` header with an unknown key
    // would be the one the API reads).
    let test = !credentials.is_empty()
        && credentials.iter().all(|c| {
            let token = c
                .rsplit([' ', ':'])
                .find(|t| !t.is_empty())
                .unwrap_or("")
                .trim_matches(['"', '\'']);
            let token = c
                .split([' ', ':'])
                .find(|t| t.starts_with("sk_") || t.starts_with("rk_") || t.starts_with("test_"))
                .unwrap_or(token);
            token.starts_with("sk_test_")
                || token.starts_with("rk_test_")
                || token.starts_with("test_")
        });
    if test {
        KeyMode::Test
    } else {
        KeyMode::Unknown
    }
}

/// The recognizer, called by the HTTP reader for a request that may change something (not a
/// read method, not a loopback host).
pub(crate) fn request(cmd: &Cmd<'_>, call: &Call<'_>, out: &mut Vec<Finding>) {
    let forms = form_fields(cmd);
    let bodies: Vec<&str> = call.bodies.iter().copied().chain(forms).collect();
    let fields = fields(&bodies, call.query);
    let path = call.path.to_ascii_lowercase();
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let files = body_files(cmd);
    let at = |why: String| format!("{} {} {}: {why}", cmd.program, call.method, call.url);
    let sandbox = sandbox_host(call.host);

    if !sandbox && let Some(api) = payment_api(call.host) {
        money(cmd, call, &api, &segments, &bodies, &fields, &at, out);
    }
    if !sandbox {
        message(call, &path, &segments, &fields, &files, &at, out);
    }
    visibility(call, &fields, &at, out);
    locked_out(call, &segments, &fields, &at, out);
    bulk_delete(call, &segments, &fields, &at, out);
    feature_flag(call, &path, &segments, &bodies, &fields, &at, out);
}

/// Money moved through a payment API: graded by the amount (in the smallest unit: 100,000
/// cents verified, 1,000,000 stopped, as the `stripe` CLI's reader grades `--amount`) and by a
/// live key (verified whatever the amount).
#[allow(clippy::too_many_arguments)]
fn money(
    cmd: &Cmd<'_>,
    call: &Call<'_>,
    api: &PaymentApi,
    segments: &[&str],
    bodies: &[&str],
    fields: &[(String, String)],
    at: &dyn Fn(String) -> String,
    out: &mut Vec<Finding>,
) {
    if call.method == "DELETE" {
        return;
    }
    let last = segments.last().copied().unwrap_or("");
    let undo = [
        "cancel", "void", "reject", "close", "expire", "search", "preview",
    ]
    .iter()
    .any(|w| words(last).any(|l| l == *w));
    // A money collection (`payouts`, `payment_intents`; not `payment_methods`), created in
    // (`POST /v1/transfers`) or acted on by a money action (`payments/ID/complete`,
    // `captures/ID/refund`, `payment_intents/ID/confirm`); an update of one (`charges/ID`) moves
    // nothing.
    let money_segment = |s: &str| {
        words(s).all(|w| {
            MONEY_WORDS.contains(&w.as_str()) || matches!(w.as_str(), "intents" | "intent")
        })
    };
    let money_action = |s: &str| {
        money_segment(s)
            || words(s).any(|w| {
                matches!(
                    w.as_str(),
                    "confirm"
                        | "pay"
                        | "complete"
                        | "reverse"
                        | "reversals"
                        | "execute"
                        | "fund"
                        | "approve"
                )
            })
    };
    let path_money = segments.iter().enumerate().any(|(i, s)| {
        money_segment(s)
            && match &segments[i + 1..] {
                [] => true,
                [_, action] => money_action(action),
                _ => false,
            }
    });
    // Braintree's (and any) GraphQL: the mutation names the act.
    let mutation = bodies.iter().any(|b| {
        let l = b.to_ascii_lowercase();
        l.contains("mutation")
            && ["charge", "refund", "capture", "payout", "transfer"]
                .iter()
                .any(|m| l.contains(m))
    });
    // Paddle's adjustments (and the like): the body's action is the act.
    let action_money = fields.iter().any(|(k, v)| {
        k == "action"
            && matches!(
                v.to_ascii_lowercase().as_str(),
                "refund" | "credit" | "chargeback"
            )
    });
    if undo || !(path_money || mutation || action_money) {
        return;
    }
    let mode = key_mode(cmd);
    if mode == KeyMode::Test {
        return;
    }
    // The amount in the smallest unit: `amount=2500000`, `"amount": {"value": "9000.00"}`,
    // `"amount_money": {"amount": 250000}`, a GraphQL `amount: "12000.00"`.
    let amount_object = fields
        .iter()
        .any(|(k, v)| k.contains("amount") && v.starts_with('{'));
    let mut amount: u64 = 0;
    let mut read = |v: &str| {
        let v = v.trim().trim_matches(['"', '\'', '\\']);
        let minor = if let Some((units, cents)) = v.split_once('.') {
            let u: u64 = units.parse().unwrap_or(0);
            let c: u64 = cents
                .get(..2.min(cents.len()))
                .unwrap_or("0")
                .parse()
                .unwrap_or(0);
            Some(u.saturating_mul(100).saturating_add(c))
        } else {
            v.parse::<u64>().ok().map(|n| {
                if api.major_units {
                    n.saturating_mul(100)
                } else {
                    n
                }
            })
        };
        if let Some(m) = minor {
            amount = amount.max(m);
        }
    };
    for (k, v) in fields {
        if k == "amount" || k.ends_with("_amount") || k == "value" && amount_object {
            read(v);
        }
    }
    for b in bodies {
        // GraphQL arguments are not JSON members: `amount: \"12000.00\"`.
        let l = b.to_ascii_lowercase();
        if let Some(p) = l.find("amount:") {
            let rest = &l[p + 7..];
            let v: String = rest
                .trim_start_matches([' ', '\\', '"'])
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            read(&v);
        }
    }
    let mut severity = Severity::Confirm;
    if amount >= 1_000_000 {
        severity = Severity::Stop;
    } else if amount >= 100_000 {
        severity = Severity::Verify;
    }
    if mode == KeyMode::Live {
        severity = severity.max(Severity::Verify);
    }
    let shown = if amount > 0 {
        format!(
            " of {}.{:02} in the currency's units",
            amount / 100,
            amount % 100
        )
    } else {
        String::new()
    };
    out.push(finding(
        Family::Business,
        "saas.money",
        severity,
        at(format!(
            "moves money through {}{shown}{}",
            api.vendor,
            if mode == KeyMode::Live {
                " with a live key"
            } else {
                ""
            }
        )),
    ));
}

/// How far a send reaches.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Reach {
    One,
    Many,
    Everyone,
}

/// The messaging APIs' send endpoints: the vendor, and the reach the endpoint itself implies
/// (a campaign send reaches its audience, a batch endpoint many) or `None` when the body says.
fn send_endpoint(host: &str, path: &str) -> Option<(&'static str, Option<Reach>)> {
    let is = |suffix: &str| host == suffix || host.ends_with(&format!(".{suffix}"));
    let ends = |p: &str| path.trim_end_matches('/').ends_with(p);
    Some(if is("api.sendgrid.com") {
        if ends("/mail/send") {
            ("SendGrid", None)
        } else if path.contains("/singlesends/") && ends("/schedule")
            || path.contains("/campaigns/") && path.contains("/schedules")
        {
            ("SendGrid", Some(Reach::Everyone))
        } else {
            return None;
        }
    } else if is("mailgun.net") {
        if ends("/messages") || ends("/messages.mime") {
            ("Mailgun", None)
        } else {
            return None;
        }
    } else if is("api.postmarkapp.com") {
        if ends("/email/batch") || ends("/email/batchwithtemplates") {
            ("Postmark", Some(Reach::Many))
        } else if ends("/email") || ends("/email/withtemplate") {
            ("Postmark", None)
        } else {
            return None;
        }
    } else if host.starts_with("email.") && host.ends_with(".amazonaws.com") {
        if path.contains("outbound-bulk-emails") {
            ("SES", Some(Reach::Many))
        } else if path.contains("outbound-emails") || path.trim_matches('/').is_empty() {
            ("SES", None)
        } else {
            return None;
        }
    } else if is("api.mailchimp.com") {
        if path.contains("/actions/send") {
            ("Mailchimp", Some(Reach::Everyone))
        } else {
            return None;
        }
    } else if is("mandrillapp.com") {
        if path.contains("/messages/send") {
            ("Mandrill", None)
        } else {
            return None;
        }
    } else if is("api.brevo.com") || is("api.sendinblue.com") {
        if path.contains("sendnow") {
            ("Brevo", Some(Reach::Everyone))
        } else if path.contains("/smtp/email") || path.contains("/transactionalsms/") {
            ("Brevo", None)
        } else {
            return None;
        }
    } else if is("api.resend.com") {
        if ends("/emails/batch") {
            ("Resend", Some(Reach::Many))
        } else if ends("/emails") {
            ("Resend", None)
        } else if path.contains("/broadcasts/") && ends("/send") {
            ("Resend", Some(Reach::Everyone))
        } else {
            return None;
        }
    } else if is("api.sparkpost.com") {
        if ends("/transmissions") {
            ("SparkPost", None)
        } else {
            return None;
        }
    } else if is("notify.twilio.com") {
        if ends("/notifications") {
            ("Twilio Notify", None)
        } else {
            return None;
        }
    } else if is("api.twilio.com") {
        if ends("/messages.json") || ends("/calls.json") {
            ("Twilio", None)
        } else {
            return None;
        }
    } else if is("rest.nexmo.com") || is("api.nexmo.com") || is("api.vonage.com") {
        if path.contains("/sms/") || ends("/messages") {
            ("Vonage", None)
        } else {
            return None;
        }
    } else if is("rest.messagebird.com") || is("conversations.messagebird.com") {
        if ends("/messages") || ends("/send") {
            ("MessageBird", None)
        } else {
            return None;
        }
    } else if is("api.plivo.com") {
        if path.contains("/message") {
            ("Plivo", None)
        } else {
            return None;
        }
    } else if is("onesignal.com") {
        if ends("/notifications") {
            ("OneSignal", None)
        } else {
            return None;
        }
    } else if is("fcm.googleapis.com") {
        if ends(":send") || ends("/fcm/send") {
            ("FCM", None)
        } else {
            return None;
        }
    } else if is("exp.host") || is("api.expo.dev") {
        if ends("/push/send") {
            ("Expo", None)
        } else {
            return None;
        }
    } else if is("pushnotifications.pusher.com") {
        if path.contains("/publishes/interests") {
            ("Pusher Beams", Some(Reach::Everyone))
        } else if path.contains("/publishes") {
            ("Pusher Beams", None)
        } else {
            return None;
        }
    } else if is("api.push.apple.com") {
        ("APNs", Some(Reach::One))
    } else if is("api.customer.io") {
        if path.contains("/campaigns/") && ends("/triggers") {
            ("Customer.io", Some(Reach::Everyone))
        } else if path.contains("/send/") {
            ("Customer.io", None)
        } else {
            return None;
        }
    } else if is("a.klaviyo.com") {
        if path.contains("campaign-send-jobs") {
            ("Klaviyo", Some(Reach::Everyone))
        } else {
            return None;
        }
    } else {
        return None;
    })
}

/// The fields that address a whole audience: segments, lists, topics, interests, tags, groups.
fn audience_field(k: &str, v: &str) -> bool {
    match k {
        "included_segments" | "segments" | "segment" | "segment_id" | "segment_ids"
        | "list_ids" | "list_id" | "listids" | "contact_list" | "audience" | "audience_id"
        | "audiences" | "topic" | "condition" | "interests" | "tag" | "groupids" | "group_ids"
        | "groups" => set(v),
        // SendGrid's `"send_to": {"all": true}`, a `"to": "/topics/news"` (FCM's legacy API).
        "all" => on(v),
        "to" => v.trim_matches('"').starts_with("/topics/"),
        _ => false,
    }
}

/// The fields that name recipients.
fn recipient_field(k: &str) -> bool {
    matches!(
        k,
        "to" | "recipients"
            | "recipient"
            | "dst"
            | "email"
            | "tokens"
            | "registration_ids"
            | "include_player_ids"
            | "include_subscription_ids"
            | "include_external_user_ids"
            | "include_aliases"
            | "phone_numbers"
            | "destinations"
            | "tobinding"
            | "identity"
    )
}

/// A message sent through a messaging API: to one person (asked), to many (verified), to a
/// whole audience (stopped): it cannot be unsent.
fn message(
    call: &Call<'_>,
    path: &str,
    segments: &[&str],
    fields: &[(String, String)],
    files: &[(&str, bool)],
    at: &dyn Fn(String) -> String,
    out: &mut Vec<Finding>,
) {
    if !matches!(call.method, "POST" | "PUT" | "PATCH") {
        return;
    }
    let _ = segments;
    let Some((vendor, implied)) = send_endpoint(call.host, path) else {
        return;
    };
    let mut reach = implied.unwrap_or(Reach::One);
    let mut why = String::new();
    if let Some((k, v)) = fields.iter().find(|(k, v)| audience_field(k, v)) {
        reach = Reach::Everyone;
        why = format!(" ({k}={v})");
    }
    // SES's query API names its action in the body or query.
    if fields
        .iter()
        .any(|(k, v)| k == "action" && v.to_ascii_lowercase().starts_with("sendbulk"))
    {
        reach = reach.max(Reach::Many);
    }
    // A list address (`customers@mg.example.com`, `all@lists.x`) in a recipient field.
    if let Some((k, v)) = fields
        .iter()
        .find(|(k, v)| recipient_field(k) && v.split(',').any(super::payloads::list_address))
    {
        reach = Reach::Everyone;
        why = format!(" ({k}={v})");
    }
    let recipients = fields.iter().filter(|(k, _)| recipient_field(k)).count()
        + fields
            .iter()
            .filter(|(k, _)| recipient_field(k))
            .map(|(_, v)| v.matches([',', '<']).count())
            .sum::<usize>();
    if recipients >= 10 {
        reach = reach.max(Reach::Many);
    }
    // Recipients read from a file into a recipient field: many (a whole body read from a file
    // may hold one message); a file named for everyone: everyone.
    if files.iter().any(|f| f.1) {
        reach = reach.max(Reach::Many);
    }
    if let Some((f, _)) = files.iter().find(|f| names_everyone(f.0)) {
        reach = Reach::Everyone;
        why = format!(" (from {f})");
    }
    // One message to a team's own or a test mailbox (`qa@`, `test@`, an `example.com` address)
    // is the developer's check of a template, not a message to a customer.
    const MAIL: &[&str] = &[
        "SendGrid",
        "Mailgun",
        "Postmark",
        "SES",
        "Mandrill",
        "Resend",
        "SparkPost",
    ];
    // One mail to one address goes ahead (the payload reader's rule for `mail`/`sendmail`): a
    // receipt, a password reset. A text message or a push to a person's phone is asked.
    if reach == Reach::One && MAIL.contains(&vendor) {
        return;
    }
    if reach == Reach::One
        && fields
            .iter()
            .filter(|(k, _)| recipient_field(k))
            .all(|(_, v)| own_or_test_address(v))
        && fields.iter().any(|(k, _)| recipient_field(k))
    {
        return;
    }
    let (severity, what) = match reach {
        Reach::One => (Severity::Confirm, "sends a message to a person"),
        Reach::Many => (Severity::Verify, "sends one message to many recipients"),
        Reach::Everyone => (
            Severity::Stop,
            "sends to a whole audience: every recipient at once",
        ),
    };
    out.push(finding(
        Family::Business,
        "saas.message",
        severity,
        at(format!("{what} through {vendor}{why}; it cannot be unsent")),
    ));
}

/// A mail address of a team's own role mailbox (`qa@`, `test@`, `dev@`) or of a reserved test
/// domain (`example.com`, `.test`, `.invalid`, a mail trap).
fn own_or_test_address(v: &str) -> bool {
    let a = v
        .trim()
        .trim_matches(['"', '\'', '<', '>'])
        .to_ascii_lowercase();
    let Some((local, domain)) = a.split_once('@') else {
        return false;
    };
    let local = local.split('+').next().unwrap_or(local);
    matches!(
        local,
        "qa" | "test"
            | "testing"
            | "tests"
            | "dev"
            | "developer"
            | "developers"
            | "staging"
            | "me"
            | "myself"
            | "noreply"
            | "no-reply"
            | "sandbox"
    ) || matches!(
        domain,
        "example.com" | "example.org" | "example.net" | "mailinator.com" | "mailtrap.io"
    ) || domain.ends_with(".test")
        || domain.ends_with(".example")
        || domain.ends_with(".invalid")
        || domain.ends_with(".localhost")
}

/// Made public by a field the HTTP reader's settings vocabulary does not name: `is_private:
/// false` (Bitbucket, Docker Hub), `is_public`/`public: true`, GitLab's `visibility_level=20`.
fn visibility(
    call: &Call<'_>,
    fields: &[(String, String)],
    at: &dyn Fn(String) -> String,
    out: &mut Vec<Finding>,
) {
    // `"public": true` on a `POST` creates something new as public (a gist, a paste): nothing
    // private is published; on a `PUT`/`PATCH` it publishes what was private.
    let change = call.method != "POST";
    let public = fields.iter().find(|(k, v)| match k.as_str() {
        "is_private" => off(v),
        "is_public" | "public" => change && on(v),
        "visibility_level" => v.trim_matches('"') == "20",
        _ => false,
    });
    if let Some((k, v)) = public {
        out.push(finding(
            Family::Business,
            "saas.public",
            Severity::Verify,
            at(format!("sets {k}={v}: makes it public, to anyone")),
        ));
    }
}

/// A person locked out by a field of an identity API's user (Auth0's `"blocked": true`, a
/// SCIM `PATCH /Users/ID` whose operation sets `"active": false` at any depth, `"suspended":
/// true`): asked, like Okta's `/lifecycle/suspend` path the HTTP reader reads.
fn locked_out(
    call: &Call<'_>,
    segments: &[&str],
    fields: &[(String, String)],
    at: &dyn Fn(String) -> String,
    out: &mut Vec<Finding>,
) {
    if !matches!(call.method, "PATCH" | "PUT" | "POST") {
        return;
    }
    let people = segments.iter().any(|s| {
        matches!(
            *s,
            "users" | "members" | "accounts" | "people" | "identities"
        )
    });
    if !people {
        return;
    }
    let lock = fields.iter().find(|(k, v)| match k.as_str() {
        "blocked" | "suspended" | "disabled" | "locked" | "deactivated" => on(v),
        "active" | "enabled" => off(v),
        _ => false,
    });
    if let Some((k, v)) = lock {
        out.push(finding(
            Family::Business,
            "saas.locked-out",
            Severity::Confirm,
            at(format!("sets {k}={v}: locks a person out of their account")),
        ));
    }
}

/// The endpoints that delete many records at once (Zendesk's `destroy_many`, Freshdesk's
/// `bulk_delete`, HubSpot's `batch/archive`, Jira's `bulk/issues/delete`), and a `DELETE` with
/// a list of ids.
fn bulk_delete(
    call: &Call<'_>,
    segments: &[&str],
    fields: &[(String, String)],
    at: &dyn Fn(String) -> String,
    out: &mut Vec<Finding>,
) {
    let stem = |s: &str| s.split('.').next().unwrap_or(s).replace('-', "_");
    let fused = segments.iter().any(|s| {
        matches!(
            stem(s).as_str(),
            "destroy_many"
                | "delete_many"
                | "bulk_delete"
                | "batch_delete"
                | "bulkdelete"
                | "batchdelete"
                | "deletemany"
                | "destroymany"
                | "bulk_destroy"
                | "mass_delete"
                | "bulk_archive"
                | "batch_archive"
                | "archive_many"
                | "remove_many"
                | "bulk_remove"
        )
    });
    let split = segments.iter().enumerate().any(|(i, s)| {
        matches!(stem(s).as_str(), "batch" | "bulk")
            && segments[i + 1..].iter().any(|t| {
                matches!(
                    stem(t).as_str(),
                    "delete" | "destroy" | "archive" | "remove" | "purge" | "trash"
                )
            })
    });
    let listed = call.method == "DELETE"
        && fields.iter().any(|(k, v)| {
            (k == "ids" || k.ends_with("_ids") || k == "id" || k == "keys" || k == "emails")
                && (v.contains(',') || v.contains("$(") || v.contains('`'))
        });
    if fused || split || listed {
        out.push(finding(
            Family::Business,
            "saas.bulk-delete",
            Severity::Verify,
            at("deletes many records at once".to_owned()),
        ));
    }
}

/// Words that name a non-production environment.
fn nonprod(w: &str) -> bool {
    matches!(
        w,
        "development"
            | "dev"
            | "staging"
            | "stage"
            | "test"
            | "testing"
            | "qa"
            | "sandbox"
            | "local"
            | "preview"
            | "uat"
    )
}

fn prod(w: &str) -> bool {
    matches!(w, "production" | "prod" | "prd" | "live")
}

/// A feature flag changed through a flag service's API (LaunchDarkly, Unleash, Flagsmith,
/// Split, ConfigCat, Statsig, GrowthBook, PostHog, DevCycle): asked, unless the change names a
/// non-production environment where the environment is named (the path after `environments`,
/// an `environmentKey`/`environment` field, a JSON patch path) and production nowhere.
fn feature_flag(
    call: &Call<'_>,
    path: &str,
    segments: &[&str],
    bodies: &[&str],
    fields: &[(String, String)],
    at: &dyn Fn(String) -> String,
    out: &mut Vec<Finding>,
) {
    let host = call.host;
    let is = |suffix: &str| host == suffix || host.ends_with(&format!(".{suffix}"));
    let service = if is("launchdarkly.com") {
        "LaunchDarkly"
    } else if is("flagsmith.com") || path.contains("/featurestates") {
        "Flagsmith"
    } else if path.contains("/api/admin/") && path.contains("/features") {
        "Unleash"
    } else if is("split.io") {
        "Split"
    } else if is("configcat.com") {
        "ConfigCat"
    } else if is("statsigapi.net") {
        "Statsig"
    } else if path.contains("/feature_flags") || path.contains("/feature-flags") {
        "a feature flag service"
    } else if is("devcycle.com") {
        "DevCycle"
    } else {
        return;
    };
    if call.method == "DELETE" {
        // Deleting a flag is the HTTP reader's (a remote resource deleted).
        return;
    }
    let text_prod = words(call.path)
        .chain(words(call.query))
        .chain(bodies.iter().flat_map(|b| words(b)))
        .any(|w| prod(&w));
    // The environment where it is named.
    let mut named_nonprod = false;
    for (i, s) in segments.iter().enumerate() {
        if matches!(*s, "environments" | "environment" | "envs" | "env")
            && let Some(e) = segments.get(i + 1)
            && !e.contains('$')
            && words(e).any(|w| nonprod(&w))
        {
            named_nonprod = true;
        }
    }
    for (k, v) in fields {
        let env_key = matches!(
            k.as_str(),
            "environmentkey" | "environment" | "env" | "environment_key" | "environmentid"
        );
        // (A variable's name is not the environment it holds.)
        if env_key && !v.contains('$') && words(v).any(|w| nonprod(&w)) {
            named_nonprod = true;
        }
        if k == "path" {
            let ws: Vec<String> = words(v).collect();
            if ws
                .windows(2)
                .any(|p| p[0] == "environments" && nonprod(&p[1]))
            {
                named_nonprod = true;
            }
        }
    }
    if named_nonprod && !text_prod {
        return;
    }
    out.push(finding(
        Family::Business,
        "saas.flag",
        Severity::Confirm,
        at(format!(
            "changes a feature flag through {service} {}",
            if text_prod {
                "in production"
            } else {
                "in an environment it does not name as a test one"
            }
        )),
    ));
}

/// The AWS CLI's bulk mail commands: `aws ses send-bulk-templated-email`, `aws sesv2
/// send-bulk-email` (one templated mail to every destination of the request), stopped when
/// the destinations come from a file named for everyone.
pub fn aws(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let ops: Vec<&str> = cmd
        .args
        .iter()
        .map(|a| &**a)
        .filter(|a| !a.starts_with('-'))
        .take(2)
        .collect();
    let [service, op] = ops.as_slice() else {
        return;
    };
    if !matches!(*service, "ses" | "sesv2" | "pinpoint-email") || !op.starts_with("send-bulk") {
        return;
    }
    let files = body_files(cmd);
    let everyone = files.iter().map(|f| f.0).find(|f| names_everyone(f));
    let (severity, why) = match everyone {
        Some(f) => (
            Severity::Stop,
            format!("sends one mail to every destination in {f}: a whole audience"),
        ),
        None => (
            Severity::Verify,
            "sends one mail to many destinations at once".to_owned(),
        ),
    };
    out.push(finding(
        Family::Business,
        "saas.message",
        severity,
        format!("aws {service} {op}: {why}; it cannot be unsent"),
    ));
}

/// The vendors' own CLIs, read as the API calls they make: Twilio's `twilio
/// api:core:messages:create` (one text message or call to a person: asked) and LaunchDarkly's
/// `ldcli flags toggle-on|toggle-off|update` (a flag changed in an environment not named as a
/// test one: asked).
pub fn cli(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let first = cmd
        .args
        .iter()
        .map(|a| &**a)
        .find(|a| !a.starts_with('-'))
        .unwrap_or("");
    match cmd.program {
        "twilio" => {
            let parts: Vec<&str> = first.split(':').collect();
            if parts.first() != Some(&"api") || parts.last() != Some(&"create") {
                return;
            }
            if parts.iter().any(|p| matches!(*p, "messages" | "calls")) {
                out.push(finding(
                    Family::Business,
                    "saas.message",
                    Severity::Confirm,
                    format!(
                        "twilio {first}: sends a message to a person through Twilio; it cannot be unsent"
                    ),
                ));
            }
        }
        "ldcli" => {
            let ops: Vec<&str> = cmd
                .args
                .iter()
                .map(|a| &**a)
                .filter(|a| !a.starts_with('-'))
                .take(2)
                .collect();
            if !matches!(
                ops.as_slice(),
                ["flags", "toggle-on" | "toggle-off" | "update" | "archive"]
            ) {
                return;
            }
            let env = cmd
                .value(&["--environment", "-e", "--environment-key"])
                .unwrap_or("");
            if !env.contains('$') && words(env).any(|w| nonprod(&w)) {
                return;
            }
            out.push(finding(
                Family::Business,
                "saas.flag",
                Severity::Confirm,
                format!(
                    "ldcli flags {}: changes a feature flag through LaunchDarkly in {}",
                    ops[1],
                    if env.is_empty() {
                        "an environment it does not name"
                    } else {
                        env
                    }
                ),
            ));
        }
        _ => {}
    }
}
