//! Credential stores by class: the commands that print a stored secret, whatever holds it (the
//! desktop keyrings, password managers, secret managers, the clouds' token and key commands,
//! the code hosts' and platforms' token commands, the kernel keyring). A printed secret is a
//! secret read (confirm); what reads one feeds the exfiltration reader, so the same output
//! sent to another host stops. Listing names (`cmdkey /list`, `rbw list`, `kwallet-query -l`)
//! prints no secret and is not here.
//!
//! One exception is read from the pipeline, not the program: a registry password handed
//! straight to a login that reads it on stdin, for the registry of the cloud that issued it
//! (`aws ecr get-login-password | docker login --password-stdin ACCOUNT.dkr.ecr.REGION.amazonaws.com`,
//! `gcloud auth print-access-token | helm registry login -u oauth2accesstoken --password-stdin
//! europe-docker.pkg.dev`): the documented way to log in, nothing shown. Any other stage
//! (`tee`), another registry, or a copy written keeps the read.
//!
//! Written from each tool's manual.

use super::Cmd;
use crate::shell::{RedirectKind, Script};

/// When a subcommand prints the secret.
#[derive(Clone, Copy)]
enum When {
    Always,
    /// One of these words (options, case-insensitive) is on the line.
    With(&'static [&'static str]),
}

/// The program, the operands that select the subcommand (a prefix of its operands), when it
/// prints the secret, and what the secret is.
const READS: &[(&str, &[&str], When, &str)] = &[
    // Desktop keyrings.
    (
        "secret-tool",
        &["lookup"],
        When::Always,
        "a password from the desktop keyring",
    ),
    (
        "secret-tool",
        &["search"],
        When::Always,
        "passwords from the desktop keyring",
    ),
    (
        "kwallet-query",
        &[],
        When::With(&["-r", "--read-password"]),
        "a password from KWallet",
    ),
    ("kwalletcli", &[], When::Always, "a password from KWallet"),
    (
        "keyctl",
        &["print"],
        When::Always,
        "a key from the kernel keyring",
    ),
    (
        "keyctl",
        &["pipe"],
        When::Always,
        "a key from the kernel keyring",
    ),
    (
        "keyctl",
        &["read"],
        When::Always,
        "a key from the kernel keyring",
    ),
    // Password managers.
    (
        "keepassxc-cli",
        &["show"],
        When::With(&["-s", "--show-protected", "-a", "--attributes"]),
        "a KeePassXC entry's password",
    ),
    (
        "keepassxc-cli",
        &["clip"],
        When::Always,
        "a KeePassXC entry's password",
    ),
    (
        "keepassxc-cli",
        &["export"],
        When::Always,
        "a whole KeePassXC database",
    ),
    ("rbw", &["get"], When::Always, "a Bitwarden password"),
    ("rbw", &["code"], When::Always, "a Bitwarden one-time code"),
    ("bw", &["get"], When::Always, "a Bitwarden secret"),
    ("bw", &["export"], When::Always, "a whole Bitwarden vault"),
    (
        "bws",
        &["secret", "get"],
        When::Always,
        "a Bitwarden Secrets Manager secret",
    ),
    (
        "bws",
        &["secret", "list"],
        When::Always,
        "Bitwarden Secrets Manager secrets",
    ),
    (
        "lpass",
        &["show"],
        When::Always,
        "a LastPass entry's password",
    ),
    ("lpass", &["export"], When::Always, "a whole LastPass vault"),
    ("dcli", &["password"], When::Always, "a Dashlane password"),
    ("dcli", &["p"], When::Always, "a Dashlane password"),
    ("dcli", &["read"], When::Always, "a Dashlane secret"),
    ("dcli", &["note"], When::Always, "a Dashlane secure note"),
    ("gopass", &["show"], When::Always, "a gopass secret"),
    ("gopass", &["cat"], When::Always, "a gopass secret"),
    ("gopass", &["otp"], When::Always, "a gopass one-time code"),
    ("passage", &["show"], When::Always, "a passage secret"),
    (
        "pass",
        &["otp"],
        When::Always,
        "a password-store one-time code",
    ),
    (
        "op",
        &["inject"],
        When::Always,
        "1Password secrets written into a template",
    ),
    // Secret managers and encrypted files.
    ("chamber", &["read"], When::Always, "a secret from chamber"),
    ("chamber", &["export"], When::Always, "secrets from chamber"),
    ("chamber", &["env"], When::Always, "secrets from chamber"),
    (
        "sops",
        &[],
        When::With(&["-d", "--decrypt"]),
        "a SOPS file, decrypted",
    ),
    ("sops", &["decrypt"], When::Always, "a SOPS file, decrypted"),
    (
        "ansible-vault",
        &["view"],
        When::Always,
        "an Ansible Vault file, decrypted",
    ),
    (
        "ansible-vault",
        &["decrypt"],
        When::Always,
        "an Ansible Vault file, decrypted",
    ),
    (
        "conjur",
        &["variable", "get"],
        When::Always,
        "a Conjur secret",
    ),
    (
        "akeyless",
        &["get-secret-value"],
        When::Always,
        "an Akeyless secret",
    ),
    ("berglas", &["access"], When::Always, "a Berglas secret"),
    (
        "infisical",
        &["secrets", "get"],
        When::Always,
        "Infisical secrets",
    ),
    ("infisical", &["export"], When::Always, "Infisical secrets"),
    (
        "consul",
        &["acl", "token", "read"],
        When::Always,
        "a Consul ACL token",
    ),
    (
        "consul",
        &["acl", "bootstrap"],
        When::Always,
        "Consul's bootstrap token",
    ),
    (
        "nomad",
        &["acl", "token", "self"],
        When::Always,
        "a Nomad ACL token",
    ),
    (
        "nomad",
        &["acl", "token", "info"],
        When::Always,
        "a Nomad ACL token",
    ),
    (
        "nomad",
        &["acl", "bootstrap"],
        When::Always,
        "Nomad's bootstrap token",
    ),
    (
        "pulumi",
        &["stack", "output"],
        When::With(&["--show-secrets"]),
        "a stack's secret outputs",
    ),
    (
        "pulumi",
        &["config"],
        When::With(&["--show-secrets"]),
        "a stack's secret settings",
    ),
    (
        "argocd",
        &["account", "generate-token"],
        When::Always,
        "an Argo CD token",
    ),
    (
        "argocd",
        &["admin", "initial-password"],
        When::Always,
        "Argo CD's admin password",
    ),
    // Clouds' tokens and keys.
    (
        "aws",
        &["codeartifact", "get-authorization-token"],
        When::Always,
        "a CodeArtifact token",
    ),
    (
        "aws",
        &["eks", "get-token"],
        When::Always,
        "a cluster token",
    ),
    (
        "aws",
        &["rds", "generate-db-auth-token"],
        When::Always,
        "a database login token",
    ),
    (
        "aws",
        &["sts", "assume-role"],
        When::Always,
        "temporary AWS credentials",
    ),
    (
        "aws",
        &["sts", "assume-role-with-web-identity"],
        When::Always,
        "temporary AWS credentials",
    ),
    (
        "aws",
        &["sts", "assume-role-with-saml"],
        When::Always,
        "temporary AWS credentials",
    ),
    (
        "aws",
        &["sts", "get-federation-token"],
        When::Always,
        "temporary AWS credentials",
    ),
    (
        "aws",
        &["sso", "get-role-credentials"],
        When::Always,
        "temporary AWS credentials",
    ),
    (
        "aws",
        &["iam", "create-access-key"],
        When::Always,
        "a new AWS access key",
    ),
    (
        "gcloud",
        &["sql", "generate-login-token"],
        When::Always,
        "a database login token",
    ),
    (
        "az",
        &["storage", "account", "keys", "list"],
        When::Always,
        "a storage account's keys",
    ),
    (
        "az",
        &["storage", "account", "show-connection-string"],
        When::Always,
        "a storage account's key",
    ),
    (
        "az",
        &["cosmosdb", "keys", "list"],
        When::Always,
        "a database's keys",
    ),
    (
        "az",
        &["acr", "credential", "show"],
        When::Always,
        "a registry's passwords",
    ),
    (
        "az",
        &["acr", "login"],
        When::With(&["--expose-token"]),
        "a registry token",
    ),
    (
        "az",
        &["redis", "list-keys"],
        When::Always,
        "a cache's keys",
    ),
    (
        "az",
        &["functionapp", "keys", "list"],
        When::Always,
        "a function app's keys",
    ),
    (
        "az",
        &["webapp", "deployment", "list-publishing-credentials"],
        When::Always,
        "a web app's deployment password",
    ),
    (
        "az",
        &["webapp", "deployment", "list-publishing-profiles"],
        When::Always,
        "a web app's deployment password",
    ),
    (
        "az",
        &["cognitiveservices", "account", "keys", "list"],
        When::Always,
        "an AI service's keys",
    ),
    (
        "az",
        &["search", "admin-key", "show"],
        When::Always,
        "a search service's admin key",
    ),
    (
        "az",
        &["ad", "sp", "credential", "reset"],
        When::Always,
        "a service principal's new password",
    ),
    (
        "cf",
        &["oauth-token"],
        When::Always,
        "a Cloud Foundry token",
    ),
    (
        "ibmcloud",
        &["iam", "oauth-tokens"],
        When::Always,
        "an IBM Cloud token",
    ),
    (
        "openstack",
        &["token", "issue"],
        When::Always,
        "an OpenStack token",
    ),
    (
        "oc",
        &["whoami"],
        When::With(&["-t", "--show-token"]),
        "the cluster login token",
    ),
    (
        "oc",
        &["extract"],
        When::Always,
        "a secret's or config map's values",
    ),
    (
        "kubectl",
        &["create", "token"],
        When::Always,
        "a service account token",
    ),
    (
        "kubectl",
        &["config", "view"],
        When::With(&["--raw"]),
        "the kubeconfig's credentials",
    ),
    (
        "kubectl",
        &["view-secret"],
        When::Always,
        "a Kubernetes secret's values",
    ),
    (
        "doctl",
        &["registry", "docker-config"],
        When::Always,
        "registry credentials",
    ),
    // Code hosts and platforms.
    (
        "git",
        &["credential", "fill"],
        When::Always,
        "stored Git credentials",
    ),
    (
        "heroku",
        &["auth:token"],
        When::Always,
        "the Heroku API token",
    ),
    (
        "heroku",
        &["authorizations:create"],
        When::Always,
        "a new Heroku API token",
    ),
    ("fly", &["auth", "token"], When::Always, "the Fly.io token"),
    (
        "flyctl",
        &["auth", "token"],
        When::Always,
        "the Fly.io token",
    ),
    (
        "firebase",
        &["login:ci"],
        When::Always,
        "a Firebase CI token",
    ),
    (
        "jf",
        &["config", "export"],
        When::Always,
        "JFrog credentials",
    ),
    ("wg", &["showconf"], When::Always, "a WireGuard private key"),
    (
        "wg",
        &["show"],
        When::With(&["private-key", "preshared-keys"]),
        "a WireGuard private key",
    ),
    // Windows and PowerShell.
    (
        "get-storedcredential",
        &[],
        When::Always,
        "a credential from the Windows Credential Manager",
    ),
    (
        "get-secret",
        &[],
        When::With(&["-asplaintext"]),
        "a secret from a PowerShell vault",
    ),
    (
        "get-azkeyvaultsecret",
        &[],
        When::With(&["-asplaintext"]),
        "a Key Vault secret",
    ), // Encrypted files and deploy tools that print their secrets.
    (
        "ejson",
        &["decrypt"],
        When::Always,
        "an ejson file, decrypted",
    ),
    (
        "kubeseal",
        &[],
        When::With(&["--recovery-unseal"]),
        "sealed secrets, unsealed",
    ),
    (
        "dotenvx",
        &["decrypt"],
        When::Always,
        "a dotenvx file, decrypted",
    ),
    ("dotenvx", &["get"], When::Always, "a dotenvx secret"),
    (
        "helm",
        &["secrets", "decrypt"],
        When::Always,
        "a helm-secrets file, decrypted",
    ),
    (
        "helm",
        &["secrets", "view"],
        When::Always,
        "a helm-secrets file, decrypted",
    ),
    (
        "kamal",
        &["secrets", "print"],
        When::Always,
        "Kamal's secrets",
    ),
    (
        "rails",
        &["credentials:show"],
        When::Always,
        "the app's encrypted credentials",
    ),
    (
        "blackbox_cat",
        &[],
        When::Always,
        "a BlackBox file, decrypted",
    ),
    (
        "teller",
        &["show"],
        When::Always,
        "secrets gathered by teller",
    ),
    (
        "teller",
        &["export"],
        When::Always,
        "secrets gathered by teller",
    ),
    (
        "teller",
        &["env"],
        When::Always,
        "secrets gathered by teller",
    ),
];

/// The programs of [`READS`], sorted (checked by a test): most commands are none of them, and a
/// binary search says so at once.
const PROGRAMS: &[&str] = &[
    "akeyless",
    "ansible-vault",
    "argocd",
    "aws",
    "az",
    "berglas",
    "blackbox_cat",
    "bw",
    "bws",
    "cf",
    "chamber",
    "conjur",
    "consul",
    "dcli",
    "doctl",
    "dotenvx",
    "ejson",
    "firebase",
    "fly",
    "flyctl",
    "gcloud",
    "get-azkeyvaultsecret",
    "get-secret",
    "get-storedcredential",
    "git",
    "gopass",
    "helm",
    "heroku",
    "ibmcloud",
    "infisical",
    "jf",
    "kamal",
    "keepassxc-cli",
    "keyctl",
    "kubectl",
    "kubeseal",
    "kwallet-query",
    "kwalletcli",
    "lpass",
    "nomad",
    "oc",
    "op",
    "openstack",
    "pass",
    "passage",
    "pulumi",
    "rails",
    "rbw",
    "secret-tool",
    "sops",
    "teller",
    "wg",
];

/// Options whose value is not an operand, for the prefix match.
const VALUES: &[&str] = &[
    "-a",
    "--attributes",
    "-k",
    "--key-file",
    "--profile",
    "--region",
    "--output",
    "-o",
    "--query",
    "-n",
    "--name",
    "-g",
    "--resource-group",
    "--account-name",
    "--subscription",
    "--cluster-name",
    "--domain",
    "--domain-owner",
    "-f",
    "--folder",
    "-e",
    "--entry",
    "--format",
];

/// What secret the command prints, if it is one of the stores' reads.
pub fn secret_read(cmd: &Cmd<'_>) -> Option<&'static str> {
    let p = cmd.program;
    // `docker-credential-desktop get` (-osxkeychain, -pass, -secretservice, -wincred, -ecr-login,
    // -gcloud...): Docker's credential helpers print a registry's secret for `get`.
    if p.starts_with("docker-credential-") && cmd.words().any(|w| w == "get") {
        return Some("a registry password from Docker's credential helper");
    }
    PROGRAMS.binary_search(&p).ok()?;
    let first = READS.iter().position(|r| r.0 == p)?;
    let ops: Vec<&str> = cmd.operands(VALUES).collect();
    READS[first..]
        .iter()
        .take_while(|r| r.0 == p)
        .find(|(_, sub, when, _)| {
            ops.starts_with(sub)
                && match when {
                    When::Always => true,
                    When::With(words) => cmd.words().any(|w| {
                        let name = w.split('=').next().unwrap_or(w);
                        words.iter().any(|x| x.eq_ignore_ascii_case(name))
                    }),
                }
        })
        .map(|r| r.3)
}

/// The registries a cloud's login secret is for: the reading command's program and a word of
/// it, with the registry hosts (suffixes) that secret logs in to.
const LOGIN_ISSUERS: &[(&str, &str, &[&str])] = &[
    (
        "aws",
        "get-login-password",
        &["*.dkr.ecr.*.amazonaws.com", "public.ecr.aws"],
    ),
    ("gcloud", "print-access-token", &[".gcr.io", ".pkg.dev"]),
    ("az", "get-access-token", &[".azurecr.io"]),
    ("az", "--expose-token", &[".azurecr.io"]),
    ("gh", "token", &["ghcr.io", "docker.pkg.github.com"]),
    ("glab", "token", &["registry.gitlab.com"]),
    ("heroku", "auth:token", &["registry.heroku.com"]),
    ("flyctl", "token", &["registry.fly.io"]),
    ("fly", "token", &["registry.fly.io"]),
];

/// The clients that log in to a registry with a password read on stdin: the program, the
/// subcommand words, and the option that reads it.
const LOGINS: &[(&str, &[&str], &str)] = &[
    ("docker", &["login"], "--password-stdin"),
    ("podman", &["login"], "--password-stdin"),
    ("nerdctl", &["login"], "--password-stdin"),
    ("buildah", &["login"], "--password-stdin"),
    ("skopeo", &["login"], "--password-stdin"),
    ("oras", &["login"], "--password-stdin"),
    ("helm", &["registry", "login"], "--password-stdin"),
    ("crane", &["auth", "login"], "--password-stdin"),
    ("regctl", &["registry", "login"], "--pass-stdin"),
];

/// Whether the command's secret goes straight into a login to its own cloud's registry, on
/// stdin, as the last stage of its pipeline, written nowhere else.
pub fn handed_to_login(cmd: &Cmd<'_>, s: &Script<'_>, index: usize) -> bool {
    let Some(issuer) = LOGIN_ISSUERS
        .iter()
        .find(|(p, word, _)| *p == cmd.program && cmd.words().any(|w| w == *word))
    else {
        return false;
    };
    let Some(me) = s.commands.get(index) else {
        return false;
    };
    if !me.piped_out
        || cmd
            .redirects
            .iter()
            .any(|r| matches!(r.kind, RedirectKind::Write | RedirectKind::Append))
    {
        return false;
    }
    let Some(next) = s.commands.get(index + 1) else {
        return false;
    };
    // The login is the pipeline's last stage: nothing reads what follows.
    if next.pipeline != me.pipeline || next.piped_out || !next.redirects.is_empty() {
        return false;
    }
    let mut folded = Vec::new();
    let Some(login) = super::resolve(next, &mut folded) else {
        return false;
    };
    let Some((_, sub, stdin_option)) = LOGINS.iter().find(|(p, _, _)| *p == login.program) else {
        return false;
    };
    // A daemon elsewhere (`DOCKER_HOST=tcp://... docker login`, `docker -H URL login`: the
    // global option shifts the operands below) would receive the password.
    if !login.assignments.is_empty() {
        return false;
    }
    let ops: Vec<&str> = login
        .operands(&[
            "-u",
            "--username",
            "--authfile",
            "--config",
            "--registry-config",
        ])
        .collect();
    if !ops.starts_with(sub) || !login.words().any(|w| w == *stdin_option) {
        return false;
    }
    let hosts = &ops[sub.len()..];
    !hosts.is_empty()
        && hosts.iter().all(|h| {
            let host = h
                .trim_start_matches("https://")
                .split('/')
                .next()
                .unwrap_or("");
            issuer.2.iter().any(|r| registry_matches(host, r))
        })
}

/// A registry host against a pattern: `.x.io` is x.io or any host under it, `*.dkr.ecr.*.amazonaws.com`
/// has a label of any text at each `*`, anything else is the host itself.
fn registry_matches(host: &str, pattern: &str) -> bool {
    if let Some(rest) = pattern.strip_prefix('*') {
        // `*.dkr.ecr.*.amazonaws.com`: an account, then `.dkr.ecr.`, a region, the domain.
        let Some((middle, end)) = rest.split_once('*') else {
            return false;
        };
        let Some(before_end) = host.strip_suffix(end) else {
            return false;
        };
        return before_end.find(middle).is_some_and(|at| {
            at > 0
                && !before_end[at + middle.len()..].is_empty()
                && !before_end[at + middle.len()..].contains('.')
                && !before_end[..at].contains('.')
        });
    }
    if let Some(domain) = pattern.strip_prefix('.') {
        return host == domain || host.ends_with(pattern);
    }
    host == pattern
}

/// Every program of the tables, for the lexicon's test.
#[cfg(test)]
pub fn names() -> impl Iterator<Item = &'static str> {
    READS.iter().map(|r| r.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_list_is_sorted_and_names_every_row() {
        assert!(PROGRAMS.windows(2).all(|w| w[0] < w[1]));
        for r in READS {
            assert!(PROGRAMS.contains(&r.0), "{} missing from PROGRAMS", r.0);
        }
    }

    #[test]
    fn each_program_s_rows_are_together() {
        let mut seen: Vec<&str> = Vec::new();
        for w in READS.windows(2) {
            if w[0].0 != w[1].0 {
                assert!(!seen.contains(&w[1].0), "{} split in the table", w[1].0);
                seen.push(w[0].0);
            }
        }
    }
}
