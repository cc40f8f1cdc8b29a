"""`squarewise --install-desktop`: Squarewise in a Linux desktop's application menu, and the
handler of its invites (`squarewise://HOST:PORT/CODE` links).

Copies the shipped entry (assets/desktop/squarewise.desktop) with its Exec= line pointing
at this very program (the PyInstaller executable, a pipx or venv console script, or
`python -m game`) and `%u` (the link clicked, if any), and the icons into the hicolor theme,
under $XDG_DATA_HOME (default ~/.local/share), as the freedesktop menu and icon-theme
specifications ask. The entry's `MimeType=x-scheme-handler/squarewise;` says it opens the
links, and $XDG_CONFIG_HOME/mimeapps.list (default ~/.config) names it their default handler
(every other line of that file kept); `update-desktop-database` refreshes the desktop's cache
when it is installed. It imports no pygame, so it runs headless like the CLI.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from solver.assets import asset_path
from solver.atomic import write_bytes_atomic
from solver.errors import SquarewiseError, one_line

ENTRY = "squarewise.desktop"
SCHEME_TYPE = "x-scheme-handler/squarewise"      # the invites' links (game/net/invite.py)
DEFAULTS = "[Default Applications]"              # mimeapps.list's section of default handlers
ICON_FILES = {48: "squarewise-48.png", 64: "squarewise.png", 128: "squarewise-128.png",
              256: "squarewise-256.png"}        # size -> file in assets/icons


def data_home() -> Path:
    """$XDG_DATA_HOME if set to an absolute path, else ~/.local/share (the spec's rule)."""
    return _xdg("XDG_DATA_HOME", Path(".local", "share"))


def config_home() -> Path:
    """$XDG_CONFIG_HOME if set to an absolute path, else ~/.config (the spec's rule)."""
    return _xdg("XDG_CONFIG_HOME", Path(".config"))


def _xdg(name: str, default: Path) -> Path:
    value = os.environ.get(name, "")
    return Path(value) if os.path.isabs(value) else Path.home() / default


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


def check_command(command: list[str]) -> None:
    """SquarewiseError if `command` cannot go in an Exec= line: a path in bytes that are not
    UTF-8 (a desktop entry is UTF-8 text) or with a control character such as a newline (a
    line of its own in the entry, which would then be invalid)."""
    for arg in command:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            raise SquarewiseError(f"the program's path '{arg}' is not UTF-8 text, which a desktop entry "
                                  "cannot hold; move Squarewise to a folder whose name is UTF-8") from None
        if not arg.isprintable():
            raise SquarewiseError(f"the program's path '{arg}' holds a control character (a newline?), "
                                  "which a desktop entry cannot hold; move Squarewise to another folder")


def entry_text(command: list[str]) -> str:
    """The shipped .desktop entry with Exec= set to `command` and the link opened, %u
    (SquarewiseError: check_command)."""
    check_command(command)
    text = asset_path("desktop", ENTRY).read_text(encoding="utf-8")
    line = "Exec=" + " ".join(exec_quote(arg) for arg in command) + " %u"
    return re.sub(r"^Exec=.*$", lambda _: line, text, count=1, flags=re.M)


def with_handler(text: str) -> str:
    """mimeapps.list's `text` with this entry the default handler of the invites' links (in
    its [Default Applications] section, made if missing; every other line kept)."""
    lines, entry = text.splitlines(), f"{SCHEME_TYPE}={ENTRY}"
    start = next((i for i, line in enumerate(lines) if line.strip() == DEFAULTS), None)
    if start is None:
        return "\n".join(lines + ([""] if lines and lines[-1].strip() else []) + [DEFAULTS, entry]) + "\n"
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip().startswith("[")), len(lines))
    kept = [line for line in lines[start + 1:end] if line.partition("=")[0].strip() != SCHEME_TYPE]
    return "\n".join(lines[:start + 1] + [entry] + kept + lines[end:]) + "\n"


def install(home: Path | None = None, command: list[str] | None = None, config: Path | None = None) -> list[Path]:
    """Write the entry, the icons and the links' default handler (mimeapps.list under
    `config`), each atomically (a file there before stays whole if anything fails); returns
    the files written. SquarewiseError before writing anything for a program path an entry
    cannot hold, or a mimeapps.list that is not UTF-8 text."""
    home = data_home() if home is None else home
    config = config_home() if config is None else config
    files = {home / "applications" / ENTRY: entry_text(program() if command is None else command).encode("utf-8")}
    handlers = config / "mimeapps.list"
    try:
        kept = handlers.read_text(encoding="utf-8") if handlers.exists() else ""
    except UnicodeDecodeError:
        raise SquarewiseError(f"{one_line(str(handlers))} is not UTF-8 text; it is left as it is") from None
    files[handlers] = with_handler(kept).encode("utf-8")
    for size, name in ICON_FILES.items():
        icon = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "squarewise.png"
        files[icon] = asset_path("icons", name).read_bytes()
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
    refresh(home / "applications")
    return list(files)


def refresh(applications: Path) -> None:
    """Have the desktop's cache of handlers read the entry (update-desktop-database, if there)."""
    tool = shutil.which("update-desktop-database")
    if tool is not None:
        try:
            subprocess.run([tool, str(applications)], capture_output=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            pass                 # the cache is the desktop's: mimeapps.list names the handler anyway


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
    except SquarewiseError as exc:
        print(f"squarewise: error: cannot install the desktop entry: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f" ({one_line(os.fsdecode(exc.filename))})" if exc.filename else ""
        print(f"squarewise: error: cannot install the desktop entry: {exc.strerror or exc}{where}", file=sys.stderr)
        return 2
    print("\n".join(f"wrote {one_line(str(path))}" for path in written))
    print("Squarewise is in the desktop's application menu (log out and in if it does not show yet), "
          "and opens squarewise:// invites.")
    return 0
