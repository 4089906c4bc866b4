//! A command run on every item of a search (holdout6 analysis M5): `fd ... --exec CMD` is
//! `find ... -exec CMD`, so the find recognizer grades where it searches and what it picks.
//! Whether a command fed a listing reaches everything is decided in [`super::everything`].
//!
//! The reach of any repetition (holdout13 analysis, model 1) is read here too, where the shared
//! test of [`super::everything`] does not see it: the file a repeater names (`xargs -a FILE`,
//! `parallel :::: FILE`), listings of a kind it does not know (a bare `git tag`, an unfiltered
//! `SELECT`, `seq 1 20000`, `{1..5000}`), a count an earlier step gave for the file it wrote,
//! and message programs (mail, sendmail, twilio, `aws sns publish`) run once per item.
//!
//! # Why a module of its own
//!
//! It turns another program's fan-out into find's shape, so the family recognizers stay the
//! single place a command's meaning is decided; and it reads only the collection, never the
//! operation, so the per-item grade stays the recognizers' and is only ever raised here.

use std::borrow::Cow;

use super::everything::{self, Reach};
use super::generic::Feeder;
use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};
use crate::shell::{RedirectKind, Script};

/// fd's options that take a value (fd's README and `fd --help`).
const FD_VALUES: &[&str] = &[
    "-e",
    "--extension",
    "-t",
    "--type",
    "-E",
    "--exclude",
    "-d",
    "--max-depth",
    "--min-depth",
    "--exact-depth",
    "-S",
    "--size",
    "--changed-within",
    "--changed-before",
    "-o",
    "--owner",
    "-j",
    "--threads",
    "--base-directory",
    "--search-path",
    "-c",
    "--color",
    "--max-results",
    "--path-separator",
    "--ignore-file",
    "--batch-size",
    "--format",
];

/// `fd [PATTERN] [PATH...] --exec|-x|--exec-batch|-X CMD ARGS`: judged as `find PATH [-name
/// PATTERN] -exec CMD ARGS {} +`, so the find recognizer grades where it searches and what it
/// picks. Returns whether `cmd` was such an fd (nothing more to read in it).
pub fn fd_exec(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) -> bool {
    let words: Vec<&str> = cmd.words().collect();
    let Some(at) = words
        .iter()
        .position(|w| matches!(*w, "-x" | "--exec" | "-X" | "--exec-batch"))
    else {
        return false;
    };
    // fd's command runs to the end of its arguments, or to a `;` (fd's help).
    let exec: Vec<&str> = words[at + 1..]
        .iter()
        .copied()
        .take_while(|w| !matches!(*w, ";" | "\\;"))
        .collect();
    if exec.is_empty() {
        return false;
    }
    let before = Cmd {
        args: &cmd.args[..at],
        ..*cmd
    };
    let ops: Vec<&str> = before.operands(FD_VALUES).collect();
    let pattern = ops
        .first()
        .copied()
        .filter(|p| !matches!(*p, "." | "" | "^"));
    let start: Vec<&str> = if ops.len() > 1 {
        ops[1..].to_vec()
    } else {
        vec![
            before
                .value(&["--search-path", "--base-directory"])
                .unwrap_or("."),
        ]
    };
    let quote = |w: &str| format!("'{}'", w.replace('\'', "'\\''"));
    let mut text = String::from("find");
    for s in &start {
        text.push(' ');
        text.push_str(&quote(s));
    }
    // What fd picks: a pattern, an extension, a type of entry.
    if let Some(ext) = before.value(&["-e", "--extension"]) {
        text.push_str(&format!(" -name {}", quote(&format!("*.{ext}"))));
    } else if let Some(p) = pattern {
        text.push_str(&format!(" -name {}", quote(&format!("*{p}*"))));
    }
    text.push_str(" -exec");
    for w in &exec {
        text.push(' ');
        text.push_str(&quote(w));
    }
    if !exec.contains(&"{}") {
        text.push_str(" {}");
    }
    text.push_str(" \\;");
    let from = out.len();
    crate::judge_shell(&text, depth + 1, ctx, out);
    for f in &mut out[from..] {
        f.message = format!(
            "{} {} (as find -exec): {}",
            cmd.program,
            crate::cut(&words.join(" "), 80),
            f.message
        );
    }
    true
}

// ---------------------------------------------------------------------------------------------
// The reach of a repetition (holdout13 analysis, model 1): one operation repeated over a
// collection reaches what the collection holds. The operation done per item is judged by its
// own recognizer; what is read here is the collection: the file a repeater reads its items
// from, a listing of a kind the shared feeders do not know (a bare `git tag`, a `SELECT`
// without a filter, `seq 1 20000`), a count an earlier step gave for the file it wrote, and the
// sends of message programs, which no recognizer grades one by one. A name can only raise:
// a file named `test_ids.txt` keeps the per-item grade, never lowers it.
// ---------------------------------------------------------------------------------------------

/// How many items make a collection of everyone rather than a handful (`seq 1 20000`, `{1..500}`,
/// an earlier step's "38,412 rows").
const MANY: u64 = 100;

/// The file a repeater reads its items from, named by its own options: `xargs -a FILE`
/// (`--arg-file[=]FILE`, `-aFILE`), `parallel -a FILE` and `parallel ... :::: FILE` (xargs(1),
/// parallel(1)).
pub fn arg_file<'a>(cmd: &Cmd<'a>) -> Option<&'a str> {
    let at = cmd
        .prefix
        .iter()
        .position(|w| matches!(&**w, "xargs" | "parallel"));
    if let Some(at) = at {
        let opts = &cmd.prefix[at + 1..];
        for (i, w) in opts.iter().enumerate() {
            let w: &'a str = w;
            if matches!(w, "-a" | "--arg-file") {
                return opts.get(i + 1).map(|v| &**v);
            }
            if let Some(v) = w.strip_prefix("--arg-file=") {
                return Some(v);
            }
            if let Some(v) = w
                .strip_prefix("-a")
                .filter(|v| !v.is_empty() && !v.starts_with('-'))
            {
                // `-aq` is no xargs option; only a path-like rest is a file.
                if v.contains(['.', '/']) {
                    return Some(v);
                }
            }
        }
    }
    // parallel's `:::: FILE` lands among the command's arguments.
    let args = cmd.args;
    args.iter()
        .position(|w| w == "::::")
        .and_then(|k| args.get(k + 1))
        .map(|v| &**v)
}

/// Whether a listing command, run as a feeder, lists all of its kind by a form the shared
/// listing test ([`everything::lists`]) does not read: a bare `git tag` / `git tag -l` /
/// `git branch` (every tag or branch), `seq` over many numbers (every id of a range), a `SELECT`
/// without a filter (every row), `redis-cli --scan` / `keys *` (every key). The second value
/// says the listed rows are people (`SELECT email FROM customers`).
pub fn listing(u: &Cmd<'_>) -> Option<(Feeder, bool)> {
    match u.program {
        "git" => {
            let ops: Vec<&str> = u.operands(&["--format", "--sort"]).collect();
            let filtered = u.words().any(|w| {
                w.starts_with("--merged")
                    || w.starts_with("--no-merged")
                    || w.starts_with("--contains")
                    || w.starts_with("--no-contains")
                    || w.starts_with("--points-at")
            });
            // `git tag`, `git tag -l`, `git branch`: every tag or branch; a pattern after them
            // (`git tag -l 'v0.*'`, `'rc-*'`: the release candidates) or a filter picks some. A
            // pattern that is only the naming scheme's first letter (`'v*'`, `'*'`) lists every
            // tag the scheme names: every release.
            let every = match ops.as_slice() {
                ["tag"] | ["branch"] => true,
                ["tag" | "branch", pattern] => family_pattern(pattern),
                _ => false,
            } && !filtered;
            every.then_some((Feeder::Wide, false))
        }
        "seq" => {
            let nums: Vec<i64> = u
                .operands(&["-f", "-s", "--format", "--separator"])
                .filter_map(|w| w.parse().ok())
                .collect();
            let (first, step, last) = match nums.as_slice() {
                [l] => (1, 1, *l),
                [f, l] => (*f, 1, *l),
                [f, s, l] => (*f, *s, *l),
                _ => return None,
            };
            let n = if step == 0 {
                0
            } else {
                (last - first) / step + 1
            };
            (n >= MANY as i64).then_some((Feeder::Wide, false))
        }
        "redis-cli" | "valkey-cli" | "keydb-cli" => {
            let scan = u.has(&["--scan"])
                || u.operands(&[])
                    .collect::<Vec<_>>()
                    .windows(2)
                    .any(|w| w[0].eq_ignore_ascii_case("keys") && w[1] == "*");
            scan.then_some((Feeder::Wide, false))
        }
        _ => u.args.iter().find_map(|w| unfiltered_select(w)),
    }
}

/// A ref pattern that matches every ref of the repository's naming scheme: a `*` after at
/// most one letter (`*`, `v*`, `V*`). A longer prefix names a kind (`rc-*`), a digit a series.
fn family_pattern(pattern: &str) -> bool {
    pattern
        .strip_suffix('*')
        .is_some_and(|prefix| prefix.len() <= 1 && prefix.bytes().all(|c| c.is_ascii_alphabetic()))
}

/// A `SELECT ... FROM table` with no `WHERE`, `LIMIT`, `TOP` or `FETCH`: every row of the
/// table, whichever client runs it (`psql -Atc`, `mysql -Nse`, `sqlite3 db`, `bq query`).
fn unfiltered_select(w: &str) -> Option<(Feeder, bool)> {
    let t = w.trim_start_matches(['"', '\'', ' ', '(']);
    // Cheap test first: most words are no statement.
    if t.len() < 13 || !t.as_bytes()[..6].eq_ignore_ascii_case(b"select") {
        return None;
    }
    let l = t.to_ascii_lowercase();
    let from = l.find(" from ")?;
    if [" where ", " limit ", " top ", " fetch ", " offset "]
        .iter()
        .any(|k| l.contains(k))
    {
        return None;
    }
    let table = l[from + 6..].split_whitespace().next().unwrap_or("");
    let (_, people) = everything::file_feeder(table);
    Some((Feeder::Wide, people))
}

/// Whether a `for` list word is a brace range of many numbers (`{1..5000}`): every id of it.
fn many_in_braces(w: &str) -> bool {
    let Some(body) = w.strip_prefix('{').and_then(|b| b.split('}').next()) else {
        return false;
    };
    let mut parts = body.split("..");
    match (
        parts.next().and_then(|a| a.parse::<i64>().ok()),
        parts.next().and_then(|b| b.parse::<i64>().ok()),
    ) {
        (Some(a), Some(b)) => (b - a).unsigned_abs() + 1 >= MANY,
        _ => false,
    }
}

/// The file that feeds a repeated command its items: the repeater's own file (`xargs -a`,
/// `:::: FILE`), a redirection of its input (`xargs ... < FILE`, `done < FILE`), or the file a
/// reader up its pipe prints (`cat FILE | xargs`, `jq -c '.[]' FILE | while read`).
fn fed_file<'s>(cmd: &Cmd<'s>, s: &'s Script<'_>, index: usize) -> Option<Cow<'s, str>> {
    if let Some(f) = arg_file(cmd) {
        return Some(Cow::Borrowed(f));
    }
    let read = |c: &'s crate::shell::Command<'_>| {
        c.redirects
            .iter()
            .find(|r| r.kind == RedirectKind::Read)
            .map(|r| Cow::Borrowed(&*r.target))
    };
    if cmd.more_args
        && let Some(r) = cmd.redirects.iter().find(|r| r.kind == RedirectKind::Read)
    {
        return Some(Cow::Borrowed(&*r.target));
    }
    // `done < FILE`: a command without words after this one.
    if super::read_loop(cmd, s, index).is_some()
        && let Some(f) = s.commands[index + 1..]
            .iter()
            .filter(|c| c.words.is_empty())
            .find_map(read)
    {
        return Some(f);
    }
    // A reader of a file up the pipe (of this command, or of the loop's `read`).
    let pipeline = s.commands[index].pipeline;
    let start = s.commands[..index]
        .iter()
        .rposition(|c| c.words.first().is_some_and(|w| w == "read"))
        .map_or(pipeline, |k| s.commands[k].pipeline);
    s.commands[..index]
        .iter()
        .filter(|c| c.pipeline == pipeline || c.pipeline == start)
        .find_map(|c| {
            let mut folded = Vec::new();
            let u = super::resolve(c, &mut folded)?;
            matches!(
                u.program,
                "cat"
                    | "cut"
                    | "jq"
                    | "awk"
                    | "sed"
                    | "head"
                    | "tail"
                    | "sort"
                    | "uniq"
                    | "mlr"
                    | "xsv"
                    | "yq"
                    | "csvcut"
                    | "tac"
            )
            .then(|| u.operands(&[]).last().map(|f| Cow::Owned(f.to_owned())))
            .flatten()
        })
}

/// Whether `cmd` is run once per item of a collection: by xargs or parallel, in a `for` loop
/// over its variable, in a `while read` loop.
fn repeated(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    cmd.more_args
        || arg_file(cmd).is_some()
        || super::loop_list(cmd, s, index).is_some()
        || super::read_loop(cmd, s, index).is_some()
}

/// The reach of a repeated command that the shared test ([`everything::reach`]) does not see:
/// the file named by the repeater's options, a listing of a kind only this module reads, a
/// `for` over a range of many numbers, or a file an earlier step wrote with many rows.
pub fn reach(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context) -> Option<Reach> {
    if let Some(list) = super::loop_list(cmd, s, index) {
        if list.iter().any(|w| many_in_braces(w)) {
            return Some(Reach::Listed);
        }
        return None;
    }
    if !repeated(cmd, s, index) {
        return None;
    }
    let file = fed_file(cmd, s, index)?;
    if everything::file_feeder(&file).0 == Feeder::Wide {
        return Some(Reach::Listed);
    }
    counted(&file, ctx)
}

/// What an earlier step wrote to `file`: the number of rows it said ("> customers.json  #
/// 38,412 rows"), when that many make everyone, or a listing of everything whatever the
/// file's name (`psql -Atc 'select id from accounts' > test_ids.txt`).
fn counted(file: &str, ctx: &Context) -> Option<Reach> {
    let rows = ctx.env.defined.latest(super::defined::Kind::Rows)?;
    let name = super::paths::file_name(file);
    if name.is_empty() || super::paths::file_name(&rows.id) != name {
        return None;
    }
    match rows.count {
        Some(n) if n >= MANY => Some(Reach::Counted(n)),
        Some(_) => None,
        None => Some(Reach::Listed),
    }
}

/// Whether a step writes a listing of everything into a file: an unfiltered `SELECT` or an
/// `--all` listing redirected or copied to a file.
pub fn lists_into_file(text: &str) -> bool {
    if written_file(text).is_none() {
        return false;
    }
    let lower = text.to_ascii_lowercase();
    lower.split_whitespace().any(|w| w == "--all")
        || lower
            .match_indices("select ")
            .take(4)
            .any(|(at, _)| unfiltered_select(&text[at..]).is_some())
}

/// Programs that send one message per run (a mail, a text, a chat post), with the operations
/// of theirs that send: an empty list means the program sends whatever its subcommand
/// (mail(1), sendmail(8), msmtp, swaks, mutt, the Twilio and Vonage CLIs, `aws sns publish`,
/// `aws ses send-email`, Slack's and Telegram's senders, signal-cli, apprise).
const SENDERS: &[(&str, &[&str])] = &[
    ("mail", &[]),
    ("mailx", &[]),
    ("s-nail", &[]),
    ("bsd-mailx", &[]),
    ("sendmail", &[]),
    ("ssmtp", &[]),
    ("msmtp", &[]),
    ("swaks", &[]),
    ("mutt", &[]),
    ("neomutt", &[]),
    ("mpack", &[]),
    ("sendemail", &[]),
    ("apprise", &[]),
    ("telegram-send", &[]),
    ("signal-cli", &["send"]),
    (
        "twilio",
        &[
            "messages:create",
            "calls:create",
            "api:core:messages:create",
            "api:core:calls:create",
        ],
    ),
    ("vonage", &["sms", "send"]),
    ("nexmo", &["sms"]),
    ("plivo", &["send"]),
    (
        "aws",
        &[
            "publish",
            "send-email",
            "send-raw-email",
            "send-templated-email",
            "send-bulk-templated-email",
            "send-sms-message",
            "send-text-message",
            "send-messages",
        ],
    ),
    ("slack", &["send", "post", "postmessage"]),
    ("slack-cli", &["send", "post"]),
    ("ntfy", &["publish", "pub", "send"]),
    ("gws", &["send"]),
    ("mg", &["send"]),
];

/// The hosts and paths of the HTTP APIs that send mail, texts, pushes and chat posts
/// (Postmark, SendGrid, Mailgun, Twilio, SparkPost, Mailjet, Brevo, Mandrill, Resend,
/// Pushover, Slack, Telegram, Discord webhooks, Microsoft Graph's sendMail, Gmail, MessageBird,
/// Vonage/Nexmo, Plivo, OneSignal, FCM, Customer.io, Iterable, Klaviyo, Mailchimp).
const SEND_APIS: &[&str] = &[
    "postmarkapp.com",
    "sendgrid.com",
    "mailgun.net",
    "api.twilio.com",
    "sparkpost.com",
    "mailjet.com",
    "brevo.com",
    "sendinblue.com",
    "mandrillapp.com",
    "api.resend.com",
    "pushover.net",
    "hooks.slack.com",
    "chat.postmessage",
    "api.telegram.org",
    "discord.com/api/webhooks",
    "/sendmail",
    "gmail.googleapis.com",
    "messagebird.com",
    "nexmo.com",
    "vonage.com",
    "plivo.com",
    "onesignal.com",
    "fcm.googleapis.com",
    "customer.io",
    "iterable.com",
    "klaviyo.com",
    "api.mailchimp.com",
];

/// Whether an HTTP client's command posts to a sending API (`curl -d "$c"
/// https://api.postmarkapp.com/email`): a GET of the same API reads.
fn posts_to_send_api(cmd: &Cmd<'_>) -> bool {
    let posting = cmd.words().any(|w| {
        matches!(
            w,
            "-d" | "-F" | "--form" | "--json" | "POST" | "--post-data" | "--post-file" | "-f"
        ) || w.starts_with("--data")
            || w.starts_with("-d")
            || w.eq_ignore_ascii_case("-XPOST")
    });
    posting
        && cmd.words().any(|w| {
            let l = w.to_ascii_lowercase();
            l.contains("://") && SEND_APIS.iter().any(|h| l.contains(h))
        })
}

/// What a message program sends, when `cmd` is one sending (`mailx -s x "$e"`,
/// `twilio api:core:messages:create --to {}`).
fn sends(cmd: &Cmd<'_>) -> Option<&'static str> {
    if matches!(cmd.program, "curl" | "http" | "https" | "xh" | "wget") {
        return posts_to_send_api(cmd).then_some("a message through a sending API");
    }
    let (_, ops) = SENDERS.iter().find(|(p, _)| *p == cmd.program)?;
    if ops.is_empty() || cmd.operands(&[]).take(4).any(|w| ops.contains(&w)) {
        Some(if cmd.program == "aws" || cmd.program.contains("twilio") {
            "a message"
        } else {
            "a message to each recipient"
        })
    } else {
        None
    }
}

/// A message program run once per item: one send per line of a file or listing. Over
/// everyone (a listing, a file named for all or for people, an earlier step's many rows) it
/// is a mass send, verified; over a file this reader cannot size it is confirmed; over a
/// list written out on the line (`for u in alice bob`) or the project's own files it is each
/// send's own grade.
pub fn repeated_send(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    ctx: &Context,
    found_before: usize,
    out: &mut Vec<Finding>,
) {
    // Cheap gate: the program is a sender (or an HTTP client).
    if !(SENDERS.iter().any(|(p, _)| *p == cmd.program)
        || matches!(cmd.program, "curl" | "http" | "https" | "xh" | "wget"))
        || !repeated(cmd, s, index)
    {
        return;
    }
    if out[found_before..]
        .iter()
        .any(|f| f.severity >= Severity::Confirm)
    {
        return;
    }
    let Some(what) = sends(cmd) else {
        return;
    };
    let wide = everything::reach(cmd, s, index).is_some() || reach(cmd, s, index, ctx).is_some();
    let feeder = if wide {
        Feeder::Wide
    } else if let Some(list) = super::loop_list(cmd, s, index) {
        // Names written out, or a glob of the project's files: each send is named.
        if list
            .iter()
            .all(|w| !w.starts_with("$(") && !w.starts_with('`'))
        {
            return;
        }
        Feeder::Unknown
    } else {
        Feeder::Unknown
    };
    let p = super::program_name(cmd.program);
    let (severity, whom) = if feeder == Feeder::Wide {
        (
            Severity::Verify,
            "every recipient a listing or a file of everyone gives",
        )
    } else {
        (Severity::Confirm, "every line of its input")
    };
    out.push(super::finding(
        Family::Business,
        "fanout.mass-send",
        severity,
        format!("{p} sends {what}, repeated for {whom}: a mass send"),
    ));
}

/// The file a step's command writes its output to (`> customers.json`, `-o ids.csv`,
/// `--output=ids.csv`, `\copy (...) to 'export.csv'`), read from its words: the file an
/// earlier step's count ("# 38,412 rows") is about.
pub fn written_file(text: &str) -> Option<&str> {
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        let w = w.trim_start_matches('1');
        let named = if let Some(rest) = w.strip_prefix(">>").or_else(|| w.strip_prefix('>')) {
            if rest.is_empty() {
                words.next()
            } else {
                Some(rest)
            }
        } else if let Some(rest) = w.strip_prefix("--output=") {
            Some(rest)
        } else if matches!(w, "-o" | "--output" | "--out" | "to" | "TO") {
            words.next()
        } else {
            None
        };
        if let Some(f) = named.map(|f| f.trim_matches(['\'', '"', ';', ')']))
            && f.contains('.')
            && !f.starts_with('#')
        {
            return Some(f);
        }
    }
    None
}

/// Parts of a call's name that say it destroys, sends or ends what it is given (`delete`,
/// `archive`, `deliver`, `cancel`): the operations worse repeated over everyone.
const CODE_VERBS: &[&str] = &[
    "delete",
    "remove",
    "archive",
    "destroy",
    "purge",
    "cancel",
    "send",
    "deliver",
    "publish",
    "unsubscribe",
    "terminate",
    "drop",
    "ban",
    "suspend",
    "deactivate",
    "disable",
    "void",
    "refund",
    "erase",
    "trash",
    "wipe",
    "revoke",
    "del",
];

/// Parts of a call's name (or its receiver's) that say it acts on many objects in one call:
/// the batch and bulk APIs of the SDKs (HubSpot's `batch_api.archive`, boto3's
/// `batch_write_item` and `delete_objects`, Mongo's `delete_many`, Rails' `destroy_all`,
/// Salesforce's and Zendesk's bulk and `destroy_many` endpoints).
const CODE_MANY: &[&str] = &["batch", "bulk", "many", "all", "objects"];

/// Receivers whose deletes are of files, judged by the inline-code readers of the filesystem.
const FILE_RECEIVERS: &[&str] = &[
    "os",
    "fs",
    "shutil",
    "path",
    "pathlib",
    "file",
    "dir",
    "fileutils",
    "deno",
];

/// The lowercase parts of a code name (`delete_list_member`, `deleteMany`, `BatchDelete`).
fn code_parts(name: &str, mut each: impl FnMut(&str) -> bool) {
    let mut buf = String::with_capacity(name.len());
    let mut prev_lower = false;
    for c in name.chars() {
        let boundary = c == '_' || c.is_ascii_uppercase() && prev_lower;
        if boundary && !buf.is_empty() {
            if !each(&buf) {
                return;
            }
            buf.clear();
        }
        if c != '_' {
            buf.push(c.to_ascii_lowercase());
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    if !buf.is_empty() {
        each(&buf);
    }
}

/// Inline code (Python, JavaScript, Ruby...) that acts on a collection: an SDK batch or bulk
/// call that destroys, sends or archives (`contacts.batch_api.archive(ids)`, `delete_many`,
/// `bulk_delete`), confirmed, verified when what it is given is everyone; and a per-item
/// destroy or send in a loop (`for c in stripe.Customer.list().auto_paging_iter():
/// c.delete()`, `ids.forEach(id => fetch(url + id, {method: 'DELETE'}))`), verified when the
/// loop runs over a listing or a file named for all or for people. A loop over something this
/// reader cannot size keeps what its body's calls were graded.
pub fn code(body: &str, out: &mut Vec<Finding>) {
    // Cheap gate: a batch word or a loop, and a call.
    let lower = body.to_ascii_lowercase();
    let looped = lower.contains("for ")
        || lower.contains("foreach")
        || lower.contains(".each")
        || lower.contains(".map(")
        || lower.contains("while ");
    if !(looped || CODE_MANY[..3].iter().any(|m| lower.contains(m)) || lower.contains("_all(")) {
        return;
    }
    let mut batch: Option<&str> = None;
    let mut per_item: Option<&str> = None;
    let mut listed = false;
    for (open, _) in body.match_indices('(').take(256) {
        let name_start = crate::substring::after_last(&body[..open], |c: char| {
            !(c.is_ascii_alphanumeric() || c == '_')
        });
        let name = &body[name_start..open];
        if name.is_empty() {
            continue;
        }
        // The receiver chain just before the name (`c.crm.contacts.batch_api.`).
        let chain_start = crate::substring::after_last(&body[..name_start], |c: char| {
            !(c.is_ascii_alphanumeric() || c == '_' || c == '.')
        });
        let chain = body[chain_start..name_start].to_ascii_lowercase();
        if chain.is_empty() && name.eq_ignore_ascii_case("list") {
            continue;
        }
        let mut verb = false;
        let mut many = false;
        let mut lists = false;
        let mut parts = 0;
        code_parts(name, |p| {
            parts += 1;
            verb |= CODE_VERBS.contains(&p);
            many |= CODE_MANY.contains(&p);
            // (`Promise.all(` waits on promises; it lists nothing.)
            lists |= matches!(p, "list" | "scan" | "paginate" | "paging" | "iter" | "all")
                && !chain.is_empty()
                && !chain.ends_with("promise.");
            true
        });
        // A listing call: `.list(`, `.list_users(`, `auto_paging_iter(`, `.scan(`, `.all()`,
        // `paginate(`; a file opened whose name says all or people.
        if lists && !verb {
            listed = true;
        }
        let receiver = chain.trim_end_matches('.').rsplit('.').next().unwrap_or("");
        if FILE_RECEIVERS.contains(&receiver)
            || chain.split('.').any(|r| FILE_RECEIVERS.contains(&r))
        {
            continue;
        }
        let http_delete = matches!(
            receiver,
            "requests" | "axios" | "httpx" | "session" | "http"
        ) && name.eq_ignore_ascii_case("delete");
        if verb || http_delete {
            if many || chain.contains("batch") || chain.contains("bulk") {
                batch.get_or_insert(name);
            } else if parts > 1 || chain.matches('.').count() >= 1 || http_delete {
                per_item.get_or_insert(name);
            }
        }
    }
    // `fetch(url, {method: 'DELETE'})` in a loop: an HTTP delete per item.
    if per_item.is_none()
        && (lower.contains("method:'delete'")
            || lower.contains("method: 'delete'")
            || lower.contains("method: \"delete\"")
            || lower.contains("method:\"delete\""))
    {
        per_item = Some("an HTTP DELETE");
    }
    if batch.is_none() && !(looped && per_item.is_some()) {
        return;
    }
    // What the collection is: a listing call, or a file named for all or for people.
    let mut people = false;
    let mut file_all = None;
    for lit in body.split(['\'', '"']).skip(1).step_by(2).take(64) {
        if lit.len() < 64
            && (lit.contains('/')
                || lit
                    .rsplit_once('.')
                    .is_some_and(|(s, e)| !s.is_empty() && (1..=5).contains(&e.len())))
        {
            let (f, p) = everything::file_feeder(lit);
            if f == Feeder::Wide {
                file_all.get_or_insert(lit);
                people |= p;
            }
        }
    }
    let wide = listed || file_all.is_some();
    let whom = match file_all {
        Some(f) if people => format!("every person listed in {f}"),
        Some(f) => format!("everything listed in {f}"),
        None => "everything a listing call returns".to_owned(),
    };
    if let Some(name) = batch {
        out.push(super::finding(
            Family::Business,
            "fanout.code-batch",
            if wide {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            if wide {
                format!("inline code calls {name}, a batch operation, on {whom}")
            } else {
                format!("inline code calls {name}, a batch operation on many objects at once")
            },
        ));
    } else if let Some(name) = per_item.filter(|_| wide) {
        out.push(super::finding(
            Family::Business,
            "fanout.code-loop",
            Severity::Verify,
            format!("inline code repeats {name} in a loop over {whom}"),
        ));
    }
}

/// Whether a PowerShell collection is everyone: a file read whose name says all or people
/// (`Get-Content all_customers.txt`, `Import-Csv members.csv`), or a `Get-` listing asked for
/// all (`-All`, `-ResultSize Unlimited`, `-Filter *`).
fn powershell_everyone(collection: &str) -> bool {
    let words: Vec<&str> = collection
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '|' | '{'))
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        let l = w.to_ascii_lowercase();
        if matches!(
            l.as_str(),
            "get-content" | "gc" | "cat" | "type" | "import-csv" | "ipcsv" | "import-clixml"
        ) && let Some(file) = words[i + 1..]
            .iter()
            .find(|f| !f.starts_with('-'))
            .map(|f| f.trim_matches(['\'', '"']))
            && everything::file_feeder(file).0 == Feeder::Wide
        {
            return true;
        }
        if l.starts_with("get-")
            && words[i + 1..].iter().take(8).enumerate().any(|(k, o)| {
                let o = o.to_ascii_lowercase();
                o == "-all"
                    || o == "-resultsize"
                        && words
                            .get(i + 2 + k)
                            .is_some_and(|v| v.eq_ignore_ascii_case("unlimited"))
                    || o == "-filter"
                        && words
                            .get(i + 2 + k)
                            .is_some_and(|v| v.trim_matches(['\'', '"']) == "*")
            })
        {
            return true;
        }
    }
    false
}

/// A PowerShell per-object block (`COLLECTION | ForEach-Object { ... }`, `foreach ($x in
/// COLLECTION) { ... }`) whose findings start at `from`: over everyone they are one step worse,
/// and a send or an HTTP delete in the block (`Send-MailMessage`, `Invoke-RestMethod -Method
/// Delete`), which no reader grades one by one, is a mass send or delete.
pub fn powershell(block: &str, collection: &str, from: usize, out: &mut Vec<Finding>) {
    let everyone = powershell_everyone(collection);
    if everyone {
        for f in &mut out[from..] {
            if f.severity == Severity::Confirm {
                f.severity = Severity::Verify;
                f.message = format!(
                    "{}, for every object of {}",
                    f.message,
                    crate::cut(collection, 60)
                );
            }
        }
    }
    if out[from..].iter().any(|f| f.severity >= Severity::Confirm) {
        return;
    }
    let l = block.to_ascii_lowercase();
    let what = if l.contains("send-mailmessage") || l.contains("send-mgusermail") {
        "sends a mail"
    } else if (l.contains("invoke-restmethod")
        || l.contains("irm ")
        || l.contains("invoke-webrequest")
        || l.contains("iwr "))
        && (l.contains("-method delete") || l.contains("-method post"))
    {
        if l.contains("-method delete") {
            "sends an HTTP DELETE"
        } else {
            "sends an HTTP POST"
        }
    } else {
        return;
    };
    out.push(super::finding(
        Family::Business,
        "fanout.mass-send",
        if everyone {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        format!(
            "a PowerShell block {what} for each object of {}{}",
            crate::cut(collection, 60),
            if everyone { ": everyone" } else { "" }
        ),
    ));
}

/// A file operation `find -exec` runs on every file under a system or data directory
/// (`find /var/www -type f -exec truncate -s 0 {} +`, `find /var/log -exec cp /dev/null {} \;`):
/// judged on the start alone it reads as one file's change, but it reaches every file of the
/// tree, so what it found is one tier worse (a bounded change becomes a verified one).
pub(crate) fn every_file_of_a_system_tree(start: &str, found: &mut [Finding]) {
    if super::paths::scope(start) != super::paths::Scope::Catastrophic {
        return;
    }
    for f in found {
        if f.severity == Severity::Confirm
            && matches!(
                f.family,
                Family::Filesystem | Family::Tampering | Family::System
            )
        {
            f.severity = Severity::Verify;
            f.message = format!("on every file under {start}: {}", f.message);
        }
    }
}
