#!/usr/bin/env bash
# Build the sdist and the wheel into OUTDIR (default dist/) and check them:
#
#   scripts/build_dist.sh [OUTDIR]
#
# `python -m build` (sdist first, then the wheel from the unpacked sdist, so a file the sdist
# forgets breaks the wheel too), `twine check`, and a look inside: the wheel must carry the
# assets as squarewise_assets, the sdist the assets and the tests. Uses the project's venv
# (.venv, or $PYTHON) with the `build` extra.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
PYTHON=${PYTHON:-$(venv_python .venv)}
OUT=${1:-dist}
start=$(date +%s)
"$PYTHON" -m build --outdir "$OUT" . >"$OUT.build.log" 2>&1 || { tail -n 30 "$OUT.build.log"; exit 1; }
rm -f "$OUT.build.log"
"$PYTHON" -m twine check --strict "$OUT"/squarewise-*
"$PYTHON" - "$OUT" <<'PY'
import sys, tarfile, zipfile
from pathlib import Path

out = Path(sys.argv[1])
wheel, = out.glob("squarewise-*.whl")
sdist, = out.glob("squarewise-*.tar.gz")
in_wheel = set(zipfile.ZipFile(wheel).namelist())
in_sdist = {name.split("/", 1)[1] for name in tarfile.open(sdist).getnames() if "/" in name}
need_wheel = {"squarewise_assets/__init__.py", "squarewise_assets/themes/base.json",
              "squarewise_assets/census/unsolvable.npz", "squarewise_assets/macmahon/4x6x3.classes",
              "squarewise_assets/desktop/squarewise.desktop", "game/__main__.py", "solver/assets.py"}
need_sdist = {"assets/themes/base.json", "assets/census/unsolvable.npz", "tests/validate_genius.py",
              "tests/test_packaging.py", "build.spec", "setup.py", "scripts/build_exe.sh"}
missing = sorted(need_wheel - in_wheel) + sorted(need_sdist - in_sdist)
assert not missing, f"missing from the distributions: {missing}"
assert not any("__pycache__" in name for name in in_wheel | in_sdist), "bytecode in a distribution"
for path in (wheel, sdist):
    print(f"{path.name}: {path.stat().st_size / 1e6:.2f} MB")
PY
echo "built and checked $OUT in $(( $(date +%s) - start )) s"
