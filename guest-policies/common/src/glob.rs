//! Globs: `*` matches any run of characters (including none, including spaces), `?` exactly
//! one character; every other character stands for itself. There is no escape: a pattern cannot
//! match a literal `*` or `?` other than through a wildcard.
//!
//! Patterns and texts are compared in [normalized](crate::text::normalize) form (lower case,
//! whitespace runs collapsed), so `RM -RF*` and `rm  -rf*` are the same pattern, and both match
//! `Rm  -Rf /tmp`.
//!
//! Three ways to match:
//!
//! - [`Glob::matches_whole`]: the pattern must match the whole text.
//! - [`Glob::matches_in`]: the pattern must match the whole text, or some part of it that does not
//!   cut through a word (a word is a run of letters, digits and `_`). `git push*` matches
//!   `then git push --force`, `drop_*` matches `call drop_table now`, but `drop_*` does not match
//!   `airdrop_tokens` (it would start inside a word), and `prod` does not match `product`.
//! - [`Glob::matches_name_words`]: over a canonical operation name (see
//!   [`canonical_name`](crate::danger::canonical_name)), the pattern must match a run of whole
//!   `_`-separated words: `delete_all*` matches `force_delete_all`, `*_production` matches
//!   `deploy_production_db`, `drop_*` does not match `airdrop_x`. This is how airlock's core
//!   matches danger name patterns.
//!
//! Matching simulates the pattern as a small automaton over the text: O(text x pattern) time in the
//! worst case, no backtracking and no recursion, so no pattern can make matching slow. A cheap
//! pre-check (every literal run of the pattern must occur in the text) rejects most texts first.

use std::fmt;

use crate::text::{is_word_char, normalize, normalize_into};

/// The longest pattern accepted, in bytes. Longer ones are configuration mistakes or attacks.
pub const MAX_PATTERN_BYTES: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Lit(char),
    One,
    Star,
}

/// A compiled glob.
#[derive(Clone)]
pub struct Glob {
    source: String,
    /// The normalized pattern.
    norm: String,
    toks: Vec<Tok>,
    /// For patterns of fewer than 64 tokens: bit k is set when token k is a `*`.
    stars: u64,
    /// Likewise for `?`.
    ones: u64,
    /// The literal runs between wildcards (byte ranges of `norm`): each must occur in a text the
    /// glob matches.
    literals: Vec<(u32, u32)>,
    /// The [`pair`] of every two adjacent bytes inside a literal run: each must be in a text's
    /// [`Pairs`] for the glob to match it (a test of four words that rejects most texts before
    /// any substring search).
    pairs: Pairs,
    /// Whether the pattern has no `?` (every built-in command pattern): such a glob is a chain of
    /// literal runs joined by stars, matched by finding the runs in order ([`Glob::chain`])
    /// instead of running the automaton.
    stars_only: bool,
    /// Whether the pattern starts with a literal run (a match starts where that run does).
    anchored_start: bool,
    /// Whether the pattern ends with a literal run (a match ends where that run does).
    anchored_end: bool,
}

/// A 256-bit set of the adjacent byte pairs of a text (hashed with [`pair`]). Small enough to
/// clear, fill and compare in a few instructions for every hint and every operation-like word
/// (a larger set rejected slightly more texts but cost more to build than it saved); a text
/// longer than a hundred bytes or so sets most bits, and is then simply searched.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Pairs([u64; 4]);

/// The bit of two adjacent bytes in [`Pairs`]: a multiplicative hash, which spreads the pairs of
/// letters, digits and punctuation over the whole set.
fn pair(a: u8, b: u8) -> u8 {
    let [top, ..] = ((u32::from(a) << 8) | u32::from(b))
        .wrapping_mul(0x9e37_79b1)
        .to_be_bytes();
    top
}

impl Pairs {
    /// The pairs of `text`.
    pub(crate) fn of(text: &str) -> Self {
        let mut set = Self::default();
        for w in text.as_bytes().windows(2) {
            set.add(pair(w[0], w[1]));
        }
        set
    }

    fn add(&mut self, p: u8) {
        self.0[usize::from(p >> 6)] |= 1 << (p & 63);
    }

    /// Whether every pair of `other` is in this set.
    #[inline]
    fn holds(&self, other: &Pairs) -> bool {
        let missing = |k: usize| other.0[k] & !self.0[k];
        missing(0) | missing(1) | missing(2) | missing(3) == 0
    }
}

/// Why a pattern cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GlobError {
    /// Empty, or only whitespace.
    Empty,
    /// Longer than [`MAX_PATTERN_BYTES`].
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
}

impl fmt::Display for GlobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GlobError::Empty => write!(f, "the pattern is empty: write a glob such as \"drop_*\""),
            GlobError::TooLong { len } => write!(
                f,
                "the pattern is {len} bytes long; patterns are limited to {MAX_PATTERN_BYTES} bytes"
            ),
        }
    }
}

impl std::error::Error for GlobError {}

impl Glob {
    /// Compiles a pattern.
    pub fn new(pattern: &str) -> Result<Self, GlobError> {
        if pattern.len() > MAX_PATTERN_BYTES {
            return Err(GlobError::TooLong { len: pattern.len() });
        }
        let norm = normalize(pattern);
        if norm.is_empty() {
            return Err(GlobError::Empty);
        }
        let mut toks = Vec::with_capacity(norm.len());
        for c in norm.chars() {
            let tok = match c {
                '*' => Tok::Star,
                '?' => Tok::One,
                c => Tok::Lit(c),
            };
            if !(tok == Tok::Star && toks.last() == Some(&Tok::Star)) {
                toks.push(tok);
            }
        }
        let mut literals = Vec::new();
        let mut start = 0;
        for (i, c) in norm.char_indices().chain([(norm.len(), '*')]) {
            if c == '*' || c == '?' {
                if i > start {
                    literals.push((start as u32, i as u32));
                }
                start = i + c.len_utf8();
            }
        }
        let mut pairs = Pairs::default();
        for &(a, b) in &literals {
            for w in norm.as_bytes()[a as usize..b as usize].windows(2) {
                pairs.add(pair(w[0], w[1]));
            }
        }
        let (mut stars, mut ones) = (0_u64, 0_u64);
        for (k, t) in toks.iter().enumerate().take(64) {
            match t {
                Tok::Star => stars |= 1 << k,
                Tok::One => ones |= 1 << k,
                Tok::Lit(_) => {}
            }
        }
        let stars_only = !toks.contains(&Tok::One);
        let anchored_start = !matches!(toks.first(), Some(Tok::Star));
        let anchored_end = !matches!(toks.last(), Some(Tok::Star));
        Ok(Self {
            source: pattern.to_owned(),
            norm,
            toks,
            stars,
            ones,
            literals,
            pairs,
            stars_only,
            anchored_start,
            anchored_end,
        })
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.source
    }

    /// Whether the pattern matches the whole of `text`.
    pub fn matches_whole(&self, text: &Text) -> bool {
        if !self.may_match_text(text) {
            return false;
        }
        let n = text.len();
        if text.chars.is_empty() {
            let b = text.norm.as_bytes();
            return self.run(n, |i| char::from(b[i]), |i| i == 0, |j| j == n);
        }
        let chars = &text.chars;
        self.run(n, |i| chars[i], |i| i == 0, |j| j == n)
    }

    /// Whether the pattern matches the whole of `text` or a part of it that does not cut through a
    /// word.
    #[inline(always)]
    pub fn matches_in(&self, text: &Text) -> bool {
        // Inlined, so that the test of the byte pairs, which rejects most texts, costs no call.
        if text.chars.is_empty() && !text.pairs.holds(&self.pairs) {
            return false;
        }
        self.matches_in_search(text)
    }

    /// [`matches_in`](Self::matches_in) past the test of an ASCII text's byte pairs.
    fn matches_in_search(&self, text: &Text) -> bool {
        // ASCII texts are matched over their bytes: a glob without `?` by finding its literal
        // runs in order, any other with the automaton specialized for bytes.
        if text.chars.is_empty() {
            let b = text.norm.as_bytes();
            let n = b.len();
            let word = |i: usize| b[i].is_ascii_alphanumeric() || b[i] == b'_';
            let cut_ok = |i: usize| i == 0 || i >= n || !(word(i - 1) && word(i));
            if self.stars_only {
                return self.chain(&text.norm, cut_ok, cut_ok);
            }
            if !self.may_match(&text.norm) {
                return false;
            }
            return self.run(n, |i| char::from(b[i]), cut_ok, cut_ok);
        }
        if !self.may_match_text(text) {
            return false;
        }
        let n = text.len();
        let chars = &text.chars;
        let cut_ok =
            |i: usize| i == 0 || i >= n || !(is_word_char(chars[i - 1]) && is_word_char(chars[i]));
        self.run(n, |i| chars[i], cut_ok, cut_ok)
    }

    /// Whether the pattern matches a run of whole `_`-separated words of a canonical operation
    /// name (lower case, words joined by single underscores).
    pub fn matches_name_words(&self, name: &str) -> bool {
        self.matches_name_words_with(name, &Pairs::of(name))
    }

    /// [`matches_name_words`](Self::matches_name_words), with the name's byte pairs computed
    /// once for every pattern matched against it: most names hold no pattern's pairs, and are
    /// rejected without a search.
    #[inline(always)]
    pub(crate) fn matches_name_words_with(&self, name: &str, pairs: &Pairs) -> bool {
        // Inlined, like `matches_in`'s: most names fail it.
        pairs.holds(&self.pairs) && self.matches_name_words_search(name)
    }

    /// [`matches_name_words_with`](Self::matches_name_words_with) past the test of the byte
    /// pairs.
    fn matches_name_words_search(&self, name: &str) -> bool {
        let b = name.as_bytes();
        let n = b.len();
        let starts_word = |i: usize| i == 0 || b[i - 1] == b'_';
        let ends_word = |j: usize| j == n || b[j] == b'_';
        if self.stars_only {
            // Every built-in danger pattern: its literal runs found in order, over the bytes
            // (a run of whole characters found in UTF-8 starts and ends at character
            // boundaries, and `_` is one byte, so bytes give the characters' answer).
            return self.chain(name, starts_word, ends_word);
        }
        if !self.may_match(name) {
            return false;
        }
        if name.is_ascii() {
            return self.run(n, |i: usize| char::from(b[i]), starts_word, ends_word);
        }
        let chars: Vec<char> = name.chars().collect();
        let n = chars.len();
        self.run(
            n,
            |i: usize| chars[i],
            |i| i == 0 || chars[i - 1] == '_',
            |j| j == n || chars[j] == '_',
        )
    }

    /// Whether a glob without `?` matches `text` (ASCII, or UTF-8 when the positions `start_ok`
    /// and `end_ok` judge are byte offsets): the same answer as the automaton, found directly.
    /// Such a glob is literal runs joined by stars, so it matches when its runs occur in order
    /// without overlapping, the first starting at a position `start_ok` accepts when the pattern
    /// starts with it, the last ending at one `end_ok` accepts when the pattern ends with it.
    /// Taking the leftmost acceptable occurrence of each run is never worse than a later one (it
    /// leaves the most text to the runs after it), so one forward pass decides.
    fn chain(
        &self,
        text: &str,
        start_ok: impl Fn(usize) -> bool,
        end_ok: impl Fn(usize) -> bool,
    ) -> bool {
        let count = self.literals.len();
        let mut pos = 0;
        for (k, &(a, b)) in self.literals.iter().enumerate() {
            let lit = &self.norm[a as usize..b as usize];
            let at_start = k == 0 && self.anchored_start;
            let at_end = k + 1 == count && self.anchored_end;
            let mut from = pos;
            loop {
                let Some(p) = find(text, lit, from) else {
                    return false;
                };
                let end = p + lit.len();
                if (!at_start || start_ok(p)) && (!at_end || end_ok(end)) {
                    pos = end;
                    break;
                }
                from = p + 1;
            }
        }
        // No literal run at all: the pattern is `*`, which matches anything.
        true
    }

    /// [`may_match`](Self::may_match), after the test of the text's byte pairs.
    fn may_match_text(&self, text: &Text) -> bool {
        text.pairs.holds(&self.pairs) && self.may_match(&text.norm)
    }

    fn may_match(&self, text: &str) -> bool {
        self.literals
            .iter()
            .all(|&(a, b)| contains(text, &self.norm[a as usize..b as usize]))
    }

    /// Runs the pattern's automaton over a text of `n` characters (`at(i)` is the i-th): a match
    /// may start at any position `start_ok` accepts and must end at a position `end_ok` accepts.
    fn run(
        &self,
        n: usize,
        at: impl Fn(usize) -> char,
        start_ok: impl Fn(usize) -> bool,
        end_ok: impl Fn(usize) -> bool,
    ) -> bool {
        let m = self.toks.len();
        if m < 64 {
            return self.run_bits(n, at, start_ok, end_ok);
        }
        // cur[k]: the first k tokens of the pattern match a text part ending here.
        let mut cur = vec![false; m + 1];
        let mut next = vec![false; m + 1];
        for i in 0..=n {
            if start_ok(i) {
                cur[0] = true;
            }
            // A star may match nothing.
            for k in 0..m {
                if cur[k] && self.toks[k] == Tok::Star {
                    cur[k + 1] = true;
                }
            }
            if cur[m] && end_ok(i) {
                return true;
            }
            if i == n {
                break;
            }
            let c = at(i);
            next.fill(false);
            for k in 0..m {
                if !cur[k] {
                    continue;
                }
                match self.toks[k] {
                    Tok::Star => next[k] = true,
                    Tok::One => next[k + 1] = true,
                    Tok::Lit(l) if l == c => next[k + 1] = true,
                    Tok::Lit(_) => {}
                }
            }
            std::mem::swap(&mut cur, &mut next);
        }
        false
    }

    /// [`run`](Self::run) for patterns of fewer than 64 tokens: the states are the bits of a
    /// `u64` (bit k: the first k tokens match), so nothing is allocated.
    fn run_bits(
        &self,
        n: usize,
        at: impl Fn(usize) -> char,
        start_ok: impl Fn(usize) -> bool,
        end_ok: impl Fn(usize) -> bool,
    ) -> bool {
        let m = self.toks.len();
        let stars = self.stars;
        let ones = self.ones;
        let done = 1_u64 << m;
        let mut cur = 0_u64;
        for i in 0..=n {
            if start_ok(i) {
                cur |= 1;
            }
            // A star may match nothing: propagate through runs of stars (never two in a row, but
            // a star may follow a star's successor only through a literal, so one pass per star).
            let mut prev = 0;
            while prev != cur {
                prev = cur;
                cur |= (cur & stars) << 1;
            }
            if cur & done != 0 && end_ok(i) {
                return true;
            }
            if i == n || cur == 0 {
                if i == n {
                    break;
                }
                continue;
            }
            let c = at(i);
            let mut lits = 0_u64;
            let mut live = cur & !stars & !ones;
            while live != 0 {
                let k = live.trailing_zeros() as usize;
                live &= live - 1;
                if k < m && self.toks[k] == Tok::Lit(c) {
                    lits |= 1 << k;
                }
            }
            cur = (cur & stars) | ((cur & ones) << 1) | (lits << 1);
        }
        false
    }
}

/// `text.contains(lit)`; short texts are scanned directly, without the setup of a substring
/// searcher.
fn contains(text: &str, lit: &str) -> bool {
    let (t, l) = (text.as_bytes(), lit.as_bytes());
    if t.len() > 256 {
        return text.contains(lit);
    }
    let Some((&first, rest)) = l.split_first() else {
        return true;
    };
    if t.len() < l.len() {
        return false;
    }
    (0..=t.len() - l.len()).any(|i| t[i] == first && &t[i + 1..i + l.len()] == rest)
}

/// The first occurrence of `lit` (not empty) in `text` at or after byte `from` (a character
/// boundary); short texts are scanned directly, without the setup of a substring searcher.
fn find(text: &str, lit: &str, from: usize) -> Option<usize> {
    let (t, l) = (text.as_bytes(), lit.as_bytes());
    if t.len() > 256 {
        // An occurrence starts at a character boundary: none is skipped by moving `from` to one.
        let mut from = from;
        while from < t.len() && !text.is_char_boundary(from) {
            from += 1;
        }
        return text.get(from..)?.find(lit).map(|p| p + from);
    }
    let (&first, rest) = l.split_first()?;
    if t.len() < l.len() + from {
        return None;
    }
    (from..=t.len() - l.len()).find(|&i| t[i] == first && &t[i + 1..i + l.len()] == rest)
}

/// A text prepared for matching: [normalized](crate::text::normalize), and split into
/// characters once for all the patterns matched against it (only when it is not ASCII: an ASCII
/// text is matched over its bytes).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text {
    norm: String,
    /// The characters of `norm`, when it is not ASCII (empty otherwise).
    chars: Vec<char>,
    /// The byte pairs of `norm`.
    pairs: Pairs,
}

impl Text {
    /// Normalizes `raw`.
    pub fn new(raw: &str) -> Self {
        let mut text = Self::default();
        text.set(raw);
        text
    }

    /// Makes this the text of `raw` ([`Text::new`]), in the buffers it already has: a `Text`
    /// kept from call to call prepares every text without allocating.
    pub fn set(&mut self, raw: &str) {
        normalize_into(raw, &mut self.norm);
        self.chars.clear();
        if !self.norm.is_ascii() {
            self.chars.extend(self.norm.chars());
        }
        self.pairs = Pairs::of(&self.norm);
    }

    /// The normalized text.
    pub fn as_str(&self) -> &str {
        &self.norm
    }

    /// Whether the normalized text is empty.
    pub fn is_empty(&self) -> bool {
        self.norm.is_empty()
    }

    /// Its length in characters.
    fn len(&self) -> usize {
        if self.chars.is_empty() {
            self.norm.len()
        } else {
            self.chars.len()
        }
    }
}

impl fmt::Debug for Pairs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count: u32 = self.0.iter().map(|w| w.count_ones()).sum();
        write!(f, "Pairs({count} set)")
    }
}

impl fmt::Debug for Glob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Glob({:?})", self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(p: &str) -> Glob {
        Glob::new(p).expect("valid pattern")
    }

    fn in_text(p: &str, text: &str) -> bool {
        g(p).matches_in(&Text::new(text))
    }

    #[test]
    fn whole_text() {
        let whole = |p: &str, text: &str| g(p).matches_whole(&Text::new(text));
        assert!(whole("rm -rf*", "RM  -Rf /tmp"));
        assert!(!whole("rm -rf*", "please rm -rf /tmp"));
        assert!(whole("a?c", "abc"));
        assert!(!whole("a?c", "ac"));
        assert!(whole("*", ""));
        assert!(whole("**x**", "x"));
        assert!(whole("é?", "ÉÉ"));
    }

    #[test]
    fn word_aligned_parts() {
        let cases = [
            ("git push*", "Then  GIT PUSH --force to main", true),
            ("drop_*", "call drop_table on users", true),
            ("drop_*", "airdrop_tokens", false),
            ("prod", "deploy to prod-db", true),
            ("prod", "the product page", false),
            ("rm -rf*", "please run `rm -rf /`", true),
            ("rm -rf*", "perform -rf", false),
            ("*force*", "git push --force", true),
            ("*force*", "enforce the policy", true),
            ("force", "enforce the policy", false),
            ("-rf", "rm -rf /", true),
            ("delete_*", "undelete_file", false),
            ("*_production*", "deploy_production_now", true),
            ("*_production", "deploy_production_now", false),
            ("list_*", "list_repos", true),
            ("list ?", "list a", true),
            ("list ?", "list ab", false),
        ];
        for (p, text, expected) in cases {
            assert_eq!(in_text(p, text), expected, "{p:?} in {text:?}");
        }
    }

    #[test]
    fn name_word_runs() {
        let cases = [
            ("delete_all*", "force_delete_all", true),
            ("*_production", "deploy_production_db", true),
            ("drop_*", "safe_drop_table", true),
            ("drop_*", "airdrop_x", false),
            ("force_*", "enforce_policy", false),
            ("force_*", "force", false),
            ("*_permanently", "remove_permanently", true),
        ];
        for (p, name, expected) in cases {
            assert_eq!(g(p).matches_name_words(name), expected, "{p:?} in {name:?}");
        }
    }

    #[test]
    fn bad_patterns() {
        assert_eq!(Glob::new("  ").err(), Some(GlobError::Empty));
        assert_eq!(
            Glob::new(&"a".repeat(257)).err(),
            Some(GlobError::TooLong { len: 257 })
        );
        assert!(Glob::new(&"a".repeat(256)).is_ok());
    }

    #[test]
    fn long_texts_stay_fast() {
        // The literal pre-check passes (`z` and `a` both occur), the automaton must say no.
        let text = Text::new(&format!("z {}", "a ".repeat(50_000)));
        let p = g(&format!("{}?z", "*a".repeat(100)));
        assert!(!p.matches_in(&text));
        assert!(g("z*a*a*a*a*a*a*a*a*a*a").matches_in(&text));
    }
}
