//! Who is calling: an agent's identity, and the caller's session.
//!
//! A hard block is per agent (core spec 8.8.3), so what counts as "the same agent" decides
//! whether a block holds. An agent is hostile by assumption: blocked as `agent`, it asks again
//! as `Agent`, `agent` with a zero-width space, with a Cyrillic `а`, in fullwidth letters or
//! with a NUL. Two rules close that:
//!
//! - **Names are compared by their identity key** ([`identity_key`]): the name decomposed
//!   (Unicode NFKD: fullwidth and mathematical letters become plain ones), stripped of control,
//!   format and zero-width characters and of combining marks, Cyrillic and Greek look-alikes
//!   folded to the Latin letters they imitate, case-folded, recomposed (NFKC), with whitespace
//!   runs made one space and trimmed. Distinct names may share a key (`café` and `cafe`): that
//!   only ever makes a block cover more, never less. The name an agent gave is kept for
//!   display and records; the key is what blocks, pauses, counters and maps are indexed by.
//! - **A session holds a stop** ([`Caller`]): a surface that knows the caller's connection (the
//!   dongle: one key per MCP connection) passes it, and once a session has been stopped or has
//!   named a blocked agent, every operation of that session is refused until the block is
//!   lifted, whatever name it gives next. `airlock hook` uses the host's session id as the agent
//!   name, so its sessions are covered by the name rule.

use unicode_normalization::UnicodeNormalization;

/// The caller of an agent-side operation, as the surface knows it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Caller {
    /// The caller's session (an MCP connection), when the surface has one. `None`: the surface
    /// cannot tell callers apart (a sidecar's HTTP request); identity is then the agent's name
    /// alone.
    pub session: Option<String>,
}

impl Caller {
    /// A caller in `session`.
    pub fn session(session: impl Into<String>) -> Self {
        Self {
            session: Some(session.into()),
        }
    }

    /// The session, if it is a usable one (an empty key is none).
    pub(crate) fn session_key(&self) -> Option<&str> {
        self.session.as_deref().filter(|s| !s.is_empty())
    }
}

/// The identity key of an agent name: what two spellings of one name have in common (see the
/// module doc). An ASCII name without control characters takes a fast path (lowercase, runs of
/// whitespace made one space, trimmed): it runs at every step.
pub fn identity_key(name: &str) -> String {
    if name.bytes().all(|b| b.is_ascii_graphic() || b == b' ') {
        let mut key = String::with_capacity(name.len());
        for word in name.split_ascii_whitespace() {
            if !key.is_empty() {
                key.push(' ');
            }
            key.extend(word.chars().map(|c| c.to_ascii_lowercase()));
        }
        return key;
    }
    let folded: String = name
        .nfkd()
        .filter(|c| !is_invisible(*c))
        .map(fold_confusable)
        .flat_map(char::to_lowercase)
        .collect();
    // Lowercasing may decompose again (`İ` is `i` + a combining dot): strip once more, then
    // recompose.
    let recomposed: String = folded
        .nfkd()
        .filter(|c| !is_invisible(*c))
        .map(fold_confusable)
        .nfkc()
        .collect();
    let mut key = String::with_capacity(recomposed.len());
    for word in recomposed.split_whitespace() {
        if !key.is_empty() {
            key.push(' ');
        }
        key.push_str(word);
    }
    key
}

/// Characters that change nothing a person sees in a name: controls (NUL included), format
/// characters (zero-width space, joiners, bidi overrides, the byte order mark, tags), other
/// default-ignorable code points (variation selectors, Hangul fillers) and combining marks
/// (after NFKD, accents are separate characters).
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c as u32,
            0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
            | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
            | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
            | 0xE0000..=0xE0FFF
            // Combining marks.
            | 0x0300..=0x036F | 0x0483..=0x0489 | 0x0591..=0x05BD | 0x1AB0..=0x1AFF
            | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// Cyrillic and Greek letters that look like Latin ones, folded to them (case kept: the fold
/// runs before lowercasing, so an uppercase look-alike maps to the letter it imitates in
/// uppercase, such as Greek `Η` to `H`, while lowercase `η` imitates `n`).
fn fold_confusable(c: char) -> char {
    match c {
        // Cyrillic, uppercase.
        'А' => 'A',
        'В' => 'B',
        'Е' | 'Ё' => 'E',
        'Ѕ' => 'S',
        'І' | 'Ї' | 'Ӏ' => 'I',
        'Ј' => 'J',
        'К' => 'K',
        'М' => 'M',
        'Н' => 'H',
        'О' => 'O',
        'Р' => 'P',
        'С' => 'C',
        'Т' => 'T',
        'Х' => 'X',
        'У' | 'Ү' => 'Y',
        'Ԁ' => 'D',
        'Ԛ' => 'Q',
        'Ԝ' => 'W',
        'Һ' => 'H',
        // Cyrillic, lowercase.
        'а' => 'a',
        'е' | 'ё' => 'e',
        'о' => 'o',
        'р' => 'p',
        'с' => 'c',
        'у' | 'ү' => 'y',
        'х' => 'x',
        'ѕ' => 's',
        'і' | 'ї' => 'i',
        'ј' => 'j',
        'ԁ' => 'd',
        'ԛ' => 'q',
        'ԝ' => 'w',
        'һ' => 'h',
        'ӏ' => 'l',
        'к' => 'k',
        'м' => 'm',
        'н' => 'h',
        'т' => 't',
        'в' => 'b',
        'п' => 'n',
        'г' => 'r',
        // Greek, uppercase.
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
        // Greek, lowercase.
        'α' => 'a',
        'β' => 'b',
        'γ' => 'y',
        'ε' => 'e',
        'η' => 'n',
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
        // Latin look-alikes NFKD leaves alone.
        'ı' => 'i',
        'ȷ' => 'j',
        '\u{0261}' => 'g',
        'ɑ' => 'a',
        'ℓ' => 'l',
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_a_person_reads_as_one_name_share_a_key() {
        for name in [
            "agent",
            "Agent",
            "AGENT",
            " agent ",
            "a\u{200B}gent",
            "ag\u{200D}ent\u{FEFF}",
            "\u{0430}gent",
            "\u{0410}G\u{0415}NT",
            "ag\u{03B5}nt",
            "\u{FF41}\u{FF47}\u{FF45}\u{FF4E}\u{FF54}",
            "agent\u{0}",
            "a\u{0301}gent",
            "\u{202E}agent",
            "\u{1D41A}gent",
            "ag\u{00AD}ent",
            "agen\u{0442}",
            "\u{0391}\u{0261}ent",
        ] {
            assert_eq!(identity_key(name), "agent", "{name:?}");
        }
        assert_eq!(identity_key("release  bot"), "release bot");
        assert_eq!(identity_key("release\u{3000}bot"), "release bot");
        assert_eq!(identity_key("HELPER"), identity_key("\u{0397}ELPER"));
    }

    #[test]
    fn different_names_stay_different() {
        assert_ne!(identity_key("agent-1"), identity_key("agent-2"));
        assert_ne!(identity_key("agent"), identity_key("agents"));
        assert_ne!(identity_key("deploy bot"), identity_key("deploybot"));
        assert_eq!(identity_key("\u{200B}"), "", "only invisible: empty");
    }
}
