//! The shared corpus: free-text hints and structured operations, interleaved, drawn from one
//! seeded [`ChaCha8Rng`]. Every engine of the peer comparison decides the same actions, and
//! `cargo run -p airlock-benches --bin corpus` writes them as JSON lines for engines outside
//! this workspace.
//!
//! A hint is what the execution safety loop receives (`nextActionHint`, judged by pattern
//! globs); an operation is what the gate receives (a tool name with endpoint, params,
//! annotations and the adapter's trust, judged by danger level x trust). The two halves are
//! drawn from [`crate::hints`] and [`crate::corpus`].

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use crate::corpus::{self, Category, CorpusOperation};
use crate::hints::{self, CorpusHint};

/// One action of the shared corpus.
#[derive(Debug, Clone, PartialEq)]
pub enum CorpusAction {
    /// A free-text `nextActionHint`.
    Hint(CorpusHint),
    /// A structured operation.
    Operation(CorpusOperation),
}

/// The share of hints, in percent: half and half, so both halves of a 10,000-action corpus
/// are large enough to exercise every template and every operation kind many times over.
const HINT_PERCENT: u32 = 50;

/// `n` actions drawn deterministically from `seed`: about half hints, half operations. A
/// prefix of a corpus is the smaller corpus of the same seed.
pub fn actions(seed: u64, n: usize) -> Vec<CorpusAction> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            if rng.random_range(0..100) < HINT_PERCENT {
                CorpusAction::Hint(hints::hint(&mut rng))
            } else {
                CorpusAction::Operation(corpus::operation(&mut rng))
            }
        })
        .collect()
}

/// The hints of a corpus, in order.
pub fn hints_of(actions: &[CorpusAction]) -> Vec<&CorpusHint> {
    actions
        .iter()
        .filter_map(|a| match a {
            CorpusAction::Hint(h) => Some(h),
            CorpusAction::Operation(_) => None,
        })
        .collect()
}

/// The operations of a corpus, in order.
pub fn operations_of(actions: &[CorpusAction]) -> Vec<&CorpusOperation> {
    actions
        .iter()
        .filter_map(|a| match a {
            CorpusAction::Operation(o) => Some(o),
            CorpusAction::Hint(_) => None,
        })
        .collect()
}

fn category_name(category: Category) -> &'static str {
    match category {
        Category::Read => "read",
        Category::Write => "write",
        Category::Delete => "delete",
        Category::DangerousName => "dangerous_name",
        Category::Execute => "execute",
        Category::TrickySpelling => "tricky_spelling",
        Category::McpAnnotated => "mcp_annotated",
        Category::Unknown => "unknown",
    }
}

impl CorpusAction {
    /// The action as one JSON object (one line of the JSON lines corpus).
    ///
    /// A hint: `{"id", "kind": "hint", "hint", "hint_kind", "respelt"}`. An operation:
    /// `{"id", "kind": "operation", "operation", "endpoint", "params", "annotations", "trust",
    /// "category"}`, with `endpoint` and `annotations` `null` when absent and annotations in
    /// MCP's camelCase (`readOnlyHint`...). `id` is the action's position in the corpus.
    pub fn to_json(&self, id: usize) -> Value {
        match self {
            CorpusAction::Hint(h) => json!({
                "id": id,
                "kind": "hint",
                "hint": h.hint,
                "hint_kind": h.kind.as_str(),
                "respelt": h.respelt,
            }),
            CorpusAction::Operation(o) => json!({
                "id": id,
                "kind": "operation",
                "operation": o.name,
                "endpoint": o.endpoint.map(|e| e.as_str()),
                "params": o.params,
                "annotations": o.annotations,
                "trust": o.trust.as_str(),
                "category": category_name(o.category),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_actions_and_a_prefix_is_the_smaller_corpus() {
        let big = actions(42, 2_000);
        assert_eq!(big, actions(42, 2_000));
        assert_eq!(actions(42, 500), big[..500]);
        assert_ne!(big, actions(43, 2_000));
    }

    #[test]
    fn about_half_are_hints() {
        let corpus = actions(42, 10_000);
        let hints = hints_of(&corpus).len();
        assert!((4_700..5_300).contains(&hints), "{hints} hints");
        assert_eq!(hints + operations_of(&corpus).len(), corpus.len());
    }

    /// Every line has exactly the documented keys, each carrying the action's own value (read
    /// back from the JSON, annotations through their MCP spelling), over a corpus large enough
    /// to hold every kind of hint and operation, with and without endpoint and annotations.
    #[test]
    fn json_lines_carry_every_field() {
        use std::collections::BTreeSet;

        use airlock_core::ToolAnnotations;

        let keys = |line: &Value| -> Vec<String> {
            let mut k: Vec<String> = line
                .as_object()
                .expect("an object")
                .keys()
                .cloned()
                .collect();
            k.sort();
            k
        };
        let corpus = actions(42, 2_000);
        let (mut hint_kinds, mut categories) = (BTreeSet::new(), BTreeSet::new());
        let (mut no_endpoint, mut no_annotations, mut annotated, mut respelt) = (0, 0, 0, 0);
        for (id, action) in corpus.iter().enumerate() {
            let line = action.to_json(id);
            // One JSON line: it survives a trip through text unchanged.
            let text = line.to_string();
            assert!(!text.contains('\n'), "{text}");
            assert_eq!(serde_json::from_str::<Value>(&text).expect("json"), line);
            assert_eq!(line["id"], id);
            match action {
                CorpusAction::Hint(h) => {
                    assert_eq!(keys(&line), ["hint", "hint_kind", "id", "kind", "respelt"]);
                    assert_eq!(line["kind"], "hint");
                    assert_eq!(line["hint"], h.hint.as_str());
                    assert_eq!(line["hint_kind"], h.kind.as_str());
                    assert_eq!(line["respelt"], h.respelt);
                    hint_kinds.insert(h.kind.as_str());
                    respelt += usize::from(h.respelt);
                }
                CorpusAction::Operation(o) => {
                    assert_eq!(
                        keys(&line),
                        [
                            "annotations",
                            "category",
                            "endpoint",
                            "id",
                            "kind",
                            "operation",
                            "params",
                            "trust"
                        ]
                    );
                    assert_eq!(line["kind"], "operation");
                    assert_eq!(line["operation"], o.name.as_str());
                    assert_eq!(line["params"], o.params);
                    assert!(line["params"].is_object());
                    assert_eq!(line["trust"], o.trust.as_str());
                    assert_eq!(line["category"], category_name(o.category));
                    categories.insert(category_name(o.category));
                    match o.endpoint {
                        Some(e) => assert_eq!(line["endpoint"], e.as_str()),
                        None => {
                            assert!(line["endpoint"].is_null());
                            no_endpoint += 1;
                        }
                    }
                    match &o.annotations {
                        Some(a) => {
                            let back: ToolAnnotations =
                                serde_json::from_value(line["annotations"].clone())
                                    .expect("MCP ToolAnnotations");
                            assert_eq!(&back, a);
                            assert!(line["annotations"].as_object().is_some_and(|m| {
                                m.keys().all(|k| {
                                    k == "title"
                                        || (k.ends_with("Hint")
                                            && k.chars().next().is_some_and(char::is_lowercase))
                                })
                            }));
                            annotated += 1;
                        }
                        None => {
                            assert!(line["annotations"].is_null());
                            no_annotations += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(hint_kinds.len(), 5, "every kind of hint: {hint_kinds:?}");
        assert_eq!(categories.len(), 8, "every category: {categories:?}");
        assert!(no_endpoint > 0 && no_annotations > 0 && annotated > 0 && respelt > 0);
    }
}
