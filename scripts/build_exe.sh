#!/usr/bin/env bash
# Build the one-file executable dist/squarewise from this checkout with build.spec.
# Uses the project's venv (.venv, or $PYTHON); installs PyInstaller into it if missing.
# The same script on Linux, macOS and Windows (Git Bash): .github/workflows/release.yml.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
PYTHON=${PYTHON:-$(venv_python .venv)}
if ! "$PYTHON" -c "import PyInstaller" 2>/dev/null; then
    "$PYTHON" -m pip install -q 'pyinstaller>=6'
fi
start=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN build.spec
echo "built $(ls dist/squarewise* | tr '\n' ' ')in $(( $(date +%s) - start )) s"
