//! Searchers and their patterns (session 18, "mentions inside reads"): a program that searches
//! text (a grep of any vendor, a log reader's `--grep`, a history search) is given the words it
//! looks for, and those words are never run, written or opened. `journalctl -g 'DROP TABLE'`,
//! `ack -l 'DROP DATABASE' db/` and `grep AIRLOCK_STATE_DIR docs/` read; the files and
//! directories searched are still judged (`grep -r code ~/.local/state/airlock/operator/` reads
//! the operator channel), and a second command on the line is judged as its own.
//!
//! Built from the programs' manuals: GNU grep and its compressed-file wrappers, ripgrep, The
//! Silver Searcher, ack, ugrep, the platinum searcher, sift, pcregrep, ast-grep, semgrep,
//! comby, codesearch, journalctl, findstr, PowerShell's Select-String, and the log searches of
//! cloud CLIs (`--filter-pattern`).

/// Programs whose operands are a pattern and the places to search (lower case; sorted for the
/// binary search).
const SEARCHERS: &[&str] = &[
    "ack",
    "ack-grep",
    "ag",
    "agrep",
    "ast-grep",
    "bzgrep",
    "comby",
    "csearch",
    "egrep",
    "fgrep",
    "findstr",
    "findstr.exe",
    "ggrep",
    "git-grep",
    "grep",
    "journalctl",
    "lzgrep",
    "pcre2grep",
    "pcregrep",
    "pt",
    "rg",
    "rga",
    "select-string",
    "semgrep",
    "sg",
    "sift",
    "sls",
    "ug",
    "ugrep",
    "xzgrep",
    "zegrep",
    "zfgrep",
    "zgrep",
    "zstdgrep",
];

/// Options whose value is a pattern to look for, in any program (a log search's filter, a
/// grep's `-e`): its value is searched for, never run.
const PATTERN_OPTIONS: &[&str] = &[
    "--filter-pattern",
    "--grep",
    "--pattern",
    "--regexp",
    "--search",
    "--search-pattern",
    "--match",
];

/// Short options that carry the pattern in a searcher (`grep -e`, `journalctl -g`,
/// `findstr /C:`, `Select-String -Pattern`, `sg -p`).
const SEARCHER_PATTERN_FLAGS: &[&str] = &["-e", "-g", "-p", "-pattern", "/c"];

/// Options of the grep family that take a value which is not the pattern (`-m 5`, `-A 3`,
/// `--glob '*.rs'`): skipped when the first operand is looked for.
const VALUE_OPTIONS: &[&str] = &[
    "-m",
    "--max-count",
    "-A",
    "-B",
    "-C",
    "--context",
    "--after-context",
    "--before-context",
    "-t",
    "--type",
    "--type-not",
    "--include",
    "--exclude",
    "--exclude-dir",
    "--unit",
    "--lines",
    "--since",
    "--until",
    "--glob",
    "--iglob",
    "--lang",
    "--path",
];

/// Whether `program` (lower case, path removed) searches text for a pattern it is given.
pub fn searcher(program: &str) -> bool {
    SEARCHERS.binary_search(&program).is_ok()
}

/// Whether an option's value is a pattern to look for: any program's `--grep`,
/// `--filter-pattern`, and a searcher's short pattern flags.
pub fn pattern_option(program: &str, option: &str) -> bool {
    PATTERN_OPTIONS.contains(&option)
        || searcher(program)
            && SEARCHER_PATTERN_FLAGS
                .iter()
                .any(|f| f.eq_ignore_ascii_case(option.split(':').next().unwrap_or(option)))
}

/// The words of a searcher's command line that are patterns, not places: the values of its
/// pattern options, or else its first operand (grep's `PATTERN [FILE...]`). Empty for any
/// other program, so every word of it stays a place.
pub fn patterns<'a>(program: &str, args: &'a [std::borrow::Cow<'a, str>]) -> Vec<&'a str> {
    let mut out = Vec::new();
    if !searcher(program) {
        return out;
    }
    let mut given = false;
    let mut skip = false;
    let mut first: Option<&'a str> = None;
    let mut it = args.iter().peekable();
    while let Some(a) = it.next() {
        let a: &'a str = a;
        if skip {
            skip = false;
            continue;
        }
        if a.len() > 1
            && (a.starts_with('-') || program.starts_with("findstr") && a.starts_with('/'))
        {
            let (name, inline) = match a.split_once(['=', ':']) {
                Some((n, v)) => (n, Some(v)),
                None => (a, None),
            };
            if pattern_option(program, name) {
                given = true;
                match inline {
                    Some(v) => out.push(v),
                    None => {
                        if let Some(v) = it.next() {
                            out.push(v);
                        }
                    }
                }
            } else if matches!(name, "-f" | "--file") {
                // Patterns read from a file: every operand is a place.
                given = true;
                skip = inline.is_none();
            } else if inline.is_none() && VALUE_OPTIONS.contains(&name) {
                skip = true;
            }
            continue;
        }
        if first.is_none() {
            first = Some(a);
        }
    }
    // journalctl's operands are matches (`_SYSTEMD_UNIT=x`), not a pattern.
    if !given
        && program != "journalctl"
        && let Some(f) = first
    {
        out.push(f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{SEARCHERS, patterns};
    use std::borrow::Cow;

    #[test]
    fn the_searchers_are_sorted_for_the_binary_search() {
        assert!(SEARCHERS.windows(2).all(|p| p[0] < p[1]));
    }

    #[test]
    fn the_pattern_is_the_first_operand_or_the_pattern_options_value() {
        let args = |s: &'static str| -> Vec<Cow<'static, str>> {
            s.split(' ').map(Cow::Borrowed).collect()
        };
        let a = args("-rn AIRLOCK_STATE_DIR docs/");
        assert_eq!(patterns("grep", &a), vec!["AIRLOCK_STATE_DIR"]);
        let a = args("-m 3 -e DROP docs/");
        assert_eq!(patterns("grep", &a), vec!["DROP"]);
        let a = args("-g DROP --since yesterday");
        assert_eq!(patterns("journalctl", &a), vec!["DROP"]);
        let a = args("-rn x docs/");
        assert!(patterns("cat", &a).is_empty());
    }
}
