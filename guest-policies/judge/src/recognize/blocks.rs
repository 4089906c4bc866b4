//! PowerShell's per-object code: a script block run on each object a pipeline passes
//! (`Get-Process x | ForEach-Object { $_.Kill() }`, its aliases `%` and `foreach`, `-Process
//! {...}`, `-MemberName Kill`), a `foreach ($p in EXPR) { ... }` loop, and a method called on a
//! whole collection (`(Get-Process x).Kill()`, which PowerShell calls on each member).
//!
//! # Why read as a pipeline
//!
//! The statement reader of Windows lines ([`super::windows`]) splits at braces, so the block's
//! `$_.Kill()` loses the objects it applies to, and a method is no cmdlet. But a method named
//! for an effect, called on each object of a listing, is the cmdlet of that effect piped the
//! listing: `.Kill()` on `Get-Process`'s objects is `Get-Process x | Stop-Process -Force`,
//! `.Delete()` on `Get-ChildItem`'s is `Get-ChildItem x | Remove-Item -Force`, `.Stop()` on
//! `Get-Service`'s is `Stop-Service`; and a cmdlet in the block given the object (`Remove-Item
//! $_.FullName -Recurse`) is that cmdlet piped the objects. The equivalent pipeline is judged by
//! the Windows reader, which already grades the object (airlock's own processes, the security
//! services, a home's `.ssh`) and the reach (everything a listing returns).
//!
//! A block that only reads its objects (`$_.Name`, `'{0}' -f $_.Id`, `Write-Output $f.Length`)
//! amounts to a read. A read beside an effect in the same block does not hide the effect:
//! every statement of the block is read.

use super::Context;
use super::top_level::{QUOTES, outside_strings};
use crate::finding::Finding;

/// Methods of .NET and CIM objects named for an effect, with the verb of the cmdlet that has
/// it (lowercase method names).
fn method_verb(method: &str) -> Option<&'static str> {
    Some(match method.to_ascii_lowercase().as_str() {
        "kill" | "terminate" | "stop" | "stopservice" | "closemainwindow" => "Stop",
        "delete" | "remove" | "uninstall" | "deletetree" => "Remove",
        "disable" => "Disable",
        "pause" | "pauseservice" | "suspend" => "Suspend",
        _ => return None,
    })
}

/// The noun of the objects a listing returns (`Get-Process` and `gps` give processes), so a
/// method on each is the cmdlet of that noun.
fn listed_noun(upstream: &str, verb: &str) -> String {
    let first = upstream
        .trim_start_matches(|c: char| c.is_whitespace() || c == '(')
        .split(|c: char| c.is_whitespace() || c == '|' || c == ')')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let noun = match first.as_str() {
        "gps" | "ps" => "Process",
        "gci" | "dir" | "ls" | "gi" | "get-childitem" | "get-item" => "Item",
        "gsv" => "Service",
        "gwmi" | "gcim" | "get-wmiobject" => "CimInstance",
        f => match f.strip_prefix("get-") {
            Some(n) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric()) => {
                let mut c = n.chars();
                let head = c.next().map(|h| h.to_ascii_uppercase());
                return head.into_iter().chain(c).collect();
            }
            _ => match verb {
                "Stop" => "Process",
                "Remove" => "Item",
                _ => "Service",
            },
        },
    };
    noun.to_owned()
}

/// The top-level parts of `text` split at `sep` bytes outside quotes, braces, brackets and
/// parentheses (`||` and `&&` are statement separators, not pipes).
fn split_top<'t>(text: &'t str, seps: &[u8]) -> Vec<&'t str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    // Where reading resumes after a `||` or `&&` (its second byte is no separator of its own).
    let mut resume = 0;
    for (i, c, depth) in outside_strings(text, QUOTES) {
        if i < resume || depth != 0 {
            continue;
        }
        if matches!(c, b'|' | b'&') && b.get(i + 1) == Some(&c) {
            if seps.contains(&b';') {
                out.push(&text[start..i]);
                start = i + 2;
            }
            resume = i + 2;
        } else if seps.contains(&c) {
            out.push(&text[start..i]);
            start = i + 1;
        }
    }
    out.push(&text[start..]);
    out
}

/// The text inside the braces (or parentheses) that open at `open` in `text`, and the index
/// just after the closing one.
fn enclosed(text: &str, open: usize) -> Option<(&str, usize)> {
    let b = text.as_bytes();
    let (o, c) = match b.get(open)? {
        b'{' => (b'{', b'}'),
        b'(' => (b'(', b')'),
        _ => return None,
    };
    let mut depth = 0_i32;
    let mut quote: Option<u8> = None;
    for (i, &ch) in b.iter().enumerate().skip(open) {
        if let Some(q) = quote {
            if ch == q {
                quote = None;
            }
            continue;
        }
        if ch == b'\'' || ch == b'"' {
            quote = Some(ch);
        } else if ch == o {
            depth += 1;
        } else if ch == c {
            depth -= 1;
            if depth == 0 {
                return Some((&text[open + 1..i], i + 1));
            }
        }
    }
    None
}

/// Judges the per-object code of a Windows line as the pipelines it amounts to.
pub fn line(text: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    // Every line passes here: only one with a block, a `%`, a `foreach` or a member call on a
    // parenthesized pipeline is read.
    let lower = text.to_ascii_lowercase();
    if !(lower.contains("foreach") || text.contains('%') || text.contains(").")) {
        return;
    }
    let text = crate::cut(text, 16 * 1024);
    for statement in split_top(text, b";\n") {
        let segments = split_top(statement, b"|");
        for (i, seg) in segments.iter().enumerate() {
            let seg = seg.trim();
            let upstream = segments[..i]
                .iter()
                .map(|s| s.trim())
                .collect::<Vec<_>>()
                .join(" | ");
            let from = out.len();
            if i > 0 {
                for_each_object(seg, &upstream, depth, ctx, out);
            }
            foreach_loop(seg, depth, ctx, out);
            // The collection's reach, and sends in the block (fanout).
            let lower_seg = seg.to_ascii_lowercase();
            let loop_head = lower_seg
                .strip_prefix("foreach")
                .is_some_and(|r| r.trim_start().starts_with('('));
            if loop_head {
                let head = seg.split('{').next().unwrap_or(seg);
                super::fanout::powershell(seg, head, from, out);
            } else if i > 0 && (lower_seg.starts_with('%') || lower_seg.starts_with("foreach")) {
                super::fanout::powershell(seg, &upstream, from, out);
            }
            collection_calls(seg, depth, ctx, out);
        }
    }
}

/// `UPSTREAM | ForEach-Object { BLOCK }` (or `%`, `foreach`, `-Process {...}`, `-MemberName M`,
/// `% M`).
fn for_each_object(
    seg: &str,
    upstream: &str,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let (head, rest) = seg.split_once(char::is_whitespace).unwrap_or((seg, ""));
    if !matches!(
        head.to_ascii_lowercase().as_str(),
        "foreach-object" | "%" | "foreach"
    ) {
        return;
    }
    let rest = rest.trim_start();
    let lower = rest.to_ascii_lowercase();
    // `-Process {...}`, `-Begin {...} -Process {...}`: the process block; a bare block is it.
    let block_at = lower
        .find("-process")
        .and_then(|p| rest[p..].find('{').map(|b| p + b))
        .or_else(|| rest.find('{'));
    if let Some(at) = block_at {
        if let Some((block, _)) = enclosed(rest, at) {
            apply_block(block, &["$_", "$psitem"], upstream, seg, depth, ctx, out);
        }
        return;
    }
    // `-MemberName Kill` or `% Kill`: the member is called on each object.
    let member = rest
        .split_whitespace()
        .filter(|w| !w.eq_ignore_ascii_case("-membername"))
        .find(|w| !w.starts_with('-'));
    if let Some(m) = member {
        apply_method(m, "", upstream, seg, depth, ctx, out);
    }
}

/// `foreach ($v in EXPR) { BLOCK }`: the block runs on each object of EXPR.
fn foreach_loop(seg: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let lower = seg.to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("foreach") else {
        return;
    };
    let paren = seg.len() - rest.trim_start().len();
    let Some((head, after)) = enclosed(seg, paren) else {
        return;
    };
    let Some((var, expr)) = head.split_once(" in ").or_else(|| head.split_once(" IN ")) else {
        return;
    };
    let var = var.trim().to_ascii_lowercase();
    if !var.starts_with('$') {
        return;
    }
    let body_at = seg[after..].find('{').map(|b| after + b);
    if let Some((block, _)) = body_at.and_then(|b| enclosed(seg, b)) {
        apply_block(block, &[var.as_str()], expr.trim(), seg, depth, ctx, out);
    }
}

/// `(PIPELINE).Method(...)`: PowerShell calls the method on each member of the collection.
fn collection_calls(seg: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    for (at, _) in seg.match_indices(").") {
        let Some(open) = opening_paren(seg, at) else {
            continue;
        };
        let inner = &seg[open + 1..at];
        let name: String = seg[at + 2..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let args_at = at + 2 + name.len();
        if !seg[args_at..].starts_with('(') {
            continue;
        }
        let args = enclosed(seg, args_at).map_or("", |(a, _)| a);
        apply_method(&name, args, inner.trim(), seg, depth, ctx, out);
    }
}

/// The `(` matching the `)` at `close`.
fn opening_paren(text: &str, close: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut depth = 0_i32;
    for i in (0..=close).rev() {
        match b[i] {
            b')' => depth += 1,
            b'(' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// Each statement of a block run on each object (`vars` name the object): a method on it, or a
/// command given it.
fn apply_block(
    block: &str,
    vars: &[&str],
    upstream: &str,
    seg: &str,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    if upstream.trim().is_empty() {
        return;
    }
    for st in split_top(block, b";\n") {
        let st = st.trim();
        let lower = st.to_ascii_lowercase();
        let mut called = false;
        for var in vars {
            let dotted = format!("{var}.");
            for (at, _) in lower.match_indices(&dotted) {
                let after = at + dotted.len();
                let name: String = st[after..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let args_at = after + name.len();
                if st[args_at..].starts_with('(') {
                    let args = enclosed(st, args_at).map_or("", |(a, _)| a);
                    called |= apply_method(&name, args, upstream, seg, depth, ctx, out);
                }
            }
        }
        if called {
            continue;
        }
        // A command given the object (`Remove-Item $_.FullName -Recurse`, `Stop-Process -Id
        // $_.Id`): the command piped the objects, the object's words removed.
        let words: Vec<&str> = st.split_whitespace().collect();
        let refers = |w: &str| {
            let l = w.to_ascii_lowercase();
            vars.iter().any(|v| {
                l.trim_start_matches(['(', '"', '\'']).starts_with(v)
                    && !l[v.len()..].starts_with(|c: char| c.is_ascii_alphanumeric())
            })
        };
        let Some(first) = words.first() else { continue };
        if !words.iter().skip(1).any(|w| refers(w)) || first.starts_with('$') {
            continue;
        }
        let mut kept: Vec<&str> = Vec::new();
        for w in &words {
            if refers(w) {
                // A parameter whose value was the object (`-Id $_.Id`, `-Path $_`).
                if kept.last().is_some_and(|p| {
                    p.starts_with('-')
                        && matches!(
                            p.to_ascii_lowercase().as_str(),
                            "-id"
                                | "-path"
                                | "-literalpath"
                                | "-name"
                                | "-inputobject"
                                | "-processname"
                                | "-fullname"
                        )
                }) {
                    kept.pop();
                }
                continue;
            }
            kept.push(w);
        }
        let equivalent = format!("{upstream} | {}", kept.join(" "));
        judge_as_pipeline(seg, &equivalent, depth, ctx, out);
        // A native program (no cmdlet's Verb-Noun) run once per listed line is `xargs` on the
        // shell: the words before the object are the command each line is handed to.
        if !first.contains('-') && depth < super::MAX_DEPTH {
            let before: Vec<&str> = words.iter().take_while(|w| !refers(w)).copied().collect();
            let each = format!("{upstream} | xargs -n1 {}", before.join(" "));
            let mut found = Vec::new();
            crate::judge_shell(&each, depth + 1, ctx, &mut found);
            for mut f in found {
                f.message = format!(
                    "{} (as `{}`): {}",
                    crate::cut(seg, 80),
                    crate::cut(&each, 120),
                    f.message
                );
                out.push(f);
            }
        }
    }
}

/// A method called on each object: judged as the cmdlet of its effect piped the objects.
/// Whether the method names an effect.
fn apply_method(
    method: &str,
    args: &str,
    upstream: &str,
    seg: &str,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) -> bool {
    let Some(verb) = method_verb(method) else {
        return false;
    };
    if upstream.trim().is_empty() {
        return true;
    }
    let noun = listed_noun(upstream, verb);
    let mut equivalent = format!("{upstream} | {verb}-{noun}");
    // `DirectoryInfo.Delete($true)` deletes the tree; `Process.Kill()` never asks.
    if args.trim().eq_ignore_ascii_case("$true") {
        equivalent.push_str(" -Recurse");
    }
    equivalent.push_str(" -Force");
    judge_as_pipeline(seg, &equivalent, depth, ctx, out);
    true
}

fn judge_as_pipeline(
    seg: &str,
    equivalent: &str,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    if depth > super::MAX_DEPTH {
        return;
    }
    let mut found = Vec::new();
    super::windows::line(equivalent, depth + 1, ctx, &mut found);
    for mut f in found {
        f.message = format!(
            "{} (as `{}`): {}",
            crate::cut(seg, 80),
            crate::cut(equivalent, 120),
            f.message
        );
        out.push(f);
    }
}
