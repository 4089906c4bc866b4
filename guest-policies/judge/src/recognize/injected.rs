//! What an environment variable carries into a later, plain-looking command (holdout15
//! analysis, "What this says" 1): `terraform apply` after `export TF_CLI_ARGS_apply='-destroy
//! -auto-approve'` is a destroy nobody confirms; `git fetch` after `export GIT_SSH_COMMAND=...`
//! runs that command; `java -jar app.jar` with `JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar` runs
//! the agent. The variable may be set as the command's prefix, with `env`, or exported by an
//! earlier command or step ([`super::carried::Environment::exported`]).
//!
//! The variables are data ([`INJECTED`]), from each program's reference ("Environment
//! variables" of terraform, pulumi, gcloud, git, npm, pip, make, the JVM, node, ld.so...): the
//! variable, the programs that read it, and what it carries:
//!
//! - **options** appended to the command line (`TF_CLI_ARGS`, `MAKEFLAGS`, `MAVEN_ARGS`,
//!   `GOFLAGS`), or only to one subcommand (`TF_CLI_ARGS_apply`), or named after the variable
//!   (`npm_config_force=true` is `--force`, `PIP_INDEX_URL` is `--index-url`);
//! - a **switch** a true value stands for (`PULUMI_SKIP_CONFIRMATIONS=true` is `--yes`,
//!   `CLOUDSDK_CORE_DISABLE_PROMPTS=1` is `--quiet`);
//! - a **hook**: a command line the program runs (`GIT_SSH_COMMAND`, `RSYNC_RSH`, `EDITOR` for
//!   `crontab -e`, `PAGER`), or a file it loads or runs on start (`LD_PRELOAD`, `BASH_ENV`,
//!   `NODE_OPTIONS=--require F`, `-javaagent:F` in `JAVA_TOOL_OPTIONS`, `RUSTC_WRAPPER`).
//!
//! The command is judged again as the line the variables make (options, switch), and a hook as
//! the command it runs (a file by its path: what an earlier step downloaded or wrote there is
//! judged so; a file in a world-writable temporary directory is code anyone there may have
//! put). The variable names where the targets of a command come from (`KUBECONFIG`,
//! `AWS_PROFILE`, `HELM_KUBECONTEXT`, `DOCKER_HOST`...) are read as options by
//! [`super::carried::settle`].
//!
//! Hostile agent: this only raises. The command keeps its own verdict; the line the variables
//! make is judged in addition, so a variable that seems to lower (`MAKEFLAGS=-n`,
//! `TF_CLI_ARGS=-dry-run`) lowers nothing. Cheap: one lookup by program name, and nothing more
//! unless the command has a prefix or an earlier step exported something.

use super::{Cmd, Context, judge_as};
use crate::finding::{Family, Finding, Severity};

/// What a variable carries into the programs that read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Carries {
    /// Options appended to the command, split as the shell splits words.
    Options,
    /// Options for one subcommand: the variable's name is this entry's name followed by the
    /// subcommand (`TF_CLI_ARGS_apply`).
    OptionsFor,
    /// Every variable whose name starts with this entry's name is an option: the rest of the
    /// name, lowercased, `_` as `-`, given the value (`npm_config_registry=U` is `--registry=U`).
    Named,
    /// A true value (`1`, `true`, `yes`) stands for this option.
    Switch(&'static str),
    /// A command line the program runs (an editor, a pager, a remote shell).
    Command,
    /// A file the program loads or runs on start (a library, a startup script, a wrapper).
    File,
    /// A runtime's options (JVM, node, ruby, perl): the file of a loading option among them
    /// (`-javaagent:F`, `--require F`, `-rF`) is code run on start.
    Runtime,
}

/// Programs that start node, whose runtime options they pass on.
const NODE: &[&str] = &[
    "node", "npm", "npx", "yarn", "pnpm", "nodejs", "corepack", "tsx",
];
/// Programs that open an editor on a file they then apply.
const EDITED: &[&str] = &[
    "git",
    "crontab",
    "visudo",
    "sudoedit",
    "vipw",
    "vigr",
    "kubectl",
    "oc",
    "virsh",
    "systemctl",
    "edquota",
    "fc",
    "psql",
    "gh",
    "glab",
];

/// `(variable, programs that read it (empty: every program), what it carries)`.
const INJECTED: &[(&str, &[&str], Carries)] = &[
    // Terraform's and OpenTofu's "Environment Variables": TF_CLI_ARGS for every command,
    // TF_CLI_ARGS_name for one; terragrunt passes them on to the terraform it runs.
    (
        "TF_CLI_ARGS",
        &["terraform", "tofu", "terragrunt"],
        Carries::Options,
    ),
    (
        "TF_CLI_ARGS_",
        &["terraform", "tofu", "terragrunt"],
        Carries::OptionsFor,
    ),
    (
        "TG_NON_INTERACTIVE",
        &["terragrunt"],
        Carries::Switch("--non-interactive"),
    ),
    (
        "TERRAGRUNT_NON_INTERACTIVE",
        &["terragrunt"],
        Carries::Switch("--non-interactive"),
    ),
    (
        "PULUMI_SKIP_CONFIRMATIONS",
        &["pulumi"],
        Carries::Switch("--yes"),
    ),
    (
        "CLOUDSDK_CORE_DISABLE_PROMPTS",
        &["gcloud"],
        Carries::Switch("--quiet"),
    ),
    // make(1): MAKEFLAGS (GNU make also reads GNUMAKEFLAGS, and MFLAGS of old) holds flags and
    // variable overrides (`BUILD_DIR=/`) given to every make.
    ("MAKEFLAGS", &["make", "gmake"], Carries::Options),
    ("GNUMAKEFLAGS", &["make", "gmake"], Carries::Options),
    ("MFLAGS", &["make", "gmake"], Carries::Options),
    // Maven 3.9: MAVEN_ARGS are arguments given to every mvn; go's GOFLAGS to every go command.
    ("MAVEN_ARGS", &["mvn", "mvnw"], Carries::Options),
    ("GOFLAGS", &["go"], Carries::Options),
    // npm's configuration from the environment (npm-config(7): `npm_config_` + key, either
    // case), pip's (`PIP_` + the long option), uv's index.
    (
        "npm_config_",
        &["npm", "npx", "pnpm", "yarn"],
        Carries::Named,
    ),
    (
        "NPM_CONFIG_",
        &["npm", "npx", "pnpm", "yarn"],
        Carries::Named,
    ),
    ("PIP_", &["pip", "pip3"], Carries::Named),
    ("UV_INDEX_URL", &["uv", "uvx"], Carries::Options),
    // git(1) "ENVIRONMENT VARIABLES": commands git runs for itself.
    ("GIT_SSH_COMMAND", &["git"], Carries::Command),
    ("GIT_SSH", &["git"], Carries::File),
    ("GIT_ASKPASS", &["git"], Carries::File),
    ("GIT_EDITOR", &["git"], Carries::Command),
    ("GIT_SEQUENCE_EDITOR", &["git"], Carries::Command),
    ("GIT_PAGER", &["git"], Carries::Command),
    ("GIT_EXTERNAL_DIFF", &["git"], Carries::Command),
    ("GIT_PROXY_COMMAND", &["git"], Carries::Command),
    (
        "SSH_ASKPASS",
        &["ssh", "ssh-add", "scp", "sftp", "git"],
        Carries::File,
    ),
    ("SUDO_ASKPASS", &["sudo"], Carries::File),
    ("EDITOR", EDITED, Carries::Command),
    ("VISUAL", EDITED, Carries::Command),
    ("SUDO_EDITOR", &["sudoedit", "visudo"], Carries::Command),
    ("KUBE_EDITOR", &["kubectl", "oc"], Carries::Command),
    (
        "KUBECTL_EXTERNAL_DIFF",
        &["kubectl", "oc"],
        Carries::Command,
    ),
    ("PSQL_EDITOR", &["psql"], Carries::Command),
    ("PSQL_PAGER", &["psql"], Carries::Command),
    (
        "PAGER",
        &["man", "git", "psql", "mysql", "journalctl", "systemctl"],
        Carries::Command,
    ),
    ("MANPAGER", &["man"], Carries::Command),
    ("LESSOPEN", &["less"], Carries::Command),
    // Remote shells of the copying tools.
    ("RSYNC_RSH", &["rsync"], Carries::Command),
    ("RSYNC_CONNECT_PROG", &["rsync"], Carries::Command),
    ("BORG_RSH", &["borg"], Carries::Command),
    ("CVS_RSH", &["cvs"], Carries::Command),
    ("SVN_SSH", &["svn"], Carries::Command),
    // Shells' startup: BASH_ENV for a non-interactive bash, ENV for sh, PROMPT_COMMAND before
    // each prompt; python's PYTHONSTARTUP.
    ("BASH_ENV", &["bash"], Carries::File),
    ("ENV", &["sh", "dash", "ksh", "mksh"], Carries::File),
    ("PROMPT_COMMAND", &["bash"], Carries::Command),
    ("PYTHONSTARTUP", &["python", "python3"], Carries::File),
    // Cargo's wrappers (cargo(1) "Environment": RUSTC_WRAPPER runs instead of rustc).
    ("RUSTC_WRAPPER", &["cargo"], Carries::File),
    ("RUSTC_WORKSPACE_WRAPPER", &["cargo"], Carries::File),
    ("CARGO_BUILD_RUSTC_WRAPPER", &["cargo"], Carries::File),
    // The dynamic loader (ld.so(8), dyld(1)): a library loaded into every program started.
    ("LD_PRELOAD", &[], Carries::File),
    ("LD_AUDIT", &[], Carries::File),
    ("DYLD_INSERT_LIBRARIES", &[], Carries::File),
    // Runtimes' option variables: node's, the JVM's (read by every JVM, whatever program or
    // jar starts it), the build tools' JVM options, ruby's, perl's.
    ("NODE_OPTIONS", NODE, Carries::Runtime),
    ("JAVA_TOOL_OPTIONS", &[], Carries::Runtime),
    ("_JAVA_OPTIONS", &[], Carries::Runtime),
    ("JDK_JAVA_OPTIONS", &[], Carries::Runtime),
    ("MAVEN_OPTS", &["mvn", "mvnw"], Carries::Runtime),
    ("GRADLE_OPTS", &["gradle", "gradlew"], Carries::Runtime),
    ("SBT_OPTS", &["sbt"], Carries::Runtime),
    ("ANT_OPTS", &["ant"], Carries::Runtime),
    (
        "RUBYOPT",
        &["ruby", "bundle", "rake", "gem", "rails"],
        Carries::Runtime,
    ),
    ("PERL5OPT", &["perl", "cpan", "cpanm"], Carries::Runtime),
];

/// Judges `cmd` as the line its variables make and the hooks they give it.
pub fn judge(cmd: &Cmd<'_>, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    if matches!(cmd.program, "make" | "gmake" | "bmake" | "just") {
        cleaned_directory(cmd, out);
    }
    // Nothing set for this command: the usual case, decided before any table is read.
    if cmd.assignments.is_empty()
        && !cmd.prefix.iter().any(|w| w.contains('='))
        && ctx.env.exported.is_empty()
    {
        return;
    }
    let p = cmd.program;
    let mut appended: Vec<(String, String)> = Vec::new();
    let mut hooks: Vec<(String, String)> = Vec::new();
    for &(var, programs, carries) in INJECTED {
        if !programs.is_empty() && !programs.contains(&p) {
            continue;
        }
        match carries {
            Carries::Options => {
                if let Some(v) = value(cmd, ctx, var) {
                    appended.push((var.to_owned(), v.to_owned()));
                }
            }
            Carries::OptionsFor => {
                if let Some(sub) = cmd.operands(&["-chdir"]).next() {
                    let name = format!("{var}{sub}");
                    if let Some(v) = value(cmd, ctx, &name) {
                        appended.push((name, v.to_owned()));
                    }
                }
            }
            Carries::Named => {
                for (name, v) in variables(cmd, ctx).filter(|(n, _)| n.starts_with(var)) {
                    let key = name[var.len()..].to_ascii_lowercase().replace('_', "-");
                    if !key.is_empty() {
                        appended.push((name.to_owned(), format!("--{key}={v}")));
                    }
                }
            }
            Carries::Switch(option) => {
                if value(cmd, ctx, var).is_some_and(|v| {
                    matches!(v.to_ascii_lowercase().as_str(), "1" | "true" | "yes" | "on")
                }) && !cmd.has(&[option])
                {
                    appended.push((var.to_owned(), option.to_owned()));
                }
            }
            Carries::Command => {
                if let Some(v) = value(cmd, ctx, var) {
                    hooks.push((format!("{var} (run by {p})"), v.to_owned()));
                }
            }
            Carries::File => {
                if let Some(v) = value(cmd, ctx, var) {
                    for file in v.split([':', ' ']).filter(|f| !f.is_empty()) {
                        hooks.push((format!("{var} (loaded by {p})"), as_program(file)));
                    }
                }
            }
            Carries::Runtime => {
                if let Some(v) = value(cmd, ctx, var) {
                    for file in loaded_files(v) {
                        hooks.push((
                            format!("{var} (code {p} loads on start)"),
                            as_program(&file),
                        ));
                    }
                }
            }
        }
    }
    if !appended.is_empty() {
        injected_line(cmd, &appended, depth, ctx, out);
    }
    for (what, line) in hooks {
        hook(&what, &line, depth, ctx, out);
    }
}

/// The value of `var` for `cmd`: its prefix first, then what an earlier step exported.
fn value<'a>(cmd: &'a Cmd<'_>, ctx: &'a Context, var: &str) -> Option<&'a str> {
    super::carried::setting(cmd, ctx, var)
}

/// Every variable set for `cmd` (prefix first, then exported), with its value.
fn variables<'a>(cmd: &'a Cmd<'_>, ctx: &'a Context) -> impl Iterator<Item = (&'a str, &'a str)> {
    cmd.assignments
        .iter()
        .chain(cmd.prefix.iter())
        .filter_map(|a| a.split_once('='))
        .chain(
            ctx.env
                .exported
                .iter()
                .map(|(n, v)| (n.as_str(), v.as_str())),
        )
        .map(|(n, v)| (n, v.trim_matches(['"', '\''])))
        .filter(|(_, v)| !v.is_empty() && !v.contains('$'))
}

/// Judges the command with the options its variables append, when they add any it does not
/// already give: after the subcommand for terraform (where TF_CLI_ARGS goes), at the end (before
/// a `--`) for the others.
fn injected_line(
    cmd: &Cmd<'_>,
    appended: &[(String, String)],
    depth: u8,
    ctx: &mut Context,
    out: &mut Vec<Finding>,
) {
    let mut words: Vec<String> = Vec::new();
    for (name, v) in appended {
        // Split as the shell splits a command's words (after a command word, so that
        // `BUILD_DIR=/` is a word, not an assignment).
        let line = format!(": {v}");
        let mut split: Vec<String> = crate::shell::words(&line)
            .into_iter()
            .skip(1)
            .map(|w| w.into_owned())
            .collect();
        // MAKEFLAGS may start with its single-letter flags run together, without a dash.
        if name.ends_with("MAKEFLAGS")
            && let Some(first) = split.first_mut()
            && !first.starts_with('-')
            && !first.contains('=')
            && first.bytes().all(|b| b.is_ascii_alphabetic())
        {
            first.insert(0, '-');
        }
        words.extend(split);
    }
    // Already on the line (the line judged as made): nothing more to judge.
    if words.iter().all(|w| cmd.args.iter().any(|a| a == w)) {
        return;
    }
    let terraform = matches!(cmd.program, "terraform" | "tofu" | "terragrunt");
    let at = if terraform {
        cmd.operands(&["-chdir"])
            .next()
            .and_then(|sub| cmd.args.iter().position(|a| a == sub))
            .map_or(cmd.args.len(), |i| i + 1)
    } else {
        cmd.args
            .iter()
            .position(|a| a == "--")
            .unwrap_or(cmd.args.len())
    };
    let quote = super::equivalents::quote;
    let mut line = String::from(cmd.program);
    for a in &cmd.args[..at] {
        line.push(' ');
        line.push_str(&quote(a));
    }
    for w in &words {
        line.push(' ');
        line.push_str(&quote(w));
    }
    for a in &cmd.args[at..] {
        line.push(' ');
        line.push_str(&quote(a));
    }
    let names: Vec<&str> = appended.iter().map(|(n, _)| n.as_str()).collect();
    let what = format!(
        "{} adds `{}` to {}",
        names.join(", "),
        crate::cut(&words.join(" "), 50),
        cmd.program
    );
    // The line made has every word it adds: judged once, not again for the same variables.
    let mut found = Vec::new();
    judge_as(&what, &line, depth, ctx, &mut found);
    out.extend(found.into_iter().filter(|f| f.severity > Severity::Note));
}

/// The files a runtime's options load as code: `-javaagent:F[=opts]`, `-agentpath:F`,
/// `--require F` / `-r F` / `--import F` / `--loader F` (node), `-rF` (ruby), `-MF` (perl).
fn loaded_files(options: &str) -> Vec<String> {
    let words: Vec<String> = crate::shell::words(options)
        .into_iter()
        .map(|w| w.into_owned())
        .collect();
    let mut files = Vec::new();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let w = w.as_str();
        if let Some(f) = w
            .strip_prefix("-javaagent:")
            .or_else(|| w.strip_prefix("-agentpath:"))
            .or_else(|| w.strip_prefix("-agentlib:"))
        {
            files.push(f.split('=').next().unwrap_or(f).to_owned());
        } else if let Some((opt, f)) = w.split_once('=')
            && matches!(
                opt,
                "--require" | "--import" | "--loader" | "--experimental-loader"
            )
        {
            files.push(f.to_owned());
        } else if matches!(
            w,
            "--require" | "-r" | "--import" | "--loader" | "--experimental-loader"
        ) {
            files.extend(words.get(i + 1).cloned());
            i += 1;
        } else if let Some(f) = w
            .strip_prefix("-r")
            .filter(|f| !f.is_empty() && f.contains(['/', '.']))
        {
            files.push(f.to_owned());
        }
        i += 1;
    }
    files
}

/// A file named as a program to run: a relative path gets `./` (a bare word is a file here,
/// not a program on the PATH).
fn as_program(file: &str) -> String {
    if file.starts_with(['/', '.', '~']) {
        file.to_owned()
    } else {
        format!("./{file}")
    }
}

/// Judges a hook the command runs: as a command line, and, when it is a file in a
/// world-writable temporary directory, as code anyone may have put there.
fn hook(what: &str, line: &str, depth: u8, ctx: &mut Context, out: &mut Vec<Finding>) {
    let mut found = Vec::new();
    judge_as(what, line, depth, ctx, &mut found);
    out.extend(found.into_iter().filter(|f| f.severity > Severity::Note));
    let first = line.split_whitespace().next().unwrap_or("");
    let temporary = ["/tmp/", "/var/tmp/", "/dev/shm/"]
        .iter()
        .any(|d| first.starts_with(d));
    if temporary {
        out.push(Finding {
            family: Family::RemoteCode,
            code: "remote-code.injected-hook",
            severity: Severity::Confirm,
            message: format!(
                "{what}: {first} is in a temporary directory anyone on the machine may write"
            ),
        });
    }
}

/// The targets that delete what the build's directory variables name: GNU make's standard
/// "clean", "mostlyclean", "distclean", "maintainer-clean", and the names other projects give
/// them ("realclean", "clobber", the kernel's "mrproper", "purge", "nuke", "wipe").
const CLEANING: &[&str] = &[
    "clean",
    "mostlyclean",
    "distclean",
    "maintainer-clean",
    "realclean",
    "clobber",
    "mrproper",
    "purge",
    "nuke",
    "wipe",
    "clean-all",
    "cleanall",
];

/// `make clean BUILD_DIR=/`, `just clean dir=~`, `make distclean O=/etc`: a cleaning target
/// run with a variable overridden to the root, a home or a system directory. A command-line
/// variable overrides the makefile's own (make(1): "VAR=value ... overrides"), so the recipe's
/// `rm -rf $(BUILD_DIR)/*` deletes there, whatever the makefile says otherwise. A recipe an
/// earlier step wrote is judged with the value by [`super::definitions`]; this reads the kind
/// when the recipe is not known. A dry run (`-n`, `--just-print`, `--dry-run`) runs nothing.
fn cleaned_directory(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if cmd.has(&[
        "-n",
        "--just-print",
        "--dry-run",
        "--recon",
        "-q",
        "--question",
    ]) {
        return;
    }
    let operands: Vec<&str> = cmd.operands(super::definitions::MAKE_VALUED).collect();
    let Some(target) = operands
        .iter()
        .find(|o| !o.contains('=') && CLEANING.contains(&o.to_ascii_lowercase().as_str()))
    else {
        return;
    };
    let mut overrides: Vec<(&str, &str)> =
        operands.iter().filter_map(|o| o.split_once('=')).collect();
    // just's `--set NAME VALUE`.
    let words: Vec<&str> = cmd.words().collect();
    for w in words.windows(3) {
        if w[0] == "--set" {
            overrides.push((w[1], w[2]));
        }
    }
    for (name, v) in overrides {
        let Some((severity, place)) = overridden_place(v) else {
            continue;
        };
        out.push(Finding {
            family: Family::Filesystem,
            code: "filesystem.overridden-directory",
            severity,
            message: format!(
                "{} {target} with {name}={v}: the cleaning target deletes in what {name} names, {place}",
                cmd.program
            ),
        });
    }
}

/// How bad a directory given to a cleaning target is: the root, a home or a top-level system
/// directory (verify); the working directory or its parent, the project itself (confirm).
fn overridden_place(v: &str) -> Option<(Severity, &'static str)> {
    let v = v.trim_matches(['"', '\'']);
    let trimmed = v.trim_end_matches(['/', '*', '\\']);
    if trimmed.is_empty() || matches!(trimmed, "C:" | "c:") {
        return Some((Severity::Verify, "the root of the filesystem"));
    }
    if matches!(
        trimmed,
        "~" | "$HOME" | "${HOME}" | "%USERPROFILE%" | "$env:USERPROFILE"
    ) {
        return Some((Severity::Verify, "the home directory"));
    }
    const SYSTEM: &[&str] = &[
        "/usr",
        "/etc",
        "/var",
        "/home",
        "/root",
        "/boot",
        "/opt",
        "/srv",
        "/bin",
        "/sbin",
        "/lib",
        "/lib64",
        "/Users",
        "/System",
        "/Library",
        "/Applications",
    ];
    if SYSTEM.contains(&trimmed)
        || trimmed.starts_with("/home/") && trimmed.matches('/').count() == 2
    {
        return Some((Severity::Verify, "a system or user directory"));
    }
    if matches!(
        trimmed,
        "." | ".." | "$PWD" | "${PWD}" | "$(pwd)" | "$(CURDIR)"
    ) {
        return Some((Severity::Confirm, "the project itself"));
    }
    None
}
