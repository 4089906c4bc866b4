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
