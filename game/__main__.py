"""`squarewise`: with no arguments the game window, with a subcommand the headless solver.

The solver path never imports pygame, so it runs on machines with no display.
"""
from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and (not argv[0].startswith("-") or argv[0] in ("-h", "--help")):
        from solver.cli import main as cli_main
        return cli_main(argv)
    from game.app import run
    return run(argv)


if __name__ == "__main__":
    import multiprocessing
    multiprocessing.freeze_support()  # a spawned worker of the frozen program starts here
    sys.exit(main())
