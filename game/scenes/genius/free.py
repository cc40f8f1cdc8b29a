"""Free mode of the Genius scene: click seven cells for the blockers; the engine says at once
whether the board can be solved and why not; then play it.

`FreeBoard` is the state (pygame-free): the blockers placed by hand and the engine's verdict;
`FreeMode` is the scene's part that takes the clicks and keys and asks the engine.
"""
from __future__ import annotations

from game.play.match import Match
from game.puzzles.genius.puzzle import job_reason
from solver.genius.board import SIZE, mask
from solver.genius.search import bare_reason_cells
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


class FreeMode:
    """The Genius scene's free mode: placing blockers by hand."""

    def enter_free(self) -> None:
        self.cancel_job()
        self.free = FreeBoard()
        self.held = None
        self.race = None
        self.status = "Click seven cells for the blockers"
        self.on_resize()

    def toggle_blocker(self, cell: int) -> None:
        if not self.free.toggle(cell):
            self.app.toasts.show("Seven blockers already: click one to take it away", 2.5)
            return
        if self.free.full:
            self.check_free()
        else:
            self.status = f"{len(self.free.blockers)} of 7 blockers"
        self.refresh_buttons()

    def check_free(self) -> None:
        free, board = self.free, self.free.start()

        def done(reason):
            if free is not self.free or board.blockers != frozenset(free.blockers):
                return
            free.verdict = reason or ""
            free.reason_cells = bare_reason_cells(mask(free.blockers)) if reason else frozenset()
            self.status = "Solvable: press Play" if not reason else f"Unsolvable: {reason}"
            if reason:
                self.app.toasts.show(self.status, 4, self.app.palette.illegal)

        self.run_job("Checking the board", job_reason, board.notation(), done)

    def play_free(self) -> None:
        if not self.free.full:
            return
        self._begin(Match(self.free.start(), meta={"dice": "free", "dice_name": "free", "assisted": False}))
        self.on_resize()

    def free_key(self, name: str | None) -> bool:
        if self.cursor_key(name):
            return True
        if name == "place":
            self.toggle_blocker(self.cursor[0] * SIZE + self.cursor[1])
            return True
        if name in ("help", "new", "copy", "load"):
            return self.do(name)
        return False
