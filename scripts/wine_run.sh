#!/usr/bin/env bash
# Run a Windows program under Wine as a Windows console would, for the smoke checks:
#
#   scripts/wine_run.sh PROGRAM.exe ARGS...        (WINE and WINEPREFIX from scripts/lib.sh's wine_setup)
#
# - Its standard output and error reach ours through pipes: a console program under Wine 8.0
#   whose output goes straight to a file dies at start ("can't initialize sys standard
#   streams: Invalid handle"). Its standard input is the null device.
# - It runs in a process group of its own, and a SIGTERM or SIGINT sent to this script reaches
#   that group as SIGINT, which Wine hands the program as Ctrl+C (CTRL_C_EVENT): a Windows
#   program has no SIGTERM, and Ctrl+C is how a console stops one. A PyInstaller one-file
#   program is two processes; the launcher ignores Ctrl+C and the program stops, as in a
#   Windows console.
# Exits with the program's exit code.
set -u
WINE=${WINE:?"wine_run: no WINE set (scripts/lib.sh's wine_setup sets it)"}
exec 3> >(cat)
out=$!
exec 4> >(cat >&2)
err=$!
setsid "$WINE" "$@" </dev/null >&3 2>&4 3>&- 4>&- &
program=$!
exec 3>&- 4>&-
asked=""
# shellcheck disable=SC2317   # (called by the trap)
stop() {            # the first stop is Ctrl+C; a second one kills the group
    if [ -z "$asked" ]; then asked=yes; kill -INT -- "-$program"; else kill -KILL -- "-$program"; fi 2>/dev/null
}
interrupted=""
trap 'interrupted=yes; stop' TERM INT
while true; do      # a trapped signal ends the wait early (128 + its number): wait again for the
    interrupted=""  # program's own status (bash keeps it if the program is gone meanwhile)
    wait "$program"
    code=$?
    if [ -z "$interrupted" ] || [ "$code" -le 128 ]; then break; fi
done
wait "$out" "$err" 2>/dev/null                   # every line passed on before we exit
exit "$code"
