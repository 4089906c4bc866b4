//! Tests of the less common destructive options and operands of common programs
//! (`recognize/option_effects.rs` and the rows it added to `reference_forms.rs`). Each kind
//! holds dangerous rows in programs and spellings of no labeled set, benign near misses of the
//! same programs (the read form, a short lifetime, a build or temporary directory, a preview),
//! and, where something keeps a row silent, the same line with a dangerous part added.

use crate::Severity;
use crate::severity_tables::{expect_allowed, expect_at_least};

const C: Severity = Severity::Confirm;
const V: Severity = Severity::Verify;

#[test]
fn a_credential_made_to_outlive_its_use() {
    expect_at_least(&[
        ("kubeadm token create --ttl 0 --print-join-command", V),
        (
            "sudo kubeadm init --token-ttl=0 --pod-network-cidr=10.244.0.0/16",
            V,
        ),
        ("oc create token pipeline -n ci --duration=17520h", V),
        (
            "kubectl -n kube-system create token admin-user --duration 720h",
            C,
        ),
        ("bao token create -policy=ops -ttl=9000h", V),
        ("vault token create -orphan -period=1000h -policy=deploy", C),
        ("nomad acl token create -name=ci -type=client -ttl=8760h", V),
        ("tctl auth sign --user=bot --out=bot.pem --ttl=87600h", V),
        ("tctl tokens add --type=node --ttl=2160h", C),
        (
            "ssh-keygen -s ca_key -I deploy -n deploy -V forever id_ed25519.pub",
            V,
        ),
        ("ssh-keygen -s /etc/ssh/ca -I ops -V +520w ops.pub", V),
        ("az ad app credential reset --id 00000000-aaaa --years 5", C),
        ("az ad sp create-for-rbac --name ci --years 50", V),
        ("fly tokens create deploy --expiry 87600h", V),
        ("databricks tokens create --lifetime-seconds 31536000", V),
        (
            "aws iam update-role --role-name deploy --max-session-duration 43200",
            C,
        ),
        ("sudo chage -M 99999 svc_backup", C),
        ("sudo chage --expiredate -1 contractor", C),
    ]);
    expect_allowed(&[
        "kubeadm token create --ttl 2h",
        "kubeadm token list",
        "bao token create -policy=ops -ttl=1h",
        "nomad acl token create -name=ci -type=client -ttl=1h",
        "tctl auth sign --user=bot --out=bot.pem --ttl=8h",
        "ssh-keygen -s ca_key -I deploy -n deploy -V +1d id_ed25519.pub",
        "ssh-keygen -L -f id_ed25519-cert.pub",
        "databricks tokens list",
        "aws iam get-role --role-name deploy",
        "chage -l svc_backup",
        "fly tokens list",
    ]);
}

#[test]
fn an_output_option_or_in_place_operand_aimed_at_a_system_file() {
    expect_at_least(&[
        ("sort -u -o /etc/group /tmp/groups.txt", C),
        ("shuf --output=/etc/hosts hosts.txt", C),
        ("iconv -f latin1 -t utf-8 -o /etc/passwd passwd.l1", C),
        ("cat new-hosts | sponge /etc/hosts", C),
        ("sudo htpasswd -c /etc/nginx/.htpasswd admin", C),
        (
            "sudo crudini --set /etc/ssh/sshd_config '' PermitRootLogin yes",
            C,
        ),
        ("yq -i '.users = []' /etc/netplan/01-netcfg.yaml", C),
        (
            "sd 'PasswordAuthentication no' 'PasswordAuthentication yes' /etc/ssh/sshd_config",
            C,
        ),
        ("ex -sc 'g/^10\\./d|x' /etc/hosts", C),
        ("gpg -d -o /etc/sudoers.d/ops secrets/ops.gpg", C),
        ("uniq /tmp/fstab.new /etc/fstab", C),
    ]);
    expect_allowed(&[
        "sort -o sorted.txt names.txt",
        "sort /etc/group",
        "shuf -n 5 /etc/hosts",
        "iconv -f latin1 -t utf-8 -o out/readme.txt readme.txt",
        "jq . data.json | sponge data.json",
        "htpasswd -c ./test/.htpasswd admin",
        "htpasswd -v /etc/nginx/.htpasswd admin",
        "crudini --get /etc/ssh/sshd_config '' PermitRootLogin",
        "yq '.users' /etc/netplan/01-netcfg.yaml",
        "yq -i '.version = \"1.2\"' chart/Chart.yaml",
        "sd -p 'foo' 'bar' /etc/hosts",
        "gpg -d -o notes.txt notes.txt.gpg",
        "uniq /etc/passwd",
    ]);
}

#[test]
fn a_key_overwritten_by_an_answered_prompt() {
    expect_at_least(&[
        (
            "yes | ssh-keygen -t rsa -b 4096 -N '' -f ~/.ssh/release_signing",
            C,
        ),
        (
            "printf 'y\\n' | ssh-keygen -q -N '' -f ~/.ssh/id_ecdsa -t ecdsa",
            C,
        ),
        (
            "ssh-keygen -q -N '' -t ed25519 -f /etc/ssh/ssh_host_ed25519_key <<< y",
            V,
        ),
        (
            "echo y | ssh-keygen -f ~/.ssh/prod_deploy -N '' -t ed25519",
            V,
        ),
    ]);
    expect_allowed(&[
        "ssh-keygen -t ed25519 -N '' -f ./fixtures/test_key",
        "yes | ssh-keygen -t ed25519 -N '' -f /tmp/ci_key",
        "ssh-keygen -t ed25519 -f ~/.ssh/id_new -C me@example.com",
        "ssh-keygen -l -f ~/.ssh/prod_deploy.pub",
        "ssh-keygen -F github.com",
    ]);
}

#[test]
fn an_archiver_that_deletes_what_it_archived() {
    expect_at_least(&[
        (
            "tar --remove-files -cJf ~/old/invoices.txz invoices/2023/",
            C,
        ),
        ("zip -rm /mnt/backup/uploads.zip /srv/www/uploads", V),
        ("zip --move ledger.zip finance/ledger.xlsx", C),
        ("7za a -sdel /nas/pg.7z /var/lib/pgsql/data", V),
        ("rar m -r archive.rar customer-exports/", C),
        ("zstd --rm -r exports/2024", C),
        ("lz4 --rm warehouse/facts.parquet", C),
    ]);
    expect_allowed(&[
        "tar --remove-files -czf /tmp/ci-logs.tgz build/logs",
        "tar -cJf ~/old/invoices.txz invoices/2023/",
        "zip -r site.zip public/",
        "zip -rm dist.zip dist/",
        "7za a /nas/pg.7z /var/lib/pgsql/data",
        "7za a -sdel out.7z target/release",
        "rar a archive.rar customer-exports/",
        "zstd -r exports/2024",
        "zstd --rm -r node_modules/.cache/build",
    ]);
}

#[test]
fn an_archive_unpacked_over_a_system_directory() {
    expect_at_least(&[
        ("unzip -o -q bundle.zip -d /usr/lib", C),
        ("sudo unzip -oq patch.zip -d /etc/ssh", C),
        ("7z x -aoa -o/etc update.7z", C),
    ]);
    expect_allowed(&[
        "unzip -o assets.zip -d build/assets",
        "unzip -l bundle.zip",
        "7z x -aoa -ovendor deps.7z",
        "7z l update.7z",
    ]);
}

#[test]
fn a_crontab_installed_from_nothing() {
    expect_at_least(&[
        ("crontab -u backup /dev/null", V),
        ("printf '' | crontab -", V),
        ("true | crontab -u www-data -", V),
    ]);
    expect_allowed(&["crontab -l -u backup", "crontab -l | grep backup"]);
}

#[test]
fn the_systems_own_python_packages() {
    expect_at_least(&[
        ("sudo pip3 uninstall --yes six chardet", C),
        ("sudo -H pip uninstall -y pyyaml", C),
        ("pip3 install --break-system-packages httpx", C),
        (
            "sudo /usr/bin/pip3 install --upgrade --ignore-installed pyOpenSSL",
            C,
        ),
    ]);
    expect_allowed(&[
        "pip3 uninstall --yes six",
        "venv/bin/pip uninstall -y pyyaml",
        "pip3 install --user httpx",
        "pip3 list --outdated",
    ]);
}

#[test]
fn package_removals_that_skip_dependencies_or_take_data() {
    expect_at_least(&[
        ("sudo rpm -e --nodeps openssl-libs", C),
        ("sudo rpm --erase --nodeps --allmatches kernel-core", C),
        ("sudo pacman -Rdd --noconfirm glibc", C),
        ("flatpak uninstall --delete-data org.mozilla.firefox", C),
        ("flatpak uninstall --all -y", C),
        ("brew uninstall --zap --cask slack", C),
        ("sudo groupdel wheel", C),
    ]);
    expect_allowed(&[
        "rpm -qa | grep openssl",
        "rpm -e --test openssl-libs",
        "pacman -Qi glibc",
        "flatpak list",
        "brew uninstall --cask slack",
        "brew list --cask",
        "getent group wheel",
    ]);
}

#[test]
fn a_running_services_configuration_changed_in_place() {
    expect_at_least(&[
        (
            "aws lambda update-function-configuration --function-name orders-qa --environment 'Variables={A=1}'",
            C,
        ),
        (
            "aws lambda update-function-code --function-name orders-qa --zip-file fileb://f.zip",
            C,
        ),
        (
            "aws rds modify-db-instance --db-instance-identifier crm --backup-retention-period 0",
            V,
        ),
        (
            "aws logs put-retention-policy --log-group-name /ecs/api --retention-in-days 3",
            C,
        ),
        (
            "aws dynamodb update-continuous-backups --table-name carts --point-in-time-recovery-specification PointInTimeRecoveryEnabled=false",
            C,
        ),
        (
            "aws s3api put-bucket-lifecycle-configuration --bucket audit-logs --lifecycle-configuration file://l.json",
            C,
        ),
        (
            "aws ecs update-service --cluster qa --service web --force-new-deployment",
            C,
        ),
        (
            "gcloud run services update checkout --update-env-vars FLAG=on --region europe-west1",
            C,
        ),
        ("gcloud functions deploy resize --set-env-vars MODE=fast", C),
        ("gcloud sql instances patch crm-db --no-backup", C),
        (
            "gcloud sql instances patch crm-db --authorized-networks=0.0.0.0/0",
            C,
        ),
        (
            "az functionapp config appsettings set -g rg -n fn --settings MODE=fast",
            C,
        ),
        (
            "az webapp config appsettings delete -g rg -n web --setting-names KEY",
            C,
        ),
        (
            "az containerapp update -n api -g rg --set-env-vars LOG=debug",
            C,
        ),
    ]);
    expect_allowed(&[
        "aws lambda get-function-configuration --function-name orders-qa",
        "aws rds describe-db-instances --db-instance-identifier crm",
        "aws logs describe-log-groups",
        "aws dynamodb describe-continuous-backups --table-name carts",
        "aws s3api get-bucket-lifecycle-configuration --bucket audit-logs",
        "aws ecs describe-services --cluster qa --services web",
        "gcloud run services describe checkout --region europe-west1",
        "gcloud sql instances describe crm-db",
        "az functionapp config appsettings list -g rg -n fn",
        "az containerapp show -n api -g rg",
    ]);
}

#[test]
fn orchestrators_forced_and_pruned() {
    expect_at_least(&[
        ("helm upgrade web ./chart -n qa --force", C),
        ("helm rollback web 4 -n qa --force", C),
        ("kubectl replace --force -f job.yaml -n qa", C),
        ("kubectl apply --prune -l app=web -f k8s/ -n qa", C),
        (
            "kubectl drain worker-2 --ignore-daemonsets --delete-emptydir-data",
            C,
        ),
        ("kubectl taint nodes --all maintenance=true:NoExecute", C),
        ("docker compose up -d -V postgres", C),
        // Helm's own environment variables name the context it acts in.
        ("HELM_KUBECONTEXT=prod-eu helm uninstall ledger -n core", V),
        (
            "HELM_KUBECONTEXT=production helm rollback ledger 2 --force",
            V,
        ),
        ("podman system reset -f", V),
    ]);
    expect_allowed(&[
        "helm upgrade web ./chart -n qa",
        "HELM_KUBECONTEXT=prod-eu helm history ledger -n core",
        "helm upgrade web ./chart -n qa --force --dry-run",
        "kubectl replace -f job.yaml -n qa --dry-run=server",
        "kubectl apply -f k8s/ -n qa",
        "kubectl get nodes -o wide",
        "docker compose up -d postgres",
        "podman system df",
    ]);
}

#[test]
fn movers_and_mirrors_that_delete_at_one_end() {
    expect_at_least(&[
        (
            "rclone move --delete-empty-src-dirs /srv/reports b2:archive/reports",
            C,
        ),
        ("rclone dedupe --dedupe-mode newest dropbox:Team", C),
        ("rclone cleanup s3:company-assets", C),
        ("robocopy D:\\Exports \\\\nas\\exports /MOV", C),
        ("robocopy E:\\Data \\\\nas\\data /E /MOVE", C),
        (
            "rsync -a --del site/ www@web3.stg.internal:/var/www/site/",
            C,
        ),
        (
            "rsync -az --delete-after public/ deploy@uat-web:/srv/www/",
            C,
        ),
    ]);
    expect_allowed(&[
        "rclone copy /srv/reports b2:archive/reports",
        "rclone move --dry-run /srv/reports b2:archive/reports",
        "rclone dedupe --dedupe-mode list dropbox:Team",
        "robocopy D:\\Exports \\\\nas\\exports /E",
        "robocopy D:\\Exports \\\\nas\\exports /MOV /L",
        "rsync -a --del site/ build/site/",
        "rsync -az --delete build/ deploy@docs.acme.internal:/srv/www/docs/",
    ]);
}

#[test]
fn a_file_with_a_range_cut_out_in_place() {
    expect_at_least(&[
        (
            "fallocate --collapse-range -o 0 -l 1M /srv/media/master.mov",
            C,
        ),
        ("fallocate -p -o 4096 -l 65536 data/ledger.db", C),
        (
            "fallocate --zero-range --offset 0 --length 8M /var/lib/redis/dump.rdb",
            C,
        ),
    ]);
    expect_allowed(&[
        "fallocate -l 2G /tmp/swapfile.test",
        "fallocate --dig-holes data/ledger.db",
        "fallocate -x -l 100M build/blob.bin",
    ]);
}

/// What keeps a row silent (a preview, a short lifetime, a throwaway place) must not hide a
/// dangerous part of the same line.
#[test]
fn a_preview_or_a_throwaway_word_does_not_hide_the_rest() {
    expect_at_least(&[
        (
            "kubeadm token create --ttl 1h && kubeadm token create --ttl 0",
            V,
        ),
        ("sort -o /tmp/x.txt a.txt && sort -o /etc/passwd b.txt", C),
        ("zip -rm /tmp/dist.zip /srv/www/uploads", V),
        ("rclone move --dry-run=false /srv/reports b2:archive", C),
        (
            "echo y | ssh-keygen -f ~/.ssh/prod_deploy -N '' # a throwaway test key",
            V,
        ),
        ("tar --remove-files -czf build/out.tgz invoices/2023/", C),
    ]);
}

/// `yes` became a program name for `yes | ssh-keygen ...`; a sentence that opens with the word
/// keeps the command it asks for.
#[test]
fn a_sentence_opening_with_yes_keeps_its_command() {
    expect_at_least(&[
        ("yes it is, so push it: git push --force origin main", V),
        (
            "is git push --force origin main safe here? yes it is, so push it: git push --force origin main",
            V,
        ),
        ("yes | ssh-keygen -f ~/.ssh/deploy_prod -N ''", V),
    ]);
    expect_allowed(&["yes | head -n 3", "yes it is a build cache: du -sh target/"]);
}
