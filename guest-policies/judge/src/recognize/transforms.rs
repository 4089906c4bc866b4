//! Text transformed before it runs (holdout10 analysis, "What this says" 4): a command spelled
//! backwards and put right by `rev`, upper-cased and lowered by `tr`, salted with a character
//! that `tr -d`, `sed 's/#//g'` or `${v//#/}` strips. What each filter prints is computed
//! here from its documented behaviour, for a literal input only, so what a shell or `eval`
//! runs is judged as the command it spells.
//!
//! What cannot be computed (a file's text, a regular expression, an `awk` program) is not
//! guessed: the caller keeps the output unknown, and running an unknown transformation is at
//! least confirmed ([`transforms_text`]).

/// Whether a pipeline stage hides what its input spells when that input is not a literal (a
/// file, a variable): `rev`, `tac`, a `tr` translation or deletion, and the decoders. Running
/// its output is running a text the line does not show. `sed` and `awk` are left out: they
/// rewrite known scripts and settings files (`sed 's/^/export /' .env`) far more often than
/// they hide one, and `tr -d` of line ends only (`tr -d '\r'`) repairs a file's line endings.
pub fn obscures(program: &str, words: &[std::borrow::Cow<'_, str>]) -> bool {
    let option = |names: &[&str]| words.iter().skip(1).any(|w| names.contains(&&**w));
    match program {
        "rev" | "tac" | "uudecode" => true,
        "tr" => {
            !(option(&["-d", "--delete"])
                && words
                    .iter()
                    .skip(1)
                    .filter(|w| !w.starts_with('-'))
                    .all(|w| w.chars().all(|c| matches!(c, '\\' | 'r' | 'n' | ' '))))
        }
        "base64" | "b64" | "base32" | "basenc" => option(&["-d", "-D", "--decode"]),
        "xxd" => option(&["-r", "-p", "-r -p", "-rp", "-pr", "--revert"]),
        _ => false,
    }
}

/// What `rev` prints: each line reversed by characters.
pub fn rev(text: &str) -> String {
    let mut out: Vec<String> = text
        .trim_end_matches('\n')
        .lines()
        .map(|l| l.chars().rev().collect())
        .collect();
    if out.is_empty() {
        out.push(String::new());
    }
    out.join("\n")
}

/// What `tr -d SET` prints: the text without SET's characters (ranges expanded); `None` for a
/// class (`[:digit:]`) or an escape, which are not computed here.
pub fn delete_chars(set: &str, text: &str) -> Option<String> {
    if set.contains("[:") || set.contains('\\') || set.is_empty() {
        return None;
    }
    let chars: Vec<char> = set.chars().collect();
    let mut drop = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' && chars[i] <= chars[i + 2] {
            drop.extend(chars[i]..=chars[i + 2]);
            i += 3;
        } else {
            drop.push(chars[i]);
            i += 1;
        }
    }
    Some(text.chars().filter(|c| !drop.contains(c)).collect())
}

/// What `sed` prints for its scripts (`-e S` or the first operand), when every script is a
/// substitution of a literal (`s/#//g`, `s|X|rm|`): `None` when a script is anything else or
/// its pattern holds a regular-expression character, which is not computed here.
pub fn sed(words: &[&str], text: &str) -> Option<String> {
    let mut scripts = Vec::new();
    let mut it = words.iter();
    let mut operand = None;
    while let Some(w) = it.next() {
        match *w {
            "-e" | "--expression" => scripts.push(*it.next()?),
            "-E" | "-r" | "-n" | "--regexp-extended" | "-u" => {}
            w if w.starts_with('-') => return None,
            w => {
                if operand.is_some() {
                    // A file operand: its text is not known here.
                    return None;
                }
                operand = Some(w);
            }
        }
    }
    if scripts.is_empty() {
        scripts.push(operand?);
    } else if operand.is_some() {
        return None;
    }
    let mut text = text.to_owned();
    for script in scripts {
        for one in script.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            text = substitute(one, &text)?;
        }
    }
    Some(text)
}

/// One `s/PATTERN/REPLACEMENT/FLAGS` of a literal pattern, applied.
fn substitute(script: &str, text: &str) -> Option<String> {
    let rest = script.strip_prefix('s')?;
    let sep = rest.chars().next()?;
    if sep.is_alphanumeric() || sep == '\\' {
        return None;
    }
    let parts: Vec<&str> = rest[sep.len_utf8()..].splitn(3, sep).collect();
    let [pattern, replacement, flags] = parts[..] else {
        return None;
    };
    if pattern.is_empty()
        || pattern.contains([
            '.', '*', '[', ']', '^', '$', '\\', '+', '?', '(', ')', '{', '|',
        ])
        || replacement.contains(['&', '\\'])
        || !flags.chars().all(|c| c == 'g')
    {
        return None;
    }
    Some(if flags.is_empty() {
        text.replacen(pattern, replacement, 1)
    } else {
        text.replace(pattern, replacement)
    })
}

/// `${NAME//PATTERN/REPLACEMENT}` and `${NAME/PATTERN/REPLACEMENT}` over a variable's known
/// value, for a literal pattern (no glob characters): the value the shell substitutes.
pub fn parameter_replacement(
    expr: &str,
    value_of: impl Fn(&str) -> Option<String>,
) -> Option<String> {
    let inner = expr.strip_prefix("${")?.strip_suffix('}')?;
    let (name, rest) = inner.split_once('/')?;
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let (all, rest) = match rest.strip_prefix('/') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (pattern, replacement) = rest.split_once('/').unwrap_or((rest, ""));
    if pattern.is_empty() || pattern.contains(['*', '?', '[', '#', '%']) {
        return None;
    }
    let value = value_of(name)?;
    Some(if all {
        value.replace(pattern, replacement)
    } else {
        value.replacen(pattern, replacement, 1)
    })
}
