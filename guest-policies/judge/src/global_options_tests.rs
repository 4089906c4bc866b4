//! Global options before the subcommand (holdout8 analysis K9): container and cluster CLIs
//! take options that select the daemon, the cluster or the identity before the subcommand
//! (`docker -H ssh://host compose -p x down`, `kubectl --server URL --token T delete ...`,
//! `helm --kube-apiserver URL uninstall ...`); the recognizers read past them. And `compose
//! down` without `-v` on another machine's daemon (a shared host) is confirmed; on this
//! machine's daemon it is the developer's own.

use crate::severity_tables::{ALLOW, CONFIRM, VERIFY, expect_alone};

#[test]
fn compose_down_on_this_machine_goes_ahead() {
    expect_alone(&[
        ("docker compose -p shop down", ALLOW),
        ("docker -H unix:///var/run/docker.sock compose down", ALLOW),
        ("docker --context colima compose -p shop down", ALLOW),
        (
            "docker --context default compose down --remove-orphans",
            ALLOW,
        ),
        ("podman compose down", ALLOW),
        (
            "DOCKER_HOST=tcp://localhost:2375 docker compose down",
            ALLOW,
        ),
    ]);
}

#[test]
fn compose_down_on_a_shared_host_is_confirmed() {
    expect_alone(&[
        (
            "docker -H ssh://ops@uat-swarm-2 compose --project-name billing down",
            CONFIRM,
        ),
        ("docker -H tcp://10.20.0.14:2376 compose down", CONFIRM),
        (
            "docker --context staging-eu compose -f ops/compose.yml down",
            CONFIRM,
        ),
        ("docker -c qa-builders compose down", CONFIRM),
        (
            "podman --connection uat-podman compose --env-file uat.env down",
            CONFIRM,
        ),
        ("podman --remote compose down", CONFIRM),
        (
            "DOCKER_HOST=ssh://ci@qa-runner-3 docker compose down",
            CONFIRM,
        ),
        ("docker-compose -H ssh://ops@uat-swarm-2 down", CONFIRM),
        // With -v the volumes go too, wherever the daemon is.
        (
            "docker -H ssh://ops@uat-swarm-2 compose -p billing down -v",
            VERIFY,
        ),
    ]);
}

#[test]
fn cluster_clis_read_past_global_options() {
    expect_alone(&[
        (
            "kubectl --server https://10.0.0.1:6443 --token abc123 delete namespace payments",
            VERIFY,
        ),
        (
            "kubectl -s https://api.prod-eu.example:6443 --user admin delete deployment api",
            VERIFY,
        ),
        (
            "kubectl --server https://10.0.0.1:6443 --token abc123 get namespaces",
            ALLOW,
        ),
        // Misread, these have no verb at all (the server or token is taken for it).
        (
            "kubectl --user admin drain node-7 --ignore-daemonsets",
            VERIFY,
        ),
        (
            "kubectl --token abc123 scale deployment api --replicas=0 -n payments",
            CONFIRM,
        ),
        ("kubectl --token abc123 cordon node-7", CONFIRM),
    ]);
}
