//! Text normalization.

/// Lower case, with every run of whitespace collapsed to one space and both ends trimmed:
/// `"  RM   -Rf\t/ "` becomes `"rm -rf /"`.
pub fn normalize(s: &str) -> String {
    if s.is_ascii() {
        return normalize_ascii(s);
    }
    let mut out = String::with_capacity(s.len());
    for word in s.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().flat_map(char::to_lowercase));
    }
    out
}

/// [`normalize`] for ASCII text, byte by byte. ASCII's whitespace for `split_whitespace` is
/// space, tab, line feed, vertical tab, form feed and carriage return.
fn normalize_ascii(s: &str) -> String {
    // Most texts already are normal (lower case, single spaces, no space at either end): copy
    // them whole instead of byte by byte.
    let b = s.as_bytes();
    let normal = b.first() != Some(&b' ')
        && b.last() != Some(&b' ')
        && b.iter()
            .zip(b.iter().skip(1).chain([&b'x']))
            .all(|(&c, &next)| {
                !(c.is_ascii_uppercase()
                    || matches!(c, b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
                    || (c == b' ' && next == b' '))
            });
    if normal {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for &b in s.as_bytes() {
        if matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
            space = true;
        } else {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(char::from(b.to_ascii_lowercase()));
        }
    }
    out
}

/// Whether `c` belongs to a word: letters, digits and `_` (so `drop_table` is one word, and
/// `prod-db` is two).
pub fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// `s` cut to at most `max` bytes, at a character boundary.
pub fn truncate(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_folds_case_and_spacing() {
        assert_eq!(normalize("  RM   -Rf\t/ \n"), "rm -rf /");
        assert_eq!(normalize(""), "");
        assert_eq!(normalize("ÉCOLE  Straße"), "école straße");
        for ws in ["\u{0b}", "\u{0c}", "\r\n", " \t "] {
            assert_eq!(normalize(&format!("{ws}A{ws}B{ws}")), "a b");
        }
    }

    #[test]
    fn truncate_keeps_char_boundaries() {
        assert_eq!(truncate("héllo", 2), "h");
        assert_eq!(truncate("héllo", 3), "hé");
        assert_eq!(truncate("abc", 10), "abc");
    }
}
