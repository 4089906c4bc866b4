//! Text normalization.

/// Lower case, with every run of whitespace collapsed to one space and both ends trimmed:
/// `"  RM   -Rf\t/ "` becomes `"rm -rf /"`.
pub fn normalize(s: &str) -> String {
    let mut out = String::new();
    normalize_into(s, &mut out);
    out
}

/// [`normalize`] into `out` (cleared first), so that a buffer kept from call to call serves every
/// text without a new allocation.
pub fn normalize_into(s: &str, out: &mut String) {
    out.clear();
    if !s.is_ascii() {
        out.reserve(s.len());
        for word in s.split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.extend(word.chars().flat_map(char::to_lowercase));
        }
        return;
    }
    if spaced_normally(s.as_bytes()) {
        // The usual text: only its case may change, in one copy and one lowercasing pass.
        out.push_str(s);
        out.make_ascii_lowercase();
        return;
    }
    // Byte by byte. ASCII's whitespace for `split_whitespace` is space, tab, line feed, vertical
    // tab, form feed and carriage return.
    out.reserve(s.len());
    let mut space = false;
    for &b in s.as_bytes() {
        if matches!(b, b' ' | b'\t'..=b'\r') {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(char::from(b.to_ascii_lowercase()));
    }
}

/// Whether an ASCII text's whitespace already is normal: single spaces, none at either end.
fn spaced_normally(b: &[u8]) -> bool {
    if b.first() == Some(&b' ') || b.last() == Some(&b' ') {
        return false;
    }
    // Without a branch per byte: most texts are spaced normally and are read to the end anyway.
    let mut prev_space = false;
    let mut odd = false;
    for &c in b {
        let space = c == b' ';
        odd |= (space & prev_space) | (c.wrapping_sub(b'\t') <= b'\r' - b'\t');
        prev_space = space;
    }
    !odd
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
