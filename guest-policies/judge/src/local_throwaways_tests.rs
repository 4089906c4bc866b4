//! Local throwaways, emulators and dry runs, session 18 (holdout13's model 2): a dry-run or
//! test flag lowers a command only where the program reads it and for the verbs that honour
//! it ([`crate::recognize::honoured`], the storage tools' rows of [`crate::recognize::modes`]);
//! a read handed to a fleet keeps a read's grade ([`crate::recognize::fleet_reads`]); a local
//! cluster's context name proves nothing beside another server; single-node servers started
//! here and database files under a build's output are throwaways. Rows use programs and
//! spellings of no labeled set; bypass rows first.

use crate::Severity;
use crate::severity_tables::{ALLOW, at_least, expect, expect_allowed, expect_at_least};

#[test]
fn a_dry_run_flag_where_the_program_does_not_read_it_lowers_nothing() {
    expect_at_least(&[
        // Another option's value, or after `--`.
        ("git push --force origin main -o -n", Severity::Verify),
        ("git push --force origin main -- -n", Severity::Verify),
        (
            "git push --push-option -n --force origin main",
            Severity::Verify,
        ),
        (
            "rsync -a --delete ./site/ web01:/var/www/ --exclude -n",
            Severity::Confirm,
        ),
        (
            "rsync -a --delete --filter -n ./site/ web01:/var/www/",
            Severity::Confirm,
        ),
        // Switched off by its value.
        (
            "borg prune --keep-daily 1 /backup --dry-run=false",
            Severity::Confirm,
        ),
        (
            "restic forget --keep-last 1 --prune --dry-run=no",
            Severity::Confirm,
        ),
        ("lvremove -f --test=no vg0/data", Severity::Verify),
        // Accepted and ignored: systemctl's --dry-run is for the power verbs only; npm's
        // registry writes read no dry-run.
        ("systemctl --dry-run stop sshd", Severity::Confirm),
        (
            "sudo systemctl disable --now firewalld --dry-run",
            Severity::Confirm,
        ),
        (
            "npm dist-tag rm @acme/sdk latest --dry-run",
            Severity::Confirm,
        ),
        (
            "npm deprecate @acme/sdk@'<9' 'use v9' --dry-run",
            Severity::Confirm,
        ),
        // A test flag on another command of the line.
        ("lvremove -f vg0/data && lvs --test", Severity::Verify),
        (
            "sgdisk --pretend -p /dev/sdb; sgdisk --zap-all /dev/sdb",
            Severity::Verify,
        ),
        (
            "mke2fs -n /dev/sdb1 && mkfs.ext4 -F /dev/sdb1",
            Severity::Verify,
        ),
        (
            "rclone purge remote:backups; rclone lsd remote: -n",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn a_program_s_own_test_flag_only_shows() {
    expect_allowed(&[
        "lvremove --test vg0/scratch",
        "lvremove -t -f vg0/data",
        "vgremove --test vg_backup",
        "pvremove -t /dev/sdc",
        "lvreduce --test -L 20G vg0/home",
        "lvm lvremove --test vg0/data",
        "sgdisk --pretend --zap-all /dev/sdb",
        "mke2fs -n /dev/sdb1",
        "mkfs.ext4 -n /dev/nvme1n1p2",
        "mkfs.xfs -N /dev/sdc1",
        "rclone purge remote:backups -n",
        "rclone sync ./site remote:prod-site -n",
        "gsutil -m rsync -n -d -r ./site gs://prod-site",
        "s3cmd sync -n --delete-removed ./site s3://prod-site",
        "restic forget --keep-last 3 --prune -n",
        "git push -n --force origin main",
        "git -C repo push -fn origin main",
        "rsync -an --delete ./site/ web01:/var/www/",
        "rsync -a --delete --exclude .git -n ./site/ web01:/var/www/",
        "systemctl --dry-run reboot",
        "npm unpublish @acme/sdk@1.2.3 --dry-run",
        "borg prune --dry-run --keep-daily 7 /backup",
    ]);
}

#[test]
fn a_read_handed_to_a_fleet_keeps_a_read_s_grade() {
    expect_allowed(&[
        "ansible webservers -i inventories/production -m command -a 'uptime'",
        "ansible 'db:&eu' -i inventories/prod -m ansible.builtin.command -a 'df -h /var/lib/pgsql' -o",
        "ansible all -i prod -m shell -a 'df -h | sort -k5 | tail -n 3'",
        "ansible db -i prod -a 'systemctl status postgresql'",
        "ansible all -i prod -m ansible.builtin.stat -a 'path=/etc/ssh/sshd_config'",
        "ansible all -i prod -m service_facts",
        "ansible all -i prod -m package_facts --become",
        "ansible all -i prod -m raw -a 'cat /etc/os-release'",
        "ansible all -i prod -m shell -a 'journalctl -u nginx --since today | grep -c 502'",
    ]);
    expect_at_least(&[
        // The same runner, the same inventory, a command that writes.
        (
            "ansible all -i prod -m shell -a 'df -h; reboot'",
            Severity::Verify,
        ),
        (
            "ansible all -i prod -m shell -a 'df -h && systemctl stop nginx'",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m shell -a 'uptime > /etc/motd'",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m shell -a 'date -s 2020-01-01'",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m shell -a 'sysctl -w vm.swappiness=1'",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m command -a 'systemctl restart sshd'",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m shell -a 'hostname web-9'",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m shell -a 'cat $(./payload.sh)'",
            Severity::Confirm,
        ),
        // A second module or argument: ansible takes the last.
        (
            "ansible all -i prod -m ping -mshell -a 'rm -rf /var/lib/app'",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m command -a uptime --module shell",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m command -a uptime -a 'rm -rf /var/lib/app'",
            Severity::Confirm,
        ),
        (
            "ansible all -i prod -m user -a 'name=jdoe state=absent'",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn a_local_context_beside_another_server_proves_nothing() {
    expect_allowed(&[
        "kubectl --context kind-e2e delete namespace payments",
        "helm uninstall postgres -n db --kube-context k3d-lab",
    ]);
    expect_at_least(&[
        (
            "kubectl --context kind-e2e --server https://10.0.0.1:6443 delete ns payments",
            Severity::Confirm,
        ),
        (
            "kubectl --context k3d-lab --kubeconfig ~/.kube/eks.yaml delete ns payments",
            Severity::Confirm,
        ),
        (
            "KUBECONFIG=~/.kube/gke.yaml kubectl --context minikube delete ns payments",
            Severity::Confirm,
        ),
        (
            "helm uninstall postgres -n db --kube-context kind-dev --kube-apiserver https://api.corp:6443",
            Severity::Confirm,
        ),
        (
            "kubectl --context kind-e2e delete ns demo && kubectl --context eks-main delete ns payments",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn a_single_node_server_started_here_is_a_throwaway() {
    expect(&[
        (
            "cockroach sql --insecure --host=localhost -e 'DROP DATABASE shop CASCADE'",
            &["cockroach start-single-node --insecure --store=type=mem,size=1GiB --background"],
            ALLOW,
        ),
        (
            "cockroach sql --insecure --host=localhost:26300 -e 'DROP DATABASE shop CASCADE'",
            &["cockroach demo --sql-port 26300 --no-example-database"],
            ALLOW,
        ),
        (
            "kafka-topics --bootstrap-server localhost:9094 --delete --topic orders",
            &["docker run -d --rm -p 9094:9092 apache/kafka:3.8.0"],
            ALLOW,
        ),
        (
            "nats stream rm ORDERS -f --server nats://127.0.0.1:4333",
            &["nats-server -js -p 4333 &"],
            ALLOW,
        ),
    ]);
    at_least(&[
        // A store of the developer's, another host, another port, or only words.
        (
            "cockroach sql --insecure --host=localhost -e 'DROP DATABASE shop CASCADE'",
            &["cockroach start-single-node --insecure --store=/var/lib/cockroach --background"],
            Severity::Verify,
        ),
        (
            "cockroach sql --insecure --host=db-7.corp -e 'DROP DATABASE shop CASCADE'",
            &["cockroach demo"],
            Severity::Verify,
        ),
        (
            "kafka-topics --bootstrap-server localhost:9092 --delete --topic orders",
            &["docker run -d --rm -p 9094:9092 apache/kafka:3.8.0"],
            Severity::Confirm,
        ),
        (
            "kafka-topics --bootstrap-server localhost:9094,kafka-prod-1:9092 --delete --topic orders",
            &["docker run -d --rm -p 9094:9092 apache/kafka:3.8.0"],
            Severity::Confirm,
        ),
        (
            "nats stream rm ORDERS -f --server nats://127.0.0.1:4333",
            &["nats-server -js -p 4333 -sd /var/lib/nats &"],
            Severity::Confirm,
        ),
        (
            "cockroach sql --insecure --host=localhost -e 'DROP DATABASE shop CASCADE'",
            &["I started cockroach start-single-node --store=type=mem earlier"],
            Severity::Verify,
        ),
    ]);
}

#[test]
fn a_database_file_of_the_build_is_a_throwaway() {
    expect_allowed(&[
        "sqlite3 build/app.db 'DROP TABLE users'",
        "sqlite3 target/test-data/cache.sqlite 'DELETE FROM entries'",
        "duckdb dist/report.duckdb 'DROP TABLE events'",
    ]);
    expect_at_least(&[
        (
            "sqlite3 build/../prod.db 'DROP TABLE users'",
            Severity::Verify,
        ),
        (
            "sqlite3 build/app.db \"ATTACH '/var/lib/app/prod.db' AS p; DROP TABLE p.users\"",
            Severity::Verify,
        ),
        ("sqlite3 data/app.db 'DROP TABLE users'", Severity::Verify),
        (
            "sqlite3 /srv/build/app.db 'DROP TABLE users'",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn an_emulator_named_by_the_variable_the_cli_reads() {
    expect(&[
        (
            "FIRESTORE_EMULATOR_HOST=localhost:8080 firebase firestore:delete --all-collections --force",
            &[],
            ALLOW,
        ),
        (
            "BIGTABLE_EMULATOR_HOST=127.0.0.1:8086 cbt -project p -instance i deletetable events",
            &[],
            ALLOW,
        ),
        (
            "gcloud pubsub topics delete orders",
            &["export CLOUDSDK_API_ENDPOINT_OVERRIDES_PUBSUB=http://localhost:8085/"],
            ALLOW,
        ),
        (
            "CLOUDSDK_API_ENDPOINT_OVERRIDES_SPANNER=http://localhost:9020/ gcloud spanner databases delete orders --instance test-instance --quiet",
            &[],
            ALLOW,
        ),
    ]);
    at_least(&[
        // A variable the CLI does not read, a host elsewhere, the wrong service, a tunnel.
        (
            "PUBSUB_EMULATOR_HOST=localhost:8085 gcloud pubsub topics delete orders",
            &[],
            Severity::Confirm,
        ),
        (
            "STORAGE_EMULATOR_HOST=http://localhost:4443 gsutil rm -r gs://uploads",
            &[],
            Severity::Confirm,
        ),
        (
            "FIRESTORE_EMULATOR_HOST=firestore.prod.internal:8080 firebase firestore:delete --all-collections --force",
            &[],
            Severity::Confirm,
        ),
        (
            "CLOUDSDK_API_ENDPOINT_OVERRIDES_PUBSUB=http://localhost:8085/ gcloud spanner databases delete orders --instance prod --quiet",
            &[],
            Severity::Confirm,
        ),
        (
            "FIRESTORE_EMULATOR_HOST=localhost:8080 firebase database:remove / --force",
            &[],
            Severity::Confirm,
        ),
        (
            "BIGTABLE_EMULATOR_HOST=localhost:8086 cbt deletetable events",
            &["ssh -fNL 8086:bigtable.googleapis.com:443 bastion"],
            Severity::Confirm,
        ),
        (
            "FIRESTORE_EMULATOR_HOST=localhost:8080 firebase firestore:delete --all-collections --force && gcloud firestore databases delete --database=orders",
            &[],
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn a_push_to_a_repository_in_the_temporary_directory() {
    expect(&[
        ("git push --force /tmp/remote.git HEAD:main", &[], ALLOW),
        (
            "git push -f file:///tmp/mirror.git HEAD:main HEAD:release/1.x",
            &[],
            ALLOW,
        ),
        (
            "git push -f scratch HEAD:main HEAD:release/1.x",
            &[
                "git init --bare /tmp/scratch-remote.git",
                "git remote add scratch /tmp/scratch-remote.git",
            ],
            ALLOW,
        ),
    ]);
    at_least(&[
        // Re-pointed since, a conventional name, a rewrite, another destination.
        (
            "git push -f scratch HEAD:main",
            &[
                "git remote add scratch /tmp/scratch-remote.git",
                "git remote set-url scratch git@github.com:acme/api.git",
            ],
            Severity::Verify,
        ),
        (
            "git push -f scratch HEAD:main",
            &[
                "git remote add scratch /tmp/scratch-remote.git",
                "git config remote.scratch.pushurl git@github.com:acme/api.git",
            ],
            Severity::Verify,
        ),
        (
            "git push -f origin HEAD:main",
            &["git remote add origin /tmp/scratch-remote.git"],
            Severity::Verify,
        ),
        (
            "git push -f scratch HEAD:main",
            &[
                "git remote add scratch /tmp/scratch-remote.git",
                "git config --global url.git@github.com:acme/.pushInsteadOf /tmp/",
            ],
            Severity::Verify,
        ),
        (
            "git -c remote.scratch.pushurl=git@github.com:acme/api.git push -f scratch HEAD:main",
            &["git remote add scratch /tmp/scratch-remote.git"],
            Severity::Verify,
        ),
        (
            "git push -f origin HEAD:main /tmp/remote.git",
            &[],
            Severity::Verify,
        ),
        (
            "git push -f /tmp/remote.git HEAD:main && git push -f origin HEAD:main",
            &[],
            Severity::Verify,
        ),
        (
            "git push -f scratch HEAD:main",
            &["echo git remote add scratch /tmp/scratch-remote.git"],
            Severity::Verify,
        ),
    ]);
}

#[test]
fn the_generic_reading_of_a_call_to_the_storage_emulator_is_the_emulator_s() {
    const AZURITE: &str = "docker run -d -p 10000:10000 mcr.microsoft.com/azure-storage/azurite";
    const DEV: &str = "export AZURE_STORAGE_CONNECTION_STRING='UseDevelopmentStorage=true'";
    expect(&[
        (
            "az storage blob delete-batch --source media --pattern 'thumbs/*'",
            &[AZURITE, DEV],
            ALLOW,
        ),
        ("az storage queue delete --name jobs", &[DEV], ALLOW),
    ]);
    at_least(&[
        (
            "az storage blob delete-batch --source media --pattern 'thumbs/*' --account-name acmeprod",
            &[AZURITE, DEV],
            Severity::Confirm,
        ),
        (
            "az storage blob delete-batch --source media --pattern 'thumbs/*'",
            &[DEV, "export AZURE_STORAGE_CONNECTION_STRING=\"$PROD_CONN\""],
            Severity::Confirm,
        ),
        (
            "az storage blob delete-batch --source media --pattern 'thumbs/*'",
            &["echo export AZURE_STORAGE_CONNECTION_STRING='UseDevelopmentStorage=true'"],
            Severity::Confirm,
        ),
    ]);
}
