//! Data stores' destructive verbs by dialect (recognize/data_stores.rs, sql/dialects.rs, and
//! the Redis and InfluxDB rows of sql/clients.rs): queues and streams, key-value and
//! coordination stores, search, vector and time-series stores, hosted SQL services, migration
//! tools, the big clouds' managed stores, the stores' REST APIs, and SQL statements in one
//! dialect's own words. Rows are written from the tools' references with programs and spellings
//! that occur in no labeled set: for each kind its dangerous forms, the same programs reading,
//! the bounded forms graded lower, and the bypasses a table must not allow.

use crate::Severity;
use crate::severity_tables::{ALLOW, CONFIRM, expect_alone, expect_at_least};

#[test]
fn queues_and_streams_emptied_or_deleted_are_verified() {
    expect_at_least(&[
        (
            "kafka-configs.sh --bootstrap-server b:9092 --alter --entity-type topics --entity-name payments --add-config retention.ms=1000",
            Severity::Verify,
        ),
        ("rpk topic delete -r '.*'", Severity::Verify),
        ("kafkactl delete topic payments", Severity::Verify),
        (
            "confluent kafka topic delete payments --cluster lkc-123",
            Severity::Verify,
        ),
        ("rabbitmqctl delete_vhost /prod", Severity::Verify),
        (
            "rabbitmqadmin -H mq-prod delete queue name=invoices",
            Severity::Verify,
        ),
        (
            "artemis queue purge --name invoices --url tcp://mq:61616",
            Severity::Verify,
        ),
        ("nats kv rm SESSIONS -f", Severity::Verify),
        ("pulsarctl namespaces delete acme/prod", Severity::Verify),
        ("celery -A billing purge -f", Severity::Verify),
        ("rq empty --all -u redis://cache:6379", Severity::Verify),
    ]);
}

#[test]
fn queues_and_streams_read_go_ahead() {
    expect_alone(&[
        ("rpk topic describe orders", ALLOW),
        ("kafkactl get topics", ALLOW),
        ("confluent kafka topic list --cluster lkc-123", ALLOW),
        (
            "kafka-configs.sh --bootstrap-server b:9092 --alter --entity-type topics --entity-name payments --add-config retention.ms=604800000",
            ALLOW,
        ),
        (
            "kafka-configs.sh --bootstrap-server b:9092 --describe --entity-type topics --entity-name payments",
            ALLOW,
        ),
        ("rabbitmqadmin -H mq-prod list exchanges", ALLOW),
        ("artemis queue stat --url tcp://mq:61616", ALLOW),
        ("nats kv get SESSIONS user-42", ALLOW),
        ("pulsarctl namespaces list acme", ALLOW),
        ("celery -A billing inspect active", ALLOW),
        ("rq info -u redis://cache:6379", ALLOW),
    ]);
}

#[test]
fn key_value_and_coordination_stores_cleared_are_verified() {
    expect_at_least(&[
        (
            "zkCli.sh -server zk-prod:2181 deleteall /kafka",
            Severity::Verify,
        ),
        ("zookeeper-shell zk:2181 rmr /", Severity::Verify),
        (
            "asinfo -v \"truncate-namespace:namespace=users\"",
            Severity::Verify,
        ),
        (
            "fdbcli -C fdb.cluster --exec 'writemode on; clearrange \"\" \\xff'",
            Severity::Verify,
        ),
        ("consul snapshot restore backup.snap", Severity::Verify),
        (
            "cbt -instance prod deleteinstance prod-bt",
            Severity::Verify,
        ),
        ("cbt deleteallrows orders", Severity::Verify),
        (
            "couchbase-cli bucket-flush -c couchbase://cb-prod -u admin -p $PW --bucket sessions --force",
            Severity::Verify,
        ),
    ]);
    // One node or key: a person confirms.
    expect_alone(&[
        ("zookeeper-shell zk:2181 delete /locks/job-7", CONFIRM),
        ("consul kv delete config/app/flag", CONFIRM),
    ]);
}

#[test]
fn key_value_and_coordination_stores_read_go_ahead() {
    expect_alone(&[
        ("zkCli.sh -server zk-prod:2181 ls /brokers/ids", ALLOW),
        ("asinfo -v \"namespaces\"", ALLOW),
        ("fdbcli -C fdb.cluster --exec status", ALLOW),
        ("cbt -instance prod read orders count=10", ALLOW),
        ("consul kv get service/web/config", ALLOW),
        (
            "couchbase-cli bucket-list -c couchbase://cb-prod -u admin -p $PW",
            ALLOW,
        ),
    ]);
}

#[test]
fn search_and_time_series_tools_deleting_indices_are_verified() {
    expect_at_least(&[
        (
            "curator_cli --host es-prod delete_indices --filter_list '[{\"filtertype\":\"age\",\"source\":\"creation_date\",\"direction\":\"older\",\"unit\":\"days\",\"unit_count\":0}]'",
            Severity::Verify,
        ),
        ("splunk clean eventdata -index main -f", Severity::Verify),
        ("algolia indices clear products", Severity::Verify),
        ("influxdb3 delete database telemetry", Severity::Verify),
        (
            "influx delete --bucket telemetry --org acme --start 2020-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z",
            Severity::Verify,
        ),
        // An empty predicate selects every point.
        (
            "influx delete --bucket telemetry --start 2020-01-01T00:00:00Z --stop 2030-01-01T00:00:00Z --predicate ''",
            Severity::Verify,
        ),
    ]);
    expect_alone(&[
        ("curator_cli --host es-prod show_indices", ALLOW),
        ("splunk search 'index=main error'", ALLOW),
        ("algolia indices list", ALLOW),
        (
            "influxdb3 query --database telemetry \"SELECT * FROM cpu LIMIT 5\"",
            ALLOW,
        ),
        // A predicate bounds the delete: a person confirms.
        (
            "influx delete --bucket telemetry --start 2024-01-01T00:00:00Z --stop 2024-01-02T00:00:00Z --predicate '_measurement=\"cpu\" AND host=\"web-3\"'",
            CONFIRM,
        ),
    ]);
}

#[test]
fn hosted_sql_services_and_migration_tools_dropping_data_are_verified() {
    expect_at_least(&[
        ("bq rm -r -f -d analytics_prod", Severity::Verify),
        (
            "databricks catalogs delete prod_catalog --force",
            Severity::Verify,
        ),
        (
            "neonctl databases delete app --project-id p-1 --branch main",
            Severity::Verify,
        ),
        ("turso group destroy default --yes", Severity::Verify),
        (
            "supabase db reset --db-url postgresql://postgres:pw@db.prod.supabase.co:5432/postgres",
            Severity::Verify,
        ),
        ("edgedb branch wipe main", Severity::Verify),
        ("gel instance destroy prod-app --force", Severity::Verify),
        ("dbmate --url $DATABASE_URL drop", Severity::Verify),
        (
            "atlas schema clean --url \"mysql://root:pw@prod:3306/app\"",
            Severity::Verify,
        ),
        ("drizzle-kit push --force", Severity::Verify),
        (
            "prisma db push --accept-data-loss --skip-generate",
            Severity::Verify,
        ),
        ("sqitch revert -y", Severity::Verify),
        ("dolt sql -q \"DROP TABLE customers\"", Severity::Verify),
    ]);
    expect_alone(&[
        ("bq load analytics.events gs://bucket/events.csv", ALLOW),
        ("neonctl branches list --project-id p-1", ALLOW),
        ("dbmate status", ALLOW),
        (
            "atlas schema inspect --url \"mysql://root:pw@prod:3306/app\"",
            ALLOW,
        ),
        ("drizzle-kit generate", ALLOW),
        ("prisma db push", ALLOW),
        ("dolt sql -q \"SELECT * FROM customers\"", ALLOW),
    ]);
    // Replacing a table's rows from a file: at least confirmed.
    expect_at_least(&[(
        "bq load --replace analytics.events gs://bucket/events.csv",
        Severity::Confirm,
    )]);
}

#[test]
fn the_clouds_managed_stores_deleted_are_verified() {
    expect_at_least(&[
        (
            "aws sqs delete-queue --queue-url https://sqs.eu-west-1.amazonaws.com/1/jobs",
            Severity::Verify,
        ),
        (
            "aws kinesis delete-stream --stream-name events --enforce-consumer-deletion",
            Severity::Verify,
        ),
        (
            "aws keyspaces delete-keyspace --keyspace-name prod",
            Severity::Verify,
        ),
        (
            "aws opensearch delete-domain --domain-name logs-prod",
            Severity::Verify,
        ),
        (
            "aws elasticache delete-replication-group --replication-group-id sessions",
            Severity::Verify,
        ),
        (
            "az servicebus topic delete --name orders --namespace-name prod-bus -g rg",
            Severity::Verify,
        ),
        (
            "az eventhubs namespace delete --name prod-hubs -g rg",
            Severity::Verify,
        ),
        (
            "az storage message clear --queue-name jobs --account-name acct",
            Severity::Verify,
        ),
        (
            "az cosmosdb mongodb database delete -a acct -g rg -n prod --yes",
            Severity::Verify,
        ),
        ("gcloud bigtable instances delete prod-bt", Severity::Verify),
        (
            "gcloud firestore databases delete --database=prod",
            Severity::Verify,
        ),
    ]);
    expect_alone(&[
        (
            "aws opensearch describe-domain --domain-name logs-prod",
            ALLOW,
        ),
        (
            "az storage message peek --queue-name jobs --account-name acct",
            ALLOW,
        ),
        ("gcloud pubsub topics list", ALLOW),
        ("aws kinesis describe-stream --stream-name events", ALLOW),
    ]);
}

#[test]
fn store_rest_apis_deleting_indices_collections_and_series_are_verified() {
    expect_at_least(&[
        (
            "curl -X POST 'http://es-prod:9200/logs-2024.*/_delete_by_query' -H 'Content-Type: application/json' -d '{\"query\":{\"match_all\":{}}}'",
            Severity::Verify,
        ),
        (
            "curl -XPOST 'https://search.internal:9200/orders/_delete_by_query?conflicts=proceed' -d '{\"query\":{\"match_all\":{}}}'",
            Severity::Verify,
        ),
        // Solr's Collections API deletes on a GET.
        (
            "curl 'http://solr-main:8983/solr/admin/collections?action=DELETE&name=catalog'",
            Severity::Verify,
        ),
        (
            "curl -X DELETE \"https://meili.example.com/indexes/products\"",
            Severity::Verify,
        ),
        (
            "http DELETE https://typesense.example.com/collections/products X-TYPESENSE-API-KEY:$KEY",
            Severity::Verify,
        ),
        (
            "curl -X POST https://chroma.internal:8000/api/v1/reset",
            Severity::Verify,
        ),
        (
            "curl -X POST \"https://milvus.internal:19530/v2/vectordb/collections/drop\" -d '{\"collectionName\":\"docs\"}'",
            Severity::Verify,
        ),
        (
            "curl -X POST \"https://idx-abc.svc.pinecone.io/vectors/delete\" -H \"Api-Key: $K\" -d '{\"deleteAll\": true, \"namespace\": \"main\"}'",
            Severity::Verify,
        ),
        (
            "curl -u guest:guest -X DELETE http://mq-main:15672/api/queues/%2F/invoices/contents",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://kafka-rest.internal:8082/v3/clusters/lkc-1/topics/payments",
            Severity::Verify,
        ),
        // VictoriaMetrics deletes on a GET too.
        (
            "curl -g 'http://victoria.internal:8428/api/v1/admin/tsdb/delete_series?match[]={__name__=~\".+\"}'",
            Severity::Verify,
        ),
        (
            "curl -X POST 'http://loki.internal:3100/loki/api/v1/delete?query={app=~\".+\"}&start=0'",
            Severity::Verify,
        ),
        (
            "curl -X POST \"https://influx.internal:8086/api/v2/delete?org=acme&bucket=main\" -d '{\"start\":\"1970-01-01T00:00:00Z\",\"stop\":\"2100-01-01T00:00:00Z\",\"predicate\":\"\"}'",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://arangodb.internal:8529/_api/database/shop",
            Severity::Verify,
        ),
        (
            "curl -X POST https://dgraph.internal:8080/alter -d '{\"drop_all\": true}'",
            Severity::Verify,
        ),
        (
            "curl -X DELETE 'https://myapp.firebaseio.com/.json'",
            Severity::Verify,
        ),
        (
            "curl -X POST https://eu1-x.upstash.io/flushall -H \"Authorization: Bearer $T\"",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn store_rest_apis_reading_go_ahead_and_bounded_deletes_are_confirmed() {
    expect_alone(&[
        (
            "curl -XPOST 'https://search.internal:9200/orders/_search' -d '{\"query\":{\"match_all\":{}}}'",
            ALLOW,
        ),
        (
            "curl 'http://solr-main:8983/solr/admin/collections?action=LIST'",
            ALLOW,
        ),
        (
            "curl -X POST \"https://milvus.internal:19530/v2/vectordb/collections/describe\" -d '{\"collectionName\":\"docs\"}'",
            ALLOW,
        ),
        (
            "curl -g 'http://victoria.internal:8428/api/v1/series?match[]={job=\"api\"}'",
            ALLOW,
        ),
        ("curl -u guest:guest http://mq-main:15672/api/queues", ALLOW),
        (
            "curl https://typesense.example.com/collections/products/documents/search?q=shoe",
            ALLOW,
        ),
        // A filter bounds the delete.
        (
            "curl -XPOST 'https://search.internal:9200/orders/_delete_by_query' -d '{\"query\":{\"range\":{\"ts\":{\"lt\":\"now-90d\"}}}}'",
            CONFIRM,
        ),
        (
            "curl -X POST \"https://idx-abc.svc.pinecone.io/vectors/delete\" -H \"Api-Key: $K\" -d '{\"ids\": [\"a1\"]}'",
            CONFIRM,
        ),
    ]);
}

#[test]
fn statements_in_one_dialects_own_words_are_read() {
    expect_at_least(&[
        (
            "clickhouse-client --host ch-main -q \"TRUNCATE DATABASE analytics\"",
            Severity::Verify,
        ),
        (
            "clickhouse-client -q \"DETACH DATABASE logs PERMANENTLY\"",
            Severity::Verify,
        ),
        (
            "mysql -h db-main -e \"ALTER TABLE orders ENGINE=BLACKHOLE\"",
            Severity::Verify,
        ),
        (
            "mysql -e \"ALTER TABLE orders DISCARD TABLESPACE\"",
            Severity::Verify,
        ),
        ("mysql -e \"RESET MASTER\"", Severity::Verify),
        (
            "db2 \"ALTER TABLE sales ACTIVATE NOT LOGGED INITIALLY WITH EMPTY TABLE\"",
            Severity::Verify,
        ),
        (
            "sqlcmd -S main -Q \"DBCC CHECKDB (Sales, REPAIR_ALLOW_DATA_LOSS)\"",
            Severity::Verify,
        ),
        (
            "sqlcmd -S main -Q \"EXEC sp_MSforeachtable 'DELETE FROM ?'\"",
            Severity::Verify,
        ),
        (
            "sqlcmd -S main -Q \"RESTORE DATABASE Sales FROM DISK='C:\\bak\\old.bak' WITH REPLACE\"",
            Severity::Verify,
        ),
        ("sqlcmd -S main -Q \"DELETE dbo.Orders\"", Severity::Verify),
        (
            "sqlplus -s sys/pw@main as sysdba <<< \"PURGE DBA_RECYCLEBIN;\"",
            Severity::Verify,
        ),
        (
            "spark-sql -e \"INSERT OVERWRITE TABLE main.events SELECT * FROM main.events WHERE 1=0\"",
            Severity::Verify,
        ),
        (
            "databricks sql -e \"VACUUM main.events RETAIN 0 HOURS\"",
            Severity::Verify,
        ),
        (
            "influx -execute \"DROP RETENTION POLICY autogen ON telegraf\"",
            Severity::Verify,
        ),
        (
            "snowsql -q \"CREATE OR REPLACE DATABASE analytics\"",
            Severity::Verify,
        ),
        (
            "cypher-shell -a neo4j://graph:7687 \"CREATE OR REPLACE DATABASE neo4j\"",
            Severity::Verify,
        ),
    ]);
    expect_alone(&[
        ("mysql -e \"ALTER TABLE orders ENGINE=InnoDB\"", ALLOW),
        (
            "sqlcmd -S main -Q \"DBCC CHECKDB (Sales) WITH NO_INFOMSGS\"",
            ALLOW,
        ),
        (
            "sqlcmd -S main -Q \"EXEC sp_MSforeachtable 'SELECT COUNT(*) FROM ?'\"",
            ALLOW,
        ),
        (
            "spark-sql -e \"INSERT INTO main.daily SELECT * FROM staging.daily\"",
            ALLOW,
        ),
        ("spark-sql -e \"VACUUM main.events\"", ALLOW),
        (
            "snowsql -q \"CREATE DATABASE IF NOT EXISTS analytics_dev\"",
            ALLOW,
        ),
        ("clickhouse-client -q \"SHOW CREATE TABLE events\"", ALLOW),
        // Bounded: one partition, selected rows, a partition overwritten from a query.
        (
            "clickhouse-client -q \"ALTER TABLE events TRUNCATE PARTITION '2024-01'\"",
            CONFIRM,
        ),
        (
            "sqlcmd -S main -Q \"DELETE dbo.Orders WHERE OrderId = 7\"",
            CONFIRM,
        ),
        (
            "spark-sql -e \"INSERT OVERWRITE TABLE main.daily PARTITION (dt='2024-01-01') SELECT * FROM staging.daily\"",
            CONFIRM,
        ),
    ]);
}

#[test]
fn redis_data_structures_emptied_are_verified() {
    expect_at_least(&[
        (
            "redis-cli -h cache-main LTRIM queue:jobs 1 0",
            Severity::Verify,
        ),
        (
            "redis-cli ZREMRANGEBYRANK leaderboard 0 -1",
            Severity::Verify,
        ),
        (
            "valkey-cli -h kv FT.DROPINDEX products DD",
            Severity::Verify,
        ),
        ("redis-cli GRAPH.DELETE social", Severity::Verify),
        ("keydb-cli XTRIM orders MAXLEN 0", Severity::Verify),
    ]);
    expect_alone(&[
        ("redis-cli ZRANGE leaderboard 0 -1 WITHSCORES", ALLOW),
        ("redis-cli LRANGE queue:jobs 0 -1", ALLOW),
        ("redis-cli XLEN orders", ALLOW),
        ("redis-cli XTRIM events MAXLEN ~ 100000", CONFIRM),
    ]);
}

/// What a reading word, a bounded form or a second command must not hide.
#[test]
fn a_read_or_a_bound_does_not_hide_a_destroy() {
    expect_at_least(&[
        // A read before the destroy on the same line.
        (
            "nats stream ls && nats stream purge ORDERS -f",
            Severity::Verify,
        ),
        (
            "rabbitmqadmin list queues; rabbitmqadmin purge queue name=orders",
            Severity::Verify,
        ),
        // A read option next to the destroy option.
        (
            "kafka-topics --bootstrap-server k:9092 --list --delete --topic orders",
            Severity::Verify,
        ),
        // A bounded clause and match_all in the same query: everything.
        (
            "curl -XPOST 'https://search.internal:9200/orders/_delete_by_query' -d '{\"query\":{\"bool\":{\"must\":{\"match_all\":{}}}}}'",
            Severity::Verify,
        ),
        // An empty filter is no filter.
        (
            "curl -X DELETE 'https://typesense.example.com/collections/products/documents?filter_by='",
            Severity::Verify,
        ),
        // A read statement first, the destroy second.
        (
            "clickhouse-client -q \"SELECT 1; DETACH TABLE events PERMANENTLY\"",
            Severity::Verify,
        ),
        (
            "sqlcmd -S main -Q \"SELECT 1; EXEC sp_MSforeachtable 'TRUNCATE TABLE ?'\"",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn store_clients_and_orms_deleting_everything_in_inline_code_are_verified() {
    expect_at_least(&[
        (
            "python -c \"import chromadb; chromadb.HttpClient(host='vec').delete_collection('docs')\"",
            Severity::Verify,
        ),
        (
            "python3 -c \"from pymilvus import utility; utility.drop_collection('docs')\"",
            Severity::Verify,
        ),
        (
            "node -e \"const {MeiliSearch}=require('meilisearch'); new MeiliSearch({host: H}).deleteIndex('movies')\"",
            Severity::Verify,
        ),
        (
            "python3 -c \"import boto3; boto3.client('sqs').purge_queue(QueueUrl=U)\"",
            Severity::Verify,
        ),
        (
            "python -c \"from pymongo import MongoClient; MongoClient(U).drop_database('shop')\"",
            Severity::Verify,
        ),
        (
            "ruby -e \"require './config/environment'; Order.delete_all\"",
            Severity::Verify,
        ),
    ]);
    expect_alone(&[
        (
            "python -c \"import chromadb; print(chromadb.HttpClient(host='vec').list_collections())\"",
            ALLOW,
        ),
        (
            "python3 -c \"from pymilvus import utility; print(utility.list_collections())\"",
            ALLOW,
        ),
        (
            "python3 -c \"import boto3; print(boto3.client('sqs').get_queue_attributes(QueueUrl=U))\"",
            ALLOW,
        ),
    ]);
    // Bounded by a `where`: this reader confirms (the reach reader raises it further for the
    // word `all` in the method's name).
    expect_at_least(&[(
        "ruby -e \"require './config/environment'; Order.where(id: 7).delete_all\"",
        Severity::Confirm,
    )]);
}
