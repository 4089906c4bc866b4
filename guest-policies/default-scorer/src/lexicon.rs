//! The words the detectors look for, found with one hash-table probe per word: most words of
//! ordinary prose are in no detector's list, and one probe (usually of an empty slot) tells so,
//! instead of every detector comparing every word with each of its own words.
//!
//! The table is built at compile time. It only prefilters: a detector whose words do not occur
//! is skipped, and one whose words do runs exactly as it would without the table.

#![forbid(unsafe_code)]

/// What a shell-ish word names as a command ([`Lexicon::kind`] of its last path component): the
/// commands [`shell`](crate::signals::shell) and the exfiltration check act on. `0`: none of them.
pub type Kind = u8;

/// `rm`.
pub const RM: Kind = 1;
/// `git`.
pub const GIT: Kind = 2;
/// `push`.
pub const PUSH: Kind = 3;
/// `chmod`.
pub const CHMOD: Kind = 4;
/// `dd`.
pub const DD: Kind = 5;
/// `find`.
pub const FIND: Kind = 6;
/// `mkfs` and `mkfs.<type>` (the latter found by prefix, see [`command_kind`]).
pub const MKFS: Kind = 7;
/// `shutdown`, `reboot`, `poweroff`.
pub const SHUTDOWN: Kind = 8;
/// `halt`.
pub const HALT: Kind = 9;
/// `curl`.
pub const CURL: Kind = 10;
/// `wget`.
pub const WGET: Kind = 11;
/// `scp`, `rsync`, `sftp`.
pub const REMOTE_COPY: Kind = 12;
/// `ftp`, `nc`, `ncat`, `netcat`.
pub const NETWORK: Kind = 13;

/// The kinds [`shell`](crate::signals::shell) acts on, as a set (bit k for kind k).
pub const SHELL_KINDS: u32 = bits(&[
    RM, GIT, PUSH, CHMOD, DD, FIND, MKFS, SHUTDOWN, HALT, CURL, WGET,
]);
/// The kinds that make the exfiltration check see something sent, as a set.
pub const SEND_KINDS: u32 = bits(&[CURL, WGET, REMOTE_COPY, NETWORK]);

const fn bits(kinds: &[Kind]) -> u32 {
    let mut set = 0;
    let mut i = 0;
    while i < kinds.len() {
        set |= 1 << kinds[i];
        i += 1;
    }
    set
}

/// Flags of alphanumeric words ([`word_flags`]), for the word detectors.
/// `prod`, `production`.
pub const PROD: u32 = 1 << 0;
/// `all`, `every`, `entire`, `everything`, `everyone`, `whole`.
pub const BULK: u32 = 1 << 1;
/// The secret keywords, and `api` (of `api key`).
pub const SECRET: u32 = 1 << 2;
/// The send words of the exfiltration check.
pub const SEND: u32 = 1 << 3;
/// `force`, or a word starting with `forcepush`.
pub const FORCE: u32 = 1 << 4;

/// Every word of the table: a command kind, word flags, or both.
const ENTRIES: [(&str, Kind, u32); 61] = [
    // Commands.
    ("rm", RM, 0),
    ("git", GIT, 0),
    ("push", PUSH, 0),
    ("chmod", CHMOD, 0),
    ("dd", DD, 0),
    ("find", FIND, 0),
    ("mkfs", MKFS, 0),
    ("shutdown", SHUTDOWN, 0),
    ("reboot", SHUTDOWN, 0),
    ("poweroff", SHUTDOWN, 0),
    ("halt", HALT, 0),
    ("curl", CURL, 0),
    ("wget", WGET, 0),
    ("scp", REMOTE_COPY, 0),
    ("rsync", REMOTE_COPY, 0),
    ("sftp", REMOTE_COPY, 0),
    ("ftp", NETWORK, 0),
    ("nc", NETWORK, 0),
    ("ncat", NETWORK, 0),
    ("netcat", NETWORK, 0),
    // `production`.
    ("prod", 0, PROD),
    ("production", 0, PROD),
    // `bulk`.
    ("all", 0, BULK),
    ("every", 0, BULK),
    ("entire", 0, BULK),
    ("everything", 0, BULK),
    ("everyone", 0, BULK),
    ("whole", 0, BULK),
    // `secrets`.
    ("password", 0, SECRET),
    ("passwords", 0, SECRET),
    ("passwd", 0, SECRET),
    ("passphrase", 0, SECRET),
    ("secret", 0, SECRET),
    ("secrets", 0, SECRET),
    ("token", 0, SECRET),
    ("tokens", 0, SECRET),
    ("credential", 0, SECRET),
    ("credentials", 0, SECRET),
    ("apikey", 0, SECRET),
    ("apikeys", 0, SECRET),
    ("api", 0, SECRET),
    // `exfiltration`'s send words.
    ("upload", 0, SEND),
    ("uploads", 0, SEND),
    ("uploaded", 0, SEND),
    ("uploading", 0, SEND),
    ("send", 0, SEND),
    ("sends", 0, SEND),
    ("sending", 0, SEND),
    ("post", 0, SEND),
    ("posts", 0, SEND),
    ("posting", 0, SEND),
    ("exfiltrate", 0, SEND),
    ("exfiltrating", 0, SEND),
    ("transfer", 0, SEND),
    ("transfers", 0, SEND),
    ("transferring", 0, SEND),
    ("email", 0, SEND),
    ("mail", 0, SEND),
    ("paste", 0, SEND),
    ("leak", 0, SEND),
    // `force_push_in_words` (with the `forcepush` prefix, see `word_flags`).
    ("force", 0, FORCE),
];

/// Slots of the hash table: a power of two, about four times the entries, so that most probes
/// of a word not in the table find an empty slot at once.
const SLOTS: usize = 256;

/// The slot a word's probe starts at: from its length and its first and last bytes, which tell
/// the table's words apart well enough (collisions only cost a second probe).
const fn hash(len: usize, first: u8, last: u8) -> usize {
    (len.wrapping_mul(37) ^ (first as usize).wrapping_mul(7) ^ (last as usize).wrapping_mul(13))
        & (SLOTS - 1)
}

/// Open addressing with linear probing: slot value `k + 1` for `ENTRIES[k]`, 0 for empty.
const TABLE: [u8; SLOTS] = {
    assert!(ENTRIES.len() < SLOTS / 2 && ENTRIES.len() < 255);
    let mut table = [0_u8; SLOTS];
    let mut k = 0;
    while k < ENTRIES.len() {
        let w = ENTRIES[k].0.as_bytes();
        let mut h = hash(w.len(), w[0], w[w.len() - 1]);
        while table[h] != 0 {
            h = (h + 1) & (SLOTS - 1);
        }
        table[h] = k as u8 + 1;
        k += 1;
    }
    table
};

/// The table's entry for `w`, if it holds `w`.
#[inline]
fn entry(w: &[u8]) -> Option<&'static (&'static str, Kind, u32)> {
    let (&first, &last) = (w.first()?, w.last()?);
    let mut h = hash(w.len(), first, last);
    loop {
        let slot = TABLE[h];
        if slot == 0 {
            return None;
        }
        let e = &ENTRIES[usize::from(slot - 1)];
        if e.0.as_bytes() == w {
            return Some(e);
        }
        h = (h + 1) & (SLOTS - 1);
    }
}

/// The command kind of a command name (already lowercased, path removed): what the shell and
/// exfiltration checks match it against.
#[inline]
pub fn command_kind(command: &str) -> Kind {
    match entry(command.as_bytes()) {
        Some(&(_, kind, _)) => kind,
        // `mkfs.ext4` and the like.
        None if command.starts_with("mkfs.") => MKFS,
        None => 0,
    }
}

/// The word flags of a lowercased alphanumeric word.
#[inline]
pub fn word_flags(word: &str) -> u32 {
    match entry(word.as_bytes()) {
        Some(&(_, _, flags)) => flags,
        // "forcepush", "forcepushed", ...
        None if word.starts_with("forcepush") => FORCE,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_found_and_nothing_else() {
        for (w, kind, flags) in ENTRIES {
            assert_eq!(command_kind(w), kind, "{w}");
            assert_eq!(word_flags(w), flags, "{w}");
        }
        for w in [
            "",
            "r",
            "rmdir",
            "gits",
            "the",
            "prods",
            "mkfs.ext4",
            "forcepushed",
        ] {
            assert_eq!(command_kind(w), u8::from(w == "mkfs.ext4") * MKFS, "{w}");
        }
        assert_eq!(word_flags("forcepushed"), FORCE);
        assert_eq!(word_flags("forced"), 0);
        assert_eq!(word_flags("passwordless"), 0);
    }

    /// The table only prefilters: a word a detector looks for but the table lacks would never
    /// be looked at. The detectors' lists must be in it with their flags.
    #[test]
    fn the_detectors_words_are_in_the_lexicon() {
        use crate::signals::{BULK as BULK_WORDS, SEND_WORDS};
        for w in BULK_WORDS {
            assert_ne!(word_flags(w) & BULK, 0, "{w}");
        }
        for w in SEND_WORDS {
            assert_ne!(word_flags(w) & SEND, 0, "{w}");
        }
        // The secret keywords of `signals::secrets` (a match there), and `api` of `api key`.
        for w in [
            "password",
            "passwords",
            "passwd",
            "passphrase",
            "secret",
            "secrets",
            "token",
            "tokens",
            "credential",
            "credentials",
            "apikey",
            "apikeys",
            "api",
        ] {
            assert_ne!(word_flags(w) & SECRET, 0, "{w}");
        }
        for w in ["prod", "production"] {
            assert_ne!(word_flags(w) & PROD, 0, "{w}");
        }
    }
}
