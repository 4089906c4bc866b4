//! Substring tests for the recognizers' hot paths.
//!
//! Why not `str::contains`: on x86-64, core's `contains(&str)` has a SIMD fast path, but on
//! wasm32 (where the default guests run) every call builds a Two-Way searcher first (a
//! critical factorization of the needle, a byte set, a period check), which costs more than the
//! search itself for the short words and paths the recognizers look into, and showed at the top
//! of the default scorer's profile through wasmtime. `memchr::memmem::find` reads a short
//! haystack by Rabin-Karp with no setup beyond the needle's hash (and uses SIMD128 where the
//! build enables it). The answer is the same as `contains`'s.
//!
//! Most calls look for one of the recognizers' short constant words in a short text that does
//! not hold it, so [`has`] first looks for the needle's first byte with `memchr` (a word at a
//! time on wasm32, no hashing) and compares the rest where it occurs; only a text with many
//! such places goes on to `memmem` (Rabin-Karp rolls a hash over every byte of the haystack, the
//! larger part of the judge's substring time on the corpus), so the cost stays linear whatever
//! the text.

/// Candidate places (the needle's first byte found) compared directly before [`has`] hands the
/// rest of the haystack to `memmem`: a bound on the direct comparisons, so a hostile text full
/// of the first byte costs no more than `memmem` would.
const DIRECT_CANDIDATES: usize = 8;

/// Whether `needle` occurs in `haystack` (as `haystack.contains(needle)`).
#[inline]
pub fn has(haystack: &str, needle: &str) -> bool {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = n.split_first() else {
        return true;
    };
    if n.len() > h.len() {
        return false;
    }
    // The last place the needle can start.
    let last = h.len() - n.len();
    let mut from = 0;
    for _ in 0..DIRECT_CANDIDATES {
        let Some(i) = memchr::memchr(first, &h[from..=last]) else {
            return false;
        };
        let at = from + i;
        if &h[at + 1..at + n.len()] == rest {
            return true;
        }
        from = at + 1;
        if from > last {
            return false;
        }
    }
    memchr::memmem::find(&h[from..], n).is_some()
}

/// Where `needle` first occurs in `haystack` (as `haystack.find(needle)`: a match of valid
/// UTF-8 in valid UTF-8 starts on a character boundary), without a searcher set up per call.
#[inline]
pub fn find(haystack: &str, needle: &str) -> Option<usize> {
    if !has(haystack, needle) {
        return None;
    }
    memchr::memmem::find(haystack.as_bytes(), needle.as_bytes())
}

/// `f` of `s` lowercased as `str::to_ascii_lowercase` lowercases it, without the heap copy
/// for the short words most callers pass: a text already without capitals is passed as it is,
/// a short one is lowercased in a buffer on the stack, only a long one is copied. Every word of
/// every command is lowercased by several readers (the place words, the grantee words), and the
/// copies were a visible part of the judge's allocations; the answer is `f`'s of the same text.
#[inline]
pub fn with_ascii_lower<R>(s: &str, f: impl FnOnce(&str) -> R) -> R {
    const ON_STACK: usize = 64;
    if !s.bytes().any(|b| b.is_ascii_uppercase()) {
        return f(s);
    }
    if s.len() <= ON_STACK {
        let mut buf = [0_u8; ON_STACK];
        let lower = &mut buf[..s.len()];
        lower.copy_from_slice(s.as_bytes());
        lower.make_ascii_lowercase();
        // ASCII lowercasing changes only bytes below 0x80: the text stays valid UTF-8.
        if let Ok(l) = std::str::from_utf8(lower) {
            return f(l);
        }
    }
    f(&s.to_ascii_lowercase())
}

/// The byte index just past the last char of `s` that `stop` holds for (0 when none): where a
/// trailing name made of the other chars begins. A multi-byte char that ends the name (`ß`,
/// a combining accent) is stepped over whole; `rfind(..) + 1` would land inside it, and a
/// slice there panics (a trap in the guest).
pub fn after_last(s: &str, stop: impl Fn(char) -> bool) -> usize {
    s.char_indices()
        .rev()
        .find(|&(_, c)| stop(c))
        .map_or(0, |(k, c)| k + c.len_utf8())
}

#[cfg(test)]
mod tests {
    use super::{find, has};

    #[test]
    fn lowers_as_to_ascii_lowercase_does() {
        let long = "Kube-System-".repeat(10);
        for s in [
            "",
            "abc",
            "ABC",
            "Kube-SYSTEM",
            "ÉtÉ-Prod",
            "ßX",
            long.as_str(),
        ] {
            assert_eq!(
                super::with_ascii_lower(s, str::to_owned),
                s.to_ascii_lowercase()
            );
        }
    }

    #[test]
    fn answers_as_contains_does() {
        let hays = [
            "",
            "a",
            "~/.ssh/id_rsa",
            "cat .aws/credentials",
            "ééa.ssh/",
            "aaab",
        ];
        let needles = [
            "",
            "a",
            ".ssh/",
            "credentials",
            "é",
            "aab",
            "aaab",
            "aaaab",
            "x",
        ];
        for h in hays {
            for n in needles {
                assert_eq!(has(h, n), h.contains(n), "{h:?} {n:?}");
                assert_eq!(find(h, n), h.find(n), "{h:?} {n:?}");
            }
        }
        // Past the direct comparisons: the needle after many places of its first byte.
        let many = ".".repeat(40) + ".kube/config";
        assert!(has(&many, ".kube/config"));
        assert!(!has(&many, ".kube/configs"));
        for k in 0..30 {
            let h = "a".repeat(k) + "b";
            for n in [
                "ab",
                "aab",
                "aaaaaaaaab",
                "ba",
                "b",
                "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab",
            ] {
                assert_eq!(has(&h, n), h.contains(n), "{h:?} {n:?}");
            }
        }
        let long = "x".repeat(100) + ".kube/config" + &"y".repeat(100);
        assert!(has(&long, ".kube/config"));
        assert!(!has(&long, ".kube/configs"));
    }
}
