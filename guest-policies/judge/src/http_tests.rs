//! Tests of the HTTP API reader ([`crate::recognize::http`]): requests written from the APIs'
//! own references (Elasticsearch/OpenSearch, Prometheus's admin API, Consul's KV, Vault's sys
//! mounts, the Kubernetes API server, RabbitMQ's management API, CouchDB, Solr's update handler,
//! ClickHouse's HTTP interface, GitHub/GitLab/Grafana REST) with their benign near misses: reads,
//! searches, local test indexes, creations, status messages.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, worst};

#[test]
fn a_request_s_method_and_path_are_its_verb_and_object() {
    expect_alone(&[
        // DELETE of a data store's top-level resource (an index, a database) in production,
        // in bulk (a wildcard and a comma list of indices): every document, for good.
        (
            "curl -X DELETE \"http://es-prod.internal:9200/logs-*,orders-*\"",
            STOP,
        ),
        (
            "curl -X DELETE http://admin:pw@couchdb-prod:5984/orders",
            STOP,
        ),
        // Everything under a prefix of Consul's KV store.
        (
            "curl -X DELETE 'http://consul.prod:8500/v1/kv/?recurse'",
            STOP,
        ),
        // One index of unknown environment; one of a test environment.
        ("curl -X DELETE http://search.acme.io:9200/orders", VERIFY),
        ("curl -X DELETE http://es-staging:9200/test-idx", CONFIRM),
        // One document of an index, one record of a REST API.
        (
            "curl -X DELETE http://es.acme.io:9200/orders/_doc/42",
            CONFIRM,
        ),
        (
            "curl -X DELETE https://api.example.com/v1/users/42",
            CONFIRM,
        ),
        (
            "curl -X DELETE https://api.prod.acme.io/v1/users/42",
            VERIFY,
        ),
        // POST with the action in the path: delete-by-query, a series deletion, a wipe.
        (
            "curl -X POST \"http://es-prod.internal:9200/orders-2026.11/_delete_by_query\" -d '{\"query\":{\"range\":{\"ts\":{\"lt\":\"now-90d\"}}}}'",
            VERIFY,
        ),
        (
            "curl -d '{\"query\":{\"match_all\":{}}}' http://es-prod:9200/orders/_delete_by_query",
            STOP,
        ),
        (
            "curl -X POST -g 'http://prometheus:9090/api/v1/admin/tsdb/delete_series?match[]={__name__=~\".+\"}'",
            STOP,
        ),
        ("curl -X POST https://api.acme.io/admin/wipe", CONFIRM),
        ("curl -X POST https://api.prod.acme.io/v1/reset", VERIFY),
        // A command in the body: Solr's update handler deleting every document.
        (
            "curl 'http://solr-prod:8983/solr/orders/update?commit=true' -H 'Content-Type: text/xml' -d '<delete><query>*:*</query></delete>'",
            STOP,
        ),
        // The Kubernetes API server: a namespace in production.
        (
            "curl -X DELETE https://k8s.prod.acme.io:6443/api/v1/namespaces/payments",
            STOP,
        ),
        // A forge's whole repository (the same rule as `gh api -X DELETE`).
        (
            "curl -X DELETE https://api.github.com/repos/acme/api",
            VERIFY,
        ),
        (
            "curl -X DELETE -H \"PRIVATE-TOKEN: $T\" https://gitlab.com/api/v4/projects/123",
            VERIFY,
        ),
        (
            "curl -X DELETE https://api.github.com/repos/acme/api/git/refs/heads/feature-x",
            CONFIRM,
        ),
        (
            "curl -X DELETE -H \"Authorization: Bearer $T\" https://grafana.acme.io/api/dashboards/uid/abc",
            CONFIRM,
        ),
        // SQL over ClickHouse's HTTP interface is judged as SQL.
        (
            "curl -X POST 'http://clickhouse-prod:8123/?query=DROP%20TABLE%20events'",
            VERIFY,
        ),
        (
            "curl 'http://ch.acme.io:8123/' -d 'DROP DATABASE analytics'",
            STOP,
        ),
        // Other clients.
        (
            "Invoke-RestMethod -Method Delete -Uri http://es-prod:9200/logs-*",
            STOP,
        ),
        ("wget --method=DELETE http://es-prod:9200/logs-2024", STOP),
        ("http -a u:p DELETE es-prod:9200/orders", STOP),
    ]);
}

#[test]
fn reads_searches_creations_and_local_services_go_ahead() {
    expect_alone(&[
        // Searches and counts are reads, whatever the method.
        (
            "curl -X POST localhost:9200/logs/_search -d '{\"query\":{\"match_all\":{}}}'",
            ALLOW,
        ),
        (
            "curl -X POST http://es-prod:9200/logs/_search -d '{\"query\":{\"match_all\":{}}}'",
            ALLOW,
        ),
        ("curl -X POST http://es-prod:9200/logs/_count", ALLOW),
        ("curl localhost:9200/_cat/indices", ALLOW),
        ("curl -s 'http://es-prod:9200/_cat/indices?v'", ALLOW),
        ("curl http://prometheus:9090/api/v1/query?query=up", ALLOW),
        // A GET is safe by HTTP's definition, even on a path that names a deletion.
        (
            "curl -X GET http://es-prod:9200/_tasks?actions=*delete/byquery",
            ALLOW,
        ),
        ("curl -I https://api.example.com", ALLOW),
        ("wget --spider https://acme.example/health", ALLOW),
        ("Invoke-RestMethod https://api.example.com/v1/status", ALLOW),
        // A local test index, a local dev server: the developer's own.
        ("curl -X DELETE localhost:9200/test-idx", ALLOW),
        ("curl -XDELETE http://127.0.0.1:9200/test-idx", ALLOW),
        ("http DELETE :8080/api/items/1", ALLOW),
        ("curl -X POST http://localhost:3000/reset", ALLOW),
        // Creating and updating: nothing that exists is destroyed.
        ("http POST httpbin.org/post name=x", ALLOW),
        (
            "curl -X POST https://api.example.com/v1/orders -d '{\"sku\":\"a\"}'",
            ALLOW,
        ),
        (
            "curl -X PATCH https://api.example.com/v1/users/42 -d '{\"name\":\"x\"}'",
            ALLOW,
        ),
        // A dangerous word in a message's value is not a command key.
        (
            "curl -X POST https://hooks.slack.com/services/T0/B0/X -d '{\"text\":\"delete old branches today\"}'",
            ALLOW,
        ),
        // Elasticsearch's flush persists the translog; caches refill; snapshots copy.
        ("curl -X POST http://es-prod:9200/_flush", ALLOW),
        ("curl -X POST http://es-prod:9200/_cache/clear", ALLOW),
        (
            "curl -X POST http://prometheus:9090/api/v1/admin/tsdb/snapshot",
            ALLOW,
        ),
        // An index named with a verb is a name.
        (
            "curl -X POST http://es-prod:9200/orders-reset-2024/_doc -d '{\"a\":1}'",
            ALLOW,
        ),
    ]);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    const HOSTS: &[&str] = &[
        "es-prod.internal:9200",
        "https://api.prod.acme.io",
        "http://couchdb-prod:5984",
        "https://api.example.com",
        "http://es-staging:9200",
        "https://api.github.com",
    ];
    const PATHS: &[&str] = &[
        "/orders",
        "/logs-*",
        "/v1/users/42",
        "/repos/acme/api",
        "/api/v1/namespaces/payments",
        "/orders/_doc/7",
    ];

    /// The same DELETE in every client's spelling, with the options in any order.
    fn spellings(url: &str, order: bool) -> Vec<String> {
        let h = "-H 'Accept: application/json'";
        let (a, b) = if order { ("-s", h) } else { (h, "-s") };
        vec![
            format!("curl {a} -X DELETE {b} {url}"),
            format!("curl {a} {url} {b} -XDELETE"),
            format!("curl --request DELETE {url} {a} {b}"),
            format!("curl {b} --request=DELETE {a} {url}"),
            format!("curl -sX DELETE {url} {h}"),
            format!(
                "http {} DELETE {url} 'Accept:application/json'",
                if order { "-v" } else { "--timeout 5" }
            ),
            format!("xh delete {url}"),
            format!("wget -q --method=DELETE {url}"),
            format!("wget --method DELETE -O - {url}"),
            format!("Invoke-RestMethod -Method Delete -Uri {url}"),
            format!("Invoke-WebRequest -Uri {url} -Method DELETE -UseBasicParsing"),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// The verdict of a request does not depend on the client, on how its method is
        /// spelled (`-X DELETE`, `-XDELETE`, `--request=DELETE`, HTTPie's positional method,
        /// wget's `--method`, PowerShell's `-Method`) nor on where the options stand.
        #[test]
        fn a_request_s_verdict_does_not_depend_on_its_spelling(
            host in proptest::sample::select(HOSTS),
            path in proptest::sample::select(PATHS),
            order in any::<bool>(),
        ) {
            let url = format!("{host}{path}");
            let canonical = worst(&format!("curl -X DELETE {url}"), &[]);
            prop_assert!(canonical.is_some(), "{} allowed", url);
            for line in spellings(&url, order) {
                prop_assert_eq!(worst(&line, &[]), canonical, "{}", line);
            }
            // The same request as a read goes ahead, in any client.
            for line in [
                format!("curl -s {url}"),
                format!("http GET {url}"),
                format!("wget -qO- {url}"),
                format!("Invoke-RestMethod -Uri {url}"),
            ] {
                prop_assert_eq!(worst(&line, &[]), ALLOW, "{}", line);
            }
        }
    }
}

/// Request bodies read as settings by one vocabulary for `gh api` fields, curl's `-d` JSON or
/// form body, HTTPie's items and a query string (holdout6 analysis M6). Near misses first: a
/// description, a homepage, a private flag kept, a member role, a feature flag.
#[test]
fn request_bodies_are_read_as_settings() {
    expect_alone(&[
        (
            "gh api -X PATCH repos/acme/web -f description='New description'",
            ALLOW,
        ),
        (
            "gh api -X PATCH repos/acme/web -f homepage=https://acme.io -F has_wiki=false",
            ALLOW,
        ),
        ("gh api -X PATCH repos/acme/web -F private=true", ALLOW),
        (
            "gh api -X PUT orgs/acme/memberships/eve -f role=member",
            ALLOW,
        ),
        (
            "gh api -X PUT repos/acme/web/collaborators/eve -f permission=push",
            ALLOW,
        ),
        (
            "curl -X PATCH https://api.github.com/repos/acme/web -d '{\"description\": \"x\"}'",
            ALLOW,
        ),
        (
            "http PATCH https://gitlab.example.com/api/v4/projects/12 description=hello",
            ALLOW,
        ),
        (
            "curl -X POST https://api.example.com/v1/features -d '{\"dark_mode\":{\"enabled\":false}}'",
            ALLOW,
        ),
        (
            "curl -X POST http://localhost:3000/api/settings -d '{\"private\":false}'",
            ALLOW,
        ),
        (
            "gh api -X PATCH orgs/acme -f default_repository_permission=admin",
            STOP,
        ),
        (
            "curl -X PATCH https://api.github.com/orgs/acme -d '{\"default_repository_permission\":\"admin\"}'",
            STOP,
        ),
        (
            "gh api -X PATCH repos/acme/internal-tools -F private=false",
            VERIFY,
        ),
        (
            "curl -X PATCH https://api.github.com/repos/acme/web -d '{\"private\": false}'",
            VERIFY,
        ),
        (
            "http PATCH https://gitlab.example.com/api/v4/projects/12 visibility=public",
            VERIFY,
        ),
        (
            "gh api -X PUT orgs/acme/memberships/eve -f role=admin",
            VERIFY,
        ),
        // An admin collaborator administers the repository (its settings, rules, deletion):
        // an administrator's permission granted (recognize/grants.rs).
        (
            "gh api -X PUT repos/acme/web/collaborators/eve -f permission=admin",
            VERIFY,
        ),
        (
            "curl -X PUT https://gitlab.example.com/api/v4/groups/5/members/9 -d access_level=50",
            VERIFY,
        ),
        (
            "gh api -X PATCH repos/acme/web -f 'security_and_analysis[secret_scanning][status]=disabled'",
            VERIFY,
        ),
        (
            "curl -X PATCH https://api.github.com/repos/acme/web -d '{\"security_and_analysis\":{\"secret_scanning\":{\"status\":\"disabled\"}}}'",
            VERIFY,
        ),
        (
            "gh api -X PUT repos/acme/web/branches/main/protection -F allow_force_pushes=true",
            VERIFY,
        ),
        (
            "curl -X POST https://api.example.com/v1/settings -d '{\"mfa\":{\"enabled\":false}}'",
            VERIFY,
        ),
    ]);
}
