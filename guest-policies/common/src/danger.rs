//! The MCP-AQL standard danger name patterns (danger-levels section 6), matched the way airlock's
//! core matches them: over the canonical form of a name, against any run of its whole words.
//!
//! Section 6.3's safe patterns (`get_*`, `list_*`, ...) are deliberately not here: a guest never
//! lowers a verdict or a score because of a name.

use std::fmt;

use crate::glob::Glob;

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

impl fmt::Display for DangerClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DangerClass::Dangerous => "dangerous",
            DangerClass::Forbidden => "forbidden",
        })
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
    pub fn match_name(&self, name: &str) -> Vec<DangerMatch> {
        let canonical = canonical_name(name);
        if canonical.is_empty() {
            return Vec::new();
        }
        self.globs
            .iter()
            .filter(|(_, _, glob)| glob.matches_name_words(&canonical))
            .map(|(class, pattern, _)| DangerMatch {
                class: *class,
                pattern,
                name: canonical.clone(),
            })
            .collect()
    }

    /// The patterns that the words of a free text looking like snake_case operation names
    /// (`drop_table`, `mcp__db__wipe_data`; see [`operation_like_words`]) match.
    pub fn match_text(&self, text: &str) -> Vec<DangerMatch> {
        operation_like_words(text)
            .iter()
            .flat_map(|w| self.match_name(w))
            .collect()
    }
}

/// The canonical form of an operation name, as airlock's core computes it: lower case, words
/// joined by single underscores. camelCase boundaries become underscores (`deleteAll` ->
/// `delete_all`, `HTTPRequest` -> `http_request`); `-`, `.`, `/`, `:` and whitespace become
/// underscores; runs of separators collapse to one, and none is left at either end.
pub fn canonical_name(name: &str) -> String {
    let chars: Vec<char> = name.trim().chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if is_separator(c) {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            continue;
        }
        if c.is_ascii_uppercase() {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1).copied();
            let boundary = match prev {
                Some(p) if p.is_ascii_lowercase() || p.is_ascii_digit() => true,
                Some(p) if p.is_ascii_uppercase() => next.is_some_and(|n| n.is_ascii_lowercase()),
                _ => false,
            };
            if boundary && !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
        }
        out.extend(c.to_lowercase());
    }
    while out.ends_with('_') {
        out.pop();
    }
    out
}

fn is_separator(c: char) -> bool {
    matches!(c, '_' | '-' | '.' | '/' | ':') || c.is_whitespace()
}

/// The words of a free text that look like snake_case operation names, in canonical form: runs
/// of letters, digits and `_` with an underscore between two letters or digits (`drop_table`,
/// `DROP_TABLE`, `mcp__db__drop_table`). Plain words (`drop`) and identifiers such as `__init__`
/// are not operation names.
pub fn operation_like_words(text: &str) -> Vec<String> {
    // Every such word holds an underscore.
    if !text.contains('_') {
        return Vec::new();
    }
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| {
            let t = w.trim_matches('_');
            t.contains('_') && t.chars().next().is_some_and(char::is_alphabetic)
        })
        .map(canonical_name)
        .collect()
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
