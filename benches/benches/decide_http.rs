//! `/v1/decide` end to end: a keep-alive HTTP client on loopback against the real `airlock
//! http` on its embedded defaults. One request at a time, so this is latency; throughput under
//! concurrency is the load test's (`cargo run --release -p airlock-benches --bin loadtest`).
//!
//! Needs the release binary (`cargo build --release -p airlock`) and the guests.

// Benches are not documented API.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use airlock_benches::server::HttpServer;
use criterion::{Criterion, criterion_group, criterion_main};

fn decide(c: &mut Criterion) {
    let server = HttpServer::start(None, None);
    let agent = ureq::Agent::new_with_defaults();
    let url = format!("{}/v1/decide", server.base);
    let post = |body: &str| {
        let mut response = agent
            .post(&url)
            .header("content-type", "application/json")
            .send(body)
            .expect("POST /v1/decide");
        response.body_mut().read_to_string().expect("answer")
    };

    let mut group = c.benchmark_group("decide-http");
    for (name, body) in [
        (
            "operation-allowed",
            r#"{"operation":"list_files","endpoint":"read","trust":"validated","params":{"path":"/srv"}}"#,
        ),
        (
            "operation-denied",
            r#"{"operation":"drop_database","trust":"certified"}"#,
        ),
        (
            "hint",
            r#"{"hint":"git push --force origin main && rm -rf ./build"}"#,
        ),
    ] {
        // Each body is checked once, so a broken request cannot be benchmarked as fast.
        let answer = post(body);
        assert!(answer.contains("\"outcome\""), "{name}: {answer}");
        group.bench_function(name, |b| b.iter(|| black_box(post(black_box(body)))));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().measurement_time(Duration::from_secs(5));
    targets = decide
}
criterion_main!(benches);
