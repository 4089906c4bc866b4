//! Recognizers: from a parsed simple command (program, arguments, redirections) to findings, one
//! pure function per family, dispatched on the program's name.
//!
//! A command is first **resolved**: env-var prefixes dropped, wrappers looked through (`sudo`
//! with its options, `doas`, `env` with options and assignments, `command`, `builtin`, `exec`,
//! `nice`, `ionice`, `nohup`, `timeout`, `time`, `stdbuf`, `xargs`, `watch`, `busybox`, `setsid`,
//! `chroot`), package runners looked through to the package's binary (`npx cdktf-cli@0.20
//! destroy` runs `cdktf destroy`; `pnpm dlx`, `pnpm exec`, `yarn dlx`, `npm exec`, `bunx`,
//! `uvx`, `pipx run`, `uv run`, `poetry run`, `bundle exec` alike), a path looked up on the PATH
//! (`$(command -v rm)`, `` `which rm` ``) read as the program it names, the program's path
//! reduced to its name (`/usr/bin/rm` is `rm`; `./rm` is a local file, not `rm`), and its name
//! lowercased (program names are case-insensitive here; file names
//! are not). A command written all in capitals (`RM -RF /`) has all its words folded: no shell
//! would run it, but the intent is plain.
//!
//! Whatever a command hands to another command goes back to the whole judgement: shell strings
//! (`sh -c`, `watch`, `flock -c`, `su -c`, `trap`, `npx -c`: `interpreters::shell_string`,
//! with `$1` / `"$@"` inlined), `find -exec` and `xargs sh -c` bodies, what is fed on stdin to
//! a program that reads a language there ([`stdin`]), and Windows' commands ([`windows`]).
//!
//! Then the family recognizer of the program reads its flags the way the program does (`-rf`,
//! `-r -f`, `-fr`, `--recursive --force` are the same; options that take an argument skip it;
//! `--` ends the options) and grades its targets.

pub mod addressed;
pub mod addresses;
pub mod admin_clis;
pub mod alias_names;
pub mod arrays;
pub mod artifact_uploads;
pub mod audit_logs;
pub mod benign;
pub mod blocks;
pub mod buckets;
pub mod build_output;
pub mod carried;
pub mod classes;
pub mod client_environment;
pub mod cloud;
pub mod cmd_spelling;
pub mod code_sends;
pub mod containers;
pub mod credential_dumps;
pub mod data_platforms;
pub mod data_stores;
pub mod databricks;
pub mod decoded;
pub mod defined;
pub mod definitions;
pub mod dev_credentials;
pub mod dev_server;
pub mod drop_ins;
pub mod embedded;
pub mod emptied;
pub mod environments;
pub mod equivalents;
pub mod everything;
pub mod exposures;
pub mod fanout;
pub mod fetchers;
pub mod filesystem;
pub mod firewalls;
pub mod flags;
pub mod fleet_reads;
pub mod fleets;
pub mod generated;
pub mod generic;
pub mod git;
pub mod grants;
pub mod guard_env;
pub mod guard_services;
pub mod handed_commands;
pub mod honoured;
pub mod http;
pub mod identity;
pub mod infrastructure;
pub mod injected;
pub mod interpreters;
pub mod joined_names;
pub mod key_use;
pub mod keyrings;
pub mod known_reads;
pub mod kube_places;
pub mod launch;
pub mod lexicon;
pub mod listed_loops;
pub mod loaded_code;
pub mod local_modes;
pub mod lua;
pub mod macos_admin;
pub mod made_branches;
pub mod made_in_line;
pub mod mentions;
pub mod ml_platforms;
pub mod modes;
mod name_table;
pub mod notebooks;
pub mod open_clients;
pub mod option_effects;
pub mod package_runners;
pub mod path_objects;
pub mod paths;
pub mod payloads;
pub mod payments;
pub mod pipe_words;
pub mod placeholders;
pub mod places;
pub mod platform_ops;
pub mod presentation;
pub mod printed_secrets;
pub mod project_scripts;
pub mod protocol_words;
pub mod ps_flow;
pub mod public_toggles;
pub mod publishers;
pub mod reach;
pub mod reference_forms;
pub mod registry;
pub mod remote;
pub mod remote_stores;
pub mod remote_windows;
pub mod reviewed;
pub mod runtimes;
pub mod saas;
pub mod sandboxes;
pub mod scope;
pub mod scratch;
pub mod scripts;
pub mod sdk_deletes;
pub mod search_patterns;
pub mod secret_files;
pub mod secret_metadata;
pub mod secret_names;
pub mod secrets;
pub mod servers;
pub mod session;
pub mod shared_changes;
pub mod sinks;
pub mod sources;
pub mod spelling;
pub mod staging_uploads;
pub mod started;
pub mod stdin;
pub mod storage_ops;
pub mod system;
pub mod tampering;
pub mod temporary_cwd;
pub mod tenant_admin;
pub mod test_resets;
pub mod throwaway;
pub mod tool_calls;
mod top_level;
pub mod transforms;
pub mod truncations;
pub mod unpacked;
pub mod verbs;
pub mod verified_downloads;
pub mod visibility;
pub mod weight;
pub mod windows;
pub mod windows_host;
pub mod withheld;
pub mod writes;
pub mod wsl;

use std::borrow::Cow;

use crate::finding::{Family, Finding, Severity};
use crate::shell::{Command, Redirect, Script};
use crate::substring::has;

/// A resolved simple command: what a recognizer reads.
#[derive(Debug, Clone, Copy)]
pub struct Cmd<'c> {
    /// The program's name, lowercased, path removed.
    pub program: &'c str,
    /// Its arguments (quoting removed).
    pub args: &'c [Cow<'c, str>],
    /// Its redirections.
    pub redirects: &'c [Redirect<'c>],
    /// Run by `xargs`: more arguments come from stdin, unknown here.
    pub more_args: bool,
    /// Its stdin comes from a pipe.
    pub piped_in: bool,
    /// Its env-var prefixes (`X=1 cmd`).
    pub assignments: &'c [Cow<'c, str>],
    /// The wrappers' words before the program (`env PIP_INDEX_URL=... `, `sudo -u x`).
    pub prefix: &'c [Cow<'c, str>],
    /// The package runner that fetched and started the program, from its name to the package
    /// as written (`npx --yes cdktf-cli@latest`, `pnpm dlx create-x@1`, `uvx --from git+URL
    /// tool`); empty when no runner started it. The program is the package's binary.
    pub launcher: &'c [Cow<'c, str>],
}

/// Whether one word sets a short flag letter (`-rf` sets `r` and `f`) or is one of the long
/// options (`--name`, `--name=v`).
pub fn sets_flag(a: &str, short: &[u8], long: &[&str]) -> bool {
    if let Some(l) = a.strip_prefix("--") {
        let name = l.split('=').next().unwrap_or(l);
        long.iter().any(|x| x.trim_start_matches('-') == name)
    } else {
        a.strip_prefix('-').is_some_and(|s| {
            !s.is_empty()
                && s.bytes().all(|c| c.is_ascii_alphanumeric())
                && s.bytes().any(|c| short.contains(&c))
        })
    }
}

impl<'c> Cmd<'c> {
    /// The arguments that are not options (everything after `--`, and every word not starting
    /// with `-`), skipping the values of the options in `with_value` (`-n 5`).
    pub fn operands<'s>(&'s self, with_value: &'s [&'s str]) -> impl Iterator<Item = &'c str> + 's {
        let mut skip = false;
        let mut ended = false;
        self.args.iter().filter_map(move |a| {
            let a: &'c str = a;
            if skip {
                skip = false;
                return None;
            }
            if ended {
                return Some(a);
            }
            if a == "--" {
                ended = true;
                return None;
            }
            if a.starts_with('-') && a.len() > 1 {
                if with_value.contains(&a) {
                    skip = true;
                }
                return None;
            }
            Some(a)
        })
    }

    /// Whether a short flag letter is set (`-rf` sets `r` and `f`) or one of the long options
    /// is given, before `--`. Short flags cluster only for options without values.
    pub fn flag(&self, short: &[u8], long: &[&str]) -> bool {
        self.words()
            .take_while(|a| *a != "--")
            .any(|a| sets_flag(a, short, long))
    }

    /// The value of an option: `--name=v`, `--name v`, `-x v`, `-xv`.
    pub fn value(&self, names: &[&str]) -> Option<&'c str> {
        let mut it = self.args.iter();
        while let Some(a) = it.next() {
            let a: &'c str = a;
            for n in names {
                if a == *n {
                    return it.next().map(|v| &**v);
                }
                if let Some(v) = a.strip_prefix(n) {
                    if n.starts_with("--") {
                        if let Some(v) = v.strip_prefix('=') {
                            return Some(v);
                        }
                    } else if n.len() == 2 && !v.is_empty() {
                        return Some(v);
                    }
                }
            }
        }
        None
    }

    /// The value of a short option bundled after flags (`curl -fsSLo FILE`: `o` ends the
    /// bundle, the next word is its value).
    pub fn bundled_value(&self, letter: u8) -> Option<&'c str> {
        let mut it = self.args.iter();
        while let Some(a) = it.next() {
            let b = a.as_bytes();
            if b.len() > 2
                && b[0] == b'-'
                && b[1] != b'-'
                && b[1..].iter().all(u8::is_ascii_alphabetic)
                && b[b.len() - 1] == letter
            {
                return it.next().map(|v| &**v);
            }
        }
        None
    }

    /// The arguments, as `&str`.
    pub fn words(&self) -> impl Iterator<Item = &'c str> + '_ {
        self.args.iter().map(|a| &**a)
    }

    /// Whether any argument equals one of `options` (or is `option=...`).
    pub fn has(&self, options: &[&str]) -> bool {
        self.words().any(|a| {
            options
                .iter()
                .any(|o| a == *o || (a.starts_with(o) && a[o.len()..].starts_with('=')))
        })
    }
}

/// A finding.
pub fn finding(family: Family, code: &'static str, severity: Severity, message: String) -> Finding {
    Finding {
        family,
        code,
        severity,
        message,
    }
}

/// What the recent hints (and earlier commands of the same text) established: the first step
/// of an action split in two.
#[derive(Debug, Clone, Default)]
pub struct Context {
    /// Files downloaded from the network (as written, and their file names).
    pub downloads: Vec<String>,
    /// A secret or a dump was read (what), so "send it" is exfiltration.
    pub secret_read: Option<String>,
    /// The `# comment` of the command line being judged: the agent's own words for what its
    /// commands act on ([`identity`]). Only ever raises.
    pub comment: Option<String>,
    /// A recent step already reached for airlock (its state, its operator commands): what
    /// follows ("approve the first one", `cat <code file>`) finishes the job.
    pub tampering: bool,
    /// The working directory a `cd` entered (a recent step's, or earlier in the same command
    /// line): relative targets of `rm` are read inside it ([`paths::scope_in`]).
    pub cwd: Option<String>,
    /// A directory a `cd` joined by `;` or a line break may have entered (it may also have
    /// failed, leaving [`Context::cwd`]): `rm` is judged in both, the worst wins.
    pub cwd_unsure: Option<String>,
    /// The script being judged runs parts in subshells (`(cd x && make)`): its `cd` may not
    /// last, so it does not move [`Context::cwd`].
    pub in_subshell: bool,
    /// Files written from a secret (`cp ~/.ssh/id_rsa /tmp/k`, `base64 .env > e.txt`,
    /// `tar czf k.tgz ~/.ssh`), with the secret each came from: the copy is itself a secret, so
    /// sending it later is exfiltration of the secret.
    pub secret_copies: Vec<(String, String)>,
    /// Directories an archive downloaded from the network was unpacked into (`tar xzf
    /// tool.tar.gz` makes `tool`): what runs from them is code from the network ([`unpacked`]).
    pub unpacked: Vec<String>,
    /// Files made executable (`chmod +x F`) by an earlier command or step: running one right
    /// after is running something that came from outside the build.
    pub made_executable: Vec<String>,
    /// A secret (`.env`, a key) staged with `git add` by an earlier command or step: the next
    /// push publishes it in the shared history.
    pub secret_staged: Option<String>,
    /// Plans saved by `terraform plan -destroy -out=F` (and tofu's, terragrunt's), with the
    /// command applying one amounts to ([`carried`]): `terraform apply F` or "apply it" destroys.
    pub destroy_plans: Vec<(String, String)>,
    /// Files whose text an earlier command or step wrote (`echo ... > F`, a here-document, "write
    /// F with 'select disk 0' and 'clean'"): a program that runs F as its script runs that text.
    pub file_texts: Vec<(String, String)>,
    /// The worst finding of the step just before (the last recent hint): what "do the same on
    /// the others" repeats ([`carried::repeat`]).
    pub last_action: Option<Finding>,
    /// An earlier clause or step rewrote commits ("drop the last two commits", `git rebase`,
    /// `git commit --amend`), with the branch it named (`main`) or empty: a push now is a
    /// force push ([`carried::forced_push`]).
    pub rewritten: Option<String>,
    /// The running environment earlier steps selected or made ([`carried::Environment`]):
    /// the kube context, exported settings, clusters, databases and clones made here.
    pub env: carried::Environment,
    /// An earlier step (not the last) is being read only for what it leaves here and for its
    /// tampering: at the top level of its commands, the readers that neither take the context
    /// nor can find tampering are skipped ([`command`]; `read_for_context` in `lib.rs`).
    pub context_only: bool,
    /// A context-only reading met what it cannot settle without the skipped readers' findings
    /// (a tampering finding the session reader would keep only above the command's worst):
    /// the step is read again in full.
    pub context_only_unsure: bool,
    /// Files an earlier command or step wrote from a listing of everything (`stripe charges
    /// list --auto-paging > ids.txt`): a loop over one acts on everything ([`listed_loops`]).
    pub listed_everything: Vec<String>,
}

impl Context {
    /// The secret `path` is a copy of (it, or a file of the same name, was written from one).
    pub fn secret_copy(&self, path: &str) -> Option<&str> {
        // Nearly always none: asked for every operand, so skip the path's trimming then.
        if self.secret_copies.is_empty() {
            return None;
        }
        let path = path.trim_start_matches("./").trim_end_matches('/');
        let name = paths::file_name(path);
        if name.is_empty() {
            return None;
        }
        self.secret_copies
            .iter()
            .find(|(copy, _)| {
                let copy = copy.trim_start_matches("./").trim_end_matches('/');
                copy == path
                    || paths::file_name(copy) == name
                        && (!copy.contains('/') || !path.contains('/'))
            })
            .map(|(_, origin)| origin.as_str())
    }

    /// Whether `path` is (or ends with the name of) a downloaded file. A download recorded as
    /// a glob (`dist/*`, `*.tar.gz`: a release's assets) covers the names it matches.
    pub fn downloaded(&self, path: &str) -> bool {
        let name = paths::file_name(path);
        !name.is_empty()
            && self.downloads.iter().any(|d| {
                d == path || {
                    let d_name = paths::file_name(d);
                    d_name == name || d_name.contains('*') && glob_matches(d_name, name)
                }
            })
    }
}

/// Whether a file name matches a shell glob of `*` wildcards (`*linux*.tar.gz`).
fn glob_matches(glob: &str, name: &str) -> bool {
    let mut parts = glob.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let pieces: Vec<&str> = parts.collect();
    for (i, piece) in pieces.iter().enumerate() {
        if i + 1 == pieces.len() {
            return rest.ends_with(piece);
        }
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Judges `equivalent` (a POSIX command line) as what the command `what` amounts to (a
/// Windows statement, an sftp batch line): each finding says both, so it names the command the
/// agent wrote and the recognizer's reason.
pub fn judge_as(
    what: &str,
    equivalent: &str,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let mut found = Vec::new();
    crate::judge_shell(equivalent, depth + 1, ctx, &mut found);
    for mut f in found {
        f.message = format!("{what} (as `{equivalent}`): {}", f.message);
        out.push(f);
    }
}

/// The command as the agent wrote it (its program and arguments), for messages.
fn written(cmd: &Cmd<'_>) -> String {
    let mut line = String::from(cmd.program);
    for a in cmd.args {
        line.push(' ');
        line.push_str(a);
    }
    line
}

/// Judges what a command amounts to ([`equivalents`]): a command line here (as
/// [`judge_as`]), a command line on other hosts or in a container (a context of its own; a
/// bounded finding becomes one to verify in production or on every host), or SQL on a
/// database (production raises a bounded finding the same way). False when it leaves the
/// command to its own recognizer: an interactive session whose command found nothing.
fn judge_equivalent(
    cmd: &Cmd<'_>,
    equivalent: equivalents::Equivalent,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) -> bool {
    let what = crate::cut(&written(cmd), 120).to_owned();
    let raise = |f: &mut Finding, wide: bool| {
        if wide && f.severity == Severity::Confirm {
            f.severity = Severity::Verify;
        }
    };
    match equivalent {
        equivalents::Equivalent::Here(line) => judge_as(&what, &line, depth, ctx, out),
        equivalents::Equivalent::Remote {
            command,
            target,
            production,
            every_host,
            fleet,
            interactive,
        } => {
            let mut found = Vec::new();
            let mut remote = Context::default();
            crate::judge_shell(&command, depth + 1, &mut remote, &mut found);
            // A container an earlier step started here from a server image: a throwaway.
            if let Some(why) = throwaway::exec_container(cmd, &target, &command, ctx) {
                for f in found
                    .iter_mut()
                    .filter(|f| carried::changes_only_the_place(f))
                {
                    f.severity = Severity::Note;
                    f.message = format!("in {why}, a throwaway: {}", f.message);
                }
            }
            if found.is_empty() && interactive {
                return false;
            }
            let place = if every_host {
                " on every host".to_owned()
            } else if fleet {
                format!(" on every host {} selects", crate::cut(&target, 60))
            } else if target.is_empty() {
                String::new()
            } else {
                format!(" on {target}")
            };
            for mut f in found {
                raise(&mut f, production || every_host || fleet);
                f.message = format!(
                    "{what} (runs `{}`{place}{}): {}",
                    crate::cut(&command, 80),
                    if production { ", production" } else { "" },
                    f.message
                );
                out.push(f);
            }
        }
        equivalents::Equivalent::Sql { sql, database } => {
            let production = containers::production(&database);
            // A server an earlier step started here, when every target of the line is it
            // (`sqlcmd -S localhost,PORT` on a container published on PORT).
            let local = throwaway::target(cmd, ctx).filter(|_| !production);
            for mut f in crate::sql::judge_sql(&sql) {
                raise(&mut f, production);
                if let Some(why) = &local
                    && carried::changes_only_the_place(&f)
                {
                    f.severity = Severity::Note;
                    f.message = format!("in {why}, a throwaway: {}", f.message);
                }
                f.message = format!(
                    "{} (SQL on {}): {}",
                    crate::cut(&what, 60),
                    if database.is_empty() {
                        "its database"
                    } else {
                        &database
                    },
                    f.message
                );
                out.push(f);
            }
        }
    }
    true
}

/// How deep re-parsed bodies (`bash -c`, `eval`, decoded payloads, substitutions) may nest.
pub const MAX_DEPTH: u8 = 6;

/// Judges a parsed script: each simple command, each pipeline, each substitution.
pub fn script(s: &Script<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if depth > MAX_DEPTH {
        return;
    }
    // Variables the script sets before it uses them (`x=rm; $x -rf /`): a program or a target
    // hidden behind a name is judged as what the name holds.
    let mut bindings: Vec<(&str, &str)> = Vec::new();
    // Variables an earlier step set: that step's shell may or may not have kept them, so a
    // command using one is judged both as written and as bound, the worse counts.
    let carried_vars = ctx.env.exported.clone();
    let carried_bindings: Vec<(&str, &str)> = carried_vars
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    for (i, c) in s.commands.iter().enumerate() {
        remember_bindings(c, &mut bindings);
        let bound = expand_bindings(c, &bindings);
        let c = bound.as_ref().unwrap_or(c);
        let carried_bound = expand_bindings(c, &carried_bindings);
        // A variable bound to `mktemp`, used as a whole word, is the temporary path or empty.
        let as_written =
            carried_bound.is_none() || !throwaway::only_temporary_references(c, &carried_bindings);
        let written_too = as_written.then_some(c);
        for c in written_too.into_iter().chain(carried_bound.as_ref()) {
            one_command(c, s, i, depth, ctx, out);
        }
        // An argument a substitution decodes (`psql -c "$(echo X | base64 -d)"`): the command
        // is judged with what it decodes to, by every reader.
        if let Some((plain, texts)) = decoded::decoded(c) {
            let before = out.len();
            one_command(&plain, s, i, depth, ctx, out);
            for f in &mut out[before..] {
                f.message = format!(
                    "an argument decodes to `{}`: {}",
                    crate::cut(&texts.join("`, `"), 60),
                    f.message
                );
            }
        }
    }
    for sub in &s.substitutions {
        crate::judge_shell(sub.body, depth + 1, ctx, out);
    }
}

/// One simple command of a script, its bindings substituted: resolved and judged.
fn one_command(
    c: &Command<'_>,
    s: &Script<'_>,
    i: usize,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    {
        carried::record_bindings(&c.words, ctx);
        let expanded = expand_lookups(c);
        let c = expanded.as_ref().unwrap_or(c);
        let mut folded = Vec::new();
        let Some(cmd) = resolve(c, &mut folded) else {
            // Redirections alone (`> /etc/passwd`) still write.
            let bare = Cmd {
                program: "",
                args: &[],
                redirects: &c.redirects,
                more_args: false,
                piped_in: c.piped_in,
                assignments: &c.assignments,
                prefix: &[],
                launcher: &[],
            };
            filesystem::redirects(&bare, out);
            audit_logs::judge(&bare, out);
            tampering::judge(&bare, ctx, out);
            // `TARGET=-1` alone sets a variable later commands and steps read.
            carried::record_assignments(&c.assignments, ctx);
            return;
        };
        // An alias or a function named like a wrapper (`alias env='rm'`, then `env -rf /`):
        // the shell expands the name before the wrapper could run, so the line is what the
        // definition stands for, whatever the wrapper reading made of it.
        if let Some(first) = c.words.first()
            && !(ctx.env.aliases.is_empty() && ctx.env.functions.is_empty())
        {
            let written = program_name(first).to_ascii_lowercase();
            if written != cmd.program
                && let Some((what, line)) = carried::named_command(&written, &c.words[1..], ctx)
            {
                judge_as(&what, &line, depth, ctx, out);
            }
        }
        command(&cmd, s, i, depth, ctx, out);
    }
}

/// Resolves a parsed command (wrappers, paths, case); `folded` holds the lowercased words of a
/// shouted command.
pub fn resolve<'c>(c: &'c Command<'_>, folded: &'c mut Vec<Cow<'static, str>>) -> Option<Cmd<'c>> {
    let mut words: &'c [Cow<'c, str>] = &c.words;
    let mut more_args = false;
    let mut k = 0;
    // Where the package runner that starts the program begins (`npx`, `pnpm dlx`, `uvx`...).
    let mut runner: Option<usize> = None;
    // The program is a jar run by `java -jar` (`java -jar bfg.jar` runs bfg).
    let mut jar = false;
    loop {
        let first = words.get(k)?;
        let name = drop_ins::original(program_name(first));
        if let Some(j) = package_runner(name, words, k) {
            if j <= k || j >= words.len() {
                break;
            }
            runner = Some(k);
            k = j;
            continue;
        }
        let next = match name {
            "sudo" | "doas" => {
                // `sudo -e FILE` (sudoedit) edits FILE: sudo is the program.
                let end = skip_options(words, k + 1, SUDO_VALUES).min(words.len());
                let opts = words.get(k + 1..end).unwrap_or(&[]);
                if opts.iter().any(|o| sudo_edit_option(o)) {
                    break;
                }
                // `sudo EDITOR='tee -a' visudo`: sudo sets these in the command's environment.
                let mut j = skip_options(words, k + 1, SUDO_VALUES);
                while words
                    .get(j)
                    .is_some_and(|w| crate::shell::is_assignment(w) && j + 1 < words.len())
                {
                    j += 1;
                }
                j
            }
            "env" => {
                let mut j = skip_options(
                    words,
                    k + 1,
                    &["-u", "-C", "--unset", "--chdir", "-S", "--split-string"],
                );
                while words
                    .get(j)
                    .is_some_and(|w| w.contains('=') && !w.starts_with('-'))
                {
                    j += 1;
                }
                j
            }
            "command" => {
                if words[k + 1..].iter().any(|w| w == "-v" || w == "-V") {
                    return None;
                }
                skip_options(words, k + 1, &[])
            }
            "builtin" | "nohup" | "setsid" | "unbuffer" | "noglob" => k + 1,
            "exec" => skip_options(words, k + 1, &["-a"]),
            "time" => skip_options(words, k + 1, &["-f", "-o", "--format", "--output"]),
            "nice" => skip_options(words, k + 1, &["-n", "--adjustment"]),
            "ionice" => skip_options(words, k + 1, &["-c", "-n", "-t", "--class", "--classdata"]),
            "chrt" | "taskset" => {
                let j = skip_options(words, k + 1, &[]);
                j + 1
            }
            "stdbuf" => skip_options(words, k + 1, &["-i", "-o", "-e"]),
            "timeout" => skip_options(words, k + 1, &["-s", "-k", "--signal", "--kill-after"]) + 1,
            "xargs" => {
                more_args = true;
                skip_options(
                    words,
                    k + 1,
                    &[
                        "-n",
                        "-L",
                        "-P",
                        "-I",
                        "-d",
                        "-a",
                        "-E",
                        "-s",
                        "--max-args",
                        "--max-lines",
                        "--max-procs",
                        "--delimiter",
                        "--arg-file",
                        "--eof",
                        "--max-chars",
                        "--replace",
                    ],
                )
            }
            // GNU parallel runs its command on each item (`parallel rm -rf ::: a b` is `rm -rf
            // a b` item by item; without `:::` the items come from stdin, as for xargs).
            "parallel" => {
                more_args = !words.iter().any(|w| w == ":::");
                skip_options(words, k + 1, PARALLEL_VALUES)
            }
            "watch" => {
                let j = skip_options(words, k + 1, WATCH_VALUES);
                // watch hands its command to `sh -c` (watch(1)) unless `-x` / `--exec`: one
                // quoted word with operators in it (`watch 'ls | head'`) is a script, judged
                // as one by the shell-string reader (`interpreters::shell_string`).
                let exec = words[k + 1..j.min(words.len())]
                    .iter()
                    .any(|w| w == "-x" || w == "--exec");
                if !exec
                    && words.len() == j + 1
                    && words[j].contains([' ', '\t', '\n', ';', '|', '&'])
                {
                    break;
                }
                j
            }
            "busybox" | "toybox" => k + 1,
            // `java [options] -jar FILE.jar ARGS`: the jar's program runs with ARGS, judged as
            // that program (`java -jar bfg.jar --delete-files x` is bfg's delete).
            "java" => match words[k + 1..].iter().position(|w| w == "-jar") {
                Some(at) if words.get(k + at + 2).is_some_and(|w| w.ends_with(".jar")) => {
                    jar = true;
                    k + at + 2
                }
                _ => break,
            },
            "chroot" => skip_options(words, k + 1, &["--userspec", "--groups"]) + 1,
            // `flock FILE -c CMD` hands CMD to a shell: the shell-string reader judges it.
            "flock" if words.iter().any(|w| w == "-c" || w == "--command") => break,
            "flock" => {
                skip_options(
                    words,
                    k + 1,
                    &["-w", "-E", "--timeout", "--conflict-exit-code"],
                ) + 1
            }
            // The wrappers of `drop_ins` (`run0`, `gosu USER`, `op run --`, `k3s kubectl`).
            _ => match drop_ins::wrapped(name, words, k) {
                Some(j) => j,
                None => break,
            },
        };
        if next <= k || next >= words.len() {
            // A wrapper without a command (`env`, `sudo -i`): the wrapper is the program.
            break;
        }
        k = next;
    }
    // A program with capitals (`RM`, `gIt`, `MKFS.EXT4`) or a subcommand in capitals
    // (`gcloud RUN services DELETE x`): no shell runs it so, but the intent is plain, so the
    // command's words are folded to lower case.
    // Two capitals at least: one is a name's initial or a matcher's letter (salt's
    // `S@10.0.0.0/16`, `G@os`), not a shout.
    let capitals = |w: &str| {
        w.len() >= 2
            && !w.starts_with('-')
            && !w.contains('$')
            && w.bytes().filter(u8::is_ascii_uppercase).count() >= 2
            && !w.bytes().any(|b| b.is_ascii_lowercase())
    };
    if words.get(k).is_some_and(|w| shouted(w))
        || words.iter().skip(k + 1).take(3).any(|w| capitals(w))
    {
        // Variables (`$HOME`) keep their case: they name something else in lower case.
        *folded = words
            .iter()
            .map(|w| {
                // Short options keep theirs too (`-P` is not `-p`, `-F` not `-f`); long ones
                // are folded (`--FoRcE`).
                Cow::Owned(
                    if w.contains('$') || w.starts_with('-') && !w.starts_with("--") {
                        w.to_string()
                    } else {
                        w.to_ascii_lowercase()
                    },
                )
            })
            .collect();
        let f: &'c Vec<Cow<'static, str>> = folded;
        words = f;
    }
    let first = words.get(k)?;
    let program = leak_lower(first);
    let program = if jar { jar_program(program) } else { program };
    let program = drop_in(program);
    Some(Cmd {
        program: if runner.is_some() {
            package_bin(program)
        } else {
            program
        },
        args: &words[k + 1..],
        redirects: &c.redirects,
        more_args,
        piped_in: c.piped_in,
        assignments: &c.assignments,
        prefix: &words[..k],
        launcher: runner.map_or(&[][..], |r| &words[r..=k]),
    })
}

/// The program a fork is a drop-in for: the same command line, options and commands under
/// another name (Valkey and KeyDB ship `valkey-cli` / `keydb-cli`, Memurai `memurai-cli`, all
/// redis-cli with its protocol; OpenBao ships `bao`, Vault's CLI, addressed by `BAO_ADDR`), so
/// every reader of the original reads the fork.
/// Other forks, ports and renamed builds are read from [`drop_ins`]' table.
fn drop_in(program: &str) -> &str {
    match program {
        "valkey-cli" | "keydb-cli" | "memurai-cli" => "redis-cli",
        p => drop_ins::original(p),
    }
}

/// The program a jar file runs: its name without `.jar` and without a version
/// (`bfg-1.14.0.jar` is `bfg`, `flyway-commandline-10.1.jar` is `flyway-commandline`).
fn jar_program(file: &str) -> &str {
    let name = file.strip_suffix(".jar").unwrap_or(file);
    let b = name.as_bytes();
    let version = (1..b.len()).find(|&i| matches!(b[i - 1], b'-' | b'_') && b[i].is_ascii_digit());
    match version {
        Some(i) if i > 1 => &name[..i - 1],
        _ => name,
    }
}

/// The options of GNU parallel that take a value (parallel(1)).
const PARALLEL_VALUES: &[&str] = &[
    "-j",
    "--jobs",
    "-n",
    "-N",
    "--max-args",
    "-S",
    "--sshlogin",
    "-a",
    "--arg-file",
    "--results",
    "--joblog",
    "--colsep",
    "-d",
    "--delimiter",
    "-I",
    "--delay",
    "--timeout",
    "--retries",
    "--halt",
    "--tmpdir",
    "--workdir",
];

/// The options of `watch` that take a value.
pub const WATCH_VALUES: &[&str] = &["-n", "-d", "--interval", "--differences", "-q", "--chgexit"];

/// A package runner at `words[k]` (`npx`, `bunx`, `pnpx`, `uvx`, and `pnpm dlx|exec`, `yarn
/// dlx|exec`, `npm exec|x`, `bun x`, `pipx run`, `uv run`, `uv tool run`, `poetry run`, `pipenv
/// run`, `bundle exec`): the index of the package (or command) it starts, after the runner's
/// options. `None` when `words[k]` is no runner, or hands a string to a shell instead
/// (`npx -c 'cmd'`, `npm exec --call 'cmd'`: the shell-string reader judges those).
fn package_runner(name: &str, words: &[Cow<'_, str>], k: usize) -> Option<usize> {
    // Options of the runners that take a value (npm's, pnpm's, bun's, uv's and pipx's docs).
    const VALUES: &[&str] = &[
        "-p",
        "--package",
        "--registry",
        "--cache",
        "--userconfig",
        "-w",
        "--workspace",
        "--node-options",
        "--from",
        "--with",
        "--with-editable",
        "--with-requirements",
        "--python",
        "--index-url",
        "--extra-index-url",
        "--index",
        "--spec",
        "--pip-args",
        "--directory",
        "--project",
        "-C",
        "--dir",
        "--filter",
        "-F",
        "--env-file",
        "--gemfile",
    ];
    let sub = |s: &[&str]| words.get(k + 1).is_some_and(|w| s.contains(&&**w));
    let start = match name {
        "npx" | "bunx" | "pnpx" | "uvx" => k + 1,
        "pnpm" | "yarn" if sub(&["dlx", "exec"]) => k + 2,
        "npm" if sub(&["exec", "x"]) => k + 2,
        "bun" if sub(&["x"]) => k + 2,
        "pipx" | "poetry" | "pipenv" | "hatch" | "pdm" | "rye" if sub(&["run"]) => k + 2,
        "bundle" | "rbenv" if sub(&["exec"]) => k + 2,
        "uv" if sub(&["run"]) => k + 2,
        "uv" if sub(&["tool"]) && words.get(k + 2).is_some_and(|w| w == "run") => k + 3,
        _ => return None,
    };
    let j = skip_options(words, start, VALUES);
    let shell = words[start.min(words.len())..j.min(words.len())]
        .iter()
        .any(|w| matches!(&**w, "-c" | "--call" | "--shell-mode") || w.starts_with("--call="));
    (!shell).then_some(j)
}

/// The binary a package runner starts for a package as written: `@org/tool@2.1.0` is `tool`,
/// `create-x@latest` is `create-x`, `ruff==0.4` and `black[jupyter]` are `ruff` and `black`;
/// a CLI packaged as `NAME-cli` (`cdktf-cli`, `netlify-cli`) or `@NAME/cli` (`@railway/cli`)
/// installs the binary `NAME`, and `firebase-tools` installs `firebase`.
pub fn package_bin(spec: &str) -> &str {
    // A local file or URL is run as itself.
    if spec.starts_with("./") || has(spec, "://") {
        return spec;
    }
    let spec = spec.strip_prefix("npm:").unwrap_or(spec);
    let (scope, mut name) = match spec.strip_prefix('@').and_then(|r| r.split_once('/')) {
        Some((scope, rest)) => (scope, rest),
        None => ("", spec),
    };
    if let Some(at) = name.rfind('@')
        && at > 0
    {
        name = &name[..at];
    }
    if let Some(end) = name.find(['=', '<', '>', '[', '~', '!']) {
        name = &name[..end];
    }
    if name == "cli" && !scope.is_empty() {
        return scope;
    }
    // The packages whose binary has another name altogether.
    match name {
        "aws-cdk" => return "cdk",
        "typescript" => return "tsc",
        _ => {}
    }
    // A program known by its full name keeps it (`redis-cli`, `azure-cli`'s `az` aside).
    if !lexicon::is(name, lexicon::PROGRAM) {
        for suffix in ["-cli", "-tools"] {
            if let Some(base) = name.strip_suffix(suffix)
                && !base.is_empty()
            {
                return base;
            }
        }
    }
    if name.is_empty() { spec } else { name }
}

/// A program word with capitals (`RM`, `gIt`): no shell finds it, but the intent is plain, so the
/// command's words are folded to lower case.
fn shouted(w: &str) -> bool {
    let name = w.rsplit('/').next().unwrap_or(w);
    name.len() > 1 && name.bytes().any(|b| b.is_ascii_uppercase())
}

/// `sudo -e` (`--edit`, or `-e` in a cluster of flags without values such as `-Se`): sudo
/// edits the files it is given. `-udeploy` is `-u deploy`, not an edit.
pub fn sudo_edit_option(o: &str) -> bool {
    o == "--edit"
        || o.strip_prefix('-').is_some_and(|flags| {
            flags.contains('e') && flags.bytes().all(|c| b"AbBEeHiKklnNPSsVv".contains(&c))
        })
}

/// The options of `sudo` (and `doas`) that take a value.
pub const SUDO_VALUES: &[&str] = &[
    "-u", "-g", "-h", "-C", "-D", "-p", "-r", "-t", "-T", "-U", "--user", "--group", "--chdir",
];

/// After the options of a wrapper starting at `from`: the index of its command. Options in
/// `with_value` take the next word (unless written `-u=x` or `--user=x`).
fn skip_options(words: &[Cow<'_, str>], from: usize, with_value: &[&str]) -> usize {
    let mut j = from;
    while let Some(w) = words.get(j) {
        if w == "--" {
            return j + 1;
        }
        if !w.starts_with('-') || w.len() == 1 {
            return j;
        }
        j += 1;
        if with_value.contains(&&**w) {
            j += 1;
        }
    }
    j
}

/// The name a program word runs: its last path component, lowercased, unless it is a local
/// file (`./rm`).
pub fn program_name(w: &str) -> &str {
    if w.starts_with("./") {
        return w;
    }
    // `$(command -v rm)`, `` `which rm` ``: the shell looks the program up and runs it.
    if let Some(looked_up) = path_lookup(w) {
        return looked_up;
    }
    let name = w.rsplit('/').next().unwrap_or(w);
    // A Windows executable's name (`powershell.exe`, `curl.exe`) is the program's.
    // `format.com`, `tree.com`: DOS-era `.com` executables are run by the same name.
    let name = [".exe", ".EXE", ".com", ".COM"]
        .iter()
        .find_map(|x| name.strip_suffix(x))
        .unwrap_or(name);
    if name.is_empty() { w } else { name }
}

/// The program a word looks up on the PATH when it is one lookup substitution: `$(command -v
/// X)`, `$(which X)`, `$(type -p X)` / `-P`, `$(whence -p X)`, `$(whereis -b X)` or the same in
/// backticks print X's path, so the word names X (`chmod -x "$(command -v airlock)"` changes
/// airlock's binary, `$(which rm) -rf /` runs rm).
pub fn path_lookup(w: &str) -> Option<&str> {
    let b = w.as_bytes();
    let inner = if b.first() == Some(&b'`') && b.len() > 2 && b[b.len() - 1] == b'`' {
        &w[1..w.len() - 1]
    } else if w.starts_with("$(") && w.ends_with(')') {
        &w[2..w.len() - 1]
    } else {
        return None;
    };
    let mut parts = inner.split_whitespace();
    let lookup = parts.next()?;
    let mut arg = parts.next()?;
    match lookup {
        "which" => {}
        "command" | "type" | "whence" | "whereis" if arg.starts_with('-') => {
            if !matches!(arg, "-v" | "-p" | "-P" | "-b" | "-pa" | "-vp") {
                return None;
            }
            arg = parts.next()?;
        }
        _ => return None,
    }
    if parts.next().is_some() || arg.starts_with('-') || arg.contains(['$', '`', '(']) {
        return None;
    }
    Some(arg)
}

/// Records the variables a command sets for the commands after it: an assignment standing
/// alone (`x=rm`), or `export`, `declare`, `typeset`, `local`, `readonly` of `NAME=VALUE`. (A
/// prefix assignment, `X=1 cmd`, sets X for `cmd` only.) A later assignment hides an earlier one.
fn remember_bindings<'s>(c: &'s Command<'_>, bindings: &mut Vec<(&'s str, &'s str)>) {
    let set: &[Cow<'_, str>] = if c.words.is_empty() {
        &c.assignments
    } else if matches!(
        &*c.words[0],
        "export" | "declare" | "typeset" | "local" | "readonly"
    ) {
        &c.words[1..]
    } else {
        return;
    };
    for w in set {
        if crate::shell::is_assignment(w)
            && let Some((name, value)) = w.split_once('=')
            && !name.ends_with('+')
        {
            // A variable bound to `mktemp` names a fresh temporary path ([`scope`]).
            bindings.push((name, scope::temporary_binding(value).unwrap_or(value)));
        }
    }
}

/// The value of a word made of variable references the command line bound and literal pieces
/// (`$x`, `${x}`, `$a$b`, `${a}m`, `/usr/bin/$p`), if it holds at least one reference and every
/// reference is bound: a program's name built from pieces (`a=r; b=m; $a$b -rf /`) is that
/// program. A reference to a variable the line did not bind leaves the word as written.
fn bound<'b>(w: &str, bindings: &[(&str, &'b str)]) -> Option<Cow<'b, str>> {
    if !w.contains('$') {
        return None;
    }
    let value = |name: &str| {
        bindings
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    };
    // `${x//X/}`: a literal replacement over a bound value ([`transforms`]).
    if w.starts_with("${")
        && w.ends_with('}')
        && w.contains('/')
        && let Some(v) = transforms::parameter_replacement(w, |n| value(n).map(str::to_owned))
    {
        return Some(Cow::Owned(v));
    }
    // The usual case, one reference: its value, without allocating.
    let single = w.strip_prefix('$').map(|n| {
        n.strip_prefix('{')
            .and_then(|n| n.strip_suffix('}'))
            .unwrap_or(n)
    });
    if let Some(name) = single
        && !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return value(name).map(Cow::Borrowed);
    }
    let mut out = String::new();
    let mut rest = w;
    while let Some(at) = rest.find('$') {
        let literal = &rest[..at];
        if !literal
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'/'))
        {
            return None;
        }
        out.push_str(literal);
        let after = &rest[at + 1..];
        let (name, next) = if let Some(braced) = after.strip_prefix('{') {
            let end = braced.find('}')?;
            (&braced[..end], &braced[end + 1..])
        } else {
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return None;
        }
        out.push_str(value(name)?);
        rest = next;
    }
    if !rest
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'/'))
    {
        return None;
    }
    out.push_str(rest);
    Some(Cow::Owned(out))
}

/// The command with every word that is one bound variable replaced by its value, or `None`
/// when it has none (the usual case, checked without allocating). The program word's value is
/// split on blanks, as the shell splits an unquoted expansion (`c="rm -rf"; $c /`): judging
/// the split words is the cautious reading either way.
fn expand_bindings<'a>(c: &Command<'a>, bindings: &[(&str, &str)]) -> Option<Command<'a>> {
    if bindings.is_empty() || !c.words.iter().any(|w| bound(w, bindings).is_some()) {
        return None;
    }
    let mut out = c.clone();
    out.words.clear();
    for (i, w) in c.words.iter().enumerate() {
        match bound(w, bindings) {
            // A lookup (`p="$(command -v rm)"`) is one word, read by `expand_lookups`.
            Some(v) if i == 0 && path_lookup(&v).is_none() => out
                .words
                .extend(v.split_whitespace().map(|p| Cow::Owned(p.to_owned()))),
            Some(v) => out.words.push(Cow::Owned(v.into_owned())),
            None => out.words.push(w.clone()),
        }
    }
    if out.words.is_empty() {
        return None;
    }
    Some(out)
}

/// The words of a command with every lookup substitution (`$(command -v X)`, see
/// [`path_lookup`]) replaced by a path of X on the PATH, or `None` when it has none (the usual
/// case, checked without allocating): the recognizers then grade the path (`/usr/bin/X`).
fn expand_lookups<'a>(c: &Command<'a>) -> Option<Command<'a>> {
    let has = |w: &str| (has(w, "$(") || w.contains('`')) && path_lookup(w).is_some();
    if !c.words.iter().skip(1).any(|w| has(w)) {
        return None;
    }
    let mut out = c.clone();
    for w in out.words.iter_mut().skip(1) {
        if let Some(x) = path_lookup(w) {
            *w = Cow::Owned(format!("/usr/bin/{x}"));
        }
    }
    Some(out)
}

/// `program_name`, lowercased: borrowed when already lower case (the usual case); the few
/// capitalized ones map to a static name when known.
fn leak_lower(w: &str) -> &str {
    let name = program_name(w);
    if name.bytes().any(|b| b.is_ascii_uppercase()) {
        KNOWN
            .iter()
            .find(|k| k.eq_ignore_ascii_case(name))
            .copied()
            .unwrap_or(name)
    } else {
        name
    }
}

/// Program names a recognizer acts on (for case folding a capitalized program name).
const KNOWN: &[&str] = &[
    "rm",
    "find",
    "shred",
    "truncate",
    "dd",
    "mkfs",
    "wipefs",
    "chmod",
    "chown",
    "mv",
    "cp",
    "git",
    "docker",
    "podman",
    "kubectl",
    "helm",
    "terraform",
    "tofu",
    "pulumi",
    "cdk",
    "aws",
    "gcloud",
    "gsutil",
    "az",
    "shutdown",
    "reboot",
    "poweroff",
    "halt",
    "kill",
    "killall",
    "pkill",
    "systemctl",
    "iptables",
    "ufw",
    "setenforce",
    "crontab",
    "userdel",
    "passwd",
    "usermod",
    "curl",
    "wget",
    "bash",
    "sh",
    "zsh",
    "python",
    "python3",
    "node",
    "perl",
    "ruby",
    "eval",
    "cat",
    "scp",
    "rsync",
    "airlock",
    "psql",
    "mysql",
    "redis-cli",
    "sqlite3",
    "mongosh",
    "mongo",
    "tee",
    "sed",
    "nc",
    "stripe",
    "pwsh",
    "powershell",
    "iex",
    "invoke-expression",
];

/// One simple command: its family's recognizer, and the checks every command gets (its
/// redirections and path arguments, the split-action context).
fn command(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let p = cmd.program;
    let start = out.len();
    if matches!(
        p,
        "cd" | "pushd"
            | "popd"
            | "chdir"
            | "set-location"
            | "sl"
            | "push-location"
            | "pop-location"
    ) {
        // A folder `mktemp -d` makes as it is entered (`cd "$(mktemp -d)"`) is a fresh one in
        // the temporary directory ([`temporary_cwd::made_by_mktemp`]).
        let target = cmd
            .operands(&[])
            .next()
            .map(|t| temporary_cwd::made_by_mktemp(t).unwrap_or(t));
        let back = matches!(p, "popd" | "pop-location");
        let entered = if back {
            None
        } else {
            paths::enter(ctx.cwd.as_deref(), target)
        };
        if entered.is_none() {
            // `cd -`, `popd`: back to a directory not known here. Where the agent was stays
            // possible (the stricter reading), never forgotten.
            if ctx.cwd.is_some() {
                ctx.cwd_unsure = ctx.cwd.take();
            }
        } else if ctx.in_subshell {
            // `(cd /var/lib/mysql && find . -delete)`: the cd holds for what follows it inside
            // the parentheses, not after them; both readings are kept, the worst wins.
            ctx.cwd_unsure = entered;
        } else if entered_for_sure(s, index) {
            ctx.cwd = entered;
            ctx.cwd_unsure = None;
        } else {
            // `cd x; rm -rf *`: if the cd fails, the rm runs where the agent already was.
            ctx.cwd_unsure = entered;
        }
    }
    // Settings the line leaves out, from its env prefix and from what earlier steps selected
    // (`export AWS_PROFILE=prod-admin`, `kubectl config use-context X`), read as the options
    // they stand for: the recognizers grade them as if written on the line.
    // A copy of a known program's binary under another name (`cp "$(command -v airlock)"
    // /tmp/al`) is that program.
    // A name read as another program's (`gdd` as `dd`) that an earlier step bound is that
    // binding: looked up under the names the line may have been written with too.
    let bound = |lookup: &dyn Fn(&str) -> bool| -> Option<&'static str> {
        drop_ins::written_names(p).find(|n| lookup(n))
    };
    let copied = carried::copied_program(p, ctx)
        .or_else(|| {
            bound(&|n| carried::copied_program(n, ctx).is_some())
                .and_then(|n| carried::copied_program(n, ctx))
        })
        .map(str::to_owned);
    let renamed;
    let cmd = match &copied {
        Some(program) => {
            renamed = Cmd { program, ..*cmd };
            &renamed
        }
        None => cmd,
    };
    let p = cmd.program;
    // An alias or a function an earlier command or step defined runs what it stands for. The
    // name is judged as written too: a function that wraps the program of the same name
    // (`git() { command git "$@"; }`) must not hide it.
    let named = carried::named_command(p, cmd.args, ctx).or_else(|| {
        if ctx.env.aliases.is_empty() && ctx.env.functions.is_empty() {
            return None;
        }
        drop_ins::written_names(p).find_map(|n| carried::named_command(n, cmd.args, ctx))
    });
    if let Some((what, line)) = named {
        judge_as(&what, &line, depth, ctx, out);
    }
    // A git alias, a package script, a make target an earlier step defined runs its text.
    definitions::judge(cmd, depth, ctx, out);
    // A script an earlier step wrote, run through the program's own script option.
    scripts::judge(cmd, depth, ctx, out);
    // A package a runner fetched from its registry and started, nobody having vetted it.
    package_runners::judge(cmd, out);
    // Where the command acts ([`scope`]), read from the line as written and what earlier steps
    // left: a production place raises what its readers find, the developer's own lowers it; a
    // shared or production place also keeps a thing made here from lowering it (the widest
    // place wins).
    let scope = session::widen(scope::of(cmd, ctx), cmd, ctx);
    // A kube context only an earlier step selected (`kubectl config use-context kind-dev`,
    // `kind create cluster`): a step is an intention, not a result, and a switch to a context
    // that does not exist fails and leaves the current one (production, perhaps) in place. A
    // throwaway cluster known that way lowers one tier, never past a person
    // ([`scratch::made_here`]); one the line names itself is the line's.
    let context_claimed = matches!(cmd.program, "kubectl" | "oc" | "helm")
        && cmd.value(&["--context", "--kube-context"]).is_none()
        && ctx.env.kube_context.is_some();
    let settled_args = carried::settle(cmd, ctx);
    let settled;
    let cmd = match &settled_args {
        Some(args) => {
            settled = Cmd { args, ..*cmd };
            &settled
        }
        None => cmd,
    };
    // An earlier step read for its context only ([`Context::context_only`]): the readers
    // below that take no context (or only look at it) and never find tampering are skipped
    // (`full` is their flag). Nested readings (depth > 0) stay full, so what a reader with the
    // context makes of their findings is unchanged; the generic reader, which runs only when
    // nothing else found anything, finds tampering only in an argument naming airlock, so such
    // a command is read in full.
    let full = !(ctx.context_only && depth == 0) || cmd.args.iter().any(|a| names_airlock(a));
    // A dry run, a help or a version request does nothing it names, whatever family the
    // command belongs to: no secret is read or sent, airlock approves nothing (`airlock
    // approve --help` prints usage).
    // The shell's own redirections are not the program's to dry-run: `kubectl apply
    // --dry-run=client -f x > /etc/sudoers` still overwrites the file.
    // A script an earlier step wrote gets no dry run from its options: it runs as written.
    if dry_run(cmd) && !carried::runs_written_script(cmd, ctx) {
        filesystem::redirects(cmd, out);
        return;
    }
    // `source /dev/stdin` (`. /dev/fd/0`) runs what its stdin carries, as `sh` reading its
    // stdin does: the same command with the same input (`. /dev/stdin <<< "$(curl URL)"`,
    // `curl URL | source /dev/stdin`) is judged as `sh`.
    if equivalents::sources_stdin(cmd) {
        let as_shell = Cmd {
            program: "sh",
            args: cmd.args.get(1..).unwrap_or(&[]),
            ..*cmd
        };
        let before = out.len();
        command(&as_shell, s, index, depth, ctx, out);
        for f in &mut out[before..] {
            f.message = format!("{p} {} (as `sh`): {}", cmd.args[0], f.message);
        }
        return;
    }
    // A program that amounts to another command (`npx rimraf ~`, `docker exec web CMD`,
    // `wrangler d1 execute db --command SQL`), or whose settings change its meaning
    // (`TF_CLI_ARGS_apply=-destroy terraform apply`, `git -c core.hooksPath=/dev/null commit`):
    // judged as that command, by the whole judgement.
    if let Some(equivalent) = equivalents::posix(cmd)
        && judge_equivalent(cmd, equivalent, depth, ctx, out)
    {
        filesystem::redirects(cmd, out);
        return;
    }
    if let Some(line) = equivalents::settings(cmd) {
        judge_as(&written(cmd), &line, depth, ctx, out);
        if equivalents::hooks_disabled(cmd) {
            out.push(finding(
                Family::Git,
                "git.hooks-disabled",
                Severity::Confirm,
                format!(
                    "{}: core.hooksPath points at no hooks, every check the repository runs is skipped",
                    crate::cut(&written(cmd), 80)
                ),
            ));
        }
        filesystem::redirects(cmd, out);
        return;
    }
    if p == "find" {
        find_exec(cmd, depth, ctx, out);
    }
    // `fd ... --exec CMD` is `find ... -exec CMD` (fanout).
    if matches!(p, "fd" | "fdfind") && fanout::fd_exec(cmd, depth, ctx, out) {
        filesystem::redirects(cmd, out);
        return;
    }
    if guard_fed(cmd, s, index, ctx, out) {
        return;
    }
    // A `while read` loop over everything a listing returned (listed_loops.rs).
    let mut looped_everything = false;
    if cmd.more_args {
        if !find_feeder(cmd, s, index, depth, ctx, out) && full {
            bulk(cmd, s, index, None, out);
        }
    } else if full {
        if let Some(list) = loop_list(cmd, s, index) {
            bulk(cmd, s, index, Some(&list), out);
        } else if let Some((feeder, people)) = read_loop_in(cmd, s, index, Some(ctx)) {
            generic::judge_looped(cmd, feeder, people, out);
            looped_everything =
                feeder == generic::Feeder::Wide && loops_over_everything(cmd, s, index, ctx);
        }
    }
    // What the family recognizers found: when a program's recognizer finds nothing, or no
    // recognizer claims the program, the generic reader reads its command path.
    let found_before = out.len();
    let local = if full {
        carried::local_place(cmd, ctx).filter(|_| {
            scope
                .as_ref()
                .is_none_or(|s| s.level < scope::Level::Shared)
        })
    } else {
        None
    };
    let mut unclaimed = false;
    // A claimed command whose arguments are SQL or an interpreter's: data, not a path.
    let mut data_operands = false;
    // Storage appliances, volume managers, disk sanitizers, backup tools and the smaller
    // clouds' data stores, read by their own verbs from per-program tables.
    if full {
        storage_ops::judge(cmd, out);
        // The common programs' less common forms (plumbing, overwriting options, from a file).
        reference_forms::judge(cmd, out);
        // Every packet filter's and security group's CLI, by the effect of its rule change.
        firewalls::judge(cmd, out);
        // A bucket or function made public by its vendor's toggle (`r2 bucket dev-url enable`).
        public_toggles::judge(cmd, out);
    }
    // An admin CLI's preview its row names (`p4 obliterate` without `-y`): a read, settled.
    let mut settled = false;
    match p {
        "rm" | "rmdir" | "unlink" | "find" | "shred" | "truncate" | "dd" | "wipefs" | "chmod"
        | "chown" | "chgrp" | "mv" | "cp" | "install" | "ln" | "tee" | "sed" | "srm" | "rsync"
        | "fdisk" | "sfdisk" | "parted" | "sgdisk" | "mke2fs" | "mkswap" | "blkdiscard" => {
            if full {
                filesystem::judge(cmd, ctx.cwd.as_deref(), out);
                // Where a `cd` joined by `;` may have gone: judged there too, the worst wins.
                if let Some(maybe) = ctx.cwd_unsure.as_deref() {
                    filesystem::judge(cmd, Some(maybe), out);
                }
            }
        }
        _ if p.starts_with("mkfs") || p.starts_with("newfs") => {
            if full {
                filesystem::judge(cmd, None, out);
            }
        }
        "mkdosfs" | "mkntfs" | "mkexfatfs" | "diskutil" => {
            if full {
                filesystem::judge(cmd, None, out);
            }
        }
        "git" => {
            if full {
                git::judge(cmd, out);
            }
            git::secret_staged(cmd, ctx, out);
        }
        "docker" | "podman" | "nerdctl" | "docker-compose" | "kubectl" | "oc" | "helm" | "k3s"
        | "microk8s" | "argocd" => {
            if full {
                containers::judge(cmd, out);
            }
        }
        "terraform" | "tofu" | "terragrunt" | "pulumi" | "cdk" | "serverless" | "sls" | "cdktf" => {
            infrastructure::judge(cmd, out)
        }
        "ansible-playbook" | "ansible" => {
            infrastructure::ansible(cmd, out);
        }
        "aws" | "gcloud" | "gsutil" | "az" | "doctl" | "heroku" | "flyctl" | "fly" | "azcopy"
        | "oci" | "ibmcloud" | "linode-cli" | "hcloud" | "scw" | "vultr-cli" | "exo" | "civo"
        | "aliyun" | "s3cmd" | "rclone" | "mc" | "b2" | "yc" | "upctl" | "supabase" | "railway"
        | "vercel" | "netlify" | "firebase" | "wrangler" => {
            if full {
                cloud::judge(cmd, out);
                if p == "aws" {
                    saas::aws(cmd, out);
                }
            }
        }
        "airlock" => {}
        // GitLab's CLI has the same shape (`glab repo delete`, `glab api -X DELETE`).
        "gh" | "glab" => {
            if full {
                git::gh(cmd, out);
            }
        }
        "curl" | "wget" | "http" | "https" | "xh" | "xhs" | "invoke-restmethod" | "irm"
        | "invoke-webrequest" | "iwr" => http::judge(cmd, out),
        "stripe" | "vault" | "op" if !full => {}
        "stripe" => payments::stripe(cmd, out),
        "vault" => secrets::vault(cmd, out),
        "op" => secrets::one_password(cmd, out),
        "gpg" | "gpg2" | "doppler" | "infisical" | "pass" | "gopass" | "bw" => {
            if full {
                secrets::store_delete(cmd, out);
            }
        }
        "zfs" | "zpool" | "lvremove" | "vgremove" | "pvremove" | "btrfs" | "lvreduce" => {
            if full {
                filesystem::volumes(cmd, out);
            }
        }
        _ if lexicon::is(p, lexicon::DATABASE) => {
            if full {
                database(p, cmd.args, out);
            }
        }
        "python" | "python3" | "php" | "bundle" | "npx" | "bunx" | "pnpm" | "yarn"
            if cmd.args.iter().any(|a| {
                let n = program_name(a);
                lexicon::is(n, lexicon::DATABASE) && n != "mongo" || n == "artisan"
            }) =>
        {
            let at = cmd
                .args
                .iter()
                .position(|a| {
                    lexicon::is(program_name(a), lexicon::DATABASE) || program_name(a) == "artisan"
                })
                .unwrap_or(0);
            if full {
                database(program_name(&cmd.args[at]), &cmd.args[at + 1..], out);
            }
            data_operands = true;
        }
        _ if looks_like_sql_command(cmd) => {
            if full {
                let mut text = String::from(p);
                for a in cmd.args {
                    text.push(' ');
                    text.push_str(a);
                }
                out.extend(crate::sql::judge_sql(&text));
            }
            data_operands = true;
        }
        _ => {
            unclaimed = true;
            // An admin CLI's preview its row names (`p4 obliterate` without `-y`) is a read,
            // settled before the generic reader guesses at its verb.
            settled = full && admin_clis::previews(cmd);
        }
    }
    // Kinds read across programs, graded by place below like the family readers' findings:
    // a whole container emptied, a mirror of nothing, a scale to zero, a deploying dispatch,
    // a database server restarted, an audit log destroyed.
    if full {
        emptied::judge(cmd, out);
        // The project's own scripts sending, paying or deleting at scale through their flags.
        project_scripts::judge(cmd, out);
        shared_changes::judge(cmd, out);
        // macOS admin verbs (APFS deletes, log erase, quarantine, management removed).
        macos_admin::judge(cmd, s, index, out);
        audit_logs::judge(cmd, out);
    }
    // A claimed program whose recognizer found nothing falls through to the generic reader
    // (`wmic process where ... delete`, `vault operator rekey`): a recognizer lists the forms
    // it knows, the generic reader reads the rest by effect, unless the operands are data.
    let reads = if settled || !full {
        false
    } else if unclaimed {
        generic::reads_unclaimed(cmd)
    } else {
        !data_operands && !generic::operands_are_data(p)
    };
    if out.len() == found_before
        && reads
        && !known_reads::settled(cmd)
        && !public_toggles::guard_on(cmd)
    {
        generic::judge(cmd, ctx.cwd.as_deref(), !unclaimed, out);
    }
    // Admin CLIs with verbs of their own (directories, version-control servers, schedulers,
    // fleets), graded by reach (after the generic reader, so they never keep it from reading).
    if full {
        admin_clis::judge(cmd, out);
        // Cluster file systems and managers, swarm, configuration management that applies,
        // PaaS and process tools, read by their own verbs from per-program tables (after the
        // generic reader, so a row's confirm never keeps it from reading).
        platform_ops::judge(cmd, out);
        // Data versioning, experiment tracking, the model hub, Ray and HDFS, by their own verbs.
        ml_platforms::judge(cmd, out);
        // dbt operations, extracts, GPU resets, alias moves, shared sweeps and teardowns, graded
        // by the target, hosts or environment the line names.
        data_platforms::judge(cmd, out);
        if looped_everything {
            listed_loops::raise(&mut out[found_before..]);
        }
        // Queues, key-value, search and time-series stores, hosted SQL services and migration
        // tools, read by their own verbs from per-program tables (after the generic reader, so
        // they never keep it from reading).
        data_stores::judge(cmd, out);
        // SaaS vendors' own CLIs read by the per-API effect model (after the generic reader, so
        // they never keep it from reading).
        saas::cli(cmd, out);
        // Build artifacts sent elsewhere than the account configured here.
        artifact_uploads::judge(cmd, ctx, out);
        // Effects carried by flag letters and values (a security switch off, everyone as the
        // grantee, a whole-set mode, an instant-effect flag): read after the program's own
        // reader and the generic one, so what it adds never keeps them from reading.
        flags::judge(cmd, s, index, out);
        // Who gets what: an administrators' group, a root-equivalent role, a rule letting
        // every address in, a bucket's public-access guard lifted, in any program's spelling.
        grants::judge(cmd, out);
    }
    // Effects spelled in forms the readers do not count (a noun form, a path written to, a
    // task's target, a subcommand no reader grades or grades only by its verb): read before
    // the place is applied, so a production place raises them and the developer's own lowers
    // them.
    if full
        && out[found_before..]
            .iter()
            .all(|f| f.severity < Severity::Verify)
    {
        verbs::judge(cmd, scope.as_ref(), reads, out);
    }
    // A remote defined as this machine's disk: the path is a path here, judged as the
    // filesystem command the rclone command amounts to (it is not lowered below).
    let on_this_disk = defined::rclone_equivalent(cmd, ctx);
    // In the developer's own throwaway environment (a cluster, emulator, dev server, database
    // or clone made here), what the program's own reader found changes nothing anyone else
    // has: noted, not graded. The checks every command gets below (secrets read, code run,
    // the guard, redirections) still apply.
    if let Some(place) = &local {
        for f in &mut out[found_before..] {
            if !carried::changes_only_the_place(f) {
                continue;
            }
            if context_claimed
                && place.starts_with("the local cluster")
                && !scratch::cluster_made_here(ctx)
            {
                f.severity = scratch::made_here(f.severity);
                f.message = format!(
                    "in {place}, a throwaway cluster selected by an earlier step (a switch that \
                     may have failed): {}",
                    f.message
                );
                continue;
            }
            f.severity = Severity::Note;
            f.message = format!("in {place}, a throwaway environment: {}", f.message);
        }
    } else if full && let Some(scope) = &scope {
        scope::apply(
            scope,
            &mut out[found_before..],
            carried::changes_only_the_place,
        );
    }
    if let Some(equivalent) = on_this_disk {
        judge_as(
            &format!("{} (a remote that is this machine's disk)", written(cmd)),
            &equivalent,
            depth,
            ctx,
            out,
        );
    }
    if let Some(task) = task_name(cmd) {
        // A project task named like an operation (`npm run wipe-data -- --env prod`, `make
        // drop-database`, `just destroy-environment prod`) is judged as that operation, in
        // words, with the arguments as its scope: the name is what the agent invokes.
        let mut text = String::from(task);
        for a in cmd.operands(&[]).skip_while(|a| *a != task).skip(1) {
            text.push(' ');
            text.push_str(a);
        }
        out.extend(crate::prose::judge_prose(&text, &[]));
    }
    // A send, publish or broadcast to a topic, list, audience or campaign (payloads).
    if full {
        payloads::publication(cmd, out);
    }
    carried::judge(cmd, depth, ctx, out);
    if full {
        defined::judge(cmd, ctx, out);
    }
    stdin::judge(cmd, s, index, depth, ctx, out);
    // Statements a query or a filter upstream generates, run by this client or shell.
    generated::judge(cmd, s, index, depth, ctx, out);
    embedded::judge(cmd, s, index, depth, ctx, out);
    lua::judge(cmd, depth, ctx, out);
    // Read in a context-only reading too: a remote command (`ssh host CMD`) is judged nested,
    // and what it finds may be tampering.
    system::judge(cmd, out);
    if full {
        system::edit_with_editor(cmd, s, index, out);
        system::rule_set(cmd, s, index, out);
        // A write of nothing over a file in the spellings `: > F` is not (`: | tee F`, `dd
        // if=/dev/null of=F`).
        truncations::judge(cmd, s, index, out);
        // `kustomize build overlays/production | kubectl delete -f -`: production named
        // upstream.
        kube_places::judge_fed_delete(cmd, s, index, out);
    }
    secrets::judge(cmd, s, index, ctx, out);
    if full {
        credential_dumps::judge(cmd, out);
    }
    handed_commands::judge(cmd, depth, ctx, out);
    if full {
        environments::judge(cmd, out);
    }
    interpreters::judge(cmd, s, index, depth, ctx, out);
    runtimes::judge(cmd, s, index, depth, ctx, out);
    // What this command makes that is scratch (a plain copy into the temporary directory is
    // one before the guard's reader sees the write; [`benign`]).
    benign::record(cmd, s, index, ctx);
    tampering::judge(cmd, ctx, out);
    if !full {
        // What is left only grades, lowers or adds findings of other families, except the
        // session's reading of the command where an earlier step went, whose ctx effects are
        // its nested readings' (full, depth > 0): what it returns above a note is a superset
        // of what the full reading keeps (above the command's worst), so no tampering among
        // them means none kept; with one, the step is read again in full.
        let mut found = Vec::new();
        session::judge(cmd, depth, 0, ctx, &mut found);
        if found.iter().any(|f| f.family == Family::Tampering) {
            ctx.context_only_unsure = true;
        }
        carried::record(cmd, s, index, ctx);
        return;
    }
    writes::judge(cmd, out);
    let own = out.len();
    filesystem::redirects(cmd, out);
    // A shell opened on another machine: what changes that machine's system is graded by
    // where it is (production raised, a throwaway VM or container lowered).
    if let Some(scope) = &scope
        && ctx.env.defined.latest(defined::Kind::Session).is_some()
        && (scope.level == scope::Level::Production || scope::in_throwaway_machine(scope, ctx))
    {
        // On production, what changes the files or the data of the host is raised too (`rm -rf
        // /app/uploads` in a production pod's shell); a throwaway lowers only system changes.
        let production = scope.level == scope::Level::Production;
        scope::apply(scope, &mut out[found_before..], |f| {
            f.family == Family::System && f.code != "system.own-access"
                || production
                    && (f.family == Family::Filesystem || carried::changes_only_the_place(f))
        });
    }
    // A message program run once per item of a collection (fanout): a mass send.
    fanout::repeated_send(cmd, s, index, ctx, found_before, out);
    // The weight of the object (a certificate authority, a master key, a whole repository,
    // application or tenant, live money above a bound): what was found is one tier worse.
    if out.len() > found_before {
        weight::raise_for_weight(cmd, &mut out[found_before..]);
        // What the line names the deleted object (production, a primary, break-glass access).
        identity::raise(cmd, ctx.comment.as_deref(), &mut out[found_before..]);
    }
    // Reaching everything (fed a listing, a target named for all, the same destroy repeated,
    // a whole range): what any recognizer found for one item holds for all of them.
    if out.len() > found_before
        && let Some(why) =
            everything::reach(cmd, s, index).or_else(|| fanout::reach(cmd, s, index, ctx))
    {
        everything::raise_for_all(cmd, why, &mut out[found_before..]);
    }
    // ssh run over a list of hosts (`for h in $(cat hosts); do ssh "$h" CMD; done`, `xargs
    // -I{} ssh {} CMD`, `while read h; ... < hosts`): its command lands on each of them.
    if out.len() > found_before
        && cmd.program == "ssh"
        && let Some(host) = remote::ssh_command(cmd).map(|(h, _)| h)
        && fleets::listed_host(host)
        && (cmd.more_args
            || loop_list(cmd, s, index).is_some()
            || read_loop(cmd, s, index).is_some())
    {
        for f in out[found_before..]
            .iter_mut()
            .filter(|f| f.severity == Severity::Confirm)
        {
            f.severity = Severity::Verify;
            f.message = format!(
                "on every host of the list ssh runs over ({host}): {}",
                f.message
            );
        }
    }
    // A mode that makes the command write nothing or only announce (`--sql`, `shutdown -k`,
    // a signal nginx handles) lowers what this command found; the shell's redirections of it
    // are judged as ever. A script an earlier step wrote has no mode: its options are its own
    // to ignore (`./wipe.sh --dry-run` runs what was written into it).
    if own > start && !carried::runs_written_script(cmd, ctx) {
        modes::judge(cmd, s, index, depth, &mut out[start..own]);
    }
    // Benign kinds graded as dangerous (a secret's metadata, a private publication, a
    // development credential, a thing this session made, a key used to log in): this
    // command's findings only ([`benign`]).
    benign::lower(cmd, s, index, ctx, &mut out[start..]);
    // The command as the session resolves it (its directory, its branch): what that adds.
    session::judge(cmd, depth, start, ctx, out);
    carried::record(cmd, s, index, ctx);
}

/// An argument naming airlock in any case (`airlock.exe`, `name='AirLock'`): what the generic
/// reader's tampering (a process or service of airlock's stopped) looks for.
fn names_airlock(word: &str) -> bool {
    word.as_bytes()
        .windows(7)
        .any(|w| w.eq_ignore_ascii_case(b"airlock"))
}

/// The task a task runner runs (`npm run X`, `yarn X`, `make X`, `just X`...), when its name
/// is an identifier made of words (`wipe-data`, `db:reset`, `dropAllTables`): a one-word task
/// (`make clean`, `npm run build`) is a project's own routine, not read as an operation.
fn task_name<'c>(cmd: &Cmd<'c>) -> Option<&'c str> {
    let mut ops = cmd.operands(&[
        "-C",
        "-f",
        "-j",
        "-l",
        "-o",
        "-W",
        "-I",
        "--directory",
        "--file",
        "--justfile",
        "--prefix",
        "--cwd",
        "--filter",
        "-w",
        "--workspace",
    ]);
    let task = match cmd.program {
        "npm" | "pnpm" | "bun" | "composer" => {
            let first = ops.next()?;
            if matches!(first, "run" | "run-script") {
                ops.next()?
            } else {
                return None;
            }
        }
        "yarn" => match ops.next()? {
            "run" => ops.next()?,
            first => first,
        },
        "make" | "gmake" | "just" | "task" | "mage" | "invoke" | "rake" => {
            ops.find(|w| !w.contains('='))?
        }
        _ => return None,
    };
    let b = task.as_bytes();
    let joined = b.len() > 2
        && b[0].is_ascii_alphabetic()
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b':' | b'.'))
        && (b.iter().any(|&c| matches!(c, b'-' | b'_' | b':'))
            || b.windows(2)
                .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase()));
    joined.then_some(task)
}

/// Whether what follows the `cd` at `index` surely runs in the directory it entered: the next
/// command is joined by `&&` (`cd x && rm -rf *`), or a failed cd leaves the script
/// (`cd x || exit 1`), or nothing follows in this text (a recent step's `cd x`, which the agent
/// reported as done). A `cd x; rm -rf *` or a line break runs the rm even when the cd failed.
fn entered_for_sure(s: &Script<'_>, index: usize) -> bool {
    let c = &s.commands[index];
    let Some(next) = s.commands.get(index + 1) else {
        return true;
    };
    c.and_then
        || c.or_else
            && next
                .words
                .first()
                .is_some_and(|w| matches!(&**w, "exit" | "return"))
}

/// `--dry-run` and its kin: the command only says what it would do; `--help` (and the `help`
/// subcommand) only prints how to use it.
pub(crate) fn dry_run(cmd: &Cmd<'_>) -> bool {
    help(cmd)
        || !passes_words_on(cmd)
            && cmd.words().take_while(|w| *w != "--").any(|w| {
                dry_run_option(w)
                    // `--no-noop` (Puppet) turns it back off: the run applies.
                    || w == "--noop" && !cmd.words().any(|w| w == "--no-noop")
                    || w == "--check" && cmd.program.starts_with("ansible")
            })
            && !honoured::ignores_dry_run(cmd.program, cmd.args)
            // A project script told both to preview and to act: its own code decides which
            // wins, so the preview settles nothing (`project_scripts` asks).
            && !project_scripts::preview_and_live(cmd.program, cmd.args)
        || program_dry_run(cmd)
}

/// An option that asks for a dry run, however the program spells it: its name lowercased with
/// `-` and `_` dropped is `dryrun` (`--dry-run`, bq's `--dry_run`, mongorestore's `--dryRun`,
/// `--DryRun`, `-dryrun`) or `whatif` (`--what-if`, PowerShell's `-WhatIf`). One rule for every
/// program: the spellings differ by convention (GNU, Go's flag, camelCase, PowerShell), the
/// meaning does not. A value that switches it off (`--dry-run=none`, `=false`, `-WhatIf:$false`)
/// runs for real. No allocation: the name is compared byte by byte, separators skipped.
pub fn dry_run_option(w: &str) -> bool {
    let Some(option) = w.strip_prefix('-') else {
        return false;
    };
    let option = option.strip_prefix('-').unwrap_or(option);
    let (name, value) = match option.find(['=', ':']) {
        Some(at) => (&option[..at], Some(&option[at + 1..])),
        None => (option, None),
    };
    let mut letters = name.bytes().filter(|b| !matches!(b, b'-' | b'_'));
    let spelled = |want: &[u8], letters: &mut dyn Iterator<Item = u8>| {
        want.iter()
            .all(|w| letters.next().is_some_and(|b| b.eq_ignore_ascii_case(w)))
            && letters.next().is_none()
    };
    let is_dry = {
        let mut again = name.bytes().filter(|b| !matches!(b, b'-' | b'_'));
        spelled(b"dryrun", &mut letters) || spelled(b"whatif", &mut again)
    };
    is_dry
        && !value.is_some_and(|v| {
            let v = v.trim_start_matches('$');
            ["none", "false", "0", "no", "off"]
                .iter()
                .any(|off| v.eq_ignore_ascii_case(off))
        })
}

/// The dry-run spellings one program gives its own options, from each program's manual: a
/// short `-n` or `-s` means "only show" there and something else elsewhere.
fn program_dry_run(cmd: &Cmd<'_>) -> bool {
    let subcommand = |names: &[&str]| cmd.operands(&[]).next().is_some_and(|o| names.contains(&o));
    match cmd.program {
        // git push/clean/rm/mv/add -n: --dry-run.
        // Read where git reads it: before `--`, not as an option's value (`-o -n`).
        "git" => {
            honoured::short_flag(cmd, b'n', &[])
                && cmd
                    .operands(&["-C", "-c"])
                    .next()
                    .is_some_and(|w| matches!(w, "push" | "clean" | "rm" | "mv" | "add"))
        }
        // apt-get -s / --simulate / --just-print / --recon / --no-act.
        "apt" | "apt-get" | "aptitude" => {
            cmd.flag(b"s", &["simulate", "just-print", "recon", "no-act"])
        }
        // make -n / --just-print / --recon: print the recipes, run none.
        "make" | "gmake" => cmd.flag(b"n", &["just-print", "recon"]),
        // rsync -n / --list-only.
        "rsync" => honoured::short_flag(cmd, b'n', &["list-only"]),
        // zfs destroy/rollback/receive -n: "do a dry-run (no-op)".
        "zfs" => subcommand(&["destroy", "rollback", "receive", "recv"]) && cmd.flag(b"n", &[]),
        // pulumi destroy/up/refresh --preview-only.
        "pulumi" => cmd.has(&["--preview-only"]),
        // ansible-playbook -C is --check.
        "ansible-playbook" | "ansible" => cmd.flag(b"C", &["check"]),
        _ => false,
    }
}

/// The command prints its usage and exits: `--help` among its options (`helm uninstall
/// --help`, `rm -rf / --help`), terraform's `-help`, a leading `help` subcommand (`kubectl
/// help delete`) or aws's trailing `help`. Not for programs that hand their later words to
/// something else they run (a shell or interpreter's script, ssh's remote command), where
/// `--help` is that thing's argument.
/// A program whose trailing words are not its own options: a shell or interpreter hands them
/// to its script (`bash -c 'rm -rf /' --dry-run` runs the rm), ssh to the remote command
/// (`ssh host 'rm -rf /x;' --dry-run`), echo and printf print them, a container's run or exec
/// to the command inside. A `--dry-run` or `--help` there is no dry run of what runs: an
/// agent could otherwise silence any command by appending one.
pub(crate) fn passes_words_on(cmd: &Cmd<'_>) -> bool {
    passes_words_on_program(cmd.program) || runs_inner_command(cmd)
}

/// The programs of [`passes_words_on`] that do so whatever their other arguments.
pub(crate) fn passes_words_on_program(p: &str) -> bool {
    lexicon::is(p, lexicon::INTERPRETER)
        || matches!(p, "ssh" | "eval" | "exec" | "su" | "echo" | "printf")
}

/// A command line that continues into another command: xargs' appended arguments, or
/// `docker run IMAGE cmd --help` (the image's command gets the option).
pub(crate) fn runs_inner_command(cmd: &Cmd<'_>) -> bool {
    cmd.more_args
        || matches!(
            cmd.program,
            "docker" | "podman" | "nerdctl" | "kubectl" | "oc"
        ) && cmd
            .operands(&[])
            .any(|o| matches!(o, "run" | "exec" | "create" | "debug"))
}

fn help(cmd: &Cmd<'_>) -> bool {
    let p = cmd.program;
    if passes_words_on(cmd) {
        return false;
    }
    // Go's flag package (terraform, vault...) takes `-help` too.
    let go_flags = matches!(p, "terraform" | "tofu" | "terragrunt" | "packer" | "vault");
    let short_help = short_help(p);
    let mut options = cmd.words().take_while(|w| *w != "--").peekable();
    while let Some(w) = options.next() {
        if w == "--help"
            || (w == "-help" || w == "-version") && go_flags
            || w == "-h" && short_help
            // `--version` alone; with a version number after it, it names the version the
            // command acts on (`cargo yank --version 0.9.3`, `gem yank x --version 1.2`).
            || w == "--version"
                && !options
                    .peek()
                    .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
        {
            return true;
        }
    }
    cmd.operands(&[]).next() == Some("help")
        || cmd.program == "aws" && cmd.args.last().is_some_and(|w| w == "help")
}

/// Programs whose `-h` is their help (clap, cobra, urfave/cli, argparse and git's
/// subcommands print usage and exit). Elsewhere `-h` means something else and acts: `shutdown
/// -h` halts, `psql -h` / `mysql -h` / `redis-cli -h` name a host, `chown -h` and `tar -h`
/// follow links, `sort -h` / `df -h` / `rsync -h` print sizes.
fn short_help(program: &str) -> bool {
    matches!(
        program,
        "airlock"
            | "git"
            | "gh"
            | "glab"
            | "kubectl"
            | "oc"
            | "helm"
            | "docker"
            | "podman"
            | "nerdctl"
            | "terraform"
            | "tofu"
            | "terragrunt"
            | "pulumi"
            | "vault"
            | "consul"
            | "nomad"
            | "packer"
            | "cargo"
            | "rclone"
            | "gcloud"
            | "az"
            | "doctl"
            | "flyctl"
            | "fly"
            | "heroku"
            | "velero"
            | "istioctl"
            | "k9s"
            | "kind"
            | "minikube"
            | "stripe"
            | "restic"
            | "op"
            | "pip"
            | "pip3"
            | "npm"
    )
}

/// A command whose program is a SQL statement keyword (`DROP TABLE users` inside a script).
fn looks_like_sql_command(cmd: &Cmd<'_>) -> bool {
    matches!(
        cmd.program,
        "drop"
            | "delete"
            | "truncate"
            | "update"
            | "alter"
            | "grant"
            | "revoke"
            | "insert"
            | "merge"
            | "create"
            | "replace"
            | "flushall"
            | "flushdb"
    ) && {
        let mut text = String::from(cmd.program);
        for a in cmd.args.iter().take(3) {
            text.push(' ');
            text.push_str(a);
        }
        crate::looks_like_sql(&text)
    }
}

/// J2's reader of database clients and migration tools.
fn database(program: &str, args: &[Cow<'_, str>], out: &mut Vec<Finding>) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    out.extend(crate::sql::judge_db_command(program, &args));
}

/// `find ... -exec CMD {} \;` (and `-execdir`, `-ok`, `-okdir`, `+`) runs CMD on every path
/// found: CMD goes back to the whole judgement. A shell's `-c` body has its `$1` / `"$@"`
/// inlined first (`-exec sh -c 'rm -rf "$1"' _ {} \;` runs `rm -rf {}`). A delete among the
/// commands is judged as `find ... -exec rm`, by the find recognizer (it knows the start's
/// scope and the filters); any other command is judged on the paths found, written as the
/// start joined with the `-name` pattern (`find ~/.ssh -name 'id_*' -exec curl -F f=@{} URL`
/// sends `~/.ssh/id_*`).
fn find_exec(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let words: Vec<&str> = cmd.words().collect();
    let Some(at) = words
        .iter()
        .position(|w| matches!(*w, "-exec" | "-execdir" | "-ok" | "-okdir"))
    else {
        return;
    };
    let end = words[at + 1..]
        .iter()
        .position(|w| matches!(*w, ";" | "\\;" | "+"))
        .map_or(words.len(), |e| at + 1 + e);
    let exec = &words[at + 1..end];
    let Some(&program) = exec.first() else { return };
    let quote = |w: &str| format!("'{}'", w.replace('\'', "'\\''"));
    let start = words
        .iter()
        .take_while(|w| !w.starts_with('-') && !w.starts_with('(') && !w.starts_with('!'))
        .copied()
        .max_by_key(|w| paths::scope(w))
        .unwrap_or(".");
    let found = match cmd.value(&["-name", "-iname"]) {
        Some(pattern) if !pattern.contains('/') => {
            format!("{}/{pattern}", start.trim_end_matches('/'))
        }
        _ => start.to_owned(),
    };
    // The commands the exec runs, `{}` kept.
    let name = program_name(program);
    let body = if lexicon::is(name, lexicon::SHELL) {
        let Some(c) = exec
            .iter()
            .position(|w| w.starts_with('-') && w.contains('c'))
        else {
            return;
        };
        let Some(body) = exec.get(c + 1) else { return };
        interpreters::inline_positional(body, &exec[(c + 2).min(exec.len())..]).into_owned()
    } else if matches!(name, "rm" | "shred" | "unlink" | "srm") {
        // The find recognizer has judged it already.
        return;
    } else {
        exec.iter().map(|w| quote(w)).collect::<Vec<_>>().join(" ")
    };
    let before: Vec<String> = words[..at].iter().map(|w| quote(w)).collect();
    let script = crate::shell::parse(&body);
    let judged_from = out.len();
    for c in &script.commands {
        let Some(first) = c.words.first() else {
            continue;
        };
        let line: Vec<String> = c.words.iter().map(|w| quote(w)).collect();
        let text = if matches!(program_name(first), "rm" | "shred" | "unlink" | "srm") {
            format!("find {} -exec {} \\;", before.join(" "), line.join(" "))
        } else {
            line.join(" ").replace("{}", &found)
        };
        crate::judge_shell(&text, depth + 1, ctx, out);
    }
    fanout::every_file_of_a_system_tree(start, &mut out[judged_from..]);
}

/// `find S FILTERS | xargs rm ARGS` (or `xargs rm ARGS < <(find ...)`) deletes what `find S
/// FILTERS -exec rm ARGS {} +` deletes: judged as that, so a bounded search (`find tmp/ -name
/// '*.o'`) stays bounded and a search of `/` is one of `/`. False when the feeder is not one
/// `find` (then the bulk reading applies).
fn find_feeder(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) -> bool {
    if !matches!(cmd.program, "rm" | "shred" | "unlink" | "srm") {
        return false;
    }
    let pipeline = s.commands[index].pipeline;
    let upstream: Vec<&Command<'_>> = s.commands[..index]
        .iter()
        .filter(|c| c.pipeline == pipeline)
        .collect();
    let substituted = cmd.redirects.iter().find_map(|r| {
        (r.kind == crate::shell::RedirectKind::Read)
            .then(|| r.target.strip_prefix("<(")?.strip_suffix(')'))
            .flatten()
    });
    let feeder_script;
    let feeder: &Command<'_> = match (upstream.as_slice(), substituted) {
        ([one], None) => one,
        ([], Some(body)) => {
            feeder_script = crate::shell::parse(body);
            match feeder_script.commands.as_slice() {
                [one] => one,
                _ => return false,
            }
        }
        _ => return false,
    };
    let mut folded = Vec::new();
    let Some(find) = resolve(feeder, &mut folded) else {
        return false;
    };
    if find.program != "find"
        || find
            .words()
            .any(|w| matches!(w, "-exec" | "-execdir" | "-ok" | "-okdir" | "-delete"))
    {
        return false;
    }
    let quote = |w: &str| format!("'{}'", w.replace('\'', "'\\''"));
    let mut text = String::from("find");
    for w in find.words().filter(|w| !matches!(*w, "-print0" | "-print")) {
        text.push(' ');
        text.push_str(&quote(w));
    }
    text.push_str(" -exec ");
    text.push_str(cmd.program);
    for w in cmd.words() {
        text.push(' ');
        text.push_str(&quote(w));
    }
    text.push_str(" {} +");
    crate::judge_shell(&text, depth + 1, ctx, out);
    true
}

/// Whether a word takes the variable `var`: `$var`, `${var}`, or either inside a longer word
/// (`acme/$r`, `"${id}.json"`), not a longer name (`$rest` is not `$r`).
pub(super) fn uses_var(word: &str, var: &str) -> bool {
    if var.is_empty() {
        return false;
    }
    let braced = format!("${{{var}}}");
    if word.contains(&braced) {
        return true;
    }
    let plain = format!("${var}");
    word.match_indices(&plain).any(|(at, _)| {
        word[at + plain.len()..]
            .bytes()
            .next()
            .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == b'_'))
    })
}

/// The words of the list a `for VAR in LIST; do ...; done` loop feeds to `cmd` through an
/// operand that takes `$VAR` (or `${VAR}`): `None` when `cmd` takes no loop variable.
/// An array a listing filled (`for x in "${ARR[@]}"` after `mapfile -t ARR < <(LISTING)`) is
/// that listing's substitution ([`arrays`]).
fn loop_list<'s>(
    cmd: &Cmd<'_>,
    s: &'s Script<'_>,
    index: usize,
) -> Option<Cow<'s, [Cow<'s, str>]>> {
    s.commands[..index]
        .iter()
        .enumerate()
        .rev()
        .find_map(|(at, c)| {
            let w = &c.words;
            if w.first().is_none_or(|f| f != "for") || w.get(2).is_none_or(|x| x != "in") {
                return None;
            }
            let var = &*w[1];
            if !cmd.words().any(|a| uses_var(a, var)) {
                return None;
            }
            let list = &w[3..];
            if let [one] = list
                && let Some(name) = arrays::expanded(one)
                && let Some(listing) = arrays::filled_by(s, at, name)
            {
                return Some(Cow::Owned(vec![listing]));
            }
            Some(Cow::Borrowed(list))
        })
}

/// A process killer fed the pids by its pipeline (`ps -eo pid,comm | awk '$2=="airlock"{print
/// $1}' | xargs kill`, `pgrep -f airlock | while read p; do kill "$p"; done`): the listing picks
/// airlock, so the kill takes the guard away as `kill $(pgrep airlock)` does. Only a command
/// fed by `xargs` or a `read` loop is read so; a kill of a pid named on the line is judged by
/// its words.
fn guard_fed(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) -> bool {
    if !(cmd.more_args || read_loop(cmd, s, index).is_some())
        || !guard_services::takes_away(cmd)
        || system::signal_probe(cmd)
    {
        return false;
    }
    let pipeline = s.commands[index].pipeline;
    let names_guard = s.commands[..index]
        .iter()
        .filter(|c| !cmd.more_args || c.pipeline == pipeline)
        .any(|c| {
            c.words
                .iter()
                .any(|w| w.to_ascii_lowercase().contains("airlock"))
        });
    if names_guard {
        ctx.tampering = true;
        out.push(finding(
            Family::Tampering,
            "tampering.process",
            Severity::Stop,
            format!(
                "{} is fed airlock's process ids by the listing before it: the guard itself",
                cmd.program
            ),
        ));
    }
    names_guard
}

/// A command run on many targets it does not name: by `xargs` on input from upstream, or in a
/// `for` loop over `list` (its words). Bulk, with targets unknown here.
pub(crate) fn bulk(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    list: Option<&[Cow<'_, str>]>,
    out: &mut Vec<Finding>,
) {
    let p = cmd.program;
    let deleting = matches!(p, "rm" | "shred" | "unlink" | "srm")
        || (matches!(
            p,
            "kubectl" | "docker" | "podman" | "helm" | "gh" | "aws" | "gcloud" | "az" | "stripe"
        ) && cmd.words().any(|w| {
            matches!(
                w,
                "delete" | "rm" | "rmi" | "uninstall" | "close" | "terminate-instances"
            ) || w.starts_with("delete-")
                || p == "stripe" && matches!(w, "cancel" | "void" | "refunds")
        }))
        // `terraform state list | xargs -n1 terraform state rm`: resources dropped from state.
        || matches!(p, "terraform" | "tofu" | "terragrunt" | "pulumi")
            && cmd.words().any(|w| w == "state")
            && cmd.words().any(|w| matches!(w, "rm" | "delete"));
    if !deleting {
        // Any other program: its verb class decides (generic::judge_looped).
        let (feeder, people) = match list {
            Some(list) => {
                if !list
                    .iter()
                    .any(|w| w.starts_with("$(") || w.starts_with('`') || w.contains('*'))
                {
                    // A few names written out (`for u in alice bob`): each one is named.
                    return;
                }
                let wide = everything::any_substitution_lists(list);
                let local = !wide
                    && list
                        .iter()
                        .all(|w| !w.starts_with("$(") && !w.starts_with('`'));
                (
                    if wide {
                        generic::Feeder::Wide
                    } else if local {
                        generic::Feeder::Local
                    } else {
                        generic::Feeder::Unknown
                    },
                    false,
                )
            }
            None => xargs_feeder(cmd, s, index),
        };
        generic::judge_looped(cmd, feeder, people, out);
        return;
    }
    // A loop's list: a substitution that lists (`$(stripe subscriptions list -q)`).
    if let Some(list) = list {
        let wide = everything::any_substitution_lists(list);
        if list
            .iter()
            .any(|w| w.starts_with("$(") || w.starts_with('`'))
        {
            push_bulk(cmd, wide, true, out);
        }
        return;
    }
    // Files a search inside the project picks (`find . -name '*.orig' | xargs rm`, `xargs rm <
    // <(find tmp/ -name '*.o')`): the deletes stay in the project's own scratch files.
    if list.is_none()
        && matches!(p, "rm" | "shred" | "unlink" | "srm")
        && xargs_feeder(cmd, s, index).0 == generic::Feeder::Local
    {
        return;
    }
    // What feeds it: `find /` or a listing of everything.
    let pipeline = s.commands[index].pipeline;
    let wide = s.commands[..index]
        .iter()
        .filter(|c| c.pipeline == pipeline)
        .any(|c| {
            let mut folded = Vec::new();
            resolve(c, &mut folded)
                .is_some_and(|u| everything::feeder(&u).0 == generic::Feeder::Wide)
        });
    // `echo / | xargs rm -rf`: the targets are the words echoed.
    let echoed = s.commands[..index]
        .iter()
        .filter(|c| c.pipeline == pipeline)
        .find_map(|c| {
            let mut folded = Vec::new();
            let u = resolve(c, &mut folded)?;
            if !matches!(u.program, "echo" | "printf") {
                return None;
            }
            u.operands(&[]).map(paths::scope).max()
        });
    if echoed == Some(paths::Scope::Catastrophic) && matches!(p, "rm" | "shred" | "srm") {
        out.push(finding(
            Family::Filesystem,
            "filesystem.rm-recursive-catastrophic",
            Severity::Stop,
            format!(
                "xargs {p} deletes the root, a home, system or data directory given on its input"
            ),
        ));
        return;
    }
    push_bulk(cmd, wide, false, out);
}

/// What feeds a command run by `xargs`: the upstream commands of its pipeline, or the file
/// (or process substitution) its stdin is redirected from; and whether that names people.
fn xargs_feeder(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> (generic::Feeder, bool) {
    for r in cmd.redirects {
        if r.kind == crate::shell::RedirectKind::Read {
            return feeder_text(&r.target);
        }
    }
    let pipeline = s.commands[index].pipeline;
    let mut feeder = generic::Feeder::Unknown;
    let mut people = false;
    for c in s.commands[..index]
        .iter()
        .filter(|c| c.pipeline == pipeline)
    {
        let mut folded = Vec::new();
        let Some(u) = resolve(c, &mut folded) else {
            continue;
        };
        let (f, p) = everything::feeder(&u);
        people |= p;
        feeder = match (feeder, f) {
            (generic::Feeder::Wide, _) | (_, generic::Feeder::Wide) => generic::Feeder::Wide,
            (_, f) => f,
        };
    }
    (feeder, people)
}

/// A feeder given as text: a file's name (`done < all_customers.txt`) or a process
/// substitution (`< <(find tmp/ -mtime +7)`).
fn feeder_text(target: &str) -> (generic::Feeder, bool) {
    if let Some(body) = target
        .strip_prefix("<(")
        .or_else(|| target.strip_prefix("$("))
    {
        let body = body.trim_end_matches(')');
        let script = crate::shell::parse(body);
        let mut feeder = generic::Feeder::Unknown;
        let mut people = false;
        for c in &script.commands {
            let mut folded = Vec::new();
            if let Some(u) = resolve(c, &mut folded) {
                let (f, p) = everything::feeder(&u);
                feeder = f;
                people |= p;
            }
        }
        return (feeder, people);
    }
    everything::file_feeder(target)
}

/// `while read x; do CMD "$x"; done < FILE` (or `FEEDER | while read x; ...`): the feeder of
/// `cmd` when it takes the variable a `read` before it set.
fn read_loop(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> Option<(generic::Feeder, bool)> {
    read_loop_in(cmd, s, index, None)
}

/// Whether the `while read` loop around `cmd` reads everything an unbounded listing returned
/// ([`listed_loops`]): a file written from one, or a pipe from one with no `head` and no
/// limit. Stricter than the fan-out readers' wide feeder, which counts `list --limit 20`.
fn loops_over_everything(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, ctx: &Context) -> bool {
    for c in &s.commands[index + 1..] {
        if c.words.is_empty()
            && let Some(r) = c
                .redirects
                .iter()
                .find(|r| r.kind == crate::shell::RedirectKind::Read)
        {
            return listed_loops::listed(ctx, &r.target);
        }
    }
    let Some(reader) = s.commands[..index]
        .iter()
        .rev()
        .find(|c| c.words.first().is_some_and(|w| w == "read") && c.piped_in)
    else {
        return false;
    };
    let _ = cmd;
    listed_loops::pipe_lists_everything(
        s.commands[..index]
            .iter()
            .filter(|c| c.pipeline == reader.pipeline),
    )
}

/// [`read_loop`], a file an earlier command or step wrote from a listing of everything read
/// as that listing ([`listed_loops`]).
fn read_loop_in(
    cmd: &Cmd<'_>,
    s: &Script<'_>,
    index: usize,
    ctx: Option<&Context>,
) -> Option<(generic::Feeder, bool)> {
    let at = s.commands[..index]
        .iter()
        .enumerate()
        .rev()
        .find_map(|(k, c)| {
            if c.words.first().is_none_or(|w| w != "read") {
                return None;
            }
            // `read -r id name`: any of its variables.
            let uses = c.words[1..]
                .iter()
                .filter(|w| !w.starts_with('-'))
                .any(|var| cmd.words().any(|a| uses_var(a, var)));
            uses.then_some(k)
        })?;
    // `done < FILE`: the redirection of the loop's end, a command without words after `cmd`.
    for c in &s.commands[index + 1..] {
        if c.words.is_empty()
            && let Some(r) = c
                .redirects
                .iter()
                .find(|r| r.kind == crate::shell::RedirectKind::Read)
        {
            if ctx.is_some_and(|ctx| listed_loops::listed(ctx, &r.target)) {
                return Some((generic::Feeder::Wide, false));
            }
            return Some(feeder_text(&r.target));
        }
    }
    // `FEEDER | while read x`: what pipes into the read.
    let reader = &s.commands[at];
    if reader.piped_in {
        let pipeline = reader.pipeline;
        // A listing anywhere up the pipe stays a listing through the filters after it
        // (`stripe subscriptions list | jq -r '.data[].id' | while read`), as for xargs.
        let mut result = (generic::Feeder::Unknown, false);
        for c in s.commands[..at].iter().filter(|c| c.pipeline == pipeline) {
            let mut folded = Vec::new();
            if let Some(u) = resolve(c, &mut folded) {
                let (mut f, p) = everything::feeder(&u);
                // A read paging through every result (`gh api --paginate PATH`).
                if ctx.is_some() && listed_loops::lists_everything(&u) {
                    f = generic::Feeder::Wide;
                }
                result.1 |= p;
                if f == generic::Feeder::Wide || result.0 != generic::Feeder::Wide {
                    result.0 = f;
                }
            }
        }
        return Some(result);
    }
    Some((generic::Feeder::Unknown, false))
}

/// The finding of a bulk delete by `cmd` (`in_loop`: in a `for` loop, else run by `xargs`):
/// `wide` when its input is everything a listing returns.
fn push_bulk(cmd: &Cmd<'_>, wide: bool, in_loop: bool, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let family = match p {
        "rm" | "shred" | "unlink" | "srm" => Family::Filesystem,
        "gh" | "stripe" => Family::Business,
        "aws" | "gcloud" | "az" => Family::Cloud,
        "terraform" | "tofu" | "terragrunt" | "pulumi" => Family::Infrastructure,
        _ => Family::Containers,
    };
    out.push(finding(
        family,
        "bulk.xargs-delete",
        if wide {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        format!(
            "{}{p} deletes whatever the input lists{}",
            if in_loop { "a loop of " } else { "xargs " },
            if wide {
                ": everything a listing or a search of / returns"
            } else {
                ""
            }
        ),
    ));
}
