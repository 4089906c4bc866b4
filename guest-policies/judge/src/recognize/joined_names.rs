//! PowerShell names joined at run time from constant strings: `('air'+'lock')`,
//! `"air$('lock')"`, `-join ('air','lock')`, `('air','lock') -join ''`,
//! `[string]::Concat('air','lock')`, `'{0}{1}' -f 'air','lock'`. Each is folded to the one
//! literal it evaluates to (`'airlock'`) before the line is read again.
//!
//! # Why fold
//!
//! The readers compare names (`Stop-Process -Name airlock`, a service, a path): a name split
//! into pieces the shell joins matches none of them, and splitting a name costs the agent
//! nothing. Only expressions made entirely of constant literals are folded: a variable's value
//! is not known here. The fold adds a reading; it lowers nothing.

/// The line with its constant string expressions folded; None when it has none (decided on a
/// byte scan for the operators before any allocation).
pub fn folded(text: &str) -> Option<String> {
    let b = text.as_bytes();
    if !b.iter().any(|&c| c == b'\'' || c == b'"') {
        return None;
    }
    let lower_has = |needle: &[u8]| {
        b.windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle))
    };
    if !(b.contains(&b'+')
        || lower_has(b"-join")
        || lower_has(b"::concat")
        || lower_has(b"-f ")
        || lower_has(b"$("))
    {
        return None;
    }
    let mut s = text.to_string();
    // Each pass folds one expression; a line has few.
    for _ in 0..16 {
        match fold_once(&s) {
            Some(next) => s = next,
            None => break,
        }
    }
    (s != text).then_some(s)
}

/// A constant literal at `at`: `'...'` (`''` is a quote) or `"..."` with nothing expanded in it.
/// Its value and the index after it.
fn literal(s: &str, at: usize) -> Option<(String, usize)> {
    let b = s.as_bytes();
    let q = *b.get(at)?;
    if q != b'\'' && q != b'"' {
        return None;
    }
    let mut value = String::new();
    let mut i = at + 1;
    let mut run = i;
    while i < b.len() {
        if b[i] == q {
            if b.get(i + 1) == Some(&q) {
                value.push_str(&s[run..=i]);
                i += 2;
                run = i;
                continue;
            }
            value.push_str(&s[run..i]);
            return Some((value, i + 1));
        }
        if q == b'"' && matches!(b[i], b'$' | b'`') {
            return None;
        }
        i += 1;
    }
    None
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// Literals separated by `sep` from `at`: their values and the index after the last.
fn literal_list(s: &str, at: usize, sep: u8) -> Option<(Vec<String>, usize)> {
    let b = s.as_bytes();
    let (first, mut end) = literal(s, at)?;
    let mut values = vec![first];
    loop {
        let i = skip_ws(b, end);
        if b.get(i) != Some(&sep) {
            return Some((values, end));
        }
        let j = skip_ws(b, i + 1);
        let Some((v, e)) = literal(s, j) else {
            return Some((values, end));
        };
        values.push(v);
        end = e;
    }
}

/// A literal spelled back the way PowerShell reads it.
fn quoted(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

/// Folds the first constant expression found; None when none is left.
fn fold_once(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let lower = s.to_ascii_lowercase();
    let mut i = 0;
    while i < b.len() {
        if !s.is_char_boundary(i) {
            i += 1;
            continue;
        }
        // `"air$('lock')"`: a subexpression of one literal inside a double-quoted string.
        if b[i] == b'$'
            && b.get(i + 1) == Some(&b'(')
            && let Some((v, e)) = literal(s, skip_ws(b, i + 2))
        {
            let close = skip_ws(b, e);
            if b.get(close) == Some(&b')') && !v.contains(['"', '$', '`']) {
                return Some(format!("{}{}{}", &s[..i], v, &s[close + 1..]));
            }
        }
        // `[string]::Concat('a','b')`, `[String]::Join('', 'a', 'b')`.
        for (call, joins) in [("[string]::concat(", false), ("[string]::join(", true)] {
            if lower[i..].starts_with(call) {
                let open = i + call.len();
                if let Some((mut vals, e)) = literal_list(s, skip_ws(b, open), b',') {
                    let close = skip_ws(b, e);
                    if b.get(close) == Some(&b')') {
                        let sep = if joins { vals.remove(0) } else { String::new() };
                        if !vals.is_empty() {
                            return Some(splice(s, i, close + 1, &vals.join(&sep)));
                        }
                    }
                }
            }
        }
        // `-join ('a','b')`, `-join @('a','b')`.
        if lower[i..].starts_with("-join") {
            let mut j = skip_ws(b, i + 5);
            if b.get(j) == Some(&b'@') {
                j += 1;
            }
            if b.get(j) == Some(&b'(')
                && let Some((vals, e)) = literal_list(s, skip_ws(b, j + 1), b',')
            {
                let close = skip_ws(b, e);
                if b.get(close) == Some(&b')') {
                    return Some(splice(s, i, close + 1, &vals.concat()));
                }
            }
        }
        if b[i] != b'\'' && b[i] != b'"' {
            i += 1;
            continue;
        }
        let Some((vals, e)) = literal_list(s, i, b',') else {
            // An expanding string: on past its opening quote.
            i += 1;
            continue;
        };
        let after = skip_ws(b, e);
        // `('a','b') -join 'SEP'`.
        if vals.len() > 1
            && (lower[after..].starts_with(") -join") || lower[after..].starts_with(")-join"))
        {
            let open = s[..i].trim_end();
            if open.ends_with('(') {
                let j = skip_ws(
                    b,
                    after + 1 + lower[after + 1..].find("-join").unwrap_or(0) + 5,
                );
                if let Some((sep, e2)) = literal(s, j) {
                    let start = open.len() - 1;
                    let start = if s[..start].ends_with('@') {
                        start - 1
                    } else {
                        start
                    };
                    return Some(splice(s, start, e2, &vals.join(&sep)));
                }
            }
        }
        // `'{0}{1}' -f 'a','b'`.
        if vals.len() == 1
            && lower[after..].starts_with("-f ")
            && let Some((args, e2)) = literal_list(s, skip_ws(b, after + 3), b',')
        {
            let mut text = vals[0].clone();
            for (k, a) in args.iter().enumerate() {
                text = text.replace(&format!("{{{k}}}"), a);
            }
            return Some(splice(s, i, e2, &text));
        }
        // `'a' + 'b'`.
        if let Some((parts, e2)) = literal_list(s, i, b'+').filter(|(p, _)| p.len() > 1) {
            return Some(splice(s, i, e2, &parts.concat()));
        }
        // `('airlock')`: one literal in parentheses is the literal.
        if vals.len() == 1 && i > 0 && b[i - 1] == b'(' && b.get(e) == Some(&b')') {
            let before = &s[..i - 1];
            // Not a call's argument list (`f('x')`): only a grouping after a space or `=`.
            if before.is_empty() || before.ends_with([' ', '=', '\t']) {
                return Some(splice(s, i - 1, e + 1, &vals[0]));
            }
        }
        // On past the literal (its closing quote opens nothing).
        i = literal(s, i).map_or(i + 1, |(_, end)| end);
    }
    None
}

/// `s` with `from..to` replaced by the literal `value`.
fn splice(s: &str, from: usize, to: usize, value: &str) -> String {
    format!("{}{}{}", &s[..from], quoted(value), &s[to..])
}
