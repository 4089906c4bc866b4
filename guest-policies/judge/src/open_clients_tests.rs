//! Statements typed into a client an earlier step opened ([`crate::recognize::open_clients`]):
//! judged in that client's language, at that client's place. The clients and statements here
//! are in no labeled set: ArangoDB's `_truncate`, Valkey and KeyDB, pgcli, Heroku's redis:cli,
//! a shell opened in a production pod.

use crate::Severity::{Stop, Verify};
use crate::severity_tables::{at_least, expect, worst};

const ARANGO_PROD: &[&str] =
    &["arangosh --server.endpoint tcp://arango.prod.internal:8529 --server.database crm"];
const VALKEY_PROD: &[&str] = &["valkey-cli -h cache.prod.internal -p 6379"];
const PGCLI_PROD: &[&str] = &["pgcli postgres://app@db.prod.internal/bank"];
const MONGO_PROD: &[&str] = &["mongosh \"mongodb+srv://shop-prod.x1y2.mongodb.net/shop\""];
const HEROKU_REDIS: &[&str] = &["heroku redis:cli -a acme-prod --confirm acme-prod"];
const POD_SHELL: &[&str] = &["kubectl exec -it -n production deploy/web -- bash"];

#[test]
fn a_statement_runs_in_the_client_and_at_the_place_an_earlier_step_opened() {
    let rows: &[(&str, &[&str], crate::Severity)] = &[
        ("db._truncate(\"events\")", ARANGO_PROD, Verify),
        ("db.orders.truncate()", ARANGO_PROD, Verify),
        (
            "db._dropDatabase(\"crm\")",
            &["arangosh --server.endpoint ssl://10.1.2.3:8529"],
            Stop,
        ),
        ("FLUSHDB", &["keydb-cli -u rediss://prod-cache:6380"], Stop),
        ("DEL user:42", HEROKU_REDIS, Verify),
        (
            "UPDATE accounts SET balance = 0 WHERE id = 7;",
            PGCLI_PROD,
            Verify,
        ),
        ("db.carts.deleteOne({_id: 5})", MONGO_PROD, Verify),
        ("rm -rf /app/public/uploads", POD_SHELL, Verify),
        // A statement after other statements typed into the same client.
        (
            "db._drop(\"shipments\")",
            &[
                "arangosh --server.endpoint ssl://arango.prod.internal:8529",
                "db._collections().map(c => c.name())",
            ],
            Verify,
        ),
    ];
    at_least(rows);
}

#[test]
fn reads_in_the_same_client_go_ahead() {
    expect(&[
        ("db._collections()", ARANGO_PROD, None),
        ("db.events.count()", ARANGO_PROD, None),
        ("INFO keyspace", VALKEY_PROD, None),
        ("GET user:42", HEROKU_REDIS, None),
        ("SELECT * FROM accounts LIMIT 5;", PGCLI_PROD, None),
        ("db.carts.find({}).limit(3)", MONGO_PROD, None),
        ("ls -la /app/public/uploads", POD_SHELL, None),
    ]);
}

#[test]
fn a_client_given_its_statement_on_the_line_opens_no_prompt() {
    // `-c` ran one statement and returned: the UPDATE after it is judged as written
    // (confirmed), not raised as if typed into production's prompt.
    let after_one_shot = worst(
        "UPDATE accounts SET balance = 0 WHERE id = 7;",
        &["psql -h db.prod.internal -c 'select 1'"],
    );
    let typed_into_prod = worst(
        "UPDATE accounts SET balance = 0 WHERE id = 7;",
        &["psql -h db.prod.internal"],
    );
    assert!(
        after_one_shot < typed_into_prod,
        "{after_one_shot:?} {typed_into_prod:?}"
    );
    // A script fed on stdin opens no prompt either.
    assert_eq!(worst("db._collections()", &["arangosh < setup.js"]), None);
}

#[test]
fn a_sentence_after_a_client_is_no_statement() {
    expect(&[
        (
            "update the README with the new connection steps",
            PGCLI_PROD,
            None,
        ),
        ("show me which tables that database has", PGCLI_PROD, None),
        (
            "flush the page cache stats into the report",
            VALKEY_PROD,
            None,
        ),
    ]);
}

#[test]
fn nothing_the_text_adds_or_the_opening_says_lowers_a_statement() {
    at_least(&[
        // Leaving the client in the same text does not undo the statement before it runs.
        ("quit; db._drop(\"shipments\")", ARANGO_PROD, Verify),
        // A client opened on the developer's own database lowers nothing the text does.
        (
            "DROP DATABASE shop;",
            &["psql -h localhost -U dev shop_dev"],
            Verify,
        ),
        ("FLUSHALL", &["redis-cli -h 127.0.0.1"], Stop),
    ]);
}
