//! What a recognizer found: the family, a stable code, how bad it is, and why.

/// The families of actions the judge knows. The corpus (`guest-policies/eval/`) uses the same
/// names ([`Family::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// rm, find -delete, shred, truncate, dd, mkfs, wipefs, chmod/chown -R, redirections over files.
    Filesystem,
    /// git history and working-tree destruction, force pushes, remote branch deletes.
    Git,
    /// SQL, redis, mongo and other data stores.
    Database,
    /// docker, podman, kubectl, helm.
    Containers,
    /// terraform, tofu, pulumi, ansible, CDK.
    Infrastructure,
    /// aws, gcloud, az and other cloud CLIs.
    Cloud,
    /// shutdown, kill, services, firewalls, SELinux, cron, users, sudoers, authorized_keys.
    System,
    /// Downloaded code run without being read: curl | sh, decoded payloads run.
    RemoteCode,
    /// Reading credentials and keys.
    Secrets,
    /// Data leaving the machine: a secret or a dump sent to a network sink.
    Exfiltration,
    /// Plain-language business actions: delete all issues, email every customer, move money.
    Business,
    /// Tampering with airlock itself: approving, verifying, unblocking, reading its operator
    /// channel or state, editing its policy, stopping it.
    Tampering,
}

impl Family {
    /// The corpus name of the family.
    pub const fn as_str(self) -> &'static str {
        match self {
            Family::Filesystem => "filesystem",
            Family::Git => "git",
            Family::Database => "database",
            Family::Containers => "containers",
            Family::Infrastructure => "infrastructure",
            Family::Cloud => "cloud",
            Family::System => "system",
            Family::RemoteCode => "remote-code",
            Family::Secrets => "secrets",
            Family::Exfiltration => "exfiltration",
            Family::Business => "business",
            Family::Tampering => "tampering",
        }
    }
}

/// How bad an action is, by reversibility and scope (judgement.md: "Severity comes from
/// reversibility and scope"). The scorer maps each to points in the matching safety tier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth a line in the factors, not a pause (advisory tier, 0-30 points).
    Note,
    /// Destructive but bounded: a person confirms (confirm tier, 31-60).
    Confirm,
    /// Catastrophic or irreversible: out-of-band verification (verify tier, 61-85).
    Verify,
    /// Certain catastrophe, exfiltration of secrets, or tampering with the guard: the agent is
    /// stopped (danger_zone tier, 86-100).
    Stop,
}

impl Severity {
    /// The points the default scorer gives this severity: inside its tier with room for the
    /// scorer's other signals.
    pub const fn points(self) -> u32 {
        match self {
            Severity::Note => 20,
            Severity::Confirm => 50,
            Severity::Verify => 75,
            Severity::Stop => 95,
        }
    }
}

/// One thing a recognizer found in an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The family of the action.
    pub family: Family,
    /// A stable machine-readable name, `<family>.<what>`: `filesystem.rm-recursive-home`.
    pub code: &'static str,
    /// How bad it is.
    pub severity: Severity,
    /// For people: the recognizer, the target and why ("recursive force delete of the home
    /// directory").
    pub message: String,
}

/// Everything found in one text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Judgement {
    /// The findings, in the order found.
    pub findings: Vec<Finding>,
}

impl Judgement {
    /// The worst severity found, if any.
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }
}

/// Lowers to a note every finding of `families` above a note, its message prefixed with `why`
/// (`"{why}: {message}"`): how a recognizer that proves an object is a throwaway, or an action a
/// reset, clears what the others found about that object. Only the named families: a lowering
/// never reaches tampering, secrets or exfiltration unless a caller names them.
pub fn lower_to_note(found: &mut [Finding], families: &[Family], why: &str) {
    lower_where(found, |f| families.contains(&f.family), why);
}

/// Lowers to a note every finding above a note that `about` accepts, its message prefixed with
/// `why`: [`lower_to_note`] for a lowering that names its findings by more than their family
/// (a code, a severity). The caller's `about` is the whole scope of the lowering: tampering,
/// secrets and exfiltration are reached only when it names them.
pub fn lower_where(found: &mut [Finding], about: impl Fn(&Finding) -> bool, why: &str) {
    for f in found
        .iter_mut()
        .filter(|f| f.severity > Severity::Note && about(f))
    {
        f.severity = Severity::Note;
        f.message = format!("{why}: {}", f.message);
    }
}
