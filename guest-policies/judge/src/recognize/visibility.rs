//! Publications only their author sees: a snippet, gist or paste made with its forge's
//! private (or secret, unlisted-to-the-owner) visibility is a note kept on the project's own
//! Git host, not project data put where anyone reads it.
//!
//! One table ([`PUBLISHERS`]) says, per CLI, the subcommand that publishes, the option that
//! sets the visibility and what it is when the option is absent. Read strictly: every
//! occurrence of the option must say private (the last one wins, so one saying public is
//! enough to keep the grade); a short-option cluster holding the public letter is public. Only
//! the upload finding of this command is lowered, and only for files that are neither secrets
//! (graded before, as secrets leaving), records of people or business, nor a whole project
//! (an archive, a directory).

use super::payloads::Payload;
use super::{Cmd, Context};
use crate::finding::{Finding, Severity};

/// How a CLI says a publication is visible to others.
enum Visible {
    /// Public only with this long option or short letter (`gh gist create --public`, `-p`).
    OnlyWith(&'static str, u8),
    /// The option's value; private when absent (`glab snippet create -v public`).
    Value(&'static [&'static str], &'static str),
}

struct Publisher {
    program: &'static str,
    words: &'static [&'static str],
    visible: Visible,
}

const PUBLISHERS: &[Publisher] = &[
    // gh: gists are secret unless `--public` (`-p`).
    Publisher {
        program: "gh",
        words: &["gist", "create"],
        visible: Visible::OnlyWith("--public", b'p'),
    },
    // hub: the same (`hub gist create [--public]`).
    Publisher {
        program: "hub",
        words: &["gist", "create"],
        visible: Visible::OnlyWith("--public", 0),
    },
    // glab: snippets are private unless `-v`/`--visibility` says otherwise.
    Publisher {
        program: "glab",
        words: &["snippet", "create"],
        visible: Visible::Value(&["-v", "--visibility"], "private"),
    },
    // python-gitlab: `gitlab project-snippet create --visibility private`.
    Publisher {
        program: "gitlab",
        words: &["snippet", "create"],
        visible: Visible::Value(&["--visibility"], "private"),
    },
    // sourcehut: `hut paste create --visibility private|unlisted|public`, unlisted by default.
    Publisher {
        program: "hut",
        words: &["paste", "create"],
        visible: Visible::Value(&["-v", "--visibility"], "unlisted"),
    },
];

/// Whether `cmd` publishes with a visibility only its author has.
fn private(cmd: &Cmd<'_>) -> bool {
    let words: Vec<&str> = cmd.words().filter(|w| !w.starts_with('-')).collect();
    PUBLISHERS.iter().any(|p| {
        p.program == cmd.program
            && p.words.iter().all(|w| words.contains(w))
            && match p.visible {
                Visible::OnlyWith(long, short) => !cmd.words().any(|a| {
                    a.starts_with(long)
                        || long.starts_with(a.split('=').next().unwrap_or(a)) && a.len() > 3
                        || short != 0
                            && a.len() > 1
                            && a.starts_with('-')
                            && !a.starts_with("--")
                            && a.bytes().skip(1).all(|c| c.is_ascii_alphabetic())
                            && a.as_bytes().contains(&short)
                }),
                Visible::Value(names, default) => {
                    let mut values = Vec::new();
                    let mut it = cmd.words();
                    while let Some(a) = it.next() {
                        if names.contains(&a) {
                            values.push(it.next().unwrap_or("public"));
                        } else if let Some(v) = names.iter().find_map(|n| {
                            if n.starts_with("--") {
                                a.strip_prefix(n).and_then(|v| v.strip_prefix('='))
                            } else {
                                a.strip_prefix(n).filter(|v| !v.is_empty())
                            }
                        }) {
                            values.push(v);
                        } else if a.starts_with("--vis") {
                            // An abbreviation the CLI may accept: unreadable, not private.
                            values.push("public");
                        }
                    }
                    if values.is_empty() {
                        default == "private"
                    } else {
                        values.iter().all(|v| *v == "private")
                    }
                }
            }
    })
}

/// Lowers this command's upload finding when it is a private publication of ordinary files.
pub fn lower(cmd: &Cmd<'_>, ctx: &Context, found: &mut [Finding]) {
    if !found
        .iter()
        .any(|f| f.code == "exfiltration.upload" && f.severity == Severity::Confirm)
        || !private(cmd)
    {
        return;
    }
    let ordinary = cmd
        .words()
        .skip(1)
        .filter(|w| !w.starts_with('-'))
        .all(|f| {
            let n = f.to_ascii_lowercase();
            super::paths::secret(f).is_none()
                && !matches!(
                    super::defined::payload(f, ctx),
                    Payload::People | Payload::Business
                )
                && ![
                    ".zip", ".tar", ".tgz", ".gz", ".7z", ".xz", ".bz2", ".sql", ".dump",
                ]
                .iter()
                .any(|x| n.ends_with(x))
                && !f.ends_with('/')
                && f != "."
        });
    if !ordinary {
        return;
    }
    crate::finding::lower_where(
        found,
        |f| f.code == "exfiltration.upload" && f.severity == Severity::Confirm,
        "a private publication, only its author sees it",
    );
}
