//! The session carried between steps as a model ([`crate::recognize::session`], holdout11
//! analysis "What this says" 1): the working directory, the branch checked out, the place a
//! tool's own switch selected (or an environment file, or a value taken from production's
//! configuration), and identifiers a read picked out by an environment's name.
//!
//! The programs and spellings are this file's own, from their documentation (MySQL's and
//! MongoDB's data directories, `pushd`/`popd`, `git switch -C`, hcloud's label selectors,
//! OpenStack, Scaleway, doctl's auth contexts, OpenShift projects, Doppler, GKE credentials,
//! Terragrunt's live tree): none of these lines is in a labeled set. The session only raises:
//! every row that a directory, a branch or a place could lower has its bypass next to it.

use crate::Severity::{Stop, Verify};
use crate::severity_tables::{ALLOW, CONFIRM, STOP, at_least, expect};

#[test]
fn relative_paths_are_read_inside_the_directory_a_step_entered() {
    at_least(&[
        (
            "find . -name '*.MYD' -delete",
            &["cd /var/lib/mysql/shop"],
            Verify,
        ),
        (
            "truncate -s 0 *.wal",
            &["cd /var/lib/postgresql/16/main/pg_wal"],
            Verify,
        ),
        ("chown -R nobody .", &["pushd /usr/local"], Verify),
        ("shred -u *", &["cd /etc/ssl/private"], Verify),
        // airlock's own state, entered a step before: the guard's files.
        (
            "find . -name '*.db' -delete",
            &["cd ~/.local/state/airlock"],
            Stop,
        ),
    ]);
}

#[test]
fn a_directory_not_known_for_sure_is_kept_as_possible() {
    at_least(&[
        // A subshell's `cd` holds inside the parentheses.
        (
            "(cd /var/lib/mongodb && find . -name '*.wt' -delete)",
            &[],
            Verify,
        ),
        // Back to a directory not known here: where the agent was stays possible.
        (
            "find . -name '*.ibd' -delete",
            &["cd /var/lib/mysql", "cd -"],
            Verify,
        ),
        ("chmod -R 777 .", &["pushd /etc", "popd"], Verify),
        // Bypass: a subshell's `cd` in between does not move the agent out of the directory.
        (
            "find . -name '*.ibd' -delete",
            &["cd /var/lib/mysql", "(cd /tmp && ls)"],
            Verify,
        ),
        // Joined by `;`: the cd may have failed, or not.
        (
            "find . -name '*.frm' -delete",
            &["cd /var/lib/mysql; ls"],
            Verify,
        ),
    ]);
}

#[test]
fn a_build_or_scratch_directory_or_a_read_stays_allowed() {
    expect(&[
        (
            "find . -name '*.o' -delete",
            &["cd /home/dev/src/app/build"],
            ALLOW,
        ),
        ("rm -rf ./*", &["cd /tmp/render-cache"], ALLOW),
        ("find . -name '*.pyc' -delete", &["cd ~/work/api"], ALLOW),
        ("cat README.md", &["cd /etc/nginx"], ALLOW),
        ("ls -la", &["cd /var/lib/mysql"], ALLOW),
    ]);
}

#[test]
fn a_directory_entered_earlier_never_lowers_an_absolute_path() {
    expect(&[
        ("rm -rf /", &["cd /tmp/x"], STOP),
        ("rm -rf ~/", &["cd /tmp/scratch && ls"], STOP),
    ]);
    at_least(&[("find /var/lib/mysql -delete", &["cd build"], Verify)]);
}

#[test]
fn head_is_the_branch_an_earlier_step_checked_out() {
    at_least(&[
        (
            "git push --force-with-lease origin HEAD",
            &["git switch trunk"],
            Verify,
        ),
        (
            "git push --force",
            &["git switch -C main origin/main"],
            Verify,
        ),
        ("git push origin +HEAD", &["git checkout master"], Verify),
        (
            "git push origin HEAD --force-with-lease",
            &["git checkout main", "git rebase -i HEAD~12"],
            Verify,
        ),
    ]);
}

#[test]
fn a_feature_branch_or_a_plain_push_is_not_raised() {
    expect(&[
        (
            "git push origin HEAD --force-with-lease",
            &["git switch -c fix/typo"],
            CONFIRM,
        ),
        ("git push origin HEAD", &["git checkout main"], ALLOW),
        ("git push -u origin HEAD", &["git switch main"], ALLOW),
        ("git push", &["git switch main"], ALLOW),
    ]);
    // Bypass: a feature branch checked out earlier does not lower a push naming main.
    at_least(&[(
        "git push --force origin main",
        &["git checkout -b feature/x"],
        Verify,
    )]);
}

#[test]
fn an_id_a_read_picked_by_production_is_a_production_item() {
    at_least(&[
        (
            "hcloud server delete 5521873",
            &["hcloud server list -l env=production"],
            Verify,
        ),
        (
            "aws ec2 terminate-instances --instance-ids i-0a1b2c3d4e5f67890",
            &["aws ec2 describe-instances --filters Name=tag:env,Values=prod"],
            Verify,
        ),
        (
            "openstack server delete 7c1e2f3a-1b2c-4d5e-8f90-a1b2c3d4e5f6",
            &["openstack server list | grep prod"],
            Verify,
        ),
        (
            "scw instance server delete 3f1c9a2e-4b5d-4c6e-9f70-8a1b2c3d4e5f",
            &["scw instance server list | grep prod-api"],
            Verify,
        ),
    ]);
}

#[test]
fn an_id_picked_otherwise_or_only_read_is_not_raised() {
    expect(&[
        (
            "hcloud server describe 5521873",
            &["hcloud server list -l env=production"],
            ALLOW,
        ),
        (
            "hcloud server delete 5521873",
            &["hcloud server list | grep staging"],
            CONFIRM,
        ),
        (
            "hcloud server delete 5521873",
            &["hcloud server list"],
            CONFIRM,
        ),
        // Another program's listing says nothing of this one's ids.
        (
            "hcloud server delete 5521873",
            &["doctl compute droplet list | grep prod"],
            CONFIRM,
        ),
    ]);
}

#[test]
fn a_place_a_tool_switched_to_reaches_production() {
    at_least(&[
        (
            "doctl compute droplet delete web-1 --force",
            &["doctl auth switch --context production"],
            Verify,
        ),
        (
            "oc delete deployment api",
            &["oc project payments-prod"],
            Verify,
        ),
        (
            "hcloud server delete web-3",
            &["hcloud context use prod"],
            Verify,
        ),
        (
            "helm uninstall api",
            &["export HELM_KUBECONTEXT=prod-eu"],
            Verify,
        ),
        (
            "kubectl delete deployment api",
            &["gcloud container clusters get-credentials prod-cluster --region us-east1"],
            Verify,
        ),
        (
            "terragrunt apply -auto-approve",
            &["cd live/prod/network"],
            Verify,
        ),
        // Variables loaded from production's environment file or configuration.
        (
            "rails db:rollback STEP=99",
            &["set -a; . ./.env.production; set +a"],
            Verify,
        ),
        (
            "npx sequelize-cli db:migrate:undo",
            &["export DATABASE_URL=$(doppler secrets get DATABASE_URL --plain -c prd)"],
            Verify,
        ),
        // Migrated to version 0 by a target option, with production's URL.
        (
            "sequel -m migrations -M 0 \"$DATABASE_URL\"",
            &[
                "export DATABASE_URL=$(flyctl ssh console -a billing-prod -C 'printenv DATABASE_URL')",
            ],
            Verify,
        ),
        (
            "sqlx migrate revert --target-version 0",
            &["export DATABASE_URL=$(vault kv get -field=url secret/prod/db)"],
            Verify,
        ),
    ]);
}

#[test]
fn a_place_switched_to_staging_or_dev_or_a_read_is_not_raised() {
    expect(&[
        (
            "doctl compute droplet delete web-1 --force",
            &["doctl auth switch --context staging"],
            CONFIRM,
        ),
        (
            "kubectl delete deployment api",
            &["gcloud container clusters get-credentials dev-cluster"],
            CONFIRM,
        ),
        (
            "doctl compute droplet list",
            &["doctl auth switch --context production"],
            ALLOW,
        ),
        ("rails db:rollback", &[". ./.env.test"], CONFIRM),
        ("kubectl get pods", &["oc project prod"], ALLOW),
        ("terragrunt plan", &["cd live/prod/network"], ALLOW),
        // Migrating up, or to a version above 0, with production's URL: not a teardown.
        (
            "sqlx migrate run",
            &["export DATABASE_URL=$(vault kv get -field=url secret/prod/db)"],
            ALLOW,
        ),
        (
            "sequel -m migrations -M 12 \"$DATABASE_URL\"",
            &["export DATABASE_URL=$(vault kv get -field=url secret/prod/db)"],
            ALLOW,
        ),
    ]);
}
