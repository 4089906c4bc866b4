# airlock's tasks. `just run` shows airlock deciding on its embedded defaults; `just test`
# installs what the tests need and runs every one of them.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Rustup's toolchain first: the host crates are built by one compiler only.
export PATH := env_var('HOME') + "/.cargo/bin:" + env_var('PATH')

default: run

# airlock on its embedded defaults: a tour of real decisions made by `airlock check`, then the
# local decision API on loopback (until Ctrl-C) and how to connect an MCP host to `airlock serve`.
run: guests
    cargo build --release --quiet -p airlock
    scripts/demo.sh target/release/airlock
    scripts/serve-demo.sh target/release/airlock

# Install what is missing, then run every test (formatting, lints, unit, property and end-to-end tests).
# The guests are built with --check: the committed default guests (host/guests/) must be
# byte-identical to the ones built from source, or it says to run `just guests` and commit.
test: setup guests-check
    cargo fmt --all -- --check
    cargo fmt --manifest-path guest-policies/Cargo.toml --all -- --check
    cargo clippy --workspace --all-targets --locked -- -D warnings
    cargo clippy --manifest-path guest-policies/Cargo.toml --workspace --all-targets --locked -- -D warnings
    cargo test --workspace --locked
    cargo test --manifest-path guest-policies/Cargo.toml --workspace --locked

# Build the WebAssembly guest policies (guest-policies/) into components in target/guests, and
# refresh the committed default guests in host/guests/ with their precompiled x86-64 native code
# (commit host/guests/ after a guest change).
guests:
    scripts/build-guests.sh

# Build the guests like `guests`, but check the committed default guests instead of refreshing
# them: fails when host/guests/ is stale (skipped, loudly, with another compiler than BUILD-INFO's).
guests-check:
    scripts/build-guests.sh --check

# Install what the tests need (rustfmt, clippy, the Python MCP client, the npm MCP server).
setup:
    scripts/setup.sh

# Criterion benchmarks (release build); reports land in target/criterion. The end-to-end ones
# run the release binary, built first.
bench: guests
    cargo build --release -p airlock
    cargo bench -p airlock-benches
    cargo bench -p airlock-wasm --bench stages

# Every benchmark in one run (criterion, the engines side by side, load under wrk with and
# without hot reloads, start-up and memory, the Python client over stdio), then BENCHMARKS.md
# and docs/benchmarks.svg from that run's figures. LOAD_SECONDS: each load run's length.
bench-report LOAD_SECONDS="30": setup guests
    scripts/bench-report.sh {{LOAD_SECONDS}}

# Fuzz every target for SECONDS each (default 600) with cargo-fuzz on nightly; crashes land in
# fuzz/artifacts/<target>/ (minimize them into regression tests).
fuzz SECONDS="600": guests
    cargo +nightly fuzz --version >/dev/null 2>&1 || cargo install cargo-fuzz --locked
    for t in policy_config condition glob decide_body operations guest_result; do \
        cargo +nightly fuzz run "$t" -- -max_total_time={{SECONDS}} -rss_limit_mb=4096; \
    done

# A mixed load with hot reloads against `airlock http` for SECONDS (default 600): zero failed
# requests, RSS growth under 10 % after warm-up, every pause and stop audited.
soak SECONDS="600": guests
    AIRLOCK_SOAK_SECONDS={{SECONDS}} cargo test --release -p airlock --test soak -- --nocapture

# Format the code and apply clippy's suggestions.
fix:
    cargo fmt --all
    cargo fmt --manifest-path guest-policies/Cargo.toml --all
    cargo clippy --workspace --all-targets --fix --allow-dirty -- -D warnings
