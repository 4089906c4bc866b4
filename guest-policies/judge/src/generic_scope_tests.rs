//! Tests of the generic reader's grading by scope and by class (issue #13, holdout5 analysis
//! mechanisms M3 and M5, and D14): a destroying or disabling verb with no object named, graded
//! by its scope; the subcommand of a program that takes subcommands; the class lines of VM
//! hosts, disk encryption, alerting tools and signing certificates; names after a kind the class
//! gives; a data store's main branch; DNS; package registries; a class program's command line
//! with a quoted operand. Each table holds the benign near misses, written from the same
//! programs' references, that must stay allowed.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, worst};
use crate::{Severity, judge};

#[test]
fn a_verb_without_an_object_is_graded_by_its_scope() {
    expect_alone(&[
        // Unattended: `--force`, `-f`, `-y`, `--yes`, or the verb spelled as an option.
        ("acmectl delete --force thing-1", CONFIRM),
        ("acmectl delete -y thing-1", CONFIRM),
        ("crictl rm -f 4f2a9c", CONFIRM),
        ("acmectl --delete thing-1", CONFIRM),
        // Bulk: `--all`, `*`, a matcher of everything, a listing.
        ("acmectl purge --all", CONFIRM),
        ("crictl rmp --all --force", CONFIRM),
        ("acmectl delete '*'", CONFIRM),
        ("acmectl delete --match '.*'", CONFIRM),
        // A listing given as the operand reaches everything it lists: one step up (everything).
        ("acmectl delete $(acmectl ls -q)", VERIFY),
        // A home or system location.
        ("dscl . -delete /Users/tempcontractor", CONFIRM),
        // Production named: verified, stopped in bulk.
        ("acmectl delete --env production", VERIFY),
        ("acmectl disable --env production", VERIFY),
        ("acmectl delete --all --env production", STOP),
        // Alone: a verb that names nothing goes ahead; on a name this reader cannot size, the
        // unread-effect floor asks (never more: it says "unread", not "bad").
        ("acmectl delete", ALLOW),
        ("acmectl remove thing-1", CONFIRM),
        ("crictl rm 4f2a9c", CONFIRM),
        ("crictl rmi --prune", ALLOW),
        ("zkCli.sh rmr /brokers/topics/test", CONFIRM),
        // Not production: a dev or test thing.
        ("acmectl delete --all --env dev", ALLOW),
        ("acmectl delete --force --env test", ALLOW),
        // Options that are not the verb: `--rm` cleans up after a run, `--format` shapes
        // output.
        (
            "docker run --rm -it python:3.12 python -c 'print(1)'",
            ALLOW,
        ),
        ("xmllint --format -f feed.xml", ALLOW),
        ("dscl . -read /Users/tempcontractor", ALLOW),
        ("dscl . -list /Users", ALLOW),
        // Bounded by the program's own recognizer.
        ("docker image prune -f", ALLOW),
        // Package and toolchain managers: their operands are package names.
        ("pip uninstall -y requests", ALLOW),
        ("pyenv uninstall -f 3.8.10", ALLOW),
        ("rustup toolchain uninstall nightly", ALLOW),
        ("mise uninstall node@18", ALLOW),
    ]);
}

#[test]
fn a_program_that_takes_subcommands_reads_its_own_rm() {
    expect_alone(&[
        // `service` is docker's subcommand, not the service program; `rm` is crictl's.
        ("docker service rm web", CONFIRM),
        (
            "docker --context prod-swarm service rm $(docker --context prod-swarm service ls -q)",
            VERIFY,
        ),
        ("crictl rm --all --force", CONFIRM),
        ("incus rm ci-runner-7", CONFIRM),
        // At a wrapper's command position, another program's name is a wrapped command.
        ("now rm -r -f node_modules", ALLOW),
        ("docker service ls", ALLOW),
        ("crictl ps -a", ALLOW),
    ]);
}

#[test]
fn vm_hosts_disk_encryption_alerting_and_signing_have_classes() {
    expect_alone(&[
        // VM hosts: an instance's disk is its system and data (incus, lxc, virsh, VBoxManage,
        // wsl references).
        ("incus delete --force ci-runner-7", CONFIRM),
        ("incus delete ci-runner-7", CONFIRM),
        ("lxc delete prod-web --force", VERIFY),
        ("virsh undefine web01 --remove-all-storage", STOP),
        (
            "VBoxManage unregistervm \"Win11-BuildAgent\" --delete",
            CONFIRM,
        ),
        // Deletes the distribution's virtual disk with every file in it (`wsl` reader).
        ("wsl --unregister Ubuntu-22.04", STOP),
        ("incus list", ALLOW),
        ("incus launch images:ubuntu/22.04 dev", ALLOW),
        ("incus exec web -- ls /", ALLOW),
        ("virsh list --all", ALLOW),
        ("virsh start web01", ALLOW),
        ("VBoxManage list vms", ALLOW),
        ("wsl -l -v", ALLOW),
        // Disposable sandboxes stay the agent's workbench (README: `kind delete cluster` ok).
        ("kind delete cluster", ALLOW),
        ("vagrant destroy -f ci-box", ALLOW),
        ("multipass delete --purge scratch", ALLOW),
        // Disk encryption is a security control (fdesetup, manage-bde).
        ("sudo fdesetup disable", VERIFY),
        ("manage-bde -off C:", VERIFY),
        ("manage-bde -protectors -disable C:", VERIFY),
        ("fdesetup status", ALLOW),
        ("manage-bde -status C:", ALLOW),
        // Alerting: silencing everything, or production, blinds the people on call.
        (
            "amtool silence add 'alertname=~\".+\"' --duration=720h",
            CONFIRM,
        ),
        ("amtool silence add env=production --duration=24h", VERIFY),
        (
            "amtool silence add alertname=DiskFull instance=db1 --duration=2h",
            ALLOW,
        ),
        ("amtool silence query", ALLOW),
        ("amtool silence expire $(amtool silence query -q)", ALLOW),
        // Signing certificates: nuke deletes every one of the type.
        ("fastlane match nuke distribution", STOP),
        ("fastlane match development --readonly", ALLOW),
        ("fastlane deliver --skip_screenshots", ALLOW),
    ]);
}

#[test]
fn an_operand_after_a_kind_the_class_gives_is_a_name() {
    expect_alone(&[
        // ORDERS names a stream (a queue's stored messages), not a business record.
        ("nats stream rm ORDERS -f", VERIFY),
        ("nats stream rm events -f", VERIFY),
        ("nats stream ls", ALLOW),
        ("nats stream info ORDERS", ALLOW),
        // A data store's main branch or database is production's.
        ("pscale branch delete shop main --force", VERIFY),
        ("neonctl branches delete main", VERIFY),
        ("pscale branch delete shop feature-x --force", CONFIRM),
        ("pscale branch list shop", ALLOW),
        // Not on what is not a data store: a tmux session named main.
        ("tmux kill-session -t main", ALLOW),
        ("git switch main", ALLOW),
    ]);
}

#[test]
fn deleting_a_domain_or_zone_is_not_deleting_one_object() {
    expect_alone(&[
        ("doctl compute domain delete acme.com --force", VERIFY),
        ("gcloud dns managed-zones delete acme-zone", VERIFY),
        ("az network dns zone delete -g rg -n acme.com --yes", VERIFY),
        ("cli53 delete acme.com --purge", VERIFY),
        ("doctl compute domain list", ALLOW),
        ("doctl compute domain records list acme.com", ALLOW),
        ("gcloud dns record-sets list --zone=acme", ALLOW),
        // One ordinary cloud object stays bounded.
        ("doctl compute droplet delete web-3 --force", CONFIRM),
    ]);
}

#[test]
fn registry_verbs_act_on_published_software() {
    expect_alone(&[
        ("npm publish", CONFIRM),
        ("cargo publish", CONFIRM),
        ("twine upload dist/*", CONFIRM),
        ("gem push acme-1.0.0.gem", CONFIRM),
        ("yarn npm publish --access public", CONFIRM),
        ("cargo yank --version 0.9.3 acme-proto", CONFIRM),
        ("gem yank acme -v 1.0.0", CONFIRM),
        ("npm unpublish acme-cli@1.2.3", CONFIRM),
        ("npm deprecate acme-cli@\"< 2.0.0\" \"use v2\"", CONFIRM),
        ("npm dist-tag rm acme-cli beta", CONFIRM),
        ("npm owner rm alice acme-cli", CONFIRM),
        ("cargo owner --remove alice acme-proto", CONFIRM),
        // Every version, or an internal package made public.
        ("npm unpublish acme-cli --force", STOP),
        (
            "cd packages/internal-billing && npm publish --access public",
            STOP,
        ),
        ("npm publish --access public ./packages/private-utils", STOP),
        // Near misses: dry runs, packing, local removals, reads, undoing, a test index.
        ("npm publish --dry-run", ALLOW),
        ("cargo publish --dry-run", ALLOW),
        ("npm pack", ALLOW),
        ("npm uninstall prod-logger", ALLOW),
        ("npm dist-tag ls acme-cli", ALLOW),
        ("npm owner ls acme-cli", ALLOW),
        ("cargo owner --list", ALLOW),
        ("twine check dist/*", ALLOW),
        ("twine upload --repository testpypi dist/*", ALLOW),
        ("npm deprecate acme-cli@1.0.0 \"\"", ALLOW),
        ("cargo yank --undo --version 0.9.3 acme-proto", ALLOW),
        ("cargo --version", ALLOW),
        (
            "cd packages/internal-billing && npm publish --dry-run",
            ALLOW,
        ),
    ]);
}

#[test]
fn a_class_program_with_a_quoted_operand_is_a_command() {
    expect_alone(&[
        ("etcdctl del \"\" --prefix", STOP),
        ("etcdctl del a --prefix", STOP),
        // Without an option, a class program's name before English stays English.
        ("restic is a backup tool we use", ALLOW),
        ("etcdctl get \"\" --prefix --keys-only", ALLOW),
        ("restic forget \"\" --keep-last 1 --prune", VERIFY),
    ]);
    // Read as a command, not as prose: the finding is the generic reader's.
    let j = judge("etcdctl del \"\" --prefix", &[]);
    assert!(
        j.findings.iter().any(|f| f.code == "generic.command"),
        "{:?}",
        j.findings
    );
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Destroying and disabling verbs of command lines.
    const VERBS: &[&str] = &[
        "delete", "destroy", "purge", "remove", "rm", "rmp", "wipe", "erase", "disable",
    ];
    /// Programs: unknown ones, and programs of classes whose subcommands name no object.
    const PROGRAMS: &[&str] = &[
        "acmectl",
        "zorgcli",
        "crictl",
        "incus",
        "nats stream",
        "amtool silence add",
        "pscale branch",
        "wsl",
    ];
    /// What makes a verb without an object reach further than one named thing.
    const MARKERS: &[&str] = &["--force", "-y", "--all", "'*'", "$(acmectl ls -q)"];

    /// The markers chosen by `mask`, as command-line words.
    fn with_markers(mask: u8) -> String {
        MARKERS
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, m)| format!(" {m}"))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        /// Scope escalation is monotone: adding a production word to a command never lowers
        /// its grade, whatever the program, the verb and the other markers.
        #[test]
        fn a_production_word_never_lowers_the_grade(
            program in proptest::sample::select(PROGRAMS),
            verb in proptest::sample::select(VERBS),
            name in "[a-z]{2,4}[0-9]{1,3}",
            mask in 0..32_u8,
            prod in proptest::sample::select(&["--env production", "--env prod", "--context prod-eu"][..]),
        ) {
            let line = format!("{program} {verb} {name}{}", with_markers(mask));
            let prod_line = format!("{line} {prod}");
            let (plain, produced) = (worst(&line, &[]), worst(&prod_line, &[]));
            prop_assert!(produced >= plain, "{} -> {:?}, {} -> {:?}", line, plain, prod_line, produced);
        }

        /// A verb with no object class goes ahead when it names nothing; on a name it is asked
        /// by the unread-effect floor and never more without an unattended, bulk or production
        /// marker; with one, it is at least confirmed.
        #[test]
        fn a_verb_without_an_object_needs_a_marker(
            program in "[a-z]{3,7}(ctl|cli)",
            verb in proptest::sample::select(VERBS),
            name in "[a-z]{2,4}[0-9]{1,3}",
            mask in 1..32_u8,
        ) {
            // A generated name can be a real program with its own reading (`eksctl` is a
            // cluster CLI by its class): the property is about programs nobody knows.
            prop_assume!(
                !crate::is_program(&program) && crate::recognize::classes::of(&program).is_none()
            );
            let bare = format!("{program} {verb}");
            prop_assert_eq!(worst(&bare, &[]), ALLOW, "{}", bare);
            let alone = format!("{program} {verb} {name}");
            prop_assert_eq!(worst(&alone, &[]), CONFIRM, "{}", alone);
            let marked = format!("{alone}{}", with_markers(mask));
            prop_assert!(
                worst(&marked, &[]) >= Some(Severity::Confirm),
                "{} -> {:?}",
                marked,
                judge(&marked, &[]).findings
            );
        }
    }
}
