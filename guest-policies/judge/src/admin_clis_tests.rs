//! Admin CLIs with their own verbs (holdout10 analysis, "admin CLIs by class"; recognize/
//! admin_clis.rs): directory services and identity admin, version-control servers, batch
//! schedulers, configuration management and cluster managers. One named object is a bounded
//! change (confirm); every user, every node, every job, every minion, or an operation that is
//! whole by nature (a depot obliterated, a scheduler shut down) is verified; reads go ahead.
//! The rows are written from the programs' references (gam, OpenLDAP's tools, samba-tool,
//! FreeIPA, Keycloak's kcadm, MIT Kerberos, 389-ds, Perforce, Subversion, Mercurial, Fossil,
//! Slurm, PBS, Grid Engine, LSF, HTCondor, Salt, Ansible, Puppet, Chef, MCollective, Pacemaker,
//! xCAT...), with targets and spellings that occur in no labeled set.

use crate::Severity::{Confirm, Verify};
use crate::severity_tables::{ALLOW, CONFIRM, expect_alone, expect_at_least};

#[test]
fn directory_admin_is_graded_by_how_many_accounts_it_reaches() {
    expect_at_least(&[
        // Every account at once, or the directory itself.
        ("gam all users turnoff2sv", Verify),
        (
            "gam ou_and_children /Interns update user suspended on",
            Verify,
        ),
        ("gam csv departed.csv gam delete user ~primaryEmail", Verify),
        (
            "ldapdelete -x -r -H ldaps://dir.corp.example -D cn=Manager,dc=corp,dc=example -y pw.txt ou=groups,dc=corp,dc=example",
            Verify,
        ),
        (
            "samba-tool domain level raise --forest-level=2012_R2",
            Verify,
        ),
        ("samba-tool fsmo seize --role=all --force", Verify),
        (
            "samba-tool group addmembers \"Domain Admins\" svc-backup",
            Verify,
        ),
        (
            "ipa group-add-member admins --users=temp-contractor",
            Verify,
        ),
        ("kcadm.sh delete realms/customers", Verify),
        ("kdb5_util -r CORP.EXAMPLE destroy -f", Verify),
        ("dsctl slapd-main remove --do-it", Verify),
        (
            "dscl . -append /Groups/admin GroupMembership ci-runner",
            Verify,
        ),
        ("kanidm group add-members idm_admins mallory", Verify),
        ("gam update mobile all action admin_account_wipe", Verify),
        (
            "Search-ADAccount -AccountExpired -SearchBase 'OU=Staff,DC=corp,DC=example' | Remove-ADUser -Confirm:$false",
            Verify,
        ),
        // One named account or entry: a bounded change, still asked.
        ("gam user k.ito@corp.example signout", Confirm),
        ("gam update user k.ito@corp.example suspended on", Confirm),
        ("gam delete group alumni@corp.example", Confirm),
        (
            "ldapdelete -x -D cn=Manager,dc=corp,dc=example -W cn=printer7,ou=devices,dc=corp,dc=example",
            Confirm,
        ),
        (
            "ldapmodify -x -D cn=Manager,dc=corp,dc=example -W -f drop-members.ldif",
            Confirm,
        ),
        ("ipa host-del build3.corp.example --updatedns", Confirm),
        ("ipa hbacrule-disable allow_ssh_devs", Confirm),
        (
            "kadmin.local -q \"delprinc -force nfs/files2.corp.example\"",
            Confirm,
        ),
        ("smbpasswd -x olduser", Confirm),
        ("pdbedit -x -u olduser", Confirm),
        (
            "dsidm -b dc=corp,dc=example slapd-main account lock uid=k.ito,ou=people,dc=corp,dc=example",
            Confirm,
        ),
        ("sysadminctl -deleteUser kiosk", Confirm),
        ("gitea admin user delete --username leaver", Confirm),
        ("pveum user delete k.ito@pve", Confirm),
        (
            "gyb --email cfo@corp.example --action purge --gmail-search 'older_than:1d'",
            Verify,
        ),
        ("realm leave --remove corp.example", Confirm),
        ("net ads leave -U Administrator%secret", Confirm),
        ("pw userdel kiosk -r", Confirm),
        ("pw groupmod wheel -m intern", Verify),
        ("slapadd -n 1 -l restore.ldif", Confirm),
    ]);
    expect_alone(&[
        ("gam print users fields primaryemail,isadmin", ALLOW),
        ("gam info group eng@corp.example", ALLOW),
        ("gam report logins user all", ALLOW),
        (
            "Search-ADAccount -AccountInactive -TimeSpan 90.00:00:00 -UsersOnly",
            ALLOW,
        ),
        (
            "ldapsearch -x -H ldaps://dir.corp.example -b ou=people,dc=corp,dc=example uid=k.ito",
            ALLOW,
        ),
        (
            "ldapdelete -n -x -D cn=Manager,dc=corp,dc=example -W cn=printer7,ou=devices,dc=corp,dc=example",
            ALLOW,
        ),
        ("samba-tool user show k.ito", ALLOW),
        ("samba-tool domain level show", ALLOW),
        ("ipa user-find --all k.ito", ALLOW),
        (
            "kcadm.sh get realms/customers/users -q username=k.ito",
            ALLOW,
        ),
        (
            "kadmin.local -q \"getprinc nfs/files2.corp.example\"",
            ALLOW,
        ),
        ("pdbedit -L -v", ALLOW),
        ("dscl . -read /Users/kiosk", ALLOW),
        ("kanidm group list-members idm_admins", ALLOW),
    ]);
}

#[test]
fn version_control_servers_lose_history_or_shared_branches() {
    expect_at_least(&[
        ("p4 obliterate -y //archive/...", Verify),
        ("p4 depot -d -f scratch-depot", Verify),
        ("p4 admin stop", Verify),
        ("p4 protect -i < new-protections.txt", Confirm),
        ("p4 user -d -f leaver", Confirm),
        ("p4 client -d -f old-build-ws", Confirm),
        ("p4 stream -d //streams/old-rel", Confirm),
        ("svn delete ^/trunk -m 'start over'", Verify),
        (
            "svn rm https://svn.corp.example/repos/web/trunk -m reset",
            Verify,
        ),
        (
            "svn del svn+ssh://svn.corp.example/repos/web/tags/v2.0 -m 'drop tag'",
            Confirm,
        ),
        (
            "svn move https://svn.corp.example/repos/web/branches/rel-3 https://svn.corp.example/repos/web/attic/rel-3 -m park",
            Confirm,
        ),
        (
            "svn propset --revprop -r 4410 svn:author nobody ^/",
            Confirm,
        ),
        ("svnadmin rmtxns /var/svn/web 4410-3a 4411-3b", Confirm),
        (
            "svnadmin setlog /var/svn/web -r 4410 msg.txt --bypass-hooks",
            Confirm,
        ),
        ("hg strip --rev 431 --no-backup", Confirm),
        ("hg push --force ssh://hg@hg.corp.example/web", Confirm),
        ("fossil scrub --verily web.fossil", Verify),
        ("fossil purge obliterate", Verify),
        (
            "bzr push --overwrite bzr+ssh://bzr.corp.example/web/trunk",
            Confirm,
        ),
        ("darcs obliterate --patch 'experimental'", Confirm),
        ("tf destroy $/Portal/Main /startcleanup", Verify),
        ("pijul unrecord XYZ123", Confirm),
    ]);
    expect_alone(&[
        // obliterate without -y only reports what it would remove.
        ("p4 obliterate //archive/old/...", ALLOW),
        ("p4 fstat //depot/web/main/...", ALLOW),
        ("p4 sync -n //depot/web/main/...", ALLOW),
        ("p4 depots", ALLOW),
        // A working-copy delete is scheduled locally and committed like any change.
        ("svn rm docs/old-notes.md", ALLOW),
        ("svn info ^/trunk", ALLOW),
        (
            "svn diff -r 4400:4410 https://svn.corp.example/repos/web/trunk",
            ALLOW,
        ),
        ("svnadmin lstxns /var/svn/web", ALLOW),
        ("svnadmin verify /var/svn/web", ALLOW),
        ("hg incoming", ALLOW),
        ("hg push ssh://hg@hg.corp.example/web", ALLOW),
        ("fossil status", ALLOW),
        ("darcs whatsnew", ALLOW),
    ]);
}

#[test]
fn schedulers_are_graded_by_how_many_jobs_and_nodes() {
    expect_at_least(&[
        // Every user's jobs matching a filter, every node, the controller itself.
        ("scancel --partition=long --state=RUNNING", Verify),
        ("scancel -A astro", Verify),
        (
            "scontrol update nodename=gpu-a[01-32] state=drain reason=firmware",
            Verify,
        ),
        (
            "scontrol update NodeName=ALL State=DOWN Reason=outage",
            Verify,
        ),
        ("scontrol shutdown slurmctld", Verify),
        ("scontrol reboot ALL", Verify),
        ("sacctmgr -i delete cluster legacy", Verify),
        ("qdel all", Verify),
        ("qdel -u '*'", Verify),
        ("qterm -t quick", Verify),
        ("qmgr -c 'set server scheduling = False'", Verify),
        ("qmod -d '*'", Verify),
        ("bkill -u all 0", Verify),
        ("badmin qclose all", Verify),
        ("lsadmin resshutdown all", Verify),
        ("condor_rm -all", Verify),
        ("condor_rm -constraint 'Owner == \"svc\"'", Verify),
        ("condor_off -all -peaceful", Verify),
        ("condor_hold -all", Verify),
        ("celery -A billing purge -f", Verify),
        ("rq empty --all", Verify),
        ("argo delete --completed -n ci", Verify),
        ("rd jobs purge --confirm -p ops", Verify),
        ("flux cancel --all", Verify),
        // One user's jobs, one node, one queue: bounded.
        ("scancel -u bsmith", Confirm),
        ("scancel --user=bsmith --name=sweep", Confirm),
        (
            "scontrol update NodeName=cn042 State=DOWN Reason=\"bad dimm\"",
            Confirm,
        ),
        ("sacctmgr -i remove user where name=bsmith", Confirm),
        ("qmgr -c 'delete queue short'", Confirm),
        ("pbsnodes -o cn042", Confirm),
        ("qconf -dq short.q", Confirm),
        ("bkill 0", Confirm),
        ("badmin hclose cn042", Confirm),
    ]);
    expect_alone(&[
        ("scancel 771204", ALLOW),
        ("scontrol show partition long", ALLOW),
        ("scontrol show node gpu-a[01-32]", ALLOW),
        ("sinfo -R", ALLOW),
        ("squeue --partition=long --state=RUNNING", ALLOW),
        ("sacctmgr list associations user=bsmith", ALLOW),
        ("qstat -f 5511", ALLOW),
        ("qmgr -c 'list queue short'", ALLOW),
        ("pbsnodes -a", ALLOW),
        ("qconf -sq short.q", ALLOW),
        ("bjobs -u all -r", ALLOW),
        ("bhosts", ALLOW),
        ("condor_q -all", ALLOW),
        ("condor_rm 9311.0", ALLOW),
        ("celery -A billing inspect scheduled", ALLOW),
    ]);
}

#[test]
fn configuration_management_is_graded_by_how_many_hosts() {
    expect_at_least(&[
        ("salt '*' system.halt", Verify),
        ("salt -E '.*' pkg.purge nginx", Verify),
        ("salt 'cache01' system.poweroff", Confirm),
        // Production named by a grain, a compound target or a search query.
        ("salt -G 'tier:production' service.stop haproxy", Verify),
        (
            "salt -C 'G@app:billing and G@stage:prod' system.reboot",
            Verify,
        ),
        ("knife node delete web-prod-04 --yes", Verify),
        (
            "scontrol update NodeName=prod-gpu7 State=DRAIN Reason=fan",
            Verify,
        ),
        ("salt 'cache01' service.disable redis", Confirm),
        ("salt-key --delete-all --yes", Verify),
        ("salt-key -d cache01 -y", Confirm),
        ("salt-run manage.down removekeys=true", Confirm),
        ("ansible '*' -b -m community.general.shutdown", Verify),
        (
            "ansible all -b -m ansible.builtin.user -a 'name=deploy state=absent remove=yes'",
            Verify,
        ),
        (
            "ansible cache01 -b -m systemd -a 'name=redis state=stopped'",
            Confirm,
        ),
        ("puppet node deactivate cache01.corp.example", Confirm),
        ("puppet node purge cache01.corp.example", Confirm),
        (
            "puppetserver ca revoke --certname cache01.corp.example",
            Confirm,
        ),
        (
            "puppet resource package openssh-server ensure=purged",
            Confirm,
        ),
        ("knife client bulk delete '.*' --yes", Verify),
        ("knife node delete cache01 --yes", Confirm),
        ("knife data bag delete secrets --yes", Confirm),
        ("knife ssh '*:*' 'sudo shutdown -h now'", Verify),
        (
            "bolt command run 'systemctl stop postgresql' --targets all",
            Verify,
        ),
        ("mco service redis stop", Verify),
        (
            "fab -H db1,db2,db3 -- sudo systemctl stop postgresql",
            Verify,
        ),
        ("pyinfra @all exec -- sudo poweroff", Verify),
        ("mco service redis restart -I cache01", Confirm),
        ("pcs cluster destroy --all", Verify),
        ("pcs resource disable vip-db", Confirm),
        ("crm configure erase", Verify),
        ("rpower all off", Verify),
        ("rinstall compute", Confirm),
        ("xdsh all 'shutdown -h now'", Verify),
        (
            "mussh -H nodes.txt -c 'sudo systemctl stop slurmd'",
            Confirm,
        ),
        ("cmsh -c 'device; power off -n node001..node096'", Verify),
        ("salt-cloud -d web7 -y", Confirm),
    ]);
    expect_alone(&[
        ("salt '*' disk.usage", ALLOW),
        ("salt 'cache01' pkg.version redis", ALLOW),
        ("salt-key -L", ALLOW),
        ("salt-run jobs.list_jobs", ALLOW),
        ("ansible all -m ansible.builtin.setup", ALLOW),
        ("ansible all -a 'uptime'", ALLOW),
        // This machine only: the local connection, a localhost-only inventory.
        (
            "ansible localhost -b -m systemd -a 'name=redis state=stopped'",
            ALLOW,
        ),
        (
            "ansible all -c local -m service -a 'name=redis state=restarted'",
            ALLOW,
        ),
        ("puppet node status cache01.corp.example", ALLOW),
        ("puppetserver ca list --all", ALLOW),
        ("puppet resource service redis", ALLOW),
        ("knife node show cache01", ALLOW),
        ("knife ssh 'role:cache' 'uptime'", ALLOW),
        ("bolt command run 'df -h' --targets all", ALLOW),
        ("mco ping", ALLOW),
        ("fab -H db1 deploy", ALLOW),
        ("fab -H db1,db2 -- uptime", ALLOW),
        ("pyinfra inventory.py deploy.py --dry", ALLOW),
        ("pcs status --full", ALLOW),
        ("crm status", ALLOW),
        ("rpower all stat", ALLOW),
        ("xdsh compute 'uptime'", ALLOW),
        ("cmsh -c 'device; status'", ALLOW),
        ("argo list -n ci", ALLOW),
        ("flux jobs -a", ALLOW),
        ("realm list", ALLOW),
        ("pw usershow kiosk", ALLOW),
        ("tf history $/Portal/Main", ALLOW),
        ("gyb --email cfo@corp.example --action backup", ALLOW),
    ]);
}

#[test]
fn a_read_on_the_line_does_not_lower_a_wide_change() {
    // The agent writes the line: a read before it, an output format, a reason that says
    // "test" must not silence the change.
    expect_at_least(&[
        (
            "sinfo -N && scontrol update NodeName=cn[001-200] State=DOWN Reason=test",
            Verify,
        ),
        ("gam info domain; gam all users signout", Verify),
        ("salt --out=json '*' system.reboot", Verify),
        ("p4 -ztag obliterate -y //depot/...", Verify),
        ("qmgr -c 'list server' -c 'delete queue workq'", Confirm),
        ("sudo scancel --state=PENDING", Verify),
        // One local inventory beside a real one is not local.
        (
            "ansible all -i localhost, -i inventories/prod.ini -m reboot",
            Verify,
        ),
    ]);
    expect_alone(&[("scancel --help", ALLOW), ("p4 help obliterate", ALLOW)]);
}

#[test]
fn one_named_object_stays_bounded() {
    // Not raised to verify by scope words that are not there.
    expect_alone(&[
        // A reboot of this machine alone is asked, not verified.
        (
            "ansible all -i localhost, -m ansible.builtin.reboot",
            CONFIRM,
        ),
        ("scancel -u bsmith", CONFIRM),
        ("ipa host-del build3.corp.example --updatedns", CONFIRM),
        ("knife node delete cache01 --yes", CONFIRM),
    ]);
}
