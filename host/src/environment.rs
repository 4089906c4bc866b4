//! The environment variables airlock reads, in one list: `airlock --help` prints it and
//! airlock(1) has it as its ENVIRONMENT section. host/tests/cli_conventions.rs reads the sources
//! for every variable the code looks up and fails when one is missing here.

/// Each variable and what it sets. A flag wins over its variable, which wins over `policy.json`.
pub const VARIABLES: &[(&str, &str)] = &[
    (
        "AIRLOCK_POLICY",
        "The policy directory (--policy) [default: the embedded defaults].",
    ),
    (
        "AIRLOCK_STATE_DIR",
        "The state directory (--state-dir) [default: $XDG_STATE_HOME/airlock, else \
         ~/.local/state/airlock].",
    ),
    (
        "AIRLOCK_CACHE_DIR",
        "Where compiled components are cached [default: $XDG_CACHE_HOME/airlock, else \
         ~/.cache/airlock].",
    ),
    (
        "AIRLOCK_SAFETY_MODE",
        "check, proxy: the safety mode (--safety-mode): read-only, write-idempotent, \
         write-destructive.",
    ),
    (
        "MCPAQL_SAFETY_LOOP",
        "serve, http: the safety loop's mode (--safety-loop): enforcing, monitoring, logging, \
         disabled.",
    ),
    (
        "AIRLOCK_SOCKET_DIR",
        "Where agent.sock and operator.sock are [default: the state directory].",
    ),
    (
        "AIRLOCK_AGENT_GROUP",
        "http: the group that may use agent.sock (--agent-group; the socket is then 0660).",
    ),
    (
        "AIRLOCK_OPERATOR_GROUP",
        "http: the group that may use operator.sock (--operator-group; the socket is then 0660).",
    ),
    (
        "AIRLOCK_HTTP_LISTEN",
        "http: the address to listen on (--listen) [default: 127.0.0.1:8787].",
    ),
    (
        "AIRLOCK_HTTP_ALLOWED_HOSTS",
        "http: more Host names to answer besides the listening address and localhost, for a \
         reverse proxy (--allowed-host; NAME or NAME:PORT, comma-separated).",
    ),
    (
        "AIRLOCK_HTTP_READ_TIMEOUT",
        "http: seconds a client may take to send a request's headers, then its body \
         (--read-timeout) [default: 10].",
    ),
    (
        "AIRLOCK_LOG",
        "serve, http, proxy: what is logged on standard error, in tracing's EnvFilter syntax: a \
         level (error, warn, info, debug, trace, any case) or directives such as \
         'info,airlock_engine=debug' [default: warn]; a value that does not parse stops the \
         command. No level logs a verification code.",
    ),
    (
        "AIRLOCK_LOG_FORMAT",
        "serve, http, proxy: text (one line a record) or json (one JSON object a line) \
         [default: text].",
    ),
    (
        "OTEL_EXPORTER_OTLP_ENDPOINT",
        "serve, http, proxy: export decision spans (the step or gate call, the stages' \
         verdicts; never a hint, a parameter value or a code) to this OpenTelemetry collector \
         over OTLP http/protobuf, e.g. http://127.0.0.1:4318 (/v1/traces is appended) \
         [default: no export]. OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is used as it is; \
         OTEL_SERVICE_NAME names the service [default: airlock]; another \
         OTEL_EXPORTER_OTLP_PROTOCOL than http/protobuf, or an https:// endpoint, stops the \
         command.",
    ),
    (
        "XDG_STATE_HOME",
        "The base of the default state directory, when set to an absolute path.",
    ),
    (
        "XDG_CACHE_HOME",
        "The base of the default cache directory, when set to an absolute path.",
    ),
    (
        "HOME",
        "The base of the default state and cache directories otherwise, and of the hosts' \
         user settings `airlock hook install` writes.",
    ),
    (
        "CODEX_HOME",
        "hook install codex --user: Codex's settings directory [default: ~/.codex].",
    ),
];

/// The list as the end of `airlock --help`.
pub fn long_help() -> String {
    let width = VARIABLES.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
    let mut text = String::from("Environment:\n");
    for (name, what) in VARIABLES {
        text.push_str(&format!("  {name:width$}  {what}\n"));
    }
    text.push_str(
        "\nExit status: 0 allow, 1 usage or configuration error, 2 confirm / verify / preview \
         (and a missing command), 3 deny / stop.",
    );
    text
}

/// The ENVIRONMENT and EXIT STATUS sections of a manual page, in roff.
pub fn man_sections() -> clap_mangen::roff::Roff {
    use clap_mangen::roff::{Roff, bold, roman};
    let mut roff = Roff::default();
    roff.control("SH", ["ENVIRONMENT"]);
    for (name, what) in VARIABLES {
        roff.control("TP", []);
        roff.text([bold(*name)]);
        roff.text([roman(*what)]);
    }
    roff.control("SH", ["EXIT STATUS"]);
    roff.text([roman(
        "0 allow, 1 usage or configuration error, 2 confirm, verify or preview (a person or a \
         dry run comes first; also a missing command), 3 deny or stop.",
    )]);
    roff
}
