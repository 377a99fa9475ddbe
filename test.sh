#!/usr/bin/env bash
# Set everything up on first use (Python packages, Debian's Chromium headless shell and
# PostgreSQL), then run every test on SQLite, browser tests included, and the tests about how a
# table is stored (marked `storage`) on PostgreSQL too, a throwaway cluster on a loopback port
# removed at the end: one run, a worker per core (pytest-xdist). Extra arguments
# go to pytest (e.g. -m "not browser", -n 0 for one process, or --album -m album for the
# screenshot albums). Prints the wall time.
set -euo pipefail
source "$(dirname "$0")/scripts/setup.sh" test
missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell fonts-dejavu-core)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
  say "Installing ${missing[*]} with apt-get"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# Each of the run's many processes (servers, `companion` commands) reads the app's modules
# compiled once, however the shell is set to leave bytecode unwritten
export PYTHONDONTWRITEBYTECODE=
started=$SECONDS
status=0
.venv/bin/python -m pytest -n auto --dist worksteal --db=sqlite,postgresql "$@" || status=$?
elapsed=$((SECONDS - started))
say "The tests took $((elapsed / 60)) min $((elapsed % 60)) s (set-up excluded; the target on 2 cores: under 10 min)"
exit "$status"
