//! Tests of the generic reader's effect vocabulary ([`crate::recognize::generic`]) and of
//! claimed-but-silent programs falling through to it (issue #13, holdout7 analysis G1, G2),
//! plus single-program rows (G9). Each mechanism's benign near misses come first; its
//! dangerous lines are programs and phrasings written from the tools' documentation that
//! appear in no held-back set (`frobctl` stands for a program nobody knows).

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, expect_at_least};
use crate::{Severity, judge};

#[test]
fn g1_near_misses_of_claimed_programs_stay_allowed() {
    expect_alone(&[
        ("wmic process list brief", ALLOW),
        ("wmic process where name='notepad.exe' get processid", ALLOW),
        // A runner's words before a command are not a `call` of a method.
        ("please run rm -rf node_modules", ALLOW),
        ("frobctl service where name=airlock status", ALLOW),
        ("vault operator members", ALLOW),
        ("pulumi refresh --preview-only", ALLOW),
        ("gh repo create scratch --private", ALLOW),
        ("kubectl get secrets -n dev", ALLOW),
        ("kubectl get secret stripe-keys -n dev", ALLOW),
        ("helm list -A", ALLOW),
        ("docker compose down", ALLOW),
        // A file named like a verb is no verb: the filesystem programs' operands are data.
        ("cp delete-me.txt /tmp/", ALLOW),
        (
            "curl -s https://api.example.com/v1/users/delete-requests",
            ALLOW,
        ),
    ]);
}

#[test]
fn g1_a_claimed_program_whose_recognizer_finds_nothing_is_read_generically() {
    // gh, kubectl and vault are claimed by their family recognizers, which have no row for
    // these forms.
    expect_at_least(&[
        (
            "gh repo create acme-payroll-export --public --source . --push",
            Severity::Confirm,
        ),
        ("kubectl view-secret db-creds -n prod", Severity::Confirm),
        (
            "vault operator rekey -init -key-shares=1 -key-threshold=1",
            Severity::Confirm,
        ),
    ]);
    // A `where` clause's filter does not end the command path.
    expect_alone(&[
        (
            "wmic process where \"name='airlock.exe'\" call terminate",
            STOP,
        ),
        ("frobctl process where name=airlock-daemon kill", STOP),
        ("frobctl process where name=worker-7 delete", CONFIRM),
        ("wmic process where name='backup-agent.exe' delete", CONFIRM),
    ]);
    let j = judge("gh repo create scratch --public", &[]);
    assert!(
        j.findings.iter().any(|f| f.code == "generic.fallthrough"),
        "{:?}",
        j.findings
    );
}

#[test]
fn g2_state_words_near_misses_stay_allowed() {
    expect_alone(&[
        ("nmcli radio wifi on", ALLOW),
        ("tailscale up", ALLOW),
        ("tailscale up --accept-routes", ALLOW),
        ("tailscale status", ALLOW),
        ("tailscale funnel 3000 off", ALLOW),
        ("nmcli connection up office-vpn", ALLOW),
        ("nordvpn connect", ALLOW),
        ("warp-cli connect", ALLOW),
        ("zerotier-cli join 8056c2e21c000001", ALLOW),
        ("zerotier-cli listnetworks", ALLOW),
        ("wg show", ALLOW),
        ("openvpn3 sessions-list", ALLOW),
        ("tc qdisc show", ALLOW),
        ("tc qdisc add dev eth0 root netem delay 100ms", ALLOW),
        ("tc qdisc add dev eth0 root netem loss 5%", ALLOW),
        ("frobctl service api up", ALLOW),
    ]);
}

#[test]
fn g2_state_words_turn_a_network_or_a_link_off() {
    expect_alone(&[
        ("zerotier-cli leave 8056c2e21c000001", CONFIRM),
        ("warp-cli disconnect", CONFIRM),
        ("mullvad disconnect", CONFIRM),
        (
            "openvpn3 session-manage --disconnect --config corp.ovpn",
            CONFIRM,
        ),
        ("frobctl vpn disconnect", CONFIRM),
        // The whole of networking, or a machine's own interface: what remote access runs on.
        ("frobctl networking off", VERIFY),
        ("nmcli radio all off", VERIFY),
        ("networkctl down ens5", VERIFY),
        ("frobctl interface eth0 down", VERIFY),
        ("tc qdisc change dev ens5 root netem loss 100%", VERIFY),
    ]);
}

#[test]
fn g2_switch_values_near_misses_stay_allowed() {
    expect_alone(&[
        (
            "kcadm.sh update users/8a1f2c3d -r acme -s enabled=true",
            ALLOW,
        ),
        ("frobctl users update u-42 enabled=true", ALLOW),
        // Turning telemetry off protects nothing.
        ("frobctl config set telemetry.enabled=false", ALLOW),
        ("frobctl config set telemetry_enabled false", ALLOW),
        ("nmap -p 1-65535 scanme.nmap.org", ALLOW),
        // Every port closed cuts the machine off (session 16: a port closed for everyone is a
        // rule change, holdout11's label; over the whole range it is verified).
        ("ufw deny 1:65535/tcp", VERIFY),
    ]);
    // An ordinary port stays at most a confirmation.
    let j = judge("firewall-cmd --add-port=8080/tcp", &[]);
    assert!(j.worst() <= Some(Severity::Confirm), "{:?}", j.findings);
}

#[test]
fn g2_switch_values_turn_things_off() {
    expect_alone(&[
        ("frobctl users update u-42 enabled=false", CONFIRM),
        ("frobctl user set u-42 --enabled false", CONFIRM),
        ("frobctl user u-42 --enabled false", CONFIRM),
        ("frobctl policy set mfa_enabled=false", VERIFY),
        // Every port opened, or opened to every address.
        ("ufw allow proto tcp from any to any port 1:65535", VERIFY),
        ("iptables -A INPUT -p tcp --dport 0:65535 -j ACCEPT", VERIFY),
        ("frobctl firewall add-rule --ports 1-65535", VERIFY),
        (
            "frobctl firewall add-rule --port 22 --source 0.0.0.0/0",
            CONFIRM,
        ),
    ]);
}

#[test]
fn g2_fused_words_near_misses_stay_single_words() {
    expect_alone(&[
        ("frobctl setup", ALLOW),
        ("frobctl settings show", ALLOW),
        ("frobctl dropbox sync ./notes", ALLOW),
        ("frobctl setenv FOO=1", ALLOW),
    ]);
}

#[test]
fn g2_fused_words_are_split_on_a_verb_before_a_noun() {
    expect_at_least(&[
        ("frobctl user resetpassword root", Severity::Confirm),
        ("frobctl accounts deleteuser jdoe", Severity::Confirm),
        ("frobctl dropdb orders_prod", Severity::Verify),
        (
            "frobctl account changepassword Administrator",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn g2_export_near_misses_stay_allowed() {
    expect_alone(&[
        ("wandb artifact get public-proj/dumps:latest", ALLOW),
        ("kaggle datasets download -d zillow/zecon", ALLOW),
        ("kaggle datasets create -p ./exports/figures", ALLOW),
        ("consul kv put app/flag true", ALLOW),
        ("etcdctl put /config/feature-x 1", ALLOW),
        ("frobctl artifact put ./dist/app.tar.gz", ALLOW),
        ("frobctl repo update acme/site --visibility private", ALLOW),
    ]);
}

#[test]
fn g2_export_verbs_and_public_options_publish() {
    expect_at_least(&[
        (
            "frobctl artifact put ./exports/customers.csv",
            Severity::Verify,
        ),
        ("frobctl share ./prod_users.parquet", Severity::Verify),
        (
            "frobctl repo update acme/billing --visibility public",
            Severity::Confirm,
        ),
        (
            "frobctl dataset create --public -p ./exports/report",
            Severity::Confirm,
        ),
        (
            "frobctl space create acme/demo --private false",
            Severity::Confirm,
        ),
        (
            "frobctl bucket update media --acl public-read",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn g2_reads_of_a_secret_near_misses_stay_allowed() {
    expect_alone(&[
        ("frobctl get config db-host", ALLOW),
        ("kubectl describe secret stripe-keys", ALLOW),
    ]);
}

#[test]
fn g2_a_read_verb_on_a_secret_noun_reveals_it() {
    expect_at_least(&[
        ("frobctl show-secret db-password", Severity::Confirm),
        ("frobctl get secret stripe-live", Severity::Confirm),
        ("frobctl secret show db-pass", Severity::Confirm),
        (
            "oc view-secret pull-secret -n openshift-config",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn g9_rows_near_misses_stay_allowed() {
    expect_alone(&[
        ("kill -0 4242", ALLOW),
        ("kill -0 $(pgrep airlock)", ALLOW),
        ("kill -s 0 $(cat /run/airlock.pid)", ALLOW),
        ("conda install -c conda-forge numpy", ALLOW),
        ("conda install -c nvidia cuda-toolkit", ALLOW),
        ("mamba install --channel=bioconda samtools", ALLOW),
        ("conda install numpy pandas", ALLOW),
        ("helm install web ./charts/web -n dev", ALLOW),
        ("iptables-restore --test < /etc/iptables/rules.v4", ALLOW),
        ("nft -c -f /etc/nftables.conf", ALLOW),
        ("pg_ctlcluster 16 main status", ALLOW),
    ]);
}

#[test]
fn g9_rows_single_program_facts() {
    expect_alone(&[
        // signal 0 is a probe; any other signal to the guard is tampering.
        ("kill -9 $(pgrep airlock)", STOP),
        ("kill -0 -s 9 $(pgrep airlock)", STOP),
        ("launchctl bootout system/com.openssh.sshd", VERIFY),
        (
            "launchctl unload -w /System/Library/LaunchDaemons/com.apple.screensharing.plist",
            VERIFY,
        ),
        ("iptables-restore < /tmp/rules.v4", CONFIRM),
        ("nft -f /tmp/open.nft", CONFIRM),
        (
            "printf '*filter\\n:INPUT ACCEPT [0:0]\\n:FORWARD ACCEPT [0:0]\\n:OUTPUT ACCEPT [0:0]\\nCOMMIT\\n' | iptables-restore",
            STOP,
        ),
        ("pg_ctlcluster 15 main stop", VERIFY),
        ("pg_ctlcluster 14 analytics restart", CONFIRM),
        (
            "helm upgrade --install web https://charts.example.net/web-1.4.0.tgz -n dev",
            CONFIRM,
        ),
        (
            "helm install web web --repo https://charts.unvetted.example -n dev",
            CONFIRM,
        ),
        ("conda install -c someuser -y torch-patched", CONFIRM),
        (
            "micromamba create -n x -c https://conda.anaconda.org/randomdev pkg",
            CONFIRM,
        ),
        ("conda install randomdev::cudnn-fast", CONFIRM),
    ]);
}
