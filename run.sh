#!/usr/bin/env bash
# Set everything up on first use, then serve Table Companion to the phones on this network.
# Extra arguments go to `companion run` (e.g. --port 8000).
set -euo pipefail
source "$(dirname "$0")/scripts/setup.sh" ""
quietly .venv/bin/companion db upgrade     # the database at the newest schema (DATABASE_URL)
exec .venv/bin/companion run "$@"
