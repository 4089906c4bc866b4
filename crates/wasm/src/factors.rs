//! Caps on what a guest returns: how many factors (or matched patterns) and how many bytes
//! each, so a guest cannot flood the audit log or the agent's context.

/// The code of the factor that says how many factors were dropped.
pub(crate) const DROPPED_CODE: &str = "guest.factors_dropped";

/// `s` cut to at most `max` bytes, on a character boundary.
pub(crate) fn truncate(mut s: String, max: usize) -> String {
    if s.len() > max {
        let mut end = max;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
    }
    s
}

/// Keeps the first `max` items and reports how many were dropped.
pub(crate) fn cap_count<T>(mut items: Vec<T>, max: usize) -> (Vec<T>, usize) {
    let dropped = items.len().saturating_sub(max);
    items.truncate(max);
    (items, dropped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_keeps_whole_characters() {
        assert_eq!(truncate("abcdef".into(), 4), "abcd");
        assert_eq!(truncate("abc".into(), 4), "abc");
        // "é" is two bytes: cutting at 2 would split it.
        assert_eq!(truncate("aéb".into(), 2), "a");
        assert_eq!(truncate("🦀🦀".into(), 5), "🦀");
    }

    #[test]
    fn counts_are_capped() {
        assert_eq!(cap_count(vec![1, 2, 3], 2), (vec![1, 2], 1));
        assert_eq!(cap_count(vec![1], 2), (vec![1], 0));
    }
}
