//! Scripts written a step before and run through a program's own script option (holdout10
//! analysis, "What this says" 4). [`super::carried`] keeps the text an earlier command wrote
//! into a file; a program that reads that file as its commands runs that text, so the text is
//! judged in the program's language. Which option names the script file, and what language its
//! lines are in, is each program's documentation, written here as one table read by program
//! name ([`SCRIPT_OPTIONS`]), so one lookup decides and nothing runs for other programs.
//!
//! (psql `-f`, sqlite3 `-init` / `.read`, diskpart `/s`, crontab's file and any program's
//! stdin redirected from a file were read before this table, in [`super::carried::script_texts`]
//! and [`super::stdin`]; the shells' script operands in [`super::carried`].)

use super::{Cmd, Context};
use crate::finding::Finding;

/// The language a program reads its script file in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Language {
    /// SQL statements (or a mongo shell's calls): the SQL reader.
    Sql,
    /// Each line is one of the program's own commands: judged as `PROGRAM LINE`.
    Own,
    /// Each line is a file-transfer command (sftp, lftp, ftp batches).
    Transfer,
    /// Shell command lines (run later by `at -f`, or now).
    Shell,
    /// Code in the interpreter's own language (`python3 x.py`).
    Code,
    /// cmd.exe or PowerShell lines (`cmd /c x.bat`, `pwsh -File x.ps1`).
    Windows,
    /// An iptables ruleset in iptables-save's format, loaded whole ([`ruleset`]).
    Ruleset,
    /// An Ansible playbook: its tasks' shell and command modules run on the hosts
    /// ([`playbook_commands`]).
    Playbook,
}

/// `(program, options whose value is the script file, language)`. An option ending in `:`
/// carries its value glued (`ftp -s:FILE`); `@` stands for sqlplus's `@FILE` operand; `1`
/// for the first operand (mongosh's `FILE.js`, python's `FILE.py`).
const SCRIPT_OPTIONS: &[(&str, &[&str], Language)] = &[
    // SQL clients (each one's reference: "run the statements of FILE"). psql's `-f` and
    // mysql's stdin are read in `carried`; their include commands given inline here.
    ("psql", &[], Language::Sql),
    ("mysql", &[], Language::Sql),
    ("mariadb", &[], Language::Sql),
    ("sqlcmd", &["-i", "--input-file"], Language::Sql),
    ("osql", &["-i"], Language::Sql),
    ("isql", &["-i", "--input-file"], Language::Sql),
    ("sqlplus", &["@"], Language::Sql),
    ("sql", &["@"], Language::Sql),
    ("clickhouse-client", &["--queries-file"], Language::Sql),
    ("clickhouse", &["--queries-file"], Language::Sql),
    ("cqlsh", &["-f", "--file"], Language::Sql),
    ("mysqlsh", &["-f", "--file"], Language::Sql),
    ("snowsql", &["-f", "--filename"], Language::Sql),
    ("trino", &["-f", "--file"], Language::Sql),
    ("presto", &["-f", "--file"], Language::Sql),
    ("hive", &["-f", "-i"], Language::Sql),
    ("beeline", &["-f", "-i"], Language::Sql),
    ("spark-sql", &["-f", "-i"], Language::Sql),
    ("impala-shell", &["-f", "--query_file"], Language::Sql),
    ("vsql", &["-f", "--file"], Language::Sql),
    ("usql", &["-f", "--file"], Language::Sql),
    ("ysqlsh", &["-f", "--file"], Language::Sql),
    ("gsql", &["-f", "--file"], Language::Sql),
    ("db2", &["-tvf", "-f", "-tf"], Language::Sql),
    ("duckdb", &["-init"], Language::Sql),
    ("cockroach", &["-f", "--file"], Language::Sql),
    ("pgcli", &["-f"], Language::Sql),
    ("litecli", &["-e"], Language::Sql),
    ("mongosh", &["-f", "--file", "1"], Language::Sql),
    ("mongo", &["1"], Language::Sql),
    ("cypher-shell", &["-f", "--file"], Language::Sql),
    // Programs whose batch files hold their own commands, one a line.
    ("nft", &["-f", "--file"], Language::Own),
    ("ip", &["-batch", "-b"], Language::Own),
    ("tc", &["-batch", "-b"], Language::Own),
    ("bridge", &["-batch", "-b"], Language::Own),
    ("netsh", &["-f"], Language::Own),
    // Transfer clients' batch files.
    ("sftp", &["-b"], Language::Transfer),
    ("lftp", &["-f"], Language::Transfer),
    ("ftp", &["-s:"], Language::Transfer),
    // Later, unattended: at(1)'s and batch(1)'s job file.
    ("at", &["-f"], Language::Shell),
    ("batch", &["-f"], Language::Shell),
    // Interpreters' script operand.
    ("python", &["1"], Language::Code),
    ("python3", &["1"], Language::Code),
    ("node", &["1"], Language::Code),
    ("ruby", &["1"], Language::Code),
    ("perl", &["1"], Language::Code),
    ("php", &["1", "-f"], Language::Code),
    ("cmd", &["/c", "/k"], Language::Windows),
    // iptables-restore(8) and its variants load a ruleset file (operand or stdin); ipset's
    // restore file holds its own commands.
    ("iptables-restore", &[], Language::Ruleset),
    ("ip6tables-restore", &[], Language::Ruleset),
    ("iptables-legacy-restore", &[], Language::Ruleset),
    ("ip6tables-legacy-restore", &[], Language::Ruleset),
    ("iptables-nft-restore", &[], Language::Ruleset),
    ("ip6tables-nft-restore", &[], Language::Ruleset),
    ("ipset", &["-f", "-file"], Language::Own),
    // ansible-playbook(1): every operand is a playbook.
    ("ansible-playbook", &[], Language::Playbook),
    ("cscript", &["1"], Language::Windows),
];

/// Judges the scripts `cmd` runs whose text an earlier command or step wrote.
pub fn judge(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if ctx.file_texts.is_empty() {
        return;
    }
    let Some(&(program, options, language)) =
        SCRIPT_OPTIONS.iter().find(|(p, _, _)| *p == cmd.program)
    else {
        return;
    };
    let mut texts: Vec<(String, String)> = Vec::new();
    let mut files = script_files(cmd, options);
    if language == Language::Sql {
        files.extend(included_files(cmd));
    }
    // A check, a syntax check or a listing runs no task.
    if language == Language::Playbook {
        if cmd.has(&[
            "-C",
            "--check",
            "--syntax-check",
            "--list-tasks",
            "--list-hosts",
            "--list-tags",
        ]) {
            return;
        }
        files.extend(cmd.operands(&[
            "-i",
            "--inventory",
            "-l",
            "--limit",
            "-e",
            "--extra-vars",
            "-u",
            "--user",
            "-t",
            "--tags",
            "--skip-tags",
            "-f",
            "--forks",
            "--vault-id",
            "--vault-password-file",
            "-c",
            "--connection",
            "-T",
            "--timeout",
            "--become-user",
            "--private-key",
            "-M",
            "--module-path",
            "--start-at-task",
        ]));
    }
    // A test run (`--test`) loads nothing.
    if language == Language::Ruleset {
        if cmd.has(&["-t", "--test"]) {
            return;
        }
        files.extend(
            cmd.operands(&[
                "-w",
                "--wait",
                "-W",
                "--wait-interval",
                "-M",
                "--modprobe",
                "-T",
                "--table",
            ])
            .chain(
                cmd.redirects
                    .iter()
                    .filter(|r| r.kind == crate::shell::RedirectKind::Read)
                    .map(|r| &*r.target),
            ),
        );
    }
    for file in files {
        if let Some(text) = super::carried::file_text(ctx, file) {
            texts.push((file.to_owned(), text.to_owned()));
        }
    }
    for (file, text) in texts {
        let mut found = Vec::new();
        match language {
            Language::Sql => found.extend(crate::sql::judge_sql(&text)),
            Language::Own => {
                for line in text.lines().map(str::trim) {
                    if !line.is_empty() && !line.starts_with('#') {
                        crate::judge_shell(
                            &format!("{program} {line}"),
                            depth + 1,
                            ctx,
                            &mut found,
                        );
                    }
                }
            }
            Language::Transfer => {
                let host = cmd
                    .operands(&["-b", "-f", "-P", "-i", "-o", "-F", "-u", "-p"])
                    .find(|o| !o.starts_with("-s:"))
                    .unwrap_or("remote-host");
                let host = host.split_once(':').map_or(host, |(h, _)| h);
                for line in text.lines() {
                    super::stdin::transfer_line(program, line, host, depth, ctx, &mut found);
                }
            }
            Language::Shell => crate::judge_shell(&text, depth + 1, ctx, &mut found),
            Language::Code => super::interpreters::code(&text, depth, ctx, &mut found),
            Language::Windows => super::windows::line(&text, depth + 1, ctx, &mut found),
            Language::Playbook => {
                for line in playbook_commands(&text) {
                    crate::judge_shell(line, depth + 1, ctx, &mut found);
                }
            }
            Language::Ruleset => {
                let noflush = cmd.has(&["-n", "--noflush"]);
                let tool = if program.starts_with("ip6") {
                    "ip6tables"
                } else {
                    "iptables"
                };
                for line in ruleset(&text, tool, noflush) {
                    crate::judge_shell(&line, depth + 1, ctx, &mut found);
                }
            }
        }
        for mut f in found {
            f.message = format!(
                "{program} runs {file}, which an earlier step wrote ({}): {}",
                crate::cut(text.trim(), 60).replace(['\n', '\r'], "; "),
                f.message
            );
            out.push(f);
        }
    }
}

/// What loading an iptables-save ruleset amounts to, when it opens the host: a filter table
/// (flushed first, unless `--noflush`) whose INPUT chain accepts by policy (`:INPUT ACCEPT
/// [0:0]`) and sends nothing to DROP or REJECT (or to a chain of its own) is `iptables -P INPUT
/// ACCEPT` with INPUT flushed. A ruleset that filters is left to the reading of the restore
/// itself (its rules replace the firewall's, confirmed): judged rule by rule, its ordinary
/// lines (`-P OUTPUT ACCEPT`, an SSH port opened) would read as holes they are not.
fn ruleset(text: &str, tool: &str, noflush: bool) -> Vec<String> {
    let mut table = "filter";
    let mut input_policy: Option<&str> = None;
    let mut input_filters = false;
    let mut filter_seen = false;
    for l in text.lines().map(str::trim) {
        if let Some(t) = l.strip_prefix('*') {
            table = t.trim();
            filter_seen |= table == "filter";
        } else if let Some(chain) = l.strip_prefix(':') {
            let mut parts = chain.split_whitespace();
            if table == "filter" && parts.next() == Some("INPUT") {
                input_policy = parts.next();
            }
        } else if table == "filter" && (l.starts_with("-A INPUT") || l.starts_with("-I INPUT")) {
            let target = l
                .split_once(" -j ")
                .map_or("", |(_, t)| t.split_whitespace().next().unwrap_or(""));
            input_filters |= !matches!(target, "ACCEPT" | "RETURN" | "LOG" | "");
        }
    }
    if filter_seen && !noflush && input_policy.is_none_or(|p| p == "ACCEPT") && !input_filters {
        vec![
            format!("{tool} -P INPUT ACCEPT"),
            format!("{tool} -F INPUT"),
        ]
    } else {
        Vec::new()
    }
}

/// The command lines a playbook's tasks run through the shell, command and raw modules (short
/// or `ansible.builtin.` names, or their `cmd:` argument), one a line; a block scalar (`|`,
/// `>`) is not followed.
fn playbook_commands(text: &str) -> Vec<&str> {
    const MODULES: &[&str] = &[
        "shell:",
        "command:",
        "raw:",
        "ansible.builtin.shell:",
        "ansible.builtin.command:",
        "ansible.builtin.raw:",
        "cmd:",
    ];
    text.lines()
        .filter_map(|l| {
            let l = l.trim().trim_start_matches("- ").trim();
            let rest = MODULES.iter().find_map(|m| l.strip_prefix(m))?;
            let command = rest.trim().trim_matches(['"', '\'']);
            (!command.is_empty() && !command.starts_with(['|', '>'])).then_some(command)
        })
        .collect()
}

/// The files a SQL client's inline commands include (`psql -c '\i F'`, `\ir`, `\include`;
/// `mysql -e 'source F'`, `\. F`; sqlplus's and sqlcmd's `@F` / `:r F`; `.read F`).
fn included_files<'c>(cmd: &Cmd<'c>) -> Vec<&'c str> {
    // sqlcmd's query options are `-Q` / `-q`; psql's `-q` is quiet, so not read there.
    let names: &[&str] = if matches!(cmd.program, "sqlcmd" | "osql" | "isql") {
        &["-Q", "-q"]
    } else {
        &["-c", "--command", "-e", "--execute"]
    };
    let Some(inline) = cmd.value(names) else {
        return Vec::new();
    };
    inline
        .split([';', '\n'])
        .filter_map(|part| {
            let part = part.trim();
            let (command, file) = part.split_once(char::is_whitespace)?;
            matches!(
                command.to_ascii_lowercase().as_str(),
                "\\i"
                    | "\\ir"
                    | "\\include"
                    | "\\include_relative"
                    | "source"
                    | "\\."
                    | ".read"
                    | ":r"
                    | "start"
            )
            .then(|| file.trim().trim_matches(['\'', '"']))
        })
        .collect()
}

/// The files `cmd` reads as its script, by the program's options.
fn script_files<'c>(cmd: &Cmd<'c>, options: &[&str]) -> Vec<&'c str> {
    let mut files = Vec::new();
    let mut words = cmd.words().peekable();
    let mut first_operand = true;
    while let Some(w) = words.next() {
        if options.iter().any(|o| o.eq_ignore_ascii_case(w)) {
            files.extend(words.next());
            continue;
        }
        if let Some(glued) = options.iter().find_map(|o| {
            let o = o.strip_suffix(':').filter(|_| o.ends_with(':'))?;
            let head = w.get(..o.len() + 1)?;
            head.eq_ignore_ascii_case(&format!("{o}:"))
                .then(|| &w[o.len() + 1..])
        }) {
            files.push(glued);
            continue;
        }
        if options.contains(&"@")
            && let Some(f) = w.strip_prefix('@')
        {
            files.push(f);
            continue;
        }
        if let Some((name, value)) = w.split_once('=')
            && options.contains(&name)
        {
            files.push(value);
            continue;
        }
        if !w.starts_with('-') && first_operand {
            first_operand = false;
            if options.contains(&"1") {
                files.push(w);
            }
        }
    }
    files
}

/// Records what a PowerShell statement writes into a file (`Set-Content F "..."`, `Add-Content
/// F -Value "..."`, `"..." | Out-File F`): PowerShell's `` `n `` line breaks are real ones by
/// then (the Windows reader's quoting). The file is recorded as written and as the POSIX reader
/// spells it (backslashes dropped), so either reading of the later command finds it.
pub fn record_windows(
    program: &str,
    words: &[String],
    upstream: Option<&[String]>,
    ctx: &mut Context,
) {
    let (append, piped) = match program {
        "set-content" => (false, false),
        "add-content" | "ac" => (true, false),
        "out-file" => (
            words.iter().any(|w| w.eq_ignore_ascii_case("-append")),
            true,
        ),
        _ => return,
    };
    let mut path = None;
    let mut value = None;
    let mut positional = Vec::new();
    let mut it = words.iter();
    while let Some(w) = it.next() {
        let lower = w.to_ascii_lowercase();
        match lower.as_str() {
            "-path" | "-literalpath" | "-filepath" | "-lp" => path = it.next(),
            "-value" => value = it.next(),
            "-encoding" | "-width" | "-stream" => {
                it.next();
            }
            _ if w.starts_with('-') && w.len() > 1 => {}
            _ => positional.push(w),
        }
    }
    let mut positional = positional.into_iter();
    let Some(path) = path.or_else(|| positional.next()) else {
        return;
    };
    let text = if piped {
        // The upstream statement is the text itself (a string) or an echo of it.
        upstream.and_then(|u| match u {
            [only] => Some(only.clone()),
            [echo, rest @ ..]
                if matches!(
                    echo.to_ascii_lowercase().as_str(),
                    "echo" | "write-output" | "write"
                ) =>
            {
                Some(rest.join(" "))
            }
            _ => None,
        })
    } else {
        value.or_else(|| positional.next()).cloned()
    };
    let Some(text) = text else { return };
    let text = text.replace("\r\n", "\n");
    super::carried::write_text(ctx, path, &text, append);
    if path.contains('\\') {
        super::carried::write_text(ctx, &path.replace('\\', ""), &text, append);
    }
}

/// Whether a text pipes into PowerShell's file writers (`... | Out-File F`, `| Set-Content F`,
/// `| Add-Content F`), case-insensitively.
pub fn piped_into_file(text: &str) -> bool {
    let b = text.as_bytes();
    ["out-file", "set-content", "add-content"].iter().any(|w| {
        b.windows(w.len()).enumerate().any(|(i, win)| {
            win.eq_ignore_ascii_case(w.as_bytes())
                && b[..i].iter().rev().find(|c| !c.is_ascii_whitespace()) == Some(&b'|')
        })
    })
}
