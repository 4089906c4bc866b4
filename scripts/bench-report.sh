#!/usr/bin/env bash
# Runs every benchmark of airlock in one go on this machine and writes BENCHMARKS.md and
# docs/benchmarks.svg from what this run measured (scripts/bench_report.py).
#
# Usage: scripts/bench-report.sh [LOAD_SECONDS]   (default 30: each of the two load runs)
#
# Needs: the guests (just guests), wrk (apt-get install wrk), the Python MCP client in .venv and
# cc-safety-net in .node (scripts/setup.sh). Takes about 15 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
results=target/bench-report
mkdir -p "$results"
rm -f "$results"/*.json
# The commit measured, taken now: the tree may move on while the benches run.
git rev-parse --short HEAD >"$results/commit.txt"

say() { echo "bench-report: $*"; }

command -v wrk >/dev/null 2>&1 || {
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq && apt-get install -y -qq wrk >/dev/null
    else
        echo "bench-report: wrk is missing: sudo apt-get update && sudo apt-get install wrk" >&2
        exit 1
    fi
}

say "building the release binaries"
cargo build --release --locked -p airlock -p airlock-benches --bins
export AIRLOCK_BIN=$PWD/target/release/airlock

# Criterion's old results would be mixed with this run's: start clean.
rm -rf target/criterion
say "criterion benches (airlock-benches)"
cargo bench --locked -p airlock-benches
say "criterion benches (airlock-wasm stages)"
cargo bench --locked -p airlock-wasm --bench stages

say "agreement of the engines on the corpus"
if cargo test --release --locked -p airlock-benches --test peers_agree; then
    echo '{"passed": true, "actions": 10000, "seed": 42}' >"$results/agreement.json"
fi

say "load: $seconds s steady, then $seconds s with a policy rewrite every second"
target/release/loadtest --seconds "$seconds" >"$results/loadtest.json"
target/release/loadtest --seconds "$seconds" --reload >"$results/loadtest-reload.json"

say "start-up and memory"
target/release/footprint >"$results/footprint.json"

say "first start (empty component cache) and cached start of airlock check"
python3 benches/python/first_start.py "$AIRLOCK_BIN" >"$results/first-start.json"

say "airlock hook: a fresh process per tool call"
target/release/hook_latency --runs 200 >"$results/hook-latency.json"

say "the dongle over stdio with the Python client"
.venv/bin/python benches/python/roundtrip.py "$AIRLOCK_BIN" target/release/echo-mcp >"$results/python-roundtrip.json"

say "judgement: airlock and cc-safety-net side by side on the labeled corpus"
python3 benches/judgement/side_by_side.py --airlock "$AIRLOCK_BIN" >"$results/side-by-side.json"

python3 scripts/bench_report.py . "$results"
