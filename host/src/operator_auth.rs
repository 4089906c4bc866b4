//! Who is asking for an operator action, and the credential they present.
//!
//! The person's OS identity is never taken from what the client says (`$USER` is the agent's to
//! set): on `operator.sock` it is the peer's uid from the kernel (`SO_PEERCRED`), and when the
//! command opens the state file itself it is this process's real uid.
//!
//! The passphrase is read only from the terminal (`/dev/tty`, without echo): never from an
//! argument (visible in `ps` and shell history), an environment variable or standard input
//! (both of which an agent that runs the command can fill). A token is read from a file the
//! operator names with `--token-file`, which must not be readable by other users.

use std::path::Path;

use nix::unistd::{Uid, User};

/// Where an operator request came from.
#[derive(Debug, Clone)]
pub struct Caller {
    /// `alice (uid 1000)`: for the audit log.
    pub user: String,
    /// Which way it came.
    pub via: Via,
}

/// The ways an operator request arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// `operator.sock`, from another process.
    Socket,
    /// The operator command in this process, on the state file it opened itself.
    Cli,
    /// The gateway in this process, relaying the answer its own MCP client's user gave to an
    /// elicitation it asked: the only way an `"channel": "elicitation"` decision needs no
    /// operator credential.
    Gateway,
}

impl Caller {
    /// This process, as the user it runs as.
    pub fn this_process(via: Via) -> Self {
        Self {
            user: describe_uid(nix::unistd::getuid().as_raw()),
            via,
        }
    }

    /// The process on the other end of a unix socket.
    pub fn peer(stream: &std::os::unix::net::UnixStream) -> Self {
        use nix::sys::socket::{getsockopt, sockopt::PeerCredentials};
        let user = match getsockopt(stream, PeerCredentials) {
            Ok(cred) => describe_uid(cred.uid()),
            // Linux always answers; should it not, the entry says so rather than guess.
            Err(_) => "unknown peer".to_owned(),
        };
        Self {
            user,
            via: Via::Socket,
        }
    }
}

/// `alice (uid 1000)`, or `uid 1000` when the user database has no name for it.
pub fn describe_uid(uid: u32) -> String {
    match User::from_uid(Uid::from_raw(uid)) {
        Ok(Some(user)) => format!("{} (uid {uid})", user.name),
        _ => format!("uid {uid}"),
    }
}

/// Asks for the passphrase on the terminal, without echo.
pub fn ask_passphrase(prompt: &str) -> Result<String, String> {
    let answer = rpassword::prompt_password(prompt).map_err(|e| {
        format!(
            "cannot read the operator passphrase from the terminal ({e}): run this command in a \
             terminal. The passphrase is never read from arguments, the environment or a pipe, \
             so that a program running as you cannot supply it; a script can use an operator \
             token instead (--token-file)"
        )
    })?;
    if answer.is_empty() {
        return Err("no passphrase given: nothing was done".to_owned());
    }
    Ok(answer)
}

/// Asks for a new passphrase twice.
pub fn ask_new_passphrase() -> Result<String, String> {
    let first = ask_passphrase("new operator passphrase: ")?;
    let second = ask_passphrase("the same passphrase again: ")?;
    if first != second {
        return Err("the two passphrases differ: nothing was changed".to_owned());
    }
    Ok(first)
}

/// Reads an operator token from `path`, which only its owner may read.
pub fn read_token_file(path: &Path) -> Result<String, String> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path)
        .map_err(|e| format!("cannot read the token file '{}': {e}", path.display()))?;
    if meta.mode() & 0o077 != 0 {
        return Err(format!(
            "the token file '{}' can be read by other users (mode {:o}): chmod 600 it",
            path.display(),
            meta.mode() & 0o777
        ));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the token file '{}': {e}", path.display()))?;
    let token = text.trim();
    if token.is_empty() {
        return Err(format!("the token file '{}' is empty", path.display()));
    }
    Ok(token.to_owned())
}

/// Writes a new token to `path`: created (never overwritten) with mode 0600.
pub fn write_token_file(path: &Path, token: &str) -> Result<(), String> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| format!("cannot create the token file '{}': {e}", path.display()))?;
    writeln!(file, "{token}")
        .and_then(|()| file.sync_all())
        .map_err(|e| format!("cannot write the token file '{}': {e}", path.display()))
}
