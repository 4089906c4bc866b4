//! Agent text made safe to show a person.
//!
//! Hints, reasons, agent names and params come from the agent, which may be hostile. Written
//! raw to an operator's terminal (or a channel's `.txt` file the operator `cat`s), an escape
//! sequence can recolour, hide or rewrite what is on the screen (CSI, OSC: set the title, write
//! to the clipboard, hyperlinks), a newline can forge a line that looks like airlock's own
//! ("approval a1b2: approved"), and a bidi override can show `rm -rf /` as something else.
//!
//! [`for_terminal`] is the one function every human-facing text output goes through: every
//! control character (C0, DEL, C1), every bidi control, line and paragraph separator and
//! invisible format character is replaced by a visible escape (`\n`, `\x1b`, `\u{202e}`), so the
//! person sees that it was there and it does nothing. Everything else, including non-ASCII
//! letters, is kept. JSON outputs (`--json`, the `.json` channel file) are not passed through
//! it: they must stay the exact JSON.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Whether `c` must not reach a terminal as it is.
fn is_hazard(c: char) -> bool {
    matches!(c,
        // C0 controls (ESC, newline, carriage return, backspace, tab...), DEL, C1 controls
        // (U+009B is a one-byte CSI to many terminals).
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        // Bidi marks, embeddings, overrides and isolates (Trojan Source, CVE-2021-42574).
        | '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        // Line and paragraph separators: line breaks to some viewers.
        | '\u{2028}' | '\u{2029}'
        // Zero-width and invisible format characters, which hide text inside text.
        | '\u{200b}'..='\u{200d}' | '\u{2060}'..='\u{2064}' | '\u{feff}' | '\u{00ad}'
        // Interlinear annotation and object replacement controls.
        | '\u{fff9}'..='\u{fffb}'
    )
}

/// `text` with every character that could act on a terminal (or hide, reorder or forge text)
/// replaced by a visible escape. Borrowed when there is nothing to escape, which is the usual
/// case.
pub fn for_terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hazard) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if !is_hazard(c) {
            out.push(c);
            continue;
        }
        // Writing to a String cannot fail.
        let _ = match c {
            '\n' => out.write_str("\\n"),
            '\r' => out.write_str("\\r"),
            '\t' => out.write_str("\\t"),
            c if (c as u32) < 0x80 => write!(out, "\\x{:02x}", c as u32),
            c => write!(out, "\\u{{{:x}}}", c as u32),
        };
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::for_terminal;

    /// Everything a hostile agent could put in a hint to act on the operator's terminal.
    const HOSTILE: &str = concat!(
        "rm -rf /tmp/x",
        "\x1b[2K\x1b[1G",               // CSI: erase the line, go to column 1
        "\x1b]0;pwned\x07",             // OSC: set the window title
        "\x1b]52;c;cGF5bG9hZA==\x1b\\", // OSC 52: write the clipboard
        "\u{9b}31m",                    // C1 CSI
        "\rapproval a1: approved\n",    // a forged line
        "\u{202e}txt.exe\u{202c}",      // bidi override
        "\u{2066}hidden\u{2069}\u{200b}\u{2028}", // isolate, zero-width, line separator
        "\x08\x7f\0",
    );

    #[test]
    fn hostile_text_reaches_the_terminal_inert_and_visible() {
        let shown = for_terminal(HOSTILE);
        for c in shown.chars() {
            assert!(
                c == ' ' || c.is_ascii_graphic() || c.is_alphanumeric(),
                "{c:?} reached the terminal in {shown:?}"
            );
        }
        // What was there is still there, visibly.
        assert!(shown.starts_with("rm -rf /tmp/x\\x1b[2K"), "{shown}");
        assert!(shown.contains("\\u{9b}31m"), "{shown}");
        assert!(shown.contains("\\rapproval a1: approved\\n"), "{shown}");
        assert!(shown.contains("\\u{202e}txt.exe\\u{202c}"), "{shown}");
        assert!(shown.contains("\\x08\\x7f\\x00"), "{shown}");
        assert!(!shown.contains('\n') && !shown.contains('\r'));
    }

    #[test]
    fn ordinary_text_is_kept_as_it_is() {
        for text in [
            "git push --force origin main",
            "écrire /etc/hosts — 東京 — путь",
            "C:\\Users\\x \"quoted\" 'single' {json: [1, 2]}",
        ] {
            assert!(matches!(for_terminal(text), std::borrow::Cow::Borrowed(t) if t == text));
        }
    }
}
