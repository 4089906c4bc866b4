//! The execution safety loop's settings in `policy.json` (`safety_loop`): its mode, the step
//! limit, challenge and approval lifetimes, the verification rate limit, per-agent settings and
//! the human channels that carry codes and approval requests to a person.
//!
//! Everything has a safe default, so `{}` is a complete policy: enforcing, 10 autonomous steps,
//! 5-minute challenges, at most 10 failed verifications per agent per minute.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::tolerance::RiskTolerance;

/// The loop's mode (core spec 8.6.1), announced by introspection as `execution_safety_loop`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum LoopMode {
    /// Actions are evaluated and directives are authoritative.
    #[default]
    Enforcing,
    /// Actions are evaluated, `continue` is always true and `stopped` never set.
    Monitoring,
    /// Actions are recorded for audit without evaluation.
    Logging,
    /// The loop operations only track progress.
    Disabled,
}

impl LoopMode {
    /// The wire name.
    pub const fn as_str(self) -> &'static str {
        match self {
            LoopMode::Enforcing => "enforcing",
            LoopMode::Monitoring => "monitoring",
            LoopMode::Logging => "logging",
            LoopMode::Disabled => "disabled",
        }
    }

    /// Parses a wire name (as in `MCPAQL_SAFETY_LOOP`).
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "enforcing" => Some(LoopMode::Enforcing),
            "monitoring" => Some(LoopMode::Monitoring),
            "logging" => Some(LoopMode::Logging),
            "disabled" => Some(LoopMode::Disabled),
            _ => None,
        }
    }
}

impl fmt::Display for LoopMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The rate limit on failed verifications (core spec 8.8.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VerificationAttempts {
    /// Failed attempts allowed per window (default 10).
    #[serde(default = "default_max_failures")]
    pub max_failures: u32,
    /// The window, in seconds (default 60).
    #[serde(default = "default_window")]
    pub window_seconds: u32,
    /// The longest lockout, in seconds, however often the limit is exceeded (default 24 h).
    /// Each lockout doubles the one before.
    #[serde(default = "default_max_lockout")]
    pub max_lockout_seconds: u32,
}

impl Default for VerificationAttempts {
    fn default() -> Self {
        Self {
            max_failures: default_max_failures(),
            window_seconds: default_window(),
            max_lockout_seconds: default_max_lockout(),
        }
    }
}

fn default_max_failures() -> u32 {
    10
}
fn default_window() -> u32 {
    60
}
fn default_max_lockout() -> u32 {
    24 * 3600
}

/// The rate limit on approval requests (confirmation-tokens spec 6.5): how many an agent may
/// cause per window. Past it the request is refused with `RATE_LIMIT_EXCEEDED`, and no approval
/// is recorded and no operator is messaged, so an agent varying its params cannot flood the
/// operator or the state file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ApprovalRequests {
    /// Approval requests allowed per agent per window (default 20).
    #[serde(default = "default_max_approval_requests")]
    pub max_requests: u32,
    /// The window, in seconds (default 600).
    #[serde(default = "default_approval_window")]
    pub window_seconds: u32,
}

impl Default for ApprovalRequests {
    fn default() -> Self {
        Self {
            max_requests: default_max_approval_requests(),
            window_seconds: default_approval_window(),
        }
    }
}

fn default_max_approval_requests() -> u32 {
    20
}
fn default_approval_window() -> u32 {
    600
}

/// Settings for one agent, overriding the loop's defaults.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgentLoopSettings {
    /// This agent's step limit.
    #[serde(default)]
    pub max_autonomous_steps: Option<u32>,
    /// This agent's risk tolerance.
    #[serde(default)]
    pub risk_tolerance: Option<RiskTolerance>,
}

/// Where codes and approval requests go: a channel the agent cannot read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum HumanChannelConfig {
    /// One file per message, mode 0600, in a directory created 0700.
    File {
        /// The operator's directory.
        dir: String,
    },
    /// Runs a program with the message as JSON on its standard input.
    Command {
        /// The program (absolute path, or found on `PATH`).
        program: String,
        /// Its arguments.
        #[serde(default)]
        args: Vec<String>,
        /// How long it may run, in milliseconds (default 5000).
        #[serde(default = "default_channel_timeout")]
        timeout_ms: u32,
    },
    /// POSTs the message as JSON.
    Webhook {
        /// `http://` or `https://` URL.
        url: String,
        /// Extra headers (for example an authorization header the receiver checks).
        #[serde(default)]
        headers: BTreeMap<String, String>,
        /// How long the request may take, in milliseconds (default 5000).
        #[serde(default = "default_channel_timeout")]
        timeout_ms: u32,
    },
}

fn default_channel_timeout() -> u32 {
    5000
}

/// `safety_loop` in `policy.json`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SafetyLoopConfig {
    /// The mode (default `enforcing`). `MCPAQL_SAFETY_LOOP` overrides it at start.
    #[serde(default)]
    pub mode: LoopMode,
    /// Steps an agent may take before a person must let it go on (default 10).
    #[serde(default = "default_max_steps")]
    pub max_autonomous_steps: u32,
    /// The window in which an agent's steps count against its step limit, in seconds (default
    /// 3600). Steps count per agent across its executions: a new execution does not start the
    /// count again; a person letting the agent go on does, and so does the window passing
    /// since the first step it counts.
    #[serde(default = "default_step_window")]
    pub step_window_seconds: u32,
    /// The most steps an `execute_agent` call may ask for (default 100). An execution may
    /// always ask for fewer steps than its default, never for more than this.
    #[serde(default = "default_steps_ceiling")]
    pub max_autonomous_steps_ceiling: u32,
    /// How long a verification code is valid, in seconds (default 300).
    #[serde(default = "default_challenge_ttl")]
    pub challenge_ttl_seconds: u32,
    /// How long an approval request waits for a person, in seconds (default 900).
    #[serde(default = "default_approval_ttl")]
    pub approval_ttl_seconds: u32,
    /// How many times the same action may be reported in one execution before its tier is
    /// raised by one (default 3; 0 switches repetition escalation off).
    #[serde(default = "default_repetition")]
    pub repetition_threshold: u32,
    /// How many executions may be running at once, across all agents (default 10,000). Each
    /// is kept in memory and in the state file; past the limit `execute_agent` is refused for
    /// agents without a running execution, so agents inventing ever new names cannot grow
    /// airlock without bound.
    #[serde(default = "default_max_running_executions")]
    pub max_running_executions: u32,
    /// The rate limit on failed verifications.
    #[serde(default)]
    pub verification_attempts: VerificationAttempts,
    /// The rate limit on approval requests per agent.
    #[serde(default)]
    pub approval_requests: ApprovalRequests,
    /// Settings per agent name.
    #[serde(default)]
    pub agents: BTreeMap<String, AgentLoopSettings>,
    /// Where codes and approval requests go. Empty: a file channel in the state directory's
    /// `operator/` folder.
    #[serde(default)]
    pub human_channels: Vec<HumanChannelConfig>,
}

impl Default for SafetyLoopConfig {
    fn default() -> Self {
        Self {
            mode: LoopMode::default(),
            max_autonomous_steps: default_max_steps(),
            step_window_seconds: default_step_window(),
            max_autonomous_steps_ceiling: default_steps_ceiling(),
            challenge_ttl_seconds: default_challenge_ttl(),
            approval_ttl_seconds: default_approval_ttl(),
            repetition_threshold: default_repetition(),
            max_running_executions: default_max_running_executions(),
            verification_attempts: VerificationAttempts::default(),
            approval_requests: ApprovalRequests::default(),
            agents: BTreeMap::new(),
            human_channels: Vec::new(),
        }
    }
}

/// The reference implementation's step limit, this project's default (spec README).
pub const DEFAULT_MAX_AUTONOMOUS_STEPS: u32 = 10;

fn default_max_steps() -> u32 {
    DEFAULT_MAX_AUTONOMOUS_STEPS
}
fn default_step_window() -> u32 {
    3600
}
fn default_steps_ceiling() -> u32 {
    100
}
fn default_challenge_ttl() -> u32 {
    300
}
fn default_approval_ttl() -> u32 {
    900
}
fn default_repetition() -> u32 {
    3
}
fn default_max_running_executions() -> u32 {
    10_000
}

impl SafetyLoopConfig {
    /// Checks the ranges; the error is `(path below safety_loop, message)`.
    pub fn validate(&self) -> Result<(), (String, String)> {
        let err = |path: &str, msg: String| Err((path.to_string(), msg));
        if self.max_autonomous_steps == 0 {
            return err(
                "max_autonomous_steps",
                "must be at least 1 (every step would pause)".into(),
            );
        }
        if self.max_autonomous_steps_ceiling < self.max_autonomous_steps {
            return err(
                "max_autonomous_steps_ceiling",
                format!(
                    "{} is below max_autonomous_steps ({})",
                    self.max_autonomous_steps_ceiling, self.max_autonomous_steps
                ),
            );
        }
        if !(10..=3600).contains(&self.challenge_ttl_seconds) {
            return err(
                "challenge_ttl_seconds",
                format!(
                    "{} is outside 10..=3600 seconds",
                    self.challenge_ttl_seconds
                ),
            );
        }
        if !(10..=7 * 24 * 3600).contains(&self.approval_ttl_seconds) {
            return err(
                "approval_ttl_seconds",
                format!(
                    "{} is outside 10..=604800 seconds",
                    self.approval_ttl_seconds
                ),
            );
        }
        if !(1..=30 * 24 * 3600).contains(&self.step_window_seconds) {
            return err(
                "step_window_seconds",
                format!(
                    "{} is outside 1..=2592000 seconds",
                    self.step_window_seconds
                ),
            );
        }
        let r = &self.approval_requests;
        if !(1..=100_000).contains(&r.max_requests) {
            return err(
                "approval_requests.max_requests",
                format!("{} is outside 1..=100000", r.max_requests),
            );
        }
        if !(1..=7 * 24 * 3600).contains(&r.window_seconds) {
            return err(
                "approval_requests.window_seconds",
                format!("{} is outside 1..=604800 seconds", r.window_seconds),
            );
        }
        if !(1..=1_000_000).contains(&self.max_running_executions) {
            return err(
                "max_running_executions",
                format!("{} is outside 1..=1000000", self.max_running_executions),
            );
        }
        let a = &self.verification_attempts;
        if a.max_failures == 0 || a.max_failures > 1000 {
            return err(
                "verification_attempts.max_failures",
                format!("{} is outside 1..=1000", a.max_failures),
            );
        }
        if a.window_seconds == 0 {
            return err(
                "verification_attempts.window_seconds",
                "must be at least 1".into(),
            );
        }
        if a.max_lockout_seconds < a.window_seconds {
            return err(
                "verification_attempts.max_lockout_seconds",
                format!(
                    "{} is below the window ({} s)",
                    a.max_lockout_seconds, a.window_seconds
                ),
            );
        }
        for (name, agent) in &self.agents {
            if name.is_empty() {
                return err("agents", "an agent name is empty".into());
            }
            if let Some(steps) = agent.max_autonomous_steps
                && (steps == 0 || steps > self.max_autonomous_steps_ceiling)
            {
                return err(
                    &format!("agents.{name}.max_autonomous_steps"),
                    format!(
                        "{steps} is outside 1..={} (max_autonomous_steps_ceiling)",
                        self.max_autonomous_steps_ceiling
                    ),
                );
            }
        }
        for (i, channel) in self.human_channels.iter().enumerate() {
            let path = format!("human_channels[{i}]");
            match channel {
                HumanChannelConfig::File { dir } => {
                    if dir.trim().is_empty() {
                        return err(&format!("{path}.dir"), "is empty".into());
                    }
                }
                HumanChannelConfig::Command {
                    program,
                    timeout_ms,
                    ..
                } => {
                    if program.trim().is_empty() {
                        return err(&format!("{path}.program"), "is empty".into());
                    }
                    check_timeout(&path, *timeout_ms)?;
                }
                HumanChannelConfig::Webhook {
                    url, timeout_ms, ..
                } => {
                    if !(url.starts_with("http://") || url.starts_with("https://")) {
                        return err(
                            &format!("{path}.url"),
                            format!("'{url}' is not an http:// or https:// URL"),
                        );
                    }
                    check_timeout(&path, *timeout_ms)?;
                }
            }
        }
        Ok(())
    }

    /// The step limit and risk tolerance for `agent`: its own settings, else the defaults
    /// (`tolerance` is the policy's `stages.risk_tolerance`).
    pub fn agent_defaults(&self, agent: &str, tolerance: RiskTolerance) -> (u32, RiskTolerance) {
        let own = self.agents.get(agent);
        (
            own.and_then(|a| a.max_autonomous_steps)
                .unwrap_or(self.max_autonomous_steps),
            own.and_then(|a| a.risk_tolerance).unwrap_or(tolerance),
        )
    }
}

fn check_timeout(path: &str, timeout_ms: u32) -> Result<(), (String, String)> {
    if !(100..=60_000).contains(&timeout_ms) {
        return Err((
            format!("{path}.timeout_ms"),
            format!("{timeout_ms} is outside 100..=60000"),
        ));
    }
    Ok(())
}

/// Whether `requested` is no looser than `configured` (conservative < moderate < aggressive):
/// an agent may ask to be paused more often, never less.
pub const fn tolerance_within(requested: RiskTolerance, configured: RiskTolerance) -> bool {
    requested.threshold() <= configured.threshold()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_section_is_the_safe_default() {
        let c: SafetyLoopConfig = serde_json::from_str("{}").expect("parse");
        assert_eq!(c, SafetyLoopConfig::default());
        assert_eq!(c.mode, LoopMode::Enforcing);
        assert_eq!(c.max_autonomous_steps, 10);
        assert_eq!(c.challenge_ttl_seconds, 300);
        assert_eq!(c.max_running_executions, 10_000);
        assert_eq!(c.step_window_seconds, 3600);
        assert_eq!(c.approval_requests.max_requests, 20);
        assert_eq!(c.approval_requests.window_seconds, 600);
        assert_eq!(c.verification_attempts.max_failures, 10);
        assert_eq!(c.verification_attempts.window_seconds, 60);
        assert!(c.validate().is_ok());
    }

    #[test]
    fn channels_parse_by_kind_and_bad_ones_name_their_path() {
        let c: SafetyLoopConfig = serde_json::from_str(
            r#"{"human_channels": [
                {"kind": "file", "dir": "/var/lib/airlock/operator"},
                {"kind": "command", "program": "notify-send", "args": ["airlock"]},
                {"kind": "webhook", "url": "https://ops.example/hook", "headers": {"x-token": "t"}}
            ]}"#,
        )
        .expect("parse");
        assert_eq!(c.human_channels.len(), 3);
        assert!(c.validate().is_ok());

        let bad: SafetyLoopConfig =
            serde_json::from_str(r#"{"human_channels": [{"kind": "webhook", "url": "ftp://x"}]}"#)
                .expect("parse");
        let (path, msg) = bad.validate().expect_err("ftp is refused");
        assert_eq!(path, "human_channels[0].url");
        assert!(msg.contains("ftp://x"), "{msg}");
        assert!(
            serde_json::from_str::<SafetyLoopConfig>(r#"{"human_channels": [{"kind": "sms"}]}"#)
                .is_err()
        );
        assert!(serde_json::from_str::<SafetyLoopConfig>(r#"{"max_steps": 3}"#).is_err());
    }

    #[test]
    fn ranges_are_checked() {
        let cases = [
            (r#"{"max_autonomous_steps": 0}"#, "max_autonomous_steps"),
            (
                r#"{"max_autonomous_steps": 50, "max_autonomous_steps_ceiling": 20}"#,
                "max_autonomous_steps_ceiling",
            ),
            (r#"{"challenge_ttl_seconds": 1}"#, "challenge_ttl_seconds"),
            (r#"{"max_running_executions": 0}"#, "max_running_executions"),
            (r#"{"step_window_seconds": 0}"#, "step_window_seconds"),
            (
                r#"{"approval_requests": {"max_requests": 0}}"#,
                "approval_requests.max_requests",
            ),
            (
                r#"{"verification_attempts": {"max_failures": 0}}"#,
                "verification_attempts.max_failures",
            ),
            (
                r#"{"agents": {"bot": {"max_autonomous_steps": 1000}}}"#,
                "agents.bot.max_autonomous_steps",
            ),
        ];
        for (text, want) in cases {
            let c: SafetyLoopConfig = serde_json::from_str(text).expect(text);
            let (path, _) = c.validate().expect_err(text);
            assert_eq!(path, want, "{text}");
        }
    }

    #[test]
    fn agents_get_their_own_settings_and_may_only_be_stricter() {
        let c: SafetyLoopConfig = serde_json::from_str(
            r#"{"agents": {"deployer": {"max_autonomous_steps": 3, "risk_tolerance": "conservative"}}}"#,
        )
        .expect("parse");
        assert_eq!(
            c.agent_defaults("deployer", RiskTolerance::Moderate),
            (3, RiskTolerance::Conservative)
        );
        assert_eq!(
            c.agent_defaults("other", RiskTolerance::Aggressive),
            (10, RiskTolerance::Aggressive)
        );
        assert!(tolerance_within(
            RiskTolerance::Conservative,
            RiskTolerance::Moderate
        ));
        assert!(!tolerance_within(
            RiskTolerance::Aggressive,
            RiskTolerance::Moderate
        ));
    }

    #[test]
    fn modes_have_their_wire_names() {
        for m in [
            LoopMode::Enforcing,
            LoopMode::Monitoring,
            LoopMode::Logging,
            LoopMode::Disabled,
        ] {
            assert_eq!(LoopMode::parse(m.as_str()), Some(m));
            assert_eq!(
                serde_json::to_value(m).expect("json"),
                serde_json::json!(m.as_str())
            );
        }
        assert_eq!(LoopMode::parse("on"), None);
    }
}
