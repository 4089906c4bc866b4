//! Human channels: how a verification code or an approval request reaches a person, through a
//! path the agent cannot read (core spec 8.8: the code goes "out of band").
//!
//! Three kinds, configured in `safety_loop.human_channels` ([`HumanChannelConfig`]):
//!
//! - **file**: `<dir>/<id>.txt` and `<dir>/<id>.json`, mode 0600, in a directory created 0700.
//!   Each file is written to a temporary name and renamed, so a reader never sees half a code.
//! - **command**: an operator's program with the notice as one line of JSON on its standard
//!   input (a desktop notifier, a pager, a chat bot), killed after its timeout.
//! - **webhook**: an HTTP POST of the same JSON.
//!
//! The rules this module keeps, and why:
//!
//! - The code appears only in what a channel delivers: never in a [`ChannelError`], a log line
//!   or a `Debug` output. Errors are built through `scrub`, which replaces the code (with or
//!   without its dashes) by `[redacted]` even where it "cannot" appear.
//! - A command's output is never captured: a program that echoes its input (or fails and prints
//!   it) would otherwise put the code into an error, and errors go to logs and the agent.
//! - A webhook's answer body is never read and the request body never quoted, for the same
//!   reason; only the status is reported. Redirects are not followed, so the code is not sent
//!   on to wherever a 30x points.
//! - A notice id becomes a file name, so it is restricted to `[A-Za-z0-9_-]` and cannot leave
//!   the directory.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs::{DirBuilder, OpenOptions, Permissions};
use std::io::{self, Write as _};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use airlock_core::HumanChannelConfig;
use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tracing::{debug, warn};

use crate::challenge::VerificationCode;

/// What a notice is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// A verification code for a paused or blocked agent.
    VerificationCode,
    /// An approval request waiting for a person's decision.
    ApprovalRequest,
}

impl NoticeKind {
    /// The name used in JSON and logs.
    fn as_str(self) -> &'static str {
        match self {
            Self::VerificationCode => "verification_code",
            Self::ApprovalRequest => "approval_request",
        }
    }
}

/// One message for a person.
///
/// `Debug` is derived: it is safe because [`VerificationCode`]'s own `Debug` is redacted (a
/// test holds both to that).
#[derive(Debug, Clone, Copy)]
pub struct OperatorNotice<'a> {
    /// What the notice is about.
    pub kind: NoticeKind,
    /// The challenge id or the approval id.
    pub id: &'a str,
    /// The agent concerned.
    pub agent: &'a str,
    /// Why the agent was paused or blocked. Never a secret.
    pub reason: &'a str,
    /// The action the agent reported (its `nextActionHint`).
    pub action: &'a str,
    /// What the person should do next.
    pub instructions: &'a str,
    /// The code, for a verification; `None` for an approval request.
    pub code: Option<&'a VerificationCode>,
    /// When the challenge or approval stops being accepted.
    pub expires_at: Timestamp,
}

/// A channel could not deliver a notice. The message never contains the code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("human channel {channel}: {message}")]
pub struct ChannelError {
    /// The channel's name ([`HumanChannelSink::name`]).
    pub channel: String,
    /// What went wrong, scrubbed of the code.
    pub message: String,
}

impl ChannelError {
    /// An error whose message is scrubbed of `code`: every constructor in this module goes
    /// through here, so no path can forget to.
    fn new(channel: String, message: &str, code: Option<&VerificationCode>) -> Self {
        Self {
            channel,
            message: scrub(message, code),
        }
    }
}

/// One configured way to reach a person.
pub trait HumanChannelSink: Send + Sync {
    /// A name for errors and logs, without secrets: `file:/var/lib/airlock/operator`,
    /// `command:notify`, `webhook:https://host/path` (no query string, user info or headers).
    fn name(&self) -> String;

    /// Delivers one notice. Blocks until delivered, failed or timed out.
    fn deliver(&self, notice: &OperatorNotice<'_>) -> Result<(), ChannelError>;

    /// Whether what it delivers stays in files on this machine, readable by airlock's own OS
    /// user (the file channel). Once operator authentication is on, such a channel is not out of
    /// band for an agent running as that user, so codes are withheld from it.
    fn keeps_files(&self) -> bool {
        false
    }
}

/// Builds the sink for one configured channel. A relative `dir` of a file channel resolves
/// against `base_dir` (the policy's directory, or the working directory).
pub fn build(config: &HumanChannelConfig, base_dir: &Path) -> Box<dyn HumanChannelSink> {
    match config {
        HumanChannelConfig::File { dir } => Box::new(FileSink {
            dir: base_dir.join(dir),
        }),
        HumanChannelConfig::Command {
            program,
            args,
            timeout_ms,
        } => Box::new(CommandSink {
            program: program.clone(),
            args: args.clone(),
            timeout: Duration::from_millis(u64::from(*timeout_ms)),
        }),
        HumanChannelConfig::Webhook {
            url,
            headers,
            timeout_ms,
        } => Box::new(WebhookSink::new(url, headers, *timeout_ms)),
    }
}

/// Delivers `notice` to every sink. `Ok(n)` when at least one sink delivered (`n` of them);
/// otherwise every error, in sink order (an empty list when there are no sinks: nobody can be
/// reached, which the caller must treat as a failure too).
///
/// Each sink is tried even after one succeeds: operators configure several channels so that a
/// person sees the notice wherever they are looking.
pub fn deliver_all(
    sinks: &[Box<dyn HumanChannelSink>],
    notice: &OperatorNotice<'_>,
) -> Result<usize, Vec<ChannelError>> {
    deliver_split(sinks, notice, None)
}

/// [`deliver_all`], except that sinks which [keep files](HumanChannelSink::keeps_files) get
/// `for_files` instead when it is given (the notice without its code).
pub fn deliver_split(
    sinks: &[Box<dyn HumanChannelSink>],
    notice: &OperatorNotice<'_>,
    for_files: Option<&OperatorNotice<'_>>,
) -> Result<usize, Vec<ChannelError>> {
    let mut delivered = 0;
    let mut errors = Vec::new();
    for sink in sinks {
        let channel = sink.name();
        let notice = match for_files {
            Some(withheld) if sink.keeps_files() => withheld,
            _ => notice,
        };
        match sink.deliver(notice) {
            Ok(()) => {
                debug!(
                    channel,
                    kind = notice.kind.as_str(),
                    id = notice.id,
                    "notice delivered"
                );
                delivered += 1;
            }
            Err(e) => {
                // The error is scrubbed; logging it is safe.
                warn!(channel, kind = notice.kind.as_str(), id = notice.id, error = %e,
                    "notice not delivered");
                errors.push(e);
            }
        }
    }
    if delivered > 0 {
        Ok(delivered)
    } else {
        Err(errors)
    }
}

/// The JSON document a command's standard input and a webhook's body carry, and the `.json`
/// file holds: `kind`, `id`, `agent`, `reason`, `action`, `instructions`, `code` (only for a
/// verification) and `expires_at` (RFC 3339).
pub fn notice_json(notice: &OperatorNotice<'_>) -> Value {
    let mut doc = Map::new();
    doc.insert("kind".into(), notice.kind.as_str().into());
    doc.insert("id".into(), notice.id.into());
    doc.insert("agent".into(), notice.agent.into());
    doc.insert("reason".into(), notice.reason.into());
    doc.insert("action".into(), notice.action.into());
    doc.insert("instructions".into(), notice.instructions.into());
    if let Some(code) = notice.code {
        doc.insert("code".into(), code.reveal_to_human_channel().into());
    }
    doc.insert("expires_at".into(), notice.expires_at.to_string().into());
    Value::Object(doc)
}

/// The notice as text for a person: a title, the facts one per line, the code on its own line
/// (`Verification code: XXXXXXX-...`) when there is one, then the instructions. What the agent
/// wrote (its name, the reason quoting its hint, the action) is escaped
/// ([`airlock_core::display::for_terminal`]): a person may `cat` this file to a terminal, and a
/// newline in a hint must not forge a line such as a second `Verification code:`.
pub fn notice_text(notice: &OperatorNotice<'_>) -> String {
    use airlock_core::display::for_terminal;
    let (title, id_label) = match notice.kind {
        NoticeKind::VerificationCode => ("airlock: verification code", "Challenge id"),
        NoticeKind::ApprovalRequest => ("airlock: approval request", "Approval id"),
    };
    let mut text = String::new();
    // Writing to a String cannot fail; the results are ignored for that reason.
    let _ = writeln!(text, "{title}");
    let _ = writeln!(text);
    let _ = writeln!(text, "Agent: {}", for_terminal(notice.agent));
    let _ = writeln!(text, "{id_label}: {}", for_terminal(notice.id));
    let _ = writeln!(text, "Reason: {}", for_terminal(notice.reason));
    let _ = writeln!(text, "Action: {}", for_terminal(notice.action));
    let _ = writeln!(text, "Expires at: {}", notice.expires_at);
    if let Some(code) = notice.code {
        let _ = writeln!(text);
        let _ = writeln!(
            text,
            "Verification code: {}",
            code.reveal_to_human_channel()
        );
    }
    if !notice.instructions.is_empty() {
        let _ = writeln!(text);
        let _ = writeln!(text, "{}", for_terminal(notice.instructions));
    }
    text
}

/// Replaces every occurrence of the code in `message`, grouped or not, in either case, by
/// `[redacted]`.
fn scrub(message: &str, code: Option<&VerificationCode>) -> String {
    let Some(code) = code else {
        return message.to_owned();
    };
    let grouped = code.reveal_to_human_channel();
    let bare = grouped.replace('-', "");
    let mut out = message.to_owned();
    for form in [
        grouped.to_owned(),
        grouped.to_lowercase(),
        bare.clone(),
        bare.to_lowercase(),
    ] {
        // An empty pattern would match everywhere; a code is never empty, but do not rely on it.
        if !form.is_empty() {
            out = out.replace(&form, "[redacted]");
        }
    }
    out
}

/// Whether `id` is safe as a file name: non-empty, `[A-Za-z0-9_-]` only (no `/`, no `.`).
fn is_safe_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The file channel.
struct FileSink {
    /// The directory, already resolved against the base directory.
    dir: PathBuf,
}

impl FileSink {
    /// Writes `contents` to `<dir>/<id>.<ext>` through a 0600 temporary file and a rename.
    fn write_atomically(&self, id: &str, ext: &str, contents: &[u8]) -> io::Result<()> {
        let tmp = self.dir.join(format!(".{id}.{ext}.tmp"));
        let target = self.dir.join(format!("{id}.{ext}"));
        // A leftover temporary file (a crash, or something planted in a shared directory) is
        // removed, and the new one is created exclusively: O_EXCL does not follow a symlink,
        // and a file we create ourselves gets exactly the mode we ask for.
        match std::fs::remove_file(&tmp) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        let result = (|| {
            let mut file = OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&tmp)?;
            // The umask can only take bits away from 0600, but say it explicitly anyway.
            file.set_permissions(Permissions::from_mode(0o600))?;
            file.write_all(contents)?;
            file.sync_all()?;
            std::fs::rename(&tmp, &target)
        })();
        if result.is_err() {
            // Best effort: do not leave a partial code lying around.
            let _ = std::fs::remove_file(&tmp);
        }
        result
    }
}

impl HumanChannelSink for FileSink {
    fn name(&self) -> String {
        format!("file:{}", self.dir.display())
    }

    fn keeps_files(&self) -> bool {
        true
    }

    fn deliver(&self, notice: &OperatorNotice<'_>) -> Result<(), ChannelError> {
        let fail = |message: String| ChannelError::new(self.name(), &message, notice.code);
        if !is_safe_id(notice.id) {
            return Err(fail(format!(
                "refused notice id {:?}: only letters, digits, '_' and '-' may name a file",
                notice.id
            )));
        }
        // Created 0700 when missing (the umask can only narrow it). An existing directory is
        // the operator's: its mode is left alone, the files themselves are 0600.
        DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&self.dir)
            .map_err(|e| fail(format!("could not create the directory: {e}")))?;
        let text = notice_text(notice);
        let json = notice_json(notice).to_string() + "\n";
        self.write_atomically(notice.id, "txt", text.as_bytes())
            .map_err(|e| fail(format!("could not write {}.txt: {e}", notice.id)))?;
        self.write_atomically(notice.id, "json", json.as_bytes())
            .map_err(|e| fail(format!("could not write {}.json: {e}", notice.id)))?;
        Ok(())
    }
}

/// How often a running command is checked for exit.
const POLL: Duration = Duration::from_millis(5);

/// The command channel.
struct CommandSink {
    /// The program, as configured (absolute, or found on `PATH`).
    program: String,
    /// Its arguments.
    args: Vec<String>,
    /// How long it may run.
    timeout: Duration,
}

impl CommandSink {
    /// Waits for `child` until the timeout; kills it then. `None` on timeout.
    fn wait(&self, child: &mut Child) -> io::Result<Option<ExitStatus>> {
        let deadline = Instant::now() + self.timeout;
        loop {
            if let Some(status) = child.try_wait()? {
                return Ok(Some(status));
            }
            if Instant::now() >= deadline {
                // Only the direct child is killed: signalling its process group would need
                // unsafe code. A program that forks and exits is its own business.
                let _ = child.kill();
                let _ = child.wait();
                return Ok(None);
            }
            std::thread::sleep(POLL);
        }
    }
}

impl HumanChannelSink for CommandSink {
    fn name(&self) -> String {
        format!("command:{}", self.program)
    }

    fn deliver(&self, notice: &OperatorNotice<'_>) -> Result<(), ChannelError> {
        let fail = |message: String| ChannelError::new(self.name(), &message, notice.code);
        // The environment is inherited: notifiers need DISPLAY, DBUS_SESSION_BUS_ADDRESS, HOME.
        // Output goes nowhere, never into memory: see the module documentation.
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                fail(match e.kind() {
                    io::ErrorKind::NotFound => format!(
                        "could not start {:?}: not found: check human_channels[..].program \
                         (an absolute path, or a program on PATH)",
                        self.program
                    ),
                    io::ErrorKind::PermissionDenied => format!(
                        "could not start {:?}: permission denied: check that it is executable",
                        self.program
                    ),
                    kind => format!("could not start {:?} ({kind:?}): {e}", self.program),
                })
            })?;
        let payload = notice_json(notice).to_string() + "\n";
        if let Some(mut stdin) = child.stdin.take() {
            // Written from another thread so that a program that never reads cannot block us
            // past the timeout (killing it closes the pipe and ends the write). A program that
            // exits without reading its input is not an error in itself: its status decides.
            // (The write then fails with EPIPE rather than a signal: Rust programs ignore
            // SIGPIPE unless they opt out, and airlock's do not.)
            std::thread::spawn(move || {
                let _ = stdin.write_all(payload.as_bytes());
            });
        }
        let status = self
            .wait(&mut child)
            .map_err(|e| fail(format!("could not wait for the program: {e}")))?;
        match status {
            None => Err(fail(format!(
                "timed out after {} ms (killed)",
                self.timeout.as_millis()
            ))),
            Some(status) if status.success() => Ok(()),
            Some(status) => Err(fail(match (status.code(), status.signal()) {
                (Some(code), _) => format!("exited with status {code}"),
                (None, Some(signal)) => format!("was killed by signal {signal}"),
                (None, None) => format!("failed ({status})"),
            })),
        }
    }
}

/// The webhook channel.
struct WebhookSink {
    /// The URL as configured (it may carry a token in its query: never printed).
    url: String,
    /// The URL without user info, query or fragment, for names and errors.
    display_url: String,
    /// Extra headers (never printed: they often carry credentials).
    headers: BTreeMap<String, String>,
    /// The HTTP client, with the timeout and redirect settings.
    agent: ureq::Agent,
    /// The configured timeout, for messages.
    timeout_ms: u32,
}

impl WebhookSink {
    fn new(url: &str, headers: &BTreeMap<String, String>, timeout_ms: u32) -> Self {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(Duration::from_millis(u64::from(timeout_ms))))
            // Statuses are answers, not transport errors: we report them ourselves.
            .http_status_as_error(false)
            // A 30x is reported, not followed: the code goes only where the operator said.
            .max_redirects(0)
            .build()
            .into();
        Self {
            url: url.to_owned(),
            display_url: display_url(url),
            headers: headers.clone(),
            agent,
            timeout_ms,
        }
    }
}

/// `url` without user info, query string or fragment: `https://user:pw@host/p?token=x` is
/// `https://host/p`.
fn display_url(url: &str) -> String {
    let (scheme, rest) = match url.split_once("://") {
        Some((scheme, rest)) => (Some(scheme), rest),
        None => (None, url),
    };
    let rest = rest.split(['?', '#']).next().unwrap_or_default();
    let (authority, path) = match rest.find('/') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    let host = authority.rsplit('@').next().unwrap_or_default();
    match scheme {
        Some(scheme) => format!("{scheme}://{host}{path}"),
        None => format!("{host}{path}"),
    }
}

impl HumanChannelSink for WebhookSink {
    fn name(&self) -> String {
        format!("webhook:{}", self.display_url)
    }

    fn deliver(&self, notice: &OperatorNotice<'_>) -> Result<(), ChannelError> {
        let fail = |message: String| {
            // A ureq error may quote the URL (`bad uri: ...`): show it without its secrets.
            let message = message.replace(&self.url, &self.display_url);
            ChannelError::new(self.name(), &message, notice.code)
        };
        let body = notice_json(notice).to_string();
        let mut request = self
            .agent
            .post(&self.url)
            .header("content-type", "application/json");
        for (name, value) in &self.headers {
            request = request.header(name, value);
        }
        match request.send(body.as_bytes()) {
            // The answer's body is dropped unread: nothing from it can reach an error.
            Ok(response) if response.status().is_success() => Ok(()),
            Ok(response) => Err(fail(format!(
                "answered HTTP {}",
                response.status().as_u16()
            ))),
            Err(ureq::Error::Timeout(_)) => {
                Err(fail(format!("timed out after {} ms", self.timeout_ms)))
            }
            Err(e) => Err(fail(format!("request failed: {e}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::{BufRead, BufReader, Read};
    use std::net::TcpListener;
    use std::sync::mpsc;

    use jiff::SignedDuration;

    use super::*;
    use crate::challenge::{ChallengeIssuer, ChallengeKind, DEFAULT_CHALLENGE_TTL};

    fn now() -> Timestamp {
        "2026-11-25T12:00:00Z".parse().expect("time")
    }

    /// A fresh challenge id and code.
    fn issue() -> (String, VerificationCode) {
        let (challenge, code) = ChallengeIssuer::from_os().expect("os random").issue(
            "agent-7",
            ChallengeKind::HardBlock,
            now(),
            DEFAULT_CHALLENGE_TTL,
        );
        (challenge.id, code)
    }

    fn notice<'a>(id: &'a str, code: &'a VerificationCode) -> OperatorNotice<'a> {
        OperatorNotice {
            kind: NoticeKind::VerificationCode,
            id,
            agent: "agent-7",
            reason: "danger_zone tier: rm -rf on the repository",
            action: "delete the build directory",
            instructions: "Give the code to the agent's user, or run `airlock verify`.",
            code: Some(code),
            expires_at: now() + SignedDuration::from_secs(300),
        }
    }

    /// Asserts that `text` does not contain the code in any form.
    fn assert_no_code(text: &str, code: &VerificationCode) {
        let grouped = code.reveal_to_human_channel();
        let bare = grouped.replace('-', "");
        let upper = text.to_uppercase();
        assert!(!upper.contains(grouped), "the code leaked into {text}");
        assert!(!upper.contains(&bare), "the code leaked into {text}");
    }

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path)
            .expect("metadata")
            .permissions()
            .mode()
            & 0o777
    }

    fn command(program: &str, args: &[&str], timeout_ms: u32) -> Box<dyn HumanChannelSink> {
        build(
            &HumanChannelConfig::Command {
                program: program.into(),
                args: args.iter().map(|a| (*a).to_owned()).collect(),
                timeout_ms,
            },
            Path::new("/"),
        )
    }

    fn webhook(url: &str, headers: &[(&str, &str)]) -> Box<dyn HumanChannelSink> {
        build(
            &HumanChannelConfig::Webhook {
                url: url.into(),
                headers: headers
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                    .collect(),
                timeout_ms: 2000,
            },
            Path::new("/"),
        )
    }

    /// A request as the test server read it.
    struct Received {
        request_line: String,
        headers: BTreeMap<String, String>,
        body: String,
    }

    /// Serves one request on a local port, answering `status`; returns the URL and what the
    /// server received.
    fn serve_once(status: &'static str) -> (String, mpsc::Receiver<Received>) {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!(
            "http://{}/hooks/airlock?token=secret-token",
            listener.local_addr().expect("addr")
        );
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let (stream, _) = listener.accept().expect("accept");
            let mut reader = BufReader::new(stream.try_clone().expect("clone"));
            let mut request_line = String::new();
            reader.read_line(&mut request_line).expect("request line");
            let mut headers = BTreeMap::new();
            loop {
                let mut line = String::new();
                reader.read_line(&mut line).expect("header");
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                let (name, value) = line.split_once(':').expect("header line");
                headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_owned());
            }
            let length: usize = headers
                .get("content-length")
                .map_or(0, |v| v.parse().expect("content-length"));
            let mut body = vec![0; length];
            reader.read_exact(&mut body).expect("body");
            let mut stream = stream;
            // An answer body that echoes something secret-looking, to show it is never read.
            let answer = "echo";
            write!(
                stream,
                "HTTP/1.1 {status}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{answer}",
                answer.len()
            )
            .expect("answer");
            let _ = tx.send(Received {
                request_line: request_line.trim_end().to_owned(),
                headers,
                body: String::from_utf8(body).expect("utf-8 body"),
            });
        });
        (url, rx)
    }

    /// A sink with a fixed outcome, for `deliver_all`.
    struct Fixed(bool);

    impl HumanChannelSink for Fixed {
        fn name(&self) -> String {
            format!("fixed:{}", self.0)
        }

        fn deliver(&self, notice: &OperatorNotice<'_>) -> Result<(), ChannelError> {
            if self.0 {
                Ok(())
            } else {
                Err(ChannelError::new(self.name(), "refused", notice.code))
            }
        }
    }

    #[test]
    fn the_file_channel_writes_0600_files_in_a_0700_directory() {
        let base = tempfile::tempdir().expect("tempdir");
        let sink = build(
            &HumanChannelConfig::File {
                dir: "operator/inbox".into(),
            },
            base.path(),
        );
        let dir = base.path().join("operator/inbox");
        assert_eq!(sink.name(), format!("file:{}", dir.display()));
        let (id, code) = issue();
        sink.deliver(&notice(&id, &code)).expect("delivered");

        assert_eq!(mode(&dir), 0o700, "a directory we create is 0700");
        let txt = dir.join(format!("{id}.txt"));
        let json = dir.join(format!("{id}.json"));
        assert_eq!(mode(&txt), 0o600);
        assert_eq!(mode(&json), 0o600);
        let text = std::fs::read_to_string(&txt).expect("read txt");
        assert_eq!(text.matches(code.reveal_to_human_channel()).count(), 1);
        assert!(text.contains(&format!(
            "\nVerification code: {}\n",
            code.reveal_to_human_channel()
        )));
        let doc: Value = serde_json::from_str(&std::fs::read_to_string(&json).expect("read json"))
            .expect("json");
        assert_eq!(doc["code"], code.reveal_to_human_channel());
        assert_eq!(doc["id"], id.as_str());
        // Only the two files: no temporary file is left behind.
        assert_eq!(std::fs::read_dir(&dir).expect("read dir").count(), 2);
    }

    #[test]
    fn the_file_channel_leaves_an_existing_directory_mode_alone() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::set_permissions(dir.path(), Permissions::from_mode(0o750)).expect("chmod");
        let sink = build(
            &HumanChannelConfig::File {
                dir: dir.path().display().to_string(),
            },
            Path::new("/elsewhere"),
        );
        let (id, code) = issue();
        sink.deliver(&notice(&id, &code)).expect("delivered");
        assert_eq!(mode(dir.path()), 0o750);
        assert_eq!(mode(&dir.path().join(format!("{id}.txt"))), 0o600);
    }

    #[test]
    fn the_file_channel_refuses_an_id_that_could_leave_the_directory() {
        let base = tempfile::tempdir().expect("tempdir");
        let dir = base.path().join("inbox");
        let sink = build(
            &HumanChannelConfig::File {
                dir: dir.display().to_string(),
            },
            base.path(),
        );
        let (_, code) = issue();
        for bad in ["../x", "", "a/b", ".hidden", "x.txt", "a b"] {
            let err = sink.deliver(&notice(bad, &code)).expect_err(bad);
            assert!(err.message.contains("refused notice id"), "{err}");
            assert_no_code(&err.to_string(), &code);
        }
        assert!(!dir.exists(), "nothing was written, not even the directory");
        assert_eq!(std::fs::read_dir(base.path()).expect("read dir").count(), 0);
    }

    #[test]
    fn the_command_channel_passes_the_notice_as_json_on_stdin() {
        let dir = tempfile::tempdir().expect("tempdir");
        let out = dir.path().join("notice.json");
        let out_arg = out.display().to_string();
        let sink = command("/bin/sh", &["-c", r#"cat > "$1""#, "sh", &out_arg], 5000);
        assert_eq!(sink.name(), "command:/bin/sh");
        let (id, code) = issue();
        sink.deliver(&notice(&id, &code)).expect("delivered");
        let written = std::fs::read_to_string(&out).expect("read");
        assert!(written.ends_with('\n'));
        assert_eq!(written.lines().count(), 1, "one line of JSON");
        let doc: Value = serde_json::from_str(&written).expect("json");
        assert_eq!(doc["code"], code.reveal_to_human_channel());
        assert_eq!(doc["kind"], "verification_code");
        assert_eq!(doc["id"], id.as_str());
        assert_eq!(doc["agent"], "agent-7");
    }

    #[test]
    fn a_failing_command_reports_its_status() {
        let (id, code) = issue();
        let err = command("/bin/sh", &["-c", "exit 3"], 5000)
            .deliver(&notice(&id, &code))
            .expect_err("exit 3");
        assert!(err.message.contains("exited with status 3"), "{err}");
    }

    #[test]
    fn a_command_that_prints_the_code_does_not_put_it_in_the_error() {
        let (id, code) = issue();
        let err = command("/bin/sh", &["-c", "cat >&2; exit 1"], 5000)
            .deliver(&notice(&id, &code))
            .expect_err("exit 1");
        assert!(err.message.contains("exited with status 1"), "{err}");
        assert_no_code(&err.to_string(), &code);
        assert_no_code(&format!("{err:?}"), &code);
    }

    #[test]
    fn a_slow_command_is_killed_at_its_timeout() {
        let (id, code) = issue();
        let started = Instant::now();
        let err = command("sleep", &["5"], 200)
            .deliver(&notice(&id, &code))
            .expect_err("timeout");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "took {:?}",
            started.elapsed()
        );
        assert!(err.message.contains("timed out after 200 ms"), "{err}");
    }

    #[test]
    fn a_missing_program_is_a_clear_error() {
        let (id, code) = issue();
        let err = command("/nonexistent/airlock-notify", &[], 1000)
            .deliver(&notice(&id, &code))
            .expect_err("missing");
        assert!(err.message.contains("/nonexistent/airlock-notify"), "{err}");
        assert!(err.message.contains("not found"), "{err}");
        assert!(err.message.contains("human_channels"), "{err}");
    }

    #[test]
    fn the_webhook_posts_the_json_with_the_configured_headers() {
        let (url, received) = serve_once("200 OK");
        let sink = webhook(&url, &[("authorization", "Bearer operator-secret")]);
        assert!(!sink.name().contains("secret"), "{}", sink.name());
        assert!(sink.name().ends_with("/hooks/airlock"), "{}", sink.name());
        let (id, code) = issue();
        sink.deliver(&notice(&id, &code)).expect("delivered");
        let req = received
            .recv_timeout(Duration::from_secs(5))
            .expect("request");
        assert!(
            req.request_line
                .starts_with("POST /hooks/airlock?token=secret-token "),
            "{}",
            req.request_line
        );
        assert_eq!(
            req.headers.get("content-type").map(String::as_str),
            Some("application/json")
        );
        assert_eq!(
            req.headers.get("authorization").map(String::as_str),
            Some("Bearer operator-secret")
        );
        let doc: Value = serde_json::from_str(&req.body).expect("json body");
        assert_eq!(doc["code"], code.reveal_to_human_channel());
        assert_eq!(doc["id"], id.as_str());
    }

    #[test]
    fn a_webhook_error_status_is_reported_without_the_code() {
        let (url, received) = serve_once("500 Internal Server Error");
        let sink = webhook(&url, &[("authorization", "Bearer operator-secret")]);
        let (id, code) = issue();
        let err = sink.deliver(&notice(&id, &code)).expect_err("500");
        assert!(err.message.contains("answered HTTP 500"), "{err}");
        let shown = err.to_string();
        assert_no_code(&shown, &code);
        assert!(!shown.contains("secret"), "{shown}");
        assert!(
            !shown.contains("echo"),
            "the answer body is not read: {shown}"
        );
        received
            .recv_timeout(Duration::from_secs(5))
            .expect("request");
    }

    #[test]
    fn an_unreachable_webhook_is_an_error_without_the_code() {
        let port = {
            let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
            listener.local_addr().expect("addr").port()
        };
        let sink = webhook(&format!("http://127.0.0.1:{port}/hook?token=secret"), &[]);
        let (id, code) = issue();
        let err = sink
            .deliver(&notice(&id, &code))
            .expect_err("nothing listens");
        let shown = err.to_string();
        assert!(err.message.contains("request failed"), "{shown}");
        assert_no_code(&shown, &code);
        assert!(!shown.contains("secret"), "{shown}");
    }

    #[test]
    fn a_silent_webhook_times_out() {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let url = format!("http://{}/hook", listener.local_addr().expect("addr"));
        // Accepts the connection and reads, but never answers.
        std::thread::spawn(move || {
            if let Ok((mut stream, _)) = listener.accept() {
                let mut sink = Vec::new();
                let _ = stream.read_to_end(&mut sink);
            }
        });
        let sink = build(
            &HumanChannelConfig::Webhook {
                url,
                headers: BTreeMap::new(),
                timeout_ms: 300,
            },
            Path::new("/"),
        );
        let (id, code) = issue();
        let started = Instant::now();
        let err = sink.deliver(&notice(&id, &code)).expect_err("timeout");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "took {:?}",
            started.elapsed()
        );
        assert!(err.message.contains("timed out after 300 ms"), "{err}");
        assert_no_code(&err.to_string(), &code);
    }

    #[test]
    fn deliver_all_succeeds_when_one_sink_does() {
        let (id, code) = issue();
        let sinks: Vec<Box<dyn HumanChannelSink>> =
            vec![Box::new(Fixed(false)), Box::new(Fixed(true))];
        assert_eq!(deliver_all(&sinks, &notice(&id, &code)), Ok(1));
    }

    #[test]
    fn deliver_all_returns_every_error_when_all_fail() {
        let (id, code) = issue();
        let sinks: Vec<Box<dyn HumanChannelSink>> = vec![
            Box::new(Fixed(false)),
            command("/nonexistent/airlock-notify", &[], 1000),
        ];
        let errors = deliver_all(&sinks, &notice(&id, &code)).expect_err("all fail");
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].channel, "fixed:false");
        assert_eq!(errors[1].channel, "command:/nonexistent/airlock-notify");
        for e in &errors {
            assert_no_code(&e.to_string(), &code);
        }
        assert_eq!(deliver_all(&[], &notice(&id, &code)), Err(vec![]));
    }

    #[test]
    fn nothing_but_a_delivery_shows_the_code() {
        let (id, code) = issue();
        let n = notice(&id, &code);
        let debug = format!("{n:?}");
        assert_no_code(&debug, &code);
        assert!(debug.contains("<redacted>"), "{debug}");

        let grouped = code.reveal_to_human_channel();
        let message = format!(
            "echoed {grouped} and {} and {}",
            grouped.replace('-', ""),
            grouped.to_lowercase()
        );
        let err = ChannelError::new("test".into(), &message, Some(&code));
        assert_no_code(&err.to_string(), &code);
        assert_no_code(&format!("{err:?}"), &code);
        assert_eq!(err.message.matches("[redacted]").count(), 3);
    }

    #[test]
    fn an_approval_request_has_no_code() {
        let n = OperatorNotice {
            kind: NoticeKind::ApprovalRequest,
            id: "appr-1",
            agent: "agent-7",
            reason: "deploy to production",
            action: "kubectl apply",
            instructions: "Run `airlock approve appr-1` or `airlock deny appr-1`.",
            code: None,
            expires_at: now(),
        };
        let doc = notice_json(&n);
        assert_eq!(doc["kind"], "approval_request");
        assert!(doc.get("code").is_none());
        assert_eq!(doc["expires_at"], "2026-11-25T12:00:00Z");
        let text = notice_text(&n);
        assert!(text.contains("Approval id: appr-1"), "{text}");
        assert!(!text.contains("Verification code"), "{text}");
        assert_eq!(
            serde_json::to_value(NoticeKind::VerificationCode).expect("serialize"),
            "verification_code"
        );
    }

    #[test]
    fn webhook_names_drop_credentials_and_queries() {
        assert_eq!(
            display_url("https://user:pw@hooks.example.com:8443/a/b?token=x#frag"),
            "https://hooks.example.com:8443/a/b"
        );
        assert_eq!(display_url("http://host?x=1"), "http://host");
        assert_eq!(display_url("http://host/p"), "http://host/p");
    }
}
