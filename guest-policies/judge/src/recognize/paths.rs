//! What a path names: the scope of a delete, a secret, a system file, airlock's own state.
//! Shared by the recognizers so that `rm`, `find`, `chmod`, `>` and `scp` grade the same path the
//! same way.

use crate::substring::has;

/// How much a recursive operation on a path would reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scope {
    /// A build output, a cache, a temporary directory: made to be thrown away.
    Disposable,
    /// A path inside the project or a user's own files: bounded.
    Bounded,
    /// An unknown path (a variable, `xargs` input).
    Unknown,
    /// The project itself (`.`, `*`, `..`), a `.git` directory, a valued home directory
    /// (`~/.ssh`, `~/Documents`), or a variable that may be empty (`$DIR/`).
    Wide,
    /// `/`, a home directory, a system or data directory.
    Catastrophic,
}

/// The file name of a path (its last component).
pub fn file_name(path: &str) -> &str {
    path.trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(path)
}

/// `~/x`, `$HOME/x`, `${HOME}/x` as `~/x`, and the home's Windows spellings read on a POSIX
/// line (`$env:USERPROFILE/x`, `%USERPROFILE%/x`, `$env:HOME/x`, case-insensitively); `None`
/// for paths elsewhere.
pub fn home_relative(path: &str) -> Option<&str> {
    for prefix in ["~/", "$HOME/", "${HOME}/", "\"$HOME\"/"] {
        if let Some(rest) = path.strip_prefix(prefix) {
            return Some(rest);
        }
    }
    for prefix in ["$env:USERPROFILE/", "%USERPROFILE%/", "$env:HOME/"] {
        if path.len() > prefix.len()
            && path.is_char_boundary(prefix.len())
            && path[..prefix.len()].eq_ignore_ascii_case(prefix)
        {
            return Some(&path[prefix.len()..]);
        }
    }
    None
}

/// A directory of a home that holds what its owner values (`Documents`, `.ssh`, `src`),
/// compared case-insensitively: Windows' and macOS's file systems fold case, and a Windows
/// path reaches here lowercased.
fn valued_home(name: &str) -> bool {
    VALUED_HOME.iter().any(|v| v.eq_ignore_ascii_case(name))
}

/// A home's folder that holds every repository of its owner below a valued folder
/// (Visual Studio's `source/repos`).
fn repositories(rest: &str) -> bool {
    rest.trim_end_matches(['/', '*'])
        .eq_ignore_ascii_case("source/repos")
}

const SYSTEM_DIRS: &[&str] = &[
    "etc",
    "usr",
    "var",
    "boot",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "bin",
    "sbin",
    "srv",
    "opt",
    "sys",
    "proc",
    "dev",
    "home",
    "root",
    "snap",
    "run",
    "efi",
    "private",
    "System",
    "Library",
    "Applications",
    "Users",
    "Volumes",
    "mnt",
    "media",
    "data",
    "backup",
    "backups",
];

const DISPOSABLE: &[&str] = &[
    "target",
    "node_modules",
    "dist",
    "build",
    "out",
    "__pycache__",
    ".venv",
    "venv",
    ".cache",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".tox",
    "coverage",
    ".coverage",
    "htmlcov",
    ".next",
    ".nuxt",
    ".turbo",
    ".parcel-cache",
    ".sass-cache",
    "tmp",
    "temp",
    ".tmp",
    ".gradle",
    ".terraform",
    ".eggs",
    "bower_components",
    ".angular",
    "_build",
    "cmake-build-debug",
    "cmake-build-release",
    ".svelte-kit",
    ".dart_tool",
    "DerivedData",
    ".expo",
    "storybook-static",
    "logs",
    "log",
    "*.log",
    "*.pyc",
    "*.o",
    "*.tmp",
];

/// Directory names that hold a service's data.
const DATA_DIRS: &[&str] = &[
    "data",
    "db",
    "database",
    "databases",
    "pgdata",
    "postgresql",
    "postgres",
    "mysql",
    "mongodb",
    "redis",
    "elasticsearch",
    "minio",
    "volumes",
    "uploads",
    "backup",
    "backups",
    "storage",
    "archive",
    "archives",
    "prod",
    "production",
];

const VALUED_HOME: &[&str] = &[
    ".ssh",
    ".gnupg",
    ".aws",
    ".kube",
    ".config",
    ".local",
    ".docker",
    "Documents",
    "Desktop",
    "Pictures",
    "Photos",
    "Music",
    "Videos",
    "Downloads",
    "projects",
    "src",
    "code",
    "work",
    "repos",
    // Visual Studio's folder of repositories (`C:\Users\NAME\source\repos`).
    "source",
    "git",
    "dev",
    "workspace",
    "go",
    ".mozilla",
    "Library",
    ".password-store",
    // Folders a sync client mirrors: what is deleted here is deleted in the cloud copy too.
    "OneDrive",
    "Dropbox",
    "Nextcloud",
    "Google Drive",
    "iCloud Drive",
];

/// The scope of a recursive operation on `path`, also read with its `.` and `x/..` steps
/// folded away (`./..` is `..`, `build/../../` is `..`, `/tmp/../etc` is `/etc`): the worse of
/// the two. Folding is lexical (a link on the path may lead elsewhere), so it only ever adds
/// reach, never takes any away.
pub fn scope(path: &str) -> Scope {
    let own = scope_as_written(path);
    match folded(path.trim()) {
        Some(f) => own.max(scope_as_written(&f)),
        None => own,
    }
}

/// `path` with its `.` components and `name/..` pairs folded, when it has any (`None` when
/// there is nothing to fold). A relative path that climbs out keeps its leading `..`; an
/// absolute one stops at `/` (`/..` is `/`); a path folded to nothing is `.`.
fn folded(path: &str) -> Option<String> {
    if !path.contains("/.") && !path.starts_with("./") && !path.starts_with("..") {
        return None;
    }
    let absolute = path.starts_with('/');
    let mut kept: Vec<&str> = Vec::new();
    for c in path.split('/') {
        match c {
            "" | "." => {}
            ".." => match kept.last() {
                // Above a home (`~/..`, `$HOME/..`) is every user's home.
                Some(&last) if kept.len() == 1 && last.starts_with(['~', '$']) => {
                    return Some("/home".to_owned());
                }
                Some(&last) if last != ".." => {
                    kept.pop();
                }
                _ if absolute => {}
                _ => kept.push(".."),
            },
            other => kept.push(other),
        }
    }
    let body = kept.join("/");
    let f = match (absolute, body.is_empty()) {
        (true, _) => format!("/{body}"),
        (false, true) => ".".to_owned(),
        (false, false) => body,
    };
    (f != path.trim_end_matches('/')).then_some(f)
}

/// The scope of `path` as written.
fn scope_as_written(path: &str) -> Scope {
    if let Some(shared) = super::places::shared_scope(path) {
        return shared;
    }
    if let Some(placed) = super::places::shell_var_path(path) {
        return scope(&placed);
    }
    let p = path.trim();
    let p = p.strip_suffix("/*").unwrap_or(p);
    let p = p.strip_suffix("/.").unwrap_or(p);
    let p = if p.len() > 1 {
        p.trim_end_matches('/')
    } else {
        p
    };
    match p {
        "" | "/" | "/*" | "/." | "/.." => return Scope::Catastrophic,
        "~" | "$HOME" | "${HOME}" | "\"$HOME\"" | "~root" => return Scope::Catastrophic,
        _ if p.eq_ignore_ascii_case("$env:USERPROFILE")
            || p.eq_ignore_ascii_case("%USERPROFILE%") =>
        {
            return Scope::Catastrophic;
        }
        "." | "./" | "*" | ".*" | ".." | "../" | "../.." | "./*" | "**" => return Scope::Wide,
        _ => {}
    }
    if p.starts_with('~') && !p.contains('/') {
        // `~user`: another user's home.
        return Scope::Catastrophic;
    }
    if let Some(rest) = home_relative(p) {
        let first = rest.split('/').next().unwrap_or(rest);
        if rest.split('/').any(|c| DISPOSABLE.contains(&c)) {
            return Scope::Disposable;
        }
        if valued_home(first) {
            return if rest.contains('/') && !repositories(rest) {
                Scope::Bounded
            } else {
                Scope::Wide
            };
        }
        return Scope::Bounded;
    }
    if p.starts_with('$') {
        // `$DIR/` or `$DIR/*`: an unset variable makes it `/`.
        let unset_is_root = path.trim_end().ends_with('/') || path.trim_end().ends_with("/*");
        let name_end = p.find('/').unwrap_or(p.len());
        let name = &p[..name_end];
        if has(name, "TMP") || has(name, "TEMP") || has(name, "CACHE") {
            return Scope::Disposable;
        }
        if unset_is_root && name_end == p.len() {
            return Scope::Wide;
        }
        if name_end < p.len() {
            let rest = &p[name_end..];
            if rest.split('/').any(|c| DISPOSABLE.contains(&c)) {
                return Scope::Disposable;
            }
            // `$X/etc` becomes `/etc` when X is empty.
            return scope(rest).max(Scope::Unknown);
        }
        return Scope::Unknown;
    }
    if let Some(abs) = p.strip_prefix('/') {
        let mut parts = abs.split('/').filter(|c| !c.is_empty() && *c != ".");
        let first = parts.next().unwrap_or("");
        let second = parts.next();
        let third = parts.next();
        match (first, second) {
            ("tmp" | "var/tmp", _) => {
                return if second.is_none() {
                    Scope::Wide
                } else {
                    Scope::Disposable
                };
            }
            ("var", Some("tmp" | "cache")) => return Scope::Disposable,
            ("var", Some("log")) if third.is_some() => return Scope::Bounded,
            ("home" | "Users", Some(_)) if third.is_some() => {
                let rest_start = abs.find(second.unwrap_or("")).unwrap_or(0);
                let after_user = &abs[rest_start..];
                let rest = after_user.split_once('/').map_or("", |(_, r)| r);
                if rest.split('/').any(|c| DISPOSABLE.contains(&c)) {
                    return Scope::Disposable;
                }
                let top = rest.split('/').next().unwrap_or("");
                return if valued_home(top) && (!rest.contains('/') || repositories(rest)) {
                    Scope::Wide
                } else {
                    Scope::Bounded
                };
            }
            ("opt" | "srv" | "mnt" | "media" | "data" | "backup" | "backups", Some(_))
                if third.is_some() =>
            {
                if abs.split('/').any(|c| DISPOSABLE.contains(&c)) {
                    return Scope::Disposable;
                }
                // A service's data: its database files, volumes, uploads, backups.
                if abs.split('/').any(|c| DATA_DIRS.contains(&c)) {
                    return Scope::Catastrophic;
                }
                return Scope::Bounded;
            }
            _ => {}
        }
        if SYSTEM_DIRS.contains(&first) {
            if abs
                .split('/')
                .any(|c| DISPOSABLE.contains(&c) && c != "log" && c != "logs")
            {
                return Scope::Disposable;
            }
            return Scope::Catastrophic;
        }
        if abs.split('/').any(|c| DISPOSABLE.contains(&c)) {
            return Scope::Disposable;
        }
        return if second.is_none() {
            Scope::Wide
        } else {
            Scope::Bounded
        };
    }
    // Relative paths.
    let rel = p.strip_prefix("./").unwrap_or(p);
    if rel.starts_with("../") {
        let up = rel.trim_start_matches("../");
        return if up.is_empty() || up == "*" {
            Scope::Wide
        } else {
            Scope::Bounded
        };
    }
    if rel == ".git" || rel.ends_with("/.git") {
        return Scope::Wide;
    }
    // A `..` inside the path leaves the folder it names (`coverage/../src`): nothing on it
    // is build output any more.
    if rel.split('/').any(|c| c == "..") {
        return Scope::Bounded;
    }
    let disposable = rel
        .split('/')
        .any(|c| DISPOSABLE.contains(&c) || c.ends_with(".egg-info"))
        // Build and test outputs of the toolchains ([`super::build_output`]).
        || super::build_output::output_path(rel);
    if disposable || rel.ends_with(".log") || rel.ends_with(".pyc") || rel.ends_with(".tmp") {
        return Scope::Disposable;
    }
    Scope::Bounded
}

/// The scope of `path` run from the directory `cwd` that a `cd` (in a recent step or earlier
/// in the same command line) entered. A relative path is read inside that directory: `rm -rf
/// ./*` after `cd target/release` deletes build output, after `cd /etc` the system's
/// configuration. The directory only ever makes a path worse, except when it is made to be
/// thrown away: `cd ~/project && rm -rf *` stays the whole project, not "a path in a home".
pub fn scope_in(path: &str, cwd: Option<&str>) -> Scope {
    let own = scope(path);
    let Some(dir) = cwd else { return own };
    if path.starts_with(['/', '~', '$']) {
        return own;
    }
    let rel = path.trim_start_matches("./");
    let joined = if rel == "." || rel.is_empty() {
        dir.to_owned()
    } else {
        format!("{}/{rel}", dir.trim_end_matches('/'))
    };
    match scope(&joined) {
        Scope::Disposable => Scope::Disposable,
        there => own.max(there),
    }
}

/// The directory `cd TARGET` enters from `cwd` (`None`: not known, as after `cd -`).
pub fn enter(cwd: Option<&str>, target: Option<&str>) -> Option<String> {
    let t = match target {
        None | Some("~") | Some("$HOME") | Some("${HOME}") => return Some("~".to_owned()),
        Some("-") => return None,
        Some(t) => t,
    };
    if t.starts_with(['/', '~', '$']) {
        return Some(t.to_owned());
    }
    let t = t.trim_start_matches("./");
    Some(match cwd {
        Some(dir) => format!("{}/{t}", dir.trim_end_matches('/')),
        None => t.to_owned(),
    })
}

/// What a formatting or partitioning tool's operand names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// A block device: a path under `/dev` (`/dev/sdb1`, `/dev/mapper/vg-data`,
    /// `//dev/./nvme0n1`) or a kernel device name given without it (`sdb1`, `nvme0n1p2`,
    /// `mmcblk0`, `loop3`, `md0`, `dm-2`, macOS `disk2s1`).
    Device,
    /// Not known here (`$DISK`, `$(losetup -f)`): it may be a device.
    Unknown,
    /// A regular file (an image: `fat32.img`, `/swapfile`, `$OUT/rootfs.ext4`).
    File,
}

/// What `word`, an operand of mkfs, mkswap, wipefs or a partitioner, names. These tools take a
/// device or an image file alike; only a device holds a machine's data, an image file is made
/// to be formatted.
pub fn storage(word: &str) -> Storage {
    let w = word.trim_matches(|c| c == '"' || c == '\'');
    // A name no shell user types (look-alike letters, combining marks): not known.
    if !w.is_ascii() {
        return Storage::Unknown;
    }
    // `//dev/sda`, `/dev/./sda` and `/dev//sda` are `/dev/sda`; `/DEV/disk2` is `/dev/disk2`
    // on a case-insensitive filesystem (macOS).
    let mut squashed = w.to_ascii_lowercase().replace("/./", "/");
    while has(&squashed, "//") {
        squashed = squashed.replace("//", "/");
    }
    let p = squashed.as_str();
    if p.starts_with("/dev/") || p == "/dev" {
        return Storage::Device;
    }
    // Into /dev by another way: `/tmp/../dev/sda`, `../../dev/sdb`, `/proc/1/root/dev/sda`.
    if (has(p, "..") || p.starts_with("/proc/")) && has(p, "dev/") {
        return Storage::Device;
    }
    if p.contains('$') || p.contains('`') {
        // A variable or a substitution: only a file name spelled out after it is a file.
        let name = file_name(p);
        return if !name.contains('$') && !name.contains('`') && name.contains('.') {
            Storage::File
        } else {
            Storage::Unknown
        };
    }
    if !p.contains('/') && device_name(p) {
        return Storage::Device;
    }
    Storage::File
}

/// A disk or volume's device node (`/dev/sdb`, `/dev/nvme0n1p2`, `/dev/md0`, `/dev/disk2`,
/// `/dev/mapper/vg-data`, `/dev/disk/by-id/...`): not `/dev/null`, a terminal or a stream.
pub fn block_device(word: &str) -> bool {
    let w = word.trim_matches(|c| c == '"' || c == '\'');
    let Some(rest) = w.strip_prefix("/dev/") else {
        return false;
    };
    rest.starts_with("mapper/") || rest.starts_with("disk/by-") || device_name(rest)
}

/// A kernel block device's name (`sdb`, `sdb1`, `xvdf`, `nvme0n1p2`, `mmcblk0p1`, `loop3`,
/// `md127`, `dm-0`, `nbd0`, `zram0`, `sr0`, macOS `disk2s1`, `rdisk4`), by its driver's prefix
/// and numbering: hand-written, a regular expression engine per operand would be slower and
/// larger than the guest's whole filesystem recognizer.
fn device_name(name: &str) -> bool {
    let n = name.as_bytes();
    let letters_then_digits = |rest: &[u8]| {
        let k = rest.iter().take_while(|c| c.is_ascii_lowercase()).count();
        (1..=3).contains(&k) && rest[k..].iter().all(u8::is_ascii_digit)
    };
    let digits_then = |rest: &[u8], sep: u8| {
        // `0`, `0p1` (sep = b'p'), `2s1` (sep = b's').
        let k = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        k > 0
            && (k == rest.len()
                || rest[k] == sep
                    && rest.len() > k + 1
                    && rest[k + 1..].iter().all(u8::is_ascii_digit))
    };
    for prefix in ["xvd", "sd", "hd", "vd"] {
        if let Some(rest) = n.strip_prefix(prefix.as_bytes()) {
            return letters_then_digits(rest);
        }
    }
    if let Some(rest) = n.strip_prefix(b"nvme") {
        // nvme0n1, nvme0n1p2
        let k = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        return k > 0 && rest.get(k) == Some(&b'n') && digits_then(&rest[k + 1..], b'p');
    }
    if let Some(rest) = n.strip_prefix(b"mmcblk") {
        return digits_then(rest, b'p');
    }
    if let Some(rest) = n.strip_prefix(b"rdisk").or_else(|| n.strip_prefix(b"disk")) {
        return digits_then(rest, b's');
    }
    for prefix in ["loop", "md", "dm-", "nbd", "zram", "sr", "rbd"] {
        if let Some(rest) = n.strip_prefix(prefix.as_bytes()) {
            return !rest.is_empty() && rest.iter().all(u8::is_ascii_digit);
        }
    }
    false
}

/// What secret a path holds, if it is a credential or key file.
pub fn secret(path: &str) -> Option<&'static str> {
    // Every secret below is named by a path (`/`, `.`, `~`, `_`, `@`) or by a bare
    // `credentials` / `kubeconfig`: most words are none of these and stop here.
    let named = path
        .bytes()
        .any(|b| matches!(b, b'/' | b'.' | b'~' | b'_' | b'@'))
        || path.eq_ignore_ascii_case("credentials")
        || path.eq_ignore_ascii_case("kubeconfig");
    // `$KUBECONFIG`: a variable that names a secret's place.
    if !(named || path.starts_with('$') && super::places::shell_var_path(path).is_some()) {
        return None;
    }
    let p = path.trim_matches(|c| c == '"' || c == '\'');
    let p = p.strip_prefix('@').unwrap_or(p);
    // `$KUBECONFIG`, `$XDG_CONFIG_HOME/gh/hosts.yml`: the place the variable names.
    if p.starts_with('$')
        && let Some(placed) = super::places::shell_var_path(p)
        && placed != p
    {
        return secret(&placed);
    }
    let name = file_name(p);
    // The name lowercased without a heap copy: every operand of every command passes here.
    crate::substring::with_ascii_lower(name, |lower_name| secret_named(p, name, lower_name))
}

/// [`secret`] of a path `p` (unquoted, without `@`), its file name and the name lowercased.
fn secret_named(p: &str, name: &str, lower_name: &str) -> Option<&'static str> {
    if has(p, ".ssh/") || p.starts_with("id_") || name.starts_with("id_") {
        if name.starts_with("id_") && !name.ends_with(".pub") {
            return Some("an SSH private key");
        }
        if name == "authorized_keys" || name == "known_hosts" || name.ends_with(".pub") {
            return None;
        }
        if has(p, ".ssh/") && (name == "config" || name.is_empty()) {
            return None;
        }
        if has(p, ".ssh/") && !name.contains('.') {
            return Some("an SSH key");
        }
    }
    if p.ends_with(".ssh") || p.ends_with(".ssh/") || p.ends_with(".ssh/*") {
        return Some("the SSH keys directory");
    }
    if has(p, ".aws/credentials") || (has(p, ".aws") && (name == ".aws" || name == "*")) {
        return Some("AWS credentials");
    }
    if has(p, ".aws/config") {
        return Some("the AWS config");
    }
    if has(p, ".kube/config") || p.ends_with("kubeconfig") {
        return Some("a Kubernetes config with cluster credentials");
    }
    if has(p, ".docker/config.json") {
        return Some("Docker registry credentials");
    }
    if has(p, ".config/gcloud") || has(p, "application_default_credentials") {
        return Some("Google Cloud credentials");
    }
    if has(p, ".azure/") {
        return Some("Azure credentials");
    }
    if has(p, ".config/gh/hosts") {
        return Some("the GitHub CLI token");
    }
    if let Some(what) = tool_credentials(p, lower_name) {
        return Some(what);
    }
    if p.starts_with("/etc/ssl/private")
        || has(p, "/private/") && (name.ends_with(".key") || name.is_empty())
    {
        return Some("TLS private keys");
    }
    if [
        "Login Data",
        "logins.json",
        "key4.db",
        "key3.db",
        "Cookies",
        "cookies.sqlite",
        "Local State",
        "login.keychain",
    ]
    .iter()
    .any(|n| name == *n || p.ends_with(n))
        || lower_name.ends_with(".kdbx")
        || lower_name.ends_with(".keychain-db")
    {
        return Some("a browser's or keychain's saved passwords");
    }
    if p.starts_with("/var/run/secrets") || p.starts_with("/run/secrets") {
        return Some("a mounted service secret");
    }
    if has(p, ".gnupg") {
        return Some("GnuPG keys");
    }
    if has(p, ".password-store") {
        return Some("the password store");
    }
    match lower_name {
        ".netrc" | "_netrc" => return Some("netrc credentials"),
        ".git-credentials" => return Some("git credentials"),
        ".npmrc" => return Some("npm tokens"),
        ".pypirc" => return Some("PyPI tokens"),
        ".vault-token" => return Some("a Vault token"),
        ".pgpass" => return Some("PostgreSQL passwords"),
        ".my.cnf" => return Some("MySQL passwords"),
        "credentials" | "credentials.json" | "credentials.yml" | "credentials.yaml" => {
            return Some("a credentials file");
        }
        "secrets.json" | "secrets.yml" | "secrets.yaml" | "secrets.toml" | "secret.json" => {
            return Some("a secrets file");
        }
        "shadow" | "gshadow" | "shadow-" if p.starts_with("/etc/") => {
            return Some("the system password hashes");
        }
        "master.key" | "credentials.yml.enc" => return Some("application secrets"),
        ".htpasswd" => return Some("password hashes"),
        "terraform.tfstate" | "terraform.tfstate.backup" => {
            return Some("Terraform state (holds secrets)");
        }
        "wp-config.php" => return Some("database credentials"),
        _ => {}
    }
    if lower_name == ".env" || lower_name == "env" && p.starts_with("/proc/") {
        return Some("environment secrets");
    }
    if p.starts_with("/proc/") && name == "environ" {
        return Some("a process's environment");
    }
    if let Some(rest) = lower_name.strip_prefix(".env.")
        && !matches!(
            rest,
            "example" | "sample" | "template" | "dist" | "defaults" | "test" | "schema" | "tmpl"
        )
    {
        return Some("environment secrets");
    }
    if lower_name.ends_with(".env") && !has(lower_name, "example") {
        return Some("environment secrets");
    }
    if (lower_name.ends_with(".pem")
        || lower_name.ends_with(".key")
        || lower_name.ends_with(".p12")
        || lower_name.ends_with(".pfx")
        || lower_name.ends_with(".jks")
        || lower_name.ends_with(".keystore"))
        && !has(lower_name, "public")
        && !lower_name.ends_with(".pub.pem")
        && !has(lower_name, "cert")
    {
        return Some("a private key");
    }
    if has(lower_name, "service-account") && lower_name.ends_with(".json") {
        return Some("a cloud service-account key");
    }
    secret_by_kind(lower_name).or_else(|| super::secret_files::lookup(p))
}

/// Secrets named by their kind (the extension or name pattern the tool documents) rather than
/// one fixed file name: whatever the project calls them, these files hold credentials.
/// Examples, templates and public halves are not (`prod.tfvars.example`, `ca.pub.ppk`).
fn secret_by_kind(lower_name: &str) -> Option<&'static str> {
    let ends = |exts: &[&str]| exts.iter().any(|e| lower_name.ends_with(e));
    // `kubeconfig-prod.yaml`, `admin.kubeconfig`, `eks_kubeconfig`: a config, not the source
    // or docs of a program that reads one (`kubeconfig.go`, `kubeconfig.md`).
    let config_ext = || !lower_name.contains('.') || ends(&[".yaml", ".yml", ".conf"]);
    let kind = if ends(&[".tfvars", ".tfvars.json"]) {
        // Terraform's variable files carry the passwords and tokens a configuration is given.
        "Terraform variables (passwords and tokens)"
    } else if ends(&[".tfstate", ".tfstate.backup"]) {
        "Terraform state (holds secrets)"
    } else if ends(&[".ppk"]) {
        "a PuTTY private key"
    } else if ends(&[".p8", ".keytab"]) {
        "a private key"
    } else if ends(&[".kubeconfig"])
        || has(lower_name, "kubeconfig")
            && (lower_name.starts_with("kubeconfig")
                || has(lower_name, "-kubeconfig")
                || has(lower_name, "_kubeconfig"))
            && config_ext()
    {
        "a Kubernetes config with cluster credentials"
    } else if lower_name.starts_with("client_secret") && lower_name.ends_with(".json") {
        "an OAuth client secret"
    } else if ends(&["credentials.csv", "accesskeys.csv"]) {
        "cloud access keys"
    } else {
        match lower_name {
            ".envrc" => "environment secrets (direnv)",
            ".s3cfg" => "S3 access keys (s3cmd)",
            ".boto" => "cloud access keys (boto)",
            ".dockercfg" => "Docker registry credentials",
            _ => return None,
        }
    };
    // Examples, templates and public halves hold no secret.
    let template = ["example", "sample", "template", "public", ".pub"]
        .iter()
        .any(|k| has(lower_name, k));
    (!template).then_some(kind)
}

/// The files where command-line tools keep their logins (tokens, passwords, session keys), by
/// the path each tool documents: a CLI's login is a credential like any key file. Files that
/// projects also commit without secrets (`gradle.properties`, `.yarnrc.yml`, `settings.xml`)
/// count only in a home directory's tool folder.
fn tool_credentials(p: &str, lower_name: &str) -> Option<&'static str> {
    const BY_PATH: &[(&str, &str)] = &[
        (".config/hub", "the hub CLI's GitHub token"),
        (".config/glab-cli/config.yml", "the GitLab CLI token"),
        (
            ".terraform.d/credentials.tfrc.json",
            "Terraform Cloud tokens",
        ),
        (".cargo/credentials", "the crates.io token"),
        (".cargo/credentials.toml", "the crates.io token"),
        (".config/doctl/config.yaml", "the DigitalOcean token"),
        (".fly/config.yml", "the Fly.io token"),
        (".config/hcloud/cli.toml", "the Hetzner Cloud token"),
        (".config/netlify/config.json", "the Netlify token"),
        (".netlify/config.json", "the Netlify token"),
        ("com.vercel.cli/auth.json", "the Vercel token"),
        (
            ".config/configstore/firebase-tools.json",
            "the Firebase token",
        ),
        (".wrangler/config/", "the Cloudflare token"),
        (".config/stripe/config.toml", "Stripe API keys"),
        (".circleci/cli.yml", "the CircleCI token"),
        (
            ".config/rclone/rclone.conf",
            "rclone's cloud storage tokens",
        ),
        (".aws/sso/cache/", "AWS session tokens"),
        (".aws/cli/cache/", "AWS session tokens"),
        (".m2/settings.xml", "Maven repository passwords"),
        (".m2/settings-security.xml", "the Maven master password"),
        (".gradle/gradle.properties", "Gradle publishing credentials"),
        (".composer/auth.json", "Composer tokens"),
        (".config/composer/auth.json", "Composer tokens"),
        (
            ".config/containers/auth.json",
            "container registry credentials",
        ),
        ("containers/auth.json", "container registry credentials"),
        (".dbt/profiles.yml", "database passwords (dbt)"),
        (".snowflake/", "Snowflake passwords"),
        (".config/sops/age/keys.txt", "age private keys (sops)"),
        (".config/age/", "age private keys"),
        (".ansible/vault", "the Ansible vault password"),
    ];
    if let Some((_, what)) = BY_PATH.iter().find(|(k, _)| {
        if k.ends_with('/') {
            has(p, k)
        } else {
            p.ends_with(k)
        }
    }) {
        return Some(what);
    }
    match lower_name {
        ".s3cfg" => Some("S3 keys (s3cmd)"),
        ".boto" => Some("cloud storage keys (boto)"),
        ".databrickscfg" => Some("the Databricks token"),
        ".terraformrc" | "terraform.rc" => Some("Terraform Cloud tokens"),
        ".vault_pass" | ".vault_pass.txt" | ".vault-password" | "vault_pass.txt" => {
            Some("the Ansible vault password")
        }
        ".yarnrc.yml" if home_relative(p).is_some() => Some("the npm token (yarn)"),
        // `prod-kubeconfig.yaml`, `kubeconfig-staging`, `ci.kubeconfig`; not `kubeconfig.md`
        // (docs), templates or code that handles one (`kubeconfig.go`).
        n if has(n, "kubeconfig")
            && !has(n, "example")
            && !has(n, "sample")
            && n.rsplit_once('.').is_none_or(|(_, ext)| {
                matches!(ext, "yaml" | "yml" | "json" | "conf" | "kubeconfig" | "bak")
            }) =>
        {
            Some("a Kubernetes config with cluster credentials")
        }
        n if n.ends_with(".ppk") => Some("a PuTTY private key"),
        _ if has(p, ".kube/")
            && (lower_name.ends_with(".yaml") || lower_name.ends_with(".yml")) =>
        {
            Some("a Kubernetes config with cluster credentials")
        }
        _ => None,
    }
}

/// A data dump: what leaving the machine would leak in bulk.
pub fn dump(path: &str) -> bool {
    let n = file_name(path).to_ascii_lowercase();
    n.ends_with(".sql")
        || n.ends_with(".sql.gz")
        || n.ends_with(".dump")
        || n.ends_with(".bak")
        || n.ends_with(".sqlite")
        || n.ends_with(".sqlite3")
        || n.ends_with(".db")
        || n.ends_with(".bash_history")
        || n.ends_with(".zsh_history")
        || n == "users.csv"
        || n == "customers.csv"
        || (has(&n, "dump") || has(&n, "backup") || has(&n, "export"))
            && (n.ends_with(".csv")
                || n.ends_with(".json")
                || n.ends_with(".gz")
                || n.ends_with(".tar")
                || n.ends_with(".zip"))
}

/// A file whose overwrite or extension hands over the machine or its logins: the severity
/// and what it is.
pub fn critical_file(path: &str) -> Option<(bool, &'static str)> {
    let p = path.trim();
    let home = home_relative(p);
    let name = file_name(p);
    // (catastrophic, what)
    if p == "/etc/sudoers" || p.starts_with("/etc/sudoers.d") {
        return Some((true, "the sudoers policy (root for anyone it names)"));
    }
    if p == "/etc/passwd" || p == "/etc/shadow" || p == "/etc/group" || p == "/etc/gshadow" {
        return Some((true, "the system's accounts"));
    }
    if name == "authorized_keys" || name == "authorized_keys2" {
        return Some((
            true,
            "SSH authorized_keys (a login for whoever holds the key)",
        ));
    }
    if p == "/proc/sysrq-trigger" {
        return Some((true, "the kernel's SysRq trigger"));
    }
    if p.starts_with("/dev/sd")
        || p.starts_with("/dev/nvme")
        || p.starts_with("/dev/hd")
        || p.starts_with("/dev/vd")
        || p.starts_with("/dev/xvd")
        || p.starts_with("/dev/mmcblk")
        || p.starts_with("/dev/disk")
        || p.starts_with("/dev/mapper")
        || p == "/dev/mem"
        || p == "/dev/kmem"
        || p.starts_with("/dev/md")
        || p.starts_with("/dev/dm-")
    {
        return Some((true, "a disk device"));
    }
    if p.starts_with("/boot/")
        || p == "/etc/fstab"
        || p.starts_with("/etc/pam.d")
        || p == "/etc/ld.so.preload"
        || p.starts_with("/etc/ssh/sshd_config")
    {
        return Some((true, "a file the system boots or authenticates with"));
    }
    if p.starts_with("/etc/cron") || p == "/etc/crontab" || p.starts_with("/var/spool/cron") {
        return Some((false, "the system's scheduled jobs"));
    }
    if p == "/etc/hosts" || p == "/etc/resolv.conf" {
        return Some((false, "the system's name resolution"));
    }
    if p.starts_with("/etc/systemd")
        || p.starts_with("/lib/systemd")
        || p.starts_with("/etc/init.d")
    {
        return Some((false, "a system service definition"));
    }
    if p.starts_with("/etc/")
        || p.starts_with("/usr/")
        || p.starts_with("/bin/")
        || p.starts_with("/sbin/")
        || p.starts_with("/lib")
    {
        return Some((false, "a system file"));
    }
    if let Some(h) = home {
        if matches!(
            h,
            ".bashrc"
                | ".bash_profile"
                | ".profile"
                | ".zshrc"
                | ".zprofile"
                | ".zshenv"
                | ".bash_login"
        ) {
            return Some((false, "a shell startup file (runs at every login)"));
        }
        if h.starts_with(".ssh/") {
            return Some((false, "the SSH configuration"));
        }
    }
    None
}

/// Whether a path or text reaches airlock's own state or policy: its state directory (the
/// operator channel, `state.redb`), or a policy file of an airlock directory.
pub fn airlock_state(path: &str) -> Option<&'static str> {
    let has_any_case = |needle: &[u8]| {
        path.as_bytes()
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle))
    };
    if !has_any_case(b"airlock") && !has_any_case(b".redb") && !has_any_case(b"operator/") {
        return None;
    }
    let lower = path.to_ascii_lowercase();
    if has(&lower, ".local/state/airlock")
        || has(&lower, "xdg_state_home/airlock")
        || has(&lower, "xdg_state_home}/airlock")
        || has(&lower, "airlock_state_dir")
        || has(&lower, "airlock/operator")
        || has(&lower, "airlock-state")
        || has(&lower, "airlock_state")
    {
        return Some("airlock's state directory (approvals, blocks, the operator channel)");
    }
    if lower.ends_with(".redb") || has(&lower, ".redb ") {
        return Some("airlock's state database");
    }
    if has(&lower, "operator/") && (has(&lower, "code") || has(&lower, "challenge")) {
        return Some("airlock's operator channel");
    }
    // A file of airlock's named for the operator or a credential, wherever it is kept
    // (`~/.config/airlock-operator.token`, `/run/airlock.secret`); not its docs or sources.
    let name = file_name(&lower);
    let doc_or_code = [".md", ".rs", ".txt", ".html", ".go", ".py", ".ts", ".js"]
        .iter()
        .any(|e| name.ends_with(e));
    if has(name, "airlock")
        && !doc_or_code
        && [
            "operator",
            "token",
            "secret",
            "challenge",
            "passphrase",
            "approval",
        ]
        .iter()
        .any(|k| name.contains(k))
    {
        return Some("airlock's operator credentials");
    }
    if has(&lower, "airlock")
        && (lower.ends_with("policy.json")
            || lower.ends_with(".wasm")
            || has(&lower, "airlock_policy"))
    {
        return Some("airlock's policy");
    }
    if has(&lower, "$airlock_policy") || has(&lower, "${airlock_policy}") {
        return Some("airlock's policy");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes() {
        use Scope::*;
        for (path, expected) in [
            ("/", Catastrophic),
            ("/*", Catastrophic),
            ("~", Catastrophic),
            ("~/", Catastrophic),
            ("$HOME", Catastrophic),
            ("/etc", Catastrophic),
            ("/usr/lib", Catastrophic),
            ("/var/lib/postgresql", Catastrophic),
            ("/home", Catastrophic),
            ("/home/alice", Catastrophic),
            ("/boot/", Catastrophic),
            (".", Wide),
            ("*", Wide),
            ("..", Wide),
            // `.` and `x/..` steps folded: the path reaches where it leads.
            ("./..", Wide),
            ("./build/../../", Wide),
            ("target/..", Wide),
            ("node_modules/../..", Wide),
            ("/tmp/../etc", Catastrophic),
            ("/opt/app/../../", Catastrophic),
            ("~/.cache/..", Catastrophic),
            ("~/.cache/../..", Catastrophic),
            ("$HOME/tmp/../..", Catastrophic),
            ("./target", Disposable),
            ("./src/./lib", Bounded),
            ("src/../target", Bounded),
            ("~/.ssh", Wide),
            ("$DIR/", Wide),
            (".git", Wide),
            ("/tmp", Wide),
            ("src/old", Bounded),
            ("docs", Bounded),
            ("/home/alice/project/old", Bounded),
            ("~/notes/old", Bounded),
            ("$DIR", Unknown),
            ("target", Disposable),
            ("./target/", Disposable),
            ("node_modules", Disposable),
            ("frontend/node_modules", Disposable),
            ("/tmp/build-123", Disposable),
            ("__pycache__", Disposable),
            (".venv", Disposable),
            ("dist/", Disposable),
            ("$TMPDIR/x", Disposable),
            ("~/.cache/pip", Disposable),
        ] {
            assert_eq!(scope(path), expected, "{path}");
        }
    }

    #[test]
    fn secrets() {
        for p in [
            "~/.ssh/id_rsa",
            "/home/u/.ssh/id_ed25519",
            "~/.aws/credentials",
            "~/.kube/config",
            "~/.docker/config.json",
            "~/.netrc",
            "~/.git-credentials",
            "~/.npmrc",
            "~/.pypirc",
            ".env",
            "backend/.env.production",
            "/etc/shadow",
            "server.key",
            "@.env",
        ] {
            assert!(secret(p).is_some(), "{p}");
        }
        for p in [
            "~/.ssh/id_rsa.pub",
            ".env.example",
            "README.md",
            "/etc/passwd",
            "~/.ssh/known_hosts",
            "cert.pem.pub",
            "src/env.rs",
        ] {
            assert!(secret(p).is_none(), "{p}");
        }
    }

    #[test]
    fn airlock_paths() {
        assert!(airlock_state("~/.local/state/airlock/operator/code").is_some());
        assert!(airlock_state("$XDG_STATE_HOME/airlock/state.redb").is_some());
        assert!(airlock_state("/etc/airlock/policy.json").is_some());
        assert!(airlock_state("policy.json").is_none());
        assert!(airlock_state("guest-policies/judge/src/lib.rs").is_none());
    }
}
