"""Free mode's board (no pygame): the blockers placed by hand and the engine's verdict on them."""
from __future__ import annotations

from solver.genius.position import Position

BLOCKERS = 7


class FreeBoard:
    """Blockers placed by hand, and the engine's verdict on them (None: not asked yet;
    "": solvable; else why not)."""

    def __init__(self):
        self.blockers: set[int] = set()
        self.verdict: str | None = None
        self.reason_cells: frozenset[int] = frozenset()     # the cells the verdict is about

    @property
    def full(self) -> bool:
        return len(self.blockers) == BLOCKERS

    def toggle(self, cell: int) -> bool:
        """Put a blocker on `cell` or take it away; False if all seven are placed already."""
        if cell in self.blockers:
            self.blockers.discard(cell)
        elif len(self.blockers) < BLOCKERS:
            self.blockers.add(cell)
        else:
            return False
        self.verdict = None
        self.reason_cells = frozenset()
        return True

    def start(self) -> Position:
        """The bare board with these blockers."""
        return Position.from_blockers(sorted(self.blockers))

    def judge(self, reason: str | None, cells: frozenset[int]) -> None:
        """The engine's verdict on the seven blockers: why they cannot be solved (None: they can),
        and the cells that reason is about."""
        self.verdict = reason or ""
        self.reason_cells = cells
