//! A storage bucket made by an earlier step, then removed: the pair [`super::scratch`] lowers
//! one tier. Read from the CLIs' own references:
//!
//! - S3: `aws s3 mb s3://NAME` / `aws s3api create-bucket --bucket NAME`, removed by `aws s3 rb
//!   s3://NAME [--force]` / `aws s3api delete-bucket --bucket NAME`;
//! - Cloud Storage: `gsutil mb gs://NAME` / `gcloud storage buckets create gs://NAME`, removed
//!   by `gsutil rb`, `gsutil rm -r`, `gcloud storage buckets delete` or `gcloud storage rm -r`
//!   of exactly `gs://NAME` (no object path, no wildcard).
//!
//! A bucket name is global, but which service answers is not: the key carries what selects the
//! account and the endpoint (aws's `--profile` and `--endpoint-url`, gcloud's `--configuration`,
//! `--account` and impersonation, gsutil's `-o` overrides), so a bucket made on a local emulator
//! or under a sandbox profile never vouches for the same name under another. Azure's `az storage
//! container create` is not here: it succeeds on a container that already exists.

/// Options of the three CLIs that take a value (so it is not read as an operand).
const VALUED: &[&str] = &[
    "--profile",
    "--region",
    "--endpoint-url",
    "--output",
    "--query",
    "--bucket",
    "--create-bucket-configuration",
    "--project",
    "--location",
    "-l",
    "--default-storage-class",
    "-c",
    "--format",
    "--billing-project",
    "--configuration",
    "--account",
    "--impersonate-service-account",
    "--retention-period",
    "-o",
    "-u",
    "-p",
    "-b",
    "-k",
    "--retention",
    "--pap",
    "--rpo",
];

/// The key of the bucket `cmd` creates (`creates`) or removes whole, or None.
pub fn bucket(cmd: &super::Cmd<'_>, creates: bool) -> Option<String> {
    if cmd.words().any(|w| w.starts_with("--dry-run")) {
        return None;
    }
    let ops: Vec<&str> = cmd.operands(VALUED).collect();
    let recursive = cmd.flag(b"rR", &["--recursive"]);
    let url = match (cmd.program, ops.as_slice(), creates) {
        ("aws", ["s3", "mb", url], true) | ("aws", ["s3", "rb", url], false) => *url,
        ("aws", ["s3api", "create-bucket"], true) | ("aws", ["s3api", "delete-bucket"], false) => {
            return cmd
                .value(&["--bucket"])
                .and_then(|b| key(cmd, &format!("s3://{}", b.trim_matches(['\'', '"']))));
        }
        ("gsutil", ["mb", url], true) | ("gsutil", ["rb", url], false) => *url,
        ("gsutil", ["rm", url], false) if recursive => *url,
        ("gcloud", ["storage", "buckets", "create", url], true)
        | ("gcloud", ["storage", "buckets", "delete", url], false) => *url,
        ("gcloud", ["storage", "rm", url], false) if recursive => *url,
        _ => return None,
    };
    key(cmd, url)
}

/// `bucket|ACCOUNT|URL` (the name last, as [`super::scratch`] shows it), for a URL that names
/// a whole bucket.
fn key(cmd: &super::Cmd<'_>, url: &str) -> Option<String> {
    let url = url.trim_matches(['\'', '"']).trim_end_matches('/');
    let (scheme, name) = url.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if !matches!(scheme.as_str(), "s3" | "gs")
        || name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
    {
        return None;
    }
    let account: Vec<&str> = if cmd.program == "aws" {
        vec![
            cmd.value(&["--profile"]).unwrap_or(""),
            cmd.value(&["--endpoint-url"]).unwrap_or(""),
        ]
    } else {
        let mut a = vec![
            cmd.value(&["--configuration"]).unwrap_or(""),
            cmd.value(&["--account"]).unwrap_or(""),
            cmd.value(&["--impersonate-service-account"]).unwrap_or(""),
        ];
        // gsutil's boto overrides (`-o Credentials:gs_json_host=...`) may point elsewhere.
        if cmd.program == "gsutil" {
            a.push(cmd.value(&["-o"]).unwrap_or(""));
        }
        a
    };
    Some(format!(
        "bucket|{}|{scheme}://{}",
        account.join(","),
        name.to_ascii_lowercase()
    ))
}
