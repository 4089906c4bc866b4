//! Uploads by object-store and backup clients whose destination is a NAME, not a URL: MinIO's
//! `mc` (`ALIAS/bucket/key`), Backblaze's `b2` (a bucket name), restic and borg repositories
//! (`sftp:host:/repo`, `user@host:repo`), MEGA's and Google Drive's clients, Dropbox's uploader,
//! and the Chinese clouds' object tools (`ossutil`, `obsutil`, `coscmd`, `qshell`, `s5cmd`, `oci
//! os object put`, `ibmcloud cos upload`, `aliyun oss cp`).
//!
//! The exfiltration reader ([`super::secrets`]) grades what is sent to where; it recognizes a
//! remote by a URL or `host:path`, so `mc cp ~/.aws/credentials personal/bucket/` (an alias)
//! and `b2 upload-file my-bucket ~/.ssh/id_ed25519 k` (a bucket name) left unseen. Each client
//! here says which of its operands are the local files and which is the remote, from its own
//! reference, and hands both to that one grading: a secret sent is exfiltration, a build output
//! sent is ordinary work, as with `aws s3 cp`.
//!
//! Nothing is lowered here: a client names an upload or stays silent. Looked up by the
//! program's name first (one `match`).

use super::Cmd;

/// Whether the program is one of the clients read here (the cheap first test).
pub fn client(program: &str) -> bool {
    matches!(
        program,
        "mc" | "mcli"
            | "b2"
            | "restic"
            | "rustic"
            | "borg"
            | "megaput"
            | "megacopy"
            | "mega-put"
            | "gdrive"
            | "dropbox_uploader.sh"
            | "dropbox_uploader"
            | "ossutil"
            | "ossutil64"
            | "obsutil"
            | "coscmd"
            | "coscli"
            | "qshell"
            | "s5cmd"
            | "oci"
            | "ibmcloud"
            | "aliyun"
    )
}

/// mc's options that take a value (mc cp / mirror / put references).
const MC_VALUED: &[&str] = &[
    "--attr",
    "--storage-class",
    "--sc",
    "--enc-kms",
    "--enc-s3",
    "--enc-c",
    "--tags",
    "--limit-upload",
    "--limit-download",
    "--older-than",
    "--newer-than",
    "--rewind",
    "--version-id",
    "--vid",
    "--exclude",
    "--exclude-bucket",
    "--exclude-storageclass",
    "--config-dir",
    "-C",
    "--part-size",
    "--parallel",
    "-P",
    "--checksum",
    "--retention-mode",
    "--retention-duration",
    "--legal-hold",
    "--summary-interval",
];

/// Whether an mc path is on this machine: absolute, relative to here or home. Anything else is
/// `ALIAS/bucket/...` (mc reads a first component that names a configured alias as remote).
fn mc_local(w: &str) -> bool {
    w.starts_with('/')
        || w.starts_with("./")
        || w.starts_with("../")
        || w.starts_with('~')
        || w.starts_with('$')
        || matches!(w, "." | "..")
}

/// restic's and rustic's repository backends that live elsewhere (restic's "Preparing a new
/// repository"): everything but a local path.
fn restic_remote(repo: &str) -> bool {
    [
        "sftp:", "s3:", "b2:", "azure:", "gs:", "swift:", "rest:", "rclone:",
    ]
    .iter()
    .any(|p| repo.starts_with(p))
}

/// A borg repository on another host: `ssh://...` or `user@host:path`.
fn borg_remote(repo: &str) -> bool {
    let repo = repo.split("::").next().unwrap_or(repo);
    repo.starts_with("ssh://")
        || repo
            .split_once(':')
            .is_some_and(|(host, _)| host.contains('@') && !host.contains('/'))
}

/// The local files an upload sends and where to, when the command is one: `(files, remote)`.
pub fn upload<'c>(cmd: &Cmd<'c>) -> Option<(Vec<&'c str>, String)> {
    let ops: Vec<&'c str> = match cmd.program {
        "mc" | "mcli" => cmd.operands(MC_VALUED).collect(),
        "restic" | "rustic" => cmd
            .operands(&[
                "-r",
                "--repo",
                "--repository-file",
                "--password-file",
                "-p",
                "--tag",
                "--host",
                "--exclude",
                "-e",
                "--exclude-file",
                "--files-from",
                "-o",
                "--option",
                "--cache-dir",
                "--limit-upload",
            ])
            .collect(),
        "oci" | "ibmcloud" => cmd.operands(&[]).collect(),
        _ => cmd
            .operands(&[
                "--path",
                "-p",
                "--parent",
                "--contentType",
                "--info",
                "--endpoint",
                "-e",
                "--config",
                "-c",
                "--region",
                "-r",
            ])
            .collect(),
    };
    let first = *ops.first()?;
    match cmd.program {
        // mc cp|mv|mirror|put SOURCE... TARGET; mc pipe TARGET (stdin).
        "mc" | "mcli" => {
            // `mc pipe TARGET`: what its stdin carries is written to the object (the
            // exfiltration reader reads the pipe).
            if first == "pipe" {
                let target = *ops.get(1)?;
                let (alias, path) = target.split_once('/').unwrap_or((target, ""));
                return (!mc_local(target)).then(|| (Vec::new(), format!("{alias}:{path}")));
            }
            if !matches!(first, "cp" | "mv" | "mirror" | "put" | "sync") {
                return None;
            }
            let (target, sources) = ops[1..].split_last()?;
            if mc_local(target) || sources.is_empty() {
                return None;
            }
            // Written as a remote and its bucket (`alias:bucket/key`), as rclone's are, so the
            // place reader reads the alias and the bucket's names.
            let (alias, path) = target.split_once('/').unwrap_or((target, ""));
            Some((sources.to_vec(), format!("{alias}:{path}")))
        }
        // b2 upload-file BUCKET LOCAL NAME; b2 file upload BUCKET LOCAL NAME.
        "b2" => {
            let rest = match first {
                "upload-file" | "upload_file" => &ops[1..],
                "file" if ops.get(1) == Some(&"upload") => &ops[2..],
                _ => return None,
            };
            let [bucket, local, ..] = rest else {
                return None;
            };
            Some((vec![*local], format!("b2:{bucket}")))
        }
        // restic|rustic -r REPO backup PATHS: only a repository elsewhere.
        "restic" | "rustic" => {
            let repo = cmd.value(&["-r", "--repo"])?;
            if first != "backup" || !restic_remote(repo) {
                return None;
            }
            Some((ops[1..].to_vec(), format!("the backup repository {repo}")))
        }
        // borg create REPO::ARCHIVE PATHS.
        "borg" => {
            let repo = *ops.get(1)?;
            if first != "create" || !borg_remote(repo) {
                return None;
            }
            Some((ops[2..].to_vec(), format!("the borg repository {repo}")))
        }
        "megaput" | "mega-put" => Some((ops.clone(), "a MEGA cloud drive".to_owned())),
        "megacopy" => Some((
            cmd.value(&["--local", "-l"]).into_iter().collect(),
            "a MEGA cloud drive".to_owned(),
        )),
        // gdrive upload FILE; gdrive files upload FILE.
        "gdrive" => {
            let files = match first {
                "upload" => &ops[1..],
                "files" if ops.get(1) == Some(&"upload") => &ops[2..],
                _ => return None,
            };
            Some((files.to_vec(), "a Google Drive".to_owned()))
        }
        // dropbox_uploader.sh upload LOCAL... REMOTE.
        "dropbox_uploader.sh" | "dropbox_uploader" => {
            if first != "upload" {
                return None;
            }
            let (_, files) = ops[1..].split_last()?;
            Some((files.to_vec(), "a Dropbox account".to_owned()))
        }
        // ossutil|obsutil|s5cmd|coscli cp LOCAL... SCHEME://BUCKET/KEY.
        "ossutil" | "ossutil64" | "obsutil" | "s5cmd" | "coscli" => {
            if !matches!(first, "cp" | "sync" | "mv") {
                return None;
            }
            let (target, sources) = ops[1..].split_last()?;
            target
                .contains("://")
                .then(|| (sources.to_vec(), (*target).to_owned()))
        }
        // coscmd upload LOCAL COSPATH.
        "coscmd" => {
            if first != "upload" {
                return None;
            }
            let local = *ops.get(1)?;
            Some((vec![local], "a Tencent COS bucket".to_owned()))
        }
        // qshell fput|rput BUCKET KEY LOCAL.
        "qshell" => {
            if !matches!(first, "fput" | "rput") {
                return None;
            }
            let local = *ops.get(3)?;
            Some((vec![local], format!("the Qiniu bucket {}", ops.get(1)?)))
        }
        // oci os object put --bucket-name B --file F.
        "oci" => {
            if ops.get(..3) != Some(&["os", "object", "put"][..]) {
                return None;
            }
            let file = cmd.value(&["--file"])?;
            let bucket = cmd.value(&["--bucket-name", "-bn"]).unwrap_or("a bucket");
            Some((vec![file], format!("the OCI bucket {bucket}")))
        }
        // ibmcloud cos upload|object-put --bucket B --file F | --body F.
        "ibmcloud" => {
            if first != "cos" || !matches!(ops.get(1).copied(), Some("upload" | "object-put")) {
                return None;
            }
            let file = cmd.value(&["--file", "--body"])?;
            let bucket = cmd.value(&["--bucket"]).unwrap_or("a bucket");
            Some((vec![file], format!("the IBM COS bucket {bucket}")))
        }
        // aliyun oss cp LOCAL oss://BUCKET/KEY.
        "aliyun" => {
            if first != "oss" || !matches!(ops.get(1).copied(), Some("cp" | "sync")) {
                return None;
            }
            let (target, sources) = ops[2..].split_last()?;
            target
                .starts_with("oss://")
                .then(|| (sources.to_vec(), (*target).to_owned()))
        }
        _ => None,
    }
}
