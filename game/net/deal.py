"""The boards of daily runs: the offline daily of a number, or a server's own deal of it.

The offline daily (solver/genius/daily.py, solver/macmahon/daily.py) is the same for everyone
and anyone can print it (`squarewise genius daily`), so a server deals its ranked runs from a
secret of its own (made at its first start, kept in its database, never sent): the same
function with the same level rules (the day's level word, the same draw of a roll of that level
or of a unique MacMahon puzzle with that many givens), fed by a stream of numbers drawn from
HMAC-SHA256(secret, "puzzle:number") instead of the day's public seed. A deal that comes out
as the offline daily itself, or as an image of it under the board's symmetries (a Genius roll
turned or mirrored, a MacMahon puzzle of the same solution class), is drawn again from the
same stream. So a ranked board is as hard as that day's offline one by the same rules, and
only someone holding the secret can make it before the server sends it.
"""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass

from solver import daily, rng
from solver.errors import IllegalMove, SquarewiseError
from solver.genius.board import SIZE
from solver.genius.daily import genius_daily
from solver.genius.moves import execute as genius_execute
from solver.genius.pieces import PIECES
from solver.genius.position import Position as GeniusPosition
from solver.macmahon.daily import macmahon_daily
from solver.macmahon.moves import FREE, execute as macmahon_execute
from solver.macmahon.position import Position as TilePosition
from solver.macmahon.symmetry import canonical

DRAWS = 16              # deals drawn at most before giving up (each is the offline one with odds under 1 in 100)


@dataclass(frozen=True)
class Board:
    """A day's puzzle as a run plays it: its start, how many pieces or tiles the player places,
    the cells of the given tiles (MacMahon), which no move may change, and whether it is the
    server's own deal (`dealt`) or the offline daily."""
    puzzle: str
    number: int
    level: str
    start: object                  # a solver.genius or solver.macmahon Position
    pieces: int
    givens: tuple[int, ...] = ()
    dealt: bool = False

    def execute(self, position, move: str):
        """The position after `move` (strict rules); SquarewiseError with the reason if refused."""
        if self.puzzle == "genius":
            return genius_execute(position, move)
        if move.endswith(FREE):
            raise IllegalMove("a daily run keeps the strict rules: colours must match (no '!' moves)")
        after = macmahon_execute(position, move)
        for cell in self.givens:
            if after.cells[cell] != self.start.cells[cell]:
                raise IllegalMove(f"the tile on {self.start.board.cell_name(cell)} is given")
        return after

    def load(self, notation: str):
        """The position written `notation`, checked to be one of this day's board; SquarewiseError if not."""
        if self.puzzle == "genius":
            position = GeniusPosition.parse(notation)
            if position.blockers != self.start.blockers:
                raise SquarewiseError("its blockers are not the day's")
            if position.givens != self.start.givens or any(position.placed[p] != self.start.placed[p]
                                                           for p in self.start.givens):
                raise SquarewiseError("its given pieces are not the day's")     # (a Sunday's One way)
            return position
        position = TilePosition.parse(notation)
        if position.board != self.start.board or any(position.cells[c] != self.start.cells[c] for c in self.givens):
            raise SquarewiseError("its board or given tiles are not the day's")
        return position


def stream(secret: bytes, puzzle: str, number: int):
    """The 64-bit numbers a server's deal of that puzzle and number is drawn from."""
    digest = hmac.new(secret, f"{puzzle}:{number}".encode(), hashlib.sha256).digest()
    return rng.stream(int.from_bytes(digest[:8], "big"))


def _images(cells) -> set[frozenset[int]]:
    """The blocker cells under the square's 8 symmetries (a turned or mirrored board is the same puzzle)."""
    out = set()
    for turns in range(4):
        for mirror in (False, True):
            moved = []
            for cell in cells:
                r, c = divmod(cell, SIZE)
                if mirror:
                    c = SIZE - 1 - c
                for _ in range(turns):
                    r, c = c, SIZE - 1 - r
                moved.append(r * SIZE + c)
            out.add(frozenset(moved))
    return out


def dealt_daily(puzzle: str, number: int, secret: bytes):
    """The server's deal of that daily (solver's GeniusDaily or MacMahonDaily: with its solution,
    for MacMahon): drawn again while it is the offline daily or an image of it."""
    day = daily.date_of(number)
    numbers = stream(secret, puzzle, number)
    if puzzle == "genius":
        public = _images(genius_daily(day).position.blockers)
        same = lambda made: frozenset(made.position.blockers) in public     # noqa: E731
        make = genius_daily
    else:
        public = canonical(macmahon_daily(day).solution)
        same = lambda made: canonical(made.solution) == public              # noqa: E731
        make = macmahon_daily
    for _ in range(DRAWS):
        made = make(day, numbers)
        if not same(made):
            return made
    raise SquarewiseError(f"no deal of {puzzle} #{number} apart from the offline daily in {DRAWS} draws")


def make_board(puzzle: str, number: int, secret: bytes | None = None) -> Board:
    """The daily puzzle of that number: the offline one, or with `secret` the server's own deal
    (slow for some Genius days: run it off the event loop)."""
    day = daily.date_of(number)
    if puzzle == "genius":
        made = genius_daily(day) if secret is None else dealt_daily(puzzle, number, secret)
        return Board(puzzle, number, daily.level(day), made.position, len(PIECES) - len(made.position.placed),
                     dealt=secret is not None)
    made = macmahon_daily(day) if secret is None else dealt_daily(puzzle, number, secret)
    givens = tuple(c for c, v in enumerate(made.puzzle.cells) if v is not None)
    return Board(puzzle, number, daily.level(day), made.puzzle, made.puzzle.board.size - len(givens), givens,
                 dealt=secret is not None)
