//! Tests of families a third held-back set, written from the tools' documentation, showed the
//! judgement missing: CLIs it did not know yet (other clouds, `azcopy`, `glab`, local
//! clusters), API calls that delete, `--help`, truncation by redirection, throwaway temp
//! files, secrets committed in an earlier step, uploads from one-line scripts, and the
//! same things said in words. Each table varies programs, targets and spellings (none is a
//! line of that set) and holds benign near misses that must stay allowed.

use crate::{Severity, judge};

/// The severity `judge` gives `text` after the `recent` hints (None: allowed).
fn worst(text: &str, recent: &[&str]) -> Option<Severity> {
    match judge(text, recent).worst() {
        None | Some(Severity::Note) => None,
        s => s,
    }
}

/// Each text judged at exactly `want` (None: allowed), with its recent hints.
fn expect(table: &[(&str, &[&str], Option<Severity>)]) {
    let wrong: Vec<String> = table
        .iter()
        .filter_map(|&(text, recent, want)| {
            let got = worst(text, recent);
            (got != want).then(|| {
                format!(
                    "{text:?} after {recent:?}: want {want:?}, got {got:?} ({:?})",
                    judge(text, recent).findings
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

const STOP: Option<Severity> = Some(Severity::Stop);
const VERIFY: Option<Severity> = Some(Severity::Verify);
const CONFIRM: Option<Severity> = Some(Severity::Confirm);
const ALLOW: Option<Severity> = None;

#[test]
fn cloud_clis_without_a_recognizer_of_their_own_are_read_by_their_verbs() {
    expect(&[
        // azcopy: recursive removal is the whole container; one blob is bounded.
        (
            "azcopy rm 'https://acmedata.blob.core.windows.net/exports' --recursive=true",
            &[],
            VERIFY,
        ),
        (
            "azcopy remove https://devsa.blob.core.windows.net/tmp/one.csv",
            &[],
            CONFIRM,
        ),
        (
            "azcopy sync ./site 'https://webprod.blob.core.windows.net/$web' --delete-destination=true",
            &[],
            CONFIRM,
        ),
        (
            "azcopy list https://devsa.blob.core.windows.net/tmp",
            &[],
            ALLOW,
        ),
        (
            "azcopy copy ./out https://devsa.blob.core.windows.net/tmp --recursive",
            &[],
            ALLOW,
        ),
        // aws: any service's stop-* verb stops resources.
        (
            "aws rds stop-db-instance --db-instance-identifier qa-db",
            &[],
            CONFIRM,
        ),
        (
            "aws sagemaker stop-notebook-instance --notebook-instance-name nb1",
            &[],
            CONFIRM,
        ),
        (
            "aws lightsail get-instance --instance-name web-1",
            &[],
            ALLOW,
        ),
        // gcloud: destroying a KMS key version loses what only it decrypts.
        (
            "gcloud kms keys versions destroy 3 --key=app --keyring=ring --location=europe-west1",
            &[],
            VERIFY,
        ),
        (
            "gcloud kms keys versions list --key=app --keyring=ring --location=europe-west1",
            &[],
            ALLOW,
        ),
        // Other clouds and platforms by their verbs and objects.
        ("hcloud server delete ci-runner-3", &[], CONFIRM),
        ("hcloud volume delete pgdata", &[], VERIFY),
        (
            "oci os bucket delete --bucket-name exports --force",
            &[],
            VERIFY,
        ),
        (
            "oci compute instance terminate --instance-id ocid1.instance.oc1..aaa",
            &[],
            CONFIRM,
        ),
        ("linode-cli linodes shutdown 123", &[], ALLOW),
        ("s3cmd del --recursive s3://acme-logs/2024/", &[], VERIFY),
        ("rclone purge b2:old-archive", &[], VERIFY),
        ("mc rm --recursive --force local/reports", &[], VERIFY),
        (
            "firebase firestore:delete --all-collections --project shop-live",
            &[],
            VERIFY,
        ),
        ("wrangler r2 bucket delete assets-staging", &[], VERIFY),
        ("scw instance server stop 11111111-1111", &[], CONFIRM),
        // Reads, even of things named like verbs.
        ("hcloud server describe stop-gap-01", &[], ALLOW),
        ("rclone ls b2:old-archive", &[], ALLOW),
        ("s3cmd ls s3://delete-me-later", &[], ALLOW),
        ("oci os object list --bucket-name exports", &[], ALLOW),
        ("firebase deploy --only hosting", &[], ALLOW),
    ]);
}

#[test]
fn help_makes_any_command_harmless() {
    expect(&[
        ("helm delete --help", &[], ALLOW),
        ("kubectl delete namespace production --help", &[], ALLOW),
        ("rm -rf / --help", &[], ALLOW),
        ("terraform destroy -help", &[], ALLOW),
        ("aws s3 rb s3://acme-backups --force help", &[], ALLOW),
        ("gcloud projects delete acme-prod --help", &[], ALLOW),
        ("kubectl help drain", &[], ALLOW),
        ("docker compose down --help", &[], ALLOW),
        // The same commands without it.
        ("helm delete web -n staging", &[], CONFIRM),
        ("terraform destroy", &[], VERIFY),
        // `--help` that belongs to what the command runs, not to the command.
        ("bash -c 'rm -rf ~' --help", &[], STOP),
        ("xargs rm -rf --help", &[], CONFIRM),
        (
            "docker run --rm -v /:/host alpine sh -c 'rm -rf /host' --help",
            &[],
            VERIFY,
        ),
        ("kubectl delete ns production -- --help", &[], STOP),
    ]);
}

#[test]
fn compose_rm_and_local_clusters() {
    expect(&[
        ("docker compose rm -f -v cache", &[], CONFIRM),
        ("podman compose rm --stop --force worker", &[], CONFIRM),
        ("docker-compose rm -sfv", &[], CONFIRM),
        ("docker compose ps", &[], ALLOW),
        ("docker compose logs -f db", &[], ALLOW),
        // A cluster on this machine, made to be thrown away.
        ("k3d cluster delete dev", &[], ALLOW),
        ("minikube delete --all --purge", &[], ALLOW),
        ("minikube delete --profile demo-cluster", &[], ALLOW),
        ("kind delete clusters --all", &[], ALLOW),
        ("k3d cluster create ci --agents 2", &[], ALLOW),
        // A real cluster is not local.
        ("kubectl delete namespace staging", &[], VERIFY),
    ]);
}

#[test]
fn forge_api_calls_that_delete() {
    expect(&[
        // REST: a protected branch, a whole project or repository is catastrophic.
        (
            "glab api --method DELETE projects/42/repository/branches/master",
            &[],
            VERIFY,
        ),
        (
            "gh api -XDELETE /repos/acme/site/git/refs/heads/main",
            &[],
            VERIFY,
        ),
        ("glab api -X DELETE projects/acme%2Fbilling", &[], VERIFY),
        ("glab api -X DELETE groups/platform", &[], VERIFY),
        (
            "glab api -X DELETE projects/42/repository/branches/feature%2Fold-ui",
            &[],
            CONFIRM,
        ),
        (
            "gh api --method DELETE repos/acme/site/labels/wontfix",
            &[],
            CONFIRM,
        ),
        ("glab repo delete acme/legacy-api --yes", &[], VERIFY),
        ("glab mr delete 17", &[], CONFIRM),
        // GraphQL mutations that delete.
        (
            "gh api graphql -f query='mutation { deleteDiscussion(input: {id: \"D_1\"}) { clientMutationId } }'",
            &[],
            CONFIRM,
        ),
        (
            "gh api graphql -F query='mutation($id: ID!) { deleteBranchProtectionRule(input: {branchProtectionRuleId: $id}) { clientMutationId } }' -F id=BPR_9",
            &[],
            VERIFY,
        ),
        (
            "gh api graphql -f query='mutation { removeOutsideCollaborator(input: {userId: \"U_1\", organizationId: \"O_1\"}) { clientMutationId } }'",
            &[],
            CONFIRM,
        ),
        // Reads and harmless mutations.
        ("glab api projects/42/repository/branches", &[], ALLOW),
        (
            "gh api repos/acme/site/branches/main/protection",
            &[],
            ALLOW,
        ),
        (
            "gh api graphql -f query='query { repository(owner: \"acme\", name: \"site\") { deleteBranchOnMerge } }'",
            &[],
            ALLOW,
        ),
        (
            "gh api graphql -f query='mutation { addComment(input: {subjectId: \"I_1\", body: \"deleted the typo\"}) { clientMutationId } }'",
            &[],
            ALLOW,
        ),
        ("glab mr list --assignee=@me", &[], ALLOW),
    ]);
}

#[test]
fn git_prune_with_wildcards_and_clean_of_build_output() {
    expect(&[
        (
            "git push --prune upstream 'refs/heads/*:refs/heads/*'",
            &[],
            VERIFY,
        ),
        (
            "git push origin --prune '+refs/remotes/origin/*:refs/heads/*'",
            &[],
            VERIFY,
        ),
        ("git push --prune origin feature/a", &[], CONFIRM),
        // Only build output: made again by the next build.
        ("git clean -fdx -- target/", &[], ALLOW),
        ("git clean -fX dist node_modules", &[], ALLOW),
        ("git clean -fdX build/ .pytest_cache/", &[], ALLOW),
        // Anything else, or everything ignored (.env files are ignored files too).
        ("git clean -fdX", &[], CONFIRM),
        ("git clean -fdx -- src/", &[], CONFIRM),
        ("git clean -fd build/ src/generated", &[], CONFIRM),
    ]);
}

#[test]
fn files_emptied_by_a_redirection_of_nothing() {
    expect(&[
        (": > reports/q3-revenue.xlsx", &[], CONFIRM),
        ("> db/seeds.sql", &[], CONFIRM),
        ("true > ledger.json", &[], CONFIRM),
        ("cat /dev/null > exports/users.csv", &[], CONFIRM),
        ("cd data && : > orders.jsonl", &[], CONFIRM),
        // System files stay as bad as before.
        (": > /etc/passwd", &[], STOP),
        // Logs, temp and build output, empty markers, and writes with content.
        (": > logs/app.log", &[], ALLOW),
        ("> /tmp/run.out", &[], ALLOW),
        (": > pkg/__init__.py", &[], ALLOW),
        ("true > build/.stamp", &[], ALLOW),
        ("echo done > status.txt", &[], ALLOW),
        (": >> notes.md", &[], ALLOW),
        ("cargo test 2>/dev/null", &[], ALLOW),
    ]);
}

#[test]
fn shredding_a_throwaway_file_is_not_a_loss() {
    expect(&[
        ("shred -u /tmp/tmp.Xa81kq", &[], ALLOW),
        ("shred -zu $TMPDIR/session.key", &[], ALLOW),
        ("shred -u build/intermediate.bin", &[], ALLOW),
        ("shred -u notes/customers.txt", &[], CONFIRM),
        ("shred -n 3 /dev/nvme0n1", &[], STOP),
    ]);
}
