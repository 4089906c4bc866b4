//! Public exposure switched on by a vendor's own toggle, where no grantee is named (no
//! `allUsers`, no `*`, no `public-read`), so the readers of grants see nothing: Cloudflare R2's
//! public `r2.dev` URL (`wrangler r2 bucket dev-url enable`) and a custom domain attached to a
//! bucket (`wrangler r2 bucket domain add`), Cloud Storage's public-access prevention set to
//! unenforced (`gsutil pap set unenforced`), S3's public-access block deleted for a bucket or a
//! whole account (`s3api` / `s3control delete-public-access-block`), a Lambda function URL
//! without authentication (`--auth-type NONE`). Each puts data or a function on the internet:
//! verified. The opposite toggles and the reads (`dev-url disable`, `dev-url get`, `pap get`,
//! `--auth-type AWS_IAM`) are not here. Written from the vendors' CLI references.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// The program, the operands that select the toggle, a word the line must hold (empty: none),
/// and what becomes public.
const TOGGLES: &[(&str, &[&str], &str, &str)] = &[
    (
        "wrangler",
        &["r2", "bucket", "dev-url", "enable"],
        "",
        "serves the bucket to anyone on a public r2.dev URL",
    ),
    (
        "wrangler",
        &["r2", "bucket", "domain", "add"],
        "",
        "serves the bucket to anyone on a public custom domain",
    ),
    (
        "gsutil",
        &["pap", "set", "unenforced"],
        "",
        "turns the bucket's public-access prevention off",
    ),
    (
        "aws",
        &["s3api", "delete-public-access-block"],
        "",
        "deletes the bucket's public-access block: nothing keeps it from being made public",
    ),
    (
        "aws",
        &["s3control", "delete-public-access-block"],
        "",
        "deletes the account's public-access block: nothing keeps its buckets from being made public",
    ),
    (
        "aws",
        &["lambda", "create-function-url-config"],
        "NONE",
        "gives the function a public URL anyone can call without signing in",
    ),
    (
        "aws",
        &["lambda", "update-function-url-config"],
        "NONE",
        "gives the function a public URL anyone can call without signing in",
    ),
];

/// Options whose value is not an operand.
const VALUES: &[&str] = &[
    "--profile",
    "--region",
    "--bucket",
    "--account-id",
    "--function-name",
    "--auth-type",
    "--qualifier",
    "--domain",
    "--zone-id",
    "-J",
    "--jurisdiction",
    "-c",
    "--config",
    "-e",
    "--env",
];

/// Judges a public-exposure toggle.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if !matches!(p, "wrangler" | "gsutil" | "aws") {
        return;
    }
    let ops: Vec<&str> = cmd.operands(VALUES).collect();
    for (program, sub, word, what) in TOGGLES {
        if *program == p
            && ops.starts_with(sub)
            && (word.is_empty() || cmd.words().any(|w| w.eq_ignore_ascii_case(word)))
        {
            out.push(finding(
                Family::Cloud,
                "cloud.make-public",
                Severity::Verify,
                format!("{p} {} {what}", sub.join(" ")),
            ));
            return;
        }
    }
}
