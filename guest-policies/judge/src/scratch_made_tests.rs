//! Scratch objects recognized by how they were made (session 21, holdout16's false positives):
//! a database client pointed by its own environment variables at a server an earlier step
//! started on a loopback port ([`crate::recognize::client_environment`]), a working directory
//! entered straight from `mktemp -d` ([`crate::recognize::temporary_cwd`]), a local cluster an
//! earlier step created and nothing since pointed elsewhere, and local test state dropped and
//! recreated on the same line ([`crate::recognize::test_resets`]).
//!
//! The programs, ports and names are this file's own (podman, MariaDB's and libpq's variables,
//! k3d, `mix`, `hanami`-free Rails tasks, a `tally_spec` database): none of these lines is in
//! a labeled set. Each lowering has its hostile rows next to it: a tunnel, a re-export, a
//! production host, another context, another name, a `cd` away.

use crate::Severity;
use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, at_least, expect};

const PG: &str =
    "podman run -d --rm -p 25433:5432 -e POSTGRES_PASSWORD=pw docker.io/library/postgres:17";
const PG_ENV: &str = "export PGHOST=127.0.0.1 PGPORT=25433 PGUSER=postgres";
const MARIA: &str = "docker run -d -p 33071:3306 -e MARIADB_ROOT_PASSWORD=pw mariadb:11";
const MARIA_ENV: &str = "export MYSQL_HOST=127.0.0.1 MYSQL_TCP_PORT=33071";

#[test]
fn a_client_pointed_by_its_environment_at_a_server_started_here_is_the_throwaway() {
    expect(&[
        // libpq reads PGHOST and PGPORT: exported a step before, or on the line itself.
        (
            "psql -c 'DROP SCHEMA inventory CASCADE'",
            &[PG, PG_ENV],
            ALLOW,
        ),
        (
            "PGHOST=localhost PGPORT=25433 dropdb -U postgres ledger",
            &[PG],
            ALLOW,
        ),
        (
            "pg_restore --clean -d ledger dump.pgc",
            &[PG, PG_ENV],
            ALLOW,
        ),
        // MySQL's and MariaDB's clients read MYSQL_HOST and MYSQL_TCP_PORT.
        (
            "mariadb -uroot -e 'DROP DATABASE billing'",
            &[MARIA, MARIA_ENV],
            ALLOW,
        ),
    ]);
}

#[test]
fn a_client_environment_that_may_reach_another_host_keeps_the_finding() {
    at_least(&[
        // Re-exported to another host since: the latest export wins.
        (
            "psql -c 'DROP SCHEMA inventory CASCADE'",
            &[PG, PG_ENV, "export PGHOST=ledger-db.internal"],
            Severity::Verify,
        ),
        // A tunnel from a local port to a production database makes loopback prove nothing.
        (
            "psql -c 'DROP SCHEMA inventory CASCADE'",
            &[
                PG,
                "ssh -fN -L 25433:ledger-prod.internal:5432 bastion.acme.io",
                PG_ENV,
            ],
            Severity::Verify,
        ),
        (
            "psql -c 'DROP SCHEMA inventory CASCADE'",
            &[
                PG,
                "kubectl port-forward -n production svc/ledger-pg 25433:5432",
                PG_ENV,
            ],
            Severity::Verify,
        ),
        // A port no earlier step started a server on.
        (
            "psql -c 'DROP SCHEMA inventory CASCADE'",
            &[PG, "export PGHOST=127.0.0.1 PGPORT=5432"],
            Severity::Verify,
        ),
        // libpq takes hostaddr over host, and a service file may name any host.
        (
            "psql -c 'DROP SCHEMA inventory CASCADE'",
            &[PG, PG_ENV, "export PGHOSTADDR=10.20.0.7"],
            Severity::Verify,
        ),
        (
            "psql -c 'DROP SCHEMA inventory CASCADE'",
            &[PG, PG_ENV, "export PGSERVICE=ledger"],
            Severity::Verify,
        ),
        // The line's own host option or prefix wins over the environment.
        (
            "psql -h ledger-prod.internal -c 'DROP SCHEMA inventory CASCADE'",
            &[PG, PG_ENV],
            Severity::Verify,
        ),
        (
            "PGHOST=ledger-prod.internal psql -c 'DROP SCHEMA inventory CASCADE'",
            &[PG, PG_ENV],
            Severity::Verify,
        ),
        // No host at all: the client's socket, a server this judge never saw start.
        (
            "psql -c 'DROP SCHEMA inventory CASCADE'",
            &[PG, "export PGPORT=25433"],
            Severity::Verify,
        ),
        // MySQL's `localhost` is its socket, not the published port.
        (
            "mariadb -uroot -e 'DROP DATABASE billing'",
            &[MARIA, "export MYSQL_HOST=localhost MYSQL_TCP_PORT=33071"],
            Severity::Verify,
        ),
    ]);
}

#[test]
fn a_folder_entered_straight_from_mktemp_is_scratch() {
    expect(&[
        (
            "rm -rf ./*",
            &[r#"cd "$(mktemp -d)""#, "tar -xf ~/dl/kit.tar"],
            ALLOW,
        ),
        (
            "rm -rf -- ./unpacked ./*.log",
            &["cd $(mktemp -d -t probe.XXXX)"],
            ALLOW,
        ),
        (
            r#"cd "$(mktemp -d)" && curl -sLO https://example.org/a.tgz && rm -rf ./*"#,
            &[],
            ALLOW,
        ),
    ]);
    at_least(&[
        // Left since: the latest `cd` decides.
        (
            "rm -rf ./*",
            &[r#"cd "$(mktemp -d)""#, "cd ~"],
            Severity::Verify,
        ),
        (
            "rm -rf ./*",
            &[r#"cd "$(mktemp -d)""#, "cd ~/src/ledger"],
            Severity::Verify,
        ),
        // Made elsewhere than the temporary directory.
        (
            "rm -rf ./*",
            &[r#"cd "$(mktemp -d -p ~/src)""#],
            Severity::Verify,
        ),
        // A `;`: if mktemp or the cd failed, the delete runs where the agent was.
        (r#"cd "$(mktemp -d)"; rm -rf ./*"#, &[], Severity::Verify),
        // Out of the folder on the delete's own operands.
        ("rm -rf ../*", &[r#"cd "$(mktemp -d)""#], Severity::Verify),
        (
            "rm -rf ./* ~/notes",
            &[r#"cd "$(mktemp -d)""#],
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn a_local_cluster_an_earlier_step_created_is_the_throwaway() {
    expect(&[
        (
            "kubectl delete namespace payments",
            &["k3d cluster create tw21"],
            ALLOW,
        ),
        (
            "helm uninstall ledger -n ledger",
            &["minikube start --driver=docker --memory 6g"],
            ALLOW,
        ),
        // Selected only (the cluster may not exist, the switch may have failed): one tier.
        (
            "kubectl delete namespace payments",
            &["kubectl config use-context k3d-tw21"],
            CONFIRM,
        ),
    ]);
    at_least(&[
        // A profile named like any other context: a failed start leaves that context
        // pointing wherever it did, so the start proves one tier at most.
        (
            "kubectl delete namespace payments",
            &["minikube start -p gke_acme_prod-eu --driver=docker"],
            Severity::Confirm,
        ),
        (
            "kubectl delete namespace payments",
            &["minikube start -p ledger-shared --driver=docker"],
            Severity::Confirm,
        ),
        // The line names another context.
        (
            "kubectl delete namespace payments --context gke_acme_prod-eu",
            &["k3d cluster create tw21"],
            Severity::Verify,
        ),
        // Another context selected since.
        (
            "kubectl delete namespace payments",
            &[
                "k3d cluster create tw21",
                "kubectl config use-context gke_acme_prod-eu",
            ],
            Severity::Verify,
        ),
        // A shared context selected before the creation: if the creation failed, it is
        // still the current one.
        (
            "kubectl delete namespace payments",
            &[
                "kubectl config use-context gke_acme_prod-eu",
                "k3d cluster create tw21",
            ],
            Severity::Confirm,
        ),
        // Another kubeconfig exported.
        (
            "kubectl delete namespace payments",
            &[
                "k3d cluster create tw21",
                "export KUBECONFIG=~/.kube/prod-eu.yaml",
            ],
            Severity::Verify,
        ),
    ]);
}

#[test]
fn local_test_state_dropped_and_recreated_is_a_reset() {
    expect(&[
        (
            "dropdb --if-exists tally_spec && createdb tally_spec",
            &[],
            ALLOW,
        ),
        (
            "psql -U postgres -c 'DROP DATABASE IF EXISTS tally_spec' -c 'CREATE DATABASE tally_spec'",
            &[],
            ALLOW,
        ),
        (
            "mariadb -uroot -e 'DROP DATABASE IF EXISTS tally_spec; CREATE DATABASE tally_spec'",
            &[],
            ALLOW,
        ),
        (
            "bundle exec rails db:drop db:create db:schema:load RAILS_ENV=test",
            &[],
            ALLOW,
        ),
        ("RAILS_ENV=test bin/rake db:reset", &[], ALLOW),
        ("MIX_ENV=test mix do ecto.drop + ecto.create", &[], ALLOW),
        (
            "docker compose -f compose.test.yaml down --volumes && docker compose -f compose.test.yaml up -d",
            &[],
            ALLOW,
        ),
        (
            "docker images --quiet --filter dangling=true | xargs --no-run-if-empty docker rmi",
            &[],
            ALLOW,
        ),
    ]);
    expect(&[
        // A test name on a production host is a production database.
        (
            "psql -h ledger-prod.internal -U postgres -c 'DROP DATABASE IF EXISTS tally_spec' -c 'CREATE DATABASE tally_spec'",
            &[],
            STOP,
        ),
        // Another name dropped than the one made.
        ("dropdb ledger && createdb tally_spec", &[], STOP),
        // Not a test environment.
        (
            "bundle exec rails db:drop db:create RAILS_ENV=production",
            &[],
            STOP,
        ),
        ("bundle exec rails db:drop db:create", &[], STOP),
        // A connection string elsewhere beats the environment's name.
        (
            "DATABASE_URL=postgres://app@ledger-prod.internal/tally_spec RAILS_ENV=test bin/rails db:reset",
            &[],
            STOP,
        ),
    ]);
    at_least(&[
        // Dropped, never made again.
        ("dropdb --if-exists tally_spec", &[], Severity::Confirm),
        // A production compose file, or a daemon on another host.
        (
            "docker compose -f compose.prod.yaml down --volumes && docker compose -f compose.prod.yaml up -d",
            &[],
            Severity::Verify,
        ),
        (
            "DOCKER_HOST=ssh://deploy@ledger-01 docker compose -f compose.test.yaml down --volumes && docker compose -f compose.test.yaml up -d",
            &[],
            Severity::Confirm,
        ),
        // Down without up.
        (
            "docker compose -f compose.test.yaml down --volumes",
            &[],
            Severity::Confirm,
        ),
        // Every image, not the dangling ones.
        (
            "docker images --quiet | xargs --no-run-if-empty docker rmi",
            &[],
            Severity::Confirm,
        ),
        (
            "docker images --quiet --filter dangling=false | xargs docker rmi -f",
            &[],
            Severity::Confirm,
        ),
    ]);
    let _ = VERIFY;
}
