"""`squarewise`: with no arguments the game window, with a subcommand the headless solver.

The solver path never imports pygame, so it runs on machines with no display; nor do
`--version` and `--install-desktop` (game/desktop.py).
"""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from solver.cli_common import guard_stdout
    argv = sys.argv[1:] if argv is None else argv
    return guard_stdout(lambda: _start(argv), needs_stdout=not _opens_the_window(argv))


def _opens_the_window(argv: list[str]) -> bool:
    """True for the game window, which needs no stdout (a windowed Windows executable has none)."""
    return not (argv[:1] in (["--version"], ["--install-desktop"], ["-h"], ["--help"]) or _subcommand(argv))


def _subcommand(argv: list[str]) -> bool:
    """A first argument that names a subcommand (not an option, nor an invite the desktop opens)."""
    from game.net.invite import is_invite
    return bool(argv) and not argv[0].startswith("-") and not is_invite(argv[0])


def _start(argv: list[str]) -> int:
    if argv[:1] == ["--version"]:
        from solver import __version__
        print(f"squarewise {__version__}")
        return 0
    if argv[:1] == ["--install-desktop"]:
        from game.desktop import main as install_desktop
        return install_desktop(argv[1:])
    if argv and argv[0] in ("-h", "--help"):
        from game.options import print_help
        print_help()
        return 0
    if argv[:1] == ["serve"]:
        from game.net.serve import main as serve   # the race server: no pygame either
        return serve(argv[1:])
    if _subcommand(argv):
        from solver.cli import main as cli_main
        return cli_main(argv)
    from game.app import run
    return run(argv)


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()  # a spawned worker of the frozen program starts here
    sys.exit(main())
