# shellcheck shell=bash
# Sourced by the build and smoke scripts, so Linux, macOS (bash 3.2) and Windows (Git Bash)
# run the same steps. No arrays, no GNU-only options.

# venv_python DIR: the interpreter of the venv DIR (bin/ on Linux and macOS, Scripts/ on Windows).
venv_python() {
    if [ -x "$1/Scripts/python.exe" ]; then echo "$1/Scripts/python.exe"; else echo "$1/bin/python"; fi
}

# venv_program DIR: the venv's `squarewise` console script.
venv_program() {
    if [ -x "$1/Scripts/squarewise.exe" ]; then echo "$1/Scripts/squarewise.exe"; else echo "$1/bin/squarewise"; fi
}

# absolute PATH: PATH made absolute (macOS before 13 has no realpath).
absolute() {
    (cd "$(dirname "$1")" && echo "$PWD/$(basename "$1")")
}

# The Windows build under Wine (scripts/build_windows.sh, scripts/smoke_windows.sh); Linux only.

# windows_cache: the folder the Wine build keeps everything in (downloads, the Wine prefix, the
# Windows Python, the executables), outside the checkout; $SQUAREWISE_WINDOWS_CACHE moves it.
windows_cache() {
    echo "${SQUAREWISE_WINDOWS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/squarewise-windows}"
}

# wine_program: Wine's 64-bit loader ($WINE, or Debian's wine64 in /usr/lib/wine), or nothing.
wine_program() {
    if [ -n "${WINE:-}" ]; then echo "$WINE"; return; fi
    command -v wine64 || command -v wine || { [ -x /usr/lib/wine/wine64 ] && echo /usr/lib/wine/wine64; } || true
}

# wine_setup CACHE: every Wine command's environment (the cache's own prefix, no debug lines,
# no Mono or Gecko installer dialogs, nothing written to the desktop's menus); sets $WINE and
# $WINESERVER, and makes the prefix once (wineboot, about 15 s). Exits 3 with one line if
# there is no Wine.
wine_setup() {
    WINE=$(wine_program)
    if [ -z "$WINE" ] || [ ! -x "$WINE" ]; then
        echo "$(basename "$0"): no Wine here (Debian: apt-get install wine64)" >&2
        exit 3
    fi
    WINESERVER=$(dirname "$WINE")/wineserver
    [ -x "$WINESERVER" ] || WINESERVER=$(command -v wineserver || echo wineserver)
    export WINE WINESERVER WINEPREFIX="$1/prefix" WINEDEBUG=-all \
        WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
        mkdir -p "$1"
        if ! { "$WINE" wineboot -i 2>&1 </dev/null; echo "exit $?"; } | cat >"$1/wineboot.log" \
            || [ "$(tail -n 1 "$1/wineboot.log")" != "exit 0" ]; then
            echo "$(basename "$0"): wineboot failed: $(tail -n 3 "$1/wineboot.log")" >&2
            exit 1
        fi
    fi
}

# windows_path PATH: the name Windows programs under Wine know PATH by (drive Z: is /).
windows_path() {
    local path=$1
    case "$path" in /*) ;; *) path=$PWD/$path ;; esac
    printf 'Z:%s\n' "${path//\//\\}"
}
