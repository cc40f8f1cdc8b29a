"""Hints that escalate, Tatham-style (issue 11 item 6): first which piece or tile to place
next, then where, then how it is turned. Pygame-free: the scenes draw a `Hint`.

The engine's hint for a position (solver.genius.search.hint: a piece and its cells;
solver.macmahon.search.hint: tile, rotation, cell) is asked once; asking again on the same
position climbs one step with the same answer, and any change of the position starts again
at the first step. Every step is a hint used: the scene counts it (match.meta["hints"]) and
the game is then marked assisted in the statistics (game/records.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from solver.grid import cell_name

STEPS = ("which", "where", "how")


@dataclass(frozen=True)
class Hint:
    """One step of a hint about one position. `answer` is the engine's hint, unchanged;
    `step` is 0 (which), 1 (where) or 2 (how, the whole answer)."""
    position: str          # the position's notation when the hint was asked
    answer: tuple
    step: int

    @property
    def stage(self) -> str:
        return STEPS[self.step]

    @property
    def complete(self) -> bool:
        """True at the last step: nothing more to tell."""
        return self.step == len(STEPS) - 1


def escalate(previous: Hint | None, position: str, answer: tuple) -> Hint:
    """The next hint: one step up from `previous` if it is about the same position (the last
    step repeats), else the first step with `answer`."""
    if previous is not None and previous.position == position:
        return Hint(position, previous.answer, min(previous.step + 1, len(STEPS) - 1))
    return Hint(position, tuple(answer), 0)


def still_fresh(previous: Hint | None, position: str) -> bool:
    """True if `previous` is about `position`, so the next step needs no engine call."""
    return previous is not None and previous.position == position


def genius_text(hint: Hint) -> str:
    """The words of a Genius hint; the answer is (piece, cells)."""
    piece, cells = hint.answer
    cells = sorted(cells)
    if hint.step == 0:
        return f"Place the {piece} next"
    if hint.step == 1:
        return f"The {piece} covers {cell_name(cells[0])}"
    return f"The {piece} goes on {' '.join(cell_name(c) for c in cells)}"


def macmahon_text(hint: Hint, cols: int = 6) -> str:
    """The words of a MacMahon hint; the answer is (tile 0-based, rotation, cell)."""
    tile, rotation, cell = hint.answer
    if hint.step == 0:
        return f"Place tile {tile + 1} next"
    where = cell_name(cell, cols)
    if hint.step == 1:
        return f"Tile {tile + 1} goes on {where}"
    turns = ("as it lies in the tray", "turned a quarter clockwise", "turned half round",
             "turned a quarter anticlockwise")[rotation]
    return f"Tile {tile + 1} goes on {where}, {turns}"
