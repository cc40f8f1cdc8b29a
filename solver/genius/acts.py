"""The Genius Square's moves as a hand makes them (solver/acts.py; the fair-play floor of a
ranked run, game/net/fair.py): a piece taken from the tray, moved, turned where it lies or
taken back, the fewest turn keys each needs, and its keystrokes on the game's keyboard (a
number picks a piece up, a placed one bringing the cursor to it; the turns; an arrow a square;
Enter, or Backspace to take it back)."""
from __future__ import annotations

from functools import lru_cache

from ..acts import Act
from .board import SIZE
from .pieces import flip, orientation_of, turn
from .position import Move


class PieceAct(Act):
    POINT_BITS = 1.42
    DRAG_BITS = 1.43

    def keys(self, cursor: frozenset[int] | None) -> int:
        steps = {"place": self.steps(cursor, self.cells), "move": self.steps(self.was, self.cells),
                 "turn": 0, "back": 0}
        return 2 + self.turns + steps[self.kind]        # pick, turns, arrows, Enter (or Backspace)


@lru_cache(maxsize=None)
def _turns(piece: str, start: int, end: int) -> int:
    """The fewest turn and flip keys (R, Q, F) that take a piece from one orientation to another."""
    seen, frontier, steps = {start}, [start], 0
    while end not in seen:
        frontier = [n for o in frontier for n in (turn(piece, o), turn(piece, turn(piece, turn(piece, o))),
                                                  flip(piece, o)) if n not in seen]
        seen.update(frontier)
        steps += 1
    return steps


def acts(start, moves: list[str]) -> list[PieceAct]:
    """The accepted moves (legal, in order, from `start`) as acts of a hand."""
    placed: dict[str, frozenset[int]] = {}
    tray: dict[str, int] = {}           # the way round each piece last went down (the tray keeps it)
    made = []
    for text in moves:
        if text.startswith("-"):
            piece = text[1:].strip().upper()
            was = placed.pop(piece)
            made.append(PieceAct("back", was, was, 0, piece, SIZE))
            continue
        move = Move.parse(text)
        piece, cells = move.piece, frozenset(move.cells)
        end = orientation_of(piece, cells)
        was = placed.get(piece, frozenset())
        if was:
            turns = _turns(piece, orientation_of(piece, was), end)
            kind = "turn" if was & cells and turns else "move"
        else:
            turns = min(_turns(piece, 0, end), _turns(piece, tray.get(piece, 0), end))
            kind = "place"
        tray[piece] = end
        placed[piece] = cells
        made.append(PieceAct(kind, cells, was, turns, piece, SIZE))
    return made
