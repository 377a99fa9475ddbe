#!/usr/bin/env bash
# Set everything up on first use (Python packages, Debian's Chromium), then run every test,
# browser tests included. Extra arguments go to pytest (e.g. -m "not browser").
set -euo pipefail
source "$(dirname "$0")/scripts/setup.sh" test
if [ ! -x /usr/bin/chromium ]; then
  SUDO=$([ "$(id -u)" = 0 ] && echo "" || echo sudo)
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
fi
exec .venv/bin/python -m pytest "$@"
