//! Decode before carry (holdout9 analysis, "What this says" 3): a command substitution that
//! decodes a literal and is an ARGUMENT of another program (`psql -c "$(echo X | base64 -d)"`,
//! `git push origin "+HEAD:refs/heads/$(printf '\x6d...')"`, `kubectl delete ns "$(... | xxd
//! -r -p | rev)"`) stands for what it decodes to, so the command is also judged with the
//! decoded text in its place, and every reader (SQL, refspecs, namespaces, paths) reads it.
//!
//! What decodes is [`super::interpreters::decoded_output`], the reading that already decodes
//! what `eval` and `sh` run (base64, hex by `xxd -r`, `printf` escapes, `rev`, and `tr`
//! translations such as rot13 through [`translate`]). Only a literal is decoded: a file decoded
//! (`$(base64 -d q.b64)`) is not known here, so nothing is replaced. Decoding to print it (`echo
//! X | base64 -d`) or into a file has no substitution to replace: nothing changes.

use std::borrow::Cow;

use crate::shell::Command;

/// The command with each decoding substitution among its arguments replaced by what it decodes
/// to (the trailing newlines a substitution drops removed), and the decoded texts; `None` when
/// no argument holds one (the usual case, decided without allocating).
///
/// Not for a change of directory (`cd`, `pushd`): the quoting is gone from the words, and a
/// substitution written in single quotes is not run, so the decoded reading may not be where
/// the shell went; a reading that only adds findings must not move the working directory.
pub fn decoded<'a>(c: &Command<'a>) -> Option<(Command<'a>, Vec<String>)> {
    if !c
        .words
        .iter()
        .skip(1)
        .any(|w| w.contains("$(") || w.contains('`'))
        || c.words
            .first()
            .is_some_and(|p| matches!(&**p, "cd" | "pushd" | "popd"))
    {
        return None;
    }
    let mut texts = Vec::new();
    let mut out = c.clone();
    for w in out.words.iter_mut().skip(1) {
        if let Some(replaced) = replace_decoders(w, &mut texts) {
            *w = Cow::Owned(replaced);
        }
    }
    (!texts.is_empty()).then_some((out, texts))
}

/// The word with each decoding substitution replaced, or `None` when it has none.
fn replace_decoders(word: &str, texts: &mut Vec<String>) -> Option<String> {
    let mut out = String::new();
    let mut rest = word;
    let mut any = false;
    while let Some((start, body, end)) = next_substitution(rest) {
        out.push_str(&rest[..start]);
        match super::interpreters::decoded_output(body) {
            Some(text) => {
                let text = text.trim_end_matches('\n');
                out.push_str(text);
                texts.push(text.to_owned());
                any = true;
            }
            None => out.push_str(&rest[start..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    any.then_some(out)
}

/// The next substitution in a word: where it starts, its body, where it ends (`$(...)` with
/// its parentheses balanced outside quotes, or backticks).
fn next_substitution(w: &str) -> Option<(usize, &str, usize)> {
    let dollar = w.find("$(");
    let tick = w.find('`');
    match (dollar, tick) {
        (Some(d), t) if t.is_none_or(|t| d < t) => {
            let b = w.as_bytes();
            let mut depth = 0_usize;
            let mut quote: Option<u8> = None;
            let mut i = d + 1;
            while i < b.len() {
                let c = b[i];
                match quote {
                    Some(q) if c == q => quote = None,
                    Some(b'"') if c == b'\\' => i += 1,
                    Some(_) => {}
                    None => match c {
                        b'\'' | b'"' => quote = Some(c),
                        b'\\' => i += 1,
                        b'(' => depth += 1,
                        b')' => {
                            depth -= 1;
                            if depth == 0 {
                                return Some((d, &w[d + 2..i], i + 1));
                            }
                        }
                        _ => {}
                    },
                }
                i += 1;
            }
            None
        }
        (_, Some(t)) => {
            let close = w[t + 1..].find('`')? + t + 1;
            Some((t, &w[t + 1..close], close + 1))
        }
        _ => None,
    }
}

/// What `tr SET1 SET2` makes of `text` (ranges such as `A-Za-z` and `N-ZA-Mn-za-m` expanded,
/// SET2's last character repeated when it is shorter, as tr(1) does): rot13 and any other
/// letter-for-letter translation. `None` when a set holds a class or an escape not read here.
pub fn translate(set1: &str, set2: &str, text: &str) -> Option<String> {
    let from = expand(set1)?;
    let to = expand(set2)?;
    let last = *to.last()?;
    Some(
        text.chars()
            .map(|c| match from.iter().position(|f| *f == c) {
                Some(i) => to.get(i).copied().unwrap_or(last),
                None => c,
            })
            .collect(),
    )
}

/// A tr(1) set's characters, its ranges expanded.
fn expand(set: &str) -> Option<Vec<char>> {
    if set.contains("[:") || set.contains('\\') || set.is_empty() {
        return None;
    }
    let chars: Vec<char> = set.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' && chars[i] <= chars[i + 2] {
            out.extend(chars[i]..=chars[i + 2]);
            i += 3;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    Some(out)
}
