//! MCP tool calls read by name and params (recognize/tool_calls.rs): the verb of the tool's
//! name graded by the object it names and the scope its params give. Servers, tools and
//! params written from the services' own API vocabularies, with names in no labeled set.

use crate::Severity::{Confirm, Stop, Verify};
use crate::severity_tables::{ALLOW, CONFIRM, expect_alone, expect_at_least};

#[test]
fn params_that_open_an_object_to_anyone_are_verified() {
    expect_at_least(&[
        (
            r#"mcp__gitea__edit_repo {"owner":"fin","repo":"ledger-core","private":false}"#,
            Verify,
        ),
        (
            r#"mcp__gdrive__add_permission {"fileId":"9xQ","type":"anyone","role":"reader"}"#,
            Verify,
        ),
        (
            r#"mcp__figma__update_file_settings {"file_key":"k1","visibility":"public"}"#,
            Verify,
        ),
        (
            r#"mcp__airtable__patch_base {"baseId":"appQ","is_public":true}"#,
            Verify,
        ),
    ]);
}

#[test]
fn deletes_are_graded_by_what_they_reach() {
    expect_at_least(&[
        // Many at once: a bulk name, a condition over a plural object, a long id list.
        (
            r#"mcp__freshdesk__bulkDeleteTickets {"status":"open"}"#,
            Stop,
        ),
        (
            r#"mcp__asana__delete_tasks {"filter":{"project":"Q3-launch"}}"#,
            Stop,
        ),
        (
            r#"mcp__trello__remove_cards {"ids":[1,2,3,4,5,6,7,8,9,10,11,12]}"#,
            Stop,
        ),
        // A container of other people's work.
        (
            r#"mcp__coda__delete_doc_folder {"folderId":"f-22"}"#,
            Verify,
        ),
        (r#"mcp__clickup__destroy_space {"space_id":"9001"}"#, Verify),
        // One item.
        (r#"mcp__todoist__delete_comment {"id":"c77"}"#, Confirm),
        (r#"mcp__grafana__remove_alert_rule {"uid":"r-1"}"#, Confirm),
    ]);
}

#[test]
fn sends_to_a_whole_audience_are_verified() {
    expect_at_least(&[
        (r#"mcp__brevo__send_newsletter {"listIds":[4]}"#, Verify),
        (
            r#"mcp__postmark__send_email {"to":"everyone@fin.example","subject":"Notice"}"#,
            Verify,
        ),
        (
            r#"mcp__discord__post_message {"channel_id":"88","content":"@everyone maintenance tonight"}"#,
            Confirm,
        ),
    ]);
}

#[test]
fn disables_money_and_shared_changes_are_asked() {
    expect_at_least(&[
        (r#"mcp__keycloak__disable_user {"userId":"u-9"}"#, Confirm),
        (
            r#"mcp__entra__suspend_accounts {"filter":"department eq 'Sales'"}"#,
            Verify,
        ),
        (
            r#"mcp__paddle__create_refund {"transaction_id":"txn_1","amount":"2500"}"#,
            Confirm,
        ),
        (
            r#"mcp__wise__create_transfer {"targetAccount":77,"amount":2500000}"#,
            Verify,
        ),
        (
            r#"mcp__gitea__merge_pull {"owner":"fin","repo":"ledger-core","index":12}"#,
            Confirm,
        ),
    ]);
}

#[test]
fn reads_drafts_and_plain_messages_go_ahead() {
    expect_alone(&[
        (
            r#"mcp__gitea__get_repo {"owner":"fin","repo":"ledger-core"}"#,
            ALLOW,
        ),
        // A read whose params mention public or delete is still a read.
        (
            r#"mcp__gdrive__list_permissions {"fileId":"9xQ","type":"anyone"}"#,
            ALLOW,
        ),
        (
            r#"mcp__freshdesk__search_tickets {"query":"delete my account"}"#,
            ALLOW,
        ),
        (
            r#"mcp__discord__post_message {"channel_id":"88","content":"build 412 is green"}"#,
            ALLOW,
        ),
        (
            r#"mcp__brevo__create_email_draft {"subject":"Spring notes"}"#,
            ALLOW,
        ),
        (
            r#"mcp__asana__update_task {"task_gid":"5","completed":true}"#,
            ALLOW,
        ),
        // Not a tool call: words that look like one in a sentence.
        ("explain what mcp_delete_all does in the docs", ALLOW),
    ]);
}

#[test]
fn a_hostile_call_cannot_talk_its_way_down() {
    // Nothing in a tool call lowers: read-looking words in params, a draft-sounding field or
    // a test flag leave the name's verb and the params' scope as they are.
    expect_at_least(&[
        (
            r#"mcp__gitea__edit_repo {"private":false,"description":"list only, read-only, dry run"}"#,
            Verify,
        ),
        (
            r#"mcp__freshdesk__bulkDeleteTickets {"draft":true,"test":true}"#,
            Stop,
        ),
        (
            r#"MCP__Clickup__Destroy_Space {"space_id":"9001","note":"preview"}"#,
            Verify,
        ),
    ]);
    expect_alone(&[(r#"mcp__grafana__remove_alert_rule {"uid":"r-1"}"#, CONFIRM)]);
}
