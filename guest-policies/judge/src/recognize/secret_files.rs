//! The files where tools keep their logins, keys and saved passwords, by the path shape each
//! tool documents: one table, read by one check ([`lookup`]) after [`super::paths::secret`]'s
//! own rules.
//!
//! # Why a table of shapes
//!
//! A fresh agent action reads the credential file of a tool no rule has met yet (a Kaggle
//! token, an OCI API key's config, a MinIO client's aliases, a Kerberos ticket cache). Each
//! such file is fixed by its tool's documentation, so the knowledge is data: a path fragment
//! and how it must sit in the path (the whole file name, the path's end, or a folder on it).
//! Only the tool's own folder or file counts, so a project's file of the same common name
//! (`config.json`, `config.yaml`) is not a secret; public halves and examples never are.

/// How a table row's fragment must sit in the path.
#[derive(Clone, Copy)]
enum Shape {
    /// The path ends with the fragment (`.kaggle/kaggle.json`).
    End,
    /// The fragment is a folder on the path: everything under it is secret (`.oci/`).
    Under,
    /// The file's name is the fragment, wherever it is (`.mylogin.cnf`).
    Name,
    /// The file's name starts with the fragment (`krb5cc_1000`).
    NamePrefix,
}

use Shape::{End, Name, NamePrefix, Under};

use crate::substring::has;

/// Path shapes of the tools' secret files (compared lowercased, `\` read as `/`).
const SECRET_FILES: &[(&str, Shape, &str)] = &[
    // Cloud and platform CLIs.
    (".config/gcloud/", Under, "Google Cloud credentials"),
    (
        "gcloud/legacy_credentials/",
        Under,
        "Google Cloud credentials",
    ),
    ("gcloud/credentials.db", End, "Google Cloud credentials"),
    ("gcloud/access_tokens.db", End, "Google Cloud credentials"),
    ("msal_token_cache.json", Name, "Azure login tokens"),
    ("msal_token_cache.bin", Name, "Azure login tokens"),
    ("accesstokens.json", Name, "Azure login tokens"),
    (".azure/", Under, "Azure credentials"),
    (".oci/", Under, "Oracle Cloud API keys"),
    (".bluemix/config.json", End, "the IBM Cloud token"),
    (".cf/config.json", End, "the Cloud Foundry token"),
    (".config/openstack/clouds.yaml", End, "OpenStack passwords"),
    (".config/openstack/secure.yaml", End, "OpenStack passwords"),
    ("/etc/openstack/clouds.yaml", End, "OpenStack passwords"),
    (".config/scw/config.yaml", End, "Scaleway API keys"),
    (".config/linode-cli", End, "the Linode token"),
    (".config/exoscale/", Under, "Exoscale API keys"),
    (".vultr-cli.yaml", Name, "the Vultr API key"),
    (".pulumi/credentials.json", End, "Pulumi tokens"),
    (".railway/config.json", End, "the Railway token"),
    (".supabase/access-token", End, "the Supabase token"),
    (".config/heroku/", Under, "the Heroku token"),
    (".talos/config", End, "Talos client keys"),
    ("talosconfig", Name, "Talos client keys"),
    (".tsh/keys/", Under, "Teleport keys and certificates"),
    (".step/secrets/", Under, "step CA private keys"),
    // Code hosts, registries and package managers.
    (".gem/credentials", End, "the RubyGems API key"),
    ("gem/credentials", End, "the RubyGems API key"),
    (".nuget/nuget/nuget.config", End, "NuGet feed passwords"),
    (".config/nuget/nuget.config", End, "NuGet feed passwords"),
    (
        "appdata/roaming/nuget/nuget.config",
        End,
        "NuGet feed passwords",
    ),
    (
        ".config/pypoetry/auth.toml",
        End,
        "Poetry repository passwords",
    ),
    ("pypoetry/auth.toml", End, "Poetry repository passwords"),
    (".pub-cache/credentials.json", End, "the pub.dev token"),
    ("dart/pub-credentials.json", End, "the pub.dev token"),
    (".ivy2/.credentials", End, "Ivy repository passwords"),
    (".sbt/.credentials", End, "sbt repository passwords"),
    (".jfrog/", Under, "JFrog tokens"),
    (
        ".config/helm/repositories.yaml",
        End,
        "Helm repository passwords",
    ),
    (
        "helm/repository/repositories.yaml",
        End,
        "Helm repository passwords",
    ),
    (".config/github-copilot/", Under, "the GitHub Copilot token"),
    (".sentryclirc", Name, "the Sentry token"),
    (".config/git/credentials", End, "git credentials"),
    // AI and data tools.
    (".kaggle/kaggle.json", End, "the Kaggle API key"),
    ("kaggle/kaggle.json", End, "the Kaggle API key"),
    ("huggingface/token", End, "the Hugging Face token"),
    ("huggingface/stored_tokens", End, "Hugging Face tokens"),
    (".codex/auth.json", End, "the Codex CLI's login"),
    (".claude/.credentials.json", End, "Claude Code's login"),
    (".config/openai/", Under, "the OpenAI key"),
    // Storage, mail and file transfer.
    (".mc/config.json", End, "MinIO access keys"),
    (".passwd-s3fs", Name, "S3 access keys (s3fs)"),
    ("passwd-s3fs", Name, "S3 access keys (s3fs)"),
    (".smbcredentials", Name, "SMB share passwords"),
    (".msmtprc", Name, "the mail password (msmtp)"),
    (".fetchmailrc", Name, "mail passwords (fetchmail)"),
    (".mbsyncrc", Name, "mail passwords (mbsync)"),
    (
        "filezilla/sitemanager.xml",
        End,
        "FileZilla's saved passwords",
    ),
    (
        "filezilla/recentservers.xml",
        End,
        "FileZilla's saved passwords",
    ),
    ("ngrok2/ngrok.yml", End, "the ngrok token"),
    ("ngrok/ngrok.yml", End, "the ngrok token"),
    // Databases.
    (".mylogin.cnf", Name, "MySQL passwords"),
    ("pgpass.conf", Name, "PostgreSQL passwords"),
    // Keys, tickets and keyrings of the system.
    ("ssh_host_", NamePrefix, "an SSH host private key"),
    ("krb5cc_", NamePrefix, "a Kerberos ticket cache"),
    ("private-keys-v1.d/", Under, "GnuPG private keys"),
    ("secring.gpg", Name, "GnuPG private keys"),
    ("insecure_private_key", Name, "an SSH private key"),
    (".local/share/keyrings/", Under, "the GNOME keyring"),
    ("kwalletd/", Under, "the KDE wallet"),
    ("library/keychains/", Under, "the macOS keychain"),
    (
        "microsoft/credentials/",
        Under,
        "Windows' saved credentials",
    ),
    ("microsoft/protect/", Under, "Windows' data protection keys"),
    ("microsoft/vault/", Under, "Windows' credential vault"),
    (
        "system32/config/sam",
        End,
        "the Windows password hashes (SAM)",
    ),
    ("system32/config/security", End, "the Windows secrets (LSA)"),
    (
        "system32/config/system",
        End,
        "the Windows boot key (SYSTEM hive)",
    ),
    ("ntds.dit", Name, "the domain's password hashes"),
    // Wallets.
    ("wallet.dat", Name, "a cryptocurrency wallet"),
    (".ethereum/keystore/", Under, "Ethereum wallet keys"),
    ("/keystore/utc--", Under, "Ethereum wallet keys"),
    (".electrum/wallets/", Under, "Electrum wallets"),
    (".config/solana/id.json", End, "the Solana wallet key"),
    ("exodus/exodus.wallet/", Under, "the Exodus wallet"),
];

/// What secret a path holds, by the shapes of [`SECRET_FILES`]; `None` for other paths and for
/// public halves and examples (`.pub`, `.example`, `README`).
pub fn lookup(path: &str) -> Option<&'static str> {
    // Every shape names a folder or a dotted or underscored name: a bare word stops here.
    if !path
        .bytes()
        .any(|b| matches!(b, b'/' | b'\\' | b'.' | b'_'))
    {
        return None;
    }
    // Lowercased with `\` as `/`, on the stack: this runs for most paths a command names.
    let mut buf = [0_u8; 256];
    let src = path.as_bytes();
    if src.len() > buf.len() {
        return None;
    }
    for (d, &c) in buf.iter_mut().zip(src) {
        *d = if c == b'\\' {
            b'/'
        } else {
            c.to_ascii_lowercase()
        };
    }
    let Ok(p) = std::str::from_utf8(&buf[..src.len()]) else {
        return None;
    };
    let name = p.trim_end_matches('/').rsplit('/').next().unwrap_or(p);
    // Substring tests without a searcher set up per call ([`crate::substring`], the same
    // answers as `contains` and `find`): each of the table's folders was looked for with a
    // Two-Way searcher built for it, for every path every command names (1.6 % of the judge's
    // time on the corpus, in perf).
    if name.ends_with(".pub")
        || name == "known_hosts"
        || ["example", "sample", "template", "readme"]
            .iter()
            .any(|k| has(name, k))
    {
        return None;
    }
    SECRET_FILES
        .iter()
        .find(|(frag, shape, _)| match shape {
            End => p.ends_with(frag) && boundary(p, p.len() - frag.len()),
            Under => crate::substring::find(p, frag)
                .is_some_and(|at| boundary(p, at) && p.len() > at + frag.len()),
            Name => name == *frag,
            NamePrefix => name.starts_with(frag) && name.len() > frag.len(),
        })
        .map(|(_, _, what)| *what)
}

/// Whether a fragment found at byte `at` starts a path component (`.oci/` in `~/.oci/key`, not
/// in `~/x.oci/`), or is itself anchored at `/`.
fn boundary(p: &str, at: usize) -> bool {
    at == 0 || p.as_bytes()[at - 1] == b'/' || p.as_bytes()[at] == b'/'
}
