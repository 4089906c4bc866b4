//! Servers a command starts that hand something of this machine to the network: a directory
//! served over HTTP, FTP, WebDAV or SMB; a shell behind a listening socket or a web terminal;
//! a notebook or an editor with its login turned off; a database container published on every
//! address with its password turned off; a cluster's port forwarded onto every address.
//!
//! One reading for all of them: what is served (the directory, the command run for each
//! connection) and where it listens (an address option, or the program's documented default).
//! A listener on a loopback address reaches this machine only and is left alone; on every
//! address, whoever reaches the port gets what is served. The home, the root, `/etc` or a
//! credentials directory served is stopped (every key under it can be downloaded, as
//! [`super::exposures::served_directory`] says); a project's `dist/` served is ordinary work.
//!
//! The directory servers are a table ([`SERVERS`]) read from each program's reference:
//! Python's `http.server`, `uploadserver`, `pyftpdlib`, busybox `httpd`, PHP's `-S`, Ruby's
//! `-run -e httpd`, http-server, serve, live-server, Caddy's `file-server`, miniserve, updog,
//! woof, darkhttpd, webfsd, thttpd, mini_httpd, Twisted's `twistd web`, static-web-server,
//! simple-http-server, dufs, goshs, gohttpserver, sfz, sirv, gossa, File Browser, jwebserver,
//! `rclone serve`, WsgiDAV, Impacket's smbserver, OnionShare, qrcp. Looked up by the
//! program's name first (one `match`): other commands pay nothing here.

use super::{Cmd, Context, finding};
use crate::finding::{Family, Finding, Severity};

/// A directory server's command line, from its reference.
struct Server {
    /// The program (a Python module's name for `python -m MODULE`; `ruby-httpd` for `ruby
    /// -run -e httpd`).
    program: &'static str,
    /// The operands that select the serving subcommand (a prefix of the operands).
    sub: &'static [&'static str],
    /// Options naming the served directory.
    dir: &'static [&'static str],
    /// The served directory is this operand (counted after `sub`), when no option names it.
    dir_operand: Option<usize>,
    /// Options naming the address it listens on (`ADDR`, `ADDR:PORT`, `tcp:PORT:interface=`).
    bind: &'static [&'static str],
    /// It listens on every address when no bind option is given (its documented default).
    all_by_default: bool,
    /// Its other options that take a value (so their values are not read as operands).
    values: &'static [&'static str],
}

const fn row(
    program: &'static str,
    sub: &'static [&'static str],
    dir: &'static [&'static str],
    dir_operand: Option<usize>,
    bind: &'static [&'static str],
    all_by_default: bool,
    values: &'static [&'static str],
) -> Server {
    Server {
        program,
        sub,
        dir,
        dir_operand,
        bind,
        all_by_default,
        values,
    }
}

/// The directory servers. A row whose program has several rows is chosen by `sub`.
const SERVERS: &[Server] = &[
    row(
        "http.server",
        &[],
        &["--directory", "-d"],
        None,
        &["--bind", "-b"],
        true,
        &[],
    ),
    row("simplehttpserver", &[], &[], None, &[], true, &[]),
    row(
        "uploadserver",
        &[],
        &["--directory", "-d"],
        None,
        &["--bind", "-b"],
        true,
        &[],
    ),
    row(
        "pyftpdlib",
        &[],
        &["--directory", "-d"],
        None,
        &["--interface", "-i"],
        true,
        &["-p", "--port", "-u", "-P"],
    ),
    // busybox's `httpd -p [IP:]PORT -h HOME` (only through busybox or toybox: Apache's
    // `httpd` is another program).
    row(
        "httpd",
        &[],
        &["-h"],
        None,
        &["-p"],
        true,
        &["-c", "-r", "-u"],
    ),
    // `php -S ADDR:PORT -t DOCROOT`: the address is required.
    row("php", &[], &["-t"], None, &["-S"], false, &["-c", "-d"]),
    row(
        "ruby-httpd",
        &[],
        &[],
        Some(0),
        &["--bind-address", "-b"],
        true,
        &["-p", "--port"],
    ),
    row(
        "http-server",
        &[],
        &[],
        Some(0),
        &["-a"],
        true,
        &["-p", "--port", "-c", "-e"],
    ),
    row(
        "serve",
        &[],
        &[],
        Some(0),
        &["-l", "--listen"],
        true,
        &["-c", "--config"],
    ),
    row(
        "live-server",
        &[],
        &[],
        Some(0),
        &["--host"],
        true,
        &["--port"],
    ),
    row(
        "caddy",
        &["file-server"],
        &["--root", "-r"],
        None,
        &["--listen", "-l"],
        true,
        &[],
    ),
    row(
        "miniserve",
        &[],
        &[],
        Some(0),
        &["-i", "--interfaces"],
        true,
        &["-p", "--port", "-a", "--auth"],
    ),
    row(
        "updog",
        &[],
        &["-d", "--directory"],
        None,
        &[],
        true,
        &["-p", "--port", "--password"],
    ),
    row("woof", &[], &[], Some(0), &["-i"], true, &["-p", "-c"]),
    row(
        "darkhttpd",
        &[],
        &[],
        Some(0),
        &["--addr"],
        true,
        &["--port", "--log", "--index"],
    ),
    row(
        "webfsd",
        &[],
        &["-r"],
        None,
        &["-i"],
        true,
        &["-p", "-u", "-g"],
    ),
    row(
        "thttpd",
        &[],
        &["-d"],
        None,
        &["-h"],
        true,
        &["-p", "-u", "-c"],
    ),
    row(
        "mini_httpd",
        &[],
        &["-d"],
        None,
        &["-h"],
        true,
        &["-p", "-u", "-c"],
    ),
    row(
        "twistd",
        &["web"],
        &["--path"],
        None,
        &["--listen", "--port"],
        true,
        &["--logfile", "-l", "--pidfile"],
    ),
    row(
        "static-web-server",
        &[],
        &["--root", "-d"],
        None,
        &["--host", "-a"],
        true,
        &["--port", "-p"],
    ),
    row(
        "simple-http-server",
        &[],
        &[],
        Some(0),
        &["--ip", "-i"],
        true,
        &["--port", "-p"],
    ),
    row(
        "dufs",
        &[],
        &[],
        Some(0),
        &["--bind", "-b"],
        true,
        &["--port", "-p", "--auth", "-a"],
    ),
    row(
        "goshs",
        &[],
        &["-d", "--dir"],
        None,
        &["-i", "--ip"],
        true,
        &["-p", "--port"],
    ),
    row(
        "gohttpserver",
        &[],
        &["--root", "-r"],
        None,
        &["--addr"],
        true,
        &["--port"],
    ),
    row(
        "sfz",
        &[],
        &[],
        Some(0),
        &["--bind", "-b"],
        false,
        &["--port", "-p"],
    ),
    row(
        "sirv",
        &[],
        &[],
        Some(0),
        &["--host", "-H"],
        false,
        &["--port", "-p"],
    ),
    row("gossa", &[], &[], Some(0), &["-h"], false, &["-p"]),
    row(
        "filebrowser",
        &[],
        &["--root", "-r"],
        None,
        &["--address", "-a"],
        false,
        &["--port", "-p", "-d", "--database"],
    ),
    row(
        "jwebserver",
        &[],
        &["--directory", "-d"],
        None,
        &["--bind-address", "-b"],
        false,
        &["--port", "-p"],
    ),
    row(
        "rclone",
        &["serve", "http"],
        &[],
        Some(0),
        &["--addr"],
        false,
        &[],
    ),
    row(
        "rclone",
        &["serve", "webdav"],
        &[],
        Some(0),
        &["--addr"],
        false,
        &[],
    ),
    row(
        "rclone",
        &["serve", "ftp"],
        &[],
        Some(0),
        &["--addr"],
        false,
        &[],
    ),
    row(
        "rclone",
        &["serve", "sftp"],
        &[],
        Some(0),
        &["--addr"],
        false,
        &[],
    ),
    row(
        "rclone",
        &["serve", "s3"],
        &[],
        Some(0),
        &["--addr"],
        false,
        &[],
    ),
    row(
        "rclone",
        &["serve", "dlna"],
        &[],
        Some(0),
        &["--addr"],
        true,
        &[],
    ),
    row(
        "wsgidav",
        &[],
        &["--root", "-r"],
        None,
        &["--host", "-H"],
        false,
        &["--port", "-p", "--auth"],
    ),
    // `smbserver.py SHARE PATH`.
    row(
        "smbserver.py",
        &[],
        &[],
        Some(1),
        &["-ip"],
        true,
        &["-port", "-username", "-password", "-comment"],
    ),
    row(
        "impacket-smbserver",
        &[],
        &[],
        Some(1),
        &["-ip"],
        true,
        &["-port", "-username", "-password", "-comment"],
    ),
    // OnionShare publishes through Tor: reachable by anyone holding the address.
    row(
        "onionshare-cli",
        &[],
        &[],
        Some(0),
        &[],
        true,
        &["--persistent", "--title", "--auto-stop-timer"],
    ),
    row(
        "onionshare",
        &[],
        &[],
        Some(0),
        &[],
        true,
        &["--persistent", "--title", "--auto-stop-timer"],
    ),
    // `qrcp [send] FILE`: served on the local network to whoever scans the code.
    row(
        "qrcp",
        &["send"],
        &[],
        Some(0),
        &["-i", "--interface"],
        true,
        &["-p", "--port"],
    ),
    row(
        "qrcp",
        &[],
        &[],
        Some(0),
        &["-i", "--interface"],
        true,
        &["-p", "--port"],
    ),
];

/// The programs read here (the cheap first test; Python's and Ruby's forms are read from
/// their `-m` / `-e` words after it).
fn candidate(p: &str) -> bool {
    matches!(
        p,
        "python"
            | "python3"
            | "python2"
            | "pypy3"
            | "ruby"
            | "httpd"
            | "php"
            | "http-server"
            | "serve"
            | "live-server"
            | "caddy"
            | "miniserve"
            | "updog"
            | "woof"
            | "darkhttpd"
            | "webfsd"
            | "thttpd"
            | "mini_httpd"
            | "twistd"
            | "static-web-server"
            | "simple-http-server"
            | "dufs"
            | "goshs"
            | "gohttpserver"
            | "sfz"
            | "sirv"
            | "gossa"
            | "filebrowser"
            | "jwebserver"
            | "rclone"
            | "wsgidav"
            | "smbserver.py"
            | "impacket-smbserver"
            | "onionshare-cli"
            | "onionshare"
            | "qrcp"
            | "socat"
            | "nc"
            | "ncat"
            | "netcat"
            | "ttyd"
            | "gotty"
            | "tmate"
            | "upterm"
            | "sshx"
            | "code-server"
            | "jupyter"
            | "jupyter-lab"
            | "jupyter-notebook"
            | "docker"
            | "podman"
            | "nerdctl"
            | "kubectl"
            | "oc"
    )
}

/// Judges a server's command line; `false` when the program is none of these.
pub fn judge(cmd: &Cmd<'_>, ctx: &Context, out: &mut Vec<Finding>) -> bool {
    let p = cmd.program;
    if !candidate(p) {
        return false;
    }
    match p {
        "socat" => socat_listener(cmd, out),
        "nc" | "ncat" | "netcat" => nc_listener(cmd, out),
        "ttyd" | "gotty" => web_terminal(cmd, out),
        "tmate" | "upterm" | "sshx" => shared_terminal(cmd, out),
        "code-server" | "jupyter" | "jupyter-lab" | "jupyter-notebook" => open_editor(cmd, out),
        "docker" | "podman" | "nerdctl" => published_database(cmd, out),
        "kubectl" | "oc" => forwarded_everywhere(cmd, out),
        _ => directory_server(cmd, ctx, out),
    }
}

/// The table's name of what runs: the program, or Python's module (`-m http.server`) or
/// Ruby's `-run -e httpd`.
fn server_name<'c>(cmd: &Cmd<'c>) -> Option<(String, usize)> {
    let words: Vec<&str> = cmd.words().collect();
    match cmd.program {
        "python" | "python3" | "python2" | "pypy3" => {
            let at = words
                .iter()
                .position(|w| *w == "-m" || w.starts_with("-m") && w.len() > 2)?;
            let module = if words[at] == "-m" {
                (*words.get(at + 1)?, at + 2)
            } else {
                (&words[at][2..], at + 1)
            };
            Some((module.0.to_ascii_lowercase(), module.1))
        }
        "ruby" => {
            let at = words
                .windows(2)
                .position(|w| w[0] == "-e" && w[1] == "httpd")?;
            Some(("ruby-httpd".to_owned(), at + 2))
        }
        "httpd" => cmd
            .prefix
            .iter()
            .any(|w| matches!(super::program_name(w), "busybox" | "toybox"))
            .then(|| ("httpd".to_owned(), 0)),
        "php" => words
            .iter()
            .any(|w| w.starts_with("-S"))
            .then(|| ("php".to_owned(), 0)),
        p => Some((p.to_owned(), 0)),
    }
}

/// A directory server from [`SERVERS`].
fn directory_server(cmd: &Cmd<'_>, ctx: &Context, out: &mut Vec<Finding>) -> bool {
    let Some((name, from)) = server_name(cmd) else {
        return false;
    };
    // The words after the module or `-e httpd`, read as the server's own arguments.
    let args = &cmd.args[from.min(cmd.args.len())..];
    let own = Cmd { args, ..*cmd };
    let mut values: Vec<&str> = Vec::new();
    for r in SERVERS.iter().filter(|r| r.program == name) {
        values.clear();
        values.extend_from_slice(r.dir);
        values.extend_from_slice(r.bind);
        values.extend_from_slice(r.values);
        let ops: Vec<&str> = own.operands(&values).collect();
        if !ops.starts_with(r.sub) {
            continue;
        }
        let rest = &ops[r.sub.len()..];
        let bind = own.value(r.bind);
        let everywhere = bind.map_or(r.all_by_default, |b| !loopback(b));
        let dir = own
            .value(r.dir)
            .or_else(|| r.dir_operand.and_then(|i| rest.get(i).copied()))
            .filter(|d| d.parse::<u16>().is_err())
            .or(ctx.cwd.as_deref());
        if everywhere
            && let Some(dir) = dir
            && super::exposures::served_directory(dir).is_some()
        {
            out.push(finding(
                Family::Exfiltration,
                "exfiltration.directory-served",
                Severity::Stop,
                format!(
                    "{} serves {dir} to the network{}: every key and credential under it can be downloaded",
                    cmd.program,
                    bind.map_or_else(|| " on every address".to_owned(), |b| format!(" on {b}"))
                ),
            ));
        }
        return true;
    }
    false
}

/// Whether a listening address reaches only this machine: `127.0.0.1`, `localhost:8080`,
/// `[::1]:80`, `lo`, `tcp:8080:interface=127.0.0.1`, `http://127.0.0.1:8080`.
pub fn loopback(bind: &str) -> bool {
    let b = bind.trim_matches(['"', '\'']).to_ascii_lowercase();
    let b = b.split_once("interface=").map_or(b.as_str(), |(_, i)| i);
    let b = b.split_once("://").map_or(b, |(_, r)| r);
    let b = b.strip_prefix("tcp:").unwrap_or(b);
    let host = if let Some(rest) = b.strip_prefix('[') {
        rest.split(']').next().unwrap_or(rest)
    } else if b.matches(':').count() == 1 {
        b.split(':').next().unwrap_or(b)
    } else {
        b
    };
    let host = host.split([',', '/']).next().unwrap_or(host);
    matches!(host, "localhost" | "::1" | "lo" | "lo0" | "ip6-localhost") || host.starts_with("127.")
}

/// A shell (or an interpreter) as the command a listener runs for each connection.
fn shell(program: &str) -> bool {
    let name = super::program_name(program.trim_matches(['"', '\'']));
    let name = name.split_whitespace().next().unwrap_or(name);
    matches!(
        name,
        "sh" | "bash"
            | "zsh"
            | "dash"
            | "ksh"
            | "fish"
            | "ash"
            | "csh"
            | "tcsh"
            | "login"
            | "su"
            | "tmux"
            | "screen"
            | "pwsh"
            | "powershell"
            | "cmd"
            | "python"
            | "python3"
            | "perl"
            | "ruby"
            | "node"
            | "irb"
            | "ipython"
    )
}

/// socat(1): a listening address (`TCP-LISTEN`, `TCP4-LISTEN`, `SSL-LISTEN`, `UDP-LISTEN`...)
/// paired with a command (`EXEC:`, `SYSTEM:`) serves that command to whoever connects (a bind
/// shell); paired with a file (`FILE:`, `OPEN:`) that is a secret, serves the secret. A
/// listener with `bind=127.0.0.1` or `range=127.0.0.1/32` is this machine's only.
fn socat_listener(cmd: &Cmd<'_>, out: &mut Vec<Finding>) -> bool {
    let ops: Vec<&str> = cmd
        .operands(&["-b", "-t", "-T", "-lf", "-lp", "-L", "-W", "-d"])
        .collect();
    let [a, b] = ops[..] else {
        return true;
    };
    let kind = |x: &str| x.split(':').next().unwrap_or("").to_ascii_lowercase();
    let listens = |x: &str| {
        kind(x).ends_with("-listen") || kind(x).ends_with("listen") && kind(x) != "unix-listen"
    };
    let (listener, other) = if listens(a) {
        (a, b)
    } else if listens(b) {
        (b, a)
    } else {
        return true;
    };
    let lower = listener.to_ascii_lowercase();
    if kind(listener).starts_with("unix")
        || lower.contains("bind=127.")
        || lower.contains("bind=localhost")
        || lower.contains("range=127.")
    {
        return true;
    }
    let body = other.split_once(':').map_or("", |(_, r)| r);
    let body = body.split(',').next().unwrap_or(body);
    match kind(other).as_str() {
        "exec" | "system" => out.push(finding(
            Family::Exfiltration,
            "exfiltration.shell-served",
            if shell(body) { Severity::Stop } else { Severity::Verify },
            format!("socat runs `{body}` for whoever connects to {listener}: a command served to the network"),
        )),
        "file" | "open" | "gopen" if super::paths::secret(body).is_some() => out.push(finding(
            Family::Exfiltration,
            "exfiltration.directory-served",
            Severity::Stop,
            format!("socat serves {body} to whoever connects to {listener}"),
        )),
        _ => {}
    }
    true
}

/// nc / ncat listening (`-l`, `--listen`) with a command for each connection (`-e`, `-c`,
/// `--exec`, `--sh-exec`, `--lua-exec`): a bind shell; or with a secret on its stdin (`nc -l
/// 9000 < ~/.ssh/id_rsa`): the secret served. `ncat -l 127.0.0.1 9000` is this machine's.
fn nc_listener(cmd: &Cmd<'_>, out: &mut Vec<Finding>) -> bool {
    if !cmd.flag(b"l", &["--listen"]) {
        return false;
    }
    let values = [
        "-p",
        "-w",
        "-q",
        "-s",
        "-i",
        "-e",
        "-c",
        "--exec",
        "--sh-exec",
        "--lua-exec",
        "-m",
        "--max-conns",
        "-o",
        "--output",
        "--allow",
        "--deny",
    ];
    let bind = cmd
        .value(&["-s", "--source"])
        .or_else(|| cmd.operands(&values).find(|o| o.parse::<u16>().is_err()));
    if bind.is_some_and(loopback) {
        return true;
    }
    let exec = cmd
        .value(&["--exec", "--sh-exec", "--lua-exec", "-e", "-c"])
        .or_else(|| {
            // `-lvnp 4444 -e /bin/bash` bundles `-e` last in its own word: read it apart.
            cmd.words()
                .position(|w| w == "-e" || w == "-c")
                .and_then(|i| cmd.args.get(i + 1).map(|a| &**a))
        });
    if let Some(body) = exec {
        out.push(finding(
            Family::Exfiltration,
            "exfiltration.shell-served",
            if shell(body)
                || body
                    .split_whitespace()
                    .any(|w| super::paths::secret(w).is_some())
            {
                Severity::Stop
            } else {
                Severity::Verify
            },
            format!(
                "{} runs `{body}` for whoever connects: a command served to the network",
                cmd.program
            ),
        ));
    } else if let Some(r) = cmd.redirects.iter().find(|r| {
        r.kind == crate::shell::RedirectKind::Read && super::paths::secret(&r.target).is_some()
    }) {
        out.push(finding(
            Family::Exfiltration,
            "exfiltration.directory-served",
            Severity::Stop,
            format!("{} serves {} to whoever connects", cmd.program, r.target),
        ));
    }
    true
}

/// ttyd and GoTTY share a terminal running a command through a web page, on every address
/// unless an interface is given (ttyd `-i`, GoTTY `-a`). Writable (ttyd `-W`, GoTTY `-w`) a
/// shell is anyone's; read-only, anyone watches it.
fn web_terminal(cmd: &Cmd<'_>, out: &mut Vec<Finding>) -> bool {
    let (bind_opts, write, values): (&[&str], &[&str], &[&str]) = if cmd.program == "ttyd" {
        (
            &["-i", "--interface"],
            &["-W", "--writable"],
            &[
                "-i",
                "--interface",
                "-p",
                "--port",
                "-c",
                "--credential",
                "-t",
                "--client-option",
                "-u",
                "--uid",
                "-g",
                "--gid",
                "-m",
                "--max-clients",
                "-I",
                "--index",
                "-b",
                "--base-path",
                "-P",
                "--ping-interval",
                "-T",
                "--terminal-type",
            ],
        )
    } else {
        (
            &["-a", "--address"],
            &["-w", "--permit-write"],
            &[
                "-a",
                "--address",
                "-p",
                "--port",
                "-c",
                "--credential",
                "--title-format",
                "--config",
                "--ws-origin",
            ],
        )
    };
    if cmd.value(bind_opts).is_some_and(loopback) {
        return true;
    }
    let Some(program) = cmd.operands(values).next() else {
        return true;
    };
    let writable = cmd.words().any(|w| write.contains(&w));
    let login = cmd.value(&["-c", "--credential"]).is_some();
    let severity = if shell(program) && writable && !login {
        Severity::Stop
    } else {
        Severity::Confirm
    };
    out.push(finding(
        Family::Exfiltration,
        "exfiltration.shell-served",
        severity,
        format!(
            "{} shows `{program}` in a web page on every address{}",
            cmd.program,
            if writable {
                ", and whoever opens it may type into it"
            } else {
                ""
            }
        ),
    ));
    true
}

/// tmate, upterm and sshx share this terminal through their public relay: whoever holds the
/// link types into this shell.
fn shared_terminal(cmd: &Cmd<'_>, out: &mut Vec<Finding>) -> bool {
    let ops: Vec<&str> = cmd
        .operands(&["-S", "-F", "-f", "--server", "--name", "--shell"])
        .collect();
    let shares = match cmd.program {
        "tmate" => ops
            .first()
            .is_none_or(|s| matches!(*s, "new" | "new-session")),
        "upterm" => ops.first() == Some(&"host"),
        _ => ops.is_empty() && !cmd.has(&["--help", "-h", "--version", "-V"]),
    };
    if shares {
        out.push(finding(
            Family::Exfiltration,
            "exfiltration.shell-served",
            Severity::Verify,
            format!("{} shares this terminal through its relay: whoever holds the link types into this shell", cmd.program),
        ));
    }
    true
}

/// code-server and Jupyter run code for whoever reaches them; both ask for a login unless it is
/// turned off (`--auth none`, an empty `--ServerApp.token` or `--NotebookApp.token`), and
/// listen on loopback unless told otherwise (`--bind-addr`, `--ip`).
fn open_editor(cmd: &Cmd<'_>, out: &mut Vec<Finding>) -> bool {
    let (bind, no_login) = if cmd.program == "code-server" {
        (
            cmd.value(&["--bind-addr"]),
            cmd.value(&["--auth"]) == Some("none"),
        )
    } else {
        let token_off = cmd.words().any(|w| {
            w.split_once('=').is_some_and(|(k, v)| {
                (k.ends_with("App.token")
                    || k.ends_with("Provider.token")
                    || k.ends_with("App.password"))
                    && v.trim_matches(['"', '\'']).is_empty()
            })
        });
        (
            cmd.value(&["--ip", "--ServerApp.ip", "--NotebookApp.ip"]),
            token_off,
        )
    };
    if no_login && bind.is_some_and(|b| !loopback(b)) {
        out.push(finding(
            Family::Exfiltration,
            "exfiltration.shell-served",
            Severity::Stop,
            format!(
                "{} listens on {} without a login: whoever reaches it runs code as this user",
                cmd.program,
                bind.unwrap_or("every address")
            ),
        ));
    }
    true
}

/// Database images (by the image's name) and the settings that turn their login off.
const DATABASE_IMAGES: &[&str] = &[
    "postgres",
    "postgis",
    "mysql",
    "mariadb",
    "mongo",
    "redis",
    "valkey",
    "memcached",
    "elasticsearch",
    "opensearch",
    "cassandra",
    "couchdb",
    "clickhouse",
    "neo4j",
    "influxdb",
    "rabbitmq",
    "etcd",
    "consul",
    "vault",
    "minio",
    "cockroach",
];

const LOGIN_OFF: &[&str] = &[
    "HOST_AUTH_METHOD=trust",
    "ALLOW_EMPTY_PASSWORD=yes",
    "ALLOW_EMPTY_PASSWORD=true",
    "ALLOW_EMPTY_PASSWORD=1",
    "MYSQL_ALLOW_EMPTY_PASSWORD",
    "MARIADB_ALLOW_EMPTY_ROOT_PASSWORD",
    "xpack.security.enabled=false",
    "DISABLE_SECURITY_PLUGIN=true",
    "plugins.security.disabled=true",
    "CLICKHOUSE_SKIP_USER_SETUP=1",
    "NEO4J_AUTH=none",
    "--protected-mode",
    "--insecure",
];

/// `docker run -p [IP:]HOST:CONTAINER IMAGE`: a database's port published on every address
/// (no IP, `0.0.0.0`, `::`) with its login turned off (`POSTGRES_HOST_AUTH_METHOD=trust`,
/// redis `--protected-mode no`), or published explicitly on `0.0.0.0` with no password set:
/// whoever reaches this machine reads and changes the data.
fn published_database(cmd: &Cmd<'_>, out: &mut Vec<Finding>) -> bool {
    if !matches!(cmd.args.first().map(|a| &**a), Some("run" | "create")) {
        return false;
    }
    let words: Vec<&str> = cmd.words().collect();
    let mut published: Vec<(&str, bool)> = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let spec = if matches!(*w, "-p" | "--publish") {
            words.get(i + 1).copied()
        } else {
            w.strip_prefix("--publish=")
                .or_else(|| w.strip_prefix("-p").filter(|r| r.contains(':')))
        };
        let Some(spec) = spec else { continue };
        let spec = spec.split('/').next().unwrap_or(spec);
        let parts: Vec<&str> = spec.rsplitn(3, ':').collect();
        // `HOST:CONTAINER` (every address) or `IP:HOST:CONTAINER`.
        let (port, explicit_all, all) = match parts[..] {
            [c, _] => (c, false, true),
            [c, _, ip] => {
                let ip = ip.trim_matches(['[', ']']);
                let all = matches!(ip, "0.0.0.0" | "::" | "*" | "");
                (c, all, all)
            }
            _ => continue,
        };
        if all && super::exposures::PRIVATE_PORTS.contains(&port) {
            published.push((port, explicit_all));
        }
    }
    if published.is_empty() {
        return true;
    }
    let image = words.iter().skip(1).find(|w| {
        let name = w.rsplit('/').next().unwrap_or(w);
        let name = name.split([':', '@']).next().unwrap_or(name);
        DATABASE_IMAGES
            .iter()
            .any(|d| name == *d || name.starts_with(&format!("{d}-")))
    });
    let Some(image) = image else {
        return true;
    };
    let login_off = words
        .iter()
        .any(|w| LOGIN_OFF.iter().any(|o| w.contains(o)));
    let password = words.iter().any(|w| {
        w.split_once('=').is_some_and(|(k, v)| {
            (k.contains("PASSWORD") || k.ends_with("_AUTH"))
                && !k.contains("ALLOW_EMPTY")
                && !v.is_empty()
        })
    });
    let explicit_all = published.iter().any(|(_, e)| *e);
    if login_off || explicit_all && !password {
        out.push(finding(
            Family::Exfiltration,
            "exfiltration.port-exposed",
            Severity::Confirm,
            format!(
                "{} publishes {image}'s port {} on every address {}: whoever reaches this machine reads its data",
                cmd.program,
                published[0].0,
                if login_off { "with its login turned off" } else { "with no password set" }
            ),
        ));
    }
    true
}

/// `kubectl port-forward --address 0.0.0.0`: a cluster's service reachable from every address
/// of this machine, not only from it (the default is localhost).
fn forwarded_everywhere(cmd: &Cmd<'_>, out: &mut Vec<Finding>) -> bool {
    if !cmd.words().any(|w| w == "port-forward") {
        return false;
    }
    let Some(address) = cmd.value(&["--address"]) else {
        return true;
    };
    if address.split(',').all(loopback) {
        return true;
    }
    out.push(finding(
        Family::Exfiltration,
        "exfiltration.port-exposed",
        Severity::Confirm,
        format!(
            "{} port-forward listens on {address}: the cluster's service is reachable by anyone who reaches this machine",
            cmd.program
        ),
    ));
    true
}
