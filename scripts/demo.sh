#!/usr/bin/env bash
# `npm start`: installs what the demo needs, then starts the demo MCP server, the MCP Apps sandbox
# proxy and the page with its API (see demo/server/main.ts), and prints the URL.
# Ports: DEMO_PORT (3000), DEMO_SANDBOX_PORT (3001), DEMO_MCP_PORT (3002). A real model: OPENAI_API_KEY.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cd demo
# exec, not `pnpm run`, and tsx as a loader in this one process rather than its CLI (which runs the
# script in a child and relays signals): Ctrl-C reaches the demo itself, which shuts down cleanly.
exec node --import tsx --conditions=@mcp-hitl/source server/main.ts
