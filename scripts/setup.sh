#!/usr/bin/env bash
# Installs what the demo and the tests need on a machine that has only Node and npm:
# pnpm at the pinned version, Debian's Chromium and Redis, the engines of the cross-browser suite
# (Firefox ESR, WebKitGTK's WebKitWebDriver and MiniBrowser, Xvfb for MiniBrowser's display), and
# the locked dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-pnpm.sh

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -n "${FIREFOX_PATH:-}" ] || command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
[ -n "${WEBKIT_WEBDRIVER_PATH:-}" ] || command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
[ -n "${XVFB_PATH:-}" ] || command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
apt_pid=
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "setup: please install ${missing[*]} (Debian: apt-get install ${missing[*]})" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]} from Debian"
  # Both installs mostly wait on the network: Debian's packages download while pnpm's do.
  ( apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null ) &
  apt_pid=$!
fi

pnpm install --frozen-lockfile --reporter=silent
if [ -n "$apt_pid" ] && ! wait "$apt_pid"; then
  echo "setup: apt-get could not install ${missing[*]}" >&2
  exit 1
fi
