//! Glob patterns over operation names (`force_*`, `*_permanently`, `delete_all*`), and the
//! canonical form names are matched in.
//!
//! Two choices make name patterns hard to evade:
//!
//! - Names are matched in a canonical snake_case form ([`canonical_name`]): `DropTable`,
//!   `drop-table`, `DROP_TABLE` and `drop table` are all `drop_table`, so an adapter cannot slip
//!   past `drop_*` by spelling its tool differently. Danger patterns are also matched in a
//!   name's plain form ([`plain_spelling`]: lower case, not split at case changes), because the
//!   canonical form of a random mixed-case name (`DrOp_TaBlE` -> `dr_op_ta_bl_e`) no longer
//!   holds its words; the highest level matched in either spelling applies.
//! - Patterns are compiled once into the cheapest matcher that fits their shape (exact, prefix,
//!   suffix, infix, prefix and suffix); only patterns with several wildcards use the general
//!   matcher, which is linear-time backtracking with no recursion, so no pattern and no name can
//!   make matching slow or deep.

use std::borrow::Cow;
use std::fmt;

/// The longest pattern accepted, in bytes. Longer ones are configuration mistakes or attacks.
pub const MAX_PATTERN_LEN: usize = 256;

/// A compiled glob: `*` matches any run of characters (including none), `?` exactly one.
#[derive(Clone, PartialEq, Eq)]
pub struct Glob {
    source: String,
    matcher: Matcher,
}

#[derive(Clone, PartialEq, Eq, Debug)]
enum Matcher {
    Exact(String),
    Prefix(String),
    Suffix(String),
    Infix(String),
    PrefixSuffix(String, String),
    /// Anything else: the pattern's characters, with `*` and `?` kept as wildcards.
    General(Vec<char>),
    Any,
}

/// A pattern that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GlobError {
    /// The pattern is empty or only whitespace.
    #[error("empty pattern: write a name or a glob such as 'drop_*'")]
    Empty,
    /// The pattern is longer than [`MAX_PATTERN_LEN`].
    #[error("pattern of {len} bytes is longer than the {MAX_PATTERN_LEN}-byte limit")]
    TooLong {
        /// The pattern's length in bytes.
        len: usize,
    },
}

impl Glob {
    /// Compiles a pattern. The pattern is put in canonical form like the names it matches, so
    /// `Drop*` and `drop_*` behave as written.
    pub fn new(pattern: &str) -> Result<Self, GlobError> {
        let trimmed = pattern.trim();
        if trimmed.is_empty() {
            return Err(GlobError::Empty);
        }
        if trimmed.len() > MAX_PATTERN_LEN {
            return Err(GlobError::TooLong { len: trimmed.len() });
        }
        let canonical = canonical_name(trimmed).into_owned();
        let matcher = compile(&canonical);
        Ok(Self {
            source: trimmed.to_owned(),
            matcher,
        })
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether a name already in canonical form (see [`canonical_name`]) matches.
    pub fn matches_canonical(&self, name: &str) -> bool {
        match &self.matcher {
            Matcher::Exact(s) => name == s,
            Matcher::Prefix(p) => literal_at(name.as_bytes(), 0, p.as_bytes()),
            Matcher::Suffix(s) => literal_before(name.as_bytes(), name.len(), s.as_bytes()),
            Matcher::Infix(s) => name.contains(s.as_str()),
            Matcher::PrefixSuffix(p, s) => {
                name.len() >= p.len() + s.len()
                    && name.starts_with(p.as_str())
                    && name.ends_with(s.as_str())
            }
            Matcher::General(pattern) => wildcard_match(pattern, name),
            Matcher::Any => true,
        }
    }

    /// Whether a name in any spelling matches.
    pub fn matches(&self, name: &str) -> bool {
        self.matches_canonical(&canonical_name(name))
    }

    /// Whether some run of whole words of a canonical name matches: `delete_all*` matches
    /// `force_delete_all`, `*_production` matches `deploy_production_db`, `drop_*` does not
    /// match `airdrop_x`. This is how danger patterns match (danger-levels 5.1 counts
    /// `force_delete_all` as matching `delete_all*`), so a dangerous word cannot be hidden
    /// behind a harmless prefix.
    pub fn matches_words(&self, name: &str) -> bool {
        self.matches_words_in(&Words::new(name))
    }

    /// [`Glob::matches_words`] over word boundaries computed once, for matching many patterns
    /// against one name.
    pub fn matches_words_in(&self, words: &Words<'_>) -> bool {
        let name = words.name;
        let bytes = name.as_bytes();
        match &self.matcher {
            Matcher::Exact(s) => {
                let s = s.as_bytes();
                words.any_start(|i| literal_at(bytes, i, s) && words.is_end(i + s.len()))
            }
            Matcher::Prefix(p) => words.any_start(|i| literal_at(bytes, i, p.as_bytes())),
            Matcher::Suffix(s) => words.any_end(|j| literal_before(bytes, j, s.as_bytes())),
            Matcher::Infix(s) => name.contains(s.as_str()),
            Matcher::PrefixSuffix(p, s) => {
                // The earliest word start with the prefix and the latest word end with the
                // suffix: if those two do not fit around the star, no other pair does.
                let (p, s) = (p.as_bytes(), s.as_bytes());
                let mut first = None;
                words.any_start(|i| {
                    let hit = literal_at(bytes, i, p);
                    if hit {
                        first = Some(i);
                    }
                    hit
                });
                let mut last = None;
                words.any_end(|j| {
                    if literal_before(bytes, j, s) {
                        last = Some(j);
                    }
                    false
                });
                matches!((first, last), (Some(i), Some(j)) if j >= i + p.len() + s.len())
            }
            Matcher::General(pattern) => words_match(pattern, name),
            Matcher::Any => true,
        }
    }
}

impl Glob {
    /// The byte a match must have at a word start, and the byte it must have just before a word
    /// end, when the pattern's shape fixes them. A pattern set uses them to skip patterns that
    /// cannot match a name without trying them.
    pub fn anchor_bytes(&self) -> (Option<u8>, Option<u8>) {
        let first = |s: &str| s.as_bytes().first().copied();
        let last = |s: &str| s.as_bytes().last().copied();
        match &self.matcher {
            Matcher::Exact(s) => (first(s), last(s)),
            Matcher::Prefix(p) => (first(p), None),
            Matcher::Suffix(s) => (None, last(s)),
            Matcher::PrefixSuffix(p, s) => (first(p), last(s)),
            Matcher::Infix(_) | Matcher::General(_) | Matcher::Any => (None, None),
        }
    }
}

/// A set of bytes, as a 256-bit mask.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ByteSet([u64; 4]);

impl ByteSet {
    /// Adds a byte.
    #[inline]
    pub fn insert(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] |= 1 << (b & 63);
    }

    /// Whether the byte is in the set.
    #[inline]
    pub fn contains(&self, b: u8) -> bool {
        self.0[usize::from(b >> 6)] & (1 << (b & 63)) != 0
    }
}

/// Whether `lit` occurs in `bytes` at `i`. The first byte is compared before the rest: most
/// candidates fail there, without a call to `memcmp`.
#[inline]
fn literal_at(bytes: &[u8], i: usize, lit: &[u8]) -> bool {
    let end = i + lit.len();
    end <= bytes.len() && lit.first().is_none_or(|&c| bytes[i] == c) && bytes[i..end] == *lit
}

/// Whether `lit` occurs in `bytes` ending at `j`; the last byte first.
#[inline]
fn literal_before(bytes: &[u8], j: usize, lit: &[u8]) -> bool {
    j >= lit.len()
        && j <= bytes.len()
        && lit.last().is_none_or(|&c| bytes[j - 1] == c)
        && bytes[j - lit.len()..j] == *lit
}

/// The word boundaries (underscores) of a canonical name, found once and reused by every
/// pattern matched against it. Up to [`Words::INLINE`] boundaries are kept on the stack; a name
/// with more keeps them on the heap.
pub struct Words<'a> {
    name: &'a str,
    inline: [u32; Words::INLINE],
    len: usize,
    heap: Vec<u32>,
}

impl<'a> Words<'a> {
    /// How many boundaries are kept inline.
    pub const INLINE: usize = 24;

    /// Finds the boundaries of a canonical name.
    pub fn new(name: &'a str) -> Self {
        let mut w = Words {
            name,
            inline: [0; Self::INLINE],
            len: 0,
            heap: Vec::new(),
        };
        for (i, b) in name.bytes().enumerate() {
            if b == b'_' {
                // Names are bounded far below 4 GiB by every caller; saturate rather than wrap.
                let i = u32::try_from(i).unwrap_or(u32::MAX);
                if w.len < Self::INLINE {
                    w.inline[w.len] = i;
                } else {
                    if w.heap.is_empty() {
                        w.heap.extend_from_slice(&w.inline);
                    }
                    w.heap.push(i);
                }
                w.len += 1;
            }
        }
        w
    }

    /// The name.
    pub fn name(&self) -> &'a str {
        self.name
    }

    fn separators(&self) -> &[u32] {
        if self.heap.is_empty() {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }

    /// Whether `f` holds at some word start: 0 and after every underscore.
    #[inline]
    fn any_start(&self, mut f: impl FnMut(usize) -> bool) -> bool {
        f(0) || self.separators().iter().any(|&s| f(s as usize + 1))
    }

    /// Whether `f` holds at some word end: at every underscore and at the end.
    #[inline]
    fn any_end(&self, mut f: impl FnMut(usize) -> bool) -> bool {
        self.separators().iter().any(|&s| f(s as usize)) || f(self.name.len())
    }

    fn is_end(&self, k: usize) -> bool {
        k == self.name.len() || self.name.as_bytes().get(k) == Some(&b'_')
    }

    /// The bytes found at word starts, and the bytes found just before word ends.
    pub fn anchor_bytes(&self) -> (ByteSet, ByteSet) {
        let bytes = self.name.as_bytes();
        let (mut starts, mut ends) = (ByteSet::default(), ByteSet::default());
        self.any_start(|i| {
            if let Some(&b) = bytes.get(i) {
                starts.insert(b);
            }
            false
        });
        self.any_end(|j| {
            if let Some(&b) = j.checked_sub(1).and_then(|k| bytes.get(k)) {
                ends.insert(b);
            }
            false
        });
        (starts, ends)
    }
}

impl fmt::Debug for Glob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Glob({:?})", self.source)
    }
}

fn compile(p: &str) -> Matcher {
    let stars = p.matches('*').count();
    if p.contains('?') {
        return Matcher::General(p.chars().collect());
    }
    let literal = |s: &str| s.to_owned();
    match stars {
        0 => Matcher::Exact(literal(p)),
        _ if p.chars().all(|c| c == '*') => Matcher::Any,
        1 if p.ends_with('*') => Matcher::Prefix(literal(&p[..p.len() - 1])),
        1 if p.starts_with('*') => Matcher::Suffix(literal(&p[1..])),
        1 => {
            let (a, b) = p.split_once('*').unwrap_or((p, ""));
            Matcher::PrefixSuffix(literal(a), literal(b))
        }
        2 if p.starts_with('*') && p.ends_with('*') && p.len() > 2 => {
            Matcher::Infix(literal(&p[1..p.len() - 1]))
        }
        _ => Matcher::General(p.chars().collect()),
    }
}

/// Whether `pattern` matches some run of whole words of the canonical `name` (from a word start
/// to a word end), in one pass over the name: every word start begins a match attempt, every word
/// end checks for a complete one, and all attempts advance together as a set of pattern
/// positions. O(name x pattern) whatever the number of words and stars: trying every start
/// against every end separately took seconds for a crafted name of a few thousand words.
fn words_match(pattern: &[char], name: &str) -> bool {
    let m = pattern.len();
    let bytes = name.as_bytes();
    let is_start = |b: usize| b == 0 || bytes.get(b - 1) == Some(&b'_');
    let is_end = |b: usize| b == name.len() || bytes.get(b) == Some(&b'_');
    // A star also matches nothing: whoever reached it has reached what follows it too.
    let close = |set: &mut [bool]| {
        for k in 0..m {
            if set[k] && pattern[k] == '*' {
                set[k + 1] = true;
            }
        }
    };
    // active[k]: some attempt has matched pattern[..k].
    let mut active = vec![false; m + 1];
    let mut next = vec![false; m + 1];
    let start_here = |active: &mut [bool], b: usize| -> bool {
        if is_start(b) {
            active[0] = true;
            close(active);
        }
        active[m] && is_end(b)
    };
    for (b, c) in name.char_indices() {
        if start_here(&mut active, b) {
            return true;
        }
        next.fill(false);
        for k in 0..m {
            if !active[k] {
                continue;
            }
            match pattern[k] {
                '*' => next[k] = true,
                '?' => next[k + 1] = true,
                p if p == c => next[k + 1] = true,
                _ => {}
            }
        }
        close(&mut next);
        std::mem::swap(&mut active, &mut next);
        if active[m] && is_end(b + c.len_utf8()) {
            return true;
        }
    }
    start_here(&mut active, name.len())
}

/// Iterative glob matching with single-star backtracking: O(pattern x name) worst case, no
/// recursion.
fn wildcard_match(pattern: &[char], name: &str) -> bool {
    let text: Vec<char> = name.chars().collect();
    let (mut p, mut t) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((sp, st)) => {
                    p = sp + 1;
                    t = st + 1;
                    star = Some((sp, st + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

/// The canonical form of an operation name: lower case, words joined by single underscores.
///
/// camelCase and PascalCase boundaries become underscores (`deleteAll` -> `delete_all`,
/// `HTTPRequest` -> `http_request`); `-`, `.`, `/`, `:` and whitespace become underscores; runs
/// of separators collapse to one. Names already in canonical form are returned without
/// allocating. Wildcards (`*`, `?`) are kept, so patterns use the same form.
pub fn canonical_name(name: &str) -> Cow<'_, str> {
    if is_canonical(name) {
        return Cow::Borrowed(name);
    }
    Cow::Owned(normalize(name, true))
}

/// The plain form of an operation name: [`canonical_name`] without the word boundaries at case
/// changes (`WiPe_DaTa` -> `wipe_data`, `DropTable` -> `droptable`, `drop-table` ->
/// `drop_table`). Names already in canonical form are returned without allocating.
pub fn plain_name(name: &str) -> Cow<'_, str> {
    if is_canonical(name) {
        return Cow::Borrowed(name);
    }
    Cow::Owned(normalize(name, false))
}

/// The second spelling danger patterns are matched in, when a name has one: its
/// [`plain_name`], if that differs from its `canonical` form (which must be
/// `canonical_name(name)`).
///
/// The canonical form splits words at every lower-to-upper case change, which is right for
/// camelCase (`deleteAllUsers` -> `delete_all_users`) but splits a random mixed-case name
/// inside its words (`WiPe_DaTa` -> `wi_pe_da_ta`), where `wipe_*` no longer matches: an agent
/// could spell a forbidden operation that way. So a name is classified at the highest level
/// matched in either spelling (danger-levels 5.1: the highest danger applies). Only a name with
/// an ASCII capital after a letter or digit has a second spelling; for any other the answer is
/// `None` after one scan of its bytes, without allocating.
pub fn plain_spelling(name: &str, canonical: &str) -> Option<String> {
    let bytes = name.as_bytes();
    let splits = bytes
        .windows(2)
        .any(|w| w[1].is_ascii_uppercase() && w[0].is_ascii_alphanumeric());
    if !splits {
        return None;
    }
    let plain = normalize(name, false);
    (plain != canonical).then_some(plain)
}

/// [`canonical_name`] (`split_case`) or [`plain_name`], allocating.
fn normalize(name: &str, split_case: bool) -> String {
    let chars: Vec<char> = name.trim().chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if is_separator(c) {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            continue;
        }
        if c.is_uppercase() {
            // Word boundaries are found on ASCII letters only: Unicode case mappings are not
            // all reversible, and a boundary rule over them would not be idempotent.
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1).copied();
            let boundary = split_case
                && c.is_ascii_uppercase()
                && match prev {
                    Some(p) if p.is_ascii_lowercase() || p.is_ascii_digit() => true,
                    Some(p) if p.is_ascii_uppercase() => {
                        next.is_some_and(|n| n.is_ascii_lowercase())
                    }
                    _ => false,
                };
            if boundary && !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    while out.ends_with('_') && name.trim_end().ends_with(is_separator) {
        out.pop();
    }
    out
}

fn is_separator(c: char) -> bool {
    c == '_' || c == '-' || c == '.' || c == '/' || c == ':' || c.is_whitespace()
}

fn is_canonical(name: &str) -> bool {
    /// Bytes allowed in a canonical name: a-z, 0-9, `_`, and the wildcards `*` and `?`.
    const ALLOWED: [bool; 256] = {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            t[b] =
                c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_' || c == b'*' || c == b'?';
            b += 1;
        }
        t
    };
    let bytes = name.as_bytes();
    if bytes.first().is_none_or(|&b| b == b'_') || bytes.last() == Some(&b'_') {
        return false;
    }
    let mut previous_underscore = false;
    for &b in bytes {
        let underscore = b == b'_';
        if !ALLOWED[usize::from(b)] || (underscore && previous_underscore) {
            return false;
        }
        previous_underscore = underscore;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn glob(p: &str) -> Glob {
        Glob::new(p).expect("valid pattern")
    }

    #[test]
    fn the_spec_patterns_match_their_examples() {
        let cases = [
            ("force_*", "force_push", true),
            ("force_*", "force_delete", true),
            ("force_*", "enforce_policy", false),
            ("*_permanently", "remove_permanently", true),
            ("bulk_delete*", "bulk_delete_users", true),
            ("bulk_delete*", "bulk_delete", true),
            ("*_without_backup", "delete_without_backup", true),
            ("drop_*", "drop_table", true),
            ("drop_*", "dropbox_sync", false),
            ("delete_all*", "delete_all_users", true),
            ("delete_all*", "delete_allocation", true),
            ("*_production", "deploy_production", true),
            ("introspect*", "introspect", true),
        ];
        for (pattern, name, expected) in cases {
            assert_eq!(glob(pattern).matches(name), expected, "{pattern} vs {name}");
        }
    }

    #[test]
    fn spelling_does_not_evade_a_pattern() {
        let drop = glob("drop_*");
        for name in [
            "DropTable",
            "drop-table",
            "DROP_TABLE",
            "drop table",
            "drop.table",
            "drop__table",
        ] {
            assert!(drop.matches(name), "{name}");
        }
        assert!(glob("delete_all*").matches("deleteAllUsers"));
        assert!(glob("*_production").matches("DeployProduction"));
    }

    #[test]
    fn canonical_names() {
        let cases = [
            ("get_user", "get_user"),
            ("getUser", "get_user"),
            ("HTTPRequest", "http_request"),
            ("  Force-Push  ", "force_push"),
            ("a::b/c", "a_b_c"),
            ("v2Deploy", "v2_deploy"),
            ("_private", "private"),
        ];
        for (input, expected) in cases {
            assert_eq!(canonical_name(input), expected, "{input}");
        }
        assert!(matches!(canonical_name("drop_table"), Cow::Borrowed(_)));
    }

    #[test]
    fn plain_spellings() {
        let cases = [
            ("WiPe_DaTa", Some("wipe_data")),
            ("DrOp_TaBlE", Some("drop_table")),
            ("dRoP_tAbLe", Some("drop_table")),
            ("DropTable", Some("droptable")),
            ("deleteAllUsers", Some("deleteallusers")),
            ("v2Deploy", Some("v2deploy")),
            ("  Force-Push  ", None),
            ("DROP_TABLE", None),
            ("drop-table", None),
            ("drop_table", None),
            ("Drop_Table", None),
            ("HTTP", None),
        ];
        for (input, expected) in cases {
            let canonical = canonical_name(input);
            assert_eq!(
                plain_spelling(input, &canonical).as_deref(),
                expected,
                "{input}"
            );
        }
        assert_eq!(
            plain_name("FOrCE_dElEte_ALl ReCordS"),
            "force_delete_all_records"
        );
        assert!(matches!(plain_name("drop_table"), Cow::Borrowed(_)));
    }

    #[test]
    fn general_patterns_with_several_wildcards() {
        assert!(glob("*delete*all*").matches("soft_delete_of_all_rows"));
        assert!(!glob("*delete*all*").matches("delete_one"));
        assert!(glob("rm_?f").matches("rm_rf"));
        assert!(!glob("rm_?f").matches("rm_f"));
        assert!(glob("*").matches("anything"));
        assert!(glob("**").matches(""));
        assert!(glob("a*b*c").matches("abc"));
        assert!(!glob("a*b*c").matches("acb"));
    }

    #[test]
    fn bad_patterns_are_errors() {
        assert_eq!(Glob::new("  "), Err(GlobError::Empty));
        assert!(matches!(
            Glob::new(&"x".repeat(300)),
            Err(GlobError::TooLong { len: 300 })
        ));
    }

    /// A reference matcher: straightforward recursion, fine for the short strings of the test.
    fn reference(p: &[char], t: &[char]) -> bool {
        match (p.first(), t.first()) {
            (None, None) => true,
            (Some('*'), _) => reference(&p[1..], t) || (!t.is_empty() && reference(p, &t[1..])),
            (Some('?'), Some(_)) => reference(&p[1..], &t[1..]),
            (Some(a), Some(b)) if a == b => reference(&p[1..], &t[1..]),
            _ => false,
        }
    }

    #[test]
    fn word_matching_finds_dangerous_words_anywhere() {
        assert!(glob("delete_all*").matches_words("force_delete_all"));
        assert!(glob("*_production").matches_words("deploy_production_db"));
        assert!(glob("drop_*").matches_words("safe_drop_table"));
        assert!(!glob("drop_*").matches_words("airdrop_table"));
        assert!(!glob("*_production").matches_words("deploy_productions"));
        assert!(glob("truncate").matches_words("do_truncate_now"));
        assert!(!glob("truncate").matches_words("do_truncated"));
        assert!(glob("a*b").matches_words("x_a_b_y"));
        assert!(glob("a*b").matches_words("x_ab"));
        assert!(!glob("a*b").matches_words("xa_b"));
    }

    #[test]
    fn names_with_more_words_than_kept_inline_still_match() {
        let long = format!("{}drop_table", "x_".repeat(Words::INLINE + 5));
        assert!(glob("drop_*").matches_words(&long));
        assert!(glob("*_table").matches_words(&long));
        assert!(glob("x_drop").matches_words(&long));
        assert!(!glob("drop_x").matches_words(&long));
    }

    #[test]
    fn a_crafted_name_of_thousands_of_words_is_matched_in_one_pass() {
        // Hostile input, not a benchmark: every start against every end took 20 s here.
        let name = "a_".repeat(4000);
        let started = std::time::Instant::now();
        for p in ["*a*a*a*a*a*b", "a*a*a*a*a*a*a*a*a*a*b", "a?a*b"] {
            assert!(!glob(p).matches_words(&name), "{p}");
        }
        assert!(glob("a*a*a").matches_words(&name));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
    }

    /// Word-aligned windows of a name, tested with the reference matcher.
    fn reference_words(p: &[char], t: &str) -> bool {
        let chars: Vec<char> = t.chars().collect();
        let starts: Vec<usize> = std::iter::once(0)
            .chain(
                chars
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| **c == '_')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        let ends: Vec<usize> = chars
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == '_')
            .map(|(i, _)| i)
            .chain(std::iter::once(chars.len()))
            .collect();
        starts
            .iter()
            .any(|&i| ends.iter().any(|&j| j >= i && reference(p, &chars[i..j])))
    }

    proptest! {
        #[test]
        fn word_matching_agrees_with_the_reference(
            p in "[ab_*?]{1,8}",
            t in "[ab_]{0,60}",
        ) {
            let g = glob(&p);
            let canon_p: Vec<char> = canonical_name(&p).chars().collect();
            let canon_t = canonical_name(&t).into_owned();
            prop_assert_eq!(g.matches_words(&canon_t), reference_words(&canon_p, &canon_t));
        }

        #[test]
        fn compiled_matchers_agree_with_the_reference(
            p in "[ab_*?]{1,8}",
            t in "[ab_]{0,10}",
        ) {
            let g = glob(&p);
            let canon_p: Vec<char> = canonical_name(&p).chars().collect();
            let canon_t = canonical_name(&t).into_owned();
            let t_chars: Vec<char> = canon_t.chars().collect();
            prop_assert_eq!(g.matches_canonical(&canon_t), reference(&canon_p, &t_chars));
        }

        #[test]
        fn canonical_form_is_a_fixed_point(name in "\\PC{0,40}") {
            let once = canonical_name(&name).into_owned();
            prop_assert_eq!(canonical_name(&once).into_owned(), once.clone());
        }

        #[test]
        fn the_plain_form_is_the_canonical_form_of_the_lower_case_name(
            name in "[a-zA-Z0-9_ .:/-]{0,24}",
        ) {
            let lower = name.to_ascii_lowercase();
            prop_assert_eq!(plain_name(&name), canonical_name(&lower));
            let canonical = canonical_name(&name);
            match plain_spelling(&name, &canonical) {
                Some(plain) => prop_assert_ne!(&plain, &canonical),
                None => prop_assert_eq!(canonical_name(&lower), canonical),
            }
        }

        #[test]
        fn arbitrary_input_never_panics(p in "\\PC{0,300}", t in "\\PC{0,300}") {
            if let Ok(g) = Glob::new(&p) {
                let _ = g.matches(&t);
            }
        }
    }
}
