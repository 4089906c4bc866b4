//! Tests of what makes the judgement reach programs it has no rows for (holdout6 analysis M7
//! and M8): Windows' spellings of the home and its readers and deleters, and the generic
//! reader's verbs in every place a command line puts them (single-dash options, inside long
//! options, the program's own name, a class-bound value), objects graded by their shape at any
//! depth (data directories, URI stores, devices), command-shaped lines of programs whose names
//! are English words, and `java -jar X.jar` read as X. The benign near misses come first: the
//! same letters, options and verbs in ordinary work must stay allowed. The lines are made up or
//! written from the programs' own documentation; none is a held-back line.

use crate::Severity;
use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, expect_at_least};

#[test]
fn windows_readers_and_deleters_near_misses_stay_allowed() {
    expect_alone(&[
        ("Get-Content README.md", ALLOW),
        ("Get-Content .\\src\\app.ps1 -Tail 20", ALLOW),
        ("gc .\\logs\\build.log", ALLOW),
        ("type README.md", ALLOW),
        ("type .\\docs\\setup.txt", ALLOW),
        ("Get-Content $env:USERPROFILE\\Documents\\notes.txt", ALLOW),
        ("Remove-Item .\\build\\out.log", ALLOW),
        ("Remove-Item $env:TEMP\\scratch.txt", ALLOW),
        ("Remove-Item .\\dist -Recurse -Force", ALLOW),
        ("sdelete -?", ALLOW),
        // POSIX's own `type` and `cat` are not Windows readers.
        ("type ls", ALLOW),
        ("cat notes.txt", ALLOW),
        ("Get-Service W3SVC", ALLOW),
    ]);
}

#[test]
fn the_home_spelled_the_windows_way_is_the_home_in_every_reader() {
    expect_alone(&[
        // Get-Content, its alias and cmd's type read like cat.
        (
            "Get-Content $env:USERPROFILE\\.azure\\msal_token_cache.json",
            CONFIRM,
        ),
        ("Get-Content C:\\Users\\dev\\.aws\\credentials", CONFIRM),
        ("gc ~\\.ssh\\id_rsa", CONFIRM),
        ("type %USERPROFILE%\\.aws\\credentials", CONFIRM),
        ("Get-Content -Path $HOME\\.kube\\config", CONFIRM),
        // A POSIX reader given the Windows home.
        ("cat $env:USERPROFILE/.aws/credentials", CONFIRM),
        ("cat %USERPROFILE%/.ssh/id_ed25519", CONFIRM),
    ]);
    // The home's valued folders, in any case.
    expect_at_least(&[
        (
            "Remove-Item $env:USERPROFILE\\Documents -Recurse",
            Severity::Verify,
        ),
        (
            "Remove-Item C:\\Users\\dev\\documents -Recurse -Force",
            Severity::Verify,
        ),
        ("rm -rf $env:USERPROFILE", Severity::Verify),
    ]);
}

#[test]
fn remove_item_restart_and_sdelete_are_what_they_amount_to() {
    expect_alone(&[
        // Remove-Item without -Force deletes as surely: the guard's files are the guard.
        ("Remove-Item .github\\hooks\\airlock.json", STOP),
        ("Remove-Item .claude\\settings.json", STOP),
        // Any restart cmdlet of a named thing is a service restart.
        ("Restart-WebAppPool -Name 'StagingAppPool'", CONFIRM),
        ("Restart-WebItem 'IIS:\\Sites\\Default Web Site'", CONFIRM),
        ("Restart-Service W3SVC", CONFIRM),
    ]);
    expect_at_least(&[
        // SDelete overwrites, then deletes: `rm -rf` with no way back.
        (
            "sdelete64 -s -q C:\\Users\\dev\\Documents",
            Severity::Verify,
        ),
        ("sdelete -s -q D:\\data\\exports", Severity::Verify),
        (
            "sdelete -p 3 C:\\Users\\dev\\.ssh\\id_rsa",
            Severity::Confirm,
        ),
    ]);
}

/// The same letters, options, verbs and paths in ordinary work: written before the rules,
/// they must stay allowed.
#[test]
fn generic_near_misses_stay_allowed() {
    expect_alone(&[
        // `-d` is a debug, directory or decompress flag in ordinary programs, and only a
        // security control's `-d` disables it (fail2ban-client's dumps its configuration).
        ("frobctl -d", ALLOW),
        ("frobctl -d ./out", ALLOW),
        ("go run ./cmd/server -d", ALLOW),
        ("zstd -d archive.zst", ALLOW),
        ("unzip -d out pkg.zip", ALLOW),
        ("python -m http.server -d ./public 8080", ALLOW),
        ("fail2ban-client -d", ALLOW),
        // Cleaning caches and build output.
        ("docker image prune -f", ALLOW),
        ("npm cache clean --force", ALLOW),
        ("cargo clean", ALLOW),
        ("go clean -modcache", ALLOW),
        ("brew cleanup", ALLOW),
        ("pip uninstall -y requests", ALLOW),
        ("make -C build clean", ALLOW),
        ("make -j4", ALLOW),
        ("conda clean --all -y", ALLOW),
        ("frobctl clean /mnt/cache/tmp", ALLOW),
        // Reads of disks, firewalls, audit rules, accounts and keychains.
        ("mdadm --detail /dev/md0", ALLOW),
        ("mdadm --examine /dev/sdb1", ALLOW),
        ("frobdisk --info /dev/sdb", ALLOW),
        ("smartctl -a /dev/sda", ALLOW),
        ("frobdisk --zero-terminated list.txt", ALLOW),
        ("pfctl -s rules", ALLOW),
        ("pfctl -sr", ALLOW),
        ("pfctl -e", ALLOW),
        ("auditctl -l", ALLOW),
        ("auditctl -w /etc/passwd -p wa -k identity", ALLOW),
        ("auditctl -a always,exit -F arch=b64 -S execve", ALLOW),
        ("dscl . -read /Users/jdoe", ALLOW),
        ("dscl . -list /Users UniqueID", ALLOW),
        ("dscl . -create /Users/helper UniqueID 501", ALLOW),
        ("dscl . -create /Users/helper UserShell /bin/zsh", ALLOW),
        ("sysadminctl -addUser bob -UID 502", ALLOW),
        ("security find-identity -v", ALLOW),
        ("security find-identity -v -p codesigning", ALLOW),
        ("security list-keychains -d user", ALLOW),
        ("security create-keychain build.keychain", ALLOW),
        // A setting switched on, or one that guards nothing.
        ("systemsetup -getremotelogin", ALLOW),
        ("systemsetup -setremotelogin on", ALLOW),
        ("systemsetup -settimezone Europe/Paris", ALLOW),
        ("frobctl -set-theme off", ALLOW),
        ("frobctl --color off", ALLOW),
        ("frobctl -e 0 run", ALLOW),
        // Account expiry in the future, or removed.
        ("chage -l contractor-jdoe", ALLOW),
        ("chage -M 90 bob", ALLOW),
        ("chage -E 2027-12-31 contractor-jdoe", ALLOW),
        // Shown without secrets, or a secret option switched off.
        ("auth0 apps show $APP_ID", ALLOW),
        ("frobctl show --reveal", ALLOW),
        ("frobctl secrets list --show-names", ALLOW),
        ("frobctl login --password-stdin", ALLOW),
        ("frobctl deploy --reveal-secrets=false", ALLOW),
        ("frobctl config get --no-show-token", ALLOW),
        // Data locations read, copied, listed or restored.
        ("hdfs dfs -ls /data/warehouse", ALLOW),
        ("hdfs dfs -cat /srv/logs/app.log", ALLOW),
        ("databricks fs ls dbfs:/mnt/lake/gold", ALLOW),
        ("frobctl ls hdfs://namenode/data/events", ALLOW),
        ("frobctl backup /var/lib/postgresql /mnt/backups/pg", ALLOW),
        ("frobctl sync /srv/data s3://acme-archive/data", ALLOW),
        (
            "frobctl restore --from s3://acme-backups/nightly /var/lib/app",
            ALLOW,
        ),
        ("frobctl get gs://acme-data/exports/report.csv", ALLOW),
        // Names and options that hold a verb's letters.
        ("undelete --list", ALLOW),
        (
            "purgecss --css build/app.css --content src/index.html",
            ALLOW,
        ),
        ("nwipe --help", ALLOW),
        ("tar --strip-components=1 -xzf pkg.tgz", ALLOW),
        ("objcopy --strip-debug app app.stripped", ALLOW),
        ("caffeinate rm -rf build/", ALLOW),
        // English programs in sentences and their harmless command lines.
        ("security review of the login flow", ALLOW),
        ("just --list", ALLOW),
        ("snap list", ALLOW),
        ("service --status-all", ALLOW),
        ("echo -e delete all backups", ALLOW),
        // A jar that is an application, and bfg's help.
        ("java -jar app.jar --server.port=8080", ALLOW),
        (
            "java -jar build/libs/service-1.2.0.jar --spring.profiles.active=dev",
            ALLOW,
        ),
        ("java -jar bfg.jar --help", ALLOW),
        ("java -version", ALLOW),
    ]);
}

/// A destroying verb in every place a command line puts it, on a data, disk or system object
/// or at a production or bulk scope: never allowed, whatever the program is called.
#[test]
fn a_destroying_verb_anywhere_on_a_data_object_is_judged() {
    expect_at_least(&[
        // The verb in a single-dash option.
        ("hdfs dfs -rm -r /srv/data", Severity::Verify),
        (
            "hdfs dfs -rm -r -skipTrash /data/warehouse/orders",
            Severity::Verify,
        ),
        ("frobctl -rm /mnt/backups/nightly", Severity::Verify),
        ("frobctl -delete /var/lib/postgresql", Severity::Verify),
        // The verb inside a long option, on a disk the program is given.
        (
            "mdadm --zero-superblock /dev/sdb1 /dev/sdc1",
            Severity::Verify,
        ),
        ("frobdisk --zero-superblock /dev/sdb", Severity::Verify),
        ("frobdisk --wipe-all /dev/sdc", Severity::Verify),
        ("nwipe --autonuke /dev/sda", Severity::Verify),
        // The verb in the program's name.
        ("disk-wipe /dev/nvme0n1", Severity::Verify),
        ("frobwipe --all /dev/sdb", Severity::Verify),
        ("xdelete -r /srv/data", Severity::Verify),
        ("acme-purge --env production", Severity::Verify),
        // A data location at any depth, and a store's URI.
        ("databricks fs rm -r dbfs:/mnt/lake/gold", Severity::Verify),
        ("databricks fs rm -r /mnt/lake", Severity::Verify),
        ("frobctl remove /var/lib/mysql", Severity::Verify),
        ("frobctl delete /data/lake/raw", Severity::Verify),
        (
            "frobctl delete gs://acme-data/exports --recursive",
            Severity::Stop,
        ),
        (
            "acmestore rm -r hdfs://namenode/data/events",
            Severity::Verify,
        ),
        ("caffeinate rm -rf /var/lib/docker", Severity::Verify),
        // A program named by an English word, with a command's shape.
        (
            "security delete-keychain ~/Library/Keychains/login.keychain-db",
            Severity::Verify,
        ),
        (
            "security delete-generic-password -s github.com",
            Severity::Confirm,
        ),
        // `java -jar X.jar` is X: the BFG rewrites history as git filter-repo does.
        (
            "java -jar bfg.jar --strip-blobs-bigger-than 50M acme-web.git",
            Severity::Verify,
        ),
        (
            "java -Xmx2g -jar /opt/tools/bfg-1.14.0.jar --delete-files id_rsa repo.git",
            Severity::Verify,
        ),
    ]);
}

/// Values that make the change: a security control switched off, an account given root's id
/// or an expiry in the past, secrets asked for in clear.
#[test]
fn class_bound_values_and_revealing_options_are_read() {
    expect_alone(&[
        ("sudo pfctl -d", VERIFY),
        ("sudo auditctl -D", VERIFY),
        ("sudo auditctl -e 0", VERIFY),
        ("sudo systemsetup -f -setremotelogin off", VERIFY),
        ("sudo dscl . -create /Users/helper UniqueID 0", STOP),
        ("sudo dscl . -create /Users/helper PrimaryGroupID 0", STOP),
        ("ldapmodify-helper --class-less uidNumber=0", ALLOW),
        ("sudo chage -E 0 contractor-jdoe", CONFIRM),
        (
            "sudo chage --expiredate 1970-01-02 contractor-jdoe",
            CONFIRM,
        ),
        ("auth0 apps show $APP_ID --reveal-secrets", CONFIRM),
        ("frobctl users show admin --show-password", CONFIRM),
        ("frobctl token print --show-token", CONFIRM),
    ]);
}
