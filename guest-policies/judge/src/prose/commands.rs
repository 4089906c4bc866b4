//! The business actions' command-line tools: the same actions as the plain-language ones (refund,
//! cancel a subscription, delete a customer, move money, message people), written as commands.
//!
//! Read from each tool's own reference: `stripe <resource> <operation> [id] [--flags]` (the Stripe
//! CLI's resource commands, its `--live` mode, and its raw `stripe post|delete /v1/...` requests)
//! and Twilio's `twilio api:core:messages:create`. A target written as `{}` (xargs) is every item
//! of a list piped in: bulk; a target held in a variable (`$id`) is not known before it runs.

use crate::finding::{Family, Finding, Severity};

/// The programs [`judge_business_command`] reads.
pub const PROGRAMS: &[&str] = &["stripe", "twilio"];

/// Judges a business tool's simple command: `program` is its name (no path, wrappers removed),
/// `args` its arguments as the shell passes them.
pub fn judge_business_command(program: &str, args: &[String]) -> Vec<Finding> {
    let mut out = Vec::new();
    match program {
        "stripe" => stripe(args, &mut out),
        "twilio" => twilio(args, &mut out),
        _ => {}
    }
    out
}

fn finding(code: &'static str, severity: Severity, message: String) -> Finding {
    Finding {
        family: Family::Business,
        code,
        severity,
        message,
    }
}

/// How many items a command's target names: one, every item piped in (`{}`), or unknown
/// (`$id`).
fn target_scope(args: &[String]) -> Option<Severity> {
    let positional = || args.iter().filter(|a| !a.starts_with('-'));
    if positional().any(|a| a.contains("{}")) {
        Some(Severity::Stop)
    } else if positional().any(|a| a.starts_with('$')) {
        Some(Severity::Verify)
    } else {
        None
    }
}

fn stripe(args: &[String], out: &mut Vec<Finding>) {
    let words: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let live = args.iter().any(|a| a == "--live");
    let flag = |name: &str| {
        args.iter().enumerate().find_map(|(i, a)| {
            a.strip_prefix(name)
                .and_then(|v| v.strip_prefix('='))
                .map(str::to_owned)
                .or_else(|| (a == name).then(|| args.get(i + 1).cloned()).flatten())
        })
    };
    let (resource, operation) = (
        words.first().copied().unwrap_or(""),
        words.get(1).copied().unwrap_or(""),
    );
    // Raw API requests: `stripe post /v1/refunds`, `stripe delete /v1/customers/cus_123`.
    let (resource, operation) = match resource {
        "post" | "delete" => {
            let path = operation.trim_start_matches("/v1/");
            let object = path.split('/').next().unwrap_or("");
            let op = if resource == "delete" {
                "delete"
            } else {
                "create"
            };
            (object, op)
        }
        _ => (resource, operation),
    };
    let base = match (resource, operation) {
        (
            "customers" | "products" | "prices" | "coupons" | "plans" | "webhook_endpoints",
            "delete",
        ) => Some((Severity::Confirm, "deletes it for good")),
        ("accounts", "delete" | "reject") => Some((Severity::Verify, "closes a connected account")),
        ("subscriptions", "cancel" | "delete") | ("subscription_items", "delete") => {
            Some((Severity::Confirm, "cancels what a customer pays for"))
        }
        ("refunds", "create") => Some((Severity::Confirm, "sends money back")),
        ("charges" | "payment_intents", "create" | "capture" | "confirm") => {
            Some((Severity::Confirm, "takes a customer's money"))
        }
        ("transfers" | "payouts", "create") => Some((Severity::Confirm, "moves money out")),
        ("invoices", "void" | "pay" | "delete" | "finalize_invoice" | "send_invoice") => {
            Some((Severity::Confirm, "changes what a customer owes"))
        }
        ("coupons" | "promotion_codes", "create") => {
            let free = flag("--percent-off").is_some_and(|p| p.trim() == "100");
            Some(if free {
                (
                    Severity::Verify,
                    "a 100 % discount anyone holding the code can use",
                )
            } else {
                (Severity::Confirm, "a discount customers can use")
            })
        }
        ("prices" | "products", "update") => {
            Some((Severity::Confirm, "changes what customers pay"))
        }
        _ => None,
    };
    let Some((mut severity, why)) = base else {
        return;
    };
    // Amounts are in the currency's smallest unit: 1,000,000 cents is $10,000.
    if let Some(amount) = flag("--amount").and_then(|a| a.parse::<u64>().ok()) {
        if amount >= 1_000_000 {
            severity = severity.max(Severity::Stop);
        } else if amount >= 100_000 {
            severity = severity.max(Severity::Verify);
        }
    }
    if let Some(scope) = target_scope(args) {
        severity = severity.max(scope);
    }
    if live {
        severity = match severity {
            Severity::Note | Severity::Confirm => Severity::Verify,
            s => s,
        };
    }
    out.push(finding(
        "business.stripe",
        severity,
        format!("stripe {resource} {operation}: {why}"),
    ));
}

fn twilio(args: &[String], out: &mut Vec<Finding>) {
    let Some(command) = args.first() else {
        return;
    };
    if command.starts_with("api:core:messages:create")
        || command.starts_with("api:core:calls:create")
    {
        let severity = target_scope(args).unwrap_or(Severity::Confirm);
        out.push(finding(
            "business.message",
            severity,
            format!("twilio {command}: a message to a person, which cannot be unsent"),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Severity::*;

    fn grade(line: &str) -> Option<Severity> {
        let words: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        judge_business_command(&words[0], &words[1..])
            .iter()
            .map(|f| f.severity)
            .max()
    }

    #[test]
    fn stripe_and_twilio() {
        let cases: &[(&str, Option<Severity>)] = &[
            ("stripe customers delete cus_123", Some(Confirm)),
            ("stripe customers delete {}", Some(Stop)),
            ("stripe subscriptions cancel $id", Some(Verify)),
            ("stripe subscriptions cancel sub_1NxYz2", Some(Confirm)),
            ("stripe refunds create --charge=ch_3Mml", Some(Confirm)),
            (
                "stripe payouts create --amount 2500000 --currency usd",
                Some(Stop),
            ),
            (
                "stripe transfers create --amount=150000 --currency usd --destination acct_1",
                Some(Verify),
            ),
            ("stripe customers delete cus_123 --live", Some(Verify)),
            (
                "stripe coupons create --percent-off 100 --duration forever",
                Some(Verify),
            ),
            ("stripe delete /v1/customers/cus_123", Some(Confirm)),
            ("stripe post /v1/refunds -d charge=ch_1", Some(Confirm)),
            ("stripe customers list --limit 100", None),
            ("stripe charges list --limit 5", None),
            ("stripe listen --forward-to localhost:4242", None),
            ("stripe trigger payment_intent.succeeded", None),
            (
                "twilio api:core:messages:create --to +15555550100 --body hi",
                Some(Confirm),
            ),
            ("twilio api:core:messages:list", None),
        ];
        let failures: Vec<String> = cases
            .iter()
            .filter(|(line, want)| grade(line) != *want)
            .map(|(line, want)| format!("{line:?}: wanted {want:?}, got {:?}", grade(line)))
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
