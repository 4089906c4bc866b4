//! Tests of effects carried by flag letters and values, not by a verb word (holdout9 analysis,
//! "An effect with no verb word"): a security switch turned off wherever its KEY=VALUE stands
//! (a kernel command line handed to a boot tool, `-o`/`--set`/`sysctl` values, a per-program
//! flag that turns a firewall, an antivirus or auditing off); everyone named as the grantee of a
//! share, an ACL or an attribute; a whole-set mode that deletes what it is not given; a flag
//! that makes a system program act at once. Rows name programs and spellings in no labeled set,
//! written from each program's documentation (grubby(8), kernelstub, rpm-ostree kargs,
//! grub2-editenv, kernel-parameters.txt, csf, apf, firewall-cmd, pfctl, auditpol, mokutil,
//! macOS `defaults` for the application firewall, sysrc, docker run --security-opt, the aws,
//! gcloud, az, oci, b2, s3cmd, mc, net share references, dbt, ARM deployment modes,
//! git-read-tree(1), kexec(8), ipmitool(1), racadm, busctl(1) and dbus-send(1) on logind). Near misses first.

use crate::Severity;
use crate::severity_tables::{ALLOW, CONFIRM, expect_alone, expect_at_least};

// ---- Kind 1: a security switch turned off -------------------------------------------------

#[test]
fn security_switches_left_on_read_or_removed_go_ahead() {
    expect_alone(&[
        // The same programs reading, or setting the switch on.
        ("grubby --info=ALL", ALLOW),
        (
            "grubby --update-kernel=ALL --args=\"selinux=1 audit=1\"",
            ALLOW,
        ),
        // Removing the argument that turned SELinux off turns it back on.
        (
            "grubby --update-kernel=ALL --remove-args=\"selinux=0\"",
            ALLOW,
        ),
        ("kernelstub --delete-options \"apparmor=0\"", ALLOW),
        ("rpm-ostree kargs", ALLOW),
        ("cat /proc/cmdline", ALLOW),
        ("grep -n 'selinux=0' /etc/default/grub", ALLOW),
        ("sysctl kernel.randomize_va_space", ALLOW),
        // Full randomization is the protective value.
        ("sudo sysctl -w kernel.randomize_va_space=2", ALLOW),
        ("csf -l", ALLOW),
        // An address let through every port is a rule change (session 16, `firewalls`).
        ("csf -a 203.0.113.4 'office VPN'", CONFIRM),
        ("apf --list", ALLOW),
        ("firewall-cmd --zone=public --get-target", ALLOW),
        ("mokutil --sb-state", ALLOW),
        ("auditpol /get /category:*", ALLOW),
        ("sysrc pf_enable=YES", ALLOW),
        // A mention in a message, and a package manager's vulnerability audit.
        (
            "git commit -m \"docs: why the CI image boots with selinux=0 mitigations=off\"",
            ALLOW,
        ),
        ("npm config set audit false", ALLOW),
        ("npm install --no-audit", ALLOW),
        ("echo 'selinux=0 disables SELinux at boot'", ALLOW),
    ]);
}

#[test]
fn a_security_switch_turned_off_anywhere_on_the_line_is_caught() {
    expect_at_least(&[
        // Kernel command lines handed to boot tools no set names.
        (
            "kernelstub -a \"apparmor=0 quiet splash\"",
            Severity::Verify,
        ),
        (
            "sudo rpm-ostree kargs --append=lockdown=none --append=module.sig_enforce=0",
            Severity::Verify,
        ),
        (
            "grub2-editenv - set \"kernelopts=root=/dev/mapper/rhel-root ro audit=0\"",
            Severity::Verify,
        ),
        (
            "grubby --update-kernel=/boot/vmlinuz-6.1.0 --args='nokaslr spectre_v2=off'",
            Severity::Verify,
        ),
        (
            "sudo sed -i 's/^GRUB_CMDLINE_LINUX=\"/&init=\\/bin\\/bash /' /etc/default/grub",
            Severity::Verify,
        ),
        (
            "echo 'GRUB_CMDLINE_LINUX_DEFAULT=\"quiet mitigations=off\"' >> /etc/default/grub",
            Severity::Verify,
        ),
        (
            "sudo nvram boot-args=\"amfi_get_out_of_my_way=1\"",
            Severity::Verify,
        ),
        // The same settings as values of another tool's options.
        ("sysctl -q -w kernel.randomize_va_space=0", Severity::Verify),
        ("sysrc pf_enable=NO", Severity::Verify),
        (
            "sudo sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config",
            Severity::Verify,
        ),
        // Per-program flags that turn a firewall or Secure Boot checks off.
        ("sudo csf --disable", Severity::Verify),
        ("csf -f", Severity::Verify),
        ("apf --flush", Severity::Verify),
        (
            "firewall-cmd --permanent --zone=public --set-target=ACCEPT",
            Severity::Verify,
        ),
        ("pfctl -F all", Severity::Verify),
        (
            "sudo defaults write /Library/Preferences/com.apple.alf globalstate -int 0",
            Severity::Verify,
        ),
        (
            "auditpol /set /category:\"Logon/Logoff\" /success:disable /failure:disable",
            Severity::Verify,
        ),
        ("auditpol /clear /y", Severity::Verify),
        ("sudo mokutil --disable-validation", Severity::Verify),
        // A container's confinement switched off: bounded to the container.
        (
            "podman run --security-opt label=disable -v /:/host fedora bash",
            Severity::Confirm,
        ),
        (
            "docker run --security-opt seccomp=unconfined alpine sh",
            Severity::Confirm,
        ),
        // On another host, through ssh.
        (
            "ssh root@db-7 'kernelstub --add-options=\"selinux=0\"'",
            Severity::Verify,
        ),
    ]);
}

// ---- Kind 2: everyone named as the grantee ------------------------------------------------

#[test]
fn grants_to_named_parties_removals_and_reads_go_ahead() {
    expect_alone(&[
        (
            "aws rds modify-db-cluster-snapshot-attribute --db-cluster-snapshot-identifier c1 --attribute-name restore --values-to-remove all",
            ALLOW,
        ),
        (
            "aws rds describe-db-cluster-snapshot-attributes --db-cluster-snapshot-identifier c1",
            ALLOW,
        ),
        (
            "aws ec2 modify-image-attribute --image-id ami-0abc --launch-permission \"Remove=[{Group=all}]\"",
            ALLOW,
        ),
        // Opens nothing: the unread-effect floor reads the option's value `remove` as the
        // command path's verb, and a permission's removal is lowered ([`crate::recognize::key_use`];
        // a false positive of session 14, fixed in session 15).
        (
            "aws ec2 modify-snapshot-attribute --snapshot-id snap-9 --attribute createVolumePermission --operation-type remove --group-names all",
            ALLOW,
        ),
        (
            "aws rds modify-db-instance --db-instance-identifier orders --no-publicly-accessible",
            ALLOW,
        ),
        (
            "s3cmd setacl --acl-private --recursive s3://acme-exports",
            ALLOW,
        ),
        ("b2 update-bucket acme-exports allPrivate", ALLOW),
        (
            "oci os bucket update --bucket-name exports --public-access-type NoPublicAccess",
            ALLOW,
        ),
        ("mc anonymous get acme/exports", ALLOW),
        (
            "az storage container set-permission --name exports --account-name acmedata --public-access off",
            ALLOW,
        ),
    ]);
}

#[test]
fn everyone_as_a_value_is_caught() {
    expect_at_least(&[
        (
            "aws rds modify-db-cluster-snapshot-attribute --db-cluster-snapshot-identifier c1 --attribute-name restore --values-to-add '[\"all\"]'",
            Severity::Verify,
        ),
        (
            "aws ec2 modify-image-attribute --image-id ami-0abc --launch-permission \"Add=[{Group=all}]\"",
            Severity::Verify,
        ),
        (
            "aws ec2 modify-snapshot-attribute --snapshot-id snap-9 --attribute createVolumePermission --operation-type add --group-names all",
            Severity::Verify,
        ),
        (
            "aws lambda add-permission --function-name billing --statement-id pub --action lambda:InvokeFunction --principal '*'",
            Severity::Verify,
        ),
        (
            "aws rds modify-db-instance --db-instance-identifier orders --publicly-accessible --apply-immediately",
            Severity::Verify,
        ),
        (
            "s3cmd setacl --acl-public --recursive s3://acme-exports",
            Severity::Verify,
        ),
        ("b2 update-bucket acme-exports allPublic", Severity::Verify),
        ("mc anonymous set download acme/exports", Severity::Verify),
        (
            "net share Finance=D:\\Finance /grant:Everyone,FULL",
            Severity::Verify,
        ),
        (
            "linode-cli obj setacl --acl-public acme-exports q3.csv",
            Severity::Verify,
        ),
        // A resource named like a read or a removal is not the operation.
        ("swift post -r '.r:*' get-reports", Severity::Verify),
        (
            "aws ec2 modify-image-attribute --image-id remove-me --launch-permission \"Add=[{Group=all}]\"",
            Severity::Verify,
        ),
        // An unquoted remote command.
        (
            "ssh root@db-7 grubby --update-kernel=ALL --args=selinux=0",
            Severity::Verify,
        ),
    ]);
}

// ---- Kind 3: a whole-set mode that deletes what it is not given ----------------------------

#[test]
fn incremental_modes_previews_and_local_rebuilds_go_ahead() {
    expect_alone(&[
        (
            "az deployment group create -g rg-app --template-file main.bicep --mode Incremental",
            ALLOW,
        ),
        (
            "az deployment group what-if -g rg-app --template-file main.bicep --mode Complete",
            ALLOW,
        ),
        ("git read-tree HEAD", ALLOW),
        ("git fetch --prune", ALLOW),
        ("dbt run --full-refresh --target dev", ALLOW),
        ("dbt build --select orders+ --target prod", ALLOW),
        ("dbt run --full-refresh -s stg_events --target local", ALLOW),
        ("mc mirror ./export acme/archive", ALLOW),
        ("conda env update --file environment.yml --prune", ALLOW),
    ]);
}

#[test]
fn whole_set_modes_are_caught() {
    expect_at_least(&[
        (
            "New-AzResourceGroupDeployment -ResourceGroupName rg-app -TemplateFile main.json -Mode Complete -Force",
            Severity::Verify,
        ),
        (
            "az deployment group create --resource-group rg-app --template-file empty.json --mode=complete",
            Severity::Verify,
        ),
        ("git read-tree -u --reset origin/main", Severity::Confirm),
        (
            "dbt build --full-refresh --target staging",
            Severity::Confirm,
        ),
        ("dbt run --full-refresh --target prod", Severity::Verify),
        ("dbt seed --full-refresh", Severity::Confirm),
        (
            "mc mirror --remove --overwrite ./export acme/archive",
            Severity::Confirm,
        ),
        (
            "s3cmd sync --delete-removed ./site/ s3://acme-www/",
            Severity::Confirm,
        ),
        ("bin/rails db:migrate VERSION=0", Severity::Confirm),
    ]);
}

// ---- Kind 4: a flag that makes a system program act at once --------------------------------

#[test]
fn loading_reading_and_status_go_ahead() {
    expect_alone(&[
        (
            "kexec -l /boot/vmlinuz-6.8 --initrd=/boot/initrd.img-6.8 --reuse-cmdline",
            ALLOW,
        ),
        ("kexec -u", ALLOW),
        ("kexec --help", ALLOW),
        (
            "ipmitool -I lanplus -H 10.0.4.21 -U admin chassis power status",
            ALLOW,
        ),
        ("ipmitool sdr list", ALLOW),
        (
            "busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager CanPowerOff",
            ALLOW,
        ),
        ("racadm getsysinfo", ALLOW),
    ]);
}

#[test]
fn instant_effect_flags_are_caught() {
    expect_at_least(&[
        ("sudo kexec -e", Severity::Verify),
        (
            "kexec -f /boot/vmlinuz-6.8 --initrd=/boot/initrd.img-6.8 --reuse-cmdline",
            Severity::Verify,
        ),
        (
            "kexec /boot/vmlinuz-6.8 --append=\"root=/dev/sda1\"",
            Severity::Verify,
        ),
        (
            "ipmitool -I lanplus -H 10.0.4.21 -U admin chassis power cycle",
            Severity::Verify,
        ),
        ("ipmitool power reset", Severity::Verify),
        ("racadm serveraction powercycle", Severity::Verify),
        (
            "busctl call org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager PowerOff b false",
            Severity::Verify,
        ),
        (
            "dbus-send --system --print-reply --dest=org.freedesktop.login1 /org/freedesktop/login1 org.freedesktop.login1.Manager.Reboot boolean:true",
            Severity::Verify,
        ),
    ]);
}

// ---- What an agent could add to lower a verdict --------------------------------------------

#[test]
fn a_harmless_flag_or_word_does_not_lower_anything() {
    expect_at_least(&[
        // A removal option next to an addition still adds.
        (
            "grubby --update-kernel=ALL --remove-args=quiet --args=selinux=0",
            Severity::Verify,
        ),
        // A removal option on a command that destroys something does not silence it.
        (
            "grubby --remove-kernel /boot/vmlinuz-6.1.0 --remove-args quiet",
            Severity::Confirm,
        ),
        // A local target named in a message is not the target.
        (
            "dbt run --full-refresh --target prod --vars '{note: target dev}'",
            Severity::Verify,
        ),
        // A preview word in a value is not a preview.
        (
            "az deployment group create -g rg-app -f main.bicep --mode Complete --name what-if",
            Severity::Verify,
        ),
        // A protective value for one knob does not cover another knob turned off.
        (
            "sysctl -w kernel.randomize_va_space=2 kernel.kptr_restrict=0",
            Severity::Verify,
        ),
        (
            "aws ec2 modify-image-attribute --image-id ami-0abc --launch-permission \"Remove=[{Group=x}],Add=[{Group=all}]\"",
            Severity::Verify,
        ),
        // `kexec -l` loading, then `-e` jumping, in one line.
        (
            "kexec -l /boot/vmlinuz --reuse-cmdline && kexec -e",
            Severity::Verify,
        ),
    ]);
}

// ---- Second round: the same kinds in other places (payloads, kernel files, option pairs,
// cloud security services, network ranges) -------------------------------------------------

#[test]
fn second_round_near_misses_go_ahead() {
    expect_alone(&[
        // A payload handed to a shell, an interpreter or ssh is judged as its own command:
        // a search or a print there sets nothing.
        ("ssh ops@web-3 \"grep selinux=0 /etc/default/grub\"", ALLOW),
        ("bash -c \"echo 'use selinux=0 only in the lab'\"", ALLOW),
        ("python3 -c \"print('mitigations=off')\"", ALLOW),
        ("cat /sys/fs/selinux/enforce", ALLOW),
        // A setting pair that names no protection, or keeps one on.
        (
            "Set-ItemProperty -Path HKCU:\\Software\\Acme\\Build -Name DisableTelemetry -Value 1",
            ALLOW,
        ),
        ("Get-ProcessMitigation -System", ALLOW),
        ("aws guardduty get-detector --detector-id d1", ALLOW),
        (
            "aws guardduty update-detector --detector-id d1 --enable",
            ALLOW,
        ),
        (
            "az security pricing create -n VirtualMachines --tier standard",
            ALLOW,
        ),
        (
            "az storage account update -n acmedata --allow-blob-public-access false",
            ALLOW,
        ),
        ("gcloud sql instances describe orders", ALLOW),
        ("shorewall check", ALLOW),
        ("nft list ruleset", ALLOW),
        ("ufw status verbose", ALLOW),
        ("semanage permissive -l", ALLOW),
        ("mix ecto.migrate", ALLOW),
        ("rc-status --all", ALLOW),
        ("chkconfig --list iptables", ALLOW),
        ("sudo chkconfig nginx off", ALLOW),
        ("rc-update add iptables default", ALLOW),
    ]);
}

#[test]
fn second_round_dangerous_spellings_are_caught() {
    expect_at_least(&[
        // The kernel's setting files written.
        ("echo 0 > /sys/fs/selinux/enforce", Severity::Verify),
        (
            "echo 0 | sudo tee /proc/sys/kernel/randomize_va_space",
            Severity::Verify,
        ),
        // A protection's setting given as a name/value option pair.
        (
            "Set-ItemProperty -Path \"HKLM:\\SOFTWARE\\Policies\\Microsoft\\Windows Defender\" -Name DisableAntiSpyware -Value 1",
            Severity::Verify,
        ),
        (
            "New-ItemProperty -Path HKLM:\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System -Name EnableLUA -Value 0 -PropertyType DWord -Force",
            Severity::Verify,
        ),
        (
            "Set-ProcessMitigation -System -Disable DEP,ASLR",
            Severity::Verify,
        ),
        // Firewall programs' own words for "open everything".
        ("shorewall clear", Severity::Verify),
        ("sudo nft flush ruleset", Severity::Verify),
        ("ufw --force reset", Severity::Verify),
        ("semanage permissive -a httpd_t", Severity::Confirm),
        // A cloud security service switched off by a negated flag or a value.
        (
            "aws guardduty update-detector --detector-id d1 --no-enable",
            Severity::Verify,
        ),
        (
            "az security pricing create -n VirtualMachines --tier free",
            Severity::Verify,
        ),
        // Everyone as an account id, an ACL token, a public-access switch, a network range.
        (
            "aws sns add-permission --topic-arn arn:aws:sns:us-east-1:1:t --label pub --aws-account-id '*' --action-name Publish",
            Severity::Verify,
        ),
        ("swift post -r '.r:*' exports", Severity::Verify),
        (
            "az storage account update -n acmedata --allow-blob-public-access true",
            Severity::Verify,
        ),
        (
            "gcloud sql instances patch orders --authorized-networks=0.0.0.0/0",
            Severity::Verify,
        ),
        (
            "gcloud compute firewall-rules create open-all --allow tcp --source-ranges 0.0.0.0/0",
            Severity::Confirm,
        ),
        // Every migration rolled back; a machine powered off by its init's own tool.
        ("mix ecto.rollback --all", Severity::Confirm),
        ("openrc-shutdown -p now", Severity::Verify),
        // A firewall's or auditing's service switched off at boot by SysV and OpenRC tools.
        ("sudo chkconfig iptables off", Severity::Verify),
        ("update-rc.d -f auditd remove", Severity::Verify),
        ("rc-update del iptables default", Severity::Verify),
    ]);
}

#[test]
fn third_round_near_misses_go_ahead() {
    expect_alone(&[
        ("cat /proc/sys/kernel/yama/ptrace_scope", ALLOW),
        ("echo 2 > /proc/sys/kernel/randomize_va_space", ALLOW),
        (
            "kubectl create rolebinding dev-view --clusterrole=view --group=platform-devs -n dev",
            ALLOW,
        ),
        (
            "gcloud container clusters describe prod-1 --format='value(loggingService)'",
            ALLOW,
        ),
        ("kpt live status", ALLOW),
        // `everyone` as a plain word, not a grantee.
        ("pytest tests/test_sharing.py -k everyone", ALLOW),
        ("git fetch origin --prune --tags", ALLOW),
    ]);
}

#[test]
fn third_round_dangerous_spellings_are_caught() {
    expect_at_least(&[
        // A hardening knob written through /proc/sys with a weaker value.
        (
            "echo 0 > /proc/sys/kernel/yama/ptrace_scope",
            Severity::Verify,
        ),
        (
            "printf 0 | sudo tee /proc/sys/kernel/kptr_restrict",
            Severity::Verify,
        ),
        // Kubernetes' names for everyone.
        (
            "kubectl create rolebinding view-all --clusterrole=view --group=system:authenticated -n staging",
            Severity::Verify,
        ),
        (
            "oc adm policy add-role-to-group view system:unauthenticated -n reports",
            Severity::Verify,
        ),
        // A cluster's logging switched off.
        (
            "gcloud container clusters update prod-1 --logging=NONE",
            Severity::Confirm,
        ),
        // Prune on a deploy tool no reader names.
        ("kpt live apply --prune=true pkg/", Severity::Confirm),
        (
            "kubecfg update --gc-tag api --prune manifests.jsonnet",
            Severity::Confirm,
        ),
    ]);
}
