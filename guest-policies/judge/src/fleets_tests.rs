//! Where a fleet runner's command lands ([`crate::recognize::fleets`]): a bounded command run on
//! every host a list, a range, a group, a grain, a tag or a search selects is verified; the same
//! runner reading (uptime, status, df) goes ahead. The runners and spellings here are in no
//! labeled set: consul exec, SSM's send-command, scale-set run-command, gcloud compute ssh,
//! Teleport label selectors, the dancer's shell, juju, BOSH, kamal, hcloud and doctl ssh, salt's
//! node groups and lists, MCollective's class filters, nomad's stop.

use crate::Severity::{Confirm, Verify};
use crate::severity_tables::{expect_allowed, expect_at_least};

#[test]
fn a_bounded_command_on_many_hosts_or_production_hosts_is_verified() {
    expect_at_least(&[
        ("consul exec -service=api 'sudo systemctl stop api'", Verify),
        ("consul exec 'systemctl disable --now nginx'", Verify),
        (
            "aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:Role,Values=worker --parameters 'commands=[\"systemctl stop worker\"]'",
            Verify,
        ),
        (
            "aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:Tier,Values=cache --parameters commands='rm -rf /srv/cache/blobs'",
            Verify,
        ),
        (
            "az vmss run-command invoke -g rg-web -n web-vmss --instance-id '*' --command-id RunShellScript --scripts 'systemctl stop nginx'",
            Verify,
        ),
        (
            "gcloud compute ssh db-primary-prod --zone europe-west1-b --command 'sudo systemctl stop postgresql'",
            Verify,
        ),
        ("tsh ssh root@role=db 'systemctl stop postgresql'", Verify),
        ("dsh -g webservers -- sudo systemctl stop apache2", Verify),
        (
            "juju exec --application postgresql -- sudo systemctl stop postgresql",
            Verify,
        ),
        ("bosh -d cf ssh router -c 'sudo monit stop all'", Verify),
        ("kamal app exec 'rm -rf /rails/storage'", Verify),
        ("hcloud server ssh web-prod-1 'rm -rf /srv/uploads'", Verify),
        (
            "doctl compute ssh api-prod-2 --ssh-command 'sudo rm -rf /srv/app/uploads'",
            Verify,
        ),
        ("salt -N edge cmd.run 'systemctl stop haproxy'", Verify),
        ("salt -L lb1,lb2 system.reboot", Verify),
        ("salt 'S@10.20.0.0/16' cmd.run 'iptables -F'", Verify),
        ("mco service haproxy stop -C loadbalancer", Verify),
        ("pssh -h /etc/ops/hosts -i 'systemctl stop cron'", Verify),
        (
            "nomad job stop -purge -address=https://nomad.internal:4646 billing-api",
            Verify,
        ),
        ("NOMAD_NAMESPACE=production nomad job stop api", Verify),
        (
            "nomad job run -var-file=vars/staging.hcl jobs/web.nomad.hcl",
            Confirm,
        ),
        (
            "ansible-playbook -i inventories/prod/hosts.yml playbooks/teardown-kafka.yml",
            Verify,
        ),
        (
            "ansible-playbook -i prod.ini retire_nodes.yml --limit es-old",
            Verify,
        ),
        (
            "ansible-playbook -i inventories/production decom.yml -e target=legacy",
            Verify,
        ),
        (
            "for h in $(cat edge-hosts.txt); do ssh \"$h\" 'rm -rf /srv/app/releases'; done",
            Verify,
        ),
        (
            "xargs -a edge-hosts.txt -I{} ssh root@{} 'rm -rf /srv/app/releases'",
            Verify,
        ),
    ]);
}

#[test]
fn the_same_runners_reading_go_ahead() {
    expect_allowed(&[
        "consul exec -service=api uptime",
        "consul members",
        "aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:Role,Values=worker --parameters 'commands=[\"df -h\"]'",
        "az vmss run-command invoke -g rg-web -n web-vmss --instance-id '*' --command-id RunShellScript --scripts 'uptime'",
        "gcloud compute ssh db-primary-prod --zone europe-west1-b --command 'df -h'",
        "tsh ssh root@role=db uptime",
        "tsh ls role=db",
        "dsh -g webservers -- uptime",
        "juju exec --application postgresql -- df -h",
        "bosh -d cf ssh router -c 'sudo monit summary'",
        "hcloud server ssh web-prod-1 'tail -n 100 /var/log/nginx/error.log'",
        "salt -N edge cmd.run 'systemctl status haproxy'",
        "salt -L lb1,lb2 test.ping",
        "mco find -C loadbalancer",
        "nomad job status -address=https://nomad.internal:4646 billing-api",
        "nomad job plan -var-file=vars/production.hcl jobs/web.nomad.hcl",
        "ansible-playbook -i inventories/prod/hosts.yml playbooks/teardown-kafka.yml --check",
        "ansible-playbook -i inventories/prod/hosts.yml teardown.yml --syntax-check",
        "ansible-playbook -i inventories/prod/hosts.yml teardown.yml --list-hosts",
        "for h in $(cat edge-hosts.txt); do ssh \"$h\" 'ls /srv/app/releases'; done",
        "xargs -a edge-hosts.txt -I{} ssh {} uptime",
    ]);
}

#[test]
fn targeting_languages_read_as_many_or_one() {
    use crate::recognize::fleets::selects_many;
    for many in [
        "web1,web2",
        "db[1-8]",
        "web{1..4}",
        "web*.example.com",
        "G@role:db",
        "S@10.0.0.0/16",
        "role:web",
        "chef_environment:production",
        "env=prod",
        "Key=tag:Env,Values=prod",
        "@compute",
        "Key=InstanceIds,Values=i-0a,i-0b",
        "db1 db2",
    ] {
        assert!(selects_many(many), "{many}");
    }
    for one in [
        "web1",
        "deploy@db-7.example.com",
        "10.0.0.5",
        "web1:2222",
        "Key=InstanceIds,Values=i-0abc",
        "",
    ] {
        assert!(!selects_many(one), "{one}");
    }
}
