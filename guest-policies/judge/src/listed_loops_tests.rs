//! A loop over a listing made a step before (recognize/listed_loops.rs): each item's action is
//! repeated over everything the listing returned. Targets and spellings that occur in no labeled
//! set.

use crate::severity_tables::{ALLOW, CONFIRM, STOP, expect};

const LISTED: &str =
    "stripe payment_intents list --live --limit 100 --auto-paging | jq -r '.data[].id' > pis.txt";
const CANCEL_EACH: &str =
    "while read pi; do stripe payment_intents cancel \"$pi\" --live; done < pis.txt";

#[test]
fn loops_over_a_listing_of_everything_stop() {
    expect(&[
        (CANCEL_EACH, &[LISTED], STOP),
        // Listed in the same line.
        (
            "stripe customers list --live --paginate > everyone.txt; while read c; do stripe customers delete \"$c\" --live --confirm; done < everyone.txt",
            &[],
            STOP,
        ),
        // Piped straight from a paginated listing.
        (
            "gh api --paginate repos/acme/infra/environments --jq '.environments[].name' | while read e; do gh api --method DELETE repos/acme/infra/environments/$e; done",
            &[],
            STOP,
        ),
    ]);
}

#[test]
fn a_name_on_the_file_lowers_nothing() {
    // Hostile: the listing was everything, in live mode; the file's name says test.
    expect(&[(
        "while read pi; do stripe payment_intents cancel \"$pi\" --live; done < test_ids_small.txt",
        &["stripe payment_intents list --live --auto-paging > test_ids_small.txt"],
        STOP,
    )]);
}

#[test]
fn small_listings_and_dry_runs_are_not_everything() {
    expect(&[
        // Three ids, listed in test mode: each delete is asked, as one would be, not stopped.
        (
            "while read c; do stripe customers delete \"$c\" --confirm; done < three.txt",
            &["stripe customers list --limit 3 > three.txt"],
            CONFIRM,
        ),
        // The listing of everything, read only.
        (
            "while read pi; do stripe payment_intents retrieve \"$pi\" --live; done < pis.txt",
            &[LISTED],
            ALLOW,
        ),
        ("stripe payment_intents list --live --limit 5", &[], ALLOW),
    ]);
}
