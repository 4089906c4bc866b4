//! A request that reaches only a vendor's sandbox or test mode, or this machine: no money
//! moves and no data leaves for anyone's live account. Read by where the request goes, never
//! by words: the host of every URL on the line (after the variables an earlier step exported
//! or the line's prefix set: `export PAYPAL_API=https://api-m.sandbox.paypal.com`, then
//! `curl "$PAYPAL_API/v1/payments/payouts" -d @batch.json`), and for vendors whose test mode
//! is a key and not a host, every key on the line.
//!
//! The hosts are the vendors' documented sandbox hosts ([`SANDBOX_HOSTS`], matched on the
//! registered domain so `sandbox.paypal.com.example.net` or `paypal-sandbox.example` is not
//! PayPal's), loopback addresses, Docker's `host.docker.internal` and `*.localhost` (RFC
//! 6761's loopback names; `.test` and `.example` are not: examples use them for any outside
//! host). The test keys are the
//! vendors' documented prefixes ([`TEST_KEYS`]: Stripe's `sk_test_`, Razorpay's `rzp_test_`,
//! Mollie's `test_`...), with every key of the vendor's shape on the line a test one.
//!
//! Anything that could send the same request elsewhere keeps the finding: a URL that is not
//! such a host (a second URL, a variable nobody set), a proxy, a name resolved by hand
//! (`--resolve`, `--connect-to`), a certificate check turned off, a config file, a proxy
//! variable exported. What is sent matters too: a secret file, a copy of one, a list of
//! people, or the standard input (which may carry a secret read upstream) keep it.

use super::carried::setting;
use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};

/// HTTP clients whose destinations are the URLs on their line.
const CLIENTS: &[&str] = &["curl", "wget", "http", "https", "xh", "xhs", "curlie"];

/// Vendors' sandbox hosts (from their API references), matched as the host or a name under
/// it; a leading `*` stands for one label's beginning (`*-test.adyen.com` is
/// `checkout-test.adyen.com`, `pal-test.adyen.com`...).
const SANDBOX_HOSTS: &[(&str, &str)] = &[
    ("sandbox.paypal.com", "PayPal's sandbox"),
    ("sandbox.braintreegateway.com", "Braintree's sandbox"),
    ("sandbox.braintree-api.com", "Braintree's sandbox"),
    ("squareupsandbox.com", "Square's sandbox"),
    ("sandbox.plaid.com", "Plaid's sandbox"),
    ("*-test.adyen.com", "Adyen's test environment"),
    ("sandbox.checkout.com", "Checkout.com's sandbox"),
    ("api-sandbox.gocardless.com", "GoCardless' sandbox"),
    ("sandbox-api.paddle.com", "Paddle's sandbox"),
    ("sandbox-vendors.paddle.com", "Paddle's sandbox"),
    ("apitest.authorize.net", "Authorize.net's sandbox"),
    ("apitest.cybersource.com", "Cybersource's test environment"),
    ("sandbox.transferwise.tech", "Wise's sandbox"),
    ("api-sandbox.dwolla.com", "Dwolla's sandbox"),
    ("sandbox-api.marqeta.com", "Marqeta's sandbox"),
    ("sandbox-quickbooks.api.intuit.com", "QuickBooks' sandbox"),
    ("sandbox.ebay.com", "eBay's sandbox"),
    ("sandbox.itunes.apple.com", "the App Store's sandbox"),
    (
        "storekit-sandbox.itunes.apple.com",
        "the App Store's sandbox",
    ),
    (
        "sandbox.sellingpartnerapi-na.amazon.com",
        "Amazon's Selling Partner sandbox",
    ),
    (
        "sandbox.sellingpartnerapi-eu.amazon.com",
        "Amazon's Selling Partner sandbox",
    ),
    (
        "sandbox.sellingpartnerapi-fe.amazon.com",
        "Amazon's Selling Partner sandbox",
    ),
    ("playground.klarna.com", "Klarna's playground"),
    ("us-sandbox.afterpay.com", "Afterpay's sandbox"),
    ("global-api-sandbox.afterpay.com", "Afterpay's sandbox"),
    ("sandbox.affirm.com", "Affirm's sandbox"),
    ("demo.docusign.net", "DocuSign's developer environment"),
    ("account-d.docusign.com", "DocuSign's developer environment"),
    (
        "sandbox.exchange.coinbase.com",
        "Coinbase Exchange's sandbox",
    ),
    ("paper-api.alpaca.markets", "Alpaca's paper trading"),
    ("testnet.binance.vision", "Binance's spot testnet"),
    ("sandbox.api.mailtrap.io", "Mailtrap's email sandbox"),
    ("sandbox.midtrans.com", "Midtrans' sandbox"),
    ("apisandbox.zuora.com", "Zuora's API sandbox"),
    ("sandbox.dev.clover.com", "Clover's sandbox"),
    ("sandbox.api.visa.com", "Visa's developer sandbox"),
    (
        "sandbox.api.mastercard.com",
        "Mastercard's developer sandbox",
    ),
    ("sandbox.rapyd.net", "Rapyd's sandbox"),
    ("sandbox.payfast.co.za", "Payfast's sandbox"),
    ("sandbox.safaricom.co.ke", "M-Pesa's sandbox"),
    ("apis-sandbox.fedex.com", "FedEx's sandbox"),
    ("wwwcie.ups.com", "UPS' customer integration environment"),
];

/// Vendors whose test mode is the key: their API host, the prefixes every key of theirs
/// starts with, and the prefix of a test key.
type TestKeys = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static str,
);

const TEST_KEYS: &[TestKeys] = &[
    (
        "api.stripe.com",
        &["sk_", "rk_"],
        &["sk_test_", "rk_test_"],
        "Stripe's test mode",
    ),
    (
        "api.paystack.co",
        &["sk_"],
        &["sk_test_"],
        "Paystack's test mode",
    ),
    (
        "api.razorpay.com",
        &["rzp_"],
        &["rzp_test_"],
        "Razorpay's test mode",
    ),
    (
        "api.mollie.com",
        &["live_", "test_"],
        &["test_"],
        "Mollie's test mode",
    ),
    (
        "api.flutterwave.com",
        &["FLWSECK"],
        &["FLWSECK_TEST"],
        "Flutterwave's test mode",
    ),
    (
        "api.mercadopago.com",
        &["APP_USR-", "TEST-"],
        &["TEST-"],
        "Mercado Pago's test mode",
    ),
    (
        "api.goshippo.com",
        &["shippo_"],
        &["shippo_test_"],
        "Shippo's test mode",
    ),
    (
        "api.easypost.com",
        &["EZAK", "EZTK"],
        &["EZTK"],
        "EasyPost's test mode",
    ),
];

/// Options that send the request elsewhere than its URL says, or through someone else.
const ELSEWHERE: &[&str] = &[
    "--resolve",
    "--connect-to",
    "-x",
    "--proxy",
    "--preproxy",
    "--socks4",
    "--socks4a",
    "--socks5",
    "--socks5-hostname",
    "--unix-socket",
    "--abstract-unix-socket",
    "-K",
    "--config",
    "--doh-url",
    "--dns-servers",
    "-k",
    "--insecure",
    "--no-check-certificate",
    "--verify=no",
    "-e",
    "--execute",
    "-i",
    "--input-file",
    "-B",
    "--base",
];

/// Variables that send every request through a proxy.
const PROXY_VARIABLES: &[&str] = &[
    "https_proxy",
    "HTTPS_PROXY",
    "http_proxy",
    "HTTP_PROXY",
    "all_proxy",
    "ALL_PROXY",
];

/// `word` with its `$NAME` / `${NAME}` references replaced by their values; `None` when one
/// is not known (or holds another reference).
fn expand(word: &str, cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let mut out = String::new();
    let mut rest = word;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let (name, tail) = if let Some(braced) = after.strip_prefix('{') {
            let end = braced.find('}')?;
            (&braced[..end], &braced[end + 1..])
        } else {
            let end = after
                .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        let value = setting(cmd, ctx, name).filter(|v| !name.is_empty() && !v.contains('$'))?;
        out.push_str(value);
        rest = tail;
    }
    out.push_str(rest);
    Some(out)
}

/// What a host is when it is a sandbox, a test name or this machine.
fn sandbox_host(host: &str) -> Option<&'static str> {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    let host = host.as_str();
    // `.test` and `.example` are reserved too, but stand for any outside host in examples
    // and tests (this project's own): a name there proves nothing about who answers.
    if host == "localhost"
        || host.starts_with("127.")
        || host == "::1"
        || host == "host.docker.internal"
        || host.ends_with(".localhost")
    {
        return Some("this machine");
    }
    SANDBOX_HOSTS.iter().find_map(|(entry, what)| {
        let hit = match entry.strip_prefix('*') {
            // `*-test.adyen.com`: one label ending in `-test`, then the domain.
            Some(tail) => host
                .strip_suffix(tail)
                .is_some_and(|head| !head.is_empty() && !head.contains('.')),
            None => host == *entry || host.ends_with(&format!(".{entry}")),
        };
        hit.then_some(*what)
    })
}

/// Whether every key of the vendor's shape on the line is a test key, and there is one.
fn test_keys(words: &[String], shapes: &[&str], tests: &[&str]) -> bool {
    let mut seen = false;
    for w in words {
        for token in w.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')) {
            if shapes.iter().any(|s| token.starts_with(s)) {
                if !tests.iter().any(|t| token.starts_with(t)) {
                    return false;
                }
                seen = true;
            }
        }
    }
    seen
}

/// Where the request goes when it provably reaches only sandboxes, test names or this machine.
fn destination(cmd: &Cmd<'_>, ctx: &Context) -> Option<&'static str> {
    // Standard input may carry anything (`< .env`, a pipe from a secret read).
    if !CLIENTS.contains(&cmd.program)
        || cmd.piped_in
        || cmd
            .redirects
            .iter()
            .any(|r| matches!(r.kind, crate::shell::RedirectKind::Read))
    {
        return None;
    }
    let elsewhere = cmd.words().any(|w| {
        ELSEWHERE
            .iter()
            .any(|e| w == *e || w.starts_with(&format!("{e}=")))
            || w.starts_with("--proxy")
    });
    if elsewhere
        || PROXY_VARIABLES
            .iter()
            .any(|v| setting(cmd, ctx, v).is_some_and(|x| !x.is_empty()))
    {
        return None;
    }
    // A variable nobody set may be a destination when the word is a URL or starts with it;
    // inside a header or a body (`-H "Authorization: Bearer $TOKEN"`) it is not one.
    let mut words = Vec::new();
    let mut unresolved = false;
    for w in cmd.words() {
        let w = w.trim_matches(['\'', '"']);
        match expand(w, cmd, ctx) {
            Some(x) => words.push(x),
            None if w.starts_with('$') || w.contains("://") || w.contains("$(") => return None,
            None => {
                unresolved = true;
                words.push(w.to_owned());
            }
        }
    }
    let mut what = None;
    let mut urls = 0;
    for w in &words {
        let w = w.trim_start_matches("--url=");
        if !w.contains("://") {
            continue;
        }
        urls += 1;
        let host = super::scope::url_host(w, &[':']);
        // A key behind a variable nobody set may be a live one.
        if let Some((_, shapes, tests, name)) = TEST_KEYS.iter().find(|t| t.0 == host) {
            (!unresolved && test_keys(&words, shapes, tests)).then_some(())?;
            what = Some(*name);
            continue;
        }
        what = Some(sandbox_host(host)?);
    }
    if urls == 0 {
        return None;
    }
    // What is sent: no secret, no copy of one, no list of people (`-d @F`, `-F x=@F`,
    // HTTPie's `x=@F` and `x:=@F`, `-T F`).
    let uploaded = words.iter().enumerate().filter_map(|(i, w)| {
        if matches!(
            w.as_str(),
            "-T" | "--upload-file" | "--post-file" | "--body-file"
        ) {
            return words.get(i + 1).map(String::as_str);
        }
        if let Some(f) = ["--post-file=", "--body-file=", "--upload-file="]
            .iter()
            .find_map(|o| w.strip_prefix(o))
        {
            return Some(f);
        }
        if w.contains("://") {
            return None;
        }
        w.rsplit_once('@')
            .map(|(_, f)| f.split(';').next().unwrap_or(f))
    });
    for f in uploaded {
        if super::paths::secret(f).is_some()
            || ctx.secret_copy(f).is_some()
            || super::payloads::payload(f) == super::payloads::Payload::People
        {
            return None;
        }
    }
    what
}

/// Lowers what this command's readers found about the money it moves or the data it sends,
/// when every request goes to a vendor's sandbox or test mode, or to this machine.
pub fn lower(cmd: &Cmd<'_>, ctx: &Context, found: &mut [Finding]) {
    if !found.iter().any(|f| {
        matches!(f.family, Family::Business | Family::Exfiltration) && f.severity > Severity::Note
    }) {
        return;
    }
    // A sandbox account may be anyone's (they are free to open): a secret sent there is
    // sent to whoever holds it, so a finding about a secret is never lowered.
    if found
        .iter()
        .any(|f| f.code.starts_with("secrets.") || f.code.contains("secret"))
    {
        return;
    }
    let Some(what) = destination(cmd, ctx) else {
        return;
    };
    for f in found.iter_mut().filter(|f| {
        matches!(f.family, Family::Business | Family::Exfiltration) && f.severity > Severity::Note
    }) {
        f.severity = Severity::Note;
        f.message = format!("to {what}: {}", f.message);
    }
}

#[cfg(test)]
mod tests {
    use super::sandbox_host;

    #[test]
    fn hosts() {
        assert!(sandbox_host("api-m.sandbox.paypal.com").is_some());
        assert!(sandbox_host("checkout-test.adyen.com").is_some());
        assert!(sandbox_host("connect.squareupsandbox.com").is_some());
        assert!(sandbox_host("api.test").is_none());
        assert!(sandbox_host("collector.example").is_none());
        assert!(sandbox_host("api-m.paypal.com").is_none());
        assert!(sandbox_host("sandbox.paypal.com.example.net").is_none());
        assert!(sandbox_host("paypal-sandbox.io").is_none());
        assert!(sandbox_host("checkout-live.adyen.com").is_none());
        assert!(sandbox_host("a.b-test.adyen.com").is_none());
        assert!(sandbox_host("api.local").is_none());
    }
}
