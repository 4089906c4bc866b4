//! The reach of an operation repeated over a collection (holdout13 analysis, model 1): the
//! operation is graded per item by its recognizer; the collection decides how far it reaches.
//! Rows are written from the programs' documentation (xargs(1), parallel(1), seq(1), swaks,
//! msmtp, mutt, telegram-send, the HubSpot, boto3 and Stripe SDKs, PowerShell's cmdlets), not
//! from any labeled set. Each kind has near misses that stay allowed (the same loop reading, a
//! bounded list) and bypasses (a name that tries to lower).

use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect, expect_alone};

#[test]
fn a_repeaters_own_file_is_its_collection() {
    expect_alone(&[
        (
            "xargs -a all_accounts.lst -I{} hcloud server delete {}",
            VERIFY,
        ),
        (
            "xargs --arg-file=every_droplet.txt -n1 doctl compute droplet delete -f",
            VERIFY,
        ),
        (
            "parallel -j4 hcloud server delete {} :::: all_servers.txt",
            VERIFY,
        ),
        // Reads over everyone, build outputs: allowed.
        ("xargs -a urls.txt -n1 curl -sI", ALLOW),
        ("xargs --arg-file=all_hosts.txt -n1 dig +short", ALLOW),
        ("parallel -j8 gzip -9 :::: build_outputs.txt", ALLOW),
        // A name never lowers: a file called test_ids keeps the per-item grade.
        (
            "xargs -a test_ids.txt -I{} hcloud server delete {}",
            CONFIRM,
        ),
        (
            "xargs -a three_test_servers.txt -I{} hcloud server delete {}",
            CONFIRM,
        ),
    ]);
}

#[test]
fn listings_of_every_tag_row_and_number_reach_everything() {
    expect_alone(&[
        ("git tag | xargs -n1 git push --delete upstream", VERIFY),
        ("git tag -l | xargs -n1 git push upstream --delete", VERIFY),
        (
            "mysql -Nse 'SELECT id FROM members' | xargs -I{} curl -X DELETE https://api.example.com/v1/members/{}",
            STOP,
        ),
        ("seq 1 20000 | xargs -I{} hcloud server delete {}", VERIFY),
        (
            "for n in {1..900}; do curl -X DELETE https://api.example.com/v1/tickets/$n; done",
            VERIFY,
        ),
        // The same listings read, a few numbers, a picked tag: their own grade.
        ("git tag | xargs -n1 git show --stat", ALLOW),
        ("seq 1 20 | xargs -I{} hcloud server delete {}", CONFIRM),
        (
            "seq 1 5000 | xargs -I{} touch build/fixtures/f{}.json",
            ALLOW,
        ),
        (
            "sqlite3 app.db 'SELECT name FROM users' | xargs -n1 echo",
            ALLOW,
        ),
        (
            "for n in {1..3}; do curl -X DELETE https://api.example.com/v1/tickets/$n; done",
            CONFIRM,
        ),
        (
            "git tag -l 'rc-*' | xargs -n1 git push upstream --delete",
            CONFIRM,
        ),
        (
            "mysql -Nse 'SELECT id FROM members WHERE id = 7' | xargs -I{} curl -X DELETE https://api.example.com/v1/members/{}",
            CONFIRM,
        ),
        ("git branch | grep -v main | xargs git branch -d", ALLOW),
    ]);
}

#[test]
fn a_message_program_run_per_item_is_a_mass_send() {
    expect_alone(&[
        (
            "while read -r addr; do swaks --to \"$addr\" --server smtp.example.com --body notice.txt; done < customer_emails.txt",
            STOP,
        ),
        (
            "jq -r '.[].phone' all_members.json | while read p; do twilio api:core:messages:create --to \"$p\" --from +15005550006 --body hi; done",
            STOP,
        ),
        (
            "for a in $(cat subscribers.txt); do mutt -s News \"$a\" < news.txt; done",
            VERIFY,
        ),
        ("xargs -a everyone.txt -n1 telegram-send", VERIFY),
        // An HTTP client posting to a sending API is a sender.
        (
            "jq -c '.[]' subscribers.json | while read m; do curl -s https://api.sparkpost.com/api/v1/transmissions -H \"Authorization: $SP_KEY\" -d \"$m\"; done",
            VERIFY,
        ),
        (
            "while read n; do curl -s -X POST https://api.pushover.net/1/messages.json -F token=$T -F user=\"$n\" -F message=down; done < all_users.txt",
            STOP,
        ),
        // The same APIs read per item: allowed.
        (
            "while read id; do curl -s https://api.sparkpost.com/api/v1/events/message?ids=$id -H \"Authorization: $SP_KEY\"; done < all_ids.txt",
            ALLOW,
        ),
        // A file of unknown size: confirmed, never lowered by its name.
        (
            "while read a; do msmtp \"$a\" < note.eml; done < list.txt",
            CONFIRM,
        ),
        (
            "while read a; do msmtp \"$a\" < note.eml; done < test_list.txt",
            CONFIRM,
        ),
        // Names written out, one mail, a read over the same file: allowed.
        (
            "for a in alice@example.com bob@example.com; do msmtp \"$a\" < note.eml; done",
            ALLOW,
        ),
        ("msmtp dev@example.com < report.eml", ALLOW),
        (
            "while read a; do grep -c \"$a\" mail.log; done < subscribers.txt",
            ALLOW,
        ),
    ]);
}

#[test]
fn an_earlier_steps_count_of_the_file_is_the_collections_size() {
    let lp = "while read id; do curl -X DELETE \"https://api.example.com/v1/accounts/$id\"; done < export.csv";
    expect(&[
        (
            lp,
            &["psql -Atc 'select id from accounts' > export.csv  # 12,400 rows"],
            VERIFY,
        ),
        (lp, &[], CONFIRM),
        // A handful of rows, or another file's count: the per-item grade.
        (
            lp,
            &["psql -Atc 'select id from accounts limit 3' > export.csv  # 3 rows"],
            CONFIRM,
        ),
        (
            lp,
            &["psql -Atc 'select id from accounts' > other.csv  # 12,400 rows"],
            CONFIRM,
        ),
    ]);
    // A file named to look small holds what the step wrote into it: a listing of everything.
    let del = "xargs -a test_ids.txt -I{} hcloud server delete {}";
    expect(&[
        (
            del,
            &["psql -Atc 'select id from servers' > test_ids.txt"],
            VERIFY,
        ),
        (del, &["./export_servers.sh --all > test_ids.txt"], VERIFY),
        (
            del,
            &["psql -Atc \"select id from servers where env = 'ci'\" > test_ids.txt"],
            CONFIRM,
        ),
        (
            del,
            &["psql -Atc 'select id from servers' > other.txt"],
            CONFIRM,
        ),
    ]);
}

#[test]
fn inline_code_over_a_collection() {
    expect_alone(&[
        (
            "node -e \"const ids=require('./everyone.json'); ids.forEach(id => client.users.delete(id))\"",
            VERIFY,
        ),
        (
            "python3 -c \"import stripe; [s.cancel() for s in stripe.Subscription.list().auto_paging_iter()]\"",
            VERIFY,
        ),
        (
            "python3 -c \"from hubspot import Client; Client.create(access_token=t).crm.companies.batch_api.archive(ids)\"",
            CONFIRM,
        ),
        (
            "python3 -c \"import hubspot,json; c=hubspot.Client.create(); c.crm.deals.batch_api.archive(json.load(open('all_deal_ids.json')))\"",
            VERIFY,
        ),
        // Reads over the same collections, and a bounded count: allowed.
        (
            "python3 -c \"import stripe; [print(s.id) for s in stripe.Subscription.list().auto_paging_iter()]\"",
            ALLOW,
        ),
        (
            "node -e \"require('./all_users.json').forEach(u => console.log(u.email))\"",
            ALLOW,
        ),
        (
            "python3 -c \"import json; ids=json.load(open('all_ids.json')); print(len(ids))\"",
            ALLOW,
        ),
    ]);
}

#[test]
fn powershell_blocks_over_everyone() {
    expect_alone(&[
        (
            "Import-Csv .\\all_members.csv | ForEach-Object { Send-MailMessage -To $_.Email -From it@example.com -Subject Notice -SmtpServer mail.example.com }",
            VERIFY,
        ),
        (
            "foreach ($c in Get-Content customers.txt) { Invoke-RestMethod -Method Delete -Uri \"https://api.example.com/v1/customers/$c\" }",
            VERIFY,
        ),
        (
            "Get-Content list.txt | % { Send-MailMessage -To $_ -From a@example.com -Subject x -SmtpServer m }",
            CONFIRM,
        ),
        // Reads over everyone: allowed.
        (
            "Get-Content all_servers.txt | ForEach-Object { Test-NetConnection $_ -Port 443 }",
            ALLOW,
        ),
        (
            "foreach ($u in Import-Csv staff.csv) { Write-Host $u.Name }",
            ALLOW,
        ),
        (
            "Get-ADUser -Filter * | ForEach-Object { $_.SamAccountName }",
            ALLOW,
        ),
    ]);
}
