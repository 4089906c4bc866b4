//! Caps on what a guest returns: how many factors (or matched patterns) and how many bytes
//! each, so a guest cannot flood the audit log or the agent's context.
//!
//! What the host copies out of the guest before these caps apply is bounded separately, by
//! `Limits::max_result_bytes` (wasmtime's hostcall fuel): a guest can alias one big buffer from
//! many small records and make a result far larger than its memory.

/// The code of the factor that says how many factors were dropped.
pub(crate) const DROPPED_CODE: &str = "guest.factors_dropped";

/// `s` cut to at most `max` bytes, on a character boundary.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_keeps_whole_characters() {
        assert_eq!(truncate("abcdef", 4), "abcd");
        assert_eq!(truncate("abc", 4), "abc");
        // "é" is two bytes: cutting at 2 would split it.
        assert_eq!(truncate("aéb", 2), "a");
        assert_eq!(truncate("🦀🦀", 5), "🦀");
    }
}
