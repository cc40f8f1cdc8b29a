"""The Genius Square in words: its pieces as the player sees them, its hints, the engine's
reasons with every piece said that way, and its part of the key table (game/play/key_words.py)."""
from __future__ import annotations

import re

from game.play.hints import HintStep, capital
from game.play.key_words import PuzzleKeys
from solver.grid import cell_name

KEYS = PuzzleKeys(frozenset({"flip", "edit_dice", "solutions"}), {
    "numbers": ("1 .. 9", "select a piece of the tray"),
    "mouse": ("Mouse", "drag pieces; click a placed one to turn it; wheel rotates; right button flips")})

#: what a Genius piece looks like, in words (solver.genius.pieces names, tray order)
SHAPES = {"1": "single square", "2": "domino", "3-I": "short bar", "3-L": "corner", "4-I": "long bar",
          "4-L": "L", "4-T": "T", "4-S": "S", "4-O": "square"}


def piece_words(piece: str, number: int, colour: str | None = None) -> str:
    """A Genius piece as the player sees it: its colour (when the palette names colours), its
    shape and its tray number, e.g. 'the teal long bar (5)' or 'the long bar (5)'."""
    return f"the {colour + ' ' if colour else ''}{SHAPES[piece]} ({number})"


def hint_text(hint: HintStep, name=None) -> str:
    """The words of a Genius hint (a solver.genius.position.Move: piece, cells); `name(piece)`
    says a piece as the player sees it (by default its engine name)."""
    piece, cells = hint.move.piece, sorted(hint.move.cells)
    said = name(piece) if name else f"the {piece}"
    if hint.step == 0:
        return f"Place {said} next"
    if hint.step == 1:
        return f"{capital(said)} covers {cell_name(cells[0])}"
    return f"{capital(said)} goes on {' '.join(cell_name(c) for c in cells)}"


def reason_words(reason: str, name) -> str:
    """The engine's reason against a Genius move with every piece said as the player sees it
    (`name(piece)`): 'overlaps 3-L at E2' -> 'overlaps the orange corner (4) at E2'.

    >>> reason_words("overlaps 3-L at E2", lambda p: f"the piece {p}")
    'overlaps the piece 3-L at E2'
    >>> reason_words("on a blocker at B3", str)
    'on a blocker at B3'
    """
    return re.sub(r"^overlaps (\S+) at|^(\S+)(?= is (?:already|not) )",
                  lambda m: f"overlaps {name(m[1])} at" if m[1] else name(m[2]), reason)
