//! The names of a dotenv file's variables, without their values: `cut -d= -f1 .env`, `awk
//! -F= '{print $1}' .env`, `sed 's/=.*//' .env`, `grep -o '^[A-Z_]*=' .env` (and the same
//! filters after `cat .env |`). Comparing which variables two environments define is no read
//! of the credentials.
//!
//! Only dotenv files ([`dotenv`]: one `NAME=value` a line) are read this way. `cut`, `awk`
//! and `sed` print whole any line without a `=`: in a key file (`id_rsa`, a PEM) that is every
//! line, so there the read stands ([`super::withheld`] says why). What remains in a dotenv
//! file is a comment line or the inner lines of a quoted value spread over several lines (a
//! PEM key pasted in); that residue is accepted here, and the read is still remembered as a
//! read, so sending what it printed ("now post that", `| curl -d @-`) is judged as sending
//! the secret.
//!
//! The filter must be exactly a names-only one: the first field and nothing else (`-f1`, not
//! `-f1-`, `-f1,2` or `-f2`), a `=` separator (cut's default is a tab: the whole line), a
//! sed script whose only command deletes from the `=` on (no `-i`, no second command), a
//! grep that prints only a match (`-o`) anchored at the line's start that cannot run past the
//! `=`.

use std::borrow::Cow;

use super::Cmd;
use crate::shell::Script;

/// Whether `path` is a dotenv file: `.env`, `.env.NAME`, `NAME.env`, `.envrc`, `.flaskenv`,
/// Wrangler's `.dev.vars`.
pub fn dotenv(path: &str) -> bool {
    let name = path
        .trim_matches(['"', '\''])
        .rsplit('/')
        .next()
        .unwrap_or("");
    name == ".env"
        || name.starts_with(".env.")
        || name.ends_with(".env") && name.len() > 4
        || matches!(name, ".envrc" | ".flaskenv" | ".dev.vars")
}

/// Whether the secret `cmd` reads from `path` reaches the output as the variables' names only:
/// the reader is a names-only filter of a dotenv file, or its output goes straight into one
/// (the next stage of the pipe, nothing redirected).
pub fn names_only(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, path: &str) -> bool {
    if !dotenv(path) {
        return false;
    }
    if filter(cmd.program, cmd.args) {
        return true;
    }
    // A first stage that passes lines through whole or drops some (`grep -v '^#' .env |
    // cut -d= -f1`): what reaches the filter is lines of the file, all reduced to names.
    matches!(
        cmd.program,
        "cat" | "bat" | "batcat" | "tail" | "head" | "grep" | "egrep" | "rg" | "sort" | "uniq"
    ) && super::withheld::output_feeds(s, index, filter)
}

/// Commands whose output is lines of `NAME=value`, as a dotenv file's are: the process
/// environment (`env`, `printenv`, `export -p`), and the hosting platforms' variables printed
/// in shell form (`heroku config --shell`, `doppler secrets download --format env`, `railway
/// variables --kv`, `netlify env:list --plain`). Their names read by a names-only filter are
/// no read of the values, with the same residue accepted as for a dotenv file (a value spread
/// over several lines). Another format (JSON, a table) keeps the read: `cut -d= -f1` of a
/// table line prints the line.
pub fn dotenv_output(cmd: &Cmd<'_>) -> bool {
    let w = |x: &str| cmd.args.iter().any(|a| a == x);
    let format_env = || {
        cmd.value(&["--format"]).is_some_and(|f| {
            matches!(
                f.trim_matches(['"', '\'']),
                "env" | "env-no-quotes" | "dotenv" | "docker"
            )
        })
    };
    match cmd.program {
        "printenv" => cmd.args.is_empty(),
        "env" => cmd.args.is_empty(),
        "export" | "declare" => cmd.args.iter().all(|a| matches!(&**a, "-p" | "-x" | "-px")),
        "heroku" => {
            cmd.operands(&["-a", "--app", "-r", "--remote"]).next() == Some("config")
                && (w("-s") || w("--shell"))
        }
        "doppler" => {
            let ops: Vec<&str> = cmd
                .operands(&["--format", "-p", "--project", "-c", "--config", "--token"])
                .collect();
            ops.starts_with(&["secrets", "download"]) && format_env() && w("--no-file")
        }
        "railway" => (w("variables") || w("vars")) && w("--kv"),
        // Infisical's export prints dotenv unless another format is asked for.
        "infisical" => {
            w("export")
                && cmd
                    .value(&["--format", "-f"])
                    .is_none_or(|f| f.trim_matches(['"', '\'']) == "dotenv")
                && !cmd.has(&["--output-file", "-o"])
        }
        "netlify" => w("env:list") && w("--plain"),
        _ => false,
    }
}

/// Whether a command with [`dotenv_output`] reaches the agent as names only: its output goes
/// straight into a names-only filter.
pub fn names_of_output(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    dotenv_output(cmd) && super::withheld::output_feeds(s, index, filter)
}

/// Whether a program with these arguments prints only the part of each line before its `=`.
fn filter(program: &str, args: &[Cow<'_, str>]) -> bool {
    let args: Vec<&str> = args.iter().map(|a| &**a).collect();
    match program {
        "cut" => cut(&args),
        "awk" | "gawk" | "mawk" | "nawk" => awk(&args),
        "sed" | "gsed" => sed(&args),
        "grep" | "egrep" | "rg" => grep(&args),
        _ => false,
    }
}

/// `cut -d= -f1` (`-d '='`, `-d'='`, `--delimiter==`, `-f 1`, `--fields=1`, `-s`).
fn cut(args: &[&str]) -> bool {
    let mut delimiter = None;
    let mut fields = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let a = a.trim_matches(['"', '\'']);
        match a {
            "-d" | "--delimiter" => delimiter = it.next().map(|v| v.trim_matches(['"', '\''])),
            "-f" | "--fields" => fields = it.next().map(|v| v.trim_matches(['"', '\''])),
            "-s" | "--only-delimited" => {}
            _ if a.starts_with("--delimiter=") => delimiter = Some(&a["--delimiter=".len()..]),
            _ if a.starts_with("--fields=") => fields = Some(&a["--fields=".len()..]),
            _ if a.starts_with("-d") => delimiter = Some(a[2..].trim_matches(['"', '\''])),
            _ if a.starts_with("-f") => fields = Some(&a[2..]),
            // Another option (`--complement` prints every other field), or an operand.
            _ if a.starts_with('-') => return false,
            _ => {}
        }
    }
    delimiter == Some("=") && fields == Some("1")
}

/// `awk -F= '{print $1}'` (`-F '='`, `-F'='`, a `/=/` pattern before the action).
fn awk(args: &[&str]) -> bool {
    let mut separator = None;
    let mut program = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match *a {
            "-F" => separator = it.next().map(|v| v.trim_matches(['"', '\''])),
            _ if a.starts_with("-F") => separator = Some(a[2..].trim_matches(['"', '\''])),
            _ if a.starts_with('-') => return false,
            _ if program.is_none() => program = Some(a.trim_matches(['"', '\''])),
            _ => {}
        }
    }
    let Some(program) = program else {
        return false;
    };
    // A pattern before the action only picks lines (`/=/`, `!/^#/`, `NF`): any regular
    // expression between slashes, negated or not, with nothing after it but the action.
    let compact: String = program.chars().filter(|c| !c.is_whitespace()).collect();
    let action = if let Some(rest) = compact.strip_prefix("NF") {
        rest
    } else {
        let rest = compact.strip_prefix('!').unwrap_or(&compact);
        match rest.strip_prefix('/').and_then(|r| r.split_once('/')) {
            Some((regex, action)) if !regex.contains(['{', '}', ';']) => action,
            _ => &compact,
        }
    };
    separator == Some("=") && matches!(action, "{print$1}" | "{print$1;}")
}

/// `sed 's/=.*//'` (`s/=.*$//`, or `-n` with the `p` flag): the script's only command deletes
/// from the `=` to the end of the line. Never with `-i` (that rewrites the file).
fn sed(args: &[&str]) -> bool {
    let mut quiet = false;
    let mut script = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match *a {
            "-n" | "--quiet" | "--silent" => quiet = true,
            "-e" | "--expression" => {
                let e = it.next().map(|v| v.trim_matches(['"', '\'']));
                // Another expression may only delete the lines it matches (`/^#/d`).
                match e {
                    Some(d) if deletes_lines(d) => {}
                    _ if script.is_some() => return false,
                    _ => script = e,
                }
            }
            "-E" | "-r" | "--regexp-extended" => {}
            _ if a.starts_with('-') => return false,
            _ if script.is_none() => script = Some(a.trim_matches(['"', '\''])),
            _ => {}
        }
    }
    match script {
        Some("s/=.*//" | "s/=.*$//") => !quiet,
        Some("s/=.*//p" | "s/=.*$//p") => quiet,
        _ => false,
    }
}

/// A sed command that only deletes the lines a regular expression matches (`/^#/d`, `/^$/d`).
fn deletes_lines(e: &str) -> bool {
    e.strip_prefix('/')
        .and_then(|r| r.strip_suffix("/d"))
        .is_some_and(|regex| !regex.contains(['/', ';', '{', '}']))
}

/// `grep -o '^[A-Z_]*='` (`-oE '^[^=]+'`, `-o '^[A-Za-z_][A-Za-z0-9_]*'`): only matches
/// printed, anchored at the line's start, built of bracket classes that cannot hold a `=`,
/// with an optional `=` at the end.
fn grep(args: &[&str]) -> bool {
    let mut only_matching = false;
    let mut pattern = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match *a {
            "-o" | "--only-matching" => only_matching = true,
            "-e" | "--regexp" => {
                if pattern.is_some() {
                    return false;
                }
                pattern = it.next().map(|v| v.trim_matches(['"', '\'']));
            }
            "--extended-regexp" | "--no-filename" | "--color=never" => {}
            _ if a.starts_with("--") => return false,
            _ if a.starts_with('-') && a.len() > 1 => {
                // Bundled short flags: only matching, extended, no file names, perl.
                if !a[1..]
                    .bytes()
                    .all(|c| matches!(c, b'o' | b'E' | b'h' | b'P'))
                {
                    return false;
                }
                only_matching |= a.contains('o');
            }
            _ if pattern.is_none() => pattern = Some(a.trim_matches(['"', '\''])),
            _ => {}
        }
    }
    only_matching && pattern.is_some_and(name_pattern)
}

/// `^` then bracket classes (each without `=`, or negating it) with `*`, `+` or `?`, and an
/// optional `=` at the end: a match can hold no character after the first `=`.
fn name_pattern(p: &str) -> bool {
    let Some(mut rest) = p.strip_prefix('^') else {
        return false;
    };
    rest = rest.strip_suffix('=').unwrap_or(rest);
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        let Some(body) = rest.strip_prefix('[') else {
            return false;
        };
        let Some(end) = body.find(']') else {
            return false;
        };
        let class = &body[..end];
        let allowed = match class.strip_prefix('^') {
            Some(negated) => negated.contains('='),
            None => !class.contains('=') && !class.contains("[:"),
        };
        if !allowed || class.is_empty() {
            return false;
        }
        rest = &body[end + 1..];
        rest = rest.strip_prefix(['*', '+', '?']).unwrap_or(rest);
    }
    true
}

/// Whether the process environment (`env`, `printenv`) reaches the agent only through a
/// `grep` that selects settings by name: `^NAME=` names, alternated or not (`grep -E
/// '^(AWS_REGION|AWS_PROFILE)='`), none of them a secret's name, or a prefix of a tool's own
/// settings (`grep ^TF_`, `^LC_`, `^KUBE`). An inverted match (`-v`), a pattern from a file,
/// a prefix of a vendor's credentials (`^AWS_` holds the secret key) or a name that says
/// secret keeps the dump (session 20: reads graded as acts).
pub fn settings_of_output(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    matches!(cmd.program, "env" | "printenv")
        && cmd.args.is_empty()
        && super::withheld::output_feeds(s, index, |program, args| {
            matches!(program, "grep" | "egrep" | "rg") && selects_settings(args)
        })
}

/// Prefixes of the variables a tool reads as its own settings, not credentials.
/// (`TF_` is Terraform's: `TF_LOG`, `TF_CLI_ARGS`, `TF_WORKSPACE`, `TF_VAR_...`.) Prefixes that
/// also hold tokens (`CI_` has `CI_JOB_TOKEN`, `CARGO_` `CARGO_REGISTRY_TOKEN`) are not here.
const SETTING_PREFIXES: &[&str] = &[
    "tf_",
    "lc_",
    "xdg_",
    "kubeconfig",
    "rust_",
    "node_env",
    "java_home",
    "python",
    "goos",
    "goarch",
    "gopath",
    "goroot",
    "goflags",
    "path",
    "lang",
    "shell",
    "term",
    "hostname",
    "editor",
    "pager",
    "tz",
    "virtual_env",
    "conda_",
    "debian_frontend",
];

/// Words that make a variable's name a secret's.
const SECRET_NAME_WORDS: &[&str] = &[
    "token", "key", "secret", "pass", "pwd", "auth", "cred", "session", "cookie", "private",
    "cert", "sig", "dsn", "url", "conn",
];

/// Whether a grep's arguments select environment lines by settings' names only.
fn selects_settings(args: &[Cow<'_, str>]) -> bool {
    let mut pattern = None;
    let mut it = args.iter().map(|a| &**a);
    while let Some(a) = it.next() {
        match a {
            "-e" | "--regexp" => pattern = it.next(),
            "-E" | "-i" | "-w" | "-x" | "-P" | "-G" | "--color" | "--colour" | "--color=never"
            | "--color=auto" | "--extended-regexp" | "--ignore-case" => {}
            _ if a.starts_with('-') => return false,
            _ if pattern.is_none() => pattern = Some(a),
            // A file operand: not the piped environment.
            _ => return false,
        }
    }
    let Some(p) = pattern.map(|p| p.trim_matches(['"', '\''])) else {
        return false;
    };
    let Some(body) = p.strip_prefix('^') else {
        return false;
    };
    // `^NAME=` / `^(A|B)=` / `^NAME$`: whole names; otherwise a prefix.
    let whole = body.ends_with('=') || body.ends_with('$');
    let names = body
        .trim_end_matches(['=', '$'])
        .trim_start_matches('(')
        .trim_end_matches(')');
    !names.is_empty()
        && names.split('|').all(|n| {
            let l = n.to_ascii_lowercase();
            !l.is_empty()
                && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
                && !SECRET_NAME_WORDS.iter().any(|w| l.contains(w))
                && (whole || SETTING_PREFIXES.iter().any(|pre| l.starts_with(pre)))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns() {
        assert!(name_pattern("^[A-Z_]*="));
        assert!(name_pattern("^[^=]+"));
        assert!(name_pattern("^[A-Za-z_][A-Za-z0-9_]*"));
        assert!(!name_pattern("^.*="));
        assert!(!name_pattern("[A-Z_]*="));
        assert!(!name_pattern("^[A-Z_=]*"));
        assert!(!name_pattern("^[^#]+"));
        assert!(!name_pattern("^[A-Z_]*=.*"));
    }

    #[test]
    fn files() {
        assert!(dotenv(".env"));
        assert!(dotenv("config/.env.production"));
        assert!(dotenv("staging.env"));
        assert!(dotenv(".dev.vars"));
        assert!(!dotenv("id_rsa"));
        assert!(!dotenv(".environment"));
        assert!(!dotenv(".env/secret.pem"));
    }
}
