//! HTTP API calls read as verb x object x scope: `curl`, `wget`, HTTPie (`http`, `https`),
//! `xh`, and PowerShell's `Invoke-RestMethod` / `Invoke-WebRequest` (and their aliases).
//!
//! # Why a reader of its own
//!
//! A request's action is not in the program's words but in its method and its URL: `curl -X
//! DELETE http://es-prod:9200/logs-*` deletes every log index of a production cluster, `curl -X
//! POST .../_search` reads. So the request is taken apart the way each client builds it (curl's
//! `-X`/`--request` and the POST that `-d`/`--json`/`-F` imply, wget's `--method` and
//! `--post-data`, HTTPie's positional method and its data items, PowerShell's `-Method`), and
//! then read once, for every client alike:
//!
//! - **the verb**: `DELETE` destroys; a read method (`GET`, `HEAD`, `OPTIONS`) changes nothing
//!   (RFC 9110's safe methods); for `POST`/`PUT`/`PATCH` the path's action word, split like the
//!   generic reader splits a command path (`_delete_by_query`, `delete_series`, `purge`,
//!   `wipe`, `instances/x:reset`), or a command key of the body (`{"delete": ...}`,
//!   `<delete>`: Elasticsearch's `_bulk`, Solr's update handler); a read word in the path
//!   (`_search`, `_count`, `query`) ends the reading;
//! - **the object**: the path's nouns, the last collection named being the kind (`/v1/users/42`
//!   is a user); a data store's API (known by its port or its path: Elasticsearch/OpenSearch,
//!   CouchDB, Solr, ClickHouse, Prometheus, Consul, Vault, RabbitMQ, InfluxDB) makes a
//!   top-level resource a whole data store (an index, a database) and names the store when the
//!   path names nothing else;
//! - **the scope**: the host's words (`es-prod`, `api.prod.`, `staging`), and bulk for a `*`,
//!   a comma list or `_all` in the path, a recursive or prefix query (`?recurse`), a matcher
//!   that matches everything (`=~".+"`), `match_all` or `*:*` in the body.
//!
//! The reading is graded by the plain-language ladder ([`crate::prose::grade_command`]), like
//! the generic reader's: one ladder for words, commands and requests. SQL sent over HTTP
//! (ClickHouse's `?query=DROP TABLE ...`, a body that is a statement) is judged as SQL, whatever
//! the host, as `psql -h` would be. A loopback host (`localhost`, `127.0.0.1`, `::1`) is the
//! developer's own service (the label table's "local API calls"): its requests are not graded.
//!
//! Speed: only the fetchers reach it; the request is found in one pass over the arguments and
//! the URL is split without allocating except for percent-decoding.

use std::borrow::Cow;

use crate::finding::{Family, Finding, Severity};
use crate::prose::lexicon::{self, Verb, flag, obj};
use crate::prose::{CommandAction, grade_command};

use super::generic::{self, Role};
use super::{Cmd, finding};

/// A request as the client builds it.
#[derive(Debug, Default)]
struct Request<'c> {
    /// The method as written (`DELETE`, `delete`, `Delete`), or the one the options imply.
    method: Cow<'c, str>,
    /// The URL as written.
    url: &'c str,
    /// Inline bodies (`-d '...'`, HTTPie data items, `-Body`); `@file` bodies are not read.
    bodies: Vec<&'c str>,
    /// HTTPie's `:9200/x` is localhost.
    httpie: bool,
}

/// curl's long options that take a value (from curl(1)); the others are switches.
const CURL_LONG_VALUES: &[&str] = &[
    "abstract-unix-socket",
    "aws-sigv4",
    "cacert",
    "capath",
    "cert",
    "cert-type",
    "ciphers",
    "config",
    "connect-timeout",
    "connect-to",
    "continue-at",
    "cookie",
    "cookie-jar",
    "create-file-mode",
    "data",
    "data-ascii",
    "data-binary",
    "data-raw",
    "data-urlencode",
    "dns-servers",
    "dump-header",
    "expect100-timeout",
    "form",
    "form-string",
    "ftp-port",
    "header",
    "interface",
    "json",
    "keepalive-time",
    "key",
    "key-type",
    "limit-rate",
    "local-port",
    "mail-from",
    "mail-rcpt",
    "max-filesize",
    "max-redirs",
    "max-time",
    "netrc-file",
    "oauth2-bearer",
    "output",
    "output-dir",
    "pass",
    "pinnedpubkey",
    "proto",
    "proto-redir",
    "proxy",
    "proxy-user",
    "quote",
    "range",
    "referer",
    "request",
    "request-target",
    "resolve",
    "retry",
    "retry-delay",
    "retry-max-time",
    "speed-limit",
    "speed-time",
    "stderr",
    "telnet-option",
    "time-cond",
    "tls-max",
    "trace",
    "trace-ascii",
    "unix-socket",
    "upload-file",
    "url",
    "user",
    "user-agent",
    "variable",
    "write-out",
];

/// curl's short options that take a value: the rest of the word or the next word.
const CURL_SHORT_VALUES: &[u8] = b"ABCDEFHKPQTUXYbcdemortuwxyz";

/// wget's long options that take a value when written without `=` (from wget(1)).
const WGET_LONG_VALUES: &[&str] = &[
    "body-data",
    "body-file",
    "header",
    "http-password",
    "http-user",
    "method",
    "output-document",
    "output-file",
    "password",
    "post-data",
    "post-file",
    "user",
    "user-agent",
];

/// wget's short options that take a value.
const WGET_SHORT_VALUES: &[u8] = b"ABDIOPQRTUXaeilotw";

/// HTTPie's and xh's options that take a value.
const HTTPIE_VALUES: &[&str] = &[
    "-A",
    "-a",
    "-o",
    "-p",
    "-s",
    "--auth",
    "--auth-type",
    "--boundary",
    "--cert",
    "--cert-key",
    "--ciphers",
    "--default-scheme",
    "--format-options",
    "--max-redirects",
    "--output",
    "--pretty",
    "--print",
    "--proxy",
    "--raw",
    "--response-charset",
    "--response-mime",
    "--session",
    "--session-read-only",
    "--ssl",
    "--style",
    "--timeout",
    "--unix-socket",
    "--verify",
];

/// PowerShell web cmdlets' switches (every other parameter takes a value).
const PWSH_SWITCHES: &[&str] = &[
    "allowinsecureredirect",
    "allowunencryptedauthentication",
    "disablekeepalive",
    "nobodyprogress",
    "noproxy",
    "passthru",
    "preserveauthorizationonredirect",
    "preserveheaderoncredirect",
    "resume",
    "skipcertificatecheck",
    "skipheadervalidation",
    "skiphttperrorcheck",
    "usebasicparsing",
    "usedefaultcredentials",
];

/// The HTTP methods a method word may name.
const METHODS: &[&str] = &[
    "CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE",
];

/// Ports of data stores' HTTP APIs: Elasticsearch/OpenSearch, CouchDB, Solr, ClickHouse,
/// Prometheus, Consul, Vault, RabbitMQ management, InfluxDB, Neo4j, ArangoDB, Couchbase.
const STORE_PORTS: &[&str] = &[
    "15672", "5984", "6984", "7474", "8086", "8091", "8123", "8200", "8500", "8529", "8983",
    "9090", "9200",
];

/// Host words that name a data store's service.
const STORE_HOSTS: &[&str] = &[
    "arangodb",
    "clickhouse",
    "consul",
    "cortex",
    "couch",
    "couchbase",
    "couchdb",
    "elastic",
    "elasticsearch",
    "es",
    "etcd",
    "influx",
    "influxdb",
    "loki",
    "mimir",
    "neo4j",
    "opensearch",
    "prom",
    "prometheus",
    "rabbit",
    "rabbitmq",
    "solr",
    "thanos",
    "vault",
    "victoriametrics",
];

/// The HTTP request a command sends, if it is a web client that sends one.
fn request<'c>(cmd: &Cmd<'c>) -> Option<Request<'c>> {
    let pwsh_style = cmd.words().any(|w| {
        w.eq_ignore_ascii_case("-method")
            || w.eq_ignore_ascii_case("-uri")
            || w.eq_ignore_ascii_case("-custommethod")
    });
    match cmd.program {
        "invoke-restmethod" | "irm" | "invoke-webrequest" | "iwr" => powershell(cmd),
        // Windows PowerShell's `curl` and `wget` are aliases of Invoke-WebRequest.
        "curl" | "wget" if pwsh_style => powershell(cmd),
        "curl" => curl(cmd),
        "wget" => wget(cmd),
        "http" | "https" | "xh" | "xhs" => httpie(cmd),
        _ => None,
    }
}

/// curl: `-X`/`--request` names the method; `-d`, `--data*`, `--json`, `-F` imply POST, `-T`
/// PUT, `-I` HEAD, `-G` GET (the data goes into the query).
fn curl<'c>(cmd: &Cmd<'c>) -> Option<Request<'c>> {
    let mut method: Option<&'c str> = None;
    let mut implied = "GET";
    let mut get = false;
    let mut url: Option<&'c str> = None;
    let mut bodies = Vec::new();
    let args = cmd.args;
    let mut i = 0;
    let mut ended = false;
    while i < args.len() {
        let a: &'c str = &args[i];
        i += 1;
        if ended || !a.starts_with('-') || a.len() == 1 {
            if url.is_none() && url_like(a) {
                url = Some(a);
            }
            continue;
        }
        if a == "--" {
            ended = true;
            continue;
        }
        let (name, value) = if let Some(long) = a.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            let value = if inline.is_some() {
                inline
            } else if CURL_LONG_VALUES.contains(&name) {
                i += 1;
                args.get(i - 1).map(|v| &**v)
            } else {
                None
            };
            (name, value)
        } else {
            // A cluster of short flags; the first one that takes a value takes the rest of
            // the word, or the next word.
            let b = &a.as_bytes()[1..];
            let mut found = ("", None);
            for (k, c) in b.iter().enumerate() {
                if CURL_SHORT_VALUES.contains(c) {
                    let rest = &a[k + 2..];
                    let value = if rest.is_empty() {
                        i += 1;
                        args.get(i - 1).map(|v| &**v)
                    } else {
                        Some(rest)
                    };
                    found = (short_long(*c), value);
                    break;
                }
                match c {
                    b'I' => implied = "HEAD",
                    b'G' => get = true,
                    _ => {}
                }
            }
            found
        };
        match (name, value) {
            ("request", Some(v)) => method = Some(v),
            ("url", Some(v)) => url = url.or(Some(v)),
            (
                "data" | "data-raw" | "data-binary" | "data-ascii" | "data-urlencode" | "json",
                Some(v),
            ) => {
                if implied == "GET" {
                    implied = "POST";
                }
                if !v.starts_with('@') {
                    bodies.push(v);
                }
            }
            ("form" | "form-string", _) => implied = "POST",
            ("upload-file", _) => implied = "PUT",
            ("head", _) => implied = "HEAD",
            ("get", _) => get = true,
            _ => {}
        }
    }
    let method = match method {
        Some(m) => Cow::Borrowed(m),
        None if get => Cow::Borrowed("GET"),
        None => Cow::Borrowed(implied),
    };
    Some(Request {
        method,
        url: url?,
        bodies,
        httpie: false,
    })
}

/// The long name of a curl short option that matters here.
fn short_long(c: u8) -> &'static str {
    match c {
        b'X' => "request",
        b'd' => "data",
        b'F' => "form",
        b'T' => "upload-file",
        _ => "",
    }
}

/// wget: `--method`, `--post-data`/`--post-file` (POST), `--spider` (HEAD).
fn wget<'c>(cmd: &Cmd<'c>) -> Option<Request<'c>> {
    let mut method: Option<&'c str> = None;
    let mut implied = "GET";
    let mut url = None;
    let mut bodies = Vec::new();
    let args = cmd.args;
    let mut i = 0;
    while i < args.len() {
        let a: &'c str = &args[i];
        i += 1;
        if let Some(long) = a.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None if WGET_LONG_VALUES.contains(&long) => {
                    i += 1;
                    (long, args.get(i - 1).map(|v| &**v))
                }
                None => (long, None),
            };
            match (name, value) {
                ("method", Some(v)) => method = Some(v),
                ("post-data" | "body-data", Some(v)) => {
                    implied = "POST";
                    bodies.push(v);
                }
                ("post-file" | "body-file", _) => implied = "POST",
                ("spider", _) => implied = "HEAD",
                _ => {}
            }
        } else if a.starts_with('-') && a.len() > 1 {
            let b = &a.as_bytes()[1..];
            if b.iter()
                .position(|c| WGET_SHORT_VALUES.contains(c))
                .is_some_and(|k| k + 1 == b.len())
            {
                i += 1;
            }
        } else if url.is_none() && url_like(a) {
            url = Some(a);
        }
    }
    Some(Request {
        method: Cow::Borrowed(method.unwrap_or(implied)),
        url: url?,
        bodies,
        httpie: false,
    })
}

/// HTTPie and xh: `http [METHOD] URL [ITEM...]`; without a method, data items (`k=v`, `k:=v`,
/// `k@file`) or `--raw` make it a POST.
fn httpie<'c>(cmd: &Cmd<'c>) -> Option<Request<'c>> {
    let mut ops = cmd.operands(HTTPIE_VALUES).peekable();
    let first = *ops.peek()?;
    let method = if METHODS.iter().any(|m| m.eq_ignore_ascii_case(first)) {
        ops.next();
        Some(first)
    } else {
        None
    };
    let url = ops.next()?;
    let mut bodies = Vec::new();
    for item in ops {
        // `Header:value` is a header, `k==v` a query parameter; `k=v`, `k:=json`, `k@file`
        // are the body.
        if let Some(at) = item.find(['=', '@'])
            && !item[at..].starts_with("==")
        {
            bodies.push(item);
        }
    }
    let raw = cmd.value(&["--raw"]);
    if let Some(r) = raw {
        bodies.push(r);
    }
    let method = match method {
        Some(m) => m,
        None if !bodies.is_empty() || cmd.has(&["--form", "-f"]) => "POST",
        None => "GET",
    };
    Some(Request {
        method: Cow::Borrowed(method),
        url,
        bodies,
        httpie: true,
    })
}

/// `Invoke-RestMethod` / `Invoke-WebRequest`: `-Method`, `-CustomMethod`, `-Uri` (or the first
/// positional argument), `-Body`. Parameter names are case-insensitive and may be cut short.
fn powershell<'c>(cmd: &Cmd<'c>) -> Option<Request<'c>> {
    let mut method: Option<&'c str> = None;
    let mut url = None;
    let mut bodies = Vec::new();
    let args = cmd.args;
    let mut i = 0;
    while i < args.len() {
        let a: &'c str = &args[i];
        i += 1;
        let Some(param) = a.strip_prefix('-').filter(|p| !p.is_empty()) else {
            if url.is_none() && url_like(a) {
                url = Some(a);
            }
            continue;
        };
        let (name, inline) = match param.split_once(':') {
            Some((n, v)) => (n, Some(v)),
            None => (param, None),
        };
        let lower = name.to_ascii_lowercase();
        if PWSH_SWITCHES.contains(&lower.as_str()) {
            continue;
        }
        let value = inline.or_else(|| {
            i += 1;
            args.get(i - 1).map(|v| &**v)
        });
        let is = |full: &str| lower.len() >= 3 && full.starts_with(lower.as_str());
        if is("method") || is("custommethod") {
            method = value;
        } else if is("uri") {
            url = value;
        } else if is("body") {
            bodies.extend(value);
        }
    }
    Some(Request {
        method: Cow::Borrowed(method.unwrap_or("GET")),
        url: url?,
        bodies,
        httpie: false,
    })
}

/// What a PowerShell web cmdlet sends (`Invoke-RestMethod -Uri URL -Body $k`): its URL and its
/// inline bodies, for the exfiltration reader ([`super::secrets`]).
pub(crate) fn powershell_sent<'c>(cmd: &Cmd<'c>) -> Option<(&'c str, Vec<&'c str>)> {
    powershell(cmd).map(|r| (r.url, r.bodies))
}

/// Whether a word is a URL: a scheme, or a host (with a dot, or `localhost`, or a port) before
/// the path. Not a path, a file, an option's value such as a header, or an HTTPie data item.
fn url_like(w: &str) -> bool {
    if service_variable(w).is_some() {
        return true;
    }
    if let Some((scheme, _)) = w.split_once("://") {
        return !scheme.is_empty() && scheme.bytes().all(|c| c.is_ascii_alphabetic());
    }
    if let Some(rest) = w.strip_prefix(':') {
        // HTTPie's `:9200/x` (localhost).
        return rest.bytes().next().is_some_and(|c| c.is_ascii_digit());
    }
    let authority = w.split(['/', '?']).next().unwrap_or("");
    if authority.is_empty()
        || !authority.as_bytes()[0].is_ascii_alphanumeric()
        || !authority
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'_' | b':' | b'@'))
    {
        return false;
    }
    let host_port = authority.rsplit('@').next().unwrap_or(authority);
    let (host, port) = match host_port.rsplit_once(':') {
        Some((h, p)) => (h, Some(p)),
        None => (host_port, None),
    };
    port.is_some_and(|p| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit()))
        || host == "localhost"
        || host.rsplit_once('.').is_some_and(|(name, tld)| {
            !name.is_empty()
                && (tld.len() >= 2 && tld.bytes().all(|c| c.is_ascii_alphabetic())
                    || tld.bytes().all(|c| c.is_ascii_digit()))
        }) && w.contains('/')
        || host.split('.').count() == 4 && host.bytes().all(|c| c.is_ascii_digit() || c == b'.')
}

/// A URL taken apart: host (lowercased), port, path and query (percent-decoded).
#[derive(Debug)]
struct Url {
    host: String,
    port: String,
    path: String,
    query: String,
}

/// A URL that opens with a variable naming a service's address (`$VAULT_ADDR/v1/...`,
/// `${ES_URL}/_all`, `$CONSUL_HTTP_ADDR`, `$KEYCLOAK_ENDPOINT`): the service the name says, as
/// its host (`vault`, `es`, `consul-http`), and the rest of the URL. The name is all a reader
/// has, and it is how these clients are configured (`VAULT_ADDR` is Vault's own variable).
pub(crate) fn service_variable(w: &str) -> Option<(String, &str)> {
    let rest = w.strip_prefix('$')?;
    let (name, tail) = if let Some(braced) = rest.strip_prefix('{') {
        braced.split_once('}')?
    } else {
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        rest.split_at(end)
    };
    let service = [
        "_ADDR",
        "_ADDRESS",
        "_URL",
        "_URI",
        "_HOST",
        "_ENDPOINT",
        "_SERVER",
    ]
    .iter()
    .find_map(|s| name.strip_suffix(s))?;
    (!service.is_empty() && (tail.is_empty() || tail.starts_with(['/', ':', '?'])))
        .then(|| (service.to_ascii_lowercase().replace('_', "-"), tail))
}

fn parse(raw: &str, httpie: bool) -> Url {
    if let Some((service, tail)) = service_variable(raw) {
        let mut url = parse(&format!("http://{service}{tail}"), httpie);
        url.host = service;
        return url;
    }
    let rest = raw.split_once("://").map_or(raw, |(_, r)| r);
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let host_port = authority.rsplit('@').next().unwrap_or(authority);
    let (host, port) = if let Some(v6) = host_port.strip_prefix('[') {
        let (h, p) = v6.split_once(']').unwrap_or((v6, ""));
        (h, p.trim_start_matches(':'))
    } else {
        match host_port.rsplit_once(':') {
            Some((h, p)) if p.bytes().all(|c| c.is_ascii_digit()) => (h, p),
            _ => (host_port, ""),
        }
    };
    let host = if host.is_empty() && httpie {
        "localhost".to_owned()
    } else {
        host.to_ascii_lowercase()
    };
    let tail = tail.split('#').next().unwrap_or("");
    let (path, query) = tail.split_once('?').unwrap_or((tail, ""));
    Url {
        host,
        port: port.to_owned(),
        path: decode(path, false),
        query: decode(query, true),
    }
}

/// Percent-decoding (and `+` as a space in a query), lossy on invalid UTF-8.
fn decode(s: &str, query: bool) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = |k: usize| b.get(k).and_then(|&c| (c as char).to_digit(16));
                if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                out.push(b'%');
            }
            b'+' if query => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A loopback host: the developer's own machine (a dev server, a local test index).
fn loopback(host: &str) -> bool {
    matches!(
        host,
        "localhost" | "::1" | "0.0.0.0" | "host.docker.internal"
    ) || host.ends_with(".localhost")
        || host.starts_with("127.")
}

/// Whether the URL is a data store's API, by its port, its host's words or its path.
fn store_api(url: &Url, segments: &[&str]) -> bool {
    let mut host_word = false;
    generic::parts(&url.host, |p| {
        host_word = STORE_HOSTS.iter().any(|h| p.eq_ignore_ascii_case(h));
        !host_word
    });
    host_word
        || STORE_PORTS.contains(&url.port.as_str())
        || segments
            .first()
            .is_some_and(|s| s.starts_with('_') || *s == "solr")
        || url.path.contains("/admin/tsdb/")
        || url.path.starts_with("/v1/kv/")
        || url.path.starts_with("/v1/sys/")
        || url.path.starts_with("/api/queues/")
}

/// Bulk: a wildcard, a comma list or `_all` in the path, a recursive query, a matcher that
/// matches everything, a query that matches every document.
fn bulk(raw: &str, url: &Url, segments: &[&str], bodies: &[&str]) -> bool {
    let everything = |t: &str| {
        t.contains(".+\"")
            || t.contains(".*\"")
            || t.contains("=~\".+")
            || t.contains("=~\".*")
            || t.contains("=~.+")
            || t.contains("=~.*")
            || t.contains("match_all")
            || t.contains("*:*")
    };
    segments
        .iter()
        .any(|s| s.contains(['*', ',']) || s.eq_ignore_ascii_case("_all"))
        || url.query.split('&').any(|kv| {
            matches!(
                kv.split('=').next(),
                Some("recurse" | "prefix" | "recursive")
            )
        })
        || everything(raw)
        || bodies.iter().any(|b| everything(b))
}

/// The verb a path names for a `POST`/`PUT`/`PATCH`: the first verb-class word that opens a
/// segment (`delete_series`, `purge`, `_delete_by_query`, `x:reset`); a read word
/// (`_search`, `query`, `_count`) means the request reads.
fn path_verb<'u>(segments: &[&'u str]) -> Option<(Role, &'u str, usize)> {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    for (at, seg) in segments.iter().enumerate() {
        // The word that opens the segment, and the one after a `:` (Google-style custom
        // methods: `instances/x:reset`): a name such as `orders-reset-2024` opens with its noun.
        let mut candidates = [None, None];
        generic::parts(seg, |p| {
            candidates[0] = Some(p);
            false
        });
        if let Some((_, custom)) = seg.rsplit_once(':') {
            generic::parts(custom, |p| {
                candidates[1] = Some(p);
                false
            });
        }
        for p in candidates.into_iter().flatten() {
            let Some(w) = generic::lower(p, &mut buf) else {
                continue;
            };
            match super::verbs::path_role(seg, p, w, None) {
                Role::Other => {}
                role => return Some((role, p, at)),
            }
            // A verb fused with "now" (`sendNow`, lowercased with the path: `sendnow`).
            if let Some(v) = w
                .strip_suffix("now")
                .or_else(|| w.strip_suffix("immediately"))
                && let Role::Act(verb) = generic::role(v, None)
            {
                return Some((Role::Act(verb), p, at));
            }
        }
    }
    None
}

/// A command key of a body (`{"delete": {...}}`, `<delete>`): the verb it names.
fn body_verb(bodies: &[&str]) -> Option<&'static str> {
    bodies.iter().find_map(|b| {
        let l = b.to_ascii_lowercase();
        ["delete", "remove", "drop", "purge"].into_iter().find(|v| {
            l.contains(&format!("<{v}>"))
                || l.contains(&format!("\"{v}\":"))
                || l.contains(&format!("\"{v}\" :"))
        })
    })
}

/// A state a request body sets on what the URL names, as the verb of that change: a status
/// or state field set to a state word (`"status": "cancelled"`, `state=suspended`,
/// `"lifecycle": "deactivated"`), its own switch set off (`"enabled": false`, `active=0`), or a send
/// time (`"send_at": "now"`, `send_now=true`): the body is the act.
fn body_state(pairs: &[(String, String)]) -> Option<(Verb, String)> {
    for (k, v) in pairs {
        let inner = k.rsplit(' ').next().unwrap_or(k);
        let v = v.trim();
        if inner.ends_with("status") || inner.ends_with("state") || inner == "lifecycle" {
            let verb = match v {
                "cancelled" | "canceled" | "cancel" => Verb::Cancel,
                "suspended" | "suspend" | "deactivated" | "inactive" | "disabled" | "blocked"
                | "banned" | "locked" => Verb::Disable,
                "deleted" | "removed" | "purged" | "terminated" | "destroyed" => Verb::Destroy,
                "closed" => Verb::Close,
                "revoked" => Verb::Keys,
                _ => continue,
            };
            return Some((verb, format!("{inner}={v}")));
        }
        // The URL's own object switched off (a top-level key); a nested switch is one
        // setting of it (`{"dark_mode": {"enabled": false}}`), read by `settings_change`.
        if k == inner
            && matches!(inner, "enabled" | "active" | "is_active" | "is_enabled")
            && matches!(v, "false" | "0" | "no" | "off")
        {
            return Some((Verb::Disable, format!("{inner}={v}")));
        }
        if matches!(inner, "send_at" | "send_time" | "sendat" | "deliver_at") && !v.is_empty()
            || matches!(inner, "send_now" | "send_immediately") && matches!(v, "true" | "1")
        {
            return Some((Verb::Communicate, format!("{inner}={v}")));
        }
    }
    None
}

/// The objects the path names: every noun, and the kind (the last one named before the last
/// segment, with at most two names after it; or one in the last segment).
fn path_objects<'u>(segments: &[&'u str]) -> (u16, Option<(u16, &'u str)>) {
    let mut buf = [0_u8; lexicon::MAX_WORD];
    let mut objects = 0;
    let mut kind = None;
    let mut last = None;
    let n = segments.len();
    for (k, seg) in segments.iter().enumerate() {
        generic::parts(seg, |p| {
            if let Some(w) = generic::lower(p, &mut buf)
                && let Some(l) = lexicon::lookup(w.as_bytes())
                && l.verb == Verb::Absent
            {
                // `admin` in a path is the API's area, not a privilege handed out.
                let o = l.obj & !(obj::PRONOUN | obj::PRIV);
                if o != 0 {
                    objects |= o;
                    if k + 1 == n {
                        last = Some((o, p));
                    }
                    // A collection and one or two names after it (`users/42`, `repos/o/r`);
                    // deeper, the request acts on something inside the named one.
                    if k + 1 < n {
                        kind = (k + 3 >= n).then_some((o, p));
                    }
                }
            }
            true
        });
    }
    match kind.or(last) {
        Some(k) => (objects, Some(k)),
        // The nouns name what holds the resource (`repos/o/r/git/refs/...`), not the resource.
        None => (0, None),
    }
}

/// SQL a request carries: a `query=`/`sql=`/`q=` parameter or a body that opens with a
/// statement keyword (ClickHouse's HTTP interface takes both).
fn sql_texts<'a>(url: &'a Url, bodies: &'a [&'a str]) -> impl Iterator<Item = &'a str> + 'a {
    url.query
        .split('&')
        .filter_map(|kv| {
            let (k, v) = kv.split_once('=')?;
            matches!(k, "query" | "sql" | "q").then_some(v)
        })
        .chain(bodies.iter().copied())
        .filter(|t| {
            let first = t.split_whitespace().next().unwrap_or("");
            [
                "ALTER", "DELETE", "DROP", "GRANT", "RENAME", "REVOKE", "TRUNCATE", "UPDATE",
            ]
            .iter()
            .any(|k| first.eq_ignore_ascii_case(k))
        })
}

/// The recognizer of HTTP API calls.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let Some(req) = request(cmd) else {
        return;
    };
    let url = parse(req.url, req.httpie);
    for sql in sql_texts(&url, &req.bodies) {
        out.extend(crate::sql::judge_sql(sql));
    }
    // A statement in a named parameter or field, in whatever language it is written
    // ([`super::embedded`]): `--data-urlencode "query=DROP TABLE t"`, `{"sql": "..."}`.
    for text in super::embedded::request_texts(&url.query, &req.bodies) {
        let mut remote = super::Context::default();
        super::embedded::judge_text(&text, "an HTTP request's statement", 1, &mut remote, out);
    }
    if loopback(&url.host) {
        return;
    }
    let method = req.method.to_ascii_uppercase();
    // A store's own destructive endpoints (some act on a GET: Solr's Collections API).
    super::data_stores::request(
        cmd.program,
        &method,
        &url.host,
        &url.port,
        &url.path,
        &url.query,
        &req.bodies,
        req.url,
        out,
    );
    if matches!(
        method.as_str(),
        "GET" | "HEAD" | "OPTIONS" | "TRACE" | "CONNECT" | "PROPFIND"
    ) {
        return;
    }
    // The body read as settings (`-d '{"private":false}'`, HTTPie's `visibility=public`): what
    // the request turns on or off, whatever its path's verb.
    // (GitLab takes its settings in the query string too: `?access_level=50`.)
    let pairs: Vec<(String, String)> = req
        .bodies
        .iter()
        .map(|b| &**b)
        .chain((!url.query.is_empty()).then_some(url.query.as_str()))
        .flat_map(body_pairs)
        .collect();
    // The per-API effect model: money, messages, visibility, bulk deletes, feature flags.
    super::saas::request(
        cmd,
        &super::saas::Call {
            method: &method,
            url: req.url,
            host: &url.host,
            path: &url.path,
            query: &url.query,
            bodies: &req.bodies,
        },
        out,
    );
    // The reach of the object: a container deleted, archived or transferred; a publication.
    super::reach::request(
        cmd,
        &super::reach::Call {
            method: &method,
            url: req.url,
            host: &url.host,
            path: &url.path,
            query: &url.query,
            bodies: &req.bodies,
        },
        out,
    );
    if let Some((severity, why)) = settings_change(&pairs, &url.path) {
        out.push(finding(
            Family::Business,
            "http.settings",
            severity,
            format!("{} {method} {}: {why}", cmd.program, req.url),
        ));
    }
    // A field that destroys what the call names (TrueNAS's `{"destroy": true}` on a pool
    // export, `delete_data`, `purge`): read by the storage tables' vocabulary.
    if !matches!(method.as_str(), "GET" | "HEAD")
        && let Some(field) = super::storage_ops::destroying_field(&pairs)
    {
        out.push(finding(
            Family::Filesystem,
            "http.destroy-field",
            Severity::Verify,
            format!(
                "{} {method} {}: sets {field}: the call destroys the data it names",
                cmd.program, req.url
            ),
        ));
    }
    let segments: Vec<&str> = url.path.split('/').filter(|s| !s.is_empty()).collect();
    // Vault's HTTP API is its CLI's generic verbs on the same paths (`DELETE
    // $VAULT_ADDR/v1/sys/mounts/x` is `vault delete sys/mounts/x`, `vault secrets disable x`).
    if segments.first() == Some(&"v1")
        && (url.port == "8200" || {
            let mut vault = false;
            generic::parts(&url.host, |p| {
                vault = p.eq_ignore_ascii_case("vault");
                !vault
            });
            vault
        })
    {
        let verb = match method.as_str() {
            "DELETE" => "delete",
            "PATCH" => "patch",
            _ => "write",
        };
        let args: Vec<Cow<'_, str>> = [Cow::Borrowed(verb), Cow::Owned(segments[1..].join("/"))]
            .into_iter()
            .chain(pairs.iter().map(|(k, v)| Cow::Owned(format!("{k}={v}"))))
            .collect();
        let before = out.len();
        super::secrets::vault(
            &Cmd {
                program: "vault",
                args: &args,
                redirects: &[],
                more_args: false,
                piped_in: false,
                assignments: &[],
                prefix: &[],
                launcher: &[],
            },
            out,
        );
        if out.len() > before {
            return;
        }
    }
    // Where the path's verb is: the object is named before it (`users/ID/lifecycle/deactivate`).
    let mut verb_at = None;
    let (verb, verb_word): (Verb, Cow<'_, str>) = if method == "DELETE" {
        (Verb::Destroy, Cow::Borrowed("DELETE"))
    } else {
        match path_verb(&segments) {
            Some((Role::Read, _, _)) => return,
            Some((Role::Act(v), w, at)) if v != Verb::Modify => {
                verb_at = Some(at);
                (v, Cow::Owned(format!("{method} {w}")))
            }
            // `/update` with `<delete>` in the body (Solr), `_bulk` with delete lines
            // (Elasticsearch); else a state the body sets (`"status": "suspended"`,
            // `"enabled": false`, `"send_at": "now"`).
            _ => match body_verb(&req.bodies) {
                Some(v) => (Verb::Destroy, Cow::Owned(format!("{method} {{{v}}}"))),
                None => match body_state(&pairs) {
                    Some((v, why)) => (v, Cow::Owned(format!("{method} {why}"))),
                    None => return,
                },
            },
        }
    };
    if matches!(
        verb,
        Verb::Run | Verb::Install | Verb::Mention | Verb::Absent
    ) {
        return;
    }
    if verb_word.ends_with("flush") || url.path.to_ascii_lowercase().contains("cache") {
        // Elasticsearch's `_flush` persists the translog; clearing or purging a cache loses
        // nothing a cache does not refill.
        return;
    }
    let store = store_api(&url, &segments);
    // A verb segment acts on the collection named before it, whatever groups the path puts
    // between them (`users/ID/lifecycle/deactivate`, `campaigns/ID/actions/send`).
    let (mut objects, kind) = match verb_at.map(|at| path_objects(&segments[..at])) {
        Some((o, Some(k))) => (o, Some(k)),
        _ => path_objects(&segments),
    };
    let audience = super::payloads::audience_path(&segments);
    let mut flags = generic::scope_flags(&url.host) & (flag::PROD | flag::NONPROD);
    for s in &segments {
        flags |= generic::scope_flags(s) & (flag::PROD | flag::NONPROD | flag::BULK);
    }
    if bulk(req.url, &url, &segments, &req.bodies) {
        flags |= flag::BULK;
    }
    let (mut head, mut head_word) = kind.map_or((0, ""), |(o, w)| (o, w));
    let whole_store =
        store && verb == Verb::Destroy && segments.len() == 1 && !segments[0].starts_with('_');
    if store {
        objects |= obj::STORE;
        if head == 0 || whole_store {
            head = obj::STORE;
            head_word = if whole_store {
                segments[0]
            } else {
                "a data store"
            };
        }
    }
    let action = CommandAction {
        verb,
        verb_word: &verb_word,
        objects,
        head,
        head_word,
        flags,
        system_path: false,
        // (A request is always sent unasked; its scope is its URL's.)
        unattended: false,
    };
    let graded = grade_command(&action);
    // A forge's REST path is graded like `gh api -X DELETE` (the same rule).
    let forge = (url.host.starts_with("api.github") || url.host.contains("gitlab"))
        && verb == Verb::Destroy
        && super::git::api_whole_or_protected(
            url.path
                .strip_prefix("/api/v4")
                .or_else(|| url.path.strip_prefix("/api/v3"))
                .unwrap_or(&url.path),
        );
    let (family, severity, why) = match graded {
        // A send to a whole audience (a marketing send, a campaign, a broadcast, a list):
        // every recipient at once, and it cannot be unsent (payloads: a mass message).
        _ if verb == Verb::Communicate && audience.is_some() => (
            Family::Business,
            Severity::Stop,
            format!(
                "sends to a whole audience ({}): every recipient at once, it cannot be unsent",
                audience.unwrap_or_default()
            ),
        ),
        Some(f) => (f.family, f.severity, f.message),
        None if verb == Verb::Destroy => (
            Family::Business,
            if flags & flag::BULK != 0 {
                Severity::Verify
            } else {
                Severity::Confirm
            },
            "deletes a remote resource".to_owned(),
        ),
        None if forge => (Family::Git, Severity::Verify, String::new()),
        // Switched off, cancelled, closed or revoked by a write to its URL: whatever it is, a
        // person confirms (a GET of the same path reads).
        None if matches!(
            verb,
            Verb::Disable | Verb::Cancel | Verb::Close | Verb::Keys
        ) =>
        {
            (
                Family::Business,
                Severity::Confirm,
                format!(
                    "{} a remote resource{}",
                    match verb {
                        Verb::Disable => "switches off",
                        Verb::Cancel => "cancels",
                        Verb::Close => "closes",
                        _ => "revokes",
                    },
                    if head_word.is_empty() {
                        String::new()
                    } else {
                        format!(" ({head_word})")
                    }
                ),
            )
        }
        None => return,
    };
    let (family, severity) = if forge {
        (Family::Git, severity.max(Severity::Verify))
    } else if store && family == Family::Business {
        (Family::Database, severity)
    } else {
        (family, severity)
    };
    let mut message = format!("{} {method} {}: {why}", cmd.program, req.url);
    if forge {
        message.push_str(" (a whole repository, group or protected branch)");
    }
    if flags & flag::BULK != 0 {
        message.push_str(", all of them");
    }
    out.push(finding(family, "http.request", severity, message));
}

/// The `key = value` pairs of a request body: JSON members (`{"private": false}`, the innermost
/// key of a nested object), form fields (`a=1&b=2`), HTTPie items (`k=v`, `k:=json`) and `gh
/// api` fields (`-f k=v`, `security_and_analysis[secret_scanning][status]=disabled`). Keys
/// and values lowercased, quotes dropped; `@file` bodies are not read.
pub(crate) fn body_pairs(body: &str) -> Vec<(String, String)> {
    let b = body.trim();
    let mut pairs = Vec::new();
    if b.starts_with('{') || b.starts_with('[') {
        // Each `"key": value`: the value a string or a literal up to `,` / `}` / `]`.
        let mut rest = b;
        // The keys of the objects around a member (`security_and_analysis secret_scanning`).
        let mut outer = String::new();
        while let Some(colon) = rest.find(':') {
            let before = rest[..colon].trim_end();
            let key = before
                .strip_suffix('"')
                .and_then(|k| k.rfind('"').map(|q| &k[q + 1..]));
            let after = rest[colon + 1..].trim_start();
            let (value, next) = if let Some(v) = after.strip_prefix('"') {
                let end = v.find('"').unwrap_or(v.len());
                (&v[..end], &v[(end + 1).min(v.len())..])
            } else {
                let end = after.find([',', '}', ']']).unwrap_or(after.len());
                (after[..end].trim(), &after[end..])
            };
            if let Some(k) = key {
                if value.starts_with(['{', '[']) {
                    outer.push_str(&k.to_ascii_lowercase());
                    outer.push(' ');
                } else {
                    pairs.push((
                        format!("{outer}{}", k.to_ascii_lowercase()),
                        value.to_ascii_lowercase(),
                    ));
                }
            }
            if next.len() >= rest.len() {
                break;
            }
            rest = if value.starts_with(['{', '[']) {
                &rest[colon + 1..]
            } else {
                next
            };
        }
        return pairs;
    }
    for field in b.split('&') {
        let Some((k, v)) = field.split_once('=') else {
            continue;
        };
        let k = k.trim_end_matches(':');
        // `a[b][c]=v`: the innermost key, and the outer ones kept in front for context.
        let key = k.replace(['[', ']'], " ");
        let v = v.strip_prefix('=').unwrap_or(v);
        pairs.push((
            key.trim().to_ascii_lowercase(),
            v.trim_matches(['\'', '"']).to_ascii_lowercase(),
        ));
    }
    pairs
}

/// What a request's settings change, graded by one vocabulary for every client (the REST
/// APIs of GitHub, GitLab and the like, reached by `gh api`, curl or HTTPie): a repository or
/// project made public (`private=false`, `visibility=public`), admin rights given (`*permission*
/// =admin`, `role=admin|owner`, GitLab's `access_level` 40/50), a security setting turned off
/// (`enabled=false`, `status=disabled` on secret scanning, push protection, 2FA, branch
/// protection), or branch protection loosened (`allow_force_pushes=true`). `path` is the
/// request's path (`orgs/acme` reaches every member). Descriptions, names and the like are
/// nothing.
pub(crate) fn settings_change(
    pairs: &[(String, String)],
    path: &str,
) -> Option<(Severity, String)> {
    let path_l = path.to_ascii_lowercase();
    let org_wide = {
        let segs: Vec<&str> = path_l.trim_matches('/').split('/').collect();
        matches!(segs.as_slice(), ["orgs" | "groups" | "enterprises", _])
    };
    const SECURITY: &[&str] = &[
        "security",
        "secret_scanning",
        "push_protection",
        "dependabot",
        "vulnerabilit",
        "code_scanning",
        "two_factor",
        "2fa",
        "mfa",
        "sso",
        "protection",
        "audit",
        "signature",
        "enforce_admins",
        "required_status_checks",
        "required_pull_request_reviews",
    ];
    let off = |v: &str| {
        matches!(
            v,
            "false" | "disabled" | "disable" | "off" | "0" | "none" | "null"
        )
    };
    let mut worst: Option<(Severity, String)> = None;
    let mut keep = |s: Severity, why: String| {
        if worst.as_ref().is_none_or(|(w, _)| s > *w) {
            worst = Some((s, why));
        }
    };
    for (k, v) in pairs {
        let v = v.as_str();
        let inner = k.rsplit(' ').next().unwrap_or(k);
        if inner == "private" && off(v) || inner.ends_with("visibility") && v == "public" {
            keep(
                Severity::Verify,
                format!("sets {inner}={v}: makes a private repository or project public"),
            );
        }
        if inner.contains("permission") && matches!(v, "admin" | "owner" | "maintain") {
            let everyone = inner.starts_with("default") || inner.starts_with("member") || org_wide;
            keep(
                if everyone {
                    Severity::Stop
                } else {
                    Severity::Confirm
                },
                format!(
                    "sets {inner}={v}: gives {} admin rights",
                    if everyone {
                        "every member"
                    } else {
                        "an account"
                    }
                ),
            );
        }
        if (inner == "role" || inner.ends_with("_role")) && matches!(v, "admin" | "owner")
            || inner == "access_level" && matches!(v, "50" | "60")
        {
            let org = path_l.contains("orgs/")
                || path_l.contains("groups/")
                || path_l.contains("memberships");
            keep(
                if org {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!("sets {inner}={v}: makes an account an owner or administrator"),
            );
        }
        let security = SECURITY.iter().any(|s| k.contains(s) || path_l.contains(s));
        if security
            && matches!(
                inner,
                "enabled" | "status" | "enforcement" | "enforce_admins" | "required"
            )
            && off(v)
        {
            keep(
                Severity::Verify,
                format!("sets {k}={v}: turns a security control off"),
            );
        }
        if matches!(inner, "allow_force_pushes" | "allow_deletions") && v == "true" {
            keep(
                Severity::Verify,
                format!("sets {inner}=true: loosens branch protection"),
            );
        }
    }
    worst
}
