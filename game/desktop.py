"""`squarewise --install-desktop`: Squarewise in a Linux desktop's application menu.

Copies the shipped entry (assets/desktop/squarewise.desktop) with its Exec= line pointing
at this very program (the PyInstaller executable, a pipx or venv console script, or
`python -m game`), and the icons into the hicolor theme, under $XDG_DATA_HOME (default
~/.local/share), as the freedesktop menu and icon-theme specifications ask. It imports no
pygame, so it runs headless like the CLI.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

from solver.assets import asset_path

ENTRY = "squarewise.desktop"
ICON_FILES = {48: "squarewise-48.png", 64: "squarewise.png", 128: "squarewise-128.png",
              256: "squarewise-256.png"}        # size -> file in assets/icons


def data_home() -> Path:
    """$XDG_DATA_HOME if set to an absolute path, else ~/.local/share (the spec's rule)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if os.path.isabs(value) else Path.home() / ".local" / "share"


def exec_quote(arg: str) -> str:
    """One Exec= argument, quoted by the Desktop Entry rules (double quotes, not a shell's)."""
    arg = arg.replace("%", "%%")
    if re.fullmatch(r"[\w./+@:,%-]+", arg):
        return arg
    return '"' + re.sub(r'(["`$\\])', r"\\\1", arg) + '"'


def program() -> list[str]:
    """The command that starts this program again, with absolute paths."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    script = Path(sys.argv[0])
    if script.stem == "squarewise":        # a console script; a pipx symlink stays a symlink
        return [str(script.absolute())]
    return [sys.executable, "-m", "game"]


def entry_text(command: list[str]) -> str:
    """The shipped .desktop entry with Exec= set to `command`."""
    text = asset_path("desktop", ENTRY).read_text(encoding="utf-8")
    line = "Exec=" + " ".join(exec_quote(arg) for arg in command)
    return re.sub(r"^Exec=.*$", lambda _: line, text, count=1, flags=re.M)


def install(home: Path | None = None, command: list[str] | None = None) -> list[Path]:
    """Write the entry and the icons; returns the files written."""
    home = data_home() if home is None else home
    entry = home / "applications" / ENTRY
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(entry_text(program() if command is None else command), encoding="utf-8")
    written = [entry]
    for size, name in ICON_FILES.items():
        icon = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "squarewise.png"
        icon.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(asset_path("icons", name), icon)
        written.append(icon)
    return written


def main(argv: list[str]) -> int:
    """The `--install-desktop` option: exit 0 with the files listed, or 2 with one line."""
    if argv:
        print(f"squarewise: error: --install-desktop takes no arguments, got {' '.join(argv)}", file=sys.stderr)
        return 2
    if not sys.platform.startswith("linux"):
        print("squarewise: error: --install-desktop is for Linux desktops", file=sys.stderr)
        return 2
    try:
        written = install()
    except OSError as exc:
        print(f"squarewise: error: cannot install the desktop entry: {exc.strerror or exc}"
              f"{f' ({exc.filename})' if exc.filename else ''}", file=sys.stderr)
        return 2
    print("\n".join(f"wrote {path}" for path in written))
    print("Squarewise is in the desktop's application menu (log out and in if it does not show yet).")
    return 0
