"""The game window's command-line options (`squarewise [--size WxH] [--genius [ID]] [--macmahon [ID]]
[--join INVITE] [--smoke-test S]`: one option a puzzle of the engine's list, straight to its game,
or `squarewise squarewise://HOST:PORT/CODE`, as a desktop opens an invite).

Kept apart from game/app.py so that `squarewise --help` can list them next to the solver's
subcommands without importing pygame. A mistake is one line and exit 2, as in the CLI.
"""
from __future__ import annotations

import argparse
import math

from solver import puzzles
from solver.cli_common import PROG, OneLineParser
from solver.errors import SquarewiseError

MAX_SIDE = 16384            # pixels: the largest window side SDL accepts on common drivers
MAX_SMOKE_SECONDS = 3600.0


def _size(text: str) -> tuple[int, int]:
    """'1280x800' -> (1280, 800); each side 1..MAX_SIDE pixels (the window never goes below its minimum)."""
    w, sep, h = text.lower().partition("x")
    if not sep or not all(0 < len(s) <= 5 and s.isascii() and s.isdigit() for s in (w, h)) \
            or not (1 <= int(w) <= MAX_SIDE and 1 <= int(h) <= MAX_SIDE):
        raise argparse.ArgumentTypeError(f"wants WxH with sides 1..{MAX_SIDE}, like 1280x800, not '{text}'")
    return int(w), int(h)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_SMOKE_SECONDS:
        raise argparse.ArgumentTypeError(f"wants a number of seconds, 0 < S <= {MAX_SMOKE_SECONDS:g}, not '{text}'")
    return value


def _invite(text: str) -> str:
    """An invite (or HOST:PORT/CODE) that names a room, kept as typed; the error in one line."""
    from game.net.invite import parse_invite          # (not for --help: it needs no network code)
    try:
        parse_invite(text)
    except SquarewiseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def add_game_options(parser) -> None:
    """The game window's options, on `parser` or on an argument group of the top-level help."""
    parser.add_argument("--size", metavar="WxH", type=_size, help="window size, e.g. 1280x800")
    for engine in puzzles.PUZZLES:
        parser.add_argument(f"--{engine.name}", metavar="GAME_ID", nargs="?", const="",
                            help=f"go straight to {engine.title} (optionally playing GAME_ID)")
    parser.add_argument("--join", metavar="INVITE", type=_invite,
                        help="open the window straight into a race room: squarewise://HOST:PORT/CODE "
                             "(an invite) or HOST:PORT/CODE")
    parser.add_argument("--smoke-test", type=_seconds, metavar="SECONDS",
                        help=f"open the window, show the title and a new {puzzles.PUZZLES[0].short} game for "
                             "SECONDS, print the time to the first frame and exit 0")


def parse(argv: list[str]) -> argparse.Namespace:
    """The game's options; SquarewiseError (one line) on a mistake. An invite alone
    (`squarewise squarewise://...`, as a desktop opens a link) is `--join` with it."""
    from game.net.invite import is_invite
    if argv[:1] and is_invite(argv[0]):
        argv = ["--join", *argv]
    parser = OneLineParser(prog=PROG, description="Squarewise: the game window.")
    add_game_options(parser)
    return parser.parse_args(argv)


def print_help() -> None:
    """`squarewise --help`: the game window's options and the solver's subcommands."""
    from solver.cli import build_parser
    parser = build_parser({"serve": f"The race server for {puzzles.racing().title}, and the daily standings "
                                    f"({PROG} serve --help)"})
    straight = " ".join(f"[--{engine.name} [GAME_ID]]" for engine in puzzles.PUZZLES)
    parser.usage = f"{PROG} [--size WxH] {straight} [--join INVITE] [--smoke-test SECONDS]\n" \
                   f"       {PROG} PUZZLE COMMAND ... (the headless solver; {PROG} PUZZLE --help)\n" \
                   f"       {PROG} serve [--host ADDR] [--port N] (the race server; {PROG} serve --help)\n" \
                   f"       {PROG} standings --server URL [--puzzle P] [--daily N] [--group CODE] [--json] " \
                   f"(a race server's standings)\n" \
                   f"       {PROG} --version | --install-desktop"
    parser.description += " With no PUZZLE it opens the game window; with one it runs the headless solver."
    add_game_options(parser.add_argument_group("game window options (no PUZZLE)"))
    other = parser.add_argument_group("other options (each alone)")
    other.add_argument("--version", action="store_true", help="print the version and exit")
    other.add_argument("--install-desktop", action="store_true",
                       help="add Squarewise to a Linux desktop's application menu (the entry and its icons "
                            "under ~/.local/share), make it open squarewise:// invites, and exit")
    parser.print_help()
