#!/usr/bin/env bash
# Install a wheel into a fresh venv outside the checkout and smoke-test what it installed:
#
#   scripts/smoke_wheel.sh dist/squarewise-*.whl
#
# The venv lives in a temporary folder and the program runs from another one, so nothing
# from this checkout can be imported instead (checked: squarewise_assets and solver must come
# from the venv). Then the same checks as the executable (scripts/smoke_exe.sh) run on the
# venv's `squarewise` console script. $BASE_PYTHON makes the venv (default python3).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
if [ $# != 1 ] || [ ! -f "$1" ]; then echo "usage: scripts/smoke_wheel.sh WHEEL"; exit 2; fi
WHEEL=$(absolute "$1")
BASE_PYTHON=${BASE_PYTHON:-python3}
VENV=$(mktemp -d)
trap 'rm -rf "$VENV"' EXIT
start=$(date +%s)
"$BASE_PYTHON" -m venv "$VENV"
VPY=$(venv_python "$VENV")
"$VPY" -m pip install -q "$WHEEL"
echo "installed $(basename "$WHEEL") into a fresh venv in $(( $(date +%s) - start )) s"
(cd "$VENV" && "$VPY" -I - <<'PY')
import pathlib, sys
import solver, squarewise_assets
from solver.assets import asset_path

venv = pathlib.Path(sys.prefix).resolve()
for module in (solver, squarewise_assets):
    where = pathlib.Path(module.__file__).resolve()
    assert venv in where.parents, f"{module.__name__} imported from {where}, not the venv {venv}"
assert asset_path("themes", "base.json").is_file()
print(f"ok   the venv's own packages: assets at {asset_path()}")
PY
scripts/smoke_exe.sh "$(venv_program "$VENV")"
