# Sourced by scripts/setup.sh: one short line per set-up step, and a tool's own output (pip's)
# only when it fails.
say() { echo "▸ $*"; }

quietly() {
  local log status
  log="$(mktemp)"
  if "$@" >"$log" 2>&1; then
    rm -f "$log"
    return 0
  else
    status=$?
    cat "$log" >&2
    rm -f "$log"
    echo "✗ failed ($status): $*" >&2
    return "$status"
  fi
}
