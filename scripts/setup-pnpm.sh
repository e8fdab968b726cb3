#!/usr/bin/env bash
# Installs pnpm at the version package.json pins, if that is not the one on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
PNPM_VERSION=$(node -p "require('./package.json').packageManager.split('@')[1]")
if [ "$(pnpm -v 2>/dev/null || true)" != "$PNPM_VERSION" ]; then
  echo "setup: installing pnpm $PNPM_VERSION"
  npm install -g --silent "pnpm@$PNPM_VERSION"
fi
