//! Payment CLIs: the `stripe` command line (its resource commands, `stripe refunds create`, and
//! its raw HTTP ones, `stripe post /v1/refunds`), read as the business actions they are. Without
//! it, a `stripe` line was read as English ("refunds", "delete" as words), so that
//! `stripe refunds create --charge=ch_1` went ahead while `... --charge ch_1` did not.
//!
//! Graded like the plain-language business reader grades the same action in words: moving money
//! (a refund, a payout, a transfer, a charge) and destroying or cancelling one object (a
//! customer, a subscription, an invoice) ask a person; reads, test events and the CLI's own
//! commands go ahead. Many objects at once (`xargs`, a loop over a listing) are graded by the
//! bulk checks of [`super::command`].

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

const B: Family = Family::Business;

/// The options of the `stripe` command that take a value (skipped when finding its operands).
const WITH_VALUE: &[&str] = &[
    "-d",
    "--data",
    "-e",
    "--expand",
    "-p",
    "--project-name",
    "--api-key",
    "--stripe-account",
    "--stripe-version",
    "-i",
    "--idempotency",
    "--color",
    "--config",
    "--log-level",
    "-c",
    "--limit",
    "--starting-after",
    "--ending-before",
    "--status",
    "--customer",
    "--charge",
    "--payment-intent",
    "--amount",
    "--currency",
    "--destination",
    "--reason",
    "--query",
];

/// Resources whose creation (or capture, confirmation, payment) moves money.
fn moves_money(resource: &str) -> bool {
    matches!(
        resource.trim_start_matches("/v1/").split('/').next(),
        Some(
            "refunds"
                | "payouts"
                | "transfers"
                | "charges"
                | "payment_intents"
                | "topups"
                | "application_fees"
                | "transfer_reversals"
                | "credit_notes"
                | "invoices"
                | "payment_links"
                | "checkout"
        )
    )
}

/// `stripe RESOURCE OPERATION [ID]` and `stripe get|post|delete PATH`.
pub fn stripe(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let ops: Vec<&str> = cmd.operands(WITH_VALUE).collect();
    let (a, b) = (
        ops.first().copied().unwrap_or(""),
        ops.get(1).copied().unwrap_or(""),
    );
    let live = if cmd.has(&["--live"]) {
        " in live mode"
    } else {
        ""
    };
    let mut push = |code, msg: String| out.push(finding(B, code, Severity::Confirm, msg));
    // The raw HTTP commands: the method says what happens, the path what to.
    match a {
        "delete" if b.starts_with("/v1/") => {
            push(
                "business.payment-delete",
                format!("stripe delete {b}{live}: deletes a Stripe object"),
            );
            return;
        }
        "post" if b.starts_with("/v1/") => {
            let path = b.trim_start_matches("/v1/");
            let last = path.rsplit('/').next().unwrap_or("");
            if moves_money(b) && !matches!(last, "search" | "preview" | "upcoming") {
                push(
                    "business.money",
                    format!("stripe post {b}{live}: moves money"),
                );
            } else if matches!(last, "cancel" | "void" | "close" | "reject") {
                push(
                    "business.payment-cancel",
                    format!("stripe post {b}{live}: cancels a Stripe object"),
                );
            }
            return;
        }
        "get" | "post" | "delete" => return,
        _ => {}
    }
    // The resource commands: `stripe refunds create`, `stripe customers delete cus_...`.
    let money_op = matches!(
        b,
        "create" | "capture" | "confirm" | "pay" | "reverse" | "increment_authorization"
    );
    if money_op && moves_money(a) {
        push(
            "business.money",
            format!("stripe {a} {b}{live}: moves money"),
        );
    } else if b == "delete" {
        push(
            "business.payment-delete",
            format!("stripe {a} delete{live}: deletes a Stripe object for good"),
        );
    } else if matches!(
        b,
        "cancel" | "void" | "void_invoice" | "close" | "mark_uncollectible" | "reject" | "expire"
    ) {
        push(
            "business.payment-cancel",
            format!("stripe {a} {b}{live}: cancels a Stripe object"),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::{Severity, judge};

    fn worst(text: &str) -> Option<Severity> {
        judge(text, &[]).worst()
    }

    #[test]
    fn money_moves_and_deletes_ask_a_person_however_the_value_is_written() {
        for text in [
            "stripe refunds create --charge=ch_3MmlLrLkdIwHu7ix0snN0B15",
            "stripe refunds create --charge ch_3MmlLrLkdIwHu7ix0snN0B15",
            "stripe payouts create --amount 500000 --currency usd --live",
            "stripe customers delete cus_NffrFeUfNV2Hib",
            "stripe subscriptions cancel sub_1NxYz2LkdIwHu7ix",
            "stripe post /v1/refunds -d charge=ch_3MmlLrLkdIwHu7ix0snN0B15",
            "stripe delete /v1/customers/cus_NffrFeUfNV2Hib",
            "stripe invoices void inv_1MtHbELkdIwHu7ixl4OzzPMv",
        ] {
            assert_eq!(worst(text), Some(Severity::Confirm), "{text}");
        }
    }

    #[test]
    fn reads_and_the_clis_own_commands_go_ahead() {
        for text in [
            "stripe customers list --limit 10",
            "stripe charges retrieve ch_3MmlLrLkdIwHu7ix0snN0B15",
            "stripe get /v1/refunds --limit 3",
            "stripe listen --forward-to localhost:4242/webhook",
            "stripe trigger payment_intent.succeeded",
            "stripe logs tail",
            "stripe products create --name 'Test plan'",
        ] {
            assert!(worst(text).is_none_or(|s| s == Severity::Note), "{text}");
        }
    }

    #[test]
    fn a_loop_or_xargs_over_a_listing_is_many_objects() {
        for text in [
            "stripe customers list --limit 100 | jq -r '.data[].id' | xargs -I{} stripe customers delete {}",
            "for id in $(stripe subscriptions list --status active -q); do stripe subscriptions cancel $id; done",
        ] {
            assert!(worst(text) >= Some(Severity::Verify), "{text}");
        }
    }
}
