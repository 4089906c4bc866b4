//! Idioms for an action, spelled as the plain verb the lexicon knows (session 17, plain
//! words): "pull the plug on the API server" is "shut down the API server", "kill the power to
//! the rack" is "power off the rack", "do away with the cluster" is "delete the cluster".
//!
//! An idiom is a fixed run of words whose own words name nothing the reader grades ("plug",
//! "switch", "house"), so no lexicon entry can carry it; the reduction ([`super::reduce`])
//! replaces it and the reduced sentence is read in addition to the sentence as written: an
//! idiom can only add a reading. Each pattern word may list alternatives (`to|on|for`).

/// (pattern, plain words), enumerated from how operators say it: power, kill switches, plugs,
/// and the "do away with" / "clean house" family of deletion.
const IDIOMS: &[(&[&str], &str)] = &[
    (&["do", "away", "with"], "delete"),
    (&["clean", "house", "in|on|across"], "delete everything in"),
    (&["pull", "the", "plug", "on|for"], "shut down"),
    (&["kill", "the", "power", "to|on|for"], "power off"),
    (&["kill", "power", "to|on|for"], "power off"),
    (&["cut", "the", "power", "to|on|for"], "power off"),
    (&["cut", "power", "to|on|for"], "power off"),
    (&["yank", "the", "power", "to|on|for|from"], "power off"),
    (
        &["hit|flip|throw|pull", "the", "kill", "switch", "on|for"],
        "shut down",
    ),
    (
        &["hit|flip|throw|pull", "the", "kill-switch", "on|for"],
        "shut down",
    ),
    (&["rip", "out"], "delete"),
    (&["burn", "down"], "delete"),
    (&["zero", "out"], "wipe"),
    (&["clean", "out"], "empty"),
    (&["power", "cycle"], "reboot"),
    (&["hard", "reboot|restart"], "reboot"),
];

/// The first words of [`IDIOMS`]: a word that starts none is passed at once.
const FIRST: &[&str] = &[
    "do", "clean", "pull", "kill", "cut", "yank", "hit", "flip", "throw", "power", "hard", "rip",
    "burn", "zero",
];

/// The idiom `words` start with (`first` is the first word, bare and lower-case, as the
/// reduction has it): how many words it spans, and its plain words.
pub(super) fn plain(first: &str, words: &[&str]) -> Option<(usize, &'static str)> {
    if !FIRST.contains(&first) {
        return None;
    }
    IDIOMS.iter().find_map(|&(pattern, plain)| {
        let matches = pattern.len() <= words.len()
            && pattern.iter().zip(words).enumerate().all(|(k, (p, w))| {
                // Only the last word may end the clause ("pull the plug on, ..." is not one).
                (k + 1 == pattern.len() || !w.ends_with([',', '.', ';', ':', '!', '?']))
                    && p.split('|').any(|alt| word_is(w, alt))
            });
        matches.then_some((pattern.len(), plain))
    })
}

/// Whether `w` (as written, with any punctuation around it) is the word `plain`.
fn word_is(w: &str, plain: &str) -> bool {
    w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-')
        .eq_ignore_ascii_case(plain)
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn each_idiom_is_spelled_as_its_plain_verb_and_nothing_else_is() {
        let said = |s: &str| {
            let words: Vec<&str> = s.split_whitespace().collect();
            plain(&words[0].to_ascii_lowercase(), &words)
        };
        assert_eq!(said("pull the plug on the api"), Some((4, "shut down")));
        assert_eq!(said("Kill the power to rack 4"), Some((4, "power off")));
        assert_eq!(said("cut power for the nodes"), Some((3, "power off")));
        assert_eq!(
            said("flip the kill switch on checkout"),
            Some((5, "shut down"))
        );
        assert_eq!(said("do away with the cluster"), Some((3, "delete")));
        assert_eq!(said("power cycle the box"), Some((2, "reboot")));
        // Near misses: the same first words, another phrase.
        assert_eq!(said("pull the latest changes"), None);
        assert_eq!(said("cut the power draw of the loop"), None);
        assert_eq!(said("do the same"), None);
        assert_eq!(said("hit the kill switch in the tests"), None);
        assert_eq!(said("pull the plug, then rest"), None);
    }
}
