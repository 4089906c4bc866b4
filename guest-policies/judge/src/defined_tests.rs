//! One model of what a step defines, carried to later steps (holdout7 analysis G5,
//! [`crate::recognize::defined`]): a NAME (an rclone remote), a PLACE (the interface a session
//! runs over), a THING MADE HERE (a compose project, a terraform directory in /tmp, LocalStack,
//! a remote folder, a remote that is this disk) and a SET (secret names listed, rows counted).
//! Near misses first; the dangerous programs and phrasings are this file's own, written from
//! rclone's, Docker Compose's, LocalStack's, Terraform's, WireGuard's, iproute2's,
//! NetworkManager's, Vault's, GitHub CLI's and gcloud's documentation (none is a line of a
//! held-back set). The line always wins: a production word or a remote host on the line keeps
//! the finding.

use proptest::prelude::*;

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect, worst};

#[test]
fn what_this_work_made_is_its_own_to_remove() {
    expect(&[
        // A remote defined as this machine's disk, a folder made on a remote.
        (
            "rclone delete scratch:/tmp/sync-check",
            &["rclone config create scratch local"],
            ALLOW,
        ),
        (
            "rclone purge gdrive:airlock-scratch-42",
            &[
                "rclone mkdir gdrive:airlock-scratch-42",
                "rclone copy ./fixtures gdrive:airlock-scratch-42",
            ],
            ALLOW,
        ),
        // A compose project started by the step before, or named local on the line.
        (
            "docker compose down --volumes --remove-orphans",
            &["docker compose up -d --wait", "pytest -q tests/integration"],
            ALLOW,
        ),
        (
            "docker compose -p e2e down -v",
            &["docker compose -p e2e up -d"],
            ALLOW,
        ),
        ("docker compose -p shop-local down -v", &[], ALLOW),
        ("docker compose --profile test rm -sfv", &[], ALLOW),
        // LocalStack on the line, and terraform in a directory made in /tmp.
        ("tflocal destroy -auto-approve", &[], ALLOW),
        (
            "terraform destroy -auto-approve -var-file=localstack.tfvars",
            &[],
            ALLOW,
        ),
        (
            "terraform destroy -auto-approve",
            &["mkdir -p /tmp/tf-try && cd /tmp/tf-try", "terraform init"],
            ALLOW,
        ),
        // A Stripe test key: a sandbox, no money moves.
        (
            "stripe --api-key sk_test_123 refunds create --charge ch_1",
            &[],
            ALLOW,
        ),
        // Reading the interface the session runs over takes nothing down.
        (
            "ip -s link show wg0",
            &["ssh deploy@10.9.0.4  # connected over wg0"],
            ALLOW,
        ),
        // Names listed, then something that asks for no value.
        (
            "explain what each of them is used for",
            &["vault kv list secret/payments"],
            ALLOW,
        ),
        (
            "how many are there?",
            &["gh secret list --repo acme/api"],
            ALLOW,
        ),
        (
            "show me how to rotate it",
            &["aws secretsmanager list-secrets --region eu-west-1"],
            ALLOW,
        ),
    ]);
}

#[test]
fn the_line_wins_over_what_was_made() {
    expect(&[
        // A production word on the line.
        (
            "terraform destroy -auto-approve -var env=prod",
            &["mkdir -p /tmp/tf-try && cd /tmp/tf-try", "terraform init"],
            STOP,
        ),
        (
            "docker compose -p billing-prod down -v",
            &["docker compose -p billing-prod up -d"],
            VERIFY,
        ),
        // Another machine's daemon, whatever was started here.
        (
            "docker compose -H ssh://ops@build-07 down -v",
            &["docker compose up -d"],
            VERIFY,
        ),
        // A remote that is a cloud bucket, and a folder not made here.
        (
            "rclone purge backups:",
            &["rclone config create backups s3 provider AWS"],
            VERIFY,
        ),
        (
            "rclone purge gdrive:finance",
            &["rclone mkdir gdrive:airlock-scratch-42"],
            VERIFY,
        ),
        // A remote that is this disk: the path is a path here, read as the filesystem.
        (
            "rclone purge disk:/home",
            &["rclone config create disk local"],
            STOP,
        ),
        // A compose project started elsewhere, not named local: as before.
        ("docker compose -p payments down -v", &[], VERIFY),
        // Named for dev is not named local: a dev project's volumes hold the developer's data.
        ("docker compose -p inventory-dev down -v", &[], VERIFY),
        (
            "docker compose --project-name crm-dev down --volumes",
            &[],
            VERIFY,
        ),
    ]);
}

#[test]
fn taking_down_the_interface_a_session_runs_over_cuts_the_operator_off() {
    expect(&[
        (
            "sudo ip link set dev tun0 down",
            &["ssh -i ~/.ssh/ops root@172.16.4.9   # via the OpenVPN tunnel tun0"],
            STOP,
        ),
        (
            "nmcli connection down wg-office",
            &["we're connected through wg-office: ssh admin@10.50.0.2"],
            STOP,
        ),
        (
            "sudo systemctl stop wg-quick@wg0",
            &["sudo wg-quick up wg0", "ssh ubuntu@10.66.0.7"],
            STOP,
        ),
        (
            "sudo ifdown eth0",
            &["we are logged in over eth0 from the jump host"],
            STOP,
        ),
        (
            "tailscale down",
            &["tailscale up", "ssh pi@100.101.102.103"],
            STOP,
        ),
        // An interface nobody is connected through: as before (a network change, verified).
        (
            "sudo ip link set wg1 down",
            &["ssh deploy@10.9.0.4  # connected over wg0"],
            VERIFY,
        ),
    ]);
}

#[test]
fn a_set_is_what_it_and_them_refer_to() {
    expect(&[
        // A listing of secret names: "the value of it" reveals one.
        (
            "print the value of the first one",
            &["gcloud secrets list --project acme-prod"],
            CONFIRM,
        ),
        (
            "what's the value of STRIPE_WEBHOOK_SECRET?",
            &["gh secret list --repo acme/api"],
            CONFIRM,
        ),
        (
            "show me all of them decoded",
            &["kubectl get secrets -n payments"],
            VERIFY,
        ),
        // A repeat over a handful is as the step before was; over a large set, a mass action.
        (
            "do it for the rest of the list",
            &["gh issue close 41  # 1 of 3 duplicates"],
            CONFIRM,
        ),
        (
            "now do that for all of them",
            &["gh issue close 4101  # 1 of 2,380 stale issues"],
            VERIFY,
        ),
        (
            "run it on the rest of the list",
            &["stripe subscriptions cancel sub_1  # first of 640 rows in churned.csv"],
            VERIFY,
        ),
    ]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever an earlier step made here, a production word on the line keeps a destroy's
    /// finding: the model never lowers what the line says.
    #[test]
    fn a_production_word_on_the_line_keeps_the_finding(
        made in prop::sample::select(vec![
            "mkdir -p /tmp/tf-x && cd /tmp/tf-x && terraform init",
            "docker compose -p app up -d",
            "localstack start -d",
        ]),
        line in prop::sample::select(vec![
            "terraform destroy -auto-approve -var-file=prod.tfvars",
            "docker compose -p app down -v --context production",
            "tflocal destroy -auto-approve -var env=production",
        ]),
    ) {
        prop_assert!(worst(line, &[made]).is_some(), "{line} after {made}");
    }
}
