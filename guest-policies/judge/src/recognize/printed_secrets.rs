//! Secrets printed by programs whose other uses are ordinary, so no store's table
//! ([`super::keyrings`]) names them: a decryption of a file named as secrets (`age -d`, `rage
//! -d`, `gpg -d`, `openssl enc -d`), a tool's sensitive outputs (`terraform output -raw
//! DB_PASSWORD`), a CLI's stored token asked for by its key (`npm config get
//! //registry.npmjs.org/:_authToken`, `git config --get github.token`), the raw secrets of a
//! cluster's store (`etcdctl get /registry/secrets`), Python's keyring asked in one line (`python
//! -m keyring get`, `keyring.get_password(...)` in `python -c`). Each is a secret read
//! (confirmed); the exfiltration reader stops the same output sent elsewhere.
//!
//! And one mint graded by what it mints: `kubectl create token` for an administrator's
//! account (a name saying admin, root or owner, or `kube-system`) or for a year
//! (`--duration` of 30 days or more) hands out a cluster's keys for long.
//!
//! Looked up by the program's name first (one `match`).

use super::Cmd;
use crate::substring::has;

/// Words of a file's or a key's name that say it holds secrets.
fn secret_name(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    [
        "secret",
        "password",
        "passwd",
        "token",
        "credential",
        "apikey",
        "api_key",
        "api-key",
        "private",
        ".env",
        "authtoken",
        "_auth",
        "vault",
        "passphrase",
        "dsn",
    ]
    .iter()
    .any(|k| has(&n, k))
        || n.contains(".password-store/")
        || super::paths::secret(name).is_some()
}

/// The secret a command prints, if it is one of these.
pub fn read(cmd: &Cmd<'_>) -> Option<&'static str> {
    match cmd.program {
        "age" | "rage" if cmd.flag(b"d", &["--decrypt"]) => {
            decrypted(cmd, &["-i", "--identity", "-o", "--output", "-j"])
        }
        "gpg" | "gpg2" if cmd.flag(b"d", &["--decrypt"]) => decrypted(
            cmd,
            &[
                "-o",
                "--output",
                "-r",
                "--recipient",
                "-u",
                "--local-user",
                "--homedir",
                "--passphrase",
                "--passphrase-file",
                "--pinentry-mode",
            ],
        ),
        "openssl" if cmd.args.first().is_some_and(|a| a == "enc") && cmd.flag(b"d", &[]) => cmd
            .value(&["-in"])
            .filter(|f| secret_name(f))
            .map(|_| "a secrets file, decrypted"),
        "terraform" | "tofu" | "terragrunt" => tool_output(cmd),
        "npm" | "pnpm" | "yarn" | "git" | "pip" | "pip3" | "poetry" | "composer" | "gh"
        | "bundle" => config_key(cmd),
        "etcdctl" => {
            let ops: Vec<&str> = cmd
                .operands(&[
                    "--endpoints",
                    "--cacert",
                    "--cert",
                    "--key",
                    "-w",
                    "--write-out",
                    "--user",
                ])
                .collect();
            (ops.first() == Some(&"get")
                && ops
                    .get(1)
                    .is_some_and(|k| k.starts_with("/registry/secrets"))
                && !cmd.has(&["--keys-only"]))
            .then_some("a cluster's secrets, raw from etcd")
        }
        "keyring" => (cmd
            .operands(&["-b", "--keyring-backend", "-p", "--keyring-path"])
            .next()
            == Some("get"))
        .then_some("a password from the system keyring"),
        "python" | "python3" | "python2" | "pypy3" => python_keyring(cmd),
        _ => None,
    }
}

/// A decryption (`-d`) of a file whose name says it holds secrets (`secrets.env.age`,
/// `prod.env.gpg`, a password-store entry); a signature or an archive decrypted is not here.
fn decrypted(cmd: &Cmd<'_>, values: &[&str]) -> Option<&'static str> {
    let file = cmd.operands(values).last()?;
    secret_name(file).then_some("a secrets file, decrypted")
}

/// `terraform output -raw NAME` (and `-json NAME`) prints one output in clear, a secret when its
/// name says so. A plain `terraform output` hides the sensitive values, and `-json` of the
/// whole state is the project's usual read (the corpus labels it so): neither is here.
fn tool_output(cmd: &Cmd<'_>) -> Option<&'static str> {
    let ops: Vec<&str> = cmd
        .operands(&["-state", "-chdir", "--terragrunt-working-dir"])
        .collect();
    let at = ops.iter().position(|o| *o == "output")?;
    let name = ops.get(at + 1);
    let shown = cmd.has(&["-json", "--json", "-raw", "--raw"]);
    (shown && name.is_some_and(|n| secret_name(n))).then_some("a sensitive output of the state")
}

/// `npm config get KEY`, `git config --get KEY`, `yarn config get KEY`, `pip config get KEY`,
/// `composer config KEY`: one setting printed; a token when the key's name says so.
fn config_key(cmd: &Cmd<'_>) -> Option<&'static str> {
    let ops: Vec<&str> = cmd
        .operands(&["--global", "-g", "--file", "-f", "--location"])
        .collect();
    let at = ops.iter().position(|o| *o == "config" || *o == "c")?;
    let rest = &ops[at + 1..];
    let key = match rest {
        ["get", key, ..] => *key,
        [key]
            if cmd.has(&["--get", "--get-all"]) || matches!(cmd.program, "composer" | "poetry") =>
        {
            *key
        }
        _ => return None,
    };
    secret_name(key).then_some("a stored token, by its key")
}

/// `python -m keyring get SERVICE USER`, or one line of Python asking the keyring for a
/// password (`keyring.get_password(`, `keyring.get_credential(`).
fn python_keyring(cmd: &Cmd<'_>) -> Option<&'static str> {
    let words: Vec<&str> = cmd.words().collect();
    if let Some(at) = words.iter().position(|w| *w == "-m")
        && words.get(at + 1) == Some(&"keyring")
        && words.get(at + 2) == Some(&"get")
    {
        return Some("a password from the system keyring");
    }
    let code = cmd.value(&["-c"])?;
    (has(code, "keyring") && (has(code, "get_password(") || has(code, "get_credential(")))
        .then_some("a password from the system keyring")
}

/// Why a `kubectl create token` (or `oc create token`) mints a token to verify: for an
/// administrator's account (its name says admin, root or owner, or it lives in
/// `kube-system`), or valid for 30 days or more (`--duration=8760h`).
pub fn admin_token(cmd: &Cmd<'_>) -> Option<String> {
    if !matches!(cmd.program, "kubectl" | "oc") {
        return None;
    }
    let ops: Vec<&str> = cmd
        .operands(&[
            "-n",
            "--namespace",
            "--duration",
            "--audience",
            "--bound-object-kind",
            "--bound-object-name",
            "--context",
            "--kubeconfig",
        ])
        .collect();
    let at = ops.windows(2).position(|w| w == ["create", "token"])?;
    let account = ops.get(at + 2).copied().unwrap_or("");
    let a = account.to_ascii_lowercase();
    let admin = ["admin", "root", "owner", "superuser"]
        .iter()
        .any(|k| has(&a, k))
        || cmd.value(&["-n", "--namespace"]) == Some("kube-system");
    let hours = cmd.value(&["--duration"]).and_then(duration_hours);
    let long = hours.is_some_and(|h| h >= 720);
    match (admin, long) {
        (false, false) => None,
        (true, true) => Some(format!(
            "a token for {account}, an administrator's account, valid for {} days",
            hours.unwrap_or(0) / 24
        )),
        (true, false) => Some(format!("a token for {account}, an administrator's account")),
        (false, true) => Some(format!(
            "a token for {account} valid for {} days",
            hours.unwrap_or(0) / 24
        )),
    }
}

/// Hours of a Go duration (`8760h`, `525600m`, `31536000s`, `1h30m` counted by its hours).
fn duration_hours(d: &str) -> Option<u64> {
    let (num, unit) = d.split_at(d.find(|c: char| !c.is_ascii_digit())?);
    let n: u64 = num.parse().ok()?;
    Some(match unit.chars().next()? {
        'h' => n,
        'm' => n / 60,
        's' => n / 3600,
        _ => return None,
    })
}
