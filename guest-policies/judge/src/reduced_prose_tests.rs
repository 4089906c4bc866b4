//! Plain language reduced to its action before it is read (holdout7 analysis G6,
//! [`crate::prose`]'s `reduce`): discourse openers, trailing relative clauses, "over what X
//! pushed", small counts, the command verbs people type in a sentence (`rm`, "scale ... to
//! zero", `revert`, "reply on <account>"), an unknown concrete noun after a destroy verb read as
//! a resource, and "shared" as a shared environment next to "dev". The near misses first: a
//! reduction only adds a reading, and these must stay as they were. The dangerous phrasings are
//! this file's own (none is a line of a held-back set).

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect};

#[test]
fn words_around_a_harmless_request_stay_harmless() {
    expect(&[
        // A relative clause after a question word or a mention verb.
        (
            "explain what the cleanup job you just wrote deletes",
            &[],
            ALLOW,
        ),
        ("summarize what Priya pushed this morning", &[], ALLOW),
        (
            "show me the diff over what Jonas pushed yesterday",
            &[],
            ALLOW,
        ),
        ("review the migration you just wrote", &[], ALLOW),
        // Counts of things read or listed.
        ("list the last two migrations", &[], ALLOW),
        ("show the 3 oldest snapshots", &[], ALLOW),
        (
            "print the first five lines of the log you just tailed",
            &[],
            ALLOW,
        ),
        // An opener before a harmless request.
        (
            "we're low on disk: just show me what uses space under /var/lib/docker",
            &[],
            ALLOW,
        ),
        (
            "ok so just list the pods in the shared dev cluster",
            &[],
            ALLOW,
        ),
        ("please go ahead and run the unit tests", &[], ALLOW),
        // Editing: lines, words, tests and imports are no resource.
        ("delete the line you just added", &[], ALLOW),
        ("remove the unused import I added yesterday", &[], ALLOW),
        (
            "delete the two blank lines at the end of main.rs",
            &[],
            ALLOW,
        ),
        ("drop the debug print you just added", &[], ALLOW),
        // What code does, described: not a request.
        (
            "check that the script only removes stale lockfiles",
            &[],
            ALLOW,
        ),
        // Scaling up, or to a count, is no shutdown.
        ("scale the web deployment to 3", &[], ALLOW),
        ("rm the build output you just generated", &[], ALLOW),
        // Replies to one person are a message.
        ("reply to Bob's email about the invoice", &[], ALLOW),
        ("reply to the review on sessions", &[], ALLOW),
        ("revert my last change to utils.py", &[], ALLOW),
    ]);
    // At most a confirmation: a bounded change in a shared environment (the label rule).
    expect(&[("scale the staging workers up to 5", &[], ALLOW)]);
}

#[test]
fn a_relative_clause_or_an_opener_does_not_hide_the_action() {
    expect(&[
        // Trailing relative clauses: who made it and when (each allowed before G6).
        (
            "remove the whole uploads folder you just created",
            &[],
            CONFIRM,
        ),
        ("empty the recycle bin folder you just opened", &[], CONFIRM),
        (
            "remove the whole exports directory Sam shared earlier",
            &[],
            CONFIRM,
        ),
        // Openers before a verb typed as a command (each allowed before G6).
        (
            "the build box is full: just rm the whole /var/lib/postgresql directory",
            &[],
            STOP,
        ),
        ("ok so rm everything in /etc/ssl", &[], STOP),
        ("please go ahead and rm the prod uploads", &[], VERIFY),
        // Already caught, and still: the reduction only adds a reading.
        (
            "drop the orders table that Marek created last week on prod",
            &[],
            STOP,
        ),
        (
            "heads up, the pager is noisy: please go ahead and delete the production database",
            &[],
            STOP,
        ),
        (
            "purge the 4 oldest backups of the production database",
            &[],
            STOP,
        ),
    ]);
}

#[test]
fn command_verbs_in_a_sentence_are_read_as_their_action() {
    expect(&[
        ("just rm everything under /etc/nginx", &[], STOP),
        (
            "scale all the deployments in production down to zero tonight",
            &[],
            VERIFY,
        ),
        ("scale the payments service to 0 in prod", &[], VERIFY),
        (
            "roll back the previous three migrations on uat",
            &[],
            CONFIRM,
        ),
        (
            "revert the deployment on qa to yesterday's build",
            &[],
            CONFIRM,
        ),
        (
            "reply on our LinkedIn page to the reviewer who posted about the outage",
            &[],
            CONFIRM,
        ),
    ]);
}

#[test]
fn an_unknown_thing_destroyed_is_a_resource_and_shared_dev_is_shared() {
    expect(&[
        ("delete the cronjob nightly-export", &[], CONFIRM),
        ("tear down the lambda image-resizer-bob", &[], CONFIRM),
        ("remove the queue billing-events-7", &[], CONFIRM),
        ("delete the vm build-agent-3", &[], CONFIRM),
        // A bounded change in a dev environment others share: confirmed.
        (
            "restart the api pods in the shared dev cluster",
            &[],
            CONFIRM,
        ),
        (
            "roll back the deployment in the shared dev namespace",
            &[],
            CONFIRM,
        ),
        // Not shared: the developer's own dev cluster.
        ("restart the api pods in my dev cluster", &[], ALLOW),
    ]);
}
