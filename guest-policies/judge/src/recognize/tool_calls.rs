//! A structured tool call read by its name and its params: an MCP tool (`mcp__SERVER__TOOL
//! {"json": ...}`) as an agent reports it, graded by the verb its name leads with, the object
//! it names and the scope its params give.
//!
//! # Why its own reader
//!
//! The prose reader reads a tool's name as words ("delete issue"), but what a call reaches is
//! in its params: `update_repository {"private": false}` publishes the code, `share_file
//! {"type": "anyone"}` hands a document to the world, `send_message {"to": "all_users"}` mails
//! everyone, `deactivate_users {"filter": ...}` reaches every account the filter matches. The
//! name carries the verb, the params carry the object and the scope, so both are read here:
//!
//! - **reads** (`list`, `get`, `search`, `query`, `describe` ...) are silent, whatever follows;
//! - **publication**: a param that makes the object public (`private: false`, `visibility:
//!   "public"`, `type: "anyone"`, `public: true`) is verified, whatever the verb;
//! - **audience**: a send, post or publish of a campaign or a newsletter, or addressed to
//!   everyone (a recipient param naming all users, staff, customers, a segment) is verified;
//!   a message that pings a whole channel (`@channel`, `@here`, `@everyone`) is confirmed;
//! - **deletes**: one item (an issue, a page, a monitor, a user) is confirmed, a container of
//!   other people's work (a repository, project, space, workspace, database, site, zone,
//!   organization) is verified, and a bulk delete (`bulk`, `all`, `batch` in the name, a
//!   plural object selected by a filter or query, ten ids or more) is stopped;
//! - **disables** (deactivate, suspend, archive, revoke, cancel ...): confirmed, verified when
//!   it reaches many accounts or objects the same way;
//! - **money** (a payout, transfer, refund, charge): confirmed, verified from 1,000,000 minor
//!   units (ten thousand in dollars or euros);
//! - **shared changes** (merge, deploy, promote, rollback, release): confirmed.
//!
//! Nothing here lowers: the reader only adds findings, and the prose reader still reads the
//! name's words. The test is one prefix check on the first word, so texts that are not tool
//! calls cost nothing.

use crate::finding::{Family, Finding, Severity};

use super::finding;

/// Verbs that only read.
const READS: &[&str] = &[
    "list",
    "get",
    "search",
    "query",
    "describe",
    "fetch",
    "read",
    "find",
    "count",
    "show",
    "retrieve",
    "lookup",
    "view",
    "download",
    "export",
    "check",
    "validate",
    "preview",
    "diff",
    "inspect",
    "explain",
    "summarize",
    "analyze",
];

/// Verbs that delete what they name.
const DELETES: &[&str] = &[
    "delete", "destroy", "remove", "drop", "purge", "wipe", "erase", "truncate", "empty", "rm",
    "trash", "nuke",
];

/// Verbs that take something out of use, reversibly or not.
const DISABLES: &[&str] = &[
    "deactivate",
    "suspend",
    "disable",
    "archive",
    "cancel",
    "revoke",
    "ban",
    "block",
    "lock",
    "unpublish",
    "expire",
    "terminate",
    "offboard",
    "kick",
    "void",
];

/// Verbs that put a message in front of people.
const SENDS: &[&str] = &[
    "send",
    "post",
    "publish",
    "broadcast",
    "blast",
    "notify",
    "announce",
    "email",
    "mail",
    "message",
    "schedule",
];

/// Verbs of a change to what others run or rely on.
const SHARED_CHANGES: &[&str] = &["merge", "deploy", "promote", "rollback", "release"];

/// Words of a tool name that say the call acts on many objects at once.
const BULK: &[&str] = &[
    "bulk",
    "all",
    "batch",
    "mass",
    "many",
    "everything",
    "every",
];

/// Objects that hold other people's work: deleting one deletes everything in it.
const CONTAINERS: &[&str] = &[
    "repository",
    "repo",
    "project",
    "space",
    "workspace",
    "database",
    "site",
    "zone",
    "organization",
    "org",
    "team",
    "bucket",
    "dataset",
    "model",
    "board",
    "base",
    "collection",
    "index",
    "environment",
    "app",
    "application",
    "account",
    "tenant",
    "domain",
    "channel",
    "wiki",
    "drive",
    "folder",
    "cluster",
    "instance",
    "service",
    "server",
    "namespace",
    "schema",
    "table",
    "stream",
    "topic",
    "queue",
    "list",
    "audience",
    "directory",
];

/// Objects that are sent to a whole list by nature.
const MASS_MESSAGES: &[&str] = &[
    "campaign",
    "campaigns",
    "newsletter",
    "newsletters",
    "broadcast",
    "broadcasts",
    "blast",
    "announcement",
];

/// Objects that move money.
const MONEY: &[&str] = &[
    "payout",
    "payouts",
    "transfer",
    "transfers",
    "refund",
    "refunds",
    "charge",
    "charges",
    "payment",
    "payments",
    "capture",
    "disbursement",
    "withdrawal",
];

/// Param keys that address people.
const RECIPIENT_KEYS: &[&str] = &[
    "to",
    "recipient",
    "recipients",
    "audience",
    "segment",
    "segments",
    "included_segments",
    "channel",
    "channels",
    "emails",
    "cc",
    "bcc",
    "target",
    "targets",
    "group",
    "groups",
    "users",
    "list",
];

/// Words of a recipient value that name everyone.
const EVERYONE: &[&str] = &[
    "all",
    "everyone",
    "everybody",
    "allstaff",
    "allusers",
    "staff",
    "customers",
    "subscribers",
    "users",
    "members",
    "company",
    "employees",
];

/// Param keys that select objects by a condition rather than by name.
const SELECTORS: &[&str] = &[
    "filter",
    "query",
    "jql",
    "where",
    "search",
    "condition",
    "q",
    "soql",
    "selector",
    "match",
];

/// Ids this many or more in one call: a bulk action.
const MANY_IDS: usize = 10;

/// Money from this many minor units (cents): ten thousand in dollars or euros.
const LARGE_AMOUNT: f64 = 1_000_000.0;

/// Reads `text` when it starts with an MCP tool's name (`mcp__server__tool`, any case).
pub fn judge(text: &str, recent: &[&str], out: &mut Vec<Finding>) {
    let b = text.as_bytes();
    if b.len() < 8 || !b[..5].eq_ignore_ascii_case(b"mcp__") {
        return;
    }
    let end = text
        .find(|c: char| c.is_whitespace() || matches!(c, '(' | '{'))
        .unwrap_or(text.len());
    let name = &text[..end];
    let params = &text[end..];
    let tool = name.rsplit("__").next().unwrap_or(name);
    let words = name_words(tool);
    // The verb leads the name once its bulk words are passed; a name that opens with its
    // object (`zone_delete`, `resources_delete`, `order_cancel`: Cloudflare's and Kubernetes'
    // servers name tools object first) is read by the first verb found in it.
    let Some(lead) = words.iter().find(|w| !BULK.contains(&w.as_str())) else {
        return;
    };
    let verb = if is_verb(lead) {
        lead
    } else {
        words.iter().find(|w| is_verb(w)).unwrap_or(lead)
    };
    if READS.contains(&verb.as_str()) {
        return;
    }
    let pairs = params_of(params);
    let named = words
        .iter()
        .rev()
        .find(|w| !BULK.contains(&w.as_str()) && *w != verb)
        .map_or("object", String::as_str);
    // A generic tool (`resources_delete`) names its object in a param (`"kind": "Namespace"`).
    let kind;
    let object = if GENERIC_OBJECTS.contains(&named) {
        kind = pairs
            .iter()
            .find(|p| matches!(p.key.as_str(), "kind" | "resource_type" | "resourcetype"))
            .map(|p| text_value(p).to_ascii_lowercase());
        kind.as_deref().unwrap_or(named)
    } else {
        named
    };
    if let Some(f) = publication(name, &pairs) {
        out.push(f);
    }
    if let Some(f) = protection(name, &words, &pairs) {
        out.push(f);
    }
    let verb = verb.as_str();
    let grade = if DELETES.contains(&verb) {
        deletes(name, &words, object, &pairs).map(|f| in_production(f, &pairs))
    } else if DISABLES.contains(&verb) {
        disables(name, &words, object, &pairs)
    } else if (SENDS.contains(&verb) || words.iter().any(|w| SENDS.contains(&w.as_str())))
        && !words.iter().any(|w| w == "draft")
    {
        sends(name, &words, &pairs, recent)
    } else if verb == "approve" {
        Some(call(
            Severity::Confirm,
            "tool-call.approval",
            format!("{name}: an approval stands in for a reviewer's"),
        ))
    } else if SHARED_CHANGES.contains(&verb) {
        Some(call(
            Severity::Confirm,
            "tool-call.shared-change",
            format!("{name}: {verb} changes what others run or rely on"),
        ))
    } else {
        None
    };
    out.extend(grade);
    if let Some(f) = money(name, &words, &pairs) {
        out.push(f);
    }
}

/// Whether a word of a tool's name is a verb this reader grades (or a read it passes over).
fn is_verb(w: &str) -> bool {
    READS.contains(&w)
        || DELETES.contains(&w)
        || DISABLES.contains(&w)
        || SENDS.contains(&w)
        || SHARED_CHANGES.contains(&w)
        || matches!(
            w,
            "create" | "update" | "set" | "approve" | "run" | "execute"
        )
}

/// Objects a generic tool names instead of the one it acts on.
const GENERIC_OBJECTS: &[&str] = &[
    "resource",
    "resources",
    "object",
    "objects",
    "item",
    "items",
];

/// Param keys whose value names the environment or the store a call acts in.
const PLACE_KEYS: &[&str] = &[
    "context",
    "namespace",
    "environment",
    "env",
    "cluster",
    "project",
    "projectid",
    "project_id",
    "db",
    "database",
    "stage",
    "account",
];

/// A delete of one item in production is more than one item: what serves users goes with it.
/// Any param of the call naming production counts, whatever another says (`"env": "test"` next
/// to a production project id does not make it a test).
fn in_production(mut f: Finding, pairs: &[Param<'_>]) -> Finding {
    let production = pairs.iter().any(|p| {
        (PLACE_KEYS.contains(&p.key.as_str()) || p.key.ends_with("id") || p.key == "name")
            && text_value(p)
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| {
                    ["prod", "production", "prd", "live"]
                        .iter()
                        .any(|m| w.eq_ignore_ascii_case(m))
                })
    });
    if production && f.severity == Severity::Confirm {
        f.severity = Severity::Verify;
        f.message.push_str(", in production");
    }
    f
}

/// A change to a branch's protection (`update_branch_protection`, `update_protected_branch`,
/// `delete_branch_protection`): confirmed, verified when it lifts the protection or lets
/// anyone force-push to or delete the branch.
fn protection(name: &str, words: &[String], pairs: &[Param<'_>]) -> Option<Finding> {
    if !words.iter().any(|w| {
        matches!(
            w.as_str(),
            "protection" | "protected" | "ruleset" | "rulesets"
        )
    }) || words.first().is_some_and(|w| READS.contains(&w.as_str()))
    {
        return None;
    }
    let lifted = words
        .iter()
        .any(|w| DELETES.contains(&w.as_str()) || w == "unprotect")
        || pairs.iter().any(|p| {
            matches!(
                p.key.as_str(),
                "allow_force_push"
                    | "allow_force_pushes"
                    | "allowforcepush"
                    | "allow_deletions"
                    | "allowdeletions"
            ) && text_value(p).eq_ignore_ascii_case("true")
        });
    Some(call(
        if lifted {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        "tool-call.branch-protection",
        format!("{name}: changes who may rewrite or delete a shared branch"),
    ))
}

fn call(severity: Severity, code: &'static str, message: String) -> Finding {
    finding(Family::Business, code, severity, message)
}

/// The lowercase words of a tool's name: `bulk_delete_issues`, `deleteRepository`,
/// `archive-page` (separators and camelCase boundaries cut it).
fn name_words(tool: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in tool.chars() {
        if matches!(c, '_' | '-' | '.' | ':' | '/') {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

/// One param as written: its key (lowercase) and its value (a string's text, a literal, or
/// for an array the number of its elements).
#[derive(Debug)]
struct Param<'t> {
    key: String,
    value: Value<'t>,
}

#[derive(Debug)]
enum Value<'t> {
    Text(&'t str),
    Literal(&'t str),
    Array(usize),
    Object,
}

/// Every `"key": value` pair of a JSON-like params text, at any depth. Lenient: a malformed
/// text yields the pairs read before the fault.
fn params_of(text: &str) -> Vec<Param<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'"' {
            i += 1;
            continue;
        }
        let Some((s, after)) = string_at(text, i) else {
            break;
        };
        let mut j = skip_ws(b, after);
        if b.get(j) != Some(&b':') {
            i = after;
            continue;
        }
        j = skip_ws(b, j + 1);
        let key = s.to_ascii_lowercase();
        match b.get(j) {
            Some(b'"') => {
                let Some((v, next)) = string_at(text, j) else {
                    break;
                };
                out.push(Param {
                    key,
                    value: Value::Text(v),
                });
                i = next;
            }
            Some(b'[') => {
                out.push(Param {
                    key,
                    value: Value::Array(array_len(b, j)),
                });
                i = j + 1;
            }
            Some(b'{') => {
                out.push(Param {
                    key,
                    value: Value::Object,
                });
                i = j + 1;
            }
            Some(_) => {
                let end = b[j..]
                    .iter()
                    .position(|c| matches!(c, b',' | b'}' | b']') || c.is_ascii_whitespace())
                    .map_or(b.len(), |p| j + p);
                out.push(Param {
                    key,
                    value: Value::Literal(&text[j..end]),
                });
                i = end;
            }
            None => break,
        }
    }
    out
}

/// The string starting at the quote `at`: its text (escapes kept) and the index after it.
fn string_at(text: &str, at: usize) -> Option<(&str, usize)> {
    let b = text.as_bytes();
    let mut k = at + 1;
    while k < b.len() {
        match b[k] {
            b'\\' => k += 2,
            b'"' => return Some((&text[at + 1..k], k + 1)),
            _ => k += 1,
        }
    }
    None
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while b.get(i).is_some_and(u8::is_ascii_whitespace) {
        i += 1;
    }
    i
}

/// The number of elements of the array opening at `at` (its top level only).
fn array_len(b: &[u8], at: usize) -> usize {
    let (mut depth, mut n, mut seen, mut in_str, mut k) = (0_usize, 0, false, false, at);
    while k < b.len() {
        let c = b[k];
        if in_str {
            match c {
                b'\\' => k += 1,
                b'"' => in_str = false,
                _ => {}
            }
        } else {
            match c {
                b'"' => {
                    in_str = true;
                    seen = true;
                }
                b'[' | b'{' => {
                    depth += 1;
                    if depth > 1 {
                        seen = true;
                    }
                }
                b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return n + usize::from(seen);
                    }
                }
                b',' if depth == 1 => {
                    n += 1;
                }
                c if depth == 1 && !c.is_ascii_whitespace() => seen = true,
                _ => {}
            }
        }
        k += 1;
    }
    n + usize::from(seen)
}

fn text_value<'t>(p: &Param<'t>) -> &'t str {
    match p.value {
        Value::Text(v) | Value::Literal(v) => v,
        _ => "",
    }
}

/// A param that makes the object public: `private`/`is_private` false, `visibility`,
/// `privacy`, `access` or `type` (of a share) public or anyone, `public`/`is_public` true.
fn publication(name: &str, pairs: &[Param<'_>]) -> Option<Finding> {
    let opened = pairs.iter().find(|p| {
        let v = text_value(p).to_ascii_lowercase();
        match p.key.as_str() {
            "private" | "is_private" | "isprivate" => v == "false",
            "public" | "is_public" | "ispublic" => v == "true",
            "visibility" | "privacy" | "access" | "access_level" | "sharing" | "general_access" => {
                matches!(
                    v.as_str(),
                    "public" | "anyone" | "anyonewithlink" | "anyone_with_link" | "everyone"
                )
            }
            "type" | "share_type" | "permission_type" => {
                matches!(v.as_str(), "anyone" | "public" | "domain")
            }
            _ => false,
        }
    })?;
    Some(finding(
        Family::Business,
        "tool-call.makes-public",
        Severity::Verify,
        format!(
            "{name}: {}={} makes it readable by anyone",
            opened.key,
            text_value(opened)
        ),
    ))
}

/// Whether the call reaches many objects at once: a bulk word in the name, ten ids or more,
/// or a plural object chosen by a condition (a filter, a query) rather than by name.
fn bulk(words: &[String], object: &str, pairs: &[Param<'_>]) -> bool {
    if words.iter().any(|w| BULK.contains(&w.as_str())) {
        return true;
    }
    if pairs
        .iter()
        .any(|p| matches!(p.value, Value::Array(n) if n >= MANY_IDS))
    {
        return true;
    }
    let plural = object.len() > 3 && object.ends_with('s') && !object.ends_with("ss");
    plural && pairs.iter().any(|p| SELECTORS.contains(&p.key.as_str()))
}

fn deletes(name: &str, words: &[String], object: &str, pairs: &[Param<'_>]) -> Option<Finding> {
    if bulk(words, object, pairs) {
        return Some(call(
            Severity::Stop,
            "tool-call.bulk-delete",
            format!("{name}: deletes every {object} it selects at once"),
        ));
    }
    let singular = object.strip_suffix('s').unwrap_or(object);
    if CONTAINERS.contains(&object) || CONTAINERS.contains(&singular) {
        return Some(call(
            Severity::Verify,
            "tool-call.delete-container",
            format!("{name}: deletes a {object} with everything in it"),
        ));
    }
    Some(call(
        Severity::Confirm,
        "tool-call.delete",
        format!("{name}: deletes a {object}"),
    ))
}

fn disables(name: &str, words: &[String], object: &str, pairs: &[Param<'_>]) -> Option<Finding> {
    let severity = if bulk(words, object, pairs) {
        Severity::Verify
    } else {
        Severity::Confirm
    };
    Some(call(
        severity,
        "tool-call.disable",
        format!("{name}: takes {object} out of use"),
    ))
}

fn sends(name: &str, words: &[String], pairs: &[Param<'_>], recent: &[&str]) -> Option<Finding> {
    if let Some(f) = sent_out(name, pairs) {
        return Some(f);
    }
    if words.iter().any(|w| MASS_MESSAGES.contains(&w.as_str())) {
        return Some(call(
            Severity::Verify,
            "tool-call.mass-message",
            format!("{name}: sends to a whole list"),
        ));
    }
    let everyone = pairs.iter().find(|p| {
        RECIPIENT_KEYS.contains(&p.key.as_str())
            && text_value(p)
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| EVERYONE.contains(&w.to_ascii_lowercase().as_str()))
    });
    if let Some(p) = everyone {
        return Some(call(
            Severity::Verify,
            "tool-call.mass-message",
            format!("{name}: {}={} reaches everyone", p.key, text_value(p)),
        ));
    }
    if words.iter().any(|w| w == "marketing") {
        let whole = whole_list(pairs, recent);
        return Some(call(
            if whole {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            "tool-call.marketing",
            if whole {
                format!("{name}: the list it goes to holds every contact")
            } else {
                format!("{name}: a marketing send to a list")
            },
        ));
    }
    let pings = pairs.iter().any(|p| {
        let v = text_value(p);
        [
            "@channel",
            "@here",
            "@everyone",
            "<!channel>",
            "<!here>",
            "<!everyone>",
        ]
        .iter()
        .any(|m| v.contains(m))
    });
    pings.then(|| {
        call(
            Severity::Confirm,
            "tool-call.channel-ping",
            format!("{name}: notifies everyone in the channel"),
        )
    })
}

/// A call that moves money: confirmed, verified for a large amount (in minor units).
fn money(name: &str, words: &[String], pairs: &[Param<'_>]) -> Option<Finding> {
    let moves = words.iter().any(|w| MONEY.contains(&w.as_str()))
        || words
            .first()
            .is_some_and(|w| matches!(w.as_str(), "pay" | "refund" | "charge"));
    if !moves {
        return None;
    }
    let amount = pairs
        .iter()
        .filter(|p| p.key == "amount" || p.key.ends_with("_amount"))
        .filter_map(|p| text_value(p).replace(',', "").parse::<f64>().ok())
        .fold(0.0_f64, f64::max);
    let severity = if amount >= LARGE_AMOUNT {
        Severity::Verify
    } else {
        Severity::Confirm
    };
    Some(call(
        severity,
        "tool-call.money",
        format!("{name}: moves money"),
    ))
}

/// Param keys that name the list a send goes to.
const LIST_KEYS: &[&str] = &[
    "list",
    "listname",
    "list_name",
    "listid",
    "list_id",
    "lists",
    "segment",
    "segment_id",
    "segmentid",
    "audience",
    "audience_id",
];

/// Whether the list a send goes to is everyone: named so (`all-contacts`), or made by an
/// earlier step with no filter (`create_list {"name": "x", "filters": []}`) or shown there with
/// tens of thousands of members.
fn whole_list(pairs: &[Param<'_>], recent: &[&str]) -> bool {
    pairs
        .iter()
        .filter(|p| LIST_KEYS.contains(&p.key.as_str()))
        .any(|p| {
            let v = text_value(p);
            if v.is_empty() {
                return false;
            }
            if v.split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| EVERYONE.contains(&w.to_ascii_lowercase().as_str()))
            {
                return true;
            }
            recent.iter().any(|r| {
                r.contains(v)
                    && (unfiltered(r)
                        || r.split(|c: char| !c.is_ascii_digit() && c != ',')
                            .filter_map(|n| n.replace(',', "").parse::<u64>().ok())
                            .any(|n| n >= 10_000))
            })
        })
}

/// A list or segment made with an empty filter: it matches every contact.
fn unfiltered(hint: &str) -> bool {
    let lower = hint.to_ascii_lowercase();
    (lower.contains("create") || lower.contains("new"))
        && params_of(hint).iter().any(|p| {
            matches!(
                p.key.as_str(),
                "filters" | "filter" | "filtergroups" | "conditions"
            ) && match p.value {
                Value::Array(n) => n == 0,
                Value::Text(t) => t.trim().is_empty(),
                _ => false,
            }
        })
}

/// Personal mailbox providers: an address there is outside any organization.
const PERSONAL_MAIL: &[&str] = &[
    "@gmail.",
    "@googlemail.",
    "@yahoo.",
    "@hotmail.",
    "@outlook.",
    "@live.",
    "@icloud.",
    "@me.com",
    "@proton",
    "@pm.me",
    "@gmx.",
    "@aol.",
    "@mail.ru",
    "@yandex.",
    "@zoho.",
    "@fastmail.",
    "@tutanota",
    "@web.de",
    "@qq.com",
    "@163.com",
];

/// Words of an attachment or a body that say it carries the organization's data.
const DATA_WORDS: &[&str] = &[
    "export",
    "dump",
    "backup",
    "csv",
    "xlsx",
    "sql",
    "contacts",
    "customers",
    "users",
    "env",
    "credentials",
    "secrets",
    "payroll",
    "database",
];

/// A message with an attachment, or naming an export, sent to a personal mailbox: the data
/// leaves the organization (exfiltration).
fn sent_out(name: &str, pairs: &[Param<'_>]) -> Option<Finding> {
    let to = pairs.iter().find(|p| {
        RECIPIENT_KEYS.contains(&p.key.as_str()) || p.key == "email" || p.key == "address"
    })?;
    let personal = pairs
        .iter()
        .filter(|p| {
            RECIPIENT_KEYS.contains(&p.key.as_str()) || p.key == "email" || p.key == "address"
        })
        .any(|p| {
            let v = text_value(p).to_ascii_lowercase();
            PERSONAL_MAIL.iter().any(|m| v.contains(m))
        });
    if !personal {
        return None;
    }
    let attached = pairs.iter().any(|p| {
        (p.key.starts_with("attach") || p.key == "files") && !matches!(p.value, Value::Array(0))
    });
    let data = pairs.iter().any(|p| {
        text_value(p)
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| DATA_WORDS.contains(&w.to_ascii_lowercase().as_str()))
    });
    (attached || data).then(|| {
        finding(
            Family::Exfiltration,
            "tool-call.sent-out",
            Severity::Stop,
            format!(
                "{name}: sends the organization's data to a personal mailbox ({})",
                text_value(to)
            ),
        )
    })
}

/// A tool call as agents report it in words, `SERVER MCP tool call: TOOL {params}` (also
/// `MCP call:`, `MCP tool:`, `MCP:`), spelled the way MCP clients name the tool,
/// `mcp__SERVER__TOOL {params}`, so it is read like one. Only a tool name followed by its
/// params counts: `linear MCP: archive every issue` stays a sentence.
pub fn canonical(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let at = memchr::memmem::find_iter(b, b"MCP")
        .chain(memchr::memmem::find_iter(b, b"mcp"))
        .find(|&i| i > 0 && b[i - 1] == b' ')?;
    let server = text[..at - 1]
        .rsplit(' ')
        .next()
        .unwrap_or("")
        .trim_matches(|c: char| !c.is_ascii_alphanumeric());
    let mut rest = &text[at + 3..];
    let mut marked = false;
    for marker in [" tool call:", " call:", " tool:", ":"] {
        // Compared as bytes: the marker is ASCII, and a slice of `rest` at its length could
        // land inside a multi-byte character.
        if rest
            .as_bytes()
            .get(..marker.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(marker.as_bytes()))
        {
            rest = &rest[marker.len()..];
            marked = true;
            break;
        }
    }
    if !marked || server.is_empty() {
        return None;
    }
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '/')))
        .unwrap_or(rest.len());
    let (tool, params) = rest.split_at(end);
    if tool.is_empty() || !params.trim_start().starts_with(['{', '(']) {
        return None;
    }
    Some(format!("mcp__{server}__{tool}{params}"))
}

/// Param keys whose value is a command line the tool runs.
const COMMAND_KEYS: &[&str] = &["command", "cmd", "script", "shell", "bash", "commandline"];

/// The command lines a tool call hands its server to run (`run {"command": "rm -rf ..."}`):
/// read by the shell reader whatever the tool is named, so an innocent name (`run`, `exec`)
/// cannot carry a destructive command past it.
pub fn commands(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    if b.len() < 8 || !b[..5].eq_ignore_ascii_case(b"mcp__") {
        return Vec::new();
    }
    let end = text
        .find(|c: char| c.is_whitespace() || matches!(c, '(' | '{'))
        .unwrap_or(text.len());
    params_of(&text[end..])
        .iter()
        .filter(|p| COMMAND_KEYS.contains(&p.key.as_str()))
        .filter_map(|p| match p.value {
            Value::Text(v) if !v.trim().is_empty() => Some(unescape(v)),
            _ => None,
        })
        .collect()
}

/// A JSON string's text with its common escapes undone.
fn unescape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}
