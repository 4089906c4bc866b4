//! Text normalized before it is judged (issue #13 item 3): Unicode NFKC (fullwidth forms,
//! ligatures and compatibility letters become their plain forms), zero-width, bidi and control
//! characters removed, Cyrillic and Greek letters that look like Latin ones folded to them, and the
//! typographic dashes and quotes an editor substitutes folded to ASCII.
//!
//! Case is **not** folded here: it is folded per family by the readers (program names and SQL
//! keywords are case-insensitive, file names are not).
//!
//! Plain ASCII text (almost every hint) takes a fast path that only scans it and borrows it.
//! NFKC comes from the `unicode-normalization` crate; the confusables table is written here
//! because it is small and specific: only the letters that pass for Latin ones in a command or a
//! keyword (Unicode's full confusables list is thousands of entries and maps many Latin letters
//! the other way).

use std::borrow::Cow;

use unicode_normalization::UnicodeNormalization;

/// `text` ready to be judged; borrowed when it is plain ASCII without control characters.
pub fn normalize(text: &str) -> Cow<'_, str> {
    if text.bytes().all(plain_ascii) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars().filter(|&c| !invisible(c)).nfkc() {
        if invisible(c) {
            // NFKC can produce none, but a decomposition must not smuggle one back in.
            continue;
        }
        out.push(fold(c));
    }
    Cow::Owned(out)
}

/// Printable ASCII, tab, newline and carriage return: what the fast path borrows.
#[inline]
fn plain_ascii(b: u8) -> bool {
    (0x20..0x7f).contains(&b) || b == b'\t' || b == b'\n' || b == b'\r'
}

/// Characters that change nothing a person sees but split a word for a matcher: zero-width
/// spaces and joiners, bidi controls, the soft hyphen, the BOM, and control characters (but not
/// tab, newline and carriage return, which separate words and commands).
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{061c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180b}'..='\u{180f}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{e0000}'..='\u{e007f}'
    ) || (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// The Latin letter or ASCII sign `c` passes for, or `c`.
fn fold(c: char) -> char {
    match c {
        // Cyrillic lower case.
        'а' => 'a',
        'в' => 'b',
        'е' | 'ё' => 'e',
        'һ' => 'h',
        'і' | 'ї' => 'i',
        'ј' => 'j',
        'к' => 'k',
        'м' => 'm',
        'н' => 'h',
        'о' => 'o',
        'р' => 'p',
        'с' => 'c',
        'т' => 't',
        'у' => 'y',
        'х' => 'x',
        'ѕ' => 's',
        'ԁ' => 'd',
        'ԛ' => 'q',
        'ԝ' => 'w',
        'ӏ' => 'l',
        'ɡ' => 'g',
        // Cyrillic upper case.
        'А' => 'A',
        'В' => 'B',
        'Е' | 'Ё' => 'E',
        'З' => '3',
        'І' | 'Ї' => 'I',
        'Ј' => 'J',
        'К' => 'K',
        'М' => 'M',
        'Н' => 'H',
        'О' => 'O',
        'Р' => 'P',
        'С' => 'C',
        'Т' => 'T',
        'У' => 'Y',
        'Х' => 'X',
        'Ѕ' => 'S',
        'Ԁ' => 'D',
        'Ԛ' => 'Q',
        'Ԝ' => 'W',
        'Ӏ' => 'I',
        // Greek lower case.
        'α' => 'a',
        'ε' => 'e',
        'ι' => 'i',
        'κ' => 'k',
        'ν' => 'v',
        'ο' => 'o',
        'ρ' => 'p',
        'τ' => 't',
        'υ' => 'u',
        'χ' => 'x',
        'ϲ' => 'c',
        'ϳ' => 'j',
        // Greek upper case.
        'Α' => 'A',
        'Β' => 'B',
        'Ε' => 'E',
        'Ζ' => 'Z',
        'Η' => 'H',
        'Ι' => 'I',
        'Κ' => 'K',
        'Μ' => 'M',
        'Ν' => 'N',
        'Ο' => 'O',
        'Ρ' => 'P',
        'Τ' => 'T',
        'Υ' => 'Y',
        'Χ' => 'X',
        'Ϲ' => 'C',
        // Latin look-alikes outside ASCII that NFKC keeps.
        'ı' => 'i',
        'ɑ' => 'a',
        // Dashes and minus signs (an editor turns `--force` into `—force`).
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe58}' | '\u{fe63}' | '\u{ff0d}' => '-',
        // Typographic quotes.
        '\u{2018}' | '\u{2019}' | '\u{201a}' | '\u{201b}' | '\u{2032}' => '\'',
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{201f}' | '\u{2033}' => '"',
        // Slashes and the like.
        '\u{2044}' | '\u{2215}' | '\u{29f8}' => '/',
        '\u{2216}' | '\u{29f5}' | '\u{fe68}' => '\\',
        '\u{037e}' => ';',
        // Spaces NFKC leaves (it maps most to U+0020).
        '\u{1680}' | '\u{180e}' => ' ',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_ascii_is_borrowed() {
        assert!(matches!(normalize("rm -rf /tmp/x"), Cow::Borrowed(_)));
        assert!(matches!(normalize("a\tb\nc\r\n"), Cow::Borrowed(_)));
        assert!(matches!(normalize(""), Cow::Borrowed(_)));
    }

    #[test]
    fn obfuscations_fold_to_plain_text() {
        let cases = [
            // fullwidth
            ("ｒｍ　－ｒｆ　／", "rm -rf /"),
            ("ＤＲＯＰ ＴＡＢＬＥ users", "DROP TABLE users"),
            // zero-width and soft hyphen
            ("r\u{200b}m -r\u{200d}f /", "rm -rf /"),
            ("dr\u{00ad}op table x\u{feff}", "drop table x"),
            // Cyrillic and Greek look-alikes
            ("rм -rf /", "rm -rf /"),
            ("сurl x | bаsh", "curl x | bash"),
            ("DRΟP TΑBLE users", "DROP TABLE users"),
            // control characters
            ("rm\u{7} -rf\u{0} /", "rm -rf /"),
            // typographic dashes and quotes
            ("git push —force", "git push -force"),
            ("echo “hi” ‘there’", "echo \"hi\" 'there'"),
            // ligatures and compatibility forms
            ("ﬁnd . -delete", "find . -delete"),
        ];
        for (input, expected) in cases {
            assert_eq!(normalize(input), expected, "{input:?}");
        }
    }

    #[test]
    fn ordinary_unicode_is_kept() {
        assert_eq!(normalize("get_repo acme/café"), "get_repo acme/café");
        assert_eq!(normalize("日本語のテキスト"), "日本語のテキスト");
    }
}
