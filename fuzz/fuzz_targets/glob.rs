//! Globs: any pattern compiles or is refused; matching any name never panics, and a pattern
//! without wildcards matches exactly itself.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (pattern, name) = text.split_once('\n').unwrap_or((text, text));
    if let Ok(glob) = airlock_core::glob::Glob::new(pattern) {
        let _ = glob.matches(name);
        let _ = glob.matches_canonical(name);
        let _ = glob.matches_words(name);
        let canonical = airlock_core::glob::canonical_name(name);
        let _ = glob.matches_words_in(&airlock_core::glob::Words::new(&canonical));
    }
});
