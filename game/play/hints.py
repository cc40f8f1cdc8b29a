"""Hints that escalate, Tatham-style (issue 11 item 6): first which piece or tile to place
next, then where, then how it is turned. Pygame-free: the scenes draw a `Hint`.

The engine's hint for a position (a Genius or MacMahon `Move`: the `move` of game.play.puzzle.Hint)
is asked once; asking again on the same position climbs one step with the same move, and any
change of the position starts again at the first step. Every step is a hint used: the scene counts it (match.meta["hints"]) and
the game is then marked assisted in the statistics (game/records.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from solver.grid import cell_name

STEPS = ("which", "where", "how")


@dataclass(frozen=True)
class HintStep:
    """One step of a hint about one position. `move` is the engine's hint, unchanged;
    `step` is 0 (which), 1 (where) or 2 (how: the whole move)."""
    position: str          # the position's notation when the hint was asked
    move: Any
    step: int

    @property
    def stage(self) -> str:
        return STEPS[self.step]

    @property
    def complete(self) -> bool:
        """True at the last step: nothing more to tell."""
        return self.step == len(STEPS) - 1


def escalate(previous: HintStep | None, position: str, move) -> HintStep:
    """The next hint: one step up from `previous` if it is about the same position (the last
    step repeats), else the first step with the engine's `move`."""
    if still_fresh(previous, position):
        return HintStep(position, previous.move, min(previous.step + 1, len(STEPS) - 1))
    return HintStep(position, move, 0)


def still_fresh(previous: HintStep | None, position: str) -> bool:
    """True if `previous` is about `position`, so the next step needs no engine call."""
    return previous is not None and previous.position == position


#: what a Genius piece looks like, in words (solver.genius.pieces names, tray order)
SHAPES = {"1": "single square", "2": "domino", "3-I": "short bar", "3-L": "corner", "4-I": "long bar",
          "4-L": "L", "4-T": "T", "4-S": "S", "4-O": "square"}


def piece_words(piece: str, number: int, colour: str | None = None) -> str:
    """A Genius piece as the player sees it: its colour (when the palette names colours), its
    shape and its tray number, e.g. 'the teal long bar (5)' or 'the long bar (5)'."""
    return f"the {colour + ' ' if colour else ''}{SHAPES[piece]} ({number})"


def capital(words: str) -> str:
    """`words` with a capital first letter (a piece's words opening a line)."""
    return words[:1].upper() + words[1:]


def genius_text(hint: HintStep, name=None) -> str:
    """The words of a Genius hint (a solver.genius.position.Move: piece, cells); `name(piece)`
    says a piece as the player sees it (by default its engine name)."""
    piece, cells = hint.move.piece, sorted(hint.move.cells)
    said = name(piece) if name else f"the {piece}"
    if hint.step == 0:
        return f"Place {said} next"
    if hint.step == 1:
        return f"{capital(said)} covers {cell_name(cells[0])}"
    return f"{capital(said)} goes on {' '.join(cell_name(c) for c in cells)}"


def macmahon_text(hint: HintStep, cols: int = 6) -> str:
    """The words of a MacMahon hint (a solver.macmahon.position.Move: tile 0-based, rotation,
    cell) on a board `cols` wide."""
    tile, rotation, cell = hint.move.tile, hint.move.rotation, hint.move.cell
    if hint.step == 0:
        return f"Place tile {tile + 1} next"
    where = cell_name(cell, cols)
    if hint.step == 1:
        return f"Tile {tile + 1} goes on {where}"
    turns = ("as it lies in the tray", "turned a quarter clockwise", "turned half round",
             "turned a quarter anticlockwise")[rotation]
    return f"Tile {tile + 1} goes on {where}, {turns}"


def hint_text(hint: HintStep, cols: int = 6) -> str:
    """The words of a hint of either puzzle, told by its move (a Genius move names a piece)."""
    return genius_text(hint) if hasattr(hint.move, "piece") else macmahon_text(hint, cols)


def hints_note(count: int) -> str:
    """What the clock line adds for the hints used: '' for none, ' · 1 hint', ' · 2 hints'."""
    return f" · {count} hint{'s' if count != 1 else ''}" if count else ""


def genius_reason(reason: str, name) -> str:
    """The engine's reason against a Genius move with every piece said as the player sees it
    (`name(piece)`): 'overlaps 3-L at E2' -> 'overlaps the orange corner (4) at E2'.

    >>> genius_reason("overlaps 3-L at E2", lambda p: f"the piece {p}")
    'overlaps the piece 3-L at E2'
    >>> genius_reason("on a blocker at B3", str)
    'on a blocker at B3'
    """
    return re.sub(r"^overlaps (\S+) at|^(\S+)(?= is (?:already|not) )",
                  lambda m: f"overlaps {name(m[1])} at" if m[1] else name(m[2]), reason)
