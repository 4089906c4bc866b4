//! A command run on every item of a list (holdout6 analysis M5): `fd ... --exec CMD` is
//! `find ... -exec CMD`, and a command fed a listing of everything (`LIST | xargs CMD`, `for x
//! in $(LIST)`, `LIST | while read x; do CMD "$x"; done`) acts on "all of LIST": what its own
//! recognizer finds for one item is one step worse for all of them.
//!
//! # Why a module of its own
//!
//! The feeders (xargs' upstream, a loop's list, a read loop's input) are read in `mod.rs`,
//! next to the bulk deletes that name their program; this module holds only the readings that
//! turn another program's fan-out into those shapes, so the family recognizers stay the
//! single place a command's meaning is decided.

use super::{Cmd, Context, generic, program_name};
use crate::finding::{Finding, Severity};
use crate::shell::Script;

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

/// Whether what feeds `cmd` is a listing of everything (`tool list`, `kubectl get`, `git
/// for-each-ref`, a search of `/`): through xargs, a `for` loop's substitution, or a `while
/// read` loop's input.
pub fn fed_everything(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    if cmd.more_args {
        return super::xargs_feeder(cmd, s, index).0 == generic::Feeder::Wide;
    }
    if let Some(list) = super::loop_list(cmd, s, index) {
        return list.iter().any(|w| super::generic_lists(w));
    }
    super::read_loop(cmd, s, index).is_some_and(|(f, _)| f == generic::Feeder::Wide)
}

/// The findings of a command fed a listing of everything, one step worse: the recognizer
/// judged one item, the command acts on all of them ("all of LIST").
pub fn raise_for_all(cmd: &Cmd<'_>, found: &mut [Finding]) {
    for f in found {
        let raised = match f.severity {
            Severity::Confirm => Severity::Verify,
            s => s,
        };
        if raised != f.severity {
            f.severity = raised;
            f.message = format!(
                "{}, for every item a listing feeds to {}",
                f.message,
                program_name(cmd.program)
            );
        }
    }
}
