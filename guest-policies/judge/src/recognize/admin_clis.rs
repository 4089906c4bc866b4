//! Admin CLIs with verbs of their own: directory services and identity admin, version-control
//! servers, batch schedulers, configuration management and cluster managers.
//!
//! These programs share no grammar (`gam all users signout`, `p4 obliterate -y //depot/...`,
//! `scontrol update NodeName=cn[001-128] State=DOWN`, `qmgr -c 'delete queue q'`, `salt '*'
//! system.halt`), but they share a shape: a handful of operations that change what many people
//! rely on (accounts, shared history, the jobs and nodes of a cluster, a fleet of hosts), each
//! reaching one named object or everything at once. So each program is a row of data, written
//! from its own reference: the operations that change something (the words that name them, in
//! order) and the words that make a target *everything* (`all`, `'*'`, a node range, `-all`, a
//! CSV of users). One reader grades them all:
//!
//! - an operation on one named object is a bounded change: confirm;
//! - the same operation on everything (every user, node, job, minion) is verified;
//! - an operation whole by nature (a depot obliterated, the batch server shut down, a domain's
//!   functional level raised, all keys deleted) is verified whatever its target.
//!
//! Reads are not listed: a program's reads (`sinfo`, `scontrol show`, `gam print`, `p4
//! changes`) match no operation and go ahead. Nothing here lowers a verdict: an option the
//! agent adds can only add an operation or an everything-word, never remove one. The words
//! are matched in the arguments split at blanks, so an operation written inside one quoted
//! argument (`qmgr -c 'delete queue q'`, `kadmin -q "delprinc x"`) is read the same way.
//!
//! Looked up by the program's name (one `match`), then a few short word lists: no table is
//! scanned for a command of another program.
//!
//! Fan-out runners whose payload is a command line (`knife ssh`, `bolt command run`, `salt ...
//! cmd.run`, `pdsh`, `clush`) hand that command back to the whole judgement instead
//! ([`super::equivalents`]).

use std::borrow::Cow;

use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// How far an operation reaches before its target is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// What its target names: one account, job, node, host (confirm), or everything (verify).
    Target,
    /// Everything, whatever the target (verify).
    Whole,
    /// A restart or reload: what it names comes back by itself, so a production target alone
    /// does not raise it (every host at once still does: all of them are down together).
    Restart,
    /// A preview or report of an operation that shares its words (`p4 obliterate` without
    /// `-y`): nothing changes, and the generic reader is not asked to guess. Listed after the
    /// operation it previews, so an added word can only turn it into the operation.
    Read,
}

/// What an operation needs besides its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Needs {
    Nothing,
    /// A repository URL among the arguments (`svn rm URL` commits on the server; `svn rm
    /// FILE` schedules a delete in the working copy).
    Url,
}

/// One operation: the words that name it (matched in this order among the arguments; `*`
/// matches any run of characters; an option matches `--opt=value` too), how far it reaches,
/// what it does in the user's words.
struct Op {
    words: &'static [&'static str],
    reach: Reach,
    needs: Needs,
    what: &'static str,
}

const fn op(words: &'static [&'static str], what: &'static str) -> Op {
    Op {
        words,
        reach: Reach::Target,
        needs: Needs::Nothing,
        what,
    }
}

const fn whole(words: &'static [&'static str], what: &'static str) -> Op {
    Op {
        words,
        reach: Reach::Whole,
        needs: Needs::Nothing,
        what,
    }
}

const fn restart(words: &'static [&'static str], what: &'static str) -> Op {
    Op {
        words,
        reach: Reach::Restart,
        needs: Needs::Nothing,
        what,
    }
}

const fn read(words: &'static [&'static str], what: &'static str) -> Op {
    Op {
        words,
        reach: Reach::Read,
        needs: Needs::Nothing,
        what,
    }
}

const fn on_server(words: &'static [&'static str], what: &'static str) -> Op {
    Op {
        words,
        reach: Reach::Target,
        needs: Needs::Url,
        what,
    }
}

/// The kinds of admin programs: the family and code of their findings and what their objects
/// are, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Directory,
    VersionControl,
    Scheduler,
    Fleet,
}

impl Kind {
    fn family(self) -> Family {
        match self {
            Kind::Directory => Family::Business,
            Kind::VersionControl => Family::Git,
            Kind::Scheduler | Kind::Fleet => Family::Infrastructure,
        }
    }
    fn code(self) -> &'static str {
        match self {
            Kind::Directory => "business.directory-admin",
            Kind::VersionControl => "git.server-admin",
            Kind::Scheduler => "infrastructure.scheduler-admin",
            Kind::Fleet => "infrastructure.fleet-admin",
        }
    }
    fn everything(self) -> &'static str {
        match self {
            Kind::Directory => "every account it selects",
            Kind::VersionControl => "the whole repository",
            Kind::Scheduler => "every job or node it selects",
            Kind::Fleet => "every host it targets",
        }
    }
}

/// One program's row.
struct Admin {
    kind: Kind,
    ops: &'static [Op],
    /// Target words that reach everything, besides the common ones ([`EVERY`]).
    every: &'static [&'static str],
    /// First operands that select many targets (gam: `gam all users ...`, `gam csv F gam
    /// ...`, `gam ou /X ...`); later in the line such a word (`gam delete group X`) is an
    /// ordinary argument.
    selectors: &'static [&'static str],
    /// Targets everything unless one of these options narrows it (MCollective's filters).
    narrowed_by: &'static [&'static str],
    /// Whether the command acts only on this machine, the developer's own (Ansible's local
    /// connection or a localhost-only inventory): then only its power operations apply, and
    /// on this machine alone.
    local: Option<fn(&Cmd<'_>) -> bool>,
}

const fn admin(kind: Kind, ops: &'static [Op], every: &'static [&'static str]) -> Admin {
    Admin {
        kind,
        ops,
        every,
        selectors: &[],
        narrowed_by: &[],
        local: None,
    }
}

/// Target words every row reads as "everything", literally: a bare wildcard, `all`, a regular
/// expression matching any name, every node of a search.
const EVERY: &[&str] = &["*", "all", ".*", "@all", "*:*", "name:*"];

/// A node or host range (`cn[001-128]`, `gpu-a[01-32]`): many machines in one word.
const RANGE: &str = "*[*-*]*";

// ---------------------------------------------------------------------------------------
// Directory services and identity admin.

/// Google Workspace's GAM: `gam <who> <command>` (`gam user X signout`, `gam all users
/// ...`) and `gam <verb> <object>` (`gam delete user X`, `gam update user X suspended on`).
static GAM: Admin = Admin {
    kind: Kind::Directory,
    ops: &[
        op(&["delete"], "deletes accounts, groups or devices"),
        op(
            &["deprovision"],
            "deprovisions accounts (tokens, passwords, devices removed)",
        ),
        op(&["signout"], "signs accounts out of every session"),
        op(&["suspended", "on"], "suspends accounts"),
        op(&["suspend"], "suspends accounts"),
        op(&["turnoff2sv"], "turns two-step verification off"),
        op(&["*wipe*"], "wipes devices"),
        op(
            &["transfer"],
            "transfers an account's files or data to another owner",
        ),
        op(&["password"], "resets passwords"),
        op(&["remove"], "removes members or settings"),
        op(&["purge"], "purges mail or files for good"),
        op(&["undelete"], "restores deleted accounts"),
        op(&["create", "admin"], "grants an admin role"),
    ],
    every: &[],
    selectors: &[
        "all",
        "ou",
        "ou_and_children",
        "ous",
        "csv",
        "group",
        "groups",
        "file",
        "query",
        "domain",
    ],
    narrowed_by: &[],
    local: None,
};

/// OpenLDAP's ldapdelete: every invocation deletes entries; `-r` deletes whole subtrees.
static LDAPDELETE: Admin = admin(
    Kind::Directory,
    &[op(&[], "deletes directory entries")],
    &["-r"],
);

/// ldapmodify / ldapadd / ldapmodrdn / ldappasswd: changes to directory entries from an LDIF.
static LDAPMODIFY: Admin = admin(
    Kind::Directory,
    &[op(
        &[],
        "changes directory entries (their LDIF is not on the line)",
    )],
    &[],
);
static LDAPMODRDN: Admin = admin(
    Kind::Directory,
    &[op(&[], "renames or moves directory entries")],
    &[],
);
static LDAPPASSWD: Admin = admin(
    Kind::Directory,
    &[op(&[], "resets a directory password")],
    &[],
);

/// Samba's AD DC tool.
static SAMBA_TOOL: Admin = admin(
    Kind::Directory,
    &[
        whole(
            &["domain", "level", "raise"],
            "raises the domain's functional level, which cannot be lowered again",
        ),
        whole(&["domain", "demote"], "demotes a domain controller"),
        whole(&["fsmo", "seize"], "seizes the domain's master roles"),
        whole(
            &["domain", "passwordsettings", "set"],
            "changes the password policy of every account",
        ),
        op(&["user", "delete"], "deletes a domain account"),
        op(&["user", "disable"], "disables a domain account"),
        op(
            &["user", "setpassword"],
            "resets a domain account's password",
        ),
        op(
            &["user", "setexpiry"],
            "changes when a domain account expires",
        ),
        op(&["group", "delete"], "deletes a domain group"),
        op(&["group", "addmembers"], "adds members to a domain group"),
        op(
            &["group", "removemembers"],
            "removes members from a domain group",
        ),
        op(&["computer", "delete"], "deletes a computer account"),
        op(&["ou", "delete"], "deletes an organizational unit"),
        op(&["contact", "delete"], "deletes a contact"),
        op(&["gpo", "del"], "deletes a group policy"),
        op(&["dns", "delete"], "deletes a DNS record of the domain"),
        op(&["dns", "zonedelete"], "deletes a DNS zone of the domain"),
        op(&["ntacl", "set"], "replaces a file's access list"),
    ],
    &[
        "administrator",
        "admins",
        "--force-subtree-delete",
        "krbtgt",
    ],
);

/// FreeIPA's `ipa OBJECT-VERB`.
static IPA: Admin = admin(
    Kind::Directory,
    &[
        op(&["*-del"], "deletes identity objects"),
        op(&["*-disable"], "disables identity objects"),
        op(&["*-add-member"], "adds members to a group or rule"),
        op(&["*-remove-member"], "removes members from a group or rule"),
        op(&["*-archive"], "archives identity objects"),
        op(&["config-mod"], "changes the domain-wide configuration"),
        op(&["pwpolicy-mod"], "changes a password policy"),
        op(&["passwd"], "resets a password"),
    ],
    // `admins` is not a reach: adding a member to it is a grant (`grants.rs` verifies it),
    // removing one is a bounded change, and IPA refuses to delete the group itself.
    &[
        "--usercat=all",
        "--hostcat=all",
        "--servicecat=all",
        "global_policy",
    ],
);
static IPA_SERVER: Admin = admin(
    Kind::Directory,
    &[
        whole(
            &["--uninstall"],
            "uninstalls the identity server and its directory",
        ),
        op(&["del"], "removes a replica agreement"),
    ],
    &[],
);

/// Keycloak's admin CLI: REST paths after the verb.
static KCADM: Admin = admin(
    Kind::Directory,
    &[
        whole(
            &["delete", "realms/*"],
            "deletes a realm with every user and client in it",
        ),
        op(&["delete"], "deletes users, clients or roles of a realm"),
        op(&["set-password"], "resets a password"),
        op(&["add-roles"], "grants roles"),
        op(&["remove-roles"], "removes roles"),
        op(
            &["update", "enabled=false"],
            "disables a user, client or realm",
        ),
    ],
    &["admin", "realm-admin"],
);

/// Identity-as-a-service CLIs (Auth0, Okta's community CLIs): their verbs are the plain ones.
static IDP_CLI: Admin = admin(
    Kind::Directory,
    &[
        op(
            &["delete"],
            "deletes users, applications or settings of the tenant",
        ),
        op(&["deactivate"], "deactivates users"),
        op(&["suspend"], "suspends users"),
        op(&["block"], "blocks users"),
        op(&["reset-password"], "resets passwords"),
    ],
    &[],
);

/// MIT and Heimdal Kerberos admin.
static KADMIN: Admin = admin(
    Kind::Directory,
    &[
        op(&["delprinc"], "deletes a Kerberos principal"),
        op(&["delete_principal"], "deletes a Kerberos principal"),
        op(&["delete"], "deletes a Kerberos principal"),
        op(&["cpw"], "changes a principal's keys"),
        op(&["change_password"], "changes a principal's keys"),
        op(&["delpol"], "deletes a password policy"),
        op(&["purgekeys"], "purges a principal's old keys"),
        op(&["ktremove"], "removes keys from a keytab"),
    ],
    &["-all", "krbtgt/*", "kadmin/*"],
);
static KDB5_UTIL: Admin = admin(
    Kind::Directory,
    &[
        whole(&["destroy"], "destroys the Kerberos database"),
        whole(&["load"], "replaces the Kerberos database"),
    ],
    &[],
);

/// macOS directory tools.
static DSCL: Admin = admin(
    Kind::Directory,
    &[
        op(&["-delete"], "deletes a directory record"),
        op(&["-passwd"], "resets a password"),
        op(
            &["-append", "/groups/admin"],
            "adds a member to the admin group",
        ),
        op(
            &["-merge", "/groups/admin"],
            "adds a member to the admin group",
        ),
    ],
    &["/groups/admin"],
);
static SYSADMINCTL: Admin = admin(
    Kind::Directory,
    &[
        op(&["-deleteuser"], "deletes a local account and its home"),
        op(&["-resetpasswordfor"], "resets an account's password"),
        op(&["-securetokenoff"], "removes an account's secure token"),
    ],
    &[],
);

/// Samba's local account databases.
static SMBPASSWD: Admin = admin(
    Kind::Directory,
    &[
        op(&["-x"], "deletes a Samba account"),
        op(&["-d"], "disables a Samba account"),
    ],
    &[],
);
static PDBEDIT: Admin = admin(
    Kind::Directory,
    &[
        op(&["-x"], "deletes a Samba account"),
        op(&["--delete"], "deletes a Samba account"),
    ],
    &[],
);

/// Kanidm, 389 Directory Server, Gitea/Forgejo's admin, Proxmox's user manager.
static KANIDM: Admin = admin(
    Kind::Directory,
    &[
        op(&["delete"], "deletes accounts or groups"),
        op(&["add-members"], "adds members to a group"),
        op(&["remove-members"], "removes members from a group"),
        op(&["purge-members"], "removes every member of a group"),
        op(&["credential", "reset"], "resets credentials"),
    ],
    &["idm_admins", "idm_admin", "system_admins"],
);
static DSIDM: Admin = admin(
    Kind::Directory,
    &[
        op(&["delete"], "deletes directory accounts or groups"),
        op(&["lock"], "locks directory accounts"),
        op(&["reset_password"], "resets a password"),
        op(&["remove_member"], "removes a group member"),
    ],
    &[],
);
static DSCTL: Admin = admin(
    Kind::Directory,
    &[
        whole(
            &["remove"],
            "removes the directory server instance and its data",
        ),
        whole(
            &["ldif2db"],
            "replaces the directory's database from an LDIF",
        ),
        whole(
            &["bak2db"],
            "replaces the directory's database from a backup",
        ),
    ],
    &[],
);
static DSCONF: Admin = admin(
    Kind::Directory,
    &[
        whole(
            &["backend", "delete"],
            "deletes a directory backend and its entries",
        ),
        op(&["delete"], "deletes directory server configuration"),
    ],
    &[],
);
static FORGE_ADMIN: Admin = admin(
    Kind::Directory,
    &[
        op(&["admin", "user", "delete"], "deletes a user of the forge"),
        op(
            &["admin", "user", "change-password"],
            "resets a user's password",
        ),
        op(&["admin", "auth", "delete"], "deletes a login source"),
        op(
            &["admin", "user", "must-change-password"],
            "forces password changes",
        ),
    ],
    &["--purge", "--all"],
);
static PVEUM: Admin = admin(
    Kind::Directory,
    &[
        op(&["user", "delete"], "deletes a Proxmox user"),
        op(&["group", "delete"], "deletes a Proxmox group"),
        op(&["acl", "modify"], "changes access rights"),
        op(&["acl", "delete"], "removes access rights"),
        op(&["passwd"], "resets a password"),
    ],
    &["administrator", "/"],
);

// ---------------------------------------------------------------------------------------
// Version-control servers.

/// Perforce (Helix Core).
static P4: Admin = admin(
    Kind::VersionControl,
    &[
        // Without -y, obliterate only reports what it would remove.
        whole(
            &["obliterate", "-y"],
            "removes files and their whole history from the depot, for good",
        ),
        read(&["obliterate"], "reports what obliterate would remove"),
        whole(&["depot", "-d"], "deletes a depot"),
        whole(&["admin", "stop"], "stops the Perforce server"),
        whole(
            &["protect", "-i"],
            "replaces the protections table (everyone's access)",
        ),
        whole(&["triggers", "-i"], "replaces the server's triggers"),
        restart(&["admin", "restart"], "restarts the Perforce server"),
        op(&["user", "-d"], "deletes a Perforce user"),
        op(&["client", "-d"], "deletes a workspace"),
        op(&["workspace", "-d"], "deletes a workspace"),
        op(&["branch", "-d"], "deletes a branch spec"),
        op(&["label", "-d"], "deletes a label"),
        op(&["stream", "-d"], "deletes a stream"),
        op(&["group", "-d"], "deletes a group"),
        op(&["counter", "-d"], "deletes a counter"),
        op(&["typemap", "-i"], "replaces the typemap"),
        op(&["unload"], "unloads workspaces or labels"),
        op(
            &["archive", "-D"],
            "moves revisions to an archive depot and purges them",
        ),
        op(&["configure", "set"], "changes the server's configuration"),
        op(
            &["configure", "unset"],
            "changes the server's configuration",
        ),
        op(&["delete", "//*"], "opens depot files for delete"),
    ],
    &["//...", "//*/..."],
);

/// Subversion: a URL operand acts on the server in one commit.
static SVN: Admin = admin(
    Kind::VersionControl,
    &[
        on_server(&["rm"], "deletes a path of the repository on the server"),
        on_server(&["del"], "deletes a path of the repository on the server"),
        on_server(
            &["delete"],
            "deletes a path of the repository on the server",
        ),
        on_server(
            &["remove"],
            "deletes a path of the repository on the server",
        ),
        on_server(&["mv"], "moves a path of the repository on the server"),
        on_server(&["move"], "moves a path of the repository on the server"),
        on_server(&["rename"], "moves a path of the repository on the server"),
        on_server(&["ren"], "moves a path of the repository on the server"),
        op(
            &["propset", "--revprop"],
            "rewrites a revision's properties (its author, log or date)",
        ),
        op(
            &["pset", "--revprop"],
            "rewrites a revision's properties (its author, log or date)",
        ),
        op(
            &["ps", "--revprop"],
            "rewrites a revision's properties (its author, log or date)",
        ),
        op(&["propdel", "--revprop"], "deletes a revision's property"),
        op(&["unlock", "--force"], "breaks another user's lock"),
        op(&["lock", "--force"], "steals another user's lock"),
    ],
    &["^/", "^/trunk", "^/trunk/", "*/trunk", "*/trunk/"],
);
static SVNADMIN: Admin = admin(
    Kind::VersionControl,
    &[
        op(&["rmtxns"], "removes transactions in progress"),
        op(&["rmlocks"], "removes locks"),
        op(&["setlog"], "rewrites a revision's log message"),
        op(&["setrevprop"], "rewrites a revision property"),
        op(&["delrevprop"], "deletes a revision property"),
        op(&["load"], "loads revisions into the repository"),
    ],
    &[],
);

/// Mercurial, Fossil, Breezy/Bazaar, darcs, CVS.
static HG: Admin = admin(
    Kind::VersionControl,
    &[
        op(&["strip"], "strips changesets from history"),
        op(&["debugstrip"], "strips changesets from history"),
        op(
            &["push", "-f"],
            "force-pushes new heads to the shared repository",
        ),
        op(
            &["push", "--force"],
            "force-pushes new heads to the shared repository",
        ),
        op(&["rollback"], "rolls the last transaction back"),
        op(&["update", "-C"], "discards uncommitted changes"),
        op(&["update", "--clean"], "discards uncommitted changes"),
        op(&["revert", "--all"], "discards uncommitted changes"),
        op(&["purge", "--all"], "deletes untracked and ignored files"),
        op(&["phase", "--force"], "rewrites changeset phases"),
    ],
    &[],
);
static FOSSIL: Admin = admin(
    Kind::VersionControl,
    &[
        whole(
            &["scrub"],
            "scrubs the repository of private content, for good",
        ),
        whole(
            &["purge", "obliterate"],
            "obliterates purged check-ins, for good",
        ),
        op(&["purge"], "purges check-ins from the repository"),
        op(&["clean", "-x"], "deletes untracked and ignored files"),
        op(&["clean", "--force"], "deletes untracked files"),
        op(&["uv", "rm"], "deletes unversioned files"),
    ],
    &[],
);
static BZR: Admin = admin(
    Kind::VersionControl,
    &[
        op(
            &["push", "--overwrite"],
            "overwrites the shared branch's history",
        ),
        op(&["uncommit"], "removes the last commits"),
        op(&["remove-branch"], "deletes a branch"),
        op(&["clean-tree", "--force"], "deletes unversioned files"),
    ],
    &[],
);
static DARCS: Admin = admin(
    Kind::VersionControl,
    &[
        op(&["obliterate"], "removes patches from the repository"),
        op(&["unrecord"], "removes recorded patches"),
        op(&["revert", "-a"], "discards unrecorded changes"),
    ],
    &["--all", "-a"],
);
static CVS: Admin = admin(
    Kind::VersionControl,
    &[op(
        &["admin", "-o"],
        "deletes revisions from the repository",
    )],
    &[],
);
static GITLAB_CTL: Admin = admin(
    Kind::VersionControl,
    &[
        whole(&["cleanse"], "deletes every GitLab data directory"),
        whole(&["remove-accounts"], "removes GitLab's system accounts"),
        whole(&["uninstall"], "uninstalls GitLab"),
        op(&["stop"], "stops GitLab"),
    ],
    &[],
);

// ---------------------------------------------------------------------------------------
// Batch schedulers.

/// Slurm's scancel: job ids alone name jobs (the caller's own, unless an operator runs it);
/// `-u` names one user's jobs; a filter without a user (partition, account, state...) selects
/// the matching jobs of every user.
static SCANCEL: Admin = admin(
    Kind::Scheduler,
    &[
        op(&["-u"], "cancels every job of a user"),
        op(&["--user"], "cancels every job of a user"),
        whole(&["-p"], "cancels the jobs of every user in a partition"),
        whole(
            &["--partition"],
            "cancels the jobs of every user in a partition",
        ),
        whole(&["-A"], "cancels the jobs of every user of an account"),
        whole(
            &["--account"],
            "cancels the jobs of every user of an account",
        ),
        whole(&["-t"], "cancels every user's jobs in a state"),
        whole(&["--state"], "cancels every user's jobs in a state"),
        whole(&["-q"], "cancels every user's jobs of a QOS"),
        whole(&["--qos"], "cancels every user's jobs of a QOS"),
        whole(&["-w"], "cancels every user's jobs on nodes"),
        whole(&["--nodelist"], "cancels every user's jobs on nodes"),
        whole(&["-n"], "cancels every user's jobs of a name"),
        whole(&["--name"], "cancels every user's jobs of a name"),
        whole(&["-R"], "cancels every user's jobs of a reservation"),
        whole(
            &["--reservation"],
            "cancels every user's jobs of a reservation",
        ),
        whole(&["--wckey"], "cancels every user's jobs of a wckey"),
    ],
    &[],
);
static SCONTROL: Admin = admin(
    Kind::Scheduler,
    &[
        whole(&["shutdown"], "shuts the Slurm daemons down"),
        whole(&["takeover"], "hands control to the backup controller"),
        op(
            &["update", "state=down"],
            "takes nodes out and kills their jobs",
        ),
        op(&["update", "state=drain"], "drains nodes"),
        op(&["update", "state=fail"], "fails nodes"),
        op(&["update", "state=power_down*"], "powers nodes down"),
        op(&["update", "state=inactive"], "deactivates a partition"),
        op(&["reboot"], "reboots nodes"),
        op(&["reboot_nodes"], "reboots nodes"),
        op(&["delete"], "deletes a partition, reservation or node"),
        op(
            &["requeue*"],
            "requeues running jobs (their progress is lost)",
        ),
        op(&["suspend"], "suspends running jobs"),
        restart(&["reconfigure"], "reloads the cluster's configuration"),
    ],
    &["ALL", "*=ALL", RANGE],
);
static SACCTMGR: Admin = admin(
    Kind::Scheduler,
    &[
        whole(&["delete", "cluster"], "deletes a cluster from accounting"),
        whole(&["remove", "cluster"], "deletes a cluster from accounting"),
        op(
            &["delete"],
            "deletes accounting users, accounts or associations",
        ),
        op(
            &["remove"],
            "deletes accounting users, accounts or associations",
        ),
        op(
            &["modify", "adminlevel=*"],
            "changes an accounting admin level",
        ),
    ],
    &[],
);

/// PBS / Torque / Grid Engine (`qdel`, `qmgr`, `qterm`, `pbsnodes`, `qmod`, `qconf`).
static QDEL: Admin = admin(
    Kind::Scheduler,
    &[
        whole(&["all"], "deletes every job"),
        op(&["-u"], "deletes every job of a user"),
        op(&["-W", "force"], "purges a job without cleaning it up"),
        op(&["-Wforce"], "purges a job without cleaning it up"),
        op(&["-p"], "purges a job without cleaning it up"),
    ],
    &[],
);
static QMGR: Admin = admin(
    Kind::Scheduler,
    &[
        whole(
            &["scheduling", "=", "false"],
            "turns the batch server's scheduling off",
        ),
        whole(
            &["scheduling=false"],
            "turns the batch server's scheduling off",
        ),
        op(&["delete"], "deletes a queue, node or hook"),
        op(&["enabled", "=", "false"], "stops a queue accepting jobs"),
        op(&["started", "=", "false"], "stops a queue running jobs"),
        op(&["managers"], "changes the batch server's managers"),
        op(&["operators"], "changes the batch server's operators"),
    ],
    &[],
);
static QTERM: Admin = admin(
    Kind::Scheduler,
    &[whole(&[], "shuts the batch server down")],
    &[],
);
static PBSNODES: Admin = admin(
    Kind::Scheduler,
    &[
        op(&["-o"], "marks nodes offline"),
        op(&["-d"], "marks nodes down"),
    ],
    &[],
);
static QMOD: Admin = admin(
    Kind::Scheduler,
    &[
        op(&["-d"], "disables queues"),
        op(&["-s"], "suspends queues or jobs"),
        op(&["-r"], "reschedules running jobs"),
    ],
    &["all.q"],
);
static QCONF: Admin = admin(
    Kind::Scheduler,
    &[
        whole(&["-km"], "kills the Grid Engine master"),
        whole(&["-ks"], "kills the Grid Engine scheduler"),
        op(&["-ke"], "kills execution daemons"),
        op(
            &["-d*"],
            "deletes a queue, host, user list or configuration",
        ),
    ],
    &[],
);

/// IBM Spectrum LSF.
static BKILL: Admin = admin(
    Kind::Scheduler,
    &[op(&["0"], "kills every job of the user")],
    &[],
);
static BSTOP: Admin = admin(
    Kind::Scheduler,
    &[op(&["0"], "suspends every job of the user")],
    &[],
);
static BADMIN: Admin = admin(
    Kind::Scheduler,
    &[
        op(&["hclose"], "closes hosts to new jobs"),
        op(&["qclose"], "closes queues"),
        op(&["qinact"], "deactivates queues"),
        op(&["hshutdown"], "shuts host daemons down"),
        restart(&["mbdrestart"], "restarts the master batch daemon"),
    ],
    &[],
);
static LSADMIN: Admin = admin(
    Kind::Scheduler,
    &[
        op(&["limshutdown"], "shuts the load information managers down"),
        op(&["resshutdown"], "shuts the remote execution servers down"),
        restart(&["limrestart"], "restarts the load information managers"),
    ],
    &[],
);

/// HTCondor: `-all` or a constraint selects every matching job or daemon.
static CONDOR_RM: Admin = admin(
    Kind::Scheduler,
    &[
        op(&["-all"], "removes jobs"),
        op(&["-constraint"], "removes jobs"),
        op(&["-forcex"], "forces jobs out of the queue"),
    ],
    &["-all", "-constraint"],
);
static CONDOR_DAEMONS: Admin = admin(
    Kind::Scheduler,
    &[op(
        &[],
        "turns HTCondor daemons off, drains or vacates machines, or holds jobs",
    )],
    &["-all", "-constraint", "-pool"],
);

/// Task queues: Celery, RQ, Temporal.
static CELERY: Admin = admin(
    Kind::Scheduler,
    &[
        whole(&["purge"], "deletes every queued task"),
        op(&["control", "shutdown"], "shuts the workers down"),
        op(&["control", "revoke"], "revokes tasks"),
    ],
    &[],
);
static RQ: Admin = admin(
    Kind::Scheduler,
    &[op(&["empty"], "empties queues of their jobs")],
    &["--all", "-a"],
);
static TEMPORAL: Admin = admin(
    Kind::Scheduler,
    &[
        whole(
            &["namespace", "delete"],
            "deletes a namespace and its workflows",
        ),
        op(&["terminate"], "terminates workflows"),
        op(&["cancel"], "cancels workflows"),
        op(&["workflow", "delete"], "deletes workflows"),
        op(&["reset"], "resets workflows"),
    ],
    &["--query", "-q"],
);

// ---------------------------------------------------------------------------------------
// Configuration management and cluster managers.

/// Salt: `salt TARGET module.function`; the function's last word says what it does.
static SALT: Admin = admin(
    Kind::Fleet,
    &[
        op(&["system.halt"], "halts the minions"),
        op(&["system.poweroff"], "powers the minions off"),
        op(&["system.shutdown"], "shuts the minions down"),
        op(&["system.reboot"], "reboots the minions"),
        op(
            &["*.remove"],
            "removes packages, files or users on the minions",
        ),
        op(&["*.purge"], "purges packages on the minions"),
        op(
            &["*.delete"],
            "deletes users, groups or files on the minions",
        ),
        op(&["*.deluser"], "removes users from groups on the minions"),
        op(&["*.rmdir"], "removes directories on the minions"),
        op(&["service.stop"], "stops a service on the minions"),
        op(&["service.disable"], "disables a service on the minions"),
        op(&["*.kill*"], "kills processes on the minions"),
        op(&["*.flush"], "flushes firewall rules on the minions"),
        op(&["*.wipe"], "wipes disks on the minions"),
        op(&["*.umount"], "unmounts file systems on the minions"),
        op(&["*.rm_*"], "removes entries on the minions"),
        op(&["state.apply"], "applies states on the minions"),
        op(&["state.highstate"], "applies the highstate on the minions"),
        op(&["state.sls"], "applies states on the minions"),
    ],
    &[],
);
static SALT_KEY: Admin = admin(
    Kind::Fleet,
    &[
        whole(&["-D"], "deletes every minion key"),
        whole(&["--delete-all"], "deletes every minion key"),
        whole(&["-R"], "rejects every pending minion key"),
        whole(&["--reject-all"], "rejects every pending minion key"),
        op(&["-d"], "deletes minion keys"),
        op(&["--delete"], "deletes minion keys"),
        op(&["-r"], "rejects minion keys"),
    ],
    &[],
);
static SALT_RUN: Admin = admin(
    Kind::Fleet,
    &[
        op(
            &["manage.down", "removekeys=true"],
            "deletes the keys of every minion that is down",
        ),
        op(&["cloud.destroy"], "destroys cloud instances"),
        op(&["virt.purge"], "destroys a virtual machine and its disks"),
        op(&["state.orch*"], "runs an orchestration on the minions"),
    ],
    &[],
);

/// Ansible ad-hoc commands: the module and its state say what happens on the hosts.
static ANSIBLE: Admin = Admin {
    local: Some(ansible_local),
    ..admin(
        Kind::Fleet,
        &[
            op(&["-m", "*reboot"], "reboots the hosts"),
            op(&["-m", "*shutdown"], "shuts the hosts down"),
            op(
                &["state=absent"],
                "removes users, packages or files on the hosts",
            ),
            op(&["state=stopped"], "stops a service on the hosts"),
            restart(&["state=restarted"], "restarts a service on the hosts"),
            op(&["state=unmounted"], "unmounts file systems on the hosts"),
            op(&["state=removed"], "removes packages on the hosts"),
            op(&["enabled=false"], "disables a service on the hosts"),
            op(&["enabled=no"], "disables a service on the hosts"),
        ],
        &[],
    )
};

/// Ansible run on this machine only: the local connection (`-c local`), or the host pattern
/// and every inventory naming only localhost (`ansible localhost ...`, `-i localhost,`).
fn ansible_local(cmd: &Cmd<'_>) -> bool {
    let local = |w: &str| {
        w.trim_end_matches(',')
            .split(',')
            .all(|h| matches!(h, "localhost" | "127.0.0.1" | "::1"))
    };
    if cmd.value(&["-c", "--connection"]) == Some("local") {
        return true;
    }
    let pattern = cmd.operands(super::infrastructure::ANSIBLE_VALUES).next();
    let mut inventories = cmd
        .args
        .iter()
        .zip(cmd.args.iter().skip(1))
        .filter(|(o, _)| matches!(&***o, "-i" | "--inventory" | "--inventory-file"))
        .map(|(_, v)| &**v)
        .peekable();
    pattern.is_some_and(local) || inventories.peek().is_some() && inventories.all(local)
}

/// Puppet and its certificate authority.
static PUPPET: Admin = admin(
    Kind::Fleet,
    &[
        op(&["node", "deactivate"], "deactivates a node in PuppetDB"),
        op(&["node", "clean"], "removes a node's certificate and data"),
        op(&["node", "purge"], "purges a node's data"),
        op(&["cert", "clean"], "removes a node's certificate"),
        op(&["cert", "revoke"], "revokes a node's certificate"),
        op(
            &["resource", "ensure=absent"],
            "removes a resource on this host",
        ),
        op(
            &["resource", "ensure=stopped"],
            "stops a service on this host",
        ),
        op(
            &["resource", "ensure=purged"],
            "purges a package on this host",
        ),
        op(&["agent", "--disable"], "disables configuration runs"),
    ],
    &["--all"],
);
static PUPPETSERVER: Admin = admin(
    Kind::Fleet,
    &[
        op(&["ca", "clean"], "removes node certificates"),
        op(&["ca", "revoke"], "revokes node certificates"),
    ],
    &["--all"],
);

/// Chef's knife (knife ssh's command is read by the equivalents table).
static KNIFE: Admin = admin(
    Kind::Fleet,
    &[
        whole(
            &["node", "bulk", "delete"],
            "deletes every node matching a pattern",
        ),
        whole(
            &["client", "bulk", "delete"],
            "deletes every client matching a pattern",
        ),
        whole(
            &["cookbook", "bulk", "delete"],
            "deletes every cookbook matching a pattern",
        ),
        whole(&["org", "delete"], "deletes a Chef organization"),
        op(&["node", "delete"], "deletes a node"),
        op(&["client", "delete"], "deletes a client and its key"),
        op(&["role", "delete"], "deletes a role"),
        op(&["environment", "delete"], "deletes an environment"),
        op(&["cookbook", "delete"], "deletes a cookbook"),
        op(&["data", "bag", "delete"], "deletes a data bag"),
        op(&["vault", "delete"], "deletes a vault item"),
        op(&["user", "delete"], "deletes a Chef user"),
        op(&["server", "delete"], "deletes a server"),
    ],
    &[],
);

/// MCollective / Choria: every node answers unless a filter narrows the request.
static MCO: Admin = Admin {
    kind: Kind::Fleet,
    ops: &[
        op(&["service", "stop"], "stops a service"),
        restart(&["service", "restart"], "restarts a service"),
        op(&["package", "uninstall"], "uninstalls a package"),
        op(&["package", "purge"], "purges a package"),
        op(&["puppet", "disable"], "disables configuration runs"),
        op(&["shell", "run"], "runs a command"),
        op(&["rpc", "*", "stop"], "stops a service"),
        op(&["rpc", "*", "uninstall"], "uninstalls a package"),
    ],
    every: &[],
    selectors: &[],
    narrowed_by: &[
        "-I",
        "--with-identity",
        "-F",
        "--with-fact",
        "-C",
        "--with-class",
        "-W",
        "--with",
        "-S",
        "--select",
        "--nodes",
    ],
    local: None,
};

/// Bolt tasks (its ad-hoc commands are read by the equivalents table).
static BOLT: Admin = admin(
    Kind::Fleet,
    &[
        op(&["task", "run", "*reboot"], "reboots the targets"),
        op(&["task", "run", "*shutdown"], "shuts the targets down"),
        op(
            &["task", "run", "package", "action=uninstall"],
            "uninstalls a package on the targets",
        ),
        op(
            &["task", "run", "service", "action=stop"],
            "stops a service on the targets",
        ),
    ],
    &[],
);

/// Juju, Foreman's hammer, Cobbler, MAAS, Uyuni's spacecmd.
static JUJU: Admin = admin(
    Kind::Fleet,
    &[
        whole(&["destroy-model"], "destroys a model and its machines"),
        whole(&["destroy-controller"], "destroys a controller"),
        whole(
            &["kill-controller"],
            "destroys a controller without cleanup",
        ),
        op(&["remove-application"], "removes an application"),
        op(&["remove-unit"], "removes units"),
        op(&["remove-machine"], "removes machines"),
        op(&["remove-storage"], "removes storage"),
    ],
    &[],
);
static HAMMER: Admin = admin(
    Kind::Fleet,
    &[
        op(&["delete"], "deletes hosts or settings in Foreman"),
        op(&["host", "reboot"], "reboots a host"),
        op(&["host", "stop"], "powers a host off"),
    ],
    &[],
);
static COBBLER: Admin = admin(
    Kind::Fleet,
    &[op(&["remove"], "removes a provisioning record")],
    &[],
);
static MAAS: Admin = admin(
    Kind::Fleet,
    &[
        op(&["delete"], "deletes machines or settings"),
        whole(
            &["release", "erase=true"],
            "releases machines and erases their disks",
        ),
        op(
            &["release"],
            "releases machines (their disks may be erased)",
        ),
        op(&["power-off"], "powers machines off"),
    ],
    &[],
);
static SPACECMD: Admin = admin(
    Kind::Fleet,
    &[
        op(&["system_delete"], "deletes registered systems"),
        op(&["system_reboot"], "reboots systems"),
        op(&["softwarechannel_delete"], "deletes a software channel"),
    ],
    &[],
);

/// Pacemaker (`pcs`, `crm`) and xCAT's power and install commands.
static PCS: Admin = admin(
    Kind::Fleet,
    &[
        whole(
            &["cluster", "destroy"],
            "destroys the cluster configuration",
        ),
        op(&["cluster", "stop"], "stops cluster services"),
        op(&["cluster", "kill"], "kills cluster services"),
        op(&["resource", "delete"], "deletes a cluster resource"),
        op(&["resource", "disable"], "stops a cluster resource"),
        op(&["node", "standby"], "moves every resource off a node"),
        op(&["stonith", "fence"], "fences (powers off) a node"),
        op(
            &["property", "set", "stonith-enabled=false"],
            "turns fencing off",
        ),
    ],
    &["--all"],
);
static CRM: Admin = admin(
    Kind::Fleet,
    &[
        whole(&["configure", "erase"], "erases the cluster configuration"),
        op(&["cluster", "stop"], "stops cluster services"),
        op(&["node", "standby"], "moves every resource off a node"),
        op(&["node", "fence"], "fences (powers off) a node"),
        op(&["resource", "stop"], "stops a cluster resource"),
        op(&["configure", "delete"], "deletes cluster configuration"),
    ],
    &["--all"],
);
static RPOWER: Admin = admin(
    Kind::Fleet,
    &[
        op(&["off"], "powers nodes off"),
        op(&["softoff"], "powers nodes off"),
        op(&["reset"], "resets nodes"),
        op(&["boot"], "reboots nodes"),
        op(&["cycle"], "power-cycles nodes"),
    ],
    &[RANGE],
);
static RINSTALL: Admin = admin(
    Kind::Fleet,
    &[op(
        &[],
        "reinstalls the operating system of nodes (their disks are rewritten)",
    )],
    &[RANGE],
);

// ---------------------------------------------------------------------------------------
// More of each class: domain membership and local account databases, mail archives, other
// version-control systems, workflow engines, cluster shells and provisioning.

/// Got Your Back (Gmail backup): `--action purge` deletes the mailbox's messages.
static GYB: Admin = admin(
    Kind::Directory,
    &[
        whole(
            &["--action", "purge"],
            "deletes every message of the mailbox",
        ),
        whole(
            &["--action", "purge-labels"],
            "deletes every label of the mailbox",
        ),
        op(
            &["--action", "restore"],
            "writes messages back into a mailbox",
        ),
    ],
    &[],
);
/// Leaving an Active Directory or Kerberos realm: the machine's logins stop working.
static REALM: Admin = admin(
    Kind::Directory,
    &[
        op(&["leave"], "takes the machine out of its domain"),
        op(&["deny", "--all"], "denies every domain account's login"),
        op(&["deny"], "denies domain accounts' logins"),
    ],
    &[],
);
static NET_ADS: Admin = admin(
    Kind::Directory,
    &[
        op(&["ads", "leave"], "takes the machine out of its domain"),
        op(&["rpc", "user", "delete"], "deletes a domain account"),
        op(&["ads", "user", "delete"], "deletes a domain account"),
        op(&["rpc", "shutdown"], "shuts a remote machine down"),
    ],
    &[],
);
static ADCLI: Admin = admin(
    Kind::Directory,
    &[
        op(&["delete-computer"], "deletes a computer account"),
        op(&["reset-computer"], "resets a computer account"),
    ],
    &[],
);
/// FreeBSD's pw.
static PW: Admin = admin(
    Kind::Directory,
    &[
        op(&["userdel"], "deletes a local account"),
        op(&["groupdel"], "deletes a local group"),
        op(&["lock"], "locks a local account"),
        op(&["groupmod", "-m"], "adds members to a group"),
    ],
    &["wheel", "operator"],
);
/// OpenLDAP's offline database tools.
static SLAPADD: Admin = admin(
    Kind::Directory,
    &[op(
        &[],
        "loads entries straight into the directory's database",
    )],
    &[],
);

/// Team Foundation Version Control's `tf` (and terraform's common alias): destroy is for good.
static TF: Admin = admin(
    Kind::VersionControl,
    &[
        whole(
            &["destroy"],
            "destroys the path and its history for good (or, as terraform's alias, the infrastructure)",
        ),
        op(&["delete"], "deletes server paths"),
        op(&["workspace", "-delete"], "deletes a workspace"),
        op(
            &["undo", "/workspace:*"],
            "undoes another workspace's pending changes",
        ),
    ],
    &["$/"],
);
static PIJUL: Admin = admin(
    Kind::VersionControl,
    &[
        op(&["unrecord"], "removes changes from the channel"),
        op(&["channel", "delete"], "deletes a channel"),
        op(&["push", "--force"], "force-pushes changes"),
    ],
    &[],
);

/// Argo Workflows, Rundeck, Flux (the HPC framework's jobs; FluxCD's objects).
static ARGO: Admin = admin(
    Kind::Scheduler,
    &[
        op(&["delete"], "deletes workflows"),
        op(&["terminate"], "terminates workflows"),
        op(&["stop"], "stops workflows"),
        op(&["cron", "delete"], "deletes a cron workflow"),
        op(&["template", "delete"], "deletes a workflow template"),
    ],
    &["--all", "--completed", "--older", "--selector", "-l"],
);
static RUNDECK: Admin = admin(
    Kind::Scheduler,
    &[
        whole(&["jobs", "purge"], "deletes every job the filter matches"),
        whole(&["executions", "deleteall"], "deletes every execution"),
        whole(&["executions", "delete-all"], "deletes every execution"),
        whole(&["projects", "delete"], "deletes a project with its jobs"),
        op(&["executions", "kill"], "kills a running job"),
    ],
    &[],
);
static FLUX: Admin = admin(
    Kind::Scheduler,
    &[
        whole(
            &["uninstall"],
            "removes the Flux controllers and what they manage",
        ),
        op(&["cancel"], "cancels jobs"),
        op(&["delete"], "deletes objects Flux manages"),
        op(&["suspend"], "suspends reconciliation"),
        op(&["resource", "drain"], "drains nodes"),
    ],
    &["--all", "-A", "--all-namespaces"],
);

/// xCAT and Bright's cluster shells and power: node ranges (`node001..node128`, `compute`).
static CMSH: Admin = admin(
    Kind::Fleet,
    &[
        op(&["power", "off"], "powers nodes off"),
        op(&["power", "reset"], "resets nodes"),
        op(&["remove"], "removes devices or settings"),
        op(&["reboot"], "reboots nodes"),
        op(&["shutdown"], "shuts nodes down"),
    ],
    &[RANGE, "*..*"],
);
static SALT_CLOUD: Admin = admin(
    Kind::Fleet,
    &[
        op(&["-d"], "destroys cloud instances"),
        op(&["--destroy"], "destroys cloud instances"),
    ],
    &[],
);

/// The row of a program, by its name.
fn row(program: &str) -> Option<&'static Admin> {
    Some(match program {
        "gam" | "gam7" | "gamadv-xtd3" => &GAM,
        "ldapdelete" => &LDAPDELETE,
        "ldapmodify" | "ldapadd" => &LDAPMODIFY,
        "ldapmodrdn" => &LDAPMODRDN,
        "ldappasswd" => &LDAPPASSWD,
        "samba-tool" => &SAMBA_TOOL,
        "ipa" => &IPA,
        "ipa-server-install" | "ipa-replica-install" | "ipa-replica-manage" => &IPA_SERVER,
        "kcadm.sh" | "kcadm" => &KCADM,
        "auth0" | "okta" | "okta-cli" => &IDP_CLI,
        "kadmin" | "kadmin.local" => &KADMIN,
        "kdb5_util" => &KDB5_UTIL,
        "dscl" => &DSCL,
        "sysadminctl" => &SYSADMINCTL,
        "smbpasswd" => &SMBPASSWD,
        "pdbedit" => &PDBEDIT,
        "kanidm" => &KANIDM,
        "dsidm" => &DSIDM,
        "dsctl" => &DSCTL,
        "dsconf" => &DSCONF,
        "gitea" | "forgejo" => &FORGE_ADMIN,
        "pveum" => &PVEUM,
        "p4" => &P4,
        "svn" => &SVN,
        "svnadmin" => &SVNADMIN,
        "hg" | "chg" => &HG,
        "fossil" => &FOSSIL,
        "bzr" | "brz" => &BZR,
        "darcs" => &DARCS,
        "cvs" => &CVS,
        "gitlab-ctl" => &GITLAB_CTL,
        "scancel" => &SCANCEL,
        "scontrol" => &SCONTROL,
        "sacctmgr" => &SACCTMGR,
        "qdel" => &QDEL,
        "qmgr" => &QMGR,
        "qterm" => &QTERM,
        "pbsnodes" => &PBSNODES,
        "qmod" => &QMOD,
        "qconf" => &QCONF,
        "bkill" => &BKILL,
        "bstop" => &BSTOP,
        "badmin" => &BADMIN,
        "lsadmin" => &LSADMIN,
        "condor_rm" => &CONDOR_RM,
        "condor_off" | "condor_drain" | "condor_vacate" | "condor_hold" => &CONDOR_DAEMONS,
        "celery" => &CELERY,
        "rq" => &RQ,
        "temporal" | "tctl" => &TEMPORAL,
        "salt" | "salt-ssh" | "salt-call" => &SALT,
        "salt-key" => &SALT_KEY,
        "salt-run" => &SALT_RUN,
        "ansible" => &ANSIBLE,
        "puppet" => &PUPPET,
        "puppetserver" => &PUPPETSERVER,
        "knife" => &KNIFE,
        "mco" | "choria" => &MCO,
        "bolt" => &BOLT,
        "juju" => &JUJU,
        "hammer" => &HAMMER,
        "cobbler" => &COBBLER,
        "maas" => &MAAS,
        "spacecmd" => &SPACECMD,
        "pcs" => &PCS,
        "crm" => &CRM,
        "rpower" => &RPOWER,
        "rinstall" | "winstall" => &RINSTALL,
        "gyb" => &GYB,
        "realm" => &REALM,
        "net" => &NET_ADS,
        "adcli" => &ADCLI,
        "pw" => &PW,
        "slapadd" => &SLAPADD,
        "tf" => &TF,
        "pijul" => &PIJUL,
        "argo" => &ARGO,
        "rd" => &RUNDECK,
        "flux" => &FLUX,
        "cmsh" => &CMSH,
        "salt-cloud" => &SALT_CLOUD,
        _ => return None,
    })
}

/// The program's row and the first of its operations the command spells, with the words
/// that named it.
fn operation<'c>(cmd: &Cmd<'c>) -> Option<(&'static Admin, &'static Op, Named<'c>)> {
    let admin = row(cmd.program)?;
    admin.ops.iter().find_map(|op| {
        let named = matched(op.words, cmd.args)?;
        (op.needs == Needs::Nothing || cmd.args.iter().any(|a| repository_url(a)))
            .then_some((admin, op, named))
    })
}

/// Whether the command is one of its program's previews (`p4 obliterate` without `-y`):
/// settled as a read, so the generic reader is not asked to guess at its verb.
pub fn previews(cmd: &Cmd<'_>) -> bool {
    operation(cmd).is_some_and(|(_, op, _)| op.reach == Reach::Read)
}

/// Reads an admin CLI's operation and grades it by how far its target reaches. Run after the
/// generic reader, so a finding here never keeps it from reading (the worst of both stands).
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let Some((admin, op, named)) = operation(cmd) else {
        return;
    };
    if op.reach == Reach::Read {
        return;
    }
    let local = admin.local.is_some_and(|local| local(cmd));
    // On this machine only, a service, package or file changed is the developer's own
    // bounded change; a reboot or shutdown of it is still asked.
    if local && op.words.first() != Some(&"-m") {
        return;
    }
    // A fleet's target that selects many hosts (a list, a grain, a group, a fact filter): the
    // operation lands on each of them at once.
    let everything = !local
        && (op.reach == Reach::Whole
            || reaches_everything(admin, cmd.args)
            || admin.kind == Kind::Fleet
                && super::fleets::admin_many(cmd)
                // Many hosts of a named shared environment (`salt 'web-qa*' state.apply`)
                // are a bounded change there, confirmed as on one.
                && !words(cmd.args).any(super::environments::shared));
    // A target that names production (`-G 'env:production'`, `role:db-prod`, a `prod` host
    // group): the change reaches what production's users rely on. The general place reader
    // does not read these programs' targeting words (grains, search queries, node lists).
    let production =
        !local && op.reach != Reach::Restart && words(cmd.args).any(super::containers::production);
    let severity = if everything || production {
        Severity::Verify
    } else {
        Severity::Confirm
    };
    let mut said = String::from(cmd.program);
    for w in named.iter().flatten() {
        said.push(' ');
        said.push_str(w);
    }
    let message = if everything && op.reach != Reach::Whole {
        format!("{said}: {}, on {}", op.what, admin.kind.everything())
    } else if production && !everything {
        format!("{said}: {}, in production", op.what)
    } else {
        format!("{said}: {}", op.what)
    };
    out.push(finding(
        admin.kind.family(),
        admin.kind.code(),
        severity,
        message,
    ));
}

/// The argument words that named an operation (at most four, for the message).
type Named<'a> = [Option<&'a str>; 4];

/// The words of the arguments, split at blanks (an operation may be one quoted argument:
/// `qmgr -c 'delete queue q'`), quotes left by a nested string trimmed.
fn words<'a>(args: &'a [Cow<'a, str>]) -> impl Iterator<Item = &'a str> + 'a {
    args.iter()
        .flat_map(|a| a.split_whitespace())
        .map(|w| w.trim_matches(['\'', '"', ';']))
        .filter(|w| !w.is_empty())
}

/// The argument words that matched `pattern`, in order (at most four are kept for the
/// message), or None when they are not all there.
fn matched<'a>(pattern: &[&str], args: &'a [Cow<'a, str>]) -> Option<Named<'a>> {
    let mut found = [None; 4];
    let mut it = words(args);
    for (i, p) in pattern.iter().enumerate() {
        let w = it.by_ref().find(|w| word_matches(p, w))?;
        if i < found.len() {
            found[i] = Some(w);
        }
    }
    Some(found)
}

/// Whether an argument word is the pattern's word. Options are case-sensitive when short
/// (`-d` deletes one salt key, `-D` all of them) and match `--opt=value` and `-uNAME`; other
/// words are compared without case (`State=DOWN`), `*` matching any run of characters.
fn word_matches(pattern: &str, word: &str) -> bool {
    if pattern.starts_with('-') && !pattern.contains('*') {
        if pattern.len() == 2 {
            return word == pattern
                || word.starts_with(pattern) && !word.starts_with("--") && word.len() > 2;
        }
        return word.eq_ignore_ascii_case(pattern)
            || word
                .get(..pattern.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(pattern))
                && word[pattern.len()..].starts_with('=');
    }
    glob(pattern.as_bytes(), word.as_bytes())
}

/// `*` matches any run of characters; other bytes are compared without case.
fn glob(p: &[u8], w: &[u8]) -> bool {
    match p.split_first() {
        None => w.is_empty(),
        Some((b'*', rest)) => (0..=w.len()).any(|i| glob(rest, &w[i..])),
        Some((c, rest)) => w
            .split_first()
            .is_some_and(|(d, wr)| c.eq_ignore_ascii_case(d) && glob(rest, wr)),
    }
}

/// A repository URL (`https://...`, `svn+ssh://...`, `file:///...`) or one relative to the
/// repository root (`^/trunk`).
fn repository_url(w: &str) -> bool {
    w.contains("://") || w.starts_with("^/")
}

/// Whether the command's targets are everything the program reaches.
fn reaches_everything(admin: &Admin, args: &[Cow<'_, str>]) -> bool {
    if !admin.narrowed_by.is_empty()
        && !args
            .iter()
            .any(|a| admin.narrowed_by.iter().any(|o| word_matches(o, a)))
    {
        return true;
    }
    // The common words are literal (`*` is the wildcard target, not any word); a program's
    // own may be patterns (`cn[001-128]`, `*/trunk`).
    let every = |w: &str| {
        admin.every.iter().any(|p| word_matches(p, w))
            || EVERY.iter().any(|p| w.eq_ignore_ascii_case(p))
    };
    if args
        .iter()
        .find(|a| !a.starts_with('-'))
        .is_some_and(|a| admin.selectors.iter().any(|p| a.eq_ignore_ascii_case(p)))
    {
        return true;
    }
    words(args).any(every)
}
