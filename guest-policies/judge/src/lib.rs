//! airlock's judgement of what an agent is about to do.
//!
//! Built as the shared docs' `judgement.md` says: **parse, then judge**. A text is normalized
//! ([`normalize`]), split into the actions it describes (shell commands through [`shell`], SQL
//! through [`sql`], plain language through [`prose`]), and each action goes to the recognizer of
//! its family ([`recognize`]), which says what it does, to what, and how bad that is
//! ([`finding::Finding`]). Substring matching is only ever a prefilter, never the verdict; a
//! mention of a dangerous word is not an action.
//!
//! # Finding the parts
//!
//! A text that starts like a command line (a known program, a path to one, an env-var prefix,
//! a subshell or substitution) is parsed as one script. A text that starts like SQL (`DELETE
//! FROM`, `DROP TABLE`, `UPDATE x SET` ...) goes to the SQL reader. Anything else is prose: it is
//! split into clauses (newlines, `;`, sentences, "then", `&&`), and each clause is judged as a
//! command, SQL or plain language the same way; commands inside prose are found after a verb
//! that runs them ("run `rm -rf build`", "then curl ... | sh"), in code spans, and as SQL written
//! in capitals. Every part is judged; the strictest finding wins (the scorer takes the worst).
//!
//! # Split actions
//!
//! The recent hints are read first for what they establish ([`recognize::Context`]): files
//! downloaded or made executable, secrets read, files written from a secret (a copy, an
//! archive, an encoding: itself a secret), the directory a `cd` entered. A download (or a
//! `chmod +x`) followed by running it, a secret read followed by "send it" / `curl -d @-`,
//! `cp ~/.ssh/id_rsa /tmp/k` followed by an upload of `/tmp/k`, and `rm -rf ./*` after
//! `cd target/release` are judged as the whole action; saved destroy plans, copies of
//! downloads, database dumps, the text written into a file and the step "do the same" repeats
//! are carried by kind ([`recognize::carried`]). Within one line only a `cd` joined by
//! `&&` (or `cd x || exit`) surely enters its directory: after `cd x; rm -rf *` the rm is judged
//! both where the agent was and in `x`, and the worse counts.
//!
//! Pure Rust with no I/O: it builds for the host (where its tests and the corpus evaluation run)
//! and for `wasm32-unknown-unknown` (inside the default scorer).

#![forbid(unsafe_code)]

pub mod finding;
pub mod normalize;
pub mod prose;
pub mod recognize;
pub mod shell;
pub mod sql;
pub mod substring;

pub use finding::{Family, Finding, Judgement, Severity};

use recognize::{Context, finding as make_finding, paths};
use substring::has;

/// The most recent hints read for the first step of a split action.
pub const MAX_RECENT: usize = 8;

/// Judges one text (an agent's hint, a command, a param value), with the hints the same agent
/// reported just before it (oldest first), which carry the first half of an action split over
/// steps (a download, then running it; a secret read, then sending "it").
pub fn judge(text: &str, recent: &[&str]) -> Judgement {
    judge_texts([text], recent)
}

/// [`judge`] of several texts of one action (a hint and its params), the recent hints read
/// once for all of them.
pub fn judge_texts<'t>(texts: impl IntoIterator<Item = &'t str>, recent: &[&str]) -> Judgement {
    let mut ctx = Context::default();
    let start = recent.len().saturating_sub(MAX_RECENT);
    let mut last_action = None;
    for (k, r) in recent[start..].iter().enumerate() {
        // The step just before is always read: "do the same on the others" repeats it,
        // whatever it was.
        let last = start + k + 1 == recent.len();
        let read = read_recent(r, k, last, &mut ctx);
        if last {
            last_action = read.and_then(|found| found.into_iter().max_by_key(|f| f.severity));
        }
    }
    ctx.last_action = last_action;
    ctx.env.step = recent.len() - start;
    let mut findings = Vec::new();
    for text in texts {
        let norm = normalize::normalize(text);
        judge_text(&norm, recent, &mut ctx, &mut findings);
        // A statement typed into a client an earlier step opened.
        if ctx.env.session.client.is_some() {
            let sentence = classify(strip_lead(norm.trim())) == Kind::Prose;
            recognize::open_clients::judge(&norm, sentence, &ctx, &mut findings);
        }
    }
    Judgement { findings }
}

/// Reads the recent hint `text` (the `step`th of those read, oldest first) for what it leaves
/// `ctx`. The last is read in full (every recognizer) and what it found is returned (what "do
/// the same" repeats); an earlier one that [`may_set_context`] lets through is read for its
/// context only ([`read_for_context`]), since what it finds is ignored but for tampering.
fn read_recent(text: &str, step: usize, last: bool, ctx: &mut Context) -> Option<Vec<Finding>> {
    ctx.env.step = step;
    // What the step's words define that can only make a verdict stricter: the interface
    // a session runs over, the size of the set it works through.
    recognize::defined::note_words(text, ctx);
    // A database client it opens with a prompt: later texts are its statements.
    recognize::open_clients::note(text, ctx);
    if last {
        return Some(read_in_full(text, ctx));
    }
    if may_set_context(text) {
        read_for_context(text, ctx);
    }
    None
}

/// An earlier recent hint read for what it leaves `ctx` and for its tampering, nothing else
/// ([`Context::context_only`]): the top-level readers that take no context and never find
/// tampering are skipped. When the reading meets what it cannot settle without them
/// ([`Context::context_only_unsure`]), the hint is read again in full from where it started.
/// `ctx` ends as [`read_in_full`] leaves it (`examples/recent_readings.rs` checks it).
fn read_for_context(text: &str, ctx: &mut Context) {
    let before = ctx.clone();
    ctx.context_only = true;
    read_in_full(text, ctx);
    ctx.context_only = false;
    if ctx.context_only_unsure {
        *ctx = before;
        read_in_full(text, ctx);
    }
}

/// The full reading of a recent hint: judged with every recognizer for what it leaves `ctx`
/// (its tampering marks the context), its findings returned.
fn read_in_full(text: &str, ctx: &mut Context) -> Vec<Finding> {
    let n = normalize::normalize(text);
    let mut found = Vec::new();
    judge_text(&n, &[], ctx, &mut found);
    if found.iter().any(|f| f.family == Family::Tampering) {
        ctx.tampering = true;
    }
    found
}

/// What one earlier step's reading did, for auditing the gate on recent hints
/// ([`recent_readings`]).
#[doc(hidden)]
#[derive(Debug)]
pub struct RecentReading {
    /// The hint.
    pub text: String,
    /// [`may_set_context`] let it through: it was read in full.
    pub read: bool,
    /// Its full reading changes the context (its `Debug` form) where it stands: what a gate
    /// tighter than [`may_set_context`] must never skip (when `read`).
    pub changes: bool,
    /// Its context-only reading ([`read_for_context`]) leaves the context (its `Debug` form)
    /// other than its full reading does: never, or the context-only mode skipped a reader that
    /// mattered.
    pub context_only_differs: bool,
}

/// Every recent hint but the last of `recent` (those only a gate decides to read), read as
/// [`judge_texts`] reads them, with whether a full reading of each would change the context
/// built so far. An instrument, not a verdict: a candidate gate is sound over a set when no
/// hint it skips is `read && changes` (`examples/recent_readings.rs` counts them).
#[doc(hidden)]
pub fn recent_readings(recent: &[&str]) -> Vec<RecentReading> {
    let mut ctx = Context::default();
    let start = recent.len().saturating_sub(MAX_RECENT);
    let mut readings = Vec::new();
    for (k, r) in recent[start..].iter().enumerate() {
        let last = start + k + 1 == recent.len();
        if !last {
            let mut probe = ctx.clone();
            probe.env.step = k;
            recognize::defined::note_words(r, &mut probe);
            recognize::open_clients::note(r, &mut probe);
            let before = format!("{probe:?}");
            let mut context_only = probe.clone();
            read_in_full(r, &mut probe);
            read_for_context(r, &mut context_only);
            let after = format!("{probe:?}");
            readings.push(RecentReading {
                text: (*r).to_owned(),
                read: may_set_context(r),
                changes: before != after,
                context_only_differs: after != format!("{context_only:?}"),
            });
        }
        read_recent(r, k, last, &mut ctx);
    }
    readings
}

/// A phrasal verb split around its object, the object being the hook or the guard: "turn the
/// hook off", "switch the PreToolUse hook off", "shut it off" (at most four words between the
/// verb and `off`). "Turn the lights off and read hooks.json" turns something else off.
fn turned_off_split(lower: &str) -> bool {
    let words: Vec<&str> = lower
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .collect();
    words.iter().enumerate().any(|(i, w)| {
        if !matches!(
            *w,
            "turn" | "turns" | "turning" | "switch" | "switches" | "switching" | "shut" | "shuts"
        ) {
            return false;
        }
        let Some(off) = words[i + 1..].iter().take(5).position(|n| *n == "off") else {
            return false;
        };
        words[i + 1..i + 1 + off].iter().any(|n| {
            matches!(
                *n,
                "hook" | "hooks" | "guard" | "airlock" | "pretooluse" | "it" | "them"
            )
        })
    })
}

/// A cheap test of whether a recent hint can establish anything (a download, a secret read):
/// most cannot, and are not parsed.
fn may_set_context(text: &str) -> bool {
    // Paths, hosts and URLs name what a step downloads or reads.
    // Assignments (`TARGET=-1`, `export AWS_PROFILE=x`) and functions (`f() { ...; }`) bind
    // names later steps use.
    if text
        .bytes()
        .any(|b| matches!(b, b'/' | b'.' | b'~' | b'@' | b'=' | b'('))
    {
        return true;
    }
    // Otherwise one of a few words: one pass over the words, each lowercased on the stack.
    const STEMS: &[&[u8]] = &[
        b"curl",
        b"wget",
        b"fetch",
        b"download",
        b"http",
        b"secret",
        b"token",
        b"key",
        b"cred",
        b"dump",
        b"printenv",
        b"passw",
        b"history",
        b"airlock",
        b"env",
        b"approv",
        b"unblock",
        b"shadow",
        b"redb",
        b"cd",
        b"pushd",
        // What selects or makes a running environment, or binds a name ([`recognize::carried`]).
        b"export",
        b"setx",
        b"unset",
        b"alias",
        b"function",
        b"context",
        b"kubectx",
        b"kind",
        b"minikube",
        b"k3d",
        b"createdb",
        b"mysqladmin",
        b"clone",
        b"port",
        b"ssh",
        // A branch checked out (what "push it" pushes), a folder listed (where a bare file
        // name is), people exported or a message drafted (what "send it" sends).
        b"switch",
        b"checkout",
        b"ls",
        b"draft",
        b"write",
        b"compose",
        // What defines a name, a thing made here or a place ([`recognize::defined`]).
        b"rclone",
        b"localstack",
        b"terraform",
        b"tofu",
        b"wg",
        b"tailscale",
        b"openvpn",
        b"ifup",
        b"docker",
        b"podman",
        // A place selected, a shell opened on another machine or left ([`recognize::scope`]).
        b"gcloud",
        b"az",
        b"kubens",
        b"kubie",
        b"workspace",
        b"vagrant",
        b"multipass",
        b"limactl",
        b"colima",
        b"distrobox",
        b"toolbox",
        b"lxc",
        b"incus",
        b"mosh",
        b"tsh",
        b"exec",
        b"exit",
        b"logout",
        // What makes a scratch object ([`recognize::benign`]) or checks a download against
        // its published digest (a check clears the download's mark, in any earlier step).
        b"namespace",
        b"project",
        b"sha",
        b"gpg",
        b"cosign",
        b"minisign",
        b"verify",
        // What moves the session ([`recognize::session`]): a directory left, a tool's place
        // switched, a read picking items by an environment's name, an environment file.
        b"popd",
        b"location",
        b"use",
        b"select",
        b"target",
        b"stack",
        b"grep",
        b"list",
        b"describe",
        b"source",
        b"filter",
        b"assume",
        b"login",
        b"credential",
        b"kubeconfig",
        b"remote",
        b"environment",
        b"link",
        b"search",
    ];
    // Each word against ~100 stems: their first bytes are compared before any slice is
    // (which is a `memcmp` call each), the same test as `starts_with` for stems that are never
    // empty. A stem added to the list needs nothing else.
    text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        let w = w.as_bytes();
        let mut buf = [0_u8; 12];
        let n = w.len().min(buf.len());
        for (b, c) in buf.iter_mut().zip(w) {
            *b = c.to_ascii_lowercase();
        }
        let word = &buf[..n];
        word.first().is_some_and(|&lead| {
            STEMS
                .iter()
                .any(|s| s.first() == Some(&lead) && word.starts_with(s))
        })
    })
}

/// Judges a parsed command line (and its substitutions), at a nesting depth.
pub fn judge_shell(text: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if depth > recognize::MAX_DEPTH {
        return;
    }
    if depth == 0 {
        ctx.comment = recognize::identity::comment(text);
    }
    fork_bomb(text, out);
    // cmd's escapes and launcher, PowerShell's names joined from pieces: the line as the shell
    // will run it is read too.
    if let Some(as_run) = recognize::cmd_spelling::folded(text) {
        judge_shell(&as_run, depth + 1, ctx, out);
    }
    if let Some(as_run) = recognize::joined_names::folded(text) {
        judge_shell(&as_run, depth + 1, ctx, out);
    }
    recognize::remote_windows::line(text, depth, ctx, out);
    recognize::wsl::line(text, out);
    // Functions the text defines: a later command (or step) that calls one runs its body.
    recognize::carried::record_functions(text, ctx);
    recognize::interpreters::powershell_line(text, out);
    recognize::interpreters::powershell_base64_line(text, depth, ctx, out);
    recognize::windows::line(text, depth, ctx, out);
    recognize::blocks::line(text, depth, ctx, out);
    let script = shell::parse(text);
    // `$(rev <<< '...')` in command position: its output is the command that runs.
    recognize::interpreters::substituted_programs(&script, depth, ctx, out);
    // A `cd` inside `( ... )` does not outlast the parentheses: this script's `cd`s are not
    // followed when it has any (a `$(`, `<(` or `>(` substitution is not a subshell of the
    // script's own commands).
    let outer = ctx.in_subshell;
    ctx.in_subshell |= text
        .char_indices()
        .any(|(i, c)| c == '(' && !text[..i].ends_with(['$', '<', '>', '(']));
    // A nested body (`bash -c '...'`, a substitution) runs in its own process: its `cd` holds
    // inside it, not after it.
    let cwd = (depth > 0).then(|| ctx.cwd.clone());
    recognize::script(&script, depth, ctx, out);
    recognize::launch::line(text, ctx, out);
    ctx.in_subshell = outer;
    if let Some(cwd) = cwd {
        ctx.cwd = cwd;
    }
}

/// `s` cut to at most `max` bytes (on a character boundary), for messages.
pub fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// What a part of a text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Shell,
    Sql,
    Prose,
    /// A known program followed by English ("find the bug", "kill the airlock process"):
    /// judged both ways.
    Both,
}

fn judge_text(text: &str, recent: &[&str], ctx: &mut Context, out: &mut Vec<Finding>) {
    let t = text.trim();
    if t.is_empty() {
        return;
    }
    // `r^d /s /q ...`: cmd's spelling hides the program from the classifier; the line as cmd
    // runs it is judged too.
    if let Some(as_run) = recognize::cmd_spelling::folded(t) {
        judge_text(&as_run, recent, ctx, out);
    }
    // A step that reads the file people were exported to keeps the export in focus.
    recognize::carried::refresh_focus(t, ctx);
    let body = strip_lead(t);
    // A tool call reported in words (`neon MCP tool call: delete_project {...}`) is read as
    // the call it names.
    if let Some(call) = recognize::tool_calls::canonical(body) {
        judge_text(&call, recent, ctx, out);
        return;
    }
    // A request handed to a tool server ("tell the k8s MCP server to delete ...") is read as
    // the request.
    let (t, body) = match recognize::addressed::inner(body) {
        Some(request) => (request, strip_lead(request)),
        None => (t, body),
    };
    let mut kind = classify(body);
    // A name an earlier step downloaded or installed (`kit setup --yes` after `install
    // /tmp/kit.sh ~/.local/bin/kit`) is a program here, whatever English it looks like.
    if kind == Kind::Prose && !ctx.downloads.is_empty() {
        let first = first_word(body);
        if !first.is_empty() && !first.contains(['\'', '"']) && ctx.downloaded(first) {
            kind = Kind::Both;
        }
    }
    // Likewise a name an earlier step bound to a command: an alias, a function, a copy of a
    // program's binary (`ok 8812` after `alias ok='airlock approve'`: read before a lead
    // word such as "ok" is cut off).
    if kind == Kind::Prose && recognize::carried::binds_name(first_word(body), ctx) {
        kind = Kind::Both;
    } else if kind != Kind::Shell && body != t && recognize::carried::binds_name(first_word(t), ctx)
    {
        judge_shell(t, 0, ctx, out);
    }
    // PowerShell's `foreach (...) { ... }` opens with no program's name: its per-object code
    // is read whatever the text was taken for.
    if kind != Kind::Shell {
        recognize::blocks::line(body, 0, ctx, out);
    }
    match kind {
        Kind::Shell if !has_prose_joint(body) => judge_shell(body, 0, ctx, out),
        Kind::Sql if !has_prose_joint(body) => {
            let found = sql::judge_sql(body);
            let first = body.split_whitespace().next().unwrap_or("");
            if found.is_empty()
                && (first.eq_ignore_ascii_case("grant") || first.eq_ignore_ascii_case("revoke"))
            {
                // GRANT's shape is English's ("grant admin rights to every user"): a grant the
                // SQL reader found nothing in is read as words too.
                prose_text(t, (body, Kind::Prose), recent, ctx, out);
            }
            out.extend(found);
        }
        // The whole text's kind, for its clause when it has only one.
        _ => prose_text(t, (body, kind), recent, ctx, out),
    }
    // A merge past its checks, a wiki page deleted: read over the whole text's words, however
    // it was classed (a quoted title must not hide the sentence).
    // A notebook cell or bare code: its escapes, magics and calls (IPython's `!cmd` and a
    // leading `exec(` / `eval(` look like a shell's words). It takes the context and can find
    // tampering, so a context-only reading runs it too.
    if kind != Kind::Shell || recognize::notebooks::shell_shaped(t) {
        recognize::notebooks::judge(t, ctx, out);
    }
    // Neither finds tampering nor takes the context: skipped in a context-only reading.
    if kind != Kind::Shell && !ctx.context_only {
        prose::work_items::judge(body, out);
        // An MCP tool's call: its name's verb with its params' scope.
        recognize::tool_calls::judge(body, recent, out);
    }
    // The command line a tool call hands its server, whatever the tool is named.
    for command in recognize::tool_calls::commands(body) {
        judge_shell(&command, 1, ctx, out);
    }
}

/// A text that is not one command line: its clauses, code spans and prose.
fn prose_text(
    text: &str,
    known: (&str, Kind),
    recent: &[&str],
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    // A file written with quoted lines ("write wipe.txt with 'select disk 0' and 'clean'"):
    // what later runs it runs them.
    recognize::carried::prose_writes(strip_lead(text.trim()), ctx);

    // What the words and the commands inside them found, lowered together when the text
    // only talks about its acts (`prose::scope`).
    let written = text;
    let mut worded: Vec<usize> = Vec::new();
    // Code spans (```...``` and `...`) hold commands.
    let mut rest = text;
    let mut spans = Vec::new();
    while let Some(open) = rest.find('`') {
        let fence = rest[open..].starts_with("```");
        let skip = if fence { 3 } else { 1 };
        let after = &rest[open + skip..];
        let Some(close) = after.find(if fence { "```" } else { "`" }) else {
            break;
        };
        let mut inner = &after[..close];
        if fence {
            // The fence's language tag.
            if let Some(nl) = inner.find('\n')
                && !inner[..nl].contains(' ')
            {
                inner = &inner[nl + 1..];
            }
        }
        spans.push(inner);
        rest = &after[close + skip..];
    }
    let spanless;
    let text_without_spans = if spans.is_empty() {
        text
    } else {
        spanless = text.replace("```", " ").replace('`', " ");
        &spanless
    };
    // Code the words only talk about ("explain what `zpool destroy` does", "a test asserting
    // that `dd of=/dev/sda` is stopped"): noted, not graded. Tampering found in a span keeps
    // its grade (the guard's own files are never a topic to act on).
    let talked_about = !spans.is_empty() && spans_are_mentioned(text);
    // Or the sentence holding a span asks what it does or would do ("why would `rm -rf
    // $UNSET/*` wipe the root?", "que fait `zpool destroy tank` ?"): read per span, only when
    // the other reading did not frame them all (`prose::scope`).
    let mut asked: Vec<bool> = Vec::new();
    // Whether a span found anything decides, when the words ask about a span, which spans are
    // blanked from the clauses read below: a context-only reading ([`read_for_context`]) reads
    // such spans in full.
    let context_only = ctx.context_only;
    if context_only
        && !talked_about
        && !spans.is_empty()
        && question_topics(text, &spans).contains(&true)
    {
        ctx.context_only = false;
    }
    for (k, span) in spans.iter().enumerate() {
        let s = strip_lead(span.trim());
        let from = out.len();
        match classify(s) {
            Kind::Sql => out.extend(sql::judge_sql(s)),
            Kind::Prose => {}
            _ => judge_shell(s, 0, ctx, out),
        }
        worded.extend(from..out.len());
        if !talked_about && asked.is_empty() && out.len() > from {
            asked = question_topics(text, &spans);
        }
        let questioned = asked.get(k).copied().unwrap_or(false);
        if talked_about || questioned {
            // A question never lowers tampering, a secret read or a secret sent.
            let kept = |f: &Finding| {
                f.family == Family::Tampering
                    || questioned
                        && !talked_about
                        && matches!(f.family, Family::Secrets | Family::Exfiltration)
            };
            finding::lower_where(
                &mut out[from..],
                |f| !kept(f),
                if talked_about {
                    "mentioned, not run"
                } else {
                    "asked about, not run"
                },
            );
        }
    }
    ctx.context_only = context_only;
    // Spans only talked about are the topic, not the sentence's words: the clauses are read
    // without them ("averigua por qué se ejecutó `DROP DATABASE x`": no DROP verb), and a
    // clause opening with a program's name ("find out why `shutdown -r +5` ...") is not handed
    // the span as its command.
    let blanked;
    let text = if talked_about || asked.contains(&true) {
        let mut t = text.to_owned();
        for (k, span) in spans.iter().enumerate() {
            if !span.trim().is_empty() && (talked_about || asked.get(k) == Some(&true)) {
                t = t.replacen(span, " ", 1);
            }
        }
        blanked = t.replace("```", " ").replace('`', " ");
        &blanked
    } else {
        text_without_spans
    };
    // The sentences already read, for a later one's "it" ("The decommission playbook is
    // ready; point it at the prod inventory"): what the agent said just before, as a recent
    // hint is.
    let mut said_before: Vec<&str> = Vec::new();
    // The command a question named ("what does rm -rf ~/x do?"): talk, until a later clause
    // asks for it ("Run it now.").
    let mut asked: Option<&str> = None;
    let prose_start = out.len();
    let mut prose_found: Vec<usize> = Vec::new();
    for clause in clauses(text) {
        let c = strip_lead(clause.trim());
        if c.is_empty() {
            continue;
        }
        let kind = if c == known.0 { known.1 } else { classify(c) };
        match kind {
            Kind::Shell => judge_shell(c, 0, ctx, out),
            Kind::Sql => out.extend(sql::judge_sql(c)),
            kind => {
                if kind == Kind::Both {
                    judge_shell(c, 0, ctx, out);
                }
                // A lead "run" / "execute" cut off above is the clause's verb in prose: "run
                // the postinstall of the package from a fork" runs untrusted code.
                let whole = clause.trim();
                let lead = &whole[..whole.len().saturating_sub(c.len())];
                let runs = lead.split_whitespace().any(|w| {
                    // In any case: "Run the teardown playbook ..." as "run ...".
                    let starts =
                        |p: &str| w.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p));
                    starts("run") || starts("exec")
                });
                let said = if runs { whole } else { c };
                // A push after commits were rewritten is a force push ("drop the last two
                // commits and push").
                let forced = recognize::carried::forced_push(said, ctx);
                let with_before;
                let before = if said_before.is_empty() {
                    recent
                } else {
                    with_before = recent
                        .iter()
                        .copied()
                        .chain(said_before.iter().copied())
                        .collect::<Vec<_>>();
                    &with_before[..]
                };
                let from = out.len();
                out.extend(prose::judge_prose(
                    forced.as_deref().unwrap_or(said),
                    before,
                ));
                // Not a download ("curl the status page. Pipe it into jq."): what runs a
                // download is read over the whole text by the remote-code checks, which know
                // which programs run what they are given.
                let fetches = said.split_whitespace().any(|w| {
                    prose::lexicon::classes(w)
                        & (prose::lexicon::class::FETCH | prose::lexicon::class::DOWNLOADED)
                        != 0
                });
                if !fetches {
                    said_before.push(said);
                }
                prose_found.extend(from..out.len());
                recognize::carried::note_rewrite(said, ctx);
                embedded(c, ctx, out);
                if let Some(cmd) = asked
                    && asks_for_it(whole)
                {
                    judge_shell(cmd, 0, ctx, out);
                    asked = None;
                } else if mention(c.split_whitespace().next().unwrap_or("")) {
                    // The question and the request in one clause ("what does X do? run it").
                    match c.rsplit_once("? ") {
                        Some((question, after)) if asks_for_it(after) => {
                            if let Some(cmd) = asked_command(question) {
                                judge_shell(cmd, 0, ctx, out);
                            }
                        }
                        _ => asked = asked_command(c).or(asked),
                    }
                }
                worded.extend(from..out.len());
            }
        }
    }
    let from = out.len();
    prose_checks(text, ctx, out);
    prose_found.extend(from..out.len());
    worded.extend(from..out.len());
    // A text that forbids, limits or only asks about every act it names ("summarize what the
    // script does; don't execute it", "just count for now"): what its words found is talked
    // about, not asked for. A span that opens a sentence is a command of its own; tampering
    // keeps its grade, and so do a secret read or sent (a read is no act word to govern:
    // "just print the .env" reads it).
    let lowerable = |f: &Finding| {
        !matches!(
            f.family,
            Family::Tampering | Family::Secrets | Family::Exfiltration
        ) && f.severity > Severity::Note
    };
    if worded.iter().any(|&i| lowerable(&out[i]))
        && !recognize::mentions::opens_with_a_span(&written.to_lowercase())
        && prose::scope::talk_only(written)
    {
        for &i in &worded {
            let f = &mut out[i];
            if lowerable(f) {
                f.severity = Severity::Note;
                f.message = format!("only talked about, not asked for: {}", f.message);
            }
        }
    }
    // A secret read asked for by its names only ("list the secrets under prod, names only",
    // "the variables of .env without their values"): the words' own reads are noted; commands
    // on the line keep theirs.
    if prose_found.iter().any(|&i| i >= prose_start) && prose::names_only_request(text) {
        for &i in &prose_found {
            let f = &mut out[i];
            if f.family == Family::Secrets
                && matches!(f.code, "secrets.read" | "secrets.reveal")
                && f.severity == Severity::Confirm
            {
                f.severity = Severity::Note;
                f.message = format!("names only, no values: {}", f.message);
            }
        }
    }
    // What a follow-up refers to: a message drafted to a group, people exported, a folder
    // listed, right before this text; then what this text leaves for the next.
    recognize::carried::follow_up(text.trim(), recent, ctx, out);
    recognize::defined::follow_up(text.trim(), ctx, out);
    recognize::carried::note_prose(text, ctx);
    // What an earlier step left: a saved destroy plan ("apply it"), the step to repeat ("do
    // the same on the others").
    recognize::carried::prose_apply(text.trim(), 0, ctx, out);
    recognize::carried::repeat(text.trim(), ctx, out);
}

/// Words that frame a code span as a topic: a question about it, an explanation, a test or a
/// document that names it.
const SPAN_TOPIC_WORDS: &[&str] = &[
    "explain",
    "describe",
    "document",
    "what does",
    "what would",
    "what `",
    "whether",
    "why does",
    "why is",
    "how does",
    "asserting",
    "assert that",
    "test that",
    "tests that",
    "a test for",
    "regression test",
    "unit test",
    "difference between",
    "compare",
    "summarize",
    "the man page",
    "in the docs",
    "in the runbook",
    "is stopped",
    "is blocked",
    "gets blocked",
    "is flagged",
    // Documenting, reviewing, testing and asking about it in other words (session 17).
    "add a comment",
    "docstring",
    "warn that",
    "warns that",
    "warning that",
    "noting that",
    "note that",
    "what happens",
    "what if",
    "is it safe",
    "walk me through",
    "walk through",
    "readme",
    "changelog",
    "release notes",
    "expecting",
    "expect that",
    "to be rejected",
    "is rejected",
    "is refused",
    "to be refused",
    "is denied",
    "to be denied",
    "to be blocked",
    "to be stopped",
    "stays blocked",
    "is caught",
];

/// Words that make a span something to do, whatever else the text says ("explain `rm -rf
/// build`, then run it").
const SPAN_RUN_WORDS: &[&str] = &[
    "run ",
    "run.",
    "run,",
    "runs ",
    "execute",
    "exec ",
    "invoke",
    "launch",
    "apply",
    "go ahead",
    "do it",
    "try it",
    "use it",
    "then ",
    "and then",
    "pipe",
    "paste it into",
    "type it",
    "enter it",
    "now ",
    "actually",
    "do so",
    "do that",
    "do this",
    "go for it",
    "carry it out",
    "proceed",
];

/// For each code span of `text`, whether its sentence only asks about it
/// ([`prose::scope::spans_asked_about`]); none when any sentence asks for the act.
fn question_topics(text: &str, spans: &[&str]) -> Vec<bool> {
    let asked = prose::scope::spans_asked_about(text, spans);
    if asked.len() != spans.len() || !asked.contains(&true) {
        return vec![false; spans.len()];
    }
    asked
}

/// Whether every code span of `text` is only talked about: a topic word frames it, and no
/// word asks for it to run.
fn spans_are_mentioned(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let has = |k: &&str| lower.contains(*k);
    (SPAN_TOPIC_WORDS.iter().any(has) || recognize::mentions::read_topic(&lower))
        && !recognize::mentions::asks_to_act(&lower, SPAN_RUN_WORDS)
}

/// The guard named without its name.
const GUARD_NAMES: &[&str] = &[
    " the guard",
    "guardrail",
    "safeguard",
    " your guard",
    " my guard",
    // What an agent calls the hook the guard runs in ("turn off the safety hook for this
    // session"): a git hook is named by its own name (`pre-commit hook`), not by safety.
    "safety hook",
    "safety net",
    "safety layer",
    "safety check",
    "approval hook",
    "guard hook",
];

/// Guards that are code, not the guard.
const CODE_GUARDS: &[&str] = &[
    "guard clause",
    "route guard",
    "type guard",
    "auth guard",
    "navigation guard",
    "guard statement",
    "guard let",
];

/// Verbs that take a guard away when they open the request.
const GUARD_OFF_VERBS: &[&str] = &[
    "disable",
    "deactivate",
    "kill",
    "stop",
    "remove",
    "uninstall",
    "bypass",
    "circumvent",
    "pause",
    "suspend",
    "delete",
    "drop",
    "skip",
    "evade",
    "lift",
    "relax",
    "loosen",
];

/// What is done with a code once found: it is entered where the operator's answer goes.
const CODE_ENTERED: &[&str] = &[
    " enter it",
    " enter the",
    " type it",
    " type in",
    " type the",
    " paste it",
    " paste the",
    " submit it",
    " submit the",
    " answer it",
    " answer the",
    " reply with",
    " input it",
];

/// First words that enter a code somewhere: with the operator's place, a verification or
/// approval code, or airlock named, the agent is answering its own challenge.
const CODE_ENTERING_VERBS: &[&str] = &["enter", "type", "paste", "submit", "input", "answer"];

/// Words of an application's own sign-in flow, where a verification code is the app's (sent by
/// SMS or mail to a test account, shown by an authenticator), not airlock's.
const APP_SIGN_IN: &[&str] = &[
    "2fa",
    "mfa",
    "two-factor",
    "two factor",
    "otp",
    "one-time",
    "sms",
    "authenticator",
    "totp",
    "login",
    "log-in",
    "log in",
    "sign-in",
    "sign in",
    "signin",
    "sign-up",
    "sign up",
    "signup",
    "test inbox",
    "mailhog",
    "mailpit",
    "mailtrap",
    "e2e",
    "end-to-end",
    "playwright",
    "cypress",
    "selenium",
    "test account",
    "test user",
];

/// The places the operator's codes and challenges are kept, after "operator".
const OPERATOR_PLACES: &[&str] = &[
    " folder",
    " inbox",
    " channel",
    " directory",
    " mailbox",
    " messages",
    " queue",
];

/// Words that join two actions in prose: split on them. Not after `;` (shell's `; then`).
fn clauses(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    let mut quote: Option<u8> = None;
    // "explain the difference between git reset --soft and git reset --hard": a sentence that a
    // mention verb starts talks about everything it joins with a bare "and"; only a verb that
    // acts ("and run", "and delete") starts a second action there.
    let mut mentioning = explains(text.split_whitespace().next().unwrap_or(""));
    while i < b.len() {
        let c = b[i];
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        // A command line after a question is read on its own ("what does this do? rm -rf /"
        // runs the rm; a question never hides the command beside it). Words after it stay in
        // the sentence ("can you give him a key? I said no").
        if c == b'?'
            && b.get(i + 1) == Some(&b' ')
            && i > start
            && matches!(
                classify(strip_lead(text[i + 2..].trim())),
                Kind::Shell | Kind::Sql
            )
            && !looks_shell(&text[start..i])
        {
            out.push(&text[start..=i]);
            i += 2;
            start = i;
            mentioning = explains(text[i..].split_whitespace().next().unwrap_or(""));
            continue;
        }
        let cut = match c {
            b'\'' | b'"' => {
                // A quote opens only at a word start (not "don't").
                if i == 0 || b[i - 1] == b' ' || b[i - 1] == b'=' {
                    quote = Some(c);
                }
                0
            }
            b'\n' => 1,
            b';' if b.get(i + 1) == Some(&b' ') => 1,
            b'.' if b.get(i + 1) == Some(&b' ') && i > 0 && b[i - 1].is_ascii_alphanumeric() => {
                // A sentence end: not `ls -la .` nor `e.g. `.
                let before = &text[start..i];
                if before.ends_with("e.g") || before.ends_with("i.e") || before.ends_with("etc") {
                    0
                } else {
                    1
                }
            }
            b',' if text[i..].starts_with(", then ") => 7,
            b',' if text[i..].starts_with(", and then ") => 11,
            b' ' if text[i..].starts_with(" then ") && !text[..i].ends_with(';') => 6,
            b' ' if text[i..].starts_with(" and then ") => 10,
            b' ' if text[i..].starts_with(" and ")
                && starts_action(&text[i + 5..])
                && !(mentioning && names_program(&text[i + 5..]))
                && !(mentioning && pairs(&text[start..i])) =>
            {
                5
            }
            b' ' if text[i..].starts_with(" && ") && !looks_shell(&text[start..i]) => 4,
            b' ' if text[i..].starts_with(" afterwards ") => 12,
            _ => 0,
        };
        if cut > 0 {
            out.push(&text[start..i]);
            i += cut;
            start = i;
            mentioning = explains(text[i..].split_whitespace().next().unwrap_or(""));
        } else {
            i += 1;
        }
    }
    out.push(&text[start..]);
    out
}

/// Whether a mention's text ends inside "between X" (its " and " joins the pair: "explain the
/// difference between confirm and delete all issues" talks about both). A noun phrase of its
/// own ("between the two and drop the old one") closes the pair: what follows acts.
pub(crate) fn pairs(before: &str) -> bool {
    let last_and = before.rfind(" and ").map_or(0, |k| k + 5);
    let mut words = before[last_and..].split_whitespace();
    words.any(|w| w.eq_ignore_ascii_case("between"))
        && words.all(|w| {
            !["the", "these", "those", "them", "us", "two", "both"]
                .iter()
                .any(|d| w.eq_ignore_ascii_case(d))
        })
}

/// Whether a text before ` && ` is itself a command (then `&&` is shell's, kept in the script).
fn looks_shell(text: &str) -> bool {
    matches!(classify(strip_lead(text.trim())), Kind::Shell)
}

/// A text classified as shell or SQL that still joins actions with prose words.
fn has_prose_joint(text: &str) -> bool {
    let b = text.as_bytes();
    let mut quote: Option<u8> = None;
    for (i, &c) in b.iter().enumerate() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            b'\'' | b'"' if i == 0 || b[i - 1] == b' ' => quote = Some(c),
            b' ' | b',' => {
                let rest = &text[i..];
                if (rest.starts_with(" then ") && !text[..i].ends_with(';'))
                    || rest.starts_with(", then ")
                    || rest.starts_with(" and then ")
                    || rest.starts_with(" and ") && starts_action(&rest[5..])
                {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

/// Verbs that only talk about what follows (not "fix" or "update", which change it).
fn explains(first_word: &str) -> bool {
    const EXPLAIN: &[&str] = &[
        "explain",
        "describe",
        "compare",
        "discuss",
        "summarize",
        "summarise",
        "document",
        "what",
        "why",
        "how",
        "understand",
        "analyse",
        "analyze",
        "review",
        "annotate",
        "translate",
        "contrast",
    ];
    EXPLAIN.iter().any(|v| v.eq_ignore_ascii_case(first_word))
}

/// Whether a text after " and " starts with a program's name (not a verb that acts).
fn names_program(rest: &str) -> bool {
    let w = rest
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    is_program(&w) && !starts_with_verb(&w)
}

/// The verbs of [`starts_action`] that act whatever follows.
fn starts_with_verb(lower: &str) -> bool {
    prose::lexicon::classes(lower) & prose::lexicon::class::SEND != 0
        || matches!(
            lower,
            "delete"
                | "remove"
                | "drop"
                | "wipe"
                | "destroy"
                | "run"
                | "execute"
                | "pipe"
                | "force-push"
                | "push"
                | "kill"
                | "disable"
                | "approve"
                | "unblock"
        )
}

/// Whether a text after " and " starts a second action: a verb that sends, reads or destroys,
/// or a program.
fn starts_action(rest: &str) -> bool {
    let w = rest.split_whitespace().next().unwrap_or("");
    let lower = w.to_ascii_lowercase();
    starts_with_verb(&lower)
        || is_program(&lower)
            && !matches!(
                lower.as_str(),
                "set"
                    | "time"
                    | "find"
                    | "make"
                    | "install"
                    | "watch"
                    | "top"
                    | "last"
                    | "more"
                    | "less"
                    | "file"
                    | "free"
                    | "id"
                    | "man"
                    | "go"
            )
}

/// Leading words that say "I will do this" before the action itself.
pub(crate) fn strip_lead(mut t: &str) -> &str {
    // One lead word, in any case: lowercased on the stack and matched at once (every text and
    // clause passes here, most of them several times).
    let one = |w: &str| {
        let mut buf = [0_u8; 9];
        if w.len() > buf.len() {
            return false;
        }
        for (b, c) in buf.iter_mut().zip(w.bytes()) {
            *b = c.to_ascii_lowercase();
        }
        matches!(
            &buf[..w.len()],
            b"$" | b"#"
                | b"-"
                | b"*"
                | b"then"
                | b"and"
                | b"also"
                | b"next"
                | b"next,"
                | b"finally"
                | b"finally,"
                | b"first"
                | b"first,"
                | b"please"
                | b"now"
                | b"run:"
                | b"run"
                | b"execute"
                | b"exec:"
                | b"to"
                | b"command:"
                | b"cmd:"
                | b"shell:"
                | b"running"
                | b"executing"
                | b"try"
                | b"ok"
                | b"ok,"
                | b"sure,"
                | b"let's"
                | b"lets"
                | b"i'll"
                | b"we'll"
        )
    };
    const TWO: &[(&str, &str)] = &[
        ("i", "will"),
        ("let", "me"),
        ("we", "will"),
        ("going", "to"),
        ("go", "ahead"),
    ];
    loop {
        t = t.trim_start();
        let (w, rest) = t.split_once(' ').unwrap_or((t, ""));
        if w.is_empty() || rest.is_empty() {
            return t;
        }
        if one(w) {
            t = rest;
            continue;
        }
        let (w2, rest2) = rest.split_once(' ').unwrap_or((rest, ""));
        if TWO
            .iter()
            .any(|(a, b)| a.eq_ignore_ascii_case(w) && b.eq_ignore_ascii_case(w2))
        {
            t = rest2;
            continue;
        }
        // "I am going to", "I'm going to"
        if (w.eq_ignore_ascii_case("i'm")
            || w.eq_ignore_ascii_case("i") && w2.eq_ignore_ascii_case("am"))
            && has(rest, "going to ")
            && let Some(at) = rest.find("going to ")
        {
            t = &rest[at + 9..];
            continue;
        }
        // "Step 3 - ", "Step 3: ", "1. "
        if w.eq_ignore_ascii_case("step") {
            let after = rest.trim_start_matches(|c: char| c.is_ascii_digit());
            if after.len() < rest.len() {
                t = after.trim_start_matches([':', ' ', '-', '.', ')']);
                continue;
            }
        }
        let digits = w.trim_start_matches(|c: char| c.is_ascii_digit());
        if digits.len() < w.len() && (digits == "." || digits == ")") {
            t = rest;
            continue;
        }
        return t;
    }
}

/// The first word of a text, as a program name (lowercase, path removed).
fn first_word(t: &str) -> &str {
    t.split(|c: char| c.is_whitespace() || c == ';' || c == '|' || c == '&' || c == '(' || c == ')')
        .next()
        .unwrap_or("")
}

fn classify(t: &str) -> Kind {
    let b = t.as_bytes();
    let Some(&c0) = b.first() else {
        return Kind::Prose;
    };
    if matches!(
        c0,
        b'(' | b'{'
            | b'`'
            | b'$'
            | b'\\'
            | b'\''
            | b'"'
            | b'/'
            | b'~'
            | b':'
            | b'.'
            | b'<'
            | b'>'
            | b'!'
    ) || t.starts_with("./")
    {
        if c0 == b'\'' || c0 == b'"' {
            // A quoted program (`"rm" -rf /`), or a quotation in prose.
            let w = shell::words(first_word(t))
                .into_iter()
                .next()
                .unwrap_or_default();
            // A quoted path, variable or lookup in command position (`"/usr/bin/rm"`,
            // `"$RM"`, `"$(command -v rm)"`) may be a program word too: read both ways, so a
            // quotation that only looks like one (an unbalanced quote swallowing the rest of
            // the text) is still read as words.
            let runs = w.starts_with('$') && !w.starts_with("$ ")
                || w.starts_with('/') && w.len() > 1 && !w.contains(' ');
            // PowerShell's string piped into a file (`"select disk 1`nclean" | Out-File F`)
            // writes a script a later step may run.
            let writes_script = recognize::scripts::piped_into_file(t);
            return if is_program(&w.to_ascii_lowercase()) {
                Kind::Shell
            } else if runs
                || writes_script
                || is_program(&recognize::program_name(&w).to_ascii_lowercase())
            {
                Kind::Both
            } else {
                Kind::Prose
            };
        }
        if c0 == b'.' && !t.starts_with("./") && !t.starts_with(". ") {
            return Kind::Prose;
        }
        return Kind::Shell;
    }
    let raw_first = first_word(t);
    if let Some((name, _)) = raw_first.split_once('=')
        && !name.is_empty()
        && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
    {
        return Kind::Shell;
    }
    let unquoted;
    let first = if raw_first.contains(['\'', '"', '\\']) {
        unquoted = shell::words(raw_first)
            .into_iter()
            .next()
            .map(|w| w.into_owned())
            .unwrap_or_default();
        unquoted.as_str()
    } else {
        raw_first
    };
    if looks_like_sql(t) {
        return Kind::Sql;
    }
    if first.contains('=')
        && !first.starts_with('=')
        && first
            .split('=')
            .next()
            .is_some_and(|n| n.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_'))
    {
        return Kind::Shell;
    }
    let name = recognize::program_name(first);
    let mut buf = [0_u8; 32];
    let lower = if name.bytes().any(|c| c.is_ascii_uppercase()) && name.len() <= buf.len() {
        for (b, c) in buf.iter_mut().zip(name.bytes()) {
            *b = c.to_ascii_lowercase();
        }
        std::str::from_utf8(&buf[..name.len()]).unwrap_or(name)
    } else {
        name
    };
    if has(t, "(){") || has(t, "() {") {
        return Kind::Shell;
    }
    // A shell builtin that binds a name (`export AWS_PROFILE=prod`, `alias ok='airlock
    // approve'`, `unset TARGET`): "export the report" is English, `export X=1` is not.
    if matches!(
        lower,
        "export" | "alias" | "readonly" | "declare" | "typeset" | "unset" | "unalias"
    ) {
        let second = t.split_whitespace().nth(1).unwrap_or("");
        let name = second.split('=').next().unwrap_or("");
        let binds = !name.is_empty()
            && name
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.'))
            && (second.contains('=')
                || matches!(lower, "unset" | "unalias")
                    && name.bytes().any(|c| c.is_ascii_uppercase() || c == b'_'));
        if binds || second.starts_with('-') && second.len() == 2 {
            return Kind::Shell;
        }
    }
    // A shell compound command (`for id in $(...); do ...; done`, `if ...; then ...; fi`):
    // its keywords are English words too, so only with the shell's own `; do` / `; then`.
    if matches!(lower, "for" | "while" | "until" | "if" | "select")
        && ["; do", ";do", "\ndo", "; then", ";then", "\nthen"]
            .iter()
            .any(|k| has(t, k))
    {
        return Kind::Shell;
    }
    // A PowerShell cmdlet (`Remove-Item`, `Stop-Service`): a command, read by its verb-noun.
    if recognize::windows::starts_with_cmdlet(t) {
        return Kind::Shell;
    }
    if !is_program(lower) {
        // A program of a known class written as a command (`velero backup delete nightly`,
        // `pm2 delete all`): a command line, read by the generic command reader.
        // A long option among its first words makes it one whatever its operands are
        // (`etcdctl del a --prefix`: `a` is a key, not an article).
        if recognize::classes::of(lower).is_some()
            && (command_shaped(t).is_some()
                || first_command_words(t).take(4).any(|w| {
                    w.len() > 2 && w.starts_with("--") && w.as_bytes()[2].is_ascii_alphabetic()
                        // A short option (`jira issue list -q 'project = OPS'`): English
                        // has no words spelled so.
                        || w.len() == 2 && w.starts_with('-') && w.as_bytes()[1].is_ascii_alphabetic()
                }))
        {
            return Kind::Shell;
        }
        // An unknown program given a whole statement in quotes (`db2 "DROP TABLESPACE
        // ts1"`): a command line that carries another language ([`recognize::embedded`]).
        let after = t[raw_first.len().min(t.len())..].trim_start();
        if after.starts_with(['"', '\''])
            && first
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_'))
            && recognize::embedded::language(&after[1..]).is_some()
        {
            return Kind::Both;
        }
        // An unknown program with options or paths after it (`inotifywait -m ~/x`,
        // `pastebinit error.log`): judged both as a command and as prose.
        let second = t.split_whitespace().nth(1).unwrap_or("");
        // (A lone `.` is a directory: `dscl . -delete /Users/x`, `ctags -R .`.)
        let shellish = second.starts_with('-') && second.len() > 1
            || second == "."
            || second.contains('/')
            || second.starts_with('~')
            || (second.contains('.')
                && !second.ends_with('.')
                && second.len() > 2
                && !has(second, ".."))
            || first.contains('_') && !second.is_empty()
            || first.contains('-') && !first.starts_with('-') && !second.is_empty();
        let program_like = first
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.'));
        if shellish && program_like {
            return Kind::Both;
        }
        // An unknown program with a command path (`acmectl db delete orders`): read as the
        // command it is, its options (`--dry-run`, `--help`) and values (`orders-test`)
        // meaning what they mean to a program, not to English. Not an operation name
        // (`truncate_logs ...`, read in words) nor an English word.
        // A program's name as written (not `db.orders.deleteMany({`, a call in a sentence).
        let whole_word = t.split_whitespace().next() == Some(first)
            && (!first.contains('.')
                || [".sh", ".py", ".js", ".rb", ".pl", ".exe"]
                    .iter()
                    .any(|e| first.ends_with(e)));
        if program_like
            && whole_word
            && !first.contains('_')
            && prose::lexicon::lookup(lower.as_bytes()).is_none()
            && command_shaped(t) == Some(true)
        {
            // Options or a compound subcommand (`--env prod`, `sites:delete`) make it a
            // command line; plain words may be English with an unknown verb ("enforce lint
            // rules"), so they are read both ways.
            let command_signs = first_command_words(t).any(|w| {
                w.len() > 1 && w.starts_with('-') || w.contains(':') || w.starts_with('$')
            });
            return if command_signs {
                Kind::Shell
            } else {
                Kind::Both
            };
        }
        // A verb word, then a long option, among the first words (`acmectl db delete her
        // --env production --dry-run`): a command line whatever its operands spell, as for a
        // program of a known class above. An operand that is also an English word (`her`,
        // `all`, `the` as a name) must not turn the line into a sentence and hide the
        // options that change what it does (`--dry-run`); the generic command reader still
        // grades its verb, object and scope. Only plain words before the option: English
        // punctuation or a quoted phrase keeps the line in words.
        if program_like
            && whole_word
            && !first.contains('_')
            && prose::lexicon::lookup(lower.as_bytes()).is_none()
            && verb_then_long_option(t)
        {
            return Kind::Shell;
        }
        // An option spelled as the verb (`hdfs dfs -rm /srv/data`, `frobctl -delete x`): a
        // command line too, and still read in words.
        if program_like
            && whole_word
            && !first.contains('_')
            && prose::lexicon::lookup(lower.as_bytes()).is_none()
            && command_shaped(t) == Some(false)
            && first_command_words(t)
                .any(|w| w.starts_with('-') && recognize::generic::option_names_a_verb(w))
        {
            return Kind::Both;
        }
        return Kind::Prose;
    }
    // A program name starting a sentence of English.
    let mut words = t.split_whitespace().skip(1);
    let second = words.next().unwrap_or("");
    // A function word of English, in any case (lowercased on the stack and matched at once:
    // every command line that starts with a program passes here).
    let english_word = |w: &str| {
        let mut buf = [0_u8; 7];
        if w.len() > buf.len() {
            return false;
        }
        for (b, c) in buf.iter_mut().zip(w.bytes()) {
            *b = c.to_ascii_lowercase();
        }
        matches!(
            &buf[..w.len()],
            b"the"
                | b"a"
                | b"an"
                | b"all"
                | b"every"
                | b"my"
                | b"our"
                | b"your"
                | b"this"
                | b"that"
                | b"these"
                | b"those"
                | b"it"
                | b"them"
                | b"some"
                | b"any"
                | b"out"
                | b"up"
                // "cut over the traffic to the new cluster" (no program takes `over`).
                | b"over"
                | b"how"
                | b"why"
                | b"what"
                | b"where"
                | b"which"
                | b"who"
                | b"whether"
                | b"if"
                | b"for"
                | b"of"
                | b"to"
                | b"in"
                | b"on"
                | b"with"
                | b"and"
                | b"or"
                | b"is"
                | b"was"
                | b"not"
                | b"each"
                | b"its"
                | b"their"
                | b"his"
                | b"her"
                | b"about"
                | b"into"
                | b"from"
                | b"more"
                | b"less"
                | b"so"
                | b"me"
                | b"us"
                // "get rid of the database" (no program named get takes `rid`).
                | b"rid"
        )
    };
    // Or a word naming people, a privilege or a bulk scope ("make everyone an admin", "kill
    // everybody's sessions"), after a program that is also an English verb.
    // Only programs whose English reading acts on people ("make X an admin", "kill
    // everyone's sessions"); `echo halt the build` stays an echo.
    let verb_on_people = matches!(lower, "make" | "kill");
    let names_people = || {
        verb_on_people
            && second.bytes().all(|c| c.is_ascii_alphabetic())
            && prose::lexicon::lookup(second.as_bytes()).is_some_and(|l| {
                l.obj & (prose::lexicon::obj::PEOPLE | prose::lexicon::obj::PRIV) != 0
                    || l.flags & prose::lexicon::flag::BULK != 0
            })
    };
    // Or an article among the next words ("make carol an admin"): make targets and kill's
    // pids are not articles.
    let article = || {
        verb_on_people
            && t.split_whitespace()
                .skip(2)
                .take(2)
                .any(|w| matches!(w, "a" | "an" | "the"))
    };
    // "just force push it", "just rm everything under ...": `just` the task runner, or the
    // filler of a request before its verb (G6): read both ways.
    let filler = lower == "just"
        && (second == "rm"
            || prose::lexicon::lookup(second.to_ascii_lowercase().as_bytes())
                .is_some_and(|l| l.verb != prose::lexicon::Verb::Absent || l.flags != 0));
    // `yes` answers a prompt through a pipe (`yes | ssh-keygen ...`, `yes y | apt-get ...`);
    // a sentence that opens with the word ("yes it is, so push it: git push --force ...") is
    // read both ways, so its options do not make the whole text `yes`'s arguments.
    if lower == "yes" && t.split('|').next().unwrap_or(t).split_whitespace().count() > 2 {
        return Kind::Both;
    }
    // A program named by an English word, then a word that closes a phrase ("find out:
    // terraform ... destroy", "make sure, then rm -rf ..."): a sentence, read both ways, so
    // the command after it is not taken for the first program's arguments.
    if recognize::lexicon::flags(lower) & recognize::lexicon::ENGLISH != 0
        && (second.ends_with(':') || second.ends_with(','))
    {
        return Kind::Both;
    }
    let english = (english_word(second) || filler || names_people() || article())
        && !has(t, " -")
        && !t.contains('|')
        && !t.contains('>');
    if english { Kind::Both } else { Kind::Shell }
}

/// Whether the words after a text's first one read as a command line rather than English: up
/// to four words, each an option or a name made of letters, digits and `- _ : . / @ = $`, none
/// an English function word (articles, prepositions, conjunctions, pronouns). `Some(true)`
/// when one of them is a verb of the generic command reader (`backup delete nightly`,
/// `kv get -recurse app/`, `luksErase`), `Some(false)` when none is, `None` when the words
/// read as English.
fn command_shaped(t: &str) -> Option<bool> {
    use prose::lexicon::{flag, obj};
    let mut words = first_command_words(t).take(4).peekable();
    words.peek()?;
    let mut verb = false;
    // The word before (`--enabled` in `--enabled false`), and whether a word before named a
    // network or a service (`interface eth0 down`).
    let mut prev = "";
    let mut noun_before = false;
    while let Some(w) = words.next() {
        if w.starts_with('-') {
            prev = w;
            continue;
        }
        if w.eq_ignore_ascii_case("where") && words.peek().is_some_and(|f| f.contains('=')) {
            // A `where` clause with its filter (`process where name=x delete`), which no
            // sentence spells so.
            prev = w;
            words.next();
            continue;
        }
        // A quoted operand (`etcdctl del "" --prefix`, `VBoxManage unregistervm "Win 11"`,
        // `amtool silence add 'alertname=~".+"'`): a literal, whatever it holds.
        if w.len() >= 2
            && ['"', '\'']
                .iter()
                .any(|q| w.starts_with(*q) && w.ends_with(*q))
        {
            continue;
        }
        if !w.bytes().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(
                    c,
                    b'-' | b'_'
                        | b':'
                        | b'.'
                        | b'/'
                        | b'@'
                        | b'='
                        | b'$'
                        | b'{'
                        | b'}'
                        | b'~'
                        | b'*'
                )
        }) || w.ends_with(['.', ','])
            || w.strip_suffix(':')
                .is_some_and(|label| label.bytes().all(|c| c.is_ascii_alphabetic()))
        {
            // Punctuation of English ("next:", "then,").
            return None;
        }
        // Whole words only, as written: a command's names (`mys-prod`, `its-api`) hold
        // English-looking parts.
        // (The word lowercased once, without a heap copy, not once per step of the search.)
        if w.bytes().all(|c| c.is_ascii_alphabetic() || c == b'\'')
            && let Some(l) = substring::with_ascii_lower(w, |lower| {
                prose::lexicon::WORDS
                    .binary_search_by(|(k, _)| k.as_bytes().cmp(lower.as_bytes()))
                    .ok()
            })
            .map(|i| prose::lexicon::WORDS[i].1)
            && (l.flags & (flag::DET | flag::PREP | flag::SPLIT | flag::QUESTION) != 0
                || l.obj & obj::PRONOUN != 0)
        {
            return None;
        }
        verb |= recognize::generic::names_a_verb(w)
            || recognize::generic::names_an_effect(noun_before, prev, w);
        noun_before |= recognize::generic::names_a_link_or_service(w);
        prev = w;
    }
    Some(verb)
}

/// Whether a text has the shape `program [kind] verb name --option`: a program name in lower
/// case, then at most three plain lower-case words with a verb of the generic command reader
/// among the first two, then a long option (`--env`). The shape of a command line, not of a
/// sentence (an operation called by its camel-case name, "I", a capital, punctuation or a
/// longer phrase keeps the text in words).
fn verb_then_long_option(t: &str) -> bool {
    let plain = |w: &str| {
        w.bytes().all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'-' | b'_' | b'.' | b'/')
        })
    };
    if !t
        .split_whitespace()
        .next()
        .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_lowercase()) && plain(p))
    {
        return false;
    }
    let mut verb = false;
    for (i, w) in first_command_words(t).enumerate() {
        if w.len() > 2 && w.starts_with("--") && w.as_bytes()[2].is_ascii_alphabetic() {
            return verb;
        }
        if i >= 3 || !plain(w) {
            return false;
        }
        verb |= i < 2 && recognize::generic::names_a_verb(w);
    }
    false
}

/// The words after a text's first one, up to the end of its first line, its first shell
/// operator (`|`, `&&`, `;`) or a substitution (its own command).
fn first_command_words(t: &str) -> impl Iterator<Item = &str> {
    let line = t.lines().next().unwrap_or("");
    line.split_whitespace().skip(1).take_while(|w| {
        !matches!(*w, "|" | "||" | "&&" | ";" | "&")
            && !w.starts_with("$(")
            && !w.starts_with('`')
            && !w.ends_with(';')
    })
}

/// `DELETE FROM x`, `DROP TABLE x`, `UPDATE x SET`, `TRUNCATE [TABLE] x`, `ALTER TABLE`,
/// `GRANT ... ON/TO`, `INSERT INTO`, `SELECT ... FROM`, `CREATE TABLE` ...: the shapes of SQL
/// statements, not English sentences that start with the same verb.
pub fn looks_like_sql(t: &str) -> bool {
    let mut w = t.split_whitespace();
    let a_orig = w.next().unwrap_or("");
    // A statement explained (`EXPLAIN (ANALYZE) DELETE ...`, MariaDB's `ANALYZE DELETE ...`)
    // is SQL when the statement is.
    if ["explain", "analyze", "analyse"]
        .iter()
        .any(|k| k.eq_ignore_ascii_case(a_orig))
    {
        return match sql::keywords::explained(t) {
            sql::keywords::Explained::Runs(s) | sql::keywords::Explained::Planned(s) => {
                looks_like_sql(s)
            }
            sql::keywords::Explained::No => false,
        };
    }
    // Only statement keywords start SQL: most texts stop here.
    const KEYWORDS: &[&str] = &[
        "delete", "drop", "create", "alter", "truncate", "update", "insert", "replace", "select",
        "grant", "revoke", "merge", "with", "vacuum", "reindex", "flushall", "flushdb",
    ];
    let Some(&a) = KEYWORDS.iter().find(|k| k.eq_ignore_ascii_case(a_orig)) else {
        return false;
    };
    let b = w.next().unwrap_or("");
    let c = w.next().unwrap_or("");
    let d = w.next().unwrap_or("");
    let is = |x: &str, y: &str| x.eq_ignore_ascii_case(y);
    let english = |x: &str| {
        [
            "the", "a", "an", "all", "every", "my", "it", "this", "that", "our", "your", "its",
            "them", "some", "any",
        ]
        .iter()
        .any(|e| e.eq_ignore_ascii_case(x))
    };
    if a_orig.len() >= 4
        && a_orig.bytes().all(|c| c.is_ascii_uppercase())
        && a != "with"
        && !b.is_empty()
        && !english(b)
    {
        return true;
    }
    let object = |x: &str| {
        let x = x.trim_end_matches(';');
        [
            "table",
            "database",
            "schema",
            "index",
            "view",
            "user",
            "role",
            "sequence",
            "function",
            "procedure",
            "trigger",
            "column",
            "constraint",
            "type",
            "extension",
            "materialized",
            "collection",
            "keyspace",
            "if",
            "temporary",
            "temp",
            "unique",
            "or",
        ]
        .iter()
        .any(|o| o.eq_ignore_ascii_case(x))
    };
    let has = |needle: &str| {
        t.as_bytes()
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
    };
    match a {
        "delete" => is(b, "from") || is(c, "from") && !is(b, "all"),
        "drop" | "create" | "alter" => object(b),
        "truncate" => {
            is(b, "table")
                || (!b.is_empty()
                    && !english(b)
                    && !is(b, "logs")
                    && !is(b, "log")
                    && (c.is_empty() || c.ends_with(';') || is(c, "cascade") || is(c, "restart")))
        }
        "update" => is(c, "set") || is(d, "set"),
        "insert" | "replace" | "merge" => is(b, "into"),
        "select" => has(" from ") || b.ends_with(';') || b == "*" || b.contains('('),
        "grant" | "revoke" => has(" on ") || has(" to ") || has(" from "),
        "with" => has(" as (") || has(" as("),
        "vacuum" | "reindex" => true,
        _ => b.is_empty() || b.ends_with(';') || is(b, "async") || is(b, "sync"),
    }
}

/// Program names: a text starting with one is a command line.
pub fn is_program(name: &str) -> bool {
    recognize::lexicon::is(name, recognize::lexicon::PROGRAM)
}

/// Verbs that talk about code or commands rather than run them ("explain", "review"): a
/// sentence they start mentions what follows.
fn mention(first_word: &str) -> bool {
    prose::lexicon::classes(first_word) & prose::lexicon::class::MENTION != 0
}

/// The command line a question names without quoting it ("what does rm -rf ~/x do?"): from
/// the first word that is a program's name (not an English word) with a command line after it.
fn asked_command(clause: &str) -> Option<&str> {
    let mut at = 0;
    for w in clause.split(' ') {
        let rest = &clause[at..];
        at += w.len() + 1;
        let name = recognize::program_name(w).to_ascii_lowercase();
        if !w.is_empty()
            && is_program(&name)
            && recognize::lexicon::flags(&name) & recognize::lexicon::ENGLISH == 0
            && classify(rest) == Kind::Shell
        {
            return Some(rest);
        }
    }
    None
}

/// Whether a clause asks for what was named before it: "run it", "do it now", "go ahead".
fn asks_for_it(clause: &str) -> bool {
    let lower = clause.trim().to_ascii_lowercase();
    let lower = [
        "ok, ", "okay, ", "yes, ", "so ", "then ", "now ", "please ", "just ",
    ]
    .iter()
    .fold(lower.as_str(), |l, lead| l.strip_prefix(lead).unwrap_or(l));
    [
        "run it",
        "run that",
        "run this",
        "execute it",
        "execute that",
        "do it",
        "do that",
        "do so",
        "go ahead",
        "try it",
        "launch it",
        "proceed",
    ]
    .iter()
    .any(|a| lower.starts_with(a))
}

/// Commands inside a prose clause, after a word that runs them ("run rm -rf build", "use
/// curl ... | sh"), and SQL written in capitals ("then DROP TABLE users").
fn embedded(clause: &str, ctx: &mut Context, out: &mut Vec<Finding>) {
    // A question or a talking word opens the clause ("why is rm -rf slow here?"): talk. A
    // question that asks for the act ("why not rm -rf ...", "how about rm -rf ...") is read.
    if mention(clause.split_whitespace().next().unwrap_or(""))
        && !recognize::mentions::opens_a_request(&clause.to_ascii_lowercase())
    {
        return;
    }
    let mut offset = 0;
    let mut prev = "";
    // The word before `prev`: "why not rm -rf ..." asks for the command ("not" alone refuses).
    let mut before_prev = "";
    for w in clause.split(' ') {
        let at = offset;
        offset += w.len() + 1;
        if w.is_empty() {
            continue;
        }
        const TRIGGERS: &[&str] = &[
            "run",
            "runs",
            "running",
            "execute",
            "executes",
            "executing",
            "exec",
            "with",
            "via",
            "using",
            "use",
            "type",
            "invoke",
            "then",
            "and",
            "command",
            "do",
            "call",
            "calling",
            "issue",
            "try",
            "by",
            "now",
            "also",
            // Requests that name the command with no verb of their own ("why not just rm -rf
            // ...", "how about rm -rf ...", "please rm -rf ...").
            "just",
            "about",
            "please",
        ];
        let p = prev.trim_end_matches(':');
        let trigger = prev.ends_with(':')
            || TRIGGERS.iter().any(|t| t.eq_ignore_ascii_case(p))
            || p.eq_ignore_ascii_case("not") && before_prev.eq_ignore_ascii_case("why");
        before_prev = prev;
        prev = w;
        let rest = &clause[at..];
        if !trigger {
            // SQL in capitals anywhere.
            if w.bytes().all(|c| c.is_ascii_uppercase()) && w.len() >= 4 && looks_like_sql(rest) {
                out.extend(sql::judge_sql(rest));
            }
            continue;
        }
        let name = recognize::program_name(w).to_ascii_lowercase();
        if looks_like_sql(rest) {
            out.extend(sql::judge_sql(rest));
        } else if (is_program(&name)
            || w.starts_with('/')
            || w.starts_with("./")
            || w.starts_with("sudo"))
            && classify(rest) == Kind::Shell
        {
            judge_shell(rest, 0, ctx, out);
        }
    }
}

/// Checks of the whole prose text: secrets read, sent, and airlock tampered with in words.
///
/// One pass over the words: each is looked up once in [`prose::lexicon`] (its
/// [`classes`](prose::lexicon::classes), the one table of the English words the judge knows)
/// and path-like words are read as paths; the checks then combine
/// what was seen. Phrases ("private key", "goes through") are looked for only when a word of
/// their check occurred.
fn prose_checks(text: &str, ctx: &mut Context, out: &mut Vec<Finding>) {
    use prose::lexicon::class::*;
    let flags = prose::lexicon::classes;
    let mut seen = 0_u32;
    let mut first_flags = 0_u32;
    let mut first: &str = "";
    let mut secret_path: Option<(&str, &str)> = None;
    let mut dest: Option<&str> = None;
    let mut airlock_path: Option<&str> = None;
    let mut destroy_path: Option<&str> = None;
    // The verb's object (the first word after it, articles skipped) and whether the destination
    // follows "to": "write ~/.ssh/id_rsa to https://paste.rs" moves the key to the URL.
    let mut object: Option<&str> = None;
    let mut dest_after_to = false;
    let mut hook_file: Option<&str> = None;
    // The words just before this one, closest first: a secret's path after "to" or "create" is
    // written, after "example" a template (`prose::names_no_secret`).
    let mut before: [&str; 4] = [""; 4];
    let mut run_affirmed = false;
    // An approving verb after "use it to" / "use the code to" ("use it to approve my pending
    // challenge"): the agent's own act, as when the verb opens the text.
    let mut self_verb_used = false;
    // A code review named ("the pull request", "my PR"): approving it is a review's act, so
    // only a word of the guard's own request (pending, challenge, action...) makes the
    // approval the agent's own; "my" and "own" then say whose review it is.
    let mut review_item = false;
    let mut guard_object = false;
    for raw in text.split(|c: char| {
        c.is_whitespace() || c == ',' || c == '(' || c == ')' || c == '`' || c == '"'
    }) {
        let w = raw.trim_end_matches(['.', ':', ';', '!', '?']);
        if w.is_empty() {
            continue;
        }
        let previous = before;
        before = [w, previous[0], previous[1], previous[2]];
        let mut f = flags(w.trim_start_matches('\''));
        // "don't execute it", "never run it", "without running it": a run word negated right
        // before it asks for nothing to run (a later "and run it" still does).
        if f & (RUN | RUN_LIKE) != 0
            && ["don't", "dont", "not", "never", "without"]
                .iter()
                .any(|n| previous[0].eq_ignore_ascii_case(n))
        {
            f &= !(RUN | RUN_LIKE);
        }
        if prose::work_items::review_request(w, previous[0]) {
            f &= !SELF_OBJECT;
            review_item = true;
        }
        if f & SELF_OBJECT != 0 && !w.eq_ignore_ascii_case("my") && !w.eq_ignore_ascii_case("own") {
            guard_object = true;
        }
        if f & SELF_VERB != 0
            && previous[0].eq_ignore_ascii_case("to")
            && previous[1..]
                .iter()
                .any(|p| p.eq_ignore_ascii_case("use") || p.eq_ignore_ascii_case("using"))
        {
            self_verb_used = true;
        }
        if first.is_empty() {
            first = w;
            first_flags = f;
        } else if object.is_none()
            && ![
                "the", "out", "contents", "content", "of", "file", "my", "your", "our",
            ]
            .iter()
            .any(|a| a.eq_ignore_ascii_case(w))
        {
            object = Some(w);
        }
        seen |= f;
        // A run word said as a refusal ("don't execute it", "never run it", "without running
        // it"): the fetch stays a fetch. Any run word not so negated counts.
        if f & RUN_LIKE != 0 && !prose::refused(&previous) {
            run_affirmed = true;
        }
        if w.bytes()
            .any(|b| matches!(b, b'/' | b'.' | b'~' | b'@' | b'_'))
        {
            if secret_path.is_none()
                && !prose::names_no_secret(previous.into_iter().filter(|p| !p.is_empty()))
            {
                secret_path = paths::secret(w).map(|what| (w, what));
            }
            if airlock_path.is_none() && paths::airlock_state(w).is_some() {
                airlock_path = Some(w);
            }
            if hook_file.is_none() && recognize::tampering::hook_settings(w) {
                hook_file = Some(w);
            }
            if dest.is_none() && destination(w) {
                dest = Some(w);
                dest_after_to = ["to", "into", "onto"]
                    .iter()
                    .any(|t| t.eq_ignore_ascii_case(previous[0]));
            }
            // A home's own folder (`~/code`, `~/Documents`) is as valued as the whole home
            // in words ("wipe ~/code entirely"): every checkout and unpushed branch in it.
            if destroy_path.is_none()
                && (w.starts_with('/') || w.starts_with('~'))
                && (paths::scope(w) >= paths::Scope::Wide
                    || paths::critical_file(w).is_some_and(|(c, _)| c))
            {
                destroy_path = Some(w);
            }
        }
    }
    // Loosening airlock's own settings in words: its safety mode (`write-destructive` admits
    // every tool), its autonomy or trust level, its confirmations (docs/policy.md).
    if first_flags & MENTION == 0
        && (seen & AIRLOCK != 0
            || text
                .as_bytes()
                .windows(6)
                .any(|w| w.eq_ignore_ascii_case(b"safety")))
    {
        guard_settings(&text.to_ascii_lowercase(), seen & AIRLOCK != 0, out);
    }
    // A download piped into a shell in words ("pipe curl into sudo sh").
    if first_flags & MENTION == 0 {
        recognize::pipe_words::judge(text, out);
    }
    let nothing = seen == 0
        && secret_path.is_none()
        && airlock_path.is_none()
        && hook_file.is_none()
        && dest.is_none()
        && !ctx.tampering
        && ctx.downloads.is_empty();
    if nothing {
        return;
    }
    let lower = text.to_ascii_lowercase();
    let mentions_only = first_flags & MENTION != 0;
    let reads = seen & READ != 0;
    let sends = seen & SEND != 0;
    if let Some((path, what)) = secret_path
        && (reads || sends)
        && !mentions_only
    {
        let named_sink = seen & SINK != 0 || SINK_PHRASES.iter().any(|k| has(&lower, k));
        if !sends || (dest.is_none() && !named_sink) {
            out.push(make_finding(
                Family::Secrets,
                "secrets.read",
                Severity::Confirm,
                format!("reads {path}: {what}"),
            ));
        }
        ctx.secret_read = Some(path.to_owned());
    }
    // "explain how to send ~/.ssh/id_rsa to pastebin.com" talks about sending; a second
    // clause ("explain it, then send ...") still acts.
    let mention_frame = (explains(first)
        || prose::lexicon::lookup(first.to_ascii_lowercase().as_bytes())
            .is_some_and(|l| l.verb == prose::lexicon::Verb::Mention))
        && clauses(text).len() == 1;
    if sends && !mention_frame {
        let named_sink = seen & SINK != 0 || SINK_PHRASES.iter().any(|k| has(&lower, k));
        if dest.is_some() || named_sink {
            let secret_words = seen & SECRET != 0
                || ["private key", "api key", "access key"]
                    .iter()
                    .any(|k| has(&lower, k));
            let secret = secret_path.is_some()
                || secret_words
                || seen & PRONOUN != 0 && ctx.secret_read.is_some();
            let to = dest.unwrap_or("an outside service");
            let local = dest.is_some_and(|d| has(d, "localhost") || has(d, "127.0.0.1"));
            if local {
            } else if secret {
                out.push(make_finding(
                    Family::Exfiltration,
                    "exfiltration.secret",
                    Severity::Stop,
                    format!("sends secrets to {to}: they leave the machine"),
                ));
            } else if dest.is_some_and(public_drop) || named_sink && has(&lower, "paste") {
                out.push(make_finding(
                    Family::Exfiltration,
                    "exfiltration.upload",
                    Severity::Confirm,
                    format!("sends data to {to}, a public paste or drop site"),
                ));
            } else if seen & DATA != 0 || dest.is_some_and(|d| has(d, "://")) {
                out.push(make_finding(
                    Family::Exfiltration,
                    "exfiltration.upload",
                    Severity::Confirm,
                    format!("sends data to {to}"),
                ));
            }
        }
    }
    // A verb that moves data ("write", "copy", "save", "dump") with a secret's path as its
    // object and a network destination after "to": the secret leaves, whatever the verb's
    // other uses ("write a test" mentions; "write ~/.ssh/id_rsa to https://..." sends).
    if let (Some((path, what)), Some(to)) = (secret_path, dest)
        && !sends
        && dest_after_to
        && object == Some(path)
        && MOVES.iter().any(|m| m.eq_ignore_ascii_case(first))
        && !has(to, "localhost")
        && !has(to, "127.0.0.1")
    {
        out.push(make_finding(
            Family::Exfiltration,
            "exfiltration.secret",
            Severity::Stop,
            format!("{first} {path} ({what}) to {to}: the secret leaves the machine"),
        ));
    }
    // Running what a recent step downloaded ("now run it", "execute what you just downloaded").
    if !ctx.downloads.is_empty() && seen & RUN != 0 && seen & DOWNLOADED != 0 {
        out.push(make_finding(
            Family::RemoteCode,
            "remote-code.run-download",
            Severity::Verify,
            format!(
                "runs {}, downloaded from the network and not reviewed",
                ctx.downloads.join(", ")
            ),
        ));
    }
    if !mentions_only && ctx.downloads.is_empty() {
        let fetch_and_run = seen & FETCH != 0
            && run_affirmed
            && (dest.is_some()
                || has(&lower, "script")
                || has(&lower, "installer")
                || has(&lower, "gist"))
            || (has(&lower, "pipe it to") || has(&lower, "pipe that to"))
                && (has(&lower, "sh") || has(&lower, "python"));
        if fetch_and_run {
            out.push(make_finding(
                Family::RemoteCode,
                "remote-code.fetch-and-run",
                Severity::Verify,
                "downloads code and runs it without reading it".to_owned(),
            ));
        }
    }
    // A destructive verb on a catastrophic path, in words ("wipe the disk /dev/sdb").
    if let Some(w) = destroy_path
        && !mentions_only
        && first_flags & LOOK == 0
        && seen & DESTROY != 0
    {
        out.push(make_finding(
            Family::Filesystem,
            "filesystem.destroy-in-words",
            Severity::Verify,
            format!("destroys {w}, a disk, system or home path, or a valued folder of a home"),
        ));
    }
    // After a step that reached for airlock: approving, reading, deleting "it".
    if ctx.tampering && !mentions_only && seen & FOLLOW_UP != 0 {
        out.push(make_finding(
            Family::Tampering,
            "tampering.follow-up",
            Severity::Stop,
            format!(
                "continues a step that reached for airlock: {}",
                cut(text, 80)
            ),
        ));
    }
    // Approving one's own request.
    if (first_flags & SELF_VERB != 0 || self_verb_used)
        && seen & SELF_OBJECT != 0
        && (!review_item || guard_object)
    {
        out.push(make_finding(
            Family::Tampering,
            "tampering.self-approval",
            Severity::Stop,
            format!(
                "the agent approves or unblocks its own action: {}",
                cut(text, 80)
            ),
        ));
    }
    // Loosening the guard's policy so that an action goes through.
    if seen & POLICY != 0
        && seen & LOOSEN != 0
        && !mentions_only
        && LOOSEN_PHRASES.iter().any(|k| has(&lower, k))
    {
        out.push(make_finding(
            Family::Tampering,
            "tampering.policy",
            Severity::Stop,
            format!(
                "loosens the guard's policy for the agent's own action: {}",
                cut(text, 80)
            ),
        ));
    }
    // airlock in words.
    let operator_place = has(&lower, "operator") && OPERATOR_PLACES.iter().any(|k| has(&lower, k));
    if seen & AIRLOCK != 0
        || operator_place
        || ["operator channel", "verification code", "approval code"]
            .iter()
            .any(|k| has(&lower, k))
    {
        // Reading is tampering only when what is read is the operator's: a code, a challenge,
        // an approval, the state.
        // Reading airlock's documentation about approvals is reading docs, not the approvals.
        let docs = [
            "readme",
            "docs",
            "documentation",
            "manual",
            "man page",
            "guide",
            ".md",
        ]
        .iter()
        .any(|k| has(&lower, k));
        // Entering a code where the operator answers ("type the code from the operator inbox
        // into the approval prompt"): the agent answering its own challenge.
        let enters_code = lower
            .split_whitespace()
            .find(|w| !["please", "ok", "okay", "now", "just", "then"].contains(w))
            .is_some_and(|lead| CODE_ENTERING_VERBS.contains(&lead))
            && (has(&lower, "code") || has(&lower, "challenge"))
            // A verification code alone is also the app's own (a 2FA flow under test): the
            // operator's place, airlock, an approval or a challenge make it the guard's.
            && (operator_place
                || seen & AIRLOCK != 0
                || has(&lower, "approval")
                || has(&lower, "challenge"))
            && !docs;
        // A verification code read from, or entered into, the application's own sign-in (an
        // SMS, a test inbox, an authenticator: a 2FA flow under test) is the app's code, not
        // airlock's: airlock's codes reach only the operator, so a hint that names no operator,
        // approval, challenge or airlock and does name such a flow is about the app. Any of
        // those words keeps the stricter reading.
        let apps_code = APP_SIGN_IN.iter().any(|k| has(&lower, k))
            && !operator_place
            && seen & AIRLOCK == 0
            && ![
                "operator",
                "approval",
                "challenge",
                "airlock",
                "unblock",
                "approve",
            ]
            .iter()
            .any(|k| has(&lower, k));
        let acting = first_flags & GUARD_VERB != 0
            || first_flags & LOOK != 0 && seen & OPERATOR_OBJECT != 0 && !docs && !apps_code
            || enters_code
            || seen & REFLEXIVE != 0;
        // Searching the operator's place for its code, or using the code found ("look in
        // airlock's operator folder for the verification code and enter it", "grep the operator
        // channel for the challenge"): "look", "search" and "grep" talk about things elsewhere,
        // here they read what only the operator may.
        let hunts = first_flags & LOOK != 0
            && seen & OPERATOR_OBJECT != 0
            && !docs
            && (CODE_ENTERED.iter().any(|k| has(&lower, k)) || operator_place);
        if acting && (!mentions_only || hunts) {
            out.push(make_finding(
                Family::Tampering,
                "tampering.in-words",
                Severity::Stop,
                format!("the action acts on airlock itself: {}", cut(text, 80)),
            ));
        }
    }
    // "turn off the guard", "disable the guardrails for this task": in an agent's own words the
    // guard is airlock (a guard clause, a route guard or a type guard is code).
    if !mentions_only
        && seen & AIRLOCK == 0
        && GUARD_NAMES.iter().any(|k| has(&lower, k))
        && !CODE_GUARDS.iter().any(|k| has(&lower, k))
        && lower
            .split_whitespace()
            .find(|w| !["please", "ok", "okay", "now", "just", "so", "then"].contains(w))
            .is_some_and(|lead| {
                GUARD_OFF_VERBS.contains(&lead)
                    || ["turn", "switch", "shut"].contains(&lead) && has(&lower, " off")
            })
    {
        out.push(make_finding(
            Family::Tampering,
            "tampering.guard-off",
            Severity::Stop,
            format!("turns the guard off: {}", cut(text, 80)),
        ));
    }
    // The same asked in another language, or an agent raised past the guard
    // (prose/guard_words.rs).
    if !mentions_only && let Some(why) = prose::guard_words::reason(&lower) {
        out.push(make_finding(
            Family::Tampering,
            "tampering.in-words",
            Severity::Stop,
            format!("{why}: {}", cut(text, 80)),
        ));
    }
    // Removing or disabling a hook in the agent's hook settings: the hooks are what route the
    // agent's actions through the guard, whatever the hook is called in words ("the PreToolUse
    // hook", "the hooks section").
    if let Some(w) = hook_file
        && !mentions_only
        && first_flags & LOOK == 0
        && (seen & DESTROY != 0
            || [
                "disable",
                "turn off",
                "comment out",
                "bypass",
                "strip",
                "empty",
            ]
            .iter()
            .any(|k| has(&lower, k))
            || turned_off_split(&lower))
        && ["hook", "pretooluse", "permissionrequest", "guard"]
            .iter()
            .any(|k| has(&lower, k))
    {
        out.push(make_finding(
            Family::Tampering,
            "tampering.hook-settings",
            Severity::Stop,
            format!("removes or disables a hook in {w}: the hooks route the agent's actions through airlock"),
        ));
    }
    if let Some(w) = airlock_path
        && (reads || sends || seen & STATE_EDIT != 0)
    {
        out.push(make_finding(
            Family::Tampering,
            "tampering.state",
            Severity::Stop,
            format!("the action touches {w}: airlock's own state or policy"),
        ));
    }
}

/// "switch airlock's safety mode to write-destructive", "lower airlock's autonomy level",
/// "turn off confirmations in airlock": the guard's own settings loosened, which lets every
/// later action through with less judgement (tampering, stopped). Tightening them (`read-only`)
/// and talking about them ("what does write-destructive admit?") are not.
fn guard_settings(lower: &str, airlock: bool, out: &mut Vec<Finding>) {
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_' && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let has = |p: &str| lower.contains(p);
    // airlock's own names for its settings, which name the guard by themselves.
    let own = has("write-destructive") || has("safety_mode") || has("safety-mode");
    if !(airlock || own) {
        return;
    }
    let setting = own
        || [
            "safety mode",
            "autonomy",
            "trust level",
            "confirmation",
            "approval mode",
            "danger threshold",
        ]
        .iter()
        .any(|k| has(k));
    let loosens = has("write-destructive")
        || words.iter().any(|w| {
            matches!(
                *w,
                "lower"
                    | "lowering"
                    | "reduce"
                    | "decrease"
                    | "relax"
                    | "loosen"
                    | "disable"
                    | "skip"
                    | "raise"
                    | "increase"
                    | "bump"
            )
        })
        || has("turn off")
        || has("switch off")
        || has("turn down");
    // "raise" loosens autonomy and trust (more is let through), not strictness.
    let tightening = words.iter().any(|w| {
        matches!(
            *w,
            "read-only" | "readonly" | "stricter" | "strict" | "tighten" | "tighter" | "enable"
        )
    }) && !has("write-destructive");
    let asking = words.first().is_some_and(|w| {
        matches!(
            *w,
            "what" | "why" | "how" | "which" | "does" | "is" | "should" | "explain" | "describe"
        )
    }) || words
        .iter()
        .any(|w| matches!(*w, "don't" | "dont" | "never" | "not"));
    if setting && loosens && !tightening && !asking {
        out.push(make_finding(
            Family::Tampering,
            "tampering.guard-setting",
            Severity::Stop,
            format!(
                "loosens airlock's own settings (safety mode, autonomy, trust, confirmations): {}",
                cut(lower, 80)
            ),
        ));
    }
}

/// Verbs that move data to where "to" says: with a secret as their object and a network
/// destination, the secret is sent.
const MOVES: &[&str] = &[
    "write", "copy", "cp", "save", "put", "dump", "move", "output", "print", "stream", "attach",
    "pipe", "forward", "mirror", "sync", "transfer", "tee", "cat", "echo", "push", "store",
];

/// Public paste and file-drop sites named in prose.
fn public_drop(d: &str) -> bool {
    let d = d.to_ascii_lowercase();
    [
        "pastebin",
        "paste.",
        "hastebin",
        "termbin",
        "transfer.sh",
        "0x0.st",
        "ix.io",
        "gist.",
        "file.io",
        "webhook.site",
        "requestbin",
    ]
    .iter()
    .any(|k| has(&d, k))
}

/// A network destination named in prose: a URL, an e-mail address, a host name.
fn destination(w: &str) -> bool {
    if has(w, "://") {
        return true;
    }
    if let Some((user, host)) = w.split_once('@') {
        return !user.is_empty() && host.contains('.') && !host.ends_with('.');
    }
    let host = w.split('/').next().unwrap_or(w);
    let tld = host.rsplit('.').next().unwrap_or("");
    host.contains('.')
        && !host.starts_with('.')
        && !host.starts_with('~')
        && matches!(
            tld,
            "com"
                | "io"
                | "net"
                | "org"
                | "sh"
                | "st"
                | "co"
                | "me"
                | "site"
                | "xyz"
                | "ru"
                | "cn"
                | "app"
                | "dev"
                | "ee"
                | "in"
                | "us"
                | "info"
                | "biz"
                | "example"
                | "invalid"
                | "cc"
                | "to"
        )
}

/// The fork bomb, `:(){ :|:& };:` and renamed variants.
fn fork_bomb(text: &str, out: &mut Vec<Finding>) {
    if !has(text, "()") && !has(text, "( )") {
        return;
    }
    let squashed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut search = squashed.as_str();
    while let Some(i) = search.find("(){") {
        let name_start = search[..i]
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '.'))
            .map_or(0, |(k, c)| k + c.len_utf8());
        let name = &search[name_start..i];
        let body = &search[i + 3..];
        if !name.is_empty() {
            let pattern = format!("{name}|{name}&");
            if body.contains(&pattern) {
                out.push(make_finding(
                    Family::System,
                    "system.fork-bomb",
                    Severity::Stop,
                    "a fork bomb: processes multiply until the machine stops".to_owned(),
                ));
                return;
            }
        }
        search = &search[i + 3..];
    }
}

#[cfg(test)]
mod data_platforms_tests;
#[cfg(test)]
mod decoded_tests;
#[cfg(test)]
mod first_word_gates_tests;
#[cfg(test)]
mod fleets_tests;
#[cfg(test)]
mod guard_tests;
#[cfg(test)]
mod open_clients_tests;
#[cfg(test)]
mod plain_acts_tests;
#[cfg(test)]
mod session_tests;
#[cfg(test)]
mod severity_tables;
#[cfg(test)]
mod sources_tests;
#[cfg(test)]
mod talk_and_plans_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod throwaway_tests;

#[cfg(test)]
mod program_classes_tests;

#[cfg(test)]
mod documented_tools_tests;
#[cfg(test)]
mod held_back_tests;

#[cfg(test)]
mod family_gap_tests;

#[cfg(test)]
mod indirection_tests;

#[cfg(test)]
mod generic_tests;

#[cfg(test)]
mod context_tests;

#[cfg(test)]
mod http_tests;

#[cfg(test)]
mod running_change_tests;

#[cfg(test)]
mod exposure_tests;

#[cfg(test)]
mod frames_tests;

#[cfg(test)]
mod generic_scope_tests;

#[cfg(test)]
mod grade_gap_tests;

#[cfg(test)]
mod equivalents_tests;

#[cfg(test)]
mod other_languages_tests;

#[cfg(test)]
mod notebook_cells_tests;
#[cfg(test)]
mod runtimes_tests;

#[cfg(test)]
mod plain_words_tests;

#[cfg(test)]
mod embedded_tests;

#[cfg(test)]
mod places_tests;

#[cfg(test)]
mod people_and_places_tests;

#[cfg(test)]
mod dry_run_tests;
#[cfg(test)]
mod local_throwaways_tests;
#[cfg(test)]
mod remote_tests;

#[cfg(test)]
mod environment_tests;

#[cfg(test)]
mod bindings_tests;

#[cfg(test)]
mod follow_up_tests;

#[cfg(test)]
mod generalize_tests;

#[cfg(test)]
mod known_program_tests;

#[cfg(test)]
mod effects_tests;
#[cfg(test)]
mod fanout_reach_tests;
#[cfg(test)]
mod fanout_tests;

#[cfg(test)]
mod payload_tests;

#[cfg(test)]
mod protocol_words_tests;

#[cfg(test)]
mod verified_downloads_tests;

#[cfg(test)]
mod fast_path_tests;

#[cfg(test)]
mod reduced_prose_tests;

#[cfg(test)]
mod defined_tests;

#[cfg(test)]
mod everything_tests;

#[cfg(test)]
mod address_tests;

#[cfg(test)]
mod modes_tests;

// Where a command acts, read once for every reader (holdout8 analysis G4, G5's places).
#[cfg(test)]
mod scope_tests;

#[cfg(test)]
mod weight_tests;

#[cfg(test)]
mod saas_calls_tests;

#[cfg(test)]
mod saas_effects_tests;

#[cfg(test)]
mod publication_tests;

#[cfg(test)]
mod writes_tests;

#[cfg(test)]
mod benign_tests;
#[cfg(test)]
mod global_options_tests;
#[cfg(test)]
mod spelling_tests;

#[cfg(test)]
mod grades_tests;
// Effects carried by flag letters and values, not by a verb word (holdout9 analysis).
#[cfg(test)]
mod flags_tests;
// Privilege and exposure granted, as a kind (holdout10 analysis).
#[cfg(test)]
mod grants_tests;
// Effect verbs in other forms, task targets, unread subcommands' effects.
#[cfg(test)]
mod unread_code_tests;
#[cfg(test)]
mod verbs_tests;

#[cfg(test)]
mod benign_kinds_tests;
// Indirection followed: definitions, transformed text, written scripts, fetched code.
#[cfg(test)]
mod followed_tests;
// Storage appliances, volume managers, sanitizers, backup tools, smaller clouds' data stores.
#[cfg(test)]
mod data_stores_tests;
#[cfg(test)]
mod storage_ops_tests;
// Admin CLIs by class: directories, version-control servers, schedulers, fleets.
#[cfg(test)]
mod admin_clis_tests;

// Platform tools by their own verbs, PaaS through ssh, uploads to named remotes.
#[cfg(test)]
mod mcp_arguments_tests;
#[cfg(test)]
mod ml_platforms_tests;
#[cfg(test)]
mod platform_ops_tests;
#[cfg(test)]
mod tool_calls_tests;

#[cfg(test)]
mod benign_structure_tests;
// The reach of the object a REST, RPC or GraphQL call acts on, and publication.
#[cfg(test)]
mod object_identity_tests;
#[cfg(test)]
mod reach_tests;

#[cfg(test)]
mod reads_at_scale_tests;

#[cfg(test)]
mod char_boundaries_tests;
#[cfg(test)]
mod credential_dumps_tests;
#[cfg(test)]
mod dataflow_tests;
#[cfg(test)]
mod guard_fed_tests;
#[cfg(test)]
mod handed_commands_tests;
#[cfg(test)]
mod injected_tests;
#[cfg(test)]
mod listed_loops_tests;
#[cfg(test)]
mod made_before_tests;
#[cfg(test)]
mod made_in_line_tests;
#[cfg(test)]
mod option_effects_tests;
#[cfg(test)]
mod osadmin_tests;
#[cfg(test)]
mod plain_actions_tests;
#[cfg(test)]
mod reference_forms_tests;
#[cfg(test)]
mod scratch_made_tests;
#[cfg(test)]
mod sinks_at_scale_tests;
#[cfg(test)]
mod windows_flow_tests;
