#!/usr/bin/env bash
# The whole test suite: typecheck, lint, the release path (build + publish to a throwaway local
# registry), every Vitest project (unit, real Chromium, stories, end to end, the cross-browser suite
# in Chromium, Firefox and WebKit, which rewrites docs/browser-conformance.md) and the packaging
# checks. Ends with one `N passed, N failed` line over all of it.
set -uo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
bash scripts/setup.sh || exit 1
echo "::: setup took $((SECONDS - started)) s"

results=.test-results
rm -rf "$results" && mkdir -p "$results"
: >"$results/steps.tsv"

# step NAME CMD... : a check that is not a test runner counts as one test; its output goes to
# $results/NAME.log and is printed when it ends, with how long it took, so two lanes can run at once.
step() {
  local name=$1; shift
  local started=$SECONDS status=passed
  "$@" >"$results/$name.log" 2>&1 || status=failed
  printf '%s\t%s\n' "$name" "$status" >>"$results/steps.tsv"
  { echo "::: $name $status ($((SECONDS - started)) s)"; cat "$results/$name.log"; } >"$results/$name.out"
}

# The checks that are not tests, in two lanes (one per core): each is one process bound to one core
# for most of its run, so pairing them halves their wall time.
started=$SECONDS
( step typecheck pnpm run typecheck; step lint pnpm exec biome check . ) &
lane=$!
step release-dry-run pnpm run release:dry-run
step storybook-build pnpm --filter @mcp-hitl/stories run build-storybook --quiet
wait "$lane"
cat "$results"/{typecheck,lint,release-dry-run,storybook-build}.out
echo "::: checks took $((SECONDS - started)) s"

started=$SECONDS
echo "::: vitest"
if pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json"; then
  printf 'vitest\tpassed\n' >>"$results/steps.tsv"
else
  printf 'vitest\tfailed\n' >>"$results/steps.tsv"
fi
echo "::: vitest took $((SECONDS - started)) s"

node scripts/summarize-tests.mjs "$results"
