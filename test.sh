#!/usr/bin/env bash
# Set everything up on first use (Python packages, Debian's Chromium and PostgreSQL), then run
# every test on SQLite, browser tests included, and every test but the browser tests again on
# PostgreSQL (a throwaway cluster on a loopback port, removed at the end). Extra arguments go to
# pytest both times (e.g. -m "not browser").
set -euo pipefail
source "$(dirname "$0")/scripts/setup.sh" test
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-dejavu-core)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
  say "Installing ${missing[*]} with apt-get"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
sqlite=0
.venv/bin/python -m pytest "$@" || sqlite=$?
postgresql=0
.venv/bin/python -m pytest --db=postgresql "$@" -m "not browser" || postgresql=$?
[ "$postgresql" != 5 ] || postgresql=0     # nothing chosen runs on a database
[ "$sqlite" = 0 ] && [ "$postgresql" = 0 ]
