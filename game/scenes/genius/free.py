"""Free mode of the Genius scene: click seven cells for the blockers; the engine says at once
whether the board can be solved and why not; then play it."""
from __future__ import annotations

from game.match import Match
from game.scenes.genius.jobs import job_reason
from solver.genius.board import SIZE
from solver.genius.position import Position



class FreeMode:
    """Placing blockers by hand."""

    def enter_free(self) -> None:
        self.cancel_job()
        self.mode = "free"
        self.free_blockers = set()
        self.free_verdict = None
        self.held = None
        self.race = None
        self.status = "Click seven cells for the blockers"
        self.on_resize()

    def toggle_blocker(self, cell: int) -> None:
        if cell in self.free_blockers:
            self.free_blockers.discard(cell)
        elif len(self.free_blockers) < 7:
            self.free_blockers.add(cell)
        else:
            self.app.toasts.show("Seven blockers already: click one to take it away", 2.5)
            return
        self.free_verdict = None
        if len(self.free_blockers) == 7:
            self.check_free()
        else:
            self.status = f"{len(self.free_blockers)} of 7 blockers"
        self.refresh_buttons()

    def check_free(self) -> None:
        board = Position.from_blockers(sorted(self.free_blockers))

        def done(reason):
            if board.blockers != frozenset(self.free_blockers):
                return
            self.free_verdict = reason or ""
            self.status = "Solvable: press Play" if not reason else f"Unsolvable: {reason}"
            if reason:
                self.app.toasts.show(self.status, 4, self.app.palette.illegal)

        self.run_job("Checking the board", job_reason, board.notation(), done)

    def play_free(self) -> None:
        if len(self.free_blockers) != 7:
            return
        start = Position.from_blockers(sorted(self.free_blockers))
        self._begin(Match(start, meta={"dice": "free", "dice_name": "free", "assisted": False}))
        self._count_stat("played")
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
