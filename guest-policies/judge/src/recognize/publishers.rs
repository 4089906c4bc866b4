//! Programs that publish or send what they are given, by their own verbs rather than an upload
//! URL: content-addressed networks (`ipfs add`, web3.storage's `w3 up`), public and shared
//! folders (`keybase fs cp ... /keybase/public/...`), relays that hand a file to whoever holds a
//! ticket (`sendme send`, `portal send`), chat and notification CLIs (telegram-send, apprise,
//! matrix-commander, slackcat, signal-cli, ntfy, gotify, shoutrrr, discord.sh, Pushbullet's `pb`,
//! Mattermost's `mmctl`, zulip-send, sendxmpp) and a personal drive's client (`dbxcli put`).
//!
//! Each row says, from the tool's reference, which options or operands are files sent, which
//! are text sent, and whether its stdin is sent: the exfiltration reader
//! ([`super::secrets`]) grades what leaves to where as for curl (a secret or a dump stops,
//! a log to a public place is confirmed, a message alone goes ahead).
//!
//! Nothing is lowered here: a row names a send or stays silent. Looked up by the program's
//! name first.

use super::Cmd;

/// One publishing command, from its reference.
struct Publisher {
    program: &'static str,
    /// The operands that select the sending subcommand (a prefix of the operands).
    sub: &'static [&'static str],
    /// Options whose value is a file sent.
    files: &'static [&'static str],
    /// Operands from this index on (after `sub`) are files sent.
    file_operands: Option<usize>,
    /// Options whose value is text sent.
    text: &'static [&'static str],
    /// Operands from this index on (after `sub`) are text sent.
    text_operands: Option<usize>,
    /// What is piped in is sent (when the line names no file or text).
    reads_stdin: bool,
    /// Options that make it send nothing (`ipfs add --only-hash`).
    dry: &'static [&'static str],
    /// Its other options that take a value.
    values: &'static [&'static str],
    /// Where it goes, in words (a "public" place is graded as one).
    dest: &'static str,
}

/// ntfy's options that take a value, for `publish` and its alias `pub`.
const NTFY_VALUES: &[&str] = &[
    "--title",
    "-t",
    "--priority",
    "-p",
    "--tags",
    "--attach",
    "-a",
    "--filename",
    "-n",
    "--click",
    "-U",
    "--user",
    "-u",
    "--token",
    "-k",
    "--config",
    "-c",
    "--icon",
    "--delay",
    "--email",
    "-e",
    "--actions",
];

const NONE: &[&str] = &[];

/// The publishing commands.
const PUBLISHERS: &[Publisher] = &[
    Publisher {
        program: "ipfs",
        sub: &["add"],
        files: NONE,
        file_operands: Some(0),
        text: NONE,
        text_operands: None,
        reads_stdin: true,
        dry: &["-n", "--only-hash"],
        values: &["--cid-version", "--hash", "--chunker", "-s", "--to-files"],
        dest: "the public IPFS network (anyone with the hash fetches it)",
    },
    Publisher {
        program: "w3",
        sub: &["up"],
        files: NONE,
        file_operands: Some(0),
        text: NONE,
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: NONE,
        dest: "web3.storage, the public IPFS network",
    },
    Publisher {
        program: "storacha",
        sub: &["up"],
        files: NONE,
        file_operands: Some(0),
        text: NONE,
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: NONE,
        dest: "Storacha, the public IPFS network",
    },
    Publisher {
        program: "keybase",
        sub: &["chat", "upload"],
        files: NONE,
        file_operands: Some(1),
        text: NONE,
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: &["--title", "--channel", "--public"],
        dest: "a Keybase chat",
    },
    Publisher {
        program: "keybase",
        sub: &["chat", "send"],
        files: NONE,
        file_operands: None,
        text: NONE,
        text_operands: Some(1),
        reads_stdin: false,
        dry: NONE,
        values: &["--channel"],
        dest: "a Keybase chat",
    },
    Publisher {
        program: "sendme",
        sub: &["send"],
        files: NONE,
        file_operands: Some(0),
        text: NONE,
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: NONE,
        dest: "sendme's relay (whoever holds the ticket)",
    },
    Publisher {
        program: "portal",
        sub: &["send"],
        files: NONE,
        file_operands: Some(0),
        text: NONE,
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: &["--relay", "-r"],
        dest: "portal's relay (whoever holds the password)",
    },
    Publisher {
        program: "telegram-send",
        sub: NONE,
        files: &[
            "--file",
            "-f",
            "--image",
            "-i",
            "--video",
            "--audio",
            "--animation",
        ],
        file_operands: None,
        text: NONE,
        text_operands: Some(0),
        reads_stdin: false,
        dry: NONE,
        values: &["--config", "-c", "--caption", "--format"],
        dest: "a Telegram chat",
    },
    Publisher {
        program: "apprise",
        sub: NONE,
        files: &["--attach", "-a"],
        file_operands: None,
        text: &["--body", "-b", "--title", "-t"],
        text_operands: None,
        reads_stdin: true,
        dry: &["--dry-run", "-d"],
        values: &[
            "--config",
            "-c",
            "--tag",
            "-g",
            "--notification-type",
            "-n",
            "--input-format",
            "-i",
            "--plugin-path",
            "-P",
        ],
        dest: "the chat and notification services apprise is given",
    },
    Publisher {
        program: "matrix-commander",
        sub: NONE,
        files: &["--file", "-f", "--image", "-i", "--audio", "-a"],
        file_operands: None,
        text: &["--message", "-m"],
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: &[
            "--room",
            "-r",
            "--credentials",
            "-c",
            "--store",
            "-s",
            "--user",
            "-u",
        ],
        dest: "a Matrix room",
    },
    Publisher {
        program: "slackcat",
        sub: NONE,
        files: NONE,
        file_operands: Some(0),
        text: NONE,
        text_operands: None,
        reads_stdin: true,
        dry: &["--noop"],
        values: &[
            "--channel",
            "-c",
            "--filename",
            "-n",
            "--filetype",
            "--comment",
            "--username",
            "-u",
            "--iconemoji",
            "-i",
        ],
        dest: "a Slack channel",
    },
    Publisher {
        program: "signal-cli",
        sub: &["send"],
        files: &["--attachment", "-a"],
        file_operands: None,
        text: &["--message", "-m"],
        text_operands: None,
        reads_stdin: true,
        dry: NONE,
        values: &[
            "-u",
            "--username",
            "--account",
            "--config",
            "-g",
            "--group-id",
        ],
        dest: "a Signal chat",
    },
    Publisher {
        program: "ntfy",
        sub: &["publish"],
        files: &["--file"],
        file_operands: None,
        text: &["--message", "-m"],
        text_operands: Some(1),
        reads_stdin: false,
        dry: NONE,
        values: NTFY_VALUES,
        dest: "an ntfy topic (readable by whoever knows its name)",
    },
    Publisher {
        program: "ntfy",
        sub: &["pub"],
        files: &["--file"],
        file_operands: None,
        text: &["--message", "-m"],
        text_operands: Some(1),
        reads_stdin: false,
        dry: NONE,
        values: NTFY_VALUES,
        dest: "an ntfy topic (readable by whoever knows its name)",
    },
    Publisher {
        program: "gotify",
        sub: &["push"],
        files: NONE,
        file_operands: None,
        text: &["--title", "-t"],
        text_operands: Some(0),
        reads_stdin: true,
        dry: NONE,
        values: &["--priority", "-p", "--url", "--token", "--contentType"],
        dest: "a Gotify server",
    },
    Publisher {
        program: "shoutrrr",
        sub: &["send"],
        files: NONE,
        file_operands: None,
        text: &["--message", "-m", "--title", "-t"],
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: &["--url", "-u"],
        dest: "the chat services shoutrrr is given",
    },
    Publisher {
        program: "discord.sh",
        sub: NONE,
        files: &["--file"],
        file_operands: None,
        text: &["--text", "--description", "--title"],
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: &[
            "--webhook-url",
            "--username",
            "--avatar",
            "--color",
            "--author",
            "--url",
            "--footer",
        ],
        dest: "a Discord channel",
    },
    Publisher {
        program: "pb",
        sub: &["push"],
        files: &["--file", "-f"],
        file_operands: None,
        text: NONE,
        text_operands: Some(0),
        reads_stdin: true,
        dry: NONE,
        values: &[
            "--device",
            "-d",
            "--title",
            "-t",
            "--channel",
            "-c",
            "--email",
            "-e",
        ],
        dest: "Pushbullet",
    },
    Publisher {
        program: "mmctl",
        sub: &["post", "create"],
        files: NONE,
        file_operands: None,
        text: &["--message"],
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: &["--reply-to"],
        dest: "a Mattermost channel",
    },
    Publisher {
        program: "zulip-send",
        sub: NONE,
        files: NONE,
        file_operands: None,
        text: &["--message", "-m"],
        text_operands: None,
        reads_stdin: true,
        dry: NONE,
        values: &[
            "--stream",
            "-s",
            "--subject",
            "-S",
            "--config-file",
            "--site",
            "--user",
            "--api-key",
        ],
        dest: "a Zulip stream",
    },
    Publisher {
        program: "sendxmpp",
        sub: NONE,
        files: &["--message", "-m"],
        file_operands: None,
        text: NONE,
        text_operands: None,
        reads_stdin: true,
        dry: NONE,
        values: &[
            "--username",
            "-u",
            "--password",
            "-p",
            "--jserver",
            "-j",
            "--resource",
            "-r",
            "--subject",
            "-s",
            "--file",
            "-f",
        ],
        dest: "an XMPP chat",
    },
    Publisher {
        program: "dbxcli",
        sub: &["put"],
        files: NONE,
        file_operands: Some(0),
        text: NONE,
        text_operands: None,
        reads_stdin: false,
        dry: NONE,
        values: NONE,
        dest: "a personal Dropbox account (dropbox.com)",
    },
];

/// Whether the program has rows here (the cheap first test).
pub fn client(program: &str) -> bool {
    matches!(
        program,
        "ipfs"
            | "w3"
            | "storacha"
            | "keybase"
            | "sendme"
            | "portal"
            | "telegram-send"
            | "apprise"
            | "matrix-commander"
            | "slackcat"
            | "signal-cli"
            | "ntfy"
            | "gotify"
            | "shoutrrr"
            | "discord.sh"
            | "pb"
            | "mmctl"
            | "zulip-send"
            | "sendxmpp"
            | "dbxcli"
    )
}

/// What a publishing command sends: (files, text, whether its stdin is sent, where).
pub type Sent<'c> = (Vec<&'c str>, Vec<&'c str>, bool, String);

/// The send a publishing command makes, or `None` (another subcommand, a dry run, nothing
/// given to send).
pub fn send<'c>(cmd: &Cmd<'c>) -> Option<Sent<'c>> {
    if cmd.program == "keybase" {
        return keybase_fs(cmd);
    }
    let mut values: Vec<&str> = Vec::new();
    for r in PUBLISHERS.iter().filter(|r| r.program == cmd.program) {
        values.clear();
        values.extend_from_slice(r.files);
        values.extend_from_slice(r.text);
        values.extend_from_slice(r.values);
        let ops: Vec<&'c str> = cmd.operands(&values).collect();
        if !ops.starts_with(r.sub) {
            continue;
        }
        if cmd.has(r.dry) {
            return None;
        }
        let rest = &ops[r.sub.len()..];
        let mut files: Vec<&'c str> = every_value(cmd, r.files);
        if let Some(i) = r.file_operands {
            files.extend(rest.iter().skip(i).copied().filter(|f| *f != "-"));
        }
        let mut text: Vec<&'c str> = every_value(cmd, r.text);
        if let Some(i) = r.text_operands {
            text.extend(rest.iter().skip(i).copied());
        }
        let stdin = r.reads_stdin && cmd.piped_in && files.is_empty()
            || rest.contains(&"-") && cmd.piped_in
            || cmd.has(&["--stdin", "--message-from-stdin"]);
        // The files a redirection feeds it are sent as its stdin.
        if r.reads_stdin || stdin {
            files.extend(
                cmd.redirects
                    .iter()
                    .filter(|x| {
                        x.kind == crate::shell::RedirectKind::Read && &*x.target != "/dev/null"
                    })
                    .map(|x| &*x.target),
            );
        }
        if files.is_empty() && text.is_empty() && !stdin {
            return None;
        }
        return Some((files, text, stdin, r.dest.to_owned()));
    }
    None
}

/// Whether a stage piped into a sender prints a literal message only (`echo "build green"`,
/// `printf 'done\n'`): no variable, substitution or file in it, so nothing but the words
/// written leaves.
pub fn literal_message(c: &crate::shell::Command<'_>) -> bool {
    c.words
        .first()
        .is_some_and(|w| w == "echo" || w == "printf")
        && c.redirects.is_empty()
        && c.assignments.is_empty()
        && c.words.iter().all(|w| !w.contains(['$', '`']))
}

/// Every value of the options (`-a X -a Y`, `--attach=X`).
fn every_value<'c>(cmd: &Cmd<'c>, names: &[&str]) -> Vec<&'c str> {
    let mut found = Vec::new();
    let mut it = cmd.args.iter();
    while let Some(a) = it.next() {
        let a: &'c str = a;
        if names.contains(&a) {
            if let Some(v) = it.next() {
                found.push(&**v);
            }
        } else if let Some((n, v)) = a.split_once('=')
            && n.starts_with("--")
            && names.contains(&n)
        {
            found.push(v);
        }
    }
    found
}

/// `keybase fs cp|mv SOURCE... DEST`: a local file copied into Keybase's file system
/// (`/keybase/public/USER` is readable by anyone, `/keybase/private/USER,OTHER` by the users
/// named, `/keybase/team/T` by the team).
fn keybase_fs<'c>(cmd: &Cmd<'c>) -> Option<Sent<'c>> {
    let ops: Vec<&'c str> = cmd
        .operands(&["--rec-opt", "-i", "--interactive"])
        .collect();
    if ops.first() != Some(&"fs") || !matches!(ops.get(1).copied(), Some("cp" | "mv")) {
        // Chat uploads are rows of the table.
        return chat_row(cmd);
    }
    let (dest, sources) = ops[2..].split_last()?;
    if !dest.starts_with("/keybase/") || sources.is_empty() {
        return None;
    }
    let sources: Vec<&'c str> = sources
        .iter()
        .copied()
        .filter(|s| !s.starts_with("/keybase/"))
        .collect();
    if sources.is_empty() {
        return None;
    }
    let place = if dest.starts_with("/keybase/public/") {
        format!("{dest}, a public Keybase folder")
    } else {
        format!("{dest}, a Keybase folder")
    };
    Some((sources, Vec::new(), false, place))
}

/// keybase's chat rows of the table.
fn chat_row<'c>(cmd: &Cmd<'c>) -> Option<Sent<'c>> {
    let mut values: Vec<&str> = Vec::new();
    for r in PUBLISHERS.iter().filter(|r| r.program == "keybase") {
        values.clear();
        values.extend_from_slice(r.values);
        let ops: Vec<&'c str> = cmd.operands(&values).collect();
        if !ops.starts_with(r.sub) {
            continue;
        }
        let rest = &ops[r.sub.len()..];
        let files: Vec<&'c str> = r
            .file_operands
            .map_or_else(Vec::new, |i| rest.iter().skip(i).copied().collect());
        let text: Vec<&'c str> = r
            .text_operands
            .map_or_else(Vec::new, |i| rest.iter().skip(i).copied().collect());
        if files.is_empty() && text.is_empty() {
            return None;
        }
        return Some((files, text, false, r.dest.to_owned()));
    }
    None
}

/// Every program of the table, for tests.
#[cfg(test)]
pub fn names() -> impl Iterator<Item = &'static str> {
    PUBLISHERS.iter().map(|r| r.program)
}
