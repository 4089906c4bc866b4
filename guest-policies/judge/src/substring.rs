//! Substring tests for the recognizers' hot paths.
//!
//! Why not `str::contains`: on x86-64, core's `contains(&str)` has a SIMD fast path, but on
//! wasm32 (where the default guests run) every call builds a Two-Way searcher first (a
//! critical factorization of the needle, a byte set, a period check), which costs more than the
//! search itself for the short words and paths the recognizers look into, and showed at the top
//! of the default scorer's profile through wasmtime. `memchr::memmem::find` reads a short
//! haystack by Rabin-Karp with no setup beyond the needle's hash (and uses SIMD128 where the
//! build enables it). The answer is the same as `contains`'s.

/// Whether `needle` occurs in `haystack` (as `haystack.contains(needle)`).
#[inline]
pub fn has(haystack: &str, needle: &str) -> bool {
    memchr::memmem::find(haystack.as_bytes(), needle.as_bytes()).is_some()
}

#[cfg(test)]
mod tests {
    use super::has;

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
            }
        }
        let long = "x".repeat(100) + ".kube/config" + &"y".repeat(100);
        assert!(has(&long, ".kube/config"));
        assert!(!has(&long, ".kube/configs"));
    }
}
