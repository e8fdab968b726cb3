#!/usr/bin/env bash
# `npm run pack:local`: the locked dependencies (and pnpm), then both packages built and packed into
# packed/ (or the folder given), with the `npm install` line for an app (scripts/packaging/pack-local.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-pnpm.sh
pnpm install --frozen-lockfile --reporter=silent
exec node --import tsx scripts/packaging/pack-local.ts "$@"
