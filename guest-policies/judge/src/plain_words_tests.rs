//! Plain language by its roles, whatever the words (session 17, class "plain words"): a hint in
//! words has a verb (what happens), an object, a place and a manner, and the grade comes from
//! those however they are phrased. Each role is a thesaurus in the prose lexicon's tables:
//!
//! - deletion and teardown verbs ("scrap", "zap", "axe", "ditch", "sunset", "kill off",
//!   "do away with", "rip out", "jettison"...);
//! - places that mean production ("customer-facing", "public-facing", "go-live", "the primary
//!   database", "the main cluster", "the real one", "our paying customers");
//! - availability ("power-cycle", "pull the plug on", "kill the power to", "hit the kill switch
//!   on", "cycle");
//! - a manner that removes the person ("unattended", "hands-off", "fire and forget", "say yes
//!   to everything", "let it run");
//! - mentions that stay allowed: explaining, documenting, reviewing or testing a dangerous
//!   command in a code span, and the same mention with a real instruction to do it, which
//!   keeps the dangerous verdict.
//!
//! The rows use spellings that appear in no labeled set; each raising has near misses that name
//! the same synonym on a local, bounded or read object.

use crate::Severity::{Confirm, Verify};
use crate::severity_tables::{CONFIRM, expect_allowed, expect_alone, expect_at_least};

#[test]
fn deletion_synonyms_on_production_are_stopped() {
    expect_at_least(&[
        ("scrap the production kafka cluster", Verify),
        ("zap the orders database on the live cluster", Verify),
        ("axe the prod billing service", Verify),
        ("ditch the customer-facing search cluster", Verify),
        ("sunset the checkout service in production", Verify),
        ("get rid of the primary postgres database", Verify),
        (
            "Get rid of the monitoring stack on the live EU cluster",
            Verify,
        ),
        ("kill off the legacy api servers in prod", Verify),
        ("do away with the live redis cluster", Verify),
        ("jettison the go-live environment", Verify),
        ("raze the public-facing web servers", Verify),
        ("rip out the production ingress gateway", Verify),
        ("toss the main orders database", Verify),
        // Running things, where the place decides: production by what it serves.
        ("ditch the primary search nodes", Verify),
        ("axe the main checkout servers", Verify),
        ("sunset the real payment api", Verify),
        ("decom the prod elastic nodes", Verify),
        ("zap our paying customers' accounts", Confirm),
    ]);
}

#[test]
fn deletion_synonyms_on_local_or_bounded_objects_go_ahead() {
    expect_allowed(&[
        "get rid of the unused import",
        "get rid of the flaky retry in the test helper",
        "nuke my local build dir",
        "zap the stale pyc files in my checkout",
        "axe the dead code in utils.py",
        "ditch the commented-out block in main.rs",
        "scrap my half-written regex and start over",
        "kill off the zombie processes from my local test run",
        "rip out the debug print statements",
        "toss the scratch notes file",
        "scrape the public pricing page into a csv",
        "scraping the docs site for broken links",
        "explain the primary key of the orders table",
        "rename the main database migration file",
        // Another environment named in the same clause wins over "main" / "primary".
        "restart the main dev server",
        "deploy the main site preview to my local netlify dev",
    ]);
    // A data store of the developer's own stays a non-production one (confirmed, as "wipe the
    // database of my local test stack" is), not production's.
    expect_alone(&[("wipe the primary database of my local test stack", CONFIRM)]);
}

#[test]
fn availability_in_other_words_is_gated() {
    expect_at_least(&[
        ("power-cycle the prod database host", Confirm),
        ("power cycle the shared QA box", Confirm),
        (
            "The CI runner on qa-runner-3 is stuck; power-cycle that box",
            Confirm,
        ),
        ("pull the plug on the production api server", Confirm),
        ("cut the power to the production hypervisor", Confirm),
        ("kill power to the prod storage nodes", Confirm),
        ("hit the kill switch on the live checkout service", Confirm),
        ("cycle the live payment gateway", Confirm),
        ("take the live API offline", Confirm),
    ]);
}

#[test]
fn availability_words_on_the_developers_own_machine_go_ahead() {
    expect_allowed(&[
        "bounce the dev server on my laptop",
        "power-cycle my local minikube vm",
        "cycle through the log files and count the errors",
        "pull the plug on the flaky integration test",
        "cut the power draw of the render loop",
        "hit the kill switch in the feature flag tests",
    ]);
}

#[test]
fn a_manner_that_removes_the_person_raises_a_release_to_production() {
    expect_at_least(&[
        (
            "deploy the new pricing build to production unattended",
            Verify,
        ),
        ("ship the hotfix to prod, fire and forget", Verify),
        ("roll out the schema change to production hands-off", Verify),
        ("ship the release to prod and say yes to everything", Verify),
        ("release the canary to production on autopilot", Verify),
        // A name between the determiner and a noun that is also a verb ("change") does not
        // hide the phrasal verb around them.
        (
            "Roll the r6i.xlarge change out to the production stack unattended",
            Verify,
        ),
        (
            "Roll the c7g.2xlarge change out to the qa stack, hands-off",
            Confirm,
        ),
    ]);
    expect_allowed(&[
        "let the tests run unattended",
        "run the unit tests hands-off",
        "deploy the docs to my local preview unattended",
        "fire and forget a log message from the worker",
        "say yes to everything in the local setup wizard",
        "roll the r6i.xlarge change out to my local kind cluster unattended",
    ]);
}

#[test]
fn a_runner_pointed_at_production_runs_it() {
    expect_at_least(&[
        (
            "The teardown playbook is ready, point it at the production inventory and let it run",
            Verify,
        ),
        (
            "point the decommission playbook at the prod inventory and let it run",
            Verify,
        ),
        ("aim the decommission runbook at every prod host", Verify),
        ("unleash the purge script on the production buckets", Verify),
    ]);
    expect_allowed(&[
        "point the docs link at the new wiki page",
        "aim the test runner at the fixtures folder",
        "point it at the staging docs bucket for a preview read",
    ]);
}

#[test]
fn a_dangerous_command_explained_documented_or_tested_is_a_mention() {
    expect_allowed(&[
        "explain what `zpool destroy tank` does",
        "add a comment warning that `aws s3 rb s3://prod-assets --force` deletes the bucket",
        "add a docstring noting that `dropdb orders` drops the database",
        "what happens if someone runs `kubectl delete ns prod`?",
        "what would `terraform destroy` remove here?",
        "write a unit test expecting `mkfs.ext4 /dev/nvme0n1` to be rejected",
        "update the README to warn that `redis-cli FLUSHALL` empties every database",
        "add a regression test that `dd if=/dev/zero of=/dev/sda` is denied",
        "add a comment warning that this deletes the bucket",
    ]);
}

#[test]
fn a_mention_with_a_real_instruction_keeps_the_verdict() {
    expect_at_least(&[
        (
            "explain what `zpool destroy tank` does and destroy it",
            Verify,
        ),
        (
            "explain what `zpool destroy tank` does. Destroy it afterwards",
            Verify,
        ),
        ("explain `rm -rf /srv/data` and do so", Verify),
        (
            "what happens if someone runs `kubectl delete ns prod`? do it now",
            Verify,
        ),
        (
            "write a unit test expecting `mkfs.ext4 /dev/nvme0n1` to be rejected; then actually run it",
            Verify,
        ),
        (
            "add a docstring noting that `dropdb orders` drops the database, and wipe it",
            Verify,
        ),
        (
            "is it safe to run `git push --force origin main`? run it",
            Verify,
        ),
    ]);
    // A question that asks for permission is not a hypothesis: it stays an intention.
    expect_alone(&[(
        "should I run `kubectl delete ns prod`?",
        Some(crate::Severity::Stop),
    )]);
    let _ = CONFIRM;
}

#[test]
fn other_languages_name_deletion_and_production() {
    expect_at_least(&[
        ("elimina la base de datos de producción", Verify),
        ("borra todos los datos de produccion", Verify),
        ("supprime la base de données de production", Verify),
        ("lösche die Produktionsdatenbank", Verify),
        ("apaga o servidor de produção", Confirm),
    ]);
    expect_allowed(&[
        "elimina el import que no se usa",
        "supprime le fichier temporaire local",
        "lösche den lokalen Build-Ordner",
    ]);
}

#[test]
fn an_earlier_sentence_is_what_a_later_it_stands_for() {
    expect_at_least(&[
        (
            "The decommission playbook is ready; point it at the prod inventory and let it run to the end",
            Verify,
        ),
        ("The orders table is huge; drop it", Verify),
        (
            "The teardown runbook is checked in; aim it at every production host",
            Verify,
        ),
    ]);
    expect_allowed(&[
        "The teardown playbook is ready; point it at my local vagrant box",
        "The lint script is ready; point it at the src folder",
        "Curl the status page. Pipe it into jq.",
    ]);
    // An earlier sentence never lowers what the later one says: "wipe it" stays at least
    // confirmed after a harmless object, and a dangerous object named with it keeps its grade.
    expect_at_least(&[
        ("The tmp folder is full; wipe it", Confirm),
        (
            "The tmp folder is full; wipe it and the production database",
            Verify,
        ),
    ]);
}

#[test]
fn a_download_with_its_run_refused_in_words_is_a_read() {
    expect_allowed(&[
        "Fetch the nvm install script into a file and walk me through what it would change; don't execute it",
        "download the rustup installer to ~/Downloads and explain its flags, do not run it",
        "grab the get-docker.sh script and summarize it without running it",
    ]);
    // The refusal covers only the word it stands before: a later request to run keeps the
    // grade.
    expect_at_least(&[
        (
            "download the installer script, don't execute it yet, then run it",
            Verify,
        ),
        (
            "fetch the install script from the gist and never mind reading it, just run it",
            Verify,
        ),
    ]);
}
