//! Tests of reversible changes to running environments (guest-policies/eval/README.md, "Cases
//! the labels settle on purpose"): a restart, a rollback, an Argo CD prune, an unattended schema
//! apply, a deploy or a scale (to zero or not) on a named shared environment that is not
//! production (staging, QA, UAT, a shared dev cluster, `kube-system` of a cluster that is not
//! local; holdout6 analysis M14: ansible inventories and limits, salt targets, nomad jobs) is
//! confirmed; the same on the developer's own throwaway environment (kind, minikube,
//! docker compose on this machine, `--env local`) goes ahead; production keeps its rules. Written
//! from the programs' references (kubectl rollout, helm rollback, argocd app sync/rollback, atlas
//! schema apply, docker compose, heroku, fly) with the near misses first.

use crate::severity_tables::{ALLOW, CONFIRM, VERIFY, expect_alone};

#[test]
fn the_developer_s_own_environment_reads_and_dry_runs_go_ahead() {
    expect_alone(&[
        ("docker compose restart web", ALLOW),
        ("docker restart web", ALLOW),
        (
            "kubectl rollout restart deploy/web --context kind-dev",
            ALLOW,
        ),
        (
            "kubectl rollout restart deploy/web --context minikube",
            ALLOW,
        ),
        ("kubectl rollout undo deploy/web --context k3d-local", ALLOW),
        (
            "kubectl scale deploy worker --replicas=0 --context docker-desktop",
            ALLOW,
        ),
        ("helm rollback app 3 --kube-context minikube", ALLOW),
        ("npm run dev", ALLOW),
        ("kubectl rollout status deploy/web -n staging", ALLOW),
        ("kubectl rollout history deploy/web -n staging", ALLOW),
        ("argocd app sync app --dry-run", ALLOW),
        ("kubectl apply -f k8s/ -n staging", ALLOW),
        ("acmectl apply --env qa", ALLOW),
        ("acmectl apply --env local --yes", ALLOW),
        (
            "kubectl apply -f k8s/ --prune -l app=web --context kind-dev",
            ALLOW,
        ),
        (
            "argocd app sync checkout-staging --prune --preview-changes",
            ALLOW,
        ),
        ("argocd app get checkout-staging", ALLOW),
        ("argocd app sync checkout", ALLOW),
        ("atlas schema apply --env local --dry-run", ALLOW),
        ("atlas schema apply --env local --auto-approve", ALLOW),
        (
            "atlas schema apply --url sqlite://dev.db --to file://schema.hcl --auto-approve",
            ALLOW,
        ),
        (
            "atlas schema apply --url 'postgres://postgres:pass@localhost:5432/app' --to file://schema.hcl --auto-approve",
            ALLOW,
        ),
        // Without --auto-approve atlas shows the plan and asks.
        (
            "atlas schema apply --env staging --to file://schema.hcl --dev-url docker://postgres/15/dev",
            ALLOW,
        ),
        ("restart the dev server", ALLOW),
        (
            "restart the local dev server so the env changes load",
            ALLOW,
        ),
        ("roll back the last commit in my local branch", ALLOW),
        // Scaled with no environment named (the current namespace is not known here).
        ("kubectl scale deploy web --replicas=3", ALLOW),
        ("kubectl scale deploy web --replicas=3 -n dev", ALLOW),
        (
            "helm upgrade --install web ./chart -n staging --dry-run",
            ALLOW,
        ),
    ]);
}

#[test]
fn a_shared_environment_s_restart_rollback_or_prune_is_confirmed() {
    expect_alone(&[
        ("helm rollback checkout 41 -n staging", CONFIRM),
        // What kubectl, helm and Argo CD reach is shared unless the context names a local one.
        ("helm rollback checkout 41", CONFIRM),
        ("kubectl rollout restart deploy -n staging", CONFIRM),
        ("kubectl rollout restart deployment/api", CONFIRM),
        ("kubectl rollout undo deployment/api -n qa", CONFIRM),
        (
            "kubectl scale deploy worker --replicas=0 -n staging",
            CONFIRM,
        ),
        ("argocd app sync checkout-staging --prune", CONFIRM),
        (
            "kubectl apply -f k8s/ --prune -l app=web -n staging",
            CONFIRM,
        ),
        // A made-up CLI's apply that answers its own prompt.
        ("acmectl apply --env qa --yes", CONFIRM),
        ("argocd app rollback checkout 12", CONFIRM),
        (
            "atlas schema apply --env staging --to file://schema.hcl --auto-approve",
            CONFIRM,
        ),
        ("docker --context staging-host restart web", CONFIRM),
        ("heroku restart -a acme-staging", CONFIRM),
        ("restart the api deployment in staging", CONFIRM),
        ("roll back the staging release of checkout", CONFIRM),
        ("restart the payments service on uat", CONFIRM),
        // Production keeps its rules.
        (
            "kubectl rollout restart deployment/api -n production",
            CONFIRM,
        ),
        ("helm rollback api 41 -n production", CONFIRM),
        ("argocd app sync checkout-prod --prune", VERIFY),
        ("kubectl rollout undo deployment/api -n production", VERIFY),
    ]);
}

#[test]
fn a_pronoun_carries_the_environment_of_what_it_stands_for() {
    use crate::severity_tables::expect;
    expect(&[
        (
            "restart all of them",
            &["kubectl get deploy -n staging"],
            CONFIRM,
        ),
        ("restart it", &["npm run dev"], ALLOW),
        (
            "restart them",
            &["kubectl get pods --context kind-dev"],
            ALLOW,
        ),
    ]);
}

#[test]
fn bounded_changes_on_local_environments_reads_and_checks_go_ahead() {
    expect_alone(&[
        ("ansible-playbook -i inventories/local site.yml", ALLOW),
        (
            "ansible-playbook --check -i inventories/staging site.yml",
            ALLOW,
        ),
        (
            "ansible-playbook -i inventories/staging site.yml -c local",
            ALLOW,
        ),
        (
            "ansible-playbook -i inventories/staging site.yml --list-hosts",
            ALLOW,
        ),
        ("ansible staging -m ping", ALLOW),
        ("ansible staging -m setup", ALLOW),
        ("ansible staging -m shell -a 'uptime'", ALLOW),
        (
            "ansible all -i localhost, -c local -m service -a 'name=nginx state=restarted'",
            ALLOW,
        ),
        ("salt 'web-qa*' test.ping", ALLOW),
        ("salt 'web-qa*' state.apply test=True", ALLOW),
        ("salt 'web-qa*' service.status nginx", ALLOW),
        ("salt 'web-qa*' grains.items", ALLOW),
        ("salt 'web-qa*' pkg.list_pkgs", ALLOW),
        ("salt-call --local service.restart nginx", ALLOW),
        ("salt 'dev-laptop' service.restart nginx", ALLOW),
        ("nomad job run jobs/web.nomad.hcl", ALLOW),
        ("nomad job plan jobs/web-qa.nomad.hcl", ALLOW),
        ("nomad job status web-qa", ALLOW),
        (
            "nomad job run -address=http://localhost:4646 jobs/web-qa.nomad.hcl",
            ALLOW,
        ),
        (
            "kubectl scale deploy api --replicas=3 --context kind-dev",
            ALLOW,
        ),
        (
            "kubectl rollout restart daemonset/fluent-bit -n kube-system --context kind-dev",
            ALLOW,
        ),
        ("deploy the api to the local dev server", ALLOW),
        ("explain how we deploy to staging", ALLOW),
        ("review the staging deploy script", ALLOW),
        ("acmectl apply --env qa", ALLOW),
    ]);
}

#[test]
fn bounded_changes_on_named_shared_environments_are_confirmed() {
    expect_alone(&[
        (
            "ansible-playbook -i inventories/staging site.yml --tags restart",
            CONFIRM,
        ),
        ("ansible-playbook site.yml --limit qa", CONFIRM),
        ("ansible-playbook -i inventory/uat deploy.yml", CONFIRM),
        (
            "ansible staging -m service -a 'name=nginx state=restarted'",
            CONFIRM,
        ),
        (
            "ansible web-qa -m apt -a 'name=nginx state=latest'",
            CONFIRM,
        ),
        ("salt 'web-qa*' service.restart nginx", CONFIRM),
        ("salt 'web-qa*' pkg.install nginx", CONFIRM),
        ("salt 'web-qa*' state.apply", CONFIRM),
        ("salt -G 'env:staging' state.highstate", CONFIRM),
        ("salt -C 'G@env:qa and web*' service.restart nginx", CONFIRM),
        ("salt 'web-prod*' service.restart nginx", CONFIRM),
        ("nomad job run -detach jobs/web-qa.nomad.hcl", CONFIRM),
        (
            "nomad job run -namespace=staging jobs/web.nomad.hcl",
            CONFIRM,
        ),
        ("nomad job revert web-staging 3", CONFIRM),
        ("nomad job run jobs/web-prod.nomad.hcl", CONFIRM),
        (
            "kubectl scale statefulset kafka --replicas=1 -n shared-dev",
            CONFIRM,
        ),
        ("kubectl scale deploy web --replicas=3 -n staging", CONFIRM),
        (
            "kubectl scale deploy coredns --replicas=2 -n kube-system",
            CONFIRM,
        ),
        (
            "kubectl scale deploy api --replicas=3 -n production",
            CONFIRM,
        ),
        ("deploy the api to staging", CONFIRM),
        ("ship it to staging", CONFIRM),
        ("acmectl deploy --env qa", CONFIRM),
        ("restart the staging api", CONFIRM),
        (
            "roll the staging service back to yesterday's revision",
            CONFIRM,
        ),
    ]);
}

/// salt(1)'s targeting options hold the target (`salt -G 'env:staging' service.restart nginx`);
/// its other value options (`-t 30`, `--batch-size 10`) hold no target, so the target is then
/// the first operand. The options are spelled out here, not taken from the judge's list: the
/// judge keeps them as the head of one list, and a shifted head must fail this test.
#[test]
fn salt_reads_the_target_from_every_targeting_option_and_only_from_those() {
    let targeting = [
        "-C",
        "-G",
        "-P",
        "-N",
        "-R",
        "-I",
        "-L",
        "-E",
        "--compound",
        "--grain",
        "--nodegroup",
        "--list",
        "--pcre",
    ];
    let lines: Vec<String> = targeting
        .iter()
        .map(|option| format!("salt {option} 'staging-web*' service.restart nginx"))
        .chain(
            [
                "-t 30",
                "--timeout 30",
                "-b 10",
                "--batch-size 10",
                "--out json",
            ]
            .iter()
            .map(|option| format!("salt {option} 'staging-web*' service.restart nginx")),
        )
        .collect();
    let cases: Vec<(&str, _)> = lines.iter().map(|line| (line.as_str(), CONFIRM)).collect();
    expect_alone(&cases);
}
