//! Data stores' destructive verbs by dialect: the command-line tools and the REST APIs of the
//! stores that are not SQL databases (queues and streams, key-value and coordination stores,
//! search and vector engines, time-series stores), of the hosted SQL services' own CLIs, and of
//! the schema-migration tools, each read by its own verbs from tables.
//!
//! # The model
//!
//! Every row names an operation on a store's **container of data** and what it does to it:
//! - **erases** a whole store (a database, keyspace, namespace, virtual host, cluster, project
//!   or index set, with everything in it): stopped;
//! - **deletes** one container's data (a topic, queue, stream, index, collection, table,
//!   bucket, a key prefix, a series), or all its contents (a purge, a truncate, a retention
//!   set to nothing, a delete without a filter): verified;
//! - **disrupts**: a bounded delete (one key, the documents a filter selects, a consumer
//!   group's offsets, a down migration), a container closed: a person confirms (a production
//!   name on the line makes it a delete).
//!
//! Reads (`list`, `describe`, `get`, `info`, `_search`, `_cat`, `query`) are in no table, so
//! they stay allowed. Nothing here lowers a verdict: a row either names an operation or stays
//! silent, and the other readers still read the line.
//!
//! The command-line rows use [`super::storage_ops`]'s reader (the same row format: a command
//! path, the options that make it, the options that make it worse). The HTTP rows are read
//! from a request [`super::http`] has taken apart: the method, the end of the path (a store's
//! API is mounted under any prefix: `/solr`, a tenant, a proxy), the query and the body.
//!
//! Facts come from each tool's own reference (its CLI help, its REST API reference) as written
//! there.

use super::storage_ops::{Deletes, Disrupts, Effect, Erases, Op, judge_ops, op};
use super::{Cmd, finding};
use crate::finding::{Family, Finding, Severity};

/// The program's table (`kafka-topics.sh` is `kafka-topics`).
fn table(program: &str) -> Option<&'static [Op]> {
    let p = program
        .strip_suffix(".sh")
        .or_else(|| program.strip_suffix(".bat"))
        .or_else(|| program.strip_suffix(".cmd"))
        .unwrap_or(program);
    Some(match p {
        // Queues and streams.
        "kafka-topics" => KAFKA_TOPICS,
        "kafka-delete-records" => KAFKA_DELETE_RECORDS,
        "kafka-configs" => KAFKA_CONFIGS,
        "kafka-consumer-groups" => KAFKA_CONSUMER_GROUPS,
        "kafka-streams-application-reset" => KAFKA_STREAMS_RESET,
        "rpk" => RPK,
        "kafkactl" => KAFKACTL,
        "confluent" => CONFLUENT,
        "rabbitmqctl" => RABBITMQCTL,
        "rabbitmqadmin" => RABBITMQADMIN,
        "artemis" => ARTEMIS,
        "activemq" => ACTIVEMQ,
        "nats" => NATS,
        "pulsar-admin" | "pulsarctl" => PULSAR,
        "celery" => CELERY,
        "rq" => RQ,
        // Key-value and coordination stores.
        "etcdctl" => ETCDCTL,
        "consul" => CONSUL,
        "zkcli" | "zookeeper-shell" | "zk-shell" => ZOOKEEPER,
        "asadm" | "asinfo" => AEROSPIKE,
        "fdbcli" => FDBCLI,
        "cbt" => CBT,
        "couchbase-cli" => COUCHBASE,
        // The common clients' forms their SQL or command readers do not see.
        "sqlite3" => SQLITE3,
        "redis-cli" | "valkey-cli" | "keydb-cli" => REDIS_CLI,

        // Search engines and log stores.
        "curator_cli" | "curator" => CURATOR,
        "splunk" => SPLUNK,
        "algolia" => ALGOLIA,
        // Time series.
        "influxdb3" => INFLUXDB3,
        // Hosted SQL services and warehouses' own CLIs.
        "bq" => BQ,
        "databricks" => DATABRICKS,
        "pscale" => PSCALE,
        "neonctl" | "neon" => NEON,
        "turso" => TURSO,
        "supabase" => SUPABASE,
        "edgedb" | "gel" => EDGEDB,
        "firebase" => FIREBASE,
        // Schema-migration tools: a reset or a full revert drops every table they made.
        "sqitch" => SQITCH,
        "goose" => GOOSE,
        "migrate" => GOLANG_MIGRATE,
        "dbmate" => DBMATE,
        "diesel" => DIESEL,
        "sqlx" => SQLX,
        "atlas" => ATLAS,
        "drizzle-kit" => DRIZZLE,
        "prisma" => PRISMA,
        // The big clouds' managed stores (their other deletes are the cloud reader's).
        "aws" => AWS,
        "az" => AZ,
        "gcloud" => GCLOUD,
        _ => return None,
    })
}

/// sqlite3's dot commands: `.restore` replaces the database's content with a backup's.
const SQLITE3: &[Op] = &[op(
    &[],
    Disrupts,
    "replaces the database's content with a backup's (.restore)",
)
.with(&[".restore*"])];

/// redis-cli: a replication change discards or splits the server's data. (Commands read from a
/// file, `--pipe < F`, are judged by the file's name: `reference_forms`.)
const REDIS_CLI: &[Op] = &[
    op(
        &[],
        Disrupts,
        "changes the server's replication: as a replica its data is replaced by the primary's, promoted it takes writes apart from its old primary",
    )
    .with(&["replicaof|slaveof"]),
];

const KAFKA_TOPICS: &[Op] = &[op(
    &[],
    Deletes,
    "deletes a Kafka topic and every message in it",
)
.with(&["--delete"])];

const KAFKA_DELETE_RECORDS: &[Op] = &[op(
    &[],
    Deletes,
    "deletes a topic's messages up to the offsets given",
)
.with(&["--offset-json-file"])];

/// A retention of (almost) nothing makes the broker delete the topic's messages: the usual
/// way to purge a topic.
const KAFKA_CONFIGS: &[Op] = &[op(
    &[],
    Deletes,
    "sets a topic's retention to almost nothing: the broker deletes its messages",
)
.with(&["--alter"])
.and(&[
    "*retention.ms=0",
    "*retention.ms=1",
    "*retention.ms=10",
    "*retention.ms=100",
    "*retention.ms=1000",
    "*retention.ms=0,*",
    "*retention.ms=1,*",
    "*retention.ms=1000,*",
    "*retention.bytes=0",
    "*retention.bytes=1",
    "*retention.bytes=0,*",
])];

const KAFKA_CONSUMER_GROUPS: &[Op] = &[
    op(&[], Disrupts, "deletes a consumer group and its offsets").with(&["--delete"]),
    op(
        &[],
        Disrupts,
        "moves a consumer group's offsets: messages are skipped or processed again",
    )
    .with(&["--reset-offsets"])
    .and(&["--execute"]),
];

const KAFKA_STREAMS_RESET: &[Op] = &[op(
    &[],
    Disrupts,
    "resets a streams application: its state and offsets start over",
)
.with(&["--application-id"])];

const RPK: &[Op] = &[
    op(
        &["topic", "delete|rm"],
        Deletes,
        "deletes topics and every message in them",
    )
    .worse(&["-r", "--regex"]),
    op(
        &["topic", "trim-prefix|trim"],
        Deletes,
        "deletes a topic's messages before an offset",
    ),
    op(&["group", "delete"], Disrupts, "deletes consumer groups"),
];

const KAFKACTL: &[Op] = &[
    op(
        &["delete", "topic|topics"],
        Deletes,
        "deletes topics and every message in them",
    ),
    op(
        &["delete", "records"],
        Deletes,
        "deletes a topic's messages",
    ),
    op(
        &["delete", "consumer-group*"],
        Disrupts,
        "deletes consumer groups",
    ),
];

const CONFLUENT: &[Op] = &[
    op(
        &["kafka", "topic", "delete"],
        Deletes,
        "deletes a topic and every message in it",
    ),
    op(
        &["kafka", "cluster", "delete"],
        Erases,
        "deletes a Kafka cluster with every topic in it",
    ),
    op(
        &["environment", "delete"],
        Erases,
        "deletes an environment with every cluster in it",
    ),
    op(
        &["schema-registry", "schema|subject", "delete"],
        Disrupts,
        "deletes schemas",
    )
    .worse(&["--permanent"]),
];

const RABBITMQCTL: &[Op] = &[
    op(
        &["reset|force_reset"],
        Erases,
        "returns the node to blank: every queue, message, user and virtual host on it is gone",
    ),
    op(
        &["delete_vhost"],
        Erases,
        "deletes a virtual host with every queue and message in it",
    ),
    op(
        &["delete_queue"],
        Deletes,
        "deletes a queue and every message in it",
    ),
    op(
        &["purge_queue"],
        Deletes,
        "deletes every message of a queue",
    ),
    op(
        &["delete_user|forget_cluster_node|clear_permissions"],
        Disrupts,
        "removes access or a cluster member",
    ),
];

const RABBITMQADMIN: &[Op] = &[
    op(
        &["delete", "vhost"],
        Erases,
        "deletes a virtual host with every queue and message in it",
    ),
    op(
        &["vhosts", "delete"],
        Erases,
        "deletes a virtual host with every queue and message in it",
    ),
    op(
        &["delete|purge", "queue"],
        Deletes,
        "deletes a queue's messages (and the queue)",
    ),
    op(
        &["queues", "delete|purge"],
        Deletes,
        "deletes a queue's messages (and the queue)",
    ),
    op(
        &[
            "delete",
            "exchange|binding|policy|user|shovel|federation-upstream",
        ],
        Disrupts,
        "deletes a broker definition",
    ),
];

const ARTEMIS: &[Op] = &[
    op(
        &["queue", "delete|purge"],
        Deletes,
        "deletes a queue's messages (and the queue)",
    ),
    op(
        &["address", "delete"],
        Deletes,
        "deletes an address and its queues",
    ),
];

const ACTIVEMQ: &[Op] = &[op(
    &["purge"],
    Deletes,
    "deletes every message of the queues",
)];

const NATS: &[Op] = &[
    op(
        &["stream|str", "rm|del|delete|remove|purge"],
        Deletes,
        "deletes a JetStream stream's messages (and the stream)",
    ),
    op(
        &["kv", "rm|del|delete|purge"],
        Deletes,
        "deletes a key-value bucket or its keys",
    ),
    op(
        &["object|obj", "rm|del|delete"],
        Deletes,
        "deletes an object store bucket or its objects",
    ),
    op(
        &["consumer|con", "rm|del|delete"],
        Disrupts,
        "deletes a stream consumer and its position",
    ),
];

const PULSAR: &[Op] = &[
    op(
        &["tenants|tenant", "delete"],
        Erases,
        "deletes a tenant with every namespace and topic in it",
    ),
    op(
        &["namespaces|namespace", "delete"],
        Erases,
        "deletes a namespace with every topic in it",
    ),
    op(
        &[
            "topics|topic",
            "delete|delete-partitioned-topic|truncate|truncate-partitioned-topic",
        ],
        Deletes,
        "deletes a topic's messages (and the topic)",
    ),
    op(
        &["topics|topic", "clear-backlog|skip-all|skip|unsubscribe"],
        Disrupts,
        "skips a subscription's unread messages",
    ),
];

const CELERY: &[Op] = &[op(
    &["purge"],
    Deletes,
    "deletes every waiting task from the broker's queues",
)];

const RQ: &[Op] = &[op(&["empty"], Deletes, "deletes every job of the queues")];

const ETCDCTL: &[Op] = &[
    op(&["del"], Deletes, "deletes every key under the prefix")
        .with(&["--prefix", "--from-key"])
        .worse(&["", "/", "\\0"]),
    op(&["del"], Disrupts, "deletes a key"),
    op(
        &["compaction"],
        Disrupts,
        "discards every revision before the one given: the keys' history is gone",
    ),
];

const CONSUL: &[Op] = &[
    op(
        &["kv", "delete"],
        Deletes,
        "deletes every key under the prefix",
    )
    .with(&["-recurse", "--recurse"]),
    op(&["kv", "delete"], Disrupts, "deletes a key"),
    op(
        &["snapshot", "restore"],
        Deletes,
        "replaces the cluster's whole state with a snapshot's",
    ),
];

const ZOOKEEPER: &[Op] = &[
    op(
        &["deleteall|rmr"],
        Disrupts,
        "deletes a znode and everything under it",
    )
    .worse(&["/"]),
    op(&["delete"], Disrupts, "deletes a znode"),
];

const AEROSPIKE: &[Op] = &[
    op(
        &[],
        Erases,
        "truncates a whole namespace: every record in it",
    )
    .with(&["truncate-namespace*"]),
    op(&[], Deletes, "truncates a set: every record in it")
        .with(&["*manage truncate*", "truncate:*"]),
];

const FDBCLI: &[Op] = &[
    op(&[], Deletes, "clears a range of keys").with(&["*clearrange*"]),
    op(&[], Disrupts, "clears a key").with(&["*writemode on*clear *"]),
];

const CBT: &[Op] = &[
    op(
        &["deleteinstance"],
        Erases,
        "deletes a Bigtable instance with every table in it",
    ),
    op(
        &["deletetable|deleteallrows|deletefamily|deletecluster"],
        Deletes,
        "deletes a Bigtable table's data",
    ),
    op(&["deleterow"], Disrupts, "deletes a row"),
];

const COUCHBASE: &[Op] = &[
    op(
        &["bucket-delete|bucket-flush"],
        Erases,
        "deletes every document of a bucket",
    ),
    op(
        &["collection-manage"],
        Deletes,
        "drops a scope or collection with its documents",
    )
    .with(&["--drop-scope", "--drop-collection"]),
];

const CURATOR: &[Op] = &[
    op(
        &["delete_indices|delete_snapshots"],
        Deletes,
        "deletes the indices (or snapshots) its filter selects",
    ),
    op(&["close"], Disrupts, "closes indices"),
];

const SPLUNK: &[Op] = &[
    op(&["clean"], Deletes, "deletes indexed event data").worse(&["all"]),
    op(
        &["remove", "index"],
        Deletes,
        "deletes an index and its events",
    ),
];

const ALGOLIA: &[Op] = &[
    op(
        &["indices|index", "delete|clear"],
        Deletes,
        "deletes an index's records (and the index)",
    ),
    op(&["objects", "delete"], Disrupts, "deletes records"),
];

const INFLUXDB3: &[Op] = &[
    op(
        &["delete", "database|db"],
        Erases,
        "deletes a database with every table in it",
    ),
    op(
        &["delete", "table"],
        Deletes,
        "deletes a table and its points",
    ),
];

const BQ: &[Op] = &[
    op(&["rm"], Erases, "deletes a dataset with every table in it").with(&["-r", "--recursive"]),
    op(&["rm"], Deletes, "deletes a table, view or dataset"),
    op(
        &["load|cp"],
        Disrupts,
        "overwrites the destination table's rows",
    )
    .with(&["--replace", "-f", "--force"]),
];

const DATABRICKS: &[Op] = &[
    op(
        &["catalogs|schemas", "delete"],
        Erases,
        "deletes a catalog or schema with every table in it",
    ),
    op(
        &["tables|volumes", "delete"],
        Deletes,
        "deletes a table or volume and its data",
    ),
];

const PSCALE: &[Op] = &[
    op(
        &["database|db", "delete"],
        Erases,
        "deletes a PlanetScale database with every branch",
    ),
    op(
        &["branch", "delete"],
        Disrupts,
        "deletes a database branch and its data",
    ),
];

const NEON: &[Op] = &[
    op(
        &["projects|project|databases|database|db", "delete"],
        Erases,
        "deletes a Neon project or database with its data",
    ),
    op(
        &["branches|branch", "delete|reset|restore"],
        Deletes,
        "deletes or overwrites a database branch's data",
    ),
];

const TURSO: &[Op] = &[op(
    &["db|database|group", "destroy"],
    Erases,
    "destroys a database (or a group's databases) with its data",
)];

const SUPABASE: &[Op] = &[
    op(
        &["db", "reset"],
        Erases,
        "resets the remote database: every table is dropped and recreated",
    )
    .with(&["--linked", "--db-url"]),
    op(
        &["projects", "delete"],
        Erases,
        "deletes a project with its database",
    ),
    op(
        &["branches", "delete"],
        Deletes,
        "deletes a preview branch with its database",
    ),
];

const EDGEDB: &[Op] = &[
    op(
        &["database|branch", "wipe|drop"],
        Erases,
        "drops or wipes a database: every object in it",
    ),
    op(
        &["instance", "destroy"],
        Erases,
        "destroys an instance with its data",
    ),
];

const FIREBASE: &[Op] = &[
    op(
        &["firestore:delete"],
        Deletes,
        "deletes Firestore documents",
    ),
    op(
        &["database:remove"],
        Deletes,
        "deletes a Realtime Database path and everything under it",
    ),
];

const SQITCH: &[Op] = &[op(
    &["revert"],
    Deletes,
    "reverts deployed changes (all of them unless --to says otherwise): their tables and data are dropped",
)];

const GOOSE: &[Op] = &[
    op(
        &["reset"],
        Deletes,
        "rolls back every migration: the tables they made are dropped",
    ),
    op(
        &["down-to"],
        Deletes,
        "rolls back every migration: the tables they made are dropped",
    )
    .with(&["0"]),
    op(
        &["down|down-to|redo"],
        Disrupts,
        "rolls migrations back (a down migration may drop tables)",
    ),
];

const GOLANG_MIGRATE: &[Op] = &[
    op(&["drop"], Erases, "drops everything in the database"),
    op(
        &["down"],
        Deletes,
        "applies every down migration: the tables they made are dropped",
    )
    .with(&["-all", "--all"]),
];

const DBMATE: &[Op] = &[
    op(&["drop"], Erases, "drops the database"),
    op(
        &["rollback|down"],
        Disrupts,
        "rolls the last migration back",
    ),
];

const DIESEL: &[Op] = &[
    op(
        &["database", "reset|drop"],
        Erases,
        "drops the database (and recreates it empty)",
    ),
    op(&["migration", "revert"], Deletes, "reverts every migration").with(&["--all"]),
    op(
        &["migration", "revert|redo"],
        Disrupts,
        "rolls a migration back",
    ),
];

const SQLX: &[Op] = &[
    op(
        &["database|db", "drop|reset"],
        Erases,
        "drops the database (and recreates it empty)",
    ),
    op(&["migrate", "revert"], Disrupts, "rolls a migration back"),
];

const ATLAS: &[Op] = &[op(
    &["schema", "clean"],
    Erases,
    "drops every object in the schema",
)];

const DRIZZLE: &[Op] = &[op(
    &["push"],
    Deletes,
    "applies schema changes with data loss approved in advance",
)
.with(&["--force"])];

const PRISMA: &[Op] = &[op(
    &["db", "push"],
    Deletes,
    "applies the schema with data loss accepted: columns and tables it drops lose their data",
)
.with(&["--accept-data-loss"])];

const AWS: &[Op] = &[
    op(
        &[
            "timestream-write|keyspaces|glue|qldb",
            "delete-database|delete-keyspace|delete-ledger",
        ],
        Erases,
        "deletes a database with every table in it",
    ),
    op(
        &[
            "opensearch|es|kafka|redshift|neptune|docdb|redshift-serverless",
            "delete-domain|delete-elasticsearch-domain|delete-cluster|delete-cluster-v2|delete-db-cluster|delete-namespace",
        ],
        Erases,
        "deletes a managed data store with all its data",
    ),
    op(
        &[
            "sqs|kinesis|timestream-write|keyspaces|glue|mq|memorydb",
            "delete-queue|purge-queue|delete-stream|delete-table|delete-broker|delete-cluster",
        ],
        Deletes,
        "deletes a queue, stream or table and its data",
    ),
    op(
        &[
            "elasticache",
            "delete-cache-cluster|delete-replication-group|delete-serverless-cache",
        ],
        Deletes,
        "deletes a cache cluster and its data",
    ),
];

const AZ: &[Op] = &[
    op(
        &["servicebus|eventhubs", "namespace", "delete"],
        Erases,
        "deletes a messaging namespace with every queue and topic in it",
    ),
    op(
        &["servicebus|eventhubs", "queue|topic|eventhub", "delete"],
        Deletes,
        "deletes a queue, topic or event hub and its messages",
    ),
    op(
        &["storage", "message", "clear"],
        Deletes,
        "deletes every message of a storage queue",
    ),
    op(
        &["cosmosdb", "*", "database|keyspace", "delete"],
        Erases,
        "deletes a Cosmos DB database with every container in it",
    ),
    op(
        &[
            "cosmosdb",
            "*",
            "container|table|collection|graph",
            "delete",
        ],
        Deletes,
        "deletes a Cosmos DB container and its items",
    ),
    op(
        &["kusto", "database|cluster", "delete"],
        Erases,
        "deletes a Data Explorer database or cluster",
    ),
];

const GCLOUD: &[Op] = &[
    op(
        &[
            "bigtable|spanner|firestore|alloydb",
            "instances|databases|clusters",
            "delete",
        ],
        Erases,
        "deletes a database or instance with all its data",
    ),
    op(
        &["bigtable", "instances", "tables", "delete"],
        Deletes,
        "deletes a Bigtable table",
    ),
    op(
        &["pubsub", "topics", "delete"],
        Deletes,
        "deletes a Pub/Sub topic: its subscriptions stop receiving",
    ),
    op(
        &["firestore", "bulk-delete"],
        Deletes,
        "deletes every document of the collections",
    ),
];

/// The store tools' operations on this command: its program's table (the strictest row that
/// matches), and `dolt sql -q` (Dolt's name is an English word, so the statement carriers'
/// reader passes it over).
pub fn judge(cmd: &Cmd<'_>, out: &mut Vec<Finding>) {
    if cmd.program == "dolt" && cmd.args.first().is_some_and(|a| a == "sql") {
        if let Some(q) = cmd.value(&["-q", "--query"]) {
            out.extend(crate::sql::judge_sql(q));
        }
        return;
    }
    if let Some(ops) = table(cmd.program) {
        judge_ops(cmd, cmd.program, ops, Family::Database, out);
    }
}

/// One destructive endpoint of a store's REST API.
struct Endpoint {
    /// The methods (upper case, `|`-separated) that make it; a `GET` is listed where the API
    /// destroys on one (Solr's Collections API, VictoriaMetrics' delete).
    methods: &'static str,
    /// The end of the path, segment by segment: a `|`-list of spellings (any case), `{}` for
    /// any one segment (a name).
    tail: &'static [&'static str],
    /// One of these must be in the query or body (lower case; empty: none needed).
    needs: &'static [&'static str],
    /// One of these in the query or body bounds the operation (a filter, a time range): one
    /// tier milder.
    bounded: &'static [&'static str],
    /// One of these in the path, query or body reaches everything: one tier worse (`*`: a
    /// wildcard in a path segment).
    everything: &'static [&'static str],
    /// For a path shape other APIs share: one of these must be a word of the host or its port
    /// (empty: the shape is the store's own).
    hosts: &'static [&'static str],
    effect: Effect,
    what: &'static str,
}

const fn ep(
    methods: &'static str,
    tail: &'static [&'static str],
    effect: Effect,
    what: &'static str,
) -> Endpoint {
    Endpoint {
        methods,
        tail,
        needs: &[],
        bounded: &[],
        everything: &[],
        hosts: &[],
        effect,
        what,
    }
}

impl Endpoint {
    const fn needs(self, needs: &'static [&'static str]) -> Endpoint {
        Endpoint { needs, ..self }
    }
    const fn bounded(self, bounded: &'static [&'static str]) -> Endpoint {
        Endpoint { bounded, ..self }
    }
    const fn everything(self, everything: &'static [&'static str]) -> Endpoint {
        Endpoint { everything, ..self }
    }
    const fn hosts(self, hosts: &'static [&'static str]) -> Endpoint {
        Endpoint { hosts, ..self }
    }
}

/// A matcher, a filter or a selection that reaches every item (PromQL's `=~".+"`, a
/// `match_all` query, Solr's `*:*`, an empty filter object).
const EVERYTHING: &[&str] = &[
    "=~\".+\"",
    "=~\".*\"",
    "=~'.+'",
    "=~'.*'",
    "=~.+",
    "=~.*",
    "!=\"\"",
    "match_all",
    "*:*",
    "\"filter\":{}",
    "\"filter\": {}",
    "deleteall\":true",
    "deleteall\": true",
    "selection=true",
];

/// Filters written empty: they select everything.
const EMPTY_FILTERS: &[&str] = &[
    "\"predicate\":\"\"",
    "\"predicate\": \"\"",
    "filter_by=&",
    "filter_by=\n",
    "filter=&",
    "filter=\n",
];

/// Hosts and ports of the search and vector engines whose paths other APIs share
/// (`/indexes/x`, `/collections/x`).
const SEARCH_HOSTS: &[&str] = &[
    "meili",
    "meilisearch",
    "typesense",
    "qdrant",
    "chroma",
    "chromadb",
    "pinecone",
    "marqo",
    "weaviate",
    "milvus",
    "vector",
    "vectors",
    "vectordb",
    "search",
    "7700",
    "8108",
    "6333",
    "6334",
    "8000",
    "19530",
];

/// Hosts and ports of InfluxDB.
const INFLUX_HOSTS: &[&str] = &["influx", "influxdb", "8086", "8181"];

/// The destructive endpoints of the stores' REST APIs, from their API references.
const ENDPOINTS: &[Endpoint] = &[
    // Elasticsearch / OpenSearch.
    ep(
        "POST",
        &["{}", "_delete_by_query"],
        Deletes,
        "deletes every document the query matches",
    )
    .bounded(&[
        "\"term",
        "\"terms",
        "\"range",
        "\"match\"",
        "\"ids",
        "\"bool",
    ])
    .everything(&["match_all", "_all", "*"]),
    ep(
        "DELETE",
        &["_data_stream|_index_template|_snapshot", "{}", "{}"],
        Deletes,
        "deletes a snapshot (a backup of the indices)",
    ),
    ep(
        "DELETE",
        &["_data_stream", "{}"],
        Deletes,
        "deletes a data stream with its backing indices",
    ),
    ep(
        "POST",
        &["{}", "_close"],
        Disrupts,
        "closes an index: nothing can read or write it",
    ),
    // Solr: the Collections and Core Admin APIs act on a GET.
    ep(
        "GET|POST",
        &["admin", "collections"],
        Deletes,
        "deletes a collection and its index",
    )
    .needs(&["action=delete"]),
    ep(
        "GET|POST",
        &["admin", "cores"],
        Deletes,
        "unloads a core and deletes its index",
    )
    .needs(&[
        "deleteindex=true",
        "deletedatadir=true",
        "deleteinstancedir=true",
    ]),
    // Meilisearch, Typesense, Qdrant, Chroma, Pinecone, Marqo: an index or collection by name.
    ep(
        "DELETE",
        &["indexes|collections", "{}"],
        Deletes,
        "deletes an index or collection and every document in it",
    )
    .hosts(SEARCH_HOSTS),
    ep(
        "DELETE",
        &["indexes|collections", "{}", "documents"],
        Deletes,
        "deletes the documents of an index or collection",
    )
    .bounded(&["filter_by=", "filter="])
    .hosts(SEARCH_HOSTS),
    ep(
        "POST",
        &["indexes", "{}", "documents", "delete|delete-batch"],
        Disrupts,
        "deletes the documents a filter or list selects",
    ),
    ep(
        "POST",
        &["collections", "{}", "points", "delete"],
        Disrupts,
        "deletes the points a filter selects",
    )
    .everything(&["\"filter\":{}", "\"filter\": {}"]),
    ep("POST", &["vectors", "delete"], Disrupts, "deletes vectors")
        .everything(&["deleteall\":true", "deleteall\": true"]),
    ep(
        "POST|PUT",
        &["api", "v1|v2", "reset"],
        Erases,
        "resets the vector store: every collection is gone",
    )
    .hosts(SEARCH_HOSTS),
    ep(
        "DELETE",
        &["tenants", "{}", "databases", "{}"],
        Erases,
        "deletes a database with every collection in it",
    )
    .hosts(SEARCH_HOSTS),
    // Weaviate.
    ep(
        "DELETE",
        &["v1", "schema", "{}"],
        Deletes,
        "deletes a class and every object in it",
    ),
    // Milvus (REST v2).
    ep(
        "POST",
        &["vectordb", "databases", "drop"],
        Erases,
        "drops a database with every collection in it",
    ),
    ep(
        "POST",
        &["vectordb", "collections|partitions", "drop"],
        Deletes,
        "drops a collection and its entities",
    ),
    ep(
        "POST",
        &["vectordb", "entities", "delete"],
        Disrupts,
        "deletes the entities a filter selects",
    ),
    // Vespa: a selection over the document API deletes every document it matches.
    ep(
        "DELETE",
        &["document", "v1", "{}", "{}", "docid"],
        Deletes,
        "deletes every document the selection matches",
    )
    .needs(&["selection="]),
    // ArangoDB.
    ep(
        "DELETE",
        &["_api", "database", "{}"],
        Erases,
        "drops a database with every collection in it",
    ),
    ep(
        "DELETE",
        &["_api", "collection", "{}"],
        Deletes,
        "drops a collection and its documents",
    ),
    ep(
        "PUT",
        &["_api", "collection", "{}", "truncate"],
        Deletes,
        "empties a collection",
    ),
    // RabbitMQ's management API.
    ep(
        "DELETE",
        &["api", "vhosts", "{}"],
        Erases,
        "deletes a virtual host with every queue and message in it",
    ),
    ep(
        "DELETE",
        &["api", "queues", "{}", "{}"],
        Deletes,
        "deletes a queue and its messages",
    ),
    ep(
        "DELETE",
        &["api", "queues", "{}", "{}", "contents"],
        Deletes,
        "purges every message of a queue",
    ),
    // Kafka's REST API (Confluent REST Proxy v3, Confluent Cloud).
    ep(
        "DELETE",
        &["clusters", "{}", "topics", "{}"],
        Deletes,
        "deletes a topic and every message in it",
    ),
    // Prometheus and VictoriaMetrics (which deletes on a GET too), Loki.
    ep(
        "GET|POST|PUT",
        &["admin", "tsdb", "delete_series"],
        Deletes,
        "deletes the matching series over all time",
    )
    .bounded(&["start=", "end="])
    .everything(EVERYTHING),
    ep(
        "POST|PUT",
        &["admin", "tsdb", "clean_tombstones"],
        Disrupts,
        "removes deleted series from disk for good",
    ),
    ep(
        "POST|PUT",
        &["loki", "api", "v1", "delete"],
        Deletes,
        "deletes the log lines the query matches",
    )
    .everything(EVERYTHING),
    // InfluxDB 2 and 3.
    ep(
        "POST",
        &["api", "v2", "delete"],
        Deletes,
        "deletes a bucket's points in a time range",
    )
    .bounded(&["predicate"])
    .hosts(INFLUX_HOSTS),
    ep(
        "DELETE",
        &["api", "v2", "orgs", "{}"],
        Erases,
        "deletes an organization with every bucket in it",
    )
    .hosts(INFLUX_HOSTS),
    ep(
        "DELETE",
        &["api", "v2", "buckets", "{}"],
        Deletes,
        "deletes a bucket and its points",
    )
    .hosts(INFLUX_HOSTS),
    ep(
        "DELETE",
        &["api", "v3", "configure", "database"],
        Erases,
        "deletes a database with every table in it",
    ),
    ep(
        "DELETE",
        &["api", "v3", "configure", "table"],
        Deletes,
        "deletes a table and its points",
    ),
    // etcd's gRPC gateway: a range whose end is `\0` (`AA==`) is every key.
    ep(
        "POST",
        &["v3", "kv", "deleterange"],
        Disrupts,
        "deletes a range of keys",
    )
    .everything(&["aa=="]),
    // Dgraph: `drop_all` (or `drop_op: DATA`) deletes every node.
    ep(
        "POST",
        &["alter"],
        Erases,
        "drops every node and edge of the graph",
    )
    .needs(&[
        "\"drop_all\":true",
        "\"drop_all\": true",
        "\"drop_op\":\"data\"",
        "\"drop_op\": \"data\"",
        "\"drop_op\":\"all\"",
        "\"drop_op\": \"all\"",
    ]),
    // Splunk's management API, Algolia.
    ep(
        "DELETE",
        &["services", "data", "indexes", "{}"],
        Deletes,
        "deletes an index and its events",
    ),
    ep(
        "POST",
        &["indexes", "{}", "clear"],
        Deletes,
        "deletes every record of the index",
    ),
    // Upstash's REST API runs Redis commands by path.
    ep(
        "GET|POST",
        &["flushall|flushdb"],
        Erases,
        "deletes every key of the database",
    ),
    // The MongoDB Atlas Data API.
    ep(
        "POST",
        &["action", "deleteMany"],
        Disrupts,
        "deletes the documents the filter selects",
    )
    .everything(&["\"filter\":{}", "\"filter\": {}"]),
];

/// Whether one segment is one of a `|`-list of spellings (`{}`: any segment).
fn segment_is(want: &str, seg: &str) -> bool {
    want == "{}" || want.split('|').any(|w| w.eq_ignore_ascii_case(seg))
}

/// Judges a request to a store's REST API: `method` upper case, `path` decoded, `query` and
/// `bodies` as sent. The host is not loopback (local services are the developer's own).
#[allow(clippy::too_many_arguments)]
pub fn request(
    program: &str,
    method: &str,
    host: &str,
    port: &str,
    path: &str,
    query: &str,
    bodies: &[&str],
    url: &str,
    out: &mut Vec<Finding>,
) {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    // Firebase's Realtime Database: a DELETE of a path's `.json`, the root's being all of it.
    if method == "DELETE"
        && (host.ends_with(".firebaseio.com") || host.ends_with(".firebasedatabase.app"))
    {
        let root = matches!(segments.as_slice(), [".json"] | []);
        out.push(finding(
            Family::Database,
            "database.store-delete",
            if root && super::containers::production(host) {
                Severity::Stop
            } else {
                Severity::Verify
            },
            format!(
                "{program} DELETE {url}: deletes {} of the Realtime Database",
                if root {
                    "everything"
                } else {
                    "a path and everything under it"
                }
            ),
        ));
        return;
    }
    let mut text = String::new();
    for t in std::iter::once(query).chain(bodies.iter().copied()) {
        text.push_str(&t.to_ascii_lowercase());
        text.push('\n');
    }
    for e in ENDPOINTS {
        if !e.methods.split('|').any(|m| m == method) || segments.len() < e.tail.len() {
            continue;
        }
        let tail = &segments[segments.len() - e.tail.len()..];
        if !e.tail.iter().zip(tail).all(|(w, s)| segment_is(w, s)) {
            continue;
        }
        if !e.needs.is_empty() && !e.needs.iter().any(|n| text.contains(n)) {
            continue;
        }
        if !e.hosts.is_empty()
            && !e.hosts.iter().any(|h| {
                *h == port
                    || host
                        .split(|c: char| !c.is_ascii_alphanumeric())
                        .any(|w| w.eq_ignore_ascii_case(h))
            })
        {
            continue;
        }
        let everything = e.everything.iter().any(|k| {
            if *k == "*" {
                tail.iter().any(|s| s.contains('*'))
            } else {
                text.contains(k) || tail.iter().any(|s| s.eq_ignore_ascii_case(k))
            }
        });
        // An empty filter bounds nothing (`"predicate": ""`, `filter_by=`).
        let bounded = e.bounded.iter().any(|k| text.contains(k))
            && !EMPTY_FILTERS.iter().any(|k| text.contains(k));
        let effect = match (everything, bounded, e.effect) {
            (true, _, Disrupts) => Deletes,
            (true, _, _) => Erases,
            (false, true, Deletes) => Disrupts,
            (_, _, effect) => effect,
        };
        let effect = if effect == Disrupts && super::containers::production(host) {
            Deletes
        } else {
            effect
        };
        let severity = match effect {
            Erases if !super::containers::production(host) => Severity::Verify,
            Erases => Severity::Stop,
            Deletes => Severity::Verify,
            Disrupts => Severity::Confirm,
        };
        let code = match effect {
            Erases => "database.store-erase",
            Deletes => "database.store-delete",
            Disrupts => "database.store-disrupt",
        };
        out.push(finding(
            Family::Database,
            code,
            severity,
            format!(
                "{program} {method} {}: {}{}",
                crate::cut(url, 100),
                e.what,
                if everything { " (all of them)" } else { "" }
            ),
        ));
        return;
    }
}

/// A store client library's call that destroys a whole container of data, by its method name
/// (any language's spelling: `delete_collection`, `deleteCollection`), and the ORMs' deletes of
/// every row (`User.delete_all`, `Model.objects.all().delete()`): a table's `DELETE` without
/// `WHERE`, written in the framework's dialect.
const CLIENT_CALLS: &[(&str, Effect, &str)] = &[
    ("dropdatabase", Erases, "drops a whole database"),
    ("deletedatabase", Erases, "deletes a whole database"),
    ("flushall", Erases, "deletes every key of every database"),
    ("flushdb", Erases, "deletes every key of the database"),
    (
        "deletecollection",
        Deletes,
        "deletes a collection and its documents",
    ),
    (
        "dropcollection",
        Deletes,
        "drops a collection and its documents",
    ),
    ("deleteindex", Deletes, "deletes an index and its documents"),
    // An index dropped (MongoDB's `dropIndex`, RediSearch's without its documents): a
    // definition, rebuilt from the data.
    ("dropindex", Disrupts, "drops an index"),
    ("deletetopics", Deletes, "deletes topics and their messages"),
    ("deletetable", Deletes, "deletes a table and its rows"),
    ("droptable", Deletes, "drops a table and its rows"),
    ("deletedataset", Deletes, "deletes a dataset"),
    ("purgequeue", Deletes, "deletes every message of a queue"),
    (
        "deletealldocuments",
        Deletes,
        "deletes every document of an index",
    ),
    ("clearobjects", Deletes, "deletes every record of an index"),
];

/// Reads inline code for [`CLIENT_CALLS`] and the ORMs' delete-everything forms.
pub fn client_calls(body: &str, out: &mut Vec<Finding>) {
    let mut seen = 0;
    for (open, _) in body.match_indices('(') {
        let start = crate::substring::after_last(&body[..open], |c: char| {
            !(c.is_ascii_alphanumeric() || c == '_')
        });
        let name = &body[start..open];
        // Every name in the table starts with one of these letters: most calls end here.
        if name.len() < 7
            || name.len() > 24
            || !name
                .bytes()
                .next()
                .is_some_and(|c| matches!(c | 0x20, b'd' | b'f' | b'p' | b'c'))
        {
            continue;
        }
        seen += 1;
        if seen > 64 {
            break;
        }
        let mut buf = [0_u8; 24];
        let mut n = 0;
        for b in name.bytes().filter(|b| *b != b'_') {
            buf[n] = b.to_ascii_lowercase();
            n += 1;
        }
        let Some(&(_, effect, what)) = CLIENT_CALLS
            .iter()
            .find(|(k, _, _)| k.as_bytes() == &buf[..n])
        else {
            continue;
        };
        push_call(name, effect, what, body, out);
    }
    // An ORM's delete of every row: ActiveRecord's `delete_all` / `destroy_all` on a model
    // (bounded by a `where` before it), Django's `objects.all().delete()`.
    for form in [".delete_all", ".destroy_all", ".objects.all().delete("] {
        for (at, _) in body.match_indices(form) {
            let chain_start = body[..at].rfind([';', '\n', '{', '|']).map_or(0, |k| k + 1);
            let chain = &body[chain_start..at];
            let bounded = [".where(", ".filter(", ".find(", ".find_by", ".limit("]
                .iter()
                .any(|w| chain.contains(w));
            let (effect, what) = if bounded {
                (Disrupts, "deletes the rows the query selects")
            } else {
                (Deletes, "deletes every row of the table")
            };
            push_call(form.trim_start_matches('.'), effect, what, body, out);
        }
    }
}

fn push_call(name: &str, effect: Effect, what: &str, body: &str, out: &mut Vec<Finding>) {
    let (code, severity) = match effect {
        Erases if super::containers::production(body) => ("database.store-erase", Severity::Stop),
        Erases => ("database.store-erase", Severity::Verify),
        Deletes => ("database.store-delete", Severity::Verify),
        Disrupts => ("database.store-disrupt", Severity::Confirm),
    };
    out.push(finding(
        Family::Database,
        code,
        severity,
        format!("inline code calls {name}: {what}"),
    ));
}
