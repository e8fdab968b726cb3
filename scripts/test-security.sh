#!/usr/bin/env bash
# The attack suite alone: every test file tagged `// @module-tag security` (hostile apps, servers,
# clients and stores, kept as permanent tests; SECURITY.md says what each guards), in each Vitest
# project it belongs to. `npm test` runs the same files as part of everything. Ends with one
# `N passed, N failed` line.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1

results=.test-results/security
rm -rf "$results" && mkdir -p "$results"
printf 'vitest\tpassed\n' >"$results/steps.tsv"

mapfile -t files < <(grep -rlE --include='*.test.ts' --include='*.test.tsx' --exclude-dir=node_modules \
  '^// @module-tag security$' packages demo scripts cross-browser | sort)
echo "::: security suite: ${#files[@]} files"
if ! pnpm exec vitest run --tags-filter=security --reporter=default --reporter=json \
  --outputFile.json="$results/vitest.json" "${files[@]}"; then
  printf 'vitest\tfailed\n' >"$results/steps.tsv"
fi
node scripts/summarize-tests.mjs "$results"
