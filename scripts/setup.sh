# Sourced by ./run.sh and ./test.sh: a virtual environment in .venv, installed on first use and
# again whenever pyproject.toml changes, and the translations compiled. One line per step; pip's
# own output shows only if it fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/steps.sh
# The operating system's own Python 3.11 or newer where it can make an environment: a
# distribution builds it with profile-guided and link-time optimisation, which a Python compiled
# from source by hand (pyenv's default) lacks: the app serves, and the tests run, a tenth faster
choose_python() {
  local candidate
  for candidate in /usr/bin/python3 "$(command -v python3.11 || true)" "$(command -v python3 || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] &&
       "$candidate" -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
      echo "$candidate"
      return
    fi
  done
  echo "Table Companion needs Python 3.11 or newer, with its venv module (Debian: apt-get install python3-venv)" >&2
  exit 1
}
PYTHON=${PYTHON:-$(choose_python)}
EXTRAS=${1:-}
stamp=".venv/.installed${EXTRAS:+-$EXTRAS}"
if [ ! -x .venv/bin/python ]; then
  say "Creating the Python environment in .venv"
  quietly "$PYTHON" -m venv .venv
fi
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  say "Installing Table Companion's packages${EXTRAS:+ (with $EXTRAS)} — a minute or two the first time"
  # uv (Astral's installer, from PyPI) fetches and installs the packages in parallel, a minute
  # faster than pip on a fresh machine; pip does it where uv cannot be had
  if quietly .venv/bin/python -m pip install "uv>=0.5,<1"; then
    quietly .venv/bin/python -m uv pip install --python .venv/bin/python -e ".${EXTRAS:+[$EXTRAS]}"
  else
    quietly .venv/bin/python -m pip install -e ".${EXTRAS:+[$EXTRAS]}"
  fi
  echo "$want" > "$stamp"
fi
for po in companion/translations/*/LC_MESSAGES/messages.po; do
  if [ ! -f "${po%.po}.mo" ] || [ "$po" -nt "${po%.po}.mo" ]; then
    say "Compiling the translations"
    quietly .venv/bin/pybabel compile -d companion/translations -D messages
    break
  fi
done
mkdir -p instance
