"""Hints that escalate, Tatham-style (issue 11 item 6): first which piece or tile to place
next, then where, then how it is turned. Pygame-free: the scenes draw a `Hint`, and each
puzzle's hand says it in words (game/puzzles/<name>/words.py).

The engine's hint for a position (a puzzle's `Move`: the `move` of game.play.puzzle.Hint) is
asked once; asking again on the same position climbs one step with the same move, and any
change of the position starts again at the first step. Every step is a hint used: the scene
counts it (match.meta["hints"]) and the game is then marked assisted in the statistics
(game/records.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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


def capital(words: str) -> str:
    """`words` with a capital first letter (a piece's words opening a line)."""
    return words[:1].upper() + words[1:]


def hints_note(count: int) -> str:
    """What the clock line adds for the hints used: '' for none, ' · 1 hint', ' · 2 hints'."""
    return f" · {count} hint{'s' if count != 1 else ''}" if count else ""
