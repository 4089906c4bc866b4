//! Build artifacts sent to the account this machine's CLI is configured for: source maps and
//! debug symbols to an error tracker (Sentry, Bugsnag, Datadog, Crashlytics, App Center),
//! coverage and test reports to a coverage service (Codecov, Coveralls, Datadog CI). These
//! uploads are how the project's own monitoring works; the account is the one the operator
//! set up (a config file, a token in CI), not one the agent names.
//!
//! One table ([`UPLOADERS`]) says, per CLI, the commands that upload build artifacts and the
//! options and variables that would send them elsewhere (another server, another account's
//! token). Lowered only when:
//! - the command is one of those uploads, with no such option on the line and no such
//!   variable set by the line or exported by an earlier step;
//! - no earlier step logged the CLI in or configured it (`sentry-cli login`, `codecov
//!   --token` in a config): the account would then be whoever's token that was;
//! - every path operand is inside the project (relative, no `..`) and no secret (`.env`, a
//!   key): `sentry-cli debug-files upload ~/.ssh` keeps its grade.
//!
//! Only the command's exfiltration findings are lowered.

use super::defined::Kind;
use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};

/// A CLI that uploads build artifacts to its configured account.
struct Uploader {
    program: &'static str,
    /// Command paths (operands from the first) that upload build artifacts.
    uploads: &'static [&'static [&'static str]],
    /// Options that name another server or account.
    elsewhere: &'static [&'static str],
    /// Variables that do the same.
    variables: &'static [&'static str],
    /// What the service is, for the message.
    what: &'static str,
}

const UPLOADERS: &[Uploader] = &[
    Uploader {
        program: "sentry-cli",
        uploads: &[
            &["sourcemaps", "upload"],
            &["sourcemaps", "inject"],
            &["debug-files", "upload"],
            &["difutil", "check"],
            &["upload-dif"],
            &["upload-dsym"],
            &["upload-proguard"],
            &["releases", "files"],
            &["releases", "new"],
            &["releases", "finalize"],
            &["releases", "set-commits"],
            &["deploys", "new"],
        ],
        elsewhere: &["--url", "--auth-token", "--api-key", "--header"],
        variables: &["SENTRY_URL", "SENTRY_AUTH_TOKEN", "SENTRY_API_KEY"],
        what: "the project's Sentry",
    },
    Uploader {
        program: "datadog-ci",
        uploads: &[
            &["sourcemaps", "upload"],
            &["dsyms", "upload"],
            &["flutter-symbols", "upload"],
            &["react-native", "upload"],
            &["unity-symbols", "upload"],
            &["elf-symbols", "upload"],
            &["pe-symbols", "upload"],
            &["junit", "upload"],
            &["sarif", "upload"],
            &["sbom", "upload"],
            &["coverage", "upload"],
            &["git-metadata", "upload"],
        ],
        elsewhere: &[],
        variables: &["DATADOG_SITE", "DD_SITE", "DATADOG_API_KEY", "DD_API_KEY"],
        what: "the project's Datadog",
    },
    Uploader {
        program: "bugsnag-cli",
        uploads: &[&["upload"], &["create-build"]],
        elsewhere: &["--api-key", "--upload-api-root-url", "--build-api-root-url"],
        variables: &["BUGSNAG_API_KEY"],
        what: "the project's Bugsnag",
    },
    Uploader {
        program: "bugsnag-source-maps",
        uploads: &[
            &["upload-browser"],
            &["upload-node"],
            &["upload-react-native"],
        ],
        elsewhere: &["--api-key", "--endpoint"],
        variables: &[],
        what: "the project's Bugsnag",
    },
    Uploader {
        program: "codecov",
        uploads: &[&[]],
        elsewhere: &["-u", "--url", "-t", "--token", "--enterprise-url"],
        variables: &["CODECOV_TOKEN", "CODECOV_URL"],
        what: "the project's Codecov",
    },
    Uploader {
        program: "codecovcli",
        uploads: &[
            &["upload-process"],
            &["do-upload"],
            &["create-commit"],
            &["create-report"],
        ],
        elsewhere: &["-u", "--url", "-t", "--token", "--enterprise-url"],
        variables: &["CODECOV_TOKEN", "CODECOV_URL"],
        what: "the project's Codecov",
    },
    Uploader {
        program: "coveralls",
        uploads: &[&["report"], &["done"]],
        elsewhere: &["--repo-token", "--coveralls-endpoint"],
        variables: &["COVERALLS_REPO_TOKEN", "COVERALLS_ENDPOINT"],
        what: "the project's Coveralls",
    },
    Uploader {
        program: "firebase",
        uploads: &[
            &["crashlytics:symbols:upload"],
            &["crashlytics:mappingfile:upload"],
        ],
        elsewhere: &["--token"],
        variables: &["FIREBASE_TOKEN"],
        what: "the project's Crashlytics",
    },
    Uploader {
        program: "appcenter",
        uploads: &[
            &["crashes", "upload-symbols"],
            &["crashes", "upload-mappings"],
        ],
        elsewhere: &["--token"],
        variables: &["APPCENTER_ACCESS_TOKEN"],
        what: "the project's App Center",
    },
];

/// Subcommands that change which account a CLI uses.
const LOG_IN: &[&str] = &["login", "configure", "config", "auth", "login:ci", "use"];

/// Records an earlier step's login or configuration of an uploader: its account may be
/// anyone's from then on.
pub fn record(cmd: &Cmd<'_>, ctx: &mut Context) {
    if !UPLOADERS.iter().any(|u| u.program == cmd.program) {
        return;
    }
    let first = cmd.operands(&[]).next().unwrap_or("");
    if LOG_IN.contains(&first) {
        let step = ctx.env.step;
        ctx.env.defined.define(
            Kind::Alias,
            &format!("account:{}", cmd.program),
            "changed",
            step,
            None,
        );
    }
}

fn set(cmd: &Cmd<'_>, ctx: &Context, name: &str) -> bool {
    cmd.assignments
        .iter()
        .chain(cmd.prefix.iter())
        .any(|w| w.strip_prefix(name).is_some_and(|r| r.starts_with('=')))
        || ctx.env.exported.iter().any(|(n, _)| n == name)
}

/// Where an upload by one of the [`UPLOADERS`] goes, and what it sends.
enum Upload {
    /// Build artifacts to the account configured here.
    Configured(&'static str),
    /// To a server or an account named on the line or logged into by an earlier step.
    Elsewhere,
    /// A secret, a copy of one, or files outside the project (the home, the root, `..`).
    Outside(String),
}

fn upload(cmd: &Cmd<'_>, ctx: &Context) -> Option<Upload> {
    let u = UPLOADERS.iter().find(|u| u.program == cmd.program)?;
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    // The command path, after the values of global options (`sentry-cli --url U
    // sourcemaps upload`).
    if !u
        .uploads
        .iter()
        .any(|path| path.is_empty() || ops.windows(path.len()).any(|w| w == *path))
    {
        return None;
    }
    // Option values are among the operands (`--org acme`, `--minified-path-prefix
    // /static/js`): what must not be there is a secret, a copy of one, the home, a path that
    // leaves the project, or the root or a system folder.
    let outside = ops.iter().find(|o| {
        let o = o.trim_matches(['"', '\'']);
        super::paths::secret(o).is_some()
            || ctx.secret_copy(o).is_some()
            || o.starts_with(['~', '$'])
            || o.split('/').any(|c| c == "..")
            || matches!(
                super::paths::scope(o),
                super::paths::Scope::Catastrophic | super::paths::Scope::Wide
            )
    });
    if let Some(o) = outside {
        return Some(Upload::Outside((*o).to_owned()));
    }
    let elsewhere = cmd.words().any(|w| {
        u.elsewhere
            .iter()
            .any(|e| w == *e || w.starts_with(&format!("{e}=")))
    });
    if elsewhere
        || u.variables.iter().any(|v| set(cmd, ctx, v))
        || ctx
            .env
            .defined
            .has(Kind::Alias, &format!("account:{}", cmd.program))
        || cmd.piped_in
    {
        return Some(Upload::Elsewhere);
    }
    Some(Upload::Configured(u.what))
}

/// Judges an upload that leaves the configured account or the project.
pub fn judge(cmd: &Cmd<'_>, ctx: &Context, out: &mut Vec<Finding>) {
    match upload(cmd, ctx) {
        Some(Upload::Outside(what)) => {
            let secret = super::paths::secret(&what).is_some() || ctx.secret_copy(&what).is_some();
            out.push(super::finding(
                Family::Exfiltration,
                "exfiltration.upload",
                if secret {
                    Severity::Verify
                } else {
                    Severity::Confirm
                },
                format!(
                    "{} uploads {what}, {}, to a service outside this machine",
                    cmd.program,
                    if secret {
                        "a secret"
                    } else {
                        "files outside the project"
                    }
                ),
            ));
        }
        Some(Upload::Elsewhere) => out.push(super::finding(
            Family::Exfiltration,
            "exfiltration.upload",
            Severity::Confirm,
            format!(
                "{} uploads the project's files to a server or account named on the line or logged into a step before, not the one configured here",
                cmd.program
            ),
        )),
        _ => {}
    }
}

/// Lowers what this command's readers found about the data it sends, when it is a build
/// artifact upload to the configured account.
pub fn lower(cmd: &Cmd<'_>, ctx: &Context, found: &mut [Finding]) {
    if !found
        .iter()
        .any(|f| f.family == Family::Exfiltration && f.severity > Severity::Note)
    {
        return;
    }
    let Some(Upload::Configured(what)) = upload(cmd, ctx) else {
        return;
    };
    crate::finding::lower_to_note(
        found,
        &[Family::Exfiltration],
        &format!("build artifacts to {what} (the account configured here)"),
    );
}
