//! Storage administration by each tool's own verbs: storage appliances (TrueNAS's middleware,
//! Ceph, Gluster, Stratis, VDO, Proxmox storage), volume managers and RAID (LVM, mdadm, DRBD,
//! hardware RAID controllers' CLIs), disk sanitizing (SCSI, ATA, NVMe, zoned devices), backup
//! tools, and the smaller clouds' data stores (managed databases, volumes, snapshots, buckets).
//!
//! One reader, many tables: a program's name selects its table, and each row says which command
//! path and options make an operation, what the operation does to data, and which options make
//! it worse (recursive, purge, with its volumes). What it does, by tier:
//! - **erases**: every byte of a device, pool, array or store is gone (a sanitize, a secure
//!   erase, a virtual drive deleted, a pool deleted): stopped;
//! - **deletes**: a data store, volume, snapshot or backup is gone, or data is overwritten (a
//!   rollback, a forced resync): verified out of band;
//! - **disrupts**: a service interrupted, a machine deleted, a definition removed, that can be
//!   brought back: a person confirms.
//!
//! A production name on the line raises a disruption to a verification. Nothing here lowers a
//! verdict: a row either names an operation or stays silent, and the generic reader reads what
//! no row names. Reads (`list`, `show`, `status`, `info`, `query`) are in no table.
//!
//! The facts come from the tools' references (man pages and CLI references) as written there.

use super::containers::production;
use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// What an operation does to the data it reaches.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Effect {
    /// Every byte of a device, pool, array or whole store is gone.
    Erases,
    /// A data store, volume, snapshot or backup is gone, or data is overwritten.
    Deletes,
    /// A service interrupted, a machine or a definition removed: brought back by hand.
    Disrupts,
}
pub(crate) use Effect::{Deletes, Disrupts, Erases};

/// One operation of a program.
///
/// `path` is the command path, matched word by word (any case) against consecutive operands
/// starting at one of the first three (global options' values may come first): each word is a
/// `|`-list of spellings, `*` in a spelling stands for any text. `with`: one of these must be
/// given (empty: none needed); `and`: one of these too. `worse`: one of these makes it one tier
/// worse. An option spelling is matched as the program reads it:
/// - `--name`: the word, or `--name=VALUE` unless the value is false (`=false`, `=no`, `=0`);
/// - `--name=value` / `-x=value`: that value, joined by `=` or as the next word;
/// - `-x` (one letter): the word, or a cluster of letters holding it (`-ua`);
/// - `-LongName` (one dash, several letters): the word in any case (MegaCLI's `-CfgLdDel`);
/// - `=field`: a JSON argument's field set true (`{"destroy": true}`) or `field=true`;
/// - anything else: an operand word, in any case, `*` for any text (`force`, `/dev/*`).
pub(crate) struct Op {
    path: &'static [&'static str],
    with: &'static [&'static str],
    and: &'static [&'static str],
    worse: &'static [&'static str],
    effect: Effect,
    what: &'static str,
}

pub(crate) const fn op(path: &'static [&'static str], effect: Effect, what: &'static str) -> Op {
    Op {
        path,
        with: &[],
        and: &[],
        worse: &[],
        effect,
        what,
    }
}

impl Op {
    pub(crate) const fn with(self, with: &'static [&'static str]) -> Op {
        Op { with, ..self }
    }
    pub(crate) const fn and(self, and: &'static [&'static str]) -> Op {
        Op { and, ..self }
    }
    pub(crate) const fn worse(self, worse: &'static [&'static str]) -> Op {
        Op { worse, ..self }
    }
}

/// The spellings of a delete in the smaller clouds' CLIs.
const DEL: &str = "delete|del|rm|remove|destroy|terminate|purge";

/// The program's table and the family its findings belong to.
fn table(program: &str) -> Option<(&'static [Op], Family)> {
    let fs = Family::Filesystem;
    let cloud = Family::Cloud;
    let secrets = Family::Secrets;
    Some(match program {
        "midclt" => (MIDCLT, fs),
        "zfs" => (ZFS, fs),
        "zpool" => (ZPOOL, fs),
        "ceph" => (CEPH, fs),
        "rbd" => (RBD, fs),
        "rados" => (RADOS, fs),
        "radosgw-admin" => (RADOSGW, fs),
        "cephadm" => (CEPHADM, fs),
        "ceph-volume" => (CEPH_VOLUME, fs),
        "gluster" => (GLUSTER, fs),
        "stratis" => (STRATIS, fs),
        "vdo" => (VDO, fs),
        "lvm" => (LVM, fs),
        "lvresize" => (LVRESIZE, fs),
        "vgreduce" => (VGREDUCE, fs),
        "vgchange" | "lvchange" => (DEACTIVATE, fs),
        "lvconvert" => (LVCONVERT, fs),
        "dmsetup" => (DMSETUP, fs),
        "mdadm" => (MDADM, fs),
        "cryptsetup" => (CRYPTSETUP, fs),
        "drbdadm" => (DRBDADM, fs),
        "iscsiadm" => (ISCSIADM, fs),
        "targetcli" => (TARGETCLI, fs),
        "multipath" => (MULTIPATH, fs),
        "exportfs" => (EXPORTFS, fs),
        "sg_sanitize" => (SG_SANITIZE, fs),
        "sg_format" => (SG_FORMAT, fs),
        "sg_unmap" | "sg_write_same" => (SG_WRITE, fs),
        "hdparm" => (HDPARM, fs),
        "badblocks" => (BADBLOCKS, fs),
        "nwipe" => (NWIPE, fs),
        "scrub" => (SCRUB, fs),
        "dc3dd" => (DC3DD, fs),
        "xfs_repair" => (XFS_REPAIR, fs),
        "purevol" | "purepgroup" | "purefs" | "purepod" => (PURE, fs),
        "purehost" | "purehgroup" => (PURE_HOSTS, fs),
        "removevv" | "removecpg" | "rmvdisk" | "rmvolume" | "rmmdiskgrp" => (ARRAY_REMOVE, fs),
        "svctask" => (SVCTASK, fs),
        "tmutil" => (TMUTIL, fs),
        "nvme" => (NVME, fs),
        "blkzone" => (BLKZONE, fs),
        "storcli" | "storcli64" | "storcli2" | "perccli" | "perccli64" | "perccli2" => {
            (STORCLI, fs)
        }
        "megacli" | "megacli64" => (MEGACLI, fs),
        "arcconf" => (ARCCONF, fs),
        "ssacli" | "hpssacli" | "hpacucli" => (SSACLI, fs),
        "pvesm" => (PVESM, fs),
        "qm" | "pct" => (PROXMOX_GUESTS, fs),
        "pvesh" => (PVESH, fs),
        "virsh" => (VIRSH, cloud),
        "vboxmanage" => (VBOXMANAGE, cloud),
        "incus" | "lxc" => (INCUS, cloud),
        "govc" => (GOVC, cloud),
        "vim-cmd" => (VIM_CMD, cloud),
        "xe" => (XE, cloud),
        "lxc-destroy" => (LXC_DESTROY, cloud),
        "acli" => (ACLI, cloud),
        "gnt-instance" => (GANETI, cloud),
        "metal" => (METAL, cloud),
        "ovhcloud" => (OVHCLOUD, cloud),
        "lpass" => (LPASS, secrets),
        "keeper" => (KEEPER, secrets),
        "keepassxc-cli" => (KEEPASSXC, secrets),
        "rbw" => (RBW, secrets),
        "akeyless" => (AKEYLESS, secrets),
        "chamber" | "berglas" | "teller" => (NAMED_SECRET_DELETE, secrets),
        "bws" => (BWS, secrets),
        "security" => (MAC_KEYCHAIN, secrets),
        "hcp" => (HCP, secrets),
        "secret-tool" => (SECRET_TOOL, secrets),
        "keyring" => (KEYRING, secrets),
        "passage" => (PASSAGE, secrets),
        "cmdkey" => (CMDKEY, secrets),
        "vaultcmd" => (VAULTCMD, secrets),
        "fsutil" => (FSUTIL, fs),
        "remove-secret" => (REMOVE_SECRET, secrets),
        "proxmox-backup-client" => (PBS_CLIENT, fs),
        "proxmox-backup-manager" => (PBS_MANAGER, fs),
        "tarsnap" => (TARSNAP, fs),
        "kopia" => (KOPIA, fs),
        "duply" => (DUPLY, fs),
        "rdiff-backup" => (RDIFF_BACKUP, fs),
        "bup" => (BUP, fs),
        "btrbk" => (BTRBK, fs),
        "snapper" => (SNAPPER, fs),
        "timeshift" => (TIMESHIFT, fs),
        "syncoid" | "zfs-autobackup" => (ZFS_REPLICATION, fs),
        "velero" => (VELERO, fs),
        "az" => (AZ_BACKUP, cloud),
        "scw" => (SCW, cloud),
        "doctl" => (DOCTL, cloud),
        "linode-cli" => (LINODE, cloud),
        "hcloud" => (HCLOUD, cloud),
        "vultr-cli" => (VULTR, cloud),
        "upctl" => (UPCLOUD, cloud),
        "exo" => (EXOSCALE, cloud),
        "civo" => (CIVO, cloud),
        "ionosctl" => (IONOS, cloud),
        "stackit" => (STACKIT, cloud),
        "oci" => (OCI, cloud),
        "ibmcloud" => (IBMCLOUD, cloud),
        "yc" => (YANDEX, cloud),
        "aliyun" => (ALIYUN, cloud),
        "tccli" => (TENCENT, cloud),
        "openstack" => (OPENSTACK, cloud),
        "cinder" => (OPENSTACK_DATA, cloud),
        "nova" => (NOVA, cloud),
        _ => return None,
    })
}

// TrueNAS's middleware client: `midclt call METHOD [ARG...]`, the arguments JSON.
const MIDCLT: &[Op] = &[
    op(
        &["call", "pool.export"],
        Erases,
        "exports a pool with destroy set: the pool and every dataset in it are destroyed",
    )
    .with(&["=destroy"]),
    op(
        &["call", "pool.export"],
        Disrupts,
        "exports a pool: its datasets, shares and apps go offline",
    ),
    op(
        &["call", "pool.dataset.delete|zfs.dataset.delete"],
        Deletes,
        "deletes a dataset with its data",
    )
    .worse(&["=recursive"]),
    op(
        &[
            "call",
            "pool.snapshot.delete|zfs.snapshot.delete|pool.dataset.destroy_snapshots",
        ],
        Deletes,
        "deletes snapshots: the points to restore from are gone",
    ),
    op(
        &[
            "call",
            "pool.snapshot.rollback|zfs.snapshot.rollback|pool.dataset.rollback",
        ],
        Deletes,
        "rolls a dataset back: what was written since is lost",
    )
    .worse(&["=recursive", "=recursive_clones"]),
    op(&["call", "disk.wipe"], Erases, "wipes a disk"),
    op(
        &["call", "config.reset"],
        Deletes,
        "resets the appliance's configuration to its defaults",
    ),
    op(
        &["call", "pool.remove|pool.detach|pool.offline|pool.replace"],
        Disrupts,
        "takes a device out of a pool",
    ),
    op(
        &[
            "call",
            "replication.delete|pool.snapshottask.delete|cloudsync.delete|rsynctask.delete|cloud_backup.delete",
        ],
        Disrupts,
        "deletes a replication or backup task: nothing is backed up any more",
    ),
    op(
        &[
            "call",
            "sharing.smb.delete|sharing.nfs.delete|iscsi.extent.delete|iscsi.target.delete",
        ],
        Disrupts,
        "deletes a share or an iSCSI target",
    )
    .worse(&["=remove"]),
    op(
        &["call", "vm.delete|virt.instance.delete"],
        Disrupts,
        "deletes a virtual machine",
    )
    .worse(&["=zvols"]),
    op(
        &["call", "app.delete|chart.release.delete"],
        Disrupts,
        "deletes an application",
    )
    .worse(&["=remove_ix_volumes", "=remove_images"]),
    op(
        &[
            "call",
            "user.delete|group.delete|certificate.delete|kerberos.keytab.delete",
        ],
        Disrupts,
        "deletes an account or a credential of the appliance",
    ),
    op(
        &[
            "call",
            "system.reboot|system.shutdown|failover.reboot.other_node",
        ],
        Disrupts,
        "reboots or shuts down the storage appliance",
    ),
];

// Forms `filesystem::volumes` does not read (`zfs destroy`, `zfs rollback`, `zpool destroy`
// and `labelclear` are read there).
const ZFS: &[Op] = &[op(
    &["receive|recv"],
    Disrupts,
    "receives with a forced rollback (-F): the target's newer snapshots and changes are destroyed",
)
.with(&["-F"])];

const ZPOOL: &[Op] = &[
    op(
        &["create"],
        Deletes,
        "creates a pool forcing over devices in use: what they held is lost",
    )
    .with(&["-f"]),
    op(
        &["remove|detach|offline|split"],
        Disrupts,
        "takes devices out of a pool",
    ),
    op(
        &["export"],
        Disrupts,
        "exports a pool: its datasets go offline",
    )
    .with(&["-f"]),
];

const CEPH: &[Op] = &[
    op(
        &["osd", "pool", "delete|rm"],
        Erases,
        "deletes a pool and every object in it",
    ),
    op(
        &["osd", "purge|destroy|rm"],
        Deletes,
        "removes an OSD with the data it holds",
    ),
    op(
        &["osd", "out|down|pause"],
        Disrupts,
        "takes OSDs out of service",
    ),
    op(
        &["osd", "crush", "remove|rm"],
        Disrupts,
        "removes a device from the CRUSH map",
    ),
    op(
        &["fs", "volume", "rm|remove"],
        Erases,
        "removes a file system volume with its pools",
    ),
    op(
        &["fs", "subvolume|subvolumegroup", "rm|remove"],
        Deletes,
        "removes a subvolume with its files",
    ),
    op(&["fs", "rm|remove"], Deletes, "removes a file system"),
    op(&["fs", "fail"], Disrupts, "takes a file system offline"),
    op(
        &["orch", "device", "zap"],
        Erases,
        "zaps a device: its data is erased",
    ),
    op(&["orch", "osd", "rm"], Disrupts, "removes OSDs").worse(&["--zap"]),
    op(
        &["orch", "rm"],
        Disrupts,
        "removes a service from the cluster",
    ),
    op(
        &["orch", "host", "rm|drain"],
        Disrupts,
        "removes a host from the cluster",
    ),
    op(&["mon", "remove|rm"], Disrupts, "removes a monitor"),
    op(&["mds", "fail"], Disrupts, "fails a metadata server"),
    op(&["auth", "del|rm"], Disrupts, "deletes a client's key"),
    op(
        &["config-key", "rm|del"],
        Disrupts,
        "deletes a stored configuration key",
    ),
];

const RBD: &[Op] = &[
    op(
        &["rm|remove"],
        Deletes,
        "removes a block image with its data",
    ),
    op(
        &["trash", "rm|remove|purge"],
        Deletes,
        "removes images from the trash for good",
    ),
    op(
        &["trash", "mv|move"],
        Disrupts,
        "moves an image to the trash",
    ),
    op(
        &["snap", "rm|remove|purge"],
        Deletes,
        "removes an image's snapshots",
    ),
    op(
        &["snap", "rollback|revert"],
        Deletes,
        "rolls an image back to a snapshot: what was written since is lost",
    ),
    op(
        &["resize"],
        Deletes,
        "shrinks an image: data past the new end is lost",
    )
    .with(&["--allow-shrink"]),
    op(
        &["group", "rm|remove"],
        Deletes,
        "removes a group of images",
    ),
];

const RADOS: &[Op] = &[
    op(&["purge|rmpool"], Erases, "deletes every object of a pool"),
    op(
        &["rm|truncate|rmsnap|rollback"],
        Deletes,
        "deletes or overwrites stored objects",
    ),
];

const RADOSGW: &[Op] = &[
    op(
        &["bucket", "rm"],
        Deletes,
        "removes a bucket with every object in it",
    )
    .with(&["--purge-objects"]),
    op(&["bucket", "rm"], Disrupts, "removes a bucket"),
    op(
        &["user", "rm"],
        Deletes,
        "removes a user with every bucket and object they own",
    )
    .with(&["--purge-data"]),
    op(
        &["user|key|subuser", "rm"],
        Disrupts,
        "removes a user or a key",
    ),
    op(&["object", "rm"], Disrupts, "removes a stored object"),
    op(
        &["zone|zonegroup|realm", "delete|rm"],
        Disrupts,
        "deletes a zone of the object store",
    ),
];

const CEPHADM: &[Op] = &[
    op(
        &["rm-cluster|zap-osds"],
        Erases,
        "removes the cluster from this host, its OSDs' data with it",
    ),
    op(&["rm-daemon"], Disrupts, "removes a daemon"),
];

const CEPH_VOLUME: &[Op] = &[op(
    &["lvm|raw", "zap"],
    Erases,
    "zaps a device: its data is erased",
)];

const GLUSTER: &[Op] = &[
    op(&["volume", "delete"], Deletes, "deletes a volume"),
    op(
        &["volume", "remove-brick"],
        Deletes,
        "removes bricks without migrating their data (force)",
    )
    .with(&["force"]),
    op(
        &["volume", "stop|remove-brick|replace-brick|reset"],
        Disrupts,
        "stops or reshapes a volume",
    ),
    op(
        &["snapshot", "delete|restore"],
        Deletes,
        "deletes or restores over snapshots",
    ),
    op(&["peer", "detach"], Disrupts, "detaches a storage node"),
];

const STRATIS: &[Op] = &[
    op(
        &["pool", "destroy"],
        Erases,
        "destroys a pool and every file system in it",
    ),
    op(
        &["filesystem|fs", "destroy"],
        Deletes,
        "destroys a file system with its files",
    ),
];

const VDO: &[Op] = &[
    op(
        &["remove"],
        Deletes,
        "removes a deduplicated volume with its data",
    ),
    op(&["stop"], Disrupts, "stops a deduplicated volume"),
];

const LVM: &[Op] = &[
    op(
        &["lvremove|vgremove|pvremove"],
        Erases,
        "removes volumes with their data",
    ),
    op(
        &["lvreduce"],
        Deletes,
        "shrinks a volume: data past the new end is lost",
    ),
];

const LVRESIZE: &[Op] = &[op(
    &[],
    Deletes,
    "sets a volume's size without growing it: data past a smaller end is lost",
)
.with(&["<shrink>"])];

const VGREDUCE: &[Op] = &[
    op(&[], Disrupts, "removes missing devices from a volume group")
        .with(&["--removemissing"])
        .worse(&["--force", "-f"]),
];

const DEACTIVATE: &[Op] = &[
    op(&[], Disrupts, "deactivates volumes: what uses them stops").with(&["-an", "--activate=n"]),
];

const LVCONVERT: &[Op] = &[op(
    &[],
    Deletes,
    "merges a snapshot back: the origin returns to it, what was written since is lost",
)
.with(&["--merge", "--mergesnapshot"])];

const DMSETUP: &[Op] = &[op(
    &["remove_all|remove|wipe_table"],
    Disrupts,
    "removes device mappings",
)];

const MDADM: &[Op] = &[
    op(
        &[],
        Deletes,
        "zeroes the RAID superblock: the array's members are forgotten",
    )
    .with(&["--zero-superblock"]),
    op(
        &[],
        Deletes,
        "creates an array over the devices: what they held is overwritten",
    )
    .with(&["--create", "-C"]),
    op(&[], Disrupts, "stops an array").with(&["--stop", "-S"]),
    op(&[], Disrupts, "fails or removes an array member").with(&[
        "--fail",
        "--set-faulty",
        "--remove",
    ]),
];

const CRYPTSETUP: &[Op] = &[
    op(
        &["erase|luksErase"],
        Erases,
        "destroys the encryption keys: the data can never be decrypted",
    ),
    op(
        &["luksFormat"],
        Deletes,
        "formats a device for encryption: what it held is lost",
    ),
    op(
        &["luksKillSlot|luksRemoveKey|luksHeaderRestore"],
        Deletes,
        "removes or overwrites a key slot: without another key the data is lost",
    ),
];

const DRBDADM: &[Op] = &[
    op(
        &["create-md|wipe-md"],
        Deletes,
        "writes new replication metadata over the old",
    ),
    op(
        &["invalidate|invalidate-remote"],
        Deletes,
        "discards one side's data and resynchronizes it over",
    ),
    op(
        &["connect"],
        Deletes,
        "connects discarding this node's data",
    )
    .with(&["--discard-my-data"]),
    op(
        &["primary"],
        Deletes,
        "forces this node primary: the peer's newer data may be overwritten",
    )
    .with(&["--force"]),
    op(
        &["down|disconnect|detach|secondary|del-peer|del-resource|del-minor"],
        Disrupts,
        "takes a replicated volume out of service",
    ),
];

const ISCSIADM: &[Op] = &[op(
    &[],
    Disrupts,
    "logs out of or deletes iSCSI targets: their disks go away",
)
.with(&[
    "--logout",
    "-u",
    "--logoutall",
    "-U",
    "--op=delete",
    "-o=delete",
])];

const TARGETCLI: &[Op] = &[
    op(
        &["clearconfig"],
        Deletes,
        "clears the whole iSCSI target configuration",
    ),
    op(
        &["/backstores*|/iscsi*|/loopback*|/vhost*", "delete"],
        Disrupts,
        "deletes an exported disk or target",
    ),
];

const MULTIPATH: &[Op] = &[op(&[], Disrupts, "flushes multipath devices").with(&["-F", "-f"])];

const EXPORTFS: &[Op] = &[op(&[], Disrupts, "unexports NFS shares").with(&["-u"])];

const SG_SANITIZE: &[Op] = &[op(
    &[],
    Erases,
    "sanitizes a drive: every block is erased for good",
)
.with(&["--crypto", "-C", "--block", "-B", "--overwrite", "-O"])];

const SG_FORMAT: &[Op] = &[op(&[], Erases, "low-level formats a drive").with(&["--format", "-F"])];

const SG_WRITE: &[Op] = &[op(&[], Deletes, "unmaps or overwrites a drive's blocks")];

const HDPARM: &[Op] = &[
    op(&[], Erases, "security-erases a drive")
        .with(&["--security-erase", "--security-erase-enhanced"]),
    op(&[], Deletes, "trims, overwrites or damages sectors").with(&[
        "--trim-sector-ranges",
        "--trim-sector-ranges-stdin",
        "--write-sector",
        "--make-bad-sector",
        "--dco-restore",
    ]),
    op(&[], Deletes, "writes new firmware to a drive").with(&[
        "--fwdownload",
        "--fwdownload-mode3",
        "--fwdownload-mode3-max",
        "--fwdownload-mode7",
    ]),
    op(&[], Disrupts, "locks a drive with a security password").with(&["--security-set-pass"]),
];

// badblocks' write-mode test writes patterns over every block (`-n` keeps the data).
const BADBLOCKS: &[Op] = &[op(
    &[],
    Erases,
    "runs a destructive write test: every block is overwritten",
)
.with(&["-w"])];

const NWIPE: &[Op] = &[op(&[], Erases, "wipes drives").with(&["/dev/*", "--autonomous"])];

const SCRUB: &[Op] = &[
    op(&[], Erases, "overwrites a device with patterns").with(&["/dev/*"]),
    op(&[], Deletes, "overwrites files with patterns"),
];

const DC3DD: &[Op] = &[op(&[], Erases, "wipes a device").with(&["wipe=*", "hwipe=*"])];

const XFS_REPAIR: &[Op] = &[op(
    &[],
    Deletes,
    "zeroes the file system's log: its pending changes, and files with them, are lost",
)
.with(&["-L"])];

// Pure Storage's array CLI: a destroyed volume is eradicated after a day, an eradicated one at once.
const PURE: &[Op] = &[
    op(
        &["eradicate"],
        Erases,
        "eradicates volumes: their data is gone at once",
    ),
    op(
        &["destroy"],
        Deletes,
        "destroys volumes: their data is eradicated after the grace period",
    ),
];

const PURE_HOSTS: &[Op] = &[op(
    &["delete|disconnect"],
    Disrupts,
    "removes a host's access to its volumes",
)];

// HPE 3PAR and IBM Spectrum Virtualize commands named for the removal.
const ARRAY_REMOVE: &[Op] = &[op(
    &[],
    Deletes,
    "removes volumes or pools from a storage array",
)];

const SVCTASK: &[Op] = &[op(
    &["rmvdisk|rmvolume|rmmdiskgrp|rmfcmap|rmrcrelationship"],
    Deletes,
    "removes volumes, pools or copies from a storage array",
)];

const TMUTIL: &[Op] = &[op(
    &["delete|deletelocalsnapshots|thinlocalsnapshots|deleteinprogress"],
    Deletes,
    "deletes Time Machine backups or snapshots",
)];

const NVME: &[Op] = &[
    op(
        &["format|sanitize|delete-ns"],
        Erases,
        "erases an NVMe namespace or drive",
    ),
    op(
        &["write-zeroes|write-uncor"],
        Deletes,
        "overwrites an NVMe namespace's blocks",
    ),
    op(&["dsm"], Deletes, "deallocates an NVMe namespace's blocks").with(&["--ad", "-d"]),
    op(
        &["detach-ns|fw-commit|fw-activate|reset|subsystem-reset"],
        Disrupts,
        "detaches a namespace, activates firmware or resets a controller",
    ),
];

const BLKZONE: &[Op] = &[op(&["reset"], Erases, "resets zones: their data is gone")];

// Broadcom's StorCLI and Dell's PERC CLI: `/cX[/vY|/eY/sZ|/fall] VERB ...`.
const STORCLI: &[Op] = &[
    op(
        &["/c*/v*", "del|delete|erase"],
        Erases,
        "deletes a virtual drive with its data",
    ),
    op(
        &["/c*/v*", "start", "init|erase"],
        Erases,
        "initializes a virtual drive: its data is overwritten",
    ),
    op(
        &["/c*/s*", "secureerase|erase|sanitize"],
        Erases,
        "erases physical drives",
    ),
    op(
        &["/c*/s*", "start", "erase|sanitize"],
        Erases,
        "erases physical drives",
    ),
    op(
        &["/c*/f*", "del|delete"],
        Deletes,
        "deletes a foreign configuration: its virtual drives are gone",
    ),
    op(
        &["/c*", "set", "factory"],
        Deletes,
        "resets the controller to factory defaults",
    ),
    op(
        &["/c*/s*", "set", "offline|missing"],
        Disrupts,
        "takes a drive offline",
    ),
];

// LSI MegaCLI: options name the operation, in any case.
const MEGACLI: &[Op] = &[
    op(
        &[],
        Erases,
        "deletes logical drives or clears the RAID configuration",
    )
    .with(&["-CfgLdDel", "-CfgClr"]),
    op(
        &[],
        Erases,
        "initializes or clears drives: their data is overwritten",
    )
    .with(&["-LDInit", "-PDClear"])
    .and(&["-Start"]),
    op(&[], Deletes, "clears a foreign configuration")
        .with(&["-CfgForeign"])
        .and(&["-Clear"]),
    op(&[], Deletes, "resets the adapter to factory defaults").with(&["-AdpFacDefSet"]),
    op(&[], Disrupts, "takes a drive offline").with(&["-PDOffline", "-PDMarkMissing"]),
];

// Microchip (Adaptec) arcconf: `arcconf VERB CONTROLLER ...`, words in any case.
const ARCCONF: &[Op] = &[
    op(
        &["delete", "*", "logicaldrive|array|maxcache"],
        Erases,
        "deletes logical drives with their data",
    ),
    op(&["task", "start"], Erases, "erases or initializes drives").with(&[
        "secureerase",
        "clear",
        "initialize",
        "sanitize",
    ]),
    op(
        &["setconfig", "*", "default"],
        Erases,
        "resets the controller's configuration: every logical drive is deleted",
    ),
    op(&["uninit"], Deletes, "clears drives' RAID metadata"),
];

// HPE Smart Storage Administrator: `ssacli ctrl slot=N ld|array|pd X VERB`.
const SSACLI: &[Op] = &[
    op(
        &["ctrl"],
        Erases,
        "deletes logical drives or arrays with their data",
    )
    .with(&["delete"]),
    op(&["ctrl"], Erases, "erases physical drives").with(&["erase"]),
];

const PVESM: &[Op] = &[
    op(
        &["free"],
        Deletes,
        "frees a disk volume: its data is deleted",
    ),
    op(&["remove"], Disrupts, "removes a storage definition"),
];

// Proxmox `qm` (VMs) and `pct` (containers).
const PROXMOX_GUESTS: &[Op] = &[
    op(&["destroy"], Disrupts, "destroys a guest")
        .worse(&["--purge", "--destroy-unreferenced-disks"]),
    op(
        &["rollback"],
        Deletes,
        "rolls a guest back to a snapshot: what changed since is lost",
    ),
    op(&["delsnapshot"], Deletes, "deletes a guest's snapshot"),
];

// Hypervisors' own CLIs, read by their verbs: an instance's name is not read as a verb (the
// generic reader would take `web-test` for a `test`). A machine deleted is a disruption (rebuilt from its image or its
// configuration), made one tier worse by the option that deletes its disks, storage or
// snapshots with it; a disk, a storage pool or a snapshot deleted is data gone. Powering off
// is a disruption. Reads (`list`, `dominfo`, `vm.info`, `vm-list`, `info`) are in no row.

// libvirt's virsh(1): `undefine` forgets the definition; its disks stay unless asked, and
// with them every byte of the machine is gone.
const VIRSH: &[Op] = &[
    op(
        &["undefine"],
        Erases,
        "removes a virtual machine and deletes its disks",
    )
    .with(&[
        "--remove-all-storage",
        "--storage",
        "--wipe-storage",
        "--delete-storage-volume-snapshots",
    ]),
    op(
        &["undefine"],
        Disrupts,
        "removes a virtual machine's definition",
    ),
    op(
        &["vol-delete|vol-wipe|pool-delete"],
        Deletes,
        "deletes or wipes a storage volume or pool",
    ),
    op(
        &["snapshot-delete"],
        Deletes,
        "deletes a virtual machine's snapshot",
    ),
    op(
        &["destroy|reset"],
        Disrupts,
        "powers a virtual machine off at once",
    ),
];

// VirtualBox: `unregistervm --delete` deletes the machine's disks with it (a desktop VM: asked).
const VBOXMANAGE: &[Op] = &[
    op(&["unregistervm"], Disrupts, "removes a virtual machine"),
    op(&["closemedium"], Deletes, "deletes a virtual disk image").with(&["--delete"]),
    op(&["snapshot", "*", "delete"], Deletes, "deletes a snapshot"),
];

// Incus and LXD (`incus`, `lxc`): an instance deleted takes its root volume.
const INCUS: &[Op] = &[
    op(
        &["storage", "volume", "delete|rm"],
        Deletes,
        "deletes a storage volume",
    ),
    op(
        &["storage|project", "delete|rm"],
        Deletes,
        "deletes a storage pool or a project",
    ),
    op(&["snapshot", "delete|rm"], Deletes, "deletes a snapshot"),
    op(
        &[
            "config|profile|network|image|file|remote|alias|operation|acl|zone|cluster|warning",
            "delete|rm|remove",
        ],
        Disrupts,
        "deletes a configuration object",
    ),
    op(
        &["config", "device|trust", "remove|rm"],
        Disrupts,
        "removes a device or a trusted client",
    ),
    op(
        &["delete|rm"],
        Disrupts,
        "deletes an instance and its root disk",
    ),
];

// vSphere's govc: `vm.destroy` powers off and deletes the machine with its disks.
const GOVC: &[Op] = &[
    op(
        &["vm.destroy|object.destroy|pool.destroy|folder.destroy|cluster.destroy"],
        Disrupts,
        "destroys a vSphere object",
    ),
    op(
        &["datastore.rm|datastore.disk.rm|snapshot.remove|disk.rm|volume.rm"],
        Deletes,
        "deletes datastore files, a disk or a snapshot",
    ),
    op(
        &["vm.unregister|vm.power"],
        Disrupts,
        "unregisters or powers off a virtual machine",
    )
    .with(&["vm.unregister", "-off", "-reset", "-s"]),
];

// ESXi's vim-cmd.
const VIM_CMD: &[Op] = &[
    op(
        &["vmsvc/destroy"],
        Disrupts,
        "destroys a virtual machine and its files",
    ),
    op(
        &["vmsvc/snapshot.remove|vmsvc/snapshot.removeall"],
        Deletes,
        "deletes a virtual machine's snapshots",
    ),
];

// XenServer / XCP-ng `xe`: `vm-uninstall` deletes the VM's disks, `vm-destroy` only its record.
const XE: &[Op] = &[
    op(
        &["vdi-destroy|sr-destroy|snapshot-uninstall|snapshot-destroy|vdi-forget"],
        Deletes,
        "deletes a virtual disk, a storage repository or a snapshot",
    ),
    op(
        &["vm-uninstall"],
        Deletes,
        "uninstalls a virtual machine and deletes its disks",
    ),
    op(
        &["vm-destroy|vm-shutdown|vm-reset-powerstate"],
        Disrupts,
        "removes or powers off a virtual machine",
    ),
];

const LXC_DESTROY: &[Op] =
    &[op(&[], Disrupts, "destroys a container").worse(&["-s", "--snapshots"])];

// Nutanix AHV's acli.
const ACLI: &[Op] = &[
    op(
        &["vm.disk_delete|vg.delete|snapshot.delete|vm.snapshot_delete"],
        Deletes,
        "deletes a disk, a volume group or a snapshot",
    ),
    op(
        &["vm.delete|vm.off|vm.force_off"],
        Disrupts,
        "deletes or powers off a virtual machine",
    ),
];

// Ganeti: `gnt-instance remove` deletes the instance and its disks.
const GANETI: &[Op] = &[op(
    &["remove"],
    Disrupts,
    "removes an instance and its disks",
)];

// Equinix Metal.
const METAL: &[Op] = &[
    op(
        &["project", DEL],
        Deletes,
        "deletes a project and everything in it",
    ),
    op(&["device", DEL], Disrupts, "deletes a bare-metal server"),
];

// OVHcloud's CLI.
const OVHCLOUD: &[Op] = &[
    op(
        &[
            "cloud",
            "*storage*|*volume*|*database*|kube|*snapshot*|*backup*",
            DEL,
        ],
        Deletes,
        "deletes a volume, a managed database, a cluster or backups",
    ),
    op(&["cloud", "instance", DEL], Disrupts, "deletes an instance"),
];

// Password managers and secret stores: one item deleted is asked (it may be the only copy of
// a credential, but it is one); a folder, a vault, a project or a whole keychain deleted
// takes every credential in it. What the item is (a break-glass or root credential, a
// production secret) is read from the line by [`super::identity`].
const LPASS: &[Op] = &[
    op(
        &["share", "rm"],
        Deletes,
        "deletes a shared folder and every password in it",
    ),
    op(&["rm"], Disrupts, "deletes a password"),
];
const KEEPER: &[Op] = &[
    op(
        &["rmdir|delete-all"],
        Deletes,
        "deletes a folder of records, or every record",
    ),
    op(&["rm"], Disrupts, "deletes a record"),
];
const KEEPASSXC: &[Op] = &[
    op(&["rmdir"], Deletes, "deletes a group of entries"),
    op(&["rm"], Disrupts, "deletes an entry"),
];
const RBW: &[Op] = &[op(&["remove|rm"], Disrupts, "deletes a vault item")];
const AKEYLESS: &[Op] = &[
    op(
        &["delete-items|delete-target"],
        Deletes,
        "deletes every secret under a path, or a target",
    ),
    op(&["delete-item"], Disrupts, "deletes a secret"),
];
const NAMED_SECRET_DELETE: &[Op] = &[op(&["delete"], Disrupts, "deletes a secret")];
const BWS: &[Op] = &[
    op(
        &["project", "delete"],
        Deletes,
        "deletes a project and its secrets",
    ),
    op(&["secret", "delete"], Disrupts, "deletes a secret"),
];
const MAC_KEYCHAIN: &[Op] = &[
    op(
        &["delete-keychain"],
        Deletes,
        "deletes a keychain and every item in it",
    ),
    op(
        &["delete-generic-password|delete-internet-password|delete-certificate|delete-identity"],
        Disrupts,
        "deletes a keychain item",
    ),
];
const HCP: &[Op] = &[
    op(
        &["vault-secrets", "apps", "delete"],
        Deletes,
        "deletes a secrets app and every secret in it",
    ),
    op(
        &["vault-secrets", "secrets", "delete"],
        Disrupts,
        "deletes a secret",
    ),
];
const SECRET_TOOL: &[Op] = &[op(&["clear"], Disrupts, "deletes stored secrets")];
const KEYRING: &[Op] = &[op(&["del"], Disrupts, "deletes a stored password")];
const PASSAGE: &[Op] = &[op(&["rm"], Disrupts, "deletes a password").worse(&["-r", "--recursive"])];
const CMDKEY: &[Op] = &[op(&["/delete*"], Disrupts, "deletes a stored credential")];
// Windows' Credential Manager vaults (vaultcmd /?): `/deletecreds` removes a stored credential;
// `/list`, `/listcreds`, `/listproperties` show names and properties only.
const VAULTCMD: &[Op] = &[op(
    &["/deletecreds*"],
    Disrupts,
    "deletes a stored credential",
)];
// fsutil (Windows' file system utility): the USN change journal is the record of which files
// changed and when; deleting it erases that history for the whole volume.
const FSUTIL: &[Op] = &[op(
    &["usn", "deletejournal"],
    Deletes,
    "deletes the volume's change journal: the record of which files changed is gone",
)];
const REMOVE_SECRET: &[Op] = &[op(&[], Disrupts, "deletes a secret from a vault")];

const PVESH: &[Op] = &[op(
    &["delete"],
    Disrupts,
    "deletes a cluster object through the API",
)];

const PBS_CLIENT: &[Op] = &[op(
    &["forget|prune|snapshot"],
    Deletes,
    "forgets backup snapshots: they are pruned from the datastore",
)
.with(&["forget", "prune"])];

const PBS_MANAGER: &[Op] = &[
    op(
        &["datastore", "remove"],
        Erases,
        "removes a datastore and destroys its backups",
    )
    .with(&["--destroy-data"]),
    op(
        &["datastore", "remove"],
        Disrupts,
        "removes a datastore definition",
    ),
];

const TARSNAP: &[Op] = &[
    op(&[], Erases, "deletes every archive of the account").with(&["--nuke"]),
    op(&[], Deletes, "deletes archives").with(&["-d"]),
];

const KOPIA: &[Op] = &[
    op(&["snapshot", "expire"], Deletes, "expires snapshots").with(&["--delete"]),
    op(
        &["blob|content", "delete|rm|remove"],
        Deletes,
        "deletes repository data directly",
    ),
];

// duply only previews a purge without `--force`; its `cleanup` removes only broken sets.
const DUPLY: &[Op] = &[op(&["*", "purge*"], Deletes, "purges old backups").with(&["--force"])];

const RDIFF_BACKUP: &[Op] = &[
    op(&[], Deletes, "removes old increments").with(&["--remove-older-than"]),
    op(&["remove", "increments"], Deletes, "removes old increments"),
];

// Maintenance that removes only what nothing refers to (`bup gc`, `btrbk clean` of incomplete
// backups, `snapper cleanup` by the configured rules, `tarsnap --fsck-prune`) is no table's.
const BUP: &[Op] = &[op(&["rm|prune-older"], Deletes, "removes saved backups")];

const BTRBK: &[Op] = &[op(&["prune"], Deletes, "deletes snapshots and backups")];

const SNAPPER: &[Op] = &[
    op(
        &["delete|remove|rm|delete-config|undochange"],
        Deletes,
        "deletes snapshots or undoes changes",
    ),
    op(
        &["rollback"],
        Disrupts,
        "rolls the system back to a snapshot",
    ),
];

const TIMESHIFT: &[Op] = &[op(
    &[],
    Deletes,
    "deletes snapshots or restores one over the system",
)
.with(&["--delete", "--delete-all", "--restore"])];

const ZFS_REPLICATION: &[Op] = &[op(
    &[],
    Deletes,
    "deletes on the target what the source no longer has",
)
.with(&["--force-delete", "--destroy-missing"])];

const VELERO: &[Op] = &[op(&["backup", "delete"], Deletes, "deletes backups").worse(&["--all"])];

const AZ_BACKUP: &[Op] = &[
    op(
        &[
            "backup|dataprotection",
            "vault|backup-vault|backup-instance",
            "delete",
        ],
        Deletes,
        "deletes a backup vault or its backups",
    ),
    op(
        &["backup", "protection", "disable"],
        Deletes,
        "stops protection deleting the backup data",
    )
    .with(&["--delete-backup-data=true"]),
    op(
        &["netappfiles", "volume|snapshot", "delete"],
        Deletes,
        "deletes a file volume",
    ),
];

const SCW: &[Op] = &[
    op(
        &["instance", "server", "reboot|standby|poweroff"],
        Disrupts,
        "stops or reboots a server",
    ),
    op(
        &[
            "rdb|mongodb|redis",
            "instance|backup|snapshot|database|cluster|read-replica",
            DEL,
        ],
        Deletes,
        "deletes a managed database, its backups or snapshots",
    ),
    op(
        &["instance|block", "volume|snapshot", DEL],
        Deletes,
        "deletes a volume or a snapshot",
    ),
    op(&["object", "bucket", DEL], Deletes, "deletes a bucket"),
    op(
        &["k8s", "cluster", DEL],
        Deletes,
        "deletes a Kubernetes cluster",
    )
    .worse(&["with-additional-resources=true"]),
    op(&["instance", "server", DEL], Disrupts, "deletes a server").worse(&[
        "with-volumes=all",
        "with-volumes=local",
        "with-volumes=block",
        "with-block=true",
    ]),
];

const DOCTL: &[Op] = &[
    op(
        &[
            "compute",
            "droplet-action",
            "shutdown|power-off|reboot|power-cycle",
        ],
        Disrupts,
        "shuts down or reboots a droplet",
    ),
    op(
        &["compute", "volume-action", "detach"],
        Disrupts,
        "detaches a volume from its droplet",
    ),
    op(
        &["compute", "volume|snapshot", DEL],
        Deletes,
        "deletes a volume or a snapshot",
    ),
    op(
        &["databases", "db", DEL],
        Deletes,
        "deletes a database of a managed cluster",
    ),
    op(
        &["compute", "droplet-action", "rebuild|restore"],
        Deletes,
        "rebuilds a droplet over its disk",
    ),
    op(
        &["kubernetes", "cluster", DEL],
        Deletes,
        "deletes a Kubernetes cluster",
    )
    .worse(&["--dangerous"]),
];

const LINODE: &[Op] = &[
    op(
        &["linodes", "shutdown|reboot"],
        Disrupts,
        "shuts down or reboots a Linode",
    ),
    op(
        &["linodes", "rebuild|backup-restore"],
        Deletes,
        "rebuilds a Linode over its disks",
    ),
    op(
        &["linodes", "backups-cancel|disk-delete"],
        Deletes,
        "deletes a Linode's backups or disk",
    ),
    op(
        &["lke", "cluster-delete"],
        Deletes,
        "deletes a Kubernetes cluster",
    ),
    op(
        &["object-storage|obj", "rb|bucket-delete|*-delete"],
        Deletes,
        "deletes a bucket",
    ),
    op(&["images", DEL], Disrupts, "deletes an image"),
];

const HCLOUD: &[Op] = &[
    op(
        &["server", "shutdown|poweroff|reboot|reset"],
        Disrupts,
        "shuts down or resets a server",
    ),
    op(
        &["volume", "detach"],
        Disrupts,
        "detaches a volume from its server",
    ),
    op(
        &["image", DEL],
        Deletes,
        "deletes an image: snapshots and backups are images here",
    ),
    op(
        &["server", "rebuild|disable-backup"],
        Deletes,
        "rebuilds a server over its disk or deletes its backups",
    ),
];

const VULTR: &[Op] = &[
    op(
        &["instance", "stop|halt|restart|reboot"],
        Disrupts,
        "stops or restarts an instance",
    ),
    op(
        &["snapshot|block-storage|object-storage|backup", DEL],
        Deletes,
        "deletes a snapshot, a volume or a bucket",
    ),
    op(
        &["kubernetes", DEL],
        Deletes,
        "deletes a Kubernetes cluster",
    ),
    op(
        &["instance", "reinstall|restore"],
        Deletes,
        "reinstalls an instance over its disk",
    ),
];

const UPCLOUD: &[Op] = &[
    op(
        &["server", "stop|restart"],
        Disrupts,
        "stops or restarts a server",
    ),
    op(
        &["storage|database|objectstorage", DEL],
        Deletes,
        "deletes a disk, a database or a bucket",
    ),
    op(
        &["kubernetes", DEL],
        Deletes,
        "deletes a Kubernetes cluster",
    ),
    op(&["server", DEL], Disrupts, "deletes a server").worse(&["--delete-storages"]),
];

const EXOSCALE: &[Op] = &[
    op(
        &["compute", "instance", "stop|reboot"],
        Disrupts,
        "stops or reboots an instance",
    ),
    op(&["dbaas", DEL], Deletes, "deletes a managed database"),
    op(
        &["compute", "block-storage|sks", DEL],
        Deletes,
        "deletes a volume or a Kubernetes cluster",
    ),
    op(
        &["compute", "instance", "snapshot", DEL],
        Deletes,
        "deletes an instance snapshot",
    ),
    op(
        &["compute", "instance", "reset"],
        Deletes,
        "resets an instance to its template: its disk is overwritten",
    ),
    op(&["storage", "rb"], Deletes, "deletes a bucket"),
];

const CIVO: &[Op] = &[
    op(
        &["instance", "stop|reboot|hard-reboot|soft-reboot"],
        Disrupts,
        "stops or reboots an instance",
    ),
    op(
        &[
            "kubernetes|k3s|objectstore|snapshot|volume|database|db",
            DEL,
        ],
        Deletes,
        "deletes a cluster, a store, a volume or a database",
    ),
    op(&["instance", DEL], Disrupts, "deletes an instance"),
];

const IONOS: &[Op] = &[
    op(
        &["server", "stop|suspend|reboot"],
        Disrupts,
        "stops or reboots a server",
    ),
    op(
        &["volume|snapshot|backupunit|datacenter", DEL],
        Deletes,
        "deletes a volume, a snapshot, backups or a whole data center",
    ),
    op(&["dbaas", "*", DEL], Deletes, "deletes a managed database"),
    op(
        &["dbaas", "*", "cluster", DEL],
        Deletes,
        "deletes a managed database",
    ),
    op(
        &["k8s", "cluster", DEL],
        Deletes,
        "deletes a Kubernetes cluster",
    ),
    op(&["server", DEL], Disrupts, "deletes a server"),
];

const STACKIT: &[Op] = &[
    op(
        &[
            "postgresflex|mongodbflex|sqlserverflex|mariadb|redis|opensearch|rabbitmq|logme",
            "instance",
            DEL,
        ],
        Deletes,
        "deletes a managed database",
    ),
    op(&["volume", DEL], Deletes, "deletes a volume"),
    op(
        &["object-storage", "bucket", DEL],
        Deletes,
        "deletes a bucket",
    ),
    op(&["server", DEL], Disrupts, "deletes a server"),
];

const OCI: &[Op] = &[
    op(
        &["fs", "file-system|snapshot", "delete"],
        Deletes,
        "deletes a file system or its snapshot",
    ),
    op(
        &["compute", "instance", "terminate"],
        Disrupts,
        "terminates an instance",
    )
    .worse(&["--preserve-boot-volume=false"]),
];

const IBMCLOUD: &[Op] = &[op(
    &[
        "is",
        "snapshot-delete|snapshots-delete|share-delete|backup-policy-delete",
    ],
    Deletes,
    "deletes snapshots or a file share",
)];

const YANDEX: &[Op] = &[op(
    &["compute", "disk|snapshot|filesystem", "delete"],
    Deletes,
    "deletes a disk or a snapshot",
)];

// Alibaba Cloud's API names, in any case.
const ALIYUN: &[Op] = &[
    op(
        &["ecs", "deletedisk|deletesnapshot|deletesnapshotgroup"],
        Deletes,
        "deletes a disk or a snapshot",
    ),
    op(
        &[
            "rds|polardb|r-kvstore|dds|hbase|gpdb",
            "deletedbinstance|deletedbcluster|deleteinstance|releaseinstance",
        ],
        Deletes,
        "deletes a managed database",
    ),
    op(
        &["nas", "deletefilesystem"],
        Deletes,
        "deletes a file system",
    ),
    op(
        &["ecs", "deleteinstance|deleteinstances"],
        Disrupts,
        "deletes an instance",
    ),
];

// Tencent Cloud's API names, in any case.
const TENCENT: &[Op] = &[
    op(
        &["cbs", "terminatedisks|deletesnapshots"],
        Deletes,
        "deletes disks or snapshots",
    ),
    op(
        &[
            "cdb|postgres|mongodb|redis|sqlserver|mariadb|cynosdb",
            "isolatedbinstance|destroydbinstance|isolateinstance|destroyinstances|offlineisolatedinstances|isolatedbinstances",
        ],
        Deletes,
        "deletes a managed database",
    ),
    op(
        &["cvm", "terminateinstances"],
        Disrupts,
        "terminates instances",
    ),
];

const OPENSTACK: &[Op] = &[
    op(
        &["server", "stop|shelve|suspend|pause|reboot"],
        Disrupts,
        "stops or reboots a server",
    ),
    op(
        &["volume", "snapshot|backup", DEL],
        Deletes,
        "deletes volume snapshots or backups",
    ),
    op(&["volume", DEL], Deletes, "deletes a volume with its data"),
    op(
        &["share|container|stack|project|zone", DEL],
        Deletes,
        "deletes a share, a container, a stack, a project or a DNS zone",
    ),
    op(
        &["database", "instance", DEL],
        Deletes,
        "deletes a managed database",
    ),
    op(&["coe", "cluster", DEL], Deletes, "deletes a cluster"),
    op(
        &["server", "rebuild"],
        Deletes,
        "rebuilds a server over its disk",
    ),
    op(
        &["server|image", DEL],
        Disrupts,
        "deletes a server or an image",
    ),
];

const OPENSTACK_DATA: &[Op] = &[op(
    &["delete|force-delete|snapshot-delete|backup-delete"],
    Deletes,
    "deletes a volume, its snapshots or backups",
)];

const NOVA: &[Op] = &[
    op(&["rebuild"], Deletes, "rebuilds a server over its disk"),
    op(&["delete|force-delete"], Disrupts, "deletes a server"),
];

/// The fields of a request's body or query that destroy what the call names when set true:
/// TrueNAS's `destroy` on a pool export, Proxmox's `purge` and `destroy-unreferenced-disks`,
/// and the data-deleting flags of the same shape elsewhere.
const DESTROYING_FIELDS: &[&str] = &[
    "destroy",
    "destroy_data",
    "destroy-data",
    "delete_data",
    "delete-data",
    "remove_data",
    "purge",
    "purge_data",
    "purge-objects",
    "purge_objects",
    "wipe",
    "wipe_data",
    "erase",
    "delete_volumes",
    "remove_volumes",
    "delete_backups",
    "delete_snapshots",
    "delete_disks",
    "destroy-unreferenced-disks",
    "remove_ix_volumes",
    "zvols",
    "is-destroy",
    "is_destroy",
];

/// The first destroying field (see [`DESTROYING_FIELDS`]) a request sets true, as `field=true`.
pub(crate) fn destroying_field(pairs: &[(String, String)]) -> Option<String> {
    pairs.iter().find_map(|(k, v)| {
        let inner = k.rsplit(' ').next().unwrap_or(k);
        (DESTROYING_FIELDS
            .iter()
            .any(|f| inner.eq_ignore_ascii_case(f))
            && matches!(v.to_ascii_lowercase().as_str(), "true" | "1" | "yes"))
        .then(|| format!("{inner}={v}"))
    })
}

/// The storage operations of a command whose program has a table.
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    let Some((ops, family)) = table(cmd.program) else {
        return;
    };
    judge_ops(cmd, cmd.program, ops, family, out);
}

/// The first row of `ops` the command matches, graded and pushed (the reader shared with
/// [`super::data_stores`]'s tables; `name` is the program as the message shows it). Whether a
/// row matched.
pub(crate) fn judge_ops(
    cmd: &Cmd<'_>,
    name: &str,
    ops: &[Op],
    family: Family,
    out: &mut Vec<Finding>,
) -> bool {
    // The first operands, without allocating: enough for the longest path after two values of
    // global options.
    let mut operands = [""; 8];
    let mut n = 0;
    for w in cmd.operands(&[]) {
        if n == operands.len() {
            break;
        }
        operands[n] = w;
        n += 1;
    }
    let operands = &operands[..n];
    let Some(row) = ops.iter().find(|o| matches(cmd, operands, o)) else {
        return false;
    };
    let unread = unread_options(operands, row);
    let mut effect = row.effect;
    let mut why = "";
    if row.worse.iter().any(|s| given(cmd, s, unread)) {
        effect = worse(effect);
        why = " (and worse, by what the options add)";
    }
    if unread
        && !row
            .with
            .iter()
            .chain(row.worse)
            .any(|s| given(cmd, s, false))
    {
        why = " (its options are not readable here: read as the worst they can be)";
    }
    if effect == Disrupts && cmd.words().any(production) {
        effect = Deletes;
        why = " (in production)";
    }
    let severity = match effect {
        // A whole data store erased is verified out of band, stopped only in production (the
        // database ladder's: `DROP DATABASE` through a tool is verified, in production stopped).
        Erases if family == Family::Database && !cmd.words().any(production) => Severity::Verify,
        Erases => Severity::Stop,
        Deletes => Severity::Verify,
        Disrupts => Severity::Confirm,
    };
    let code = match (family, effect) {
        (Family::Database, Erases) => "database.store-erase",
        (Family::Database, Deletes) => "database.store-delete",
        (Family::Database, Disrupts) => "database.store-disrupt",
        (Family::Secrets, _) => "secrets.store-delete",
        (_, Erases) => "storage.erase",
        (_, Deletes) => "storage.delete",
        (_, Disrupts) => "storage.disrupt",
    };
    let mut shown = String::from(name);
    for w in cmd.args.iter().take(4) {
        shown.push(' ');
        shown.push_str(w);
    }
    out.push(finding(
        family,
        code,
        severity,
        format!("{} {}{why}", crate::cut(&shown, 80), row.what),
    ));
    true
}

fn worse(e: Effect) -> Effect {
    match e {
        Disrupts => Deletes,
        _ => Erases,
    }
}

fn matches(cmd: &Cmd<'_>, operands: &[&str], o: &Op) -> bool {
    let path_found = o.path.is_empty()
        || (0..3.min(operands.len())).any(|start| {
            operands.len() >= start + o.path.len()
                && o.path
                    .iter()
                    .zip(&operands[start..])
                    .all(|(want, w)| spelled(want, w))
        });
    let unread = unread_options(operands, o);
    path_found
        && (o.with.is_empty() || o.with.iter().any(|s| given(cmd, s, unread)))
        && (o.and.is_empty() || o.and.iter().any(|s| given(cmd, s, unread)))
}

/// Whether the arguments that carry a call's options (after the path and its first operand,
/// `midclt call pool.export 1 "$(cat opts.json)"`) cannot be read here: a substitution or a
/// variable. What they hold may be the destroy, so a JSON field is taken as set: hiding the
/// options in a file must not lower the call.
fn unread_options(operands: &[&str], o: &Op) -> bool {
    o.with.iter().chain(o.worse).any(|s| s.starts_with('='))
        && operands
            .iter()
            .skip(o.path.len() + 1)
            .any(|w| w.contains('$') || w.contains('`'))
}

/// Whether a word is one of a `|`-list of spellings (any case, `*` for any text).
fn spelled(spellings: &str, word: &str) -> bool {
    spellings
        .split('|')
        .any(|s| glob(s.as_bytes(), word.as_bytes()))
}

fn glob(pattern: &[u8], word: &[u8]) -> bool {
    match pattern.split_first() {
        None => word.is_empty(),
        Some((b'*', rest)) => (0..=word.len()).any(|i| glob(rest, &word[i..])),
        Some((p, rest)) => word
            .split_first()
            .is_some_and(|(w, more)| p.eq_ignore_ascii_case(w) && glob(rest, more)),
    }
}

/// Whether an option spelling (see [`Op`]) is given on the command line (a JSON field also
/// when the options cannot be read: `unread`).
fn given(cmd: &Cmd<'_>, spec: &str, unread: bool) -> bool {
    if spec == "<shrink>" {
        // lvresize's new size, unless written as growth (`+5G`).
        return cmd
            .value(&["-L", "--size", "-l", "--extents"])
            .is_some_and(|v| !v.starts_with('+'));
    }
    if let Some(field) = spec.strip_prefix('=') {
        return unread || cmd.args.iter().any(|a| set_true(a, field));
    }
    let mut words = cmd
        .args
        .iter()
        .map(|a| &**a)
        .take_while(|w| *w != "--")
        .peekable();
    while let Some(w) = words.next() {
        let hit = if let Some((name, value)) = spec.split_once('=') {
            spelled(spec, w)
                || w == name && words.peek().is_some_and(|v| v.eq_ignore_ascii_case(value))
        } else if spec.starts_with("--") {
            w == spec
                || w.strip_prefix(spec)
                    .and_then(|v| v.strip_prefix('='))
                    .is_some_and(|v| !matches!(v, "false" | "no" | "0" | "off"))
        } else if let Some(letter) = spec.strip_prefix('-').filter(|l| l.len() == 1) {
            w == spec
                || w.strip_prefix('-').is_some_and(|c| {
                    !c.starts_with('-')
                        && c.len() <= 4
                        && c.bytes().all(|b| b.is_ascii_alphabetic())
                        && c.contains(letter)
                })
        } else {
            spelled(spec, w)
        };
        if hit {
            return true;
        }
    }
    false
}

/// Whether a word sets `field` true: a JSON member (`"destroy": true`, spaces anywhere) or
/// `field=true` / `field=yes`.
fn set_true(word: &str, field: &str) -> bool {
    if let Some(v) = word.strip_prefix(field).and_then(|v| v.strip_prefix('=')) {
        return matches!(v.to_ascii_lowercase().as_str(), "true" | "yes" | "1");
    }
    word.match_indices(field).any(|(at, _)| {
        let before = &word[..at];
        let after = &word[at + field.len()..];
        (before.ends_with('"') || before.ends_with('\''))
            && after
                .strip_prefix(['"', '\''])
                .map(str::trim_start)
                .and_then(|v| v.strip_prefix(':'))
                .map(str::trim_start)
                .is_some_and(|v| v.starts_with("true") || v.starts_with('1'))
    })
}
