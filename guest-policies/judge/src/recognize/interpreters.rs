//! Code inside code: `bash -c '...'` and `eval` bodies re-parsed; `python -c`, `node -e`,
//! `perl -e`, `ruby -e` bodies read for the calls that delete or run a shell; base64 and hex
//! payloads that are decoded and run (`echo X | base64 -d | sh`, `eval "$(echo X | base64 -d)"`,
//! `bash <<< $(base64 -d <<< X)`, `xxd -r -p`) decoded and judged as what they run.
//!
//! Base64 is decoded by the `base64` crate. Hex is decoded here: two digits a byte is all
//! `xxd -r -p` does, and a crate for it would add a dependency to the guest for ten lines.

use std::borrow::Cow;

use base64::Engine as _;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};

use super::lexicon::{self, INTERPRETER, SHELL};
use super::top_level::{QUOTES_BACKTICK_ESCAPED, outside_strings};
use super::{Cmd, Context, finding, paths};
use crate::finding::{Family, Finding, Severity};
use crate::shell::{self, RedirectKind, Script};
use crate::substring::has;

/// Base64 as agents paste it: standard or URL-safe alphabet, padding optional.
const LENIENT: GeneralPurposeConfig = GeneralPurposeConfig::new()
    .with_decode_padding_mode(DecodePaddingMode::Indifferent)
    .with_decode_allow_trailing_bits(true);
const STANDARD: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::STANDARD, LENIENT);
const URL_SAFE: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::URL_SAFE, LENIENT);

/// Decodes base64 text (whitespace ignored) to UTF-8 text.
pub fn decode_base64(s: &str) -> Option<String> {
    let clean: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    if clean.is_empty() {
        return None;
    }
    let bytes = STANDARD
        .decode(&clean)
        .or_else(|_| URL_SAFE.decode(&clean))
        .ok()?;
    String::from_utf8(bytes)
        .ok()
        .map(|t| crate::normalize::normalize(&t).into_owned())
}

/// Decodes hex text (`726d202d7266202f`, `\x72\x6d`, `72 6d`) to UTF-8 text.
pub fn decode_hex(s: &str) -> Option<String> {
    let digits: Vec<u8> = s
        .replace("\\x", "")
        .replace("0x", "")
        .bytes()
        .filter(|b| !b.is_ascii_whitespace() && *b != b':')
        .collect();
    if digits.is_empty()
        || !digits.len().is_multiple_of(2)
        || !digits.iter().all(u8::is_ascii_hexdigit)
    {
        return None;
    }
    let bytes: Vec<u8> = digits
        .chunks(2)
        .map(|p| shell::hex_value(p[0]) * 16 + shell::hex_value(p[1]))
        .collect();
    String::from_utf8(bytes)
        .ok()
        .map(|t| crate::normalize::normalize(&t).into_owned())
}

/// What a command line prints, when it is a decoder of a literal payload (`echo X | base64 -d`,
/// `base64 -d <<< X`, `xxd -r -p <<< X`, `printf '\x72\x6d'`), decoded.
pub fn decoded_output(src: &str) -> Option<String> {
    let s = shell::parse(src);
    let last = s.commands.last()?;
    let pipeline = last.pipeline;
    let cmds: Vec<&shell::Command<'_>> = s
        .commands
        .iter()
        .filter(|c| c.pipeline == pipeline)
        .collect();
    let mut text: Option<String> = None;
    for c in cmds {
        let mut folded = Vec::new();
        let Some(cmd) = super::resolve(c, &mut folded) else {
            continue;
        };
        let here = cmd
            .redirects
            .iter()
            .find(|r| matches!(r.kind, RedirectKind::HereString | RedirectKind::HereDoc))
            .map(|r| r.target.to_string());
        match cmd.program {
            // `cat FILE` prints a file whose text is not known here (`bash <(cat setup.sh)`
            // runs the project's own script, not a payload).
            "cat" if here.is_none() && cmd.operands(&[]).any(|o| o != "-") => return None,
            // `... | cat | ...` passes its input on.
            "cat" if here.is_none() => {}
            "printf" => {
                let ops: Vec<&str> = cmd.operands(&["-v"]).collect();
                text = Some(printf(&ops));
            }
            "echo" | "cat" => {
                let ops: Vec<&str> = cmd.operands(&[]).collect();
                let joined = ops.join(" ");
                text = Some(if has(&joined, "\\x") {
                    unescape(&joined)
                } else if let Some(h) = here {
                    h
                } else {
                    joined
                });
            }
            "base64" | "basenc" | "openssl" | "b64" => {
                let decode = cmd.flag(b"dD", &["decode"])
                    || cmd.program == "openssl" && cmd.words().any(|w| w == "-d");
                if !decode {
                    return None;
                }
                let input = here.or(text.take())?;
                text = Some(decode_base64(&input)?);
            }
            "xxd" => {
                if !cmd.flag(b"r", &["revert"]) {
                    return None;
                }
                let input = here.or(text.take())?;
                text = Some(decode_hex(&input)?);
            }
            // A file reversed is a text not known here; a here-string or a piped literal is
            // reversed line by line ([`super::transforms`]).
            "rev" if cmd.operands(&[]).next().is_some() => return None,
            "rev" => text = here.or(text).map(|t| super::transforms::rev(&t)),
            // A translation of letters (rot13: `tr 'A-Za-z' 'N-ZA-Mn-za-m'`, case: `tr 'A-Z'
            // 'a-z'`) or a deletion of salt characters (`tr -d '#'`).
            "tr" => {
                let input = here.or(text.take());
                text = match cmd.args.iter().map(|a| &**a).collect::<Vec<_>>()[..] {
                    ["-d" | "--delete", set] => {
                        input.and_then(|t| super::transforms::delete_chars(set, &t))
                    }
                    [set1, set2] if !set1.starts_with('-') => {
                        input.and_then(|t| super::decoded::translate(set1, set2, &t))
                    }
                    _ => input,
                };
            }
            // A literal substitution (`sed 's/#//g'`) is computed; any other script leaves
            // the text as it was (the reading before this one).
            "sed" | "gsed" => {
                let words: Vec<&str> = cmd.args.iter().map(|a| &**a).collect();
                text = here
                    .or(text.take())
                    .map(|t| super::transforms::sed(&words, &t).unwrap_or(t));
            }
            "awk" => {}
            _ => return None,
        }
    }
    text
}

/// What `printf FORMAT ARGS...` prints: the format's escapes decoded, `%s` and `%b` (its
/// argument's escapes decoded too) and the other conversions replaced by the next argument,
/// the format reused while arguments remain (POSIX printf), `%%` a percent sign. So `printf
/// %s PAYLOAD`, `printf '%s\n' PAYLOAD` and `printf '%b' '\x72\x6d'` print what `echo`
/// would.
fn printf(ops: &[&str]) -> String {
    let Some((format, mut args)) = ops.split_first() else {
        return String::new();
    };
    let mut out = String::new();
    loop {
        let mut consumed = false;
        let mut chars = format.char_indices().peekable();
        let mut literal = String::new();
        while let Some((_, c)) = chars.next() {
            if c != '%' {
                literal.push(c);
                continue;
            }
            // Flags, width and precision (`%-10s`, `%.3s`) are skipped.
            while chars.peek().is_some_and(|(_, d)| {
                d.is_ascii_digit() || matches!(d, '-' | '+' | ' ' | '#' | '.')
            }) {
                chars.next();
            }
            let Some((_, conv)) = chars.next() else { break };
            out.push_str(&unescape(&std::mem::take(&mut literal)));
            if conv == '%' {
                out.push('%');
                continue;
            }
            let arg = args.first().copied().unwrap_or("");
            if !args.is_empty() {
                args = &args[1..];
                consumed = true;
            }
            match conv {
                'b' => out.push_str(&unescape(arg)),
                'c' => out.extend(arg.chars().next()),
                _ => out.push_str(arg),
            }
        }
        out.push_str(&unescape(&literal));
        if !consumed || args.is_empty() {
            return out;
        }
    }
}

/// `\xHH`, `\NNN` (octal), `\n` escapes of `printf` and `echo -e`.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'x' => {
                    let mut v = 0_u8;
                    let mut j = i + 2;
                    while j < b.len() && j < i + 4 && b[j].is_ascii_hexdigit() {
                        v = v * 16 + shell::hex_value(b[j]);
                        j += 1;
                    }
                    out.push(v);
                    i = j;
                    continue;
                }
                b'0'..=b'7' => {
                    let mut v = 0_u32;
                    let mut j = i + 1;
                    while j < b.len() && j < i + 5 && (b'0'..=b'7').contains(&b[j]) {
                        v = v * 8 + u32::from(b[j] - b'0');
                        j += 1;
                    }
                    out.push((v & 0xff) as u8);
                    i = j;
                    continue;
                }
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                c => out.push(c),
            }
            i += 2;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The substitution bodies in a word (`$(...)` and backticks).
fn substitutions(word: &str) -> Vec<&str> {
    shell::parse(word)
        .substitutions
        .iter()
        .map(|s| s.body)
        .collect()
}

/// Judges a text that will run as a shell command: itself, and what its substitutions print
/// when they decode a payload, or fetch code.
fn run_text(text: &str, how: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    for body in substitutions(text) {
        run_output_of(body, how, depth, ctx, out);
    }
    crate::judge_shell(text, depth + 1, ctx, out);
}

/// A command line whose output is run (`eval "$(...)"`, `sh -c "$(...)"`, `... | sh`).
fn run_output_of(src: &str, how: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if let Some(decoded) = decoded_output(src) {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.decoded-payload",
            Severity::Confirm,
            format!("{how} runs a decoded payload: {}", crate::cut(&decoded, 80)),
        ));
        crate::judge_shell(&decoded, depth + 1, ctx, out);
        return;
    }
    let s = shell::parse(src);
    let fetches = s.commands.iter().any(|c| {
        let mut folded = Vec::new();
        super::resolve(c, &mut folded).is_some_and(|r| super::fetchers::fetches(&r))
    });
    if fetches {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.pipe-to-shell",
            Severity::Verify,
            format!("{how} runs code fetched from the network, unread"),
        ));
    } else if let Some(stage) = obscuring_stage(&s) {
        // `eval "$(rev < job.txt)"`: what runs is spelled by a file the line does not show.
        out.push(finding(
            Family::RemoteCode,
            "remote-code.decoded-payload",
            Severity::Confirm,
            format!("{how} runs text transformed by {stage}, whose result is not known here"),
        ));
    }
}

/// Commands whose program word is a command substitution (`$(echo X | base64 -d)`, `` `rev
/// <<< ...` ``): the shell runs what the substitution prints, so its output is judged as
/// `eval` would judge it (decoded when it is a literal, confirmed when it is transformed text
/// not known here, verified when it is fetched).
pub fn substituted_programs(s: &Script<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    for c in &s.commands {
        let Some(first) = c.words.first() else {
            continue;
        };
        if !(first.starts_with("$(") || first.starts_with('`')) {
            continue;
        }
        let bodies = substitutions(first);
        for body in &bodies {
            run_output_of(
                body,
                "a command substitution run as the command",
                depth,
                ctx,
                out,
            );
        }
        // `"$(printf 'r%s' m)" -rf /srv`: the decoded word is only the program; what runs is
        // it with the command's own arguments, judged together.
        if let [body] = bodies.as_slice()
            && first.len() == body.len() + if first.starts_with('`') { 2 } else { 3 }
            && c.words.len() > 1
            && let Some(program) = decoded_output(body)
        {
            let mut line = program.trim().to_string();
            for w in &c.words[1..] {
                line.push(' ');
                line.push_str(&requoted(w));
            }
            crate::judge_shell(&line, depth + 1, ctx, out);
        }
    }
}

/// A word as the shell would need it written to read it back as one word: single-quoted
/// when it holds anything but plain characters.
pub fn requoted(w: &str) -> Cow<'_, str> {
    let plain = w
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,@%+".contains(&b));
    if plain && !w.is_empty() {
        Cow::Borrowed(w)
    } else {
        Cow::Owned(format!("'{}'", w.replace('\'', "'\\''")))
    }
}

/// The first command of a script that hides what its input spells ([`super::transforms::obscures`]).
fn obscuring_stage<'s>(s: &'s Script<'_>) -> Option<&'s str> {
    s.commands.iter().find_map(|c| {
        let program = c.words.first()?;
        let name = super::program_name(program);
        super::transforms::obscures(name, &c.words).then_some(name)
    })
}

/// The recognizer of shells, eval, interpreters' inline code and decoded payloads.
pub fn judge(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let p = cmd.program;
    if matches!(p, "pwsh" | "powershell" | "iex" | "invoke-expression") {
        powershell(cmd, s, index, out);
    }
    if matches!(p, "pwsh" | "powershell") {
        powershell_encoded(cmd, depth, ctx, out);
    }
    if let Some(body) = shell_string(cmd) {
        run_text(&body, p, depth, ctx, out);
    }
    if lexicon::is(p, SHELL) {
        // `-c BODY`, also clustered (`-lc`, `-xec`).
        let mut body = None;
        let mut it = cmd.args.iter();
        while let Some(a) = it.next() {
            if a.starts_with('-') && !a.starts_with("--") && a.to_ascii_lowercase().contains('c')
                || a.eq_ignore_ascii_case("-command")
                || a.eq_ignore_ascii_case("/c")
            {
                body = it.next();
                break;
            }
            if !a.starts_with('-') {
                break;
            }
        }
        if let Some(b) = body {
            // `sh -c 'rm -rf "$1"' _ /home` runs `rm -rf /home`: the words after the body are
            // its `$0`, `$1`... (find's `{}` and xargs' input among them).
            let params: Vec<&str> = it.map(|w| &**w).collect();
            let inlined = inline_positional(b, &params);
            run_text(&inlined, &format!("{p} -c"), depth, ctx, out);
            if cmd.more_args {
                // `xargs -I{} sh -c 'rm -rf {}'`: each command of the body that takes xargs'
                // input is a bulk action over it, like `xargs rm -rf`.
                let replace = cmd
                    .prefix
                    .iter()
                    .position(|w| w == "-I" || w == "--replace");
                let token = replace
                    .and_then(|i| cmd.prefix.get(i + 1))
                    .map_or("{}", |t| &**t);
                let script = shell::parse(&inlined);
                for c in &script.commands {
                    if !c.words.iter().any(|w| w.contains(token)) && params.is_empty() {
                        continue;
                    }
                    let mut folded = Vec::new();
                    if let Some(inner) = super::resolve(c, &mut folded) {
                        let fed = Cmd {
                            more_args: true,
                            ..inner
                        };
                        super::bulk(&fed, s, index, None, out);
                    }
                }
            }
        }
        // `bash <<< "..."`, here-documents, `bash <(curl ...)`.
        for r in cmd.redirects {
            if matches!(r.kind, RedirectKind::HereString | RedirectKind::HereDoc) {
                run_text(&r.target, &format!("{p} <<<"), depth, ctx, out);
            }
            if r.kind == RedirectKind::Read && r.target.starts_with("<(") {
                run_output_of(
                    r.target.trim_start_matches("<(").trim_end_matches(')'),
                    p,
                    depth,
                    ctx,
                    out,
                );
            }
        }
        for a in cmd.args {
            if let Some(inner) = a.strip_prefix("<(") {
                run_output_of(inner.trim_end_matches(')'), p, depth, ctx, out);
            }
        }
    }
    if matches!(p, "eval" | "source" | ".") {
        if p == "eval" {
            let joined: Vec<&str> = cmd.words().collect();
            run_text(&joined.join(" "), "eval", depth, ctx, out);
        } else {
            for a in cmd.args {
                if let Some(inner) = a.strip_prefix("<(") {
                    run_output_of(inner.trim_end_matches(')'), p, depth, ctx, out);
                }
            }
        }
    }
    // `... | sh`: a decoded payload piped into a shell or interpreter.
    if cmd.piped_in && (lexicon::is(p, SHELL) || lexicon::is(p, INTERPRETER)) && index > 0 {
        // What the upstream commands print, decoded (the same reading as text fed on stdin).
        if let Some(decoded) = super::stdin::piped_text(s, index) {
            out.push(finding(
                Family::RemoteCode,
                "remote-code.decoded-payload",
                Severity::Confirm,
                format!(
                    "a decoded payload piped to {p}: {}",
                    crate::cut(&decoded, 80)
                ),
            ));
            if lexicon::is(p, SHELL) {
                crate::judge_shell(&decoded, depth + 1, ctx, out);
            } else {
                code(&decoded, depth, ctx, out);
            }
        } else if s.commands[..index]
            .iter()
            .filter(|c| c.pipeline == s.commands[index].pipeline)
            .any(|c| {
                decodes(c)
                    || c.words.first().is_some_and(|w| {
                        super::transforms::obscures(super::program_name(w), &c.words)
                    })
            })
        {
            // `cat blob | base64 -d | sh`: a payload decoded from a file, unread here.
            out.push(finding(
                Family::RemoteCode,
                "remote-code.decoded-payload",
                Severity::Confirm,
                format!("{p} runs a decoded payload whose text is not known here"),
            ));
        }
    }
    // Inline code of interpreters.
    let inline = match p {
        "python" | "python3" | "python2" | "pypy" | "pypy3" => cmd.value(&["-c"]),
        "node" | "nodejs" | "deno" | "bun" => {
            cmd.value(&["-e", "--eval", "-p", "--print"]).or_else(|| {
                (p == "deno" || p == "bun")
                    .then(|| cmd.operands(&[]).nth(1))
                    .flatten()
            })
        }
        "perl" => cmd.value(&["-e", "-E"]),
        // R, Julia, Groovy, Elixir and Raku take code with `-e` as well (each one's manual).
        "rscript" | "r" | "groovy" | "elixir" | "raku" => cmd.value(&["-e"]),
        "julia" => cmd.value(&["-e", "--eval", "-E", "--print"]),
        "ruby" => cmd.value(&["-e"]),
        "php" => cmd.value(&["-r"]),
        _ => None,
    };
    if let Some(body) = inline {
        for sub in substitutions(body) {
            run_output_of(sub, p, depth, ctx, out);
        }
        code_with(body, &preloaded(cmd), depth, ctx, out);
    } else if lexicon::is(p, INTERPRETER) && !lexicon::is(p, SHELL) {
        program_from_pipe(cmd, depth, ctx, out);
    }
    // A script run straight from the network (`deno run https://...`, `python <(curl ...)`).
    if lexicon::is(p, INTERPRETER)
        && let Some(url) = cmd
            .operands(&["-m", "-c", "-e", "-r", "--allow-net", "--import-map"])
            .find(|o| o.starts_with("http://") || o.starts_with("https://"))
    {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.run-url",
            Severity::Verify,
            format!("{p} runs {url} straight from the network"),
        ));
    }
    if p == "osascript" {
        osascript(cmd, depth, ctx, out);
    }
    // Ansible's ad-hoc commands run on every host of the inventory.
    if p == "ansible" {
        let module = cmd.value(&["-m", "--module-name"]).unwrap_or("command");
        if matches!(
            module,
            "shell" | "command" | "raw" | "ansible.builtin.shell" | "ansible.builtin.command"
        ) && let Some(args) = cmd.value(&["-a", "--args"])
        {
            crate::judge_shell(args, depth + 1, ctx, out);
        }
    }
}

/// The command line a program hands to a shell, for the programs that run one given as a
/// string (each as its manual says): `watch` (its words joined, given to `sh -c`, unless
/// `-x`), `flock FILE -c CMD`, `su USER -c CMD` and `runuser -c`, `script -c CMD`, `trap CMD
/// SIGNAL` (run later, when the signal comes), `npx -c CMD` / `npm exec --call CMD` /
/// `pnpm dlx -c` (run in a shell with the package's binaries on the PATH), `entr -s CMD`,
/// `tmux new-session CMD` / `tmux send-keys CMD Enter`, `parallel CMD ::: ARGS`.
pub fn shell_string(cmd: &Cmd<'_>) -> Option<String> {
    let joined = |words: &mut dyn Iterator<Item = &str>| {
        let v: Vec<&str> = words.collect();
        (!v.is_empty()).then(|| v.join(" "))
    };
    match cmd.program {
        "watch" if !cmd.has(&["-x", "--exec"]) => joined(&mut cmd.operands(super::WATCH_VALUES)),
        "flock" => cmd.value(&["-c", "--command"]).map(str::to_owned),
        "su" | "runuser" | "script" => cmd
            .value(&["-c", "--command", "--session-command"])
            .map(str::to_owned),
        "trap" => cmd
            .operands(&[])
            .next()
            .filter(|c| !c.is_empty() && *c != "-")
            .map(str::to_owned),
        "npx" | "pnpx" | "npm" | "pnpm" | "yarn" => cmd
            .value(&["-c", "--call", "--shell-mode"])
            .filter(|_| {
                cmd.program.ends_with('x')
                    || cmd
                        .operands(&[])
                        .next()
                        .is_some_and(|s| matches!(s, "exec" | "x" | "dlx"))
            })
            .map(str::to_owned),
        "entr" if cmd.flag(b"s", &[]) => joined(&mut cmd.operands(&[])),
        "tmux" => {
            let mut ops =
                cmd.operands(&["-t", "-s", "-n", "-c", "-x", "-y", "-e", "-F", "-L", "-S"]);
            match ops.next()? {
                "new-session" | "new" | "new-window" | "neww" | "split-window" | "splitw"
                | "respawn-pane" => joined(&mut ops),
                "send-keys" | "send" => {
                    let keys: Vec<&str> = ops.filter(|k| !matches!(*k, "Enter" | "C-m")).collect();
                    (!keys.is_empty()).then(|| keys.join(" "))
                }
                _ => None,
            }
        }
        "parallel" => {
            let words: Vec<&str> = cmd.words().collect();
            let end = words
                .iter()
                .position(|w| w.starts_with(":::"))
                .unwrap_or(words.len());
            let ops: Vec<&str> = words[..end]
                .iter()
                .copied()
                .skip_while(|w| w.starts_with('-'))
                .collect();
            (!ops.is_empty()).then(|| ops.join(" "))
        }
        _ => None,
    }
}

/// Whether a command of a pipeline decodes its input (`base64 -d`, `xxd -r`, `openssl enc -d`).
fn decodes(c: &shell::Command<'_>) -> bool {
    let mut folded = Vec::new();
    super::resolve(c, &mut folded).is_some_and(|cmd| match cmd.program {
        "base64" | "basenc" | "b64" => cmd.flag(b"dD", &["decode"]),
        "base32" => cmd.flag(b"d", &["decode"]),
        "xxd" => cmd.flag(b"r", &["revert"]),
        "openssl" => cmd.words().any(|w| w == "-d"),
        _ => false,
    })
}

/// The options of an interpreter that take a value (`python3 -W ignore`, `node -r
/// dotenv/config`, `ruby -I lib`): their value is not the program's file. Per interpreter, as
/// the same letter is a flag elsewhere (`python3 -I` is isolated mode, `ruby -I` a directory).
pub(crate) fn value_options(p: &str) -> &'static [&'static str] {
    match p {
        _ if p.starts_with("python") || p.starts_with("pypy") => {
            &["-W", "-X", "--check-hash-based-pycs"]
        }
        "node" | "nodejs" | "deno" | "bun" => &[
            "-r",
            "--require",
            "--import",
            "--loader",
            "--experimental-loader",
            "--input-type",
            "--env-file",
            "-C",
            "--conditions",
            "--title",
        ],
        "ruby" => &["-I", "-r", "-C", "-E", "-F"],
        "perl" => &["-I", "-M", "-m"],
        "php" => &["-d", "-c", "-z", "-t"],
        "lua" => &["-l"],
        _ => &[],
    }
}

/// An interpreter whose program is not a file of the project but a pipe: its file operand is a
/// process substitution (`python3 <(curl -s URL)`, `ruby <(wget -qO- URL)`), or it reads the
/// program from stdin (no file operand, or `-`, or `/dev/stdin`) fed by `< <(...)`, a
/// here-string or a here-document (`python3 - <<< "$(curl -s URL)"`). What the pipe carries is
/// judged as the program: code fetched from the network runs unread, a decoded payload runs,
/// and a here-document's own code is read like `-c` code. The shells' forms are judged with
/// their `-c` bodies (above).
fn program_from_pipe(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let p = cmd.program;
    // `python3 -m json.tool <(curl ...)`: a module runs, the substitution is its data.
    if cmd.has(&["-m"]) || cmd.words().any(|w| w.starts_with("-m") && w.len() > 2) {
        return;
    }
    let file = cmd
        .value(&["-f"])
        .filter(|_| p == "php")
        .or_else(|| cmd.operands(value_options(p)).next());
    if let Some(inner) = file.and_then(|f| f.strip_prefix("<(")) {
        run_output_of(inner.strip_suffix(')').unwrap_or(inner), p, depth, ctx, out);
        return;
    }
    if !file.is_none_or(|f| f == "-" || f == "/dev/stdin") {
        return;
    }
    for r in cmd.redirects {
        match r.kind {
            RedirectKind::HereString | RedirectKind::HereDoc => {
                for sub in substitutions(&r.target) {
                    run_output_of(sub, p, depth, ctx, out);
                }
                code(&r.target, depth, ctx, out);
            }
            RedirectKind::Read => {
                if let Some(inner) = r.target.strip_prefix("<(") {
                    run_output_of(inner.strip_suffix(')').unwrap_or(inner), p, depth, ctx, out);
                }
            }
            _ => {}
        }
    }
}

/// Calls that run their string argument as a shell command.
const SHELL_CALLS: &[&str] = &[
    "os.system(",
    "os.popen(",
    "subprocess.run(",
    "subprocess.call(",
    "subprocess.Popen(",
    "subprocess.check_output(",
    "subprocess.check_call(",
    "subprocess.getoutput(",
    "subprocess.getstatusoutput(",
    "execSync(",
    "exec(",
    "execFileSync(",
    "spawnSync(",
    "spawn(",
    "system(",
    "shell_exec(",
    "passthru(",
    "popen(",
    "%x(",
    "Open3.capture2(",
    "Open3.popen3(",
    "IO.popen(",
    "qx(",
    "qx{",
    "Kernel.system(",
    "proc_open(",
    "pty.spawn(",
];

/// Calls that delete a tree.
/// Calls that read a file whose first argument is its path.
const READS: &[&str] = &[
    "open(",
    "readFileSync(",
    "readFile(",
    "read_text(",
    "read_bytes(",
    "File.read(",
    "File.open(",
    "file_get_contents(",
    "Path(",
    "createReadStream(",
];

const TREE_DELETES: &[&str] = &[
    "shutil.rmtree(",
    "rmtree(",
    "rmSync(",
    "rmdirSync(",
    "fs.rm(",
    "rm_rf(",
    "rm_r(",
    "remove_tree(",
    "FileUtils.rm_rf(",
    "FileUtils.remove_dir(",
    "rimraf(",
    "fse.remove(",
    "fs.remove(",
    "removeSync(",
    "emptyDirSync(",
];

/// The filesystem modules of the scripting languages' standard libraries and their common
/// extensions, as code names them (lowercase): a call on one of them that removes is a delete.
const FS_MODULES: &[&str] = &[
    "fs",
    "fsp",
    "fspromises",
    "promises",
    "deno",
    "bun",
    "fse",
    "fsextra",
    "shutil",
    "os",
    "pathlib",
    "fileutils",
    "file",
    "files",
    "dir",
    "directory",
    "io",
    "filesystem",
    "afs",
    "ioutil",
    "rimraf",
];

/// A filesystem call's name reduced to its operation: lowercased, `_` dropped, and the
/// synchronous / asynchronous twin's suffix removed (`removeSync`, `rmSync`, `remove_dir_all`,
/// `RemoveAll`, `unlinkAsync` read as `remove`, `rm`, `removedirall`, `removeall`, `unlink`).
/// `None` when it names no delete. The bool says the call removes a whole tree by itself.
fn delete_operation(name: &str) -> Option<bool> {
    if name.len() > 24 {
        return None;
    }
    let mut n: String = name
        .chars()
        .filter(|c| *c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    for suffix in ["sync", "async", "promise"] {
        if n.len() > suffix.len() + 1 && n.ends_with(suffix) {
            n.truncate(n.len() - suffix.len());
        }
    }
    match n.as_str() {
        "rmtree" | "removetree" | "rmrf" | "rimraf" | "emptydir" | "deletedirectory"
        | "deleterecursively" | "removeall" | "removedirall" | "deltree" | "removedirs"
        | "forcedelete" | "cleandirectory" => Some(true),
        "rm" | "rmdir" | "remove" | "unlink" | "delete" | "deletefile" | "removefile"
        | "removedir" | "deleteifexists" => Some(false),
        _ => None,
    }
}

/// Filesystem deletes read by a call's structure, in any of the scripting languages: the name
/// of the operation ([`delete_operation`], whichever twin of it: `Deno.remove` and
/// `Deno.removeSync`, `fs.rm`, `fs.promises.rm` and `rmSync`, `os.RemoveAll`,
/// `std::fs::remove_dir_all`), called on a filesystem module ([`FS_MODULES`]) or imported from
/// one (`import { rm } from "fs/promises"`, `use File::Path`), its first string argument the
/// path (in any of the language's quotes), and `recursive: true` (or `recursive=True`,
/// `{ recursive => 1 }`) making a one-level delete a tree's. Judged as the `rm` it amounts to.
fn delete_calls(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    // Where a bare call's name comes from: the code imports a filesystem module.
    let imports_fs = || {
        [
            "fs/promises",
            "'fs'",
            "\"fs\"",
            "node:fs",
            "fs-extra",
            "File::Path",
            "shutil",
            "from os",
            "std::fs",
            "rimraf",
            "FileUtils",
        ]
        .iter()
        .any(|m| body.contains(m))
    };
    let mut seen = 0;
    for (open, _) in body.match_indices('(') {
        // A call: the name just before `(` (a method chain's last name), without Ruby's and
        // Elixir's `!` (`FileUtils.rm_rf!`, `File.rm_rf!`: the variant that raises).
        let name_end = if body[..open].ends_with('!') {
            open - 1
        } else {
            open
        };
        let name_start = crate::substring::after_last(&body[..name_end], |c: char| {
            !(c.is_ascii_alphanumeric() || c == '_')
        });
        let name = &body[name_start..name_end];
        // Every delete's name starts with one of these letters: most calls end here.
        if !name
            .bytes()
            .next()
            .is_some_and(|c| matches!(c | 0x20, b'r' | b'u' | b'd' | b'e' | b'f' | b'c' | b's'))
        {
            continue;
        }
        let before = &body[..name_start];
        // Databricks' `dbutils.fs.rm(PATH, True)` takes DBFS and object-store paths, graded by
        // where they are in `databricks.rs`.
        if before.ends_with("dbutils.fs.") {
            continue;
        }
        // rimraf's `sync` (`require('rimraf').sync(p)`, `rimraf.sync(p)`) deletes a tree.
        let rimraf_sync = name == "sync" && {
            let r = before.trim_end_matches('.');
            r.ends_with("rimraf") || r.ends_with("rimraf')") || r.ends_with("rimraf\")")
        };
        let Some(tree) = delete_operation(name).or(rimraf_sync.then_some(true)) else {
            continue;
        };
        seen += 1;
        if seen > 64 {
            break;
        }
        // The receiver: the name before `.` or `::` (`fs.rm`, `Deno.remove`, `std::fs::remove_dir_all`).
        let receiver = before
            .strip_suffix('.')
            .or_else(|| before.strip_suffix("::"))
            .or_else(|| before.strip_suffix("->"))
            .map(|r| {
                let start = crate::substring::after_last(r, |c: char| {
                    !(c.is_ascii_alphanumeric() || c == '_')
                });
                r[start..].to_ascii_lowercase()
            });
        let on_fs = match receiver.as_deref() {
            // `require('fs').rm(`: a receiver that is a call, named by what the code loads.
            Some("") => imports_fs(),
            Some(r) => FS_MODULES.contains(&r),
            // A bare call: a name that is only ever a tree's delete, one the code imports
            // from a filesystem module (`remove(x)` alone could be a list's), or one told to
            // recurse (R's `unlink(p, recursive = TRUE)`, Julia's `rm(p; recursive=true)`:
            // only a filesystem's delete takes that).
            None => {
                tree || imports_fs() && !name.eq_ignore_ascii_case("delete")
                    || recursive_argument(call_text(&body[open + 1..]))
            }
        };
        let on_fs = on_fs || rimraf_sync;
        if !on_fs {
            continue;
        }
        let rest = &body[open + 1..];
        let resolved = resolved_operand(rest, body);
        let Some(path) = call_args(rest)
            .into_iter()
            .next()
            .filter(|p| !(p.is_empty() || resolved.is_some() && module_name(p)))
            .or_else(|| resolved.clone())
        else {
            continue;
        };
        let recursive = tree || {
            let args = call_text(rest);
            recursive_argument(args)
                || [", $true", ",$true", ", true", ",true"]
                    .iter()
                    .any(|k| args.contains(k))
        };
        let verb = if recursive { "rm -rf" } else { "rm" };
        crate::judge_shell(&format!("{verb} {}", quote(&path)), depth + 1, ctx, out);
        if let Some(r) = resolved.filter(|r| *r != path) {
            crate::judge_shell(&format!("{verb} {}", quote(&r)), depth + 1, ctx, out);
        }
    }
}

/// Whether a call's arguments ask for recursion, in any language's spelling of a named
/// argument set to true: `recursive: true` (JavaScript), `recursive=True` (Python), `recursive
/// = TRUE` or `T` (R), `recursive=true` (Julia), `recursive => 1` (Perl), `:recursive => true`
/// (Ruby).
fn recursive_argument(args: &str) -> bool {
    args.match_indices("recursive").any(|(at, _)| {
        let rest = args[at + "recursive".len()..].trim_start();
        let Some(value) = rest
            .strip_prefix("=>")
            .or_else(|| rest.strip_prefix(':'))
            .or_else(|| rest.strip_prefix('=').filter(|v| !v.starts_with('=')))
        else {
            return false;
        };
        let value = value.trim_start();
        let word: String = value
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        matches!(word.as_str(), "true" | "True" | "TRUE" | "T" | "1")
    })
}

/// A module's name among a call's literals (`require('path').join(...)`): never the path a
/// delete is given.
fn module_name(lit: &str) -> bool {
    matches!(
        lit,
        "path" | "os" | "fs" | "node:path" | "node:os" | "node:fs" | "fs/promises" | "fs-extra"
    )
}

/// A call's first argument evaluated as a place expression ([`super::places`]:
/// `os.homedir() + '/.ssh'`, `path.join(os.homedir(), '.ssh')`), when it spells a place and
/// every piece of it is readable.
fn resolved_operand(rest: &str, body: &str) -> Option<String> {
    let arg = top_level_args(rest).into_iter().next()?;
    if !super::places::mentions_place(arg) {
        return None;
    }
    super::places::code_path(arg, body)
}

/// The places inline code builds and hands to a call (`readFileSync(path.join(os.homedir(),
/// '.npmrc'))`, `open(os.path.expanduser('~/.docker/config.json'))`, `File.read(File.join(
/// ENV['HOME'], '.netrc'))`): a secret one is read, airlock's own state is touched.
fn placed_secrets(body: &str, ctx: &mut Context, out: &mut Vec<Finding>) {
    if !super::places::mentions_place(body) {
        return;
    }
    const READ_NAMES: &[&str] = &[
        "read", "open", "load", "contents", "copy", "slurp", "content", "cat",
    ];
    let mut seen = 0;
    for (open, _) in body.match_indices('(') {
        seen += 1;
        if seen > 48 {
            break;
        }
        // Only a read: the call takes the path (`readFileSync(P)`, `open(P)`, `File.read(P)`,
        // `Get-Content P`), or the path object is read (`(P).read_text()`); a test of it
        // (`.exists()`, `os.path.isfile`) or a listing of its folder reads no secret. The
        // call's name is checked first: most calls end here.
        let name_start = crate::substring::after_last(&body[..open], |c: char| {
            !(c.is_ascii_alphanumeric() || c == '_')
        });
        let name = body[..open][name_start..].to_ascii_lowercase();
        if !name.is_empty() && !READ_NAMES.iter().any(|m| name.contains(m)) {
            continue;
        }
        let Some(arg) = top_level_args(&body[open + 1..]).into_iter().next() else {
            continue;
        };
        if !super::places::mentions_place(arg) {
            continue;
        }
        let after = &body[(open + 1 + arg.len() + 1).min(body.len())..];
        let reads = !name.is_empty()
            || [".read_text(", ".read_bytes(", ".open(", ".read("]
                .iter()
                .any(|m| after.starts_with(m));
        if !reads {
            continue;
        }
        let Some(p) = super::places::code_path(arg, body) else {
            continue;
        };
        if let Some(what) = paths::secret(&p) {
            out.push(finding(
                Family::Secrets,
                "secrets.read",
                Severity::Confirm,
                format!("inline code opens {p}: {what}"),
            ));
            ctx.secret_read = Some(p.clone());
        }
        if let Some(what) = paths::airlock_state(&p) {
            out.push(finding(
                Family::Tampering,
                "tampering.state",
                Severity::Stop,
                format!("inline code touches {p}: {what}"),
            ));
        }
    }
}

/// A call's argument text from just after its `(` to the matching `)` (at most 400 bytes;
/// quotes are not tracked: the text is only searched for an option).
fn call_text(rest: &str) -> &str {
    let rest = crate::cut(rest, 400);
    let mut depth = 0_usize;
    for (i, c) in rest.bytes().enumerate() {
        match c {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => return &rest[..i],
            b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
    }
    rest
}

/// Calls that delete one file.
const FILE_DELETES: &[&str] = &[
    "os.remove(",
    "os.unlink(",
    "unlinkSync(",
    "File.delete(",
    "unlink(",
    "Path.unlink(",
    ".unlink(",
];

/// Names of one-file deletes that a language can hand to a glob's every match without calling
/// them with parentheses: Perl's `unlink glob "..."`, PHP's `array_map('unlink', glob(...))`,
/// Python's `map(os.remove, glob.glob(...))`.
const GLOB_DELETERS: &[&str] = &["unlink", "os.remove", "File.delete", "rmdir"];

/// A delete applied to every match of a glob: judged as `rm` of the pattern (`unlink glob
/// "/var/backups/*"` is `rm /var/backups/*`).
fn globbed_deletes(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if !has(body, "glob") || !GLOB_DELETERS.iter().any(|d| has(body, d)) {
        return;
    }
    for (at, _) in body.match_indices("glob") {
        let rest = body[at + 4..].trim_start_matches(['.', 'g', 'l', 'o', 'b', '(', ' ']);
        let Some(quote) = rest.chars().next().filter(|c| matches!(c, '"' | '\'')) else {
            continue;
        };
        let Some(pattern) = rest[1..].split(quote).next() else {
            continue;
        };
        if !pattern.is_empty() && !pattern.contains(['\'', '"', ';', '&', '|', '`', '$']) {
            crate::judge_shell(&format!("rm -f {pattern}"), depth + 1, ctx, out);
        }
    }
}

/// The libraries an interpreter loads before its inline code (`perl -MLWP::Simple`, `ruby
/// -ropen-uri -rnet/http`, `node -r axios`): the code's bare `get(URL)` or `URI.open` comes from
/// them, so they say what the code can fetch.
fn preloaded(cmd: &Cmd<'_>) -> String {
    let letters: &[&str] = match cmd.program {
        "perl" => &["-M", "-m"],
        "ruby" => &["-r"],
        "node" | "nodejs" | "bun" => &["-r", "--require", "--import"],
        _ => return String::new(),
    };
    let mut out = String::new();
    let mut words = cmd.words().peekable();
    while let Some(w) = words.next() {
        for l in letters {
            if w == *l {
                out.extend(words.peek().copied());
            } else if let Some(v) = w.strip_prefix(l) {
                out.push_str(v.trim_start_matches('='));
            } else {
                continue;
            }
            out.push(' ');
        }
    }
    out
}

/// Judges inline interpreter code: shell strings run, trees deleted, secrets read, code fetched
/// and run.
pub fn code(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    code_with(body, "", depth, ctx, out);
}

/// [`code`], with the libraries the interpreter loaded first ([`preloaded`]).
fn code_with(body: &str, preloaded: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    // SDK batch calls and per-item calls in a loop over a listing (fanout).
    super::fanout::code(body, out);
    for call in SHELL_CALLS {
        // `match_indices` sets up a searcher: only for a call the body holds.
        if !has(body, call) {
            continue;
        }
        for (at, _) in body.match_indices(call) {
            let rest = &body[at + call.len()..];
            let args = call_args(rest);
            if !args.is_empty() {
                let joined = args.join(" ");
                crate::judge_shell(&joined, depth + 1, ctx, out);
            }
        }
    }
    // Perl and Ruby backticks.
    if body.contains('`') {
        for piece in body.split('`').skip(1).step_by(2) {
            crate::judge_shell(piece, depth + 1, ctx, out);
        }
    }
    // A tree's delete is `rm -rf`'s, a file's `rm`'s (trees first, as they are judged so).
    for (calls, rm) in [(TREE_DELETES, "rm -rf"), (FILE_DELETES, "rm")] {
        for call in calls {
            // `match_indices` sets up a searcher: only for a call the body holds.
            if !has(body, call) {
                continue;
            }
            for (at, _) in body.match_indices(call) {
                // `dbutils.fs.rm`: Databricks' own, graded in `databricks.rs`.
                if body[..at].ends_with("dbutils.") {
                    continue;
                }
                let rest = &body[at + call.len()..];
                let resolved = resolved_operand(rest, body);
                let old = call_args(rest)
                    .into_iter()
                    .next()
                    .filter(|p| !(resolved.is_some() && module_name(p)));
                if let Some(path) = &old {
                    let line = format!("{rm} {}", quote(path));
                    crate::judge_shell(&line, depth + 1, ctx, out);
                }
                if let Some(p) = resolved.filter(|r| Some(r) != old.as_ref()) {
                    crate::judge_shell(&format!("{rm} {}", quote(&p)), depth + 1, ctx, out);
                }
            }
        }
    }
    delete_calls(body, depth, ctx, out);
    globbed_deletes(body, depth, ctx, out);
    placed_secrets(body, ctx, out);
    // A store client's or an ORM's delete of a whole collection, index, table or database.
    super::data_stores::client_calls(body, out);
    super::path_objects::judge(body, depth, ctx, out);
    // Frameworks' whole-store calls, listings deleted item by item, processes killed.
    super::runtimes::calls(body, depth, ctx, out);
    // Databricks' file system and Delta tables, SDKs' deletes of a whole container, sends of
    // secrets or people's records, and code loaded from elsewhere.
    super::databricks::calls(body, depth, ctx, out);
    super::sdk_deletes::calls(body, out);
    super::code_sends::judge(body, out);
    super::loaded_code::judge(body, out);
    // A MongoDB driver's calls are the mongo shell's (`coll.deleteMany({})`,
    // `coll.bulkWrite([{ deleteMany: { filter: {} } }])`, `db.runCommand(...)`).
    if [
        "deleteMany",
        "bulkWrite",
        "runCommand",
        "dropDatabase",
        "updateMany",
        "db.",
    ]
    .iter()
    .any(|k| has(body, k))
    {
        crate::sql::clients::judge_mongo(body, out);
    }
    crate::sql::cypher::judge_gremlin(body, out);
    let literals = string_literals(body);
    for l in &literals {
        if crate::looks_like_sql(l.trim()) || crate::sql::cypher::is_graph_delete(l) {
            out.extend(crate::sql::judge_sql(l));
        }
        if let Some(what) = paths::secret(l) {
            out.push(finding(
                Family::Secrets,
                "secrets.read",
                Severity::Confirm,
                format!("inline code opens {l}: {what}"),
            ));
            ctx.secret_read = Some(l.clone());
        }
        if let Some(what) = paths::airlock_state(l) {
            out.push(finding(
                Family::Tampering,
                "tampering.state",
                Severity::Stop,
                format!("inline code touches {l}: {what}"),
            ));
        }
    }
    let sends = [
        "requests.post",
        "requests.put",
        "httpx.post",
        "urlopen(",
        "fetch(",
        "axios.post",
        // `require('axios').post(`, `session.post(`, `client.put(`.
        ").post(",
        ").put(",
        "session.post",
        "client.post",
        "http.request",
        "https.request",
        "smtplib",
        "socket.send",
        "sendall",
        "Net::HTTP.post",
        "LWP::UserAgent",
        "ftplib",
    ]
    .iter()
    .any(|k| body.contains(k));
    if sends {
        // A file the code reads, sent to a URL it names: the upload `curl -F f=@FILE URL`
        // would be, judged as that (drop sites, secrets, known services, local hosts).
        let url = literals
            .iter()
            .find(|l| l.starts_with("https://") || l.starts_with("http://"));
        let read = READS.iter().find_map(|call| {
            body.match_indices(call).find_map(|(at, _)| {
                call_args(&body[at + call.len()..])
                    .into_iter()
                    .next()
                    .filter(|a| !a.is_empty() && !a.contains(char::is_whitespace))
            })
        });
        if let (Some(url), Some(file)) = (url, read.as_deref())
            && paths::secret(file).is_none()
        {
            let line = format!("curl -F f=@{} {}", quote(file), quote(url));
            crate::judge_shell(&line, depth + 1, ctx, out);
        }
        if let Some(l) = literals.iter().find(|l| paths::secret(l).is_some()) {
            out.push(finding(
                Family::Exfiltration,
                "exfiltration.secret",
                Severity::Stop,
                format!("inline code reads {l} and sends data over the network"),
            ));
        } else if has(body, "os.environ") && !has(body, "os.environ.get")
            || has(body, "process.env)")
            || has(body, "JSON.stringify(process.env")
            || has(body, "%ENV")
        {
            out.push(finding(
                Family::Exfiltration,
                "exfiltration.secret",
                Severity::Stop,
                "inline code sends the environment (tokens and keys) over the network".to_owned(),
            ));
        }
    }
    // An HTTP call with a method that may change something: the object's reach, publication.
    super::reach::inline_code(body, &literals, depth, ctx, out);
    writes(body, depth, ctx, out);
    let fetches = [
        "urlopen",
        "requests.get",
        "urllib",
        "http.get",
        "https.get",
        "fetch(",
        "Net::HTTP",
        "open-uri",
        "LWP::",
        "URI.open",
        "httpx.get",
        "curl",
        "wget",
        "HTTP::Tiny",
        "Mojo::UserAgent",
        "HTTParty",
        "Faraday",
        "net/http",
        "axios",
        // Julia's `download(url)`, R's `url(...)` / `download.file`, Deno's and Bun's fetch.
        "download(",
        "download.file",
        "readLines(url",
        "GET(",
        // Groovy's `new URL(u).text`, Elixir's HTTP clients.
        ".toURL()",
        "new URL(",
        "HTTPoison",
        "Req.get",
        ":httpc",
    ]
    .iter()
    .any(|k| body.contains(k) || preloaded.contains(k))
        // PHP's stream wrappers fetch a URL given to any file function, and LWP::Simple's
        // `get` fetches one: with a URL among the code's strings they are downloads.
        || ["file_get_contents(", "fopen(", "readfile(", "get(", "get "]
            .iter()
            .any(|k| body.contains(k))
            && literals
                .iter()
                .any(|l| l.starts_with("http://") || l.starts_with("https://"));
    let runs = [
        "exec(",
        "eval(",
        // Ruby and Perl call without parentheses (`eval URI.open(u).read`, `eval get $u`).
        "eval ",
        "Function(",
        "compile(",
        "runpy",
        "import_module",
        "instance_eval",
        "runInThisContext",
        "runInNewContext",
        // A promise's text handed to eval itself (`.then(eval)`), a script compiled (`new
        // vm.Script(t)`), Julia's `include` of what `download` fetched, R's `eval(parse(...))`.
        "(eval)",
        "Script(",
        // Groovy's `evaluate`, Elixir's `Code.eval_string`, Lua's `load(...)()`.
        "evaluate(",
        "eval_string(",
        "loadstring(",
        "include(",
        "include_string(",
        "| sh",
        "|sh",
        "| bash",
    ]
    .iter()
    .any(|k| body.contains(k));
    // PHP runs a file included from a URL (`include 'http://...'`, `require_once "https://..."`).
    // R's `source(URL)` (and `sys.source`) and Julia's `include(URL)` run a script read from
    // the URL the same way.
    // JavaScript's `import('https://...')` (and Deno's static `from 'https://...'`) load and
    // run a module from the URL.
    let includes_url = ["include", "require", "source", "import", "from"]
        .iter()
        .any(|k| {
            body.match_indices(k).any(|(at, _)| {
                let rest = body[at + k.len()..].trim_start_matches("_once");
                let rest = rest.trim_start_matches(|c: char| c == '(' || c.is_whitespace());
                ["'http://", "'https://", "\"http://", "\"https://"]
                    .iter()
                    .any(|u| rest.starts_with(u))
            })
        });
    if fetches && runs || includes_url {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.fetch-and-run",
            Severity::Verify,
            "inline code fetches code from the network and runs it".to_owned(),
        ));
    }
}

/// A shell body with its positional parameters (`$0`, `$1`..`$9`, `${N}`, `"$@"`, `$*`)
/// replaced by the words given after it (`params[0]` is `$0`), quoted: what `sh -c BODY ARGS`
/// runs. Borrowed when the body uses none.
pub fn inline_positional<'b>(body: &'b str, params: &[&str]) -> std::borrow::Cow<'b, str> {
    if params.is_empty() || !body.contains('$') {
        return std::borrow::Cow::Borrowed(body);
    }
    // The raw value of a parameter name (`1`, `@`), if it is a positional one.
    let raw = |name: &str| -> Option<Vec<&str>> {
        match name {
            "@" | "*" => Some(params[1..].to_vec()),
            n if n.len() == 1 && n.as_bytes()[0].is_ascii_digit() => Some(
                params
                    .get(usize::from(n.as_bytes()[0] - b'0'))
                    .into_iter()
                    .copied()
                    .collect(),
            ),
            _ => None,
        }
    };
    let mut out = String::with_capacity(body.len() + 16);
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let quoted = b[i] == b'"' && b.get(i + 1) == Some(&b'$');
        let at = if quoted { i + 1 } else { i };
        if b[at] == b'$' {
            let rest = &body[at + 1..];
            let (name, len) = match rest.strip_prefix('{') {
                Some(r) => {
                    let end = r.find('}').unwrap_or(r.len());
                    (&r[..end], (end + 2).min(rest.len()))
                }
                None => (rest.get(..1).unwrap_or(""), 1),
            };
            if let Some(values) = raw(name) {
                let mut next = at + 1 + len;
                if quoted && b.get(next) == Some(&b'"') {
                    // `"$1"`: the whole word, quoted again.
                    next += 1;
                    out.push_str(
                        &values
                            .iter()
                            .map(|v| quote(v))
                            .collect::<Vec<_>>()
                            .join(" "),
                    );
                } else if quoted {
                    // `"$1/x"`: inside a double-quoted word that goes on.
                    out.push('"');
                    out.push_str(&values.join(" ").replace(['"', '$', '`'], ""));
                } else {
                    out.push_str(
                        &values
                            .iter()
                            .map(|v| quote(v))
                            .collect::<Vec<_>>()
                            .join(" "),
                    );
                }
                i = next;
                continue;
            }
        }
        let ch = body[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    std::borrow::Cow::Owned(out)
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// A call's argument text from just after its `(` to the `)` that closes it (quotes and
/// brackets tracked), or all of `rest` when none does.
pub(crate) fn call_arguments(rest: &str) -> &str {
    let mut depth = 0_i32;
    let b = rest.as_bytes();
    let mut i = 0;
    let mut quote: Option<u8> = None;
    while i < b.len() {
        let c = b[i];
        if let Some(q) = quote {
            if c == b'\\' {
                i += 1;
            } else if c == q {
                quote = None;
            }
        } else {
            match c {
                b'\'' | b'"' | b'`' => quote = Some(c),
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    if depth == 0 {
                        return &rest[..i];
                    }
                    depth -= 1;
                }
                _ => {}
            }
        }
        i += 1;
    }
    rest
}

/// The string literals of a call's arguments (up to its closing parenthesis), plus `~` for
/// `expanduser("~")`-like calls and `Path.home()`.
fn call_args(rest: &str) -> Vec<String> {
    let inner = call_arguments(rest);
    let mut lits = string_literals(inner);
    if lits.is_empty()
        && (has(inner, "process.env.HOME")
            || has(inner, "os.homedir()")
            || has(inner, "environ['HOME']")
            || has(inner, "environ[\"HOME\"]")
            || has(inner, "getenv('HOME')")
            || has(inner, "getenv(\"HOME\")"))
    {
        lits.push("~".to_owned());
    }
    if lits.is_empty()
        && (has(inner, "home()")
            || has(inner, "homedir()")
            || has(inner, "Dir.home")
            || has(inner, "ENV['HOME']")
            || has(inner, "$ENV{HOME}"))
    {
        lits.push("~".to_owned());
    }
    if has(inner, "expanduser") || has(inner, "homedir()") || has(inner, "Path.home()") {
        for l in &mut lits {
            if !l.starts_with('~') && (l.is_empty() || l.starts_with('/')) && has(inner, "home") {
                *l = format!("~{l}");
            }
        }
    }
    if inner.trim() == "'/'" || inner.trim() == "\"/\"" {
        lits = vec!["/".to_owned()];
    }
    lits
}

/// The string literals of a piece of code (single, double or back quotes, and Perl's quote
/// operators `q{...}`, `qq(...)`, `q[...]`, `q<...>`, `q!...!`, `q/.../`, which are strings as
/// surely as `'...'` is).
fn string_literals(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let q = b[i];
        if q == b'q'
            && (i == 0
                || !(b[i - 1].is_ascii_alphanumeric()
                    || matches!(b[i - 1], b'_' | b'$' | b'@' | b'%' | b'.')))
            && let Some((lit, end)) = perl_quote(&b[i..])
        {
            out.push(lit);
            i += end;
            continue;
        }
        if q == b'\'' || q == b'"' {
            let mut s = Vec::new();
            i += 1;
            while i < b.len() && b[i] != q {
                if b[i] == b'\\' && i + 1 < b.len() {
                    i += 1;
                }
                s.push(b[i]);
                i += 1;
            }
            out.push(String::from_utf8_lossy(&s).into_owned());
        }
        i += 1;
    }
    out
}

/// A Perl quote operator at the start of `b` (`q{...}`, `qq(...)`, `q!...!`): its text and the
/// length of the whole operator. Bracketing delimiters nest, as Perl lets them.
fn perl_quote(b: &[u8]) -> Option<(String, usize)> {
    let mut k = 1;
    if b.get(1) == Some(&b'q') {
        k = 2;
    }
    let open = *b.get(k)?;
    let close = match open {
        b'{' => b'}',
        b'(' => b')',
        b'[' => b']',
        b'<' => b'>',
        b'!' | b'/' | b'|' | b'#' | b'~' | b'^' => open,
        _ => return None,
    };
    let mut depth = 0_usize;
    let mut j = k + 1;
    let mut s = Vec::new();
    while j < b.len() {
        let c = b[j];
        if c == b'\\' && j + 1 < b.len() {
            s.push(b[j + 1]);
            j += 2;
            continue;
        }
        if c == close && depth == 0 {
            return Some((String::from_utf8_lossy(&s).into_owned(), j + 1));
        }
        if open != close {
            if c == open {
                depth += 1;
            } else if c == close {
                depth -= 1;
            }
        }
        s.push(c);
        j += 1;
    }
    None
}

/// PowerShell running what it downloads: `iex (irm URL)`, `irm URL | iex`,
/// `Invoke-Expression (Invoke-WebRequest URL).Content`, `(New-Object Net.WebClient)
/// .DownloadString(URL) | iex`, `& ([scriptblock]::Create((irm URL)))`, in a `-Command` body,
/// an `-EncodedCommand` (base64 of UTF-16), or typed into PowerShell itself. PowerShell's
/// commands and aliases are case-insensitive, so its words are compared folded.
fn powershell(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    let mut text = String::new();
    // `irm URL | iex`: what is piped in comes from the commands before it in the pipeline.
    if cmd.piped_in {
        let pipeline = s.commands[index].pipeline;
        for c in s.commands[..index]
            .iter()
            .filter(|c| c.pipeline == pipeline)
        {
            for w in &c.words {
                text.push_str(w);
                text.push(' ');
            }
        }
    }
    if cmd.program == "iex" || cmd.program == "invoke-expression" {
        text.push_str("iex ");
    }
    let mut words = cmd.words();
    while let Some(w) = words.next() {
        let lower = w.to_ascii_lowercase();
        if matches!(lower.as_str(), "-e" | "-ec" | "-enc" | "-encodedcommand")
            && let Some(decoded) = words.next().and_then(decode_base64)
        {
            // UTF-16LE of ASCII text: every other byte is NUL.
            text.extend(decoded.chars().filter(|&c| c != '\0'));
        } else {
            text.push_str(w);
        }
        text.push(' ');
    }
    powershell_text(&text, cmd.program, out);
}

/// PowerShell's `-EncodedCommand` (any prefix PowerShell accepts: `-e`, `-ec`, `-en`, `-enc`,
/// ...): base64 of the script's UTF-16LE text. The script is judged as the command line it is
/// (`powershell -enc <Stop-Computer -Force>` is a shutdown), and hiding it is noted.
fn powershell_encoded(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let mut words = cmd.words();
    while let Some(w) = words.next() {
        let lower = w.to_ascii_lowercase();
        let Some(name) = lower.strip_prefix('-').or_else(|| lower.strip_prefix('/')) else {
            continue;
        };
        let encoded =
            name == "e" || name == "ec" || name.len() >= 2 && "encodedcommand".starts_with(name);
        if !encoded {
            continue;
        }
        if let Some(decoded) = words.next().and_then(decode_base64) {
            let script: String = decoded.chars().filter(|&c| c != '\0').collect();
            run_decoded_powershell(&script, depth, ctx, out);
        }
        return;
    }
}

/// A decoded PowerShell script: the hiding noted, the script judged as a command line.
fn run_decoded_powershell(script: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if script.trim().is_empty() {
        return;
    }
    out.push(finding(
        Family::RemoteCode,
        "remote-code.decoded-payload",
        Severity::Confirm,
        format!(
            "PowerShell runs a decoded payload: {}",
            crate::cut(script, 80)
        ),
    ));
    crate::judge_shell(script, depth + 1, ctx, out);
}

/// `Invoke-Expression` (`iex`, `[scriptblock]::Create`) of `[Convert]::FromBase64String('...')`
/// decoded to text: the literal decoded (UTF-8, or UTF-16LE as `[Text.Encoding]::Unicode`
/// gives) and judged as the command line it runs. Every command line passes here: one
/// case-insensitive scan for `frombase64string` first.
pub fn powershell_base64_line(text: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let bytes = text.as_bytes();
    const NEEDLE: &[u8] = b"frombase64string";
    let Some(at) = bytes
        .windows(NEEDLE.len())
        .position(|w| w.eq_ignore_ascii_case(NEEDLE))
    else {
        return;
    };
    let lower = text.to_ascii_lowercase();
    let runs = lower.contains("iex")
        || lower.contains("invoke-expression")
        || lower.contains("[scriptblock]::create");
    if !runs {
        return;
    }
    let after = &text[at + NEEDLE.len()..];
    let Some(open) = after.find(['\'', '"']) else {
        return;
    };
    let quote = &after[open..open + 1];
    let body = &after[open + 1..];
    let Some(close) = body.find(quote) else {
        return;
    };
    if let Some(decoded) = decode_base64(&body[..close]) {
        let script: String = decoded.chars().filter(|&c| c != '\0').collect();
        run_decoded_powershell(&script, depth, ctx, out);
    }
}

/// The whole text of a command line, for PowerShell's `Invoke-Expression (Invoke-RestMethod
/// URL)`, whose parenthesized download a POSIX shell parser reads as a subshell of its own.
pub fn powershell_line(text: &str, out: &mut Vec<Finding>) {
    // Every command line passes here: a scan without allocating, for `iex` (which
    // `invoke-expression` and a `[scriptblock]::create((irm ...))` need beside it anyway) or
    // `scriptblock`.
    let has = |needle: &[u8]| {
        text.as_bytes()
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle))
    };
    // Each name holds an `x` or a `k`: a line with neither (most) is passed over in one read.
    let may = text.bytes().any(|b| matches!(b | 0x20, b'x' | b'k'));
    if may && (has(b"iex") || has(b"expression") || has(b"scriptblock")) {
        powershell_text(text, "PowerShell", out);
    }
}

/// Whether PowerShell text runs (`iex`, `Invoke-Expression`, `[scriptblock]::Create`) what it
/// downloads (`irm`, `iwr`, their long names, `curl`/`wget` aliases, `Net.WebClient`).
fn powershell_text(text: &str, who: &str, out: &mut Vec<Finding>) {
    let text = text.to_ascii_lowercase();
    let tokens = || {
        text.split(|c: char| {
            c.is_whitespace()
                || matches!(
                    c,
                    '(' | ')' | '|' | ';' | '{' | '}' | '&' | '\'' | '"' | '='
                )
        })
    };
    let runs = tokens().any(|t| matches!(t, "iex" | "invoke-expression"))
        || has(&text, "[scriptblock]::create");
    let downloads = tokens().any(|t| {
        matches!(
            t,
            "irm"
                | "iwr"
                | "invoke-restmethod"
                | "invoke-webrequest"
                | "curl"
                | "wget"
                | "start-bitstransfer"
        )
    }) || has(&text, ".downloadstring")
        || has(&text, ".downloaddata")
        || has(&text, "net.webclient");
    if runs && downloads {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.pipe-to-shell",
            Severity::Stop,
            format!(
                "{who} runs a script downloaded from the network (Invoke-Expression of a download): code no one has read"
            ),
        ));
    }
}

/// AppleScript's `do shell script "CMD"` (and Terminal's `do script "CMD"`, JXA's
/// `doShellScript("CMD")`) hands CMD to `sh -c`: the command is judged like `sh -c CMD`, and
/// `with administrator privileges` runs it as root, like `sudo sh -c CMD`. The script comes
/// from `-e` lines (one per `-e`) or a here-document; a script file is not on the line.
fn osascript(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let mut script = String::new();
    let mut words = cmd.words();
    while let Some(w) = words.next() {
        if w == "-e" {
            script.extend(words.next());
            script.push('\n');
        }
    }
    for r in cmd.redirects {
        if matches!(r.kind, RedirectKind::HereString | RedirectKind::HereDoc) {
            script.push_str(&r.target);
            script.push('\n');
        }
    }
    for (command, admin) in apple_shell_commands(&script) {
        let line = if admin {
            format!("sudo sh -c {}", quote(&command))
        } else {
            format!("sh -c {}", quote(&command))
        };
        crate::judge_shell(&line, depth + 1, ctx, out);
    }
}

/// The shell commands an AppleScript (or JXA) text runs, each with whether it asks for
/// administrator privileges. AppleScript strings escape `"` and `\` with a backslash.
fn apple_shell_commands(script: &str) -> Vec<(String, bool)> {
    let lower = script.to_ascii_lowercase();
    let mut found = Vec::new();
    for key in ["do shell script", "do script", "doshellscript("] {
        for (at, _) in lower.match_indices(key) {
            let rest = &script[at + key.len()..];
            let Some(open) = rest.find(['"', '\'']) else {
                continue;
            };
            // Only blanks (and JXA's parenthesis) between the verb and its string.
            if !rest[..open].trim().is_empty() {
                continue;
            }
            let q = rest.as_bytes()[open];
            let mut text = String::new();
            let mut end = rest.len();
            let mut chars = rest[open + 1..].char_indices();
            while let Some((i, c)) = chars.next() {
                if c == '\\' {
                    text.extend(chars.next().map(|(_, n)| n));
                } else if c as u32 == u32::from(q) {
                    end = open + 1 + i + 1;
                    break;
                } else {
                    text.push(c);
                }
            }
            // The clause up to the end of the line: `... with administrator privileges`.
            let tail = rest[end.min(rest.len())..]
                .split('\n')
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            let admin = has(&tail, "administrator privileges")
                || has(&tail, "administratorprivileges: true")
                || has(&tail, "administratorprivileges:true");
            if !text.trim().is_empty() {
                found.push((text, admin));
            }
        }
    }
    found
}

/// Calls that open a file for writing, whose first argument is its path, with the argument
/// that holds the mode when the call takes one (Python's `open(p, 'w')`, Ruby's `File.open(p,
/// 'a')`, PHP's `fopen(p, 'w')`): without a writing mode those calls read. The others always
/// write (`fs.writeFileSync`, `File.write`, `Path(p).write_text`, `file_put_contents`).
const WRITES: &[(&str, bool)] = &[
    ("open(", true),
    ("File.open(", true),
    ("fopen(", true),
    ("io.open(", true),
    ("codecs.open(", true),
    ("writeFileSync(", false),
    ("appendFileSync(", false),
    ("writeFile(", false),
    ("appendFile(", false),
    ("createWriteStream(", false),
    ("File.write(", false),
    ("IO.write(", false),
    ("File.binwrite(", false),
    ("file_put_contents(", false),
    ("Deno.writeTextFile(", false),
    ("Bun.write(", false),
];

/// Calls that copy a file over their second argument (`shutil.copy(src, dst)`, `fs.copyFileSync`,
/// `FileUtils.cp`, PHP's `copy`).
const COPIES: &[&str] = &[
    "shutil.copy(",
    "shutil.copyfile(",
    "shutil.copy2(",
    "shutil.move(",
    "copyFileSync(",
    "FileUtils.cp(",
    "FileUtils.mv(",
    "os.replace(",
    "os.rename(",
    "renameSync(",
];

/// A file that inline code writes is judged like the shell's redirection to it (`echo ... >
/// PATH`, `>> PATH` for an append): sudoers, authorized_keys, a shell startup file, the agent
/// host's hook settings or airlock's policy are the same target whichever language opens them.
/// The path is a string literal, a name bound to one earlier in the code (`p='x.json'; ...
/// open(p,'w')`), or the home joined to one (`os.homedir()+'/.ssh/authorized_keys'`,
/// `os.path.expanduser('~/.bashrc')`, `Path.home()/'.zshrc'`).
fn writes(body: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let mut targets: Vec<(String, bool)> = Vec::new();
    for (call, moded) in WRITES {
        for (at, _) in body.match_indices(call) {
            // `os.open(`/`File.open(` contain `open(`: the longer name is its own entry, so
            // `open(` must start a name (not follow a letter or a dot of another call).
            if *call == "open("
                && body[..at].chars().next_back().is_some_and(|c| {
                    c.is_alphanumeric() || c == '_' || c == '.' && !body[..at].ends_with("io.")
                })
            {
                continue;
            }
            let args = top_level_args(&body[at + call.len()..]);
            let Some(first) = args.first() else { continue };
            let (path, append) = if *moded {
                let Some(append) = write_mode(&args[1..]) else {
                    continue;
                };
                (path_of(first, body), append)
            } else {
                (path_of(first, body), call.starts_with("append"))
            };
            targets.extend(path.map(|p| (p, append)));
        }
    }
    // Path objects: `Path('~/.zshrc').write_text(...)`, `pathlib.Path(p).open('w')`.
    for method in [
        ".write_text(",
        ".write_bytes(",
        ".open('w",
        ".open(\"w",
        ".open('a",
        ".open(\"a",
    ] {
        for (at, _) in body.match_indices(method) {
            let before = &body[..at];
            let Some(open) = before.rfind("Path(") else {
                continue;
            };
            let args = top_level_args(&before[open + 5..]);
            let home = before[open..].contains(".home()");
            let path = if home && args.is_empty() {
                // `Path.home() / '.ssh' / 'authorized_keys'`.
                Some(format!("~/{}", string_literals(&before[open..]).join("/")))
            } else {
                args.first().and_then(|a| path_of(a, body))
            };
            targets.extend(path.map(|p| (p, method.contains('a') && !has(method, "write"))));
        }
    }
    // Perl's `open(FH, '>', PATH)`, `open my $f, '>>', PATH` and `open(FH, ">PATH")`.
    for (at, _) in body.match_indices("open") {
        let rest = body[at + 4..].trim_start_matches(['(', ' ']);
        let args = top_level_args_until(rest, ';');
        if args.len() < 2
            || !(args[0].starts_with('$')
                || args[0].starts_with("my ")
                || args[0].bytes().all(|b| b.is_ascii_uppercase() || b == b'_'))
        {
            continue;
        }
        let mode_word = string_literals(args[1])
            .into_iter()
            .next()
            .unwrap_or_default();
        let (mode, inline_path) = match mode_word.trim_start() {
            m if m.starts_with(">>") => (Some(true), m[2..].trim().to_owned()),
            m if m.starts_with('>') || m.starts_with("+>") => (
                Some(false),
                m.trim_start_matches('+')[1..].trim().to_owned(),
            ),
            _ => (None, String::new()),
        };
        let Some(append) = mode else { continue };
        let path = if inline_path.is_empty() {
            args.get(2).and_then(|a| path_of(a, body))
        } else {
            Some(inline_path)
        };
        targets.extend(path.map(|p| (p, append)));
    }
    for call in COPIES {
        for (at, _) in body.match_indices(call) {
            let args = top_level_args(&body[at + call.len()..]);
            if let Some(dst) = args.get(1).and_then(|a| path_of(a, body)) {
                targets.push((dst, false));
            }
        }
    }
    targets.sort();
    targets.dedup();
    for (path, append) in targets {
        if path.is_empty() || path.contains(char::is_whitespace) && !path.contains('/') {
            continue;
        }
        let line = format!(
            "echo _ {} {}",
            if append { ">>" } else { ">" },
            quote(&path)
        );
        let mut found = Vec::new();
        crate::judge_shell(&line, depth + 1, ctx, &mut found);
        for mut f in found {
            f.message = format!(
                "inline code writes {path} (as `{}`): {}",
                if append { ">>" } else { ">" },
                f.message
            );
            out.push(f);
        }
    }
}

/// Whether the mode arguments of an `open`-like call write, and if so whether they append:
/// a mode literal (`'w'`, `'a+'`, `"wb"`, `'x'`, `'r+'`) or `mode='w'`, `File::WRONLY`.
fn write_mode(args: &[&str]) -> Option<bool> {
    for a in args {
        let a = a.trim();
        let value = a
            .strip_prefix("mode=")
            .or_else(|| a.strip_prefix("mode ="))
            .unwrap_or(a)
            .trim();
        if has(value, "WRONLY") || has(value, "RDWR") || has(value, "O_APPEND") {
            return Some(has(value, "APPEND"));
        }
        let Some(lit) = string_literals(value).into_iter().next() else {
            continue;
        };
        if value.trim_matches(['\'', '"']) != lit || lit.is_empty() || lit.len() > 3 {
            continue;
        }
        if !lit.chars().all(|c| "rwaxbt+U".contains(c)) {
            continue;
        }
        if lit.contains('a') {
            return Some(true);
        }
        if lit.contains('w') || lit.contains('x') || lit.contains('+') {
            return Some(false);
        }
        return None;
    }
    None
}

/// The path an argument expression names: string literals joined (`'/etc/' + 'sudoers'`,
/// `os.path.join(a, b)`), a home expression in front (`os.homedir()`, `expanduser('~')`,
/// `Dir.home`, `ENV['HOME']`, `$ENV{HOME}`, `process.env.HOME`, `Path.home()`), or a name
/// bound to a literal earlier in the code (`p = '.claude/settings.json'`, `const p="..."`,
/// `my $p = "..."`).
fn path_of(arg: &str, body: &str) -> Option<String> {
    let arg = arg.trim();
    let home = [
        "homedir()",
        "expanduser",
        "Path.home()",
        "Dir.home",
        "ENV['HOME']",
        "ENV[\"HOME\"]",
        "$ENV{HOME}",
        "$ENV{'HOME'}",
        "process.env.HOME",
        "environ['HOME']",
        "environ[\"HOME\"]",
        "getenv('HOME')",
        "getenv(\"HOME\")",
    ]
    .iter()
    .any(|h| arg.contains(h));
    // Literals that name a module or a variable, not a piece of the path.
    let lits: Vec<String> = string_literals(arg)
        .into_iter()
        .filter(|l| {
            !matches!(
                l.as_str(),
                "os" | "fs" | "path" | "HOME" | "fs/promises" | "node:fs" | "node:os"
            )
        })
        .collect();
    if lits.is_empty() {
        if home {
            return Some("~".to_owned());
        }
        // A bare name: what the code bound to it.
        let name = arg.trim_start_matches(['$', '@']);
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return None;
        }
        return bound_literal(name, body).and_then(|v| path_of(&quote_literal(&v), ""));
    }
    let mut path = String::new();
    for l in &lits {
        if !path.is_empty() && !path.ends_with('/') && !l.starts_with('/') {
            path.push('/');
        }
        path.push_str(l);
    }
    if home && !path.starts_with('~') {
        path = if path.starts_with('/') {
            format!("~{path}")
        } else {
            format!("~/{path}")
        };
    }
    Some(path)
}

fn quote_literal(v: &str) -> String {
    format!("\"{}\"", v.replace('"', ""))
}

/// The literal the code assigns to `name` (`name = '...'`, `name="..."`, `const name = '...'`,
/// `my $name = "..."`), the first one.
fn bound_literal(name: &str, body: &str) -> Option<String> {
    for (at, _) in body.match_indices(name) {
        let before = body[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
            continue;
        }
        let rest = body[at + name.len()..].trim_start();
        let Some(value) = rest.strip_prefix('=') else {
            continue;
        };
        if value.starts_with('=') {
            continue;
        }
        let value = value.trim_start();
        if value.starts_with(['\'', '"']) {
            return string_literals(value).into_iter().next();
        }
        // `p = os.path.expanduser('~/.bashrc')`: the expression's path.
        let end = value.find([';', '\n']).unwrap_or(value.len());
        return path_of(&value[..end], "");
    }
    None
}

/// The top-level arguments of a call (its text after the opening parenthesis), split at
/// commas outside quotes and brackets, up to its closing parenthesis.
fn top_level_args(rest: &str) -> Vec<&str> {
    top_level_args_until(rest, ')')
}

fn top_level_args_until(rest: &str, close: char) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut end = rest.len();
    for (i, c, depth) in outside_strings(rest, QUOTES_BACKTICK_ESCAPED) {
        if depth == 0 && (c == close as u8 || matches!(c, b';' | b'\n' | b')' | b']' | b'}')) {
            end = i;
            break;
        }
        if c == b',' && depth == 0 {
            out.push(rest[start..i].trim());
            start = i + 1;
        }
    }
    let last = rest[start..end].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}
