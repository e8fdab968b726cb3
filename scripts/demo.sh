#!/usr/bin/env bash
# Installs what the demo needs, then starts the reference backend, the MCP server and the frontend.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec pnpm --filter @mcp-hitl/demo run start
