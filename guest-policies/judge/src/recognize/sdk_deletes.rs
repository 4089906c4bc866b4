//! An SDK client's call that deletes a whole container of work, as the platform's CLI
//! equivalent would (`gh repo delete`, `glab project delete`, `jira project delete`): Python's
//! and JavaScript's clients name the operation after the REST resource, so the method's name
//! says it (`jira.delete_project('PAY')`, `gl.projects.delete(id)`,
//! `octokit.repos.delete({...})`, `g.get_repo('acme/api').delete()`, `ws.workspace.delete(p,
//! recursive=True)`). Stores' deletes (databases, collections, indexes, tables) are
//! [`super::data_stores::client_calls`]'; AWS's are [`super::runtimes::aws_sdk`]'.
//!
//! A project, repository, workspace, organization or space holds everything made in it
//! (issues, code, history, pages): deleting it is a CLI's irreversible delete (Verify). A
//! container's name is the agent's word: nothing here lowers by it.

use super::finding;
use crate::finding::{Family, Finding, Severity};
use crate::substring::has;

/// What a container's delete takes with it, by the container's name as resources name it.
const CONTAINERS: &[(&str, &str)] = &[
    (
        "project",
        "a project and everything in it (issues, code, pages, history)",
    ),
    (
        "projects",
        "a project and everything in it (issues, code, pages, history)",
    ),
    ("repo", "a repository and its whole history"),
    ("repos", "a repository and its whole history"),
    ("repository", "a repository and its whole history"),
    ("repositories", "a repository and its whole history"),
    ("workspace", "a workspace and everything in it"),
    ("workspaces", "a workspace and everything in it"),
    ("organization", "an organization and everything it owns"),
    ("organizations", "an organization and everything it owns"),
    ("org", "an organization and everything it owns"),
    ("orgs", "an organization and everything it owns"),
    ("space", "a space and every page in it"),
    ("spaces", "a space and every page in it"),
    ("group", "a group and every project in it"),
    ("groups", "a group and every project in it"),
    ("team", "a team and what it owns"),
    ("zone", "a DNS zone and every record in it"),
    ("zones", "a DNS zone and every record in it"),
    ("site", "a site and its deployments"),
    ("sites", "a site and its deployments"),
    ("board", "a board and every card on it"),
    ("base", "a base and every table in it"),
];

/// The container a method's name deletes: `delete_project`, `deleteProject`, `remove_repo`,
/// `destroy_workspace` (lowercased, `_` dropped, the verb first).
fn deleted_container(name: &str) -> Option<&'static str> {
    if name.len() > 24 {
        return None;
    }
    let mut buf = [0_u8; 24];
    let mut n = 0;
    for b in name.bytes().filter(|b| *b != b'_') {
        buf[n] = b.to_ascii_lowercase();
        n += 1;
    }
    let lower = std::str::from_utf8(&buf[..n]).ok()?;
    let rest = ["delete", "destroy", "remove", "purge"]
        .iter()
        .find_map(|v| lower.strip_prefix(v))?;
    CONTAINERS
        .iter()
        .find(|(c, _)| *c == rest)
        .map(|(_, what)| *what)
}

/// Reads inline code for SDK deletes of whole containers.
pub fn calls(body: &str, out: &mut Vec<Finding>) {
    if !(has(body, "delete") || has(body, "destroy") || has(body, "remove") || has(body, "purge")) {
        return;
    }
    let mut seen = 0;
    for (open, _) in body.match_indices('(') {
        let start = crate::substring::after_last(&body[..open], |c: char| {
            !(c.is_ascii_alphanumeric() || c == '_')
        });
        let name = &body[start..open];
        if !name
            .bytes()
            .next()
            .is_some_and(|c| matches!(c | 0x20, b'd' | b'r' | b'p'))
        {
            continue;
        }
        seen += 1;
        if seen > 64 {
            break;
        }
        // A method on a client: a receiver before it.
        let before = &body[..start];
        if !before.ends_with('.') {
            continue;
        }
        let args = super::interpreters::call_arguments(crate::cut(&body[open + 1..], 400));
        let what = if let Some(what) = deleted_container(name) {
            // `client.delete_project()` with nothing named deletes nothing known.
            if args.trim().is_empty() {
                continue;
            }
            what
        } else if matches!(name, "delete" | "destroy") {
            // `gl.projects.delete(id)`, `octokit.repos.delete({...})`: the collection's name
            // is the receiver, itself a client's member (a list's `projects.remove(p)` is
            // not a delete); `g.get_repo('x').delete()`: the object fetched just before.
            let receiver = receiver_name(before);
            let chain = before.trim_end_matches('.');
            let member = chain[..chain.len() - receiver.len()].ends_with('.');
            match CONTAINERS.iter().find(|(c, _)| *c == receiver) {
                Some((_, what)) if member && !args.trim().is_empty() => what,
                _ => match fetched(before) {
                    Some(what) if args.trim().is_empty() || recursive(args) => what,
                    _ => continue,
                },
            }
        } else {
            continue;
        };
        out.push(finding(
            Family::Business,
            "business.sdk-container-delete",
            Severity::Verify,
            format!("inline code calls {name}: deletes {what}, for good"),
        ));
    }
}

/// The name of a method's receiver (`projects` in `gl.projects.delete(`), lowercased.
fn receiver_name(before: &str) -> String {
    let r = before.trim_end_matches('.');
    let start = crate::substring::after_last(r, |c: char| !(c.is_ascii_alphanumeric() || c == '_'));
    r[start..].to_ascii_lowercase()
}

/// The container an object was fetched as, when the receiver is a getter's call
/// (`get_repo('x').`, `getProject(id).`, `projects.get(id).`).
fn fetched(before: &str) -> Option<&'static str> {
    let r = before.trim_end_matches('.');
    let r = r.strip_suffix(')')?;
    // The getter's `(`: the last one at the same depth.
    let mut depth = 0_i32;
    let mut open = None;
    for (i, c) in r.char_indices().rev() {
        match c {
            ')' | ']' | '}' => depth += 1,
            '(' | '[' | '{' if depth == 0 => {
                open = Some(i);
                break;
            }
            '(' | '[' | '{' => depth -= 1,
            _ => {}
        }
    }
    let head = &r[..open?];
    let start =
        crate::substring::after_last(head, |c: char| !(c.is_ascii_alphanumeric() || c == '_'));
    let getter = head[start..].to_ascii_lowercase().replace('_', "");
    let container = match getter.strip_prefix("get") {
        Some("") => receiver_name(&head[..start]),
        Some(c) => c.to_owned(),
        None => return None,
    };
    CONTAINERS
        .iter()
        .find(|(c, _)| *c == container)
        .map(|(_, what)| *what)
}

/// Whether a call's arguments ask for recursion (`recursive=True`, `recursive: true`).
fn recursive(args: &str) -> bool {
    let a: String = args.chars().filter(|c| !c.is_whitespace()).collect();
    a.contains("recursive=True") || a.contains("recursive:true")
}
