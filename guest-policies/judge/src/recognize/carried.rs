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
//! - **The running environment** ([`Environment`]): the kube context selected, the settings
//!   exported (`AWS_PROFILE`, `AWS_ENDPOINT_URL`, `VAULT_ADDR`...), the clusters, databases and
//!   clones made here, ports forwarded. A later command is read with the settings its line
//!   leaves out ([`settle`]: as the options they stand for, so production selected earlier is
//!   graded as production), and what its own reader finds in a throwaway made or chosen here
//!   is noted, not graded ([`local_place`]). The latest step wins; the line wins over them.
//! - **Bindings**: variables set by an earlier step (judged both as written and as bound),
//!   aliases, shell functions, and copies of a program's binary under another name.
//! - **What a follow-up refers to** ([`follow_up`]): a message drafted to a counted group, people
//!   exported to a file, a folder listed, the branch switched to: "send it", "text all of them",
//!   a bare file name, "force push it" mean them, but only right after the step that left them.
//!
//! Marks are kept by the file's name as well as its path (as [`Context::downloaded`] does): the
//! agent may name the file from another directory in the next step.

use super::defined::Kind;
use super::{Cmd, Context, judge_as, paths};
use crate::finding::{Finding, Severity};
use crate::shell::{RedirectKind, Script};
use crate::substring::has;

/// Judges what `cmd` does with something an earlier step left: applying a saved destroy plan,
/// running a file whose text is known.
pub fn judge(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let p = cmd.program;
    // A name given to the guard's own commands (`alias ok='airlock approve'`) is the first
    // half of unlocking it: the definition is judged for tampering as what it stands for.
    if p == "alias" {
        for (name, text) in cmd.words().filter_map(|w| w.split_once('=')) {
            let mut found = Vec::new();
            crate::judge_shell(text, depth + 1, ctx, &mut found);
            for mut f in found
                .into_iter()
                .filter(|f| f.family == crate::finding::Family::Tampering)
            {
                f.message = format!(
                    "alias {name} stands for `{}`: {}",
                    crate::cut(text, 60),
                    f.message
                );
                out.push(f);
            }
        }
    }
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
    // Options, targets and hooks an environment variable carries into the command.
    super::injected::judge(cmd, depth, ctx, out);
    let script = script_file(cmd);
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

/// The file `cmd` runs as its program: a shell's (or `source`'s) script operand or redirected
/// stdin, or the program itself when it is named by a path (`./wipe.sh`, `/tmp/x`).
fn script_file<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    let p = cmd.program;
    if super::lexicon::is(p, super::lexicon::SHELL) || matches!(p, "source" | ".") {
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
    }
}

/// Whether `cmd` runs a file whose text an earlier step wrote. Such a script's options are
/// its own to ignore: `./wipe.sh --dry-run` runs every line an earlier step wrote into
/// wipe.sh, so the dry run of [`super::dry_run`] is not taken from it.
pub fn runs_written_script(cmd: &Cmd<'_>, ctx: &Context) -> bool {
    !ctx.file_texts.is_empty() && script_file(cmd).is_some_and(|f| file_text(ctx, f).is_some())
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
    record_environment(cmd, ctx);
    super::session::record(cmd, s, index, ctx);
    super::defined::record(cmd, ctx);
    super::definitions::record(cmd, ctx);
    super::throwaway::record(cmd, ctx);
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
    if matches!(p, "cp" | "install" | "ln") {
        for (from, to) in copies(cmd) {
            if let Some(program) = program_binary(from)
                && paths::file_name(&to) != program
            {
                ctx.env
                    .program_copies
                    .push((to, program.to_ascii_lowercase()));
            }
        }
    }
    if matches!(p, "cp" | "mv" | "install" | "ln") {
        record_fixture_copies(cmd, ctx);
    }
    if let Some((file, what)) = dump_output(cmd) {
        ctx.secret_copies.push((file.to_owned(), what));
    }
    if let Some((file, inputs)) = archive(cmd) {
        record_archive(file, &inputs, ctx);
    }
    record_text(cmd, s, index, ctx);
    super::listed_loops::record(cmd, s, index, ctx);
}

/// `git rebase`, `git commit --amend`, `git reset HEAD~2`: the branch's commits are rewritten.
fn record_rewrite(cmd: &Cmd<'_>, ctx: &mut Context) {
    let ops: Vec<&str> = cmd.operands(&["-C", "-c", "-m", "--message"]).collect();
    let rewrites = match ops.first().copied() {
        Some("rebase") => !cmd.has(&["--abort", "--quit", "--show-current-patch"]),
        Some("commit") => cmd.has(&["--amend"]),
        Some("reset") => ops[1..]
            .iter()
            .any(|o| has(o, "HEAD~") || has(o, "HEAD^") || has(o, "@~")),
        Some("filter-branch" | "filter-repo") => true,
        _ => false,
    };
    if rewrites {
        // The branch checked out is the one rewritten (`git switch main` then `git rebase -i`).
        let branch = ctx
            .env
            .branch
            .as_ref()
            .map(|(b, _)| b.clone())
            .filter(|b| SHARED_BRANCHES.contains(&b.as_str()))
            .unwrap_or_default();
        ctx.rewritten = Some(branch);
    }
}

/// Branch words a rewrite or a push names: pushing them is pushing a shared branch.
const SHARED_BRANCHES: &[&str] = &["main", "master", "trunk", "production", "prod", "release"];

/// Every first word with which [`note_rewrite`] can record a rewrite (both lists of its
/// `rewrites`): a word added there must be added here, or its clauses are never read.
const REWRITE_VERBS: &[&str] = &[
    "squash", "amend", "rebase", "fixup", "reword", "drop", "remove", "delete", "rewrite", "undo",
    "reset", "edit",
];

/// Whether the first non-empty word of `text`, split where `split` says, is one of `words`
/// (lower-case ASCII) in any ASCII case. The carried readers below lowercase a whole text and
/// collect its words only to look at its first word first: asked this way, a text that
/// cannot match costs no allocation. Exact for a `split` that holds for a character exactly
/// when it holds for its ASCII lowercase (every separator the readers use: whitespace,
/// punctuation, non-alphanumerics), so the words are the lowercased text's words.
fn first_word_in(text: &str, split: impl Fn(char) -> bool, words: &[&str]) -> bool {
    text.split(split)
        .find(|w| !w.is_empty())
        .is_some_and(|first| words.iter().any(|w| first.eq_ignore_ascii_case(w)))
}

/// A clause that rewrites commits ("drop the last two commits", "squash them", "amend the
/// commit", "rebase onto main") is recorded: a push in a later clause or step needs force.
pub fn note_rewrite(clause: &str, ctx: &mut Context) {
    let stripped = crate::strip_lead(clause.trim());
    // Only a clause that opens with a rewriting verb records anything (`rewrites` below):
    // its first word is compared before the clause is lowercased and split. Exact: the split
    // is on ASCII non-alphanumerics, which lowercasing keeps, so this is `words[0]`.
    if !first_word_in(stripped, |c| !c.is_ascii_alphanumeric(), REWRITE_VERBS) {
        return;
    }
    let lower = stripped.to_ascii_lowercase();
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
/// branch when the push names none). "force push it" / "push it, force it through" right
/// after a `git switch` pushes the branch switched to, by force.
pub fn forced_push(clause: &str, ctx: &Context) -> Option<String> {
    let stripped = crate::strip_lead(clause.trim());
    // `pushes` below needs the first word to be one of these: asked before any allocation.
    if !first_word_in(
        stripped,
        |c| !c.is_ascii_alphanumeric(),
        &["push", "pushing", "force"],
    ) {
        return None;
    }
    let lower = stripped.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let first = *words.first()?;
    let pushes = matches!(first, "push" | "pushing")
        || first == "force" && words.get(1).is_some_and(|w| *w == "push");
    if !pushes || !acting(clause) {
        return None;
    }
    let names_branch = words
        .iter()
        .any(|w| SHARED_BRANCHES.contains(w) || *w == "to");
    // "force it through", "force push": the agent asks for force in words.
    let asks_force = words.contains(&"force") || words.contains(&"forcefully");
    let switched = ctx
        .env
        .branch
        .as_ref()
        .filter(|(_, step)| step + 1 == ctx.env.step)
        .map(|(b, _)| b.as_str());
    let branch = match (&ctx.rewritten, switched) {
        (Some(rewritten), _) if !rewritten.is_empty() => rewritten.as_str(),
        (Some(_), Some(b)) | (None, Some(b)) if asks_force || ctx.rewritten.is_some() => b,
        (Some(_), _) => "",
        (None, _) => return None,
    };
    let forced = if first == "force" {
        stripped.to_owned()
    } else {
        format!("force {stripped}")
    };
    Some(if branch.is_empty() || names_branch {
        forced
    } else {
        format!("{forced} to {branch}")
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
pub fn file_text<'a>(ctx: &'a Context, file: &str) -> Option<&'a str> {
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

/// An archive a command makes, and the paths it puts in (a `-C DIR` before them joined on):
/// `tar -c -f A [-C DIR] IN...` (`tar czf A IN...`, `bsdtar`), `zip [-r] A IN...`, `7z a A
/// IN...` (`7za`, `7zz`, `rar a`), `ditto -c -k IN A`, `jar cf A IN...`.
fn archive<'c>(cmd: &Cmd<'c>) -> Option<(&'c str, Vec<String>)> {
    let p = cmd.program;
    let mut inputs = Vec::new();
    let file = match p {
        "tar" | "bsdtar" | "gtar" => {
            let first = cmd.args.first()?;
            // Old style (`czf`) or a bundle (`-czf`): `c` creates, a final `f` takes the file.
            let bundle = |a: &str| {
                let letters = a.strip_prefix('-').unwrap_or(a);
                !a.starts_with("--")
                    && !letters.is_empty()
                    && letters.bytes().all(|b| b.is_ascii_alphabetic())
            };
            let creates = cmd.has(&["--create"])
                || cmd
                    .args
                    .iter()
                    .any(|a| bundle(a) && a.starts_with('-') && a.contains('c'))
                || bundle(first) && !first.starts_with('-') && first.contains('c');
            if !creates {
                return None;
            }
            let mut file = None;
            let mut dir: Option<&str> = None;
            let mut it = cmd.args.iter().map(|a| &**a).enumerate().peekable();
            while let Some((i, a)) = it.next() {
                let old_style = i == 0 && bundle(a) && !a.starts_with('-');
                if a == "-C" || a == "--directory" {
                    dir = it.next().map(|(_, d)| d);
                } else if let Some(d) = a.strip_prefix("--directory=") {
                    dir = Some(d);
                } else if a == "-f" || a == "--file" {
                    file = it.next().map(|(_, f)| f);
                } else if let Some(f) = a.strip_prefix("--file=") {
                    file = Some(f);
                } else if (old_style || bundle(a) && a.starts_with('-')) && a.ends_with('f') {
                    file = it.next().map(|(_, f)| f);
                } else if matches!(
                    a,
                    "--exclude"
                        | "-X"
                        | "--exclude-from"
                        | "-T"
                        | "--files-from"
                        | "-I"
                        | "--use-compress-program"
                        | "--transform"
                        | "--owner"
                        | "--group"
                        | "--mode"
                        | "--mtime"
                        | "-b"
                ) {
                    it.next();
                } else if !a.starts_with('-') && !old_style {
                    inputs.push(joined(dir, a));
                }
            }
            file?
        }
        "zip" => {
            let mut ops = cmd.operands(&["-P", "--password", "-b", "-t", "-tt", "-n", "-x", "-i"]);
            let file = ops.next()?;
            inputs.extend(ops.map(str::to_owned));
            file
        }
        "7z" | "7za" | "7zz" | "rar" => {
            let ops: Vec<&str> = cmd.operands(&["-p"]).collect();
            let [verb, file, rest @ ..] = ops.as_slice() else {
                return None;
            };
            if !matches!(*verb, "a" | "u") {
                return None;
            }
            inputs.extend(rest.iter().map(|r| (*r).to_owned()));
            *file
        }
        "ditto" if cmd.flag(b"c", &[]) => {
            let ops: Vec<&str> = cmd.operands(&[]).collect();
            let (file, rest) = ops.split_last()?;
            inputs.extend(rest.iter().map(|r| (*r).to_owned()));
            *file
        }
        "jar" => {
            let first = cmd.args.first()?;
            if !(first.starts_with('c') || first.starts_with("-c")) || !first.contains('f') {
                return None;
            }
            let ops: Vec<&str> = cmd.operands(&[]).collect();
            let start = usize::from(!first.starts_with('-'));
            let (file, rest) = ops.get(start..)?.split_first()?;
            inputs.extend(rest.iter().map(|r| (*r).to_owned()));
            *file
        }
        _ => return None,
    };
    (!file.is_empty() && file != "-").then_some((file, inputs))
}

/// `input` as tar reads it after `-C dir`.
fn joined(dir: Option<&str>, input: &str) -> String {
    match dir {
        Some(d)
            if !input.starts_with('/') && !input.starts_with('~') && !input.starts_with('$') =>
        {
            format!("{}/{input}", d.trim_end_matches(['/', '\\']))
        }
        _ => input.to_owned(),
    }
}

/// A real file copied into a test folder (`cp exports/customers.csv tests/fixtures/`) holds
/// what it was copied from: the test folder's name lowers nothing it carries
/// ([`super::payloads::Payload::Fixture`]).
fn record_fixture_copies(cmd: &Cmd<'_>, ctx: &mut Context) {
    use super::payloads::{Payload, payload};
    for (from, to) in copies(cmd) {
        // Into a folder: the file lands under its own name.
        let last = paths::file_name(to.trim_end_matches('/'));
        let to = if to.ends_with('/') || payload(&format!("{last}/x")) == Payload::Fixture {
            format!("{}/{}", to.trim_end_matches('/'), paths::file_name(from))
        } else {
            to
        };
        if payload(&to) == Payload::Fixture {
            record_archive(&to, &[from.to_owned()], ctx);
        }
    }
}

/// What an archive holds: a secret (a key, a credentials directory, a copy of either, a
/// database dump) makes it a copy of that secret; records of people, of the business or the
/// project's source make it hold that class ([`super::defined::payload`]).
fn record_archive(file: &str, inputs: &[String], ctx: &mut Context) {
    use super::payloads::{Payload, payload_name};
    let mut holds = Payload::Other;
    for input in inputs {
        let input = input.trim_end_matches('/');
        let origin = ctx
            .secret_copy(input)
            .map(|o| format!("{input} (a copy of {o})"))
            .or_else(|| paths::secret(input).map(|w| format!("{input} ({w})")))
            .or_else(|| {
                paths::home_relative(input)
                    .filter(|r| {
                        matches!(
                            r.trim_end_matches('/'),
                            ".ssh"
                                | ".aws"
                                | ".gnupg"
                                | ".kube"
                                | ".docker"
                                | ".azure"
                                | ".config/gcloud"
                        )
                    })
                    .map(|_| format!("{input} (a credentials directory)"))
            })
            .or_else(|| paths::dump(input).then(|| format!("{input} (a data dump)")));
        if let Some(origin) = origin {
            ctx.secret_copies.push((file.to_owned(), origin));
            return;
        }
        holds = holds.max(super::defined::payload(input, ctx));
    }
    if matches!(holds, Payload::People | Payload::Business | Payload::Source) {
        let step = ctx.env.step;
        ctx.env
            .defined
            .define(Kind::Holds, file, payload_name(holds), step, None);
    }
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
        "printf" => cmd.words().next().map(|f| {
            f.replace("\\n", "\n")
                .replace("\\t", "\t")
                .replace("%s", "")
        }),
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
            || w.contains('/') && !has(w, "://"))
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
pub fn acting(text: &str) -> bool {
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
    // "do it for the rest of the list", "run that on all of them": a repeat over the set
    // an earlier step works through ([`super::defined`]).
    let over_a_set = has("the rest")
        || has("the others")
        || has("all of them")
        || has("each of them")
        || has("every one")
        || has("the remaining")
        || has("the list")
        || has("the whole list")
        || has("everyone else");
    let repeats = (has("do it") || has("do that") || has("do this") || has("run it")
        || has("run that"))
        && over_a_set
        || has("do the same")
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
    // The set's size, when the step before said it ("1 of 5", "(9,014 rows)"): a handful is
    // no mass action, whatever the words.
    let bulk = bulk
        && ctx
            .env
            .defined
            .just_before(Kind::Rows, ctx.env.step)
            .and_then(|d| d.count)
            .is_none_or(|n| n > 10);
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

/// The running environment earlier steps (and earlier commands of the line) selected or made:
/// what a program reaches when its own line names no place. Recorded from commands only, never
/// from words: an agent saying "this is my local cluster" selects nothing.
#[derive(Debug, Clone, Default)]
pub struct Environment {
    /// Variables set for later commands (`export AWS_PROFILE=prod-admin`, `TARGET=-1`), in
    /// order; `unset` removes one. Read as settings ([`SETTINGS`]) and substituted for `$NAME`.
    pub exported: Vec<(String, String)>,
    /// The kube context selected (`kubectl config use-context X`, `kubectx X`, or the cluster
    /// `kind create cluster`, `minikube start` or `k3d cluster create` just made: they select it).
    pub kube_context: Option<String>,
    /// A step selected a kube context that is no local cluster's (`kubectl config use-context
    /// gke_acme_prod`): a local cluster's creation after it may have failed and left that one
    /// current, so the creation proves less ([`super::scratch::cluster_made_here`]).
    pub shared_context_selected: bool,
    /// What earlier steps defined, by kind ([`super::defined`]): names, places, things made
    /// here (clusters, databases, clones, compose projects...: throwaway whatever they are
    /// called, what is in them was put there by this work) and sets (listings, rows).
    pub defined: super::defined::Model,
    /// Aliases defined (`alias ok='airlock approve'`): name, and the text it stands for.
    pub aliases: Vec<(String, String)>,
    /// Shell functions defined (`f() { rm -rf "$1"; }`): name, and the body it runs.
    pub functions: Vec<(String, String)>,
    /// Names defined for a program's own runner (git aliases, package scripts), and what
    /// each runs ([`super::definitions`]).
    pub commands_defined: Vec<super::definitions::Defined>,
    /// Copies of a program's binary under another name (`cp "$(command -v airlock)" /tmp/al`,
    /// `ln -s /bin/rm /tmp/r`): the copy's path, and the program it is.
    pub program_copies: Vec<(String, String)>,
    /// The step being judged: the index of the recent hint (oldest first), or the number of
    /// recent hints for the text itself. What only the step just before may leave (a draft, a
    /// listing, a branch switched) is kept with its step.
    pub step: usize,
    /// The branch `git switch` / `git checkout` left checked out, and its step.
    pub branch: Option<(String, usize)>,
    /// A message drafted to a counted group ("draft an email to the 40 beta testers"): how
    /// many, to whom, and its step.
    pub draft: Option<(u64, String, usize)>,
    /// People exported to a file ("export this week's trial signups to trials.csv"): the
    /// file, who, and the last step that exported or read it.
    pub people_export: Option<(String, String, usize)>,
    /// A port on this machine was forwarded to another host (`kubectl port-forward`, `ssh -L`,
    /// a cloud SQL proxy): a loopback address may be a shared server, so it proves nothing.
    pub forwarded: bool,
    /// The session's state beyond these ([`super::session`]): places switched to by a tool's
    /// own command, an environment file loaded, ids picked by an environment's name, the branch.
    pub session: super::session::State,
}

/// Settings that an environment variable gives a program, as the option it stands for: a
/// variable carried from an earlier step (or set as the command's prefix) is read as that
/// option on the line, unless the line gives the option itself. From each CLI's reference
/// (AWS CLI "Environment variables", Vault's, gcloud's `CLOUDSDK_*`, libpq's `PG*`).
const SETTINGS: &[(&str, &str, &str)] = &[
    ("aws", "AWS_PROFILE", "--profile"),
    ("aws", "AWS_DEFAULT_PROFILE", "--profile"),
    ("aws", "AWS_ENDPOINT_URL", "--endpoint-url"),
    ("aws", "AWS_ENDPOINT_URL_S3", "--endpoint-url"),
    ("aws", "AWS_ENDPOINT_URL_DYNAMODB", "--endpoint-url"),
    ("vault", "VAULT_ADDR", "-address"),
    // OpenBao's (`bao`, read as `vault`): after VAULT_ADDR, so a Vault address exported too
    // keeps the stricter reading.
    ("vault", "BAO_ADDR", "-address"),
    ("gcloud", "CLOUDSDK_CORE_PROJECT", "--project"),
    ("psql", "PGHOST", "-h"),
    ("psql", "PGDATABASE", "-d"),
    ("kubectl", "KUBECONFIG", "--kubeconfig"),
    ("helm", "KUBECONFIG", "--kubeconfig"),
    // Where a later command lands, from each tool's "Environment variables" (session 20, the
    // carried effects class; the options and hooks variables carry are [`super::injected`]'s).
    ("oc", "KUBECONFIG", "--kubeconfig"),
    ("helm", "HELM_KUBECONTEXT", "--kube-context"),
    ("helm", "HELM_NAMESPACE", "--namespace"),
    ("docker-compose", "COMPOSE_PROJECT_NAME", "--project-name"),
    ("psql", "PGSERVICE", "--dbname"),
    ("mysql", "MYSQL_HOST", "--host"),
    ("mariadb", "MYSQL_HOST", "--host"),
    ("sqlcmd", "SQLCMDSERVER", "-S"),
    ("sqlcmd", "SQLCMDDBNAME", "-d"),
    ("clickhouse-client", "CLICKHOUSE_HOST", "--host"),
    ("gh", "GH_REPO", "--repo"),
    ("heroku", "HEROKU_APP", "--app"),
    ("fly", "FLY_APP", "--app"),
    ("flyctl", "FLY_APP", "--app"),
    ("nomad", "NOMAD_ADDR", "-address"),
    ("nomad", "NOMAD_NAMESPACE", "-namespace"),
    ("consul", "CONSUL_HTTP_ADDR", "-http-addr"),
    ("etcdctl", "ETCDCTL_ENDPOINTS", "--endpoints"),
    ("restic", "RESTIC_REPOSITORY", "--repo"),
    ("argocd", "ARGOCD_SERVER", "--server"),
    ("ansible", "ANSIBLE_INVENTORY", "--inventory"),
    ("ansible-playbook", "ANSIBLE_INVENTORY", "--inventory"),
    ("gcloud", "CLOUDSDK_CORE_ACCOUNT", "--account"),
    ("az", "AZURE_DEFAULTS_GROUP", "--resource-group"),
    ("doctl", "DIGITALOCEAN_CONTEXT", "--context"),
    ("oci", "OCI_CLI_PROFILE", "--profile"),
    ("vault", "VAULT_NAMESPACE", "-namespace"),
];

/// The short spelling of a long option [`SETTINGS`] adds for `program`: given on the line,
/// the setting is the line's.
fn short_option(program: &str, option: &str) -> Option<&'static str> {
    Some(match (program, option) {
        ("mysql" | "mariadb" | "clickhouse-client", "--host") => "-h",
        ("restic", "--repo") => "-r",
        (_, "--repo") => "-R",
        (_, "--namespace") => "-n",
        (_, "--context") => "-c",
        (_, "--project-name") => "-p",
        (_, "--dbname") => "-d",
        (_, "--app") => "-a",
        (_, "--inventory") => "-i",
        (_, "--resource-group") => "-g",
        _ => return None,
    })
}

/// The command with the settings its line leaves out taken from its env prefix and from what
/// earlier steps selected (the kube context, exported variables), as the options they stand
/// for (`aws s3 rb X` after `export AWS_PROFILE=prod-admin` is `aws s3 rb X --profile
/// prod-admin`); `None` when nothing is added (the usual case, decided without allocating).
/// The line wins: an option it gives is never replaced, and a `--kubeconfig` or `--server` on
/// the line names another cluster, so no carried context is added.
pub fn settle<'c>(cmd: &Cmd<'c>, ctx: &Context) -> Option<Vec<std::borrow::Cow<'c, str>>> {
    let p = cmd.program;
    let kube = matches!(p, "kubectl" | "oc" | "helm");
    // Nothing set for the command: decided before the table is read.
    if !kube
        && cmd.assignments.is_empty()
        && !cmd.prefix.iter().any(|w| w.contains('='))
        && ctx.env.exported.is_empty()
    {
        return None;
    }
    if !kube && !SETTINGS.iter().any(|(q, _, _)| *q == p) {
        return None;
    }
    let given = |option: &str| {
        cmd.words().take_while(|w| *w != "--").any(|w| {
            w == option
                || w.strip_prefix(option).is_some_and(|r| r.starts_with('='))
                // Go's flags take `--address` for `-address`.
                || option.starts_with('-') && !option.starts_with("--")
                    && (w.strip_prefix('-') == Some(option)
                        || w.strip_prefix('-').and_then(|w| w.strip_prefix(option)).is_some_and(|r| r.starts_with('=')))
        })
    };
    let mut added: Vec<String> = Vec::new();
    for (_, var, option) in SETTINGS.iter().filter(|(q, _, _)| *q == p) {
        if given(option)
            || short_option(p, option).is_some_and(&given)
            || added.iter().any(|a| a.starts_with(option))
        {
            continue;
        }
        if let Some(value) = setting(cmd, ctx, var) {
            added.push(format!("{option}={value}"));
        }
    }
    if kube {
        let option = if p == "helm" {
            "--kube-context"
        } else {
            "--context"
        };
        let elsewhere = ["--kubeconfig", "--server", "-s", "--cluster"]
            .iter()
            .any(|o| given(o))
            || added.iter().any(|a| a.starts_with("--kubeconfig"));
        if !given(option)
            && !elsewhere
            && let Some(context) = &ctx.env.kube_context
        {
            added.push(format!("{option}={context}"));
        }
    }
    if added.is_empty() {
        return None;
    }
    // Before a `--` (what follows it belongs to another program: `kubectl exec pod -- sh`).
    let at = cmd
        .args
        .iter()
        .position(|a| a == "--")
        .unwrap_or(cmd.args.len());
    let mut args: Vec<std::borrow::Cow<'c, str>> = cmd.args[..at].to_vec();
    args.extend(added.into_iter().map(std::borrow::Cow::Owned));
    args.extend(cmd.args[at..].iter().cloned());
    Some(args)
}

/// The value of the variable `var` for `cmd`: its prefix (`AWS_PROFILE=prod aws ...`, `env
/// AWS_PROFILE=prod aws ...`) first, then what an earlier step exported.
pub(super) fn setting<'a>(cmd: &'a Cmd<'_>, ctx: &'a Context, var: &str) -> Option<&'a str> {
    let prefixed = cmd
        .assignments
        .iter()
        .chain(cmd.prefix.iter())
        .rev()
        .find_map(|a| a.strip_prefix(var).and_then(|r| r.strip_prefix('=')));
    prefixed
        .or_else(|| {
            ctx.env
                .exported
                .iter()
                .rev()
                .find(|(n, _)| n == var)
                .map(|(_, v)| v.as_str())
        })
        .map(|v| v.trim_matches(|c| c == '"' || c == '\''))
        .filter(|v| !v.is_empty() && !v.contains('$'))
}

/// Why `cmd` (its settings already settled) reaches only the developer's own throwaway
/// environment, if it does: a cluster made here or named as local (kind, minikube, k3d,
/// Docker Desktop), an emulator or dev server on a loopback address (LocalStack, `vault server
/// -dev`) with no port forwarded to another host, a database made here on this machine, a
/// fresh clone, supabase's local stack. A production word on the line settles nothing: the
/// finding stands. What the program's recognizer finds there is a change to a throwaway
/// (the label rule: a bounded change in a LOCAL environment is ok).
pub fn local_place(cmd: &Cmd<'_>, ctx: &Context) -> Option<String> {
    let p = cmd.program;
    // A server an earlier step started here, when every target of the line is it.
    if let Some(server) = super::throwaway::target(cmd, ctx) {
        return Some(server);
    }
    // What the model holds as made here (a compose project, a terraform directory in /tmp,
    // LocalStack, a remote folder or a remote that is this disk); the line's production word
    // wins over it.
    if let Some(made) = super::defined::made_here(cmd, ctx) {
        return (!cmd.words().any(super::containers::production)).then_some(made);
    }
    let database = super::lexicon::is(p, super::lexicon::DATABASE) || p == "dropdb";
    if !database
        && !matches!(
            p,
            "kubectl" | "oc" | "helm" | "aws" | "vault" | "supabase" | "git"
        )
        || cmd.words().any(super::containers::production)
    {
        return None;
    }
    let loopback = |v: &str| !ctx.env.forwarded && loopback_url(v);
    match p {
        "kubectl" | "oc" | "helm" => {
            // Another kubeconfig, server or cluster entry on the line decides where the call
            // goes whatever the context's name says (`--context kind-e2e --server
            // https://10.0.0.1:6443`): the name proves nothing then.
            if super::local_modes::elsewhere_than_context(cmd) {
                return None;
            }
            let context = cmd.value(&["--context", "--kube-context"])?;
            (super::containers::local_cluster(context)
                || ctx.env.defined.has(Kind::Cluster, context))
            .then(|| format!("the local cluster {context}"))
        }
        // Every endpoint given (the CLI takes the last of several): one elsewhere, and the
        // call may go there.
        "aws" => {
            let mut endpoints = Vec::new();
            let mut words = cmd.words();
            while let Some(w) = words.next() {
                if w == "--endpoint-url" {
                    endpoints.push(words.next().unwrap_or(""));
                } else if let Some(v) = w.strip_prefix("--endpoint-url=") {
                    endpoints.push(v);
                }
            }
            let first = *endpoints.first()?;
            endpoints
                .iter()
                .all(|v| loopback(v))
                .then(|| format!("the local emulator at {first}"))
        }
        "vault" => cmd
            .words()
            .take_while(|w| *w != "--")
            .find_map(|w| {
                w.strip_prefix("--address=")
                    .or_else(|| w.strip_prefix("-address="))
            })
            .or_else(|| cmd.value(&["-address", "--address"]))
            .filter(|v| loopback(v))
            .map(|v| format!("the local Vault at {v}")),
        "supabase" => {
            let ops: Vec<&str> = cmd
                .operands(&["--workdir", "--db-url", "--project-ref"])
                .collect();
            (ops.starts_with(&["db", "reset"])
                && !cmd.has(&["--linked", "--db-url", "--project-ref"]))
            .then(|| "supabase's local stack (no --linked)".to_owned())
        }
        "git" => {
            let dir = cmd
                .value(&["-C"])
                .map(|d| paths::enter(ctx.cwd.as_deref(), Some(d)))
                .unwrap_or_else(|| ctx.cwd.clone())?;
            let dir = dir.trim_end_matches('/');
            ctx.env
                .defined
                .ids(Kind::Clone)
                .find(|c| dir == *c || dir.starts_with(&format!("{c}/")))
                .map(|c| format!("the fresh clone in {c}"))
        }
        _ if database => {
            ctx.env.defined.latest(Kind::Database)?;
            let host = cmd.value(&["-h", "--host"]);
            if host.is_some_and(|h| !matches!(h, "localhost" | "127.0.0.1" | "::1" | "/tmp")) {
                return None;
            }
            let named = cmd
                .value(&["-d", "--dbname", "--database"])
                .into_iter()
                .chain(cmd.operands(&[
                    "-h",
                    "--host",
                    "-U",
                    "-u",
                    "-p",
                    "-P",
                    "-c",
                    "-e",
                    "--command",
                    "-f",
                    "--file",
                    "-d",
                    "--dbname",
                ]))
                .collect::<Vec<_>>();
            // A connection string names its host too: only a loopback one is here.
            let db = named.iter().find_map(|n| {
                let name = if has(n, "://") {
                    if !loopback_url(n) {
                        return None;
                    }
                    n.rsplit('/')
                        .next()
                        .unwrap_or("")
                        .split('?')
                        .next()
                        .unwrap_or("")
                } else {
                    n
                };
                ctx.env.defined.ids(Kind::Database).find(|d| *d == name)
            })?;
            Some(format!("the database {db}, created by an earlier step"))
        }
        _ => None,
    }
}

/// A URL (or host) on this machine: `localhost`, `127.x`, `[::1]`, `0.0.0.0`, `host.docker.internal`
/// is not (it is the host seen from a container, still this machine, but rarely an emulator).
fn loopback_url(v: &str) -> bool {
    let host = super::scope::url_host(v, &[':']).to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host == "::1"
        || host == "0.0.0.0"
        || host.starts_with("127.") && host.bytes().all(|b| b.is_ascii_digit() || b == b'.')
}

/// Records what `cmd` selects or makes for later commands: exported variables, the kube
/// context, clusters, databases and clones made here, ports forwarded.
fn record_environment(cmd: &Cmd<'_>, ctx: &mut Context) {
    let p = cmd.program;
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    record_places(cmd, &ops, ctx);
    let env = &mut ctx.env;
    match p {
        "unset" => env.exported.retain(|(n, _)| !ops.contains(&n.as_str())),
        "unalias" => env.aliases.retain(|(n, _)| !ops.contains(&n.as_str())),
        "kind" if ops.starts_with(&["create", "cluster"]) => {
            let name = cmd.value(&["--name", "-n"]).unwrap_or("kind");
            made_cluster(env, format!("kind-{name}"));
        }
        "k3d" if ops.starts_with(&["cluster", "create"]) => {
            let name = cmd
                .operands(&[
                    "-c",
                    "--config",
                    "-a",
                    "--agents",
                    "-s",
                    "--servers",
                    "-p",
                    "--port",
                ])
                .nth(2)
                .unwrap_or("k3s-default");
            made_cluster(env, format!("k3d-{name}"));
        }
        "minikube" if ops.first() == Some(&"start") => {
            let name = cmd.value(&["-p", "--profile"]).unwrap_or("minikube");
            made_cluster(env, name.to_owned());
        }
        "createdb" => {
            if let Some(db) = cmd
                .operands(&[
                    "-h",
                    "--host",
                    "-U",
                    "--username",
                    "-p",
                    "--port",
                    "-O",
                    "--owner",
                    "-T",
                    "--template",
                    "-E",
                    "--encoding",
                    "-D",
                    "--tablespace",
                    "-l",
                    "--locale",
                ])
                .next()
                && cmd
                    .value(&["-h", "--host"])
                    .is_none_or(|h| matches!(h, "localhost" | "127.0.0.1"))
            {
                env.defined.define(Kind::Database, db, "", env.step, None);
            }
        }
        "mysqladmin" => {
            if let Some(at) = ops.iter().position(|o| *o == "create")
                && let Some(db) = ops.get(at + 1)
                && cmd
                    .value(&["-h", "--host"])
                    .is_none_or(|h| matches!(h, "localhost" | "127.0.0.1"))
            {
                env.defined.define(Kind::Database, db, "", env.step, None);
            }
        }
        "git" => {
            let ops: Vec<&str> = cmd
                .operands(&[
                    "-C",
                    "-c",
                    "-b",
                    "--branch",
                    "--depth",
                    "-o",
                    "--origin",
                    "--reference",
                    "-j",
                    "--jobs",
                    "--filter",
                    "--template",
                    "--separate-git-dir",
                    "-u",
                    "--upload-pack",
                    "--config",
                ])
                .collect();
            let switched = match ops.first() {
                Some(&"switch") => cmd
                    .value(&["-c", "-C", "--create", "--force-create"])
                    .or_else(|| ops.get(1).copied()),
                Some(&"checkout") if !cmd.has(&["--"]) && ops.len() == 2 => cmd
                    .value(&["-b", "-B"])
                    .or_else(|| ops.get(1).copied())
                    .filter(|b| *b != "." && !b.contains(['*', '.'])),
                _ => None,
            };
            if let Some(branch) = switched {
                ctx.env.branch = Some((branch.to_owned(), ctx.env.step));
            }
            if ops.first() == Some(&"clone")
                && let Some(url) = ops.get(1)
            {
                let dir = ops.get(2).copied().unwrap_or_else(|| {
                    let base = url
                        .trim_end_matches('/')
                        .rsplit(['/', ':'])
                        .next()
                        .unwrap_or("");
                    base.strip_suffix(".git").unwrap_or(base)
                });
                if !dir.is_empty()
                    && let Some(at) = paths::enter(ctx.cwd.as_deref(), Some(dir))
                {
                    let step = ctx.env.step;
                    ctx.env
                        .defined
                        .define(Kind::Clone, at.trim_end_matches('/'), "", step, None);
                }
            }
        }
        "ls" | "dir" | "tree" | "exa" | "eza" => {
            let listed: Vec<&str> = cmd
                .operands(&[
                    "-I", "--ignore", "-L", "--level", "--color", "-w", "--width",
                ])
                .collect();
            match listed.as_slice() {
                [dir] if !dir.contains(['*', '?']) => {
                    env.defined.define(Kind::Listing, dir, "", env.step, None)
                }
                _ => env.defined.forget(Kind::Listing),
            }
        }
        "ssh"
            if cmd.words().any(|w| {
                w.starts_with("-L")
                    || w.starts_with("-D")
                    // In a cluster of flags (`-fNL 6000:db:5432`).
                    || w.starts_with('-')
                        && !w.starts_with("--")
                        && w[1..].bytes().all(|b| b.is_ascii_alphabetic())
                        && w[1..].contains(['L', 'D'])
            }) =>
        {
            env.forwarded = true;
        }
        "kubectl" | "oc" if ops.first() == Some(&"port-forward") => env.forwarded = true,
        "cloud-sql-proxy" | "cloud_sql_proxy" | "socat" | "chisel" => env.forwarded = true,
        _ => {}
    }
}

/// Records the places a command selects for later commands: the kube context, a domain's
/// place, a shell opened on another machine (or left).
fn record_places(cmd: &Cmd<'_>, ops: &[&str], ctx: &mut Context) {
    let step = ctx.env.step;
    if let Some((domain, place)) = selected_place(cmd, ops) {
        ctx.env
            .defined
            .define(Kind::Selected, domain.id(), place, step, None);
    }
    if let Some((machine, how, port)) = opened_shell(cmd, ops, ctx) {
        ctx.env
            .defined
            .define(Kind::Session, &machine, how, step, port);
    }
    let env = &mut ctx.env;
    let select = |env: &mut Environment, context: &str| {
        env.shared_context_selected |=
            !super::containers::local_cluster(context) && !env.defined.has(Kind::Cluster, context);
        env.kube_context = Some(context.to_owned());
    };
    match (cmd.program, ops) {
        ("kubectl" | "oc", ["config", "use-context", context, ..]) => select(env, context),
        ("kubectx", [context]) if *context != "-" => select(env, context),
        ("kubie", ["ctx", context, ..]) => select(env, context),
        ("exit" | "logout", _) => env.defined.forget(Kind::Session),
        _ => {}
    }
}

/// Programs whose steps select a place or open a shell but that the text's reading may take
/// for words (`kubie ctx prod`, `distrobox enter box`, `tsh ssh root@edge`).
const PLACE_PROGRAMS: &[&str] = &[
    "kubie",
    "kubens",
    "kubectx",
    "distrobox",
    "toolbox",
    "limactl",
    "multipass",
    "colima",
    "lxc",
    "incus",
    "vagrant",
    "tsh",
    "mosh",
    "autossh",
    "et",
    "fly",
    "flyctl",
    "heroku",
];

/// A recent step run by one of [`PLACE_PROGRAMS`]: its places recorded whatever its text is
/// taken for (a program's own reading records them again, to the same effect).
pub fn note_places(text: &str, ctx: &mut Context) {
    let first = text.split_whitespace().next().unwrap_or("");
    let first = super::program_name(first);
    if !PLACE_PROGRAMS.contains(&first) && first != "sudo" {
        return;
    }
    let script = crate::shell::parse(text);
    for c in &script.commands {
        let mut folded = Vec::new();
        if let Some(cmd) = super::resolve(c, &mut folded)
            && PLACE_PROGRAMS.contains(&cmd.program)
        {
            let ops: Vec<&str> = cmd.operands(&[]).collect();
            record_places(&cmd, &ops, ctx);
        }
    }
}

/// The place a command selects for its domain's later commands: `gcloud config set project
/// X` (and `configurations activate X`), `az account set --subscription X`, `docker context use
/// X`, `terraform workspace select X` (or `new X`), `kubens X`, `kubie ns X`, `kubectl config
/// set-context --current --namespace X`.
fn selected_place<'c>(cmd: &Cmd<'c>, ops: &[&'c str]) -> Option<(super::scope::Domain, &'c str)> {
    use super::scope::Domain;
    Some(match (cmd.program, ops) {
        ("gcloud", ["config", "set", "project" | "core/project", project, ..]) => {
            (Domain::Gcloud, project)
        }
        ("gcloud", ["config", "configurations", "activate", name, ..]) => (Domain::Gcloud, name),
        ("az", ["account", "set", ..]) => (
            Domain::Az,
            cmd.value(&["--subscription", "-s", "--name", "-n"])?,
        ),
        ("docker", ["context", "use", name, ..]) => (Domain::Docker, name),
        ("terraform" | "tofu" | "terragrunt", ["workspace", "select" | "new", .., name]) => {
            (Domain::Terraform, name)
        }
        ("kubens", [name]) if *name != "-" => (Domain::Kube, name),
        ("kubie", ["ns", name, ..]) => (Domain::Kube, name),
        ("kubectl" | "oc", ["config", "set-context", ..]) if cmd.has(&["--current"]) => {
            (Domain::Kube, cmd.value(&["--namespace", "-n"])?)
        }
        _ => return None,
    })
}

/// Shells a remote or container command line names as its program (`docker exec -it web sh`).
fn shell_program(w: &str) -> bool {
    matches!(
        w.rsplit('/').next().unwrap_or(w),
        "sh" | "bash" | "zsh" | "ash" | "fish" | "dash" | "ksh" | "pwsh" | "powershell"
    )
}

/// The interactive shell a command opens on another machine, for the steps after it: the
/// machine, `throwaway` for one made or kept on this machine (a VM, a container: `vagrant
/// ssh`, `multipass shell`, `limactl shell`, `colima ssh`, `distrobox enter`, `toolbox enter`,
/// `lxc`/`incus exec X -- bash`, `docker exec -it C sh` on this machine's daemon, `docker run
/// -it IMAGE bash`) or `remote` (ssh and its kin with no command: `ssh`, `mosh`, `autossh`,
/// `et`, `tsh ssh`, `gcloud compute ssh`, `az ssh vm`, `aws ssm start-session`, `fly ssh
/// console`, `heroku run bash`, `kubectl exec -it POD -- sh`), and the port a remote session
/// runs over.
fn opened_shell(
    cmd: &Cmd<'_>,
    ops: &[&str],
    ctx: &Context,
) -> Option<(String, &'static str, Option<u64>)> {
    let p = cmd.program;
    let throwaway = |m: &str| Some((m.to_owned(), "throwaway", None));
    let remote = |m: &str| Some((m.to_owned(), "remote", None));
    match p {
        "ssh" | "mosh" | "autossh" | "et" => {
            // ssh(1)'s options that take a value.
            let ops: Vec<&str> = cmd
                .operands(&[
                    "-p", "-i", "-l", "-o", "-J", "-F", "-b", "-c", "-E", "-e", "-m", "-O", "-Q",
                    "-S", "-W", "-w", "-B", "-I", "-L", "-R", "-D", "--ssh", "-M",
                ])
                .collect();
            // A tunnel (`-N`, `-L`, `-D`, `-R`, `-f`) or a command on the line opens no shell
            // for the steps after it.
            let tunnel = cmd.words().any(|w| {
                w.starts_with("-N")
                    || w.starts_with("-L")
                    || w.starts_with("-D")
                    || w.starts_with("-R")
                    || w.starts_with("-f")
                    || w.starts_with("-W")
            });
            let [host] = ops.as_slice() else { return None };
            if tunnel {
                return None;
            }
            let port = cmd.value(&["-p"]).and_then(|v| v.parse().ok()).or(Some(22));
            let host = host.rsplit('@').next().unwrap_or(host);
            Some((host.to_owned(), "remote", port))
        }
        // Over ssh's port.
        "tsh" if ops.len() == 2 && ops[0] == "ssh" => {
            Some((ops[1].rsplit('@').next()?.to_owned(), "remote", Some(22)))
        }
        "gcloud"
            if ops.starts_with(&["compute", "ssh"])
                && !cmd.has(&["--command"])
                && ops.len() > 2 =>
        {
            Some((ops[2].rsplit('@').next()?.to_owned(), "remote", Some(22)))
        }
        "az" if ops.starts_with(&["ssh", "vm"]) => Some((
            cmd.value(&["--name", "-n", "--ip"])
                .unwrap_or("an Azure VM")
                .to_owned(),
            "remote",
            Some(22),
        )),
        "aws" if ops.starts_with(&["ssm", "start-session"]) => {
            remote(cmd.value(&["--target"]).unwrap_or("an instance"))
        }
        "fly" | "flyctl"
            if ops.starts_with(&["ssh", "console"]) && !cmd.has(&["-C", "--command"]) =>
        {
            remote(cmd.value(&["-a", "--app"]).unwrap_or("a Fly app"))
        }
        "heroku" if ops.first() == Some(&"run") && ops.get(1).is_some_and(|s| shell_program(s)) => {
            remote(cmd.value(&["-a", "--app"]).unwrap_or("a Heroku app"))
        }
        "vagrant" if ops.first() == Some(&"ssh") && !cmd.has(&["-c", "--command"]) => {
            throwaway(ops.get(1).map_or("the vagrant VM", |m| m))
        }
        "multipass" if ops.first() == Some(&"shell") => {
            throwaway(ops.get(1).map_or("the multipass VM", |m| m))
        }
        "limactl" if ops.first() == Some(&"shell") && ops.len() <= 2 => {
            throwaway(ops.get(1).map_or("the lima VM", |m| m))
        }
        "colima" if ops.first() == Some(&"ssh") && !cmd.has(&["--"]) => throwaway("the colima VM"),
        "distrobox" | "toolbox" if ops.first() == Some(&"enter") && !cmd.has(&["--"]) => {
            throwaway(ops.get(1).map_or("the toolbox container", |m| m))
        }
        "lxc" | "incus" => match ops {
            ["shell", m, ..] => throwaway(m),
            ["exec", m, rest @ ..] if rest.last().is_some_and(|s| shell_program(s)) => throwaway(m),
            _ => None,
        },
        "docker" | "podman" | "nerdctl" => {
            let ops: Vec<&str> = cmd
                .operands(&[
                    "-u",
                    "--user",
                    "-w",
                    "--workdir",
                    "-e",
                    "--env",
                    "--env-file",
                    "--name",
                    "-v",
                    "--volume",
                    "-p",
                    "--publish",
                    "--network",
                    "--entrypoint",
                    "-H",
                    "--host",
                    "--context",
                    "-c",
                    "--platform",
                    "--mount",
                ])
                .collect();
            let interactive = cmd.flag(b"i", &["interactive"]);
            let last_shell = ops.last().is_some_and(|s| shell_program(s));
            match ops.as_slice() {
                ["exec", c, .., _] if interactive && last_shell => {
                    let elsewhere = cmd.value(&["-H", "--host", "--context", "-c"]).is_some()
                        || ctx
                            .env
                            .defined
                            .latest_of(Kind::Selected, "docker")
                            .is_some()
                        || ctx
                            .env
                            .exported
                            .iter()
                            .any(|(n, _)| n == "DOCKER_HOST" || n == "DOCKER_CONTEXT");
                    if elsewhere || super::containers::production(c) {
                        remote(c)
                    } else {
                        throwaway(c)
                    }
                }
                ["run", image, .., _] if interactive && last_shell => throwaway(image),
                _ => None,
            }
        }
        "kubectl" | "oc" if ops.first() == Some(&"exec") && cmd.flag(b"i", &["stdin"]) => {
            let pod = cmd
                .operands(&["-n", "--namespace", "-c", "--container", "--context"])
                .nth(1)?;
            let tail = cmd.args.iter().skip_while(|a| *a != "--").nth(1)?;
            if !shell_program(tail) {
                return None;
            }
            let context = cmd
                .value(&["--context"])
                .map(str::to_owned)
                .or_else(|| ctx.env.kube_context.clone())
                .unwrap_or_default();
            let ns = cmd.value(&["-n", "--namespace"]).unwrap_or("");
            remote(&format!("{pod} ({context} {ns})"))
        }
        _ => None,
    }
}

/// Git's findings that lose only what is in the working tree and the local repository: in a
/// fresh clone there is nothing of anyone's to lose. A push still reaches the shared remote.
pub const LOCAL_GIT: &[&str] = &[
    "git.reset-hard",
    "git.clean-force",
    // `git checkout -B main origin/main` in a fresh clone: its local main holds only what the
    // remote had.
    "git.branch-reset",
    "git.checkout-discard",
    "git.restore-discard",
    "git.stash-drop",
    "git.branch-force-delete",
    "git.worktree-remove-force",
    "git.gc-prune-now",
    "git.prune",
    "git.reflog-expire",
    // A history rewritten in a fresh clone (`git filter-repo`, bfg) changes the clone only;
    // pushing it is judged as the push it is.
    "git.rewrite-history",
];

/// The program a path is the binary of: a file in a `bin` or `sbin` directory (`/usr/bin/rm`,
/// `/usr/local/bin/airlock`, `~/.cargo/bin/x`; a looked-up `$(command -v X)` reads as
/// `/usr/bin/X`).
fn program_binary(path: &str) -> Option<&str> {
    let (dir, name) = path.rsplit_once('/')?;
    ((path.starts_with('/') || path.starts_with('~'))
        && (dir.ends_with("/bin") || dir.ends_with("/sbin") || dir == "/bin" || dir == "/sbin")
        && !name.is_empty()
        && !name.contains(['*', '$', '?']))
    .then_some(name)
}

/// The program `name` (a command's program word, path reduced) is a copy of, when an earlier
/// command or step copied a program's binary to it: by its path, or by its name when the copy
/// went into a `bin` directory (on the PATH) or the name was run by path.
pub fn copied_program<'a>(word: &str, ctx: &'a Context) -> Option<&'a str> {
    if ctx.env.program_copies.is_empty() {
        return None;
    }
    let word = word.trim_start_matches("./");
    let name = paths::file_name(word);
    ctx.env
        .program_copies
        .iter()
        .rev()
        .find(|(copy, _)| {
            let copy = copy.trim_start_matches("./");
            copy == word || paths::file_name(copy) == name && !name.is_empty()
        })
        .map(|(_, program)| program.as_str())
}

/// Whether `word` is a name an earlier command or step bound to a command: an alias, a
/// function, or a copy of a program's binary.
pub fn binds_name(word: &str, ctx: &Context) -> bool {
    let env = &ctx.env;
    !word.is_empty()
        && (env.aliases.iter().any(|(n, _)| n == word)
            || env.functions.iter().any(|(n, _)| n == word)
            || copied_program(word, ctx).is_some())
}

/// What an alias or a function named `program` stands for, as a command line with `args`:
/// the alias's text followed by the arguments, or the function's body with its positional
/// parameters inlined. `None` when `program` names neither (or an alias of itself, which the
/// shell does not expand again).
pub fn named_command(
    program: &str,
    args: &[std::borrow::Cow<'_, str>],
    ctx: &Context,
) -> Option<(String, String)> {
    if ctx.env.aliases.is_empty() && ctx.env.functions.is_empty() {
        return None;
    }
    // Program words are lowercased; a PowerShell or doskey name is case-insensitive anyway.
    if let Some((_, text)) = ctx
        .env
        .aliases
        .iter()
        .rev()
        .find(|(n, _)| n.eq_ignore_ascii_case(program))
        && text.split_whitespace().next() != Some(program)
    {
        let mut line = text.clone();
        for a in args {
            line.push(' ');
            line.push_str(&quoted(a));
        }
        return Some((
            format!("{program} (an alias of `{}`)", crate::cut(text, 60)),
            line,
        ));
    }
    let (_, body) = ctx
        .env
        .functions
        .iter()
        .rev()
        .find(|(n, _)| n.eq_ignore_ascii_case(program))?;
    // A function that calls itself (`bomb() { bomb | bomb & }`) is not expanded again: its
    // body's commands are judged where it is defined, and the fork bomb check reads it.
    if body
        .split(|c: char| !c.is_ascii_alphanumeric() && !matches!(c, '_' | '-' | '.' | ':'))
        .any(|w| w == program)
    {
        return None;
    }
    let mut params: Vec<&str> = vec![program];
    params.extend(args.iter().map(|a| &**a));
    let line = super::interpreters::inline_positional(body, &params).into_owned();
    Some((
        format!(
            "{program} (a function running `{}`)",
            crate::cut(body.trim(), 60)
        ),
        line,
    ))
}

/// Records the shell functions a text defines (`f() { ...; }`, `function f { ...; }`, `function
/// f() { ...; }`): a later command that calls one runs its body. Read from the text, since
/// the parser flattens compound commands; a subshell body (`f() ( ... )`) is not read.
pub fn record_functions(text: &str, ctx: &mut Context) {
    if !has(text, "()") && !has(text, "function ") {
        return;
    }
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        // A name starts at the text's start or after a separator.
        let at_start = i == 0
            || matches!(
                b[i - 1],
                b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b'{'
            );
        if !at_start || !(b[i].is_ascii_alphabetic() || b[i] == b'_') {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len()
            && (b[j].is_ascii_alphanumeric() || matches!(b[j], b'_' | b'-' | b'.' | b':'))
        {
            j += 1;
        }
        let mut word = &text[i..j];
        let mut k = j;
        let keyword = word == "function";
        if keyword {
            while k < b.len() && b[k] == b' ' {
                k += 1;
            }
            let start = k;
            while k < b.len()
                && (b[k].is_ascii_alphanumeric() || matches!(b[k], b'_' | b'-' | b'.' | b':'))
            {
                k += 1;
            }
            word = &text[start..k];
        }
        let rest = text[k..].trim_start();
        let after_parens = rest.strip_prefix("()").map(str::trim_start);
        let open = match after_parens {
            Some(r) => r,
            None if keyword => rest,
            None => {
                i = j.max(i + 1);
                continue;
            }
        };
        // A body in braces, the brace a word of its own (`{ rm ...; }`: bash needs the blank).
        let Some(close) = (match open.as_bytes() {
            [b'{', b' ' | b'\t' | b'\n', ..] => Some(b'}'),
            _ => None,
        }) else {
            i = j.max(i + 1);
            continue;
        };
        let open_char = open.as_bytes()[0];
        let body_start = text.len() - open.len() + 1;
        let mut depth = 1;
        let mut quote: Option<u8> = None;
        let mut e = body_start;
        while e < b.len() {
            let c = b[e];
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == b'\'' || c == b'"' => quote = Some(c),
                None if c == open_char => depth += 1,
                None if c == close => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                None => {}
            }
            e += 1;
        }
        if !word.is_empty() {
            let body = text[body_start..e.min(b.len())]
                .trim()
                .trim_end_matches(';')
                .trim();
            if !body.is_empty() {
                ctx.env.functions.retain(|(n, _)| n != word);
                ctx.env.functions.push((word.to_owned(), body.to_owned()));
            }
        }
        i = e + 1;
    }
}

/// The names a command binds as written (before a shouted line's words are folded: `export
/// TARGET=-1` keeps its case): variables exported or declared, aliases.
pub fn record_bindings(words: &[std::borrow::Cow<'_, str>], ctx: &mut Context) {
    let Some((first, rest)) = words.split_first() else {
        return;
    };
    match &**first {
        "export" | "declare" | "typeset" | "readonly" | "local" => {
            let set: Vec<std::borrow::Cow<'_, str>> = rest
                .iter()
                .filter(|w| crate::shell::is_assignment(w))
                .cloned()
                .collect();
            record_assignments(&set, ctx);
        }
        // Windows' `setx NAME VALUE` and fish's `set -x NAME VALUE...` (`-gx`, `--export`):
        // exported for the commands after them, as `export NAME=VALUE` is.
        "setx" | "set" => {
            let words: Vec<&str> = rest.iter().map(|w| &**w).collect();
            // bash's `set -x` traces and `set -euxo pipefail` sets options: only fish's
            // spellings of an export count.
            let exported = &**first == "setx"
                || words.first().is_some_and(|w| {
                    matches!(
                        *w,
                        "-x" | "-gx" | "-xg" | "-Ux" | "-xU" | "--export" | "-lx" | "-xl"
                    )
                });
            // The name is the first word that is no flag; the value, every word after it
            // (fish's list; setx's one quoted value, which may start with a dash).
            let at = words
                .iter()
                .position(|w| !w.starts_with('-') && !w.eq_ignore_ascii_case("/m"));
            let name = at.map_or("", |at| words[at]);
            if exported
                && let Some(at) = at
                && !name.is_empty()
                && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            {
                let value: Vec<&str> = words[at + 1..]
                    .iter()
                    .copied()
                    .filter(|w| !w.eq_ignore_ascii_case("/m"))
                    .collect();
                let set = [std::borrow::Cow::Owned(format!(
                    "{name}={}",
                    value.join(" ")
                ))];
                record_assignments(&set, ctx);
            }
        }
        "alias" => {
            for (name, text) in rest.iter().filter_map(|w| w.split_once('=')) {
                if !name.is_empty() && !name.starts_with('-') {
                    ctx.env.aliases.retain(|(n, _)| n != name);
                    ctx.env.aliases.push((name.to_owned(), text.to_owned()));
                }
            }
        }
        _ => {}
    }
}

/// Whether a finding of a program's own reader is a change to the place it ran in (what a
/// throwaway environment makes harmless), not to this machine or beyond it: a container
/// given the host (`--privileged`, the host's root mounted), a database function that reads
/// the server's files or runs a program, and a push from a fresh clone reach further.
pub fn changes_only_the_place(f: &Finding) -> bool {
    use crate::finding::Family;
    match f.family {
        // The generic reader's verb x object x scope of the same command.
        _ if matches!(
            f.code,
            "generic.command" | "generic.fallthrough" | "generic.unread-effect"
        ) =>
        {
            true
        }
        Family::Git => LOCAL_GIT.contains(&f.code),
        // A terraform destroy or unattended apply of a throwaway configuration (LocalStack, a
        // working directory made in /tmp).
        Family::Infrastructure => f.code.starts_with("infrastructure."),
        // A payment API's test mode moves no money.
        Family::Business => f.code.starts_with("business."),
        Family::Containers | Family::Cloud | Family::Database | Family::Secrets => !matches!(
            f.code,
            "containers.host-escape" | "containers.privileged" | "database.admin-function"
        ),
        _ => false,
    }
}

/// Assignments standing alone (`TARGET=-1`): set for the commands and steps after them.
pub fn record_assignments(assignments: &[std::borrow::Cow<'_, str>], ctx: &mut Context) {
    for w in assignments {
        if let Some((name, value)) = w.split_once('=')
            && !name.ends_with('+')
        {
            ctx.env.exported.retain(|(n, _)| n != name);
            // A variable bound to `mktemp` names a fresh temporary path.
            let value = super::scope::temporary_binding(value).unwrap_or(value);
            ctx.env.exported.push((name.to_owned(), value.to_owned()));
        }
    }
}

/// A cluster made on this machine, which the tool also selects as the current context.
fn made_cluster(env: &mut Environment, context: String) {
    env.defined
        .define(Kind::Cluster, &context, "", env.step, None);
    env.kube_context = Some(context);
}

/// People nouns a draft or an export names: whoever a message to them reaches.
const PEOPLE: &[&str] = &[
    "users",
    "customers",
    "subscribers",
    "members",
    "testers",
    "signups",
    "sign-ups",
    "leads",
    "contacts",
    "clients",
    "accounts",
    "patients",
    "employees",
    "students",
    "buyers",
    "recipients",
    "followers",
    "participants",
    "attendees",
    "donors",
    "trialists",
    "people",
    "everyone",
    "players",
    "owners",
    "partners",
    "vendors",
];

/// Whether a word names people (`customers`, `customer`, `end-users`).
fn people_word(w: &str) -> bool {
    PEOPLE.iter().any(|p| {
        w == *p
                || p.strip_suffix('s') == Some(w)
                // `-{p}` at the end, without formatting that string for every word and name.
                || w.strip_suffix(p).is_some_and(|head| head.ends_with('-'))
    })
}

/// A count word of a drafted message's group ("the 40 beta testers", "all 2,000").
fn count_word(w: &str) -> Option<u64> {
    let digits: String = w.chars().filter(|c| *c != ',').collect();
    if let Ok(n) = digits.parse::<u64>() {
        return Some(n);
    }
    Some(match w {
        "ten" => 10,
        "twelve" => 12,
        "fifteen" => 15,
        "twenty" => 20,
        "thirty" => 30,
        "forty" => 40,
        "fifty" => 50,
        "hundred" | "hundreds" => 100,
        "thousand" | "thousands" => 1000,
        _ => return None,
    })
}

/// Notes what a prose step leaves for the sentence after it: a message drafted to a counted
/// group, people exported to a file. The sentence that uses it must come right after
/// ([`follow_up`]); the next prose step that drafts or exports replaces it.
pub fn note_prose(text: &str, ctx: &mut Context) {
    let stripped = crate::strip_lead(text.trim());
    let split = |c: char| c.is_whitespace() || matches!(c, ';' | ':' | '(' | ')');
    fn trim(w: &str) -> &str {
        w.trim_matches(|c: char| matches!(c, '.' | '\'' | '"' | '`' | '!' | '?'))
    }
    // Only a text that opens with a drafting or an exporting verb notes anything (`drafts`
    // and the export below): its first word, split and trimmed as `words` are, is compared
    // before the text is lowercased. A verb added to either list must be added here.
    let opens_note = stripped
        .split(split)
        .map(trim)
        .find(|w| !w.is_empty())
        .is_some_and(|first| {
            [
                "draft", "write", "prepare", "compose", "drafted", "wrote", "prepared", "export",
                "exported", "dump", "pull", "download", "extract",
            ]
            .iter()
            .any(|v| first.eq_ignore_ascii_case(v))
        });
    if !opens_note {
        return;
    }
    let lower = stripped.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(split)
        .map(trim)
        .filter(|w| !w.is_empty())
        .collect();
    let Some(first) = words.first() else { return };
    let step = ctx.env.step;
    // Only a draft or an export looks for the people it names: most prose is neither.
    let people_at = || words.iter().position(|w| people_word(w));
    let drafts = matches!(
        *first,
        "draft" | "write" | "prepare" | "compose" | "drafted" | "wrote" | "prepared"
    ) && words.iter().take(6).any(|w| {
        matches!(
            *w,
            "email"
                | "e-mail"
                | "message"
                | "sms"
                | "text"
                | "newsletter"
                | "announcement"
                | "note"
                | "mail"
                | "reply"
        )
    });
    if drafts {
        // "to the 40 beta testers", "to all 2,000 subscribers", "to every customer".
        ctx.env.draft = None;
        if let Some(to) = words.iter().position(|w| *w == "to")
            && let Some(at) = people_at().filter(|p| *p > to)
        {
            let group = &words[to + 1..at];
            let count = group.iter().find_map(|w| count_word(w));
            let everyone = group.iter().any(|w| matches!(*w, "all" | "every" | "each"))
                || words[at] == "everyone";
            let n = match (count, everyone) {
                (Some(n), _) => n,
                (None, true) => 10_000,
                (None, false) => 0,
            };
            if n > 0 {
                ctx.env.draft = Some((n, words[to + 1..=at].join(" "), step));
            }
        }
        return;
    }
    if matches!(
        *first,
        "export" | "exported" | "dump" | "pull" | "download" | "extract"
    ) && let Some(at) = people_at()
    {
        let file = text
            .split_whitespace()
            .map(|w| w.trim_matches(|c: char| matches!(c, '.' | ',' | '`' | '"' | '\'')))
            .find(|w| {
                let name = paths::file_name(w);
                name.contains('.') && !name.starts_with('.') && name.len() > 2
            });
        if let Some(file) = file {
            ctx.env.people_export = Some((file.to_owned(), words[at].to_owned(), step));
        }
    }
}

/// A step right after the export that reads the exported file again (`wc -l trials.csv`,
/// `head trials.csv`) keeps the export the thing in focus.
pub fn refresh_focus(text: &str, ctx: &mut Context) {
    let step = ctx.env.step;
    if let Some((file, _, at)) = &mut ctx.env.people_export
        && *at + 1 == step
        && text.contains(paths::file_name(file))
    {
        *at = step;
    }
}

/// A sentence right after a step that drafted a message to a group, exported people, or
/// listed a folder: "send it" sends the draft to the group, "text all of them" messages every
/// exported person, "show me what's in config.json" reads the listed folder's file. Judged as
/// what it amounts to; only the step just before counts.
pub fn follow_up(text: &str, recent: &[&str], ctx: &Context, out: &mut Vec<Finding>) {
    let just_before = |step: usize| step + 1 == ctx.env.step;
    let stripped = crate::strip_lead(text);
    let split = |c: char| !c.is_ascii_alphanumeric() && c != '\'';
    // The first word decides whether the text sends anything: asked before the text's words
    // are lowercased and collected, which only a sending text needs.
    let sends = first_word_in(
        stripped,
        split,
        &[
            "send", "text", "email", "message", "sms", "mail", "notify", "blast",
        ],
    );
    let refers = || {
        stripped.split(split).any(|w| {
            ["it", "them", "draft", "this", "that", "everyone"]
                .iter()
                .any(|r| w.eq_ignore_ascii_case(r))
        })
    };
    if sends && refers() && acting(text) {
        if let Some((n, group, step)) = &ctx.env.draft
            && just_before(*step)
            && *n >= 10
        {
            out.push(Finding {
                family: crate::finding::Family::Business,
                code: "context.send-draft",
                severity: if *n >= 1000 {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                message: format!(
                    "\"{}\" sends the message drafted just before to {group}: {n} people get it, and it cannot be unsent",
                    crate::cut(text, 60)
                ),
            });
        }
        if let Some((file, who, step)) = &ctx.env.people_export
            && just_before(*step)
        {
            let line = format!("{} to everyone in {file}", crate::cut(text, 80));
            for mut f in crate::prose::judge_prose(&line, recent) {
                f.message = format!("after {who} were exported to {file}: {}", f.message);
                out.push(f);
            }
        }
    }
    // A bare file name right after `ls DIR` (in a sentence, not a command: a command runs in
    // the working directory): the file in DIR.
    if let Some(listing) = ctx.env.defined.latest(Kind::Listing)
        && just_before(listing.step)
        && listing.id != "."
        && !text.contains('`')
    {
        let dir = &listing.id;
        let mut rewritten = String::new();
        let mut changed = false;
        for (i, w) in text.split(' ').enumerate() {
            if i > 0 {
                rewritten.push(' ');
            }
            let bare = w.trim_end_matches(['.', ',', '?', '!', ':', ';']);
            let looks_file = !bare.contains('/')
                && !bare.starts_with('.')
                && bare.len() > 2
                && bare
                    .bytes()
                    .next()
                    .is_some_and(|b| b.is_ascii_alphanumeric())
                && bare.rsplit_once('.').is_some_and(|(stem, ext)| {
                    !stem.is_empty()
                        && !ext.is_empty()
                        && ext.len() <= 5
                        && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                        // A host, not a file (`pastebin.com`).
                        && !matches!(ext, "com" | "net" | "org" | "io" | "co" | "ru" | "dev" | "app")
                });
            if looks_file {
                rewritten.push_str(dir.trim_end_matches('/'));
                rewritten.push('/');
                changed = true;
            }
            rewritten.push_str(w);
        }
        if changed {
            let mut found = Vec::new();
            let mut scratch = Context::default();
            crate::judge_text(&rewritten, recent, &mut scratch, &mut found);
            // Only what the folder adds: a finding the sentence already gets on its own words
            // is not repeated.
            for mut f in found {
                if out
                    .iter()
                    .any(|o| o.code == f.code && o.severity >= f.severity)
                {
                    continue;
                }
                f.message = format!("after `ls {dir}`, {}", f.message);
                out.push(f);
            }
        }
    }
}
