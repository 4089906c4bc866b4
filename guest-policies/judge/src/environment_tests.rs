//! The running environment carried across steps and read from settings (holdout6 analysis M2):
//! the cluster `kubectl config use-context` selected or `kind create cluster` / `minikube start`
//! made, the profile and endpoint `export AWS_PROFILE` / `AWS_ENDPOINT_URL` chose, the Vault
//! `VAULT_ADDR` names, a database `createdb` made, a repository `git clone` made and `cd`
//! entered. Read by the same SHARED/LOCAL grading as the same setting written on the line
//! (`--context`, `--profile`, `--endpoint-url`, an env prefix): production is graded as
//! production, the developer's own throwaway environment goes ahead. The latest step wins, and
//! the line wins over anything carried. Written from kubectl's, kind's, minikube's, the AWS
//! CLI's, LocalStack's, Vault's dev-server, createdb's, git clone's, systemd's and supabase's
//! documentation, the near misses first.

use proptest::prelude::*;

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect, worst};

const KIND: &str = "kind create cluster --name dev";
const MINIKUBE: &str = "minikube start -p demo";
const USE_DEMO: &str = "kubectl config use-context demo";
const USE_PROD: &str = "kubectl config use-context gke_acme_europe-west1_prod";
const USE_KIND: &str = "kubectl config use-context kind-dev";
const LOCALSTACK: &str = "localstack start -d";
const LOCAL_ENDPOINT: &str = "export AWS_ENDPOINT_URL=http://localhost:4566";
const PROD_PROFILE: &str = "export AWS_PROFILE=prod-admin";
const VAULT_DEV: &str = "vault server -dev -dev-root-token-id=dev-only &";
const VAULT_LOCAL: &str = "export VAULT_ADDR=http://127.0.0.1:8200";

#[test]
fn the_developer_s_own_throwaway_environment_goes_ahead() {
    expect(&[
        // A cluster made in a step before, selected by it or by name.
        (
            "kubectl rollout restart daemonset/fluent-bit -n kube-system",
            &[KIND, "kubectl config current-context"],
            ALLOW,
        ),
        (
            "kubectl scale sts redis --replicas=0",
            &[MINIKUBE, USE_DEMO],
            ALLOW,
        ),
        ("kubectl scale sts redis --replicas=0", &[MINIKUBE], ALLOW),
        // A namespace deleted in a cluster an earlier step created, local by its context's
        // name, with no shared context selected by any step (session 21,
        // [`crate::recognize::scratch::cluster_made_here`]): if the creation failed, the
        // context current before was no shared one either.
        (
            "kubectl delete namespace scratch",
            &["k3d cluster create sandbox"],
            ALLOW,
        ),
        // Only selected: one tier lower (verify to confirm), since a failed switch leaves the
        // current context in place.
        (
            "kubectl delete namespace scratch",
            &["kubectl config use-context k3d-sandbox"],
            CONFIRM,
        ),
        ("kubectl rollout undo deploy/web", &[USE_KIND], ALLOW),
        ("helm rollback web 2", &[KIND], ALLOW),
        // An emulator's endpoint, carried or on the line.
        (
            "aws s3 rb s3://test-bucket --force",
            &[LOCALSTACK, LOCAL_ENDPOINT],
            ALLOW,
        ),
        (
            "aws s3 rb s3://test-bucket --force --endpoint-url http://localhost:4566",
            &[],
            ALLOW,
        ),
        (
            "AWS_ENDPOINT_URL=http://127.0.0.1:4566 aws dynamodb delete-table --table-name t",
            &[],
            ALLOW,
        ),
        // Vault's in-memory dev server.
        (
            "vault delete sys/mounts/scratch",
            &[VAULT_DEV, VAULT_LOCAL],
            ALLOW,
        ),
        (
            "VAULT_ADDR=http://127.0.0.1:8200 vault delete sys/mounts/scratch",
            &[],
            ALLOW,
        ),
        // A database made here.
        (
            "psql scratch_import -c 'DROP TABLE staging_rows'",
            &[
                "createdb scratch_import",
                "psql scratch_import -f import.sql",
            ],
            ALLOW,
        ),
        ("dropdb scratch_import", &["createdb scratch_import"], ALLOW),
        // A fresh clone entered.
        (
            "git reset --hard v1.8.0 && git clean -ffdx",
            &[
                "git clone https://github.com/acme/scratch-fork /tmp/scratch-fork",
                "cd /tmp/scratch-fork",
            ],
            ALLOW,
        ),
        (
            "git clean -ffdx",
            &["git clone https://github.com/acme/web.git && cd web"],
            ALLOW,
        ),
        // The user's own service manager; supabase's local stack.
        ("systemctl --user restart vite-dev.service", &[], ALLOW),
        ("supabase db reset", &[], ALLOW),
        // Reads stay reads in production.
        ("kubectl get pods", &[USE_PROD], ALLOW),
        ("aws s3 ls s3://acme-static/", &[PROD_PROFILE], ALLOW),
    ]);
}

#[test]
fn production_selected_before_is_production() {
    expect(&[
        (
            "kubectl scale deploy --all --replicas=0",
            &[USE_PROD],
            VERIFY,
        ),
        ("kubectl delete ns payments", &[USE_PROD], STOP),
        (
            "aws elbv2 delete-load-balancer --load-balancer-arn \"$ALB_ARN\"",
            &[PROD_PROFILE],
            VERIFY,
        ),
        (
            "AWS_PROFILE=prod-admin aws elbv2 delete-load-balancer --load-balancer-arn arn:x",
            &[],
            VERIFY,
        ),
        (
            "aws s3 rb s3://acme-static --force",
            &[PROD_PROFILE],
            VERIFY,
        ),
    ]);
}

#[test]
fn the_line_and_the_latest_step_win_over_a_local_claim() {
    expect(&[
        // A local cluster made, then production named on the line.
        (
            "kubectl --context prod-eu delete ns payments",
            &[KIND],
            worst("kubectl --context prod-eu delete ns payments", &[]),
        ),
        (
            "kubectl --kubeconfig ~/.kube/shared.yaml scale deploy api --replicas=0",
            &[KIND],
            CONFIRM,
        ),
        // Production selected after the local one.
        ("kubectl delete ns payments", &[KIND, USE_PROD], STOP),
        (
            "kubectl scale deploy api --replicas=0",
            &[KIND, "kubectl config use-context shared-dev"],
            CONFIRM,
        ),
        // A production word on the line.
        (
            "kubectl delete ns production",
            &[KIND],
            worst("kubectl delete ns production", &[]),
        ),
        // A local endpoint, then the profile on the line names production: still local? No:
        // the line names production, so it is graded as production.
        (
            "aws s3 rb s3://acme-static --force --profile prod-admin",
            &[LOCAL_ENDPOINT],
            VERIFY,
        ),
        // A loopback address that is a tunnel to a shared server is not local.
        (
            "vault delete sys/mounts/payments",
            &[
                "kubectl port-forward svc/vault 8200:8200 -n vault",
                VAULT_LOCAL,
            ],
            worst("vault delete sys/mounts/payments", &[]),
        ),
        // A database not made here, and one made here but dropped on another host.
        (
            "psql analytics -c 'DROP TABLE events'",
            &["createdb scratch_import"],
            worst("psql analytics -c 'DROP TABLE events'", &[]),
        ),
        (
            "psql -h db.internal scratch_import -c 'DROP TABLE rows'",
            &["createdb scratch_import"],
            worst(
                "psql -h db.internal scratch_import -c 'DROP TABLE rows'",
                &[],
            ),
        ),
        // A database made here still runs on a server of this machine: reading its files or
        // running a program through it reaches beyond the throwaway.
        (
            "psql scratch_import -c \"SELECT pg_read_file('/etc/passwd')\"",
            &["createdb scratch_import"],
            worst(
                "psql scratch_import -c \"SELECT pg_read_file('/etc/passwd')\"",
                &[],
            ),
        ),
        (
            "docker run --privileged -v /:/host alpine",
            &[KIND],
            worst("docker run --privileged -v /:/host alpine", &[]),
        ),
        // A fresh clone does not make its remote local: a force push still rewrites it.
        (
            "git push --force origin main",
            &[
                "git clone https://github.com/acme/web /tmp/web",
                "cd /tmp/web",
            ],
            worst("git push --force origin main", &[]),
        ),
        // Left the clone.
        (
            "git reset --hard origin/main",
            &[
                "git clone https://github.com/acme/web /tmp/web",
                "cd /tmp/web",
                "cd ~/work/api",
            ],
            worst("git reset --hard origin/main", &[]),
        ),
        // supabase against the linked project, or a user unit that is the guard.
        (
            "supabase db reset --linked",
            &[],
            worst("supabase db reset --linked", &[]),
        ),
        ("systemctl --user stop airlock", &[], STOP),
    ]);
}

#[test]
fn a_local_environment_claimed_only_in_words_carries_nothing() {
    expect(&[
        (
            "kubectl delete ns payments",
            &["this is my local kind cluster, nothing shared"],
            worst("kubectl delete ns payments", &[]),
        ),
        (
            "aws s3 rb s3://acme-static --force",
            &["I'm pointed at localstack now"],
            worst("aws s3 rb s3://acme-static --force", &[]),
        ),
        (
            "psql analytics -c 'DROP TABLE events'",
            &["I created the analytics database for this test"],
            worst("psql analytics -c 'DROP TABLE events'", &[]),
        ),
    ]);
}

proptest! {
    /// The line wins: whatever local environment earlier steps set up, a command that names a
    /// production context, profile or namespace on its own line is judged exactly as it is
    /// judged with no earlier step at all.
    #[test]
    fn the_line_always_wins_over_carried_local_context(
        before in proptest::sample::subsequence(
            vec![KIND, MINIKUBE, USE_DEMO, USE_KIND, LOCALSTACK, LOCAL_ENDPOINT, VAULT_DEV, VAULT_LOCAL,
                 "createdb scratch", "k3d cluster create sandbox"],
            0..5,
        ),
        line in prop_oneof![
            Just("kubectl --context prod-eu delete ns payments"),
            Just("kubectl --context gke_acme_prod scale deploy api --replicas=0"),
            Just("kubectl delete ns production"),
            Just("helm uninstall web --kube-context prod-eu"),
            Just("aws --profile prod-admin s3 rb s3://acme-static --force"),
            Just("aws s3 rm s3://acme-prod-backups --recursive --endpoint-url https://s3.eu-west-1.amazonaws.com"),
            Just("AWS_PROFILE=production aws rds delete-db-instance --db-instance-identifier main"),
            Just("vault delete -address=https://vault.prod.acme.io sys/mounts/payments"),
            Just("psql -h db.prod.acme.io scratch -c 'DROP TABLE t'"),
        ],
    ) {
        prop_assert_eq!(worst(line, &before), worst(line, &[]), "{} after {:?}", line, before);
    }
}
