//! The Windows Subsystem for Linux: `wsl --unregister DISTRO` (and `wslconfig /unregister`)
//! deletes the distribution with its virtual disk, every file in it, with no prompt and no
//! recycle bin (Microsoft's `wsl` command reference). Listing, stopping and updating
//! distributions (`wsl -l -v`, `wsl --shutdown`, `--terminate`) change no data.

use super::finding;
use crate::finding::{Family, Finding, Severity};

/// Judges the `wsl` or `wslconfig` statements of a line that unregister a distribution.
pub fn line(text: &str, out: &mut Vec<Finding>) {
    // Every line passes here: only one that says "unregister" is split.
    let b = text.as_bytes();
    if !b.windows(10).any(|w| w.eq_ignore_ascii_case(b"unregister")) {
        return;
    }
    for statement in text.split(['\n', ';', '&', '|']) {
        statement_unregisters(statement, out);
    }
}

fn statement_unregisters(text: &str, out: &mut Vec<Finding>) {
    let t = text.trim_start();
    if !t
        .as_bytes()
        .first()
        .is_some_and(|b| b.eq_ignore_ascii_case(&b'w'))
    {
        return;
    }
    let mut words = t.split_whitespace();
    let program = words.next().unwrap_or("").to_ascii_lowercase();
    if !matches!(
        program.as_str(),
        "wsl" | "wsl.exe" | "wslconfig" | "wslconfig.exe"
    ) {
        return;
    }
    let mut words = words.skip_while(|w| {
        !matches!(
            w.to_ascii_lowercase().as_str(),
            "--unregister" | "/unregister" | "/u"
        )
    });
    if words.next().is_none() {
        return;
    }
    let distro = words
        .find(|w| !w.starts_with('-'))
        .unwrap_or("a distribution");
    out.push(finding(
        Family::Containers,
        "windows.wsl-unregistered",
        Severity::Stop,
        format!(
            "{program} unregisters {distro}: the distribution and its virtual disk are deleted, every file in it"
        ),
    ));
}
