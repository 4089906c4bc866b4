#!/usr/bin/env bash
# schemathesis (pinned in .venv by scripts/setup.sh) against a real `airlock http`: every check,
# on every operation of the OpenAPI document the server serves, with a bounded number of
# examples and a fixed seed. Exits non-zero on any failure, so a disagreement between the
# document and the handlers fails `just test` (host/tests/http_api.rs runs this script).
#
#   scripts/schemathesis.sh [extra schemathesis run options]
#
# AIRLOCK_BIN: the binary to test (default target/debug/airlock); SCHEMATHESIS_MAX_EXAMPLES
# (default 50 per operation); SCHEMATHESIS_SEED (default 15). The server gets a fresh state
# directory and listens on a free loopback port; it is stopped on exit.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
airlock=${AIRLOCK_BIN:-$root/target/debug/airlock}
schemathesis=$root/.venv/bin/schemathesis
examples=${SCHEMATHESIS_MAX_EXAMPLES:-50}
seed=${SCHEMATHESIS_SEED:-15}

if [ ! -x "$schemathesis" ]; then
    echo "schemathesis.sh: $schemathesis is missing: run scripts/setup.sh" >&2
    exit 2
fi
if [ ! -x "$airlock" ]; then
    echo "schemathesis.sh: $airlock is missing: cargo build -p airlock (or set AIRLOCK_BIN)" >&2
    exit 2
fi

work=$(mktemp -d)
server=
cleanup() {
    if [ -n "$server" ]; then
        kill "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# The built-in policy, a state directory of its own; the component cache is the caller's
# (AIRLOCK_CACHE_DIR) or a fresh one.
mkdir "$work/state"
env -u AIRLOCK_POLICY AIRLOCK_CACHE_DIR="${AIRLOCK_CACHE_DIR:-$work/cache}" \
    "$airlock" http --listen 127.0.0.1:0 --state-dir "$work/state" \
    >"$work/server.out" 2>"$work/server.log" &
server=$!

base=
for _ in $(seq 300); do
    base=$(grep -o 'http://[0-9.:]*' "$work/server.out" 2>/dev/null | head -n 1 || true)
    [ -n "$base" ] && break
    if ! kill -0 "$server" 2>/dev/null; then
        echo "schemathesis.sh: airlock http exited before listening:" >&2
        cat "$work/server.log" >&2
        exit 2
    fi
    sleep 0.1
done
if [ -z "$base" ]; then
    echo "schemathesis.sh: airlock http did not say where it listens within 30 s" >&2
    exit 2
fi
echo "schemathesis.sh: airlock http on $base (seed $seed, at most $examples examples per operation)"

# From the scratch directory: schemathesis leaves nothing in the repository. No example
# database, so a run depends on the seed alone.
cd "$work"
status=0
"$schemathesis" run "$base/v1/openapi.json" \
    --checks all \
    --max-examples "$examples" \
    --seed "$seed" \
    --generation-database none \
    --continue-on-failure \
    --workers 1 \
    --no-color \
    "$@" || status=$?
if [ "$status" -ne 0 ]; then
    echo "schemathesis.sh: schemathesis failed (exit $status); the server's log:" >&2
    tail -n 20 "$work/server.log" >&2
fi
exit "$status"
