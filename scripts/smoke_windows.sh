#!/usr/bin/env bash
# Smoke-test the Windows executables from scripts/build_windows.sh on Linux, under Wine:
#
#   scripts/smoke_windows.sh [DIST]      (default: the build's folder, $(windows_cache)/dist)
#
# 1. Every check of scripts/smoke_exe.sh on squarewise-cli.exe, started through
#    scripts/wine_run.sh (output through pipes; its SIGTERM reaches the program as Ctrl+C):
#    the CLI's answers, the first frame (SDL's dummy driver), the worker pools, bad input,
#    `serve` with a database and `standings`.
# 2. The executables' headers: squarewise.exe is a windowed program, squarewise-cli.exe a
#    console one, both with the version.
# 3. Real windows under Xvfb (Wine's X11 driver), with the player's data folder
#    (%LOCALAPPDATA%\squarewise, in the prefix): the windowed squarewise.exe shows the
#    title; a second Squarewise on the same folder is told that
#    another one is using it (the data folder's lock, msvcrt on Windows) and stops on Ctrl+C
#    with exit 130; Ctrl+Q quits the first; squarewise.exe --genius GAME_ID shows the game and
#    keeps it at Ctrl+Q; squarewise-cli.exe --genius resumes that same game and keeps it when
#    Ctrl+C stops it. Screenshots of the title and of the game go to $SHOTS (default
#    $(windows_cache)/screenshots) as windows-title.png and windows-game.png.
# 4. Nothing is left in Windows' temporary folder (PyInstaller's _MEI folders).
#
# Needs Wine, Xvfb and xdotool (Debian: apt-get install wine64 xvfb xdotool), and Pillow in
# the checkout's venv ($PYTHON) for the screenshots; exits 3 if one is missing. Uses its own
# X display (a free one, or $XVFB_DISPLAY). Exits non-zero if any check fails.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
ROOT=$PWD
. scripts/lib.sh
CACHE=$(windows_cache)
DIST=$(absolute "${1:-$CACHE/dist}")
SHOTS=${SHOTS:-$CACHE/screenshots}
PYTHON=${PYTHON:-$ROOT/$(venv_python .venv)}
RUN=$ROOT/scripts/wine_run.sh
GAME_ID="A1A2A4A6B4D5E1/4-I:A3B3C3D3/4-O:B1B2C1C2"     # a roll with two pieces laid
wine_setup "$CACHE"
for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null || { echo "smoke_windows: no $tool here (Debian: apt-get install xvfb xdotool)"; exit 3; }
done
"$PYTHON" -c "import PIL.ImageGrab" 2>/dev/null \
    || { echo "smoke_windows: no Pillow in $PYTHON for the screenshots (pip install -e '.[docs]')"; exit 3; }
for exe in squarewise.exe squarewise-cli.exe; do
    [ -f "$DIST/$exe" ] || { echo "smoke_windows: no $DIST/$exe (run scripts/build_windows.sh)"; exit 1; }
done

WORK=$(mktemp -d)
xvfb=""
cleanup() {
    "$WINESERVER" -k 2>/dev/null           # whatever is left in this prefix, ours alone
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
failed=0
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }
temps() { find "$WINEPREFIX/drive_c/users" -maxdepth 6 -name '_MEI*' 2>/dev/null | wc -l | tr -d ' '; }
temps_before=$(temps)

# 1. The same checks as the Linux executable's.
start=$(date +%s)
RUN_WITH=$RUN scripts/smoke_exe.sh "$DIST/squarewise-cli.exe" || failed=$((failed + 1))
echo "  (scripts/smoke_exe.sh under Wine: $(( $(date +%s) - start )) s)"

# 2. The headers: the PE subsystem (2 windowed, 3 console) and the version resource.
if "$PYTHON" - "$DIST" "$("$PYTHON" -c 'import solver; print(solver.__version__)')" <<'EOF'; then
import struct, sys
from pathlib import Path

dist, version = Path(sys.argv[1]), sys.argv[2]
for name, want in (("squarewise.exe", 2), ("squarewise-cli.exe", 3)):
    data = (dist / name).read_bytes()
    pe = struct.unpack_from("<I", data, 0x3C)[0]
    assert data[pe:pe + 4] == b"PE\0\0", name
    subsystem = struct.unpack_from("<H", data, pe + 24 + 68)[0]
    assert subsystem == want, f"{name}: subsystem {subsystem}, want {want}"
    assert "ProductVersion\0".encode("utf-16-le") in data and version.encode("utf-16-le") in data, name
EOF
    ok "squarewise.exe is windowed, squarewise-cli.exe a console program; both carry the version"
else
    fail "the executables' headers"
fi

# 3. Real windows under Xvfb.
if [ -n "${XVFB_DISPLAY:-}" ]; then
    Xvfb "$XVFB_DISPLAY" -screen 0 1280x800x24 -nolisten tcp 2>"$WORK/xvfb.log" &
    xvfb=$!
    export DISPLAY=$XVFB_DISPLAY
else
    Xvfb -displayfd 5 -screen 0 1280x800x24 -nolisten tcp 5>"$WORK/display" 2>"$WORK/xvfb.log" &
    xvfb=$!
    for _ in $(seq 100); do [ -s "$WORK/display" ] && break; sleep 0.1; done
    DISPLAY=":$(cat "$WORK/display")"
    export DISPLAY
fi
for _ in $(seq 100); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done
xdotool mousemove 0 0                  # the pointer off the windows (no button lit by it)
# The player's own data folder, as platformdirs finds it on Windows (%LOCALAPPDATA%\squarewise),
# in this prefix's user folder; emptied first (an earlier run's games).
DATA=$WINEPREFIX/drive_c/users/$(id -un)/AppData/Local/squarewise
rm -rf "$DATA"
mkdir -p "$SHOTS"
unset SQUAREWISE_DATA_DIR SDL_VIDEODRIVER
export SDL_AUDIODRIVER=dummy

# launch NAME EXE ARGS...: the exe under Wine in $WORK, in the background; sets $launched.
launch() {
    local name=$1 exe=$2
    shift 2
    (cd "$WORK" && exec "$RUN" "$DIST/$exe" "$@" >"$name.out" 2>"$name.err") &
    launched=$!
}
# windows: the ids of the game's windows on the screen.
windows() { xdotool search --onlyvisible --name '^Squarewise' 2>/dev/null | sort; }
# new_window BEFORE: the id of a window not in BEFORE, once it shows (at most 90 s), or
# nothing (at once if the program $launched has ended).
new_window() {
    for _ in $(seq 450); do
        comm -13 <(echo "$1") <(windows) | grep . | head -n 1 && return
        kill -0 "$launched" 2>/dev/null || return
        sleep 0.2
    done
}
# shoot WINDOW FILE: a screenshot of WINDOW once it has drawn (many colours, and the same
# picture twice in a row), into FILE; fails after 60 s.
shoot() {
    local X Y WIDTH HEIGHT
    eval "$(xdotool getwindowgeometry --shell "$1" | grep -E '^(X|Y|WIDTH|HEIGHT)=')"
    "$PYTHON" - "$X" "$Y" "$WIDTH" "$HEIGHT" "$2" <<'EOF'
import os, sys, time
from PIL import ImageChops, ImageGrab

x, y, w, h = map(int, sys.argv[1:5])
last, end = None, time.monotonic() + 60
while time.monotonic() < end:
    shot = ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=os.environ["DISPLAY"])
    if len(shot.getcolors(1 << 16) or range(1 << 16)) >= 16 and last is not None \
            and ImageChops.difference(shot, last).getbbox() is None:
        shot.save(sys.argv[5])
        sys.exit(0)
    last = shot
    time.sleep(0.3)
sys.exit(1)
EOF
}
# settled PID: waits until the program started by PID (scripts/wine_run.sh) has no worker
# process starting or running (at start the title works out today's dailies in one), at most
# 30 s. Ctrl+C that comes while a worker process is being created hangs the program under
# Wine 8.0 (docs/build.md), so the checks send it once that is over.
settled() {
    local group seen=""
    for _ in $(seq 150); do
        group=$(ps -o pid=,pgid= --ppid "$1" | awk '$1 == $2 { print $1 }')   # (not the pipes' cat)
        if [ -n "$group" ] && ps -eo pgid=,args= | awk -v g="$group" '$1 == g' | grep -q -- --multiprocessing-fork; then
            seen=yes
        elif [ -n "$seen" ]; then
            return
        fi
        sleep 0.2
    done
}
# press WINDOW KEYS: the keys typed into WINDOW (focused first; there is no window manager).
press() {
    timeout 10 xdotool windowfocus --sync "$1" >/dev/null 2>&1
    xdotool key --clearmodifiers "$2"
}
# ended PID SECONDS: sets $code to PID's exit code once it ends, or to "timeout" after
# SECONDS, when PID (scripts/wine_run.sh) is stopped: Ctrl+C, then 10 s later killed.
ended() {
    local tries=$(( $2 * 5 ))
    code=timeout
    while kill -0 "$1" 2>/dev/null; do
        tries=$((tries - 1))
        case $tries in 0 | -50) kill -TERM "$1" 2>/dev/null ;; esac
        sleep 0.2
    done
    wait "$1"
    local status=$?
    [ "$tries" -gt 0 ] && code=$status
}
# kept FIELD: a field of the kept Genius game (the autosave), or nothing.
kept() {
    "$PYTHON" -c 'import json, sys; d = json.load(open(sys.argv[1]))["data"]; print(d["meta"]["game"] if sys.argv[2] == "game" else d[sys.argv[2]])' \
        "$DATA/genius-autosave.json" "$1" 2>/dev/null
}

# 3a. The windowed exe shows the title.
launch title squarewise.exe
title_pid=$launched
title_window=$(new_window "")
if [ -n "$title_window" ] && shoot "$title_window" "$SHOTS/windows-title.png"; then
    ok "squarewise.exe opens its window: the title ($SHOTS/windows-title.png)"
else
    fail "squarewise.exe shows no title (window '$title_window'; $(kill -0 "$title_pid" 2>/dev/null || echo ended))"
fi

# 3b. A second Squarewise on the same data folder: told the folder is in use; Ctrl+C stops it.
launch second squarewise-cli.exe
second=$launched
second_window=$(new_window "$title_window")
told=""
for _ in $(seq 300); do
    grep -q "another Squarewise is using the data folder" "$WORK/second.err" 2>/dev/null && { told=yes; break; }
    kill -0 "$second" 2>/dev/null || break
    sleep 0.2
done
settled "$second"
kill -INT "$second" 2>/dev/null
ended "$second" 60
if [ -n "$told" ] && [ -n "$second_window" ] && [ "$code" = 130 ] && grep -q "squarewise: interrupted" "$WORK/second.err"; then
    ok "a second window on the same data folder: '$(grep -o "another Squarewise is using[^;]*" "$WORK/second.err")'; Ctrl+C: exit 130"
else
    fail "a second window on the same data folder (window '$second_window', exit $code): $(tail -n 3 "$WORK/second.err")"
fi

# 3c. Ctrl+Q quits the first (on the title: nothing to keep).
press "$title_window" ctrl+q
ended "$title_pid" 60
if [ "$code" = 0 ] && [ ! -e "$DATA/genius-autosave.json" ]; then
    ok "Ctrl+Q quits squarewise.exe (exit 0); no game kept by either"
else
    fail "Ctrl+Q on the title (exit $code; autosave there: $(ls "$DATA"))"
fi

# 3d. A game, kept at Ctrl+Q.
launch game squarewise.exe --genius "$GAME_ID"
game_pid=$launched
game_window=$(new_window "")
if [ -n "$game_window" ] && shoot "$game_window" "$SHOTS/windows-game.png"; then
    ok "squarewise.exe --genius GAME_ID shows the game ($SHOTS/windows-game.png)"
else
    fail "squarewise.exe --genius GAME_ID shows no game (window '$game_window')"
fi
press "$game_window" ctrl+q
ended "$game_pid" 60
game=$(kept game)
elapsed=$(kept elapsed)
if [ "$code" = 0 ] && [ "$(kept start)" = "$GAME_ID" ] && [ -n "$game" ]; then
    ok "Ctrl+Q keeps the game in progress in %LOCALAPPDATA%\\squarewise (exit 0; $elapsed s on its clock)"
else
    fail "the game kept at Ctrl+Q (exit $code; start '$(kept start)')"
fi

# 3e. The next start resumes it; Ctrl+C stops the game and keeps it.
launch resumed squarewise-cli.exe --genius
resumed=$launched
resumed_window=$(new_window "")
[ -n "$resumed_window" ] && shoot "$resumed_window" "$WORK/resumed.png"
settled "$resumed"
kill -INT "$resumed" 2>/dev/null
ended "$resumed" 60
if [ -n "$resumed_window" ] && [ "$code" = 130 ] && grep -q "squarewise: interrupted" "$WORK/resumed.err" \
    && [ -n "$game" ] && [ "$(kept game)" = "$game" ] && [ "$(kept start)" = "$GAME_ID" ] \
    && "$PYTHON" -c 'import sys; sys.exit(not float(sys.argv[2]) >= float(sys.argv[1]))' "$elapsed" "$(kept elapsed)"; then
    ok "the next start resumes the same game; Ctrl+C stops it (exit 130) and keeps it ($(kept elapsed) s on its clock)"
else
    fail "the game resumed at the next start (window '$resumed_window', exit $code; game '$(kept game)', was '$game'): $(tail -n 3 "$WORK/resumed.err")"
fi

# 4. PyInstaller's unpacked copies are all removed.
if [ "$(temps)" = "$temps_before" ]; then
    ok "no _MEI folder left in Windows' temporary folder"
else
    fail "_MEI folders left in Windows' temporary folder: $(temps) (were $temps_before)"
fi

for exe in squarewise.exe squarewise-cli.exe; do
    size=$(stat -c %s "$DIST/$exe")
    echo "size: $(awk -v b="$size" 'BEGIN { printf "%.1f MB", b / 1e6 }') $DIST/$exe"
done
if [ "$failed" -gt 0 ]; then
    echo "smoke_windows: $failed check(s) failed"
    exit 1
fi
echo "smoke_windows: all checks passed"
