//! A notebook cell or a piece of code handed over as the action itself, not wrapped in `python
//! -c` or `node -e`: what a Jupyter, Databricks or Colab tool runs. Its shell escapes and magics
//! are commands (IPython's `!cmd` and `files = !ls`, `%system` / `%sx`, the cell magics
//! `%%bash`, `%%sh`, `%%script bash`, `%%system`, Databricks' `%sh` and `%fs`, `%pip`), its
//! `%sql` / `%%sql` cells are SQL, and the rest is inline code, read by the readers of inline
//! code ([`super::interpreters::code`]) as `python -c` is.
//!
//! # Why a cell is told by its shape
//!
//! A cell is not a command line (its first word names no program) and not prose: it is told by
//! a line that opens with a magic's `%`, an escape's `!`, an `import`, or a call on a dotted
//! name (`dbutils.fs.rm(`, `spark.sql(`, `x = client.delete_project(`). Prose that mentions a
//! call ("review the shutil.rmtree(path) in cleanup.py") opens with a word, not a call, and is
//! not read here. Nothing here lowers a verdict: a comment (`# dry run`) is a comment to the
//! shell and to Python alike, and the code's effects are read whatever it says.

use super::Context;
use crate::finding::Finding;

/// The most lines of a cell read.
const MAX_LINES: usize = 200;

/// What the lines of a cell are, once a cell magic has said so.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Code,
    Shell,
    Sql,
    /// Markdown and other languages' cells not read here (`%md`, `%%html`).
    Skipped,
}

/// The cell magics and Databricks' first-line language magics, and what their lines are.
fn cell_magic(word: &str, rest: &str) -> Option<Mode> {
    Some(match word {
        "%%bash" | "%%sh" | "%%system" | "%%!" | "%sh" | "%%zsh" => Mode::Shell,
        // `%%script bash`, `%%script sh`: a shell; another interpreter is not read here.
        "%%script" => match rest.split_whitespace().next().unwrap_or("") {
            "bash" | "sh" | "zsh" | "/bin/bash" | "/bin/sh" => Mode::Shell,
            _ => Mode::Skipped,
        },
        "%%sql" | "%sql" | "%%bigquery" | "%%spark_sql" => Mode::Sql,
        "%python" | "%%python" | "%%python3" | "%scala" | "%r" | "%%javascript" | "%%js"
        | "%%capture" | "%%time" | "%%timeit" => Mode::Code,
        "%md" | "%%markdown" | "%%html" | "%%latex" | "%%writefile" | "%%file" => Mode::Skipped,
        _ => return None,
    })
}

/// Whether a text may be a cell at all: one byte test before any other work.
fn may_be_cell(text: &str) -> bool {
    memchr::memchr(b'(', text.as_bytes()).is_some() || shell_shaped(text)
}

/// Whether a text the shell reader takes is a cell: IPython's `!cmd` / `%magic` (a shell's
/// `!` negates and is followed by a space), or a call opening the text (`exec(`, `eval(`),
/// which no shell runs (a function's definition `name() {` aside).
pub fn shell_shaped(text: &str) -> bool {
    let t = text.trim_start();
    if t.starts_with('%') || t.starts_with('!') && !t[1..].starts_with(char::is_whitespace) {
        return true;
    }
    // An escape or a magic on a later line (`# setup` then `!cmd`).
    if memchr::memchr(b'\n', t.as_bytes()).is_some()
        && t.lines().skip(1).any(|l| {
            let l = l.trim_start();
            l.starts_with('%') || l.starts_with('!') && !l[1..].starts_with(char::is_whitespace)
        })
    {
        return true;
    }
    let name_len = t
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    name_len > 0 && t[name_len..].starts_with('(') && !t[name_len..].starts_with("()")
}

/// Judges a text that is a notebook cell or bare code: its escapes and magics as commands and
/// SQL, its code as inline code. Texts of any other shape return at once.
pub fn judge(text: &str, ctx: &mut Context, out: &mut Vec<Finding>) {
    if !may_be_cell(text) {
        return;
    }
    let mut mode = Mode::Code;
    let mut code = String::new();
    let mut sql = String::new();
    let mut shell: Vec<String> = Vec::new();
    for (k, raw) in text.lines().take(MAX_LINES).enumerate() {
        let line = raw.trim();
        if line.starts_with('%') {
            let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            // A cell magic opens the cell (Databricks' `%sh` too, when alone on its line).
            if (k == 0 || word.starts_with("%%") || rest.trim().is_empty())
                && let Some(m) = cell_magic(word, rest)
            {
                if word == "%sql" && !rest.trim().is_empty() {
                    sql.push_str(rest);
                    sql.push('\n');
                } else if word == "%sh" && !rest.trim().is_empty() {
                    shell.push(rest.to_owned());
                }
                mode = m;
                continue;
            }
            // `%fs rm -r PATH` is `dbutils.fs.rm(PATH, True)`: read with the code.
            if word == "%fs" {
                if let Some(call) = super::databricks::fs_magic(rest) {
                    code.push_str(&call);
                    code.push('\n');
                }
                continue;
            }
            if let Some(line) = line_magic(word, rest.trim()) {
                shell.push(line);
                continue;
            }
        }
        match mode {
            Mode::Shell => shell.push(line.to_owned()),
            Mode::Sql => {
                sql.push_str(raw);
                sql.push('\n');
            }
            Mode::Skipped => {}
            Mode::Code => {
                if let Some(cmd) = escape(line) {
                    shell.push(cmd.to_owned());
                } else {
                    code.push_str(raw);
                    code.push('\n');
                }
            }
        }
    }
    let found = !shell.is_empty() || !sql.trim().is_empty();
    for line in shell.iter().take(64) {
        super::judge_as("a notebook's shell escape runs", line, 0, ctx, out);
    }
    if !sql.trim().is_empty() {
        out.extend(crate::sql::judge_sql(sql.trim()));
    }
    if found || is_code(&code) {
        super::interpreters::code(crate::cut(&code, 16 * 1024), 0, ctx, out);
    }
}

/// A line magic that runs a command: `%system CMD`, `%sx CMD`, `%sh CMD` (Databricks), `%pip
/// ARGS` (pip); `%run PATH` (a notebook or a script) is not read here.
fn line_magic(word: &str, rest: &str) -> Option<String> {
    if rest.is_empty() {
        return None;
    }
    Some(match word {
        "%system" | "%sx" | "%sh" | "%bash" | "%%bash" | "%%sh" => rest.to_owned(),
        "%pip" | "%conda" | "%mamba" | "%uv" => format!("{} {rest}", &word[1..]),
        _ => return None,
    })
}

/// IPython's shell escape on a line: `!cmd`, `!!cmd`, `x = !cmd`.
fn escape(line: &str) -> Option<&str> {
    let cmd = match line.strip_prefix('!') {
        Some(rest) => rest.strip_prefix('!').unwrap_or(rest),
        None => {
            // `files = !ls -la`: an assignment of the escape's output.
            let (lhs, rhs) = line.split_once('=')?;
            let lhs = lhs.trim();
            if lhs.is_empty() || !lhs.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                return None;
            }
            rhs.trim_start().strip_prefix('!')?
        }
    };
    // `!=` or `!flag` in code is not an escape: a command opens with a name or a path.
    cmd.trim_start()
        .starts_with(|c: char| c.is_ascii_alphabetic() || matches!(c, '/' | '.' | '~' | '$'))
        .then(|| cmd.trim())
}

/// Whether text is code: some line opens with an import, a declaration, an `await`, or a call
/// on a dotted name (`spark.sql(`, `x = client.delete_project(`).
pub fn is_code(code: &str) -> bool {
    code.lines().take(MAX_LINES).any(|line| {
        let l = line.trim_start();
        if l.starts_with("import ") || l.starts_with("from ") && l.contains(" import ") {
            return true;
        }
        // A declaration or an assignment: the value is read.
        let l = ["const ", "let ", "var "]
            .iter()
            .find_map(|d| l.strip_prefix(d))
            .unwrap_or(l);
        let l = match l.split_once('=') {
            Some((lhs, rhs))
                if !rhs.starts_with('=')
                    && !lhs.is_empty()
                    && lhs.trim().bytes().all(|b| {
                        b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b',' | b' ')
                    }) =>
            {
                rhs.trim_start()
            }
            _ => l,
        };
        let l = l.strip_prefix("await ").unwrap_or(l).trim_start();
        let name_len = l
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.'))
            .count();
        let name = &l[..name_len];
        // A bare name's call is code when a method is called on what it returns
        // (`get_ipython().system(`, `Github(t).get_repo(`) or it is a runtime's own.
        l[name_len..].starts_with('(')
            && !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit() || c == '.')
            && (name.contains('.')
                || l.contains(").")
                || matches!(name, "exec" | "eval" | "require" | "fetch"))
    })
}
