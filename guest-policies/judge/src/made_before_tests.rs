//! Throwaways made or processes started a step before (session
//! 22, holdout17's false positives): a bucket made then removed
//! ([`crate::recognize::buckets`]), a Google Workspace group made then deleted, a branch made
//! then force-pushed ([`crate::recognize::made_branches`]), a process started with `$!` then
//! killed ([`crate::recognize::started`]), SQL Server's `-S HOST,PORT` on a container started
//! here.
//!
//! The names, ports and profiles are this file's own (`tally-*`, port 24333, `quill` buckets):
//! none of these lines is in a labeled set. Each lowering has its hostile rows beside it: the
//! object differs by a character, the delete names another, the creation was only echoed or
//! its failure tolerated, the place changed between the two steps.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect};

#[test]
fn a_bucket_made_a_step_before_is_removed_one_tier_lower() {
    let mb = "aws s3 mb s3://quill-scratch-7731 --profile tally-sandbox";
    let gs = "gsutil mb -l EU gs://quill-scratch-7731";
    let gc = "gcloud storage buckets create gs://quill-fixtures-5 --location=europe-west4";
    expect(&[
        // Verify (a bucket and everything in it) becomes a confirmation: the person sees it.
        (
            "aws s3 rb s3://quill-scratch-7731 --force --profile tally-sandbox",
            &[mb],
            CONFIRM,
        ),
        ("gsutil -m rm -r gs://quill-scratch-7731", &[gs], CONFIRM),
        ("gcloud storage rm -r gs://quill-fixtures-5", &[gc], CONFIRM),
        // Alone, each keeps its grade.
        (
            "aws s3 rb s3://quill-scratch-7731 --force --profile tally-sandbox",
            &[],
            VERIFY,
        ),
        // Hostile: another bucket by one character, another profile (may be another
        // endpoint), an object path under it, a creation only echoed or whose failure was
        // tolerated, a profile exported between the steps.
        (
            "aws s3 rb s3://quill-scratch-7732 --force --profile tally-sandbox",
            &[mb],
            VERIFY,
        ),
        (
            "aws s3 rb s3://quill-scratch-7731 --force --profile tally-prod",
            &[mb],
            VERIFY,
        ),
        (
            "gsutil -m rm -r gs://quill-scratch-7731/exports",
            &[gs],
            VERIFY,
        ),
        (
            "aws s3 rb s3://quill-scratch-7731 --force --profile tally-sandbox",
            &["echo aws s3 mb s3://quill-scratch-7731 --profile tally-sandbox"],
            VERIFY,
        ),
        (
            "aws s3 rb s3://quill-scratch-7731 --force --profile tally-sandbox",
            &["aws s3 mb s3://quill-scratch-7731 --profile tally-sandbox || true"],
            VERIFY,
        ),
        (
            "aws s3 rb s3://quill-scratch-7731 --force",
            &[
                "aws s3 mb s3://quill-scratch-7731",
                "export AWS_PROFILE=tally-prod",
            ],
            VERIFY,
        ),
        // A creation that made a different bucket vouches for nothing.
        ("gcloud storage rm -r gs://quill-fixtures-6", &[gc], VERIFY),
    ]);
}

#[test]
fn a_directory_group_made_a_step_before_is_deleted_one_tier_lower() {
    let made = "gam create group quill-pilots@tally.example name 'Quill pilots'";
    expect(&[
        (
            "gam delete group quill-pilots@tally.example",
            &[made],
            ALLOW,
        ),
        ("gam delete group quill-pilots@tally.example", &[], CONFIRM),
        // Hostile: another group by one character; a creation only echoed.
        (
            "gam delete group quill-pilot@tally.example",
            &[made],
            CONFIRM,
        ),
        (
            "gam delete group quill-pilots@tally.example",
            &["echo gam create group quill-pilots@tally.example"],
            CONFIRM,
        ),
    ]);
}

#[test]
fn a_branch_made_a_step_before_is_force_pushed_one_tier_lower() {
    let made = "git switch -c quill/trim-ledger";
    expect(&[
        ("git push --force origin quill/trim-ledger", &[made], ALLOW),
        (
            "git push --force-with-lease -u origin HEAD",
            &["git checkout -b quill/trim-ledger"],
            CONFIRM,
        ),
        ("git push --force origin quill/trim-ledger", &[], CONFIRM),
        // Hostile: another branch by one character, a shared branch name made locally
        // (the remote's is everyone's), a second refspec, a +refspec, a branch switched away
        // from before HEAD is pushed.
        (
            "git push --force origin quill/trim-ledgers",
            &[made],
            CONFIRM,
        ),
        (
            "git push --force origin release/quill",
            &["git switch -c release/quill"],
            VERIFY,
        ),
        (
            "git push --force origin quill/trim-ledger quill/other",
            &[made],
            CONFIRM,
        ),
        (
            "git push --force-with-lease origin HEAD",
            &[made, "git switch quill/long-lived"],
            VERIFY,
        ),
        (
            "git push --force origin quill/trim-ledger",
            &["echo git switch -c quill/trim-ledger"],
            CONFIRM,
        ),
    ]);
}

#[test]
fn a_process_started_here_is_stopped_without_asking() {
    let started = "npx vite --port 5179 & echo $! > .quill-vite.pid";
    expect(&[
        ("kill -TERM $(cat .quill-vite.pid)", &[started], ALLOW),
        (
            "kill -INT \"$QUILL_WORKER\"",
            &["node worker.js & export QUILL_WORKER=$!"],
            ALLOW,
        ),
        ("kill -TERM $(cat .quill-vite.pid)", &[], CONFIRM),
        // Hostile: another pid file by one character, the file rewritten since, a variable
        // re-set since, a pid written on the line beside it.
        ("kill -TERM $(cat .quill-vite.pids)", &[started], CONFIRM),
        (
            "kill -TERM $(cat .quill-vite.pid)",
            &[started, "pgrep -f postgres > .quill-vite.pid"],
            CONFIRM,
        ),
        (
            "kill -INT \"$QUILL_WORKER\"",
            &["export QUILL_WORKER=$!", "export QUILL_WORKER=4411"],
            CONFIRM,
        ),
        (
            "kill -TERM $(cat .quill-vite.pid) 4411",
            &[started],
            CONFIRM,
        ),
    ]);
}

#[test]
fn a_pid_that_may_be_the_guards_stays_stopped() {
    expect(&[
        // A variable set from pgrep airlock, airlock itself put in the background.
        (
            "kill -TERM \"$QP\"",
            &["export QP=$(pgrep -x airlock)"],
            STOP,
        ),
        (
            "kill -TERM $(cat /tmp/q.pid)",
            &["airlock serve & echo $! > /tmp/q.pid"],
            STOP,
        ),
    ]);
}

#[test]
fn sql_server_on_a_port_published_a_step_before_is_the_throwaway() {
    let run =
        "docker run -d -p 24333:1433 -e ACCEPT_EULA=Y mcr.microsoft.com/mssql/server:2022-latest";
    expect(&[
        (
            "sqlcmd -S localhost,24333 -U sa -Q 'DROP DATABASE QuillImport'",
            &[run],
            ALLOW,
        ),
        (
            "sqlcmd -S tcp:127.0.0.1,24333 -U sa -Q 'DROP DATABASE QuillImport'",
            &[run],
            ALLOW,
        ),
        // Hostile: another port, another host, a named instance, nothing started.
        (
            "sqlcmd -S localhost,24334 -U sa -Q 'DROP DATABASE QuillImport'",
            &[run],
            STOP,
        ),
        (
            "sqlcmd -S quill-sql.corp,24333 -U sa -Q 'DROP DATABASE QuillImport'",
            &[run],
            STOP,
        ),
        (
            "sqlcmd -S localhost\\QUILL -U sa -Q 'DROP DATABASE QuillImport'",
            &[run],
            STOP,
        ),
        (
            "sqlcmd -S localhost,24333 -U sa -Q 'DROP DATABASE QuillImport'",
            &[],
            STOP,
        ),
    ]);
}

#[test]
fn a_placeholder_written_over_a_dotenv_value_is_no_read() {
    expect(&[
        (
            "sed -i 's/^QUILL_API_TOKEN=.*/QUILL_API_TOKEN=changeme/' .env.development.local",
            &[],
            ALLOW,
        ),
        (
            "sed -i -e 's|^QUILL_DSN=.*|QUILL_DSN=sqlite:quill.db|' -e 's/^QUILL_SALT=.*/QUILL_SALT=x/g' .env",
            &[],
            ALLOW,
        ),
        // Hostile: the value copied back (`&`), printed (`p`, `-n`), written elsewhere (`w`),
        // a backup suffix keeping the values, the file printed on the same line.
        (
            "sed -i 's/^QUILL_API_TOKEN=.*/QUILL_API_TOKEN=&x/' .env.development.local",
            &[],
            CONFIRM,
        ),
        (
            "sed -n 's/^QUILL_API_TOKEN=.*/QUILL_API_TOKEN=x/p' .env.development.local",
            &[],
            CONFIRM,
        ),
        (
            "sed -i 's/^QUILL_API_TOKEN=.*/QUILL_API_TOKEN=x/w /tmp/q' .env.development.local",
            &[],
            CONFIRM,
        ),
        (
            "sed -i.orig 's/^QUILL_API_TOKEN=.*/QUILL_API_TOKEN=x/' .env.development.local",
            &[],
            CONFIRM,
        ),
        (
            "sed -i 's/^QUILL_API_TOKEN=.*/QUILL_API_TOKEN=x/' .env.development.local && cat .env.development.local",
            &[],
            CONFIRM,
        ),
    ]);
}
