"""The boards of daily runs: the offline daily of a number, or a server's own deal of it.

The offline daily (each puzzle's engine: `daily(day)`) is the same for everyone and anyone can
print it (`squarewise genius daily`), so a server deals its ranked runs from a secret of its
own (made at its first start, kept in its database, never sent): the same function with the
same level rules (the day's level word, the same draw of a roll of that level or of a unique
MacMahon puzzle with that many givens), fed by a stream of numbers drawn from
HMAC-SHA256(secret, "puzzle:number") instead of the day's public seed. A deal that comes out
as the offline daily itself, or as an image of it under the board's symmetries (the engine's
`same_deal`: a Genius roll turned or mirrored, a MacMahon puzzle of the same solution class),
is drawn again from the same stream. So a ranked board is as hard as that day's offline one by
the same rules, and only someone holding the secret can make it before the server sends it.
"""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from solver import daily, rng
from solver.daily import Day
from solver.errors import SquarewiseError
from solver.puzzles import get

DRAWS = 16              # deals drawn at most before giving up (each is the offline one with odds under 1 in 100)


@dataclass(frozen=True)
class Board:
    """A day's puzzle as a run plays it: its start (what it gives stays put: no move changes
    it), how many pieces or tiles the player places, and whether it is the server's own deal
    (`dealt`) or the offline daily."""
    puzzle: str
    number: int
    level: str
    start: object                  # the puzzle's Position
    pieces: int
    dealt: bool = False

    def execute(self, position, move: str):
        """The position after `move` (strict rules); SquarewiseError with the reason if refused."""
        return get(self.puzzle).run_move(position, move)

    def load(self, notation: str):
        """The position written `notation`, checked to be one of this day's board; SquarewiseError if not."""
        return get(self.puzzle).run_position(self.start, notation)


def stream(secret: bytes, puzzle: str, number: int):
    """The 64-bit numbers a server's deal of that puzzle and number is drawn from."""
    digest = hmac.new(secret, f"{puzzle}:{number}".encode(), hashlib.sha256).digest()
    return rng.stream(int.from_bytes(digest[:8], "big"))


def dealt_daily(puzzle: str, number: int, secret: bytes) -> Day:
    """The server's deal of that daily: drawn again while it is the offline daily or an image of it."""
    engine, day = get(puzzle), daily.date_of(number)
    public = engine.daily(day)
    numbers = stream(secret, puzzle, number)
    for _ in range(DRAWS):
        made = engine.daily(day, numbers)
        if not engine.same_deal(made, public):
            return made
    raise SquarewiseError(f"no deal of {puzzle} #{number} apart from the offline daily in {DRAWS} draws")


def make_board(puzzle: str, number: int, secret: bytes | None = None) -> Board:
    """The daily puzzle of that number: the offline one, or with `secret` the server's own deal
    (slow for some days: run it off the event loop)."""
    engine, day = get(puzzle), daily.date_of(number)
    made = engine.daily(day) if secret is None else dealt_daily(puzzle, number, secret)
    return Board(puzzle, number, daily.level(day), made.start, engine.to_place(made.start), dealt=secret is not None)
