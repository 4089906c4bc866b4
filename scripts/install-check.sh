#!/usr/bin/env bash
# The install a user without the repository gets: `cargo install` from a clean clone (committed
# files only: no target/guests, no wasm toolchain used), then the installed binary's
# `airlock check` must stop a forbidden call with factors from both built-in stages (the default
# pattern stage and the default scorer embedded from host/guests/; since #13 shell commands such
# as `rm -rf /` are the scorer's alone, so the hint names a danger-levels 6.2 operation).
#
# Usage: scripts/install-check.sh [REPO]   (default: this checkout's committed HEAD)
# Slow: a release build of the whole binary (wasmtime included) in its own target directory,
# so .ci/run runs it, `just test` does not. CARGO_TARGET_DIR reuses a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=${1:-$PWD}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
say() { echo "install-check: $*"; }

git clone --quiet "$repo" "$work/clone"
[ ! -e "$work/clone/target" ] || {
    echo "install-check: the clone has a target/ directory" >&2
    exit 1
}
say "cargo install --path host --root <tmp> from a clean clone of $(git -C "$work/clone" rev-parse --short HEAD)"
# No AIRLOCK_GUESTS_DIR: the components must come from the crate itself.
env -u AIRLOCK_GUESTS_DIR cargo install --locked --quiet --path "$work/clone/host" --root "$work/root"
bin=$work/root/bin/airlock
[ -x "$bin" ] || {
    echo "install-check: cargo install made no $bin" >&2
    exit 1
}
say "installed $(wc -c <"$bin") bytes"

status=0
hint="call drop_database on the production server"
out=$(AIRLOCK_CACHE_DIR=$work/cache "$bin" check --hint "$hint" --json) || status=$?
if [ "$status" != 3 ]; then
    echo "install-check: airlock check --hint '$hint' exited $status, not 3 (stop):" >&2
    echo "$out" >&2
    exit 1
fi
python3 - "$out" <<'PY'
import json, sys
decision = json.loads(sys.argv[1])
layers = {f["layer"] for f in decision["factors"]}
missing = {"patterns", "scorer"} - layers
if missing:
    sys.exit(f"install-check: no factor from the built-in {sorted(missing)} stage(s): {decision['factors']}")
print(f"install-check: outcome {decision['outcome']}, factors from {sorted(layers)}")
PY
say "ok: the installed airlock decides with its built-in stages"
