//! What leaves and where it goes: one grade for every sink (holdout7 analysis G7).
//!
//! A transfer is judged by two classes, not by the program that carries it: the class of the
//! payload (people data, business data, source code, a build artefact, one message, or
//! something unknown) and the class of the destination (a public place, a personal account, a
//! third party, a service the project uses, the company's own place, or a host nothing is
//! known of). curl, wget, scp, rsync, rclone, `aws s3 cp`, `gsutil cp`, `az storage`, HTTPie,
//! nc and mail clients all hand their (files, destination) to [`grade`], so `rclone copy
//! ./dist` and `aws s3 cp ./dist` get the same answer. A secret is not graded here: a secret
//! leaving the machine is stopped wherever it goes, the company's own host included, before
//! this table is asked (`secrets::exfiltration`).
//!
//! Both classes are read from names only (a file's path, a bucket's, host's or address's
//! name). The reading is deliberately one-sided: a name that says nothing is `Other` /
//! `Unknown`, which keeps today's grade for an unknown transfer.

use crate::finding::Severity;
use crate::substring::has;

/// What a transfer carries, from the worst of its files' names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Payload {
    /// Made for tests or as a placeholder, holding nobody's data: a file under `fixtures/`,
    /// `testdata/`, `__fixtures__/`, or a template of a config (`.env.example`,
    /// `config.yml.dist`, `settings.sample`). Lowest, so one real file beside it decides.
    Fixture,
    /// One message's text to a mail service (`-F text=@notice.txt`, `body.html`).
    Message,
    /// A build's output: `dist/`, `*.whl`, `*.apk`, `*.tar.gz`, a release binary.
    Artefact,
    /// Nothing in the name says what it is.
    Other,
    /// The project's code: source files, `src/`, `--include-sources`.
    Source,
    /// Business records: revenue, invoices, payroll, contracts, ledgers.
    Business,
    /// Records of people: users, customers, contacts, employees, PII.
    People,
}

/// Where a transfer goes, from the destination's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Anyone can read it: a paste, an anonymous share link, a `*-public` bucket, a public
    /// gist or snippet, an object uploaded with a public ACL.
    Public,
    /// One person's own account: a gmail/outlook.com/proton address, a personal cloud drive,
    /// a bucket named after a person (`jd-scratch`, `personal-...`).
    Personal,
    /// Another organization: a partner's, vendor's or client's drop (`s3://partner-...`), an
    /// address at another company's domain.
    ThirdParty,
    /// A service the project routinely sends to (coverage, error tracking, its Git host, a
    /// mail-sending API).
    Service,
    /// The company's own: an internal host, `company-*`/`corp-*` names, "internal",
    /// an artifact store.
    Own,
    /// A host nothing is known of.
    Unknown,
}

/// People records, by a word of the file's path (plural, so `user.rs` or `customer_model.py`
/// is not one; the singular counts with a data file's extension).
const PEOPLE: &[&str] = &[
    "users",
    "customers",
    "contacts",
    "members",
    "subscribers",
    "employees",
    "patients",
    "leads",
    "pii",
    "people",
    "signups",
    "accounts",
    "clients",
    "recipients",
    "personnel",
    "candidates",
    "applicants",
    "students",
];

/// Business records, by a word of the file's path.
const BUSINESS: &[&str] = &[
    "revenue",
    "invoice",
    "invoices",
    "payroll",
    "salary",
    "salaries",
    "contract",
    "contracts",
    "financial",
    "financials",
    "finance",
    "ledger",
    "pnl",
    "forecast",
    "budget",
    "captable",
    "bookings",
    "billing",
    "payments",
    "transactions",
    "sales",
];

/// Extensions of data files (where a singular `user`/`customer` is a table of them).
const DATA_EXT: &[&str] = &[
    ".csv", ".tsv", ".json", ".jsonl", ".ndjson", ".xlsx", ".xls", ".parquet", ".avro", ".ods",
];

/// Extensions of source files.
const SOURCE_EXT: &[&str] = &[
    ".py", ".rs", ".go", ".js", ".ts", ".tsx", ".jsx", ".java", ".kt", ".c", ".h", ".cpp", ".cc",
    ".hpp", ".rb", ".php", ".cs", ".swift", ".scala", ".vue", ".svelte", ".m", ".mm", ".dart",
    ".ex", ".exs", ".erl", ".clj", ".hs", ".lua", ".sql",
];

/// Extensions of a build's output (packages, installers, release archives).
const ARTEFACT_EXT: &[&str] = &[
    ".whl",
    ".apk",
    ".aab",
    ".ipa",
    ".deb",
    ".rpm",
    ".dmg",
    ".msi",
    ".exe",
    ".jar",
    ".war",
    ".nupkg",
    ".gem",
    ".crate",
    ".vsix",
    ".appimage",
    ".tar.gz",
    ".tgz",
    ".snap",
    ".pkg",
    ".so",
    ".dll",
    ".wasm",
    ".xcarchive",
    ".dsym",
];

/// Directories a build writes (what a release bucket or an app store is for).
const ARTEFACT_DIRS: &[&str] = &[
    "dist",
    "build",
    "out",
    "target",
    "release",
    "releases",
    "artifacts",
    "artefacts",
    "bin",
    ".next",
    "storybook-static",
    "_site",
    "site",
    "public",
];

/// Words of a file name that make it one message's text.
const MESSAGE: &[&str] = &[
    "message",
    "notice",
    "email",
    "mail",
    "body",
    "letter",
    "announcement",
    "newsletter",
    "reply",
    "note",
];

fn words(s: &str) -> impl Iterator<Item = &str> {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
}

/// The class of one file sent (a secret is found before this is asked).
pub fn payload(file: &str) -> Payload {
    let f = file.trim_matches(['"', '\'']).to_ascii_lowercase();
    let name = f.trim_end_matches('/').rsplit('/').next().unwrap_or(&f);
    let ends = |exts: &[&str]| exts.iter().any(|e| name.ends_with(e));
    let any = |list: &[&str]| words(&f).any(|w| list.contains(&w));
    if fixture(&f, name) {
        return Payload::Fixture;
    }
    // A source file is code whatever its folder's name (`src/payments/charge.ts`).
    if ends(SOURCE_EXT) {
        return Payload::Source;
    }
    if any(PEOPLE)
        || super::sinks::export_of_people(name)
        || ends(DATA_EXT)
            && words(name).any(|w| matches!(w, "user" | "customer" | "contact" | "member"))
    {
        return Payload::People;
    }
    if any(BUSINESS) {
        return Payload::Business;
    }
    let first = f.trim_start_matches("./").split('/').next().unwrap_or("");
    if ends(ARTEFACT_EXT) || ARTEFACT_DIRS.contains(&first) {
        return Payload::Artefact;
    }
    if matches!(
        first,
        "src" | "lib" | "app" | "pkg" | "cmd" | "internal" | ".git"
    ) || f.trim_end_matches('/') == "src"
    {
        return Payload::Source;
    }
    if (ends(&[".txt", ".html", ".md", ".eml", ".msg", ".htm"]))
        && words(name).any(|w| MESSAGE.contains(&w))
    {
        return Payload::Message;
    }
    Payload::Other
}

/// Folders that hold test inputs by the conventions of test runners (Go's `testdata`, Jest's
/// `__fixtures__`, pytest's and Rails' `fixtures`, `__mocks__`, VCR's `cassettes`).
const FIXTURE_DIRS: &[&str] = &[
    "fixtures",
    "fixture",
    "__fixtures__",
    "testdata",
    "test-data",
    "test_data",
    "__mocks__",
    "cassettes",
    "golden",
    "snapshots",
    "__snapshots__",
];

/// Suffixes of a config's template: the file committed in place of the real one, with
/// placeholders where the secrets go.
const TEMPLATE_SUFFIXES: &[&str] = &[
    ".example",
    ".sample",
    ".template",
    ".dist",
    ".tmpl",
    ".tpl",
    ".defaults",
];

/// A test input or a config's template (see [`Payload::Fixture`]). `path` lowercased; a
/// folder that is only named like one (`fixtures` as the whole path) counts too.
fn fixture(path: &str, name: &str) -> bool {
    let mut dirs = path.trim_start_matches("./").split('/');
    dirs.next_back();
    dirs.any(|d| FIXTURE_DIRS.contains(&d))
        || TEMPLATE_SUFFIXES.iter().any(|s| name.ends_with(s))
        || name.starts_with(".env.")
            && matches!(
                name.trim_start_matches(".env."),
                "example" | "sample" | "template" | "dist" | "defaults"
            )
}

/// Mail providers whose addresses are one person's own account.
const PERSONAL_MAIL: &[&str] = &[
    "gmail.com",
    "googlemail.com",
    "outlook.com",
    "hotmail.com",
    "live.com",
    "msn.com",
    "yahoo.com",
    "proton.me",
    "protonmail.com",
    "pm.me",
    "icloud.com",
    "me.com",
    "gmx.com",
    "gmx.de",
    "aol.com",
    "yandex.ru",
    "mail.ru",
    "tutanota.com",
    "fastmail.com",
    "zoho.com",
];

/// Personal cloud drives (hosts, and rclone remotes people name after them).
const PERSONAL_DRIVES: &[&str] = &[
    "drive.google.com",
    "dropbox.com",
    "onedrive.live.com",
    "1drv.ms",
    "icloud.com",
    "mega.nz",
    "pcloud.com",
];

/// rclone remote names that are one person's drive.
const PERSONAL_REMOTES: &[&str] = &[
    "gdrive",
    "googledrive",
    "drive",
    "mydrive",
    "dropbox",
    "onedrive",
    "mega",
    "icloud",
    "pcloud",
    "personal",
    "box",
];

/// Two-letter prefixes that are common abbreviations, not a person's initials.
const NOT_INITIALS: &[&str] = &[
    "qa", "ci", "cd", "db", "ml", "ai", "io", "us", "eu", "ap", "uk", "de", "fr", "jp", "in", "my",
    "ok", "tf", "gh", "gl", "hr", "it", "pr", "ui", "ux", "os", "vm", "k8", "s3", "v1", "v2", "bi",
    "dw", "etl", "go", "js", "py", "rs", "mx", "ns", "hq", "na", "sa", "af", "me", "cn", "kr",
    "au", "ca", "br", "es", "nl", "se", "no", "fi", "pl", "at", "ch", "be", "ie", "tw", "sg", "hk",
    "id", "th", "vn", "ph", "my", "il", "ae", "za", "lb", "gw", "dr", "bk",
];

/// Words of a bucket's or host's name that make it the company's own. Generic words only: the
/// judge cannot know the company's name, and a name taken from the labeled sets (where the
/// company is often "acme") would be tuning to them.
const OWN: &[&str] = &[
    "company",
    "corp",
    "internal",
    "intranet",
    "artifacts",
    "artefacts",
    "artifactory",
    "nexus",
    "releases",
    "team",
    "ours",
];

/// The class of a destination as a sink wrote it (URL, `user@host:path`, `remote:path`,
/// `s3://bucket/...`, an e-mail address, or a description such as "a public GitHub gist").
/// Whose place it is is read from the part that names an owner: a URL's host or a bucket, an
/// address's domain, an scp/rsync host, and for cloud storage (`storage`) an rclone remote and
/// its bucket; never from a path on someone's host (`vps.example.net:~/company-code/` is not
/// the company's).
pub fn place(dest: &str, storage: bool) -> Place {
    let d = dest.to_ascii_lowercase();
    if super::secrets::drop_point(&d)
        || has(&d, "public")
        || has(&d, "paste")
        || has(&d, "anonymous")
        || has(&d, "wetransfer")
    {
        return Place::Public;
    }
    let url = has(&d, "://");
    // The address part: the host of a URL, or the domain of an e-mail address.
    let rest = d.split_once("://").map_or(d.as_str(), |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    let domain = authority.rsplit('@').next().unwrap_or(authority);
    let domain = domain.split(':').next().unwrap_or(domain);
    if PERSONAL_MAIL.contains(&domain) && has(&d, "@")
        || PERSONAL_DRIVES.iter().any(|h| has(domain, h))
    {
        return Place::Personal;
    }
    // `gdrive:backup/`, `dropbox:x` (rclone remotes), not `s3://`.
    let remote = (!url)
        .then(|| d.split_once(':'))
        .flatten()
        .filter(|(r, _)| !r.contains(['/', '@']));
    if storage && remote.is_some_and(|(r, _)| PERSONAL_REMOTES.contains(&r)) {
        return Place::Personal;
    }
    // Who owns it: a URL's host (a bucket for `s3://`, `gs://`), an address's domain, an
    // scp/rsync host; for cloud storage the remote and its bucket too.
    let owner = match remote {
        Some((r, path)) if storage => {
            let bucket = path.trim_start_matches('/').split('/').next().unwrap_or("");
            format!("{r} {bucket}")
        }
        // `https://ACCOUNT.blob.core.windows.net/CONTAINER/...`: the account and container.
        _ if storage && url => {
            let container = rest.split('/').nth(1).unwrap_or("");
            format!("{domain} {container}")
        }
        _ => domain.to_owned(),
    };
    let parts: Vec<&str> = words(&owner).collect();
    let bucket_like = url && !domain.contains('.') || storage;
    if bucket_like
        && (parts
            .iter()
            .any(|w| matches!(*w, "personal" | "mine" | "private"))
            || parts.len() >= 2
                && parts[0].len() == 2
                && parts[0].bytes().all(|b| b.is_ascii_lowercase())
                && !NOT_INITIALS.contains(&parts[0]))
    {
        return Place::Personal;
    }
    if super::exposures::other_party(&owner) {
        return Place::ThirdParty;
    }
    if parts.iter().any(|w| OWN.contains(w))
        || [".internal", ".corp", ".lan", ".intra"]
            .iter()
            .any(|s| has(domain, s))
    {
        return Place::Own;
    }
    if super::secrets::known_service(&d) || mail_service(&d) || artifact_store(domain) {
        return Place::Service;
    }
    // An address at some company's domain: that company.
    if has(authority, "@") && !url && domain.contains('.') && !authority.contains(':') {
        return Place::ThirdParty;
    }
    Place::Unknown
}

/// Services that distribute a build to testers or hold packages (App Center, TestFlight,
/// Firebase App Distribution, package registries): what a build artefact is sent to.
fn artifact_store(host: &str) -> bool {
    [
        "appcenter",
        "testflight",
        "appdistribution",
        "androidpublisher",
        "itunesconnect",
        "appstoreconnect",
        "jfrog.io",
        "artifactory",
        "nexus",
        "cloudsmith",
        "packagecloud",
        "pkg.github.com",
        "ghcr.io",
        "registry.npmjs.org",
        "upload.pypi.org",
    ]
    .iter()
    .any(|k| has(host, k))
}

/// Mail-sending APIs: a message handed to one of them goes to its recipients.
pub fn mail_service(dest: &str) -> bool {
    let d = dest.to_ascii_lowercase();
    [
        "api.mailgun.net",
        "api.eu.mailgun.net",
        "api.postmarkapp.com",
        "api.sendgrid.com",
        "mandrillapp.com",
        "api.sparkpost.com",
        "email.us-east-1.amazonaws.com",
        "api.resend.com",
        "api.mailjet.com",
        "api.brevo.com",
        "smtp.",
    ]
    .iter()
    .any(|k| has(&d, k))
}

/// The grade of `what` sent to `to` (None: ordinary work), and why. `storage`: the sink is a
/// cloud storage copy (a bucket or remote whose name says nothing is most likely the
/// project's own; a host nothing is known of is not).
pub fn grade(what: Payload, to: Place, storage: bool) -> Option<(Severity, &'static str)> {
    use Payload as P;
    use Place as D;
    use Severity::{Confirm, Stop, Verify};
    let unknown = |s: Severity| if storage { None } else { Some(s) };
    let g = match (what, to) {
        (_, D::Own) => None,
        // A test input or a template holds nobody's data: only putting it where anyone
        // takes it, or on a host nothing is known of, is asked.
        (P::Fixture, D::Service | D::ThirdParty) => None,
        (P::Fixture, D::Public | D::Personal) => Some(Confirm),
        (P::Fixture, D::Unknown) => unknown(Confirm),
        (P::People, D::Public | D::Personal | D::ThirdParty) => Some(Stop),
        (P::People, D::Unknown) => {
            return Some((
                if storage { Confirm } else { Verify },
                "records of people leave for a place nothing says is the company's",
            ));
        }
        (P::People, D::Service) => Some(Confirm),
        (P::Business, D::Public) => Some(Stop),
        (P::Business, D::Personal | D::ThirdParty) => Some(Verify),
        (P::Business, D::Service) => Some(Confirm),
        (P::Business, D::Unknown) => unknown(Confirm),
        (P::Source, D::Public | D::Personal) => Some(Verify),
        (P::Source, D::ThirdParty | D::Service) => Some(Confirm),
        (P::Source, D::Unknown) => unknown(Confirm),
        (P::Artefact, D::Public | D::Personal) => Some(Confirm),
        (P::Artefact, D::Unknown) => unknown(Confirm),
        (P::Artefact, D::ThirdParty | D::Service) => None,
        (P::Message, D::Public) => Some(Confirm),
        (P::Message, _) => None,
        (P::Other, D::Public) => Some(Verify),
        (P::Other, D::Personal | D::ThirdParty) => Some(Confirm),
        (P::Other, D::Service) => None,
        (P::Other, D::Unknown) => unknown(Confirm),
    }?;
    let why = match (what, to) {
        (P::People, _) => "records of people leave the company",
        (P::Business, _) => "business records leave the company",
        (P::Source, _) => "the project's source code leaves for another party",
        (P::Artefact, D::Public) => "a build's output put where anyone can take it",
        (P::Artefact, D::Personal) => "a build's output goes to one person's account",
        (P::Artefact, _) => "a build's output leaves for an unknown host",
        (P::Message, _) => "a message made public",
        (P::Other, D::Public) => "a public drop point",
        (P::Other, _) => "data leaves for a place the company does not control",
        (P::Fixture, _) => "a test input leaves for a place the company does not control",
    };
    Some((g, why))
}

/// Names for findings' messages.
pub fn payload_name(p: Payload) -> &'static str {
    match p {
        Payload::Fixture => "a test input",
        Payload::Message => "a message",
        Payload::Artefact => "a build artefact",
        Payload::Other => "data",
        Payload::Source => "source code",
        Payload::Business => "business records",
        Payload::People => "records of people",
    }
}

/// Names for findings' messages.
pub fn place_name(p: Place) -> &'static str {
    match p {
        Place::Public => "a public place",
        Place::Personal => "a personal account",
        Place::ThirdParty => "a third party",
        Place::Service => "a service the project uses",
        Place::Own => "the company's own place",
        Place::Unknown => "an unknown host",
    }
}

/// An address that is a list of everyone rather than one person (`all-customers@mg.acme.io`,
/// `everyone@`, `users@lists.example.org`): its local part says all, every, or names a whole
/// class of people.
pub fn list_address(addr: &str) -> bool {
    let a = addr
        .trim_matches(['"', '\'', '<', '>'])
        .to_ascii_lowercase();
    let Some((local, domain)) = a.split_once('@') else {
        return false;
    };
    words(local).any(|w| {
        matches!(
            w,
            "all" | "everyone" | "everybody" | "allusers" | "allcustomers"
        ) || PEOPLE.contains(&w)
    }) || domain.starts_with("lists.")
}

/// Words that name a whole audience a message goes to at once: a marketing send, a campaign,
/// a broadcast, a newsletter, a mailing list.
const AUDIENCE: &[&str] = &[
    "audience",
    "audiences",
    "blast",
    "blasts",
    "broadcast",
    "broadcasts",
    "campaign",
    "campaigns",
    "mailing",
    "marketing",
    "newsletter",
    "newsletters",
];

/// Whether a lowercased word part names a whole audience ([`AUDIENCE`]).
pub fn audience_word(part: &str) -> bool {
    AUDIENCE.contains(&part)
}

/// The segment of a URL path that names a whole audience (`/v3/marketing/singlesends/ID/
/// schedule`, `/3.0/campaigns/ID/actions/send`, `/broadcasts/ID/send`, `/emailCampaigns`:
/// the path is lowercased, so a fused noun is found inside the segment), if any.
pub fn audience_path<'a>(segments: &[&'a str]) -> Option<&'a str> {
    segments.iter().copied().find(|seg| {
        let l = seg.to_ascii_lowercase();
        AUDIENCE
            .iter()
            .any(|a| !a.ends_with('s') && a.len() > 5 && has(&l, a))
    })
}

/// Where a publication goes, by the option or the path noun that names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Destination {
    /// A topic, a list, an audience, a segment: every subscriber of it.
    Topic,
    /// A campaign, broadcast or newsletter: an audience send by its very kind.
    Campaign,
    /// A chat channel: one message to a room, a mass message only when named for everyone.
    Channel,
}

/// The destination kind a word's parts name (`--topic-arn`, `--list-id`, `audience`,
/// `campaigns`, `--channel`).
fn destination_kind(word: &str) -> Option<Destination> {
    let mut buf = [0_u8; crate::prose::lexicon::MAX_WORD];
    let mut kind = None;
    super::generic::parts(word.trim_start_matches('-'), |p| {
        kind = match super::generic::lower(p, &mut buf) {
            Some(
                "topic" | "topics" | "list" | "lists" | "audience" | "audiences" | "segment"
                | "segments",
            ) => Some(Destination::Topic),
            Some(w) if audience_word(w) => Some(Destination::Campaign),
            Some("channel" | "channels") => Some(Destination::Channel),
            _ => None,
        };
        kind.is_none()
    });
    kind
}

/// Parts of a destination's name that say it is a test or a local one.
const TEST_NAMES: &[&str] = &[
    "test", "tests", "testing", "dev", "sandbox", "staging", "qa", "local", "tmp", "temp", "demo",
    "example", "scratch", "e2e",
];

/// Parts of a destination's name that say everyone or a whole class of people.
const EVERYONE_NAMES: &[&str] = &[
    "all",
    "everyone",
    "everybody",
    "announcements",
    "announce",
    "marketing",
    "newsletter",
    "promo",
    "promotions",
];

/// The publication a command makes (holdout8 analysis K1's sinks): a send, publish or
/// broadcast verb in its command path to a topic, list, audience, campaign or channel is a
/// message to every subscriber of it at once, for any program (`aws sns publish --topic-arn`,
/// `gcloud pubsub topics publish`, `listmonk campaigns send`, `x publish --audience`).
/// - Named for everyone or for people (`all-customers`, `subscribers`, `announcements`), or a
///   campaign, broadcast or newsletter by its kind: a mass message, stopped (as a mail to a list
///   address is: it cannot be unsent).
/// - Another topic or list: confirmed (every subscriber gets it). A chat channel not named for
///   everyone is one message to a room: nothing, as one message is (G7).
/// - A test or local destination (`test-topic`, `--endpoint-url http://localhost:4566`) and a
///   single recipient (`--phone-number`, `--to`, `--target-arn`: one message, G7) go ahead.
pub fn publication(cmd: &super::Cmd<'_>, out: &mut Vec<crate::finding::Finding>) {
    use crate::finding::Family;
    use crate::prose::lexicon::Verb;
    let mut buf = [0_u8; crate::prose::lexicon::MAX_WORD];
    // The send verb in the command path (its first four operands), and a destination kind
    // named by the path itself (`topics publish`, `campaigns send`).
    let mut verb = None;
    for (i, w) in cmd.operands(&[]).take(4).enumerate() {
        if w.contains(['/', '@', '$', '=']) {
            break;
        }
        let mut sends = false;
        let mut reads = false;
        super::generic::parts(w, |p| {
            let role = super::generic::lower(p, &mut buf).map(|l| super::generic::role(l, None));
            // A read verb ends the command path: what follows it is what is listed or shown
            // (`rabbitmqctl list_queues name messages consumers`: columns, not a send).
            reads = matches!(role, Some(super::generic::Role::Read));
            sends = matches!(role, Some(super::generic::Role::Act(Verb::Communicate)));
            !sends && !reads
        });
        if reads {
            return;
        }
        if sends {
            verb = Some((i, w));
            break;
        }
    }
    let Some((at, verb_word)) = verb else {
        return;
    };
    // The kind the path names: the last operand before the verb that names one. Read only
    // once a verb is found (most commands send nothing); the operands before the verb are the
    // ones the loop above passed, none holding `/ @ $ =` (it stops at the first that does,
    // and then finds no verb).
    let path_kind = cmd
        .operands(&[])
        .take(at)
        .fold(None, |kind, w| destination_kind(w).or(kind));
    // The destination: an option naming a topic, list, audience or channel, else the operand
    // after the verb when the path named the kind.
    let mut dest = None;
    let mut words = cmd.words().peekable();
    while let Some(w) = words.next() {
        if !w.starts_with('-') {
            continue;
        }
        let (name, inline) = w.split_once('=').map_or((w, None), |(n, v)| (n, Some(v)));
        if let Some(kind) = destination_kind(name) {
            dest = inline.or_else(|| words.peek().copied()).map(|v| (kind, v));
            break;
        }
    }
    if dest.is_none() {
        dest = path_kind.zip(cmd.operands(&[]).nth(at + 1));
    }
    let Some((kind, name)) = dest else {
        // One number, one address, one endpoint: one message (G7).
        return;
    };
    let local = cmd
        .words()
        .chain(cmd.assignments.iter().map(|a| &**a))
        .any(|w| {
            has(w, "localhost")
                || has(w, "127.0.0.1")
                || has(w, "localstack")
                || has(w, "host.docker.internal")
                || has(w, "[::1]")
        });
    let mut test = false;
    let mut everyone = false;
    super::generic::parts(name, |p| {
        if let Some(l) = super::generic::lower(p, &mut buf) {
            test |= TEST_NAMES.contains(&l);
            everyone |= EVERYONE_NAMES.contains(&l) || PEOPLE.contains(&l);
        }
        true
    });
    if local || test {
        return;
    }
    let (severity, code, why) = match kind {
        Destination::Campaign => (
            Severity::Stop,
            "business.mass-message",
            "a campaign goes to its whole audience at once: it cannot be unsent",
        ),
        Destination::Topic | Destination::Channel if everyone => (
            if kind == Destination::Topic {
                Severity::Stop
            } else {
                Severity::Confirm
            },
            "business.mass-message",
            "a message to everyone on it at once: it cannot be unsent",
        ),
        Destination::Topic => (
            Severity::Confirm,
            "business.publish",
            "every subscriber of it gets the message",
        ),
        Destination::Channel => return,
    };
    out.push(super::finding(
        Family::Business,
        code,
        severity,
        format!(
            "{} {verb_word} to {name}: {why}",
            super::program_name(cmd.program)
        ),
    ));
}

/// Options that name a mail's recipient (swaks `--to`, msmtp's and curl's `--rcpt`...).
const RECIPIENT_OPTIONS: &[&str] = &["--to", "--rcpt", "--rcpt-to", "--recipient", "--recipients"];

/// Options that attach a file to a mail (`--attach`, `-a`, `--attachment`, `-A`): swaks,
/// mutt, mailx, s-nail, sendemail and the like take one of these.
const ATTACH_OPTIONS: &[&str] = &["--attach", "--attachment", "--attach-file", "-a", "-A"];

/// Whether a command sends mail: its name says mail, SMTP or mutt (`mail`, `mailx`,
/// `sendmail`, `msmtp`, `neomutt`), it is of the messaging class (`swaks`), or it names a
/// recipient address by a recipient option (`--to x@y`), whatever the program.
pub fn mail_sender(cmd: &super::Cmd<'_>) -> bool {
    let p = cmd.program;
    ["mail", "smtp", "mutt"].iter().any(|k| has(p, k))
        || super::classes::of(p) == Some(super::classes::Class::Messaging)
        || cmd
            .words()
            .zip(cmd.words().skip(1))
            .any(|(o, v)| RECIPIENT_OPTIONS.contains(&o) && v.contains('@'))
        || cmd.words().any(|w| {
            w.split_once('=')
                .is_some_and(|(o, v)| RECIPIENT_OPTIONS.contains(&o) && v.contains('@'))
        })
}

/// Whether a mail sender hands its message to a mail catcher on this machine: a loopback
/// server on a port other than SMTP's own (25, 465, 587), as MailHog, Mailpit and smtp4dev
/// listen (`--server localhost:1025`, `-S smtp=127.0.0.1:2525`). Nothing leaves the machine;
/// a loopback server on an SMTP port is the local MTA, which relays to the recipient.
pub fn mail_catcher(cmd: &super::Cmd<'_>) -> bool {
    cmd.words().any(|w| {
        let v = w.rsplit_once('=').map_or(w, |(_, v)| v);
        let v = v.split_once("://").map_or(v, |(_, rest)| rest);
        let (host, port) = match v.rsplit_once(':') {
            Some((h, p)) if p.bytes().all(|c| c.is_ascii_digit()) && !p.is_empty() => (h, p),
            _ => return false,
        };
        let host = host.trim_matches(['[', ']']);
        (host == "localhost" || host.starts_with("127.") || host == "::1")
            && !matches!(port, "25" | "465" | "587")
    })
}

/// A mail's recipient: a recipient option's value, else the last operand that is an address,
/// else the last operand.
pub fn mail_recipient<'c>(cmd: &super::Cmd<'c>) -> Option<&'c str> {
    cmd.value(RECIPIENT_OPTIONS)
        .filter(|v| v.contains('@'))
        .or_else(|| cmd.value(&["-t"]).filter(|v| v.contains('@')))
        .or_else(|| {
            cmd.operands(&["-s", "-a", "-c", "-b", "-r", "-A", "-S", "-f"])
                .filter(|w| w.contains('@'))
                .last()
        })
        .or_else(|| {
            cmd.operands(&["-s", "-a", "-c", "-b", "-r", "-A", "-S", "-f"])
                .last()
        })
}

/// The files a mail attaches (`--attach @exports/x.csv`, `-a report.pdf`): values of the
/// attach options that look like files (swaks' `@` prefix dropped; msmtp's `-a ACCOUNT` is no
/// file).
pub fn mail_attachments<'c>(cmd: &super::Cmd<'c>) -> Vec<&'c str> {
    let mut files = Vec::new();
    let mut it = cmd.words();
    while let Some(w) = it.next() {
        let value = if ATTACH_OPTIONS.contains(&w) {
            it.next()
        } else {
            w.split_once('=')
                .filter(|(o, _)| o.starts_with("--") && ATTACH_OPTIONS.contains(o))
                .map(|(_, v)| v)
        };
        if let Some(v) = value {
            let v = v.strip_prefix('@').unwrap_or(v);
            if v.contains(['.', '/']) {
                files.push(v);
            }
        }
    }
    files
}
