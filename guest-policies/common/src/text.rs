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
    // A copy of the text, lowercased and compacted in place in one pass: every whitespace run
    // (at least one byte) leaves at most one space, so the write position never passes the read
    // position.
    let mut out = s.as_bytes().to_vec();
    let mut len = 0;
    let mut space = false;
    for i in 0..out.len() {
        let b = out[i];
        if matches!(b, b' ' | b'\t'..=b'\r') {
            space = true;
            continue;
        }
        if space && len > 0 {
            out[len] = b' ';
            len += 1;
        }
        space = false;
        out[len] = b.to_ascii_lowercase();
        len += 1;
    }
    out.truncate(len);
    // Still ASCII, so always valid UTF-8.
    String::from_utf8(out).unwrap_or_default()
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
