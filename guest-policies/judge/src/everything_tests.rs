//! One notion of "everything" for any finding (holdout7 analysis G3): a command fed a listing
//! of everything, sending to a target named for all, repeating the same destroy three times or
//! more, or given a whole range is one step worse than the one item its recognizer judged.
//! Benign near misses first. None of the lines is a held-back line: they are written from the
//! programs' own documentation (scw, yc, oci, vault, gh, stripe, swaks, hcloud, ufw, iptables).

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone};

#[test]
fn bounded_lists_and_single_items_keep_their_grade() {
    expect_alone(&[
        (
            "git branch --merged | grep -v main | xargs git branch -d",
            ALLOW,
        ),
        ("ls *.log | xargs rm", ALLOW),
        ("rm notes.txt && rm draft.txt", ALLOW),
        // Three cleanups of build output are still build output.
        ("rm -rf node_modules && rm -rf dist && rm -rf .cache", ALLOW),
        ("cargo clean && cargo clean && cargo clean", ALLOW),
        ("git diff --name-only | xargs npx prettier --write", ALLOW),
        // A listing fed to a read is a read.
        ("kubectl get pods -o name | xargs -n1 kubectl logs", ALLOW),
        (
            "gh issue list --json number -q '.[].number' | xargs -n1 echo",
            ALLOW,
        ),
        ("jq '.[].name' package-lock.json", ALLOW),
        ("git branch -r", ALLOW),
        // Three reads are reads; a `*` after a flag is a glob.
        ("grep -c x a.log; grep -c y b.log; grep -c z c.log", ALLOW),
        ("rm -f *.tmp", ALLOW),
        // A whole range on a tool that only looks.
        ("nmap -p 1-65535 localhost", ALLOW),
        ("cp all_fixtures.json tests/data/", ALLOW),
        // One item to a single-item endpoint, one address: the recognizer's own grade.
        (
            "curl -d @item.json https://api.example.com/v1/orders/42",
            CONFIRM,
        ),
        (
            "curl -X PUT -d @item.json https://api.example.com/v1/items/7",
            CONFIRM,
        ),
        (
            "curl -X DELETE https://api.example.com/v1/users/7 -d @ids.json",
            CONFIRM,
        ),
        (
            "curl -X POST https://api.example.com/v1/accounts/suspend -d @acct_7.json",
            CONFIRM,
        ),
        ("ufw allow 443/tcp", CONFIRM),
        (
            "curl -X POST https://api.sendgrid.com/v3/mail/send -d @campaign.json",
            CONFIRM,
        ),
        ("gh release delete v1.0 -y", CONFIRM),
        ("hcloud server delete a", CONFIRM),
        ("hcloud server delete a && hcloud server delete b", CONFIRM),
    ]);
}

#[test]
fn a_listing_fed_any_way_is_all_of_it() {
    expect_alone(&[
        // A resource noun spelled like a verb before the listing verb (`invoices`, `charges`)
        // does not hide the listing.
        (
            "stripe invoices list --limit 50 | jq -r '.data[].id' | xargs -n1 stripe invoices void",
            VERIFY,
        ),
        (
            "stripe charges list --limit 20 | jq -r '.data[].id' | xargs -I{} stripe refunds create --charge {}",
            VERIFY,
        ),
        // Pipe to xargs from a `list` subcommand through jq's every element.
        (
            "scw instance server list -o json | jq -r '.[].id' | xargs -n1 scw instance server delete",
            VERIFY,
        ),
        (
            "yc compute instance list --format json | jq -r '.[].id' | xargs -I{} yc compute instance delete {}",
            VERIFY,
        ),
        (
            "gh release list --json tagName -q '.[].tagName' | xargs -n1 gh release delete -y",
            VERIFY,
        ),
        // A `for` loop over a listing, the variable inside a longer word.
        (
            "for r in $(gh repo list acme --json name -q '.[].name'); do gh repo archive acme/$r -y; done",
            VERIFY,
        ),
        // A `$(...)` operand.
        (
            "stripe customers delete $(stripe customers list --limit 100 -q)",
            VERIFY,
        ),
        // A read loop over a file named for all of something.
        (
            "while read h; do ssh $h sudo systemctl stop nginx; done < all_hosts.txt",
            VERIFY,
        ),
        // `-r` lists every remote branch.
        (
            "for b in $(git branch -r | sed 's#origin/##'); do git push origin --delete $b; done",
            VERIFY,
        ),
    ]);
}

#[test]
fn a_target_named_for_all_is_all_of_them() {
    expect_alone(&[
        (
            "curl -X POST https://api.sendgrid.com/v3/mail/batch -d @campaign.json",
            VERIFY,
        ),
        (
            "curl -X DELETE https://api.example.com/v1/users/batch -d @ids.json",
            VERIFY,
        ),
        (
            "curl -X POST https://api.example.com/v1/accounts/suspend -d @all_accounts.json",
            VERIFY,
        ),
        (
            "curl -X POST https://api.example.com/v1/users/batch -d @changes.json",
            VERIFY,
        ),
        ("swaks --to everyone@acme.com --body @notice.txt", STOP),
    ]);
}

#[test]
fn the_same_destroy_three_times_is_bulk() {
    expect_alone(&[
        (
            "hcloud server delete a && hcloud server delete b && hcloud server delete c",
            VERIFY,
        ),
        (
            "doctl compute droplet delete -f a && doctl compute droplet delete -f b && doctl compute droplet delete -f c",
            VERIFY,
        ),
        (
            "gh release delete v1.0 -y; gh release delete v1.1 -y; gh release delete v1.2 -y",
            VERIFY,
        ),
    ]);
}

#[test]
fn a_whole_range_is_everything() {
    expect_alone(&[
        ("ufw allow 1:65535/tcp", VERIFY),
        ("ufw allow from any to any port 1:65535 proto tcp", VERIFY),
        ("iptables -A INPUT -p tcp --dport 1:65535 -j ACCEPT", VERIFY),
        ("firewall-cmd --zone=public --add-port=0-65535/udp", VERIFY),
        ("ufw allow from 0.0.0.0/0 to any port 22", VERIFY),
        // SSH let in from every address: flags.rs reads the network range (the internet),
        // and the whole range raises it, as `ufw allow from 0.0.0.0/0 to any port 22` above.
        (
            "az network nsg rule create -g rg --nsg-name web -n open --priority 100 --source-address-prefixes '*' --destination-port-ranges 22 --access Allow",
            VERIFY,
        ),
    ]);
}

#[test]
fn whole_ranges_by_shape() {
    use crate::recognize::everything::whole_range;
    for v in [
        "1-65535",
        "0-65535",
        "tcp:1-65535",
        "1:65535/tcp",
        "0.0.0.0/0",
        "::/0",
        "*",
    ] {
        assert!(whole_range(v), "{v} covers a whole space");
    }
    for v in [
        "443",
        "8000-9000",
        "10.0.0.0/8",
        "1-1024",
        "0.0.0.0",
        "tcp:443",
    ] {
        assert!(!whole_range(v), "{v} is a part of a space");
    }
}
