//! The words of services' text protocols typed into a raw socket (`echo srvr | nc zk 2181`,
//! `printf 'INFO\r\n' | socat - TCP:redis:6379`, `printf 'HEAD / HTTP/1.1\r\n...' | nc web 80`).
//!
//! What such a line sends is a command of the protocol the port speaks, not data: a status
//! word reads, a flush empties, a shutdown stops. One table holds the words from the
//! protocols' own references (ZooKeeper's four-letter words, memcached's and Redis's inline
//! commands, SMTP, POP3, FTP, HTTP request lines, beanstalkd, clamd, the HAProxy and Varnish
//! admin sockets, Tor's control port, collectd's and Zabbix's agents), each word a read or an
//! act with its grade. The reading is one-sided: a text is a read only when EVERY line's
//! command is a known read; one unknown line makes the whole text data sent (today's grade),
//! and one act line names that act whatever the other lines read.

use crate::finding::Severity;

/// An act a protocol word does to the service it reaches.
pub struct Act {
    /// How much a person must see it first.
    pub severity: Severity,
    /// The command as typed (`FLUSHALL`, `SHUTDOWN`).
    pub word: String,
    /// The finding's rule.
    pub rule: &'static str,
    /// What the act does, in a user's words.
    pub why: &'static str,
}

/// Commands that only report: status and statistics words, reads of one key, greetings,
/// capability questions, the end of a session. Two-word commands whose second word decides
/// (`CLIENT LIST` vs `CLIENT KILL`, `CONFIG GET` vs `CONFIG SET`, HAProxy's `show ...`) are in
/// [`READ_PAIRS`].
const READS: &[&str] = &[
    // ZooKeeper's four-letter words (zookeeperAdmin: status, config, connections, watches).
    "ruok",
    "srvr",
    "stat",
    "mntr",
    "conf",
    "cons",
    "envi",
    "wchs",
    "wchc",
    "wchp",
    "dump",
    "isro",
    "dirs",
    "gtmk",
    "hash",
    // memcached
    "stats",
    "get",
    "gets",
    "version",
    "quit",
    "mg",
    "me",
    "mn",
    // Redis inline reads
    "info",
    "ping",
    "exists",
    "ttl",
    "pttl",
    "type",
    "dbsize",
    "scan",
    "keys",
    "mget",
    "hget",
    "hgetall",
    "hkeys",
    "hlen",
    "llen",
    "lrange",
    "smembers",
    "scard",
    "zrange",
    "zcard",
    "strlen",
    "xlen",
    "xinfo",
    "role",
    "lastsave",
    "time",
    "echo",
    // SMTP (RFC 5321)
    "ehlo",
    "helo",
    "noop",
    "rset",
    "help",
    "vrfy",
    // POP3 (RFC 1939) and FTP (RFC 959)
    "capa",
    "uidl",
    "syst",
    "feat",
    "pwd",
    // HTTP request lines and an empty header end
    "head",
    "options",
    // beanstalkd
    "list-tubes",
    "list-tube-used",
    "stats-tube",
    "stats-job",
    "peek",
    "peek-ready",
    "peek-delayed",
    "peek-buried",
    // clamd
    "nping",
    "zping",
    "nversion",
    "zversion",
    "nstats",
    "zstats",
    "versioncommands",
    // Varnish's CLI
    "banner",
    "status",
    "backend.list",
    "vcl.list",
    "param.show",
    "panic.show",
    "storage.list",
    // Tor's control port
    "getinfo",
    "getconf",
    "protocolinfo",
    // collectd's unixsock, Zabbix's passive checks
    "listval",
    "getval",
    "agent.ping",
    "agent.version",
    "agent.hostname",
    "system.uptime",
    // Gearman's admin words
    "workers",
];

/// Two-word commands that read (the first word alone decides nothing).
const READ_PAIRS: &[(&str, &[&str])] = &[
    ("client", &["list", "info", "getname", "id"]),
    ("config", &["get"]),
    ("cluster", &["info", "nodes", "slots", "shards", "myid"]),
    ("memory", &["stats", "usage", "doctor"]),
    ("slowlog", &["get", "len"]),
    ("latency", &["latest", "history", "doctor"]),
    ("command", &["count", "info", "docs"]),
    ("pubsub", &["channels", "numsub", "numpat"]),
    // The HAProxy runtime API's reads.
    ("show", &[]),
];

/// Commands that change or stop the service, with their grade.
const ACTS: &[(&str, Severity, &str, &str)] = &[
    (
        "flush_all",
        Severity::Stop,
        "database.flush",
        "the cache or store it reaches is emptied",
    ),
    (
        "flushall",
        Severity::Stop,
        "database.flush",
        "the cache or store it reaches is emptied",
    ),
    (
        "flushdb",
        Severity::Stop,
        "database.flush",
        "the cache or store it reaches is emptied",
    ),
    (
        "shutdown",
        Severity::Verify,
        "database.shutdown",
        "the service it reaches stops",
    ),
    (
        "kill",
        Severity::Verify,
        "database.shutdown",
        "the server it reaches is shut down",
    ),
    (
        "replicaof",
        Severity::Verify,
        "database.replication",
        "the store becomes a replica and drops its own data",
    ),
    (
        "slaveof",
        Severity::Verify,
        "database.replication",
        "the store becomes a replica and drops its own data",
    ),
    (
        "debug",
        Severity::Verify,
        "database.shutdown",
        "a debugging command can crash or stall the server",
    ),
    (
        "system.run",
        Severity::Verify,
        "remote-code.agent-run",
        "the monitoring agent runs a command on its host",
    ),
];

/// The protocol commands of `text` (what `echo`/`printf` feeds a raw socket, escapes as
/// typed): Some(None) when every line is a read, Some(Some(act)) when a line is an act, None
/// when a line is neither (then the text is data sent).
pub fn command(text: &str) -> Option<Option<Act>> {
    // A substitution or a variable is text nobody can read here (`printf "srvr $(cat key)"`):
    // whatever it expands to is sent, so it is data, never a status word (fail safe).
    if text.contains(['$', '`']) {
        return None;
    }
    let text = text.replace("\\r", "\n").replace("\\n", "\n");
    let mut any = false;
    for line in text.split(['\n', '\r', ';']) {
        let mut parts = line.split_whitespace();
        let Some(first) = parts.next() else {
            continue;
        };
        let word = first.trim_matches(['"', '\'']).to_ascii_lowercase();
        // `system.run[...]`: a Zabbix key with its parameters.
        let key = word.split('[').next().unwrap_or(&word);
        if let Some(&(_, severity, rule, why)) = ACTS.iter().find(|(w, ..)| *w == key) {
            return Some(Some(Act {
                severity,
                word: first.trim_matches(['"', '\'']).to_owned(),
                rule,
                why,
            }));
        }
        let second = parts
            .next()
            .map(|w| w.trim_matches(['"', '\'']).to_ascii_lowercase());
        let read = READS.contains(&key)
            || READ_PAIRS.iter().any(|(w, seconds)| {
                *w == key
                    && second
                        .as_deref()
                        .is_some_and(|s| seconds.is_empty() || seconds.contains(&s))
            })
            // An HTTP header line of a request typed by hand (`Host: x`, `Connection: close`).
            || word.ends_with(':') && word.len() > 1 && any;
        if !read {
            return None;
        }
        any = true;
    }
    any.then_some(None)
}
