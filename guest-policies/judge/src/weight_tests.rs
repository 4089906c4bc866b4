//! Object weight as a class of nouns (holdout8 analysis K3, recognize/weight.rs): what a
//! recognizer found is one tier worse when the object is a certificate authority, a signing
//! identity, a master or KMS key, a whole repository, tenant, application or topic, or live
//! money above the bound. Benign near misses first: reads of the same objects, deletes of
//! ordinary objects, deletes with a restore window, money below the bound or not live.
//! None of the dangerous lines occurs in a labeled set (checked with grep over
//! guest-policies/eval/*.jsonl and holdout..holdout8): they are written from the documentation
//! of gcloud privateca, AWS CloudHSM, CodeCommit, Cloud Source Repositories, JFrog CLI,
//! DigitalOcean App Platform, AWS SES v2, AWS Signer, Pub/Sub, Vault PKI and Stripe transfers.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone};

#[test]
fn reads_ordinary_objects_and_soft_deletes_keep_their_grade() {
    expect_alone(&[
        // Reads and listings of heavy objects change nothing.
        (
            "aws acm-pca describe-certificate-authority --certificate-authority-arn arn:aws:acm-pca:eu-west-1:1:certificate-authority/9",
            ALLOW,
        ),
        ("aws acm-pca list-certificate-authorities", ALLOW),
        (
            "gcloud privateca roots list --pool core --location us-east1",
            ALLOW,
        ),
        ("gcloud kms keys list --keyring r --location global", ALLOW),
        (
            "aws codecommit get-repository --repository-name payments",
            ALLOW,
        ),
        ("heroku apps:info storefront", ALLOW),
        ("aws codecommit list-repositories", ALLOW),
        ("gcloud pubsub topics list", ALLOW),
        // The same verbs on ordinary objects: the recognizer's own grade.
        ("kubectl delete secret app-tls -n web", CONFIRM),
        // A namespace named like an application is an option's value, not the object.
        ("kubectl -n payments-app delete pod web-1", CONFIRM),
        ("docker rm my-app", CONFIRM),
        // One certificate, reissued in minutes.
        ("certbot revoke --cert-name shop.example.org", CONFIRM),
        // The developer's own environments.
        ("conda env remove -n scratch", ALLOW),
        // A restore window stated on the line: the CA can be restored during it (ACM PCA's
        // restore-certificate-authority).
        (
            "aws acm-pca delete-certificate-authority --certificate-authority-arn arn:aws:acm-pca:eu-west-1:1:certificate-authority/9 --permanent-deletion-time-in-days 30",
            CONFIRM,
        ),
        // Money below the bound, or not live (the Stripe CLI runs in test mode unless --live).
        (
            "stripe payouts create --amount 5000 --currency usd --live",
            CONFIRM,
        ),
        (
            "stripe transfers create --amount 9000000 --currency usd --destination acct_1Nv0",
            CONFIRM,
        ),
        (
            "stripe transfers create --amount 9000000 --currency usd --destination acct_1Nv0 --live --api-key sk_test_51",
            CONFIRM,
        ),
    ]);
}

#[test]
fn heavy_objects_raise_what_was_found_one_tier() {
    expect_alone(&[
        // Certificate authorities, by the path and by a name.
        (
            "gcloud privateca roots delete acme-root --pool core --location us-east1 --skip-grace-period",
            VERIFY,
        ),
        (
            "gcloud privateca subordinates delete issuing-ca-2 --pool core --location us-east1",
            VERIFY,
        ),
        ("vault delete pki/root", VERIFY),
        // A skipped window is a hard delete.
        (
            "aws acm-pca delete-certificate-authority --certificate-authority-arn arn:aws:acm-pca:eu-west-1:1:certificate-authority/9 --permanent-deletion-time-in-days 0",
            VERIFY,
        ),
        // Signing identities.
        (
            "aws signer revoke-signing-profile --profile-name release_signing --profile-version-arn x --effective-time 2026-01-01",
            VERIFY,
        ),
        // Keys of keys: the HSM holding them, a sealing key by its name.
        (
            "aws cloudhsmv2 delete-cluster --cluster-id cluster-igklspoyj5v",
            VERIFY,
        ),
        (
            "kubectl -n kube-system delete secret sealed-secrets-keyx7k2p",
            VERIFY,
        ),
        // Whole repositories.
        (
            "aws codecommit delete-repository --repository-name payments",
            VERIFY,
        ),
        ("gcloud source repos delete payments --project acme", VERIFY),
        ("jf rt repo-delete libs-release-local", VERIFY),
        // Whole applications, sites.
        ("doctl apps delete 4f6c71e2 --force", VERIFY),
        ("netlify sites:delete 1234-abcd --force", VERIFY),
        // Whole topics and lists of people.
        (
            "aws sesv2 delete-contact-list --contact-list-name newsletter",
            VERIFY,
        ),
        ("gcloud pubsub topics delete orders", VERIFY),
        // Live money above the bound.
        (
            "stripe transfers create --amount 2500000 --currency usd --destination acct_1Nv0 --live",
            VERIFY,
        ),
    ]);
}

/// G3's "everything" is a tier step over what was found: a listing piped through a filter
/// (`| jq`) before the loop still lists everything.
#[test]
fn a_listing_through_a_filter_still_feeds_everything() {
    expect_alone(&[
        (
            "hcloud server list -o noheader -o columns=id | awk '{print $1}' | while read -r id; do hcloud server delete \"$id\"; done",
            VERIFY,
        ),
        (
            "stripe invoices list --live --status open | jq -r '.data[].id' | while read -r inv; do stripe invoices void \"$inv\" --live; done",
            STOP,
        ),
        // One named item in the same loop shape is not a listing.
        (
            "echo in_1Nv0 | while read -r inv; do stripe invoices void \"$inv\" --live; done",
            CONFIRM,
        ),
    ]);
}
