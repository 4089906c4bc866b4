//! The bytes of a piece of code that stand outside its strings, each with its bracket depth.
//!
//! Recognizers read code as text: an argument ends at a `,`, a path joins at a `/`, a pipeline
//! splits at a `|`, but only where that byte stands outside a string and outside any bracket
//! the piece opened. Which bytes open a string and how brackets nest is decided here once;
//! what a byte means at a given depth (a separator, the end of a statement, the close of a
//! call) stays with each caller, whose languages differ.

/// How strings are written in the code being scanned: the bytes that open one (the same
/// byte closes it) and whether a backslash inside one escapes the byte after it.
#[derive(Clone, Copy)]
pub struct Strings {
    pub quotes: &'static [u8],
    pub escapes: bool,
}

/// `'` and `"`, a backslash read as any other byte.
pub const QUOTES: Strings = Strings {
    quotes: b"'\"",
    escapes: false,
};

/// `'`, `"` and JavaScript's or the shell's `` ` ``, a backslash read as any other byte.
pub const QUOTES_BACKTICK: Strings = Strings {
    quotes: b"'\"`",
    escapes: false,
};

/// `'`, `"` and `` ` ``, a backslash escaping the byte after it (`"a\"b"` is one string).
pub const QUOTES_BACKTICK_ESCAPED: Strings = Strings {
    quotes: b"'\"`",
    escapes: true,
};

/// Each byte of `text` outside strings as `(index, byte, depth)`: the depth is the number of
/// `(`, `[` and `{` open before the byte, less the `)`, `]` and `}` (it goes below zero past
/// a closer the text did not open, which callers read as the end of the enclosing
/// expression). The quotes that open and close a string, and everything between them, are
/// not yielded.
pub fn outside_strings(text: &str, strings: Strings) -> OutsideStrings<'_> {
    OutsideStrings {
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
        quote: None,
        strings,
    }
}

/// The iterator [`outside_strings`] returns.
pub struct OutsideStrings<'t> {
    bytes: &'t [u8],
    at: usize,
    depth: i32,
    quote: Option<u8>,
    strings: Strings,
}

impl Iterator for OutsideStrings<'_> {
    type Item = (usize, u8, i32);

    #[inline]
    fn next(&mut self) -> Option<(usize, u8, i32)> {
        while let Some(&c) = self.bytes.get(self.at) {
            let i = self.at;
            self.at += 1;
            if let Some(q) = self.quote {
                if c == b'\\' && self.strings.escapes {
                    self.at += 1;
                } else if c == q {
                    self.quote = None;
                }
                continue;
            }
            if self.strings.quotes.contains(&c) {
                self.quote = Some(c);
                continue;
            }
            let depth = self.depth;
            match c {
                b'(' | b'[' | b'{' => self.depth += 1,
                b')' | b']' | b'}' => self.depth -= 1,
                _ => {}
            }
            return Some((i, c, depth));
        }
        None
    }
}
