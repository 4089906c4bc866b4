//! Programs read as the program they stand in for, and wrappers that run the rest of their line.
//!
//! **Drop-ins**: a fork or a port that keeps the original's command line under another name
//! (OpenBao's `bao` is Vault's CLI, Finch and `nerdctl` are Docker's, `kubecolor` passes its
//! arguments to kubectl, Homebrew installs GNU coreutils as `grm`, `gsed`, `gfind`, uutils as
//! `uu-rm`, MariaDB renamed its tools `mariadb-dump`, `mariadb-admin`): every reader of the
//! original reads the drop-in, so a program nobody wrote a reader for costs one row.
//!
//! **Wrappers**: a program that runs a command given as its remaining words, after options of
//! its own (privilege: `run0`, `pkexec`, `gosu`, `su-exec`, `chpst`, `setpriv`; sandboxes and
//! proxies: `firejail`, `proxychains`, `torsocks`; init shims: `tini`, `dumb-init`,
//! `catatonit`; tracers: `strace`, `ltrace`, `valgrind`; secret injectors that run a command
//! with secrets in its environment: `op run`, `doppler run`, `infisical run`, `aws-vault exec
//! PROFILE`, `chamber exec SERVICE`, `dotenvx run`; host tools that run a bundled client: `k3s
//! kubectl`, `microk8s kubectl`, `lima nerdctl`, `coreutils rm`). The wrapped command is what
//! runs, and is judged as written: a wrapper only changes who runs it, with what around it.
//! Written from each program's manual (its synopsis and the options that take a value).

use std::borrow::Cow;

use super::name_table::NameTable;

/// Forks, ports and renamed builds, by the name they run as, with the program they stand for.
/// Sorted by name (checked by a test): each name is unique, so [`DROP_IN_INDEX`] finds the row
/// a binary search would.
const DROP_INS: &[(&str, &str)] = &[
    ("bao", "vault"),
    ("colima-nerdctl", "nerdctl"),
    ("docker.io", "docker"),
    ("finch", "docker"),
    ("gcat", "cat"),
    ("gchgrp", "chgrp"),
    ("gchmod", "chmod"),
    ("gchown", "chown"),
    ("gcp", "cp"),
    ("gdd", "dd"),
    ("genv", "env"),
    ("gfind", "find"),
    ("ginstall", "install"),
    ("gln", "ln"),
    ("gmv", "mv"),
    ("gnice", "nice"),
    ("grm", "rm"),
    ("grmdir", "rmdir"),
    ("gsed", "sed"),
    ("gshred", "shred"),
    ("gstdbuf", "stdbuf"),
    ("gtee", "tee"),
    ("gtimeout", "timeout"),
    ("gtruncate", "truncate"),
    ("gunlink", "unlink"),
    ("gxargs", "xargs"),
    ("helm3", "helm"),
    ("k3s-kubectl", "kubectl"),
    ("kubecolor", "kubectl"),
    ("lima-nerdctl", "nerdctl"),
    ("mariadb-admin", "mysqladmin"),
    ("mariadb-dump", "mysqldump"),
    ("microk8s.helm", "helm"),
    ("microk8s.helm3", "helm"),
    ("microk8s.kubectl", "kubectl"),
    ("nerdctl.lima", "nerdctl"),
    ("openbao", "vault"),
    ("podman-compose", "docker-compose"),
    ("podman-remote", "podman"),
    ("sudo-rs", "sudo"),
    ("uu-chmod", "chmod"),
    ("uu-chown", "chown"),
    ("uu-cp", "cp"),
    ("uu-dd", "dd"),
    ("uu-install", "install"),
    ("uu-ln", "ln"),
    ("uu-mv", "mv"),
    ("uu-rm", "rm"),
    ("uu-rmdir", "rmdir"),
    ("uu-shred", "shred"),
    ("uu-tee", "tee"),
    ("uu-truncate", "truncate"),
    ("uu_rm", "rm"),
];

/// [`DROP_INS`] hashed at compile time: every word that may start a command is looked up here
/// (each wrapper and runner step of [`super::resolve`]), and most are no drop-in; the binary
/// search paid about six string comparisons for each (0.9 % of the judge's time on the corpus,
/// in perf), the table one hash and most often no comparison.
static DROP_IN_INDEX: NameTable<&str, 128> = NameTable::new(DROP_INS);

/// The program a drop-in stands for, or the program itself.
pub fn original(program: &str) -> &str {
    DROP_IN_INDEX.get(program.as_bytes()).unwrap_or(program)
}

/// The names read as `program` ([`original`]'s and the Redis forks' reverse): a name an
/// earlier step bound (an alias, a function, a copy of a binary: `alias gdd='rm'`) is that
/// binding, not the program it would otherwise stand for, so the binding is looked up under
/// every name the line may have been written with.
pub fn written_names(program: &str) -> impl Iterator<Item = &'static str> + '_ {
    let redis: &[&'static str] = if program == "redis-cli" {
        &["valkey-cli", "keydb-cli", "memurai-cli"]
    } else {
        &[]
    };
    DROP_INS
        .iter()
        .filter(move |(_, to)| *to == program)
        .map(|(from, _)| *from)
        .chain(redis.iter().copied())
}

/// How a wrapper's own words end and its command begins.
#[derive(Clone, Copy)]
enum Shape {
    /// Options (those listed take the next word as their value), then the command (`--` ends
    /// the options).
    Options(&'static [&'static str]),
    /// Options, then this many operands of the wrapper's own (a user, a profile, a
    /// directory), then the command (an `--` after them is skipped).
    Operands(usize, &'static [&'static str]),
    /// The subcommand word is the program (`k3s kubectl ...` runs kubectl).
    Bundled,
    /// The command follows the first `--` (`chamber exec svc1 svc2 -- cmd`).
    AfterDashDash,
}

/// Wrappers: the name, the subcommand that makes it run a command (empty: none needed), and
/// where its command begins. A wrapper that hands a string to a shell instead (`runuser -c`,
/// `sops exec-env F 'cmd'`) is not here: the shell-string reader reads those.
const WRAPPERS: &[(&str, &str, Shape)] = &[
    // Privilege.
    (
        "run0",
        "",
        Shape::Options(&[
            "-u",
            "--user",
            "-g",
            "--group",
            "--unit",
            "--property",
            "--description",
            "--slice",
            "--nice",
            "-D",
            "--chdir",
            "--setenv",
            "--machine",
            "--background",
        ]),
    ),
    ("pkexec", "", Shape::Options(&["--user", "-u"])),
    ("gosu", "", Shape::Operands(1, &[])),
    ("su-exec", "", Shape::Operands(1, &[])),
    ("s6-setuidgid", "", Shape::Operands(1, &[])),
    ("setuidgid", "", Shape::Operands(1, &[])),
    (
        "chpst",
        "",
        Shape::Options(&[
            "-u", "-U", "-b", "-e", "-/", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c",
            "-r", "-t",
        ]),
    ),
    (
        "setpriv",
        "",
        Shape::Options(&[
            "--reuid",
            "--regid",
            "--ruid",
            "--euid",
            "--rgid",
            "--egid",
            "--groups",
            "--inh-caps",
            "--ambient-caps",
            "--bounding-set",
            "--securebits",
            "--pdeathsig",
            "--selinux-label",
            "--apparmor-profile",
        ]),
    ),
    (
        "systemd-run",
        "",
        Shape::Options(&[
            "-u",
            "--unit",
            "-p",
            "--property",
            "--description",
            "--slice",
            "-E",
            "--setenv",
            "-M",
            "--machine",
            "-H",
            "--host",
            "--uid",
            "--gid",
            "--nice",
            "-D",
            "--working-directory",
            "--service-type",
            "--on-active",
            "--on-boot",
            "--on-startup",
            "--on-unit-active",
            "--on-unit-inactive",
            "--on-calendar",
            "--timer-property",
            "--path-property",
            "--socket-property",
        ]),
    ),
    (
        "systemd-inhibit",
        "",
        Shape::Options(&["--what", "--who", "--why", "--mode"]),
    ),
    // Sandboxes, proxies, I/O shims.
    ("firejail", "", Shape::Options(&[])),
    ("proxychains", "", Shape::Options(&["-f"])),
    ("proxychains4", "", Shape::Options(&["-f"])),
    (
        "torsocks",
        "",
        Shape::Options(&[
            "-u",
            "-p",
            "-a",
            "-P",
            "--user",
            "--pass",
            "--address",
            "--port",
        ]),
    ),
    ("torify", "", Shape::Options(&[])),
    ("tsocks", "", Shape::Options(&[])),
    (
        "trickle",
        "",
        Shape::Options(&["-d", "-u", "-w", "-t", "-l", "-n"]),
    ),
    ("eatmydata", "", Shape::Options(&[])),
    (
        "fakeroot",
        "",
        Shape::Options(&["-l", "--lib", "--faked", "-s", "-i"]),
    ),
    ("nocache", "", Shape::Options(&[])),
    ("chronic", "", Shape::Options(&[])),
    ("ifne", "", Shape::Options(&[])),
    ("caffeinate", "", Shape::Options(&["-t", "-w"])),
    ("faketime", "", Shape::Operands(1, &[])),
    (
        "xvfb-run",
        "",
        Shape::Options(&[
            "-n",
            "--server-num",
            "-s",
            "--server-args",
            "-f",
            "--auth-file",
            "-e",
            "--error-file",
            "-p",
            "--xauth-protocol",
        ]),
    ),
    ("dbus-run-session", "", Shape::Options(&["--config-file"])),
    ("dbus-launch", "", Shape::Options(&[])),
    ("flatpak-spawn", "", Shape::Options(&["--directory"])),
    (
        "unshare",
        "",
        Shape::Options(&[
            "--map-user",
            "--map-group",
            "-S",
            "--setuid",
            "-G",
            "--setgid",
            "-R",
            "--root",
            "-w",
            "--wd",
            "--propagation",
        ]),
    ),
    (
        "nsenter",
        "",
        Shape::Options(&["-t", "--target", "-S", "--setuid", "-G", "--setgid"]),
    ),
    // Init shims that start a container's command.
    ("tini", "", Shape::Options(&["-p", "-e"])),
    ("dumb-init", "", Shape::Options(&["--rewrite", "-r"])),
    ("catatonit", "", Shape::Options(&[])),
    // Tracers and profilers run the command they trace.
    (
        "strace",
        "",
        Shape::Options(&[
            "-e", "-o", "-p", "-s", "-u", "-a", "-b", "-E", "-I", "-O", "-P", "-S", "-X",
        ]),
    ),
    (
        "ltrace",
        "",
        Shape::Options(&[
            "-e", "-o", "-p", "-s", "-u", "-a", "-n", "-A", "-D", "-F", "-l", "-L", "-x",
        ]),
    ),
    ("valgrind", "", Shape::Options(&[])),
    // Secret injectors: the command runs with the secrets in its environment.
    (
        "op",
        "run",
        Shape::Options(&["--env-file", "--account", "--config"]),
    ),
    (
        "doppler",
        "run",
        Shape::Options(&[
            "-p",
            "--project",
            "-c",
            "--config",
            "--token",
            "--mount",
            "--fallback",
        ]),
    ),
    (
        "infisical",
        "run",
        Shape::Options(&["--env", "--path", "--projectId", "--token", "--tags"]),
    ),
    (
        "aws-vault",
        "exec",
        Shape::Operands(1, &["--duration", "-d"]),
    ),
    ("chamber", "exec", Shape::AfterDashDash),
    (
        "dotenvx",
        "run",
        Shape::Options(&["-f", "--env-file", "-e", "--env"]),
    ),
    ("dotenv", "run", Shape::Options(&["-f", "--file"])),
    ("dotenv", "--", Shape::Options(&[])),
    (
        "env-cmd",
        "",
        Shape::Options(&["-f", "--file", "-e", "--environments", "-r", "--rc-file"]),
    ),
    ("teller", "run", Shape::Options(&["-c", "--config"])),
    ("berglas", "exec", Shape::Options(&["--local"])),
    (
        "saml2aws",
        "exec",
        Shape::Options(&["-a", "--idp-account", "--profile", "-p"]),
    ),
    ("envchain", "", Shape::Operands(1, &[])),
    ("direnv", "exec", Shape::Operands(1, &[])),
    // Toolchain managers that run a command in an environment.
    ("mise", "exec", Shape::Options(&["-C", "--cd"])),
    ("mise", "x", Shape::Options(&["-C", "--cd"])),
    ("asdf", "exec", Shape::Options(&[])),
    (
        "conda",
        "run",
        Shape::Options(&["-n", "--name", "-p", "--prefix", "--cwd"]),
    ),
    (
        "mamba",
        "run",
        Shape::Options(&["-n", "--name", "-p", "--prefix", "--cwd"]),
    ),
    (
        "micromamba",
        "run",
        Shape::Options(&["-n", "--name", "-p", "--prefix", "--cwd"]),
    ),
    ("scl", "enable", Shape::Operands(1, &[])),
    // Host tools that run the client they bundle.
    ("k3s", "kubectl", Shape::Bundled),
    ("k3s", "crictl", Shape::Bundled),
    ("microk8s", "kubectl", Shape::Bundled),
    ("microk8s", "helm", Shape::Bundled),
    ("microk8s", "helm3", Shape::Bundled),
    ("lima", "nerdctl", Shape::Bundled),
    ("colima", "nerdctl", Shape::Bundled),
    // Multi-call binaries (uutils' `coreutils rm`; busybox and toybox are read in `resolve`).
    ("coreutils", "", Shape::Options(&[])),
];

/// The names of [`WRAPPERS`], sorted (checked by a test): asked for every command's first word.
const WRAPPER_NAMES: &[&str] = &[
    "asdf",
    "aws-vault",
    "berglas",
    "caffeinate",
    "catatonit",
    "chamber",
    "chpst",
    "chronic",
    "colima",
    "conda",
    "coreutils",
    "dbus-launch",
    "dbus-run-session",
    "direnv",
    "doppler",
    "dotenv",
    "dotenvx",
    "dumb-init",
    "eatmydata",
    "env-cmd",
    "envchain",
    "fakeroot",
    "faketime",
    "firejail",
    "flatpak-spawn",
    "gosu",
    "ifne",
    "infisical",
    "k3s",
    "lima",
    "ltrace",
    "mamba",
    "microk8s",
    "micromamba",
    "mise",
    "nocache",
    "nsenter",
    "op",
    "pkexec",
    "proxychains",
    "proxychains4",
    "run0",
    "s6-setuidgid",
    "saml2aws",
    "scl",
    "setpriv",
    "setuidgid",
    "strace",
    "su-exec",
    "systemd-inhibit",
    "systemd-run",
    "teller",
    "tini",
    "torify",
    "torsocks",
    "trickle",
    "tsocks",
    "unshare",
    "valgrind",
    "xvfb-run",
];

/// [`WRAPPER_NAMES`] as the name table's rows (the names are unique: a test checks they are
/// strictly sorted).
static WRAPPER_ROWS: [(&str, ()); WRAPPER_NAMES.len()] = rows(WRAPPER_NAMES);

/// [`WRAPPER_NAMES`] hashed at compile time: every word that may start a command is asked
/// whether it is a wrapper, and most are not; the binary search paid about seven string
/// comparisons for each (0.5 % of the judge's time on the corpus, in perf).
static WRAPPER_INDEX: NameTable<(), 256> = NameTable::new(&WRAPPER_ROWS);

/// `names` as rows of a [`NameTable`] with no value.
const fn rows<const N: usize>(names: &[&'static str]) -> [(&'static str, ()); N] {
    let mut out = [("", ()); N];
    let mut i = 0;
    while i < N {
        out[i] = (names[i], ());
        i += 1;
    }
    out
}

/// The index in `words` of the command the wrapper at `words[k]` (named `name`) runs, or
/// `None` when `name` is no wrapper here, or runs nothing (`op run` with nothing after it).
pub fn wrapped(name: &str, words: &[Cow<'_, str>], k: usize) -> Option<usize> {
    WRAPPER_INDEX.get(name.as_bytes())?;
    let sub = words.get(k + 1).map(|w| &**w).unwrap_or("");
    let (_, needed, shape) = WRAPPERS
        .iter()
        .find(|(n, s, _)| *n == name && (s.is_empty() || *s == sub))?;
    let start = if needed.is_empty() { k + 1 } else { k + 2 };
    let at = match *shape {
        Shape::Bundled => k + 1,
        Shape::AfterDashDash => words[start.min(words.len())..]
            .iter()
            .position(|w| w == "--")
            .map_or(words.len(), |at| start + at + 1),
        Shape::Options(values) => super::skip_options(words, start, values),
        Shape::Operands(n, values) => {
            let mut j = super::skip_options(words, start, values) + n;
            if words.get(j).is_some_and(|w| w == "--") {
                j += 1;
            }
            j
        }
    };
    (at > k && at < words.len()).then_some(at)
}

/// Every name of the tables, for the lexicon's test (a name that starts a command line must
/// be known as a program).
#[cfg(test)]
pub fn names() -> impl Iterator<Item = &'static str> {
    DROP_INS
        .iter()
        .map(|(n, _)| *n)
        .chain(WRAPPERS.iter().map(|(n, _, _)| *n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wrapper_names_are_sorted_and_name_every_row() {
        assert!(WRAPPER_NAMES.windows(2).all(|w| w[0] < w[1]));
        for (n, _, _) in WRAPPERS {
            assert!(WRAPPER_NAMES.contains(n), "{n} missing from WRAPPER_NAMES");
        }
    }

    #[test]
    fn the_drop_ins_are_sorted_for_the_binary_search() {
        for w in DROP_INS.windows(2) {
            assert!(w[0].0 < w[1].0, "{} before {}", w[0].0, w[1].0);
        }
    }

    #[test]
    fn the_name_tables_find_what_the_binary_searches_found() {
        // Every row's name, a prefix and an extension of it, and words no table holds.
        let mut words: Vec<String> = Vec::new();
        for n in DROP_INS
            .iter()
            .map(|(n, _)| *n)
            .chain(WRAPPER_NAMES.iter().copied())
        {
            words.extend([n.to_owned(), n[..n.len() - 1].to_owned(), format!("{n}x")]);
        }
        words.extend(["", "rm", "ls", "git", "kubectl", "RUN0", "sudo"].map(str::to_owned));
        for w in &words {
            let searched = match DROP_INS.binary_search_by(|(n, _)| (*n).cmp(w.as_str())) {
                Ok(i) => DROP_INS[i].1,
                Err(_) => w.as_str(),
            };
            assert_eq!(original(w), searched, "{w}");
            assert_eq!(
                WRAPPER_INDEX.get(w.as_bytes()).is_some(),
                WRAPPER_NAMES.binary_search(&w.as_str()).is_ok(),
                "{w}"
            );
        }
    }
}
