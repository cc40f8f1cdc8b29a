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
