#!/usr/bin/env bash
# Runs every benchmark and rewrites its section of BENCHMARKS.md. Benchmarks are not tests: the
# goals are ratios or bounds measured in the same run, from medians over interleaved runs, never
# wall-clock assertions. Ends with every goal's verdict; exits non-zero when a benchmark failed or
# a measurement was invalid (an empty or implausibly small bundle), not when a goal was missed.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
shopt -s nullglob

mkdir -p .bench
export BENCH_SUMMARY=.bench/summary.tsv
: >"$BENCH_SUMMARY"
failed=()
for file in packages/*/bench/*.bench.ts; do
  echo "::: bench $file"
  pnpm exec tsx --conditions=@mcp-hitl/source --expose-gc "$file" || failed+=("$file")
done

echo
echo "::: summary"
cut -f3 "$BENCH_SUMMARY" | grep -E '^(goal|limit):' || true
grep -P '^size\tmissed\t' "$BENCH_SUMMARY" | cut -f3 || true
met=$(grep -cP '^goal\tmet\t' "$BENCH_SUMMARY" || true)
missed=$(grep -cP '^goal\tmissed\t' "$BENCH_SUMMARY" || true)
sizes=$(grep -cP '^size\t' "$BENCH_SUMMARY" || true)
bad_sizes=$(grep -cP '^size\tmissed\t' "$BENCH_SUMMARY" || true)
echo "goals: $met met, $missed missed; size rows: $((sizes - bad_sizes)) valid, $bad_sizes invalid"
echo "Results: BENCHMARKS.md"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed: ${failed[*]}" >&2
  exit 1
fi
