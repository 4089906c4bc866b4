//! Storage appliances, volume managers, disk sanitizers, RAID controllers, backup tools and the
//! smaller clouds' data stores (recognize/storage_ops.rs): each program's own verbs read from a
//! table. Rows are written from the tools' references, mostly with programs that occur in no
//! labeled set: the reads of each program first, then its operations by what they destroy,
//! then the bypasses the tables must not allow.

use crate::Severity;
use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, expect_at_least};

#[test]
fn storage_tools_reading_go_ahead() {
    expect_alone(&[
        ("midclt call pool.query", ALLOW),
        (
            "midclt call pool.dataset.query '[[\"name\",\"=\",\"tank/media\"]]'",
            ALLOW,
        ),
        ("midclt call disk.query", ALLOW),
        ("radosgw-admin bucket stats --bucket=photos", ALLOW),
        ("rados df", ALLOW),
        ("rbd info volumes/vm-104-disk-0", ALLOW),
        ("rbd snap ls volumes/vm-104-disk-0", ALLOW),
        ("gluster volume status gv-media detail", ALLOW),
        ("storcli64 /c0/vall show all", ALLOW),
        ("perccli /c0/e32/sall show", ALLOW),
        ("arcconf GETCONFIG 1 LD", ALLOW),
        ("ssacli ctrl slot=0 ld all show status", ALLOW),
        ("MegaCli64 -LDInfo -Lall -aALL", ALLOW),
        ("drbdadm status r0", ALLOW),
        ("stratis pool list", ALLOW),
        ("sg_readcap --long /dev/sdd", ALLOW),
        ("nvme id-ctrl /dev/nvme1", ALLOW),
        ("pvesm status", ALLOW),
        ("targetcli ls /backstores", ALLOW),
        ("cephadm ls", ALLOW),
    ]);
}

#[test]
fn whole_devices_and_pools_erased_are_stopped() {
    expect_at_least(&[
        ("sg_sanitize --block --quick /dev/sdf", Severity::Stop),
        (
            "sg_sanitize -O --pattern=zeros.bin /dev/sg3",
            Severity::Stop,
        ),
        ("sg_format --format --size=4096 /dev/sg2", Severity::Stop),
        ("nvme delete-ns /dev/nvme2 --namespace-id=1", Severity::Stop),
        ("storcli64 /c0/v2 del force", Severity::Stop),
        ("perccli64 /c1/vall delete", Severity::Stop),
        ("storcli /c0/e252/s4 secureerase force", Severity::Stop),
        ("MegaCli64 -CfgClr -a0", Severity::Stop),
        ("megacli -CfgLdDel -L1 -Force -a0", Severity::Stop),
        ("arcconf DELETE 1 LOGICALDRIVE ALL noprompt", Severity::Stop),
        (
            "arcconf task start 1 device 0 3 secureerase noprompt",
            Severity::Stop,
        ),
        ("ssacli ctrl slot=0 ld 2 delete forced", Severity::Stop),
        ("hpssacli ctrl slot=1 array B delete forced", Severity::Stop),
        ("blkzone reset /dev/sdh", Severity::Stop),
        (
            "cephadm rm-cluster --fsid 3c1d --force --zap-osds",
            Severity::Stop,
        ),
        ("ceph-volume lvm zap /dev/sdj --destroy", Severity::Stop),
        (
            "rados purge cold-archive --yes-i-really-really-mean-it",
            Severity::Stop,
        ),
        ("stratis pool destroy media", Severity::Stop),
        ("midclt call disk.wipe sdc FULL", Severity::Stop),
        (
            "proxmox-backup-manager datastore remove store2 --destroy-data",
            Severity::Stop,
        ),
        ("tarsnap --nuke", Severity::Stop),
        ("badblocks -wsv -b 4096 /dev/sdm", Severity::Stop),
        (
            "nwipe --autonomous --method=dodshort /dev/sdn",
            Severity::Stop,
        ),
        ("scrub -p dod /dev/sdo", Severity::Stop),
        ("dc3dd hwipe=/dev/sdp hash=sha256", Severity::Stop),
        ("purevol eradicate vol-orders-01", Severity::Stop),
        // Said over ssh to the array: the remote command is the same operation.
        (
            "ssh pureuser@array01 purevol eradicate vol-orders-01",
            Severity::Stop,
        ),
    ]);
}

#[test]
fn data_stores_volumes_and_backups_deleted_are_verified() {
    expect_at_least(&[
        // TrueNAS's middleware: the destroy is in the JSON argument, not a flag.
        (
            "midclt call pool.export 2 '{\"destroy\": true, \"cascade\": true}'",
            Severity::Verify,
        ),
        (
            "midclt call pool.dataset.delete tank/vmstore '{\"recursive\": true}'",
            Severity::Verify,
        ),
        (
            "midclt call zfs.snapshot.delete 'tank/home@auto-2024-01-01'",
            Severity::Verify,
        ),
        (
            "midclt call pool.snapshot.delete tank/db@hourly",
            Severity::Verify,
        ),
        ("rbd rm volumes/vm-210-disk-1", Severity::Verify),
        ("rbd snap purge volumes/vm-210-disk-1", Severity::Verify),
        ("rbd trash purge volumes", Severity::Verify),
        (
            "rbd resize --size 10G --allow-shrink volumes/img",
            Severity::Verify,
        ),
        (
            "radosgw-admin bucket rm --bucket=photos --purge-objects",
            Severity::Verify,
        ),
        (
            "radosgw-admin user rm --uid=svc-backup --purge-data",
            Severity::Verify,
        ),
        ("ceph osd purge 7 --yes-i-really-mean-it", Severity::Verify),
        (
            "ceph fs volume rm homes --yes-i-really-mean-it",
            Severity::Verify,
        ),
        (
            "gluster volume remove-brick gv0 node3:/bricks/b1 force",
            Severity::Verify,
        ),
        ("gluster snapshot delete all", Severity::Verify),
        ("stratis filesystem destroy media movies", Severity::Verify),
        ("vdo remove --name=vdo-backups --force", Severity::Verify),
        ("lvresize -L 5G vg_data/lv_home", Severity::Verify),
        ("vgreduce --removemissing --force vg_data", Severity::Verify),
        (
            "mdadm --create /dev/md1 --level=1 --raid-devices=2 /dev/sdk /dev/sdl",
            Severity::Verify,
        ),
        ("drbdadm invalidate r0", Severity::Verify),
        ("drbdadm wipe-md r1", Severity::Verify),
        ("drbdadm connect --discard-my-data r0", Severity::Verify),
        ("cryptsetup luksKillSlot /dev/sdb2 0", Severity::Verify),
        (
            "hdparm --trim-sector-ranges 0:65535 --please-destroy-my-drive /dev/sdc",
            Severity::Verify,
        ),
        (
            "nvme write-zeroes /dev/nvme0n1 --start-block=0 --block-count=65535",
            Severity::Verify,
        ),
        ("sg_unmap --lba=0 --num=2097152 /dev/sdg", Severity::Verify),
        ("pvesm free local-lvm:vm-301-disk-0", Severity::Verify),
        (
            "proxmox-backup-client snapshot forget vm/101/2024-05-01T02:00:00Z",
            Severity::Verify,
        ),
        (
            "proxmox-backup-client prune vm/101 --keep-last 1",
            Severity::Verify,
        ),
        ("tarsnap -d -f nightly-2024-06-01", Severity::Verify),
        ("kopia snapshot expire --all --delete", Severity::Verify),
        ("kopia blob delete p0a1b2", Severity::Verify),
        (
            "rdiff-backup --remove-older-than 1D /srv/backups/web",
            Severity::Verify,
        ),
        (
            "rdiff-backup remove increments --older-than 2W /srv/backups/web",
            Severity::Verify,
        ),
        ("bup rm --unsafe -n nightly", Severity::Verify),
        ("btrbk prune --preserve", Severity::Verify),
        ("snapper -c home delete 40-90", Severity::Verify),
        ("timeshift --delete-all", Severity::Verify),
        (
            "syncoid --force-delete tank/data backup/data",
            Severity::Verify,
        ),
        ("duply nightly purgeFull --force", Severity::Verify),
        (
            "duplicity remove-older-than 1D --force file:///mnt/bk",
            Severity::Verify,
        ),
        (
            "az backup protection disable --container-name c --item-name vm1 -g rg -v vault --delete-backup-data true --yes",
            Severity::Verify,
        ),
        (
            "az backup vault delete --name corp-vault -g rg --force --yes",
            Severity::Verify,
        ),
        ("velero schedule delete --all --confirm", Severity::Verify),
        ("xfs_repair -L /dev/mapper/vg-data", Severity::Verify),
        ("purevol destroy vol-orders-01", Severity::Verify),
        ("removevv -f vv-orders", Severity::Verify),
        ("svctask rmvdisk -force 12", Severity::Verify),
        ("tmutil deletelocalsnapshots /", Severity::Verify),
        // The smaller clouds' managed data stores are data, not machines.
        (
            "scw rdb instance delete 7c1f-33aa region=nl-ams",
            Severity::Verify,
        ),
        (
            "scw instance snapshot delete 1a2b-3c4d zone=fr-par-1",
            Severity::Verify,
        ),
        ("scw block volume delete 1a2b-3c4d", Severity::Verify),
        ("exo dbaas delete pg-orders -z ch-gva-2", Severity::Verify),
        ("vultr-cli snapshot delete 9f3e-11", Severity::Verify),
        ("upctl storage delete 01a2b3c4", Severity::Verify),
        (
            "openstack volume delete --purge vol-archive",
            Severity::Verify,
        ),
        (
            "ionosctl volume delete --datacenter-id d1 --volume-id v1 -f",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn service_interruptions_and_machines_deleted_are_confirmed() {
    expect_alone(&[
        ("midclt call pool.export 2", CONFIRM),
        ("mdadm -S /dev/md127", CONFIRM),
        ("mdadm --manage /dev/md0 --fail /dev/sdc1", CONFIRM),
        ("drbdadm down r0", CONFIRM),
        ("gluster volume stop gv-media force", CONFIRM),
        (
            "iscsiadm -m node -T iqn.2001-04.com.example:storage.disk1 -p 10.0.0.5 --logout",
            CONFIRM,
        ),
        ("ceph osd out 7", CONFIRM),
        ("pct destroy 120", CONFIRM),
        ("upctl server delete web-7 --delete-storages=false", CONFIRM),
        // Machines stopped or volumes detached in the smaller clouds: a service interrupted.
        ("linode-cli linodes shutdown 4182", CONFIRM),
        ("hcloud server poweroff web-3", CONFIRM),
        ("civo instance stop web-3", CONFIRM),
        ("doctl compute volume-action detach 7f1 3321", CONFIRM),
        ("openstack server shelve web-3", CONFIRM),
    ]);
    // A VM destroyed with its disks purged is its data.
    expect_at_least(&[(
        "qm destroy 301 --purge 1 --destroy-unreferenced-disks 1",
        Severity::Verify,
    )]);
}

#[test]
fn reads_and_bounded_changes_of_the_same_programs_go_ahead() {
    expect_alone(&[
        ("mdadm --examine /dev/sdb1", ALLOW),
        ("mdadm --detail --scan", ALLOW),
        ("drbdadm dump all", ALLOW),
        ("hdparm -tT /dev/nvme0n1", ALLOW),
        ("hdparm -I /dev/sdc", ALLOW),
        ("nvme smart-log /dev/nvme1", ALLOW),
        ("sg_inq /dev/sg1", ALLOW),
        ("tarsnap --list-archives", ALLOW),
        ("tarsnap -t -f nightly-2024-06-01", ALLOW),
        ("proxmox-backup-client snapshot list", ALLOW),
        ("kopia snapshot list --all", ALLOW),
        ("rdiff-backup --list-increments /srv/backups/web", ALLOW),
        ("snapper -c home list", ALLOW),
        ("timeshift --list", ALLOW),
        ("iscsiadm -m session -P 3", ALLOW),
        ("rbd du volumes", ALLOW),
        ("badblocks -sv /dev/sdm", ALLOW),
        // Maintenance that removes only what nothing refers to.
        ("btrbk clean", ALLOW),
        ("bup gc", ALLOW),
        ("badblocks -nsv /dev/sdm", ALLOW),
        ("xfs_repair -n /dev/mapper/vg-data", ALLOW),
        ("purevol list --space", ALLOW),
        (
            "dc3dd if=/dev/sdp of=/mnt/evidence/sdp.img hash=sha256",
            ALLOW,
        ),
        ("tmutil listbackups", ALLOW),
        ("svcinfo lsvdisk", ALLOW),
        ("radosgw-admin user info --uid=svc-backup", ALLOW),
        ("ceph osd pool ls detail", ALLOW),
        ("gluster peer status", ALLOW),
        ("scw rdb instance list region=nl-ams", ALLOW),
        ("exo dbaas list", ALLOW),
        ("upctl storage list", ALLOW),
        ("vultr-cli snapshot list", ALLOW),
        ("linode-cli linodes view 4182", ALLOW),
        ("hcloud server describe web-3", ALLOW),
        ("openstack server show web-3", ALLOW),
        // A dataset named by a variable is not hidden options.
        ("midclt call pool.dataset.query \"$DS\"", ALLOW),
        // A read through the REST API with a destroy word in its query reads.
        (
            "curl -s 'https://nas.lan/api/v2.0/pool/dataset?destroy=true' -u root:$TN_PASS",
            ALLOW,
        ),
        (
            "curl -s -X POST https://nas.lan/api/v2.0/pool/dataset -d '{\"name\": \"tank/new\", \"destroy\": false}'",
            ALLOW,
        ),
        (
            "midclt call pool.dataset.create '{\"name\": \"tank/scratch\"}'",
            ALLOW,
        ),
        (
            "midclt call pool.snapshot.create '{\"dataset\": \"tank/db\", \"name\": \"pre-upgrade\"}'",
            ALLOW,
        ),
        ("rbd snap create volumes/img@pre-upgrade", ALLOW),
        ("stratis filesystem create media movies", ALLOW),
    ]);
}

#[test]
fn words_added_to_the_line_do_not_lower_an_erase() {
    expect_alone(&[
        // A read verb or a format option elsewhere on the line changes nothing.
        ("sg_sanitize --crypto --quick /dev/sdf --format table", STOP),
        ("storcli64 /c0/v0 del force show", STOP),
        // A JSON field set false is not the destroy; a true one anywhere in the argument is.
        (
            "midclt call pool.export 2 '{\"cascade\": false, \"destroy\": true}'",
            STOP,
        ),
        ("midclt call pool.export 2 '{\"destroy\":false}'", CONFIRM),
        // Global options and the job flag before the method change nothing.
        (
            "midclt -u ws://nas.lan/websocket call -job pool.export 1 '{\"destroy\":true}'",
            STOP,
        ),
        // Options hidden in a file or a variable are read as the worst they can be.
        ("midclt call pool.export 1 \"$(cat /tmp/opts.json)\"", STOP),
        ("midclt call pool.dataset.delete tank/vm \"$OPTS\"", STOP),
        // The same destroy through the appliance's REST API, or another's.
        (
            "curl -X POST -u root:$TN_PASS https://nas.lan/api/v2.0/pool/id/1/export -d '{\"destroy\": true}'",
            VERIFY,
        ),
        (
            "curl -X DELETE -H \"Authorization: PVEAPIToken=$TOK\" 'https://pve1:8006/api2/json/nodes/pve1/qemu/301?purge=1&destroy-unreferenced-disks=1'",
            VERIFY,
        ),
        // A delete of a data store named like a scratch copy is still a delete of data.
        ("rbd rm volumes/scratch-test", VERIFY),
        // Spelled in capitals (arcconf and MegaCLI read their words in any case).
        ("ARCCONF delete 1 logicaldrive 0 noprompt", STOP),
        ("megacli -cfgclr -aALL", STOP),
        // A production name raises an interruption.
        ("mdadm --stop /dev/md-prod-db", VERIFY),
    ]);
    // Help asked is not an erase.
    expect_alone(&[("sg_sanitize --help", ALLOW)]);
}
