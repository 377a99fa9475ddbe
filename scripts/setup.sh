# Sourced by ./run.sh and ./test.sh: a virtual environment in .venv, installed on first use and
# again whenever pyproject.toml changes, and the translations compiled.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON=${PYTHON:-$(command -v python3.11 || command -v python3)}
EXTRAS=${1:-}
stamp=".venv/.installed${EXTRAS:+-$EXTRAS}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".${EXTRAS:+[$EXTRAS]}"
  echo "$want" > "$stamp"
fi
.venv/bin/pybabel compile --statistics -d companion/translations -D messages >/dev/null
mkdir -p instance
