//! The MCP-AQL standard danger name patterns (danger-levels section 6), matched the way airlock's
//! core matches them: over the canonical form of a name, against any run of its whole words.
//!
//! Section 6.3's safe patterns (`get_*`, `list_*`, ...) are deliberately not here: a guest never
//! lowers a verdict or a score because of a name.

use std::fmt;

use crate::glob::{Glob, Pairs};

/// The section 6.2 patterns: operations matching them default to `forbidden`.
pub const FORBIDDEN: [&str; 7] = [
    "drop_*",
    "delete_all*",
    "truncate_*",
    "reset_*",
    "destroy_*",
    "wipe_*",
    "*_production",
];

/// The section 6.1 patterns: operations matching them default to `dangerous`.
pub const DANGEROUS: [&str; 7] = [
    "force_*",
    "*_permanently",
    "bulk_delete*",
    "override_*",
    "bypass_*",
    "*_without_backup",
    "purge_*",
];

/// Which table a pattern comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum DangerClass {
    /// Section 6.1.
    Dangerous,
    /// Section 6.2.
    Forbidden,
}

impl DangerClass {
    /// Its name: `dangerous` or `forbidden` (what it displays as).
    pub fn as_str(self) -> &'static str {
        match self {
            DangerClass::Dangerous => "dangerous",
            DangerClass::Forbidden => "forbidden",
        }
    }
}

impl fmt::Display for DangerClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One pattern that matched one name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DangerMatch {
    /// Its table.
    pub class: DangerClass,
    /// The pattern, e.g. `drop_*`.
    pub pattern: &'static str,
    /// The canonical name it matched, e.g. `drop_table`.
    pub name: String,
}

/// The compiled section 6.1 and 6.2 patterns.
#[derive(Debug, Clone)]
pub struct DangerPatterns {
    globs: Vec<(DangerClass, &'static str, Glob)>,
}

impl Default for DangerPatterns {
    fn default() -> Self {
        Self::new()
    }
}

impl DangerPatterns {
    /// Compiles both tables.
    pub fn new() -> Self {
        let forbidden = FORBIDDEN.iter().map(|p| (DangerClass::Forbidden, *p));
        let dangerous = DANGEROUS.iter().map(|p| (DangerClass::Dangerous, *p));
        let globs = forbidden
            .chain(dangerous)
            .filter_map(|(class, p)| Glob::new(p).ok().map(|g| (class, p, g)))
            .collect();
        Self { globs }
    }

    /// The patterns an operation name (in any spelling) matches, forbidden ones first.
    ///
    /// The patterns are matched against both spellings of the name ([`name_spellings`]): its
    /// canonical form and its plain lower-case form, so `WiPe_DaTa` (canonically
    /// `wi_pe_da_ta`) still matches `wipe_*`. A pattern that matches both is reported once,
    /// with the canonical spelling.
    pub fn match_name(&self, name: &str) -> Vec<DangerMatch> {
        let mut out = Vec::new();
        self.match_name_into(name, &mut Spellings::default(), &mut out);
        out
    }

    /// The patterns that the words of a free text looking like snake_case operation names
    /// (`drop_table`, `mcp__db__wipe_data`; see [`operation_like_words`]) match, in either
    /// spelling of each word.
    pub fn match_text(&self, text: &str) -> Vec<DangerMatch> {
        // Most hints name no dangerous operation: one pair of spelling buffers serves every word
        // of the hint, and nothing else is allocated until a pattern matches.
        let mut spellings = Spellings::default();
        let mut out = Vec::new();
        each_operation_like_word(text, |word| {
            self.match_name_into(word, &mut spellings, &mut out);
        });
        out
    }

    /// [`match_name`](Self::match_name), appending to `out`, with `spellings` as the buffers
    /// for the name's two spellings.
    fn match_name_into(&self, name: &str, spellings: &mut Spellings, out: &mut Vec<DangerMatch>) {
        let (canonical, plain) = spellings.of(name);
        let canonical = Some((canonical, Pairs::of(canonical))).filter(|(s, _)| !s.is_empty());
        let plain = plain.filter(|s| !s.is_empty()).map(|s| (s, Pairs::of(s)));
        let matches = |spelling: &Option<(&str, Pairs)>, glob: &Glob| {
            spelling.is_some_and(|(s, pairs)| glob.matches_name_words_with(s, &pairs))
        };
        for (class, pattern, glob) in &self.globs {
            let spelling = if matches(&canonical, glob) {
                canonical
            } else if matches(&plain, glob) {
                plain
            } else {
                None
            };
            if let Some((s, _)) = spelling {
                out.push(DangerMatch {
                    class: *class,
                    pattern,
                    name: s.to_owned(),
                });
            }
        }
    }
}

/// The two spellings of one name ([`name_spellings`]), in buffers kept from name to name.
#[derive(Default)]
struct Spellings {
    canonical: String,
    plain: String,
    /// Whether the plain spelling differs from the canonical one (else `plain` is stale).
    has_plain: bool,
}

impl Spellings {
    /// [`name_spellings`] of `name`: the canonical spelling, and the plain one when it differs.
    /// A name that already is canonical (the usual snake_case word of a hint) is returned as it
    /// is, without being copied into the buffers.
    fn of<'s>(&'s mut self, name: &'s str) -> (&'s str, Option<&'s str>) {
        if is_canonical(name) {
            // No capital, so no plain spelling either.
            return (name, None);
        }
        normalize_into(name, true, &mut self.canonical);
        self.has_plain = false;
        if name.bytes().any(|b| b.is_ascii_uppercase()) {
            normalize_into(name, false, &mut self.plain);
            self.has_plain = self.plain != self.canonical;
        }
        let plain = Some(self.plain.as_str()).filter(|_| self.has_plain);
        (self.canonical.as_str(), plain)
    }
}

/// Whether `name` is its own [`canonical_name`]: lower-case ASCII letters and digits in words
/// joined by single underscores, none at either end (so normalizing it changes nothing).
fn is_canonical(name: &str) -> bool {
    let b = name.as_bytes();
    let mut prev = b'_';
    for &c in b {
        match c {
            b'a'..=b'z' | b'0'..=b'9' => {}
            b'_' if prev != b'_' => {}
            _ => return false,
        }
        prev = c;
    }
    prev != b'_'
}

/// The canonical form of an operation name, as airlock's core computes it: lower case, words
/// joined by single underscores. camelCase boundaries become underscores (`deleteAll` ->
/// `delete_all`, `HTTPRequest` -> `http_request`); `-`, `.`, `/`, `:` and whitespace become
/// underscores; runs of separators collapse to one, and none is left at either end.
pub fn canonical_name(name: &str) -> String {
    normalize(name, true)
}

/// The plain form of an operation name, as airlock's core computes it: [`canonical_name`]
/// without splitting words at case changes (`WiPe_DaTa` -> `wipe_data`, `DropTable` ->
/// `droptable`).
pub fn plain_name(name: &str) -> String {
    normalize(name, false)
}

/// The spellings name patterns are matched in, as airlock's core matches them: the canonical
/// form, and the plain form when it differs (only a name with an ASCII capital after another
/// letter or a digit can differ). The canonical form splits at every lower-to-upper change, so
/// a random mixed-case name (`DrOp_TaBlE` -> `dr_op_ta_bl_e`) would slip past `drop_*` in it
/// alone; the highest level matched in either spelling applies (danger-levels 5.1).
pub fn name_spellings(name: &str) -> (String, Option<String>) {
    let canonical = canonical_name(name);
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return (canonical, None);
    }
    let plain = plain_name(name);
    if plain == canonical {
        (canonical, None)
    } else {
        (canonical, Some(plain))
    }
}

fn normalize(name: &str, split_case: bool) -> String {
    let mut out = String::new();
    normalize_into(name, split_case, &mut out);
    out
}

/// [`normalize`] into `out` (cleared first).
fn normalize_into(name: &str, split_case: bool, out: &mut String) {
    out.clear();
    let name = name.trim();
    if name.is_ascii() {
        // The same steps over bytes, into the buffer's bytes: no character vector, no UTF-8
        // encoding of each character pushed, for the usual ASCII name.
        let b = name.as_bytes();
        let mut v = std::mem::take(out).into_bytes();
        v.reserve(b.len() + 4);
        for (i, &c) in b.iter().enumerate() {
            if matches!(c, b'_' | b'-' | b'.' | b'/' | b':' | b'\t'..=b'\r' | b' ') {
                if v.last().is_some_and(|&l| l != b'_') {
                    v.push(b'_');
                }
                continue;
            }
            if split_case && c.is_ascii_uppercase() {
                let prev = i.checked_sub(1).map(|j| char::from(b[j]));
                let next = b.get(i + 1).map(|&n| char::from(n));
                if starts_word(prev, next) && v.last().is_some_and(|&l| l != b'_') {
                    v.push(b'_');
                }
            }
            v.push(c.to_ascii_lowercase());
        }
        while v.last() == Some(&b'_') {
            v.pop();
        }
        // ASCII in, ASCII out: always valid UTF-8.
        *out = String::from_utf8(v).unwrap_or_default();
    } else {
        let chars: Vec<char> = name.chars().collect();
        out.reserve(name.len() + 4);
        for (i, &c) in chars.iter().enumerate() {
            if is_separator(c) {
                if !out.is_empty() && !out.ends_with('_') {
                    out.push('_');
                }
                continue;
            }
            if split_case && c.is_ascii_uppercase() {
                let prev = i.checked_sub(1).map(|j| chars[j]);
                let next = chars.get(i + 1).copied();
                if starts_word(prev, next) && !out.is_empty() && !out.ends_with('_') {
                    out.push('_');
                }
            }
            out.extend(c.to_lowercase());
        }
        while out.ends_with('_') {
            out.pop();
        }
    }
}

/// Whether an ASCII capital between `prev` and `next` starts a word of a name: after a
/// lowercase letter or a digit (`deleteAll`, `v2Api`), or as the last capital of a run before
/// a lowercase letter (`HTTPServer`). Shared by the ASCII and the general spelling paths.
#[inline]
fn starts_word(prev: Option<char>, next: Option<char>) -> bool {
    match prev {
        Some(p) if p.is_ascii_lowercase() || p.is_ascii_digit() => true,
        Some(p) if p.is_ascii_uppercase() => next.is_some_and(|n| n.is_ascii_lowercase()),
        _ => false,
    }
}

fn is_separator(c: char) -> bool {
    matches!(c, '_' | '-' | '.' | '/' | ':') || c.is_whitespace()
}

/// The words of a free text that look like snake_case operation names, in canonical form: runs
/// of letters, digits and `_` with an underscore between two letters or digits (`drop_table`,
/// `DROP_TABLE`, `mcp__db__drop_table`). Plain words (`drop`) and identifiers such as `__init__`
/// are not operation names.
pub fn operation_like_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    each_operation_like_word(text, |w| out.push(canonical_name(w)));
    out
}

/// Calls `f` on each of the [`operation_like_words`] of `text`, as written in the text.
fn each_operation_like_word<'t>(text: &'t str, mut f: impl FnMut(&'t str)) {
    let operation_like = |w: &str| {
        let t = w.trim_matches('_');
        t.contains('_') && t.chars().next().is_some_and(char::is_alphabetic)
    };
    // Every such word holds an underscore: a text without one is not split at all.
    if !text.as_bytes().contains(&b'_') {
        return;
    }
    if !text.is_ascii() {
        text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|w| operation_like(w))
            .for_each(f);
        return;
    }
    // The same split over bytes: in ASCII, `char::is_alphanumeric` is `is_ascii_alphanumeric`.
    // Only a run holding an underscore can be operation-like.
    let b = text.as_bytes();
    let mut start = 0;
    let mut underscore = false;
    for i in 0..=b.len() {
        match b.get(i) {
            Some(c) if c.is_ascii_alphanumeric() => {}
            Some(b'_') => underscore = true,
            _ => {
                if underscore && operation_like(&text[start..i]) {
                    f(&text[start..i]);
                }
                start = i + 1;
                underscore = false;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_forms() {
        assert_eq!(canonical_name("DropTable"), "drop_table");
        assert_eq!(canonical_name("drop-table"), "drop_table");
        assert_eq!(canonical_name("DROP_TABLE"), "drop_table");
        assert_eq!(canonical_name("mcp__db__drop_table"), "mcp_db_drop_table");
        assert_eq!(canonical_name("HTTPRequest"), "http_request");
        assert_eq!(canonical_name("db.wipe_data"), "db_wipe_data");
        assert_eq!(canonical_name("  "), "");
    }

    #[test]
    fn spec_examples() {
        let p = DangerPatterns::new();
        let class = |name: &str| p.match_name(name).first().map(|m| m.class);
        assert_eq!(class("drop_table"), Some(DangerClass::Forbidden));
        assert_eq!(class("force_delete_all"), Some(DangerClass::Forbidden));
        assert_eq!(class("force_push"), Some(DangerClass::Dangerous));
        assert_eq!(class("bulk_delete_users"), Some(DangerClass::Dangerous));
        assert_eq!(class("deployProduction"), Some(DangerClass::Forbidden));
        assert_eq!(class("safe_drop_table"), Some(DangerClass::Forbidden));
        assert_eq!(class("airdrop_tokens"), None);
        assert_eq!(class("enforce_policy"), None);
        assert_eq!(class("get_user"), None);
        assert_eq!(class("purge_cache"), Some(DangerClass::Dangerous));
    }

    #[test]
    fn mixed_case_is_matched_like_lower_case() {
        assert_eq!(plain_name("WiPe_DaTa"), "wipe_data");
        assert_eq!(canonical_name("WiPe_DaTa"), "wi_pe_da_ta");
        assert_eq!(
            name_spellings("drop_table"),
            ("drop_table".to_owned(), None)
        );
        assert_eq!(
            name_spellings("DROP_TABLE"),
            ("drop_table".to_owned(), None)
        );
        let p = DangerPatterns::new();
        let class = |name: &str| p.match_name(name).first().map(|m| m.class);
        for (mixed, lower) in [
            ("WiPe_DaTa", "wipe_data"),
            ("DrOp_TaBlE", "drop_table"),
            ("dRoP_tAbLe", "drop_table"),
            ("fOrCe_PuSh", "force_push"),
            ("FOrCE_dElEte_ALl ReCordS", "force_delete_all_records"),
            ("bUlK-dElEtE.uSeRs", "bulk_delete_users"),
        ] {
            assert_eq!(class(mixed), class(lower), "{mixed}");
            assert!(class(mixed).is_some(), "{mixed}");
        }
        // camelCase is still split.
        assert_eq!(class("deleteAllUsers"), Some(DangerClass::Forbidden));
        assert_eq!(class("DropTable"), Some(DangerClass::Forbidden));
        assert_eq!(class("forcePush"), Some(DangerClass::Dangerous));
        // A pattern matching both spellings is reported once, with the canonical one.
        let m = p.match_name("ForcePush_now");
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].name, "force_push_now");
        // In a hint, too.
        let m = p.match_text("next: WiPe_DaTa on the staging box");
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].pattern, "wipe_*");
        assert_eq!(m[0].name, "wipe_data");
    }

    #[test]
    fn words_of_a_hint() {
        assert_eq!(
            operation_like_words("I'll call DROP_TABLE, then __init__ and drop it"),
            ["drop_table"]
        );
        let p = DangerPatterns::new();
        let m = p.match_text("next: wipe_data on the staging box");
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].pattern, "wipe_*");
        assert!(p.match_text("drop the table").is_empty());
    }
}
