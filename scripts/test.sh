#!/usr/bin/env bash
# The whole test suite: typecheck, lint, the release path (build + publish to a throwaway local
# registry), every Vitest project (unit, real Chromium, stories, end to end, the cross-browser suite
# in Chromium, Firefox and WebKit, which rewrites docs/browser-conformance.md) and the packaging
# checks. Ends with one `N passed, N failed` line over all of it.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1

results=.test-results
rm -rf "$results" && mkdir -p "$results"
: >"$results/steps.tsv"

# step NAME CMD... : a check that is not a test runner counts as one test
step() {
  local name=$1; shift
  echo "::: $name"
  if "$@"; then printf '%s\tpassed\n' "$name" >>"$results/steps.tsv"
  else printf '%s\tfailed\n' "$name" >>"$results/steps.tsv"; fi
}

step typecheck pnpm run typecheck
step lint pnpm exec biome check .
step release-dry-run pnpm run release:dry-run
step storybook-build pnpm --filter @mcp-hitl/stories run build-storybook --quiet
step vitest pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"

node scripts/summarize-tests.mjs "$results"
