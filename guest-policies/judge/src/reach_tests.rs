//! The object's reach in REST, RPC and GraphQL APIs, and publication (recognize/reach.rs): a
//! container (a workspace, a board, a service, a zone, an audience, an app) deleted, archived
//! or transferred takes everything under it (verified or stopped); a leaf (one card, one
//! comment, one DNS record) deleted is asked; a post made public is asked. Reads and drafts
//! stay allowed. None of the lines occurs in a labeled set: ClickUp, Confluence, Netlify,
//! Render, Fly, Opsgenie, Discord, Auth0, Sanity, Contentful, monday.com, Railway, Slack's
//! admin API, Bluesky, Misskey, Ghost, Tumblr, dev.to, Medium and others.

use crate::finding::Severity;
use crate::severity_tables::{ALLOW, CONFIRM, STOP, VERIFY, expect_alone, expect_at_least};

#[test]
fn containers_deleted_take_everything_under_them() {
    expect_at_least(&[
        // Vendor containers whose collection word is ambiguous elsewhere.
        (
            "curl -X DELETE https://api.clickup.com/api/v2/space/90120 -H \"Authorization: $CU\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://api.clickup.com/api/v2/list/901 -H \"Authorization: $CU\"",
            Severity::Verify,
        ),
        (
            "curl -u me:$TOKEN -X DELETE https://northwind.atlassian.net/wiki/api/v2/spaces/98304",
            Severity::Verify,
        ),
        (
            "http DELETE https://api.netlify.com/api/v1/sites/3970e0fe Authorization:\"Bearer $NETLIFY\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://api.render.com/v1/services/srv-cq8 -H \"Authorization: Bearer $RENDER\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://api.machines.dev/v1/apps/ledger-api -H \"Authorization: Bearer $FLY\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://api.opsgenie.com/v2/teams/ops-core -H \"Authorization: GenieKey $OG\"",
            Severity::Verify,
        ),
        (
            "xh DELETE https://discord.com/api/v10/guilds/81384 \"Authorization:Bot $DISCORD\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://northwind.eu.auth0.com/api/v2/connections/con_8Yz -H \"Authorization: Bearer $A0\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://api.sanity.io/v2021-06-07/projects/zp7mbokg/datasets/production -H \"Authorization: Bearer $SANITY\"",
            Severity::Verify,
        ),
        (
            "Invoke-RestMethod -Method Delete -Uri https://api.contentful.com/spaces/yadj1kx9rmg0/environments/master -Headers $h",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://us6.api.mailchimp.com/3.0/lists/57afe96172 --user any:$MC",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://api.linode.com/v4/domains/1234 -H \"Authorization: Bearer $LINODE\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://app.terraform.io/api/v2/organizations/northwind/workspaces/ledger-prod -H \"Authorization: Bearer $TFC\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://api.pulumi.com/api/stacks/northwind/ledger/prod -H \"Authorization: token $PULUMI\"",
            Severity::Verify,
        ),
        // A container of an API the tables do not name: its collection word says it.
        (
            "curl -X DELETE https://api.example-tracker.io/v3/workspaces/ws_81 -H \"Authorization: Bearer $T\"",
            Severity::Verify,
        ),
        (
            "wget --method=DELETE https://kb.northwind.io/api/spaces/ENG",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn containers_archived_or_transferred_and_rpc_and_graphql_deletes() {
    expect_at_least(&[
        (
            "curl -X POST https://slack.com/api/admin.conversations.delete -H \"Authorization: Bearer $SLACK\" -d channel_id=C024BE91L",
            Severity::Verify,
        ),
        (
            "curl -X POST https://slack.com/api/conversations.archive -H \"Authorization: Bearer $SLACK\" -d channel=C024BE91L",
            Severity::Verify,
        ),
        (
            "curl -X POST https://bsky.social/xrpc/com.atproto.server.deleteAccount --json '{\"did\":\"did:plc:x\",\"password\":\"p\",\"token\":\"t\"}'",
            Severity::Verify,
        ),
        (
            "curl -X POST https://api.monday.com/v2 -H \"Authorization: $MONDAY\" --json '{\"query\":\"mutation { delete_board (board_id: 1234) { id } }\"}'",
            Severity::Verify,
        ),
        (
            "curl https://backboard.railway.app/graphql/v2 -H \"Authorization: Bearer $RW\" --json '{\"query\":\"mutation { projectDelete(id: \\\"p1\\\") }\"}'",
            Severity::Verify,
        ),
        (
            "curl -X PUT \"https://api.trello.com/1/boards/5f2b1c?closed=true&key=$K&token=$T\"",
            Severity::Verify,
        ),
        (
            "curl -X PATCH https://api.notion.com/v1/databases/668d797c -H \"Notion-Version: 2022-06-28\" --json '{\"in_trash\": true}'",
            Severity::Verify,
        ),
        (
            "curl -X POST https://api.github.com/repos/northwind/ledger/transfer -H \"Authorization: Bearer $GH\" -d '{\"new_owner\":\"someone-else\"}'",
            Severity::Verify,
        ),
        (
            "glab api -X PUT projects/412/transfer -f namespace=other-group",
            Severity::Verify,
        ),
        (
            "gh api -X PATCH repos/northwind/ledger -F archived=true",
            Severity::Verify,
        ),
    ]);
}

#[test]
fn leaves_deleted_through_rpc_and_graphql_are_asked() {
    expect_alone(&[
        (
            "curl -X POST https://slack.com/api/chat.delete -H \"Authorization: Bearer $SLACK\" -d channel=C1 -d ts=1405894322.002768",
            CONFIRM,
        ),
        (
            "curl -X POST https://bsky.social/xrpc/com.atproto.repo.deleteRecord -H \"Authorization: Bearer $T\" --json '{\"repo\":\"me\",\"collection\":\"app.bsky.feed.post\",\"rkey\":\"3k\"}'",
            CONFIRM,
        ),
        (
            "curl https://api.linear.app/graphql -H \"Authorization: $LIN\" --json '{\"query\":\"mutation { issueDelete(id: \\\"ENG-12\\\") { success } }\"}'",
            CONFIRM,
        ),
    ]);
}

#[test]
fn publications_are_asked() {
    expect_at_least(&[
        (
            "curl -X POST https://fosstodon.org/api/v1/statuses -H \"Authorization: Bearer $TOKEN\" -d status=Released",
            Severity::Confirm,
        ),
        (
            "http POST https://bsky.social/xrpc/com.atproto.repo.createRecord Authorization:\"Bearer $JWT\" repo=me collection=app.bsky.feed.post record:='{\"text\":\"v2 is out\"}'",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://misskey.io/api/notes/create --json '{\"i\":\"tok\",\"text\":\"hello\"}'",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://api.x.com/2/tweets -H \"Authorization: Bearer $X\" --json '{\"text\":\"launch\"}'",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://blog.northwind.io/ghost/api/admin/posts/ -H \"Authorization: Ghost $JWT\" --json '{\"posts\":[{\"title\":\"Q3\",\"status\":\"published\"}]}'",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://northwind.blog/wp-json/wp/v2/posts -u admin:$WP_APP -d title=Launch -d status=publish",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://api.medium.com/v1/users/5303d74c/posts -H \"Authorization: Bearer $MEDIUM\" --json '{\"title\":\"Q3\",\"contentFormat\":\"markdown\",\"content\":\"# Q3\"}'",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://dev.to/api/articles -H \"api-key: $DEVTO\" --json '{\"article\":{\"title\":\"x\",\"published\":true}}'",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://api.tumblr.com/v2/blog/northwind/posts -H \"Authorization: Bearer $TUMBLR\" --json '{\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}'",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://graph.facebook.com/v19.0/1049/feed -d message=Launch -d access_token=$PAGE",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://api.webflow.com/v2/sites/580e63e98c9a982ac9b8b741/publish -H \"Authorization: Bearer $WF\"",
            Severity::Confirm,
        ),
        (
            "curl -X PUT https://api.contentful.com/spaces/yadj1kx9/environments/master/entries/5KsDBWseXY6QegucYAoacS/published -H \"Authorization: Bearer $CMA\"",
            Severity::Confirm,
        ),
        // A body read from a file may say publish: it is not read, so it is not trusted.
        (
            "curl -X POST https://northwind.blog/wp-json/wp/v2/posts -u admin:$WP_APP --json @post.json",
            Severity::Confirm,
        ),
        // A draft word does not silence a publish in the same body.
        (
            "curl -X POST https://northwind.blog/wp-json/wp/v2/posts -u admin:$WP_APP -d status=draft -d status=publish",
            Severity::Confirm,
        ),
        (
            "curl -X POST https://api.medium.com/v1/users/5303d74c/posts -H \"Authorization: Bearer $M\" --json '{\"publishStatus\":\"draft\",\"x\":{\"publishStatus\":\"public\"}}'",
            Severity::Confirm,
        ),
    ]);
}

#[test]
fn reads_drafts_leaves_and_creations_keep_their_grade() {
    expect_alone(&[
        // Reads of the same containers.
        (
            "curl -s https://api.clickup.com/api/v2/space/90120 -H \"Authorization: $CU\"",
            ALLOW,
        ),
        (
            "curl -s https://api.netlify.com/api/v1/sites/3970e0fe -H \"Authorization: Bearer $NETLIFY\"",
            ALLOW,
        ),
        (
            "curl -s https://fosstodon.org/api/v1/statuses/1093 -H \"Authorization: Bearer $T\"",
            ALLOW,
        ),
        (
            "curl -s -X POST https://slack.com/api/conversations.history -H \"Authorization: Bearer $SLACK\" -d channel=C1",
            ALLOW,
        ),
        (
            "curl -X POST https://bsky.social/xrpc/com.atproto.server.createSession --json '{\"identifier\":\"me\",\"password\":\"p\"}'",
            ALLOW,
        ),
        (
            "curl https://api.linear.app/graphql -H \"Authorization: $LIN\" --json '{\"query\":\"query { teams { nodes { id name } } }\"}'",
            ALLOW,
        ),
        (
            "curl https://api.linear.app/graphql -H \"Authorization: $LIN\" --json '{\"query\":\"mutation { issueCreate(input: {title: \\\"delete old team docs\\\"}) { success } }\"}'",
            ALLOW,
        ),
        // Drafts stay drafts.
        (
            "curl -X POST https://northwind.blog/wp-json/wp/v2/posts -u admin:$WP_APP -d title=Launch -d status=draft",
            ALLOW,
        ),
        (
            "curl -X POST https://blog.northwind.io/ghost/api/admin/posts/ -H \"Authorization: Ghost $JWT\" --json '{\"posts\":[{\"title\":\"Q3\"}]}'",
            ALLOW,
        ),
        (
            "curl -X POST https://api.medium.com/v1/users/5303d74c/posts -H \"Authorization: Bearer $M\" --json '{\"title\":\"Q3\",\"publishStatus\":\"draft\"}'",
            ALLOW,
        ),
        (
            "curl -X POST https://dev.to/api/articles -H \"api-key: $DEVTO\" --json '{\"article\":{\"title\":\"x\",\"published\":false}}'",
            ALLOW,
        ),
        // A leaf under a container is asked, not verified.
        (
            "curl -X DELETE https://api.trello.com/1/cards/60d5ecb?key=$K&token=$T",
            CONFIRM,
        ),
        (
            "curl -X DELETE https://api.clickup.com/api/v2/task/9hz -H \"Authorization: $CU\"",
            CONFIRM,
        ),
        (
            "curl -X DELETE https://api.intercom.io/contacts/6329bd9 -H \"Authorization: Bearer $IC\"",
            CONFIRM,
        ),
        // A card archived (closed) is one leaf: asked at most.
        (
            "curl -X PUT \"https://api.trello.com/1/cards/60d5ecb?closed=true&key=$K&token=$T\"",
            CONFIRM,
        ),
        // A container created or renamed is not destroyed.
        (
            "curl -X POST https://api.clickup.com/api/v2/team/123/space -H \"Authorization: $CU\" --json '{\"name\":\"Ops\"}'",
            ALLOW,
        ),
        (
            "curl -X PUT \"https://api.trello.com/1/boards/5f2b1c?name=Roadmap&key=$K&token=$T\"",
            ALLOW,
        ),
        // The developer's own service.
        (
            "curl -X DELETE http://localhost:8080/api/workspaces/ws_1",
            ALLOW,
        ),
    ]);
}

#[test]
fn hostile_words_do_not_lower_a_container_delete() {
    expect_at_least(&[
        // A name that says test, a read word in the query, a dry-run-looking field.
        (
            "curl -X DELETE \"https://api.clickup.com/api/v2/space/90120?format=table&test=true\" -H \"Authorization: $CU\"",
            Severity::Verify,
        ),
        (
            "curl -X DELETE https://api.pagerduty.com/services/PTEST1 -H \"Authorization: Token token=$PD\" -d '{\"dry_run\": true}'",
            Severity::Verify,
        ),
    ]);
    // A container delete that names production stays stopped where the ladder stops it.
    expect_at_least(&[(
        "curl -X DELETE https://api.render.com/v1/postgres/dpg-prod-ledger -H \"Authorization: Bearer $R\"",
        Severity::Verify,
    )]);
    let _ = (STOP, VERIFY);
}

#[test]
fn inline_code_calls_and_delete_everything_fields() {
    expect_at_least(&[
        (
            "python3 -c \"import requests; requests.delete('https://api.clickup.com/api/v2/folder/457', headers=h)\"",
            Severity::Verify,
        ),
        (
            "node -e \"fetch('https://api.render.com/v1/postgres/dpg-1', {method: 'DELETE', headers: h})\"",
            Severity::Verify,
        ),
        (
            "python3 -c \"import httpx; httpx.post('https://hachyderm.io/api/v1/statuses', data={'status': 'v3 shipped'}, headers=h)\"",
            Severity::Confirm,
        ),
        (
            "python3 -c \"import requests; requests.post('https://blog.northwind.io/wp-json/wp/v2/pages', json={'title': 'Pricing', 'status': 'publish'}, auth=a)\"",
            Severity::Confirm,
        ),
        (
            "curl -X DELETE \"https://api.example-mailer.io/v3/contacts?delete_all_contacts=true\" -H \"Authorization: Bearer $K\"",
            Severity::Verify,
        ),
        (
            "xh DELETE 'https://api.example-crm.io/v2/leads?all=true' Authorization:\"Bearer $K\"",
            Severity::Verify,
        ),
    ]);
    expect_alone(&[
        (
            "python3 -c \"import requests; print(requests.get('https://api.clickup.com/api/v2/folder/457', headers=h).json())\"",
            ALLOW,
        ),
        (
            "python3 -c \"import requests; requests.post('https://blog.northwind.io/wp-json/wp/v2/pages', json={'title': 'Pricing', 'status': 'draft'}, auth=a)\"",
            ALLOW,
        ),
        (
            "python3 -c \"import requests; requests.delete('http://127.0.0.1:8000/api/workspaces/1')\"",
            ALLOW,
        ),
        // A delete that is not a web call, next to a read of a container.
        (
            "python3 -c \"import requests, redis; print(requests.get('https://api.clickup.com/api/v2/folder/457').json()); redis.Redis().delete('folder:457')\"",
            ALLOW,
        ),
        (
            "curl -X POST https://api.example-mailer.io/v3/contacts -H \"Authorization: Bearer $K\" --json '{\"email\":\"a@example.com\",\"all_lists\":true}'",
            ALLOW,
        ),
    ]);
}

#[test]
fn forge_graphql_mutations_by_reach() {
    expect_at_least(&[
        (
            "gh api graphql -f query='mutation { archiveRepository(input: {repositoryId: \"R_kgDO\"}) { clientMutationId } }'",
            Severity::Verify,
        ),
        (
            "gh api graphql -f query='mutation($id: ID!) { transferRepository(input: {repositoryId: $id, newOwnerId: \"O_1\"}) { repository { url } } }' -f id=R_kgDO",
            Severity::Verify,
        ),
    ]);
    expect_alone(&[
        (
            "gh api graphql -f query='query { repository(owner: \"acme\", name: \"ledger\") { isArchived } }'",
            ALLOW,
        ),
        (
            "gh api graphql -f query='mutation { addStar(input: {starrableId: \"R_kgDO\"}) { clientMutationId } }'",
            ALLOW,
        ),
    ]);
}

#[test]
fn hosts_with_letters_outside_ascii_are_read_without_a_panic() {
    // A host suffix compared where a multi-byte letter sits must not slice inside it (the
    // differential corpus found `evil.eÉxample.com`); the request is still judged.
    for host in [
        "evil.eÉxample.com",
        "api.trellö.com",
        "ÉÉÉÉÉÉÉÉÉÉÉÉÉÉÉ.com",
        "é.api.pagerduty.com",
    ] {
        let text = format!("curl -X DELETE https://{host}/1/boards/abc123");
        let _ = crate::judge(&text, &[]);
    }
    expect_at_least(&[(
        "curl -X DELETE https://é.api.pagerduty.com/services/PXYZ12",
        Severity::Verify,
    )]);
}
