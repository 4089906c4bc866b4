//! The program names the judge knows, with what each is (a command that starts a command line, a
//! reader of files, a fetcher, an interpreter, a shell, a database client), found with one hash
//! probe: deciding whether a word names a program happens for every clause and many words, and
//! a `match` over a few hundred names compiles to a chain of byte comparisons.
//!
//! The table is built at compile time (open addressing, FNV-1a); a test checks every entry is
//! found and that the lists other modules keep (the SQL reader's programs) are in it.

/// A word that starts a command line.
pub const PROGRAM: u16 = 1 << 0;
/// Reads its file operands (a secret operand is a secret read).
pub const READER: u16 = 1 << 1;
/// Fetches from the network.
pub const FETCHER: u16 = 1 << 2;
/// Runs code given on stdin or as a file.
pub const INTERPRETER: u16 = 1 << 3;
/// A shell (`-c BODY`, here-documents run).
pub const SHELL: u16 = 1 << 4;
/// A database client or migration tool (judged by the SQL reader).
pub const DATABASE: u16 = 1 << 5;
/// Common in English at the start of a sentence ("find the bug", "kill the process"): only a
/// command when what follows is not English.
pub const ENGLISH: u16 = 1 << 6;

const P: u16 = PROGRAM;
const R: u16 = PROGRAM | READER;
const F: u16 = PROGRAM | FETCHER;
const I: u16 = PROGRAM | INTERPRETER;
const S: u16 = PROGRAM | INTERPRETER | SHELL;
const D: u16 = PROGRAM | DATABASE;

/// Every name, with its flags.
const ENTRIES: &[(&str, u16)] = &[
    // filesystem
    ("rm", P),
    ("rmdir", P),
    ("unlink", P),
    ("find", P | ENGLISH),
    ("shred", P),
    ("srm", P),
    ("truncate", P),
    ("dd", P),
    ("wipefs", P),
    ("chmod", P),
    ("chown", P),
    ("chgrp", P),
    ("mv", P),
    ("cp", R),
    ("install", P | ENGLISH),
    ("ln", P),
    ("tee", P),
    ("sed", R),
    ("fdisk", P),
    ("sfdisk", P),
    ("parted", P),
    ("sgdisk", P),
    ("mke2fs", P),
    ("mkswap", P),
    ("mkdosfs", P),
    ("mkntfs", P),
    ("mkexfatfs", P),
    ("diskutil", P),
    ("blkdiscard", P),
    ("ls", P),
    ("cat", R),
    ("less", R | ENGLISH),
    ("more", R | ENGLISH),
    ("head", R | ENGLISH),
    ("tail", R),
    ("touch", P | ENGLISH),
    ("mkdir", P),
    ("tar", R),
    ("zip", R),
    ("unzip", P),
    ("gzip", R),
    ("gunzip", P),
    ("grep", R),
    ("egrep", R),
    ("fgrep", R),
    ("rg", R),
    ("ag", R),
    ("awk", R),
    ("gawk", R),
    ("xxd", R),
    ("od", R),
    ("hexdump", R),
    ("strings", R),
    ("base64", R),
    ("file", R | ENGLISH),
    ("stat", P),
    ("du", P),
    ("df", P),
    ("wc", P),
    ("sort", R | ENGLISH),
    ("uniq", P),
    ("cut", R | ENGLISH),
    ("tr", P),
    ("diff", R),
    ("patch", P),
    ("bat", R),
    ("batcat", R),
    ("tree", P),
    ("realpath", P),
    ("basename", P),
    ("dirname", P),
    ("rsync", R),
    ("scp", R),
    ("sftp", P),
    ("jq", R),
    ("yq", R),
    ("nl", R),
    ("tac", R),
    ("7z", R),
    ("openssl", R),
    ("view", R),
    ("sha256sum", R),
    ("sha512sum", R),
    ("shasum", R),
    ("cosign", P),
    ("minisign", P),
    ("oras", P),
    ("zfs", P),
    ("zpool", P),
    ("lvremove", P),
    ("vgremove", P),
    ("pvremove", P),
    ("btrfs", P),
    ("lvreduce", P),
    ("rclone", R),
    ("xclip", R),
    ("pbcopy", R),
    ("vim", R),
    ("vi", R),
    ("nano", R),
    ("code", R | ENGLISH),
    ("emacs", R),
    ("get-content", R),
    ("inotifywait", P),
    // git and developer tools
    ("git", P),
    ("gh", R),
    ("glab", P),
    ("cargo", P),
    ("rustc", P),
    ("npm", P),
    ("npx", P),
    ("yarn", P),
    ("pnpm", P),
    ("pnpx", P),
    ("bunx", P),
    ("node", I),
    ("nodejs", I),
    ("deno", I),
    ("bun", I),
    ("pip", P),
    ("pip3", P),
    ("pipx", P),
    ("uv", P),
    ("uvx", P),
    ("poetry", P),
    ("go", P | ENGLISH),
    ("make", P | ENGLISH),
    ("cmake", P),
    ("mvn", P),
    ("gradle", P),
    ("java", P),
    ("javac", P),
    ("ruby", I),
    ("gem", P),
    ("bundle", P),
    ("perl", I),
    ("php", I),
    ("composer", P),
    // Framework consoles and project wrappers: their first operand is a task (`php artisan
    // db:wipe`, `bin/console doctrine:database:drop`, `./gradlew flywayClean`).
    ("artisan", P),
    ("console", P | ENGLISH),
    ("sail", P | ENGLISH),
    ("symfony", P),
    ("gradlew", P),
    ("mvnw", P),
    ("mix", P | ENGLISH),
    ("pytest", P),
    ("tox", P),
    ("just", P | ENGLISH),
    ("bazel", P),
    ("dotnet", P),
    ("python", I | READER),
    ("python2", I | READER),
    ("python3", I | READER),
    ("pypy", I),
    ("pypy3", I),
    ("lua", I),
    ("rscript", I),
    ("osascript", I),
    // containers, clusters, infrastructure
    ("docker", P),
    ("podman", P),
    ("nerdctl", P),
    ("argocd", P),
    ("docker-compose", P),
    ("kubectl", P),
    ("oc", P),
    ("helm", P),
    ("k3s", P),
    ("microk8s", P),
    ("kind", P | ENGLISH),
    // Local throwaway clusters: deleting one deletes nothing shared (no recognizer).
    ("k3d", P),
    ("minikube", P),
    ("colima", P),
    ("limactl", P),
    ("terraform", P),
    ("tofu", P),
    ("terragrunt", P),
    ("pulumi", P),
    ("cdk", P),
    ("cdktf", P),
    ("serverless", P),
    ("sls", P),
    ("ansible", P),
    ("ansible-playbook", P),
    ("vagrant", P),
    ("packer", P),
    // clouds
    ("aws", P),
    ("gcloud", P),
    ("gsutil", P),
    ("az", P),
    ("doctl", P),
    ("heroku", P),
    ("flyctl", P),
    ("fly", P | ENGLISH),
    ("vercel", P),
    ("netlify", P),
    ("firebase", P),
    ("wrangler", P),
    ("true", P | ENGLISH),
    ("azcopy", P),
    ("oci", P),
    ("ibmcloud", P),
    ("linode-cli", P),
    ("hcloud", P),
    ("scw", P),
    ("vultr-cli", P),
    ("exo", P),
    ("civo", P),
    ("aliyun", P),
    ("s3cmd", P),
    ("mc", P),
    ("b2", P),
    ("yc", P),
    ("upctl", P),
    ("supabase", P),
    ("railway", P | ENGLISH),
    // wrappers and the system
    ("sudo", P),
    ("doas", P),
    ("env", P),
    ("command", P | ENGLISH),
    ("builtin", P),
    ("exec", P),
    ("nice", P),
    ("ionice", P),
    ("nohup", P),
    ("timeout", P),
    ("time", P | ENGLISH),
    ("stdbuf", P),
    ("xargs", P),
    ("watch", P | ENGLISH),
    ("busybox", P),
    ("toybox", P),
    ("setsid", P),
    ("chroot", P),
    ("flock", P),
    // run a command line given as a string, or read one from stdin (`recognize::stdin`)
    ("at", P | ENGLISH),
    ("batch", P | ENGLISH),
    ("trap", P),
    ("entr", P),
    ("parallel", P | ENGLISH),
    ("tmux", P),
    ("script", P | ENGLISH),
    ("runuser", P),
    ("lftp", P),
    ("ncftp", P),
    ("unbuffer", P),
    ("chrt", P),
    ("taskset", P),
    ("shutdown", P | ENGLISH),
    ("reboot", P | ENGLISH),
    ("poweroff", P),
    ("halt", P | ENGLISH),
    ("init", P | ENGLISH),
    ("telinit", P),
    ("kill", P | ENGLISH),
    ("killall", P),
    ("killall5", P),
    ("pkill", P),
    ("skill", P),
    ("taskkill", P),
    // Windows (cmd.exe's programs; `recognize::windows`)
    ("cmd", S),
    ("vssadmin", P),
    ("wevtutil", P),
    ("bcdedit", P),
    ("reg", P),
    ("sc", P),
    ("net", P | ENGLISH),
    ("net1", P),
    ("cipher", P | ENGLISH),
    ("format", P | ENGLISH),
    ("diskpart", P),
    ("wmic", P),
    ("wbadmin", P),
    ("schtasks", P),
    ("netsh", P),
    ("icacls", P),
    ("takeown", P),
    ("robocopy", P),
    ("rd", P),
    ("del", P),
    ("erase", P | ENGLISH),
    ("systemctl", P),
    ("service", P | ENGLISH),
    ("launchctl", P),
    ("rc-service", P),
    ("supervisorctl", P),
    ("iptables", P),
    ("ip6tables", P),
    ("nft", P),
    ("ufw", P),
    ("firewall-cmd", P),
    ("setenforce", P),
    ("aa-disable", P),
    ("aa-complain", P),
    ("aa-teardown", P),
    ("crontab", P),
    ("userdel", P),
    ("deluser", P),
    ("passwd", P),
    ("chpasswd", P),
    ("usermod", P),
    ("useradd", P),
    ("adduser", P),
    ("gpasswd", P),
    ("visudo", P),
    // group membership and directories (recognize/grants.rs)
    ("groupmems", P),
    ("pw", P | ENGLISH),
    ("addgroup", P),
    ("dseditgroup", P),
    ("lgroupmod", P),
    ("chgrpmem", P),
    ("dsmod", P),
    ("sysadminctl", P),
    ("kanidm", P),
    ("ipa", P | ENGLISH),
    ("kcadm.sh", P),
    ("rabbitmqctl", P),
    ("openstack", P),
    ("cf", P | ENGLISH),
    ("atlas", P | ENGLISH),
    // firewalls (recognize/grants.rs)
    ("ipfw", P),
    ("iptables-legacy", P),
    ("iptables-nft", P),
    ("ip6tables-nft", P),
    ("firewall-offline-cmd", P),
    ("chattr", P),
    ("mount", P | ENGLISH),
    ("umount", P),
    ("swapoff", P),
    ("sysctl", P),
    ("history", P | ENGLISH),
    ("unset", P),
    ("export", P | ENGLISH),
    ("set", P | ENGLISH),
    ("declare", P | ENGLISH),
    ("insmod", P),
    ("rmmod", P),
    ("modprobe", P),
    ("journalctl", P),
    ("hostnamectl", P),
    ("timedatectl", P),
    ("localectl", P),
    ("nmcli", P),
    ("route", P | ENGLISH),
    ("ip", P),
    ("ifconfig", P),
    ("ps", P),
    ("top", P | ENGLISH),
    ("lsof", P),
    ("ss", P),
    ("free", P | ENGLISH),
    ("uptime", P),
    ("getenforce", P),
    ("sestatus", P),
    ("man", P | ENGLISH),
    ("last", P | ENGLISH),
    ("id", P),
    ("whoami", P),
    ("uname", P),
    ("which", P | ENGLISH),
    ("cd", P),
    ("pwd", P),
    ("alias", P | ENGLISH),
    ("apt", P),
    ("apt-get", P),
    ("yum", P),
    ("dnf", P),
    ("brew", P),
    ("snap", P | ENGLISH),
    ("pacman", P),
    ("apk", P),
    ("printenv", P),
    ("echo", P | ENGLISH),
    ("printf", P),
    ("eval", P),
    ("source", R | ENGLISH),
    (".", R),
    ("gdb", P),
    ("strace", P),
    ("ltrace", P),
    ("su", S),
    ("sh", S),
    ("bash", S),
    ("zsh", S),
    ("dash", S),
    ("ksh", S),
    ("fish", S),
    ("ash", S),
    ("mksh", S),
    ("csh", S),
    ("tcsh", S),
    ("pwsh", S),
    ("powershell", S),
    // network
    ("ssh", R),
    ("curl", F | READER),
    ("wget", F | READER),
    ("fetch", F | ENGLISH),
    ("http", F),
    ("https", F),
    ("xh", F),
    ("xhs", F),
    ("aria2c", F),
    ("lwp-download", F),
    ("lwp-request", F),
    ("iwr", F),
    ("invoke-webrequest", F),
    ("irm", F),
    ("iex", I),
    ("invoke-expression", I),
    ("invoke-restmethod", F),
    ("nc", R),
    ("ncat", R),
    ("netcat", R),
    ("socat", R),
    ("telnet", P),
    ("ftp", P),
    ("mail", R | ENGLISH),
    ("mailx", R),
    ("sendmail", R),
    ("mutt", R),
    ("dig", P | ENGLISH),
    ("nslookup", P),
    ("drill", P | ENGLISH),
    ("host", P | ENGLISH),
    ("ping", P),
    ("pastebinit", P),
    ("wgetpaste", P),
    ("fpaste", P),
    ("croc", P),
    // Tunnels and static servers (what they expose is judged by `exposures`).
    ("ngrok", P),
    ("cloudflared", P),
    ("localtunnel", P),
    ("tailscale", P),
    ("zrok", P),
    ("bore", P | ENGLISH),
    ("devtunnel", P),
    ("http-server", P),
    ("wormhole", P),
    ("ffsend", P),
    // secrets
    ("gpg", P),
    ("gpg2", P),
    ("security", P | ENGLISH),
    ("vault", P),
    ("op", P),
    ("pass", P | ENGLISH),
    ("doppler", P),
    ("bw", P),
    ("gopass", P),
    ("infisical", P),
    // payments
    ("stripe", P),
    // databases (the SQL reader's programs, and dump tools)
    ("psql", D),
    ("mysql", D),
    ("mariadb", D),
    ("sqlite3", D | READER),
    ("redis-cli", D),
    ("mongo", D | READER),
    ("mongosh", D),
    ("clickhouse-client", D),
    ("clickhouse", D),
    ("cqlsh", D),
    ("cypher-shell", D),
    ("cockroach", D),
    ("duckdb", D),
    ("influx", D),
    ("dropdb", D),
    ("dropuser", D),
    ("pg_dropcluster", D),
    ("mysqladmin", D),
    ("mariadb-admin", D),
    ("rails", D),
    ("rake", D),
    ("manage.py", D),
    ("django-admin", D),
    ("prisma", D),
    ("alembic", D),
    ("flyway", D),
    ("liquibase", D),
    ("knex", D),
    ("sequelize", D),
    ("sequelize-cli", D),
    ("typeorm", D),
    ("pg_dump", P),
    ("pg_dumpall", P),
    ("mysqldump", P),
    ("mongodump", P),
    ("mongoexport", P),
    ("createdb", P),
    // airlock
    ("airlock", P),
    // Programs judged as the command they amount to (`equivalents`): deleters, remote and
    // container runners, SQL command lines, Windows' download runners.
    ("rimraf", P),
    ("del-cli", P),
    ("shx", P),
    ("trash-empty", P),
    ("salt", P | ENGLISH),
    ("salt-ssh", P),
    ("pdsh", P),
    ("clush", P),
    ("pssh", P),
    ("parallel-ssh", P),
    ("podman-compose", P),
    ("snowsql", P),
    ("bq", P),
    ("turso", P),
    ("databricks", P),
    ("neonctl", P),
    ("dbsqlcli", P),
    ("sqlcmd", P),
    ("usql", P),
    ("trino", P),
    ("mysqlsh", P),
    ("vsql", P),
    ("mshta", P),
    ("regsvr32", P),
    ("msiexec", P),
    ("rundll32", P),
    ("certutil", P),
    ("bitsadmin", P),
    // Programs whose effect a flag letter or a value carries (flags.rs): boot and kernel
    // command-line tools, firewalls and audit policies, BMCs, D-Bus callers, rebuild tools.
    ("kexec", P),
    ("grubby", P),
    ("kernelstub", P),
    ("rpm-ostree", P),
    ("grub2-editenv", P),
    ("grub-editenv", P),
    ("efibootmgr", P),
    ("nvram", P),
    ("mokutil", P),
    ("sysrc", P),
    ("csf", P),
    ("apf", P),
    ("pfctl", P),
    ("auditpol", P),
    ("defaults", P | ENGLISH),
    ("ipmitool", P),
    ("ipmipower", P),
    ("racadm", P),
    ("busctl", P),
    ("dbus-send", P),
    ("gdbus", P),
    ("dbt", P),
    ("meltano", P),
    ("shorewall", P),
    ("openrc-shutdown", P),
    ("kpt", P),
    ("kubecfg", P),
    ("chkconfig", P),
    ("update-rc.d", P),
    ("rc-update", P),
    ("semanage", P),
];

// Kept at most half full (the assertion below): 2048 once the names passed 512.
const SLOTS: usize = 2048;

const fn fnv(w: &[u8]) -> usize {
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < w.len() {
        h ^= w[i] as u32;
        h = h.wrapping_mul(0x0100_0193);
        i += 1;
    }
    h as usize & (SLOTS - 1)
}

/// Open addressing with linear probing: slot value `k + 1` for `ENTRIES[k]`, 0 for empty.
const TABLE: [u16; SLOTS] = {
    assert!(ENTRIES.len() < SLOTS / 2);
    let mut table = [0_u16; SLOTS];
    let mut k = 0;
    while k < ENTRIES.len() {
        let mut h = fnv(ENTRIES[k].0.as_bytes());
        while table[h] != 0 {
            h = (h + 1) & (SLOTS - 1);
        }
        table[h] = k as u16 + 1;
        k += 1;
    }
    table
};

/// The flags of a program name (already lowercase, path removed); 0 when unknown.
#[inline]
pub fn flags(name: &str) -> u16 {
    let w = name.as_bytes();
    if w.is_empty() || w.len() > 24 {
        return if name.starts_with("mkfs") || name.starts_with("newfs") {
            PROGRAM
        } else {
            0
        };
    }
    let mut h = fnv(w);
    loop {
        let slot = TABLE[h];
        if slot == 0 {
            break;
        }
        let (n, f) = ENTRIES[usize::from(slot - 1)];
        if n.as_bytes() == w {
            return f;
        }
        h = (h + 1) & (SLOTS - 1);
    }
    if name.starts_with("mkfs") || name.starts_with("newfs") {
        PROGRAM
    } else if name.starts_with("python") {
        PROGRAM | INTERPRETER | READER
    } else {
        0
    }
}

/// Whether `name` has every flag of `f`.
#[inline]
pub fn is(name: &str, f: u16) -> bool {
    flags(name) & f == f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_found_and_unknown_words_are_not() {
        for &(name, f) in ENTRIES {
            assert_eq!(flags(name), f, "{name}");
        }
        for w in [
            "", "the", "delete", "explain", "rmx", "gitt", "drop", "approve",
        ] {
            assert_eq!(flags(w), 0, "{w}");
        }
        assert_eq!(flags("mkfs.ext4"), PROGRAM);
    }

    #[test]
    fn the_sql_readers_programs_are_database_programs() {
        for name in crate::sql::PROGRAMS {
            assert!(is(name, DATABASE), "{name}");
        }
    }
}
