//! Tests of the generic command reader ([`crate::recognize::generic`]), the program classes
//! ([`crate::recognize::classes`]) and mass actions by verb class: commands of programs no
//! family recognizer reads, written from the programs' own command references (kopia, restic,
//! borg, eksctl, nomad, etcdctl, flyway, goose, alembic, kafka-topics, rabbitmqctl, pm2,
//! cryptsetup, certbot, gam, csrutil, openstack, bq, gopass, pass, dokku, pscale, turso, sam,
//! eb, cf, velero...) and made-up CLIs (`acmectl`) that no table names, with their benign near
//! misses: reads, dry runs, help, local sandboxes, package removals.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, worst};
use crate::{Severity, judge};

#[test]
fn a_destroying_subcommand_of_an_unknown_program_is_judged_by_its_object_and_scope() {
    expect_alone(&[
        // A made-up CLI no table knows: the path's nouns are the object.
        ("acmectl database delete orders", VERIFY),
        ("acmectl database delete orders --env production", STOP),
        ("acmectl database delete orders --env staging", CONFIRM),
        ("acmectl users disable --all", STOP),
        ("acmectl tokens revoke --all --env production", STOP),
        ("acmectl deploy --env production", CONFIRM),
        // Forcing what ships to main or production skips its safeguards.
        ("acmectl push main --force", VERIFY),
        ("acmectl deploy --env production --force", VERIFY),
        ("acmectl push feature-x", ALLOW),
        ("render services delete srv-abc123", CONFIRM),
        // Verbs inside compound words and option names.
        ("acmectl sites:delete docs-prod", STOP),
        ("acmectl delete-database --name orders", VERIFY),
        ("acmectl dropDatabase orders", VERIFY),
        // Production from a $VARIABLE's name.
        ("acmectl db delete --url $PROD_DATABASE_URL", STOP),
        // A verb alone, with nothing it acts on named: no finding; on a name it cannot size:
        // the unread-effect floor asks.
        ("acmectl delete", ALLOW),
        ("acmectl remove thing-1", CONFIRM),
    ]);
}

#[test]
fn reads_and_descriptions_go_ahead_even_with_dangerous_words() {
    expect_alone(&[
        ("acmectl databases list --env production", ALLOW),
        ("acmectl describe database orders --env production", ALLOW),
        ("acmectl get users --all-namespaces", ALLOW),
        ("acmectl analyze --env production", ALLOW),
        ("acmectl backups list --env production", ALLOW),
        // The first verb leads: a listing of deletions is a listing.
        ("acmectl list-deletions --since 2d", ALLOW),
        ("acmectl audit show --deleted", ALLOW),
        (
            "kubectl auth can-i delete namespaces --all-namespaces",
            ALLOW,
        ),
        ("acmectl cache clear --env dev", ALLOW),
        ("acmectl completion bash", ALLOW),
        ("acmectl version", ALLOW),
        // Dry runs and help only print.
        ("acmectl database delete orders --dry-run", ALLOW),
        ("acmectl database delete --help", ALLOW),
        // Words that are data, not a command path.
        ("echo delete all the backups", ALLOW),
        ("printf 'drop database %s' orders", ALLOW),
        // A known program's subcommand its recognizer reads stays its recognizer's.
        ("git reset HEAD src/app.py", ALLOW),
        ("git switch main", ALLOW),
    ]);
}

#[test]
fn a_class_names_what_a_subcommand_acts_on() {
    expect_alone(&[
        // Backup tools: their archives (kopia, restic, borg, tmutil, velero references).
        ("kopia snapshot delete k1a2b3c4 --delete", VERIFY),
        (
            "restic -r /srv/restic-repo forget --keep-last 1 --prune",
            VERIFY,
        ),
        ("borg prune --keep-daily 1 /backup/borg::", VERIFY),
        ("tmutil delete -d /Volumes/TM -t 2024-01-01-120000", VERIFY),
        ("velero schedule delete nightly --confirm", VERIFY),
        ("kopia snapshot list", ALLOW),
        ("restic -r /srv/restic-repo snapshots", ALLOW),
        ("borg info /backup/borg", ALLOW),
        ("kopia snapshot verify --all", ALLOW),
        ("velero backup describe nightly --details", ALLOW),
        // Clusters.
        ("eksctl delete cluster --name prod-eu-1", STOP),
        ("eksctl get cluster --name prod-eu-1", ALLOW),
        ("nomad job stop -purge payments-api", CONFIRM),
        ("nomad job status payments-api", ALLOW),
        ("nomad job plan payments.nomad.hcl", ALLOW),
        // A whole Argo CD application: `--cascade` deletes every resource it manages
        // (recognize/weight.rs).
        ("argocd app delete payments --cascade", VERIFY),
        ("argocd app sync payments", ALLOW),
        ("kubeadm reset -f", CONFIRM),
        ("istioctl proxy-status", ALLOW),
        // Databases and migrations (flyway clean drops every object of its schemas).
        ("etcdctl del /registry --prefix", STOP),
        ("etcdctl get /registry --prefix --keys-only", ALLOW),
        (
            "flyway clean -url=jdbc:postgresql://db.prod.internal/app",
            STOP,
        ),
        (
            "flyway info -url=jdbc:postgresql://db.prod.internal/app",
            ALLOW,
        ),
        ("goose -dir migrations postgres $DATABASE_URL down", VERIFY),
        ("goose -dir migrations postgres $DATABASE_URL status", ALLOW),
        ("alembic downgrade base", VERIFY),
        ("alembic upgrade head", ALLOW),
        ("pg_restore --clean -d $PROD_DATABASE_URL latest.dump", STOP),
        ("pg_restore --list latest.dump", ALLOW),
        // Queues.
        (
            "kafka-topics --bootstrap-server kafka:9092 --delete --topic orders",
            VERIFY,
        ),
        (
            "kafka-topics --bootstrap-server kafka:9092 --describe --topic orders",
            ALLOW,
        ),
        ("rabbitmqctl purge_queue invoices", VERIFY),
        ("rabbitmqctl list_queues", ALLOW),
        // Services, disks, certificates, people, security controls.
        ("pm2 delete all", VERIFY),
        ("pm2 logs api", ALLOW),
        ("pm2 stop api", CONFIRM),
        ("cryptsetup luksFormat /dev/sdc", VERIFY),
        ("cryptsetup status cryptroot", ALLOW),
        ("certbot revoke --cert-name shop.example.com", CONFIRM),
        ("certbot certificates", ALLOW),
        ("gam delete user jdoe@example.com", CONFIRM),
        ("gam info user jdoe@example.com", ALLOW),
        ("csrutil disable", VERIFY),
        ("csrutil status", ALLOW),
        // Clouds.
        ("openstack server delete web-prod-3", VERIFY),
        ("openstack server list", ALLOW),
        ("bq rm -r -f analytics_prod", STOP),
        ("bq ls analytics_prod", ALLOW),
        ("dokku apps:destroy acme-prod --force", VERIFY),
        ("dokku apps:list", ALLOW),
        ("pscale database delete orders --force", VERIFY),
        ("pscale database list", ALLOW),
        ("turso db show orders", ALLOW),
        ("cf delete-space production -f", STOP),
        ("cf apps", ALLOW),
        ("eb status orders-prod", ALLOW),
        // Secret stores: a value shown is a secret read; names and policies are not.
        ("gopass rm -r -f team/", VERIFY),
        ("gopass show team/db-password", CONFIRM),
        ("gopass ls", ALLOW),
        ("vault lease revoke -prefix aws/creds/deploy", STOP),
        ("vault lease lookup aws/creds/deploy/abc", ALLOW),
        ("chamber list payments", ALLOW),
    ]);
}

#[test]
fn local_sandboxes_and_package_removals_go_ahead() {
    expect_alone(&[
        ("minikube delete --all", ALLOW),
        ("multipass delete --purge dev-vm", ALLOW),
        ("vagrant destroy -f", ALLOW),
        ("k3d cluster delete local-dev", ALLOW),
        ("npm uninstall left-pad", ALLOW),
        ("brew uninstall --force node", ALLOW),
        ("pnpm remove lodash", ALLOW),
        ("pip uninstall -y requests", ALLOW),
        ("cargo clean", ALLOW),
        ("docker compose down --remove-orphans", ALLOW),
        // Unless production is named.
        ("minikube delete -p production", VERIFY),
    ]);
}

#[test]
fn destroying_options_are_verbs_when_the_path_has_none() {
    expect_alone(&[
        ("git switch --discard-changes main", CONFIRM),
        ("mongorestore --drop --uri $MONGO_PROD_URI dump/", STOP),
        ("spctl --master-disable", VERIFY),
        // An option switched off by its value is not its verb.
        ("acmectl --disable-audit-logging=false", ALLOW),
        ("acmectl --disable-audit-logging", VERIFY),
        // Negated or protective options are not.
        ("acmectl sync --no-delete --env production", ALLOW),
        ("acmectl upgrade --keep-data --env production", ALLOW),
    ]);
}

/// The reader runs after the wrappers are looked through: the same verdict inside `timeout`,
/// `sudo`, `env`, `nice`, `nohup`, `sh -c` and a pipeline.
#[test]
fn wrappers_and_nested_scripts_keep_the_verdict() {
    for (bare, want) in [
        ("acmectl db delete orders --env production", STOP),
        ("eksctl delete cluster --name prod-eu-1", STOP),
        ("pm2 delete all", VERIFY),
        ("etcdctl del /registry --prefix", STOP),
        ("acmectl databases list --env production", ALLOW),
        ("kopia snapshot list", ALLOW),
    ] {
        for wrapped in [
            format!("timeout 60 {bare}"),
            format!("sudo {bare}"),
            format!("env ACME_TOKEN=x {bare}"),
            format!("nice -n 10 {bare}"),
            format!("nohup {bare} &"),
            format!("sh -c '{bare}'"),
            format!("bash -c \"{bare}\""),
            format!("cd /srv && {bare}"),
            format!("{bare} | tee out.log"),
        ] {
            assert_eq!(
                worst(&wrapped, &[]),
                want,
                "{wrapped}: {:?}",
                judge(&wrapped, &[]).findings
            );
        }
    }
}

#[test]
fn a_program_name_after_an_unknown_word_is_a_wrapped_command() {
    expect_alone(&[
        // An English word or an unknown wrapper before a program: not a command path.
        ("now rm -r -f node_modules", ALLOW),
        // A program with a class reads its own `rm` subcommand.
        ("bq rm -r -f analytics_prod", STOP),
    ]);
}

#[test]
fn findings_name_the_recognizer_the_command_and_the_scope() {
    let j = judge("kopia snapshot delete --all --delete --force", &[]);
    let f = j
        .findings
        .iter()
        .find(|f| f.code == "generic.command")
        .expect("a generic finding");
    assert!(
        f.message.starts_with("generic: `kopia snapshot delete"),
        "{}",
        f.message
    );
    assert!(f.message.contains("a backup tool"), "{}", f.message);
    assert!(f.message.contains("all of them"), "{}", f.message);
    assert!(f.message.contains("without confirmation"), "{}", f.message);
    assert_eq!(f.severity, Severity::Stop);
}

#[test]
fn mass_actions_escalate_by_verb_class_for_any_program() {
    expect_alone(&[
        // A listing feeds a destructive verb.
        ("acmectl users list | xargs -n1 acmectl users delete", STOP),
        (
            "for id in $(openstack server list -f value -c ID); do openstack server delete $id; done",
            VERIFY,
        ),
        ("acmectl orders delete $(acmectl orders list -q)", STOP),
        // A file of customers feeds a sender.
        (
            "while read addr; do swaks --to $addr --body promo.txt; done < all_customers.csv",
            STOP,
        ),
        (
            "while read -r email; do acmectl mail send --to \"$email\" --template promo; done < customers.csv",
            STOP,
        ),
        (
            "cat subscribers.txt | xargs -I{} ntfy publish {} 'we are down'",
            STOP,
        ),
        // Something unsized feeds one: at least confirmed.
        ("cat ids.txt | xargs -n1 acmectl invoices void", CONFIRM),
        (
            "while read id; do acmectl orders refund \"$id\"; done < orders.txt",
            CONFIRM,
        ),
        // Reads, and deletes of files a search inside the project picks, go ahead.
        ("for f in *.log; do gzip \"$f\"; done", ALLOW),
        (
            "for f in $(git ls-files '*.md'); do markdownlint \"$f\"; done",
            ALLOW,
        ),
        ("ls *.json | xargs -n1 jq .", ALLOW),
        (
            "for ns in $(kubectl get ns -o name); do echo $ns; done",
            ALLOW,
        ),
        ("find . -name '*.orig' | xargs rm", ALLOW),
        ("xargs -0 rm -f < <(find tmp/ -name '*.o' -print0)", ALLOW),
        (
            "acmectl users list | xargs -n1 acmectl users describe",
            ALLOW,
        ),
    ]);
}

/// An operand that is also an English word (`her`, `the`, `all` as a resource's name) keeps a
/// command line a command line: its `--dry-run` still makes it a dry run, and without it the
/// destroying verb in production is still stopped. (Found by the property test below, which
/// drew `his` and `her` as names.)
#[test]
fn an_operand_spelled_like_english_keeps_the_line_a_command() {
    for name in ["his", "her", "the", "all", "it", "our", "for"] {
        let dry = format!("acmectl database delete {name} --env production --dry-run");
        assert_eq!(worst(&dry, &[]), ALLOW, "{dry}");
        let real = format!("acmectl database delete {name} --env production");
        assert_eq!(worst(&real, &[]), STOP, "{real}");
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    /// (Not `rm`: after an unknown word, a program's name is read as a wrapped command; see
    /// `a_program_name_after_an_unknown_word_is_a_wrapped_command`.)
    const VERBS: &[&str] = &["delete", "destroy", "purge", "remove", "wipe", "erase"];
    const READS: &[&str] = &["list", "get", "show", "describe", "status", "ls"];
    const KINDS: &[&str] = &[
        "database",
        "bucket",
        "backup",
        "cluster",
        "repository",
        "volume",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Any unknown program's destroying verb on a data store in production is stopped,
        /// whatever the program is called and however the path is spelled.
        #[test]
        fn unknown_program_destroying_production_data_is_stopped(
            program in "[a-z]{3,8}ctl",
            verb in proptest::sample::select(VERBS),
            kind in proptest::sample::select(KINDS),
            name in "[a-z]{3,10}",
            order in 0..3_u8,
        ) {
            // Programs a family recognizer reads (`flyctl`) are judged by it.
            prop_assume!(!crate::is_program(&program));
            let line = match order {
                0 => format!("{program} {kind} {verb} {name} --env production"),
                1 => format!("{program} {verb} {kind} {name} --env prod"),
                _ => format!("{program} {kind}:{verb} {name}-prod"),
            };
            prop_assert_eq!(worst(&line, &[]), STOP, "{}", line);
        }

        /// The same line with a read verb, or as a dry run, goes ahead.
        #[test]
        fn unknown_program_reads_and_dry_runs_go_ahead(
            program in "[a-z]{3,8}ctl",
            read in proptest::sample::select(READS),
            verb in proptest::sample::select(VERBS),
            kind in proptest::sample::select(KINDS),
            name in "[a-z]{3,10}",
        ) {
            prop_assume!(!crate::is_program(&program));
            let read_line = format!("{program} {kind} {read} {name} --env production --all");
            prop_assert_eq!(worst(&read_line, &[]), ALLOW, "{}", read_line);
            let dry = format!("{program} {kind} {verb} {name} --env production --dry-run");
            prop_assert_eq!(worst(&dry, &[]), ALLOW, "{}", dry);
        }
    }
}
