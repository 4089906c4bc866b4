//! What a request in words asks for, and what it only talks about (session 19: the most
//! frequent false positive of fresh sets is prose that forbids, limits or only asks about the
//! act: "summarize what the script does; don't execute it", "just count for now").
//!
//! A negation, a question or a report lowers only the act word it *governs*, never the text:
//!
//! - a negator governs the act word right after it, with only a few adverbs or clitic pronouns
//!   between ("don't execute it", "do not ever run", "without running", "instead of applying",
//!   "rather than deleting", "no lo ejecutes", "ne l'exécute pas"), or, in German, the verb of
//!   a clause that ends in `nicht` ("führe es nicht aus"). "don't *ask*, just run ...", "don't
//!   *hesitate* to drop ...", "don't *stop* until everything is deleted" negate another verb;
//!   "why not delete it?", "don't you drop it?", "not only delete ..." and two negators
//!   ("don't not delete") negate nothing;
//! - a question about what would happen ("what would happen if I ran ...?", "is `curl | sh`
//!   safe?", "how do I ...?") governs its sentence; one that asks for the act ("can you ...?",
//!   "why not ...?", "should we ...?") governs nothing;
//! - a report ("the runbook says to run ...", "the ticket says 'drop the table'") governs its
//!   own clause, or the quote it introduces;
//! - a clause led by a verb that only talks (explain, summarize, draft, document, review...)
//!   governs its own words, as the lexicon's mention verbs do;
//! - a possibility put off ("we may bulk-delete them later") governs its clause.
//!
//! A text is only talk ([`talk_only`]) when it says so at least once (a refusal, a limiter
//! such as "just count" or "only the document", a question about the act, a talking verb) and
//! **every** act word in it is governed: one act word left (a command's program name, a verb,
//! "do it", "go ahead") keeps everything. So adding a refusal beside an act never lowers the
//! act, and an unreadable construct lowers nothing. The caller lowers only what the words and
//! the commands inside them found; a command line of its own is judged as a command, and
//! tampering keeps its grade.
//!
//! The words of each role are data (tables below), in the languages the prose reader knows.
//! Cost: read only when the prose reading found something to lower (rare), one small vector of
//! words per call.

use super::lexicon::Verb;

/// Negators read as one word (English, German, French, Spanish, Italian, Portuguese).
const NEGATORS: &[&str] = &[
    "don't",
    "dont",
    "don’t",
    "doesn't",
    "didn't",
    "not",
    "never",
    "without",
    "avoid",
    "avoiding",
    "no",
    "won't",
    "wont",
    "shouldn't",
    "mustn't",
    "cannot",
    "can't",
    "nobody",
    "nothing",
    // German
    "nicht",
    "kein",
    "keine",
    "keinen",
    "ohne",
    "nie",
    "niemals",
    "statt",
    "anstatt",
    // French (the `n'` of "n'exécute" is read off the word itself)
    "ne",
    "sans",
    "jamais",
    // Spanish, Italian, Portuguese
    "nunca",
    "sin",
    "non",
    "mai",
    "senza",
    "não",
    "nao",
    "sem",
];

/// Negators of two or three words, each followed by the act it refuses.
const NEGATOR_PHRASES: &[&[&str]] = &[
    &["do", "not"],
    &["does", "not"],
    &["instead", "of"],
    &["rather", "than"],
    &["other", "than"],
    &["refrain", "from"],
    &["hold", "off", "on"],
    &["stop", "short", "of"],
    &["no", "need", "to"],
    &["no", "one"],
    &["au", "lieu", "de"],
    &["plutôt", "que"],
    &["en", "lugar", "de"],
    &["en", "vez", "de"],
    &["invece", "di"],
    &["em", "vez", "de"],
    &["ao", "invés", "de"],
    &["em", "lugar", "de"],
];

/// Words that may stand between a negator and the act it refuses ("don't ever run", "do not
/// actually apply", "not to run", "no lo ejecutes", "non lo eseguire").
const FILLERS: &[&str] = &[
    "ever",
    "actually",
    "really",
    "yet",
    "even",
    "accidentally",
    "directly",
    "immediately",
    "automatically",
    "to",
    "be",
    "go",
    "try",
    "to",
    "should",
    "must",
    "will",
    "can",
    "need",
    "have",
    "you",
    "we",
    "i",
    "it",
    "them",
    "this",
    "that",
    "any",
    "lo",
    "la",
    "los",
    "las",
    "le",
    "les",
    "li",
    "gli",
    "o",
    "a",
    "os",
    "as",
    "es",
    "sie",
    "das",
    "ihn",
    "se",
    "me",
    "te",
    "nos",
    "vous",
    "pas",
    "mehr",
    "bitte",
    "please",
];

/// Words right after a negator that make it no negation: "not only delete ...", "don't just
/// list them, delete them", "don't you drop it?", "nicht nur".
const NOT_NEGATING_NEXT: &[&str] = &["only", "just", "merely", "simply", "nur", "seulement"];

/// Words right before a negator that make it a request: "why not delete it?", "why don't we".
const REQUESTING_BEFORE: &[&str] = &["why", "how", "por", "pourquoi", "warum", "perché"];

/// Particles that may end a German clause after `nicht` ("führe es nicht aus").
const GERMAN_PARTICLES: &[&str] = &["aus", "ab", "an", "weg", "durch", "los", "mehr", "zurück"];

/// Verbs that, leading a clause, only talk about what follows: the words they govern are the
/// topic, not the act ("draft a runbook for tearing down ... with terraform destroy").
const TALKING: &[&str] = &[
    "explain",
    "describe",
    "summarize",
    "summarise",
    "document",
    "draft",
    "outline",
    "sketch",
    "review",
    "analyze",
    "analyse",
    "annotate",
    "compare",
    "discuss",
    "critique",
    "assess",
    "evaluate",
    "translate",
    "paraphrase",
    "tell",
    "estimate",
    "write",
    // German, French, Spanish, Italian, Portuguese
    "erkläre",
    "erklär",
    "beschreibe",
    "fasse",
    "explique",
    "expliquez",
    "décris",
    "décrivez",
    "résume",
    "résumez",
    "explica",
    "describe",
    "resume",
    "resumí",
    "spiega",
    "descrivi",
    "riassumi",
    "descreva",
    "resuma",
];

/// Words that may open a clause before its verb ("please explain", "just count", "now
/// summarize").
const LEADS: &[&str] = &[
    "please",
    "just",
    "only",
    "now",
    "first",
    "also",
    "kindly",
    "simply",
    "merely",
    "instead",
    "rather",
    "bitte",
    "nur",
    "seulement",
    "juste",
    "solo",
    "sólo",
    "apenas",
    "só",
];

/// Limiters: the request is only this ("just count", "only the document", "for now",
/// "read-only"). A limiter followed by an act word limits nothing ("just run ...").
const LIMITERS: &[&str] = &[
    "just",
    "only",
    "merely",
    "solely",
    "read-only",
    "readonly",
    "dry-run",
    "nur",
    "lediglich",
    "seulement",
    "uniquement",
    "juste",
    "solo",
    "sólo",
    "solamente",
    "únicamente",
    "soltanto",
    "soltanto",
    "apenas",
    "somente",
    "só",
];

/// Limiters of two words.
const LIMITER_PHRASES: &[&[&str]] = &[
    &["for", "now"],
    &["read", "only"],
    &["dry", "run"],
    &["no-op"],
    &["por", "ahora"],
    &["pour", "l'instant"],
    &["per", "ora"],
    &["por", "enquanto"],
    &["vorerst"],
];

/// What a negator may refuse by a noun: "no commands", "no changes", "don't do anything",
/// "nothing else".
const REFUSED_NOUNS: &[&str] = &[
    "command",
    "commands",
    "change",
    "changes",
    "write",
    "writes",
    "edit",
    "edits",
    "mutation",
    "mutations",
    "execution",
    "action",
    "actions",
    "anything",
    "else",
    "side",
    "apply",
    "befehle",
    "änderungen",
    "commandes",
    "changements",
    "comandos",
    "cambios",
    "comandi",
    "modifiche",
    "alterações",
    "nada",
    "rien",
    "niente",
    "nichts",
];

/// Words of a report: what follows is what a document or a person says, not the request
/// ("the runbook says to run ...", "the ticket says 'drop the table'").
const REPORTS: &[&str] = &[
    "says",
    "said",
    "say",
    "suggests",
    "suggested",
    "recommends",
    "recommended",
    "claims",
    "claimed",
    "instructs",
    "proposes",
    "proposed",
    "reads",
    "titled",
    "called",
    "named",
    "mentions",
    "according",
    "sagt",
    "steht",
    "dit",
    "indique",
    "dice",
    "diz",
];

/// Openers of a question about what would happen or how something works, and (session 20)
/// about what a command does in the other languages ("qu'est-ce que ...", "welche Dateien
/// ...", "cuál es ...", "che cosa ...", "qual é ...") or can do ("can `FLUSHALL` be undone?").
const QUESTION_OPENERS: &[&str] = &[
    "what",
    "how",
    "why",
    "when",
    "which",
    "where",
    "who",
    "whether",
    "is",
    "are",
    "was",
    "were",
    "does",
    "do",
    "did",
    "would",
    "will",
    "has",
    "have",
    "qué",
    "que",
    "cómo",
    "was",
    "wie",
    "warum",
    "ist",
    "comment",
    "pourquoi",
    "est-ce",
    "cosa",
    "come",
    "perché",
    "o",
    "como",
    "quantos",
    "cuántos",
    "combien",
    "wieviele",
    "quanti",
    "qu'est-ce",
    "quel",
    "quelle",
    "quels",
    "quelles",
    "quand",
    "où",
    "welche",
    "welcher",
    "welches",
    "wann",
    "wozu",
    "wieso",
    "weshalb",
    "kann",
    "cuál",
    "cuáles",
    "cuándo",
    "dónde",
    "che",
    "quale",
    "quali",
    "quando",
    "qual",
    "quais",
    "onde",
    "porque",
    "porquê",
    "can",
    "could",
];

/// Second words after `can` / `could` that ask for the act or for leave to do it ("can I drop
/// it?", "could someone wipe it?"): a question about a command asks what it can do ("can
/// `FLUSHALL` be undone?").
const PERMISSION_SECOND: &[&str] = &[
    "i", "someone", "somebody", "anyone", "anybody", "one", "u", "you", "we", "not",
];

/// Second words that turn a question into a request ("will you ...?", "do you mind ...?").
const REQUEST_SECOND: &[&str] = &["you", "u", "not", "we"];

/// Question openers of two words that ask for the act ("how about", "what about", "is it ok").
const REQUEST_OPENERS: &[&[&str]] = &[
    &["how", "about"],
    &["what", "about"],
    &["why", "not"],
    &["why", "don't"],
    &["is", "it", "ok"],
    &["is", "it", "okay"],
    &["what", "are", "you", "waiting"],
];

/// Words that put an act off ("we may bulk-delete them later").
const DEFERRALS: &[&str] = &[
    "later",
    "eventually",
    "someday",
    "sometime",
    "später",
    "tard",
    "tarde",
    "tardi",
];

/// Modals of a possibility or a hypothesis ("we may ...", "what it would delete").
const MODALS: &[&str] = &["may", "might", "could", "would", "will", "'ll"];

/// Words that ask for the act without naming it ("do it", "go ahead", "proceed").
const CARRY_ON: &[&str] = &["proceed", "ahead", "ran", "yes", "continue"];

/// Program names that are also common English words: as words they are no command.
const ENGLISH_PROGRAMS: &[&str] = &[
    "find", "make", "watch", "top", "last", "more", "less", "file", "free", "id", "man", "go",
    "set", "time", "test", "which", "yes", "who", "cut", "join", "split", "head", "tail", "sort",
    "wait", "read", "look", "host", "date", "diff", "link", "paste", "echo", "true", "false",
    "list", "type", "source", "history", "help", "env", "script", "printf", "seq", "expr", "dig",
    "users", "groups", "nice", "at", "tee", "say", "open", "sleep", "view", "jobs", "w", "note",
    "hash", "tree", "pass", "stat", "info", "last", "whatis",
];

/// One word of the text, as the scope reader sees it.
#[derive(Clone, Copy)]
struct W<'a> {
    /// Lower case, punctuation and quotes trimmed, a French clitic (`l'`, `n'`) read off.
    word: &'a str,
    /// The word ends a clause (`,` `:` a dash) or a sentence.
    clause_end: bool,
    /// The word ends a sentence (`.` `?` `!` `;` or a line end).
    sentence_end: bool,
    /// Inside a quote opened after a report.
    quoted: bool,
    /// A French `n'` was read off the word ("n'exécute").
    elided_negation: bool,
    /// The word ends its sentence with `?`.
    question: bool,
}

/// Whether `text` only talks about the acts it names: it says so (a refusal, a limiter, a
/// question about the act, a talking verb) and every act word in it is governed by a
/// negation, a question, a report, a talking verb or a put-off possibility.
pub fn talk_only(text: &str) -> bool {
    // "tell the k8s MCP server to delete ...": told to a tool, the request is done, not said.
    if super::addressed::to_tool(text) {
        return false;
    }
    let lower = text.to_lowercase();
    let words = words(&lower);
    if words.is_empty() {
        return false;
    }
    let mut said_so = false;
    let mut sentence_start = 0;
    for end in 0..words.len() {
        if !words[end].sentence_end && end + 1 != words.len() {
            continue;
        }
        let sentence = &words[sentence_start..=end];
        let question = asks_about(sentence);
        said_so |= question;
        let mut clause_start = 0;
        // A talking verb's or a report's reach, carried over "and" + a non-verb ("with
        // strimzi and helm uninstall").
        let mut frame = false;
        let mut reported = false;
        for i in 0..sentence.len() {
            let starts = i == 0
                || sentence[i - 1].clause_end
                || conjunction(sentence[i].word) && !joins_noun(sentence, i);
            if starts {
                clause_start = i;
                frame = talking_clause(&sentence[i..]);
                said_so |= frame;
                if i > 0 && sentence[i - 1].clause_end && !report_colon(sentence, i) {
                    reported = false;
                }
            }
            let w = sentence[i];
            if REPORTS.contains(&w.word) && !is_noun(sentence, i) {
                reported = true;
            }
            if limits(sentence, i) || refuses_noun(sentence, i) {
                said_so = true;
            }
            if !act(sentence, i) {
                continue;
            }
            let negated = negated(&sentence[clause_start..=i])
                || w.elided_negation
                || german_negated(sentence, clause_start, i);
            said_so |= negated;
            let governed = negated
                || question
                || frame
                || reported
                || w.quoted
                || put_off(&sentence[clause_start..], i - clause_start);
            if !governed {
                return false;
            }
        }
        sentence_start = end + 1;
    }
    said_so
}

/// The words of a lower-cased text, with clause and sentence ends and quotes marked.
fn words(lower: &str) -> Vec<W<'_>> {
    let mut out: Vec<W<'_>> = Vec::with_capacity(lower.len() / 5 + 1);
    let mut quote_open = false;
    let mut after_report = 0_u8;
    for line in lower.split('\n') {
        for raw in line.split_whitespace() {
            if matches!(raw, "—" | "–" | "-" | "--" | "...") {
                if let Some(last) = out.last_mut() {
                    last.clause_end = true;
                }
                continue;
            }
            let opens = raw.starts_with(['"', '\'', '“', '‘', '«', '`']);
            let trimmed_end = raw.trim_end_matches(['.', ',', ';', ':', '!', '?', ')']);
            let closes = trimmed_end.len() > 1
                && trimmed_end.ends_with(['"', '\'', '”', '’', '»', '`'])
                && !trimmed_end.ends_with("s'");
            let marks = raw.trim_end_matches(['"', '\'', '”', '’', '»', ')', '`']);
            let sentence_end = marks.ends_with(['.', '?', '!', ';']) && !raw.ends_with("e.g.");
            let question = marks.ends_with('?');
            let clause_end = sentence_end || raw.ends_with([',', ':', ')']);
            let mut word = raw.trim_matches(|c: char| {
                !(c.is_alphanumeric() || matches!(c, '\'' | '’' | '-' | '/' | '.' | '_' | '|'))
            });
            word = word.trim_matches(['\'', '’', '.']);
            let mut elided_negation = false;
            for clitic in ["n'", "n’", "l'", "l’", "d'", "d’", "s'", "s’"] {
                if let Some(rest) = word.strip_prefix(clitic)
                    && !rest.is_empty()
                {
                    elided_negation |= clitic.starts_with('n');
                    word = rest;
                }
            }
            if opens && !quote_open && after_report > 0 {
                quote_open = true;
            }
            let quoted = quote_open;
            if quote_open && closes {
                quote_open = false;
            }
            after_report = if REPORTS.contains(&word) || (after_report > 0 && raw.ends_with(':')) {
                3
            } else {
                after_report.saturating_sub(1)
            };
            if word.is_empty() {
                if let Some(last) = out.last_mut() {
                    last.clause_end |= clause_end;
                    last.sentence_end |= sentence_end;
                    last.question |= question;
                }
                continue;
            }
            out.push(W {
                word,
                clause_end,
                sentence_end,
                quoted,
                elided_negation,
                question,
            });
        }
        if let Some(last) = out.last_mut() {
            last.sentence_end = true;
            last.clause_end = true;
        }
    }
    out
}

/// Conjunctions that may start a new clause.
fn conjunction(w: &str) -> bool {
    matches!(
        w,
        "and"
            | "but"
            | "then"
            | "so"
            | "or"
            | "und"
            | "aber"
            | "dann"
            | "et"
            | "mais"
            | "puis"
            | "y"
            | "pero"
            | "luego"
            | "e"
            | "ma"
            | "poi"
            | "mas"
            | "depois"
    )
}

/// Whether the conjunction at `i` joins two nouns ("the logs and the metrics"): the word after
/// it is no act (no verb, no program: "explain the diff and git push --force" pushes), so the
/// clause goes on.
fn joins_noun(s: &[W<'_>], i: usize) -> bool {
    if !matches!(s[i].word, "and" | "or" | "und" | "et" | "y" | "e") {
        return false;
    }
    i + 1 < s.len() && !act(s, i + 1) && !matches!(s[i + 1].word, "do" | "go" | "then")
}

/// Whether a clause opens (after lead words) with a verb that only talks about what follows.
fn talking_clause(clause: &[W<'_>]) -> bool {
    let mut words = clause.iter().map(|w| w.word);
    let first = words.find(|w| !LEADS.contains(w) && !conjunction(w));
    first.is_some_and(|w| TALKING.contains(&w) || w == "write-up")
}

/// Whether the clause after a `:` at `i - 1` is what the report before it says ("the ticket
/// says: drop the table").
fn report_colon(s: &[W<'_>], i: usize) -> bool {
    REPORTS.contains(&s[i - 1].word)
}

/// Whether the word at `i` is a noun here: after a determiner ("the post", "a drop", "the
/// reads").
fn is_noun(s: &[W<'_>], i: usize) -> bool {
    i > 0
        && !s[i - 1].clause_end
        && matches!(
            s[i - 1].word,
            "the"
                | "a"
                | "an"
                | "this"
                | "that"
                | "these"
                | "those"
                | "my"
                | "our"
                | "your"
                | "its"
                | "their"
                | "his"
                | "her"
                | "le"
                | "la"
                | "el"
                | "il"
                | "die"
                | "der"
                | "das"
                | "o"
        )
}

/// Whether the word at `i` is an act: a verb of the lexicon that does something (not one that
/// talks or reads), a program's name that is no English word, a script, or a word that asks
/// for the act without naming it ("do it", "go ahead", "proceed").
fn act(s: &[W<'_>], i: usize) -> bool {
    let w = s[i].word;
    if w.is_empty() || is_noun(s, i) {
        return false;
    }
    if CARRY_ON.contains(&w) || run_request(w) {
        return true;
    }
    if w == "do"
        && s.get(i + 1).is_some_and(|n| {
            matches!(
                n.word,
                "it" | "that" | "this" | "so" | "them" | "the" | "same"
            )
        })
    {
        return true;
    }
    if w.contains('|') || w.starts_with("./") || w.ends_with(".sh") || w.ends_with(".ps1") {
        return true;
    }
    let lex = super::word(w);
    if !matches!(lex.verb, Verb::Absent | Verb::Mention | Verb::Access) {
        return true;
    }
    // A phrasal verb whose particle comes later in the clause ("take the payments deployment
    // in production down", "roll back just the last migration").
    let mut k = i;
    while k + 1 < s.len() && k < i + 8 && !s[k].clause_end {
        k += 1;
        if super::phrasal(w, s[k].word)
            .is_some_and(|(v, _)| !matches!(v, Verb::Mention | Verb::Access))
        {
            return true;
        }
    }
    // A word of the request's own grammar (`just` is a command runner too) is no program.
    if lex != super::lexicon::Lex::default()
        || ENGLISH_PROGRAMS.contains(&w)
        || [
            LEADS, LIMITERS, FILLERS, NEGATORS, REPORTS, TALKING, DEFERRALS, MODALS,
        ]
        .iter()
        .any(|list| list.contains(&w))
    {
        return false;
    }
    w.len() <= 40 && crate::is_program(w)
}

/// Whether the last word of `clause` (an act) is refused by a negator before it, with only
/// fillers between: one negator, not a request ("why not"), not an intensifier ("not only").
fn negated(clause: &[W<'_>]) -> bool {
    let n = clause.len();
    if n < 2 {
        return false;
    }
    let mut j = n - 1; // index of the act
    // Skip fillers back to the negator.
    while j > 0 && FILLERS.contains(&clause[j - 1].word) && negator_ends_at(clause, j - 1).is_none()
    {
        j -= 1;
    }
    if j == 0 {
        return false;
    }
    let Some(len) = negator_ends_at(clause, j - 1) else {
        return false;
    };
    let start = j - len; // the negator's first word
    if NOT_NEGATING_NEXT.contains(&clause[start + len].word) {
        return false;
    }
    // "don't you drop it?", "can't we just wipe it?": a question that asks for the act.
    if clause
        .get(start + len)
        .is_some_and(|w| REQUEST_SECOND.contains(&w.word) && start == 0)
        && clause[start].word.ends_with("n't")
    {
        return false;
    }
    let before = start.checked_sub(1).map(|b| clause[b].word);
    if before.is_some_and(|b| REQUESTING_BEFORE.contains(&b)) {
        return false;
    }
    // Two negators ("don't not delete"): read as no negation.
    if before.is_some_and(|b| NEGATORS.contains(&b)) {
        return false;
    }
    !clause[..start]
        .iter()
        .rev()
        .take(2)
        .any(|w| NEGATORS.contains(&w.word) && !FILLERS.contains(&w.word))
}

/// The length of a negator that ends at `at` in `clause` (one to three words), if any.
fn negator_ends_at(clause: &[W<'_>], at: usize) -> Option<usize> {
    for phrase in NEGATOR_PHRASES {
        let len = phrase.len();
        if at + 1 >= len
            && clause[at + 1 - len..=at]
                .iter()
                .zip(phrase.iter())
                .all(|(w, p)| w.word == *p)
        {
            return Some(len);
        }
    }
    NEGATORS.contains(&clause[at].word).then_some(1)
}

/// Whether the act at `i` opens a German clause that ends in `nicht` (and a particle): "führe
/// es nicht aus", "lösche die Tabelle nicht".
fn german_negated(s: &[W<'_>], clause_start: usize, i: usize) -> bool {
    if (clause_start..i).any(|k| act(s, k)) {
        return false;
    }
    let mut end = i;
    while end < s.len() && !s[end].clause_end {
        end += 1;
    }
    let end = end.min(s.len() - 1);
    let mut k = end;
    while k > i && GERMAN_PARTICLES.contains(&s[k].word) {
        k -= 1;
    }
    k > i && s[k].word == "nicht" && (k == end || GERMAN_PARTICLES.contains(&s[k + 1].word))
}

/// Whether the sentence asks what would happen or how something works, not for the act: it
/// ends with `?`, opens with a question word, and is no request ("can you ...?", "why not
/// ...?", "should we ...?", "... now?").
fn asks_about(sentence: &[W<'_>]) -> bool {
    let mut words = sentence
        .iter()
        .map(|w| w.word)
        .skip_while(|w| LEADS.contains(w));
    let (Some(first), second) = (words.next(), words.next()) else {
        return false;
    };
    let ends_in_question = sentence.last().is_some_and(|w| w.question);
    // "por qué ...?" opens a question, "por favor" a request.
    let opens = QUESTION_OPENERS.contains(&first)
        || first == "por" && second.is_some_and(|s| matches!(s, "qué" | "que"));
    if !ends_in_question || !opens {
        return false;
    }
    // "can `X` be run for me?": a request in the passive.
    let passive_request = sentence.windows(2).any(|p| {
        p[0].word == "be"
            && matches!(
                p[1].word,
                "run" | "executed" | "applied" | "done" | "launched" | "started" | "triggered"
            )
    });
    if matches!(first, "can" | "could")
        && (passive_request || second.is_none_or(|s| PERMISSION_SECOND.contains(&s)))
        || first == "kann" && second.is_none_or(|s| matches!(s, "ich" | "wir" | "du" | "sie"))
    {
        return false;
    }
    if second.is_some_and(|s| REQUEST_SECOND.contains(&s))
        && !matches!(
            first,
            "what" | "how" | "why" | "when" | "which" | "where" | "who"
        )
    {
        return false;
    }
    // "what does it do, and then run it?": the question asks for the act after all.
    if sentence
        .windows(2)
        .any(|p| conjunction(p[0].word) && run_request(p[1].word))
    {
        return false;
    }
    let ws: Vec<&str> = sentence.iter().map(|w| w.word).collect();
    if REQUEST_OPENERS
        .iter()
        .any(|p| ws.len() >= p.len() && ws[..p.len()] == **p)
    {
        return false;
    }
    !ws.iter().any(|w| {
        matches!(
            *w,
            "now" | "please" | "should" | "shall" | "ahora" | "jetzt"
        )
    })
}

/// Whether the word at `i` limits the request to something that is no act ("just count",
/// "only the document", "for now", "read-only").
fn limits(s: &[W<'_>], i: usize) -> bool {
    let next_acts = i + 1 < s.len() && !s[i].clause_end && act(s, i + 1);
    if LIMITERS.contains(&s[i].word) {
        return !next_acts;
    }
    LIMITER_PHRASES.iter().any(|p| {
        i + 1 >= p.len()
            && s[i + 1 - p.len()..=i]
                .iter()
                .zip(p.iter())
                .all(|(w, x)| w.word == *x)
    }) && !(p_is_negated(s, i))
}

/// Whether a limiter ending at `i` is itself negated ("not a dry run").
fn p_is_negated(s: &[W<'_>], i: usize) -> bool {
    s[..i]
        .iter()
        .rev()
        .take(4)
        .any(|w| matches!(w.word, "not" | "no" | "never" | "nicht" | "pas"))
}

/// Whether a negator refuses, by a noun, every act at once: "no commands", "no changes",
/// "don't do anything", "nothing else".
fn refuses_noun(s: &[W<'_>], i: usize) -> bool {
    if !REFUSED_NOUNS.contains(&s[i].word) {
        return false;
    }
    (i.saturating_sub(3)..i).any(|k| {
        NEGATORS.contains(&s[k].word)
            && !s[k..i].iter().any(|w| w.clause_end)
            && s[k + 1..i].iter().all(|w| {
                FILLERS.contains(&w.word) || matches!(w.word, "do" | "run" | "make" | "touch")
            })
    }) || s[i].word == "nothing"
}

/// Whether the act at `at` of `clause` is a possibility put off ("we may bulk-delete them
/// later") or a hypothesis under a question word ("what it would delete"): a modal right
/// before it, and a deferral in the clause or a question word before the modal.
fn put_off(clause: &[W<'_>], at: usize) -> bool {
    let mut j = at;
    while j > 0 && matches!(clause[j - 1].word, "need" | "to" | "have" | "want" | "also") {
        j -= 1;
    }
    if j == 0 || !MODALS.contains(&clause[j - 1].word) {
        return false;
    }
    let deferred = clause.iter().any(|w| DEFERRALS.contains(&w.word))
        || clause.windows(2).any(|p| {
            matches!(p[0].word, "next" | "some")
                && matches!(
                    p[1].word,
                    "week" | "month" | "quarter" | "sprint" | "year" | "point" | "day"
                )
        });
    let hypothesis = clause[..j - 1]
        .iter()
        .any(|w| matches!(w.word, "what" | "which" | "how" | "whether" | "if"));
    let requested = clause.get(j).is_some_and(|w| matches!(w.word, "you" | "u"));
    (deferred || hypothesis) && !requested && clause[j - 1].word != "will"
        || deferred && clause[j - 1].word == "will"
}

/// Whether the clause verb `verb` (a word of `clause`, the clause's words in order) is refused
/// by a negator that governs it ("don't delete", "without running"), as the prose reader's
/// negation must be: a negator of another verb ("don't hesitate to drop", "don't stop until
/// everything is deleted"), a request ("why not delete it?", "don't you drop it?") or two
/// negators refuse nothing.
pub(super) fn refuses_verb(clause: &[&str], verb: &str) -> bool {
    // A verb that negates itself (`--no-delete`, `no-restart`) is refused by its own word.
    if super::word(verb).flags & super::flag::NEG != 0 {
        return true;
    }
    let Some(at) = clause
        .iter()
        .position(|w| std::ptr::eq(w.as_ptr(), verb.as_ptr()) || *w == verb)
    else {
        return false;
    };
    let lower = clause[..=at].join(" ").to_lowercase();
    let ws = words(&lower);
    // The verb's own clause: from the last clause end before it.
    let start = ws[..ws.len().saturating_sub(1)]
        .iter()
        .rposition(|w| w.clause_end)
        .map_or(0, |k| k + 1);
    let own = &ws[start..];
    negated(own) || own.last().is_some_and(|w| w.elided_negation)
}

/// Whether a clause that opens with a question word asks for the act instead ("why not delete
/// it?", "why don't we drop it?", "how about wiping it?", "should we drop it?").
pub(super) fn requests(clause: &[&str]) -> bool {
    let lower: Vec<String> = clause.iter().take(4).map(|w| w.to_lowercase()).collect();
    let ws: Vec<&str> = lower.iter().map(String::as_str).collect();
    REQUEST_OPENERS
        .iter()
        .any(|p| ws.len() >= p.len() && ws[..p.len()] == **p)
}

/// Whether `w` asks to run something in a language the reader knows ("ejecútalo",
/// "lance-le", "führe"): [`RUN_REQUESTS`] less the words with a reading of their own ("do it",
/// "go", "try", "yes", "continue").
fn run_request(w: &str) -> bool {
    let verb = w.split('-').next().unwrap_or(w);
    !matches!(verb, "do" | "go" | "try" | "yes" | "continue" | "carry")
        && (RUN_REQUESTS.contains(&w) || RUN_REQUESTS.contains(&verb))
}

/// What stands for a code span in the sentences [`spans_asked_about`] reads.
const SPAN_MARK: &str = " codespanmark ";

/// Words that ask for the act in any language the reader knows: outside a question, or after
/// "then"/"and" inside one, they ask for the command the question is about ("what does `X`
/// do? Then run it", "¿qué hace `X`? Ejecútalo").
const RUN_REQUESTS: &[&str] = &[
    "run",
    "rerun",
    "execute",
    "exec",
    "invoke",
    "launch",
    "apply",
    "proceed",
    "ahead",
    "yes",
    "continue",
    "do",
    "try",
    "ausführen",
    "führe",
    "führ",
    "starte",
    "mach",
    "exécute",
    "exécutez",
    "lance",
    "lancez",
    "vas-y",
    "allez-y",
    "ejecuta",
    "ejecútalo",
    "ejecutalo",
    "hazlo",
    "adelante",
    "lanza",
    "esegui",
    "eseguilo",
    "eseguila",
    "lancia",
    "fallo",
    "procedi",
    "executa",
    "execute-o",
    "rode",
    "roda",
    "faça",
    "faz",
    "prossiga",
    "go",
    "carry",
];

/// For each code span of `text` (`spans`, in order), whether its sentence only
/// asks about it ("why would `rm -rf $UNSET/*` wipe the root?", "que fait `zpool destroy`
/// ?"): a question about what it does or would do, not a request ("can you run `X`?", "should
/// we run `X` now?"), and no sentence of the text asks for the act (a run word outside the
/// questions, or after "then"/"and" inside one). Empty when any sentence asks for the act, so
/// nothing is lowered. Read only for a text with spans whose commands found something.
pub fn spans_asked_about(text: &str, spans: &[&str]) -> Vec<bool> {
    let mut blanked = text.to_owned();
    for span in spans {
        blanked = blanked.replacen(span, SPAN_MARK, 1);
    }
    let count = spans.len();
    let lower = blanked.to_lowercase();
    let ws = words(&lower);
    let mark = SPAN_MARK.trim();
    let mut asked = Vec::with_capacity(count);
    let mut start = 0;
    for end in 0..ws.len() {
        if !ws[end].sentence_end && end + 1 != ws.len() {
            continue;
        }
        let sentence = &ws[start..=end];
        start = end + 1;
        let question = asks_about(sentence);
        let requested = sentence.iter().enumerate().any(|(i, w)| {
            // A clitic pronoun hyphenated to the verb: "lance-le", "exécute-la".
            let verb = w.word.split('-').next().unwrap_or(w.word);
            let run = (RUN_REQUESTS.contains(&w.word) || RUN_REQUESTS.contains(&verb))
                && !(w.word == "do" && sentence.get(i + 1).is_some_and(|n| n.word != "it"));
            run && (!question || i > 0 && conjunction(sentence[i - 1].word))
                || matches!(w.word, "ahead" | "again" | "retry" | "redo")
                || w.word == "do" && sentence.get(i + 1).is_some_and(|n| n.word == "it")
                // Outside a question, an act with no command of its own acts on the topic
                // ("what does `X` do? Delete it."); a sentence with its own span is that
                // span's ("Add `set -u` to deploy.sh") and is judged as it.
                || !question
                    && !sentence.iter().any(|w| w.word == mark)
                    && act(sentence, i)
        });
        if requested {
            return Vec::new();
        }
        asked.extend(sentence.iter().filter(|w| w.word == mark).map(|_| question));
    }
    if asked.len() == count {
        asked
    } else {
        Vec::new()
    }
}
