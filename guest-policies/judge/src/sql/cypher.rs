//! The graph query languages' deletes, read the way SQL's are graded ([`super`]): Cypher
//! (Neo4j, Memgraph, `cypher-shell`) and Gremlin (TinkerPop, Neptune, JanusGraph).
//!
//! Hand-written rather than parsed: no maintained Cypher or Gremlin parser builds for the
//! guest, and only one shape matters here, a delete and what bounds it. Cypher's `MATCH
//! (pattern) [WHERE ...] [DETACH] DELETE x` deletes what the pattern matched: with no label, no
//! property map and no `WHERE`, every node of the graph (the whole database, like `DROP
//! DATABASE`'s rows); with only a label, every node of that label (like `DELETE FROM t` without
//! `WHERE`); with a `WHERE`, a property map or a `LIMIT`, the selected ones (like `DELETE ...
//! WHERE`). Gremlin's `g.V().drop()` is the same ladder: `has(...)`/`hasLabel(...)`/`limit(...)`
//! bound it.

use crate::finding::{Family, Finding, Severity};

/// Whether a text holds a graph delete worth reading: a Cypher `MATCH` with a `DELETE` after
/// it, or a Gremlin traversal that ends in `drop()`. One pass for the common case (no `DELETE`
/// and no `drop()` at all).
pub fn is_graph_delete(text: &str) -> bool {
    (contains_word(text, "delete") && contains_word(text, "match"))
        || (text.contains(".drop()") && (text.contains("g.V(") || text.contains("g.E(")))
}

/// Judges the graph deletes of a text (see the module's doc for the grades).
pub fn judge(text: &str, out: &mut Vec<Finding>) {
    for query in text.split(';') {
        cypher(query, out);
    }
    gremlin(text, out);
}

/// Gremlin's deletes in program code (`g.V().drop().iterate()` in a Python or Groovy body),
/// where the traversal is code rather than a string.
pub fn judge_gremlin(code: &str, out: &mut Vec<Finding>) {
    if code.contains(".drop()") {
        gremlin(code, out);
    }
}

fn cypher(query: &str, out: &mut Vec<Finding>) {
    let lower = query.to_ascii_lowercase();
    let Some(delete) = word_at(&lower, "delete", 0) else {
        return;
    };
    let Some(matched) = word_at(&lower, "match", 0).filter(|m| *m < delete) else {
        return;
    };
    // `MATCH` must open a pattern (`MATCH (n)`, `MATCH p=(a)-->()`), not be an English word.
    let pattern_start = lower[matched + 5..].trim_start();
    if !(pattern_start.starts_with('(') || pattern_start.contains("=(")) {
        return;
    }
    let scope = &query[matched + 5..delete];
    let scope_lower = &lower[matched + 5..delete];
    let bounded = word_at(scope_lower, "where", 0).is_some()
        || word_at(scope_lower, "limit", 0).is_some()
        || scope.contains('{')
        || scope_lower.contains("id(") && scope_lower.contains('=');
    // What is deleted: the names after DELETE, each a node `(n...)` or a relationship
    // `[r...]` of the pattern, with its label or type if the pattern gives one.
    let deleted: Vec<&str> = lower[delete + 6..]
        .split(',')
        .map(|w| {
            w.trim()
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("")
        })
        .filter(|w| !w.is_empty())
        .collect();
    let label_of = |open: char, name: &str| -> Option<Option<String>> {
        scope.split(open).skip(1).find_map(|el| {
            let el = el.split([')', ']']).next().unwrap_or("");
            let (var, label) = el.split_once(':').unwrap_or((el, ""));
            let var = var.split('{').next().unwrap_or("").trim();
            var.eq_ignore_ascii_case(name).then(|| {
                let l = label.split('{').next().unwrap_or("").trim();
                (!l.is_empty()).then(|| l.to_owned())
            })
        })
    };
    let mut nodes = false;
    let mut labels: Vec<String> = Vec::new();
    let mut unlabelled = false;
    for name in &deleted {
        let (label, node) = match (label_of('(', name), label_of('[', name)) {
            (Some(l), _) => (l, true),
            (None, Some(l)) => (l, false),
            // A path (`p = (a)-->()`) or a name bound elsewhere: the pattern's nodes.
            (None, None) => (None, true),
        };
        nodes |= node;
        match label {
            Some(l) => labels.push(l),
            None => unlabelled = true,
        }
    }
    let labels: Vec<&str> = if unlabelled {
        Vec::new()
    } else {
        labels.iter().map(String::as_str).collect()
    };
    let (code, severity, what) = if bounded {
        (
            "database.graph-delete-where",
            Severity::Confirm,
            "deletes the nodes or relationships it selects, for good".to_owned(),
        )
    } else if labels.is_empty() && nodes {
        (
            "database.graph-delete-all",
            Severity::Stop,
            "deletes every node of the graph: the whole database".to_owned(),
        )
    } else if labels.is_empty() {
        (
            "database.graph-delete-all",
            Severity::Verify,
            "deletes every relationship of the graph".to_owned(),
        )
    } else {
        (
            "database.graph-delete-all",
            Severity::Verify,
            format!(
                "deletes every {} of the graph, like DELETE without WHERE",
                labels.join(", ")
            ),
        )
    };
    out.push(Finding {
        family: Family::Database,
        code,
        severity,
        message: format!("Cypher {} {what}", crate::cut(query.trim(), 60)),
    });
}

fn gremlin(text: &str, out: &mut Vec<Finding>) {
    let squashed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    for (at, _) in squashed.match_indices(".drop()") {
        let before = &squashed[..at];
        let Some(start) = before.rfind("g.V(").or_else(|| before.rfind("g.E(")) else {
            continue;
        };
        let traversal = &before[start..];
        let vertices = traversal.starts_with("g.V(");
        let bounded = !traversal.starts_with("g.V()") && !traversal.starts_with("g.E()")
            || [
                "has(",
                "hasLabel(",
                "hasId(",
                "limit(",
                "where(",
                "filter(",
                "range(",
            ]
            .iter()
            .any(|s| traversal.contains(s));
        let (severity, what) = if bounded {
            (
                Severity::Confirm,
                "deletes the elements it selects, for good",
            )
        } else if vertices {
            (
                Severity::Stop,
                "deletes every vertex of the graph: the whole database",
            )
        } else {
            (Severity::Verify, "deletes every edge of the graph")
        };
        out.push(Finding {
            family: Family::Database,
            code: if bounded {
                "database.graph-delete-where"
            } else {
                "database.graph-delete-all"
            },
            severity,
            message: format!("Gremlin {}.drop() {what}", crate::cut(traversal, 50)),
        });
    }
}

/// Where `word` starts in `lower` (already lower case) at or after `from`, as a whole word.
fn word_at(lower: &str, word: &str, from: usize) -> Option<usize> {
    let b = lower.as_bytes();
    lower[from..]
        .match_indices(word)
        .map(|(i, _)| from + i)
        .find(|&i| {
            let before = i.checked_sub(1).map(|j| b[j]);
            let after = b.get(i + word.len()).copied();
            !before.is_some_and(is_word_byte) && !after.is_some_and(is_word_byte)
        })
}

fn contains_word(text: &str, word: &str) -> bool {
    let b = text.as_bytes();
    let n = word.len();
    (0..b.len().saturating_sub(n - 1)).any(|i| {
        b[i..i + n].eq_ignore_ascii_case(word.as_bytes())
            && !i.checked_sub(1).is_some_and(|j| is_word_byte(b[j]))
            && !b.get(i + n).copied().is_some_and(is_word_byte)
    })
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}
