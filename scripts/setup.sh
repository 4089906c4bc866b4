#!/usr/bin/env bash
# Installs what `just test` needs and is not there yet (rustfmt, clippy, componentize-py; the
# wasm guest toolchain is installed by scripts/build-guests.sh). Safe to run again: it only installs
# what is missing.
set -euo pipefail

need_component() {
    local tool=$1 component=$2
    if ! cargo "$tool" --version >/dev/null 2>&1; then
        echo "setup: installing the rustup component $component"
        rustup component add "$component"
    fi
}

if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: cargo is not installed: install Rust from https://rustup.rs, then run 'just test' again" >&2
    exit 1
fi
need_component fmt rustfmt
need_component clippy clippy

# componentize-py builds the test suite's Python guest (proof that components from another
# toolchain, importing WASI, load and score). It lives in the project's own .venv.
root=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v componentize-py >/dev/null 2>&1 && [ ! -x "$root/.venv/bin/componentize-py" ]; then
    if ! command -v python3 >/dev/null 2>&1; then
        echo "setup: python3 is needed for the componentize-py test guest: install Python 3.10+" >&2
        exit 1
    fi
    echo "setup: installing componentize-py into $root/.venv"
    python3 -m venv "$root/.venv"
    "$root/.venv/bin/pip" install --quiet --disable-pip-version-check componentize-py
fi
# The MCP client tests drive `airlock serve` with the Python SDK and validate results with
# jsonschema; both live in the same .venv.
if [ ! -x "$root/.venv/bin/python" ]; then
    python3 -m venv "$root/.venv"
fi
if ! "$root/.venv/bin/python" -c "import mcp, jsonschema" >/dev/null 2>&1 || [ ! -x "$root/.venv/bin/mcp-server-git" ]; then
    echo "setup: installing the Python MCP client, jsonschema and mcp-server-git into $root/.venv"
    "$root/.venv/bin/pip" install --quiet --disable-pip-version-check "mcp>=2.3,<3" jsonschema mcp-server-git
fi

# Pinned test tools, checked by version: the Prometheus client's own parsers read /metrics
# (host/tests/http_api.rs), schemathesis tests `airlock http` against its OpenAPI document
# (scripts/schemathesis.sh). Another version is replaced by the pinned one, so a run never
# depends on whatever happened to be installed.
pin_python() {
    local package=$1 version=$2 have
    have=$("$root/.venv/bin/python" -c "import importlib.metadata as m; print(m.version('$package'))" 2>/dev/null || true)
    if [ "$have" != "$version" ]; then
        echo "setup: installing $package $version into $root/.venv (found ${have:-none})"
        "$root/.venv/bin/pip" install --quiet --disable-pip-version-check "$package==$version"
        have=$("$root/.venv/bin/python" -c "import importlib.metadata as m; print(m.version('$package'))")
        if [ "$have" != "$version" ]; then
            echo "setup: wanted $package $version, .venv has $have" >&2
            exit 1
        fi
    fi
}
pin_python prometheus_client 0.26.0
pin_python schemathesis 4.32.5
# OpenTelemetry's own protobuf bindings decode what `airlock http` exports over OTLP
# (host/tests/fixtures/otlp/receiver.py).
pin_python opentelemetry-proto 1.45.2

# The gateway tests put `airlock proxy` in front of the npm filesystem server; it lives in .node.
# So does cc-safety-net, the hook-based peer `just bench-report` compares airlock's judgement
# with (benches/judgement/side_by_side.py), pinned so the comparison is repeatable.
cc_safety_net_version=2.4.5
cc_safety_net_pkg="$root/.node/node_modules/cc-safety-net/package.json"
cc_safety_net_have() {
    [ -f "$cc_safety_net_pkg" ] \
        && [ "$(node -p "require('$cc_safety_net_pkg').version" 2>/dev/null)" = "$cc_safety_net_version" ]
}
if [ ! -f "$root/.node/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js" ] \
    || [ ! -f "$root/.node/node_modules/@modelcontextprotocol/server-everything/dist/index.js" ] \
    || ! cc_safety_net_have; then
    if ! command -v npm >/dev/null 2>&1 || ! command -v git >/dev/null 2>&1; then
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "setup: installing nodejs, npm and git (Debian packages)"
            apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm git >/dev/null
        else
            echo "setup: the gateway tests need node, npm and git: install them" >&2
            exit 1
        fi
    fi
    echo "setup: installing the npm MCP servers (filesystem, everything) and cc-safety-net $cc_safety_net_version into $root/.node"
    npm install --prefix "$root/.node" --no-audit --no-fund --silent \
        @modelcontextprotocol/server-filesystem @modelcontextprotocol/server-everything \
        "cc-safety-net@$cc_safety_net_version"
fi
# Check the versions we got, so a stale package is an error here and not a puzzle in a test.
py=$("$root/.venv/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
case $py in 3.[0-9]) echo "setup: the tests need Python >= 3.10, .venv has $py" >&2; exit 1 ;; esac
mcp_version=$("$root/.venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mcp"))')
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 18 ]; then
    echo "setup: the npm MCP servers need Node.js >= 18, found $(node --version): install a newer nodejs" >&2
    exit 1
fi
if ! cc_safety_net_have; then
    echo "setup: cc-safety-net $cc_safety_net_version is not in $root/.node after installing it" >&2
    exit 1
fi
echo "setup: ready ($(cargo --version); Python $py, mcp $mcp_version, prometheus_client 0.26.0, schemathesis 4.32.5; Node.js $(node --version); cc-safety-net $cc_safety_net_version)"
