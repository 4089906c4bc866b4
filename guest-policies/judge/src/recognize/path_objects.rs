//! Path objects in inline code: Python's `pathlib` (`Path('~/x').expanduser().unlink()`,
//! `(Path.home() / '.codex' / 'hooks.json').write_text('{}')`, `p = Path.home() / '.bashrc';
//! p.open('a')`, `[f.unlink() for f in Path('/var/log').rglob('*.log')]`) and Ruby's
//! `Pathname` (`Pathname.new('/srv').rmtree`), with `shutil.move` / `os.rename` moving a path
//! away.
//!
//! # Why by effect
//!
//! The readers of inline code found a call by its spelling (`os.remove(`, `open(p, 'w')`): a
//! path object's method is called on an expression (a constructor, the home joined with `/`,
//! a name bound earlier, a comprehension's variable over a `glob`), so the spelling before
//! the method varies without end. Here the receiver expression is evaluated to the path it
//! names, and the method to the effect it has (write, append, delete one file, delete a tree,
//! move, change mode); the effect on the path is judged as the shell command it amounts to
//! (`echo _ > PATH`, `rm PATH`, `mv PATH DST`, `find ROOT -name PAT -delete`), so a system
//! file, a secret, the agent host's hook settings or airlock's own state is the same target
//! whichever language reaches it. A path the code does not spell out (an argument, an
//! environment value) is not guessed: nothing is lowered by this reader.

use super::Context;
use super::top_level::{QUOTES, outside_strings};
use crate::finding::Finding;

/// What a path object's method does to its path.
enum Effect {
    Write { append: bool },
    Delete,
    DeleteTree,
    Move,
    Mode,
}

/// The effect of a method of `pathlib.Path` (and Ruby's `Pathname`), from its name and
/// arguments; `None` for reads (`read_text`, `exists`, `stat`, `glob`).
fn effect(method: &str, args: &str) -> Option<Effect> {
    Some(match method {
        "write_text" | "write_bytes" | "write" => Effect::Write { append: false },
        "open" => {
            let mode = literals(args).into_iter().next().unwrap_or_default();
            if mode.len() > 3 || !mode.chars().all(|c| "rwaxbt+".contains(c)) {
                return None;
            }
            if mode.contains('a') {
                Effect::Write { append: true }
            } else if mode.contains('w') || mode.contains('x') || mode.contains('+') {
                Effect::Write { append: false }
            } else {
                return None;
            }
        }
        "unlink" | "delete" | "remove" => Effect::Delete,
        "rmdir" => Effect::Delete,
        // Groovy's `File.deleteDir()`, Kotlin's `File.deleteRecursively()`.
        "rmtree" | "deleteDir" | "deleteRecursively" => Effect::DeleteTree,
        "rename" | "replace" => Effect::Move,
        "chmod" | "lchmod" => Effect::Mode,
        _ => return None,
    })
}

/// The string literals of an expression, in order (single or double quotes).
fn literals(expr: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = expr.chars();
    while let Some(c) = chars.next() {
        if c == '\'' || c == '"' {
            let mut s = String::new();
            for d in chars.by_ref() {
                if d == c {
                    break;
                }
                s.push(d);
            }
            out.push(s);
        }
    }
    out
}

/// The start of the expression that ends just before byte `end` (a method's receiver): names,
/// dots and balanced parentheses or brackets, walked back.
fn receiver_start(text: &str, end: usize) -> usize {
    let b = text.as_bytes();
    let mut i = end;
    while i > 0 {
        let c = b[i - 1];
        if c == b')' || c == b']' {
            let (open, close) = if c == b')' {
                (b'(', b')')
            } else {
                (b'[', b']')
            };
            let mut depth = 0_i32;
            let mut j = i;
            while j > 0 {
                j -= 1;
                if b[j] == close {
                    depth += 1;
                } else if b[j] == open {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
            i = j;
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' {
            i -= 1;
        } else {
            break;
        }
    }
    i
}

/// Splits at top-level `/` (Python's path join), outside quotes and brackets.
fn join_parts(expr: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c, depth) in outside_strings(expr, QUOTES) {
        if c == b'/' && depth == 0 {
            out.push(expr[start..i].trim());
            start = i + 1;
        }
    }
    out.push(expr[start..].trim());
    out
}

/// The expression bound to `name` earlier in the code (`name = EXPR` up to the line's or
/// statement's end), or the iterable a loop or comprehension binds it over (`for name in
/// EXPR`), with whether it was the loop's.
fn binding<'b>(name: &str, body: &'b str) -> Option<(&'b str, bool)> {
    let is_name_char = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for (at, _) in body.match_indices(name) {
        if body[..at]
            .chars()
            .next_back()
            .is_some_and(|c| is_name_char(c) || c == '.')
            || body[at + name.len()..]
                .chars()
                .next()
                .is_some_and(is_name_char)
        {
            continue;
        }
        let rest = body[at + name.len()..].trim_start();
        if let Some(v) = rest.strip_prefix('=').filter(|v| !v.starts_with('=')) {
            let end = v.find([';', '\n']).unwrap_or(v.len());
            return Some((v[..end].trim(), false));
        }
        if body[..at].trim_end().ends_with("for") && rest.starts_with("in ") {
            let v = &rest[3..];
            // Up to the iterable's end: a closing bracket it did not open, `:`, `;`, a line.
            let mut depth = 0_i32;
            let mut end = v.len();
            for (i, c) in v.char_indices() {
                match c {
                    '(' | '[' => depth += 1,
                    ')' | ']' if depth == 0 => {
                        end = i;
                        break;
                    }
                    ')' | ']' => depth -= 1,
                    ':' | ';' | '\n' if depth == 0 => {
                        end = i;
                        break;
                    }
                    _ => {}
                }
            }
            return Some((v[..end].trim(), true));
        }
    }
    None
}

/// A path an expression names: a constructor of literals, the home or the working directory,
/// `/` joins, `joinpath`, `expanduser`, `os.path` helpers, a name bound to one. `None` when a
/// part is not spelled out in the code.
fn path(expr: &str, body: &str, hops: u8) -> Option<String> {
    let expr = expr.trim();
    if hops > 4 || expr.is_empty() {
        return None;
    }
    let parts = join_parts(expr);
    if parts.len() > 1 {
        let mut p = path(parts[0], body, hops + 1)?;
        for part in &parts[1..] {
            let piece = literals(part)
                .into_iter()
                .next()
                .or_else(|| path(part, body, hops + 1))?;
            p = format!(
                "{}/{}",
                p.trim_end_matches('/'),
                piece.trim_start_matches('/')
            );
        }
        return Some(p);
    }
    // Parenthesized: the inside.
    if expr.starts_with('(') && expr.ends_with(')') {
        return path(&expr[1..expr.len() - 1], body, hops + 1);
    }
    // Trailing methods that keep the path or extend it.
    for keep in [
        ".expanduser()",
        ".resolve()",
        ".absolute()",
        ".expand_path",
        ".realpath",
    ] {
        if let Some(inner) = expr.strip_suffix(keep) {
            return path(inner, body, hops + 1).map(|p| p.replace("$HOME", "~"));
        }
    }
    if let Some(at) = expr.rfind(".joinpath(") {
        let base = path(&expr[..at], body, hops + 1)?;
        let pieces = literals(&expr[at..]);
        if pieces.is_empty() {
            return None;
        }
        return Some(format!(
            "{}/{}",
            base.trim_end_matches('/'),
            pieces.join("/")
        ));
    }
    if let Some(inner) = expr.strip_suffix(".parent") {
        let p = path(inner, body, hops + 1)?;
        return Some(
            p.rsplit_once('/')
                .map_or(".".to_owned(), |(d, _)| d.to_owned()),
        );
    }
    let home = [
        "home()",
        "Dir.home",
        "homedir()",
        "expanduser('~')",
        "expanduser(\"~\")",
    ];
    if home.iter().any(|h| expr.ends_with(h)) {
        return Some("~".to_owned());
    }
    if expr.ends_with("cwd()") || expr.ends_with("getcwd()") {
        return Some(".".to_owned());
    }
    let constructors = [
        "Path(",
        "PurePath(",
        "PosixPath(",
        "WindowsPath(",
        "Pathname.new(",
        "Pathname(",
        "os.path.join(",
        "os.path.expanduser(",
        "expanduser(",
        "os.path.abspath(",
        "File.expand_path(",
        "File.join(",
        // Java's and the JVM languages' (`new File(p)`, `File(p)`, `Path.of(p)`, `Paths.get(p)`).
        "File(",
        "Path.of(",
        "Paths.get(",
    ];
    if let Some(c) = constructors.iter().find(|c| {
        expr.ends_with(')')
            && expr.rfind(*c).is_some_and(|at| {
                at == 0 || expr[..at].ends_with('.') || expr[..at].ends_with("pathlib.")
            })
    }) {
        let at = expr.rfind(c)?;
        let inner = &expr[at + c.len()..expr.len() - 1];
        let mut p = String::new();
        for arg in inner.split(',') {
            let arg = arg.trim();
            let piece = literals(arg)
                .into_iter()
                .next()
                .or_else(|| path(arg, body, hops + 1))?;
            if !p.is_empty() && !p.ends_with('/') {
                p.push('/');
            }
            p.push_str(&piece);
        }
        return (!p.is_empty()).then_some(p);
    }
    if (expr.starts_with('\'') || expr.starts_with('"')) && literals(expr).len() == 1 {
        return literals(expr).into_iter().next();
    }
    if expr.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        let (bound, looped) = binding(expr, body)?;
        return if looped {
            None
        } else {
            path(bound, body, hops + 1)
        };
    }
    None
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Judges the path objects' effects in inline code.
pub fn judge(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    // Only code that builds path objects or moves files is read.
    if !(body.contains("Path")
        || body.contains("File(")
        || body.contains("move(")
        || body.contains("rename("))
    {
        return;
    }
    let body = crate::cut(body, 16 * 1024);
    let mut lines: Vec<String> = Vec::new();
    for (dot, _) in body.match_indices('.') {
        let name: String = body[dot + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let after = dot + 1 + name.len();
        // Ruby calls without parentheses (`Pathname.new(x).rmtree`).
        let args = match body[after..].strip_prefix('(') {
            Some(rest) => &rest[..rest.find(')').unwrap_or(rest.len())],
            None if matches!(name.as_str(), "rmtree" | "delete" | "unlink") => "",
            None => continue,
        };
        let Some(effect) = effect(&name, args) else {
            continue;
        };
        let start = receiver_start(body, dot);
        let receiver = &body[start..dot];
        if receiver.is_empty() || receiver == "os" || receiver == "shutil" {
            continue;
        }
        // A comprehension's or loop's variable over a listing: each file the listing yields.
        if receiver
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_')
            && let Some((iterable, true)) = binding(receiver, body)
        {
            if let Some(line) = listing_effect(iterable, &effect, body) {
                lines.push(line);
            }
            continue;
        }
        let Some(p) = path(receiver, body, 0) else {
            continue;
        };
        let target = literals(args).into_iter().next();
        lines.push(match effect {
            Effect::Write { append } => {
                format!("echo _ {} {}", if append { ">>" } else { ">" }, quote(&p))
            }
            Effect::Delete if name == "rmdir" => format!("rmdir {}", quote(&p)),
            Effect::Delete => format!("rm {}", quote(&p)),
            Effect::DeleteTree => format!("rm -rf {}", quote(&p)),
            Effect::Move => format!("mv {} {}", quote(&p), quote(&target.unwrap_or_default())),
            Effect::Mode => {
                let mode = args.trim().trim_start_matches("0o").trim_start_matches('0');
                if mode.is_empty() || !mode.bytes().all(|b| b.is_ascii_digit()) {
                    continue;
                }
                format!("chmod {mode} {}", quote(&p))
            }
        });
        if lines.len() > 16 {
            break;
        }
    }
    // Moving a path away takes it from where it was (`shutil.move(SRC, DST)`, `os.rename`).
    for call in ["shutil.move(", "os.rename(", "os.replace(", "FileUtils.mv("] {
        for (at, _) in body.match_indices(call) {
            let rest = &body[at + call.len()..];
            let inner = &rest[..rest.find(')').unwrap_or(rest.len())];
            let mut args = inner.splitn(2, ',');
            let (Some(src), Some(dst)) = (args.next(), args.next()) else {
                continue;
            };
            if let (Some(s), Some(d)) = (path(src, body, 0), path(dst, body, 0)) {
                lines.push(format!("mv {} {}", quote(&s), quote(&d)));
            }
        }
    }
    lines.sort();
    lines.dedup();
    for line in lines {
        let mut found = Vec::new();
        crate::judge_shell(&line, depth + 1, ctx, &mut found);
        for mut f in found {
            f.message = format!("inline code's path object (as `{line}`): {}", f.message);
            out.push(f);
        }
    }
}

/// A delete (or write) applied to each path a listing yields (`Path(R).rglob(P)`,
/// `.glob(P)`, `.iterdir()`): the `find` that does the same.
fn listing_effect(iterable: &str, effect: &Effect, body: &str) -> Option<String> {
    if !matches!(effect, Effect::Delete | Effect::DeleteTree) {
        return None;
    }
    for (method, deep) in [(".rglob(", true), (".glob(", false), (".iterdir(", false)] {
        if let Some(at) = iterable.find(method) {
            let root = path(&iterable[..at], body, 0)?;
            let pattern = literals(&iterable[at..])
                .into_iter()
                .next()
                .unwrap_or_else(|| "*".into());
            let pattern = pattern.trim_start_matches("**/").to_owned();
            return Some(format!(
                "find {} {}-name {} -delete",
                quote(&root),
                if deep { "" } else { "-maxdepth 1 " },
                quote(&pattern)
            ));
        }
    }
    None
}
