# airlock's tasks. `just run` shows airlock deciding on its embedded defaults; `just test`
# installs what the tests need and runs every one of them.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Rustup's toolchain first: the host crates are built by one compiler only.
export PATH := env_var('HOME') + "/.cargo/bin:" + env_var('PATH')

default: run

# airlock on its embedded defaults: a tour of real decisions made by `airlock check`.
run:
    cargo build --release --quiet -p airlock
    scripts/demo.sh target/release/airlock

# Install what is missing, then run every test (formatting, lints, unit, property and end-to-end tests).
test: setup
    cargo fmt --all -- --check
    cargo clippy --workspace --all-targets --locked -- -D warnings
    cargo test --workspace --locked

# Install what the tests need (rustfmt, clippy).
setup:
    scripts/setup.sh

# Criterion benchmarks (release build); reports land in target/criterion.
bench:
    cargo bench -p airlock-benches

# Format the code and apply clippy's suggestions.
fix:
    cargo fmt --all
    cargo clippy --workspace --all-targets --fix --allow-dirty -- -D warnings
