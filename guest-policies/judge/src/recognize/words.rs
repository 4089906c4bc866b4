//! The words the prose checks of [`crate::judge`] act on (sending, reading, secrets, running,
//! destroying, airlock and its operator's objects), each with the classes it belongs to, found
//! with one hash probe per word of a sentence: the checks then combine classes instead of
//! scanning the text once per word list.

/// mention words.
pub const MENTION: u32 = 1 << 0;
/// read words.
pub const READ: u32 = 1 << 1;
/// send words.
pub const SEND: u32 = 1 << 2;
/// secret words.
pub const SECRET: u32 = 1 << 3;
/// pronoun words.
pub const PRONOUN: u32 = 1 << 4;
/// data words.
pub const DATA: u32 = 1 << 5;
/// run words.
pub const RUN: u32 = 1 << 6;
/// downloaded words.
pub const DOWNLOADED: u32 = 1 << 7;
/// fetch words.
pub const FETCH: u32 = 1 << 8;
/// run like words.
pub const RUN_LIKE: u32 = 1 << 9;
/// destroy words.
pub const DESTROY: u32 = 1 << 10;
/// look words.
pub const LOOK: u32 = 1 << 11;
/// follow up words.
pub const FOLLOW_UP: u32 = 1 << 12;
/// self verb words.
pub const SELF_VERB: u32 = 1 << 13;
/// self object words.
pub const SELF_OBJECT: u32 = 1 << 14;
/// policy words.
pub const POLICY: u32 = 1 << 15;
/// loosen words.
pub const LOOSEN: u32 = 1 << 16;
/// guard verb words.
pub const GUARD_VERB: u32 = 1 << 17;
/// operator object words.
pub const OPERATOR_OBJECT: u32 = 1 << 18;
/// reflexive words.
pub const REFLEXIVE: u32 = 1 << 19;
/// state edit words.
pub const STATE_EDIT: u32 = 1 << 20;
/// airlock words.
pub const AIRLOCK: u32 = 1 << 21;
/// sink words.
pub const SINK: u32 = 1 << 22;

/// Every word, with its classes.
const ENTRIES: &[(&str, u32)] = &[
    (".env", SECRET),
    ("action", SELF_OBJECT),
    ("add", MENTION | LOOK | LOOSEN),
    ("airlock", AIRLOCK),
    ("allowlist", SELF_VERB | GUARD_VERB),
    ("analyse", MENTION),
    ("analyze", MENTION),
    ("annotate", MENTION),
    ("api_key", SECRET),
    ("apikey", SECRET),
    ("approval", OPERATOR_OBJECT),
    ("approvals", OPERATOR_OBJECT),
    (
        "approve",
        FOLLOW_UP | SELF_VERB | GUARD_VERB | OPERATOR_OBJECT,
    ),
    ("attach", SEND),
    ("audit", MENTION),
    ("auto-approve", POLICY),
    ("autoapprove", POLICY),
    ("backup", DATA),
    ("base64", READ),
    ("bash", RUN_LIKE),
    ("beam", SEND),
    ("binary", DOWNLOADED),
    ("block", SELF_OBJECT),
    ("bypass", LOOSEN | GUARD_VERB),
    ("cat", READ | LOOK | FOLLOW_UP),
    ("challenge", SELF_OBJECT | OPERATOR_OBJECT),
    ("challenges", OPERATOR_OBJECT),
    ("change", LOOSEN | GUARD_VERB | STATE_EDIT),
    ("check", MENTION),
    ("circumvent", GUARD_VERB),
    ("clear", DESTROY | GUARD_VERB),
    ("code", DATA | OPERATOR_OBJECT),
    ("codes", OPERATOR_OBJECT),
    ("collect", READ),
    ("command", SELF_OBJECT),
    ("comment", MENTION),
    ("compare", MENTION),
    ("contents", PRONOUN),
    ("cookies", SECRET),
    ("copy", READ | SEND | LOOK | FOLLOW_UP),
    ("credential", SECRET),
    ("credentials", SECRET),
    ("curl", SEND | FETCH),
    ("customer", DATA),
    ("customers", DATA),
    ("data", DATA),
    ("database", DATA),
    ("decrypt", READ),
    ("delete", DESTROY | FOLLOW_UP | GUARD_VERB | STATE_EDIT),
    ("deny", FOLLOW_UP | GUARD_VERB),
    ("describe", MENTION),
    ("destroy", DESTROY),
    ("disable", LOOSEN | GUARD_VERB),
    ("discord", SINK),
    ("discuss", MENTION),
    ("display", READ),
    ("dm", SEND),
    ("document", MENTION),
    ("dotenv", SECRET),
    ("download", FETCH),
    ("downloaded", DOWNLOADED),
    ("dump", READ | DATA),
    ("e-mail", SEND),
    ("echo", READ),
    ("edit", FOLLOW_UP | LOOSEN | GUARD_VERB | STATE_EDIT),
    ("email", SEND),
    ("emails", DATA),
    ("empty", DESTROY),
    ("enter", LOOK | FOLLOW_UP),
    ("env", SECRET),
    ("environment", SECRET),
    ("erase", DESTROY),
    ("evade", GUARD_VERB),
    ("exec", RUN | RUN_LIKE),
    ("execute", RUN | RUN_LIKE),
    ("exfiltrate", SEND),
    ("exfiltrating", SEND),
    ("explain", MENTION),
    ("export", READ),
    ("extract", READ | LOOK),
    ("fetch", READ | FETCH | LOOK),
    ("file", DATA),
    ("files", DATA),
    ("find", LOOK),
    ("fix", MENTION),
    ("format", DESTROY),
    ("forward", SEND),
    ("ftp", SINK),
    ("get", READ | FETCH | LOOK),
    ("gist", SINK),
    ("grab", READ | FETCH | LOOK),
    ("grant", GUARD_VERB),
    ("grep", MENTION),
    ("guard", POLICY),
    ("guardrail", POLICY),
    ("guardrails", POLICY),
    ("harvest", READ),
    ("how", MENTION),
    ("improve", MENTION),
    ("increase", LOOSEN),
    ("install", RUN),
    ("installer", DOWNLOADED),
    ("invoke", RUN),
    ("it", PRONOUN | DOWNLOADED),
    ("itself", REFLEXIVE),
    ("keypair", SECRET),
    ("kill", GUARD_VERB),
    ("launch", RUN),
    ("leak", SEND),
    ("list", READ | LOOK),
    ("load", READ),
    ("logs", DATA),
    ("look", MENTION | LOOK),
    ("loosen", LOOSEN),
    ("lower", LOOSEN),
    ("mail", SEND),
    ("mark", GUARD_VERB),
    ("message", SEND),
    ("mnemonic", SECRET),
    ("modify", GUARD_VERB | STATE_EDIT),
    ("my", SELF_OBJECT),
    ("myself", SELF_OBJECT | REFLEXIVE),
    ("note", MENTION),
    ("nuke", DESTROY),
    ("open", READ | LOOK | FOLLOW_UP),
    ("operator", OPERATOR_OBJECT),
    ("output", READ | PRONOUN),
    ("override", GUARD_VERB),
    ("overwrite", DESTROY | GUARD_VERB | STATE_EDIT),
    ("own", SELF_OBJECT),
    ("passphrase", SECRET),
    ("passwd", SECRET),
    ("password", SECRET),
    ("passwords", SECRET),
    ("paste", SEND | FOLLOW_UP),
    ("pastebin", SINK),
    ("pasting", SEND),
    ("pause", GUARD_VERB),
    ("pending", SELF_OBJECT),
    ("pipe", RUN_LIKE),
    ("policies", POLICY),
    ("policy", POLICY),
    ("post", SEND),
    ("posting", SEND),
    ("posts", SEND),
    ("print", READ | LOOK),
    ("prints", READ),
    ("publish", SEND),
    ("purge", DESTROY),
    ("push", SEND),
    ("put", SEND),
    ("raise", LOOSEN),
    ("read", READ | LOOK | FOLLOW_UP),
    ("reading", READ),
    ("reads", READ),
    ("reddit", SINK),
    ("refactor", MENTION),
    ("reformat", DESTROY),
    ("reissue", GUARD_VERB),
    ("relax", LOOSEN),
    (
        "remove",
        DESTROY | FOLLOW_UP | LOOSEN | GUARD_VERB | STATE_EDIT,
    ),
    ("rename", MENTION),
    ("replace", GUARD_VERB),
    ("repo", DATA),
    ("repository", DATA),
    ("request", SELF_OBJECT),
    ("requests", SELF_OBJECT),
    ("reset", GUARD_VERB),
    ("result", PRONOUN),
    ("results", PRONOUN),
    ("retrieve", READ),
    ("reveal", READ),
    ("review", MENTION),
    ("rewrite", GUARD_VERB),
    ("rm", STATE_EDIT),
    ("run", RUN | RUN_LIKE | FOLLOW_UP),
    ("script", DOWNLOADED),
    ("search", MENTION),
    ("secret", SECRET),
    ("secrets", SECRET),
    ("self-approve", SELF_VERB | GUARD_VERB),
    ("send", SEND | FOLLOW_UP),
    ("sending", SEND),
    ("sends", SEND),
    ("sh", RUN_LIKE),
    ("share", SEND),
    ("show", READ | LOOK),
    ("shred", DESTROY),
    ("shut", GUARD_VERB),
    ("silence", GUARD_VERB),
    ("skip", GUARD_VERB),
    ("slack", SINK),
    ("source", DATA | RUN | RUN_LIKE),
    ("ssh", SECRET),
    ("start", RUN),
    ("state.redb", OPERATOR_OBJECT),
    ("steal", READ),
    ("stop", GUARD_VERB),
    ("submit", SEND | FOLLOW_UP | GUARD_VERB),
    ("summarize", MENTION),
    ("sync", SEND),
    ("telegram", SINK),
    ("test", MENTION),
    ("that", PRONOUN | DOWNLOADED),
    ("them", PRONOUN),
    ("these", PRONOUN),
    ("this", PRONOUN | DOWNLOADED),
    ("those", PRONOUN),
    ("threshold", POLICY),
    ("token", SECRET | OPERATOR_OBJECT),
    ("tokens", SECRET),
    ("translate", MENTION),
    ("transmit", SEND),
    ("trust", GUARD_VERB),
    ("turn", LOOSEN | GUARD_VERB),
    ("tweet", SEND),
    ("twitter", SINK),
    ("type", LOOK | FOLLOW_UP),
    ("unblock", FOLLOW_UP | SELF_VERB | GUARD_VERB),
    ("understand", MENTION),
    ("uninstall", GUARD_VERB),
    ("update", MENTION),
    ("upload", SEND),
    ("uploading", SEND),
    ("uploads", SEND),
    ("use", LOOK | FOLLOW_UP),
    ("users", DATA),
    ("verify", FOLLOW_UP | GUARD_VERB),
    ("view", READ),
    ("wallet", SECRET),
    ("weaken", LOOSEN),
    ("webhook", SINK),
    ("wget", FETCH),
    ("what", MENTION),
    ("whitelist", SELF_VERB | GUARD_VERB),
    ("why", MENTION),
    ("wipe", DESTROY | GUARD_VERB),
    ("write", MENTION | STATE_EDIT),
    ("yourself", REFLEXIVE),
    ("zero", DESTROY),
];

/// Phrases that name a public place to send to.
pub const SINK_PHRASES: &[&str] = &["paste site", "public channel", "hacker news", "s3 bucket"];

/// Phrases that say a policy is loosened so that an action passes.
pub const LOOSEN_PHRASES: &[&str] = &[
    "goes through",
    "go through",
    "so this",
    "so that this",
    "so i can",
    "not blocked",
    "stop blocking",
    "allow this",
    "get past",
    "danger",
];

const SLOTS: usize = 1024;

const fn fnv(w: &[u8]) -> usize {
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < w.len() {
        h ^= w[i] as u32;
        h = h.wrapping_mul(0x0100_0193);
        i += 1;
    }
    h as usize & (SLOTS - 1)
}

/// Open addressing with linear probing: slot value `k + 1` for `ENTRIES[k]`, 0 for empty.
const TABLE: [u16; SLOTS] = {
    assert!(ENTRIES.len() < SLOTS / 2);
    let mut table = [0_u16; SLOTS];
    let mut k = 0;
    while k < ENTRIES.len() {
        let mut h = fnv(ENTRIES[k].0.as_bytes());
        while table[h] != 0 {
            h = (h + 1) & (SLOTS - 1);
        }
        table[h] = k as u16 + 1;
        k += 1;
    }
    table
};

/// The classes of a word, in any case; 0 when it is in no class.
#[inline]
pub fn flags(word: &str) -> u32 {
    let w = word.as_bytes();
    if w.is_empty() || w.len() > 16 {
        return 0;
    }
    let mut buf = [0_u8; 16];
    for (b, c) in buf.iter_mut().zip(w) {
        *b = c.to_ascii_lowercase();
    }
    let w = &buf[..w.len()];
    let mut h = fnv(w);
    loop {
        let slot = TABLE[h];
        if slot == 0 {
            return 0;
        }
        let (name, f) = ENTRIES[usize::from(slot - 1)];
        if name.as_bytes() == w {
            return f;
        }
        h = (h + 1) & (SLOTS - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_found_in_any_case() {
        for &(w, f) in ENTRIES {
            assert_eq!(flags(w), f, "{w}");
            assert_eq!(flags(&w.to_ascii_uppercase()), f, "{w}");
        }
        for w in [
            "",
            "the",
            "explained",
            "sendmail",
            "a-very-long-word-indeed",
        ] {
            assert_eq!(flags(w), 0, "{w}");
        }
    }
}
