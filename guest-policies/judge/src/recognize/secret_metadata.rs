//! Secret reads that return a secret's metadata, not its value: the command that would print
//! a value is told to print only its name, version, dates, ARN or attributes (`aws
//! secretsmanager get-secret-value --query VersionStages`, `az keyvault secret show --query
//! attributes`, `gcloud secrets versions access --format='value(name)'`, `doppler secrets
//! --only-names`, `pass ls`). Reads that never return a value (`describe-secret`, `kv metadata
//! get`, `secret list`) are not graded as reads to begin with ([`super::secrets`]).
//!
//! One table ([`READERS`]) says, per vendor CLI and subcommand, how its output is narrowed and
//! which fields of the answer carry no value. The agent writes every word, so the narrowing is
//! read strictly: every occurrence of the option (the last one wins in these CLIs), no
//! abbreviation of it, a projection made of field names only (no function, wildcard, current
//! node or literal), each one a field the table lists. Anything else is a read, as before.

use super::Cmd;
use crate::finding::{Family, Finding, Severity};

/// How a reader's output is narrowed to metadata.
enum Narrowed {
    /// A JMESPath `--query` (the AWS and Azure CLIs) whose fields are all of these.
    Query(&'static [&'static str]),
    /// A gcloud `--format=KIND(field,...)` projection whose fields start with one of these.
    Format(&'static [&'static str]),
    /// An option that prints names only, with no subcommand after the program's words.
    NamesOption(&'static str),
    /// A listing subcommand (the last word of the entry) and nothing after it.
    Listing,
}

/// A reader: the program, the operands its subcommand starts with, how it is narrowed.
struct Reader {
    program: &'static str,
    words: &'static [&'static str],
    narrowed: Narrowed,
}

/// Fields of AWS Secrets Manager's `GetSecretValue` answer that are not the secret.
const AWS_SECRET_FIELDS: &[&str] = &["ARN", "Name", "VersionId", "VersionStages", "CreatedDate"];
/// Fields of SSM's `GetParameter(s)` answer that are not the value.
const AWS_PARAMETER_FIELDS: &[&str] = &[
    "Parameter",
    "Parameters",
    "Name",
    "Type",
    "Version",
    "LastModifiedDate",
    "ARN",
    "DataType",
    "Selector",
    "SourceResult",
    "InvalidParameters",
];
/// Fields of a Key Vault secret bundle that are not the value.
const AZ_SECRET_FIELDS: &[&str] = &[
    "attributes",
    "id",
    "name",
    "tags",
    "contentType",
    "kid",
    "managed",
    "enabled",
    "created",
    "updated",
    "expires",
    "notBefore",
    "recoveryLevel",
    "recoverableDays",
];
/// Fields of a Secret Manager version that are not its payload.
const GCLOUD_VERSION_FIELDS: &[&str] = &[
    "name",
    "state",
    "createTime",
    "destroyTime",
    "etag",
    "replicationStatus",
];

const READERS: &[Reader] = &[
    Reader {
        program: "aws",
        words: &["secretsmanager", "get-secret-value"],
        narrowed: Narrowed::Query(AWS_SECRET_FIELDS),
    },
    Reader {
        program: "aws",
        words: &["ssm", "get-parameter"],
        narrowed: Narrowed::Query(AWS_PARAMETER_FIELDS),
    },
    Reader {
        program: "aws",
        words: &["ssm", "get-parameters"],
        narrowed: Narrowed::Query(AWS_PARAMETER_FIELDS),
    },
    Reader {
        program: "aws",
        words: &["ssm", "get-parameters-by-path"],
        narrowed: Narrowed::Query(AWS_PARAMETER_FIELDS),
    },
    Reader {
        program: "az",
        words: &["keyvault", "secret", "show"],
        narrowed: Narrowed::Query(AZ_SECRET_FIELDS),
    },
    Reader {
        program: "az",
        words: &["keyvault", "secret", "show-deleted"],
        narrowed: Narrowed::Query(AZ_SECRET_FIELDS),
    },
    Reader {
        program: "gcloud",
        words: &["secrets", "versions", "access"],
        narrowed: Narrowed::Format(GCLOUD_VERSION_FIELDS),
    },
    Reader {
        program: "doppler",
        words: &["secrets"],
        narrowed: Narrowed::NamesOption("--only-names"),
    },
    Reader {
        program: "pass",
        words: &["ls"],
        narrowed: Narrowed::Listing,
    },
    Reader {
        program: "pass",
        words: &["list"],
        narrowed: Narrowed::Listing,
    },
    Reader {
        program: "gopass",
        words: &["ls"],
        narrowed: Narrowed::Listing,
    },
    Reader {
        program: "gopass",
        words: &["list"],
        narrowed: Narrowed::Listing,
    },
];

/// Options of these CLIs that take a value (so that their values are not read as operands).
const WITH_VALUE: &[&str] = &[
    "--secret-id",
    "--version-id",
    "--version-stage",
    "--name",
    "--names",
    "--path",
    "--query",
    "--output",
    "-o",
    "--profile",
    "--region",
    "--endpoint-url",
    "--vault-name",
    "--id",
    "--version",
    "--subscription",
    "--secret",
    "--project",
    "--format",
    "--location",
    "-p",
    "-c",
    "--config",
    "--scope",
];

/// Whether `cmd` is a secret read told to print only metadata.
pub fn metadata_only(cmd: &Cmd<'_>) -> bool {
    // A debug log prints the whole HTTP answer, value and all (`--debug`, gcloud's
    // `--log-http`, `--verbosity=debug`).
    if cmd
        .words()
        .any(|w| w.starts_with("--debug") || w.starts_with("--log-http") || w.contains("debug"))
    {
        return false;
    }
    let ops: Vec<&str> = cmd.operands(WITH_VALUE).collect();
    READERS.iter().any(|r| {
        r.program == cmd.program
            && ops.starts_with(r.words)
            && match r.narrowed {
                Narrowed::Query(fields) => option_values(cmd, "--query")
                    .is_some_and(|v| v.iter().all(|q| projection(q, fields))),
                Narrowed::Format(fields) => option_values(cmd, "--format")
                    .is_some_and(|v| v.iter().all(|f| format_projection(f, fields))),
                Narrowed::NamesOption(o) => ops.len() == r.words.len() && cmd.has(&[o]),
                Narrowed::Listing => ops.len() == r.words.len(),
            }
    })
}

/// Every value of a long option (`--query X`, `--query=X`), or None when it is absent, has no
/// value, or a word abbreviates it (`--que`: argparse-based CLIs may accept a prefix).
fn option_values<'c>(cmd: &Cmd<'c>, name: &str) -> Option<Vec<&'c str>> {
    let mut out = Vec::new();
    let mut it = cmd.args.iter();
    while let Some(a) = it.next() {
        let a: &'c str = a;
        if a == name {
            out.push(&**it.next()?);
        } else if let Some(v) = a.strip_prefix(name).and_then(|v| v.strip_prefix('=')) {
            out.push(v);
        } else if a.len() > 3 && a.starts_with("--") && name.starts_with(a.split('=').next()?) {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Whether a JMESPath expression only projects fields among `fields`: names, `.`, `[]`,
/// indexes, and multi-select lists and hashes (a hash's keys are labels, not fields). A
/// function, a wildcard, `@`, a filter, a pipe or a literal makes it unreadable here.
fn projection(q: &str, fields: &[&str]) -> bool {
    let q = q.trim();
    if q.is_empty() {
        return false;
    }
    let b = q.as_bytes();
    let mut i = 0;
    let mut any = false;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &q[start..i];
            let mut j = i;
            while j < b.len() && b[j] == b' ' {
                j += 1;
            }
            let label = j < b.len() && b[j] == b':';
            if !label {
                if !fields.contains(&word) {
                    return false;
                }
                any = true;
            }
            continue;
        }
        if c.is_ascii_digit() {
            // Only as an index (`[0]`).
            if i == 0 || !matches!(b[i - 1], b'[' | b'0'..=b'9') {
                return false;
            }
        } else if !matches!(c, b'.' | b'[' | b']' | b'{' | b'}' | b',' | b':' | b' ') {
            return false;
        }
        i += 1;
    }
    any
}

/// Whether a gcloud `--format` is `KIND(field,...)` with every field (its first dotted part)
/// among `fields` and nothing else (no attributes, transforms or second projection).
fn format_projection(f: &str, fields: &[&str]) -> bool {
    let f = f.trim().trim_matches(['\'', '"']);
    let Some((kind, rest)) = f.split_once('(') else {
        return false;
    };
    let Some(inner) = rest.strip_suffix(')') else {
        return false;
    };
    matches!(kind, "value" | "json" | "yaml" | "table" | "csv" | "list")
        && !inner.trim().is_empty()
        && inner.split(',').all(|field| {
            let field = field.trim();
            field
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.')
                && fields.contains(&field.split('.').next().unwrap_or(""))
        })
}

/// The generic reader reads `get-secret-value` as showing a secret whatever narrows it: a
/// command that prints only metadata has that reading noted, not graded. Only this command's
/// secret readings are touched; what else the line does keeps its grade.
pub fn lower(cmd: &Cmd<'_>, found: &mut [Finding]) {
    if !found
        .iter()
        .any(|f| f.family == Family::Secrets && f.code.starts_with("generic."))
        || !metadata_only(cmd)
    {
        return;
    }
    for f in found
        .iter_mut()
        .filter(|f| f.family == Family::Secrets && f.code.starts_with("generic."))
    {
        f.severity = Severity::Note;
        f.message = format!("only the secret's metadata is printed: {}", f.message);
    }
}

#[cfg(test)]
mod tests {
    use super::projection;

    #[test]
    fn projections() {
        let f = &["ARN", "Name", "VersionStages"];
        assert!(projection("VersionStages", f));
        assert!(projection("{arn: ARN, n: Name}", f));
        assert!(projection("[ARN, Name]", f));
        assert!(!projection("SecretString", f));
        assert!(!projection("[ARN, SecretString]", f));
        assert!(!projection("{arn: SecretString}", f));
        assert!(!projection("length(SecretString)", f));
        assert!(!projection("@", f));
        assert!(!projection("*", f));
        assert!(!projection("Name || SecretString", f));
        assert!(!projection("", f));
    }
}
