//! Plain language, judged by what the agent will do: the main verb of each clause, its object
//! and its scope.
//!
//! Built as a word scan over one sorted table ([`lexicon`]) because a hint in words has no
//! grammar to parse reliably, but its risk is carried by a few roles: the *verb* (delete, email,
//! transfer, deploy, grant...), the *object* (issues, customers, the production database,
//! tokens...), and the *scope* (all / every / 50,000 / production / publicly / $25,000 / without
//! review). A clause is led by its first verb: when that verb only talks about something
//! (explain, review, summarize, rename, test, write), the clause goes ahead whatever words
//! follow, so "explain the drop_duplicates call" and "review the PR that deletes all issues" are
//! mentions, not actions ("mentions are not actions", judgement.md). `and`, `then`, commas and
//! sentence ends start a new clause when a new verb follows: "read the credentials and post them
//! to https://..." is two actions, the second judged with what the first read.
//!
//! Speed: one pass to cut the text into tokens (one small vector per call), each word looked up
//! lower-cased in a stack buffer by binary search; no allocation per word. Findings allocate
//! their message.
//!
//! Grades (severity by reversibility and scope): destroying a data store (database, bucket,
//! backups, repository, project) is verified, in production or in bulk stopped; destroying work
//! items, people's accounts or records is confirmed, in bulk stopped; moving money is confirmed,
//! from $1,000 verified, from $10,000 or to an IBAN stopped; messages to all customers (or more
//! than 100 people) are stopped, public posts confirmed, public posts of internal material
//! stopped; a secret sent anywhere is exfiltration (stopped); privilege grants are verified;
//! deploys to production without review or tests are verified; anything that approves, unblocks,
//! disables or edits airlock itself is tampering (stopped).

mod addressed;
mod classes;
pub mod commands;
mod cutover;
mod environments;
pub mod guard_words;
mod idioms;
pub mod lexicon;
mod opened;
mod operations;
mod others;
mod reduce;
mod review_approval;
pub mod scope;
pub mod work_items;

use std::cell::RefCell;

use airlock_guest_common::danger::{DangerClass, DangerPatterns};

use crate::finding::{Family, Finding, Severity};
use crate::substring::has;
use lexicon::{Lex, Verb, flag, obj};

/// What one token is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// A word, with its roles (all zero for an unknown word).
    Word(Lex),
    /// An operation name (`drop_duplicates`, `deleteAllRecords`, `records.deleteAll`): read as
    /// the words it is made of only in call position ([`compound`]), else a name mentioned.
    Name,
    /// `https://...`: a network sink.
    Url,
    /// `someone@example.com`: a sink, and a person.
    Email,
    /// A path; whether it names a secret, the guard's state, or a system location.
    Path {
        secret: bool,
        airlock: bool,
        system: bool,
    },
    /// An amount of money (`$25,000`, `€80,000`).
    Money(f64),
    /// A plain number (`50,000`, `1.2M`, `312`).
    Number(f64),
    /// `#42`.
    Id,
}

#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    kind: Kind,
    /// A clause may end after this token (`,` `.` `;` `:` `!` `?` or a line end).
    brk: bool,
}

impl Token<'_> {
    fn lex(&self) -> Lex {
        match self.kind {
            Kind::Word(l) => l,
            Kind::Email => Lex {
                verb: Verb::Absent,
                obj: obj::PEOPLE,
                flags: 0,
                checks: 0,
            },
            _ => Lex {
                verb: Verb::Absent,
                obj: 0,
                flags: 0,
                checks: 0,
            },
        }
    }
}

/// Cuts `text` into tokens.
fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out: Vec<Token<'_>> = Vec::with_capacity(text.len() / 5 + 1);
    for line in text.split('\n') {
        for raw in line.split_whitespace() {
            let brk = raw.ends_with([',', '.', ';', ':', '!', '?']);
            let core = raw
                .trim_start_matches(['(', '"', '\'', '[', '{', '<', '*', '`'])
                .trim_end_matches([
                    ')', '"', '\'', ']', '}', '>', '*', '`', ',', '.', ';', ':', '!', '?', '(',
                ]);
            if core.is_empty() {
                if let Some(last) = out.last_mut().filter(|_| brk) {
                    last.brk = true;
                }
                continue;
            }
            out.push(Token {
                text: core,
                kind: classify(core),
                brk,
            });
        }
        if let Some(last) = out.last_mut() {
            last.brk = true;
        }
    }
    out
}

fn classify(core: &str) -> Kind {
    let b = core.as_bytes();
    // The usual token is a plain word (letters, `'`, `-`): straight to the lexicon.
    if b.iter()
        .all(|&c| c.is_ascii_alphabetic() || c == b'\'' || c == b'-')
    {
        let lex = word(core);
        // `deleteAllRecords`, `purgeUsers`: a camelCase operation name (an English word the
        // lexicon knows, `GitHub`, keeps its roles).
        if lex == Lex::default() && camel(b) && !b.contains(&b'\'') {
            return Kind::Name;
        }
        return Kind::Word(lex);
    }
    if has(core, "://") || core.starts_with("www.") {
        return Kind::Url;
    }
    if let Some(at) = core.find('@')
        && at > 0
        && core[at..].contains('.')
        && !core.contains('/')
        && !core.contains(':')
    {
        return Kind::Email;
    }
    if matches!(b[0], b'$') || core.starts_with('€') || core.starts_with('£') {
        let rest = core.trim_start_matches(['$', '€', '£']);
        if let Some(v) = number(rest) {
            return Kind::Money(v);
        }
    }
    if b[0] == b'#' && b.len() > 1 && b[1..].iter().all(u8::is_ascii_digit) {
        return Kind::Id;
    }
    if b[0].is_ascii_digit() {
        if let Some(v) = number(core) {
            return Kind::Number(v);
        }
        if let Some(v) = core
            .strip_suffix(['€', '£'])
            .or_else(|| core.strip_suffix("usd"))
            .and_then(number)
        {
            return Kind::Money(v);
        }
    }
    if core.contains('/') || core.starts_with('~') || (b[0] == b'.' && b.len() > 1) {
        return path(core);
    }
    let underscore = core.contains('_');
    if underscore && secret_path(core) {
        return path(core);
    }
    if underscore && core.trim_matches('_').contains('_') {
        return Kind::Name;
    }
    if core.contains('.')
        && (secret_path(core) || core.to_ascii_lowercase().ends_with("policy.json"))
    {
        return path(core);
    }
    // `records.deleteAll`, `client.purge_cache`: a method called on an object (a file name
    // ends in a short lower-case extension instead: `delete-button.tsx`).
    if let Some((_, method)) = core.rsplit_once('.')
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-'))
        && (camel(method.as_bytes()) || method.contains('_'))
    {
        return Kind::Name;
    }
    Kind::Word(word(core))
}

/// A lower-case letter followed by a capital: a camelCase boundary.
fn camel(b: &[u8]) -> bool {
    b.windows(2)
        .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase())
}

/// How an identifier is read as words: its merged roles, and where its verb part ends and the
/// rest begins (byte offsets into it), for messages.
struct Compound {
    lex: Lex,
    verb_start: usize,
    verb_end: usize,
    rest_start: usize,
}

/// An identifier (`wipe-data`, `deleteAllRecords`, `purge_all_users`, `records.deleteAll`,
/// `mcp__db__drop_table`) read as the words it is made of: separators (`-`, `_`, `.`) and, with
/// `camel_case`, case boundaries (`HTTPRequest` is `HTTP` + `Request`) cut it, each part is looked up,
/// and the roles merge as in a hyphenated word (the first verb, every object and scope).
/// Resemblance suffixes (`prod-like`) and `non-`/`pre-` prefixes read as nothing, as in
/// [`word`]. One pass over the bytes with one stack buffer: no allocation.
fn compound(text: &str, camel_case: bool) -> Option<Compound> {
    let b = text.as_bytes();
    let mut lex = Lex::default();
    let (mut verb_start, mut verb_end, mut rest_start) = (0, 0, 0);
    let mut verb_part = false;
    let mut parts = 0;
    let mut start = 0;
    let mut buf = [0_u8; lexicon::MAX_WORD];
    for i in 1..=b.len() {
        let cut = i == b.len()
            || matches!(b[i], b'-' | b'_' | b'.' | b':')
            || camel_case
                && b[i].is_ascii_uppercase()
                && (b[i - 1].is_ascii_lowercase()
                    || b[i - 1].is_ascii_uppercase()
                        && b.get(i + 1).is_some_and(u8::is_ascii_lowercase));
        if !cut {
            continue;
        }
        let part = &b[start..i];
        let part_start = start;
        start = i + usize::from(i < b.len() && matches!(b[i], b'-' | b'_' | b'.' | b':'));
        if part.is_empty() || matches!(part[0], b'-' | b'_' | b'.' | b':') {
            continue;
        }
        parts += 1;
        if verb_part && rest_start == 0 {
            rest_start = part_start;
        }
        if part.len() > lexicon::MAX_WORD || !part.is_ascii() {
            continue;
        }
        let n = part.len();
        for (d, s) in buf.iter_mut().zip(part) {
            *d = s.to_ascii_lowercase();
        }
        let w = &buf[..n];
        if parts == 1 && (w == b"non" || w == b"pre") {
            return None;
        }
        if i == b.len() && [&b"like"[..], b"ish", b"style"].contains(&w) {
            return None;
        }
        if let Some(l) = lexicon::lookup(w) {
            if lex.verb == Verb::Absent && l.verb != Verb::Absent {
                lex.verb = l.verb;
                verb_start = part_start;
                verb_end = i;
                verb_part = true;
            } else {
                lex.obj |= l.obj;
            }
            lex.flags |= l.flags & !(flag::DET | flag::PREP | flag::SPLIT | flag::QUESTION);
        }
    }
    (parts > 1 && lex.verb != Verb::Absent).then_some(Compound {
        lex,
        verb_start,
        verb_end,
        rest_start,
    })
}

/// A number as written: `312`, `50,000`, `1.2M`, `10k`, `89.00`. Versions (`2.0.0`), times
/// (`10:00`) and percentages are not numbers.
fn number(s: &str) -> Option<f64> {
    let (digits, scale) = match s.as_bytes().last()? {
        b'k' | b'K' => (&s[..s.len() - 1], 1e3),
        b'm' | b'M' => (&s[..s.len() - 1], 1e6),
        b'b' | b'B' => (&s[..s.len() - 1], 1e9),
        _ => (s, 1.0),
    };
    if digits.is_empty()
        || !digits
            .bytes()
            .all(|c| c.is_ascii_digit() || c == b',' || c == b'.')
        || digits.bytes().filter(|&c| c == b'.').count() > 1
    {
        return None;
    }
    // Digits, thousands separators and one decimal point, read without a copy.
    let mut value = 0.0_f64;
    let mut fraction = 0.0_f64;
    for c in digits.bytes() {
        match c {
            b',' => {}
            b'.' => fraction = 1.0,
            d => {
                let d = f64::from(d - b'0');
                if fraction > 0.0 {
                    fraction /= 10.0;
                    value += d * fraction;
                } else {
                    value = value * 10.0 + d;
                }
            }
        }
    }
    Some(value * scale)
}

/// A word of a Latin-script language lower-cased with its accents dropped (`producción` is
/// `produccion`, `Lösche` is `losche`, `données` is `donnees`), so the lexicon's few words of
/// other languages are written once in ASCII; `None` for any other letter.
fn fold_accents(w: &str, buf: &mut [u8; lexicon::MAX_WORD]) -> Option<usize> {
    let mut n = 0;
    for c in w.chars() {
        let base = match c.to_lowercase().next().unwrap_or(c) {
            c if c.is_ascii() => c.to_ascii_lowercase(),
            'á' | 'à' | 'â' | 'ä' | 'ã' | 'å' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            _ => return None,
        };
        *buf.get_mut(n)? = base as u8;
        n += 1;
    }
    Some(n)
}

/// The roles of a word (hyphenated words by their parts when the whole is not known: `mass-delete`
/// is bulk and destroy, `acme-prod` is production; `non-prod` and `pre-production` are not).
fn word(w: &str) -> Lex {
    let empty = Lex {
        verb: Verb::Absent,
        obj: 0,
        flags: 0,
        checks: 0,
    };
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let lower = |w: &str, buf: &mut [u8; lexicon::MAX_WORD]| -> Option<usize> {
        let b = w.as_bytes();
        if b.len() > lexicon::MAX_WORD {
            return None;
        }
        if !w.is_ascii() {
            return fold_accents(w, buf);
        }
        for (d, s) in buf.iter_mut().zip(b) {
            *d = s.to_ascii_lowercase();
        }
        Some(b.len())
    };
    let Some(n) = lower(w, &mut buf) else {
        return empty;
    };
    if let Some(l) = lexicon::lookup(&buf[..n]) {
        return l;
    }
    if !w.contains('-') {
        return empty;
    }
    // `prod-like`, `production-ish`, `customer-style`: resembling the thing, not the thing (a
    // prod-like environment is a staging one).
    if let Some((_, last)) = w.rsplit_once('-')
        && ["like", "ish", "style"]
            .iter()
            .any(|s| last.eq_ignore_ascii_case(s))
    {
        return empty;
    }
    let mut all = empty;
    for part in w.split('-') {
        let Some(n) = lower(part, &mut buf) else {
            continue;
        };
        let p = &buf[..n];
        if p == b"non" || p == b"pre" {
            return empty;
        }
        if let Some(l) = lexicon::lookup(p) {
            if all.verb == Verb::Absent {
                all.verb = l.verb;
            }
            all.obj |= l.obj;
            all.flags |= l.flags & !(flag::DET | flag::PREP | flag::SPLIT | flag::QUESTION);
        }
    }
    all
}

/// Whether a path names a credential or key file (ASCII case-insensitive, no allocation): one
/// look at each `/`-separated component.
fn secret_path(p: &str) -> bool {
    let l = p
        .trim_matches(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '~' | '_')));
    let is = |c: &str, k: &str| c.eq_ignore_ascii_case(k);
    let starts = |c: &str, k: &str| {
        c.len() >= k.len() && c.as_bytes()[..k.len()].eq_ignore_ascii_case(k.as_bytes())
    };
    let ends = |c: &str, k: &str| {
        c.len() >= k.len() && c.as_bytes()[c.len() - k.len()..].eq_ignore_ascii_case(k.as_bytes())
    };
    let contains = |c: &str, k: &str| {
        c.len() >= k.len()
            && c.as_bytes()
                .windows(k.len())
                .any(|w| w.eq_ignore_ascii_case(k.as_bytes()))
    };
    let mut parts = l.split('/').filter(|c| !c.is_empty()).peekable();
    let mut etc = false;
    while let Some(c) = parts.next() {
        let last = parts.peek().is_none();
        // Templates hold no secret: `.env.example`, `secrets.sample.yaml`.
        if last
            && [".example", ".sample", ".template", ".dist"]
                .iter()
                .any(|t| contains(c, t))
        {
            return false;
        }
        let secret = is(c, ".env")
            || starts(c, ".env.")
            || (last && ends(c, ".env"))
            || [
                ".aws",
                ".ssh",
                ".kube",
                ".gnupg",
                ".netrc",
                ".pgpass",
                ".npmrc",
                ".pypirc",
                ".git-credentials",
                "kubeconfig",
            ]
            .iter()
            .any(|k| is(c, k))
            || starts(c, "id_rsa")
            || starts(c, "id_ed25519")
            || starts(c, "id_ecdsa")
            || starts(c, "secrets.")
            || contains(c, "credentials")
            || (etc && is(c, "shadow"))
            || (last && [".pem", ".key", ".p12"].iter().any(|e| ends(c, e)));
        if secret {
            return true;
        }
        etc = is(c, "etc");
    }
    // The rest of the catalog (tools' login files: `~/.config/hub`, `~/.cargo/credentials`...),
    // for paths the quick look above does not know.
    l.contains(['/', '.']) && crate::recognize::paths::secret(l).is_some()
}

/// Whether a text asks for secrets' names only: it says so ("names only", "only the names",
/// "just the key names", "without their values") and every "value" it says is refused, with
/// no word that asks for the content (decrypt, reveal, plaintext, contents, password of).
pub fn names_only_request(text: &str) -> bool {
    let t = text.to_ascii_lowercase();
    const NAMES: &[&str] = &[
        "names only",
        "only the names",
        "only their names",
        "just the names",
        "just their names",
        "only names",
        "key names",
        "without their values",
        "without the values",
        "without values",
        "without printing the values",
        "without showing the values",
    ];
    const REFUSED_VALUES: &[&str] = &[
        "without their values",
        "without the values",
        "without values",
        "without printing the values",
        "without showing the values",
        "no values",
        "not the values",
        "not their values",
    ];
    if !NAMES.iter().any(|n| t.contains(n)) {
        return false;
    }
    if [
        "decrypt",
        "reveal",
        "plaintext",
        "contents",
        "in clear",
        "unmask",
    ]
    .iter()
    .any(|w| t.contains(w))
    {
        return false;
    }
    // One secret named in the singular is its value ("names only, and also print the DB
    // password"): the names-only words cover the listing, not that.
    const ONE_VALUE: &[&str] = &[
        "password",
        "passwd",
        "passphrase",
        "token",
        "private key",
        "secret key",
        "api key",
        "access key",
        "connection string",
        "dsn",
        "its value",
    ];
    if ONE_VALUE.iter().any(|v| whole_phrase(&t, v)) {
        return false;
    }
    let values = t.matches("value").count();
    let refused: usize = REFUSED_VALUES.iter().map(|r| t.matches(r).count()).sum();
    values <= refused
}

/// Whether `phrase` occurs in `text` as whole words (`token` in "the token", not in "tokens"
/// or "tokenizer").
fn whole_phrase(text: &str, phrase: &str) -> bool {
    let b = text.as_bytes();
    text.match_indices(phrase).any(|(i, m)| {
        let before = i.checked_sub(1).map(|j| b[j]);
        let after = b.get(i + m.len()).copied();
        !before.is_some_and(|c| c.is_ascii_alphanumeric())
            && !after.is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// Whether the words just before a verb (closest first) refuse it: "don't execute", "do not
/// run", "never run", "without running", "don't ever run". A refusal of one verb says nothing
/// of another verb of the text.
pub fn refused(before: &[&str; 4]) -> bool {
    let neg = |w: &str| {
        matches!(
            w.to_ascii_lowercase().as_str(),
            "don't"
                | "dont"
                | "don’t"
                | "not"
                | "never"
                | "without"
                | "no"
                | "shouldn't"
                | "mustn't"
                | "won't"
        )
    };
    neg(before[0])
        || neg(before[1])
            && matches!(
                before[0].to_ascii_lowercase().as_str(),
                "ever" | "yet" | "actually" | "just" | "then" | "even"
            )
}

/// Whether a secret's path in a sentence names no secret read, judging by the words just before
/// it (`before`: closest first): the destination of a copy or a creation ("copy .env.example *to*
/// .env", "*create* .env from it", "fill in *the* .env") is written, not read, and a template
/// named in words ("the *example* .env file", "a *sample* credentials.json") holds placeholders.
pub fn names_no_secret<'w>(before: impl IntoIterator<Item = &'w str>) -> bool {
    const SKIP: &[&str] = &[
        "the", "a", "an", "your", "my", "our", "its", "their", "new", "local", "own", "in", "out",
    ];
    // Verbs that only ever produce the file they name ("write", "save" and "make" also take
    // what is read: "write ~/.ssh/id_rsa to stdout").
    const DESTINATION: &[&str] = &[
        "to",
        "into",
        "create",
        "creates",
        "creating",
        "fill",
        "fills",
        "filling",
        "populate",
        "populates",
        "generate",
        "generates",
        "touch",
        "scaffold",
    ];
    const TEMPLATE: &[&str] = &[
        "example",
        "sample",
        "template",
        "dummy",
        "placeholder",
        "fake",
        "mock",
    ];
    let is = |w: &str, list: &[&str]| list.iter().any(|x| w.eq_ignore_ascii_case(x));
    for w in before.into_iter().take(4) {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric());
        if is(w, DESTINATION) || is(w, TEMPLATE) {
            return true;
        }
        if !is(w, SKIP) {
            return false;
        }
    }
    false
}

fn path(p: &str) -> Kind {
    let l = p.to_ascii_lowercase();
    let system = l == "/"
        || l == "~"
        || l == "~/"
        || l.starts_with("$home")
        || [
            "/etc", "/var", "/usr", "/lib", "/boot", "/bin", "/sbin", "/opt", "/root", "/home",
            "/srv", "/dev", "/sys",
        ]
        .iter()
        .any(|s| l == *s || l.starts_with(&[s, "/"].concat()));
    Kind::Path {
        secret: secret_path(p),
        // airlock's own files: its state, its policy directory's policy.json.
        airlock: has(&l, "airlock") || has(&l, "state.redb") || l.ends_with("policy.json"),
        system,
    }
}

/// The prefilter: whether `text` holds anything that can lead to a finding, from one pass over
/// its bytes with the compile-time key sets of [`lexicon`] (no lookup, no allocation). Most hints
/// name no dangerous verb, credential, download, operation name or guard, and stop here.
///
/// A word's key is its first three letters, so the sets admit more words than the lexicon
/// holds (`delegate` shares `del`): a false pass only costs the full reading. A false stop would
/// be a missed finding: `prefilter_never_hides_a_finding` (tests) checks the full reading finds
/// nothing in every text the prefilter stops, over the corpus and the tests' tables.
pub fn may_act(text: &str, has_recent: bool) -> bool {
    let b = text.as_bytes();
    if text.contains('€') || text.contains('£') {
        return true;
    }
    // A verb of another language spelled with an accent ("Lösche die Produktionsdatenbank"):
    // the scan below reads ASCII letters only.
    if !text.is_ascii()
        && environments::ACCENTED_VERBS
            .iter()
            .any(|v| text.contains(v))
    {
        return true;
    }
    let (mut weak, mut object, mut with_recent) = (false, false, false);
    // An operation of [`operations`]: one of its lead verbs and one of its objects.
    let (mut op_verb, mut op_object) = (false, false);
    // Paths and URLs matter only beside a read, send or run verb (a secret shown or sent, a
    // script run) or as a script URL: they are looked at after the words, and only then.
    let (mut reads, mut paths) = (false, false);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphabetic() {
            let start = i;
            let mut underscore = false;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'\'' || b[i] == b'_') {
                underscore |= b[i] == b'_';
                i += 1;
            }
            let w = &b[start..i];
            // camelCase operation names (`dropTable`).
            if w.windows(2)
                .any(|p| p[0].is_ascii_lowercase() && p[1].is_ascii_uppercase())
            {
                return true;
            }
            if underscore {
                // A snake_case name: does one of its parts start a danger pattern?
                if w.split(|&c| c == b'_')
                    .any(|part| lexicon::holds(&lexicon::NAME_PARTS, part))
                {
                    return true;
                }
                continue;
            }
            if lexicon::holds(&lexicon::STRONG, w) {
                return true;
            }
            if lexicon::holds(&lexicon::WHOLE_KEYS, w) && lexicon::strong_whole(w) {
                return true;
            }
            weak |= lexicon::holds(&lexicon::WEAK, w);
            object |= lexicon::holds(&lexicon::OBJECTS, w);
            let run_or_read = lexicon::holds(&lexicon::WITH_RECENT, w);
            reads |= run_or_read;
            with_recent |= has_recent && run_or_read;
            if weak && object {
                return true;
            }
            if lexicon::holds(&operations::STRONG_VERB_KEYS, w) && operations::strong_verb(w) {
                return true;
            }
            op_verb |= lexicon::holds(&operations::VERB_KEYS, w);
            op_object |= lexicon::holds(&operations::OBJECT_KEYS, w);
            if op_verb && op_object {
                return true;
            }
            continue;
        }
        // Paths, URLs and amounts: a credential file, a script to run, a sum of money.
        if c == b'$' && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            return true;
        }
        paths |= matches!(c, b'/' | b'~' | b'.');
        i += 1;
    }
    if paths && (reads || has(text, "://")) {
        let found = text
            .split_ascii_whitespace()
            .filter(|t| t.contains(['/', '~', '.']))
            .any(|t| secret_path(t) || script_url(t));
        if found {
            return true;
        }
    }
    // A file the system runs or authenticates with, whatever the verb ("add ... to
    // /etc/sudoers").
    if paths
        && text.split_ascii_whitespace().any(|t| {
            let t = t.trim_matches(|c: char| !c.is_ascii_alphanumeric() && !"/~._-".contains(c));
            t.contains('/') && crate::recognize::paths::critical_file(t).is_some()
        })
    {
        return true;
    }
    with_recent
}

/// Whether a token is a URL of a script or installer (what "run it" would run).
fn script_url(token: &str) -> bool {
    let t = token.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
    has(token, "://")
        && ([".sh", ".py", ".rb", ".ps1", ".pl", ".ts", ".js"]
            .iter()
            .any(|e| t.ends_with(e))
            || has(t, "install"))
}

/// One clause: its main verb and what surrounds it.
#[derive(Debug, Clone, Copy)]
struct Clause<'a> {
    verb: Verb,
    verb_word: &'a str,
    /// The head of the object's noun phrase (its last object word before a preposition).
    head: u16,
    head_word: &'a str,
    /// Whether the head's noun phrase is closed (a preposition came after it).
    head_closed: bool,
    /// Whether a word of the object's noun phrase has been seen.
    np_started: bool,
    /// The object classes of the object's noun phrase (`the internal roadmap`), not of the rest
    /// of the clause (`for internal review`).
    np_objects: u16,
    /// A privilege word heads a noun phrase (`as an admin`, `admin rights`, `passwordless
    /// sudo`), not merely modifies one (`an admin page`).
    priv_head: bool,
    /// Every object class in the clause.
    objects: u16,
    flags: u64,
    /// The lead verb's own flags (`overwrite` puts other content in place, `forget` lifts only
    /// a guard): not the clause's scope.
    verb_flags: u64,
    /// The head of the noun phrase after the object's (after `from`, `to`, `onto`: "remove
    /// alice *from the admins group*", "move them *onto the starter tier*"), and its word.
    tail_head: u16,
    tail_word: &'a str,
    /// The tail's noun phrase ended (another preposition: "from the admins group *in* Okta").
    tail_closed: bool,
    /// A word of tests (fixtures, mocks, a test client) is in the clause.
    testing: bool,
    /// The verb after "to" when the clause asks someone else to act ("ask airlock *to forget*
    /// the block"): what the agent wants done.
    asked: Option<(Verb, &'a str)>,
    /// The largest count named (`50,000 customers`), 0 if none.
    count: f64,
    /// The largest amount of money named.
    amount: Option<f64>,
    url: bool,
    email: bool,
    secret: bool,
    airlock_path: bool,
    system_path: bool,
    /// A danger-pattern name in call position, if any.
    call_name: Option<&'a str>,
    /// Whether a named identifier (`#42`, `order 1234`) pins the object.
    id: bool,
    /// The object's head is a noun the lexicon does not know (`the lambda`, `the cronjob`):
    /// that word, so a destroy of it is read as a destroy of "a resource" (G6).
    unknown_head: &'a str,
    /// The object is what a build or a tool regenerates ("the pytest caches", "the build
    /// output directory", "the tmp folder"): a word of [`flag::SCRATCH`] in the object's noun
    /// phrase, with no other kind of thing named after it (a folder of it is still it).
    scratch_head: bool,
    /// The clause names what a CI job produces to be uploaded (coverage, test reports).
    ci_output: bool,
    /// A word other than the verb names an outside sink (`personal`, `gmail`, `dropbox`,
    /// `external`, a personal mail address): the place is not the company's own even when
    /// "the team's" is said too.
    sink_place: bool,
    /// The action an identifier in call position or a carried verb names, read as words.
    action: Option<Action<'a>>,
    /// A file the system runs or authenticates with (`/root/.ssh/authorized_keys`,
    /// `/etc/sudoers`), whether changing it is catastrophic, and where in the clause it is.
    critical: Option<(&'a str, bool, &'static str)>,
    /// A relative clause ("who has admin access") has started after the verb.
    relative: bool,
    /// The object is a list of people ("the customer list"): a document when it is sent *to*
    /// someone, all of them when it is what is messaged.
    head_list: bool,
    /// The object's phrase ended at "to" (`send X to Y`): Y receives X.
    to_tail: bool,
    /// The phrase after the object is a list of people ("to the full customer list", "to the
    /// mailing list"): every one of them receives it.
    recipient_list: bool,
    /// Production named by what it serves ("the primary database", "the main cluster"):
    /// production unless the clause names another environment ("the main dev server").
    served: bool,
}

/// An action named by one token of a clause: an identifier in call position (`wipe-data`,
/// `deleteAllRecords`) or a verb after call / run / invoke ("run purge ...").
#[derive(Debug, Clone, Copy)]
struct Action<'a> {
    verb: Verb,
    verb_word: &'a str,
    /// What the identifier's own words name (`data` of `wipe-data`).
    objects: u16,
    head_word: &'a str,
    flags: u64,
}

impl<'a> Clause<'a> {
    fn new() -> Self {
        Self {
            verb: Verb::Absent,
            verb_word: "",
            head: 0,
            head_word: "",
            head_closed: false,
            np_started: false,
            np_objects: 0,
            priv_head: false,
            objects: 0,
            flags: 0,
            verb_flags: 0,
            tail_head: 0,
            tail_word: "",
            tail_closed: false,
            asked: None,
            testing: false,
            count: 0.0,
            amount: None,
            url: false,
            email: false,
            secret: false,
            airlock_path: false,
            system_path: false,
            call_name: None,
            id: false,
            unknown_head: "",
            scratch_head: false,
            ci_output: false,
            sink_place: false,
            action: None,
            critical: None,
            relative: false,
            head_list: false,
            to_tail: false,
            recipient_list: false,
            served: false,
        }
    }

    fn has(&self, f: u64) -> bool {
        self.flags & f != 0
    }
}

/// What the text before the current clause, and the recent hints, tell about it.
#[derive(Debug, Default, Clone, Copy)]
struct Context {
    /// A secret was read or named earlier.
    secret: bool,
    /// Something was downloaded earlier.
    download: bool,
    /// Something came from an untrusted source earlier.
    untrusted: bool,
    /// The guard was named earlier.
    airlock: bool,
    /// The objects named earlier (for "it", "them", "that one").
    objects: u16,
    flags: u64,
    count: f64,
    /// The last dangerous verb earlier (for "do the same").
    verb: Option<Verb>,
    /// The text waives the operator's confirmation in words ("no need to ask me").
    consent_skipped: bool,
}

/// Judges a segment of plain language (normalized, not lower-cased), with the hints the same
/// agent reported just before it (oldest first).
pub fn judge_prose(text: &str, recent: &[&str]) -> Vec<Finding> {
    let mut out = Vec::new();
    // A mongo shell call in a sentence (`db.customers.deleteMany({})`) is read as the call.
    if has(text, "db.") && text.contains('(') {
        crate::sql::clients::judge_mongo(text, &mut out);
    }
    if may_act(text, !recent.is_empty()) {
        read(text, recent, &mut out, true);
    }
    // The sentence reduced to its action (openers, relative clauses, counts, command verbs
    // removed or spelled as words), read as well: a reduction only adds a reading.
    if let Some(reduced) = reduce::reduce(text)
        && may_act(&reduced, !recent.is_empty())
    {
        let mut more = Vec::new();
        read(&reduced, recent, &mut more, false);
        for f in more {
            if !out
                .iter()
                .any(|o| o.code == f.code && o.severity >= f.severity)
            {
                out.push(f);
            }
        }
    }
    out
}

/// The full reading of [`judge_prose`], without the prefilter; `whole` when `text` is the
/// text as written (not its reduction, which drops the frame a quoted question needs).
fn read(text: &str, recent: &[&str], out: &mut Vec<Finding>, whole: bool) {
    let toks = without_trailing_manner(without_output_options(tokens(text)));
    if toks.is_empty() {
        return;
    }
    let mut ctx = Context {
        consent_skipped: environments::skips_consent(text),
        ..Context::default()
    };
    let mut recent_read = false;
    let mut clause = Clause::new();
    let mut start = 0; // index of the clause's first token
    let mut pending_break = false;
    // A negation since the last possible clause start ("..., without running it").
    let mut neg_since_break = false;
    // Where the words after the last possible clause start begin (that negation's words).
    let mut break_at = 0;
    let mut i = 0;
    // The token whose verb leads the clause.
    let mut verb_at = 0;
    // The last identifier's index, and whether it was read in call position.
    let mut last_name: Option<(usize, bool)> = None;
    while i < toks.len() {
        let t = &toks[i];
        let prev = i.checked_sub(1).map(|j| &toks[j]);
        let prev_lex = prev.map(Token::lex);
        // An identifier in call position (opening a clause, or after call / run / invoke...)
        // names the operation the agent runs: it is read as its words (`wipe-data on staging`
        // as "wipe data on staging", `call deleteAllRecords` as "call delete all records").
        // Elsewhere it is a name mentioned (`the delete-button.tsx component`, `explain the
        // drop_duplicates call`) and keeps no roles but a hyphenated word's.
        // After a break, only the first word opens a clause (adverbs aside: "then quickly
        // purge_all_invoices"): in "In jobs.py, could you split purge_all_invoices in two"
        // the name is what "split" talks about, not a call.
        let identifier = matches!(t.kind, Kind::Name)
            || matches!(t.kind, Kind::Word(_)) && t.text.contains(['-', ':']);
        // A name joined to the name before by "and" / "or" ("deduplicate wipeUserCache and
        // clearUserCache", "run wipeA and wipeB") is in that name's position.
        let paired_name = (i >= 2 && identifier)
            .then(|| last_name.filter(|&(at, _)| at + 2 == i))
            .flatten()
            .filter(|_| {
                ["and", "or"]
                    .iter()
                    .any(|w| toks[i - 1].text.eq_ignore_ascii_case(w))
            });
        let call_position = match paired_name {
            Some((_, called)) => called,
            None => {
                i == start
                    || pending_break && opens_clause(&toks[..i])
                    || prev
                        .is_some_and(|p| CALL_WORDS.iter().any(|w| p.text.eq_ignore_ascii_case(w)))
            }
        };
        if identifier {
            last_name = Some((i, call_position));
        }
        // Only an operation that does harm is read so: an identifier whose verb reads or
        // tests (`read_file`, `test_delete_user`) stays a name, as before.
        // Cut at separators first: a word in mixed case (`FoRcE-push`) is not camelCase.
        let harmful = |p: &Compound| dangerous_verb(p.lex.verb);
        let parts = (call_position && identifier)
            .then(|| {
                compound(t.text, false)
                    .filter(harmful)
                    .or_else(|| compound(t.text, true).filter(harmful))
            })
            .flatten();
        let mut lex = t.lex();
        // "debug logging", "verbose logs": a developer's output, not an audit trail.
        if lex.obj & obj::SECURITY != 0
            && prev.is_some_and(|p| {
                ["debug", "verbose", "console", "trace"]
                    .iter()
                    .any(|w| p.text.eq_ignore_ascii_case(w))
            })
        {
            lex.obj &= !obj::SECURITY;
        }
        // "personal access token": a kind of token (GitHub's, GitLab's, Azure DevOps'), not a
        // personal place to send to.
        if t.text.eq_ignore_ascii_case("personal")
            && toks
                .get(i + 1)
                .is_some_and(|n| n.text.eq_ignore_ascii_case("access") && !t.brk)
        {
            lex.flags &= !flag::SINK;
        }
        // "the web root", "the document root", "the file share": where a server keeps the
        // files it serves, not the root account or a share of stock; "the scale set": a
        // group of machines.
        let after = |first: &[&str]| {
            prev.is_some_and(|p| !p.brk && first.iter().any(|w| p.text.eq_ignore_ascii_case(w)))
        };
        if t.text.eq_ignore_ascii_case("root") && after(&["web", "document", "site", "doc"])
            || t.text.eq_ignore_ascii_case("share") && after(&["file", "network", "smb", "nfs"])
        {
            lex = Lex {
                verb: Verb::Absent,
                obj: obj::FILES,
                flags: flag::SERVED,
                checks: 0,
            };
        } else if prev.is_some_and(|p| !p.brk && work_items::review_request(t.text, p.text)) {
            // "the change request", "a feature request": a review or a ticket, a work item
            // (the guard's own request stays one: "my pending request").
            lex = Lex {
                verb: Verb::Absent,
                obj: obj::WORK,
                flags: 0,
                checks: 0,
            };
        } else if t.text.eq_ignore_ascii_case("set") && after(&["scale"]) {
            lex = Lex {
                verb: Verb::Absent,
                obj: obj::RUNTIME,
                flags: 0,
                checks: 0,
            };
        }
        // A verb role counts unless a determiner makes the word a noun ("the post", "a drop").
        let mut verb = lex.verb;
        // "don't forget to delete ...": the negation urges the verb after "to"; "forget" is no
        // verb of the clause (a negation of it governs nothing else: [`scope`]).
        if verb == Verb::Unblock
            && t.text.eq_ignore_ascii_case("forget")
            && prev.is_some_and(|p| p.lex().flags & flag::NEG != 0)
            && toks
                .get(i + 1)
                .is_some_and(|n| n.text.eq_ignore_ascii_case("to"))
        {
            verb = Verb::Absent;
        }
        // A reading switch followed by another option (`keytool -list -v -keystore x.jks`)
        // takes no object: it sets how the program lists, and the next word is another
        // option's value (`--show ~/.ssh/id_rsa` keeps its object).
        let option = |w: &str| {
            w.len() > 1 && w.starts_with('-') && !w[1..].starts_with(|c: char| c.is_ascii_digit())
        };
        if verb == Verb::Access && option(t.text) && toks.get(i + 1).is_none_or(|n| option(n.text))
        {
            verb = Verb::Absent;
        }
        // "make a list of all the admins", "make a summary of who has owner rights": making a
        // document about people grants them nothing.
        if verb == Verb::Privilege
            && t.text.eq_ignore_ascii_case("make")
            && toks
                .get(i + 1)
                .is_some_and(|d| d.lex().flags & flag::DET != 0)
            && toks
                .get(i + 2)
                .is_some_and(|n| DOCUMENTS.iter().any(|w| n.text.eq_ignore_ascii_case(w)))
        {
            verb = Verb::Mention;
        }
        // "issue a credit to every customer", "issue a $50 refund": money paid out ("the issue",
        // "issue #42" stay a work item).
        if (i == start || pending_break)
            && t.text.eq_ignore_ascii_case("issue")
            && toks
                .get(i + 1)
                .is_some_and(|d| d.lex().flags & flag::DET != 0 && !d.brk)
            && toks[i + 2..]
                .iter()
                .take(3)
                .any(|n| n.lex().obj & obj::MONEY != 0 || matches!(n.kind, Kind::Money(_)))
        {
            verb = Verb::Money;
        }
        // "mark all open tickets as solved", "mark them resolved": closing them; "mark the
        // test as flaky" or "mark the notifications read" closes nothing.
        if verb == Verb::Close
            && t.text.len() >= 4
            && t.text[..4].eq_ignore_ascii_case("mark")
            && !marks_closed(&toks[i + 1..])
        {
            verb = Verb::Absent;
        }
        if prev_lex.is_some_and(|p| p.flags & flag::DET != 0) && i > start {
            verb = Verb::Absent;
        }
        // "wait for the operator to approve ...": the operator's act; the agent waits.
        if verb != Verb::Absent && i > start && others::waited_for(&toks[start..i]) {
            verb = Verb::Absent;
        }
        // A past tense after its subject describes what happened, not what the agent will do
        // ("what you just downloaded", "the files we deleted").
        if t.text.ends_with("ed")
            && prev.is_some_and(|p| {
                [
                    "you", "i", "we", "they", "just", "already", "was", "were", "been", "had",
                    "has", "have",
                ]
                .iter()
                .any(|w| p.text.eq_ignore_ascii_case(w))
            })
        {
            verb = Verb::Absent;
        }
        // Phrasal verbs: turn off, switch off, shut down, tear down, take down, throw away;
        // also with a pronoun between them ("throw those away", "shut it down").
        let mut particle_at = i + 1;
        let mut phrasal_flags = 0;
        while particle_at < i + 3
            && toks.get(particle_at).is_some_and(|n| {
                !n.brk && (n.lex().obj & obj::PRONOUN != 0 || n.lex().flags & flag::BULK != 0)
            })
        {
            particle_at += 1;
        }
        if let Some(next) = toks.get(particle_at) {
            let nl = next.lex();
            if nl.flags & flag::PARTICLE != 0 && !t.brk {
                let w = t.text.to_ascii_lowercase();
                if let Some((v, f)) = phrasal(&w, &next.text.to_ascii_lowercase()) {
                    verb = v;
                    phrasal_flags = f;
                }
            }
        }
        // The particle after the object: "switch the firewall off", "take the site down".
        let mut late_phrasal = false;
        // A noun that is also a talking verb before the particle ("roll the new build out")
        // does not lead the clause: the phrasal verb of its first word does; nor does the
        // first word's own verb ("switch the WAF off" is not "switch").
        // Also a milder verb inside the noun phrase after a determiner ("roll the m7g.large
        // change out": `change` follows a name, not the determiner, so it was read as a verb).
        let mention_inside = verb_at > start
            && (clause.verb == Verb::Mention
                || matches!(clause.verb, Verb::Modify | Verb::Privilege)
                    && toks[start + 1..verb_at]
                        .iter()
                        .any(|k| k.lex().flags & flag::DET != 0));
        let lead_verb = clause.verb != Verb::Absent && verb_at == start;
        if verb == Verb::Absent
            && (clause.verb == Verb::Absent || mention_inside || lead_verb)
            && lex.flags & flag::PARTICLE != 0
            && i > start + 1
            && !toks[start..i].iter().any(|k| k.brk)
            && let Some((v, f)) = phrasal(
                &toks[start].text.to_ascii_lowercase(),
                &t.text.to_ascii_lowercase(),
            )
        {
            verb = v;
            phrasal_flags = f;
            late_phrasal = true;
            if mention_inside || lead_verb {
                clause.verb = Verb::Absent;
            }
        }
        // "and" / "then" / a comma start a new clause only when a verb follows; in a sentence
        // that talks about things, the "and" of "between X and Y" joins two nouns of one clause
        // ("explain how airlock decides between confirm and verify"), unless X is a noun phrase
        // of its own ("between the two and drop the old one": what follows acts).
        let paired = t.text.eq_ignore_ascii_case("and")
            && toks.get(start).is_some_and(|k| {
                k.lex().verb == Verb::Mention
                    || k.lex().flags & flag::QUESTION != 0
                    || crate::explains(k.text)
            })
            && toks[start..i].iter().all(|k| !k.brk)
            && toks[start..i]
                .iter()
                .rposition(|k| k.text.eq_ignore_ascii_case("between"))
                .is_some_and(|at| {
                    toks[start + at + 1..i].iter().all(|k| {
                        !k.text.eq_ignore_ascii_case("and")
                            && !["the", "these", "those", "them", "us", "two", "both"]
                                .iter()
                                .any(|d| k.text.eq_ignore_ascii_case(d))
                    })
                });
        if lex.flags & flag::SPLIT != 0 && i > start && !paired {
            pending_break = true;
            neg_since_break = false;
            break_at = i + 1;
            // "unpublish the package so nobody can install it": what follows "so", "then",
            // "before" is another clause's, not more of this object ("and" / "or" may join
            // two nouns of one object).
            if clause.verb != Verb::Absent
                && (clause.head != 0 || clause.np_started)
                && !["and", "or", "also"]
                    .iter()
                    .any(|w| t.text.eq_ignore_ascii_case(w))
            {
                clause.head_closed = true;
            }
        }
        if verb == Verb::Absent && lex.flags & (flag::NEG | flag::WITHOUT) != 0 {
            neg_since_break = true;
        }
        if verb != Verb::Absent && pending_break {
            finish(
                &clause,
                &toks[start..i],
                &mut ctx,
                recent,
                &mut recent_read,
                out,
            );
            clause = Clause::new();
            start = i;
            pending_break = false;
            // Only a negation of this verb ("..., without running it"; not "..., don't
            // hesitate to drop it").
            if neg_since_break
                && scope::refuses_verb(
                    &toks[break_at.min(i)..=i]
                        .iter()
                        .map(|k| k.text)
                        .collect::<Vec<_>>(),
                    t.text,
                )
            {
                clause.flags |= flag::NEG;
            }
        }
        // The clause read a second way, as the action an identifier or a carried verb names
        // (the first one): "run purge all users" is also "purge all users", `wipe-data on
        // staging` also "wipe data on staging". The clause's own reading stays as it was, so
        // an identifier never hides a later verb of its clause; the stricter reading counts
        // ([`judge_clause`]).
        let carried = clause.verb == Verb::Run
            && verb_at + 1 == i
            && i > start
            && dangerous_verb(lex.verb)
            && !t.text.contains('.')
            && CALL_WORDS
                .iter()
                .any(|w| clause.verb_word.eq_ignore_ascii_case(w));
        if clause.action.is_none()
            && let Some(p) = parts.as_ref()
        {
            // From the identifier's start (`force-push`), past a receiver (`records.`); an
            // object named only before the verb (`db:reset`) is the object.
            let from = t.text[..p.verb_start].rfind('.').map_or(0, |k| k + 1);
            let rest = p.rest_start.max(p.verb_end).min(t.text.len());
            let object_first = p.rest_start == 0 && p.lex.obj != 0 && p.verb_start > 0;
            clause.action = Some(Action {
                verb: p.lex.verb,
                verb_word: &t.text[if object_first { p.verb_start } else { from }..p.verb_end],
                objects: p.lex.obj,
                head_word: if object_first {
                    t.text[..p.verb_start].trim_end_matches(['-', '_', '.', ':'])
                } else {
                    &t.text[rest..]
                },
                flags: p.lex.flags,
            });
        } else if clause.action.is_none() && carried {
            clause.action = Some(Action {
                verb: lex.verb,
                verb_word: t.text,
                objects: 0,
                head_word: "",
                flags: lex.flags & !(flag::DET | flag::PREP | flag::SPLIT | flag::QUESTION),
            });
        }
        // Uniqueness: "the only copy", "our sole admin", "the last remaining replica": nothing
        // is left to fall back on.
        let is = |w: &str| t.text.eq_ignore_ascii_case(w);
        let next = toks.get(i + 1).filter(|_| !t.brk);
        if (is("only") && prev_lex.is_some_and(|p| p.flags & flag::DET != 0))
            || (is("last")
                && next.is_some_and(|n| {
                    n.text.eq_ignore_ascii_case("remaining")
                        || n.text.eq_ignore_ascii_case("copy")
                        || n.lex().obj & (obj::STORE | obj::CRED | obj::PRIV) != 0
                }))
        {
            clause.flags |= flag::IRREVERSIBLE;
        }
        // "anyone with the link": public.
        if (is("anyone") || is("everyone"))
            && toks[i + 1..]
                .iter()
                .take(3)
                .any(|n| n.text.eq_ignore_ascii_case("link"))
        {
            clause.flags |= flag::PUBLIC;
        }
        // Production named by what it serves: "the primary database", "the main cluster",
        // "the real one", "our paying customers".
        if environments::production_pair(&toks[i.saturating_sub(2)..i], t) {
            clause.served = true;
        }
        // Public places named in two words: "Hacker News", "Product Hunt", "the company page".
        if prev.is_some_and(|p| {
            PUBLIC_PAIRS
                .iter()
                .any(|(a, b)| p.text.eq_ignore_ascii_case(a) && is(b) && !p.brk)
        }) {
            clause.flags |= flag::PUBLIC_PLACE;
        }
        // "even though nobody approved it", "it isn't reviewed yet", "no one signed off": the
        // review it names is missing, as "without review" says.
        if clause.verb != Verb::Absent
            && MISSING_REVIEW.iter().any(|w| is(w))
            && toks[i.saturating_sub(4)..i].iter().any(|k| {
                NOBODY.iter().any(|n| k.text.eq_ignore_ascii_case(n))
                    || k.text.eq_ignore_ascii_case("one")
                        && toks[..i].iter().any(|n| n.text.eq_ignore_ascii_case("no"))
            })
        {
            clause.flags |= flag::UNSAFE;
        }
        // "the repo the issue links to", "the script someone pasted in the thread": a source
        // that whoever wrote the issue or comment chose, not one the project vets.
        if POINTED_BY.iter().any(|w| is(w))
            && toks[i.saturating_sub(3)..(i + 3).min(toks.len())]
                .iter()
                .any(|k| POINTERS.iter().any(|w| k.text.eq_ignore_ascii_case(w)))
        {
            clause.flags |= flag::UNTRUSTED;
        }
        // "delete it for good".
        if is("good") && prev.is_some_and(|p| p.text.eq_ignore_ascii_case("for")) {
            clause.flags |= flag::IRREVERSIBLE;
        }
        // "do the same for the rest": everything not done yet.
        if is("rest") && prev_lex.is_some_and(|p| p.flags & flag::DET != 0) {
            clause.flags |= flag::BULK;
            clause.objects |= obj::PRONOUN;
        }
        let no_backup = ["backup", "backups", "snapshot", "snapshots", "copy"]
            .iter()
            .any(|w| is(w))
            && toks[i.saturating_sub(3)..i].iter().any(|k| {
                k.text.eq_ignore_ascii_case("without") || k.text.eq_ignore_ascii_case("no")
            });
        if verb != Verb::Absent && clause.verb == Verb::Absent {
            // The first verb leads the clause; negation or a question before it cancels it.
            // Its own scope counts (`mass-delete`, `force-push`, `tweet`).
            clause.verb = verb;
            clause.verb_word = t.text;
            verb_at = i;
            // What a read verb itself names (`dump`: a dump of data) is in the clause too.
            if verb == Verb::Access {
                clause.objects |= lex.obj;
            }
            // The verb's own roles are not the object's: `block` names no guard, `list` no
            // collection, `verify` no approval request.
            clause.verb_flags = lex.flags | phrasal_flags;
            if late_phrasal {
                clause.verb_word = toks[start].text;
            }
            clause.flags |= lex.flags & !VERB_ONLY;
        } else if no_backup {
            // "without a backup": what is lost cannot be restored (not the object).
            clause.flags |= flag::IRREVERSIBLE;
        } else {
            // "ask airlock to forget the block", "tell the guard to stand down": the verb after
            // "to" is what the agent wants done.
            // Only the guard addressed counts: asking the operator is the right way.
            if verb != Verb::Absent
                && !matches!(verb, Verb::Approve | Verb::Mention | Verb::Access)
                && clause.asked.is_none()
                && (clause.objects & obj::AIRLOCK != 0 || clause.flags & flag::GUARD != 0)
                && clause.flags & flag::OPERATOR == 0
                && prev.is_some_and(|p| p.text.eq_ignore_ascii_case("to"))
                && ASKING
                    .iter()
                    .any(|w| clause.verb_word.eq_ignore_ascii_case(w))
            {
                clause.asked = Some((verb, t.text));
            }
            // Objects: the head of the first noun phrase after the verb (or before any verb) is
            // its last word: `the users table` is a table, `the price field validation` is
            // nothing the lexicon knows. Names, paths and numbers after a noun only name it.
            let word_token = matches!(t.kind, Kind::Word(_) | Kind::Email);
            let plain = lex.obj == 0 && lex.flags == 0 && lex.verb == Verb::Absent;
            // After a noun phrase, even one of unknown words ("the guard clause that returns
            // early"), "that" starts a relative clause; right after the verb it is the object.
            let relative_pronoun = (clause.head != 0 || clause.np_started)
                && ["that", "which", "who"]
                    .iter()
                    .any(|w| t.text.eq_ignore_ascii_case(w));
            // "the password it stores", "the key you generated": a subject right after the
            // object's noun opens a relative clause; its verb is not the clause's, and the
            // object stays the noun (the main clause's verb wins).
            let relative_subject = clause.verb != Verb::Absent
                && clause.head != 0
                && clause.head != obj::PRONOUN
                && !clause.head_closed
                && prev.is_some_and(|p| p.lex().obj != 0 && !p.brk)
                && SUBJECTS.iter().any(|w| t.text.eq_ignore_ascii_case(w))
                && toks.get(i + 1).is_some_and(|n| {
                    n.lex().verb != Verb::Absent
                        || n.text.ends_with("ed")
                        // "it stores", "she keeps": a verb in the third person.
                        || ["it", "he", "she"].iter().any(|w| t.text.eq_ignore_ascii_case(w))
                            && n.text.len() > 3
                            && n.text.ends_with('s')
                            && !n.text.ends_with("ss")
                });
            if relative_subject {
                clause.head_closed = true;
                clause.relative = true;
            }
            // "the password that it stores": the relative clause's subject, not an object.
            let subject_after_that = clause.head != 0
                && clause.head != obj::PRONOUN
                && prev.is_some_and(|p| {
                    p.text.eq_ignore_ascii_case("that") || p.text.eq_ignore_ascii_case("which")
                })
                && SUBJECTS.iter().any(|w| t.text.eq_ignore_ascii_case(w));
            let container = lex.flags & flag::CONTAINER != 0;
            let qualifier = lex.flags & flag::QUALIFIER != 0;
            // "rate limit", "code scanning", "secret scanning": the control named by two words.
            let control = qualifier
                && prev.is_some_and(|p| {
                    CONTROL_FIRST_WORDS
                        .iter()
                        .any(|w| p.text.eq_ignore_ascii_case(w))
                });
            // A past participle right after the object's noun ("every contact tagged churned",
            // "the orders created last week") describes it: the noun phrase ends there.
            if !clause.head_closed
                && clause.head != 0
                && (plain || lex.verb != Verb::Absent)
                && word_token
                && t.text.len() >= 5
                && t.text.ends_with("ed")
                && !t.text.ends_with("eed")
                && prev_lex.is_some_and(|p| p.obj != 0)
            {
                clause.head_closed = true;
            }
            // A folder a tool regenerates, named as it is on disk (`node_modules`,
            // `__pycache__`, `.pytest_cache`): the object is scratch, as "the caches" is.
            if !clause.head_closed
                && clause.verb != Verb::Absent
                && environments::regenerated(t.text)
            {
                clause.scratch_head = true;
            }
            if !clause.head_closed && word_token && !relative_pronoun {
                // A plain word, not a resource's name (`the vm build-agent-3`).
                if lex.flags & flag::SCRATCH != 0 && !t.text.contains('-') {
                    clause.scratch_head = true;
                } else if lex.obj & !(obj::FILES | obj::PRONOUN) != 0 {
                    // "the cache folder and the customers database": the database.
                    clause.scratch_head = false;
                }
                if container && clause.head != 0 && clause.head != obj::PRONOUN {
                    // "the contacts list", "the finance-admins group": still contacts (all of
                    // them), still admins.
                    clause.head |= lex.obj;
                    // A list of them is all of them; a team of them is a team.
                    if lex.obj == 0 && clause.head & (obj::PEOPLE | obj::RECORD) != 0 {
                        clause.flags |= flag::BULK;
                        clause.head_list = true;
                    }
                } else if qualifier && clause.head & obj::SECURITY != 0 {
                    // "AppArmor enforcement", "the audit log": still the control.
                } else if control {
                    clause.head = obj::SECURITY;
                    clause.head_word = t.text;
                    clause.objects |= obj::SECURITY;
                    clause.np_objects |= obj::SECURITY;
                } else if lex.obj == 0
                    && (clause.head != 0 || !clause.unknown_head.is_empty())
                    && resource_name(t.text)
                {
                    // "the vm web-1", "the bucket logs-2024", "the cronjob nightly-export": the
                    // name of one of them, the head stays what it names.
                } else if lex.obj != 0 && !(lex.obj == obj::PRONOUN && clause.head != 0) {
                    clause.head = lex.obj;
                    clause.head_word = t.text;
                    clause.unknown_head = "";
                } else if (plain || qualifier || lex.verb != Verb::Absent)
                    && lex.flags & flag::DET == 0
                {
                    clause.head = 0;
                    clause.head_word = "";
                    // Only a noun of a noun phrase in English ("the lambda", "a cronjob"): a
                    // command's words read as a sentence (`acmectl delete`) name no resource.
                    let determined = toks[start..i]
                        .iter()
                        .any(|k| k.lex().flags & flag::DET != 0);
                    clause.unknown_head = if plain && determined && resource_noun(t.text) {
                        t.text
                    } else {
                        ""
                    };
                }
                if lex.flags & (flag::DET | flag::PREP | flag::PARTICLE) == 0 {
                    clause.np_started = true;
                }
                clause.np_objects |= lex.obj;
            }
            // The noun phrase after the object's ("from the admins group", "onto the starter
            // tier"): its head, as for the object.
            if clause.head_closed && clause.tail_head != 0 && lex.flags & flag::PREP != 0 {
                clause.tail_closed = true;
            }
            if clause.head_closed && word_token && !clause.tail_closed {
                if container && clause.tail_head != 0 {
                    clause.tail_head |= lex.obj;
                    // "to the customer list", "to the mailing list": every one of them.
                    if lex.obj == 0 && clause.tail_head & (obj::PEOPLE | obj::RECORD) != 0 {
                        clause.flags |= flag::BULK;
                        clause.recipient_list = true;
                    }
                } else if control {
                    clause.tail_head = obj::SECURITY;
                    clause.tail_word = t.text;
                } else if lex.obj != 0 && lex.obj != obj::PRONOUN {
                    clause.tail_head = lex.obj;
                    clause.tail_word = t.text;
                } else if (plain || qualifier || lex.verb != Verb::Absent)
                    && lex.flags & (flag::DET | flag::PREP) == 0
                {
                    clause.tail_head = 0;
                    clause.tail_word = "";
                }
            }
            // A preposition, or a relative pronoun after a noun (`a code that anyone can use`),
            // ends the object's noun phrase.
            // "the only copy of the signing key", "all of the users": the object is what
            // follows "of".
            let partitive = clause.head == 0
                && t.text.eq_ignore_ascii_case("of")
                && prev.is_some_and(|p| PARTITIVE.iter().any(|w| p.text.eq_ignore_ascii_case(w)));
            if (lex.flags & flag::PREP != 0
                && (clause.head != 0 || clause.np_started)
                && !partitive)
                || relative_pronoun
            {
                if !clause.head_closed && t.text.eq_ignore_ascii_case("to") {
                    clause.to_tail = true;
                }
                clause.head_closed = true;
            }
            // "the community Slack", "our community Discord": a chat others outside the company
            // read is a public place (a workspace's `#general` alone is the team's own).
            if t.text.eq_ignore_ascii_case("community")
                && toks.get(i + 1).is_some_and(|n| {
                    COMMUNITY_PLACES
                        .iter()
                        .any(|w| n.text.eq_ignore_ascii_case(w))
                })
            {
                clause.flags |= flag::PUBLIC_PLACE;
            }
            // A privilege heads its phrase when nothing but a preposition, the end, or another
            // privilege word follows it.
            // Not inside a relative clause after the verb's object ("make a list of everyone
            // who has admin access" lists people, it grants nothing).
            if ["who", "which", "whose"]
                .iter()
                .any(|w| t.text.eq_ignore_ascii_case(w))
            {
                clause.relative = true;
            }
            if lex.obj & obj::PRIV != 0 && !clause.relative {
                let next = toks.get(i + 1).filter(|_| !t.brk).map(Token::lex);
                clause.priv_head |= next.is_none_or(|n| {
                    n.flags & (flag::PREP | flag::SPLIT) != 0
                        || n.obj & (obj::PRIV | obj::ACCESS) != 0
                });
            }
            clause.objects |= if relative_pronoun || relative_subject || subject_after_that {
                lex.obj & !obj::PRONOUN
            } else if clause.relative {
                lex.obj & !(obj::PRIV | obj::ACCESS)
            } else {
                lex.obj
            };
            // "without" makes the review or tests it names a missing safeguard.
            if lex.flags & flag::REVIEW != 0
                && (i.saturating_sub(3)..i).any(|j| toks[j].lex().flags & flag::WITHOUT != 0)
            {
                clause.flags |= flag::UNSAFE;
            }
            // Negation counts only before the verb ("don't delete"; not "delete, no expiry").
            // After it, a negation right before a scope word takes that scope away: "deploy
            // to staging, not production" does not ship to production.
            let negated_scope = clause.verb != Verb::Absent
                && (i.saturating_sub(2)..i).any(|j| {
                    toks[j].lex().flags & flag::NEG != 0
                        && toks[j..i].iter().all(|k| !k.brk)
                        && toks[j + 1..i]
                            .iter()
                            .all(|k| k.lex().flags & flag::PREP != 0)
                });
            let scope = if negated_scope {
                lex.flags & !(flag::PROD | flag::BULK | flag::PUBLIC | flag::PUBLIC_PLACE)
            } else {
                lex.flags
            };
            clause.flags |= if clause.verb == Verb::Absent {
                scope
            } else {
                scope & !flag::NEG
            };
            clause.sink_place |= scope & flag::SINK != 0;
            if lex.flags & flag::WITHOUT != 0 && clause.verb == Verb::Absent {
                clause.flags |= flag::NEG;
            }
            // "pull request" / "merge request" are work items, not approval requests.
            if lex.flags & flag::APPROVAL != 0
                && prev.is_some_and(|p| {
                    p.text.eq_ignore_ascii_case("pull") || p.text.eq_ignore_ascii_case("merge")
                })
            {
                clause.flags &= !flag::APPROVAL;
                clause.objects |= obj::WORK;
                if !clause.head_closed {
                    clause.head = obj::WORK;
                    clause.head_word = t.text;
                    clause.np_objects |= obj::WORK;
                }
            }
        }
        if ci_output(t.text) {
            clause.ci_output = true;
        }
        // Where the change is made: the object itself ("the test firewall") or a place
        // ("in the test fixtures", "on the mock server"), not a purpose ("so the tests can
        // reach it", "for the tests to pass").
        if TESTING.iter().any(|w| t.text.eq_ignore_ascii_case(w))
            && ((clause.verb != Verb::Absent
                && !clause.head_closed
                && !toks[verb_at..i]
                    .iter()
                    .any(|k| k.brk || k.lex().flags & flag::SPLIT != 0))
                || toks[i.saturating_sub(2)..i].iter().any(|k| {
                    ["in", "inside", "within", "on"]
                        .iter()
                        .any(|p| k.text.eq_ignore_ascii_case(p))
                }))
        {
            clause.testing = true;
        }
        // Scope carried by the token's kind.
        match t.kind {
            Kind::Url => {
                clause.url = true;
                let l = t.text.to_ascii_lowercase();
                if [".sh", ".py", ".rb", ".ps1", ".pl", ".ts", ".js"]
                    .iter()
                    .any(|e| l.ends_with(e))
                    || has(&l, "install")
                {
                    clause.flags |= flag::DOWNLOAD;
                }
            }
            Kind::Email => {
                clause.email = true;
                let l = t.text.to_ascii_lowercase();
                if [
                    "@gmail.",
                    "@yahoo.",
                    "@outlook.",
                    "@hotmail.",
                    "@proton",
                    "@icloud.",
                    "@gmx.",
                    "@mail.",
                ]
                .iter()
                .any(|d| l.contains(d))
                {
                    clause.flags |= flag::SINK;
                    clause.sink_place = true;
                }
                // A list address (`all-staff@`, `everyone@`, `announce@`) reaches everyone on
                // the list; `press@` and `media@` reach the press.
                let local = l.split('@').next().unwrap_or("");
                let parts = || local.split(['-', '_', '.', '+']);
                if parts().any(|w| LIST_ADDRESSES.contains(&w)) {
                    clause.flags |= flag::BULK;
                }
                if parts().any(|w| matches!(w, "press" | "media")) {
                    clause.flags |= flag::PUBLIC_PLACE;
                }
            }
            Kind::Path {
                secret,
                airlock,
                system,
            } => {
                let secret = secret && !names_no_secret(toks[..i].iter().rev().map(|t| t.text));
                clause.secret |= secret;
                clause.airlock_path |= airlock;
                clause.system_path |= system;
                // Not the generic class (any path under /usr, /etc ...): "change to
                // /usr/local" names a directory, not a file written.
                if clause.critical.is_none()
                    && let Some((catastrophic, what)) =
                        crate::recognize::paths::critical_file(t.text)
                            .filter(|&(_, what)| what != "a system file")
                {
                    clause.critical = Some((t.text, catastrophic, what));
                }
                if secret && !clause.head_closed {
                    clause.head = obj::CRED;
                    clause.head_word = t.text;
                }
                if (t.text.ends_with(".sh") || t.text.ends_with(".py")) && clause.url {
                    clause.flags |= flag::DOWNLOAD;
                }
            }
            Kind::Money(v) => clause.amount = Some(clause.amount.map_or(v, |a: f64| a.max(v))),
            Kind::Number(v) => {
                // A number after a noun or `#` names one thing (`order 1234`, `ticket 5521`);
                // before a noun it counts them (`50,000 customers`). A currency word makes it
                // money (`5,000 EUR`).
                let next_currency = toks
                    .get(i + 1)
                    .is_some_and(|n| n.lex().flags & flag::CURRENCY != 0);
                let prev_currency = prev_lex.is_some_and(|p| p.flags & flag::CURRENCY != 0);
                if next_currency || prev_currency {
                    clause.amount = Some(clause.amount.map_or(v, |a: f64| a.max(v)));
                } else if prev_lex.is_some_and(|p| p.obj != 0)
                    || prev.is_some_and(|p| {
                        ["id", "number", "no", "ending", "version", "port", "pr", "v"]
                            .iter()
                            .any(|w| p.text.eq_ignore_ascii_case(w))
                    })
                {
                    clause.id = true;
                } else if (1970.0..=2100.0).contains(&v)
                    && v.fract() == 0.0
                    && !t.text.contains(',')
                    && prev.is_some_and(|p| {
                        [
                            "in", "since", "before", "after", "from", "until", "of", "during",
                        ]
                        .iter()
                        .any(|w| p.text.eq_ignore_ascii_case(w))
                    })
                {
                    // "created before 2019", "the invoices from 2023": a year, not a count.
                } else {
                    clause.count = clause.count.max(v);
                }
            }
            Kind::Id => clause.id = true,
            Kind::Name => {
                // Call position: the clause's first token, or right after call/run/invoke/...
                let first = i == start;
                let after_call = prev.is_some_and(|p| {
                    [
                        "call", "run", "invoke", "execute", "use", "trigger", "calling", "running",
                    ]
                    .iter()
                    .any(|w| p.text.eq_ignore_ascii_case(w))
                });
                if (first || after_call) && clause.call_name.is_none() {
                    clause.call_name = Some(t.text);
                }
            }
            Kind::Word(_) => {}
        }
        if t.brk {
            pending_break = true;
            neg_since_break = false;
            break_at = i + 1;
            if clause.head != 0 {
                clause.head_closed = true;
            }
        }
        i += 1;
    }
    finish(
        &clause,
        &toks[start..],
        &mut ctx,
        recent,
        &mut recent_read,
        out,
    );
    // Operations on infrastructure, credentials, data and package sources: a verb whose
    // danger lies in its object, its recipient or its reach.
    if whole {
        operations::read(text, &toks, recent, out);
    }
}

/// A verb's flags that describe the verb, not the clause's object or scope.
const VERB_ONLY: u64 = flag::DET
    | flag::PREP
    | flag::SPLIT
    | flag::QUESTION
    | flag::GUARD
    | flag::CONTAINER
    | flag::APPROVAL
    | flag::QUALIFIER
    | flag::OVERWRITE
    | flag::LIFT_ONLY
    | flag::WHOLE;

/// The verb a phrasal verb names (`w` and `particle` lower case), with its flags.
fn phrasal(w: &str, particle: &str) -> Option<(Verb, u64)> {
    Some(match (w, particle) {
        ("turn" | "turned" | "turning" | "switch" | "shut", "off") => (Verb::Disable, 0),
        // Machines taken down or out of service (the clouds' "power off", "scale in").
        (
            "shut" | "power" | "powering" | "spin" | "spinning" | "wind" | "scale" | "scaling",
            "down",
        )
        | ("power" | "powering", "off")
        // "kill off the legacy servers": stopped (what is killed is a process or a service).
        | ("kill" | "killing", "off") => (Verb::Shutdown, 0),
        // "comment out the deny rules": the rule stops applying.
        ("comment" | "commenting", "out") => (Verb::Disable, 0),
        // A release or a switch of traffic reaching an environment: "roll the image out to the
        // fleet", "fail over to the standby", "cut over to the new cluster".
        ("roll" | "rolling", "out")
        | ("fail" | "failing", "over")
        | ("cut" | "cutting", "over") => (Verb::Release, 0),
        ("set" | "sets" | "setting", "up") => (Verb::Mention, 0),
        ("get" | "getting", "rid") => (Verb::Destroy, 0),
        ("take" | "bring" | "knock", "offline") => (Verb::Shutdown, 0),
        ("tear" | "take" | "tore", "down")
        | ("throw" | "wipe" | "clear" | "blow", "away" | "out")
        | ("kick", "out")
        // "rip out the ingress", "burn down the cluster", "zero out the disk", "clean out the
        // bucket": gone, not stopped.
        | ("rip" | "ripping", "out")
        | ("burn" | "burning", "down")
        | ("zero" | "zeroing", "out")
        | ("clean" | "cleaning", "out") => (Verb::Destroy, 0),
        // "stand down": the guard (or a control) stops guarding.
        ("stand" | "stands", "down") => (Verb::Unblock, 0),
        // "roll back the production database": an older state in place of this one.
        ("roll" | "rolls", "back") => (Verb::Modify, flag::OVERWRITE),
        _ => return None,
    })
}

/// Nouns that take a part of what follows "of" ("a copy of", "all of", "the rest of").
/// The chats and boards that "community" before them makes public ("the community Slack").
const COMMUNITY_PLACES: &[&str] = &[
    "slack",
    "discord",
    "forum",
    "forums",
    "server",
    "workspace",
    "channel",
    "chat",
    "discourse",
    "telegram",
    "matrix",
    "board",
];

const PARTITIVE: &[&str] = &[
    "copy",
    "copies",
    "all",
    "rest",
    "each",
    "most",
    "some",
    "half",
    "version",
    "versions",
    "remainder",
    "every",
    "any",
    "none",
];

/// Words that make a clause about tests: fixtures, mocks, test clients.
const TESTING: &[&str] = &[
    "test", "tests", "testing", "fixture", "fixtures", "mock", "mocks", "fake", "dummy", "spec",
    "specs", "unittest", "pytest", "jest",
];

/// Verbs of the approve class that only check (verify, confirm, check): they vouch for nothing.
fn checks_only(v: &str) -> bool {
    ["verif", "confirm", "check"]
        .iter()
        .any(|p| v.len() >= p.len() && v.as_bytes()[..p.len()].eq_ignore_ascii_case(p.as_bytes()))
}

/// Verbs that ask someone else to act: the verb after "to" is the action wanted.
const ASKING: &[&str] = &[
    "ask", "asks", "tell", "tells", "instruct", "get", "convince", "persuade",
];

/// Words that name a security control together with a [`flag::QUALIFIER`] after them ("rate
/// limit", "code scanning", "secret scanning", "virus scanner", "push protection").
const CONTROL_FIRST_WORDS: &[&str] = &[
    "rate",
    "code",
    "secret",
    "secrets",
    "virus",
    "malware",
    "vulnerability",
    "dependency",
    "security",
    "signature",
    "threat",
];

/// What "mark ... as" closes: states that end a record's life for its customer or its team.
const CLOSED_STATES: &[&str] = &[
    "solved",
    "resolved",
    "closed",
    "done",
    "complete",
    "completed",
    "fixed",
    "paid",
    "refunded",
    "fulfilled",
    "shipped",
    "delivered",
    "spam",
    "fraud",
    "fraudulent",
    "inactive",
    "churned",
    "lost",
    "duplicate",
    "duplicates",
    "cancelled",
    "canceled",
    "wontfix",
    "won't-fix",
    "invalid",
    "obsolete",
    "deleted",
    "archived",
    "void",
    "settled",
];

/// Whether the words after "mark" (up to the clause's end) name a closing state.
fn marks_closed(after: &[Token<'_>]) -> bool {
    for t in after.iter().take(10) {
        if CLOSED_STATES.iter().any(|w| t.text.eq_ignore_ascii_case(w)) {
            return true;
        }
        if t.brk {
            break;
        }
    }
    false
}

/// What "make a ..." produces when it writes rather than grants.
const DOCUMENTS: &[&str] = &[
    "list",
    "table",
    "report",
    "summary",
    "note",
    "chart",
    "graph",
    "draft",
    "diagram",
    "spreadsheet",
    "csv",
    "doc",
    "document",
    "overview",
    "inventory",
];

/// Verbs that put content into a file.
const WRITE_VERBS: &[&str] = &[
    "append",
    "add",
    "write",
    "put",
    "insert",
    "copy",
    "paste",
    "echo",
    "overwrite",
    "replace",
    "edit",
    "modify",
    "change",
    "update",
    "save",
    "drop",
    "place",
    "install",
];

/// Words after which the next word is in call position: the operation the agent runs (the
/// pattern stage's call words, but `use`, which also introduces a tool or a style).
const CALL_WORDS: &[&str] = &[
    "call",
    "calling",
    "run",
    "running",
    "invoke",
    "invoking",
    "execute",
    "executing",
    "trigger",
    "triggering",
];

/// Local parts of list addresses: a message to one reaches everyone on the list.
const LIST_ADDRESSES: &[&str] = &[
    "all",
    "allstaff",
    "staff",
    "everyone",
    "everybody",
    "employees",
    "allhands",
    "company",
    "announce",
    "announcements",
    "customers",
    "subscribers",
    "users",
    "members",
    "newsletter",
];

/// Public places named in two words.
const PUBLIC_PAIRS: &[(&str, &str)] = &[
    ("hacker", "news"),
    ("product", "hunt"),
    ("company", "page"),
    ("stack", "overflow"),
    ("press", "release"),
    ("press", "list"),
    // Public package registries named in two words.
    ("artifact", "hub"),
    ("docker", "hub"),
    ("maven", "central"),
];

/// Past participles of a review: with "nobody", "not", "no one" before them, the review is
/// missing.
const MISSING_REVIEW: &[&str] = &[
    "approved", "reviewed", "signed", "tested", "okayed", "ok'd", "checked", "vetted",
];

/// Words that say nobody did it.
const NOBODY: &[&str] = &[
    "nobody", "noone", "not", "hasn't", "hasnt", "haven't", "havent", "isn't", "isnt", "wasn't",
    "wasnt", "never", "none", "yet",
];

/// Verbs of pointing to a source ("the repo the issue links to").
const POINTED_BY: &[&str] = &[
    "links",
    "linked",
    "link",
    "pasted",
    "posted",
    "suggested",
    "suggests",
    "mentioned",
    "mentions",
    "recommended",
    "recommends",
];

/// Who points to it: anyone can write an issue, a comment or a message.
const POINTERS: &[&str] = &[
    "issue",
    "issues",
    "comment",
    "comments",
    "ticket",
    "thread",
    "message",
    "email",
    "dm",
    "someone",
    "somebody",
    "stranger",
    "user",
    "discussion",
    "forum",
    "readme",
];

/// Subjects that open a relative clause right after a noun ("the password it stores").
const SUBJECTS: &[&str] = &["it", "you", "we", "they", "i", "he", "she"];

/// Judges a finished clause, adds what it found to `out`, and records what it tells later
/// clauses in `ctx`.
fn finish<'a>(
    c: &Clause<'a>,
    toks: &[Token<'a>],
    ctx: &mut Context,
    recent: &[&str],
    recent_read: &mut bool,
    out: &mut Vec<Finding>,
) {
    if toks.is_empty() {
        return;
    }
    let named_production;
    let c = if c.served
        && !c.has(flag::NONPROD | flag::LOCAL | flag::SHARED | flag::SCRATCH | flag::PROD)
    {
        named_production = Clause {
            flags: c.flags | flag::PROD,
            ..*c
        };
        &named_production
    } else {
        c
    };
    // The recent hints are read once, and only when a clause leans on them.
    let leans = c.objects & obj::PRONOUN != 0
        || c.has(flag::SAME)
        || matches!(
            c.verb,
            Verb::Communicate | Verb::Run | Verb::Approve | Verb::Unblock
        );
    if leans && !*recent_read {
        *recent_read = true;
        for r in recent {
            remember_recent(r, ctx);
        }
    }
    let first = toks[0].lex();
    // The clause's words, for the request scope's readings (only when a question or a
    // negation is there to check).
    let texts = || toks.iter().map(|t| t.text).collect::<Vec<_>>();
    // A question that asks for the act ("why not delete it?", "how about wiping it?") is no
    // question; a negation counts only where it governs the verb ("don't hesitate to drop
    // it" drops it): [`scope`].
    let question = first.flags & flag::QUESTION != 0
        && toks.get(1).is_none_or(|t| t.lex().flags & flag::YOU == 0)
        && !scope::requests(&texts());
    // A verb that opens the clause got its negation from the words before it, read when the
    // clause began.
    let negated = c.has(flag::NEG)
        && (c.verb == Verb::Absent
            || toks[0].text.as_ptr() == c.verb_word.as_ptr()
            || scope::refuses_verb(&texts(), c.verb_word));
    // "skip the approval and merge": a clause that opens with skip (a scope word inside
    // another verb's clause, "deploy, skipping the tests") turns what it names off.
    let skipped;
    let c = if c.verb == Verb::Absent
        && ["skip", "skipping", "bypass"]
            .iter()
            .any(|w| toks[0].text.eq_ignore_ascii_case(w))
    {
        skipped = Clause {
            verb: Verb::Disable,
            verb_word: toks[0].text,
            ..*c
        };
        &skipped
    } else {
        c
    };
    if let Some(f) = judge_clause(c, ctx, question || negated) {
        out.push(f);
    }

    // A write to a file the system runs or authenticates with, said in words ("append that
    // key to /root/.ssh/authorized_keys", "add this line to /etc/sudoers").
    let write_verb = |t: &Token<'_>| {
        let w = t.text.to_ascii_lowercase();
        WRITE_VERBS.iter().any(|v| {
            w.strip_prefix(v)
                .is_some_and(|rest| matches!(rest, "" | "s" | "es" | "ing" | "ed" | "d"))
        })
    };
    // The path is where the content goes: right after the verb ("overwrite /etc/fstab") or
    // after to/into/in/onto ("append it to /etc/sudoers"), not a word describing something
    // else ("a test for the /etc/hosts parser").
    let target = |at: usize| {
        at > 0
            && (write_verb(&toks[at - 1])
                || ["to", "into", "in", "onto", ">", ">>"]
                    .iter()
                    .any(|p| toks[at - 1].text.eq_ignore_ascii_case(p)))
    };
    if let Some((path, catastrophic, what)) = c.critical
        && !(question || negated || c.verb == Verb::Mention)
        && let Some(at) = toks.iter().position(|t| t.text == path)
        && target(at)
        && toks[..at].iter().any(write_verb)
    {
        out.push(finding(
            Family::System,
            "prose.write-critical",
            if catastrophic {
                Severity::Stop
            } else {
                Severity::Verify
            },
            format!("writes to {path}: {what}"),
        ));
    }
    // What this clause tells the next ones.
    if c.secret || (c.objects & obj::CRED != 0 && matches!(c.verb, Verb::Access | Verb::Absent)) {
        ctx.secret = true;
    }
    if c.has(flag::DOWNLOAD) || (c.verb == Verb::Access && c.url) {
        ctx.download = true;
    }
    if c.has(flag::UNTRUSTED) {
        ctx.untrusted = true;
    }
    if c.objects & obj::AIRLOCK != 0 || c.airlock_path {
        ctx.airlock = true;
    }
    ctx.objects |= c.objects & !obj::PRONOUN;
    ctx.flags |= c.flags & (flag::PROD | flag::BULK | flag::SHARED);
    ctx.count = ctx.count.max(c.count);
    if dangerous_verb(c.verb) {
        ctx.verb = Some(c.verb);
    }
}

/// The tokens without the options that shape the output and their values (`--format table`,
/// `-o wide`, `--sort-by database`): they say how a result is shown, so they are neither a verb
/// nor an object, nor the last word of the noun phrase before them ("delete all customers
/// --format table" still deletes customers) ([`crate::recognize::presentation`]). A break
/// they carried stays on the word before them.
fn without_output_options(toks: Vec<Token<'_>>) -> Vec<Token<'_>> {
    use crate::recognize::presentation::{shapes_output, shown_as};
    let mut out: Vec<Token<'_>> = Vec::with_capacity(toks.len());
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        let value = toks
            .get(i + 1)
            .filter(|n| !t.brk && shown_as(t.text, n.text));
        let skip = if !shapes_output(t.text) {
            0
        } else if t.text.contains('=') {
            1
        } else if value.is_some() {
            2
        } else {
            0
        };
        if skip == 0 {
            out.push(t);
            i += 1;
            continue;
        }
        if toks[i + skip - 1].brk
            && let Some(last) = out.last_mut()
        {
            last.brk = true;
        }
        i += skip;
    }
    out
}

/// Words that say when or how an act is wanted, not what it acts on (`now`, `immediately`,
/// `today`, `asap`, `please`) and the confirmation switches that only skip a prompt (`--yes`,
/// `-y`, `--no-prompt`): dropped, their break kept on the word before, so they are never the
/// last word of the noun phrase the object is read from ("delete all customers now" deletes
/// customers, as "delete all customers" does). Only words the lexicon gives no verb, object or
/// flag are dropped (`permanently` keeps marking what cannot be undone); dropping them can only
/// leave the phrase's real head in place, never take a verb or an object away.
fn without_trailing_manner(toks: Vec<Token<'_>>) -> Vec<Token<'_>> {
    const MANNER: &[&str] = &[
        "now",
        "today",
        "tonight",
        "asap",
        "please",
        "pls",
        "again",
        "already",
        "anyway",
        "instead",
        "too",
        "--yes",
        "-y",
        "--no-prompt",
        "--noconfirm",
        "--no-confirm",
        "--assume-yes",
        "--non-interactive",
    ];
    let mut out: Vec<Token<'_>> = Vec::with_capacity(toks.len());
    for t in toks {
        let lex = t.lex();
        let plain = lex.obj == 0 && lex.flags == 0 && lex.verb == Verb::Absent;
        let w = t.text.trim_end_matches(['.', ',', '!', '?', ';', ':']);
        let manner = MANNER.iter().any(|m| w.eq_ignore_ascii_case(m))
            || w.len() > 5
                && w.is_ascii()
                && w[w.len() - 2..].eq_ignore_ascii_case("ly")
                && w.bytes().all(|b| b.is_ascii_alphabetic());
        if plain && manner && !out.is_empty() {
            if t.brk
                && let Some(last) = out.last_mut()
            {
                last.brk = true;
            }
            continue;
        }
        out.push(t);
    }
    out
}

/// Whether the word after `before` opens a clause: nothing but adverbs ("now", "please",
/// "quickly") stands between it and the last break (a comma, a sentence end, "and", "then").
fn opens_clause(before: &[Token<'_>]) -> bool {
    for t in before.iter().rev() {
        if t.brk || t.lex().flags & flag::SPLIT != 0 {
            return true;
        }
        let w = t.text.to_ascii_lowercase();
        let adverb = (w.len() > 4 && w.ends_with("ly"))
            || [
                "please", "now", "just", "also", "go", "ahead", "first", "next", "finally",
            ]
            .contains(&w.as_str());
        if !adverb {
            return false;
        }
    }
    true
}

fn dangerous_verb(v: Verb) -> bool {
    !matches!(
        v,
        Verb::Absent | Verb::Mention | Verb::Access | Verb::Run | Verb::Install
    )
}

/// Reads one recent hint for what a later "it", "them" or "do the same" may stand for.
fn remember_recent(hint: &str, ctx: &mut Context) {
    let lower = hint.to_ascii_lowercase();
    if has(&lower, "airlock") || has(&lower, "state.redb") {
        ctx.airlock = true;
    }
    if [
        "curl ",
        "wget ",
        "download",
        "fetch ",
        "git clone",
        "http://",
        "https://",
    ]
    .iter()
    .any(|k| lower.contains(k))
    {
        ctx.download = true;
    }
    let toks = tokens(hint);
    let mut verb_seen = false;
    for t in &toks {
        let l = t.lex();
        if let Kind::Path { secret, .. } = t.kind {
            ctx.secret |= secret;
            // `cd live/prod/network`: what "it" names next is in production.
            if production_path(t.text) {
                ctx.flags |= flag::PROD;
            }
        }
        if l.obj & obj::CRED != 0 {
            ctx.secret = true;
        }
        ctx.objects |= l.obj & !obj::PRONOUN;
        ctx.flags |= l.flags & (flag::PROD | flag::BULK | flag::UNTRUSTED | flag::SHARED);
        if l.flags & flag::UNTRUSTED != 0 {
            ctx.untrusted = true;
        }
        if let Kind::Number(v) = t.kind {
            ctx.count = ctx.count.max(v);
        }
        if !verb_seen && l.verb != Verb::Absent {
            verb_seen = true;
            if dangerous_verb(l.verb) {
                ctx.verb = Some(l.verb);
            }
        }
    }
    // Command-line forms: `gh issue view 42`, `gh pr view 311`.
    for (word, class) in [(" issue ", obj::WORK), (" pr ", obj::WORK)] {
        if lower.contains(word) {
            ctx.objects |= class;
        }
    }
}

/// Whether a path's parts name production and none names a non-production place
/// (`live/prod/network`, `/srv/production/db`; not `envs/prod-like`, `stacks/prod/../dev`).
fn production_path(p: &str) -> bool {
    let mut prod = false;
    for part in p.split(['/', '-', '_', '.', '\\']) {
        if part.is_empty() {
            continue;
        }
        let l = word(part);
        if l.flags & flag::NONPROD != 0 || ["like", "ish", "style"].contains(&part) {
            return false;
        }
        prod |= l.flags & flag::PROD != 0;
    }
    prod
}

fn finding(family: Family, code: &'static str, severity: Severity, message: String) -> Finding {
    Finding {
        family,
        code,
        severity,
        message,
    }
}

thread_local! {
    /// The danger-levels name patterns, compiled once.
    static NAMES: RefCell<Option<DangerPatterns>> = const { RefCell::new(None) };
}

/// The strictest danger class of an operation name, if it matches the standard patterns.
fn danger_class(name: &str) -> Option<DangerClass> {
    NAMES.with(|n| {
        n.borrow_mut()
            .get_or_insert_with(DangerPatterns::new)
            .match_name(name)
            .iter()
            .map(|m| m.class)
            .max()
    })
}

/// The grade of one clause, if it deserves one.
fn judge_clause(c: &Clause<'_>, ctx: &Context, mention: bool) -> Option<Finding> {
    use Severity::*;
    use Verb::*;
    let v = c.verb_word;
    let o = if c.head_word.is_empty() {
        "it"
    } else {
        c.head_word
    };
    // Tampering with the guard comes first: a clause about airlock's approvals, operator channel
    // or policy is judged before anything else, unless it only talks about it.
    if c.verb != Mention
        && !mention
        && let Some(f) = tampering(c, ctx)
    {
        return Some(f);
    }
    // "ask airlock to forget the block", "tell the guard to stand down": the action asked for
    // is judged as tampering like the agent's own (only tampering: asking a person to act is a
    // message, not the act).
    if !mention && let Some((verb, word_)) = c.asked {
        let mut asked = *c;
        // Asked of the guard itself ("ask airlock to", "tell the guard to"): airlock is named.
        asked.objects |= obj::AIRLOCK;
        asked.verb = verb;
        asked.verb_word = word_;
        asked.verb_flags = word(word_).flags;
        if let Some(f) = tampering(&asked, ctx) {
            return Some(f);
        }
    }
    if mention || c.verb == Mention {
        return None;
    }
    // An operation name in call position ("call drop_database", "wipe_data on prod") is
    // graded by the danger-levels patterns, and by its words like any clause ("purge_all_users"
    // as "purge all users"): the stricter counts.
    let named = c.call_name.and_then(|name| match danger_class(name)? {
        DangerClass::Forbidden => Some(finding(
            Family::Business,
            "name.forbidden-call",
            Verify,
            format!("calls {name}, which the danger-levels patterns class as forbidden"),
        )),
        DangerClass::Dangerous => Some(finding(
            Family::Business,
            "name.dangerous-call",
            Confirm,
            format!("calls {name}, which the danger-levels patterns class as dangerous"),
        )),
    });
    // "do the same for the rest": the verb is the earlier one.
    let v = if v.is_empty() && c.has(flag::SAME) {
        "the same"
    } else {
        v
    };
    let words = judge_words(c, ctx, v, o);
    // The action an identifier or a carried verb names, with the clause's scope.
    let action = c.action.and_then(|a| {
        let mut read = *c;
        read.verb = a.verb;
        read.verb_word = a.verb_word;
        read.flags |= a.flags;
        read.objects |= a.objects;
        read.np_objects |= a.objects;
        if a.objects != 0 {
            read.head = a.objects;
            read.head_word = a.head_word;
        }
        let o = if read.head_word.is_empty() {
            "it"
        } else {
            read.head_word
        };
        judge_words(&read, ctx, a.verb_word, o)
    });
    [named, words, action]
        .into_iter()
        .flatten()
        .reduce(|worst, f| {
            if f.severity > worst.severity {
                f
            } else {
                worst
            }
        })
}

/// The grade of a clause by its verb, object and scope (`v` and `o`: the verb and object words
/// for messages).
fn judge_words(c: &Clause<'_>, ctx: &Context, v: &str, o: &str) -> Option<Finding> {
    let s = Scope::of(c, ctx);
    // A person taken out of a group: the group is not destroyed (a grant is graded with the
    // rest, the strictest counting).
    if matches!(s.verb, Verb::Destroy | Verb::Disable | Verb::Keys)
        && let Some(f) = classes::membership(c, &s, v, o)
    {
        return classes::irreversible(c, &s, v, o, Some(f));
    }
    let base = grade_words(c, ctx, &s, v, o);
    let class = classes::grade(c, &s, v, o);
    let class = match (
        class,
        environments::grade(
            c,
            &s,
            ctx.consent_skipped,
            c.flags | ctx.flags & (flag::PROD | flag::SHARED),
            v,
            o,
        ),
    ) {
        (Some(a), Some(b)) => Some(if b.severity > a.severity { b } else { a }),
        (a, b) => a.or(b),
    };
    let worst = match (base, class) {
        (Some(a), Some(b)) => Some(if b.severity > a.severity { b } else { a }),
        (a, b) => a.or(b),
    };
    classes::irreversible(c, &s, v, o, worst)
}

/// What a clause acts on once pronouns and "the same" are read with what came before.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scope {
    objects: u16,
    head: u16,
    pronoun: bool,
    /// The clause's flags, with the production and shared marks of what it points back at.
    flags: u64,
    bulk: bool,
    prod: bool,
    nonprod: bool,
    verb: Verb,
}

impl Scope {
    fn of(c: &Clause<'_>, ctx: &Context) -> Self {
        let mut objects = c.objects;
        let mut head = c.head;
        let pronoun = c.objects & obj::PRONOUN != 0;
        let mut flags = c.flags;
        let mut count = c.count;
        if pronoun || c.has(flag::SAME) {
            objects |= ctx.objects;
            if head == 0 || head == obj::PRONOUN {
                head = if ctx.objects != 0 {
                    strongest(ctx.objects)
                } else {
                    obj::PRONOUN
                };
            }
            flags |= ctx.flags & (flag::PROD | flag::SHARED);
            if c.has(flag::BULK) {
                count = count.max(ctx.count);
            }
        }
        let verb = if c.has(flag::SAME) && matches!(c.verb, Verb::Absent | Verb::Run) {
            ctx.verb.unwrap_or(c.verb)
        } else {
            c.verb
        };
        Scope {
            objects,
            head,
            pronoun,
            flags,
            bulk: flags & flag::BULK != 0 || count >= 100.0,
            prod: flags & flag::PROD != 0,
            nonprod: flags & flag::NONPROD != 0,
            verb,
        }
    }
}

/// The grade of a clause by its verb, object and scope (`s`, the clause's [`Scope`]), before
/// the classes of [`classes`].
fn grade_words(c: &Clause<'_>, ctx: &Context, s: &Scope, v: &str, o: &str) -> Option<Finding> {
    use Severity::*;
    use Verb::*;
    // The object: a pronoun ("it", "them", or a demonstrative: "that file", "those orders")
    // stands for what the earlier clauses or recent hints named.
    let Scope {
        objects,
        head,
        pronoun,
        flags,
        bulk,
        prod,
        nonprod,
        ..
    } = *s;
    let verb = if c.has(flag::SAME) && matches!(c.verb, Absent | Run) {
        ctx.verb.unwrap_or(c.verb)
    } else if c.verb == Privilege && head & obj::SOFTWARE != 0 {
        // "add the package from the fork to the project": adding code is installing it.
        Install
    } else if c.verb == Privilege
        && v.len() >= 6
        && v.as_bytes()[..6].eq_ignore_ascii_case(b"promot")
        && objects & (obj::PEOPLE | obj::PRIV | obj::MEMBERSHIP | obj::ACCESS) == 0
        && (flags & flag::PROD != 0 || environments::shared(flags))
    {
        // "promote the release candidate to production": a release, not a person's rights.
        Release
    } else {
        c.verb
    };
    let secret_here = c.secret || objects & obj::CRED != 0 && !pronoun;
    let sink = c.url || c.email || c.has(flag::SINK);
    let public = c.has(flag::PUBLIC | flag::PUBLIC_PLACE);
    let amount = c.amount.unwrap_or(0.0);
    let money_grade = |what: &str| -> Finding {
        let (sev, why) = if amount >= 10_000.0 || c.has(flag::IBAN) || bulk {
            (
                Stop,
                "a large, bulk or international transfer of money cannot be called back",
            )
        } else if amount >= 1_000.0 || v.eq_ignore_ascii_case("wire") {
            (Verify, "moves a significant amount of money")
        } else {
            (Confirm, "moves money")
        };
        finding(
            Family::Business,
            "business.money",
            sev,
            format!("{v} {what}: {why}"),
        )
    };
    // A secret, or data copied out, headed for an outside or public place is exfiltration,
    // whatever the verb (push the .env to a gist, copy the customer table to my personal bucket).
    if verb != Communicate && (sink || public) && verb != Mention {
        let data = objects & (obj::STORE | obj::PEOPLE | obj::SENSITIVE) != 0;
        let copies = [
            "copy", "export", "sync", "mirror", "push", "upload", "dump", "move",
        ]
        .iter()
        .any(|w| v.len() >= w.len() && v.as_bytes()[..w.len()].eq_ignore_ascii_case(w.as_bytes()));
        if secret_here || (copies && data && c.has(flag::SINK)) {
            return Some(finding(
                Family::Exfiltration,
                "exfiltration.data-sent",
                Stop,
                format!("{v} {o}: secrets or data leave for a place the operator does not control"),
            ));
        }
    }
    match verb {
        // A cache, a build's output, a scratch folder: regenerated on the next run (in
        // production a cache is a data store, and a system path is never scratch).
        Destroy
            if c.scratch_head
                && objects & obj::RUNTIME == 0
                && !prod
                && !c.system_path
                && flags & flag::SYSTEM == 0
                && !c.has(flag::IRREVERSIBLE) =>
        {
            None
        }
        Destroy => {
            let (family, sev, why) =
                if head & obj::STORE != 0 || (head == 0 && objects & obj::STORE != 0) {
                    let family = if o.to_ascii_lowercase().contains("table")
                        || o.to_ascii_lowercase().contains("database")
                    {
                        Family::Database
                    } else {
                        Family::Business
                    };
                    if prod || bulk {
                        (
                            family,
                            Stop,
                            "destroys a data store in production or in bulk",
                        )
                    } else if nonprod {
                        (family, Confirm, "destroys a non-production data store")
                    } else {
                        (family, Verify, "destroys a data store (all its data)")
                    }
                } else if head & obj::FILES != 0 {
                    if prod && bulk {
                        // "tear down everything in the prod workspace".
                        (Family::Business, Stop, "destroys everything in production")
                    } else if c.system_path || flags & flag::SYSTEM != 0 {
                        (
                            Family::Filesystem,
                            if bulk { Stop } else { Verify },
                            "deletes a home or system location",
                        )
                    } else if nonprod
                        && environments::shared(flags)
                        && (objects & obj::RUNTIME != 0 || flags & flag::SERVED != 0)
                    {
                        // "the uploads directory in the staging web root", "the media folder on
                        // the qa host": files on a server others use, not the developer's own
                        // checkout nor a document about QA.
                        (
                            Family::Filesystem,
                            Confirm,
                            "deletes files on a shared environment's server (not production)",
                        )
                    } else if nonprod {
                        return None;
                    } else if bulk {
                        (Family::Filesystem, Confirm, "deletes files in bulk")
                    } else if o.to_ascii_lowercase().starts_with("file") {
                        return None;
                    } else {
                        (Family::Filesystem, Confirm, "deletes a folder")
                    }
                } else if head & obj::RUNTIME != 0 {
                    if prod {
                        (
                            Family::Business,
                            Verify,
                            "destroys running production infrastructure",
                        )
                    } else if bulk {
                        (
                            Family::Business,
                            Verify,
                            "destroys running infrastructure in bulk",
                        )
                    } else {
                        (
                            Family::Business,
                            Confirm,
                            "destroys a running service or machine",
                        )
                    }
                } else if head & (obj::WORK | obj::PEOPLE | obj::MONEY | obj::CRED | obj::SENSITIVE)
                    != 0
                    || (head == obj::PRONOUN && objects & !obj::PRONOUN != 0)
                {
                    if flags & flag::MAIN != 0 {
                        (
                            Family::Git,
                            Verify,
                            "deletes the main branch or its history",
                        )
                    } else if bulk {
                        (Family::Business, Stop, "deletes in bulk")
                    } else if prod {
                        (Family::Business, Verify, "deletes production records")
                    } else {
                        (Family::Business, Confirm, "deletes it for good")
                    }
                } else if prod {
                    (
                        Family::Business,
                        if bulk { Stop } else { Verify },
                        "destroys something in production",
                    )
                } else if pronoun {
                    (Family::Business, Confirm, "deletes what it names for good")
                } else if head == 0
                    && objects == 0
                    && !c.unknown_head.is_empty()
                    && !nonprod
                    // The verbs that end a thing, as a request: not "reset the form", "clear
                    // the cache", nor what code does ("so it only removes finished jobs").
                    && [
                        "delete", "remove", "destroy", "terminate", "tear", "nuke", "wipe",
                        "purge", "drop", "erase", "decommission", "deprovision",
                    ]
                    .iter()
                    .any(|d| v.eq_ignore_ascii_case(d))
                {
                    // A concrete noun the lexicon does not know ("delete the lambda", "remove
                    // the cronjob nightly-report"): a resource of some kind, confirmed.
                    (
                        Family::Business,
                        Confirm,
                        "destroys a resource it names (what it is is not known)",
                    )
                } else {
                    return None;
                };
            Some(finding(
                family,
                "prose.destroy",
                sev,
                format!("{v} {o}: {why}"),
            ))
        }
        Money | Move | Communicate if amount > 0.0 || (verb == Money && c.has(flag::IBAN)) => {
            Some(money_grade(o))
        }
        Money => {
            if objects & (obj::MONEY | obj::PEOPLE) != 0 || pronoun {
                Some(money_grade(o))
            } else if objects & (obj::STORE | obj::PRIV) != 0 {
                Some(finding(
                    Family::Business,
                    "business.transfer-ownership",
                    Verify,
                    format!("{v} {o}: hands over ownership"),
                ))
            } else {
                None
            }
        }
        Communicate => {
            let external =
                c.has(flag::SINK) || c.url || (c.email && !c.has(flag::SELF | flag::INTERNAL));
            if secret_here || (pronoun && ctx.secret) {
                return Some(finding(
                    Family::Exfiltration,
                    "exfiltration.secret-sent",
                    Stop,
                    format!("{v} {o}: a secret leaves for a place the operator does not control"),
                ));
            }
            let direct = c.np_objects | if pronoun { ctx.objects } else { 0 };
            // "send the customer list to Maria": the list is what is sent, to one person; only
            // when it leaves for an outside address or a public place is it more than that.
            let list_sent = c.head_list && c.to_tail && !c.recipient_list;
            if list_sent && !external && !public {
                return None;
            }
            if list_sent && external {
                return Some(finding(
                    Family::Exfiltration,
                    "exfiltration.data-shared",
                    Verify,
                    format!("{v} {o}: a list of people leaves for an outside address"),
                ));
            }
            // "share the customer database with my personal gmail".
            if direct & obj::STORE != 0 && c.has(flag::SINK) {
                return Some(finding(
                    Family::Exfiltration,
                    "exfiltration.data-shared",
                    Stop,
                    format!("{v} {o}: data leaves for an account the operator does not control"),
                ));
            }
            if direct & obj::SENSITIVE != 0 && (sink || public) {
                return Some(finding(
                    Family::Exfiltration,
                    "exfiltration.sensitive-published",
                    Stop,
                    format!("{v} {o}: internal material sent outside or made public"),
                ));
            }
            // "everyone on the team": a few colleagues, not a mass mailing.
            let team_only = c.has(flag::INTERNAL) && c.count < 100.0 && !c.has(flag::PARTY);
            if objects & obj::PEOPLE != 0 && bulk && !team_only {
                return Some(finding(
                    Family::Business,
                    "business.mass-message",
                    Stop,
                    format!("{v} {o}: a message to everyone cannot be unsent"),
                ));
            }
            // "upload it to the team's artifact bucket": a place of the company's own (the
            // payload x destination grade of `recognize::payloads`); only a secret, caught
            // above, is graded there. A personal ("my", "personal") or public place is not.
            let own_place = c.has(flag::INTERNAL)
                && !c.has(flag::PUBLIC | flag::PUBLIC_PLACE | flag::SELF | flag::PARTY)
                && !c.sink_place
                && !c.email
                && !c.url;
            if pronoun && external && own_place {
                return None;
            }
            if pronoun && external {
                let sev = if c.has(flag::SINK) { Stop } else { Verify };
                return Some(finding(
                    Family::Exfiltration,
                    "exfiltration.unknown-sent",
                    sev,
                    format!("{v} {o}: sends content to an outside address"),
                ));
            }
            if pronoun && public {
                return Some(finding(
                    Family::Exfiltration,
                    "exfiltration.unknown-published",
                    Verify,
                    format!("{v} {o}: publishes content unseen"),
                ));
            }
            if v.len() >= 4 && v.as_bytes()[..4].eq_ignore_ascii_case(b"leak") {
                return Some(finding(
                    Family::Exfiltration,
                    "exfiltration.leak",
                    Stop,
                    format!("{v} {o}: an unauthorized disclosure"),
                ));
            }
            if public {
                return Some(finding(
                    Family::Business,
                    "business.publish",
                    Confirm,
                    format!("{v} {o}: public, and cannot be taken back"),
                ));
            }
            if objects & obj::PEOPLE != 0
                && c.has(flag::PARTY)
                && !c.has(flag::SELF | flag::INTERNAL)
            {
                return Some(finding(
                    Family::Business,
                    "business.message-customer",
                    Confirm,
                    format!("{v} {o}: a message to a customer or outside person"),
                ));
            }
            if c.has(flag::SINK) && v.eq_ignore_ascii_case("upload") && !c.ci_output {
                return Some(finding(
                    Family::Exfiltration,
                    "exfiltration.upload",
                    Verify,
                    format!("{v} {o}: data sent to an outside place"),
                ));
            }
            None
        }
        Release => {
            let main = flags & flag::MAIN != 0;
            // "no need to ask me first": shipped without the operator's check.
            let unsafe_ = flags & flag::UNSAFE != 0 || ctx.consent_skipped;
            let family =
                if v.to_ascii_lowercase().contains("push") || v.eq_ignore_ascii_case("merge") {
                    Family::Git
                } else {
                    Family::Business
                };
            let (sev, why) = if (prod || main) && unsafe_ {
                (Verify, "ships to production or main without its safeguards")
            } else if unsafe_ && flags & flag::LOCAL != 0 {
                // Applied unattended to the developer's own environment (`--env local`).
                return None;
            } else if unsafe_ {
                (Confirm, "ships without review or tests")
            } else if prod {
                (Confirm, "ships to production")
            } else if flags & flag::SHARED != 0
                && flags & flag::LOCAL == 0
                && [
                    "deploy", "redeploy", "ship", "promote", "roll", "fail", "cut", "failover",
                    "cutover",
                ]
                .iter()
                .any(|w| {
                    v.len() >= w.len() && v.as_bytes()[..w.len()].eq_ignore_ascii_case(w.as_bytes())
                })
            {
                // A deploy to a running environment others share (staging, QA): a bounded
                // change its users see (the label rule of guest-policies/eval/README.md). An
                // `apply` that asks first is not one.
                (
                    Confirm,
                    "ships to a shared environment (not production): its users see the change",
                )
            } else {
                return None;
            };
            Some(finding(
                family,
                "prose.release",
                sev,
                format!("{v} {o}: {why}"),
            ))
        }
        Privilege => {
            let made = c.np_objects | head;
            if c.has(flag::PUBLIC)
                && made
                    & (obj::STORE
                        | obj::WORK
                        | obj::FILES
                        | obj::SENSITIVE
                        | obj::PEOPLE
                        | obj::MONEY
                        | obj::CRED)
                    != 0
            {
                let sev = if objects & obj::SENSITIVE != 0 || c.has(flag::PRIVATE) {
                    Stop
                } else {
                    Verify
                };
                return Some(finding(
                    Family::Business,
                    "business.make-public",
                    sev,
                    format!("{v} {o} public: anyone can read it"),
                ));
            }
            if objects & obj::ACCESS != 0 && !c.priv_head && !nonprod {
                return Some(finding(
                    Family::Business,
                    "business.grant-access",
                    if bulk { Verify } else { Confirm },
                    format!("{v} {o}: gives access"),
                ));
            }
            if c.priv_head {
                let sev = if bulk { Stop } else { Verify };
                return Some(finding(
                    Family::System,
                    "business.grant-privilege",
                    sev,
                    format!("{v} {o}: grants administrator or root privileges"),
                ));
            }
            if objects & obj::MONEY != 0 && bulk {
                return Some(finding(
                    Family::Business,
                    "business.money",
                    Stop,
                    format!("{v} {o}: money for anyone"),
                ));
            }
            None
        }
        Keys => {
            if objects & (obj::CRED | obj::PRIV | obj::ACCESS | obj::PEOPLE) == 0 || nonprod {
                return None;
            }
            let org = objects & obj::STORE != 0 && o.to_ascii_lowercase().starts_with("tok");
            let sev = if bulk || org { Stop } else { Confirm };
            Some(finding(
                Family::Secrets,
                "business.revoke-keys",
                sev,
                format!("{v} {o}: whatever uses them stops working"),
            ))
        }
        Disable => {
            let (family, sev, why) = if objects & obj::SECURITY != 0 {
                // In a test's fixtures or a mock, nothing real is exposed.
                if c.testing {
                    return None;
                }
                (
                    Family::System,
                    if bulk { Stop } else { Verify },
                    "turns a security control off",
                )
            } else if objects & obj::PEOPLE != 0 || pronoun && objects != obj::PRONOUN {
                (
                    Family::Business,
                    if bulk { Stop } else { Confirm },
                    "locks people out",
                )
            } else if objects & (obj::STORE | obj::RUNTIME) != 0 {
                (
                    Family::Business,
                    if prod { Verify } else { Confirm },
                    "takes a service down",
                )
            } else if objects & obj::CRED != 0 {
                (Family::Secrets, Confirm, "disables a credential")
            } else {
                return None;
            };
            Some(finding(
                family,
                "prose.disable",
                sev,
                format!("{v} {o}: {why}"),
            ))
        }
        Cancel => {
            if objects & (obj::MONEY | obj::PEOPLE) == 0 && !(pronoun && ctx.objects != 0) {
                return None;
            }
            let sev = if bulk { Stop } else { Confirm };
            Some(finding(
                Family::Business,
                "business.cancel",
                sev,
                format!("{v} {o}: cancels what customers pay for"),
            ))
        }
        Close => {
            let direct = c.np_objects | if pronoun { ctx.objects } else { 0 };
            let (sev, why) = if direct & obj::STORE != 0 || direct & obj::PEOPLE != 0 && !bulk {
                (Verify, "closes an account or organization")
            } else if direct & (obj::WORK | obj::MONEY) != 0 || pronoun {
                if bulk {
                    (
                        Verify,
                        "closes work items in bulk; everyone watching them is notified",
                    )
                } else {
                    (
                        Confirm,
                        "closes someone's work item; its author and watchers are notified",
                    )
                }
            } else {
                return None;
            };
            Some(finding(
                Family::Business,
                "business.close",
                sev,
                format!("{v} {o}: {why}"),
            ))
        }
        Archive => {
            if objects & (obj::STORE | obj::WORK) == 0 {
                return None;
            }
            let sev = if bulk { Verify } else { Confirm };
            Some(finding(
                Family::Business,
                "business.archive",
                sev,
                format!("{v} {o}: becomes read-only for everyone"),
            ))
        }
        Modify => {
            // A release rolled back on a running environment others use (production's, or a
            // shared one such as staging): reversible, but its users see the change.
            let rolls_back = ["roll", "revert", "undo"].iter().any(|w| {
                v.len() >= w.len() && v.as_bytes()[..w.len()].eq_ignore_ascii_case(w.as_bytes())
            });
            if rolls_back
                && (prod || flags & flag::SHARED != 0 && flags & flag::LOCAL == 0)
                && objects & (obj::RUNTIME | obj::STORE | obj::SOFTWARE) != 0
            {
                return Some(finding(
                    Family::Containers,
                    "prose.rollback",
                    Confirm,
                    format!(
                        "{v} {o}: rolls a running {} environment back",
                        if prod { "production" } else { "shared" }
                    ),
                ));
            }
            // Not the owner of a file ("change the owner of the lock file to the build user":
            // chown, judged by the shell reader when it names a system path).
            if objects & obj::PRIV != 0
                && objects & obj::PEOPLE != 0
                && c.tail_head & obj::FILES == 0
            {
                return Some(finding(
                    Family::System,
                    "business.grant-privilege",
                    Verify,
                    format!("{v} {o}: changes who is an administrator"),
                ));
            }
            // Creating only matters for money (a discount code); creating a draft for everyone
            // is not changing everyone.
            let creates = v.len() >= 5 && v.as_bytes()[..5].eq_ignore_ascii_case(b"creat");
            if head & obj::MONEY != 0 || (head & obj::PEOPLE != 0 && bulk && !creates) {
                let sev = if bulk { Stop } else { Confirm };
                return Some(finding(
                    Family::Business,
                    "business.pricing",
                    sev,
                    format!("{v} {o}: changes what customers pay or get"),
                ));
            }
            None
        }
        Approve => {
            // "verify the payment went through", "confirm the totals match": checking, not
            // approving.
            if !checks_only(v) && objects & obj::MONEY != 0 {
                return Some(money_grade(o));
            }
            // "approve the PR yourself": no second person reviews the change.
            if c.has(flag::SELF) && objects & obj::WORK != 0 && !checks_only(v) {
                return Some(finding(
                    Family::Git,
                    "prose.self-approve",
                    Confirm,
                    format!("{v} {o}: approves its own change; no second person reviews it"),
                ));
            }
            None
        }
        Unblock => {
            if objects & obj::SECURITY != 0 && c.verb_flags & flag::LIFT_ONLY == 0 {
                return Some(finding(
                    Family::System,
                    "prose.bypass-security",
                    Verify,
                    format!("{v} {o}: a security control bypassed"),
                ));
            }
            None
        }
        Shutdown => {
            if objects & (obj::STORE | obj::RUNTIME) == 0 && !(pronoun && ctx.objects != 0) {
                return None;
            }
            // A dev server, a local container or a test runner is the agent's own workbench; a
            // shared environment's machines (staging, QA, UAT) are other people's.
            if (nonprod && !environments::shared(flags) || c.testing) && objects & obj::STORE == 0 {
                return None;
            }
            let sev = if prod || bulk { Verify } else { Confirm };
            Some(finding(
                Family::System,
                "prose.shutdown",
                sev,
                format!("{v} {o}: takes it down"),
            ))
        }
        Restart => {
            // A reversible change to a running environment others use: production's, or a
            // shared one that is not production (staging, QA); the developer's own (a local
            // cluster, the dev server) or an unnamed one goes ahead.
            let why = if prod {
                "restarts a production service"
            } else if flags & flag::SHARED != 0 && flags & flag::LOCAL == 0 {
                "restarts a service of a shared environment (not production): its users see it go down"
            } else {
                return None;
            };
            Some(finding(
                Family::System,
                "prose.restart",
                Confirm,
                format!("{v} {o}: {why}"),
            ))
        }
        Access => {
            if secret_here {
                let sev = if bulk { Stop } else { Confirm };
                return Some(finding(
                    Family::Secrets,
                    "secrets.reveal",
                    sev,
                    format!("{v} {o}: shows a secret"),
                ));
            }
            None
        }
        Run | Install | Absent | Move => remote_code(c, verb, ctx, pronoun),
        Mention => None,
    }
}

/// A command line's action as the generic command reader ([`crate::recognize::generic`]) reads
/// it: the verb of its command path, the objects its words and its program's class name, and the
/// scope its options and values give (bulk, production, non-production).
#[derive(Debug, Clone, Copy)]
pub struct CommandAction<'a> {
    /// The first verb-class word of the command path.
    pub verb: Verb,
    /// That word, for messages.
    pub verb_word: &'a str,
    /// Every object class named (the path's nouns and the program's class).
    pub objects: u16,
    /// The object the verb acts on.
    pub head: u16,
    /// Its word, for messages.
    pub head_word: &'a str,
    /// Scope flags ([`flag::BULK`], [`flag::PROD`], [`flag::NONPROD`]...).
    pub flags: u64,
    /// An operand is a home, root or system location.
    pub system_path: bool,
    /// Nobody is asked: an option skips the confirmation (`--force`, `-y`) or spells the verb
    /// for a script (`--delete`, `--unregister`).
    pub unattended: bool,
}

/// Grades a command line's action with the plain-language ladder (the same verb x object x
/// scope grades as a clause in words), so that a verb or a noun the lexicon learns reaches
/// commands and prose at once: there is one ladder, not one per reader.
///
/// A destroying or disabling verb whose object the command line does not name (no noun, no
/// class: `incus delete --force ci-runner-7`, `dscl . -delete /Users/x`, `amtool silence add
/// 'alertname=~".+"'`) is graded by its scope alone: in production it is verified (stopped
/// when bulk, as the ladder does for a destroy); run unattended, in bulk, over a listing or on a
/// system path it is confirmed; alone it is a name this reader cannot size, and goes ahead.
pub fn grade_command(a: &CommandAction<'_>) -> Option<Finding> {
    let graded = grade_command_words(a);
    if graded.is_some() || a.head != 0 || !matches!(a.verb, Verb::Destroy | Verb::Disable) {
        return graded;
    }
    objectless(a)
}

/// The grade of a destroying or disabling verb with no object, by its scope.
fn objectless(a: &CommandAction<'_>) -> Option<Finding> {
    let bulk = a.flags & flag::BULK != 0;
    let (sev, where_) = if a.flags & flag::PROD != 0 {
        (
            if bulk {
                Severity::Stop
            } else {
                Severity::Verify
            },
            " in production",
        )
    } else if a.flags & flag::NONPROD != 0 {
        return None;
    } else if a.system_path {
        (Severity::Confirm, " in a home or system location")
    } else if bulk || a.unattended {
        // (The scope is named by the message's caller: "all of them", "without confirmation".)
        (Severity::Confirm, "")
    } else {
        return None;
    };
    let (code, what) = if a.verb == Verb::Disable {
        ("prose.disable", "turns off what it names")
    } else {
        ("prose.destroy", "destroys what it names")
    };
    let o = if a.head_word.is_empty() {
        "it"
    } else {
        a.head_word
    };
    Some(finding(
        Family::Business,
        code,
        sev,
        format!("{} {o}: {what}{where_}", a.verb_word),
    ))
}

/// [`grade_command`] by the plain-language ladder.
fn grade_command_words(a: &CommandAction<'_>) -> Option<Finding> {
    let mut c = Clause::new();
    c.verb = a.verb;
    c.verb_word = a.verb_word;
    c.objects = a.objects;
    c.np_objects = a.objects;
    c.head = a.head;
    c.head_word = a.head_word;
    c.head_closed = true;
    c.flags = a.flags;
    c.system_path = a.system_path;
    let o = if a.head_word.is_empty() {
        "it"
    } else {
        a.head_word
    };
    judge_words(&c, &Context::default(), a.verb_word, o)
}

/// The object class a pronoun most likely stands for: the most dangerous one named.
fn strongest(objects: u16) -> u16 {
    for class in [
        obj::STORE,
        obj::MONEY,
        obj::PEOPLE,
        obj::CRED,
        obj::WORK,
        obj::RUNTIME,
        obj::FILES,
        obj::SECURITY,
        obj::PRIV,
        obj::SENSITIVE,
    ] {
        if objects & class != 0 {
            return class;
        }
    }
    obj::PRONOUN
}

/// Running something downloaded or untrusted: "run it" after a download, "run the script from
/// https://...", "pipe it to bash", "execute what you just downloaded".
fn remote_code(c: &Clause<'_>, verb: Verb, ctx: &Context, pronoun: bool) -> Option<Finding> {
    // A clause without a verb that names a downloaded script is read as running it: callers may
    // have cut a leading "run" or "execute" off ("the setup script from https://.../setup.sh").
    let runs =
        verb == Verb::Run || c.has(flag::SHELL) || (verb == Verb::Absent && c.has(flag::DOWNLOAD));
    if !runs && verb != Verb::Install {
        return None;
    }
    // A URL alone is not code (`run curl https://api.example/events -o out.json`): a script,
    // an installer, or something downloaded before is.
    let downloaded = c.has(flag::DOWNLOAD) || (pronoun && ctx.download);
    if runs && downloaded {
        return Some(Finding {
            family: Family::RemoteCode,
            code: "remote-code.run-downloaded",
            severity: Severity::Stop,
            message: format!(
                "{} {}: runs code fetched from the network without reading it",
                c.verb_word, c.head_word
            ),
        });
    }
    if c.has(flag::UNTRUSTED) || ctx.untrusted {
        return Some(Finding {
            family: Family::RemoteCode,
            code: "remote-code.untrusted",
            severity: Severity::Confirm,
            message: format!(
                "{} {}: installs or runs code from an untrusted source",
                c.verb_word, c.head_word
            ),
        });
    }
    None
}

/// The guard itself: approving, unblocking, disabling, editing or reading airlock's approvals,
/// operator channel or policy.
fn tampering(c: &Clause<'_>, ctx: &Context) -> Option<Finding> {
    use Verb::*;
    let airlock = c.objects & obj::AIRLOCK != 0 || c.airlock_path;
    let pronoun = c.objects & obj::PRONOUN != 0 || c.has(flag::SAME);
    let recent_airlock = ctx.airlock && (pronoun || c.head == 0);
    let self_ = c.has(flag::SELF);
    // "verify the fix yourself", "check it yourself": checking work vouches for nothing.
    // "approve the PR yourself" is a change approved by its author (graded as such), not the
    // guard's request.
    let vouches = !checks_only(c.verb_word) && c.objects & obj::WORK == 0;
    // The guard's own objects: a block, a hold, a guardrail, an approval.
    let guard = c.has(flag::GUARD);
    let on_agent = airlock || self_ || recent_airlock || ctx.airlock;
    let why = match c.verb {
        Approve if airlock || (self_ && vouches) || c.has(flag::APPROVAL) || recent_airlock => {
            "approves an airlock request: the agent would vouch for itself"
        }
        // forget, ignore, dismiss lift only a guard ("forget the block you put on me"),
        // never merely something of the agent's ("ignore my last message").
        Unblock
            if c.verb_flags & flag::LIFT_ONLY != 0
                && guard
                && (on_agent || c.has(flag::APPROVAL)) =>
        {
            "asks that the guard's block or approval be forgotten: only the operator may lift it"
        }
        Unblock if c.verb_flags & flag::LIFT_ONLY != 0 => return Option::None,
        Unblock if airlock || self_ || recent_airlock || c.has(flag::APPROVAL) => {
            "lifts airlock's block on the agent: only the operator may"
        }
        // "clear the block on my account", "remove the hold airlock put on me".
        Destroy | Disable | Cancel | Shutdown | Modify if guard && on_agent => {
            "removes the guard's block on the agent: only the operator may"
        }
        Disable if c.has(flag::APPROVAL) => "turns off the approval that guards the action",
        Disable | Shutdown | Destroy | Modify | Unblock if airlock || recent_airlock => {
            "disables, removes or edits airlock: the guard itself"
        }
        Modify | Disable if c.has(flag::POLICY) && c.has(flag::LOOSEN) => {
            "loosens the policy so that a blocked action goes through"
        }
        Access | Absent | Run if (airlock || ctx.airlock) && c.has(flag::OPERATOR) => {
            "reads airlock's operator channel: the verification codes are for the operator"
        }
        Absent | Run if airlock && c.has(flag::APPROVAL) => {
            "uses airlock's approval commands: only the operator may"
        }
        _ => return Option::None,
    };
    Some(Finding {
        family: Family::Tampering,
        code: "tampering.prose",
        severity: Severity::Stop,
        message: format!(
            "{} {}: {why}",
            c.verb_word,
            if c.head_word.is_empty() {
                "it"
            } else {
                c.head_word
            }
        ),
    })
}

#[cfg(test)]
mod scope_tests;
#[cfg(test)]
mod tests;

/// What a CI job produces to be uploaded: coverage and test reports, analysis results. Sending
/// them to the project's coverage or analysis service is routine work, not data leaving.
fn ci_output(word: &str) -> bool {
    const OUTPUTS: &[&str] = &["coverage", "lcov", "junit", "sarif"];
    OUTPUTS.iter().any(|k| word.eq_ignore_ascii_case(k))
}

/// A resource's name after its kind ("web-1", "logs-2024", "thumbnailer-alice"): a word with a
/// digit or a hyphen, not a path or a flag.
fn resource_name(w: &str) -> bool {
    let w = w.trim_end_matches([',', '.', ';', ':']);
    w.len() > 1
        && !w.starts_with('-')
        && !w.contains(['/', '.', '$', '@'])
        && w.bytes().any(|b| b.is_ascii_digit() || b == b'-')
        && w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Things one deletes in an editor or a working tree that are no resource of anyone's: a
/// destroy of these stays allowed ("delete the line", "remove the comment", "drop the test").
const EDITING_NOUNS: &[&str] = &[
    "line",
    "lines",
    "word",
    "words",
    "comment",
    "comments",
    "test",
    "tests",
    "import",
    "imports",
    "variable",
    "variables",
    "function",
    "functions",
    "method",
    "methods",
    "class",
    "field",
    "param",
    "parameter",
    "argument",
    "arg",
    "todo",
    "todos",
    "typo",
    "typos",
    "paragraph",
    "sentence",
    "section",
    "heading",
    "space",
    "spaces",
    "whitespace",
    "newline",
    "semicolon",
    "print",
    "prints",
    "statement",
    "block",
    "step",
    "entry",
    "row",
    "cell",
    "character",
    "characters",
    "char",
    "emoji",
    "link",
    "sentence",
    "duplicate",
    "duplicates",
    "blank",
    "indentation",
    "bracket",
    "parenthesis",
    "option",
    "flag",
    "dependency",
    "warning",
    "warnings",
    "debug",
    "log",
    "logs",
    "console",
    "breakpoint",
    "assert",
    "assertion",
    "mock",
    "stub",
    "fixture",
    "snapshot",
    "example",
    "note",
    "notes",
    "header",
    "footer",
    "label",
    "tag",
    "item",
    "part",
    "bit",
    "stuff",
    "thing",
    "things",
    "one",
    "ones",
    "extra",
    "rest",
    "other",
    "others",
    "same",
    "last",
    "first",
    "old",
    "new",
    "unused",
    "dead",
    "code",
    "cache",
    "tmp",
    "temp",
    "build",
    "artifacts",
    "output",
    "lockfile",
    "node_modules",
    // Code structure, documents and interface pieces.
    "clause",
    "condition",
    "check",
    "checks",
    "case",
    "cases",
    "guard",
    "loop",
    "return",
    "call",
    "calls",
    "handler",
    "callback",
    "listener",
    "component",
    "button",
    "modal",
    "form",
    "input",
    "screen",
    "view",
    "template",
    "style",
    "styles",
    "css",
    "report",
    "reports",
    "chart",
    "graph",
    "plot",
    "figure",
    "match",
    "matches",
    "result",
    "results",
    "draft",
    "drafts",
    "attachment",
    "screenshot",
    "icon",
    "asset",
    "assets",
    "font",
    "slide",
    "slides",
    "page",
    "chapter",
    "quote",
    "reference",
    "footnote",
    "macro",
    "alias",
    "shortcut",
    // Plurals of the code and document pieces above (the list is matched as written): "rip
    // out the debug print statements".
    "statements",
    "blocks",
    "breakpoints",
    "assertions",
    "params",
    "parameters",
    "arguments",
    "args",
    "fields",
    "conditions",
    "loops",
    "handlers",
    "callbacks",
    "listeners",
    "components",
    "buttons",
    "templates",
    "macros",
    "aliases",
    "shortcuts",
    "icons",
    "paragraphs",
    "sentences",
    "sections",
    "headings",
    "footnotes",
];

/// An unknown word that can be a thing one destroys: alphabetic, lower-case, not an editing
/// noun ([`EDITING_NOUNS`]), not a function word.
fn resource_noun(w: &str) -> bool {
    let w = w.trim_end_matches([',', '.', ';', ':', '!', '?']);
    w.len() > 2
        && w.bytes().all(|b| b.is_ascii_lowercase())
        && !EDITING_NOUNS.contains(&w)
        && !matches!(
            w,
            "the"
                | "and"
                | "for"
                | "from"
                | "with"
                | "that"
                | "this"
                | "those"
                | "these"
                | "here"
                | "there"
                | "now"
                | "again"
                | "too"
                | "also"
                | "please"
                | "only"
                | "just"
                | "whole"
                | "entire"
                | "local"
                | "mine"
                | "yours"
                | "yesterday"
                | "today"
                | "tonight"
                | "tomorrow"
                | "morning"
                | "afternoon"
                | "evening"
                | "night"
                | "week"
                | "month"
                | "ago"
                | "earlier"
                | "later"
                | "soon"
                | "first"
        )
}
