#!/usr/bin/env bash
# Smoke-test a built squarewise program: the frozen executable (default dist/squarewise, or
# dist/squarewise-cli.exe on Windows), or any other path, such as the console script of a
# wheel installed into a fresh venv (scripts/smoke_wheel.sh).
#
#   scripts/smoke_exe.sh [PROGRAM]          COLD_RUNS=5 scripts/smoke_exe.sh   (median cold start)
#
# RUN_WITH names a program that starts PROGRAM (scripts/wine_run.sh for a Windows build under
# Wine: scripts/smoke_windows.sh).
# Runs the program from an empty folder, with a throw-away data folder and no PYTHONPATH, so
# nothing from the checkout can stand in for what is shipped. The checks' own Python
# ($PYTHON, default the checkout's .venv) only parses output; the Genius solution is checked
# by the independent validator tests/validate_genius.py. Prints the size and the cold start
# time; exits non-zero if any check fails. Runs on Linux, macOS (bash 3.2) and Git Bash.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
ROOT=$PWD
. scripts/lib.sh
DEFAULT=dist/squarewise
[ -f dist/squarewise-cli.exe ] && DEFAULT=dist/squarewise-cli.exe   # the windowed exe has no stdout
EXE=$(absolute "${1:-$DEFAULT}")
PYTHON=${PYTHON:-$ROOT/$(venv_python .venv)}
COLD_RUNS=${COLD_RUNS:-1}
RUN_WITH=${RUN_WITH:+$(absolute "$RUN_WITH")}
[ -x "$EXE" ] || { echo "smoke: no program at $EXE (run scripts/build_exe.sh)"; exit 1; }

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy SQUAREWISE_DATA_DIR=$WORK/data
unset PYTHONPATH PYTHONHOME
failed=0

LIMIT=$(command -v timeout || command -v gtimeout || true)   # none on a bare macOS: no limit
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failed=$((failed + 1)); }

# run NAME TIMEOUT ARGS...: run the exe in $WORK; leaves $WORK/NAME.out, .err and .rc
run() {
    local name=$1 limit=$2
    shift 2
    (cd "$WORK" && ${LIMIT:+"$LIMIT" "$limit"} ${RUN_WITH:+"$RUN_WITH"} "$EXE" "$@" >"$name.out" 2>"$name.err"
     echo $? >"$name.rc")
}
rc() { cat "$WORK/$1.rc"; }

# 0. The version, from solver/__init__.py (the one place it is written).
run version 30 --version
want="squarewise $("$PYTHON" -c 'import solver; print(solver.__version__)' | tr -d '\r')"   # Windows ends lines with CR LF
if [ "$(rc version)" = 0 ] && [ "$(tr -d '\r' <"$WORK/version.out")" = "$want" ]; then
    ok "--version: $want"
else
    fail "--version (exit $(rc version)): '$(cat "$WORK/version.out")', want '$want' $(tail -n 3 "$WORK/version.err")"
fi

# 1. Genius solve: a valid tiling of the 29 free cells, by the independent validator.
run solve 60 genius solve A6 E1 A1 A4 A2 D5 B4 --json
if [ "$(rc solve)" = 0 ] && "$PYTHON" - "$WORK/solve.out" <<'EOF'; then
import json, sys
sys.path.insert(0, ".")
from tests.validate_genius import check_solution

doc = json.load(open(sys.argv[1]))
cell = lambda name: (ord(name[0]) - ord("A")) * 6 + int(name[1:]) - 1   # any fixed 6x6 numbering
blockers = {cell(c) for c in "A6 E1 A1 A4 A2 D5 B4".split()}
assert doc["solvable"] is True, doc
assert {cell(c) for c in doc["blockers"]} == blockers, doc["blockers"]
placed = {piece: [cell(c) for c in cells] for piece, cells in doc["solution"].items()}
assert sum(len(cells) for cells in placed.values()) == 29
check_solution(blockers, placed)
EOF
    ok "genius solve --json: a valid solution covering the 29 free cells"
else
    fail "genius solve --json (exit $(rc solve)): $(tail -n 3 "$WORK/solve.err" "$WORK/solve.out")"
fi

# 2. MacMahon count on 2 x 12. Every cell of a two-row board is on the border, so the 6
#    tiles with no white edge have nowhere to go: the answer must be 0 solutions.
run count 60 macmahon count --rows 2 --cols 12 --json
if [ "$(rc count)" = 0 ] && "$PYTHON" - "$WORK/count.out" <<'EOF'; then
import json, sys
doc = json.load(open(sys.argv[1]))
assert (doc["rows"], doc["cols"], doc["colours"]) == (2, 12, 3), doc
assert doc["solutions"] == 0 and doc["classes"] == 0, doc
EOF
    ok "macmahon count --rows 2 --cols 12 --json answers (0 solutions)"
else
    fail "macmahon count (exit $(rc count)): $(tail -n 3 "$WORK/count.err" "$WORK/count.out")"
fi

# 3. Bundled data: MacMahon solve answers from the shipped class table (assets/macmahon),
#    checked by tests/validate_macmahon.py; a seeded roll uses the bundled default dice.
run msolve 60 macmahon solve --json
if [ "$(rc msolve)" = 0 ] && "$PYTHON" - "$WORK/msolve.out" <<'EOF'; then
import json, sys
sys.path.insert(0, ".")
from tests.validate_macmahon import problems

doc = json.load(open(sys.argv[1]))
assert doc["solvable"] is True and (doc["rows"], doc["cols"]) == (4, 6), doc
assert not problems(doc["cells"], doc["colours"]), problems(doc["cells"], doc["colours"])
EOF
    ok "macmahon solve --json: a valid 4 x 6 board"
else
    fail "macmahon solve --json (exit $(rc msolve)): $(tail -n 3 "$WORK/msolve.err" "$WORK/msolve.out")"
fi
run roll 60 genius roll --seed 7 --json
if [ "$(rc roll)" = 0 ] && "$PYTHON" - "$WORK/roll.out" "$ROOT/assets/dice/default.json" <<'EOF'; then
import json, sys
from itertools import permutations

doc = json.load(open(sys.argv[1]))
dice = json.load(open(sys.argv[2]))["dice"]
blockers = doc["blockers"]
assert doc["dice"] == "default" and doc["seed"] == 7 and len(set(blockers)) == 7, doc
assert any(all(b in die for b, die in zip(order, dice)) for order in permutations(blockers)), \
    f"{blockers} is not one face of each default die"
EOF
    ok "genius roll --seed 7 --json: one face of each bundled default die"
else
    fail "genius roll --seed 7 --json (exit $(rc roll)): $(tail -n 3 "$WORK/roll.err" "$WORK/roll.out")"
fi

# 3b. make-dice reads the shipped census cache and proves its dice by solving every roll.
run dice 180 genius make-dice --seed 1 --out made-dice.json
if [ "$(rc dice)" = 0 ] && grep -q "rolls verified solvable" "$WORK/dice.out" \
    && "$PYTHON" - "$WORK/made-dice.json" <<'EOF'; then
import json, sys
doc = json.load(open(sys.argv[1]))
assert len(doc["dice"]) == 7 and all(len(die) == 6 for die in doc["dice"]), doc
EOF
    ok "genius make-dice --seed 1: $(grep -o "all [0-9]* rolls verified solvable.*" "$WORK/dice.out")"
else
    fail "genius make-dice --seed 1 (exit $(rc dice)): $(tail -n 3 "$WORK/dice.err" "$WORK/dice.out")"
fi

# 4. Worker processes inside the frozen binary: verify a small dice set (the first three
#    distinct faces of each default die: 2 x 3^6 = 1458 rolls, two chunks) on 2 processes.
"$PYTHON" - "$ROOT/assets/dice/default.json" "$WORK/small-dice.json" <<'EOF'
import json, sys
dice = json.load(open(sys.argv[1]))["dice"]
small = [list(dict.fromkeys(die))[:3] for die in dice]
json.dump({"name": "smoke", "dice": small}, open(sys.argv[2], "w"))
EOF
run verify 120 genius verify-dice small-dice.json --jobs 2 --json
if [[ "$(rc verify)" =~ ^[01]$ ]] && "$PYTHON" - "$WORK/verify.out" "$WORK/small-dice.json" <<'EOF'; then
import json, math, sys
doc = json.load(open(sys.argv[1]))
dice = json.load(open(sys.argv[2]))["dice"]
assert doc["rolls"] == math.prod(len(set(die)) for die in dice), doc
assert doc["unsolvable"] == len(doc["unsolvable_rolls"]), doc
EOF
    ok "genius verify-dice --jobs 2 (a pool of worker processes)"
else
    fail "genius verify-dice --jobs 2 (exit $(rc verify)): $(tail -n 3 "$WORK/verify.err" "$WORK/verify.out")"
fi

# 5. Bad dice files: exit 2, one line on stderr, no traceback.
echo '{"name": "bad", "dice": [["A6"]]}' >"$WORK/bad-count.json"
echo '{"name": "bad", "dice": [' >"$WORK/bad-syntax.json"
for bad in bad-count bad-syntax; do
    run "$bad" 30 genius roll --dice "$bad.json"
    lines=$(wc -l <"$WORK/$bad.err" | tr -d ' ')   # macOS pads the count
    if [ "$(rc "$bad")" = 2 ] && [ "$lines" = 1 ] && ! grep -q Traceback "$WORK/$bad.err"; then
        ok "bad dice file ($bad): exit 2, one line: $(cat "$WORK/$bad.err")"
    else
        fail "bad dice file ($bad): exit $(rc "$bad"), $lines stderr lines: $(head -n 3 "$WORK/$bad.err")"
    fi
done

# 6. The window under the dummy video driver: real frames for 3 s, exit 0. Also the cold
#    start: wall time from exec to the "first frame" line, unpacking of the one-file
#    bundle included (COLD_RUNS more short runs give a median).
if "$PYTHON" - "$EXE" "$WORK" "$COLD_RUNS" "${RUN_WITH:-}" <<'EOF'; then
import statistics, subprocess, sys, time

exe, work, extra, run_with = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]


def start(seconds):
    """(exit code, wall seconds to the first-frame line, the game's own figure, stdout lines).

    The game's figure ("first frame: X s after start") counts from the import of game.app,
    so the difference is the unpacking and Python's start-up before it.
    """
    t0 = time.perf_counter()
    proc = subprocess.Popen([run_with] * bool(run_with) + [exe, "--smoke-test", str(seconds)], cwd=work, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first, own, lines = None, None, []
    for line in proc.stdout:
        if first is None and line.startswith("first frame"):
            first = time.perf_counter() - t0
            own = float(line.split(":")[1].split()[0])
        lines.append(line.strip())
    err = proc.stderr.read()
    code = proc.wait(timeout=60)
    if code != 0 or first is None:
        print(f"  exit {code}; stdout: {lines[-3:]}; stderr: {err.strip().splitlines()[-3:]}")
    return code, first, own, lines


code, first, own, lines = start(3)
if code != 0 or first is None or not any(l.startswith("frames:") for l in lines):
    sys.exit(1)
frames = next(l for l in lines if l.startswith("frames:"))
print(f"  --smoke-test 3: {frames}; cold start to first frame {first:.2f} s")
if extra > 1:
    walls, owns = [first], [own]
    for _ in range(extra - 1):
        code, wall, own, _ = start(0.2)
        if code != 0 or wall is None:
            sys.exit(1)
        walls.append(wall)
        owns.append(own)
    print(f"  cold start to first frame over {len(walls)} runs: median {statistics.median(walls):.2f} s "
          f"(min {min(walls):.2f}, max {max(walls):.2f}); of which after importing game.app: "
          f"median {statistics.median(owns):.2f} s")
EOF
    ok "--smoke-test 3 under SDL_VIDEODRIVER=dummy exits 0"
else
    fail "--smoke-test 3 under SDL_VIDEODRIVER=dummy"
fi

# 7. Linux: the desktop entry it installs passes desktop-file-validate (if installed).
if [ "$(uname -s)" = Linux ] && [ "${EXE%.exe}" = "$EXE" ]; then
    (cd "$WORK" && XDG_DATA_HOME="$WORK/share" XDG_CONFIG_HOME="$WORK/config" "$EXE" --install-desktop >desktop.out 2>&1; echo $? >desktop.rc)
    entry=$WORK/share/applications/squarewise.desktop
    if [ "$(rc desktop)" = 0 ] && grep -qx "Exec=$EXE %u" "$entry" \
        && grep -qx "x-scheme-handler/squarewise=squarewise.desktop" "$WORK/config/mimeapps.list" \
        && [ -f "$WORK/share/icons/hicolor/256x256/apps/squarewise.png" ] \
        && { ! command -v desktop-file-validate >/dev/null || desktop-file-validate "$entry"; }; then
        ok "--install-desktop: entry, icons and the invites' handler$(command -v desktop-file-validate >/dev/null && echo ', desktop-file-validate passes')"
    else
        fail "--install-desktop (exit $(rc desktop)): $(tail -n 3 "$WORK/desktop.out")"
    fi
fi

# 8. The race server with its standings database (sqlite3 shipped): `serve` on a free port
#    says its URL, `standings` asks it (an empty day: total 0), SIGTERM stops it with exit 0
#    (under Wine, scripts/wine_run.sh hands it over as Ctrl+C). (Not in Git Bash on Windows,
#    which cannot send the frozen program a SIGTERM.)
case "$(uname -s)" in MINGW* | MSYS* | CYGWIN*) ;; *)
    (cd "$WORK" && exec ${RUN_WITH:+"$RUN_WITH"} "$EXE" serve --port 0 --db "$WORK/standings.sqlite3" >serve.out 2>serve.err) &
    serving=$!
    url=""
    for _ in $(seq 100); do                  # at most 20 s for its first line
        url=$(grep -o 'ws://[^ ]*' "$WORK/serve.out" 2>/dev/null | head -n 1)
        [ -n "$url" ] && break
        sleep 0.2
    done
    if [ -n "$url" ]; then
        run standings 60 standings --server "$url" --json
        run standings_mm 60 standings --server "$url" --puzzle macmahon --days 7
    fi
    kill -TERM "$serving" 2>/dev/null
    wait "$serving"; served=$?
    if [ -n "$url" ] && [ "$(rc standings)" = 0 ] && [ "$(rc standings_mm)" = 0 ] && [ "$served" = 0 ] \
        && [ -s "$WORK/standings.sqlite3" ] && "$PYTHON" - "$WORK/standings.out" <<'EOF'; then
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["puzzle"] == "genius" and doc["total"] == 0 and doc["rows"] == [], doc
EOF
        ok "serve (at $url) and standings: the database made, an empty day, stopped by SIGTERM"
    else
        fail "serve and standings (url '$url', serve exit $served): $(tail -n 3 "$WORK/serve.err" "$WORK/standings.err" 2>/dev/null)"
    fi
    ;;
esac

size=$(stat -c %s "$EXE" 2>/dev/null || stat -f %z "$EXE")
echo "size: $(awk -v b="$size" 'BEGIN { printf "%.1f MB (%d bytes)", b / 1e6, b }') $EXE"
if [ "$failed" -gt 0 ]; then
    echo "smoke: $failed check(s) failed"
    exit 1
fi
echo "smoke: all checks passed"
