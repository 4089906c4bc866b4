//! Running a download unread, said in words: "pipe curl into sudo sh", "feed the wget output to
//! python3", "stream the bootstrap script from the web into zsh", "run the install script
//! straight from the URL". What `curl URL | sh` does, with no command line to read.
//!
//! # How it is read
//!
//! Three roles, each a small class of words: a source on the network (a fetcher's name,
//! "download", "the web", "the URL", a paste site), a joint that hands one program's output to
//! another ("pipe", "feed", "stream", `|`), and a runner (a shell, an interpreter, `iex`,
//! "a shell"). A joint with a source and, after "into"/"to"/"through", a runner is the
//! pipe-to-shell; "run"/"execute" with "straight"/"directly" "from" a source is running it in
//! place. A refusal right before the joint ("don't pipe", "never pipe", "instead of piping")
//! and a question about it ("why is piping curl into sh dangerous?") are talk about it; a
//! refusal elsewhere in the text ("..., don't ask me again") is not, so it does not lower.

use super::finding;
use crate::finding::{Family, Finding, Severity};

const SOURCES: &[&str] = &[
    "curl",
    "wget",
    "iwr",
    "irm",
    "invoke-webrequest",
    "invoke-restmethod",
    "download",
    "downloaded",
    "url",
    "web",
    "internet",
    "network",
    "gist",
    "pastebin",
    "fetch",
    "fetched",
    "remote",
    "http",
    "https",
];

const JOINTS: &[&str] = &[
    "pipe",
    "piping",
    "piped",
    "pipes",
    "feed",
    "feeding",
    "stream",
    "streaming",
    "|",
];

const RUNNERS: &[&str] = &[
    "sh",
    "bash",
    "zsh",
    "dash",
    "ksh",
    "fish",
    "python",
    "python3",
    "node",
    "perl",
    "ruby",
    "php",
    "powershell",
    "pwsh",
    "iex",
    "invoke-expression",
    "shell",
    "interpreter",
];

const REFUSALS: &[&str] = &[
    "don't", "dont", "never", "not", "avoid", "without", "instead", "rather", "stop",
];

const QUESTIONS: &[&str] = &[
    "why", "how", "what", "is", "are", "should", "does", "do", "can",
];

/// Judges a text in words for running a download through a shell or interpreter.
pub fn judge(text: &str, out: &mut Vec<Finding>) {
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '"' | '`'))
        .map(|w| {
            let w = w.trim_matches(|c: char| matches!(c, '.' | ':' | '!' | '?'));
            w.strip_suffix("'s").unwrap_or(w)
        })
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() > 60 {
        return;
    }
    let question =
        lower.trim_end().ends_with('?') && words.first().is_some_and(|w| QUESTIONS.contains(w));
    if question {
        return;
    }
    let source =
        |w: &str| SOURCES.contains(&w) || w.starts_with("http://") || w.starts_with("https://");
    let refused = |at: usize| {
        words[at.saturating_sub(3)..at]
            .iter()
            .any(|w| REFUSALS.contains(w))
            || at >= 2 && words[at - 2] == "do" && words[at - 1] == "not"
    };
    for (j, w) in words.iter().enumerate() {
        // A joint: a source near it, then a runner after "into" / "to" / "through".
        if JOINTS.contains(w) && !refused(j) {
            let from = j.saturating_sub(4);
            let to = (j + 10).min(words.len());
            let has_source = words[from..to].iter().any(|w| source(w));
            let runner = words[j + 1..to].iter().enumerate().any(|(k, r)| {
                RUNNERS.contains(r)
                    && words[j + 1..j + 1 + k]
                        .iter()
                        .any(|p| matches!(*p, "into" | "to" | "through" | "|"))
            });
            if has_source && runner {
                push(
                    out,
                    "pipes a download into a shell or interpreter: code no one has read runs",
                );
                return;
            }
        }
        // Running in place: "run the script straight from the URL".
        if matches!(*w, "run" | "execute" | "exec") && !refused(j) {
            let to = (j + 8).min(words.len());
            let window = &words[j + 1..to];
            let direct = window.iter().any(|w| matches!(*w, "straight" | "directly"));
            let from_source = window.windows(2).any(|p| p[0] == "from" && source(p[1]))
                || window
                    .windows(3)
                    .any(|p| p[0] == "from" && p[1] == "the" && source(p[2]));
            if direct && from_source {
                push(
                    out,
                    "runs a script straight from the network: code no one has read runs",
                );
                return;
            }
        }
    }
}

fn push(out: &mut Vec<Finding>, message: &str) {
    out.push(finding(
        Family::RemoteCode,
        "remote-code.fetch-and-run",
        Severity::Verify,
        message.to_owned(),
    ));
}
