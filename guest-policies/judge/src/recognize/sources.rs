//! Package managers and installers told to take code from a source nobody vetted: another
//! registry, index, channel, tap, repository, manifest or a URL, given on the line (an option,
//! an operand, a variable), registered for every later install (`helm repo add`, `npm config
//! set registry`, `dotnet nuget add source`, a line written to `.npmrc` or `sources.list.d`),
//! or the package's verification turned off (`--nogpgcheck`, `--allow-unauthenticated`,
//! `--trusted-host`, `snap --dangerous`, `-SkipPublisherCheck`). Installing runs the package's
//! install scripts or puts its binaries on the PATH: code nobody has read runs with the user's
//! rights, so the label rule ("installing packages from unknown URLs or indexes") asks a
//! person first; verification turned off for every later install, system-wide or for the user,
//! is graded higher (verify).
//!
//! One mechanism reads tables written from each program's reference (pip(1), uv, npm-config(7),
//! yarn's and pnpm's settings, go help environment, gem, bundle-config(1), composer's config,
//! dotnet nuget, helm repo, krew, apt(8), sources.list(5), dnf(8), rpm(8), zypper(8), apk(8),
//! pacman(8), snap, flatpak(1), winget, choco, scoop, PowerShellGet, Add-AppxPackage, VS Code's
//! CLI, asdf, mise, nix(1), luarocks, vagrant, docker plugin, gh extension, ansible-galaxy,
//! pulumi plugin, R's install functions): the program's row is found by a binary search on its
//! name, so a command of any other program costs one lookup. The default registry of a package
//! (a pinned or unpinned name), a local path, a lockfile install, a vendor's own repository,
//! reads of a source (`pip index versions --index-url`, `npm view --registry`, `helm search
//! repo`) and listings of sources stay allowed.
//!
//! The package runners (`npx`, `uvx`, `pnpm dlx`) grade the package they fetch by name
//! ([`super::package_runners`]); what they fetch from a URL or with a source option is graded
//! here, from the runner's own words.

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};
use crate::shell::{RedirectKind, Script};
use crate::substring::has;

/// What makes a value or a setting name code from outside the vetted registries.
#[derive(Clone, Copy)]
enum Bad {
    /// A URL (or a repository address) on a host no one vetted.
    Url,
    /// A verification switch given `false`, `0`, `no` or `off`.
    Off,
    /// A switch that skips verification given `true`, `1`, `yes` or `on`.
    On,
    /// Any value (a host to trust without TLS, a module pattern left unchecked).
    Any,
    /// A value naming nothing but the given word (`GOSUMDB=off`).
    Is(&'static str),
}

/// One package manager's or installer's words that choose where its code comes from.
struct Manager {
    /// The program, lowercased, as [`Cmd::program`].
    program: &'static str,
    /// Subcommand paths (words in order, others may stand between) that install, add or run a
    /// package; `""` when the program does nothing else (`msiexec`, `add-apt-repository`).
    installs: &'static [&'static str],
    /// Subcommand paths that register a source for every later install (`repo add`, `source
    /// add`, `remote-add`): the source is a `sources` option's value or a remote operand.
    adds: &'static [&'static str],
    /// Options whose value names another registry, index, channel, source or manifest.
    sources: &'static [&'static str],
    /// Options that turn the package's verification off for this run (lowercased; an entry
    /// matches the option itself or `option=value`), and words of `-o` / `--setopt` values
    /// that do the same (`gpgcheck=0`, `allowunauthenticated=true`).
    unchecked: &'static [&'static str],
    /// Variables on the line that choose the source or turn verification off.
    env: &'static [(&'static str, Bad)],
    /// Whether an installed operand that is a URL or a repository counts.
    remote_operands: bool,
    /// Whether every install path is itself code from outside a vetted registry (a plugin, an
    /// extension, a signing key trusted for later installs), whatever its operand.
    always: bool,
    /// PowerShell's cmdlets and Windows installers: options are case-insensitive and may be
    /// spelled with `/`.
    windows: bool,
}

const NONE: Manager = Manager {
    program: "",
    installs: &[],
    adds: &[],
    sources: &[],
    unchecked: &[],
    env: &[],
    remote_operands: true,
    always: false,
    windows: false,
};

const PIP_ENV: &[(&str, Bad)] = &[
    ("PIP_INDEX_URL", Bad::Url),
    ("PIP_EXTRA_INDEX_URL", Bad::Url),
    ("PIP_FIND_LINKS", Bad::Url),
    ("PIP_TRUSTED_HOST", Bad::Any),
];
const PIP: Manager = Manager {
    program: "pip",
    installs: &["install", "wheel"],
    sources: &[
        "-i",
        "--index-url",
        "--extra-index-url",
        "-f",
        "--find-links",
    ],
    unchecked: &["--trusted-host"],
    env: PIP_ENV,
    ..NONE
};
const UV_ENV: &[(&str, Bad)] = &[
    ("UV_INDEX_URL", Bad::Url),
    ("UV_EXTRA_INDEX_URL", Bad::Url),
    ("UV_INDEX", Bad::Url),
    ("UV_DEFAULT_INDEX", Bad::Url),
    ("UV_FIND_LINKS", Bad::Url),
    ("UV_INSECURE_HOST", Bad::Any),
    ("PIP_INDEX_URL", Bad::Url),
    ("PIP_EXTRA_INDEX_URL", Bad::Url),
];
const NPM_ENV: &[(&str, Bad)] = &[
    ("NPM_CONFIG_REGISTRY", Bad::Url),
    ("YARN_REGISTRY", Bad::Url),
    ("YARN_NPM_REGISTRY_SERVER", Bad::Url),
    ("NPM_CONFIG_STRICT_SSL", Bad::Off),
    ("YARN_ENABLE_STRICT_SSL", Bad::Off),
    ("NODE_TLS_REJECT_UNAUTHORIZED", Bad::Is("0")),
];
const NPM: Manager = Manager {
    program: "npm",
    installs: &[
        "install",
        "i",
        "add",
        "ci",
        "update",
        "exec",
        "x",
        "install-test",
    ],
    sources: &["--registry"],
    unchecked: &["--strict-ssl=false", "--no-strict-ssl"],
    env: NPM_ENV,
    ..NONE
};
const GO_ENV: &[(&str, Bad)] = &[
    ("GOPROXY", Bad::Url),
    ("GOSUMDB", Bad::Is("off")),
    ("GONOSUMDB", Bad::Any),
    ("GONOSUMCHECK", Bad::Any),
    ("GOINSECURE", Bad::Any),
    ("GOFLAGS", Bad::Is("-insecure")),
];
const APT_UNCHECKED: &[&str] = &[
    "--allow-unauthenticated",
    "--allow-insecure-repositories",
    "--no-check-gpg",
    "allowunauthenticated=true",
    "allowinsecurerepositories=true",
    "allow-insecure=yes",
    "trusted=yes",
    "verify-peer=false",
];
const RPM_UNCHECKED: &[&str] = &[
    "--nogpgcheck",
    "--no-gpgchecks",
    "--nosignature",
    "--nodigest",
    "gpgcheck=0",
    "gpgcheck=false",
    "gpgcheck=no",
    "sslverify=0",
    "sslverify=false",
];
const DNF_INSTALLS: &[&str] = &[
    "install",
    "localinstall",
    "reinstall",
    "upgrade",
    "update",
    "groupinstall",
];
const NUGET_SOURCES: &[&str] = &["-s", "--source", "--add-source", "-source"];
const PS_INSTALLS: &[&str] = &[""];
const PS_UNCHECKED: &[&str] = &["-skippublishercheck", "-trustrepository"];
const VSCODE: Manager = Manager {
    installs: &["--install-extension"],
    remote_operands: false,
    ..NONE
};

/// The package managers and installers, sorted by program for a binary search.
const MANAGERS: &[Manager] = &[
    Manager {
        program: "add-appxpackage",
        installs: PS_INSTALLS,
        sources: &["-path", "-appinstallerfile", "-uri"],
        unchecked: &["-allowunsigned"],
        windows: true,
        ..NONE
    },
    Manager {
        program: "add-apt-repository",
        adds: &[""],
        unchecked: &["trusted=yes"],
        ..NONE
    },
    Manager {
        program: "ansible-galaxy",
        installs: &["install"],
        sources: &["-s", "--server"],
        unchecked: &["--ignore-certs", "-c"],
        ..NONE
    },
    Manager {
        program: "apk",
        installs: &["add"],
        sources: &["-x", "--repository"],
        unchecked: &["--allow-untrusted"],
        ..NONE
    },
    Manager {
        program: "apt",
        installs: &["install", "upgrade", "full-upgrade", "dist-upgrade"],
        unchecked: APT_UNCHECKED,
        ..NONE
    },
    Manager {
        program: "apt-get",
        installs: &["install", "upgrade", "dist-upgrade", "update"],
        unchecked: APT_UNCHECKED,
        ..NONE
    },
    // `apt-key add FILE`, `apt-key adv --fetch-keys URL`: a signing key trusted by every
    // repository, for every later install.
    Manager {
        program: "apt-key",
        installs: &["add", "adv"],
        always: true,
        ..NONE
    },
    Manager {
        program: "aptitude",
        installs: &["install", "safe-upgrade", "full-upgrade"],
        unchecked: APT_UNCHECKED,
        ..NONE
    },
    // asdf's and mise's plugins are shell scripts run for every install and every shim.
    Manager {
        program: "asdf",
        installs: &["plugin add", "plugin-add"],
        ..NONE
    },
    Manager {
        program: "brew",
        installs: &["install", "reinstall", "upgrade"],
        unchecked: &["--no-quarantine"],
        ..NONE
    },
    Manager {
        program: "bun",
        installs: &["install", "add", "i", "x"],
        unchecked: &[],
        ..NPM
    },
    Manager {
        program: "bundle",
        installs: &["add", "install", "update"],
        sources: &["--source", "--git", "--github"],
        ..NONE
    },
    Manager {
        program: "cargo",
        installs: &["install", "add"],
        sources: &["--index"],
        ..NONE
    },
    Manager {
        program: "choco",
        installs: &["install", "upgrade"],
        adds: &["source add"],
        sources: &["-s", "--source"],
        unchecked: &[
            "--ignore-checksums",
            "--ignorechecksums",
            "--allow-empty-checksums",
            "--allowemptychecksums",
            "--skip-virus-check",
        ],
        windows: true,
        ..NONE
    },
    Manager {
        program: "code",
        ..VSCODE
    },
    Manager {
        program: "code-insiders",
        ..VSCODE
    },
    Manager {
        program: "code-oss",
        ..VSCODE
    },
    Manager {
        program: "codium",
        ..VSCODE
    },
    Manager {
        program: "composer",
        installs: &["require", "create-project", "global require"],
        sources: &["--repository", "--repository-url"],
        ..NONE
    },
    // Conan's remotes hold recipes: Python run at install.
    Manager {
        program: "conan",
        installs: &["install", "create"],
        adds: &["remote add"],
        unchecked: &["--insecure"],
        ..NONE
    },
    Manager {
        program: "cursor",
        ..VSCODE
    },
    Manager {
        program: "dnf",
        installs: DNF_INSTALLS,
        adds: &["config-manager --add-repo", "config-manager addrepo"],
        sources: &["--repofrompath", "--add-repo", "--from-repofile"],
        unchecked: RPM_UNCHECKED,
        ..NONE
    },
    // A Docker Engine plugin runs as root with the privileges it asks for.
    Manager {
        program: "docker",
        installs: &["plugin install"],
        always: true,
        ..NONE
    },
    Manager {
        program: "dotnet",
        installs: &[
            "add package",
            "tool install",
            "tool update",
            "restore",
            "new install",
        ],
        adds: &["nuget add source"],
        sources: NUGET_SOURCES,
        ..NONE
    },
    Manager {
        program: "flatpak",
        installs: &["install", "update"],
        adds: &["remote-add"],
        sources: &["--from"],
        unchecked: &["--no-gpg-verify"],
        ..NONE
    },
    Manager {
        program: "go",
        installs: &["install", "get", "run", "mod download"],
        env: GO_ENV,
        remote_operands: false,
        ..NONE
    },
    Manager {
        program: "helm",
        installs: &["install", "upgrade", "plugin install"],
        adds: &["repo add"],
        sources: &["--repo"],
        unchecked: &["--insecure-skip-tls-verify"],
        ..NONE
    },
    Manager {
        program: "install-module",
        installs: PS_INSTALLS,
        unchecked: PS_UNCHECKED,
        windows: true,
        ..NONE
    },
    Manager {
        program: "install-package",
        installs: PS_INSTALLS,
        sources: &["-source"],
        unchecked: PS_UNCHECKED,
        windows: true,
        ..NONE
    },
    Manager {
        program: "install-psresource",
        installs: PS_INSTALLS,
        unchecked: PS_UNCHECKED,
        windows: true,
        ..NONE
    },
    Manager {
        program: "install-script",
        installs: PS_INSTALLS,
        unchecked: PS_UNCHECKED,
        windows: true,
        ..NONE
    },
    Manager {
        program: "kubectl",
        installs: &["krew install", "krew upgrade"],
        adds: &["krew index add"],
        sources: &["--manifest-url"],
        unchecked: &["--manifest", "--archive"],
        ..NONE
    },
    Manager {
        program: "kubectl-krew",
        installs: &["install", "upgrade"],
        adds: &["index add"],
        sources: &["--manifest-url"],
        unchecked: &["--manifest", "--archive"],
        ..NONE
    },
    Manager {
        program: "luarocks",
        installs: &["install", "build", "download"],
        sources: &["--server", "--only-server", "--from", "--only-from"],
        unchecked: &["--force-lock"],
        ..NONE
    },
    Manager {
        program: "mamba",
        installs: &["install", "create", "update"],
        env: &[("CONDA_SSL_VERIFY", Bad::Off)],
        unchecked: &["--insecure"],
        ..NONE
    },
    Manager {
        program: "microdnf",
        installs: DNF_INSTALLS,
        unchecked: RPM_UNCHECKED,
        ..NONE
    },
    Manager {
        program: "mise",
        installs: &[
            "plugins install",
            "plugin install",
            "plugins add",
            "plugin add",
        ],
        ..NONE
    },
    Manager {
        program: "msiexec",
        installs: &[""],
        sources: &["/i", "/package", "/update", "/p", "/j"],
        windows: true,
        ..NONE
    },
    // Maven resolves plugins and dependencies on every run: TLS checks turned off for it.
    Manager {
        program: "mvn",
        installs: &[""],
        unchecked: &[
            "-dmaven.wagon.http.ssl.insecure=true",
            "-dmaven.wagon.http.ssl.allowall=true",
            "-dmaven.resolver.transport.http.ssl.insecure=true",
        ],
        remote_operands: false,
        ..NONE
    },
    Manager {
        program: "nix",
        installs: &["run", "shell", "develop", "profile install", "profile add"],
        unchecked: &["--no-require-sigs"],
        ..NONE
    },
    Manager {
        program: "nix-env",
        installs: &["-i", "--install", "-iA", "-if", "-u", "--upgrade"],
        sources: &["-f", "--file"],
        ..NONE
    },
    NPM,
    Manager {
        program: "nuget",
        installs: &["install", "restore", "update"],
        adds: &["sources add", "source add"],
        sources: NUGET_SOURCES,
        windows: true,
        ..NONE
    },
    Manager {
        program: "opam",
        installs: &["install", "pin add", "pin"],
        adds: &["repository add", "repo add"],
        ..NONE
    },
    Manager {
        program: "pacman",
        installs: &["-U", "--upgrade"],
        ..NONE
    },
    Manager {
        program: "pdm",
        installs: &["add", "install", "update"],
        sources: &["--index-url"],
        env: &[("PDM_PYPI_URL", Bad::Url)],
        ..NONE
    },
    PIP,
    Manager {
        program: "pip3",
        ..PIP
    },
    Manager {
        program: "pipenv",
        installs: &["install", "sync", "update"],
        sources: &["--pypi-mirror", "-i", "--index"],
        env: &[("PIPENV_PYPI_MIRROR", Bad::Url)],
        ..NONE
    },
    Manager {
        program: "pipx",
        installs: &["install", "inject", "run", "upgrade"],
        sources: &["--index-url", "-i", "--pip-args"],
        env: PIP_ENV,
        ..NONE
    },
    Manager {
        program: "pnpm",
        installs: &["install", "i", "add", "update", "dlx"],
        ..NPM
    },
    Manager {
        program: "poetry",
        installs: &["add", "install", "update"],
        adds: &["source add"],
        env: &[("POETRY_REPOSITORIES_", Bad::Url)],
        ..NONE
    },
    // `pre-commit try-repo URL` runs a repository's hooks on the project.
    Manager {
        program: "pre-commit",
        installs: &["try-repo"],
        ..NONE
    },
    Manager {
        program: "pulumi",
        installs: &["plugin install"],
        sources: &["--server"],
        ..NONE
    },
    Manager {
        program: "register-psrepository",
        adds: PS_INSTALLS,
        sources: &["-sourcelocation", "-scriptsourcelocation"],
        windows: true,
        ..NONE
    },
    Manager {
        program: "register-psresourcerepository",
        adds: PS_INSTALLS,
        sources: &["-uri"],
        windows: true,
        ..NONE
    },
    Manager {
        program: "rpm",
        installs: &[
            "-i",
            "-iv",
            "-ivh",
            "-ihv",
            "-U",
            "-Uv",
            "-Uvh",
            "-Uhv",
            "-F",
            "-Fvh",
            "--install",
            "--upgrade",
            "--freshen",
            "--import",
        ],
        unchecked: RPM_UNCHECKED,
        ..NONE
    },
    Manager {
        program: "scoop",
        installs: &["install"],
        adds: &["bucket add"],
        ..NONE
    },
    // Snaps not from the store's review (`--dangerous`: no signature checked).
    Manager {
        program: "snap",
        installs: &["install"],
        unchecked: &["--dangerous"],
        ..NONE
    },
    Manager {
        program: "uv",
        installs: &[
            "add",
            "pip install",
            "sync",
            "tool install",
            "tool run",
            "run --with",
        ],
        sources: &[
            "--index",
            "--index-url",
            "--extra-index-url",
            "--default-index",
            "-i",
            "-f",
            "--find-links",
        ],
        unchecked: &["--allow-insecure-host", "--trusted-host"],
        env: UV_ENV,
        ..NONE
    },
    Manager {
        program: "uvx",
        installs: &[""],
        sources: &[
            "--index",
            "--index-url",
            "--extra-index-url",
            "--default-index",
        ],
        unchecked: &["--allow-insecure-host"],
        env: UV_ENV,
        ..NONE
    },
    Manager {
        program: "vagrant",
        installs: &["box add", "plugin install"],
        sources: &["--plugin-source"],
        unchecked: &["--insecure", "--box-download-insecure"],
        ..NONE
    },
    Manager {
        program: "windsurf",
        ..VSCODE
    },
    Manager {
        program: "winget",
        installs: &["install", "upgrade", "add", "import"],
        adds: &["source add"],
        unchecked: &[
            "-m",
            "--manifest",
            "--ignore-security-hash",
            "--ignore-local-archive-malware-scan",
        ],
        windows: true,
        ..NONE
    },
    Manager {
        program: "yarn",
        installs: &["add", "install", "dlx", "global add", "up"],
        ..NPM
    },
    Manager {
        program: "yum",
        installs: DNF_INSTALLS,
        sources: &["--repofrompath"],
        unchecked: RPM_UNCHECKED,
        ..NONE
    },
    Manager {
        program: "yum-config-manager",
        installs: &[],
        adds: &["--add-repo"],
        ..NONE
    },
    Manager {
        program: "zypper",
        installs: &["install", "in", "update", "up", "dist-upgrade", "dup"],
        adds: &["addrepo", "ar"],
        unchecked: &[
            "--no-gpg-checks",
            "--allow-unsigned-rpm",
            "--gpg-auto-import-keys",
            "--no-gpgcheck",
        ],
        ..NONE
    },
];

/// Settings kept for every later install: the program, the subcommand path that sets one, the
/// key's last part (lowercased; `global.index-url` ends with `index-url`), what makes its value
/// bad, and how much that weighs.
const SETTINGS: &[(&str, &str, &str, Bad, Severity)] = &[
    ("bun", "config set", "registry", Bad::Url, Severity::Confirm),
    ("bundle", "config", "mirror.", Bad::Url, Severity::Confirm),
    (
        "bundle",
        "config set",
        "mirror.",
        Bad::Url,
        Severity::Confirm,
    ),
    (
        "choco",
        "feature disable",
        "",
        Bad::Is("checksumfiles"),
        Severity::Verify,
    ),
    (
        "choco",
        "feature enable",
        "",
        Bad::Is("allowemptychecksums"),
        Severity::Verify,
    ),
    (
        "composer",
        "config",
        "secure-http",
        Bad::Off,
        Severity::Verify,
    ),
    (
        "composer",
        "config",
        "disable-tls",
        Bad::On,
        Severity::Verify,
    ),
    (
        "composer",
        "config",
        "repositories.",
        Bad::Url,
        Severity::Confirm,
    ),
    ("composer", "config", "repo.", Bad::Url, Severity::Confirm),
    (
        "conda",
        "config --add channels",
        "",
        Bad::Any,
        Severity::Confirm,
    ),
    (
        "conda",
        "config --append channels",
        "",
        Bad::Any,
        Severity::Confirm,
    ),
    (
        "conda",
        "config --prepend channels",
        "",
        Bad::Any,
        Severity::Confirm,
    ),
    (
        "conda",
        "config --set",
        "ssl_verify",
        Bad::Off,
        Severity::Verify,
    ),
    (
        "conda",
        "config --set",
        "channel_alias",
        Bad::Url,
        Severity::Confirm,
    ),
    (
        "git",
        "config",
        "http.sslverify",
        Bad::Off,
        Severity::Verify,
    ),
    ("go", "env -w", "goproxy", Bad::Url, Severity::Confirm),
    ("go", "env -w", "gosumdb", Bad::Is("off"), Severity::Verify),
    ("go", "env -w", "goinsecure", Bad::Any, Severity::Verify),
    ("go", "env -w", "gonosumdb", Bad::Is("*"), Severity::Verify),
    (
        "go",
        "env -w",
        "goflags",
        Bad::Is("-insecure"),
        Severity::Verify,
    ),
    (
        "mamba",
        "config --add channels",
        "",
        Bad::Any,
        Severity::Confirm,
    ),
    (
        "micromamba",
        "config append channels",
        "",
        Bad::Any,
        Severity::Confirm,
    ),
    ("nix-channel", "--add", "", Bad::Url, Severity::Confirm),
    ("npm", "config set", "registry", Bad::Url, Severity::Confirm),
    (
        "npm",
        "config set",
        "strict-ssl",
        Bad::Off,
        Severity::Verify,
    ),
    ("npm", "set", "registry", Bad::Url, Severity::Confirm),
    ("npm", "set", "strict-ssl", Bad::Off, Severity::Verify),
    ("pdm", "config", "pypi.url", Bad::Url, Severity::Confirm),
    ("pdm", "config", "verify_ssl", Bad::Off, Severity::Verify),
    (
        "pip",
        "config set",
        "index-url",
        Bad::Url,
        Severity::Confirm,
    ),
    (
        "pip",
        "config set",
        "find-links",
        Bad::Url,
        Severity::Confirm,
    ),
    (
        "pip",
        "config set",
        "trusted-host",
        Bad::Any,
        Severity::Confirm,
    ),
    (
        "pip3",
        "config set",
        "index-url",
        Bad::Url,
        Severity::Confirm,
    ),
    (
        "pip3",
        "config set",
        "find-links",
        Bad::Url,
        Severity::Confirm,
    ),
    (
        "pip3",
        "config set",
        "trusted-host",
        Bad::Any,
        Severity::Confirm,
    ),
    (
        "pnpm",
        "config set",
        "registry",
        Bad::Url,
        Severity::Confirm,
    ),
    (
        "pnpm",
        "config set",
        "strict-ssl",
        Bad::Off,
        Severity::Verify,
    ),
    (
        "poetry",
        "config",
        "repositories.",
        Bad::Url,
        Severity::Confirm,
    ),
    ("poetry", "config", ".cert", Bad::Off, Severity::Verify),
    (
        "set-psrepository",
        "",
        "-installationpolicy",
        Bad::Is("trusted"),
        Severity::Confirm,
    ),
    (
        "set-psresourcerepository",
        "",
        "-trusted",
        Bad::Any,
        Severity::Confirm,
    ),
    ("uv", "pip config", "index-url", Bad::Url, Severity::Confirm),
    (
        "yarn",
        "config set",
        "registry",
        Bad::Url,
        Severity::Confirm,
    ),
    (
        "yarn",
        "config set",
        "strict-ssl",
        Bad::Off,
        Severity::Verify,
    ),
    (
        "yarn",
        "config set",
        "enablestrictssl",
        Bad::Off,
        Severity::Verify,
    ),
    (
        "yarn",
        "config set",
        "npmregistryserver",
        Bad::Url,
        Severity::Confirm,
    ),
];

/// Vetted places, by host (a host matches itself and its subdomains): the language
/// ecosystems' own registries, the operating systems' own archives, and vendors' own package
/// repositories and chart repositories for their own software, plus this machine.
const VETTED_HOSTS: &[&str] = &[
    "127.0.0.1",
    "::1",
    "[::1]",
    "alpinelinux.org",
    "api.nuget.org",
    "apt.kubernetes.io",
    "apt.postgresql.org",
    "apt.releases.hashicorp.com",
    "archive.ubuntu.com",
    "archlinux.org",
    "argoproj.github.io",
    "artifacts.elastic.co",
    "aws.github.io",
    "bioconductor.org",
    "charts.bitnami.com",
    "charts.crossplane.io",
    "charts.external-secrets.io",
    "charts.gitlab.io",
    "charts.jetstack.io",
    "cli.github.com",
    "cloud.r-project.org",
    "community.chocolatey.org",
    "crates.io",
    "cran.r-project.org",
    "cran.rstudio.com",
    "deb.debian.org",
    "deb.nodesource.com",
    "dl.fedoraproject.org",
    "dl.flathub.org",
    "dl.google.com",
    "download.docker.com",
    "download.fedoraproject.org",
    "download.opensuse.org",
    "download.postgresql.org",
    "download.pytorch.org",
    "flathub.org",
    "grafana.github.io",
    "helm.cilium.io",
    "helm.datadoghq.com",
    "helm.elastic.co",
    "helm.releases.hashicorp.com",
    "helm.traefik.io",
    "kubernetes-sigs.github.io",
    "kubernetes.github.io",
    "localhost",
    "mirrors.fedoraproject.org",
    "nodejs.org",
    "open-telemetry.github.io",
    "packagemanager.posit.co",
    "packages.cloud.google.com",
    "packages.microsoft.com",
    "packagist.org",
    "pkg.github.com",
    "pkgs.k8s.io",
    "plugins.gradle.org",
    "powershellgallery.com",
    "prometheus-community.github.io",
    "proxy.golang.org",
    "pypi.ngc.nvidia.com",
    "pypi.nvidia.com",
    "pypi.org",
    "pythonhosted.org",
    "registry.npmjs.org",
    "registry.yarnpkg.com",
    "repo.maven.apache.org",
    "repo.mongodb.org",
    "repo1.maven.org",
    "rpm.releases.hashicorp.com",
    "rubygems.org",
    "security.debian.org",
    "security.ubuntu.com",
    "sum.golang.org",
];

/// Code hosts' owners whose repositories are the tools' own projects (an official plugin or
/// extension): `asdf-vm/asdf-nodejs`, `github/gh-copilot`, `NixOS/nixpkgs`.
const VETTED_OWNERS: &[&str] = &[
    "asdf-vm",
    "aws",
    "azure",
    "cli",
    "denoland",
    "docker",
    "github",
    "golang",
    "google",
    "googlecloudplatform",
    "hashicorp",
    "helm",
    "homebrew",
    "jdx",
    "kubernetes",
    "kubernetes-sigs",
    "microsoft",
    "nix-community",
    "nixos",
    "nodejs",
    "pypa",
    "rust-lang",
];

/// Judges one command's choice of source: a table lookup by program, then the row's words.
pub fn judge(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if let Ok(at) = MANAGERS.binary_search_by(|m| m.program.cmp(p)) {
        managed(&MANAGERS[at], cmd, out);
    }
    setting(cmd, out);
    special(cmd, out);
    written(cmd, s, index, out);
}

/// Judges the words of the package runner that started a program (`npx --yes x@latest`,
/// `pnpm dlx x@1`, `uvx --from git+URL x`) as the install they are.
pub fn judge_runner(runner: &Cmd<'_>, out: &mut Vec<Finding>) {
    if let Ok(at) = MANAGERS.binary_search_by(|m| m.program.cmp(runner.program)) {
        managed(&MANAGERS[at], runner, out);
    }
    special(runner, out);
}

/// A table row's reading: an install from another source, an install with verification off,
/// a source registered for later installs.
fn managed(m: &Manager, cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = m.program;
    let installs = m
        .installs
        .iter()
        .any(|path| after_path(cmd, path, m.windows).is_some());
    let adds = m
        .adds
        .iter()
        .find_map(|path| after_path(cmd, path, m.windows));
    if !installs && adds.is_none() {
        return;
    }
    let push = |out: &mut Vec<Finding>, code, severity, message: String| {
        out.push(finding(Family::RemoteCode, code, severity, message));
    };
    // A source option's value (`--index-url URL`, `-s URL`, `/i URL`).
    let named = option_values(cmd, m.sources, m.windows).find(|v| unvetted_url(v));
    if let Some(at) = adds {
        let operand = cmd.args[at.min(cmd.args.len())..]
            .iter()
            .map(|a| &**a)
            .find(|w| unvetted_url(w) || w.starts_with("ppa:"));
        if let Some(source) = named.or(operand) {
            push(
                out,
                "remote-code.source-added",
                Severity::Confirm,
                format!(
                    "{p} adds {source} as a package source for every later install: a source nobody vetted"
                ),
            );
        }
        if let Some(flag) = unchecked(m, cmd) {
            push(
                out,
                "remote-code.verification-off",
                Severity::Verify,
                format!("{p} adds a package source whose signatures are not checked ({flag})"),
            );
        }
        return;
    }
    if let Some(source) = named {
        push(
            out,
            "remote-code.untrusted-index",
            Severity::Confirm,
            format!("{p} installs from {source}, a source nobody vetted"),
        );
    } else if m.always && !official(cmd) {
        push(
            out,
            "remote-code.install-unvetted",
            Severity::Confirm,
            format!(
                "{p} installs a plugin, extension or key from its author, not from a vetted registry"
            ),
        );
    } else if m.remote_operands
        && let Some(source) = cmd
            .words()
            .find(|w| !w.starts_with('-') && (unvetted_url(w) || w.starts_with("ppa:")))
    {
        push(
            out,
            "remote-code.install-unvetted",
            Severity::Confirm,
            format!("{p} installs {source}, code from a source nobody vetted"),
        );
    } else if m.installs == VSCODE.installs
        && cmd
            .words()
            .any(|w| w.to_ascii_lowercase().ends_with(".vsix"))
    {
        push(
            out,
            "remote-code.install-unvetted",
            Severity::Confirm,
            format!(
                "{p} installs an extension from a .vsix file, not from the marketplace's review"
            ),
        );
    }
    if let Some(flag) = unchecked(m, cmd) {
        push(
            out,
            "remote-code.verification-off",
            Severity::Confirm,
            format!("{p} installs with the package's verification turned off ({flag})"),
        );
    }
    if let Some(var) = bad_variable(m.env, cmd) {
        push(
            out,
            "remote-code.untrusted-index",
            Severity::Confirm,
            format!("{p} installs with {var}: another source, or verification off"),
        );
    }
}

/// The index after a subcommand path's last word when the command has it among its first
/// words (other words may stand between: `dotnet add app.csproj package X`); `""` matches
/// every command.
fn after_path(cmd: &Cmd<'_>, path: &str, windows: bool) -> Option<usize> {
    let mut at = 0;
    for want in path.split(' ').filter(|w| !w.is_empty()) {
        let found = cmd.args.get(at..)?.iter().take(6).position(|a| {
            if windows {
                a.eq_ignore_ascii_case(want)
            } else {
                **a == *want
            }
        })?;
        at += found + 1;
    }
    Some(at)
}

/// The values of the options named (`--name v`, `--name=v`, `-Xv` for a short one; `-Name:v`
/// and any case on Windows).
fn option_values<'c>(
    cmd: &Cmd<'c>,
    names: &'static [&'static str],
    windows: bool,
) -> impl Iterator<Item = &'c str> + use<'c> {
    let args = cmd.args;
    (0..args.len()).filter_map(move |i| {
        let a: &'c str = &args[i];
        names.iter().find_map(|n| {
            let same = |x: &str| {
                if windows {
                    x.eq_ignore_ascii_case(n)
                } else {
                    x == *n
                }
            };
            if same(a) {
                return args.get(i + 1).map(|v| &**v);
            }
            let head = a.get(..n.len())?;
            if !same(head) {
                return None;
            }
            let rest = &a[n.len()..];
            rest.strip_prefix('=')
                .or_else(|| rest.strip_prefix(':').filter(|_| windows))
                .or_else(|| (n.len() == 2 && !rest.is_empty() && !windows).then_some(rest))
        })
    })
}

/// The first option or `-o` / `--setopt` value of a row's list that turns verification off.
fn unchecked<'c>(m: &Manager, cmd: &Cmd<'c>) -> Option<&'c str> {
    if m.unchecked.is_empty() {
        return None;
    }
    cmd.words().find(|w| {
        let lower = w.to_ascii_lowercase();
        let lower = lower.replace(' ', "");
        m.unchecked.iter().any(|u| {
            if u.starts_with('-') {
                lower == *u || lower.strip_prefix(u).is_some_and(|r| r.starts_with('='))
            } else {
                has(&lower, u)
            }
        })
    })
}

/// A variable on the line (`X=v cmd`, `env X=v cmd`) that the row lists with a bad value.
fn bad_variable<'c>(env: &[(&str, Bad)], cmd: &Cmd<'c>) -> Option<&'c str> {
    if env.is_empty() {
        return None;
    }
    cmd.assignments
        .iter()
        .chain(cmd.prefix)
        .map(|a| &**a)
        .find(|a| {
            let Some((name, value)) = a.split_once('=') else {
                return false;
            };
            env.iter().any(|(var, bad)| {
                let matches = if var.ends_with('_') {
                    name.len() > var.len() && name[..var.len()].eq_ignore_ascii_case(var)
                } else {
                    name.eq_ignore_ascii_case(var)
                };
                matches && is_bad(*bad, value)
            })
        })
}

/// Whether a value is bad for its kind.
fn is_bad(bad: Bad, value: &str) -> bool {
    let v = value.trim_matches(['"', '\'']).to_ascii_lowercase();
    match bad {
        Bad::Url => v.split(',').any(unvetted_url),
        Bad::Off => matches!(v.as_str(), "false" | "0" | "no" | "off"),
        Bad::On => matches!(v.as_str(), "true" | "1" | "yes" | "on"),
        Bad::Any => !v.is_empty(),
        Bad::Is(word) => v.split([',', ' ']).any(|x| x == word),
    }
}

/// A persistent setting ([`SETTINGS`]): `npm config set registry URL`, `pip config set
/// global.index-url URL`, `go env -w GOSUMDB=off`, `conda config --add channels NAME`,
/// `git config --global http.sslVerify false`, `Set-PSRepository -InstallationPolicy Trusted`.
fn setting(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let first = SETTINGS.partition_point(|r| r.0 < p);
    for (_, path, key, bad, severity) in SETTINGS[first..].iter().take_while(|r| r.0 == p) {
        let windows = p.contains('-');
        let Some(at) = after_path(cmd, path, windows) else {
            continue;
        };
        let rest: Vec<&str> = cmd.args[at.min(cmd.args.len())..]
            .iter()
            .map(|a| &**a)
            .collect();
        let found = if key.starts_with('-') {
            // A PowerShell parameter: `-InstallationPolicy Trusted`, `-Trusted`.
            rest.iter().enumerate().find_map(|(i, w)| {
                let lower = w.to_ascii_lowercase();
                let (name, inline) = match lower.split_once(':') {
                    Some((n, v)) => (n.to_owned(), Some(v.to_owned())),
                    None => (lower.clone(), None),
                };
                (name == *key).then(|| {
                    let value = inline
                        .or_else(|| rest.get(i + 1).map(|v| v.to_ascii_lowercase()))
                        .unwrap_or_else(|| "true".to_owned());
                    (w.to_string(), value)
                })
            })
        } else {
            // The key and its value: `KEY VALUE` or `KEY=VALUE`, after any options (`--global`,
            // `--location=user`); a channel list takes its value alone.
            let mut ops = rest.iter().filter(|w| !w.starts_with('-'));
            if key.is_empty() {
                ops.next().map(|v| (String::new(), v.to_string()))
            } else {
                ops.next().and_then(|k| {
                    let (k, inline) = match k.split_once('=') {
                        Some((k, v)) => (k, Some(v)),
                        None => (*k, None),
                    };
                    let value = inline.or_else(|| ops.next().copied()).unwrap_or("");
                    let lower = k.to_ascii_lowercase();
                    let named = if key.ends_with('.') {
                        lower.starts_with(key)
                    } else {
                        lower.ends_with(key)
                    };
                    // composer's repositories take a type before the URL.
                    let value = if key.ends_with('.') && !value.contains("://") {
                        ops.find(|v| v.contains("://")).copied().unwrap_or(value)
                    } else {
                        value
                    };
                    named.then(|| (k.to_owned(), value.to_owned()))
                })
            }
        };
        let Some((name, value)) = found else {
            continue;
        };
        // A channel or a named source is bad unless it is one of the vetted ones.
        let is_bad = match bad {
            Bad::Any if key.is_empty() => !vetted_channel(&value),
            _ => is_bad(*bad, &value),
        };
        if !is_bad {
            continue;
        }
        let what = if *severity >= Severity::Verify {
            "turns verification off for every later install"
        } else {
            "points every later install at a source nobody vetted"
        };
        let shown = if name.is_empty() {
            value
        } else {
            format!("{name} {value}")
        };
        out.push(finding(
            Family::RemoteCode,
            if *severity >= Severity::Verify {
                "remote-code.verification-off"
            } else {
                "remote-code.source-added"
            },
            *severity,
            format!("{p} {path} {shown}: {what}"),
        ));
    }
}

/// The conda channels that Anaconda or a community maintains.
fn vetted_channel(c: &str) -> bool {
    let c = c.trim_end_matches('/');
    let name = c
        .strip_prefix("https://conda.anaconda.org/")
        .or_else(|| c.strip_prefix("https://anaconda.org/"))
        .unwrap_or(c);
    matches!(
        name.to_ascii_lowercase().as_str(),
        "anaconda"
            | "bioconda"
            | "conda-forge"
            | "defaults"
            | "main"
            | "msys2"
            | "nvidia"
            | "pytorch"
            | "r"
    )
}

/// Whether a word is a URL or a repository address on a host (or owner) nobody vetted:
/// `https://x.top/simple`, `git+https://...`, `git@host:owner/repo`, `github:owner/repo`,
/// `oci://registry/chart`. Local paths, `file:` URLs and the vetted hosts are not.
pub fn unvetted_url(w: &str) -> bool {
    let w = w.trim_matches(['"', '\'']);
    if w.contains(' ') {
        // A sources.list line as one word (`'deb [arch=amd64] http://host/ suite main'`).
        return w.split_whitespace().any(unvetted_url);
    }
    let w = w.strip_prefix("git+").unwrap_or(w);
    let w = w.strip_prefix("sparse+").unwrap_or(w);
    let rest = if let Some((scheme, rest)) = w.split_once("://") {
        if !matches!(
            scheme.to_ascii_lowercase().as_str(),
            "http" | "https" | "git" | "ssh" | "ftp" | "oci" | "hg" | "svn"
        ) {
            return false;
        }
        rest
    } else if let Some(rest) = ["github:", "gitlab:", "bitbucket:", "sourcehut:"]
        .iter()
        .find_map(|s| w.strip_prefix(s))
    {
        return !VETTED_OWNERS.contains(&owner(rest).as_str());
    } else if let Some(rest) = w.strip_prefix("git@") {
        return !rest.is_empty();
    } else {
        return false;
    };
    let hostport = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = hostport.rsplit('@').next().unwrap_or("");
    let host = if host.starts_with('[') {
        host.split(']')
            .next()
            .map(|h| &host[..h.len() + 1])
            .unwrap_or(host)
    } else {
        host.split(':').next().unwrap_or(host)
    }
    .to_ascii_lowercase();
    if host.is_empty() {
        return false;
    }
    if VETTED_HOSTS
        .iter()
        .any(|v| host == *v || host.strip_suffix(v).is_some_and(|h| h.ends_with('.')))
    {
        return false;
    }
    // A code host's repository is vetted only when its owner is the tool's own project.
    if matches!(
        host.as_str(),
        "github.com" | "gitlab.com" | "raw.githubusercontent.com"
    ) {
        let path = &rest[hostport.len()..];
        return !VETTED_OWNERS.contains(&owner(path.trim_start_matches('/')).as_str());
    }
    true
}

/// Whether a repository (`owner/repo`, `https://github.com/owner/repo`) belongs to a tool's
/// own project ([`VETTED_OWNERS`]): `gh extension install github/gh-copilot`.
pub fn vetted_owner(repo: &str) -> bool {
    // Only GitHub itself: `https://evil.example/github.com/github/x` is evil.example's.
    let lower = repo.to_ascii_lowercase();
    let repo = ["https://github.com/", "http://github.com/", "github.com/"]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .unwrap_or(&lower);
    !repo.contains("://") && VETTED_OWNERS.contains(&owner(repo).as_str())
}

fn owner(path: &str) -> String {
    path.split('/').next().unwrap_or("").to_ascii_lowercase()
}

/// Whether a plugin installed from its author is the tool's own project's.
fn official(cmd: &Cmd<'_>) -> bool {
    let p = cmd.program;
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    let named = ops.last().copied().unwrap_or("");
    match p {
        // Docker's own plugins live under `docker/`; a plugin from anyone else runs as root.
        "docker" => named.starts_with("docker/"),
        // `apt-key add` of a key fetched from a vetted host in the same line is read where
        // the fetch is; alone, the key is whatever the file holds.
        _ => false,
    }
}

/// Forms that need more than a row: the conda channel of one package (`owner::pkg`), a
/// third party's Homebrew tap, Go's unpinned or unchecked modules, gem's sources, cargo's git
/// installs, npm's `owner/repo` shorthand, deno's remote packages given every permission,
/// PowerShell's prompts skipped for an unknown module, and R's install functions.
fn special(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let message = match p {
        "conda" | "mamba" | "micromamba" => conda(cmd),
        "brew" => brew(cmd),
        "go" => go(cmd),
        "gem" => gem(cmd),
        "cargo" => (cmd.words().any(|w| w == "install") && cmd.words().any(|w| w == "--git"))
            .then(|| "cargo installs a crate from a git repository".to_owned()),
        "npm" | "pnpm" | "yarn" | "bun" => npm_shorthand(cmd).or_else(|| dlx(cmd)),
        "npx" | "bunx" | "pnpx" => npx_yes(cmd),
        "bundle" => option_values(cmd, &["--github"], false)
            .next()
            .map(|repo| format!("bundle adds a gem from the GitHub repository {repo}")),
        "deno" => deno(cmd),
        "install-module" | "install-script" | "install-psresource" | "install-package" => {
            powershell(cmd)
        }
        "rscript" | "r" => r_code(cmd),
        _ => None,
    };
    if let Some(message) = message {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.install-unvetted",
            Severity::Confirm,
            message,
        ));
    }
}

/// A conda channel (`-c NAME`, `--channel=NAME`, a channel URL, `NAME::pkg`) is an index anyone
/// can create on anaconda.org: only Anaconda's own and the community- or vendor-maintained
/// ones are vetted. A package from any other runs its own install scripts.
fn conda(cmd: &Cmd<'_>) -> Option<String> {
    let words: Vec<&str> = cmd.words().collect();
    if !words
        .iter()
        .any(|w| matches!(*w, "install" | "create" | "update" | "upgrade"))
    {
        return None;
    }
    let channel = words.iter().enumerate().find_map(|(i, w)| {
        let channel = match *w {
            "-c" | "--channel" => words.get(i + 1).copied(),
            _ => w
                .strip_prefix("--channel=")
                .or_else(|| w.strip_prefix("-c").filter(|c| !c.is_empty())),
        };
        channel.filter(|c| !vetted_channel(c))
    });
    let per_package = || {
        words.iter().copied().find(|w| {
            w.split_once("::").is_some_and(|(ch, pkg)| {
                !ch.is_empty() && !pkg.is_empty() && !w.starts_with('-') && !vetted_channel(ch)
            })
        })
    };
    channel.or_else(per_package).map(|c| {
        format!(
            "{} installs from the channel {c}, which nobody vetted",
            cmd.program
        )
    })
}

/// A third party's tap (`brew tap user/repo`, `brew install user/repo/formula`): its formulae
/// are Ruby that runs at install, reviewed by no one but their author.
fn brew(cmd: &Cmd<'_>) -> Option<String> {
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    let third_party = |name: &str, parts: usize| {
        name.split('/').count() == parts
            && !name.to_ascii_lowercase().starts_with("homebrew/")
            && !name.contains("://")
    };
    let tap = match ops.as_slice() {
        ["tap", name, ..] => third_party(name, 2).then_some(*name),
        ["install" | "reinstall" | "upgrade", names @ ..] => {
            names.iter().copied().find(|n| third_party(n, 3))
        }
        _ => None,
    }?;
    Some(format!(
        "brew installs from {tap}, a third party's tap nobody vetted"
    ))
}

/// `go install X@latest` fetches, builds and puts X on the PATH the way `go run` runs it; `@latest`
/// and a branch (`@main`) are whatever the repository holds at this moment. The Go project's
/// own modules (`golang.org/x/...`, `golang.org/dl/...`) are vetted at any version, as long as
/// the checksum database still checks them (no variable on the line turns it off).
fn go(cmd: &Cmd<'_>) -> Option<String> {
    if !cmd.words().any(|w| w == "run" || w == "install") {
        return None;
    }
    let checked = !cmd.assignments.iter().chain(cmd.prefix).any(|a| {
        [
            "GOSUMDB=",
            "GONOSUMDB=",
            "GONOSUMCHECK=",
            "GOINSECURE=",
            "GOFLAGS=",
            "GOPRIVATE=",
            "GONOPROXY=",
        ]
        .iter()
        .any(|v| a.starts_with(v))
    });
    let go_project =
        |w: &str| checked && (w.starts_with("golang.org/x/") || w.starts_with("golang.org/dl/"));
    let module = cmd.words().find(|w| {
        has(w, "://")
            || w.rsplit_once('@').is_some_and(|(_, v)| {
                matches!(
                    v,
                    "latest" | "main" | "master" | "HEAD" | "dev" | "develop" | "trunk"
                )
            }) && !go_project(w)
    })?;
    Some(format!(
        "go fetches {module}, unpinned, and runs or installs it"
    ))
}

/// gem's own source options (gem-install(1): `--source URL`, `--clear-sources`), and a source
/// added for every later install (`gem sources --add URL`).
fn gem(cmd: &Cmd<'_>) -> Option<String> {
    let installs = cmd.words().any(|w| w == "install" || w == "update")
        && cmd.words().any(|w| {
            w == "--source" || w.starts_with("--source=") || w == "-s" || w == "--clear-sources"
        });
    let adds = cmd.words().any(|w| w == "sources")
        && cmd
            .words()
            .any(|w| w == "--add" || w == "-a" || w.starts_with("--add="));
    (installs || adds).then(|| "gem installs from a source other than rubygems.org".to_owned())
}

/// `pnpm dlx` / `yarn dlx` fetch a package and run it: at a version nobody pinned (`x@latest`,
/// `x@^3`, a bare `@scope/x`, a URL) it is whatever the source holds now; `x@1.2.3` is one
/// release, reviewable and reproducible.
fn dlx(cmd: &Cmd<'_>) -> Option<String> {
    if cmd.operands(&[]).next() != Some("dlx") {
        return None;
    }
    let pkg = cmd
        .operands(&["-p", "--package"])
        .nth(1)
        .filter(|p| fetched_package(p) && !pinned_release(p))?;
    Some(format!(
        "{} dlx fetches {pkg}, unpinned, and runs it",
        cmd.program
    ))
}

/// `npx --yes PKG@latest`: fetched from the registry at this moment and run without a prompt;
/// a pinned project dependency (`npx --yes eslint`) runs what the lockfile holds.
fn npx_yes(cmd: &Cmd<'_>) -> Option<String> {
    if !cmd.words().any(|w| w == "--yes" || w == "-y") {
        return None;
    }
    let pkg = cmd
        .operands(&["-p", "--package"])
        .next()
        .filter(|p| fetched_package(p))?;
    Some(format!(
        "{} --yes fetches {pkg} and runs it without asking",
        cmd.program
    ))
}

/// `name@1.2.3` (with a pre-release or build suffix: `1.9.4-beta.1`): an exact version.
fn pinned_release(pkg: &str) -> bool {
    let Some((_, version)) = pkg.rsplit_once('@').filter(|(name, _)| !name.is_empty()) else {
        return false;
    };
    let core = version.split(['-', '+']).next().unwrap_or("");
    let mut parts = core.split('.');
    !pkg.contains("://")
        && (0..3).all(|_| {
            parts
                .next()
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
        && parts.next().is_none()
}

/// A package named with a registry tag or version (`create-x@latest`, `@scope/cli@2`), a URL
/// or a git source: fetched when the command runs, never reviewed in the project.
fn fetched_package(pkg: &str) -> bool {
    has(pkg, "://")
        || pkg.starts_with('@')
        || pkg.starts_with("git+")
        || pkg.starts_with("git:")
        || pkg.starts_with("git@")
        || pkg.starts_with("github:")
        || pkg.rfind('@').is_some_and(|at| at > 0)
}

/// npm's shorthands for a repository (`npm install owner/repo`, `github:owner/repo`,
/// `npm install https://host/x.tgz` are read by the row): an operand with one slash that is
/// no scope (`@scope/name`) and no path (`./dir`, `dir/`).
fn npm_shorthand(cmd: &Cmd<'_>) -> Option<String> {
    let ops: Vec<&str> = cmd
        .operands(&[
            "--registry",
            "--prefix",
            "-C",
            "--dir",
            "--cwd",
            "-w",
            "--workspace",
            "--filter",
        ])
        .collect();
    let (first, rest) = ops.split_first()?;
    if !matches!(*first, "install" | "i" | "add") {
        return None;
    }
    let repo = rest.iter().copied().find(|w| {
        let name = w.split('#').next().unwrap_or(w);
        let parts: Vec<&str> = name.split('/').collect();
        parts.len() == 2
            && !name.starts_with(['@', '.', '/', '~', '$'])
            && !name.contains(':')
            && parts.iter().all(|p| {
                !p.is_empty()
                    && p.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
            })
            && !VETTED_OWNERS.contains(&parts[0].to_ascii_lowercase().as_str())
    })?;
    Some(format!(
        "{} installs {repo} from its GitHub repository, not from the registry",
        cmd.program
    ))
}

/// `deno run|install|x` of a remote package given every permission (`-A`, `--allow-all`,
/// `--allow-run`): the package runs unsandboxed. A URL run so is read where remote code is;
/// here the registries' packages (`npm:x`, `jsr:@owner/x`) that are no well-known tool, and a
/// URL installed globally with every permission (verify, like running it).
fn deno(cmd: &Cmd<'_>) -> Option<String> {
    let ops: Vec<&str> = cmd
        .operands(&[
            "-c",
            "--config",
            "--import-map",
            "--lock",
            "--env-file",
            "-n",
            "--name",
            "--root",
        ])
        .collect();
    let sub = *ops.first()?;
    if !matches!(sub, "run" | "install" | "x" | "add" | "i") {
        return None;
    }
    let all = cmd.words().any(|w| {
        matches!(w, "-A" | "--allow-all" | "--allow-run" | "--allow-ffi")
            || w.starts_with("--allow-run=")
    });
    if !all {
        return None;
    }
    let spec = ops.get(1).copied()?;
    if let Some(name) = spec
        .strip_prefix("npm:")
        .or_else(|| spec.strip_prefix("jsr:"))
    {
        if super::package_runners::well_known(name) {
            return None;
        }
        return Some(format!(
            "deno {sub} runs the package {spec} with every permission: code nobody vetted"
        ));
    }
    None
}

/// PowerShellGet's and PSResourceGet's installs skip the untrusted-repository prompt with
/// `-Force` (or `-Confirm:$false`): a module that is no vendor's own is then installed unread.
fn powershell(cmd: &Cmd<'_>) -> Option<String> {
    let forced = cmd.words().any(|w| {
        let w = w.to_ascii_lowercase();
        w == "-force" || w.starts_with("-confirm:$false") || w == "-acceptlicense"
    });
    if !forced {
        return None;
    }
    let name = option_values(cmd, &["-name"], true)
        .next()
        .or_else(|| cmd.operands(&[]).next())?;
    let lower = name.trim_matches(['"', '\'']).to_ascii_lowercase();
    const VENDORS: &[&str] = &[
        "az",
        "aws.tools",
        "awspowershell",
        "azuread",
        "dbatools",
        "exchangeonlinemanagement",
        "importexcel",
        "invokebuild",
        "microsoft.graph",
        "microsoft.powershell",
        "microsoftteams",
        "msonline",
        "nuget",
        "oh-my-posh",
        "packagemanagement",
        "pester",
        "platyps",
        "pnp.powershell",
        "posh-git",
        "powershellget",
        "psreadline",
        "psscriptanalyzer",
        "pswindowsupdate",
        "sqlserver",
        "terminal-icons",
        "vmware.powercli",
    ];
    // The vendors' module families (`Az.Accounts`, `AWS.Tools.S3`, `Microsoft.Graph.Users`).
    const FAMILIES: &[&str] = &[
        "az.",
        "aws.tools.",
        "microsoft.graph.",
        "microsoft.powershell.",
    ];
    let vetted = VENDORS.contains(&lower.as_str()) || FAMILIES.iter().any(|f| lower.starts_with(f));
    (!vetted).then(|| {
        format!(
            "{} installs the module {name} from the gallery without its prompt: code nobody vetted",
            cmd.program
        )
    })
}

/// R's install functions in `Rscript -e` / `R -e` code: a package from a repository
/// (`install_github`, `install_gitlab`, `install_url`, `install_git`, `pak::pkg_install("owner/
/// repo")`) or from a repository URL that is not CRAN's, Posit's or Bioconductor's.
fn r_code(cmd: &Cmd<'_>) -> Option<String> {
    let code = option_values(cmd, &["-e"], false).next()?;
    let lower = code.to_ascii_lowercase();
    let from_repo = [
        "install_github(",
        "install_gitlab(",
        "install_bitbucket(",
        "install_url(",
        "install_git(",
    ]
    .iter()
    .find(|f| has(&lower, f));
    if let Some(f) = from_repo {
        return Some(format!(
            "R's {} installs a package from its repository, not from CRAN",
            f.trim_end_matches('(')
        ));
    }
    // pak and BiocManager take `owner/repo` for a GitHub repository.
    for f in ["pak::pak(", "pak::pkg_install(", "biocmanager::install("] {
        if let Some(at) = lower.find(f)
            && let Some(arg) = lower[at + f.len()..].split(['"', '\'']).nth(1)
            && arg.contains('/')
        {
            return Some(format!(
                "R's {f}) installs {arg} from its repository, not from CRAN"
            ));
        }
    }
    if has(&lower, "install.packages(") && has(&lower, "repos") {
        let url = lower
            .split(['"', '\'', ' ', ',', ')', '('])
            .find(|w| w.contains("://"))?;
        if unvetted_url(url) {
            return Some(format!(
                "R installs packages from {url}, a repository nobody vetted"
            ));
        }
    }
    None
}

/// Package-source and package-manager configuration files, by the end of their path.
const CONFIG_FILES: &[&str] = &[
    "/.npmrc",
    "/.yarnrc",
    "/.yarnrc.yml",
    "/pip.conf",
    "/pip.ini",
    "/.pydistutils.cfg",
    "/.condarc",
    "/.gemrc",
    "/nuget.config",
    "/.cargo/config.toml",
    "/.cargo/config",
    "/.m2/settings.xml",
    "/etc/apt/sources.list",
    "/etc/apk/repositories",
    "/etc/pacman.conf",
    "/etc/yum.conf",
    "/etc/dnf/dnf.conf",
    "/nix.conf",
    "/.bundle/config",
    "/uv.toml",
];

/// Directories whose every file is a package source or a package manager's setting.
const CONFIG_DIRS: &[&str] = &[
    "/etc/apt/sources.list.d/",
    "/etc/apt/apt.conf.d/",
    "/etc/apt/trusted.gpg.d/",
    "/etc/yum.repos.d/",
    "/etc/zypp/repos.d/",
    "/etc/pacman.d/",
];

/// Words of a written setting that turn verification off (lowercased, spaces removed).
const OFF_MARKERS: &[&str] = &[
    "trusted=yes",
    "allowunauthenticated\"true\"",
    "allowunauthenticated=true",
    "allowinsecurerepositories",
    "gpgcheck=0",
    "gpgcheck=false",
    "sslverify=0",
    "sslverify=false",
    "strict-ssl=false",
    "strict-ssl:false",
    "enablestrictssl:false",
    "ssl_verify:false",
    "ssl_verify=false",
    "siglevel=never",
    "require-sigs=false",
    "verify-peer\"false\"",
];

/// A line written into a package manager's configuration (`echo 'registry=URL' >> ~/.npmrc`,
/// `echo 'deb [trusted=yes] URL ./' | sudo tee /etc/apt/sources.list.d/x.list`, `sed -i
/// 's/gpgcheck=1/gpgcheck=0/' /etc/dnf/dnf.conf`): a source for every later install, or
/// verification off for them. Gated on a write (a redirection, `tee`, `sed -i`) before any
/// text is read.
fn written(cmd: &Cmd<'_>, s: &Script<'_>, index: usize, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let tee = p == "tee";
    let sed = p == "sed"
        && cmd
            .words()
            .any(|w| w.starts_with("-i") || w == "--in-place");
    let redirected = cmd
        .redirects
        .iter()
        .find(|r| matches!(r.kind, RedirectKind::Write | RedirectKind::Append))
        .map(|r| &*r.target);
    if !tee && !sed && redirected.is_none() {
        return;
    }
    let targets: Vec<&str> = if tee || sed {
        cmd.operands(&["-e", "--expression"]).collect()
    } else {
        redirected.into_iter().collect()
    };
    let Some(file) = targets.iter().copied().find(|t| config_file(t)) else {
        return;
    };
    // The text written: the command's own words, or (for `tee`) what the command before it in
    // the pipeline printed.
    let mut text = String::new();
    let mut add = |w: &str| {
        text.push_str(&w.to_ascii_lowercase());
        text.push(' ');
    };
    if tee {
        if let Some(before) = index.checked_sub(1).and_then(|i| s.commands.get(i))
            && before.piped_out
        {
            before.words.iter().for_each(|w| add(w));
        }
    } else if sed {
        // What a substitution writes is its replacement (`s/gpgcheck=1/gpgcheck=0/`).
        for w in cmd.words().filter(|w| *w != file && !w.starts_with('-')) {
            let mut chars = w.chars();
            match (chars.next(), chars.next()) {
                (Some('s'), Some(d)) if !d.is_alphanumeric() => {
                    add(w.split(d).nth(2).unwrap_or(""));
                }
                _ => add(w),
            }
        }
    } else {
        cmd.words().filter(|w| *w != file).for_each(add);
    }
    let squeezed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if let Some(marker) = OFF_MARKERS.iter().find(|m| has(&squeezed, m)) {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.verification-off",
            Severity::Verify,
            format!("{p} writes {marker} into {file}: verification off for every later install"),
        ));
    } else if let Some(url) = text
        .split([' ', '=', '"', '\'', '[', ']'])
        .find(|w| unvetted_url(w))
    {
        out.push(finding(
            Family::RemoteCode,
            "remote-code.source-added",
            Severity::Confirm,
            format!("{p} writes {url} into {file} as a package source for every later install"),
        ));
    }
}

fn config_file(t: &str) -> bool {
    let t = t.trim_matches(['"', '\'']);
    let lower = t.to_ascii_lowercase();
    let slashed = if lower.starts_with('/') {
        lower
    } else {
        format!("/{lower}")
    };
    CONFIG_FILES.iter().any(|f| slashed.ends_with(f))
        || CONFIG_DIRS.iter().any(|d| has(&slashed, d))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_tables_are_sorted_for_their_searches() {
        assert!(
            super::MANAGERS
                .windows(2)
                .all(|w| w[0].program < w[1].program)
        );
        assert!(super::SETTINGS.windows(2).all(|w| w[0].0 <= w[1].0));
    }
}
