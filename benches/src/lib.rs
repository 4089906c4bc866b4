//! airlock benchmarks: a deterministic corpus of operations and the policy the benches decide
//! them with. The benches themselves are in `benches/gate.rs`.

pub mod corpus;
pub mod server;
pub mod stack;

/// Free-text hints for the step benches until the shared corpus lands: a realistic mix.
pub fn hint_corpus() -> Vec<String> {
    let verbs = [
        "read the config file",
        "list open pull requests",
        "search the logs for errors",
        "run the unit tests",
        "summarize the meeting notes",
        "git push --force origin main",
        "rm -rf ./build",
        "drop table customers",
        "deploy web to production",
        "delete_user 42",
        "update the README",
        "create an issue for the flaky test",
    ];
    (0..1000)
        .map(|i| format!("{} #{i}", verbs[i % verbs.len()]))
        .collect()
}

/// `/v1/decide` request bodies for the load test: operations and hints, mixed.
pub fn decide_bodies(n: usize) -> Vec<String> {
    let hints = hint_corpus();
    (0..n)
        .map(|i| {
            if i % 2 == 0 {
                serde_json::json!({"hint": hints[i % hints.len()]}).to_string()
            } else {
                serde_json::json!({"operation": "list_files", "endpoint": "read", "trust": "validated"})
                    .to_string()
            }
        })
        .collect()
}
