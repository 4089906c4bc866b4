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

/// What else a toggle's line must hold.
enum Needs {
    /// Nothing: the subcommand is the toggle.
    Nothing,
    /// One of these words (any case), alone or as an option's value (`--auth-type NONE`).
    Word(&'static [&'static str]),
    /// One of these options (any case: PowerShell's parameters) with one of these values (any
    /// case, `*` at the end for any rest), as the next word or after `=` or `:`.
    Value(&'static [&'static str], &'static [&'static str]),
}
use Needs::{Nothing, Value, Word};

/// One toggle: the program, the operands that select it (a prefix of its operands; empty for
/// a cmdlet, whose name is the operation), what else it needs, and what becomes public.
struct Toggle {
    program: &'static str,
    sub: &'static [&'static str],
    needs: Needs,
    what: &'static str,
}

const fn toggle(
    program: &'static str,
    sub: &'static [&'static str],
    needs: Needs,
    what: &'static str,
) -> Toggle {
    Toggle {
        program,
        sub,
        needs,
        what,
    }
}

/// Values that say "true" in a shell and in PowerShell.
const TRUE: &[&str] = &["true", "$true", "1", "yes"];

/// Canned ACLs and predefined ACLs that let anyone read (S3's, GCS's JSON and XML names,
/// Alibaba OSS, Tencent COS, Huawei OBS).
const PUBLIC_ACLS: &[&str] = &[
    "public-read",
    "public-read-write",
    "publicread",
    "publicreadwrite",
    "public-read-delivered",
];

const TOGGLES: &[Toggle] = &[
    toggle(
        "wrangler",
        &["r2", "bucket", "dev-url", "enable"],
        Nothing,
        "serves the bucket to anyone on a public r2.dev URL",
    ),
    toggle(
        "wrangler",
        &["r2", "bucket", "domain", "add"],
        Nothing,
        "serves the bucket to anyone on a public custom domain",
    ),
    toggle(
        "gsutil",
        &["pap", "set", "unenforced"],
        Nothing,
        "turns the bucket's public-access prevention off",
    ),
    // `gsutil acl ch -u AllUsers:R` (`-g` for a group grantee): every reader on the internet.
    toggle(
        "gsutil",
        &["acl", "ch"],
        Value(
            &["-u", "-g", "--user", "--group"],
            &["allusers:*", "allauthenticatedusers:*"],
        ),
        "gives everyone on the internet access to the objects",
    ),
    toggle(
        "gsutil",
        &["defacl", "ch"],
        Value(
            &["-u", "-g", "--user", "--group"],
            &["allusers:*", "allauthenticatedusers:*"],
        ),
        "makes every new object readable by everyone on the internet",
    ),
    // `gcloud storage {objects,buckets} update|cp --predefined-acl=publicRead`.
    toggle(
        "gcloud",
        &["storage"],
        Value(
            &["--predefined-acl", "--predefined-default-object-acl"],
            PUBLIC_ACLS,
        ),
        "makes the objects readable by anyone",
    ),
    toggle(
        "aws",
        &["s3api", "delete-public-access-block"],
        Nothing,
        "deletes the bucket's public-access block: nothing keeps it from being made public",
    ),
    toggle(
        "aws",
        &["s3control", "delete-public-access-block"],
        Nothing,
        "deletes the account's public-access block: nothing keeps its buckets from being made public",
    ),
    toggle(
        "aws",
        &["lambda", "create-function-url-config"],
        Word(&["NONE"]),
        "gives the function a public URL anyone can call without signing in",
    ),
    toggle(
        "aws",
        &["lambda", "update-function-url-config"],
        Word(&["NONE"]),
        "gives the function a public URL anyone can call without signing in",
    ),
    // Azure PowerShell: a container's public access level (`Off`, `Blob`, `Container`).
    toggle(
        "set-azstoragecontaineracl",
        &[],
        Value(&["-permission", "-publicaccess"], &["container", "blob"]),
        "makes the container's blobs readable by anyone (Container: listable too)",
    ),
    toggle(
        "new-azstoragecontainer",
        &[],
        Value(&["-permission", "-publicaccess"], &["container", "blob"]),
        "creates a container whose blobs anyone can read",
    ),
    toggle(
        "set-azstorageaccount",
        &[],
        Value(&["-allowblobpublicaccess"], TRUE),
        "lets the account's containers be opened to anyone",
    ),
    toggle(
        "new-azstorageaccount",
        &[],
        Value(&["-allowblobpublicaccess"], TRUE),
        "lets the account's containers be opened to anyone",
    ),
    // Google Drive's gdrive (3: `permissions share`; 2: `share`).
    toggle(
        "gdrive",
        &["permissions", "share"],
        Value(&["--type"], &["anyone"]),
        "shares the file with anyone who has the link",
    ),
    toggle(
        "gdrive",
        &["share"],
        Value(&["--type"], &["anyone"]),
        "shares the file with anyone who has the link",
    ),
    // rclone's public link (Drive, Dropbox, OneDrive, Box, S3 presigned, ...).
    toggle(
        "rclone",
        &["link"],
        Nothing,
        "creates a public link: anyone who has it downloads the files",
    ),
    // Box CLI: an open shared link needs no sign-in.
    toggle(
        "box",
        &["shared-links:create"],
        Value(&["--access"], &["open"]),
        "creates an open shared link anyone can use",
    ),
    // Alibaba OSS, Huawei OBS, Tencent COS: canned ACLs.
    toggle(
        "ossutil",
        &["set-acl"],
        Word(PUBLIC_ACLS),
        "makes the bucket or objects public",
    ),
    toggle(
        "ossutil64",
        &["set-acl"],
        Word(PUBLIC_ACLS),
        "makes the bucket or objects public",
    ),
    toggle(
        "obsutil",
        &["chattr"],
        Value(&["-acl"], PUBLIC_ACLS),
        "makes the bucket or objects public",
    ),
    toggle(
        "tccli",
        &["cos"],
        Word(PUBLIC_ACLS),
        "makes the bucket or objects public",
    ),
    toggle(
        "coscli",
        &["bucket-acl"],
        Word(PUBLIC_ACLS),
        "makes the bucket public",
    ),
];

/// The programs of [`TOGGLES`]: most commands are none of them.
fn toggled(p: &str) -> bool {
    matches!(
        p,
        "wrangler"
            | "gsutil"
            | "gcloud"
            | "aws"
            | "set-azstoragecontaineracl"
            | "new-azstoragecontainer"
            | "set-azstorageaccount"
            | "new-azstorageaccount"
            | "gdrive"
            | "rclone"
            | "box"
            | "ossutil"
            | "ossutil64"
            | "obsutil"
            | "tccli"
            | "coscli"
    )
}

/// Whether `spelling` (lowercase, `*` at the end for any rest) spells `v` in any case.
fn spelled(spelling: &str, v: &str) -> bool {
    let v = v.trim_matches(['"', '\'']);
    match spelling.strip_suffix('*') {
        Some(head) => v
            .get(..head.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(head)),
        None => v.eq_ignore_ascii_case(spelling),
    }
}

/// Whether the command holds what the toggle needs.
fn holds(cmd: &Cmd<'_>, needs: &Needs) -> bool {
    match needs {
        Nothing => true,
        Word(words) => cmd.words().any(|w| {
            let v = w.rsplit(['=', ':']).next().unwrap_or(w);
            words.iter().any(|s| spelled(s, w) || spelled(s, v))
        }),
        Value(options, values) => {
            let mut words = cmd.words().peekable();
            while let Some(w) = words.next() {
                let (name, joined) = match w.find(['=', ':']).filter(|_| w.starts_with('-')) {
                    Some(at) => (&w[..at], Some(&w[at + 1..])),
                    None => (w, None),
                };
                if !options.iter().any(|o| name.eq_ignore_ascii_case(o)) {
                    continue;
                }
                let value = joined.or_else(|| words.peek().copied());
                if value.is_some_and(|v| values.iter().any(|s| spelled(s, v))) {
                    return true;
                }
            }
            false
        }
    }
}

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
    if !toggled(p) {
        return;
    }
    let ops: Vec<&str> = cmd.operands(VALUES).collect();
    for t in TOGGLES {
        if t.program == p && ops.starts_with(t.sub) && holds(cmd, &t.needs) {
            let sub = t.sub.join(" ");
            out.push(finding(
                Family::Cloud,
                "cloud.make-public",
                Severity::Verify,
                format!(
                    "{p}{}{sub} {}",
                    if sub.is_empty() { "" } else { " " },
                    t.what
                ),
            ));
            return;
        }
    }
}

/// Whether the command turns a public-access guard ON, every setting it names true (`aws
/// s3api put-public-access-block --public-access-block-configuration
/// BlockPublicAcls=true,IgnorePublicAcls=true,...`, and the account's `s3control`): it closes
/// access, so a reader guessing at "block" must not take it for a block of service. One setting
/// false, or a configuration not written on the line (`file://`, a variable), is not this.
pub fn guard_on(cmd: &Cmd<'_>) -> bool {
    if cmd.program != "aws" {
        return false;
    }
    let mut ops = cmd.operands(VALUES);
    if !matches!(ops.next(), Some("s3api" | "s3control"))
        || ops.next() != Some("put-public-access-block")
    {
        return false;
    }
    let Some(config) = cmd.value(&["--public-access-block-configuration"]) else {
        return false;
    };
    let settings: Vec<(&str, &str)> = config
        .split(',')
        .filter_map(|kv| kv.trim().split_once('='))
        .collect();
    !settings.is_empty()
        && settings
            .iter()
            .all(|(k, v)| k.trim().len() > 1 && v.trim().eq_ignore_ascii_case("true"))
        && !config.contains(['$', '`'])
        // A second configuration later on the line may open what the first closes.
        && !cmd.words().any(|w| crate::substring::has(w, "=false"))
}
