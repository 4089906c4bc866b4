//! Warehouse unloads and table-format history: statements that send a table's rows to object
//! storage, or delete the versions a table can be rolled back to.
//!
//! An unload writes every row its query selects to a storage URL: Snowflake's and Databricks'
//! `COPY INTO 's3://...' FROM ...`, Redshift's `UNLOAD ('...') TO 's3://...'`, BigQuery's
//! `EXPORT DATA OPTIONS(uri='gs://...')`. Where the rows land decides the grade: through a
//! storage integration, an IAM role or a named stage the organization's administrators set up,
//! the bucket is the organization's own and a person confirms the copy; with access keys or a
//! SAS token written into the statement, the bucket is whoever owns those keys, and the table
//! leaves (stopped). An internal stage (`@%table`, `@~`) and a load (`COPY INTO table FROM`)
//! keep the rows in the warehouse and are not read here.
//!
//! Iceberg's maintenance procedures (`CALL cat.system.expire_snapshots(...)`,
//! `remove_orphan_files`) delete the snapshots and files a table's time travel and rollback
//! use: verified on a production table, confirmed elsewhere.
//!
//! Cost: one look at the statement's first word (and a `call`'s procedure name).

use crate::finding::{Family, Finding, Severity};
use crate::substring::has;

/// Storage URL schemes an unload writes to.
const STORAGE_SCHEMES: &[&str] = &[
    "s3://", "s3a://", "gs://", "gcs://", "azure://", "wasbs://", "abfss://", "r2://",
];

/// Secrets written into the statement itself (Snowflake's `CREDENTIALS=(AWS_KEY_ID=...)`,
/// Redshift's `ACCESS_KEY_ID ... SECRET_ACCESS_KEY`, a SAS token): not an integration the
/// organization set up.
const INLINE_KEYS: &[&str] = &[
    "aws_key_id",
    "aws_secret_key",
    "aws_token",
    "access_key_id",
    "secret_access_key",
    "session_token",
    "azure_sas_token",
    "sas_token",
    "account_key",
];

/// Whether a location is an object store's URL (`s3://`, `GCS://`).
fn storage_url(location: &str) -> bool {
    STORAGE_SCHEMES.iter().any(|scheme| {
        location
            .get(..scheme.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(scheme))
    })
}

/// Reads one statement.
pub fn judge(piece: &str, out: &mut Vec<Finding>) {
    let s = piece.trim_start();
    let first = s.split_whitespace().next().unwrap_or("");
    if first.eq_ignore_ascii_case("copy") || first.eq_ignore_ascii_case("unload") {
        unload(s, out);
    } else if first.eq_ignore_ascii_case("export") {
        export_data(s, out);
    } else if first.eq_ignore_ascii_case("call") {
        table_history(s, out);
    }
}

/// `COPY INTO <location> FROM ...` and `UNLOAD (...) TO '<location>'`.
fn unload(s: &str, out: &mut Vec<Finding>) {
    let mut words = s.split_whitespace();
    let lead = words.next().unwrap_or("");
    let destination = if lead.eq_ignore_ascii_case("copy") {
        if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("into")) {
            return;
        }
        // An unload copies FROM a table or query into the location.
        if !s.split_whitespace().any(|w| w.eq_ignore_ascii_case("from")) {
            return;
        }
        words.next()
    } else {
        // UNLOAD ('select ...') TO 'location': the first quoted word after a `to`.
        let mut after_to = s
            .split_whitespace()
            .skip_while(|w| !w.eq_ignore_ascii_case("to"));
        after_to.next();
        after_to.next()
    };
    let Some(destination) = destination else {
        return;
    };
    let location = destination.trim_matches(|c| c == '\'' || c == '"');
    if !storage_url(location) {
        // A table (a load), an internal stage (`@%t`, `@~`) or a named stage an administrator
        // defined: the rows stay where the organization put them.
        return;
    }
    push_unload(s, location, out);
}

/// BigQuery's `EXPORT DATA OPTIONS(uri='gs://...', ...) AS SELECT ...`.
fn export_data(s: &str, out: &mut Vec<Finding>) {
    let lower = s.to_ascii_lowercase();
    if !lower["export".len()..].trim_start().starts_with("data") {
        return;
    }
    let Some(at) = lower.find("uri") else { return };
    let value = lower[at + 3..]
        .trim_start_matches(|c: char| c.is_whitespace() || c == '=')
        .trim_start_matches(['\'', '"']);
    let end = value.find(['\'', '"', ',', ')']).unwrap_or(value.len());
    let location = &s[s.len() - value.len()..][..end];
    if storage_url(location) {
        push_unload(s, location, out);
    }
}

fn push_unload(s: &str, location: &str, out: &mut Vec<Finding>) {
    // Only an unload's statement gets here: its lower-cased copy costs nothing elsewhere.
    let lower = s.to_ascii_lowercase();
    let inline = INLINE_KEYS.iter().any(|k| has(&lower, k));
    out.push(if inline {
        crate::recognize::finding(
            Family::Exfiltration,
            "exfiltration.warehouse-unload",
            Severity::Stop,
            format!(
                "SQL unloads a table to {location} with access keys written inline: a bucket no \
                 integration of the organization's vouches for; the rows leave"
            ),
        )
    } else {
        crate::recognize::finding(
            Family::Database,
            "database.warehouse-unload",
            Severity::Confirm,
            format!("SQL unloads a table's rows to {location}, outside the warehouse"),
        )
    });
}

/// Iceberg's `CALL catalog.system.expire_snapshots(table => 'db.t', ...)` and
/// `remove_orphan_files`: the table's older versions are deleted.
fn table_history(s: &str, out: &mut Vec<Finding>) {
    let procedure = s.split_whitespace().nth(1).unwrap_or("");
    let name = procedure
        .split('(')
        .next()
        .unwrap_or("")
        .rsplit('.')
        .next()
        .unwrap_or("");
    let what = if name.eq_ignore_ascii_case("expire_snapshots") {
        "expires the table's snapshots: time travel and rollback to them are gone"
    } else if name.eq_ignore_ascii_case("remove_orphan_files") {
        "deletes the files no snapshot references: a write in progress or an older version's \
         files can go with them"
    } else {
        return;
    };
    let production = s
        .split(['\'', '"'])
        .skip(1)
        .step_by(2)
        .any(crate::recognize::containers::production);
    out.push(crate::recognize::finding(
        Family::Database,
        "database.table-history",
        if production {
            Severity::Verify
        } else {
            Severity::Confirm
        },
        format!("SQL {name}: {what}"),
    ));
}
