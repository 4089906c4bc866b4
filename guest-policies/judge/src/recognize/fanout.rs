//! A command run on every item of a search (holdout6 analysis M5): `fd ... --exec CMD` is
//! `find ... -exec CMD`, so the find recognizer grades where it searches and what it picks.
//! Whether a command fed a listing reaches everything is decided in [`super::everything`].
//!
//! # Why a module of its own
//!
//! It turns another program's fan-out into find's shape, so the family recognizers stay the
//! single place a command's meaning is decided.

use super::{Cmd, Context};
use crate::finding::Finding;

/// fd's options that take a value (fd's README and `fd --help`).
const FD_VALUES: &[&str] = &[
    "-e",
    "--extension",
    "-t",
    "--type",
    "-E",
    "--exclude",
    "-d",
    "--max-depth",
    "--min-depth",
    "--exact-depth",
    "-S",
    "--size",
    "--changed-within",
    "--changed-before",
    "-o",
    "--owner",
    "-j",
    "--threads",
    "--base-directory",
    "--search-path",
    "-c",
    "--color",
    "--max-results",
    "--path-separator",
    "--ignore-file",
    "--batch-size",
    "--format",
];

/// `fd [PATTERN] [PATH...] --exec|-x|--exec-batch|-X CMD ARGS`: judged as `find PATH [-name
/// PATTERN] -exec CMD ARGS {} +`, so the find recognizer grades where it searches and what it
/// picks. Returns whether `cmd` was such an fd (nothing more to read in it).
pub fn fd_exec(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) -> bool {
    let words: Vec<&str> = cmd.words().collect();
    let Some(at) = words
        .iter()
        .position(|w| matches!(*w, "-x" | "--exec" | "-X" | "--exec-batch"))
    else {
        return false;
    };
    // fd's command runs to the end of its arguments, or to a `;` (fd's help).
    let exec: Vec<&str> = words[at + 1..]
        .iter()
        .copied()
        .take_while(|w| !matches!(*w, ";" | "\\;"))
        .collect();
    if exec.is_empty() {
        return false;
    }
    let before = Cmd {
        args: &cmd.args[..at],
        ..*cmd
    };
    let ops: Vec<&str> = before.operands(FD_VALUES).collect();
    let pattern = ops
        .first()
        .copied()
        .filter(|p| !matches!(*p, "." | "" | "^"));
    let start: Vec<&str> = if ops.len() > 1 {
        ops[1..].to_vec()
    } else {
        vec![
            before
                .value(&["--search-path", "--base-directory"])
                .unwrap_or("."),
        ]
    };
    let quote = |w: &str| format!("'{}'", w.replace('\'', "'\\''"));
    let mut text = String::from("find");
    for s in &start {
        text.push(' ');
        text.push_str(&quote(s));
    }
    // What fd picks: a pattern, an extension, a type of entry.
    if let Some(ext) = before.value(&["-e", "--extension"]) {
        text.push_str(&format!(" -name {}", quote(&format!("*.{ext}"))));
    } else if let Some(p) = pattern {
        text.push_str(&format!(" -name {}", quote(&format!("*{p}*"))));
    }
    text.push_str(" -exec");
    for w in &exec {
        text.push(' ');
        text.push_str(&quote(w));
    }
    if !exec.contains(&"{}") {
        text.push_str(" {}");
    }
    text.push_str(" \\;");
    let from = out.len();
    crate::judge_shell(&text, depth + 1, ctx, out);
    for f in &mut out[from..] {
        f.message = format!(
            "{} {} (as find -exec): {}",
            cmd.program,
            crate::cut(&words.join(" "), 80),
            f.message
        );
    }
    true
}
