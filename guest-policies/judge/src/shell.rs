//! A lenient tokenizer and parser for command lines as agents write them.
//!
//! # Why hand-written
//!
//! A hint is prose with partial commands in it: an unterminated quote, a stray `)`, "then" between
//! two commands, a here-doc without its end. Real shell parsers (and the crates that wrap them)
//! reject such input outright, and they are large: they build a full syntax tree of every
//! construct (loops, functions, arithmetic, parameter expansion) that judgement never needs. This
//! one reads everything it is given, never fails, and produces only what the recognizers use:
//! simple commands (words with quoting removed, env-var prefixes, redirections with their targets)
//! grouped in pipelines, plus the bodies of command and process substitutions (`$(...)`,
//! backticks, `<(...)`), which are judged too. Compound commands are flattened: the commands of
//! `( ... )`, `{ ...; }`, `if ...; then ...; fi` and loops are judged one by one, since any of them
//! may run. Words are borrowed from the input when they have no quoting or escapes (the usual
//! case), so a plain command line costs one pass and one vector per command.
//!
//! Speed (native, `tests::profile_bench_hints` with `AIRLOCK_PROFILE_PART=parse`, CPU time
//! under `perf stat`, release without LTO): 0.17-0.19 us per hint of the benchmark corpus's
//! 5,050 hints, about a sixteenth of the whole judgement of a hint (2.7-3.0 us).
//!
//! What it understands: `'...'`, `"..."` (with `\` escapes), `$'...'` (ANSI-C escapes: `\x72`,
//! octal, `\n`), `\` escapes and line continuations; `;`, `&&`, `||`, `|`, `|&`, `&`, newlines;
//! `( )`, `{ }`; `$(...)`, `` `...` ``, `$((...))`, `${...}`, `<(...)`, `>(...)`; redirections
//! `>`, `>>`, `>|`, `&>`, `&>>`, `<`, `<>`, `<<<`, `<<` / `<<-` here-documents (their bodies become
//! the redirection's target), `N>&M`, with a file-descriptor prefix; `NAME=value` prefixes;
//! `# comments`; the reserved words that open a compound command (`if`, `then`, `do`, `!` ...).

use std::borrow::Cow;

/// What a redirection does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RedirectKind {
    /// `>`, `>|`, `&>`: the target is overwritten.
    Write,
    /// `>>`, `&>>`: the target is appended to.
    Append,
    /// `<`, `<>`: the target is read.
    Read,
    /// `<<<`: the target is the text given on stdin.
    HereString,
    /// `<<`, `<<-`: the target is the here-document's body, given on stdin.
    HereDoc,
    /// `N>&M`, `N<&M`: a descriptor duplicated (the target is the other descriptor).
    Duplicate,
}

/// One redirection of a simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect<'a> {
    /// What it does.
    pub kind: RedirectKind,
    /// The file (quoting removed), the here-string, or the here-document's body.
    pub target: Cow<'a, str>,
}

/// A simple command: `NAME=value ... word ... redirections`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Command<'a> {
    /// Its env-var prefixes (`X=1`), as written (quoting removed).
    pub assignments: Vec<Cow<'a, str>>,
    /// The program and its arguments, quoting removed. Substitutions are kept as written
    /// (`$(curl ...)`): a recognizer can see what an argument comes from.
    pub words: Vec<Cow<'a, str>>,
    /// Its redirections, in order.
    pub redirects: Vec<Redirect<'a>>,
    /// Which pipeline it belongs to (commands joined by `|` share it; numbered from 0 in order).
    pub pipeline: usize,
    /// Its stdin comes from the previous command of its pipeline.
    pub piped_in: bool,
    /// Its stdout goes to the next command of its pipeline.
    pub piped_out: bool,
    /// It is joined to the next command by `&&`: the next runs only if this one succeeded
    /// (`cd build && rm -rf *` is in `build`; `cd build; rm -rf *` may not be).
    pub and_then: bool,
    /// It is joined to the next command by `||`: the next runs only if this one failed
    /// (`cd build || exit 1` guarantees what follows runs in `build`).
    pub or_else: bool,
}

impl Command<'_> {
    fn is_empty(&self) -> bool {
        self.words.is_empty() && self.redirects.is_empty() && self.assignments.is_empty()
    }
}

/// A command or process substitution found in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Substitution<'a> {
    /// Its body, as written (`curl -s x` of `$(curl -s x)`).
    pub body: &'a str,
    /// `<(...)` or `>(...)` rather than `$(...)` or backticks.
    pub process: bool,
}

/// A parsed command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Script<'a> {
    /// The simple commands, in order.
    pub commands: Vec<Command<'a>>,
    /// The substitutions, in order (nested ones are found when their parent's body is parsed).
    pub substitutions: Vec<Substitution<'a>>,
}

/// Parses `src` (never fails: whatever cannot be read as shell is read as words).
pub fn parse(src: &str) -> Script<'_> {
    let mut p = Parser {
        src,
        b: src.as_bytes(),
        i: 0,
        script: Script::default(),
        cur: Command::default(),
        pipeline: 0,
        heredocs: Vec::new(),
    };
    p.run();
    p.script
}

/// The words of `src` as the shell splits them (quoting removed), ignoring operators: for the
/// readers of `env -S`, `watch` and the like.
pub fn words(src: &str) -> Vec<Cow<'_, str>> {
    parse(src)
        .commands
        .into_iter()
        .flat_map(|c| c.words)
        .collect()
}

struct Parser<'a> {
    src: &'a str,
    b: &'a [u8],
    i: usize,
    script: Script<'a>,
    cur: Command<'a>,
    pipeline: usize,
    /// Here-documents whose bodies start after the next newline: (command index, redirect
    /// index, delimiter, strip leading tabs). The command index is `usize::MAX` for `cur`.
    heredocs: Vec<(usize, usize, String, bool)>,
}

/// Bytes that end an unquoted word.
#[inline]
fn ends_word(c: u8) -> bool {
    matches!(
        c,
        b' ' | b'\t' | b'\r' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')'
    )
}

/// Words that open or continue a compound command: skipped where a command starts.
fn reserved(w: &str) -> bool {
    matches!(
        w,
        "if" | "then"
            | "else"
            | "elif"
            | "fi"
            | "do"
            | "done"
            | "while"
            | "until"
            | "esac"
            | "!"
            | "{"
            | "}"
            | "function"
    )
}

/// `NAME=...` with a shell identifier as NAME.
pub fn is_assignment(w: &str) -> bool {
    match w.find('=') {
        Some(eq) if eq > 0 => {
            let name = &w.as_bytes()[..eq];
            let name = name.strip_suffix(b"+").unwrap_or(name);
            !name.is_empty()
                && !name[0].is_ascii_digit()
                && name.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'_')
        }
        _ => false,
    }
}

impl<'a> Parser<'a> {
    fn peek(&self, k: usize) -> Option<u8> {
        self.b.get(self.i + k).copied()
    }

    fn run(&mut self) {
        while self.i < self.b.len() {
            let c = self.b[self.i];
            match c {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'\\' if self.peek(1) == Some(b'\n') => self.i += 2,
                b'\n' => {
                    self.i += 1;
                    self.end_command(false);
                    self.read_heredoc_bodies();
                }
                b'#' if matches!(self.peek(1), None | Some(b' ' | b'\t' | b'!' | b'#')) => {
                    while self.i < self.b.len() && self.b[self.i] != b'\n' {
                        self.i += 1;
                    }
                }
                b';' | b'(' | b')' => {
                    self.i += 1;
                    self.end_command(false);
                }
                b'&' if self.peek(1) == Some(b'>') => self.redirect(),
                b'&' => {
                    let and = self.peek(1) == Some(b'&');
                    self.i += if and { 2 } else { 1 };
                    self.cur.and_then = and;
                    self.end_command(false);
                }
                b'|' if self.peek(1) == Some(b'|') => {
                    self.i += 2;
                    self.cur.or_else = true;
                    self.end_command(false);
                }
                b'|' => {
                    self.i += if self.peek(1) == Some(b'&') { 2 } else { 1 };
                    self.end_command(true);
                }
                b'<' | b'>' if self.peek(1) == Some(b'(') => {
                    // A process substitution: an argument naming a pipe to the body.
                    let start = self.i;
                    self.i += 1;
                    let body = self.balanced(b'(', b')');
                    self.script.substitutions.push(Substitution {
                        body,
                        process: true,
                    });
                    let raw = &self.src[start..self.i];
                    self.cur.words.push(Cow::Borrowed(raw));
                }
                b'<' | b'>' => self.redirect(),
                b'0'..=b'9' if self.fd_prefix() => self.redirect(),
                _ => {
                    let w = self.word();
                    self.push_word(w);
                }
            }
        }
        self.end_command(false);
    }

    /// Digits followed by `<` or `>`: a redirection of that descriptor.
    fn fd_prefix(&self) -> bool {
        let mut k = self.i;
        while k < self.b.len() && self.b[k].is_ascii_digit() {
            k += 1;
        }
        k < self.b.len() && matches!(self.b[k], b'<' | b'>') && self.b.get(k + 1) != Some(&b'(')
    }

    fn push_word(&mut self, w: Cow<'a, str>) {
        if self.cur.words.is_empty() {
            if is_assignment(&w) {
                self.cur.assignments.push(w);
                return;
            }
            if reserved(&w) {
                return;
            }
        }
        self.cur.words.push(w);
    }

    fn end_command(&mut self, piped: bool) {
        let mut cmd = std::mem::take(&mut self.cur);
        if cmd.is_empty() {
            if !piped {
                self.pipeline += 1;
            } else if let Some(last) = self.script.commands.last_mut() {
                // `( ... ) | c`: the group's last command feeds `c`.
                last.piped_out = true;
                self.pipeline = last.pipeline;
                self.cur.piped_in = true;
            }
            return;
        }
        cmd.pipeline = self.pipeline;
        cmd.piped_out = piped;
        let index = self.script.commands.len();
        for h in &mut self.heredocs {
            if h.0 == usize::MAX {
                h.0 = index;
            }
        }
        self.script.commands.push(cmd);
        if piped {
            self.cur.piped_in = true;
        } else {
            self.pipeline += 1;
        }
    }

    fn redirect(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_digit() {
            self.i += 1;
        }
        let rest = &self.b[self.i..];
        let (kind, len) = if rest.starts_with(b"&>>") {
            (RedirectKind::Append, 3)
        } else if rest.starts_with(b"&>") {
            (RedirectKind::Write, 2)
        } else if rest.starts_with(b">>") {
            (RedirectKind::Append, 2)
        } else if rest.starts_with(b">&") || rest.starts_with(b"<&") {
            (RedirectKind::Duplicate, 2)
        } else if rest.starts_with(b">|") {
            (RedirectKind::Write, 2)
        } else if rest.starts_with(b">") {
            (RedirectKind::Write, 1)
        } else if rest.starts_with(b"<<<") {
            (RedirectKind::HereString, 3)
        } else if rest.starts_with(b"<<-") {
            (RedirectKind::HereDoc, 3)
        } else if rest.starts_with(b"<<") {
            (RedirectKind::HereDoc, 2)
        } else if rest.starts_with(b"<>") {
            (RedirectKind::Read, 2)
        } else {
            (RedirectKind::Read, 1)
        };
        let strip_tabs = rest.starts_with(b"<<-");
        self.i += len;
        while self.i < self.b.len() && matches!(self.b[self.i], b' ' | b'\t') {
            self.i += 1;
        }
        let target = if self.i < self.b.len() && !ends_word(self.b[self.i]) {
            self.word()
        } else if self.i < self.b.len() && matches!(self.b[self.i], b'<' | b'>') {
            // `<<< <(...)` and the like: the process substitution is the target.
            if self.peek(1) == Some(b'(') {
                let start = self.i;
                self.i += 1;
                let body = self.balanced(b'(', b')');
                self.script.substitutions.push(Substitution {
                    body,
                    process: true,
                });
                Cow::Borrowed(&self.src[start..self.i])
            } else {
                Cow::Borrowed("")
            }
        } else {
            Cow::Borrowed("")
        };
        if kind == RedirectKind::HereDoc {
            let delimiter = target.trim().to_owned();
            self.heredocs
                .push((usize::MAX, self.cur.redirects.len(), delimiter, strip_tabs));
            self.cur.redirects.push(Redirect {
                kind,
                target: Cow::Borrowed(""),
            });
        } else {
            self.cur.redirects.push(Redirect { kind, target });
        }
    }

    /// After a newline: the bodies of the here-documents opened on the line before.
    fn read_heredoc_bodies(&mut self) {
        for (cmd, redirect, delimiter, strip_tabs) in std::mem::take(&mut self.heredocs) {
            let start = self.i;
            let mut end = self.b.len();
            let mut next = self.b.len();
            let mut k = self.i;
            while k < self.b.len() {
                let line_end = self.src[k..].find('\n').map_or(self.b.len(), |n| k + n);
                let line = &self.src[k..line_end];
                let line = if strip_tabs {
                    line.trim_start_matches('\t')
                } else {
                    line
                };
                if line.trim_end() == delimiter {
                    end = k;
                    next = (line_end + 1).min(self.b.len());
                    break;
                }
                k = line_end + 1;
            }
            let body = Cow::Borrowed(&self.src[start..end.max(start)]);
            self.i = next;
            let target = if cmd == usize::MAX {
                self.cur.redirects.get_mut(redirect)
            } else {
                self.script
                    .commands
                    .get_mut(cmd)
                    .and_then(|c| c.redirects.get_mut(redirect))
            };
            if let Some(r) = target {
                r.target = body;
            }
        }
    }

    /// Skips from an opening `open` at `self.i` to after its matching `close`, minding quotes
    /// and nesting; returns the text between them (to the end when unbalanced).
    fn balanced(&mut self, open: u8, close: u8) -> &'a str {
        debug_assert_eq!(self.b.get(self.i), Some(&open));
        self.i += 1;
        let start = self.i;
        let mut depth = 1_usize;
        while self.i < self.b.len() {
            let c = self.b[self.i];
            match c {
                b'\\' => self.i += 2,
                b'\'' => {
                    self.i += 1;
                    while self.i < self.b.len() && self.b[self.i] != b'\'' {
                        self.i += 1;
                    }
                    self.i += 1;
                }
                b'"' => {
                    self.i += 1;
                    while self.i < self.b.len() && self.b[self.i] != b'"' {
                        if self.b[self.i] == b'\\' {
                            self.i += 1;
                        }
                        self.i += 1;
                    }
                    self.i += 1;
                }
                _ if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        let body = &self.src[start..self.i];
                        self.i += 1;
                        return body;
                    }
                    self.i += 1;
                }
                _ if c == open => {
                    depth += 1;
                    self.i += 1;
                }
                _ => self.i += 1,
            }
        }
        self.i = self.b.len();
        &self.src[start.min(self.b.len())..]
    }

    /// A backtick substitution at `self.i`: its body, `self.i` after its end.
    fn backtick(&mut self) -> &'a str {
        self.i += 1;
        let start = self.i;
        while self.i < self.b.len() && self.b[self.i] != b'`' {
            if self.b[self.i] == b'\\' {
                self.i += 1;
            }
            self.i += 1;
        }
        let end = self.i.min(self.b.len());
        self.i = (self.i + 1).min(self.b.len());
        &self.src[start..end]
    }

    /// `$(`, `$((`, `${` or a backtick at `self.i`: skipped, its body recorded.
    fn dollar_or_backtick(&mut self) {
        if self.b[self.i] == b'`' {
            let body = self.backtick();
            self.script.substitutions.push(Substitution {
                body,
                process: false,
            });
            return;
        }
        // `$` then `(` or `{`.
        self.i += 1;
        if self.b[self.i] == b'{' {
            self.balanced(b'{', b'}');
        } else if self.peek(1) == Some(b'(') {
            self.balanced(b'(', b')');
        } else {
            let body = self.balanced(b'(', b')');
            self.script.substitutions.push(Substitution {
                body,
                process: false,
            });
        }
    }

    /// One word at `self.i` (not at a separator), quoting removed.
    fn word(&mut self) -> Cow<'a, str> {
        let start = self.i;
        // Borrowed until something has to be rewritten; then `buf` holds the word so far and
        // `run` is where the part not yet copied starts.
        let mut buf: Option<String> = None;
        let mut run = start;
        macro_rules! flush {
            () => {{
                let b = buf.get_or_insert_with(String::new);
                b.push_str(&self.src[run..self.i]);
                b
            }};
        }
        while self.i < self.b.len() {
            let c = self.b[self.i];
            if ends_word(c) {
                break;
            }
            match c {
                b'\\' => {
                    let b = flush!();
                    self.i += 1;
                    match self.peek(0) {
                        None => {}
                        Some(b'\n') => self.i += 1,
                        Some(_) => {
                            let ch = self.src[self.i..].chars().next().unwrap_or(' ');
                            b.push(ch);
                            self.i += ch.len_utf8();
                        }
                    }
                    run = self.i;
                }
                b'\'' => {
                    flush!();
                    self.i += 1;
                    let s = self.i;
                    while self.i < self.b.len() && self.b[self.i] != b'\'' {
                        self.i += 1;
                    }
                    let text = &self.src[s..self.i];
                    if let Some(b) = buf.as_mut() {
                        b.push_str(text);
                    }
                    self.i = (self.i + 1).min(self.b.len());
                    run = self.i;
                }
                b'$' if self.peek(1) == Some(b'\'') => {
                    flush!();
                    self.i += 2;
                    let text = self.ansi_c();
                    if let Some(b) = buf.as_mut() {
                        b.push_str(&text);
                    }
                    run = self.i;
                }
                b'$' if self.peek(1) == Some(b'"') => {
                    flush!();
                    self.i += 1;
                    run = self.i;
                }
                b'"' => {
                    flush!();
                    self.i += 1;
                    self.double_quoted(&mut buf);
                    run = self.i;
                }
                b'$' if matches!(self.peek(1), Some(b'(' | b'{')) => self.dollar_or_backtick(),
                b'`' => self.dollar_or_backtick(),
                _ => self.i += 1,
            }
        }
        match buf {
            Some(mut b) => {
                b.push_str(&self.src[run..self.i.min(self.b.len())]);
                Cow::Owned(b)
            }
            None => Cow::Borrowed(&self.src[start..self.i]),
        }
    }

    /// The inside of `"..."` from after the opening quote; `self.i` after the closing one.
    fn double_quoted(&mut self, buf: &mut Option<String>) {
        let mut run = self.i;
        while self.i < self.b.len() {
            match self.b[self.i] {
                b'"' => break,
                b'\\' if matches!(self.peek(1), Some(b'"' | b'\\' | b'$' | b'`' | b'\n')) => {
                    let b = buf.get_or_insert_with(String::new);
                    b.push_str(&self.src[run..self.i]);
                    if self.b[self.i + 1] != b'\n' {
                        b.push(char::from(self.b[self.i + 1]));
                    }
                    self.i += 2;
                    run = self.i;
                }
                b'$' if matches!(self.peek(1), Some(b'(' | b'{')) => self.dollar_or_backtick(),
                b'`' => self.dollar_or_backtick(),
                _ => self.i += 1,
            }
        }
        let end = self.i.min(self.b.len());
        buf.get_or_insert_with(String::new)
            .push_str(&self.src[run..end]);
        self.i = (self.i + 1).min(self.b.len());
    }

    /// The inside of `$'...'` from after the quote, escapes decoded; `self.i` after the end.
    fn ansi_c(&mut self) -> String {
        let mut out = Vec::new();
        while self.i < self.b.len() && self.b[self.i] != b'\'' {
            let c = self.b[self.i];
            if c != b'\\' {
                out.push(c);
                self.i += 1;
                continue;
            }
            self.i += 1;
            let Some(e) = self.peek(0) else { break };
            self.i += 1;
            match e {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'r' => out.push(b'\r'),
                b'a' | b'b' | b'e' | b'E' | b'f' | b'v' => {}
                b'x' => {
                    let mut v = 0_u8;
                    let mut n = 0;
                    while n < 2 && self.peek(0).is_some_and(|d| d.is_ascii_hexdigit()) {
                        v = v * 16 + hex_value(self.b[self.i]);
                        self.i += 1;
                        n += 1;
                    }
                    out.push(v);
                }
                b'0'..=b'7' => {
                    let mut v = u32::from(e - b'0');
                    let mut n = 1;
                    while n < 3 && self.peek(0).is_some_and(|d| (b'0'..=b'7').contains(&d)) {
                        v = v * 8 + u32::from(self.b[self.i] - b'0');
                        self.i += 1;
                        n += 1;
                    }
                    out.push((v & 0xff) as u8);
                }
                other => out.push(other),
            }
        }
        self.i = (self.i + 1).min(self.b.len());
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// The value of an ASCII hex digit (0 for anything else).
pub(crate) fn hex_value(d: u8) -> u8 {
    match d {
        b'0'..=b'9' => d - b'0',
        b'a'..=b'f' => d - b'a' + 10,
        b'A'..=b'F' => d - b'A' + 10,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words_of(s: &Script<'_>) -> Vec<Vec<String>> {
        s.commands
            .iter()
            .map(|c| c.words.iter().map(|w| w.to_string()).collect())
            .collect()
    }

    #[test]
    fn operators_split_commands_and_pipelines() {
        let s = parse("curl -s https://x.io/i.sh | sudo bash; echo 'done' && rm -rf \"/tmp/a b\"");
        assert_eq!(
            words_of(&s),
            [
                vec!["curl", "-s", "https://x.io/i.sh"],
                vec!["sudo", "bash"],
                vec!["echo", "done"],
                vec!["rm", "-rf", "/tmp/a b"],
            ]
        );
        let pipes: Vec<_> = s
            .commands
            .iter()
            .map(|c| (c.pipeline, c.piped_in, c.piped_out))
            .collect();
        assert_eq!(
            pipes,
            [
                (0, false, true),
                (0, true, false),
                (1, false, false),
                (2, false, false)
            ]
        );
    }

    #[test]
    fn quoting_tricks_are_removed() {
        for (src, program) in [
            ("\\rm -rf /", "rm"),
            ("r''m -rf /", "rm"),
            ("\"rm\" -rf /", "rm"),
            ("'r'\"m\" -rf /", "rm"),
            ("$'\\x72\\x6d' -rf /", "rm"),
            ("$'\\162m' -rf /", "rm"),
            ("r\\\nm -rf /", "rm"),
        ] {
            let s = parse(src);
            assert_eq!(s.commands[0].words[0], program, "{src:?}");
            assert_eq!(s.commands[0].words[2], "/", "{src:?}");
        }
        assert!(matches!(
            parse("rm -rf build").commands[0].words[2],
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn substitutions_are_found_and_kept() {
        let s = parse("sh -c \"$(curl -fsSL https://x.sh)\"; echo `whoami`; bash <(wget -qO- y)");
        let bodies: Vec<_> = s
            .substitutions
            .iter()
            .map(|x| (x.body, x.process))
            .collect();
        assert_eq!(
            bodies,
            [
                ("curl -fsSL https://x.sh", false),
                ("whoami", false),
                ("wget -qO- y", true)
            ]
        );
        assert_eq!(s.commands[0].words[2], "$(curl -fsSL https://x.sh)");
        assert_eq!(s.commands[2].words[1], "<(wget -qO- y)");
        // Nested parentheses and quotes inside a substitution.
        let s = parse("echo $(echo \"a)b\" | (cat))");
        assert_eq!(s.substitutions[0].body, "echo \"a)b\" | (cat)");
    }

    #[test]
    fn redirections_keep_their_targets() {
        let s =
            parse("echo 'ALL ALL=(ALL) NOPASSWD:ALL' >> /etc/sudoers 2>&1; cat < in.txt > out.txt");
        let c = &s.commands[0];
        assert_eq!(c.words, ["echo", "ALL ALL=(ALL) NOPASSWD:ALL"]);
        assert_eq!(c.redirects[0].kind, RedirectKind::Append);
        assert_eq!(c.redirects[0].target, "/etc/sudoers");
        assert_eq!(c.redirects[1].kind, RedirectKind::Duplicate);
        let c = &s.commands[1];
        assert_eq!(c.redirects[0].kind, RedirectKind::Read);
        assert_eq!(c.redirects[1].target, "out.txt");
        let s = parse("bash <<< $(base64 -d <<< cm0gLXJmIC8=)");
        assert_eq!(s.commands[0].redirects[0].kind, RedirectKind::HereString);
        assert_eq!(s.substitutions[0].body, "base64 -d <<< cm0gLXJmIC8=");
    }

    #[test]
    fn here_documents_become_targets() {
        let s = parse("bash <<EOF\nrm -rf /\nEOF\necho after");
        assert_eq!(s.commands[0].words, ["bash"]);
        assert_eq!(s.commands[0].redirects[0].kind, RedirectKind::HereDoc);
        assert_eq!(s.commands[0].redirects[0].target, "rm -rf /\n");
        assert_eq!(s.commands[1].words, ["echo", "after"]);
        // Unterminated: the body runs to the end.
        let s = parse("cat <<-'X' > f\n\tdata");
        assert_eq!(s.commands[0].redirects[0].target, "\tdata");
        assert_eq!(s.commands[0].redirects[1].target, "f");
    }

    #[test]
    fn assignments_reserved_words_and_compounds() {
        let s = parse("FOO=1 BAR='x y' env; if true; then (rm -rf /tmp/x); fi; { sudo ls; }");
        assert_eq!(s.commands[0].assignments, ["FOO=1", "BAR=x y"]);
        assert_eq!(s.commands[0].words, ["env"]);
        assert_eq!(
            words_of(&s)[1..],
            [
                vec!["true"],
                vec!["rm", "-rf", "/tmp/x"],
                vec!["sudo", "ls"]
            ]
        );
    }

    #[test]
    fn lenient_with_broken_input() {
        for src in [
            "echo 'unterminated",
            "echo \"unterminated $(x",
            "a )) (( b",
            "`",
            "$(",
            "<<",
            "x >",
            "\\",
            "$'\\x",
            "echo ${",
            "2>",
        ] {
            let _ = parse(src);
        }
        assert_eq!(words_of(&parse("echo 'a b")), [vec!["echo", "a b"]]);
    }

    #[test]
    fn comments_are_skipped_but_not_hashes_in_words() {
        let s = parse("ls # rm -rf /\nls a#b");
        assert_eq!(words_of(&s), [vec!["ls"], vec!["ls", "a#b"]]);
    }
}
