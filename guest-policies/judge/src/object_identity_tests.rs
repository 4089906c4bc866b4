//! Whole-object operations and exposure, by what the object is (session 18, holdout13's model
//! 4): the line's own words (a comment, a name, a label) raise a whole-object delete of a
//! named critical object (recognize/identity.rs); hypervisors' and password managers' deletes
//! are read from their tables (recognize/storage_ops.rs); public ACLs and links in each
//! vendor's spelling are read from recognize/public_toggles.rs. Most programs and spellings
//! here occur in no labeled set: vim-cmd, gnt-instance, metal, ovhcloud, keepassxc-cli, rbw,
//! berglas, teller, bws, hcp, secret-tool, keyring, passage, cmdkey, Remove-Secret,
//! New-AzStorageContainer, Set-AzStorageAccount, rclone link, Box, ossutil, obsutil, tccli cos,
//! coscli, `gsutil acl ch`, `--predefined-acl`.

use crate::finding::Severity;
use crate::severity_tables::{CONFIRM, expect_allowed, expect_alone, expect_at_least};

/// A comment or a name that says the deleted object is production, a primary, backups,
/// break-glass or root access, or the money's records raises the delete to a verification.
#[test]
fn a_delete_of_a_named_critical_object_is_verified() {
    expect_at_least(&[
        (
            "linode-cli linodes delete 41235678   # billing-db primary",
            Severity::Verify,
        ),
        ("hcloud server delete ledger-db-1", Severity::Verify),
        ("openstack server delete pg-primary", Severity::Verify),
        (
            "ionosctl server delete --datacenter-id 7a1 --server-id 9b2 --force  # payroll app server",
            Severity::Verify,
        ),
        (
            "scw instance server delete 11111111-2222  # the break-glass bastion",
            Severity::Verify,
        ),
        (
            "gnt-instance remove mysql-master.example.org",
            Severity::Verify,
        ),
        (
            "vim-cmd vmsvc/destroy 14   # backup proxy VM",
            Severity::Verify,
        ),
        (
            "metal device delete --id 8f2a91 --force  # prd edge",
            Severity::Verify,
        ),
        (
            "keepassxc-cli rm team.kdbx \"Infra/root mysql\"",
            Severity::Verify,
        ),
        ("rbw remove \"AWS break glass\"", Severity::Verify),
        (
            "hcp vault-secrets secrets delete ledger_api_key --app core",
            Severity::Verify,
        ),
        (
            "security delete-generic-password -s emergency-admin",
            Severity::Verify,
        ),
    ]);
}

/// The same deletes of an object the line does not name as critical stay asked, not more;
/// the same programs reading stay allowed, whatever their names say.
#[test]
fn unnamed_deletes_are_asked_and_reads_of_named_objects_go_ahead() {
    expect_alone(&[
        ("hcloud server delete web-canary-3", CONFIRM),
        ("gnt-instance remove web7.example.org", CONFIRM),
        ("rbw remove \"old forum login\"", CONFIRM),
        ("metal device delete --id 8f2a91 --force", CONFIRM),
        ("keyring del smtp-relay alice", CONFIRM),
        ("cmdkey /delete:TERMSRV/build-agent-4", CONFIRM),
    ]);
    expect_allowed(&[
        "hcloud server describe ledger-db-1",
        "openstack server show pg-primary   # the primary",
        "gnt-instance list",
        "gnt-instance info mysql-master.example.org",
        "vim-cmd vmsvc/getallvms",
        "metal device get --id 8f2a91   # prd edge",
        "keepassxc-cli ls team.kdbx Infra",
        "rbw list",
        "security find-certificate -a -c root",
        "ovhcloud cloud instance list --cloud-project 5d8e",
    ]);
}

/// A name that sounds harmless lowers nothing: a production delete named `test-` in its id,
/// or commented "just a test box", keeps its verification.
#[test]
fn a_harmless_sounding_name_or_comment_lowers_nothing() {
    expect_at_least(&[
        (
            "virsh undefine test-box --remove-all-storage   # just a test box",
            Severity::Verify,
        ),
        (
            "govc vm.destroy test-prod-sql-01   # scratch",
            Severity::Verify,
        ),
        (
            "bws project delete 6d1c9e2a   # temporary, throwaway",
            Severity::Verify,
        ),
    ]);
}

/// Hypervisors: a machine deleted is asked, with its disks or storage verified; a disk, a
/// pool or a snapshot deleted is verified; reads go ahead.
#[test]
fn hypervisor_deletes_by_what_goes_with_the_machine() {
    expect_at_least(&[
        (
            "virsh undefine web-test --remove-all-storage",
            Severity::Verify,
        ),
        (
            "virsh vol-delete --pool default web-test.qcow2",
            Severity::Verify,
        ),
        (
            "incus storage volume delete default pgdata",
            Severity::Verify,
        ),
        ("incus delete web-test --force", Severity::Confirm),
        (
            "VBoxManage unregistervm web-test --delete",
            Severity::Confirm,
        ),
        ("virsh undefine web-test", Severity::Confirm),
        ("xe vm-uninstall uuid=3f1c2d force=true", Severity::Verify),
        ("xe sr-destroy uuid=9a8b", Severity::Verify),
        ("acli vg.delete data-vg", Severity::Verify),
        ("lxc-destroy -n web -s", Severity::Verify),
        ("vim-cmd vmsvc/snapshot.removeall 14", Severity::Verify),
        (
            "ovhcloud cloud storage-block delete 77aa --cloud-project 5d8e",
            Severity::Verify,
        ),
        ("govc vm.destroy build-agent-7", Severity::Confirm),
        ("acli vm.delete build-runner-4", Severity::Confirm),
    ]);
    expect_allowed(&[
        "virsh list --all",
        "virsh dominfo web-test",
        "VBoxManage list vms",
        "VBoxManage showvminfo \"Win10 build\"",
        "govc vm.info build-agent-7",
        "xe vm-list",
        "xe sr-list",
        "incus list",
        "incus info web-canary",
        "acli vm.list",
        "incus storage volume list default",
    ]);
}

/// Password managers and secret stores: one item deleted is asked, a folder, a project or a
/// keychain verified; listings go ahead.
#[test]
fn secret_store_deletes_by_how_much_goes() {
    expect_at_least(&[
        ("lpass rm Personal/netflix", Severity::Confirm),
        ("lpass share rm Shared-Infra", Severity::Verify),
        ("keeper rmdir \"Ops/Shared\"", Severity::Verify),
        ("keeper rm \"dev smtp\"", Severity::Confirm),
        ("akeyless delete-items --path /team-a", Severity::Verify),
        ("berglas delete my-secrets/api-key", Severity::Confirm),
        ("teller delete STRIPE_KEY", Severity::Confirm),
        ("bws secret delete 6d1c9e2a-1b3f", Severity::Confirm),
        (
            "security delete-keychain ~/Library/Keychains/ci.keychain-db",
            Severity::Verify,
        ),
        ("hcp vault-secrets apps delete core", Severity::Verify),
        (
            "secret-tool clear service smtp user alice",
            Severity::Confirm,
        ),
        ("passage rm -r work", Severity::Verify),
        (
            "Remove-Secret -Name GitHubToken -Vault LocalStore",
            Severity::Confirm,
        ),
    ]);
    expect_allowed(&[
        "lpass ls",
        "keeper ls",
        "akeyless list-items",
        "chamber list billing",
        "bws project list",
        "hcp vault-secrets secrets list --app core",
        "passage ls",
        "cmdkey /list",
        "keeper tree",
    ]);
}

/// Public ACLs and links in each vendor's spelling are verified; closing them, reading them
/// and setting them private go ahead.
#[test]
fn public_acls_and_links_in_every_vendors_spelling() {
    expect_at_least(&[
        (
            "Set-AzStorageContainerAcl -Name payroll -Permission Blob -Context $ctx",
            Severity::Verify,
        ),
        (
            "New-AzStorageContainer -Name drops -Permission Container -Context $ctx",
            Severity::Verify,
        ),
        (
            "Set-AzStorageAccount -ResourceGroupName rg-fin -Name finsa -AllowBlobPublicAccess $true",
            Severity::Verify,
        ),
        (
            "gsutil acl ch -u AllUsers:R gs://acme-exports/report.csv",
            Severity::Verify,
        ),
        (
            "gsutil -m acl ch -r -g AllAuthenticatedUsers:READ gs://acme-exports",
            Severity::Verify,
        ),
        (
            "gcloud storage objects update gs://acme-exports/q3.csv --predefined-acl=publicRead",
            Severity::Verify,
        ),
        (
            "gdrive permissions share 1AbCdEf --type anyone --role reader",
            Severity::Verify,
        ),
        (
            "rclone link dropbox:exports/customers.csv",
            Severity::Confirm,
        ),
        (
            "box shared-links:create 12345 file --access open",
            Severity::Verify,
        ),
        (
            "ossutil set-acl oss://exports public-read -b",
            Severity::Verify,
        ),
        (
            "obsutil chattr obs://exports -acl=public-read",
            Severity::Verify,
        ),
        (
            "tccli cos PutBucketAcl --Bucket exports-125 --ACL public-read",
            Severity::Verify,
        ),
    ]);
    expect_allowed(&[
        "Get-AzStorageContainerAcl -Name payroll -Context $ctx",
        "Set-AzStorageContainerAcl -Name payroll -Permission Off -Context $ctx",
        "Set-AzStorageAccount -ResourceGroupName rg-fin -Name finsa -AllowBlobPublicAccess $false",
        "gsutil acl get gs://acme-exports",
        "gsutil iam ch -d allUsers gs://acme-exports",
        "gsutil acl ch -d AllUsers gs://acme-exports/report.csv",
        "gcloud storage objects update gs://acme-exports/q3.csv --predefined-acl=private",
        "gdrive permissions list 1AbCdEf",
        "box shared-links:create 12345 file --access company",
        "ossutil set-acl oss://exports private -b",
        "obsutil chattr obs://exports -acl=private",
        "aws s3api put-public-access-block --bucket acme-exports --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true",
    ]);
}

/// The lowerings here (a removal with `gsutil ... ch -d`, a guard turned on) keep the
/// dangerous verdict when a grant or an opening is added on the same line.
#[test]
fn a_closing_word_beside_an_opening_keeps_the_opening() {
    expect_at_least(&[
        (
            "gsutil iam ch -d allUsers allUsers:objectViewer gs://acme-exports",
            Severity::Verify,
        ),
        (
            "gsutil acl ch -d AllUsers -u AllUsers:R gs://acme-exports/report.csv",
            Severity::Verify,
        ),
        (
            "aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=false,RestrictPublicBuckets=true",
            Severity::Verify,
        ),
        (
            "aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=true --public-access-block-configuration RestrictPublicBuckets=false",
            Severity::Verify,
        ),
        (
            "Set-AzStorageContainerAcl -Name payroll -Permission Off -Context $ctx; Set-AzStorageContainerAcl -Name payroll -Permission Container -Context $ctx",
            Severity::Verify,
        ),
    ]);
}
