//! The command ssh runs on the other host, read as ssh reads its own command line.
//!
//! OpenSSH takes options before and after the destination and stops at the first word after
//! the destination that is not an option: every word from there on is the remote command,
//! joined with spaces and handed to the remote user's shell. Reading the operands with ssh's
//! options filtered out (as readers once did) dropped the remote command's own options too:
//! `ssh web1 rm -rf /var/lib/mysql` became `rm /var/lib/mysql`, which deletes nothing
//! recursively, and was allowed. One reading here, for every reader that asks.

use super::Cmd;

/// ssh's options that take a value (`ssh(1)`): the value is the rest of the cluster or the
/// next word.
const VALUED: &[u8] = b"BbcDEeFIiJLlmOoPpQRSWw";

/// The destination and the remote command's words, when `cmd` is an ssh command line:
/// `(host, words)`, the words empty when no remote command is given (a login shell).
pub fn ssh_command<'c>(cmd: &Cmd<'c>) -> Option<(&'c str, Vec<&'c str>)> {
    let mut host = None;
    let mut args = cmd.args.iter().map(|a| &**a).peekable();
    while let Some(a) = args.next() {
        if a == "--" {
            if host.is_none() {
                host = args.next();
            }
            break;
        }
        if let Some(cluster) = a.strip_prefix('-').filter(|c| !c.is_empty()) {
            // A cluster of flags, at most one of them valued: its value is what follows the
            // letter, or the next word.
            if let Some(at) = cluster.bytes().position(|b| VALUED.contains(&b))
                && at + 1 == cluster.len()
            {
                args.next();
            }
            continue;
        }
        if host.is_none() {
            host = Some(a);
            continue;
        }
        // The first word after the destination that is no option starts the remote command.
        let mut words = vec![a];
        words.extend(args);
        return host.map(|h| (h, words));
    }
    host.map(|h| (h, args.collect()))
}

/// The remote command as the remote shell receives it: the words joined with spaces, or
/// `None` when ssh opens a login shell.
pub fn ssh_remote_line(cmd: &Cmd<'_>) -> Option<String> {
    let (_, words) = ssh_command(cmd)?;
    (!words.is_empty()).then(|| words.join(" "))
}
