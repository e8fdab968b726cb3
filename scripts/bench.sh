#!/usr/bin/env bash
# Runs every benchmark, one after another, and writes BENCHMARKS.md as a whole from this run (its
# date, the load average at the start and at the end, every goal's verdict, every section); when a
# benchmark fails, BENCHMARKS.md is left as it is and the sections stay in .bench/sections.
# Benchmarks are not tests: the goals are ratios or bounds measured in the same run, from medians
# over interleaved runs, never wall-clock assertions. Ends with every goal's verdict; exits non-zero
# when a benchmark failed or a measurement was invalid (an empty or implausibly small bundle), not
# when a goal was missed. BENCH_QUICK=1: short iteration counts (the header says so).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
shopt -s nullglob

mkdir -p .bench
export BENCH_SUMMARY=.bench/summary.tsv
export BENCH_SECTIONS=.bench/sections
: >"$BENCH_SUMMARY"
rm -rf "$BENCH_SECTIONS"
mkdir -p "$BENCH_SECTIONS"
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
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
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed: ${failed[*]}; BENCHMARKS.md not rewritten (this run's sections: $BENCH_SECTIONS)" >&2
  exit 1
fi
pnpm exec tsx scripts/bench-report.ts "$BENCH_SECTIONS" "$BENCH_SUMMARY" "$load_start" || exit 1
echo "Results: BENCHMARKS.md"
