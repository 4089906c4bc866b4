//! The remote command of an ssh line is judged with its own options ([`crate::recognize::remote`]):
//! ssh stops reading options at the first word after the destination, so `ssh web1 rm -rf
//! /var/lib/mysql` runs `rm -rf /var/lib/mysql` on web1, however the line is quoted.

use crate::Severity;

fn worst(hint: &str) -> Option<Severity> {
    crate::judge(hint, &[]).worst()
}

#[test]
fn an_unquoted_remote_command_keeps_its_options() {
    for hint in [
        "ssh root@web1 rm -rf /var/lib/mysql",
        "ssh -p 2222 deploy@10.0.0.5 sudo rm -rf /srv/data",
        "ssh -i ~/.ssh/ops.pem -o StrictHostKeyChecking=no admin@db-7 rm -fr /var/lib/postgresql",
        "ssh -tt ops@build-3 -l root dd if=/dev/zero of=/dev/sda bs=1M",
        "ssh storage-2 mkfs.xfs -f /dev/nvme1n1",
        "ssh -- edge-4 rm -r -f /etc",
    ] {
        let got = worst(hint);
        assert!(got >= Some(Severity::Verify), "{hint:?}: {got:?}");
    }
}

#[test]
fn a_remote_read_or_a_bounded_remote_command_goes_ahead() {
    for hint in [
        "ssh root@web1 ls -la /var/lib/mysql",
        "ssh -p 2222 deploy@10.0.0.5 df -h /srv",
        "ssh ops@build-3 tail -n 50 /var/log/nginx/error.log",
        "ssh runner@ci-2 systemctl status nginx --no-pager",
    ] {
        let got = worst(hint);
        assert!(got < Some(Severity::Confirm), "{hint:?}: {got:?}");
    }
}
