//! What one step leaves for the next, carried by kind: an agent splits an action over steps (or
//! over the commands of one line), and the second half only means what it does with the first.
//!
//! - **Saved plans**: `terraform plan -destroy -out=F` (tofu's, terragrunt's too) saves a plan
//!   that destroys; `terraform apply F` runs it without asking (a saved plan is applied as it
//!   is), so applying F, or "apply it", is judged as the destroy it amounts to. A plain `plan
//!   -out=F` records nothing: applying it is judged as any apply of a reviewed plan.
//! - **Copies of downloads**: `cp`, `mv`, `install` and `ln` of a downloaded file carry the
//!   download mark to the new name (a directory target keeps the file's name), so running the
//!   copy, or the bare name it was installed under on the PATH (`install -m 755 /tmp/kit.sh
//!   ~/.local/bin/kit && kit setup`), is running the download.
//! - **Dumps**: what a database dump writes (`pg_dump -f F`, `mysqldump > F`, `mongodump
//!   --archive=F`, `redis-cli --rdb F`, `sqlite3 db .dump > F`, `etcdctl snapshot save F`) is
//!   marked as a copy of the data, whatever it is called, so every sink that sends it later
//!   sends the data.
//! - **File texts**: what a command or a sentence writes into a file (`echo 'DROP TABLE users;' >
//!   x.sql`, a here-document, "write wipe.txt with 'select disk 0' and 'clean'") is kept, so a
//!   program that runs the file as its script (`bash F`, `psql -f F`, `sqlite3 db < F`,
//!   `diskpart /s F`) is judged by that text.
//! - **The step just before**: its worst finding is what "do the same on the others", "repeat
//!   that for all of them" or "now the rest" repeats ([`repeat`]), one step stricter when the
//!   repetition covers the rest of a fleet.
//!
//! Marks are kept by the file's name as well as its path (as [`Context::downloaded`] does): the
//! agent may name the file from another directory in the next step.

use super::{Cmd, Context, judge_as, paths};
use crate::finding::{Finding, Severity};
use crate::shell::{RedirectKind, Script};

/// Judges what `cmd` does with something an earlier step left: applying a saved destroy plan,
/// running a file whose text is known.
pub fn judge(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if matches!(p, "terraform" | "tofu" | "terragrunt")
        && let Some(plan) = applied_plan(cmd, ctx)
    {
        judge_as(
            &format!("{p} apply {} (a plan saved by `plan -destroy`)", plan.0),
            &plan.1,
            depth,
            ctx,
            out,
        );
    }
    // A shell running a file whose text an earlier step wrote: the text is the program.
    let script = if super::lexicon::is(p, super::lexicon::SHELL) || matches!(p, "source" | ".") {
        if cmd.has(&["-c"]) {
            None
        } else {
            cmd.operands(&["-o", "+o", "-O", "+O"]).next().or_else(|| {
                cmd.redirects
                    .iter()
                    .find(|r| r.kind == RedirectKind::Read)
                    .map(|r| &*r.target)
            })
        }
    } else if p.starts_with("./") || p.starts_with('/') {
        Some(p)
    } else {
        None
    };
    if let Some(file) = script
        && let Some(text) = file_text(ctx, file)
    {
        let text = text.to_owned();
        let mut found = Vec::new();
        crate::judge_shell(&text, depth + 1, ctx, &mut found);
        for mut f in found {
            f.message = format!(
                "{p} {file} runs what an earlier step wrote into it ({}): {}",
                crate::cut(text.trim(), 60).replace('\n', "; "),
                f.message
            );
            out.push(f);
        }
    }
}

/// The texts of the files `cmd` reads as its script, when an earlier step wrote them: its
/// stdin redirected from a file (`sqlite3 db < F`, `mysql < F`), or the program's own script
/// option (`psql -f F`, `sqlite3 -init F` and `.read F`, `diskpart /s F`, `crontab F`).
pub fn script_texts(cmd: &Cmd<'_>, ctx: &Context) -> Vec<String> {
    if ctx.file_texts.is_empty() {
        return Vec::new();
    }
    let mut files: Vec<&str> = cmd
        .redirects
        .iter()
        .filter(|r| r.kind == RedirectKind::Read)
        .map(|r| &*r.target)
        .collect();
    match cmd.program {
        "psql" => files.extend(cmd.value(&["-f", "--file"])),
        "sqlite3" => {
            files.extend(cmd.value(&["-init"]));
            files.extend(
                cmd.words()
                    .filter_map(|w| w.trim().strip_prefix(".read "))
                    .map(str::trim),
            );
        }
        "diskpart" => {
            let mut words = cmd.words();
            while let Some(w) = words.next() {
                if w.eq_ignore_ascii_case("/s") || w.eq_ignore_ascii_case("-s") {
                    files.extend(words.next());
                }
            }
        }
        "crontab" => files.extend(cmd.operands(&["-u"]).filter(|o| *o != "-")),
        _ => {}
    }
    files
        .into_iter()
        .filter_map(|f| file_text(ctx, f).map(str::to_owned))
        .collect()
}

/// Records what `cmd` leaves for later commands and steps.
pub fn record(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &mut Context) {
    let p = cmd.program;
    if matches!(p, "terraform" | "tofu" | "terragrunt") {
        record_plan(cmd, ctx);
    }
    if p == "git" {
        record_rewrite(cmd, ctx);
    }
    if matches!(p, "cp" | "mv" | "install" | "ln") && !ctx.downloads.is_empty() {
        let copies = copies(cmd)
            .into_iter()
            .filter(|(from, _)| ctx.downloaded(from))
            .map(|(_, to)| to)
            .collect::<Vec<_>>();
        ctx.downloads.extend(copies);
    }
    if let Some((file, what)) = dump_output(cmd) {
        ctx.secret_copies.push((file.to_owned(), what));
    }
    record_text(cmd, s, index, ctx);
}

/// `git rebase`, `git commit --amend`, `git reset HEAD~2`: the branch's commits are rewritten.
fn record_rewrite(cmd: &Cmd<'_>, ctx: &mut Context) {
    let ops: Vec<&str> = cmd.operands(&["-C", "-c", "-m", "--message"]).collect();
    let rewrites = match ops.first().copied() {
        Some("rebase") => !cmd.has(&["--abort", "--quit", "--show-current-patch"]),
        Some("commit") => cmd.has(&["--amend"]),
        Some("reset") => ops[1..]
            .iter()
            .any(|o| o.contains("HEAD~") || o.contains("HEAD^") || o.contains("@~")),
        Some("filter-branch" | "filter-repo") => true,
        _ => false,
    };
    if rewrites {
        ctx.rewritten = Some(String::new());
    }
}

/// Branch words a rewrite or a push names: pushing them is pushing a shared branch.
const SHARED_BRANCHES: &[&str] = &["main", "master", "trunk", "production", "prod", "release"];

/// A clause that rewrites commits ("drop the last two commits", "squash them", "amend the
/// commit", "rebase onto main") is recorded: a push in a later clause or step needs force.
pub fn note_rewrite(clause: &str, ctx: &mut Context) {
    let lower = crate::strip_lead(clause.trim()).to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let Some(first) = words.first() else { return };
    let on_commits = words
        .iter()
        .any(|w| w.starts_with("commit") || *w == "history");
    let rewrites = matches!(*first, "squash" | "amend" | "rebase" | "fixup" | "reword")
        || matches!(
            *first,
            "drop" | "remove" | "delete" | "rewrite" | "undo" | "reset" | "edit"
        ) && on_commits;
    if rewrites && acting(clause) {
        // The branch whose commits are rewritten ("the commits on main"), not the one they
        // are replayed onto ("rebase onto main").
        let branch = words
            .windows(2)
            .find(|w| matches!(w[0], "on" | "in" | "of") && SHARED_BRANCHES.contains(&w[1]))
            .map_or(String::new(), |w| w[1].to_owned());
        ctx.rewritten = Some(branch);
    }
}

/// "push", "and push it", "push the branch" after commits were rewritten: the push must
/// force, so it is read as the force push it is ("force push", to the rewritten shared
/// branch when the push names none).
pub fn forced_push(clause: &str, ctx: &Context) -> Option<String> {
    let branch = ctx.rewritten.as_ref()?;
    let stripped = crate::strip_lead(clause.trim());
    let lower = stripped.to_ascii_lowercase();
    let first = lower.split_whitespace().next()?;
    if !matches!(first, "push" | "push," | "push." | "pushing") || !acting(clause) {
        return None;
    }
    let names_branch = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| SHARED_BRANCHES.contains(&w) || w == "to");
    Some(if branch.is_empty() || names_branch {
        format!("force {stripped}")
    } else {
        format!("force {stripped} to {branch}")
    })
}

/// `terraform plan -destroy -out=F`: F, with the command applying it amounts to.
fn record_plan(cmd: &Cmd<'_>, ctx: &mut Context) {
    let Some(plan) = cmd.operands(&[]).find(|o| *o != "run-all" && *o != "run") else {
        return;
    };
    if plan != "plan" {
        return;
    }
    let Some(file) = cmd.value(&["-out", "--out"]).or_else(|| {
        cmd.words()
            .find_map(|w| w.strip_prefix("-out=").or_else(|| w.strip_prefix("--out=")))
    }) else {
        return;
    };
    // A plan saved again under the same name replaces the earlier one.
    ctx.destroy_plans.retain(|(f, _)| f != file);
    if !cmd.has(&["-destroy", "--destroy"]) {
        return;
    }
    // The same command, destroying for real: a saved plan is applied without a prompt.
    let mut equivalent = String::from(cmd.program);
    let mut skip = false;
    for w in cmd.words() {
        if skip {
            skip = false;
            continue;
        }
        if matches!(w, "-out" | "--out") {
            skip = true;
            continue;
        }
        if matches!(w, "-destroy" | "--destroy")
            || w.starts_with("-out=")
            || w.starts_with("--out=")
            || w.starts_with("-detailed-exitcode")
        {
            continue;
        }
        equivalent.push(' ');
        equivalent.push_str(&quoted(if w == "plan" { "destroy" } else { w }));
    }
    equivalent.push_str(" -auto-approve");
    ctx.destroy_plans.push((file.to_owned(), equivalent));
}

/// The saved destroy plan `apply` is given, if any.
fn applied_plan(cmd: &Cmd<'_>, ctx: &Context) -> Option<(String, String)> {
    if ctx.destroy_plans.is_empty() {
        return None;
    }
    let mut ops = cmd
        .operands(&["-var", "-var-file", "-target", "-chdir", "-parallelism"])
        .skip_while(|o| matches!(*o, "run-all" | "run"));
    if ops.next() != Some("apply") {
        return None;
    }
    let file = ops.next()?;
    destroy_plan(ctx, file).cloned()
}

/// The saved destroy plan named `file` (by path, or by name when either has no directory).
pub fn destroy_plan<'a>(ctx: &'a Context, file: &str) -> Option<&'a (String, String)> {
    let name = paths::file_name(file.trim_start_matches("./"));
    ctx.destroy_plans.iter().rev().find(|(f, _)| {
        f == file || paths::file_name(f) == name && (!f.contains('/') || !file.contains('/'))
    })
}

/// The text an earlier step wrote into `file`.
fn file_text<'a>(ctx: &'a Context, file: &str) -> Option<&'a str> {
    let file = file.trim_start_matches("./");
    let name = paths::file_name(file);
    if name.is_empty() {
        return None;
    }
    ctx.file_texts
        .iter()
        .rev()
        .find(|(f, _)| {
            let f = f.trim_start_matches("./");
            f == file || paths::file_name(f) == name && (!f.contains('/') || !file.contains('/'))
        })
        .map(|(_, t)| t.as_str())
}

/// The (source, written path) pairs of `cp` / `mv` / `install` / `ln`: into a directory (a
/// `-t DIR`, a target ending in `/`, several sources, or a `bin` directory) the file keeps its
/// name.
fn copies<'c>(cmd: &Cmd<'c>) -> Vec<(&'c str, String)> {
    let ops: Vec<&str> = cmd
        .operands(&[
            "-m",
            "--mode",
            "-o",
            "--owner",
            "-g",
            "--group",
            "-S",
            "--suffix",
            "-t",
            "--target-directory",
        ])
        .collect();
    let (dir, sources): (Option<&str>, &[&str]) = match cmd.value(&["-t", "--target-directory"]) {
        Some(d) => (Some(d), &ops[..]),
        None => {
            let Some((last, sources)) = ops.split_last() else {
                return Vec::new();
            };
            let into_dir = last.ends_with('/')
                || sources.len() > 1
                || last.ends_with("/bin")
                || matches!(*last, "." | "..");
            if !into_dir {
                return sources.iter().map(|s| (*s, (*last).to_owned())).collect();
            }
            (Some(*last), sources)
        }
    };
    let dir = dir.unwrap_or(".").trim_end_matches('/');
    sources
        .iter()
        .map(|s| (*s, format!("{dir}/{}", paths::file_name(s))))
        .collect()
}

/// The file a database dump writes, and what it holds.
fn dump_output<'c>(cmd: &Cmd<'c>) -> Option<(&'c str, String)> {
    let p = cmd.program;
    let redirected = || {
        cmd.redirects
            .iter()
            .find(|r| matches!(r.kind, RedirectKind::Write | RedirectKind::Append))
            .map(|r| &*r.target)
            .filter(|t| !t.starts_with("/dev/"))
    };
    let file = match p {
        "pg_dump" | "pg_dumpall" => cmd.value(&["-f", "--file"]).or_else(redirected),
        "mysqldump" | "mariadb-dump" | "mysqlpump" => {
            cmd.value(&["-r", "--result-file"]).or_else(redirected)
        }
        "mongodump" => cmd.value(&["--archive", "-o", "--out"]).or_else(redirected),
        "mongoexport" => cmd.value(&["-o", "--out"]).or_else(redirected),
        "redis-cli" => cmd.value(&["--rdb"]),
        "sqlite3" => {
            let backup = cmd.words().find_map(|w| {
                w.trim()
                    .strip_prefix(".backup ")
                    .or_else(|| w.trim().strip_prefix(".save "))
                    .map(|f| f.split_whitespace().last().unwrap_or(f))
            });
            backup.or_else(|| {
                cmd.words()
                    .any(|w| w.trim().starts_with(".dump"))
                    .then(redirected)
                    .flatten()
            })
        }
        "etcdctl" => {
            let ops: Vec<&str> = cmd.operands(&["--endpoints"]).collect();
            (ops.first() == Some(&"snapshot") && ops.get(1) == Some(&"save"))
                .then(|| ops.get(2).copied())
                .flatten()
        }
        _ => None,
    }?;
    if file == "-" || file.is_empty() {
        return None;
    }
    let db = match p {
        "pg_dump" => cmd.value(&["-d", "--dbname"]).or_else(|| {
            cmd.operands(&["-f", "--file", "-h", "-p", "-U", "-F", "-t", "-n"])
                .next()
        }),
        "mysqldump" | "mariadb-dump" | "mysqlpump" => cmd
            .operands(&["-r", "--result-file", "-h", "-P", "-u"])
            .next(),
        "sqlite3" | "mongodump" | "mongoexport" => cmd.operands(&["-o", "--out"]).next(),
        _ => None,
    };
    Some((
        file,
        match db {
            Some(db) => format!("the {db} database, dumped by {p}"),
            None => format!("a database, dumped by {p}"),
        },
    ))
}

/// `echo TEXT > F`, `printf TEXT > F`, `cat > F <<EOF`, `tee F <<EOF`: F's text.
fn record_text(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &mut Context) {
    let p = cmd.program;
    let text = match p {
        "echo" => Some(
            cmd.words()
                .skip_while(|w| matches!(*w, "-e" | "-n" | "-E" | "-ne" | "-en"))
                .collect::<Vec<_>>()
                .join(" "),
        ),
        "printf" => cmd
            .words()
            .next()
            .map(|f| f.replace("\\n", "\n").replace("%s", "")),
        "cat" | "tee" => cmd
            .redirects
            .iter()
            .find(|r| matches!(r.kind, RedirectKind::HereDoc | RedirectKind::HereString))
            .map(|r| r.target.to_string())
            .or_else(|| super::stdin::piped_text(s, index)),
        _ => None,
    };
    let Some(text) = text else { return };
    let mut targets: Vec<(&str, bool)> = cmd
        .redirects
        .iter()
        .filter_map(|r| match r.kind {
            RedirectKind::Write => Some((&*r.target, false)),
            RedirectKind::Append => Some((&*r.target, true)),
            _ => None,
        })
        .filter(|(t, _)| !t.starts_with("/dev/"))
        .collect();
    if p == "tee" {
        let append = cmd.flag(b"a", &["append"]);
        targets.extend(cmd.operands(&[]).map(|o| (o, append)));
    }
    for (file, append) in targets {
        write_text(ctx, file, &text, append);
    }
}

/// Records `text` as written into `file` (after what it held, when appended).
pub fn write_text(ctx: &mut Context, file: &str, text: &str, append: bool) {
    let mut text = text.to_owned();
    if let Some(at) = ctx.file_texts.iter().rposition(|(f, _)| f == file) {
        let (_, old) = ctx.file_texts.remove(at);
        if append {
            text = format!("{old}\n{text}");
        }
    }
    ctx.file_texts.push((file.to_owned(), text));
}

/// A sentence that writes a file with quoted lines ("write wipe.txt with 'select disk 0' and
/// 'clean'", "create cleanup.sql containing \"DROP TABLE users;\""): the file's text is the
/// quoted lines, one a line.
pub fn prose_writes(text: &str, ctx: &mut Context) {
    let lower = text.to_ascii_lowercase();
    let mut words = lower.split_whitespace();
    let Some(first) = words.next() else { return };
    if !matches!(
        first,
        "write" | "create" | "make" | "save" | "put" | "add" | "generate" | "prepare"
    ) {
        return;
    }
    // The file: the first word after the verb that looks like a file name or a path.
    let Some(file) = text.split_whitespace().skip(1).take(6).find_map(|w| {
        let w = w.trim_matches(|c: char| matches!(c, ',' | ':' | ';' | '`' | '"' | '\''));
        let w = w.strip_suffix('.').unwrap_or(w);
        let name = paths::file_name(w);
        (name.contains('.') && !name.starts_with('.') && name.len() > 2
            || w.contains('/') && !w.contains("://"))
        .then_some(w)
    }) else {
        return;
    };
    let after = &text[text.find(file).map_or(0, |at| at + file.len())..];
    let lines = quoted_lines(after);
    if !lines.is_empty() {
        write_text(ctx, file, &lines.join("\n"), false);
    }
}

/// The texts in quotes ('...', "...", `...`) of a sentence, in order.
fn quoted_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        // A quote opens at a word start (not "don't"), and closes before a word end.
        let opens =
            matches!(c, b'\'' | b'"' | b'`') && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if opens && let Some(len) = text[i + 1..].find(c as char) {
            let inner = text[i + 1..i + 1 + len].trim();
            if !inner.is_empty() {
                out.push(inner);
            }
            i += len + 2;
            continue;
        }
        i += 1;
    }
    out
}

/// "apply it", "go ahead and apply", "apply the plan" after a saved destroy plan: the destroy.
pub fn prose_apply(text: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let Some((file, equivalent)) = ctx.destroy_plans.last().cloned() else {
        return;
    };
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let applies = words.iter().any(|w| matches!(*w, "apply" | "applying"))
        || words
            .iter()
            .any(|w| matches!(*w, "run" | "execute" | "ship"))
            && words.iter().any(|w| matches!(*w, "plan" | "it"));
    if !applies || !acting(text) {
        return;
    }
    judge_as(
        &format!(
            "\"{}\" after `plan -destroy -out={file}`",
            crate::cut(text, 60)
        ),
        &equivalent,
        depth,
        ctx,
        out,
    );
}

/// Whether a sentence asks for an action: not a mention ("explain what apply does"), a
/// question about it, or a negation ("don't apply it").
fn acting(text: &str) -> bool {
    let lower = crate::strip_lead(text).to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let Some(first) = words.first() else {
        return false;
    };
    let mention = crate::prose::lexicon::classes(first) & crate::prose::lexicon::class::MENTION
        != 0
        || matches!(
            *first,
            "what"
                | "why"
                | "how"
                | "explain"
                | "describe"
                | "summarize"
                | "review"
                | "should"
                | "would"
                | "did"
                | "does"
                | "is"
        );
    let negated = words.iter().any(|w| {
        matches!(
            *w,
            "don't" | "dont" | "not" | "never" | "without" | "instead" | "cancel" | "discard"
        )
    });
    !mention && !negated
}

/// "do the same on the other eleven", "repeat that for all of them", "now the rest": the step
/// just before, repeated; over the rest of a fleet (all, every, the others, the rest, a number
/// of them) one step stricter, as a mass action is.
pub fn repeat(text: &str, ctx: &Context, out: &mut Vec<Finding>) {
    let Some(last) = &ctx.last_action else {
        return;
    };
    let lower = text.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let has = |p: &str| {
        let p: Vec<&str> = p.split(' ').collect();
        words.windows(p.len()).any(|w| w == p.as_slice())
    };
    // The phrases of a repetition, not the words alone: "use the same name", "read the
    // README (again)" and "the same config" repeat nothing. "again" repeats only in a sentence
    // that says nothing else ("do it again", "run that again").
    let stripped = crate::strip_lead(text).to_ascii_lowercase();
    let opening = stripped
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| !w.is_empty())
        .unwrap_or("");
    let only_again = words.last() == Some(&"again")
        && words.iter().all(|w| {
            matches!(
                *w,
                "do" | "it"
                    | "that"
                    | "this"
                    | "again"
                    | "please"
                    | "run"
                    | "now"
                    | "ok"
                    | "once"
                    | "try"
                    | "same"
            )
        });
    let repeats = has("do the same")
        || has("same thing")
        || has("same for")
        || has("same on")
        || has("same to")
        || matches!(opening, "repeat" | "likewise" | "ditto")
        || only_again
        // "now the rest", "and the others too": a sentence of its own ("the rest of the
        // file looks fine" is not one).
        || matches!(opening, "the" | "for" | "on")
            && stripped.split_whitespace().count() <= 5
            && (has("the rest") || has("the others") || has("the remaining"))
            && !words.iter().any(|w| {
                matches!(*w, "is" | "are" | "was" | "were" | "looks" | "look" | "seems")
            });
    if !repeats || !acting(text) {
        return;
    }
    // Whole words only: `web-02` names one host, not two.
    let whole: Vec<&str> = lower
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
        .collect();
    let bulk = whole.iter().enumerate().any(|(i, w)| {
        matches!(
            *w,
            "all" | "every" | "each" | "others" | "rest" | "remaining" | "everything" | "fleet"
        ) || number_above_one(w)
            // "the other namespaces" (not "the other one").
            || *w == "other"
                && whole
                    .get(i + 1)
                    .is_some_and(|n| n.len() > 3 && n.ends_with('s') && !n.ends_with("ss"))
    });
    let severity = if bulk {
        match last.severity {
            Severity::Note | Severity::Confirm => Severity::Verify,
            Severity::Verify | Severity::Stop => Severity::Stop,
        }
    } else {
        last.severity
    };
    if severity < Severity::Confirm {
        return;
    }
    out.push(Finding {
        family: last.family,
        code: "context.repeat",
        severity,
        message: format!(
            "repeats the step before{}: {}",
            if bulk { " on many targets at once" } else { "" },
            crate::cut(&last.message, 160)
        ),
    });
}

/// "eleven", "12", "twenty": more than one target.
fn number_above_one(w: &str) -> bool {
    w.parse::<u32>().is_ok_and(|n| n > 1)
        || matches!(
            w,
            "two"
                | "three"
                | "four"
                | "five"
                | "six"
                | "seven"
                | "eight"
                | "nine"
                | "ten"
                | "eleven"
                | "twelve"
                | "twenty"
                | "dozen"
                | "hundred"
                | "both"
        )
}

/// A word quoted for a command line when it holds anything a shell would split on.
fn quoted(w: &str) -> String {
    if w.bytes()
        .all(|c| c.is_ascii_alphanumeric() || b"-_=./:@,+%".contains(&c))
    {
        w.to_owned()
    } else {
        format!("'{}'", w.replace('\'', "'\\''"))
    }
}
