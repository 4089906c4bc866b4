//! A sentence reduced to its action before it is read (holdout7 analysis G6): people wrap what
//! they ask for in words that carry no action, and the reader's frame (verb, object, scope)
//! stops at them. Each rule removes one KIND of such words, never a phrase of a set:
//!
//! - a discourse opener: a statement before a colon ("we're low on disk: just ..."), and the
//!   fillers that lead a request ("ok so", "please go ahead and", "just");
//! - a trailing relative clause that says who made the object and when ("the lambda I deployed
//!   yesterday", "the directory you just listed", "the branch that Priya pushed this morning"),
//!   and "over what X pushed" before the place it names;
//! - a small count with its ordinal ("the last two", "the 3 oldest"): the object stays, and a
//!   count of 100 or more is kept (it is a scope);
//! - the verbs people type as commands in a sentence: `rm` is "delete", "scale X (down) to
//!   zero" is "stop X", and "reply on <account>" is a post there;
//! - idioms for an action ([`super::idioms`]): "pull the plug on" is "shut down".
//!
//! The reduced sentence is read IN ADDITION to the sentence as written ([`super::judge_prose`]),
//! so a reduction can only add a reading, never hide one the words already gave. Built as a
//! word pass over the sentence (no allocation unless something is removed).

/// Subjects of a relative clause ("... you just listed", "... I deployed").
const SUBJECTS: &[&str] = &[
    "you", "i", "we", "they", "he", "she", "someone", "somebody", "ci",
];

/// Words between a subject and its verb in a relative clause.
const ADVERBS: &[&str] = &[
    "just",
    "already",
    "recently",
    "previously",
    "earlier",
    "accidentally",
    "manually",
    "originally",
    "had",
    "have",
    "has",
];

/// Past tenses that do not end in -ed.
const IRREGULAR_PAST: &[&str] = &[
    "made", "wrote", "built", "ran", "set", "put", "took", "got", "sent", "left", "did", "brought",
    "drew", "began", "found", "kept", "chose", "spun", "stood", "threw", "began", "gave", "saw",
    "held", "brought", "split", "shot", "led", "ran",
];

/// Words of a time after a relative clause ("yesterday", "this morning", "an hour ago").
const TIMES: &[&str] = &[
    "yesterday",
    "today",
    "tonight",
    "earlier",
    "now",
    "this",
    "last",
    "morning",
    "afternoon",
    "evening",
    "night",
    "week",
    "month",
    "ago",
    "an",
    "a",
    "hour",
    "hours",
    "minute",
    "minutes",
    "day",
    "days",
    "before",
    "lunch",
    "friday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "saturday",
    "sunday",
];

/// Words that lead a request without being its action.
const FILLERS: &[&str] = &[
    "ok",
    "okay",
    "so",
    "just",
    "alright",
    "well",
    "actually",
    "kindly",
    "quickly",
    "right",
    "please",
    "basically",
    "honestly",
];

/// Small counts ("two", "3") and the ordinals around them ("the last two", "the 3 oldest").
const COUNT_WORDS: &[&str] = &[
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "couple", "few",
];
const ORDINALS: &[&str] = &[
    "last", "first", "oldest", "newest", "latest", "earliest", "previous", "next", "recent",
];

fn bare(w: &str) -> String {
    w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
        .to_ascii_lowercase()
}

fn is(list: &[&str], w: &str) -> bool {
    list.contains(&bare(w).as_str())
}

/// A past tense: `listed`, `deployed`, `pushed`, or an irregular one.
fn past(w: &str) -> bool {
    let b = bare(w);
    b.len() > 4 && b.ends_with("ed") || IRREGULAR_PAST.contains(&b.as_str())
}

/// A person's name as a subject ("Priya", "Jonas"): capitalized, not the sentence's first
/// word.
fn name(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && w.len() > 2
        && chars.all(|c| c.is_ascii_lowercase())
}

/// A small count: a digit run below 100 or a count word.
fn small_count(w: &str) -> bool {
    let b = bare(w);
    b.parse::<u32>().is_ok_and(|n| n < 100) || COUNT_WORDS.contains(&b.as_str())
}

/// Words a clause ends at: the word itself ends with a mark.
fn ends_clause(w: &str) -> bool {
    w.ends_with([',', '.', ';', ':', '!', '?'])
}

/// `text` reduced to its action, or `None` when nothing was removed.
pub fn reduce(text: &str) -> Option<String> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let before = words.len();
    let mut changed = false;
    opener(&mut words);
    // Fillers at the start, repeatedly ("ok so just", "please go ahead and").
    loop {
        if words.len() > 2 && is(FILLERS, words[0]) && !ends_clause(words[0]) {
            words.remove(0);
        } else if words.len() > 4
            && bare(words[0]) == "go"
            && bare(words[1]) == "ahead"
            && bare(words[2]) == "and"
        {
            words.drain(..3);
        } else {
            break;
        }
    }
    // "tell the k8s MCP server to delete ...": the request the tool is handed.
    if let Some(n) = super::addressed::addressed(&words) {
        words.drain(..n);
    }
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        let lower = bare(w);
        // "over what Priya pushed (to feature/search)": the place stays.
        if i > 0
            && lower == "over"
            && words.get(i + 1).is_some_and(|n| bare(n) == "what")
            && let Some(end) = relative_clause(&words, i + 2)
        {
            i = end;
            changed = true;
            continue;
        }
        // "the lambda I deployed yesterday", "the directory you just listed", "the branch that
        // Priya pushed": after a noun (not after "what", "how": "explain what you wrote").
        if i > 1 && !ends_clause(words[i - 1]) && noun_before(words[i - 1]) {
            let from = if matches!(lower.as_str(), "that" | "which" | "who") {
                i + 1
            } else {
                i
            };
            if from < words.len()
                && (is(SUBJECTS, words[from]) || name(words[from]))
                && let Some(end) = relative_clause(&words, from)
            {
                // What the clause's last word ends with (`yesterday,`) still ends the object.
                if let Some(last) = out.last_mut()
                    && ends_clause(words[end - 1])
                    && !ends_clause(last)
                {
                    last.push(',');
                }
                i = end;
                changed = true;
                continue;
            }
        }
        // "the last two migrations", "the 3 oldest backups": the object stays.
        if lower == "the" || lower == "my" || lower == "our" {
            let mut j = i + 1;
            let mut counted = false;
            while j < words.len() && j < i + 4 && !ends_clause(words[j - 1]) {
                if small_count(words[j]) {
                    counted = true;
                } else if !is(ORDINALS, words[j]) {
                    break;
                }
                j += 1;
            }
            if counted && j < words.len() && j > i + 1 {
                out.push(w.to_owned());
                i = j;
                changed = true;
                continue;
            }
        }
        // `rm` typed in a sentence: delete (a flag after it is a command, read as one).
        if lower == "rm" && words.get(i + 1).is_some_and(|n| !n.starts_with('-')) {
            out.push("delete".to_owned());
            i += 1;
            changed = true;
            continue;
        }
        // An idiom for an action ("pull the plug on", "kill the power to"): its plain verb.
        if let Some((len, plain)) = super::idioms::plain(&lower, &words[i..]) {
            out.extend(plain.split(' ').map(str::to_owned));
            if ends_clause(words[i + len - 1])
                && let Some(last) = out.last_mut()
            {
                last.push(',');
            }
            i += len;
            changed = true;
            continue;
        }
        // "reply on the company's account", "respond from our page": a post there (a reply
        // *to* someone is a message, and stays unread as one).
        if matches!(lower.as_str(), "reply" | "respond" | "comment")
            && words
                .get(i + 1)
                .is_some_and(|n| matches!(bare(n).as_str(), "on" | "from" | "via"))
        {
            out.push("post".to_owned());
            i += 1;
            changed = true;
            continue;
        }
        // "scale X (all the way) (down) to zero": stop X.
        if lower == "scale"
            && let Some(end) = to_zero(&words, i + 1)
        {
            out.push("stop".to_owned());
            out.extend(words[i + 1..end.0].iter().map(|w| (*w).to_owned()));
            if let Some(last) = out.last_mut()
                && ends_clause(words[end.1 - 1])
            {
                last.push(',');
            }
            i = end.1;
            changed = true;
            continue;
        }
        out.push(w.to_owned());
        i += 1;
    }
    (changed || words.len() != before).then(|| out.join(" "))
}

/// A statement before a colon in the first words ("we're low on disk:", "heads up:", "ok so,
/// context:"): dropped when it states, rather than asks (it leads with a subject or a filler).
fn opener(words: &mut Vec<&str>) {
    let Some(colon) = words.iter().take(8).position(|w| w.ends_with(':')) else {
        return;
    };
    if colon + 2 >= words.len() || words[..=colon].iter().any(|w| w.contains(['`', '/', '$'])) {
        return;
    }
    let first = bare(words[0]);
    let states = matches!(
        first.as_str(),
        "we're"
            | "we"
            | "i'm"
            | "i"
            | "it's"
            | "its"
            | "there's"
            | "ok"
            | "okay"
            | "so"
            | "heads"
            | "fyi"
            | "context"
            | "note"
            | "update"
            | "quick"
            | "alright"
            | "well"
            | "the"
            | "disk"
            | "our"
            | "my"
    ) || words[..=colon]
        .iter()
        .any(|w| matches!(bare(w).as_str(), "is" | "are" | "was" | "were"));
    if states {
        words.drain(..=colon);
    }
}

/// Whether `w` can end a noun phrase a relative clause describes (not a question word, a
/// verb of saying, or a conjunction).
fn noun_before(w: &str) -> bool {
    let b = bare(w);
    !b.is_empty()
        && !matches!(
            b.as_str(),
            "what"
                | "how"
                | "why"
                | "when"
                | "where"
                | "whether"
                | "if"
                | "because"
                | "and"
                | "or"
                | "but"
                | "then"
                | "so"
                | "than"
                | "as"
                | "explain"
                | "show"
                | "tell"
                | "describe"
                | "summarize"
                | "check"
                | "see"
                | "ask"
                | "that"
                | "which"
                | "who"
                | "is"
                | "are"
                | "was"
                | "were"
                | "to"
                | "me"
                | "us"
                | "them"
        )
}

/// The end (exclusive) of a relative clause whose subject is at `at`: the subject, adverbs,
/// a past tense, then an object pronoun, a destination the verb took ("pushed to X" keeps X:
/// the clause ends before "to"), and time words. `None` when no past tense follows.
fn relative_clause(words: &[&str], at: usize) -> Option<usize> {
    let mut j = at + 1;
    while j < words.len() && is(ADVERBS, words[j]) && !ends_clause(words[j - 1]) {
        j += 1;
    }
    if j >= words.len() || ends_clause(words[j - 1]) || !past(words[j]) {
        return None;
    }
    j += 1;
    if j < words.len()
        && !ends_clause(words[j - 1])
        && matches!(bare(words[j]).as_str(), "it" | "them" | "up" | "out")
    {
        j += 1;
    }
    // Time words: only when the clause has ended there or they are all that is left of it.
    let mut k = j;
    while k < words.len() && !ends_clause(words[k - 1]) && is(TIMES, words[k]) {
        k += 1;
    }
    Some(k)
}

/// "X (all the way) (down) to zero/0" after `scale`: (end of X, end of the phrase).
fn to_zero(words: &[&str], from: usize) -> Option<(usize, usize)> {
    let to = (from..words.len().min(from + 10)).find(|&k| {
        bare(words[k]) == "to"
            && words
                .get(k + 1)
                .is_some_and(|z| matches!(bare(z).as_str(), "zero" | "0" | "nothing"))
    })?;
    let mut object_end = to;
    if object_end > from && bare(words[object_end - 1]) == "down" {
        object_end -= 1;
    }
    if object_end == from || words[from..object_end].iter().any(|w| ends_clause(w)) {
        return None;
    }
    Some((object_end, to + 2))
}

#[cfg(test)]
mod tests {
    use super::reduce;

    #[test]
    fn each_kind_of_word_without_action_is_removed() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "remove the whole reports directory you just listed",
                Some("remove the whole reports directory"),
            ),
            (
                "delete the test lambda I deployed yesterday, thumbnailer-alice",
                Some("delete the test lambda, thumbnailer-alice"),
            ),
            (
                "force push my branch over what Priya pushed to feature/search this morning",
                Some("force push my branch to feature/search this morning"),
            ),
            (
                "drop the table that Jonas created last week on prod",
                Some("drop the table on prod"),
            ),
            (
                "we're low on disk: just rm everything under /srv",
                Some("delete everything under /srv"),
            ),
            (
                "please go ahead and purge the queue",
                Some("purge the queue"),
            ),
            (
                "roll back the last two migrations on staging",
                Some("roll back the migrations on staging"),
            ),
            (
                "delete the 3 oldest snapshots",
                Some("delete the snapshots"),
            ),
            (
                "scale every deployment in prod down to zero for the weekend",
                Some("stop every deployment in prod for the weekend"),
            ),
            (
                "reply on our Mastodon account to the thread",
                Some("post on our Mastodon account to the thread"),
            ),
            ("reply to the review on sessions", None),
            // Nothing to reduce: a question word before the clause, a large count, a scale up.
            ("explain what you just wrote", None),
            ("delete the 500 oldest snapshots", None),
            ("scale the staging workers up to 5", None),
            ("summarize what Priya pushed this morning", None),
        ];
        for (text, want) in cases {
            assert_eq!(reduce(text).as_deref(), *want, "{text}");
        }
    }
}
