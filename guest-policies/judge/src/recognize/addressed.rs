//! Words addressed to a tool server: "tell the k8s MCP server to delete all pods in payments",
//! "ask the GitHub tool to archive every repo", "have the db agent drop the staging schema".
//!
//! # Why
//!
//! An agent that drives MCP servers reports what it asks them to do in a sentence whose verb is
//! "tell" or "ask"; the request itself is the clause after "to". Read whole, the sentence's
//! action is the asking, and the prose reader finds no danger in it. The request is read as
//! the text instead: what the server is told to do is what happens.
//!
//! Only a server, a tool, an integration, a bot or an agent counts as the one addressed (a
//! person told something is not an action). The lead is only cut, never lowered: the inner
//! request is read by every reader.

/// Verbs that hand a request to someone else.
const ASKS: &[&str] = &["tell", "ask", "have", "get", "instruct", "use", "make"];

/// Words that name the one addressed as a tool rather than a person.
const TOOLS: &[&str] = &[
    "server",
    "mcp",
    "tool",
    "tools",
    "integration",
    "connector",
    "bot",
    "agent",
    "plugin",
];

/// The request inside "tell/ask the X server to REQUEST" (or "have the X agent REQUEST"), or
/// `None` when the text does not open that way.
pub fn inner(text: &str) -> Option<&str> {
    let (first, mut rest) = text.split_once(' ')?;
    if !ASKS.iter().any(|a| a.eq_ignore_ascii_case(first)) {
        return None;
    }
    let asking = first.eq_ignore_ascii_case("tell") || first.eq_ignore_ascii_case("ask");
    // The addressee: at most seven words, one of them naming a tool ("the k8s MCP server").
    let mut addressed = false;
    for _ in 0..8 {
        let (word, after) = rest.trim_start().split_once(' ')?;
        let bare = word.trim_end_matches([',', '\'', 's']);
        if TOOLS.iter().any(|t| bare.eq_ignore_ascii_case(t)) {
            addressed = true;
        } else if addressed && word.eq_ignore_ascii_case("to") {
            return Some(after);
        } else if addressed && !asking {
            // "have the agent delete X": the request starts at this word.
            return Some(rest.trim_start());
        } else if addressed {
            return None;
        }
        rest = after;
    }
    None
}
