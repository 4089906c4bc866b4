//! Vendors' published development credentials: a call made with one reaches a test mode or a
//! local emulator, never anyone's live data. Stripe's test keys (`sk_test_`, `rk_test_`) move
//! no money; Azure Storage's `UseDevelopmentStorage=true` is the documented connection string
//! of the local emulator (Azurite, 127.0.0.1:10000-10002); LocalStack's documented `test` /
//! `test` keys are no AWS account's, so a call that reaches AWS itself with them is refused.
//!
//! One table ([`CREDENTIALS`]) says, per CLI, where its credential comes from (an option, then
//! a variable set on the line, then one an earlier step exported: the CLI's own precedence),
//! what a development credential looks like, and what on the line would send the call
//! elsewhere anyway (a live switch, another account, a profile, an endpoint, anonymous
//! requests). Only the CLI's own findings about what the call changes are lowered; a
//! credential in words (`echo`, a sentence) sets nothing, and anything else on the line keeps
//! its grade.

use super::carried::setting;
use super::{Cmd, Context};
use crate::finding::{Family, Finding, Severity};

/// A CLI whose credential may be a published development one.
struct Credential {
    program: &'static str,
    /// The first operand (the service), when only one is reached this way.
    service: Option<&'static str>,
    /// The second operand must be one of these (the data plane), when given.
    plane: &'static [&'static str],
    /// The option that carries the credential, then the variables, in the CLI's precedence.
    option: &'static str,
    variables: &'static [&'static str],
    /// What a development credential is.
    development: fn(&str) -> bool,
    /// Options and variables that send the call elsewhere whatever the credential.
    elsewhere: &'static [&'static str],
    elsewhere_variables: &'static [&'static str],
    /// Which findings of the command are about what the call changes.
    family: Family,
    /// What the message says the credential is.
    what: &'static str,
}

fn stripe_test_key(v: &str) -> bool {
    v.starts_with("sk_test_") || v.starts_with("rk_test_")
}

/// The storage emulator's published account key (the same in Azurite and the older Storage
/// Emulator): no real account has it, so a call signed with it reaches only the emulator.
const AZURITE_KEY: &str =
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

/// The emulator's shortcut connection string, or a connection string signed with its key
/// (and no shared access signature, which would sign it instead).
fn azurite(v: &str) -> bool {
    v.eq_ignore_ascii_case("UseDevelopmentStorage=true")
        || v.eq_ignore_ascii_case("UseDevelopmentStorage=true;")
        || v.split(';')
            .any(|part| part.strip_prefix("AccountKey=") == Some(AZURITE_KEY))
            && !v.to_ascii_lowercase().contains("sharedaccesssignature")
}

fn localstack(v: &str) -> bool {
    v == "test"
}

/// An emulator's address on this machine (`localhost:8080`, `127.0.0.1:8086`,
/// `http://[::1]:8085/`): the documented form of the `*_EMULATOR_HOST` variables and of
/// gcloud's endpoint overrides. A host elsewhere, or no port, is not an emulator here.
fn loopback_emulator(v: &str) -> bool {
    let rest = v
        .strip_prefix("http://")
        .or_else(|| v.strip_prefix("https://"))
        .unwrap_or(v);
    let authority = rest.split('/').next().unwrap_or("");
    let Some((host, port)) = authority.rsplit_once(':') else {
        return false;
    };
    let host = host.trim_matches(['[', ']']);
    (host.eq_ignore_ascii_case("localhost")
        || host == "::1"
        || host.starts_with("127.") && host.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        && !port.is_empty()
        && port.bytes().all(|b| b.is_ascii_digit())
        && !rest[authority.len()..].contains(['@', '?', '#'])
}

/// What the message says of a CLI pointed at a local emulator.
const EMULATOR: &str = "a local emulator, named by the variable the CLI reads";

/// A CLI pointed at a local emulator by the variable the CLI itself reads (from each tool's
/// documentation: the Firebase CLI reads `FIRESTORE_EMULATOR_HOST` for `firestore:*` and
/// `FIREBASE_DATABASE_EMULATOR_HOST` for `database:*`, `cbt` reads `BIGTABLE_EMULATOR_HOST`,
/// gcloud reads its endpoint overrides `CLOUDSDK_API_ENDPOINT_OVERRIDES_<API>`). A variable
/// the CLI does not read (`PUBSUB_EMULATOR_HOST` is the client libraries', not gcloud's)
/// points nothing anywhere.
const fn emulator(
    program: &'static str,
    service: Option<&'static str>,
    variable: &'static [&'static str],
    family: Family,
) -> Credential {
    Credential {
        program,
        service,
        plane: &[],
        option: "",
        variables: variable,
        development: loopback_emulator,
        elsewhere: &[],
        elsewhere_variables: &[],
        family,
        what: EMULATOR,
    }
}

const CREDENTIALS: &[Credential] = &[
    Credential {
        program: "stripe",
        service: None,
        plane: &[],
        option: "--api-key",
        variables: &["STRIPE_API_KEY"],
        development: stripe_test_key,
        elsewhere: &["--live"],
        elsewhere_variables: &[],
        family: Family::Business,
        what: "a Stripe test-mode key: no money moves",
    },
    Credential {
        program: "az",
        service: Some("storage"),
        plane: &[
            "blob",
            "container",
            "queue",
            "message",
            "table",
            "entity",
            "share",
            "file",
            "directory",
            "fs",
            "cors",
            "logging",
            "metrics",
        ],
        option: "--connection-string",
        variables: &["AZURE_STORAGE_CONNECTION_STRING"],
        development: azurite,
        elsewhere: &[
            "--account-name",
            "--account-key",
            "--sas-token",
            "--auth-mode",
            "--blob-endpoint",
            "--queue-endpoint",
            "--table-endpoint",
            "--file-endpoint",
            "--blob-url",
            "--subscription",
        ],
        elsewhere_variables: &[
            "AZURE_STORAGE_ACCOUNT",
            "AZURE_STORAGE_KEY",
            "AZURE_STORAGE_SAS_TOKEN",
            "AZURE_STORAGE_AUTH_MODE",
            "AZURE_STORAGE_SERVICE_ENDPOINT",
        ],
        family: Family::Cloud,
        what: "the Azure Storage emulator's development connection string",
    },
    emulator(
        "firebase",
        Some("firestore:"),
        &["FIRESTORE_EMULATOR_HOST"],
        Family::Database,
    ),
    emulator(
        "firebase",
        Some("database:"),
        &["FIREBASE_DATABASE_EMULATOR_HOST"],
        Family::Database,
    ),
    emulator("cbt", None, &["BIGTABLE_EMULATOR_HOST"], Family::Database),
    emulator(
        "gcloud",
        Some("pubsub"),
        &["CLOUDSDK_API_ENDPOINT_OVERRIDES_PUBSUB"],
        Family::Database,
    ),
    emulator(
        "gcloud",
        Some("spanner"),
        &["CLOUDSDK_API_ENDPOINT_OVERRIDES_SPANNER"],
        Family::Database,
    ),
    emulator(
        "gcloud",
        Some("firestore"),
        &["CLOUDSDK_API_ENDPOINT_OVERRIDES_FIRESTORE"],
        Family::Database,
    ),
    emulator(
        "gcloud",
        Some("datastore"),
        &["CLOUDSDK_API_ENDPOINT_OVERRIDES_DATASTORE"],
        Family::Database,
    ),
    emulator(
        "gcloud",
        Some("bigtable"),
        &["CLOUDSDK_API_ENDPOINT_OVERRIDES_BIGTABLEADMIN"],
        Family::Database,
    ),
    emulator(
        "gcloud",
        Some("storage"),
        &["CLOUDSDK_API_ENDPOINT_OVERRIDES_STORAGE"],
        Family::Cloud,
    ),
];

/// Every value of an option (`--x v`, `--x=v`), in order.
fn values<'c>(cmd: &Cmd<'c>, name: &str) -> Vec<&'c str> {
    let mut out = Vec::new();
    let mut it = cmd.args.iter();
    while let Some(a) = it.next() {
        if **a == *name {
            out.push(it.next().map_or("", |v| &**v));
        } else if let Some(v) = a.strip_prefix(name).and_then(|v| v.strip_prefix('=')) {
            out.push(v);
        }
    }
    out
}

/// What development credential `cmd` provably uses, if any.
fn development(cmd: &Cmd<'_>, ctx: &Context) -> Option<(&'static str, Family)> {
    if cmd.program == "aws" {
        return localstack_keys(cmd, ctx).then_some((
            "LocalStack's published test keys, which no AWS account accepts",
            Family::Cloud,
        ));
    }
    if !CREDENTIALS.iter().any(|c| c.program == cmd.program) {
        return None;
    }
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    // The service is the first operand, or its topic for a `topic:command` CLI (`firestore:`).
    let serves = |s: &str| {
        ops.first()
            .is_some_and(|o| *o == s || s.ends_with(':') && o.starts_with(s))
    };
    let c = CREDENTIALS
        .iter()
        .find(|c| c.program == cmd.program && c.service.is_none_or(serves))?;
    // An emulator's address proves nothing once a port of this machine reaches another host.
    if c.option.is_empty() && ctx.env.forwarded {
        return None;
    }
    // `--account-key` with the emulator's published key signs for no real account.
    let keys = values(cmd, "--account-key");
    let emulator_key = cmd.program == "az"
        && !keys.is_empty()
        && keys
            .iter()
            .all(|k| k.trim_matches(['\'', '"']) == AZURITE_KEY)
        && !cmd.words().any(|w| {
            ["--sas-token", "--connection-string", "--auth-mode"]
                .iter()
                .any(|o| w.starts_with(o))
        });
    if !c.plane.is_empty() && !ops.get(1).is_some_and(|p| c.plane.contains(p)) {
        return None;
    }
    if emulator_key && ops.first() == Some(&"storage") {
        return Some((c.what, c.family));
    }
    if cmd.words().any(|w| {
        c.elsewhere
            .iter()
            .any(|e| w == *e || w.starts_with(e) && w[e.len()..].starts_with('='))
    }) || c
        .elsewhere_variables
        .iter()
        .any(|v| setting(cmd, ctx, v).is_some_and(|x| !x.is_empty()))
    {
        return None;
    }
    let on_line = if c.option.is_empty() {
        Vec::new()
    } else {
        values(cmd, c.option)
    };
    let ok = if on_line.is_empty() {
        let v = c.variables.iter().find_map(|v| setting(cmd, ctx, v))?;
        (c.development)(v)
    } else {
        on_line
            .iter()
            .all(|v| (c.development)(v.trim_matches(['\'', '"'])))
    };
    ok.then_some((c.what, c.family))
}

/// The AWS CLI signing with LocalStack's `test`/`test` keys (set on the line or exported; they
/// come before a profile named by a variable, but not before `--profile`), sent to AWS itself
/// or a loopback endpoint, and not unsigned.
fn localstack_keys(cmd: &Cmd<'_>, ctx: &Context) -> bool {
    let loopback = |v: &str| {
        let host = super::scope::url_host(v, &[':', '/']);
        host == "localhost" || host.starts_with("127.") || host == "::1"
    };
    setting(cmd, ctx, "AWS_ACCESS_KEY_ID").is_some_and(localstack)
        && setting(cmd, ctx, "AWS_SECRET_ACCESS_KEY").is_some_and(localstack)
        && !cmd.words().any(|w| {
            w.starts_with("--profile") || w.starts_with("--no-sign") || w.starts_with("--endpoint")
        })
        && values(cmd, "--endpoint-url").iter().all(|v| loopback(v))
        && setting(cmd, ctx, "AWS_PROFILE").is_none()
        && setting(cmd, ctx, "AWS_DEFAULT_PROFILE").is_none()
        && !ctx
            .env
            .exported
            .iter()
            .map(|(n, _)| n.as_str())
            .chain(
                cmd.assignments
                    .iter()
                    .filter_map(|w| w.split_once('=').map(|(n, _)| n)),
            )
            .any(|n| n.starts_with("AWS_ENDPOINT_URL"))
        // A profile's endpoint set by an earlier step (`aws configure set endpoint_url`).
        && !ctx
            .env
            .defined
            .ids(super::defined::Kind::Alias)
            .any(|i| i.starts_with("aws:"))
}

/// Lowers what this command's own reader found about the change it makes, when it provably
/// runs with a published development credential.
pub fn lower(cmd: &Cmd<'_>, ctx: &Context, found: &mut [Finding]) {
    let prefix = format!("{} ", cmd.program);
    // The CLI's own reader or the cloud reader, in the credential's family; or the generic
    // reader's reading of this same command (`generic: \`az storage blob delete-batch ...\``),
    // whatever family it guessed: the call it reads is the one the credential sends.
    let about = |f: &Finding, family: Family| {
        f.severity > Severity::Note
            && (f.family == family
                && (f.message.starts_with(&prefix) || f.code.starts_with("cloud."))
                || f.code.starts_with("generic."))
            && !f.code.starts_with("secrets.")
            && !f.code.starts_with("exfiltration.")
    };
    if !found.iter().any(|f| {
        matches!(
            f.family,
            Family::Business | Family::Cloud | Family::Database
        ) && f.severity > Severity::Note
    }) {
        return;
    }
    let Some((what, family)) = development(cmd, ctx) else {
        return;
    };
    // An emulator the CLI is pointed at holds every object of the command: its cloud and
    // database findings, however a reader worded them, are about the emulator's objects.
    let emulated = what == EMULATOR;
    for f in found.iter_mut().filter(|f| {
        about(f, family)
            || emulated
                && matches!(f.family, Family::Cloud | Family::Database)
                && f.severity > Severity::Note
                && !f.code.starts_with("secrets.")
                && !f.code.starts_with("exfiltration.")
    }) {
        f.severity = Severity::Note;
        f.message = format!("with {what}: {}", f.message);
    }
}
