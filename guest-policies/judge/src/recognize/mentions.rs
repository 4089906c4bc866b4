//! Whether a text that talks about a command in a code span also asks for it to be done
//! (session 17, plain words). A span is only a mention when the words frame it as a topic
//! ("explain what `zpool destroy` does", "a test asserting that `dd ...` is denied") and no
//! word asks for it to run; this module reads that second condition by what the words do, not
//! by a phrase list alone:
//!
//! - a run word (the caller's list: "run", "execute", "then", "do it") anywhere outside a
//!   hypothetical question counts: "what happens if someone runs `x`?" asks about it, "is it
//!   safe to run `x`? run it" asks for it;
//! - a clause that opens with a verb that acts (delete, wipe, destroy, shut down, push, send,
//!   run...) on a pronoun ("..., and destroy it", "Wipe them afterwards") does the spanned
//!   command's work in words: the pronoun can only stand for the span.
//!
//! A request phrased as a question ("why not run `x`?", "could you run `x`?", "should I run
//! `x`?") is not hypothetical: its run word counts. Nothing here lowers a verdict; it only
//! keeps the spans' findings at their grade.

use crate::prose::lexicon::{self, Verb};

/// Openers of a question that asks what would happen, not for the act.
const HYPOTHETICAL: &[&str] = &[
    "what ",
    "how ",
    "why ",
    "is it ",
    "does ",
    "would it ",
    "when ",
    "which ",
];

/// Openers of a question that asks for the act ("why not run it?", "can you run it?").
const REQUESTS: &[&str] = &[
    "why not",
    "how about",
    "what about",
    "would you",
    "could you",
    "can you",
    "will you",
    "is it ok if",
    "is it okay if",
    "what are you waiting",
];

/// Words before a clause's verb that do not change it ("then destroy it", "now wipe it").
const LEADS: &[&str] = &[
    "then",
    "now",
    "please",
    "also",
    "just",
    "and",
    "afterwards",
    "finally",
    "next",
    "so",
];

/// Words that stand for what was named before (here: the span).
const PRONOUNS: &[&str] = &["it", "them", "that", "this", "those", "these"];

/// Words that ask only to read, find out, search or review, with a spanned command as the
/// topic (session 18, holdout13's model 3: "find out why the scheduled `shutdown -r +5` was
/// cancelled, just read the journal"), in the languages the judge reads. They only frame the
/// span; [`asks_to_act`] still decides whether the text also asks for it.
const READ_TOPIC: &[&str] = &[
    // English: finding out, searching, reviewing, reading a record of it.
    "find out",
    "figure out",
    "work out why",
    "investigate",
    "look into",
    "look through",
    "look at the",
    "search the",
    "search for",
    "grep the",
    "read the",
    "just read",
    "only read",
    "only look",
    "read-only",
    "read only",
    "tell me why",
    "tell me when",
    "tell me who",
    "tell me how often",
    "who ran",
    "who typed",
    "when was",
    "why was",
    "why did",
    "audit trail",
    "audit log",
    "postmortem",
    "post-mortem",
    "incident",
    "review the",
    "the diff",
    "diff the",
    "shell history",
    "in the logs",
    "the journal",
    "count how many",
    "list every place",
    "list the places",
    // German, French, Spanish, Italian, Portuguese (accents as written).
    "finde heraus",
    "finde raus",
    "lies nur",
    "nur lesen",
    "untersuche",
    "explique",
    "sans rien",
    "trouve pourquoi",
    "découvre",
    "cherche",
    "averigua",
    "investiga",
    "solo lee",
    "sólo lee",
    "busca ",
    "scopri",
    "leggi solo",
    "cerca ",
    "descubra",
    "apenas leia",
    "só leia",
    "procure",
];

/// Words that ask for the spanned command again or in other words, beyond the caller's run
/// words ("find out why `x` failed and rerun it", "luego ejecuta `x`").
const RUN_AGAIN: &[&str] = &[
    "rerun",
    "re-run",
    "retry",
    "again",
    "redo",
    "reschedule",
    "schedule it",
    "ejecuta ",
    "ejecútalo",
    "ejecutalo",
    "exécute ",
    "exécutez",
    "lance ",
    "lancez",
    "führe",
    "fuehre",
    "esegui ",
    "eseguilo",
    "rode ",
    "roda ",
    "execute-o",
];

/// Whether `lower` (a clause in lower case) opens as a question that asks for the act ("why
/// not rm -rf ...", "how about dropping it"): a request, not talk.
pub fn opens_a_request(lower: &str) -> bool {
    let lower = lower.trim_start();
    REQUESTS.iter().any(|r| lower.starts_with(r))
}

/// Whether `lower` frames its spans as the topic of a read: a word of [`READ_TOPIC`].
pub fn read_topic(lower: &str) -> bool {
    READ_TOPIC.iter().any(|w| lower.contains(w))
}

/// Whether `lower` (the text in lower case, spans included) asks for a spanned command to be
/// done: a run word of `run_words` (or [`RUN_AGAIN`]) outside a hypothetical question, a
/// clause whose verb acts on a pronoun, or a sentence that opens with the span itself (the
/// span is then the request: "`rm -rf /srv`, then find out why it was slow").
pub fn asks_to_act(lower: &str, run_words: &[&str]) -> bool {
    if RUN_AGAIN.iter().any(|w| lower.contains(w)) || opens_with_a_span(lower) {
        return true;
    }
    let words = outside_spans(lower);
    sentences(&words).any(|s| {
        let s = s.trim();
        let hypothetical = s.ends_with('?')
            && HYPOTHETICAL.iter().any(|q| s.starts_with(q))
            && !REQUESTS.iter().any(|r| s.starts_with(r));
        // In a hypothetical question only the plain run verbs are the question's ("what
        // happens if I run it?"); "then", "now", "do it" still ask for the act.
        // A run word that ends the trimmed sentence has lost its trailing space ("..., run
        // `x`" leaves "..., run"): it counts there too.
        let asks = |w: &&str| {
            (s.contains(*w) || (w.ends_with(' ') && s.ends_with(w.trim_end())))
                && !(hypothetical
                    && ["run", "exec", "invoke", "launch", "apply", "pipe"]
                        .iter()
                        .any(|v| w.starts_with(v)))
        };
        if run_words.iter().any(asks) {
            return true;
        }
        s.split([',', ';'])
            .flat_map(|part| part.split(" and "))
            .any(acts_on_a_pronoun)
    })
}

/// Whether a sentence of `lower` that is not a question opens (after words like "please",
/// "now") with a code span: the command is what the sentence says to do.
pub fn opens_with_a_span(lower: &str) -> bool {
    sentences(lower).any(|s| {
        let s = s.trim();
        let mut rest = s;
        loop {
            let word = rest.split_whitespace().next().unwrap_or("");
            let bare = word.trim_matches(|c: char| c == ',' || c == ':');
            if !word.is_empty() && (LEADS.contains(&bare) || bare == "please") {
                rest = rest[rest.find(word).unwrap_or(0) + word.len()..].trim_start();
            } else {
                break;
            }
        }
        rest.starts_with('`') && !s.ends_with('?')
    })
}

/// The text with each code span's content left out (a command's own words are not the
/// sentence's: `tar czf x.tgz . and rm it` is the span's).
fn outside_spans(lower: &str) -> String {
    let mut out = String::with_capacity(lower.len());
    let mut inside = false;
    for c in lower.chars() {
        if c == '`' {
            inside = !inside;
            out.push(' ');
        } else if !inside {
            out.push(c);
        }
    }
    out
}

/// The sentences of a text: cut after `.`, `?`, `!` (before a space) and at line ends, each
/// keeping its mark.
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.trim().is_empty() {
            return None;
        }
        let b = rest.as_bytes();
        let end = (0..b.len())
            .find(|&i| {
                b[i] == b'\n'
                    || matches!(b[i], b'.' | b'?' | b'!')
                        && b.get(i + 1).is_none_or(|n| n.is_ascii_whitespace())
            })
            .map_or(b.len(), |i| i + 1);
        let (s, r) = rest.split_at(end);
        rest = r;
        Some(s)
    })
}

/// Whether a clause opens (after words like "then", "now") with a verb that acts, followed by
/// a pronoun: "destroy it", "then wipe them", "now push that".
fn acts_on_a_pronoun(clause: &str) -> bool {
    let mut words = clause
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '\''))
        .filter(|w| !w.is_empty())
        .skip_while(|w| LEADS.contains(w));
    let (Some(verb), Some(object)) = (words.next(), words.next()) else {
        return false;
    };
    PRONOUNS.contains(&object) && acts(verb)
}

/// Whether a word is a verb of the prose lexicon that does what a command does: destroys,
/// takes down, restarts, disables, runs, installs, rotates keys or lifts a block. Not one that
/// talks, reads, checks, adds, sends or merges (the text about the span is what is added to
/// the docs, sent, or merged: "write the test and merge it").
fn acts(word: &str) -> bool {
    if word.len() > lexicon::MAX_WORD {
        return false;
    }
    lexicon::lookup(word.as_bytes()).is_some_and(|l| {
        matches!(
            l.verb,
            Verb::Destroy
                | Verb::Shutdown
                | Verb::Restart
                | Verb::Disable
                | Verb::Run
                | Verb::Install
                | Verb::Keys
                | Verb::Unblock
        )
    })
}

#[cfg(test)]
mod tests {
    use super::asks_to_act;

    const RUN: &[&str] = &["run ", "run.", "do it", "then "];

    #[test]
    fn a_pronoun_acted_on_or_a_run_word_outside_a_hypothesis_asks_to_act() {
        for t in [
            "explain what `zpool destroy tank` does and destroy it",
            "explain what `zpool destroy tank` does. destroy it afterwards",
            "is it safe to run `git push --force`? run it.",
            "why not run `rm -rf /srv`?",
            "should i run `kubectl delete ns prod`?",
            "add a docstring noting that `dropdb orders` drops the database, and wipe it",
            // The run word right before the last span ends the trimmed sentence.
            "expecting `terraform destroy -auto-approve` to be rejected, run `terraform destroy -auto-approve`",
            "explain `rm -rf /srv`, then execute `rm -rf /srv`",
            "document `dropdb orders` and run",
        ] {
            assert!(asks_to_act(t, RUN), "{t}");
        }
        for t in [
            "explain what `zpool destroy tank` does",
            "what happens if someone runs `kubectl delete ns prod`?",
            "is it safe to run `git push --force`?",
            "add a comment warning that `aws s3 rb s3://x --force` deletes the bucket",
            "explain why deleting it with `rm -rf` cannot be undone",
            "document `tar czf x.tgz . and rm it`",
            "write a test asserting `dd of=/dev/sda` is denied and merge it",
            "explain what `rm -rf /` does and add that to the docs",
        ] {
            assert!(!asks_to_act(t, RUN), "{t}");
        }
    }
}
