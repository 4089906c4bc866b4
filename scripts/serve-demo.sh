#!/usr/bin/env bash
# After the tour: airlock's local decision API on loopback, on the embedded default policy, and
# how to connect an MCP host to the safety dongle. Runs until Ctrl-C.
set -euo pipefail
airlock=${1:-airlock}
bin=$(cd "$(dirname "$airlock")" && pwd)/$(basename "$airlock")
listen=${AIRLOCK_HTTP_LISTEN:-127.0.0.1:8787}

cat <<EOT

$(printf '\033[1m')The safety dongle for an MCP host$(printf '\033[0m') (Claude Desktop, Cursor, ...): add to its server list
  {"mcpServers": {"airlock": {"command": "$bin", "args": ["serve"]}}}
and give the agent the system prompt in docs/quickstart.md.

$(printf '\033[1m')The local decision API$(printf '\033[0m') is starting on http://$listen (Ctrl-C stops it). Try, in another terminal:
  curl -s $listen/v1/decide -H 'content-type: application/json' -d '{"operation": "delete_file", "params": {"path": "/srv/a"}}'
  curl -s $listen/v1/decide -H 'content-type: application/json' -d '{"hint": "git push --force origin main"}'
  curl -s $listen/v1/operations -H 'content-type: application/json' -d '{"operation": "introspect", "params": {"query": "operations"}}'
  curl -s $listen/metrics

EOT
exec "$bin" http --listen "$listen"
