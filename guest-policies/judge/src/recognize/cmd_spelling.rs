//! cmd.exe's spellings of a command that read as another word to every other reader: the caret
//! escape inside a word (`r^d`, `f^o^r^m^a^t`: cmd drops a caret and keeps the character after
//! it), an empty
//! pair of quotes inside a word (`de""l`: cmd joins the pieces), and `start`'s launcher prefix
//! (`start /b rd /s /q ...`, `start "" /wait cmd /c ...`: the rest of the line is the command
//! that runs).
//!
//! # Why a fold before reading
//!
//! The readers match programs by name: `r^d` is no program to them. cmd removes these marks
//! before it looks the program up, so the line is rewritten the way cmd reads it and the
//! rewrite is judged as well as the original. The fold only adds a reading; it lowers nothing.
//! A caret inside quotes is literal to cmd (and a regular expression's anchor to a POSIX
//! tool), so quoted text is left as it is.

/// `start`'s options that take no value (Microsoft's `start` reference), lowercased.
const START_SWITCHES: &[&str] = &[
    "/b",
    "/wait",
    "/min",
    "/max",
    "/i",
    "/low",
    "/normal",
    "/high",
    "/realtime",
    "/abovenormal",
    "/belownormal",
    "/separate",
    "/shared",
    "/unix",
];

/// The line as cmd reads it, when cmd's spelling changed a word; None otherwise (the common
/// case, decided on a byte scan without allocating).
pub fn folded(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let caret = b.contains(&b'^');
    let quotes = text.contains("\"\"");
    let start = starts_start(text);
    if !caret && !quotes && !start {
        return None;
    }
    // Copied in runs between the bytes cmd drops; every byte tested is ASCII, so a run always
    // ends on a character boundary.
    let mut out = String::with_capacity(text.len());
    let mut run = 0;
    let mut in_single = false;
    let mut in_double = false;
    let mut i = 0;
    while i < b.len() {
        let dropped = match b[i] {
            b'\'' if !in_double => {
                in_single = !in_single;
                0
            }
            // `X""Y` inside a word: cmd joins X and Y.
            b'"' if !in_single
                && !in_double
                && b.get(i + 1) == Some(&b'"')
                && joins_a_word(b, i) =>
            {
                2
            }
            b'"' if !in_single => {
                in_double = !in_double;
                0
            }
            // `a^b` outside quotes is `ab`; only inside a word, so a caret that escapes a
            // separator (`^&`) keeps it literal and a pattern's anchor (`grep ^TF_`) is kept.
            b'^' if !in_single
                && !in_double
                && i > 0
                && b[i - 1].is_ascii_alphanumeric()
                && b.get(i + 1).is_some_and(|n| n.is_ascii_alphanumeric()) =>
            {
                1
            }
            _ => 0,
        };
        if dropped > 0 {
            out.push_str(&text[run..i]);
            i += dropped;
            run = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&text[run..]);
    let out = if start {
        strip_start(&out).unwrap_or(out)
    } else {
        out
    };
    (out != text).then_some(out)
}

/// `""` at `at` touches a word on one side and a word or a word's end on the other (`r""d`,
/// `rd""`, `""rd`): not an empty argument (`start "" /b`, `echo ""`).
fn joins_a_word(b: &[u8], at: usize) -> bool {
    let word = |c: &u8| c.is_ascii_alphanumeric();
    let end = |c: Option<&u8>| c.is_none_or(|c| c.is_ascii_whitespace());
    let before = at.checked_sub(1).map(|p| &b[p]);
    let after = b.get(at + 2);
    (before.is_some_and(word) && (after.is_some_and(word) || end(after)))
        || (after.is_some_and(word) && end(before))
}

/// Whether the line (or a statement of it after `&`) opens with `start`.
fn starts_start(text: &str) -> bool {
    let t = text.trim_start();
    t.len() > 6 && t.as_bytes()[..6].eq_ignore_ascii_case(b"start ")
}

/// `start [TITLE] [/switches] [/d DIR] COMMAND ...` as COMMAND ...; None when nothing follows.
fn strip_start(text: &str) -> Option<String> {
    let t = text.trim_start();
    let mut rest = t[6..].trim_start();
    // A quoted first argument is the window's title.
    if let Some(r) = rest.strip_prefix('"') {
        let end = r.find('"')?;
        rest = r[end + 1..].trim_start();
    }
    loop {
        let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let lower = word.to_ascii_lowercase();
        if START_SWITCHES.contains(&lower.as_str()) {
            rest = after.trim_start();
        } else if lower == "/d" {
            rest = after
                .trim_start()
                .split_once(char::is_whitespace)?
                .1
                .trim_start();
        } else if lower.starts_with("/d")
            || lower.starts_with("/node")
            || lower.starts_with("/affinity")
        {
            rest = after.trim_start();
        } else {
            break;
        }
    }
    (!rest.is_empty()).then(|| rest.to_string())
}
