//! Secret reads whose output withholds the secret: what reaches the screen is the names of
//! the entries (`jq '.auths | keys'`, `yq 'keys'`), a count (`wc -l`, `grep -c`) or a digest
//! (`sha256sum`), never a value. A check of which registries a Docker config logs into, how
//! many lines a `.env` has or whether a kubeconfig changed is no read of the credentials.
//!
//! The reducer must be the reading command itself (`jq 'keys' ~/.docker/config.json`) or the
//! very next stage of its pipeline, with the reader's output going nowhere else (no
//! redirection to a file). A filter that can print a value on the way (`debug`, `stderr`,
//! `error`, `halt_error`, `input_filename`, a second output after a comma in its last stage,
//! a filter read from a file) is no reducer; nor is `cut -d= -f1` or `awk -F=`, which print
//! whole any line without the separator (a PEM key's lines), except on a dotenv file, whose
//! lines are `NAME=value` ([`super::secret_names`]). The read is still remembered as a secret
//! read for a later step ("now send it").

use std::borrow::Cow;

use super::Cmd;
use crate::shell::{RedirectKind, Script};

/// What a jq-like filter may end with for its output to be names, a count or a type only.
const NAMES_ONLY: &[&str] = &[
    "keys",
    "keys[]",
    "keys_unsorted",
    "keys_unsorted[]",
    "length",
    "type",
    "map(keys)",
    "map(keys[])",
    "[keys[]]",
];

/// jq builtins that print a value outside the filter's output.
const LEAKS: &[&str] = &[
    "debug",
    "stderr",
    "error",
    "halt_error",
    "input_filename",
    "$__loc__",
];

/// Whether the secret `cmd` reads reaches the output only as names, a count or a digest.
pub fn secret_withheld(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    if reduces(cmd.program, cmd.args) {
        return true;
    }
    output_feeds(s, index, reduces)
}

/// Lowers what the generic reader guessed of a claimed program's command path that shows a
/// secret (`doppler secrets download --no-file`, a verb it reads as "download a secret") when
/// the output goes straight into a names-only, count or digest stage: what reaches the agent
/// is the names. Only that guess is lowered; what the command's own reader found stands, and
/// so does anything about where the output goes.
pub fn lower(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, found: &mut [crate::finding::Finding]) {
    use crate::finding::{Family, Severity};
    let shown = |f: &crate::finding::Finding| {
        f.family == Family::Secrets
            && f.code.starts_with("generic.")
            && f.severity == Severity::Confirm
            && f.message.ends_with(": shows a secret")
    };
    if !found.iter().any(shown)
        || !(secret_withheld(cmd, s, index) || super::secret_names::names_of_output(cmd, s, index))
    {
        return;
    }
    for f in found.iter_mut().filter(|f| shown(f)) {
        f.severity = Severity::Note;
        f.message = format!(
            "only names, a count or a digest reach the output: {}",
            f.message
        );
    }
}

/// Whether the output of command `index` goes straight (piped, nothing redirected to a file)
/// into a next stage whose program and arguments satisfy `next`: the stage that decides what
/// of a read reaches the agent.
pub fn output_feeds(
    s: &Script<'_>,
    index: usize,
    next: impl Fn(&str, &[Cow<'_, str>]) -> bool,
) -> bool {
    let Some(me) = s.commands.get(index) else {
        return false;
    };
    if !me.piped_out
        || me
            .redirects
            .iter()
            .any(|r| matches!(r.kind, RedirectKind::Write | RedirectKind::Append))
    {
        return false;
    }
    let Some(stage) = s.commands.get(index + 1).filter(|n| n.piped_in) else {
        return false;
    };
    let mut folded = Vec::new();
    super::resolve(stage, &mut folded).is_some_and(|n| next(n.program, n.args))
}

/// The filter of a jq-like command (`jq`, `gojq`, `jaq`, `yq`): an expression, not a file.
pub fn filter_of<'a>(program: &str, args: &'a [Cow<'a, str>]) -> Option<&'a str> {
    matches!(program, "jq" | "gojq" | "jaq" | "yq")
        .then(|| filter(program, args))
        .flatten()
}

/// Whether a command prints only names, a count or a digest of what it reads.
fn reduces(program: &str, args: &[Cow<'_, str>]) -> bool {
    match program {
        "jq" | "gojq" | "jaq" | "yq" => filter(program, args).is_some_and(names_only),
        "wc" | "sha256sum" | "sha1sum" | "sha512sum" | "sha224sum" | "sha384sum" | "md5sum"
        | "b2sum" | "shasum" | "cksum" => true,
        // A count, or no output at all.
        "grep" | "egrep" | "fgrep" | "rg" => args.iter().any(|a| {
            matches!(&**a, "--count" | "--quiet" | "--silent")
                || a.starts_with('-')
                    && !a.starts_with("--")
                    && a[1..].bytes().all(|c| c.is_ascii_alphabetic())
                    && a[1..].bytes().any(|c| matches!(c, b'c' | b'q'))
        }),
        _ => false,
    }
}

/// The filter of a jq-like command: its first operand (yq's `e`/`eval` subcommand skipped).
/// `None` when the filter comes from a file (`-f`, `--from-file`).
fn filter<'a>(program: &str, args: &'a [Cow<'a, str>]) -> Option<&'a str> {
    let mut skip = 0;
    let mut first = true;
    for a in args {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let a = &**a;
        match a {
            "-f" | "--from-file" => return None,
            "--arg" | "--argjson" | "--slurpfile" | "--rawfile" => skip = 2,
            "--indent" => skip = 1,
            "-o" | "--output-format" | "-p" | "--input-format" if program == "yq" => skip = 1,
            _ if a.starts_with('-') && a.len() > 1 => {}
            "e" | "eval" | "ea" | "eval-all" if program == "yq" && first => first = false,
            _ => return Some(a),
        }
    }
    None
}

/// Whether a filter's output is names, a count or a type only: its last stage (after the last
/// `|` outside brackets and strings) is one of [`NAMES_ONLY`] and no stage can print a value
/// elsewhere.
fn names_only(f: &str) -> bool {
    if LEAKS.iter().any(|l| f.contains(l)) {
        return false;
    }
    let mut depth = 0_i32;
    let mut in_str = false;
    let mut last = 0;
    for (i, c) in f.char_indices() {
        match c {
            '"' => in_str = !in_str,
            '(' | '[' | '{' if !in_str => depth += 1,
            ')' | ']' | '}' if !in_str => depth -= 1,
            '|' if !in_str && depth == 0 => last = i + 1,
            _ => {}
        }
    }
    let stage: String = f[last..].chars().filter(|c| !c.is_whitespace()).collect();
    NAMES_ONLY.contains(&stage.as_str())
}

#[cfg(test)]
mod tests {
    use super::names_only;

    #[test]
    fn filters() {
        assert!(names_only(".auths | keys"));
        assert!(names_only("keys"));
        assert!(names_only(".data|keys[]"));
        assert!(names_only("to_entries | map(.key) | length"));
        assert!(!names_only(".auths"));
        assert!(!names_only(".auths | keys, .auths"));
        assert!(!names_only(".auths | debug | keys"));
        assert!(!names_only(".auths | (.x | error) | keys"));
        assert!(!names_only("to_entries | map(.key)"));
    }
}
