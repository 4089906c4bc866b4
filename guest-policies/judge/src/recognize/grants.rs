//! Privilege and exposure granted, as a kind (holdout10 analysis, "Privilege and exposure
//! granted"): *who gets what*, read the same way whatever program grants it. Four grants, each
//! a grantee and a privilege:
//!
//! 1. **An account made a member of an administrators' group** (`wheel`, `sudo`, `admin`,
//!    `docker`, `Domain Admins`, a directory group named for admins), in the spellings of
//!    groupmems, pw, addgroup, dseditgroup, dscl, lgroupmod, chgrpmem, sysadminctl and of any
//!    directory CLI whose verb adds members (samba-tool, FreeIPA, Kanidm, `net rpc`, AWS IAM
//!    groups, Entra ID, Cloud Identity).
//! 2. **A root-equivalent role or policy given**: a value of a role, policy, permission or
//!    access-level option (or `key=value` argument) that is a vendor's administrator role
//!    (Vault's `root` policy, AWS `AdministratorAccess`, GCP `roles/owner`, Azure `Owner`,
//!    Kubernetes `cluster-admin`, Consul's `global-management`, ...), or the role word of a CLI
//!    that takes it positionally (`rabbitmqctl set_user_tags`, `openstack role add`, `oc adm
//!    policy add-cluster-role-to-user`, `mc admin policy attach`, `cf set-org-role`), a role
//!    in an HTTP request's JSON body, a Redis ACL user given every command on every key.
//! 3. **A network rule that lets every address in** (no source, `any`, `0.0.0.0/0`, `::/0`,
//!    `*`, `Internet`) to every port or to an admin or data port: the host firewalls' own syntax
//!    (netsh, the NetSecurity cmdlets, firewalld, ufw, iptables, nftables, ipfw) and the cloud
//!    firewalls' options and nested `key=value` / `key:value` rules (security groups, NSGs,
//!    firewall rules of hcloud, doctl, OpenStack, Scaleway, Lightsail, database servers).
//! 4. **A bucket's public-access guard lifted** (`delete-public-access-block`, public-access
//!    prevention turned off, an OCI bucket made readable by anyone).
//!
//! A bounded grant (a read-only role, a named address, an ordinary group, a web port) is left
//! to the other readers (at most confirmed); a read or a removal of a grant grants nothing. This
//! reader only raises: nothing an agent writes on the line lowers a verdict through it, and a
//! rule's name, a comment or a grantee's name is never read as a mode.

use super::{Cmd, exposures::PRIVATE_PORTS, finding};
use crate::finding::{Family, Finding, Severity};

/// Reads the four grants on one command.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    // Its verb is a delete (of the guard), so it is read before removals are set aside.
    public_guard(cmd, out);
    if revokes_or_reads(cmd) {
        return;
    }
    membership(cmd, out);
    role(cmd, out);
    network(cmd, out);
}

// ---- What the command does to a grant ------------------------------------------------------

/// Verbs that take a grant away or only look at it (`gpasswd -d` is read by its own reader).
const REVOKE_OR_READ: &[&str] = &[
    // Signing in as a role (`vault login role=admin`, `aws sts assume-role`) grants nothing.
    "login", "signin", "assume", "remove", "revoke", "delete", "detach", "deny", "unassign",
    "unset", "get", "describe", "list", "show", "read", "check", "simulate", "inspect", "view",
    "export", "whoami", "can-i", "ls", "info", "find", "search", "test", "validate", "diff",
    "lookup", "audit", "rm", "del",
];

/// The operation words of a command: the program (a cmdlet names its verb) and the words
/// before the first option. A removal or a read names itself there.
fn revokes_or_reads(cmd: &Cmd<'_>) -> bool {
    let ops = std::iter::once(cmd.program).chain(
        cmd.words()
            .take_while(|w| !w.starts_with('-') && !w.contains('='))
            .take(5),
    );
    for w in ops {
        // `set-org-role` and `add-roles` are grants; `remove-role`, `get-policy`,
        // `role-assignment-list`, `group-remove-member` are not.
        if w.split(['-', '_', ':'])
            .any(|part| REVOKE_OR_READ.iter().any(|v| part.eq_ignore_ascii_case(v)))
        {
            return true;
        }
    }
    // `gh api -X DELETE ...`, `curl -X GET`.
    cmd.value(&["-X", "--method"]).is_some_and(|m| {
        ["DELETE", "GET", "HEAD"]
            .iter()
            .any(|v| m.eq_ignore_ascii_case(v))
    })
}

fn lower(w: &str) -> String {
    w.trim_matches(['"', '\'']).to_ascii_lowercase()
}

/// Programs whose operands are `key=value` settings of what they write (`vault write PATH
/// policies=root`, `scw ... ip-range=0.0.0.0/0`); elsewhere a bare `ROLE=admin` is more often
/// an environment variable handed on (`docker run -e ROLE=admin`) and is read only as the
/// value of a request field option (`gh api -f permission=admin`).
const KEY_VALUE_OPERANDS: &[&str] = &["vault", "scw", "bao"];

/// Options whose value is one `key=value` field of a request.
const FIELD_OPTIONS: &[&str] = &["-f", "-F", "--field", "--raw-field", "--form", "--data"];

/// The options and `key=value` arguments of a command, keys lowercased with `_` read as `-`:
/// `--role Owner`, `--role=Owner`, `-RoleDefinitionName Owner`, `policies=root`, and a
/// `-f access_level=50` value.
fn pairs(cmd: &Cmd<'_>) -> Vec<(String, String)> {
    let words: Vec<&str> = cmd.words().collect();
    let bare_settings = KEY_VALUE_OPERANDS.contains(&cmd.program);
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let field = i > 0 && FIELD_OPTIONS.contains(&words[i - 1]);
        if let Some(name) = w.strip_prefix('-').map(|n| n.trim_start_matches('-')) {
            if name.is_empty() {
                continue;
            }
            match name.split_once('=') {
                Some((k, v)) => out.push((key(k), v.to_owned())),
                None => {
                    if let Some(v) = words.get(i + 1).filter(|v| !v.starts_with('-')) {
                        out.push((key(name), (*v).to_owned()));
                    }
                }
            }
        } else if let Some((k, v)) = w.split_once('=')
            && (bare_settings || field)
            && !k.is_empty()
            && k.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.')
        {
            out.push((key(k), v.to_owned()));
        }
    }
    out
}

fn key(k: &str) -> String {
    k.to_ascii_lowercase().replace('_', "-")
}

/// The pieces of a value: a list (`a,b`) or a nested rule (`IpRanges=[{CidrIp=0.0.0.0/0}]`,
/// `protocol:tcp,ports:22,address:0.0.0.0/0`, JSON), as (key, value) pairs; a piece with no
/// key has an empty one.
fn pieces(v: &str) -> impl Iterator<Item = (String, String)> + '_ {
    v.split([',', ' ', '{', '}', '[', ']', ';'])
        .filter(|p| !p.is_empty())
        .map(|p| {
            let p = p.trim_matches(['"', '\'']);
            let split = p
                .split_once(['=', ':'])
                .map(|(k, val)| (k.trim_matches(['"', '\'']), val));
            match split {
                // `tcp:22` is a protocol and a port, `0.0.0.0/0` has no key; a JSON key is
                // quoted (`"permission":"admin"`).
                Some((k, val))
                    if !k.is_empty()
                        && k.bytes()
                            .all(|b| b.is_ascii_alphabetic() || b == b'-' || b == b'_')
                        && !matches!(k.to_ascii_lowercase().as_str(), "tcp" | "udp" | "all") =>
                {
                    (key(k), lower(val))
                }
                _ => (String::new(), lower(p)),
            }
        })
}

// ---- 1. Membership of an administrators' group ---------------------------------------------

/// Groups whose members administer the machine or the directory: sudo rights (`wheel`,
/// `sudo`, `admin`), root through a daemon or a device (`docker`, `lxd`, `disk`), the logs
/// (`adm`), Windows' and Active Directory's administrators, FreeIPA's and Kanidm's.
pub const ADMIN_GROUPS: &[&str] = &[
    "wheel",
    "sudo",
    "sudoers",
    "admin",
    "admins",
    "root",
    "adm",
    "docker",
    "lxd",
    "disk",
    "administrators",
    "domain admins",
    "enterprise admins",
    "schema admins",
    "account operators",
    "backup operators",
    "idm_admins",
    "system_admins",
    "superusers",
];

/// Words that name a directory group of administrators (`Global Admins`, `db-admins`,
/// `admins@acme.com`, `cn=Administrators,...`).
const ADMIN_WORDS: &[&str] = &[
    "admin",
    "admins",
    "administrator",
    "administrators",
    "superuser",
    "superusers",
    "sudoers",
    "wheel",
];

/// Whether a group's name is an administrators' group.
pub fn admin_group(name: &str) -> bool {
    let g = lower(name);
    let g = g.strip_prefix("/groups/").unwrap_or(&g);
    let g = g.split('@').next().unwrap_or(g);
    let g = g.strip_prefix("cn=").unwrap_or(g);
    let g = g.split(',').next().unwrap_or(g);
    ADMIN_GROUPS.contains(&g)
        || g.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| ADMIN_WORDS.contains(&w))
}

/// Verbs of directory CLIs that add members to a group named next or by an option
/// (`samba-tool group addmembers G U`, `ipa group-add-member G`, `kanidm group add-members G U`,
/// `net rpc group addmem G U`, `aws iam add-user-to-group --group-name G`).
const ADD_MEMBER_VERBS: &[&str] = &[
    "addmembers",
    "addmember",
    "add-members",
    "add-member",
    "addmem",
    "group-add-member",
    "add-user-to-group",
    "add-group-member",
    "add-to-group",
];

/// Programs with their own membership spelling (read in [`groups_joined`]).
const MEMBERSHIP_PROGRAMS: &[&str] = &[
    "groupmems",
    "pw",
    "addgroup",
    "dseditgroup",
    "dscl",
    "lgroupmod",
    "chgrpmem",
    "sysadminctl",
    "gam",
    "dsmod",
];

/// Options naming the group members are added to.
const GROUP_OPTIONS: &[&str] = &[
    "--group",
    "--group-name",
    "--group-email",
    "--group-id",
    "--groupname",
    "-g",
];

/// The group(s) a command adds an account to, in its program's spelling.
fn groups_joined<'c>(cmd: &Cmd<'c>) -> Vec<&'c str> {
    let ops: Vec<&str> = cmd.operands(&["-g", "--group", "-t", "-u", "-U"]).collect();
    let op = |i: usize| ops.get(i).copied();
    match cmd.program {
        // groupmems -g GROUP -a USER
        "groupmems" if cmd.flag(b"a", &["add"]) => {
            cmd.value(&["-g", "--group"]).into_iter().collect()
        }
        // pw groupmod GROUP -m USERS; pw usermod USER -G GROUPS
        "pw" => match op(0) {
            Some("groupmod" | "groupadd") if cmd.has(&["-m", "-M"]) => op(1).into_iter().collect(),
            Some("usermod" | "useradd") => cmd
                .value(&["-G"])
                .map_or(vec![], |g| g.split(',').collect()),
            _ => vec![],
        },
        // addgroup USER GROUP (Debian's and BusyBox's) adds an existing user to a group.
        "addgroup" if ops.len() == 2 => vec![ops[1]],
        // dseditgroup -o edit -a USER [-t user] GROUP
        "dseditgroup" if cmd.value(&["-o"]) == Some("edit") && cmd.has(&["-a"]) => {
            ops.last().copied().into_iter().collect()
        }
        // dscl . -append /Groups/admin GroupMembership USER
        "dscl" if cmd.has(&["-append", "-merge", "-create"]) => cmd
            .words()
            .filter(|w| {
                w.len() > 8 && w[..8].eq_ignore_ascii_case("/groups/") && !w[8..].contains('/')
            })
            .filter(|_| {
                cmd.words()
                    .any(|w| w.eq_ignore_ascii_case("groupmembership"))
            })
            .collect(),
        // lgroupmod -M USERS GROUP (libuser), chgrpmem -m + USERS GROUP (AIX)
        "lgroupmod" if cmd.has(&["-M", "--member-add"]) => {
            ops.last().copied().into_iter().collect()
        }
        "chgrpmem" if cmd.value(&["-m"]) == Some("+") => ops.last().copied().into_iter().collect(),
        // gam update group GROUP add member USER (Google Workspace)
        "gam"
            if ops.first() == Some(&"update")
                && ops.get(1) == Some(&"group")
                && ops.get(3) == Some(&"add") =>
        {
            ops.get(2).copied().into_iter().collect()
        }
        // dsmod group "CN=Domain Admins,..." -addmbr "CN=bob,..." (Windows)
        "dsmod" if ops.first() == Some(&"group") && cmd.has(&["-addmbr"]) => {
            ops.get(1).copied().into_iter().collect()
        }
        // sysadminctl -addUser NAME -admin
        "sysadminctl" if cmd.has(&["-addUser"]) && cmd.has(&["-admin"]) => vec!["admin"],
        _ => {
            let is = |w: &str, v: &str| w.eq_ignore_ascii_case(v);
            let first: Vec<&str> = cmd.words().take(6).collect();
            let Some(at) = first.iter().enumerate().position(|(i, w)| {
                ADD_MEMBER_VERBS.iter().any(|v| is(w, v))
                    // `az ad group member add`, `gcloud identity groups memberships add`
                    || is(w, "add")
                        && i > 0
                        && ["member", "members", "memberships"]
                            .iter()
                            .any(|m| is(first[i - 1], m))
            }) else {
                return vec![];
            };
            if let Some(g) = cmd.value(GROUP_OPTIONS) {
                return vec![g];
            }
            // The group follows the verb (`addmembers 'Domain Admins' USER`).
            cmd.words()
                .skip(at + 1)
                .find(|w| !w.starts_with('-'))
                .into_iter()
                .collect()
        }
    }
}

fn membership(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    // usermod, gpasswd, adduser and useradd are read by the system reader.
    if matches!(cmd.program, "usermod" | "gpasswd" | "adduser" | "useradd") {
        return;
    }
    // Most commands add no member: looked at before anything is collected.
    if !MEMBERSHIP_PROGRAMS.contains(&cmd.program)
        && !cmd.words().take(6).any(|w| {
            w.eq_ignore_ascii_case("add")
                || ADD_MEMBER_VERBS.iter().any(|v| w.eq_ignore_ascii_case(v))
        })
    {
        return;
    }
    if let Some(g) = groups_joined(cmd).into_iter().find(|g| admin_group(g)) {
        out.push(finding(
            Family::System,
            "system.privilege-grant",
            Severity::Verify,
            format!(
                "{} adds an account to {}, an administrators' group: it gets administrator rights",
                cmd.program,
                g.trim_matches(['"', '\''])
            ),
        ));
    }
}

// ---- 2. A root-equivalent role or policy ---------------------------------------------------

/// Vendors' administrator roles and policies, by the name their CLIs take (lowercased; an
/// ARN or a path is read by its last part). Each is full control of what it is granted on.
const ADMIN_ROLES: &[(&str, &str)] = &[
    ("administratoraccess", "AWS's full administrator policy"),
    (
        "iamfullaccess",
        "AWS IAM full access (can grant itself anything)",
    ),
    ("roles/owner", "GCP owner"),
    ("roles/editor", "GCP editor (writes every resource)"),
    (
        "roles/iam.securityadmin",
        "GCP security admin (sets any IAM policy)",
    ),
    (
        "roles/resourcemanager.organizationadmin",
        "GCP organization admin",
    ),
    (
        "roles/resourcemanager.projectiamadmin",
        "GCP project IAM admin",
    ),
    (
        "roles/iam.serviceaccounttokencreator",
        "GCP token creator (acts as any service account)",
    ),
    (
        "roles/iam.serviceaccountkeyadmin",
        "GCP service-account key admin",
    ),
    ("roles/iam.roleadmin", "GCP role admin"),
    ("owner", "owner"),
    (
        "user access administrator",
        "Azure User Access Administrator (grants any role)",
    ),
    (
        "role based access control administrator",
        "Azure RBAC administrator",
    ),
    ("global administrator", "Entra ID Global Administrator"),
    (
        "privileged role administrator",
        "Entra ID Privileged Role Administrator",
    ),
    ("8e3af657-a8ff-443c-a75c-2fe8c4bcb635", "Azure Owner"),
    (
        "18d7d88d-d35e-4fb5-a5c3-7773c20a72d9",
        "Azure User Access Administrator",
    ),
    (
        "62e90394-69f5-4237-9190-012177145e10",
        "Entra ID Global Administrator",
    ),
    (
        "e8611ab8-c189-46e8-94e1-60213ab1f814",
        "Entra ID Privileged Role Administrator",
    ),
    ("cluster-admin", "Kubernetes cluster-admin"),
    ("system:masters", "Kubernetes system:masters"),
    ("global-management", "Consul's global-management policy"),
    (
        "00000000-0000-0000-0000-000000000001",
        "Consul's global-management policy",
    ),
    ("management", "a management token"),
    ("root", "the root policy or role"),
    ("superuser", "superuser"),
    ("rds_superuser", "RDS superuser"),
    ("cloudsqlsuperuser", "Cloud SQL superuser"),
    ("azure_pg_admin", "Azure PostgreSQL admin"),
    ("accountadmin", "Snowflake ACCOUNTADMIN"),
    ("securityadmin", "Snowflake SECURITYADMIN"),
    ("atlasadmin", "MongoDB Atlas admin"),
    ("useradminanydatabase", "MongoDB userAdminAnyDatabase"),
    ("dbadminanydatabase", "MongoDB dbAdminAnyDatabase"),
    ("clusteradmin", "MongoDB clusterAdmin"),
    ("consoleadmin", "MinIO consoleAdmin"),
    ("administrator", "administrator"),
    ("admin", "admin"),
    ("realm-admin", "Keycloak realm admin"),
    ("orgmanager", "Cloud Foundry org manager"),
    ("super_admin", "super admin"),
    ("super-admin", "super admin"),
    ("superadmin", "super admin"),
    ("org_admin", "organization admin"),
];

/// Option and argument keys whose value is a role, policy or permission given.
const ROLE_KEYS: &[&str] = &[
    "role",
    "roles",
    "clusterrole",
    "rolename",
    "role-definition-name",
    "roledefinitionname",
    "roledefinitionid",
    "role-definition-id",
    "policies",
    "token-policies",
    "allowed-policies",
    "policy",
    "policy-name",
    "policy-names",
    "policy-arn",
    "managed-policy-arn",
    "policy-id",
    "permission",
    "permissions",
    "access-level",
    "access",
    "tags",
    "type",
];

/// Keys that name a grantee, and the values that are everyone.
const GRANTEE_KEYS: &[&str] = &[
    "member",
    "members",
    "assignee",
    "principal",
    "user",
    "group",
    "serviceaccount",
    "signinname",
    "objectid",
];

fn everyone(v: &str) -> bool {
    let v = lower(v);
    let v = v.strip_prefix("group:").unwrap_or(&v);
    matches!(
        v,
        "allusers"
            | "allauthenticatedusers"
            | "everyone"
            | "system:authenticated"
            | "system:unauthenticated"
            | "system:anonymous"
            | "*"
    )
}

/// The administrator role `v` names, read in a value of `key`: a vendor's exact role
/// anywhere; the common words (`owner`, `admin`, `root`, `management`) only where the key
/// gives a role, so `--policy-name admin` of a policy being written is not a grant.
fn admin_role(key: &str, v: &str) -> Option<&'static str> {
    let v = lower(v);
    let last = if v.starts_with("arn:") {
        v.rsplit(['/', ':']).next().unwrap_or(&v)
    } else {
        &v
    };
    let (_, what) = ADMIN_ROLES.iter().find(|(r, _)| *r == last)?;
    let common = matches!(
        last,
        "owner" | "root" | "admin" | "administrator" | "management" | "superuser"
    );
    if common {
        // Vault's policies, a role's name, a permission level; `type` only as Nomad's token
        // type; `tags` only as RabbitMQ's.
        let role_key = matches!(
            key,
            "role"
                | "roles"
                | "clusterrole"
                | "rolename"
                | "role-definition-name"
                | "roledefinitionname"
                | "policies"
                | "token-policies"
                | "allowed-policies"
                | "policy"
                | "permission"
                | "permissions"
                | "access-level"
                | "type"
                | "tags"
        );
        if !role_key || key == "type" && last != "management" || key == "policy" && last != "root" {
            return None;
        }
    }
    Some(what)
}

/// Positional role words: (program, operation words, index of the role among the operands).
const POSITIONAL_ROLES: &[(&str, &[&str], usize)] = &[
    // rabbitmqctl set_user_tags USER TAG...
    ("rabbitmqctl", &["set_user_tags"], 2),
    // openstack role add --user U --project P ROLE
    ("openstack", &["role", "add"], 2),
    // oc adm policy add-cluster-role-to-user ROLE USER
    ("oc", &["adm", "policy", "add-cluster-role-to-user"], 3),
    ("oc", &["adm", "policy", "add-cluster-role-to-group"], 3),
    // mc admin policy attach ALIAS POLICY
    ("mc", &["admin", "policy", "attach"], 4),
    // cf set-org-role USER ORG ROLE
    ("cf", &["set-org-role"], 3),
    // atlas dbusers create ROLE
    ("atlas", &["dbusers", "create"], 2),
];

/// GitLab's access levels above maintainer (owner, admin) given as a number.
fn gitlab_owner(key: &str, v: &str) -> bool {
    key == "access-level" && matches!(v, "50" | "60")
}

/// The key an option or `key=...` argument names, as written (`--role=x` gives `role`):
/// found once per word, then compared with every key of a list by [`names_key`].
fn written_key(w: &str) -> &[u8] {
    let k = w.trim_start_matches('-');
    k.split('=').next().unwrap_or(k).as_bytes()
}

/// Whether a written key ([`written_key`]) is `key` (`_` read as `-`, any case), without
/// allocating: the cheap test before a command's pairs are read.
fn names_key(k: &[u8], key: &str) -> bool {
    k.len() == key.len()
        && k.iter().zip(key.bytes()).all(|(a, b)| {
            let a = if *a == b'_' {
                b'-'
            } else {
                a.to_ascii_lowercase()
            };
            a == b
        })
}

/// Whether a command may name a role at all: a role key, a permissions key, `system:masters`,
/// or a program that takes its role positionally.
fn may_name_role(cmd: &Cmd<'_>) -> bool {
    let p = cmd.program;
    POSITIONAL_ROLES.iter().any(|(q, _, _)| *q == p)
        || matches!(p, "influx" | "redis-cli")
        || HTTP_CLIENTS.contains(&p)
        || cmd.words().any(|w| {
            let written = written_key(w);
            ROLE_KEYS.iter().any(|k| names_key(written, k))
                || w.contains("-permissions")
                || w.contains("system:masters")
        })
}

/// Programs that send a request whose body may carry a role.
const HTTP_CLIENTS: &[&str] = &["curl", "http", "https", "xh", "wget", "gh", "glab"];

/// Options whose value is a request's body (keys as [`pairs`] gives them).
const BODY_OPTIONS: &[&str] = &[
    "d",
    "data",
    "data-raw",
    "data-binary",
    "json",
    "body",
    "body-data",
    "input",
    "raw-field",
];

fn role(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    if !may_name_role(cmd) {
        return;
    }
    // A namespaced binding (`kubectl create rolebinding ... --clusterrole=admin -n dev`, `oc
    // adm policy add-role-to-user admin`) stays in its namespace: left to the other readers.
    if cmd.words().take(4).any(|w| {
        ["rolebinding", "add-role-to-user", "add-role-to-group"]
            .iter()
            .any(|k| w.eq_ignore_ascii_case(k))
    }) {
        return;
    }
    let ops: Vec<&str> = cmd.operands(&[]).collect();
    let mut found: Option<(String, &'static str)> = None;
    for (prog, verbs, at) in POSITIONAL_ROLES {
        if p == *prog
            && ops.len() > verbs.len()
            && ops[..verbs.len()]
                .iter()
                .zip(verbs.iter())
                .all(|(o, v)| o.eq_ignore_ascii_case(v))
        {
            let roles = if p == "rabbitmqctl" {
                &ops[(*at).min(ops.len())..]
            } else if p == "openstack" {
                // The role is the last operand.
                &ops[ops.len() - 1..]
            } else {
                &ops[(*at).min(ops.len())..((*at) + 1).min(ops.len())]
            };
            if let Some(r) = roles
                .iter()
                .find_map(|r| admin_role("role", r).map(|w| (r.to_string(), w)))
            {
                found = Some(r);
            }
        }
    }
    let pairs = pairs(cmd);
    if found.is_none() {
        'outer: for (k, v) in &pairs {
            if !ROLE_KEYS.contains(&k.as_str()) {
                continue;
            }
            if k == "type" && p != "nomad" || k == "tags" && p != "rabbitmqctl" {
                continue;
            }
            for t in v.split(',') {
                let t = t.trim();
                if let Some(what) = admin_role(k, t) {
                    found = Some((t.trim_matches(['"', '\'']).to_owned(), what));
                    break 'outer;
                }
                if gitlab_owner(k, t) {
                    found = Some((format!("access level {t}"), "an owner's access"));
                    break 'outer;
                }
            }
        }
    }
    // Azure's Contributor writes every resource of its scope: a subscription's (or a
    // management group's) is the whole estate, a resource group's is bounded.
    if found.is_none()
        && let Some((_, v)) = pairs.iter().find(|(k, v)| {
            matches!(
                k.as_str(),
                "role" | "role-definition-name" | "roledefinitionname"
            ) && lower(v) == "contributor"
        })
        && !pairs
            .iter()
            .any(|(k, s)| k == "scope" && lower(s).contains("/resourcegroups/"))
    {
        found = Some((v.clone(), "Azure Contributor on a whole subscription"));
    }
    // A Key Vault access policy with every permission on secrets, keys or certificates.
    if found.is_none()
        && let Some((k, _)) = pairs.iter().find(|(k, v)| {
            k.ends_with("-permissions") && v.split([',', ' ']).any(|t| lower(t) == "all")
        })
    {
        found = Some((
            format!("--{k} all"),
            "every permission on the vault's contents",
        ));
    }
    // `system:masters` given as the grantee's group is full control too.
    if found.is_none()
        && let Some((_, v)) = pairs
            .iter()
            .find(|(k, v)| k == "group" && lower(v) == "system:masters")
    {
        found = Some((v.clone(), "Kubernetes system:masters"));
    }
    // InfluxDB's operator and all-access tokens.
    if found.is_none() && p == "influx" && cmd.has(&["--operator", "--all-access"]) {
        found = Some(("--operator".to_owned(), "an InfluxDB operator token"));
    }
    // A Redis ACL user given every command on every key (`ACL SETUSER bob on >pw ~* +@all`).
    if found.is_none()
        && p == "redis-cli"
        && cmd.words().any(|w| w.eq_ignore_ascii_case("setuser"))
        && cmd
            .words()
            .any(|w| w == "+@all" || w.eq_ignore_ascii_case("allcommands"))
        && cmd
            .words()
            .any(|w| w == "~*" || w.eq_ignore_ascii_case("allkeys"))
    {
        found = Some(("+@all ~*".to_owned(), "every Redis command on every key"));
    }
    // A role in a request's JSON body (`curl -X PUT .../collaborators/bob -d
    // '{"permission":"admin"}'`, `-d '{"role":"owner"}'`).
    if found.is_none() && HTTP_CLIENTS.contains(&p) {
        'body: for (k, v) in &pairs {
            if !BODY_OPTIONS.contains(&k.as_str()) {
                continue;
            }
            for (pk, pv) in pieces(v) {
                if ROLE_KEYS.contains(&pk.as_str())
                    && !matches!(pk.as_str(), "type" | "tags")
                    && let Some(what) = admin_role(&pk, &pv)
                {
                    found = Some((format!("{pk}: {pv}"), what));
                    break 'body;
                }
            }
        }
    }
    let Some((role, what)) = found else {
        // Any role bound to everyone (`--group=system:unauthenticated`, `--member=allUsers`):
        // what the role reads is public.
        if let Some((_, r)) = pairs.iter().find(|(k, _)| ROLE_KEYS.contains(&k.as_str()))
            && pairs
                .iter()
                .any(|(k, v)| GRANTEE_KEYS.contains(&k.as_str()) && everyone(v))
        {
            out.push(finding(
                Family::Cloud,
                "cloud.shared-with-everyone",
                Severity::Verify,
                format!("{p} gives everyone the role {r}: what it reads becomes public"),
            ));
        }
        return;
    };
    // Azure's Contributor is full control short of granting; a resource group bounds it.
    let to_everyone = pairs
        .iter()
        .any(|(k, v)| GRANTEE_KEYS.contains(&k.as_str()) && everyone(v));
    let severity = if to_everyone {
        Severity::Stop
    } else {
        Severity::Verify
    };
    out.push(finding(
        Family::Cloud,
        "cloud.admin-role-granted",
        severity,
        format!(
            "{p} gives {} {role} ({what}): full control of what it is granted on",
            if to_everyone {
                "everyone"
            } else {
                "an account"
            }
        ),
    ));
}

// ---- 3. A network rule that lets every address in ------------------------------------------

/// Admin and data ports beyond the tunnels' list: telnet, SMB and NetBIOS, WinRM, NFS, the
/// portmapper, Cassandra, Kafka, Kibana, InfluxDB, RabbitMQ and its cluster ports, Redis
/// sentinel and cluster bus, MinIO, the kubelet's read port, etcd's peers, Cockpit.
const MORE_PRIVATE_PORTS: &[&str] = &[
    "23", "445", "139", "5985", "5986", "2049", "111", "9042", "7000", "9092", "5601", "8086",
    "5672", "4369", "25672", "16379", "26379", "9000", "10255", "2380", "9090", "6380", "8081",
];

/// firewalld, ufw and Windows service names of admin and data services.
const PRIVATE_SERVICES: &[&str] = &[
    "ssh",
    "openssh",
    "rdp",
    "ms-wbt",
    "mysql",
    "mariadb",
    "postgresql",
    "postgres",
    "redis",
    "mongodb",
    "mssql",
    "ms-sql-s",
    "vnc-server",
    "vnc",
    "docker",
    "etcd-client",
    "etcd-server",
    "kube-apiserver",
    "kubelet",
    "elasticsearch",
    "memcache",
    "memcached",
    "telnet",
    "samba",
    "smb",
    "nfs",
    "ldap",
    "cockpit",
    "winrm",
    "rpc-bind",
];

fn private_port(p: &str) -> bool {
    PRIVATE_PORTS.contains(&p) || MORE_PRIVATE_PORTS.contains(&p)
}

/// What ports a rule opens.
#[derive(PartialEq, Clone, Copy)]
enum Ports {
    /// Every port (none named, `any`, `1-65535`, protocol `-1`).
    All,
    /// A port or range that includes an admin or data port.
    Private,
    /// Other ports (a web port).
    Other,
}

/// Reads a port word: `22`, `5432/tcp`, `tcp:22`, `1-65535`, `5000:6000`, `any`, `ssh`.
fn port_word(w: &str) -> Ports {
    let w = lower(w);
    let w = w
        .rsplit_once(':')
        .filter(|(proto, _)| matches!(*proto, "tcp" | "udp" | "sctp"))
        .map_or(w.as_str(), |(_, p)| p);
    let w = w.split('/').next().unwrap_or(w);
    if matches!(
        w,
        "" | "any" | "all" | "*" | "-1" | "0-65535" | "1-65535" | "0:65535" | "1:65535"
    ) || matches!(w, "tcp" | "udp" | "ip")
    {
        return Ports::All;
    }
    if PRIVATE_SERVICES.contains(&w) {
        return Ports::Private;
    }
    if let Some((a, b)) = w.split_once(['-', ':'])
        && let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>())
    {
        if b.saturating_sub(a) >= 60000 {
            return Ports::All;
        }
        let covers = PRIVATE_PORTS
            .iter()
            .chain(MORE_PRIVATE_PORTS)
            .filter_map(|p| p.parse::<u32>().ok())
            .any(|p| a <= p && p <= b);
        return if covers { Ports::Private } else { Ports::Other };
    }
    if private_port(w) {
        Ports::Private
    } else {
        Ports::Other
    }
}

/// The worst of several port words.
fn worst_ports<'a>(words: impl Iterator<Item = &'a str>) -> Option<Ports> {
    let mut worst = None;
    for w in words {
        for part in w.split([',', ' ']).filter(|p| !p.is_empty()) {
            let p = port_word(part);
            worst = Some(match (worst, p) {
                (_, Ports::All) | (Some(Ports::All), _) => Ports::All,
                (_, Ports::Private) | (Some(Ports::Private), _) => Ports::Private,
                _ => Ports::Other,
            });
        }
    }
    worst
}

/// A source word that is every address.
fn any_source(v: &str) -> bool {
    let v = lower(v);
    matches!(
        v.as_str(),
        "any" | "*" | "0.0.0.0/0" | "::/0" | "0/0" | "internet" | "0.0.0.0-255.255.255.255" | "all"
    )
}

fn network(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let opened = match p {
        "netsh" => netsh(cmd),
        "new-netfirewallrule" | "set-netfirewallrule" => net_firewall_rule(cmd),
        // Every inbound connection no rule blocks is let in.
        "set-netfirewallprofile" => {
            let words: Vec<&str> = cmd.words().collect();
            words
                .windows(2)
                .any(|w| {
                    w[0].eq_ignore_ascii_case("-defaultinboundaction")
                        && w[1].eq_ignore_ascii_case("allow")
                })
                .then_some(Ports::All)
        }
        "firewall-cmd" | "firewall-offline-cmd" => firewalld(cmd),
        "ufw" => ufw(cmd),
        "iptables" | "ip6tables" | "iptables-legacy" | "iptables-nft" | "ip6tables-nft" => {
            iptables(cmd)
        }
        "nft" => nft(cmd),
        "ipfw" => ipfw(cmd),
        _ => cloud_rule(cmd),
    };
    let Some(ports) = opened else {
        return;
    };
    let (severity, what) = match ports {
        Ports::All => (Severity::Verify, "every port"),
        Ports::Private => (Severity::Verify, "an admin or data port"),
        Ports::Other => (Severity::Confirm, "a port"),
    };
    let family = if matches!(
        p,
        "netsh"
            | "new-netfirewallrule"
            | "set-netfirewallrule"
            | "firewall-cmd"
            | "firewall-offline-cmd"
            | "ufw"
            | "nft"
            | "ipfw"
    ) || p.contains("iptables")
    {
        Family::System
    } else {
        Family::Cloud
    };
    out.push(finding(
        family,
        "system.allow-any-rule",
        severity,
        format!("{p} adds a rule letting every address on the internet in to {what}"),
    ));
}

/// `netsh advfirewall firewall add rule ... dir=in action=allow [remoteip=any] [localport=P]`.
fn netsh(cmd: &Cmd<'_>) -> Option<Ports> {
    let words: Vec<String> = cmd.words().map(lower).collect();
    let has = |w: &str| words.iter().any(|x| x == w);
    // `netsh advfirewall set allprofiles firewallpolicy allowinbound,...`
    if has("firewallpolicy") && words.iter().any(|w| w.starts_with("allowinbound")) {
        return Some(Ports::All);
    }
    if !(has("firewall") && (has("add") || has("set")) && has("rule")) {
        return None;
    }
    let value = |k: &str| {
        words
            .iter()
            .find_map(|w| w.strip_prefix(k).and_then(|r| r.strip_prefix('=')))
    };
    if value("action") != Some("allow") || value("dir").is_some_and(|d| d != "in") {
        return None;
    }
    if value("remoteip").is_some_and(|r| !r.split(',').all(any_source)) {
        return None;
    }
    match value("localport") {
        Some(p) => worst_ports(std::iter::once(p)),
        // A rule for one program lets in only what that program listens on.
        None if value("program").is_some() || value("service").is_some() => Some(Ports::Other),
        None => Some(Ports::All),
    }
}

/// `New-NetFirewallRule` (Allow and Inbound by default) and `Set-NetFirewallRule`, parameters
/// case-insensitive and abbreviable to no less than their documented names here.
fn net_firewall_rule(cmd: &Cmd<'_>) -> Option<Ports> {
    let words: Vec<&str> = cmd.words().collect();
    let param = |name: &str| {
        words.iter().enumerate().find_map(|(i, w)| {
            w.strip_prefix('-')
                .filter(|n| n.eq_ignore_ascii_case(name))
                .and_then(|_| words.get(i + 1).copied())
        })
    };
    let action = param("action");
    if cmd.program == "set-netfirewallrule"
        && action.is_none()
        && param("remoteaddress").is_none_or(|r| !any_source(r))
    {
        return None;
    }
    if action.is_some_and(|a| !a.eq_ignore_ascii_case("allow"))
        || param("direction").is_some_and(|d| !d.eq_ignore_ascii_case("inbound"))
    {
        return None;
    }
    if param("remoteaddress").is_some_and(|r| !r.split(',').all(any_source)) {
        return None;
    }
    match param("localport") {
        Some(p) => worst_ports(std::iter::once(p)),
        None if param("program").is_some() || param("service").is_some() => Some(Ports::Other),
        None => Some(Ports::All),
    }
}

/// firewalld: a rich rule that accepts every source (none or `0.0.0.0/0`), a zone that
/// trusts every source or an interface, a port or service of an admin or data service
/// opened in a zone (public by default).
fn firewalld(cmd: &Cmd<'_>) -> Option<Ports> {
    if let Some(rule) = cmd.value(&["--add-rich-rule"]) {
        let r = rule.to_ascii_lowercase().replace(['"', '\''], "");
        if !r.split_whitespace().any(|w| w == "accept") {
            return None;
        }
        let words: Vec<&str> = r.split_whitespace().collect();
        let after = |k: &str| {
            words
                .iter()
                .find_map(|w| w.strip_prefix(k).filter(|v| !v.is_empty()))
        };
        if words.contains(&"not") {
            return None;
        }
        if let Some(src) = after("address=")
            && !any_source(src)
        {
            return None;
        }
        if after("ipset=").is_some() || r.contains("source mac") {
            return None;
        }
        let explicit_any = after("address=").is_some();
        return match (after("port="), after("name=")) {
            (Some(p), _) => worst_ports(std::iter::once(p)),
            // `service name=mysql`
            (None, Some(s)) => Some(port_word(s)),
            (None, None) => Some(Ports::All),
        }
        // A web port from no named source is the plain `--add-port`: left to the system reader.
        .filter(|p| *p != Ports::Other || explicit_any);
    }
    let zone = cmd.value(&["--zone"]).map(lower);
    if cmd.value(&["--add-source"]).is_some_and(any_source)
        || zone.as_deref() == Some("trusted") && cmd.has(&["--add-interface", "--change-interface"])
    {
        return Some(if zone.as_deref() == Some("trusted") {
            Ports::All
        } else {
            Ports::Other
        });
    }
    if cmd
        .value(&["--set-default-zone"])
        .is_some_and(|z| z.eq_ignore_ascii_case("trusted"))
    {
        return Some(Ports::All);
    }
    if zone.as_deref() == Some("trusted") {
        return None;
    }
    worst_ports(cmd.words().filter_map(|w| {
        w.strip_prefix("--add-port=")
            .or_else(|| w.strip_prefix("--add-service="))
    }))
    .filter(|p| *p != Ports::Other)
}

/// ufw: `allow [in] [proto P] [from SRC] [to DST] [port P]`, `allow PORT[/proto]`, `allow
/// SERVICE`, `default allow [incoming]`.
fn ufw(cmd: &Cmd<'_>) -> Option<Ports> {
    let ops: Vec<String> = cmd.operands(&[]).map(lower).collect();
    let mut i = 0;
    if ops.first().is_some_and(|o| o == "default") {
        return (ops.get(1).is_some_and(|o| o == "allow")
            && ops.get(2).is_none_or(|d| d == "incoming" || d == "routed"))
        .then_some(Ports::All);
    }
    if ops.first().is_some_and(|o| o == "insert" || o == "prepend") {
        i = if ops[0] == "insert" { 2 } else { 1 };
    }
    if ops.get(i).is_none_or(|o| o != "allow") {
        return None;
    }
    let rest = &ops[i + 1..];
    if rest.first().is_some_and(|o| o == "out") {
        return None;
    }
    let after = |k: &str| {
        rest.iter()
            .position(|w| w == k)
            .and_then(|at| rest.get(at + 1))
    };
    if after("from").is_some_and(|s| !any_source(s)) {
        return None;
    }
    if let Some(p) = after("port") {
        return worst_ports(std::iter::once(p.as_str()));
    }
    let structured = ["from", "to", "proto", "in", "on"]
        .iter()
        .any(|k| rest.iter().any(|w| w == k));
    if structured {
        // `allow from any [to any]`, every port; `allow proto tcp from any` every TCP port.
        return Some(Ports::All);
    }
    // `allow 5432/tcp`, `allow OpenSSH`, `allow 6000:6007/tcp`: the bare rule.
    rest.first()
        .and_then(|p| worst_ports(std::iter::once(p.as_str())))
        .filter(|p| *p != Ports::Other)
}

/// iptables: an ACCEPT appended or inserted in INPUT with no source, no interface and no
/// connection-state match; every port when no protocol or port is named.
fn iptables(cmd: &Cmd<'_>) -> Option<Ports> {
    let chain = cmd.value(&["-A", "--append", "-I", "--insert"])?;
    if !chain.eq_ignore_ascii_case("input")
        || !cmd
            .value(&["-j", "--jump"])
            .is_some_and(|j| j.eq_ignore_ascii_case("accept"))
    {
        return None;
    }
    if cmd.value(&["-t", "--table"]).is_some_and(|t| t != "filter") {
        return None;
    }
    if cmd
        .value(&["-s", "--source", "--src"])
        .is_some_and(|s| !any_source(s))
        || cmd.has(&["-i", "--in-interface", "--ctstate", "--state"])
        // A connection-state match lets only replies in; `-m multiport` or `-m tcp` does not
        // narrow the sources.
        || cmd
            .value(&["-m", "--match"])
            .is_some_and(|m| matches!(m, "conntrack" | "state" | "recent" | "owner"))
    {
        return None;
    }
    match cmd.value(&["--dport", "--destination-port", "--dports"]) {
        Some(p) => worst_ports(std::iter::once(p)),
        None if cmd
            .value(&["-p", "--protocol"])
            .is_some_and(|p| !matches!(p, "all" | "0")) =>
        {
            None
        }
        None => Some(Ports::All),
    }
}

/// nft: `add|insert rule FAMILY TABLE CHAIN ... accept` in an input chain with no source
/// address, interface or connection-state match.
fn nft(cmd: &Cmd<'_>) -> Option<Ports> {
    let ops: Vec<String> = cmd.operands(&[]).map(lower).collect();
    if !matches!(ops.first().map(String::as_str), Some("add" | "insert"))
        || ops.get(1).is_none_or(|o| o != "rule")
        || ops.last().is_none_or(|o| o != "accept")
    {
        return None;
    }
    let chain = ops.get(4)?;
    if !chain.contains("input") {
        return None;
    }
    let rule = &ops[5..];
    let has = |w: &str| rule.iter().any(|x| x == w);
    if has("iif") || has("iifname") || has("ct") || has("icmp") || has("icmpv6") {
        return None;
    }
    if let Some(at) = rule.iter().position(|w| w == "saddr")
        && rule.get(at + 1).is_none_or(|s| !any_source(s))
    {
        return None;
    }
    match rule.iter().position(|w| w == "dport") {
        Some(at) => worst_ports(
            rule[at + 1..]
                .iter()
                .take_while(|w| *w != "accept")
                .map(|w| w.trim_matches(['{', '}', ',']))
                .filter(|w| !w.is_empty()),
        ),
        None => Some(Ports::All),
    }
}

/// ipfw: `add [N] allow|pass PROTO from any to any [PORT]`.
fn ipfw(cmd: &Cmd<'_>) -> Option<Ports> {
    let ops: Vec<String> = cmd.operands(&[]).map(lower).collect();
    if ops.first().is_none_or(|o| o != "add")
        || !ops
            .iter()
            .any(|o| matches!(o.as_str(), "allow" | "pass" | "accept" | "permit"))
    {
        return None;
    }
    let from = ops.iter().position(|w| w == "from")?;
    if ops.get(from + 1).is_none_or(|s| !any_source(s)) {
        return None;
    }
    let to = ops.iter().position(|w| w == "to")?;
    match ops
        .get(to + 2)
        .filter(|w| !matches!(w.as_str(), "in" | "out" | "via" | "keep-state"))
    {
        Some(p) => Some(port_word(p)),
        None => ops
            .iter()
            .any(|w| matches!(w.as_str(), "ip" | "all"))
            .then_some(Ports::All),
    }
}

/// Cloud CLIs whose firewall verbs take sources and ports as options or nested rules, with a
/// word their rule-adding operations carry.
const CLOUD_FIREWALLS: &[(&str, &[&str])] = &[
    (
        "aws",
        &[
            "authorize-security-group-ingress",
            "open-instance-public-ports",
            "put-instance-public-ports",
            "modify-security-group-rules",
        ],
    ),
    ("gcloud", &["firewall-rules"]),
    ("az", &["nsg", "firewall-rule", "network-rule"]),
    ("hcloud", &["firewall"]),
    ("doctl", &["firewall"]),
    ("openstack", &["security"]),
    ("scw", &["security-group"]),
    ("linode-cli", &["firewalls"]),
    ("vultr-cli", &["firewall"]),
    ("exo", &["security-group", "firewall"]),
    ("civo", &["firewall"]),
    ("upctl", &["firewall"]),
    ("ibmcloud", &["security-group"]),
];

/// Keys that name a rule's source addresses.
const SOURCE_KEYS: &[&str] = &[
    "cidr",
    "cidr-ip",
    "cidr-ipv6",
    "cidrip",
    "cidripv6",
    "cidrs",
    "source-ranges",
    "source-ips",
    "remote-ip",
    "source-address-prefixes",
    "source-address-prefix",
    "address",
    "addresses",
    "ip-range",
    "source",
    "sources",
    "source-cidr",
];

/// Keys that name a rule's ports.
const PORT_KEYS: &[&str] = &[
    "port",
    "ports",
    "dst-port",
    "destination-port-ranges",
    "destination-port-range",
    "fromport",
    "toport",
    "from-port",
    "to-port",
    "dest-port-from",
    "dest-port-to",
    "allow",
    "rules",
];

/// Keys that name what a rule does with what it matches, and its direction.
fn denies(k: &str, v: &str) -> bool {
    matches!(k, "action" | "access" | "rule-action")
        && matches!(v, "deny" | "drop" | "reject" | "block")
        || matches!(k, "direction" | "flow")
            && matches!(v, "egress" | "outbound" | "out" | "outgoing")
        || k == "egress"
}

fn cloud_rule(cmd: &Cmd<'_>) -> Option<Ports> {
    let (_, marks) = CLOUD_FIREWALLS.iter().find(|(p, _)| *p == cmd.program)?;
    let ops: Vec<&str> = cmd
        .words()
        .take_while(|w| !w.starts_with('-'))
        .take(5)
        .collect();
    if !ops.iter().any(|o| {
        marks
            .iter()
            .any(|m| o.eq_ignore_ascii_case(m) || o.contains(m))
    }) {
        return None;
    }
    // Only rules added or changed.
    if !ops.iter().any(|o| {
        let o = o.to_ascii_lowercase();
        [
            "create",
            "add",
            "update",
            "authorize",
            "open",
            "put",
            "modify",
            "set",
        ]
        .iter()
        .any(|v| o.contains(v))
    }) {
        return None;
    }
    if cmd.has(&["--egress"]) {
        return None;
    }
    let mut any = false;
    let mut ports: Vec<String> = Vec::new();
    let mut start_any = false;
    let mut end_all = false;
    let mut protocol_all = false;
    for (k, v) in pairs(cmd) {
        let v_l = lower(&v);
        if denies(&k, &v_l) {
            return None;
        }
        // `--start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255` on a database server.
        if k == "start-ip-address" && v_l == "0.0.0.0" {
            start_any = true;
        }
        if k == "end-ip-address" && v_l == "255.255.255.255" {
            end_all = true;
        }
        if k == "protocol" && matches!(v_l.as_str(), "-1" | "all" | "any" | "*") {
            protocol_all = true;
        }
        if SOURCE_KEYS.contains(&k.as_str()) && v_l.split([',', ' ']).any(any_source) {
            any = true;
        }
        if PORT_KEYS.contains(&k.as_str()) {
            ports.push(v_l.clone());
        }
        for (pk, pv) in pieces(&v) {
            if denies(&pk, &pv) {
                return None;
            }
            if SOURCE_KEYS.contains(&pk.as_str()) && any_source(&pv) {
                any = true;
            }
            if pk.is_empty() && matches!(pv.as_str(), "0.0.0.0/0" | "::/0") {
                any = true;
            }
            if matches!(pk.as_str(), "ipprotocol" | "protocol")
                && matches!(pv.as_str(), "-1" | "all")
            {
                protocol_all = true;
            }
            if PORT_KEYS.contains(&pk.as_str()) {
                ports.push(pv);
            }
        }
    }
    if start_any && end_all {
        return Some(Ports::Private);
    }
    // Sources left out default to every address: `gcloud compute firewall-rules create`
    // without source ranges, tags or service accounts, `az network nsg rule create` without
    // source prefixes or groups, `openstack security group rule create` without a remote
    // address or group, Lightsail's ports without `cidrs`.
    let named = |keys: &[&str]| cmd.words().any(|w| keys.iter().any(|k| w.starts_with(k)));
    let creates = ops.iter().any(|o| o.eq_ignore_ascii_case("create"));
    let defaults_to_any = match cmd.program {
        "gcloud" => {
            creates
                && !named(&[
                    "--source-ranges",
                    "--source-tags",
                    "--source-service-accounts",
                    "--direction=egress",
                    "--direction=EGRESS",
                ])
        }
        "az" => {
            creates
                && ops.contains(&"nsg")
                && !named(&["--source-address-prefixes", "--source-asgs", "--direction"])
        }
        "openstack" => {
            creates && !named(&["--remote-ip", "--remote-group", "--remote-address-group"])
        }
        "aws" => {
            ops.contains(&"open-instance-public-ports") && !cmd.words().any(|w| w.contains("cidrs"))
        }
        _ => false,
    };
    any |= defaults_to_any && !ports.is_empty();
    if !any {
        return None;
    }
    if protocol_all {
        return Some(Ports::All);
    }
    // `tcp:22` inside `--allow` has been read whole; drop the nested duplicates' keys.
    worst_ports(ports.iter().map(String::as_str)).or(Some(Ports::All))
}

// ---- 4. A bucket's public-access guard lifted -----------------------------------------------

fn public_guard(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let p = cmd.program;
    let ops: Vec<&str> = cmd.operands(&[]).take(4).collect();
    let prevention_off = |v: &str| matches!(lower(v).as_str(), "inherited" | "unspecified");
    let why = if ops.contains(&"delete-public-access-block") {
        Some("deletes the public-access block that keeps the data from being made public")
    } else if p == "gcloud"
        && ops.contains(&"buckets")
        && (cmd.has(&["--no-public-access-prevention"])
            || cmd
                .value(&["--public-access-prevention"])
                .is_some_and(prevention_off))
        || p == "gsutil"
            && ops.first() == Some(&"pap")
            && ops.get(1) == Some(&"set")
            && ops.get(2).is_some_and(|v| prevention_off(v))
    {
        Some("turns the bucket's public-access prevention off")
    } else if p == "oci"
        && ops.first() == Some(&"os")
        && cmd
            .value(&["--public-access-type"])
            .is_some_and(|v| lower(v).starts_with("objectread"))
    {
        Some("makes the bucket's objects readable by anyone")
    } else {
        None
    };
    if let Some(why) = why {
        out.push(finding(
            Family::Cloud,
            "cloud.public-guard-lifted",
            Severity::Verify,
            format!("{p} {why}"),
        ));
    }
}
