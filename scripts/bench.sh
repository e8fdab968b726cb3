#!/usr/bin/env bash
# Runs every benchmark and rewrites its section of BENCHMARKS.md. Benchmarks are not tests: the
# goals are ratios against a baseline measured in the same run, never wall-clock assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
shopt -s nullglob
for file in packages/*/bench/*.bench.ts; do
  echo "::: bench $file"
  pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc "$file"
done
echo "Results: BENCHMARKS.md"
