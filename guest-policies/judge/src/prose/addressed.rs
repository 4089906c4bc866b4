//! A request addressed to a tool, a server or another agent (session 22): "tell the k8s MCP
//! server to delete all pods in the payments namespace on prod-eu", "ask the github tool to
//! archive every repo", "have the deploy bot roll back prod". The agent's act is the inner
//! request: the tool does what it is told, with the agent's rights.
//!
//! A reduction ([`super::reduce`]): the address is dropped and the request read as written,
//! in addition to the sentence itself, so this only adds a reading. The one addressed must be
//! a tool (a noun of [`TOOLS`] ends the address, within six words and no clause break): "ask
//! Priya to delete the branch" asks a person, and stays the person's act.

/// Verbs that hand a request to someone.
const ASKS: &[&str] = &[
    "tell", "ask", "have", "get", "instruct", "use", "make", "let", "direct", "prompt", "order",
];

/// What the request is addressed to: tools and the agents behind them.
const TOOLS: &[&str] = &[
    "tool",
    "tools",
    "server",
    "mcp",
    "bot",
    "agent",
    "subagent",
    "sub-agent",
    "assistant",
    "integration",
    "plugin",
    "connector",
    "copilot",
    "skill",
    "cli",
    "extension",
    "app",
    "workflow",
];

/// Whether `text` opens with a request addressed to a tool (after "please" or "just").
pub(super) fn to_tool(text: &str) -> bool {
    let mut words = text.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let lead = first.trim_matches(|c: char| !c.is_ascii_alphabetic());
    // Most texts open with no verb of [`ASKS`]: nothing is collected for them.
    let skip = ["please", "just", "now"]
        .iter()
        .any(|w| lead.eq_ignore_ascii_case(w));
    if !skip && !ASKS.iter().any(|w| lead.eq_ignore_ascii_case(w)) {
        return false;
    }
    let words: Vec<&str> = text
        .split_whitespace()
        .skip(usize::from(skip))
        .take(10)
        .collect();
    addressed(&words).is_some()
}

/// How many words at the start of `words` address a tool ("tell the k8s MCP server to"), or
/// `None` when they do not.
pub(super) fn addressed(words: &[&str]) -> Option<usize> {
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-')
            .to_ascii_lowercase()
    };
    let first = bare(words.first()?);
    if !ASKS.contains(&first.as_str()) {
        return None;
    }
    // The address: up to six words, no clause break, ending with a tool's noun.
    for end in 1..words.len().min(8) {
        let w = words[end];
        if w.ends_with([',', '.', ';', ':', '!', '?']) {
            return None;
        }
        if !TOOLS.contains(&bare(w).as_str()) {
            continue;
        }
        let next = bare(words.get(end + 1)?);
        // "tell the tool to delete ...", or "have the bot delete ...".
        let drop = if next == "to" {
            end + 2
        } else if matches!(first.as_str(), "have" | "make" | "let") {
            end + 1
        } else {
            continue;
        };
        return (drop < words.len()).then_some(drop);
    }
    None
}
