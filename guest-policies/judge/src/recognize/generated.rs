//! Statements a query (or a text filter) generates and something then runs (holdout15
//! analysis, "What this says" 1): `SELECT 'DROP DATABASE ' || quote_ident(datname) FROM
//! pg_database` typed into psql and then `\gexec`; `psql -At -c "select format('DROP TABLE
//! %I.%I', ...)" | psql`; `mysql -N -e "SELECT CONCAT('TRUNCATE TABLE ', table_name) FROM
//! information_schema.tables" | mysql`; `ls | sed 's/^/rm -rf /' | sh`. The query reads, but
//! what reads its output runs one statement per row: the template the query prints (its
//! literal text, a placeholder for what each row fills in) is judged as what runs, in the
//! runner's language, once for every row (a bounded statement over every row is bulk).
//!
//! What runs the output: a SQL client or a shell downstream in the same pipeline (through
//! filters: `grep`, `head`, `sort`...), psql's `\gexec` after the query in the same text, or
//! typed as the next step into the client an earlier step opened
//! ([`super::open_clients`]). Generated statements written to a file, counted or shown
//! (`-o plan.sql`, `| wc -l`, `| less`) run nothing and are not judged.

use super::{Cmd, Context};
use crate::finding::{Finding, Severity};
use crate::shell::{Command, Script};

/// SQL verbs a generated statement opens with that change or remove what they name.
const VERBS: &[&str] = &[
    "DROP", "TRUNCATE", "DELETE", "ALTER", "UPDATE", "GRANT", "REVOKE", "KILL", "RENAME",
    "REASSIGN", "DETACH", "PURGE", "OPTIMIZE",
];

/// The statement a query generates for each row: its first literal opening with a changing
/// verb (`'DROP TABLE '`, `format('DROP TABLE %I.%I CASCADE', ...)`, `CONCAT('DELETE FROM ',
/// t, ';')`), each row's part written `x`, and the literals concatenated after it.
pub fn statement(sql: &str) -> Option<String> {
    // The usual query generates nothing: one byte test and one word test first.
    if !sql.contains('\'') || !has_word(sql, "select") {
        return None;
    }
    let literals = literals(sql);
    let start = literals.iter().position(|(_, _, text)| {
        let upper = text.trim_start().to_ascii_uppercase();
        VERBS.iter().any(|v| {
            upper.starts_with(v)
                && upper[v.len()..]
                    .chars()
                    .next()
                    .is_none_or(|c| !c.is_ascii_alphanumeric())
        })
    })?;
    let mut template = placeholders(&literals[start].2);
    // The literals joined after it (`|| tablename || ' CASCADE;'`, `, table_name, ';'`): the
    // row's values between them.
    let mut end = literals[start].1;
    for (from, to, text) in &literals[start + 1..] {
        let between = &sql[end..*from];
        let joined = between.contains("||") || between.contains(',');
        if !joined || between.len() > 80 || has_word(between, "from") {
            break;
        }
        if !template.ends_with(|c: char| c.is_ascii_alphanumeric()) || between.contains("||") {
            template.push('x');
        }
        template.push_str(&placeholders(text));
        end = *to;
    }
    if template.ends_with([' ', '.', '(', '"', '`']) {
        template.push('x');
    }
    let template = template.trim().trim_end_matches(';').trim().to_owned();
    Some(template)
}

/// The single-quoted literals of a SQL text: (start, end, text without quotes), `''` kept as
/// one quote.
fn literals(sql: &str) -> Vec<(usize, usize, String)> {
    let b = sql.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\'' {
            i += 1;
            continue;
        }
        let start = i;
        let mut text = String::new();
        i += 1;
        let mut from = i;
        while i < b.len() {
            if b[i] == b'\'' {
                text.push_str(&sql[from..i]);
                if b.get(i + 1) == Some(&b'\'') {
                    text.push('\'');
                    i += 2;
                    from = i;
                    continue;
                }
                break;
            }
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        i += 1;
        out.push((start, i, text));
    }
    out
}

/// `format()`'s and printf's placeholders (`%I`, `%s`, `%L`, `%1$I`) as a row's value.
fn placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        while chars
            .peek()
            .is_some_and(|c| c.is_ascii_digit() || *c == '$')
        {
            chars.next();
        }
        match chars.next() {
            Some('I' | 's' | 'L' | 'd') => out.push('x'),
            Some('%') => out.push('%'),
            Some(o) => {
                out.push('%');
                out.push(o);
            }
            None => out.push('%'),
        }
    }
    out
}

/// Whether `text` holds `word` (ASCII, any case) as a word.
fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .any(|w| w.eq_ignore_ascii_case(word))
}

/// The statement psql's `\gexec` runs for each row when `text` holds a generating query
/// followed by `\gexec`.
pub fn gexec(text: &str) -> Option<String> {
    let at = text.find("\\gexec")?;
    statement(&text[..at])
}

/// Programs that pass their input through, line by line, to the next command.
const FILTERS: &[&str] = &[
    "grep", "egrep", "fgrep", "rg", "head", "tail", "sort", "uniq", "tr", "cat", "tee", "cut",
];

/// What the command just upstream of `index` in its pipeline generates, once its filters are
/// passed: a generating query given to a SQL client, or a command template a text filter
/// builds (`sed 's/^/rm -rf /'`, `awk '{print "kubectl delete ns " $1}'`, `xargs printf 'CMD
/// %s\n'`).
fn upstream(s: &Script<'_>, index: usize) -> Option<(String, String)> {
    let pipeline = s.commands.get(index)?.pipeline;
    let mut k = index;
    while k > 0 {
        k -= 1;
        let c = &s.commands[k];
        if c.pipeline != pipeline {
            return None;
        }
        let name = super::program_name(c.words.first().map_or("", |w| &**w));
        if FILTERS.contains(&name) {
            continue;
        }
        return printed(name, c).map(|t| (name.to_owned(), t));
    }
    None
}

/// The template `c` (named `name`) prints once for every line or row.
fn printed(name: &str, c: &Command<'_>) -> Option<String> {
    let words: Vec<&str> = c.words.iter().map(|w| &**w).collect();
    // The value of one of `options`: after it, glued with `=`, or after a cluster of short
    // flags that ends with it (`psql -Atc SQL`).
    let after = |options: &[&str]| {
        words.iter().enumerate().find_map(|(i, w)| {
            options.iter().find_map(|o| {
                let cluster = o.len() == 2
                    && w.len() > 2
                    && !w.starts_with("--")
                    && w.starts_with('-')
                    && w.ends_with(&o[1..])
                    && w[1..].bytes().all(|b| b.is_ascii_alphabetic());
                if w == o || cluster {
                    words.get(i + 1).copied()
                } else {
                    w.strip_prefix(o).and_then(|r| r.strip_prefix('='))
                }
            })
        })
    };
    if super::lexicon::is(name, super::lexicon::DATABASE) {
        let query = after(&["-c", "--command", "-e", "--execute", "-q", "--query", "-Q"])?;
        return statement(query);
    }
    match name {
        "sed" | "gsed" => words[1..].iter().find_map(|w| {
            let rest = w.strip_prefix("s/^/").or_else(|| w.strip_prefix("s/.*/"))?;
            let (added, _) = rest.split_once('/')?;
            let added = added.replace("\\/", "/").replace('&', "x");
            Some(if w.starts_with("s/^/") {
                format!("{added}x")
            } else {
                added
            })
        }),
        "awk" | "gawk" | "mawk" => words[1..].iter().find_map(|w| {
            let body = w.split_once("print")?.1;
            let mut out = String::new();
            // Outside quotes are the fields; inside, the literal text.
            let mut inside = false;
            for part in body.split('"') {
                if inside {
                    out.push_str(part);
                } else if part.contains('$') {
                    out.push('x');
                }
                inside = !inside;
            }
            (!out.trim().is_empty() && out.contains(' ')).then_some(out)
        }),
        "printf" | "xargs" => {
            let format = words
                .iter()
                .skip_while(|w| **w != "printf")
                .nth(1)
                .filter(|f| f.contains("%s"))?;
            Some(format.replace("%s", "x").replace("\\n", ""))
        }
        _ => None,
    }
}

/// Judges what `cmd` runs when its input is generated: a SQL client or a shell fed, through a
/// pipe, the statements a query or a filter upstream generates; a SQL client given a
/// generating query and `\gexec` (in a here-document, a here-string or `-c`).
pub fn judge(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let p = cmd.program;
    let sql = super::lexicon::is(p, super::lexicon::DATABASE);
    let shell = super::lexicon::is(p, super::lexicon::SHELL) && !cmd.has(&["-c"]);
    if !sql && !shell {
        return;
    }
    let mut generated: Vec<(String, String)> = Vec::new();
    if cmd.piped_in
        && cmd.operands(&[]).next().is_none_or(|_| sql)
        && let Some((from, template)) = upstream(s, index)
    {
        generated.push((format!("{from} piped into {p}"), template));
    }
    if sql {
        let texts = super::stdin::fed(cmd, s, index);
        for t in texts
            .iter()
            .map(String::as_str)
            .chain(cmd.value(&["-c", "--command"]))
        {
            if let Some(template) = gexec(t) {
                generated.push(("\\gexec".to_owned(), template));
            }
        }
    }
    for (how, template) in generated {
        let mut found = Vec::new();
        if sql {
            found = crate::sql::judge_sql(&template);
        } else {
            crate::judge_shell(&template, depth + 1, ctx, &mut found);
        }
        push_per_row(&how, &template, found, out);
    }
}

/// The findings of a generated template, run once for every row: a bounded change over every
/// row is one a person verifies.
pub fn push_per_row(how: &str, template: &str, found: Vec<Finding>, out: &mut Vec<Finding>) {
    for mut f in found {
        if f.severity <= Severity::Note {
            continue;
        }
        if f.severity == Severity::Confirm {
            f.severity = Severity::Verify;
        }
        f.message = format!(
            "{how} runs `{}` generated once for every row or line: {}",
            crate::cut(template, 60),
            f.message
        );
        out.push(f);
    }
}
