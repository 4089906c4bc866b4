//! Command-line definitions and the exit-status contract.
//!
//! Exit status: 0 allow, 1 usage or configuration error, 2 confirm / verify / preview,
//! 3 deny / stop; `airlock` without a command prints its usage on standard error and exits 2. clap's own usage errors exit 2 by default, which would read as "needs
//! confirmation" to a script, so they are mapped to 1 here.

use std::path::PathBuf;
use std::process::ExitCode;

use airlock_core::{AutonomyLevel, Endpoint, Risk, SafetyMode, TrustLevel};
use clap::error::ErrorKind;
use clap::{Args, CommandFactory, Parser, Subcommand};

/// Exit status for usage and configuration errors.
pub const EXIT_USAGE: u8 = 1;

/// Exit status of `airlock` run without a command (the usage is printed on standard error).
const EXIT_MISSING_COMMAND: u8 = 2;

#[derive(Debug, Parser)]
#[command(
    name = "airlock",
    version,
    about = "A policy engine between AI agents and the tools they call",
    long_about = "airlock decides, for each action an agent intends, whether it goes ahead, \
                  waits for a person, or is stopped.",
    after_long_help = crate::environment::long_help()
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Evaluate one action against a policy and explain the decision (like `opa eval`).
    ///
    /// Exit status: 0 allow, 1 usage or configuration error, 2 confirm / verify / preview,
    /// 3 deny / stop.
    Check(Box<CheckArgs>),

    /// Work with policy directories and guest components.
    #[command(subcommand)]
    Policy(PolicyCommand),

    /// Run the safety dongle: an MCP server on stdin/stdout with the MCP-AQL tools of the
    /// execution safety loop. Every `airlock serve` on one state directory shares one agent
    /// state.
    Serve(ServeArgs),

    /// Run a gateway in front of an MCP server: its tools are filtered by safety mode and every
    /// call is gated (allow forwards; deny never reaches it; confirm waits for a person).
    ///
    /// Example: airlock proxy --safety-mode read-only -- npx @modelcontextprotocol/server-filesystem /srv
    Proxy(ProxyArgs),

    /// Run the local decision API over HTTP: POST /v1/decide, POST /v1/operations,
    /// GET /v1/status, /healthz, /metrics, /v1/openapi.json.
    Http(HttpArgs),

    /// List the approvals waiting for a person.
    Approvals(OperatorArgs),
    /// Approve an approval (a person's decision, audited with your user name).
    Approve {
        /// The approval id.
        id: String,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Refuse an approval.
    Deny {
        /// The approval id.
        id: String,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Give the verification code of a challenge. The code is read from the terminal or standard
    /// input, never from the command line (it would end up in shell history and `ps`).
    Verify {
        /// The challenge id (the agent's `verificationId`).
        challenge_id: String,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// List the hard-blocked agents.
    Blocks(OperatorArgs),
    /// Lift an agent's hard block without a code (an admin override, audited).
    Unblock {
        /// The agent (`element_name`).
        agent: String,
        /// Why, for the audit log.
        #[arg(long)]
        reason: Option<String>,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Issue a new challenge for a blocked or verify-paused agent; the code goes to the human
    /// channels.
    Reissue {
        /// The agent.
        agent: String,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Print the audit log.
    Audit {
        /// Start at this sequence number.
        #[arg(long, default_value_t = 1)]
        from: u64,
        /// Keep printing new entries as they come (until interrupted).
        #[arg(long)]
        follow: bool,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Show or change an adapter's trust level (kept in the state, with its history).
    #[command(subcommand)]
    Trust(TrustCommand),
    /// Set up and manage operator authentication: the passphrase (and tokens) that approve,
    /// deny, verify, unblock, reissue and trust changes need, so that a program running as your
    /// OS user (a coding agent) cannot take them.
    #[command(subcommand)]
    Operator(OperatorAuthCommand),
    /// Write a starter policy directory (policy.json, the default stages, test vectors, a README).
    Init {
        /// The directory [default: ./airlock-policy].
        #[arg(default_value = "airlock-policy")]
        dir: PathBuf,
    },
    /// The running policy and mode.
    Status(OperatorArgs),
    /// Guard a coding agent's host: answer its pre-tool-use hook (`airlock hook claude-code`,
    /// `codex`, `gemini-cli`, `cursor`, `copilot-cli`: the call as JSON on standard input), or
    /// write / remove the host's settings entry (`airlock hook install HOST`).
    #[command(subcommand)]
    Hook(crate::hook::cli::HookCommand),
    /// Print a shell completion script.
    ///
    /// Example: airlock completions bash > ~/.local/share/bash-completion/completions/airlock
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page airlock(1) in roff, or write one page per command into a directory.
    ///
    /// Example: airlock man | man -l -
    Man {
        /// Write airlock.1, airlock-check.1, airlock-policy-test.1... into this directory.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

/// `airlock trust ...`
#[derive(Debug, Subcommand)]
pub enum TrustCommand {
    /// An adapter's trust block, its effective level and its history.
    Show {
        /// The adapter (as named in policy.json `adapters` and by `airlock proxy --adapter`).
        adapter: String,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Promote an adapter one level (trust-levels 4.1: one level at a time).
    Promote {
        /// The adapter.
        adapter: String,
        /// The level [default: the next one].
        #[arg(long, value_name = "LEVEL")]
        to: Option<TrustLevel>,
        /// Why, for the history.
        #[arg(long)]
        reason: Option<String>,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Demote an adapter to a lower level (a reason is required).
    Demote {
        /// The adapter.
        adapter: String,
        /// The level [default: one level down].
        #[arg(long, value_name = "LEVEL")]
        to: Option<TrustLevel>,
        /// Why, for the history.
        #[arg(long)]
        reason: String,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Record a certification (trust-levels 3.2.9): promotes a community_reviewed adapter to
    /// certified, or renews a certified adapter's certification. Gating counts it only between
    /// its issued_at and expires_at.
    ///
    /// FILE is JSON: {"authority", "signature", "certificate_id", "issued_at", "expires_at",
    /// "scope": [...]}.
    Certify {
        /// The adapter.
        adapter: String,
        /// The certification record, a JSON file.
        #[arg(long, value_name = "FILE")]
        certification: PathBuf,
        /// Why, for the history.
        #[arg(long)]
        reason: Option<String>,
        #[command(flatten)]
        args: OperatorArgs,
    },
}

/// `airlock operator ...`
#[derive(Debug, Subcommand)]
pub enum OperatorAuthCommand {
    /// Set the operator passphrase (asked twice at the terminal, at least 12 characters). From
    /// then on every operator action needs it (or an operator token). Run it yourself, in a
    /// terminal, before an agent runs.
    Init(OperatorArgs),
    /// Whether operator authentication is on, since when and by whom, the tokens, a lockout.
    Status(OperatorArgs),
    /// Change the operator passphrase (asks the current one, then the new one twice).
    Passphrase(OperatorArgs),
    /// Operator tokens: for scripts, and for operators who keep a token where the agent cannot
    /// read it.
    #[command(subcommand)]
    Token(TokenCommand),
}

/// `airlock operator token ...`
#[derive(Debug, Subcommand)]
pub enum TokenCommand {
    /// Make a token (asks the operator passphrase) and write it to a new file, mode 0600. Only
    /// its SHA-256 is kept in the state.
    Create {
        /// The new file to write the token to (never overwritten). Keep it where the agent
        /// cannot read it.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// A name for it in `airlock operator status` and the audit log.
        #[arg(long, default_value = "operator token")]
        label: String,
        #[command(flatten)]
        args: OperatorArgs,
    },
    /// Revoke a token by its id (from `airlock operator status`).
    Revoke {
        /// The token's id.
        id: String,
        #[command(flatten)]
        args: OperatorArgs,
    },
}

/// Options of `airlock serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The policy directory (policy.json, components, tests), hot-reloaded
    /// [default: the embedded defaults].
    #[arg(long, value_name = "DIR", env = "AIRLOCK_POLICY")]
    pub policy: Option<PathBuf>,
    /// The state directory [default: $AIRLOCK_STATE_DIR, else $XDG_STATE_HOME/airlock, else
    /// ~/.local/state/airlock].
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
    /// `crude`: the tools mcp_aql_read, mcp_aql_create, mcp_aql_execute; `single`: one tool,
    /// mcp_aql.
    #[arg(long, value_name = "MODE", default_value = "crude", value_parser = ["crude", "single"])]
    pub endpoint_mode: String,
    /// Override the policy's safety loop mode.
    #[arg(long, value_name = "MODE", env = "MCPAQL_SAFETY_LOOP", value_parser = parse_loop_mode)]
    pub safety_loop: Option<airlock_core::LoopMode>,
}

impl ServeArgs {
    /// Whether one `mcp_aql` tool is served.
    pub fn endpoint_mode_single(&self) -> bool {
        self.endpoint_mode == "single"
    }
}

fn parse_loop_mode(s: &str) -> Result<airlock_core::LoopMode, String> {
    airlock_core::LoopMode::parse(s)
        .ok_or_else(|| format!("'{s}' is not one of enforcing, monitoring, logging, disabled"))
}

/// Options of `airlock proxy`.
#[derive(Debug, Args)]
pub struct ProxyArgs {
    /// The safety mode: tools it does not admit are hidden, and calls are gated with it
    /// [default: policy.json's `safety_mode`, else write-destructive].
    #[arg(long, value_name = "MODE", env = "AIRLOCK_SAFETY_MODE")]
    pub safety_mode: Option<SafetyMode>,
    /// The upstream's trust level [default: its trust block in policy.json `adapters`, else
    /// untested].
    #[arg(long, value_name = "LEVEL")]
    pub trust: Option<TrustLevel>,
    /// The autonomy level (A0 previews instead of running) [default: the policy's].
    #[arg(long, value_name = "LEVEL")]
    pub autonomy: Option<AutonomyLevel>,
    /// The upstream's name in policy.json `adapters` and the audit log [default: the name the
    /// server gives itself].
    #[arg(long, value_name = "NAME")]
    pub adapter: Option<String>,
    /// Who the calls are attributed to (a hard block of this agent refuses every call).
    #[arg(long, value_name = "NAME", default_value = "proxy-client")]
    pub agent: String,
    /// The policy directory, hot-reloaded [default: the embedded defaults].
    #[arg(long, value_name = "DIR", env = "AIRLOCK_POLICY")]
    pub policy: Option<PathBuf>,
    /// The state directory [default: as for `airlock serve`].
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
    /// The upstream MCP server's command and arguments, after `--`.
    #[arg(last = true, required = true, value_name = "CMD")]
    pub command: Vec<String>,
}

/// Options of `airlock http`.
#[derive(Debug, Args)]
pub struct HttpArgs {
    /// Address to listen on (loopback by default: the API has no authentication of its own).
    #[arg(
        long,
        value_name = "ADDR",
        default_value = "127.0.0.1:8787",
        env = "AIRLOCK_HTTP_LISTEN"
    )]
    pub listen: String,
    /// Listen on a unix socket (mode 0600, 0660 with --agent-group) instead.
    #[arg(long, value_name = "PATH", conflicts_with = "listen")]
    pub unix: Option<PathBuf>,
    /// Let this group (name or number) connect to the agent side: the --unix socket and
    /// agent.sock (mode 0660). For a service user of its own (docs/deployment.md); this user
    /// must be a member.
    #[arg(long, value_name = "GROUP", env = "AIRLOCK_AGENT_GROUP")]
    pub agent_group: Option<String>,
    /// Let this group connect to operator.sock (mode 0660): its members run the operator
    /// commands without becoming airlock's user. Never the agents' group.
    #[arg(long, value_name = "GROUP", env = "AIRLOCK_OPERATOR_GROUP")]
    pub operator_group: Option<String>,
    /// The policy directory, hot-reloaded [default: the embedded defaults].
    #[arg(long, value_name = "DIR", env = "AIRLOCK_POLICY")]
    pub policy: Option<PathBuf>,
    /// The state directory [default: as for `airlock serve`].
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
    /// Override the policy's safety loop mode.
    #[arg(long, value_name = "MODE", env = "MCPAQL_SAFETY_LOOP", value_parser = parse_loop_mode)]
    pub safety_loop: Option<airlock_core::LoopMode>,
    /// Another `Host` to answer besides the listening address and its localhost forms (a
    /// reverse proxy's name): `NAME` (any port) or `NAME:PORT`; repeat it or separate names
    /// with commas. Requests addressed to any other name get 421 (DNS rebinding).
    #[arg(
        long = "allowed-host",
        value_name = "HOST",
        env = "AIRLOCK_HTTP_ALLOWED_HOSTS",
        value_delimiter = ','
    )]
    pub allowed_hosts: Vec<String>,
    /// Seconds a client may take to send a request's headers, and then its body; slower
    /// connections are closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, env = "AIRLOCK_HTTP_READ_TIMEOUT",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub read_timeout: u64,
}

/// Options of the operator commands.
#[derive(Debug, Args)]
pub struct OperatorArgs {
    /// The state directory [default: as for `airlock serve`].
    #[arg(long, value_name = "DIR")]
    pub state_dir: Option<PathBuf>,
    /// The policy directory, used only when no airlock process runs (for the human channels a
    /// reissued code goes to) [default: the embedded defaults].
    #[arg(long, value_name = "DIR", env = "AIRLOCK_POLICY")]
    pub policy: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Present this operator token (a file only you can read, made by `airlock operator token
    /// create`) instead of typing the operator passphrase.
    #[arg(long, value_name = "FILE")]
    pub token_file: Option<PathBuf>,
}

/// The operator actions.
#[derive(Debug)]
pub enum OperatorCommand {
    /// `approvals`
    Approvals,
    /// `approve ID`
    Approve {
        /// The approval.
        id: String,
    },
    /// `deny ID`
    Deny {
        /// The approval.
        id: String,
    },
    /// `blocks`
    Blocks,
    /// `unblock AGENT`
    Unblock {
        /// The agent.
        agent: String,
        /// Why.
        reason: Option<String>,
    },
    /// `reissue AGENT`
    Reissue {
        /// The agent.
        agent: String,
    },
    /// `verify CHALLENGE_ID`
    Verify {
        /// The challenge.
        challenge_id: String,
    },
    /// `audit`
    Audit {
        /// From this sequence number.
        from: u64,
        /// Keep following.
        follow: bool,
    },
    /// `trust show`
    TrustShow {
        /// The adapter.
        adapter: String,
    },
    /// `trust promote`
    TrustPromote {
        /// The adapter.
        adapter: String,
        /// The level.
        to: Option<TrustLevel>,
        /// Why.
        reason: Option<String>,
    },
    /// `trust demote`
    TrustDemote {
        /// The adapter.
        adapter: String,
        /// The level.
        to: Option<TrustLevel>,
        /// Why.
        reason: String,
    },
    /// `trust certify`
    TrustCertify {
        /// The adapter.
        adapter: String,
        /// The certification file.
        certification: PathBuf,
        /// Why.
        reason: Option<String>,
    },
    /// `status`
    Status,
    /// `operator init`
    AuthInit,
    /// `operator status`
    AuthStatus,
    /// `operator passphrase`
    AuthPassphrase,
    /// `operator token create`
    TokenCreate {
        /// Where the token goes.
        out: PathBuf,
        /// Its label.
        label: String,
    },
    /// `operator token revoke`
    TokenRevoke {
        /// The token's id.
        id: String,
    },
}

/// `airlock policy ...`
#[derive(Debug, Subcommand)]
pub enum PolicyCommand {
    /// Run a policy directory's test vectors (*.tests.json) and print PASS / FAIL for each,
    /// like `opa test`. Exit status: 0 all pass, 1 the policy does not load, 2 a vector failed.
    Test {
        /// The policy directory.
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// Print one JSON object per vector instead.
        #[arg(long)]
        json: bool,
    },
    /// Measure a policy on a labeled corpus of actions: recall (dangerous actions not allowed),
    /// stop recall (catastrophic ones verified or stopped), false positives (benign ones not
    /// allowed), per family and in total, then every miss. Each action is decided exactly as
    /// `airlock check --hint` decides it.
    ///
    /// CORPUS is a .jsonl file or a directory of them, one action a line:
    /// {"hint", "label": "stop|gate|ok", "family", "reason", "split": "tune|report", "tags"?,
    /// "recent"?}. Exit status: 0 (every target given is met), 1 usage error or a corpus or
    /// policy that does not load, 2 a target missed.
    Eval(EvalArgs),
    /// Describe a guest component: its world, contract version, exports, imports, size and
    /// sha256, without running it.
    Inspect {
        /// The .wasm component.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
}

/// The arguments of `airlock policy eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The corpus: .jsonl files or directories of them.
    #[arg(value_name = "CORPUS", required = true)]
    pub corpus: Vec<PathBuf>,
    /// A policy directory holding policy.json [default: the embedded defaults].
    #[arg(long, value_name = "DIR", env = "AIRLOCK_POLICY")]
    pub policy: Option<PathBuf>,
    /// Only the actions of this half of the corpus.
    #[arg(long, value_name = "SPLIT", value_parser = ["tune", "report"])]
    pub split: Option<String>,
    /// Print one JSON object (the figures, every action's outcome, the misses) instead.
    #[arg(long)]
    pub json: bool,
    /// Exit 2 unless the recall is at least this many percent.
    #[arg(long, value_name = "PERCENT", value_parser = parse_percent)]
    pub min_recall: Option<f64>,
    /// Exit 2 unless the stop recall is at least this many percent.
    #[arg(long, value_name = "PERCENT", value_parser = parse_percent)]
    pub min_stop_recall: Option<f64>,
    /// Exit 2 unless the false-positive rate is at most this many percent.
    #[arg(long, value_name = "PERCENT", value_parser = parse_percent)]
    pub max_false_positives: Option<f64>,
}

fn parse_percent(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim_end_matches('%')
        .parse()
        .map_err(|_| format!("'{s}' is not a percentage such as 98 or 2.5"))?;
    if (0.0..=100.0).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is not a percentage between 0 and 100"))
    }
}

/// The arguments of `airlock check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The operation (tool) name, e.g. delete_repo. Give it, --hint, or both.
    #[arg(long, value_name = "NAME", required_unless_present = "hint")]
    pub operation: Option<String>,

    /// What the agent says it will do next, in its own words: runs the policy's WebAssembly
    /// pattern stages and risk scorers on it (with the operation, when given).
    #[arg(long, value_name = "TEXT")]
    pub hint: Option<String>,

    /// An earlier hint of the same execution, oldest first (repeatable; scorers may use them).
    #[arg(long = "recent-hint", value_name = "TEXT")]
    pub recent_hints: Vec<String>,

    /// The agent's name, as the stages see it.
    #[arg(long, value_name = "NAME", default_value = "cli")]
    pub agent: String,

    /// The MCP-AQL CRUDE endpoint of the operation.
    #[arg(long, value_name = "ENDPOINT", value_parser = Endpoint::parse_any_case)]
    pub endpoint: Option<Endpoint>,

    /// The adapter's trust level [default: untested, as the spec assumes without a trust block].
    #[arg(long, value_name = "LEVEL", conflicts_with = "adapter")]
    pub trust: Option<TrustLevel>,

    /// Take the trust level from this adapter's trust block in the policy.
    #[arg(long, value_name = "NAME")]
    pub adapter: Option<String>,

    /// The autonomy level (A0-A4); without one (here or in the policy) the autonomy layer is off.
    #[arg(long, value_name = "LEVEL")]
    pub autonomy: Option<AutonomyLevel>,

    /// The base risk, instead of the one derived from the danger level (adjusters still apply).
    #[arg(long, value_name = "RISK")]
    pub risk: Option<Risk>,

    /// The safety mode, instead of the policy's.
    #[arg(long, value_name = "MODE", env = "AIRLOCK_SAFETY_MODE")]
    pub safety_mode: Option<SafetyMode>,

    /// The tool's MCP ToolAnnotations as JSON, e.g. '{"readOnlyHint":true}'.
    #[arg(long, value_name = "JSON")]
    pub annotations: Option<String>,

    /// The operation's params as a JSON object, e.g. '{"owner":"acme","repo":"widgets"}'.
    #[arg(long, value_name = "JSON")]
    pub params: Option<String>,

    /// Facts about the moment as JSON: repetitions, scopes, broadcast_target, blast_radius,
    /// notifications_last_hour, last_same_action_at, now.
    #[arg(long, value_name = "JSON")]
    pub context: Option<String>,

    /// The time to decide at (RFC 3339) [default: now].
    #[arg(long, value_name = "TIME")]
    pub now: Option<jiff::Timestamp>,

    /// A policy directory holding policy.json (or the policy.json file itself)
    /// [default: the embedded defaults].
    #[arg(long, value_name = "DIR", env = "AIRLOCK_POLICY")]
    pub policy: Option<PathBuf>,

    /// Print one JSON object instead of an explanation.
    #[arg(long)]
    pub json: bool,
}

/// Parses the command line and runs the command.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    let _ = e.print();
                    ExitCode::SUCCESS
                }
                // `airlock` (or `airlock policy`) with nothing to do: the usage goes to standard
                // error and the status is 2, as for any command run without its arguments, so
                // a script that forgot the command does not read the help as a success.
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
                    eprint!("{}", e.render());
                    ExitCode::from(EXIT_MISSING_COMMAND)
                }
                _ => {
                    let _ = e.print();
                    ExitCode::from(EXIT_USAGE)
                }
            };
        }
    };
    use OperatorCommand as Op;
    let op = crate::operator_cmd::run;
    match cli.command {
        Command::Check(args) => crate::check::run(&args),
        Command::Policy(command) => crate::policy_cmd::run(&command),
        Command::Serve(args) => crate::serve::run(&args),
        Command::Http(args) => crate::http::run(&args),
        Command::Proxy(args) => crate::proxy::run(&args),
        Command::Approvals(args) => op(&args, &Op::Approvals),
        Command::Approve { id, args } => op(&args, &Op::Approve { id }),
        Command::Deny { id, args } => op(&args, &Op::Deny { id }),
        Command::Verify { challenge_id, args } => op(&args, &Op::Verify { challenge_id }),
        Command::Blocks(args) => op(&args, &Op::Blocks),
        Command::Unblock {
            agent,
            reason,
            args,
        } => op(&args, &Op::Unblock { agent, reason }),
        Command::Reissue { agent, args } => op(&args, &Op::Reissue { agent }),
        Command::Audit { from, follow, args } => op(&args, &Op::Audit { from, follow }),
        Command::Trust(TrustCommand::Show { adapter, args }) => {
            op(&args, &Op::TrustShow { adapter })
        }
        Command::Trust(TrustCommand::Promote {
            adapter,
            to,
            reason,
            args,
        }) => op(
            &args,
            &Op::TrustPromote {
                adapter,
                to,
                reason,
            },
        ),
        Command::Trust(TrustCommand::Demote {
            adapter,
            to,
            reason,
            args,
        }) => op(
            &args,
            &Op::TrustDemote {
                adapter,
                to,
                reason,
            },
        ),
        Command::Trust(TrustCommand::Certify {
            adapter,
            certification,
            reason,
            args,
        }) => op(
            &args,
            &Op::TrustCertify {
                adapter,
                certification,
                reason,
            },
        ),
        Command::Operator(OperatorAuthCommand::Init(args)) => op(&args, &Op::AuthInit),
        Command::Operator(OperatorAuthCommand::Status(args)) => op(&args, &Op::AuthStatus),
        Command::Operator(OperatorAuthCommand::Passphrase(args)) => op(&args, &Op::AuthPassphrase),
        Command::Operator(OperatorAuthCommand::Token(TokenCommand::Create {
            out,
            label,
            args,
        })) => op(&args, &Op::TokenCreate { out, label }),
        Command::Operator(OperatorAuthCommand::Token(TokenCommand::Revoke { id, args })) => {
            op(&args, &Op::TokenRevoke { id })
        }
        Command::Init { dir } => crate::init::run(&dir),
        Command::Status(args) => op(&args, &Op::Status),
        Command::Hook(command) => crate::hook::cli::run(command),
        Command::Completions { shell } => crate::completions::completions(Cli::command(), shell),
        Command::Man { dir } => crate::completions::man(Cli::command(), dir.as_deref()),
    }
}
