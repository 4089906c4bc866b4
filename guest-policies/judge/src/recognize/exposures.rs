//! Exposures: what a command opens to the internet rather than sends. A tunnel (ngrok,
//! cloudflared's quick and named tunnels, localtunnel, Tailscale Funnel, bore, zrok's public
//! shares, Dev Tunnels with anonymous access, `ssh -R` to a public relay or on every address)
//! puts a local port on the internet: anyone who finds the URL reaches the service, usually
//! unauthenticated, so it is confirmed; a database, SSH or admin port is verified; a directory
//! served through the tunnel (`ngrok http file:///Users/x`, `tailscale funnel ~/`) is graded
//! like a web server started on it (the home, the root or a credentials directory: stopped).
//!
//! Each program is read from its own reference (ngrok's agent CLI, `cloudflared tunnel`,
//! localtunnel's README, `tailscale funnel`, bore's README, `zrok share`, `devtunnel host`,
//! ssh(1)'s `-R`). The client ends (`cloudflared access`, `tailscale serve`, which stays on the
//! tailnet, `zrok share private`, `ssh -L`) expose nothing.

use super::{Cmd, finding, paths};
use crate::finding::{Family, Finding, Severity};

/// Ports whose service should never face the internet: SSH, RDP, VNC, the Docker daemon,
/// databases and caches, search and queue admin, cluster control planes, secret stores.
pub const PRIVATE_PORTS: &[&str] = &[
    "1433", "1521", "15672", "22", "2375", "2376", "2379", "27017", "3306", "3389", "5432", "5900",
    "5984", "6379", "6443", "8123", "8200", "8500", "9200", "10250", "11211",
];

/// Public relays that forward a port given to `ssh -R` to the internet (serveo, localhost.run,
/// pinggy, ...): what they receive is public by design.
const SSH_RELAYS: &[&str] = &[
    "serveo.net",
    "localhost.run",
    "pinggy.io",
    "tunnelto.dev",
    "srv.us",
    "ssh.localhost.run",
    "tuns.sh",
    "pico.sh",
];

/// What a tunnel exposes, as its command line names it.
enum Exposed<'c> {
    /// A port (or a URL of this machine).
    Port(&'c str),
    /// A directory served by the tunnel's own file server.
    Directory(&'c str),
    /// Whatever a named configuration lists (`ngrok start --all`, `cloudflared tunnel run X`).
    Configured,
}

/// The judgement of a tunnel program's command line; `false` when `cmd` is not one.
pub fn tunnel(cmd: &Cmd<'_>, out: &mut Vec<Finding>) -> bool {
    let p = cmd.program;
    // The operands are read only once a tunnel program's arm asks for them (the programs are
    // matched by name first): most commands are none of these and pay nothing here.
    let read = std::cell::OnceCell::new();
    let ops = || {
        read.get_or_init(|| {
            cmd.operands(&[
                "--url",
                "--hostname",
                "--domain",
                "--subdomain",
                "-s",
                "--local-host",
                "-l",
                "--to",
                "-t",
                "--region",
                "--config",
                "--authtoken",
                "--basic-auth",
                "--oauth",
                "--port",
                "-p",
                "--backend-mode",
                "--set-path",
                "--https",
            ])
            .collect::<Vec<&str>>()
        })
        .as_slice()
    };
    let exposed = match p {
        "ngrok" => match ops().first().copied() {
            Some("http" | "tcp" | "tls") => ops().get(1).map(|t| target(t)),
            Some("start") => Some(Exposed::Configured),
            _ => None,
        },
        // `cloudflared tunnel --url URL` is a quick tunnel; `cloudflared tunnel run NAME` serves
        // the named tunnel's ingress rules. `cloudflared access` is a client.
        "cloudflared" if ops().first() == Some(&"tunnel") => match cmd.value(&["--url"]) {
            Some(u) => Some(target(u)),
            None => (ops().get(1) == Some(&"run")).then_some(Exposed::Configured),
        },
        "lt" | "localtunnel" => cmd.value(&["--port", "-p"]).map(Exposed::Port),
        // `tailscale funnel [--bg] TARGET [off]`: TARGET a port, a URL or a path. `serve`
        // stays on the tailnet.
        "tailscale" if ops().first() == Some(&"funnel") => ops()
            .get(1)
            .filter(|t| !matches!(**t, "status" | "reset" | "off"))
            .filter(|_| ops().last() != Some(&"off"))
            .map(|t| target(t)),
        // `bore local PORT --to bore.pub`.
        "bore" if ops().first() == Some(&"local") => ops().get(1).map(|t| target(t)),
        // `zrok share public TARGET` (a URL, a port or, with `--backend-mode web`, a path).
        "zrok" if ops().get(..2) == Some(&["share", "public"]) => ops().get(2).map(|t| {
            if cmd.value(&["--backend-mode"]) == Some("web") {
                Exposed::Directory(t)
            } else {
                target(t)
            }
        }),
        // Dev Tunnels are private to the signed-in account unless anonymous access is allowed.
        "devtunnel" if ops().first() == Some(&"host") && cmd.has(&["--allow-anonymous", "-a"]) => {
            Some(
                cmd.value(&["-p", "--port-numbers"])
                    .map_or(Exposed::Configured, Exposed::Port),
            )
        }
        "ssh" | "autossh" => ssh_remote_forward(cmd),
        _ => match listed_tunnel(cmd) {
            Some(exposed) => exposed,
            None => return false,
        },
    };
    let Some(exposed) = exposed else {
        return true;
    };
    match exposed {
        Exposed::Directory(dir) => {
            let (severity, why) = match served_directory(dir) {
                Some(why) => (Severity::Stop, why),
                None => (
                    Severity::Confirm,
                    "its files can be downloaded by anyone with the URL",
                ),
            };
            out.push(finding(
                Family::Exfiltration,
                "exfiltration.directory-served",
                severity,
                format!("{p} serves {dir} on the internet: {why}"),
            ));
        }
        Exposed::Port(t) => {
            let port = port_of(t);
            if PRIVATE_PORTS.contains(&port) {
                out.push(finding(
                    Family::Exfiltration,
                    "exfiltration.port-exposed",
                    Severity::Verify,
                    format!(
                        "{p} puts local port {port} (a database, SSH or admin service) on the internet"
                    ),
                ));
            } else {
                out.push(finding(
                    Family::Exfiltration,
                    "exfiltration.port-exposed",
                    Severity::Confirm,
                    format!(
                        "{p} puts local {}{t} on the internet: anyone who finds the URL reaches the service",
                        if t.bytes().all(|b| b.is_ascii_digit()) { "port " } else { "" }
                    ),
                ));
            }
        }
        Exposed::Configured => out.push(finding(
            Family::Exfiltration,
            "exfiltration.port-exposed",
            Severity::Confirm,
            format!("{p} puts the local services its configuration names on the internet"),
        )),
    }
    true
}

/// Where a listed tunnel's target is on its command line.
enum Target {
    /// The operand at this index, counted after the subcommand words.
    Operand(usize),
    /// The value of one of these options.
    Option(&'static [&'static str]),
    /// A remote forward `R:[BIND:]PORT:HOST:HOSTPORT` among the operands (chisel).
    ReverseSpec,
    /// Whatever its configuration names.
    Configured,
}

/// Tunnel clients with one simple shape, from their references: the program, the operands
/// that start a tunnel, where the exposed target is. Expose (`expose share URL`), LocalXpose
/// (`loclx tunnel http --to ADDR`), Tunnelmole (`tmole PORT`), Packetriot (`pktriot http
/// PORT`), untun (`untun tunnel URL`), PageKite (`pagekite.py PORT NAME`), Telebit, Portr,
/// frp's client (`frpc -c frpc.toml`), playit, chisel's reverse remotes (`R:2222:localhost:22`,
/// opened on the server's every address), VS Code's remote tunnel (`code tunnel`: this
/// machine's shell and files reachable through the relay).
const LISTED_TUNNELS: &[(&str, &[&str], Target)] = &[
    ("expose", &["share"], Target::Operand(0)),
    ("loclx", &["tunnel", "http"], Target::Option(&["--to"])),
    ("loclx", &["tunnel", "tcp"], Target::Option(&["--to"])),
    ("loclx", &["tunnel", "tls"], Target::Option(&["--to"])),
    ("tmole", &[], Target::Operand(0)),
    ("tunnelmole", &[], Target::Operand(0)),
    ("pktriot", &["http"], Target::Operand(0)),
    ("pktriot", &["tcp"], Target::Operand(0)),
    ("untun", &["tunnel"], Target::Operand(0)),
    ("pagekite.py", &[], Target::Operand(0)),
    ("pagekite", &[], Target::Operand(0)),
    ("telebit", &["http"], Target::Operand(0)),
    ("telebit", &["tcp"], Target::Operand(0)),
    ("portr", &["http"], Target::Operand(0)),
    ("portr", &["tcp"], Target::Operand(0)),
    ("frpc", &[], Target::Configured),
    ("playit", &[], Target::Configured),
    ("chisel", &["client"], Target::ReverseSpec),
    ("code", &["tunnel"], Target::Configured),
    ("code-insiders", &["tunnel"], Target::Configured),
];

/// A tunnel of [`LISTED_TUNNELS`]: `None` when the program is none of them (or its command
/// starts no tunnel), `Some(None)` when it starts one whose target is not read.
fn listed_tunnel<'c>(cmd: &Cmd<'c>) -> Option<Option<Exposed<'c>>> {
    let p = cmd.program;
    // The cheap first test: a program of the table.
    if !LISTED_TUNNELS.iter().any(|(name, _, _)| *name == p) {
        return None;
    }
    let ops: Vec<&'c str> = cmd
        .operands(&[
            "--to",
            "-c",
            "--config",
            "--auth",
            "--region",
            "--subdomain",
            "--name",
            "--fingerprint",
            "--keepalive",
            "--proxy",
            "--server",
        ])
        .collect();
    let (_, sub, place) = LISTED_TUNNELS
        .iter()
        .filter(|(name, _, _)| *name == p)
        .find(|(_, sub, _)| ops.starts_with(sub))?;
    let rest = &ops[sub.len()..];
    // Subcommands that manage rather than start (`code tunnel status`, `frpc verify`).
    if matches!(
        rest.first().copied(),
        Some(
            "status"
                | "kill"
                | "prune"
                | "rename"
                | "user"
                | "unregister"
                | "verify"
                | "reload"
                | "version"
                | "help"
                | "service"
                | "login"
                | "logout"
        )
    ) {
        return None;
    }
    if cmd.has(&["--help", "-h", "--version", "-v"]) {
        return None;
    }
    Some(match place {
        Target::Operand(i) => rest.get(*i).map(|t| target(t)),
        Target::Option(names) => cmd.value(names).map(|t| target(t)),
        Target::ReverseSpec => rest.iter().find_map(|r| {
            let spec = r.strip_prefix("R:")?;
            Some(Exposed::Port(spec.rsplit(':').next().unwrap_or(spec)))
        }),
        Target::Configured => {
            (!matches!(p, "frpc" | "playit") || rest.is_empty() || rest.first() == Some(&"start"))
                .then_some(Exposed::Configured)
        }
    })
}

/// A tunnel's target word: `file:///path` or a path is a directory, anything else a port or a
/// local URL.
fn target(t: &str) -> Exposed<'_> {
    if let Some(path) = t.strip_prefix("file://") {
        return Exposed::Directory(if path.is_empty() { "/" } else { path });
    }
    if t.starts_with('/') || t.starts_with('~') || t.starts_with("$HOME") || t.starts_with("./") {
        return Exposed::Directory(t);
    }
    Exposed::Port(t)
}

/// The port of `3000`, `localhost:5432`, `http://127.0.0.1:8200/`, `tcp://db:22`.
fn port_of(t: &str) -> &str {
    let t = t.trim_end_matches('/');
    let t = t.split_once("://").map_or(t, |(_, rest)| rest);
    let t = t.split('/').next().unwrap_or(t);
    t.rsplit(':').next().unwrap_or(t)
}

/// `ssh -R [BIND:]PORT:HOST:HOSTPORT DEST`: HOST:HOSTPORT of this side is reachable on the
/// remote side. By default sshd binds a remote forward to the server's loopback (GatewayPorts
/// no), so a forward to one's own host (an editor's `rmate` port, a debugger) exposes nothing
/// beyond it; one to a public relay (serveo, localhost.run, pinggy), or one that asks for every
/// address (`-R 0.0.0.0:8080:...`, `-R :80:...`, `-R '*:8080:...'`), is on the internet, and a
/// private service's port forwarded anywhere is graded as exposed.
fn ssh_remote_forward<'c>(cmd: &Cmd<'c>) -> Option<Exposed<'c>> {
    let spec = cmd.value(&["-R"])?;
    let dest = cmd
        .operands(&[
            "-p", "-i", "-o", "-F", "-J", "-l", "-L", "-R", "-D", "-b", "-c", "-E", "-W",
        ])
        .next()
        .unwrap_or("");
    let host = dest.rsplit('@').next().unwrap_or(dest).to_ascii_lowercase();
    let relay = SSH_RELAYS
        .iter()
        .any(|r| host == *r || host.ends_with(&format!(".{r}")));
    let parts: Vec<&str> = spec.split(':').collect();
    let every_address = parts.len() == 4 && matches!(parts[0], "" | "*" | "0.0.0.0" | "[::]");
    // The local end: the last two parts (`HOST:HOSTPORT`), or a dynamic forward (`-R 1080`).
    let local = if parts.len() >= 3 {
        parts[parts.len() - 1]
    } else {
        ""
    };
    if PRIVATE_PORTS.contains(&local) || relay || every_address {
        Some(Exposed::Port(if local.is_empty() { spec } else { local }))
    } else {
        None
    }
}

/// Why serving `dir` to the network gives away its secrets: the home, the root or `/etc`, or a
/// credentials directory (`~/.ssh`, `~/.aws`, ...). `None` for any other directory.
pub fn served_directory(dir: &str) -> Option<&'static str> {
    let d = dir.trim_end_matches('/');
    let home = matches!(d, "~" | "$HOME" | "${HOME}" | "\"$HOME\"" | "/root")
        || d.strip_prefix("/home/")
            .or_else(|| d.strip_prefix("/Users/"))
            .is_some_and(|u| !u.is_empty() && !u.contains('/'));
    let root = matches!(d, "" | "/" | "/etc");
    let secrets = paths::secret(dir).is_some()
        || paths::home_relative(dir).is_some_and(|r| {
            matches!(
                r.trim_end_matches('/'),
                ".ssh" | ".aws" | ".gnupg" | ".kube" | ".config"
            )
        })
        || [".ssh", ".aws", ".gnupg", ".kube"]
            .iter()
            .any(|s| d.ends_with(&format!("/{s}")));
    (home || root || secrets).then_some("every key and credential under it can be downloaded")
}

/// Words in a bucket's or share's name that mark another organization as its reader.
const OTHER_PARTY: &[&str] = &[
    "partner",
    "partners",
    "vendor",
    "vendors",
    "external",
    "thirdparty",
    "3rdparty",
    "supplier",
    "suppliers",
    "agency",
    "contractor",
    "contractors",
    "clients",
];

/// Words that, beside `client`, make a name a hand-off point rather than an application's
/// client side (`acme-web-client` is a front end's bucket; `client-share` is a drop).
const HAND_OFF: &[&str] = &[
    "share",
    "shared",
    "drop",
    "dropbox",
    "inbox",
    "delivery",
    "deliveries",
    "exchange",
    "transfer",
    "handoff",
    "incoming",
    "outgoing",
    "exports",
    "export",
    "upload",
    "uploads",
];

/// Whether a bucket or share name (`s3://partner-acme-drop/incoming/`, `gs://client-share/`)
/// says another party receives what is put there. This is a reading of the name only, and
/// weak: a partner's bucket named `acme-sync` is not found, and a team's bucket named
/// `vendor-libs` is. It is used for confirmation only, never more.
pub fn other_party(dest: &str) -> bool {
    let bucket = dest
        .split_once("://")
        .map_or(dest, |(_, rest)| rest)
        .split('/')
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let words: Vec<&str> = bucket
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().any(|w| OTHER_PARTY.contains(w))
        || words
            .iter()
            .any(|w| *w == "client" || *w == "customer" || *w == "customers")
            && words.iter().any(|w| HAND_OFF.contains(w))
}

/// Whether an upload's files are a build's output (what a site or a release bucket is for),
/// not the project's data.
pub fn build_output(file: &str) -> bool {
    let f = file.trim_start_matches("./").trim_end_matches('/');
    let first = f.split('/').next().unwrap_or(f);
    matches!(
        first,
        "dist"
            | "build"
            | "out"
            | "public"
            | "site"
            | "_site"
            | "target"
            | ".next"
            | "storybook-static"
    )
}
